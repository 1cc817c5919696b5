"""Resolutions that stop for decisions halfway: a Locust Activation Step, an attack with its
wound discards, a pick-up with its choices.

Such a resolution is a plain Python function `fn(ctx, **args)` that asks `ctx.choose(...)`
whenever someone must decide (a Guard window, a Dodge, which card to discard for a wound, a
tie between two nearest COGs). Every such question is a real decision point for the right
player (DESIGN.md): the resolution stops, the state is left as it is at that moment (what the
players see), and `state.proc` records the question:

    state.proc = {"name", "args", "checkpoint": <state JSON when it started>,
                  "answers": [...], "emitted": <events already returned>, "pending": {...}}

That record is all a save needs: the state at the start, the resolution's name and arguments,
and the answers so far. The rules are deterministic (the RNG is in the checkpoint), so
restoring the checkpoint and running the function again from the start, feeding it the
recorded answers, reaches exactly the same question: that is how a loaded (or copied) state
goes on (`_replay_runner`).

In play the function is not run again for every answer: it runs on a thread of its own (from a
pool, `_Worker`) that waits, paused inside `ctx.choose`, for the answer (`_Runner`). Only one
thread runs at a time (a strict hand-off through two queues), so this is ordinary sequential
code with the Python frame kept alive instead of rebuilt; an answer costs the work after the
question, not the whole resolution again. The paused thread belongs to the state object: when
the state was restored, copied or loaded, or `state.proc` was replaced, the runner no longer
matches and the re-execution path takes over, with the same result
(tests/gears/test_perf_caches.py plays whole games both ways and compares every state hash).
`LIVE = False` forces re-execution.

A resolution must not catch BaseException or change the state in `finally` blocks: a paused
runner that is let go (`release`, or the cap on paused runners) is unwound by an exception
raised at its question.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from queue import SimpleQueue
from typing import Any, Callable

from game.engine.protocol import Event
from game.gears.rules.state import GearsState

PROCS: dict[str, Callable[..., None]] = {}

LIVE = True  # paused threads (no re-execution per answer); False: re-execute from the checkpoint
MAX_PAUSED = 64  # paused runners kept process-wide (abandoned games, undo); the oldest is let go
# When a list, every runner thread records a cProfile.Profile into it (tools/bench_gears.py).
PROFILERS: list | None = None


def procedure(name: str):
    def register(fn):
        PROCS[name] = fn
        return fn
    return register


class NeedDecision(Exception):
    def __init__(self, decider: str, kind: str, options: list[dict[str, Any]], prompt: str,
                 labels: list[str]):
        super().__init__(prompt)
        self.decider, self.kind, self.options, self.prompt, self.labels = (
            decider, kind, options, prompt, labels)


class Ctx:
    """What a procedure sees: the state, the recorded answers, and the events it emits.

    Outside a runner (turn.py's plain actions, tests) a question with no recorded answer
    raises NeedDecision."""

    def __init__(self, state: GearsState, answers: list[dict[str, Any]]):
        self.state = state
        self.answers = answers
        self.used = 0
        self.events: list[Event] = []

    def choose(self, decider: str, kind: str, options: list[dict[str, Any]], prompt: str,
               labels: list[str] | None = None) -> dict[str, Any]:
        """One option; asks `decider` only when there is a real choice (two or more options)."""
        if not options:
            raise ValueError(f"no options for {kind}")
        if len(options) == 1:
            return options[0]
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            self.used += 1
            return answer
        if labels is None:
            # Plain words for every option (names.option), never a payload or an id.
            from game.gears.rules.names import option

            labels = [option(self.state, kind, o) for o in options]
        return self._ask(NeedDecision(decider, kind, options, prompt, labels))

    def _ask(self, need: NeedDecision) -> dict[str, Any]:
        raise need

    def emit(self, kind: str, text: str, payload: dict[str, Any] | None = None,
             hidden: bool = False, visible_to: tuple[str, ...] | None = None) -> None:
        self.events.append(Event(kind, text, payload or {}, hidden, visible_to))


class _Released(BaseException):
    """Unwinds a paused runner that is let go (never seen outside this module)."""


class _LiveCtx(Ctx):
    def __init__(self, state: GearsState, answers: list[dict[str, Any]], runner: _Runner):
        super().__init__(state, answers)
        self.runner = runner

    def _ask(self, need: NeedDecision) -> dict[str, Any]:
        self.runner.pause(need)  # returns once the answer is in self.answers
        answer = self.answers[self.used]
        self.used += 1
        return answer


_PAUSED: OrderedDict[int, _Runner] = OrderedDict()  # id(runner) -> runner, oldest first


class _Runner:
    """One resolution on a worker thread of its own, handing control back and forth with the
    caller. Workers are kept in a pool (`_Worker`): starting a thread costs far more than handing
    a paused one a new resolution."""

    def __init__(self, state: GearsState, proc: dict[str, Any]):
        self.state = state
        self.proc = proc
        self.ctx = _LiveCtx(state, proc["answers"], self)
        self._to_worker: SimpleQueue = SimpleQueue()
        self._to_caller: SimpleQueue = SimpleQueue()
        self._profile = None

    # ------------------------------------------------------------------ worker side

    def _body(self, on_end: Callable[[], None] = lambda: None) -> None:
        if PROFILERS is not None:
            import cProfile

            self._profile = cProfile.Profile()
            PROFILERS.append(self._profile)
            self._profile.enable()
        try:
            PROCS[self.proc["name"]](self.ctx, **self.proc["args"])
        except _Released:
            on_end()
            self._to_caller.put(("released", None))
            return
        except BaseException as exc:  # a bug in a resolution: raised again in the caller
            self._stop_profile()
            on_end()
            self._to_caller.put(("error", exc))
            return
        self._stop_profile()
        on_end()
        self._to_caller.put(("done", None))

    def pause(self, need: NeedDecision) -> None:
        if self._profile is not None:
            self._profile.disable()
        self._to_caller.put(("ask", need))
        if self._to_worker.get() is _RELEASE:
            raise _Released()
        if self._profile is not None:
            self._profile.enable()

    def _stop_profile(self) -> None:
        if self._profile is not None:
            self._profile.disable()

    # ------------------------------------------------------------------ caller side

    def begin(self) -> tuple[str, Any]:
        _Worker.take().jobs.put(self)
        return self._to_caller.get()

    def resume(self) -> tuple[str, Any]:
        self._to_worker.put(True)
        return self._to_caller.get()

    def release(self) -> None:
        """Unwinds the paused thread (it raises at its question) and waits for it to end."""
        _PAUSED.pop(id(self), None)
        if getattr(self.state, "_runner", None) is self:
            self.state._runner = None
        self._to_worker.put(_RELEASE)
        self._to_caller.get()


_RELEASE = object()


class _Worker:
    """A daemon thread that runs one resolution after another. An idle worker waits in `_IDLE`;
    a resolution's thread is therefore reused once it has finished or was let go."""

    _IDLE: list[_Worker] = []
    _LOCK = threading.Lock()

    def __init__(self) -> None:
        self.jobs: SimpleQueue = SimpleQueue()
        self.thread = threading.Thread(target=self._loop, name="gears-resolution", daemon=True)
        self.thread.start()

    @classmethod
    def take(cls) -> _Worker:
        with cls._LOCK:
            if cls._IDLE:
                return cls._IDLE.pop()
        return cls()

    def _loop(self) -> None:
        while True:
            runner: _Runner = self.jobs.get()
            # Idle again before the runner's last message reaches its caller, so the caller's
            # next resolution finds this thread instead of starting one.
            runner._body(on_end=self._idle)

    def _idle(self) -> None:
        with self._LOCK:
            self._IDLE.append(self)


def start(state: GearsState, name: str, args: dict[str, Any]) -> list[Event]:
    """Starts (and runs as far as possible) a procedure; procedures queued meanwhile follow."""
    events: list[Event] = []
    queue_ = [(name, args)]
    while queue_ and state.proc is None and state.outcome is None:
        n, a = queue_.pop(0)
        snapshot = state.to_json()
        proc = {"name": n, "args": a, "checkpoint": snapshot, "answers": [], "emitted": 0,
                "pending": None}
        if LIVE:
            _drop_runner(state)
            runner = _Runner(state, proc)
            state.proc = None  # as inside a re-executed resolution: the checkpoint had no proc
            events += _settle(state, runner, runner.begin())
        else:
            state.proc = proc
            events += _rerun(state)
        queue_ += state.flags.pop("queued_procs", [])
    if queue_ and state.outcome is None:
        state.flags.setdefault("queued_procs", []).extend(queue_)
    return events


def answer(state: GearsState, choice: dict[str, Any]) -> list[Event]:
    """Records the answer to the pending question and resumes."""
    proc = state.proc
    assert proc is not None
    proc["answers"].append(choice)
    runner = getattr(state, "_runner", None)
    if LIVE and runner is not None and runner.proc is proc and runner.state is state \
            and runner.ctx.used == len(proc["answers"]) - 1:
        _PAUSED.pop(id(runner), None)
        state.proc = None
        events = _settle(state, runner, runner.resume())
    elif LIVE:
        _drop_runner(state)
        events = _settle(state, *_replay_runner(state, proc))
    else:
        events = _rerun(state)
    queued = state.flags.pop("queued_procs", [])
    for n, a in queued:
        if state.proc is None and state.outcome is None:
            events += start(state, n, a)
        else:
            state.flags.setdefault("queued_procs", []).append([n, a])
    return events


def queue(state: GearsState, name: str, args: dict[str, Any]) -> None:
    """Asks for a procedure to start once the running one has finished."""
    state.flags.setdefault("queued_procs", []).append([name, args])


def release(state: GearsState) -> None:
    """Lets go of the thread paused in this state's resolution, if any (an abandoned game).
    The state itself is unchanged and can still go on (by re-execution)."""
    runner = getattr(state, "_runner", None)
    if runner is not None:
        runner.release()


# ---------------------------------------------------------------------- internals

def _replay_runner(state: GearsState, proc: dict[str, Any]) -> tuple[_Runner, tuple[str, Any]]:
    """A runner started from the checkpoint that answers the recorded questions itself."""
    state.restore(proc["checkpoint"])
    runner = _Runner(state, proc)
    return runner, runner.begin()


def _settle(state: GearsState, runner: _Runner, msg: tuple[str, Any]) -> list[Event]:
    """Reads what the runner handed back: a question (pause), the end, or an error."""
    proc = runner.proc
    kind, value = msg
    new = runner.ctx.events[proc["emitted"]:]
    proc["emitted"] = len(runner.ctx.events)
    if kind == "ask":
        need: NeedDecision = value
        proc["pending"] = {"decider": need.decider, "kind": need.kind, "options": need.options,
                           "prompt": need.prompt, "labels": need.labels}
        state.proc = proc
        state._runner = runner
        _PAUSED[id(runner)] = runner
        while len(_PAUSED) > MAX_PAUSED:
            _PAUSED[next(iter(_PAUSED))].release()
        return new
    state._runner = None
    state.proc = None
    if kind == "error":
        raise value
    return new


def _drop_runner(state: GearsState) -> None:
    """Forgets a paused runner that no longer matches the state (it stays paused, harmless,
    until the cap lets it go)."""
    if getattr(state, "_runner", None) is not None:
        state._runner = None


def _rerun(state: GearsState) -> list[Event]:
    """The re-execution design (LIVE = False): restore the checkpoint, run from the start."""
    proc = state.proc
    assert proc is not None
    state.restore(proc["checkpoint"])
    ctx = Ctx(state, proc["answers"])
    try:
        PROCS[proc["name"]](ctx, **proc["args"])
    except NeedDecision as need:
        proc["pending"] = {"decider": need.decider, "kind": need.kind, "options": need.options,
                           "prompt": need.prompt, "labels": need.labels}
        new = ctx.events[proc["emitted"]:]
        proc["emitted"] = len(ctx.events)
        state.proc = proc
        return new
    new = ctx.events[proc["emitted"]:]
    state.proc = None
    return new
