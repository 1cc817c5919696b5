"""Watch mode: `python -m game play gears --mission NAME --seats bot,bot --seed S --autoplay
--frames N --shots DIR --every K` runs the real loop and table with bots and writes screenshots.

Bots act with no pause and animations are kept short, so N frames cover many actions; every K
frames (and the last one) the window is saved as DIR/gears-00001.png.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game.engine.session import Session


def run(app, mission: str, seats: list[str], seed: int, autoplay: bool, frames: int | None,
        shots: Path | None, every: int) -> int:
    from game.gears.rules.title import GearsTitle
    from game.ui.gears.entry import SAVES
    from game.ui.gears.table_scene import GearsTable

    try:
        session = Session.start(GearsTitle(), mission, seed=seed, options={"players": len(seats)})
    except ValueError as exc:
        print(f"gears: {exc}", file=sys.stderr)
        return 2
    save = SAVES.watch_path()
    table = GearsTable(app.ctx, session, seats, app.screen.get_size(), save, bot_delay_ms=0 if autoplay else 350)
    app.push(table)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    n = 0
    written = 0
    while app.running and (frames is None or n < frames):
        app.step()
        app.clock.tick(240 if autoplay else 60)
        n += 1
        if shots is not None and (n % max(1, every) == 0 or (frames is not None and n == frames)):
            app.draw(app.screen)
            written += 1
            pygame.image.save(app.screen, str(shots / f"gears-{written:05d}.png"))
    print(f"gears watch: {n} frames, {len(session.actions)} actions, outcome {session.state.outcome or 'playing'}"
          + (f", {written} screenshots in {shots}" if shots else ""))
    return 0
