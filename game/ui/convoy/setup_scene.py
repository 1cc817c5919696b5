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
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.mode == "new":
            self._draw_sides(surface)

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
        y = widgets.heading(surface, ctx, _("The road to New York"), x, y, w)
        small, bold = ctx.font(13), ctx.font(15, bold=True)
        cities = self.content.cities
        # At least the name's line: at 125% in 1280x720 the share left by the 300 units kept for
        # the text below was 12 pixels a city, and the five rows lay over each other (and the
        # heading under them over the last); the text below then takes the room that is left.
        row_h = max(bold.get_linesize() + px(12), min(px(64), (area.height - px(300)) // len(cities)))
        for city in cities:
            rect = pygame.Rect(x, y, w, row_h - px(6))
            pygame.draw.rect(surface, (40, 43, 50), rect, border_radius=px(6))
            pygame.draw.rect(surface, (70, 74, 84), rect, 1, border_radius=px(6))
            widgets.text(surface, f"{city.number}. {_(city.name)}", bold, pal.text, (rect.left + px(10), rect.top + px(5)))
            st = _("Stations: Moloch {m}, Outpost {o}").format(m=city.stations[0], o=city.stations[1])
            widgets.text(surface, st, small, pal.text_dim, (rect.right - px(10), rect.top + px(7)), "topright")
            secs = ", ".join(_(self.content.sectors[s].name) for s in city.sectors)
            line = _("Sectors: {s}  \u2022  feature: {f}").format(s=secs, f=_(city.feature_name))
            if rect.height > px(40):
                # Whole: smaller, or on two lines where the row has them (the sectors' and the
                # feature's names in Hungarian and Greek run longer than the data's English).
                room = rect.bottom - px(2) - (rect.top + px(25))
                fitted = fit_name(lambda size: ctx.font(size), line, rect.width - px(20), 13, 10,
                                  lines=max(1, min(2, room // ctx.font(10).get_linesize())))
                font, ly = ctx.font(fitted.size), rect.top + px(25)
                for row in fitted.lines:
                    ly = widgets.text(surface, row, font, pal.text_dim, (rect.left + px(10), ly)).bottom
            y += row_h
        y = widgets.heading(surface, ctx, _("How the game goes"), x, y + px(8))
        note = pygame.Rect(x, y, w, area.bottom - y - px(14))
        how = _("Each side may shuffle its starting hand back once (the mulligan), Moloch first. A round: both draw 2 "
                "cards; Moloch puts the Sector Battle token on a sector of the active city; Moloch plays Robots and "
                "Instants, then the Outpost Soldiers, Buildings and Instants; Moloch attaches Equipment; then the battle "
                "in the active city destroys the contested sector. A city with no sector left falls and the convoy moves "
                "on. When New York falls, Moloch wins with a card left in its deck or a Robot in New York; otherwise the "
                "Outpost wins. Drag cards from your hand into the cities.")
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
