"""The log's opening lines: what a title's set-up says before the first decision
(`Title.opening`) is logged first (step -1, turn 0), filtered per seat like any line, kept by
undo, a save and its load, and never part of the state or its hash."""
from __future__ import annotations

import json
from typing import Any, Mapping

import pytest

from game.engine.protocol import Action, Event, Title
from game.engine.session import Session, load_session
from game.engine.toy import ToyState, ToyTitle


class DealtToy(ToyTitle):
    """The toy whose set-up says what it dealt: one public line, and each player's hand seen by
    that player only (with a public twin), as a title's private draws are logged."""

    def __init__(self) -> None:
        super().__init__()
        self.broken = False  # the set-up refuses its scenario (a save whose set-up no longer runs)

    def opening(self, scenario: str, seed: int, options: Mapping[str, Any]) -> tuple[ToyState, list[Event]]:
        if self.broken:
            raise ValueError("this set-up no longer runs")
        state = ToyTitle.new_game(self, scenario, seed, options)
        said = [Event("shuffle", "The deck is shuffled.", {}, hidden_info=True)]
        for player in sorted(state.hands):
            said.append(Event("draw", f"{player} draws {', '.join(state.hands[player])}.",
                              {"cards": list(state.hands[player])}, True, (player,)))
            said.append(Event("draw", f"{player} draws {len(state.hands[player])} cards.", {}, True))
        return state, said

    def new_game(self, scenario: str, seed: int, options: Mapping[str, Any]) -> ToyState:
        return self.opening(scenario, seed, options)[0]


def private(player: str, hand: list[str]) -> str:
    return f"{player} draws {', '.join(hand)}."


def started(casual: bool = True) -> tuple[Session, list[str]]:
    session = Session.start(DealtToy(), "duel", seed=7, casual=casual)
    session.snapshot_every = 4  # a load starts from a snapshot taken after some actions
    return session, [e.text for e in session.opening]


def play(session: Session, n: int) -> None:
    for _ in range(n):
        legal = session.legal_actions()
        session.apply(next((a for a in legal if a.kind == "strike"), legal[0]))
    assert not session.is_over()


def test_the_opening_lines_come_first_before_the_first_action():
    session, opening = started()
    hands = {p: list(h) for p, h in session.state.hands.items()}
    assert opening == ["The deck is shuffled.", private("A", hands["A"]), f"A draws {len(hands['A'])} cards.",
                       private("B", hands["B"]), f"B draws {len(hands['B'])} cards."]
    assert session.log.texts() == opening  # before any action
    play(session, 3)
    entries = list(session.log)
    assert [e.text for e in entries[:5]] == opening
    assert [(e.step, e.turn, e.decider) for e in entries[:5]] == [(-1, 0, None)] * 5
    assert entries[5].step == 0 and [e.event for e in entries[5:]] == [x for caused in session.events for x in caused]


def test_a_private_opening_line_shows_only_to_its_seat():
    session, _opening = started()
    hands = session.state.hands
    assert private("A", hands["A"]) in session.log.texts_for("A")
    assert private("A", hands["A"]) not in session.log.texts_for("B")
    assert private("B", hands["B"]) not in session.log.texts_for("A")
    assert private("A", hands["A"]) not in session.log.texts_for(None)
    assert f"A draws {len(hands['A'])} cards." in session.log.texts_for("B")


def test_the_opening_is_not_in_the_state_nor_its_hash():
    session, _opening = started()
    plain = Session.start(ToyTitle(), "duel", seed=7)
    assert session.state_hash() == plain.state_hash()
    assert "shuffled" not in json.dumps(session.title.to_json(session.state))
    assert plain.opening == [] and len(plain.log) == 0  # a title whose set-up says nothing


def test_undo_to_the_start_keeps_the_opening_lines():
    session, opening = started(casual=True)
    play(session, 7)
    session.undo_to(0)
    assert session.log.texts() == opening
    play(session, 2)
    assert session.log.texts()[:5] == opening


def test_a_save_shows_the_opening_lines_after_loading(tmp_path):
    session, opening = started()
    play(session, 9)  # past a snapshot: the load starts from it, not from the seed
    path = tmp_path / "game.json"
    assert session.autosave(path) is None
    loaded = load_session(path, DealtToy())
    assert loaded.snapshots[-1][0] == 8 and loaded.state_hash() == session.state_hash()
    assert [e.text for e in loaded.opening] == opening
    for seat in (None, "A", "B"):
        assert loaded.log.texts_for(seat) == session.log.texts_for(seat)
    play(session, 1)
    play(loaded, 1)  # and it goes on the same
    assert loaded.log.texts() == session.log.texts()
    # A version-1 save (one object, replayed from the seed) too.
    old = tmp_path / "v1.json"
    old.write_text(json.dumps(session.to_save()))
    assert load_session(old, DealtToy()).log.texts() == session.log.texts()


def test_a_save_whose_set_up_no_longer_runs_loads_without_its_opening_lines(tmp_path):
    session, _opening = started()
    play(session, 9)
    path = tmp_path / "game.json"
    assert session.autosave(path) is None
    title = DealtToy()
    title.broken = True
    loaded = load_session(path, title)  # the snapshot is the game: it loads
    assert loaded.state_hash() == session.state_hash() and loaded.opening == []
    assert loaded.log.texts() == session.log.texts()[5:]


def test_a_title_must_implement_new_game_or_opening():
    class Neither(Title[Any]):
        def legal_actions(self, state): return []
        def apply(self, state, action: Action): return []
        def current_decider(self, state): return None
        def to_json(self, state): return {}
        def from_json(self, data): return {}

    with pytest.raises(TypeError, match="neither new_game nor opening"):
        Neither().new_game("x", 1, {})
    with pytest.raises(TypeError, match="neither new_game nor opening"):
        Neither().opening("x", 1, {})
    state, said = ToyTitle().opening("duel", 7, {})  # the default: the set-up says nothing
    assert said == [] and ToyTitle().state_hash(state) == Session.start(ToyTitle(), "duel", 7).state_hash()
