"""The one base of every error about a file a player or an author handed us (issue 22).

A map (MapError), a save (SaveError), a content or lesson file (DataError, the Gears
ContentError) or a custom mission (MissionError) that is wrong is not a bug: its message names
the file and the key or object, and is shown or printed as it is. The command line (`python -m
game`) and the menu catch InputError and say `error: <message>` instead of a traceback.
"""
from __future__ import annotations


class InputError(Exception):
    """A file we were handed is wrong; `str()` is the whole message, ready to show."""
