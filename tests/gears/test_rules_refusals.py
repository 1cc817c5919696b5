"""Refusal reasons (why_illegal): each common illegal action is refused with a specific,
player-facing sentence that names the figures and cites the spec section it breaks."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action, IllegalAction
from game.gears.rules import turn as T
from game.gears.rules.movement import los
from game.gears.rules.refusals import why_illegal
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh


def refused(title, s, kind, **payload) -> str:
    before = s.state_hash()
    with pytest.raises(IllegalAction) as info:
        title.apply(s, Action(kind, payload))
    assert s.state_hash() == before  # a refusal changes nothing
    assert info.value.reason == why_illegal(s, Action(kind, payload))
    return info.value.reason


def act(title, s, kind, **payload):
    return title.apply(s, Action(kind, payload))


def _marcus(s):
    c = s.cogs["P1"]
    c.character, c.weapons, c.grenades = "marcus_fenix", [["lancer", 2], ["snub_pistol", 2]], 2
    c.hand = ["advance#1", "blind_fire#1", "assault#1"]
    return c


def test_attack_without_line_of_sight_names_the_figures_spec_3_5(title):
    s = fresh(title, 1)
    c = _marcus(s)
    view = s.view()
    a, b = next((a, b) for a in view.areas for b in view.areas if not los(view, (a, None), (b, None)))
    c.area = a
    s.locusts["drone#1"] = LocustState("drone#1", "drone", b)
    T.push(s, {"f": "attack", "player": "P1", "bonus": 0})
    why = refused(title, s, "attack", target="drone#1", weapon="lancer", mode="normal")
    assert why == "Marcus Fenix cannot attack Drone 1: a wall blocks every line of sight (spec 3.5)."


def test_cover_spot_taken_spec_3_3(title):
    s = fresh(title, 2)
    c, other = s.cogs["P1"], s.cogs["P2"]
    view = s.view()
    area = next(a for a in view.areas if len(view.cover_in.get(a, ())) >= 1)
    spot = view.cover_in[area][0]
    c.area = other.area = area
    other.cover = spot
    T.push(s, {"f": "cover", "player": "P1"})
    assert refused(title, s, "cover", spot=spot) == "That cover spot is taken: one figure per cover spot (spec 3.3)."


def test_cover_only_after_moving_spec_3_3(title):
    s = fresh(title, 1)
    view = s.view()
    spot = next(iter(view.cover_in.get(s.cogs["P1"].area, ())), "any")
    assert refused(title, s, "cover", spot=spot) == "You may take cover only after moving (spec 3.3)."


def test_cover_spot_in_another_area_spec_3_3(title):
    s = fresh(title, 1)
    view = s.view()
    spot = next(n for n, sp in view.cover.items() if sp.area != s.cogs["P1"].area)
    T.push(s, {"f": "cover", "player": "P1"})
    assert "in another area" in refused(title, s, "cover", spot=spot)


def test_weapon_without_ammo_spec_6_5(title):
    s = fresh(title, 1)
    c = _marcus(s)
    c.weapons = [["lancer", 0]]
    s.locusts["drone#1"] = LocustState("drone#1", "drone", c.area)
    T.push(s, {"f": "attack", "player": "P1", "bonus": 0})
    why = refused(title, s, "attack", target="drone#1", weapon="lancer", mode="normal")
    assert why.startswith("The Lancer Assault Rifle has no ammo") and "(spec 6.5)" in why


def test_bolo_grenade_reaches_at_most_two_areas_spec_6_8(title):
    s = fresh(title, 1)
    c = _marcus(s)
    view = s.view()
    far = next(a for a in view.areas if 2 < view.rdist(c.area, a) < 99)
    T.push(s, {"f": "attack", "player": "P1", "bonus": 0})
    assert refused(title, s, "grenade", area=far) == "The Bolo Grenade reaches at most 2 areas (spec 6.8)."


def test_no_grenades_left_spec_6_8(title):
    s = fresh(title, 1)
    c = _marcus(s)
    c.grenades = 0
    T.push(s, {"f": "attack", "player": "P1", "bonus": 0})
    assert refused(title, s, "grenade", area=c.area) == "Marcus Fenix has no Bolo Grenades left (spec 6.8)."


def test_only_one_order_card_per_turn_spec_5_2(title):
    s = fresh(title, 1)
    _marcus(s)
    act(title, s, "play", card="advance#1", **{"as": "move"})
    act(title, s, "stop")
    why = refused(title, s, "play", card="blind_fire#1", **{"as": "move"})
    assert why == "Only one Order card per turn: you have already played yours (spec 5.2)."


def test_end_before_playing_a_card_spec_5_2(title):
    s = fresh(title, 1)
    _marcus(s)
    assert refused(title, s, "end") == "You must play one Order card before ending the Order Step (spec 5.2)."


def test_special_action_may_not_interrupt_a_move_spec_5_2(title):
    s = fresh(title, 2)
    _marcus(s)
    s.cogs["P2"].area, s.cogs["P2"].bleeding = s.cogs["P1"].area, True
    act(title, s, "play", card="advance#1", **{"as": "move"})
    why = refused(title, s, "special", do="revive", target="P2", discard="blind_fire#1")
    assert "may not interrupt a move (spec 5.2)" in why


def test_step_to_a_non_adjacent_area_spec_6_2(title):
    s = fresh(title, 1)
    c = _marcus(s)
    view = s.view()
    far = next(a for a in view.areas if 1 < view.mdist(c.area, a) < 99 and view.rdist(c.area, a) > 1)
    act(title, s, "play", card="advance#1", **{"as": "move"})
    why = refused(title, s, "step", area=far)
    assert why.startswith(f"{far} is not adjacent to {c.area}") and "(spec 6.2)" in why


def test_step_across_a_level_line_spec_3_2(title):
    s = fresh(title, 1)
    c = _marcus(s)
    view = s.view()
    a, b = next((a, b) for a in view.areas for b in view.areas if view.rdist(a, b) == 1 and view.mdist(a, b) != 1)
    c.area = a
    act(title, s, "play", card="advance#1", **{"as": "move"})
    assert "level line" in refused(title, s, "step", area=b)


def test_move_with_no_areas_left_spec_5_2(title):
    s = fresh(title, 1)
    c = _marcus(s)
    act(title, s, "play", card="advance#1", **{"as": "move"})
    T.top(s)["left"] = 0
    nxt = s.view().move_steps[c.area][0]
    assert refused(title, s, "step", area=nxt) == "This move allows no more areas: end the move (spec 5.2)."


def test_revive_needs_the_same_area_spec_6_10(title):
    s = fresh(title, 2)
    c = _marcus(s)
    view = s.view()
    s.cogs["P2"].bleeding = True
    s.cogs["P2"].area = next(a for a in view.areas if a != c.area)
    why = refused(title, s, "special", do="revive", target="P2", discard="blind_fire#1")
    assert why.endswith("revive only a COG in your own area (spec 6.10).")
    s.cogs["P2"].area, s.cogs["P2"].bleeding = c.area, False
    s.cogs["P2"].character = "dominic_santiago"
    why = refused(title, s, "special", do="revive", target="P2", discard="blind_fire#1")
    assert why == "Dominic Santiago is not bleeding out (spec 6.10)."


def test_explore_needs_a_door_spec_6_11(title):
    s = fresh(title, 1)
    _marcus(s)
    assert refused(title, s, "explore") == "Exploring needs a COG in the area of a door token (spec 6.11)."


def test_chainsaw_reaches_only_the_own_area_spec_6_7(title):
    s = fresh(title, 1)
    c = _marcus(s)
    view = s.view()
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", view.move_steps[c.area][0])
    T.push(s, {"f": "attack", "player": "P1", "bonus": 0})
    why = refused(title, s, "chainsaw", target="wretch#1")
    assert why.startswith("The chainsaw reaches only a Locust in Marcus Fenix's own area") and "(spec 6.7)" in why


def test_solo_follow_once_per_turn_spec_6_16(title):
    s = fresh(title, 1)
    c = _marcus(s)
    c.hand = ["roadie_run#1", "roadie_run#2", "advance#1"]
    act(title, s, "solo_follow", card="roadie_run#1")
    act(title, s, "stop")
    assert refused(title, s, "solo_follow", card="roadie_run#2") == "The solo Follow move is allowed once per turn (spec 6.16)."


def test_a_pending_question_is_answered_first(title):
    """During a resolution (a Dodge window), another kind of action names the question."""
    s = fresh(title, 1)
    s.proc = {"name": "x", "args": {}, "checkpoint": None, "answers": [], "emitted": 0,
              "pending": {"decider": "P1", "kind": "dodge", "options": [{"dodge": None}],
                          "prompt": "Drone 1 attacks: Dodge?", "labels": ["No Dodge"]}}
    why = why_illegal(s, Action("play", {"card": "advance#1", "as": "move"}))
    assert why.startswith("First ") and "Drone 1 attacks: Dodge?" in why
    s.cogs["P1"].hand = ["blind_fire#1"]
    why = why_illegal(s, Action("dodge", {"dodge": "blind_fire#1"}))
    assert why.startswith("Blind Fire has no Dodge icon") and "(spec 6.9)" in why
    assert "does not hold Advance" in why_illegal(s, Action("dodge", {"dodge": "advance#1"}))


def test_guard_with_a_bolo_grenade_is_refused_spec_6_8(title):
    s = fresh(title, 1)
    s.cogs["P1"].hand = ["blind_fire#1"]
    s.proc = {"name": "x", "args": {}, "checkpoint": None, "answers": [], "emitted": 0,
              "pending": {"decider": "P1", "kind": "guard", "options": [{"guard": None}],
                          "prompt": "Drone 1 is about to move: Guard?", "labels": ["No Guard"]}}
    why = why_illegal(s, Action("guard", {"guard": "P1", "card": "blind_fire#1", "weapon": "bolo_grenade",
                                          "mode": "normal"}))
    assert why == "Bolo Grenades cannot be used for a Guard reaction (spec 6.8, 6.9)."


def test_every_refusal_on_a_random_game_is_specific(title):
    """Over many states of a played game, refusing plausible-but-illegal actions never falls back
    to the old generic '... is not possible now.'"""
    from game.gears.bots import RandomBot

    s = title.new_game("emergence", 5, {"players": 2})
    bot = RandomBot(5)
    probes = [Action("end", {}), Action("cover", {"spot": "nowhere"}), Action("explore", {}),
              Action("play", {"card": "advance#1", "as": "move"})]
    for _ in range(80):
        if s.outcome is not None:
            break
        legal = title.legal_actions(s)
        for a in probes:
            if a not in legal:
                assert "is not possible now" not in why_illegal(s, a)
        title.apply(s, bot.choose(legal, s))
