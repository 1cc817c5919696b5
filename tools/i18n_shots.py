"""Screenshots of the translated screens (issue 18), headless, to look at.

    python tools/i18n_shots.py [--out DIR] [--size 1280x720] [--lang hu] [--menu-lang el]

Plays the scripted Gears game of tools/bench_table.py (China Shop, seed 7, two seats, the
SquadBot choosing and the pointer clicking) with the language set to `--lang`, and saves:
the table mid-game, an attack preview (the first attack the script aims), a refusal (an action
that was legal a moment ago, submitted again: the rules' reason on the message line), the log
after some turns; then the main menu and the settings screen in `--menu-lang`. Prints the
files written.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["TILETOP_CONFIG_DIR"] = tempfile.mkdtemp(prefix="i18n-shots-")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/i18n-shots")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="hu")
    ap.add_argument("--menu-lang", default="el")
    ap.add_argument("--actions", type=int, default=120)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import pygame

    import bench_table as B
    from game import i18n
    from game.engine.protocol import IllegalAction
    from game.engine.session import Session
    from game.gears import bots
    from game.gears.rules.title import GearsTitle
    from game.ui.app import App
    from game.ui.gears.table_scene import GearsTable

    size = tuple(int(v) for v in args.size.split("x"))
    written: list[Path] = []

    def save(app, name: str) -> None:
        app.draw(app.screen)
        path = out / f"{args.lang if name.startswith('table') else args.menu_lang}-{size[0]}x{size[1]}-{name}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)

    app = App(size, headless=True)
    app.clock = B.FixedClock()
    i18n.set_language(args.lang)
    app.step()
    session = Session.start(GearsTitle(), B.MISSION, seed=B.SEED, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "human"], size)
    app.push(table)
    player = B.Player(app, table, out, "shot")
    player.shot = lambda name: None  # the preview is saved below, by name
    bot = {p: bots.SquadBot(seed=B.SEED * 31 + i) for i, p in enumerate(table.players)}
    app.step()
    seen: list = []
    took = set()
    while len(session.actions) < args.actions and not session.is_over():
        player.settle()
        if table.handoff is not None:
            player.click(table.view_rect.center)
            continue
        legal = session.legal_actions()
        if len(session.actions) > args.actions // 3:
            if "mid" not in took:
                player.glide(table.view_rect.center)
                save(app, "table-mid-game")
                took.add("mid")
            if "preview" not in took and table.choices.targets:
                lid = next(iter(table.choices.targets))
                player.click(table.screen_of_figure(lid))
                player.settle()
                if table.target is not None:
                    save(app, "table-attack-preview")
                    took.add("preview")
                table.cancel()
                player.settle()
            if "refusal" not in took:
                stale = next((a for a in reversed(seen) if a not in legal and a.kind in ("step", "play", "attack", "cover")), None)
                if stale is not None:
                    try:
                        session.title.apply(session.state, stale)
                    except IllegalAction:
                        table.submit(stale)  # the table shows the rules' reason
                        player.settle()
                        save(app, "table-refusal")
                        took.add("refusal")
        seen += legal[:3]
        action = bot[session.decider].decide(session.state, legal).action
        player.play(action)
    player.settle()
    save(app, "table-log")
    pygame.display.quit()

    # The menu and the settings screen in the other language.
    i18n.set_language(args.menu_lang)
    menu = App(size, headless=True)
    i18n.set_language(args.menu_lang)
    menu.step()
    save(menu, "menu")
    from game.ui.settings_scene import SettingsScene

    menu.push(SettingsScene(menu.ctx, size) if "size" in SettingsScene.__init__.__code__.co_varnames else SettingsScene(menu.ctx))
    menu.step()
    save(menu, "settings")
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
