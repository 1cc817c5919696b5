"""Frame time of the table at 1920x1080 with the largest board, 30 figure tokens and a hand of 7
cards; pyscroll's BufferedRenderer on the same .tmx for comparison; start-up time to first frame.

    SDL_VIDEODRIVER=dummy python tools/bench_render.py [--frames N]

Goals (issue "The table on screen", part 6): <= 4 ms per frame on the CPU headless, no slower
than pyscroll (ratio <= 1.0), first frame within 1 s of start-up.

The Doom case (issue 13: no frame over 16 ms of CPU): the Doom table on the scenario with the
most squares, three marines and every invader figure the pools hold placed on free squares,
every area revealed, seen from the invader's seat (the whole map), the camera panning and the
pointer over a figure (its card) every frame; CPU time per frame, median and max.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZE = (1920, 1080)


def largest_map(maps_dir: Path) -> Path:
    from game.board.model import MapError
    from game.board.tmx import load_board

    best, best_area = None, -1
    for path in sorted(maps_dir.rglob("*.tmx")):
        try:
            w, h = load_board(path).pixel_size()
        except MapError:
            continue
        if w * h > best_area:
            best, best_area = path, w * h
    if best is None:
        sys.exit("no loadable map under maps/")
    return best


def time_frames(draw, frames: int) -> list[float]:
    times = []
    for i in range(frames):
        t0 = time.perf_counter()
        draw(i)
        times.append((time.perf_counter() - t0) * 1000)
    return times


def bench_tiletop(path: Path, frames: int) -> list[float]:
    import random

    import pygame

    from game.ui.app import App
    from game.ui.table.camera import ZOOM_LEVELS
    from game.ui.table.scene import FigureToken

    app = App(SIZE, headless=True)
    scene = app.open_map(path)
    rng = random.Random(7)
    w, h = scene.board.pixel_size()
    kinds = sorted(p.stem for p in (ROOT / "assets" / "tokens").glob("*.png")) or ["cog_p1", "drone", "wretch"]
    scene.figures = [FigureToken(rng.choice(kinds), rng.uniform(0, w), rng.uniform(0, h)) for _ in range(30)]
    backs = sorted(p.stem for p in (ROOT / "assets" / "cards").glob("*.png"))[:7]
    scene.hand = backs + [f"card_{i}" for i in range(7 - len(backs))]  # stand-ins if art is missing
    scene.camera.zoom_index = ZOOM_LEVELS.index(1.0)
    scene.camera.center_on(w / 2, h / 2)
    app.step([])  # build the zoom buffer and caches, as the first frame does

    def draw(i: int) -> None:
        scene.camera.pan(1 if i % 2 else -1, 0)  # every frame really moves, so nothing is skipped
        scene.dirty = True
        app.step([])

    result = time_frames(draw, frames)
    assert app.frames_drawn >= frames
    app.close()
    pygame.display.quit()
    return result


def bench_pyscroll(path: Path, frames: int) -> list[float] | None:
    try:
        import pyscroll
    except ImportError:
        print("pyscroll: not installed, no comparison")
        return None
    import pygame
    from pytmx.util_pygame import load_pygame

    pygame.display.init()
    screen = pygame.display.set_mode(SIZE)
    try:
        tiled = load_pygame(str(path))
    except (OSError, pygame.error) as exc:
        print(f"pyscroll: cannot load {path.name} with its art ({exc}); no comparison")
        pygame.display.quit()
        return None
    data = pyscroll.TiledMapData(tiled)
    renderer = pyscroll.BufferedRenderer(data, SIZE, clamp_camera=False)
    w, h = data.map_size[0] * data.tile_size[0], data.map_size[1] * data.tile_size[1]
    renderer.center((w / 2, h / 2))
    renderer.draw(screen, screen.get_rect())

    def draw(i: int) -> None:
        renderer.center((w / 2 + (i % 2), h / 2))
        renderer.draw(screen, screen.get_rect())
        pygame.display.flip()

    result = time_frames(draw, frames)
    pygame.display.quit()
    return result


def doom_full_table():
    """A Doom session on the largest scenario with 3 marines and every pooled figure placed."""
    from game.doom.content import shared_content
    from game.doom.rules.board import footprint, load_map
    from game.doom.rules.effects import pool_left
    from game.doom.rules.state import Invader
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session

    c = shared_content()
    real = [k for k, sc in c.scenarios.items() if k != "sample"]
    scenario = max(real, key=lambda k: len(load_map(c.scenarios[k].map, c).floor))
    session = Session.start(DoomTitle(), scenario, seed=1, options={"marines": 3})
    st = session.state
    st.revealed = sorted(st.map.areas)
    free = sorted(st.map.floor - set(st.figure_cells()) - st.blocking_markers())
    used: set = set()
    for monster in sorted(c.monsters):
        for _n in range(max(0, pool_left(st, monster))):
            for cell in free:
                cells = footprint(c.monsters[monster].footprint, cell, "east")
                if all(x in st.map.floor and x not in used and x in free for x in cells):
                    fid = st.new_id(monster)
                    st.invaders[fid] = Invader(fid, monster, list(cells))
                    used.update(cells)
                    break
    return scenario, session


def bench_doom(frames: int) -> tuple[str, int, list[float]]:
    import pygame

    from game.ui.app import App
    from game.ui.doom.table_scene import DoomTable

    app = App(SIZE, headless=True)
    scenario, session = doom_full_table()
    table = DoomTable(app.ctx, session, ["bot", "bot", "bot", "human"], SIZE, animate=False)
    table.bots = {}  # nobody acts: the same table every frame
    table.is_bot = lambda p: False  # type: ignore[method-assign]
    app.push(table)
    table.viewer, table.handoff = "invader", None
    inv = next(iter(session.state.invaders.values()))
    app.step([])
    cpu = []
    for i in range(frames):
        table.camera.pan(1 if i % 2 else -1, 0)
        x, y = table.screen_of_cell(inv.cells[0])
        table.mouse, table.hover_cell, table.dirty = (x, y), inv.cells[0], True
        t0 = time.process_time()
        app.step([])
        cpu.append((time.process_time() - t0) * 1000)
    n = len(session.state.invaders)
    app.close()
    pygame.display.quit()
    return scenario, n, cpu


STARTUP_CHILD = """
import os, sys, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, {root!r})
from game.ui.app import App
app = App((1920, 1080), headless=True)
app.step([])
print("menu", time.time())
app.open_map(__import__("pathlib").Path({path!r}))
app.step([])
print("table", time.time())
"""


def startup(path: Path, config_dir: str) -> dict[str, float]:
    env = dict(os.environ, TILETOP_CONFIG_DIR=config_dir)
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", STARTUP_CHILD.format(root=str(ROOT), path=str(path))],
                         capture_output=True, text=True, env=env, check=True).stdout
    marks = dict(line.split() for line in out.splitlines() if line.startswith(("menu", "table")))
    return {k: float(v) - t0 for k, v in marks.items()}


def summary(times: list[float]) -> str:
    s = sorted(times)
    return f"median {statistics.median(s):.2f} ms, p95 {s[int(len(s) * 0.95) - 1]:.2f} ms, mean {statistics.fmean(s):.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--maps", type=Path, default=ROOT / "maps", help="folder to pick the largest map from")
    args = parser.parse_args(argv)
    import tempfile

    with tempfile.TemporaryDirectory() as config_dir:
        os.environ["TILETOP_CONFIG_DIR"] = config_dir  # never touch the user's settings
        path = largest_map(args.maps)
        print(f"map: {path}  window: {SIZE[0]}x{SIZE[1]}  frames: {args.frames}")
        ours = bench_tiletop(path, args.frames)
        print(f"tiletop table (board + 30 tokens + 7 cards + panel): {summary(ours)}   goal <= 4 ms")
        theirs = bench_pyscroll(path, args.frames)
        if theirs is not None:
            print(f"pyscroll BufferedRenderer (tiles only):             {summary(theirs)}")
            ratio = statistics.median(ours) / statistics.median(theirs)
            print(f"ratio tiletop/pyscroll (median): {ratio:.2f}   goal <= 1.0")
        scenario, n, cpu = bench_doom(args.frames)
        print(f"doom table ({scenario}, 3 marines, {n} invaders, all revealed, invader view): CPU per frame "
              f"median {statistics.median(cpu):.2f} ms, max {max(cpu):.2f} ms   goal: no frame over 16 ms")
        marks = startup(path, config_dir)
        print(f"start-up to first frame: menu {marks['menu']:.2f} s, table {marks['table']:.2f} s   goal <= 1 s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
