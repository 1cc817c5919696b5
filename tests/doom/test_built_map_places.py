"""A built map's areas named for a player (docs/DOOM.md "A built map's places"): the log, the
bots' reasons and the questions name an area of a map made in the builder by its piece's name
("Start room", "Control room 2" where two areas bear one name), never by its id
("start_room:start"), in every language; and a save written before (main at 43bc161, paused at a
question worded with the ids) still loads."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game import i18n
from game.doom.rules.title import DoomTitle
from game.doom.simulation import DoomSimulator
from game.engine.session import Session, load_session

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "data" / "doom_built_save_43bc161"


def _maps(tmp_path: Path, *stems: str, source: Path = ROOT / "maps" / "custom") -> Path:
    """A maps folder of its own (custom/ beside tilesets/, as the built maps' tileset paths need)."""
    custom = tmp_path / "maps" / "custom"
    custom.mkdir(parents=True)
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "maps" / "tilesets")
    for stem in stems:
        shutil.copy(source / f"{stem}.tmx", custom / f"{stem}.tmx")
    return custom


def test_a_save_of_a_built_map_paused_at_a_question_worded_with_area_ids_still_loads(tmp_path):
    """The save (written by tests/data/doom_built_save_43bc161's Tiletop: "Place its top-left square
    in area sample_room:room_a, ...") replays to its saved hash: the question is worded now with
    the area's name, the hash was taken over the old words (DoomTitle.older_words)."""
    custom = _maps(tmp_path, "twin_control_rooms", source=OLD)
    save = tmp_path / "paused.json"
    shutil.copy(OLD / "twin_control_rooms-paused.json", save)
    loaded = load_session(save, DoomTitle(custom_dir=custom))
    assert loaded.state.proc["pending"]["kind"] == "place"
    assert len(loaded.actions) == 8


def _played(custom: Path, stem: str, seed: int = 3, actions: int = 300) -> Session:
    sim = DoomSimulator()
    session = Session.start(DoomTitle(custom_dir=custom), f"custom:{stem}", seed, {"marines": 2})
    bot = sim.bot("greedy", seed)
    while not session.is_over() and len(session.actions) < actions:
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    return session


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_built_maps_log_names_no_area_by_its_id(tmp_path, language):
    custom = _maps(tmp_path, "red_key_outpost", "twin_control_rooms")
    for stem in ("red_key_outpost", "twin_control_rooms"):
        session = _played(custom, stem)
        ids = list(session.state.map.areas)
        assert all(":" in a for a in ids)
        try:
            i18n.set_language(language)
            log = [str(e.text) for events in session.events for e in events]
            log += [str(a.text) for a in session.legal_actions()]
        finally:
            i18n.set_language("en")
        assert len(log) > 40
        assert [line for line in log if any(a in line for a in ids)] == []
        assert not any("area " in line for line in log)


def test_a_built_maps_areas_are_named_by_their_piece_numbered_where_a_name_repeats(tmp_path):
    custom = _maps(tmp_path, "red_key_outpost", "twin_control_rooms")
    one = _played(custom, "red_key_outpost", actions=0).state.map
    assert {a: str(w) for a, w in one.area_place.items()} == {
        "start_room:start": "Start room", "corridor_straight:corridor": "Corridor, straight",
        "room_small:room": "Room, small"}
    twin = _played(custom, "twin_control_rooms", actions=0).state.map
    # sample_room's areas bear their own labels; the second copy's are numbered 2 (it lies below)
    assert {a: str(w) for a, w in twin.area_place.items()} == {
        "sample_room:room_a": "Control room 1", "sample_room:corridor": "Corridor 1",
        "sample_room:room_b": "Console room 1", "sample_room_2:room_a": "Control room 2",
        "sample_room_2:corridor": "Corridor 2", "sample_room_2:room_b": "Console room 2"}
    try:
        i18n.set_language("hu")
        assert str(one.area_place["start_room:start"]) == "Kezdőterem"
        assert str(twin.area_place["sample_room_2:room_a"]) == "Vezérlőterem 2"
    finally:
        i18n.set_language("en")


def test_the_question_of_the_old_save_now_names_the_area(tmp_path):
    custom = _maps(tmp_path, "twin_control_rooms", source=OLD)
    save = tmp_path / "paused.json"
    shutil.copy(OLD / "twin_control_rooms-paused.json", save)
    loaded = load_session(save, DoomTitle(custom_dir=custom))
    labels = [str(a.text) for a in loaded.legal_actions()]
    assert labels and all("sample_room" not in x for x in labels)
    assert any("the Control room 1" in x for x in labels)


@pytest.mark.parametrize("language", ["hu", "el"])
def test_the_pieces_area_texts_a_built_map_reads_out_are_translated(language):
    """A built map's area keeps its piece's text ("A bare service corridor."), read out when it is
    revealed (rules/effects.reveal_area): the catalogues hold every piece's (i18n_extract)."""
    from game.board.tmx import load_board
    from game.engine.text import M

    texts = {str(a.properties.get("text")).rstrip(": ") for path in sorted((ROOT / "maps/doom/pieces").glob("*.tmx"))
             for a in load_board(path).areas.values() if a.properties.get("text")}
    assert len(texts) >= 10
    try:
        i18n.set_language(language)
        assert [t for t in sorted(texts) if str(M(t)) == t] == []
    finally:
        i18n.set_language("en")
