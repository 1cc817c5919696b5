"""Fuzzing every gate of issue 22: random byte and character mutations of a shipped map, its
tileset and the tileset's PNG, a content file, a save (with its bots' state), a settings file
and a custom mission. Each mutated file either loads or
raises the gate's own error, whose message lines are single lines naming the file; never
another exception and never a hang. Bounded (derandomized, a few dozen examples each) so CI
spends seconds here."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
FUZZ = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# One mutation: (kind, position as a fraction of the length, payload).
MUTATION = st.tuples(
    st.sampled_from(["replace", "insert", "delete", "repeat"]),
    st.floats(0, 1, allow_nan=False),
    st.binary(min_size=1, max_size=8) | st.sampled_from(
        [b"1e999999999", b"-1", b"nan", b"<", b">", b'"', b"&a;", b"[[[[", b"9" * 60, b"\x00", b"\xff\xfe"]),
)


def mutate(data: bytes, mutations: list[tuple[str, float, bytes]]) -> bytes:
    for kind, where, payload in mutations:
        i = min(len(data), int(where * len(data)))
        if kind == "replace":
            data = data[:i] + payload + data[i + len(payload):]
        elif kind == "insert":
            data = data[:i] + payload + data[i:]
        elif kind == "delete":
            data = data[:i] + data[i + len(payload) * 4:]
        else:  # repeat a stretch, as a bad merge would
            data = data[:i] + data[i:i + 64] * (1 + len(payload)) + data[i:]
    return data


def one_line_each(lines, path) -> None:
    for line in lines:
        assert "\n" not in line and line.startswith(str(path)), line


@FUZZ
@given(st.lists(MUTATION, min_size=1, max_size=6))
def test_mutated_map_loads_or_is_a_map_error(mutations):
    from game.board.model import MapError
    from game.board.tmx import load_board

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "maps" / "gears").mkdir(parents=True)
        shutil.copytree(ROOT / "maps" / "tilesets", Path(tmp) / "maps" / "tilesets")
        shutil.copytree(ROOT / "assets" / "tiles", Path(tmp) / "assets" / "tiles")  # the tileset's image
        path = Path(tmp) / "maps" / "gears" / "m.tmx"
        path.write_bytes(mutate((ROOT / "maps" / "gears" / "sample_1A.tmx").read_bytes(), mutations))
        try:
            load_board(path)
        except MapError as exc:
            one_line_each(exc.problems, path)


@FUZZ
@given(st.lists(MUTATION, min_size=1, max_size=6), st.sampled_from(["floors.tsx", "floors.png"]))
def test_mutated_tileset_or_its_image_loads_or_is_a_map_error(mutations, which):
    """The map is the shipped one; its tileset file or the tileset's PNG is mutated (the image
    gate reads the PNG's header and chunks: a mutation is a clean line naming map and tileset)."""
    from game.board.model import MapError
    from game.board.tmx import load_board

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "maps" / "gears").mkdir(parents=True)
        shutil.copytree(ROOT / "maps" / "tilesets", Path(tmp) / "maps" / "tilesets")
        shutil.copytree(ROOT / "assets" / "tiles", Path(tmp) / "assets" / "tiles")
        target = Path(tmp) / ("maps/tilesets" if which.endswith(".tsx") else "assets/tiles") / which
        target.write_bytes(mutate(target.read_bytes(), mutations))
        path = Path(tmp) / "maps" / "gears" / "m.tmx"
        shutil.copy(ROOT / "maps" / "gears" / "sample_1A.tmx", path)
        try:
            load_board(path)
        except MapError as exc:
            one_line_each(exc.problems, path)


@FUZZ
@given(st.lists(MUTATION, min_size=1, max_size=6))
def test_mutated_content_file_loads_or_is_a_content_error(mutations):
    from game.gears.content import DEFAULT_DATA_DIR, ContentError, load_content

    with tempfile.TemporaryDirectory() as tmp:
        for f in DEFAULT_DATA_DIR.glob("*.toml"):
            shutil.copy(f, Path(tmp) / f.name)
        path = Path(tmp) / "cogs.toml"
        path.write_bytes(mutate(path.read_bytes(), mutations))
        try:
            load_content(tmp)
        except ContentError as exc:
            assert "\n" not in str(exc) and str(exc).startswith("cogs.toml"), str(exc)


@FUZZ
@given(st.lists(MUTATION, min_size=1, max_size=6), st.sampled_from(["journal", "version 1"]))
def test_mutated_save_loads_or_is_a_save_error(mutations, kind):
    """Both save formats: the journal (version 2, ENGINE.md "Save format") and the one JSON
    object Tiletop wrote before it. A load may also drop a torn last line, with its notice."""
    import json

    from game.engine.session import SaveError, Session, load_session
    from tests.engine.test_session import TITLE, mid_game

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.json"
        session = Session.start(TITLE, "duel", 7)
        session.snapshot_every = 4  # several snapshots in a short game
        for action in mid_game(7).actions:
            session.apply(action)
        session.bot_states = {"A": {"bot": "RandomBot", "state": {"rng": [12345, 6789]}}}
        if kind == "journal":
            session.save(path)
        else:
            path.write_text(json.dumps(session.to_save(), indent=1))
        path.write_bytes(mutate(path.read_bytes(), mutations))
        try:
            loaded = load_session(path, {"toy": TITLE})
        except SaveError as exc:
            one_line_each([str(exc)], path)
        else:
            if loaded.load_notice is not None:
                one_line_each([loaded.load_notice], path)


@FUZZ
@given(st.lists(MUTATION, min_size=1, max_size=6))
def test_mutated_settings_file_gives_settings_and_at_most_a_message(mutations):
    from game.ui.settings import Settings, dumps_toml, load_settings

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "settings.toml"
        text = dumps_toml({"ui_scale": 1.25, "language": "hu", "palette": "cb_safe"})
        path.write_bytes(mutate(text.encode(), mutations))
        values, message = load_settings(path, ["en", "hu"])
        assert isinstance(values, Settings)
        if message is not None:
            one_line_each([message], path)


@settings(max_examples=25, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MUTATION, min_size=1, max_size=6))
def test_mutated_custom_mission_loads_or_is_a_mission_error(mutations):
    from game.gears.custom import MissionError, load_mission

    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(ROOT / "maps", Path(tmp) / "maps")
        path = Path(tmp) / "maps" / "custom" / "plaza_to_the_pit.mission.toml"
        path.write_bytes(mutate(path.read_bytes(), mutations))
        try:
            load_mission(path)
        except MissionError as exc:
            one_line_each(exc.problems, path)
