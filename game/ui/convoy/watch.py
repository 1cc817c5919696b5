"""Watch mode for Neuroshima Convoy: `python -m game play convoy --seats bot,bot --seed S
--autoplay --frames N --shots DIR --every K` (game/ui/commands.py calls `run`). Two seats, Moloch
then the Outpost; the loop, timing and screenshots are the shared runner's (game/ui/kit/watch.py)."""
from __future__ import annotations

import sys
from pathlib import Path

from game.engine.session import Session


def run(app, scenario: str, seats: list[str], seed: int, autoplay: bool, frames: int | None,
        shots: Path | None, every: int) -> int:
    from game.convoy.rules.title import ConvoyTitle
    from game.ui.convoy.entry import SAVES
    from game.ui.convoy.table_scene import ConvoyTable
    from game.ui.kit import watch

    if len(seats) != 2:
        print(f"convoy: --seats lists the two sides, Moloch then the Outpost, not {len(seats)}", file=sys.stderr)
        return 2

    def start() -> Session:
        return Session.start(ConvoyTitle(), scenario or "standard", seed=seed, options={})

    def table(session: Session, save: Path, bot_delay_ms: int) -> ConvoyTable:
        return ConvoyTable(app.ctx, session, seats, app.screen.get_size(), save, bot_delay_ms=bot_delay_ms)

    return watch.run(app, "convoy", start, table, SAVES.watch_path(), autoplay, frames, shots, every)
