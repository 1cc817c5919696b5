"""Level 7 [Escape] content from TOML (game/level7/data/*.toml) into frozen dataclasses, checked at load.

    from game.level7.content import load_content, shared_content
    content = shared_content()                 # read once per process; load_content(dir) reads a copy
    content.enemies["guard"].attack            # 3 (seed p. 13)
    content.number("unlock_intelligence_level")  # 4 (seed p. 10)
    content.event_deck()                       # the 40 event card ids

The authority is the seed (shared/seeds/001_…, the Hungarian rulebook); spec numbers are sections
of shared/rules/level7-escape.md. Every record has `verified` (true: the seed's values; false: a
PLACEHOLDER of the spec), `source`, a `reason` unless verified, and may give `field_verified` (read by
game.engine.provenance). Every file passes the TOML gate (game.engine.tomldata) first; then every
key, type, range, count (against components.toml, spec 2) and cross-reference is checked, and the
first mistake is one DataError naming the file, the key path and the line:

    game/level7/data/events.toml: event.E07.fear (line 412): unknown fear section 'F99' (known: F1, ...)

Nothing here imports pygame, and no rule number is written in code: the engine reads them here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Iterator, Mapping, Sequence

from game.engine.dice import Die, dice_from_toml
from game.engine.provenance import KEYS as PROVENANCE, Provenance, read_provenance
from game.engine.provenance_doc import unverified_table, update_between
from game.engine.text import M
from game.engine.tomldata import DataError, KeyPath, TomlFile, load_toml, must_be
from game.level7.event_effects import Step, read_effect

DATA_DIR = Path(__file__).resolve().parent / "data"
ROOT = DATA_DIR.parents[2]

# file -> the top-level sections it may have
FILES: dict[str, tuple[str, ...]] = {
    "components": ("component",),
    "dice": ("dice",),
    "characters": ("character", "attributes", "fear_band", "track"),
    "enemies": ("enemy", "swarm"),
    "rules": ("number", "limits", "activation"),
    "skills": ("skill",),
    "items": ("item", "key", "token"),
    "adrenaline": ("adrenaline",),
    "events": ("section", "event"),
    "scenarios": ("scenario",),
}

ATTRIBUTES = ("intelligence", "strength", "speed", "toughness")
ICONS = ("intelligence", "strength")  # the die's symbols (spec 8.8)
CHALLENGE_ICONS = ("intelligence", "strength")
ENEMY_VALUES = ("threat", "fear")
SECTION_KINDS = ("security", "fear", "facility")
ITEM_KINDS = ("weapon", "gear", "single_use")
# The effect vocabulary of skills, items and adrenaline abilities (docs/CONTENT.md "Effects"):
# `when` says which values a bonus or reroll applies to: the attribute itself, any challenge, the
# challenges of one attribute, or one challenge (spec 6.3-6.9; "event_challenge": an event's, 11 #11).
EFFECT_WHEN = ("always", "challenge", "strength_challenge", "intelligence_challenge", "attack", "bull_rush", "outwit",
               "unlock", "unlock_strength", "unlock_intelligence", "control_panel", "event_challenge")
REROLL_FACES = ("any", "double")  # double: only a die showing a double icon (Self-Defense Training, seed p. 7)
REROLL_PER = ("roll", "turn")  # each reroll effect once per roll (seed p. 7); "turn": once per turn as well
FEAR_SHIFT_AT = ("use", "turn_start")  # when played or discarded | at the start of your turn
FEAR_CAUSES = ("darkness", "vent", "attack")  # the three general Fear gains (seed p. 4)
THREAT_CAUSES = ("crowding", "armed")  # spec 6.1's Threat on entering: the crowding limit, a guard's tile with a weapon
DRAW_AT = ("use", "medical_supplies")  # when used | standing: at the start of your turn on a Medical supplies tile (5.2 step 1)
STUN_ENEMIES = ("guard", "clone", "hybrid")  # Dr. Cronos is never stunned by a card (enemies.toml `never_removed`)
EFFECT_KEYS = {  # kind -> (keys, required keys)
    "bonus": (("attribute", "amount", "when"), ("attribute", "amount")),
    "reroll": (("dice", "when", "faces", "per"), ("dice",)),
    "fear_shift": (("steps", "at"), ("steps",)),
    "ignore_fear": (("cause",), ("cause",)),
    "carry_limit": (("items",), ("items",)),
    "redraw_event": (("section",), ()),
    "threat": (("amount", "when"), ("amount", "when")),
    "ignore_threat": (("cause",), ("cause",)),
    "deny_attack_bonus": (("enemy",), ("enemy",)),
    "help_range": (("distance",), ("distance",)),
    # used once, when played (an adrenaline ability, a single-use item); the engine asks the
    # targets (challenges.ability_refusal / play_ability) and the reaction windows (foes.defend,
    # sheet.change_fear, challenges.helping)
    "cancel_attack": ((), ()),
    "cancel_fear": (("amount", "causes"), ("causes",)),
    "unseen": ((), ()),
    "leave_tile": ((), ()),
    "draw": (("deck", "cards", "who", "at"), ("deck", "cards")),  # used, or standing with at = "medical_supplies"
    "unlock_door": ((), ()),
    "move_enemy": (("enemy", "within"), ("enemy", "within")),
    "stun": (("enemy", "count"), ("enemy",)),
}
# Standing effects: a skill's or a carried item's, never on a card or item that is used up.
STANDING_ONLY = ("ignore_fear", "carry_limit", "redraw_event", "threat", "ignore_threat", "deny_attack_bonus",
                 "help_range")
USED_ONLY = ("cancel_attack", "cancel_fear", "unseen", "leave_tile", "unlock_door", "move_enemy", "stun")
DECKS = ("item", "adrenaline")
DRAWERS = ("you", "other")  # other: one other character within one connected tile (spec 6.11's range)
TIMINGS = ("own_turn", "any")
LIMIT_KEYS = ("security_number", "pack_limit", "hybrid_limit", "crowding_limit")
TARGET_KEYS = ("clone_threat", "guard_fear")
FLAG_KEYS = ("peek", "alien_zone", "military_zone", "control_panel")
# The tile icons of spec 3.4 (docs/MAPS.md "Level 7": a tile's `icons` object kinds).
TILE_ICONS = ("security", "recurring_security", "fear", "recurring_fear", "facility", "lab", "control_panel", "lift",
              "generator", "medical", "storage", "vent", "sealed_vent")
# Flags a scenario may set and need not name (off when absent): the uniform and swarm rules (spec 8.5, 9.4).
OPTIONAL_FLAGS = ("uniforms", "swarm")
SPECIAL_TILES = ("tank_farm", "airlock", "b_lift", "maintenance_tunnel")  # spec 8.9 (the Hospital is off-map)
OBJECTIVES = {"escape": (), "access_panels": ("count",)}  # objective kind -> its parameters
HOOK_WHEN = {  # scenario hook trigger -> its parameters (docs/CONTENT.md "Level 7")
    "tile_placed": ("tile",), "stacks_empty": (), "nothing_to_explore": (),
    "panel_accessed": (), "panel_access_failed": (), "accessed_markers": ("count",),
}
HOOK_DO = ("start_lockdown", "set_aside_is_last_tile", "place_set_aside_at_any_open_edge", "place_accessed_marker",
           "explore_any_open_edge", "place_cronos")
NEEDS_TILE = ("place_cronos",)  # effects that put something on the trigger's tile
NEEDS_SET_ASIDE = ("set_aside_is_last_tile", "place_set_aside_at_any_open_edge")
NEEDS_PANELS = ("panel_accessed", "panel_access_failed", "accessed_markers", "place_accessed_marker")
# Numbers the engine reads by id (rules.toml [number.<id>]); each must be present.
REQUIRED_NUMBERS = (
    "unlock_strength_level", "unlock_strength_threat", "unlock_intelligence_level", "control_panel_level",
    "escape_base", "bull_rush_decrement", "attack_remove_multiple", "attack_guard_threat",
    "challenges_per_turn", "trades_per_turn", "pickups_per_turn", "peeks_per_turn", "carry_limit",
    "skills_dealt", "hand_max", "cards_drawn_per_turn", "medical_extra_cards", "vent_move_cost", "vent_fear",
    "vent_forbidden_fear", "darkness_fear", "attacked_fear", "fear_activation_at", "knockout_vitality",
    "knockout_threat", "crowding_threat", "weapon_guard_threat", "lockdown_tokens_per_turn",
    "hybrid_activation_dice", "peek_dice",
)
# What each component count checks: component id -> words for the message.
COUNTED = {
    "map_tiles": "tile ids T01..", "characters": "characters", "guards": "enemy guard", "clones": "enemy clone",
    "hybrids": "enemy hybrid", "cronos": "enemy cronos", "adrenaline_cards": "adrenaline copies",
    "event_cards": "event cards", "item_cards": "item copies", "security_keys": "security key copies",
    "skill_cards": "skill cards", "dice": "dice", "uniform_tokens": "uniform token copies",
    "threat_tokens": "threat pool", "lockdown_tokens": "lockdown pool", "accessed_markers": "Accessed markers",
    "scenarios": "scenarios",
}


# ----------------------------------------------------------------------------- records

@dataclass(frozen=True)
class Component:
    id: str
    name: str
    name_hu: str
    count: int
    provenance: Provenance


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    seat: int
    provenance: Provenance


@dataclass(frozen=True)
class Attributes:
    intelligence: int
    strength: int
    speed: int
    toughness: int
    provenance: Provenance


@dataclass(frozen=True)
class FearBand:
    low: int
    high: int
    modifiers: Mapping[str, int]  # attribute -> change
    provenance: Provenance


@dataclass(frozen=True)
class FearTrack:
    min: int
    max: int
    start: int
    after_knockout: int
    provenance: Provenance


@dataclass(frozen=True)
class VitalityTrack:
    spaces: tuple[int, ...]  # from the top down; below the last is the skull
    max: int
    provenance: Provenance


@dataclass(frozen=True)
class AttackBonus:
    value: str  # threat | fear (the character's)
    at_least: int
    dice: int


@dataclass(frozen=True)
class Enemy:
    id: str
    component: str
    name: str
    plural: str  # the English name counted ('2 Guards'; names.enemies words it per language)
    name_hu: str
    count: int
    numbered: bool
    icons: tuple[str, ...]  # hybrids: one attribute icon per figure, in activation order
    attack: int
    toughness: int
    rolls: str
    targets: str
    bonus: AttackBonus | None
    weight: int
    locked_doors: str  # open | blocked
    vents: bool
    helped_by: tuple[str, ...]
    reserve: bool
    damage: str  # discard | fear
    never_removed: bool
    provenance: Provenance
    # a never-removed enemy hit with icons enough to remove it: its next activations it stays
    # stunned, whoever is on its tile (Dr. Cronos, spec 8.2 PLACEHOLDER: 1)
    held_stunned: int = 0


@dataclass(frozen=True)
class Number:
    id: str
    value: int
    text: str
    provenance: Provenance


@dataclass(frozen=True)
class Limits:
    security_number: int
    pack_limit: int
    hybrid_limit: int
    crowding_limit: int
    provenance: Provenance


@dataclass(frozen=True)
class Activation:
    code: str
    order: tuple[str, ...]  # enemy ids
    provenance: Provenance


@dataclass(frozen=True)
class Bonus:
    """+amount to an attribute (dice, for Intelligence and Strength) where `when` applies."""
    attribute: str
    amount: int
    when: str = "always"


@dataclass(frozen=True)
class Reroll:
    """Reroll up to `dice` dice of a challenge roll where `when` applies, once per roll (and per
    turn if `per` says so); `faces` = "double" allows only dice showing a double icon."""
    dice: int
    when: str = "challenge"
    faces: str = "any"
    per: str = "roll"


@dataclass(frozen=True)
class FearShift:
    """Move Fear up to `steps` either way: when used, or at the start of your turn."""
    steps: int
    at: str = "use"


@dataclass(frozen=True)
class IgnoreFear:
    """You gain no Fear from this cause (darkness, vent, attack)."""
    cause: str


@dataclass(frozen=True)
class CarryLimit:
    """You may carry this many items."""
    items: int


@dataclass(frozen=True)
class RedrawEvent:
    """Once per turn, an event card drawn for its `section` (the triggering icon's) may be
    discarded for another, which must be resolved."""
    section: str = "fear"


@dataclass(frozen=True)
class GainThreat:
    """+amount Threat each time a challenge of `when` is made (a weapon's cost)."""
    amount: int
    when: str


@dataclass(frozen=True)
class IgnoreThreat:
    """You gain no Threat from this cause (THREAT_CAUSES)."""
    cause: str


@dataclass(frozen=True)
class DenyAttackBonus:
    """Attacks of this enemy kind on you never get its `bonus` dice (enemies.toml)."""
    enemy: str


@dataclass(frozen=True)
class CancelAttack:
    """Played when an enemy attacks you, before its dice: no attack; the enemy (and its helpers)
    still count as activated."""


@dataclass(frozen=True)
class CancelFear:
    """Played when you are about to gain Fear from one of `causes`: `amount` less of that gain."""
    causes: tuple[str, ...]
    amount: int = 1


@dataclass(frozen=True)
class Unseen:
    """Until the start of your next turn, enemies not on your tile ignore you when choosing a target."""


@dataclass(frozen=True)
class LeaveTile:
    """This turn you may leave your tile although active enemies are on it (no challenge)."""


@dataclass(frozen=True)
class Draw:
    """Draw `cards` from the `deck` (item | adrenaline; the hand size applies to adrenaline cards);
    `who` = "other": one other character within one connected tile draws them instead. `at` =
    "use": when the card or item is used (Scrounge, Lend a Hand, the Med Kit); "medical_supplies":
    a skill's or carried item's standing draw, on top of the Medical supplies' card at the start of
    your turn (Field Medic). Every draw goes through challenges.draw_for."""
    deck: str
    cards: int
    who: str = "you"
    at: str = "use"


@dataclass(frozen=True)
class UnlockDoor:
    """Remove a locked-door token from a door of your tile (no challenge, no Threat)."""


@dataclass(frozen=True)
class MoveEnemy:
    """Move one active `enemy` within `within` moves of you (its own graph) 1 tile through a door
    onto a tile with room for it."""
    enemy: str
    within: int


@dataclass(frozen=True)
class Stun:
    """Stun active figures of this enemy kind on your tile: `count` of them (0: every one)."""
    enemy: str
    count: int = 0


@dataclass(frozen=True)
class HelpRange:
    """Your cooperation range (spec 6.11, 11 #26) becomes this many door steps."""
    distance: int


Effect = (Bonus | Reroll | FearShift | IgnoreFear | CarryLimit | RedrawEvent | GainThreat
          | IgnoreThreat | DenyAttackBonus | Stun | HelpRange | CancelAttack | CancelFear | Unseen | LeaveTile | Draw
          | UnlockDoor | MoveEnemy)


@dataclass(frozen=True)
class Skill:
    id: str
    number: int
    name: str
    text: str
    effects: tuple[Effect, ...]
    not_enforced: str  # what of the text no effect expresses ("" when the effects say it all)
    provenance: Provenance

    @property
    def modifiers(self) -> Mapping[str, int]:
        """The always-on attribute changes (the card's icons, seed p. 5)."""
        return MappingProxyType({e.attribute: e.amount for e in self.effects if isinstance(e, Bonus) and e.when == "always"})


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    copies: int
    kind: str
    text: str
    effects: tuple[Effect, ...]  # while carried; a single_use item's when it is discarded
    not_enforced: str
    provenance: Provenance

    @property
    def weapon(self) -> bool:
        return self.kind == "weapon"

    @property
    def bonuses(self) -> tuple[Bonus, ...]:
        return tuple(e for e in self.effects if isinstance(e, Bonus))


@dataclass(frozen=True)
class Key:
    id: str
    name: str
    name_hu: str
    copies: int
    text: str
    provenance: Provenance


@dataclass(frozen=True)
class Token:
    id: str
    name: str
    name_hu: str
    copies: int
    sides: tuple[str, ...]
    text: str
    provenance: Provenance
    # the uniform's rules (spec 8.5 PLACEHOLDER; used when a scenario's flags.uniforms is on):
    clean_on: tuple[str, ...] = ()  # tile icons: a newly placed tile showing one gets a clean uniform
    bloody_from: str = ""  # enemy kind: one an Attack removes leaves a bloody uniform on its tile
    disguise_from: str = ""  # enemy kind that reads a clean uniform's wearer's Threat as 0 choosing a target
    bloody_fear: int = 0  # Fear for picking up a bloody uniform


@dataclass(frozen=True)
class Adrenaline:
    id: str
    number: int
    name: str
    copies: int
    bonus: Mapping[str, int]
    fear_cost: int  # signed: +n raises Fear, -n lowers it
    timing: str
    text: str
    ability: tuple[Effect, ...]  # the bottom half as effects, where the vocabulary can say it
    not_enforced: str
    provenance: Provenance


@dataclass(frozen=True)
class Section:
    code: str
    kind: str
    name: str
    text: str  # for the reader
    provenance: Provenance
    effect: tuple[Step, ...] = ()  # what the engine runs (game/level7/event_effects.py)


@dataclass(frozen=True)
class EventCard:
    id: str
    spawn: str  # an enemy id or "none"
    security: str
    fear: str
    facility: str
    activation: tuple[str, ...]  # activation codes for 1, 2, 3, 4 starting players
    provenance: Provenance

    def section(self, kind: str) -> str:
        return {"security": self.security, "fear": self.fear, "facility": self.facility}[kind]

    def box(self, starting_players: int) -> str:
        """The activation code for a game that started with this many players (spec 7.3)."""
        return self.activation[starting_players - 1]


@dataclass(frozen=True)
class Stack:
    name: str
    size: int  # fixed size; for a `rest` stack, what is left once the others are built
    include: tuple[str, ...]
    rest: bool


@dataclass(frozen=True)
class Hook:
    when: str
    do: str
    text: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Objective:
    kind: str
    text: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Escape:
    tile: str
    no_active_enemy: bool
    requires_accessed: int


@dataclass(frozen=True)
class Scenario:
    id: str
    number: int
    name: str
    name_hu: str
    playable: bool
    not_playable: str
    reserves: Mapping[str, int]
    provenance: Provenance
    start_tiles: tuple[str, ...] = ()
    set_aside: str = ""
    removed: tuple[str, ...] = ()
    stacks: tuple[Stack, ...] = ()
    threat_pool: int = 0
    lockdown_pool: int = 0
    round_limit: int = 0  # rounds (turns = rounds x starting players) after which the game ends (PROPOSED)
    vitality: int = 0
    start_threat: int = 0
    start_fear: int = 0
    limits: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    target_values: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    flags: Mapping[str, bool] = field(default_factory=lambda: MappingProxyType({}))
    objective: Objective | None = None
    escape: Escape | None = None
    hooks: tuple[Hook, ...] = ()


@dataclass(frozen=True)
class Swarm:
    """The swarm markers (spec 9.4, the errata for booklet p. 11; enemies.toml `[swarm]`), in play
    with a scenario's flags.swarm: `blocks` never move onto a swarm tile, `pass_locked` pass locked
    doors leaving the tokens; a marker comes in with an event card's `comes_with` spawn icon on the
    nearest `at` tile without one (PLACEHOLDER)."""
    component: str
    name: str
    name_hu: str
    blocks: tuple[str, ...]
    pass_locked: tuple[str, ...]
    comes_with: str
    at: str
    provenance: Provenance


@dataclass(frozen=True)
class Level7Content:
    components: Mapping[str, Component]
    dice: Mapping[str, Die]
    dice_provenance: Mapping[str, Provenance]
    characters: Mapping[str, Character]
    attributes: Attributes
    fear_bands: tuple[FearBand, ...]
    fear_track: FearTrack
    vitality_track: VitalityTrack
    enemies: Mapping[str, Enemy]
    numbers: Mapping[str, Number]
    limits: Limits
    activations: Mapping[str, Activation]
    skills: Mapping[str, Skill]
    items: Mapping[str, Item]
    keys: Mapping[str, Key]
    tokens: Mapping[str, Token]
    adrenaline: Mapping[str, Adrenaline]
    sections: Mapping[str, Section]
    events: Mapping[str, EventCard]
    scenarios: Mapping[str, Scenario]
    swarm: Swarm | None = None

    def number(self, key: str) -> int:
        return self.numbers[key].value

    def count(self, component: str) -> int:
        return self.components[component].count

    def fear_modifiers(self, fear: int) -> Mapping[str, int]:
        """The attribute changes of the Fear-track band holding `fear` (spec 6.12)."""
        for band in self.fear_bands:
            if band.low <= fear <= band.high:
                return band.modifiers
        raise ValueError(f"Fear {fear} is off the track ({self.fear_track.min}-{self.fear_track.max})")

    def tile_ids(self) -> tuple[str, ...]:
        """The map tiles' ids, T01 up to the box's count (spec 8.10)."""
        return tuple(f"T{n:02d}" for n in range(1, self.count("map_tiles") + 1))

    def skill_deck(self) -> list[str]:
        return sorted(self.skills, key=lambda k: self.skills[k].number)

    def item_deck(self) -> list[str]:
        return [k for k, item in self.items.items() for _ in range(item.copies)]

    def adrenaline_deck(self) -> list[str]:
        return [k for k in sorted(self.adrenaline, key=lambda k: self.adrenaline[k].number)
                for _ in range(self.adrenaline[k].copies)]

    def event_deck(self) -> list[str]:
        return list(self.events)

    def records(self) -> Iterator[tuple[str, str, Provenance]]:
        """(file, key path, provenance) of every record, in file order."""
        yield from (("components.toml", f"component.{k}", r.provenance) for k, r in self.components.items())
        yield from (("dice.toml", f"dice.{k}", p) for k, p in self.dice_provenance.items())
        yield from (("characters.toml", f"character.{k}", r.provenance) for k, r in self.characters.items())
        yield "characters.toml", "attributes", self.attributes.provenance
        yield from (("characters.toml", f"fear_band[{i}] (Fear {b.low}-{b.high})", b.provenance)
                    for i, b in enumerate(self.fear_bands))
        yield "characters.toml", "track.fear", self.fear_track.provenance
        yield "characters.toml", "track.vitality", self.vitality_track.provenance
        yield from (("enemies.toml", f"enemy.{k}", r.provenance) for k, r in self.enemies.items())
        if self.swarm is not None:
            yield "enemies.toml", "swarm", self.swarm.provenance
        yield from (("rules.toml", f"number.{k}", r.provenance) for k, r in self.numbers.items())
        yield "rules.toml", "limits", self.limits.provenance
        yield from (("rules.toml", f"activation.{k}", r.provenance) for k, r in self.activations.items())
        yield from (("skills.toml", f"skill.{k}", r.provenance) for k, r in self.skills.items())
        yield from (("items.toml", f"item.{k}", r.provenance) for k, r in self.items.items())
        yield from (("items.toml", f"key.{k}", r.provenance) for k, r in self.keys.items())
        yield from (("items.toml", f"token.{k}", r.provenance) for k, r in self.tokens.items())
        yield from (("adrenaline.toml", f"adrenaline.{k}", r.provenance) for k, r in self.adrenaline.items())
        yield from (("events.toml", f"section.{k}", r.provenance) for k, r in self.sections.items())
        yield from (("events.toml", f"event.{k}", r.provenance) for k, r in self.events.items())
        yield from (("scenarios.toml", f"scenario.{k}", r.provenance) for k, r in self.scenarios.items())


# ----------------------------------------------------------------------------- reading


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


class _File:
    """One parsed data file; every failure is a DataError naming it, the key path and the line."""

    def __init__(self, doc: TomlFile):
        self.doc = doc
        self.name = _shown(doc.path)

    def fail(self, path: KeyPath, problem: Any) -> DataError:
        err = self.doc.error(list(path), problem)
        return DataError(self.name, problem, err.key, err.line)

    def check_sections(self, allowed: Sequence[str]) -> None:
        stem = self.doc.path.stem
        for key in self.doc.data:
            if key not in allowed:
                raise self.fail([key], M("unknown section {section} (a {stem} file has: {known})", section=repr(key), stem=stem, known=", ".join(allowed)))

    def table(self, name: str, *, required: bool = True) -> dict[str, Any]:
        """`[name]` as a table of records `[name.<id>]`."""
        if name not in self.doc.data:
            if required:
                raise DataError(self.name, M("missing section [{name}]", name=name))
            return {}
        value = self.doc.data[name]
        if not isinstance(value, dict) or (required and not value):
            raise self.fail([name], M("must be records like [{name}.<id>]", name=name))
        for key, rec in value.items():
            if not isinstance(rec, dict):
                raise self.fail([name, key], M("must be a table, got {value}", value=repr(rec)))
        return value

    def record(self, name: str) -> dict[str, Any]:
        """`[name]` as one record."""
        value = self.doc.data.get(name)
        if not isinstance(value, dict):
            raise DataError(self.name, M("missing section [{name}]", name=name) if value is None else M("[{name}] must be a table", name=name))
        return value

    def keys(self, rec: Mapping[str, Any], path: KeyPath, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        allowed = tuple(allowed)
        for k in rec:
            if k not in allowed and k not in PROVENANCE:
                raise self.fail([*path, k], M("unknown key {key} (expected one of: {known})", key=repr(k), known=", ".join(allowed)))
        for k in required:
            if k not in rec:
                raise self.fail(path, M("missing key {key}", key=repr(k)))

    def get(self, rec: Mapping[str, Any], key: str, path: KeyPath, kind: type, default: Any = ...,
            lo: int | None = 0, hi: int | None = None) -> Any:
        if key not in rec:
            if default is ...:
                raise self.fail(path, M("missing key {key}", key=repr(key)))
            return default
        return self.value(rec[key], [*path, key], kind, lo, hi)

    def value(self, value: Any, path: KeyPath, kind: type, lo: int | None = 0, hi: int | None = None) -> Any:
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(path, must_be(kind, repr(value)))
        if kind is int:
            if lo is not None and value < lo:
                raise self.fail(path, M("must be at least {least}, got {value}", least=lo, value=value))
            if hi is not None and value > hi:
                raise self.fail(path, M("must be at most {most}, got {value}", most=hi, value=value))
        if kind is str and not value.strip() and lo is not None and lo > 0:
            raise self.fail(path, M("must not be empty"))
        return value

    def text(self, rec: Mapping[str, Any], key: str, path: KeyPath, *, empty: bool = False, default: Any = ...) -> str:
        value = self.get(rec, key, path, str, default)
        if not empty and not value.strip():
            raise self.fail([*path, key], M("must not be empty"))
        return value

    def choice(self, rec: Mapping[str, Any], key: str, path: KeyPath, choices: Iterable[str], what: str = "") -> str:
        return self.ref(self.get(rec, key, path, str), choices, what or key, [*path, key])

    def ref(self, value: Any, known: Iterable[str], what: str, path: KeyPath) -> str:
        names = list(known)
        if not isinstance(value, str) or value not in names:
            raise self.fail(path, f"unknown {what} {value!r} (known: {', '.join(names)})")
        return value

    def strings(self, rec: Mapping[str, Any], key: str, path: KeyPath, known: Iterable[str], what: str,
                default: Any = ...) -> tuple[str, ...]:
        values = self.get(rec, key, path, list, default)
        known = list(known)
        seen: set[str] = set()
        for i, v in enumerate(values):
            self.ref(v, known, what, [*path, key, i])
            if v in seen:
                raise self.fail([*path, key, i], M("{value} is listed twice", value=repr(v)))
            seen.add(v)
        return tuple(values)

    def modifiers(self, rec: Mapping[str, Any], path: KeyPath, keys: Iterable[str]) -> Mapping[str, int]:
        out = {}
        for k in keys:
            self.ref(k, ATTRIBUTES, "attribute", [*path, k])
            out[k] = self.value(rec[k], [*path, k], int, lo=-8, hi=8)
        return MappingProxyType(out)

    def provenance(self, rec: Mapping[str, Any], path: KeyPath, fields: Iterable[str]) -> Provenance:
        return read_provenance(rec, path, self.fail, fields=fields)


def load_content(data_dir: str | Path | None = None) -> Level7Content:
    """Reads and checks every Level 7 data file; raises DataError on the first mistake."""
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    f = {name: _File(load_toml(folder / f"{name}.toml")) for name in FILES}
    for name, sections in FILES.items():
        f[name].check_sections(sections)

    components = _components(f["components"])
    counts = {k: c.count for k, c in components.items()}
    dice, dice_prov = _dice(f["dice"])
    characters, attributes, bands, fear_track, vitality = _characters(f["characters"])
    enemies = _enemies(f["enemies"], components)
    numbers, limits, activations = _rules(f["rules"], enemies)
    skills = _skills(f["skills"])
    items, keys, tokens = _items(f["items"])
    adrenaline = _adrenaline(f["adrenaline"], fear_track)
    sections, events = _events(f["events"], enemies, activations, len(characters))
    content = Level7Content(
        MappingProxyType(components), MappingProxyType(dice), MappingProxyType(dice_prov),
        MappingProxyType(characters), attributes, bands, fear_track, vitality, MappingProxyType(enemies),
        MappingProxyType(numbers), limits, MappingProxyType(activations), MappingProxyType(skills),
        MappingProxyType(items), MappingProxyType(keys), MappingProxyType(tokens), MappingProxyType(adrenaline),
        MappingProxyType(sections), MappingProxyType(events), MappingProxyType({}), _swarm(f["enemies"], components, enemies))
    scenarios = _scenarios(f["scenarios"], content)
    content = Level7Content(**{**{k: getattr(content, k) for k in content.__dataclass_fields__},
                               "scenarios": MappingProxyType(scenarios)})
    _check_counts(f, content, counts)
    _check_numbers(f["rules"], f["characters"], content)
    return content


@lru_cache(maxsize=1)
def shared_content() -> Level7Content:
    """The shipped content, read and checked once per process (it is immutable)."""
    return load_content()


def _components(r: _File) -> dict[str, Component]:
    out = {}
    for key, rec in r.table("component").items():
        p = ["component", key]
        fields = ("name", "name_hu", "count")
        r.keys(rec, p, fields, fields)
        out[key] = Component(key, r.text(rec, "name", p), r.text(rec, "name_hu", p), r.get(rec, "count", p, int, lo=1),
                             r.provenance(rec, p, fields))
    for key in COUNTED:
        if key not in out:
            raise DataError(r.name, f"missing [component.{key}] (the loader checks {COUNTED[key]} against it)")
    return out


def _dice(r: _File) -> tuple[dict[str, Die], dict[str, Provenance]]:
    raw = r.table("dice")
    provenance = {key: r.provenance(rec, ["dice", key], ()) for key, rec in raw.items()}
    dice = dice_from_toml(r.doc)  # the kit's die reader: the faces, with the file's own lines
    for key, die in dice.items():
        for i, face in enumerate(die.faces):
            for symbol, _ in face.symbols:
                if symbol not in ICONS:
                    raise r.fail(["dice", key, "faces", i, symbol],
                                 M("unknown icon {value} (a Level 7 die shows: {known})", value=repr(symbol), known=", ".join(ICONS)))
    return dice, provenance


def _characters(r: _File):
    characters = {}
    seats = set()
    for key, rec in r.table("character").items():
        p = ["character", key]
        r.keys(rec, p, ("name", "seat"), ("name", "seat"))
        seat = r.get(rec, "seat", p, int, lo=1, hi=4)
        if seat in seats:
            raise r.fail([*p, "seat"], M("seat {seat} is taken by another character", seat=seat))
        seats.add(seat)
        characters[key] = Character(key, r.text(rec, "name", p), seat, r.provenance(rec, p, ("name", "seat")))

    rec = r.record("attributes")
    r.keys(rec, ["attributes"], ATTRIBUTES, ATTRIBUTES)
    attributes = Attributes(*(r.get(rec, a, ["attributes"], int, lo=1 if a != "toughness" else 0, hi=8)
                              for a in ATTRIBUTES), r.provenance(rec, ["attributes"], ATTRIBUTES))

    tracks = r.doc.data.get("track")
    if not isinstance(tracks, dict):
        raise DataError(r.name, "missing section [track] (track.fear and track.vitality)")
    r.keys(tracks, ["track"], ("fear", "vitality"), ("fear", "vitality"))
    rec, p = tracks["fear"], ["track", "fear"]
    fields = ("min", "max", "start", "after_knockout")
    r.keys(rec, p, fields, fields)
    lo, hi = r.get(rec, "min", p, int, lo=1), r.get(rec, "max", p, int, lo=1)
    if hi <= lo:
        raise r.fail([*p, "max"], M("must be above min ({least}), got {value}", least=lo, value=hi))
    fear = FearTrack(lo, hi, r.get(rec, "start", p, int, lo=lo, hi=hi), r.get(rec, "after_knockout", p, int, lo=lo, hi=hi),
                     r.provenance(rec, p, fields))
    rec, p = tracks["vitality"], ["track", "vitality"]
    r.keys(rec, p, ("spaces", "max"), ("spaces", "max"))
    top = r.get(rec, "max", p, int, lo=1)
    spaces = r.get(rec, "spaces", p, list)
    for i, s in enumerate(spaces):
        r.value(s, [*p, "spaces", i], int, lo=1, hi=top)
        if i == 0 and s != top:
            raise r.fail([*p, "spaces", 0], f"the track starts at its max ({top}), got {s}")
        if i and s >= spaces[i - 1]:
            raise r.fail([*p, "spaces", i], f"the spaces must go down toward the skull, got {s} after {spaces[i - 1]}")
    if not spaces:
        raise r.fail([*p, "spaces"], "needs at least one space above the skull")
    vitality = VitalityTrack(tuple(spaces), top, r.provenance(rec, p, ("spaces", "max")))

    raw = r.doc.data.get("fear_band")
    if not isinstance(raw, list) or not raw:
        raise DataError(r.name, "missing [[fear_band]] tables (the Fear-track modifiers, spec 6.12)")
    bands = []
    covered: dict[int, int] = {}
    for i, rec in enumerate(raw):
        p = ["fear_band", i]
        if not isinstance(rec, dict):
            raise r.fail(p, M("must be a table"))
        r.keys(rec, p, ("from", "to", *ATTRIBUTES), ("from", "to"))
        low = r.get(rec, "from", p, int, lo=fear.min, hi=fear.max)
        high = r.get(rec, "to", p, int, lo=low, hi=fear.max)
        for v in range(low, high + 1):
            if v in covered:
                raise r.fail([*p, "from"], f"Fear {v} is already in fear_band[{covered[v]}]")
            covered[v] = i
        mods = r.modifiers(rec, p, [k for k in rec if k in ATTRIBUTES])
        bands.append(FearBand(low, high, mods, r.provenance(rec, p, ("from", "to", *ATTRIBUTES))))
    missing = [v for v in range(fear.min, fear.max + 1) if v not in covered]
    if missing:
        raise r.fail(["fear_band"], f"no band holds Fear {', '.join(map(str, missing))} (the bands must cover {fear.min}-{fear.max})")
    return characters, attributes, tuple(sorted(bands, key=lambda b: b.low)), fear, vitality


ENEMY_FIELDS = ("component", "name", "name_hu", "count", "numbered", "icons", "attack", "toughness", "rolls", "targets",
                "bonus", "weight", "locked_doors", "vents", "helped_by", "reserve", "damage", "never_removed", "held_stunned")
ENEMY_OPTIONAL = ("icons", "never_removed", "held_stunned")


SWARM_FIELDS = ("component", "name", "name_hu", "blocks", "pass_locked", "comes_with", "at")
SWARM_SITES = ("vent", "fear", "security")  # the spawn sites of 7.2


def _swarm(r: _File, components: Mapping[str, Component], enemies: Mapping[str, Enemy]) -> Swarm | None:
    rec = r.doc.data.get("swarm")
    if rec is None:
        return None
    p: KeyPath = ["swarm"]
    if not isinstance(rec, dict):
        raise r.fail(p, M("must be a table {form}", form="[swarm]"))
    r.keys(rec, p, SWARM_FIELDS, SWARM_FIELDS)
    return Swarm(r.choice(rec, "component", p, components, "component"), r.text(rec, "name", p), r.text(rec, "name_hu", p),
                 r.strings(rec, "blocks", p, enemies, "enemy"), r.strings(rec, "pass_locked", p, enemies, "enemy"),
                 r.choice(rec, "comes_with", p, enemies, "enemy"), r.choice(rec, "at", p, SWARM_SITES, "spawn site"),
                 r.provenance(rec, p, SWARM_FIELDS))


def _enemies(r: _File, components: Mapping[str, Component]) -> dict[str, Enemy]:
    raw = r.table("enemy")
    out = {}
    for key, rec in raw.items():
        p = ["enemy", key]
        r.keys(rec, p, (*ENEMY_FIELDS, "plural"), [k for k in (*ENEMY_FIELDS, "plural") if k not in ENEMY_OPTIONAL])
        comp = r.choice(rec, "component", p, components, "component")
        count = r.get(rec, "count", p, int, lo=1)
        if count != components[comp].count:
            raise r.fail([*p, "count"], M("the box has {n} {component} (components.toml), got {value}", n=components[comp].count, component=comp, value=count))
        icons = r.strings(rec, "icons", p, ATTRIBUTES, "icon", ())
        if icons and len(icons) != count:
            raise r.fail([*p, "icons"], M("needs one icon per figure ({want}), got {n}", want=count, n=len(icons)))
        bonus_rec = r.get(rec, "bonus", p, dict)
        bonus = None
        if bonus_rec:
            bp = [*p, "bonus"]
            r.keys(bonus_rec, bp, ("value", "at_least", "dice"), ("value", "at_least", "dice"))
            bonus = AttackBonus(r.choice(bonus_rec, "value", bp, ENEMY_VALUES), r.get(bonus_rec, "at_least", bp, int, lo=1),
                                r.get(bonus_rec, "dice", bp, int, lo=1))
        out[key] = Enemy(
            key, comp, r.text(rec, "name", p), r.text(rec, "plural", p), r.text(rec, "name_hu", p), count, r.get(rec, "numbered", p, bool), icons,
            r.get(rec, "attack", p, int, lo=1), r.get(rec, "toughness", p, int, lo=1),
            r.choice(rec, "rolls", p, CHALLENGE_ICONS, "icon"), r.choice(rec, "targets", p, ENEMY_VALUES, "target value"),
            bonus, r.get(rec, "weight", p, int, lo=1), r.choice(rec, "locked_doors", p, ("open", "blocked")),
            r.get(rec, "vents", p, bool), (), r.get(rec, "reserve", p, bool),
            r.choice(rec, "damage", p, ("discard", "fear")), r.get(rec, "never_removed", p, bool, False),
            r.provenance(rec, p, ENEMY_FIELDS), r.get(rec, "held_stunned", p, int, 0, lo=0))
        if out[key].held_stunned and not out[key].never_removed:
            raise r.fail([*p, "held_stunned"], M("only an enemy that is never removed is held stunned instead"))
    for key, rec in raw.items():  # helpers name other enemies, so after all are read
        helped = r.strings(rec, "helped_by", ["enemy", key], [k for k in out if k != key], "enemy")
        object.__setattr__(out[key], "helped_by", helped)
    for needed in ("guard", "clone"):
        if needed not in out:
            raise DataError(r.name, M("missing {table} (the event cards spawn and activate it, spec 7.2)", table=f"[enemy.{needed}]"))
    return out


def _rules(r: _File, enemies: Mapping[str, Enemy]):
    numbers = {}
    for key, rec in r.table("number").items():
        p = ["number", key]
        r.keys(rec, p, ("value", "text"), ("value", "text"))
        numbers[key] = Number(key, r.get(rec, "value", p, int), r.text(rec, "text", p), r.provenance(rec, p, ("value", "text")))
    for key in REQUIRED_NUMBERS:
        if key not in numbers:
            raise DataError(r.name, f"missing [number.{key}] (the engine reads it)")
    rec = r.record("limits")
    r.keys(rec, ["limits"], LIMIT_KEYS, LIMIT_KEYS)
    limits = Limits(*(r.get(rec, k, ["limits"], int, lo=1) for k in LIMIT_KEYS), r.provenance(rec, ["limits"], LIMIT_KEYS))
    activations = {}
    for key, rec in r.table("activation").items():
        p = ["activation", key]
        r.keys(rec, p, ("order",), ("order",))
        order = r.strings(rec, "order", p, enemies, "enemy")
        if not order:
            raise r.fail([*p, "order"], M("must name at least one enemy type"))
        activations[key] = Activation(key, order, r.provenance(rec, p, ("order",)))
    return numbers, limits, activations


def _numbered(r: _File, table: str, out: Mapping[str, Any]) -> None:
    """The records' `number`s are 1..N, each once."""
    by_number: dict[int, str] = {}
    for k, rec in out.items():
        if rec.number in by_number:
            raise r.fail([table, k, "number"], M("number {n} is also {other}", n=rec.number, other=f"{table}.{by_number[rec.number]}"))
        by_number[rec.number] = k
    for n in range(1, len(out) + 1):
        if n not in by_number:
            raise r.fail([table], M("no {table} has number {n} (the numbers must run 1-{most})", table=table, n=n, most=len(out)))


def _effects(r: _File, rec: Mapping[str, Any], p: KeyPath, key: str, holder: str) -> tuple[Effect, ...]:
    """A record's `effects` list in the effect vocabulary. `holder`: "standing" (a skill, a carried
    item: always on) or "used" (an adrenaline ability, a single-use item: once, when played)."""
    out: list[Effect] = []
    for i, e in enumerate(r.get(rec, key, p, list)):
        ep = [*p, key, i]
        if not isinstance(e, dict):
            raise r.fail(ep, M("must be a table {form} (kinds: {known})", form="{ kind = ..., ... }", known=", ".join(EFFECT_KEYS)))
        kind = r.choice(e, "kind", ep, EFFECT_KEYS, "effect kind")
        allowed, required = EFFECT_KEYS[kind]
        r.keys(e, ep, ("kind", *allowed), ("kind", *required))
        if kind == "bonus":
            amount = r.get(e, "amount", ep, int, lo=-8, hi=8)
            if amount == 0:
                raise r.fail([*ep, "amount"], M("a bonus of 0 changes nothing"))
            out.append(Bonus(r.choice(e, "attribute", ep, ATTRIBUTES, "attribute"), amount,
                             r.choice(e, "when", ep, EFFECT_WHEN) if "when" in e else "always"))
        elif kind == "reroll":
            when = r.choice(e, "when", ep, EFFECT_WHEN) if "when" in e else "challenge"
            if when == "always":
                raise r.fail([*ep, "when"], M("a reroll changes a challenge roll: say which (e.g. {examples})", examples='"challenge", "attack"'))
            out.append(Reroll(r.get(e, "dice", ep, int, lo=1, hi=8), when,
                              r.choice(e, "faces", ep, REROLL_FACES) if "faces" in e else "any",
                              r.choice(e, "per", ep, REROLL_PER) if "per" in e else "roll"))
        elif kind == "fear_shift":
            at = r.choice(e, "at", ep, FEAR_SHIFT_AT) if "at" in e else "use"
            if (at == "use") != (holder == "used"):
                raise r.fail([*ep, "at"] if "at" in e else ep,
                             M("a card or item that is used shifts Fear {used}; a standing one {standing}", used='at = "use"', standing='at = "turn_start"'))
            out.append(FearShift(r.get(e, "steps", ep, int, lo=1, hi=7), at))
        elif kind == "draw":
            out.append(_draw(r, e, ep, holder))
        elif kind in USED_ONLY:
            if holder != "used":
                raise r.fail([*ep, "kind"], M("{kind} is used once, when played (an adrenaline ability, a single-use item)", kind=repr(kind)))
            out.append(_used(r, e, ep, kind))
        else:
            if holder == "used" and kind in STANDING_ONLY:
                raise r.fail([*ep, "kind"], M("{kind} is a standing effect (a skill's or a carried item's)", kind=repr(kind)))
            if holder != "used" and kind in USED_ONLY:
                raise r.fail([*ep, "kind"], M("{kind} happens once, when a card or single-use item is used", kind=repr(kind)))
            out.append(_other_effect(r, e, ep, kind, holder))
    return tuple(out)


def _other_effect(r: _File, e: Mapping[str, Any], ep: KeyPath, kind: str, holder: str) -> Effect:
    """The effects past bonus, reroll and fear_shift (docs/CONTENT.md "Effects")."""
    if kind == "ignore_fear":
        return IgnoreFear(r.choice(e, "cause", ep, FEAR_CAUSES, "Fear cause"))
    if kind == "carry_limit":
        return CarryLimit(r.get(e, "items", ep, int, lo=1, hi=8))
    if kind == "redraw_event":
        return RedrawEvent(r.choice(e, "section", ep, SECTION_KINDS, "event section") if "section" in e else "fear")
    if kind == "threat":
        when = r.choice(e, "when", ep, EFFECT_WHEN)
        if when == "always":
            raise r.fail([*ep, "when"], M("a Threat cost goes with a challenge: say which (e.g. {examples})", examples='"attack"'))
        amount = r.get(e, "amount", ep, int, lo=-8, hi=8)
        if amount == 0:
            raise r.fail([*ep, "amount"], M("a Threat of 0 changes nothing"))
        return GainThreat(amount, when)
    if kind == "ignore_threat":
        return IgnoreThreat(r.choice(e, "cause", ep, THREAT_CAUSES, "Threat cause"))
    if kind == "deny_attack_bonus":
        return DenyAttackBonus(r.choice(e, "enemy", ep, STUN_ENEMIES, "enemy"))
    return HelpRange(r.get(e, "distance", ep, int, lo=1, hi=8))


def _draw(r: _File, e: Mapping[str, Any], ep: KeyPath, holder: str) -> Draw:
    """The one kind that draws cards (docs/CONTENT.md "Effects"): used, or standing at the start
    of the turn on Medical supplies (adrenaline cards for yourself only)."""
    deck = r.choice(e, "deck", ep, DECKS, "deck")
    cards = r.get(e, "cards", ep, int, lo=1, hi=8)
    who = r.choice(e, "who", ep, DRAWERS, "drawer") if "who" in e else "you"
    at = r.choice(e, "at", ep, DRAW_AT) if "at" in e else "use"
    if (at == "use") != (holder == "used"):
        raise r.fail([*ep, "at"] if "at" in e else ep,
                     M("a card or item that is used draws {used}; a standing one {standing}", used='at = "use"', standing='at = "medical_supplies"'))
    if at == "medical_supplies" and (deck, who) != ("adrenaline", "you"):
        raise r.fail([*ep, "deck"] if deck != "adrenaline" else [*ep, "who"],
                     M("a draw on Medical supplies is of adrenaline cards for yourself ({keys})", keys='deck = "adrenaline", who = "you"'))
    return Draw(deck, cards, who, at)


def _used(r: _File, e: Mapping[str, Any], ep: KeyPath, kind: str) -> Effect:
    """One of the effects that act once, when the card or item is played (USED_ONLY)."""
    if kind == "cancel_attack":
        return CancelAttack()
    if kind == "cancel_fear":
        return CancelFear(r.strings(e, "causes", ep, FEAR_CAUSES, "Fear cause"), r.get(e, "amount", ep, int, 1, lo=1, hi=8))
    if kind == "unseen":
        return Unseen()
    if kind == "leave_tile":
        return LeaveTile()
    if kind == "unlock_door":
        return UnlockDoor()
    if kind == "move_enemy":
        return MoveEnemy(r.choice(e, "enemy", ep, ("guard", "clone", "hybrid"), "enemy kind"),
                         r.get(e, "within", ep, int, lo=0, hi=8))
    return Stun(r.choice(e, "enemy", ep, STUN_ENEMIES, "enemy"),
                r.get(e, "count", ep, int, lo=1, hi=8) if "count" in e else 0)


def _not_enforced(r: _File, rec: Mapping[str, Any], p: KeyPath, effects: tuple[Effect, ...]) -> str:
    """What of the text the effects leave out; a record without effects must say it."""
    if not effects and "not_enforced" not in rec:
        raise r.fail(p, M("no effects: say in {key} what of the text the engine does not apply", key="not_enforced"))
    return r.text(rec, "not_enforced", p) if "not_enforced" in rec else ""


def _skills(r: _File) -> dict[str, Skill]:
    out = {}
    fields = ("number", "name", "text", "effects", "not_enforced")
    for key, rec in r.table("skill").items():
        p = ["skill", key]
        r.keys(rec, p, fields, fields[:-1])
        effects = _effects(r, rec, p, "effects", "standing")
        out[key] = Skill(key, r.get(rec, "number", p, int, lo=1), r.text(rec, "name", p), r.text(rec, "text", p),
                         effects, _not_enforced(r, rec, p, effects), r.provenance(rec, p, fields))
    _numbered(r, "skill", out)
    return out


def _items(r: _File):
    items = {}
    fields = ("name", "copies", "kind", "text", "effects", "not_enforced")
    for key, rec in r.table("item").items():
        p = ["item", key]
        r.keys(rec, p, fields, fields[:-1])
        kind = r.choice(rec, "kind", p, ITEM_KINDS)
        effects = _effects(r, rec, p, "effects", "used" if kind == "single_use" else "standing")
        items[key] = Item(key, r.text(rec, "name", p), r.get(rec, "copies", p, int, lo=1), kind,
                          r.text(rec, "text", p), effects, _not_enforced(r, rec, p, effects), r.provenance(rec, p, fields))
    keys = {}
    fields = ("name", "name_hu", "copies", "text")
    for key, rec in r.table("key").items():
        p = ["key", key]
        r.keys(rec, p, fields, fields)
        keys[key] = Key(key, r.text(rec, "name", p), r.text(rec, "name_hu", p), r.get(rec, "copies", p, int, lo=1),
                        r.text(rec, "text", p), r.provenance(rec, p, fields))
    tokens = {}
    fields = ("name", "name_hu", "copies", "sides", "text")
    rules = ("clean_on", "bloody_from", "disguise_from", "bloody_fear")
    for key, rec in r.table("token").items():
        p = ["token", key]
        r.keys(rec, p, fields + rules, fields)
        sides = r.get(rec, "sides", p, list)
        for i, s in enumerate(sides):
            r.value(s, [*p, "sides", i], str, lo=1)
        tokens[key] = Token(key, r.text(rec, "name", p), r.text(rec, "name_hu", p), r.get(rec, "copies", p, int, lo=1),
                            tuple(sides), r.text(rec, "text", p), r.provenance(rec, p, fields + rules),
                            r.strings(rec, "clean_on", p, TILE_ICONS, "tile icon", ()),
                            r.choice(rec, "bloody_from", p, STUN_ENEMIES, "enemy") if "bloody_from" in rec else "",
                            r.choice(rec, "disguise_from", p, STUN_ENEMIES, "enemy") if "disguise_from" in rec else "",
                            r.get(rec, "bloody_fear", p, int, lo=0, hi=8) if "bloody_fear" in rec else 0)
    if "uniform" not in tokens:
        raise DataError(r.name, "missing [token.uniform] (spec 8.5)")
    return items, keys, tokens


def _adrenaline(r: _File, fear: FearTrack) -> dict[str, Adrenaline]:
    out = {}
    fields = ("number", "name", "copies", "bonus", "fear_cost", "timing", "text", "ability", "not_enforced")
    span = fear.max - fear.min
    for key, rec in r.table("adrenaline").items():
        p = ["adrenaline", key]
        r.keys(rec, p, fields, fields[:-1])
        bonus = r.get(rec, "bonus", p, dict)
        if len(bonus) != 1:
            raise r.fail([*p, "bonus"], M("the top half gives one attribute bonus, got {n}", n=len(bonus)))
        ability = _effects(r, rec, p, "ability", "used")
        out[key] = Adrenaline(key, r.get(rec, "number", p, int, lo=1), r.text(rec, "name", p), r.get(rec, "copies", p, int, lo=1),
                              r.modifiers(bonus, [*p, "bonus"], list(bonus)),
                              r.get(rec, "fear_cost", p, int, lo=-span, hi=span), r.choice(rec, "timing", p, TIMINGS),
                              r.text(rec, "text", p), ability, _not_enforced(r, rec, p, ability),
                              r.provenance(rec, p, fields))
    _numbered(r, "adrenaline", out)
    return out


def _events(r: _File, enemies: Mapping[str, Enemy], activations: Mapping[str, Activation], players: int):
    sections = {}
    fields = ("kind", "name", "text", "effect")
    for key, rec in r.table("section").items():
        p = ["section", key]
        r.keys(rec, p, fields, fields)
        sections[key] = Section(key, r.choice(rec, "kind", p, SECTION_KINDS), r.text(rec, "name", p), r.text(rec, "text", p),
                                r.provenance(rec, p, fields), read_effect(rec["effect"], [*p, "effect"], r.fail))
    events = {}
    fields = ("spawn", "security", "fear", "facility", "activation")
    spawners = [k for k, e in enemies.items() if e.reserve]
    for key, rec in r.table("event").items():
        p = ["event", key]
        r.keys(rec, p, fields, fields)
        spawn = r.choice(rec, "spawn", p, ["none", *spawners], "spawn icon")
        slots = []
        for kind in SECTION_KINDS:
            code = r.choice(rec, kind, p, [k for k, s in sections.items() if s.kind == kind], f"{kind} section")
            slots.append(code)
        boxes = r.get(rec, "activation", p, list)
        if len(boxes) != players:
            raise r.fail([*p, "activation"], f"needs one box per starting player count 1-{players}, got {len(boxes)}")
        for i, b in enumerate(boxes):
            r.ref(b, activations, "activation code", [*p, "activation", i])
        events[key] = EventCard(key, spawn, *slots, tuple(boxes), r.provenance(rec, p, fields))
    used = {code for e in events.values() for code in (e.security, e.fear, e.facility)}
    for code in sections:
        if code not in used:
            raise r.fail(["section", code], "no event card uses this section")
    return sections, events


SCENARIO_FIELDS = ("number", "name", "name_hu", "playable", "not_playable", "start_tiles", "set_aside", "removed",
                   "stacks", "reserves", "threat_pool", "lockdown_pool", "round_limit", "vitality", "start_threat", "start_fear",
                   "limits", "target_values", "flags", "objective", "escape", "hook")
PLAYABLE_REQUIRED = tuple(k for k in SCENARIO_FIELDS if k not in ("not_playable", "hook"))


def _scenarios(r: _File, c: Level7Content) -> dict[str, Scenario]:
    out = {}
    tiles = c.tile_ids()
    board_tiles = (*tiles, *SPECIAL_TILES)
    for key, rec in r.table("scenario").items():
        p = ["scenario", key]
        playable = r.get(rec, "playable", p, bool)
        r.keys(rec, p, SCENARIO_FIELDS if playable else ("number", "name", "name_hu", "playable", "not_playable", "reserves"),
               PLAYABLE_REQUIRED if playable else ("number", "name", "name_hu", "playable", "not_playable", "reserves"))
        number = r.get(rec, "number", p, int, lo=1, hi=c.count("scenarios"))
        reserves = {}
        for enemy, n in r.get(rec, "reserves", p, dict).items():
            r.ref(enemy, [k for k, e in c.enemies.items() if e.reserve], "enemy with a reserve", [*p, "reserves", enemy])
            reserves[enemy] = r.value(n, [*p, "reserves", enemy], int, lo=0, hi=c.enemies[enemy].count)
        prov = r.provenance(rec, p, SCENARIO_FIELDS)
        base = dict(id=key, number=number, name=r.text(rec, "name", p), name_hu=r.text(rec, "name_hu", p, empty=True),
                    playable=playable, reserves=MappingProxyType(reserves), provenance=prov, not_playable="")
        if not playable:
            base["not_playable"] = r.text(rec, "not_playable", p)
            out[key] = Scenario(**base)
            continue
        if "not_playable" in rec:
            raise r.fail([*p, "not_playable"], "a playable scenario has no not_playable reason")
        start = r.strings(rec, "start_tiles", p, board_tiles, "tile")
        if not start:
            raise r.fail([*p, "start_tiles"], "needs at least one start tile")
        set_aside = r.get(rec, "set_aside", p, str)
        if set_aside:
            r.ref(set_aside, tiles, "map tile", [*p, "set_aside"])
        removed = r.strings(rec, "removed", p, board_tiles, "tile")
        taken = {t: "start_tiles" for t in start}
        if set_aside:
            taken.setdefault(set_aside, "set_aside")
        for i, t in enumerate(removed):
            if t in taken:
                raise r.fail([*p, "removed", i], f"tile {t!r} is also in {taken[t]}")
            taken[t] = "removed"
        if set_aside and taken[set_aside] != "set_aside":
            raise r.fail([*p, "set_aside"], f"tile {set_aside!r} is also in {taken[set_aside]}")
        pool = [t for t in tiles if t not in taken]
        stacks = _stacks(r, rec, p, pool)
        limits = _int_table(r, rec, "limits", p, LIMIT_KEYS, lo=1)
        targets = _int_table(r, rec, "target_values", p, TARGET_KEYS, lo=0, hi=c.fear_track.max)
        flags_rec = r.get(rec, "flags", p, dict)
        r.keys(flags_rec, [*p, "flags"], FLAG_KEYS + OPTIONAL_FLAGS, FLAG_KEYS)
        flags = {k: r.get(flags_rec, k, [*p, "flags"], bool) for k in FLAG_KEYS}
        flags.update({k: r.get(flags_rec, k, [*p, "flags"], bool) for k in OPTIONAL_FLAGS if k in flags_rec})
        if flags["peek"] != bool(set_aside):
            raise r.fail([*p, "flags", "peek"], "Peek needs a set-aside tile and a set-aside tile needs Peek (seed p. 10)")
        objective = _objective(r, rec, p, flags, c)
        escape = _escape(r, rec, p, board_tiles, c)
        hooks = _hooks(r, rec, p, flags, set_aside, tiles, c)
        vitality = c.vitality_track
        out[key] = Scenario(
            **base, start_tiles=start, set_aside=set_aside, removed=removed, stacks=stacks,
            threat_pool=r.get(rec, "threat_pool", p, int, lo=0, hi=c.count("threat_tokens")),
            lockdown_pool=r.get(rec, "lockdown_pool", p, int, lo=0, hi=c.count("lockdown_tokens")),
            round_limit=r.get(rec, "round_limit", p, int, lo=1),
            vitality=r.get(rec, "vitality", p, int, lo=vitality.spaces[-1], hi=vitality.max),
            start_threat=r.get(rec, "start_threat", p, int, lo=0, hi=c.count("threat_tokens")),
            start_fear=r.get(rec, "start_fear", p, int, lo=c.fear_track.min, hi=c.fear_track.max),
            limits=limits, target_values=targets, flags=MappingProxyType(flags), objective=objective, escape=escape,
            hooks=hooks)
    numbers = {}
    for key, s in out.items():
        if s.number in numbers:
            raise r.fail(["scenario", key, "number"], f"scenario number {s.number} is also scenario.{numbers[s.number]}")
        numbers[s.number] = key
    return out


def _int_table(r: _File, rec, key, p, names, lo, hi=None) -> Mapping[str, int]:
    table = r.get(rec, key, p, dict)
    r.keys(table, [*p, key], names, names)
    return MappingProxyType({k: r.get(table, k, [*p, key], int, lo=lo, hi=hi) for k in names})


def _stacks(r: _File, rec, p, pool: list[str]) -> tuple[Stack, ...]:
    raw = r.get(rec, "stacks", p, list)
    if not raw:
        raise r.fail([*p, "stacks"], "needs at least one tile stack")
    stacks, names, included = [], set(), set()
    fixed = 0
    for i, s in enumerate(raw):
        sp = [*p, "stacks", i]
        if not isinstance(s, dict):
            raise r.fail(sp, "must be a table { name, size, include } or { name, rest = true }")
        r.keys(s, sp, ("name", "size", "include", "rest"), ("name",))
        name = r.text(s, "name", sp)
        if name in names:
            raise r.fail([*sp, "name"], f"stack {name!r} is named twice")
        names.add(name)
        rest = r.get(s, "rest", sp, bool, False)
        if rest and i != len(raw) - 1:
            raise r.fail([*sp, "rest"], "only the last stack may hold the rest of the tiles")
        if rest == ("size" in s):
            raise r.fail(sp, "a stack gives either size or rest = true")
        include = r.strings(s, "include", sp, pool, "tile left for the stacks", ())
        for j, t in enumerate(include):
            if t in included:
                raise r.fail([*sp, "include", j], f"tile {t!r} is already in another stack")
            included.add(t)
        size = 0 if rest else r.get(s, "size", sp, int, lo=1)
        if not rest and len(include) > size:
            raise r.fail([*sp, "include"], f"{len(include)} tiles do not fit a stack of {size}")
        fixed += size
        if fixed > len(pool):
            raise r.fail([*sp, "size"] if not rest else sp,
                         f"the stacks need {fixed} tiles; only {len(pool)} are left for them")
        stacks.append(Stack(name, size if not rest else len(pool) - fixed, include, rest))
    return tuple(stacks)


def _objective(r: _File, rec, p, flags, c: Level7Content) -> Objective:
    o = r.get(rec, "objective", p, dict)
    op = [*p, "objective"]
    kind = r.choice(o, "kind", op, OBJECTIVES, "objective kind")
    r.keys(o, op, ("kind", "text", *OBJECTIVES[kind]), ("kind", "text", *OBJECTIVES[kind]))
    params = {}
    if kind == "access_panels":
        if not flags["control_panel"]:
            raise r.fail([*op, "kind"], "accessing panels needs flags.control_panel = true")
        params["count"] = r.get(o, "count", op, int, lo=1, hi=c.count("accessed_markers"))
    return Objective(kind, r.text(o, "text", op), MappingProxyType(params))


def _escape(r: _File, rec, p, board_tiles, c: Level7Content) -> Escape:
    e = r.get(rec, "escape", p, dict)
    ep = [*p, "escape"]
    fields = ("tile", "no_active_enemy", "requires_accessed")
    r.keys(e, ep, fields, fields)
    return Escape(r.choice(e, "tile", ep, board_tiles, "tile"), r.get(e, "no_active_enemy", ep, bool),
                  r.get(e, "requires_accessed", ep, int, lo=0, hi=c.count("accessed_markers")))


def _hooks(r: _File, rec, p, flags, set_aside, tiles, c: Level7Content) -> tuple[Hook, ...]:
    raw = r.get(rec, "hook", p, list, [])
    out = []
    for i, h in enumerate(raw):
        hp = [*p, "hook", i]
        if not isinstance(h, dict):
            raise r.fail(hp, "must be a table { when, do, text }")
        when = r.choice(h, "when", hp, HOOK_WHEN, "hook trigger")
        r.keys(h, hp, ("when", "do", "text", *HOOK_WHEN[when]), ("when", "do", "text", *HOOK_WHEN[when]))
        do = r.choice(h, "do", hp, HOOK_DO, "hook effect")
        params: dict[str, Any] = {}
        if "tile" in HOOK_WHEN[when]:
            params["tile"] = r.choice(h, "tile", hp, (*tiles, *SPECIAL_TILES), "tile")
        if "count" in HOOK_WHEN[when]:
            params["count"] = r.get(h, "count", hp, int, lo=1, hi=c.count("accessed_markers"))
        if do in NEEDS_TILE and "tile" not in HOOK_WHEN[when]:
            raise r.fail([*hp, "do"], f"{do!r} puts a figure on the trigger's tile: its trigger must name one "
                                      f"({', '.join(k for k, v in HOOK_WHEN.items() if 'tile' in v)})")
        if do in NEEDS_SET_ASIDE and not set_aside:
            raise r.fail([*hp, "do"], f"{do!r} needs a set-aside tile (set_aside is empty)")
        for word, key in ((when, "when"), (do, "do")):
            if word in NEEDS_PANELS and not flags["control_panel"]:
                raise r.fail([*hp, key], f"{word!r} needs flags.control_panel = true")
        out.append(Hook(when, do, r.text(h, "text", hp), MappingProxyType(params)))
    return tuple(out)


def _check_counts(f: Mapping[str, _File], c: Level7Content, counts: Mapping[str, int]) -> None:
    """Every deck and supply against the box's contents (spec 2)."""
    checks = (
        ("characters", "characters", "character", len(c.characters)),
        ("skills", "skill_cards", "skill", len(c.skills)),
        ("items", "item_cards", "item", sum(i.copies for i in c.items.values())),
        ("items", "security_keys", "key", sum(k.copies for k in c.keys.values())),
        ("items", "uniform_tokens", "token", c.tokens["uniform"].copies),
        ("adrenaline", "adrenaline_cards", "adrenaline", sum(a.copies for a in c.adrenaline.values())),
        ("events", "event_cards", "event", len(c.events)),
        ("scenarios", "scenarios", "scenario", None),
    )
    for file, comp, table, have in checks:
        if have is not None and have != counts[comp]:
            raise f[file].fail([table], f"{have} {COUNTED[comp]}; the box has {counts[comp]} {comp} (components.toml, spec 2)")
    if len(c.scenarios) > counts["scenarios"]:
        raise f["scenarios"].fail(["scenario"], f"{len(c.scenarios)} scenarios; the booklet has {counts['scenarios']}")


def _check_numbers(rules: _File, chars: _File, c: Level7Content) -> None:
    """Numbers that two files give must agree."""
    if c.number("hand_max") != c.vitality_track.max:
        raise rules.fail(["number", "hand_max", "value"],
                         f"the hand limit is the top of the Vitality track ({c.vitality_track.max} in characters.toml)")
    for key in ("vent_forbidden_fear", "fear_activation_at"):
        v = c.number(key)
        if not c.fear_track.min <= v <= c.fear_track.max:
            raise rules.fail(["number", key, "value"], f"must be on the Fear track ({c.fear_track.min}-{c.fear_track.max}), got {v}")
    for e in c.enemies.values():
        if e.bonus and e.bonus.value == "fear" and e.bonus.at_least > c.fear_track.max:
            raise chars.fail(["track", "fear", "max"], f"enemy.{e.id}'s bonus needs Fear {e.bonus.at_least}, above the track")


# ----------------------------------------------------------------------------- docs/CONTENT.md

DOC = ROOT / "docs" / "CONTENT.md"
BEGIN = "<!-- level7-unverified:begin (generated by `python -m game.level7.content --update-doc`) -->"
END = "<!-- level7-unverified:end -->"


def unverified_markdown(content: Level7Content | None = None) -> str:
    """The docs/CONTENT.md table of every Level 7 record not (fully) from the seed."""
    return unverified_table((content or shared_content()).records())


def update_doc(path: Path = DOC) -> bool:
    return update_between(path, BEGIN, END, unverified_markdown())


if __name__ == "__main__":  # pragma: no cover
    import sys

    from game.engine.provenance_doc import command

    command(sys.argv, DOC, BEGIN, END, unverified_markdown)
