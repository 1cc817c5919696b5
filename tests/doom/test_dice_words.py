"""A roll reads as a player reads the dice, never by the data's face codes: the log said 'Red
rolls yellow r2 d1 +A, green r2 d1.' ('sárga r2 d1 +A' in Hungarian); now 'Red rolls yellow:
range 2, 1 damage, ammo; green: range 2, 1 damage.', in every language, and a reroll question
the same. A bot reads the faces from the question's data, not its words."""
from __future__ import annotations

import re

from game import i18n
from game.doom.bots import _misses
from game.doom.rules.names import dice_words
from tests.doom.conftest import act, fresh, imp_attacks_dodging_red, put, texts
from tests.doom.test_rules_combat import open_all

CODE = re.compile(r"\br\d|\bd\d|\+A\b")


def test_the_roll_line_names_each_face_in_words(dice):
    state = fresh()
    open_all(state)
    put(state, "zombie", (5, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r2 d1")
    lines = texts(act(state, "attack", weapon="pistol", target=[5, 8]))
    assert "Red rolls yellow: range 2, 1 damage, ammo; green: range 2, 1 damage." in lines
    assert not any(CODE.search(t) for t in lines), lines


def test_the_ammo_token_spent_is_counted_as_a_pick_up_counts_it(dice):
    """'An ammo icon: Red spends 1 shells/bullets (4 left).' read '1 shells' as a slip: the
    token is counted as the pick-up line counts it, '1 shells/bullets ammo'."""
    state = fresh()
    open_all(state)
    put(state, "zombie", (5, 8))
    act(state, "declare", action="fire")
    dice.push("r2 d1 +A", "r2 d1")
    left = state.marines["red"].ammo["shells"] - 1
    lines = texts(act(state, "attack", weapon="pistol", target=[5, 8]))
    assert f"An ammo icon: Red spends 1 shells/bullets ammo ({left} left)." in lines, lines


def test_a_miss_and_every_language():
    faces = [["yellow", "miss"], ["blue", "r0 d3"]]
    assert str(dice_words(faces)) == "yellow: miss; blue: range 0, 3 damage"
    try:
        i18n.set_language("hu")
        assert str(dice_words(faces)) == "sárga: kudarc; kék: hatótáv 0, 3 sebzés"
        i18n.set_language("el")
        assert str(dice_words(faces)) == "κίτρινο: αστοχία· μπλε: βεληνεκές 0, 3 ζημιές"
    finally:
        i18n.set_language("en")


def test_the_reroll_question_words_the_dice_and_a_bot_reads_its_data(dice):
    """Seed p. 10 (Kitérés): Red's Dodge reroll of the imp's attack ('r3 d2', 'r4 d1')."""
    state = imp_attacks_dodging_red(dice)
    prompt = str(state.proc["pending"]["prompt"])
    assert prompt == "Which dice of Imp 1's attack are rerolled? (now yellow: range 3, 2 damage; green: range 4, 1 damage)"
    assert _misses(state) == [False, False]


def test_a_reroll_question_is_also_given_in_the_words_saves_hashed(dice):
    """A save paused at a reroll question hashed its prompt as Tiletop worded it before the faces
    were words; DoomTitle.older_words gives the state with that prompt, so the loader finds the
    saved hash (game/engine/session.py _same_but_words)."""
    from game.doom.rules.title import DoomTitle
    from game.engine.protocol import english_words, hash_json

    state = imp_attacks_dodging_red(dice)
    title = DoomTitle()
    data = title.to_json(state)
    older = title.older_words(data)
    assert [english_words(d)["proc"]["pending"]["prompt"] for d in older] == \
        ["Which dice of Imp 1's attack are rerolled? (now yellow r3 d2, green r4 d1)"]
    assert hash_json(english_words(older[0])) != title.state_hash(state)
    assert title.older_words(title.to_json(fresh())) == []  # no question: nothing older
