"""A question too long for the prompt strip's lines, even three a size smaller, is paged inside
the strip (GameTable._prompt_text_paged): a '1/2 ▼' button at the words' right end turns its
pages. Its rest had gone on in a box over the top of the map, covering the figures there: the
longest Greek and Hungarian questions at 1280x720 and 125% text size, in every title."""
from __future__ import annotations

from dataclasses import replace

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.ui.scene import ChangeSettings
from tests.ui.conftest import frame_texts
from tests.ui.test_gears_play import do_click


def longest_questions(language: str, n: int = 4) -> str:
    """The `n` longest questions of the language's catalogue, one after the other (the words
    of a question and the reason the rules give with it)."""
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / "tiletop.po"
    with open(path, "rb") as handle:
        catalogue = read_po(handle)
    found = sorted((m.string for m in catalogue if isinstance(m.id, str) and m.id.rstrip().endswith("?")
                    and isinstance(m.string, str) and "{" not in m.string), key=len, reverse=True)
    return " ".join(found[:n])


def at_125(make_app, language: str):
    def make(size=(1280, 720), **kwargs):
        app = make_app(size, **kwargs)
        app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=1.25, language=language)))
        return app
    return make


def open_title(title: str, make):
    if title == "gears":
        from tests.ui.test_gears_play import start_game
    elif title == "doom":
        from tests.ui.test_doom_play import start_game
    elif title == "level7":
        from tests.ui.test_level7_play import start_game
    else:
        from tests.ui.test_convoy_play import start_game
    app, table = start_game(make)
    table.handoff = None
    return app, table


@pytest.mark.parametrize("language", ["hu", "el"])
@pytest.mark.parametrize("title", ["gears", "doom", "level7", "convoy"])
def test_a_question_too_long_for_the_strip_is_paged_inside_it(make_app, title, language):
    app, table = open_title(title, at_125(make_app, language))
    assert table.ctx.settings.ui_scale == 1.25 and i18n.language() == language  # Convoy's table fits itself to 100%
    question = longest_questions(language)
    _said, options = table.prompt_choices()
    options = list(options)[:3] or [("OK", "noop", True)]
    table.prompt_choices = lambda: (question, options)
    table.dirty = True
    app.run(max_frames=1)
    strip = table.prompt_rect
    assert len(table._prompt_lines) > 3, "not too long for the strip: the test shows nothing"
    assert not any(kind == "prompt" for _r, kind in table.panels)  # no box over the map
    # The words paged anyway, the options (up to three here) stand all beside them, not paged too.
    assert not any(what in ("prompt:next", "prompt:prev") for _r, _l, what in table.buttons)
    assert {what for _r, _l, what in table.buttons} >= {what for _l, what, _p in options}
    seen: list[str] = []
    for _page in range(len(table._prompt_lines)):
        drawn = frame_texts(app)
        shown = table._prompt_shown
        for line in shown:
            rect = next(r for t, r, _s in drawn if t == line)
            assert strip.contains(rect), f"{line!r} at {rect} leaves the strip {strip}"
        turn = next((r for r, _l, what in table.buttons if what == "prompt:text"), None)
        assert turn is not None and strip.contains(turn)
        others = [r for r, _l, what in table.buttons if strip.colliderect(r) and what != "prompt:text"]
        assert not any(turn.colliderect(r) for r in others)
        assert all(turn.left >= r.right for t, r, _s in drawn if t in shown)  # beside the words
        if seen and shown == table._prompt_lines[:len(shown)]:
            break  # back on the first page
        seen += shown
        do_click(app, turn.center)
    assert " ".join(seen) == " ".join(table._prompt_lines) == question  # every word, on its pages
    assert len(seen) == len(table._prompt_lines)
