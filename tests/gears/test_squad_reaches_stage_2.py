"""Issue 20, must hold: the default bot plays each mission and the squad reaches the mission's
second stage (its first stage card flipped, spec 9.1) in a majority of fixed-seed games at 2
players. Each game stops once Stage 2 is reached (or the game ends), so the test stays fast."""
from __future__ import annotations

import pytest

from game.engine.session import Session
from game.gears.bots import SquadBot
from game.gears.rules import procedures as P
from game.gears.rules.missions import unsupported
from game.gears.rules.title import GearsTitle
from game.gears.simulation import GearsSimulator

# Five seeds, not three: with three a single unlucky game decided a mission (Horde Mode reached
# its second wave with seeds 2, 3 and 5 of 1-5, with 3 only of 1-3).
SEEDS = (1, 2, 3, 4, 5)
PLAYERS = 2
_TITLE = GearsTitle()
# The Showdown has its own nine seeds, fixed before they were played (fifth pass, issue 20):
# its Stage 1 needs the Feral Berserker dead (MP1 2/7/5, seed-verified stats; only Scorchers,
# which start with no ammo, and Bolo Grenades wound it unwounded), and it reaches Stage 2 in
# about half of all games at 2 players (53 of 100 at seeds 1000-1099 with the fifth pass's
# bot, 54 with the fourth's; game/gears/data/BALANCE.md), so five seeds would let one game
# decide. Seeds 1-9 with the fifth pass's bot: Stage 2 in 7 (1, 2, 4, 6, 7, 8, 9).
# Since sight stops at the seams between tiles (spec 3.2, GEARS.md "Seams") the games of every
# mission changed: The Showdown reached Stage 2 with seeds 4, 7, 9 of 1-9 and Search for the
# Stranded with 1, 2 of 1-5, while at 100 games their rates stayed (The Showdown 57 -> 55,
# Search for the Stranded 78 -> 73 of 100 at seeds 1000-1099; BALANCE.md "Rules fix: sight
# across unconnected tile seams"). A handful of seeds decides nothing at a rate near a half, so
# these two play the 100 seeds the balance is measured on (this test's bots are bot_stats'):
# the majority asserted is the rate BALANCE.md records. Horde Mode joined them when the rules
# revisions (state.RULES_REVISION: ties no longer asked when the answer changes nothing) moved
# every game: with revision 1 alone it reached its second wave with seeds 1 and 3 of 1-5, while
# on the balance seeds it does so in 67 of 100 (revision 3; 65 in the seventeenth pass).
SEEDS_OF = {m: tuple(range(1000, 1100)) for m in ("the_showdown", "search_for_the_stranded", "horde_mode")}
MISSIONS = [m for m in _TITLE.content.missions if not unsupported(_TITLE.content, m)]


def _reaches_stage_2(mission: str, seed: int) -> bool:
    session = Session.start(_TITLE, mission, seed, {"players": PLAYERS})
    bots: dict = {}
    try:
        while session.decider is not None and len(session.actions) < 20_000:
            s = session.state
            if s.stage >= 1 or s.outcome == "won":
                return True
            d = session.decider
            bot = bots.get(d) or bots.setdefault(d, SquadBot(seed * 8 + len(bots)))
            session.apply(bot.decide(s, session.legal_actions()).action)
        return session.state.stage >= 1 or session.state.outcome == "won"
    finally:
        P.release(session.state)


def test_the_default_bot_is_the_squad_bot():
    assert GearsSimulator.bots[0] == "squad"


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_squad_reaches_stage_2_in_most_games(mission):
    seeds = SEEDS_OF.get(mission, SEEDS)
    reached = [seed for seed in seeds if _reaches_stage_2(mission, seed)]
    assert len(reached) * 2 > len(seeds), f"{mission}: Stage 2 reached only with seeds {reached} of {seeds}"
