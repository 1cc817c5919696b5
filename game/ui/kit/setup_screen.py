"""The frame of a title's set-up screen: the seats (a person or a bot each), the optional rules,
the editable seed, the "Load a game" list of the title's saves (load_list.py), and starting or
continuing a game on the title's table with its autosave begun.

A title subclasses `SetupScreen` and adds what only it has: the scenario column (Gears: its
missions and custom maps, drawn by `draw_choices`), an extra button per seat (`seat_button`:
Gears' characters), its own options and commands, and how a game starts (`new_session`) and
which table plays it (`make_table`). The title's choice object needs `seats`, `seed` and
`casual`; everything else on it is the title's.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
import time
from typing import Any

import pygame

from game.engine.errors import InputError
from game.engine.session import SaveError, Session, read_save_head
from game.i18n import _, ngettext
from game.ui import widgets
from game.ui.kit import load_list
from game.ui.kit.saves import SaveEntry, Saved, SaveStore
from game.ui.kit.scenario_list import ScenarioList
from game.ui.kit.seats import SEAT_COLOURS, SeedField, new_seed
from game.ui.scene import Context, Pop, Push, Scene


class SetupScreen(Scene, ABC):
    store: SaveStore  # the title's saves (set on the subclass)
    game_name = ""  # the title's proper name, the screen's heading (not translated)
    MAX_SEATS = 4
    ROOM = (1024, 576)  # both columns and the button row (issue 21: at 150% in 1280x720 they overlapped)

    def __init__(self, ctx: Context, choice: Any) -> None:
        super().__init__(ctx)
        self.choice = choice
        self.seed_field = SeedField(choice.seed)
        self.message = ""
        self.hits: list[tuple[pygame.Rect, str]] = []
        self.mouse: tuple[int, int] | None = None
        self.title = self.new_title()
        self.mode = "new"  # or "load": the list of saves in place of the scenarios and seats
        self.hint_rect: pygame.Rect | None = None  # the optional rules' hint as last laid out
        self.saves: list[SaveEntry] = []
        self.scroll = 0
        self.max_scroll = 0
        self.scenario_list = ScenarioList()  # the title's scenarios, if it lists them with the kit's list

    # ------------------------------------------------------------------ what the title says
    def new_title(self) -> str:
        """The line under the heading, e.g. "New Gears of War game"."""
        return _("New {game} game").format(game=self.game_name)

    def load_title(self) -> str:
        return _("Load a saved {game} game").format(game=self.game_name)

    def start_label(self) -> str:
        """The start button, e.g. "Start the mission"."""
        return _("Start the game")

    @abstractmethod
    def scenario_name(self) -> str:
        """The chosen scenario, for the seats summary."""

    @abstractmethod
    def save_words(self, saved: Saved) -> tuple[str, list[str]]:
        """A save's headline and a name per player, for its row in the load list."""

    @abstractmethod
    def new_session(self) -> Session | None:
        """The game the choice describes; None (with `message` set) when it cannot start."""

    @abstractmethod
    def make_table(self, session: Session, seats: list[str], save_path) -> Any:
        """The title's table scene (a GameTable) for `session`, autosaving to `save_path`."""

    def draw_choices(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The left column: what to play (missions, scenarios)."""

    def title_command(self, what: str):
        """A click the frame does not know (a mission, a character...)."""
        return None

    def seat_button(self, i: int) -> tuple[str, str] | None:
        """(label, command) of a title's own button on seat i's row (Gears: the character)."""
        return None

    def seat_colour(self, i: int) -> tuple[int, int, int]:
        """The dot of seat i (default: the seat colours of seats.py)."""
        return SEAT_COLOURS[i % len(SEAT_COLOURS)]

    def fixed_seats(self) -> str | None:
        """Why the number of seats cannot change now (a map made for exactly n players)."""
        return None

    def seat_added(self) -> None:
        """A seat was added at the end (keep the title's per-seat lists as long as `seats`)."""

    def seat_removed(self, i: int) -> None:
        """Seat i was removed."""

    def options(self) -> list[tuple[str, str, bool]]:
        """The optional rules as toggles: (label, command, on). Casual undo is every title's."""
        c = self.choice
        return [(_("Casual undo: on") if c.casual else _("Casual undo: off"), "casual", c.casual)]

    def options_hint(self) -> str:
        return ""

    # ------------------------------------------------------------------ actions
    def command(self, what: str):
        c = self.choice
        kind, _sep, arg = what.partition(":")
        if kind == "seat":
            i = int(arg)
            c.seats[i] = "bot" if c.seats[i] == "human" else "human"
        elif kind == "remove":
            i = int(arg)
            if self.fixed_seats() is not None:
                self.message = self.fixed_seats() or ""
            elif len(c.seats) > 1:
                del c.seats[i]
                self.seat_removed(i)
        elif kind == "add":
            if self.fixed_seats() is not None:
                self.message = self.fixed_seats() or ""
            elif len(c.seats) < self.MAX_SEATS:
                c.seats.append("human")
                self.seat_added()
        elif kind == "casual":
            c.casual = not c.casual
        elif kind == "seed":
            self.seed_field.editing = True
        elif kind == "reseed":
            c.seed = new_seed()
            self.seed_field.show(c.seed)
        elif kind == "back":
            if self.mode == "load":
                self.mode = "new"
                self.title = self.new_title()
                self.message = ""
            else:
                return Pop()
        elif kind == "load":
            self.show_saves()
        elif kind == "open":
            return self.open_save(int(arg))
        elif kind == "start":
            return self.start()
        else:
            action = self.title_command(what)
            if action is not None:
                return action
        self.dirty = True
        return None

    def start(self):
        self._commit_seed()
        try:
            session = self.new_session()
        except InputError as exc:  # a file the game needs is broken or gone: the file and what is wrong
            session, self.message = None, str(exc)
        if session is None:
            self.dirty = True
            return None
        c = self.choice
        kept, problem = self.store.keep_interrupted()
        if problem:  # the unfinished game could not be moved aside: do not write over it
            self.message = problem
            self.dirty = True
            return None
        problem = self.store.begin(session, c.seats)
        table = self.make_table(session, c.seats, self.store.autosave_path())
        table.from_setup = True
        self._say_kept(table, problem, kept)
        # A fresh seed for the next game from this screen; the played one is in the table's bar.
        c.seed = new_seed()
        self.seed_field.show(c.seed)
        return Push(table)

    def show_saves(self) -> None:
        self.mode = "load"
        self.title = self.load_title()
        self.saves = self.store.list_saves()
        self.scroll = 0
        self.message = ""
        self.dirty = True

    def open_save(self, i: int):
        """The chosen save on the table; a damaged one only shows why (it stays in the list)."""
        if not 0 <= i < len(self.saves):
            return None
        entry = self.saves[i]
        self.dirty = True
        if entry.saved is None:
            self.message = entry.error or ""
            return None
        kept = None
        if entry.path != self.store.autosave_path():  # the autosave is about to be replaced
            kept, problem = self.store.keep_interrupted()
            if problem:
                self.message = problem
                return None
        try:
            # Fresh from the file (the listed session may have been played on), into the autosave.
            saved, problem = self.store.resume(entry.path)
        except SaveError as exc:
            entry.saved, entry.error = None, str(exc)
            self.message = str(exc)
            if kept is not None:  # the autosave's row moved: list again
                self.saves = self.store.list_saves()
            return None
        table = self.make_table(saved.session, saved.seats, self.store.autosave_path())
        table.from_setup = True
        self._say_kept(table, problem or saved.notice, kept)
        self.mode = "new"
        self.title = self.new_title()
        self.message = ""
        return Push(table)

    def _say_kept(self, table, problem: str | None, kept) -> None:
        """The table's first message: a problem of the autosave, or where the unfinished game
        that was in it went (SaveStore.keep_interrupted)."""
        if problem:
            table.say(problem)
        elif kept is not None:
            table.say(self.kept_words(kept), ok=True)

    def kept_words(self, kept) -> str:
        """Which unfinished game was kept, in words a player reads: the game, its scenario and
        when it was last played (it named the file, 'doom-e1m1-interrupted-20261204-153012')."""
        try:
            scenario = self.scenario_label(str(read_save_head(kept)["scenario"]))
        except SaveError:
            scenario = ""
        try:
            when = time.localtime(kept.stat().st_mtime)
        except OSError:
            when = time.localtime()
        shown = time.strftime("%H:%M" if when[:3] == time.localtime()[:3] else "%Y-%m-%d %H:%M", when)
        game = f"{self.game_name}: {scenario}" if scenario else self.game_name
        return _("Your unfinished game ({game}, last played at {time}) was kept: Load a game lists it.").format(
            game=game, time=shown)

    def scenario_label(self, scenario: str) -> str:
        """A save's scenario id in the reader's words (the mission's, the scenario's name); ""
        where the title has one scenario only."""
        return ""

    def _commit_seed(self) -> None:
        self.choice.seed = self.seed_field.commit(self.choice.seed)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.dirty = True
        elif event.type == pygame.MOUSEWHEEL and self.mode == "load":
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y))
            self.dirty = True
        elif event.type == pygame.MOUSEWHEEL and self.mode == "new":
            if self.scenario_list.wheel(self.mouse, event.y):
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, what in self.hits:
                if rect.collidepoint(event.pos):
                    if self.seed_field.editing and what != "seed":
                        self._commit_seed()
                    return self.command(what)
            if self.seed_field.editing:
                self._commit_seed()
                self.dirty = True
        elif event.type == pygame.KEYDOWN:
            if self.seed_field.editing:
                if self.seed_field.key(event):
                    self._commit_seed()
                self.dirty = True
            elif event.key == pygame.K_ESCAPE:
                return self.command("back")
            elif event.key == pygame.K_l and event.mod & pygame.KMOD_CTRL:
                self.show_saves()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode == "new":
                return self.start()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.mode == "new":
                # The previous / next playable scenario of the list (scrolled into view).
                what = self.scenario_list.step(-1 if event.key == pygame.K_UP else 1)
                if what is not None:
                    return self.command(what)
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        w, h = surface.get_size()
        from game.ui.menu import _cover

        surface.blit(_cover(ctx, "ui/menu_bg.png", (w, h)), (0, 0))
        widgets.dim(surface, 120)
        self.hits = []
        left, right, top = self._columns(w, h)
        widgets.text(surface, self.game_name, ctx.font(40, bold=True), pal.accent, (w // 2, top), "midtop", shadow=True)
        widgets.text(surface, self.title, ctx.font(18), pal.text, (w // 2, top + px(52)), "midtop", shadow=True)
        body_top, bottom = left.top, left.bottom
        margin = left.left
        if self.mode == "load":
            body = pygame.Rect(margin, body_top, w - 2 * margin, bottom - body_top)
            rows, self.max_scroll = load_list.draw(surface, ctx, body, self.saves, self.save_words, self.scroll, self.mouse)
            self.scroll = min(self.scroll, self.max_scroll)
            self.hits += rows
        else:
            self.draw_choices(surface, left)
            self._draw_seats(surface, right)
        bw, bh = px(230), px(52)
        y = h - px(76)
        if self.mode == "load":
            row = ((_("Back"), "back", False), (_("New game"), "back", True))
        else:
            row = ((_("Back"), "back", False), (_("Load a game"), "load", False), (self.start_label(), "start", True))
        gap = px(20)
        x = w // 2 - (len(row) * bw + (len(row) - 1) * gap) // 2
        for label, what, primary in row:
            rect = pygame.Rect(x, y, bw, bh)
            x += bw + gap
            b = widgets.Button(rect, label, None, primary=primary)  # drawn only: hits below
            b.draw(surface, ctx, self.mouse is not None and rect.collidepoint(self.mouse))
            self.hits.append((rect, what))
        if self.message:
            font = ctx.font(14, bold=True)
            lines = widgets.wrap(self.message, font, w - px(200))[:2]
            rect = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines) + px(30), len(lines) * font.get_linesize() + px(14))
            rect.midbottom = (w // 2, h - px(84))
            pygame.draw.rect(surface, (70, 30, 30), rect, border_radius=px(6))
            pygame.draw.rect(surface, pal.danger, rect, 2, border_radius=px(6))
            for i, line in enumerate(lines):
                widgets.text(surface, line, font, pal.text, (rect.centerx, rect.top + px(7) + i * font.get_linesize()), "midtop")

    # A window shorter than this (UI units) gets the tight header and the seats column's
    # tighter rows before any of its texts is set smaller (TEXT_SHRINK).
    SHORT = 640

    def _columns(self, w: int, h: int) -> tuple[pygame.Rect, pygame.Rect, int]:
        """The choices' column, the seats column and the heading's top. In a short window (at
        125% in 1280x720) the heading and the gap above the buttons are tighter, and the seats
        column takes half the width, room for its texts at their sizes (the
        Gears options' hint was set at 9 px there), the choices' column the other half."""
        px = self.ctx.px
        short = h < px(self.SHORT)
        top = px(14) if short else px(28)
        body_top = top + (px(82) if short else px(96))
        bottom = h - (px(88) if short else px(96))
        margin = max(px(24), (w - px(1500)) // 2)
        col_gap = px(24)
        inner = w - 2 * margin - col_gap
        # Half the width in a short window whatever is chosen, so the choices' column does not
        # move under the pointer when a choice adds a seat.
        share = 50 if short and self.mode == "new" else 55
        left = pygame.Rect(margin, body_top, inner * share // 100, bottom - body_top)
        right = pygame.Rect(left.right + col_gap, body_top, inner - left.width, left.height)
        return left, right, top

    def _hover(self, rect: pygame.Rect) -> bool:
        return self.mouse is not None and rect.collidepoint(self.mouse)

    def _small_button(self, surface, rect: pygame.Rect, label: str, what: str, on: bool = False) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        hot = self._hover(rect)
        fill = pal.accent if hot else (86, 70, 36) if on else (52, 57, 66)
        pygame.draw.rect(surface, fill, rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if on else (92, 98, 110), rect, 1, border_radius=px(6))
        room = rect.width - px(12)
        font = widgets.line_font(ctx, label, room, 14, 10, bold=True)
        widgets.text(surface, widgets.elide(label, font, room), font, pal.accent_text if hot else pal.text, rect.center, "center")
        self.hits.append((rect, what))

    # The seats column's texts (the note on a fixed seat count, the optional rules' hint, the
    # summary) are set whole: at their sizes where the column holds them, else each as much
    # smaller as lets it (TEXT_SHRINK, down to TEXT_LEAST px; the gaps between them too). At 125%
    # in 1280x720 the Greek and Hungarian hints ended in '…' after two lines, and Convoy's and
    # Gears' summaries had no room at all.
    # The optional rules' hint keeps its size (the other texts' 12 units, as the scenario
    # list's lines): it explains what the toggles above it do.
    TEXT_SHRINK = (1.0, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6, 0.55)
    TEXT_LEAST = 9
    ROWS = (44, 38)  # a seat's row, in UI units: the usual, then tighter where the column is short

    def _seats_fit(self, area: pygame.Rect) -> tuple[int, float] | None:
        """The row height and text scale at which the seats column holds everything, the
        roomiest first; None when none does."""
        for k in self.TEXT_SHRINK:
            for row in self.ROWS:
                if self._lay_seats(None, area, k, row) <= area.bottom - self.ctx.px(10):
                    return row, k
        return None

    def _draw_seats(self, surface, area: pygame.Rect) -> None:
        """Seats (kind, the title's button, remove), add, optional rules, the seed, a summary."""
        row, k = self._seats_fit(area) or (self.ROWS[-1], self.TEXT_SHRINK[-1])
        self._lay_seats(surface, area, k, row)

    def _text_font(self, size: int, k: float, bold: bool = False) -> pygame.font.Font:
        return self.ctx.assets.font(max(self.TEXT_LEAST, round(self.ctx.px(size) * k)), bold)

    def hint_font(self) -> pygame.font.Font:
        """The optional rules' hint's font: never set smaller than the screen's other text."""
        return self._text_font(12, 1.0)

    def _lay_seats(self, surface, area: pygame.Rect, k: float, row_units: int = 44) -> int:
        """The seats column with its texts at `k` times their sizes (the hint at its own) and
        rows `row_units` high, drawn (on `surface`) or laid out (None); returns the y below the
        summary."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        c = self.choice
        drawn = surface is not None
        if drawn:
            widgets.panel(surface, ctx, area, alpha=235)
        x, y = area.left + px(18), area.top + px(14)
        inner_w = area.width - px(36)
        y = widgets.heading(surface, ctx, _("Seats (hot-seat: several people at one desk)"), x, y, inner_w)
        row = px(row_units)
        fixed = self.fixed_seats()
        for i, seat in enumerate(c.seats):
            if drawn:
                col = self.seat_colour(i)
                pygame.draw.circle(surface, col, (x + px(10), y + row // 2 - px(3)), px(9))
                widgets.text(surface, f"P{i + 1}", ctx.font(15, bold=True), pal.text, (x + px(26), y + row // 2 - px(3)), "midleft")
                bx = x + px(64)
                kind = _("Person") if seat == "human" else _("Bot")
                self._small_button(surface, pygame.Rect(bx, y, px(96), row - px(8)), kind, f"seat:{i}", on=seat == "human")
                extra = self.seat_button(i)
                if extra is not None:
                    cw = inner_w - px(64) - px(96) - px(8) - px(44) - px(8)
                    self._small_button(surface, pygame.Rect(bx + px(104), y, cw, row - px(8)), extra[0], extra[1])
                if len(c.seats) > 1 and fixed is None:
                    self._small_button(surface, pygame.Rect(x + inner_w - px(40), y, px(40), row - px(8)), "\u00d7", f"remove:{i}")
            y += row
        if fixed is not None:
            # A fixed count: no add/remove, and the reason where they would be.
            y = widgets.text_block(surface, fixed, self._text_font(13, k), pal.text_dim,
                                   pygame.Rect(x + px(64), y + px(4), inner_w - px(64), area.height), 1.1) + round(px(4) * k)
        elif len(c.seats) < self.MAX_SEATS:
            if drawn:
                self._small_button(surface, pygame.Rect(x + px(64), y, px(170), row - px(8)), _("Add a seat"), "add")
            y += row
        y += round(px(12) * k)
        toggles = self.options()
        if toggles:
            y = widgets.heading(surface, ctx, _("Optional rules"), x, y, inner_w)
            gap = px(8)
            each = (inner_w - (len(toggles) - 1) * gap) // len(toggles)
            for i, (label, what, on) in enumerate(toggles):
                if drawn:
                    self._small_button(surface, pygame.Rect(x + i * (each + gap), y, each, row - px(8)), label, what, on=on)
            y += row
        hint = self.options_hint()
        if hint:
            self.hint_rect = pygame.Rect(x, y, inner_w, 0)
            y = widgets.text_block(surface, hint, self.hint_font(), pal.text_dim, pygame.Rect(x, y, inner_w, area.height),
                                   1.1)
            self.hint_rect.height = y - self.hint_rect.top
            y += round(px(10) * k)
        y = widgets.heading(surface, ctx, _("Seed (share it to replay the same game)"), x, y, inner_w)
        field_rect = pygame.Rect(x, y, inner_w - px(150), row - px(6))
        if drawn:
            editing = self.seed_field.editing
            pygame.draw.rect(surface, (18, 20, 24), field_rect, border_radius=px(6))
            pygame.draw.rect(surface, pal.accent if editing else (92, 98, 110), field_rect, 2, border_radius=px(6))
            shown = self.seed_field.text + ("|" if editing else "")
            widgets.text(surface, shown, ctx.font(18, bold=True), pal.text, (field_rect.left + px(12), field_rect.centery), "midleft")
            self.hits.append((field_rect, "seed"))
            self._small_button(surface, pygame.Rect(field_rect.right + px(8), y, px(142), row - px(6)), _("New seed"), "reseed")
        y += row + round(px(8) * k)
        summary = ngettext("{mission}: {n} seat (people: {humans}, bots: {bots}).",
                           "{mission}: {n} seats (people: {humans}, bots: {bots}).", len(c.seats)).format(
            mission=self.scenario_name(), n=len(c.seats), humans=c.seats.count("human"), bots=c.seats.count("bot"))
        bottom = area.bottom - px(10) if drawn else area.bottom + area.height  # laid out: the room it needs
        return widgets.text_block(surface, summary, self._text_font(14, k, bold=True), pal.text,
                                  pygame.Rect(x, y, inner_w, bottom - y))

    def shortcuts(self) -> list[tuple[str, str]]:
        return [("Enter", self.start_label()), ("\u2191 \u2193", _("The previous or next scenario in the list")),
                ("Ctrl+L", _("Load a game")), ("Esc", _("Back"))]
