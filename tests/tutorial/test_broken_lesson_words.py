"""A lesson that cannot run (a set-up naming a marine the mission lacks, Threat beyond the pool, a
place off the map) stops with LessonBroken, which Learn to play shows at its foot. Its message was
an English f-string in a Hungarian or Greek window; it is a message worded when shown now, in the
reader's language, with nothing English left but the file, the ids and the keys it names."""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.engine.text import Msg
from game.tutorial.library import adapter_for, lessons_for
from game.tutorial.loader import load_lesson
from game.tutorial.protocol import LessonBroken
from game.tutorial.runner import LessonRunner

L7 = ('[lesson]\nid = "x"\ntitle = "x"\n[scenario]\ntitle = "level7"\nmission = "s1"\nseed = 2\n'
      'options = { players = 1 }\n')
DOOM = ('[lesson]\nid = "x"\ntitle = "x"\n[scenario]\ntitle = "doom"\nmission = "sample"\nseed = 11\n'
        'options = { marines = 2 }\n')

BROKEN = {  # title, lesson text, the names the message may keep
    "threat": ("level7", L7 + '[[setup.character]]\nid = "subject_1"\nthreat = 9\n[[step]]\ntext = "x"\n', {"subject"}),
    "enemy": ("level7", L7 + '[[setup.enemy]]\nkind = "clone"\ntile = "nowhere"\n[[step]]\ntext = "x"\n', {"clone", "nowhere"}),
    "marine": ("doom", DOOM + '[[setup.marine]]\nid = "blue"\ncell = "1,1"\n[[step]]\ntext = "x"\n', {"blue", "red", "green"}),
    "place": ("doom", DOOM + '[places]\nspot = "99,99"\n[[step]]\ntext = "x"\n', {"places", "spot"}),
}


def english_left(english: str, shown: str, names: set[str]) -> list[str]:
    """The words of the English message (three letters or more) that the translation still has,
    but for the names it may keep."""
    words = set(re.findall(r"[A-Za-z]{3,}", english)) - names - {"toml", "setup", "tmp", "pytest"}
    return sorted(w for w in words if re.search(rf"\b{w}\b", shown))


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_lesson_says_why_in_the_readers_language(tmp_path, case):
    title, text, names = BROKEN[case]
    adapter = adapter_for(title)
    path = tmp_path / f"{case}.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LessonBroken) as raised:
        LessonRunner(load_lesson(path, adapter.check_lesson), adapter)
    exc = raised.value
    assert isinstance(exc.message, Msg)  # worded when shown: Learn to play keeps the message
    english = str(exc)
    assert str(path) in english
    try:
        for lang in ("hu", "el"):
            i18n.set_language(lang)
            shown = str(exc)
            assert str(path) in shown and shown != english
            assert english_left(english.replace(str(path), ""), shown.replace(str(path), ""), names) == [], (lang, shown)
    finally:
        i18n.set_language("en")


def test_the_step_a_broken_lesson_names_is_in_the_readers_words():
    """The runner's refusals name the step as 'FILE: step N 'id' (line N)': those words too."""
    adapter = adapter_for("doom")
    runner = LessonRunner(next(iter(lessons_for("doom", adapter))), adapter)
    where = runner.where()
    english = str(where)
    assert "step 1" in english
    try:
        for lang, words in (("hu", "1. lépés"), ("el", "βήμα 1")):
            i18n.set_language(lang)
            assert words in str(where) and "step" not in str(where)
    finally:
        i18n.set_language("en")


def test_learn_to_play_keeps_the_message_and_words_it_when_drawn(tmp_path):
    """The notice was `str(exc)` made as the lesson opened; a language switched after it kept the
    English words. The list keeps the message."""
    from game.ui.tutorial import scene as scene_module

    title, text, _names = BROKEN["marine"]
    adapter = adapter_for(title)
    path = tmp_path / "marine.toml"
    path.write_text(text, encoding="utf-8")
    lesson = load_lesson(path, adapter.check_lesson)

    from types import SimpleNamespace

    fake = SimpleNamespace(ctx=SimpleNamespace(notices=[]), adapter=adapter, dirty=False, game_title=title)
    got = scene_module.LessonList.open(fake, lesson)
    notice = fake.ctx.notices[-1]
    assert got is None and isinstance(notice, Msg)
    try:
        i18n.set_language("hu")
        assert "tengerészgyalogos" in str(notice)
    finally:
        i18n.set_language("en")
