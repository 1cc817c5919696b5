"""The end panel's line of numbers counts New York among the fallen cities when the game ended
there. A Greek game won by Moloch with a Robot in New York read 'Νίκησε ο Moloch: η Νέα Υόρκη
έπεσε…' over '13 γύροι, 4 πόλεις έπεσαν': New York falls with its last sector (spec 1) and the
game ends without its card turning, and the line counted turned cards only."""
from __future__ import annotations

from game.convoy.rules import board as B
from game.ui.convoy.table_scene import ConvoyTable
from tests.ui.test_convoy_layout import played_out


def test_the_end_line_counts_new_york_when_it_fell(make_app):
    app = make_app((1280, 720))
    seen = set()
    for seed in range(1, 12):
        session = played_out(seed)
        st = session.state
        table = ConvoyTable(app.ctx, session, ["human", "bot"], (1280, 720))
        fell = not B.intact_sectors(st, B.NEW_YORK)
        line = table.end_stats()
        assert (f"{5 if fell else sum(st.flipped)} cities fallen") in line, (seed, st.win_by, line)
        seen.add(fell)
        if seen == {True, False}:
            break
    ended_in_new_york = [fell for fell in seen if fell]
    assert ended_in_new_york, seen  # a game that ended in New York was among them
