"""The order buttons of a marine at Ready, in Greek at 125% in 1280x720: 'Διαταγή «Στόχευση»'
and 'Διαταγή «Αποφυγή»' were set on one line at 9 px (the word in quotes wider than the button
at the two-line sizes, the paged width let it), beside 'Διαταγή «Φρουρά»' on two lines. Each now
reads on two lines, broken between words, at 12 units or more."""
from __future__ import annotations

from dataclasses import replace

import pygame

from game import i18n
from game.ui.scene import ChangeSettings
from tests.ui.test_doom_play import start_game


def test_greek_order_buttons_read_on_two_lines_not_at_9_px(make_app):
    app, table = start_game(make_app, seats=("human", "bot"), seed=5)
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=1.25, language="el")))
    i18n.set_language("el")
    table.submit(next(a for a in table.session.legal_actions()
                      if a.kind == "declare" and a.payload["action"] == "ready"))
    app.run(max_frames=2)
    orders = [(rect, str(label)) for rect, label, what in table.buttons if getattr(what, "kind", None) == "order"]
    assert len(orders) == 3, orders
    least = table.ctx.font(12, bold=True).get_linesize()
    for rect, label in orders:
        font, lines = table.button_lines(rect, label)
        assert " ".join(lines) == label and len(lines) == 2, (label, lines)
        assert font.get_linesize() >= least, (label, font.get_linesize(), least)
        assert all(font.size(line)[0] <= rect.width for line in lines)
    assert pygame.display.get_surface().get_rect().contains(table.prompt_rect)
