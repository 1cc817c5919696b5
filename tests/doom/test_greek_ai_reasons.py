"""The invader AI's reasons in Greek. Shown after 'Ο εισβολέας: ' in the log, the bots' panel and
the caption over the map, they read 'Ο εισβολέας: Ζόμπι 1: κινείται προς: «Δυτικός διάδρομος»: 0%
να σκοτώσει ...' and 'Ο εισβολέας: Ζόμπι: εμφανίζεται σε: «Αίθουσα διακλάδωσης», ...': a colon
after the figure and another before the place, four in one line. The figure is the subject now and
the place follows its preposition ('Ζόμπι 1 κινείται προς «Δυτικός διάδρομος»'), as 'Ζόμπι 1
πρώτα: ...' already read."""
from __future__ import annotations

from game import i18n
from game.doom.rules.names import UNEXPLORED
from game.engine.text import M


def _greek(msg) -> str:
    i18n.set_language("el")
    try:
        return str(msg)
    finally:
        i18n.set_language("en")


def test_a_move_and_a_spawn_read_without_a_colon_after_the_figure_or_before_the_place():
    place = M("the {place}", place=M("West corridor"))
    move = _greek(M("{plan}: {pct}% to kill, {wounds} wounds expected on {target}",
                    plan=M("{figure} moves to {place}", figure="Ζόμπι 1", place=place), pct=0, wounds="1,7",
                    target="Πράσινος"))
    assert move.startswith("Ζόμπι 1 κινείται προς «") and move.count(":") == 1, move
    spawn = _greek(M("{monster} appears in {place}, out of sight, {d} squares from the nearest marine",
                     monster="Ζόμπι", place=place, d=4))
    assert spawn.startswith("Ζόμπι εμφανίζεται ") and ":" not in spawn, spawn
    for words in (M("{figure} is done", figure="Ζόμπι 1"), M("{figure} has nothing left to do", figure="Ζόμπι 1"),
                  M("{figure} crawls through the vents to {place}", figure="Ζόμπι 1", place=UNEXPLORED),
                  M("knock the marine onto the hazard in {place}", place=place)):
        assert ":" not in _greek(words), _greek(words)
