"""The rules reference: a short text per rule, keyed by spec section ("3.5" = line of sight).

Refusals, lesson steps and the F1 Rules tab all point into the same file
(game/<title>/rules_reference.toml), so a learner told "no line of sight" can open the rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.engine.tomldata import DataError, load_toml

GEARS_RULES = Path(__file__).resolve().parents[1] / "gears" / "rules_reference.toml"


@dataclass(frozen=True)
class RuleText:
    section: str
    title: str
    text: str
    see: tuple[str, ...] = ()


@dataclass(frozen=True)
class MarkerText:
    """What a kind of map marker does, in a line (the table's hover card over a barrel, a vent):
    `title` may hold {colour} (a key, a teleporter); `section` is the rule it sums up."""
    kind: str
    title: str
    text: str
    section: str = ""


@dataclass(frozen=True)
class RulesReference:
    path: str
    rules: dict[str, RuleText]
    # a screen/phase name ("move", "attack", "order") -> the section it opens by default
    context: dict[str, str]
    # a map marker's kind ("barrel", "vent") -> its hover card's words ([marker.<kind>] tables)
    markers: dict[str, MarkerText] = field(default_factory=dict)

    def get(self, section: str) -> RuleText | None:
        """The rule for `section`, or the nearest enclosing one ("6.3" for "6.3.1")."""
        s = section
        while s:
            if s in self.rules:
                return self.rules[s]
            s = s.rpartition(".")[0]
        return None

    def for_context(self, name: str) -> RuleText | None:
        section = self.context.get(name)
        return self.get(section) if section else None

    def ordered(self) -> list[RuleText]:
        return sorted(self.rules.values(), key=lambda r: [int(x) for x in r.section.split(".") if x.isdigit()])


def load_rules_reference(path: str | Path = GEARS_RULES) -> RulesReference:
    doc = load_toml(path)
    data = doc.data
    for key in data:
        if key not in ("rule", "context", "marker"):
            raise doc.error([key], f"unknown table {key!r} (expected rule, context, marker)")
    raw = data.get("rule")
    if not isinstance(raw, dict) or not raw:
        raise doc.error(["rule"], "no [rule.\"<section>\"] tables")
    rules: dict[str, RuleText] = {}
    for section, r in raw.items():
        path_ = ["rule", section]
        _keys(doc, path_, r, ("title", "text", "see"), "a rule is a table with title and text")
        for key in ("title", "text"):
            if not isinstance(r.get(key), str) or not r[key].strip():
                raise doc.error(path_, f"missing or empty {key!r}")
        see = r.get("see", [])
        if not isinstance(see, list) or not all(isinstance(s, str) for s in see):
            raise doc.error(path_ + ["see"], "see is a list of sections")
        rules[section] = RuleText(section, r["title"].strip(), " ".join(r["text"].split()), tuple(see))
    for section, r in rules.items():
        for i, s in enumerate(r.see):
            if s not in rules:
                raise doc.error(["rule", section, "see", i], f"unknown section {s!r}")
    context = data.get("context", {})
    if not isinstance(context, dict):
        raise doc.error(["context"], "context is a table: name = section")
    for name, section in context.items():
        if section not in rules:
            raise doc.error(["context", name], f"unknown section {section!r}")
    return RulesReference(str(path), rules, dict(context), _markers(doc, data.get("marker", {}), rules))


def _keys(doc, path_: list, value, allowed: tuple[str, ...], what: str) -> None:
    """A table (else `what`) whose keys are all `allowed`, or the document's error naming it."""
    if not isinstance(value, dict):
        raise doc.error(path_, what)
    for key in value:
        if key not in allowed:
            raise doc.error(path_ + [key], f"unknown key {key!r} (expected {', '.join(allowed)})")


def _markers(doc, raw, rules: dict[str, RuleText]) -> dict[str, MarkerText]:
    if not isinstance(raw, dict):
        raise doc.error(["marker"], "marker is a table of [marker.<kind>] tables")
    out: dict[str, MarkerText] = {}
    for kind, m in raw.items():
        path_ = ["marker", kind]
        _keys(doc, path_, m, ("title", "text", "rule"), "a marker is a table with title, text and rule")
        if not isinstance(m.get("text"), str) or not m["text"].strip():
            raise doc.error(path_, "missing or empty 'text'")
        if not isinstance(m.get("title", ""), str):
            raise doc.error(path_ + ["title"], "title is a string")
        section = m.get("rule", "")
        if section and section not in rules:
            raise doc.error(path_ + ["rule"], f"unknown section {section!r}")
        out[kind] = MarkerText(kind, m.get("title", "").strip(), " ".join(m["text"].split()), section)
    return out


def check_sections(reference: RulesReference, sections: list[tuple[str, str]]) -> list[str]:
    """Problems for (where, section) pairs that the reference does not cover."""
    return [f"{where}: rule {s!r} is not in {reference.path}" for where, s in sections
            if s and reference.get(s) is None]


__all__ = ["DataError", "MarkerText", "RuleText", "RulesReference", "load_rules_reference", "check_sections", "GEARS_RULES"]
