"""The set-up's lines before the game's first question are in the log (GearsTitle.opening):
Emergence builds its whole map and places Locusts at it (base p. 5, 7-8: every tile of the
level placed, each Location's Locusts spawned), Roadblocks sets up only the first level-1
card, then each player spawns a Ticker in an empty area (base p. 27). Before, the lines the
set-up said until its first question (the first tile, its Locusts) never reached the log."""
from __future__ import annotations

import pytest

from game.engine.session import Session, load_session
from game.gears.rules.title import GearsTitle


def to_first_order(session: Session) -> None:
    """Answers the set-up's questions (cover ties, Ticker areas) with their first option."""
    while not (session.state.proc is None and session.state.phase == "order"):
        session.apply(session.legal_actions()[0])


def level_tiles(title: GearsTitle, mission: str, level: int = 0) -> set[str]:
    return set(title.content.missions[mission].levels[level].tiles)


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_emergence_logs_every_tile_and_locust_of_its_set_up(real, seed):
    session = Session.start(real, "emergence", seed, {"players": 2})
    assert session.state.proc is not None, "the set-up stops at a question (a cover spot)"
    opening = list(session.log)
    assert opening and [e.step for e in opening] == [-1] * len(opening)
    assert opening[0].event.kind == "tile"  # the first tile comes before anything on it
    to_first_order(session)
    tiles = [e.event.payload["tile"] for e in session.log if e.event.kind == "tile"]
    assert sorted(tiles) == sorted(level_tiles(real, "emergence"))  # each tile placed once
    spawned = {e.event.payload["figure"] for e in session.log if e.event.kind == "spawn"}
    assert spawned == set(session.state.locusts)
    # The lines of the set-up before its first question come before the first answer's.
    first = [e.event for e in session.log if e.step == 0]
    assert first and session.log.texts()[:len(opening) + len(first)] == \
        [e.event.text for e in opening] + [e.text for e in first]


def test_emergence_seed_5_opens_with_tile_9a_and_its_drone(real):
    session = Session.start(real, "emergence", 5, {"players": 2})
    lines = session.log.texts_for(None)
    assert lines == ["Tile 9A is placed.", "Drone 1 spawns in 9A:lawn."]
    session.apply(session.legal_actions()[0])  # Drone 1's cover spot
    assert session.log.texts()[:3] == lines + ["Drone 1 takes cover at 9A:lawn_cover1."]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_roadblocks_logs_its_first_tile_before_the_first_ticker_question(real, players):
    session = Session.start(real, "roadblocks", 3, {"players": players})
    assert session.state.proc["pending"]["kind"] == "ticker_area"  # where the first Ticker spawns
    opening = [e.event for e in session.log]
    assert [e.kind for e in opening] == ["tile"]
    assert opening[0].payload["tile"] in level_tiles(real, "roadblocks")
    to_first_order(session)
    kinds = [e.event.kind for e in session.log if e.event.kind in ("tile", "spawn")]
    assert kinds == ["tile"] + ["spawn"] * players
    assert all(x.startswith("ticker#") for x in session.state.locusts) and len(session.state.locusts) == players


def test_the_opening_lines_stay_after_a_save_a_load_and_an_undo_to_the_start(real, tmp_path):
    session = Session.start(real, "emergence", 5, {"players": 2}, casual=True)
    opening = session.log.texts()
    assert opening
    to_first_order(session)
    for _ in range(60):  # into play, past the snapshot at 50
        session.apply(session.legal_actions()[0])
    path = tmp_path / "autosave.json"
    assert session.autosave(path) is None
    loaded = load_session(path, GearsTitle())
    assert loaded.state_hash() == session.state_hash()
    assert loaded.log.texts()[:len(opening)] == opening
    for seat in (None, *session.state.players):
        assert loaded.log.texts_for(seat) == session.log.texts_for(seat)
    loaded.undo_to(0)
    assert loaded.log.texts() == opening
    assert loaded.state_hash() == Session.start(real, "emergence", 5, {"players": 2}).state_hash()


@pytest.mark.parametrize("mission, rule_kind", [("china_shop", "spawn"), ("emergence", "setup_rule")])
def test_the_cogs_enter_before_the_setup_rules_that_read_their_area(real, mission, rule_kind):
    """Spec 4 steps 9-10: the COGs are placed, then the Setup card's rules run. China Shop's
    puts the Berserker in the COGs' start area, and its line came before "The COGs enter at
    ..." (seen in Hungarian at 1920x1080); Emergence's seals every hole but the nearest."""
    session = Session.start(real, mission, 7, {"players": 2})
    to_first_order(session)
    kinds = [e.event.kind for e in session.log]
    enter = kinds.index("setup")
    rule = next(i for i, e in enumerate(session.log) if e.event.kind == rule_kind
                and (rule_kind != "spawn" or "Mission card" in str(e.event.text)))
    assert enter < rule, kinds


@pytest.mark.parametrize("mission, note", [("belly_of_the_beast", "rotate_first_tile"),
                                           ("roadblocks", "tickers_instead_of_location_spawns")])
def test_what_the_build_followed_is_said_before_the_cogs_enter(real, mission, note):
    """Belly of the Beast's 'rotate the first tile ... The COGs start on the first tile's
    entrance area' describes the build; said after "The COGs enter at ..." it read as a step
    taken once they stood there (seen at 1280x720)."""
    session = Session.start(real, mission, 7, {"players": 2})
    to_first_order(session)
    events = [e.event for e in session.log]
    enter = next(i for i, e in enumerate(events) if e.kind == "setup")
    said = next(i for i, e in enumerate(events) if e.kind == "setup_rule" and e.payload.get("rule") == note)
    assert said < enter
