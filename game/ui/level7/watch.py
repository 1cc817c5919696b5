"""Watch mode for Level 7: `python -m game play level7 --scenario s1 --seats bot,bot --seed S
--autoplay --frames N --shots DIR --every K` (game/ui/commands.py calls `run`). One seat per
character (1 to 4); the loop, timing and screenshots are the shared runner's (game/ui/kit/watch.py)."""
from __future__ import annotations

import sys
from pathlib import Path

from game.engine.session import Session


def run(app, scenario: str, seats: list[str], seed: int, autoplay: bool, frames: int | None,
        shots: Path | None, every: int) -> int:
    from game.level7.rules.title import Level7Title
    from game.ui.kit import watch
    from game.ui.level7.entry import SAVES
    from game.ui.level7.table_scene import Level7Table

    if not 1 <= len(seats) <= 4:
        print(f"level7: --seats lists 1 to 4 characters, not {len(seats)}", file=sys.stderr)
        return 2

    def start() -> Session:
        return Session.start(Level7Title(), scenario, seed=seed, options={"players": len(seats)})

    def table(session: Session, save: Path, bot_delay_ms: int) -> Level7Table:
        return Level7Table(app.ctx, session, seats, app.screen.get_size(), save, bot_delay_ms=bot_delay_ms)

    return watch.run(app, "level7", start, table, SAVES.watch_path(), autoplay, frames, shots, every)
