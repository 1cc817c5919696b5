"""One scenario per card ability (spec 7.1, 7.2, 7.3; texts in game/convoy/data/cards.toml). A spare
card in a hand keeps a phase open where the test goes on acting (a phase with nothing but pass
is skipped by itself)."""
from __future__ import annotations

import sys

from game.convoy.content import shared_content
from game.convoy.rules import board as B
from tests.convoy.helpers import (CLEVELAND, IRON, JERSEY, NY, ZIGGY, M, O, act, answer, in_discard, in_hand,
                                  pass_phases, pending, pick_card, refused, table, texts, tokens, uid, where)


def _battle(s):
    return pass_phases(s, until="III")


def _moloch_wins(robots, outposts, **kw):
    s = table(phase="Va", cities={ZIGGY: (robots, outposts)}, sector=2, **kw)
    return s, _battle(s)


# ---------------------------------------------------------------- Outpost (spec 7.1)

def test_card_scorn():
    """7.1 #1: on Moloch win, discard the Moloch deck's top card."""
    s, _ = _moloch_wins(["juggernaut"], ["scorn"], m_deck=["hunter"])
    assert in_discard(s, "hunter")


def test_card_comando():
    """7.1 #2: on Outpost win, kill a Robot here of printed strength 2 or less."""
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["comando", "heavy_gunner"])}, sector=2)
    _battle(s)
    assert in_discard(s, "clown")


def test_card_saboteur():
    """7.1 #3 and seed pp. 26-27: each Robot here -1, its own value only."""
    s = table(cities={ZIGGY: (["crusher"], ["saboteur"])})
    assert B.side_strength(s, ZIGGY, M) == 3


def test_card_lieutenant():
    s = table(cities={ZIGGY: ([], ["lieutenant", "veteran"])})
    assert B.side_strength(s, ZIGGY, O) == 1 + 3


def test_card_calahan():
    s = table(cities={ZIGGY: ([], ["calahan", "bunker"])})
    assert B.unit_strength(s, uid(s, "calahan"), ZIGGY, O) == 4  # a Building does not count
    s = table(cities={ZIGGY: ([], ["calahan", "veteran"])})
    assert B.unit_strength(s, uid(s, "calahan"), ZIGGY, O) == 2


def test_card_nestugov():
    """7.1 #6, seed p. 26: captured strength Equipment works for the Outpost at once."""
    s = table(phase="IV", o_hand=["scorn", "sergeant"], cities={ZIGGY: (["clown"], ["nestugov"])},
              equip={"power_core": "clown"})
    act(s, "ability", card=uid(s, "nestugov"))
    pick_card(s, "scorn")
    assert B.side_strength(s, ZIGGY, O) == 1 + 3 and B.side_strength(s, ZIGGY, M) == 2


def test_card_scout():
    s = table(phase="IV", o_hand=["scout", "sergeant"], cities={ZIGGY: ([], ["veteran"])})
    act(s, "play", card=uid(s, "scout"), city=ZIGGY)
    assert {"card": -1} in pending(s)["options"]
    pick_card(s, "veteran")
    answer(s, city=NY)
    assert where(s, "veteran") == (NY, O) and tokens(s, "veteran") == [1]


def test_card_medic():
    s = table(phase="IV", flipped=[ZIGGY], o_hand=["medic", "sergeant"], cities={ZIGGY: ([], ["veteran"])})
    act(s, "play", card=uid(s, "medic"), city=IRON)
    pick_card(s, "veteran")
    assert in_hand(s, O, "veteran")


def test_card_raider():
    s = table(phase="IV", o_hand=["raider", "sergeant"], m_deck=["hunter"])
    act(s, "play", card=uid(s, "raider"), city=ZIGGY)
    assert in_discard(s, "hunter")


def test_card_demolition_team():
    s = table(phase="Va", cities={ZIGGY: ([], ["demolition_team"])}, sector=2, m_deck=["hunter", "crusher"])
    _battle(s)
    assert in_discard(s, "hunter") and in_discard(s, "crusher")  # its own, then Ziggy One's result


def test_card_militia():
    s = table(phase="IV", o_hand=["militia", "militia", "sergeant"], cities={ZIGGY: ([], ["bunker"])})
    act(s, "play", card=uid(s, "militia", 0), city=ZIGGY)
    act(s, "play", card=uid(s, "militia", 1), city=ZIGGY + 1)
    assert tokens(s, "militia", 0) == [1] and tokens(s, "militia", 1) == [1]  # +1 Building; +1 undefended


def test_card_ranger():
    s = table(phase="IV", o_hand=["scorn", "sergeant"], cities={ZIGGY: (["clown"], ["ranger"])})
    act(s, "ability", card=uid(s, "ranger"))
    pick_card(s, "scorn")
    answer(s, city=NY)
    assert where(s, "ranger") == (NY, O) and tokens(s, "ranger") == [1]
    assert "already used" in refused(s, "ability", card=uid(s, "ranger"))


def test_card_veteran():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["veteran"])}, sector=2)
    _battle(s)
    assert tokens(s, "veteran") == [1]


def test_card_partisan():
    s = table(phase="IV", o_hand=["partisan", "sergeant"])
    act(s, "play", card=uid(s, "partisan"), city=NY)
    assert tokens(s, "partisan") == [1, 1]


def test_card_grenadier():
    s = table(phase="IV", o_hand=["scorn", "raider", "sergeant"], cities={ZIGGY: (["clown"], ["grenadier"])})
    act(s, "ability", card=uid(s, "grenadier"))
    pick_card(s, "scorn")
    assert tokens(s, "clown") == [-2] and "already used" in refused(s, "ability", card=uid(s, "grenadier"))


def test_card_captain():
    s = table(phase="Va", cities={ZIGGY: ([], ["captain", "veteran"])}, sector=2)
    _battle(s)
    assert {"card": -1} in pending(s)["options"]  # "you may"
    pick_card(s, "veteran")
    assert in_hand(s, O, "veteran")


def test_card_ambusher():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["ambusher"])}, sector=2)
    _battle(s)
    assert in_discard(s, "clown")


def test_card_sergeant():
    s = table(phase="Va", cities={ZIGGY: ([], ["sergeant"])}, sector=2, o_deck=["scorn", "raider", "medic"])
    _battle(s)
    assert in_hand(s, O, "scorn") and in_hand(s, O, "medic")  # its draw, then the next round's two


def test_card_heavy_gunner():
    s = table(phase="IV", o_hand=["heavy_gunner", "move_outpost", "sergeant"])
    act(s, "play", card=uid(s, "heavy_gunner"), city=NY)
    assert tokens(s, "heavy_gunner") == []
    assert "nothing to act on" in refused(s, "instant", card=uid(s, "move_outpost"))


def test_card_sapper():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["sapper", "heavy_gunner"])}, sector=2,
              equip={"reactive_armor": "clown"})
    _battle(s)  # Sapper first (the winner's), then Moloch's cards naming the Outpost win
    assert in_discard(s, "reactive_armor")


def test_card_rearguard():
    s, _ = _moloch_wins(["juggernaut"], ["rearguard"])
    pick_card(s, "rearguard")
    assert in_hand(s, O, "rearguard")


def test_card_bunker():
    s = table(cities={ZIGGY: ([], ["bunker"])})
    assert B.side_strength(s, ZIGGY, O) == 2


def test_card_electromagnetic_field():
    s = table(m_hand=["move_moloch", "crusher"], cities={ZIGGY: ([], ["electromagnetic_field"]), NY: (["clown"], [])})
    act(s, "instant", card=uid(s, "move_moloch"))
    assert {"city": ZIGGY} not in pending(s)["options"] and {"city": IRON} in pending(s)["options"]


def test_card_emp_cannon():
    s = table(phase="IV", o_hand=["scorn", "sergeant"], cities={ZIGGY: (["stormtrooper"], ["emp_cannon"])})
    act(s, "ability", card=uid(s, "emp_cannon"))
    pick_card(s, "scorn")
    assert B.is_disabled(s, uid(s, "stormtrooper")) and B.tie_breaker(s, ZIGGY) == -1


def test_card_barricade():
    s = table(cities={ZIGGY: ([], ["barricade"])})
    assert B.stations(s, ZIGGY, O) == 5 and B.side_strength(s, ZIGGY, O) == 1


def test_card_minefield():
    s, _ = _moloch_wins(["juggernaut", "clown"], ["minefield"])
    assert pending(s)["kind"] == "target"
    pick_card(s, "juggernaut")
    assert in_discard(s, "juggernaut") and in_discard(s, "minefield")


def test_card_field_hospital():
    s = table(phase="Va", cities={ZIGGY: ([], ["field_hospital", "veteran"])}, sector=2, o_discard=["scorn", "bunker"])
    _battle(s)
    assert in_hand(s, O, "scorn")  # the only Soldier in the pile


def test_card_radio_tower():
    s = table(phase="IV", o_hand=["radio_tower", "sergeant"], o_deck=["scorn"])
    act(s, "play", card=uid(s, "radio_tower"), city=ZIGGY)
    assert in_hand(s, O, "scorn")


def test_card_emp_attack():
    s = table(phase="IV", o_hand=["emp_attack", "sergeant"], cities={ZIGGY: (["stormtrooper"], [])})
    act(s, "instant", card=uid(s, "emp_attack"))
    assert s.emp and B.is_disabled(s, uid(s, "stormtrooper"))


def test_card_move_outpost():
    """7.3: a Soldier from a destroyed city into a city that is not; on entering triggers (seed p. 9)."""
    s = table(phase="IV", flipped=[ZIGGY], o_hand=["move_outpost", "sergeant"], cities={ZIGGY: ([], ["raider"])},
              m_deck=["hunter"])
    act(s, "instant", card=uid(s, "move_outpost"))
    answer(s, city=CLEVELAND)
    assert where(s, "raider") == (CLEVELAND, O) and in_discard(s, "hunter")


def test_card_sniper():
    s = table(phase="IV", o_hand=["sniper", "sergeant"], cities={IRON: (["juggernaut", "crusher"], [])})
    assert "nothing to act on" in refused(s, "instant", card=uid(s, "sniper"))  # 5 and 4 are out of reach
    s = table(phase="IV", o_hand=["sniper", "sergeant"], cities={IRON: (["juggernaut", "hornet"], [])})
    act(s, "instant", card=uid(s, "sniper"))
    assert in_discard(s, "hornet")


def test_card_sabotage_the_convoy():
    s = table(phase="IV", o_hand=["sabotage_the_convoy", "sergeant"], m_deck=["hunter"])
    act(s, "instant", card=uid(s, "sabotage_the_convoy"))
    assert in_discard(s, "hunter")


def test_card_dig_in():
    s = table(phase="IV", o_hand=["dig_in", "sergeant"])
    act(s, "instant", card=uid(s, "dig_in"))
    from game.convoy.content import shared_content

    assert len(s.sector_down[ZIGGY]) == len(shared_content().cities[ZIGGY].sectors) + 1


# ---------------------------------------------------------------- Moloch (spec 7.2)

def test_card_hornet():
    s = table(m_hand=["hornet", "crusher"])
    act(s, "play", card=uid(s, "hornet"), city=IRON)
    act(s, "ability", card=uid(s, "hornet"))
    answer(s, city=ZIGGY)
    assert where(s, "hornet") == (ZIGGY, M) and "already used" in refused(s, "ability", card=uid(s, "hornet"))


def test_card_annihilator():
    s = table(cities={ZIGGY: (["annihilator"], [])})
    assert B.stations(s, ZIGGY, O) == 3


def test_card_ripper_robot():
    s = table(m_hand=["crusher", "clown"], cities={ZIGGY: (["ripper_robot"], ["veteran", "scorn"])})
    act(s, "ability", card=uid(s, "ripper_robot"))
    pick_card(s, "clown")
    pick_card(s, "veteran")
    assert in_discard(s, "veteran") and in_discard(s, "clown")


def test_card_hunter():
    s = table(m_hand=["hunter", "crusher"], cities={IRON: ([], ["veteran"])})
    act(s, "play", card=uid(s, "hunter"), city=IRON)
    assert in_discard(s, "veteran")


def test_card_spiders():
    s = table(m_hand=["spiders", "crusher"], cities={ZIGGY: (["hornet", "hunter", "clown"], [])})
    act(s, "play", card=uid(s, "spiders"), city=ZIGGY)
    assert where(s, "spiders") == (ZIGGY, M) and B.used_stations(s, ZIGGY, M) == 3


def test_card_stormtrooper():
    s = table(phase="Va", cities={ZIGGY: (["stormtrooper"], ["heavy_gunner"])}, sector=2)
    assert "Stormtrooper turns it into a Moloch win" in " ".join(texts(_battle(s)))


def test_card_juggernaut():
    s = table(m_hand=["move_moloch", "crusher"], cities={IRON: (["juggernaut"], [])})
    assert "nothing to act on" in refused(s, "instant", card=uid(s, "move_moloch"))


def test_card_transporter():
    s = table(m_hand=["transporter", "crusher"], m_deck=["hunter"])
    act(s, "play", card=uid(s, "transporter"), city=ZIGGY)
    assert in_hand(s, M, "hunter")


def test_card_gauss_cannon():
    s = table(m_hand=["gauss_cannon", "crusher"], cities={ZIGGY: ([], ["bunker", "veteran"])})
    act(s, "play", card=uid(s, "gauss_cannon"), city=ZIGGY)
    assert in_discard(s, "bunker") and not in_discard(s, "veteran")


def test_card_clown():
    s = table(phase="Va", cities={ZIGGY: (["clown"], ["heavy_gunner"])}, sector=2, o_hand=["scorn"])
    ev = _battle(s)
    assert "Scorn is discarded at random from Outpost's hand." in texts(ev)


def test_card_crusher():
    s, _ = _moloch_wins(["crusher"], ["veteran"])
    assert in_discard(s, "veteran")


def test_card_recycler():
    """7.2 #12, tuned (data/BALANCE.md): on Moloch win, two cards of Moloch's choice from its
    discard pile go to the bottom of its deck, one after the other, known to both."""
    s, _ = _moloch_wins(["recycler"], [], m_discard=["hunter", "crusher", "clown"])
    pick_card(s, "crusher")
    pick_card(s, "hunter")
    assert [s.ids[u] for u in s.deck[M][-2:]] == ["crusher", "hunter"] and in_discard(s, "clown")
    assert {uid(s, "hunter"), uid(s, "crusher")} <= set(s.known_in_deck)


def test_card_shredder():
    s = table(phase="Va", cities={ZIGGY: (["shredder"], ["heavy_gunner"])}, sector=2)
    _battle(s)
    assert in_discard(s, "heavy_gunner")


def test_card_mine_layer():
    s = table(phase="Va", cities={ZIGGY: (["mine_layer"], ["heavy_gunner"])}, sector=2)
    _battle(s)
    assert tokens(s, "heavy_gunner") == [-2]


def test_card_overseer():
    s = table(cities={ZIGGY: (["overseer", "clown"], [])})
    assert B.side_strength(s, ZIGGY, M) == 2 + 3


def test_card_vanguard():
    s = table(m_hand=["vanguard", "crusher"])
    act(s, "play", card=uid(s, "vanguard"), city=NY)
    assert tokens(s, "vanguard") == [1, 1]


def test_card_interceptor():
    s = table(phase="IV", o_hand=["move_outpost", "sergeant"], cities={ZIGGY: (["interceptor"], ["veteran"])})
    assert "nothing to act on" in refused(s, "instant", card=uid(s, "move_outpost"))


def test_card_bulwark():
    s = table(phase="IV", o_hand=["sniper", "sergeant"], cities={ZIGGY: (["bulwark"], [])})
    assert B.protected(s, uid(s, "bulwark")) and "nothing to act on" in refused(s, "instant", card=uid(s, "sniper"))


def test_card_assault_drone():
    s = table(m_hand=["assault_drone", "assault_drone", "crusher"])
    act(s, "play", card=uid(s, "assault_drone", 0), city=ZIGGY)
    act(s, "play", card=uid(s, "assault_drone", 1), city=NY)
    assert tokens(s, "assault_drone", 0) == [1] and tokens(s, "assault_drone", 1) == [1]  # own +1; bonus +1


def test_card_siege_engine():
    s = table(cities={ZIGGY: (["siege_engine"], ["bunker"])})
    assert B.side_strength(s, ZIGGY, M) == 5


def test_card_incinerator():
    s = table(m_hand=["crusher", "clown"], cities={ZIGGY: (["incinerator"], ["veteran"])})
    s.tokens[uid(s, "veteran")] = [1, 1]
    act(s, "ability", card=uid(s, "incinerator"))
    pick_card(s, "clown")
    assert tokens(s, "veteran") == []


def test_card_contamination():
    s = table(cities={ZIGGY: (["clown"], ["veteran", "scout"])}, equip={"contamination": "clown"})
    assert B.side_strength(s, ZIGGY, O) == 1 + 0


def test_card_net():
    s = table(phase="V", m_hand=["crusher", "hunter"], cities={ZIGGY: (["clown"], ["veteran"])}, equip={"net": "clown"})
    act(s, "ability", card=uid(s, "net"))
    pick_card(s, "crusher")
    assert tokens(s, "veteran") == [-2]


def test_card_kasparov():
    s = table(phase="V", m_hand=["hornet"], cities={IRON: (["clown"], [])}, equip={"kasparov": "clown"})
    assert "nothing to act on" in refused(s, "ability", card=uid(s, "kasparov"))  # not in the active city


def test_card_power_core():
    s = table(cities={ZIGGY: (["clown"], [])}, equip={"power_core": "clown"})
    assert B.side_strength(s, ZIGGY, M) == 5


def test_card_servo_booster():
    s, _ = _moloch_wins(["clown"], [], equip={"servo_booster": "clown"})
    assert tokens(s, "clown") == [1]


def test_card_jump_jets():
    s = table(phase="V", m_hand=["crusher", "hornet"], cities={IRON: (["clown"], [])}, equip={"jump_jets": "clown"})
    act(s, "ability", card=uid(s, "jump_jets"))
    pick_card(s, "crusher")
    answer(s, city=ZIGGY)
    assert where(s, "clown") == (ZIGGY, M) and where(s, "jump_jets") == (ZIGGY, M)


def test_card_reactive_armor():
    s = table(phase="Va", cities={ZIGGY: (["hornet"], ["heavy_gunner", "scorn"])}, sector=2,
              equip={"reactive_armor": "hornet"})
    _battle(s)
    pick_card(s, "hornet")
    assert in_hand(s, M, "hornet") and in_discard(s, "reactive_armor")


def test_card_overcharger():
    s = table(phase="V", m_hand=["crusher", "power_core"], cities={ZIGGY: (["clown"], []), NY: (["hornet"], [])},
              equip={"overcharger": "clown"})
    act(s, "ability", card=uid(s, "overcharger"))
    pick_card(s, "crusher")
    assert tokens(s, "clown") == [1] and "already used" in refused(s, "ability", card=uid(s, "overcharger"))


def test_card_push_back():
    s = table(m_hand=["push_back", "crusher"], cities={ZIGGY: ([], ["veteran"]), IRON: ([], ["scorn"])})
    act(s, "instant", card=uid(s, "push_back"))
    assert in_hand(s, O, "veteran") and where(s, "scorn") == (IRON, O)


def test_card_move_moloch():
    s = table(m_hand=["move_moloch", "crusher"], flipped=[ZIGGY], cities={ZIGGY: (["clown"], [])})
    act(s, "instant", card=uid(s, "move_moloch"))
    answer(s, city=NY)
    assert where(s, "clown") == (NY, M) and tokens(s, "clown") == [1]


def test_card_artillery_strike():
    s = table(m_hand=["artillery_strike", "crusher"], cities={NY: ([], ["heavy_gunner", "veteran"])})
    act(s, "instant", card=uid(s, "artillery_strike"))
    assert in_discard(s, "veteran") and not in_discard(s, "heavy_gunner")


def test_card_scrap_recovery():
    s = table(m_hand=["scrap_recovery", "crusher"], m_discard=["hunter", "net"])
    act(s, "instant", card=uid(s, "scrap_recovery"))
    assert in_hand(s, M, "hunter") and not in_hand(s, M, "net")


def test_every_card_has_its_scenario():
    here = sys.modules[__name__]
    ids = set(shared_content().cards)
    missing = sorted(cid for cid in ids if not hasattr(here, f"test_card_{cid}"))
    assert missing == []
