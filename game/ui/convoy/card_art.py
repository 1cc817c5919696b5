"""A Neuroshima Convoy card's picture (kit/card_art.py): the motifs of what it does, in order.

Read from the steps the rules run (game/convoy/data/cards.toml's `effect` and `passive`), so a
card shows what the rules resolve: a Hunter a skull (it kills a unit here), a Sniper a skull
with the printed strength it reaches ('≤3'), a Lieutenant its team and '+1', an Annihilator a
battle station with '−1'. The card's own emblem (cards.py: the Robot's silhouette, the
Soldier's insignia) stays behind them, faint: the type and the card at a glance, the motifs
what it does. Strength, timing and type keep their corners of Convoy's face."""
from __future__ import annotations

from game.ui.kit.card_art import Motif

LIMIT = 3  # the kit draws at most three marks


def _signed(n: int) -> str:
    """A change as the card prints it: +2, −1 (a minus sign, not a hyphen)."""
    return f"{n:+d}".replace("-", "\u2212")


def step_motifs(step) -> list[Motif]:
    """The marks of one rules step (content.Step), [] for one a picture need not show."""
    op = step.op
    if op == "kill":
        reach = f"\u2264{step.max_printed}" if step.max_printed >= 0 else ""
        return [("skull", reach)] + ([("building", "")] if step.kinds == "building" else [])
    if op in ("strength", "token"):
        amount = step.amount if op == "strength" else step.value
        team = [("team", "")] if step.applies == "other_own_units" else []
        there = [("building", "")] if step.when == "enemy_building_here" else []
        return team + [("strength", _signed(amount))] + there
    if op == "side_strength":
        return [("shield", _signed(step.amount))]
    if op == "move":
        return [("move", "")]
    if op == "block_moves":
        return [("no_move", "")]
    if op == "immovable":
        return [("anchor", "")]
    if op in ("no_bonus", "strip_tokens"):
        return [("no_bonus", "")]
    if op == "return_hand":  # a unit destroyed comes back: healed; else back to the hand
        return [("heal", "")] if step.where == "destroyed" else [("back", "")]
    if op == "recover":  # Soldiers come back healed; Robots are rebuilt from scrap
        return [("heal", "")] if tuple(step.types) == ("soldier",) else [("again", "")]
    if op == "draw":
        return [("draw", str(step.n) if step.n > 1 else "")]
    if op == "mill":
        return [("discard", str(step.n) if step.n > 1 else "")]
    if op == "random_discard":
        return [("discard", ""), ("die", "")]
    if op == "discard_equipment":
        return [("discard", ""), ("equipment", "")]
    if op == "capture":
        return [("pull", ""), ("equipment", "")]
    if op == "disable":  # the EMP Attack's 'emp' step only marks the turn: its disable shows
        return [("bolt", "")]
    if op == "stations":
        return [("station", _signed(step.amount))]
    if op == "no_station":
        return [("no_station", "")]
    if op == "wins_ties":
        return [("tie", "")]
    if op == "protected":
        return [("shield", "")]
    if op == "shift_target":
        return [("attack", ""), ("move", "")]
    if op == "extra_sector":
        return [("sector", "+1")]
    return []


def card_motifs(content, card_id: str) -> tuple[Motif, ...]:
    """The card's picture: () for a card the content does not know. The same mark twice in a
    row is shown once with its count (the Recycler's two cards back under the deck: '2')."""
    card = content.cards.get(card_id.split("#")[0])
    if card is None:
        return ()
    seen: list[Motif] = []
    for step in card.passive + card.effect:
        for kind, label in step_motifs(step):
            if seen and seen[-1][0] == kind and not label and (not seen[-1][1] or seen[-1][1].isdigit()):
                seen[-1] = (kind, str(int(seen[-1][1] or "1") + 1))
            else:
                seen.append((kind, label))
    if not seen and card.type == "equipment" and card.strength:  # Power Core: only its bonus
        seen.append(("strength", _signed(card.strength)))
    return tuple(seen[:LIMIT])
