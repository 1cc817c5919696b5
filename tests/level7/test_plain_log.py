"""What the log says in Level 7 is plain words: the data's marks ('PLACEHOLDER', the spec's
sections 'spec 11 #21', '§7.2') stay in the data files, the code and the docs. A Hungarian log
read 'támadás 2 (HELYETTES, szabály 8.2)' and '(spec 11 #21)' after every spawn, a Greek one
'(PLACEHOLDER, προδιαγραφή 8.2)'. The rules keep their msgids (the saves and the pinned games'
hashes hold them); the catalogues word them for the player, English included."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game import i18n
from game.engine.session import Session
from game.level7.player_bot import PlayerBot
from game.level7.rules.title import Level7Title

POT = Path(__file__).resolve().parents[2] / "game" / "locale" / "tiletop.pot"
MARKS = re.compile(r"PLACEHOLDER|HELYETTES|\bspec\b|προδιαγραφή|§|#\d|\b(?:rule|szabály) \d")
# Where the log's words come from: the rules' messages and the event and item cards' texts.
SHOWN = ("game/level7/rules/", "game/level7/data/events.toml", "game/level7/data/items.toml")


def _shown_messages() -> list:
    with POT.open("rb") as f:
        return [m for m in read_po(f) if m.id and any(loc.startswith(SHOWN) for loc, _n in m.locations)]


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_no_level7_log_message_carries_a_data_mark(lang):
    i18n.set_language(lang)
    try:
        marked = []
        for m in _shown_messages():
            words = [i18n.ngettext(m.id[0], m.id[1], n) for n in (1, 2)] if isinstance(m.id, tuple) \
                else [i18n.pgettext(m.context, m.id) if m.context else i18n.translate(m.id)]
            marked += [w for w in words if MARKS.search(w)]
        assert marked == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_a_bots_game_logs_no_data_mark(lang):
    """Two player bots, scenario 1, seed 1: the clones spawn and attack (the lines that read
    '(spec 11 #21)' and 'attack 2 (PLACEHOLDER, rule 8.2)')."""
    i18n.set_language(lang)
    try:
        session = Session.start(Level7Title(), "s1", 1, {"players": 2})
        bots: dict[str, PlayerBot] = {}
        lines = []
        for _n in range(150):
            if session.is_over():
                break
            bot = bots.setdefault(session.decider, PlayerBot(1 + len(bots)))
            lines += [str(e.text) for e in session.apply(bot.decide(session.state, session.legal_actions()).action)]
        assert any(i18n.translate("attack {n} (PLACEHOLDER, spec 8.2)").format(n=2) in line for line in lines)
        assert [line for line in lines if MARKS.search(line)] == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_the_scenarios_texts_carry_no_data_mark(lang):
    """The set-up screen's scenario list read, under The Hybrids, '...in the booklet the
    rulebook lacks (rule 9.3)' (Hungarian 'szabály 9.3', Greek 'προδιαγραφή 9.3'): the spec's
    section. A scenario's texts (its refusal, objective and rules) are worded for the player in
    every language; the rulebook's page may stay, a player has the rulebook."""
    from game.level7.content import shared_content
    from game.level7.rules.setup import refusal

    content = shared_content()
    i18n.set_language(lang)
    try:
        with POT.open("rb") as f:
            texts = [i18n.translate(m.id) for m in read_po(f) if isinstance(m.id, str) and m.id
                     and any(loc == "game/level7/data/scenarios.toml" for loc, _n in m.locations)]
        shown = [str(refusal(content, sc.id, 1) or "") for sc in content.scenarios.values()]
        assert any(sc.not_playable for sc in content.scenarios.values())  # The Hybrids' refusal is among them
        assert [t for t in texts + shown if MARKS.search(t)] == []
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_character_killed_by_a_knock_out_is_said_once_in_one_sentence(lang):
    """'Subject 2 is killed (Knocked out (out of adrenaline cards) during a Lockdown: killed.).':
    the killing said twice, a sentence inside the brackets and '.).'. The knock-out's reason
    reads as the other reasons for a death do ('the swarm came onto their tile')."""
    from game.engine.text import M
    from game.level7.content import shared_content
    from game.level7.rules.tracks import knock_out

    i18n.set_language(lang)
    try:
        for lockdown, vitality in ((True, 4), (False, 3)):
            out = knock_out(shared_content(), cause="hand_empty", vitality=vitality, threat=1, items=(),
                            lockdown=lockdown)
            assert out.killed
            line = str(M("{who} is killed ({why}).", who="Subject 2", why=out.text))
            assert ".)." not in line and ":" not in line.split("(", 1)[1], line
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_track_change_reads_with_an_arrow_not_a_programmers_dash(lang):
    """'Subject 1: Fear 3 -> 4 (attacked).', 'Threat 1 -> 2', the bots' 'move my Fear 4 -> 3':
    an ASCII '->' in the log and the bots' reasons. They read 'Fear 3 → 4'."""
    i18n.set_language(lang)
    try:
        with POT.open("rb") as f:
            shown = [m for m in read_po(f) if m.id and (m.id if isinstance(m.id, str) else m.id[0]).count(" -> ")
                     and all(loc.startswith(("game/level7/", "game/ui/level7/")) for loc, _n in m.locations)]
        assert len(shown) >= 10
        words = [i18n.ngettext(m.id[0], m.id[1], 2) if isinstance(m.id, tuple) else i18n.translate(m.id) for m in shown]
        assert [w for w in words if "->" in w] == [] and all("\u2192" in w for w in words)
    finally:
        i18n.set_language("en")


def test_a_count_of_icons_is_a_plural_message():
    """The log read 'Subject 2 rolls 5 dice (Strength 3): ...: 1 icons.' and 'The rush needs 3
    Strength icons to leave; 1 are left.': a number the roll decides before 'icons' or 'are
    left' was put into one English sentence. Every such message of the rules is a plural one
    (Mn), and one icon reads '1 icon' in English and Greek ('1 σύμβολο')."""
    from game.engine.text import as_text
    from game.level7.rules.challenge import event_challenge, resolve_event_challenge
    from game.level7.rules.names import _ICONS_BEFORE

    counted = re.compile(r"\{(?:n|icons|available)\} (?:\{\w+\} |\w+ )?icons\b|\{(?:n|available)\} are left")
    single = [m.id for m in _shown_messages() if isinstance(m.id, str) and counted.search(m.id) and m.id not in _ICONS_BEFORE
              and "Intelligence icons outwit" not in m.id and "challenge is met" not in m.id
              and "door is unlocked" not in m.id and "panel is accessed" not in m.id]
    assert single == []  # (a success needs at least the challenge's level, 2 or more: those stay)
    failed = resolve_event_challenge(event_challenge("intelligence", 3), 1).text
    assert as_text(failed).startswith("1 Intelligence icon: ")
    i18n.set_language("el")
    try:
        assert "1 σύμβολο·" in as_text(failed), as_text(failed)
        # an older save holds the old one-sentence msgids: its log lines are still translated
        assert all(i18n.translate(old) != old for old in _ICONS_BEFORE)
    finally:
        i18n.set_language("en")
