"""Referee audit of cover, weapons and enemy abilities (spec 3.3, 6.3-6.8, 8.1, 8.2, 8.4)
against the Hungarian base rulebook and Mission Pack 1 (the seeds).

Each test names the rule or card text it checks. Dice are stacked by face index
(data/dice.toml): attack Omen, 1, 1, 1, 2, blank; defence 2, 1, 1, blank x3. On the sample
Emergence map 9A:plaza sees the cover spot 9A:street_crates of 9A:west_street in full cover.
"""
from __future__ import annotations

from game.gears.rules import attack as A
from game.gears.rules import wounds as W
from game.gears.rules.movement import cover_bonus
from game.gears.rules.procedures import Ctx
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh

OMEN, HIT1, HIT2, BLANK = 0, 1, 4, 5       # attack die faces
SH2, SH1, SH0 = 0, 1, 3                     # defence die faces
STREET, PLAZA, CRATES = "9A:west_street", "9A:plaza", "9A:street_crates"
CARDS = ["roadie_run#1", "roadie_run#2", "roadie_run#3", "roadie_run#4", "roadie_run#5"]


def scene(title, players: int = 1, area: str = STREET):
    """Every COG in `area`, in the open, with five non-Dodge cards; no Locusts."""
    s = fresh(title, players)
    for c in s.cogs.values():
        c.area, c.cover, c.hand = area, None, list(CARDS)
    return s


def stack(s, attack: list[int], defence: list[int] | None = None) -> None:
    s.flags["dice_stack"] = {"attack": list(attack) + [BLANK] * 30,
                             "defence": list(defence or []) + [SH0] * 40}


def red_used(s, defence: list[int] | None = None) -> int:
    return len(list(defence or []) + [SH0] * 40) - len(s.flags["dice_stack"]["defence"])


def put(s, content, enemy: str, area: str, cover: str | None = None) -> str:
    fid = W.free_figure_id(s, content, enemy)
    s.locusts[fid] = LocustState(fid, enemy, area, cover=cover)
    return fid


def lost_cards(s, p: str) -> int:
    return len(CARDS) - len(s.cogs[p].hand)


# ----------------------------------------------------------------------------- Boomshield

def test_boomshield_die_counts_against_a_bolo_grenade_spec_8_4(title, content):
    """Spec 8.4 / weapons.toml Boomshield (PLACEHOLDER, stands): '+1 defence die against every
    attack'. A partner's Bolo Grenade is an attack on every figure in the area (spec 6.8): the
    Boomshield holder rolls his defence + 1."""
    s = scene(title, 2)
    p, q = s.players
    s.cogs[q].weapons.append(["boomshield", 0])
    s.cogs[p].grenades = 1
    stack(s, [BLANK] * 4)
    A.grenade(Ctx(s, []), content, p, STREET)
    dp = content.cogs[s.cogs[p].character].defence
    dq = content.cogs[s.cogs[q].character].defence
    assert red_used(s) == dp + (dq + 1)


def test_boomshield_die_counts_against_combustion_and_the_berserker_spec_8_4(title, content):
    """Spec 8.4 Boomshield '+1 defence die against every attack' also for a COG the Flame
    Grenadier's COMBUSTION extends the roll to (spec 8.2) - every COG's defence in a one-roll
    attack (A._defence_of, also read by the Berserker's 'attack every figure', spec 8.1)."""
    s = scene(title, 2)
    p, q = s.players
    s.cogs[q].weapons.append(["boomshield", 0])
    assert A._defence_of(s, content, q) == content.cogs[s.cogs[q].character].defence + 1
    put(s, content, "flame_grenadier", STREET)
    stack(s, [OMEN])
    A.locust_attack(Ctx(s, []), content, "drone#1", p)
    dp = content.cogs[s.cogs[p].character].defence
    dq = content.cogs[s.cogs[q].character].defence
    assert red_used(s) == dp + (dq + 1)


# ----------------------------------------------------------------------------- COMBUSTION

def test_combustion_targets_keep_their_cover_bonus_spec_6_3_8_2(title, content):
    """MP1 Flame Grenadier 'COMBUSTION: This attack targets all COG's in the target's area':
    every such COG is a target of the attack, and a target's defence dice include its cover
    (+1/+2) when the attacker stands in another area (seed p. 15-16, spec 3.3, 6.3 step 3).
    Only the Bolo Grenade's card removes cover (spec 6.8). Partner q in full cover at
    9A:street_crates, attacked from 9A:plaza, rolls his defence + 2."""
    s = scene(title, 2)
    p, q = s.players
    s.cogs[q].cover = CRATES
    fid = put(s, content, "flame_grenadier", PLAZA)
    assert cover_bonus(s.view(), (PLAZA, None), (STREET, CRATES)) == 2
    stack(s, [OMEN])
    A.locust_attack(Ctx(s, []), content, fid, p)
    dp = content.cogs[s.cogs[p].character].defence
    dq = content.cogs[s.cogs[q].character].defence
    assert red_used(s) == dp + (dq + 2)


# ----------------------------------------------------------------------------- 'each other figure'

def test_grenade_toss_hits_every_other_figure_in_the_target_area_the_thrower_too_mp1(title, content):
    """MP1 Grenadier 'GRENADE TOSS: Each other figure in the target's area is dealt 1 wound.
    (limit once per attack)': 'other' is other than the target (as the Boomshot, seed p. 17: 'a
    célmezőn álló összes egyéb figura', spec 6.6; a COG's Boomshot already hits its holder). A
    Grenadier attacking a COG in its own area is such a figure: with two Omens it takes 1 wound
    (once), and so does the partner; the target only takes the attack's own wounds."""
    s = scene(title, 2)
    p, q = s.players
    g = put(s, content, "grenadier", STREET)
    stack(s, [OMEN, OMEN, BLANK, BLANK])
    A.locust_attack(Ctx(s, []), content, g, p)
    assert lost_cards(s, p) == 0 and lost_cards(s, q) == 1
    assert s.locusts[g].wounded


def test_ticker_explosion_hits_each_other_figure_in_its_area_its_target_too_spec_8_1(title, content):
    """Spec 8.1 Ticker Omen (PLACEHOLDER wording, stands): 'deal 1 wound to each other figure in
    its area, then the Ticker is killed' - other than the Ticker. A Ticker attacks a COG in its
    own area (base cards 28-31): the blast deals that COG 1 wound too, besides the roll's."""
    s = scene(title, 1)
    p = s.players[0]
    t = put(s, content, "ticker", STREET)
    stack(s, [OMEN, BLANK])
    A.locust_attack(Ctx(s, []), content, t, p)
    assert t not in s.locusts
    assert lost_cards(s, p) == 1


# ----------------------------------------------------------------------------- enemy Omen abilities

def hand(s, p: str, n: int = 12) -> None:
    s.cogs[p].hand = [f"roadie_run#{i}" for i in range(1, n + 1)]


def test_butcher_cleave_once_per_attack_counts_every_two_wound_die_mp1(title, content):
    """MP1 Butcher 'CLEAVE: Deal 1 additional wound for each attack die that rolled 2 wounds
    (limit once per attack)' (spec 11 item 11): two Omens and two 2-wound dice give 4 + 2."""
    s = scene(title, 1)
    p = s.players[0]
    hand(s, p)
    b = put(s, content, "butcher", STREET)
    stack(s, [OMEN, OMEN, HIT2, HIT2])
    A.locust_attack(Ctx(s, []), content, b, p)
    assert 12 - len(s.cogs[p].hand) == 6


def test_palace_guard_single_hit_dice_count_as_two_mp1(title, content):
    """MP1 Palace Guard (printed 'GRENADE TOSS', spec 11 item 9): 'Each attack die that rolled
    1 wound is considered to have rolled 2 wounds': Omen, 1, 2 -> 2 + 2 = 4 wounds."""
    s = scene(title, 1)
    p = s.players[0]
    hand(s, p)
    g = put(s, content, "palace_guard", STREET)
    stack(s, [OMEN, HIT1, HIT2])
    A.locust_attack(Ctx(s, []), content, g, p)
    assert 12 - len(s.cogs[p].hand) == 4


def test_raam_besiege_rerolls_blanks_then_flips_to_side_b_mp1(title, content):
    """MP1 RAAM side A 'BESIEGE: Reroll each attack die that rolled a blank, then flip this card
    over. Limit once per attack': four blanks rerolled into 2-wound dice give 8 wounds (the
    COG's defence dice show no shield); then the card is on side B."""
    s = scene(title, 1)
    p = s.players[0]
    hand(s, p)
    r = put(s, content, "general_raam", STREET)
    stack(s, [OMEN, BLANK, BLANK, BLANK, BLANK, HIT2, HIT2, HIT2, HIT2])
    A.locust_attack(Ctx(s, []), content, r, p)
    assert 12 - len(s.cogs[p].hand) == 8
    assert W.enemy_side(s, content, "general_raam") == "B"


def test_raam_serve_me_wounds_each_cog_in_his_area_then_flips_to_side_a_mp1(title, content):
    """MP1 RAAM side B 'SERVE ME!: Deal 1 wound to each COG in General RAAM's area. Then, flip
    this card over.': wounds dealt directly, no defence dice (spec 6.3 step 5)."""
    from game.gears.rules.spawning import md

    s = scene(title, 2)
    p, q = s.players
    r = put(s, content, "general_raam", STREET)
    md(s).setdefault("sides", {})["general_raam"] = "B"
    stack(s, [OMEN] + [BLANK] * 4)
    A.locust_attack(Ctx(s, []), content, r, p)
    assert lost_cards(s, p) == 1 and lost_cards(s, q) == 1
    assert W.enemy_side(s, content, "general_raam") == "A"


def test_raam_side_a_flips_only_after_a_bolo_or_torque_bow_attack_side_b_after_any_mp1(title, content):
    """MP1 RAAM side A 'After this figure is attacked by a Bolo Grenade or Torque Bow, flip this
    card over'; side B 'After this figure is attacked flip this card over' (spec 11 item 37)."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["lancer", 3], ["torque_bow", 3]]
    r = put(s, content, "general_raam", PLAZA)
    stack(s, [BLANK] * 20)
    A.cog_attack(Ctx(s, []), content, p, r, "lancer", "normal")
    assert W.enemy_side(s, content, "general_raam") == "A"
    A.cog_attack(Ctx(s, []), content, p, r, "torque_bow", "overwhelming")
    assert W.enemy_side(s, content, "general_raam") == "B"
    A.cog_attack(Ctx(s, []), content, p, r, "lancer", "normal")
    assert W.enemy_side(s, content, "general_raam") == "A"


def test_wretch_omen_spawns_another_wretch_spec_8_1(title, content):
    """Spec 8.1 Wretch Omen (FAQ v1.1; placement PLACEHOLDER): spawn another Wretch at the
    emergence hole nearest the attacking Wretch."""
    s = scene(title, 1)
    p = s.players[0]
    w = put(s, content, "wretch", STREET)
    stack(s, [OMEN, BLANK])
    A.locust_attack(Ctx(s, []), content, w, p)
    wretches = [x for x in s.locusts.values() if x.enemy == "wretch"]
    assert len(wretches) == 2
    assert {x.area for x in wretches} == {STREET, "12A:east_yard"}  # the only open hole


# ----------------------------------------------------------------------------- Ticker chain reaction

def test_ticker_chain_reaction_three_tickers_three_wounds_spec_9_2_4(title, content):
    """Spec 9.2.4 worked example: Marcus kills one of three Tickers in his area and takes 1
    wound; that wound kills both others, and each deals him 1 more: 3 in total."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["lancer", 3]]
    for _ in range(3):
        t = put(s, content, "ticker", STREET)
    stack(s, [HIT1, BLANK, BLANK, BLANK])
    A.cog_attack(Ctx(s, []), content, p, "ticker#1", "lancer", "normal")
    assert not any(x.enemy == "ticker" for x in s.locusts.values())
    assert lost_cards(s, p) == 3


def test_an_exploding_ticker_is_not_set_off_again_by_the_tickers_its_blast_kills_spec_9_2_4(title, content):
    """Spec 9.2.4: a Ticker killed 'after attacking' sets off no chain reaction. Ticker 1 explodes
    (its Omen: 1 wound to each other figure in its area) beside Ticker 2 and a COG: Ticker 2 dies
    and its chain reaction wounds the COG once more, 2 wounds in all. Ticker 1's blast came
    once: it dies by its own attack, not by Ticker 2's chain reaction (which gave the COG a
    third wound, traced in Roadblocks games)."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].hand = [f"sit_tight#{n}" for n in range(1, 6)]  # no Dodge icon: no question
    t1 = put(s, content, "ticker", STREET)
    t2 = put(s, content, "ticker", STREET)
    stack(s, [OMEN], [SH0] * 10)
    ctx = Ctx(s, [])
    A.locust_attack(ctx, content, t1, p)
    assert t1 not in s.locusts and t2 not in s.locusts
    assert [e.text for e in ctx.events if e.kind == "chain"] == ["Ticker 2 explodes: 1 wound to every figure in " + STREET + "."]
    assert lost_cards(s, p) == 2


def test_ticker_killed_by_a_bolo_grenade_does_not_explode_spec_8_1(title, content):
    """Spec 8.1 chain reaction 'except ... by a Bolo Grenade': a Wretch beside it keeps its
    health (its own defence stops the grenade)."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].grenades = 1
    put(s, content, "ticker", PLAZA)
    w = put(s, content, "wretch", PLAZA)
    # Built from the enemy data (defence and health are PLACEHOLDERs, tuned by simulation):
    # as many hits as the Ticker's health, its defence dice blank, the Wretch's double shields.
    ticker, wretch = W.enemy_stats(s, content, "ticker"), W.enemy_stats(s, content, "wretch")
    assert 2 * wretch.defence >= ticker.health, "the Wretch's shields no longer stop the grenade's hits"
    dice = A.grenade_dice(content)
    stack(s, [HIT1] * ticker.health + [BLANK] * (dice - ticker.health),
          [SH0] * ticker.defence + [SH2] * wretch.defence)  # ticker#1 then wretch#1 defend
    A.grenade(Ctx(s, []), content, p, PLAZA)
    assert "ticker#1" not in s.locusts
    assert not s.locusts[w].wounded


# ----------------------------------------------------------------------------- weapon abilities

def test_longshot_omen_ignores_single_shield_dice_spec_6_6(title, content):
    """Spec 6.6 Longshot Omen: 'the defender's dice that show a single shield are ignored': 2
    hits against a Wretch's single shield kill it (health 2). The Wretch's health and defence
    are PLACEHOLDERs: as many hits as its health, a single shield on each of its defence dice."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["longshot", 2]]
    w = put(s, content, "wretch", STREET)
    wretch = W.enemy_stats(s, content, "wretch")
    hits = [HIT2] * (wretch.health // 2) + [HIT1] * (wretch.health % 2)
    stack(s, [OMEN] + hits + [BLANK] * 3, [SH1] * wretch.defence)
    A.cog_attack(Ctx(s, []), content, p, w, "longshot", "overwhelming")
    assert w not in s.locusts


def test_scorcher_burning_inferno_ignores_all_defence_dice_mp1(title, content):
    """MP1 Scorcher 'BUNING INFERNO: Ignore all defence dice': 2 hits against a double shield
    kill a Wretch (health 2). The Wretch's health and defence are PLACEHOLDERs: as many hits as
    its health, a double shield on each of its defence dice."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["scorcher", 2]]
    w = put(s, content, "wretch", STREET)
    wretch = W.enemy_stats(s, content, "wretch")
    hits = [HIT2] * (wretch.health // 2) + [HIT1] * (wretch.health % 2)
    stack(s, [OMEN] + hits + [BLANK] * 2, [SH2] * wretch.defence)
    A.cog_attack(Ctx(s, []), content, p, w, "scorcher", "overwhelming")
    assert w not in s.locusts


def test_boomshot_omen_wounds_each_other_figure_in_the_target_area_seed_p17(title, content):
    """Seed p. 17: 'ha egy Boomshottal támadunk, minden dobott omen jel után 1 sebesülést szenved
    a célmezőn álló összes egyéb figura' - each other figure in the target area, COGs included,
    takes 1 wound per Omen, with no defence roll (spec 6.3 step 5)."""
    s = scene(title, 2)
    p, q = s.players
    s.cogs[p].weapons = [["boomshot", 2]]
    s.cogs[q].area = PLAZA
    target = put(s, content, "drone", PLAZA)
    other = put(s, content, "drone", PLAZA)
    stack(s, [OMEN, BLANK, BLANK, BLANK, BLANK], [SH2] * 6)
    A.cog_attack(Ctx(s, []), content, p, target, "boomshot", "overwhelming")
    assert not s.locusts[target].wounded       # its shields stop the attack itself
    assert s.locusts[other].wounded           # the Omen's wound is not reduced
    assert lost_cards(s, q) == 1 and lost_cards(s, p) == 0


def test_berserker_wounded_only_by_the_hammer_of_dawn_while_unwounded_seed_p19(title, content):
    """Seed p. 19, 26 / spec 8.1: while unwounded the Berserker is wounded only by the Hammer of
    Dawn; its marker then goes 5 -> 3 (two-stage, base p. 19)."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["lancer", 3], ["hammer_of_dawn", 3]]
    b = put(s, content, "berserker", "9A:ruin")
    stack(s, [HIT2] * 4)
    A.cog_attack(Ctx(s, []), content, p, b, "lancer", "overwhelming")
    assert not s.locusts[b].wounded
    stack(s, [HIT1] + [BLANK] * 5)
    A.cog_attack(Ctx(s, []), content, p, b, "hammer_of_dawn", "overwhelming")
    assert s.locusts[b].wounded_health == 5
    stack(s, [HIT1] + [BLANK] * 3)
    A.cog_attack(Ctx(s, []), content, p, b, "lancer", "overwhelming")
    assert s.locusts[b].wounded_health == 3


def test_torque_bow_cannot_fire_after_its_holder_moved_spec_6_9(title, content):
    """Spec 6.9 / 8.4 Torque Bow (FAQ v1.1; PLACEHOLDER wider reading): not after moving."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["torque_bow", 2]]
    d = put(s, content, "drone", PLAZA)
    assert A.cog_attack_legality(s, content, p, d, "torque_bow", "overwhelming") is None
    s.cogs[p].moved = True
    assert "moved" in A.cog_attack_legality(s, content, p, d, "torque_bow", "overwhelming")


def test_hammer_of_dawn_omen_wounds_count_as_hammer_of_dawn_wounds_spec_8_1_8_4(title, content):
    """Spec 8.1: the unwounded Berserker 'can be wounded or killed only by the Hammer of Dawn';
    spec 8.4: the Hammer of Dawn's Omen deals wounds to other figures in the defender's area
    (amount PLACEHOLDER 1). Those wounds are the Hammer of Dawn's, so they wound the Berserker."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["hammer_of_dawn", 3]]
    d = put(s, content, "drone", PLAZA)
    b = put(s, content, "berserker", PLAZA)
    stack(s, [OMEN] + [BLANK] * 5, [SH2] * 6)
    A.cog_attack(Ctx(s, []), content, p, d, "hammer_of_dawn", "overwhelming")
    assert s.locusts[b].wounded_health == 5


def test_unwounded_berserker_may_be_attacked_only_with_the_hammer_of_dawn_seed_p26(title, content):
    """Seed p. 26 (China Shop): 'A Berserker csak a Hammer of Dawn fegyverrel támadható ...,
    hacsak már meg nem sebezték': while unwounded, any other weapon's attack is refused with
    the reason; once wounded, any weapon may attack it."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["lancer", 3], ["hammer_of_dawn", 3]]
    b = put(s, content, "berserker", PLAZA)
    why = A.cog_attack_legality(s, content, p, b, "lancer", "normal")
    assert why is not None and "only with the Hammer of Dawn" in why and "seed p. 26" in why
    assert A.cog_attack_legality(s, content, p, b, "hammer_of_dawn", "overwhelming") is None
    s.locusts[b].wounded_health, s.locusts[b].marker = 5, "berserker:two_stage"
    assert s.locusts[b].wounded
    assert A.cog_attack_legality(s, content, p, b, "lancer", "normal") is None


def _moves_of(events, lid):
    return [e.payload["area"] for e in events if e.kind == "move" and e.payload.get("figure") == lid]


def test_base_berserker_moves_only_toward_a_cog_that_attacks_it_seed_p26(title, content):
    """Seed p. 26: the Berserker moves one area 'minden őt támadó COG felé' (toward every COG
    that attacks *it*): an attack on a Drone leaves it where it is; an attack on it draws it."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["lancer", 3], ["hammer_of_dawn", 3]]
    d = put(s, content, "drone", PLAZA)
    b = put(s, content, "berserker", PLAZA)
    stack(s, [BLANK] * 6)
    ctx = Ctx(s, [])
    A.cog_attack(ctx, content, p, d, "lancer", "normal")
    assert _moves_of(ctx.events, b) == [] and s.locusts[b].area == PLAZA
    ctx = Ctx(s, [])
    stack(s, [BLANK] * 6)
    A.cog_attack(ctx, content, p, b, "hammer_of_dawn", "overwhelming")
    assert _moves_of(ctx.events, b) == [STREET] and s.locusts[b].area == STREET


def test_feral_berserker_moves_after_any_cog_attack_mp1(title, content):
    """MP1 seed, Feral Berserker card: 'After a COG attacks, move this enemy 1 area toward him':
    whatever the target (unlike the base Berserker of seed p. 26)."""
    s = scene(title, 1)
    p = s.players[0]
    s.cogs[p].weapons = [["lancer", 3]]
    d = put(s, content, "drone", PLAZA)
    f = put(s, content, "feral_berserker", PLAZA)
    stack(s, [BLANK] * 6)
    ctx = Ctx(s, [])
    A.cog_attack(ctx, content, p, d, "lancer", "normal")
    assert _moves_of(ctx.events, f) == [STREET]
