"""The squad bot (issue 20 item 1): it plans the stage card's objective for the whole team
(spec 9.1: a stage flips when its condition holds), splits the work between partners, spends
cards (health, spec 6.13) only when they pay and says why for every choice. `simulate` plays it by
default; CogBot stays as the "cautious" level."""
from __future__ import annotations

from game.gears.bots import CogBot, SquadBot, squad_plan
from game.gears.rules import procedures as P
from game.gears.rules import turn as T
from game.gears.rules.explore import door_target
from game.gears.rules.movement import los
from game.gears.simulation import GearsSimulator
from tests.gears.conftest import fresh, start


def test_simulate_plays_the_squad_bot_by_default_and_keeps_cautious():
    sim = GearsSimulator.__new__(GearsSimulator)  # bot() needs no content
    assert GearsSimulator.bots[0] == "squad"
    assert type(sim.bot("squad", 1)) is SquadBot and type(sim.bot("cautious", 1)) is CogBot


def test_squad_bot_plays_whole_games_with_legal_actions_and_reasons(title):
    for seed, players in ((2, 2), (5, 4)):
        s = title.new_game("emergence", seed, {"players": players})
        bots: dict = {}
        for _ in range(400):
            d = title.current_decider(s)
            if d is None:
                break
            acts = title.legal_actions(s)
            choice = bots.setdefault(d, SquadBot(seed)).decide(s, acts)
            assert choice.action in acts and choice.reason and "\n" not in choice.reason
            title.apply(s, choice.action)
        P.release(s)


def test_each_grenade_carrier_gets_its_own_hole(title):
    """Spec 9.2.1 (Emergence Stage 1: seal every hole, spec 6.8 grenades at range 2 with LOS):
    two COGs with grenades and two open holes far apart are sent to different holes."""
    s = fresh(title, players=2)
    view = s.view()
    p1, p2 = s.players[0], s.players[1]
    here = s.cogs[p1].area
    s.cogs[p2].area = here
    far = sorted((a for a in view.areas if a in view.move_dist), key=lambda a: -view.mdist(here, a))
    h1, h2 = far[0], next(a for a in far if view.mdist(a, far[0]) >= 4)
    s.holes = {"a": {"area": h1, "sealed": False, "token": True}, "b": {"area": h2, "sealed": False, "token": True}}
    s.cogs[p1].grenades = s.cogs[p2].grenades = 2
    plan = squad_plan(s)
    assert set(plan) == {p1, p2}
    (a1, why1), (a2, why2) = plan[p1], plan[p2]
    assert why1 != why2 and {h1, h2} == {w.split(" in ")[1].split(" ")[0] for w in (why1, why2)}
    for areas, hole in ((a1, h1 if h1 in why1 else h2), (a2, h2 if h2 in why2 else h1)):
        assert areas and all(view.rdist(a, hole) <= 2 and los(view, (a, None), (hole, None)) for a in areas)


def test_belly_plan_heads_for_a_door_that_leads_somewhere(real):
    """Spec 9.2.3 (Belly of the Beast): the first tile's door leads to level 3, locked until the
    Keycode (12B) is used; the squad heads for the door whose level can be explored now."""
    s = start(real, "belly_of_the_beast", players=2)
    view = s.view()
    plan = squad_plan(s)
    assert plan
    for areas, why in plan.values():
        doors = [d for d in s.doors if view.exits.get(d) in areas]
        assert doors and all(not s.locked[door_target(s, d)] for d in doors), why
        assert "door" in why


def test_squad_bot_follows_only_from_a_full_hand(title):
    """Seed p. 24: Follow costs a card (health, spec 6.13). With one card short of the hand
    limit the squad bot stays (the cautious one follows from 5 cards); with a full hand, whose
    next Healing Step would draw nothing, it follows toward its own goal."""
    s = fresh(title, players=2)
    p1, p2 = s.players
    limit = title.content.cogs[s.cogs[p2].character].hand_limit
    cards = ["roadie_run#1", "advance#1", "assault#1", "advance#2", "assault#2", "roadie_run#2", "advance#3"]
    s.cogs[p2].hand = cards[:limit - 1]
    T.push(s, {"f": "follow", "candidates": [p2], "mover": p1, "from": s.cogs[p1].area})
    acts = title.legal_actions(s)
    assert SquadBot(1).decide(s, acts).action.kind == "no_follow"
    assert CogBot(1).decide(s, acts).action.kind == "follow"
    s.cogs[p2].hand = cards[:limit]
    choice = SquadBot(1).decide(s, title.legal_actions(s))
    assert choice.action.kind == "follow" and "full hand" in choice.reason
