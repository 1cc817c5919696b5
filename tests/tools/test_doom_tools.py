"""The Doom tools run (smoke): the map generator's output is covered by tests/doom/test_board.py."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_simulate_trace_and_bench_run(capsys):
    load("simulate_doom").main(["--games", "1", "--scenario", "reactor", "--max-actions", "300"])
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("scenario") and len(out.splitlines()) == 4
    load("trace_doom").main(["--scenario", "reactor", "--max-actions", "40"])
    assert "outcome:" in capsys.readouterr().out
    load("bench_doom").main(["--games", "1", "--actions", "30"])
    assert "actions/s" in capsys.readouterr().out
