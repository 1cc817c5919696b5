"""The saves gate of game/engine/session.py (issue 22): hostile save files give one SaveError
naming the file and the key, never a traceback, a RecursionError or a hang."""
from __future__ import annotations

import json

import pytest

from game.engine.session import MAX_DEPTH, SaveError, load_session
from tests.engine.test_session import TITLE, mid_game


def saved(tmp_path) -> tuple[str, dict]:
    """A version-1 save (one JSON object, as Tiletop wrote before issue 19): still read through
    the same gate."""
    path = tmp_path / "s.json"
    data = mid_game().to_save()
    path.write_text(json.dumps(data, indent=1))
    return str(path), data


def error(path) -> str:
    with pytest.raises(SaveError) as info:
        load_session(path, {"toy": TITLE})
    message = str(info.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    return message


def test_a_seed_of_5000_digits_names_the_key(tmp_path):
    path, data = saved(tmp_path)
    data["seed"] = "SEED"
    open(path, "w").write(json.dumps(data).replace('"SEED"', "7" * 5000))
    assert "a number in the seed is out of range (5000 digits)" in error(path)


def test_a_large_but_readable_seed_is_out_of_range(tmp_path):
    path, data = saved(tmp_path)
    data["seed"] = 10**30
    open(path, "w").write(json.dumps(data))
    assert "the save's seed is out of range (31 digits" in error(path)


def test_options_nested_100000_deep(tmp_path):
    path, data = saved(tmp_path)
    text = json.dumps(data).replace('"options": {}', '"options": ' + "[" * 100_000 + "]" * 100_000)
    open(path, "w").write(text)
    assert f"the file is nested too deeply (at most {MAX_DEPTH} levels)" in error(path)


def test_options_nested_past_the_limit_name_the_key(tmp_path):
    path, data = saved(tmp_path)
    text = json.dumps(data).replace('"options": {}', '"options": {"a": ' + "[" * 200 + "]" * 200 + "}")
    open(path, "w").write(text)
    assert "the values are nested too deeply in the game's options (at most 64 levels)" in error(path)
    assert "options.a" not in error(path)  # the place in words, not the key path as the file writes it


@pytest.mark.parametrize("scenario, words", [
    ("custom:" + "x" * 300, "the save's scenario name is too long (307 characters; at most 200)"),
    ("custom:Hold\x00the plaza", "the save's scenario name holds a control character"),
])
def test_custom_mission_names(tmp_path, scenario, words):
    path, data = saved(tmp_path)
    data["scenario"] = scenario
    open(path, "w").write(json.dumps(data))
    assert words in error(path)


@pytest.mark.parametrize("value, words", [
    ("NaN", "a number in the game's options is not finite (NaN)"),
    ("1e99999", "a number in the game's options is not finite (1e99999)"),
    ('"' + "y" * 20_000 + '"', "a text in the game's options is too long (20000 characters"),
])
def test_unreadable_values_name_their_key(tmp_path, value, words):
    path, data = saved(tmp_path)
    text = json.dumps(data).replace('"options": {}', '"options": {"x": ' + value + "}")
    open(path, "w").write(text)
    assert words in error(path)


@pytest.mark.parametrize("key, value, words", [
    ("actions", {"a": 1}, "'actions' of the save is damaged"),
    ("seed", "7", "the save's seed is not a whole number"),
    ("snapshot", [], "'snapshot' of the save is damaged"),
])
def test_wrong_types(tmp_path, key, value, words):
    path, data = saved(tmp_path)
    data[key] = value
    open(path, "w").write(json.dumps(data))
    assert words in error(path)


def test_truncated_file(tmp_path):
    path, _ = saved(tmp_path)
    text = open(path).read()
    open(path, "w").write(text[: len(text) // 2])
    assert "the file is cut short" in error(path)


def test_the_load_list_shows_the_gate_message(tmp_path, monkeypatch):
    from game.ui.kit import saves

    monkeypatch.setattr(saves, "saves_dir", lambda: tmp_path)
    store = saves.SaveStore("toy", lambda: TITLE, players=lambda state: ["A", "B"])
    path, data = saved(tmp_path)
    target = tmp_path / "toy-duel-turn1-x.json"
    open(target, "w").write(json.dumps(data).replace('"options": {}', '"options": ' + "[" * 50_000 + "]" * 50_000))
    (tmp_path / "toy-duel-turn1-x.seats.json").write_text("[" * 50_000 + "]" * 50_000)
    entries = {e.path.name: e for e in store.list_saves(tmp_path)}
    assert "nested too deeply" in entries[target.name].error


def test_too_large_file_and_too_many_actions(tmp_path, monkeypatch):
    from game.engine import savegate

    path, data = saved(tmp_path)
    monkeypatch.setattr(savegate, "MAX_SAVE_BYTES", 100)
    assert "the file is too large (more than 100 bytes)" in error(path)
    monkeypatch.undo()
    monkeypatch.setattr(savegate, "MAX_ACTIONS", 3)
    assert f"the save holds {len(data['actions'])} actions (at most 3)" in error(path)


def test_a_normal_save_takes_the_fast_path_and_a_suspect_one_the_named_path(tmp_path):
    from game.engine.session import _SUSPECT, _shallow

    path, data = saved(tmp_path)
    assert _SUSPECT.search(open(path).read()) is None and _shallow(data)
    assert not _shallow({"a": [[[]]] * 2 + [eval("[" * 70 + "]" * 70)]})


# --------------------------------------------------------------------- the bots' state (optional)

BOT = {"bot": "RandomBot", "state": {"rng": [5, 7]}}


def test_the_bots_state_round_trips_and_an_old_save_has_none(tmp_path):
    session = mid_game()
    session.bot_states = {"A": BOT}
    path = tmp_path / "s.json"
    session.save(path)
    assert load_session(path, {"toy": TITLE}).bot_states == {"A": BOT}
    path.write_text(json.dumps(session.to_save()))
    assert load_session(path, {"toy": TITLE}).bot_states == {"A": BOT}
    old, data = saved(tmp_path)
    assert "bots" not in data and load_session(old, {"toy": TITLE}).bot_states == {}


@pytest.mark.parametrize("bots, words", [
    ([BOT], "the computer players' part of the file is damaged"),
    ({str(i): BOT for i in range(9)}, "the file names 9 computer players (at most 8)"),
    ({"A": {"state": {}}}, "the computer player of seat A is damaged"),
    ({"A": dict(BOT, extra=1)}, "the computer player of seat A is damaged"),
    ({"A": "RandomBot"}, "the computer player of seat A is damaged"),
    ({"A": {"bot": 3, "state": {}}}, "the computer player of seat A has no valid name (1 to 100 characters)"),
    ({"A": {"bot": "", "state": {}}}, "the computer player of seat A has no valid name"),
    ({"A": {"bot": "Cog\x00Bot", "state": {}}}, "the computer player of seat A has no valid name"),
    ({"A" * 101: BOT}, "a computer player's seat name is too long or holds a control character"),
    ({"A": {"bot": "RandomBot", "state": ["x" * 9000] * 8}}, "the computer players' part of the file is too large ("),
])
def test_a_bad_bots_entry_names_what_is_wrong(tmp_path, bots, words):
    path, data = saved(tmp_path)
    data["bots"] = bots
    open(path, "w").write(json.dumps(data))
    assert words in error(path)


def test_a_bots_state_past_the_general_bounds_names_its_key(tmp_path):
    path, data = saved(tmp_path)
    data["bots"] = {"A": {"bot": "RandomBot", "state": {"rng": "RNG"}}}
    open(path, "w").write(json.dumps(data).replace('"RNG"', "9" * 5000))
    assert "a number in the computer player of seat A is out of range (5000 digits)" in error(path)


def test_many_long_strings_are_read_in_linear_time(tmp_path):
    """Found by tools/bench_gates.py: 330 strings of 9,000 characters (under the string bound)
    took four minutes before the gate's suspect-text search was anchored; this one, 100 of them,
    some seconds. Now it is refused at once for its size."""
    path, data = saved(tmp_path)
    data["bots"] = {"A": {"bot": "RandomBot", "state": ["x" * 9000] * 100}}
    open(path, "w").write(json.dumps(data))
    assert "the computer players' part of the file is too large (900" in error(path)


@pytest.mark.parametrize("levels", range(MAX_DEPTH - 2, MAX_DEPTH + 3))
@pytest.mark.parametrize("inner", [[], {}, 1, "x", [1], {"k": {}}])
def test_the_quick_depth_test_agrees_with_the_walk_that_names_the_key(levels, inner):
    """savegate._shallow (the load's quick test, one comprehension a level) passes exactly the
    values _json_problem's walk finds no depth problem in, at the bound, with sibling
    containers beside the deep one and an empty innermost container (not a level)."""
    from game.engine.savegate import _json_problem, _shallow

    value = inner
    for i in range(levels):
        value = [[], {"s": [1]}, value] if i % 2 else {"a": {}, "b": value, "c": [[]]}
    assert _shallow(value) == (_json_problem(value) is None)


@pytest.mark.parametrize("lang, deep, long_text, bot_number", [
    ("hu", "a játék beállításaiban túl mélyen egymásba ágyazottak az értékek (legfeljebb 64 szint)",
     "a játék beállításaiban egy szöveg túl hosszú (20000 karakter; legfeljebb 10000)",
     "az A hely gépi játékosának adataiban egy szám túl nagy (5000 számjegy)"),
    ("el", "οι τιμές στις επιλογές του παιχνιδιού είναι φωλιασμένες σε πάρα πολλά επίπεδα (το πολύ 64)",
     "ένα κείμενο στις επιλογές του παιχνιδιού είναι πολύ μεγάλο (20000 χαρακτήρες· το πολύ 10000)",
     "ένας αριθμός στα στοιχεία του παίκτη-υπολογιστή της θέσης A είναι εκτός ορίων (5000 ψηφία)"),
])
def test_the_limits_name_the_place_in_the_readers_words(tmp_path, lang, deep, long_text, bot_number):
    """A value past the gate's bounds is placed by the part of the file it is in, worded in the
    reader's language ('in the game's options'), not by the key path as the file writes it
    ('options.a[0][0]', 'bots.A.state.rng')."""
    from game import i18n

    path, data = saved(tmp_path)
    plain = json.dumps(data)
    i18n.set_language(lang)
    try:
        open(path, "w").write(plain.replace('"options": {}', '"options": {"a": ' + "[" * 200 + "]" * 200 + "}"))
        assert error(path).endswith(": " + deep)
        open(path, "w").write(plain.replace('"options": {}', '"options": {"x": "' + "y" * 20_000 + '"}'))
        assert error(path).endswith(": " + long_text)
        data["bots"] = {"A": {"bot": "RandomBot", "state": {"rng": "RNG"}}}
        open(path, "w").write(json.dumps(data).replace('"RNG"', "9" * 5000))
        message = error(path)
        assert message.endswith(": " + bot_number) and "bots.A" not in message and "options." not in message
    finally:
        i18n.set_language("en")
