"""game/level7/content.py: the Level 7 data files load; their counts are the box's (spec 2); the
seed's values are marked verified and the spec's placeholders are not; every mistake in a file is one
DataError naming the file, the key path and the line (DESIGN.md "Content is data")."""
from __future__ import annotations

import dataclasses
import re
import shutil
from fractions import Fraction

import pytest

from game.engine.dice import at_least, sum_distribution
from game.engine.tomldata import DataError
from game.level7.content import (BEGIN, DATA_DIR, DOC, END, load_content, shared_content,
                                 unverified_markdown)


@pytest.fixture(scope="module")
def c():
    return shared_content()


@pytest.fixture()
def data_copy(tmp_path):
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


# ----------------------------------------------------------------------------- spec 2: counts

SPEC_2 = {
    "map_tiles": 44, "b_lift_tile": 1, "tank_farm_tile": 1, "hospital_tile": 1, "character_sheets": 4,
    "characters": 4, "guards": 10, "clones": 10, "hybrids": 3, "cronos": 1, "adrenaline_cards": 52,
    "event_cards": 40, "item_cards": 24, "security_keys": 4, "skill_cards": 18, "dice": 8, "threat_tokens": 24,
    "lockdown_tokens": 12, "fear_markers": 5, "vitality_markers": 5, "darkness_tokens": 6, "vent_tokens": 6,
    "locked_door_tokens": 12, "uniform_tokens": 8, "post_nest_tokens": 6, "accessed_markers": 4,
    "swarm_markers": 18, "scenarios": 7,
}


def test_components_are_the_box_of_spec_2(c):
    """Spec 2's components list (seed p. 2, TARTALOM), every count from the seed."""
    assert {k: v.count for k, v in c.components.items()} == SPEC_2
    assert all(v.provenance.verified is True for v in c.components.values())


def test_decks_and_figures_match_the_box(c):
    """Spec 2: 18 skills, 24 items (+ 4 keys apart), 52 adrenaline = 13 x 4 (8.6), 40 events, 8 uniforms."""
    assert len(c.skill_deck()) == 18 and len(set(c.skill_deck())) == 18
    assert len(c.item_deck()) == 24
    assert sum(k.copies for k in c.keys.values()) == 4 and not set(c.keys) & set(c.item_deck())
    assert len(c.adrenaline_deck()) == 52 and len(c.adrenaline) == 13
    assert {a.copies for a in c.adrenaline.values()} == {4}
    assert len(c.event_deck()) == 40
    assert c.tokens["uniform"].copies == 8 and c.tokens["uniform"].sides == ("clean", "bloody")
    assert {k: e.count for k, e in c.enemies.items()} == {"guard": 10, "clone": 10, "hybrid": 3, "cronos": 1}
    assert len(c.characters) == 4 and len(c.tile_ids()) == 44 and c.tile_ids()[-1] == "T44"


# ----------------------------------------------------------------------------- seed values

def test_guard_and_clone_values_of_the_seed(c):
    """Spec 6.4 (stun baton example: 5 icons stun, 6 remove, so Toughness 3), 7.4 (guard attack 3,
    bonus at Threat 3; clone bonus at Fear 5), 8.2 (clone Toughness 3), 6.7 (weights 1, 1, 2, 3)."""
    guard, clone = c.enemies["guard"], c.enemies["clone"]
    assert (guard.attack, guard.toughness, guard.targets) == (3, 3, "threat")
    assert guard.provenance.verified is True
    assert (guard.bonus.value, guard.bonus.at_least, guard.bonus.dice) == ("threat", 3, 1)
    assert clone.toughness == 3 and clone.provenance.field_verified["toughness"] is True
    assert (clone.bonus.value, clone.bonus.at_least) == ("fear", 5)
    assert clone.provenance.placeholder("attack") and not clone.provenance.placeholder("toughness")
    assert {k: e.weight for k, e in c.enemies.items()} == {"guard": 1, "clone": 1, "hybrid": 2, "cronos": 3}
    assert clone.vents and clone.locked_doors == "blocked" and guard.locked_doors == "open"  # spec 3.2
    assert c.enemies["hybrid"].rolls == "intelligence" and c.enemies["hybrid"].helped_by == ("clone",)  # 7.4
    assert c.enemies["hybrid"].icons == ("intelligence", "strength", "speed")  # 7.3 activation order
    # 6.4: Strength 4 + baton 2 = 6 dice; stun at >= Toughness, remove at >= 2 x Toughness
    assert c.number("attack_remove_multiple") * guard.toughness == 6


def test_fixed_rule_numbers_of_spec_8_3(c):
    """Spec 8.3, 6.8 (unlock: Strength 3 +1 Threat or Intelligence 4), 6.9 (panel: Intelligence 4),
    6.5/6.6 (+2), 6.2 (vent: 1 move, +1 Fear, not at Fear 7-8), 6.13 (knock-out), 6.10, 6.11."""
    n = c.number
    assert (n("unlock_strength_level"), n("unlock_strength_threat"), n("unlock_intelligence_level")) == (3, 1, 4)
    assert n("control_panel_level") == 4 and n("escape_base") == 2 and n("bull_rush_decrement") == 1
    assert (n("vent_move_cost"), n("vent_fear"), n("vent_forbidden_fear")) == (1, 1, 7)
    assert (n("knockout_vitality"), n("knockout_threat"), c.fear_track.after_knockout) == (1, 1, 4)
    assert (n("carry_limit"), n("hand_max"), n("skills_dealt"), n("fear_activation_at")) == (2, 5, 2, 7)
    assert all(num.provenance.verified is True for num in c.numbers.values())


def test_fear_track_and_bands_of_spec_6_12(c):
    """Spec 6.12: start 3, range 1-8, Fear 5-6 +1 Strength (seed), the other bands from a fan source."""
    assert (c.fear_track.min, c.fear_track.max, c.fear_track.start) == (1, 8, 3)
    assert dict(c.fear_modifiers(5)) == dict(c.fear_modifiers(6)) == {"strength": 1}
    assert dict(c.fear_modifiers(1)) == {"intelligence": 1, "strength": -1}
    assert dict(c.fear_modifiers(3)) == {}
    assert dict(c.fear_modifiers(8)) == {"strength": 1, "speed": 1}
    verified = {(b.low, b.high): b.provenance.verified for b in c.fear_bands}
    assert verified == {(1, 2): False, (3, 4): False, (5, 6): True, (7, 8): False}
    with pytest.raises(ValueError):
        c.fear_modifiers(9)
    assert c.vitality_track.spaces == (5, 4, 3) and c.vitality_track.provenance.placeholder("spaces")


def test_activation_boxes_of_spec_7_3(c):
    """Spec 7.3: the four patterns; every card has a box for 1-4 starting players."""
    assert {k: a.order for k, a in c.activations.items()} == {
        "G": ("guard",), "C": ("clone",), "GC": ("guard", "clone"), "CG": ("clone", "guard")}
    e01 = c.events["E01"]
    assert [e01.box(n) for n in (1, 2, 3, 4)] == ["GC", "GC", "G", "G"]  # spec 8.7 table, first row
    assert c.events["E37"].activation == ("G", "G", "G", "G")


def test_scenario_1_setup_is_the_seed_example(c):
    """Spec 4.2 / 9.1 (seed p. 8): tank farm start, A-Lift aside, stacks 8 / 6 / rest, 4 guards,
    6 clones, threat pool 6, lockdown pool 4; objective and limits PLACEHOLDER."""
    s1 = c.scenarios["s1"]
    assert s1.name == "A New Level of Fear" and s1.name_hu == "A félelem új szintje"
    assert s1.start_tiles == ("tank_farm",) and s1.set_aside == "T01"
    assert [(s.name, s.size, s.rest) for s in s1.stacks] == [("A", 8, False), ("B", 6, False), ("last", 28, True)]
    assert dict(s1.reserves) == {"guard": 4, "clone": 6}
    assert (s1.threat_pool, s1.lockdown_pool, s1.vitality, s1.start_fear) == (6, 4, 4, 3)
    fv = s1.provenance.field_verified
    assert all(fv[k] is True for k in ("start_tiles", "set_aside", "stacks", "reserves", "threat_pool", "lockdown_pool"))
    assert s1.provenance.placeholder("objective", "escape", "limits", "flags") and s1.provenance.verified is False
    assert s1.flags["peek"] and not s1.flags["control_panel"]
    assert [(h.when, h.do) for h in s1.hooks][0] == ("tile_placed", "start_lockdown")
    assert s1.hooks[0].params["tile"] == "T01" and s1.escape.tile == "T01"


def test_scenario_2_is_a_placeholder_and_3_is_not_playable(c):
    """Spec 9.2 (control panels: 3rd access or a failure starts Lockdown), 9.3 (seed p. 12: 2 guards, 6 clones)."""
    s2, s3 = c.scenarios["s2"], c.scenarios["s3"]
    assert s2.playable and s2.provenance.verified is False and s2.flags["control_panel"]
    assert set(s2.stacks[0].include) == {"T13", "T14", "T15", "T16"} and s2.stacks[0].size >= 4
    # every tile but the lift they start in and the removed ones is in a stack (the sizes are tuned: BALANCE.md)
    assert sum(st.size for st in s2.stacks) == len(set(c.tile_ids()) - set(s2.start_tiles) - set(s2.removed))
    assert s2.objective.kind == "access_panels" and s2.objective.params["count"] == 3
    assert {(h.when, h.do) for h in s2.hooks} >= {("panel_access_failed", "start_lockdown"),
                                                   ("accessed_markers", "start_lockdown")}
    assert not s3.playable and "booklet" in s3.not_playable
    assert dict(s3.reserves) == {"guard": 2, "clone": 6} and s3.provenance.verified is True


def test_seed_skills_and_stun_baton(c):
    """Spec 8.4 (Amateur Boxer, Self-Defense Training: seed p. 7), 8.5 (stun baton +2 attacking: seed p. 10)."""
    assert c.skills["amateur_boxer"].provenance.verified is True
    assert c.skills["self_defense_training"].provenance.verified is True
    assert sum(s.provenance.verified is True for s in c.skills.values()) == 2
    baton = c.items["stun_baton"]
    assert baton.weapon and [(b.attribute, b.amount, b.when) for b in baton.bonuses] == [("strength", 2, "attack")]
    assert baton.provenance.placeholder("copies") and not baton.provenance.placeholder("effects")


# ----------------------------------------------------------------------------- placeholders

def test_the_die_is_the_spec_8_8_placeholder(c):
    """Spec 8.8: blank, Int, double Int, Str, double Str, Int+Str; 0.67 icons per die; 4 dice reach
    4 icons with p = 0.28; 1.33 hybrid activations per roll (7.3)."""
    die = c.dice["level7"]
    assert c.dice_provenance["level7"].verified is False and c.dice_provenance["level7"].reason
    assert sorted((f["intelligence"], f["strength"]) for f in die.faces) == [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)]
    assert sum(f["intelligence"] for f in die.faces) == sum(f["strength"] for f in die.faces) == 4  # 4/6 per die
    p = at_least(sum_distribution([die] * 4, "intelligence"), 4)
    assert round(float(p), 2) == 0.28
    symbols = sum_distribution([die], lambda f: f["intelligence"] + f["strength"])
    assert sum(k * v for k, v in symbols.items()) == Fraction(4, 3)


def test_event_and_adrenaline_cards_are_spec_placeholders(c):
    """Spec 8.7: 14 guard spawns, 13 clone spawns, 13 without; every card placeholder. Spec 8.6: costs."""
    spawns = [e.spawn for e in c.events.values()]
    assert (spawns.count("guard"), spawns.count("clone"), spawns.count("none")) == (14, 13, 13)
    assert all(e.provenance.verified is False and e.provenance.reason for e in c.events.values())
    for e in c.events.values():
        for kind in ("security", "fear", "facility"):
            assert c.sections[e.section(kind)].kind == kind
    a = c.adrenaline
    assert a["steel_nerves"].fear_cost == 0 and a["deep_breath"].fear_cost == 0 and a["primal_scream"].fear_cost == 2
    assert dict(a["surge_of_strength"].bonus) == {"strength": 2} and a["sprint"].timing == "own_turn"
    assert all(x.provenance.verified is False for x in a.values())


def test_every_record_has_a_provenance(c):
    """DESIGN.md: a record not from the seed says why; a mixed record is as weak as its weakest field."""
    records = list(c.records())
    assert len(records) > 150
    for _, key, prov in records:
        assert prov.source.strip(), key
        assert prov.verified is True or prov.reason.strip(), key
        if prov.field_verified:
            assert (False in prov.field_verified.values()) == (prov.verified is False), key


def test_content_is_frozen_and_cached(c):
    assert shared_content() is c
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.enemies["guard"].attack = 9
    with pytest.raises(TypeError):
        c.enemies["guard2"] = c.enemies["guard"]


def test_the_unverified_table_in_docs_is_current():
    """docs/CONTENT.md lists every Level 7 record not from the seed; regenerate it with
    `python -m game.level7.content --update-doc`."""
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text
    current = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert current == unverified_markdown().strip(), "run python -m game.level7.content --update-doc"
    assert "`event.E01`" in current and "`enemy.guard`" not in current


# ----------------------------------------------------------------------------- broken files

def _edit(folder, name, old, new):
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


BROKEN = [
    # (file, old, new, the message's key path and problem, a text on the line it names)
    ("enemies.toml", "attack = 3\ntoughness = 3", "atack = 3\ntoughness = 3",
     "enemy.guard.atack", "unknown key 'atack'", "atack = 3"),
    ("rules.toml", "[limits]", "[limit]", "limit", "unknown section 'limit' (a rules file has: number, limits, activation)",
     "[limit]"),
    ("events.toml", 'fear = "F7"', 'fear = "F99"', "event.E02.fear", "unknown fear section 'F99'", 'fear = "F99"'),
    ("events.toml", 'fear = "F7"', 'fear = "S2"', "event.E02.fear", "unknown fear section 'S2'", 'fear = "S2"'),
    ("events.toml", 'activation = ["GC", "GC", "G", "G"]', 'activation = ["GC", "GC", "GG", "G"]',
     "event.E01.activation[2]", "unknown activation code 'GG'", "GG"),
    ("events.toml", 'activation = ["GC", "GC", "G", "G"]', 'activation = ["GC", "GC", "G"]',
     "event.E01.activation", "needs one box per starting player count 1-4, got 3", 'activation = ["GC", "GC", "G"]'),
    ("items.toml", "name = \"Scalpel\"\ncopies = 2", "name = \"Scalpel\"\ncopies = 1",
     "item", "23 item copies; the box has 24 item_cards", "[item.stun_baton]"),
    ("enemies.toml", "count = 10\nnumbered = true\nattack = 2", "count = 9\nnumbered = true\nattack = 2",
     "enemy.clone.count", "the box has 10 clones (components.toml), got 9", "count = 9"),
    ("characters.toml", "from = 7\nto = 8", "from = 8\nto = 8", "fear_band", "no band holds Fear 7", "[[fear_band]]"),
    ("characters.toml", "from = 3\nto = 4", "from = 2\nto = 4", "fear_band[1].from", "Fear 2 is already in fear_band[0]",
     "from = 2"),
    ("skills.toml", 'source = "spec 8.4 (PLACEHOLDER)"\nreason = "the card is not in the seed and no source gives it"',
     'source = "spec 8.4 (PLACEHOLDER)"', "skill.bookworm.verified", "needs a `reason`", "verified = false"),
    ("enemies.toml", "attack = false, toughness = false, rolls = true", "attack = true, toughness = true, rolls = true",
     "enemy.hybrid.verified", "must be true: the weakest of field_verified (got false)", "verified = false"),
    ("scenarios.toml", '{ name = "B", size = 6 }', '{ name = "B", size = 36 }', "scenario.s1.stacks[1].size",
     "the stacks need 44 tiles; only 42 are left for them", "stacks = "),
    ("scenarios.toml", 'start_tiles = ["tank_farm"]', 'start_tiles = ["tank_farn"]', "scenario.s1.start_tiles[0]",
     "unknown tile 'tank_farn'", "start_tiles"),
    ("scenarios.toml", 'when = "panel_access_failed"', 'when = "panel_acces_failed"', "scenario.s2.hook[1].when",
     "unknown hook trigger 'panel_acces_failed'", 'when = "panel_acces_failed"'),
    ("scenarios.toml", 'when = "panel_accessed"\ndo = "place_accessed_marker"',
     'when = "panel_accessed"\ndo = "set_aside_is_last_tile"', "scenario.s2.hook[0].do",
     "'set_aside_is_last_tile' needs a set-aside tile", 'do = "set_aside_is_last_tile"'),
    ("scenarios.toml", "reserves = { guard = 4, clone = 6 }", "reserves = { guard = 11, clone = 6 }",
     "scenario.s1.reserves.guard", "must be at most 10, got 11", "reserves = "),
    ("scenarios.toml", "flags = { peek = true,", "flags = { peek = false,", "scenario.s1.flags.peek",
     "Peek needs a set-aside tile", "flags = "),
    ("scenarios.toml", "lockdown_pool = 4\nround_limit = 40", "lockdown_pool = 4\nround_limit = 0",
     "scenario.s1.round_limit", "must be at least 1, got 0", "round_limit = 0"),
    ("dice.toml", "{ strength = 2, name", "{ speed = 2, name", "dice.level7.faces[4].speed",
     "unknown icon 'speed'", "speed = 2"),
    ("rules.toml", "[number.peek_dice]", "[number.peek_dices]", "", "missing [number.peek_dice] (the engine reads it)",
     None),
    ("rules.toml", "value = 4\ntext = \"Control Panel", "value = \"4\"\ntext = \"Control Panel",
     "number.control_panel_level.value", "must be a whole number, got '4'", 'value = "4"'),
    ("enemies.toml", 'helped_by = ["clone"]', 'helped_by = ["clones"]', "enemy.hybrid.helped_by[0]",
     "unknown enemy 'clones'", 'helped_by = ["clones"]'),
    ("skills.toml", "number = 18", "number = 17", "skill.unassuming.number", "number 17 is also skill.lucky", "number = 17"),
    ("adrenaline.toml", "fear_cost = 2\ntiming = \"own_turn\"\ntext = \"Stun", "fear_cost = 9\ntiming = \"own_turn\"\ntext = \"Stun",
     "adrenaline.primal_scream.fear_cost", "must be at most 7, got 9", "fear_cost = 9"),
    ("components.toml", "count = 44", "count = 99999999999999999999999", "component.map_tiles.count",
     "out of range (at most 64 bits)", "count = 9999"),
    ("characters.toml", "[track.vitality]", "[track.vitality", "", "TOML syntax error", "[track.vitality"),
]


@pytest.mark.parametrize("file, old, new, key, problem, on_line", BROKEN, ids=[f"{b[0]}:{b[3] or b[4][:20]}" for b in BROKEN])
def test_a_broken_file_names_file_key_and_line(data_copy, file, old, new, key, problem, on_line):
    _edit(data_copy, file, old, new)
    with pytest.raises(DataError) as err:
        load_content(data_copy)
    message = str(err.value)
    assert message.startswith(str(data_copy / file)), message
    assert problem in message, message
    if key:
        assert f": {key} (line " in message, message
    if on_line is None:
        assert "(line" not in message
        return
    line = int(re.search(r"\(line (\d+)\)", message).group(1))
    lines = (data_copy / file).read_text(encoding="utf-8").splitlines()
    assert on_line in lines[line - 1], (message, lines[line - 1])


def test_a_missing_file_is_named(data_copy):
    (data_copy / "skills.toml").unlink()
    with pytest.raises(DataError, match=r"skills\.toml: file not found"):
        load_content(data_copy)


def test_the_shipped_files_are_named_from_the_project_root():
    """Errors in the shipped data name game/level7/data/<file>, so the message says where to look."""
    with pytest.raises(DataError) as err:
        load_content(DATA_DIR.parent / "no-such-folder")
    assert "no-such-folder/components.toml: file not found" in str(err.value)
