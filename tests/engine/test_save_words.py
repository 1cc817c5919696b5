"""A save that cannot be loaded says so in the reader's language (game/engine/savegate.py,
session.py, journal.py): the load list's row of a damaged save names the file and, in Hungarian
or Greek, what is wrong in plain words (the JSON parser's reason worded, its line and column
kept; no Python exception text); the other saves are still listed."""
from __future__ import annotations

import json

import pytest

from game import i18n
from game.engine.protocol import IllegalAction
from game.engine.session import SaveError, load_session
from game.engine.toy import ToyTitle
from game.ui.kit import saves
from tests.engine.test_session import TITLE, mid_game

# What each damage reads as, per language: (words the problem holds, the English it must not).
EXPECTED = {
    "truncated": {"hu": "a fájl csonka: a szövege idő előtt véget ér (", "el": "το αρχείο είναι κομμένο: το κείμενό του σταματά νωρίς (γραμμή "},
    "unknown title": {"hu": "ez a mentés olyan játéké, amely ebben a Tiletopban nincs meg",
                      "el": "αυτή η αποθήκευση είναι παιχνιδιού που δεν έχει αυτό το Tiletop"},
    "newer": {"hu": "ezt a mentést egy újabb Tiletop írta (9. mentésváltozat); ez az 1–3. változatot olvassa",
              "el": "αυτή την αποθήκευση την έγραψε νεότερο Tiletop (έκδοση αποθήκευσης 9)· αυτό διαβάζει τις εκδόσεις 1 έως 3"},
    "no replay": {"hu": "a mentett lépések nem játszhatók le újra: ", "el": "οι αποθηκευμένες ενέργειες δεν μπορούν να ξαναπαιχτούν: "},
    "damaged": {"hu": "a fájl sérült: hiányzik egy érték (1. sor, 7. oszlop)",
                "el": "το αρχείο είναι κατεστραμμένο: λείπει μια τιμή στη γραμμή 1, στήλη 7"},
}
ENGLISH = ("truncated", "stops early", "this save is", "newer Tiletop", "do not replay", "cannot be played",
           "Expecting", "KeyError", "Traceback", "JSON object", "is damaged", "the file")


def _store(tmp_path):
    return saves.SaveStore("toy", lambda: TITLE, players=lambda state: ["A", "B"])


def _broken_saves(tmp_path) -> dict[str, object]:
    """A good journal and one save per damage, in the load list's folder."""
    good = tmp_path / "toy-duel-turn1-good.json"
    mid_game().save(good)
    text = good.read_text()
    files = {}
    files["truncated"] = tmp_path / "toy-duel-turn1-truncated.json"
    whole = json.dumps(mid_game().to_save(), indent=1)  # one JSON object (a journal's torn last line is dropped)
    files["truncated"].write_text(whole[: len(whole) // 2])
    lines = text.splitlines(keepends=True)
    head = json.loads(lines[0])
    files["unknown title"] = tmp_path / "toy-duel-turn1-chess.json"
    files["unknown title"].write_text(json.dumps(dict(head, title="chess")) + "\n" + "".join(lines[1:]))
    files["newer"] = tmp_path / "toy-duel-turn1-newer.json"
    files["newer"].write_text(json.dumps(dict(head, version=9)) + "\n" + "".join(lines[1:]))
    files["damaged"] = tmp_path / "toy-duel-turn1-damaged.json"
    files["damaged"].write_text('{"a": , "b": 1}')
    files["no replay"] = tmp_path / "toy-duel-turn1-replay.json"
    files["no replay"].write_text(text)
    return {"good": good, **files}


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_load_list_words_each_damaged_save_in_the_reader_language(tmp_path, monkeypatch, lang):
    files = _broken_saves(tmp_path)
    real = ToyTitle.apply

    def refuses_in_the_replayed_file(self, state, action):  # the rules changed under that save
        if refusing[0]:
            raise IllegalAction("not any more")
        return real(self, state, action)

    refusing = [False]
    monkeypatch.setattr(ToyTitle, "apply", refuses_in_the_replayed_file)
    i18n.set_language(lang)
    store = _store(tmp_path)
    listed = {e.path.name: e for e in store.list_saves(tmp_path)}
    assert listed[files["good"].name].saved is not None and listed[files["good"].name].error is None
    refusing[0] = True
    with pytest.raises(SaveError) as info:
        load_session(files["no replay"], TITLE)
    refusing[0] = False
    errors = {damage: listed[path.name].error for damage, path in files.items() if damage not in ("good", "no replay")}
    errors["no replay"] = str(info.value)
    for damage, message in errors.items():
        path = files[damage]
        assert message.startswith(f"{path}: "), message
        assert EXPECTED[damage][lang] in message, message
        assert not any(word in message.removeprefix(f"{path}: ") for word in ENGLISH), message


def test_a_problem_is_worded_when_read(tmp_path):
    """Raised in English, read after a switch to Greek: Greek (the table shows it later)."""
    path = tmp_path / "s.json"
    path.write_text('{"a": ')
    with pytest.raises(SaveError) as info:
        load_session(path, TITLE)
    assert "the file is cut short" in str(info.value)
    i18n.set_language("el")
    assert str(info.value) == f"{path}: το αρχείο είναι κομμένο: το κείμενό του σταματά νωρίς (γραμμή 1, στήλη 7)"
    i18n.set_language("hu")
    assert info.value.problem == "a fájl csonka: a szövege idő előtt véget ér (1. sor, 7. oszlop)"


def test_a_save_of_another_title_names_the_game(tmp_path):
    path = tmp_path / "s.json"
    mid_game().save(path)
    lines = path.read_text().splitlines(keepends=True)
    path.write_text(json.dumps(dict(json.loads(lines[0]), title="doom")) + "\n" + "".join(lines[1:]))
    i18n.set_language("hu")
    with pytest.raises(SaveError) as info:
        load_session(path, TITLE)
    assert str(info.value) == f"{path}: ez a mentés egy másik játéké: Doom"


def test_a_seats_file_the_disk_refuses_is_said_in_the_reader_language(tmp_path, monkeypatch):
    """The seats side file's write said the system's English reason ("No space left on device")."""
    def full(*_args, **_kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_json_atomic", full)
    i18n.set_language("el")
    save = tmp_path / "toy-duel-turn1-x.json"
    assert saves.write_seats(save, ["human", "bot"]) == \
        f"{saves.seats_path(save)}: το αρχείο δεν γράφεται: ο δίσκος είναι γεμάτος"


def test_a_damaged_log_line_of_a_save_is_said_in_the_reader_language():
    """The log's notice for a line of a save that does not read ('FILE: line 9: this log line
    cannot be read (...)') named the line and the decoder's reason in English."""
    from game.engine.saved import SavedEvent, line_source

    broken = SavedEvent("shot", {"msg": "{who}", "params": []}, {}, source=line_source("f.json", 9))
    i18n.set_language("hu")
    assert broken.text == "f.json: 9. sor: ez a naplósor nem olvasható"
    i18n.set_language("el")
    assert broken.text == "f.json: γραμμή 9: αυτή η γραμμή του ημερολογίου δεν διαβάζεται"
