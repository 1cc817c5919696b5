"""The Neuroshima Convoy game state (convoy.md 10 "State checklist"): small ints and lists.

Every one of the 70 cards is an instance number (uid): 0-34 the Moloch deck, 35-69 the Outpost
deck, `ids[uid]` its card id in game/convoy/data/cards.toml. Each uid is in exactly one place at
any time: a deck, a hand, a discard pile, a city side (`slots[city][side]`) or on a unit as its
Equipment (`equip[carrier]`); tests check this after every action.

Sides are indices: 0 = Moloch, 1 = Outpost. Cities are 0-4 (Ziggy One ... New York). The active,
future and destroyed cities are derived (rules/board.py), never stored: a city is destroyed once
its card is flipped (Phase VIa), and the active city is the first one not flipped.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.rng import Rng
from game.engine.plain import copy_plain
from game.engine.resolution import pending_words
from game.engine.text import from_json as text_from_json
from game.engine.text import to_json as text_json

FORMAT = 1
MOLOCH, OUTPOST = 0, 1
SIDE_NAMES = ("moloch", "outpost")
CITIES = 5
# phases (spec 5); "mulligan" before round 1 and "over" at the end
PHASES = ("mulligan", "I", "II", "III", "IV", "V", "Va", "VI", "VIa", "over")




@dataclass
class ConvoyState:
    seed: int
    rng: Rng
    ids: list[str]  # uid -> card id (never changes during a game)
    deck: list[list[int]]  # [moloch, outpost], top card first
    hand: list[list[int]]
    discard: list[list[int]]  # bottom first
    slots: list[list[list[int]]]  # [city][side] -> uids in the order they came
    sector_down: list[list[bool]]  # [city][sector]; the Extra Sector adds one entry
    flipped: list[bool]  # the city card turned to its destroyed side (Phase VIa)
    equip: dict[int, int] = field(default_factory=dict)  # carrier uid -> Equipment uid
    tokens: dict[int, list[int]] = field(default_factory=dict)  # uid -> Strength tokens (+1, +2, -2)
    disabled: list[int] = field(default_factory=list)  # switched off until the end of the round
    used: list[int] = field(default_factory=list)  # once-per-round abilities used this round
    extra_city: int = -1  # where the Extra Sector token lies (-1: in the supply)
    feature_used: bool = False  # the City Feature Used token on the active city
    battle_sector: int = -1  # the Sector Battle token (-1: not placed)
    emp: bool = False  # the EMP Attack was used in this battle
    round: int = 0
    phase: str = "mulligan"
    mulligan: list[bool] = field(default_factory=lambda: [False, False])  # decided
    known_in_deck: list[int] = field(default_factory=list)  # shown by Iron Gate and shuffled back (9 #31)
    played: list[int] = field(default_factory=list)  # uids played from hand, in order (statistics)
    proc: dict[str, Any] | None = None
    flags: dict[str, Any] = field(default_factory=dict)
    outcome: str | None = None  # "moloch" | "outpost" once the game is over
    win_by: str = ""  # "deck", "new_york", "deck_and_new_york" (Moloch) or "convoy_destroyed"
    options: dict[str, Any] = field(default_factory=dict)

    # ------------------------------------------------------------------ copies and JSON

    def checkpoint(self) -> ConvoyState:
        """A copy for the resolver (game/engine/resolution.py): cheaper than JSON, which is
        written only if a save asks for it."""
        return ConvoyState(
            self.seed, Rng.from_json(self.rng.to_json()), self.ids, [list(d) for d in self.deck],
            [list(h) for h in self.hand], [list(d) for d in self.discard],
            [[list(s[0]), list(s[1])] for s in self.slots], [list(s) for s in self.sector_down],
            list(self.flipped), dict(self.equip), {k: list(v) for k, v in self.tokens.items()},
            list(self.disabled), list(self.used), self.extra_city, self.feature_used, self.battle_sector,
            self.emp, self.round, self.phase, list(self.mulligan), list(self.known_in_deck), list(self.played),
            None, copy_plain(self.flags), self.outcome, self.win_by, self.options)

    def to_json(self) -> dict[str, Any]:
        proc = None
        if self.proc is not None:
            proc = {k: v for k, v in self.proc.items() if k != "checkpoint"}
            proc = copy_plain(proc)
            pending_words(proc, text_json)
            cp = self.proc.get("checkpoint")
            if cp is not None:
                proc["checkpoint"] = cp.to_json() if isinstance(cp, ConvoyState) else copy_plain(cp)
        return {
            "format": FORMAT, "seed": self.seed, "rng": self.rng.to_json(), "ids": list(self.ids),
            "deck": copy_plain(self.deck), "hand": copy_plain(self.hand), "discard": copy_plain(self.discard),
            "slots": copy_plain(self.slots), "sector_down": copy_plain(self.sector_down), "flipped": list(self.flipped),
            "equip": [[k, v] for k, v in sorted(self.equip.items())],
            "tokens": [[k, list(v)] for k, v in sorted(self.tokens.items()) if v],
            "disabled": sorted(self.disabled), "used": sorted(self.used), "extra_city": self.extra_city,
            "feature_used": self.feature_used, "battle_sector": self.battle_sector, "emp": self.emp,
            "round": self.round, "phase": self.phase, "mulligan": list(self.mulligan),
            "known_in_deck": list(self.known_in_deck), "played": list(self.played), "proc": proc,
            "flags": copy_plain(self.flags), "outcome": self.outcome, "win_by": self.win_by,
            "options": copy_plain(self.options),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> ConvoyState:
        if d.get("format") != FORMAT:
            raise ValueError(f"unknown Neuroshima Convoy state format {d.get('format')!r}")
        ints = lambda xs: [int(x) for x in xs]  # noqa: E731
        return cls(
            int(d["seed"]), Rng.from_json(d["rng"]), [str(i) for i in d["ids"]],
            [ints(x) for x in d["deck"]], [ints(x) for x in d["hand"]], [ints(x) for x in d["discard"]],
            [[ints(s[0]), ints(s[1])] for s in d["slots"]], [[bool(b) for b in s] for s in d["sector_down"]],
            [bool(b) for b in d["flipped"]], {int(k): int(v) for k, v in d["equip"]},
            {int(k): ints(v) for k, v in d["tokens"]}, ints(d["disabled"]), ints(d["used"]),
            int(d["extra_city"]), bool(d["feature_used"]), int(d["battle_sector"]), bool(d["emp"]),
            int(d["round"]), str(d["phase"]), [bool(b) for b in d["mulligan"]], ints(d["known_in_deck"]),
            ints(d["played"]), pending_words(copy_plain(d["proc"]), text_from_json), copy_plain(d["flags"]), d["outcome"], str(d["win_by"]),
            copy_plain(d["options"]))

    def restore(self, data: Any) -> None:
        """Becomes the state `data` describes (JSON, or a checkpoint copy)."""
        other = data.checkpoint() if isinstance(data, ConvoyState) else ConvoyState.from_json(data)
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(other, name))

    # ------------------------------------------------------------------ where cards are

    def all_zones(self) -> list[list[int]]:
        """Every list that holds uids (decks, hands, discards, city sides), for the count check."""
        zones = self.deck + self.hand + self.discard
        for city in self.slots:
            zones += city
        return zones
