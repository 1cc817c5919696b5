"""The legal Doom actions sorted into what lights up on the table: squares (moves, teleports,
vents, respawns, spawn placements, knockbacks), attack targets, doors, invader figures to
activate, the invader's cards, and buttons for the rest. Every entry is an Action taken from
`legal_actions` as it is; nothing here makes one up.

What a click cannot do is explained by the rules' own sentence: `why_not` asks the engine's
refusal function (game/doom/rules/turn.refusal) about the action a click on that square or door
would have meant, without submitting anything.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.protocol import Action

Cell = tuple[int, int]

SQUARE_KINDS = ("move", "teleport", "vent", "respawn", "place", "knockback", "blow_through")
CARD_KINDS = ("discard", "spawn", "play")  # the invader's own phases: acted by clicking a card
INTERRUPTS = ("guard", "sentry")  # questions whose "use" options are attacks on a square


@dataclass
class Choices:
    decider: str | None
    squares: dict[Cell, list[Action]] = field(default_factory=dict)  # first: the one a click submits
    footprints: dict[Cell, list[Cell]] = field(default_factory=dict)  # the squares a move's figure ends on
    targets: dict[Cell, list[Action]] = field(default_factory=dict)  # attacks on a figure or barrel, per weapon
    blasts: dict[str, dict[Cell, Action]] = field(default_factory=dict)  # a Blast weapon at an empty square
    doors: dict[str, Action] = field(default_factory=dict)
    figures: dict[str, Action] = field(default_factory=dict)  # invader figures to activate
    cards: dict[str, list[Action]] = field(default_factory=dict)  # the invader's hand cards
    buttons: list[Action] = field(default_factory=list)
    question: str = ""  # a resolution's question (Guard? Aim? ...), the prompt line

    @property
    def spatial(self) -> bool:
        return bool(self.squares or self.targets or self.doors or self.figures)

    def all(self) -> list[Action]:
        """Every action sorted here (each legal action exactly once)."""
        out = [a for acts in self.squares.values() for a in acts]
        out += [a for acts in self.targets.values() for a in acts]
        out += [a for cells in self.blasts.values() for a in cells.values()]
        out += list(self.doors.values()) + list(self.figures.values())
        out += [a for acts in self.cards.values() for a in acts]
        return out + list(self.buttons)

    def clicked(self) -> list[Action]:
        """The actions one click (or a click and a weapon or card button) submits: on a square
        with several, the first (an invader's other orientations there are not offered)."""
        out = [acts[0] for acts in self.squares.values()]
        out += [a for acts in self.targets.values() for a in acts]
        out += [a for cells in self.blasts.values() for a in cells.values()]
        out += list(self.doors.values()) + list(self.figures.values())
        out += [a for acts in self.cards.values() for a in acts]
        return out + list(self.buttons)


def _cell(v) -> Cell:
    return int(v[0]), int(v[1])


def classify(state, decider: str | None, actions: list[Action]) -> Choices:
    ch = Choices(decider)
    occupied = set(state.figure_cells()) | {m.cell for m in state.markers if m.kind == "barrel"}
    if state.proc is not None:
        ch.question = str(state.proc["pending"].get("prompt", ""))
    for a in actions:
        pl = a.payload
        kind = a.kind
        if kind == "move" and pl.get("to") and isinstance(pl["to"][0], list):  # an invader's footprint
            cells = [_cell(c) for c in pl["to"]]
            ch.squares.setdefault(cells[0], []).append(a)
            ch.footprints.setdefault(cells[0], cells)
        elif kind in ("move", "teleport", "vent") and pl.get("to") is not None:
            ch.squares.setdefault(_cell(pl["to"]), []).append(a)
        elif kind == "respawn":
            ch.squares.setdefault(_cell(pl["cell"]), []).append(a)
        elif kind == "place" and pl.get("cells"):
            cells = [_cell(c) for c in pl["cells"]]
            ch.squares.setdefault(cells[0], []).append(a)
            ch.footprints.setdefault(cells[0], cells)
        elif kind in ("knockback", "blow_through") and pl.get("to") is not None:
            # A Blow-through walk: its next square lit; one action per die it may drop there.
            ch.squares.setdefault(_cell(pl["to"]), []).append(a)
        elif kind in INTERRUPTS and pl.get("use") and pl.get("target") is not None:
            ch.targets.setdefault(_cell(pl["target"]), []).append(a)  # a Guard or Sentry shot: lit like an attack
        elif kind == "attack" and pl.get("target") is not None:
            cell = _cell(pl["target"])
            if cell in occupied or not pl.get("weapon"):
                ch.targets.setdefault(cell, []).append(a)
            else:  # an empty square (Blast, spec 11 item 22): aimed through the weapon's button
                ch.blasts.setdefault(str(pl["weapon"]), {})[cell] = a
        elif kind == "door" and state.proc is None:
            ch.doors[str(pl["door"])] = a
        elif kind == "activate":
            ch.figures[str(pl["figure"])] = a
        elif kind in CARD_KINDS and state.proc is None and pl.get("card") in state.hand:
            ch.cards.setdefault(str(pl["card"]), []).append(a)
        else:
            ch.buttons.append(a)
    return ch


def why_not(state, decider: str | None, cell: Cell, door: str | None = None, weapon: str | None = None) -> str:
    """The rules' sentence for a click on `cell` (or on `door`; or aiming `weapon` at `cell`)
    that no legal action answers."""
    from game.doom.rules import queries as Q
    from game.doom.rules import turn as T

    if door is not None:
        return T.refusal(state, Action("door", {"door": door}))
    if weapon is not None:
        return T.refusal(state, Action("attack", {"weapon": weapon, "target": list(cell)}))
    figures = state.figure_cells()
    on = figures.get(cell)
    marine_turn = state.proc is None and state.phase == "marine" and not state.flags.get("interlude") \
        and not state.flags.get("window")
    if marine_turn:
        mar = state.active_marine()
        if on is not None and on in state.invaders or state.has_marker(cell, "barrel"):
            weapons = Q.marine_weapons(state, mar) if mar.cell is not None else []
            # Asked with a weapon that shoots, when the marine has one: the Fist, first in the
            # list, said a Zombie in the corridor was out of its reach, where every gun of his
            # had no line of sight to it.
            weapon = next((w for w in weapons if not Q.profile(state, mar.id, w).melee), weapons[0] if weapons else "pistol")
            return T.refusal(state, Action("attack", {"weapon": weapon, "target": list(cell)}))
        if mar.cell is None:
            return T.refusal(state, Action("respawn", {"cell": list(cell)}))
        return T.refusal(state, Action("move", {"to": list(cell)}))
    if state.proc is None and state.act is not None:
        if on is not None and on in state.marines or state.has_marker(cell, "barrel"):
            return T.refusal(state, Action("attack", {"target": list(cell)}))
        return T.refusal(state, Action("move", {"to": [list(cell)]}))
    if on is not None and on in state.invaders:
        return T.refusal(state, Action("activate", {"figure": on}))
    return T.refusal(state, Action("move", {"to": list(cell)}))
