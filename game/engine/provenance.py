"""Where a content value comes from, for every title (DESIGN.md: data the rulebooks lack is
`verified = false` in the data files, never silently invented in code).

Each record of a title's content TOML carries `verified` (true: from the seed rulebook; false:
a PLACEHOLDER; "fan", where a title allows it: a fan source), `source` (where the values come
from), `reason` (required unless verified: why it is not from the seed) and optionally
`field_verified` (per field, for a record that mixes seed and placeholder values; the record is
as verified as its weakest field). `read_provenance` checks them and reports a mistake through
the title's own `fail(path, problem)`, so the message names file, key and line the title's way.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Sequence, Union

Verified = Union[bool, str]  # True (seed) | "fan" | False (PLACEHOLDER)
STRENGTH: dict[Verified, int] = {False: 0, "fan": 1, True: 2}
KEYS = ("verified", "source", "reason", "field_verified")


@dataclass(frozen=True)
class Provenance:
    verified: Verified
    source: str
    reason: str = ""
    field_verified: Mapping[str, Verified] = field(default_factory=lambda: MappingProxyType({}))

    def placeholder(self, *names: str) -> bool:
        """True when any of the named fields (the whole record when none is named) is not
        printed in the rulebooks: verified = false, field by field where field_verified says.
        The table marks such values (issue 21 item 7)."""
        if not names:
            return self.verified is False or any(v is False for v in self.field_verified.values())
        return any(self.field_verified.get(n, self.verified) is False for n in names)


def _show(v: Any) -> str:
    return f'"{v}"' if isinstance(v, str) else str(v).lower() if isinstance(v, bool) else repr(v)


def read_provenance(rec: Mapping[str, Any], path: Sequence[Any], fail: Callable[[list, str], Exception], *,
                    fan: bool = False, fields: Iterable[str] = ()) -> Provenance:
    """The record's provenance, or `fail(path, problem)` raised. `fan`: "fan" is a level of
    its own (Gears); `fields`: the record's field names, when field_verified must name them."""
    levels = (True, "fan", False) if fan else (True, False)
    words = 'true, "fan" or false' if fan else "true or false"

    def level(v: Any) -> bool:
        return v in levels and (isinstance(v, bool) or v == "fan")

    v = rec.get("verified")
    if v is None:
        meaning = 'true = seed, "fan", false = PLACEHOLDER' if fan else "true = seed, false = PLACEHOLDER"
        raise fail(list(path), f'missing required key "verified" ({meaning})')
    if not level(v):
        raise fail([*path, "verified"], f"verified must be {words}, got {_show(v)}")
    source = rec.get("source")
    if not isinstance(source, str) or not source.strip():
        raise fail([*path, "source"], f"source must say where the values come from, got {_show(source)}")
    reason = rec.get("reason", "")
    if not isinstance(reason, str):
        raise fail([*path, "reason"], f"reason must be a string, got {_show(reason)}")
    if v is not True and not reason.strip():
        raise fail([*path, "verified"], "a record that is not from the seed needs a `reason` saying why")
    per_field = rec.get("field_verified", {})
    if not isinstance(per_field, dict):
        raise fail([*path, "field_verified"], "field_verified must be a table")
    known = set(fields)
    for key, fval in per_field.items():
        if known and key not in known:
            raise fail([*path, "field_verified", key], f"no field {key!r} in this record")
        if not level(fval):
            raise fail([*path, "field_verified", key], f"field_verified.{key} must be {words}, got {_show(fval)}")
    if per_field:
        weakest = min(per_field.values(), key=lambda x: STRENGTH[x])
        if STRENGTH[weakest] != STRENGTH[v]:
            raise fail([*path, "verified"], f"must be {_show(weakest)}: the weakest of field_verified (got {_show(v)})")
    return Provenance(v, source, reason, MappingProxyType(dict(per_field)))
