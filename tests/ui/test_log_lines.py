"""Issue 19: a loaded game's log is put in words line by line as the panel reads it, not whole
when the table opens (Continue at 3,000 actions spent 40 ms wording 4,400 lines nobody saw).
What a person reads is the same: the panel's lines, and those the wheel reads back to."""
from __future__ import annotations

import pygame

from game.engine.session import Session
from game.gears.bots import SquadBot
from game.gears.rules.title import GearsTitle
from game.ui import widgets
from game.ui.gears.table_scene import GearsTable


def bots_game(actions: int) -> Session:
    """Emergence for two, both seats played by the squad bot for `actions` actions."""
    session = Session.start(GearsTitle(), "emergence", seed=3, options={"players": 2})
    bots: dict[str, SquadBot] = {}
    while not session.is_over() and len(session.actions) < actions:
        bot = bots.setdefault(session.decider, SquadBot(seed=len(bots) + 1))
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    return session


def joined_lines(table, events) -> list[str]:
    """The events in the table's words, those the table joins (join_lines) as one line."""
    out: list = []
    for e in events:
        joined = table.join_lines(out[-1], e) if out else None
        if joined is not None:
            out[-1] = joined
        else:
            out.append(e)
    return [table.log_text(x) for x in out]


def worded(table) -> int:
    return sum(1 for text, _who in table._log if isinstance(text, str))


def test_a_continued_game_words_only_the_lines_the_log_shows(make_app, config_dir):
    app = make_app((1280, 720))
    session = bots_game(120)
    assert len(session.log) > 150
    table = GearsTable(app.ctx, session, ["human", "human"], app.screen.get_size(), animate=False)
    app.push(table)
    app.run(max_frames=2)
    if table.handoff is not None:
        table.handoff = None
        app.run(max_frames=1)
    shown = worded(table)
    assert 0 < shown < len(session.log) // 2
    # The newest lines are those of the game, in the table's words (log_text: a drawn AI card
    # is named, its text being in the AI section; join_lines: a move's areas are one line).
    public = joined_lines(table, [e.event for e in session.log.seen_by(table.viewer)])
    assert table.log[-shown:] == public[-shown:]
    # The wheel reads back: more lines are worded, and they are the game's older lines.
    pos = table._log_rect.center
    for _ in range(5):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
        app.run(max_frames=1)
    assert worded(table) > shown
    assert list(table.log) == public


def test_the_earlier_note_stays_inside_a_short_log(make_app):
    """A log two lines high under a tall AI card, its newest entry three lines long: the
    "earlier" note was drawn above the log's rect, over its heading. Nothing is drawn above
    the rect; the note and the newest entry's end show."""
    from game.ui.kit.log_panel import log_lines

    app = make_app((1280, 720))
    ctx = app.ctx
    step = ctx.font(13).get_linesize()
    surface = pygame.Surface((300, 200))
    long = "Drone 1 attacks Damon Baird: the COG within the card's range, " * 3
    for height in (2 * step, 3 * step, step):
        surface.fill((0, 0, 0))
        rect = pygame.Rect(10, 100, 280, height)
        log_lines(surface, ctx, rect, ["An older line.", "Another.", long])
        above = pygame.Rect(0, 0, 300, rect.top)
        assert all(surface.get_at((x, y))[:3] == (0, 0, 0) for x in range(above.width) for y in range(0, above.height, 2)), height
        assert surface.get_bounding_rect().height > 0


def test_every_title_logs_a_bots_reason_as_a_sentence(make_app):
    """The bots word their reasons as clauses; in the log, among the rules' sentences, each is
    a sentence ("Marcus Fenix (P2): Take cover at Boulevard (2A) cover 2: +2.0 defence dice on
    average against the Locusts." ended without its stop): the kit's `bot_reason`, which Gears,
    Level 7 and Convoy use, goes through `reason_line` as Doom's does."""
    from tests.ui.test_table_moving import FixedClock, _gears_table

    app, session, table = _gears_table(make_app, ["bot", "bot"], seed=10, clock=False, bot_delay_ms=0, animate=False)
    app.clock = FixedClock()
    for _ in range(400):
        if session.is_over() or len(session.actions) >= 60:
            break
        app.step()
    names = {table.player_name(p) for p in session.state.players}
    reasons = [t for t in (table._line(i) for i in range(len(table._log))) if t.split(": ", 1)[0] in names]
    assert len(reasons) >= 20, reasons
    unended = [t for t in reasons if not t.rstrip().endswith((".", "!", "?", "\u2026"))]
    assert not unended, unended[:5]


def test_the_earlier_note_gives_way_to_a_newest_entry_that_fits_whole(make_app, drawn_text):
    """Under the open AI card at 1280x720 the log had two lines' room and its newest entry
    took two: it read '↑ 19 earlier (mouse wheel)' over the entry's last line, 'card (30).'.
    An entry that fits the rect shows whole, without the note; a taller one still gives its
    top line to the note."""
    from game.ui.kit.log_panel import log_lines

    app = make_app((1280, 720))
    ctx = app.ctx
    font = ctx.font(13)
    step = font.get_linesize()
    surface = pygame.Surface((300, 200))
    newest = "Locust AI card drawn: Ticker AI card 30, which a long name makes two lines long."
    rect = pygame.Rect(10, 100, 280, 2 * step)
    assert len(widgets.wrap(newest, font, rect.width)) == 2
    drawn_text.clear()
    log_lines(surface, ctx, rect, ["An older line.", "Another.", newest])
    assert " ".join(s.strip() for s in drawn_text) == newest
    drawn_text.clear()
    taller = newest + " A third line of words comes after those two lines."
    log_lines(surface, ctx, rect, ["An older line.", "Another.", taller])
    assert drawn_text[0].startswith("\u2191") and taller.endswith(drawn_text[-1].strip())


def test_an_entry_is_bright_or_dim_whole_never_half_and_half(make_app, drawn_text):
    """The newest lines are bright, older ones dim: counted by drawn lines, an entry wrapped over
    two read dim on its first line and bright on its second (Doom, 1280x720: 'An ammo icon: Red
    spends 1' dim, 'rockets/grenades (0 left).' bright; the same in Greek). Each entry is one
    colour: bright when one of its lines is among the last three."""
    from game.ui.kit.log_panel import log_lines

    app = make_app((1280, 720))
    ctx = app.ctx
    font = ctx.font(13)
    step = font.get_linesize()
    surface = pygame.Surface((300, 400))
    rect = pygame.Rect(10, 10, 280, 12 * step)
    wrapped = "An ammo icon: Red spends 1 rockets/grenades (0 left)."
    assert len(widgets.wrap(wrapped, font, rect.width)) == 2
    for entries in (["Older.", "Old.", wrapped, "Red places a Dodge order.", "Green's turn."],
                    ["Older.", wrapped, "Red places a Dodge order.", "Green's turn.", "Round 2 begins."]):
        drawn_text.clear()
        log_lines(surface, ctx, rect, entries)
        colour = dict(zip(drawn_text, drawn_text.colours))
        for line in widgets.wrap(wrapped, font, rect.width):
            assert colour[line] == colour[widgets.wrap(wrapped, font, rect.width)[0]], entries
        assert colour["Green's turn."] == tuple(ctx.palette.text) and colour["Older."] == tuple(ctx.palette.text_dim)
