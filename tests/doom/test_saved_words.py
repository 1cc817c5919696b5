"""Issue 18: a Doom save keeps its texts as message ids and parameters, so a game saved in English
loads and reads in Hungarian; and a save written before (main at 7eb27bd: plain English
sentences in its log) still loads, reaches its saved state hash and goes on in any language."""
from __future__ import annotations

from pathlib import Path

from game import i18n
from game.doom.rules.title import DoomTitle
from game.doom.simulation import DoomSimulator
from game.engine.protocol import english_words, hash_json
from game.engine.session import Session, load_session

OLD_SAVE = Path(__file__).resolve().parents[1] / "data" / "doom_save_main_7eb27bd.json"
SAVED_HASH = "66431d8dc39114343e4110749781bca168e4f00bdbce1f2b4cf618587a6d813c"  # the file's mark


def _paused_game(seed: int) -> Session:
    """A knee_deep game the greedy bots play until a question waits (a reroll, a guard...)."""
    sim = DoomSimulator()
    session = Session.start(sim.title, "knee_deep", seed, sim.options("knee_deep", 2))
    bot = sim.bot("greedy", seed)
    while not session.is_over() and (len(session.actions) < 60 or session.state.proc is None):
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    assert session.state.proc is not None
    return session


def test_a_game_saved_in_english_reads_in_hungarian(tmp_path):
    session = _paused_game(4)
    english_log = [e.text for events in session.events for e in events]
    english_prompt = str(session.state.proc["pending"]["prompt"])
    path = tmp_path / "doom.json"
    session.save(path)
    try:
        i18n.set_language("hu")
        loaded = load_session(path, DoomTitle())
        assert loaded.state_hash() == session.state_hash()
        log = [e.text for events in loaded.events for e in events]
        assert len(log) == len(english_log)
        assert "A betolakodó köre." in log and "The invader's turn." in english_log
        assert sum(a != b for a, b in zip(log, english_log)) > len(log) // 2  # worded again, in Hungarian
        prompt = str(loaded.state.proc["pending"]["prompt"])
        assert prompt != english_prompt and prompt == str(session.state.proc["pending"]["prompt"])
        assert [a.text for a in loaded.legal_actions()] == [a.text for a in session.legal_actions()]
    finally:
        i18n.set_language("en")


def test_a_save_written_by_main_before_messages_still_loads():
    """The file holds plain English log lines and a paused question worded in English (a Special
    Ops reroll); it loads (the replayed question, its die now in words, reaches the saved hash in
    the words it was saved in: DoomTitle.older_words), keeps its lines, and the question reads
    Hungarian."""
    try:
        i18n.set_language("hu")
        loaded = load_session(OLD_SAVE, DoomTitle())
        older = DoomTitle().older_words(loaded.title.to_json(loaded.state))
        assert [hash_json(english_words(d)) for d in older] == [SAVED_HASH]
        assert loaded.state_hash() != SAVED_HASH  # the question's words are new
        log = [e.text for events in loaded.events for e in events]
        assert "The invader's turn." in log  # an old line is the sentence the file has
        assert str(loaded.state.proc["pending"]["prompt"]) == \
            "Újradob egy kockát (Különleges egység)? (most: kék: hatótáv 2, 1 sebzés)"
        i18n.set_language("en")
        assert str(loaded.state.proc["pending"]["prompt"]) == "Reroll one die (Special Ops)? (now blue: range 2, 1 damage)"
        loaded.apply(loaded.legal_actions()[0])  # and the game goes on
    finally:
        i18n.set_language("en")
