"""Reading lesson scripts (TOML) into the lesson model, with errors naming file, key and line.

The structure is checked here; what the names mean (setup verbs, places, conditions, cards) is
checked by the title's adapter (`check_lesson`), which gets the same TomlFile to point at lines.
Format: docs/TUTORIAL.md.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from game.engine.text import M, join
from game.engine.tomldata import DataError, TomlFile, load_toml
from game.i18n import N_
from game.tutorial.model import (HIGHLIGHT_KINDS, Condition, Highlight, Lesson, Matcher, Scenario,
                                 Step)

LessonError = DataError  # one message: "file: key (line N): problem"

_TOP = ("lesson", "scenario", "setup", "places", "auto", "step")
_LESSON = ("id", "title", "order", "minutes", "summary", "rules")
_SCENARIO = ("title", "mission", "seed", "players", "characters", "options")
_STEP = ("id", "text", "highlight", "expect", "until", "solution", "wrong", "rule", "dice",
         "ai_on_top", "orders_on_top", "decks")


def _unknown(doc: TomlFile, table: dict[str, Any], allowed: Sequence[str], path: list) -> None:
    for key in table:
        if key not in allowed:
            raise doc.error(path + [key], M("unknown key {key} (expected one of: {known})", key=repr(key), known=", ".join(allowed)))


def _want(doc: TomlFile, value: Any, kind: type | tuple, path: list, what: str) -> Any:
    if isinstance(value, bool) and kind is int:
        raise doc.error(path, M("{what} must be a whole number, got {value}", what=what, value=repr(value)))
    if not isinstance(value, kind):
        shown = type(value).__name__ + " " + repr(value)
        raise doc.error(path, M("{what} must be {kind}, got {value}", what=what, kind=_kind_name(kind), value=shown))
    return value


def _kind_name(kind: type | tuple) -> str:
    names = {str: N_("text"), int: N_("a whole number"), list: N_("a list"), dict: N_("a table"), bool: N_("true or false")}
    if isinstance(kind, tuple):
        shown = [M(names[k]) if k in names else k.__name__ for k in kind]
        return shown[0] if len(shown) == 1 else M("{first} or {second}", first=join(", ", shown[:-1]), second=shown[-1])
    return M(names[kind]) if kind in names else kind.__name__


def _required(doc: TomlFile, table: dict[str, Any], key: str, path: list) -> Any:
    if key not in table:
        raise doc.error(path, M("missing key {key}", key=repr(key)))
    return table[key]


def _matchers(doc: TomlFile, raw: Any, path: list) -> tuple[Matcher, ...]:
    items = raw if isinstance(raw, list) else [raw]
    out = []
    for i, item in enumerate(items):
        p = path + [i] if isinstance(raw, list) else path
        _want(doc, item, dict, p, M("an expected action"))
        kind = _want(doc, _required(doc, item, "kind", p), str, p + ["kind"], "kind")
        payload = {k: v for k, v in item.items() if k != "kind"}
        out.append(Matcher(kind, payload))
    return tuple(out)


def _highlights(doc: TomlFile, raw: Any, path: list) -> tuple[Highlight, ...]:
    items = raw if isinstance(raw, list) else [raw]
    out = []
    for i, item in enumerate(items):
        p = path + [i] if isinstance(raw, list) else path
        _want(doc, item, dict, p, M("a highlight"))
        if len(item) != 1:
            raise doc.error(p, M("a highlight names exactly one thing ({known}), got {value}", known=", ".join(HIGHLIGHT_KINDS), value=repr(sorted(item))))
        (kind, target), = item.items()
        if kind not in HIGHLIGHT_KINDS:
            raise doc.error(p + [kind], M("unknown highlight {name} (expected one of: {known})", name=repr(kind), known=", ".join(HIGHLIGHT_KINDS)))
        if kind == "los":
            if not (isinstance(target, list) and len(target) == 2 and all(isinstance(t, str) for t in target)):
                raise doc.error(p + [kind], M("a line of sight highlight is a list of two figures or places"))
            out.append(Highlight(kind, tuple(target)))
        else:
            out.append(Highlight(kind, (_want(doc, target, str, p + [kind], kind),)))
    return tuple(out)


def _conditions(doc: TomlFile, raw: Any, path: list) -> tuple[Condition, ...]:
    _want(doc, raw, dict, path, "until")
    if not raw:
        raise doc.error(path, M("until needs at least one condition"))
    return tuple(Condition(k, v) for k, v in raw.items())


def _dice(doc: TomlFile, raw: Any, path: list) -> dict[str, tuple[str, ...]]:
    _want(doc, raw, dict, path, "dice")
    out = {}
    for die, faces in raw.items():
        _want(doc, faces, list, path + [die], M("the stacked faces"))
        out[die] = tuple(_want(doc, f, str, path + [die, i], M("a face name")) for i, f in enumerate(faces))
    return out


def _decks(doc: TomlFile, raw: Any, path: list) -> dict[str, tuple[str, ...]]:
    _want(doc, raw, dict, path, "decks")
    return {name: _strings(doc, cards, path + [name], "a card name") for name, cards in raw.items()}


def _strings(doc: TomlFile, raw: Any, path: list, what: str) -> tuple[str, ...]:
    _want(doc, raw, list, path, what)
    return tuple(_want(doc, v, str, path + [i], what) for i, v in enumerate(raw))


def _step(doc: TomlFile, raw: Any, index: int, seen: set[str]) -> Step:
    path: list = ["step", index]
    _want(doc, raw, dict, path, M("a step"))
    _unknown(doc, raw, _STEP, path)
    text = _want(doc, _required(doc, raw, "text", path), str, path + ["text"], "text")
    sid = _want(doc, raw.get("id", f"step{index + 1}"), str, path + ["id"], "id")
    if sid in seen:
        raise doc.error(path + ["id"], M("duplicate step id {id}", id=repr(sid)))
    seen.add(sid)
    expect = _matchers(doc, raw["expect"], path + ["expect"]) if "expect" in raw else ()
    until = _conditions(doc, raw["until"], path + ["until"]) if "until" in raw else ()
    solution = _matchers(doc, raw["solution"], path + ["solution"]) if "solution" in raw else ()
    if expect and until:
        raise doc.error(path + ["until"], M("a step either expects actions or is free play until a condition, not both"))
    if until and not solution:
        raise doc.error(path + ["until"], M("a free-play step needs a `solution` (the actions --check submits)"))
    if solution and not until:
        raise doc.error(path + ["solution"], M("`solution` belongs to a free-play step (one with `until`)"))
    return Step(
        id=sid, text=text.strip(), line=doc.error(path, "").line,
        highlights=_highlights(doc, raw["highlight"], path + ["highlight"]) if "highlight" in raw else (),
        expect=expect, until=until, solution=solution,
        wrong=_want(doc, raw.get("wrong", ""), str, path + ["wrong"], "wrong").strip(),
        rule=_want(doc, raw.get("rule", ""), str, path + ["rule"], "rule"),
        dice=_dice(doc, raw["dice"], path + ["dice"]) if "dice" in raw else {},
        ai_on_top=_strings(doc, raw["ai_on_top"], path + ["ai_on_top"], "an AI card id") if "ai_on_top" in raw else (),
        orders_on_top=_strings(doc, raw["orders_on_top"], path + ["orders_on_top"], "an Order card name")
        if "orders_on_top" in raw else (),
        decks=_decks(doc, raw["decks"], path + ["decks"]) if "decks" in raw else {},
    )


def parse_lesson(doc: TomlFile) -> Lesson:
    data = doc.data
    _unknown(doc, data, _TOP, [])
    meta = _want(doc, _required(doc, data, "lesson", []), dict, ["lesson"], "[lesson]")
    _unknown(doc, meta, _LESSON, ["lesson"])
    sc = _want(doc, _required(doc, data, "scenario", []), dict, ["scenario"], "[scenario]")
    _unknown(doc, sc, _SCENARIO, ["scenario"])
    options = dict(_want(doc, sc.get("options", {}), dict, ["scenario", "options"], "options"))
    if "players" in sc:
        options["players"] = _want(doc, sc["players"], int, ["scenario", "players"], "players")
    if "characters" in sc:
        options["characters"] = list(_strings(doc, sc["characters"], ["scenario", "characters"], "a COG id"))
    scenario = Scenario(
        title=_want(doc, _required(doc, sc, "title", ["scenario"]), str, ["scenario", "title"], "title"),
        mission=_want(doc, _required(doc, sc, "mission", ["scenario"]), str, ["scenario", "mission"], "mission"),
        seed=_want(doc, _required(doc, sc, "seed", ["scenario"]), int, ["scenario", "seed"], "seed"),
        options=options,
    )
    steps_raw = _want(doc, _required(doc, data, "step", []), list, ["step"], "[[step]]")
    if not steps_raw:
        raise doc.error(["step"], M("a lesson needs at least one step"))
    seen: set[str] = set()
    steps = tuple(_step(doc, raw, i, seen) for i, raw in enumerate(steps_raw))
    return Lesson(
        id=_want(doc, _required(doc, meta, "id", ["lesson"]), str, ["lesson", "id"], "id"),
        title=_want(doc, _required(doc, meta, "title", ["lesson"]), str, ["lesson", "title"], "title"),
        order=_want(doc, meta.get("order", 0), int, ["lesson", "order"], "order"),
        minutes=_want(doc, meta.get("minutes", 3), int, ["lesson", "minutes"], "minutes"),
        summary=_want(doc, meta.get("summary", ""), str, ["lesson", "summary"], "summary").strip(),
        path=str(doc.path),
        scenario=scenario,
        setup=_want(doc, data.get("setup", {}), dict, ["setup"], "[setup]"),
        places=_want(doc, data.get("places", {}), dict, ["places"], "[places]"),
        steps=steps,
        rules=_strings(doc, meta.get("rules", []), ["lesson", "rules"], "a rule section"),
        auto=_want(doc, data.get("auto", {}), dict, ["auto"], "[auto]"),
    )


Checker = Callable[[TomlFile, Lesson], None]


def load_lesson(path: str | Path, check: Checker | None = None) -> Lesson:
    """One lesson file; `check` (the title adapter's) validates names against the content."""
    doc = load_toml(path)
    lesson = parse_lesson(doc)
    if check is not None:
        check(doc, lesson)
    return lesson


def load_lessons(folder: str | Path, check: Checker | None = None,
                 problems: list[str] | None = None) -> list[Lesson]:
    """Every *.toml lesson of a folder, in `order`; ids must be unique. With `problems`, a file
    that cannot be read or checked is left out and its message added there (the lesson list
    offers the others); without, its DataError is raised."""
    folder = Path(folder)
    if not folder.is_dir():
        raise DataError(folder, M("lesson folder not found"))
    lessons = []
    for p in sorted(folder.glob("*.toml")):
        try:
            lessons.append(load_lesson(p, check))
        except DataError as exc:
            if problems is None:
                raise
            problems.append(str(exc))
    ids: dict[str, str] = {}
    for lesson in lessons:
        if lesson.id in ids:
            raise DataError(lesson.path, M("lesson id {id} is also used by {other}", id=repr(lesson.id), other=str(ids[lesson.id])), "lesson.id")
        ids[lesson.id] = lesson.path
    return sorted(lessons, key=lambda les: (les.order, les.id))
