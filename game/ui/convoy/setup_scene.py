"""The Neuroshima Convoy set-up screen on the kit's SetupScreen: two fixed seats, Moloch (P1) and
the Outpost (P2), each played by a person or the AI (its level on the seat's button: novice or
expert, a click takes the next), the optional fallback order of spec 9 #25, casual undo and the
seed; "Load a game" lists the Convoy saves (SaveStore "convoy"). The mulligan is the game's first
question (Moloch first, spec 4), asked on the table; the left column says how the game goes and
shows the five cities in their order."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.session import Session
from game.i18n import _
from game.ui import widgets
from game.ui.convoy import words
from game.ui.convoy.entry import PLAYERS, SAVES
from game.ui.kit.saves import Saved
from game.ui.kit.name_fit import fit_name
from game.ui.kit.seats import new_seed
from game.ui.kit.setup_screen import SetupScreen
from game.ui.scene import Context


@dataclass
class SetupChoice:
    seats: list[str] = field(default_factory=lambda: ["bot", "human"])  # Moloch, Outpost
    levels: list[str] = field(default_factory=lambda: ["expert", "expert"])  # the AI's level per seat
    fallback: str = "robot_first"
    casual: bool = False
    seed: int = 0
    scenario: str = "standard"

    def options(self) -> dict:
        return {} if self.fallback == "robot_first" else {"fallback": self.fallback}


class ConvoySetup(SetupScreen):
    store = SAVES
    game_name = "Neuroshima Convoy"
    MAX_SEATS = 2

    def __init__(self, ctx: Context, choice: SetupChoice | None = None) -> None:
        from game.convoy.content import shared_content

        self.content = shared_content()
        super().__init__(ctx, choice or SetupChoice(seed=new_seed()))

    # ------------------------------------------------------------------ words
    def start_label(self) -> str:
        return _("Start the battle")

    def scenario_name(self) -> str:
        return _("Five cities")

    def save_words(self, saved: Saved) -> tuple[str, list[str]]:
        from game.convoy.rules import board

        st = saved.session.state
        a = board.active_city(st)
        city = _(self.content.cities[a].name) if a >= 0 else "\u2014"
        head = _("Round {n}").format(n=st.round) + f"  \u2022  {city}  \u2022  " + \
            _("Moloch deck: {n}").format(n=len(st.deck[0]))
        return head, [words.side_name(p) for p in PLAYERS]

    def seat_colour(self, i: int) -> tuple[int, int, int]:
        return words.SIDE_COLOURS[PLAYERS[i]]

    def fixed_seats(self) -> str | None:
        return _("Neuroshima Convoy is for two: Moloch's machine convoy (P1) against the Outpost (P2). "
                 "Each seat is a person or the AI.")

    def seat_button(self, i: int) -> tuple[str, str]:
        side = words.side_name(PLAYERS[i])
        if self.choice.seats[i] == "bot":
            return _("{side}: AI, {level}").format(side=side, level=words.level_name(self.choice.levels[i])) + "  \u25b8", f"level:{i}"
        return side, f"side:{i}"

    def options(self) -> list[tuple[str, str, bool]]:
        c = self.choice
        fb = (_("Fallback: Robot first") if c.fallback == "robot_first" else _("Fallback: hand first"))
        return super().options() + [(fb, "fallback", c.fallback != "robot_first")]

    def options_hint(self) -> str:
        return _("Casual: undo also goes back past card draws. Fallback (spec 9 #25): an empty Moloch deck gives up "
                 "a Robot first, or a hand card first.")

    def title_command(self, what: str):
        kind, _sep, arg = what.partition(":")
        c = self.choice
        if kind == "level" and arg.isdigit():
            i = int(arg)
            c.levels[i] = words.LEVELS[(words.LEVELS.index(c.levels[i]) + 1) % len(words.LEVELS)]
            self.message = _(words.LEVEL_WHY[c.levels[i]])
        elif kind == "side":
            self.message = _("The sides are fixed by seat: P1 plays Moloch, P2 the Outpost. Make a seat the AI with "
                             "its Person/Bot button.")
        elif kind == "fallback":
            c.fallback = "hand_first" if c.fallback == "robot_first" else "robot_first"
            self.message = ""
        return None

    # ------------------------------------------------------------------ starting
    def new_session(self) -> Session | None:
        from game.convoy.rules.title import ConvoyTitle
        from game.ui.convoy.table_scene import load_layout

        load_layout()  # the table's own map: broken or gone, the kit says which file before a game begins
        c = self.choice
        try:
            return Session.start(ConvoyTitle(), "standard", seed=c.seed, options=c.options(), casual=c.casual)
        except ValueError as exc:
            self.message = str(exc)
            return None

    def make_table(self, session: Session, seats: list[str], save_path):
        from game.ui.convoy.table_scene import ConvoyTable

        return ConvoyTable(self.ctx, session, seats, pygame.display.get_surface().get_size(), save_path,
                           levels=list(self.choice.levels))

    # ------------------------------------------------------------------ drawing
    def sectors_line(self, city) -> str:
        """A city's sectors and feature, in the reader's language, as its row says them."""
        secs = ", ".join(_(self.content.sectors[s].name) for s in city.sectors)
        return _("Sectors: {s}  \u2022  feature: {f}").format(s=secs, f=_(city.feature_name))

    def draw(self, surface: pygame.Surface) -> None:
        self.city_rows: list[tuple[pygame.Rect, str]] = []  # the rows whose sectors line shows on hover
        self.city_rects: list[pygame.Rect] = []  # every city's row
        super().draw(surface)
        if self.mode == "new":
            self._draw_sides(surface)
            self._draw_city_hover(surface)

    def _draw_city_hover(self, surface) -> None:
        """The sectors line of the city row under the pointer, when its row had no room for it
        (a small window, a large text size): in a box under the row (above it near the bottom),
        as wide as the row, wrapped whole at the list's size."""
        hit = next(((r, line) for r, line in self.city_rows if self._hover(r)), None)
        if hit is None:
            return
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        row, line = hit
        font = ctx.font(13)
        lines = widgets.wrap(line, font, row.width - px(20))
        box = pygame.Rect(row.left, row.bottom + px(2), row.width, len(lines) * font.get_linesize() + px(12))
        if box.bottom > surface.get_height() - px(4):
            box.bottom = row.top - px(2)
        pygame.draw.rect(surface, (30, 32, 38), box, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent, box, 1, border_radius=px(6))
        y = box.top + px(6)
        for text in lines:
            y = widgets.text(surface, text, font, pal.text, (box.left + px(10), y)).bottom

    def _draw_sides(self, surface) -> None:
        """Under the seats (the frame's right column, as SetupScreen lays it out), when there is
        room: the two sides, their decks and how each wins, and the AI's levels."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        w, h = surface.get_size()
        margin, gap = max(px(24), (w - px(1500)) // 2), px(24)
        body_top, bottom = px(28) + px(96), h - px(96)
        left_w = (w - 2 * margin - gap) * 55 // 100
        col = pygame.Rect(margin + left_w + gap, body_top, w - 2 * margin - gap - left_w, bottom - body_top)
        small = ctx.font(13)
        x, inner = col.left + px(18), col.width - px(36)
        texts = [
            (words.side_name("moloch"), words.SIDE_COLOURS["moloch"],
             _("35 cards: Robots, Equipment and Instants. Moloch wins when New York falls with a card left in its deck "
               "or a Robot standing in New York.")),
            (words.side_name("outpost"), words.SIDE_COLOURS["outpost"],
             _("35 cards: Soldiers, Buildings and Instants. The Outpost wins by grinding the Moloch deck empty before New "
               "York falls, with no Robot left there.")),
            (_("The AI"), pal.accent, _(words.LEVEL_WHY["novice"]) + " " + _(words.LEVEL_WHY["expert"])),
        ]
        line = int(small.get_linesize() * 1.1)
        need = px(36) + sum(px(22) + len(widgets.wrap(t, small, inner)) * line + px(8) for _n, _c, t in texts)
        top = col.bottom - px(14) - need
        if top < col.top + px(380):
            return  # the seats, rules and seed take the column (a small window)
        y = widgets.heading(surface, ctx, _("The sides"), x, top)
        for name, colour, text in texts:
            y = widgets.text(surface, name, ctx.font(15, bold=True), colour, (x, y)).bottom + px(2)
            y = widgets.text_block(surface, text, small, pal.text_dim, pygame.Rect(x, y, inner, px(80)), 1.1) + px(8)

    def draw_choices(self, surface, area: pygame.Rect) -> None:
        """The five cities in their order (stations, sectors, the victory results), then how a
        round goes and how the game is won."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.panel(surface, ctx, area, alpha=235)
        x, y = area.left + px(18), area.top + px(14)
        w = area.width - px(36)
        head_y = y
        y = widgets.heading(surface, ctx, _("The road to New York"), x, y, w)
        small, bold = ctx.font(13), ctx.font(15, bold=True)
        cities = self.content.cities
        how = _("Each side may shuffle its starting hand back once (the mulligan), Moloch first. A round: both draw 2 "
                "cards; Moloch puts the Sector Battle token on a sector of the active city; Moloch plays Robots and "
                "Instants, then the Outpost Soldiers, Buildings and Instants; Moloch attaches Equipment; then the battle "
                "in the active city destroys the contested sector. A city with no sector left falls and the convoy moves "
                "on. When New York falls, Moloch wins with a card left in its deck or a Robot in New York; otherwise the "
                "Outpost wins. Drag cards from your hand into the cities.")
        # The rows take what the text below leaves at its own size (up to 64 units a row): at
        # 1280x720 a fixed 300 units were kept for it, the rows were left too short for their
        # sectors line and some 80 pixels stayed empty under the text. At least the name's line
        # (at 125% in 1280x720 the share was 12 pixels a city and the rows lay over each other);
        # a row with no room for its sectors line shows it when the pointer is on it.
        how_font = ctx.font(13)
        how_need = (widgets.heading(None, ctx, _("How the game goes"), x, 0) + px(8)
                    + len(widgets.wrap(how, how_font, w)) * int(how_font.get_linesize() * 1.2) + px(14))
        row_h = max(bold.get_linesize() + px(12), min(px(64), (area.bottom - y - how_need) // len(cities)))
        self.city_rows, self.city_rects = [], []
        for city in cities:
            rect = pygame.Rect(x, y, w, row_h - px(6))
            self.city_rects.append(rect)
            hot = self._hover(rect)
            pygame.draw.rect(surface, (40, 43, 50), rect, border_radius=px(6))
            pygame.draw.rect(surface, (70, 74, 84), rect, 1, border_radius=px(6))
            widgets.text(surface, f"{city.number}. {_(city.name)}", bold, pal.text, (rect.left + px(10), rect.top + px(5)))
            st = _("Stations: Moloch {m}, Outpost {o}").format(m=city.stations[0], o=city.stations[1])
            widgets.text(surface, st, small, pal.text_dim, (rect.right - px(10), rect.top + px(7)), "topright")
            line = self.sectors_line(city)
            # Whole: smaller, or on two lines where the row has them (the sectors' and the
            # feature's names in Hungarian and Greek run longer than the data's English).
            top = rect.top + px(5) + bold.get_linesize()
            room = rect.bottom - px(2) - top
            fitted = next((got for largest in range(13, 9, -1)
                           for got in [fit_name(lambda size: ctx.font(size), line, rect.width - px(20), largest, 10)]
                           if got.fits and len(got.lines) * ctx.font(got.size).get_linesize() <= room), None)
            if fitted is not None:
                font, ly = ctx.font(fitted.size), top
                for row in fitted.lines:
                    ly = widgets.text(surface, row, font, pal.text_dim, (rect.left + px(10), ly)).bottom
            else:
                self.city_rows.append((rect, line))
                if hot:
                    pygame.draw.rect(surface, pal.accent, rect, 1, border_radius=px(6))
            y += row_h
        if self.city_rows:  # say so beside the heading, where it fits
            hint, font = _("Point at a city for its sectors"), ctx.font(11)
            head_w = ctx.font(12, bold=True).size(widgets.capitals(_("The road to New York")))[0]
            if head_w + px(16) + font.size(hint)[0] <= w:
                widgets.text(surface, hint, font, pal.text_dim, (x + w, head_y + px(1)), "topright")
        y = widgets.heading(surface, ctx, _("How the game goes"), x, y + px(8))
        note = pygame.Rect(x, y, w, area.bottom - y - px(14))
        y = widgets.text_block(surface, how, widgets.block_font(ctx, how, note, 13, line_gap=1.2), pal.text_dim, note, 1.2)
        # The five city cards as the table shows them, when there is room for them: of the
        # table's shape and wide enough for their names and victory results whole (drawn as
        # tall as wide and more, 148x185 at 1920x1080, they read 'Clevel…', 'Destroy anoth…');
        # in one row of five or two rows (three and two), whichever draws them larger.
        from game.ui.convoy import cards

        gap = px(8)
        room = area.bottom - y - px(24)
        best = None
        for per_row in (5, 3):
            rows = -(-5 // per_row)
            size = cards.city_size((w - (per_row - 1) * gap) // per_row, (room - (rows - 1) * gap) // rows)
            if size is not None and (best is None or size[0] > best[1][0]):
                best = (per_row, size)
        if best is None:
            return
        per_row, (cw, ch) = best
        cities = self.content.cities
        for i, city in enumerate(cities):
            r, c = divmod(i, per_row)
            n = min(per_row, len(cities) - r * per_row)  # the cards of this row, centred
            left = x + (w - n * cw - (n - 1) * gap) // 2
            rect = pygame.Rect(left + c * (cw + gap), y + px(12) + r * (ch + gap), cw, ch)
            cards.draw_city(surface, ctx, rect, self.content, city.id)
