"""Spawning, reserves and nests as scenarios (level7-escape.md 7.2, 7.6, 3.5, 11 #18, #21; seed p. 7,
12, 15), on maps of real tiles (tests/level7/enemy_maps.py)."""
from __future__ import annotations

from game.level7.content import shared_content
from game.level7.rules.enemies import (
    Character, Figure, Reserve, Situation, event_spawn, fear_spawn, nest_spawn, remove_figure, spawning_tokens,
    tile_limits,
)
from tests.level7.enemy_maps import build

C = shared_content()


def sit(tmap, figures, characters, active="Shona", pack=2, security=2, **kw) -> Situation:
    return Situation(tmap, tuple(figures), tuple(characters), active,
                     tile_limits({"security_number": security, "pack_limit": pack, "hybrid_limit": 1}), **kw)


def shona_map():
    #  A  x  S  B       A and B are Fear tiles; Shona on S
    return build({"A": ("T04", (0, 0)), "x": ("T40", (1, 0)), "S": ("T42", (2, 0)), "B": ("T29", (3, 0))},
                 doors="A-x x-S S-B")


def test_7_2_the_seeds_spawn_example_pack_limit_2_and_1():
    """Seed p. 12: pack limit 2 and one clone already in play on B; Shona's card has a clone spawn
    icon: she takes clone 2 from the reserve and puts it on B, the nearest Fear tile. With a pack
    limit of 1 the clone would go to A, since B already has a clone."""
    reserve = Reserve.of({"clone": 6}).without("clone", 1)
    shona = [Character("Shona", "S", 3, 0, 1)]
    plan = event_spawn(sit(shona_map(), [Figure("clone", 1, "B")], shona, pack=2), "clone", reserve)
    assert (plan.number, plan.options, plan.distance) == (2, ("B",), 1)
    assert "Clone 2 spawns on the nearest Fear tile with room: Observation Room; 1 move" in plan.text
    plan = event_spawn(sit(shona_map(), [Figure("clone", 1, "B")], shona, pack=1), "clone", reserve)
    assert (plan.number, plan.options, plan.distance) == (2, ("A",), 2)
    assert "Observation Room already at the limit" in plan.text


def test_7_2_a_guard_to_the_nearest_security_tile_lowest_number_first():
    """Seed p. 12: a guard icon puts the lowest-numbered guard of the reserve on the nearest
    Security tile (recurring Security counts); nothing spawns when no tile has room or the
    reserve is empty."""
    tmap = build({"S": ("T40", (0, 0)), "R": ("T23", (1, 0)), "Q": ("T42", (2, 0)), "P": ("T19", (3, 0))},
                 doors="S-R R-Q Q-P")
    shona = [Character("Shona", "S", 3, 0, 1)]
    reserve = Reserve.of({"guard": 4}).without("guard", 1)
    plan = event_spawn(sit(tmap, [], shona), "guard", reserve)
    assert (plan.number, plan.options) == (2, ("R",))
    full = [Figure("guard", 1, "R"), Figure("guard", 3, "R")]
    plan = event_spawn(sit(tmap, full, shona), "guard", reserve.without("guard", 3))
    assert (plan.number, plan.options) == (2, ("P",))
    plan = event_spawn(sit(tmap, full + [Figure("guard", 4, "P"), Figure("guard", 2, "P")], shona), "guard",
                       Reserve({"guard": ()}, {"guard": 4}))
    assert plan.number is None and plan.options == () and "reserve is empty" in plan.text
    plan = event_spawn(sit(tmap, full + [Figure("guard", 4, "P"), Figure("guard", 5, "P")], shona), "guard",
                       Reserve({"guard": (2,)}, {"guard": 6}))
    assert plan.number is None and "no Security tile has room" in plan.text


def test_7_2_only_guards_and_clones_have_spawn_sites():
    """Seed p. 12: a guard icon names Security tiles, a clone icon Fear tiles; nothing else."""
    import pytest
    with pytest.raises(ValueError, match="only for guards and clones"):
        event_spawn(sit(shona_map(), [], [Character("Shona", "S", 3, 0, 1)]), "hybrid", Reserve.of({"hybrid": 3}))


def test_7_2_tied_nearest_tiles_are_the_active_players_choice():
    """Spec 11 #21: tiles tied for nearest are options; the active player chooses."""
    tmap = build({"A": ("T04", (0, 0)), "S": ("T40", (1, 0)), "B": ("T29", (2, 0))}, doors="A-S S-B")
    plan = event_spawn(sit(tmap, [], [Character("Shona", "S", 3, 0, 1)]), "clone", Reserve.of({"clone": 6}))
    assert plan.options == ("A", "B") and plan.distance == 1 and "the active player chooses" in plan.text


def vent_map():
    #  S  P  F2        S: a vent tile; F1: a Fear vent tile joined to S by ducts through d only
    #  d
    #  F1
    return build({"S": ("T20", (0, 0)), "P": ("T40", (1, 0)), "F2": ("T29", (2, 0)), "d": ("T18", (0, 1)),
                  "F1": ("T06", (0, 2))}, doors="S-P P-F2", ducts="S-d d-F1")


def test_7_2_nearest_is_measured_in_the_spawning_kinds_graph():
    """Spec 11 #21: "nearest" is the shortest path from the active character's tile in the
    spawning kind's graph: for a clone F1 is 1 move away through the vent, F2 2 moves by doors. A
    sealed vent (spec 3.4 PLACEHOLDER) is no way for anybody."""
    shona = [Character("Shona", "S", 3, 0, 1)]
    s = sit(vent_map(), [], shona)
    assert s.distances("S", "guard").get("F1") is None  # guards have no vent moves
    plan = event_spawn(s, "clone", Reserve.of({"clone": 6}))
    assert (plan.options, plan.distance) == (("F1",), 1) and "by a clone's ways" in plan.text
    plan = event_spawn(sit(vent_map(), [], shona, sealed=frozenset({"F1"})), "clone", Reserve.of({"clone": 6}))
    assert plan.options == ("F2",)


def test_7_2_alien_zone_vent_tiles_count_as_fear_tiles():
    """Seed p. 7: in an Alien Zone, tiles with vents count as Fear tiles for clone spawns."""
    shona = [Character("Shona", "S", 3, 0, 1)]
    plan = event_spawn(sit(vent_map(), [], shona), "clone", Reserve.of({"clone": 6}), {"alien_zone": True})
    assert (plan.options, plan.distance) == (("S",), 0)


def test_7_2_fear_7_also_spawns_a_clone_at_the_nearest_vent():
    """Seed p. 12: with Fear 7 or more, the spawn step also puts a clone at the nearest vent."""
    reserve = Reserve.of({"clone": 6})
    assert fear_spawn(sit(vent_map(), [], [Character("Shona", "S", 6, 0, 1)]), reserve) is None
    plan = fear_spawn(sit(vent_map(), [], [Character("Shona", "P", 7, 0, 1)]), reserve)
    assert plan.source == "fear" and (plan.number, plan.options) == (1, ("S",))
    assert "Fear is 7 (at least 7)" in plan.text
    crowded = [Figure("clone", 1, "S"), Figure("clone", 2, "S")]
    plan = fear_spawn(sit(vent_map(), crowded, [Character("Shona", "P", 8, 0, 1)]), reserve.without("clone", 1)
                      .without("clone", 2))
    assert (plan.number, plan.options) == (3, ("F1",))


def test_7_2_military_zone_asks_for_the_bottom_tile_of_the_last_stack():
    """Seed p. 7: in a Military Zone, a guard with no valid Security tile comes on a tile drawn from
    the bottom of the last stack, joined as close to the active character as possible."""
    shona = [Character("Shona", "S", 3, 0, 1)]
    reserve = Reserve.of({"guard": 6})
    plan = event_spawn(sit(shona_map(), [], shona), "guard", reserve, {"military_zone": True})
    assert plan.number == 1 and plan.options == () and plan.request is not None
    assert (plan.request.stack, plan.request.end, plan.request.near) == ("last", "bottom", "S")
    assert event_spawn(sit(shona_map(), [], shona), "guard", reserve).request is None


def test_11_18_stunned_figures_leave_room_for_a_placement():
    """Spec 11 #18: stunned enemies do not count toward the limit when an enemy is placed."""
    plan = event_spawn(sit(shona_map(), [Figure("clone", 1, "B", stunned=True)], [Character("Shona", "S", 3, 0, 1)],
                           pack=1), "clone", Reserve.of({"clone": 6}).without("clone", 1))
    assert plan.options == ("B",)


def test_7_2_a_removed_figure_goes_back_to_its_reserve_or_to_the_box():
    """Seed p. 12: a removed enemy returns to its reserve unless it already holds the scenario's
    maximum; then it goes to the box."""
    reserve = Reserve.of({"guard": 4}).without("guard", 1).without("guard", 3)
    back = remove_figure(reserve, "guard", 3)
    assert back.to == "reserve" and back.reserve.figures["guard"] == (2, 3, 4)
    # a scenario's own placement put a fifth guard in play: the full reserve sends it to the box
    boxed = remove_figure(Reserve.of({"guard": 4}), "guard", 5)
    assert boxed.to == "box" and boxed.reserve.figures["guard"] == (1, 2, 3, 4)


def test_7_6_nests_and_posts_spawn_after_the_activations():
    """Seed p. 15: after all activations, each clone nest spawns a clone when the box called for
    clones (each guard post a guard for guards); not on a tile already at the limit; each takes
    the lowest-numbered figure; nothing once the reserve is empty."""
    assert spawning_tokens(("clone", "guard")) == ("clone nest", "guard post")
    assert spawning_tokens(("guard",)) == ("guard post",)
    shona = [Character("Shona", "S", 3, 0, 1)]
    s = sit(shona_map(), [Figure("clone", 1, "x"), Figure("clone", 2, "x")], shona)
    reserve = Reserve.of({"clone": 3}).without("clone", 1).without("clone", 2)
    plan = nest_spawn(s, "clone", ["A", "x", "B"], [], reserve)
    assert (plan.number, plan.options, plan.source) == (3, ("A", "B"), "clone nest")
    assert "Corridor 107 already at the limit" in plan.text and "the active player chooses" in plan.text
    placed = s.with_figures(s.figures + (Figure("clone", 3, "B"),))
    plan = nest_spawn(placed, "clone", ["A", "x", "B"], ["B"], reserve.without("clone", 3))
    assert plan.number is None and "reserve is empty" in plan.text
    plan = nest_spawn(placed, "clone", ["A", "x", "B"], ["A", "x", "B"], reserve.without("clone", 3))
    assert plan.number is None and plan.options == ()


def test_an_events_clone_at_the_nearest_vent():
    """Events that spawn a clone at the nearest vent (events.toml) use 7.2's vent rule whatever the
    active player's Fear."""
    from game.level7.rules.enemies import vent_spawn
    plan = vent_spawn(sit(vent_map(), [], [Character("Shona", "P", 3, 0, 1)]), Reserve.of({"clone": 6}))
    assert (plan.source, plan.number, plan.options) == ("event", 1, ("S",))
