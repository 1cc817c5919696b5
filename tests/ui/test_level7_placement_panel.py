"""The placement cards (the panel a new tile's ways to lie are picked from) keep clear of the
figures on the map."""
from __future__ import annotations

import random
from pathlib import Path

import pytest


def explored_at_random(seed: int, players: int, actions: int):
    """Scenario 1 played by seeded random choices, explores favoured, `actions` actions in: a
    crowded map (the session)."""
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title

    rng = random.Random(seed * 10 + players)
    session = Session.start(Level7Title(), "s1", seed, {"players": players})
    for _ in range(actions):
        acts = session.legal_actions()
        explores = [a for a in acts if a.kind == "explore"]
        session.apply(rng.choice(explores) if explores and rng.random() < 0.6 else rng.choice(acts))
    return session


def _crowded_placement(seed: int, players: int, actions: int):
    """Scenario 1 played by seeded random choices (explores favoured) up to a placement question
    on a crowded map: `actions` actions in, several characters and clones stand round the
    middle and the bottom of the view, where the cards lay."""
    session = explored_at_random(seed, players, actions)
    assert session.state.proc["pending"]["kind"] == "placement"
    return session


@pytest.mark.parametrize("case", [(1, 2, 36), (1, 3, 55)])
@pytest.mark.parametrize("size, scale, language", [((1280, 720), 1.0, "en"), ((1280, 720), 1.25, "en"),
                                                   ((1920, 1080), 1.0, "en"), ((1920, 1080), 1.25, "en"),
                                                   ((1280, 720), 1.25, "el"), ((1280, 720), 1.0, "hu")])
def test_the_placement_cards_cover_no_figure(make_app, config_dir, size, scale, language, case):
    """The cards lay below the view's middle or where they hid the fewest ghosts, over the
    characters and clones standing there (seed 1, two players, 36 actions in: three figures
    under them at 1280x720, seven at 125%). They go where they cover no figure's token, the
    title wrapped and the cards smaller where nothing else is clear; the cards still answer clicks."""
    from game import i18n
    from game.ui.level7.table_scene import Level7Table

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'ui_scale = {scale}\nlanguage = "{language}"\n')
    session = _crowded_placement(*case)
    app = make_app(size)
    table = Level7Table(app.ctx, session, ["human"] * case[1], size, Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    table.animate = False
    app.run(max_frames=1)
    assert i18n.language() == language
    panel = next(r for r, _n in table.panels if any(r.contains(card) for card, _i in table.option_rects))
    assert len(table.option_rects) == len(table.actions)
    assert all(panel.contains(card) for card, _i in table.option_rects)
    assert table.view_rect.contains(panel)
    figures = [table._figure_body(sp) for sp in table._figure_sprites()]
    assert len(figures) >= 5
    assert [f for f in figures if panel.colliderect(f)] == [], (panel, figures)


@pytest.mark.parametrize("language", ["el", "hu", "en"])
def test_the_placement_panel_is_sized_by_its_cards_not_its_title(make_app, config_dir, language):
    """At 1920x1080 in Greek the title ('Τοποθέτηση Κόκκινο εργαστήριο: 2 τρόποι ενώνουν τις
    περισσότερες πόρτες') made the panel 603 pixels wide over two cards of 264: the cards sat in
    empty panel. A title much wider than the cards goes on two lines, centred, and the panel is
    about as wide as its cards."""
    from game.ui.level7.table_scene import Level7Table

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'ui_scale = 1.0\nlanguage = "{language}"\n')
    session = explored_at_random(1, 1, 3)
    assert session.state.proc["pending"]["kind"] == "placement" and len(session.legal_actions()) == 2
    size = (1920, 1080)
    app = make_app(size)
    table = Level7Table(app.ctx, session, ["human"], size, Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    table.animate = False
    app.run(max_frames=1)
    panel = next(r for r, _n in table.panels if any(r.contains(card) for card, _i in table.option_rects))
    cards = table.option_rects[0][0].unionall([c for c, _i in table.option_rects])
    assert panel.width <= cards.width + app.ctx.px(90), (panel, cards)
    assert abs(panel.centerx - cards.centerx) <= 2
