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
