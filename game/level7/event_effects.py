"""The event sections' effects as data (events.toml `effect`, spec 8.7): a small fixed vocabulary
the loader checks, so the engine runs a section without reading its prose.

An effect is a list of steps, each a table with `do` and that kind's parameters:

    effect = [{ do = "challenge", attribute = "intelligence", level = 3,
                fail = [{ do = "threat", amount = 1 }] }]

`VOCABULARY` lists every kind with its parameters: (name, what it is, required). What they mean
is docs/CONTENT.md "Event effects"; the engine's interpreter is game/level7/rules/events.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

ENEMIES = ("guard", "clone")  # the types an event spawns or moves (the reserve figures)
PLACES = ("security", "fear", "vent")  # nearest tile of this kind (spec 7.2)
EFFECTS = "effects"  # a parameter holding a list of steps

# kind -> ((parameter, type or choices, required), ...); a type is int, bool, EFFECTS, "options"
# (a list of two or more step lists) or a tuple of allowed words
VOCABULARY: dict[str, tuple[tuple[str, Any, bool], ...]] = {
    "threat": (("amount", int, True),),  # +n from the pool; -n to the box
    "fear": (("amount", int, True), ("who", ("you", "tile"), False)),  # tile: you and everyone on your tile
    "challenge": (("attribute", ("intelligence", "strength"), True), ("level", int, True),
                  ("fail", EFFECTS, True), ("success", EFFECTS, False)),
    "spawn": (("enemy", ENEMIES, True), ("at", PLACES, True)),
    "darkness": (("else", EFFECTS, False),),  # a darkness token on your tile; `else` when none is left
    "seal_vent": (),  # a sealed-vent token on the nearest vent tile other than yours
    "lock_door": (("joined", bool, False), ("else", EFFECTS, False)),  # a locked-door token on a door of your tile
    "discard": (("count", int, True),),
    "draw_item": (),
    "draw_adrenaline": (("count", int, True),),
    "choose": (("options", "options", True),),  # the player picks one list; one that cannot happen at all is not offered
    "activate_near": (("enemy", ENEMIES, True), ("distance", int, True)),
    "sweep": (("enemy", ENEMIES, True), ("distance", int, True)),  # move 1 toward you; no activation, no attack
    "spawn_point": (("token", ("nest", "post"), True), ("at", ("security", "fear"), True)),
    "vent_travel": (),  # optional: to any vent of your tile's network, placement not movement
    "remove_darkness": (),  # from your tile or an adjacent one
    "nothing": (),
}


@dataclass(frozen=True)
class Step:
    do: str
    params: Mapping[str, Any]

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


Fail = Callable[[list, str], Exception]  # (key path, problem) -> the loader's error naming file and line


def read_effect(value: Any, path: list, fail: Fail) -> tuple[Step, ...]:
    """A checked effect: a non-empty list of steps of the vocabulary."""
    if not isinstance(value, list) or not value:
        raise fail(path, f"must be a list of steps like [{{ do = \"threat\", amount = 1 }}], got {value!r}")
    return tuple(_step(v, [*path, i], fail) for i, v in enumerate(value))


def _step(rec: Any, path: list, fail: Fail) -> Step:
    if not isinstance(rec, dict):
        raise fail(path, f"a step must be a table with `do`, got {rec!r}")
    do = rec.get("do")
    if do not in VOCABULARY:
        raise fail([*path, "do"], f"unknown effect {do!r} (known: {', '.join(VOCABULARY)})")
    spec = VOCABULARY[do]
    names = [name for name, _, _ in spec]
    for key in rec:
        if key != "do" and key not in names:
            raise fail([*path, key], f"{do} takes no {key!r} (it takes: {', '.join(names) or 'nothing'})")
    params: dict[str, Any] = {}
    for name, kind, required in spec:
        if name not in rec:
            if required:
                raise fail(path, f"{do} needs {name!r}")
            continue
        v, where = rec[name], [*path, name]
        if kind is int:
            if not isinstance(v, int) or isinstance(v, bool) or not -8 <= v <= 8:
                raise fail(where, f"must be a whole number from -8 to 8, got {v!r}")
        elif kind is bool:
            if not isinstance(v, bool):
                raise fail(where, f"must be true or false, got {v!r}")
        elif kind == EFFECTS:
            v = read_effect(v, where, fail)
        elif kind == "options":
            if not isinstance(v, list) or len(v) < 2:
                raise fail(where, f"must list two or more options (each a list of steps), got {v!r}")
            v = tuple(read_effect(o, [*where, i], fail) for i, o in enumerate(v))
        elif v not in kind:
            raise fail(where, f"must be one of {', '.join(kind)}, got {v!r}")
        params[name] = v
    if do in ("challenge", "discard", "draw_adrenaline", "activate_near", "sweep") and \
            params.get("level", params.get("count", params.get("distance", 1))) < 1:
        raise fail(path, f"{do}'s number must be at least 1")
    if do == "spawn" and params["at"] != {"guard": "security", "clone": "fear"}[params["enemy"]] and \
            (params["enemy"], params["at"]) != ("clone", "vent"):
        raise fail([*path, "at"], f"a {params['enemy']} spawns at its own sites (or a clone at a vent), not at {params['at']!r}")
    if do in ("threat", "fear") and params["amount"] == 0:
        raise fail([*path, "amount"], "must not be 0 (use nothing)")
    return Step(do, MappingProxyType(params))
