"""Doom's names in Greek and Hungarian: the monsters (one and counted), the invader's and the
marines' cards, the weapons, ammo and items the map lays, the rooms and the frag count read in the
language chosen. The Greek log read 'Imp 2', 'Hell Knight', 'Medic', 'Trite Swarm' and '3/6 frags'
beside 'Ζόμπι 1' and 'Πιστόλι' (the catalogue kept half the names English); Hungarian names them
all. Only the BFG, a set of letters, stays as it is."""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.doom.content import shared_content
from game.doom.rules.board import load_map
from game.doom.rules.names import lookup, monsters
from game.engine.text import as_text

LATIN = re.compile(r"[A-Za-z]{2,}")
KEEP = {"BFG"}


def names(translate) -> dict[str, str]:
    c = shared_content()
    out: dict[str, str] = {}
    for mid in c.monsters:
        out[f"monster {mid}"] = lookup("doom.figure", f"{mid}#2", translate)
        for n in (1, 3):
            out[f"{n} {mid}"] = as_text(monsters(mid, n))
    for cid in c.invader_cards:
        out[f"invader card {cid}"] = lookup("doom.invader_card", f"{cid}#1", translate)
    for cid in c.marine_cards:
        out[f"marine card {cid}"] = lookup("doom.marine_card", f"{cid}#1", translate)
    for table in (c.weapons, c.ammo, c.items):
        for key in table:
            out[f"equipment {key}"] = lookup("doom.equipment", key, translate)
    for sc in c.scenarios.values():
        for area, label in load_map(sc.map).area_label.items():
            if label:  # the rules word it as a message (names.place)
                out[f"{sc.id} {area}"] = translate(label)
    out["frags"] = i18n.translate("{n}/{target} frags").format(n=2, target=6)
    out["frags line"] = i18n.translate("Frags {n} of {target}").format(n=2, target=6)
    return out


@pytest.fixture()
def lang():
    yield i18n.set_language
    i18n.set_language("en")


def test_greek_names_every_doom_thing_in_greek(lang):
    lang("el")
    english = {k: v for k, v in names(i18n.translate).items() if LATIN.search(v) and v not in KEEP}
    assert english == {}


def test_hungarian_names_every_doom_thing_in_hungarian(lang):
    lang("en")
    before = names(i18n.translate)
    lang("hu")
    same = {k: v for k, v in names(i18n.translate).items() if v == before[k] and LATIN.search(v) and v not in KEEP}
    assert same == {}
