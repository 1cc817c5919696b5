"""Enemy activation as scenarios (level7-escape.md 7.1, 7.3-7.5, 7.7, 7.8; seed p. 13-15), on maps
of real tiles (tests/level7/enemy_maps.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from game.level7.content import shared_content
from game.level7.rules.enemies import Activation, Character, Figure, Situation, activate, tile_limits
from game.level7.rules.enemy_order import box_kinds, box_queue, skip_reason
from tests.level7.enemy_maps import build

C = shared_content()
LIMITS = tile_limits({"security_number": 2, "pack_limit": 2, "hybrid_limit": 1})


def sit(tmap, figures, characters, active, **kw) -> Situation:
    return Situation(tmap, tuple(figures), tuple(characters), active, kw.pop("limits", LIMITS), **kw)


def apply(s: Situation, act: Activation) -> Situation:
    """What the engine does with an activation (the parts the enemy tests need)."""
    figs = []
    for f in s.figures:
        if f.id == act.figure and act.stop:
            f = replace(f, tile=act.stop)
        if f.id == act.figure and act.kind == "recover":
            f = replace(f, stunned=False)
        if f.id in act.helpers:
            f = replace(f, helped=True)
        figs.append(f)
    return s.with_figures(tuple(figs))


def only(options: tuple[Activation, ...]) -> Activation:
    assert len(options) == 1, [o.text for o in options]
    return options[0]


# --- 7.8: the seed's worked example (p. 14) -----------------------------------------------------

def worked_example_map():
    #  S  C  G4 L        Shona, Cody; guard 4; Leo with guards 2 and 3
    #  M
    #  G1                guard 1
    return build({"S": ("T03", (0, 0)), "C": ("T40", (1, 0)), "G4": ("T42", (2, 0)), "L": ("T19", (3, 0)),
                  "M": ("T11", (0, 1)), "G1": ("T04", (0, 2))},
                 doors="S-C C-G4 G4-L S-M M-G1")


def test_7_8_worked_example_four_guards_shona_and_cody():
    """Seed p. 14: a game started by 4 players, Jack has escaped; Shona draws a card whose 4-player
    box shows guards. Guard 1 moves 1 toward Shona (highest Threat); guard 2 attacks with 3 dice +1
    for guard 3 on its tile; guard 3 does not activate, it helped; guard 4 moves 1 toward Shona,
    onto Cody's tile."""
    tmap = worked_example_map()
    card = next(e for e in C.events.values() if e.box(4) == "G" and e.box(3) != "G")
    s = sit(tmap, [Figure("guard", n, t) for n, t in ((1, "G1"), (2, "L"), (3, "L"), (4, "G4"))],
            [Character("Shona", "S", 3, 4, 1), Character("Leo", "L", 3, 1, 1), Character("Cody", "C", 3, 2, 1)],
            "Shona")
    kinds = box_kinds(C, card, starting_players=4)
    assert kinds == ("guard",)
    queue = box_queue(s, kinds)
    assert queue == ("guard1", "guard2", "guard3", "guard4")
    done = []
    for fid in queue:
        if skip_reason(s, fid):
            done.append((fid, "skip", None))
            continue
        act = only(activate(s, fid))
        done.append((fid, act.kind, act))
        s = apply(s, act)
    g1, g2, g3, g4 = done
    assert g1[1] == "move" and g1[2].stop == "M" and g1[2].target.target.name == "Shona"
    assert g2[1] == "attack" and g2[2].attack.target == "Leo" and g2[2].attack.dice == 4
    assert g2[2].attack.helpers == ("guard3",)
    assert g3[1] == "skip"
    assert g4[1] == "move" and g4[2].stop == "C" and g4[2].target.target.name == "Shona"
    assert s.figure("guard4").tile == "C"  # onto Cody's tile


# --- 7.4: targeting ------------------------------------------------------------------------------

def test_7_4_adjacent_leo_beats_cody_two_tiles_away():
    """Seed p. 14 (figure): Leo has Threat 2 and stands next to the guard, so he counts 3; Cody has
    Threat 3 two tiles away. Equal values go to the closer: the guard moves toward Leo."""
    tmap = build({"G": ("T40", (1, 0)), "L": ("T04", (0, 0)), "X": ("T42", (2, 0)), "CO": ("T19", (3, 0))},
                 doors="L-G G-X X-CO")
    s = sit(tmap, [Figure("guard", 1, "G")],
            [Character("Cody", "CO", 3, 3, 1), Character("Leo", "L", 3, 2, 1)], "Cody")
    act = only(activate(s, "guard1"))
    assert act.kind == "move" and act.stop == "L"
    choice = act.target
    assert (choice.target.name, choice.target.score, choice.target.bonus) == ("Leo", 3, 1)
    assert (choice.runner_up.name, choice.runner_up.score, choice.runner_up.distance) == ("Cody", 3, 2)
    assert choice.tie == "distance"
    assert "Leo: Threat 2 (+1 adjacent) at 1 move" in act.text and "Cody's Threat 3 at 2 moves" in act.text
