"""The table of a game being played: what every title's table scene does the same way.

`GameTable` owns the Session and the seats (a person or a bot each) and does, for any title:
submit an Action taken from `legal_actions` and show the rules' refusal when there is one;
autosave after every action (and discard the autosave when the game ends); named saves
(Ctrl+S); both with every bot seat's own state (`get_state`, given back with `set_state` on
Continue or a load, so the continued game is the one that was interrupted, issue 22); undo back to the last decision a person made, with the engine's reason when the rules
do not allow it (UndoRefused: hidden information, unless the table chose casual mode); bots'
turns with a short pause, and their reasons in the log; the log; the AI card and its reasons
(ai_panel.py); dice that roll visibly (dice_tray.py) and figures sliding along their moves;
the hot-seat handoff (handoff.py) when the decision passes to another person at the desk; the
end panel (end_screen.py) with New game and Main menu; the toolbar, the prompt line with its
buttons, the message line, and the side panel (folding, tabbed when its sections do not fit,
with the AI and log sections built in); the F1 overlay's keys and rule of the decision. Input:
a left click that is not a drag, right drag and wheel handed to the play area, key commands.
A frame draws only what changed: the toolbar, the side panel and the hand's card row come from
layers (layers.py) keyed on what they show; a frame in which only the clock moved things (a
figure sliding, dice rolling) redraws only the rectangles of the title's sprites and the dice
that changed (`draw_moving`); and the title's work ahead (`warm_ups`) runs in loop iterations
with nothing to do (idle_work.py).

A title subclasses it and adds its own: the layout (`_layout` sets toolbar_rect, prompt_rect,
view_rect, hand_rect, side_rect), what the legal actions light up (`update_choices`), the map
or card zones in the view and their clicks, its side sections, and its words. Subclasses set their own fields
before calling `__init__`, which ends by starting the table (`_after_change(first=True)` and
`_layout`), so those hooks may use them. The hooks are the methods below that only say what
they are for; the rules layer is never touched: the table reads the state and submits Actions.
"""
from __future__ import annotations

import json
import math
from operator import attrgetter
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable

import pygame

from game.engine.protocol import Action, Event, IllegalAction, canonical_json
from game.engine.session import SaveError, Session, UndoRefused
from game.engine.text import as_text
from game.i18n import _, fill, generation, language, pgettext
from game.ui import widgets
from game.ui.kit import ai_panel, clear_place, end_screen
from game.ui.kit.ai_panel import AiShown
from game.ui.kit.dice_tray import DiceRoll, dice_tray, tray_bound, tray_key, tray_rect
from game.ui.kit.hand import draw_enlarged, draw_front, enlarged_bound, front_bound, hovered
from game.ui.kit.handoff import draw_handoff
from game.ui.kit.idle_work import IdleWork
from game.ui.kit.layers import Layer
from game.ui.kit.log_panel import KEEP, LogLines, log_section
from game.ui.kit.saves import SaveStore
from game.ui.kit.seats import seat_colour
from game.ui.scene import Context, Pop, Push, Scene

STEP_MS = 170  # one step (area, square) of an animated move
BOT_DELAY_MS = 350  # a bot's pause before acting, so a person can follow
STANDING_LIMIT = 256  # answers given in advance submitted after one action, at most
DRAG_PX = 6  # a press that moves further than this is a drag (pans), not a click
HOLD_MS = 700  # a costly choice that appears under the pointer ignores clicks this long
IDLE_BUDGET_MS = 4  # CPU a loop iteration with nothing to do gives to the work ahead (idle_work.py)


@dataclass
class Anim:
    """A figure sliding along its move, in map coordinates."""

    key: str  # the figure ("P1", "drone#2")
    points: list[tuple[float, float]]  # map coordinates, start first
    t: int = 0  # ms into this animation

    @property
    def duration(self) -> int:
        return max(1, (len(self.points) - 1) * STEP_MS)


@dataclass(frozen=True)
class JoinedLine:
    """Rules events the log reads as one line (GameTable.join_lines: a figure's move area by
    area, one action per area): the events in order and the line's message. Read as an event
    is (`text`, `kind`, `payload`) by log_text."""

    events: tuple[Event, ...]
    message: Any
    kind = "joined"

    @property
    def text(self) -> str:
        return as_text(self.message)

    @property
    def payload(self) -> dict[str, Any]:
        return {}


@dataclass
class Sprite:
    """One thing a title draws over its map layer each frame (a figure with its rings, a name,
    the line to a target): `name` says which, `key` everything its drawing reads (its place
    too), `rect` every pixel it may touch, `paint(surface)` draws it. A frame in which only
    the clock moved things redraws the rectangles of the sprites whose key or rect changed
    (GameTable.draw_moving) instead of the whole screen."""

    name: Any
    key: Any
    rect: pygame.Rect
    paint: Callable[[pygame.Surface], Any] = field(compare=False, repr=False)


def merged(rects: list[pygame.Rect], most: int = 6) -> list[pygame.Rect]:
    """`rects` with those that overlap or touch joined into one; one box around all when more
    than `most` remain (each rectangle costs a pass over the sprites)."""
    out: list[pygame.Rect] = []
    for r in rects:
        if not r.width or not r.height:
            continue
        r = pygame.Rect(r)
        joined = True
        while joined:
            joined = False
            for i, o in enumerate(out):
                if r.inflate(2, 2).colliderect(o):
                    r = r.union(out.pop(i))
                    joined = True
                    break
        out.append(r)
    if len(out) > most:
        return [out[0].unionall(out[1:])]
    return out


def sprites_changed(shown: list[tuple[Any, Any, pygame.Rect]], now: list[tuple[Any, Any, pygame.Rect]]) -> list[pygame.Rect] | None:
    """The rectangles to draw again from sprites (name, key, rect) as shown to as they are
    now: where each one whose key or rect changed was and is, where one that went was, where
    one that came is, and where one whose place in the drawing order changed is (an overlap of
    two sprites whose order changed lies in the rect of the one that moved in the order: drawn
    again there, the sprites are painted in the new order). None (draw whole) when a name is
    not one sprite's."""
    before = {name: (key, rect) for name, key, rect in shown}
    after = {name: (key, rect) for name, key, rect in now}
    if len(before) != len(shown) or len(after) != len(now):
        return None
    dirty = [rect for name, (_k, rect) in after.items() if name not in before]
    kept = zip([n for n, _k, _r in shown if n in after], [n for n, _k, _r in now if n in before])
    for name in {n for pair in kept if pair[0] != pair[1] for n in pair}:
        dirty += [before[name][1], after[name][1]]
    for name, (key, rect) in before.items():
        if after.get(name) != (key, rect):
            dirty.append(rect)
            if name in after:
                dirty.append(after[name][1])
    return dirty


def outside(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `rect` outside `hole` (at most four bands)."""
    cut = rect.clip(hole)
    if not cut.width or not cut.height:
        return [pygame.Rect(rect)]
    bands = [pygame.Rect(rect.left, rect.top, rect.width, cut.top - rect.top),
             pygame.Rect(rect.left, cut.bottom, rect.width, rect.bottom - cut.bottom),
             pygame.Rect(rect.left, cut.top, cut.left - rect.left, cut.height),
             pygame.Rect(cut.right, cut.top, rect.right - cut.right, cut.height)]
    return [b for b in bands if b.width > 0 and b.height > 0]


def _darker(c):
    return tuple(max(0, v - 90) for v in c)


SENTENCE_ENDS = (".", "!", "?", "\u2026", ";")  # ";": the Greek question mark


def reason_line(name: str, why: str) -> str:
    """A bot's reason as its log line, a sentence: "Name: reason." The bots word their reasons
    as clauses (an AI panel and a caption over the map show them so); the log's other lines,
    the rules' events, end with a full stop, and so does this one, unless the reason ends a
    sentence itself. Every title's bot reasons are logged through it."""
    why = why.rstrip()
    return f"{name}: {why}" if why.endswith(SENTENCE_ENDS) else f"{name}: {why}."


def _broken_whole(label: str, lines: list[str]) -> bool:
    """Whether `lines` hold `label` broken only between words or where its language may
    hyphenate it (a line ending in the hyphen it added, or in a dash of its own)."""
    at = 0
    for i, line in enumerate(lines):
        last = i == len(lines) - 1
        if label.startswith(line, at) and (last or at + len(line) == len(label) or label[at + len(line)] == " "
                                           or line.endswith("-")):
            at += len(line)
        elif not last and line.endswith("-") and label.startswith(line[:-1], at):
            at += len(line) - 1  # the hyphen added at a syllable's end
        else:
            return False
        while at < len(label) and label[at] == " ":
            at += 1
    return at == len(label)


def _way_out(buttons: list) -> bool:
    """Whether a prompt's last button is a way on or out rather than one more of its choices: of
    another kind than the option before it (Cancel after the Guard options, End the turn after
    two Gives), or plain (not lit) after lit choices. A question's like options (which Locust
    spawns first) are not: they keep their order."""
    if len(buttons) < 2:
        return False

    def kind(what) -> str:
        return getattr(what, "kind", None) or type(what).__name__

    return kind(buttons[-1][1]) != kind(buttons[-2][1]) or \
        (not buttons[-1][2] and any(p for _l, _w, p in buttons[:-1]))


class Seats(list):
    """A table's seats ("human" or "bot" per player, in player order): a list that is replaced,
    never changed in place (a seat change assigns `GameTable.seats` anew, which bumps the
    table's version: `GameTable.table_version`)."""

    def _refused(self, *_args: Any, **_kwargs: Any) -> None:
        raise TypeError("a table's seats change by assigning GameTable.seats anew")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refused  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _refused  # type: ignore[assignment]


# The table's own fields that what it remembers of the game as it stands reads besides the
# session: assigning any of them is a change of the table (GameTable.table_version).
TABLE_INPUTS = ("session", "seats", "viewer", "handoff", "seated", "state_version")


def _table_input(name: str) -> property:
    """A field of TABLE_INPUTS: read as a plain attribute is (a C getter: the frame reads them
    often), assigned through a setter that bumps the table's version."""
    kept = "_input_" + name

    def assign(table: GameTable, value: Any) -> None:
        if name == "seats" and type(value) is not Seats:
            value = Seats(value)
        table.__dict__["table_version"] = table.__dict__.get("table_version", 0) + 1
        table.__dict__[kept] = value

    return property(attrgetter(kept), assign, doc=f"The table's {name} (a TABLE_INPUTS field).")


class GameTable(Scene, ABC):
    key = ""  # the title's package name, for the F1 Rules tab
    session = _table_input("session")
    seats = _table_input("seats")
    viewer = _table_input("viewer")
    handoff = _table_input("handoff")
    seated = _table_input("seated")
    state_version = _table_input("state_version")
    saves: SaveStore  # the title's saves (set on the subclass)

    def __init__(self, ctx: Context, session: Session, seats: list[str], screen_size: tuple[int, int],
                 save_path: Path | None = None, bot_delay_ms: int = BOT_DELAY_MS, animate: bool = True) -> None:
        super().__init__(ctx)
        # Bumped by every assignment of a TABLE_INPUTS field (their setters): an action applied,
        # an undo or a load (state_version, session), a hand-off card shown or taken away
        # (handoff, seated), whose hand shows (viewer), a seat change (seats).
        self.table_version = 0
        self.session = session
        self.seats = Seats(seats)
        self.save_path = save_path or self.saves.autosave_path()
        self.bot_delay_ms = bot_delay_ms
        self.paused = False  # P: bots and the AI wait until P again (a person can look)
        self.time_scale = 1.0  # on the pace: watch mode's autoplay runs moves and dice faster
        self.animate = animate
        self.from_setup = False  # set by the set-up screen: "New game" then goes back to it
        self.bots = {p: self.make_bot(i) for i, p in enumerate(self.players)}
        refused = self._restore_bots()
        self._size = (0, 0)
        # Every line with who may read it; `log` filters for whoever sits at the table now, so in
        # hot-seat a seat's private lines (the cards it drew) vanish when the table passes on.
        # A line is its words, or the rules' Event until something reads it (`_line`).
        self._log: list[tuple[str | Event, tuple[str, ...] | None]] = []
        self._said_memo: dict[tuple[str, str], str] = {}  # (language, rules text) -> its words (_said)
        # What the log section's key reads (log_section_key): the log read again (reset_log) and
        # the lines dropped from its front (KEEP), so an append anywhere shows in its length.
        self._log_resets = 0
        self._log_dropped = 0
        self._log_joins = 0  # events joined to the last line (join_lines): the line changed in place
        self._tail: tuple[int, Any] | None = None  # (position, what is logged there) of the last event logged
        self._readable: list | None = None  # [key, lines looked at, their positions this seat may read] (log)
        self.ai = AiShown()
        self.reset_log()
        self.log_scroll = 0  # entries hidden below the panel's bottom (the wheel reads back)
        self._log_rect: pygame.Rect | None = None  # where the log was drawn last
        self.message = ""
        self.message_ok = False  # a notice (saved), not a refusal: drawn calm, not red
        self.message_ms = 0
        self.mouse: tuple[int, int] | None = None
        self._rehover: bool | str = False  # after a change: hover again once its buttons are laid out
        self.anims: list[Anim] = []
        self.dice: DiceRoll | None = None
        self.viewer: str | None = None  # whose hand is on show
        self._undo_memo: tuple[tuple, str | None] | None = None  # undo_refusal's (key, answer)
        self.handoff: str | None = None  # a human player the table waits for
        self.seated: str | None = None  # the person who last clicked the handoff card away
        self._handoff_buttons: list[tuple[pygame.Rect, Any]] = []  # the card's answers as drawn
        # person -> the span (let_pass_span) for which they let a title's interrupts pass
        self.passing: dict[str, Any] = {}
        self._forced_memo: dict[int, tuple[Action, bool]] = {}  # _was_forced's answers, per action
        self._passable: Action | None = None  # let_pass of the question now, set at each change
        self.bot_wait = 0
        self.end_buttons: list[widgets.Button] = []
        self._hover_card: tuple[str, pygame.Rect] | None = None
        self.buttons: list[tuple[pygame.Rect, str, Any]] = []  # rect, label, action or command
        # The prompt's options paged in its strip: (the labels it was for, the page shown); and
        # as last drawn (page, pages, the options shown, each page's) or None when not paged.
        self._prompt_page: tuple[tuple[str, ...], int] = ((), 0)
        self._prompt_paged: tuple[int, int, list, list] | None = None
        # A question longer than the strip's lines, paged in it: (the question, the page shown).
        self._prompt_text_page: tuple[str, int] = ("", 0)
        self.card_rects: dict[str, pygame.Rect] = {}
        # Panels a title lays over the table this frame, each with the number of buttons drawn
        # before it: those lie under it and must not be where it is (tests/ui/test_ui_scale.py).
        self.panels: list[tuple[pygame.Rect, int]] = []
        self.message_rect: pygame.Rect | None = None
        # Costly choices (costly()) by label: [ms when it appeared, held]. One that appears under
        # the pointer is held (a click on it only asks again) until the pointer leaves it or
        # HOLD_MS pass: the click that made it appear never takes it too (issue 21 item 6).
        self._costly_seen: dict[str, list] = {}
        self._costly_drawn: set[str] = set()
        self._held: set[str] = set()
        self._clock_ms = 0
        self.side_open = True  # the side panel shown (Tab or its handle folds it to a strip)
        self.side_tab = self.SIDE_TABS[0]  # the section shown when the panel is tabbed (side_tabbed)
        self.ai_open: bool | None = None  # the AI card opened or folded by a click; None: by the panel's height
        self.side_sections: dict[str, pygame.Rect] = {}  # side-panel sections, as last drawn
        self._side_fit: tuple = (None, False)  # (side_measure_key, whether the sections need tabs): side_tabbed
        self._press: tuple[int, int] | None = None
        self._dragging = False
        # Bumped at every change of the game (an action, an undo, a new session): the key of
        # what a layer draws from the state (layers.py); the hand's card row is one.
        self.state_version = 0
        self.hand_layer = Layer()
        self.toolbar_layer = Layer()
        self.side_layer = Layer()
        # Each side-panel section the title keys (section_key) is a layer of its own: a log
        # line added paints the log section, the others are blitted from their copies.
        self.section_layers: dict[str, Layer] = {}
        self._strips_memo: tuple | None = None  # (strip_inputs(), the strips' keys) (_strips)
        self._sections_memo: tuple | None = None  # (strip_inputs(), {section: its key}) (_section_key_kept)
        self.idle = IdleWork()  # the title's warm_ups, run in loop iterations with nothing to do
        # Frames drawn in part (draw_moving): what the last frame showed, when it may be the
        # base of the next one, and whether only the clock moved things since it was drawn.
        self._last_frame: tuple | None = None  # (size, frame_key) of a frame drawn whole
        self._shown: list[tuple[Any, Any, pygame.Rect]] | None = None  # its sprites: name, key, rect
        self._shown_dice: tuple | None = None  # (key, rect) of the dice tray it showed
        self._tray_memo: tuple = (None, None)  # (what tray_place read, the place)
        self._sprites_now: list[tuple[Any, Any, pygame.Rect]] | None = None
        self._local_shown: dict[str, tuple[Any, list[pygame.Rect]]] | None = None  # local_parts() as it showed
        self._strips_shown: list[tuple] | None = None  # the keys of the strips round the play area (_strips)
        self._calm = False
        self._card_later = False  # draw_moving draws the hand-off card over the whole frame after the rest
        self._under: pygame.Surface | None = None  # the frame under the hand-off card, undimmed (draw_moving)
        self._under_keep: pygame.Surface | None = None  # the surface that copy is kept in (_keep_under)
        self._pointed = False  # the pointer moved and only what it hovers changed (_motion)
        self._acted = False  # input since the last frame other than the pointer moving
        self._clicked = False  # a click since the last frame, which the frame's keys follow (CLICKS_IN_PART)
        self._ticking = False
        self.frames_in_part = 0  # frames drawn by draw_moving (a test or benchmark tells them)
        self._pointer_drawn: tuple | None = None  # _pointer_view() of the last frame (_motion)
        self._over_at: tuple = (None, 0, 0)  # the title's over_panels, and the buttons and panels before it
        self._input = False  # an event was handled since the last update
        self._planned_for: Session | None = None
        self._after_change(first=True)
        self._layout(screen_size)
        if refused:
            self.say(refused)

    @classmethod
    def from_autosave(cls, ctx: Context) -> "GameTable":
        """The menu's Continue: the title's autosaved game at the action it reached, play going
        on in the same file; SaveError names the file when it cannot be continued."""
        saved = cls.saves.load()
        table = cls(ctx, saved.session, saved.seats, pygame.display.get_surface().get_size(), cls.saves.autosave_path())
        if saved.notice:
            table.say(saved.notice)
        return table

    # ------------------------------------------------------------------ bots' own state
    def _restore_bots(self) -> str | None:
        """Continue or a loaded save: each bot seat takes back the state saved with the game
        (Session.bot_states), so it decides as it would have without the interruption. A bot of
        another kind than the saved one (a newer Tiletop) starts fresh; one that refuses its
        saved state (ValueError, TypeError) too, and the table says so."""
        refused = []
        for i, p in enumerate(self.players):
            saved, bot = self.session.bot_states.get(p), self.bots[p]
            if saved is None or not self.is_bot(p) or not hasattr(bot, "set_state") \
                    or saved.get("bot") != type(bot).__name__:
                continue
            try:
                bot.set_state(saved.get("state"))
            except (ValueError, TypeError, KeyError, IndexError):
                self.bots[p] = self.make_bot(i)
                refused.append(self.player_name(p))
        if not refused:
            return None
        return fill(_("The saved state of the bot playing {seats} could not be read: it starts afresh."),
            seats=", ".join(refused))

    def _keep_bot_states(self) -> None:
        """Before every save: each bot seat's `get_state()` (plain JSON) goes with the game."""
        states = {}
        for p, bot in self.bots.items():
            if self.is_bot(p) and hasattr(bot, "get_state"):
                states[p] = {"bot": type(bot).__name__, "state": json.loads(canonical_json(bot.get_state()))}
        self.session.bot_states = states

    # ------------------------------------------------------------------ what the title says
    @abstractmethod
    def make_bot(self, i: int):
        """The controller for seat i when it is a bot: `decide(state, actions)` (a choice with
        its reason) or `choose(actions)`; with `get_state()` / `set_state(data)` when it has
        state of its own (game/engine/bots.py), which is then saved with the game."""

    def _words(self, text: str) -> str:
        """The rules' text (ids) in the player's words."""
        return text

    def player_name(self, player: str) -> str:
        return player

    def handoff_name(self, player: str) -> str:
        """A player as the handoff card's sentence names them ('Pass the table to {name}'):
        `player_name`, unless that is worded to begin a sentence (Doom's 'The invader')."""
        return self.player_name(player)

    def colour_of(self, player: str) -> tuple[int, int, int]:
        """A player's colour in the toolbar, the prompt line and the handoff card (default:
        the seat colours of seats.py, in player order)."""
        return seat_colour(self.players, player)

    def update_choices(self) -> None:
        """After every change: what the legal actions light up; drop a selection gone stale."""

    def hint(self) -> str:
        """What the player can do now, in words (the prompt line)."""
        return ""

    def prompt_choices(self) -> tuple[str | None, list[tuple[str, Any, bool]]]:
        """The prompt line while a person decides: a text in place of the hint (or None) and
        its buttons as (label, Action or command, primary)."""
        return None, []

    def toolbar_title(self) -> str:
        """The game's name and progress, in the toolbar."""
        return ""

    def toolbar_buttons(self) -> list[tuple[str, str]]:
        return [(_("Menu"), "menu"), (_("Save game"), "save"), (_("Undo"), "undo")]

    @abstractmethod
    def saved_note(self) -> str:
        """The notice after a named save, with {name}: where to load it from."""

    @abstractmethod
    def handoff_note(self) -> str:
        """What the handoff card hides until the next person is at the table."""

    def handoff_answers(self) -> list[tuple[str, Any]]:
        """Buttons on the hand-off card: answers the person it waits for may give from there,
        without taking the desk (the one before stays seated), as (label, an Action or
        "let_pass"). They are on a card anyone at the desk sees, so they must be the same
        whatever that person's hidden view holds (Doom: the invader's Pass at a reaction
        question asked whatever the hand holds). A title's (default: none)."""
        return []

    def shown_only_to(self, player: str) -> tuple:
        """What the table shows `player` and hides from every other seat (their hand's cards,
        the whole map to Doom's invader), as plain values; empty when their view shows nothing
        another seat may not see. The handoff card is up only while this (or a log line only
        they may read) is there (needs_handoff). The default is something, always: a title that
        does not say keeps the card at every change of person."""
        return (player,)

    def needs_handoff(self, before: str | None, after: str) -> bool:
        """Whether the desk passing from person `before` (None: the game starts, anyone may sit
        there) to person `after` needs the handoff card: only when `after`'s view shows what
        `before` may not see (DESIGN.md: hot-seat hands are hidden behind a handoff screen): what
        the title shows them alone (shown_only_to) or a log line they may read and `before` may
        not. Two people with nothing to hide from each other (no cards dealt yet, Doom's marines)
        pass the desk with a line saying whose turn it is."""
        if self.shown_only_to(after):
            return True
        return any(who is not None and after in who and (before is None or before not in who)
                   for _text, who in self._log)

    def card_face(self, card: str) -> tuple[str, str] | None:
        """A hand card's (name, rules text); None when the title has no face for it."""
        return None

    def costly(self, what: Any) -> bool:
        """A choice that cannot be taken back or gives something up (discard, skip a reaction,
        end a move): never taken by the click that made it appear (HOLD_MS)."""
        return False

    def card_icon(self, card: str) -> str:
        """A hand card's icon on its face (a Gears order card's reaction); "" none."""
        return ""

    def card_art(self, card: str) -> tuple:
        """A hand card's picture: the motifs of what it does, in order (kit/card_art.py:
        ("move", "5"), ("attack", "1")...); () leaves the frame's bare art window."""
        return ()

    def card_placeholder(self, card: str) -> bool:
        """True when what a hand card's face says is not printed in the rulebooks (verified =
        false in the title's data): the card carries the placeholder mark (hand.card_face)."""
        return False

    def ai_card(self, event: Event) -> AiShown:
        """The AI card an `ai_card` event drew, as the AI panel shows it."""
        card = str((event.payload or {}).get("card", ""))
        return AiShown(card, card, event.text)

    def animate_event(self, event: Event, positions: dict[str, tuple[float, float]]) -> None:
        """An event worth animating (a roll: set `dice`; a move: `_queue` the figure from its
        place in `positions`, and update it there)."""

    def _positions(self) -> dict[str, tuple[float, float]]:
        """Where each figure stands now, in map coordinates (for the move animations)."""
        return {}

    # The title's warm_ups read the game as it stands (what the next click may lay): planned
    # again after every change, those of the state before dropped.
    WARM_EACH_CHANGE = False
    SIDES_COMPETE = False  # Doom and Convoy: sides against each other (end_won)

    def warm_ups(self) -> Iterable[Callable[[], object]]:
        """Work to do ahead, a small job each, run when the table has nothing else to do
        (idle_work.py): what a coming click would otherwise wait for (a Gears tile face the
        mission may lay). Read once per game, lazily."""
        return ()

    def outcome(self) -> str | None:
        """None while playing; the rules' word for the end ("won", "lost") after."""
        return None

    def won(self) -> bool:
        return self.outcome() == "won"

    def end_won(self) -> bool | None:
        """The end panel's heading: Victory (True), Defeat (False), or None, 'Game over', where
        the sides compete and the table's people are on both or on none (watching bots, or two
        people hot-seat: 'Victory' spoke for nobody there; the summary names the winner)."""
        if self.SIDES_COMPETE:
            sides = {self.side_of(p) for p in self._humans()}
            if len(sides) != 1:
                return None
        return self.won()

    def end_heading(self) -> str | None:
        """The end panel's heading in words where Victory, Defeat or 'Game over' would not be
        honest (Level 7: one of the people's characters escaped and another died: 'Escaped: 1
        of 2'), drawn in the colour of `end_won` None; None: the usual heading."""
        return None

    def side_of(self, player: str) -> str:
        """The side a player plays (a title whose sides compete: Doom's marines share one)."""
        return player

    def end_summary(self) -> str:
        """The end panel's line under Victory / Defeat."""
        return ""

    def end_stats(self) -> str:
        return ""

    def setup_scene(self) -> Scene:
        """The title's set-up screen, for New game when the table was not opened from one: the
        one the menu opens (the registry's UI entry)."""
        from game import titles

        return titles.get(self.key).ui_module().setup_scene(self.ctx)

    @abstractmethod
    def _layout(self, size: tuple[int, int]) -> None:
        """Set toolbar_rect, prompt_rect, view_rect, hand_rect and side_rect for `size`."""

    def set_rects(self, size: tuple[int, int], bar: int, side: int, hand_h: int) -> None:
        """The usual table: the toolbar (`bar` high) across the top, the side panel (`side`
        wide) on the right under it, the hand strip (`hand_h` high) at the bottom left, the
        prompt line above the play area between them. A `_layout` may call it."""
        w, h = size
        self.toolbar_rect = pygame.Rect(0, 0, w, bar)
        self.side_rect = pygame.Rect(w - side, bar, side, h - bar)
        self.hand_rect = pygame.Rect(0, h - hand_h, w - side, hand_h)
        self.prompt_rect = pygame.Rect(0, bar, w - side, self.ctx.px(44))
        self.view_rect = pygame.Rect(0, self.prompt_rect.bottom, w - side, self.hand_rect.top - self.prompt_rect.bottom)

    def title_command(self, what: str):
        """A button command the table does not know."""
        return None

    def press(self, what: Any):
        """A title's own kind of button value (neither an Action nor a command)."""
        return None

    def title_key(self, key: int):
        """A key the table does not use; may return a scene action (an overlay to push)."""

    def cancel(self) -> bool:
        """Esc: drop a selection in progress; True if there was one (else Esc leaves)."""
        return False

    def click_card(self, card: str):
        return None

    def click_view(self, pos):
        """A click in the play area (the map, the card zones)."""
        return None

    def wheel(self, step: int, pos: tuple[int, int]) -> None:
        """The mouse wheel over the play area: zoom about the pointer, for a title whose map
        has a `camera` (game/ui/table/camera.py)."""
        camera = getattr(self, "camera", None)
        if camera is not None:
            camera.zoom_at(step, *pos)

    def drag(self, dx: int, dy: int) -> None:
        """A drag of the play area: pan the `camera`, when the title has one."""
        camera = getattr(self, "camera", None)
        if camera is not None:
            camera.pan(dx, dy)

    def hover(self, pos: tuple[int, int]) -> None:
        """The pointer moved (not dragging): what lies under it."""

    def decision_name(self) -> str:
        """What is being decided, in the words of the title's rules reference contexts
        (game/tutorial/library.py: rules_for(key).for_context), for the F1 Rules tab."""
        return ""

    SIDE_TABS: tuple[str, ...] = ("ai", "log")  # the side panel's sections, top to bottom
    # UI units the log keeps under the other sections before the panel turns to tabs (side_tabbed):
    # about five lines. With none, Gears' four COGs and stage card in Greek at 1280x720 left the
    # log no line and cut the AI card's box (Level 7's party and event card did the same).
    LOG_ROOM = 80
    # UI units the log keeps under the AI card beside it: about nine lines. The card's text is
    # whole above it all the same; the AI's reasons beyond the newest one give way (they are in
    # the log). The card had taken half the height left: four log lines at 1280x720.
    LOG_KEEP = 150
    # UI units of side-panel height from which the AI card shows open (its text and reasons);
    # in a shorter panel (1280x720) it starts folded to its name and newest reason, so the log
    # keeps a useful height. A click on its fold button opens or folds it (ai_open).
    AI_OPEN_FROM = 760

    def side_labels(self) -> dict[str, str]:
        """Each section's tab name (when the panel is tabbed): a tab's own word where the
        section's heading is long (the Greek heading 'Ημερολόγιο', Log, with Doom's four tabs
        set them all at 9-10 units in 1280x720; the tab says 'Ιστορικό')."""
        return {"ai": _("AI"), "log": pgettext("side panel tab", "Log")}

    def sections(self) -> dict[str, Any]:
        """The title's own side-panel sections: name -> draw(surface, x, y, w) returning the y
        below it (the names among SIDE_TABS). With `surface` None a section is laid out and not
        drawn (the widgets' text, text_block, pips and side_rows take None; a section guards its
        own shapes, buttons and the rects it keeps): that is how `section_height` measures it."""
        return {}

    def section_height(self, name: str, w: int) -> int:
        """The height side-panel section `name` takes at width `w` beside the others, for the
        tab rule (`side_tabbed`): a title's section laid out by the function that draws it, with
        no surface, so nothing is drawn and nothing recorded. The kit's AI box and log take what
        the others leave (the box shrinks to its share, the log to its newest lines): 0 and
        LOG_ROOM, the least each needs."""
        own = self.sections().get(name)
        if own is not None:
            return own(None, 0, 0, w)
        return self.ctx.px(self.LOG_ROOM) if name == "log" else 0

    def side_measure_key(self) -> tuple:
        """Everything the sections' heights read (section_height): while it stays, the tab rule
        is not worked out again. The state, the seats and who sits at the table, the panel's
        rect, the settings and the language."""
        return (self.state_version, tuple(self.seats), self.viewer, self.handoff is not None, tuple(self.side_rect),
                self.ctx.settings, language())

    def draw_section(self, surface, name: str, x: int, y: int, w: int, bottom: int, whole: bool) -> int:
        """One side-panel section from y down (to `bottom` at most; `whole`: alone, a tab);
        returns the y below it. The title's `sections`, the AI panel and the log."""
        own = self.sections().get(name)
        if own is not None:
            return own(surface, x, y, w)
        if name == "ai":
            folded = not whole and not self.ai_unfolded()
            below = ai_panel.draw(surface, self.ctx, self.ai, x, y, w, bottom, self.ai_heading(), self.ai_empty(), whole,
                                  keep=self.ctx.px(self.LOG_KEEP) if "log" in self.SIDE_TABS else 0, folded=folded)
            if surface is not None and self.ai.card and not whole:
                px = self.ctx.px
                self._button(surface, pygame.Rect(x + w - px(26), y + px(4), px(24), px(20)),
                             "+" if folded else "\u2212", "ai_fold", size=13)
            return below
        if name == "log":
            self._log_rect = pygame.Rect(x, y, w, bottom - y)
            lines = self.log
            self.log_scroll = max(0, min(self.log_scroll, len(lines) - 1))
            return log_section(surface, self.ctx, x, y, w, bottom, lines, self.log_scroll)
        return y

    # What drawing a side-panel section lays out besides its buttons, given back when the section
    # is blitted from its layer (section_key); a title adds its own sections' (Gears' Squad rows).
    SECTION_RECORDS: dict[str, tuple[str, ...]] = {"log": ("_log_rect", "log_scroll")}

    def section_key(self, name: str) -> Any:
        """Everything side-panel section `name` shows (the settings, its place and the button
        under the pointer are added): while it stays, the section is blitted from its layer
        and its height known without laying it out; when it changes, that section alone is
        drawn again. None (the default): the section has no layer of its own and is drawn
        with the side panel whenever that is (`side_key`). The kit's AI and log sections have
        their keys ready (`ai_section_key`, `log_section_key`) for a title that keys its own."""
        return None

    def ai_section_key(self) -> tuple:
        """What the kit's AI section shows (ai_panel.draw): the card and its newest reasons,
        open or folded."""
        ai = self.ai
        return ai.card, ai.name, ai.text, tuple(ai.lines[-ai_panel.SHOWN_LINES:]), ai.placeholder, \
            self.ai_heading(), self.ai_empty(), self.ai_unfolded()

    def ai_unfolded(self) -> bool:
        """The AI card shows open beside the other sections: as the person last set it (its
        fold button), else when the side panel is at least AI_OPEN_FROM high or a person
        decides for the card (ai_card_asks)."""
        if self.ai_open is not None:
            return self.ai_open
        return self.side_rect.height >= self.ctx.px(self.AI_OPEN_FROM) or self.ai_card_asks()

    def ai_card_asks(self) -> bool:
        """A person at the table decides for the AI card being resolved (which Locust acts
        first, which of equal targets): the card then shows open in a short side panel too,
        since the choice reads its text (Gears at 1280x720 asked which Ticker acts first under
        the card's name alone). The title knows when; the default: never."""
        return False

    def toggle_ai(self) -> None:
        self.ai_open = not self.ai_unfolded()
        self.dirty = True

    def log_section_key(self) -> tuple:
        """What the kit's log section shows: the log's lines (read again, or one more added
        anywhere), whose of them this seat may read (the viewer, the handoff card) and how far
        back the wheel reads."""
        return (self._log_resets, self._log_dropped + len(self._log), self._log_joins, self.viewer,
                self.handoff is not None, self.log_scroll)

    def _under_pointer(self, buttons) -> int | None:
        if self.mouse is None:
            return None
        return next((i for i, (r, _l, _w) in enumerate(buttons) if r.collidepoint(self.mouse)), None)

    def _side_changed_from(self, surface) -> int | None:
        """The y from which the side panel must be drawn again when its sections are layers of
        their own (section_key): the top of the first section whose layer would not be blitted
        (its key or place changed); those above are as on screen. None: the panel is drawn whole
        (folded, a section without a key, nothing changed in the sections)."""
        if not self.side_open:
            return None
        x, w, y, bottom, shown = self._side_places()
        r = self.side_rect
        place = (x, w, bottom, len(shown) == 1, tuple(r), self.ctx.settings)
        for name in shown:
            key, layer = self._section_key_kept(name), self.section_layers.get(name)
            if key is None:
                return None
            if layer is None or layer.extra is None:
                return y
            got = layer.hits(r.left, y, r.width, surface.get_size(), (key, place, self._under_pointer(layer.extra[1][0])))
            if got is None:
                return y
            y = got
        return None

    def _side_places(self) -> tuple[int, int, int, int, list[str]]:
        """Where the side panel's sections go: x, width, the first one's y, the bottom, and the
        sections shown (one under tabs)."""
        px, r = self.ctx.px, self.side_rect
        if self.side_tabbed():
            return r.left + px(16), r.width - px(32), r.top + px(46), r.bottom - px(12), [self.side_tab]
        return r.left + px(16), r.width - px(32), r.top + px(14), r.bottom - px(12), list(self.SIDE_TABS)

    def _section_key_kept(self, name: str) -> Any:
        """section_key(name), worked out again only when the title's strip_inputs change."""
        inputs = self.strip_inputs()
        if inputs is None:
            return self.section_key(name)
        memo = self._sections_memo
        if memo is None or memo[0] != inputs:
            memo = self._sections_memo = (inputs, {})
        if name not in memo[1]:
            memo[1][name] = self.section_key(name)
        return memo[1][name]

    def _draw_side_section(self, surface, name: str, x: int, y: int, w: int, bottom: int, whole: bool) -> int:
        """Section `name` of the side panel from y down (draw_section), from its own layer when
        the title keys it (section_key); returns the y below it. Its buttons answer clicks and
        its records (SECTION_RECORDS) are given back when it is blitted, as `_layered` does for
        a strip; one showing a costly choice is always drawn."""
        key = self._section_key_kept(name)
        if key is None:
            return self.draw_section(surface, name, x, y, w, bottom, whole)
        layer = self.section_layers.setdefault(name, Layer())
        records = self.SECTION_RECORDS.get(name, ())
        under_pointer = self._under_pointer

        def run(target) -> tuple[int, tuple[list, dict[str, Any]]]:
            first = len(self.buttons)
            below = self.draw_section(target, name, x, y, w, bottom, whole)
            return below, (self.buttons[first:], {n: getattr(self, n) for n in records})

        place = (x, w, bottom, whole, tuple(self.side_rect), self.ctx.settings)
        drawn = layer.drawn
        hovered = under_pointer(layer.extra[1][0]) if layer.extra is not None else None
        below, (buttons, kept) = layer.draw_down(surface, self.side_rect.left, y, self.side_rect.width,
                                                 (key, place, hovered), run)
        if layer.drawn == drawn:
            self.buttons.extend(buttons)
            for n, value in kept.items():
                setattr(self, n, value)
        elif any(self.costly(what) for _r, _l, what in buttons):
            layer.forget()
        else:  # the copy shows the button under the pointer among the buttons just drawn
            layer.rekey((key, place, under_pointer(buttons)))
        return below

    @abstractmethod
    def ai_heading(self) -> str:
        """The AI panel's heading ("Locust AI card")."""

    @abstractmethod
    def ai_empty(self) -> str:
        """The AI panel alone before any card was drawn."""

    def rules_context(self) -> tuple[str, str]:
        """For the F1 Rules tab: (title, rule section) behind the decision on screen."""
        from game.tutorial.library import rules_for

        name = self.decision_name()
        try:
            rule = rules_for(self.key).for_context(name) if name else None
        except Exception:  # noqa: BLE001 - a broken reference file: the Keys tab still works
            rule = None
        return self.key, rule.section if rule else ""

    # ------------------------------------------------------------------ state helpers
    @property
    def title(self) -> str:
        """The table's name on the F1 overlay (App.toggle_help): the game and its progress."""
        return self.toolbar_title()

    @property
    def state(self):
        return self.session.state

    @property
    def players(self) -> list[str]:
        """The players in seat order (as the title's save store reads them from the state)."""
        return self.saves.players(self.session.state)

    def table_key(self) -> tuple[int, int, int]:
        """What changes with every change of the game as the table shows it: the table's
        version (TABLE_INPUTS assigned), the session's (Session.changes: an action, an undo, a
        load's history, the mode) and the language's (i18n.generation). A memo of an answer
        worked out from the table keys on it, never on a list of what the answer reads (such a
        list once missed the hand-off card and who sat behind it)."""
        return self.table_version, self.session.changes, generation()

    def is_bot(self, player: str | None) -> bool:
        if player is None or player not in self.players:
            return False
        return self.seats[self.players.index(player)] == "bot"

    @property
    def busy(self) -> bool:
        """Animating: a move or a roll still playing (a click or Space skips it)."""
        return bool(self.anims or (self.dice and not self.dice.done))

    def _humans(self) -> list[str]:
        return [p for p in self.players if not self.is_bot(p)]

    def _after_change(self, first: bool = False) -> None:
        """Choices, whose hand shows and whether a handoff screen is needed."""
        self.state_version += 1
        if self._planned_for is not self.session or self.WARM_EACH_CHANGE:  # a new game: its own jobs
            self._planned_for = self.session
            self.idle.plan(self.warm_ups())
        self.update_choices()
        decider = self.session.decider
        # Asked once a change, for a person, of a title that has such questions (not each frame).
        asks = type(self).let_pass is not GameTable.let_pass and decider is not None and not self.is_bot(decider)
        self._passable = self.let_pass(self.session.legal_actions()) if asks else None
        humans = self._humans()
        if decider is not None and not self.is_bot(decider):
            before = self.viewer
            if len(humans) > 1:
                # Hot-seat. The card hides the decider's view until they click, where it shows
                # what the person known to sit at the desk (`seated`: the last to click a card
                # away; at the start anyone) may not see; else the turn is only said. A person
                # the desk passed to without a card is not known to sit there: when their view
                # comes to hide something (their first cards dealt), the card comes up then.
                if decider != self.seated and self.needs_handoff(self.seated, decider):
                    self.handoff = decider
                else:
                    if decider != self.seated:
                        # Passed on without a card: whoever sits there now is no longer known
                        # (Doom's invader, seated, gave the desk to a marine; when it came back
                        # to the invader the card stayed down and the marine saw the hand).
                        self.seated = None
                    self.handoff = None
                    if before is not None and before != decider:
                        self.say(_("{who}'s turn.").format(who=self.player_name(decider)), ok=True)
            self.viewer = decider
        elif self.viewer is None and humans:
            self.viewer = humans[0]
        elif not humans and decider in self.players:
            self.viewer = decider  # bots only (watch mode): show whoever decides
        if self.session.is_over():
            self.handoff = None
        if self.mouse is not None:
            # What lies under the pointer, in the changed game: an undo past an exploration took
            # away the tile whose area the pointer was on (its outline then raised a KeyError,
            # tools/monkey.py), a killed figure leaves the map.
            self.hover(self.mouse)
            self._rehover = True  # and again once its buttons are laid out
        self.dirty = True

    def _not_yours(self) -> str | None:
        """Why the person at the table cannot act now (None: they can)."""
        decider = self.session.decider
        if decider is None:
            return _("The game is over.")
        if self.is_bot(decider):
            # The name first: a player's name is written for a line's start ('The invader',
            # 'Ο εισβολέας'); after 'Wait:' it read 'Wait: The invader (a bot) is deciding.'
            return _("{who} (a bot) is deciding: please wait.").format(who=self.player_name(decider))
        return None

    # ------------------------------------------------------------------ acting
    def may_prepare(self, action: Action) -> bool:
        """Whether a click may open the panel that prepares `action` (an attack's preview, a
        target picked before the roll); a lesson says no, with its reason, to an action its step
        would refuse (TutorialTable)."""
        return True

    def submit(self, action: Action) -> bool:
        """Apply one legal action; the reason on screen when the rules refuse it."""
        before = self._positions()
        passing = self._passing_now()
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.say(exc.reason)
            return False
        self.message = ""
        self._take_events(self._unechoed(events, passing), before)
        for _n in range(STANDING_LIMIT):  # answers a person gave in advance, for them
            decider = self.session.decider
            if decider is None or self.is_bot(decider):
                break
            auto = self.standing_answer(decider, self.session.legal_actions())
            if auto is None:
                break
            before = self._positions()
            passing = self._passing_now()
            self._take_events(self._unechoed(self.session.apply(auto), passing), before)
        self._keep_bot_states()
        problem = self.saves.autosave(self.session, self.seats, self.save_path)
        if problem:
            self.say(problem)
        if self.session.is_over():
            self.saves.discard(self.save_path)
        self._after_change()
        return True

    def say(self, text: Any, ok: bool = False) -> None:
        """Shows a line: plain words, or a rules message (a refusal) worded now."""
        self.message = as_text(text)
        self.message_ok = ok
        self.message_ms = 0
        self.dirty = True

    def save_game(self) -> Path | None:
        """A named save of the game as it stands (the autosave goes on as before)."""
        if self.session.is_over():
            self.say(_("The game is over: nothing to save."))
            return None
        self._keep_bot_states()
        try:
            path = self.saves.save_named(self.session, self.seats)
        except SaveError as exc:
            self.say(str(exc))
            return None
        self.say(self.saved_note().format(name=path.stem), ok=True)
        return path

    def _take_events(self, events: list[Event], before: dict[str, tuple[float, float]]) -> None:
        """The log (each line with who may read it), the AI panel, and the animations."""
        positions = dict(before)
        for e in events:
            if self._log_event(e) and self.log_scroll and (e.visible_to is None or self.log_reader in e.visible_to):
                self.log_scroll += 1  # reading back: the lines in view stay where they are
            if e.kind == "ai_card":
                self.ai = self.ai_card(e)
            elif e.kind == "ai":
                self.ai.lines.append(self._words(e.text))
            elif self.animate:
                self.animate_event(e, positions)
        if len(self._log) > KEEP:
            dropped = len(self._log) - KEEP
            self._log_dropped += dropped
            del self._log[:-KEEP]
            if self._tail is not None:
                self._tail = (self._tail[0] - dropped, self._tail[1]) if self._tail[0] >= dropped else None
        if self.animate:
            after = self._positions()
            for key, end in after.items():  # settle into the final spot (cover, spread)
                start = positions.get(key)
                if start is not None and math.dist(start, end) > 1:
                    self._queue(key, start, end)

    def _log_event(self, e: Event) -> bool:
        """Logs a rules event: joined to the last line when that line is the last event logged,
        read by the same seats, and the title joins the two (join_lines); else a line of its
        own. Returns whether a line was added."""
        tail = self._tail
        if tail is not None and tail[0] == len(self._log) - 1 and self._log[-1][1] == e.visible_to:
            joined = self.join_lines(tail[1], e)
            if joined is not None:
                self._log[-1] = (joined, e.visible_to)
                self._tail = (tail[0], joined)
                self._log_joins += 1
                return False
        self._log.append((e, e.visible_to))
        self._tail = (len(self._log) - 1, e)
        return True

    def join_lines(self, last: Any, event: Event) -> Any | None:
        """`last` (the log's last line: an Event, or what this returned before) and `event` as
        one line (a JoinedLine the title's log_text words), or None: two lines. A title's
        (default: never; Gears joins a move's areas: "Marcus Fenix moves from A through B to C.")."""
        return None

    def _queue(self, key: str, a, b) -> None:
        """A move of `key` from a to b: onto its animation not yet started, else a new one."""
        if self.anims and self.anims[-1].key == key and self.anims[-1].t == 0:
            self.anims[-1].points.append(b)
        else:
            self.anims.append(Anim(key, [a, b]))

    def _drawn_positions(self) -> dict[str, tuple[float, float]]:
        pos = self._positions()
        # Figures whose animation has not finished are drawn along it (or at its start).
        for anim in reversed(self.anims):
            pos[anim.key] = anim.points[0]
        if self.anims:
            a = self.anims[0]
            f = min(1.0, a.t / a.duration) * (len(a.points) - 1)
            i = min(int(f), len(a.points) - 2)
            (x0, y0), (x1, y1) = a.points[i], a.points[i + 1]
            k = f - i
            pos[a.key] = (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)
        return pos

    def skip_animation(self) -> None:
        self.anims.clear()
        if self.dice is not None:
            self.dice.age_ms = self.dice.ROLL_MS + self.dice.SHOW_MS
        self.dirty = True

    def undo_refusal(self) -> str | None:
        """Why Undo is refused now, in words (None: it may be pressed), for the button's grey and
        for the press alike: the rules' reason; else, with several people at the desk (not at a
        casual table), a decision of another person's (before, the Outpost could take back
        Moloch's kept hand: a board game's player takes back only their own move).

        Asked at every frame drawn (the toolbar's key greys the button), it is worked out once
        per game as it stands (`undo_refusal_now`): the answer is remembered with the table's
        key (`table_key`: any change of the table, the session or the language changes it); a
        table built on a load starts with none."""
        key = self.table_key()
        memo = self._undo_memo
        if memo is not None and memo[0] == key:
            return memo[1]
        reason = self.undo_refusal_now()
        self._undo_memo = (key, reason)
        return reason

    def undo_refusal_now(self) -> str | None:
        """`undo_refusal` worked out afresh."""
        session = self.session
        reason = session.undo_refusal()
        if reason is None and session.actions:
            reason = self._undo_target()[1]  # back over bots' and forced answers: the same walk as undo's
        if reason or session.casual:
            return reason
        humans = self._humans()
        if len(humans) < 2:
            return None
        back = len(session.actions) - 1
        while back > 0 and session.deciders[back] not in humans:
            back -= 1
        who = session.deciders[back]
        now = session.decider if session.decider in humans else self.viewer
        if self.handoff is not None and self.seated in humans:
            # Behind the hand-off card the desk is still with whoever sat there last: the one
            # the card waits for has not sat down (Moloch, having kept its hand, was told that
            # Moloch made that decision when the card came up for the Outpost).
            now = self.seated
        if who in humans and now is not None and who != now:
            return _("{who} made that decision: with several people at the table, each takes back only their own "
                     "(Casual undo allows it).").format(who=self.player_name(who))
        return None

    def _undo_target(self) -> tuple[int, str | None]:
        """How many actions an undo keeps, or why it cannot (None: it can). Back over the bots'
        actions (each decided by the bot whose turn it then was) and the questions the table
        answered for a person because they had nothing to choose (forced_answer) to the last
        action a person decided, one replay; stopped by one that may not be undone before
        reaching it (Doom: the invader bot's draw; Level 7: the tile drawn that was placed the
        only way it lies), that one's reason: undoing the actions after it would only have them
        taken again, the table saying 'Undone.' for nothing (or, for a forced answer, asking a
        question with one answer)."""
        session = self.session
        back = len(session.actions) - 1
        while back > 0 and self._not_a_decision(back) and session.refusal_of(back - 1) is None:
            back -= 1
        if self._not_a_decision(back):
            # (back 0: no person decided anything yet, the bot that opened the game, as
            # Convoy's Moloch keeping its hand, would only decide it again: 'Undone.' for nothing)
            return back, (session.refusal_of(back - 1) if back > 0 else None) or _("There is nothing to undo.")
        return back, None

    def _not_a_decision(self, index: int) -> bool:
        """Action `index` was a bot's, or the table's forced answer for a person."""
        return self.is_bot(self.session.deciders[index]) or self._was_forced(index)

    def _was_forced(self, index: int) -> bool:
        """Whether action `index` answered a question that had nothing to choose (forced_answer
        of the actions then legal): read from the game after the actions before it, a replay,
        kept per action (the toolbar asks at every frame whether Undo may be pressed); only
        for an action the title says may be one (may_be_forced), so most undos replay nothing
        more."""
        session = self.session
        action = session.actions[index]
        if not self.may_be_forced(action):
            return False
        memo = self._forced_memo
        known = memo.get(index)
        if known is not None and known[0] is action:
            return known[1]
        try:
            state = session.state_after(index)
        except UndoRefused:
            return False
        forced = self.forced_answer(session.title.legal_actions(state)) == action
        memo[index] = (action, forced)
        return forced

    def may_be_forced(self, action: Action) -> bool:
        """Whether `action` is of a kind forced_answer may give (a title's; default: none), so
        that an undo looks at no other action's question again."""
        return False

    def forced_answer(self, actions: list[Action]) -> Action | None:
        """The answer to a question whose options differ in nothing a player decides (a
        title's; default: none): the table takes it for the person (standing_answer), and an
        undo goes back over it as over a bot's action, never to the question with one answer."""
        return None

    def undo(self) -> None:
        """Back to the last decision a person made (bots' actions in between go too)."""
        session = self.session
        reason = self.undo_refusal()
        if reason:
            self.say(reason)
            return
        back, reason = self._undo_target()
        if reason:
            self.say(reason)
            return
        try:
            session.undo_to(back)
        except UndoRefused as exc:
            self.say(exc.reason)
            return
        # The log as the replayed session has it (what the undo took back is gone from it),
        # then one line saying so; the AI card the undo took back leaves the panel too.
        self.reset_log()
        self._log.append((_("Undone."), None))
        self.message = ""  # a refusal was about a move on the table the undo took away (it stayed over it)
        self._keep_bot_states()
        self.saves.autosave(self.session, self.seats, self.save_path)
        self.anims.clear()
        self.dice = None
        self._after_change()

    # ------------------------------------------------------------------ time
    def begin_tick(self) -> None:
        """First thing in an update (a title whose `update` animates before the kit's calls it
        first): was the table left alone since the last frame (no input, nothing redrawn
        asked)? Then a frame now shows only what the clock moved (draw_moving)."""
        if not self._ticking:
            self._ticking = True
            if self._rehover == "laid" and self.mouse is not None:
                # What the still pointer names through the changed game's buttons (a prompt
                # button's figure or area, lit on the map), read from them and not from the
                # buttons it was over before the change: "Activate Drone 2 first" took the
                # place of "Activate Drone 1 first" and the map lit nothing until the pointer
                # moved. As a pointer's move: what it changes is drawn in part.
                self._rehover = False
                was = self.dirty
                self.hover(self.mouse)
                self._pointed = self._pointed or (self.dirty and not was)
            self._calm = not self._acted and (not self.dirty or self._pointed or self._clicked)
            self._acted = self._pointed = self._clicked = False

    def update(self, dt_ms: int) -> None:
        self.begin_tick()
        try:
            self._update(dt_ms)
        finally:
            self._ticking = False

    def _update(self, dt_ms: int) -> None:
        dt = min(dt_ms, 100)
        idle = not self._input and not self.dirty and not self.busy
        self._input = False
        self._clock_ms += dt
        if self._held and any(self._clock_ms - self._costly_seen[k][0] >= HOLD_MS for k in self._held if k in self._costly_seen):
            self.dirty = True  # a held choice is ready: draw it enabled
            self._calm = False
        if self.message:
            self.message_ms += dt
            if self.message_ok and self.message_ms > 5000:  # a notice fades; a refusal stays
                self.message, self.message_ok = "", False
                self.dirty = True
                self._calm = False
        if self.anims:
            a = self.anims[0]
            a.t += round(dt / self.pace())  # slow pace: moves slide slower too
            if a.t >= a.duration:
                self.anims.pop(0)
            self.dirty = True
            return
        if self.dice is not None:
            self.dice.age_ms += round(dt / self.pace())
            self.dirty = True
            if self.dice.done:
                self.dice = None
            elif self.dice.age_ms < self.dice.ROLL_MS + 400:
                return  # let the dice land before the next bot move
        acted = self.step_bot(dt)
        if idle and not acted and not self.dirty:
            self.idle.run_for(IDLE_BUDGET_MS)

    def step_bot(self, dt: int) -> bool:
        """A bot's turn to decide: after its pause, its choice is submitted (and its reason
        logged, when it gives one)."""
        decider = self.session.decider
        if decider is None or not self.is_bot(decider) or self.busy:
            self.bot_wait = 0
            return False
        if self.paused:
            return False
        self.bot_wait += dt
        if self.bot_wait < self.bot_delay_ms * self.pace():
            return False
        self.bot_wait = 0
        actions = self.session.legal_actions()
        bot = self.bots[decider]
        if hasattr(bot, "decide"):  # chooses from the state and says why
            choice = bot.decide(self.state, actions)
            action = choice.action
            why = getattr(choice, "reason", "") or getattr(choice, "why", "")
            if why:
                self.bot_reason(decider, action, why, private=getattr(choice, "private", False))
        else:
            action = bot.choose(actions)
        return self.submit(action)

    def standing_answer(self, decider: str, actions: list[Action]) -> Action | None:
        """The answer a person gave in advance to the question asked now, submitted for them
        right after the action before; None: ask them. Here: a question with nothing to choose
        (forced_answer), and "let them all pass" (let_pass)."""
        forced = self.forced_answer(actions)
        if forced is not None:
            return forced
        if decider in self.passing and self.passing[decider] == self.let_pass_span():
            return self.let_pass(actions)
        return None

    # ------------------------------------------------------------------ interrupts let pass
    # A question asked at every enemy step (Doom's and Gears' Guard) can be answered once for the
    # rest of a span: the prompt's "let them all pass" button (let_pass_button) answers this one
    # and the table answers the same question for that person until the span changes, without a
    # handoff card each time in hot-seat. The person keeps their cards or order.

    def let_pass(self, actions: list[Action]) -> Action | None:
        """The answer that lets it pass, when the question asked now is such an interrupt; None:
        it is not. A title's own (default: none)."""
        return None

    def let_pass_span(self) -> Any:
        """How long "let them all pass" holds: while this stays equal (a title's turn or step)."""
        return None

    def let_pass_words(self) -> tuple[str, str]:
        """The button's label and the log line (with {who}) of "let them all pass"; a title
        that has let_pass words them."""
        return "", ""

    def let_pass_echo(self, event: Event) -> str | None:
        """The seat whose declined interrupt `event` reports (Gears: "Damon Baird does not Guard
        against Drone 3."), None for any other line; a title's (default: none). While that seat
        lets them all pass, the log has said so once (let_pass_words) and leaves these out."""
        return None

    def _passing_now(self) -> frozenset[str]:
        """The seats that let them all pass in the span now (taken before an action: the span
        may end inside it, after the last line it would leave out)."""
        span = self.let_pass_span() if self.passing else None
        return frozenset(p for p, s in self.passing.items() if s == span)

    def _unechoed(self, events: list[Event], passing: frozenset[str]) -> list[Event]:
        """`events` less the echoes of a standing "let them all pass" (let_pass_echo)."""
        if not passing:
            return events
        return [e for e in events if self.let_pass_echo(e) not in passing]

    def let_pass_button(self) -> tuple[str, str, bool] | None:
        """The prompt's "let them all pass" button, for the person asked such a question now."""
        if self._not_yours() is None and self._passable is not None:
            return self.let_pass_words()[0], "let_pass", False
        return None

    def _let_pass(self) -> None:
        answer = self._passable
        if answer is None or self._not_yours() is not None:
            return
        decider = self.session.decider
        self.passing[decider] = self.let_pass_span()
        self._log.append((self.let_pass_words()[1].format(who=self.player_name(decider)), None))
        self.submit(answer)

    def bot_reason(self, decider: str, action: Action, why: str, private: bool = False) -> None:
        """A bot's reason for its choice: in the log, for everyone, but a `private` one (it reads
        the bot's hand, Choice.private) for the bot's own seat only."""
        self._log.append((reason_line(self.player_name(decider), str(self._words(why))), (decider,) if private else None))

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event):
        self._input = True
        self._layout(pygame.display.get_surface().get_size())
        if event.type == pygame.MOUSEMOTION:
            # Not input that may change anything else than what the pointer hovers, which the
            # frame's keys hold (pointer_key, frame_key, local_parts): the frame is drawn in
            # part or whole as they say.
            return self._motion(event.pos)
        if self.CLICKS_IN_PART and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and not self._dragging:
            self._clicked = True
        else:
            self._acted = True
        if event.type == pygame.MOUSEWHEEL and event.y and self.mouse and self._log_rect is not None \
                and self._log_rect.collidepoint(self.mouse):
            self.log_scroll = max(0, self.log_scroll + (3 if event.y > 0 else -3))  # up: older lines
            self.dirty = True
        elif event.type == pygame.MOUSEWHEEL and event.y and self.mouse and self.view_rect.collidepoint(self.mouse):
            self.wheel(1 if event.y > 0 else -1, self.mouse)
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse = event.pos
            self._press, self._dragging = event.pos, event.button == 3
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            was_click = self._press is not None and not self._dragging and event.button == 1
            self._press, self._dragging = None, False
            if was_click:
                return self.click(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key, getattr(event, "mod", 0))
        return None

    def _motion(self, pos):
        last, self.mouse = self.mouse, pos
        if self._held or self._press is not None:
            self._acted = True  # leaving a held choice readies it; a press may become a drag
        if self._held:
            self.dirty = True
        if self._press is not None and last is not None:
            if not self._dragging and math.dist(pos, self._press) > DRAG_PX:
                self._dragging = True
                last = self._press
            if self._dragging:
                self.drag(pos[0] - last[0], pos[1] - last[1])
                self.dirty = True
        was = self.dirty
        self.hover(pos)
        if not self.dirty and self._pointer_view() != self._pointer_drawn:
            self.dirty = True  # onto another button or hand card: its highlight or enlarged card
        self._pointed = self._pointed or (self.dirty and not was)
        return None

    def _key(self, key: int, mod: int = 0):
        if key == pygame.K_s and mod & pygame.KMOD_CTRL:
            self.save_game()
            return None
        if key == pygame.K_ESCAPE:
            if self.cancel():
                self.dirty = True
                return None
            return Pop()
        if key == pygame.K_SPACE:
            self.skip_animation()
        elif key == pygame.K_TAB:
            self.toggle_side()
        elif key == pygame.K_u or key == pygame.K_z:
            self.undo()
        elif key == pygame.K_p:
            self.paused = not self.paused
            self.say(_("Paused: bots and the AI wait. P goes on.") if self.paused else _("Going on."), ok=True)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_END):
            self.log_scroll = 0 if key == pygame.K_END else max(0, self.log_scroll + (10 if key == pygame.K_PAGEUP else -10))
            self.dirty = True
        else:
            return self.title_key(key)
        return None

    def click(self, pos):
        """One left click anywhere on the table."""
        if self.session.is_over() and self.busy:
            self.skip_animation()
            return None
        if self.session.is_over():
            for b in self.end_buttons:
                if b.hit(pos):
                    return self._command(b.action)  # type: ignore[arg-type]
            return None
        if self.handoff is not None:
            self.dirty = True
            for rect, what in self._handoff_buttons:
                if rect.collidepoint(pos):  # an answer from the card: the desk stays as it is
                    if what == "let_pass":
                        self._let_pass()
                    else:
                        self.submit(what)
                    return None
            self.seated, self.handoff = self.handoff, None
            return None
        if self.busy:
            # The side panel's tabs and its fold handle only change what is shown: they answer
            # at once (a game of bots only animates nearly all the time). Any other click skips.
            for rect, _label, what in self.buttons:
                if rect.collidepoint(pos) and isinstance(what, str) and (what.startswith("tab:") or what in ("side", "prompt:text") or what.endswith("_fold")):
                    return self._command(what)
            self.skip_animation()
            return None
        for rect, label, what in self.buttons:
            if rect.collidepoint(pos):
                if label in self._held:
                    self._costly_seen[label][1] = False
                    self._held.discard(label)
                    self.say(_("\"{choice}\" has just appeared under the pointer: click it again to choose it.").format(choice=label), ok=True)
                    return None
                if isinstance(what, Action):
                    self.submit(what)
                    return None
                if isinstance(what, str):
                    return self._command(what)
                return self.press(what)
        if any(panel.collidepoint(pos) for panel, _first in self.panels):
            return None  # a click on a panel's face is not for the cards or the map beneath it
        for card, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                return self.click_card(card)
        if self.view_rect.collidepoint(pos):
            return self.click_view(pos)
        return None

    def _command(self, what: str):
        """A button's command: the table's own (menu, undo, save, skip, side, tab:NAME, again),
        else the title's."""
        plain = {"undo": self.undo, "save": self.save_game, "skip": self.skip_animation, "side": self.toggle_side,
                 "ai_fold": self.toggle_ai}
        if what == "menu":
            return Pop()
        if what in plain:
            plain[what]()
            return None
        if what.startswith("tab:"):
            self.side_tab = what[len("tab:"):]
            self.dirty = True
            return None
        if what == "again":
            if self.from_setup:
                return Pop()  # back to the set-up screen it came from
            return Push(self.setup_scene())
        if what in ("prompt:next", "prompt:prev"):
            self._turn_prompt_page(1 if what == "prompt:next" else -1)
            return None
        if what == "prompt:text":
            self._turn_prompt_text()
            return None
        if what == "let_pass":
            self._let_pass()
            self.dirty = True
            return None
        return self.title_command(what)

    def shortcuts(self) -> list[tuple[str, str]]:
        """The table's keys on the F1 overlay (a title adds its own, Esc last)."""
        return [("U", _("Undo")), ("Ctrl+S", _("Save game")), (_("Space"), _("Skip the animation")),
                ("Tab", _("Fold or open the side panel")), ("P", _("Pause or go on with the bots and the AI")),
                (_("Wheel over the log, Page Up / Page Down"), _("Read back through the game's log")),
                (_("End"), _("The newest log lines")), ("Esc", _("Cancel, or back to the menu"))]

    def toggle_side(self) -> None:
        """Fold the side panel to a strip (the play area takes its width) or open it again."""
        self.side_open = not self.side_open
        size, self._size = self._size, (0, 0)
        self._layout(size)
        self.dirty = True

    # ------------------------------------------------------------------ drawing
    def draw_table(self, surface, play_area, over_panels=None) -> None:
        """A frame of the table: the title's play area clipped to the view (`play_area(surface)`:
        the map, its figures and lit choices), then the toolbar, the prompt line, the hand strip,
        the side panel, what the title lays over them (`over_panels(surface)`: a preview) and
        the overlays (dice, message, hovered card, end panel or handoff)."""
        self._sprites_now = None
        surface.set_clip(self.view_rect)
        play_area(surface)
        surface.set_clip(None)
        self._draw_over_play_area(surface, over_panels)
        # The base of frames drawn in part: only when what lies over the map stays where it is
        # while figures slide (the title's panels unless `over_map`, the dice, the message, the
        # handoff card) or is a part whose rectangles are known (`_parts`), so drawing it again
        # clipped gives its pixels.
        base = self._sprites_now is not None \
            and not self._end_shown() and not self.over_map()
        self._shown = self._sprites_now if base else None
        self._shown_dice = self._dice_shown()
        self._last_frame = (surface.get_size(), self._frame_key()) if base else None
        parts = self._parts()
        self._local_shown = parts if base else None
        self._strips_shown = [key for _r, key in self._strips()] if base else None
        self._pointer_drawn = self._pointer_view(parts)
        self.full_redraw = False

    def _draw_over_play_area(self, surface, over_panels, strips: list[pygame.Rect] | None = None) -> None:
        """The toolbar, the prompt line, the hand strip, the side panel, the title's panels and
        the overlays: a whole frame's, or under the clip of a rectangle drawn again in part.
        With `strips` (a frame drawn in part after the game changed): only those strips are
        painted again, each under its own clip, then what lies over them; the others are laid
        out under an empty clip (their buttons answer clicks; a layer blits nothing)."""
        self.buttons = []
        self.panels = []
        self.message_rect: pygame.Rect | None = None  # the message line's box, when one is shown
        self._costly_drawn, self._held = set(), set()
        self._prompt_lines: list[str] = []
        self._prompt_shown: list[str] = []
        clip = surface.get_clip()
        kept = self._strips() if self.strip_inputs() is not None else None  # the keys as worked out
        side, band, top = self.side_rect, None, None
        if strips is not None and side in strips and self.side_layer.below(surface, side, clipped=False):
            # The side panel's sections that did not change are left as they are on screen: it
            # is painted from the first one that did down (its layer's copy patched there).
            top = self._side_changed_from(surface)
            if top is not None:
                band = pygame.Rect(side.left, top, side.width, side.bottom - top)
                strips = [band if s == side else s for s in strips]
        for rect, paint in ((self.toolbar_rect, lambda: self._layered(self.toolbar_layer, surface, self.toolbar_rect,
                                                                        kept[0][1] if kept else self.toolbar_key(),
                                                                        self._draw_toolbar)),
                            (self.prompt_rect, lambda: self._draw_prompt(surface)),
                            (self.hand_rect, lambda: self._draw_hand(surface)),
                            (self.side_rect, lambda: self._layered(self.side_layer, surface, self.side_rect,
                                                                     kept[3][1] if kept else self.side_key(),
                                                                     self._draw_side, self.SIDE_RECORDS, below=top))):
            if strips is not None:
                if rect == side and band is not None:
                    surface.set_clip(side)
                    surface.fill(self.table_colour(), band)  # what lies beneath it in a whole frame
                    paint()
                    continue
                surface.set_clip(rect if rect in strips else pygame.Rect(rect.topleft, (0, 0)))
                if rect in strips:
                    surface.fill(self.table_colour(), rect)  # what lies beneath it in a whole frame
            paint()
        self._over_at = (over_panels, len(self.buttons), len(self.panels))
        for area in [clip] if strips is None else strips:
            surface.set_clip(area)
            del self.buttons[self._over_at[1]:], self.panels[self._over_at[2]:]
            if over_panels is not None:
                over_panels(surface)
            self._draw_overlays(surface)
        surface.set_clip(clip)
        for gone in set(self._costly_seen) - self._costly_drawn:  # shown again later: new again
            del self._costly_seen[gone]
        if self._rehover:
            self._rehover = "laid"  # the changed game's buttons are laid out: begin_tick hovers

    # ------------------------------------------------------------------ frames drawn in part
    def sprites(self) -> list[Sprite]:
        """What the title draws over its map layer, in drawing order (a title that draws its
        figures as sprites: `show_sprites(surface, self.sprites())` in its play area, and
        `draw_moving` first in its `draw`)."""
        return []

    def frame_key(self) -> tuple:
        """The title's part of what a frame shows besides its sprites (the camera, the choices,
        the selection, what is hovered): a frame is drawn in part only while it stays."""
        return ()

    # A click is not input that may change anything its frame's keys do not hold (the title's
    # frame_key has every field a click sets; the action it submits changes the state, whose
    # part the view shows is view_key): the frame after it may be drawn in part. A title whose
    # frame_key is not known to hold all that leaves it False and a click draws the frame whole.
    CLICKS_IN_PART = False

    def table_colour(self) -> tuple[int, int, int]:
        """What a whole frame fills the window with before drawing the table on it."""
        return self.ctx.palette.table

    def view_key(self) -> tuple:
        """What of the state the play area shows besides its sprites and local parts (the
        rules' marks on the map, the tiles laid): while it stays, the frame after an action is
        drawn in part (the sprites, parts and strips that changed). The state's version unless
        the title says what its view reads, and whether figures slide or dice roll (a title
        whose play area shows that otherwise than by its sprites and the dice tray)."""
        return self.state_version, bool(self.anims), self.dice is not None and not self.dice.done

    def over_map(self) -> bool:
        """The title drew panels over the map this frame that move with what lies under them
        and are not local parts: the next frame is drawn whole."""
        return False

    def local_parts(self) -> dict[str, tuple[Any, list[pygame.Rect]]]:
        """Parts of the map that change only inside rectangles of the view: name -> (what it
        shows, the rectangles it may change). Left out of `frame_key`: when one changes (the
        pointer onto another area), the next frame draws its old and new rectangles only (the
        map layer, whose key has it, is painted there and its copy patched). A part may reach
        outside the view (a card beside the side panel): the rectangle is then drawn again with
        the toolbar, prompt, hand and side panel under its clip."""
        return {}

    def _parts(self) -> dict[str, tuple[Any, list[pygame.Rect]]]:
        """The title's local parts and the kit's: the hand card enlarged under the pointer, and
        the button under it (lit, inside its rect)."""
        return {**self.local_parts(), "hand_card": self._hand_card_part(), "button": self._button_part()}

    def _button_part(self) -> tuple[Any, list[pygame.Rect]]:
        mouse = self.mouse
        rect = None if mouse is None else next((r for r, _l, _w in self.buttons if r.collidepoint(mouse)), None)
        if rect is None:
            return None, []
        return tuple(rect), [rect]

    def hovered_card(self) -> tuple[str, pygame.Rect] | None:
        """The hand card under the pointer with its rect, as the title's hand row (hand.draw_hand)
        finds it from the rects it laid out."""
        return hovered(self.card_rects, self.mouse)

    def _hand_card_part(self) -> tuple[Any, list[pygame.Rect]]:
        hover = self.hovered_card()
        if hover is None or not self._enlarged_shows() or self.card_face(hover[0]) is None:
            return None, []
        card, small = hover
        bound = enlarged_bound(self.ctx, *self._enlarged_place(small), placeholder=self.card_placeholder(card))
        # the hovered card itself, drawn in front of its neighbours (hand.draw_front)
        return (card, tuple(small)), [front_bound(self.ctx, small)] + ([bound] if bound is not None else [])

    def _pointer_view(self, parts: dict[str, tuple[Any, list[pygame.Rect]]] | None = None) -> tuple:
        """What the pointer's place shows: the pointer key and what each part shows."""
        parts = self._parts() if parts is None else parts
        return self.pointer_key(), tuple((name, what) for name, (what, _r) in parts.items())

    def pointer_key(self) -> tuple:
        """What the pointer's place shows: the panel or end-panel button it is over, and the
        title's part (`title_pointer_key`); the button and the hand card under it are parts
        (`_parts`).
        While it stays, moving the pointer changes no pixel: a frame is drawn in part."""
        mouse = self.mouse
        if mouse is None:
            return ()

        def over(rects) -> int | None:
            return next((i for i, r in enumerate(rects) if r.collidepoint(mouse)), None)

        return (over([r for r, _n in self.panels]), over([b.rect for b in self.end_buttons]), self.title_pointer_key())

    def overlay_key(self) -> tuple:
        """What a subclass lays over the table in `_draw_overlays` after the kit's (the
        tutorial's lesson): a frame is drawn in part only while it stays."""
        return ()

    def title_pointer_key(self) -> tuple:
        """The title's part of `pointer_key`: what it draws by where the pointer is (Doom's
        figure card beside the pointer, Level 7's door under it)."""
        return ()

    def show_sprites(self, surface, sprites: list[Sprite]) -> None:
        """Draw `sprites` (the play area of a whole frame) and keep what they were."""
        for s in sprites:
            s.paint(surface)
        self._sprites_now = [(s.name, s.key, pygame.Rect(s.rect)) for s in sprites]

    def _frame_key(self) -> tuple:
        return (self.view_key(), self.handoff, self.message, self.message_ok, self.pointer_key(),
                self.side_open, self.side_tab, self.log_scroll, self.viewer, self.ctx.settings, self.paused,
                tuple(self.view_rect), self.session.is_over(), self.frame_key(), self.overlay_key(),
                self._end_shown())  # the end panel comes up once the last move and dice are over

    @staticmethod
    def _under_card(frame_key: tuple) -> tuple:
        """A frame's key but for the hand-off card and the viewer (`_frame_key`'s second and
        ninth fields), which change together when the decision passes to another person."""
        return frame_key[:1] + frame_key[2:8] + frame_key[9:]

    def _dice_shown(self) -> tuple | None:
        if self.dice is None:
            return None
        place = self._tray_set()  # first: the roll's form, which its key holds
        return tray_key(self.dice), tray_bound(self.ctx, self.view_rect, self.dice, place)

    def tray_keep_off(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What the dice tray keeps clear of on the map: the figures (their screen rects, as the
        title's panels keep off them) and the title's panels over the map (a step's sentence);
        none by default, and the tray lies low in the view's middle."""
        return [], []

    def tray_place(self) -> tuple[pygame.Rect, bool]:
        """Where the dice tray lies and whether in its small form (smaller dice, a narrower
        panel): low in the view's middle, unless it covers a figure or a panel of
        `tray_keep_off` there: then the first place of `clear_place.places` that covers the
        fewest figures, then the least of the panels (Level 7's tray hid the figures of a crowded
        map for the two seconds it shows), small only where the usual tray finds no clear place.
        A query: the roll is left as it is (`_tray_set` gives the roll the form it is drawn in).
        Worked out once per frame key and roll."""
        roll = self.dice
        figures, panels = self.tray_keep_off()
        if not figures and not panels:
            return tray_rect(self.ctx, self.view_rect, replace(roll, small=False)), False
        key = (roll.title, roll.summary, len(roll.dice), tuple(self.view_rect), tuple(map(tuple, figures)),
               tuple(map(tuple, panels)))
        if self._tray_memo[0] != key:
            found = []
            for small in (False, True):  # smaller dice only where the usual tray finds no clear place
                form = replace(roll, small=small)
                usual = tray_rect(self.ctx, self.view_rect, form)
                bound = tray_bound(self.ctx, self.view_rect, form, usual)  # its lines may stand out of its panel
                grow = (usual.left - bound.left, usual.top - bound.top, bound.right - usual.right,
                        bound.bottom - usual.bottom)

                def whole(r: pygame.Rect) -> pygame.Rect:
                    return pygame.Rect(r.left - grow[0], r.top - grow[1], r.width + grow[0] + grow[2],
                                       r.height + grow[1] + grow[3])

                room = [r for r in clear_place.places(self.view_rect, usual.width, usual.height, self.ctx.px(8), usual)
                        if self.view_rect.contains(whole(r)) or r == usual]
                best, covers = clear_place.least_covering(
                    room, [], lambda r: (clear_place.hits(whole(r), figures), clear_place.area(whole(r), panels)))
                found.append((covers, small, best))
                if covers == (0, 0):
                    break
            covers, small, best = min(found, key=lambda t: t[:2])
            self._tray_memo = (key, (small, best))
        small, best = self._tray_memo[1]
        return best.copy(), small

    def _tray_set(self) -> pygame.Rect:
        """The tray's place (`tray_place`), the roll given the form it is drawn in there (its
        key, `tray_key`, holds the form)."""
        place, small = self.tray_place()
        self.dice.small = small
        return place

    def draw_moving(self, surface, back: Callable[[pygame.Surface], Any]) -> bool:
        """A frame in which the clock moved things (a figure sliding, the dice rolling), the
        pointer changed a part, or an action changed only what sprites, parts and strips show:
        the last frame stays on `surface` and only the rectangles of the sprites, parts and dice
        that changed are drawn again: `back(surface)` (the map layer, from its copy), the
        sprites over it, then the dice, the message and the handoff card, each clipped to the
        rectangle; each strip whose key changed is painted alone (`_strips`). The same pixels a
        whole frame has there. False (nothing drawn) when the frame must be drawn whole: input
        other than the pointer (or a click, `CLICKS_IN_PART`) since the last frame, a change of
        what the view shows (`view_key`), a panel over the map, a new window size or a scene
        above that closed (`full_redraw`)."""
        last, key = self._last_frame, self._frame_key()
        # The hand-off card coming up (a person's action passed the decision to another person
        # at the desk): the table under it is drawn in part as it will show behind the card (its
        # strips, sprites and parts keyed on the handoff and the viewer), then dimmed whole and
        # the card drawn over it, as `_draw_overlays` does last in a whole frame.
        # While the card is up the table under it is kept undimmed (`_under`, taken as the card
        # was laid over a whole frame): a frame in part draws on that copy, then blits each
        # rectangle drawn to the screen, dimmed and the card over it there; the click that takes
        # the card down blits the copy whole and draws in part what the next person may see (their
        # hand's faces, their private log lines).
        under = self._under if self._under is not None and self._under.get_size() == surface.get_size() else None
        card_up = last is not None and self.handoff is not None and last[1][1] is None \
            and self._under_card(last[1]) == self._under_card(key)
        card_down = last is not None and under is not None and self.handoff is None and last[1][1] is not None \
            and self._under_card(last[1]) == self._under_card(key)
        if not self._calm or self.full_redraw or last is None or self._shown is None \
                or last[0] != surface.get_size() or (last[1] != key and not card_up and not card_down):
            self._under = None
            return False
        screen = surface
        if card_down:
            screen.blit(under, (0, 0))
        elif self.handoff is not None and not card_up and under is not None:
            surface = under  # drawn on the copy under the card, then blitted with the card over it
        sprites = self.sprites()
        now = [(s.name, s.key, pygame.Rect(s.rect)) for s in sprites]
        dirty = sprites_changed(self._shown, now)
        if dirty is None:
            return False
        dice = self._dice_shown()
        if dice != self._shown_dice:
            dirty += [r for r in ((self._shown_dice or (None, None))[1], (dice or (None, None))[1]) if r is not None]
        self._hover_card = self.hovered_card()
        local, shown_local = self._parts(), self._local_shown or {}
        if local.keys() != shown_local.keys():
            return False
        strips = self._strips()
        changed = [rect for (rect, key), shown in zip(strips, self._strips_shown or ()) if key != shown]
        missed = 0  # the map layer painted whole (not patched): what it shows changed outside the rects
        self._card_later = card_up or surface is not screen
        try:
            if changed:  # each strip that changed painted alone (merged, they would cover the screen)
                self._draw_over_play_area(surface, self._over_at[0], changed)
                # The parts as now laid out: a hand strip drawn again laid its cards out anew, and
                # the card under the pointer is another (a card played or drawn). Read before,
                # from the last frame's cards, the new enlarged card was drawn only inside the
                # strip and the old card's rectangles, its top under the map (1920x1080, Greek).
                local = self._parts()
            for name, (what, where) in local.items():
                if what != shown_local[name][0]:
                    dirty += shown_local[name][1] + where
            rects = merged([r.clip(surface.get_rect()) for r in dirty])
            Layer.patching = []
            for rect in rects:
                inside = rect.clip(self.view_rect)
                if inside.width and inside.height:
                    surface.set_clip(inside)
                    painted = Layer.painted
                    back(surface)
                    missed += Layer.painted - painted
                    for s in sprites:
                        if s.rect.colliderect(inside):
                            s.paint(surface)
                surface.set_clip(rect)
                over_panels, buttons, panels = self._over_at
                if not self.view_rect.contains(rect):
                    # What lies beneath the strips in a whole frame: a strip whose key changed
                    # is painted again there, not over the last frame's pixels.
                    for band in outside(rect, self.view_rect):
                        surface.fill(self.table_colour(), band)
                    self._draw_over_play_area(surface, over_panels)
                    continue
                del self.buttons[buttons:], self.panels[panels:]
                if over_panels is not None:
                    over_panels(surface)
                self._draw_overlays(surface)
        finally:
            self._card_later = False
            surface.set_clip(None)
            Layer.patched()
        if missed:  # the map layer missed after all: this frame is drawn whole
            self._last_frame = self._under = None
            return False
        if card_up:
            self._keep_under(surface)
            self._draw_handoff(surface)
        elif card_down:
            self._under = None
        elif surface is not screen:
            for rect in merged([r.clip(screen.get_rect()) for r in rects + changed]):
                screen.set_clip(rect)
                screen.blit(surface, rect, rect)
                self._draw_handoff(screen)
            screen.set_clip(None)
        self._last_frame = (surface.get_size(), key)
        local = {**local, "button": self._button_part()}  # the strips drawn again laid out new buttons
        self._shown, self._shown_dice, self._local_shown = now, dice, local
        self._strips_shown = [key for _r, key in strips]
        self._pointer_drawn = self._pointer_view(local)
        self.frames_in_part += 1
        return True

    def _draw_hand(self, surface) -> None:
        """The hand strip (hand_rect): the title's."""

    # What drawing the side panel lays out besides its buttons, given back when it is blitted
    # from its layer (a title adds the rects its sections keep, as Gears its Squad rows).
    SIDE_RECORDS: tuple[str, ...] = ("side_sections", "_log_rect")

    def toolbar_key(self) -> tuple:
        """Everything the toolbar shows: it is drawn again only when this changes (layers.py)."""
        decider = self.session.decider
        return (self.undo_refusal() is None, self.session.seed, self.toolbar_title(),
                tuple(self.toolbar_buttons()), decider, self.is_bot(decider), tuple(self.side_rect))

    def prompt_key(self) -> tuple:
        """Everything the prompt line shows (its words and buttons, the decider's colour)."""
        decider = self.session.decider
        return (self._prompt_content(), self._prompt_page, self._prompt_text_page[1], self.colour_of(decider) if decider else None,
                tuple(self.prompt_rect), self.hand_rect.top)

    def hand_key(self) -> tuple:
        """Everything the hand strip shows but the card enlarged under the pointer (a part):
        the state's version unless the title says what its strip reads."""
        return (self.state_version, self.viewer, self.handoff is not None)

    def _strips(self) -> list[tuple[pygame.Rect, tuple]]:
        """The strips round the play area with the key of what each shows: a frame drawn in
        part draws again those whose key changed (an action that adds a log line draws the side
        panel, not the map). Worked out again only when the title's `strip_inputs` change (or
        every time, when it gives none)."""
        inputs = self.strip_inputs()
        if inputs is not None:
            inputs = (inputs, self._prompt_page, self._prompt_text_page[1])  # the arrows turn the prompt's pages
        memo = self._strips_memo
        if inputs is not None and memo is not None and memo[0] == inputs:
            return memo[1]
        strips = [(self.toolbar_rect, self.toolbar_key()), (self.prompt_rect, self.prompt_key()),
                  (self.hand_rect, self.hand_key()), (self.side_rect, self.side_key())]
        self._strips_memo = (inputs, strips) if inputs is not None else None
        return strips

    def strip_inputs(self) -> tuple | None:
        """Everything the strips' keys (toolbar_key, prompt_key, hand_key, side_key and the
        sections' keys) read: the state's version (an action, an undo, a new session) and the
        table's own fields they read (the seats, the viewer, a selection, the rects, the
        settings...). While it stays, the keys are not worked out again (a calm frame asked
        them all, 0.05-0.07 ms). None (the default): worked out every frame."""
        return None

    def side_key(self) -> tuple:
        """Everything the side panel shows (the state, the log lines this seat may read, public
        ones only behind the handoff card, the tab, the fold): it is drawn again only when this
        changes. A title whose sections show more of the table than the state (a selection, what
        is hovered) adds it. When the title keys every section (section_key), their keys, the
        tab and the fold: an action that changes no section leaves the panel as it is."""
        keys = tuple(self._section_key_kept(name) for name in self.SIDE_TABS)
        if all(k is not None for k in keys):
            return self.side_open, self.side_tab, keys
        return (self.state_version, len(self._log), self._log_joins, self.log_scroll, self.viewer,
                self.handoff is not None, self.side_open, self.side_tab, tuple(self.seats), self.ai_open)

    def _layered(self, layer: Layer, surface, rect: pygame.Rect, key: tuple, paint, records: tuple[str, ...] = (),
                 below: int | None = None) -> None:
        """A part of the table from its layer while `key`, the settings (the words' language, the
        scale, the palette) and the button under the pointer stay the same; else drawn by
        `paint(surface)`. The buttons it drew answer clicks as if drawn (and the attributes named
        by `records` are given back). A part showing a costly choice is always drawn (its hold
        follows the clock)."""
        def under_pointer(buttons) -> int | None:
            if self.mouse is None:
                return None
            return next((i for i, (r, _l, _w) in enumerate(buttons) if r.collidepoint(self.mouse)), None)

        def run(target) -> tuple[list, dict[str, Any]]:
            first = len(self.buttons)
            paint(target)
            return self.buttons[first:], {name: getattr(self, name) for name in records}

        drawn = layer.drawn
        hovered = under_pointer(layer.extra[0]) if layer.extra is not None else None
        if below is not None:  # nothing above `below` changed: drawn from there down (the side panel)
            buttons, kept = layer.draw_below(surface, rect, (key, hovered, self.ctx.settings), below, run)
        else:
            buttons, kept = layer.draw(surface, rect, (key, hovered, self.ctx.settings), run)
        if layer.drawn == drawn:
            self.buttons.extend(buttons)
            for name, value in kept.items():
                setattr(self, name, value)
        elif any(self.costly(what) for _r, _l, what in buttons):
            layer.forget()
        else:  # the copy shows the button under the pointer among the buttons just drawn
            layer.rekey((key, under_pointer(buttons), self.ctx.settings))

    def _button(self, surface, rect: pygame.Rect, label: str, what, primary: bool = False, enabled: bool = True,
                size: float = 14) -> None:
        """A table button; it answers clicks (click()) until the next frame is drawn. A costly
        one that appeared under the pointer is drawn greyed while it is held."""
        hovered = self.mouse is not None and rect.collidepoint(self.mouse)
        if self.costly(what):
            seen = self._costly_seen.setdefault(label, [self._clock_ms, hovered])
            if seen[1] and (not hovered or self._clock_ms - seen[0] >= HOLD_MS):
                seen[1] = False
            self._costly_drawn.add(label)
            if seen[1]:
                self._held.add(label)
                enabled = False
        pal, px = self.ctx.palette, self.ctx.px
        fill = pal.accent if (hovered and enabled) else (_darker(pal.accent) if primary else (52, 57, 66))
        if not enabled:
            fill = (40, 42, 48)
        pygame.draw.rect(surface, fill, rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if primary else (92, 98, 110), rect, width=1, border_radius=px(6))
        colour = pal.accent_text if (hovered and enabled) else (pal.text if enabled else pal.text_dim)
        font, lines = self.button_lines(rect, label, size)
        step = font.get_linesize()
        top = rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            widgets.text(surface, line, font, colour, (rect.centerx, top + i * step), "midtop")
        # A greyed button still answers a click: with the reason it cannot be used (undo).
        self.buttons.append((rect, label, what))

    def button_lines(self, rect: pygame.Rect, label: str, size: float = 14) -> tuple[pygame.font.Font, list[str]]:
        """The font and lines a button of `rect` shows `label` in: one line when it fits, else
        two lines (at a size down to 12 while they do not fit the button's height), the second
        ending in an ellipsis only when even those cannot hold the words. Buttons keep their
        width (a wider one moved a lesson's prompt to the column below): Convoy's 'Shuffle the
        hand back and draw 4 new cards' was cut at 1280x720."""
        px = self.ctx.px
        width = rect.width - px(12)
        font = self.ctx.font(size, bold=True)
        if font.size(label)[0] <= width:
            return font, [label]
        for points in (size, size - 1, size - 2):
            small = self.ctx.font(points, bold=True)
            if 2 * small.get_linesize() > rect.height - px(2):
                continue  # a short button (a tab, the toolbar): one line, cut with an ellipsis
            lines = widgets.wrap(label, small, width, hyphenate=True)
            if len(lines) <= 2 and _broken_whole(label, lines):
                return small, lines
            if points == size - 2 and all(small.size(word)[0] <= width for word in label.split()):
                return small, widgets.wrap_most(label, small, width, 2)
        # A word wider than the button (a side panel tab at 125%, 'Tengerészgyalogosok' read
        # 'Tengerészgyalogos' 'ok'): one line as small as holds it, never broken in mid-word.
        least = next(n for n in range(1, 30) if px(n) >= 9)  # UI units of the least size read: 9 px
        font = widgets.line_font(self.ctx, label, width, max(least, int(size)), least, bold=True)
        return font, [widgets.elide(label, font, width)]

    def _draw_toolbar(self, surface) -> None:
        """Menu, Save game, Undo (greyed when the rules refuse it) and the title's buttons; on
        the right who decides and the seed; the title's name and progress in what is left."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        r = self.toolbar_rect
        pygame.draw.rect(surface, pal.panel, r)
        pygame.draw.rect(surface, pal.panel_edge, (0, r.bottom - 2, r.right, 2))  # inside its own rect: a layer drawn alone (the side panel) must not cover it
        bh = r.height - px(14)
        y = r.top + px(7)
        x = px(10)
        font = ctx.font(14, bold=True)
        for label, what in self.toolbar_buttons():
            bw = font.size(label)[0] + px(28)
            refusal = self.undo_refusal() if what == "undo" else None
            self._button(surface, pygame.Rect(x, y, bw, bh), label, what, enabled=refusal is None)
            x += bw + px(8)
        title = self.toolbar_title()
        # Right to left: who decides, the seed, then the title in what is left (a large UI
        # scale in a small window leaves little: the seed goes first, then the title is cut).
        right = r.right - px(14)
        decider = self.session.decider
        if decider:
            who = self.player_name(decider)
            tag = _("{who} decides").format(who=who) + (" (" + _("bot") + ")" if self.is_bot(decider) else "")
            col = self.colour_of(decider)
            right = widgets.text(surface, widgets.elide(tag, ctx.font(15, bold=True), r.right - x - px(120)), ctx.font(15, bold=True), col, (right, r.centery), "midright").left - px(18)
        tfont = ctx.font(18, bold=True)
        seed = _("Seed {seed}").format(seed=self.session.seed)
        sfont = ctx.font(13)
        # The seed stands over the side panel's edge: it shows only when the whole title still
        # fits left of it (a Hungarian title at 1280x720 was cut to "0/..." beside the seed).
        seed_right = min(right, self.side_rect.left - px(12))
        if px(16) + tfont.size(title)[0] + px(24) + sfont.size(seed)[0] <= seed_right - x:
            right = widgets.text(surface, seed, sfont, pal.text_dim, (seed_right, r.centery), "midright").left - px(18)
        # A Greek title beside a long "who decides" lost its end ("0/6 fr…" at 1280x720): a
        # smaller size first, the ellipsis only when even that does not fit.
        tfont = widgets.line_font(ctx, title, right - x - px(16), 18, 14, bold=True)
        # Cut in its longest field but the last (the scenario's name), the turn at its end kept whole.
        widgets.text(surface, widgets.elide_middle(title, tfont, right - x - px(16)), tfont, pal.text,
                     (x + px(16), r.centery), "midleft")

    def _draw_prompt(self, surface) -> None:
        """What to do now (or why not), in the decider's colour, with the choices as buttons
        from the right. Buttons too many for the row are paged inside it (`_prompt_pages`):
        arrows beside them show the others; no button leaves the strip."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        r = self.prompt_rect
        pygame.draw.rect(surface, (26, 28, 33), r)
        pygame.draw.line(surface, pal.panel_edge, (r.left, r.bottom - 1), (r.right - 1, r.bottom - 1), 1)  # inside its rect: a strip is drawn alone
        text, buttons = self._prompt_content()
        font = ctx.font(15, bold=True)
        small = ctx.font(13, bold=True)
        placed, right = self._prompt_row(text, buttons, small)
        for rect, label, what, primary, enabled in placed:
            self._button(surface, rect, label, what, primary, enabled)
        decider = self.session.decider
        colour = self.colour_of(decider) if decider else pal.text
        pygame.draw.rect(surface, colour, (r.left, r.top, px(5), r.height))
        lines = widgets.wrap(text, font, right - r.left - px(24))
        shown = lines
        if len(lines) > 1:
            font = small
            lines = widgets.wrap(text, font, right - r.left - px(24))
            top, step, most = r.top + px(4), font.get_linesize(), 2
            if len(lines) > 2:  # a size smaller, then three lines of it, before the words are paged
                smaller = ctx.font(12, bold=True)
                tighter = widgets.wrap(text, smaller, right - r.left - px(24))
                if len(tighter) <= 2 or (len(tighter) == 3 and 3 * smaller.get_linesize() <= r.height - 1):
                    font, lines, step, most = smaller, tighter, smaller.get_linesize(), len(tighter)
                    if most == 3:
                        top = r.top + (r.height - 1 - 3 * step) // 2
            shown = lines
            if len(lines) > most:  # even so too long: paged inside the strip
                lines, shown = self._prompt_text_paged(surface, text, right)
            else:
                for i, line in enumerate(lines):
                    widgets.text(surface, line, font, pal.text, (r.left + px(16), top + i * step))
        else:
            widgets.text(surface, text, font, pal.text, (r.left + px(16), r.centery), "midleft")
        self._prompt_lines = lines  # the question's lines, on every page (tests read it)
        self._prompt_shown = shown  # those the strip shows now

    PROMPT_TEXT_LEAST = 260  # UI units the prompt's words keep left of its buttons in the row
    PROMPT_TEXT_PAGED = 160  # and left of them paged, where the words need no more

    def _prompt_row(self, text: str, buttons: list, small) -> tuple[list[tuple], int]:
        """The prompt's buttons laid in its strip: (rect, label, what, primary, enabled) each,
        and the x the words end at. All in the row while they fit with the question still
        whole in two lines beside them; else the question keeps the width it needs for two
        lines (at least PROMPT_TEXT_PAGED) and the options are paged in the rest of the strip,
        in their order, a '◀ n' and an 'n ▶' arrow beside them naming how many lie each way; a
        last button that is a way on or out (`_way_out`: Cancel, End the turn) stays at the
        right end on every page. The options had gone in a column below the strip, over the
        map, covering its figures (Greek and Hungarian labels at 1280x720)."""
        px, r = self.ctx.px, self.prompt_rect
        bfont = self.ctx.font(14, bold=True)
        row_cap, _column_cap = self.button_caps()
        top, bh, gap = r.top + px(6), r.height - px(12), px(6)
        least = r.left + px(self.PROMPT_TEXT_LEAST)

        def width(i: int) -> int:
            return min(row_cap, bfont.size(buttons[i][0])[0] + px(26))

        def reads(right: int) -> bool:  # the question whole in two lines left of `right`
            return len(widgets.wrap(text, small, right - r.left - px(24))) <= 2

        self._prompt_paged = None
        right = r.right - px(8)
        if sum(width(i) + gap for i in range(len(buttons))) <= right - least and \
                reads(right - sum(width(i) + gap for i in range(len(buttons)))):
            placed = []
            for i in reversed(range(len(buttons))):
                label, what, primary = buttons[i]
                bw = width(i)
                placed.append((pygame.Rect(right - bw, top, bw, bh), label, what, primary, True))
                right -= bw + gap
            return placed, right
        pinned = len(buttons) - 1 if _way_out(buttons) else None
        options = [i for i in range(len(buttons)) if i != pinned]
        arrow = px(36)
        # The way out on two lines where it is long ('End the turn (draw an event)' took the
        # question's room in Hungarian).
        pinned_w = self._paged_width(buttons[pinned][0], bh, row_cap) if pinned is not None else 0
        end = right - (pinned_w + gap if pinned is not None else 0)
        # The words take what they need for two lines; the buttons keep room for the widest
        # option whole (its label on two lines where the strip's height allows) with the
        # arrows. Words that need more are paged in the strip (_prompt_text_paged).
        paged = {i: self._paged_width(buttons[i][0], bh, row_cap) for i in options}
        keep = 2 * (arrow + gap) + gap + max(paged.values()) if options else 0
        # Paged, the words keep what they need down to PROMPT_TEXT_PAGED (Doom's four Declare
        # buttons beside 'Declare this turn's action.' in Greek: one of them was on a page of
        # its own behind the words' 260 units).
        text_w = self._prompt_text_width(text, small, end - keep - r.left)
        smaller = self.ctx.font(12, bold=True)
        if 3 * smaller.get_linesize() <= r.height - 1:
            # Three lines a size smaller (as _draw_prompt sets them) where that brings every
            # option beside the words: Doom's 'Aim order' stood alone on a page at 125%.
            def one_page(w: int) -> bool:
                right_of = max(r.left + px(self.PROMPT_TEXT_PAGED), min(end - keep, r.left + w))
                return sum(paged.values()) + gap * len(options) <= end - right_of

            three = self._prompt_text_width(text, smaller, end - keep - r.left, 3)
            if not one_page(text_w) and one_page(three):
                text_w = three
        text_right = max(r.left + px(self.PROMPT_TEXT_PAGED), min(end - keep, r.left + text_w))
        lines = 3 if 3 * smaller.get_linesize() <= r.height - 1 else 2
        if len(widgets.wrap(text, smaller, text_right - r.left - px(24))) > lines:
            # Words paged anyway (_prompt_text_paged): the options all beside them where the words
            # keep PROMPT_TEXT_LEAST, rather than the options paged too (Doom's four Declare
            # buttons one to a page beside a long Greek reason).
            beside = end - (sum(paged.values()) + gap * len(options))
            if beside - r.left >= px(self.PROMPT_TEXT_LEAST):
                text_right = beside
        if sum(width(i) + gap for i in options) <= end - text_right:
            pages = [options]  # all the options beside the words, each on one line: no arrows
            paged = {i: width(i) for i in options}
        elif sum(paged.values()) + gap * len(options) <= end - text_right:
            pages = [options]  # all the options beside the words, narrower: no arrows
        else:
            span = end - text_right - 2 * (arrow + gap) - gap  # the arrows where they stand on every page
            paged = {i: w if w <= span else self._paged_width(buttons[i][0], bh, span) for i, w in paged.items()}
            pages = [[]]
            used = 0
            for i in options:
                bw = paged[i]
                if pages[-1] and used + bw > span:
                    pages.append([])
                    used = 0
                pages[-1].append(i)
                used += bw + gap
        if len(pages) == 1:
            arrow = -gap
        page = self._prompt_page_for(buttons, pages)
        placed = []
        if pinned is not None:
            label, what, primary = buttons[pinned]
            bw = pinned_w
            placed.append((pygame.Rect(right - bw, top, bw, bh), label, what, primary, True))
            right -= bw + gap
        after = sum(len(p) for p in pages[page + 1:])
        before = sum(len(p) for p in pages[:page])
        if len(pages) > 1:
            placed.append((pygame.Rect(right - arrow, top, arrow, bh), f"{after} \u25b6" if after else "\u25b6",
                           "prompt:next", False, after > 0))
        right -= arrow + gap
        for i in reversed(pages[page]):
            label, what, primary = buttons[i]
            bw = paged[i]
            placed.append((pygame.Rect(right - bw, top, bw, bh), label, what, primary, True))
            right -= bw + gap
        if len(pages) > 1:  # at the same place on every page, as the other arrow: clicked through
            right = min(right, text_right + arrow + gap)
            placed.append((pygame.Rect(right - arrow, top, arrow, bh), f"\u25c0 {before}" if before else "\u25c0",
                           "prompt:prev", False, before > 0))
            self._prompt_paged = (page, len(pages), [buttons[i][1] for i in pages[page]],
                                  [[buttons[i][1] for i in p] for p in pages])
        right -= arrow + gap
        return placed, min(right, text_right)

    def _paged_width(self, label: str, height: int, most: int) -> int:
        """A paged option's width: the least (from 72 units up to its label's width on one
        line, at most `most`) at which its button shows the label whole, on two lines where
        the strip's height allows, so a page holds more; `most` when none does."""
        px = self.ctx.px
        one = min(most, self.ctx.font(14, bold=True).size(label)[0] + px(26))

        least = self.ctx.font(12, bold=True).get_linesize()
        # Where two lines fit the strip, at 12 units or more: narrower, Doom's Greek 'Διαταγή
        # «Στόχευση»' showed whole on one line at 9 px (a short strip keeps that: one line).
        least = least if 2 * least <= height - px(2) else 0

        def whole(w: int) -> bool:  # every word whole: no ellipsis, no word broken
            font, lines = self.button_lines(pygame.Rect(0, 0, w, height), label)
            return " ".join(lines) == label and font.get_linesize() >= least

        if not whole(one):
            return most
        lo, hi = min(one, px(72)), one
        if whole(lo):
            return lo
        while hi - lo > px(4):
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if whole(mid) else (mid, hi)
        return hi

    def _prompt_text_width(self, text: str, font, most: int, lines: int = 2) -> int:
        """The least width (up to `most`) in which the prompt's words read in `lines` lines,
        with their margins; `most` when even that does not hold them."""
        px = self.ctx.px
        lo, hi = 0, max(0, most - px(24))
        if len(widgets.wrap(text, font, hi)) > lines:
            return most
        while hi - lo > px(8):
            mid = (lo + hi) // 2
            if len(widgets.wrap(text, font, mid)) <= lines:
                hi = mid
            else:
                lo = mid
        return hi + px(24)

    def _prompt_page_for(self, buttons: list, pages: list[list[int]]) -> int:
        """The page of options shown: the one asked for by the arrows while the same options
        stand; for new options, the page of the first the table wants shown (`prompt_wanted`:
        a lesson's taught choice), else the first."""
        labels = tuple(label for label, _w, _p in buttons)
        if self._prompt_page[0] != labels:
            wanted = next((n for n, page in enumerate(pages) for i in page if self.prompt_wanted(buttons[i][1])), 0)
            self._prompt_page = (labels, wanted)
        page = max(0, min(len(pages) - 1, self._prompt_page[1]))
        self._prompt_page = (labels, page)
        return page

    def prompt_wanted(self, what: Any) -> bool:
        """Whether a prompt button should be in view when the options are paged (a lesson's
        taught choice)."""
        return False

    def show_prompt_option(self, what: Any) -> bool:
        """Turn the prompt's pages to the one that holds `what` (as last laid out); False when
        the options are not paged or none holds it. Drawn from the next frame."""
        paged = self._prompt_paged
        if paged is None:
            return False
        for n, whats in enumerate(paged[3]):
            if what in whats:
                self._prompt_page = (self._prompt_page[0], n)
                self.dirty = True
                return True
        return False

    def _turn_prompt_page(self, step: int) -> None:
        labels, page = self._prompt_page
        self._prompt_page = (labels, max(0, page + step))
        self.dirty = True

    def _prompt_text_paged(self, surface, text: str, right: int) -> tuple[list[str], list[str]]:
        """A question too long for the strip's lines even a size smaller: its words in pages of
        the lines the strip holds (three a size smaller where its height allows, else two),
        with a button at the words' right end ('1/2 \u25bc', the last page '2/2 \u25b2') that
        turns to the next page, the last back to the first. Its rest had gone on in a box over
        the top of the map, covering the figures there (the longest Greek and Hungarian
        questions at 1280x720 and 125%). Returns every line and the page's lines."""
        ctx, pal, px, r = self.ctx, self.ctx.palette, self.ctx.px, self.prompt_rect
        smaller = ctx.font(12, bold=True)
        if 3 * smaller.get_linesize() <= r.height - 1:
            font, most = smaller, 3
        else:
            font, most = ctx.font(13, bold=True), 2
        step = font.get_linesize()
        gap = px(6)
        bfont = ctx.font(13, bold=True)
        bw = bfont.size("99/99 \u25bc")[0] + px(16)
        lines = widgets.wrap(text, font, max(px(40), right - bw - gap - r.left - px(24)))
        pages = [lines[i:i + most] for i in range(0, len(lines), most)]
        page = self._prompt_text_page[1] % len(pages) if self._prompt_text_page[0] == text else 0
        self._prompt_text_page = (text, page)
        top = r.top + (r.height - 1 - len(pages[page]) * step) // 2  # a shorter last page in the middle too
        for i, line in enumerate(pages[page]):
            widgets.text(surface, line, font, pal.text, (r.left + px(16), top + i * step))
        arrow = "\u25bc" if page + 1 < len(pages) else "\u25b2"
        self._button(surface, pygame.Rect(right - bw, r.top + px(6), bw, r.height - px(12)),
                     f"{page + 1}/{len(pages)} {arrow}", "prompt:text", size=13)
        return lines, pages[page]

    def _turn_prompt_text(self) -> None:
        """The question's next page (after the last, its first)."""
        text, page = self._prompt_text_page
        self._prompt_text_page = (text, page + 1)
        self.dirty = True

    def button_caps(self) -> tuple[int, int]:
        """The widest a prompt button may be, in the row and in the column below it: 300 and
        360 UI units in a window 1280 px wide (where the lessons' frames around buttons are
        laid), growing with a wider window (at 1920x1080 Convoy's 'Shuffle the hand back and
        draw 4 new cards' wrapped in a 300 px button with the row's room to spare)."""
        px = self.ctx.px
        grow = max(1.0, self.toolbar_rect.width / 1280)  # the toolbar spans the window
        return round(px(300) * grow), round(px(360) * grow)

    def _prompt_content(self) -> tuple[str, list[tuple[str, Any, bool]]]:
        """What to do now (or why not) and the prompt's buttons (label, what, primary)."""
        why = self._not_yours()
        text = why or self.hint()
        buttons: list[tuple[str, Any, bool]] = []
        if not why and not self.session.is_over():
            said, buttons = self.prompt_choices()
            text = said or text
            if self.handoff is not None:
                # Behind the hot-seat card the next person's question and options stay hidden:
                # they name the cards of a hand not shown yet (Level 7's 'Play Steel Nerves for
                # Toughness'; Doom's 'Play a Dodge card against this attack?', once asked only when
                # the invader held one, read dimmed behind the card by the marine who attacked).
                text = _("Pass the table to {name}").format(name=self.handoff_name(self.handoff))
                buttons = []
        elif self.busy and not self._end_shown():
            buttons.append((_("Skip animation"), "skip", False))
        return text, buttons

    def side_tabbed(self) -> bool:
        """The side panel shows one section at a time (tabs) when all of them do not fit: a
        large UI scale in a small window (1280x720 at 1.5 leaves 450 scaled pixels of height),
        or sections that, measured (section_height), run past the panel's bottom or leave the
        log fewer than LOG_ROOM (Level 7's party of three or four and its event card
        at 1280x720 ran the card off the panel's bottom in Hungarian and Greek and left the log
        no line in English too)."""
        if not self.side_open:
            return False
        px, r = self.ctx.px, self.side_rect
        if r.height < px(600):
            return True
        key = self.side_measure_key()
        if self._side_fit[0] != key:
            w = r.width - px(32)  # as _side_places lays the sections out
            need = px(14) + sum(self.section_height(name, w) for name in self.SIDE_TABS)
            self._side_fit = (key, need > r.height - px(12))
        return self._side_fit[1]

    def _draw_side(self, surface) -> None:
        """The side panel: its sections (SIDE_TABS) one under the other, or one at a time under
        tabs when they do not fit; a handle folds it to a strip that opens it again."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        r = self.side_rect
        self.side_sections = {}
        if not self.side_open:
            # Collapsed to a strip: the play area has the width; the strip opens the panel again.
            pygame.draw.rect(surface, pal.panel, r)
            pygame.draw.line(surface, pal.panel_edge, r.topleft, r.bottomleft, 2)
            self._button(surface, pygame.Rect(r.left + px(3), r.top + px(8), r.width - px(6), px(40)), "\u2039", "side")
            return
        widgets.panel(surface, ctx, r)
        x, w, y, bottom, shown = self._side_places()
        handle = pygame.Rect(r.right - px(34), r.top + px(8), px(26), px(24))
        # The handle that folds the panel away (Tab does the same). Over the first section's
        # corner: drawn after sections that are layers of their own (section_key), whose copies
        # hold the panel there; before the others, as it always was.
        keyed = any(self._section_key_kept(name) is not None for name in self.SIDE_TABS)
        if not keyed:
            self._button(surface, handle, "\u203a", "side")
        if self.side_tabbed():
            labels = self.side_labels()
            # Each tab its name and the button's own margin (button_lines: the label in its width
            # less 12 units) and the gap between tabs: 4 units more per tab set the Hungarian
            # tabs a size smaller at 1280x720.
            room, pad = r.width - px(12) - px(38), px(12) + px(4)
            # The largest font at which every tab's name shows whole on one line, each tab as wide
            # as its name and the room left shared out: four equal tabs broke Greek 'Ημερολόγιο'
            # (Log) in the middle of the word beside a two-letter 'AI'.
            # Below 9 units where that is still 9 px or more (at 125% in 1280x720 the Hungarian
            # 'Tengerészgyalogosok' tab was broken in mid-word at 9 units).
            sizes = [n for n in (13, 12, 11, 10, 9, 8, 7.5) if n >= 9 or ctx.px(n) >= 9]
            size = next((n for n in sizes
                         if sum(ctx.font(n, bold=True).size(labels[t])[0] + pad for t in self.SIDE_TABS) <= room), sizes[-1])
            font = ctx.font(size, bold=True)
            need = [font.size(labels[t])[0] + pad for t in self.SIDE_TABS]
            if sum(need) > room:  # a large UI scale: even the least size does not fit; the room shared out
                need = [n * room // sum(need) for n in need]
            spare = max(0, room - sum(need)) // len(need)
            left = r.left + px(8)  # (x is the sections' left, below)
            for name, n in zip(self.SIDE_TABS, need):
                rect = pygame.Rect(left, r.top + px(8), n + spare - px(4), px(28))
                self._button(surface, rect, labels[name], f"tab:{name}", primary=name == self.side_tab, size=size)
                left += n + spare
        for name in shown:
            top = y
            y = self._draw_side_section(surface, name, x, y, w, bottom, whole=len(shown) == 1)
            self.side_sections[name] = pygame.Rect(r.left, top, r.width, y - top)
        if keyed:
            self._button(surface, handle, "\u203a", "side")

    def _draw_message(self, surface) -> None:
        """The message line at the top of the view: red for a refusal, calm for a notice."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        # Whole, as a refusal's reason must be read: in three lines at the first size that
        # takes it (15-13 px), else in as many as it needs at 13 px. A Greek refusal at
        # 1280x720 took four lines at 15 px, and the fourth, the hint, was cut off.
        for size in (15, 14, 13):
            font = ctx.font(size, bold=True)
            lines = widgets.wrap(self.message, font, self.view_rect.width - px(80))
            if len(lines) <= 3:
                break
        h = len(lines) * font.get_linesize() + px(20)
        rect = pygame.Rect(0, 0, max(font.size(l)[0] for l in lines) + px(40), h)
        # Top centre of the view, unless a panel or a button is there: then the first of the other
        # places in the view that leaves them clear (the attack panel's heading stays readable),
        # else over the prompt's own words (a large UI scale leaves little room).
        v, m = self.view_rect, px(12)
        clear = [p for p, _n in self.panels] + [r for r, _l, _w in self.buttons]
        places = [("midtop", (v.centerx, v.top + m)), ("midbottom", (v.centerx, v.bottom - m)),
                  ("topleft", (v.left + m, v.top + m)), ("bottomleft", (v.left + m, v.bottom - m)),
                  ("topright", (v.right - m, v.top + m)), ("bottomright", (v.right - m, v.bottom - m)),
                  ("midleft", (self.prompt_rect.left + px(8), self.prompt_rect.centery))]
        for anchor, at in places:
            setattr(rect, anchor, at)
            if not any(rect.colliderect(c) for c in clear):
                break
        else:
            rect.midtop = places[0][1]
        self.message_rect = rect
        fill, edge = ((30, 52, 40), pal.los_visible) if self.message_ok else ((70, 30, 30), pal.danger)
        pygame.draw.rect(surface, fill, rect, border_radius=px(8))
        pygame.draw.rect(surface, edge, rect, 2, border_radius=px(8))
        y = rect.top + px(10)
        for line in lines:
            y = widgets.text(surface, line, font, pal.text, (rect.centerx, y), "midtop").bottom

    def _enlarged_shows(self) -> bool:
        """The hovered hand card is shown large: not behind the handoff card or the end, nor
        when the pointer is over a panel laid over the hand."""
        under_panel = self.mouse is not None and any(p.collidepoint(self.mouse) for p, _n in self.panels)
        return self.handoff is None and not self.session.is_over() and not under_panel

    def _enlarged_place(self, small: pygame.Rect) -> tuple[pygame.Rect, int, pygame.Rect, pygame.Rect | None]:
        """draw_enlarged's place for a hand card at `small`: its rect, the room above the hand,
        the bounds (the play area's column) and the hand's cards' span (each card as large as
        the last, which shows whole: `hovered`)."""
        rects = list(self.card_rects.values())
        span = None
        if rects:
            left, right = min(r.left for r in rects), max(r.left for r in rects) + rects[-1].width
            span = pygame.Rect(left, small.top, right - left, small.height)
        return (small, self.hand_rect.top - self.view_rect.top,
                pygame.Rect(0, self.view_rect.top, self.side_rect.left, self._size[1]), span)

    def _draw_hover_card(self, surface) -> None:
        """The card under the mouse in front of its neighbours in the row, and large enough to
        read above the hand."""
        card, small = self._hover_card  # type: ignore[misc]
        face = self.card_face(card)
        if face is None:
            return
        draw_front(surface, self.ctx, self.card_rects, card, small)
        draw_enlarged(surface, self.ctx, *self._enlarged_place(small), *face, icon=self.card_icon(card),
                      placeholder=self.card_placeholder(card), motifs=self.card_art(card))

    def _end_shown(self) -> bool:
        """The end panel waits for the last move and dice to finish (a click skips them)."""
        return self.session.is_over() and not self.busy

    def _said(self, text: str) -> str:
        """A log line in the player's words (`_words`), each rules sentence put in words once per
        table and language: an undo reads the whole log again (issue 19: at 3,000 actions the
        table's undo spent 30 ms wording its 4,400 lines again)."""
        key = (language(), text)
        got = self._said_memo.get(key)
        if got is None:
            if len(self._said_memo) >= 2 * KEEP:
                self._said_memo.clear()
            got = self._said_memo[key] = self._words(text)
        return got

    def reset_log(self) -> None:
        """The log read again from the session (a new session: the tutorial's Back), each line
        with who may read it, put in words when read."""
        self._log, self._tail = [], None
        for e in self.session.log.tail(KEEP):
            self._log_event(e.event)
        self._log_resets += 1
        self.log_scroll = 0
        self.restore_ai()

    def restore_ai(self) -> None:
        """The AI panel as the session's log leaves it: the last AI card drawn with the reasons
        given since (issue 21: after Continue mid-activation the panel came back empty). A
        loaded game or an undo is a replay, so its log holds every event."""
        entries = list(self.session.log)
        last = next((i for i in range(len(entries) - 1, -1, -1) if entries[i].event.kind == "ai_card"), None)
        if last is None:
            self.ai = AiShown()
            return
        self.ai = self.ai_card(entries[last].event)
        self.ai.lines = [self._words(e.event.text) for e in entries[last + 1:] if e.event.kind == "ai"]

    def pace(self) -> float:
        """The Settings screen's pace as a factor on bots' pauses and move animations."""
        from game.ui.settings import PACES

        settings = getattr(self.ctx, "settings", None)
        return PACES.get(getattr(settings, "pace", "normal"), 1.0) * self.time_scale

    @property
    def log_reader(self) -> str | None:
        """The seat whose private log lines show besides the public ones: the one whose hand is
        on show. A title whose watch mode (bots only) shows one side's hand whoever decides says
        that side here, so the log tells the watcher no more and no less than the hand does."""
        return self.viewer

    @property
    def log(self) -> LogLines:
        """The log lines the person now at the table may read: public lines, and the private
        ones of their own seat (an Event's visible_to). Filtered when shown, not when logged,
        so another seat's draws never stay on screen after a handoff (issue 21). Behind the
        handoff card the person leaving is still at the desk and the next one not yet: public
        lines only (the log showed the next seat's draw through the dimmed card)."""
        reader = None if self.handoff is not None else self.log_reader
        key = (self.handoff is not None, reader, self._log_resets, self._log_dropped)
        memo, log = self._readable, self._log
        if memo is None or memo[0] != key or memo[1] > len(log):
            memo = self._readable = [key, 0, []]
        if memo[1] < len(log):  # the lines added since: each log paint filtered the whole game again
            public = self.handoff is not None
            memo[2].extend(i for i in range(memo[1], len(log))
                           if log[i][1] is None or (not public and reader in log[i][1]))
            memo[1] = len(log)
        return LogLines(memo[2][:], self._line)

    def log_where(self, may_read: Callable[[tuple[str, ...] | None], bool]) -> LogLines:
        """The log's lines whose readers (None: everyone) pass `may_read`, worded when read."""
        return LogLines([i for i, (_t, who) in enumerate(self._log) if may_read(who)], self._line)

    def _line(self, i: int) -> str:
        """Line `i` of the log in words: a rules event is worded the first time it is read and
        kept so (a line shown stays as it was first shown)."""
        text, who = self._log[i]
        if text.__class__ is not str:
            text = self.log_text(text)
            self._log[i] = (text, who)
        return text

    def log_text(self, event: Event) -> str:
        """A rules event's line in the log: its text in the player's words. A title may word an
        event shorter where a section of its own shows the rest (Gears' drawn AI card: its
        name, the text being in the AI section)."""
        return self._said(event.text)

    def _end_rect(self) -> pygame.Rect:
        """The end panel: low in the play area's column, so the final position shows above it."""
        return end_screen.panel_rect(self.ctx, pygame.Rect(0, 0, self.side_rect.left, self._size[1]))

    def _draw_end(self, surface) -> None:
        self.end_buttons = end_screen.draw(surface, self.ctx, self._end_rect(), self.end_won(), self.end_summary(),
                                           self.end_stats(), self.log, self.mouse,
                                           [self.toolbar_rect, self.prompt_rect, self.side_rect, self.hand_rect],
                                           title=self.end_heading())

    def _draw_overlays(self, surface) -> None:
        """Over the table, in this order: the dice, the hovered card, the message (a refusal's
        sentence stays readable: in Convoy the card the pointer rested on after a refused drop
        hid its first half), then the end panel or the handoff card."""
        if self.dice is not None:
            dice_tray(surface, self.ctx, self.view_rect, self.dice, self._tray_set())
        if self._hover_card is not None and self._enlarged_shows():
            self._draw_hover_card(surface)
        if self.message:
            self._draw_message(surface)
        if self._end_shown():
            self._draw_end(surface)
        elif self.handoff is not None and not self._card_later:
            if surface.get_clip() == surface.get_rect():  # a whole frame: the table under the card kept
                self._keep_under(surface)
            self._draw_handoff(surface)

    def _keep_under(self, surface) -> None:
        """`_under` := a copy of `surface` (the table under the hand-off card, undimmed), blitted
        into the surface kept for it since the last hand-off (issue 19: a new full-screen copy at
        each card cost its allocation, 0.9 ms of CPU at 1920x1080 and up to 5 on a loaded machine)."""
        keep = self._under_keep
        if keep is None or keep.get_size() != surface.get_size():
            keep = self._under_keep = surface.copy()
        else:
            keep.blit(surface, (0, 0))
        self._under = keep

    def _draw_handoff(self, surface) -> None:
        answers = self.handoff_answers()
        _card, rects = draw_handoff(surface, self.ctx, self.handoff_name(self.handoff), self.handoff_note(),
                                    self.colour_of(self.handoff), [label for label, _what in answers])
        self._handoff_buttons = [(rect, what) for rect, (_label, what) in zip(rects, answers)]
