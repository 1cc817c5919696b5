"""The sentence of an event's step keeps clear of the figures as the step leaves them."""
from __future__ import annotations

from pathlib import Path


def test_a_steps_sentence_keeps_off_the_figures(make_app, config_dir):
    """Seed 5, two players: Subject 2 explores south (the Pump Room), Subject 1 north (Morgue A);
    the event drawn spawns a clone on Morgue A, which attacks. Those steps' sentence stood at the
    view's bottom left (the top covered Morgue A), as wide as it reached over Subject 2's token
    on the Pump Room wherever it slid. It goes narrower where that keeps it off every figure,
    Morgue A still in sight."""
    from game.engine.session import Session
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import Level7Table

    session = Session.start(Level7Title(), "s1", 5, {"players": 2})

    def do(kind, **want):
        session.apply(next(a for a in session.legal_actions()
                           if a.kind == kind and all(a.payload.get(k) == v for k, v in want.items())))

    do("explore", door=["S", 0])
    do("placement")
    while (session.state.proc or {}).get("pending"):  # the next turn's first questions: the first answer
        session.apply(session.legal_actions()[0])
    assert session.state.turn.player == "subject_1"
    do("explore", door=["N", 0])
    app = make_app((1280, 720))
    table = Level7Table(app.ctx, session, ["human", "human"], (1280, 720), Path(app.ctx.settings_file).parent / "l7.json")
    app.push(table)
    table.handoff = None
    table.bot_delay_ms = 0
    app.run(max_frames=1)
    table.submit(session.legal_actions()[0])  # the placement: the event at the turn's end follows
    kinds = []
    r = table._token_radius()
    while table.steps:
        table.dice = None
        step = table.steps[0]
        tile = step.tile or step.tiles.get(step.actor if step.actor in step.tiles else table.state.turn.player)
        if tile in table._placed_names():
            panel, _lines, reveal = table._step_place()
            if reveal is not None:  # the event card revealed beside its sentence: as wide as it must be
                table.steps.pop(0)
                continue
            figures = [table._body_at(*table.camera.to_screen(*at), r) for at in table._figure_spots(step.tiles).values()]
            kinds.append(step.kind)
            assert not any(panel.colliderect(f) for f in figures), (step.kind, panel, figures)
            assert not panel.colliderect(table._screen_rect(table._tile_rect(tile)))
            assert table.view_rect.contains(panel)
        table.steps.pop(0)
    assert "spawn" in kinds and "attack" in kinds
