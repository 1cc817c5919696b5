"""Built Gears states for tests that need an event to happen (a wound, an AI card, a stage
flip, a kill) whatever the `verified = false` enemy data says: the situation is set up on the
state (figures placed, dice and AI cards stacked, holes sealed) through the same state data the
tutorial adapter edits (game/gears/tutorial.py), never by patching the rules, and the real
actions then resolve it. A game played by bots on a fixed seed changes with every balance pass;
these do not.
"""
from __future__ import annotations

from game.engine.session import Session
from game.gears.rules import turn as T
from game.gears.rules import wounds as W
from game.gears.rules.state import GearsState, LocustState

# Face indexes of data/dice.toml (the same as tests/gears/test_rules_attack.py).
OMEN, HIT1, HIT2, BLANK = 0, 1, 4, 5  # attack die
SH2, SH1, SH0 = 0, 1, 3  # defence die


def past_setup(title, state: GearsState) -> GearsState:
    """Answers set-up's questions with their first option and puts P1 at the start of its
    Order Step (tests/gears/conftest.start makes a new game and calls this)."""
    while state.proc is not None:
        title.apply(state, title.legal_actions(state)[0])
    state.active = 0
    state.pending = {"stack": []}
    T.push(state, {"f": "order", "player": state.players[0]})
    return state


def built_session(title, mission: str, seed: int, players: int, build, casual: bool = False) -> Session:
    """A session whose state is set up by `build(state)` past set-up, before its first action
    (as a tutorial lesson sets its game up: the session's first snapshot is the built state)."""
    session = Session.start(title, mission, seed, {"players": players}, casual=casual)
    build(past_setup(title, session.state))
    session.state._legal_memo = None
    return session


def stack_dice(state: GearsState, attack: list[int] | None = None, defence: list[int] | None = None) -> None:
    """The next dice rolled, first rolled first (rules/attack.roll reads them)."""
    stack = state.flags.setdefault("dice_stack", {})
    if attack is not None:
        stack["attack"] = list(attack)
    if defence is not None:
        stack["defence"] = list(defence)


def ai_on_top(state: GearsState, *cards: str) -> None:
    """The AI deck's next cards, `cards[0]` drawn first."""
    for card in cards:
        state.ai.take(card)
    state.ai.put_on_top(list(cards))


def put(state: GearsState, content, enemy: str, area: str) -> str:
    """A Locust of `enemy` in `area` (in the open); its figure id."""
    fid = W.free_figure_id(state, content, enemy)
    state.locusts[fid] = LocustState(fid, enemy, area)
    return fid


def seal_all_holes_by_bolo(state: GearsState) -> None:
    """Emergence Stage 1's flip condition (spec 9.2.1: every hole sealed, the last by a Bolo
    Grenade): the stage card flips at the next check after an action."""
    for hole in state.holes.values():
        hole["sealed"] = True
    state.flags["last_seal_by"] = "bolo_grenade"


def give_hand(state: GearsState, player: str, names: list[str]) -> None:
    """The player's hand becomes one copy of each named Order card (taken from the Order deck);
    the cards held before go to its discard pile."""
    c = state.cogs[player]
    state.orders.discard(list(c.hand))
    c.hand = []
    for name in names:
        copy = next(x for x in state.orders.draw_pile + state.orders.discard_pile
                    if x.split("#")[0] == name and x not in c.hand)
        c.hand.append(state.orders.take(copy))


def turn_of(state: GearsState, index: int) -> None:
    """The players[index]'s Order Step starts now (instead of P1's)."""
    state.active = index
    state.flags["turn_start_area"] = state.cogs[state.players[index]].area
    state.pending = {"stack": []}
    T.push(state, {"f": "order", "player": state.players[index]})
