"""The COG bots decide on a seat's view, not on the state (DESIGN.md "AIs get a view"; spec 6.14,
base p. 25: hands are private, nobody looks into a deck or under a wound marker). Two states that
differ only there give the same choices with the same reasons at decision points of real games,
and the view hides each of those things while keeping what is public."""
from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.gears.bots import CogBot, SquadBot, _decider
from game.gears.rules import procedures as P
from game.gears.rules.shared import content
from game.gears.rules.state import GearsState
from game.gears.rules.view import view_for, viewer_of
from tests.gears.conftest import set_up


def _value(marker: str) -> int:
    pile, idx = marker.split(":")
    return content().marker_piles[pile].markers[int(idx)].value


def _twin(s: GearsState, seat: str) -> tuple[GearsState, list[str]]:
    """A copy of `s` changed only where `seat` may not look; says what it changed."""
    b = GearsState.from_json(s.to_json(), s.loader)
    changed = []
    b.rng = Rng(77)
    for deck in [b.orders, b.ai, b.weapon_deck, *b.location_decks, *b.marker_piles.values()]:
        if len(set(deck.draw_pile)) > 1:
            deck.draw_pile.reverse()
            changed.append("deck order")
    for p, c in b.cogs.items():
        swap = next((i for i, h in enumerate(b.orders.draw_pile) if h.split("#")[0] not in
                     {x.split("#")[0] for x in c.hand}), None)
        if p != seat and c.hand and swap is not None:  # a teammate holds another card
            c.hand[0], b.orders.draw_pile[swap] = b.orders.draw_pile[swap], c.hand[0]
            changed.append("hand")
    for x in b.locusts.values():
        if x.marker and not x.marker.endswith("two_stage"):
            deck = b.marker_piles[x.marker.split(":")[0]]
            other = next((m for m in deck.draw_pile if _value(m) == _value(x.marker)), None)
            if other is not None:  # another marker of the same face: maybe another back
                i = deck.draw_pile.index(other)
                deck.draw_pile[i], x.marker = x.marker, other
                changed.append("marker")
    return b, changed


@pytest.mark.parametrize("make", [SquadBot, CogBot], ids=["squad", "cautious"])
@pytest.mark.parametrize("mission,seed,players", [("emergence", 2, 2), ("belly_of_the_beast", 5, 3)])
def test_choices_do_not_change_when_only_hidden_parts_differ(title, make, mission, seed, players):
    s = title.new_game(mission, seed, {"players": players})
    bots: dict = {}
    seen: set = set()
    checked = 0
    for step in range(300):
        d = title.current_decider(s)
        if d is None:
            break
        acts = title.legal_actions(s)
        bot = bots.setdefault(d, make(seed))
        if step % 3 == 0 and d == _decider(s):
            twin, changed = _twin(s, d)
            saved = bot.get_state()
            other = make(seed)
            other.set_state(saved)
            cb = other.decide(twin, title.legal_actions(twin))
            bot.set_state(saved)
            ca = bot.decide(s, acts)
            assert (ca.action, ca.reason) == (cb.action, cb.reason), (step, changed)
            seen.update(changed)
            checked += 1
        else:
            ca = bot.decide(s, acts)
        title.apply(s, ca.action)
    P.release(s)
    assert checked >= 20 and {"deck order", "hand"} <= seen


def test_the_view_hides_each_hidden_thing_and_keeps_the_public_ones(title):
    s = set_up(title, "emergence", 2, 3)
    drones = [x for x in s.locusts.values() if x.enemy == "drone"]
    assert drones, "Emergence sets up Drones"
    pile = s.marker_piles["drone"]
    drones[0].marker, drones[0].wounded_health = pile.draw_pile.pop(), 1
    b, changed = _twin(s, "P1")
    assert {"deck order", "hand", "marker"} <= set(changed)
    va, vb = view_for(s, "P1"), view_for(b, "P1")
    assert va.to_json() == vb.to_json() and viewer_of(va) == "P1"
    # Public: own hand, every hand's size (health), the wound marker's face, the piles' sizes.
    assert va.cogs["P1"].hand == s.cogs["P1"].hand
    assert all(len(va.cogs[p].hand) == len(s.cogs[p].hand) for p in s.cogs)
    assert va.locusts[drones[0].id].wounded_health == 1
    assert len(va.orders.draw_pile) == len(s.orders.draw_pile)
    assert [len(d.draw_pile) for d in va.location_decks] == [len(d.draw_pile) for d in s.location_decks]
    assert len(va.marker_piles["drone"].draw_pile) == len(pile.draw_pile)
    # Another seat sees its own hand and not P1's.
    vb2 = view_for(s, "P2")
    assert vb2.cogs["P2"].hand == s.cogs["P2"].hand
    P.release(s)


def test_the_bots_are_handed_the_deciding_seats_view(title, monkeypatch):
    """The choices above would match without a view as long as no bot reads a hidden part; this
    is the check that every decision is made on the deciding seat's view."""
    import game.gears.bots as B

    s = set_up(title, "emergence", 2, 2)
    seen = []
    real = B.seat_view

    def spy(state, *args):
        v = real(state, *args)
        seen.append(viewer_of(v))
        return v

    monkeypatch.setattr(B, "seat_view", spy)
    seat = _decider(s)
    for make in (SquadBot, CogBot):
        make(1).decide(s, title.legal_actions(s))
    assert seat is not None and seen == [seat, seat]
    view = view_for(s, seat)
    assert real(view, _decider, view_for, viewer_of) is view  # a view passed in is kept as it is
    P.release(s)
