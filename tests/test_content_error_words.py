"""A person who edits a shipped data file (README "Add a card") and gets a value wrong or leaves a
key out is told so by the title's content loader. Those reasons were English f-strings in a
Hungarian or Greek window (the set-up screen shows the error); they are messages worded when
shown now, like the file-level problems (tomldata.toml_problem): in the reader's language, with
nothing English left but the file, the key path and the values it names."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game import i18n
from game.convoy import content as convoy
from game.doom import content as doom
from game.gears import content as gears
from game.level7 import content as level7

ROOT = Path(__file__).resolve().parents[1] / "game"

# title, loader, file, the line changed (old -> new): a bad value and a missing key per title
CASES = {
    "gears-value": (gears, "gears", "enemies.toml", "count = 6", 'count = "many"'),
    "gears-missing": (gears, "gears", "enemies.toml", 'name = "Drone"', ""),
    "gears-order": (gears, "gears", "orders.toml", "    { move = 4 },", '    { move = 4, far = 1 },'),
    "doom-value": (doom, "doom", "monsters.toml", "move = 2", 'move = "far"'),
    "doom-type": (doom, "doom", "monsters.toml", "health = 1", "health = -1"),
    "doom-deck": (doom, "doom", "invader_cards.toml", "count = 6", "count = 7"),
    "level7-value": (level7, "level7", "enemies.toml", "attack = 3", 'attack = "hard"'),
    "level7-missing": (level7, "level7", "enemies.toml", "toughness = 3", ""),
    "level7-effect": (level7, "level7", "skills.toml", 'effects = [{ kind = "bonus", attribute = "speed", amount = 1 }]',
                      'effects = [{ kind = "bonus", attribute = "speed", amount = 0 }]'),
    "convoy-value": (convoy, "convoy", "cards.toml", "strength = 2", "strength = 99"),
    "convoy-missing": (convoy, "convoy", "cards.toml", 'name = "Scorn"', ""),
    "convoy-deck": (convoy, "convoy", "cards.toml", "count = 2", "count = 3"),
    "convoy-op": (convoy, "convoy", "cards.toml", 'effect = [{op = "mill", n = 1}]', 'effect = [{op = "mill", n = 1, far = 2}]'),
}
KEPT = {"toml", "true", "false", "many", "far", "hard", "count", "move", "health", "attack", "toughness",
        "strength", "name", "drone", "scorn", "mill", "moloch", "outpost", "fallback", "when", "enemy", "monster", "card", "zombie", "imp", "clone"}


def english_left(english: str, shown: str) -> list[str]:
    """The English words (three letters or more) of the message still in the translation, but
    for the names, keys and values it quotes."""
    words = {w for w in re.findall(r"[A-Za-z]{3,}", english) if w.lower() not in KEPT}
    return sorted(w for w in words if re.search(rf"\b{w}\b", shown))


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_broken_content_file_says_why_in_the_readers_language(tmp_path, case):
    module, title, name, old, new = CASES[case]
    data = tmp_path / "data"
    shutil.copytree(ROOT / title / "data", data)
    text = (data / name).read_text("utf-8")
    assert re.search(rf"^{re.escape(old)}$", text, re.M), case
    (data / name).write_text(re.sub(rf"^{re.escape(old)}$", new, text, count=1, flags=re.M), "utf-8")
    with pytest.raises(Exception) as raised:
        module.load_content(data)
    exc = raised.value
    english = str(exc)
    assert name in english, english
    # the words of the names in the file's keys and quoted values are kept; the rest is words
    quoted = set(re.findall(r"[A-Za-z]{3,}", " ".join(re.findall(r"\"[^\"]*\"|'[^']*'|\S+\.\S+|\[[^\]]*\]", english))))
    quoted |= set(re.findall(r"[A-Za-z]{3,}", getattr(exc, "key", "")))  # the key path: the file's own names
    try:
        for lang in ("hu", "el"):
            i18n.set_language(lang)
            shown = str(exc)
            assert shown != english, (lang, shown)
            left = [w for w in english_left(english, shown) if w not in quoted]
            assert left == [], (lang, shown)
    finally:
        i18n.set_language("en")
