"""The TOML gate (game/engine/tomldata.py) and its users: content files, custom missions, build
scripts, the settings file; and the command line printing `error: <message>` (issue 22)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.engine.errors import InputError
from game.engine.tomldata import DataError, parse_toml

DEEP = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"
LONG = "x = " + "7" * 5000 + "\n"


@pytest.mark.parametrize("text, words, line", [
    (LONG, "a number is too long", 1),
    ("a = 1\n" + DEEP, "nested too deeply (at most 32 levels)", 2),
    ("a = 1\nb = " + "[" * 40 + "]" * 40 + "\n", "nested too deeply", 2),
    ("a = 1\nb = " + "9" * 100 + "\n", "number of 100 digits is out of range", 2),
])
def test_parse_toml_bounds(text, words, line):
    with pytest.raises(DataError) as info:
        parse_toml(text, "data/x.toml")
    assert str(info.value).startswith("data/x.toml") and words in str(info.value)
    assert info.value.line == line


def _content_copy(tmp_path: Path) -> Path:
    from game.gears.content import DEFAULT_DATA_DIR

    for f in DEFAULT_DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


@pytest.mark.parametrize("addition, words", [
    (LONG, "weapons.toml (line "),
    (DEEP, "weapons.toml (line "),
    ("[weapn.lancer]\nname = 'x'\n", 'weapons.toml: weapn (line '),
])
def test_content_files_are_gated(tmp_path, addition, words):
    from game.gears.content import ContentError, load_content

    folder = _content_copy(tmp_path)
    path = folder / "weapons.toml"
    path.write_text(addition + path.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(folder)
    assert str(info.value).startswith(words) or words in str(info.value), str(info.value)


def test_unknown_section_is_an_error(tmp_path):
    from game.gears.content import ContentError, load_content

    folder = _content_copy(tmp_path)
    path = folder / "cogs.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[cogg.x]\nname = 'y'\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r'^cogs\.toml: cogg \(line \d+\): unknown section "cogg"'):
        load_content(folder)


MISSION = 'map = "../../maps/custom/plaza_to_the_pit.tmx"\nname = "N"\nplayers = 2\ngoal = "reach_exit"\n' \
          '[locusts]\nA = "drone"\nB = "wretch"\nC = "boomer"\n'


@pytest.mark.parametrize("edit, words", [
    (lambda t: t.replace("players = 2", "players = " + "7" * 5000), "a number is too long"),
    (lambda t: t.replace("players = 2", "players = " + "[" * 5000 + "]" * 5000), "nested too deeply"),
    (lambda t: t.replace('name = "N"', f'name = "{"n" * 300}"'), "name must be a line of text of at most 100"),
    (lambda t: t.replace('name = "N"', 'name = "a\\u0000b"'), "name must be a line of text"),
    (lambda t: t.replace('A = "drone"', "A = [[[1]]]"), "locusts.A [[[1]]] is not an enemy"),
    (lambda t: t.replace('map = "../../maps/custom/plaza_to_the_pit.tmx"', f'map = "{"m" * 5000}"'), "map must name"),
])
def test_custom_mission_files_are_gated(tmp_path, edit, words):
    from game.gears.custom import MissionError, load_mission

    folder = tmp_path / "a" / "b"
    folder.mkdir(parents=True)
    shutil.copytree(Path(__file__).resolve().parents[2] / "maps", tmp_path / "maps")
    path = folder / "x.mission.toml"
    path.write_text(edit(MISSION), encoding="utf-8")
    with pytest.raises(MissionError) as info:
        load_mission(path)
    assert any(line.startswith(str(path)) and words in line for line in info.value.problems), info.value.problems


def test_settings_file_is_gated(tmp_path):
    from game.ui.settings import Settings, load_settings

    path = tmp_path / "settings.toml"
    path.write_text(DEEP)
    settings, message = load_settings(path)
    assert settings == Settings() and message.startswith(str(path)) and "nested too deeply" in message


def test_build_script_is_gated(tmp_path):
    from game.board.build_commands import ScriptError, load_script

    path = tmp_path / "s.toml"
    path.write_text(LONG)
    with pytest.raises(ScriptError, match="a number is too long"):
        load_script(path)


def test_every_gate_error_is_an_input_error():
    from game.board.model import MapError
    from game.engine.session import SaveError
    from game.gears.content import ContentError
    from game.gears.custom import MissionError

    for cls in (MapError, SaveError, ContentError, MissionError, DataError):
        assert issubclass(cls, InputError)


def test_commands_print_the_message_and_exit_1(monkeypatch, capsys):
    """A broken content file under any command: `error: <message>`, status 1, no traceback."""
    import game.__main__ as entry
    import game.simulate
    from game.gears.content import ContentError

    def broken(argv):
        raise ContentError("weapons.toml", "weapon.lancer", 3, "unknown key")

    monkeypatch.setattr(game.simulate, "simulate_main", broken)
    assert entry.main(["simulate", "gears"]) == 1
    err = capsys.readouterr().err
    assert err == "error: weapons.toml: weapon.lancer (line 3): unknown key\n"


def test_check_map_on_a_hostile_map_exits_1(tmp_path, capsys):
    import game.__main__ as entry

    path = tmp_path / "m.tmx"
    path.write_text('<map width="100000" height="1" tilewidth="0" tileheight="64"></map>')
    assert entry.main(["check-map", str(path)]) == 1
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("file, old, new, words", [
    ("missions.toml", "players = [1, 4]", 'players = [1, "4"]', "players (line 32): must be [min, max] within 1-4"),
    ("missions.toml", "normal = [\"3B\"", "normal = 3.5\nhard = [\"3B\"", "difficulty normal (line 380): must be a list"),
])
def test_wrong_value_types_in_content_are_content_errors(tmp_path, file, old, new, words):
    """Found by fuzzing values (issue 22): a list where a number was, a number for a deck."""
    from game.gears.content import ContentError, load_content

    folder = _content_copy(tmp_path)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(folder)
    assert str(info.value).startswith(file) and words in str(info.value), str(info.value)


@pytest.mark.parametrize("text, words", [
    (LONG, "számjegy"),
    (DEEP, "egymásba ágyazott"),
    ("name = " + '"' + "x" * 100_001 + '"\n', "karakteres szöveg"),
    ("a = 1\nb = " + "9" * 100 + "\n", "2. sor"),
])
def test_a_players_toml_file_past_the_bounds_is_named_in_the_readers_language(tmp_path, text, words):
    """A custom mission, build script or settings file past the gate's bounds: its message was
    English in a Hungarian window ('nested too deeply (at most 32 levels)'); one wording for the
    three, worded when shown (game/engine/tomldata.toml_problem)."""
    from game import i18n
    from game.board.build_commands import ScriptError, load_script
    from game.gears.custom import MissionError, load_mission
    from game.ui.settings import load_settings

    path = tmp_path / "x.mission.toml"
    path.write_text(text)
    try:
        i18n.set_language("hu")
        with pytest.raises(MissionError) as mission:
            load_mission(path)
        with pytest.raises(ScriptError) as script:
            load_script(path)
        _, notice = load_settings(path)
        for message in (str(mission.value), str(script.value), str(notice)):
            assert message.startswith(str(path)) and words in message and "deep" not in message and "too" not in message
    finally:
        i18n.untranslated()


@pytest.mark.parametrize("make, words", [
    (lambda p: p.mkdir(), "ez mappa, nem fájl"),
    (lambda p: p.write_bytes(b"name = '\xe9'\n"), "nem UTF-8 szöveg"),
    (lambda p: p.write_text("name = = 2\n"), "hibás TOML"),
])
def test_a_players_unreadable_toml_file_is_named_in_the_readers_language(tmp_path, make, words):
    from game import i18n
    from game.board.build_commands import ScriptError, load_script
    from game.gears.custom import MissionError, load_mission
    from game.ui.settings import load_settings

    path = tmp_path / "x.mission.toml"
    make(path)
    try:
        i18n.set_language("hu")
        with pytest.raises(MissionError) as mission:
            load_mission(path)
        with pytest.raises(ScriptError) as script:
            load_script(path)
        _, notice = load_settings(path)
        for message in (str(mission.value), str(script.value), str(notice)):
            assert message.startswith(str(path)) and words in message
    finally:
        i18n.untranslated()


@pytest.mark.parametrize("lang, make, words", [
    ("hu", lambda p: p.write_bytes(b"\xff\xfe bad"), "data/x.toml: nem UTF-8 szöveg (0. bájt)"),
    ("el", lambda p: p.mkdir(), "data/x.toml: αυτό είναι φάκελος, όχι αρχείο"),
    ("hu", lambda p: p.write_text("a = 1\nx = = 2\n"), "data/x.toml (2. sor): TOML-szintaktikai hiba: "),
    ("el", lambda p: None, "data/x.toml: το αρχείο δεν βρέθηκε"),
])
def test_a_content_or_lesson_file_that_does_not_read_is_named_in_the_readers_language(tmp_path, lang, make, words):
    """Learn to play names a broken lesson file on its list (load_toml's DataError): it read
    'not UTF-8 text (invalid start byte at byte 0)', 'cannot read the file (Is a directory)' or
    'TOML syntax error' in English on a Hungarian or Greek screen."""
    from game import i18n
    from game.engine.tomldata import load_toml

    (tmp_path / "data").mkdir()
    path = tmp_path / "data" / "x.toml"
    make(path)
    try:
        i18n.set_language(lang)
        with pytest.raises(DataError) as got:
            load_toml(path)
        assert str(got.value).startswith(str(tmp_path / words.split(":")[0].split(" (")[0])) and words in str(got.value)
    finally:
        i18n.untranslated()


def test_a_deep_key_is_named_by_its_first_levels(tmp_path):
    """The key of a value nested too deeply read 'map[0][0]...' thirty-one times over a custom
    mission's row on the set-up screen; its first four levels say where it is."""
    from game.gears.custom import MissionError, load_mission

    path = tmp_path / "x.mission.toml"
    path.write_text('name = "x"\nmap = ' + "[" * 100 + "]" * 100 + "\n")
    with pytest.raises(MissionError) as got:
        load_mission(path)
    assert str(got.value) == f"{path}: map[0][0][0]\u2026 (line 2): nested too deeply (at most 32 levels)"


@pytest.mark.parametrize("lang, text, words", [
    ("hu", "a = 1\nx 2\n", "a kulcs után '=' kellene (2. sor, 3. oszlop)"),
    ("el", "a = [1, 2\nb = 3\n", "μια λίστα δεν κλείνει με ']' στη γραμμή 2, στήλη 1"),
    ("hu", "a = {b = 1\n", "egy soron belül írt tábla nincs lezárva"),
    ("el", 'a = "x\x01"\n', "ο χαρακτήρας '\\x01' δεν επιτρέπεται σε κείμενο στη γραμμή 1, στήλη 7"),
    ("hu", "[t]\n[t]\n", "a t tábla kétszer szerepel (2. sor, 3. oszlop)"),
    ("el", "a = ", "μη έγκυρη τιμή στο τέλος του αρχείου"),
])
def test_the_toml_parsers_reason_is_in_the_readers_language(tmp_path, lang, text, words):
    """tomllib's (and tomli's) own reason stayed English inside a translated sentence: 'hibás TOML
    (Expected '=' after a key in a key/value pair (at line 2, column 3))'. Worded as tmx_gate
    words expat's, line and column kept, for a player's file and a content or lesson file."""
    from game import i18n
    from game.engine.tomldata import load_toml
    from game.gears.custom import MissionError, load_mission
    from game.ui.settings import load_settings

    path = tmp_path / "x.mission.toml"
    path.write_text(text, encoding="utf-8")
    try:
        i18n.set_language(lang)
        with pytest.raises(MissionError) as mission:
            load_mission(path)
        with pytest.raises(DataError) as content:
            load_toml(path)
        _, notice = load_settings(path)
        for message in (str(mission.value), str(content.value), str(notice)):
            assert words in message, message
            assert not any(english in message for english in ("Expected", "Invalid", "Unclosed", "Illegal", "Cannot", " at "))
    finally:
        i18n.untranslated()


@pytest.mark.parametrize("lang, edit, words", [
    ("hu", lambda t: t.replace('id = "turn"\n', "", 1), "hiányzik az 'id' kulcs"),
    ("el", lambda t: t.replace('id = "turn"\n', "", 1), "λείπει το κλειδί 'id'"),
    ("hu", lambda t: t.replace('id = "welcome"', 'id = "welcome"\nhighligth = 1', 1), "ismeretlen kulcs: 'highligth'"),
    ("el", lambda t: t.replace("[[step]]", "[[step]]\nwrong = 3", 1), "δόθηκε int 3"),
    ("hu", lambda t: t.replace('enemy = "drone"', 'enemy = "dron"', 1), "ismeretlen ellenség: 'dron'"),
    ("el", lambda t: t.replace('"base:15"', '"base:99"', 1), "άγνωστη κάρτα AI 'base:99'"),
])
def test_a_lesson_files_schema_message_is_in_the_readers_language(tmp_path, lang, edit, words):
    """Learn to play names a broken lesson: 'missing key 'lesson'' stayed English on a
    Hungarian or Greek screen (the loader's messages were plain f-strings)."""
    from game import i18n
    from game.tutorial.library import adapter_for, lesson_folder
    from game.tutorial.loader import load_lesson

    path = tmp_path / "lesson.toml"
    path.write_text(edit((lesson_folder("gears") / "01_turn.toml").read_text(encoding="utf-8")), encoding="utf-8")
    try:
        i18n.set_language(lang)
        with pytest.raises(DataError) as got:
            load_lesson(path, adapter_for("gears").check_lesson)  # the title's own checks too
        message = str(got.value)
        assert message.startswith(str(path)) and words in message, message
        assert not any(english in message for english in ("missing", "unknown", "must be", "got "))
    finally:
        i18n.untranslated()
