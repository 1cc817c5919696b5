"""Watch mode for Doom: `python -m game play doom --scenario ID --seats bot,bot --seed S
--autoplay --frames N --shots DIR --every K` (game/ui/commands.py calls `run`). The seats are
the marines in turn order and the invader last, so `bot,bot` is one marine against the invader
and `bot,bot,bot,bot` three marines. The loop, timing and screenshots are the shared runner's
(game/ui/kit/watch.py)."""
from __future__ import annotations

import sys
from pathlib import Path

from game.engine.session import Session


def run(app, scenario: str, seats: list[str], seed: int, autoplay: bool, frames: int | None,
        shots: Path | None, every: int) -> int:
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.entry import SAVES
    from game.ui.doom.table_scene import DoomTable
    from game.ui.kit import watch

    if not 2 <= len(seats) <= 4:
        print(f"doom: --seats lists 1 to 3 marines and the invader (2 to 4 seats), not {len(seats)}", file=sys.stderr)
        return 2

    def start() -> Session:
        return Session.start(DoomTitle(), scenario, seed=seed, options={"marines": len(seats) - 1})

    def table(session: Session, save: Path, bot_delay_ms: int) -> DoomTable:
        return DoomTable(app.ctx, session, seats, app.screen.get_size(), save, bot_delay_ms=bot_delay_ms)

    return watch.run(app, "doom", start, table, SAVES.watch_path(), autoplay, frames, shots, every)
