"""The Gears analysis tools agree on a game: tools/loss_tally.py plays the game tools/trace_game.py
prints for the same mission, seed and player count (each seat's bot seeded seed * 8 + seat order,
as `simulate` seeds it), and counts the same wounds and downed COGs from the same events."""
from __future__ import annotations

import io


def test_loss_tally_counts_what_trace_game_prints_for_the_same_game(tool):
    from game.gears.simulation import GearsSimulator

    traced = tool("trace_game").trace("the_showdown", 1001, 4, max_actions=3000, quiet=True, out=io.StringIO())
    tally = tool("loss_tally").play(GearsSimulator(), "the_showdown", 1001, 4, "squad", 3000, reasons=2)
    assert tally["turns"] == traced["turns"] and tally["stage"] == traced["stage"] + 1
    assert sum(tally["wounds"].values()) == sum(traced["wounds"].values()) > 0
    assert len(tally["downs"]) == sum(traced["bleeding_out"].values()) > 0
    assert all(stage >= 1 and far >= 0 and why for _, stage, _, _, far, why in tally["downs"])
    assert len(tally["last_reasons"]) == 2


def test_loss_tally_main_prints_a_line_per_game_and_the_totals(capsys, tool):
    assert tool("loss_tally").main(["--mission", "search_for_the_stranded", "--players", "2", "--games", "1",
                                    "--seed", "1000", "--max-actions", "200"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("seed 1000: ") and any(line.startswith("== search_for_the_stranded") for line in out)
    assert any(line.startswith("Stage-1 turns by the active COG's distance") for line in out)
