"""The whole state of a Gears of War game as plain data (spec 12.1), with a JSON round trip.

Everything a replay needs is here, the RNG included (game/engine/rng.py). Figure positions are
area names of the composed board; the board itself is not stored: the state keeps the list of
tile placements (`placements`) and `GearsState.view()` rebuilds the Board from the tile files
(cached per placement list, so rebuilding costs nothing after the first time).

Ids: players "P1".."P4" (seats); COGs are keyed by player; Order cards are instances
"advance#1"; Locust figures are "<figure model>#<n>" ("drone#3", also for a Grenadier, whose
figure is a Drone: the physical count limits both, spec 7.5); wound markers "<pile>:<index>".
"""
from __future__ import annotations

import marshal
from dataclasses import dataclass, field
from typing import Any, Callable

from game.engine.deck import Deck
from game.engine.protocol import hash_json, english_words
from game.engine.text import TEXTS
from game.engine.resolution import proc_json
from game.engine.revisions import RulesRevisions
from game.engine.rng import Rng

FORMAT = 1


@dataclass
class CogState:
    """One player's COG (spec 12.1 'COGs')."""

    player: str
    character: str
    area: str
    cover: str | None = None
    hand: list[str] = field(default_factory=list)
    # [weapon id, ammo tokens] in the order gained; the Bolo Grenade is `grenades`, not listed.
    weapons: list[list[Any]] = field(default_factory=list)
    grenades: int = 0
    bleeding: bool = False
    # Revived: may not draw Order cards until its next Healing Step (spec 6.10).
    no_draw: bool = False
    # Per-turn flags (spec 12.1): reset when this COG's player's turn starts.
    moved: bool = False
    attacked: bool = False

    def ammo(self, weapon: str) -> int:
        """The ammo on his copy of the weapon; with two copies (a dropped one picked up as a
        card, spec 11 item 32), on the better-loaded one, the copy he fires and loses tokens
        from (`set_ammo` writes to the same copy)."""
        pair = self._copy(weapon)
        return pair[1] if pair is not None else 0

    def _copy(self, weapon: str):
        best = None
        for pair in self.weapons:
            if pair[0] == weapon and (best is None or pair[1] > best[1]):
                best = pair
        return best

    def has_weapon(self, weapon: str) -> bool:
        for w, _ in self.weapons:
            if w == weapon:
                return True
        return False

    def set_ammo(self, weapon: str, n: int) -> None:
        """Sets the ammo of the copy `ammo` reads: read, then written, the same card (a second,
        empty Hammerburst went to -4 while the loaded one's tokens were the ones offered)."""
        pair = self._copy(weapon)
        if pair is None:
            raise KeyError(weapon)
        pair[1] = n

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "character": self.character, "area": self.area,
                "cover": self.cover, "hand": list(self.hand),
                "weapons": [[w, n] for w, n in self.weapons], "grenades": self.grenades,
                "bleeding": self.bleeding, "no_draw": self.no_draw, "moved": self.moved,
                "attacked": self.attacked}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> CogState:
        return cls(str(d["player"]), str(d["character"]), str(d["area"]), d["cover"],
                   [str(c) for c in d["hand"]], [[str(w), int(n)] for w, n in d["weapons"]],
                   int(d["grenades"]), bool(d["bleeding"]), bool(d["no_draw"]),
                   bool(d["moved"]), bool(d["attacked"]))


@dataclass
class LocustState:
    """One Locust figure on the map (spec 6.4, 12.1)."""

    id: str
    enemy: str
    area: str
    cover: str | None = None
    marker: str | None = None  # wound marker id; None = unwounded
    # Current health while wounded: the marker's value (Berserker two-stage: 5, then 3).
    wounded_health: int | None = None

    @property
    def wounded(self) -> bool:
        return self.wounded_health is not None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "enemy": self.enemy, "area": self.area, "cover": self.cover,
                "marker": self.marker, "wounded_health": self.wounded_health}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> LocustState:
        wh = d["wounded_health"]
        return cls(str(d["id"]), str(d["enemy"]), str(d["area"]), d["cover"], d["marker"],
                   None if wh is None else int(wh))


# The revision of the rules a new game is played with (GearsTitle.new_options puts it in the
# game's options, so its saves keep it). A change to the questions a game asks raises it, and the
# rules keep the old questions for a game of an older revision: a save replays with the
# questions it was played with. Revisions:
#   0  every game saved before the revisions began (its options have no "rules").
#   1  a Locust taking cover is asked against which of its tied nearest COGs only when the
#      answer changes the spots it may take (wounds.locust_take_cover).
#   2  an AI card's condition asks which COG it found ('the COG the card means') only when its
#      branch names that COG (ai._set_cog); a condition of a new-card test never asks.
#   3  a Locust moving toward the nearest COG is not asked which of tied COGs standing in one
#      area it means when no later instruction names that COG (ai.move_target).
#   4  a "for each" card does not ask the order of the figures left when none of them would act
#      (its condition holds for none, as The Horde's with every COG near): ai.effect.
#   5  a cover question (set-up or after a move) is not asked of a COG whose area has no free
#      cover spot: 'stay in the open' is its only answer (turn.settle_open).
RULES_REVISION = 5
REVISIONS = RulesRevisions(RULES_REVISION)


def rules_revision(state: GearsState) -> int:
    """The rules revision the game was started with (RULES_REVISION)."""
    return REVISIONS.of(state.options)


@dataclass
class GearsState:
    mission: str
    players: list[str]  # seats in turn order (to the left); players[first] starts
    options: dict[str, Any]
    rng: Rng
    orders: Deck
    ai: Deck
    weapon_deck: Deck
    location_decks: list[Deck]  # one per level (level 1 is index 0)
    locked: list[bool]
    special_supply: dict[str, int]
    marker_piles: dict[str, Deck]
    slots: dict[str, str]  # "A"/"B"/"C" -> enemy id
    cogs: dict[str, CogState]
    locusts: dict[str, LocustState] = field(default_factory=dict)
    # Dropped-weapon markers: {"id", "area", "weapon", "enemy", "marker"} (spec 12.1).
    dropped: list[dict[str, Any]] = field(default_factory=list)
    # Tiles placed, in order: {"tile": "2A", "exit": None | "<piece>:<exit name>"}.
    placements: list[dict[str, Any]] = field(default_factory=list)
    doors: list[str] = field(default_factory=list)  # exit connectors holding a door token
    # Emergence holes: name -> {"area", "sealed", "token"} (token: placed by a card, not printed).
    holes: dict[str, dict[str, Any]] = field(default_factory=dict)
    equipment: dict[str, str] = field(default_factory=dict)  # piece (tile) -> equipment id still usable
    levels_built: int = 0
    stage: int = 0  # index into the mission's stages
    first: int = 0  # index of the first player in `players`
    active: int = 0  # index of the active player in `players`
    turn: int = 1
    phase: str = "setup_cover"
    pending: dict[str, Any] = field(default_factory=dict)  # data of the current decision
    flags: dict[str, Any] = field(default_factory=dict)  # per-turn / per-step flags
    proc: dict[str, Any] | None = None  # a resolution waiting for a decision (procedures.py)
    outcome: str | None = None  # None while playing, "won" or "lost"
    next_token: int = 1  # counter for token names (holes placed by cards, dropped markers)
    # Not part of the state: how to load tile faces (set by the title; rebuilds the board).
    loader: Any = field(default=None, repr=False, compare=False)
    # Not part of the state: the last view() answer, valid while `placements` is the same list
    # with the same length and last entry (placements only ever grow by append).
    _view_memo: Any = field(default=None, repr=False, compare=False)
    # Not part of the state: the last legal_actions() list (turn.py), dropped by every apply
    # and restore. An action object taken from it is known legal without listing them again.
    _legal_memo: Any = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ derived

    @property
    def active_player(self) -> str:
        return self.players[self.active]

    @property
    def active_cog(self) -> CogState:
        return self.cogs[self.active_player]

    def view(self):
        """The composed board and its precomputed tables (rules/board_view.py), cached.

        Movement joins between areas (Scattered Stage 3, `flags["mission"]["joins"]`, set by
        missions.py) are part of the view: they change movement distances only."""
        memo = self._view_memo
        pl = self.placements
        mission = self.flags.get("mission")
        joins = mission.get("joins") if mission else None
        if (memo is not None and memo[0] is pl and memo[1] == len(pl) and memo[2] is self.loader
                and (not pl or memo[3] is pl[-1]) and memo[6] is joins and memo[5] == bool(joins)):
            return memo[4]
        from game.gears.rules.board_view import view_for

        view = view_for(self.loader, pl, joins or ())
        self._view_memo = (pl, len(pl), self.loader, pl[-1] if pl else None, view, bool(joins), joins)
        return view

    def token(self, prefix: str) -> str:
        name = f"{prefix}{self.next_token}"
        self.next_token += 1
        return name

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "mission": self.mission,
            "players": list(self.players),
            "options": dict(self.options),
            "rng": self.rng.to_json(),
            "orders": self.orders.to_json(),
            "ai": self.ai.to_json(),
            "weapon_deck": self.weapon_deck.to_json(),
            "location_decks": [d.to_json() for d in self.location_decks],
            "locked": list(self.locked),
            "special_supply": dict(self.special_supply),
            "marker_piles": {k: d.to_json() for k, d in self.marker_piles.items()},
            "slots": dict(self.slots),
            "cogs": {k: c.to_json() for k, c in self.cogs.items()},
            "locusts": {k: x.to_json() for k, x in self.locusts.items()},
            "dropped": [dict(d) for d in self.dropped],
            "placements": [dict(p) for p in self.placements],
            "doors": list(self.doors),
            "holes": {k: dict(v) for k, v in self.holes.items()},
            "equipment": dict(self.equipment),
            "levels_built": self.levels_built,
            "stage": self.stage,
            "first": self.first,
            "active": self.active,
            "turn": self.turn,
            "phase": self.phase,
            "pending": _copy(self.pending),
            "flags": _copy(self.flags),
            "proc": proc_json(self.proc, _copy),
            "outcome": self.outcome,
            "next_token": self.next_token,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any], loader: Any = None) -> GearsState:
        if d.get("format") != FORMAT:
            raise ValueError(f"unknown Gears state format {d.get('format')!r} (expected {FORMAT})")
        return cls(
            mission=str(d["mission"]),
            players=[str(p) for p in d["players"]],
            options=dict(d["options"]),
            rng=Rng.from_json(d["rng"]),
            orders=Deck.from_json(d["orders"]),
            ai=Deck.from_json(d["ai"]),
            weapon_deck=Deck.from_json(d["weapon_deck"]),
            location_decks=[Deck.from_json(x) for x in d["location_decks"]],
            locked=[bool(x) for x in d["locked"]],
            special_supply={str(k): int(v) for k, v in d["special_supply"].items()},
            marker_piles={str(k): Deck.from_json(v) for k, v in d["marker_piles"].items()},
            slots={str(k): str(v) for k, v in d["slots"].items()},
            cogs={str(k): CogState.from_json(v) for k, v in d["cogs"].items()},
            locusts={str(k): LocustState.from_json(v) for k, v in d["locusts"].items()},
            dropped=[dict(x) for x in d["dropped"]],
            placements=[dict(x) for x in d["placements"]],
            doors=[str(x) for x in d["doors"]],
            holes={str(k): dict(v) for k, v in d["holes"].items()},
            equipment={str(k): str(v) for k, v in d["equipment"].items()},
            levels_built=int(d["levels_built"]),
            stage=int(d["stage"]),
            first=int(d["first"]),
            active=int(d["active"]),
            turn=int(d["turn"]),
            phase=str(d["phase"]),
            pending=_copy(d["pending"]),
            flags=_copy(d["flags"]),
            proc=_copy(d["proc"]),
            outcome=d["outcome"],
            next_token=int(d["next_token"]),
            loader=loader,
        )

    def state_hash(self) -> str:
        """As Title.state_hash: a pending question's words in English (protocol.english_words)."""
        return hash_json(english_words(self.to_json()))

    def restore(self, data: dict[str, Any]) -> None:
        """Replaces this state's contents in place with a snapshot from to_json."""
        other = GearsState.from_json(data, self.loader)
        for name in self.__dataclass_fields__:
            if name not in ("loader", "_view_memo"):
                setattr(self, name, getattr(other, name))


def _copy(value: Any) -> Any:
    """A deep copy of JSON data (lists and dicts). marshal copies in C; its format 2 writes
    every object out in full (no back-references), so no list or dict of the copy is shared
    (as with the plain recursion, which takes what marshal cannot write)."""
    try:
        return marshal.loads(marshal.dumps(value, 2))
    except ValueError:
        return _copy_each(value)


def _copy_each(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_each(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_each(v) for v in value]
    if isinstance(value, TEXTS):  # a paused question's prompt and labels (engine/resolution.py)
        return value.to_json()
    return value


TileLoader = Callable[[str], Any]
