"""Save format version 3 (game/engine/journal.py, docs/ENGINE.md "Save format"; issue 19 items 3
and 4): the autosave appends to a journal of JSON lines, a load replays from its last snapshot,
undo replays from the nearest snapshot in memory, a torn last line is dropped with a message and
damage anywhere else is one SaveError naming the file and the line."""
from __future__ import annotations

import json
import random

import pytest

from game.engine.session import SaveError, Session, UndoRefused, load_session
from tests.engine.test_session import TITLE

EVERY = 5  # snapshots often, so that short toy games cross several


def played(steps: int, seed: int = 3, casual: bool = True, path=None) -> Session:
    """A toy game of `steps` actions (fewer if it ends), autosaved after each when `path`."""
    session = Session.start(TITLE, "duel", seed, casual=casual)
    session.snapshot_every = EVERY
    chooser = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            break
        session.apply(chooser.choice(session.legal_actions()))
        if path is not None:
            assert session.autosave(path) is None
    return session


def long_game(path=None, seed: int = 11) -> Session:
    """A game of 28 actions, not over (the first seed from `seed` that gives one)."""
    for s in range(seed, seed + 200):
        if len(played(29, s).actions) == 29:
            return played(28, s, path=path)
    raise AssertionError("no toy game of 29 actions")


def load(path) -> Session:
    return load_session(path, {"toy": TITLE})


def same(a: Session, b: Session) -> None:
    assert a.state_hash() == b.state_hash() and a.actions == b.actions
    assert [e.event for e in a.log] == [e.event for e in b.log]
    assert a.revealed == b.revealed and a.deciders == b.deciders


def test_each_autosave_appends_its_lines_and_leaves_the_rest_of_the_file_alone(tmp_path):
    path = tmp_path / "auto.json"
    session = long_game()
    assert session.autosave(path) is None
    before = path.read_bytes()
    action = session.legal_actions()[0]
    session.apply(action)
    assert session.autosave(path) is None
    after = path.read_bytes()
    assert after.startswith(before)
    added = [json.loads(line) for line in after[len(before):].decode().splitlines()]
    assert added[0]["a"] == action.to_json() and added[-1] == {"at": len(session.actions), "hash": session.state_hash()}
    same(load(path), session)


def test_a_load_replays_from_the_last_snapshot_only(tmp_path, monkeypatch):
    path = tmp_path / "auto.json"
    session = long_game(path)
    applied = []
    real = TITLE.apply
    monkeypatch.setattr(TITLE, "apply", lambda state, action: applied.append(action) or real(state, action))
    loaded = load(path)
    last = max(at for at, _t, _d in session.snapshots)
    assert len(applied) == len(session.actions) - last < EVERY + 1
    same(loaded, session)
    monkeypatch.undo()
    for _ in range(6):  # and it plays on like the original
        if session.is_over():
            break
        action = session.legal_actions()[-1]
        assert session.apply(action) == loaded.apply(action)
    assert loaded.state_hash() == session.state_hash()


def test_undo_to_replays_from_the_nearest_snapshot_and_matches_a_replay_from_the_seed(monkeypatch):
    session = long_game()
    everything = list(session.actions)
    for count in (len(everything) - 1, 17, 10, 9, 3, 0):
        applied = []
        real = TITLE.apply
        monkeypatch.setattr(TITLE, "apply", lambda state, action: applied.append(action) or real(state, action))
        undone = session.undo_to(count)
        monkeypatch.undo()
        assert len(applied) == count % EVERY and undone == everything[count:len(undone) + count]
        same(session, Session.replay(TITLE, "duel", session.seed, {}, everything[:count], casual=True))
        everything = everything[:count] + []
        # play on a little, differently, so the next undo crosses new snapshots too
        for _ in range(3 if count > 5 else 0):
            if session.is_over():
                break
            session.apply(session.legal_actions()[0])
            everything.append(session.actions[-1])


def test_undo_lines_keep_the_journal_in_step_with_the_game(tmp_path):
    path = tmp_path / "auto.json"
    session = long_game(path)
    session.undo_to(12)
    assert session.autosave(path) is None
    assert json.loads(path.read_text().splitlines()[-2]) == {"undo": 12}
    same(load(path), session)
    for _ in range(8):
        if session.is_over():
            break
        session.apply(session.legal_actions()[-1])
        assert session.autosave(path) is None
    same(load(path), session)


def test_undo_to_refuses_to_cross_hidden_information_at_a_strict_table():
    session = long_game()
    session.casual = False
    hidden = max(i for i, r in enumerate(session.revealed) if r is not None)
    with pytest.raises(UndoRefused, match="revealed hidden information"):
        session.undo_to(hidden)
    assert len(session.actions) > hidden
    if hidden + 1 < len(session.actions):
        session.undo_to(hidden + 1)
        assert len(session.actions) == hidden + 1


def test_a_torn_last_line_is_dropped_with_a_message(tmp_path):
    path = tmp_path / "auto.json"
    session = long_game(path)
    whole = path.read_bytes()
    lines = whole.splitlines(keepends=True)
    # The game as it was one autosave before the last: its mark is the third line from the end.
    before = load_session_at(path, lines[:-2])
    path.write_bytes(b"".join(lines[:-2]) + lines[-2][:-9])  # the last action's line, cut short
    loaded = load(path)
    assert loaded.load_notice is not None and loaded.load_notice.startswith(f"{path}: the last line (line {len(lines) - 1})")
    assert "cut short" in loaded.load_notice
    assert loaded.actions == session.actions[:-1] and loaded.state_hash() == before
    # The next autosave writes the journal whole again: it loads without a notice.
    assert loaded.autosave(path) is None and load(path).load_notice is None


def load_session_at(path, lines) -> str:
    copy = path.with_name("copy.json")
    copy.write_bytes(b"".join(lines))
    return load(copy).state_hash()


def test_a_last_line_without_its_newline_but_whole_is_kept(tmp_path):
    path = tmp_path / "auto.json"
    session = long_game(path)
    path.write_bytes(path.read_bytes()[:-1])
    loaded = load(path)
    assert loaded.load_notice is None and loaded.state_hash() == session.state_hash()
    loaded.apply(loaded.legal_actions()[0])
    assert loaded.autosave(path) is None  # written whole: nothing appended to the open line
    same(load(path), loaded)


@pytest.mark.parametrize("damage, words", [
    (lambda lines, i: lines.__setitem__(i, b'{"a": oops}\n'), "line {n}: the file is damaged: a value is missing"),
    (lambda lines, i: lines.__setitem__(i, b'[1, 2]\n'), "line {n}: not a line of a Tiletop save"),
    (lambda lines, i: lines.__setitem__(i, b'{"b": 1}\n'), "line {n}: not a line of a Tiletop save"),
    (lambda lines, i: lines.__setitem__(i, b'{"b": "\xff"}\n'), "line {n}: not a Tiletop file: not UTF-8 text"),
    # (Not as Tiletop writes it, spaces and all: parsed whole at load. One that is, is read when
    # read: test_an_action_line_that_does_not_read_is_found_when_read.)
    (lambda lines, i: lines.__setitem__(i, b'{"a": {"payload": {}}, "e": [], "t": 1, "w": ["A"]}\n'),
     "line {n}: action"),
    (lambda lines, i: lines.__setitem__(i, b'{"undo": 900}\n'), "line {n}: an undo back past the actions played"),
    (lambda lines, i: lines.__setitem__(i, b'\n'), "line {n}: an empty line inside the save"),
    (lambda lines, i: lines.__setitem__(i, b'{"at":1,"hash":"00"}\n'), "line {n}: the lines are out of order"),
])
def test_damage_inside_the_journal_names_the_line(tmp_path, damage, words):
    path = tmp_path / "auto.json"
    long_game(path)
    lines = path.read_bytes().splitlines(keepends=True)
    i = next(k for k, line in enumerate(lines) if line.startswith(b'{"a":') and k > 10)
    damage(lines, i)
    path.write_bytes(b"".join(lines))
    with pytest.raises(SaveError) as info:
        load(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ") and words.format(n=i + 1) in message and "\n" not in message


def test_a_damaged_snapshot_names_its_line(tmp_path):
    path = tmp_path / "auto.json"
    long_game(path)
    lines = path.read_bytes().splitlines(keepends=True)
    i = max(k for k, line in enumerate(lines) if b'"snapshot":' in line)
    lines[i] = lines[i].replace(b'"health":{"A":', b'"health":{"A":1', 1)
    path.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match=f"line {i + 1}: the saved position does not match its check sum"):
        load(path)


def test_edited_actions_after_the_snapshot_do_not_reach_the_mark(tmp_path):
    path = tmp_path / "auto.json"
    session = long_game(path)
    lines = path.read_text().splitlines(keepends=True)
    last_snapshot = max(k for k, line in enumerate(lines) if '"snapshot":' in line)
    mark = len(lines) - 1
    # Drop the last action and its mark but keep the final mark: the replay stops short of it.
    del lines[mark - 2:mark]
    path.write_text("".join(lines))
    assert last_snapshot < mark - 2, "the toy game should end a few actions after a snapshot"
    with pytest.raises(SaveError) as info:
        load(path)
    assert "lines are out of order" in str(info.value) or "does not reach the position" in str(info.value)
    assert session.actions


def test_a_save_whose_replay_changed_with_the_data_says_so_and_names_the_file(tmp_path):
    """A tuned data value (a die count, Gears' BALANCE.md) plays a saved game's actions
    differently: Continue is refused with the file's path and that the game's rules or data
    changed since it was saved, not a bare hash mismatch."""
    import dataclasses

    from game.engine.toy import ToyTitle

    path = tmp_path / "auto.json"
    long_game(path)
    assert load(path).actions  # loads with the data it was played with
    data = TITLE.data
    tuned = ToyTitle(dataclasses.replace(data, strike_dice={k: n + 2 for k, n in data.strike_dice.items()}))
    with pytest.raises(SaveError) as info:
        load_session(path, {"toy": tuned})
    message = str(info.value)
    assert message.startswith(f"{path}: ")
    assert "the game's rules or data changed since it was saved" in message.lower()


def test_a_newer_journal_is_refused_by_its_version(tmp_path):
    path = tmp_path / "auto.json"
    long_game(path)
    lines = path.read_text().splitlines(keepends=True)
    lines[0] = lines[0].replace('"version":3', '"version":4')
    path.write_text("".join(lines))
    with pytest.raises(SaveError, match=r"a newer Tiletop wrote this save \(save version 4\)"):
        load(path)


def test_a_named_save_does_not_move_the_autosave(tmp_path):
    auto, named = tmp_path / "auto.json", tmp_path / "named.json"
    session = long_game(auto)
    session.save(named)
    session.apply(session.legal_actions()[0]) if not session.is_over() else None
    assert session.autosave(auto) is None
    same(load(auto), session)
    assert len(load(named).actions) <= len(session.actions)


def test_an_undo_past_a_damaged_earlier_snapshot_goes_back_further(tmp_path):
    """Only the last snapshot is read by a load; one before it that is damaged is found when an
    undo reaches back to it, and the undo starts from the one before (nothing is lost)."""
    path = tmp_path / "auto.json"
    session = long_game(path)
    lines = path.read_bytes().splitlines(keepends=True)
    snapshots = [k for k, line in enumerate(lines) if b'"snapshot":' in line]
    damaged = snapshots[-2]
    before = lines[damaged]
    lines[damaged] = lines[damaged].replace(b'"health":{"A":', b'"health":{"A":1', 1)
    assert lines[damaged] != before
    path.write_bytes(b"".join(lines))
    loaded = load(path)
    assert loaded.load_notice is None
    at = json.loads(lines[snapshots[-3]])["at"] + 1  # after the snapshot before the damaged one
    loaded.undo_to(at + EVERY)  # between the damaged snapshot and the last
    session.undo_to(at + EVERY)
    same(loaded, session)


def _edit_first_event(lines: list[bytes], i: int, text) -> None:
    record = json.loads(lines[i])
    record["e"][0]["text"] = text
    lines[i] = (json.dumps(record, separators=(",", ":"), sort_keys=True) + "\n").encode()


def test_a_logged_message_is_built_when_read_and_a_malformed_one_shows_a_notice_naming_the_line(tmp_path):
    """docs/ENGINE.md "Save format": the messages of the log lines before the last snapshot
    are checked when the log first reads them, not at load; one that does not read then shows
    a notice naming the save and its line, and the rest of the game loads and plays."""
    from game.engine.protocol import Event
    from game.engine.text import M

    path = tmp_path / "auto.json"
    session = long_game(path)
    lines = path.read_bytes().splitlines(keepends=True)
    last_snapshot = max(k for k, line in enumerate(lines) if b'"snapshot":' in line)
    steps = [k for k, line in enumerate(lines[:last_snapshot]) if line.startswith(b'{"a":') and b'"e":[{' in line]
    good, bad = steps[1], steps[3]
    _edit_first_event(lines, good, {"msg": "Hello {who}", "params": {"who": "you"}})
    _edit_first_event(lines, bad, {"msg": 5})
    path.write_bytes(b"".join(lines))

    loaded = load(path)
    assert loaded.state_hash() == session.state_hash()
    texts = loaded.log.texts()
    assert "Hello you" in texts
    notice = next(t for t in texts if "cannot be read" in t)
    assert notice.startswith(f"{path}: line {bad + 1}: ") and notice.endswith("this log line cannot be read")
    built = next(e.event for e in loaded.log if e.event.text == "Hello you")
    assert built == Event(built.kind, M("Hello {who}", who="you"), built.payload)
    # A whole save after the load copies the log as read (the malformed message included).
    loaded.save(tmp_path / "copy.json")
    copied = (tmp_path / "copy.json").read_bytes()
    assert b'"text":{"msg":5}' in copied and b'"text":{"msg":"Hello {who}","params":{"who":"you"}}' in copied
    assert load(tmp_path / "copy.json").log.to_json() == loaded.log.to_json()


def _before_last_snapshot(lines: list[bytes]) -> list[int]:
    last_snapshot = max(k for k, line in enumerate(lines) if b'"snapshot":' in line)
    return [k for k, line in enumerate(lines[:last_snapshot]) if line.startswith(b'{"a":') and b'"e":[{' in line]


def test_a_load_reads_the_lines_before_the_last_snapshot_only_when_the_log_reads_them(tmp_path):
    """docs/ENGINE.md "Save format" (version 3): a load takes each action line before the last
    snapshot from its summary `w` (who decided it, who sees each event, which revealed hidden
    information) without decoding it; who may read each log line is known at once, and a line
    is decoded when one of its events or its action is read."""
    path = tmp_path / "auto.json"
    session = long_game(path)
    loaded = load(path)
    start = max(at for at, _t, _d in loaded.snapshots)
    unread = [line for line in {id(e._line): e._line for caused in loaded.events[:start] for e in caused}.values()]
    assert unread and all(line.text is not None for line in unread)
    # The hot-seat filter and what undo refuses need no decoding.
    assert [e.event.visible_to for e in loaded.log] == [e.event.visible_to for e in session.log]
    assert any(e.event.visible_to for e in loaded.log), "the toy game should hold a private draw"
    assert [r is None for r in loaded.revealed] == [r is None for r in session.revealed]
    assert loaded.deciders == session.deciders and loaded.turns == session.turns
    assert all(line.text is not None for line in unread)
    # Reading one line decodes that line alone.
    first = next(e for e in loaded.log if e.step < start)
    assert first.event.text == session.log[first.seq].event.text
    assert first.event._line.text is None
    assert sum(line.text is None for line in unread) == 1
    same(loaded, session)
    assert all(line.text is None and line.problem is None for line in unread)


@pytest.mark.parametrize("old, new, words, action_reads", [
    (b'"e":[{', b'"e":[{oops', "the file is damaged", True),  # its events only
    (b'"payload":{', b'"payload":{"big":' + b"9" * 100 + b",", "a number in the action is out of range (100 digits)", False),
    (b'"payload":{', b'"payload":{"deep":' + b"[" * 70 + b"]" * 70 + b",", "nested too deeply in the action", False),
    (b'"kind":"', b'"kind":5,"was":"', "is damaged)", False),
])
@pytest.mark.parametrize("undo_first", [False, True])
def test_an_action_line_that_does_not_read_is_found_when_read(tmp_path, old, new, words, action_reads, undo_first):
    """docs/ENGINE.md "Lines read when read": an action line before the last snapshot that is
    damaged (not JSON, past the gate's bounds, malformed) loads, its summary reading; its log
    lines then show a notice naming the file, the line and the problem, and the game plays on.
    An undo that would replay its action is refused with that notice when the action itself does
    not read (whether the log was read first or not), and replays it when only its events are
    damaged. The same damage after the last snapshot, which a load replays, is a SaveError
    naming the line."""
    path = tmp_path / "auto.json"
    session = long_game(path)
    lines = path.read_bytes().splitlines(keepends=True)
    bad = _before_last_snapshot(lines)[2]
    lines[bad] = lines[bad].replace(old, new, 1)
    path.write_bytes(b"".join(lines))

    loaded = load(path)
    assert loaded.state_hash() == session.state_hash()
    step = sum(1 for line in lines[:bad] if line.startswith(b'{"a":'))  # the damaged action's index

    def shown_then_undone() -> None:
        shown = [e.event.text for e in loaded.log if e.step == step]
        assert shown and all(t.startswith(f"{path}: line {bad + 1}: this line cannot be read (") and words in t
                             for t in shown)
        assert [e.event.text for e in loaded.log if e.step != step] == \
            [e.event.text for e in session.log if e.step != step and e.step < len(loaded.actions)]

    def undone() -> None:
        if action_reads:
            loaded.undo_to(step + 1)
            assert loaded.state_hash() == Session.replay(TITLE, "duel", session.seed, {},
                                                         session.actions[:step + 1]).state_hash()
            return
        with pytest.raises(UndoRefused, match=f"line {bad + 1}: this line cannot be read"):
            loaded.undo_to(step + 1)
        assert len(loaded.actions) == len(session.actions)  # nothing changed
        loaded.undo_to(len(loaded.actions) - 1)  # an undo from a later snapshot does not read it
        assert loaded.state_hash() == Session.replay(TITLE, "duel", session.seed, {},
                                                     session.actions[:-1]).state_hash()

    for check in ((undone, shown_then_undone) if undo_first else (shown_then_undone, undone)):
        check()

    lines = path.read_bytes().splitlines(keepends=True)
    after = max(k for k, line in enumerate(lines) if line.startswith(b'{"a":'))
    lines[after] = lines[after].replace(b'{"a":{', b'{"a":{oops', 1)
    path.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match=f"line {after + 1}: this line cannot be read"):
        load(path)


def test_a_loaded_line_copies_and_pickles_as_the_events_and_action_it_stands_for(tmp_path):
    """A line read when read (docs/ENGINE.md "Lines read when read") is equal to, and copies,
    pickles and dataclasses.replace()s as, the events and action that were saved."""
    import copy
    import dataclasses
    import pickle

    path = tmp_path / "auto.json"
    session = long_game(path)
    for read in (lambda x: x, copy.copy, copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x)),
                 lambda x: dataclasses.replace(x, kind=x.kind)):
        loaded = load(path)
        for i, action in enumerate(loaded.actions):
            again = read(action)
            assert again == session.actions[i] and hash(again) == hash(session.actions[i])
            assert again.text == session.actions[i].text and again.to_json() == session.actions[i].to_json()
            for event, saved in zip(loaded.events[i], session.events[i]):
                again = read(event)
                assert again == saved and again.text == saved.text and again.to_json() == saved.to_json()


def test_a_look_at_a_save_reads_its_header_and_last_mark_only(tmp_path, monkeypatch):
    """read_save_head (the set-up screen's look at an unfinished autosave): the header and how
    many actions the game holds, as read_save gives them, from the header line and the last
    mark alone: no action line is decoded (issue 19: it decoded every action of the game)."""
    from game.engine import journal
    from game.engine.session import read_save, read_save_head

    path = tmp_path / "auto.json"
    session = long_game(path=path)
    session.undo_to(20)
    assert session.autosave(path) is None  # an undo line, then the mark
    whole = read_save(path)
    monkeypatch.setattr(journal, "read_journal", lambda *a: pytest.fail("the actions were read"))
    head = read_save_head(path)
    assert head == {**{k: v for k, v in whole.items() if k not in ("actions", "bots")}, "actions": 20}
    assert head["scenario"] == "duel"


def test_a_look_at_a_save_not_closed_by_a_mark_reads_it_whole(tmp_path):
    """A journal whose last line is not a mark (a torn write dropped, one without its newline)
    is read as read_save reads it; a damaged header is the same SaveError."""
    from game.engine.session import read_save, read_save_head

    path = tmp_path / "auto.json"
    long_game(path=path)
    lines = path.read_bytes().splitlines(keepends=True)
    torn = tmp_path / "torn.json"
    torn.write_bytes(b"".join(lines[:-2]) + lines[-2][:15])  # the last action line cut short
    assert read_save_head(torn)["actions"] == len(read_save(torn)["actions"])
    bare = tmp_path / "bare.json"
    bare.write_bytes(b"".join(lines)[:-1])  # whole, but no newline after the mark
    assert read_save_head(bare)["actions"] == len(read_save(bare)["actions"]) == 28
    bad = tmp_path / "bad.json"
    bad.write_bytes(lines[0].replace(b'"duel"', b"7") + b"".join(lines[1:]))
    with pytest.raises(SaveError, match="scenario"):
        read_save_head(bad)
    with pytest.raises(SaveError):
        read_save(bad)


def test_a_line_not_read_yet_is_passed_by_when_it_cannot_hold_what_is_looked_for(tmp_path):
    """saved.may_hold: False only for an event of a line not decoded yet whose text lacks the
    value looked for; a line that holds it, or one decoded already, answers True."""
    from game.engine.saved import PendingEvent, may_hold

    path = tmp_path / "auto.json"
    long_game(path=path)
    loaded = load(path)
    pending = [e.event for e in loaded.log if e.event.__class__ is PendingEvent]
    assert pending, "no line left unread by the load"
    first = pending[0]
    assert not may_hold(first, '"no such text anywhere"')
    assert first.__class__ is PendingEvent and not may_hold(first, "\x00")
    assert may_hold(first, '"kind":')  # every event line has a kind
    first.kind  # decoded now
    assert may_hold(first, '"no such text anywhere"')
