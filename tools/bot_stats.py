"""How the Gears squad bot plays (prints numbers, asserts nothing): per mission and player count,
wins, mean turns, the COGs' mean areas moved per COG turn, Guard and Dodge uses per game,
the furthest stage reached, the games that reached Stage 2 (st2+), and games that ended unfinished.

    .venv/bin/python tools/bot_stats.py [--games N] [--seed S] [--players 1,2,4] [--mission M|all]
                                        [--bot squad|cautious|random] [--max-actions N] [--jobs N]

It drives whole games through game.engine.Session as `simulate` does and reads only the
events the rules emitted: a COG's `move` and `follow` events count as areas moved, a `guard`
or `dodge` event as a reaction used. A COG turn is one turn of the active player. `--jobs N`
plays the games in N processes (the same games and numbers; only the wall time changes).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402


def play(title, bot_factory, mission: str, seed: int, players: int, max_actions: int) -> dict:
    session = Session.start(title, mission, seed, {"players": players})
    bots: dict = {}
    moved = guards = dodges = 0
    while session.decider is not None and len(session.actions) < max_actions:
        d = session.decider
        bot = bots.get(d) or bots.setdefault(d, bot_factory(seed * 8 + len(bots)))
        for e in session.apply(bot.decide(session.state, session.legal_actions()).action):
            if e.kind in ("move", "follow") and "player" in e.payload and "area" in e.payload:
                moved += 1
            elif e.kind == "guard":
                guards += 1
            elif e.kind == "dodge":
                dodges += 1
    s = session.state
    turns = title.turn_number(s)
    return {"won": s.outcome == "won", "unfinished": session.decider is not None, "turns": turns,
            "moved": moved, "cog_turns": max(1, turns), "guards": guards, "dodges": dodges,
            "stage": s.stage + 1}


def _play_task(task: tuple) -> dict:
    """One game, here or in a forked worker (`--jobs`), which inherits the title `main` built."""
    bot, mission, seed, players, max_actions = task
    from game.gears.bots import CogBot, RandomBot, SquadBot

    factory = {"squad": SquadBot, "cautious": CogBot, "random": RandomBot}[bot]
    return play(_TITLE, factory, mission, seed, players, max_actions)


_TITLE = None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--players", default="1,2,4")
    ap.add_argument("--mission", default="all")
    ap.add_argument("--bot", default="squad", choices=("squad", "cautious", "random"))
    ap.add_argument("--max-actions", type=int, default=5000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    tune_gc()
    from game.gears.rules.missions import unsupported
    from game.gears.rules.title import GearsTitle

    global _TITLE
    title = _TITLE = GearsTitle()
    missions = [m for m in title.content.missions if not unsupported(title.content, m)] \
        if args.mission == "all" else [args.mission]
    total = {"games": 0, "won": 0, "moved": 0, "cog_turns": 0, "guards": 0, "turns": 0}
    print(f"{'mission':<24} {'P':>2} {'games':>5} {'won':>4} {'turns':>6} {'areas/turn':>10} "
          f"{'guard/g':>8} {'dodge/g':>8} {'stage':>6} {'st2+':>5} {'unfin':>5}")
    pool = None
    if args.jobs > 1:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(args.jobs)
    for mission in missions:
        lo, hi = title.content.missions[mission].players
        for p in (int(x) for x in args.players.split(",")):
            if not lo <= p <= hi:
                continue
            tasks = [(args.bot, mission, args.seed + g, p, args.max_actions) for g in range(args.games)]
            rs = pool.map(_play_task, tasks) if pool is not None else [_play_task(t) for t in tasks]
            n = len(rs)
            won = sum(r["won"] for r in rs)
            moved = sum(r["moved"] for r in rs)
            cturns = sum(r["cog_turns"] for r in rs)
            print(f"{mission:<24} {p:>2} {n:>5} {won:>4} {sum(r['turns'] for r in rs) / n:>6.1f} "
                  f"{moved / cturns:>10.2f} {sum(r['guards'] for r in rs) / n:>8.2f} "
                  f"{sum(r['dodges'] for r in rs) / n:>8.2f} {max(r['stage'] for r in rs):>6} "
                  f"{sum(r['stage'] >= 2 or r['won'] for r in rs):>5} "
                  f"{sum(r['unfinished'] for r in rs):>5}", flush=True)
            total["games"] += n
            total["won"] += won
            total["moved"] += moved
            total["cog_turns"] += cturns
            total["guards"] += sum(r["guards"] for r in rs)
            total["turns"] += sum(r["turns"] for r in rs)
    g = max(1, total["games"])
    print(f"{'all':<24} {'':>2} {total['games']:>5} {total['won']:>4} {total['turns'] / g:>6.1f} "
          f"{total['moved'] / max(1, total['cog_turns']):>10.2f} {total['guards'] / g:>8.2f}")
    if pool is not None:
        pool.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
