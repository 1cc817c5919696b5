"""Issue 'Gears playable on screen', save/load part: a named save from the table (Ctrl+S and the
Save game button) into <config>/saves/, the set-up screen's "Load a game" list (mission, turn,
date, seed), loading a save back to the same state, and a truncated or edited save shown with
the engine's SaveError message (docs/ENGINE.md 'Save format') without a crash. All through
posted events in the real loop."""
from __future__ import annotations

import json

import pygame

from game.engine.savegate import SAVE_VERSION
from game.engine.session import read_save
from game.ui.gears.entry import SAVES as store
from game.ui.gears.setup_scene import GearsSetup
from game.ui.gears.table_scene import GearsTable
from game.ui.kit.saves import seats_path
from tests.ui.conftest import click, key, move
from tests.ui.test_gears_play import play_by_clicks, start_game


def hit(scene, what: str) -> tuple[int, int]:
    return next(rect.center for rect, w in scene.hits if w == what)


def table_button(table: GearsTable, what: str) -> tuple[int, int]:
    return next(rect.center for rect, _label, w in table.buttons if w == what)


def named_saves(config_dir):
    return sorted(p for p in (config_dir / "saves").glob("gears-*.json") if not p.name.endswith(".seats.json"))


def test_ctrl_s_and_the_button_write_named_saves(make_app, config_dir):
    app, table = start_game(make_app)
    for _ in range(2):
        play_by_clicks(app, table, table.session.legal_actions()[0])
    key(pygame.K_s, pygame.KMOD_CTRL)
    app.run(max_frames=1)
    files = named_saves(config_dir)
    assert len(files) == 1 and files[0].name.startswith("gears-emergence-turn")
    assert table.message_ok and files[0].stem in table.message
    data = read_save(files[0])
    assert data["seed"] == table.session.seed and len(data["actions"]) == len(table.session.actions)
    assert json.loads(seats_path(files[0]).read_text())["seats"] == ["human"]
    pos = table_button(table, "save")
    move(pos)
    click(pos)
    app.run(max_frames=1)
    assert len(named_saves(config_dir)) == 2  # a second save never overwrites the first


def test_load_list_shows_saves_and_loads_one(make_app, config_dir):
    """Two clicks from the menu's Gears set-up screen: Load a game, then the row."""
    app, table = start_game(make_app)
    for _ in range(3):
        play_by_clicks(app, table, table.session.legal_actions()[0])
    path = table.save_game()
    assert path is not None
    want_hash, want_actions = table.session.state_hash(), list(table.session.actions)
    # Play on after saving: loading must bring back the saved state, not the latest one.
    play_by_clicks(app, table, table.session.legal_actions()[0])
    app2 = make_app()
    setup = GearsSetup(app2.ctx)
    app2.push(setup)
    app2.run(max_frames=1)
    click(hit(setup, "load"))
    app2.run(max_frames=1)
    assert setup.mode == "load"
    paths = [e.path for e in setup.saves]
    assert path in paths and store.autosave_path() in paths
    i = paths.index(path)
    from game.ui.kit import load_list

    head, detail = load_list.describe(setup.saves[i], setup.save_words)
    assert "Emergence" in head and "Turn" in head
    assert f"Seed {table.session.seed}" in detail and setup.saves[i].date in detail
    click(hit(setup, f"open:{i}"))
    app2.run(max_frames=1)
    loaded = app2.top
    assert isinstance(loaded, GearsTable)
    assert loaded.session.state_hash() == want_hash and loaded.session.actions == want_actions
    # Play continues in the autosave, so Continue finds this game after a crash.
    assert store.load().session.state_hash() == want_hash
    key(pygame.K_ESCAPE)
    app2.run(max_frames=1)
    assert app2.top is setup and setup.mode == "new"


def test_a_truncated_or_edited_save_shows_why_and_does_not_crash(make_app, config_dir):
    app, table = start_game(make_app)
    play_by_clicks(app, table, table.session.legal_actions()[0])
    good = table.save_game()
    text = good.read_text()
    lines = text.splitlines(keepends=True)
    # A version-1 save (before issue 19) cut in half: refused, with why.
    cut = good.with_name("gears-emergence-turn1-cut.json")
    old = json.dumps(table.session.to_save(), indent=1)
    cut.write_text(old[: len(old) // 2])
    # A journal whose last line was cut short (the program stopped while writing): loads without it.
    torn = good.with_name("gears-emergence-turn1-torn.json")
    torn.write_text("".join(lines[:-1]) + lines[-1][:20])
    # A journal whose final state hash is not the one its actions reach: refused.
    edited = good.with_name("gears-emergence-turn1-edited.json")
    mark = json.loads(lines[-1])
    mark["hash"] = "0" * 64
    edited.write_text("".join(lines[:-1]) + json.dumps(mark) + "\n")
    app2 = make_app()
    setup = GearsSetup(app2.ctx)
    app2.push(setup)
    app2.run(max_frames=1)
    key(pygame.K_l, pygame.KMOD_CTRL)
    app2.run(max_frames=1)
    by_name = {e.path.name: e for e in setup.saves}
    assert by_name[cut.name].saved is None and "truncated" in by_name[cut.name].error
    assert by_name[cut.name].error.startswith(str(cut))
    assert by_name[edited.name].saved is None and "does not reach the position saved" in by_name[edited.name].error
    assert by_name[good.name].saved is not None
    assert by_name[torn.name].saved is not None and "cut short" in by_name[torn.name].saved.notice
    i = [e.path for e in setup.saves].index(cut)
    click(hit(setup, f"open:{i}"))
    app2.run(max_frames=2)
    assert app2.top is setup and setup.message == by_name[cut.name].error
    i = [e.path for e in setup.saves].index(torn)
    click(hit(setup, f"open:{i}"))
    app2.run(max_frames=2)
    loaded = app2.top
    assert isinstance(loaded, GearsTable) and loaded.message.startswith(f"{torn}: the last line")
    assert loaded.session.actions == table.session.actions


def test_empty_saves_folder_says_how_to_save(make_app, config_dir):
    app = make_app()
    setup = GearsSetup(app.ctx)
    app.push(setup)
    app.run(max_frames=1)
    click(hit(setup, "load"))
    app.run(max_frames=1)
    assert setup.saves == [] and not any(w.startswith("open:") for _r, w in setup.hits)
    click(hit(setup, "back"))
    app.run(max_frames=1)
    assert setup.mode == "new" and app.top is setup


def test_undo_goes_back_over_the_bots_to_the_persons_decision_in_one_replay(make_app, config_dir, monkeypatch):
    """Issue 19 item 4: one undo step goes back to the person's last decision with one replay
    from the nearest snapshot (not one replay per bot action), and the autosave follows it."""
    from game.engine.session import Session, load_session
    from game.gears.bots import SquadBot
    from game.gears.rules.title import GearsTitle

    from tests.gears.built import BLANK, built_session, stack_dice

    def build(state):
        # Every attack die rolls a blank (no wound, no kill, no hole sealed): the game lasts past
        # 130 actions whatever the bots choose and the enemy data says.
        stack_dice(state, attack=[BLANK] * 5000)

    app = make_app()
    rules = GearsTitle()
    seed = 9
    session = built_session(rules, "emergence", seed, 2, build, casual=True)
    table = GearsTable(app.ctx, session, ["human", "bot"], app.screen.get_size(), store.autosave_path())
    table.animate, table.bot_delay_ms = False, 0
    person = table.players[0]
    stand_in = SquadBot(5)  # chooses for the person, through the table's submit as a click does

    def person_acts():
        table.submit(stand_in.decide(session.state, session.legal_actions()).action)

    for _ in range(2000):
        if len(session.actions) >= 130 or session.is_over():
            break
        person_acts() if session.decider == person else table.update(50)
    assert len(session.actions) >= 130, "the game ended early"
    while session.decider == person:  # end on the bots' actions, after the person's last
        person_acts()
    for _ in range(200):
        if session.decider == person or session.is_over():
            break
        table.update(50)
    mine = max(i for i, who in enumerate(session.deciders) if who == person)
    assert mine < len(session.actions) - 1, "no bot action after the person's last"
    kept = session.actions[:mine]
    applied = []
    real = type(rules).apply
    with monkeypatch.context() as patch:
        patch.setattr(type(rules), "apply", lambda self, state, action: applied.append(action) or real(self, state, action))
        table.undo()
    assert session.actions == kept and len(applied) < Session.snapshot_every
    assert session.decider == person and table.log[-1] == "Undone."
    replayed = built_session(rules, "emergence", seed, 2, build)
    for action in kept:
        replayed.apply(action)
    assert session.state_hash() == replayed.state_hash()
    again = load_session(store.autosave_path(), rules)
    assert again.actions == kept and again.state_hash() == session.state_hash()


def test_continue_from_an_autosave_written_by_the_code_before_the_journal(make_app, config_dir):
    """A real version-1 autosave with its seats file (tests/data/saves_v1, written by commit
    70d94ab): the menu's Continue opens it at its 400th action with its bots, and play goes on
    in a journal."""
    import shutil
    from pathlib import Path

    from tests.ui.conftest import continue_from_menu

    data = Path(__file__).resolve().parents[1] / "data" / "saves_v1"
    saves = config_dir / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    for name in ("autosave-gears.json", "autosave-gears.seats.json"):
        shutil.copy(data / name, saves / name)
    table = continue_from_menu(make_app)
    assert isinstance(table, GearsTable) and not table.message
    old = json.loads((data / "autosave-gears.json").read_text())
    assert len(table.session.actions) == 400 and table.session.state_hash() == old["state_hash"]
    assert table.seats == ["bot"] * 4
    table.animate, table.bot_delay_ms = False, 0
    for _ in range(200):
        if len(table.session.actions) >= 405 or table.session.is_over():
            break
        table.update(50)
    assert len(table.session.actions) > 400
    assert read_save(store.autosave_path())["version"] == SAVE_VERSION
    assert store.load().session.state_hash() == table.session.state_hash()
