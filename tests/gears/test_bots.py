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
from game.gears.rules.shared import content as s_content


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


# --- card economy and positioning (spec 6.13: cards in hand are health)

def _proc(s, player, kind, options, prompt):
    s.proc = {"name": "x", "args": {}, "checkpoint": {}, "answers": [], "emitted": 0,
              "pending": {"decider": player, "kind": kind, "prompt": prompt, "options": options,
                          "labels": [str(o) for o in options]}}


def test_solo_does_not_pay_a_card_for_one_extra_area(title):
    """Spec 6.16: the solo Follow discard moves 1 area but costs a card (health); after the
    Order card, with nobody to reach, the bot ends the Order Step instead."""
    s = fresh(title, players=1)
    c = s.active_cog
    c.hand = ["roadie_run#1", "advance#1", "assault#1"]
    s.flags["played"] = True
    acts = title.legal_actions(s)
    assert any(a.kind == "solo_follow" for a in acts)
    choice = _decide(title, s)
    assert choice.action.kind == "end"


def test_no_guard_with_two_cards_or_fewer(title):
    """Spec 6.9: a Guard card is discarded; with 2 cards left the bot keeps its health."""
    s = fresh(title)
    p = s.players[0]
    c = s.cogs[p]
    s.locusts = {"drone#1": LocustState("drone#1", "drone", c.area)}
    c.hand = ["ambush#1", "advance#1"]
    _proc(s, p, "guard", [{"guard": None}, {"guard": p, "card": "ambush#1", "weapon": "lancer", "mode": "normal"}],
          "drone#1 is about to attack: Guard?")
    choice = _decide(title, s)
    assert choice.action.payload["guard"] is None


def test_dodges_when_the_attack_would_down_it(title):
    """Spec 6.9 Dodge (+2 defence dice) and 6.13 (a wound with no card left bleeds out): with
    one card left against a Boomer in its own area, the bot dodges; with a full hand against
    a Wretch it keeps the card."""
    s = fresh(title)
    p = s.players[0]
    c = s.cogs[p]
    c.cover = None
    s.locusts = {"boomer#1": LocustState("boomer#1", "boomer", c.area)}
    c.hand = ["advance#1"]
    _proc(s, p, "dodge", [{"dodge": None}, {"dodge": "advance#1"}], "boomer#1 attacks Marcus")
    assert _decide(title, s).action.payload["dodge"] == "advance#1"
    s.locusts = {"wretch#1": LocustState("wretch#1", "wretch", c.area)}
    c.hand = ["advance#1", "assault#1", "sit_tight#1", "ambush#1", "blind_fire#1", "roadie_run#1"]
    _proc(s, p, "dodge", [{"dodge": None}, {"dodge": "advance#1"}], "wretch#1 attacks Marcus")
    assert _decide(title, s).action.payload["dodge"] is None


def test_no_grenade_into_its_own_area_when_it_would_bleed_out(title):
    """Spec 6.8: every figure in the target area rolls defence, the thrower too: with 2
    cards the bot does not throw into the hole in its own area."""
    s = fresh(title)
    c = s.active_cog
    s.holes = {"h1": {"area": c.area, "sealed": False, "token": True}}
    c.grenades, c.hand = 1, ["advance#1", "assault#1"]
    _attack_frame(s)
    choice = _decide(title, s)
    assert not (choice.action.kind == "grenade" and choice.action.payload["area"] == c.area)


def test_does_not_follow_with_a_short_hand(title):
    """Spec 6.9 Follow costs the Follow card: with 3 cards the bot stays."""
    s = fresh(title, players=2)
    p1, p2 = s.players
    s.cogs[p2].hand = ["roadie_run#1", "advance#1", "assault#1"]
    T.push(s, {"f": "follow", "candidates": [p2], "mover": p1, "from": s.cogs[p1].area})
    choice = _decide(title, s)
    assert choice.action.kind == "no_follow"


def test_skips_the_second_order_step_with_few_cards(title):
    """Active Reload's second Order Step costs another card (spec 6.1 placeholder text)."""
    s = fresh(title)
    p = s.players[0]
    s.cogs[p].hand = ["advance#1", "assault#1"]
    s.flags["spent_ammo"] = True
    T.push(s, {"f": "card", "player": p, "card": "active_reload#1", "i": 1})
    acts = title.legal_actions(s)
    assert any(a.kind == "do" for a in acts)
    assert _decide(title, s).action.kind == "skip"


def test_plays_sit_tight_when_locusts_threaten(title):
    """Sit Tight (placeholder text, spec 6.1): 2 cards and no Locust activation beat a move
    or a shot when Locusts can shoot the COG (Emergence Stage 2: no place to reach)."""
    s = fresh(title)
    s.stage = 1
    c = s.active_cog
    view = s.view()
    seen = [a for a in view.areas if a != c.area and los(view, (c.area, c.cover), (a, None))]
    s.locusts = {f"drone#{i}": LocustState(f"drone#{i}", "drone", seen[0]) for i in (1, 2)}
    c.hand = ["sit_tight#1", "advance#1", "roadie_run#1"]
    choice = _decide(title, s)
    assert choice.action.kind == "play" and choice.action.payload == {"card": "sit_tight#1", "as": "card"}


def test_a_tie_with_the_stranded_goes_to_a_cog_spec_9_3_2(title):
    """Search for the Stranded stage 3: the Stranded can tie as a Locust's nearest target. The
    bot used to crash (KeyError 'stranded'); one wound on the Stranded loses the mission, so
    the bot gives the attack to a COG."""
    s = fresh(title, 2)
    p = s.players[0]
    s.proc = {"name": "x", "args": {}, "checkpoint": {}, "answers": [], "emitted": 0,
              "pending": {"decider": p, "kind": "target_tie", "prompt": "",
                          "options": [{"cog": "stranded"}, {"cog": s.players[1]}],
                          "labels": ["the Stranded", s.players[1]]}}
    choice = _decide(title, s)
    assert choice.action.payload == {"cog": s.players[1]}


def test_guards_when_the_shot_likely_kills_a_locust_about_to_act(title):
    """Spec 6.9 Guard: one card for an attack before the Locust acts. The bot reads which Locust
    the question is about from the question itself (`about`), and guards a Wretch it will very
    likely kill with a healthy hand; with two cards it keeps them."""
    from game.gears.ai import guard_options

    s = fresh(title, players=1)
    p = s.players[0]
    c = s.cogs[p]
    c.hand = ["scavenging#1", "advance#1", "advance#2", "advance#3", "advance#4", "advance#5"]
    lid = "wretch#1"
    s.locusts[lid] = LocustState(lid, "wretch", c.area)
    opts = guard_options(s, s_content(), p, lid)
    assert opts
    s.proc = {"name": "x", "args": {}, "checkpoint": {}, "answers": [], "emitted": 0,
              "pending": {"decider": p, "kind": "guard", "prompt": "Wretch 1 is about to move: Guard?",
                          "options": [{"guard": None}] + opts, "labels": ["No Guard"] + ["Guard"] * len(opts),
                          "about": {"figure": lid}}}
    assert _decide(title, s).action.payload["guard"] == p
    c.hand = ["scavenging#1", "advance#1"]
    assert _decide(title, s).action.payload["guard"] is None
