"""Progress store, rules reference, matching and the `tutorial --check` command."""
from __future__ import annotations

import json

import pytest

from game.engine.protocol import Action
from game.engine.tomldata import DataError
from game.tutorial.commands import tutorial_main
from game.tutorial.model import Matcher
from game.tutorial.progress import Progress, config_dir
from game.tutorial.rules_ref import load_rules_reference
from game.tutorial.runner import matches


def test_matching_is_on_kind_and_a_payload_subset():
    act = Action("play", {"card": "advance#3", "as": "move"})
    assert matches(Matcher("play", {"card": "advance"}), act)  # a card name matches its instances
    assert matches(Matcher("play", {"as": ["move", "attack"]}), act)  # a list: any of
    assert not matches(Matcher("play", {"card": "advance#1"}), act)  # an instance must be exact
    assert not matches(Matcher("play", {"as": "card"}), act)
    assert not matches(Matcher("play", {"target": "x"}), act)  # a key the action lacks
    assert matches(Matcher("guard", {"guard": "none"}), Action("guard", {"guard": None}))


def test_progress_round_trip_in_the_config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TILETOP_CONFIG_DIR", str(tmp_path))
    assert config_dir() == tmp_path
    p = Progress.load()
    p.record("gears", "turn", 4, done=False)
    p.record("gears", "turn", 10, done=True)
    p.record("gears", "turn", 2, done=False)  # replaying an early step keeps the best
    assert p.save() is None
    again = Progress.load()
    assert again.is_done("gears", "turn") and again.best_step("gears", "turn") == 10
    assert not again.is_done("gears", "attack")


@pytest.mark.parametrize("text", ["{", "[]", json.dumps({"format": "tiletop-tutorial", "progress": {"gears": 3}}), "\xff"])
def test_damaged_progress_starts_afresh_with_a_notice(tmp_path, text):
    path = tmp_path / "tutorial.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape") if text != "\xff" else path.write_bytes(b"\xff\xfe")
    p = Progress.load(path)
    assert p.data == {} and p.notice and str(path) in p.notice


def test_rules_reference_covers_the_steps_and_sections(lessons):
    ref = load_rules_reference()
    for s in ("3.3", "3.5", "3.6", "5.2", "6.3", "6.8", "6.9", "6.13", "7.5"):
        assert ref.get(s) is not None, s
    assert ref.get("6.3.1").section == "6.3"  # nearest enclosing rule
    for les in lessons:
        for step in les.steps:
            assert not step.rule or ref.get(step.rule), (les.id, step.id)
    assert ref.for_context("move").section == "6.2"


def test_broken_rules_reference_names_file_and_key(tmp_path):
    p = tmp_path / "rules.toml"
    p.write_text('[rule."3.5"]\ntitle = "Sight"\ntext = "x"\nsee = ["9.9"]\n', encoding="utf-8")
    with pytest.raises(DataError, match=r'rule\.3\.5\.see\[0\] \(line 4\): unknown section'):
        load_rules_reference(p)


def test_check_command_prints_one_line_per_lesson(capsys, lessons):
    assert tutorial_main(["gears", "--check"]) == 0
    out = capsys.readouterr().out.splitlines()
    lines = [line for line in out if line.startswith(("ok", "FAIL"))]
    assert len(lines) == len(lessons) and all(line.startswith("ok") for line in lines)
    assert all("steps" in line for line in lines)


def test_the_lesson_list_keeps_its_columns(capsys, monkeypatch, tmp_path):
    """`python -m game tutorial doom` listed 'move_doors_sight' and 'special_weapons' (longer than
    the 12 columns kept for an id) with their titles pushed out of line; every title starts in one
    column now."""
    monkeypatch.setenv("TILETOP_CONFIG_DIR", str(tmp_path))
    assert tutorial_main(["doom"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()[:1].isdigit()]
    assert len(lines) == 7 and any("move_doors_sight" in line for line in lines)
    starts = {line.index(" " + line.split()[2] + " ") for line in lines}  # where each title's first word is
    assert len(starts) == 1, lines


def _lessons_from(monkeypatch, folder):
    """The Gears entry of the title registry with its lesson folder moved to `folder`."""
    import dataclasses

    from game import titles

    moved = tuple(dataclasses.replace(e, lessons=str(folder)) if e.key == "gears" else e for e in titles.TITLES)
    monkeypatch.setattr(titles, "TITLES", moved)


def test_check_command_exits_non_zero_on_a_broken_lesson(tmp_path, capsys, monkeypatch):
    from game.tutorial import library

    good = (library.lesson_folder("gears") / "01_turn.toml").read_text(encoding="utf-8")
    (tmp_path / "01.toml").write_text(good.replace('expect = { kind = "end" }', 'expect = { kind = "fly" }'),
                                      encoding="utf-8")
    _lessons_from(monkeypatch, tmp_path)
    assert tutorial_main(["gears", "--check"]) == 1
    out = capsys.readouterr().out
    assert "FAIL turn" in out and "step 8 'end_orders'" in out


def test_check_command_reports_a_bad_file_without_traceback(tmp_path, capsys, monkeypatch):
    (tmp_path / "bad.toml").write_text("[lesson\n", encoding="utf-8")
    _lessons_from(monkeypatch, tmp_path)
    assert tutorial_main(["gears", "--check"]) == 1  # bad input: status 1, as every command (issue 22)
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and f"{tmp_path / 'bad.toml'}" in err
    assert "Traceback" not in err


def test_check_command_bad_arguments_stay_status_2(capsys):
    assert tutorial_main(["gears", "--check", "--lesson", "nope"]) == 2
    assert capsys.readouterr().err == "error: no lesson 'nope'\n"


def test_hostile_progress_file_starts_afresh_with_a_notice(tmp_path):
    """Issue 22: a progress file nested 100,000 deep is a notice, never a RecursionError."""
    path = tmp_path / "tutorial.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    p = Progress.load(path)
    assert p.data == {} and p.notice.startswith(str(path)) and "nested too deeply" in p.notice


def test_damaged_progress_notice_reads_in_the_readers_language(tmp_path):
    """The notice was an English sentence made when read ('tutorial progress could not be read
    (... not a tutorial progress file); starting afresh.'); it is worded when shown."""
    from game import i18n

    path = tmp_path / "tutorial.json"
    path.write_text(json.dumps({"format": "tiletop-tutorial", "progress": {"gears": 3}}))
    notice = Progress.load(path).notice
    try:
        i18n.set_language("hu")
        assert str(path) in notice and "elölről" in str(notice) and "is not" not in str(notice)
        i18n.set_language("el")
        assert "από την αρχή" in str(notice)
    finally:
        i18n.untranslated()


def test_a_damaged_progress_file_is_set_aside_not_written_over(tmp_path):
    """The module promised a damaged file is set aside; the next lesson finished wrote over it."""
    path = tmp_path / "tutorial.json"
    path.write_text('{"format": "tiletop-tutorial", "progress": {"gears": {"turn": {"done": true, "best_step": 1}')
    p = Progress.load(path)
    assert p.notice and p.data == {}
    p.record("gears", "attack", 3, True)
    assert p.save() is None
    assert (tmp_path / "tutorial.json.unreadable").read_text().startswith('{"format": "tiletop-tutorial"')
    assert Progress.load(path).is_done("gears", "attack")


@pytest.mark.parametrize("lang, error, words", [
    ("hu", PermissionError(13, "Permission denied"), "nincs jogosultság az írásához"),
    ("el", OSError(28, "No space left on device"), "ο δίσκος είναι γεμάτος"),
])
def test_a_progress_save_that_fails_is_said_once_in_the_readers_language(tmp_path, monkeypatch, lang, error, words):
    """A full disk or a refused write: the progress was lost without a word. The save says so
    the first time (a message worded when shown), not at every step after; a save that works
    again re-arms it. (Tests run as root: the refusal is raised.)"""
    from game import i18n
    from game.tutorial import progress as progress_module

    def refuse(*_args, **_kwargs):
        raise error

    p = Progress.load(tmp_path / "tutorial.json")
    p.record("gears", "turn", 1, done=False)
    monkeypatch.setattr(progress_module, "write_json_atomic", refuse)
    try:
        i18n.set_language(lang)
        said = p.save()
        assert said is not None and words in str(said) and str(tmp_path / "tutorial.json") in str(said)
        assert "Permission" not in str(said) and "space" not in str(said)
        assert p.save() is None  # once
        monkeypatch.undo()
        assert p.save() is None and Progress.load(tmp_path / "tutorial.json").best_step("gears", "turn") == 1
        monkeypatch.setattr(progress_module, "write_json_atomic", refuse)
        assert p.save() is not None  # a new failure after a good save is said again
    finally:
        i18n.untranslated()
