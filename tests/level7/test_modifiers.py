"""game/level7/rules/modifiers.py as scenarios of spec 6.3, 6.11, 6.12 and 6.14 (the Fear bands,
skills, items, played bonuses and how long they last), and the effect vocabulary the loader checks
(docs/CONTENT.md "Effects")."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.engine.tomldata import DataError
from game.level7.content import DATA_DIR, Bonus, CarryLimit, IgnoreFear, load_content, shared_content
from game.level7.rules.modifiers import (PlayedBonus, attribute_value, carry_limit, expire, ignores_fear,
                                         turn_start_fear_shift, use_item)

LEVEL7_DOC = Path(__file__).resolve().parents[2] / "docs" / "LEVEL7.md"


@pytest.fixture(scope="module")
def c():
    return shared_content()


def total(c, attribute, **kw):
    kw.setdefault("fear", 3)
    return attribute_value(c, attribute, **kw).total


# ----------------------------------------------------------------------------- 6.12 Fear bands

def test_the_fear_bands_change_the_attributes(c):
    """Spec 6.12: Fear 5-6 +1 Strength (seed p. 4); 1-2 +1 Intelligence -1 Strength, 7-8 +1 Strength
    +1 Speed (PLACEHOLDER bands of characters.toml); 3-4 nothing."""
    assert [total(c, "strength", fear=f, challenge="attack") for f in (1, 3, 5, 6, 7)] == [3, 4, 5, 5, 5]
    assert [total(c, "intelligence", fear=f, challenge="outwit") for f in (2, 4, 8)] == [5, 4, 4]
    assert [total(c, "speed", fear=f) for f in (4, 7)] == [2, 3]
    assert [t.source for t in attribute_value(c, "strength", fear=5, challenge="attack").terms] == ["base", "Fear 5-6"]


# ----------------------------------------------------------------------------- 6.14 skills and items

def test_skills_change_attributes_always(c):
    """Spec 6.14, seed p. 5: skills are always on; their icons may be bonuses or penalties
    (PLACEHOLDER Weightlifter +2 Strength -1 Intelligence, Acrobatic +1 Speed, Survivalist +1 Toughness)."""
    skills = ("weightlifter", "acrobatic")
    assert total(c, "strength", skills=skills, challenge="bull_rush") == 6
    assert total(c, "intelligence", skills=skills, challenge="outwit") == 3
    assert total(c, "speed", skills=skills) == 3
    assert total(c, "toughness", skills=("survivalist",)) == 2


def test_a_conditional_bonus_applies_only_to_its_challenge(c):
    """Spec 8.4/8.5 PLACEHOLDERs: Hacker +1 and the Access Badge +2 in Control Panel challenges, the
    Lab Coat +1 in Outwit, none of them elsewhere."""
    kw = dict(skills=("hacker",), items=("access_badge", "lab_coat"))
    assert total(c, "intelligence", challenge="control_panel", **kw) == 7
    assert total(c, "intelligence", challenge="outwit", **kw) == 5
    assert total(c, "intelligence", challenge="unlock_intelligence", **kw) == 4
    assert total(c, "intelligence", **kw) == 4


def test_a_single_use_item_works_only_when_used(c):
    """Spec 8.5 PLACEHOLDER Energy Bar: "Discard on your turn: +2 Speed this turn": carrying it gives
    nothing; discarding it puts +2 Speed in play until the end of the turn."""
    assert total(c, "speed", items=("energy_bar",)) == 2
    use = use_item(c, "energy_bar", by="Cody")
    assert use.bonuses == (PlayedBonus("speed", 2, "Energy Bar", "Cody", "turn_end"),)
    assert total(c, "speed", played=use.bonuses) == 4
    assert use_item(c, "adrenaline_shot").fear_shift == 2
    with pytest.raises(ValueError):
        use_item(c, "stun_baton")


def test_fear_immunity_carry_limit_and_turn_start_shift(c):
    """Spec 8.4/8.5 PLACEHOLDERs: Night Owl and the Flashlight spare darkness Fear, Tunnel Rat vent
    Fear; Pack Rat carries 3 (the rule's 2 otherwise: seed p. 5); Zen Master shifts Fear 1 at the
    start of the turn."""
    assert ignores_fear(c, "darkness", items=("flashlight",)) == "Flashlight"
    assert ignores_fear(c, "vent", skills=("night_owl",)) == ""
    assert ignores_fear(c, "vent", skills=("tunnel_rat",)) == "Tunnel Rat"
    assert carry_limit(c) == 2 and carry_limit(c, skills=("pack_rat",)) == 3
    assert turn_start_fear_shift(c, ("zen_master",)) == 1 and turn_start_fear_shift(c, ("lucky",)) == 0


# ----------------------------------------------------------------------------- 6.11 played bonuses

def test_played_bonuses_add_dice_and_a_helper_is_named(c):
    """Spec 6.3, 6.11 (seed p. 11: Darla's +2 Strength card makes 6 dice); a helper's card is a term
    of its own (6.11 "Helping others"); a played Strength bonus adds dice to challenge rolls only
    (spec 11 #9)."""
    played = (PlayedBonus("strength", 2, "Surge of Strength", "Darla"), PlayedBonus("strength", 1, "Slip Away", "Laine"))
    value = attribute_value(c, "strength", fear=3, played=played, challenge="bull_rush")
    assert value.total == 7 and value.terms[-1].source == "Slip Away (Laine)"
    assert total(c, "strength", played=played) == 4


def test_how_long_bonuses_last(c):
    """Spec 6.11, seed p. 4-5: Intelligence and Strength until the next challenge roll (any
    challenge) or the end of the turn; Toughness for one enemy attack; Speed to the end of the turn."""
    s, i, t, v = (PlayedBonus("strength", 2, "a"), PlayedBonus("intelligence", 1, "b"), PlayedBonus("toughness", 1, "c"),
                  PlayedBonus("speed", 1, "d"))
    assert expire((s, i, t, v), "challenge_roll") == (t, v)
    assert expire((s, i, t, v), "enemy_attack") == (s, i, v)
    assert expire((s, i, t, v), "turn_end") == ()


def test_no_pool_goes_below_zero(c):
    """Penalties may take an attribute below zero dice; the pool is then empty, not negative."""
    assert attribute_value(c, "intelligence", fear=3, played=(PlayedBonus("intelligence", -6, "x"),),
                           challenge="outwit").total == 0


# ----------------------------------------------------------------------------- the vocabulary

def test_the_cards_say_their_effects_in_the_vocabulary(c):
    """Spec 8.4-8.6: the seed's cards (Amateur Boxer, Self-Defense Training, the stun baton) and the
    PLACEHOLDERs carry structured effects; their texts stay for the reader and verified stays false
    where it was."""
    assert c.skills["weightlifter"].modifiers == {"strength": 2, "intelligence": -1}
    assert c.items["stun_baton"].effects == (Bonus("strength", 2, "attack"),)
    assert c.items["flashlight"].effects == (IgnoreFear("darkness"),)
    assert c.skills["pack_rat"].effects == (CarryLimit(3),)
    assert all(s.provenance.verified is False for k, s in c.skills.items()
               if k not in ("amateur_boxer", "self_defense_training"))
    assert all(i.text for i in c.items.values()) and all(a.text for a in c.adrenaline.values())


def test_every_effect_not_enforced_is_listed_in_level7_md(c):
    """docs/LEVEL7.md "Not enforced" names every card whose text the effects do not fully say."""
    doc = LEVEL7_DOC.read_text(encoding="utf-8")
    section = doc.split("## Not enforced", 1)[1].split("\n## ", 1)[0]
    records = [*c.skills.values(), *c.items.values(), *c.adrenaline.values()]
    missing = [r.name for r in records if r.not_enforced and f"**{r.name}**" not in section]
    assert missing == []
    extra = [name for name in re.findall(r"\*\*(.+?)\*\*", section)
             if name not in {r.name for r in records if r.not_enforced}]
    assert extra == []


@pytest.fixture()
def data_copy(tmp_path):
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


BROKEN = [
    # (file, old, new, key path, problem, a text on the named line)
    ("skills.toml", 'effects = [{ kind = "reroll", dice = 1, when = "attack" }]',
     'effects = [{ kind = "rerol", dice = 1, when = "attack" }]', "skill.amateur_boxer.effects[0].kind",
     "unknown effect kind 'rerol'", 'kind = "rerol"'),
    ("skills.toml", 'effects = [{ kind = "reroll", dice = 1, when = "attack" }]',
     'effects = [{ kind = "reroll", dice = 1, when = "always" }]', "skill.amateur_boxer.effects[0].when",
     "a reroll changes a challenge roll", 'when = "always"'),
    ("skills.toml", 'when = "outwit" }]', 'when = "outwitt" }]', "skill.smooth_talker.effects[0].when",
     "unknown when 'outwitt'", 'when = "outwitt"'),
    ("skills.toml", '{ kind = "carry_limit", items = 3 }', '{ kind = "carry_limit", item = 3 }',
     "skill.pack_rat.effects[0].item", "unknown key 'item'", "item = 3"),
    ("items.toml", '{ kind = "help_range", distance = 2 }', '{ kind = "help_range", distanc = 2 }',
     "item.walkie_talkie.effects[0].distanc", "unknown key 'distanc'", "distanc = 2"),
    ("items.toml", 'effects = [{ kind = "draw", deck = "adrenaline", cards = 2 }]', "effects = []", "item.med_kit",
     "say in not_enforced", "[item.med_kit]"),
    ("items.toml", '{ kind = "draw", deck = "adrenaline", cards = 2 }',
     '{ kind = "draw", deck = "adrenaline", cards = 2, at = "medical_supplies" }',
     "item.med_kit.effects[0].at", 'a standing one at = "medical_supplies"', 'at = "medical_supplies"'),
    ("items.toml", '{ kind = "draw", deck = "adrenaline", cards = 2 }', '{ kind = "draw_adrenaline", count = 2 }',
     "item.med_kit.effects[0].kind", "unknown effect kind 'draw_adrenaline'", 'kind = "draw_adrenaline"'),
    ("skills.toml", '{ kind = "draw", deck = "adrenaline", cards = 1, at = "medical_supplies" }',
     '{ kind = "draw", deck = "adrenaline", cards = 1 }', "skill.field_medic.effects[0]",
     'a card or item that is used draws at = "use"', 'kind = "draw"'),
    ("skills.toml", '{ kind = "draw", deck = "adrenaline", cards = 1, at = "medical_supplies" }',
     '{ kind = "draw", deck = "item", cards = 1, at = "medical_supplies" }', "skill.field_medic.effects[0].deck",
     "a draw on Medical supplies is of adrenaline cards for yourself", 'deck = "item"'),
    ("adrenaline.toml", '{ kind = "draw", deck = "adrenaline", cards = 1, who = "other" }',
     '{ kind = "draw", deck = "adrenaline", cards = 1, who = "other", at = "medical_supplies" }',
     "adrenaline.lend_a_hand.ability[0].at", 'a card or item that is used draws at = "use"', 'at = "medical_supplies"'),
    ("items.toml", '{ kind = "stun", enemy = "clone" }', '{ kind = "stun", enemy = "cronos" }',
     "item.fire_extinguisher.effects[0].enemy", "unknown enemy 'cronos'", 'enemy = "cronos"'),
    ("skills.toml", '{ kind = "redraw_event", section = "fear" }', '{ kind = "stun", enemy = "clone" }',
     "skill.paranoid.effects[0].kind", "'stun' is used once, when played", 'kind = "stun"'),
    ("skills.toml", '{ kind = "ignore_threat", cause = "crowding" }', '{ kind = "ignore_threat", cause = "crowd" }',
     "skill.unassuming.effects[1].cause", "unknown Threat cause 'crowd'", 'cause = "crowd"'),
    ("items.toml", '{ kind = "threat", amount = 1, when = "attack" }', '{ kind = "threat", amount = 1, when = "always" }',
     "item.pistol.effects[1].when", "a Threat cost goes with a challenge", 'when = "always"'),
    ("items.toml", '{ kind = "threat", amount = 1, when = "attack" }', '{ kind = "threat", amount = 0, when = "attack" }',
     "item.pistol.effects[1].amount", "a Threat of 0 changes nothing", 'amount = 0'),
    ("items.toml", '{ kind = "fear_shift", steps = 2 }', '{ kind = "ignore_fear", cause = "vent" }',
     "item.adrenaline_shot.effects[0].kind", "'ignore_fear' is a standing effect", 'kind = "ignore_fear"'),
    ("items.toml", '{ kind = "bonus", attribute = "toughness", amount = 1 }', '{ kind = "bonus", attribute = "luck", amount = 1 }',
     "item.body_armor.effects[0].attribute", "unknown attribute 'luck'", 'attribute = "luck"'),
    ("adrenaline.toml", '{ kind = "fear_shift", steps = 2 }', '{ kind = "fear_shift", steps = 2, at = "turn_start" }',
     "adrenaline.deep_breath.ability[0].at", "shifts Fear at = \"use\"", 'at = "turn_start"'),
    ("adrenaline.toml", 'ability = [{ kind = "reroll", dice = 2, when = "strength_challenge" }]',
     'ability = [{ kind = "reroll", dice = 0, when = "strength_challenge" }]', "adrenaline.surge_of_strength.ability[0].dice",
     "must be at least 1, got 0", "dice = 0"),
    ("adrenaline.toml", '{ kind = "draw", deck = "item", cards = 1 }', '{ kind = "draw", deck = "items", cards = 1 }',
     "adrenaline.scrounge.ability[0].deck", "unknown deck 'items'", 'deck = "items"'),
    ("adrenaline.toml", 'causes = ["attack", "darkness", "vent"]', 'causes = ["attack", "dark"]',
     "adrenaline.steel_nerves.ability[0].causes[1]", "unknown Fear cause 'dark'", 'causes = ["attack", "dark"]'),
    ("skills.toml", '{ kind = "carry_limit", items = 3 }', '{ kind = "stun", enemy = "clone" }',
     "skill.pack_rat.effects[0].kind", "'stun' is used once, when played", 'kind = "stun"'),
]


@pytest.mark.parametrize("file, old, new, key, problem, on_line", BROKEN, ids=[b[3] for b in BROKEN])
def test_a_broken_effect_names_file_key_and_line(data_copy, file, old, new, key, problem, on_line):
    """DESIGN.md "Content is data": one DataError naming the file, the key path and the line."""
    path = data_copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_content(data_copy)
    message = str(err.value)
    assert message.startswith(str(path)) and problem in message and f": {key} (line " in message, message
    line = int(re.search(r"\(line (\d+)\)", message).group(1))
    assert on_line in path.read_text(encoding="utf-8").splitlines()[line - 1], message
