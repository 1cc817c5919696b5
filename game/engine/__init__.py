"""Generic engine: seeded RNG, decks, dice, the action protocol, event log, sessions and saves.

Pure Python, no pygame. A title (game/<title>/) implements `Title`; the UI and bots drive a
`Session`. See docs/ENGINE.md.
"""
from __future__ import annotations

from game.engine.deck import Deck, DeckError
from game.engine.dice import (Die, Distribution, Face, at_least, clamp, combine, count,
                              dice_from_toml, load_dice, mean, outcome_distribution,
                              parse_dice, roll_all, sum_distribution)
from game.engine.log import EventLog, LogEntry
from game.engine.protocol import (Action, Event, IllegalAction, Title, canonical_json,
                                  hash_json)
from game.engine.rng import Pcg32, Rng
from game.engine.session import (SAVE_FORMAT, SAVE_VERSION, SaveError, Session, UndoRefused,
                                 load_session, read_save, write_json_atomic)
from game.engine.tomldata import DataError, TomlFile, format_key, key_line, load_toml, parse_toml

__all__ = [
    "Action", "DataError", "Deck", "DeckError", "Die", "Distribution", "Event", "EventLog",
    "Face", "IllegalAction", "LogEntry", "Pcg32", "Rng", "SAVE_FORMAT", "SAVE_VERSION",
    "SaveError", "Session", "Title", "TomlFile", "UndoRefused", "at_least", "canonical_json",
    "clamp", "combine", "count", "dice_from_toml", "format_key", "hash_json", "key_line",
    "load_dice", "load_session", "load_toml", "mean", "outcome_distribution", "parse_dice",
    "parse_toml", "read_save", "roll_all", "sum_distribution", "write_json_atomic",
]
