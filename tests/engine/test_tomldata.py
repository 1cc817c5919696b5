"""game/engine/tomldata.py: content errors name file, key and line (DESIGN.md, Content is data)."""
from __future__ import annotations

import pytest

from game.engine.tomldata import DataError, format_key, key_line, load_toml

TEXT = """\
# a comment
top = 1
[dice.attack]
label = "x"
faces = [
  {hits=1}, { hits = 2 },
  {omen=1},  # the omen face
]
[dice.defence]
faces = [{shields=1}, {}]
[[cards]]
id = "a"
[[cards]]
id = "b"
"""


@pytest.mark.parametrize("path, line", [
    (["top"], 2),
    (["dice", "attack"], 3),
    (["dice", "attack", "faces"], 5),
    (["dice", "attack", "faces", 0], 6),
    (["dice", "attack", "faces", 1], 6),
    (["dice", "attack", "faces", 2], 7),
    (["dice", "defence", "faces", 1], 10),
    (["cards", 1], 13),
    (["cards", 1, "id"], 14),
])
def test_key_line_finds_tables_keys_and_array_elements(path, line):
    assert key_line(TEXT, path) == line


def test_key_line_falls_back_to_the_nearest_known_parent():
    assert key_line(TEXT, ["dice", "defence", "label"]) == 9
    assert key_line(TEXT, ["nothing"]) is None


def test_format_key():
    assert format_key(["dice", "attack", "faces", 3, "hits"]) == "dice.attack.faces[3].hits"


def test_load_toml_errors_name_the_file(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xff\xfe")
    with pytest.raises(DataError, match="bad.toml: not UTF-8"):
        load_toml(bad)
    broken = tmp_path / "broken.toml"
    broken.write_text("a = 1\nb = \n")
    with pytest.raises(DataError) as info:
        load_toml(broken)
    assert info.value.line == 2 and str(info.value).startswith(f"{broken} (line 2): TOML syntax")


def test_key_line_counts_elements_after_strings():
    """A closing quote ends the string (it used to open a new one, so elements after the first string
    of an inline array were not found and the error pointed at the array's key)."""
    text = 'faces = [\n  { name = "blank" },\n  { hits = 1, name = "one" },\n  { hits = 2 },\n]\nnames = ["a", "b", "c"]\n'
    assert key_line(text, ["faces", 1]) == 3
    assert key_line(text, ["faces", 2]) == 4
    assert key_line(text, ["names", 2]) == 6
