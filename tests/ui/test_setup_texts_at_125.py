"""The set-up screens' notes, hints and summary read whole at the 125% text size in 1280x720
(kit/setup_screen.py and the titles' set-up scenes). In Greek and Hungarian they ended in '…':
the optional rules' hint after two lines ('...ο Moloch δίνει πρώτ…', '...a mag al…'), the note
on Convoy's two fixed seats, Convoy's 'How the game goes' ('...και η φάλαγγα προχ…') and Level
7's 'How a turn goes'; Convoy's and Gears' seat summaries had no room at all, and Level 7's
scenario values read 'Ζωτικότητα 4, Απειλή 6, απ…'. Each is set whole, smaller where it must be."""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.ui.convoy.setup_scene import ConvoySetup
from game.ui.doom.setup_scene import DoomSetup
from game.ui.gears.setup_scene import GearsSetup
from game.ui.level7.setup_scene import Level7Setup
from tests.ui.test_ui_scale import at_scale, draw


def _letters(s: str) -> str:
    return re.sub(r"\s+", "", s)


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("setup", [ConvoySetup, Level7Setup, DoomSetup, GearsSetup], ids=lambda c: c.__name__)
def test_the_set_up_texts_read_whole_at_125_percent(make_app, drawn_text, lang, setup):
    app = at_scale(make_app, 1.25)
    i18n.set_language(lang)
    try:
        scene = setup(app.ctx)
        app.push(scene)
        drawn_text.clear()
        draw(app)
        scene = app.top
        seats = scene.choice.seats
        from game.i18n import ngettext

        summary = ngettext("{mission}: {n} seat (people: {humans}, bots: {bots}).",
                           "{mission}: {n} seats (people: {humans}, bots: {bots}).", len(seats)).format(
            mission=scene.scenario_name(), n=len(seats), humans=seats.count("human"), bots=seats.count("bot"))
        shown = _letters("".join(drawn_text))
        for text in (summary, scene.options_hint(), scene.fixed_seats() or ""):
            assert _letters(text) in shown, text
        if setup in (ConvoySetup, Level7Setup):  # nothing on these two is cut
            assert [t for t in drawn_text if "\u2026" in t] == []
    finally:
        i18n.set_language("en")
