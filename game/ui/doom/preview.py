"""The attack preview: for a target square and each weapon the rules offer against it, the exact
chance to hit and the wounds it deals (game/doom/rules/odds.py over the attack's profile and the
distance the rules measure), and the chance that it kills; against a barrel, the chance to set it
off and what its explosion does (rules/effects.barrel_chain). Reads the state only."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.engine.protocol import Action


@dataclass(frozen=True)
class WeaponOdds:
    action: Action
    weapon: str
    distance: int
    hit: Fraction
    wounds: dict[int, Fraction]
    kill: Fraction  # wounds >= the target's health left (0 when no figure stands there)
    left: int  # the target's health left (0: a barrel or an empty square)
    explode: Fraction | None = None  # a barrel: the chance this attack sets it off (None: no barrel)


@dataclass(frozen=True)
class BarrelBlast:
    """What a barrel going off does (rules/effects.barrel_chain): how many barrels go off with it,
    and each figure's wounds with its health left."""

    barrels: int
    hurt: tuple[tuple[str, int, int], ...]  # (figure, wounds, health left)


def barrel_blast(state, cell) -> BarrelBlast | None:
    """The explosion of the barrel on `cell`, as the rules would resolve it; None: no barrel."""
    from game.doom.rules.effects import barrel_chain

    if not state.has_marker(cell, "barrel"):
        return None
    gone, wounds = barrel_chain(state, cell)
    return BarrelBlast(len(gone), tuple((fig, n, _health(state, fig)) for fig, n in wounds.items()))


def _health(state, fig: str) -> int:
    if fig in state.marines:
        return state.marines[fig].health
    inv = state.invaders[fig]
    return state.content.monsters[inv.monster].health - inv.wounds


def _standing(state, cell) -> tuple[int, int]:
    """(armour, health left) of the figure on `cell`; a barrel or nobody: (1, 0)."""
    fig = state.figure_cells().get(cell)
    if fig in state.marines:
        m = state.marines[fig]
        return m.armour, m.health
    if fig in state.invaders:
        inv = state.invaders[fig]
        mon = state.content.monsters[inv.monster]
        return mon.armour, mon.health - inv.wounds
    return 1, 0


def weapon_odds(state, attacker: str, actions: list[Action]) -> list[WeaponOdds]:
    """The odds of each attack action (one per weapon) on one target square."""
    from game.doom.rules import queries as Q
    from game.doom.rules.odds import explode_chance, hit_chance, wound_distribution

    out = []
    for a in actions:
        cell = (int(a.payload["target"][0]), int(a.payload["target"][1]))
        weapon = a.payload.get("weapon")
        prof = Q.profile(state, attacker, weapon)
        far = Q.distance(state, attacker, cell, prof.abilities.indirect)
        if far is None:
            continue
        armour, left = _standing(state, cell)
        pool = (prof.dice, far)
        wounds = wound_distribution(*pool, armour, prof.accuracy, prof.deadly, prof.melee, state.content)
        chance = hit_chance(*pool, prof.accuracy, prof.melee, state.content)
        kill = sum((p for n, p in wounds.items() if left and n >= left), Fraction(0))
        explode = explode_chance(*pool, prof.accuracy, prof.deadly, prof.melee, state.content) \
            if not left and state.has_marker(cell, "barrel") else None
        out.append(WeaponOdds(a, str(weapon), far, chance, wounds, kill, left, explode))
    return out
