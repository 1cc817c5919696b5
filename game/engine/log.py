"""The event log: every event of a game, in order, with the action that caused it.

Entries are never edited. Undo cuts the log back to the actions it keeps (`truncate`): the
rules are deterministic, so a replay of those actions would log the very same lines, and the
log of a state is always the log a game reaching that state would have.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, NamedTuple

from game.engine.protocol import Event


class LogEntry(NamedTuple):
    """One line of the log. A named tuple (immutable like a frozen dataclass, built several
    times faster: a load builds one per event of the game, thousands)."""

    seq: int              # position in the log, from 0
    step: int             # index of the action that caused it (-1: setup, before any action)
    turn: int             # the title's turn number when the action was taken
    decider: str | None   # who took the action
    event: Event

    @property
    def text(self) -> str:
        return self.event.text

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "step": self.step, "turn": self.turn, "decider": self.decider,
                "event": self.event.to_json()}


class EventLog:
    def __init__(self) -> None:
        self._entries: list[LogEntry] = []

    def append(self, events: Iterable[Event], step: int, turn: int, decider: str | None) -> None:
        self.extend(step, [events], [turn], [decider])

    def extend(self, step: int, events: list[Iterable[Event]], turns: list[int], deciders: list[str | None]) -> None:
        """The events of actions `step`, `step + 1`... one list per action (a save's log, read back)."""
        entries, new = self._entries, tuple.__new__  # (a named tuple's own __new__ is a Python call)
        for caused, turn, decider in zip(events, turns, deciders):
            for event in caused:
                entries.append(new(LogEntry, (len(entries), step, turn, decider, event)))
            step += 1

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._entries)

    def __getitem__(self, index: int) -> LogEntry:
        return self._entries[index]

    def truncate(self, steps: int) -> None:
        """Keeps the entries of the setup and of the first `steps` actions."""
        entries = self._entries
        keep = len(entries)
        while keep and entries[keep - 1].step >= steps:
            keep -= 1
        del entries[keep:]

    def tail(self, n: int) -> list[LogEntry]:
        return self._entries[-n:] if n > 0 else []

    def seen_by(self, player: str | None) -> list[LogEntry]:
        """The entries `player` may see (hot-seat: hide other hands' draws)."""
        return [e for e in self._entries if e.event.seen_by(player)]

    def texts(self) -> list[str]:
        """Every plain-words line (the table's full log, e.g. for a bug report)."""
        return [e.event.text for e in self._entries]

    def texts_for(self, player: str | None) -> list[str]:
        """The lines `player` may see; None: only public lines."""
        return [e.event.text for e in self.seen_by(player)]

    def to_json(self) -> list[dict[str, Any]]:
        return [e.to_json() for e in self._entries]
