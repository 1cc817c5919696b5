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


def os_reason(exc: OSError):
    """Why the system would not read a file, in the reader's language (a message worded when
    shown): the common reasons in words of our own (the system's `strerror` is English: a
    Hungarian map list read 'nem olvasható (Permission denied)'), any other as the system says it."""
    import errno

    from game.engine.text import M

    if isinstance(exc, PermissionError):
        return M("no permission to read it")
    if isinstance(exc, IsADirectoryError):
        return M("it is a folder, not a file")
    if isinstance(exc, FileNotFoundError):
        return M("there is no such file")
    if exc.errno == errno.ENAMETOOLONG:
        return M("the file's name is too long")
    if exc.errno == errno.ELOOP:
        return M("its links go round in a circle")
    return str(exc.strerror or exc)
