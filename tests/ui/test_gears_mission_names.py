"""Mission names in the player's language wherever the table names a mission. A Greek table read
'Emergence', 'Belly of the Beast' in its toolbar, set-up list and stage card (the catalogue
kept the English names), and in Hungarian and Greek alike the saves list, the 'is for 1 to 4
players' refusal and the mission cards' title read the English name. The Hungarian names are
the Hungarian rulebook's (base p. 26-29: 'Belly of the Beast (A szörnyeteg gyomrában)');
the Greek ones are ours."""
from __future__ import annotations

import pytest

from game import i18n
from game.gears.rules.title import shared_content
from game.ui.gears import words
from game.ui.gears.mission_cards import MissionCards
from game.ui.gears.setup_scene import GearsSetup, SetupChoice
from tests.ui.conftest import click
from tests.ui.test_gears_play import start_game

MISSIONS = [m for m in shared_content().missions.values()]


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_every_mission_is_named_in_the_language(lang):
    i18n.set_language(lang)
    try:
        named = {m.id: words.mission(m) for m in MISSIONS}
    finally:
        i18n.set_language("en")
    english = {m.id: m.name for m in MISSIONS}
    assert all(named[k] and named[k] != english[k] for k in named), \
        [english[k] for k in named if named[k] == english[k]]
    assert len(set(named.values())) == len(named)
    if lang == "hu":  # the rulebook's names, as missions.toml records them
        assert {m.id: named[m.id] for m in MISSIONS if m.name_hu} == {m.id: m.name_hu for m in MISSIONS if m.name_hu}


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_the_table_the_saves_and_the_mission_cards_name_the_mission_so(make_app, config_dir, drawn_text, lang):
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=lang))
    app, table = start_game(make_app)
    assert i18n.language() == lang
    name = i18n._("Emergence")
    assert name != "Emergence"
    assert table.toolbar_title().startswith(name)
    path = table.save_game()
    setup = GearsSetup(app.ctx)
    setup.show_saves()
    saved = next(e.saved for e in setup.saves if e.path == path)
    head, _names = setup.save_words(saved)
    assert head.startswith(name) and "Emergence" not in head
    drawn_text.clear()
    app.push(MissionCards(app.ctx, table.content.missions["emergence"], table.state.stage))
    app.run(max_frames=1)
    assert name in drawn_text and "Emergence" not in drawn_text


def test_the_player_count_refusal_names_the_mission_in_the_language(make_app, config_dir):
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language="el"))
    app = make_app()
    setup = GearsSetup(app.ctx, SetupChoice(mission="scattered", seats=["human"], characters=[None], seed=1))
    app.push(setup)
    app.run(max_frames=1)
    start = next(rect for rect, what in setup.hits if what == "start")
    click(start.center)
    app.run(max_frames=1)
    assert app.top is setup and setup.message
    assert i18n._("Scattered") in setup.message and "Scattered" not in setup.message
