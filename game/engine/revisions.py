"""Rules revisions, for every title whose rules fixes change what a game does (ENGINE.md "Rules
revisions"). A save is its actions: a fix that changes a question or an outcome would make an
older save's actions replay into another game, or stop replaying. So a new game is given its
title's newest revision in its options (`Title.new_options`, called by `Session.start` only, never
by a load or a replay, which take the options as saved); the save's header keeps it, and the
rules read it from the state's options and keep the old behaviour for an older game.

A title counts its revisions with one `RulesRevisions(newest)`. Revision 0 is every game played
before its revisions began: options without "rules" (an old save, a state a test built with
`new_game` and no options) play revision 0.
"""
from __future__ import annotations

from typing import Any, Mapping

KEY = "rules"


class RulesRevisions:
    """A title's rules revisions: 0 (no "rules" in the options) up to `newest`."""

    def __init__(self, newest: int):
        self.newest = newest

    def of(self, options: Mapping[str, Any]) -> int:
        """The revision a game with these options is played by (0 when they name none)."""
        return int(options.get(KEY, 0))

    def new_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A new game's options: the newest revision unless the options name one."""
        return {**options, KEY: options.get(KEY, self.newest)}

    def refusal(self, options: Mapping[str, Any]) -> str | None:
        """Why the options' revision cannot be played (not an int from 0 to newest), or None."""
        rev = options.get(KEY, 0)
        if isinstance(rev, bool) or not isinstance(rev, int) or not 0 <= rev <= self.newest:
            return f"rules must be a revision from 0 to {self.newest}, got {rev!r}"
        return None
