"""Level 7 balance runs (issue 14, game/level7/data/BALANCE.md): PlayerBot in every seat, per
scenario x number of players, how many characters escape, and why the others did not. The games
are those of `python -m game simulate level7 --players N` (its play_game: same seeds, same bot
seeds), without the replay check. Not a test; asserts nothing.

    /work/venv/bin/python tools/balance_level7.py [--games N] [--seed S] [--scenario ID ...]
        [--players N ...] [--set FILE:SECTION:KEY=VALUE ...] [--drop-hook FILE:SECTION:WHEN ...]

`--set` tries a placeholder change without touching the shipped data: the data folder is copied
to a temporary one and the first `KEY = ...` line under the `[SECTION]` header of FILE has its
value replaced by VALUE (TOML text, e.g. `scenarios.toml:scenario.s2:lockdown_pool=8`);
`--drop-hook` removes the scenario's `[[SECTION.hook]]` whose `when` is WHEN. The
change must be one the house rules allow (a `verified = false` value): the tool refuses a field
its record's field_verified table marks true, or, without such a mark, a record marked verified.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game.level7.content as content_module  # noqa: E402
from game.engine.runtime import tune_gc  # noqa: E402


def apply_change(folder: Path, change: str) -> str:
    """Rewrites one value in the copied data folder; returns the change in words."""
    where, value = change.split("=", 1)
    file, section, key = where.split(":")
    path = folder / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    head = f"[{section}]"
    start = next((i for i, line in enumerate(lines) if line.strip() == head), None)
    if start is None:
        raise SystemExit(f"{file}: no section {head}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
    block = lines[start + 1:end]
    at = next((i for i, line in enumerate(block) if re.match(rf"\s*{re.escape(key)}\s*=", line)), None)
    if at is None:
        raise SystemExit(f"{file} [{section}]: no key {key!r}")
    if is_verified(lines, block, section, key):
        raise SystemExit(f"{file} [{section}] {key}: a verified value; only verified = false values are tuned")
    old = block[at].split("=", 1)[1].strip()
    lines[start + 1 + at] = f"{key} = {value}\n"
    path.write_text("".join(lines), encoding="utf-8")
    return f"{file} [{section}] {key}: {old} -> {value}"


def drop_hook(folder: Path, change: str) -> str:
    """Removes a scenario's [[...hook]] table whose `when` is WHEN (FILE:SCENARIO-SECTION:WHEN), when
    the scenario's hooks are not verified."""
    file, section, when = change.split(":")
    path = folder / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    head = f"[[{section}.hook]]"
    starts = [i for i, line in enumerate(lines) if line.strip() == head]
    for start in starts:
        end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
        if any(re.match(rf'\s*when\s*=\s*"{re.escape(when)}"', line) for line in lines[start + 1:end]):
            record = next((i for i, line in enumerate(lines) if line.strip() == f"[{section}]"), None)
            rec_end = next((i for i in range(record + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
            if is_verified(lines, lines[record + 1:rec_end], section, "hook"):
                raise SystemExit(f"{file} [{section}] hook: verified; only verified = false values are tuned")
            del lines[start:end]
            path.write_text("".join(lines), encoding="utf-8")
            return f"{file} [{section}] hook when = {when!r}: removed"
    raise SystemExit(f"{file}: no {head} with when = {when!r}")


def is_verified(lines: list[str], block: list[str], section: str, key: str) -> bool:
    """The field's own mark (a [SECTION.field_verified] table or an inline field_verified) when it
    has one, else the record's."""
    head = f"[{section}.field_verified]"
    start = next((i for i, line in enumerate(lines) if line.strip() == head), None)
    if start is not None:
        for line in lines[start + 1:]:
            if line.lstrip().startswith("["):
                break
            got = re.match(rf"\s*{re.escape(key)}\s*=\s*(true|false)", line)
            if got:
                return got.group(1) == "true"
    inline = next((line for line in block if re.match(r"\s*field_verified\s*=\s*\{", line)), "")
    got = re.search(rf"\b{re.escape(key)}\s*=\s*(true|false)", inline)
    if got:
        return got.group(1) == "true"
    record = next((line for line in block if re.match(r"\s*verified\s*=", line)), "")
    return "true" in record


def end_of(state) -> str:
    """Why a finished game ended, read from its final state (sheet.check_end, turn.end_turn)."""
    from game.level7.rules.state import IN_HOSPITAL

    left = [state.characters[c] for c in state.remaining()]
    if not left:
        return "no character is left inside"
    if all(c.status == IN_HOSPITAL for c in left):
        return "everyone inside is in the Hospital"
    if state.lockdown and state.lockdown_pool == 0:
        return "the lockdown pool ran out"
    return "unfinished" if state.outcome is None else "other"


def play(scenario: str, seed: int, players: int, max_actions: int) -> dict:
    """One game as `python -m game simulate level7` plays it (game/simulate.py's play_game), with
    the simulator's tally and why the game ended."""
    from game.level7.simulation import Level7Simulator
    from game.simulate import play_game

    class Balance(Level7Simulator):
        def tally(self, state) -> dict[str, int]:
            got = super().tally(state)
            return {"escaped": sum(v for k, v in got.items() if k.startswith("escapes_with_")),
                    "killed": got["deaths"], "inside": got["lost_inside"], "turns": state.turn_no,
                    "end: " + end_of(state): 1}

    result = play_game(Balance(), "level7", scenario, seed, players, "player", max_actions, check_replay=False)
    if result.error:
        raise SystemExit(f"{scenario} seed {seed} players {players}: {result.error}")
    got = dict(result.tally)
    return {"escaped": got.pop("escaped"), "killed": got.pop("killed"), "inside": got.pop("inside"),
            "turns": got.pop("turns"), "unfinished": result.outcome == "unfinished",
            "end": {k[len("end: "):]: v for k, v in got.items()}}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scenario", nargs="*", default=["s1", "s2"])
    ap.add_argument("--players", nargs="*", type=int, default=[1, 2, 4])
    ap.add_argument("--set", nargs="*", default=[], dest="changes")
    ap.add_argument("--drop-hook", nargs="*", default=[], dest="drops", metavar="FILE:SECTION:WHEN")
    ap.add_argument("--max-actions", type=int, default=20_000)
    args = ap.parse_args(argv)
    tune_gc()
    with tempfile.TemporaryDirectory() as tmp:
        if args.changes or args.drops:
            folder = Path(tmp) / "data"
            shutil.copytree(content_module.DATA_DIR, folder)
            for change in args.changes:
                print("#", apply_change(folder, change))
            for drop in args.drops:
                print("#", drop_hook(folder, drop))
            content_module.DATA_DIR = folder  # read before the first shared_content()
        for scenario in args.scenario:
            for players in args.players:
                start = time.process_time()
                games = [play(scenario, args.seed + g, players, args.max_actions) for g in range(args.games)]
                chars = players * len(games)
                escaped = sum(g["escaped"] for g in games)
                ends = Counter()
                for g in games:
                    ends.update(g["end"])
                print(json.dumps({
                    "scenario": scenario, "players": players, "games": len(games), "seeds": [args.seed, args.seed + args.games - 1],
                    "characters": chars, "escaped": escaped, "escape_rate": round(escaped / chars, 3),
                    "killed": sum(g["killed"] for g in games), "lost_inside": sum(g["inside"] for g in games),
                    "unfinished": sum(g["unfinished"] for g in games),
                    "mean_turns": round(sum(g["turns"] for g in games) / len(games), 1),
                    "game_ends": dict(ends.most_common()), "cpu_seconds": round(time.process_time() - start, 1),
                }), flush=True)


if __name__ == "__main__":
    main()
