"""The log speaks in names, not ids (spec 12.2, docs/GEARS.md "Refusals and names"): random games of several
missions, set-up deal included, never show a character, enemy, Order card or weapon id
('augustus_cole', 'blind_fire') nor a figure/card copy number ('drone#2', 'advance#4'), in
event texts or in the prompts of the questions asked."""
from __future__ import annotations

import random
import re

import pytest

from game.engine.text import as_text

from game.engine.session import Session
from game.gears.rules.title import GearsTitle


@pytest.fixture(scope="module")
def real():
    return GearsTitle()


def id_pattern(content) -> re.Pattern[str]:
    ids = {k for table in (content.cogs, content.enemies, content.orders, content.weapons)
           for k in table if "_" in k}
    words = "|".join(sorted(map(re.escape, ids), key=len, reverse=True))
    return re.compile(r"#\d|\b(?:" + words + r")\b")


def _texts_of_pending(state) -> list[str]:
    # Only the question's prompt: option labels become Action labels, which the table's
    # choices panel words itself (game/ui/gears/choices.py).
    pending = (state.proc or {}).get("pending") or {}
    return [as_text(pending.get("prompt") or "")]


@pytest.mark.parametrize("mission,players,seed", [
    ("emergence", 2, 1), ("china_shop", 3, 2), ("hive", 2, 3), ("scattered", 2, 4),
    ("the_showdown", 1, 5),
])
def test_random_games_log_names_not_ids_spec_12_2(real, mission, players, seed):
    pat = id_pattern(real.content)
    session = Session.start(real, mission, seed, {"players": players})
    rng = random.Random(seed)
    asked: list[str] = _texts_of_pending(session.state)
    for _ in range(250):
        if session.is_over():
            break
        session.apply(rng.choice(session.legal_actions()))
        asked += _texts_of_pending(session.state)
    texts = [e.event.text for e in session.log] + asked
    assert any("draws" in t for t in texts)  # the set-up deal is in the log
    bad = [t for t in texts if pat.search(t)]
    assert not bad, bad[:5]


@pytest.mark.parametrize("mission,players,seed", [
    ("emergence", 2, 1), ("china_shop", 3, 2), ("hive", 2, 3), ("scattered", 2, 4),
    ("the_showdown", 1, 5), ("horde_mode", 1, 6), ("search_for_the_stranded", 2, 7),
    ("roadblocks", 4, 8), ("belly_of_the_beast", 2, 9),
])
def test_random_games_action_labels_are_plain_english_spec_12_2(real, mission, players, seed):
    """Every legal action's text (turn frames, Guard/Dodge windows, every question) names
    cards, weapons, figures and characters in words: 'Play Blind Fire', never
    'Play blind_fire#1' nor a payload dict."""
    pat = id_pattern(real.content)
    session = Session.start(real, mission, seed, {"players": players})
    rng = random.Random(seed)
    bad: list[str] = []
    seen = 0
    for _ in range(250):
        if session.is_over():
            break
        acts = session.legal_actions()
        for a in acts:
            seen += 1
            if not a.text or a.text.startswith("{") or pat.search(a.text):
                bad.append(f"{a.kind}: {a.text!r}")
        session.apply(rng.choice(acts))
    assert seen and not bad, sorted(set(bad))[:8]


def test_id_pattern_catches_ids(real):
    pat = id_pattern(real.content)
    assert pat.search("augustus_cole draws 6 Order cards.")
    assert pat.search("You draw advance#4, dig_in#2.")
    assert not pat.search("Augustus Cole draws 6 Order cards in 11A:gallery_corridor.")


def test_a_killed_locusts_dropped_weapon_is_named_by_that_locust(real):
    """Spec 6.4: a killed Locust's wound marker with a weapon back stays as a dropped weapon.
    The log named the dropper after the Locust had left the map, so by its figure's model: a
    Grenadier (drawn as a Drone figure) killed by a Bolo Grenade read "Grenadier 1 is killed by
    a Bolo Grenade. Drone 1 drops a Hammerburst" (The Showdown, seed 11)."""
    from game.gears.rules import wounds as W
    from tests.gears.built import put
    from tests.gears.conftest import resolve, start

    s = start(real, "the_showdown", players=1, seed=11)
    content = real.content
    lid = put(s, content, "grenadier", s.cogs["P1"].area)
    marker = next(m for m in s.marker_piles["drone"].draw_pile if W.marker_of(content, m).back == "hammerburst")
    s.marker_piles["drone"].take(marker)
    s.locusts[lid].marker = marker
    events = resolve(s, lambda ctx: W.kill_locust(ctx, content, lid, "a Bolo Grenade"))
    killed = [as_text(e.text) for e in events if e.kind == "killed"]
    dropped = [as_text(e.text) for e in events if e.kind == "dropped"]
    number = lid.split("#")[1]
    assert killed == [f"Grenadier {number} is killed by a Bolo Grenade."]
    assert dropped and dropped[0].startswith(f"Grenadier {number} drops a Hammerburst"), dropped


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_order_card_names_stay_as_printed_in_every_language(real, lang):
    """Proper names stay as the Hungarian edition prints them, in English (docs/ARCHITECTURE.md,
    game/gears): in Hungarian the Order card Ambush read 'Rajtaütés', the name of Doom's invader
    card, which shared its catalogue entry (Doom's own translation has the "doom" context)."""
    from game import i18n

    try:
        i18n.set_language(lang)
        assert {o.name: i18n._(o.name) for o in real.content.orders.values()} == \
            {o.name: o.name for o in real.content.orders.values()}
    finally:
        i18n.set_language("en")


def test_rolls_are_logged_in_words_not_face_codes(real):
    """The log read "Theron Guard 2: attack dice [2h, 1h], defence dice [blank, 1s, 1s]." (seen
    at the table, Belly of the Beast): h and s were codes a player had to guess. Each face is
    words now: '2 hits', '1 shield', 'omen', 'blank'."""
    session = Session.start(real, "emergence", 1, {"players": 2})
    rng = random.Random(1)
    while not session.is_over() and sum(e.event.kind == "roll" for e in session.log) < 8:
        session.apply(rng.choice(session.legal_actions()))
    rolls = [e.event.text for e in session.log if e.event.kind == "roll"]
    assert len(rolls) >= 8
    assert not [t for t in rolls if re.search(r"\b\d[hs]\b", t)], rolls[:3]
    faces = re.compile(r"^(?:\d (?:hits?|shields?)|omen|blank)$")
    for t in rolls:
        for inside in re.findall(r"\[([^\]]*)\]", t):
            assert inside == "no dice" or all(faces.match(f) for f in inside.split(", ")), t


def test_locust_kinds_read_in_the_english_plural(real):
    """A Wretch AI card's branch read "branch 1 applies (Wretchs in play)" (solo Emergence, seen
    by the Gears table's helper): the plural after a sibilant is "-es"; a name ending in s
    (Kantus) stays as it is."""
    from game.gears.ai import _who_words

    words = {e: str(_who_words(real.content, None, None, e)) for e in ("wretch", "drone", "kantus")}
    assert words == {"wretch": "Wretches", "drone": "Drones", "kantus": "Kantus"}


def test_the_bots_reasons_write_fractions_as_the_reader_does(real):
    """A Greek table at 1280x720 read 'Augustus Cole (P1): Χωρίς Αποφυγή: αναμενόμενο κόστος 2.51
    κάρτες' (The Showdown): the squad bot's fractions kept the English point. In Hungarian and
    Greek they take a comma (text.decimal), as Doom's bots' do."""
    from game.gears import bots
    from tests.translated_games import assert_fractions_with_a_comma, reasons_read_in

    session = Session.start(real, "emergence", 1, {"players": 2})
    chooser = {p: bots.CogBot(seed=i) for i, p in enumerate(session.state.players)}
    reasons = reasons_read_in("hu", session, lambda state, acts: chooser[session.decider].decide(state, acts), 250)
    assert_fractions_with_a_comma(reasons)
