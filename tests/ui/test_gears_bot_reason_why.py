"""A bot's reason in the Gears log says why, not the action the rules' next line says: the log
read "Augustus Cole (P2): Take cover at Gatehouse (9A) cover 1." then "Augustus Cole takes cover
at Gatehouse (9A) cover 1." (the short form kept the action and left out the why). The reason
is now worded by its why ("Cover: +2.0 defence dice on average against the Locusts"), and a card
played for its actions with nothing more to say is the rules' line alone. Moves still say where
they go (a move's steps are joined after the reason)."""
from __future__ import annotations

import re

import pytest

from game import i18n
from game.engine.protocol import Event
from game.engine.text import M, as_text
from game.gears import bots
from game.ui.gears import words as gears_words
from game.ui.gears.table_scene import _Reason
from tests.ui.test_gears_bot_move_reasons import MOVING, bots_table

TILE = re.compile(r"\((\d+[AB])\)")


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_reason_does_not_restate_the_rules_next_line(make_app, config_dir, language):
    table = bots_table(make_app, config_dir, "emergence", language)
    entries = [e for e, _who in table._log]
    said = plays = 0
    for reason, after in zip(entries, entries[1:]):
        if not isinstance(reason, _Reason) or not isinstance(after, Event) or reason.kind in MOVING:
            continue
        said += 1
        line, next_line = table.log_text(reason), table.log_text(after)
        words = line.split(": ", 1)[1]
        if reason.kind == "play":  # "... plays Roadie Run for its actions.": the card is its line's
            card = gears_words.card(table.content, after.payload["card"])
            assert card not in words, (line, next_line)
            plays += 1
            continue
        assert not set(TILE.findall(words)) & set(TILE.findall(next_line)), (line, next_line)
    assert said > 20 and plays > 3
    kinds = {e.kind for e in entries if isinstance(e, _Reason)}
    assert {"cover", "attack"} <= kinds, kinds


def test_the_why_forms_name_no_place_weapon_or_card_of_the_action():
    for whole, why in bots._WHY.items():
        named = set(re.findall(r"{(\w+)", why))
        assert named <= {"bonus", "e", "kill", "d", "target", "foes", "name", "plain"}, (whole, why)
        assert bots._SHORT.get(whole) is None


@pytest.mark.parametrize("language,want", [
    ("en", "Cover: +2.0 defence dice on average; spends 1 of 2 ammo"),
    ("hu", "Fedezék: átlagosan +2,0 védekezőkocka; spends 1 of 2 ammo"),
])
def test_the_whole_reason_keeps_what_follows_its_main_clause(language, want):
    from game.engine.text import decimal
    cover = M("Take cover at {spot}: +{bonus} defence dice on average against the Locusts",
              spot="9A:gatehouse_cover1", bonus=decimal(2.0))
    whole = M("{why}; spends 1 of {n} ammo", why=cover, n=2)
    i18n.set_language(language)
    try:
        got = as_text(bots.log_whole(whole))
        assert got.startswith(want.split(";")[0]), got
        assert "9A" not in got and "9A" not in as_text(bots.log_form(whole))
    finally:
        i18n.set_language("en")
