"""Level 7's own words on the table (game/ui/level7/words.py) in the language in use."""
from __future__ import annotations

import pytest

from game import i18n
from game.level7.content import load_content
from game.ui.level7 import words


@pytest.mark.parametrize("language", ["hu", "el"])
def test_the_scenarios_name_is_in_the_language_in_use(language):
    """A Greek table's title bar and the saves list read '1. A New Level of Fear': the name
    was the English one in every language but Hungarian, though the catalogue translates it.
    Every scenario's name is worded in the language (Hungarian as the seed prints it)."""
    content = load_content()
    i18n.set_language(language)
    try:
        for sc in content.scenarios.values():
            got = words.scenario(sc)
            assert sc.name not in got, (language, got)
    finally:
        i18n.set_language("en")


def test_the_toolbar_title_keeps_its_turn_when_the_scenario_is_cut(make_app, config_dir, monkeypatch):
    """At 125% in 1280x720 in Greek the toolbar read 'Level 7  •  1. Ένα Νέο Επίπεδο Φόβου  •
    Σειρ…': the title was cut at its end and the turn was lost. It is cut in its longest middle
    field, the scenario's name; the game's name and the turn stay whole."""
    from game import i18n
    from game.ui import widgets
    from tests.ui.test_level7_play import start_game

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text('language = "el"\nui_scale = 1.25\n')
    app, table = start_game(make_app)
    assert i18n.language() == "el" and table.ctx.scale == 1.25
    title = table.toolbar_title()
    turn = i18n._("Turn {n}").format(n=table.state.turn_no)
    drawn = []
    real = widgets.text

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(widgets, "text", spy)
    table._draw_toolbar(app.screen)  # what the toolbar's layer holds
    shown = next(t for t in drawn if t.startswith("Level 7"))
    assert shown != title and "\u2026" in shown  # too long at this size: cut
    assert shown.endswith("  \u2022  " + turn), shown


def test_the_end_summary_joins_the_characters_with_the_languages_separator(make_app, config_dir):
    """The end panel read 'Πειραματόζωο 1: δραπέτευσε; Πειραματόζωο 2: σκοτώθηκε': a Greek ';' is
    a question mark. The characters' results are joined by the language's separator ('· ')."""
    from tests.ui.test_level7_play import start_game

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text('language = "el"\n')
    app, table = start_game(make_app, seats=("human", "human"))
    for cid, status in zip(table.players, ("escaped", "killed")):
        table.state.characters[cid].status = status
    summary = table.end_summary()
    assert ";" not in summary and summary.count("\u00b7 ") == 1, summary


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_setup_screens_turn_note_names_the_mark_the_cards_show(make_app, config_dir, drawn_text, language):
    """'How a turn goes' ended 'Values marked PLACEHOLDER are ours' in every language (Hungarian
    'A PLACEHOLDER jelölésű értékek'), a word no card shows: a card not in the rulebooks carries
    a '*' and a 'placeholder' tag in the reader's language. The note names that mark."""
    from game.ui.level7.setup_scene import Level7Setup, SetupChoice

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n')
    app = make_app((1280, 720))
    app.push(Level7Setup(app.ctx, SetupChoice(scenario="s1", seats=["human"], seed=1)))
    drawn_text.clear()
    app.run(max_frames=1)
    shown = " ".join(drawn_text)
    assert i18n.language() == language
    assert "PLACEHOLDER" not in shown and "* (" + i18n._("placeholder") + ")" in shown, shown


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_table_shows_the_scenarios_goal(make_app, config_dir, drawn_text, language):
    """The scenario's goal ('Access 3 control panels, then ride the lift out.') was on the set-up
    screen only: a player back from a load had it nowhere on the table. The party section
    starts with it, in the language of the table."""
    from tests.ui.test_level7_play import start_game

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n')
    app, table = start_game(make_app)
    goal = words.objective(table.content.scenarios[table.state.scenario])
    assert goal
    drawn_text.clear()
    table.dirty = True
    table._side_party(app.screen, 0, 0, 300)
    shown = " ".join(drawn_text)
    assert i18n._("Goal: {goal}").format(goal=goal).split()[0] in shown and goal.split()[-1] in shown, shown


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_end_panel_says_how_many_escaped_when_one_escaped_and_one_died(make_app, config_dir, drawn_text, language):
    """Two people hot-seat, one character escaped and the other killed: the end panel read
    'Victory' (any character's win counted for the table). Winning is individual (spec 2, "Win
    conditions": an escaped character wins, a killed one loses), so the panel says how many of
    the people's characters escaped ('Escaped: 1 of 2'), drawn whole, in the language of the
    table; Victory only when all of them escaped, Defeat when none did. A bot's escape is not
    the person's: one person and a bot, the bot escaped, the person killed: Defeat."""
    import pygame

    from game.level7.rules.state import ESCAPED, KILLED
    from tests.ui.test_level7_play import start_game

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'language = "{language}"\n')

    def ends(seats, statuses):
        app, table = start_game(make_app, seats=seats, size=(1280, 720))
        st = table.state
        for cid, status in zip(table.players, statuses):
            st.characters[cid].status = status
            st.results[cid] = "won" if status == ESCAPED else "lost"
        st.outcome = "escaped" if ESCAPED in statuses else "lost"
        drawn_text.clear()
        table._draw_end(pygame.Surface(app.screen.get_size()))
        return table, list(drawn_text)

    table, shown = ends(("human", "human"), (ESCAPED, KILLED))
    assert i18n.language() == language
    victory, defeat = i18n._("Victory"), i18n._("Defeat")
    heading = i18n._("Escaped: {n} of {total}").format(n=1, total=2)
    assert heading in shown and victory not in shown and defeat not in shown, shown
    assert table._end_rect().width >= table.ctx.font(22, bold=True).size(heading)[0]
    _table, shown = ends(("human", "human"), (ESCAPED, ESCAPED))
    assert victory in shown, shown
    _table, shown = ends(("human", "human"), (KILLED, KILLED))
    assert defeat in shown, shown
    _table, shown = ends(("human", "bot"), (KILLED, ESCAPED))
    assert defeat in shown and victory not in shown, shown
    _table, shown = ends(("human",), (ESCAPED,))
    assert victory in shown, shown


def test_the_hungarian_level_7_says_fordulo_for_a_turn_and_kor_only_for_a_round():
    """The toolbar read '1. kör' (the msgid Gears shares) while the log read '1. forduló: 1.
    alany.', and the lessons and the rules reference said 'kör' for a turn. The Hungarian
    rulebook (seed 001) says 'forduló' ('fordulód', 'fordulónként'), never 'kör'. Every Level 7
    Hungarian entry about a turn says 'forduló'; 'kör' is left for a round (the round limit)."""
    import re
    from pathlib import Path

    from babel.messages.pofile import read_po

    po = Path(__file__).resolve().parents[2] / "game/locale/hu/LC_MESSAGES/tiletop.po"
    catalogue = read_po(po.open("rb"))
    turn_kor = []
    for m in catalogue:
        places = [path for path, _line in m.locations]
        if not m.id or not (any("level7" in p for p in places) or (m.context or "").startswith("level7")):
            continue
        if any("gears" in p for p in places):
            continue  # a msgid Gears shares is Gears' word
        english = " ".join(m.id) if isinstance(m.id, tuple) else m.id
        said = " ".join(m.string) if isinstance(m.string, tuple) else m.string
        kor = re.findall(r"\b[Kk]ör(?!vonal|nyez|ül)\w*", said)
        if kor and not re.search(r"\bround", english, re.I):
            turn_kor.append((english[:60], kor))
    assert turn_kor == []
    i18n.set_language("hu")
    try:
        assert i18n.pgettext("level7", "Turn {n}").format(n=3) == "3. forduló"
    finally:
        i18n.set_language("en")
