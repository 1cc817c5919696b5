"""Playing maps built in the builder (game/gears/custom.py, docs/BUILDER.md): scenario
"custom:NAME" lays maps/custom/NAME.tmx whole (spec 3.4 steps 3-4 per tile, no exploring),
the two goals win, saves replay, and a changed map refuses to load with a clear message."""
from __future__ import annotations

import shutil

import pytest

from game.engine.session import SaveError, Session, load_session
from game.gears.bots import CogBot
from game.gears.rules import missions as M
from game.gears.rules import turn as T
from game.gears.rules.explore import explore_refusal
from game.gears.rules.title import CUSTOM_DIR, GearsTitle

from tests.gears.test_missions import check


@pytest.fixture(scope="module")
def real():
    return GearsTitle()


def past_setup(title, scenario, seed=1):
    s = title.new_game(scenario, seed, {})
    while s.proc is not None:
        title.apply(s, title.legal_actions(s)[0])
    return s


def test_custom_map_is_laid_whole_with_location_spawns_spec_3_4(real):
    s = past_setup(real, "custom:plaza_to_the_pit")
    v = s.view()
    assert len(s.players) == 2 and v.board.pieces() == ("1A", "4A", "9B")
    assert set(s.holes) == set(v.holes) and s.doors == ["9B:exit"]
    # Each hole spawned its Location card's strip entry for 2 players (one hole per area here).
    want = sum(len(real.content.locations[h.split(":")[0]].spawn_for(2)) for h in s.holes)
    assert len(s.locusts) == want
    assert all(c.area == v.entrance_area for c in s.cogs.values())
    # Nothing lies beyond the built map (spec 6.11).
    s.cogs["P1"].area = v.exits["9B:exit"]
    assert explore_refusal(s, "P1") == "No level lies behind this door."
    assert real.content.missions["custom:plaza_to_the_pit"].players == (2, 2)
    assert "custom:plaza_to_the_pit" not in list(real.content.missions)  # not a listed mission


def test_reach_exit_wins_with_a_standing_cog_in_the_door_area_spec_9_1(real):
    s = past_setup(real, "custom:plaza_to_the_pit")
    area = s.view().exits["9B:exit"]
    s.cogs["P2"].area = area
    s.cogs["P2"].bleeding = True
    check(s, real.content)
    assert s.outcome is None  # bleeding out does not count
    s.cogs["P2"].bleeding = False
    check(s, real.content)
    assert s.outcome == "won"


def test_hold_out_wins_after_n_locust_steps_and_loses_if_all_bleed_spec_9_1(real):
    s = past_setup(real, "custom:hold_the_plaza")
    assert len(s.players) == 3
    s.turn = 8  # 7 steps over
    check(s, real.content)
    assert s.outcome is None
    s.turn = 9
    for c in s.cogs.values():
        c.bleeding = True
    check(s, real.content)
    assert s.outcome == "lost"  # every COG down loses first (spec 11 item 47)
    s2 = past_setup(real, "custom:hold_the_plaza")
    s2.turn = 9
    check(s2, real.content)
    assert s2.outcome == "won"


def test_whole_custom_games_end_and_replay_spec_12_3(real, tmp_path):
    for scenario in ("custom:plaza_to_the_pit", "custom:hold_the_plaza"):
        session = Session.start(real, scenario, seed=3, options={})
        bot = CogBot(3)
        while not session.is_over() and len(session.actions) < 2000:
            session.apply(bot.choose(session.legal_actions(), session.state))
        assert session.state.outcome in ("won", "lost")
        path = tmp_path / "g.json"
        session.save(path)
        assert load_session(path, real).state.state_hash() == session.state.state_hash()


def _saved_custom_game(tmp_path):
    folder = tmp_path / "custom"
    folder.mkdir()
    shutil.copytree(CUSTOM_DIR.parent / "tilesets", tmp_path / "tilesets")  # the map's ../tilesets
    for f in ("plaza_to_the_pit.tmx", "plaza_to_the_pit.mission.toml"):
        shutil.copy(CUSTOM_DIR / f, folder / f)
    title = GearsTitle(custom_dir=folder)
    session = Session.start(title, "custom:plaza_to_the_pit", seed=2, options={})
    session.apply(title.legal_actions(session.state)[0])
    save = tmp_path / "g.json"
    session.save(save)
    return folder, title, save


def test_changed_map_refuses_the_save_with_a_clear_message(tmp_path):
    folder, title, save = _saved_custom_game(tmp_path)
    mission = folder / "plaza_to_the_pit.mission.toml"
    mission.write_text(mission.read_text().replace('B = "wretch"', 'B = "drone"'))
    with pytest.raises(SaveError, match="changed since this game was saved"):
        load_session(save, title)


@pytest.mark.parametrize("damage, said", [
    (lambda f: (f / "plaza_to_the_pit.mission.toml").unlink(), "plaza_to_the_pit.mission.toml: there is no such file"),
    (lambda f: (f / "plaza_to_the_pit.tmx").write_bytes(b"\x00"), "plaza_to_the_pit.tmx: map: bad XML"),
])
def test_a_save_whose_mission_or_map_is_gone_or_broken_names_it(tmp_path, damage, said):
    """The load read 'the saved position is not a game of Gears of War that this Tiletop can
    read', naming neither the mission nor what is wrong."""
    folder, title, save = _saved_custom_game(tmp_path)
    damage(folder)
    with pytest.raises(SaveError) as refused:
        load_session(save, title)
    assert str(refused.value).startswith(f"{save}: the custom mission plaza_to_the_pit of this game cannot be played: ")
    assert said in str(refused.value)


def test_a_save_whose_map_cannot_be_read_is_refused_in_words(tmp_path, monkeypatch):
    """An unreadable map (chmod 000; the tests run as root: the system's refusal raised here):
    its PermissionError went past the load list and Continue."""
    from game.gears.rules import title as gt

    folder, title, save = _saved_custom_game(tmp_path)

    def refused(cm):
        raise PermissionError(13, "Permission denied", str(cm.map))

    monkeypatch.setattr(gt, "custom_digest", refused)
    with pytest.raises(SaveError) as got:
        load_session(save, title)
    assert "plaza_to_the_pit.tmx: cannot read (no permission to read it)" in str(got.value)


def test_unknown_or_broken_custom_mission_is_one_clear_error(real, tmp_path):
    with pytest.raises(ValueError, match="nowhere.mission.toml: there is no such file"):
        real.new_game("custom:nowhere", 1, {})
    (tmp_path / "bad.mission.toml").write_text('goal = "fly"\n')
    with pytest.raises(ValueError, match="bad.mission.toml: goal must be one of"):
        GearsTitle(custom_dir=tmp_path).new_game("custom:bad", 1, {})


def test_custom_ai_deck_takes_the_data_general_cards_not_a_mission(real):
    """No rulebook gives a built map's General AI cards: they come from missions.toml
    [custom_defaults] (verified = false), next to the chosen enemies' cards (spec 7.5)."""
    s = past_setup(real, "custom:plaza_to_the_pit")
    content = real.content
    general = content.custom_defaults.general_ai
    m = content.missions["custom:plaza_to_the_pit"]
    assert m.general_ai == general
    deck = set(s.ai.cards())
    assert set(general) <= deck
    enemy_cards = {c.id for e in m.enemies.values() for c in content.ai_cards_activating(e)}
    assert deck == enemy_cards | set(general)


def test_a_deleted_custom_map_refuses_the_save_saying_it_is_gone(tmp_path):
    """The Open a map list deletes a map of the user's own with its mission: Continue then said
    only 'the saved position is not a game of Gears of War that this Tiletop can read'."""
    folder, title, save = _saved_custom_game(tmp_path)
    for f in ("plaza_to_the_pit.tmx", "plaza_to_the_pit.mission.toml"):
        (folder / f).unlink()
    with pytest.raises(SaveError, match=r"the custom mission plaza_to_the_pit of this game cannot be played: .*plaza_to_the_pit.mission.toml: there is no such file"):
        load_session(save, title)
