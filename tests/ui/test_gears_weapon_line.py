"""The Gears hand column's weapon lines (name, the '*' of dice not in the rulebooks, ammo) fit
whole at 1280x720 in every language, at 100% and 125% text: the Greek column read
'Snub *: 2 πυρομαχικά' and 'Lancer *', the name cut to its first word."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.gears.rules.shared import content
from game.ui.gears.table_scene import GearsTable, weapon_line
from game.ui.scene import ChangeSettings
from tests.ui.conftest import frame_texts
from tests.ui.test_gears_layout import table_at


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_every_weapon_line_fits_the_hand_column_whole(make_app, lang, scale):
    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=scale)))
    i18n.set_language(lang)
    try:
        px = app.ctx.px
        width = GearsTable.HAND_INFO_W(px) - px(26)  # beside a discard button
        for w in content().weapons.values():
            rows = weapon_line(app.ctx, w.name + "\u00a0*", 12, width)
            assert len(rows) <= 2 and not any(row.startswith("*") for row, _f in rows), rows
            assert all(font.size(row)[0] <= width for row, font in rows), rows
            joined = " ".join(row for row, _f in rows).replace("- ", "").replace("-", "")
            assert w.name.replace("-", "") in joined.replace("  ", " "), rows
    finally:
        i18n.set_language("en")


def test_the_greek_hand_column_names_each_weapon_whole(make_app):
    app, table = table_at(make_app, (1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language="el")))
    i18n.set_language("el")
    try:
        drawn = " ".join(t for t, _r, _s in frame_texts(app, 2))
        assert "Snub Pistol" in drawn and "Lancer Assault Rifle" in drawn
    finally:
        i18n.set_language("en")
