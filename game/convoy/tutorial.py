"""The Neuroshima Convoy lesson adapter (game/tutorial/protocol.py: LessonAdapter), named by the
`tutorial` entry of game/titles.py: starting a lesson's game with stacked hands and decks, the
setup verbs, free-play conditions and why an action is refused.

Everything goes through the public rules (ConvoyTitle, the state, flow.refusal) and edits only
state data a test edits too (hands, deck order, cities turned, sectors destroyed): the rules are
never patched. The verbs (docs/TUTORIAL.md, "Convoy lessons"):

- `learner = "moloch" | "outpost" | "both"`: the seat the learner plays (default both); the other
  side passes its phases and its questions take their first option (`pending_kind` "opponent");
- `hand_moloch`, `hand_outpost`: the starting hands (card ids); the dealt cards go back under the deck;
- `top_moloch`, `top_outpost`: the next cards drawn, first drawn first;
- `fallen = n`: the first n cities are already destroyed (turned, every sector down);
- `sectors_left = n`: the active city keeps only its first n sectors intact;
- `moloch_deck = n`: the Moloch deck is cut to n cards (the rest are in its discard pile).

Each card a verb names is a place: "@juggernaut" is that card's instance in the lesson's game.
The mulligans are kept for the learner (both hands are the lesson's)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.convoy.content import shared_content
from game.convoy.rules.state import MOLOCH, OUTPOST, ConvoyState
from game.engine.protocol import Action, Event
from game.engine.session import Session
from game.engine.text import M
from game.engine.tomldata import TomlFile
from game.tutorial.adapter_kit import AdapterBase
from game.tutorial.model import Lesson, Step
from game.tutorial.protocol import LessonBroken

SIDES = {"moloch": MOLOCH, "outpost": OUTPOST}
CARD_VERBS = ("hand_moloch", "hand_outpost", "top_moloch", "top_outpost")
SETUP_VERBS = ("learner",) + CARD_VERBS + ("fallen", "sectors_left", "moloch_deck")
CONDITIONS = ("event", "phase", "decision", "round", "outcome", "fallen")
# The questions a lesson does not teach take their first option; the contested sector (Phase II)
# is left to the learner (every lesson teaches it, and a read step must not answer it).
QUESTIONS = ("target", "destination", "pay", "order", "excess", "iron_gate", "destroy", "fallback", "bomb",
             "recover", "capture", "draw", "convoy")
DEFAULT_AUTO: dict[str, Any] = {kind: "first" for kind in QUESTIONS}
DEFAULT_AUTO["opponent"] = [{"kind": "pass"}]  # the side the learner does not play passes (its questions: the first option)
# The rules reference section of each action kind, for refusals.
ACTION_RULES = {"mulligan": "4", "play": "5.3", "instant": "2", "equip": "5.5", "ability": "2", "feature": "5.4",
                "pass": "5", "sector": "5.2", "destroy": "6.5"}


@dataclass
class ConvoyAdapter(AdapterBase):
    """Binds lessons to the Convoy rules; `title` is a ConvoyTitle."""

    title: Any = None
    default_auto = DEFAULT_AUTO

    def __post_init__(self) -> None:
        if self.title is None:
            from game.convoy.rules.title import ConvoyTitle

            self.title = ConvoyTitle()
        self.content = shared_content()

    # ------------------------------------------------------------------ load-time checks

    def check_lesson(self, doc: TomlFile, lesson: Lesson) -> None:
        self.check_scenario(doc, lesson, "convoy", "Neuroshima Convoy", {"standard"}, M("scenario"))
        for key, value, path in self.setup_verbs(doc, lesson, SETUP_VERBS):
            if key == "learner" and value not in ("moloch", "outpost", "both"):
                raise doc.error(path, M("learner is \"moloch\", \"outpost\" or \"both\""))
            if key in CARD_VERBS:
                side = key.split("_")[1]
                if not isinstance(value, list):
                    raise doc.error(path, M("a list of card ids"))
                for j, card in enumerate(value):
                    d = self.content.cards.get(card) if isinstance(card, str) else None
                    if d is None or d.side != side:
                        raise doc.error(path + [j], M("no {side} card {name}", side=side, name=repr(card)))
            if key in ("fallen", "sectors_left", "moloch_deck") and not (isinstance(value, int) and value >= 0):
                raise doc.error(path, M("a whole number, 0 or more"))
        if lesson.places:
            raise doc.error(["places"], M("Convoy lessons name cards by their id (\"@juggernaut\"), not by places"))
        self.check_steps(doc, lesson, CONDITIONS)
        for i, step in enumerate(lesson.steps):
            if step.dice or step.decks or step.ai_on_top or step.orders_on_top:
                raise doc.error(["step", i], M("Convoy lessons stack every card in [setup] (top_moloch, top_outpost)"))

    # ------------------------------------------------------------------ starting a lesson

    def start(self, lesson: Lesson) -> tuple[Session, dict[str, Any]]:
        session = self.start_session(lesson)
        state: ConvoyState = session.state
        where = f"{lesson.path}: setup"
        s = lesson.setup
        places: dict[str, Any] = {}
        state.flags["learner"] = s.get("learner", "both")
        for side_name, side in SIDES.items():
            if f"hand_{side_name}" in s:
                state.deck[side] += state.hand[side]
                state.hand[side] = [self._take(state, side, c, where, places) for c in s[f"hand_{side_name}"]]
            if f"top_{side_name}" in s:
                top = [self._take(state, side, c, where, places) for c in s[f"top_{side_name}"]]
                state.deck[side] = top + state.deck[side]
        for c in range(int(s.get("fallen", 0))):
            state.flipped[c] = True
            state.sector_down[c] = [True] * len(state.sector_down[c])
        if "sectors_left" in s:
            from game.convoy.rules.board import active_city

            a = active_city(state)
            down = state.sector_down[a]
            for i in range(len(down)):
                down[i] = i >= int(s["sectors_left"])
        if "moloch_deck" in s:
            keep = int(s["moloch_deck"])
            state.discard[MOLOCH] += state.deck[MOLOCH][keep:]
            del state.deck[MOLOCH][keep:]
        self.log_from_here(session)
        for _ in range(2):  # both keep their (stacked) starting hands
            session.apply(Action("mulligan", {"redraw": False}))
        return session, places

    def _take(self, state: ConvoyState, side: int, card: str, where: str, places: dict[str, Any]) -> int:
        """The first instance of `card` in the side's deck, taken out of it; its place named."""
        uid = next((u for u in state.deck[side] if state.ids[u] == card), None)
        if uid is None:
            raise LessonBroken(M("{where}: no {card} is left in the deck", where=where, card=repr(card)))
        state.deck[side].remove(uid)
        name = card
        n = 2
        while name in places:
            name = f"{card}_{n}"
            n += 1
        places[name] = uid
        return uid

    def step_stacks(self, state: ConvoyState, lesson: Lesson, step: Step) -> None:
        return None  # every card is stacked in [setup]

    # ------------------------------------------------------------------ during a lesson

    def condition(self, state: ConvoyState, name: str, value: Any, events: list[Event],
                  places: Mapping[str, Any]) -> bool:
        v = self.resolve(state, value, places)
        common = self.common_condition(state, name, v, events)
        if common is not None:
            return common
        if name == "round":
            return state.round >= int(v)
        if name == "outcome":
            return state.outcome == v
        if name == "fallen":
            return sum(state.flipped) >= int(v)
        raise LessonBroken(M("unknown condition {name}", name=repr(name)))

    def pending_kind(self, state: ConvoyState) -> str | None:
        """A question inside a resolution; "opponent" when the side the learner does not play decides."""
        from game.convoy.rules.flow import decider

        if state.outcome is not None:
            return None
        learner = state.flags.get("learner", "both")
        who = decider(state)
        if state.proc is not None:
            return "opponent" if learner != "both" and who != learner else state.proc["pending"]["kind"]
        if learner != "both" and who is not None and who != learner:
            return "opponent"
        return None

    def describe(self, state: ConvoyState) -> str:
        from game.convoy.rules.flow import decider

        if state.outcome:
            return f"over, {state.outcome} by {state.win_by}"
        return f"round {state.round}, phase {state.phase}, {decider(state)} to act"

    def explain_illegal(self, state: ConvoyState, action: Action, engine_reason: str) -> tuple[str, str]:
        """The rules' own refusal sentence (flow.refusal) and the rule behind the action's kind."""
        return engine_reason, ACTION_RULES.get(action.kind, "")
