"""Shared helpers for the Doom rules tests: a game on P1 with the board cleared for a scenario,
stacked dice, and a driver that answers questions."""
from __future__ import annotations

from collections import deque

import pytest

from game.doom.rules import attack as A
from game.doom.rules.state import Invader, Marker
from game.doom.rules.title import DoomTitle
from game.engine.protocol import Action

TITLE = DoomTitle()


def fresh(marines: int = 1, seed: int = 1, cards: bool = False):
    """P1 after setup, red to declare, no invaders; every area revealed (no surprises); marine
    cards removed unless `cards` (their effects would change the numbers under test)."""
    state = TITLE.new_game("knee_deep", seed, {"marines": marines})
    state.invaders.clear()
    state.markers = [m for m in state.markers if m.kind not in ("equipment", "key")]
    state.revealed = sorted(state.map.areas)
    state.deck.put_on_bottom(state.hand)  # no event card interferes unless a test deals it
    state.hand = []
    if not cards:
        setup = state.content.setups[marines]
        for m in state.marines.values():
            state.marine_deck.put_on_bottom(m.cards)
            m.cards = []
            m.health = m.max_health = setup.health
            m.armour = m.base_armour = setup.armour
            m.ammo = {"shells": setup.shells, "rockets": 0, "cells": 0}
    return state


def deal(state, card: str) -> str:
    """Moves a card instance into the invader's hand."""
    state.hand.append(state.deck.take(card))
    return card


def put(state, monster: str, *cells, wounds: int = 0) -> str:
    fid = state.new_id(monster)
    state.invaders[fid] = Invader(fid, monster, [tuple(c) for c in cells], wounds)
    return fid


def marker(state, kind: str, cell, variant: str = "", count: int = 1) -> None:
    state.markers.append(Marker(state.new_id("marker"), kind, variant, tuple(cell), count))


def imp_attacks_dodging_red(dice):
    """Seed p. 10 (Kitérés) scene: Red holds a Dodge order and an Imp two squares off attacks
    him with "r3 d2", "r4 d1": the dodge reroll question is next. The state."""
    state = fresh()
    red = state.marines["red"]
    red.order, red.order_turn = "dodge", -5
    state.phase, state.turn = "kill", None
    imp = put(state, "imp", (4, 8))
    act(state, "activate", figure=imp)
    dice.push("r3 d2", "r4 d1")
    act(state, "attack", target=[1, 8])
    return state


def act(state, kind: str, **payload):
    return TITLE.apply(state, Action(kind, payload))


def texts(events) -> list[str]:
    return [e.text for e in events]


def options(state, kind: str | None = None) -> list[Action]:
    acts = TITLE.legal_actions(state)
    return [a for a in acts if kind is None or a.kind == kind]


class Dice:
    """Stacked dice: each roll takes the next faces by name, e.g. dice.push("r2 d2", "r2 d1")."""

    def __init__(self):
        self.queue: deque[str] = deque()

    def push(self, *names: str) -> None:
        self.queue.extend(names)

    def __call__(self, state, dice):
        out = []
        for d in dice:
            name = self.queue.popleft()
            assert any(f.name == name for f in state.content.dice[d].faces), f"{d} has no face {name!r}"
            out.append([d, name])
        return out


@pytest.fixture()
def dice(monkeypatch):
    stacked = Dice()
    monkeypatch.setattr(A, "roll", stacked)
    yield stacked
    assert not stacked.queue, f"dice left unrolled: {list(stacked.queue)}"
