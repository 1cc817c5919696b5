"""The invader's event card buttons word the choice once: the prompt names the card ('Smash: how
will you play it?'), and each of Smash's six door buttons had read 'Play Smash: destroy door D1',
'Play Smash: destroy door D2'... (cut at 1280x720 where the door is the only difference). The
rules keep the choice apart in the action's label (rules/turn.py, `choice`)."""
from __future__ import annotations

from game import i18n
from game.doom.rules.title import DoomTitle
from game.engine.session import Session
from game.ui.doom.table_scene import DoomTable
from tests.doom.conftest import deal, put
from tests.ui import test_ui_scale as U


def _invader_with(app, card: str):
    session = Session.start(DoomTitle(), "knee_deep", 11, {"marines": 1})
    put(session.state, "zombie", (20, 10))  # a figure for the cards that name one
    if card not in session.state.hand:
        deal(session.state, card)
    table = DoomTable(app.ctx, session, ["human", "human"], U.SIZE, bot_delay_ms=0, animate=False)
    app.push(table)
    table.submit(next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "ready"))
    table.submit(next(a for a in session.legal_actions() if a.kind == "end_turn"))
    while session.state.phase == "discard":
        table.submit(next(a for a in session.legal_actions() if a.kind == "discard" and a.payload["card"] != card))
    table.handoff = None
    U.draw(app)
    assert session.decider == "invader"
    table.selected_card = card
    return session, table


def _card_buttons(table) -> list[str]:
    _prompt, buttons = table.prompt_choices()
    return [label for label, what, _p in buttons if getattr(what, "kind", "") == "play"]


def test_smash_buttons_say_which_door_not_the_card_again(make_app):
    app = make_app(U.SIZE)
    session, table = _invader_with(app, "smash#1")
    plays = [a for a in session.legal_actions() if a.kind == "play" and a.payload["card"] == "smash#1"]
    labels = _card_buttons(table)
    assert len(labels) == len(plays) >= 2
    assert labels == [f"Destroy door {a.payload['door']}" for a in plays]
    for lang in ("hu", "el"):
        i18n.set_language(lang)
        try:
            prompt, _b = table.prompt_choices()
            name = table.content.invader_card("smash#1").name
            shown = i18n._(name)
            assert shown in prompt and not any(shown in label for label in _card_buttons(table)), (lang, prompt)
        finally:
            i18n.set_language("en")
    assert str(plays[0].text) == f"Play Smash: destroy door {plays[0].payload['door']}"  # the whole label elsewhere


def test_demonic_speed_buttons_name_the_monster(make_app):
    app = make_app(U.SIZE)
    session, table = _invader_with(app, "demonic_speed#1")
    labels = _card_buttons(table)
    assert labels and all(label.startswith("Every ") and "Demonic Speed" not in label for label in labels), labels


def test_a_refusal_goes_when_the_next_click_chooses_a_card(make_app):
    """The invader clicked a door in the spawn step: 'The invader plays at most one spawn card
    now (or none).' Then a spawn card: the prompt asked 'Zombie Pack: how will you play it?'
    under the refusal, which stayed up (a refusal stays until an action is taken)."""
    from tests.ui.test_doom_play import play_by_clicks, start_game
    from tests.ui.test_gears_play import do_click
    from game.ui.doom.entry import INVADER

    app, table = start_game(make_app, seats=("human", "human"))
    while table.session.decider == "red":
        play_by_clicks(app, table, next(a for a in table.session.legal_actions() if a.kind in ("end_turn", "declare")))
    do_click(app, table.view_rect.center)  # the hand-off card
    assert table.session.decider == INVADER and table.invader_view()
    do_click(app, table.screen_of_door("D1"))
    assert table.message and not table.message_ok
    card = next(c for c in table.card_rects if c in table.choices.cards)
    do_click(app, table.card_rects[card].center)
    assert table.selected_card == card and table.message == ""
