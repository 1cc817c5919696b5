"""Print one bot-played Gears game turn by turn, with every bot's reason (spec 12.3: a game is
its seed and its action list, so a trace reproduces exactly with the same arguments).

    python tools/trace_game.py --mission emergence --seed 1 --players 2 [--bot squad|cautious|random]
        [--max-actions 3000] [--quiet] [--turns 3-7]

For each turn it prints a status block (each COG's area, cover, cards = health, weapons,
grenades; each Locust's area, cover and health), then every decision as
`[action index] decider: action  -- reason`, followed by the events it caused. At the end it
prints the outcome and a tally: wounds each COG took per source, Locusts spawned and killed,
AI cards drawn, attacks made. `--quiet` prints only the tally; `--turns A-B` limits the
turn-by-turn part to those turns (the tally always covers the whole game).

The seed of each seat's bot is the same as in `python -m game simulate` (seed * 8 + seat
order), so a simulated loss can be read here with the same mission, seed and player count.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.session import Session  # noqa: E402


def status(state: Any, content: Any) -> list[str]:
    """One line per COG and Locust: where they are and how healthy."""
    from game.gears.rules import wounds as W

    lines = []
    for p, c in state.cogs.items():
        weapons = ", ".join(f"{w}:{n}" for w, n in c.weapons)
        lines.append(f"    {p} {c.character:<18} {c.area:<10} cover={c.cover or '-':<14} "
                     f"cards={len(c.hand)}{' BLEEDING' if c.bleeding else ''}  [{weapons}] bolo={c.grenades}")
    for lid, x in sorted(state.locusts.items()):
        full = W.enemy_stats(state, content, x.enemy).health
        hp = x.wounded_health if x.wounded_health is not None else full
        lines.append(f"    {lid:<12} {x.enemy:<14} {x.area:<10} cover={x.cover or '-':<14} health={hp}/{full}")
    holes = [f"{h}@{v['area']}" for h, v in sorted(state.holes.items()) if not v["sealed"]]
    lines.append(f"    open holes: {', '.join(holes) or 'none'}; stage {state.stage}; "
                 f"AI deck {len(state.ai.draw_pile)} left")
    return lines


def _turn_range(text: str | None) -> tuple[int, int]:
    if not text:
        return 0, 10 ** 9
    a, _, b = text.partition("-")
    return int(a), int(b or a)


def trace(mission: str, seed: int, players: int, bot_kind: str = "squad", max_actions: int = 3000,
          quiet: bool = False, turns: str | None = None, out=None) -> dict[str, Any]:
    """Plays and prints one game; returns the tally (also used by tests and other tools)."""
    from game.gears.simulation import GearsSimulator

    out = out or sys.stdout
    lo, hi = _turn_range(turns)
    sim = GearsSimulator()
    content = sim.content
    session = Session.start(sim.title, mission, seed, sim.options(mission, players))
    state = session.state
    bots: dict[str, Any] = {}
    tally: dict[str, Counter] = {k: Counter() for k in ("wounds", "spawned", "killed", "ai_cards", "attacks",
                                                         "bleeding_out", "plays")}

    def show(text: str) -> None:
        if not quiet and lo <= state.turn <= hi:
            print(text, file=out)

    show(f"== {mission}, seed {seed}, {players} player(s), {bot_kind} bots ==")
    shown_turn = -1
    try:
        for index in range(max_actions):
            decider = session.decider
            if decider is None:
                break
            if state.turn != shown_turn:
                # The state as the first decision of a turn sees it (after the Healing Step).
                shown_turn = state.turn
                show(f"--- status at the first decision of turn {state.turn}:")
                for line in status(state, content):
                    show(line)
            bot = bots.get(decider)
            if bot is None:
                bot = bots[decider] = sim.bot(bot_kind, seed * 8 + len(bots))
            choice = bot.decide(state, session.legal_actions())
            name = state.cogs[decider].character if decider in state.cogs else decider
            show(f"  [{index}] {decider} {name}: {choice.action.text or choice.action.kind}  -- {choice.reason}")
            for e in session.apply(choice.action):
                state = session.state
                _count(tally, e)
                if e.kind == "turn":
                    show(f"=== {e.text}")
                elif e.visible_to is None:
                    show(f"        {e.kind}: {e.text}")
    finally:
        sim.finish(session.state)
    state = session.state
    outcome = state.outcome or ("unfinished" if session.decider is not None else "lost")
    summary = {"outcome": outcome, "turns": state.turn, "actions": len(session.actions),
               **{k: dict(v) for k, v in tally.items()}}
    summary["stage"] = state.stage
    print(f"== {outcome} after {state.turn} turns, {len(session.actions)} actions, stage {state.stage} ==", file=out)
    for k, v in tally.items():
        print(f"  {k}: {dict(sorted(v.items()))}", file=out)
    return summary


def _count(tally: dict[str, Counter], e: Any) -> None:
    p = e.payload
    if e.kind == "wound":
        text = e.text
        source = text[text.rfind("(") + 1:text.rfind(")")] if "(" in text else "?"
        tally["wounds"][f"{p.get('player')} <- {source.split('#')[0]}"] += 1
    elif e.kind == "bleeding_out":
        tally["bleeding_out"][p.get("player", "?")] += 1
    elif e.kind == "spawn":
        tally["spawned"][p.get("enemy", "?")] += 1
    elif e.kind == "killed":
        tally["killed"][str(p.get("figure", "?")).split("#")[0]] += 1
    elif e.kind == "ai_card":
        tally["ai_cards"][p.get("card", "?")] += 1
    elif e.kind == "attack":
        who = "cog" if "player" in p and "figure" not in p else "locust"
        tally["attacks"][who] += 1
    elif e.kind == "play":
        tally["plays"][p.get("as", "?")] += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Print one bot-played Gears game turn by turn.")
    ap.add_argument("--mission", default="emergence")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, choices=range(1, 5), default=1, metavar="1-4")
    ap.add_argument("--bot", choices=("squad", "cautious", "random"), default="squad")
    ap.add_argument("--max-actions", type=int, default=3000)
    ap.add_argument("--quiet", action="store_true", help="only the outcome and the tally")
    ap.add_argument("--turns", help="only print turns A-B (e.g. 3-7)")
    args = ap.parse_args(argv)
    from game.gears.simulation import GearsSimulator

    refusal = GearsSimulator().refusal(args.mission, args.players)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    trace(args.mission, args.seed, args.players, args.bot, args.max_actions, args.quiet, args.turns)
    return 0


if __name__ == "__main__":
    import signal

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the trace quietly
    raise SystemExit(main())
