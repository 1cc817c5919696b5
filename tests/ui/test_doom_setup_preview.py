"""The Doom set-up screen's map preview shows the start area only (spec 3.10: the marines see
an area when it is revealed; the table draws nothing of the rest, so the set-up screen does
not show its shape either)."""
from __future__ import annotations

import pytest

from game.doom.rules.board import load_map
from game.ui.doom.setup_scene import DoomSetup
from tests.ui.conftest import frame_texts


def test_the_preview_is_the_start_area_and_nothing_else(make_app):
    app = make_app((1280, 720))
    setup = DoomSetup(app.ctx)
    app.push(setup)
    app.run(max_frames=1)
    for scenario in ("knee_deep", "reactor"):
        sc = setup.scenario_record(scenario)
        dmap = load_map(sc.map, setup.content)
        start = {c for a in dmap.start_zones for c in dmap.areas[a]}
        image = setup._preview(scenario)
        tw, th = dmap.board.tile_width / 2, dmap.board.tile_height / 2
        cols = max(c for c, _r in start) - min(c for c, _r in start) + 1
        rows = max(r for _c, r in start) - min(r for _c, r in start) + 1
        w, h = image.get_size()
        assert cols * tw <= w <= cols * tw + tw and rows * th <= h <= rows * th + th  # the start area's box
        assert w < dmap.board.width * tw  # not the whole map
        # Each start square is drawn (opaque at its centre).
        c0, r0 = min(c for c, _r in start), min(r for _c, r in start)
        margin = (w - cols * tw) / 2
        for c, r in start:
            x, y = int(margin + (c - c0 + 0.5) * tw), int(margin + (r - r0 + 0.5) * th)
            assert image.get_at((x, y)).a == 255


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_scenarios_name_keeps_clear_of_its_frag_target(make_app, language):
    """Greek at 1280x720: the practice map's name 'Δοκιμαστικά δωμάτια — χάρτης εξάσκησης' ran
    into 'Ο εισβολέας νικά με 3 frags' on its row. A name now takes a smaller size, then is cut,
    left of the frag target."""
    from dataclasses import replace

    from game import i18n
    from game.ui.scene import ChangeSettings

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=language)))
    i18n.set_language(language)
    setup = DoomSetup(app.ctx)
    app.push(setup)
    drawn = [(t, r) for t, r, _s in frame_texts(app)]
    rows = [r for r, what in setup.hits if what.startswith("scenario:")]
    assert len(rows) >= 2
    for row in rows:
        inside = [r for _t, r in drawn if row.contains(r)]
        for i, a in enumerate(inside):
            for b in inside[i + 1:]:
                assert not a.colliderect(b), [t for t, r in drawn if r in (a, b)]


def setup_lines(make_app, monkeypatch, language: str, read):
    """The Doom set-up screen drawn at 1280x720 in `language`: every line of text it rendered,
    and what `read(setup)` gives in that language."""
    from dataclasses import replace

    from game import i18n
    from game.ui import widgets
    from game.ui.scene import ChangeSettings

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=language)))
    i18n.set_language(language)
    lines: list[str] = []
    real = widgets.rendered
    monkeypatch.setattr(widgets, "rendered", lambda font, line, *a, **k: (lines.append(line), real(font, line, *a, **k))[1])
    try:
        setup = DoomSetup(app.ctx)
        app.push(setup)
        frame_texts(app)
        return lines, read(setup)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_scenarios_goal_line_names_both_places_whole(make_app, monkeypatch, language):
    """Hungarian and Greek at 1280x720: Reactor Shutdown's one-line goal was cut at
    'Vezérlőterem, Rea…' ('... Αίθουσ…'); the translations say it shorter, and both places
    where the encounters lie show whole."""
    from game import i18n

    lines, places = setup_lines(make_app, monkeypatch, language,
                                lambda setup: (i18n.translate("Control room"), i18n.translate("Reactor hall") + "."))
    assert any(places[0] in t and places[1] in t for t in lines), [t for t in lines if places[0] in t]


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_every_goal_line_shows_whole(make_app, monkeypatch, language):
    """At 1280x720 a long goal line (Knee-Deep's exit and frag target, Reactor's meltdown) ended
    in '…' on its scenario's row; the row is as tall as its goal wrapped."""
    from game.ui.doom import words

    lines, goals = setup_lines(make_app, monkeypatch, language, lambda setup: [
        words.goal(setup.content.scenarios[s], load_map(setup.content.scenarios[s].map, setup.content), frags=False)
        for s in setup.scenario_ids])
    drawn = " ".join(lines)
    for goal in goals:
        assert goal in drawn, goal
    assert not any(line.endswith("\u2026") and line.split()[0] in " ".join(goals) for line in lines)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_scenarios_row_gives_its_frag_target_once_and_the_seats_line_is_translated(make_app, drawn_text,
                                                                                     language):
    """Greek at 1280x720: Knee-Deep's row read 'Ο εισβολέας νικά με 6 frags' in its tag and again
    at the end of its goal line (two texts saying the same thing: the goal line now leaves the
    frag target to the tag); and the seats line kept the English 'bots' in
    '(άνθρωποι: 3, bots: 0)'."""
    from dataclasses import replace

    from game import i18n
    from game.i18n import _
    from game.ui.scene import ChangeSettings

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=language)))
    i18n.set_language(language)
    setup = DoomSetup(app.ctx)
    app.push(setup)
    drawn_text.clear()
    texts = frame_texts(app)
    for sid in setup.scenario_ids:
        row = next(r for r, what in setup.hits if what == f"scenario:{sid}")
        in_row = " ".join(" ".join(t for t, r, _s in texts if row.contains(r)).split())
        n = setup.content.scenarios[sid].frag_target
        tag = _("Invader wins at {n} frags").format(n=n)
        assert in_row.count(tag) == 1, in_row
        assert _("The invader wins at {n} frags.").format(n=n).rstrip(".") not in in_row.replace(tag, ""), in_row
    summary = " ".join(" ".join(drawn_text).split())
    if language == "el":
        assert "άνθρωποι: " in summary and "bots" not in summary, summary
