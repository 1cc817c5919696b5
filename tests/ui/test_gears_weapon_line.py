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


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
@pytest.mark.parametrize("weapons", [[["lancer", 2], ["gnasher", 2]],
                                     [["lancer", 2], ["gnasher", 2], ["hammerburst", 1]]])
def test_the_grenades_line_stays_in_the_column_with_long_weapon_names(make_app, lang, weapons):
    """Played at 1280x720 (Scattered, seed 9, Dominic Santiago): 'Lancer Assault / Rifle *: 2 ammo'
    and 'Gnasher / Shotgun *: 2 ammo', two lines each, pushed 'Bolo Grenades: 2' out of the hand
    column (Scattered's tall map leaves the hand strip its least height). Whole names while the
    column holds them, else the names players use, one line each ('Lancer *: 2 ammo')."""
    from pathlib import Path

    from game.gears.rules.title import GearsTitle
    from tests.gears.built import built_session

    def build(state):
        state.cogs["P1"].weapons = [list(w) for w in weapons]

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang)))
    i18n.set_language(lang)
    try:
        session = built_session(GearsTitle(), "scattered", 9, 3, build)
        table = GearsTable(app.ctx, session, ["human", "bot", "bot"], (1280, 720),
                           Path(app.ctx.settings_file).parent / "t.json", animate=False)
        app.push(table)
        drawn = frame_texts(app, 2)
        assert table.hand_rect.height < app.ctx.px(160)  # the least height, as played
        grenades = i18n._("Bolo Grenades: {n}").format(n=table.state.cogs["P1"].grenades)
        rect = next(r for t, r, _s in drawn if t == grenades)
        assert table.hand_rect.contains(rect), (rect, table.hand_rect)
        for w, _n in weapons:  # each weapon named, by its first word at least
            first = content().weapons[w].name.split()[0]
            assert any(t.startswith(first) for t, _r, _s in drawn), first
    finally:
        i18n.set_language("en")
