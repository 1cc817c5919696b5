"""The whole state of a Doom game as plain data (spec doom.md 12 "State"), with a JSON round trip.

Ids: players are the marine colours ("red", "green", "blue") and "invader". Invader figures are
"<monster>#<n>" ("imp#3"); cards are "<card>#<copy>" ("zombie_pack#2", "medic#1"); markers on
the board are "m<n>". Squares are (x, y) tuples in memory and [x, y] lists in JSON.

The map itself is not stored: `state.map` reads the scenario's Tiled map once per process
(game/doom/rules/board.py). Everything that changes is here, the RNG included, so a replay from
the seed and the actions rebuilds it exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.doom.content import DoomContent, shared_content
from game.doom.rules.board import DoomMap, load_map
from game.engine.deck import Deck
from game.engine.resolution import pending_words
from game.engine.revisions import RulesRevisions
from game.engine.rng import Pcg32, Rng
from game.engine.text import from_json as text_from_json
from game.engine.text import to_json as text_json

Cell = tuple[int, int]
FORMAT = 1
INVADER = "invader"

# The revision of the rules a new game is played with (game/engine/revisions.py: DoomTitle
# .new_options puts it in the game's options, so its saves keep it). A rules fix that changes
# what a game does raises it, and the rules keep the old behaviour for a game of an older
# revision: a save replays as it was played. Revisions:
#   0  every game saved before the revisions began (its options have no "rules"): the invader is
#      asked about a reaction card (Dodge, Dud, Dark Energies, Trap, Ambush, Hellfire after a
#      Medic's question) only when its hand holds one that fits, so in hot-seat the hand-off to
#      the invader told the marines it held one.
#   1  it is asked at every point where a card of that timing could be played whenever its hand
#      holds any card (the hand's size is public), and passes when none fits (`asks_reaction`).
RULES_REVISION = 1
REVISIONS = RulesRevisions(RULES_REVISION)


def cell_of(v: Any) -> Cell | None:
    return None if v is None else (int(v[0]), int(v[1]))


def cell_json(c: Cell | None) -> list[int] | None:
    return None if c is None else [c[0], c[1]]


@dataclass
class Marine:
    """One marine (spec 12 "Marines")."""

    id: str  # its colour, also the player id
    cell: Cell | None
    health: int
    max_health: int  # the starting health: full health (spec 6.6)
    armour: int
    base_armour: int  # the starting armour; extra armour is lost on death (seed p. 9)
    ammo: dict[str, int]
    weapons: list[str] = field(default_factory=list)  # weapon markers owned (not the always ones)
    cards: list[str] = field(default_factory=list)  # marine card instances, face up
    order: str | None = None  # aim | guard | dodge | heal
    order_turn: int = -1  # turn_seq when placed: not usable in that turn (spec 11 item 17)
    adrenaline: int = 0
    berserk: int = 0  # 2 full strength, 1 fading, 0 none (spec 6.12)
    berserk_turn: int = -1
    dead: bool = False
    death_cell: Cell | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "cell": cell_json(self.cell), "health": self.health,
                "max_health": self.max_health, "armour": self.armour, "base_armour": self.base_armour,
                "ammo": dict(sorted(self.ammo.items())), "weapons": list(self.weapons), "cards": list(self.cards),
                "order": self.order, "order_turn": self.order_turn, "adrenaline": self.adrenaline,
                "berserk": self.berserk, "berserk_turn": self.berserk_turn, "dead": self.dead,
                "death_cell": cell_json(self.death_cell)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Marine:
        return cls(str(d["id"]), cell_of(d["cell"]), int(d["health"]), int(d["max_health"]), int(d["armour"]),
                   int(d["base_armour"]), {str(k): int(v) for k, v in d["ammo"].items()},
                   [str(w) for w in d["weapons"]], [str(c) for c in d["cards"]], d["order"], int(d["order_turn"]),
                   int(d["adrenaline"]), int(d["berserk"]), int(d["berserk_turn"]), bool(d["dead"]),
                   cell_of(d["death_cell"]))


@dataclass
class Invader:
    """One invader figure on the board (spec 12 "Invaders")."""

    id: str
    monster: str
    cells: list[Cell]
    wounds: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "monster": self.monster, "cells": [cell_json(c) for c in self.cells],
                "wounds": self.wounds}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Invader:
        return cls(str(d["id"]), str(d["monster"]), [cell_of(c) for c in d["cells"]], int(d["wounds"]))


@dataclass(frozen=True)
class Marker:
    """A marker on a square: obstacle, hazard, barrel, vent, teleporter, encounter, key, equipment.
    Frozen: a marker is placed and taken away, never changed, so copies of the state share them."""

    id: str
    kind: str
    variant: str
    cell: Cell
    count: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "variant": self.variant, "cell": cell_json(self.cell),
                "count": self.count}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Marker:
        return cls(str(d["id"]), str(d["kind"]), str(d["variant"]), cell_of(d["cell"]), int(d["count"]))


BLOCKING = ("obstacle", "barrel")


@dataclass
class DoomState:
    scenario: str
    seed: int
    rng: Rng
    seats: list[str]  # marine colours in turn order
    marines: dict[str, Marine]
    invaders: dict[str, Invader]
    markers: list[Marker]
    deck: Deck  # the invader deck
    hand: list[str]  # the invader's hand (hidden from the marines)
    marine_deck: Deck
    frags: int = 0
    keys: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)  # closed doors, sorted
    destroyed: list[str] = field(default_factory=list)  # doors destroyed by Smash
    revealed: list[str] = field(default_factory=list)  # areas, in the order revealed
    encounters_done: list[str] = field(default_factory=list)
    round: int = 1
    phase: str = "marine"  # marine | discard | spawn | kill
    seat: int = 0  # whose marine turn (index into seats)
    turn: dict[str, Any] | None = None  # the marine turn in progress (rules/turn.py)
    act: dict[str, Any] | None = None  # the invader activation in progress
    activated: list[str] = field(default_factory=list)  # invaders activated this kill step
    turn_seq: int = 0  # counts every turn (marine or invader) of the game
    next_id: dict[str, int] = field(default_factory=dict)  # per monster, and "marker"
    proc: dict[str, Any] | None = None  # a resolution waiting for a decision (procedures.py)
    flags: dict[str, Any] = field(default_factory=dict)
    outcome: str | None = None  # "marines" or "invader" once the game is over
    options: dict[str, Any] = field(default_factory=dict)  # rule options (rules/setup.py OPTIONS)

    # --- derived -------------------------------------------------------------------------

    @property
    def content(self) -> DoomContent:
        return shared_content()

    @property
    def map(self) -> DoomMap:
        # Asked thousands of times per action: kept on the object (not a field, not in the JSON).
        got = self.__dict__.get("_map")
        if got is None or got[0] != self.scenario:
            got = (self.scenario, load_map(self.content.scenarios[self.scenario].map, self.content))
            self.__dict__["_map"] = got
        return got[1]

    @property
    def closed_set(self) -> frozenset[str]:
        return frozenset(self.closed)

    def option(self, name: str) -> Any:
        if name in self.options:
            return self.options[name]
        return _option_defaults()[name]

    def cards_of(self, marine: str):
        """The marine's cards that have an effect (spec 11 item 6: the option marine_cards =
        "medic_only" turns all but the Medic off)."""
        cards = [self.content.marine_card(c) for c in self.marines[marine].cards]
        if self.option("marine_cards") == "medic_only":
            cards = [c for c in cards if c.effect == "heal_order"]
        return cards

    def active_marine(self) -> Marine:
        return self.marines[self.seats[self.seat]]

    def figure_cells(self) -> dict[Cell, str]:
        """Square -> the figure on it (marine colour or invader id)."""
        out: dict[Cell, str] = {}
        for m in self.marines.values():
            if m.cell is not None:
                out[m.cell] = m.id
        for inv in self.invaders.values():
            for c in inv.cells:
                out[c] = inv.id
        return out

    def markers_at(self, cell: Cell) -> list[Marker]:
        return [m for m in self.markers if m.cell == cell]

    def blocking_markers(self) -> set[Cell]:
        return {m.cell for m in self.markers if m.kind in BLOCKING}

    def has_marker(self, cell: Cell, kind: str) -> bool:
        return any(m.cell == cell and m.kind == kind for m in self.markers)

    def new_id(self, prefix: str) -> str:
        n = self.next_id.get(prefix, 0) + 1
        self.next_id[prefix] = n
        return f"{prefix}#{n}" if prefix != "marker" else f"m{n}"

    # --- JSON --------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "scenario": self.scenario, "seed": self.seed, "rng": self.rng.to_json(),
            "seats": list(self.seats), "marines": [self.marines[s].to_json() for s in self.seats],
            "invaders": [i.to_json() for i in self.invaders.values()],
            "markers": [m.to_json() for m in self.markers], "deck": self.deck.to_json(), "hand": list(self.hand),
            "marine_deck": self.marine_deck.to_json(), "frags": self.frags, "keys": list(self.keys),
            "closed": list(self.closed), "destroyed": list(self.destroyed), "revealed": list(self.revealed),
            "encounters_done": list(self.encounters_done), "round": self.round, "phase": self.phase,
            "seat": self.seat, "turn": _copy(self.turn), "act": _copy(self.act), "activated": list(self.activated),
            "turn_seq": self.turn_seq, "next_id": dict(sorted(self.next_id.items())), "proc": pending_words(_copy(self.proc), text_json),
            "flags": _copy(self.flags), "outcome": self.outcome, "options": dict(sorted(self.options.items())),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> DoomState:
        if d.get("format") != FORMAT:
            raise ValueError(f"unknown Doom state format {d.get('format')!r}")
        marines = [Marine.from_json(m) for m in d["marines"]]
        invaders = [Invader.from_json(i) for i in d["invaders"]]
        return cls(
            str(d["scenario"]), int(d["seed"]), Rng.from_json(d["rng"]), [str(s) for s in d["seats"]],
            {m.id: m for m in marines}, {i.id: i for i in invaders}, [Marker.from_json(m) for m in d["markers"]],
            Deck.from_json(d["deck"]), [str(c) for c in d["hand"]], Deck.from_json(d["marine_deck"]),
            int(d["frags"]), list(d["keys"]), list(d["closed"]), list(d["destroyed"]), list(d["revealed"]),
            list(d["encounters_done"]), int(d["round"]), str(d["phase"]), int(d["seat"]), _copy(d["turn"]),
            _copy(d["act"]), list(d["activated"]), int(d["turn_seq"]), {str(k): int(v) for k, v in d["next_id"].items()},
            pending_words(_copy(d["proc"]), text_from_json), _copy(d["flags"]), d["outcome"], dict(d["options"]))

    def restore(self, data: dict[str, Any] | Checkpoint) -> None:
        """Becomes the state `data` (JSON, or a `checkpoint()`) describes (the Resolver's
        re-execution, ENGINE.md). A checkpoint goes through its JSON, so a re-executed resolution
        starts from exactly the data a loaded save would give it."""
        if isinstance(data, Checkpoint):
            data = data.to_json()
        other = DoomState.from_json(data)
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(other, name))

    def checkpoint(self) -> Checkpoint:
        """The state as it is now, for the Resolver (game/engine/resolution.py): what `to_json()`
        gives now, made only when a save or a re-execution asks for it."""
        return Checkpoint(self)


def rules_revision(state: DoomState) -> int:
    """The rules revision the game was started with (RULES_REVISION)."""
    return REVISIONS.of(state.options)


def asks_reaction(state: DoomState, card: str | None) -> bool:
    """Whether the invader is asked about a reaction card at a moment where one of that timing
    could be played (the moment's public conditions met): `card` is the fitting card it holds, or
    None. From revision 1 it is asked whenever its hand holds any card, fitting or not, so that
    being asked tells the marines nothing but the hand's size, which is public; before, only when
    it held one that fits (an old save replays its questions)."""
    if card is not None:
        return True
    return bool(state.hand) and REVISIONS.of(state.options) >= 1


_DEFAULTS: dict[str, Any] = {}


def _option_defaults() -> dict[str, Any]:
    """Rule option -> its default (rules/setup.py OPTIONS, imported on first use: setup imports
    this module). Asked thousands of times per action."""
    if not _DEFAULTS:
        from game.doom.rules.setup import OPTIONS

        _DEFAULTS.update((k, v[0]) for k, v in OPTIONS.items())
    return _DEFAULTS


class Checkpoint:
    """A resolution's checkpoint (ENGINE.md "Resolutions"): the state when it started, kept as
    plain copies of its data (markers, frozen, are shared); its JSON is that state's `to_json()`,
    built on the first ask. A checkpoint is taken per resolution and most finish without a
    question, so it is never read: copying the data costs a fraction of writing the JSON."""

    __slots__ = ("_data", "_json")

    def __init__(self, s: DoomState):
        def marine(m: Marine) -> dict[str, Any]:
            d = m.__dict__.copy()
            d["ammo"], d["weapons"], d["cards"] = dict(m.ammo), list(m.weapons), list(m.cards)
            return d

        def deck(k: Deck) -> tuple:
            return (k.name, list(k.draw_pile), list(k.discard_pile), list(k.removed), k.reshuffle_when_empty,
                    k.reshuffles)

        self._json: dict[str, Any] | None = None
        self._data: tuple | None = (
            s.scenario, s.seed, s.rng.seed, [(n, g.state, g.inc) for n, g in s.rng.streams.items()], list(s.seats),
            [marine(m) for m in s.marines.values()], [(i.id, i.monster, tuple(i.cells), i.wounds)
                                                       for i in s.invaders.values()],
            list(s.markers), deck(s.deck), list(s.hand), deck(s.marine_deck), s.frags, list(s.keys), list(s.closed),
            list(s.destroyed), list(s.revealed), list(s.encounters_done), s.round, s.phase, s.seat, _copy(s.turn),
            _copy(s.act), list(s.activated), s.turn_seq, dict(s.next_id), _copy(s.proc, True), _copy(s.flags),
            s.outcome, _copy(s.options))

    def state(self) -> DoomState:
        """A new DoomState as it was (nothing it is given is shared with the checkpoint)."""
        d = self._data
        if d is None:
            return DoomState.from_json(self._json)
        (scenario, seed, rng_seed, streams, seats, marines, invaders, markers, deck, hand, marine_deck) = d[:11]
        rng = Rng(rng_seed, {n: Pcg32(st, inc) for n, st, inc in streams})
        mars = [Marine(**{**m, "ammo": dict(m["ammo"]), "weapons": list(m["weapons"]), "cards": list(m["cards"])})
                for m in marines]
        invs = [Invader(i, mon, list(cells), w) for i, mon, cells, w in invaders]
        rest = [list(v) if isinstance(v, list) else _copy(v, True) for v in d[11:]]
        return DoomState(scenario, seed, rng, list(seats), {m.id: m for m in mars}, {i.id: i for i in invs},
                         list(markers), _deck(deck), list(hand), _deck(marine_deck), *rest)

    def to_json(self) -> dict[str, Any]:
        """The checkpoint as JSON data; the same object every time (callers copy before changing it)."""
        if self._json is None:
            self._json = self.state().to_json()
            self._data = None
        return self._json


def _deck(d: tuple) -> Deck:
    return Deck(d[0], list(d[1]), list(d[2]), list(d[3]), d[4], d[5])


def _copy(value: Any, keep_checkpoints: bool = False) -> Any:
    """A deep copy of plain data (dicts, lists, tuples, scalars): what copy.deepcopy does for it,
    several times faster. A Checkpoint (in `proc`) becomes a copy of its JSON, or with
    `keep_checkpoints` stays itself (it never changes, so copies of a state may share it)."""
    t = type(value)
    if t is dict:
        return {k: (v if type(v) in _SCALARS else _copy(v, keep_checkpoints)) for k, v in value.items()}
    if t is list:
        return [(v if type(v) in _SCALARS else _copy(v, keep_checkpoints)) for v in value]
    if t in _SCALARS:
        return value
    if isinstance(value, Checkpoint) and not keep_checkpoints:
        return _copy(value.to_json())
    if isinstance(value, dict):
        return {k: _copy(v, keep_checkpoints) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v, keep_checkpoints) for v in value]
    if isinstance(value, tuple):
        return tuple(_copy(v, keep_checkpoints) for v in value)
    return value


_SCALARS = frozenset((str, int, bool, float, type(None)))  # immutable: _copy shares them
