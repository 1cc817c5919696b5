"""The one base of every error about a file a player or an author handed us (issue 22).

A map (MapError), a save (SaveError), a content or lesson file (DataError, the Gears
ContentError) or a custom mission (MissionError) that is wrong is not a bug: its message names
the file and the key or object, and is shown or printed as it is. The command line (`python -m
game`) and the menu catch InputError and say `error: <message>` instead of a traceback.
"""
from __future__ import annotations


class InputError(Exception):
    """A file we were handed is wrong; `str()` is the whole message, ready to show."""


class SavedFileChanged(ValueError):
    """A title's `from_json`: the saved game was played on a file that changed since (a custom
    map); the load says so with this message (a text or a game.engine.text message, worded when
    shown), where another malformed state reads only as a damaged save."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class CustomMapGone(SavedFileChanged):
    """A game's built map (maps/custom) is no longer there: deleted or renamed since the game
    was saved. A load says so (the Open a map list deletes maps of the user's own), where it
    said only that the save was not a game this Tiletop could read."""
