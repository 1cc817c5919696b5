"""The Doom set-up screen on the kit's SetupScreen: the scenario (the engine's scenarios.toml),
one to three marines and the invader, each seat a person or a bot, casual undo and the seed;
"Load a game" lists the Doom saves (SaveStore "doom").

Seats are the players in turn order: the marines (red, green, blue) and the invader last, so
adding a seat adds a marine and the last row is always the invader. When the invader's seat is a
bot, its row's button names the automated invader's level (recruit, veteran, nightmare; spec
11.D); a click takes the next one. The level travels with the bot's saved state, so Continue
and a loaded game keep it.
The left column has two tabs: the scenarios, and the rule options of spec 11 (rules/setup.py
OPTIONS, each shown with its value and why there is a choice; a click takes the next value).
Below the scenarios, the Doom maps of maps/custom (made in the map builder, game/doom/custom.py)
are listed as scenarios "custom:STEM"; a map that cannot be played is listed with its problem,
and a click on it only says why.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.doom.rules import board
from game.engine.errors import InputError
from game.engine.session import Session
from game.i18n import _
from game.ui import widgets
from game.ui.doom import words
from game.ui.doom.entry import SAVES
from game.ui.kit import scenario_list
from game.ui.kit.saves import Saved
from game.ui.kit.seats import new_seed
from game.ui.kit.setup_screen import SetupScreen
from game.ui.maplist import shown_name
from game.ui.scene import Context

DEFAULT_SCENARIO = "knee_deep"
ROOT = Path(__file__).resolve().parents[3]



def _line(font: pygame.font.Font) -> int:
    """From one line to the next: a line's whole image (the kit's scenario list steps so too)."""
    return max(font.get_linesize(), font.get_height())

@dataclass
class SetupChoice:
    scenario: str = DEFAULT_SCENARIO
    seats: list[str] = field(default_factory=lambda: ["human", "bot"])  # marines..., invader
    casual: bool = False
    seed: int = 0
    rules: dict = field(default_factory=dict)  # rule options (rules/setup.py OPTIONS) set away from their default
    difficulty: str = "veteran"  # the automated invader's level (game/doom/invader_ai.py DIFFICULTIES)
    # Every marine colour once, the seats' first: marine seat i plays colours[i] (no two alike).
    colours: list[str] = field(default_factory=lambda: list(words.MARINES))

    @property
    def marines(self) -> int:
        return len(self.seats) - 1

    def seat_colours(self) -> list[str]:
        return self.colours[:self.marines]

    def options(self) -> dict:
        """The engine's options: the colours only when they are not marines.toml's seat order
        (rules/setup.py marine_seats), so a default game's save is what it always was."""
        opts: dict = {"marines": self.marines, **self.rules}
        if self.seat_colours() != list(words.MARINES[:self.marines]):
            opts["colours"] = self.seat_colours()
        return opts

    def cycle_colour(self, i: int) -> None:
        """Marine seat i takes the next colour; a marine already playing it takes seat i's."""
        now = self.colours[i]
        nxt = words.MARINES[(words.MARINES.index(now) + 1) % len(words.MARINES)]
        j = self.colours.index(nxt)
        self.colours[i], self.colours[j] = nxt, now


class DoomSetup(SetupScreen):
    store = SAVES
    game_name = "Doom"
    MAX_SEATS = 4  # three marines and the invader

    def __init__(self, ctx: Context, choice: SetupChoice | None = None, maps_dir: Path | None = None) -> None:
        from game.doom.content import shared_content
        from game.doom.custom import built_maps

        self.content = shared_content()
        self.scenario_ids = list(self.content.scenarios)
        self.maps_dir = Path(maps_dir if maps_dir is not None else ctx.maps_dir)
        self.built = {b.id: b for b in built_maps(self.content, self.maps_dir)}
        self._previews: dict[str, pygame.Surface] = {}
        self._maps = board.MapReader(self.content)  # a broken map is parsed once, not every frame
        self.tab = "scenario"  # the left column: the scenarios, or the rule options
        self.rules_scroll = self.rules_max_scroll = 0  # the rule options' first row shown, its largest
        self.rules_area = pygame.Rect(0, 0, 0, 0)
        super().__init__(ctx, choice or SetupChoice(seed=new_seed()))

    # ------------------------------------------------------------------ words
    def scenario_record(self, sid: str):
        """The record of a scenario id: scenarios.toml's, or a built map's."""
        built = self.built.get(sid)
        if built is not None:
            return built.scenario
        return self.content.scenarios.get(sid)

    def scenario_name(self) -> str:
        sc = self.scenario_record(self.choice.scenario)
        return words.scenario(sc) if sc is not None else self.choice.scenario

    def scenario_label(self, scenario: str) -> str:
        sc = self.content.scenarios.get(scenario)
        return words.scenario(sc) if sc is not None else ""

    def save_words(self, saved: Saved) -> tuple[str, list[str]]:
        st = saved.session.state
        sc = self.content.scenarios.get(st.scenario)
        head = f"{words.scenario(sc) if sc else st.scenario}  \u2022  " + words.round_name(st.round) + "  \u2022  " + \
            _("Frags {n} of {target}").format(n=st.frags, target=sc.frag_target if sc else "?")
        return head, [words.player(p) for p in list(st.seats) + ["invader"]]

    # ------------------------------------------------------------------ seats
    def seat_colour(self, i: int) -> tuple[int, int, int]:
        if i == len(self.choice.seats) - 1:
            return words.INVADER_COLOUR
        return words.colour(self.choice.colours[i])

    def seat_button(self, i: int) -> tuple[str, str]:
        """Each row says who the seat plays: a marine by colour, the last row the invader."""
        c = self.choice
        if i == len(c.seats) - 1:
            if c.seats[i] == "bot":  # the automated invader: its level, a click takes the next
                return _("The invader AI: {level}").format(level=words.difficulty(c.difficulty)), "difficulty"
            return _("The invader (demons, cards)"), "who"
        return words.player(self.choice.colours[i]) + "  \u25b8", f"colour:{i}"

    def title_command(self, what: str):
        kind, _sep, arg = what.partition(":")
        if kind == "scenario" and arg in self.content.scenarios:
            self.choice.scenario = arg
            self.message = ""
        elif kind == "custom" and what in self.built:
            b = self.built[what]
            if b.scenario is None:
                self.message = _("{name} cannot be played: {problem}").format(name=shown_name(b.name, "doom"), problem=b.problem)
            else:
                self.choice.scenario = what
                self.message = ""
        elif kind == "tab" and arg in ("scenario", "rules"):
            self.tab = arg
        elif kind == "rule" and arg in words.RULE_OPTIONS:
            self._cycle_rule(arg)
        elif kind == "difficulty":
            from game.doom.invader_ai import DIFFICULTIES

            self.choice.difficulty = DIFFICULTIES[(DIFFICULTIES.index(self.choice.difficulty) + 1) % len(DIFFICULTIES)]
            self.message = _(words.DIFFICULTY_WHY[self.choice.difficulty])
        elif kind == "colour" and arg.isdigit() and int(arg) < self.choice.marines:
            self.choice.cycle_colour(int(arg))
            self.message = _("Each marine has its own colour: a click takes the next one.")
        elif kind == "who":
            self.message = _("Add or remove a seat to change the number of marines; the last seat is the invader.")
        return None

    def command(self, what: str):
        c = self.choice
        kind, _sep, arg = what.partition(":")
        if kind == "remove":
            # The invader's seat stays last: removing any row takes a marine away.
            if len(c.seats) <= 2:
                self.message = _("Doom needs at least one marine and the invader.")
                self.dirty = True
                return None
            i = int(arg)
            if i == len(c.seats) - 1:  # the invader's row: its kind moves up, a marine goes
                c.seats[-2] = c.seats[-1]
                i = len(c.seats) - 2
            del c.seats[i]
            c.colours.append(c.colours.pop(i))  # its colour is free again
            self.dirty = True
            return None
        if kind == "add" and len(c.seats) < self.MAX_SEATS:
            c.seats.insert(len(c.seats) - 1, "human")  # a marine before the invader
            self.dirty = True
            return None
        return super().command(what)

    def _cycle_rule(self, name: str) -> None:
        """The next value the rules allow for option `name`; the default is not stored."""
        from game.doom.rules.setup import OPTIONS

        default, allowed, _what = OPTIONS[name]
        now = self.choice.rules.get(name, default)
        value = allowed[(allowed.index(now) + 1) % len(allowed)]
        if value == default:
            self.choice.rules.pop(name, None)
        else:
            self.choice.rules[name] = value
        self.message = ""

    def options_hint(self) -> str:
        changed = len(self.choice.rules)
        line = _("Casual: undo also goes back past dice and card draws.")
        if changed:
            line += " " + _("Rule options changed: {n} (see Rule options).").format(n=changed)
        return line

    # ------------------------------------------------------------------ starting
    def make_table(self, session: Session, seats: list[str], save_path):
        from game.ui.doom.table_scene import DoomTable

        return DoomTable(self.ctx, session, seats, pygame.display.get_surface().get_size(), save_path,
                         difficulty=self.choice.difficulty)

    def new_session(self) -> Session | None:
        from game.doom.rules.title import DoomTitle

        c = self.choice
        try:
            return Session.start(DoomTitle(custom_dir=self.maps_dir / "custom"), c.scenario, seed=c.seed,
                                 options=c.options(), casual=c.casual)
        except ValueError as exc:
            self.message = str(exc)
            return None

    # ------------------------------------------------------------------ drawing
    def draw_choices(self, surface, area: pygame.Rect) -> None:
        """The scenarios: name, frag target and how the marines win, the map's size."""
        ctx, px = self.ctx, self.ctx.px
        widgets.panel(surface, ctx, area, alpha=235)
        x, y = area.left + px(18), area.top + px(12)
        tab_w = (area.width - px(44)) // 2
        for i, (tab, label) in enumerate((("scenario", _("Scenario")), ("rules", _("Rule options")))):
            self._small_button(surface, pygame.Rect(x + i * (tab_w + px(8)), y, tab_w, px(34)), label, f"tab:{tab}",
                               on=self.tab == tab)
        y += px(46)
        if self.tab == "rules":
            self.scenario_list.order = []  # the arrow keys choose no scenario here
            self._draw_rules(surface, pygame.Rect(x, y, area.width - px(36), area.bottom - y - px(12)))
            return
        # The scenarios and the built maps, each name and tag whole (the kit's scenario list),
        # then what is left for the preview.
        items: list[scenario_list.Item] = []
        for sid in self.scenario_ids:
            sc = self.content.scenarios[sid]
            items.append(scenario_list.Row(f"scenario:{sid}", self._row_name(sc),
                                           _("Invader wins at {n} frags").format(n=sc.frag_target),
                                           words.goal(sc, self._map(sc), frags=False), chosen=sid == self.choice.scenario))
        built = list(self.built.values())
        if built:
            items.append(scenario_list.Heading(_("Built maps (maps/custom)")))
        for b in built:
            if b.scenario is None:
                tag, line = _("Cannot be played"), str(b.problem)
            else:
                tag = _("Invader wins at {n} frags").format(n=b.scenario.frag_target) + (
                    "  (" + _("default") + ")" if b.frag_default else "")
                line = scenario_list.built_line(_("Marines win when one of them reaches the objective."), b.path.name)
            items.append(scenario_list.Row(b.id, shown_name(b.name, "doom"), tag, line, chosen=b.id == self.choice.scenario,
                                           bad=b.scenario is None))
        rows = pygame.Rect(x, y, area.width - px(36), area.bottom - px(12) - y)
        rows.height = self.scenario_list.needs(ctx, items, rows.width, rows.height)
        hits, y = self.scenario_list.draw(surface, ctx, items, rows, self.mouse)
        self.hits += hits
        self._draw_preview(surface, pygame.Rect(x, y + px(4), area.width - px(36), area.bottom - y - px(18)))

    def _map(self, sc) -> board.DoomMap | None:
        """A scenario's map, None when it is broken or gone (the preview says what is wrong)."""
        got = self._maps(sc.map)
        return None if isinstance(got, InputError) else got

    # The rule options' texts at their sizes where the column holds them all, else smaller
    # (down to the kit's least size), else at the least size, scrolled (the wheel over them).
    # Each option's value and explanation are whole: set in rows of a fixed share, the
    # explanations read 'Spec 11 item 6: a simpler game deals only the Me…' at 1280x720, and at
    # 125% the nine rows ran on under the buttons at the foot of the screen.
    RULES_SHRINK = (1.0, 0.92, 0.85)  # smaller than that, the explanations are hard to read: scrolled

    def _rule_rows(self, width: int, k: float) -> tuple[list[dict], int]:
        """Each rule option laid out in `width` at text size `k`: its name, value and
        explanation lines and fonts, its button's size and the row's height; and the gap
        between rows."""
        from game.doom.rules.setup import OPTIONS

        px = self.ctx.px
        title_f, value_f, why_f = self._text_font(15, k, True), self._text_font(14, k, True), self._text_font(12, k)
        # The buttons as wide as the longest value and its default mark on one line, between
        # 300 units and half the column.
        widest = max(value_f.size(_(v) + "  \u2022  " + _("default"))[0] for _t, vs, _w in words.RULE_OPTIONS.values()
                     for v in vs.values())
        bw = min(width // 2, max(px(300), widest + px(16)))
        rows = []
        for name, (title, values, why) in words.RULE_OPTIONS.items():
            default = OPTIONS[name][0]
            value = self.choice.rules.get(name, default)
            label = _(values[value])
            mark = "  \u2022  " + _("default") if value == default else ""
            if value_f.size(label + mark)[0] <= bw - px(12):
                value_lines = [label + mark]
            else:  # the value on its lines, the default mark on its own
                value_lines = widgets.wrap(label, value_f, bw - px(12)) + ([mark.strip()] if mark else [])
            bh = max(round(px(30) * k), len(value_lines) * _line(value_f) + round(px(8) * k))
            title_lines = widgets.wrap(_(title), title_f, width - bw - px(12))
            top = max(bh, len(title_lines) * _line(title_f))
            why_lines = widgets.wrap(_(why), why_f, width)
            rows.append(dict(name=name, on=value != default, title=(title_lines, title_f), value=(value_lines, value_f),
                             why=(why_lines, why_f), button=(bw, bh), why_y=top + round(px(4) * k),
                             height=top + round(px(4) * k) + len(why_lines) * _line(why_f)))
        return rows, round(px(12) * k)

    def _draw_rules(self, surface, area: pygame.Rect) -> None:
        """Each rule option (spec 11): its name, a button showing its value (a click takes the
        next one; the default marked), and what the choice is about, whole."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        for k in self.RULES_SHRINK:
            rows, gap = self._rule_rows(area.width, k)
            if sum(r["height"] for r in rows) + gap * (len(rows) - 1) <= area.height:
                fits = True
                break
        else:
            fits = False
        note_h = 0 if fits else _line(ctx.font(12)) + px(4)
        room = area.height - note_h
        # The largest scroll: the first row from which the rest fit above the note.
        self.rules_area, self.rules_max_scroll = area, 0
        tail = -gap
        for i in range(len(rows) - 1, -1, -1):
            tail += rows[i]["height"] + gap
            if tail > room:
                self.rules_max_scroll = i + 1
                break
        self.rules_scroll = max(0, min(self.rules_scroll, self.rules_max_scroll))
        y, shown = area.top, 0
        for row in rows[self.rules_scroll:]:
            if y + row["height"] > area.top + room:
                break
            lines, font = row["title"]
            ty = y
            for line in lines:
                widgets.text(surface, line, font, pal.text, (area.left, ty))
                ty += _line(font)
            bw, bh = row["button"]
            self._rule_button(surface, pygame.Rect(area.right - bw, y, bw, bh), row["value"], f"rule:{row['name']}",
                              row["on"])
            lines, font = row["why"]
            wy = y + row["why_y"]
            for line in lines:
                widgets.text(surface, line, font, pal.text_dim, (area.left, wy))
                wy += _line(font)
            y += row["height"] + gap
            shown += 1
        if not fits:
            note = _("Rows {a}-{b} of {n}: scroll for more").format(a=self.rules_scroll + 1, b=self.rules_scroll + shown,
                                                                     n=len(rows))
            widgets.text(surface, note, ctx.font(12), pal.text_dim, (area.centerx, area.bottom), "midbottom")

    def _rule_button(self, surface, rect: pygame.Rect, value: tuple[list[str], pygame.font.Font], what: str,
                     on: bool) -> None:
        """A rule option's button: its value on one line or more (the kit's _small_button
        draws one line, and cut 'from next to the door (rulebook)…')."""
        pal, px = self.ctx.palette, self.ctx.px
        hot = self._hover(rect)
        pygame.draw.rect(surface, pal.accent if hot else (86, 70, 36) if on else (52, 57, 66), rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if on else (92, 98, 110), rect, 1, border_radius=px(6))
        lines, font = value
        y = rect.centery - len(lines) * _line(font) // 2
        for line in lines:
            widgets.text(surface, line, font, pal.accent_text if hot else pal.text, (rect.centerx, y), "midtop")
            y += _line(font)
        self.hits.append((rect, what))

    def handle(self, event: pygame.event.Event):
        # The wheel over the rule options scrolls them (the scenario list is not shown).
        if event.type == pygame.MOUSEWHEEL and self.mode == "new" and self.tab == "rules":
            if self.mouse is not None and self.rules_area.collidepoint(self.mouse) and self.rules_max_scroll:
                self.rules_scroll = max(0, min(self.rules_max_scroll, self.rules_scroll - event.y))
                self.dirty = True
            return None
        return super().handle(event)

    @staticmethod
    def _row_name(sc) -> str:
        """'P1. Knee-Deep in the Dead' for the game's scenarios (maps/doom/p<n>_*.tmx), the
        name alone for a practice map."""
        stem = Path(sc.map).stem
        if stem[:1] == "p" and stem[1:2].isdigit():
            return f"P{stem[1]}. {words.scenario(sc)}"
        return words.scenario(sc) + "  —  " + _("practice map")

    def _draw_preview(self, surface, area: pygame.Rect) -> None:
        """The chosen scenario's map as the marines first see it: the start area in its art,
        the rest a silhouette (what lies there is revealed in play)."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        if area.height < px(80):
            return
        widgets.text(surface, _("The map (the start area; the rest is explored in play)"), ctx.font(12, bold=True),
                     pal.text_dim, (area.left, area.top))
        room = area.inflate(0, -px(20)).move(0, px(10))
        try:
            image = self._preview(self.choice.scenario)
        except InputError as exc:  # the scenario's map broken or gone: which file, what is wrong
            widgets.text_block(surface, str(exc), ctx.font(13), pal.danger, room, 1.05)
            return
        k = min(room.width / image.get_width(), room.height / image.get_height(), 1.0)
        shown = pygame.transform.smoothscale(image, (max(1, round(image.get_width() * k)), max(1, round(image.get_height() * k))))
        surface.blit(shown, shown.get_rect(midtop=(room.centerx, room.top)))

    def _preview(self, scenario: str) -> pygame.Surface:
        """The start area's squares at half size, cut out of the map (cached per scenario)."""
        cached = self._previews.get(scenario)
        if cached is None:
            from game.ui.table.board_render import BoardRenderer, load_floor

            sc = self.scenario_record(scenario)
            dmap = self._maps(sc.map)
            if isinstance(dmap, InputError):
                raise dmap
            floor, _problem = load_floor(ROOT / sc.map, dmap.board)
            renderer = BoardRenderer(dmap.board, floor, self.ctx.palette, self.ctx.assets, live_marks=True)
            whole = renderer.buffer(2)  # zoom 0.5
            z = 0.5
            # Only the start area, as the table shows it before anything is explored: the
            # shape of the rest is hidden from the marines too (spec 3.10), so no silhouette.
            start = {c for a in dmap.start_zones for c in dmap.areas[a]}
            tw, th = dmap.board.tile_width * z, dmap.board.tile_height * z
            cells = start or set(dmap.floor)
            margin = max(2, round(tw / 4))
            c0, r0 = min(c for c, _r in cells), min(r for _c, r in cells)
            c1, r1 = max(c for c, _r in cells) + 1, max(r for _c, r in cells) + 1
            box = pygame.Rect(round(c0 * tw) - margin, round(r0 * th) - margin,
                              round((c1 - c0) * tw) + 2 * margin, round((r1 - r0) * th) + 2 * margin).clip(whole.get_rect())
            cached = pygame.Surface(box.size, pygame.SRCALPHA)
            cached.fill((0, 0, 0, 0))
            for c in cells:  # each start square with its walls; nothing else of the map
                square = pygame.Rect(round(c[0] * tw), round(c[1] * th), round(tw) + 1, round(th) + 1).inflate(2 * margin, 2 * margin)
                square = square.clip(box)
                cached.blit(whole, (square.left - box.left, square.top - box.top), square)
            self._previews[scenario] = cached
        return cached
