"""The Resolver's checkpoint of a Doom state (docs/ENGINE.md "Resolutions"; rules/state.py
Checkpoint): taken at the start of every resolution, it must stand for the state exactly as
`to_json()` gave it then, whatever happens to the state afterwards, and a state restored from it
must be the state a save of that moment loads as."""
from __future__ import annotations

import pytest

from game.doom.bots import RandomBot
from game.doom.rules.procedures import RESOLVER
from game.doom.rules.state import Checkpoint, DoomState
from game.doom.rules.title import DoomTitle
from game.engine.protocol import hash_json
from game.engine.session import Session

TITLE = DoomTitle()


@pytest.mark.parametrize("scenario,seed,marines", [("knee_deep", 11, 3), ("reactor", 12, 2)])
def test_a_checkpoint_keeps_the_state_of_its_moment(scenario, seed, marines):
    """Random legal play: a checkpoint taken at every action writes the JSON of that moment, at
    once and still after hundreds of actions changed every part of the state (figures, markers,
    decks, the RNG, the turn, flags, paused resolutions), and restores to a state of that JSON."""
    session = Session.start(TITLE, scenario, seed=seed, options={"marines": marines})
    bot = RandomBot(seed)
    kept: list[tuple[Checkpoint, str]] = []
    for i in range(400):
        if session.is_over():
            break
        state = session.state
        cp = state.checkpoint()
        now = state.to_json()
        if i % 2:
            assert cp.to_json() == now
        kept.append((cp, hash_json(now)))
        session.apply(bot.choose(session.legal_actions()))
    assert len(kept) > 100
    for cp, digest in kept:
        assert hash_json(cp.to_json()) == digest
    for cp, digest in kept[::37]:
        other = TITLE.new_game(scenario, seed, {"marines": marines})
        other.restore(cp)
        assert hash_json(other.to_json()) == digest


def test_a_paused_states_json_holds_its_checkpoint_as_json():
    """A state paused at a question writes the checkpoint as the JSON it stands for: a save, a
    copy (from_json) and a re-execution from that JSON reach the live game's states."""
    session = Session.start(TITLE, "knee_deep", seed=3, options={"marines": 2})
    bot = RandomBot(3)
    paused = 0
    for _ in range(1500):
        if session.is_over() or paused >= 5:
            break
        state = session.state
        if state.proc is not None:
            paused += 1
            assert isinstance(state.proc["checkpoint"], Checkpoint)
            data = state.to_json()
            assert isinstance(data["proc"]["checkpoint"], dict)
            copy = DoomState.from_json(data)
            assert hash_json(copy.to_json()) == hash_json(data)
            action = bot.choose(session.legal_actions())
            TITLE.apply(copy, action)  # no paused frame: re-execution from the JSON checkpoint
            session.apply(action)
            assert TITLE.state_hash(copy) == session.state_hash()
            RESOLVER.release(copy)
            continue
        session.apply(bot.choose(session.legal_actions()))
    assert paused >= 5
