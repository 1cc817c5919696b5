"""A Doom invader card's picture (kit/card_art.py): a spawn card shows the monsters it brings
(their own tokens, with how many), an event card the mark of its effect."""
from __future__ import annotations

from game.ui.kit.card_art import OR, Motif

# An event card's effect (invader_cards.toml) -> its mark and number.
EVENTS: dict[str, Motif] = {
    "reroll": ("die", ""), "remove_wound": ("heal", ""), "activate_two": ("bolt", "2"),
    "destroy_door": ("broken_door", ""), "attack_fails": ("dud", ""), "marine_range_minus": ("dark", ""),
    "ambush": ("eye", ""), "activate_twice": ("bolt", "\u00d72"), "extra_spawn": ("portal", ""),
    "close_doors": ("door", ""), "type_speed": ("move", ""), "deadly": ("skull", ""),
}


def card_motifs(content, card: str) -> tuple[Motif, ...]:
    """The card's picture: () for a card the content does not know."""
    try:
        spec = content.invader_card(card)
    except KeyError:
        return ()
    if spec.kind == "spawn":  # the halves are alternatives: 'Demon or Imp-Zombie'
        seen: list[Motif] = []
        for i, half in enumerate(spec.halves):
            if i:
                seen.append((OR, ""))
            for g in half:
                seen.append((f"image:tokens/{g.monster}.png", str(g.count) if g.count > 1 else ""))
        return tuple(seen)
    motif = EVENTS.get(spec.effect)
    return (motif,) if motif else ()
