"""Which enemies activate, in what order (level7-escape.md 7.3, 7.6, 7.7, 11 #15, #23; seed p. 13, 15).

The event card's activation box for the game's **starting** player count names a pattern of
rules.toml [activation] (guards; clones; guards then clones; clones then guards), each kind in
ascending number. Hybrids follow from the turn after the first hybrid appeared: one die is rolled
and each hybrid activates once per symbol on its face, one hybrid at a time in icon order
(Intelligence, Strength, Speed). Dr. Cronos activates by scenario rules the seed lacks; his
PLACEHOLDER rule (spec 8.2) is once after the hybrids (`cronos_queue`, for a scenario that places
him). Who a failed challenge activates (7.7, 11 #15, #17) is the challenge's outcome:
`challenge.activation_order` decides it.

A queue is computed once, before the first activation; the engine asks `skip_reason` before each
one, since an attack may remove a figure or make it a helper (activated for the rest of the turn).
"""
from __future__ import annotations

from typing import Iterable

from game.engine.dice import Face, roll_all
from game.engine.rng import Rng
from game.engine.text import M, Msg
from game.i18n import N_
from game.level7.content import EventCard, Level7Content
from game.level7.rules import names as N
from game.level7.rules.enemy_view import Situation
from game.level7.rules.spawning import SPAWN_TOKEN

DIE = "level7"
# why Dr. Cronos activates, for the log (spec 7.3, 8.2)
CRONOS_RULE = N_("{name} activates once, after the box's enemies and the hybrids (spec 8.2 PLACEHOLDER: his own "
               "activation rules are in the scenario booklet, which the seed lacks)")


def box_kinds(content: Level7Content, card: EventCard, starting_players: int) -> tuple[str, ...]:
    """The enemy kinds the card's box activates, in order, for the starting player count (7.3:
    players who escaped or died do not change which box is read)."""
    return content.activations[card.box(starting_players)].order


def _ordered(sit: Situation, kinds: Iterable[str]) -> list[str]:
    out = []
    for kind in kinds:
        out += [f.id for f in sorted(sit.figures, key=lambda f: f.number) if f.kind == kind]
    return out


def box_queue(sit: Situation, kinds: Iterable[str]) -> tuple[str, ...]:
    """Every figure of the box's kinds on the map, kind by kind, ascending (seed p. 13). Stunned
    figures are in it: their activation is the recovery check (7.5)."""
    return tuple(_ordered(sit, kinds))


def hybrids_due(first_hybrid_turn: int | None, turn: int) -> bool:
    """Whether this turn's event rolls for hybrids: from the turn after the first hybrid appeared
    (seed p. 13). Turns are counted as the engine counts players' turns."""
    return first_hybrid_turn is not None and turn > first_hybrid_turn


def roll_hybrid_die(content: Level7Content, rng: Rng) -> Face:
    """The active player's hybrid activation roll (rules.toml `hybrid_activation_dice`: 1 die)."""
    die = content.dice[DIE]
    (face,) = roll_all([die] * content.number("hybrid_activation_dice"), rng)
    return face


def symbols(face: Face) -> int:
    """Symbols on a face: a double icon is 2, a blank 0 (seed p. 13)."""
    return sum(n for _, n in face.symbols)


def hybrid_queue(sit: Situation, face: Face, own_icon: bool = False) -> tuple[str, ...]:
    """Each hybrid on the map, as many times as the face has symbols, one hybrid at a time in icon
    order (a hybrid's number is its place in the icon order, enemy_view.Figure). `own_icon`: spec
    11 #23's option, a hybrid activating once per symbol of its own icon only."""
    icons = sit.enemy("hybrid").icons
    out = []
    for fid in _ordered(sit, ("hybrid",)):
        times = face[icons[sit.figure(fid).number - 1]] if own_icon else symbols(face)
        out += [fid] * times
    return tuple(out)


def cronos_queue(sit: Situation) -> tuple[str, ...]:
    """Dr. Cronos once, when on the map, stunned or not (his activation is then the recovery
    check, 7.5) (spec 8.2 PLACEHOLDER: after the hybrids; `CRONOS_RULE` says so in the log)."""
    return tuple(_ordered(sit, ("cronos",)))


def skip_reason(sit: Situation, figure_id: str) -> Msg | str:
    """Why a queued figure does not activate now ('' when it does): removed from the map since the
    queue was made, or it lent its die to an attack and counts as activated (seed p. 14)."""
    if figure_id not in {f.id for f in sit.figures}:
        return M("{enemy} is no longer on the map", enemy=figure_id)
    if sit.figure(figure_id).helped:
        return M("{enemy} added its die to an attack this turn and counts as activated (seed p. 14)",
                 enemy=N.foe(sit, figure_id))
    return ""


def spawning_tokens(kinds: Iterable[str]) -> tuple[str, ...]:
    """The tokens whose tiles spawn after the activations (7.6): clone nests when the box called
    for clones, guard posts when it called for guards, whether or not any figure acted."""
    return tuple(SPAWN_TOKEN[k] for k in kinds if k in SPAWN_TOKEN)
