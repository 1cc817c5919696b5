"""The Doom set-up screen's rows of built maps (maps/custom): a playable one's line joins its goal
and its file as Gears' list does ('...reaches the objective.  \u2022  map outpost.tmx'; it read
'...célt.  térkép: ...', two spaces), and an unfinished one says in a player's words what it lacks
and what to do (it said 'no area has start_zone = true', the map checker's words for the file)."""
from __future__ import annotations

import pytest

from game import i18n
from game.board.tmx_write import save_build
from game.i18n import _
from game.ui.doom.setup_scene import DoomSetup, SetupChoice
from game.ui.kit import scenario_list
from tests.board.test_build_items import library  # noqa: F401  (a fixture)
from tests.doom.test_custom_maps import build


@pytest.fixture
def maps(tmp_path, library):  # noqa: F811
    d = tmp_path / "maps" / "custom"
    d.mkdir(parents=True)
    save_build(build(library), d / "outpost.tmx")
    text = (d / "outpost.tmx").read_text(encoding="utf-8")
    start = '<property name="start_zone" type="bool" value="true"/>'
    assert start in text
    (d / "unfinished.tmx").write_text(text.replace(start, ""), encoding="utf-8")
    return d.parent


def _rows(make_app, maps, monkeypatch, lang: str) -> dict[str, scenario_list.Row]:
    shown: dict[str, scenario_list.Row] = {}
    real = scenario_list.ScenarioList.draw

    def spy(self, surface, ctx, items, *args, **kwargs):
        shown.update({i.what: i for i in items if isinstance(i, scenario_list.Row)})
        return real(self, surface, ctx, items, *args, **kwargs)

    monkeypatch.setattr(scenario_list.ScenarioList, "draw", spy)
    app = make_app((1280, 720))
    i18n.set_language(lang)
    app.push(DoomSetup(app.ctx, SetupChoice(seed=1), maps_dir=maps))
    app.run(max_frames=1)
    return shown


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_a_built_maps_goal_and_file_are_joined_as_gears_joins_them(make_app, maps, monkeypatch, lang):
    row = _rows(make_app, maps, monkeypatch, lang)["custom:outpost"]
    goal = _("Marines win when one of them reaches the objective.")
    assert row.line == goal + "  \u2022  " + _("map {file}").format(file="outpost.tmx")
    assert not row.bad


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_an_unfinished_built_map_says_what_it_lacks_in_a_players_words(make_app, maps, monkeypatch, lang):
    row = _rows(make_app, maps, monkeypatch, lang)["custom:unfinished"]
    assert row.bad and row.tag == _("Cannot be played")
    assert row.line == _("the map has no start zone: open it in the builder and place one")
    assert "start_zone" not in row.line and "=" not in row.line
    if lang != "en":  # in the reader's language
        assert row.line != "the map has no start zone: open it in the builder and place one"
