"""A Gears attack roll as the shared dice tray shows it (game/ui/kit/dice_tray.py): the black
attack dice (hits, omen) then the red defence dice (shields), on the faces of assets/dice/."""
from __future__ import annotations

from game.i18n import _, ngettext
from game.ui.kit.dice_tray import DiceRoll, ShownDie

ATTACK_FACES = {(0, 0): "blank", (1, 0): "hit1", (2, 0): "hit2", (0, 1): "omen"}
DEFENCE_FACES = {0: "blank", 1: "shield1", 2: "shield2"}
ATTACK_TUMBLE = tuple(f"dice/gears_attack_{f}.png" for f in ATTACK_FACES.values())
DEFENCE_TUMBLE = tuple(f"dice/gears_defence_{f}.png" for f in DEFENCE_FACES.values())


def gears_roll(title: str, attack: list[tuple[int, int]], defence: list[int]) -> DiceRoll:
    """attack: (hits, omen) per black die; defence: shields per red die."""
    dice = [ShownDie(f"dice/gears_attack_{ATTACK_FACES.get((min(hits, 2), omen), 'blank')}.png", ATTACK_TUMBLE, i * 3, i)
            for i, (hits, omen) in enumerate(attack)]
    dice += [ShownDie(f"dice/gears_defence_{DEFENCE_FACES.get(min(shields, 2), 'blank')}.png", DEFENCE_TUMBLE, j * 2, j + 7)
             for j, shields in enumerate(defence)]
    hits, shields, omens = sum(h for h, _o in attack), sum(defence), sum(o for _h, o in attack)
    # Each count with its own plural: Greek read "1 επιτυχίες" (1 hits) under a roll of one hit.
    summary = _("{hits}, {shields}, {omens}").format(
        hits=ngettext("{n} hit", "{n} hits", hits).format(n=hits),
        shields=ngettext("{n} shield", "{n} shields", shields).format(n=shields),
        omens=ngettext("{n} omen", "{n} omens", omens).format(n=omens))
    return DiceRoll(title, dice, summary)
