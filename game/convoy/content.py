"""Neuroshima Convoy content from TOML (game/convoy/data/*.toml) into frozen dataclasses.

    from game.convoy.content import shared_content
    content = shared_content()
    content.cards["hunter"].effect      # (Step(op='kill', side='enemy', kinds='unit', where='here'),)
    content.deal("moloch")              # the 35 card ids of the Moloch deck, copies repeated
    content.cities[0].name              # "Ziggy One"

Card abilities, city victory results, city features and sector effects are all steps of one small
effect language (docs/CONTENT.md, "Neuroshima Convoy"), read here into `Step`s and run by one
resolver (game/convoy/rules/effects.py). Every record has provenance (game.engine.provenance):
`verified`, `source`, `reason` and, where seed and placeholder values mix, `field_verified`.
A mistake is one DataError naming the file, the key path and the line.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.engine.provenance import KEYS as PROVENANCE, Provenance, read_provenance
from game.engine.tomldata import DataError, TomlFile, load_toml

DATA_DIR = Path(__file__).resolve().parent / "data"

SIDES = ("moloch", "outpost")  # side index 0 and 1 in the state
TYPES = {"moloch": ("robot", "equipment", "instant"), "outpost": ("soldier", "building", "instant")}
TIMINGS = ("on_enter", "permanent", "on_discard", "on_outpost_win", "on_moloch_win", "on_tie", "activated", "none")
DECK_SIZE = 35
# spec 7.1 / 7.2 playable decks: how many of each type
TYPE_COUNTS = {"moloch": {"robot": 22, "equipment": 8, "instant": 5},
               "outpost": {"soldier": 22, "building": 7, "instant": 6}}

# The effect language: every op and the keys it may take (docs/CONTENT.md).
TARGET_KEYS = ("side", "kinds", "where", "max_printed", "other", "self", "carrier", "ability", "optional", "when")
OPS: dict[str, tuple[str, ...]] = {
    # triggered steps
    "mill": ("n", "fallback", "when"),
    "reveal_two": ("fallback",),
    "destroy_sector": ("apply",),
    "kill": TARGET_KEYS,
    "token": ("value",) + TARGET_KEYS,
    "strip_tokens": TARGET_KEYS,
    "return_hand": TARGET_KEYS,
    "move": ("to",) + TARGET_KEYS,
    "disable": TARGET_KEYS,
    "discard_equipment": ("where", "ability", "optional"),
    "draw": ("n", "optional", "when"),
    "pay": ("n",),
    "random_discard": ("n",),
    "recover": ("types", "to"),
    "capture": (),
    "extra_sector": (),
    "emp": (),
    "shift_target": (),
    "discard_self": (),
    "bomb": (),
    # permanent (passive) effects
    "strength": ("applies", "amount", "when"),
    "side_strength": ("amount",),
    "stations": ("side", "amount"),
    "no_station": (),
    "wins_ties": (),
    "immovable": (),
    "no_bonus": (),
    "block_moves": ("side",),
    "protected": (),
}
PASSIVE_OPS = ("strength", "side_strength", "stations", "no_station", "wins_ties", "immovable", "no_bonus",
               "block_moves", "protected")
VALUES: dict[str, tuple[Any, ...]] = {
    "side": ("own", "enemy"),
    "kinds": ("unit", "building", "card"),
    "where": ("here", "live", "active", "destroyed", "any"),
    "to": ("other", "new_york", "ferry"),
    "applies": ("self", "enemy_units", "other_own_units"),
    "when": ("own_building_here", "no_enemy_unit_here", "future_city", "active_city",
             "no_other_own_unit_here", "enemy_building_here"),
    "recover_to": ("hand", "deck_bottom"),
    "types": ("any", "robot", "soldier", "equipment", "building", "instant"),
}
INTS = ("n", "value", "max_printed", "amount")
BOOLS = ("other", "self", "carrier", "ability", "optional", "fallback", "apply")


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an effect; unset keys keep their defaults (docs/CONTENT.md)."""

    op: str
    n: int = 1
    value: int = 0
    side: str = "enemy"
    kinds: str = "unit"
    where: str = "here"
    max_printed: int = -1  # -1: no limit
    other: bool = False  # not the card itself
    self: bool = False  # the card itself
    carrier: bool = False  # the unit carrying this Equipment
    ability: bool = True  # a card ability (protection applies); False: a city result, feature or sector
    optional: bool = False
    when: str = ""
    to: str = ""
    apply: bool = False
    fallback: bool = False
    types: tuple[str, ...] = ()
    applies: str = ""
    amount: int = 0


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    side: str
    type: str
    strength: int
    count: int
    timing: str
    once: bool
    effect: tuple[Step, ...]
    passive: tuple[Step, ...]
    text: str
    provenance: Provenance

    @property
    def unit(self) -> bool:
        return self.type in ("robot", "soldier")

    def has(self, op: str) -> bool:
        return any(s.op == op for s in self.passive)


@dataclass(frozen=True)
class SectorDef:
    id: str
    name: str
    star: bool
    effect: tuple[Step, ...]
    outpost: tuple[Step, ...]
    moloch: tuple[Step, ...]
    text: str
    provenance: Provenance

    def steps_for(self, side: str) -> tuple[Step, ...]:
        got = self.outpost if side == "outpost" else self.moloch
        return got or self.effect


@dataclass(frozen=True)
class CityDef:
    id: str
    number: int
    name: str
    stations: tuple[int, int]  # (moloch, outpost)
    sectors: tuple[str, ...]
    outpost_win: tuple[Step, ...]
    moloch_win: tuple[Step, ...]
    feature_name: str
    feature: tuple[Step, ...]
    feature_text: str
    provenance: Provenance


@dataclass(frozen=True)
class Content:
    cards: dict[str, CardDef]
    cities: tuple[CityDef, ...]
    sectors: dict[str, SectorDef]
    hand_size: int
    draw_per_round: int

    def deal(self, side: str) -> list[str]:
        """The card ids of one deck, each copy listed, in file order."""
        return [c.id for c in self.cards.values() if c.side == side for _ in range(c.count)]


class _Reader:
    def __init__(self, f: TomlFile):
        self.f = f

    def fail(self, path: list, problem: str) -> DataError:
        return self.f.error(path, problem)

    def keys(self, rec: Any, path: list, allowed: tuple[str, ...], required: tuple[str, ...]) -> dict:
        if not isinstance(rec, dict):
            raise self.fail(path, "must be a table")
        for k in rec:
            if k not in allowed and k not in PROVENANCE:
                raise self.fail([*path, k], f"unknown key {k!r} (known: {', '.join(allowed)})")
        for k in required:
            if k not in rec:
                raise self.fail(path, f"missing required key {k!r}")
        return rec

    def text(self, rec: dict, path: list, key: str, default: str | None = None) -> str:
        v = rec.get(key, default)
        if not isinstance(v, str) or not v:
            raise self.fail([*path, key], f"{key} must be a non-empty string, got {v!r}")
        return v

    def int(self, rec: dict, path: list, key: str, lo: int, hi: int, default: int | None = None) -> int:
        v = rec.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise self.fail([*path, key], f"{key} must be a whole number from {lo} to {hi}, got {v!r}")
        return v

    def choice(self, rec: dict, path: list, key: str, options: tuple, default: str | None = None) -> str:
        v = rec.get(key, default)
        if v not in options:
            raise self.fail([*path, key], f"{key} must be one of {', '.join(options)}, got {v!r}")
        return v

    def steps(self, rec: dict, path: list, key: str, passive: bool = False) -> tuple[Step, ...]:
        raw = rec.get(key, [])
        if not isinstance(raw, list):
            raise self.fail([*path, key], "must be a list of steps")
        out = []
        for i, st in enumerate(raw):
            p = [*path, key, i]
            if not isinstance(st, dict) or "op" not in st:
                raise self.fail(p, "a step must be a table with an 'op'")
            op = st["op"]
            if op not in OPS:
                raise self.fail([*p, "op"], f"unknown op {op!r} (known: {', '.join(OPS)})")
            if passive != (op in PASSIVE_OPS):
                where = "passive" if passive else "effect"
                raise self.fail([*p, "op"], f"op {op!r} does not belong in {where}")
            args: dict[str, Any] = {"op": op}
            for k, v in st.items():
                if k == "op":
                    continue
                if k not in OPS[op]:
                    raise self.fail([*p, k], f"op {op!r} takes no key {k!r} (it takes: {', '.join(OPS[op]) or 'none'})")
                if k in INTS:
                    if not isinstance(v, int) or isinstance(v, bool) or not -9 <= v <= 9:
                        raise self.fail([*p, k], f"{k} must be a small whole number, got {v!r}")
                elif k in BOOLS:
                    if not isinstance(v, bool):
                        raise self.fail([*p, k], f"{k} must be true or false, got {v!r}")
                elif k == "types":
                    if not isinstance(v, list) or not v or any(t not in VALUES["types"] for t in v):
                        raise self.fail([*p, k], f"types must list some of {', '.join(VALUES['types'])}, got {v!r}")
                    v = tuple(v)
                elif k == "to" and op == "recover":
                    if v not in VALUES["recover_to"]:
                        raise self.fail([*p, k], f"to must be hand or deck_bottom, got {v!r}")
                elif v not in VALUES[k]:
                    raise self.fail([*p, k], f"{k} must be one of {', '.join(VALUES[k])}, got {v!r}")
                args["self" if k == "self" else k] = v
            out.append(Step(**args))
        return tuple(out)


CARD_KEYS = ("name", "side", "type", "strength", "count", "timing", "once", "effect", "passive", "text")
CITY_KEYS = ("number", "name", "moloch_stations", "outpost_stations", "sectors", "outpost_win", "moloch_win",
             "feature_name", "feature", "feature_text")
SECTOR_KEYS = ("name", "star", "effect", "outpost", "moloch", "text")


def _top(r: _Reader, allowed: tuple[str, ...]) -> None:
    for k in r.f.data:
        if k not in allowed:
            raise r.fail([k], f"unknown section {k!r} (known: {', '.join(allowed)})")


def _cards(r: _Reader) -> dict[str, CardDef]:
    _top(r, ("card",))
    cards: dict[str, CardDef] = {}
    for cid, rec in r.f.data.get("card", {}).items():
        path = ["card", cid]
        r.keys(rec, path, CARD_KEYS, ("name", "side", "type", "timing", "text"))
        side = r.choice(rec, path, "side", SIDES)
        ctype = r.choice(rec, path, "type", TYPES[side])
        timing = r.choice(rec, path, "timing", TIMINGS)
        if ctype == "instant" and timing != "none":
            raise r.fail([*path, "timing"], "an Instant has no timing icon: timing must be none")
        strength = r.int(rec, path, "strength", -9, 9, 0)
        once = rec.get("once", False)
        if not isinstance(once, bool):
            raise r.fail([*path, "once"], f"once must be true or false, got {once!r}")
        effect = r.steps(rec, path, "effect")
        passive = r.steps(rec, path, "passive", passive=True)
        if timing == "permanent" and not passive:
            raise r.fail([*path, "passive"], "a permanent card needs its passive effects")
        if timing not in ("permanent", "none") and not effect:
            raise r.fail([*path, "effect"], f"a card with timing {timing} needs an effect")
        prov = read_provenance(rec, path, r.fail, fields=CARD_KEYS)
        cards[cid] = CardDef(cid, r.text(rec, path, "name"), side, ctype, strength,
                             r.int(rec, path, "count", 1, 4, 1), timing, once, effect, passive,
                             r.text(rec, path, "text"), prov)
    for side in SIDES:
        deck = [c for c in cards.values() if c.side == side for _ in range(c.count)]
        if len(deck) != DECK_SIZE:
            raise r.fail(["card"], f"the {side} deck has {len(deck)} cards; it must have {DECK_SIZE} (spec 2)")
        for ctype, want in TYPE_COUNTS[side].items():
            got = sum(c.type == ctype for c in deck)
            if got != want:
                raise r.fail(["card"], f"the {side} deck has {got} {ctype} cards; the spec's list has {want} (spec 7)")
    return cards


def _cities(r: _Reader, cards: dict[str, CardDef]) -> tuple[tuple[CityDef, ...], dict[str, SectorDef], int, int]:
    _top(r, ("city", "sector", "rules"))
    sectors: dict[str, SectorDef] = {}
    for sid, rec in r.f.data.get("sector", {}).items():
        path = ["sector", sid]
        r.keys(rec, path, SECTOR_KEYS, ("name", "star", "text"))
        star = rec["star"]
        if not isinstance(star, bool):
            raise r.fail([*path, "star"], f"star must be true or false, got {star!r}")
        sectors[sid] = SectorDef(sid, r.text(rec, path, "name"), star, r.steps(rec, path, "effect"),
                                 r.steps(rec, path, "outpost"), r.steps(rec, path, "moloch"),
                                 r.text(rec, path, "text"), read_provenance(rec, path, r.fail, fields=SECTOR_KEYS))
    if "extra" not in sectors:
        raise r.fail(["sector"], "the 'extra' sector (the Extra Sector token, spec 6.12) is missing")
    cities = []
    for cid, rec in r.f.data.get("city", {}).items():
        path = ["city", cid]
        r.keys(rec, path, CITY_KEYS, CITY_KEYS)
        secs = rec["sectors"]
        if not isinstance(secs, list) or not 1 <= len(secs) <= 4:
            raise r.fail([*path, "sectors"], "sectors must list 1 to 4 sector ids (spec 3)")
        for i, s in enumerate(secs):
            if s not in sectors or s == "extra":
                raise r.fail([*path, "sectors", i], f"unknown sector {s!r} (known: {', '.join(k for k in sectors if k != 'extra')})")
        cities.append(CityDef(cid, r.int(rec, path, "number", 1, 5), r.text(rec, path, "name"),
                              (r.int(rec, path, "moloch_stations", 1, 9), r.int(rec, path, "outpost_stations", 1, 9)),
                              tuple(secs), r.steps(rec, path, "outpost_win"), r.steps(rec, path, "moloch_win"),
                              r.text(rec, path, "feature_name"), r.steps(rec, path, "feature"),
                              r.text(rec, path, "feature_text"),
                              read_provenance(rec, path, r.fail, fields=CITY_KEYS)))
    if [c.number for c in cities] != [1, 2, 3, 4, 5]:
        raise r.fail(["city"], "there must be five cities numbered 1 to 5, in that order (spec 3)")
    rules = r.f.data.get("rules")
    r.keys(rules, ["rules"], ("hand_size", "draw_per_round"), ("hand_size", "draw_per_round"))
    read_provenance(rules, ["rules"], r.fail, fields=("hand_size", "draw_per_round"))
    return (tuple(cities), sectors, r.int(rules, ["rules"], "hand_size", 1, 9),
            r.int(rules, ["rules"], "draw_per_round", 0, 9))


def load_content(data_dir: Path = DATA_DIR) -> Content:
    cards = _cards(_Reader(load_toml(data_dir / "cards.toml")))
    cities, sectors, hand, draw = _cities(_Reader(load_toml(data_dir / "cities.toml")), cards)
    return Content(cards, cities, sectors, hand, draw)


@lru_cache(maxsize=1)
def shared_content() -> Content:
    return load_content()
