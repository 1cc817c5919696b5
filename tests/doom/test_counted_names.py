"""A number before a monster's name reads right in every language (text.counted): the invader's
spawn choices said "Spawn 3 Zombie (Zombie Pack)". English counts in the plural, Hungarian keeps
the singular after a number ("3 zombi"), Greek has its own plural ("2 Δαίμονες")."""
from __future__ import annotations

import pytest

from game import i18n
from game.doom.invader_ai import InvaderAI
from tests.doom.conftest import TITLE, deal
from tests.doom.test_invader_ai import decide, invader_turn

# The spawn label's monsters as a player reads them: card -> language -> words.
EXPECTED = {
    "zombie_pack#1": {"en": "3 Zombies", "hu": "3 zombi", "el": "3 Ζόμπι"},
    "demon_pack#1": {"en": "2 Demons", "hu": "2 démon", "el": "2 Δαίμονες"},
    "zombie_imp_trite#1": {"en": "1 Zombie + 1 Imp + 1 Trite", "hu": "1 zombi + 1 tűzördög + 1 pókmutáns",
                           "el": "1 Ζόμπι + 1 Διαβολάκι + 1 Αραχνίδιο"},
}


@pytest.fixture
def spawn_choice():
    state = invader_turn()
    state.phase = "spawn"
    for card in EXPECTED:
        deal(state, card)
    yield state
    i18n.untranslated()


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_spawn_choices_count_monsters_in_the_players_language(spawn_choice, language):
    """Spec 8.2: each spawn card's label names its monsters counted, 1 and more."""
    i18n.set_language(language)
    labels = {a.get("card"): a.text for a in TITLE.legal_actions(spawn_choice) if a.kind == "spawn"}
    for card, words in EXPECTED.items():
        assert words[language] in labels[card], (card, labels[card])
    assert "3 Zombie " not in labels["zombie_pack#1"] and "2 Demon " not in labels["demon_pack#1"]


@pytest.mark.parametrize("language, words", [("en", "3 Zombies"), ("hu", "3 zombi"), ("el", "3 Ζόμπι")])
def test_the_invader_ais_spawn_reason_counts_the_same_way(language, words):
    """The AI's reason names what it places as the label does."""
    state = invader_turn()
    state.phase = "spawn"
    deal(state, "zombie_pack#1")
    choice = decide(InvaderAI(), state)
    assert choice.action.kind == "spawn"
    i18n.set_language(language)
    try:
        assert words in str(choice.reason), str(choice.reason)
    finally:
        i18n.untranslated()


@pytest.mark.parametrize("language, text", [("en", "3 Zombies"), ("hu", "3 zombi"), ("el", "3 Ζόμπι")])
def test_the_invaders_hand_card_counts_its_monsters_as_the_log_does(language, text):
    """The hand card's face read 'Spawn: 3 Zombie' (a number put before the singular name in
    the UI's own words)."""
    from game.doom.content import shared_content
    from game.ui.doom.words import card_face

    i18n.set_language(language)
    try:
        said = card_face(shared_content(), "zombie_pack#1")[1]
        one = card_face(shared_content(), "zombie_imp_trite#1")[1]
    finally:
        i18n.untranslated()
    assert text in said, said
    assert {"en": "1 Zombie + 1 Imp", "hu": "1 zombi + 1 tűzördög", "el": "1 Ζόμπι + 1 Διαβολάκι"}[language] in one, one
