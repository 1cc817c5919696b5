"""A save's actions and log lines, built when something reads them (issue 19: Continue at 3,000
actions decoded 1.1 MB of log and 3,000 actions to show thirty lines of it).

Each is a subclass equal to the plain object it stands for:

- `PendingLine`: an action line of a journal not decoded at all yet, with its `PendingAction`
  and one `PendingEvent` per event. Who decided the action, and who may see each event and
  whether it revealed hidden information, are known from the line's summary (`w`, journal.py):
  all a load, the log's filter per seat and undo's refusals need. Reading the action's kind,
  payload or label, or an event's kind, payload or message, decodes the whole line through the
  gate (`PendingLine.fill`), once.
- `SavedEvent`: an event whose message is still its JSON, built (and its form checked) the first
  time it is read; `SavedAction`: the same for an action's label.

A line, message or label that does not read then is not an error: it reads as a notice naming
the file and its line, the game plays on, and an undo that would replay an action that does not
read is refused with it (`unreadable`; docs/ENGINE.md "Save format", "Lines read when read").
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine import text as T
from game.engine.protocol import Action, Event
from game.engine.savegate import MAX_DEPTH, SaveError, parse_json_text, suspect_lines
from game.engine.text import Msg

# The slots themselves (the properties below stand in front of them).
_KIND, _MESSAGE, _PAYLOAD = (Event.__dict__[name] for name in ("kind", "message", "payload"))
_set_kind, _set_message, _set_payload, _set_hidden, _set_seen = (
    Event.__dict__[name].__set__ for name in ("kind", "message", "payload", "hidden_info", "visible_to"))
_ACTION_KIND, _ACTION_PAYLOAD, _LABEL = (Action.__dict__[name] for name in ("kind", "payload", "label"))
_set_action_kind, _set_action_payload, _set_label = (
    Action.__dict__[name].__set__ for name in ("kind", "payload", "label"))


def line_source(path: Any, number: int) -> Any:
    """'FILE: line N', where a line of a save was read (the notices name it), worded when shown."""
    return T.Joined((f"{path}: ", T.M("line {line}", line=number)))


def _unreadable(source: Any, problem: Any) -> Any:
    """A log line whose message does not read (its message's JSON is damaged: the parser's own
    reason is not shown)."""
    return T.M("{source}: this log line cannot be read", source=source)


class SavedEvent(Event):
    """An event read from a save's log, its message built when it is first read (issue 19: a
    3,000-action game holds 26,000 message objects; Continue shows thirty lines). Until then the
    slot holds the message's JSON as the file has it, checked only as a JSON object: a message
    that does not read is found then, and the line shows a notice naming the save and its line
    instead of crashing. Equal to an Event with the same fields, as a loaded log must be."""

    __slots__ = ("_source",)

    def __init__(self, kind: str, message: dict[str, Any] | str | Msg, payload: dict[str, Any],
                 hidden_info: bool = False, visible_to: tuple[str, ...] | None = None, source: str = "the save"):
        """`message`: the message's JSON (or a message already built: dataclasses.replace)."""
        # The slots set directly: the frozen dataclass's __init__ goes through object.__setattr__
        # per field, half of this event's cost, thousands of times per load.
        _set_kind(self, kind)
        _set_message(self, message)
        _set_payload(self, payload)
        _set_hidden(self, hidden_info)
        _set_seen(self, visible_to)
        _set_source(self, source)  # "<file>: line <n>", for the notice

    @property  # type: ignore[override]
    def message(self) -> str | Msg:
        value = _MESSAGE.__get__(self, SavedEvent)
        if value.__class__ is dict:
            try:
                value = T.from_json(value)
            except (ValueError, TypeError, RecursionError) as exc:
                # The JSON stays (a whole save copies it as it was read); each read says so.
                return _unreadable(self._source, exc)
            _set_message(self, value)
        return value

    @message.setter
    def message(self, value: Any) -> None:  # the dataclass's __init__ and unpickling only
        _set_message(self, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.message, self.payload, self.hidden_info, self.visible_to) == \
            (other.kind, other.message, other.payload, other.hidden_info, other.visible_to)

    __hash__ = Event.__hash__

    def to_json(self) -> dict[str, Any]:
        """As read when its message was never read (a whole save written after a load copies
        the log without building it)."""
        value = _MESSAGE.__get__(self, SavedEvent)
        if value.__class__ is not dict:
            return Event.to_json(self)
        data: dict[str, Any] = {"kind": self.kind, "text": value, "payload": self.payload}
        if self.hidden_info:
            data["hidden_info"] = True
        if self.visible_to is not None:
            data["visible_to"] = list(self.visible_to)
        return data


_set_source = SavedEvent.__dict__["_source"].__set__


def event_from_json(data: Any, source: str) -> Event:
    """Event.from_json, with the usual event (public, nothing hidden) checked inline, and a
    message (a JSON object) kept as it is until the log reads it (SavedEvent: `source` names
    the line in the notice shown if it does not read then). ValueError names what is malformed."""
    if data.__class__ is not dict:
        raise ValueError(f"an event should be a JSON object, got {type(data).__name__}")
    if len(data) == 3:
        kind, text, payload = data.get("kind"), data.get("text"), data.get("payload")
        if kind.__class__ is str and payload.__class__ is dict:
            if text.__class__ is dict:
                return SavedEvent(kind, text, payload, False, None, source)
            if text.__class__ is str:
                return Event(kind, text, payload)
    kind, text, payload, hidden, seen = Event.fields_from_json(data)
    if text.__class__ is dict:
        return SavedEvent(kind, text, payload, hidden, seen, source)
    return Event(kind, text, payload, hidden, seen)


# ---------------------------------------------------------------------- an action line's summary

def line_summary(decider: str | None, events: list[Event]) -> list[Any]:
    """An action line's `w` (journal.py): who decided the action, then per event 0 (everyone sees
    it), 1 (everyone, and it revealed hidden information) or [hidden (0 or 1), seat, ...] (only
    those seats see it): all a load needs of the line, read without decoding the rest."""
    return [decider, *[(1 if e.hidden_info else 0) if e.visible_to is None
                       else [1 if e.hidden_info else 0, *e.visible_to] for e in events]]


Seen = list[tuple[bool, tuple[str, ...] | None]]  # (hidden_info, visible_to) per event


def read_line_summary(summary: Any) -> tuple[str | None, Seen]:
    """The decider and (hidden_info, visible_to) of each event from a line's `w`; ValueError when
    it is not one."""
    if summary.__class__ is not list or not summary:
        raise ValueError("'w' should be a list: the decider, then who sees each event")
    decider = summary[0]
    if decider is not None and decider.__class__ is not str:
        raise ValueError(f"the decider should be a player id, got {decider!r}")
    seen: Seen = []
    for item in summary[1:]:
        if item.__class__ is int and (item == 0 or item == 1):
            seen.append((item == 1, None))
        elif item.__class__ is list and item and item[0].__class__ is int and item[0] in (0, 1) \
                and all(seat.__class__ is str for seat in item[1:]):
            seen.append((item[0] == 1, tuple(item[1:])))
        else:
            raise ValueError(f"'w' holds {item!r}, not 0, 1 or [0 or 1, seat...]")
    return decider, seen


# ---------------------------------------------------------------------- lines decoded when read

def _filled(pending: Any, slot: Any, read: str) -> Any:
    """A slot of a pending event or action, filled by its line's `read` method (fill or
    read_action) if it is still empty (a copy has its fields and no line)."""
    try:
        return slot.__get__(pending, None)
    except AttributeError:
        getattr(pending._line, read)()
        return slot.__get__(pending, None)


def _read_through(slot: Any, set_slot: Any, read: str, then: Any = None) -> property:
    """A field of a pending event or action (`_filled`; `then` gives what reading it returns).
    Settable: unpickling and copying set the fields."""
    def get(self: Any) -> Any:
        value = _filled(self, slot, read)
        return value if then is None else then(self)
    return property(get, set_slot)


class PendingEvent(SavedEvent):
    """An event of a journal line not decoded yet (PendingLine): `hidden_info` and `visible_to`
    are set from the line's summary; reading `kind`, `payload` or `message` decodes the line
    (until then their slots are empty)."""

    __slots__ = ("_line",)

    kind = _read_through(_KIND, _set_kind, "fill")  # type: ignore[assignment]
    payload = _read_through(_PAYLOAD, _set_payload, "fill")  # type: ignore[assignment]
    message = _read_through(_MESSAGE, _set_message, "fill", SavedEvent.message.fget)  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        _filled(self, _MESSAGE, "fill")
        return SavedEvent.to_json(self)


_set_line = PendingEvent.__dict__["_line"].__set__


def may_hold(event: Event, text: str) -> bool:
    """Whether reading `event` may find `text` in it: False only for an event of a journal line
    not decoded yet (a PendingEvent) whose line has no `text` anywhere, so a reader looking for a
    value can pass the line by without decoding it (Level 7's table looks for the moves onto the
    tiles it has not seen yet, `"tile":"T07"`). The line is canonical JSON (protocol.
    canonical_json: sorted keys, no spaces, ASCII): `text` is looked for as that writes it."""
    if event.__class__ is not PendingEvent:
        return True
    try:
        _KIND.__get__(event, None)
        return True  # decoded already: reading it costs nothing
    except AttributeError:
        pass
    line = event._line.text
    return line is None or text in line


class PendingLine:
    """An action line of a journal kept as its text: its action (`action`, a PendingAction) and
    events (`events`, PendingEvents made from the line's summary) are decoded, through the gate,
    the first time one of them is read (the action alone, if it is read first: an undo replays
    actions, not their log). `problem` is then None, or why the line does not read ("line N:
    ...": it is not JSON within the gate's bounds, or its action, turn or events are not the ones
    its summary says); its events, and its action's label if the action is what does not read,
    then show it with the file's name, and such an action cannot be replayed (`unreadable`)."""

    __slots__ = ("text", "path", "number", "decider", "turn", "action", "events", "problem", "unread_action")

    def __init__(self, text: str, path: Path, number: int, decider: str | None, turn: int, seen: Seen):
        self.text: str | None = text
        self.path = path
        self.number = number
        self.decider = decider
        self.turn = turn
        self.problem: str | None = None
        self.unread_action: str | None = None  # the notice, when the action does not read
        self.action = action = PendingAction.__new__(PendingAction)
        _set_action_line(action, self)
        self.events: list[Event] = []
        new, events = PendingEvent.__new__, self.events
        for hidden, visible_to in seen:
            event = new(PendingEvent)
            _set_hidden(event, hidden)
            _set_seen(event, visible_to)
            _set_line(event, self)
            events.append(event)

    def read_action(self) -> None:
        """Decodes the line's action alone, once (an undo replays actions, not their log lines)."""
        if not self._action_read():
            assert self.text is not None  # (decoding the whole line sets the action)
            action, problem = self._action_alone(self.text)
            self.problem = self.problem or problem  # (an action that does not read: nor does its line)
            self._set_action(action, problem)

    def fill(self) -> None:
        """Decodes the whole line (once) and sets its action, if not read already, and events."""
        text, self.text = self.text, None
        if text is None:
            return
        source = self._source()
        action, decoded = None, []
        if self.problem is None:
            try:
                record = _gated(self.path, text)
                if record.__class__ is not dict or record.keys() != {"a", "e", "t", "w"} \
                        or record["a"].__class__ is not dict or record["e"].__class__ is not list:
                    raise ValueError("not an action line")
                action = SavedAction.from_save(record["a"], source)
                decoded = [event_from_json(e, source) for e in record["e"]]
                if record["t"] != self.turn or record["w"] != line_summary(self.decider, decoded) \
                        or len(decoded) != len(self.events):
                    raise ValueError("its events are not the ones its 'w' says")
                if self._action_read() and action != self.action:  # (a key written twice)
                    raise ValueError("its action is not the one read before")
            except SaveError as exc:
                self.problem = self._cannot(exc.message)
            except ValueError:
                self.problem = self._cannot(T.M("it is damaged"))
        if not self._action_read():
            # Whether the action reads is its own part's say, whatever the rest of the line.
            self._set_action(*((action, None) if self.problem is None else self._action_alone(text)))
        notice = T.Joined((f"{self.path}: ", self.problem))
        for i, event in enumerate(self.events):
            _set_source(event, source)
            if self.problem is None:
                got = decoded[i]
                _set_kind(event, _KIND.__get__(got, Event))
                _set_payload(event, _PAYLOAD.__get__(got, Event))
                _set_message(event, _MESSAGE.__get__(got, Event))
            else:
                _set_kind(event, "unreadable")
                _set_payload(event, {})
                _set_message(event, notice)

    def _action_read(self) -> bool:
        try:
            _ACTION_KIND.__get__(self.action, PendingAction)
            return True
        except AttributeError:
            return False

    def _action_alone(self, text: str) -> tuple[SavedAction | None, str | None]:
        """The line's action decoded alone through the gate, or None and why it does not read."""
        try:
            end = _SCAN(text, 5)[1]
            raw = _gated(self.path, text[5:end])
            if raw.__class__ is not dict:
                raise ValueError("'a' is not a JSON object")
            return SavedAction.from_save(raw, self._source()), None
        except StopIteration:
            return None, self._cannot(T.M("its action is damaged"))
        except RecursionError:
            return None, self._cannot(T.M("its action is nested too deeply (at most {most} levels)", most=MAX_DEPTH))
        except SaveError as exc:
            return None, self._cannot(exc.message)
        except ValueError:
            return None, self._cannot(T.M("its action is damaged"))

    def _set_action(self, action: SavedAction | None, problem: str | None) -> None:
        """The action's fields from `action`, or, when it does not read, its notice."""
        if action is not None:
            _set_action_kind(self.action, action.kind)
            _set_action_payload(self.action, action.payload)
            _set_label(self.action, _LABEL.__get__(action, SavedAction))
        else:
            self.unread_action = T.Joined((f"{self.path}: ", problem))
            _set_action_kind(self.action, "unreadable")
            _set_action_payload(self.action, {})
            _set_label(self.action, self.unread_action)
        _set_action_source(self.action, self._source())

    def _source(self) -> str:
        return line_source(self.path, self.number)

    def _cannot(self, problem: Any) -> Any:
        return T.M("line {line}: this line cannot be read ({problem})", line=self.number, problem=problem)


def _gated(path: Path, text: str) -> Any:
    """JSON text of a line a load left for later, through the gate with its cheaper tests (as for
    the lines a load parses, journal.read_journal): a digit run found in bytes; a string too
    long cannot be in a line this short (the load left only such lines); the depth walked only
    past MAX_DEPTH brackets."""
    return parse_json_text(path, text, "save", suspect_text=suspect_lines(text.encode("utf-8"), [text]),
                           walk_depth=text.count("[") + text.count("{") > MAX_DEPTH)


_SCAN = json.JSONDecoder().scan_once  # where a JSON value in a text ends (C)


def unreadable(action: Action) -> str | None:
    """Why an action read from a save cannot be replayed ("FILE: line N: ...": its line does not
    read), or None."""
    line = getattr(action, "_line", None)
    if line is None:
        return None
    line.read_action()
    return line.unread_action


# ---------------------------------------------------------------------- actions

class SavedAction(Action):
    """An action read from a save, its label built when it is first read (the undo list, the
    log's action words): until then the slot holds the label's JSON. Equal to an Action of the
    same kind and payload, as every action is."""

    __slots__ = ("_source",)

    def __init__(self, kind: str, payload: dict[str, Any], label: Any = "", source: str = "the save"):
        _set_action_kind(self, kind)
        _set_action_payload(self, payload)
        _set_label(self, label)
        _set_action_source(self, source)

    @classmethod
    def from_save(cls, data: dict[str, Any], source: str) -> SavedAction:
        """Action.from_json but for the label, whose JSON is kept; ValueError names what is wrong."""
        kind = data.get("kind")
        payload = data.get("payload", {})
        label = data.get("text", "")
        if kind.__class__ is not str or not kind:
            raise ValueError(f"an action needs a text 'kind', got {kind!r}")
        if payload.__class__ is not dict:
            raise ValueError(f"action payload must be an object, got {type(payload).__name__}")
        if label.__class__ is not str and label.__class__ is not dict:
            raise ValueError(f"action text must be text or a message, got {label!r}")
        return cls(kind, payload, label, source)

    @property  # type: ignore[override]
    def label(self) -> str | Msg:
        value = _LABEL.__get__(self, SavedAction)
        if value.__class__ is dict:
            try:
                value = T.from_json(value)
            except (ValueError, TypeError, RecursionError):
                return T.M("{source}: this action's label cannot be read", source=self._source)
            _set_label(self, value)
        return value

    @label.setter
    def label(self, value: Any) -> None:  # unpickling only
        _set_label(self, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self.kind == other.kind and self.payload == other.payload

    __hash__ = Action.__hash__

    def to_json(self) -> dict[str, Any]:
        value = _LABEL.__get__(self, SavedAction)
        if value.__class__ is not dict:
            return Action.to_json(self)
        return {"kind": self.kind, "payload": self.payload, "text": value}


_set_action_source = SavedAction.__dict__["_source"].__set__


class PendingAction(SavedAction):
    """The action of a PendingLine: its kind, payload and label are decoded from the line, alone,
    the first time one of them is read."""

    __slots__ = ("_line",)

    kind = _read_through(_ACTION_KIND, _set_action_kind, "read_action")  # type: ignore[assignment]
    payload = _read_through(_ACTION_PAYLOAD, _set_action_payload, "read_action")  # type: ignore[assignment]
    label = _read_through(_LABEL, _set_label, "read_action", SavedAction.label.fget)  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        _filled(self, _LABEL, "read_action")
        return SavedAction.to_json(self)


_set_action_line = PendingAction.__dict__["_line"].__set__
