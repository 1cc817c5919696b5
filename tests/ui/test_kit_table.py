"""The shared table pieces (game/ui/kit) serve a title that is not Gears: the engine's toy duel
gets, from GameTable alone, acting through the prompt buttons, autosave after every action and
Continue from it, undo refused with the engine's reason at hidden information, bots' turns,
the hot-seat handoff hiding the hand, the end panel with the autosave discarded, saves kept
apart per title, and watch mode. All through posted events in the real loop, as the Gears tests do."""
from __future__ import annotations

import pygame
import pytest

from game.engine.protocol import Action
from game.engine.session import Session
from game.engine.toy import PLAYERS, ToyTitle
from game.ui.kit import hand, watch
from game.ui.kit.dice_tray import DiceRoll, ShownDie
from game.ui.kit import game_table
from game.ui.kit.game_table import GameTable
from game.ui.kit.saves import SaveStore
from tests.ui.conftest import key
from tests.ui.test_gears_play import do_click as press

PREFERENCE = ("strike", "guard", "draw", "take", "end")  # a duel that ends


def preferred(actions: list[Action]) -> Action:
    return min(actions, key=lambda a: PREFERENCE.index(a.kind))


class ToyBot:
    def choose(self, actions: list[Action]) -> Action:
        return preferred(actions)


class ToyTable(GameTable):
    """A whole title table in a few lines: layout, buttons from the legal actions, the hand."""

    key = "toy"
    saves = SaveStore("toy", ToyTitle, players=lambda state: list(PLAYERS))

    def make_bot(self, i: int):
        return ToyBot()

    def saved_note(self) -> str:
        return "Saved as {name}."

    def handoff_note(self) -> str:
        return "The hand is hidden."

    def ai_heading(self) -> str:
        return "AI"

    def ai_empty(self) -> str:
        return "No AI here."

    def hint(self) -> str:
        return "Choose an action."

    def prompt_choices(self):
        return None, [(a.text, a, False) for a in self.session.legal_actions()]

    def card_face(self, card: str):
        return card, "A card of the toy duel."

    def outcome(self):
        return None if self.state.phase != "over" else ("won" if self.state.winner == "A" else "lost")

    def animate_event(self, event, positions) -> None:
        if event.kind == "roll":
            faces = ("dice/d6_1.png", "dice/d6_2.png", "dice/d6_3.png")
            self.dice = DiceRoll(event.text, [ShownDie(faces[i % 3], faces, i, i) for i in range(3)], "rolled")

    def _layout(self, size) -> None:
        w, h = size
        self._size = size
        self.toolbar_rect = pygame.Rect(0, 0, w, 48)
        self.prompt_rect = pygame.Rect(0, 48, w - 300, 44)
        self.side_rect = pygame.Rect(w - 300, 48, 300, h - 48)
        self.hand_rect = pygame.Rect(0, h - 200, w - 300, 200)
        self.view_rect = pygame.Rect(0, 92, w - 300, h - 292)

    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        surface.fill(self.ctx.palette.table)
        self.buttons = []
        self._draw_toolbar(surface)
        self._draw_prompt(surface)
        cards = self.state.hands.get(self.viewer or "", [])
        self.card_rects, self._hover_card = hand.draw_hand(
            surface, self.ctx, self.hand_rect, cards, self.card_face, lambda c: "normal", self.mouse,
            "doom_marine" if self.handoff is not None else None, frame="generic")
        self._draw_side(surface)
        self._draw_overlays(surface)


def open_toy(make_app, seats, seed=3, casual=False):
    app = make_app((1280, 720))
    session = Session.start(ToyTitle(), "duel", seed=seed, options={}, casual=casual)
    table = ToyTable(app.ctx, session, seats, app.screen.get_size(), bot_delay_ms=0)
    app.push(table)
    app.run(max_frames=2)
    return app, table


def button_for(table, action):
    return next(rect.center for rect, _label, what in table.buttons if what == action)


def every_prompt_page(app, table) -> list[list[tuple[pygame.Rect, str, object]]]:
    """The prompt's buttons page by page (the arrows clicked until the last page), from the
    first page; each page's buttons (rect, label, what) left to right, the arrows left out."""
    while (prev := next((r for r, _l, w in table.buttons if w == "prompt:prev"), None)) is not None \
            and table._prompt_paged[0] > 0:
        press(app, prev.center)
    pages = []
    while True:
        pages.append(sorted(((r, l, w) for r, l, w in table.buttons if table.prompt_rect.colliderect(r)
                             and w not in ("prompt:prev", "prompt:next")), key=lambda b: b[0].left))
        nxt = next((r for r, _l, w in table.buttons if w == "prompt:next"), None)
        if nxt is None or table._prompt_paged[0] + 1 >= table._prompt_paged[1]:
            return pages
        press(app, nxt.center)


def act(app, table) -> None:
    """The person's preferred legal action, by clicking its prompt button."""
    want = preferred(table.session.legal_actions())
    press(app, button_for(table, want))


def test_a_toy_duel_plays_to_the_end_on_the_shared_table(make_app, config_dir):
    app, table = open_toy(make_app, ["human", "bot"])
    for _ in range(30):
        if not table.is_bot(table.session.decider):
            break
        app.run(max_frames=5)
    assert table.session.decider is not None and not table.is_bot(table.session.decider)
    autosave = config_dir / "saves" / "autosave-toy.json"
    draws = [a for a in table.session.legal_actions() if a.kind == "draw"]
    assert draws, "the toy's first turn offers a draw"
    before = len(table.session.actions)
    press(app, button_for(table, draws[0]))
    assert len(table.session.actions) > before and table.session.actions[before] == draws[0]
    assert autosave.is_file()  # autosave after every action
    resumed = ToyTable.from_autosave(app.ctx)  # the menu's Continue
    assert resumed.session.state_hash() == table.session.state_hash() and resumed.seats == ["human", "bot"]
    # A card was drawn (hidden information): undo says why not, in the engine's words.
    refusal = table.session.undo_refusal()
    assert refusal is not None and "hidden information" in refusal
    key(pygame.K_u)
    app.run(max_frames=1)
    assert table.message == refusal and len(table.session.actions) == before + 1
    for _ in range(600):
        if table.session.is_over():
            break
        if table.busy:
            press(app, table.view_rect.center)  # a click skips the roll
        elif table.is_bot(table.session.decider):
            app.run(max_frames=2)
        else:
            act(app, table)
    assert table.session.is_over()
    if table.busy:
        press(app, table.view_rect.center)  # the end panel waits for the last roll; a click skips it
    app.run(max_frames=1)
    assert [b.label for b in table.end_buttons] == ["New game", "Main menu"]
    assert not autosave.exists()  # nothing left to continue
    assert any("wins" in line or "draw" in line for line in table.log)


def test_hot_seat_hides_the_hand_until_the_next_person_clicks(make_app, config_dir):
    app, table = open_toy(make_app, ["human", "human"])
    first = table.session.decider
    assert table.handoff == first and table.card_rects == {}
    # Nor do the prompt's buttons, which name the hand's cards ('Strike with ...'), behind the card.
    assert not [label for _r, label, what in table.buttons if isinstance(what, Action)]
    press(app, table.view_rect.center)
    assert table.handoff is None and table.card_rects  # the hand shows now
    app.run(max_frames=1)
    hand = table.state.hands[first]
    assert any(c in label for _r, label, what in table.buttons if isinstance(what, Action) for c in hand)
    # End the turn: the other person takes over, behind the handoff card again.
    for _ in range(10):
        if table.session.decider != first:
            break
        ends = [a for a in table.session.legal_actions() if a.kind == "end"]
        press(app, button_for(table, ends[0] if ends else preferred(table.session.legal_actions())))
    assert table.session.decider != first and table.handoff == table.session.decider


def test_casual_table_undoes_past_a_draw(make_app, config_dir):
    app, table = open_toy(make_app, ["human", "human"], casual=True)
    press(app, table.view_rect.center)  # past the handoff
    draw = next(a for a in table.session.legal_actions() if a.kind == "draw")
    before = list(table.log)
    press(app, button_for(table, draw))
    n = len(table.session.actions)
    drawn = [line for line in table.log if line not in before]
    assert drawn  # the draw's lines
    key(pygame.K_u)
    app.run(max_frames=1)
    assert len(table.session.actions) == n - 1 and table.log[-1] == "Undone."
    # What the undo took back is gone from the log: it is the log of the game as it now stands.
    assert table.log[:-1] == before


def test_each_title_lists_only_its_own_saves(make_app, config_dir):
    app, table = open_toy(make_app, ["human", "bot"])
    assert table.saves.begin(table.session, table.seats) is None  # as a set-up screen starts a game
    path = table.save_game()
    assert path is not None and path.name.startswith("toy-duel-turn") and table.message_ok
    toy, gears = ToyTable.saves, SaveStore("gears", ToyTitle)
    assert {e.path for e in toy.list_saves()} == {path, toy.autosave_path()}
    assert gears.list_saves() == [] and not gears.has_autosave()
    assert toy.load(path).session.state_hash() == table.session.state_hash()


def test_watch_mode_runs_any_titles_table(make_app, config_dir, tmp_path):
    app = make_app((1280, 720))
    store = ToyTable.saves

    def start():
        return Session.start(ToyTitle(), "duel", seed=5, options={})

    def make(session, save, delay):
        return ToyTable(app.ctx, session, ["bot", "bot"], app.screen.get_size(), save, bot_delay_ms=delay)

    shots = tmp_path / "shots"
    assert watch.run(app, "toy", start, make, store.watch_path(), True, 30, shots, 10) == 0
    assert sorted(p.name for p in shots.iterdir()) == ["toy-00001.png", "toy-00002.png", "toy-00003.png"]
    assert store.watch_path().is_file() and not store.has_autosave()


def test_the_log_keeps_the_whole_game_and_scrolls_back(make_app, config_dir):
    """Issue 21 item 5: the log showed about 15 lines and could not be scrolled. Every line of
    the game is kept; the wheel over the log reads back (a note then says how many newer lines
    are below) and End returns to the newest."""
    app, table = open_toy(make_app, ["human", "bot"])
    for _ in range(200):
        if table.session.is_over() or len(table.session.log.texts_for(None)) > 20:
            break
        if not table.is_bot(table.session.decider):
            table.submit(preferred(table.session.legal_actions()))
        app.run(max_frames=3)
    public = table.session.log.texts_for(None)
    assert len(public) > 15 and table.log[:len(public[:3])] == [table._words(t) for t in public[:3]]
    assert table._log_rect is not None
    pos = table._log_rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.run(max_frames=1)
    assert table.log_scroll >= 3  # (more when a bot acted meanwhile: the view stays put)
    key(pygame.K_END)
    app.run(max_frames=1)
    assert table.log_scroll == 0


def test_new_game_opens_the_titles_own_set_up_screen_from_the_registry(make_app):
    """A table opened by Continue (not from its set-up screen) offers New game at the end: the
    kit asks the registry's UI entry for the title's set-up screen, the one the menu opens."""
    from game.doom.rules.title import DoomTitle
    from game.gears.rules.title import GearsTitle
    from game.ui.doom.setup_scene import DoomSetup
    from game.ui.doom.table_scene import DoomTable
    from game.ui.gears.setup_scene import GearsSetup
    from game.ui.gears.table_scene import GearsTable

    app = make_app((1280, 720))
    gears = GearsTable(app.ctx, Session.start(GearsTitle(), "emergence", 1, {"players": 1}), ["human"], (1280, 720))
    assert isinstance(gears.setup_scene(), GearsSetup)
    doom = DoomTable(app.ctx, Session.start(DoomTitle(), "knee_deep", 1, {"marines": 1}), ["human", "bot"], (1280, 720))
    assert isinstance(doom.setup_scene(), DoomSetup)


def test_many_choices_all_get_a_button_that_answers(make_app, config_dir):
    """A question with more options than the prompt row holds (every area a grenade can
    reach...): the rest are paged in the strip, every one clickable on its page, none dropped,
    none overlapping another (they had gone in columns over the map)."""
    app, table = open_toy(make_app, ["human", "human"])
    if table.handoff is not None:  # the hot-seat screen first
        press(app, table.view_rect.center)
    legal = table.session.legal_actions()
    many = [(f"Option number {i}", legal[0] if i == 25 else f"noop:{i}", False) for i in range(40)]
    table.prompt_choices = lambda: (None, many)
    table.dirty = True
    app.run(max_frames=1)
    pages = every_prompt_page(app, table)
    assert [what for page in pages for _r, _l, what in page] == [what for _l, what, _p in many]
    for page in pages:
        rects = [r for r, _l, _w in page]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert all(table.prompt_rect.contains(r) for r in rects)
    steps = len(table.session.actions)
    while not any(w == legal[0] for _r, _l, w in table.buttons):  # on its page
        press(app, next(r for r, _l, w in table.buttons if w == "prompt:prev").center)
    press(app, next(r for r, _l, w in table.buttons if w == legal[0]).center)
    assert len(table.session.actions) == steps + 1 and table.session.actions[-1] == legal[0]


def test_a_long_question_reads_whole_beside_its_buttons(make_app, config_dir):
    """A question whose words need more than two lines beside its buttons ('Subject 2: discard
    an adrenaline card (attacked by Clone 1...)' with four Discard buttons, Level 7 at 1280x720):
    buttons are paged in the strip while the question reads whole in two lines; before, its
    third line was dropped, the question cut mid-sentence with nothing to say so."""
    app, table = open_toy(make_app, ["human", "human"])
    if table.handoff is not None:
        press(app, table.view_rect.center)
    legal = table.session.legal_actions()
    question = ("Subject 2: discard an adrenaline card (attacked by Clone 1: 4 Strength icons against "
                "Toughness 1; Subject 2 discards 3 adrenaline cards and gains 1 Fear, seed p. 4, 13)?")
    options = [(f"Discard Hold Your Breath {i}", legal[0] if i == 0 else f"noop:{i}", False) for i in range(4)]
    table.prompt_choices = lambda: (question, options)
    table.dirty = True
    app.run(max_frames=1)
    # whole in the strip: two lines, or three a size smaller where that brings every option beside it
    assert " ".join(table._prompt_lines) == question and len(table._prompt_lines) <= 3
    assert not any(kind == "prompt" for _r, kind in table.panels)
    shown = [what for page in every_prompt_page(app, table) for _r, _l, what in page]
    assert shown == [what for _l, what, _p in options]  # none dropped, in their order
    # Words that cannot fit even three lines a size smaller are paged in the strip, every word
    # on a page (they had ended in an ellipsis in a box over the map).
    long = " ".join([question] * 6)
    table.prompt_choices = lambda: (long, options)
    table.dirty = True
    app.run(max_frames=1)
    assert " ".join(table._prompt_lines) == long and "\u2026" not in " ".join(table._prompt_lines)
    assert len(table._prompt_shown) <= 3 and not any(kind == "prompt" for _r, kind in table.panels)


def test_a_prompt_longer_than_two_lines_is_paged_in_its_strip(make_app, config_dir):
    """Doom's no-target reason after Declare Fire ('Piros tengerészgyalogos: nincs célpont: ...
    Válassz a gombok közül.') needs three lines at 1280x720 in Hungarian and Greek: the strip
    holds two, and it ended in '…'. Three lines a size smaller now fit the strip; what is longer
    is paged in the strip, a button beside the words turning the pages (it went on in a box
    under the strip, over the map's figures); the question reads whole."""
    app, table = open_toy(make_app, ["human", "human"])
    if table.handoff is not None:
        press(app, table.view_rect.center)
    legal = table.session.legal_actions()
    question = ("Piros tengerészgyalogos: nincs célpont: nincs látható betolakodó vagy hordó ehhez: Pisztoly; "
                "egy sincs mellette (Piros tengerészgyalogos) ehhez: Ököl; egy sincs 8 mezőn belül nyitott úton "
                "(fal és zárt ajtó nélkül) ehhez: Kézigránát. Válassz a gombok közül.")
    table.prompt_choices = lambda: (question, [("A kör vége", legal[0], True)])
    table.dirty = True
    app.run(max_frames=1)
    # Three lines a size smaller fit the strip itself: nothing laid over the map, no pages.
    assert len(table._prompt_lines) == 3 and " ".join(table._prompt_lines) == question
    assert table._prompt_shown == table._prompt_lines
    assert not any(what == "prompt:text" for _r, _l, what in table.buttons)
    # Longer still: pages in the strip.
    question += " " + question
    table.dirty = True
    app.run(max_frames=1)
    assert len(table._prompt_lines) > 3 and " ".join(table._prompt_lines) == question
    assert not any(kind == "prompt" for _r, kind in table.panels)
    turn = next(rect for rect, _l, what in table.buttons if what == "prompt:text")
    end = next(rect for rect, _l, what in table.buttons if what == legal[0])
    assert table.prompt_rect.contains(end) and table.prompt_rect.contains(turn) and not turn.colliderect(end)
    first = table._prompt_shown
    press(app, turn.center)
    assert table._prompt_shown != first and table.session.actions == []  # the page turned, nothing chosen
    table.message = "Nem most."
    table.dirty = True
    app.run(max_frames=1)
    assert table.message_rect is not None and not table.message_rect.colliderect(table.prompt_rect)
    # Two lines are the strip's own: no pages.
    table.prompt_choices = lambda: ("Piros tengerészgyalogos: nincs célpont.", [("A kör vége", legal[0], True)])
    table.message = ""
    table.dirty = True
    app.run(max_frames=1)
    assert len(table._prompt_lines) == 1 and not any(what == "prompt:text" for _r, _l, what in table.buttons)


def test_a_long_option_reads_whole_in_its_button(make_app, config_dir):
    """An option whose words are longer than a prompt button ('Shuffle the hand back and draw 4
    new cards', Convoy at 1280x720; 'Give Green 1 rockets/grenades (1 MP)', Doom) shows them
    whole in two lines inside it, in the row and paged in the strip; it was cut with an
    ellipsis. The buttons keep their width, so the row holds the same buttons as before (a
    wider button moved a lesson's prompt off the row and off its partial frames)."""
    app, table = open_toy(make_app, ["human", "human"])
    if table.handoff is not None:
        press(app, table.view_rect.center)
    legal = table.session.legal_actions()
    options = [("Keep this hand", legal[0], True), ("Shuffle the hand back and draw 4 new cards", "noop:1", False),
               ("Give Green 1 rockets/grenades (1 MP) and a long tail of words", "noop:2", False)]
    px = table.ctx.px
    for question in ("Keep or shuffle?",
                     ("Moloch: keep your starting hand or shuffle it back and draw 4 new cards, seed "
                      "p. 6: the Outpost does the same after you, and then the first round begins.")):
        table.prompt_choices = lambda q=question: (q, options)
        table.dirty = True
        app.run(max_frames=1)
        drawn = {what: (rect, label) for page in every_prompt_page(app, table) for rect, label, what in page}
        for label, what, _p in options:
            rect, shown = drawn[what]
            assert rect.width <= px(360)
            font, lines = table.button_lines(rect, label)
            assert " ".join(lines) == label, f"{label!r} is cut in its button: {lines}"
            assert all(font.size(line)[0] <= rect.width - px(12) for line in lines)
            assert len(lines) * font.get_linesize() <= rect.height
        assert " ".join(table._prompt_lines) == question


def test_prompt_buttons_widen_with_the_window(make_app, config_dir):
    """At 1280x720 a prompt button is at most 300 px wide (the lessons' frames around buttons
    are laid so); in a wider window the cap grows with it: at 1920x1080 Convoy's 'Shuffle the
    hand back and draw 4 new cards' reads on one line in the row, which has the room (it wrapped
    in a 300 px button)."""
    label = "Shuffle the hand back and draw 4 new cards"
    widths = {}
    for size in ((1280, 720), (1920, 1080)):
        app = make_app(size)
        table = ToyTable(app.ctx, Session.start(ToyTitle(), "duel", seed=3, options={}), ["human", "human"], size,
                         bot_delay_ms=0)
        app.push(table)
        app.run(max_frames=2)
        if table.handoff is not None:
            press(app, table.view_rect.center)
        legal = table.session.legal_actions()
        table.prompt_choices = lambda: ("Keep or shuffle?", [("Keep this hand", legal[0], True), (label, "noop:1", False)])
        table.dirty = True
        app.run(max_frames=1)
        rect = next(rect for rect, shown, what in table.buttons if what == "noop:1")
        assert table._prompt_paged is None and rect.bottom <= table.prompt_rect.bottom  # in the row
        widths[size] = (rect.width, table.button_lines(rect, label)[1])
    px = app.ctx.px
    assert widths[(1280, 720)][0] == px(300) and len(widths[(1280, 720)][1]) == 2  # as it was
    assert widths[(1920, 1080)][0] > px(300) and widths[(1920, 1080)][1] == [label]


@pytest.mark.parametrize("key, seats, heading", [
    ("convoy", ["bot", "bot"], None), ("convoy", ["human", "human"], None), ("convoy", ["human", "bot"], "side"),
    ("doom", ["bot", "bot"], None), ("doom", ["human", "human"], None), ("doom", ["human", "bot"], "side"),
    ("gears", ["bot", "bot"], "side"), ("gears", ["human", "human"], "side"),
])
def test_the_end_panel_says_game_over_where_no_one_at_the_table_won_alone(make_app, key, seats, heading):
    """Watching two Convoy bots, the end panel read 'Victory' (for whom?), and two people
    hot-seat both read 'Victory'. Where the sides compete (Doom, Convoy) and the table's people
    are on both sides or on none, it reads 'Game over' and the summary names the winner; one
    side's people read Victory or Defeat; a co-operative squad reads them always."""
    from tools import monkey

    app = make_app((1280, 720))
    parts = monkey.table_parts(app, key, seats, 3)
    table = parts["make_table"](parts["start"](), parts["save"], 0)
    got = table.end_won()
    if heading is None:
        assert got is None
    else:
        assert got in (True, False) and got == table.won()


def test_the_handoff_card_only_where_the_next_view_shows_what_the_last_may_not(make_app, config_dir):
    """GameTable.needs_handoff: a title that says nothing keeps the card at every change of
    person; one whose seat views show nothing private (shown_only_to empty) passes the desk
    without it, unless a log line only the next person may read is there."""
    a, b = PLAYERS
    app, table = open_toy(make_app, ["human", "human"])
    assert table.needs_handoff(a, b) and table.needs_handoff(None, b)

    class OpenHands(ToyTable):
        def shown_only_to(self, player: str) -> tuple:
            return ()

    session = Session.start(ToyTitle(), "duel", seed=3, options={})
    table = OpenHands(app.ctx, session, ["human", "human"], app.screen.get_size(), bot_delay_ms=0)
    assert table.handoff is None and table.viewer == session.decider
    table._log = [(line, who) for line, who in table._log if who is None]
    assert not table.needs_handoff(a, b) and not table.needs_handoff(None, b)
    table._log.append(("You draw the Ace.", (b,)))
    assert table.needs_handoff(a, b) and table.needs_handoff(None, b)
    assert not table.needs_handoff(b, a)  # that line is b's: nothing of it in a's view
    table._log.append(("Both see this.", (a, b)))
    assert not table.needs_handoff(b, a)


def test_buttons_too_many_for_the_row_keep_their_order(make_app, config_dir):
    """Four Guard options and Cancel at 1920x1080 (Gears, Blind Fire held): the row held the last
    three options and Cancel, and the first option stood alone in the column below, so the
    options read 2, 3, 4, then 1. The options read in their order page by page (paged in the
    strip, no longer in a column over the map), a Cancel (not a lit choice) at the right end of
    every page."""
    app, table = open_toy(make_app, ["human", "human"])
    if table.handoff is not None:
        press(app, table.view_rect.center)
    legal = table.session.legal_actions()
    options = [(f"Guard: Lancer Assault Rifle, option {i}", legal[0] if i == 0 else f"noop:{i}", True) for i in range(6)]
    options.append(("Cancel", "noop:cancel", False))
    table.prompt_choices = lambda: ("Blind Fire: how will you use it?", options)
    table.dirty = True
    app.run(max_frames=1)
    whats = [what for _l, what, _p in options]
    pages = every_prompt_page(app, table)
    assert len(pages) > 1
    for page in pages:  # the Cancel at the right end of every page
        assert max(page, key=lambda b: b[0].left)[2] == "noop:cancel"
    shown = [what for page in pages for _r, _l, what in sorted(page, key=lambda b: b[0].left) if what != "noop:cancel"]
    assert shown == whats[:-1]
    # A question's options, all plain (no lit choice, no way out): in their order, the last
    # included (Belly of the Beast's spawn order in Hungarian at 1280x720 put the second first).
    plain = [(label, what, False) for label, what, _p in options]
    table.prompt_choices = lambda: ("Blind Fire: how will you use it?", plain)
    table.dirty = True
    app.run(max_frames=1)
    shown = [what for page in every_prompt_page(app, table) for _r, _l, what in sorted(page, key=lambda b: b[0].left)]
    assert shown == whats


GREEK_OPTIONS = ["Φύλαξη: Τυφέκιο εφόδου Lancer, επιλογή {i}", "Αποφυγή με την κάρτα Βουτιά στην κάλυψη {i}",
                 "Καλυπτική θέση πίσω από τα συντρίμμια της περιοχής {i}"]


@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1280, 720), 1.25), ((1920, 1080), 1.25)])
def test_many_long_answers_stay_in_the_prompt_strip(make_app, config_dir, size, scale, tmp_path):
    """Greek and Hungarian answers at 1280x720 (Gears' cover, Guard and Dodge questions, the
    Roadblocks level, a spawn order of several Locusts; Doom's Gives; Level 7's discards): the
    buttons that did not fit the row stood in a column below it over the map, covering its
    figures. They are paged inside the strip: no button leaves it or touches the map, every
    answer shows on some page in its order, the arrows reach each page, a Cancel stays at the
    right end on every page, and a click on a shown answer submits it."""
    from dataclasses import replace

    from game.ui.scene import ChangeSettings

    app = make_app(size)
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=scale)))
    session = Session.start(ToyTitle(), "duel", seed=3, options={})
    table = ToyTable(app.ctx, session, ["human", "human"], size, bot_delay_ms=0)
    app.push(table)
    app.run(max_frames=2)
    if table.handoff is not None:
        press(app, table.view_rect.center)
    legal = table.session.legal_actions()
    options = [(GREEK_OPTIONS[i % 3].format(i=i + 1), f"noop:{i}", i % 2 == 0) for i in range(11)]
    options.append(("Ακύρωση", "noop:cancel", False))
    question = "Μπλε Δρόνος 3: πώς θα απαντήσεις στην επίθεση του Locust που προχωρά προς την περιοχή σου;"
    table.prompt_choices = lambda: (question, options)
    table.dirty = True
    app.run(max_frames=1)
    seen: list = []
    arrows: set = set()  # each arrow where it is on every page: clicked through without aiming again
    for page in range(len(options)):
        shown = [(rect, what) for rect, _label, what in table.buttons if isinstance(what, str)
                 and (what.startswith("noop:") or what.startswith("prompt:"))]
        for rect, what in shown:
            assert table.prompt_rect.contains(rect), f"{what} at {rect} leaves the prompt strip"
            assert not rect.colliderect(table.view_rect), f"{what} at {rect} lies over the map"
        assert not any(a.colliderect(b) for i, (a, _w) in enumerate(shown) for b, _v in shown[i + 1:])
        whats = [w for _r, w in sorted(shown, key=lambda rw: rw[0].left)]
        assert whats[-1] == "noop:cancel"
        arrows.update((w, tuple(r)) for r, w in shown if w.startswith("prompt:"))
        seen += [w for w in whats if w.startswith("noop:") and w != "noop:cancel"]
        if page == 0:
            pygame.image.save(app.screen, str(tmp_path / "prompt.png"))
        nxt = next((rect for rect, _l, what in table.buttons if what == "prompt:next"), None)
        if nxt is None or not seen or seen[-1] == options[-2][1]:
            break
        press(app, nxt.center)
    assert seen == [w for _l, w, _p in options[:-1]], "each answer once, in its order"
    assert sorted(w for w, _r in arrows) == ["prompt:next", "prompt:prev"]
    # Back to the first page by the other arrow; a shown answer is chosen by its button.
    while (prev := next((rect for rect, _l, what in table.buttons if what == "prompt:prev"), None)) is not None \
            and not any(what == "noop:0" for _r, _l, what in table.buttons):
        press(app, prev.center)
    options[0] = (options[0][0], legal[0], True)
    table.dirty = True
    app.run(max_frames=1)
    before = len(table.session.actions)
    press(app, button_for(table, legal[0]))
    assert len(table.session.actions) == before + 1
    # A shortcut or a lesson turns the pages to an option (show_prompt_option).
    assert table.show_prompt_option("noop:10")
    app.run(max_frames=1)
    assert any(what == "noop:10" for _r, _l, what in table.buttons) and not table.show_prompt_option("noop:99")


@pytest.mark.parametrize("key", ["gears", "doom", "level7", "convoy"])
@pytest.mark.parametrize("lang", ["hu", "el"])
def test_side_panel_tabs_read_whole_at_125(make_app, drawn_text, key, lang):
    """At 125% in 1280x720 the side panel's tabs did not fit at 9 units and were shared out
    narrower than their names: Doom's Hungarian tabs read 'Tengerészgyalogos' 'ok', 'Betolakod'
    'ó', 'M.I' '.', 'Napl' 'ó'. A tab's name is set smaller (down to 9 px) to stand whole, and a
    button's label is never broken in mid-word."""
    from dataclasses import replace

    from game import i18n
    from game.ui.scene import ChangeSettings
    from tools import monkey

    app = make_app((1280, 720))
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=1.25)))
    i18n.set_language(lang)
    seats = ["human", "human"] if key != "doom" else ["human", "human", "bot"]
    parts = monkey.table_parts(app, key, seats[:2] if key != "doom" else seats[:2], 3)
    table = parts["make_table"](parts["start"](), parts["save"], 0)
    app.push(table)
    drawn_text.clear()
    app.run(max_frames=2)
    tabs = [(rect, label) for rect, label, what in table.buttons if isinstance(what, str) and what.startswith("tab:")]
    for rect, label in tabs:
        assert label in drawn_text, f"the tab {label!r} is not drawn whole: {[t for t in drawn_text if t and t in label]}"
    # and any button's label, narrower than its longest word, is broken only where it may be
    rect = pygame.Rect(0, 0, table.ctx.px(90), table.ctx.px(32))
    for label in ("Tengerészgyalogosok", "Ελεύθερη αναίρεση: όχι", "Give Green 1 rockets/grenades (1 MP)"):
        font, lines = table.button_lines(rect, label)
        whole = game_table._broken_whole(label, lines)
        cut = lines[-1].endswith("\u2026") and label.startswith(" ".join(lines)[:-1])  # the end cut, visibly
        assert whole or cut, lines
        assert all(font.size(line)[0] <= rect.width - table.ctx.px(12) for line in lines)
