"""game/engine/provenance_doc.py: the generated list of records not from the seed, kept between markers."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from game.engine.provenance import Provenance
from game.engine.provenance_doc import replace_between, unverified_table, update_between


def test_the_table_lists_only_records_not_from_the_seed():
    records = [
        ("a.toml", "x.seed", Provenance(True, "seed p. 1")),
        ("a.toml", "x.guess", Provenance(False, "spec 1", "not in the seed | at all")),
        ("b.toml", "y.mixed", Provenance(False, "seed p. 2", "attack unknown",
                                         MappingProxyType({"name": True, "attack": False}))),
    ]
    rows = unverified_table(records).splitlines()
    assert rows[0] == "| file | record | why not from the seed |"
    assert rows[2:] == ["| a.toml | `x.guess` | not in the seed / at all |",
                        "| b.toml | `y.mixed` | attack unknown (fields: attack) |"]


def test_replace_between_keeps_the_rest(tmp_path):
    text = "head\n<!-- b -->\nold\n<!-- e -->\ntail\n"
    assert replace_between(text, "<!-- b -->", "<!-- e -->", "new") == "head\n<!-- b -->\nnew\n<!-- e -->\ntail\n"
    path = tmp_path / "doc.md"
    path.write_text(text, encoding="utf-8")
    assert update_between(path, "<!-- b -->", "<!-- e -->", "new") is True
    assert update_between(path, "<!-- b -->", "<!-- e -->", "new") is False
    with pytest.raises(ValueError):
        replace_between("no markers", "<!-- b -->", "<!-- e -->", "x")
