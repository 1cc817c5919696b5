"""A spawn line names the tile once. The area says its tile ('Trophy room (6A)'), so a reason
that only names that tile again ('Location 6A', 'Roadblocks, tile 6A') is left out: the log read
"Ticker 1 spawns in Trophy room (6A) (Roadblocks, tile 6A)." and "Drone 1 spawns in Lawn (9A)
(Location 9A)."; a reason that says more (an AI card, the mission card, an Omen) stays. Checked
in random games of every mission, as the table words the line, in English, Hungarian and Greek."""
from __future__ import annotations

import random
import re

import pytest

from game import i18n
from game.engine.session import Session
from game.engine.text import M
from game.ui.gears import words

MISSIONS = [("emergence", 2, 1), ("china_shop", 3, 2), ("hive", 2, 3), ("scattered", 2, 4),
            ("the_showdown", 1, 5), ("horde_mode", 1, 6), ("search_for_the_stranded", 2, 7),
            ("roadblocks", 2, 8), ("roadblocks", 1, 3), ("belly_of_the_beast", 2, 9)]


def spawn_events(real, mission, players, seed, steps=150):
    session = Session.start(real, mission, seed, {"players": players})
    rng = random.Random(seed)
    for _ in range(steps):
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_actions()))
    return session, [e.event for e in session.log if e.event.kind == "spawn"]


@pytest.mark.parametrize("mission,players,seed", MISSIONS)
def test_a_spawn_line_names_its_tile_once(real, mission, players, seed):
    session, spawns = spawn_events(real, mission, players, seed)
    assert spawns
    try:
        for lang in ("en", "hu", "el"):
            i18n.set_language(lang)
            for e in spawns:
                tile = e.payload["area"].split(":")[0]
                line = words.pretty(e.message, session.state, real.content)
                assert len(re.findall(rf"(?<![\w:]){re.escape(tile)}(?![\w:])", line)) == 1, (lang, line)
                assert "((" not in line and ") (" + tile not in line, (lang, line)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang,want", [
    ("en", "Ticker 1 spawns in Foyer (6A)."),
    ("hu", "Felbukkan: Ticker 1, itt: Előcsarnok (6A)."),
    ("el", "Εμφανίζεται Ticker 1 στην περιοχή Φουαγιέ (6A)."),
])
def test_the_roadblocks_ticker_line_reads_once(real, lang, want):
    session = Session.start(real, "roadblocks", 1, {"players": 1})
    while not any(e.event.kind == "spawn" for e in session.log):
        session.apply(session.legal_actions()[0])
    event = next(e.event for e in session.log if e.event.kind == "spawn")
    assert event.message.msgid == "{locust} spawns in {area}."
    try:
        i18n.set_language(lang)
        line = words.pretty(event.message, session.state, real.content)
    finally:
        i18n.set_language("en")
    assert line == want


def test_an_old_save_s_spawn_line_still_reads_with_its_reason():
    """Saved logs keep 'msgid + params': the line with the reason stays in the catalogues."""
    old = M("{locust} spawns in {area} ({why}).", locust="Drone 1", area="9A:lawn", why=M("Location {tile}", tile="9A"))
    try:
        for lang in ("hu", "el"):
            i18n.set_language(lang)
            assert old.render() != "Drone 1 spawns in 9A:lawn (Location 9A).", lang
    finally:
        i18n.set_language("en")
