"""Combat (spec 6), one scenario per subsection at least."""
from __future__ import annotations

from game.convoy.rules import board as B
from tests.convoy.helpers import (CLEVELAND, IRON, JERSEY, NY, ZIGGY, M, O, T, act, answer, in_discard, in_hand,
                                  pass_phases, pending, pick_card, refused, table, texts, tokens, uid, where)


def _battle(s):
    """Passes to Phase VI and returns the events up to the first question or the next round."""
    return pass_phases(s, until="III")


def test_6_1_robot_floor_before_equipment_spiders_example():
    """Seed p. 27: Spiders (1) with a -2 token count 0; with a +3 Equipment, 3 (not 2)."""
    s = table(cities={ZIGGY: (["spiders"], [])}, equip={"power_core": "spiders"})
    s.tokens[uid(s, "spiders")] = [-2]
    assert B.unit_strength(s, uid(s, "spiders"), ZIGGY, M) == 3
    del s.equip[uid(s, "spiders")]
    assert B.unit_strength(s, uid(s, "spiders"), ZIGGY, M) == 0


def test_6_1_saboteur_lowers_only_the_robots_own_value_and_only_the_active_city_counts():
    s = table(cities={ZIGGY: (["clown"], ["saboteur"]), IRON: (["juggernaut"], [])}, equip={"servo_booster": "clown"})
    assert B.side_strength(s, ZIGGY, M) == 1 + 2 and B.side_strength(s, ZIGGY, O) == 1


def test_6_2_higher_total_wins():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["heavy_gunner"])}, sector=2)
    ev = _battle(s)
    assert "Outpost wins the battle." in texts(ev)


def test_6_3_tie_no_win_effects_on_tie_abilities_and_the_stormtrooper():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["veteran"])}, sector=0, m_deck=["hunter", "crusher"],
              m_hand=["hornet"])
    ev = _battle(s)
    assert "The battle is a tie." in texts(ev) and tokens(s, "veteran") == [1]
    assert in_hand(s, M, "hunter") and len(s.discard[M]) == 0  # no Outpost result, no sector effect
    s = table(phase="Va", cities={ZIGGY: (["stormtrooper"], ["heavy_gunner"])}, sector=2)
    ev = _battle(s)
    assert "The battle is tied, but Stormtrooper turns it into a Moloch win." in texts(ev)
    s = table(phase="Va", cities={ZIGGY: (["stormtrooper"], ["heavy_gunner"])}, sector=2)
    s.disabled.append(uid(s, "stormtrooper"))  # switched off: the tie stands (seed p. 27)
    assert "The battle is a tie." in texts(_battle(s))


def test_6_4_order_on_win_abilities_then_city_result_then_sector_effect():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["heavy_gunner", "demolition_team"])}, sector=1,
              m_deck=["hunter", "crusher", "transporter"])
    ev = texts(_battle(s))
    trig = ev.index("Demolition Team triggers.")
    result = ev.index("The Outpost victory result of Ziggy One applies.")
    sector = ev.index("The Reinforce sector effect applies for Outpost.")
    assert trig < result < sector
    ev = texts(pick_card(s, "demolition_team"))  # Reinforce: which unit gets the +1
    assert ev.index("Demolition Team gets a +1 Strength token.") < ev.index("The Reinforce sector of Ziggy One is destroyed.")


def test_6_4_the_winner_orders_its_own_simultaneous_abilities():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["heavy_gunner", "demolition_team", "sergeant"])}, sector=2)
    _battle(s)
    assert pending(s)["kind"] == "order" and pending(s)["decider"] == "outpost"
    ev = pick_card(s, "sergeant")
    assert texts(ev).index("Sergeant triggers.") < texts(ev).index("Demolition Team triggers.")


def test_6_5_outpost_results_ziggy_one_jersey_crust_and_the_empty_deck_fallback():
    s = table(phase="Va", cities={ZIGGY: ([], ["veteran"])}, sector=2, m_deck=["hunter", "crusher"])
    _battle(s)
    assert in_discard(s, "hunter")
    s = table(phase="Va", flipped=[ZIGGY, IRON, CLEVELAND], cities={JERSEY: ([], ["veteran"])}, sector=2,
              m_deck=["hunter", "crusher", "clown"], m_hand=["hornet"])
    _battle(s)
    assert in_discard(s, "hunter") and in_discard(s, "crusher")
    # empty deck: a Robot of the Outpost's choice in the active city, even a protected one (6.5)
    s = table(phase="Va", cities={ZIGGY: (["bulwark", "clown"], ["heavy_gunner", "veteran", "scorn"])}, sector=2,
              m_deck=[], fill_decks=False)
    _battle(s)
    assert pending(s)["kind"] == "fallback"
    pick_card(s, "bulwark")
    assert in_discard(s, "bulwark")
    # no Robot there: a random card of the Moloch hand
    s = table(phase="Va", cities={ZIGGY: ([], ["veteran"])}, sector=2, m_deck=[], fill_decks=False, m_hand=["hornet"])
    ev = _battle(s)
    assert "Hornet is discarded at random from Moloch's hand." in texts(ev)


def test_6_5_iron_gate_reveals_two_discards_one_shuffles_the_other_back():
    s = table(phase="Va", flipped=[ZIGGY], cities={IRON: ([], ["veteran"])}, sector=1,
              m_deck=["hunter", "crusher", "clown"], m_hand=["hornet"])
    ev = _battle(s)
    assert "Iron Gate: the Outpost reveals Hunter, Crusher from the top of the Moloch deck." in texts(ev)
    assert pending(s)["kind"] == "iron_gate" and pending(s)["decider"] == "outpost"
    ev = pick_card(s, "crusher")
    assert in_discard(s, "crusher") and not in_discard(s, "hunter")
    assert "Hunter is shuffled back into the Moloch deck." in texts(ev)
    hunter = uid(s, "hunter")
    assert hunter in s.deck[M] + s.hand[M] and (hunter in s.known_in_deck) == (hunter in s.deck[M])


def test_6_5_moloch_destroys_another_sector_overflow_and_cleveland_applies_it():
    s = table(phase="Va", cities={ZIGGY: (["crusher"], [])}, sector=2)
    _battle(s)
    assert pending(s)["options"] == [{"sector": [ZIGGY, i]} for i in range(len(s.sector_down[ZIGGY])) if i != 2]
    answer(s, sector=[ZIGGY, 0])
    assert s.sector_down[ZIGGY] == [i in (0, 2) for i in range(len(s.sector_down[ZIGGY]))]
    # the last sector: overflow into the next city
    s = table(phase="Va", cities={ZIGGY: (["crusher"], [])}, sector=2)
    s.sector_down[ZIGGY] = [i != 2 for i in range(len(s.sector_down[ZIGGY]))]
    _battle(s)
    assert pending(s)["options"] == [{"sector": [IRON, i]} for i in range(len(s.sector_down[IRON]))]
    ev = answer(s, sector=[IRON, 0])  # Iron Gate's Bomb goes off there (seed p. 28)
    assert "The Bomb in Iron Gate goes off." in texts(ev)
    # Cleveland Harbour: the destroyed sector's effect applies for Moloch; overflow into Jersey Crust
    s = table(phase="Va", flipped=[ZIGGY, IRON], cities={CLEVELAND: (["crusher"], []), JERSEY: (["clown"], [])},
              sector=1, m_hand=["hornet"])
    s.sector_down[CLEVELAND] = [i != 1 for i in range(len(s.sector_down[CLEVELAND]))]
    _battle(s)
    answer(s, sector=[JERSEY, 0])  # To New York
    assert pending(s)["kind"] == "target"
    pick_card(s, "clown")
    assert where(s, "clown") == (NY, M) and tokens(s, "clown") == [1]


def test_6_6_bomb_applies_on_a_tie_moloch_first_buildings_safe():
    s = table(phase="Va", flipped=[ZIGGY], cities={IRON: (["clown", "recycler"], ["veteran", "scorn", "bunker"])},
              sector=0, m_hand=["hornet"])
    s.tokens[uid(s, "clown")] = [-2]
    _battle(s)  # 0+2 vs 2+2+0: Outpost wins; the Bomb applies anyway, after the city result
    answer(s, **pending(s)["options"][0])  # Iron Gate: which revealed card to discard
    assert pending(s)["kind"] == "bomb" and pending(s)["decider"] == "moloch"
    assert uid(s, "bunker") not in [o["card"] for o in pending(s)["options"]]
    pick_card(s, "scorn")
    assert pending(s)["decider"] == "outpost"
    pick_card(s, "recycler")
    assert in_discard(s, "scorn") and in_discard(s, "recycler")


def test_6_6_emp_attack_cancels_the_star_sector_effect():
    s = table(phase="IV", o_hand=["emp_attack"], cities={ZIGGY: ([], ["veteran"])}, sector=1, m_hand=["hornet"])
    ev = act(s, "instant", card=uid(s, "emp_attack"))  # the Outpost has nothing left: on to the battle
    ev += _battle(s)
    assert "The EMP Attack cancels the Reinforce sector effect." in texts(ev)


def test_6_7_return_to_hand_discards_the_equipment_and_the_tokens():
    s = table(phase="III", m_hand=["push_back"], cities={ZIGGY: (["clown"], ["veteran"])})
    act(s, "instant", card=uid(s, "push_back"))
    assert in_hand(s, O, "veteran")
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["heavy_gunner", "scorn"])}, sector=2, equip={"reactive_armor": "clown"})
    s.tokens[uid(s, "clown")] = [1]
    _battle(s)
    assert pending(s)["kind"] == "order" and pending(s)["decider"] == "moloch"  # Clown and the Armor
    pick_card(s, "reactive_armor")
    answer(s, card=uid(s, "clown"))  # Reactive Armor: yes, take it back
    assert in_hand(s, M, "clown") and in_discard(s, "reactive_armor") and tokens(s, "clown") == []


def test_6_8_undefended_bonus_again_on_each_undefended_entry():
    s = table(m_hand=["hornet"])
    act(s, "play", card=uid(s, "hornet"), city=NY)
    act(s, "ability", card=uid(s, "hornet"))
    answer(s, city=JERSEY)
    assert tokens(s, "hornet") == [1, 1]


def test_6_9_protected_and_switched_off():
    s = table(phase="IV", o_hand=["sniper"], cities={ZIGGY: (["bulwark"], [])})
    assert "nothing to act on" in refused(s, "instant", card=uid(s, "sniper"))
    s = table(phase="IV", o_hand=["scorn", "sergeant"], cities={ZIGGY: (["annihilator"], ["emp_cannon", "veteran", "raider"])})
    assert B.stations(s, ZIGGY, O) == 3
    act(s, "ability", card=uid(s, "emp_cannon"))
    pick_card(s, "scorn")  # the discard; the only Robot there is the target
    assert uid(s, "annihilator") in s.disabled and B.stations(s, ZIGGY, O) == 4


def test_6_10_city_feature_once_in_phase_four():
    s = table(phase="IV", o_hand=["scorn", "raider"], m_deck=["hunter"])
    act(s, "feature")
    assert pending(s)["kind"] == "pay"
    pick_card(s, "scorn")
    assert len(s.hand[O]) == 3 and s.feature_used
    assert "already used" in refused(s, "feature")


def test_6_11_sector_battle_token_moved_by_kasparov():
    s = table(phase="V", m_hand=["hornet"], cities={ZIGGY: (["clown"], [])}, equip={"kasparov": "clown"}, sector=0)
    act(s, "ability", card=uid(s, "kasparov"))
    assert pending(s)["options"] == [{"sector": [ZIGGY, i]} for i in range(1, len(s.sector_down[ZIGGY]))]
    answer(s, sector=[ZIGGY, 2])
    assert s.battle_sector == 2


def test_6_12_destroyed_sector_stays_and_the_extra_sector_token():
    s = table(phase="IV", o_hand=["dig_in", "sergeant"])
    act(s, "instant", card=uid(s, "dig_in"))
    assert s.extra_city == ZIGGY and s.sector_down[ZIGGY] == [False] * (len(B.C.cities[ZIGGY].sectors) + 1)
    assert B.sector_ids(s, ZIGGY)[-1] == "extra"


def test_6_13_station_limits_annihilator_excess_chosen_by_moloch():
    s = table(m_hand=["annihilator"], cities={ZIGGY: ([], ["veteran", "scorn", "raider", "medic"])})
    act(s, "play", card=uid(s, "annihilator"), city=ZIGGY)
    assert pending(s)["kind"] == "excess" and pending(s)["decider"] == "moloch"
    pick_card(s, "veteran")
    assert B.used_stations(s, ZIGGY, O) == 3 == B.stations(s, ZIGGY, O)


def test_6_13_a_reducer_switched_back_on_at_the_round_start_asks_for_the_excess():
    """Spec 6.13, 9 #7: the EMP Cannon switched the Annihilator off for the round; the Outpost
    filled the 4th station; when the round ends the Annihilator works again."""
    s = table(phase="IV", o_hand=["scorn", "raider", "sergeant"], m_hand=["hornet"],
              cities={IRON: (["annihilator"], ["emp_cannon", "veteran", "medic"])})
    act(s, "ability", card=uid(s, "emp_cannon"))
    pick_card(s, "scorn")
    act(s, "play", card=uid(s, "raider"), city=IRON)
    assert B.used_stations(s, IRON, O) == 4
    pass_phases(s)  # the battle in Ziggy One (a tie), then round 2 begins
    assert s.round == 2 and pending(s)["kind"] == "excess" and pending(s)["decider"] == "moloch"
    pick_card(s, "raider")
    assert B.used_stations(s, IRON, O) == 3 and in_discard(s, "raider")


def test_6_5_fallback_hand_first_is_an_option():
    """Spec 9 #25: a review gives the fallback as hand first; the table may choose that order."""
    s = table(phase="Va", cities={ZIGGY: (["bulwark"], ["heavy_gunner", "veteran", "scorn"])}, sector=2,
              m_deck=[], fill_decks=False, m_hand=["hornet"])
    s.options["fallback"] = "hand_first"
    ev = _battle(s)
    assert "Hornet is discarded at random from Moloch's hand." in texts(ev) and not in_discard(s, "bulwark")


def test_6_10_the_feature_used_marker_stays_while_the_city_stands_and_leaves_when_it_falls():
    """Spec 7.4 / 9 #5 (placeholder hook): the active city's feature once, its City Feature Used
    token on the city card; the token leaves when the card turns (Phase VIa removes the tokens
    on the city card, seed p. 31), so the next city's feature is free. The marker staying on
    over the city's later rounds is this rule, not a leak."""
    s = table(phase="IV", o_hand=["scorn", "raider"], cities={IRON: (["clown"], [])}, sector=0)
    s.sector_down[ZIGGY] = [i not in (0, 1) for i in range(len(s.sector_down[ZIGGY]))]
    act(s, "feature")
    pick_card(s, "scorn")
    act(s, "pass")
    pass_phases(s, until="IV")  # the tie destroys sector 0; round 2 fights the last one, sector 1
    assert s.round == 2 and B.active_city(s) == ZIGGY and s.feature_used
    assert "already used" in refused(s, "feature")
    act(s, "pass")
    pass_phases(s)  # Ziggy One falls; Iron Gate is the active city
    assert s.flipped[ZIGGY] and not s.feature_used
    answer(s, sector=[IRON, 1])
    pass_phases(s, until="IV")
    assert B.active_city(s) == IRON and "feature" in {a.kind for a in T.legal_actions(s)}


def test_a_targets_question_says_what_the_card_is_for():
    """Winning on a Reinforce sector asked only 'Choose a card.' (in Hungarian 'Válassz egy
    lapot.'), with nothing saying that the card chosen gets a +1 Strength token; a card's own
    target question ('Sniper: choose a card.') did not say it kills. The question names what
    the step does."""
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["heavy_gunner", "demolition_team"])}, sector=1,
              m_deck=["hunter", "crusher", "transporter"])
    _battle(s)
    assert pending(s)["prompt"].english() == "Choose a card to get a +1 Strength token."
    s = table(phase="IV", o_hand=["sniper", "sergeant"], cities={IRON: (["clown", "hornet"], [])})
    act(s, "instant", card=uid(s, "sniper"))
    assert pending(s)["prompt"].english() == "Sniper: choose a card to kill."
