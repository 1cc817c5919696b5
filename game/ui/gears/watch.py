"""Watch mode for Gears: `python -m game play gears --mission NAME --seats bot,bot --seed S
--autoplay --frames N --shots DIR --every K` (game/ui/commands.py calls `run`). The loop,
timing and screenshots are the shared runner's (game/ui/kit/watch.py); Gears gives its mission
start and its table."""
from __future__ import annotations

from pathlib import Path

from game.engine.session import Session


def run(app, mission: str, seats: list[str], seed: int, autoplay: bool, frames: int | None,
        shots: Path | None, every: int) -> int:
    from game.gears.rules.title import GearsTitle
    from game.ui.gears.entry import SAVES
    from game.ui.gears.table_scene import GearsTable
    from game.ui.kit import watch

    def start() -> Session:
        return Session.start(GearsTitle(), mission, seed=seed, options={"players": len(seats)})

    def table(session: Session, save: Path, bot_delay_ms: int) -> GearsTable:
        return GearsTable(app.ctx, session, seats, app.screen.get_size(), save, bot_delay_ms=bot_delay_ms)

    return watch.run(app, "gears", start, table, SAVES.watch_path(), autoplay, frames, shots, every)
