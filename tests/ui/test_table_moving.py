"""Frames drawn in part (issue 19; GameTable.draw_moving, kit Sprite): while only the clock moves
things (a figure sliding along its move, dice rolling), or the pointer moves onto another area of
the map (GameTable.local_parts: the hovered area's glow), a frame redraws the rectangles of what
changed over the last frame left on the screen. Each such frame must have exactly the pixels of
the same state drawn whole: no trail where a figure was, nothing stale under the dice or the
handoff card, no glow left on the area the pointer left."""
from __future__ import annotations

from itertools import islice

import pygame

from game.engine.session import Session
from game.ui.kit.game_table import merged
from tests.ui.conftest import same_frame


class FixedClock:
    def get_time(self) -> int:
        return 16

    def tick(self, *_a) -> int:
        return 16


def _gears_table(make_app, seats, seed=3, size=(1280, 720), clock=True, build=None, **kw):
    """An Emergence Gears table, one seat per entry of `seats`, on a headless app (its clock
    fixed unless `clock` is False); with `build`, the game past set-up with build(state) done to
    it before the first action (tests/gears/built.built_session)."""
    from game.gears.rules.title import GearsTitle
    from game.ui.gears.table_scene import GearsTable

    app = make_app(size)
    if build is None:
        session = Session.start(GearsTitle(), "emergence", seed=seed, options={"players": len(seats)})
    else:
        from tests.gears.built import built_session

        session = built_session(GearsTitle(), "emergence", seed, len(seats), build)
    table = GearsTable(app.ctx, session, list(seats), size, **kw)
    app.push(table)
    if clock:
        app.clock = FixedClock()
    return app, session, table


def _whole(app, table) -> bytes:
    """The same state drawn whole, from nothing (every layer painted again), on another surface."""
    other = app.screen.copy()
    other.fill((255, 0, 255))
    for layer in [v for v in vars(table).values() if type(v).__name__ == "Layer"] + list(table.section_layers.values()):
        layer.forget()
    table.full_redraw = True
    table.draw(other)
    return pygame.image.tobytes(other, "RGB")


def _pointer_path(table, step: int):
    """Points over the whole window, row by row (the map, the hand, the side panel, the prompt),
    `step` pixels apart: an endless tour of the pointer."""
    w, h = table._size
    while True:
        for y in range(step // 2, h, step):
            for x in range(step // 2, w, step):
                yield x, y


def _play_and_compare(app, table, actions: int, frames_per_action: int = 400, pointer: bool = False,
                      counts: dict | None = None) -> tuple[int, int]:
    """Bots play `actions` actions; every frame drawn in part is compared with a whole one.
    With `pointer`, the pointer moves over the window at every frame meanwhile (its card, tooltip
    or highlight must follow it). Returns (frames drawn in part, frames that moved a figure);
    `counts["after action"]` gets the frames drawn in part in which the game changed."""
    app.clock = FixedClock()
    session = table.session
    in_part = moved = 0
    counts = {} if counts is None else counts
    counts.setdefault("after action", 0)
    start = len(session.actions)
    path = _pointer_path(table, 37)
    for _n in range(frames_per_action * actions):
        if session.is_over() or len(session.actions) - start >= actions and not table.busy:
            break
        before = table.frames_in_part
        shown = list(table._shown or [])
        version = table.state_version
        if pointer:
            pos = next(path)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        drew = app.step()
        if drew and table.frames_in_part > before:
            in_part += 1
            counts["after action"] += table.state_version != version
            if [k for _n1, k, _r in table._shown] != [k for _n1, k, _r in shown]:
                moved += 1
            got = pygame.image.tobytes(app.screen, "RGB")
            assert same_frame(got, _whole(app, table)), f"frame drawn in part differs from the whole one (action {len(session.actions)})"
    return in_part, moved


def test_gears_frames_drawn_in_part_are_frames_drawn_whole(make_app):
    """Two bots play the Gears table with its animations (moves, rolls): the frames in which a
    figure slides or the dice roll are drawn in part, and each equals the whole frame."""

    app, session, table = _gears_table(make_app, ["bot", "bot"], seed=3, clock=False, bot_delay_ms=0, animate=True)
    counts: dict = {}
    in_part, moved = _play_and_compare(app, table, actions=40, counts=counts)
    assert moved >= 20, "no figure slid in a frame drawn in part: nothing was compared"
    assert in_part >= moved
    # A bot's action that changes nothing the map shows draws the figures, parts and strips
    # that changed over the last frame (view_key), not the whole screen.
    assert counts["after action"] >= 10, counts


def test_gears_handoff_card_over_a_sliding_figure(make_app):
    """Two people at one desk: the handoff card dims the screen while the last move still plays;
    the frames drawn in part under it equal whole ones (the dimming not laid twice)."""
    from game.gears import bots

    app, session, table = _gears_table(make_app, ["human", "human"], seed=3, animate=True)
    chooser = {p: bots.SquadBot(seed=5 + i) for i, p in enumerate(table.players)}
    under_card = 0
    for _n in range(30):
        if session.is_over():
            break
        table.submit(chooser[session.decider].decide(session.state, session.legal_actions()).action)
        for _f in range(300):
            if not table.busy:
                break
            before = table.frames_in_part
            if app.step() and table.frames_in_part > before:
                under_card += table.handoff is not None
                got = pygame.image.tobytes(app.screen, "RGB")
                assert same_frame(got, _whole(app, table))
        table.handoff = None
        table.dirty = True
        app.step()
    assert under_card, "no frame was drawn in part under the handoff card"


def test_doom_frames_drawn_in_part_are_frames_drawn_whole(make_app):
    """The Doom table: marines and invaders sliding, dice rolling, figures coming onto the map."""
    from game import titles
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.table_scene import DoomTable

    app = make_app((1280, 720))
    session = Session.start(DoomTitle(), titles.get("doom").default_scenario, seed=5, options={"marines": 2})
    table = DoomTable(app.ctx, session, ["bot"] * 3, (1280, 720), bot_delay_ms=0, animate=True)
    app.push(table)
    counts: dict = {}
    in_part, moved = _play_and_compare(app, table, actions=40, counts=counts)
    assert moved >= 20, "no figure slid in a frame drawn in part: nothing was compared"
    # A bot's move, roll or card changes nothing the map layer shows (view_key: the areas
    # revealed, the doors, the markers): the frame after it draws the figures, the step's
    # caption and the strips that changed, not the whole screen.
    assert counts["after action"] >= 10, counts


def _compared_draws(app, table) -> dict:
    """From now on every frame the App draws in part is compared with the same state drawn
    whole; the counts of frames drawn in part, those in which the game changed, and the viewers
    of those."""
    app.clock = FixedClock()
    counts: dict = {"in part": 0, "after action": 0, "viewers": set()}
    draw, seen = app.draw, [table.state_version]

    def compared(surface) -> None:
        before = table.frames_in_part
        draw(surface)
        if table.frames_in_part > before:
            counts["in part"] += 1
            if table.state_version != seen[0]:
                counts["after action"] += 1
                counts["viewers"].add(table.viewer)
            got = pygame.image.tobytes(app.screen, "RGB")
            assert same_frame(got, _whole(app, table)), \
                f"frame drawn in part differs from the whole one (action {len(table.session.actions)})"
        seen[0] = table.state_version

    app.draw = compared
    return counts


def _doom_clicks_compared(app, table, actions: int) -> dict:
    """The people play `actions` actions by clicks (squares, doors, targets and their weapon,
    cards, buttons, hand-offs) with their seats' bots' choices, the bot seats in the loop; each
    frame drawn in part compared with the same state drawn whole (`_compared_draws`)."""
    from tests.ui.test_doom_play import clickable, play_by_clicks
    from tests.ui.test_gears_play import do_click

    counts = _compared_draws(app, table)

    def play(action) -> None:
        figure = next((f for f, a in table.choices.figures.items() if a == action), None)
        if figure is not None:  # an invader to activate: a click on it
            do_click(app, table.screen_of_cell(table.state.invaders[figure].cells[0]))
        elif clickable(table, action):
            play_by_clicks(app, table, action)
        else:
            table.submit(action)

    _people_click(app, table, actions, {p: table.make_bot(i) for i, p in enumerate(table.players)}, play,
                  rounds=6, patience=300)
    return counts


def _people_click(app, table, actions: int, chooser, play, rounds: int, patience: int) -> None:
    """The people's seats play `actions` actions, each chosen by its seat's `chooser` bot and
    made by `play` (clicks), a hand-off card clicked away first; the bot seats play in the
    loop's update. At most `rounds` * `actions` turns of the loop, `patience` frames for the
    table to stop moving after each action."""
    from tests.ui.test_gears_play import do_click

    session = table.session
    start = len(session.actions)
    for _n in range(rounds * actions):
        if session.is_over() or len(session.actions) - start >= actions:
            break
        if table.is_bot(session.decider):
            app.step()  # the bot's action comes in the loop's update
            continue
        if table.handoff is not None:
            do_click(app, table.view_rect.center)
        play(chooser[session.decider].decide(session.state, session.legal_actions()).action)
        for _f in range(patience):
            if not table.busy:
                break
            app.step()
        app.step()


def test_doom_frames_after_clicks_that_act_are_frames_drawn_whole(make_app):
    """A marine and the invader at one desk (hand-offs between them; the invader's hand face up
    only in the invader's view, the map whole only there) and a marine bot, at 1920x1080, then a
    marine against the invader bot at 1280x720, play by clicks: the frame after a click or a
    bot's decision that changes the game (a figure moved, the lit squares, a card gone, a log
    line) is drawn in part, the map layer not painted again, and each equals the same state
    drawn whole, in either view."""
    from game.ui.doom.entry import INVADER
    from tests.ui.test_doom_play import start_game

    for size, seats, least in (((1920, 1080), ("human", "bot", "human"), 10), ((1280, 720), ("human", "bot"), 5)):
        app, table = start_game(make_app, seats=seats, size=size)
        table.animate = True
        counts = _doom_clicks_compared(app, table, actions=40)
        assert counts["after action"] >= least, (size, seats, counts)
        if seats[-1] == "human":
            assert INVADER in counts["viewers"] and counts["viewers"] - {INVADER}, counts


def test_doom_a_key_blind_to_what_it_shows_fails_the_comparison(make_app, monkeypatch):
    """The comparison above sees a stale rectangle: with the side panel's key blind to what it
    shows (the marines' health and ammo, the frags, the log), a frame after an action leaves the
    side panel stale."""
    import pytest

    from game.ui.doom.table_scene import DoomTable
    from tests.ui.test_doom_play import start_game

    monkeypatch.setattr(DoomTable, "side_key", lambda self: ())
    app, table = start_game(make_app, seats=("human", "bot"))
    with pytest.raises(AssertionError, match="differs from the whole one"):
        _doom_clicks_compared(app, table, actions=30)


def test_level7_frames_drawn_in_part_are_frames_drawn_whole(make_app):
    """The Level 7 table (no map layer: the tiles under what moved are drawn again, clipped)."""
    from game.level7.rules.title import Level7Title
    from game.ui.level7.table_scene import Level7Table

    app = make_app((1280, 720))
    session = Session.start(Level7Title(), "s1", seed=4, options={"players": 2})
    table = Level7Table(app.ctx, session, ["bot", "bot"], (1280, 720), bot_delay_ms=0, animate=True)
    app.push(table)
    counts: dict = {}
    in_part, moved = _play_and_compare(app, table, actions=40, counts=counts)
    assert moved >= 10, "no figure slid in a frame drawn in part: nothing was compared"
    # A bot's action that changes nothing the map under the figures shows (view_key: the tiles
    # placed and seen, the tokens, the Hospital, what is offered) nor the step on show (a part)
    # draws the figures, parts and strips that changed.
    assert counts["after action"] >= 5, counts


def test_level7_and_convoy_keys_blind_to_what_they_show_fail_the_comparison(make_app, monkeypatch):
    """The comparison sees what a key leaves stale: Level 7's map with a view_key blind to the
    tiles seen and the tokens, Convoy's side panel with a side_key blind to the round and the log."""
    import pytest

    from game import titles
    from game.convoy.rules.title import ConvoyTitle
    from game.level7.rules.title import Level7Title
    from game.ui.convoy.table_scene import ConvoyTable
    from game.ui.level7.table_scene import Level7Table

    app = make_app((1280, 720))
    monkeypatch.setattr(Level7Table, "view_key", lambda self: ())
    session = Session.start(Level7Title(), "s1", seed=4, options={"players": 2})
    app.push(Level7Table(app.ctx, session, ["bot", "bot"], (1280, 720), bot_delay_ms=0, animate=True))
    with pytest.raises(AssertionError, match="differs from the whole one"):
        _play_and_compare(app, app.top, actions=40)
    app.scenes.pop()
    monkeypatch.setattr(ConvoyTable, "side_key", lambda self: ())
    session = Session.start(ConvoyTitle(), titles.get("convoy").default_scenario, seed=3, options={})
    app.push(ConvoyTable(app.ctx, session, ["bot", "bot"], (1280, 720), bot_delay_ms=0, animate=True))
    with pytest.raises(AssertionError, match="differs from the whole one"):
        _play_and_compare(app, app.top, actions=40, pointer=True)


def test_gears_pointer_over_the_map_redraws_the_areas_it_leaves_and_enters(make_app):
    """A person moves the pointer over the map where the squad may move: each area under it
    glows brighter (the hover), and a frame in which only that changed draws the box of the area
    left and of the area entered; it equals the whole frame, and so does every frame after it
    (the map layer's copy patched there)."""
    from game.gears import bots

    app, session, table = _gears_table(make_app, ["human"], seed=3, animate=True)
    bot = bots.SquadBot(seed=5)
    for _n in range(40):  # to the first move: the areas the squad may move to are lit
        app.run(max_frames=300 if table.busy else 1)
        if table.choices.areas and not table.busy:
            break
        table.submit(bot.decide(session.state, session.legal_actions()).action)
    app.step()
    assert table.choices.areas, "the squad has no move to light: nothing to hover"
    areas = set()
    in_part = 0
    for pos in [table.screen_of_area(a) for a in table.choices.areas] * 2 + list(islice(_pointer_path(table, 41), 400)):
        before = table.frames_in_part
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        drew = app.step()
        if drew and table.frames_in_part > before:
            in_part += 1
            areas.add(table.hover_area)
            assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), f"pointer at {pos}"
        elif drew:
            assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), f"pointer at {pos}"
    assert in_part >= 10 and len(areas) >= 5, (in_part, areas)


def test_a_lesson_table_draws_in_part_as_the_game_table_does(make_app):
    """The tutorial's table (the lesson's dimming, highlights and text over the Gears table):
    the pointer moving over the map's areas (each outlined while hovered) draws only the areas it
    leaves and enters, the lesson drawn again within them, and each frame equals the whole frame."""
    from tests.tutorial.test_overlay import open_lesson

    app, table = open_lesson(make_app, "move_cover")
    app.clock = FixedClock()
    app.step()
    areas = [table.screen_of_area(a) for a in table.state.view().board.areas]
    in_part = 0
    for pos in [p for p in areas if table.view_rect.collidepoint(p)] * 2:
        before = table.frames_in_part
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if app.step() and table.frames_in_part > before:
            in_part += 1
            assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), f"pointer at {pos}"
    assert in_part >= 5, in_part


def test_bots_play_while_the_pointer_moves_gears_doom_level7(make_app):
    """Bots play with their animations while a person moves the pointer over the whole window:
    every frame drawn in part (a figure sliding, the hover moving) equals the whole frame (what
    the pointer is over, a button, a card, a Doom figure or a Level 7 door, is in the frame's key)."""
    from game import titles
    from game.doom.rules.title import DoomTitle
    from game.gears.rules.title import GearsTitle
    from game.level7.rules.title import Level7Title
    from game.ui.doom.table_scene import DoomTable
    from game.ui.gears.table_scene import GearsTable
    from game.ui.level7.table_scene import Level7Table

    app = make_app((1280, 720))
    games = [(GearsTable, Session.start(GearsTitle(), "emergence", seed=3, options={"players": 2}), 2),
             (DoomTable, Session.start(DoomTitle(), titles.get("doom").default_scenario, seed=5, options={"marines": 2}), 3),
             (Level7Table, Session.start(Level7Title(), "s1", seed=4, options={"players": 2}), 2)]
    for table_class, session, seats in games:
        table = table_class(app.ctx, session, ["bot"] * seats, (1280, 720), bot_delay_ms=0, animate=True)
        app.push(table)
        in_part, _moved = _play_and_compare(app, table, actions=15, pointer=True)
        assert in_part >= 10, f"{table_class.__name__}: {in_part} frames drawn in part"
        app.scenes.pop()


def test_doom_figure_card_follows_the_pointer_while_figures_slide(make_app):
    """The Doom table shows a hovered figure's card beside the pointer (DESIGN.md's "hover a
    figure: its stats"): the pointer circling over a figure while the others slide moves the
    card, and each frame equals the whole frame (none keeps the card where it was)."""
    from game import titles
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.table_scene import DoomTable

    app = make_app((1280, 720))
    session = Session.start(DoomTitle(), titles.get("doom").default_scenario, seed=5, options={"marines": 2})
    table = DoomTable(app.ctx, session, ["bot"] * 3, (1280, 720), bot_delay_ms=0, animate=True)
    app.push(table)
    app.clock = FixedClock()
    compared = 0
    for n in range(3000):
        if session.is_over() or compared >= 30:
            break
        cells = [c for c in session.state.figure_cells() if c in table._seen_cells()]
        if not cells:
            app.step()
            continue
        x, y = table.screen_of_cell(cells[0])
        pos = (x + (n % 3) - 1, y + (n // 3 % 3) - 1)  # a few pixels about the figure's centre
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        drew = app.step()
        if drew and table.busy:
            compared += 1
            assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), f"pointer at {pos}"
    assert compared >= 30, compared


def test_a_frame_in_part_with_input_or_a_scene_closed_is_drawn_whole(make_app):

    app, session, table = _gears_table(make_app, ["human"], seed=3, animate=True)
    app.step()
    table.dirty = True  # something asked for a frame (not the clock)
    table.update(16)
    assert not table.draw_moving(app.screen, table._draw_map_layer)
    table._calm = True
    table.full_redraw = True  # a scene above closed
    assert not table.draw_moving(app.screen, table._draw_map_layer)


def test_merged_rectangles_cover_every_one_given():
    rects = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(100, 100, 4, 4), pygame.Rect(0, 0, 0, 3)]
    out = merged(rects)
    assert len(out) == 2
    assert all(any(o.contains(r) for o in out) for r in rects if r.width and r.height)
    many = [pygame.Rect(i * 20, 0, 5, 5) for i in range(10)]
    assert merged(many, most=6) == [pygame.Rect(0, 0, 185, 5)]


def test_the_side_panel_after_the_handoff_card_is_the_one_drawn_whole(make_app):
    """Hot-seat: behind the handoff card the log holds public lines only; once the next person
    clicks, their private lines ("You draw ...") are back. The side panel is drawn from its
    layer while its key stays the same, so the key must see the card go: the frame after the
    click equals the same state drawn whole."""
    from game.gears import bots

    app, session, table = _gears_table(make_app, ["human", "human"], seed=5, animate=False)
    chooser = {p: bots.SquadBot(seed=5 + i) for i, p in enumerate(table.players)}
    app.step()
    for _n in range(40):  # to a handoff to a seat that has drawn cards
        if table.handoff is not None and any(e.event.visible_to and table.handoff in e.event.visible_to
                                             for e in session.log):
            break
        table.handoff = None
        table.submit(chooser[session.decider].decide(session.state, session.legal_actions()).action)
        app.step()
    assert table.handoff is not None
    hidden = list(table.log)
    table.handoff = None  # what the click on the card does
    table.dirty = True
    app.step()
    assert len(list(table.log)) > len(hidden)  # the seat's own draw is readable now
    assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table))


def _gears_at_a_shot(make_app, size):
    """A one-seat Gears table played by the squad bot to a decision where Locusts may be shot
    (a hand of orders on show, targets on the map)."""
    from game.gears import bots

    app, session, table = _gears_table(make_app, ["human"], seed=3, size=size, animate=True)
    bot = bots.SquadBot(seed=5)
    for _n in range(80):
        app.run(max_frames=300 if table.busy else 1)
        if table.choices.targets and not table.busy:
            break
        table.submit(bot.decide(session.state, session.legal_actions()).action)
    app.step()
    assert table.choices.targets and table.card_rects, "no shot to take or no hand to show"
    return app, table


def _point_and_compare(app, table, points, shown) -> int:
    """Moves the pointer through `points`, one frame each; every frame drawn is compared with
    the same state drawn whole. Returns the frames drawn in part in which `shown()` held."""
    in_part = 0
    for pos in points:
        before = table.frames_in_part
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        drew = app.step()
        if drew:
            part = table.frames_in_part > before
            assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), f"pointer at {pos} (in part: {part})"
            in_part += part and shown()
    return in_part


def test_gears_hand_card_enlarged_under_the_pointer_redraws_its_old_and_new_place(make_app):
    """DESIGN.md "the active player's hand": the card under the pointer is shown large enough
    to read. The pointer going from card to card, into the map and back draws the enlarged
    card's old and new rectangles only (the hand strip and the map under them from their
    layers); each frame equals the whole frame: no enlarged card left where the pointer was."""
    app, table = _gears_at_a_shot(make_app, (1920, 1080))
    cards = [r.center for r in table.card_rects.values()]
    points = cards + cards[::-1] + [table.view_rect.center] + cards[::2] + [table.side_rect.center, cards[0]]
    in_part = _point_and_compare(app, table, points, lambda: table._hover_card is not None)
    assert in_part >= len(cards), in_part


def test_gears_figure_card_under_the_pointer_redraws_its_old_and_new_place(make_app):
    """DESIGN.md "hover a figure: its stats" (spec 8.1, 8.3: the Enemy and COG cards): a
    Locust's Enemy card or a COG's character card beside the figure under the pointer, or beside
    the COG's Squad row. Going from figure to figure, to the rows and away draws the cards' old
    and new rectangles only (over the hand strip too, where a Squad row's card reaches); each
    frame equals the whole frame."""
    for size in ((1920, 1080), (1280, 720)):
        app, table = _gears_at_a_shot(make_app, size)
        figures = [table.screen_of_figure(k) for k in list(table.state.locusts) + list(table.state.cogs)]
        rows = [r.center for r in table.squad_rows.values()]
        points = figures + rows + figures[::-1] + [table.view_rect.center] + rows[::-1] + figures[:1]
        in_part = _point_and_compare(app, table, [p for p in points if p], lambda: table.figure_card_rect is not None)
        assert in_part >= len(figures), (size, in_part)
        app.scenes.pop()


def test_gears_pointer_over_targets_while_the_attack_panel_is_up(make_app):
    """Spec 6.3 (attack sequence), the table's attack panel: with a target chosen, the panel
    with the dice and the exact wounds stays in its corner while the pointer goes over the other
    targets and the map; frames draw the hovered areas only (the panel drawn again where they
    meet it) and equal the whole frame."""
    app, table = _gears_at_a_shot(make_app, (1920, 1080))
    target = next(iter(table.choices.targets))
    pos = table.screen_of_figure(target)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()
    assert table.target == target and table.attack_choice is not None, "the click chose no target"
    panel = table.panels[-1][0]
    figures = [table.screen_of_figure(k) for k in list(table.state.locusts) + list(table.state.cogs)]
    areas = [table.screen_of_area(a) for a in table.state.view().board.areas]
    points = [p for p in figures + areas + figures[::-1] if table.view_rect.collidepoint(p) and not panel.collidepoint(p)]
    in_part = _point_and_compare(app, table, points, lambda: table.target == target)
    assert in_part >= 5, in_part




def _tour_compared(app, table, points) -> tuple[int, dict[str, set]]:
    """The pointer to each point in turn, one motion event a frame; every frame drawn (in part
    or whole) compared with the same state drawn whole. Returns the frames drawn in part and,
    for each of the title's local parts, what it showed in them."""
    in_part, shown = 0, {}
    for pos in points:
        before = table.frames_in_part
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        drew = app.step()
        if drew and table.frames_in_part > before:
            in_part += 1
            for name, (what, _r) in table.local_parts().items():
                shown.setdefault(name, set()).add(what)
        if drew:
            assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), f"pointer at {pos}"
    return in_part, shown


def test_doom_pointer_over_lit_squares_redraws_the_squares_and_the_path(make_app):
    """A marine's move (rules/doom.md section 6, Move): each lit square under the pointer is
    outlined and shows the path walked with its MP (issue 13 item 3), a figure under it its card.
    A move onto another square draws only the old and new rectangles of these (the kit's local
    parts); each frame equals the whole frame, so no outline, path or card is left where the
    pointer was."""
    from tests.ui.test_doom_play import _act, start_game

    app, table = start_game(make_app)
    app.clock = FixedClock()
    _act(app, table, "declare", action="run")
    app.step()
    squares = [c for c, acts in table.choices.squares.items() if acts[0].kind == "move"]
    assert len(squares) >= 8, "no move squares lit: nothing to hover"
    figures = [c for c in table.state.figure_cells() if c in table._seen_cells()]
    points = [table.screen_of_cell(c) for c in squares + figures] * 2
    points += list(islice(_pointer_path(table, 29), 600))
    in_part, shown = _tour_compared(app, table, points)
    paths = {guide for _lit, guide, _card in shown["hover"] if guide}
    cards = {card[1] for _lit, _guide, card in shown["hover"] if card}
    assert in_part >= 2 * len(squares), in_part
    assert len(paths) >= len(squares) // 2, "the paths were not drawn in part"
    assert cards, "no figure's card was drawn in part"


def test_level7_pointer_over_doors_placements_and_tiles_redraws_what_it_lit(make_app):
    """Level 7 (rules/level7-escape.md: exploring a door, placing the tile drawn, moving): the
    door arrow under the pointer is lit, a placement's ghost and card light under it, a tile
    under it shows its card (and, in reach, its brighter shade and the walk there). A move that
    changes one draws only its old and new rectangles (the tiles drawn again there, clipped);
    each frame equals the whole frame, so nothing lit is left where the pointer was."""
    from tests.ui.test_gears_play import do_click
    from tests.ui.test_level7_play import answer_pending, door_pos, start_game

    app, table = start_game(make_app)
    app.clock = FixedClock()
    app.step()
    explore = [a for a in table.session.legal_actions() if a.kind == "explore"]
    assert explore, "no door to explore: no arrow to hover"
    doors = [door_pos(table, a.payload["door"]) for a in explore]
    in_part, shown = _tour_compared(app, table, doors * 2 + list(islice(_pointer_path(table, 31), 500)))
    assert {d for d in shown["door"] if d} == {tuple(a.payload["door"]) for a in explore}
    assert len({card[1] for _lit, _path, card in shown["tile"] if card}) >= 1
    do_click(app, doors[0])  # explore: the placements the rules offer
    app.step()
    assert table.state.proc["pending"]["kind"] == "placement" and len(table.actions) >= 2
    ghosts = [table._screen_rect(table._ghost_rect(i)).center for i in range(len(table.actions))]
    cards = [r.center for r, _i in table.option_rects]
    placing, shown = _tour_compared(app, table, (cards + ghosts) * 2 + list(islice(_pointer_path(table, 31), 300)))
    assert {o for o in shown["placement"] if o is not None} == set(range(len(table.actions)))
    do_click(app, cards[0])
    answer_pending(app, table)
    for _n in range(200):  # the turn's event shown step by step (frames in part), then a walk
        if not table.busy:
            break
        app.step()
    walking, shown = _tour_compared(app, table, list(islice(_pointer_path(table, 23), 900)))
    assert any(lit and path for lit, path, _card in shown["tile"]), "no walk was shown to a tile in reach"
    assert in_part >= 10 and placing >= len(ghosts) and walking >= 5, (in_part, placing, walking)


def test_convoy_frames_drawn_in_part_are_frames_drawn_whole(make_app):
    """Neuroshima Convoy (no map, no figures): the bots play with the pointer moving over the
    window; a frame in which only the clock moved things (the dice) or the pointer onto or off
    the strength box (rules/convoy.md, the battle: the breakdown of both sides' strength) draws
    those rectangles only, the play area under them clipped; each equals the whole frame."""
    from game import titles
    from game.convoy.rules.title import ConvoyTitle
    from game.ui.convoy.table_scene import ConvoyTable

    app = make_app((1280, 720))
    session = Session.start(ConvoyTitle(), titles.get("convoy").default_scenario, seed=3, options={})
    table = ConvoyTable(app.ctx, session, ["bot", "bot"], (1280, 720), bot_delay_ms=0, animate=True)
    app.push(table)
    counts: dict = {}
    in_part, _moved = _play_and_compare(app, table, actions=40, pointer=True, counts=counts)
    assert in_part >= 10, in_part
    # Most Convoy actions change the play area (a card into a city, a hand's size, the
    # strengths): drawn whole; those that change only the strips (the person's hand, the
    # round's section, the log) are drawn in part (view_key).
    assert counts["after action"] >= 2, counts
    app.scenes.pop()

    session = Session.start(ConvoyTitle(), titles.get("convoy").default_scenario, seed=3, options={})
    table = ConvoyTable(app.ctx, session, ["human", "human"], (1280, 720), animate=True)
    app.push(table)
    app.clock = FixedClock()
    app.step()
    if table.handoff is not None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=table.view_rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=table.view_rect.center, button=1))
        app.step()
    box = table.strength_rect
    assert box is not None, "no strength box: no battle city"
    around = [box.center, (box.left - 3, box.centery), box.topleft, (box.right + 3, box.bottom + 3), box.midbottom,
              (box.centerx, box.top - 4)] * 3
    in_part, shown = _tour_compared(app, table, around + list(islice(_pointer_path(table, 37), 300)))
    assert sum(1 for what in shown["strength"] if what) >= 1 and in_part >= 6, (in_part, shown)


def _clicks_compared(app, table, actions: int, into: dict | None = None) -> tuple[int, int]:
    """The people play `actions` actions by clicks (moves, cards, attacks, hand-offs) with the
    bots' choices, a bot seat's in the loop; every frame drawn in part, the ones after a click that acted included, is
    compared with the same state drawn whole. Returns (frames drawn in part, those in which the
    game changed); `into` gets the counts, "card up" the frames drawn in part in which the
    hand-off card came up (each also checked for the hand face down and public log lines),
    "card down" those after the click that took it down, "squad kept" the card-up frames that
    did not paint the Squad section (who decides is its ring, a part of its own)."""
    from game.gears import bots
    from tests.ui.test_gears_play import play_by_clicks

    app.clock = FixedClock()
    session = table.session
    counts = {"in part": 0, "after action": 0, "card up": 0, "card down": 0, "squad kept": 0}
    draw, seen = app.draw, [table.state_version, table.handoff]

    def compared(surface) -> None:
        before = table.frames_in_part
        squad = table.section_layers.get("squad")
        squad_drawn = squad.drawn if squad is not None else None
        draw(surface)
        if table.frames_in_part > before:
            counts["in part"] += 1
            counts["after action"] += table.state_version != seen[0]
            counts["card down"] += table.handoff is None and seen[1] is not None
            if table.handoff is not None and seen[1] is None:  # the hand-off card came up in this frame
                counts["card up"] += 1
                counts["squad kept"] += squad is not None and squad.drawn == squad_drawn
                # Behind it: the hand face down, the log's public lines only.
                assert table.card_rects == {}
                assert all(table._log[i][1] is None for i in table.log._at), "a private line behind the card"
            got = pygame.image.tobytes(app.screen, "RGB")
            assert same_frame(got, _whole(app, table)), f"frame drawn in part differs from the whole one (action {len(session.actions)})"
        seen[0], seen[1] = table.state_version, table.handoff

    app.draw = compared
    _people_click(app, table, actions, {p: bots.SquadBot(seed=5 + i) for i, p in enumerate(table.players)},
                  lambda action: play_by_clicks(app, table, action), rounds=4, patience=200)
    if into is not None:
        into.update(counts)
    return counts["in part"], counts["after action"]


def test_gears_frames_after_clicks_that_act_are_frames_drawn_whole(make_app):
    """Two people at one desk (hand-offs between them), then a person and a bot, play by
    clicks: the frame after a click or a bot's decision that changes the game (a log line, a
    hand card gone, the lit areas moved, a figure's rings, a cover taken) is drawn in part, the
    map's floor not painted again, and each such frame equals the same state drawn whole."""
    from tests.ui.test_gears_play import start_game

    for size, seats, least in (((1280, 720), ("human", "human"), 5), ((1920, 1080), ("human", "bot"), 10)):
        app, table = start_game(make_app, seats=seats, size=size)
        in_part, after_action = _clicks_compared(app, table, actions=30)
        assert after_action >= least, (size, seats, in_part, after_action)


def test_gears_hand_off_card_comes_up_over_a_frame_drawn_in_part(make_app):
    """Two people at one desk play by clicks: the frame in which the hand-off card comes up is
    drawn in part (the strips, sprites and lit choices that changed, as they show behind the
    card: the hand face down, the log's public lines), then dimmed whole with the card over it;
    the frame after the click that takes it down is the table kept under it with what the next
    person may see drawn in part (their hand's faces, their private lines); each equals the same
    state drawn whole (issue 19). Built (tests/gears/built.py) before the first action: every
    attack die rolls a blank, so no wound changes the Squad section under a hand-off card and
    the count of cards that come up over a kept Squad section is the game's, whatever the
    enemy data says."""
    from tests.gears.built import BLANK, stack_dice
    from tests.ui.test_gears_play import start_game

    app, table = start_game(make_app, seats=("human", "human"), size=(1280, 720))
    assert not table.session.actions
    stack_dice(table.session.state, attack=[BLANK] * 3000)
    counts: dict = {}
    _clicks_compared(app, table, actions=30, into=counts)
    assert counts["card up"] >= 5 and counts["card down"] >= 5, counts
    assert counts["squad kept"] >= 3, counts


def test_the_deciders_ring_blind_fails_the_comparison(make_app, monkeypatch):
    """Who decides is not in the Squad section's key: the ring round the deciding COG's dot is a
    part of its own over the side panel (GearsTable._ring_part), so a hand-off draws the two
    rings' boxes, not the Squad section. With that part blind (always the same), a frame in
    part after the decision passed keeps the old ring, which the comparison sees."""
    import pytest

    from game.ui.gears.table_scene import GearsTable
    from tests.ui.test_gears_play import start_game

    monkeypatch.setattr(GearsTable, "_ring_part", lambda self: (None, []))
    app, table = start_game(make_app, seats=("human", "human"), size=(1280, 720))
    with pytest.raises(AssertionError, match="differs from the whole one"):
        _clicks_compared(app, table, actions=30)


def test_gears_hand_off_card_with_a_new_message_is_drawn_whole(make_app, monkeypatch):
    """The frame under the card is drawn in part only while what it shows besides the card and
    the viewer stays (`GameTable._under_card`): a message said with every third action (the
    message line lies in no rectangle drawn in part) must show behind the card as a whole frame
    shows it; the other hand-offs still come up over a frame drawn in part."""
    from game.ui.gears.table_scene import GearsTable
    from tests.ui.test_gears_play import start_game

    submit = GearsTable.submit

    def noted(self, action):
        done = submit(self, action)
        if done and len(self.session.actions) % 3 == 0:
            self.message, self.message_ok = f"Note {len(self.session.actions)}", True
        return done

    monkeypatch.setattr(GearsTable, "submit", noted)
    app, table = start_game(make_app, seats=("human", "human"), size=(1280, 720))
    counts: dict = {}
    _clicks_compared(app, table, actions=30, into=counts)
    assert counts["card up"] >= 2, counts


def test_a_strip_left_stale_after_an_action_fails_the_comparison(make_app, monkeypatch):
    """The comparison above sees a stale rectangle: with the hand strip's key blind to the
    hand (its cards and ammunition), a frame after an action leaves the old strip on screen."""
    import pytest

    from game.ui.gears.table_scene import GearsTable
    from tests.ui.test_gears_play import start_game

    monkeypatch.setattr(GearsTable, "hand_key", lambda self: ())
    app, table = start_game(make_app, seats=("human", "human"))
    with pytest.raises(AssertionError, match="differs from the whole one"):
        _clicks_compared(app, table, actions=30)


def test_level7_pointer_over_the_reroll_buttons_rings_their_dice(make_app, config_dir):
    """Level 7's reroll (Lucky, spec: reroll one die once a turn): the dice panel rings the dice
    of the option button under the pointer. The pointer onto a reroll button, onto another and
    away: each frame equals the same state drawn whole, so the rings follow the pointer and none
    is left from the button it left."""
    from tests.ui.test_level7_play import start_at_a_reroll

    app, table = start_at_a_reroll(make_app)
    assert table.state.proc["pending"]["kind"] == "reroll"
    app.clock = FixedClock()
    app.step()
    options = [r.center for r, _l, w in table.buttons if getattr(w, "kind", "") == "reroll" and w.payload.get("dice")]
    assert len(options) >= 2, "fewer than two reroll buttons with dice: nothing to ring"
    away = table.view_rect.center
    _tour_compared(app, table, [options[0], away, options[1], options[0], away, options[-1], away])
    panel = table.panels[-1][0]  # the dice panel
    frames = []
    for pos in (options[0], away):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        frames.append(pygame.image.tobytes(app.screen.subsurface(panel), "RGB"))
    assert not same_frame(*frames), "the pointer on a reroll button rang no die"


def test_a_prompt_column_that_appears_after_a_click_is_drawn(make_app):
    """Doom at 1280x720 (seed 7, two marines): Declare Run offers 'Give Green 1 rockets/grenades
    (1 MP)', 'Give Green 1 shells/bullets (1 MP)' and 'End the turn'; the first did not fit in
    the prompt's row and went in a column below it, over the map (now paged in the strip). The frame after the click
    was drawn in part, the prompt's strip alone, and the column was not on screen though it
    answered clicks. Each frame equals the frame drawn whole."""
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.table_scene import DoomTable
    from tests.ui.conftest import click, move

    app = make_app((1280, 720))
    session = Session.start(DoomTitle(), "knee_deep", seed=7, options={"marines": 2})
    table = DoomTable(app.ctx, session, ["human", "human", "bot"], (1280, 720), animate=True)
    app.push(table)
    app.clock = FixedClock()
    for _ in range(3):
        app.step()
    run = next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run")
    at = next(r.center for r, _l, w in table.buttons if w == run)
    move(at)  # the pointer onto the button, a frame, then the click, as a person's hand does
    app.step()
    click(at)
    for _ in range(3):
        app.step()
        assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), "not the frame drawn whole"
    give = [r for r, _l, w in table.buttons if getattr(w, "kind", "") == "give"]
    assert give and all(table.prompt_rect.contains(r) for r, _l, _w in table.buttons
                        if table.prompt_rect.colliderect(r))  # paged in the strip, none over the map


def test_the_end_panel_comes_up_after_the_last_move_slides(make_app):
    """A Doom game won by a marine's run to the exit (seen in a watch game of Knee-Deep in the
    Dead): the frame taken while the run still slid had the game over but no end panel yet (it
    waits for the move), and every frame after it was drawn in part with the same key, so the
    Victory panel never came up. When it is due, the frame is drawn whole with it."""
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.table_scene import DoomTable

    app = make_app((1280, 720))
    session = Session.start(DoomTitle(), "knee_deep", seed=1, options={"marines": 1})
    state = session.state
    red = state.seats[0]
    state.marines[red].cell = (38, 8)  # before the exit's security door, unlocked and open
    state.revealed += ["A7", "A8"]
    state.closed.remove("D5")
    table = DoomTable(app.ctx, session, ["human", "bot"], (1280, 720), bot_delay_ms=0, animate=True)
    app.push(table)
    app.clock = FixedClock()
    app.step()
    table.submit(next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run"))
    for _ in range(5):
        app.step()
    table.submit(next(a for a in session.legal_actions() if a.kind == "move" and tuple(a.payload["to"]) in state.map.areas["A8"]))
    assert session.is_over()
    steps = 0
    while table.busy and steps < 2000:
        app.step()
        steps += 1
    assert not table.busy
    for _ in range(3):
        app.step()
    assert table._end_shown()
    assert same_frame(pygame.image.tobytes(app.screen, "RGB"), _whole(app, table)), "the end panel is not on the screen"
