"""The Level 7 [Escape] lesson adapter (game/tutorial/protocol.py: LessonAdapter), named by the
`tutorial` entry of game/titles.py: starting a lesson's game, the setup verbs, places, free-play
conditions, stacked dice, decks and tile stacks, and why an action is refused.

Everything goes through the public rules (Level7Title, the state, rules/explore.py's placement,
rules/turn.py's `refusal`) and edits only state data a test edits too (characters, enemies,
placed tiles, deck and stack order, the dice stack in `state.flags["dice_stack"]`, read by
rules/dice_source.py): the rules are never patched. Format of the verbs: docs/TUTORIAL.md,
"Level 7 lessons".

The learner plays every character. The enemies are no player: they act inside the event card's
resolution, and the questions it asks (paths, placements, spawn tiles, defence cards) are
answered by the runner, the first option, unless a step teaches them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.engine.protocol import Action, Event
from game.engine.session import Session
from game.engine.text import M
from game.engine.tomldata import TomlFile
from game.level7.rules import events as EV
from game.level7.rules import explore
from game.level7.rules.maps import shared_tiles
from game.level7.rules.state import HOSPITAL, IN_HOSPITAL, IN_PLAY, Enemy, Level7State
from game.level7.rules.turn import decider
from game.tutorial.adapter_kit import AdapterBase, SilentCtx, check_keys, rule_by_keyword, table_list, take_card
from game.tutorial.model import Lesson, Step
from game.tutorial.protocol import LessonBroken

SETUP_VERBS = ("tile", "stack_top", "character", "enemy", "adrenaline_on_top", "events_on_top", "threat_pool",
               "lockdown", "dice")
TILE_KEYS = ("id", "from", "door", "turns")
CHARACTER_KEYS = ("id", "tile", "fear", "vitality", "threat", "hand", "items", "skills")
ENEMY_KEYS = ("kind", "tile", "stunned")
CONDITIONS = ("event", "phase", "decision", "turn", "step", "at", "placed", "status", "lockdown", "outcome",
              "enemy_stunned", "enemy_gone")
DECKS = {"adrenaline": "adrenaline", "events": "events"}
DIE = "level7"
# The questions inside a resolution a lesson does not teach: the first option, which the rules
# list as "no" where the question is a yes/no (no reroll, no defence card, keep the Fear).
ASKED = ("placement", "reroll", "fear_shift", "defend", "help", "discard", "enemy_path", "event_option",
         "lock_door", "move_guard", "panel_reward", "put_down", "reenter", "relock", "remove_darkness",
         "seal_vent", "spawn_tile", "token_tile", "trade_offer", "vent_travel")
DEFAULT_AUTO: dict[str, Any] = {kind: "first" for kind in ASKED}
# Which rules_reference.toml section an action kind belongs to, for refusals.
ACTION_RULES = {
    "move": "6.1", "vent": "6.2", "explore": "3.3", "peek": "3.3", "pickup": "6.10", "trade": "6.10",
    "escape": "9.1", "attack": "6.4", "bull_rush": "6.5", "outwit": "6.6", "unlock": "6.8",
    "control_panel": "6.9", "adrenaline": "6.11", "use_item": "6.14", "use_key": "6.14", "end_turn": "5.2",
    "placement": "3.3", "reroll": "6.3", "defend": "6.11", "help": "6.11", "reenter": "6.13",
}
# Keyword -> section for the rules' refusal sentence (the first keyword found wins).
REASON_KEYWORDS = (
    ("hospital", "6.13"), ("escap", "9.1"), ("lift", "9.1"), ("vent", "6.2"), ("movement", "6.1"),
    ("active enemy", "6.1"), ("door", "3.3"), ("explore", "3.3"), ("challenge", "6.3"), ("last card", "6.11"),
    ("fear", "6.12"), ("card", "6.11"), ("item", "6.10"), ("trade", "6.10"), ("time to act", "5.2"),
)


@dataclass
class Level7Adapter(AdapterBase):
    """Binds lessons to the Level 7 rules; `title` is a Level7Title."""

    title: Any = None
    default_auto = DEFAULT_AUTO

    def __post_init__(self) -> None:
        if self.title is None:
            from game.level7.rules.title import Level7Title

            self.title = Level7Title()
        from game.level7.content import shared_content

        self.content = shared_content()
        self.tiles = shared_tiles()

    # ------------------------------------------------------------------ load-time checks

    def check_lesson(self, doc: TomlFile, lesson: Lesson) -> None:
        c = self.content
        self.check_scenario(doc, lesson, "level7", "Level 7", c.scenarios, M("scenario"))
        for key, value, path in self.setup_verbs(doc, lesson, SETUP_VERBS):
            if key == "tile":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, TILE_KEYS, path + [i], ("id", "from", "door"))
                    self._tile_name(doc, item["id"], path + [i, "id"])
            elif key == "stack_top":
                for j, t in enumerate(value):
                    self._tile_name(doc, t, path + [j])
            elif key == "character":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, CHARACTER_KEYS, path + [i], ("id",))
                    if item["id"] not in c.characters:
                        raise doc.error(path + [i, "id"], M("unknown character {name}", name=repr(item["id"])))
                    for j, card in enumerate(item.get("hand", [])):
                        self._card_name(doc, card, "adrenaline", path + [i, "hand", j])
                    for j, card in enumerate(item.get("items", [])):
                        if card.split("#")[0] not in c.items:
                            raise doc.error(path + [i, "items", j], M("unknown item {name}", name=repr(card)))
            elif key == "enemy":
                for i, item in enumerate(table_list(doc, value, path)):
                    check_keys(doc, item, ENEMY_KEYS, path + [i], ("kind", "tile"))
                    if item["kind"] not in c.enemies:
                        raise doc.error(path + [i, "kind"], M("unknown enemy {name}", name=repr(item["kind"])))
            elif key in ("adrenaline_on_top", "events_on_top"):
                for j, card in enumerate(value):
                    self._card_name(doc, card, key.split("_")[0], path + [j])
            elif key == "dice":
                self._check_dice(doc, value, path)
        for name, q in lesson.places.items():
            if not isinstance(q, str):
                raise doc.error(["places", name], M("a place is a tile id, a character, an enemy or \"@other\""))
        self.check_steps(doc, lesson, CONDITIONS)
        for i, step in enumerate(lesson.steps):
            if step.dice:
                self._check_dice(doc, step.dice, ["step", i, "dice"])
            if step.ai_on_top or step.orders_on_top:
                raise doc.error(["step", i], M("Level 7 lessons stack cards with decks = {{ adrenaline = [...], events = [...] }}"))
            for deck, cards in step.decks.items():
                if deck not in DECKS:
                    raise doc.error(["step", i, "decks", deck], M("unknown deck {name} (Level 7 has: {known})", name=repr(deck), known=", ".join(DECKS)))
                for j, card in enumerate(cards):
                    self._card_name(doc, card, deck, ["step", i, "decks", deck, j])

    def _tile_name(self, doc: TomlFile, tile: Any, path: list) -> None:
        if not isinstance(tile, str) or tile not in self.tiles:
            raise doc.error(path, M("unknown tile {name}", name=repr(tile)))

    def _card_name(self, doc: TomlFile, card: Any, deck: str, path: list) -> None:
        known = self.content.adrenaline if deck == "adrenaline" else {e.split("#")[0] for e in self.content.event_deck()}
        if not isinstance(card, str) or card.split("#")[0] not in known:
            raise doc.error(path, M("unknown {deck} card {name}", deck=deck, name=repr(card)))

    def _check_dice(self, doc: TomlFile, value: Any, path: list) -> None:
        if not isinstance(value, dict) or set(value) - {DIE}:
            raise doc.error(path, M("dice is a table: {die} = [face names]", die=DIE))
        names = [f.name for f in self.content.dice[DIE].faces]
        for j, face in enumerate(value.get(DIE, [])):
            if face not in names:
                raise doc.error(path + [DIE, j], M("no face {name} on the die (faces: {known})", name=repr(face), known=", ".join(names)))

    # ------------------------------------------------------------------ starting a lesson

    def start(self, lesson: Lesson) -> tuple[Session, dict[str, Any]]:
        """The lesson's game after the scenario's set-up and its first step 1, the verbs applied
        (as if earlier turns had built the map and dealt the cards), places resolved."""
        session = self.start_session(lesson)
        state: Level7State = session.state
        where = f"{lesson.path}: setup"
        s = lesson.setup
        for item in s.get("tile", []):
            self._place_tile(state, item, where)
        self._stack_top(state, s.get("stack_top", []), where)
        for item in s.get("character", []):
            self._character(state, item, where)
        for item in s.get("enemy", []):
            self._enemy(state, item, where)
        if "threat_pool" in s:
            state.threat_pool = int(s["threat_pool"])
        if s.get("lockdown"):
            from game.level7.rules import sheet

            sheet.start_lockdown(state, SilentCtx(state), "the lesson")
        self.stack(state, s.get("dice", {}), {"adrenaline": s.get("adrenaline_on_top", ()),
                                              "events": s.get("events_on_top", ())}, where)
        ch = state.player
        if state.proc is None and state.turn.step == 2 and ch.status == IN_PLAY:
            state.turn.moves_left = EV.attribute(state, ch, "speed")  # the set-up may move Fear
        self.log_from_here(session)  # (its first turn's line: "as if earlier turns had built the map")
        places: dict[str, Any] = {}
        for name, q in lesson.places.items():  # in file order: "@other" names one defined above
            places[name] = self._literal(state, q, places)
            if places[name] is None:
                raise LessonBroken(M("{where}: {what} is not a placed tile, a character, an enemy or a place defined above",
                                     where=f"{lesson.path}: places.{name}", what=repr(q)))
        return session, places

    def _take_tile(self, state: Level7State, tile: str, where: str) -> None:
        """A tile out of its stack (or the set-aside spot), to be placed or stacked."""
        if state.set_aside == tile:
            state.set_aside = ""
            return
        for _name, tiles in state.stacks:
            if tile in tiles:
                tiles.remove(tile)
                return
        raise LessonBroken(M("{where}: tile {tile} is in no stack (placed, removed or set aside by the scenario)", where=where, tile=repr(tile)))

    def _place_tile(self, state: Level7State, item: Mapping[str, Any], where: str) -> None:
        """A tile put on the map at a door of a placed tile, as an exploration placed it (rules'
        placements: the most doors joined), and explored already."""
        tid, at = item["id"], item["from"]
        if at not in {p[0] for p in state.placed}:
            raise LessonBroken(M("{where}: tile {tile} from {at}, which is not on the map", where=where, tile=repr(tid), at=repr(at)))
        self._take_tile(state, tid, where)
        found = explore.placements(state, self.tiles[tid], at, tuple(item["door"]))
        if "turns" in item:
            found = [f for f in found if f["turns"] == int(item["turns"])]
        if not found:
            raise LessonBroken(M("{where}: tile {tile} does not fit at door {door} of {at}", where=where, tile=repr(tid), door=item["door"], at=repr(at)))
        explore.place(state, tid, found[0], SilentCtx(state), "the lesson")
        state.explored.append(tid)

    def _stack_top(self, state: Level7State, tiles: list[str], where: str) -> None:
        """Tiles on top of the stack drawn next, the first drawn first; a tile from another stack
        trades places with the bottom tile of this one, so every stack keeps its size."""
        current = explore.current_stack(state) or state.stacks[0]
        for tid in reversed(tiles):
            home = next((s for s in state.stacks if tid in s[1]), None)
            if home is None:
                raise LessonBroken(M("{where}: tile {tile} is in no stack (placed, removed or set aside)", where=where, tile=repr(tid)))
            home[1].remove(tid)
            if home is not current:
                home[1].insert(0, current[1].pop())
            current[1].insert(0, tid)

    def _character(self, state: Level7State, item: Mapping[str, Any], where: str) -> None:
        cid = item["id"]
        if cid not in state.characters:
            raise LessonBroken(M("{where}: {who} does not play (characters: {ids})", where=where, who=repr(cid), ids=", ".join(state.order)))
        ch = state.characters[cid]
        if "tile" in item:
            if item["tile"] == HOSPITAL:
                ch.tile, ch.status = HOSPITAL, IN_HOSPITAL
            elif item["tile"] in {p[0] for p in state.placed}:
                ch.tile, ch.status = item["tile"], IN_PLAY
            else:
                raise LessonBroken(M("{where}: {who} on {tile}, which is not on the map", where=where, who=cid, tile=repr(item["tile"])))
        for key in ("fear", "vitality"):
            if key in item:
                setattr(ch, key, int(item[key]))
        if "threat" in item:  # Threat tokens come from the pool (spec 6.12)
            more = int(item["threat"]) - ch.threat
            if more > state.threat_pool:
                raise LessonBroken(M("{where}: {who} takes {n} Threat, the pool holds {pool}", where=where, who=cid, n=more, pool=state.threat_pool))
            ch.threat, state.threat_pool = int(item["threat"]), state.threat_pool - more
        if "hand" in item:
            state.adrenaline.put_on_bottom(ch.hand)
            ch.hand = [take_card(state.adrenaline, name, where, M("the adrenaline deck")) for name in item["hand"]]
        if "items" in item:
            state.items.put_on_bottom(ch.items)
            ch.items = [take_card(state.items, name, where, M("the item deck")) for name in item["items"]]
        if "skills" in item:
            state.skills.put_on_bottom(ch.skills)
            ch.skills = [take_card(state.skills, name, where, M("the skill deck")) for name in item["skills"]]

    def _enemy(self, state: Level7State, item: Mapping[str, Any], where: str) -> None:
        """An enemy from its reserve (the lowest number, as a spawn takes), on a placed tile."""
        kind, tile = item["kind"], item["tile"]
        if tile not in {p[0] for p in state.placed}:
            raise LessonBroken(M("{where}: a {kind} on {tile}, which is not on the map", where=where, kind=kind, tile=repr(tile)))
        reserve = state.reserves.get(kind)
        if not reserve:
            raise LessonBroken(M("{where}: no {kind} is left in this scenario's reserve", where=where, kind=kind))
        state.enemies.append(Enemy(kind, reserve.pop(0), tile, bool(item.get("stunned", False))))

    def stack(self, state: Level7State, dice: Mapping[str, Any], decks: Mapping[str, Any], where: str) -> None:
        """Fixes what the next dice and cards will be, so the lesson goes the same way."""
        if dice.get(DIE):
            state.flags.setdefault("dice_stack", {})[DIE] = list(dice[DIE])
        for name, cards in decks.items():
            cards = list(cards)
            if cards:
                deck = getattr(state, DECKS[name])
                deck.put_on_top([take_card(deck, c, where, M("the {name} deck", name=name)) for c in cards])

    def step_stacks(self, state: Level7State, lesson: Lesson, step: Step) -> None:
        self.stack(state, step.dice, step.decks, M("{path}: step {step}", path=str(lesson.path), step=repr(step.id)))

    def _literal(self, state: Level7State, q: str, places: Mapping[str, Any]) -> Any:
        """A place: a placed tile, a character (its tile) or an enemy key (its tile)."""
        if q.startswith("@"):
            return places.get(q[1:])
        if q in {p[0] for p in state.placed}:
            return q
        if q in state.characters:
            return state.characters[q].tile or None
        return next((e.tile for e in state.enemies if e.key == q), None)

    # ------------------------------------------------------------------ during a lesson

    def condition(self, state: Level7State, name: str, value: Any, events: list[Event],
                  places: Mapping[str, Any]) -> bool:
        v = self.resolve(state, value, places)
        if name == "phase":  # the turn's step: "draw", "act", "event"
            return state.proc is None and {1: "draw", 2: "act", 3: "event"}[state.turn.step] == v
        common = self.common_condition(state, name, v, events)
        if common is not None:
            return common
        if name == "turn":
            return state.turn_no >= int(v)
        if name == "step":
            return state.proc is None and state.turn.step == int(v)
        if name == "at":
            return any(ch.tile == v and ch.status == IN_PLAY for ch in state.characters.values())
        if name == "placed":
            return v in {p[0] for p in state.placed}
        if name == "status":
            return any(ch.status == v for ch in state.characters.values())
        if name == "lockdown":
            return state.lockdown == bool(v)
        if name == "outcome":
            return state.outcome == v
        if name == "enemy_stunned":
            return any(e.key == v and e.stunned for e in state.enemies)
        if name == "enemy_gone":
            return not any(e.key == v for e in state.enemies)
        raise LessonBroken(M("unknown condition {name}", name=repr(name)))

    def pending_kind(self, state: Level7State) -> str | None:
        if state.outcome is not None or state.proc is None:
            return None
        return state.proc["pending"]["kind"]

    def describe(self, state: Level7State) -> str:
        if state.outcome:
            return f"over, {state.outcome}"
        return f"turn {state.turn_no}, step {state.turn.step}, {decider(state)} to act"

    def explain_illegal(self, state: Level7State, action: Action, engine_reason: str) -> tuple[str, str]:
        """The rules' own refusal sentence (rules/turn.py `refusal`) and the rule behind it."""
        return engine_reason, rule_of(engine_reason, action.kind)


def rule_of(reason: str, kind: str) -> str:
    return rule_by_keyword(reason, kind, REASON_KEYWORDS, ACTION_RULES)
