"""Set-up (spec 4) and the round (spec 5), phase by phase, as scenarios."""
from __future__ import annotations

from game.convoy.rules import board as B
from tests.convoy.helpers import (CLEVELAND, IRON, JERSEY, NY, ZIGGY, M, O, T, act, answer, in_discard, in_hand,
                                  pass_phases, pending, pick_card, refused, table, texts, tokens, uid, where)


def test_spec4_setup_four_cards_each_and_moloch_decides_the_mulligan_first():
    s = T.new_game("standard", 5, {})
    assert [len(h) for h in s.hand] == [4, 4] and [len(d) for d in s.deck] == [31, 31]
    assert T.current_decider(s) == "moloch" and s.phase == "mulligan"
    assert {a.kind for a in T.legal_actions(s)} == {"mulligan"}


def test_spec4_mulligan_once_redraws_four_then_round_one_starts():
    s = T.new_game("standard", 5, {})
    before = list(s.hand[M])
    act(s, "mulligan", redraw=True)
    assert len(s.hand[M]) == 4 and len(s.deck[M]) == 31 and s.mulligan[M]
    assert s.hand[M] != before  # seed 5: the new hand differs (the 4 went back and were shuffled)
    assert sorted(s.hand[M] + s.deck[M]) == list(range(35))
    assert T.current_decider(s) == "outpost"
    act(s, "mulligan", redraw=False)
    # round 1: Phase I drew 2 each, Phase II asks Moloch for the sector (spec 5 Phase II)
    assert s.round == 1 and [len(h) for h in s.hand] == [6, 6]
    assert pending(s)["kind"] == "sector" and pending(s)["decider"] == "moloch"
    assert "mulligan" not in {a.kind for a in T.legal_actions(s)}
    answer(s, sector=[ZIGGY, 0])
    assert refused(s, "mulligan", redraw=True) == "The starting hand can be changed only once, before round 1."


def test_spec5_phase1_each_draws_two_and_an_empty_deck_draws_nothing():
    s = table(phase="Va", m_deck=[], fill_decks=False, o_deck=["scorn", "raider", "medic"],
              cities={ZIGGY: ([], ["veteran"])}, sector=2)
    ev = pass_phases(s)
    assert s.round == 2 and len(s.hand[O]) == 2 and s.hand[M] == []
    assert "Moloch's deck is empty: nothing to draw." in texts(ev)


def test_spec5_phase2_moloch_chooses_an_intact_sector_and_a_last_one_is_forced():
    s = table(phase="Va", sector=0, m_deck=["hunter", "clown"])  # Moloch will have a Robot to play
    s.sector_down[ZIGGY] = [i != 0 and i != 2 for i in range(len(s.sector_down[ZIGGY]))]
    pass_phases(s, until="III")  # battle on sector 0 destroys it: the next round has only sector 2 left
    assert s.battle_sector == 2 and pending(s) is None and s.phase == "III"
    s = table(phase="Va", sector=0, m_deck=["hunter", "clown"])
    pass_phases(s)
    assert pending(s)["kind"] == "sector"
    assert pending(s)["options"] == [{"sector": [ZIGGY, i]} for i in range(1, len(s.sector_down[ZIGGY]))]
    answer(s, sector=[ZIGGY, 2])
    assert s.battle_sector == 2 and s.phase == "III"


def test_spec5_phase3_robots_instants_and_abilities_but_no_equipment_then_pass():
    s = table(m_hand=["hunter", "power_core", "artillery_strike"], o_hand=["veteran"], cities={ZIGGY: ([], ["scorn"])})
    kinds = {(a.kind, a.get("card")) for a in T.legal_actions(s)}
    assert ("play", uid(s, "hunter")) in kinds and ("instant", uid(s, "artillery_strike")) in kinds
    assert "Phase V" in refused(s, "equip", card=uid(s, "power_core"), robot=uid(s, "hunter"))
    act(s, "pass")
    assert s.phase == "IV" and T.current_decider(s) == "outpost"


def test_spec5_phase4_outpost_plays_soldiers_buildings_and_its_instants_only_now():
    s = table(phase="V", m_hand=["push_back", "power_core"], cities={ZIGGY: (["clown"], [])})
    assert "only in Phase III" in refused(s, "instant", card=uid(s, "push_back"))
    s = table(phase="IV", o_hand=["veteran", "bunker", "sniper"], cities={ZIGGY: (["clown"], [])})
    act(s, "play", card=uid(s, "bunker"), city=ZIGGY)
    act(s, "instant", card=uid(s, "sniper"))  # one target: no question
    assert in_discard(s, "clown") and in_discard(s, "sniper")
    act(s, "pass")
    assert s.phase != "IV"


def test_spec5_phase5_moloch_attaches_one_equipment_to_a_robot_in_a_city():
    s = table(phase="V", m_hand=["power_core", "net"], cities={ZIGGY: (["clown"], ["veteran"]), NY: (["hunter"], [])})
    act(s, "equip", card=uid(s, "power_core"), robot=uid(s, "clown"))
    assert s.equip[uid(s, "clown")] == uid(s, "power_core")
    assert "already carries" in refused(s, "equip", card=uid(s, "net"), robot=uid(s, "clown"))


def test_spec5_phase5_is_skipped_when_moloch_has_nothing_to_do():
    s = table(phase="IV", cities={ZIGGY: (["clown"], ["veteran"])})
    ev = act(s, "pass")
    assert "Moloch has nothing to do in Phase V." in texts(ev)


def test_spec5_phase5a_outpost_uses_captured_discard_equipment():
    """Spec 5 Phase Va (seed p. 26): Net captured by Nestugov is used by the Outpost in Va."""
    s = table(phase="IV", o_hand=["scorn", "raider", "medic"], cities={ZIGGY: (["clown"], ["nestugov"])},
              equip={"net": "clown"})
    act(s, "ability", card=uid(s, "nestugov"))
    pick_card(s, "scorn")  # the discard that pays
    assert s.equip[uid(s, "nestugov")] == uid(s, "net")
    act(s, "pass")  # Moloch has nothing in V: to Va, where the Outpost holds an ability
    assert s.phase == "Va" and T.current_decider(s) == "outpost"
    act(s, "ability", card=uid(s, "net"))
    pick_card(s, "raider")
    assert tokens(s, "clown") == [-2]


def test_spec5_phase6_battle_then_next_round():
    s = table(phase="Va", cities={ZIGGY: (["crusher"], ["veteran"])}, sector=2)
    ev = pass_phases(s)
    assert "Battle in Ziggy One: Moloch 4, Outpost 2." in texts(ev) and "Moloch wins the battle." in texts(ev)
    assert pending(s)["kind"] == "destroy"  # its victory result (spec 6.5)
    answer(s, sector=[ZIGGY, 0])
    assert s.round == 2 and s.sector_down[ZIGGY][2]


def test_spec5_phase6a_convoy_moves_one_robot_without_bonus_and_the_city_flips():
    s = table(phase="Va", cities={ZIGGY: (["vanguard", "clown"], ["veteran", "scorn"])}, sector=2)  # a tie
    s.sector_down[ZIGGY] = [i != 2 for i in range(len(s.sector_down[ZIGGY]))]
    pass_phases(s)
    assert pending(s)["kind"] == "convoy"
    assert {"card": -1} in pending(s)["options"]  # optional
    pick_card(s, "vanguard")
    assert where(s, "vanguard") == (IRON, M) and tokens(s, "vanguard") == []  # no bonus, not "future"
    assert s.flipped[ZIGGY] and B.active_city(s) == IRON
    assert where(s, "clown") == (ZIGGY, M) and where(s, "veteran") == (ZIGGY, O)  # units stay, offline


def test_spec5_phase6a_juggernaut_and_electromagnetic_field_and_no_room():
    s = table(phase="Va", cities={ZIGGY: (["juggernaut", "clown"], ["electromagnetic_field"])}, sector=2)
    s.sector_down[ZIGGY] = [i != 2 for i in range(len(s.sector_down[ZIGGY]))]
    pass_phases(s)
    answer(s, sector=[IRON, 2])  # Moloch's win overflows into Iron Gate (spec 6.5)
    assert s.flipped[ZIGGY] and where(s, "clown") == (ZIGGY, M)  # the Field blocked the move: no question
    s = table(phase="Va", cities={ZIGGY: (["juggernaut", "clown"], []),
                                  IRON: (["hornet", "hunter", "crusher", "recycler"], [])}, sector=2)
    s.sector_down[ZIGGY] = [i != 2 for i in range(len(s.sector_down[ZIGGY]))]
    pass_phases(s)
    answer(s, sector=[IRON, 2])
    assert pending(s)["options"] == [{"card": uid(s, "clown")}, {"card": -1}]
    ev = pick_card(s, "clown")
    assert in_discard(s, "clown") and any("no free battle station" in t for t in texts(ev))


def test_spec10_what_nobody_knew_is_marked_so_undo_stops_there():
    """Spec 10 (hidden information), DESIGN.md undo: a mulligan's shuffle, a card from the top of
    the Moloch deck and a draw are marked as revealing; a plain play is not."""
    s = T.new_game("standard", 5, {})
    ev = act(s, "mulligan", redraw=True)
    assert any(e.hidden_info for e in ev) and all(e.seen_by("moloch") for e in ev)
    assert not all(e.seen_by("outpost") for e in ev)  # the new cards' names are Moloch's alone
    s = table(phase="IV", o_hand=["raider", "sergeant"], m_deck=["hunter"])
    ev = act(s, "play", card=uid(s, "raider"), city=ZIGGY)
    assert [e.hidden_info for e in ev if e.kind == "mill"] == [True]
    assert not any(e.hidden_info for e in ev if e.kind == "enter")


def test_legal_actions_and_the_refusal_come_from_one_check_without_wording_the_rejected(monkeypatch):
    """Spec 6.13 / seed p. 13: a full side refuses a Robot from hand. The list of legal actions
    leaves the play out without wording its refusal (a candidate's words are thrown away);
    asking for the refusal words it from the same check."""
    from game.convoy.rules import flow
    from game.convoy.rules import words as W

    s = table(m_hand=["hunter"], cities={ZIGGY: (["clown", "crusher", "shredder"], [])})
    said = []
    say = W.say
    monkeypatch.setattr(W, "say", lambda template, **names: said.append(template) or say(template, **names))
    legal = {(a.kind, a.get("card"), a.get("city")) for a in T.legal_actions(s)}
    assert ("play", uid(s, "hunter"), ZIGGY) not in legal and ("play", uid(s, "hunter"), IRON) in legal
    assert W.NO_STATION not in said
    assert flow.refusal(s, "play", {"card": uid(s, "hunter"), "city": ZIGGY}) == "Ziggy One has no free Moloch battle station."
    assert said[-1] == W.NO_STATION
