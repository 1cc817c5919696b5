"""The Doom tools run (smoke): the map generator's output is covered by tests/doom/test_board.py."""
from __future__ import annotations


def test_simulate_trace_and_bench_run(capsys, tool):
    tool("simulate_doom").main(["--games", "1", "--scenario", "reactor", "--max-actions", "300"])
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("scenario") and len(out.splitlines()) == 4
    tool("trace_doom").main(["--scenario", "reactor", "--max-actions", "40"])
    assert "outcome:" in capsys.readouterr().out
    tool("bench_doom").main(["--games", "1", "--actions", "30"])
    assert "actions/s" in capsys.readouterr().out
