"""`python -m game simulate level7 --mission all`: one JSON line per scenario, the unplayable
scenario 3 with its reason in English (it had crashed the command: the reason is a message)."""
from __future__ import annotations

import io
import json

from game import simulate as S


def test_simulate_level7_all_prints_a_line_per_scenario_and_the_reason_for_scenario_3():
    out, err = io.StringIO(), io.StringIO()
    S.run("level7", "all", 1, 1, None, out=out, err=err)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [o["mission"] for o in lines] == ["s1", "s2", "s3"]
    assert all(o["games"] == 1 and o["errors"] == 0 for o in lines[:2])
    assert lines[2]["refused"].startswith("scenario 3 (The Hybrids) is not playable: only the reserves")
    assert err.getvalue() == ""
