"""The attack preview is the attack (issue 21 item 2, spec 6.3): the dice pools a preview
shows are the pools the attack then rolls, with every modifier (a card's bonus dice such as
Blind Fire's -1, range, cover, abilities, ammo), and its chance to kill is read from the
same wound distribution and the same immunity rule as the wounds themselves."""
from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.engine.rng import Rng
from game.gears.rules import attack as A
from game.gears.rules import procedures as P
from game.gears.rules.turn import attack_preview_of, top


def _play_to_attacks(title, seed: int, players: int, limit: int = 400):
    """Random legal play until the attack frame offers weapon attacks; the state or None."""
    s = title.new_game("emergence", seed, {"players": players})
    pick = Rng(seed).stream("preview-test")
    for _ in range(limit):
        if title.current_decider(s) is None:
            break
        acts = title.legal_actions(s)
        if any(a.kind == "attack" for a in acts) and (top(s) or {}).get("f") == "attack" and s.proc is None:
            return s, acts
        title.apply(s, acts[pick.below(len(acts))])
    P.release(s)
    return None, []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), which=st.integers(0, 50))
def test_previewed_dice_pools_are_the_rolled_pools(title, seed, players, which):
    for k in range(10):  # about 6 random games in 10 reach an attack frame
        s, acts = _play_to_attacks(title, seed + k, players)
        if s is not None:
            break
    assume(s is not None)  # the property is about the attacks random play reaches
    attacks = [a for a in acts if a.kind == "attack"]
    a = attacks[which % len(attacks)]
    pv = attack_preview_of(s, a)
    assert pv is not None
    assert sum(pv.dist.values()) == 1
    assert pv.kill == (0 if pv.immune else sum((p for w, p in pv.dist.items() if w >= pv.health), Fraction(0)))
    events = title.apply(s, a)
    rolled = next(e for e in events if e.kind == "attack")
    assert (rolled.payload["black"], rolled.payload["red"]) == (pv.plan.black, pv.plan.red)
    P.release(s)


def test_blind_fire_previews_one_attack_die_fewer(title):
    """Blind Fire: 'Make 1 attack with -1 attack die' (orders.toml, spec 6.1): the preview of
    its attack shows the die taken away, as the roll does (the old preview showed 4 and rolled 3).
    Built (tests/gears/built.py): P1 holds Blind Fire and plays it for its actions, a Drone in
    sight 1 area away."""
    from game.gears.rules.movement import los
    from tests.gears.built import give_hand, put
    from tests.gears.conftest import fresh

    s = fresh(title, players=2)
    p1 = s.players[0]
    c = s.cogs[p1]
    give_hand(s, p1, ["blind_fire"])
    view = s.view()
    seen = next(a for a in sorted(view.areas) if a != c.area and view.rdist(c.area, a) == 1
                and los(view, (c.area, c.cover), (a, None)))
    put(s, title.content, "drone", seen)
    title.apply(s, next(a for a in title.legal_actions(s) if a.kind == "play" and a.payload["as"] == "card"))
    title.apply(s, next(a for a in title.legal_actions(s) if a.kind == "do"))  # its attack bullet
    assert top(s)["f"] == "attack" and top(s).get("bonus", 0) == -1
    acts = [a for a in title.legal_actions(s) if a.kind == "attack"]
    assert acts
    for a in acts:
        pv = attack_preview_of(s, a)
        assert any(r == "card: -1 attack dice" for r in pv.plan.reasons)
        pl = a.payload  # the same attack with no card's bonus: one black die more
        full = A.cog_attack_preview(s, title.content, p1, pl["target"], pl["weapon"], pl["mode"], 0,
                                    top(s).get("spend", True))
        assert pv.plan.black == full.plan.black - 1 > 0 or pv.plan.black == full.plan.black == 0
    a = acts[0]
    pv = attack_preview_of(s, a)
    rolled = next(e for e in title.apply(s, a) if e.kind == "attack")
    assert rolled.payload["black"] == pv.plan.black
    P.release(s)
