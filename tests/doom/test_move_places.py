"""The log names where a figure moved as a player finds it on the map (the area's place name, the
Tiled area's `label`), once a move, never by a square's coordinates: "Red moves 3 squares in
the Crew lounge.", where the log said "Red moves to 2,8." "Red moves to 3,9." "Red moves to
4,10." (one line a square). A move inside one room says "in" it, a move into another "into" it:
both said "moves 4 squares, to the Crew lounge", as if a place had been reached."""
from __future__ import annotations

import re

from game import i18n
from game.engine.text import M
from tests.doom.conftest import act, fresh, marker

COORDINATES = re.compile(r"\d+,\d+")


def _read(events, seat="red"):
    """The lines a seat's log shows (an event's visible_to: None for everyone)."""
    return [e.text for e in events if e.visible_to is None or seat in e.visible_to]


def _run_to(state, cell):
    act(state, "declare", action="run")
    start = state.marines["red"].cell
    return act(state, "move", to=list(cell)), start


def test_a_move_is_one_line_naming_its_place():
    state = fresh()
    events, start = _run_to(state, (4, 10))
    steps = [e for e in events if e.kind == "step"]
    assert len(steps) == max(abs(start[0] - 4), abs(start[1] - 10))  # each square still animates
    lines = [t for t in _read(events) if "moves" in t]
    assert lines == [f"Red moves {len(steps)} squares in the Crew lounge."]
    assert not any(COORDINATES.search(t) for t in _read(events))


def test_one_square_and_the_next_room_after_the_door():
    state = fresh()
    state.marines["red"].cell = (4, 8)
    act(state, "declare", action="run")
    act(state, "door", door="D1")
    events = act(state, "move", to=[6, 8])
    assert [t for t in _read(events) if "moves" in t] == ["Red moves 2 squares into the West corridor."]
    events = act(state, "move", to=[7, 8])
    assert [t for t in _read(events) if "moves" in t] == ["Red moves 1 square in the West corridor."]


def test_a_move_inside_a_room_says_in_it_and_one_into_the_next_says_into_it_in_every_language():
    """Not "moves 4 squares, to the Crew lounge" for a marine that never left the Crew lounge."""
    state = fresh()
    state.marines["red"].cell = (4, 8)
    act(state, "declare", action="run")
    act(state, "door", door="D1")
    into = [e for e in act(state, "move", to=[6, 8]) if e.kind == "step" and e.visible_to is None]
    inside = [e for e in act(state, "move", to=[7, 8]) if e.kind == "step" and e.visible_to is None]
    try:
        assert [into[0].text, inside[0].text] == ["Red moves 2 squares into the West corridor.",
                                                  "Red moves 1 square in the West corridor."]
        i18n.set_language("hu")
        assert [into[0].text, inside[0].text] == ["Piros 2 mezőt lép, és belép ide: Nyugati folyosó.",
                                                  "Piros 1 mezőt lép, itt marad: Nyugati folyosó."]
        i18n.set_language("el")
        assert into[0].text.startswith("Κόκκινος: κινείται 2 τετράγωνα, μπαίνοντας στον χώρο: «")
        assert inside[0].text.startswith("Κόκκινος: κινείται 1 τετράγωνο, μένοντας στον χώρο: «")
    finally:
        i18n.set_language("en")


def test_a_pick_up_names_the_place():
    state = fresh()
    marker(state, "equipment", (3, 9), "shells", 2)
    events, _start = _run_to(state, (4, 10))
    picks = [t for t in _read(events) if "picks up" in t]
    assert picks == ["Red picks up 2 shells/bullets ammo in the Crew lounge."]


def test_an_area_without_a_place_name_is_named_by_its_id(monkeypatch):
    state = fresh()
    monkeypatch.setitem(state.map.area_label, "A1", "")
    events, _start = _run_to(state, (4, 10))
    assert [t for t in _read(events) if "moves" in t][0].endswith(" in area A1.")


def test_the_line_reads_in_hungarian_and_greek_and_old_saves_lines_still_do():
    state = fresh()
    events, _start = _run_to(state, (4, 10))
    line = next(e for e in events if e.kind == "step" and e.visible_to is None)
    old = M("{figure} moves to {cells}.", figure="Red", cells="2,8")  # a save's line before places
    try:
        i18n.set_language("hu")
        assert line.text == "Piros 3 mezőt lép, itt marad: Legénységi társalgó."
        assert str(old) == "Red ide lép: 2,8."
        i18n.set_language("el")
        assert line.text == "Κόκκινος: κινείται 3 τετράγωνα, μένοντας στον χώρο: «Σαλόνι πληρώματος»."
        assert str(old) == "Red: κινείται στο 2,8."
    finally:
        i18n.set_language("en")


def test_a_place_not_yet_revealed_is_not_named():
    """A bot's plan or a step into an area before its exploration line: 'unexplored ground', not
    the name the marines learn when it is revealed."""
    from game.doom.rules.names import place

    state = fresh()
    state.revealed = ["A1"]
    assert str(place(state, [(4, 10)])) == "the Crew lounge"
    assert str(place(state, [(7, 8)])) == "unexplored ground"


def test_a_whole_game_logs_no_coordinates_where_figures_go():
    """Bots play Knee-Deep and Reactor: no line of a move, a spawn, a death, a respawn, a
    teleport, a vent or a pick-up names a square by coordinates ('Zombie 1 appears at 12,8.'),
    nor the marine bot's reason for a move ('move to 4,10: picks up shells/bullets')."""
    from game.doom.simulation import DoomSimulator
    from game.engine.session import Session

    kinds = {"step", "placed", "killed", "respawn", "teleport", "vent", "pick_up"}
    sim = DoomSimulator()
    seen: dict[str, int] = {}
    for scenario in ("knee_deep", "reactor"):
        session = Session.start(sim.title, scenario, 3, sim.options(scenario, 2))
        bot = sim.bot("marine", 3)
        while not session.is_over() and len(session.actions) < 400:
            choice = bot.decide(session.state, session.legal_actions())
            if choice.action.kind in ("move", "declare") and choice.reason:
                seen["reason"] = seen.get("reason", 0) + 1
                assert not COORDINATES.search(str(choice.reason)), str(choice.reason)
            for e in session.apply(choice.action):
                if e.kind in kinds and e.visible_to is None:
                    seen[e.kind] = seen.get(e.kind, 0) + 1
                    assert not COORDINATES.search(e.text), e.text
    assert {"step", "placed", "reason"} <= seen.keys(), seen  # each kind met (pick-ups: above)
