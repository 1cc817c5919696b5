"""The attack preview of a chainsaw (spec 6.7) shows its odds as a shot's preview does: the dice
it rolls and the chance to kill, read from the rules function whose dice the chainsaw rolls
(attack.chainsaw_preview / chainsaw_dice). Before, the panel said only "A chainsaw attack rolls
the attack dice once; any omen ends it.", with no number. Drawn headless on the real App."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.gears.rules import attack as A
from game.gears.rules import turn as T
from game.gears.rules.title import GearsTitle, shared_content
from game.ui.gears.entry import SAVES
from game.ui.gears.table_scene import GearsTable


def chainsaw_table(make_app, character: str):
    """Emergence, P1 (`character`, a person) with a Drone in his own area and an attack to make."""
    from tests.gears.built import built_session, put

    def build(state):
        p1 = state.players[0]
        state.cogs[p1].character = character
        put(state, shared_content(), "drone", state.cogs[p1].area)
        T.push(state, {"f": "attack", "player": p1, "bonus": 0})

    app = make_app()
    table = GearsTable(app.ctx, built_session(GearsTitle(), "emergence", 5, 2, build), ["human", "bot"], (1280, 720),
                       SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=1)
    return app, table


@pytest.mark.parametrize("character, dice", [("augustus_cole", 4), ("marcus_fenix", 5)])
def test_the_chainsaw_preview_shows_its_dice_and_its_odds_to_kill(make_app, drawn_text, character, dice):
    app, table = chainsaw_table(make_app, character)
    target, saw = next((t, a) for t, acts in table.choices.targets.items() for a in acts if a.kind == "chainsaw")
    table.target, table.attack_choice = target, saw
    drawn_text.clear()
    app._force_redraw = True
    app.draw(app.screen)
    content = shared_content()
    # One attack die in six shows an Omen (data/dice.toml): the chance of at least one.
    kill = 1 - Fraction(5, 6) ** dice
    assert A.chainsaw_preview(table.state, content, "P1", target).kill == kill
    health = A.chainsaw_preview(table.state, content, "P1", target).health
    assert f"Health {health}: {float(kill) * 100:.1f}% to kill it" in drawn_text
    # Wrapped inside the panel (in Greek it ran past the panel's edge on one line).
    assert f"{dice} attack dice (black), no defence dice: any omen kills" in " ".join(drawn_text)
    assert "kills it" in drawn_text and "misses" in drawn_text
    assert any(f"{float(kill) * 100:5.1f}%" in t for t in drawn_text)  # the bar's exact odds
    if character == "marcus_fenix":
        assert any("Marcus Fenix's ability: +1" in t for t in drawn_text)


def test_the_chainsaw_odds_take_a_decimal_comma_in_hungarian(make_app, drawn_text):
    """A shot's preview said "42,1%" in Hungarian and the chainsaw's "51.8%": its line formatted
    the float itself. Both read text.number, as every number shown to a reader does."""
    from game import i18n

    app, table = chainsaw_table(make_app, "augustus_cole")
    i18n.set_language("hu")
    target, saw = next((t, a) for t, acts in table.choices.targets.items() for a in acts if a.kind == "chainsaw")
    table.target, table.attack_choice = target, saw
    drawn_text.clear()
    app._force_redraw = True
    app.draw(app.screen)
    kill = f"{float(1 - Fraction(5, 6) ** 4) * 100:.1f}"
    assert any(kill.replace(".", ",") + "%" in t for t in drawn_text), [t for t in drawn_text if "%" in t]
    assert not any(kill + "%" in t for t in drawn_text)


def test_the_chainsaw_rolls_the_dice_its_preview_counts():
    """The resolution rolls chainsaw_dice's count: Marcus Fenix's 5th die is the one his
    preview lists (stacked blanks, then an Omen on the 5th die: a kill only with his ability)."""
    from game.engine.session import Session
    from tests.gears.built import BLANK, OMEN, past_setup, put, stack_dice

    for character, killed in (("augustus_cole", False), ("marcus_fenix", True)):
        title = GearsTitle()
        session = Session.start(title, "emergence", 5, {"players": 2})
        state = past_setup(title, session.state)
        p1 = state.players[0]
        state.cogs[p1].character = character
        lid = put(state, shared_content(), "drone", state.cogs[p1].area)
        T.push(state, {"f": "attack", "player": p1, "bonus": 0})
        stack_dice(state, attack=[BLANK] * 4 + [OMEN])
        state._legal_memo = None
        saw = next(a for a in title.legal_actions(state) if a.kind == "chainsaw")
        title.apply(state, saw)
        assert (lid not in state.locusts) == killed


@pytest.mark.parametrize("language", ["en", "hu"])
def test_three_weapons_leave_the_wounds_their_rows(make_app, drawn_text, language):
    """Played in Hungarian at 1920x1080: with a Hammerburst picked up beside the Lancer and the
    Snub Pistol, the panel's seven weapon buttons took four rows and its wounds' bars were cut
    to one ('0 sebesülés'). The panel grows by the rows its buttons take."""
    from game import i18n
    from tests.gears.built import built_session, put

    def build(state):
        p1 = state.players[0]
        state.cogs[p1].weapons.append(["hammerburst", 2])
        put(state, shared_content(), "drone", state.cogs[p1].area)
        T.push(state, {"f": "attack", "player": p1, "bonus": 0})

    app = make_app((1920, 1080))
    i18n.set_language(language)
    table = GearsTable(app.ctx, built_session(GearsTitle(), "emergence", 5, 2, build), ["human", "bot"], (1920, 1080),
                       SAVES.autosave_path(), animate=False)
    app.push(table)
    app.run(max_frames=1)
    target = next(iter(table.choices.targets))
    table.target = target
    table.attack_choice = next(a for a in table.choices.targets[target] if a.kind == "attack" and a.payload["mode"] == "normal")
    drawn_text.clear()
    app._force_redraw = True
    app.draw(app.screen)
    pv = T.attack_preview_of(table.state, table.attack_choice)
    rows = [k for k in sorted(pv.dist)][:4]
    for k in rows:  # every outcome of the dice has its row (the last may sum the rest)
        one = i18n._("1 wound") if k == 1 else i18n._("{n} wounds").format(n=k)
        more = i18n._("{n}+ wounds").format(n=k)
        assert one in drawn_text or more in drawn_text, (k, [t for t in drawn_text if "%" in t])
