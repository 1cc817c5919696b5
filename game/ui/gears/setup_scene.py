"""The Gears set-up screen: mission, seats (person or bot, character), options and the seed;
and its "Load a game" list of saves (load_list.py), so a save is two clicks from the menu.

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

from game.engine.session import Session
from game.i18n import _
from game.ui import widgets
from game.ui.gears import load_list, panels, store, words
from game.ui.scene import Context, Pop, Push, Scene

MAX_SEED = 10 ** 9
CUSTOM = "custom:"  # the scenario prefix of a builder mission (GearsTitle: CUSTOM)


@lru_cache(maxsize=None)
def mission_refusal(mission_id: str) -> str | None:
    """The engine's sentence when it cannot play the mission (None: playable)."""
    from game.gears.rules.title import GearsTitle

    title = GearsTitle()
    lo = title.content.missions[mission_id].players[0]
    try:
        title.new_game(mission_id, 0, {"players": lo})
    except ValueError as exc:
        return str(exc)
    return None


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
    from game.gears.custom import custom_missions

    found, problems = custom_missions(maps_dir)
    by_file = {Path(m.path).resolve(): m for m in found}
    out = []
    for path in sorted((Path(maps_dir) / "custom").glob("*.mission.toml")):
        scenario = CUSTOM + path.name[: -len(".mission.toml")]
        m = by_file.get(path.resolve())
        if m is not None:
            out.append(CustomEntry(scenario, path, m))
            continue
        mine = [line[len(str(path)) + 2:] for line in problems if line.startswith(str(path) + ": ")]
        out.append(CustomEntry(scenario, path, None, "; ".join(mine) or _("the file cannot be read")))
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


class GearsSetup(Scene):
    def __init__(self, ctx: Context, choice: SetupChoice | None = None, maps_dir: Path | None = None) -> None:
        super().__init__(ctx)
        from game.gears.rules.title import shared_content

        self.content = shared_content()
        self.choice = choice or SetupChoice(seed=random.SystemRandom().randrange(1, MAX_SEED))
        self.mission_ids = sorted(self.content.missions, key=lambda m: (self.content.missions[m].expansion != "base", self.content.missions[m].number))
        self.refusals = {m: mission_refusal(m) for m in self.mission_ids}
        self.maps_dir = Path(maps_dir if maps_dir is not None else ctx.maps_dir)
        self.custom = {e.scenario: e for e in custom_entries(self.maps_dir)}
        self.editing_seed = False
        self.seed_text = str(self.choice.seed)
        self.message = ""
        self.hits: list[tuple[pygame.Rect, str]] = []
        self.mouse: tuple[int, int] | None = None
        self.title = _("New Gears of War game")
        self.mode = "new"  # or "load": the list of saves in place of the missions and seats
        self.saves: list[store.SaveEntry] = []
        self.scroll = 0
        self.max_scroll = 0

    # ------------------------------------------------------------------ actions
    def command(self, what: str):
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
        elif kind == "seat":
            i = int(arg)
            c.seats[i] = "bot" if c.seats[i] == "human" else "human"
        elif kind == "char":
            i = int(arg)
            cogs = [None] + sorted(self.content.cogs)
            nxt = cogs[(cogs.index(c.characters[i]) + 1) % len(cogs)]
            while nxt is not None and nxt in c.characters[:i] + c.characters[i + 1:]:
                nxt = cogs[(cogs.index(nxt) + 1) % len(cogs)]
            c.characters[i] = nxt
        elif kind == "remove":
            i = int(arg)
            if self._fixed_players() is not None:
                self.message = self._fixed_reason()
            elif len(c.seats) > 1:
                del c.seats[i]
                del c.characters[i]
        elif kind == "add":
            if self._fixed_players() is not None:
                self.message = self._fixed_reason()
            elif len(c.seats) < 4:
                c.seats.append("human")
                c.characters.append(None)
        elif kind == "insane":
            c.insane = not c.insane
        elif kind == "casual":
            c.casual = not c.casual
        elif kind == "seed":
            self.editing_seed = True
        elif kind == "reseed":
            c.seed = random.SystemRandom().randrange(1, MAX_SEED)
            self.seed_text = str(c.seed)
            self.editing_seed = False
        elif kind == "back":
            if self.mode == "load":
                self.mode = "new"
                self.title = _("New Gears of War game")
                self.message = ""
            else:
                return Pop()
        elif kind == "load":
            self.show_saves()
        elif kind == "open":
            return self.open_save(int(arg))
        elif kind == "start":
            return self.start()
        self.dirty = True
        return None

    def choose_custom(self, scenario: str) -> None:
        """A builder mission: chosen, and the seats adapted to its fixed player count (seats
        kept from the front; new ones are bots, so one person can still play a 3-player map)."""
        entry = self.custom.get(scenario)
        if entry is None:
            return
        if entry.mission is None:
            self.message = _("{file} cannot be played: {problem}").format(file=entry.file.name, problem=entry.problem)
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

    def _fixed_reason(self) -> str:
        return _("{mission} is a custom map for exactly {n} players (set in the map builder).").format(
            mission=self._mission_name(), n=self._fixed_players())

    def _mission_name(self) -> str:
        mid = self.choice.mission
        if mid in self.custom:
            return self.custom[mid].name
        return self.content.missions[mid].name

    def start(self):
        self._commit_seed()
        from game.gears.rules.title import GearsTitle
        from game.ui.gears.table_scene import GearsTable

        c = self.choice
        fixed = self._fixed_players()
        if c.mission.startswith(CUSTOM):
            if fixed is None:
                self.message = _("Choose a mission first: this custom map is not in the list any more.")
                self.dirty = True
                return None
            if len(c.seats) != fixed:
                self.message = self._fixed_reason()
                self.dirty = True
                return None
        else:
            m = self.content.missions[c.mission]
            if not m.players[0] <= len(c.seats) <= m.players[1]:
                self.message = _("{mission} is for {lo} to {hi} players.").format(mission=m.name, lo=m.players[0], hi=m.players[1])
                self.dirty = True
                return None
        try:
            session = Session.start(GearsTitle(custom_dir=self.maps_dir / "custom"), c.mission, seed=c.seed,
                                    options=c.options(), casual=c.casual)
        except ValueError as exc:
            self.message = str(exc)
            self.dirty = True
            return None
        path = store.autosave_path()
        problem = store.write_seats(path, c.seats) or store.autosave(session, c.seats, path)
        table = GearsTable(self.ctx, session, c.seats, pygame.display.get_surface().get_size(), path)
        table.from_setup = True
        if problem:
            table.say(problem)
        # A fresh seed for the next game from this screen; the played one is in the table's bar.
        c.seed = random.SystemRandom().randrange(1, MAX_SEED)
        self.seed_text = str(c.seed)
        return Push(table)

    def show_saves(self) -> None:
        self.mode = "load"
        self.title = _("Load a saved Gears of War game")
        self.saves = store.list_saves()
        self.scroll = 0
        self.message = ""
        self.dirty = True

    def open_save(self, i: int):
        """The chosen save on the table; a damaged one only shows why (it stays in the list)."""
        from game.ui.gears.table_scene import GearsTable

        if not 0 <= i < len(self.saves):
            return None
        entry = self.saves[i]
        self.dirty = True
        if entry.saved is None:
            self.message = entry.error or ""
            return None
        try:
            saved = store.load(entry.path)  # fresh from the file: the listed session may have been played on
        except store.SaveError as exc:
            entry.saved, entry.error = None, str(exc)
            self.message = str(exc)
            return None
        # Play goes on in the autosave; the named save stays as it was, to come back to.
        path = store.autosave_path()
        if entry.path != path:
            store.discard(path)
        problem = store.write_seats(path, saved.seats) or store.autosave(saved.session, saved.seats, path)
        table = GearsTable(self.ctx, saved.session, saved.seats, pygame.display.get_surface().get_size(), path)
        table.from_setup = True
        if problem:
            table.say(problem)
        self.mode = "new"
        self.title = _("New Gears of War game")
        self.message = ""
        return Push(table)

    def _commit_seed(self) -> None:
        self.editing_seed = False
        try:
            value = int(self.seed_text)
        except ValueError:
            value = -1
        if 0 <= value < MAX_SEED:
            self.choice.seed = value
        self.seed_text = str(self.choice.seed)

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.dirty = True
        elif event.type == pygame.MOUSEWHEEL and self.mode == "load":
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y))
            self.dirty = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, what in self.hits:
                if rect.collidepoint(event.pos):
                    if self.editing_seed and what != "seed":
                        self._commit_seed()
                    return self.command(what)
            if self.editing_seed:
                self._commit_seed()
                self.dirty = True
        elif event.type == pygame.KEYDOWN:
            if self.editing_seed:
                if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                    self._commit_seed()
                elif event.key == pygame.K_BACKSPACE:
                    self.seed_text = self.seed_text[:-1]
                elif event.unicode and event.unicode.isdigit() and len(self.seed_text) < 9:
                    self.seed_text += event.unicode
                self.dirty = True
            elif event.key == pygame.K_ESCAPE:
                return self.command("back")
            elif event.key == pygame.K_l and event.mod & pygame.KMOD_CTRL:
                self.show_saves()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode == "new":
                return self.start()
        return None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        w, h = surface.get_size()
        from game.ui.menu import _cover

        surface.blit(_cover(ctx, "ui/menu_bg.png", (w, h)), (0, 0))
        widgets.dim(surface, 120)
        self.hits = []
        top = px(28)
        widgets.text(surface, "Gears of War", ctx.font(40, bold=True), pal.accent, (w // 2, top), "midtop", shadow=True)
        widgets.text(surface, self.title, ctx.font(18), pal.text, (w // 2, top + px(52)), "midtop", shadow=True)
        body_top = top + px(96)
        bottom = h - px(96)
        margin = max(px(24), (w - px(1500)) // 2)
        col_gap = px(24)
        left = pygame.Rect(margin, body_top, (w - 2 * margin - col_gap) * 55 // 100, bottom - body_top)
        right = pygame.Rect(left.right + col_gap, body_top, w - 2 * margin - col_gap - left.width, left.height)
        if self.mode == "load":
            body = pygame.Rect(margin, body_top, w - 2 * margin, bottom - body_top)
            rows, self.max_scroll = load_list.draw(surface, ctx, body, self.saves, self.content, self.scroll, self.mouse)
            self.scroll = min(self.scroll, self.max_scroll)
            self.hits += rows
        else:
            self._draw_missions(surface, left)
            self._draw_seats(surface, right)
        bw, bh = px(230), px(52)
        y = h - px(76)
        if self.mode == "load":
            row = ((_("Back"), "back", False), (_("New game"), "back", True))
        else:
            row = ((_("Back"), "back", False), (_("Load a game"), "load", False), (_("Start the mission"), "start", True))
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

    def _hover(self, rect: pygame.Rect) -> bool:
        return self.mouse is not None and rect.collidepoint(self.mouse)

    def _draw_missions(self, surface, area: pygame.Rect) -> None:
        ctx, px = self.ctx, self.ctx.px
        widgets.panel(surface, ctx, area, alpha=235)
        x, y = area.left + px(18), area.top + px(14)
        y = panels.heading(surface, ctx, _("Mission"), x, y)
        custom = list(self.custom.values())
        heading_h = ctx.font(12, bold=True).get_linesize() + px(10) if custom else 0
        n = len(self.mission_ids) + len(custom)
        row_h = min(px(74), (area.bottom - y - px(12) - heading_h) // n)
        width = area.width - px(36)
        for mid in self.mission_ids:
            m = self.content.missions[mid]
            refusal = self.refusals.get(mid)
            tag = (_("Base game") if m.expansion == "base" else _("Mission Pack 1")) + "  \u2022  " \
                + _("{lo}-{hi} players").format(lo=m.players[0], hi=m.players[1])
            if refusal:
                line, bad = _("Not playable yet: ") + refusal, True
            else:
                line, bad = " \u2022 ".join(s.flip_when.text for s in m.stages[:1]) or m.name, False
            self._mission_row(surface, pygame.Rect(x, y, width, row_h - px(6)), f"{m.number}. {m.name}", tag, line,
                              chosen=mid == self.choice.mission, bad=bad, what=f"mission:{mid}")
            y += row_h
        if custom:
            y = panels.heading(surface, ctx, _("Custom maps"), x, y + px(4)) + px(2)
        for e in custom:
            if e.mission is None:
                tag, line, bad = _("Broken file"), _("Cannot be played: ") + e.problem, True
            else:
                m = e.mission
                tag = _("Custom map") + "  \u2022  " + _("{n} players").format(n=m.players)  # type: ignore[attr-defined]
                goal = (_("Hold out for {n} Locust activations").format(n=m.activations)  # type: ignore[attr-defined]
                        if m.goal == "hold_out" else _("Reach the exit with a standing COG"))  # type: ignore[attr-defined]
                line, bad = goal + "  \u2022  " + _("map {file}").format(file=m.map.name), False  # type: ignore[attr-defined]
            self._mission_row(surface, pygame.Rect(x, y, width, row_h - px(6)), e.name, tag, line,
                              chosen=e.scenario == self.choice.mission, bad=bad, what=e.scenario)
            y += row_h

    def _mission_row(self, surface, rect: pygame.Rect, title: str, tag: str, line: str, chosen: bool, bad: bool,
                     what: str) -> None:
        """One selectable mission: name, a tag on the right, one or more lines below (cut to fit).
        A `bad` row (refused or broken) is dim, and a click on it only says why."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        fill = (70, 56, 30) if chosen else (46, 50, 58) if self._hover(rect) and not bad else (36, 39, 46)
        pygame.draw.rect(surface, fill, rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if chosen else (70, 74, 84), rect, 2 if chosen else 1, border_radius=px(6))
        small = ctx.font(12)
        name_font = ctx.font(17 if rect.height > px(44) else 15, bold=True)
        tag_w = small.size(tag)[0]
        colour = (200, 130, 110) if bad else pal.text_dim
        text_rect = pygame.Rect(rect.left + px(12), rect.top + name_font.get_linesize() + px(7), rect.width - px(24),
                                rect.bottom - rect.top - name_font.get_linesize() - px(9))
        short = text_rect.height < small.get_linesize()
        name = widgets.elide(title, name_font, rect.width - tag_w - px(40))
        if short:  # one line: name, text and tag share the row's middle
            widgets.text(surface, name, name_font, pal.text if not bad else pal.text_dim, (rect.left + px(12), rect.centery), "midleft")
            widgets.text(surface, tag, small, pal.text_dim, (rect.right - px(12), rect.centery), "midright")
        else:
            widgets.text(surface, name, name_font, pal.text if not bad else pal.text_dim, (rect.left + px(12), rect.top + px(6)))
            widgets.text(surface, tag, small, pal.text_dim, (rect.right - px(12), rect.top + px(8)), "topright")
        if short:
            # A short row (many missions in a small window): the line goes beside the name, cut.
            left = rect.left + px(12) + min(name_font.size(title)[0], rect.width - tag_w - px(40)) + px(12)
            room = rect.right - px(12) - tag_w - px(14) - left
            if room > px(60):
                widgets.text(surface, widgets.elide(line, small, room), small, colour, (left, rect.centery), "midleft")
            self.hits.append((rect, what))
            return
        lines = widgets.wrap(line, small, text_rect.width)
        maxl = max(1, text_rect.height // small.get_linesize())
        if len(lines) > maxl:
            lines = lines[:maxl]
            lines[-1] = widgets.elide(lines[-1] + "\u2026", small, text_rect.width)
        for i, text in enumerate(lines):
            surface.blit(small.render(text, True, colour), (text_rect.left, text_rect.top + i * small.get_linesize()))
        self.hits.append((rect, what))

    def _small_button(self, surface, rect: pygame.Rect, label: str, what: str, on: bool = False) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        hot = self._hover(rect)
        fill = pal.accent if hot else (86, 70, 36) if on else (52, 57, 66)
        pygame.draw.rect(surface, fill, rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if on else (92, 98, 110), rect, 1, border_radius=px(6))
        widgets.text(surface, label, ctx.font(14, bold=True), pal.accent_text if hot else pal.text, rect.center, "center")
        self.hits.append((rect, what))

    def _draw_seats(self, surface, area: pygame.Rect) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        c = self.choice
        widgets.panel(surface, ctx, area, alpha=235)
        x, y = area.left + px(18), area.top + px(14)
        inner_w = area.width - px(36)
        y = panels.heading(surface, ctx, _("Seats (hot-seat: several people at one desk)"), x, y)
        row = px(44)
        fixed = self._fixed_players()
        for i, seat in enumerate(c.seats):
            col = panels.SEAT_COLOURS[i]
            pygame.draw.circle(surface, col, (x + px(10), y + row // 2 - px(3)), px(9))
            widgets.text(surface, f"P{i + 1}", ctx.font(15, bold=True), pal.text, (x + px(26), y + row // 2 - px(3)), "midleft")
            bx = x + px(64)
            kind = _("Person") if seat == "human" else _("Bot")
            self._small_button(surface, pygame.Rect(bx, y, px(96), row - px(8)), kind, f"seat:{i}", on=seat == "human")
            name = _("Random character") if c.characters[i] is None else words.character(self.content, c.characters[i])
            cw = inner_w - px(64) - px(96) - px(8) - px(44) - px(8)
            self._small_button(surface, pygame.Rect(bx + px(104), y, cw, row - px(8)), name, f"char:{i}")
            if len(c.seats) > 1 and fixed is None:
                self._small_button(surface, pygame.Rect(x + inner_w - px(40), y, px(40), row - px(8)), "\u00d7", f"remove:{i}")
            y += row
        if fixed is not None:
            # A custom map fixes the count: no add/remove, and the reason where they would be.
            y = widgets.text_block(surface, self._fixed_reason(), ctx.font(13), pal.text_dim,
                                   pygame.Rect(x + px(64), y + px(4), inner_w - px(64), row + px(8)), 1.1) + px(4)
        elif len(c.seats) < 4:
            self._small_button(surface, pygame.Rect(x + px(64), y, px(170), row - px(8)), _("Add a seat"), "add")
            y += row
        y += px(12)
        y = panels.heading(surface, ctx, _("Optional rules"), x, y)
        half = (inner_w - px(8)) // 2
        self._small_button(surface, pygame.Rect(x, y, half, row - px(8)), (_("Insane: on") if c.insane else _("Insane: off")), "insane", on=c.insane)
        self._small_button(surface, pygame.Rect(x + half + px(8), y, half, row - px(8)), (_("Casual undo: on") if c.casual else _("Casual undo: off")), "casual", on=c.casual)
        y += row
        hint = _("Insane: wound discards are random. Casual: undo also goes back past dice and card draws.")
        y = widgets.text_block(surface, hint, ctx.font(12), pal.text_dim, pygame.Rect(x, y, inner_w, px(40)), 1.1) + px(10)
        y = panels.heading(surface, ctx, _("Seed (share it to replay the same game)"), x, y)
        field_rect = pygame.Rect(x, y, inner_w - px(150), row - px(6))
        pygame.draw.rect(surface, (18, 20, 24), field_rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if self.editing_seed else (92, 98, 110), field_rect, 2, border_radius=px(6))
        shown = self.seed_text + ("|" if self.editing_seed else "")
        widgets.text(surface, shown, ctx.font(18, bold=True), pal.text, (field_rect.left + px(12), field_rect.centery), "midleft")
        self.hits.append((field_rect, "seed"))
        self._small_button(surface, pygame.Rect(field_rect.right + px(8), y, px(142), row - px(6)), _("New seed"), "reseed")
        y += row + px(8)
        summary = _("{mission}: {n} seats (people: {humans}, bots: {bots}).").format(
            mission=self._mission_name(), n=len(c.seats), humans=c.seats.count("human"), bots=c.seats.count("bot"))
        widgets.text_block(surface, summary, ctx.font(14, bold=True), pal.text, pygame.Rect(x, y, inner_w, area.bottom - y - px(10)))

    def shortcuts(self) -> list[tuple[str, str]]:
        return [("Enter", _("Start the mission")), ("Ctrl+L", _("Load a game")), ("Esc", _("Back"))]

