"""A monkey at the desk: random clicks, drags, keys and wheel turns posted into the real App loop
(headless, SDL's dummy driver), to find what a restless player would crash or hang. Prints what
it did and found; exits 1 at the first exception, with the seed, the event count, the last
events and a screenshot, so the crash can be replayed with the same arguments.

    python tools/monkey.py [--start menu|gears|doom|level7|convoy|all] [--events N]
        [--seed S] [--size 1280x720] [--lang en|hu|el] [--seats human,bot] [--shot DIR]

`--start menu` begins at the main menu and goes wherever the clicks lead (set-up screens,
tables, the builder, Learn to play, settings: a language change there is taken, too); a title
name begins at that title's table with the given seats, built through the title's watch entry
(game/titles.py), as `python -m game play TITLE` builds it; with an odd seed it is a casual
table (undo goes back past draws and explorations). `all` runs the menu and each title
in turn, each in a process of its own (so `--start X` alone replays what `all` met at X).

One event in eight at a table where a person decides is a legal action taken for them, as a
click on it would take it, so the game moves on to later states. Half the clicks go to what the last frame drew as a button or a text (a card's name, an area's
label, a log line), half anywhere. One event in a hundred resizes the window (1024x640 to
1920x1080). Time runs on a fixed clock (50 ms a step), so a run with the
same arguments posts the same events; the bots' and animations' timing follows the same clock.
Settings, saves and the builder's maps go into a temporary folder: a run never touches yours.
A Quit (the menu's button, Esc on the menu, the window closed) starts a fresh App and counts a
restart; so does leaving the table in a title's run (the next game takes the next seed). Frames slower than 2 s CPU are listed (not an error: the machine is shared).
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

STEP_MS = 50
KEYS = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_z, pygame.K_y, pygame.K_u,
        pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PLUS,
        pygame.K_MINUS, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_l, pygame.K_h, pygame.K_s,
        pygame.K_n, pygame.K_BACKSPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_F1]
SIZES = [(1280, 720), (1920, 1080), (1024, 640), (1600, 900)]  # what a window resize goes to
MODS = [0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT]


class FixedClock:
    """pygame.time.Clock's face with time that moves STEP_MS a step, whatever the machine does."""

    def tick(self, *_args) -> int:
        return STEP_MS

    def get_time(self) -> int:
        return STEP_MS


class Targets:
    """What the last frame drew that a person would click: buttons, and the anchor of each text."""

    def __init__(self) -> None:
        from game.ui import widgets

        self.buttons: list[pygame.Rect] = []
        self.texts: list[tuple[int, int]] = []
        real_draw, real_text = widgets.Button.draw, widgets.text
        me = self

        def draw(button, surface, ctx, hovered):
            if button.enabled:
                me.buttons.append(pygame.Rect(button.rect))
            return real_draw(button, surface, ctx, hovered)

        def text(surface, s, font, colour, pos, *args, **kwargs):
            if s:
                me.texts.append((int(pos[0]), int(pos[1])))
            return real_text(surface, s, font, colour, pos, *args, **kwargs)

        widgets.Button.draw = draw
        widgets.text = text
        self._restore = lambda: (setattr(widgets.Button, "draw", real_draw), setattr(widgets, "text", real_text))

    def close(self) -> None:
        """Put the widgets' own drawing back."""
        self._restore()

    def new_frame(self) -> None:
        self.buttons.clear()
        self.texts.clear()

    def pick(self, rng: random.Random, size: tuple[int, int]) -> tuple[int, int]:
        w, h = size
        if rng.random() < 0.5 and (self.buttons or self.texts):
            if self.buttons and (not self.texts or rng.random() < 0.6):
                r = rng.choice(self.buttons)
                return (min(w - 1, max(0, rng.randint(r.left, max(r.left, r.right - 1)))),
                        min(h - 1, max(0, rng.randint(r.top, max(r.top, r.bottom - 1)))))
            x, y = rng.choice(self.texts)
            return min(w - 1, max(0, x + rng.randint(-8, 8))), min(h - 1, max(0, y + rng.randint(-4, 4)))
        return rng.randrange(w), rng.randrange(h)


def _one_idle_job(idle, _budget_ms: float) -> int:
    """IdleWork.run_for's stand-in: one job per idle frame, not as many as a CPU budget allows, so
    which caches are warm (and so what a frame draws and the monkey may click) is the same in
    every run with the same arguments."""
    return int(idle.run_one())


def make_app(size: tuple[int, int], maps_dir: Path, lang: str | None):
    from game import i18n
    from game.ui.app import App

    app = App(size, headless=True, maps_dir=maps_dir)
    if lang:
        from dataclasses import replace

        from game.ui.scene import ChangeSettings

        app.apply(ChangeSettings(replace(app.ctx.settings, language=lang)))
    i18n.set_language(app.ctx.settings.language)
    app.clock = FixedClock()
    pygame.event.clear()
    return app


def table_parts(app, key: str, seats: list[str], seed: int) -> dict:
    """What `play KEY` builds a table from: its watch entry's `start` (a new session),
    `make_table(session, save, frames)` and `save` (the autosave), without its loop."""
    from game import titles
    from game.ui.kit import watch

    entry = titles.get(key)
    built: dict = {}

    def capture(app, key, start, make_table, save, *_rest):
        built.update(start=start, make_table=make_table, save=save)
        return 0

    real = watch.run
    watch.run = capture
    try:
        entry.watch_run()(app, entry.default_scenario, seats, seed, False, 0, None, 1)
    finally:
        watch.run = real
    return built


def push_table(app, key: str, seats: list[str], seed: int):
    """The title's table as `play KEY` builds it (`table_parts`), on top of the app."""
    built = table_parts(app, key, seats, seed)
    session = built["start"]()
    session.casual = seed % 2 == 1  # odd seeds: a casual table, whose undo goes back past draws too
    table = built["make_table"](session, built["save"], 0)
    app.push(table)
    return table


def post_random(rng: random.Random, targets: Targets, size: tuple[int, int], log: list[str]) -> None:
    roll = rng.random()
    post = pygame.event.post
    if roll < 0.55:
        pos = targets.pick(rng, size)
        button = 3 if rng.random() < 0.05 else 1
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        log.append(f"click {pos} button {button}")
    elif roll < 0.70:
        a, b = targets.pick(rng, size), targets.pick(rng, size)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        for k in (1, 2, 3):
            p = (a[0] + (b[0] - a[0]) * k // 3, a[1] + (b[1] - a[1]) * k // 3)
            post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        log.append(f"drag {a} -> {b}")
    elif roll < 0.80:
        pos = targets.pick(rng, size)
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        log.append(f"hover {pos}")
    elif roll < 0.95:
        key, mod = rng.choice(KEYS), rng.choice(MODS)
        if key == pygame.K_ESCAPE and rng.random() < 0.7:
            key = pygame.K_SPACE  # Esc leaves screens; fewer of them keep the monkey at the table
        post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        log.append(f"key {pygame.key.name(key)} mod {mod}")
    elif roll < 0.99:
        pos = targets.pick(rng, size)
        dy = rng.choice((-3, -1, 1, 3))
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy)))
        log.append(f"wheel {dy} at {pos}")
    else:
        new = rng.choice(SIZES)
        pygame.display.set_mode(new, pygame.RESIZABLE)
        post(pygame.event.Event(pygame.VIDEORESIZE, size=new, w=new[0], h=new[1]))
        log.append(f"window resized to {new[0]}x{new[1]}")


def assist(app, rng: random.Random, log: list[str]) -> bool:
    """Now and then (one event in eight) the person at a table takes a legal action the way a
    click on it would (GameTable.submit), so that the random input meets later game states too."""
    from game.ui.kit.game_table import GameTable

    table = app.top
    if not isinstance(table, GameTable) or rng.random() >= 0.125 or table.busy:
        return False
    decider = table.session.decider
    if decider is None or table.is_bot(decider):
        return False
    legal = table.session.legal_actions()
    if not legal:
        return False
    action = rng.choice(legal)
    log.append(f"assist: {action}")
    table.submit(action)
    return True


def check_hidden(app, start: str, rng: random.Random, work: Path, shot_dir: Path | None, n: int) -> bool:
    """At a table where the next decision is a person's and another person sits at the desk: is
    the screen the same on a twin of the game that differs only in what that person may not
    know (tools/hidden_twins.py)? Raises with where it differs; False when nothing was checked."""
    from tools.hidden_twins import leak

    table = app.top
    session = getattr(table, "session", None)
    if session is None or not hasattr(table, "seats") or session.is_over() or table.busy:
        return False
    humans = table._humans()
    if len(humans) < 2 or session.decider not in humans:
        return False
    make_table = table_parts(app, start, table.seats, session.seed)["make_table"]  # the title's own, as play builds it
    where = leak(app, start, make_table, work / "hidden-save.json", session, rng,
                 shot_dir or work, f"hidden-{start}-{n}")
    if where is not None:
        raise AssertionError(f"hidden information on screen at event {n}: {where}")
    return True


def run(start: str, events: int, seed: int, size: tuple[int, int], lang: str | None, seats: list[str],
        shot_dir: Path | None, quiet: bool = False, hidden_every: int = 0) -> dict:
    """Post `events` random inputs from `start`; the tally, or raise with the replay's arguments.
    `hidden_every` N: every N events, at a hot-seat table, `check_hidden`."""
    from game import i18n

    rng = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="tiletop-monkey-"))
    old_config = os.environ.get("TILETOP_CONFIG_DIR")
    os.environ["TILETOP_CONFIG_DIR"] = str(work / "config")
    maps_dir = work / "maps"
    shutil.copytree(Path(__file__).resolve().parents[1] / "maps", maps_dir)
    log: list[str] = []
    tally = {"start": start, "events": 0, "restarts": 0, "left_table": 0, "actions": 0, "scenes": set(),
             "slow_frames": [], "hidden_checks": 0}
    twins = random.Random(seed * 7919)  # its own stream: the check leaves the run's events as they were
    tables: list = []

    def fresh():
        app = make_app(size, maps_dir, lang)
        if start != "menu":
            tables.append(push_table(app, start, seats, seed + tally["restarts"] + tally["left_table"]))
        return app

    from game.ui.kit.idle_work import IdleWork

    targets = Targets()
    real_idle, IdleWork.run_for = IdleWork.run_for, _one_idle_job
    app = None
    try:
        app = fresh()
        for n in range(events):
            tally["events"] = n + 1
            if hidden_every and n % hidden_every == hidden_every - 1:
                tally["hidden_checks"] += check_hidden(app, start, twins, work, shot_dir, n + 1)
            if not assist(app, rng, log):
                post_random(rng, targets, app.screen.get_size(), log)
            for _ in range(rng.choice((1, 1, 2, 4))):
                targets.new_frame()
                t0 = time.process_time()
                app._force_redraw = True  # draw every step: the targets are what is on screen now
                app.step()
                spent = time.process_time() - t0
                if spent > 2.0:
                    tally["slow_frames"].append((n, type(app.top).__name__, round(spent, 2)))
                tally["scenes"].add(type(app.top).__name__)
                left = start != "menu" and len(app.scenes) < 2
                if not app.running or left:
                    tally["left_table" if app.running else "restarts"] += 1
                    log.append("-- the table was left; a fresh one" if app.running else "-- the App quit; a fresh one")
                    app.close()
                    app = fresh()
                    break
    except Exception:
        raise RuntimeError(_crash_report(app, start, seed, tally["events"], size, lang, seats, log, shot_dir)) from None
    finally:
        if app is not None:
            app.close()
        targets.close()
        IdleWork.run_for = real_idle
        i18n.set_language("en")
        if old_config is None:
            os.environ.pop("TILETOP_CONFIG_DIR", None)
        else:
            os.environ["TILETOP_CONFIG_DIR"] = old_config
        shutil.rmtree(work, ignore_errors=True)
    tally["scenes"] = sorted(tally["scenes"])
    tally["actions"] = sum(len(t.session.actions) for t in tables)
    if not quiet:
        print(f"{start}: {tally['events']} events, {tally['restarts']} restarts, {tally['left_table']} tables left, "
              f"{tally['actions']} actions taken at them, scenes {', '.join(tally['scenes'])}"
              + (f", slow frames {tally['slow_frames']}" if tally["slow_frames"] else "")
              + (f", {tally['hidden_checks']} hidden-information checks" if hidden_every else ""))
    return tally


def _crash_report(app, start: str, seed: int, events: int, size: tuple[int, int], lang: str | None,
                  seats: list[str], log: list[str], shot_dir: Path | None) -> str:
    """The command that replays the crash, where it happened, the last events, a screenshot, the traceback."""
    where = ""
    if shot_dir is not None and app is not None:
        shot_dir.mkdir(parents=True, exist_ok=True)
        shot = shot_dir / f"monkey-{start}-{seed}.png"
        try:
            pygame.image.save(app.screen, str(shot))
            where = f"\nscreenshot: {shot}"
        except pygame.error:
            pass
    scene = type(app.top).__name__ if app is not None else "(no App)"
    return (f"python tools/monkey.py --start {start} --seed {seed} --events {events} --size {size[0]}x{size[1]}"
            f"{' --lang ' + lang if lang else ''} --seats {','.join(seats)}: crashed at event {events} on {scene}"
            "\nlast events:\n  " + "\n  ".join(log[-15:]) + where + "\n" + traceback.format_exc())


def main(argv: list[str] | None = None) -> int:
    from game import titles

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--start", default="all", help="menu, a title key, or all")
    parser.add_argument("--events", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--lang", choices=("en", "hu", "el"))
    parser.add_argument("--seats", default="human,bot")
    parser.add_argument("--shot", default="/tmp", help="folder for the screenshot of a crash")
    parser.add_argument("--check-hidden", type=int, default=0, metavar="N",
                        help="every N events at a hot-seat table, check that the screen shows the "
                             "deciding person nothing of what they may not know")
    args = parser.parse_args(argv)
    if args.start == "all":  # each start in a process of its own, so that `--start X` replays it exactly
        rest = [a for a in (argv if argv is not None else sys.argv[1:])]
        failed = 0
        for start in ["menu", *titles.keys_with("watch")]:
            done = subprocess.run([sys.executable, __file__, *rest, "--start", start])
            failed += done.returncode != 0
        return 1 if failed else 0
    size = tuple(int(v) for v in args.size.lower().split("x"))
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        run(args.start, args.events, args.seed, size, args.lang, seats, Path(args.shot),
            hidden_every=args.check_hidden)
    except RuntimeError as exc:
        print(exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
