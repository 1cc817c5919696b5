"""The log stays useful in a short side panel (1280x720) in every language. A drawn Locust AI
card was logged with its whole text ('The Locust AI card Wretch AI card 9 is drawn: IF a COG
...'), five to eleven lines in Hungarian and Greek at 1280x720, so the log showed two or three
entries: the card's text is in the AI section, and the log now names the card in one line."""
from __future__ import annotations

import pytest

from game import i18n
from game.ui import widgets
from game.ui.gears import words
from tests.ui.test_gears_play import start_game


def _first_ai_card(table) -> int:
    """Plays with the bots until a Locust AI card is drawn; its position in the table's log."""
    table.bot_delay_ms = 0
    for _ in range(400):
        for i, (entry, _who) in enumerate(table._log):
            if getattr(entry, "kind", "") == "ai_card":
                return i
        table.update(50)
    raise AssertionError("no Locust AI card drawn")


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_drawn_ai_card_is_one_log_line_naming_it(make_app, config_dir, language):
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=language))
    app, table = start_game(make_app, seats=("bot",), size=(1280, 720))
    assert i18n.language() == language
    i = _first_ai_card(table)
    event = table._log[i][0]
    card = event.payload["card"]
    text = i18n._(table.content.ai_cards[card].text)
    line = table._line(i)
    assert words.ai_card(table.content, card) in line
    assert text not in line and text.split(":")[0] not in line  # the card's text is the AI section's
    assert table.ai_card(event).text == text  # what the AI section shows of it
    app.run(max_frames=1)
    font = table.ctx.font(13)  # the log's font (log_panel.log_lines)
    assert len(widgets.wrap(line, font, table._log_rect.width)) <= 2


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_decks_line_wraps_between_its_two_items_only(make_app, config_dir, drawn_text, language):
    """The Squad section's deck counts at 1280x720: in Greek the line broke as
    'Διαταγές 33 / απορρ. 15   AI 6 / απορρ.' over a lone '12'."""
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=language))
    app, table = start_game(make_app, size=(1280, 720))
    st = table.state
    st.orders.discard_pile.extend(st.orders.draw_pile[:15])  # two-digit counts, as in play
    del st.orders.draw_pile[:15]
    st.ai.discard_pile.extend(st.ai.draw_pile[:12])
    del st.ai.draw_pile[:12]
    table.state_version += 1
    table.dirty = True
    drawn_text.clear()
    app.run(max_frames=1)
    items = (i18n._("Orders {draw} / discard {discard}").format(draw=len(st.orders.draw_pile), discard=len(st.orders.discard_pile)),
             i18n._("AI {ai} / discard {ai_discard}").format(ai=len(st.ai.draw_pile), ai_discard=len(st.ai.discard_pile)))
    shown = [" ".join(s.split()) for s in drawn_text]
    for item in items:
        assert any(item in s for s in shown), (item, [s for s in shown if "/" in s])


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_stage_s_special_rules_fold_in_a_short_side_panel(make_app, config_dir, drawn_text, language):
    """The Showdown in Greek at 1280x720: the Stage section's two special rules took eight lines
    and the log kept five. In a short side panel they fold to a line counting them (as the AI
    card folds); the section's + opens them whole, and the log gets the lines back. At
    1920x1080 they show open."""
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=language))
    app, table = start_game(make_app, size=(1280, 720))
    table.state.mission = "the_showdown"  # for drawing only: a stage with two long special rules
    rules = table.content.missions["the_showdown"].stages[0].special_rules
    assert len(rules) == 2
    table.state_version += 1
    table.dirty = True
    drawn_text.clear()
    app.run(max_frames=1)
    shown = " ".join(drawn_text)
    first = i18n._(rules[0].text).split()[:3]
    assert " ".join(first) not in shown
    assert i18n.ngettext("{n} special rule (+ shows it)", "{n} special rules (+ shows them)", 2).format(n=2) in shown
    folded_log = table._log_rect.height
    fold = next(r for r, _l, what in table.buttons if what == "stage_fold")
    table.click(fold.center)
    drawn_text.clear()
    app.run(max_frames=1)
    assert table.stage_unfolded() and " ".join(first) in " ".join(" ".join(drawn_text).split())
    assert table._log_rect.height < folded_log
    app2, tall = start_game(make_app, size=(1920, 1080))
    assert tall.stage_unfolded()


def test_a_refused_step_names_the_area_once(make_app):
    """Playing Emergence: a click on an area two steps away said 'Flowerbeds (16A): Flowerbeds
    (16A) is not adjacent to Lawn (9A): a move goes one area at a time ...'."""
    from tests.ui.test_gears_layout import drive, table_at

    app, table = table_at(make_app, (1920, 1080))
    assert drive(table, lambda t: t.session.decider == "P1" and any(a.kind == "step" for a in t.session.legal_actions()))
    steps = {a.payload["area"] for a in table.session.legal_actions() if a.kind == "step"}
    said = [table._why_not_area(a) for a in table.state.view().board.areas if a not in steps]
    far = [s for s in said if "adjacent" in s]
    assert far
    for line in far:
        name = line.split(" is not adjacent")[0]
        assert ":" not in name and line.count(name) == 1, line
