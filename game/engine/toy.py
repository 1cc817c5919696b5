"""Duel, a tiny invented title that exercises the whole engine (and shows how to write one).

Two players, A and B, each with health. One shared deck of strike and guard cards
(data in toy.toml). On your turn, in any order:
  - draw a card (hidden: only you see it), at most `draws_per_turn` times and while your hand
    is below `hand_limit`; the discard pile is reshuffled when the deck runs out;
  - strike with a strike card from your hand: it goes to the discard pile and the other player
    reacts (a decision point for the *other* player): guard with a guard card (discarded; the
    guard dice are rolled) or take the hit. Then the strike dice are rolled; wounds = hits -
    shields, at least 0. Health 0 or less loses;
  - end your turn. After `max_turns` turns the healthier player wins; equal health is a draw.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from game.engine.deck import Deck
from game.engine.dice import Die, count, dice_from_toml, roll_all
from game.engine.protocol import Action, Event, IllegalAction, Title
from game.engine.rng import Rng
from game.engine.tomldata import TomlFile, load_toml

DATA_FILE = Path(__file__).with_name("toy.toml")
PLAYERS = ("A", "B")
SCENARIOS = ("duel",)


@dataclass(frozen=True)
class ToyData:
    rules: dict[str, int]
    strike_dice: dict[str, int]   # strike card id -> strike dice it rolls
    guards: tuple[str, ...]       # guard card ids
    dice: dict[str, Die]

    @property
    def all_cards(self) -> list[str]:
        return sorted([*self.strike_dice, *self.guards])


def load_toy_data(path: str | Path = DATA_FILE) -> ToyData:
    doc: TomlFile = load_toml(path)
    rules = doc.data.get("rules")
    if not isinstance(rules, dict):
        raise doc.error(["rules"], "missing [rules] table")
    for key, value in rules.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise doc.error(["rules", key], f"must be a whole number >= 0, got {value!r}")
    cards = doc.data.get("cards", {})
    strikes = cards.get("strikes")
    if not isinstance(strikes, list) or not all(isinstance(n, int) and n > 0 for n in strikes):
        raise doc.error(["cards", "strikes"], "must be a list of dice counts (whole numbers > 0)")
    guards = cards.get("guards")
    if isinstance(guards, bool) or not isinstance(guards, int) or guards < 0:
        raise doc.error(["cards", "guards"], f"must be a whole number >= 0, got {guards!r}")
    dice = dice_from_toml(doc)
    for needed in ("strike", "guard"):
        if needed not in dice:
            raise doc.error(["dice"], f"the toy needs a [dice.{needed}] die")
    return ToyData(
        rules=dict(rules),
        strike_dice={f"strike-{i + 1:02d}": n for i, n in enumerate(strikes)},
        guards=tuple(f"guard-{i + 1:02d}" for i in range(guards)),
        dice=dice,
    )


@dataclass
class ToyState:
    rules: dict[str, int]           # rules after options, kept so a snapshot stands alone
    rng: Rng
    deck: Deck
    hands: dict[str, list[str]]
    health: dict[str, int]
    active: str
    turn: int = 1
    draws_this_turn: int = 0
    phase: str = "main"             # "main" (active player acts), "react" (other player), "over"
    pending: dict[str, Any] | None = None   # the strike awaiting a reaction
    winner: str | None = None


def other(player: str) -> str:
    return "B" if player == "A" else "A"


class ToyTitle(Title[ToyState]):
    name = "toy"

    def __init__(self, data: ToyData | None = None):
        self.data = data or load_toy_data()

    # ----------------------------------------------------------------- setup

    def new_game(self, scenario: str, seed: int, options: Mapping[str, Any]) -> ToyState:
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown toy scenario {scenario!r} (known: {', '.join(SCENARIOS)})")
        rules = dict(self.data.rules)
        for key, value in options.items():
            if key not in rules:
                raise ValueError(f"unknown toy option {key!r} (options: {', '.join(sorted(rules))})")
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"toy option {key!r} must be a whole number >= 0, got {value!r}")
            rules[key] = value
        rng = Rng(seed)
        deck = Deck.new("duel", self.data.all_cards, rng.stream("deck"))
        active = rng.stream("setup").choice(PLAYERS)
        hands = {p: deck.draw(rules["opening_hand"], rng.stream("deck")) for p in PLAYERS}
        return ToyState(rules, rng, deck, hands, {p: rules["health"] for p in PLAYERS}, active)

    # ----------------------------------------------------------------- decisions

    def current_decider(self, state: ToyState) -> str | None:
        if state.phase == "over":
            return None
        return other(state.active) if state.phase == "react" else state.active

    def turn_number(self, state: ToyState) -> int:
        return state.turn

    def legal_actions(self, state: ToyState) -> list[Action]:
        if state.phase == "over":
            return []
        if state.phase == "react":
            defender = other(state.active)
            guards = [Action("guard", {"card": c}, f"Guard with {c}")
                      for c in state.hands[defender] if c in self.data.guards]
            return guards + [Action("take", {}, "Take the hit")]
        player = state.active
        actions: list[Action] = []
        if self._draw_refusal(state) is None:
            actions.append(Action("draw", {}, "Draw a card"))
        actions += [Action("strike", {"card": c}, f"Strike with {c}")
                    for c in state.hands[player] if c in self.data.strike_dice]
        actions.append(Action("end", {}, "End the turn"))
        return actions

    def _draw_refusal(self, state: ToyState) -> str | None:
        player = state.active
        if state.draws_this_turn >= state.rules["draws_per_turn"]:
            return f"{player} has already drawn {state.draws_this_turn} cards this turn."
        if len(state.hands[player]) >= state.rules["hand_limit"]:
            return f"{player}'s hand is full ({state.rules['hand_limit']} cards)."
        if not state.deck.can_draw():
            return "The deck and the discard pile are empty."
        return None

    def _why_illegal(self, state: ToyState, action: Action) -> str:
        """A reason in players' words; only computed once an action is known to be illegal."""
        if state.phase == "over":
            return "The game is over."
        decider = self.current_decider(state)
        if state.phase == "react" and action.kind not in ("guard", "take"):
            return (f"{decider} must first answer {state.active}'s strike: guard with a guard "
                    "card or take the hit.")
        if state.phase == "main" and action.kind in ("guard", "take"):
            return "There is no strike to answer."
        if action.kind == "draw":
            return self._draw_refusal(state) or "Drawing takes no details."
        if action.kind in ("strike", "guard"):
            card = action.get("card")
            wanted = self.data.strike_dice if action.kind == "strike" else self.data.guards
            if card not in state.hands[decider]:
                return f"{card!r} is not in {decider}'s hand."
            if card not in wanted:
                return f"{card} is not a {action.kind} card."
        if action.kind not in ("draw", "strike", "end", "guard", "take"):
            return f"Duel has no action {action.kind!r}."
        return f"{action.kind} with {action.payload!r} is not a legal choice now."

    # ----------------------------------------------------------------- rules

    def apply(self, state: ToyState, action: Action) -> list[Event]:
        if action not in self.legal_actions(state):
            raise IllegalAction(self._why_illegal(state, action))
        handler = getattr(self, f"_do_{action.kind}")
        return handler(state, action)

    def _do_draw(self, state: ToyState, action: Action) -> list[Event]:
        player = state.active
        before = state.deck.reshuffles
        (card,) = state.deck.draw(1, state.rng.stream("deck"))
        state.hands[player].append(card)
        state.draws_this_turn += 1
        events = []
        if state.deck.reshuffles != before:
            events.append(Event("reshuffle", "The discard pile is shuffled into a new deck.",
                                {"deck": state.deck.name}, hidden_info=True))
        events.append(Event("draw", f"{player} draws a card.", {"player": player},
                            hidden_info=True))
        events.append(Event("drew", f"{player} drew {card}.", {"player": player, "card": card},
                            hidden_info=True, visible_to=(player,)))
        return events

    def _do_strike(self, state: ToyState, action: Action) -> list[Event]:
        player, card = state.active, action.payload["card"]
        state.hands[player].remove(card)
        state.deck.discard([card])
        dice = self.data.strike_dice[card]
        state.pending = {"attacker": player, "card": card, "dice": dice}
        state.phase = "react"
        return [Event("strike", f"{player} strikes with {card} ({dice} {'die' if dice == 1 else 'dice'}).",
                      {"player": player, "card": card, "dice": dice})]

    def _do_guard(self, state: ToyState, action: Action) -> list[Event]:
        defender, card = other(state.active), action.payload["card"]
        state.hands[defender].remove(card)
        state.deck.discard([card])
        event = Event("guard", f"{defender} guards with {card}.", {"player": defender, "card": card})
        return [event, *self._resolve(state, state.rules["guard_dice"])]

    def _do_take(self, state: ToyState, action: Action) -> list[Event]:
        defender = other(state.active)
        return [Event("take", f"{defender} takes the hit.", {"player": defender}),
                *self._resolve(state, 0)]

    def _resolve(self, state: ToyState, guard_dice: int) -> list[Event]:
        assert state.pending is not None
        attacker, defender = state.pending["attacker"], other(state.pending["attacker"])
        rng = state.rng.stream("dice")
        strike = roll_all([self.data.dice["strike"]] * state.pending["dice"], rng)
        guard = roll_all([self.data.dice["guard"]] * guard_dice, rng)
        hits, shields = count(strike, "hits"), count(guard, "shields")
        wounds = max(0, hits - shields)
        state.health[defender] -= wounds
        state.pending = None
        state.phase = "main"
        text = f"{attacker} rolls {', '.join(f.name for f in strike)}: {hits} hits"
        if guard_dice:
            text += f"; {defender} rolls {', '.join(f.name for f in guard)}: {shields} shields"
        events = [
            Event("roll", text + ".", {"strike": [f.name for f in strike],
                                       "guard": [f.name for f in guard],
                                       "hits": hits, "shields": shields}, hidden_info=True),
            Event("wound", f"{defender} loses {wounds} health ({state.health[defender]} left).",
                  {"player": defender, "wounds": wounds, "health": state.health[defender]}),
        ]
        if state.health[defender] <= 0:
            state.phase, state.winner = "over", attacker
            events.append(Event("game_over", f"{attacker} wins the duel.", {"winner": attacker}))
        return events

    def _do_end(self, state: ToyState, action: Action) -> list[Event]:
        player = state.active
        events = [Event("end_turn", f"{player} ends turn {state.turn}.", {"player": player})]
        if state.turn >= state.rules["max_turns"]:
            state.phase = "over"
            a, b = state.health["A"], state.health["B"]
            state.winner = "A" if a > b else "B" if b > a else None
            text = (f"Time is up: {state.winner} wins on health." if state.winner
                    else "Time is up: the duel is a draw.")
            events.append(Event("game_over", text, {"winner": state.winner}))
            return events
        state.turn += 1
        state.active = other(player)
        state.draws_this_turn = 0
        return events

    # ----------------------------------------------------------------- snapshots

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "rules": dict(state.rules),
            "rng": state.rng.to_json(),
            "deck": state.deck.to_json(),
            "hands": {p: list(h) for p, h in state.hands.items()},
            "health": dict(state.health),
            "active": state.active,
            "turn": state.turn,
            "draws_this_turn": state.draws_this_turn,
            "phase": state.phase,
            "pending": dict(state.pending) if state.pending else None,
            "winner": state.winner,
        }

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        phase = data["phase"]
        if phase not in ("main", "react", "over"):
            raise ValueError(f"unknown phase {phase!r}")
        active = data["active"]
        if active not in PLAYERS:
            raise ValueError(f"unknown player {active!r}")
        return ToyState(
            rules={str(k): int(v) for k, v in data["rules"].items()},
            rng=Rng.from_json(data["rng"]),
            deck=Deck.from_json(data["deck"]),
            hands={p: [str(c) for c in data["hands"][p]] for p in PLAYERS},
            health={p: int(data["health"][p]) for p in PLAYERS},
            active=active,
            turn=int(data["turn"]),
            draws_this_turn=int(data["draws_this_turn"]),
            phase=phase,
            pending=dict(data["pending"]) if data["pending"] else None,
            winner=data["winner"],
        )

    # ----------------------------------------------------------------- checks

    def cards_in_play(self, state: ToyState) -> list[str]:
        """Every card id in the deck's piles and the hands (conservation: equals all_cards)."""
        return sorted(state.deck.cards() + [c for p in PLAYERS for c in state.hands[p]])
