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


def test_the_cards_on_the_table_agree_with_the_end_line(make_app):
    """A game won in New York: the end line counted 5 cities fallen while New York's card lay on
    the table unmarked (drawn destroyed only when turned, and the game ends before Phase VIa would
    turn it). The card of the city the game ended in is drawn fallen, as many cards as the line
    counts; the cities still standing are not."""
    app = make_app((1280, 720))
    for seed in range(1, 12):
        session = played_out(seed)
        st = session.state
        if B.intact_sectors(st, B.NEW_YORK):
            continue
        table = ConvoyTable(app.ctx, session, ["human", "bot"], (1280, 720))
        drawn_fallen = [c for c in range(len(st.flipped)) if table._city_look(c)["destroyed"]]
        assert B.NEW_YORK in drawn_fallen, (seed, st.flipped)
        assert f"{len(drawn_fallen)} cities fallen" in table.end_stats(), (seed, drawn_fallen)
        break
    else:
        raise AssertionError("no game among the seeds ended in New York")


def test_a_city_has_fallen_while_play_goes_on_only_once_turned():
    """Before the end a city with its last sector down has not fallen yet: Phase VIa asks for the
    convoy move first and turns the card after it (spec 5 "Phase VIa")."""
    session = played_out(1)
    st = session.state
    assert B.fallen(st, B.NEW_YORK) == (not B.intact_sectors(st, B.NEW_YORK))
    st.outcome = None
    assert not B.fallen(st, B.NEW_YORK) or st.flipped[B.NEW_YORK]
