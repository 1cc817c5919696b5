"""What every title's lesson adapter (protocol.py LessonAdapter) does the same way: reading the
lesson's setup tables, taking named cards out of a deck, "@place" names, the stacked dice in
`state.flags["dice_stack"]`, and the free-play conditions any title's state answers (an event
since the step began, the phase, the question asked). A title's adapter derives from
`AdapterBase` and adds its own verbs, places and conditions (game/gears/tutorial.py,
game/doom/tutorial.py)."""
from __future__ import annotations

from typing import Any, Mapping

from game.engine.log import EventLog
from game.engine.protocol import Event
from game.engine.session import Session
from game.engine.text import M
from game.engine.tomldata import TomlFile
from game.tutorial.model import Lesson
from game.tutorial.protocol import LessonBroken


def table_list(doc: TomlFile, value: Any, path: list) -> list[dict]:
    """A setup key's list of tables ([[setup.X]]), or the file's error at `path`."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise doc.error(path, M("expected a list of tables ([[setup.X]])"))
    return value


def check_keys(doc: TomlFile, item: dict, allowed: tuple, path: list, required: tuple) -> None:
    """An unknown or a missing key of one setup table is the file's error."""
    for k in item:
        if k not in allowed:
            raise doc.error(path + [k], M("unknown key {key} (expected one of: {known})", key=repr(k), known=", ".join(allowed)))
    for k in required:
        if k not in item:
            raise doc.error(path, M("missing key {key}", key=repr(k)))


def take_card(deck: Any, name: str, where: Any, what: Any) -> str:
    """The card `name` (an instance id, or a card name: its first copy) taken out of the deck's
    draw or discard pile (game/engine/deck.py); LessonBroken when none is left. `what` names
    the deck (a message: M("the item deck"))."""
    for pile in (deck.draw_pile, deck.discard_pile):
        for card in pile:
            if card == name or card.split("#")[0] == name:
                deck.take(card)
                return card
    raise LessonBroken(M("{where}: no {card} card is left in {deck} or its discard pile", where=where, card=repr(name), deck=what))


def rule_by_keyword(reason: str, kind: str, keywords: tuple, action_rules: Mapping[str, str]) -> str:
    """The rules reference section of a refusal: the first keyword (lowercase) found in the
    sentence, else the section of the action kind, else ""."""
    low = (reason or "").lower()
    return next((section for word, section in keywords if word in low), "") or action_rules.get(kind, "")


class SilentCtx:
    """What a rules function that may announce something needs of a resolution's context, for
    a lesson's set-up: the state, and an `emit` that drops the events (the set-up is not part of
    the lesson's log)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def emit(self, kind: str, text: str, payload: dict | None = None, hidden: bool = False,
             visible_to: Any = None) -> None:
        return None


class AdapterBase:
    """The adapter methods that are the same for every title."""

    def resolve(self, state: Any, value: Any, places: Mapping[str, Any]) -> Any:
        """A matcher or highlight value with "@place" names replaced by their ids."""
        if isinstance(value, str) and value.startswith("@"):
            return places.get(value[1:], value)
        if isinstance(value, list):
            return [self.resolve(state, v, places) for v in value]
        return value

    def drop_stacked(self, state: Any, dice: set[str]) -> bool:
        """Drops the unused stacked faces of these dice, unless a resolution that may still roll
        them is open (then False: ask again later); an empty stack goes too, so a lesson's state
        is the one a game without stacking would have."""
        if state.proc is not None:
            return False
        stack = state.flags.get("dice_stack", {})
        for die in dice:
            stack.pop(die, None)
        if "dice_stack" in state.flags and not stack:
            state.flags.pop("dice_stack")
        return True

    def start_session(self, lesson: Lesson) -> Session:
        """The lesson's game as the title sets it up; a scenario the rules refuse stops the lesson."""
        sc = lesson.scenario
        try:
            return Session.start(self.title, sc.mission, sc.seed, dict(sc.options))  # type: ignore[attr-defined]
        except ValueError as exc:
            raise LessonBroken(M("{path}: [scenario]: the rules refuse this scenario ({why})", path=str(lesson.path), why=str(exc))) from None

    @staticmethod
    def log_from_here(session: Session) -> None:
        """Called by `start` once the lesson's [setup] has edited the game: the lines logged
        until then (the game's opening lines, the set-up decisions taken before the edit) tell
        of Locusts, hands and cards the lesson replaced, so the lesson's log starts here. What
        is logged after the edit (Convoy's kept hands and first draws, the runner's answers) is
        the lesson's."""
        session.log = EventLog()

    @staticmethod
    def setup_verbs(doc: TomlFile, lesson: Lesson, verbs: tuple) -> Any:
        """The lesson's [setup] as (verb, value, key path), each verb one the title knows."""
        for key, value in lesson.setup.items():
            path = ["setup", key]
            if key not in verbs:
                raise doc.error(path, M("unknown setup verb {verb} (expected one of: {known})", verb=repr(key), known=", ".join(verbs)))
            yield key, value, path

    @staticmethod
    def check_scenario(doc: TomlFile, lesson: Lesson, title: str, name: str, known: Any, what: str) -> None:
        """The lesson's [scenario] names this title (key `title`, shown as `name`) and one of its
        scenarios (`known`, called `what`)."""
        sc = lesson.scenario
        if sc.title != title:
            raise doc.error(["scenario", "title"], M("this adapter plays {name} lessons, not {title}", name=name, title=repr(sc.title)))
        if sc.mission not in known:
            raise doc.error(["scenario", "mission"], M("unknown {what} {name} (known: {known})", what=what, name=repr(sc.mission), known=", ".join(sorted(known))))

    @staticmethod
    def check_steps(doc: TomlFile, lesson: Lesson, conditions: tuple) -> None:
        """Every free-play condition is one the title answers; every automatic answer ([auto])
        has a form the runner reads."""
        for i, step in enumerate(lesson.steps):
            for cond in step.until:
                if cond.name not in conditions:
                    raise doc.error(["step", i, "until", cond.name],
                                    M("unknown condition {name} (expected one of: {known})", name=repr(cond.name), known=", ".join(conditions)))
        for kind, pref in lesson.auto.items():
            if isinstance(pref, list):
                for j, item in enumerate(pref):
                    if not (isinstance(item, dict) and isinstance(item.get("kind"), str)):
                        raise doc.error(["auto", kind, j], M("each preferred answer is a table with a `kind`"))
            elif not (pref in ("first", "decline", "ask") or isinstance(pref, dict)):
                raise doc.error(["auto", kind], M("an automatic answer is \"first\", \"decline\", \"ask\" (the learner answers), "
                                                  "a payload table or a list of actions by preference"))

    @staticmethod
    def common_condition(state: Any, name: str, v: Any, events: list[Event]) -> bool | None:
        """The free-play conditions every title's state answers: `event` (one of these kinds
        since the step began), `phase` (no question open and this phase), `decision` (this kind
        of question asked); None for a name the title answers itself."""
        if name == "event":
            kinds = v if isinstance(v, list) else [v]
            return any(e.kind in kinds for e in events)
        if name == "phase":
            return state.proc is None and state.phase == v
        if name == "decision":
            return state.proc is not None and state.proc["pending"]["kind"] == v
        return None
