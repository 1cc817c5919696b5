"""Watch mode for any title: bots play a game in the real loop and table, and every K frames
(and the last one) the window is saved as DIR/<key>-00001.png, for looking at a table's screens
without playing (`python -m game play <key> ... --autoplay --frames N --shots DIR --every K`).

With autoplay the bots act with no pause, moves and dice play five times as fast and the loop
ticks at 240 frames a second, so N frames cover many actions. The title gives how its game starts and its table scene (a GameTable); the
table autosaves into the title's watch file (SaveStore.watch_path), never over a person's game.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

import pygame

from game.engine.session import Session
from game.ui.kit.game_table import BOT_DELAY_MS, GameTable

AUTOPLAY_TIME = 0.2
MakeTable = Callable[[Session, Path, int], GameTable]  # (session, save path, bot delay ms)


def run(app, key: str, start: Callable[[], Session], make_table: MakeTable, save: Path, autoplay: bool,
        frames: int | None, shots: Path | None, every: int) -> int:
    """0 when the frames ran; 2 (with the rules' sentence) when the game cannot start."""
    try:
        session = start()
    except ValueError as exc:
        print(f"{key}: {exc}", file=sys.stderr)
        return 2
    table = make_table(session, save, 0 if autoplay else BOT_DELAY_MS)
    if autoplay:
        table.time_scale = AUTOPLAY_TIME  # moves and dice still shown, five times as fast
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
            pygame.image.save(app.screen, str(shots / f"{key}-{written:05d}.png"))
    print(f"{key} watch: {n} frames, {len(session.actions)} actions, outcome {table.outcome() or 'playing'}"
          + (f", {written} screenshots in {shots}" if shots else ""))
    return 0
