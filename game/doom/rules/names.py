"""Plain words for log lines and decision options (never an id or a payload on screen)."""
from __future__ import annotations

from typing import Any

from game.doom.rules.state import INVADER, DoomState


def sq(c) -> str:
    return f"{c[0]},{c[1]}"


def who(state: DoomState, fig: str) -> str:
    """'Red' for a marine, 'Zombie 2' for an invader figure, 'the invader' for the player."""
    if fig == INVADER:
        return "the invader"
    if fig in state.marines:
        return fig.capitalize()
    content = state.content
    if _INVADER_NAMES[0] is not content:
        _INVADER_NAMES[:] = [content, {}]
    names = _INVADER_NAMES[1]
    got = names.get(fig)
    if got is None:
        monster, _, n = fig.partition("#")
        name = content.monsters[monster].name if monster in content.monsters else monster
        got = names[fig] = f"{name} {n}"
    return got


# An invader id names its monster and number ("imp#3"): with the same content its words never
# change, so they are kept per content (the listings ask for them thousands of times).
_INVADER_NAMES: list = [None, {}]


def weapon_name(state: DoomState, weapon: str | None) -> str:
    if weapon is None:
        return "its attack"
    return state.content.weapons[weapon].name


def card_name(state: DoomState, card: str) -> str:
    return state.content.invader_card(card).name


def dice_words(faces: list[list[Any]]) -> str:
    """[[die, face name], ...] -> 'yellow r2 d2, green r3 d1'."""
    return ", ".join(f"{d} {f}" for d, f in faces)


def option_words(state: DoomState, kind: str, o: dict[str, Any]) -> str:
    if kind in ("guard", "sentry"):
        if not o.get("use"):
            return "Let it pass"
        w = o.get("weapon")
        return f"Attack {sq(o['target'])}" + (f" with the {weapon_name(state, w)}" if w else "")
    if kind == "aim":
        return "Make an aimed attack" if o.get("aim") else "Attack without aiming"
    if kind == "heal":
        return "Heal 1 health now" if o.get("heal") else "Do not heal"
    if kind in ("hellfire", "dud", "trap"):
        return f"Play {card_name(state, o['card'])}" if o.get("card") else "Do not play it"
    if kind == "dark_energies":
        return f"Play Dark Energies on {who(state, o['figure'])}" if o.get("card") else "Do not play it"
    if kind == "heal_now":
        return "Not now" if o.get("target") is None else f"Heal {who(state, o['target'])} by 1"
    if kind == "dodge_card":
        return f"Play {card_name(state, o['card'])}" if o.get("card") else "Do not play a Dodge card"
    if kind == "reroll":
        dice = o.get("dice", [])
        return "Reroll nothing" if not dice else "Reroll die " + ", ".join(str(i + 1) for i in dice) \
            if len(dice) == 1 else "Reroll dice " + ", ".join(str(i + 1) for i in dice)
    if kind == "recycle":
        return "Lose it" if o.get("figure") is None else f"Take {who(state, o['figure'])} off the board"
    if kind == "trap_spawn":
        return f"Bring in a {state.content.monsters[o['monster']].name}"
    if kind == "place":
        return "Place on " + " + ".join(sq(c) for c in o["cells"])
    if kind == "knockback":
        return "Leave it where it is" if o.get("to") is None else f"Knock it to {sq(o['to'])}"
    if kind == "blow_through":
        return "Stop the attack here" if o.get("to") is None else \
            f"Walk on to {sq(o['to'])}, dropping a {o['drop']} die"
    return "Choose this"  # every question above has its words; never show a payload
