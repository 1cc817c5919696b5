"""The log keeps a useful height beside the AI card: at 1280x720 the Locust AI card with its
reasons took about half the side panel's height left, and the log showed four lines. In a short
side panel the card starts folded to its name and newest reason (its fold button opens it, the
text whole, and folds it again); in a tall one (1920x1080) it shows open."""
from __future__ import annotations

import pytest

from game import i18n
from game.i18n import _
from game.ui.kit.ai_panel import AiShown
from tests.ui.test_gears_play import do_click, start_game

CARD_TEXT = (230, 210, 200)  # the colour ai_panel.draw gives the card's text


def _with_long_card(table) -> str:
    cards = sorted(table.content.ai_cards.values(), key=lambda c: len(_(c.text)))
    card = cards[-1]
    table.ai = AiShown(card.id, card.id, _(card.text), lines=[_(c.text) for c in cards[-5:-1]])
    table.dirty = True
    return _(card.text)


def _fold_button(table):
    return next((r for r, _l, what in table.buttons if what == "ai_fold"), None)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_log_keeps_its_room_beside_the_ai_card_at_720p(make_app, config_dir, drawn_text, language):
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=language))
    app, table = start_game(make_app, size=(1280, 720))
    assert i18n.language() == language
    text = _with_long_card(table)
    app.run(max_frames=1)
    assert not table.ai_unfolded() and "ai" in table.side_sections
    assert table._log_rect.height >= table.ctx.px(table.LOG_KEEP)
    shown = " ".join(s for s, colour in zip(drawn_text, drawn_text.colours) if colour == CARD_TEXT)
    assert text.split()[0] not in shown.split()  # folded: the name and newest reason only
    assert any(s.startswith("\u2192") for s in drawn_text), "the newest reason shows folded too"
    drawn_text.clear()
    do_click(app, _fold_button(table).center)  # the frame after the click draws it open
    assert table.ai_unfolded()
    pieces = [s for s, colour in zip(drawn_text, drawn_text.colours) if colour == CARD_TEXT and s.strip()]
    assert " ".join(" ".join(pieces).split()) == " ".join(text.split())
    do_click(app, _fold_button(table).center)
    assert not table.ai_unfolded()


def test_a_tall_side_panel_shows_the_ai_card_open(make_app):
    app, table = start_game(make_app, size=(1920, 1080))
    _with_long_card(table)
    app.run(max_frames=1)
    assert table.ai_unfolded() and _fold_button(table) is not None
    do_click(app, _fold_button(table).center)
    assert not table.ai_unfolded()


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_card_shows_open_while_a_person_decides_for_it_at_720p(make_app, config_dir, drawn_text, language):
    """Roadblocks at 1280x720 asked 'Ticker AI card 30: which figure acts next?' under the
    folded card's name alone (its text is not in the log either): while a person at the table
    answers the card's own question, the card shows open (its text whole, as the fold button
    opens it); not for Guard, Dodge or a wound's discards, which read the log's newest lines."""
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=language))
    app, table = start_game(make_app, size=(1280, 720))
    text = _with_long_card(table)
    table.state.flags["ai_in_play"] = table.ai.card  # the rules resolve it; the seat decides
    assert not table.is_bot(table.session.decider)
    table.state_version += 1
    drawn_text.clear()
    app.run(max_frames=1)
    assert table.ai_unfolded()
    pieces = [s for s, colour in zip(drawn_text, drawn_text.colours) if colour == CARD_TEXT and s.strip()]
    assert " ".join(" ".join(pieces).split()) == " ".join(text.split())
    proc = table.state.proc
    for kind in ("guard", "dodge", "wound_discard"):  # an attack's reactions read the log's newest lines
        table.state.proc = dict(proc, pending=dict(proc["pending"], kind=kind))
        assert not table.ai_card_asks(), kind
    table.state.proc = proc
    do_click(app, _fold_button(table).center)  # the person's fold stands
    assert not table.ai_unfolded()
    table.state.flags.pop("ai_in_play")
    table.ai_open = None
    assert not table.ai_unfolded()  # resolved: folded again in the short panel
