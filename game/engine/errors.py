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

    if isinstance(exc, NotAFile):
        return M("it is not a file (a pipe or a device)")
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


def os_write_reason(exc: OSError):
    """Why the system would not write a file, in the reader's language (a message worded when
    shown): no permission and a full disk in words of their own, else as `os_reason`."""
    import errno

    from game.engine.text import M

    if isinstance(exc, PermissionError):
        return M("no permission to write it")
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return M("the disk is full")
    if exc.errno == errno.EROFS:
        return M("the disk can only be read")
    return os_reason(exc)


class NotAFile(OSError):
    """A path that is neither a file nor a folder: a named pipe (FIFO), a socket or a device. A
    read from a pipe nobody writes to waits for ever: the map list, a set-up screen or a load
    hung on one named like a map or a save."""


def open_file(path, text: bool = False):
    """`open(path, "rb")` (or UTF-8 text with universal newlines, as `Path.read_text`) for a
    regular file only: opened without blocking, then checked (IsADirectoryError for a folder,
    NotAFile for a pipe or a device) before anything is read."""
    import io
    import os
    import stat

    nonblock = getattr(os, "O_NONBLOCK", 0)  # (none on Windows, which has no named pipes in folders)
    fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not stat.S_ISREG(mode):
            raise NotAFile(22, "not a regular file", str(path))
        if nonblock:
            os.set_blocking(fd, True)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    return io.TextIOWrapper(handle, encoding="utf-8") if text else handle

