"""`python -m game play [MAP | TITLE ...]` and `python -m game screenshot MAP --out FILE.png`.

`play TITLE` is watch mode: the title's `watch` entry in game/titles.py (for Gears
game.ui.gears.watch.run) runs the real loop and table with the given seats."""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game import titles


def play_main(argv: list[str]) -> int:
    watchable = titles.keys_with("watch")
    parser = argparse.ArgumentParser(prog="python -m game play",
                                     description="open the Tiletop table, or watch bots play a title")
    parser.add_argument("map", nargs="?", metavar="MAP|TITLE",
                        help=f"open this map on the table straight away, or watch a title ({', '.join(watchable)})")
    parser.add_argument("--size", default="1280x720", help="window size WxH (default 1280x720)")
    watch = parser.add_argument_group("watch mode (python -m game play TITLE ...)")
    watch.add_argument("--scenario", "--mission", dest="scenario",
                       help="the scenario (a Gears mission id); default: the title's first")
    watch.add_argument("--seats", default="bot,bot", help="comma list of human/bot, one per player")
    watch.add_argument("--seed", type=int, default=1, help="game seed")
    watch.add_argument("--autoplay", action="store_true", help="bots act without pausing")
    watch.add_argument("--frames", type=int, help="stop after N frames")
    watch.add_argument("--shots", help="write screenshots into this folder")
    watch.add_argument("--every", type=int, default=30, help="one screenshot every K frames")
    args = parser.parse_args(argv)
    size = _size(parser, args.size)
    watched = _watched(parser, args.map)
    from game.ui.app import App, use_dummy_video_if_headless

    use_dummy_video_if_headless()
    if watched is not None:
        seats = [s.strip() for s in args.seats.split(",") if s.strip()]
        if not seats or any(s not in ("human", "bot") for s in seats):
            parser.error(f"--seats {args.seats!r}: give human or bot for each player, e.g. bot,bot")
        app = App(size, headless=args.shots is not None and args.frames is not None)
        code = watched.watch_run()(app, args.scenario or watched.default_scenario, seats, args.seed,
                                   args.autoplay, args.frames, Path(args.shots) if args.shots else None,
                                   args.every)
        app.close()
        return code
    app = App(size)
    if args.map:
        app.open_map(Path(args.map))
    app.run()
    app.close()
    return 0


def _watched(parser: argparse.ArgumentParser, name: str | None) -> titles.TitleEntry | None:
    """The title `play NAME` watches (its registry entry names a watch mode), or None for a map."""
    if name is None or Path(name).exists() or name not in [e.key for e in titles.TITLES]:
        return None
    entry = titles.get(name)
    if entry.watch is None:
        parser.error(f"{entry.name} has no watch mode yet (titles with one: {', '.join(titles.keys_with('watch'))})")
    return entry


def screenshot_main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game screenshot",
                                     description="render a map on the table headless and save a PNG")
    parser.add_argument("map", help="a Tiled .tmx map")
    parser.add_argument("--out", required=True, help="the PNG to write")
    parser.add_argument("--size", default="1920x1080", help="image size WxH (default 1920x1080)")
    parser.add_argument("--los", nargs=2, metavar=("FROM", "TO"), help="show line of sight: area or cover spot names, x,y points, or c,r cells")
    args = parser.parse_args(argv)
    size = _size(parser, args.size)
    # A screenshot never needs a window: render offscreen even when a display exists.
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.ui.app import App
    from game.ui.table.los_view import LosUnavailable
    from game.ui.table.scene import TableScene

    app = App(size, headless=True)
    scene = app.open_map(Path(args.map))
    if not isinstance(scene, TableScene):
        overlay = app.top
        print(getattr(overlay, "message", f"{args.map}: cannot open"), file=sys.stderr)
        return 1
    if args.los:
        try:
            scene.show_los_named(*args.los)
        except (ValueError, KeyError, LosUnavailable) as exc:
            print(exc.args[0] if exc.args else exc, file=sys.stderr)  # KeyError's str() adds quotes
            return 1
    app.step([])
    out = Path(args.out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
    except (OSError, pygame.error) as exc:
        print(f"{out}: cannot write ({exc})", file=sys.stderr)
        return 1
    if args.los and scene.los is not None:
        print(f"{args.los[0]} -> {args.los[1]}: {scene.los_status}")
    print(f"wrote {out}")
    return 0


def _size(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        parser.error(f"--size {text!r} is not WIDTHxHEIGHT")
    if not (320 <= w <= 8192 and 240 <= h <= 8192):
        parser.error(f"--size {text!r} is out of range (320x240 to 8192x8192)")
    return w, h
