"""Doom content from TOML (game/doom/data/*.toml) into frozen dataclasses, checked at load.

    from game.doom.content import load_content
    content = load_content()           # or load_content(some_dir)
    content.monsters["demon"].armour   # 3 (seed p. 8)

Every record carries `verified` (true only where the seed gives the values) and `source`;
records not fully from the seed give a `reason`, and may give `field_verified` per field (the
record's `verified` must then be false when any field is false). Any mistake is one
game.engine.tomldata.DataError naming the file, the key path and the line, e.g.

    monsters.toml: monster.imp.dice[1] (line 41): unknown die 'gren' (known: blue, green, red, yellow)

Nothing here imports pygame; the rules read only these records (no numbers in code).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from game.engine.dice import Die, dice_from_toml
from game.engine.text import M
from game.engine.tomldata import DataError, KeyPath, TomlFile, load_toml, must_be
from game.engine.provenance import Provenance, read_provenance

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("dice", "monsters", "weapons", "equipment", "marines", "marine_cards", "invader_cards", "scenarios")
ROOT = DATA_DIR.parents[2]

FOOTPRINTS = ("single", "demon", "large")
ABILITIES = {  # ability -> kind of value (spec 6.8)
    "accuracy": int, "deadly": int, "blast": int, "indirect": bool, "sweep": bool,
    "knockback": bool, "sentry": bool, "aim": bool, "blow_through": bool, "vent_crawl": bool,
}
ITEM_EFFECTS = ("armour", "medikit", "adrenaline", "berserk")
CARD_EFFECTS = {  # marine card effect -> its parameters
    "heal_order": (), "start_health": ("amount",), "start_armour": ("amount",),
    "start_ammo": ("ammo",), "move_bonus": ("amount", "actions"), "door_cost": ("cost",),
    "accuracy": ("amount", "when"), "damage": ("amount", "when"),
    "guard_kept_when_wounded": (), "order_in_advance": (), "killer_instinct": ("move",),
    "officer": ("within", "amount"), "special_ops": ("amount",), "front_guard": (),
}
EVENT_EFFECTS = ("reroll", "remove_wound", "activate_two", "destroy_door", "attack_fails", "marine_range_minus",
                 "ambush", "activate_twice", "extra_spawn", "close_doors", "type_speed", "deadly")
EVENT_TIMINGS = ("after_marine_roll", "before_marine_attack", "after_pickup", "start_of_invader_turn",
                 "after_marine_roll_with_ammo", "before_marine_turn", "before_invader_attack")
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
PROVENANCE = ("verified", "source", "reason", "field_verified")


@dataclass(frozen=True)
class Abilities:
    accuracy: int = 0
    deadly: int = 0
    blast: int = 0
    indirect: bool = False
    sweep: bool = False
    knockback: bool = False
    sentry: bool = False
    aim: bool = False
    blow_through: bool = False
    vent_crawl: bool = False


@dataclass(frozen=True)
class Monster:
    id: str
    name: str
    plural: str  # the English name counted ('3 Zombies'; names.monsters words it per language)
    name_hu: str
    figures: int
    footprint: str  # single | demon | large
    move: int
    armour: int
    health: int
    dice: tuple[str, ...]
    melee: bool
    abilities: Abilities
    provenance: Provenance

    @property
    def size(self) -> int:
        return {"single": 1, "demon": 2, "large": 4}[self.footprint]


@dataclass(frozen=True)
class Ammo:
    id: str
    name: str
    name_hu: str
    provenance: Provenance


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    name_hu: str
    always: bool
    ammo: str  # an ammo id or "none" (the infinity symbol)
    dice: tuple[str, ...]
    melee: bool
    abilities: Abilities
    supply: int
    provenance: Provenance


@dataclass(frozen=True)
class Item:
    id: str
    name: str
    name_hu: str
    effect: str
    amount: int
    supply: int
    provenance: Provenance


@dataclass(frozen=True)
class MarineColour:
    id: str
    name: str
    name_hu: str
    seat: int
    provenance: Provenance


@dataclass(frozen=True)
class Setup:
    marines: int
    shells: int
    health: int
    armour: int
    cards: int
    provenance: Provenance


@dataclass(frozen=True)
class MarineAction:
    id: str
    name: str
    name_hu: str
    move: int
    attacks: int
    order: bool
    either: bool  # Ready: the move or the attack, never both
    provenance: Provenance


@dataclass(frozen=True)
class Order:
    id: str
    name: str
    name_hu: str
    medic_only: bool
    provenance: Provenance


@dataclass(frozen=True)
class Number:
    id: str
    value: int
    provenance: Provenance


@dataclass(frozen=True)
class MarineCard:
    id: str
    name: str
    copies: int
    effect: str
    params: Mapping[str, Any]
    provenance: Provenance


@dataclass(frozen=True)
class SpawnGroup:
    monster: str
    count: int


@dataclass(frozen=True)
class InvaderCard:
    id: str
    name: str
    kind: str  # spawn | event
    count: int
    halves: tuple[tuple[SpawnGroup, ...], ...]  # spawn cards: the alternatives
    timing: str  # events
    effect: str  # events
    text: str
    scatter: tuple[str, ...]  # one per copy: "NE2" or "miss"
    provenance: Provenance
    amount: int = 0  # events: the number in the text (squares, MP, doors, range or damage)
    variant_spawn: tuple[str, ...] = ()  # Trap's spawn variant (spec 11 item 7): the types it may bring in


@dataclass(frozen=True)
class Encounter:
    """What an encounter marker does when a marine triggers it (spec 3.3, 9.2-9.4), in this order:
    the text is read, the marine gets `give` (ammo, weapon or item ids of the data files with a
    count, as a pick-up would, spec 6.12) and up to `health` health back, `doors` open (True) or
    close (False), the `reveal` areas are revealed, and the invader places the `spawn` figures
    out of every marine's sight (spec 8.2)."""
    id: str
    text: str
    give: Mapping[str, int] = field(default_factory=dict)
    health: int = 0
    doors: Mapping[str, bool] = field(default_factory=dict)
    reveal: tuple[str, ...] = ()
    spawn: tuple[SpawnGroup, ...] = ()


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    name_hu: str
    map: str  # path relative to the project root
    frag_target: int
    marine_starts: tuple[tuple[int, int], ...]
    win_area: str  # "" when the marines win another way
    compass: str
    encounters: Mapping[str, Encounter]
    provenance: Provenance
    win_encounters: tuple[str, ...] = ()  # the marines win once all of these are triggered
    meltdown: tuple[int, int] | None = None  # (first round, every n rounds): a frag while one is left


@dataclass(frozen=True, eq=False)  # hashed by identity (load_map caches on it)
class DoomContent:
    dice: Mapping[str, Die]
    dice_in_box: Mapping[str, int]
    monsters: Mapping[str, Monster]
    ammo: Mapping[str, Ammo]
    weapons: Mapping[str, Weapon]
    items: Mapping[str, Item]
    marines: Mapping[str, MarineColour]
    setups: Mapping[int, Setup]
    actions: Mapping[str, MarineAction]
    orders: Mapping[str, Order]
    numbers: Mapping[str, Number]
    marine_cards: Mapping[str, MarineCard]
    invader_cards: Mapping[str, InvaderCard]
    scenarios: Mapping[str, Scenario]

    def number(self, name: str) -> int:
        return self.numbers[name].value

    def invader_deck(self) -> tuple[str, ...]:
        """Card instance ids "<card>#<copy>" (1-based), in the file's order."""
        return tuple(f"{c.id}#{i}" for c in self.invader_cards.values() for i in range(1, c.count + 1))

    def marine_deck(self) -> tuple[str, ...]:
        return tuple(f"{c.id}#{i}" for c in self.marine_cards.values() for i in range(1, c.copies + 1))

    def invader_card(self, instance: str) -> InvaderCard:
        return self.invader_cards[instance.partition("#")[0]]

    def scatter_of(self, instance: str) -> str:
        card_id, _, copy = instance.partition("#")
        return self.invader_cards[card_id].scatter[int(copy) - 1]

    def marine_card(self, instance: str) -> MarineCard:
        return self.marine_cards[instance.partition("#")[0]]

    def records(self) -> Iterable[tuple[str, str, Provenance]]:
        """(file, key, provenance) of every record, for the list of unverified data."""
        for name, table, recs in (
            ("monsters.toml", "monster", self.monsters), ("weapons.toml", "ammo", self.ammo),
            ("weapons.toml", "weapon", self.weapons), ("equipment.toml", "item", self.items),
            ("marines.toml", "marine", self.marines), ("marines.toml", "setup", self.setups),
            ("marines.toml", "action", self.actions), ("marines.toml", "order", self.orders),
            ("marines.toml", "number", self.numbers), ("marine_cards.toml", "card", self.marine_cards),
            ("invader_cards.toml", "card", self.invader_cards), ("scenarios.toml", "scenario", self.scenarios),
        ):
            for key, rec in recs.items():
                yield name, f"{table}.{key}", rec.provenance


# ----------------------------------------------------------------------------- reading


class _Reader:
    """Typed field access on one parsed file; every failure names file, key path and line."""

    def __init__(self, doc: TomlFile):
        self.doc = doc

    def fail(self, path: KeyPath, problem: Any) -> DataError:
        err = self.doc.error(list(path), problem)
        # Name the file as it is known in the data folder: "monsters.toml: ...".
        return DataError(self.doc.path.name, problem, err.key, err.line)

    def section(self, name: str) -> dict[str, Any]:
        table = self.doc.data.get(name)
        if not isinstance(table, dict) or not table:
            raise DataError(self.doc.path.name, M("no [{name}.<id>] records", name=name))
        for key, rec in table.items():
            if not isinstance(rec, dict):
                raise self.fail([name, key], M("must be a table"))
        return table

    def keys(self, rec: Mapping[str, Any], path: KeyPath, allowed: Iterable[str]) -> None:
        allowed = set(allowed) | set(PROVENANCE)
        for k in rec:
            if k not in allowed:
                raise self.fail([*path, k], M("unknown key {key} (expected one of: {known})", key=repr(k), known=", ".join(sorted(allowed))))

    def get(self, rec: Mapping[str, Any], key: str, path: KeyPath, kind: type, default: Any = ...) -> Any:
        if key not in rec:
            if default is ...:
                raise self.fail(path, M("missing key {key}", key=repr(key)))
            return default
        value = rec[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            raise self.fail([*path, key], must_be(kind, repr(value)))
        if kind is int and value < 0:
            raise self.fail([*path, key], M("must be 0 or more, got {value}", value=value))
        return value

    def choice(self, rec: Mapping[str, Any], key: str, path: KeyPath, choices: Iterable[str]) -> str:
        value = self.get(rec, key, path, str)
        choices = tuple(choices)
        if value not in choices:
            raise self.fail([*path, key], M("unknown value {value} (expected one of: {known})", value=repr(value), known=", ".join(choices)))
        return value

    def ref(self, value: Any, known: Mapping[str, Any] | Iterable[str], what: str, path: KeyPath) -> str:
        names = sorted(known)
        if not isinstance(value, str) or value not in names:
            raise self.fail(path, f"unknown {what} {value!r} (known: {', '.join(names)})")
        return value

    def provenance(self, rec: Mapping[str, Any], path: KeyPath, fields: Iterable[str] = ()) -> Provenance:
        return read_provenance(rec, path, self.fail, fields=fields)

    def abilities(self, rec: Mapping[str, Any], path: KeyPath) -> Abilities:
        table = self.get(rec, "abilities", path, dict, {})
        values: dict[str, Any] = {}
        for k in table:
            kind = ABILITIES.get(k)
            if kind is None:
                raise self.fail([*path, "abilities", k],
                                M("unknown ability {value} (known: {known})", value=repr(k), known=", ".join(sorted(ABILITIES))))
            values[k] = self.get(table, k, [*path, "abilities"], kind)
        return Abilities(**values)

    def dice(self, rec: Mapping[str, Any], path: KeyPath, dice: Mapping[str, Die], box: Mapping[str, int]) -> tuple[str, ...]:
        pool = self.get(rec, "dice", path, list)
        if not pool:
            raise self.fail([*path, "dice"], M("needs at least one die"))
        for i, d in enumerate(pool):
            self.ref(d, dice, "die", [*path, "dice", i])
        for d in set(pool):
            if pool.count(d) > box.get(d, 0):
                raise self.fail([*path, "dice"], M("uses {n} {die} dice; the box has {box}", n=pool.count(d), die=d, box=box.get(d, 0)))
        return tuple(pool)


def _frozen(d: dict) -> Mapping:
    return MappingProxyType(d)


def load_content(data_dir: str | Path | None = None) -> DoomContent:
    """Reads and checks every Doom data file; raises DataError on the first mistake."""
    folder = Path(data_dir) if data_dir is not None else DATA_DIR
    r = {name: _Reader(load_toml(folder / f"{name}.toml")) for name in FILES}

    dice = dice_from_toml(r["dice"].doc)
    box_rec = r["dice"].get(r["dice"].doc.data, "dice_in_box", [], dict)
    box: dict[str, int] = {}
    for k, v in box_rec.items():
        if k in PROVENANCE:
            continue
        r["dice"].ref(k, dice, "die", ["dice_in_box", k])
        box[k] = r["dice"].get(box_rec, k, ["dice_in_box"], int)
    r["dice"].provenance(box_rec, ["dice_in_box"])

    m = r["monsters"]
    monsters = {}
    for key, rec in m.section("monster").items():
        p = ["monster", key]
        fields = ("name", "name_hu", "figures", "footprint", "move", "armour", "health", "dice", "melee", "abilities")
        m.keys(rec, p, (*fields, "plural"))
        monsters[key] = Monster(
            key, m.get(rec, "name", p, str), m.get(rec, "plural", p, str), m.get(rec, "name_hu", p, str), m.get(rec, "figures", p, int),
            m.choice(rec, "footprint", p, FOOTPRINTS), m.get(rec, "move", p, int), _armour(m, rec, p),
            _positive(m, rec, "health", p), m.dice(rec, p, dice, box), m.get(rec, "melee", p, bool),
            m.abilities(rec, p), m.provenance(rec, p, fields))

    w = r["weapons"]
    ammo = {}
    for key, rec in w.section("ammo").items():
        p = ["ammo", key]
        w.keys(rec, p, ("name", "name_hu"))
        ammo[key] = Ammo(key, w.get(rec, "name", p, str), w.get(rec, "name_hu", p, str), w.provenance(rec, p))
    weapons = {}
    for key, rec in w.section("weapon").items():
        p = ["weapon", key]
        fields = ("name", "name_hu", "always", "ammo", "dice", "melee", "abilities", "supply")
        w.keys(rec, p, fields)
        ammo_id = w.get(rec, "ammo", p, str)
        if ammo_id != "none":
            w.ref(ammo_id, ammo, "ammo type", [*p, "ammo"])
        weapons[key] = Weapon(
            key, w.get(rec, "name", p, str), w.get(rec, "name_hu", p, str), w.get(rec, "always", p, bool), ammo_id,
            w.dice(rec, p, dice, box), w.get(rec, "melee", p, bool), w.abilities(rec, p),
            w.get(rec, "supply", p, int), w.provenance(rec, p, fields))
    if "fist" not in weapons or not weapons["fist"].melee:
        raise DataError("weapons.toml", M("{key} must exist and be a melee weapon (berserk, spec 6.12)", key="weapon.fist"))

    e = r["equipment"]
    items = {}
    for key, rec in e.section("item").items():
        p = ["item", key]
        fields = ("name", "name_hu", "effect", "amount", "supply")
        e.keys(rec, p, fields)
        if key in weapons or key in ammo:
            raise e.fail(p, M("item id {id} is also a weapon or ammo id (map props name them alike)", id=repr(key)))
        items[key] = Item(key, e.get(rec, "name", p, str), e.get(rec, "name_hu", p, str),
                          e.choice(rec, "effect", p, ITEM_EFFECTS), e.get(rec, "amount", p, int),
                          e.get(rec, "supply", p, int), e.provenance(rec, p, fields))

    k = r["marines"]
    marines = {}
    for key, rec in k.section("marine").items():
        p = ["marine", key]
        k.keys(rec, p, ("name", "name_hu", "seat"))
        marines[key] = MarineColour(key, k.get(rec, "name", p, str), k.get(rec, "name_hu", p, str),
                                    k.get(rec, "seat", p, int), k.provenance(rec, p))
    setups = {}
    for key, rec in k.section("setup").items():
        p = ["setup", key]
        if not key.isdigit() or not 1 <= int(key) <= len(marines):
            raise k.fail(p, M("setup tables are numbered by marines, 1 to {most}", most=len(marines)))
        fields = ("shells", "health", "armour", "cards")
        k.keys(rec, p, fields)
        setups[int(key)] = Setup(int(key), k.get(rec, "shells", p, int), _positive(k, rec, "health", p),
                                 k.get(rec, "armour", p, int), k.get(rec, "cards", p, int), k.provenance(rec, p, fields))
    missing = set(range(1, len(marines) + 1)) - set(setups)
    if missing:
        raise DataError("marines.toml", M("no {table} table", table=f"[setup.{min(missing)}]"))
    actions = {}
    for key, rec in k.section("action").items():
        p = ["action", key]
        k.keys(rec, p, ("name", "name_hu", "move", "attacks", "order", "either"))
        actions[key] = MarineAction(key, k.get(rec, "name", p, str), k.get(rec, "name_hu", p, str),
                                    k.get(rec, "move", p, int), k.get(rec, "attacks", p, int),
                                    k.get(rec, "order", p, bool), k.get(rec, "either", p, bool), k.provenance(rec, p))
    orders = {}
    for key, rec in k.section("order").items():
        p = ["order", key]
        k.keys(rec, p, ("name", "name_hu", "medic_only"))
        orders[key] = Order(key, k.get(rec, "name", p, str), k.get(rec, "name_hu", p, str),
                            k.get(rec, "medic_only", p, bool), k.provenance(rec, p))
    numbers = {}
    for key, rec in k.section("number").items():
        p = ["number", key]
        k.keys(rec, p, ("value",))
        numbers[key] = Number(key, k.get(rec, "value", p, int), k.provenance(rec, p))
    for need in ("invader_start_hand", "invader_hand_limit", "respawn_min", "respawn_max",
                 "indirect_max_range", "knockback_squares", "door_cost", "teleport_cost", "vent_cost"):
        if need not in numbers:
            raise DataError("marines.toml", M("no {table} record", table=f"[number.{need}]"))

    c = r["marine_cards"]
    marine_cards = {}
    for key, rec in c.section("card").items():
        p = ["card", key]
        effect = c.choice(rec, "effect", p, CARD_EFFECTS)
        params_allowed = CARD_EFFECTS[effect]
        c.keys(rec, p, ("name", "copies", "effect", *params_allowed))
        params = {}
        for name in params_allowed:
            if name not in rec:
                raise c.fail(p, M("effect {effect} needs {key}", effect=repr(effect), key=repr(name)))
            value = rec[name]
            if name == "actions":
                for i, a in enumerate(c.get(rec, name, p, list)):
                    c.ref(a, actions, "marine action", [*p, name, i])
                value = tuple(value)
            elif name == "ammo":
                for a in c.get(rec, name, p, dict):
                    c.ref(a, ammo, "ammo type", [*p, name, a])
                    c.get(value, a, [*p, name], int)
                value = _frozen(dict(value))
            elif name == "when":
                value = c.choice(rec, name, p, ("ranged_no_blast", "fire", "advance"))
            else:
                value = c.get(rec, name, p, int)
            params[name] = value
        marine_cards[key] = MarineCard(key, c.get(rec, "name", p, str), _positive(c, rec, "copies", p), effect,
                                       _frozen(params), c.provenance(rec, p, ("name", "copies", "effect", *params_allowed)))

    v = r["invader_cards"]
    invader_cards = {}
    for key, rec in v.section("card").items():
        p = ["card", key]
        kind = v.choice(rec, "kind", p, ("spawn", "event"))
        fields = ("name", "kind", "count", "halves", "scatter") + (("timing", "effect", "text", "amount", "variant_spawn") if kind == "event" else ())
        v.keys(rec, p, fields)
        count = _positive(v, rec, "count", p)
        halves: tuple[tuple[SpawnGroup, ...], ...] = ()
        if kind == "spawn":
            raw = v.get(rec, "halves", p, list)
            if not 1 <= len(raw) <= 2:
                raise v.fail([*p, "halves"], M("a spawn card has one group or two halves (spec 8.1)"))
            out = []
            for i, half in enumerate(raw):
                if not isinstance(half, list) or not half:
                    raise v.fail([*p, "halves", i], M("each half is a non-empty list of {form}", form="{ monster, count }"))
                groups = []
                for j, g in enumerate(half):
                    gp = [*p, "halves", i]
                    if not isinstance(g, dict) or set(g) != {"monster", "count"}:
                        raise v.fail(gp, M("entry {n} must be {form}", n=j, form="{ monster = ..., count = ... }"))
                    groups.append(SpawnGroup(v.ref(g["monster"], monsters, "monster", gp), _positive(v, g, "count", gp)))
                out.append(tuple(groups))
            halves = tuple(out)
        scatter = v.get(rec, "scatter", p, list)
        if len(scatter) != count:
            raise v.fail([*p, "scatter"], M("needs one entry per copy: {want}, got {n}", want=count, n=len(scatter)))
        for i, s in enumerate(scatter):
            if not _scatter_ok(s):
                raise v.fail([*p, "scatter", i], M("must be {miss} or a direction and a distance like {example}, got {value}", miss="'miss'", example="'NE2'", value=repr(s)))
        invader_cards[key] = InvaderCard(
            key, v.get(rec, "name", p, str), kind, count, halves,
            v.choice(rec, "timing", p, EVENT_TIMINGS) if kind == "event" else "",
            v.choice(rec, "effect", p, EVENT_EFFECTS) if kind == "event" else "",
            v.get(rec, "text", p, str, ""), tuple(scatter), v.provenance(rec, p, fields),
            v.get(rec, "amount", p, int, 0),
            tuple(v.ref(m, monsters, "monster", [*p, "variant_spawn", i])
                  for i, m in enumerate(v.get(rec, "variant_spawn", p, list, []))))

    s = r["scenarios"]
    scenarios = {}
    for key, rec in s.section("scenario").items():
        p = ["scenario", key]
        fields = ("name", "name_hu", "map", "frag_target", "marine_starts", "win_area", "compass", "encounters",
                  "win_encounters", "meltdown")
        s.keys(rec, p, fields)
        map_path = s.get(rec, "map", p, str)
        if not (ROOT / map_path).is_file():
            raise s.fail([*p, "map"], M("no map file {path} (paths are relative to the project root)", path=repr(map_path)))
        starts = s.get(rec, "marine_starts", p, list)
        if len(starts) < len(marines):
            raise s.fail([*p, "marine_starts"], M("needs a start square for each of the {n} marines", n=len(marines)))
        for i, sq in enumerate(starts):
            if not (isinstance(sq, list) and len(sq) == 2 and all(isinstance(v, int) and v >= 0 for v in sq)):
                raise s.fail([*p, "marine_starts", i], M("a square is [x, y] with whole numbers, got {value}", value=repr(sq)))
        encounters = {eid: _encounter(s, erec, [*p, "encounters", eid], ammo, weapons, items, monsters)
                      for eid, erec in s.get(rec, "encounters", p, dict).items()}
        win_enc = s.get(rec, "win_encounters", p, list, [])
        for i, e in enumerate(win_enc):
            s.ref(e, encounters, "encounter", [*p, "win_encounters", i])
        win_area = s.get(rec, "win_area", p, str, "")
        if not win_area and not win_enc:
            raise s.fail(p, M("needs a way for the marines to win: {keys}", keys="win_area, win_encounters"))
        melt = s.get(rec, "meltdown", p, dict, None)
        meltdown = None
        if melt is not None:
            s.keys(melt, [*p, "meltdown"], ("first", "every"))
            meltdown = (_positive(s, melt, "first", [*p, "meltdown"]), _positive(s, melt, "every", [*p, "meltdown"]))
        scenarios[key] = Scenario(
            key, s.get(rec, "name", p, str), s.get(rec, "name_hu", p, str), map_path,
            _positive(s, rec, "frag_target", p), tuple((int(a), int(b)) for a, b in starts),
            win_area, s.choice(rec, "compass", p, COMPASS), _frozen(encounters),
            s.provenance(rec, p, fields), tuple(win_enc), meltdown)
        _encounter_map_refs(s, key, scenarios[key])

    content = DoomContent(
        _frozen(dice), _frozen(box), _frozen(monsters), _frozen(ammo), _frozen(weapons), _frozen(items),
        _frozen(marines), _frozen(setups), _frozen(actions), _frozen(orders), _frozen(numbers),
        _frozen(marine_cards), _frozen(invader_cards), _frozen(scenarios))
    total = len(content.invader_deck())
    if total != 66:
        raise DataError("invader_cards.toml", M("the invader deck has {want} cards (seed p. 4), these records make {n}", want=66, n=total))
    total = len(content.marine_deck())
    if total != 18:
        raise DataError("marine_cards.toml", M("the marine deck has {want} cards (seed p. 4), these records make {n}", want=18, n=total))
    return content


ENCOUNTER_KEYS = ("text", "give", "health", "doors", "reveal", "spawn")


def _encounter(r: _Reader, rec: Any, path: KeyPath, ammo, weapons, items, monsters) -> Encounter:
    """One scenario encounter (the Encounter keys); every id checked against the data files."""
    if not isinstance(rec, dict):
        raise r.fail(path, M("must be a table {form}", form="{ text, give, health, doors, reveal, spawn }"))
    r.keys(rec, path, ENCOUNTER_KEYS)
    give = {}
    for what in r.get(rec, "give", path, dict, {}):
        if what not in ammo and what not in weapons and what not in items:
            raise r.fail([*path, "give", what], M("{id} is not an ammo, weapon or item id of the data files", id=repr(what)))
        give[what] = _positive(r, rec["give"], what, [*path, "give"])
    health = r.get(rec, "health", path, int, 0)
    if health < 0:
        raise r.fail([*path, "health"], M("must be 0 or more, got {value}", value=health))
    doors = {}
    for d, how in r.get(rec, "doors", path, dict, {}).items():
        if how not in ("open", "closed"):
            raise r.fail([*path, "doors", d], M("must be {open} or {closed}, got {value}", open="'open'", closed="'closed'", value=repr(how)))
        doors[d] = how == "open"
    reveal = r.get(rec, "reveal", path, list, [])
    for i, a in enumerate(reveal):
        if not isinstance(a, str):
            raise r.fail([*path, "reveal", i], M("must be an area name, got {value}", value=repr(a)))
    spawn = []
    for i, g in enumerate(r.get(rec, "spawn", path, list, [])):
        if not isinstance(g, dict) or set(g) != {"monster", "count"}:
            raise r.fail([*path, "spawn", i], M("each entry is {form}", form="{ monster = ..., count = ... }"))
        spawn.append(SpawnGroup(r.ref(g["monster"], monsters, "monster", [*path, "spawn", i]),
                                _positive(r, g, "count", [*path, "spawn", i])))
    return Encounter(path[-1], r.get(rec, "text", path, str), _frozen(give), health, _frozen(doors),
                     tuple(reveal), tuple(spawn))


def _encounter_map_refs(r: _Reader, key: str, sc: "Scenario") -> None:
    """The areas and doors an encounter names exist on the scenario's map (read without content:
    only the names are needed)."""
    if not any(e.reveal or e.doors for e in sc.encounters.values()):
        return
    from game.doom.rules.board import load_map

    m = load_map(sc.map)
    for eid, e in sc.encounters.items():
        path = ["scenario", key, "encounters", eid]
        for i, a in enumerate(e.reveal):
            if a not in m.areas:
                raise r.fail([*path, "reveal", i], M("no area {area} on {map} (areas: {ids})", area=repr(a), map=sc.map, ids=", ".join(sorted(m.areas))))
        for d in e.doors:
            if d not in m.doors:
                raise r.fail([*path, "doors", d], M("no door {door} on {map} (doors: {ids})", door=repr(d), map=sc.map, ids=", ".join(sorted(m.doors))))


def _positive(r: _Reader, rec: Mapping[str, Any], key: str, path: KeyPath) -> int:
    value = r.get(rec, key, path, int)
    if value < 1:
        raise r.fail([*path, key], M("must be at least {least}, got {value}", least=1, value=value))
    return value


def _armour(r: _Reader, rec: Mapping[str, Any], path: KeyPath) -> int:
    # spec 11 item 16: armour 0 would divide by zero; the rules use max(1, armour), data must not rely on it.
    return _positive(r, rec, "armour", path)


def _scatter_ok(s: Any) -> bool:
    if s == "miss":
        return True
    if not isinstance(s, str):
        return False
    head = s.rstrip("0123456789")
    tail = s[len(head):]
    return head in COMPASS and tail.isdigit() and int(tail) >= 1


class ScenarioTable(Mapping):
    """content.scenarios: the scenarios of scenarios.toml, plus built maps registered when a
    game on one is started or loaded (game/doom/custom.py; looked up by id, never listed:
    simulations and the set-up screen's scenario list see only scenarios.toml)."""

    def __init__(self, base: Mapping[str, Scenario]):
        self._base = dict(base)
        self._custom: dict[str, Scenario] = {}
        self._digests: dict[str, str] = {}

    def __getitem__(self, key: str) -> Scenario:
        if key in self._base:
            return self._base[key]
        return self._custom[key]

    def __contains__(self, key: object) -> bool:
        return key in self._base or key in self._custom

    def __iter__(self):
        return iter(self._base)

    def __len__(self) -> int:
        return len(self._base)

    def register(self, scenario: Scenario, digest: str) -> None:
        self._custom[scenario.id] = scenario
        self._digests[scenario.id] = digest

    def digest(self, key: str) -> str | None:
        return self._digests.get(key)


@lru_cache(maxsize=1)
def shared_content() -> DoomContent:
    """The shipped content, read once per process (it is immutable; built maps are added to
    its ScenarioTable by id)."""
    content = load_content()
    object.__setattr__(content, "scenarios", ScenarioTable(content.scenarios))
    return content


DOC = ROOT / "docs" / "DOOM.md"
BEGIN, END = "<!-- unverified:begin -->", "<!-- unverified:end -->"


def unverified_table(content: DoomContent | None = None) -> str:
    """The Markdown table of every record not (fully) from the seed, as docs/DOOM.md lists it
    (the kit's game/engine/provenance_doc.py builds it)."""
    from game.engine.provenance_doc import unverified_table as table

    return table((content or shared_content()).records())


def update_doc(path: Path = DOC) -> bool:
    """Rewrites the table between the markers of docs/DOOM.md; True when it changed."""
    from game.engine.provenance_doc import update_between

    return update_between(path, BEGIN, END, unverified_table())


if __name__ == "__main__":  # pragma: no cover
    import sys

    from game.engine.provenance_doc import command

    command(sys.argv, DOC, BEGIN, END, unverified_table)
