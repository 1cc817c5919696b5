"""The Gears table walks a COG to a farther area of its move (turn.walks): a player clicked a
far area and was told 'a move goes one area at a time', then had to click each area on the
way. Each step is still the rules' own 'step' action; refusals say how far an area is."""
from __future__ import annotations

from game import i18n
from game.gears.rules import turn as T
from game.ui.gears import words
from tests.ui.test_gears_table_items import built_table, drive


def _far_move(table) -> bool:
    """P1's move, with an area two or more steps away within its reach."""
    return (table.session.decider == "P1" and T.top(table.state) is not None and table.state.proc is None
            and any(len(w) >= 2 for w in T.walks(table.state).values()))


def test_a_click_on_a_farther_area_walks_there_a_step_at_a_time(make_app):
    app, table = built_table(make_app, lambda state: None)
    assert drive(table, _far_move, limit=3000)
    area, way = max(T.walks(table.state).items(), key=lambda kv: (len(kv[1]), kv[0]))
    assert area in table.reach and area not in table.choices.areas  # drawn faint, not lit
    done = len(table.session.actions)
    table.click_view(table.screen_of_area(area))
    app.run(max_frames=3 * len(way))
    assert table.state.cogs["P1"].area == area
    steps = table.session.actions[done:]
    assert [(a.kind, a.payload["area"]) for a in steps] == [("step", a) for a in way]
    assert table.walk == []


def test_a_click_elsewhere_stops_a_walk(make_app):
    app, table = built_table(make_app, lambda state: None)
    assert drive(table, _far_move, limit=3000)
    area, way = max(T.walks(table.state).items(), key=lambda kv: (len(kv[1]), kv[0]))
    table.click_view(table.screen_of_area(area))
    assert table.walk == list(way[1:])
    table.click_view((0, 0))  # off the map: a click of the player's own
    app.run(max_frames=3 * len(way))
    assert table.state.cogs["P1"].area == way[0]


def test_an_area_out_of_the_moves_reach_says_how_far_it_is(make_app):
    app, table = built_table(make_app, lambda state: None)
    assert drive(table, _far_move, limit=3000)
    f, view = T.top(table.state), table.state.view()
    here = table.state.cogs["P1"].area
    far = [a for a in view.areas if f["left"] < view.mdist(here, a) < 99]
    assert far
    text = table._why_not_area(far[0])
    assert "this move has" in text and text.count(words.area(far[0])) == 1, text


def test_a_greek_refusal_names_the_area_once(make_app):
    """'Πόρτα καταφυγίου (16B): Η περιοχή Πόρτα καταφυγίου (16B) δεν είναι δίπλα ...': the
    Greek sentence names the area after its article, and the table put the name before it."""
    app, table = built_table(make_app, lambda state: None)
    assert drive(table, _far_move, limit=3000)
    table.walks_far = False  # the step's own refusal, 'not adjacent', as a lesson's table gives it
    i18n.set_language("el")
    view, here = table.state.view(), table.state.cogs["P1"].area
    area = next(a for a in view.areas if view.mdist(here, a) == 2)
    text = table._why_not_area(area)
    assert "δεν είναι δίπλα" in text and text.count(words.area(area)) == 1, text


def test_a_long_refusal_is_shown_whole(make_app, monkeypatch):
    """The message line kept three lines of 15 px and cut the rest: a Greek refusal at 1280x720
    lost its fourth line (the hint saying what to click). All of it shows now, smaller if it
    must be."""
    from tests.ui.conftest import record_text_rects

    app, table = built_table(make_app, lambda state: None)
    text = " ".join(["Η περιοχή Πόρτα καταφυγίου (16B) δεν είναι δίπλα στην περιοχή Σκαλιά οστεοφυλακίου (3B)"] * 4)
    table.say(text)
    drawn = record_text_rects(monkeypatch)
    table.dirty = True
    app.run(max_frames=1)
    assert table.message_rect is not None
    shown = [t for t, r in drawn if table.message_rect.contains(r)]
    assert " ".join(shown).split() == text.split()
