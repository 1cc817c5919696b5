"""Doom's set-up, its Rule options tab: each option's name, value and explanation read whole.
Set in rows of a fixed share, the explanations were cut after one line ('Spec 11 item 6: a
simpler game deals only the Me…'), the values too ('from next to the door (rulebook)…'), and at
125% in 1280x720 the nine rows ran on under the buttons at the screen's foot. Where they do not
all fit, they scroll (the wheel over them), with a note saying which are shown. The
explanations are in a player's words: the spec's item stays in the rules' data (OPTIONS)."""
from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest

from game import i18n
from game.i18n import _
from game.ui.doom import words
from game.ui.doom.setup_scene import DoomSetup
from tests.ui.conftest import click, move, wheel
from tests.ui.test_ui_scale import draw


def _letters(s: str) -> str:
    return re.sub(r"\s+", "", s)


def _open(make_app, size, scale, lang):
    app = make_app(size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    i18n.set_language(lang)
    scene = DoomSetup(app.ctx)
    app.push(scene)
    app.run(max_frames=1)
    scene = app.top
    tab = next(r for r, what in scene.hits if what == "tab:rules")
    click(tab.center)
    app.run(max_frames=1)
    assert scene.tab == "rules"
    return app, scene


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1280, 720), 1.25), ((1920, 1080), 1.0),
                                         ((1920, 1080), 1.25)])
def test_every_rule_option_reads_whole(make_app, drawn_text, lang, size, scale):
    app, scene = _open(make_app, size, scale, lang)
    move(scene.rules_area.center)
    app.run(max_frames=1)
    seen: list[str] = []
    buttons: list[pygame.Rect] = []
    for _turn in range(12):  # from the first option to the last, as the wheel scrolls them
        drawn_text.clear()
        draw(app)
        seen += drawn_text
        buttons += [r for r, what in scene.hits if what.startswith("rule:")]
        wheel(-1)
        app.run(max_frames=1)
    assert [t for t in seen if t.endswith("\u2026")] == []
    shown = _letters("".join(seen))
    for name, (title, values, why) in words.RULE_OPTIONS.items():
        for text in (_(title), _(why), _(next(iter(values.values())))):
            assert _letters(text) in shown, text
        assert not re.match(r"(Spec|Seed|Rulebook)\b", why), why  # a player's words, no reference
    # The rows lie inside the tab, above the foot of the left column.
    panel_bottom = size[1] - scene.ctx.px(96)
    assert buttons and all(r.bottom <= panel_bottom for r in buttons)


def test_a_click_on_a_rule_button_takes_its_next_value_after_a_scroll(make_app):
    app, scene = _open(make_app, (1280, 720), 1.25, "el")
    assert scene.rules_max_scroll > 0  # nine options in 1280x720 at 125%: scrolled
    move(scene.rules_area.center)
    for _n in range(scene.rules_max_scroll + 2):
        wheel(-1)
        app.run(max_frames=1)
    assert scene.rules_scroll == scene.rules_max_scroll
    rect, what = [(r, w) for r, w in scene.hits if w.startswith("rule:")][-1]
    assert what == "rule:squeeze"  # the last option is shown
    click(rect.center)
    app.run(max_frames=1)
    assert scene.choice.rules == {"squeeze": "forbidden"}
