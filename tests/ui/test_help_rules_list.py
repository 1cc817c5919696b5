"""The F1 help's Rules tab (game/ui/overlays.py): every rule's title shows whole in the list at
1280x720, in every language (the Greek '6.9 Αντιδράσεις: Φρουρά, Αποφυγή, Ακολούθηση' and the
Hungarian '6.16 Egyszemélyes játék és Őrületes fokozat' ran into the rule's text), and a Gears
decision of a mission's own rule opens its section (spec 9.2.4: Roadblocks' Ticker placement)."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.overlays import HelpOverlay
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable
from tests.ui.test_gears_play import rules_tab_opened_by_f1


class _Below:
    def __init__(self, game):
        self.game = game

    def rules_context(self):
        return self.game, ""


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("game", ["gears", "doom", "level7", "convoy"])
def test_every_rule_title_fits_the_list_whole(make_app, game, language):
    app = make_app((1280, 720))
    i18n.set_language(language)
    help_ = HelpOverlay(app.ctx, "Help", [], below=_Below(game))
    assert help_.rules
    w = min(1280 - app.ctx.px(40), app.ctx.px(980))
    list_w, fitted = help_.rule_list(w)
    assert list_w <= w // 2
    for rule, fit in zip(help_.rules, fitted):
        assert fit.fits and fit.size >= 11, (rule.section, rule.title, fit)
        assert app.ctx.font(fit.size).size(fit.lines[0])[0] <= list_w - app.ctx.px(16)


def test_f1_at_the_roadblocks_ticker_question_opens_its_rule(make_app):
    app = make_app((1280, 720))
    session = Session.start(GearsTitle(), "roadblocks", seed=3, options={"players": 1})
    table = GearsTable(app.ctx, session, ["human"], (1280, 720), SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=1)
    assert table.state.proc["pending"]["kind"] == "ticker_area"
    assert rules_tab_opened_by_f1(app) == "9.2.4"


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", ["gears", "doom", "level7", "convoy"])
def test_the_keys_and_rules_tabs_stand_at_one_height(make_app, monkeypatch, game, size):
    """The F1 help's two tabs: each panel was centred on its own, so the Keys and Rules tabs (and
    the headings under them) stood 29 px apart at 1280x720 as Tab switched between them."""
    import pygame

    from game.ui import widgets

    app = make_app(size)
    help_ = HelpOverlay(app.ctx, "Help", [("Space", "x")] * 8, below=_Below(game))
    heading_tops = []
    real = widgets.text

    def spy(surface, text, font, colour, pos, *args, **kwargs):
        rect = real(surface, text, font, colour, pos, *args, **kwargs)
        if text in (i18n._("Keyboard shortcuts"), i18n._("Rules")) and font.point_size >= app.ctx.px(26):
            heading_tops.append(rect.top)
        return rect

    monkeypatch.setattr(widgets, "text", spy)
    tabs = []
    for tab in ("keys", "rules"):
        help_.tab = tab
        help_.draw(pygame.Surface(size))
        tabs.append(dict(help_.tab_rects))
    assert tabs[0] == tabs[1]
    assert len(heading_tops) == 2 and heading_tops[0] == heading_tops[1], heading_tops
