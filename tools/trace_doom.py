"""Print one bot-played Doom game decision by decision, with every bot's reason (a game is its
seed and its action list, so a trace reproduces exactly with the same arguments).

    python tools/trace_doom.py [--scenario knee_deep] [--seed 1] [--marines 2] [--bot marine|greedy|random]
        [--max-actions 3000] [--rounds 3-5] [--difficulty recruit|veteran|nightmare]

Each decision prints as `[index] decider: action  -- reason`, followed by the log lines it caused
(the invader's secret draws included: this is a table-side view). The end prints the outcome.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.doom.bots import GreedyBot, RandomBot  # noqa: E402
from game.doom.content import shared_content  # noqa: E402
from game.doom.marine_bot import MarineBot  # noqa: E402
from game.doom.simulation import BySide  # noqa: E402
from game.doom.rules.title import DoomTitle  # noqa: E402
from game.engine.session import Session  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--scenario", default="knee_deep", choices=sorted(shared_content().scenarios))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--marines", type=int, default=2, choices=(1, 2, 3))
    p.add_argument("--bot", default="marine", choices=("marine", "greedy", "random"),
                   help="marine: MarineBot marines against GreedyBot; greedy or random: that bot in every seat")
    p.add_argument("--max-actions", type=int, default=3000)
    p.add_argument("--rounds", default="", help="only print these rounds, e.g. 3-5")
    p.add_argument("--difficulty", choices=("recruit", "veteran", "nightmare"),
                   help="the automated invader (game/doom/invader_ai.py) at this level instead of GreedyBot")
    args = p.parse_args(argv)
    lo, _, hi = args.rounds.partition("-")
    first, last = (int(lo), int(hi or lo)) if lo else (1, 10 ** 9)
    if args.bot == "marine":
        bot = BySide(MarineBot(args.seed), GreedyBot())
    else:
        bot = GreedyBot() if args.bot == "greedy" else RandomBot(args.seed)
    if args.difficulty:
        from game.doom.invader_ai import InvaderAI

        marines = bot.marine_bot if isinstance(bot, BySide) else bot
        bot = BySide(marines, InvaderAI(args.difficulty, args.seed))
    session = Session.start(DoomTitle(), args.scenario, seed=args.seed, options={"marines": args.marines})
    for i in range(args.max_actions):
        if session.is_over():
            break
        state = session.state
        choice = bot.decide(state, session.legal_actions())
        show = first <= state.round <= last
        if show:
            print(f"[{i}] round {state.round} {session.decider}: {choice.action.text or choice.action.kind}"
                  f"  -- {choice.reason}")
        events = session.apply(choice.action)
        if show:
            for e in events:
                print(f"      {e.text}")
    st = session.state
    print(f"outcome: {st.outcome or 'unfinished'} after {len(session.actions)} actions, round {st.round}, "
          f"{st.frags} frags, areas revealed: {', '.join(st.revealed)}")


if __name__ == "__main__":
    main()
