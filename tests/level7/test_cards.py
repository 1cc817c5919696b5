"""Issue 14: the skills and items that act outside the attribute bonuses and rerolls, each as a
scenario citing its card in the spec (shared/rules/level7-escape.md 8.4 skills, 8.5 items; all
PLACEHOLDER cards, verified = false in the data) and the rule it changes."""
from __future__ import annotations

from game.level7.content import (DenyAttackBonus, Draw, GainThreat, HelpRange, IgnoreThreat, RedrawEvent,
                                 Stun, shared_content)
from game.level7.rules import foes, targeting
from game.level7.rules.enemy_attack import plan_attack
from game.level7.rules.modifiers import (challenge_threat, denied_attack_bonus, event_redraw, help_range,
                                         ignores_threat, medical_draws, use_item)

from tests.level7.engine_helpers import CROSS, T, act, at, foe, game, next_event, refusal, settle, texts

C = shared_content()
FEAR_ROOM = [("T07", 0, 0, 0), ("T05", 1, 0, 2)]  # T05 Morgue A: a vent and a recurring Fear icon, east of T07
SECURITY_ROOM = [("T07", 0, 0, 0), ("T23", 1, 0, 1)]  # T23 Barracks: a recurring Security icon


def test_the_cards_say_their_whole_text_in_effects():
    """8.4 #4, #13, #18 and 8.5: the seven cards once text-only carry effects and no not_enforced."""
    assert C.skills["paranoid"].effects == (RedrawEvent("fear"),)
    assert C.skills["field_medic"].effects == (Draw("adrenaline", 1, "you", "medical_supplies"),)
    assert C.skills["unassuming"].effects == (DenyAttackBonus("guard"), IgnoreThreat("crowding"))
    assert C.items["pistol"].effects[1] == GainThreat(1, "attack")
    assert C.items["med_kit"].effects == (Draw("adrenaline", 2, "you", "use"),)
    assert C.items["fire_extinguisher"].effects == (Stun("clone", 0),)
    assert C.items["walkie_talkie"].effects == (HelpRange(2),)
    for rec in [C.skills[k] for k in ("paranoid", "field_medic", "unassuming")] + \
               [C.items[k] for k in ("pistol", "med_kit", "fire_extinguisher", "walkie_talkie")]:
        assert rec.not_enforced == "" and rec.provenance.verified is False, rec.name


def test_the_modifier_questions_read_skills_and_carried_items_only():
    """modifiers.py answers for standing effects: a single-use item's effect counts only when used."""
    assert event_redraw(C, "fear", skills=["paranoid"]) == "Paranoid"
    assert event_redraw(C, "security", skills=["paranoid"]) == ""
    assert medical_draws(C, skills=["field_medic"]) == (Draw("adrenaline", 1, at="medical_supplies"),)
    assert medical_draws(C, items=["med_kit"]) == ()
    assert ignores_threat(C, "crowding", skills=["unassuming"]) == "Unassuming"
    assert ignores_threat(C, "armed", skills=["unassuming"]) == ""
    assert denied_attack_bonus(C, skills=["unassuming"]) == ("guard",)
    assert challenge_threat(C, "attack", "strength", items=["pistol", "stun_baton"]) == (("Pistol", 1),)
    assert challenge_threat(C, "bull_rush", "strength", items=["pistol"]) == ()
    assert help_range(C) == 1 and help_range(C, items=["walkie_talkie"]) == 2
    assert use_item(C, "med_kit").draws == (Draw("adrenaline", 2),) and use_item(C, "med_kit").adrenaline_cards == 2
    assert use_item(C, "fire_extinguisher").stuns == (Stun("clone", 0),)


# ---------------------------------------------------------------------------- skills (8.4)

def test_8_4_paranoid_discards_a_fear_event_and_must_resolve_the_second_card():
    """8.4 #4 Paranoid: an event card drawn for its Fear section (a recurring Fear icon, 3.4) may be
    discarded for another, which must be resolved: no second question, the first card discarded."""
    s = game(tiles=FEAR_ROOM)
    me = s.characters["subject_1"]
    me.skills = ["paranoid"]
    next_event(s, "E03")  # second: Fear section F10, nothing
    next_event(s, "E01")  # first: Fear section F4, a clone spawns
    act(s, "move", to="T05")
    assert T.current_decider(s) == "subject_1"
    offered = T.legal_actions(s)
    assert {a.kind for a in offered} == {"redraw_event"} and {a.get("redraw") for a in offered} == {False, True}
    assert "Paranoid" in s.proc["pending"]["prompt"] and s.proc["pending"]["about"] == {"card": "E01", "section": "F4"}
    events = settle(s, T.apply(s, next(a for a in offered if a.get("redraw"))))
    said = texts(events)
    assert "discards the event card In the Vents (Paranoid) and draws another" in said
    assert "draws the event card False Alarm (fear section), and must resolve it" in said and "Nothing happens." in said
    assert "E01" in s.events.discard_pile and "E03" in s.events.discard_pile
    assert not s.enemies  # E01's F4 clone never came


def test_8_4_paranoid_keeps_the_card_when_asked_and_never_asks_for_other_sections():
    """8.4 #4: resolving the first card is the player's choice; only a Fear section is redrawn, and
    an event drawn at the end of the turn (no section, 5.2 step 3) asks nothing."""
    s = game(tiles=FEAR_ROOM)
    s.characters["subject_1"].skills = ["paranoid"]
    next_event(s, "E01")
    events = act(s, "move", to="T05")
    events = settle(s, events + T.apply(s, next(a for a in T.legal_actions(s) if a.get("redraw") is False)))
    assert "draws the event card In the Vents (fear section)." in texts(events) and "discards the event" not in texts(events)
    assert any(e.kind == "clone" for e in s.enemies)  # F4: the clone came
    s = game(tiles=SECURITY_ROOM)
    s.characters["subject_1"].skills = ["paranoid"]
    next_event(s, "E08")
    events = act(s, "move", to="T23")
    assert not any(ev.kind == "event_redraw" for ev in events) and s.turn.player == "subject_2"
    s = game(tiles=CROSS)
    s.characters["subject_1"].skills = ["paranoid"]
    next_event(s)
    events = act(s, "end_turn")
    assert s.turn.player == "subject_2" and "at the end of the turn" in texts(events)


def test_8_4_field_medic_draws_one_more_card_on_medical_supplies_within_the_hand_size():
    """8.4 #13 Field Medic with 3.4's Medical supplies (one extra card at the start of the turn):
    two extra cards in all; the hand size (Vitality) still caps the draw."""
    for hand, expect in ((1, 1 + 1 + 1 + 1), (3, 5)):
        s = game(tiles=[("T07", 0, 0, 0), ("T03", -1, 0, 0)], players=1)
        me = at(s, "subject_1", "T03")
        me.skills = ["field_medic"]
        me.hand = me.hand[:hand]
        next_event(s)
        events = act(s, "end_turn")
        assert len(me.hand) == min(expect, me.vitality), texts(events)
    assert "more by a skill or item" in texts(events) or len(me.hand) == me.vitality


def test_8_4_unassuming_gains_no_threat_for_crowding():
    """8.4 #18 Unassuming with 3.5 (crowding limit 2 in scenario 1): the third character entering
    gains no Threat, and the log says which skill spared it."""
    s = game(tiles=CROSS, players=3)
    at(s, "subject_2", "T36")
    at(s, "subject_3", "T36")
    me = s.characters["subject_1"]
    me.skills = ["unassuming"]
    pool = s.threat_pool
    events = act(s, "move", to="T36")
    assert me.threat == 0 and s.threat_pool == pool
    assert "gains no Threat for crowding: Unassuming" in texts(events)


def test_8_4_unassuming_denies_the_guards_threat_die():
    """8.4 #18 Unassuming with 7.4 (a guard rolls 1 more die against Threat 3+, seed p. 13): the
    guard's plan against the Unassuming character has no bonus die, and says why."""
    dice = {}
    for skills in ([], ["unassuming"]):
        s = game(tiles=CROSS, players=1)
        me = s.characters["subject_1"]
        me.skills, me.threat = skills, 3
        g = foe(s, "guard", "T07")
        sit = foes.situation(s)
        fig = sit.figure(g.key)
        plan = plan_attack(sit, fig, targeting.attack_target(sit, fig).target)
        dice[bool(skills)] = plan.dice
        if skills:
            assert "a skill denies it" in plan.text
    assert dice == {False: C.enemies["guard"].attack + C.enemies["guard"].bonus.dice, True: C.enemies["guard"].attack}


# ---------------------------------------------------------------------------- items (8.5)

def test_8_5_the_pistol_costs_one_threat_every_attack_made_with_it():
    """8.5 Pistol: +3 Strength and +1 Threat each attack, on top of 6.4's guard Threat; a clone's
    attack costs only the Pistol's, another challenge nothing."""
    for kind, item, expect in (("clone", "pistol#1", 1), ("guard", "pistol#1", 2), ("clone", "stun_baton#1", 0)):
        s = game(tiles=CROSS)
        me = s.characters["subject_1"]
        me.items = [item]
        s.characters["subject_2"].hand[1:] = []  # a last card is never played: no help to ask about
        e = foe(s, kind, "T07")
        events = settle(s, act(s, "attack", enemy=e.key))
        assert me.threat == expect, texts(events)
        if item.startswith("pistol"):
            assert "attack with the Pistol" in texts(events)
            assert "rolls 7 dice" in texts(events) or "rolls 8 dice" in texts(events)  # 4 base + 3 (+1 Fear 5-6)
    s = game(tiles=CROSS)
    s.characters["subject_1"].items = ["pistol#1"]
    s.characters["subject_2"].hand[1:] = []
    foe(s, "clone", "T07")
    settle(s, act(s, "bull_rush"))
    assert s.characters["subject_1"].threat == 0


def test_8_5_the_med_kit_draws_two_cards_and_is_refused_with_a_full_hand():
    """8.5 Med Kit: discarded on your turn, draw 2 adrenaline cards (the hand size applies); with a
    full hand it would do nothing, so the rules refuse it and say why (PROPOSED, docs/LEVEL7.md)."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.items = ["med_kit#1"]
    me.hand = me.hand[:1]
    events = act(s, "use_item", card="med_kit#1")
    assert len(me.hand) == 3 and me.items == [] and "med_kit#1" in s.items.discard_pile
    assert "draws 2 adrenaline cards (Med Kit)" in texts(events)
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.items = ["med_kit#2"]
    while len(me.hand) < me.vitality:
        me.hand.append(s.adrenaline.draw_pile.pop())
    assert refusal(s, "use_item", card="med_kit#2") == "Your hand is full: the Med Kit would draw nothing."


def test_8_5_the_fire_extinguisher_stuns_every_active_clone_on_your_tile():
    """8.5 Fire Extinguisher: every active clone on your tile is stunned (a guard is not; a stunned
    figure does not pin you, 6.1); with no active clone there it is refused."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.items = ["fire_extinguisher#1"]
    assert refusal(s, "use_item", card="fire_extinguisher#1") == \
        "There is no active clone on your tile for the Fire Extinguisher to stun."
    c1, c2, g = foe(s, "clone", "T07"), foe(s, "clone", "T07"), foe(s, "guard", "T07")
    far = foe(s, "clone", "T36")
    events = act(s, "use_item", card="fire_extinguisher#1")
    assert c1.stunned and c2.stunned and not g.stunned and not far.stunned
    assert texts(events).count("with the Fire Extinguisher") == 2
    assert me.items == [] and "fire_extinguisher#1" in s.items.discard_pile


def test_8_5_the_walkie_talkie_widens_the_cooperation_range_to_two_doors():
    """8.5 Walkie-Talkie with 6.11 / 11 #26: a helper two doors away is asked only when one of the
    two carries it (PROPOSED: the longer range of the two counts)."""
    asked = {}
    for holder in ("", "subject_1", "subject_2"):
        s = game(tiles=CROSS)
        at(s, "subject_1", "T36")
        at(s, "subject_2", "T40")  # T36 - T07 - T40: two doors
        s.characters["subject_2"].hand = ["surge_of_strength#1", "sprint#1"]
        if holder:
            s.characters[holder].items = ["walkie_talkie#1"]
        e = foe(s, "clone", "T36")
        act(s, "attack", enemy=e.key)
        asked[holder] = s.proc is not None and T.current_decider(s) == "subject_2" and \
            {a.kind for a in T.legal_actions(s)} == {"help"}
    assert asked == {"": False, "subject_1": True, "subject_2": True}
