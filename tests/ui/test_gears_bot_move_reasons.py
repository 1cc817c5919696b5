"""The squad bots' movement reasons in the log at 1280x720: "Move to Memorial steps (16A), on the
way to Storefront (12A) (nearer throwing range of the emergence hole in Crater (12A) (my job in
the squad plan) or safer); moving up to the next cover while Damon Baird hold." took five to
eight lines in Hungarian and Greek, once per area of the move. A reason takes at most two lines
in every language (its short form, bots.log_form, where the whole one does not fit), is said
once for a move, and the move's areas are one line. Drawn headless on the real App."""
from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.engine.session import Session
from game.gears.bots import log_form
from game.gears.rules.title import GearsTitle
from game.ui import widgets
from game.ui.gears.table_scene import GearsTable, _Reason
from game.ui.kit.game_table import JoinedLine

MOVING = ("step", "stop", "locust_path", "crawl", "no_crawl")


def bots_table(make_app, config_dir, mission: str, language: str):
    from game.ui.settings import Settings, save_settings

    save_settings(Settings(language=language))
    app = make_app((1280, 720))
    assert i18n.language() == language
    session = Session.start(GearsTitle(), mission, seed=5, options={"players": 2})
    table = GearsTable(app.ctx, session, ["bot", "bot"], (1280, 720), Path(config_dir) / "t.json", animate=False)
    app.push(table)
    table.bot_delay_ms = 0
    app.run(max_frames=1)
    for _ in range(300):
        if table.session.is_over():
            break
        table.update(50)
    return table


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_a_bot_s_movement_reason_takes_at_most_two_lines(make_app, config_dir, language):
    table = bots_table(make_app, config_dir, "emergence", language)
    font, width = table.ctx.font(13), table._log_rect.width
    entries = [e for e, _who in table._log]
    reasons = [e for e in entries if isinstance(e, _Reason)]
    moving = [e for e in reasons if e.kind in MOVING or (e.kind == "play" and i18n._("Move toward {dest}").split("{")[0] in e.short)]
    assert len([e for e in moving if e.kind == "step"]) >= 2
    for e in moving:
        assert len(widgets.wrap(table.log_text(e), font, width)) <= 2, table.log_text(e)
    # A move's steps are explained once: never two step reasons in a row, with its areas
    # between them (they join into one line).
    kinds = [e.kind for e in reasons]
    assert all(not (a == b == "step") for a, b in zip(kinds, kinds[1:]))
    assert any(isinstance(e, JoinedLine) and len(e.events) >= 2 and "player" in e.events[0].payload for e in entries)


def test_the_short_form_is_the_main_clause_and_where_the_move_goes():
    from game.engine.text import M, as_text

    goal = M("the objective")
    step = M("Move to {to}, on the way to {dest} (nearer {goal} or safer)", to="9A:lawn", dest="12A:storefront", goal=goal)
    bounded = M("{why}; {reason}", why=step, reason=M("moving up to the next cover while {who} hold", who="Damon Baird"))
    assert as_text(log_form(bounded)) == "Move toward 12A:storefront"
    ammo = M("{why}; spends 1 of {n} ammo", why=M("No Dodge: expected cost {plain} cards", plain="0.89"), n=2)
    assert as_text(log_form(ammo)) == "The hit costs 0.89 cards on average"  # "... does not dodge."


def test_a_bot_partner_s_discarded_card_is_not_named_to_the_person(make_app, config_dir):
    """Beside a bot partner the log read "Marcus Fenix (P2): Discard Advance, the least useful
    card in hand.": the rules tell a wound's discarded card to its holder alone ("You discard
    Advance."), and a teammate's hand is hidden (rules/view.py). The bot's reason for it is
    its own seat's line (Choice.private), as the card is."""
    from game.gears.bots import SquadBot

    app = make_app((1280, 720))
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2})
    table = GearsTable(app.ctx, session, ["human", "bot"], (1280, 720), Path(config_dir) / "t.json", animate=False)
    app.push(table)
    table.bot_delay_ms = 0
    me = SquadBot(11)

    def partner_discarded() -> bool:
        return any(a.kind == "wound_discard" and d == "P2" for a, d in zip(session.actions, session.deciders))

    for _ in range(3000):
        if partner_discarded() or session.is_over():
            break
        if table.is_bot(session.decider):
            table.update(50)
        else:
            table.submit(me.decide(table.state, session.legal_actions()).action)
    assert partner_discarded()
    hidden = [e for e, who in table._log if isinstance(e, _Reason) and e.kind == "wound_discard" and who == ("P2",)]
    assert hidden
    assert table.viewer == "P1"
    partner = table.player_name("P2")
    assert not [line for line in table.log if line.startswith(partner) and "least useful card" in line]


def test_a_step_s_whole_reason_says_where_it_heads_not_the_area_the_rules_line_names():
    """'Move to 9A:lawn, on the way to 12A:storefront (nearer … or safer)' came before the
    rules' '… moves to Lawn (9A).': the step's area said twice (in Greek too). The whole form
    says where the COG heads and why; the rules' line says the step."""
    from game.engine.text import M, as_text
    from game.gears.bots import log_whole

    step = M("Move to {to}, on the way to {dest} (nearer {goal} or safer)", to="9A:lawn", dest="12A:storefront",
             goal=M("the objective"))
    text = as_text(log_whole(step))
    assert "9A:lawn" not in text and "12A:storefront" in text and "the objective" in text, text
