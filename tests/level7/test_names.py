"""Level 7's action labels are kept per what they say (names.action_words, text.Kept): a kept
label must word exactly what a label made afresh for that action would."""
from __future__ import annotations

from game.engine.bots import RandomBot
from game.engine.text import english
from game.level7.rules import names
from game.level7.rules.procedures import RESOLVER
from game.level7.rules.title import Level7Title


def test_kept_action_labels_word_what_a_fresh_label_would():
    title = Level7Title()
    checked: set[str] = set()
    for seed, scenario, players in ((0, "s1", 1), (1, "s2", 2), (2, "s1", 3), (3, "s2", 4), (5, "s1", 2)):
        state = title.new_game(scenario, seed, {"players": players})
        bot = RandomBot(seed)
        while title.current_decider(state) is not None:
            legal = title.legal_actions(state)
            if state.proc is None:  # a turn's actions (a question's options are not action_words)
                for a in legal:
                    assert english(a.label) == english(names._action_words(a.kind, a.payload)), a.payload
                    checked.add(a.kind)
            title.apply(state, bot.choose(legal))
        RESOLVER.release(state)
    # the games listed the kinds whose keys pick parameters out (not only the fixed labels)
    assert {"move", "explore", "adrenaline", "end_turn"} <= checked


def test_a_challenges_dice_are_named_in_the_readers_words():
    """The attack preview at a Hungarian table read "7 kocka: base +4, Fear 5-6 +1, Brute Force
    (subject_1) +2": the sources in English and the player by id. Each term of a pool (the base
    value, the Fear band, a skill, a card played by a character) is worded in the reader's
    language, the player by name."""
    from game import i18n
    from game.engine.text import as_text
    from game.level7.content import shared_content
    from game.level7.rules.modifiers import PlayedBonus, attribute_value

    c = shared_content()
    played = (PlayedBonus("strength", 2, c.adrenaline["brute_force"].name, "subject_1"),)
    value = attribute_value(c, "strength", fear=5, skills=("weightlifter",), played=played, challenge="attack")
    assert [t.source for t in value.terms] == ["base", "Fear 5-6", "Weightlifter", "Brute Force (subject_1)"]
    words = {}
    for lang in ("en", "hu", "el"):
        i18n.set_language(lang)
        try:
            words[lang] = [as_text(names.term_words(t)) for t in value.terms]
        finally:
            i18n.set_language("en")
    assert words["en"] == ["base", "Fear 5-6", "Weightlifter", "Brute Force (Subject 1)"]
    for lang in ("hu", "el"):
        assert all(w not in words["en"] for w in words[lang]) and "subject_1" not in words[lang][3], words[lang]
    assert words["hu"][:2] == ["alap", "Félelem 5-6"] and words["hu"][3].endswith(" (1. alany)")
    assert words["el"][:2] == ["βάση", "Φόβος 5-6"]


def test_rolled_faces_and_an_enemys_attack_read_right_in_hungarian():
    """A Hungarian log read "dupla intelligencia, Erő, Erő, intelligencia + erő" (the attribute
    capitalised on a single face only) and "1 ikon (Erő) a 1 kitartás ellen" (the article 'a'
    before a number that may be 1 or 5, which take 'az'). Each face names its attributes as the
    attributes are written, and the Toughness is no longer read after the article."""
    from game import i18n
    from game.engine.text import Mn, as_text
    from game.level7.content import shared_content
    from game.level7.rules.challenges import faces

    die = shared_content().dice["level7"]
    i18n.set_language("hu")
    try:
        attributes = {a: i18n.translate(a) for a in ("Intelligence", "Strength")}
        words = {f.name: as_text(faces([f])) for f in die.faces if f.name}
        attack = as_text(Mn("{n} {attribute} icon against Toughness {toughness}",
                            "{n} {attribute} icons against Toughness {toughness}", 1, attribute="Erő", toughness=1))
    finally:
        i18n.set_language("en")
    for name, said in words.items():
        for english, hungarian in attributes.items():
            if english in name:
                assert hungarian in said, (name, said)
    assert " a 1 " not in attack and "1" in attack.split("(Erő)")[1], attack


def test_a_doors_side_is_named_in_the_readers_words():
    """A Hungarian undo refusal read "Nem vonható vissza: „Felfedezés a(z) N oldali ajtón át”...":
    the door's side was the payload's English compass letter in every language. It is worded
    in the reader's words, as the table shows it (north at the top): a letter read wrong (Greek
    'πλευρά Ν', south, looks like the English N), so Hungarian and Greek write the word; the
    English stays N, E, S, W."""
    from game import i18n
    from game.engine.text import as_text

    title = Level7Title()
    state = title.new_game("s1", 1, {"players": 1})
    while state.proc is not None:  # a question before the turn (a skill's Fear shift)
        title.apply(state, title.legal_actions(state)[0])
    sides = {a.payload["door"][0]: a.label for a in title.legal_actions(state) if a.kind == "explore"}
    assert sides, "the first turn has doors to explore"
    want = {"hu": {"N": "az északi oldali", "E": "a keleti oldali", "S": "a déli oldali", "W": "a nyugati oldali"},
            "el": {"N": "πόρτα προς βορρά", "E": "πόρτα προς ανατολάς", "S": "πόρτα προς νότο",
                   "W": "πόρτα προς δυσμάς"}}
    try:
        for language, words in want.items():
            i18n.set_language(language)
            for letter, label in sides.items():
                assert words[letter] in as_text(label), (language, letter, as_text(label))
    finally:
        i18n.set_language("en")
    for letter, label in sides.items():
        assert as_text(label).endswith(f"side {letter}")
    RESOLVER.release(state)


def test_a_placements_words_count_its_doors():
    """A placement read 'Boiler Room turned 0 degrees, joining 1 door(s)' (in the undo's
    refusal after it, and as the question's option): the count takes its plural, in Greek too."""
    from game import i18n
    from game.engine.text import as_text

    one = names.option_words(None, "placement", {"tile": "T33", "turns": 0, "joined": 1})
    two = names.option_words(None, "placement", {"tile": "T33", "turns": 1, "joined": 2})
    assert as_text(one).endswith("turned 0 degrees, joining 1 door") and as_text(two).endswith("joining 2 doors")
    i18n.set_language("el")
    try:
        assert as_text(one).endswith("ενώνει 1 πόρτα") and as_text(two).endswith("ενώνει 2 πόρτες")
    finally:
        i18n.set_language("en")

