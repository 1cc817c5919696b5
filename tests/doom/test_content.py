"""game/doom/content.py: the data files load, cross-references are checked, and a mistake names
file, key and line (DESIGN.md "Content is data"; spec doom.md 7, 8.1, Appendices A-C)."""
from __future__ import annotations

import shutil
from fractions import Fraction

import pytest

from game.doom.content import DATA_DIR, load_content, shared_content
from game.engine.dice import outcome_distribution
from game.engine.tomldata import DataError


@pytest.fixture()
def data_copy(tmp_path):
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def edit(folder, name, old, new):
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_deck_sizes_and_counts_from_the_seed():
    """Seed p. 4: 66 invader cards, 18 marine cards, 66 figures (3 marines + 63 monsters), 6 dice."""
    c = shared_content()
    assert len(c.invader_deck()) == 66
    assert len(c.marine_deck()) == 18
    assert sum(m.figures for m in c.monsters.values()) == 63
    assert dict(c.dice_in_box) == {"red": 1, "yellow": 1, "green": 2, "blue": 2}


def test_seed_values_are_marked_verified_and_placeholders_not():
    """Seed p. 7 (trite 5 MP), p. 8 (demon armour 3, pistol yellow + green, mancubus Y+B+G)."""
    c = shared_content()
    assert c.monsters["trite"].move == 5 and c.monsters["trite"].provenance.field_verified["move"]
    assert c.monsters["demon"].armour == 3 and c.monsters["demon"].provenance.field_verified["armour"]
    assert not c.monsters["demon"].provenance.field_verified["health"]
    assert c.weapons["pistol"].dice == ("yellow", "green")
    assert c.monsters["mancubus"].dice == ("yellow", "blue", "green")
    assert not any(d.verified for d in c.dice.values())  # Appendix A is PLACEHOLDER
    for _, _, prov in c.records():
        assert prov.verified or prov.reason


def test_only_red_and_yellow_can_miss():
    """Seed p. 5: only the red and yellow dice have a miss face."""
    c = shared_content()
    for die in c.dice.values():
        assert ("miss" in die.symbols) == (die.id in ("red", "yellow"))


def test_seed_pistol_example_is_a_possible_roll():
    """Seed p. 8: yellow shows range 2 damage 2, green range 2 damage 1: range 4, 3 damage."""
    c = shared_content()
    yellow = {(f["range"], f["damage"]) for f in c.dice["yellow"].faces}
    green = {(f["range"], f["damage"]) for f in c.dice["green"].faces}
    assert (2, 2) in yellow and (2, 1) in green
    # the exact chance that a pistol hits at distance 4 (spec Appendix A says about 83%)
    dist = outcome_distribution([c.dice["yellow"], c.dice["green"]],
                                lambda fs: not any(f["miss"] for f in fs) and sum(f["range"] for f in fs) >= 4)
    hits = sum(1 for y in c.dice["yellow"].faces for g in c.dice["green"].faces
               if not y["miss"] and y["range"] + g["range"] >= 4)
    assert dist[True] == Fraction(hits, 36) == Fraction(5, 6)


def test_scatter_one_per_copy():
    """Spec 8.1: every invader card shows a scatter diagram; 11 of 66 show the miss icon."""
    c = shared_content()
    scatters = [c.scatter_of(i) for i in c.invader_deck()]
    assert len(scatters) == 66 and scatters.count("miss") == 11  # spec 8.1: 11 miss icons


def test_unknown_die_names_file_key_and_line(data_copy):
    """DESIGN.md "Content is data": a bad reference names file, key and line."""
    edit(data_copy, "monsters.toml", 'dice = ["yellow", "green"]', 'dice = ["yellow", "gren"]')
    with pytest.raises(DataError) as err:
        load_content(data_copy)
    msg = str(err.value)
    assert msg.startswith("monsters.toml: monster.imp.dice[1] (line ")
    assert "unknown die 'gren'" in msg


def test_pool_larger_than_the_box_is_refused(data_copy):
    """Spec 2: one roll uses at most 1 yellow, 1 red, 2 green, 2 blue."""
    edit(data_copy, "weapons.toml", 'dice = ["yellow", "red", "blue"]', 'dice = ["yellow", "red", "red"]')
    with pytest.raises(DataError, match=r"weapons.toml: weapon.rocket_launcher.dice \(line \d+\): uses 2 red"):
        load_content(data_copy)


def test_unknown_monster_on_a_spawn_card(data_copy):
    """Spec 8.1: spawn cards name monsters of monsters.toml; a typo is refused with its place."""
    edit(data_copy, "invader_cards.toml", 'monster = "zombie", count = 3', 'monster = "zombi", count = 3')
    with pytest.raises(DataError, match=r"invader_cards.toml: card.zombie_pack.halves\[0\] \(line \d+\): unknown monster 'zombi'"):
        load_content(data_copy)


def test_unverified_record_needs_a_reason(data_copy):
    """Brief / DESIGN.md: data the rulebook lacks is verified = false with a reason."""
    edit(data_copy, "weapons.toml", 'reason = "dice, blast and supply PLACEHOLDER"\n', "")
    with pytest.raises(DataError, match=r"weapons.toml: weapon.bfg.verified \(line \d+\): .*needs a `reason`"):
        load_content(data_copy)


def test_field_verified_must_agree_with_verified(data_copy):
    """A record mixing seed and placeholder values is as verified as its weakest field."""
    edit(data_copy, "monsters.toml",
         'field_verified = { figures = true, footprint = true, move = true, armour = false, health = false, dice = false, melee = false, abilities = false }',
         'field_verified = { figures = true, footprint = true, move = true, armour = true, health = true, dice = true, melee = true, abilities = true }')
    with pytest.raises(DataError, match=r"monsters.toml: monster.trite.verified \(line \d+\): must be true"):
        load_content(data_copy)


def test_deck_of_the_wrong_size(data_copy):
    """Seed p. 4: the invader deck has 66 cards."""
    edit(data_copy, "invader_cards.toml", "count = 6\n", "count = 5\n")
    edit(data_copy, "invader_cards.toml", '"S1", "miss"]', '"S1"]')
    with pytest.raises(DataError, match="invader deck has 66 cards"):
        load_content(data_copy)


def test_unknown_key_is_named(data_copy):
    """A misspelt key never passes silently (file, key and line)."""
    edit(data_copy, "monsters.toml", "move = 3\narmour = 3", "mvoe = 3\narmour = 3")  # the demon
    with pytest.raises(DataError, match=r"monsters.toml: monster.demon.mvoe \(line \d+\): unknown key 'mvoe'"):
        load_content(data_copy)


def test_the_unverified_table_in_docs_is_current():
    """docs/DOOM.md lists every record not from the seed (python -m game.doom.content --update-doc)."""
    from game.doom.content import BEGIN, DOC, END, unverified_table

    text = DOC.read_text(encoding="utf-8")
    assert text.split(BEGIN, 1)[1].split(END, 1)[0].strip() == unverified_table()
