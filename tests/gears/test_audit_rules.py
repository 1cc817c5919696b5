"""Referee audit of the Gears rules against the Hungarian base rulebook (the seed): one scenario
per discrepancy found, each citing the seed page and the spec section it checks."""
from __future__ import annotations

from game.engine.protocol import Action
from game.gears.rules import attack as A
from game.gears.rules import turn as T
from game.gears.rules import wounds as W
from game.gears.rules.procedures import Ctx
from game.gears.rules.state import LocustState
from game.gears.rules.title import shared_content
from tests.gears.conftest import fresh, run_proc

OMEN, HIT1, HIT2, BLANK = 0, 1, 4, 5       # attack die face indexes (data/dice.toml)
SH2, SH1, SH0 = 0, 1, 3                     # defence die face indexes


def _act(title, s, kind, **payload):
    return title.apply(s, Action(kind, payload))


def test_special_action_between_two_card_actions_seed_p10_spec_5_2(title):
    """Seed p. 10 ("Speciális akciók ... Mielőtt vagy miután elvégzi Parancs kártyája bármelyik
    akcióját"): Dominic plays a card, moves with its first action, discards another card for a
    special action, then does the card's last action (an attack). Spec 5.2: a special action
    may come before or after any whole action of the Order card."""
    s = fresh(title, 2)
    p, q = s.players
    s.cogs[p].hand = ["assault#1", "advance#1", "advance#2"]
    s.cogs[q].area = s.cogs[p].area
    s.cogs[q].bleeding, s.cogs[q].hand = True, []
    _act(title, s, "play", card="assault#1", **{"as": "card"})
    assert s.phase == "card"
    _act(title, s, "skip")  # the move bullet (skipping keeps the COG beside his partner)
    assert s.phase == "card" and T.top(s)["i"] == 1  # before the attack bullet
    revive = Action("special", {"do": "revive", "target": q, "discard": "advance#1"})
    assert revive in title.legal_actions(s)
    title.apply(s, revive)
    assert not s.cogs[q].bleeding and "advance#1" not in s.cogs[p].hand
    assert s.phase == "card" and T.top(s)["i"] == 1  # the card goes on with its last action


def test_no_special_action_inside_a_move_seed_p10_spec_5_2(title):
    """Seed p. 10: a special action may not interrupt one action (move 1, revive, move 1)."""
    s = fresh(title, 2)
    p, q = s.players
    s.cogs[p].hand = ["advance#1", "advance#2", "advance#3"]
    s.cogs[q].area = s.cogs[p].area
    s.cogs[q].bleeding, s.cogs[q].hand = True, []
    _act(title, s, "play", card="advance#1", **{"as": "card"})
    _act(title, s, "do")
    assert s.phase == "move"
    assert not any(a.kind == "special" for a in title.legal_actions(s))


def _full_hands_weapons(s, content, p):
    c = s.cogs[p]
    limit = content.cogs[c.character].weapon_limit
    pool = ["lancer", "snub_pistol", "gnasher", "boomshot", "longshot", "boltok"]
    c.weapons = [[w, 1] for w in pool[:limit]]
    return c


def test_random_weapon_pickup_respects_the_weapon_limit_seed_p20_spec_6_10(title, content):
    """Seed p. 20 ("Minden játékosnál maximum 1 Bolo gránát és három egyéb Fegyver kártya
    lehet"): a pick-up that gives the top Random Weapon card (the Special card is out) is a
    new weapon card too, so a COG at his limit is not offered it (spec 6.5, 6.10, 11 item 32)."""
    s = fresh(title, 1)
    p = s.players[0]
    c = _full_hands_weapons(s, content, p)
    s.special_supply["hammerburst"] = 0
    assert s.weapon_deck.can_draw()
    s.dropped.append({"id": "drop1", "area": c.area, "weapon": "hammerburst", "enemy": "drone",
                      "marker": "drone:0"})
    picks = [a for a in title.legal_actions(s) if a.kind == "special" and a.payload["do"] == "pickup"]
    assert not any(a.payload["choice"] == "random" for a in picks)
    c.weapons.pop()  # one below the limit: the Random Weapon card may be taken
    picks = [a for a in title.legal_actions(s) if a.kind == "special" and a.payload["do"] == "pickup"]
    assert any(a.payload["choice"] == "random" for a in picks)


def test_item_weapon_pickup_respects_the_weapon_limit_spec_8_2_6_10(title, content):
    """Spec 8.2 (Flame Grenadier: its marker gives a Scorcher with 2 ammo) with the weapon
    limit of seed p. 20: at the limit the pick-up is not offered, so the marker is not spent
    for nothing (spec 11 item 32: the marker stays)."""
    s = fresh(title, 1)
    p = s.players[0]
    c = _full_hands_weapons(s, content, p)
    s.dropped.append({"id": "drop1", "area": c.area, "weapon": "hammerburst", "enemy": "flame_grenadier",
                      "marker": "drone:0"})
    picks = [a for a in title.legal_actions(s) if a.kind == "special" and a.payload["do"] == "pickup"]
    assert picks == []


def test_a_grenadier_marker_gives_2_grenade_tokens_each_seed_p20_mp1_rules_card_3(title, content):
    """MP1 (Grenadier: "Instead of a Hammerburst, this enemy drops 2 grenade tokens"; rules card 3:
    the COG gains what the Enemy card lists instead of the printed weapon or its ammo) with seed
    p. 20 (one marker per pick-up special action, one Order card each) and p. 25 (tokens have no
    limit): a COG with 4 grenades picks up two Grenadier markers, 4 -> 6 -> 8, 2 per marker. The
    action and the log say so; they named the Hammerburst the marker shows as if it were taken."""
    from game.engine.text import english

    s = fresh(title, 1)
    p = s.players[0]
    c = s.cogs[p]
    c.grenades = 4
    before = [list(w) for w in c.weapons]
    for i in (1, 2):
        s.dropped.append({"id": f"drop{i}", "area": c.area, "weapon": "hammerburst", "enemy": "grenadier",
                          "marker": f"drone:{i}"})
    got = []
    for i in (1, 2):
        picks = [a for a in title.legal_actions(s) if a.kind == "special" and a.payload["do"] == "pickup"
                 and a.payload["marker"] == f"drop{i}"]
        assert {a.payload["choice"] for a in picks} == {"item"}
        assert "2 grenade tokens" in english(picks[0].label)
        events = title.apply(s, picks[0])
        got.append(c.grenades)
        line = next(e for e in events if e.kind == "pickup")
        assert line.text.endswith("picks up the dropped Hammerburst marker: 2 grenade tokens instead, as a Grenadier drops.")
    assert got == [6, 8] and c.weapons == before and not s.dropped


def test_no_wound_marker_left_takes_a_flipped_one_from_the_map_seed_p25_spec_6_4(title, content):
    """Seed p. 25 ("Ha elfogynak a sebesülés jelzők, először a dobottakat keverjük új halomba.
    Ha ilyenek sincsenek, a játékos elvehet egyet a térképen hagyott lefordítottak közül (a
    Locusttal azonos fajtából)"): with the Drone pile and its discards empty, a wounded Drone
    takes a Drone dropped-weapon marker from the map as its wound marker (spec 6.4, 6.15)."""
    s = fresh(title, 1)
    p = s.players[0]
    area = s.cogs[p].area
    pile = s.marker_piles["drone"]
    on_map = pile.draw_pile[0]
    pile.draw_pile, pile.discard_pile = [], []
    s.dropped.append({"id": "drop1", "area": area, "weapon": "hammerburst", "enemy": "drone", "marker": on_map})
    s.locusts["drone#1"] = LocustState("drone#1", "drone", area)
    run_proc(s, W.damage_locust, content, "drone#1", 1, "a test")
    x = s.locusts["drone#1"]
    assert x.wounded and x.marker == on_map
    assert x.wounded_health == W.marker_of(content, on_map).value
    assert not any(d["id"] == "drop1" for d in s.dropped)  # the marker left the map


def test_combustion_dodge_only_helps_the_cog_who_dodged_spec_8_2_6_9(title, content):
    """Spec 6.9 Dodge (seed p. 24 "Kitérés": the attacked COG discards a Dodge card for +2
    defence dice of his own) with the Flame Grenadier's COMBUSTION (spec 8.2: the roll also
    targets every other COG in the target's area): a partner who did not dodge rolls only his
    own defence dice, not the +2 of the target's Dodge."""
    s = fresh(title, 2)
    p, q = s.players
    area = s.cogs[p].area
    s.cogs[q].area = area
    s.cogs[p].cover = s.cogs[q].cover = None
    s.cogs[p].hand = ["advance#1", "advance#2"]   # Dodge cards
    s.cogs[q].hand = ["teamwork#1", "teamwork#2"]  # no Dodge card: he is not asked
    s.locusts["drone#1"] = LocustState("drone#1", "flame_grenadier", area)
    s.flags["dice_stack"] = {"attack": [OMEN, BLANK, BLANK, BLANK] + [BLANK] * 8, "defence": [SH0] * 20}
    ctx = Ctx(s, [{"dodge": "advance#1"}])
    A.locust_attack(ctx, content, "drone#1", p)
    used = 20 - len(s.flags["dice_stack"]["defence"])
    dp = content.cogs[s.cogs[p].character].defence
    dq = content.cogs[s.cogs[q].character].defence
    assert used == (dp + 2) + dq


def test_order_deck_reshuffles_when_its_last_card_is_drawn_seed_p9_spec_5_1(title):
    """Seed p. 9 ("Ha valaki felhúzza a Parancs pakli utolsó lapját, megkeveri a dobott Parancs
    kártyákat és abból képez új húzópaklit"): drawing the Order deck's last card shuffles the
    discard pile into a new deck at once; a card discarded later starts a new discard pile
    (spec 5.1 "Reshuffle timing")."""
    s = fresh(title, 1)
    p = s.players[0]
    c = s.cogs[p]
    limit = shared_content().cogs[c.character].hand_limit
    everything = list(s.orders.draw_pile) + list(c.hand)
    c.hand = everything[:limit - 1]
    last, old_discards = everything[limit - 1], everything[limit:limit + 5]
    s.orders.draw_pile, s.orders.discard_pile = [last], list(old_discards)
    run_proc(s, T.start_turn)  # the Healing Step draws 1: the deck's last card
    assert last in c.hand
    assert sorted(s.orders.draw_pile) == sorted(old_discards) and s.orders.discard_pile == []
