"""A bot seat's Squad row: the seat kind stays with the name. At 1280x720 and 125% text the
name line had no room for 'Dominic Santiago  (bot)', and '(bot)' opened the status line, where it
read as part of the place ('(bot) not yet on the map'). The mark is a small badge on the name's
line; the name gives way to it (an ellipsis) where both do not fit."""
from __future__ import annotations

import pytest

from game.ui.gears.setup_scene import GearsSetup, SetupChoice
from tests.ui.conftest import click, record_text_rects


@pytest.mark.parametrize("language", ["el", "hu", "en"])
def test_the_bot_mark_is_on_the_name_line_at_125_percent(make_app, config_dir, monkeypatch, language):
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\nui_scale = 1.25\n')
    app = make_app((1280, 720))
    seats = ["human", "bot", "bot", "bot"]
    # Dominic Santiago, the longest name, on a bot seat.
    setup = GearsSetup(app.ctx, SetupChoice(seats=seats, characters=[None, "dominic_santiago", "augustus_cole",
                                                                     "damon_baird"], seed=4242))
    app.push(setup)
    app.run(max_frames=1)
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    table.animate = False
    table.side_open, table.side_tab = True, "squad"
    table.dirty = True
    drawn = record_text_rects(monkeypatch)
    table.draw(app.screen)
    st, px = table.state, table.ctx.px
    bots = [p for p in st.players if table.is_bot(p)]
    assert len(bots) == 3 and any(st.cogs[p].character == "dominic_santiago" for p in bots)
    badge = table.squad_row_words(bots[0], 10 ** 4)[1]
    assert badge
    for p in st.players:
        row = table.squad_rows[p]
        inside = [(t, r) for t, r in drawn if row.contains(r)]
        assert inside, p
        name_top = min(r.top for _t, r in inside)
        pips_left = row.right - table.content.cogs[st.cogs[p].character].hand_limit * px(13)
        marks = [(t, r) for t, r in inside if t == badge]
        if p in bots:
            assert len(marks) == 1, inside
            mark = marks[0][1]
            assert abs(mark.centery - (name_top + table.ctx.font(14, bold=True).get_height() // 2)) <= px(4)
            assert mark.right <= pips_left
            name = next(r for t, r in inside if r.top == name_top and t != badge)
            assert name.right < mark.left
        for t, r in inside:  # no line below the name's begins with the seat kind
            if r.top > name_top + px(8):
                assert not t.startswith("(" + badge) and not t.startswith(badge), (t, inside)


@pytest.mark.parametrize("language", ["el", "hu", "en"])
def test_a_bot_s_long_name_is_whole_beside_six_pips_at_1280x720(make_app, config_dir, monkeypatch, language):
    """At 1280x720 (100% text) a bot's 'Dominic Santiago' beside its badge and six pips read
    'Dominic Santi…' in the Squad section: the name now takes a size or two less (14 down to 12)
    before it is cut."""
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n')
    app = make_app((1280, 720))
    setup = GearsSetup(app.ctx, SetupChoice(seats=["bot", "human"], characters=["dominic_santiago", "marcus_fenix"],
                                            seed=9))
    app.push(setup)
    app.run(max_frames=1)
    click(next(rect for rect, what in setup.hits if what == "start").center)
    app.run(max_frames=1)
    table = app.top
    table.animate = False
    table.side_open, table.side_tab = True, "squad"
    table.dirty = True
    app.run(max_frames=1)
    dominic = next(p for p in table.state.players if table.state.cogs[p].character == "dominic_santiago")
    assert table.is_bot(dominic)
    px = table.ctx.px
    width = table.squad_rows[dominic].width - 6 * px(13) - px(26)  # as the row lays it out: six pips
    name, mark, _status = table.squad_row_words(dominic, width)
    assert name == "Dominic Santiago" and mark
    font = table.squad_name_font(dominic, width)
    assert font.size(name)[0] + table._badge_width(mark) + px(6) <= width
    assert font.get_height() >= table.ctx.font(12, bold=True).get_height()
