"""What `python -m game simulate convoy` plays (the Simulator protocol of game/simulate.py).

    python -m game simulate convoy --games N --seed S [--moloch KIND] [--outpost KIND] [--jobs J]

KIND is `random` (a uniformly random legal action: the default, `--bot` sets both seats) or a
level of the Convoy AI (game/convoy/ai.py LEVELS: `novice`, `expert`). The report's `seat_bots`
says which played which seat.
The report's `outcomes` count Moloch and Outpost wins (no co-op `wins`, `losses`); `moloch_wins_by` splits Moloch's by the
condition that held at the end (spec 1: cards left in its deck, a Robot in New York, or both);
`mean_moloch_deck_left` and `mean_moloch_robots_in_new_york` are the Moloch deck and the Moloch
Robots in New York at the end, on average (the two win conditions' margins);
`mean_moloch_deck_at_new_york` the Moloch deck when New York's first round begins (before its
draws; over the games that got there); `battles_by_city` each city's battles won by Moloch, by
the Outpost and tied, over all the games; `cards` gives, for every card id, `play_rate` (the share of games in which its side played it
from hand) and `win_rate` (the share of those games its side won): the figures of spec 7.5."""
from __future__ import annotations

from typing import Any


class ConvoySimulator:
    bots = ("random", "novice", "expert")
    seats = ("moloch", "outpost")
    sides = ("moloch", "outpost")  # a game's outcome: the side that won (rules/state.py SIDE_NAMES)

    def __init__(self) -> None:
        from game.convoy.rules.title import ConvoyTitle

        self.title = ConvoyTitle()

    def scenarios(self) -> list[str]:
        from game.convoy.rules.title import SCENARIOS

        return list(SCENARIOS)

    def refusal(self, scenario: str, players: int | None) -> str | None:
        from game.convoy.rules.words import TWO_PLAYERS

        if players not in (None, 2):
            return TWO_PLAYERS
        return None

    def player_counts(self, scenario: str) -> list[int]:
        return [2]

    def options(self, scenario: str, players: int) -> dict[str, Any]:
        return {}

    def bot(self, kind: str, seed: int):
        from game.engine.bots import RandomBot

        if kind == "random":
            return RandomBot(seed)
        from game.convoy.ai import ConvoyAI

        return ConvoyAI(seed, kind)

    def finish(self, state: Any) -> None:
        from game.convoy.rules.procedures import RESOLVER

        RESOLVER.release(state)

    def tally(self, state: Any) -> dict[str, int]:
        from game.convoy.content import shared_content
        from game.convoy.rules.board import owner
        from game.convoy.rules.state import SIDE_NAMES

        out = {f"rounds_{state.round}": 1, "moloch_deck_left": len(state.deck[0]),
               "moloch_robots_in_new_york": sum(1 for u in state.slots[-1][0] if state.ids[u] and
                                                 shared_content().cards[state.ids[u]].type == "robot")}
        if state.outcome == "moloch":
            out[f"moloch_by_{state.win_by}"] = 1
        for uid in set(state.played):
            cid = state.ids[uid]
            out[f"played:{cid}"] = 1  # a copy played counts the game once
            if SIDE_NAMES[owner(state, uid)] == state.outcome:
                out[f"won:{cid}"] = 1
        return out

    def tally_events(self, events: list[list[Any]]) -> dict[str, int]:
        """Spec 7.5's other figures, read from the round and battle events: the Moloch deck when
        New York's first round begins (before its draws), and each city's battles by result."""
        from game.convoy.rules.board import NEW_YORK
        from game.convoy.rules.state import SIDE_NAMES

        out: dict[str, int] = {}
        city = -1
        for batch in events:
            for e in batch:
                if e.kind == "round":
                    if e.payload["city"] == NEW_YORK and city != NEW_YORK:
                        out["moloch_deck_at_new_york"] = e.payload["moloch_deck"]
                        out["reached_new_york"] = 1
                    city = e.payload["city"]
                elif e.kind == "winner":
                    key = f"battle:{e.payload['city']}:{SIDE_NAMES[e.payload['side']]}"
                    out[key] = out.get(key, 0) + 1
                elif e.kind == "tie" and not e.payload:  # a Stormtrooper's tie is a Moloch win
                    key = f"battle:{city}:tie"
                    out[key] = out.get(key, 0) + 1
        return out

    def summarize(self, report: dict[str, Any]) -> dict[str, Any]:
        """The Convoy figures from the summed tally (replaces the raw tally in the report)."""
        from game.convoy.content import shared_content

        tally = report.pop("tally", {})
        games = report["games"] - report["errors"]
        played = {k.split(":", 1)[1]: v for k, v in tally.items() if k.startswith("played:")}
        won = {k.split(":", 1)[1]: v for k, v in tally.items() if k.startswith("won:")}
        cards = {cid: {"play_rate": round(played.get(cid, 0) / games, 3) if games else 0.0,
                       "win_rate": round(won.get(cid, 0) / played[cid], 3) if played.get(cid) else None}
                 for cid in shared_content().cards}
        return {"moloch_wins": report.get("outcomes", {}).get("moloch", 0),
                "outpost_wins": report.get("outcomes", {}).get("outpost", 0),
                "moloch_wins_by": {k[len("moloch_by_"):]: v for k, v in tally.items() if k.startswith("moloch_by_")},
                "mean_rounds": report["mean_turns"],
                "mean_moloch_deck_left": round(tally.get("moloch_deck_left", 0) / games, 2) if games else 0.0,
                "mean_moloch_robots_in_new_york": round(tally.get("moloch_robots_in_new_york", 0) / games, 2)
                if games else 0.0,
                "mean_moloch_deck_at_new_york": round(tally.get("moloch_deck_at_new_york", 0) /
                                                      tally["reached_new_york"], 2)
                if tally.get("reached_new_york") else 0.0,
                "battles_by_city": {city.id: {result: tally.get(f"battle:{i}:{result}", 0)
                                              for result in ("moloch", "outpost", "tie")}
                                    for i, city in enumerate(shared_content().cities)},
                "cards": cards}
