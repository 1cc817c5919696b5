"""The set-up screen's "Load a game" list shows the saves gate's message for a hostile save
(issue 22): the row stays, names the file and says why, nothing raises."""
from __future__ import annotations

import json

from game.ui.gears.entry import SAVES
from game.ui.gears.setup_scene import GearsSetup
from game.ui.kit import load_list


def test_hostile_saves_are_rows_with_the_gate_message(make_app, config_dir):
    folder = config_dir / "saves"
    folder.mkdir(parents=True)
    deep = folder / "gears-emergence-turn1-deep.json"
    deep.write_text('{"format": "tiletop-save", "options": ' + "[" * 100_000 + "]" * 100_000 + "}")
    seed = folder / "gears-emergence-turn1-seed.json"
    seed.write_text('{"format": "tiletop-save", "version": 1, "seed": ' + "7" * 5000 + "}")
    nul = folder / "gears-emergence-turn1-nul.json"
    nul.write_text(json.dumps({"format": "tiletop-save", "version": 1, "title": "gears", "scenario": "custom:a\x00b",
                               "seed": 1, "options": {}, "actions": [], "snapshot": {}, "state_hash": ""}))
    app = make_app()
    setup = GearsSetup(app.ctx)
    app.push(setup)
    setup.show_saves()
    app.run(max_frames=1)
    rows = {e.path.name: e for e in setup.saves}
    for path, words in ((deep, "nested too deeply"), (seed, "a number in the seed is out of range (5000 digits)"),
                        (nul, "the save's scenario name holds a control character")):
        entry = rows[path.name]
        head, detail = load_list.describe(entry, setup.save_words)
        assert entry.saved is None and head == path.name
        assert detail.startswith(str(path)) and words in detail, detail
    assert SAVES.list_saves() and app.top is setup
