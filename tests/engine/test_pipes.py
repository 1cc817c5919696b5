"""A named pipe (FIFO) named like a map, a save or a TOML file: every gate opens it without
waiting and says it is not a file (game/engine/errors.open_file). A plain open() waited for a
writer for ever: the map list, the Doom set-up and the load list hung on one."""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


class Waited(Exception):
    """Not an OSError: the readers' own `except OSError` must not take it for a refusal."""


@pytest.fixture
def no_hang():
    """A read that waits is a failure after 5 s, not a test run that never ends."""
    def stop(*_):
        raise Waited("the read waited on the pipe")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(5)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def pipe(tmp_path: Path, name: str) -> Path:
    path = tmp_path / name
    os.mkfifo(path)
    return path


def test_the_map_list_names_a_pipe_by_its_file_name(tmp_path, no_hang):
    from game.ui.maplist import map_heading

    assert map_heading(pipe(tmp_path, "my_map.tmx")) == ("my map", "")


def test_a_pipe_for_a_map_is_a_map_error(tmp_path, no_hang):
    from game.board.model import MapError
    from game.board.tmx import load_board

    path = pipe(tmp_path, "x.tmx")
    with pytest.raises(MapError, match=r"x\.tmx: map: this is not a file \(a pipe or a device\)"):
        load_board(path)


def test_a_pipe_for_a_save_is_a_save_error(tmp_path, no_hang):
    from game.engine.session import SaveError
    from game.engine.savegate import read_bytes

    with pytest.raises(SaveError, match=r"this is not a file \(a pipe or a device\)"):
        read_bytes(pipe(tmp_path, "gears-x.json"), "save", 1000)


def test_a_pipe_for_a_toml_file_is_named(tmp_path, no_hang):
    from game.engine.tomldata import DataError, load_toml, read_toml_file, toml_problem

    path = pipe(tmp_path, "x.toml")
    with pytest.raises(DataError, match=r"it is not a file \(a pipe or a device\)"):
        load_toml(path)
    with pytest.raises(OSError) as got:
        read_toml_file(path)
    assert str(toml_problem(path, got.value)) == f"{path}: cannot read (it is not a file (a pipe or a device))"


def test_the_doom_setup_names_a_pipe_in_maps_custom_without_waiting(tmp_path, no_hang):
    """Not read (it would wait for ever), and not left out without a word: listed as a map that
    cannot be played, with why (tests/doom/test_custom_maps.py)."""
    from game.doom.content import shared_content
    from game.doom.custom import built_maps

    (tmp_path / "custom").mkdir()
    pipe(tmp_path / "custom", "x.tmx")
    [listed] = built_maps(shared_content(), tmp_path)
    assert listed.scenario is None and str(listed.problem) == "cannot read it (it is not a file (a pipe or a device))"
