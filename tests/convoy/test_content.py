"""Convoy content (issue 16 item 2; docs/CONTENT.md "Neuroshima Convoy"): 35 + 35 cards, the Move
cards, five cities, sector effects, every record with provenance, and load errors that name the
file, the key and the line."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.convoy.content import DATA_DIR, TYPE_COUNTS, load_content, shared_content
from game.engine.tomldata import DataError


def test_the_decks_cities_and_sectors():
    c = shared_content()
    assert len(c.deal("moloch")) == len(c.deal("outpost")) == 35
    for side, counts in TYPE_COUNTS.items():
        for t, n in counts.items():
            assert sum(c.cards[i].type == t for i in c.deal(side)) == n
    assert [x.name for x in c.cities] == ["Ziggy One", "Iron Gate", "Cleveland Harbour", "Jersey Crust", "New York"]
    assert c.cities[0].stations == (3, 4)  # seed p. 13
    assert c.cards["move_outpost"].name == c.cards["move_moloch"].name == "Move"
    assert c.cards["spiders"].strength == 1 and c.cards["spiders"].provenance.field_verified["strength"] is True


def test_every_record_says_where_it_comes_from():
    c = shared_content()
    records = list(c.cards.values()) + list(c.cities) + list(c.sectors.values())
    assert all(r.provenance.source for r in records)
    # the seed names: true; the texts of our own design: false (spec 7)
    assert c.cards["hornet"].provenance.field_verified["name"] is True
    assert c.cards["raider"].provenance.verified is False and c.sectors["bomb"].provenance.verified is True


@pytest.mark.parametrize("old,new,where", [
    ('op = "mill", n = 1}]\ntext = "On Moloch win', 'op = "milk", n = 1}]\ntext = "On Moloch win', "card.scorn.effect[0].op"),
    ('strength = 2\ntiming = "on_moloch_win"', 'strength = 2\ntimimg = "on_moloch_win"', "card.scorn.timimg"),
    ('kinds = "unit", where = "here", max_printed = 2}]', 'kinds = "unit", where = "hear", max_printed = 2}]',
     "card.comando.effect[0].where"),
])
def test_a_mistake_names_file_key_and_line(tmp_path: Path, old, new, where):
    shutil.copytree(DATA_DIR, tmp_path / "data")
    f = tmp_path / "data" / "cards.toml"
    text = f.read_text()
    assert old in text
    f.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        load_content(tmp_path / "data")
    msg = str(err.value)
    assert "cards.toml" in msg and where in msg and "(line " in msg


def test_a_deck_of_the_wrong_size_is_refused(tmp_path: Path):
    shutil.copytree(DATA_DIR, tmp_path / "data")
    f = tmp_path / "data" / "cards.toml"
    f.write_text(f.read_text().replace('name = "Militia"\nside = "outpost"\ntype = "soldier"\nstrength = 1\ncount = 2',
                                       'name = "Militia"\nside = "outpost"\ntype = "soldier"\nstrength = 1\ncount = 3'))
    with pytest.raises(DataError, match="36 cards"):
        load_content(tmp_path / "data")


def test_a_city_with_an_unknown_sector_is_refused(tmp_path: Path):
    shutil.copytree(DATA_DIR, tmp_path / "data")
    f = tmp_path / "data" / "cities.toml"
    f.write_text(re.sub(r'sectors = \["salvage", [^\]]*\]', 'sectors = ["salvage", "nuke"]', f.read_text(), count=1))
    with pytest.raises(DataError, match=r"city.ziggy_one.sectors\[1\] \(line \d+\): unknown sector 'nuke'"):
        load_content(tmp_path / "data")


def test_the_content_doc_lists_every_record_not_from_the_seed():
    from game.convoy.content import BEGIN, DOC, END, unverified_markdown

    text = DOC.read_text(encoding="utf-8")
    body = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert body == unverified_markdown(), "run python -m game.convoy.content --update-doc"
    assert "`card.raider`" in body and "`sector.bomb`" not in body
