"""Mission audit against the rulebooks (spec 9; base rulebook p. 26-29, MP1 'Mission' pages):
each test names the mission, the stage card and the seed page or spec section it checks, and
failed before its fix."""
from __future__ import annotations

import pytest

from game.gears.rules import missions as M
from game.gears.rules import turn as T
from game.gears.rules.procedures import Ctx, NeedDecision
from game.gears.rules.spawning import md
from game.gears.rules.title import GearsTitle


@pytest.fixture(scope="module")
def real():
    return GearsTitle()


def start(real, mission: str, players: int = 1, seed: int = 5, **options):
    """A game past setup (setup decisions answered with their first option), P1 to act."""
    s = real.new_game(mission, seed, dict(options, players=players))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    s.active = 0
    s.pending = {"stack": []}
    T.push(s, {"f": "order", "player": s.players[0]})
    return s


def resolve(s, fn, *args):
    """Runs fn(ctx, *args) answering every question with its first option; the events."""
    snap = s.to_json()
    answers: list = []
    while True:
        s.restore(snap)
        ctx = Ctx(s, answers)
        try:
            fn(ctx, *args)
            return ctx.events
        except NeedDecision as need:
            answers.append(need.options[0])


# ----------------------------------------------------------------------------- Horde Mode


def test_horde_wave_turns_used_grenade_cards_face_up_again_base_p29_spec_9_2_7(real, content):
    """Base p. 29 (Horde Mode, 'Lőszer és gránát felvétel'): 'A Lőszer és Gránát Helyszín
    kártyákat nem kell eldobni használatuk után. Ehelyett fordítsuk le a Helyszín kártyát, és
    csak a szakasz céljának teljesítése után fordítsuk vissza.' Both the Ammunition and the
    Grenade cards go face down when used and face up again when the wave's objective is met;
    the seed wins over the spec's 'turn the Ammunition Location cards face up'."""
    s = start(real, "horde_mode", difficulty="casual")
    tile = next(t for t, e in s.equipment.items() if e == "grenades")  # 12A
    c = s.cogs["P1"]
    c.area = s.view().equipment_area[tile]
    before = c.grenades
    resolve(s, lambda ctx: T.equipment_proc(ctx, "P1", {}))
    assert s.cogs["P1"].grenades == before + 1
    assert tile not in s.equipment and md(s)["face_down"][tile] == "grenades"
    s.locusts.clear()
    resolve(s, M.check_stage, content)
    assert s.stage == 1
    assert s.equipment.get(tile) == "grenades"
