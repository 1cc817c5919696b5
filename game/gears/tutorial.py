"""The Gears of War lesson adapter (game/tutorial/protocol.py: LessonAdapter), named by the
`tutorial` entry of game/titles.py: starting a lesson's game, the setup verbs, named places,
free-play conditions, stacked dice and decks, and why an action is refused.

Everything here goes through the public rules API (GearsTitle, GearsState, attack legality)
and edits only state data a test may edit too (figures, hands, deck order, the dice stack in
`state.flags["dice_stack"]`): the rules themselves are never patched. Format of the verbs:
docs/TUTORIAL.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from game.engine.deck import Deck
from game.engine.protocol import Action, Event
from game.engine.text import M, english
from game.engine.session import Session
from game.engine.tomldata import TomlFile
from game.gears.rules import attack as A
from game.gears.rules.movement import cover_bonus, free_spots, los, steps_from
from game.gears.rules.state import GearsState, LocustState
from game.i18n import _
from game.tutorial.model import Lesson, Step
from game.tutorial.adapter_kit import AdapterBase, check_keys, table_list, take_card
from game.tutorial.protocol import LessonBroken

SETUP_VERBS = ("start_in_cover", "active_player", "clear_locusts", "locust", "cog", "orders_on_top", "ai_on_top", "dice",
               "seal_holes", "unseal_holes", "unlock_levels")
COG_KEYS = ("player", "area", "cover", "hand", "weapons", "grenades", "bleeding")
LOCUST_KEYS = ("id", "enemy", "area", "cover", "wounded")
QUERY_KEYS = ("from", "range", "min_range", "move", "los", "hole", "cover", "exclude", "tile", "spot", "spot_in",
              "bonus_from", "bonus", "cover_of", "open_los_from", "door")
CONDITIONS = ("event", "phase", "turn", "at", "in_cover", "locusts_left", "locust_gone", "open_holes",
              "levels_built", "stage", "bleeding", "decision")
# Decisions a lesson does not teach unless it says so: answered by the runner (spec 3.3 and
# 3.6 give these to "the active player" as ties; the choice never matters for what is taught).
DEFAULT_AUTO: dict[str, Any] = {
    "locust_cover": "first", "locust_path": "first", "target_tie": "first", "tie_hole": "first",
    "tie_door": "first", "activate_order": "first", "locust_tie": "first", "marker_tie": "first",
    "spawn_area": "first", "you_instead": "first", "cover_against": "first", "map_ammo": "first",
    "guard": "decline", "dodge": "decline", "wound_discard": "first", "spawn_order": "first",
}
# Which rule (rules_reference.toml section) an action kind belongs to, for refusals.
ACTION_RULES = {
    "play": "5.2", "end": "5.2", "step": "6.2", "stop": "6.2", "cover": "3.3", "no_cover": "3.3",
    "attack": "6.3", "chainsaw": "6.7", "grenade": "6.8", "explore": "6.11", "special": "6.10",
    "guard": "6.9", "dodge": "6.9", "follow": "6.9", "no_follow": "6.9", "wound_discard": "6.13",
    "crawl": "5.4", "no_crawl": "5.4", "do": "6.1", "skip": "6.1", "ammo": "6.5",
}


@dataclass
class GearsAdapter(AdapterBase):
    """Binds lessons to the Gears rules; `title` is a GearsTitle (tests may pass a sample loader)."""

    title: Any = None
    default_auto = DEFAULT_AUTO

    def __post_init__(self) -> None:
        if self.title is None:
            from game.gears.rules.title import GearsTitle

            self.title = GearsTitle()
        self.content = self.title.content

    # ------------------------------------------------------------------ load-time checks

    def check_lesson(self, doc: TomlFile, lesson: Lesson) -> None:
        """Names in the lesson that the content does not know become errors with a line."""
        c = self.content
        self.check_scenario(doc, lesson, "gears", "Gears", c.missions, M("mission"))
        for key, value, path in self.setup_verbs(doc, lesson, SETUP_VERBS):
            if key == "locust":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, LOCUST_KEYS, path + [i], ("id", "enemy", "area"))
                    if item["enemy"] not in c.enemies:
                        raise doc.error(path + [i, "enemy"], M("unknown enemy {name}", name=repr(item["enemy"])))
            elif key == "cog":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, COG_KEYS, path + [i], ("player",))
                    for j, card in enumerate(item.get("hand", [])):
                        self._order_name(doc, card, path + [i, "hand", j])
                    for j, pair in enumerate(item.get("weapons", [])):
                        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in c.weapons
                                and isinstance(pair[1], int)):
                            raise doc.error(path + [i, "weapons", j], M("a weapon is [weapon id, ammo], got {value}", value=repr(pair)))
            elif key == "orders_on_top":
                for j, card in enumerate(value):
                    self._order_name(doc, card, path + [j])
            elif key == "ai_on_top":
                for j, card in enumerate(value):
                    if card not in c.ai_cards:
                        raise doc.error(path + [j], M("unknown AI card {name}", name=repr(card)))
            elif key == "dice":
                self._check_dice(doc, value, path)
        for name, q in lesson.places.items():
            if isinstance(q, dict):
                check_keys(doc, q, QUERY_KEYS, ["places", name], ())
            elif not isinstance(q, str):
                raise doc.error(["places", name], M("a place is an area id, \"entrance\" or a query table"))
        self.check_steps(doc, lesson, CONDITIONS)
        for i, step in enumerate(lesson.steps):
            if step.dice:
                self._check_dice(doc, step.dice, ["step", i, "dice"])
            for j, card in enumerate(step.ai_on_top):
                if card not in c.ai_cards:
                    raise doc.error(["step", i, "ai_on_top", j], M("unknown AI card {name}", name=repr(card)))
            for j, card in enumerate(step.orders_on_top):
                self._order_name(doc, card, ["step", i, "orders_on_top", j])
            if step.decks:
                raise doc.error(["step", i, "decks"], M("Gears lessons stack cards with ai_on_top and orders_on_top"))

    def _order_name(self, doc: TomlFile, card: Any, path: list) -> None:
        if not isinstance(card, str) or card.split("#")[0] not in self.content.orders:
            raise doc.error(path, M("unknown Order card {name}", name=repr(card)))

    def _check_dice(self, doc: TomlFile, value: Any, path: list) -> None:
        if not isinstance(value, dict):
            raise doc.error(path, M("dice is a table: die id = [face names]"))
        for die, faces in value.items():
            if die not in self.content.dice:
                raise doc.error(path + [die], M("unknown die {name} (known: {known})", name=repr(die), known=", ".join(sorted(self.content.dice))))
            for j, face in enumerate(faces):
                if face_index(self.content, die, face) is None:
                    raise doc.error(path + [die, j], M("no face {name} on the {die} die (faces: {known})", name=repr(face), die=die,
                                                       known="blank, omen, hit, hit2, shield, shield2"))

    # ------------------------------------------------------------------ starting a lesson

    def start(self, lesson: Lesson) -> tuple[Session, dict[str, str]]:
        """The lesson's game, past setup, with the setup verbs applied; returns the session and
        the resolved places."""
        session = self.start_session(lesson)
        in_cover = bool(lesson.setup.get("start_in_cover", False))
        for _attempt in range(200):  # setup decisions: Locust cover ties, the COGs' first cover
            state: GearsState = session.state
            if state.proc is None and state.phase == "order":
                break
            legal = session.legal_actions()
            if not legal:
                raise LessonBroken(M("{path}: [scenario]: the setup stops with no decision to take", path=str(lesson.path)))
            pick = legal[0]
            if state.proc is None and state.phase == "setup_cover":
                pick = next((a for a in legal if a.kind == ("cover" if in_cover else "no_cover")), legal[0])
            session.apply(pick)
        else:
            raise LessonBroken(M("{path}: [scenario]: the setup does not reach an Order Step", path=str(lesson.path)))
        places = self.resolve_places(session.state, lesson)
        self.apply_setup(session.state, lesson, places)
        self.log_from_here(session)
        return session, places

    def resolve_places(self, state: GearsState, lesson: Lesson) -> dict[str, str]:
        view = state.view()
        places: dict[str, str] = {}
        for name, q in lesson.places.items():
            where = f"{lesson.path}: places.{name}"
            if isinstance(q, str):
                value = self._literal(state, q, places)
                if value is None:
                    raise LessonBroken(M("{where}: {what} is not an area, cover spot or hole on this map", where=where, what=repr(q)))
                places[name] = value
                continue
            found = self._query(state, view, q, places, where)
            if found is None:
                raise LessonBroken(M("{where}: no area or spot on this map fits {what}", where=where, what=str(q)))
            places[name] = found
        return places

    def _literal(self, state: GearsState, q: str, places: Mapping[str, str]) -> str | None:
        view = state.view()
        if q.startswith("@"):
            return places.get(q[1:])
        if q == "entrance":
            return view.entrance_area
        if q in view.areas or q in view.cover or q in state.holes:
            return q
        return None

    def _query(self, state: GearsState, view: Any, q: Mapping[str, Any], places: Mapping[str, str],
               where: str) -> str | None:
        """The first area (or cover spot, with `spot`/`spot_in`) in board order that passes
        every filter; the filters compare with other places, so a lesson says "a spot 3 areas
        from the start, in sight, in partial cover" instead of naming one map's ids."""
        def ref(key: str) -> str:
            name = str(q[key]).lstrip("@")
            if name == "entrance":
                return view.entrance_area
            if name not in places:
                raise LessonBroken(M("{where}: {key} names {what}, which is not a place defined above it", where=where, key=key, what=repr(q[key])))
            return places[name]

        def pos(place: str) -> tuple[str, str | None]:
            return (view.cover[place].area, place) if place in view.cover else (place, None)

        exclude = {places.get(str(e).lstrip("@"), str(e)) for e in q.get("exclude", [])}
        origin = pos(ref("from")) if "from" in q else None
        bonus_origin = pos(ref("bonus_from")) if "bonus_from" in q else origin
        open_from = (pos(ref("open_los_from"))[0], None) if "open_los_from" in q else None
        if q.get("spot") or "spot_in" in q:
            inside = ref("spot_in") if "spot_in" in q else None
            candidates = [(spot.area, name) for name, spot in view.cover.items()
                          if inside is None or spot.area == inside]
        else:
            candidates = [(area, None) for area in view.areas]
        taken = {c.cover for c in state.cogs.values()} | {x.cover for x in state.locusts.values()}
        for area, spot in candidates:
            cand = (area, spot)
            if area in exclude or (spot is not None and (spot in exclude or spot in taken)):
                continue
            if "tile" in q and view.piece_of_area.get(area) != state.placements[int(q["tile"])]["tile"]:
                continue
            if origin is not None:
                if "range" in q and view.rdist(origin[0], area) != q["range"]:
                    continue
                if "min_range" in q and view.rdist(origin[0], area) < q["min_range"]:
                    continue
                if "move" in q and view.mdist(origin[0], area) != q["move"]:
                    continue
                if "los" in q and los(view, origin, cand) != bool(q["los"]):
                    continue
            if open_from is not None and not los(view, open_from, cand):
                continue
            if "bonus" in q and "cover_of" in q:  # an attacker's area: the bonus that spot gets against it
                if cover_bonus(view, (area, None), pos(ref("cover_of"))) != q["bonus"]:
                    continue
            elif "bonus" in q:
                if bonus_origin is None or spot is None or cover_bonus(view, bonus_origin, cand) != q["bonus"]:
                    continue
            if "hole" in q and any(h["area"] == area and not h["sealed"] for h in state.holes.values()) != bool(q["hole"]):
                continue
            if "door" in q and any(view.exits.get(e) == area for e in state.doors) != bool(q["door"]):
                continue
            if "cover" in q and bool(view.cover_in.get(area)) != bool(q["cover"]):
                continue
            return spot if spot is not None else area
        return None

    def apply_setup(self, state: GearsState, lesson: Lesson, places: Mapping[str, str]) -> None:
        s = lesson.setup
        where = f"{lesson.path}: setup"
        if "active_player" in s:
            p = s["active_player"]
            if p not in state.players:
                raise LessonBroken(M("{where}: no player {who} (players: {ids})", where=where, who=repr(p), ids=", ".join(state.players)))
            # The lesson's learner acts first: the turn is handed to that seat's Order Step.
            state.active = state.players.index(p)
            state.pending = {"stack": [{"f": "order", "player": p}]}
            state.phase = "order"
        if s.get("clear_locusts"):
            state.locusts.clear()
        for item in s.get("locust", []):
            area = self.area(state, item["area"], places, where)
            cover = self.place(state, item["cover"], places, where) if item.get("cover") else None
            x = LocustState(item["id"], item["enemy"], area, cover)
            if item.get("wounded"):
                x.wounded_health = int(item["wounded"])
            state.locusts[item["id"]] = x
        for item in s.get("cog", []):
            p = item["player"]
            if p not in state.cogs:
                raise LessonBroken(M("{where}: no COG for player {who} (players: {ids})", where=where, who=repr(p), ids=", ".join(state.players)))
            c = state.cogs[p]
            if "area" in item:
                c.area, c.cover = self.area(state, item["area"], places, where), None
            if item.get("cover"):
                c.cover = self.place(state, item["cover"], places, where)
            if "hand" in item:
                state.orders.put_on_bottom(list(c.hand))  # out of the way of the next draws
                c.hand = [take_card(state.orders, name, where, M("the Order deck")) for name in item["hand"]]
            if "weapons" in item:
                c.weapons = [[w, n] for w, n in item["weapons"]]
            if "grenades" in item:
                c.grenades = int(item["grenades"])
            if "bleeding" in item:
                c.bleeding = bool(item["bleeding"])
                if c.bleeding:
                    c.cover = None
        state.flags["turn_start_area"] = state.active_cog.area  # figures may have been placed
        for name in ("seal_holes", "unseal_holes"):
            if name in s:
                holes = state.holes if s[name] == "all" else {self.hole(state, h, places, where): 0 for h in s[name]}
                for h in holes:
                    state.holes[h]["sealed"] = name == "seal_holes"
        if s.get("unlock_levels"):
            state.locked = [False] * len(state.locked)
        self.stack(state, s.get("dice", {}), tuple(s.get("ai_on_top", ())), tuple(s.get("orders_on_top", ())), where)

    def stack(self, state: GearsState, dice: Mapping[str, Iterable[str]], ai_on_top: tuple[str, ...],
              orders_on_top: tuple[str, ...], where: str) -> None:
        """Fixes what the next dice and cards will be, so the lesson goes the same way."""
        if dice:
            stack = state.flags.setdefault("dice_stack", {})
            for die, faces in dice.items():
                stack[die] = [face_index(self.content, die, f) for f in faces]
        if ai_on_top:
            _on_top(state.ai, list(ai_on_top), where, exact=True)
        if orders_on_top:
            cards = [take_card(state.orders, name, where, M("the Order deck")) for name in orders_on_top]
            state.orders.put_on_top(cards)

    def step_stacks(self, state: GearsState, lesson: Lesson, step: Step) -> None:
        self.stack(state, step.dice, step.ai_on_top, step.orders_on_top, M("{path}: step {step}", path=str(lesson.path), step=repr(step.id)))

    def place(self, state: GearsState, ref: str, places: Mapping[str, str], where: str) -> str:
        value = self._literal(state, ref, places)
        if value is None:
            raise LessonBroken(M("{where}: {what} is not a place of the lesson nor an area or spot of this map", where=where, what=repr(ref)))
        return value

    def area(self, state: GearsState, ref: str, places: Mapping[str, str], where: str) -> str:
        """An area from a place that may name a cover spot or a hole (its area)."""
        value = self.place(state, ref, places, where)
        view = state.view()
        if value in view.cover:
            return view.cover[value].area
        if value in state.holes:
            return state.holes[value]["area"]
        return value

    def hole(self, state: GearsState, ref: str, places: Mapping[str, str], where: str) -> str:
        value = self.place(state, ref, places, where)
        if value in state.holes:
            return value
        for h, v in sorted(state.holes.items()):
            if v["area"] == value:
                return h
        raise LessonBroken(M("{where}: {what} has no emergence hole", where=where, what=repr(ref)))

    # ------------------------------------------------------------------ during a lesson

    def condition(self, state: GearsState, name: str, value: Any, events: list[Event],
                  places: Mapping[str, str]) -> bool:
        """Does free-play condition `name = value` hold now (events: those since the step began)."""
        v = self.resolve(state, value, places)
        common = self.common_condition(state, name, v, events)
        if common is not None:
            return common
        if name == "turn":
            return state.turn >= int(v)
        if name == "at":
            return state.active_cog.area == v
        if name == "in_cover":
            return (state.active_cog.cover is not None) == bool(v)
        if name == "locusts_left":
            return len(state.locusts) <= int(v)
        if name == "locust_gone":
            return v not in state.locusts
        if name == "open_holes":
            return sum(1 for h in state.holes.values() if not h["sealed"]) <= int(v)
        if name == "levels_built":
            return state.levels_built >= int(v)
        if name == "stage":
            return state.stage >= int(v)
        if name == "bleeding":
            return any(c.bleeding for c in state.cogs.values()) == bool(v)
        raise LessonBroken(M("unknown condition {name}", name=repr(name)))

    def describe(self, state: GearsState) -> str:
        return state.outcome or f"phase {state.phase}"

    def pending_kind(self, state: GearsState) -> str | None:
        """The kind of decision asked now when it is a question inside a resolution."""
        return state.proc["pending"]["kind"] if state.proc is not None else None

    def figure_area(self, state: GearsState, figure: str) -> str | None:
        if figure in state.cogs:
            return state.cogs[figure].area
        if figure in state.locusts:
            return state.locusts[figure].area
        return None

    def figure_pos(self, state: GearsState, figure: str) -> tuple[str, str | None] | None:
        if figure in state.cogs:
            return state.cogs[figure].area, state.cogs[figure].cover
        if figure in state.locusts:
            return state.locusts[figure].area, state.locusts[figure].cover
        if figure in state.view().areas:
            return figure, None
        return None

    def explain_illegal(self, state: GearsState, action: Action, engine_reason: str) -> tuple[str, str]:
        """The sentence and the rule section for an action the engine refuses. The engine's
        reason (game/gears/rules/refusals.py) is specific and cites the spec: it is passed on,
        and its first cited section that the Rules tab has becomes the rule link. A reason
        without a citation is sharpened by the rules' own legality checks where they say more."""
        p = self.title.current_decider(state)
        if cited_sections(engine_reason) or p is None:
            return engine_reason, self.rule_of(engine_reason, action.kind)
        why = self._local_reason(state, p, action)
        if why is not None:
            return why
        return engine_reason, self.rule_of(engine_reason, action.kind)

    def rule_of(self, reason: str, kind: str) -> str:
        """The Rules tab section for a refusal: a cited section the reference has (or its
        parent, 6.16 -> 6), else the keyword mapping, else the action kind's rule."""
        known = self._known_sections()
        for section in cited_sections(reason):
            while section:
                if section in known:
                    return section
                section = section.rpartition(".")[0]
        return rule_of_reason(reason) or ACTION_RULES.get(kind, "")

    def _known_sections(self) -> set[str]:
        if not hasattr(self, "_sections"):
            from game.tutorial.library import rules_for

            try:
                self._sections = {r.section for r in rules_for("gears").ordered()}
            except Exception:  # noqa: BLE001 - a broken reference file: keyword mapping only
                self._sections = set()
        return self._sections

    def _local_reason(self, state: GearsState, p: str, action: Action) -> tuple[str, str] | None:
        """The rules' legality checks, for an engine reason that names no rule."""
        c = state.cogs.get(p)
        pl = action.payload
        if action.kind == "attack" and c is not None and {"target", "weapon", "mode"} <= set(pl):
            if pl["target"] in state.locusts and c.has_weapon(pl["weapon"]):
                why = A.cog_attack_legality(state, self.content, p, pl["target"], pl["weapon"], pl["mode"])
                if why:
                    return why, rule_of_reason(why) or "6.3"
            if state.proc is None and state.phase == "order":
                return _("An attack needs an Order card played to attack (or a card that says Attack)."), "5.2"
        if action.kind == "grenade" and c is not None and "area" in pl:
            why = A.grenade_legality(state, self.content, p, pl["area"])
            if why:
                return why, "6.8"
        if action.kind == "step" and c is not None and "area" in pl and state.phase == "move":
            if pl["area"] not in steps_from(state.view(), c.area):
                return (_("{area} is not next to {here}: a move goes one area at a time, across a cracked "
                          "border, never through a wall or up a level line.").format(area=pl["area"], here=c.area),
                        "6.2")
        if action.kind == "cover" and c is not None and "spot" in pl:
            if pl["spot"] not in free_spots(state, c.area):
                return (_("You may only take cover at an empty cover spot in your own area, right after "
                          "moving."), "3.3")
        if action.kind == "play" and state.flags.get("played"):
            return _("You have already played your one Order card this turn."), "5.2"
        return None


_SPEC = re.compile(r"\(spec ([0-9][0-9.,\s]*)")
# Keyword -> section, for a reason that cites no section the Rules tab has (order matters:
# the first keyword found wins).
REASON_KEYWORDS = (
    ("line of sight", "3.5"), ("areas away", "3.6"), ("reach", "3.6"), ("range", "3.6"),
    ("ammo", "6.5"), ("overwhelming", "6.5"), ("cover", "3.3"), ("bleeding", "6.13"), ("crawl", "5.4"),
    ("grenade", "6.8"), ("chainsaw", "6.7"), ("guard", "6.9"), ("dodge", "6.9"), ("follow", "6.9"),
    ("explore", "6.11"), ("door", "6.11"), ("order card", "5.2"), ("move", "6.2"), ("attack", "6.3"),
)


def cited_sections(reason: Any) -> list[str]:
    """The spec sections a reason cites, in order: "(spec 3.5, 6.6)" -> ["3.5", "6.6"]. A rules
    message is read in English (a translation words "(spec ...)" its own way)."""
    out: list[str] = []
    for m in _SPEC.finditer(english(reason) if reason else ""):
        out += [s.strip().rstrip(".") for s in m.group(1).split(",") if s.strip().rstrip(".")]
    return out


def rule_of_reason(why: Any) -> str:
    low = (english(why) if why else "").lower()
    return next((section for word, section in REASON_KEYWORDS if word in low), "")


def face_index(content: Any, die: str, name: str) -> int | None:
    """The index of the first face of `die` that means `name` (blank, omen, hit, hit2, shield,
    shield2): lessons name faces by what they show, not by their place on the die."""
    want = {"blank": {}, "omen": {"omen": 1}, "hit": {"hits": 1}, "hit1": {"hits": 1}, "hit2": {"hits": 2},
            "shield": {"shields": 1}, "shield1": {"shields": 1}, "shield2": {"shields": 2}}.get(name)
    if want is None or die not in content.dice:
        return None
    for i, f in enumerate(content.dice[die].faces):
        got = {"hits": f.hits, "shields": f.shields, "omen": int(bool(f.omen))}
        if all(got[k] == want.get(k, 0) for k in got):
            return i
    return None


def _on_top(deck: Deck, ids: list[str], where: str, exact: bool) -> None:
    for card in ids:
        if card not in deck.draw_pile and card not in deck.discard_pile:
            raise LessonBroken(M("{where}: {card} is not in the {deck} deck of this mission", where=where, card=repr(card), deck=deck.name))
    for card in ids:
        deck.take(card)
    deck.put_on_top(ids)



