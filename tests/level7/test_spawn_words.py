"""A spawn's log line names the figure and its tile once (7.2): the reason after them says why
there, not again who comes where."""
from __future__ import annotations

from game import i18n
from game.engine.session import Session
from game.engine.text import as_text
from game.level7.player_bot import PlayerBot
from game.level7.rules.title import Level7Title
from game.level7.rules.turn import decider


def _spawn_lines(seed: int, players: int, scenario: str = "s1", most: int = 400) -> list:
    """The messages of the spawns (a figure put on a tile) of a game the player bot plays."""
    session = Session.start(Level7Title(), scenario, seed, {"players": players})
    bots = {f"subject_{i + 1}": PlayerBot(seed + i) for i in range(players)}
    for _ in range(most):
        acts = session.legal_actions()
        if session.is_over() or not acts:
            break
        session.apply(bots[decider(session.state)].choose(acts, session.state))
    return [e.event.message for e in session.log if e.event.kind == "spawn" and (e.event.payload or {}).get("enemy")]


def test_a_spawn_line_says_who_appears_where_once_in_every_language():
    """Seeds 0-2: "Clone 6 appears on Dissection Room: Subject 2's Fear is 7 (at least 7): Clone
    6 spawns on the nearest vent tile with room: Dissection Room; ..." said who and where twice,
    and the Greek 'εμφανίζεται' ('appears') twice. Now the reason is the nearest tile's rule and
    the distance."""
    lines = [m for seed in range(3) for m in _spawn_lines(seed, 2)]
    assert len(lines) >= 3
    before = i18n.language()
    try:
        for lang, verb in (("en", " appears on "), ("hu", "játékba kerül"), ("el", "εμφανίζεται")):
            i18n.set_language(lang)
            for m in lines:
                text = as_text(m)
                assert text.count(verb) == 1, (lang, text)
                who = text.split(" ")[0] + " " + text.split(" ")[1].rstrip(":")  # "Clone 6", "Κλώνος 1"
                assert text.count(who) == 1, (lang, text)
    finally:
        i18n.set_language(before)
