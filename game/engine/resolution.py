"""Resolutions that stop for decisions halfway, for every title, in one thread.

A resolution is a plain Python function `fn(ctx, **args)` registered under a name with a
title's `Resolver`. It asks `ctx.choose(...)` whenever someone must decide (a Guard window, a
Dodge, which card to discard for a wound, a tie between two nearest figures). Every such
question is a real decision point for the right player (DESIGN.md): the resolution stops, the
state is left as it is at that moment (what the players see), and `state.proc` records the
question:

    state.proc = {"name", "args", "checkpoint": <state JSON when it started>,
                  "answers": [...], "emitted": <events already returned>,
                  "pending": {"decider", "kind", "options", "prompt", "labels"[, "about"]}}

That record is all a save needs: the state at the start, the resolution's name and arguments,
and the answers so far. The rules are deterministic (the RNG is in the checkpoint), so
restoring the checkpoint and running the function again from the start, feeding it the
recorded answers, reaches exactly the same question: that is how a loaded (or copied) state
goes on.

In play the function is not run again for every answer: it runs in a greenlet (the `greenlet`
package, a C extension that pauses a Python frame and switches back to it in the same OS
thread), paused inside `ctx.choose` until the answer comes; an answer costs only the work after
the question. The greenlets are reused workers (`_work`): one that finished a resolution runs
the next. The paused greenlet belongs to the state object: when the state was restored,
copied or loaded, or `state.proc` was replaced, it no longer matches and the re-execution path
takes over, with the same result (tests/gears/test_perf_caches.py plays whole games both ways
and compares every state hash). `Resolver.live = False` forces re-execution.

Why a greenlet and not a generator (`answer = yield question`): a question is asked deep down
(an attack asks for wound discards inside a Locust AI card inside a Locust step), so every
function on the way would have to become a generator called with `yield from`, and every
caller with it. A greenlet keeps the rules as ordinary functions; a switch costs about a
microsecond (the OS-thread hand-off this replaces cost tens, and more across cores).

A paused frame holds the state and the state holds the paused greenlet: a cycle the garbage
collector cannot see into (a suspended greenlet's frame is not traversed). So the resolver keeps
at most `max_paused` paused resolutions process-wide (abandoned games, undo); when one is let
go (`release`, or the oldest past the cap), its greenlet is dropped and greenlet unwinds its
frame by raising GreenletExit at the question. A resolution must therefore not catch
BaseException nor change the state in `finally` blocks. The state it belonged to can still go
on, by re-execution.

The state a resolver works on provides (`ResolvableState`): `proc` (the record above, or None),
`flags` (a dict; resolutions queued to follow the running one wait in `flags["queued_procs"]`),
`outcome` (None while the game goes on: nothing starts after the end), `to_json()` and
`restore(data)`. It may also provide `checkpoint()`: then the checkpoint is what that returns
instead of `to_json()`, an object the state's own `to_json()` writes as the JSON it stands for
and `restore` accepts besides JSON (Doom's is a copy of the state whose JSON is made only when
asked: most resolutions end without a question, and the checkpoint is never read).
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Protocol

from greenlet import getcurrent, greenlet

from game.engine import text as T
from game.engine.protocol import Event
from game.engine.text import Msg

QUEUE = "queued_procs"  # key in state.flags: [[name, args], ...] to start after the running one


def pending_words(proc: Any, convert: Callable[[Any], Any]) -> Any:
    """`proc` (a state's copy of it) with its paused question's prompt and labels converted in
    place: `text.to_json` for a state's JSON (ids and parameters, issue 18), `text.from_json` to
    read them back as messages. The state's hash words them in English (protocol.english_words),
    as the state held them before."""
    pend = proc.get("pending") if isinstance(proc, dict) else None
    if pend:
        if "prompt" in pend:
            pend["prompt"] = convert(pend["prompt"])
        if "labels" in pend:
            pend["labels"] = [convert(x) for x in pend["labels"]]
    return proc


class ResolvableState(Protocol):
    proc: dict[str, Any] | None
    flags: dict[str, Any]
    outcome: Any

    def to_json(self) -> dict[str, Any]: ...

    def restore(self, data: dict[str, Any]) -> None: ...


class NeedDecision(Exception):
    """A question with no recorded answer, raised out of a plain (not live) Ctx."""

    def __init__(self, decider: str, kind: str, options: list[dict[str, Any]], prompt: str | Msg,
                 labels: list[str | Msg], about: dict[str, Any] | None = None):
        super().__init__(prompt)
        self.decider, self.kind, self.options, self.prompt, self.labels = (
            decider, kind, options, prompt, labels)
        self.about = about

    def pending(self) -> dict[str, Any]:
        """The question for `state.proc`. A prompt or label that is a message (game/engine/text.py)
        stays the message object while the game runs (a question is asked often, and its words
        are read only by a screen); the title's `to_json` writes it as its JSON form (ids and
        parameters), and a state read back holds that form (`text.from_json` reads either)."""
        out = {"decider": self.decider, "kind": self.kind, "options": self.options,
               "prompt": self.prompt, "labels": self.labels}
        if self.about:
            out["about"] = self.about
        return out


class Ctx:
    """What a resolution sees: the state, the recorded answers, and the events it emits.

    Outside a live resolution (a title's plain actions, tests) a question with no recorded
    answer raises NeedDecision. A title subclasses it to word its options (`label`)."""

    __slots__ = ("state", "answers", "used", "events", "resumed_at", "_pause")

    def __init__(self, state: Any, answers: list[dict[str, Any]]):
        self.state = state
        self.answers = answers
        self.used = 0
        self.events: list[Event] = []
        # How many events this run had emitted when it took the newest answer: those before it
        # were shown at the last question. Counted by this run, not read from `proc["emitted"]`,
        # which an older Tiletop may have counted differently (a log line added since).
        self.resumed_at: int | None = None
        self._pause: Callable[[NeedDecision], None] | None = None

    def label(self, kind: str, option: dict[str, Any]) -> str | Msg:
        """Plain words for one option of a question (a title overrides this)."""
        return str(option)

    def choose(self, decider: str, kind: str, options: list[dict[str, Any]], prompt: str | Msg,
               labels: list[str | Msg] | None = None, about: dict[str, Any] | None = None,
               always: bool = False) -> dict[str, Any]:
        """One option; asks `decider` only when there is a real choice (two or more options),
        or also with one when `always`: a question whose being asked must not tell the others
        what the decider's hidden hand holds (Doom's invader asked about a reaction card it
        may hold none of, and passes). `about` says what the question concerns as data (e.g.
        {"figure": id}), for a screen to point at and a bot to read; the prompt is its words (a
        message or a plain string, as are the labels)."""
        if not options:
            raise ValueError(f"no options for {kind}")
        if len(options) == 1 and not always:
            return options[0]
        if self.used >= len(self.answers):
            if labels is None:
                labels = [self.label(kind, o) for o in options]
            need = NeedDecision(decider, kind, options, prompt, labels, about)
            if self._pause is None:
                raise need
            self._pause(need)  # returns once the answer is in self.answers
        if self.used == len(self.answers) - 1:
            self.resumed_at = len(self.events)
        answer = self.answers[self.used]
        self.used += 1
        return answer

    def emit(self, kind: str, text: str | Msg, payload: dict[str, Any] | None = None,
             hidden: bool = False, visible_to: tuple[str, ...] | None = None) -> None:
        self.events.append(Event(kind, text, payload or {}, hidden, visible_to))


def labelled_ctx(label: Callable[[Any, str, dict[str, Any]], str | Msg], name: str = "Ctx") -> type[Ctx]:
    """A title's Ctx: options worded by `label(state, kind, option)` (its names module), so a
    title binds the mechanism in a line instead of a subclass of its own."""

    def words(self: Ctx, kind: str, option: dict[str, Any]) -> str | Msg:
        return label(self.state, kind, option)

    return type(name, (Ctx,), {"__slots__": (), "label": words, "__doc__": Ctx.__doc__})


def proc_json(proc: dict[str, Any] | None, copy: Callable[[Any], Any]) -> dict[str, Any] | None:
    """A JSON copy of a resolution's record for a title's `to_json`. A paused question's prompt
    and labels are message objects while the game runs: they are written as their JSON form
    (ids and parameters, so a save reads in any language), and the rest (the checkpoint, a whole
    state) is copied by the title's `copy` of plain data."""
    if proc is None:
        return None
    pend = proc.get("pending")
    if not pend or (pend.get("prompt").__class__ is str and all(x.__class__ is str for x in pend.get("labels", ()))):
        return copy(proc)
    out = copy({k: v for k, v in proc.items() if k != "pending"})
    words = copy({k: v for k, v in pend.items() if k not in ("prompt", "labels")})
    words["prompt"] = T.to_json(pend.get("prompt"))
    words["labels"] = [T.to_json(x) for x in pend.get("labels", ())]
    out["pending"] = words
    return out


_DONE = object()  # what a finished resolution's greenlet returns to its caller


def _hand_back(need: NeedDecision) -> None:
    """Inside a resolution: hands the question to whoever switched in last, and returns when
    that caller switches back in with the answer recorded."""
    getcurrent().parent.switch(need)


def _work(job: tuple) -> None:
    """A worker greenlet's life: runs one resolution after another, handing _DONE back after
    each and waiting for the next (starting a greenlet costs about ten times a switch, and most
    resolutions end without a question). A resolution that raises, or is let go while paused,
    ends its worker (the exception, or GreenletExit, unwinds this frame)."""
    while True:
        fn, ctx, args = job
        job = None  # an idle worker holds nothing of the resolution it ran
        fn(ctx, **args)
        fn = ctx = args = None
        job = getcurrent().parent.switch(_DONE)


_IDLE: list[greenlet] = []  # workers between two resolutions (all in one thread: module docstring)
_IDLE_KEEP = 8


class _Paused:
    """One resolution running in a worker greenlet; its caller switches in and the resolution
    switches back out at each question."""

    __slots__ = ("state", "proc", "ctx", "glet", "job", "__weakref__")

    def __init__(self, state: Any, proc: dict[str, Any], fn: Callable[..., None], ctx: Ctx):
        self.state = state
        self.proc = proc
        self.ctx = ctx
        self.job: tuple | None = (fn, ctx, proc["args"])
        self.glet = _IDLE.pop() if _IDLE else greenlet(_work)
        # Not a bound method: the paused frame must not hold its runner, or a runner let go
        # would stay alive through its own frame (a cycle the collector cannot see).
        ctx._pause = _hand_back

    def switch(self) -> object:
        """Runs the resolution to its next question (a NeedDecision) or its end (_DONE). An
        exception in it is raised here, in the caller."""
        glet = self.glet
        glet.parent = getcurrent()
        if self.job is not None:  # the first switch hands the worker its resolution
            job, self.job = self.job, None
            got = glet.switch(job)
        else:
            got = glet.switch()
        if got is _DONE and len(_IDLE) < _IDLE_KEEP:
            _IDLE.append(glet)
        return got


class Resolver:
    """A title's named resolutions and how they start, pause and go on."""

    def __init__(self, ctx_type: type[Ctx] = Ctx, max_paused: int = 64):
        self.procedures: dict[str, Callable[..., None]] = {}
        self.ctx_type = ctx_type
        self.max_paused = max_paused
        self.live = True  # False: re-execute from the checkpoint at every answer
        self._paused: OrderedDict[int, _Paused] = OrderedDict()  # id -> runner, oldest first
        self._of_state: dict[int, _Paused] = {}  # id(state) -> its paused runner

    def procedure(self, name: str):
        """Decorator: registers `fn(ctx, **args)` as the resolution `name`."""
        def register(fn):
            self.procedures[name] = fn
            return fn
        return register

    # ------------------------------------------------------------------ the three calls

    def start(self, state: ResolvableState, name: str, args: dict[str, Any]) -> list[Event]:
        """Starts (and runs as far as possible) a resolution; those queued meanwhile follow."""
        events: list[Event] = []
        queue_ = [(name, args)]
        while queue_ and state.proc is None and state.outcome is None:
            n, a = queue_.pop(0)
            snap = getattr(state, "checkpoint", None)
            proc = {"name": n, "args": a, "checkpoint": state.to_json() if snap is None else snap(),
                    "answers": [], "emitted": 0, "pending": None}
            if self.live:
                self._forget(state)
                state.proc = None  # as inside a re-executed resolution: the checkpoint had no proc
                events += self._settle(state, self._runner(state, proc))
            else:
                state.proc = proc
                events += self._rerun(state)
            queue_ += state.flags.pop(QUEUE, [])
        if queue_ and state.outcome is None:
            state.flags.setdefault(QUEUE, []).extend(queue_)
        return events

    def answer(self, state: ResolvableState, choice: dict[str, Any]) -> list[Event]:
        """Records the answer to the pending question and goes on."""
        proc = state.proc
        assert proc is not None
        proc["answers"].append(choice)
        if self.live:
            runner = self._of_state.get(id(state))
            if runner is not None and runner.proc is proc and runner.state is state \
                    and runner.ctx.used == len(proc["answers"]) - 1:
                self._paused.pop(id(runner), None)
                state.proc = None
                events = self._settle(state, runner)
            else:
                self._forget(state)
                state.restore(proc["checkpoint"])
                events = self._settle(state, self._runner(state, proc))
        else:
            events = self._rerun(state)
        queued = state.flags.pop(QUEUE, [])
        for n, a in queued:
            if state.proc is None and state.outcome is None:
                events += self.start(state, n, a)
            else:
                state.flags.setdefault(QUEUE, []).append([n, a])
        return events

    def queue(self, state: ResolvableState, name: str, args: dict[str, Any]) -> None:
        """Asks for a resolution to start once the running one has finished."""
        state.flags.setdefault(QUEUE, []).append([name, args])

    def release(self, state: ResolvableState) -> None:
        """Lets go of the resolution paused in this state, if any (an abandoned game). The
        state itself is unchanged and can still go on (by re-execution)."""
        runner = self._forget(state)
        if runner is not None:
            self._paused.pop(id(runner), None)

    def paused_count(self) -> int:
        return len(self._paused)

    # ------------------------------------------------------------------ internals

    def _runner(self, state: ResolvableState, proc: dict[str, Any]) -> _Paused:
        return _Paused(state, proc, self.procedures[proc["name"]], self.ctx_type(state, proc["answers"]))

    def _settle(self, state: ResolvableState, runner: _Paused) -> list[Event]:
        """Runs the resolution to its next question or its end, and reads what it emitted."""
        proc = runner.proc
        try:
            got = runner.switch()
        except BaseException:
            state.proc = None
            self._of_state.pop(id(state), None)
            raise
        new = runner.ctx.events[_shown(runner.ctx, proc):]
        proc["emitted"] = len(runner.ctx.events)
        if got is _DONE:
            state.proc = None
            self._of_state.pop(id(state), None)
            return new
        proc["pending"] = got.pending()
        state.proc = proc
        self._of_state[id(state)] = runner
        self._paused[id(runner)] = runner
        while len(self._paused) > self.max_paused:
            _, oldest = self._paused.popitem(last=False)
            if self._of_state.get(id(oldest.state)) is oldest:
                del self._of_state[id(oldest.state)]
        return new

    def _forget(self, state: ResolvableState) -> _Paused | None:
        """Drops this state's paused runner, if any (it no longer matches the state)."""
        runner = self._of_state.pop(id(state), None)
        if runner is not None:
            self._paused.pop(id(runner), None)
        return runner

    def _rerun(self, state: ResolvableState) -> list[Event]:
        """Re-execution (live = False): restore the checkpoint, run from the start."""
        proc = state.proc
        assert proc is not None
        state.restore(proc["checkpoint"])
        ctx = self.ctx_type(state, proc["answers"])
        try:
            self.procedures[proc["name"]](ctx, **proc["args"])
        except NeedDecision as need:
            proc["pending"] = need.pending()
            new = ctx.events[_shown(ctx, proc):]
            proc["emitted"] = len(ctx.events)
            state.proc = proc
            return new
        new = ctx.events[_shown(ctx, proc):]
        state.proc = None
        return new


def _shown(ctx: Ctx, proc: dict[str, Any]) -> int:
    """How many of a run's events were already shown: those before it took the newest answer
    (a re-run from the checkpoint counts them itself), else the record's count."""
    return proc["emitted"] if ctx.resumed_at is None else ctx.resumed_at
