"""The seed's own worked examples (spec 10 "Tutorial mode"): the Robot placement cases (seed p. 16),
the Soldier and Building placement cases (p. 21) and the Iron Gate Moloch attack (p. 18)."""
from __future__ import annotations

from tests.convoy.helpers import (CLEVELAND, IRON, JERSEY, NY, ZIGGY, M, O, act, answer, in_discard, pick_card,
                                  refused, table, texts, tokens, uid, where)


def test_p16_robot_placement_cases():
    """Seed p. 16, spec 5 Phase III a/b and 6.8: Ziggy One destroyed; Iron Gate active with three of
    its 4 Moloch stations taken; Jersey Crust full; Cleveland Harbour with an Outpost Soldier;
    New York empty."""
    s = table(flipped=[ZIGGY], m_hand=["crusher", "overseer", "recycler", "shredder"],
              cities={IRON: (["hornet", "hunter", "clown"], []),
                      JERSEY: (["bulwark", "interceptor", "vanguard", "spiders", "siege_engine", "juggernaut"], []),
                      CLEVELAND: ([], ["veteran"])})
    # 1: the city is destroyed
    assert "destroyed" in refused(s, "play", card=uid(s, "crusher"), city=ZIGGY)
    # 3: every station of the city is taken (the Spiders take none: 5 Robots on 5 stations)
    assert "no free Moloch battle station" in refused(s, "play", card=uid(s, "crusher"), city=JERSEY)
    # 2: the Robot takes the 4th station of the active city, without a bonus
    act(s, "play", card=uid(s, "crusher"), city=IRON)
    assert where(s, "crusher") == (IRON, M) and tokens(s, "crusher") == []
    assert "no free" in refused(s, "play", card=uid(s, "overseer"), city=IRON)
    # 4: a future city where an Outpost unit already stands: no bonus
    act(s, "play", card=uid(s, "overseer"), city=CLEVELAND)
    assert tokens(s, "overseer") == []
    # 5: a future city with no Outpost card: the +1 Strength token
    act(s, "play", card=uid(s, "recycler"), city=NY)
    assert tokens(s, "recycler") == [1]


def test_p21_soldier_and_building_placement_cases():
    """Seed p. 21, spec 5 Phase IV and 6.8: Soldiers take the 3rd and 4th station of the active
    city, a 5th is turned away; a Building gets no bonus in an empty future city; a Soldier gets
    none where a Robot stands, and +1 where none does."""
    s = table(flipped=[ZIGGY], phase="IV",
              o_hand=["sergeant", "captain", "ambusher", "radio_tower", "sapper", "partisan", "demolition_team"],
              cities={IRON: (["hornet"], ["veteran", "scorn"]), JERSEY: (["clown"], [])})
    assert "destroyed" in refused(s, "play", card=uid(s, "sergeant"), city=ZIGGY)  # 1
    act(s, "play", card=uid(s, "sergeant"), city=IRON)  # 2: the third station
    act(s, "play", card=uid(s, "captain"), city=IRON)  # 3: the fourth
    assert where(s, "captain") == (IRON, O) and tokens(s, "sergeant") == tokens(s, "captain") == []
    assert "no free Outpost battle station" in refused(s, "play", card=uid(s, "ambusher"), city=IRON)  # 4
    act(s, "play", card=uid(s, "radio_tower"), city=CLEVELAND)  # 5: a Building gets no bonus
    assert tokens(s, "radio_tower") == []
    act(s, "play", card=uid(s, "sapper"), city=JERSEY)  # 6: a Robot is there
    assert tokens(s, "sapper") == []
    act(s, "play", card=uid(s, "demolition_team"), city=NY)  # 7: no Robot there
    assert tokens(s, "demolition_team") == [1]


def test_p18_iron_gate_moloch_attack_sequence():
    """Seed p. 18: the battle is in Iron Gate. Hornet enters Cleveland Harbour (+1), moves once into
    the active city keeping its token; the Annihilator takes an Outpost station and, the Outpost
    being full, Moloch removes Scorn; the Ripper Robot pays a discard and kills Comando; the Hunter
    enters New York without a bonus (an Outpost Soldier is there) and kills it."""
    s = table(flipped=[ZIGGY], m_hand=["hornet", "annihilator", "hunter", "net"],
              cities={IRON: (["ripper_robot"], ["scorn", "comando", "veteran", "ambusher"]), NY: ([], ["sergeant"])})
    act(s, "play", card=uid(s, "hornet"), city=CLEVELAND)  # (1)
    assert tokens(s, "hornet") == [1]
    act(s, "ability", card=uid(s, "hornet"))  # (2)-(3): to another city
    answer(s, city=IRON)
    assert where(s, "hornet") == (IRON, M) and tokens(s, "hornet") == [1]
    assert "already used" in refused(s, "ability", card=uid(s, "hornet"))
    ev = act(s, "play", card=uid(s, "annihilator"), city=IRON)  # (4)
    assert "more cards than battle stations" in " ".join(texts(ev))
    pick_card(s, "scorn")  # (5): Moloch chooses
    assert in_discard(s, "scorn")
    act(s, "ability", card=uid(s, "ripper_robot"))  # (6)-(7): the discard is paid
    pick_card(s, "net")
    pick_card(s, "comando")  # (8)
    assert in_discard(s, "net") and in_discard(s, "comando")
    ev = act(s, "play", card=uid(s, "hunter"), city=NY)  # (9)-(10)
    assert in_discard(s, "sergeant") and tokens(s, "hunter") == []
    assert texts(ev).index("Hunter enters New York.") < texts(ev).index("Sergeant is killed.")
