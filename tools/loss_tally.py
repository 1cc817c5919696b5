"""Where and how bot-played Gears games were lost (prints numbers, asserts nothing): for each game,
the outcome, the stage it ended in, its turns, the turn each key enemy died (The Showdown's Feral
Berserker, China Shop's Berserker...), the first COGs down (turn, stage, area, areas from the
entrance, what downed them) and the wounds on the COGs per stage and source; then the totals.

    python tools/loss_tally.py --mission the_showdown --players 4 [--games 30] [--seed 1000]
                               [--bot squad|cautious|random] [--max-actions 5000] [--reasons N]

Search for the Stranded's Stage 1 adds its ammo tokens: placed by kills, discarded by MP1 card 19,
carried onto the mission card, and the active COG's turns of that stage by how far the nearest
token was at the turn's first decision and whether one was carried that turn. `--reasons N`
prints the last N reasons of the first COG to go down, from its own turns before it went down. Games are played as
`tools/bot_stats.py` and `python -m game simulate` play them (each seat's bot seeded seed * 8 +
seat order), so a game here is the same game `tools/trace_game.py` prints with the same
mission, seed and player count. Only the events the rules emitted are read, and the state the
rules keep.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine.runtime import tune_gc  # noqa: E402
from game.engine.session import Session  # noqa: E402


# The active COG's own choices in its turn (not the Locust activation's questions it answers).
_TURN_ACTIONS = {"play", "do", "skip", "attack", "area_attack", "chainsaw", "grenade", "step", "stop", "special", "explore",
                 "end", "crawl", "cover", "no_cover", "pay"}


def _source(text: str) -> str:
    """'Grenadier attack' from '... (Grenadier 3's attack).': the wound's source without the
    figure's number."""
    if "(" not in text:
        return "?"
    src = text[text.rfind("(") + 1:text.rfind(")")].replace("'s ", " ")
    return " ".join(w for w in src.split() if not w[0].isdigit())


def play(sim: Any, mission: str, seed: int, players: int, bot_kind: str, max_actions: int,
         reasons: int = 0) -> dict[str, Any]:
    """One game, and what it left: see the module docstring."""
    from game.gears.bots import key_enemies

    session = Session.start(sim.title, mission, seed, sim.options(mission, players))
    state = session.state
    entrance = state.view().entrance_area
    bots: dict[str, Any] = {}
    wounds: Counter = Counter()
    tokens: Counter = Counter()
    token_turns: Counter = Counter()
    key_deaths: list[tuple[int, str]] = []
    downs: list[tuple[int, int, str, str, int, str]] = []
    said: dict[str, list[tuple[int, str]]] = {}
    last: list[tuple[int, str]] = []
    turn, near, carried = None, None, False
    while session.decider is not None and len(session.actions) < max_actions:
        state = session.state
        if state.turn != turn and mission == "search_for_the_stranded":
            if turn is not None and near is not None:
                token_turns[(near, carried)] += 1
            turn, carried, near = state.turn, False, None
            if state.stage == 0 and state.active_player in state.cogs:
                view, here = state.view(), state.cogs[state.active_player].area
                areas = [a for a, n in state.flags.get("map_ammo", {}).items() if n > 0 and a in view.move_dist]
                if here in view.move_dist:
                    near = str(min(min((view.mdist(here, a) for a in areas), default=99), 3)) if areas else "none"
                    near = "3+" if near == "3" else near
        d = session.decider
        bot = bots.get(d) or bots.setdefault(d, sim.bot(bot_kind, seed * 8 + len(bots)))
        keys = set(key_enemies(state))
        enemy_of = {lid: x.enemy for lid, x in state.locusts.items()}
        choice = bot.decide(state, session.legal_actions())
        if reasons and d == state.active_player and d in state.cogs and choice.action.kind in _TURN_ACTIONS:
            said.setdefault(d, []).append((state.turn, str(choice.reason)))
        for e in session.apply(choice.action):
            state = session.state
            p = e.payload
            if e.kind == "wound" and "player" in p:
                wounds[(state.stage + 1, _source(e.text))] += 1
            elif e.kind == "killed" and enemy_of.get(p.get("figure")) in keys:
                key_deaths.append((state.turn, e.text.split(" is killed")[0]))
            elif e.kind == "bleeding_out" and p.get("player") in state.cogs:
                q = p["player"]
                view, area = state.view(), state.cogs[q].area
                far = view.mdist(entrance, area) if area in view.move_dist and entrance in view.move_dist else -1
                downs.append((state.turn, state.stage + 1, q, area, far, _source(e.text)))
                if len(downs) == 1 and reasons:
                    last = said.get(q, [])[-reasons:]
            elif e.kind == "map_ammo":
                tokens["discarded" if "discards" in e.text else "placed"] += 1
            elif e.kind == "mission_ammo":
                tokens["carried"] += 1
                carried = True
    state = session.state
    return {"seed": seed, "outcome": state.outcome or ("unfinished" if session.decider is not None else "lost"),
            "stage": state.stage + 1, "turns": state.turn, "key_deaths": key_deaths, "downs": downs,
            "wounds": wounds, "tokens": tokens, "token_turns": token_turns,
            "last_reasons": last}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mission", default="the_showdown")
    ap.add_argument("--players", type=int, choices=range(1, 5), default=4, metavar="1-4")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--bot", choices=("squad", "cautious", "random"), default="squad")
    ap.add_argument("--max-actions", type=int, default=5000)
    ap.add_argument("--reasons", type=int, default=0)
    args = ap.parse_args(argv)
    tune_gc()
    from game.gears.simulation import GearsSimulator

    sim = GearsSimulator()
    refusal = sim.refusal(args.mission, args.players)
    if refusal:
        print(refusal, file=sys.stderr)
        return 2
    ended: Counter = Counter()
    wounds: Counter = Counter()
    tokens: Counter = Counter()
    token_turns: Counter = Counter()
    for seed in range(args.seed, args.seed + args.games):
        g = play(sim, args.mission, seed, args.players, args.bot, args.max_actions, args.reasons)
        ended[(g["outcome"], g["stage"])] += 1
        wounds.update(g["wounds"])
        tokens.update(g["tokens"])
        token_turns.update(g["token_turns"])
        keys = ", ".join(f"{who} turn {t}" for t, who in g["key_deaths"]) or "-"
        extra = f"; tokens {dict(sorted(g['tokens'].items()))}" if g["tokens"] else ""
        print(f"seed {g['seed']}: {g['outcome']} in stage {g['stage']} after {g['turns']} turns; "
              f"key enemies killed: {keys}{extra}")
        for t, stage, q, area, far, why in g["downs"][:4]:
            print(f"    down: turn {t}, stage {stage}, {q} in {area} ({far} areas from the entrance), {why}")
        print("    wounds: " + ", ".join(f"stage {s} {src} {n}" for (s, src), n in sorted(g["wounds"].items())))
        for t, why in g["last_reasons"]:
            print(f"    turn {t}: {why}")
    print(f"== {args.mission}, {args.players} player(s), seeds {args.seed}-{args.seed + args.games - 1}, {args.bot} bots")
    print("ended (outcome, stage): " + ", ".join(f"{o} {s}: {n}" for (o, s), n in sorted(ended.items())))
    for (s, src), n in sorted(wounds.items(), key=lambda kv: (kv[0][0], -kv[1])):
        print(f"  stage {s} wounds from {src}: {n}")
    if tokens:
        print("map ammo tokens: " + ", ".join(f"{k} {n}" for k, n in sorted(tokens.items())))
        print("Stage-1 turns by the active COG's distance to the nearest token (carried / not):")
        for near in ("0", "1", "2", "3+", "none"):
            print(f"  {near}: {token_turns[(near, True)]} / {token_turns[(near, False)]}")
    return 0


if __name__ == "__main__":
    import signal

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    raise SystemExit(main())
