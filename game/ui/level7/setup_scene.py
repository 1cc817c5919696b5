"""The Level 7 [Escape] set-up screen on the kit's SetupScreen: the scenario (scenarios.toml; one
that cannot be played is listed with why), one to four seats, each a character (Subject 1-4 in
seat order) played by a person or a bot, casual undo and the seed; "Load a game" lists the Level 7
saves (SaveStore "level7").

The rules decide who goes first (at random, from the seed) and refuse a scenario or player count
they cannot set up: this screen only asks `setup.refusal` and shows its sentence."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.session import Session
from game.i18n import _, first_capital, pgettext
from game.ui import widgets
from game.ui.kit import scenario_list
from game.ui.kit.saves import Saved
from game.ui.kit.seats import new_seed
from game.ui.kit.setup_screen import SetupScreen
from game.ui.level7 import words
from game.ui.level7.entry import SAVES, players
from game.ui.scene import Context

DEFAULT_SCENARIO = "s1"


@dataclass
class SetupChoice:
    scenario: str = DEFAULT_SCENARIO
    seats: list[str] = field(default_factory=lambda: ["human"])  # one per character, Subject 1 first
    casual: bool = False
    seed: int = 0

    def options(self) -> dict:
        return {"players": len(self.seats)}


class Level7Setup(SetupScreen):
    store = SAVES
    game_name = "Level 7 [Escape]"
    MAX_SEATS = 4

    def __init__(self, ctx: Context, choice: SetupChoice | None = None) -> None:
        from game.level7.content import shared_content

        self.content = shared_content()
        super().__init__(ctx, choice or SetupChoice(seed=new_seed()))

    # ------------------------------------------------------------------ words
    def start_label(self) -> str:
        return _("Start the escape")

    def scenario_name(self) -> str:
        sc = self.content.scenarios.get(self.choice.scenario)
        return words.scenario(sc) if sc is not None else self.choice.scenario

    def scenario_label(self, scenario: str) -> str:
        sc = self.content.scenarios.get(scenario)
        return words.scenario(sc) if sc is not None else ""

    def save_words(self, saved: Saved) -> tuple[str, list[str]]:
        st = saved.session.state
        sc = self.content.scenarios.get(st.scenario)
        head = f"{words.scenario(sc) if sc else st.scenario}  \u2022  " + pgettext("level7", "Turn {n}").format(n=st.turn_no) + \
            "  \u2022  " + _("{n} tiles on the map").format(n=len(st.placed))
        return head, [words.character(st, p) for p in players(st)]

    def seat_button(self, i: int) -> tuple[str, str]:
        return words.seat_name(i), f"who:{i}"

    def options_hint(self) -> str:
        return _("Casual: undo also goes back past dice, tile and card draws. The first player is drawn at random from the seed.")

    def title_command(self, what: str):
        kind, _sep, arg = what.partition(":")
        if kind == "scenario" and arg in self.content.scenarios:
            sc = self.content.scenarios[arg]
            why = self._refusal(arg)
            if why:
                self.message = _("{name} cannot be played: {why}").format(name=words.scenario(sc), why=why)
            else:
                self.choice.scenario = arg
                self.message = ""
        elif kind == "who":
            self.message = _("Each seat plays one test subject; add or remove a seat to change how many escape together.")
        return None

    def _refusal(self, scenario: str) -> str | None:
        from game.level7.rules.setup import refusal

        return refusal(self.content, scenario, len(self.choice.seats))

    # ------------------------------------------------------------------ starting
    def new_session(self) -> Session | None:
        from game.level7.rules.title import Level7Title

        c = self.choice
        try:
            return Session.start(Level7Title(), c.scenario, seed=c.seed, options=c.options(), casual=c.casual)
        except ValueError as exc:
            self.message = str(exc)
            return None

    def make_table(self, session: Session, seats: list[str], save_path):
        from game.ui.level7.table_scene import Level7Table

        return Level7Table(self.ctx, session, seats, pygame.display.get_surface().get_size(), save_path)

    # ------------------------------------------------------------------ drawing
    def draw_choices(self, surface, area: pygame.Rect) -> None:
        """Each scenario: number and name, its objective, what it starts with; a scenario the
        rules cannot set up dim, with why."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.panel(surface, ctx, area, alpha=235)
        x, y = area.left + px(18), area.top + px(14)
        y = widgets.heading(surface, ctx, _("Scenario"), x, y)
        # Each scenario's name, its values (or that it cannot be played) and its objective (or
        # why not), whole: the kit's scenario list, with room kept for "How a turn goes" below.
        items: list[scenario_list.Item] = []
        for sc in self.content.scenarios.values():
            why = _sentence(self._refusal(sc.id))
            items.append(scenario_list.Row(f"scenario:{sc.id}", words.scenario(sc),
                                           _("Cannot be played") if why else words.start_line(sc),
                                           why or words.objective(sc), chosen=sc.id == self.choice.scenario,
                                           bad=bool(why)))
        rows = pygame.Rect(x, y, area.width - px(36), area.bottom - y - px(140))
        rows.height = self.scenario_list.needs(ctx, items, rows.width, rows.height)
        hits, y = self.scenario_list.draw(surface, ctx, items, rows, self.mouse)
        self.hits += hits
        y = widgets.heading(surface, ctx, _("How a turn goes"), x, y + px(8))
        note = pygame.Rect(x, y, area.width - px(36), area.bottom - y - px(18))
        how = _("1. Draw an adrenaline card.  2. Move as far as your Speed allows, explore through doors (each draws "
                "the next tile), pick up, trade, and make one challenge.  3. An event card: enemies spawn and act. The "
                "facility is built as you explore it; every character who rides the exit out escapes. Cards and values "
                "marked * (placeholder) are ours, not the printed game's.")
        widgets.text_block(surface, how, widgets.block_font(ctx, how, note, 13, line_gap=1.2), pal.text_dim, note, 1.2)


def _sentence(text) -> str | None:
    """A refusal shown on its own, as a sentence: its first letter a capital (a message worded now)."""
    if not text:
        return None
    return first_capital(str(text))
