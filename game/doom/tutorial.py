"""The Doom lesson adapter (game/tutorial/protocol.py: LessonAdapter), named by the `tutorial`
entry of game/titles.py: starting a lesson's game, the setup verbs, named squares, free-play
conditions, stacked dice and decks, the invader's scripted answers, and why an action is refused.

Everything goes through the public rules (DoomTitle, DoomState, rules/queries.py, rules/turn.py's
refusal sentence) and edits only state data a test edits too (figures, markers, doors, hands, deck
order, the dice stack in `state.flags["dice_stack"]`, read by rules/attack.py `roll`): the rules
are never patched. Format of the verbs: docs/TUTORIAL.md, "Doom lessons".

The learner plays every marine. The invader is a player too: its top-level decisions (discard,
spawn, activations, events) are asked as the pseudo kind `"invader"`, answered by the lesson's
`[auto] invader = [matchers...]` (by preference) or, by default, passively (no spawn, no
activation); a step whose `expect` or `solution` matches an invader action hands that decision
to the learner instead (lesson 5 plays the invader's turn).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from game.doom.rules import effects as E
from game.doom.rules import queries as Q
from game.doom.rules.state import INVADER, DoomState, Invader, Marker
from game.doom.rules.turn import decider
from game.engine.protocol import Action, Event
from game.engine.session import Session
from game.engine.text import M, english
from game.engine.tomldata import TomlFile
from game.tutorial.model import Lesson, Step
from game.tutorial.adapter_kit import AdapterBase, SilentCtx, check_keys, rule_by_keyword, table_list, take_card
from game.tutorial.protocol import LessonBroken

SETUP_VERBS = ("clear_invaders", "clear_props", "reveal", "marine", "invader", "prop", "open_doors",
               "close_doors", "hand", "invader_on_top", "marine_on_top", "dice", "frags")
MARINE_KEYS = ("id", "cell", "health", "armour", "ammo", "weapons", "cards", "order", "adrenaline")
INVADER_KEYS = ("id", "monster", "cell", "cells", "wounds")
PROP_KEYS = ("kind", "cell", "variant", "count")
QUERY_KEYS = ("area", "from", "distance", "min_distance", "max_distance", "los", "empty", "exclude")
CONDITIONS = ("event", "phase", "decision", "round", "turn_of", "at", "in_area", "invaders_left",
              "invader_gone", "frags", "dead", "door_open", "order", "declared")
PROP_KINDS = ("obstacle", "hazard", "barrel", "vent", "teleporter", "encounter", "key", "equipment")
DECKS = ("invader", "marine")
# Decisions a lesson does not teach unless it says so. "invader" is the invader's own turn
# (see the module docstring); the rest are questions inside a resolution, by kind.
DEFAULT_AUTO: dict[str, Any] = {
    "invader": "decline", "guard": "decline", "sentry": "decline", "aim": "decline", "reroll": "first",
    "dodge_card": "decline", "heal": "decline", "heal_now": "decline", "knockback": "first", "blow_through": "decline",
    "dark_energies": "decline", "dud": "decline", "hellfire": "decline", "trap": "decline", "place": "first",
    "recycle": "first",
}
# Which rules_reference.toml section an action kind belongs to, for refusals.
ACTION_RULES = {
    "declare": "5.2", "adrenaline": "6.12", "move": "3.6", "door": "3.2", "teleport": "6.14", "give": "6.3",
    "attack": "6.4", "order": "6.9", "pick_up": "6.12", "end_turn": "5.2", "respawn": "6.16", "guard": "6.9",
    "aim": "6.9", "reroll": "6.10", "blow_through": "6.8", "discard": "5.3", "spawn": "8.2", "no_spawn": "8.2",
    "place": "8.2", "activate": "5.3", "end_activation": "5.3", "end_invader_turn": "5.3", "vent": "6.14",
    "play": "8.1", "pass": "8.1",
}
# Keyword -> section for a refusal sentence (the first keyword found wins).
REASON_KEYWORDS = (
    ("respawn", "6.16"), ("dead", "6.16"), ("declare", "5.2"), ("already declared", "5.2"),
    ("order", "6.9"), ("door", "3.2"), ("ammo", "6.7"), ("in sight", "3.7"), ("line of sight", "3.7"),
    ("melee", "6.5"), ("attack", "6.4"), ("mp", "3.6"), ("movement", "3.6"), ("reach", "3.6"),
    ("discard", "5.3"), ("spawn", "8.2"), ("activat", "5.3"), ("answer", "6.9"),
)
_SQUARE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


@dataclass
class DoomAdapter(AdapterBase):
    """Binds lessons to the Doom rules; `title` is a DoomTitle."""

    title: Any = None
    default_auto = DEFAULT_AUTO

    def __post_init__(self) -> None:
        if self.title is None:
            from game.doom.rules.title import DoomTitle

            self.title = DoomTitle()
        from game.doom.content import shared_content

        self.content = shared_content()

    # ------------------------------------------------------------------ load-time checks

    def check_lesson(self, doc: TomlFile, lesson: Lesson) -> None:
        c = self.content
        self.check_scenario(doc, lesson, "doom", "Doom", c.scenarios, M("scenario"))
        for key, value, path in self.setup_verbs(doc, lesson, SETUP_VERBS):
            if key == "marine":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, MARINE_KEYS, path + [i], ("id",))
                    for j, w in enumerate(item.get("weapons", [])):
                        if w not in c.weapons:
                            raise doc.error(path + [i, "weapons", j], M("unknown weapon {name}", name=repr(w)))
                    for a in item.get("ammo", {}):
                        if a not in c.ammo:
                            raise doc.error(path + [i, "ammo", a], M("unknown ammo {name} (known: {known})", name=repr(a), known=", ".join(c.ammo)))
                    for j, card in enumerate(item.get("cards", [])):
                        if card.split("#")[0] not in c.marine_cards:
                            raise doc.error(path + [i, "cards", j], M("unknown marine card {name}", name=repr(card)))
                    if item.get("order") not in (None, *c.orders):
                        raise doc.error(path + [i, "order"], M("unknown order {name}", name=repr(item["order"])))
            elif key == "invader":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, INVADER_KEYS, path + [i], ("id", "monster"))
                    if item["monster"] not in c.monsters:
                        raise doc.error(path + [i, "monster"], M("unknown monster {name}", name=repr(item["monster"])))
                    if "cell" not in item and "cells" not in item:
                        raise doc.error(path + [i], M("an invader needs `cell` (or `cells` for a large one)"))
            elif key == "prop":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, PROP_KEYS, path + [i], ("kind", "cell"))
                    if item["kind"] not in PROP_KINDS:
                        raise doc.error(path + [i, "kind"], M("unknown prop {name} (expected one of: {known})", name=repr(item["kind"]),
                                                            known=", ".join(PROP_KINDS)))
            elif key in ("hand", "invader_on_top"):
                for j, card in enumerate(value):
                    self._card_name(doc, card, "invader", path + [j])
            elif key == "marine_on_top":
                for j, card in enumerate(value):
                    self._card_name(doc, card, "marine", path + [j])
            elif key == "dice":
                self._check_dice(doc, value, path)
        for name, q in lesson.places.items():
            if isinstance(q, dict):
                check_keys(doc, q, QUERY_KEYS, ["places", name], ())
            elif not isinstance(q, str):
                raise doc.error(["places", name], M("a place is \"x,y\", a door, an area, a figure or a query table"))
        self.check_steps(doc, lesson, CONDITIONS)
        for i, step in enumerate(lesson.steps):
            if step.dice:
                self._check_dice(doc, step.dice, ["step", i, "dice"])
            if step.ai_on_top or step.orders_on_top:
                raise doc.error(["step", i], M("Doom lessons stack cards with decks = {{ invader = [...], marine = [...] }}"))
            for deck, cards in step.decks.items():
                if deck not in DECKS:
                    raise doc.error(["step", i, "decks", deck], M("unknown deck {name} (Doom has: {known})", name=repr(deck), known=", ".join(DECKS)))
                for j, card in enumerate(cards):
                    self._card_name(doc, card, deck, ["step", i, "decks", deck, j])

    def _card_name(self, doc: TomlFile, card: Any, deck: str, path: list) -> None:
        known = self.content.invader_cards if deck == "invader" else self.content.marine_cards
        if not isinstance(card, str) or card.split("#")[0] not in known:
            raise doc.error(path, M("unknown {deck} card {name}", deck=deck, name=repr(card)))

    def _check_dice(self, doc: TomlFile, value: Any, path: list) -> None:
        if not isinstance(value, dict):
            raise doc.error(path, M("dice is a table: die colour = [face names]"))
        for die, faces in value.items():
            if die not in self.content.dice:
                raise doc.error(path + [die], M("unknown die {name} (known: {known})", name=repr(die), known=", ".join(sorted(self.content.dice))))
            names = [f.name for f in self.content.dice[die].faces]
            for j, face in enumerate(faces):
                if face not in names:
                    raise doc.error(path + [die, j], M("no face {name} on the {die} die (faces: {known})", name=repr(face), die=die, known=", ".join(names)))

    # ------------------------------------------------------------------ starting a lesson

    def start(self, lesson: Lesson) -> tuple[Session, dict[str, Any]]:
        """The lesson's game after the scenario's setup, every marine card (with what it added
        to health, armour and ammo) and the invader's hand put away (a lesson deals what it
        teaches), the verbs applied, places resolved."""
        session = self.start_session(lesson)
        state: DoomState = session.state
        where = f"{lesson.path}: setup"
        base = self.content.setups[len(state.seats)]
        for m in state.marines.values():  # without its cards, as the set-up table gives it (seed p. 6)
            state.marine_deck.put_on_bottom(list(m.cards))
            m.cards = []
            m.health = m.max_health = base.health
            m.armour = m.base_armour = base.armour
            m.ammo = {a: 0 for a in self.content.ammo} | {"shells": base.shells}
        state.deck.put_on_bottom(list(state.hand))
        state.hand = []
        s = lesson.setup
        if s.get("clear_invaders"):
            state.invaders.clear()
        if s.get("clear_props"):
            state.markers = []
        if "reveal" in s:
            self._reveal(state, s["reveal"], where)
        places = self.resolve_places(state, lesson)
        self.apply_setup(state, lesson, places)
        self.log_from_here(session)
        return session, places

    def _reveal(self, state: DoomState, which: Any, where: str) -> None:
        """Areas put on the table with their markers (not their figures: a lesson places those)."""
        m = state.map
        areas = sorted(m.areas) if which == "all" else list(which)
        for area in areas:
            if area not in m.areas:
                raise LessonBroken(M("{where}: no area {area} on this map (areas: {ids})", where=where, area=repr(area), ids=", ".join(sorted(m.areas))))
            if area in state.revealed:
                continue
            state.revealed.append(area)
            for p in m.props:
                if p.area == area:
                    state.markers.append(Marker(state.new_id("marker"), p.kind, p.variant, p.cell, p.count))

    def resolve_places(self, state: DoomState, lesson: Lesson) -> dict[str, Any]:
        places: dict[str, Any] = {}
        for name, q in lesson.places.items():
            where = f"{lesson.path}: places.{name}"
            if isinstance(q, str):
                value = self._literal(state, q, places)
                if value is None:
                    raise LessonBroken(M("{where}: {what} is not a square \"x,y\", a door, an area or a figure here", where=where, what=repr(q)))
            else:
                value = self._query(state, q, places, where)
                if value is None:
                    raise LessonBroken(M("{where}: no square on this map fits {what}", where=where, what=str(q)))
            places[name] = value
        return places

    def _literal(self, state: DoomState, q: str, places: Mapping[str, Any]) -> Any:
        if q.startswith("@"):
            return places.get(q[1:])
        got = _SQUARE.match(q)
        if got:
            cell = (int(got.group(1)), int(got.group(2)))
            return list(cell) if cell in state.map.floor else None
        if q in state.map.doors or q in state.map.areas:
            return q
        if q in state.marines and state.marines[q].cell is not None:
            return list(state.marines[q].cell)
        if q in state.invaders:
            return list(state.invaders[q].cells[0])
        return None

    def _query(self, state: DoomState, q: Mapping[str, Any], places: Mapping[str, Any], where: str) -> Any:
        """The first floor square in reading order (top row first) that passes every filter:
        `area`, `from` (a place) with `distance` / `min_distance` / `max_distance` (squares,
        diagonals counting one, spec 3.8) and `los` (walls, closed doors and props block, spec
        3.7), `empty` (no prop), `exclude` (places)."""
        m = state.map

        def ref(key: str) -> tuple[int, int]:
            value = self._literal(state, str(q[key]), places)
            if not isinstance(value, list):
                raise LessonBroken(M("{where}: {key} names {what}, which is not a square or a place defined above", where=where, key=key, what=repr(q[key])))
            return (value[0], value[1])

        origin = ref("from") if "from" in q else None
        exclude = set()
        for e in q.get("exclude", []):
            v = self._literal(state, str(e), places)
            if isinstance(v, list):
                exclude.add((v[0], v[1]))
        blocking = frozenset(state.blocking_markers())
        props = {mk.cell for mk in state.markers}
        for cell in sorted(m.floor, key=lambda c: (c[1], c[0])):
            if cell in exclude or ("area" in q and m.area_of.get(cell) != q["area"]):
                continue
            if q.get("empty") and cell in props:
                continue
            if origin is not None:
                d = max(abs(cell[0] - origin[0]), abs(cell[1] - origin[1]))
                if "distance" in q and d != q["distance"]:
                    continue
                if "min_distance" in q and d < q["min_distance"]:
                    continue
                if "max_distance" in q and d > q["max_distance"]:
                    continue
                if "los" in q and m.visible(origin, cell, blocking - {origin, cell}, state.closed_set) != bool(q["los"]):
                    continue
            return list(cell)
        return None

    def apply_setup(self, state: DoomState, lesson: Lesson, places: Mapping[str, Any]) -> None:
        s = lesson.setup
        where = f"{lesson.path}: setup"
        for item in s.get("prop", []):
            cell = self.square(state, item["cell"], places, where)
            state.markers.append(Marker(state.new_id("marker"), item["kind"], item.get("variant", ""), cell,
                                        int(item.get("count", 1))))
        for item in s.get("marine", []):
            mid = item["id"]
            if mid not in state.marines:
                raise LessonBroken(M("{where}: no marine {who} (marines: {ids})", where=where, who=repr(mid), ids=", ".join(state.seats)))
            mar = state.marines[mid]
            if "cell" in item:
                mar.cell = self.square(state, item["cell"], places, where)
                if state.seats[state.seat] == mid and state.turn is not None:
                    state.turn["start"] = list(mar.cell)
            if "health" in item:
                mar.health = mar.max_health = int(item["health"])
            if "armour" in item:
                mar.armour = mar.base_armour = int(item["armour"])
            if "ammo" in item:
                mar.ammo = {a: 0 for a in self.content.ammo} | {a: int(n) for a, n in item["ammo"].items()}
            if "weapons" in item:
                mar.weapons = list(item["weapons"])
            if "cards" in item:
                mar.cards = [take_card(state.marine_deck, name, where, M("the marine deck")) for name in item["cards"]]
            if "order" in item:
                mar.order, mar.order_turn = item["order"], -1  # placed in an earlier turn: usable now
            if "adrenaline" in item:
                mar.adrenaline = int(item["adrenaline"])
        for item in s.get("invader", []):
            cells = item["cells"] if "cells" in item else [item["cell"]]
            fid = item["id"]
            if fid in state.invaders or fid.partition("#")[0] != item["monster"]:
                raise LessonBroken(M("{where}: invader id {id} must be new and read {form}", where=where, id=repr(fid), form=f"'{item['monster']}#<n>'"))
            state.invaders[fid] = Invader(fid, item["monster"], [self.square(state, c, places, where) for c in cells],
                                          int(item.get("wounds", 0)))
            n = int(fid.partition("#")[2] or 0)
            state.next_id[item["monster"]] = max(state.next_id.get(item["monster"], 0), n)
        for name, closed in (("open_doors", False), ("close_doors", True)):
            for d in s.get(name, []):
                door = self._literal(state, d, places)
                if door not in state.map.doors:
                    raise LessonBroken(M("{where}: no door {door} (doors: {ids})", where=f"{where}: {name}", door=repr(d), ids=", ".join(sorted(state.map.doors))))
                state.closed = sorted(set(state.closed) - {door} | ({door} if closed else set()))
        if "hand" in s:
            state.hand = [take_card(state.deck, name, where, M("the invader deck")) for name in s["hand"]]
        if "frags" in s:
            state.frags = int(s["frags"])
        self.stack(state, s.get("dice", {}), {"invader": s.get("invader_on_top", ()),
                                              "marine": s.get("marine_on_top", ())}, where)
        taken: dict[tuple[int, int], str] = {}
        for fig in list(state.marines) + list(state.invaders):
            for cell in self.figure_cells(state, fig):
                if cell in taken or cell in state.blocking_markers():
                    raise LessonBroken(M("{where}: {who} stands on {x},{y}, which {other} already fills", where=where, who=fig,
                                         x=cell[0], y=cell[1], other=taken.get(cell) or M("an obstacle or a barrel")))
                taken[cell] = fig
        # The rules reveal what the marines see after every step (spec 3.10); the verbs moved
        # figures and doors, so the areas now in sight are put on the table the same way.
        E.reveal(SilentCtx(state))

    def stack(self, state: DoomState, dice: Mapping[str, Iterable[str]], decks: Mapping[str, Iterable[str]],
              where: str) -> None:
        """Fixes what the next dice and cards will be, so the lesson goes the same way."""
        if dice:
            stack = state.flags.setdefault("dice_stack", {})
            for die, faces in dice.items():
                stack[die] = list(faces)
        for name, cards in decks.items():
            cards = list(cards)
            if cards:
                deck = state.deck if name == "invader" else state.marine_deck
                deck.put_on_top([take_card(deck, c, where, M("the {name} deck", name=name)) for c in cards])

    def step_stacks(self, state: DoomState, lesson: Lesson, step: Step) -> None:
        self.stack(state, step.dice, step.decks, M("{path}: step {step}", path=str(lesson.path), step=repr(step.id)))

    def square(self, state: DoomState, ref: Any, places: Mapping[str, Any], where: str) -> tuple[int, int]:
        value = self._literal(state, ref, places) if isinstance(ref, str) else ref
        if not (isinstance(value, list) and len(value) == 2):
            raise LessonBroken(M("{where}: {what} is not a square \"x,y\" or a square place of the lesson", where=where, what=repr(ref)))
        cell = (int(value[0]), int(value[1]))
        if cell not in state.map.floor:
            raise LessonBroken(M("{where}: {what} is not a floor square of this map", where=where, what=repr(ref)))
        return cell

    # ------------------------------------------------------------------ during a lesson

    def condition(self, state: DoomState, name: str, value: Any, events: list[Event],
                  places: Mapping[str, Any]) -> bool:
        v = self.resolve(state, value, places)
        common = self.common_condition(state, name, v, events)
        if common is not None:
            return common
        if name == "round":
            return state.round >= int(v)
        if name == "turn_of":
            return decider(state) == v
        if name == "at":
            return any(m.cell is not None and list(m.cell) == v for m in state.marines.values())
        if name == "in_area":
            return any(m.cell is not None and state.map.area_of.get(m.cell) == v for m in state.marines.values())
        if name == "invaders_left":
            return len(state.invaders) <= int(v)
        if name == "invader_gone":
            return v not in state.invaders
        if name == "frags":
            return state.frags >= int(v)
        if name == "dead":
            return any(m.dead for m in state.marines.values()) == bool(v)
        if name == "door_open":
            return v not in state.closed
        if name == "order":
            return any(m.order == v for m in state.marines.values())
        if name == "declared":
            return state.phase == "marine" and state.turn is not None and state.turn.get("action") == v
        raise LessonBroken(M("unknown condition {name}", name=repr(name)))

    def pending_kind(self, state: DoomState) -> str | None:
        """A question inside a resolution by its kind; the invader's own turn as "invader"."""
        if state.outcome is not None:
            return None
        if state.proc is not None:
            return state.proc["pending"]["kind"]
        return "invader" if decider(state) == INVADER else None

    def describe(self, state: DoomState) -> str:
        if state.outcome:
            return f"over, {state.outcome} won"
        who = decider(state)
        return f"round {state.round}, phase {state.phase}, {who} to act"

    def figure_cells(self, state: DoomState, ref: str) -> list[tuple[int, int]]:
        """The squares of a figure (a marine colour or an invader id), or of a square place."""
        if ref in state.marines:
            return [state.marines[ref].cell] if state.marines[ref].cell is not None else []
        if ref in state.invaders:
            return list(state.invaders[ref].cells)
        return []

    def sees(self, state: DoomState, a: Any, b: Any) -> bool:
        """The LOS highlight: does the figure (or square) `a` see `b` (spec 3.7)?"""
        cells_a = self.figure_cells(state, a) if isinstance(a, str) else [tuple(a)]
        cells_b = self.figure_cells(state, b) if isinstance(b, str) else [tuple(b)]
        if not cells_a or not cells_b:
            return False
        block = Q.all_blocking(state) - set(cells_a) - set(cells_b)
        return state.map.sees(cells_a, cells_b, block, state.closed_set, state.option("strict_corners"))

    def explain_illegal(self, state: DoomState, action: Action, engine_reason: Any) -> tuple[Any, str]:
        """The rules' own refusal (rules/turn.py `refusal`, a message) and the rule behind it."""
        return engine_reason, rule_of(engine_reason, action.kind)


def rule_of(reason: Any, kind: str) -> str:
    """The rule of a refusal, found by its English words whatever the player's language."""
    return rule_by_keyword(english(reason), kind, REASON_KEYWORDS, ACTION_RULES)
