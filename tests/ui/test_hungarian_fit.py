"""Issue 18: "Layout holds with longer words: nothing is cut off or overlaps at 1280x720 in
Hungarian". Every button drawn on the shell's screens, the set-up screens and the end screen
holds its whole Hungarian label (a button's font shrinks from 19 to 14 px for a longer label;
one too long even then would be cut with an ellipsis, and this test names it). The clickable
widgets of the same screens do not overlap in Hungarian either."""
from __future__ import annotations

import pytest

from game import i18n
from game.ui import widgets
from tests.ui import test_ui_scale as U


def _convoy_setup(app):
    from game.ui.convoy.setup_scene import ConvoySetup

    app.push(ConvoySetup(app.ctx))
    return app.top


SCREENS = [U.menu, U.settings, U.gears_setup, U.doom_setup, U.level7_setup, _convoy_setup, U.end_screen,
           U.load_list, U.map_list]


@pytest.fixture
def hungarian_app(make_app, config_dir):
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language="hu"))
    app = make_app(U.SIZE)
    assert i18n.language() == "hu"
    return app


def _labels_drawn(monkeypatch) -> list:
    """(label, fits) of every Button drawn from now on."""
    seen: list = []
    draw = widgets.Button.draw

    def recording(self, surface, ctx, hovered):
        seen.append((self.label, self.label_font(ctx).size(self.label)[0] <= self.label_room(ctx)))
        return draw(self, surface, ctx, hovered)

    monkeypatch.setattr(widgets.Button, "draw", recording)
    return seen


@pytest.mark.parametrize("screen", SCREENS, ids=lambda f: f.__name__)
def test_every_button_holds_its_hungarian_label(hungarian_app, monkeypatch, screen):
    seen = _labels_drawn(monkeypatch)
    scene = screen(hungarian_app)
    U.draw(hungarian_app)
    U.draw(hungarian_app)
    assert seen, f"{screen.__name__}: no button drawn"
    assert [label for label, fits in seen if not fits] == []
    assert U.layout_problems(scene) == []


def test_a_label_too_long_for_its_button_is_found(hungarian_app, monkeypatch):
    """The check above can fail: a label no font size fits is reported (and drawn elided)."""
    import pygame

    ctx = hungarian_app.ctx
    button = widgets.Button(pygame.Rect(0, 0, ctx.px(120), ctx.px(40)), "Kezdődjön a menekülés most azonnal", None)
    assert button.label_font(ctx).size(button.label)[0] > button.label_room(ctx)
    longer = widgets.Button(pygame.Rect(0, 0, ctx.px(230), ctx.px(52)), "Kezdődjön a menekülés", None)
    assert longer.label_font(ctx).size(longer.label)[0] <= longer.label_room(ctx)  # fits, smaller
    assert longer.label_font(ctx).get_height() < ctx.font(19, bold=True).get_height()
    short = widgets.Button(pygame.Rect(0, 0, ctx.px(230), ctx.px(52)), "Vissza", None)
    assert short.label_font(ctx).get_height() == ctx.font(19, bold=True).get_height()  # room to spare: full size


def test_a_card_text_keeps_a_long_hungarian_word_whole(hungarian_app):
    """Blind Fire's Hungarian text in a box narrower than its longest word at the largest size:
    the size chosen breaks no word (on the 720p hand, "támadókockával;" went over two lines as
    "támadókockával" and ";")."""
    import pygame

    ctx = hungarian_app.ctx
    text = "1 támadás -1 támadókockával; fedezékben maradsz. Ezután a meződön minden más COG húz 1 Parancs kártyát."
    long_word = ctx.assets.font(12).size("támadókockával;")[0]
    body = pygame.Rect(0, 0, long_word - 1, 400)  # at 12 px the word would be broken, the lines fit
    font = widgets.fitted_font(ctx, text, body, 12, 8)
    lines = widgets.wrap(text, font, body.width)
    assert set(" ".join(lines).split()) == set(text.split())  # every word whole on its line
    assert len(lines) * font.get_linesize() <= body.height
