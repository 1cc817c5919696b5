"""A Level 7 card's picture (kit/card_art.py): the motifs of what its effects do, in order.

An adrenaline card shows its top half's bonus first (the attribute's mark with "+N"), then its
ability; an item or a skill its effects; a key the door it opens. Read from the effect records
of the content (game/level7/content.py), so a card shows what the rules resolve."""
from __future__ import annotations

from game.ui.kit.card_art import Motif

# An attribute's mark: Strength a fist, Intelligence a bulb, Speed a move arrow, Toughness a shield.
ATTRIBUTES = {"strength": "strength", "intelligence": "intelligence", "speed": "move", "toughness": "shield"}

# An effect record's class -> its mark, and the field whose number goes beside it ("" none).
EFFECTS: dict[str, tuple[str, str]] = {
    "Reroll": ("die", "dice"), "Draw": ("draw", "cards"), "FearShift": ("warning", "steps"),
    "GainThreat": ("warning", "amount"), "Stun": ("bolt", ""), "Unseen": ("unseen", ""),
    "UnlockDoor": ("door", ""), "RedrawEvent": ("again", ""), "MoveEnemy": ("pull", ""),
    "LeaveTile": ("move", ""), "IgnoreThreat": ("shield", ""), "HelpRange": ("team", "distance"),
    "DenyAttackBonus": ("dud", ""), "CarryLimit": ("equipment", ""), "CancelFear": ("heal", "amount"),
    "CancelAttack": ("shield", ""),
}


def _signed(n: int) -> str:
    """A bonus as the card prints it: +2, −1 (a minus sign, not a hyphen)."""
    return f"{n:+d}".replace("-", "\u2212")


def effect_motif(effect) -> Motif | None:
    name = type(effect).__name__
    if name == "Bonus":
        kind = ATTRIBUTES.get(effect.attribute)
        return (kind, _signed(effect.amount)) if kind else None
    if name == "IgnoreFear":  # no Fear from the dark (a torch), or from another cause
        return ("dark" if effect.cause == "darkness" else "shield", "")
    kind, field = EFFECTS.get(name, ("", ""))
    if not kind:
        return None
    value = getattr(effect, field, 0) if field else 0
    return kind, (str(value) if isinstance(value, int) and value > 1 else "")


def card_motifs(content, card_id: str) -> tuple[Motif, ...]:
    """The card's picture: () for a card the content does not know."""
    kind = card_id.split("#")[0]
    rec = content.adrenaline.get(kind)
    if rec is not None:
        top = [(ATTRIBUTES[a], _signed(n)) for a, n in rec.bonus.items() if a in ATTRIBUTES]
        return tuple(top[:1] + [m for m in map(effect_motif, rec.ability) if m])[:3]
    if kind in content.keys:
        return (("door", ""),)
    for table in (content.items, content.skills):
        rec = table.get(kind)
        if rec is not None:
            return tuple(m for m in map(effect_motif, rec.effects) if m)[:3]
    return ()
