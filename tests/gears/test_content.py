"""Gears of War content: the data files load, match the seed's counts and values, and bad files
give one clear ContentError (spec sections cited per test; DESIGN.md "Content is data")."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Iterator

import pytest

from game.gears import content as gc
from game.gears.content import (
    DEFAULT_DATA_DIR, AiCard, Condition, ContentError, Effect, GearsContent, load_content,
    provenance_markdown,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "CONTENT.md"


@pytest.fixture(scope="module")
def content() -> GearsContent:
    return load_content()


# ------------------------------------------------------------ counts (spec 2.1, 2.2)

def test_order_deck_has_54_cards_in_one_shared_deck(content: GearsContent) -> None:
    """Spec 2.1: 54 Order cards; spec 6.1 PLACEHOLDER deck: guard 19, dodge 15, follow 20, 10 cards 2+."""
    assert sum(o.count for o in content.orders.values()) == 54
    by_icon = {icon: sum(o.count for o in content.orders.values() if o.icon == icon)
               for icon in ("guard", "dodge", "follow")}
    assert by_icon == {"guard": 19, "dodge": 15, "follow": 20}
    assert sum(o.count for o in content.orders.values() if o.two_plus) == 10
    assert all(o.character is None for o in content.orders.values())
    # The seed names Teamwork and Dig In (base p. 28).
    assert {"teamwork", "dig_in"} <= set(content.orders)


def test_ai_cards_35_base_and_19_mp1_numbered_in_sequence(content: GearsContent) -> None:
    """Spec 2.1: 35 base Locust AI cards ("N/35"); spec 2.2 / MP1 Components: 19 ("N/19")."""
    base = sorted(c.number for c in content.ai_cards.values() if c.set == "base")
    mp1 = sorted(c.number for c in content.ai_cards.values() if c.set == "mp1")
    assert base == list(range(1, 36))
    assert mp1 == list(range(1, 20))


def test_ai_card_split_by_enemy(content: GearsContent) -> None:
    """Spec 7.1: base 1-7 General, then 4 each: Wretch, Drone, Boomer, Berserker, Theron Guard,
    Ticker, Kantus; MP1 1-4 Grenadier, 5-8 Palace Guard, 9-12 Butcher, 13-16 RAAM, 17-19 General."""
    def owners(card_set: str) -> list[str | None]:
        cards = sorted((c for c in content.ai_cards.values() if c.set == card_set), key=lambda c: c.number)
        return [c.enemy for c in cards]

    base_types = ["wretch", "drone", "boomer", "berserker", "theron_guard", "ticker", "kantus"]
    assert owners("base") == [None] * 7 + [t for t in base_types for _ in range(4)]
    mp1_types = ["grenadier", "palace_guard", "butcher", "general_raam"]
    assert owners("mp1") == [t for t in mp1_types for _ in range(4)] + [None] * 3


def test_34_location_cards_one_per_tile_face(content: GearsContent) -> None:
    """Spec 2.1 (34 Location mini cards) and 3.8: one per face 1A-17B."""
    faces = {f"{n}{side}" for n in range(1, 18) for side in "AB"}
    assert set(content.locations) == faces
    assert all(len(loc.spawn) == 4 for loc in content.locations.values())


def test_missions_7_base_with_27_cards_and_2_mp1_with_7(content: GearsContent) -> None:
    """Spec 2.1 (27 mission cards, 7 missions) and 2.2 (The Showdown 3, Search for the Stranded 4)."""
    base = [m for m in content.missions.values() if m.expansion == "base"]
    mp1 = [m for m in content.missions.values() if m.expansion == "mp1"]
    assert len(base) == 7 and len(mp1) == 2
    assert sum(m.cards for m in base) == 27
    assert {m.id: m.cards for m in mp1} == {"the_showdown": 3, "search_for_the_stranded": 4}
    for m in content.missions.values():
        assert m.stages[-1].wins and not any(s.wins for s in m.stages[:-1])


def test_enemy_cards_10_base_and_6_mp1(content: GearsContent) -> None:
    """Spec 2.1: 10 base Enemy cards; spec 2.2: 6 MP1 Enemy cards (RAAM double-sided)."""
    assert sorted(e for e, v in content.enemies.items() if v.expansion == "base") == sorted([
        "wretch", "lambent_wretch", "drone", "ticker", "boomer", "grinder", "theron_guard", "kantus",
        "berserker", "skorge"])
    assert sorted(e for e, v in content.enemies.items() if v.expansion == "mp1") == sorted([
        "butcher", "feral_berserker", "flame_grenadier", "grenadier", "palace_guard", "general_raam"])
    assert content.enemies["general_raam"].side_b is not None


def test_four_cogs_and_22_wound_markers(content: GearsContent) -> None:
    """Spec 2.1: 4 COG character cards; 22 wound / dropped-weapon markers (FAQ errata count)."""
    assert set(content.cogs) == {"marcus_fenix", "dominic_santiago", "augustus_cole", "damon_baird"}
    total = sum(len(p.markers) or 1 for p in content.marker_piles.values())
    assert total == 22


def test_mission_ai_decks_match_the_spec(content: GearsContent) -> None:
    """Spec 4 step 5 (Emergence = 4 Wretch + 4 Drone + 4 Boomer + 6 General = 18), 9.2, 9.3.1 (14), 9.3.2 (15)."""
    sizes = {mid: len(content.ai_deck(mid)) for mid in content.missions}
    assert sizes["emergence"] == 18
    assert sizes["china_shop"] == 16
    assert sizes["belly_of_the_beast"] == 17
    assert sizes["the_showdown"] == 14
    assert sizes["search_for_the_stranded"] == 15
    # Borrowed AI cards: the Feral Berserker is activated by the Butcher cards (MP1).
    assert {c.id for c in content.ai_cards_activating("feral_berserker")} == {"mp1:9", "mp1:10", "mp1:11", "mp1:12"}


# ------------------------------------------------------------ effect language (spec 7.2-7.4)

def _walk_effects(effects: tuple[Effect, ...]) -> Iterator[Effect]:
    for e in effects:
        yield e
        yield from _walk_effects(e.do)
        yield from _walk_effects(e.otherwise)


def _walk_conditions(cond: Condition | None) -> Iterator[Condition]:
    if cond is None:
        return
    yield cond
    for a in cond.args:
        yield from _walk_conditions(a)


def _card_parts(card: AiCard) -> tuple[list[Effect], list[Condition]]:
    effects: list[Effect] = []
    conds: list[Condition] = []
    for b in card.branches:
        conds += _walk_conditions(b.condition)
        effects += _walk_effects(b.effects)
    effects += _walk_effects(card.finally_)
    for c in card.redraw_if:
        conds += _walk_conditions(c)
    for e in effects:
        conds += _walk_conditions(e.condition)
    return effects, conds


def test_every_ai_card_uses_only_known_verbs_and_conditions(content: GearsContent) -> None:
    """Spec 7.4: every card is expressed in the documented effect language."""
    known_conditions = gc.CONDITION_ATOMS | gc.CONDITION_INT | {"not", "all", "in_play"}
    for card in content.ai_cards.values():
        effects, conds = _card_parts(card)
        assert effects, card.id
        for e in effects:
            assert e.verb in gc.EFFECT_VERBS, (card.id, e.verb)
        for c in conds:
            assert c.name in known_conditions, (card.id, c.name)


def test_vocabulary_is_documented() -> None:
    """docs/CONTENT.md documents every verb and condition the loader accepts."""
    doc = DOC.read_text(encoding="utf-8")
    words = (set(gc.EFFECT_VERBS) | gc.CONDITION_ATOMS | gc.CONDITION_INT | gc.MOVE_TARGETS | gc.ATTACK_TARGETS
             | gc.SPAWN_PLACES | set(gc.ORDER_VERBS) | gc.ABILITY_EFFECTS | gc.MISSION_RULES | gc.FLIP_CONDITIONS
             | gc.BACK_STEPS | gc.LOSS_CONDITIONS)
    missing = sorted(w for w in words if w not in doc)
    assert not missing, f"not documented in docs/CONTENT.md: {missing}"


def test_card_structures_follow_the_printed_text(content: GearsContent) -> None:
    """Spec 7.6 base card 8 and 9.3.3 MP1 card 19 (whose OTHERWISE line the seed prints, spec 13.1)."""
    c8 = content.ai_cards["base:8"]
    assert c8.kind == "for_each" and c8.enemy == "wretch"
    assert c8.branches[0].condition == Condition("cog_within_movement", 2)
    assert [e.verb for e in c8.branches[0].effects] == ["move_into_area_of", "attack"]
    assert c8.branches[1].condition.name == "else"
    assert c8.branches[1].effects[0].params["areas"] == 4
    c19 = content.ai_cards["mp1:19"]
    assert [b.condition.name for b in c19.branches] == ["ammo_on_map", "else"]
    assert c19.branches[1].effects[0].value == "butcher"
    assert content.ai_cards["mp1:17"].branches[0].effects[0].verb == "no_guard"  # Guard ban (9.3.3)


# ------------------------------------------------------------ values quoted from the seed

def test_drone_stats_from_the_worked_example(content: GearsContent) -> None:
    """Base p. 18: Drone defence 1, health 3, every marker 1; it is in cover (takes cover)."""
    drone = content.enemies["drone"]
    assert (drone.defence, drone.health, drone.takes_cover) == (1, 3, True)
    assert {m.value for m in content.marker_piles[drone.markers].markers} == {1}
    assert drone.provenance.field_verified["defence"] is True
    assert drone.provenance.field_verified["attack"] is False  # PLACEHOLDER (spec 13.3)


def test_lancer_and_other_seed_weapon_values(content: GearsContent) -> None:
    """Base p. 18: Overwhelming Lancer 4 dice, range 2, Omen +1 wound; p. 17: Boomshot and Torque
    Bow Normal 0; p. 19: Bolo range 2 hard limit, area, seals holes; MP1: Scorcher 2/4, max 1 area."""
    w = content.weapons
    assert (w["lancer"].overwhelming, w["lancer"].range) == (4, 2)
    assert [(a.effect, a.amount) for a in w["lancer"].omen()] == [("extra_wound", 1)]
    assert w["boomshot"].normal == 0 and w["torque_bow"].normal == 0
    assert (w["bolo_grenade"].hard_range, w["bolo_grenade"].targets, w["bolo_grenade"].uses) == (2, "area", "grenades")
    assert [a.effect for a in w["bolo_grenade"].omen()] == ["seal_hole"]
    assert (w["scorcher"].normal, w["scorcher"].overwhelming, w["scorcher"].hard_range) == (2, 4, 1)
    assert [a.effect for a in w["scorcher"].omen()] == ["ignore_defence"]
    assert w["scorcher"].provenance.verified is True


def test_hand_limits_and_dice_counts(content: GearsContent) -> None:
    """Base p. 5 and 9: hand limit 6, Marcus Fenix 7; base p. 2: 5 attack dice, 4 defence dice."""
    assert content.cogs["marcus_fenix"].hand_limit == 7
    assert content.cogs["dominic_santiago"].hand_limit == 6
    assert content.dice["attack"].count_in_box == 5 and content.dice["defence"].count_in_box == 4
    attack = content.dice["attack"].faces
    assert sum(f.omen for f in attack) == 1 and sum(f.hits for f in attack) == 5  # spec 2.1 (fan)


def test_mp1_enemy_cards(content: GearsContent) -> None:
    """MP1 'Enemy Cards': defence / health / attack as printed; RAAM Side A 4/8/5, Side B 2/6/5."""
    e = content.enemies
    stats = {k: (e[k].defence, e[k].health, e[k].attack) for k in
             ("butcher", "feral_berserker", "flame_grenadier", "grenadier", "palace_guard")}
    assert stats == {"butcher": (2, 4, 4), "feral_berserker": (2, 7, 5), "flame_grenadier": (2, 2, 4),
                     "grenadier": (1, 4, 4), "palace_guard": (2, 3, 3)}
    raam = e["general_raam"]
    a, b = raam.side("A"), raam.side("B")
    assert (a.defence, a.health, a.attack) == (4, 8, 5) and (b.defence, b.health, b.attack) == (2, 6, 5)
    assert [x.name for x in a.abilities if x.kind == "omen"] == ["BESIEGE"]
    assert [x.name for x in b.abilities if x.kind == "omen"] == ["SERVE ME!"]
    assert dict(e["grenadier"].pickup) == {"grenades": 2}
    assert dict(e["flame_grenadier"].pickup) == {"weapon": "scorcher", "ammo": 2}


def test_emergence_example_setup(content: GearsContent) -> None:
    """Base p. 7-8: 4-player Emergence, first tile 2A puts one A, one B, one C at its hole and has
    equipment; the next tile is 16A; enemies Wretch / Drone / Boomer."""
    m = content.missions["emergence"]
    assert dict(m.enemies) == {"A": "wretch", "B": "drone", "C": "boomer"}
    assert {"2A", "16A"} <= set(m.levels[0].tiles)
    assert content.locations["2A"].spawn_for(4) == "ABC" and content.locations["2A"].equipment
    back = m.stages[0].back[0]
    assert back.keyword == "spawn" and back.params["by_players"][3] == {"wretch": 2, "drone": 3, "boomer": 3}


def test_showdown_setup(content: GearsContent) -> None:
    """MP1 'Mission: The Showdown': A Grenadier, B Palace Guard, C Feral Berserker; General 17-18;
    levels 2B 6B 8B / 1A 3A 10A (locked); Stage 1 swaps the Butcher cards for the RAAM cards."""
    m = content.missions["the_showdown"]
    assert dict(m.enemies) == {"A": "grenadier", "B": "palace_guard", "C": "feral_berserker"}
    assert m.general_ai == ("mp1:17", "mp1:18")
    assert [(lv.tiles, lv.locked) for lv in m.levels] == [(("2B", "6B", "8B"), False), (("1A", "3A", "10A"), True)]
    reset = next(s for s in m.stages[0].back if s.keyword == "reset_ai_deck")
    assert reset.params["add"] == ["mp1:13", "mp1:14", "mp1:15", "mp1:16"]


# ------------------------------------------------------------ provenance (spec 13)

def test_placeholders_are_marked_not_verified(content: GearsContent) -> None:
    """Spec 13.3: COG cards, base Enemy stats and Order texts are PLACEHOLDERs; fan data is "fan"."""
    assert all(c.provenance.verified is False for c in content.cogs.values())
    assert all(o.provenance.verified is False for o in content.orders.values())
    assert content.enemies["berserker"].provenance.field_verified["health"] is False
    assert content.tile_sizes.provenance.verified is False
    assert all(loc.provenance.verified == "fan" for loc in content.locations.values())
    assert content.ai_cards["base:2"].provenance.verified == "fan"
    assert all(c.provenance.verified is True for c in content.ai_cards.values() if c.set == "mp1")


def test_doc_lists_every_non_seed_record(content: GearsContent) -> None:
    """docs/CONTENT.md carries the generated list of every `verified = false` / "fan" record."""
    doc = DOC.read_text(encoding="utf-8")
    for record in content.unverified():
        assert f"| {record.file} | {record.kind} `{record.id}` |" in doc, f"{record.file} {record.id} missing from docs/CONTENT.md"
    assert provenance_markdown(content) in doc, "regenerate with: python -m game.gears.content --update-doc"


def test_content_is_frozen(content: GearsContent) -> None:
    """Content records are frozen dataclasses and read-only mappings."""
    with pytest.raises(dataclasses.FrozenInstanceError):
        content.enemies["drone"].health = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        content.enemies["drone2"] = content.enemies["drone"]  # type: ignore[index]


# ------------------------------------------------------------ broken files -> ContentError

def _broken(tmp_path: Path, file: str, old: str, new: str) -> ContentError:
    for f in DEFAULT_DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / file).read_text(encoding="utf-8")
    assert old in text, f"fixture text not found in {file}: {old!r}"
    (tmp_path / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_content(tmp_path)
    return info.value


BROKEN = [
    # (file, old, new, key in message, token on the reported line, problem fragment)
    ("ai_cards.toml", '{ move_toward = "nearest_cog", areas = 4 },', '{ mvoe = "nearest_cog", areas = 4 },',
     'ai_card "base:8" branch 2', "mvoe", 'unknown effect verb "mvoe"'),
    ("ai_cards.toml", "if = { cog_within_range = 4 }", "if = { cog_within_rnage = 4 }",
     'ai_card "base:16" branch 1', "cog_within_rnage", 'unknown condition "cog_within_rnage"'),
    ("ai_cards.toml", 'enemy = "kantus"', 'enemy = "kantsu"', 'ai_card "base:32" enemy', "kantsu",
     'unknown enemy "kantsu"'),
    ("missions.toml", 'tiles = ["2A", "9A", "12A", "16A"]', 'tiles = ["2A", "9A", "12A", "18A"]',
     'mission "emergence" level 1', "18A", 'unknown tile "18A"'),
    ("orders.toml", 'name = "Advance"', 'name = "Advance"\ncharacter = "marcus"', 'order "advance" character',
     "marcus", 'unknown character "marcus"'),
    ("enemies.toml", 'markers = "drone"\ndefence = ', 'markers = "drone"\ndefnce = ', 'enemy "drone" defnce', "defnce",
     'unknown key "defnce"'),
    ("cogs.toml", '{ weapon = "gnasher", ammo = 2 },', '{ weapon = "gnahser", ammo = 2 },',
     'cog "dominic_santiago" weapons[1]', "gnahser", 'unknown weapon "gnahser"'),
    ("missions.toml", 'condition = "ai_deck_exhausted"', 'condition = "ai_deck_exhuasted"',
     'mission "belly_of_the_beast" stage 2 flip_when', "ai_deck_exhuasted", 'unknown flip condition'),
    ("dice.toml", "{ hits = 2 },", "{ hits = -2 },", 'die "attack" faces[4]', "-2", "whole number"),
    ("weapons.toml", 'verified = true\nsource = "MP1', 'verified = "yes"\nsource = "MP1', 'weapon "scorcher" verified',
     '"yes"', 'verified must be true, "fan" or false'),
]


@pytest.mark.parametrize("file, old, new, key, token, problem", BROKEN, ids=[b[3] for b in BROKEN])
def test_broken_file_names_file_key_and_line(tmp_path: Path, file: str, old: str, new: str, key: str,
                                             token: str, problem: str) -> None:
    err = _broken(tmp_path, file, old, new)
    message = str(err)
    assert message.startswith(f"{file}: "), message
    assert key in message and problem in message, message
    assert err.line is not None, message
    line = (tmp_path / file).read_text(encoding="utf-8").splitlines()[err.line - 1]
    assert token in line, f"line {err.line} is {line!r}; message: {message}"


def test_unverified_record_without_reason(tmp_path: Path) -> None:
    """Spec 13: a PLACEHOLDER must say why it is not from the seed."""
    err = _broken(tmp_path, "cogs.toml", 'reason = "Hand limit (default 6), defence, weapons, ammo, grenades and the ability wording are PLACEHOLDERs. Defence tuned by simulation (1 -> 3, game/gears/data/BALANCE.md)."\n', "")
    assert str(err).startswith('cogs.toml: cog "augustus_cole"') and "reason" in str(err)


def test_syntax_error_and_missing_file(tmp_path: Path) -> None:
    err = _broken(tmp_path, "locations.toml", '[location.1A]', '[location.1A')
    assert err.file == "locations.toml" and err.line is not None and "TOML syntax error" in str(err)
    (tmp_path / "dice.toml").unlink()
    with pytest.raises(ContentError, match=r"^dice\.toml: file not found"):
        load_content(tmp_path)


@pytest.mark.parametrize("lang, said", [("hu", "weapons.toml: nem olvasható (ez mappa, nem fájl)"),
                                       ("el", "weapons.toml: δεν διαβάζεται (είναι φάκελος, όχι αρχείο)")])
def test_a_content_file_the_system_will_not_read_is_a_content_error(tmp_path: Path, lang: str, said: str) -> None:
    """A folder (or an unreadable file) in weapons.toml's place: the IsADirectoryError went up
    past the set-up screen, which shows InputErrors, and stopped the program. Said in the
    reader's language."""
    from game import i18n

    for f in DEFAULT_DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "weapons.toml").unlink()
    (tmp_path / "weapons.toml").mkdir()
    try:
        i18n.set_language(lang)
        with pytest.raises(ContentError) as got:
            load_content(tmp_path)
        assert str(got.value) == said
    finally:
        i18n.untranslated()


def test_weapon_supply_matches_the_component_list(content: GearsContent) -> None:
    """Spec 2.1: 29 Special Weapon cards and 9 Random Weapon cards (base p. 2); MP1 adds 4 Scorchers
    (spec 2.2). Which weapons fill them is a PLACEHOLDER (spec 8.4)."""
    def supply(deck: str, expansion: str) -> int:
        return sum(w.supply for w in content.weapons.values() if w.deck in deck and w.expansion == expansion)

    assert supply(("special", "grenade"), "base") == 29
    assert supply(("random",), "base") == 9
    assert supply(("special",), "mp1") == 4


def test_custom_defaults_are_data_marked_unverified(content: GearsContent) -> None:
    """Custom maps (no rulebook, DESIGN.md 'Content is data'): the General AI cards of a built
    map's AI deck come from missions.toml [custom_defaults], marked not verified and listed."""
    cd = content.custom_defaults
    assert cd.general_ai and all(a in content.ai_cards for a in cd.general_ai)
    assert cd.provenance.verified is False and cd.provenance.reason
    assert any(r.kind == "custom_defaults" for r in content.unverified())
    doc = (Path(__file__).resolve().parents[2] / "docs" / "CONTENT.md").read_text(encoding="utf-8")
    assert "custom_defaults `custom_defaults`" in doc


def test_custom_defaults_unknown_ai_card_is_a_content_error(tmp_path: Path) -> None:
    err = _broken(tmp_path, "missions.toml", 'general_ai = ["base:1", "base:2", "base:3", "base:4", "base:5", "base:6"]\nverified = false',
                  'general_ai = ["base:1", "base:99"]\nverified = false')
    assert "custom_defaults" in str(err) and "base:99" in str(err)


def test_mission_card_texts_speak_to_players_not_of_sources(content: GearsContent) -> None:
    """A mission card's texts are shown as they are (the side panel's objective, the mission
    cards, the end panel's last lines): Horde Mode's Stage 6 objective read "Proposed (not in
    the transcription): the last Locust is killed." Where a text comes from is provenance
    (verified, field_verified, reason: the ' *' mark), not words on the card."""
    for mission in content.missions.values():
        for stage in mission.stages:
            texts = [stage.flip_when.text] + [r.text for r in stage.special_rules] + [b.text for b in stage.back] + [lo.text for lo in stage.loss]
            for text in texts:
                assert "transcription" not in text and not text.startswith("Proposed"), (mission.id, text)
