"""Scattered (spec 9.2.5) on the real tile faces: two unconnected map sections (spec 3.5: no
LOS between them), the COG split, spawning by the section's COGs, each stage flip with its
back, Stage 3's door areas joined for movement, and the win."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.engine.session import Session
from game.gears.rules import missions as M
from game.gears.rules import movement as MV
from game.gears.rules import turn as T
from game.gears.rules.board_view import INF
from game.gears.rules.spawning import md
from game.gears.rules.title import GearsTitle

from tests.gears.test_missions import check, put


@pytest.fixture(scope="module")
def real():
    return GearsTitle()


def setup(real, players: int = 2, seed: int = 1, split: int = -1):
    """A Scattered game past setup: the COG split picked by index, other set-up questions by
    their first option; P1 to act in his Order Step."""
    s = real.new_game("scattered", seed, {"players": players})
    assert s.proc["pending"]["kind"] == "split_cogs"
    real.apply(s, real.legal_actions(s)[split])
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    return s


def to_order(s, player: str = "P1"):
    s.active = s.players.index(player)
    s.pending = {"stack": []}
    T.push(s, {"f": "order", "player": player})
    return s


def door_of_level(s, level: int) -> str:
    return next(d for d in s.doors if md(s)["door_from"].get(d) == level)


def test_split_options_half_the_cogs_three_players_one_or_two_spec_9_2_5():
    assert M.split_options(["P1", "P2"]) == [["P1"], ["P2"]]
    four = M.split_options(["P1", "P2", "P3", "P4"])
    assert len(four) == 6 and all(len(o) == 2 for o in four)
    three = M.split_options(["P1", "P2", "P3"])
    assert sorted(len(o) for o in three) == [1, 1, 1, 2, 2, 2]


def test_setup_builds_two_unconnected_sections_and_splits_the_cogs_spec_9_2_5(real):
    s = setup(real, players=4, seed=2, split=0)  # P1 and P2 start in level 2
    v = s.view()
    assert v.section_count == 2
    lv1 = set(real.content.missions["scattered"].levels[0].tiles)
    lv2 = set(real.content.missions["scattered"].levels[1].tiles)
    assert {p["tile"] for p in s.placements} == lv1 | lv2
    assert {v.sections[t] for t in lv1} == {0} and {v.sections[t] for t in lv2} == {1}
    assert v.section_of[s.cogs["P1"].area] == v.section_of[s.cogs["P2"].area] == 1
    assert v.section_of[s.cogs["P3"].area] == v.section_of[s.cogs["P4"].area] == 0
    assert s.cogs["P1"].area == v.section_entrance(1) and s.cogs["P3"].area == v.entrance_area
    # Unconnected: no movement or range path, and no LOS (spec 3.5 proposal, 11 item 14).
    a, b = s.cogs["P1"].area, s.cogs["P3"].area
    assert v.mdist(a, b) >= INF and v.rdist(a, b) >= INF
    assert not v.sees((a, None), (b, None))
    assert not MV.same_section(s, a, b) and MV.cogs_in_section(s, 1) == ["P1", "P2"]
    # No area of one section touches the other (placed apart, no overlap).
    for x in v.areas:
        assert all(v.section_of[y] == v.section_of[x] for y in v.move_adj[x])
    # Level 1's door leads to level 3; level 2's leads nowhere yet.
    assert md(s)["door_to"][door_of_level(s, 1)] == 2 and md(s)["door_to"][door_of_level(s, 2)] is None


def test_setup_spawns_by_the_cogs_in_each_section_spec_9_2_5(real):
    s = setup(real, players=3, seed=3, split=0)  # 1 COG in level 2, 2 COGs in level 1
    content = real.content
    v = s.view()
    for tile, sec in v.sections.items():
        n = len(MV.cogs_in_section(s, sec))
        holes = [h for h in s.holes if h.split(":")[0] == tile]
        on_tile = [x for x in s.locusts.values() if v.piece_of_area[x.area] == tile]
        # Each hole spawns the strip entry for that section's COG count (A/B/C -> figures;
        # Tickers take no cover and stay at the hole; nothing of this tile moved yet).
        assert len(on_tile) == len(holes) * len(content.locations[tile].spawn_for(n)), tile
    assert sorted(len(MV.cogs_in_section(s, k)) for k in (0, 1)) == [1, 2]


def test_ai_scope_is_the_active_players_section_spec_9_2_5(real):
    s = setup(real, players=2, seed=1)
    to_order(s, "P1")
    here, there = MV.active_section(s), 1 - MV.active_section(s)
    scoped = MV.locusts_in_ai_scope(s)
    assert scoped and all(MV.section_of(s, s.locusts[l].area) == here for l in scoped)
    others = [l for l, x in s.locusts.items() if MV.section_of(s, x.area) == there]
    assert others and not any(MV.locust_in_ai_scope(s, l) for l in others)


def test_stage_1_trying_level_1_door_explores_level_3_there_spec_9_2_5(real):
    s = to_order(setup(real, players=2, seed=1, split=-1))  # P2 in level 2, P1 in level 1
    lv2_door = door_of_level(s, 2)
    # Stage 1: the door at the end of level 2 cannot be explored.
    s.cogs["P2"].area = s.view().exits[lv2_door]
    assert "cannot be explored" in (__import__("game.gears.rules.explore", fromlist=["x"])
                                    .explore_refusal(s, "P2") or "")
    s.locusts.clear()
    door = door_of_level(s, 1)
    s.cogs["P1"].area = s.view().exits[door]
    real.apply(s, Action("explore", {}))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    assert s.stage == 1
    v = s.view()
    lv3 = real.content.missions["scattered"].levels[2].tiles
    placed = {p["tile"]: p["exit"] for p in s.placements}
    assert set(lv3) <= set(placed) and door in placed.values()
    assert all(v.sections[t] == 0 for t in lv3)  # attached to level 1: the same section
    assert door not in s.doors and door_of_level(s, 3) in s.doors  # the door at level 3's end
    # Spawned by the COGs on that section (1 here): every level-3 hole got strip entry 1.
    for t in lv3:
        holes = [h for h in s.holes if h.split(":")[0] == t]
        on = [x for x in s.locusts.values() if v.piece_of_area[x.area] == t]
        assert len(on) <= len(holes) * len(real.content.locations[t].spawn_for(1))


def _to_stage_2(real, s):
    door = door_of_level(s, 1)
    s.cogs["P1"].area = s.view().exits[door]
    real.apply(s, Action("explore", {}))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    assert s.stage == 1
    to_order(s, "P1")


def test_stage_2_trying_level_2_door_places_17b_and_grinders_spec_9_2_5(real):
    s = to_order(setup(real, players=2, seed=1))
    content = real.content
    _to_stage_2(real, s)
    s.locusts.clear()
    put(s, content, "boomer", s.cogs["P1"].area)
    door = door_of_level(s, 2)
    s.cogs["P2"].area = s.view().exits[door]
    to_order(s, "P2")
    real.apply(s, Action("explore", {}))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    assert s.stage == 2 and s.slots["C"] == "grinder"
    v = s.view()
    assert {"tile": "17B", "exit": door} in s.placements and v.sections["17B"] == 1
    assert not any(x.enemy == "boomer" for x in s.locusts.values())
    grinders = [x for x in s.locusts.values() if x.enemy == "grinder"]
    assert len(grinders) == 2 and all(v.piece_of_area[x.area] == "17B" for x in grinders)
    # Stage 3: door areas adjacent for movement, never for range or sight (spec 11 item 53).
    areas = sorted({v.exits[d] for d in s.doors})
    assert len(areas) == 2 and MV.section_of(s, areas[0]) != MV.section_of(s, areas[1])
    assert v.mdist(areas[0], areas[1]) == 1
    assert v.rdist(areas[0], areas[1]) >= INF and not v.sees((areas[0], None), (areas[1], None))
    # A COG can now walk from one section to the other through the doors.
    assert v.mdist(s.cogs["P1"].area, s.cogs["P2"].area) < INF


@pytest.mark.parametrize("players,stand_ins", [(4, 1), (3, 0)])
def test_stage_2_kantus_figures_stand_in_as_grinders_with_4_players_spec_9_2_5(real, players, stand_ins):
    """Spec 9.2.5 Stage 2 back: each player spawns 1 Grinder on 17B; in a 4-player game
    Kantus and Boomer figures may stand in as Grinders (3 Boomer figures for 4 Grinders).
    With fewer players the Boomer figures suffice and nothing stands in."""
    from game.gears.rules import names as N

    s = to_order(setup(real, players=players, seed=1))
    _to_stage_2(real, s)
    s.locusts.clear()
    door = door_of_level(s, 2)
    s.cogs["P2"].area = s.view().exits[door]
    to_order(s, "P2")
    real.apply(s, Action("explore", {}))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    assert s.stage == 2
    grinders = sorted(l for l, x in s.locusts.items() if x.enemy == "grinder")
    assert len(grinders) == players
    kantus = [l for l in grinders if l.startswith("kantus#")]
    assert len(kantus) == stand_ins
    names = {N.locust(s, l) for l in grinders}
    assert len(names) == len(grinders)  # a stand-in is never named like a Boomer-figure Grinder


def test_stage_3_wins_with_every_cog_on_17b_and_no_grinder_spec_9_2_5(real):
    s = to_order(setup(real, players=2, seed=1))
    content = real.content
    _to_stage_2(real, s)
    door = door_of_level(s, 2)
    s.cogs["P2"].area = s.view().exits[door]
    to_order(s, "P2")
    real.apply(s, Action("explore", {}))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    assert s.stage == 2
    v = s.view()
    on17 = [a for a in v.areas if v.piece_of_area[a] == "17B"]
    s.cogs["P1"].area = s.cogs["P2"].area = on17[0]
    check(s, content)
    assert s.outcome is None  # the Grinders are still in play
    for lid in [l for l, x in s.locusts.items() if x.enemy == "grinder"]:
        del s.locusts[lid]
    s.cogs["P2"].bleeding = True
    check(s, content)
    assert s.outcome is None  # a COG bleeding out
    s.cogs["P2"].bleeding = False
    check(s, content)
    assert s.outcome == "won"


def test_scattered_save_and_replay_reach_the_same_state_spec_12_3(real, tmp_path):
    from game.engine.session import load_session
    from game.gears.bots import RandomBot

    session = Session.start(real, "scattered", seed=4, options={"players": 3})
    bot = RandomBot(4)
    for _ in range(60):
        if session.is_over():
            break
        session.apply(bot.choose(session.legal_actions(), session.state))
    path = tmp_path / "scattered.json"
    session.save(path)
    loaded = load_session(path, real)
    assert loaded.state.state_hash() == session.state.state_hash()


def _drone_at(real, s, area: str) -> str:
    from game.gears.rules import wounds as W
    from game.gears.rules.state import LocustState

    fid = W.free_figure_id(s, real.content, "drone")
    s.locusts[fid] = LocustState(fid, "drone", area)
    return fid


def test_ai_card_without_its_type_in_the_active_section_is_redrawn_spec_9_2_5(real):
    """Stages 1-2: a Drone card with Drones only on the other section draws a new card."""
    from tests.gears.test_ai_cards import run

    s = to_order(setup(real, players=2, seed=1))
    here = MV.active_section(s)
    s.locusts.clear()
    _drone_at(real, s, s.view().section_entrance(1 - here))
    again, ev = run(s, real.content, "base:13")
    assert again is True
    assert any(e.payload.get("redraw") for e in ev if e.kind == "ai")
    assert not any(e.kind == "ai" and e.payload.get("figure") for e in ev)


def test_ai_card_activates_only_the_active_sections_locusts_spec_9_2_5(real):
    """Stages 1-2: with a Drone on each section, only the active player's section's acts."""
    from tests.gears.test_ai_cards import run

    s = to_order(setup(real, players=2, seed=1))
    here = MV.active_section(s)
    s.locusts.clear()
    near = _drone_at(real, s, s.view().section_entrance(here))
    far = _drone_at(real, s, s.view().section_entrance(1 - here))
    far_area = s.locusts[far].area
    again, ev = run(s, real.content, "base:12")
    assert again is False
    acted = {e.payload.get("figure") for e in ev if e.kind == "ai" and e.payload.get("figure")}
    assert acted == {near}
    assert s.locusts[far].area == far_area
    # Stage 3 has no such rule: both sections' Drones answer the card.
    s.stage = 2
    assert not MV.ai_scope_active(s)


def test_every_cog_of_one_section_bleeding_out_loses_while_the_sections_lie_apart_spec_9_2_5(real):
    """Proposed (docs/GEARS.md "Scattered"; spec 6.13 counts all COGs): in Stages 1-2 the
    sections are unconnected, so a section whose COGs all bleed out can never be revived (no
    COG can reach them, Locusts ignore them) and its objective can never be met: the mission is
    lost at once instead of the game going on for ever (issue 20: simulated games stalled)."""
    from tests.gears.conftest import resolve
    from game.gears.rules import wounds as W

    s = setup(real, players=4, seed=2, split=0)  # P1, P2 in level 2 (section 1); P3, P4 in level 1
    s.cogs["P1"].hand = []
    s.cogs["P2"].bleeding = True
    assert W.stranded_section(s) is None  # P1 still stands
    events = resolve(s, W.wound_cog, real.content, "P1", 1, "test")
    assert s.outcome == "lost"
    lost = [e for e in events if e.kind == "lost"]
    assert lost and "map section 2" in lost[0].text and lost[0].payload["section"] == 1
    # One COG of each section down: each section still has a COG to revive its partner.
    s = setup(real, players=4, seed=2, split=0)
    s.cogs["P1"].bleeding = s.cogs["P3"].bleeding = True
    assert W.stranded_section(s) is None


def test_in_stage_3_the_joined_sections_no_longer_lose_by_one_section(real):
    """Stage 3 joins the door areas (spec 9.2.5): a COG can reach the other side again, so only
    the standard loss (every COG bleeding out) applies."""
    from game.gears.rules import wounds as W

    s = setup(real, players=4, seed=2, split=0)
    s.stage = 2  # the third stage (0-based), whose rule joins the door areas
    from game.gears.rules.spawning import rules_named

    assert rules_named(s, "door_areas_adjacent")
    s.cogs["P1"].bleeding = s.cogs["P2"].bleeding = True
    assert W.stranded_section(s) is None
