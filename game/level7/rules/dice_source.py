"""Where the rules' dice come from: the state's Rng (stream "dice"), unless a lesson has stacked
faces in `state.flags["dice_stack"]["level7"]` (face names of dice.toml, first rolled first).

The stack is state data, so a stacked game saves, replays and undoes like any other; the rules
take a stacked face exactly where they would have drawn one from the Rng, so every roll of the
game (challenges, rerolls, event rolls, enemy attacks, the hybrid die) can be fixed."""
from __future__ import annotations

from typing import Any

from game.engine.dice import BelowSource
from game.level7.content import shared_content

DIE = "level7"


class _Stacked:
    """A BelowSource that answers a roll of the die with the next stacked face, else the Rng."""

    def __init__(self, faces: list[str], names: list[str], rng: BelowSource) -> None:
        self.faces, self.names, self.rng = faces, names, rng

    def below(self, n: int) -> int:
        if self.faces and n == len(self.names):
            return self.names.index(self.faces.pop(0))
        return self.rng.below(n)


def dice(state: Any) -> BelowSource:
    """The source every roll of the rules draws from."""
    rng = state.rng.stream("dice")
    stack = state.flags.get("dice_stack", {}).get(DIE)
    if not stack:
        return rng
    return _Stacked(stack, [f.name for f in shared_content().dice[DIE].faces], rng)
