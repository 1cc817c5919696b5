"""Hot-seat, a marine and the invader at one desk: the marine attacked an invader and the rules
asked the invader 'Play a Dodge card against this attack?' (asked only when the invader holds a
Dodge card). The hand-off card came up and, dimmed behind it, the prompt line read the question:
the marine learnt the invader's hand. Behind the card the prompt says whom the table waits for."""
from __future__ import annotations

from game.doom.rules.state import Invader
from game.ui.doom.entry import INVADER
from tests.ui.conftest import record_text_rects
from tests.ui.test_doom_play import start_game


def test_behind_the_handoff_card_the_prompt_names_no_card_of_the_invaders_hand(make_app, monkeypatch):
    app, table = start_game(make_app, seats=("human", "human"))
    st = table.state
    dodge = next(c for c in st.content.invader_deck() if st.content.invader_card(c).effect == "reroll")
    if dodge not in st.hand:
        st.deck.take(dodge)
        st.hand.append(dodge)
    red_fires_at_a_zombie_beside_it(app, table)  # hit or miss, the question comes after the roll
    assert table.session.decider == INVADER and table.handoff == INVADER
    texts = record_text_rects(monkeypatch)
    app._force_redraw = True
    table.full_redraw = True
    app.run(max_frames=1)
    said = [t for t, _r in texts]
    assert not [t for t in said if "Dodge" in t], said
    assert table._prompt_content()[0] == f"Pass the table to {table.handoff_name(INVADER)}"


def test_a_marine_attack_hands_the_desk_to_an_invader_holding_no_card_that_fits(make_app):
    """Rules revision 1 (rules/state.asks_reaction): the invader holds a spawn card only, no Dodge
    or Dud, and the marine's attack on a zombie still stops for its answer behind the hand-off
    card, so the card coming up says nothing about the hand. On its own screen the invader reads
    that no card fits, with one button to pass; the marine then carries on."""
    from tests.ui.test_doom_play import do_click

    app, table = start_game(make_app, seats=("human", "human"))
    st = table.state
    assert st.options["rules"] == 1
    spawn = next(c for c in st.deck.draw_pile if st.content.invader_card(c).kind == "spawn")
    st.deck.put_on_bottom(st.hand)
    st.hand = [st.deck.take(spawn)]
    red_fires_at_a_zombie_beside_it(app, table)
    assert table.session.decider == INVADER and table.handoff == INVADER
    assert table._prompt_content() == (f"Pass the table to {table.handoff_name(INVADER)}", [])
    do_click(app, table.view_rect.center)
    assert table.handoff is None and table.invader_view()
    text, buttons = table._prompt_content()
    assert text.endswith("You hold no card that fits: pass.")
    assert [label for label, _w, _p in buttons] == ["Do not play a Dodge card", "Play no card till the invader's turn"]
    while table.session.decider == INVADER:
        table.submit(table.session.legal_actions()[0])
        app.run(max_frames=1)
    assert table.session.decider == "red"


def red_fires_at_a_zombie_beside_it(app, table) -> None:
    """A zombie put beside Red, every door open; Red declares Fire and attacks it."""
    st = table.state
    red = st.marines["red"]
    st.invaders["zombie#9"] = Invader("zombie#9", "zombie", [(red.cell[0] + 1, red.cell[1])], 0)
    st.closed.clear()
    table._after_change()
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "fire"))
    app.run(max_frames=1)
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "attack"
                      and a.payload.get("target") == [red.cell[0] + 1, red.cell[1]]))
    app.run(max_frames=1)


def _invader_holds(table, fits: bool) -> None:
    """The invader's hand: one card, a Dodge (it fits a marine's attack) or a spawn card."""
    st = table.state
    effect = (lambda c: c.effect == "reroll") if fits else (lambda c: c.kind == "spawn")
    card = next(c for c in st.content.invader_deck() if effect(st.content.invader_card(c)))
    st.deck.put_on_bottom(st.hand)
    if card in st.deck.draw_pile:
        st.deck.take(card)
    st.hand = [card]


def _card_button(app, table, what):
    """The centre of the hand-off card's button for `what` ("pass" or "let_pass")."""
    import pygame

    table.draw(pygame.display.get_surface())
    for rect, w in table._handoff_buttons:
        if (w == "let_pass") == (what == "let_pass"):
            return rect.center
    raise AssertionError(f"no {what} button on the hand-off card: {table._handoff_buttons}")


def test_the_hand_off_card_offers_the_invader_pass_the_same_whatever_the_hand_holds(make_app):
    """A marine's attack asks the invader Dodge, then Dud (an ammo die), whatever its hand holds
    (rules revision 1). Each hand-off took two clicks (the card, then Pass on the invader's own
    screen): three for this attack. The card now offers Pass: the invader answers from it
    without taking the desk, two clicks for the attack, its hand never shown. The screen the
    marines see with the card up is the same pixels whether a card fits or not."""
    import pygame

    from tests.ui.test_doom_play import do_click

    shots = []
    for fits in (False, True):
        app, table = start_game(make_app, seats=("human", "human"))
        _invader_holds(table, fits)
        red_fires_at_a_zombie_beside_it(app, table)
        assert table.session.decider == INVADER and table.handoff == INVADER
        app._force_redraw = True
        table.dirty = True
        app.run(max_frames=1)
        shots.append(pygame.image.tobytes(pygame.display.get_surface(), "RGB"))
        clicks = 0
        while table.session.decider == INVADER:
            assert table.handoff == INVADER and not table.invader_view()
            do_click(app, _card_button(app, table, "pass"))
            clicks += 1
            assert clicks <= 3
        assert table.session.decider == "red" and table.seated != INVADER
        assert len(table.state.hand) == 1  # no card played
        assert clicks == sum(1 for a in table.session.actions if a.kind in ("dodge_card", "dud"))
        assert clicks <= 2
    assert shots[0] == shots[1], "the hand-off card tells whether the invader holds a card that fits"


def test_the_invader_plays_no_card_till_its_turn_from_the_hand_off_card(make_app):
    """"Play no card till the invader's turn" on the card: one click, and the rest of the
    marines' turns this round ask the invader nothing (its questions answered for it, the log
    saying so once); its own turn asks again."""
    from tests.ui.test_doom_play import do_click

    app, table = start_game(make_app, seats=("human", "human"))
    _invader_holds(table, False)
    red_fires_at_a_zombie_beside_it(app, table)
    do_click(app, _card_button(app, table, "let_pass"))
    assert table.session.decider == "red" and table.handoff is None
    assert any("plays no card for the rest of the marines' turns" in str(line) for line, _who in table._log)
    asked = len(table.session.actions)
    attack = next((a for a in table.session.legal_actions() if a.kind == "attack"), None)
    if attack is not None:  # a second attack: the invader's questions answered for it
        table.submit(attack)
        app.run(max_frames=1)
        assert table.session.decider != INVADER and table.handoff is None
        assert len(table.session.actions) > asked
