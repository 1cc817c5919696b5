"""`python -m game simulate TITLE --mission NAME|all --games N --seed S [--players P] [--jobs N] [--difficulty L]`:
whole games played by bots, one JSON object per mission on stdout.

    {"title": "gears", "mission": "emergence", "games": 10, "wins": 2, "losses": 8,
     "unfinished": 0, "errors": 0, "mean_turns": 14.2, "mean_actions": 96.1,
     "actions_per_second": 2100.0, "replay_ok": true, "seeds": [1, 10], "players": [1, 4]}

A competitive title (its simulator names the `sides` its games end with: Doom's marines and
invader, Convoy's moloch and outpost) has no "wins" and "losses" (whose win would they be?):
its report counts each side's wins under "outcomes", every side named, 0 included:

    {"title": "doom", "mission": "knee_deep", "games": 10, "outcomes": {"marines": 6, "invader": 4},
     "unfinished": 0, "errors": 0, ...}

A mission the title refuses (rules not modelled yet, wrong player count) prints
{"title", "mission", "refused": "<the title's sentence>"} instead of failing the run.
`replay_ok`: every game's action list, replayed from its seed through game.engine.Session,
reaches the same final state hash (spec 12.3, DESIGN.md: the action list is the game).
`actions_per_second` is all the missions' actions over the sum of each game's own wall-clock
time from its first action to its last (setup and the replay check excluded). It counts
everything between two actions: the bots' own thinking (the default CogBot weighs exact attack
previews: about 700-1,700 actions/s; `--bot random` about 3,000) and the Session's log. The
rules alone are measured by tools/bench_gears.py.
An exception in a game counts as an error and is printed to stderr with the title, mission,
seed, player count and action index, so `--mission M --seed S --games 1 --players P`
reproduces it. The exit code is 0 only with no error, no failed replay and no unfinished game.

`--difficulty LEVEL` sets the automated opponent's level for a title whose simulator names
levels (`difficulties`; Doom: the invader AI's recruit, veteran, nightmare); the other seats keep
--bot. The report then says `"difficulty"`. A title without levels refuses it.

A simulator that names its `seats` (Convoy: moloch, outpost) also takes `--SEAT KIND`, that
seat's bot alone (`--moloch expert --outpost novice`); the report then says `"seat_bots"`.

`--jobs N` plays the games in N worker processes (see "--jobs N" below) and prints exactly what
a serial run prints, in the same order, on stdout and stderr, but for `actions_per_second`:
a timing, and since it sums per-game times it stays a per-process rate (near the serial one,
lower when the workers share cores), not the run's total throughput. `--jobs 1` (the default)
plays every game in this process, one after another.

A title plugs in through its `simulator` entry in game/titles.py (a factory of a `Simulator`,
e.g. game/gears/simulation.py); the choices of TITLE are the titles that have one.
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Protocol

from game import titles
from game.engine.protocol import Action, Title
from game.engine.session import Session
from game.engine.text import english


class Bot(Protocol):
    def decide(self, state: Any, actions: list[Action]) -> Any: ...  # -> object with .action


class Simulator(Protocol):
    """What a title provides to be simulated."""

    title: Title[Any]
    bots: tuple[str, ...]  # the controllers --bot may name; the first is the default

    def scenarios(self) -> list[str]:
        """Every scenario the title knows (supported or not)."""

    def refusal(self, scenario: str, players: int | None) -> str | None:
        """Why the scenario cannot be simulated (with that player count), or None."""

    def player_counts(self, scenario: str) -> list[int]:
        """Player counts to cycle through when --players is not given."""

    def options(self, scenario: str, players: int) -> dict[str, Any]: ...

    def bot(self, kind: str, seed: int) -> Bot:
        """The controller of one seat. A simulator with `difficulties` (the levels of its
        automated opponent) also takes `bot(kind, seed, difficulty)`."""

    def finish(self, state: Any) -> None:
        """Frees what a game in progress holds (called after every game)."""

    # Optional: `sides: tuple[str, ...]`, a competitive title's outcome words (the side that won:
    # Doom's "marines", "invader"); the report then counts them under "outcomes" instead of the
    # co-op "wins" and "losses".

    # Optional: `tally(state) -> dict[str, int]`, counts of a finished game in the title's own
    # words (Level 7: escapes by player count, deaths), summed over the mission's games into the
    # report's "tally"; `tally_events(events) -> dict[str, int]`, the same from the game's events
    # (a list per action: what happened on the way, Convoy's battles per city); and
    # `summarize(report) -> dict`, keys a title adds to (or, popping,
    # takes from) the finished report (Convoy: win conditions and per-card play and win rates).



# ---------------------------------------------------------------------------- running

@dataclass
class GameResult:
    seed: int
    players: int
    outcome: str  # "won" | "lost" | "unfinished" | "error", or a title's own ("marines" | "invader")
    turns: int
    actions: int
    seconds: float  # time spent choosing and applying actions (setup excluded)
    replay_ok: bool
    error: str | None = None
    state_hash: str = ""  # of the final state (tests compare games across changes)
    tally: dict[str, int] = field(default_factory=dict)  # the simulator's own counts (Simulator.tally)


@dataclass
class MissionReport:
    title: str
    mission: str
    results: list[GameResult] = field(default_factory=list)
    sides: tuple[str, ...] = ()  # a competitive title's outcome words (Simulator.sides); () for co-op

    def to_json(self) -> dict[str, Any]:
        r = self.results
        played = [g for g in r if g.outcome != "error"]
        n_actions = sum(g.actions for g in played)
        secs = sum(g.seconds for g in played)
        coop = {} if self.sides else {"wins": sum(g.outcome == "won" for g in r),
                                      "losses": sum(g.outcome == "lost" for g in r)}
        return {
            "title": self.title,
            "mission": self.mission,
            "games": len(r),
            **coop,
            **self._outcomes(),
            "unfinished": sum(g.outcome == "unfinished" for g in r),
            "errors": sum(g.outcome == "error" for g in r),
            "mean_turns": round(sum(g.turns for g in played) / len(played), 2) if played else 0.0,
            "mean_actions": round(n_actions / len(played), 2) if played else 0.0,
            "actions_per_second": round(n_actions / secs, 1) if secs > 0 else 0.0,
            "replay_ok": all(g.replay_ok for g in r),
            "seeds": [min(g.seed for g in r), max(g.seed for g in r)] if r else [],
            "players": sorted({g.players for g in r}),
        } | self._tally()

    def _tally(self) -> dict[str, Any]:
        keys = sorted({k for g in self.results for k in g.tally})
        return {"tally": {k: sum(g.tally.get(k, 0) for g in self.results) for k in keys}} if keys else {}

    def _outcomes(self) -> dict[str, Any]:
        """Each side's wins for a competitive title (every side named, 0 included); a title
        whose games end in other words than won/lost without naming `sides` gets those words
        counted too, so no end goes unreported."""
        own = sorted({g.outcome for g in self.results} - {"won", "lost", "unfinished", "error", *self.sides})
        words = [*self.sides, *own]
        return {"outcomes": {o: sum(g.outcome == o for g in self.results) for o in words}} if words else {}


def play_game(sim: Simulator, name: str, mission: str, seed: int, players: int, bot_kind: str,
              max_actions: int, check_replay: bool = True, err=None, difficulty: str | None = None,
              seat_bots: dict[str, str] | None = None) -> GameResult:
    """One game with a bot in every seat; never raises (an exception is an 'error' result).
    `seat_bots` names the bot kind of some seats by name (the others play `bot_kind`)."""
    err = err or sys.stderr
    options = sim.options(mission, players)
    where = f"{name} {mission} seed {seed} players {players}"
    index = -1
    session = None
    try:
        session = Session.start(sim.title, mission, seed, options)
        bots: dict[str, Bot] = {}
        start = time.perf_counter()
        for index in range(max_actions):
            decider = session.decider
            if decider is None:
                break
            bot = bots.get(decider)
            if bot is None:
                kind = (seat_bots or {}).get(decider, bot_kind)
                bot = bots[decider] = (sim.bot(kind, seed * 8 + len(bots)) if difficulty is None
                                       else sim.bot(kind, seed * 8 + len(bots), difficulty))
            session.apply(bot.decide(session.state, session.legal_actions()).action)
        else:
            index = max_actions
        seconds = time.perf_counter() - start
        state = session.state
        outcome = getattr(state, "outcome", None) or ("unfinished" if session.decider is not None else "lost")
        replay_ok = True
        if check_replay:
            index = -1  # an exception now is in the replay
            again = Session.replay(sim.title, mission, seed, session.options, session.actions)
            replay_ok = again.state_hash() == session.state_hash()
            sim.finish(again.state)
            if not replay_ok:
                print(f"{where}: replaying the {len(session.actions)} actions from the seed does not "
                      "reach the same state hash", file=err)
        tally = sim.tally(state) if hasattr(sim, "tally") else {}
        if hasattr(sim, "tally_events"):
            tally |= sim.tally_events(session.events)
        return GameResult(seed, players, outcome, sim.title.turn_number(state), len(session.actions),
                          seconds, replay_ok, state_hash=session.state_hash(), tally=tally)
    except Exception as exc:  # any bug: report it reproducibly and go on with the next game
        at = "in the replay" if index == -1 and session is not None else f"at action index {index}"
        print(f"{where}: {at}: {type(exc).__name__}: {exc}", file=err)
        traceback.print_exc(file=err)
        n = len(session.actions) if session is not None else 0
        return GameResult(seed, players, "error", 0, n, 0.0, False, f"{type(exc).__name__}: {exc}")
    finally:
        if session is not None:
            sim.finish(session.state)


def run(name: str, missions: str, games: int, seed: int, players: int | None, bot_kind: str | None = None,
        max_actions: int = 20_000, out=None, err=None, jobs: int = 1,
        difficulty: str | None = None, seat_bots: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Simulates and prints one JSON line per mission; returns the printed objects.
    `bot_kind` None: the title's first bot. `jobs` > 1 plays the games in that many worker
    processes; the lines, and the order of anything written to `err`, are those of a serial run.
    `seat_bots` ({seat: kind}, for a simulator that names its `seats`) sets some seats' bots;
    the report then says `"seat_bots"` with every seat's kind."""
    out, err = out or sys.stdout, err or sys.stderr
    sim = titles.get(name).new_simulator()
    bot_kind = bot_kind or sim.bots[0]
    if bot_kind not in sim.bots:
        raise ValueError(f"{name} has no bot {bot_kind!r} (bots: {', '.join(sim.bots)})")
    seat_bots = {k: v for k, v in (seat_bots or {}).items() if v is not None}
    for seat, kind in seat_bots.items():
        if seat not in getattr(sim, "seats", ()):
            raise ValueError(f"{name} has no seat {seat!r}")
        if kind not in sim.bots:
            raise ValueError(f"{name} has no bot {kind!r} (bots: {', '.join(sim.bots)})")
    levels = tuple(getattr(sim, "difficulties", ()))
    if difficulty is not None and difficulty not in levels:
        raise ValueError(f"{name} has no difficulty {difficulty!r}" +
                         (f" (difficulties: {', '.join(levels)})" if levels else " (it has no difficulty levels)"))
    names = sim.scenarios() if missions == "all" else [missions]
    refusals = {m: sim.refusal(m, players) for m in names}
    tasks: list[tuple[str, int, int]] = []  # (mission, seed, players), in the order they are reported
    for mission in names:
        if refusals[mission] is None:
            counts = [players] if players is not None else sim.player_counts(mission)
            tasks += [(mission, seed + i, counts[i % len(counts)]) for i in range(games)]
    if jobs > 1 and len(tasks) > 1:
        results = _in_processes(name, tasks, bot_kind, max_actions, err, min(jobs, len(tasks)), difficulty,
                                seat_bots)
    else:
        results = (play_game(sim, name, m, s, p, bot_kind, max_actions, err=err, difficulty=difficulty,
                             seat_bots=seat_bots) for m, s, p in tasks)
    printed = []
    try:
        for mission in names:
            reason = refusals[mission]
            if reason is not None:
                # a title's refusal may be a message (Level 7's unplayable scenario): in English here
                obj: dict[str, Any] = {"title": name, "mission": mission, "refused": english(reason)}
            else:
                obj = MissionReport(name, mission, [next(results) for _ in range(games)],
                                    tuple(getattr(sim, "sides", ()))).to_json()
                if hasattr(sim, "summarize"):  # a title's own figures from the report (Convoy's card rates)
                    obj |= sim.summarize(obj)
                if difficulty is not None:
                    obj["difficulty"] = difficulty
                if getattr(sim, "seats", ()):
                    obj["seat_bots"] = {seat: seat_bots.get(seat, bot_kind) for seat in sim.seats}
            print(json.dumps(obj, sort_keys=False), file=out, flush=True)
            printed.append(obj)
    finally:
        results.close()  # the worker processes end here
    return printed


# ---------------------------------------------------------------------------- --jobs N
#
# Every game is independent (its own seed, bots and state), so N worker processes play them
# side by side and the parent reports them in the serial order. Workers are started with
# 'spawn', not 'fork'. A fork copies the parent's memory, paused resolutions (greenlets of
# game/engine/resolution.py) and caches included, and none of its threads, so a lock a
# library's thread held is left half-there in the child. A spawned worker is a clean interpreter,
# behaves the same on every platform (Windows has no fork, macOS no safe one, and Python 3.14
# no longer forks by default on Linux), and costs about a second to import the title and load
# its content, once per worker. The registry is read again in the worker, so a title added at
# run time (a test's) is not seen there: such a title simulates with jobs=1.

_WORKER_SIMULATORS: dict[str, Simulator] = {}


def _in_processes(name: str, tasks: list[tuple[str, int, int]], bot_kind: str, max_actions: int, err,
                  jobs: int, difficulty: str | None = None, seat_bots: dict[str, str] | None = None):
    """The tasks' GameResults in task order; each game's stderr text is written out as its
    result comes up, so errors read as in a serial run."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_worker_start) as pool:
        futures = [pool.submit(_worker_game, name, m, s, p, bot_kind, max_actions, difficulty, seat_bots)
                   for m, s, p in tasks]
        for future in futures:
            result, text = future.result()
            err.write(text)
            yield result


def _worker_start() -> None:
    """A worker gets the entry points' collector settings (game/engine/runtime.py)."""
    from game.engine.runtime import tune_gc

    tune_gc()


def _worker_game(name: str, mission: str, seed: int, players: int, bot_kind: str,
                 max_actions: int, difficulty: str | None = None,
                 seat_bots: dict[str, str] | None = None) -> tuple[GameResult, str]:
    sim = _WORKER_SIMULATORS.get(name)
    if sim is None:
        sim = _WORKER_SIMULATORS[name] = titles.get(name).new_simulator()
    err = io.StringIO()
    return play_game(sim, name, mission, seed, players, bot_kind, max_actions, err=err,
                     difficulty=difficulty, seat_bots=seat_bots), err.getvalue()


def simulate_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="python -m game simulate",
                                 description="Play whole games with bots; one JSON object per mission.")
    ap.add_argument("title", choices=titles.keys_with("simulator"), help="the game")
    ap.add_argument("--mission", "--scenario", dest="mission", default="all",
                    help="a mission (scenario) id, or 'all' (default)")
    ap.add_argument("--games", type=_positive, default=10, help="games per mission (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i")
    ap.add_argument("--players", type=int, choices=range(1, 5), metavar="1-4",
                    help="players (default: cycle through the counts the mission allows)")
    ap.add_argument("--bot", metavar="KIND",
                    help="the controller in every seat, one the title's simulator names (default: its first)")
    ap.add_argument("--max-actions", type=_positive, default=20_000,
                    help="actions after which a game counts as unfinished (default 20000)")
    ap.add_argument("--difficulty", metavar="LEVEL",
                    help="the automated opponent's level, for a title that has levels (doom: recruit, veteran, "
                         "nightmare: the invader AI)")
    ap.add_argument("--jobs", type=_positive, default=1,
                    help="worker processes playing the games side by side (default 1: serial, in this process)")
    seats = _seat_options(ap, argv)
    args = ap.parse_args(argv)
    try:
        objs = run(args.title, args.mission, args.games, args.seed, args.players, args.bot, args.max_actions,
                   jobs=args.jobs, difficulty=args.difficulty,
                   seat_bots={seat: getattr(args, seat) for seat in seats})
    except ValueError as exc:  # a bot or a difficulty the title does not have
        ap.error(str(exc))
    played = [o for o in objs if "refused" not in o]
    if args.mission != "all" and not played:
        return 2  # the one mission asked for was refused
    bad = any(o["errors"] or o["unfinished"] or not o["replay_ok"] for o in played)
    return 1 if bad else 0


def _seat_options(ap: argparse.ArgumentParser, argv: list[str]) -> tuple[str, ...]:
    """A title whose simulator names its `seats` (Convoy: moloch, outpost) gets `--SEAT KIND`,
    the bot of that seat alone (one of its `bots`: e.g. `--moloch expert --outpost novice`)."""
    known, _ = ap.parse_known_args(argv)
    if known.title is None:
        return ()
    sim = titles.get(known.title).new_simulator()
    seats = tuple(getattr(sim, "seats", ()))
    for seat in seats:
        ap.add_argument(f"--{seat}", metavar="KIND", choices=sim.bots,
                        help=f"the {seat} seat's bot ({', '.join(sim.bots)}; default: --bot)")
    return seats


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n
