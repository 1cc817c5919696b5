"""COG bot (issue part 5): legal choices with a reason, and the sensible play it promises:
revive (spec 6.10), seal holes with grenades (6.8), the best attack by expected wounds (6.3,
attack_preview), cover after moving (3.3), the objective, and card economy in Guard/Dodge."""
from __future__ import annotations

from game.gears.bots import CogBot, RandomBot
from game.gears.rules import procedures as P
from game.gears.rules import turn as T
from game.gears.rules.movement import free_spots, los
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh


def _decide(title, s, bot=None):
    acts = title.legal_actions(s)
    choice = (bot or CogBot(1)).decide(s, acts)
    assert choice.action in acts and choice.reason
    return choice


def test_cog_bot_plays_whole_games_with_legal_actions_and_reasons(title):
    for seed, players in ((1, 1), (4, 3)):
        s = title.new_game("emergence", seed, {"players": players})
        bots = {}
        for _ in range(400):
            d = title.current_decider(s)
            if d is None:
                break
            choice = _decide(title, s, bots.setdefault(d, CogBot(seed)))
            assert "\n" not in choice.reason
            title.apply(s, choice.action)
        P.release(s)


def test_revives_a_bleeding_partner_in_its_area(title):
    """Spec 6.10: discard a card to revive a bleeding-out COG in the same area."""
    s = fresh(title, players=2)
    p1, p2 = s.players[0], s.players[1]
    s.cogs[p2].area, s.cogs[p2].bleeding, s.cogs[p2].cover = s.cogs[p1].area, True, None
    choice = _decide(title, s)
    assert choice.action.kind == "special" and choice.action.payload["do"] == "revive"
    assert "Revive" in choice.reason


def _attack_frame(s):
    T.push(s, {"f": "attack", "player": s.players[0], "bonus": 0})


def test_throws_a_grenade_to_seal_an_open_hole(title):
    """Spec 6.8: an Omen seals an open hole in the area; the bot aims at holes first."""
    s = fresh(title)
    c = s.active_cog
    view = s.view()
    target = next(a for a in view.areas if a != c.area and view.rdist(c.area, a) <= 2
                  and los(view, (c.area, c.cover), (a, None)))
    s.holes = {"h1": {"area": target, "sealed": False, "token": True}}
    c.grenades = 1
    _attack_frame(s)
    choice = _decide(title, s)
    assert choice.action.kind == "grenade" and choice.action.payload["area"] == target
    assert "seal" in choice.reason


def test_attacks_the_target_with_the_best_expected_wounds(title, content):
    from game.gears.rules.attack import attack_preview

    s = fresh(title)
    c = s.active_cog
    view = s.view()
    seen = [a for a in view.areas if a != c.area and los(view, (c.area, c.cover), (a, None))]
    s.locusts = {"drone#1": LocustState("drone#1", "drone", seen[0]),
                 "drone#2": LocustState("drone#2", "drone", c.area)}
    _attack_frame(s)
    acts = [a for a in title.legal_actions(s) if a.kind == "attack" and a.payload["mode"] == "normal"]
    assert acts
    choice = _decide(title, s)
    assert choice.action.kind in ("attack", "chainsaw")
    if choice.action.kind == "attack" and choice.action.payload["mode"] == "normal":
        def e(a):
            _, dist = attack_preview(s, content, c.player, a.payload["target"], a.payload["weapon"], "normal")
            return sum(w * p for w, p in dist.items())
        assert e(choice.action) == max(e(a) for a in acts)


def test_takes_cover_after_moving_when_a_spot_is_free(title):
    s = fresh(title)
    c = s.active_cog
    T.push(s, {"f": "cover", "player": s.players[0]})
    c.cover = None
    assert free_spots(s, c.area)
    choice = _decide(title, s)
    assert choice.action.kind == "cover" and choice.action.payload["spot"] in free_spots(s, c.area)


def test_moves_toward_the_objective(title):
    s = fresh(title)
    c = s.active_cog
    T.push(s, {"f": "move", "player": s.players[0], "left": 2, "steps": 0, "left_areas": []})
    from game.gears.bots import _Look

    look = _Look(s, s.players[0])
    goal = look.goal_areas()
    assert goal and look.dist_to(c.area, goal) > 0  # the door of level 1, away from the start
    choice = _decide(title, s)
    assert choice.action.kind == "step"
    assert look.dist_to(choice.action.payload["area"], goal) < look.dist_to(c.area, goal)


def test_discards_the_least_useful_card_for_a_wound(title):
    """Spec 6.13: a wound discards a card; the bot keeps Dodge/Guard cards and many bullets."""
    s = fresh(title)
    p = s.players[0]
    s.proc = {"name": "x", "args": {}, "checkpoint": {}, "answers": [], "emitted": 0,
              "pending": {"decider": p, "kind": "wound_discard", "prompt": "",
                          "options": [{"card": h} for h in s.cogs[p].hand],
                          "labels": s.cogs[p].hand}}
    from game.gears.bots import _Look

    look = _Look(s, p)
    choice = _decide(title, s)
    assert look.keep_value(choice.action.payload["card"]) == min(look.keep_value(h) for h in s.cogs[p].hand)


def test_random_bot_is_seeded():
    from game.engine.protocol import Action

    acts = [Action("a", {"i": i}) for i in range(10)]
    assert [RandomBot(3).choose(acts) for _ in range(3)] == [RandomBot(3).choose(acts) for _ in range(3)]
