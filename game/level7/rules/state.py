"""The Level 7 game state (level7-escape.md 12 "State"): plain data that to_json writes whole.

The map is the list of placed tiles; the TileMap graph (game/level7/board.py) is rebuilt from it
and cached on the state object (never saved). Cards are instances ("sprint#2": the second copy of
a kind) so every card of the box is in exactly one place at any time: a deck pile, a hand, a
character's skills or items, a tile, or the box (tests check this after every action).
Enemies sit on tiles with their number and a stunned flag; the reserves hold the numbers that
can still spawn, the box the ones that cannot (spec 7.2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.deck import Deck
from game.engine.rng import Rng
from game.engine.plain import copy_plain
from game.engine.resolution import proc_json
from game.engine.revisions import RulesRevisions

FORMAT = 1
HOSPITAL = "hospital"  # the off-map tile (spec 3.4); a character's `tile` while knocked out

IN_PLAY, IN_HOSPITAL, ESCAPED, KILLED = "in_play", "hospital", "escaped", "killed"

# The revision of the rules a new game is played with (game/engine/revisions.py: Level7Title
# .new_options puts it in the game's options, so its saves keep it). A rules fix that changes
# what a game does raises it, and the rules keep the old behaviour for a game of an older
# revision: a save replays as it was played. Revisions:
#   0  every game saved before the revisions began (its options have no "rules"): a locked door
#      facing unexplored space (an event's Blast Door) is explored through, as if open.
#   1  such a door is unlocked before exploring through it: exploring there is refused, the
#      unlock ways are offered, and it counts as a way out for the stuck rule (spec 3.2, 6.1,
#      6.8; explore.locked_unexplored).
RULES_REVISION = 1
REVISIONS = RulesRevisions(RULES_REVISION)


def rules_revision(state: Level7State) -> int:
    """The rules revision the game was started with (RULES_REVISION)."""
    return REVISIONS.of(state.options)


@dataclass
class Character:
    id: str
    name: str
    tile: str  # placement name, HOSPITAL, or "" once out of the game
    status: str  # IN_PLAY | IN_HOSPITAL | ESCAPED | KILLED
    fear: int
    vitality: int  # a space of the Vitality track; 0 is the skull
    threat: int
    hand: list[str] = field(default_factory=list)  # adrenaline cards (hidden from the others)
    skills: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)  # item cards and security keys

    @property
    def out(self) -> bool:
        return self.status in (ESCAPED, KILLED)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "tile": self.tile, "status": self.status, "fear": self.fear,
                "vitality": self.vitality, "threat": self.threat, "hand": list(self.hand),
                "skills": list(self.skills), "items": list(self.items)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Character:
        return cls(str(d["id"]), str(d["name"]), str(d["tile"]), str(d["status"]), int(d["fear"]),
                   int(d["vitality"]), int(d["threat"]), [str(c) for c in d["hand"]],
                   [str(c) for c in d["skills"]], [str(c) for c in d["items"]])


@dataclass
class Enemy:
    kind: str  # an enemy id of enemies.toml: guard, clone, hybrid, cronos
    number: int
    tile: str
    stunned: bool = False

    @property
    def key(self) -> str:
        return f"{self.kind}{self.number}"

    def to_json(self) -> list[Any]:
        return [self.kind, self.number, self.tile, self.stunned]

    @classmethod
    def from_json(cls, d: list[Any]) -> Enemy:
        return cls(str(d[0]), int(d[1]), str(d[2]), bool(d[3]))


@dataclass
class Turn:
    """What the active player has done this turn (spec 5.2's per-turn limits)."""

    player: str
    moves_left: int = 0
    challenge_used: bool = False
    trade_used: bool = False
    pickup_used: bool = False
    peek_used: bool = False
    step: int = 1  # 1 draw, 2 move and act, 3 trigger events
    trigger: str = ""  # the icon whose event was triggered in step 2 ("" = drawn at the end)
    rushed: int = -1  # Bull Rush: icons rolled this turn (-1: no Bull Rush)
    rush_tiles: int = 0  # enemy tiles already rushed out of
    free_tiles: list[str] = field(default_factory=list)  # tiles a challenge let you leave
    entered: list[str] = field(default_factory=list)  # tiles entered this turn (peeked tiles trigger later)
    played: list[list] = field(default_factory=list)  # bonuses in play: [who, attribute, amount, source, lasts]
    abilities: list[str] = field(default_factory=list)  # adrenaline kinds played for their ability (rerolls)
    rerolls_used: list[str] = field(default_factory=list)  # once-per-turn reroll effects used
    unlocked: list[list] = field(default_factory=list)  # doors unlocked this turn: [tile, edge, slot]

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "moves_left": self.moves_left, "challenge_used": self.challenge_used,
                "trade_used": self.trade_used, "pickup_used": self.pickup_used, "peek_used": self.peek_used,
                "step": self.step, "trigger": self.trigger, "rushed": self.rushed, "rush_tiles": self.rush_tiles,
                "free_tiles": list(self.free_tiles), "entered": list(self.entered),
                "played": [list(b) for b in self.played], "abilities": list(self.abilities),
                "rerolls_used": list(self.rerolls_used), "unlocked": [list(d) for d in self.unlocked]}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Turn:
        return cls(str(d["player"]), int(d["moves_left"]), bool(d["challenge_used"]), bool(d["trade_used"]),
                   bool(d["pickup_used"]), bool(d["peek_used"]), int(d["step"]), str(d["trigger"]),
                   int(d["rushed"]), int(d["rush_tiles"]), [str(t) for t in d["free_tiles"]],
                   [str(t) for t in d["entered"]], [list(b) for b in d["played"]], [str(a) for a in d["abilities"]],
                   [str(r) for r in d["rerolls_used"]], [list(x) for x in d["unlocked"]])




@dataclass
class Level7State:
    scenario: str
    seed: int
    rng: Rng
    order: list[str]  # character ids in turn order (seat order from the first player)
    characters: dict[str, Character]
    starting_players: int
    placed: list[list[Any]]  # [tile id, x, y, quarter turns] in the order placed
    stacks: list[list[Any]]  # [[name, [tile ids, top first]], ...] in draw order
    set_aside: str  # the peek tile while unplaced ("" when none or placed)
    enemies: list[Enemy]
    reserves: dict[str, list[int]]  # enemy kind -> numbers that can spawn, ascending
    reserve_max: dict[str, int]
    boxed: dict[str, list[int]]  # enemy numbers out of the game
    adrenaline: Deck
    events: Deck
    items: Deck
    skills: Deck
    keys: list[str]  # security key cards not yet taken
    tokens: dict[str, Any]  # darkness, sealed, locked, nests, posts, accessed: lists; supply: counts
    floor_items: dict[str, list[str]]  # face-up item cards per tile
    threat_pool: int
    threat_box: int  # Threat tokens in the box (lost Threat goes here; Lockdown takes from here)
    lockdown_pool: int
    lockdown: bool
    lockdown_turn: int  # the turn number in which Lockdown started (-1: not started)
    turn: Turn
    turn_no: int  # turns begun so far
    active: int  # index into `order`
    explored: list[str] = field(default_factory=list)  # placed tiles whose explore effects are done
    proc: dict[str, Any] | None = None
    flags: dict[str, Any] = field(default_factory=dict)
    outcome: str | None = None  # set when the game ends: "escaped" (someone won) or "lost"
    results: dict[str, str] = field(default_factory=dict)  # character -> "won" | "lost"
    options: dict[str, Any] = field(default_factory=dict)
    _graph: Any = field(default=None, repr=False, compare=False)  # cached TileMap (rules/maps.py)

    # ------------------------------------------------------------------ who

    @property
    def player(self) -> Character:
        return self.characters[self.order[self.active]]

    def figures_on(self, tile: str) -> list[Character]:
        return [c for c in self.characters.values() if c.tile == tile and c.status == IN_PLAY]

    def enemies_on(self, tile: str, active_only: bool = False) -> list[Enemy]:
        return [e for e in self.enemies if e.tile == tile and not (active_only and e.stunned)]

    def remaining(self) -> list[str]:
        """Characters still in the game (not escaped nor killed), in turn order."""
        return [c for c in self.order if not self.characters[c].out]

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "scenario": self.scenario, "seed": self.seed, "rng": self.rng.to_json(),
            "order": list(self.order), "characters": [self.characters[c].to_json() for c in sorted(self.characters)],
            "starting_players": self.starting_players, "placed": [list(p) for p in self.placed],
            "stacks": [[name, list(tiles)] for name, tiles in self.stacks],
            "set_aside": self.set_aside, "enemies": [e.to_json() for e in self.enemies],
            "reserves": {k: list(v) for k, v in self.reserves.items()}, "reserve_max": dict(self.reserve_max),
            "boxed": {k: list(v) for k, v in self.boxed.items()},
            "adrenaline": self.adrenaline.to_json(), "events": self.events.to_json(), "items": self.items.to_json(),
            "skills": self.skills.to_json(), "keys": list(self.keys), "tokens": copy_plain(self.tokens),
            "floor_items": {k: list(v) for k, v in self.floor_items.items()}, "threat_pool": self.threat_pool, "threat_box": self.threat_box,
            "lockdown_pool": self.lockdown_pool, "lockdown": self.lockdown, "lockdown_turn": self.lockdown_turn,
            "turn": self.turn.to_json(), "turn_no": self.turn_no, "active": self.active,
            "explored": list(self.explored), "proc": proc_json(self.proc, copy_plain), "flags": copy_plain(self.flags),
            "outcome": self.outcome, "results": dict(self.results), "options": copy_plain(self.options),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Level7State:
        if d.get("format") != FORMAT:
            raise ValueError(f"unknown Level 7 state format {d.get('format')!r}")
        chars = [Character.from_json(c) for c in d["characters"]]
        return cls(
            str(d["scenario"]), int(d["seed"]), Rng.from_json(d["rng"]), [str(c) for c in d["order"]],
            {c.id: c for c in chars}, int(d["starting_players"]), copy_plain(d["placed"]), copy_plain(d["stacks"]),
            str(d["set_aside"]), [Enemy.from_json(e) for e in d["enemies"]], copy_plain(d["reserves"]),
            {str(k): int(v) for k, v in d["reserve_max"].items()}, copy_plain(d["boxed"]),
            Deck.from_json(d["adrenaline"]), Deck.from_json(d["events"]), Deck.from_json(d["items"]),
            Deck.from_json(d["skills"]), [str(k) for k in d["keys"]], copy_plain(d["tokens"]), copy_plain(d["floor_items"]),
            int(d["threat_pool"]), int(d["threat_box"]), int(d["lockdown_pool"]), bool(d["lockdown"]),
            int(d["lockdown_turn"]), Turn.from_json(d["turn"]), int(d["turn_no"]), int(d["active"]),
            [str(t) for t in d["explored"]], copy_plain(d["proc"]), copy_plain(d["flags"]), d["outcome"],
            dict(d["results"]), copy_plain(d["options"]),
        )

    def restore(self, data: dict[str, Any]) -> None:
        """Becomes the state `data` describes (the resolver's re-execution from a checkpoint)."""
        other = Level7State.from_json(data)
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(other, name))
