"""The Gears set-up screen: the shared frame (game/ui/kit/setup_screen.py: seats, options, the
seed and the "Load a game" list, so a save is two clicks from the menu) with what only Gears has:
the mission list, a character per seat and the Insane option.

Missions the rules cannot play yet stay listed but disabled, with the engine's own sentence
(GearsTitle refuses them). Below them, "Custom maps": the missions saved by the map builder
(maps/custom/NAME.mission.toml, scenario "custom:NAME"), each for the fixed player count its file
sets, so choosing one adapts the seats; a broken file is listed with its problem, not selectable.
The seed is shown and editable so a game can be shared.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pygame

from game.engine.errors import InputError
from game.engine.session import Session
from game.i18n import _, fill
from game.ui import widgets
from game.ui.gears import words
from game.ui.gears.entry import SAVES
from game.ui.kit import scenario_list
from game.ui.kit.saves import Saved
from game.ui.kit.seats import new_seed
from game.ui.kit.setup_screen import SetupScreen
from game.ui.scene import Context

CUSTOM = "custom:"  # the scenario prefix of a builder mission (GearsTitle: CUSTOM)


@lru_cache(maxsize=None)
def mission_refusal(mission_id: str) -> str | None:
    """The engine's sentence when it cannot play the mission (None: playable), read from the
    content: no game is built (issue 19: opening the screen started one per mission)."""
    from game.gears.rules.setup import mission_refusal as refusal
    from game.gears.rules.title import shared_content

    return refusal(shared_content(), mission_id)


@dataclass(frozen=True)
class CustomEntry:
    """One file of maps/custom: a playable mission (`mission`) or a broken one (`problem`)."""

    scenario: str  # "custom:NAME"
    file: Path
    mission: object | None = None  # game.gears.custom.CustomMission
    problem: str = ""

    @property
    def name(self) -> str:
        return self.mission.name if self.mission is not None else self.file.name  # type: ignore[attr-defined]

    @property
    def players(self) -> int:
        return self.mission.players if self.mission is not None else 0  # type: ignore[attr-defined]


def custom_entries(maps_dir: Path) -> list[CustomEntry]:
    """The builder's missions under maps_dir/custom, broken ones with their (first) problem."""
    from game.gears.custom import custom_missions, problems_of

    found, problems = custom_missions(maps_dir)
    by_file = {Path(m.path).resolve(): m for m in found}
    out = []
    for path in sorted((Path(maps_dir) / "custom").glob("*.mission.toml")):
        scenario = CUSTOM + path.name[: -len(".mission.toml")]
        m = by_file.get(path.resolve())
        if m is not None:
            out.append(CustomEntry(scenario, path, m))
            continue
        mine = [str(p) for p in problems_of(path, problems)]
        out.append(CustomEntry(scenario, path, None, _("; ").join(mine) or _("the file cannot be read")))
    return out


@dataclass
class SetupChoice:
    mission: str = "emergence"
    seats: list[str] = field(default_factory=lambda: ["human", "bot"])
    characters: list[str | None] = field(default_factory=lambda: [None, None])  # None: random
    insane: bool = False
    casual: bool = False
    seed: int = 0

    def options(self) -> dict:
        # A custom map's player count is fixed by its file: the engine takes it from there, so
        # no other count can be sent (the seats were adapted to it before starting).
        opts: dict = {} if self.mission.startswith(CUSTOM) else {"players": len(self.seats)}
        if self.insane:
            opts["insane"] = True
        if any(c is not None for c in self.characters):
            opts["characters"] = self._characters()
        return opts

    def _characters(self) -> list[str]:
        """Chosen characters kept; random seats get the remaining ones in a seeded order."""
        from game.gears.rules.title import shared_content

        pool = sorted(shared_content().cogs)
        random.Random(self.seed).shuffle(pool)
        rest = [c for c in pool if c not in self.characters]
        return [c if c is not None else rest.pop(0) for c in self.characters]


class GearsSetup(SetupScreen):
    store = SAVES
    game_name = "Gears of War"

    def __init__(self, ctx: Context, choice: SetupChoice | None = None, maps_dir: Path | None = None) -> None:
        from game.gears.rules.title import shared_content

        self.content = shared_content()
        self.mission_ids = sorted(self.content.missions, key=lambda m: (self.content.missions[m].expansion != "base", self.content.missions[m].number))
        self.refusals = {m: mission_refusal(m) for m in self.mission_ids}
        self.maps_dir = Path(maps_dir if maps_dir is not None else ctx.maps_dir)
        self.custom = {e.scenario: e for e in custom_entries(self.maps_dir)}
        super().__init__(ctx, choice or SetupChoice(seed=new_seed()))

    # ------------------------------------------------------------------ words
    def new_title(self) -> str:
        return _("New Gears of War game")

    def load_title(self) -> str:
        return _("Load a saved Gears of War game")

    def start_label(self) -> str:
        return _("Start the mission")

    def scenario_name(self) -> str:
        mid = self.choice.mission
        if mid in self.custom:
            return self.custom[mid].name
        return words.mission(self.content.missions[mid])

    def scenario_label(self, scenario: str) -> str:
        if scenario in self.custom:
            return self.custom[scenario].name
        mission = self.content.missions.get(scenario)
        return words.mission(mission) if mission else words.titled(scenario)

    def save_words(self, saved: Saved) -> tuple[str, list[str]]:
        """Mission, turn and stage; the characters at the seats."""
        content = self.content
        session = saved.session
        st = session.state
        mission = content.missions.get(st.mission)
        name = words.mission(mission) if mission else words.titled(st.mission)
        stages = len(mission.stages) if mission else 1
        head = f"{name}  \u2022  " + _("Turn {n}").format(n=session.title.turn_number(st)) + "  \u2022  " + \
            _("Stage {n} of {total}").format(n=min(st.stage + 1, stages), total=stages)
        names = []
        for p in st.players:
            c = st.cogs.get(p)
            names.append(words.character(content, c.character) if c else p)
        return head, names

    # ------------------------------------------------------------------ actions
    def title_command(self, what: str):
        c = self.choice
        kind, _sep, arg = what.partition(":")
        if kind == "custom":
            self.choose_custom(what)
        elif kind == "mission":
            if self.refusals.get(arg):
                self.message = self.refusals[arg] or ""
            else:
                c.mission = arg
                self.message = ""
        elif kind == "char":
            i = int(arg)
            cogs = [None] + sorted(self.content.cogs)
            nxt = cogs[(cogs.index(c.characters[i]) + 1) % len(cogs)]
            while nxt is not None and nxt in c.characters[:i] + c.characters[i + 1:]:
                nxt = cogs[(cogs.index(nxt) + 1) % len(cogs)]
            c.characters[i] = nxt
        elif kind == "insane":
            c.insane = not c.insane
        return None

    def seat_added(self) -> None:
        self.choice.characters.append(None)

    def seat_removed(self, i: int) -> None:
        del self.choice.characters[i]

    def seat_button(self, i: int) -> tuple[str, str]:
        c = self.choice
        name = _("Random character") if c.characters[i] is None else words.character(self.content, c.characters[i])
        return name, f"char:{i}"

    def options(self) -> list[tuple[str, str, bool]]:
        c = self.choice
        return [(_("Insane: on") if c.insane else _("Insane: off"), "insane", c.insane)] + super().options()

    def options_hint(self) -> str:
        return _("Insane: wounds take random cards; a Locust executes a bleeding-out COG in its area. "
                 "Casual: undo also goes back past dice and card draws.")

    def choose_custom(self, scenario: str) -> None:
        """A builder mission: chosen, and the seats adapted to its fixed player count (seats
        kept from the front; new ones are bots, so one person can still play a 3-player map)."""
        entry = self.custom.get(scenario)
        if entry is None:
            return
        if entry.mission is None:
            self.message = fill(_("{file} cannot be played: {problem}"), file=entry.file.name, problem=entry.problem)
            return
        c = self.choice
        c.mission = scenario
        n = entry.players
        del c.seats[n:], c.characters[n:]
        while len(c.seats) < n:
            c.seats.append("bot")
            c.characters.append(None)
        self.message = ""

    def _fixed_players(self) -> int | None:
        entry = self.custom.get(self.choice.mission)
        return entry.players if entry is not None and entry.mission is not None else None

    def fixed_seats(self) -> str | None:
        if self._fixed_players() is None:
            return None
        return fill(_("{mission} is a custom map for exactly {n} players (set in the map builder)."),
            mission=self.scenario_name(), n=self._fixed_players())

    def new_session(self) -> Session | None:
        from game.gears.rules.title import GearsTitle

        c = self.choice
        fixed = self._fixed_players()
        if c.mission.startswith(CUSTOM):
            if fixed is None:
                self.message = _("Choose a mission first: this custom map is not in the list any more.")
                return None
            if len(c.seats) != fixed:
                self.message = self.fixed_seats() or ""
                return None
        else:
            m = self.content.missions[c.mission]
            if not m.players[0] <= len(c.seats) <= m.players[1]:
                self.message = _("{mission} is for {lo} to {hi} players.").format(mission=words.mission(m), lo=m.players[0], hi=m.players[1])
                return None
        try:
            return Session.start(GearsTitle(custom_dir=self.maps_dir / "custom"), c.mission, seed=c.seed,
                                 options=c.options(), casual=c.casual)
        except (ValueError, InputError) as exc:  # a custom mission or its map broken since listed
            self.message = str(exc)
            return None

    def make_table(self, session: Session, seats: list[str], save_path):
        from game.ui.gears.table_scene import GearsTable

        return GearsTable(self.ctx, session, seats, pygame.display.get_surface().get_size(), save_path)

    # ------------------------------------------------------------------ drawing
    def draw_choices(self, surface, area: pygame.Rect) -> None:
        """The missions, then the builder's: each name and tag whole (the kit's scenario list)."""
        ctx, px = self.ctx, self.ctx.px
        widgets.panel(surface, ctx, area, alpha=235)
        x, y = area.left + px(18), area.top + px(14)
        y = widgets.heading(surface, ctx, _("Mission"), x, y)
        items: list[scenario_list.Item] = []
        for mid in self.mission_ids:
            m = self.content.missions[mid]
            refusal = self.refusals.get(mid)
            tag = (_("Base game") if m.expansion == "base" else _("Mission Pack 1")) + "  \u2022  " \
                + _("{lo}-{hi} players").format(lo=m.players[0], hi=m.players[1])
            if refusal:
                line, bad = _("Not playable yet: ") + refusal, True
            else:
                line, bad = " \u2022 ".join(_(s.flip_when.text) for s in m.stages[:1]) or words.mission(m), False
            items.append(scenario_list.Row(f"mission:{mid}", f"{m.number}. {words.mission(m)}", tag, line,
                                           chosen=mid == self.choice.mission, bad=bad))
        custom = list(self.custom.values())
        if custom:
            items.append(scenario_list.Heading(_("Custom maps")))
        for e in custom:
            if e.mission is None:
                tag, line, bad = _("Broken file"), _("Cannot be played: ") + e.problem, True
            else:
                m = e.mission
                tag = _("Custom map") + "  \u2022  " + _("{n} players").format(n=m.players)  # type: ignore[attr-defined]
                goal = (_("Hold out for {n} Locust activations").format(n=m.activations)  # type: ignore[attr-defined]
                        if m.goal == "hold_out" else _("Reach the exit with a standing COG"))  # type: ignore[attr-defined]
                line, bad = scenario_list.built_line(goal, m.map.name), False  # type: ignore[attr-defined]
            items.append(scenario_list.Row(e.scenario, e.name, tag, line, chosen=e.scenario == self.choice.mission, bad=bad))
        rows = pygame.Rect(x, y, area.width - px(36), area.bottom - px(10) - y)
        hits, _bottom = self.scenario_list.draw(surface, ctx, items, rows, self.mouse)
        self.hits += hits
