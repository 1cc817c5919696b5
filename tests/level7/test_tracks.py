"""game/level7/rules/tracks.py as scenarios of spec 6.11 (adrenaline cards), 6.12 (Fear, Threat,
Vitality) and 6.13 (knocked out, the Hospital)."""
from __future__ import annotations

import dataclasses

import pytest

from game.level7.content import FearShift, Reroll, Stun, shared_content
from game.level7.rules.modifiers import PlayedBonus
from game.level7.rules.refusal import Refusal
from game.level7.rules.tracks import (adrenaline_uses, change_fear, fear_change_possible, fear_shift_options,
                                      gain_threat, hand_size, knock_out, lose_threat, lose_vitality, play_adrenaline,
                                      reenter)


@pytest.fixture(scope="module")
def c():
    return shared_content()


# ----------------------------------------------------------------------------- 6.11 adrenaline

def test_a_bonus_pays_its_fear_cost_first(c):
    """Spec 6.11, seed p. 4-5: Surge of Strength (+2 Strength, Fear cost +1) at Fear 3: Fear 4, and
    +2 Strength until the next challenge roll or the end of the turn."""
    play = play_adrenaline(c, "surge_of_strength", "bonus", fear=3, hand=4, own_turn=True, player="Cody")
    assert (play.fear, play.cost) == (4, 1)
    assert play.bonus == PlayedBonus("strength", 2, "Surge of Strength", "Cody", "challenge_roll")


def test_a_card_whose_cost_does_not_fit_the_track_cannot_be_played(c):
    """Spec 6.11: "If the track lacks room to pay the cost, you cannot play the card": +2 at Fear 7,
    -1 at Fear 1 (a card given a -1 cost here: no shipped card has one since Steel Nerves' cost
    became 0, BALANCE.md). The free shift is still open."""
    up = play_adrenaline(c, "primal_scream", "bonus", fear=7, hand=3, own_turn=True)
    assert isinstance(up, Refusal) and "Fear" in up.reason
    down = dataclasses.replace(c, adrenaline={**c.adrenaline, "steel_nerves": dataclasses.replace(
        c.adrenaline["steel_nerves"], fear_cost=-1)})
    assert isinstance(play_adrenaline(down, "steel_nerves", "ability", fear=1, hand=3, own_turn=True), Refusal)
    assert not isinstance(play_adrenaline(down, "steel_nerves", "ability", fear=2, hand=3, own_turn=True), Refusal)
    assert play_adrenaline(c, "primal_scream", "fear_shift", fear=7, hand=3, own_turn=True, shift=1).fear == 8


def test_never_the_last_card(c):
    """Spec 6.11: you may never play your last card for an effect."""
    refusal = play_adrenaline(c, "deep_breath", "bonus", fear=3, hand=1, own_turn=True)
    assert isinstance(refusal, Refusal) and "last" in refusal.reason
    assert adrenaline_uses(c, "deep_breath", fear=3, hand=1, own_turn=True) == ()


def test_the_free_fear_shift_costs_nothing_and_needs_room(c):
    """Spec 6.11: any card may move Fear 1 step up or down at no cost (Primal Scream's +2 is not paid)."""
    down = play_adrenaline(c, "primal_scream", "fear_shift", fear=3, hand=2, own_turn=False, shift=-1)
    assert (down.fear, down.cost, down.bonus) == (2, 0, None)
    assert isinstance(play_adrenaline(c, "sprint", "fear_shift", fear=8, hand=2, own_turn=True, shift=1), Refusal)
    assert isinstance(play_adrenaline(c, "sprint", "fear_shift", fear=4, hand=2, own_turn=True, shift=2), Refusal)


def test_an_own_turn_ability_waits_for_your_turn(c):
    """Spec 6.11: some abilities only on your own turn, others at any time; the bonus any time."""
    assert isinstance(play_adrenaline(c, "sprint", "ability", fear=3, hand=3, own_turn=False), Refusal)
    sprint = play_adrenaline(c, "sprint", "ability", fear=3, hand=3, own_turn=True, player="Cody")
    assert sprint.ability_bonuses == (PlayedBonus("speed", 2, "Sprint", "Cody", "turn_end"),) and sprint.fear == 4
    assert play_adrenaline(c, "sprint", "bonus", fear=3, hand=3, own_turn=False).bonus.attribute == "speed"
    any_time = play_adrenaline(c, "surge_of_strength", "ability", fear=3, hand=3, own_turn=False)
    assert any_time.ability == (Reroll(2, "strength_challenge"),) and any_time.fear == 4
    assert set(adrenaline_uses(c, "sprint", fear=3, hand=3, own_turn=False)) == {("bonus", 0), ("fear_shift", 1),
                                                                               ("fear_shift", -1)}


def test_an_ability_is_played_with_its_effects_and_its_words(c):
    """Spec 6.11, 8.6: Primal Scream's ability is played with its effect for the engine (stun a
    clone) and its text for the log; nothing of it is left unenforced."""
    play = play_adrenaline(c, "primal_scream", "ability", fear=3, hand=3, own_turn=True)
    assert play.ability == (Stun("clone", 1),) and not play.not_enforced and "Stun one active clone" in play.text
    assert play.fear == 5  # its +2 Fear cost paid first


def test_helping_another_character_gives_them_the_bonus(c):
    """Spec 6.11 "Helping others": the helper plays the card normally (and pays its cost); the other
    character receives its attribute bonus; only the bonus can be given."""
    play = play_adrenaline(c, "quick_thinking", "bonus", fear=3, hand=3, own_turn=False, player="Laine",
                           receiver="Cody")
    assert play.receiver == "Cody" and play.fear == 4 and play.bonus.by == "Laine" and "to Cody" in play.text
    assert isinstance(play_adrenaline(c, "quick_thinking", "ability", fear=3, hand=3, own_turn=False,
                                      player="Laine", receiver="Cody"), Refusal)


def test_deep_breath_moves_fear_up_to_two_steps(c):
    """Spec 8.6 PLACEHOLDER Deep Breath: a Fear shift of up to 2 either way, on the track."""
    play = play_adrenaline(c, "deep_breath", "ability", fear=2, hand=3, own_turn=True)
    assert play.ability == (FearShift(2),) and play.fear == 2
    assert fear_shift_options(c, 2, 2) == (1, 3, 4)


# ----------------------------------------------------------------------------- 6.12 Fear

def test_fear_stops_at_eight(c):
    """Spec 6.12, seed p. 14: an event's +3 at Fear 7 makes 8."""
    change = change_fear(c, 7, 3, cause="event")
    assert (change.after, change.knocked_out) == (8, False)
    assert change_fear(c, 1, -1).after == 1


def test_a_hybrid_driving_fear_past_eight_knocks_out(c):
    """Spec 6.12, seed p. 14: a hybrid attack past 8 sets Fear 8 and knocks the character out; to
    exactly 8 it does not."""
    past = change_fear(c, 7, 2, hybrid=True)
    assert (past.after, past.knocked_out) == (8, True)
    assert change_fear(c, 6, 2, hybrid=True).knocked_out is False


def test_a_choice_that_cannot_happen_at_all_must_not_be_chosen(c):
    """Spec 6.12: "+1 Fear" at 8 cannot happen; "+2" at 7 can partly happen, so it may be chosen."""
    assert not fear_change_possible(c, 8, 1) and fear_change_possible(c, 7, 2)
    assert not fear_change_possible(c, 1, -1) and fear_change_possible(c, 2, -1)


def test_a_skill_can_spare_a_fear_gain(c):
    """Spec 8.4 PLACEHOLDER Night Owl: no Fear for leaving darkness."""
    change = change_fear(c, 4, 1, ignored_by="Night Owl", cause="darkness")
    assert change.after == 4 and change.ignored_by == "Night Owl"


# ----------------------------------------------------------------------------- 6.12 Threat

def test_threat_comes_from_the_pool(c):
    """Spec 6.12: gaining Threat takes a token from the threat pool."""
    change = gain_threat(threat=1, pool=6, lockdown=False)
    assert (change.after, change.pool, change.from_pool, change.lockdown_starts) == (2, 5, 1, False)


def test_an_empty_pool_starts_a_lockdown_and_the_box_pays(c):
    """Spec 6.12, seed p. 4, 7: gaining Threat with the pool empty starts a Lockdown; during a
    Lockdown the tokens come from the box. A gain of 2 with 1 in the pool empties it and starts it."""
    start = gain_threat(threat=2, pool=0, lockdown=False)
    assert (start.after, start.from_box, start.lockdown_starts) == (3, 1, True)
    during = gain_threat(threat=3, pool=0, lockdown=True)
    assert (during.after, during.from_box, during.lockdown_starts) == (4, 1, False)
    split = gain_threat(threat=0, pool=1, lockdown=False, amount=2)
    assert (split.after, split.pool, split.from_pool, split.from_box, split.lockdown_starts) == (2, 0, 1, 1, True)
    empty_box = gain_threat(threat=5, pool=0, lockdown=True, amount=2, box=1)
    assert (empty_box.after, empty_box.from_box) == (6, 1) and "No Threat token" in empty_box.text


def test_lost_threat_goes_to_the_box_never_the_pool(c):
    """Spec 6.12, seed p. 4: a token lost goes to the box; with none, ignore it."""
    lost = lose_threat(threat=2, pool=3)
    assert (lost.after, lost.pool, lost.to_box) == (1, 3, 1)
    assert lose_threat(threat=0, pool=3).to_box == 0


# ----------------------------------------------------------------------------- 6.12 Vitality

def test_vitality_is_the_hand_size_and_the_skull_kills(c):
    """Spec 6.12 (track 5, 4, 3, skull: PLACEHOLDER spaces): 4 -> 3 leaves a hand of 3, so a hand of 4
    discards 1 (11 #29); from 3 the next space is the skull."""
    assert hand_size(c, 5) == 5 and hand_size(c, 4) == 4
    down = lose_vitality(c, 4, hand=4)
    assert (down.after, down.skull, down.hand_size, down.discard) == (3, False, 3, 1)
    assert lose_vitality(c, 3).skull


# ----------------------------------------------------------------------------- 6.13 knocked out

def test_a_knock_out_sends_to_the_hospital(c):
    """Spec 6.13, seed p. 14: items face up on the tile, the Hospital, -1 Vitality, -1 Threat (box)."""
    ko = knock_out(c, cause="hand_empty", vitality=4, threat=2, items=("crowbar", "lab_coat"), lockdown=False, pool=3)
    assert ko.items_dropped == ("crowbar", "lab_coat") and ko.hospital and not ko.killed
    assert (ko.vitality.after, ko.threat.after, ko.threat.to_box, ko.threat.pool) == (3, 1, 1, 3)


def test_a_knock_out_at_the_last_vitality_space_or_in_lockdown_kills(c):
    """Spec 6.13: reaching the skull, or any knock-out during a Lockdown, kills; the items stay on the tile."""
    skull = knock_out(c, cause="hybrid_fear", vitality=3, threat=0, items=("pistol",), lockdown=False)
    assert skull.killed and not skull.hospital and skull.vitality.skull and skull.items_dropped == ("pistol",)
    lockdown = knock_out(c, cause="stuck", vitality=5, threat=2, items=(), lockdown=True)
    assert lockdown.killed and lockdown.vitality is None and "Lockdown" in lockdown.text


def test_coming_back_from_the_hospital(c):
    """Spec 6.13, seed p. 14: draw up to the new hand size (one fewer), Fear 4, any vent tile in
    play; with none, stay in the Hospital."""
    back = reenter(c, vitality=3, hand=0, vent_tiles=("T05", "tank_farm"))
    assert (back.draw, back.hand_size, back.fear, back.destinations, back.stays) == (3, 3, 4, ("T05", "tank_farm"), False)
    assert reenter(c, vitality=4, hand=1, vent_tiles=()).stays


def test_a_helpers_card_names_the_roller_in_the_readers_words(c):
    """A helper's card (spec 6.11) is played with the characters by name: a Greek log read "Η κάρτα
    Γρήγορη Σκέψη παίχτηκε για +2 Ευφυΐα στο Subject 2", the roller's English name. By id or by
    name, the receiver is worded in the reader's language."""
    from game import i18n
    from game.engine.text import as_text

    said = {}
    for player, receiver in (("Subject 1", "Subject 2"), ("subject_1", "subject_2")):
        out = play_adrenaline(c, "quick_thinking", "bonus", fear=3, hand=4, own_turn=False, player=player, receiver=receiver)
        for lang in ("en", "el", "hu"):
            i18n.set_language(lang)
            try:
                said[(player, lang)] = as_text(out.text)
            finally:
                i18n.set_language("en")
    assert said[("Subject 1", "en")].endswith("to Subject 2 (Fear 3 → 4).")
    for lang in ("el", "hu"):
        assert "Subject" not in said[("Subject 1", lang)] and said[("Subject 1", lang)] == said[("subject_1", lang)]
