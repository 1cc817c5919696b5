"""Runs a lesson on the real engine: one Session, stacked dice and decks, and a step pointer.

The runner is what the overlay and `--check` share. It accepts an action only if the step
wants it (matched on kind and a payload subset, among the engine's legal actions now), refuses
anything else with a sentence and the rule behind it, answers the decisions the lesson is not
about, and moves to the next step when an action step got its action or a free-play step's
condition holds.

Back rebuilds the lesson from its start and replays the learner's accepted actions up to the
step before: the setup verbs edit the state outside the action list, so Session.undo could not
rebuild it, but the lesson itself is deterministic (seed, verbs, stacked dice, actions).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.protocol import Action, Event, IllegalAction
from game.engine.session import Session
from game.engine.text import M, Msg, as_text
from game.i18n import _
from game.tutorial.model import Highlight, Lesson, Matcher, Step
from game.tutorial.protocol import LessonAdapter, LessonBroken

MAX_FREE_ACTIONS = 400  # a free-play step that runs longer than this is broken, not slow


@dataclass(frozen=True)
class Feedback:
    """What happened to a submitted action: accepted, or refused with why and which rule."""

    accepted: bool
    message: str = ""
    rule: str = ""
    events: tuple[Event, ...] = ()
    illegal: bool = False  # refused by the rules (not just off-lesson)
    step_done: bool = False


@dataclass(frozen=True)
class CheckResult:
    lesson: str
    ok: bool
    steps: int  # steps completed
    actions: int
    problem: str = ""


def matches(matcher: Matcher, action: Action, resolve=lambda v: v) -> bool:
    """Kind equal, and every payload key of the matcher agrees (see Matcher)."""
    if action.kind != matcher.kind:
        return False
    for key, want in matcher.payload.items():
        if key not in action.payload:
            return False
        if not _value_matches(resolve(want), action.payload[key]):
            return False
    return True


def _value_matches(want: Any, got: Any) -> bool:
    if want == got:  # first: a square [x, y] is a list, and equal to a payload's [x, y]
        return True
    if isinstance(want, list):
        return any(_value_matches(w, got) for w in want)
    if isinstance(want, str) and isinstance(got, str) and "#" not in want and got.split("#")[0] == want:
        return True
    if want == "none" and got is None:  # TOML has no null
        return True
    return False


@dataclass
class LessonRunner:
    lesson: Lesson
    adapter: LessonAdapter
    session: Session = field(init=False)
    places: dict[str, str] = field(init=False)
    index: int = field(init=False, default=0)
    # per step index: the learner's accepted actions in it (Back replays them)
    taken: list[list[Action]] = field(init=False, default_factory=list)
    step_events: list[Event] = field(init=False, default_factory=list)
    auto_actions: int = field(init=False, default=0)
    _stale_dice: set[str] = field(init=False, default_factory=set)

    def __post_init__(self) -> None:
        self._restart()

    def _restart(self) -> None:
        self.session, self.places = self.adapter.start(self.lesson)
        self.index = 0
        self._stale_dice = set()
        self.taken = [[] for _step in self.lesson.steps]
        self.step_events = []
        self._enter_step()

    # ------------------------------------------------------------------ reading

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    def where(self) -> Msg:
        """The lesson file and the step, in the reader's language (worded when shown)."""
        step, path = self.step, str(self.lesson.path)
        if step is None:
            return M("{path}: after the last step", path=path)
        if step.line:
            return M("{path}: step {n} {name} (line {line})", path=path, n=self.index + 1, name=repr(step.id), line=step.line)
        return M("{path}: step {n} {name}", path=path, n=self.index + 1, name=repr(step.id))

    def highlights(self) -> list[Highlight]:
        """The step's highlights with place names replaced by the ids on this map."""
        step = self.step
        if step is None:
            return []
        return [Highlight(h.kind, tuple(self.adapter.resolve(self.state, t, self.places) for t in h.target))
                for h in step.highlights]

    def wanted(self) -> list[Action]:
        """The legal actions the current step would accept (empty for a read step)."""
        step = self.step
        if step is None:
            return []
        legal = self.session.legal_actions()
        if step.kind == "action":
            return [a for a in legal if any(self._match(m, a) for m in step.expect)]
        if step.kind == "free":
            return legal
        return []

    def refusal(self, action: Action) -> tuple[str, str] | None:
        """(reason, rule) when the current action step would refuse `action` though the rules
        allow it (what `submit` says then, without applying anything); else None."""
        step = self.step
        if step is None or step.kind != "action" or any(self._match(m, action) for m in step.expect):
            return None
        return (_(step.wrong) if step.wrong else _("That is allowed, but it is not what this step is about.")), step.rule

    def hint(self) -> Action | None:
        """The action --check would submit now (the overlay's "show me")."""
        step = self.step
        if step is None:
            return None
        legal = self.session.legal_actions()
        if step.kind == "action":
            matchers = step.expect
        else:  # the solution is a sequence: the next one not yet taken
            matchers = step.solution[len(self.taken[self.index]):][:1]
        for m in matchers:
            for a in legal:
                if self._match(m, a):
                    return a
        return None

    def _match(self, m: Matcher, a: Action) -> bool:
        return matches(m, a, lambda v: self.adapter.resolve(self.state, v, self.places))

    # ------------------------------------------------------------------ acting

    def next(self) -> bool:
        """Next on a read step; refused (False) on a step that waits for an action."""
        step = self.step
        if step is None or step.kind != "read":
            return False
        self._advance()
        return True

    def back(self) -> bool:
        """Goes back to the start of the previous step (rebuilding the game)."""
        if self.index == 0:
            return False
        target = self.index - 1
        kept = [list(x) for x in self.taken[:target]]
        self._restart()
        for i in range(target):
            step = self.lesson.steps[i]
            if step.kind == "read":
                self.next()
            else:
                for a in kept[i]:
                    self.submit(a)
            if self.index != i + 1:
                raise LessonBroken(M("{where}: going back did not replay the same way", where=self.where()))
        return True

    def submit(self, action: Action) -> Feedback:
        step = self.step
        if step is None:
            return Feedback(False, _("The lesson is over."))
        legal = self.session.legal_actions()
        if action not in legal:
            reason = self._engine_reason(action)
            text, rule = self.adapter.explain_illegal(self.state, action, reason)
            return Feedback(False, as_text(text), rule, illegal=True)
        if step.kind == "read":
            return Feedback(False, _("Read this step first, then press Next."), step.rule)
        if step.kind == "action" and not any(self._match(m, action) for m in step.expect):
            why = _(step.wrong) if step.wrong else _("That is allowed, but it is not what this step is about.")
            return Feedback(False, why, step.rule)
        events = self.session.apply(action)
        self.taken[self.index].append(action)
        self.step_events.extend(events)
        if step.kind == "action":
            # The next step answers (or teaches) the decisions this action opened.
            self._advance()
            return Feedback(True, "", step.rule, tuple(events), step_done=True)
        events = events + self._settle()
        finished = self._until_holds()
        if finished:
            self._advance()
        return Feedback(True, "", step.rule, tuple(events), step_done=finished)

    def _engine_reason(self, action: Action) -> Any:
        """Asks the rules why (apply raises before changing anything): the rules' message (or
        plain sentence), so an adapter may read the rule it cites whatever the language."""
        try:
            self.session.title.apply(self.state, action)
        except IllegalAction as exc:
            return exc.why
        raise LessonBroken(M("{where}: the rules applied {action} though it was not listed as legal", where=self.where(), action=str(action)))

    def _until_holds(self) -> bool:
        step = self.step
        return step is not None and all(
            self.adapter.condition(self.state, c.name, c.value, self.step_events, self.places) for c in step.until)

    def _advance(self) -> None:
        step = self.step
        if step is not None and step.dice:
            self._stale_dice |= set(step.dice)
        # Faces a step stacked but did not use must not leak into later, unscripted rolls;
        # kept while a resolution it started (an attack waiting for a Dodge) is unfinished.
        if self._stale_dice and self.adapter.drop_stacked(self.state, self._stale_dice):
            self._stale_dice = set()
        self.index += 1
        self.step_events = []
        self._enter_step()

    def _enter_step(self) -> None:
        step = self.step
        if step is None:
            return
        self.adapter.step_stacks(self.state, self.lesson, step)
        self._settle()
        # A free step whose goal already holds (the Locusts did it for us) is over.
        if step.kind == "free" and self._until_holds():
            self._advance()

    def _settle(self) -> list[Event]:
        """Answers the decisions this lesson does not teach, as the lesson says (or by default)."""
        events: list[Event] = []
        auto = dict(self.adapter.default_auto)
        auto.update(self.lesson.auto)
        for _attempt in range(200):
            kind = self.adapter.pending_kind(self.state)
            step = self.step
            if kind is None or kind not in auto or auto[kind] == "ask" or self.session.is_over():
                return events  # "ask": the lesson leaves these decisions to the learner
            legal = self.session.legal_actions()
            if step is not None and any(m.kind == kind or any(self._match(m, a) for a in legal)
                                        for m in step.expect + step.solution):
                return events  # the step teaches this decision
            pick = _auto_pick(auto[kind], legal, lambda v: self.adapter.resolve(self.state, v, self.places))
            got = self.session.apply(pick)
            events += got
            self.step_events.extend(got)  # conditions see what the Locusts did too
            self.auto_actions += 1
        raise LessonBroken(M("{where}: the automatic answers do not end", where=self.where()))


def _auto_pick(pref: Any, legal: list[Action], resolve=lambda v: v) -> Action:
    if isinstance(pref, list):  # matchers with a kind, by preference; then as "decline"
        for item in pref:
            m = Matcher(item["kind"], {k: v for k, v in item.items() if k != "kind"})
            got = next((a for a in legal if matches(m, a, resolve)), None)
            if got is not None:
                return got
        return _auto_pick("decline", legal, resolve)
    if isinstance(pref, dict):
        m = Matcher(legal[0].kind, pref)
        return next((a for a in legal if matches(m, a)), legal[0])
    if pref == "decline":
        return next((a for a in legal if all(v is None for v in a.payload.values())), legal[0])
    return legal[0]


def check_lesson(lesson: Lesson, adapter: LessonAdapter, trace: Any = None) -> CheckResult:
    """Plays the lesson to its end with its expected actions; says which step broke and why.
    `trace(line)` (optional) gets every step and every log line, for lesson authors."""
    actions = 0
    seen_log = 0
    try:
        runner = LessonRunner(lesson, adapter)
    except LessonBroken as exc:
        return CheckResult(lesson.id, False, 0, 0, str(exc))
    try:
        while not runner.done:
            step = runner.step
            assert step is not None
            if trace is not None:
                for line in runner.session.log.texts()[seen_log:]:
                    trace(f"      | {line}")
                seen_log = len(runner.session.log.texts())
                trace(f"  step {runner.index + 1} {step.id} ({step.kind})")
            if step.kind == "read":
                runner.next()
                continue
            start = runner.index
            used = 0
            while runner.index == start:
                if runner.session.is_over():
                    raise LessonBroken(M("{where}: the game ended ({state}) before the step was done",
                                         where=runner.where(), state=adapter.describe(runner.state)))
                action = runner.hint()
                if action is None:
                    legal = runner.session.legal_actions()
                    if step.kind == "free":
                        left = step.solution[len(runner.taken[runner.index]):][:1]
                        if not left:
                            raise LessonBroken(M(
                                "{where}: the solution is used up but the goal {goal} does not hold", where=runner.where(),
                                goal=", ".join(f"{c.name}={c.value}" for c in step.until)))
                    else:
                        left = step.expect
                    wanted = ", ".join(m.describe() for m in left)
                    raise LessonBroken(M(
                        "{where}: none of the expected actions [{wanted}] is legal now "
                        "(decider {decider}, {state}; legal: {legal})", where=runner.where(), wanted=wanted,
                        decider=str(runner.session.decider), state=adapter.describe(runner.state),
                        legal=", ".join(sorted({a.kind for a in legal})) or M("none")))
                fb = runner.submit(action)
                if not fb.accepted:
                    raise LessonBroken(M("{where}: {action} was refused: {why}", where=runner.where(), action=str(action), why=fb.message))
                actions += 1
                used += 1
                if used > MAX_FREE_ACTIONS:
                    raise LessonBroken(M("{where}: the goal {goal} still does not hold after {n} actions", n=used,  # n > 1
                                           where=runner.where(), goal=", ".join(f"{c.name}={c.value}" for c in step.until)))
        return CheckResult(lesson.id, True, len(lesson.steps), actions)
    except LessonBroken as exc:
        return CheckResult(lesson.id, False, runner.index, actions, str(exc))
    except Exception as exc:  # noqa: BLE001 - a rules crash must name the step, not kill --check
        return CheckResult(lesson.id, False, runner.index, actions,
                           str(M("{where}: the rules raised {error}: {why}", where=runner.where(),
                                 error=type(exc).__name__, why=str(exc))))
