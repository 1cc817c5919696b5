"""A paused question's squares are named as a player finds them on the map, never by their
coordinates: where a knocked-back marine lands ('Knock it to the Crew lounge, 2 squares right of
Red', where the option list read 'Knock it to 4,8'), where a spawned figure appears ('Place in
the Junction hall, ...', it read 'Place on 16,4 + 17,4'), a Guard or Sentry shot ('Attack Red',
it read 'Attack 8,8'). Two squares of one area are told apart from a figure or marker the map
shows there. A save paused at such a question by an older Tiletop still loads (its hash took the
old words: DoomTitle.older_words)."""
from __future__ import annotations

import re

from game import i18n
from game.doom.rules import names
from game.engine.protocol import english_words, hash_json
from tests.doom.conftest import TITLE, act, fresh, options, put

COORDINATES = re.compile(r"\d+,\d+")


def _knocked(dice):
    """Spec 6.8 Knockback (seed p. 12, Lökés): the hell knight hits Red in the Crew lounge."""
    state = fresh()
    red = state.marines["red"]
    red.health = red.max_health = 10
    state.phase, state.turn = "kill", None
    k = put(state, "hell_knight", (2, 6), (3, 6), (2, 7), (3, 7))
    red.cell = (1, 8)
    act(state, "activate", figure=k)
    dice.push("r1 d3", "r0 d3")
    act(state, "attack", target=[1, 8])
    return state


def test_knockback_squares_are_named_from_the_marine_knocked_back(dice):
    state = _knocked(dice)
    acts = options(state, "knockback")
    labels = {tuple(a.payload["to"]): a.text for a in acts if a.payload.get("to") is not None}
    assert len(labels) > 3
    assert not any(COORDINATES.search(t) for t in labels.values())
    assert len(set(labels.values())) == len(labels)  # one label a square: a player can tell them apart
    # Red stands at (1, 8): each square by where it lies from him, in the screen's directions.
    assert labels[(4, 8)] == "Knock it to the Crew lounge, 3 squares right of Red"
    assert labels[(1, 9)] == "Knock it to the Crew lounge, 1 square below Red"
    assert labels[(2, 10)] == "Knock it to the Crew lounge, 1 square right and 2 squares down from Red"
    # The question as the state keeps it names them so too (the hash and a bot read these).
    assert "Knock it to the Crew lounge, 3 squares right of Red" in [str(x) for x in state.proc["pending"]["labels"]]


def test_a_square_alone_in_its_area_is_named_by_the_area():
    state = fresh()
    named = names.spots(state, [(2, 8), (12, 8)])
    assert str(named[(2, 8)]) == "the Crew lounge" and str(named[(12, 8)]) == "the West corridor"


def test_squares_with_nothing_to_tell_them_from_are_counted_from_the_areas_corner():
    state = fresh()
    for m in state.marines.values():
        m.cell = (2, 8)  # in the Crew lounge, not the corridor
    state.markers = [m for m in state.markers if state.map.area_of.get(m.cell) != state.map.area_of[(12, 8)]]
    named = names.spots(state, [(12, 8), (13, 9)])
    box = state.map.areas[state.map.area_of[(12, 8)]]
    left, top = min(x for x, _ in box), min(y for _, y in box)
    assert str(named[(12, 8)]) == (f"the West corridor, row {8 - top + 1} from the top, "
                                   f"square {12 - left + 1} from the left")
    assert named[(12, 8)] != named[(13, 9)]


def test_spawn_placements_name_their_place_and_the_figure_footprint():
    state = fresh()
    imp = put(state, "imp", (12, 8))
    opts = [{"cells": [[13, 8]]}, {"cells": [[14, 8]]}, {"cells": [[14, 8], [15, 8]]}, {"cells": [[14, 8], [14, 9]]},
            {"cells": [[2, 8], [3, 8], [2, 9], [3, 9]]}]
    got = [str(x) for x in names.option_labels(state, "place", opts)]
    assert got[0] == "Place in the West corridor, 1 square right of Imp 1" and imp == "imp#1"
    assert got[1] == "Place in the West corridor, 2 squares right of Imp 1"
    assert got[2] == "Place its left square in the West corridor, 2 squares right of Imp 1"
    assert got[3] == "Place its upper square in the West corridor, 2 squares right of Imp 1"
    # Red stands in the lounge; the lounge square is told from the nearest thing there.
    assert got[4] == "Place its top-left square in the Crew lounge"
    assert not any(COORDINATES.search(t) for t in got)


def test_guard_and_sentry_shots_name_their_target():
    state = fresh()
    imp = put(state, "imp", (12, 8))
    assert str(names.option_words(state, "guard", {"use": True, "weapon": "pistol", "target": [12, 8]})) == \
        "Attack Imp 1 with the Pistol" and imp == "imp#1"
    state.marines["red"].cell = (11, 8)
    assert str(names.option_words(state, "sentry", {"use": True, "target": [11, 8]})) == "Attack Red"


def test_the_squares_in_hungarian_and_greek():
    state = fresh()
    put(state, "imp", (12, 8))
    opts = [{"to": None}, {"to": [13, 8]}, {"to": [13, 9]}]
    labels = names.option_labels(state, "knockback", opts)
    try:
        i18n.set_language("hu")
        assert str(labels[1]) == "Lökés ide: Nyugati folyosó, 1 mezővel jobbra ettől: Tűzördög 1"
        assert str(labels[2]) == "Lökés ide: Nyugati folyosó, 1 mezővel jobbra és 1 mezővel lejjebb ettől: Tűzördög 1"
        i18n.set_language("el")
        assert str(labels[1]).startswith("Σπρώξιμο προς: «Δυτικός διάδρομος», 1 τετράγωνο δεξιά από: ")
    finally:
        i18n.set_language("en")


def test_a_save_paused_at_a_square_question_by_an_older_tiletop_still_loads(dice):
    """An older Tiletop worded the knockback's squares 'Knock it to 4,8' and took its state hash
    over those words: the loader accepts the replayed state worded so (session._same_but_words)."""
    from game.engine.session import Session, _same_but_words

    state = _knocked(dice)
    data = TITLE.to_json(state)
    pend = data["proc"]["pending"]
    old = dict(data, proc=dict(data["proc"], pending=dict(pend, labels=[
        "Leave it where it is" if o["to"] is None else f"Knock it to {o['to'][0]},{o['to'][1]}" for o in pend["options"]])))
    old_hash = hash_json(english_words(old))
    assert old_hash != hash_json(english_words(data))  # the words changed, and the hash with them
    session = Session.__new__(Session)
    session.title, session.state = TITLE, state
    assert _same_but_words(session, old_hash)
