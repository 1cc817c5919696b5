"""The Doom table: the square-grid map of the scenario's Tiled file, what is revealed of it,
the figures on their footprints, the doors and markers as the rules have them now, each
marine's health, armour, ammo, weapons and order, the frags against the target, the invader's
hand (face down for the marines), the log, the bots' reasons, the dice, and acting by clicking.

What every title's table does (acting, autosave, saves, undo, bots, the animation clock, the
handoff, the end panel, the toolbar, prompt and message lines, the side panel) is GameTable's
(game/ui/kit/game_table.py). The map art is the shared BoardRenderer (game/ui/table/), asked to
leave the doors and markers to the table (`live_marks`), since the rules open doors and reveal
markers as the game goes.

Who sees what: the marines see the revealed areas, the rest of the map dark; the invader sees
everything, the areas not revealed yet dimmed, with what the scenario will put in them. The
view follows `viewer` (GameTable: the person deciding; in hot-seat behind the handoff card).

The invader's turn is shown step by step (issue 13 item 4): each figure that comes onto the map
(a spawn card's placements, the figures of an area just revealed) appears in turn with a portal
drawn over its footprint (`spawns`, SPAWN_MS each at the table's pace; Space or a click skips), and
every bot step's reason stands in a caption over the map (`step_note`) while the bots act, as well
as in the AI panel and the log. Only squares on the viewer's table get an effect.

State a test reads: `session`, `choices`, `message`, `target`, `selected_card`, `handoff`,
`busy`, `viewer`, `spawns`, `step_note`, and `screen_of_cell`, `screen_of_door` for where to click.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any
from pathlib import Path

import pygame

from game.doom.rules import names
from game.engine.protocol import Action, Event
from game.engine.session import Session
from game.engine.text import as_text
from game.i18n import N_, _, fill, first_capital, ngettext, pgettext
from game.ui import widgets
from game.ui.doom import choices as C
from game.ui.doom import words
from game.ui.doom.entry import INVADER, SAVES
from game.ui.kit import clear_place, hand, shapes, side_rows
from game.ui.kit.ai_panel import AiShown
from game.ui.kit.dice_tray import DiceRoll, ShownDie
from game.ui.kit.game_table import BOT_DELAY_MS, GameTable, Sprite, reason_line
from game.ui.kit.layers import Layer
from game.ui.scene import Context
from game.ui.table.board_render import BoardRenderer, load_floor
from game.ui.table.camera import FitCamera

ROOT = Path(__file__).resolve().parents[3]
FOG = (8, 9, 12)
SPAWN_MS = 750  # one figure coming onto the map: the portal opens, the figure fades in
READ_MS_PER_WORD, READ_MS_MAX = 45, 1100  # a bot step's reason on screen: time added to read it


@dataclass
class SpawnFx:
    """A figure coming onto the map (a spawn or an area's figures revealed): its portal on the
    squares it takes, played one after the other."""

    figure: str
    cells: list[tuple[int, int]]
    t: int = 0  # ms into the effect

    @property
    def progress(self) -> float:
        return min(1.0, self.t / SPAWN_MS)


def _roll_words(message, content=None, faces=(), ammo: bool = True) -> tuple[str, str]:
    """A roll's log line as the dice panel shows it: who rolled (or 'Rerolled') above the drawn
    faces and, under them, what they add up to ('range 5, 4 damage, 1 ammo symbol'; 'a miss';
    the ammo symbols only where `ammo`: a marine's roll), from the message's parameters and the
    roll's faces (a plain sentence of an older log: read off its words)."""
    params = getattr(message, "params", None) or {}
    if "dice" in params:
        who = str(params["figure"]) if "figure" in params else _("Rerolled")
        return who, roll_total(content, faces, ammo) if content is not None and faces else str(params["dice"])
    text = str(message)
    if " rolls " in text:
        return text.split(" rolls ")[0], text.split(" rolls ", 1)[-1].rstrip(".")
    return _("Rerolled"), text.split(": ", 1)[-1]


def roll_total(content, faces, ammo_counts: bool = True) -> str:
    """What a roll's faces add up to, as a player sums the dice: 'a miss', or range, damage and
    (`ammo_counts`: a marine's roll; an invader spends none) the ammo symbols ('range 5, 4
    damage, 1 ammo symbol'); the faces themselves are drawn."""
    got = [next((f for f in content.dice[d].faces if f.name == n), None) for d, n in faces if d in content.dice]
    got = [f for f in got if f is not None]
    if any(f["miss"] for f in got):
        return _("a miss")
    rng, dmg, ammo = (sum(f[k] for f in got) for k in ("range", "damage", "ammo"))
    said = ngettext("range {range}, {n} damage", "range {range}, {n} damage", dmg).format(range=rng, n=dmg)
    if ammo and ammo_counts:
        said += ", " + ngettext("{n} ammo symbol", "{n} ammo symbols", ammo).format(n=ammo)
    return said


LEGEND_SIZES = (12, 11, 10)  # the legend's font sizes, largest first: it shrinks and folds before it goes


@dataclass(frozen=True)
class LegendLayout:
    """The map legend laid out: its font, line height, and per entry its column's left x, its
    first line's y offset under the heading and its lines (an entry folds at a space)."""

    font: pygame.font.Font
    line: int
    width: int  # the whole legend's, its columns and their gaps
    spots: tuple[tuple[int, int, tuple[str, ...]], ...]  # (column x offset, row, lines) per entry


def _legend_layouts(ctx: Context, height: int, entries: list[str]):
    """Every way the map legend's `entries` lie in `height` under its heading, each whole (an
    entry folded at spaces onto the lines below where its column has rows to spare): largest
    font first, then fewest columns, each column as narrow as its rows allow."""
    px = ctx.px
    for size in LEGEND_SIZES:
        font = ctx.font(size)
        line = font.get_linesize() + px(3)
        rows = (height - line) // line  # below the heading
        if rows < 1:
            continue
        for fold in (False, True):  # each entry on one line first, at every number of columns
            for cols in range(1, len(entries) + 1):
                per_col = -(-len(entries) // cols)
                if per_col > rows:
                    continue
                spots: list[tuple[int, int, tuple[str, ...]]] = []
                x = 0
                for c in range(cols):
                    chunk = entries[c * per_col:(c + 1) * per_col]
                    if not chunk:
                        break
                    width, lines_of = _column(font, chunk, rows if fold else per_col)
                    row = 0
                    for lines in lines_of:
                        spots.append((x, row, lines))
                        row += len(lines)
                    x += px(20) + width + px(14)  # the chip, the words, a gap
                yield LegendLayout(font, line, x - px(14), tuple(spots))


def _column(font, chunk: list[str], rows: int) -> tuple[int, list[tuple[str, ...]]]:
    """The narrowest width at which `chunk`'s entries, folded at spaces, take `rows` lines at
    most (each entry on its own lines; as many rows as entries: none folded), and the
    entries' lines at that width."""
    def folded(w: int) -> list[tuple[str, ...]]:
        return [tuple(widgets.wrap(e, font, w, break_words=False)) for e in chunk]

    widest = max(font.size(e)[0] for e in chunk)
    least = max(font.size(word)[0] for e in chunk for word in e.split(" "))
    lo, hi = least, widest  # `widest` takes one line an entry: it fits whenever the column does
    while lo < hi:
        mid = (lo + hi) // 2
        if sum(len(x) for x in folded(mid)) <= rows:
            hi = mid
        else:
            lo = mid + 1
    got = folded(lo)
    return max(font.size(t)[0] for lines in got for t in lines), got


# (fonts, the gaps in px, height, entries) -> every layout, in _legend_layouts' order. The hand
# strip asks for the narrowest layout (legend_need) and the one that fits (legend_layout) in
# every frame it draws: laying out all of them (a binary search of wrapped widths per column
# count) was half of a Doom frame drawn whole. The key holds everything a layout is made from
# (the font objects change with the text size and the language's font, the entries with the
# language), so a memo's answer is the one _legend_layouts gives.
_LEGEND_LAYOUTS = widgets.Memo(64)


def legend_layouts(ctx: Context, height: int, entries: list[str]) -> tuple[LegendLayout, ...]:
    """`_legend_layouts(ctx, height, entries)`, all of them, made once for the same inputs."""
    key = (tuple(ctx.font(size) for size in LEGEND_SIZES), ctx.px(3), ctx.px(14), ctx.px(20), height, tuple(entries))
    return _LEGEND_LAYOUTS.get(key, lambda: tuple(_legend_layouts(ctx, height, list(entries))))


def legend_layout(ctx: Context, area: pygame.Rect, entries: list[str]) -> LegendLayout | None:
    """How the map legend's `entries` fit `area` under its heading, each whole: the largest font
    (12, 11, then 10 px), the fewest columns, an entry folded only where a column is too narrow
    for it on one line; None where no layout fits."""
    if area.width < ctx.font(12, bold=True).size(_("On the map"))[0]:
        return None
    return next((got for got in legend_layouts(ctx, area.height, entries) if got.width <= area.width), None)


def legend_need(ctx: Context, height: int, entries: list[str]) -> int | None:
    """The least width the legend takes in `height` (its narrowest layout, the heading's width at
    least); None where it cannot lie in that height at all."""
    got = [layout.width for layout in legend_layouts(ctx, height, entries)]
    return max(min(got), ctx.font(12, bold=True).size(_("On the map"))[0]) if got else None


def die_face(die: str, face: str) -> str:
    """The face image of a Doom die (tools' dice art): 'r1 d2 +A' -> dice/doom_red_r1_d2_ammo.png."""
    return f"dice/doom_{die}_" + face.replace(" +A", "_ammo").replace(" ", "_") + ".png"


EXIT_FLOOR = "hazard_stripes"  # the floor P1's exit, the Evac airlock, is laid with (tools/make_doom_maps.py)


def exit_tile(assets) -> pygame.Surface | None:
    """The exit's floor tile from the floor tileset (assets/tiles/floors.toml names its tiles)."""
    import tomllib

    try:
        spec = tomllib.loads((assets.root / "tiles" / "floors.toml").read_text(encoding="utf-8"))
        index = int(next(k for k, v in spec["tiles"].items() if v == EXIT_FLOOR))
        w, h, cols = int(spec["tile_width"]), int(spec["tile_height"]), int(spec["columns"])
        sheet = assets.image("tiles/" + spec["file"])
        rect = pygame.Rect(index % cols * w, index // cols * h, w, h)
        return sheet.subsurface(rect) if sheet.get_rect().contains(rect) else None
    except (OSError, ValueError, KeyError, StopIteration, tomllib.TOMLDecodeError):
        return None


def lay_exit_floor(floor: pygame.Surface, dmap, win_area: str, assets) -> bool:
    """The objective of a map without a place name for it (a built map's: the builder names no
    areas) laid with the exit's striped floor, as the first scenario's exit is: the goal then says
    so (words.goal), where it could only say 'reaches the exit' and the map showed nothing of which
    area that was. A scenario's named exit keeps its own art. Whether the floor was laid."""
    if not win_area or dmap.area_label.get(win_area):
        return False
    tile = exit_tile(assets)
    if tile is None:
        return False
    tw, th = dmap.board.tile_width, dmap.board.tile_height
    for (c, r), area in dmap.area_of.items():
        if area == win_area:
            floor.blit(pygame.transform.smoothscale(tile, (tw, th)) if tile.get_size() != (tw, th) else tile,
                       (c * tw, r * th))
    return True


class DoomTable(GameTable):
    key = "doom"
    saves = SAVES
    SIDES_COMPETE = True  # the marines against the invader (the end panel's heading)
    SIDE_TABS = ("marines", "invader", "ai", "log")

    def __init__(self, ctx: Context, session: Session, seats: list[str], screen_size: tuple[int, int],
                 save_path: Path | None = None, bot_delay_ms: int = BOT_DELAY_MS, animate: bool = True,
                 difficulty: str | None = None) -> None:
        from game.doom.invader_ai import DEFAULT

        self.difficulty = difficulty or DEFAULT
        st = session.state
        self.content = st.content
        self.dmap = st.map
        board = self.dmap.board
        floor, problem = load_floor(ROOT / self.content.scenarios[st.scenario].map, board)
        lay_exit_floor(floor, self.dmap, self.content.scenarios[st.scenario].win_area, ctx.assets)
        self.renderer = BoardRenderer(board, floor, ctx.palette, ctx.assets, live_marks=True)
        self.camera = FitCamera((0, 0, 1, 1), board.pixel_size())
        self.tw, self.th = board.tile_width, board.tile_height
        self.door_objects = {d.name: d for d in board.doors}
        self.choices = C.Choices(None)
        self.target: tuple[int, int] | None = None  # a target square with several weapons: which one
        self.selected_card: str | None = None
        self.aiming: str | None = None  # a Blast weapon aimed at empty squares: its squares lit
        self._roller_is_marine = True  # who made the last roll the tray shows (an invader spends no ammo)
        self.walk_to: tuple[int, int] | None = None  # a Blow-through square clicked: which die it drops
        self._framed: tuple | None = None  # what the camera was last framed on
        self.hover_cell: tuple[int, int] | None = None
        self.map_layer = Layer()  # the floor, fog, doors, markers and lit squares (_draw_map)
        self._paths: tuple = (None, {})  # (actions, mover) -> queries.reachable, for the hovered path
        self._guide: tuple = (None, ())  # (what it was made for, _hover_guide's plan)
        self.spawns: list[SpawnFx] = []  # figures coming onto the map, the first one playing
        # (bot, its last reason as the viewer may read it, the number of actions once it is applied)
        self.step_note: tuple[str, str, int] | None = None
        self._side_memo: tuple = (None, ())  # ((state_version, invader_view), side_key's part of the game)
        self._note_memo: tuple = (None, None)  # (what the caption's place reads, _place_step_note())
        self._floor_memo: tuple = (None, ())  # (state_version, _floor_key()): view_key
        self._plates_memo: tuple = (None, {})  # (what they read, _door_plates())
        self._fits_memo: tuple = (None, True)  # ((state_version, card, half), whether it fits): _spawn_fits
        self._preview_at: tuple | None = None  # (target, state_version, rect) of the odds panel last drawn
        super().__init__(ctx, session, seats, screen_size, save_path, bot_delay_ms, animate)
        if problem:
            self.say(problem)

    # ------------------------------------------------------------------ the title's words
    def make_bot(self, i: int):
        """Marines: MarineBot. The invader: the automated invader of spec 11.D at the table's
        `difficulty` (recruit, veteran, nightmare: the set-up screen's choice; a continued game
        gets the level back with the bot's saved state)."""
        from game.doom.marine_bot import MarineBot

        if self.players[i] == INVADER:
            from game.doom.invader_ai import InvaderAI

            return InvaderAI(self.difficulty, self.session.seed * 8 + i)
        return MarineBot(self.session.state.seed * 8 + i)

    def player_name(self, player: str) -> str:
        return words.player(player)

    def handoff_name(self, player: str) -> str:
        # inside a sentence: 'Pass the table to the invader' (it read 'to The invader')
        return _("the invader") if player == INVADER else self.player_name(player)

    def colour_of(self, player: str) -> tuple[int, int, int]:
        return words.colour(player)

    def saved_note(self) -> str:
        return _("Saved as {name}. Load it from the Doom set-up screen.")

    def handoff_note(self) -> str:
        if self.handoff == INVADER and self.handoff_answers():
            return _("The invader may play a card now. Pass from here, or take the table to see the hand first.")
        if self.handoff == INVADER:
            return _("The invader's cards and the whole map are shown once the invader is at the table.")
        return _("The invader's cards and the unexplored map are hidden from the marines.")

    def card_face(self, card: str) -> tuple[str, str] | None:
        if self.viewer != INVADER:
            return None
        return words.card_face(self.content, card)

    def card_placeholder(self, card: str) -> bool:
        """An invader card the rulebook does not print (most are, spec appendix C)."""
        return self.viewer == INVADER and self.content.invader_card(card).provenance.placeholder()

    def card_art(self, card: str) -> tuple:
        """An invader card's picture (doom/card_art.py), for the invader's eyes only, as its face."""
        from game.ui.doom.card_art import card_motifs

        return card_motifs(self.content, card) if self.viewer == INVADER else ()

    def ai_heading(self) -> str:
        return _("Bots' reasons")

    def ai_empty(self) -> str:
        return _("No bot has acted yet.")

    def bot_reason(self, decider: str, action: Action, why: str, private: bool = False) -> None:
        """A bot's reason, in the log and the AI panel; an invader bot's discard would name a
        card of its hidden hand, so the marines only see that it discarded (as they see any
        reason its bot marks `private`)."""
        why = str(why)  # a message: the log and the panel keep it worded in the language in use
        name = self.player_name(decider)
        if self.ai.name == name and self.ai.lines and self.ai.lines[-1] == why \
                and action.kind != "discard" and not self._card_declined(action):
            # The next step of a plan already explained (a monster's move, then its attack):
            # the caption stays on screen for it, the log and the panel say it once.
            self.step_note = (decider, why, len(self.session.actions) + 1)
            return
        if private:
            self._log.append((reason_line(name, why), (decider,)))
            if self.viewer != decider:
                return
        elif decider == INVADER and action.kind == "discard":
            self._log.append((reason_line(name, why), (INVADER,)))
            self._log.append((reason_line(name, _("discards a card")), tuple(self.state.seats)))
            why = why if self.viewer == INVADER else _("discards a card")
        elif decider == INVADER and self._card_declined(action) and len(self.session.legal_actions()) == 1:
            return  # nothing to play (rules revision 1 asks all the same): nothing decided, nothing to say
        elif decider == INVADER and self._card_declined(action):
            # A game of rules revision 0 asks the invader about a card only when it holds one
            # (Dodge, Dud, Ambush...): a visible "lets the moment pass" would tell the marines what
            # is in its hand. From revision 1 it is asked whenever it holds any card, and its
            # answer stays its own all the same (its reason may weigh the card it holds).
            self._log.append((reason_line(name, why), (INVADER,)))
            if self.viewer != INVADER:
                return
        else:
            self._log.append((reason_line(name, why), None))
        if self.ai.name != name:
            self.ai = AiShown(decider, name, "")
        self.ai.lines = (self.ai.lines + [why])[-4:]
        # The caption over the map, for the action about to be applied (the next in the session).
        self.step_note = (decider, why, len(self.session.actions) + 1)

    CARD_QUESTIONS = ("dodge_card", "dud", "hellfire", "dark_energies", "trap")

    @classmethod
    def _card_declined(cls, action: Action) -> bool:
        """The invader saying no to playing a card it holds: a card question's "no", or letting
        the Ambush moment before a marine's turn pass."""
        return action.kind == "pass" or action.kind in cls.CARD_QUESTIONS and not (action.payload or {}).get("card")

    def _asks_invader_card(self) -> bool:
        """The invader bot is asked whether to play a card of its hidden hand now."""
        st = self.state
        if self.session.decider != INVADER:
            return False
        pending = (st.proc or {}).get("pending") or {}
        return pending.get("kind") in self.CARD_QUESTIONS or bool(st.flags.get("window"))

    def decision_name(self) -> str:
        """In the words of game/doom/rules_reference.toml's [context]: a question inside a
        resolution by its kind, else what the turn is at (declare, move, attack, spawn...)."""
        st = self.state
        pending = (st.proc or {}).get("pending") or {}
        if pending.get("kind"):
            return str(pending["kind"])
        if st.phase == "marine" and not st.flags.get("interlude") and not st.flags.get("window"):
            m = st.active_marine()
            if m.cell is None:
                return "respawn"
            if st.turn and st.turn.get("action") is None:
                return "declare"
            return "attack" if self.target is not None else "move"
        if st.phase in ("spawn", "discard"):
            return "spawn"
        return "attack" if self.target is not None else "move"

    def outcome(self) -> str | None:
        return self.state.outcome

    def side_of(self, player: str) -> str:
        return "invader" if player == INVADER else "marines"

    def won(self) -> bool:
        """Victory for the table when the side of its people won (both or none: the marines)."""
        out = self.state.outcome
        humans = self._humans()
        if humans == [INVADER]:
            return out == INVADER
        return out == "marines"

    def end_summary(self) -> str:
        sc = self.content.scenarios[self.state.scenario]
        if self.state.outcome == "marines":
            return words.scenario(sc) + " \u2014 " + _("the marines completed the mission.")
        return words.scenario(sc) + " \u2014 " + fill(_("the invader reached {n} frags."), n=sc.frag_target)

    def end_stats(self) -> str:
        st = self.state
        return _("Rounds: {r}   Frags: {f}   Areas revealed: {a} of {n}   Invaders left: {i}").format(
            r=st.round, f=st.frags, a=len(st.revealed), n=len(self.dmap.areas), i=len(st.invaders))

    def toolbar_buttons(self) -> list[tuple[str, str]]:
        return super().toolbar_buttons() + [(_("Fit map"), "fit")]

    def toolbar_title(self) -> str:
        st = self.state
        sc = self.content.scenarios[st.scenario]
        return f"{words.scenario(sc)}  \u2022  " + words.round_name(st.round) + "  \u2022  " + \
            _("{n}/{target} frags").format(n=st.frags, target=sc.frag_target)

    def shown_only_to(self, player: str) -> tuple:
        """The invader sees the whole map and their hand; a marine's view is the marines' view,
        which hides nothing from the other marines or the invader. So the kit's handoff card
        comes up only when the desk passes to a person playing the invader; from one marine to
        the next, or from the invader to a marine, the table says whose turn it is."""
        return ("the whole map", *self.state.hand) if player == INVADER else ()

    def step_bot(self, dt: int) -> bool:
        """The kit's bot pause, longer after a step whose reason is on screen, so it can be
        read (at the table's pace: watch mode's autoplay and the fast pace shorten it)."""
        note, base = self.step_note, self.bot_delay_ms
        if self._asks_invader_card() and self.viewer != INVADER:
            self.bot_delay_ms = 0  # no pause to watch: it would show the marines a card is held
        elif base and note is not None and note[2] == len(self.session.actions) and self._humans():
            self.bot_delay_ms = base + min(READ_MS_MAX, READ_MS_PER_WORD * len(note[1].split()))
        try:
            return super().step_bot(dt)
        finally:
            self.bot_delay_ms = base

    # ------------------------------------------------------------------ choices
    def update_choices(self) -> None:
        decider = self.session.decider
        self.choices = C.classify(self.state, decider, self.session.legal_actions() if decider else [])
        if self.target not in self.choices.targets:
            self.target = None
        if self.selected_card not in self.choices.cards:
            self.selected_card = None
        if self.aiming not in self.choices.blasts:
            self.aiming = None
        if len(self.choices.squares.get(self.walk_to, ())) < 2:
            self.walk_to = None
        self._frame()

    def _frame(self, force: bool = False) -> None:
        """The camera on what the viewer has on the table: the revealed areas (the marines),
        the whole map (the invader); framed again when that grows or the viewer changes."""
        key = (self.invader_view(), len(self.state.revealed), self._size)
        if key == self._framed and not force:
            return
        self._framed = key
        if self.camera.view[2] <= 1:
            return
        if self.invader_view():
            self.camera.fit()
            return
        cells = self._seen_cells()
        if not cells:
            self.camera.fit()
            return
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        x0, x1 = (min(xs) - 1) * self.tw, (max(xs) + 2) * self.tw
        y0, y1 = (min(ys) - 1) * self.th, (max(ys) + 2) * self.th
        _vx, _vy, vw, vh = self.camera.view
        self.camera.fit()
        z = min(vw / max(1, x1 - x0), vh / max(1, y1 - y0), 1.0)  # a first room alone: not huge
        if z > self.camera.zoom * 1.04:  # the explored part alone, larger: centred on it
            self.camera.fit_zoom = z
            self.camera.center_on((x0 + x1) / 2, (y0 + y1) / 2)
        # else the whole map fits at the explored part's scale: shown whole (centring on the
        # explored part would push some of it under the hand strip)

    def invader_view(self) -> bool:
        """The whole map is shown (the invader's view, once the invader is at the table), else
        only what the marines revealed."""
        return self.viewer == INVADER and self.handoff is None

    def hint(self) -> str:
        ch = self.choices
        st = self.state
        if self._asks_invader_card():
            # Shown to the invader alone (the hand-off card hides the prompt from the marines):
            # a question asked whatever the hand holds (rules revision 1, state.asks_reaction)
            # says so when no card of the hand fits.
            question = ch.question or _("Play a card before {who}'s turn?").format(
                who=words.figure(st, st.seats[st.seat]))
            if not any((a.payload or {}).get("card") for a in self.session.legal_actions()):
                return question + " " + _("You hold no card that fits: pass.")
            return question
        if ch.question and ch.targets:  # an interrupt (Guard, Sentry): its shots are lit targets
            return ch.question + " " + _("Click a red target to fire, or let it pass.")
        if ch.question and ch.squares:  # where a figure appears, is knocked back, walks on to
            return ch.question + " " + _("Click a lit square.")
        if ch.question:
            return ch.question
        if ch.cards and st.phase == "discard":
            return _("The invader holds too many cards: click one in the hand to discard it.")
        if ch.cards and st.phase == "spawn":
            return _("Click a spawn card in the hand to bring in invaders, or play none.")
        if ch.figures:
            return _("Click an invader to activate it, or end the invader's turn.")
        parts = []
        if any(a.kind == "move" for acts in ch.squares.values() for a in acts):
            parts.append(_("click a lit square to move"))
        if any(a.kind == "respawn" for acts in ch.squares.values() for a in acts):
            parts.append(_("click a lit square to respawn"))
        if any(a.kind == "place" for acts in ch.squares.values() for a in acts):
            parts.append(_("click a lit square to place the invader"))
        if ch.targets:
            parts.append(_("click a red target to attack"))
        if ch.doors:
            parts.append(_("click a lit door to open or close it"))
        why = self.why_no_target() if not ch.targets else ""
        if parts:
            return _("; ").join(parts).capitalize() + "." + (" " + why if why else "")
        if st.phase == "marine" and st.turn and st.turn.get("action") is None:
            return _("Declare this turn's action.")
        if not why and st.phase == "marine" and st.turn and ch.buttons and all(a.kind == "end_turn" for a in ch.buttons):
            # Its MP and attacks spent: 'Choose one of the buttons.' over one button said nothing.
            return _("{who} has done all this turn allows: end the turn.").format(
                who=words.figure(st, st.active_marine().id))
        return (why + " " if why else "") + _("Choose one of the buttons.")

    def why_no_target(self) -> str:
        """Why a marine with an attack left has no target to click (Declare Fire with nothing in
        range or sight said only 'Choose one of the buttons.'): the rules' own question, each
        weapon the marine may fire (queries.marine_weapons) with its targets (attack_targets)
        and profile (melee, indirect), put in words; "" while there is a target or no attack."""
        from game.doom.rules import queries as Q

        st = self.state
        t = st.turn or {}
        if st.phase != "marine" or t.get("attacks", 0) <= 0 or t.get("over") or st.proc is not None \
                or st.flags.get("window") or st.flags.get("interlude"):
            return ""
        mar = st.active_marine()
        if mar.dead or mar.cell is None:
            return ""
        weapons = Q.marine_weapons(st, mar)
        who = words.figure(st, mar.id)
        if not weapons:
            return _("{who} has no weapon with ammo to attack with.").format(who=who)
        sight: dict = {}
        if any(Q.attack_targets(st, mar.id, w, sight) for w in weapons):
            return ""
        if not st.invaders:
            return _("{who} has no target: no invader is on the map.").format(who=who)
        kinds: dict[str, list[str]] = {}
        for w in weapons:
            prof = Q.profile(st, mar.id, w)
            kind = "melee" if prof.melee else "indirect" if prof.abilities.indirect else "sight"
            kinds.setdefault(kind, []).append(words.name(st.content.weapons[w]))
        said = []
        if "sight" in kinds:
            said.append(_("no invader or barrel in sight for the {weapons}").format(weapons=", ".join(kinds["sight"])))
        if "melee" in kinds:
            # not the marine's name again: 'Red marine has no target: none next to Red marine'
            said.append(_("none adjacent for the {weapons}").format(weapons=", ".join(kinds["melee"])))
        if "indirect" in kinds:
            said.append(_("none within {n} squares by a way open to it (no wall, no closed door) for the {weapons}").format(
                n=st.content.number("indirect_max_range"), weapons=", ".join(kinds["indirect"])))
        return _("{who} has no target: {why}.").format(who=who, why=_("; ").join(said))

    def _spawn_fits(self, card: str, half: int) -> bool:
        """Whether a figure of the card's half has a spawn square (rules/queries.placements, the
        squares the placement offers): a Demon with every explored square in a marine's sight is
        lost, and the invader's card with it (seen in Hungarian: 'elvész' in the log, after a
        button that did not say so)."""
        from game.doom.rules import queries as Q

        key = (self.state_version, card, half)  # asked each frame the buttons are laid out
        if self._fits_memo[0] != key:
            self._fits_memo = (key, any(Q.placements(self.state, g.monster)
                                        for g in self.content.invader_card(card).halves[half]))
        return self._fits_memo[1]

    def prompt_choices(self) -> tuple[str | None, list[tuple[str, object, bool]]]:
        ch = self.choices
        buttons: list[tuple[str, object, bool]] = []
        if self.walk_to is not None and len(ch.squares.get(self.walk_to, ())) > 1:
            for a in ch.squares[self.walk_to]:
                colour = a.payload.get("drop", "")
                buttons.append((_("Drop the {die} die").format(die=_(words.DICE.get(colour, colour))), a, True))
            buttons.append((_("Cancel"), "cancel", False))
            return _("Walk the attack on to {what}: which die does it drop?").format(
                what=self._target_words(self.walk_to)), buttons
        if self.target is not None:
            for a in ch.targets.get(self.target, []):
                weapon = self.content.weapons.get(a.payload.get("weapon", ""))
                dice = words.dice(weapon.dice) if weapon else ""
                buttons.append(((words.name(weapon) if weapon else a.text) + (f" ({dice})" if dice else ""), a, True))
            buttons.append((_("Cancel"), "cancel", False))
            if self.choices.question and not any(a.payload.get("weapon") for a in ch.targets.get(self.target, [])):
                return self.choices.question, buttons  # a Sentry's demon: no weapon to choose, "Attack Red"
            if self.choices.question:  # an interrupt's shot
                return _("Interrupt: attack {what} with which weapon?").format(
                    what=self._target_words(self.target)), buttons
            return _("Attack {what}: with which weapon?").format(
                what=self._target_words(self.target)), buttons
        if self.aiming is not None:
            weapon = self.content.weapons[self.aiming]
            return _("Click a lit square to fire the {weapon} there (its blast reaches the figures around).").format(
                weapon=words.name(weapon, capital=False)), [(_("Cancel"), "cancel", False)]
        if self.selected_card is not None:
            name, _text = words.card_face(self.content, self.selected_card)
            for a in ch.cards.get(self.selected_card, []):
                label = self._card_choice(a, name)
                if a.kind == "spawn" and not self._spawn_fits(self.selected_card, a.payload["half"]):
                    label = _("{choice}: no room out of sight, lost").format(choice=label)
                buttons.append((label, a, True))  # the card's name is in the prompt already
            buttons.append((_("Cancel"), "cancel", False))
            return _("{card}: how will you play it?").format(card=name), buttons
        for weapon in ch.blasts:
            buttons.append((_("Aim the {weapon} at a square\u2026").format(weapon=words.name(self.content.weapons[weapon], capital=False)),
                            f"aim:{weapon}", False))
        for a in ch.buttons:
            primary = a.kind in ("end_turn", "end_activation", "end_invader_turn", "pass", "no_spawn", "end_interlude")
            buttons.append((words.button(self.content, a, self.state), a, primary))
        let_pass = self.let_pass_button()
        if let_pass is not None:
            buttons.append(let_pass)
        return None, buttons

    @staticmethod
    def _card_choice(action: Action, name: str) -> str:
        """A card's button under the prompt that names the card: what this way of playing it
        does ('Destroy door D3'), not 'Play Smash: destroy door D3' once per door (the rules
        keep the choice apart in the label's `choice`); a spawn half without its card's name."""
        choice = getattr(action.label, "params", {}).get("choice")
        if choice is not None:
            return first_capital(as_text(choice))
        text = action.text
        return text[: -len(f" ({name})")] if text.endswith(f" ({name})") else text

    # ------------------------------------------------------------------ Guard without grinding
    def let_pass_span(self) -> tuple[int, str]:
        """The invader's turn (or the marine turn with its interludes) "let them all pass" lasts
        (issue 13: one clear prompt, and "don't ask again this turn")."""
        return self.state.round, "marine" if self.state.phase == "marine" else "invader"

    def let_pass(self, actions: list[Action]) -> Action | None:
        """Letting the invader pass, when the question now is a marine's Guard interrupt (spec
        6.9): the marine keeps the Guard order. And the invader playing no card, when the
        question now is one of the reactions of the marines' turns (Ambush, Trap, Dark Energies,
        Dodge, Dud), asked whatever the hand holds: playing none till the invader's turn."""
        st = self.state
        if self._asks_invader_card():
            if st.phase != "marine":
                return None
            return next((a for a in actions if self._card_declined(a)), None)
        if st.proc is None or st.proc["pending"]["kind"] != "guard":
            return None
        return next((a for a in actions if a.kind == "guard" and not a.payload.get("use")), None)

    def let_pass_words(self) -> tuple[str, str]:
        if self.session.decider == INVADER:
            return (_("Play no card till the invader's turn"),
                    _("{who} plays no card for the rest of the marines' turns this round."))
        return _("Let them all pass this turn"), _("{who} lets every invader pass for the rest of this turn (Guard kept).")

    def handoff_answers(self) -> list[tuple[str, Any]]:
        """At a reaction question of the marines' turns the hand-off card offers the invader
        Pass, and playing no card till its turn, from the card: the question is asked whatever
        the hand holds (rules revision 1, state.asks_reaction), and these buttons are on the
        card whatever it holds, so the marines learn nothing from them; an invader who knows
        its hand holds nothing to play answers in one click without taking the desk (it took
        two: the card, then Pass on its own screen; three at an attack asking Dodge and Dud)."""
        if self.handoff != INVADER or not self._asks_invader_card():
            return []
        decline = next((a for a in self.session.legal_actions() if self._card_declined(a)), None)
        if decline is None:
            return []
        answers: list[tuple[str, Any]] = [(_("Pass"), decline)]
        if self._passable is not None:
            answers.append((self.let_pass_words()[0], "let_pass"))
        return answers

    def _target_words(self, cell) -> str:
        fig = self.state.figure_cells().get(cell)
        if fig is not None:
            return words.figure(self.state, fig)
        return as_text(names.target(self.state, cell))  # "the barrel in the Crew lounge", as the log says

    def title_command(self, what: str):
        if what == "fit":
            self._frame(force=True)
        elif what.startswith("aim:") and what[4:] in self.choices.blasts:
            self.aiming, self.target, self.selected_card = what[4:], None, None
        elif what == "cancel":
            self.target, self.selected_card, self.aiming, self.walk_to = None, None, None, None
        self.dirty = True
        return None

    def cancel(self) -> bool:
        if self.target is not None or self.selected_card is not None or self.aiming is not None \
                or self.walk_to is not None:
            self.target, self.selected_card, self.aiming, self.walk_to = None, None, None, None
            return True
        return False

    def shortcuts(self) -> list[tuple[str, str]]:
        """The table's keys with Doom's clicks first and Home before Esc."""
        *keys, esc = super().shortcuts()
        clicks = [(_("Left click"), _("A lit square, door, target, invader, card or button")),
                  (_("Right drag, wheel"), _("Pan and zoom the map"))]
        return clicks + keys + [("Home", _("Frame the map again")), esc]

    def title_key(self, key: int) -> None:
        if key in (pygame.K_HOME, pygame.K_0):
            self._frame(force=True)
            self.dirty = True

    # ------------------------------------------------------------------ events
    @property
    def busy(self) -> bool:
        """The kit's moves and dice, and a figure still coming onto the map."""
        return super().busy or bool(self.spawns)

    def update(self, dt_ms: int) -> None:
        """The kit's clock; a spawn plays once the moves before it have ended and the dice
        have landed (a figure revealed by a step appears when the marine gets there)."""
        self.begin_tick()
        rolling = self.dice is not None and not self.dice.done
        if self.spawns and not self.anims and not rolling:
            fx = self.spawns[0]
            fx.t += round(min(dt_ms, 100) / self.pace())
            if fx.t >= SPAWN_MS:
                self.spawns.pop(0)
            self.dirty = True
        super().update(dt_ms)

    def skip_animation(self) -> None:
        self.spawns.clear()
        super().skip_animation()

    def undo(self) -> None:
        self.spawns.clear()
        self.step_note = None
        super().undo()

    def animate_event(self, e: Event, positions: dict[str, tuple[float, float]]) -> None:
        pl = e.payload or {}
        if e.kind == "placed" and pl.get("figure") and pl.get("cells"):
            cells = [tuple(c) for c in pl["cells"]]
            # Only what is on the viewer's table (the rules place on explored squares only; the
            # check keeps an effect from ever showing the marines a square they have not seen).
            if set(cells) <= self._seen_cells():
                self.spawns.append(SpawnFx(str(pl["figure"]), cells))
            return
        if e.kind == "roll" and pl.get("faces"):
            faces = [(str(d), str(f)) for d, f in pl["faces"]]
            shown = []
            for i, (die, face) in enumerate(faces):
                tumble = tuple(die_face(die, f.name) for f in self.content.dice[die].faces)
                shown.append(ShownDie(die_face(die, face), tumble, i * 2, i))
            roller = (getattr(e.message, "params", None) or {}).get("figure")
            if roller is not None:  # a reroll names nobody: the attack's roller rolls again
                self._roller_is_marine = getattr(roller, "key", None) in self.state.marines
            title, summary = _roll_words(e.message, self.content, faces, self._roller_is_marine)
            self.dice = DiceRoll(title, shown, summary)
        elif e.kind == "step" and pl.get("figure") and pl.get("cells"):
            key = str(pl["figure"])
            end = self._centre([tuple(c) for c in pl["cells"]])
            start = positions.get(key)
            if start is not None:
                self._queue(key, start, end)
            positions[key] = end

    @staticmethod
    def _centre_cell(cells):
        return min(cells)

    def _centre(self, cells) -> tuple[float, float]:
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        return ((min(xs) + max(xs) + 1) * self.tw / 2, (min(ys) + max(ys) + 1) * self.th / 2)

    def _positions(self) -> dict[str, tuple[float, float]]:
        st = self.state
        out = {m.id: self._centre([m.cell]) for m in st.marines.values() if m.cell is not None}
        for inv in st.invaders.values():
            if inv.cells:
                out[inv.id] = self._centre(inv.cells)
        return out

    # ------------------------------------------------------------------ geometry
    def cell_at_screen(self, pos) -> tuple[int, int] | None:
        mx, my = self.camera.to_map(*pos)
        c = (int(mx // self.tw), int(my // self.th))
        return c if c in self.dmap.floor else None

    def screen_of_cell(self, cell) -> tuple[int, int]:
        x, y = self.camera.to_screen((cell[0] + 0.5) * self.tw, (cell[1] + 0.5) * self.th)
        return round(x), round(y)

    def _door_mid(self, name: str) -> tuple[float, float]:
        pts = self.door_objects[name].points
        return (float(pts[0][0]) + float(pts[-1][0])) / 2, (float(pts[0][1]) + float(pts[-1][1])) / 2

    def screen_of_door(self, name: str) -> tuple[int, int]:
        x, y = self.camera.to_screen(*self._door_mid(name))
        return round(x), round(y)

    def door_at_screen(self, pos) -> str | None:
        """A door whose middle (a grid corner: doors span two edges) is within a third of a
        square of the click; square centres are further (0.7), so the door wins there."""
        mx, my = self.camera.to_map(*pos)
        best, best_d = None, self.tw * 0.34
        for name in self.dmap.doors:
            if name in self.state.destroyed or name not in self.door_objects:
                continue
            dx, dy = self._door_mid(name)
            d = ((dx - mx) ** 2 + (dy - my) ** 2) ** 0.5
            if d < best_d:
                best, best_d = name, d
        return best

    def _seen_cells(self) -> set[tuple[int, int]]:
        """The squares on the table for the viewer: every revealed area's (the invader: all)."""
        if self.invader_view():
            return set(self.dmap.floor)
        return {c for a in self.state.revealed for c in self.dmap.areas.get(a, ())}

    # ------------------------------------------------------------------ input
    def hover(self, pos: tuple[int, int]) -> None:
        """Redrawn when the pointer reaches another square (draw() reads which one)."""
        under = self.cell_at_screen(pos) if self.view_rect.collidepoint(pos) else None
        self.dirty = self.dirty or under != self.hover_cell

    def click_card(self, card: str):
        why = self._not_yours()
        if why:
            self.say(why)
            return None
        acts = self.choices.cards.get(card)
        if not acts:
            name, _text = words.card_face(self.content, card)
            self.say(_("{card} cannot be played now.").format(card=name) + " " + self.hint())
            return None
        if len(acts) == 1 and acts[0].kind == "discard":
            self.submit(acts[0])
            return None
        self.selected_card = None if self.selected_card == card else card
        self.target = None
        self._chose()
        return None

    def _chose(self) -> None:
        """A click that chose the first half of an action (a card, a target, a square whose die
        is asked): the refusal of an earlier click goes (it stayed over the new question: 'The
        invader plays at most one spawn card now' above 'Zombie Pack: how will you play it?')."""
        if not self.message_ok:
            self.message = ""
        self.dirty = True

    def click_view(self, pos):
        why = self._not_yours()
        if why:
            self.say(why)
            return None
        ch = self.choices
        door = self.door_at_screen(pos)
        cell = self.cell_at_screen(pos)
        if self.aiming is not None:
            shots = ch.blasts.get(self.aiming, {})
            if cell in shots:
                self.submit(shots[cell])
            elif cell in ch.targets and any(a.payload.get("weapon") == self.aiming for a in ch.targets[cell]):
                self.submit(next(a for a in ch.targets[cell] if a.payload.get("weapon") == self.aiming))
            else:
                self.say(C.why_not(self.state, self.session.decider, cell or (0, 0), weapon=self.aiming))
            return None
        if door is not None:
            if door in ch.doors:
                self.submit(ch.doors[door])
            else:
                self.say(C.why_not(self.state, self.session.decider, cell or (0, 0), door))
            return None
        if cell is not None and cell in ch.targets:
            acts = ch.targets[cell]
            if cell == self.target and len(acts) == 1:
                self.submit(acts[0])  # the second click on the chosen target fires
            else:  # the preview and the weapon buttons first
                self.target, self.selected_card, self.aiming = cell, None, None
                self._chose()
            return None
        if cell is not None and cell in ch.squares:
            acts = ch.squares[cell]
            if len(acts) > 1 and acts[0].kind == "blow_through":  # which die it drops: the prompt's buttons
                self.walk_to, self.target, self.selected_card, self.aiming = cell, None, None, None
                self._chose()
                return None
            self.submit(acts[0])
            return None
        fig = self.state.figure_cells().get(cell) if cell is not None else None
        if fig is not None and fig in ch.figures:
            self.submit(ch.figures[fig])
            return None
        if cell is None:
            self.say(_("That is off the map.") + " " + self.hint())
            return None
        if cell is not None and cell not in self._seen_cells():
            self.say(_("That area has not been explored yet: it is not on the table.") + " " + self.hint())
            return None
        self.say(C.why_not(self.state, self.session.decider, cell))
        return None

    # ------------------------------------------------------------------ layout
    HAND_LEAST = 140  # px (UI units): the hand strip's least height (_layout)

    def _layout(self, size: tuple[int, int]) -> None:
        """The kit's usual rects; a low hand strip (the invader's cards), the map framed again.
        The strip is at least HAND_LEAST high: at 1280x720 a 120 px strip made 68 px cards whose
        Hungarian and Greek spawn names took four lines and left two for 'Idézés: 1 pokollovag
        vagy 1 démon + 1…'; at 140 the cards are 81 px wide and the rules text of every spawn
        card shows whole (tests/ui/test_card_names.py)."""
        if size != self._size:
            px = self.ctx.px
            self._size = size
            side = min(px(430), max(px(310), int(size[0] * 0.22)), size[0] // 3) if self.side_open else px(30)
            self.set_rects(size, px(48), side, max(px(self.HAND_LEAST), min(px(190), int(size[1] * 0.17))))
            self.camera.view = tuple(self.view_rect)  # type: ignore[assignment]
            self._frame(force=True)

    def on_settings_changed(self) -> None:
        self.renderer.set_palette(self.ctx.palette)
        size, self._size = self._size, (0, 0)
        self._layout(size)
        self.dirty = True

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        # The square under the pointer now (the camera may have moved since it last moved).
        inside = self.mouse is not None and self.view_rect.collidepoint(self.mouse)
        self.hover_cell = self.cell_at_screen(self.mouse) if inside else None
        # A frame where only the clock moved figures, dice or a portal: what moved drawn again.
        if type(self).draw is DoomTable.draw and self.draw_moving(surface, self._draw_map_layer):
            return
        surface.fill(self.table_colour())
        self.draw_table(surface, self._draw_map, self._draw_over_panels)

    def _draw_over_panels(self, surface) -> None:
        if self.target is not None and self._not_yours() is None:
            self._draw_preview(surface)
        self._draw_step_note(surface)
        self._draw_figure_card(surface)

    def _draw_preview(self, surface) -> None:
        """Each weapon's exact odds against the chosen target (preview.py), in the corner of
        the view farthest from the target."""
        from game.ui.doom.preview import weapon_odds
        from game.ui.kit.dice_tray import distribution_bars

        attacker = self._attacker()
        odds = weapon_odds(self.state, attacker, self.choices.targets.get(self.target, [])) if attacker else []
        if not odds:
            return
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        c = self.content
        barrel = odds[0].explode is not None  # what a player wants of a barrel: will it go off, and then?
        rows = [0 if barrel else max(1, len(o.wounds)) for o in odds]
        block = [px(22) if barrel else px(40) + n * px(18) for n in rows]
        lines = []
        for o in odds:
            # A marine's weapon, or an invader's own attack (its action names no weapon: the
            # monster's dice, as rules/queries.profile reads them).
            weapon = c.weapons[o.weapon] if o.weapon in c.weapons else c.monsters[self.state.invaders[attacker].monster]
            if barrel:
                line = _("{weapon} ({dice}), distance {d}: {p:.0f}% to set it off").format(
                    weapon=words.name(weapon), dice=words.dice(weapon.dice), d=o.distance, p=float(o.explode) * 100)
            else:
                line = _("{weapon} ({dice}), distance {d}: {hit:.0f}% to hit").format(
                    weapon=words.name(weapon), dice=words.dice(weapon.dice), d=o.distance, hit=float(o.hit) * 100)
            if o.left:
                line += ", " + _("{kill:.0f}% to kill").format(kill=float(o.kill) * 100)
            lines.append(line)
        blast = self._barrel_lines() if barrel else []
        lfont, bfont = ctx.font(13, bold=True), ctx.font(13)
        widest = max([lfont.size(t)[0] for t in lines] + [bfont.size(t)[0] for t, _hot in blast])
        tx, ty = self.screen_of_cell(self.target)
        v = self.view_rect.inflate(-px(24), -px(24))
        # The target and the attacker stay in sight: the panel takes the corner farthest from the
        # target, and when every corner would cover them (at 1280x720 in Greek or Hungarian the
        # lines made the panel over half the view wide: the target under it, the figure card
        # shown over the odds), the panel takes the width beside them, its lines wrapped.
        keep = self._cell_rect(self.target)
        mine = [c for c, f in self.state.figure_cells().items() if f == attacker]
        if mine:  # and the attacker, where the target line starts
            keep = keep.union(self._cell_rect(self._centre_cell(mine)))
        keep = keep.inflate(px(12), px(12))
        # Then the other figures: the corner stands unless it covers one (at 125% in 1280x720 it
        # hid the green marine), when the first place of the kit's `clear_place.places` that
        # covers none (else the fewest, the marines and the figure acting first) takes the panel.
        figures = self._figure_rects()
        natural = min(self.view_rect.width - px(24), max(px(380), widest + px(40)))
        beside = max(keep.left - v.left, v.right - keep.right) - px(4)
        best = None  # (what it covers, rect, its lines wrapped, the barrel's lines)
        for w in (natural, min(natural, beside)) if beside >= px(300) else (natural,):
            wrapped = [widgets.wrap(t, lfont, w - px(28)) for t in lines]
            shown_blast = [(part, hot) for t, hot in blast for part in widgets.wrap(t, bfont, w - px(28))]
            lstep = lfont.get_linesize()
            h = px(40) + sum(block) + sum(len(x) - 1 for x in wrapped) * lstep + \
                (px(8) + len(shown_blast) * bfont.get_linesize() if shown_blast else 0)
            corners = [pygame.Rect(0, 0, w, h) for _ in range(4)]
            corners[0].topleft, corners[1].topright, corners[2].bottomleft, corners[3].bottomright = \
                v.topleft, v.topright, v.bottomleft, v.bottomright
            clear = [r for r in corners if not r.colliderect(keep)]
            rect = max(clear or corners, key=lambda r: (r.centerx - tx) ** 2 + (r.centery - ty) ** 2)  # far from the target
            if clear:
                spots = [q for q in clear_place.places(self.view_rect, w, h, px(12), rect) if not q.colliderect(keep)]
                rect, covers = clear_place.least_covering(
                    spots, [f for f, _k in figures], lambda q: (sum(k for f, k in figures if q.colliderect(f)),))
                covers = (0,) + covers  # clear of the target and the attacker
            else:
                covers = (1,)
            if best is None or covers < best[0] or covers[0] == best[0][0] == 1:  # none clear: the narrower
                best = (covers, rect, wrapped, shown_blast)
            if covers[:2] == (0, 0):
                break
        _covers, rect, wrapped, shown_blast = best
        w = rect.width
        self._preview_at = (self.target, self.state_version, rect.copy())  # the figure card keeps off it
        widgets.panel(surface, ctx, rect, alpha=240)
        x, y = rect.left + px(14), rect.top + px(10)
        title = self._target_words(self.target)
        title = first_capital(title)  # "the barrel in the Crew lounge" heads the panel
        first = odds[0]
        if first.left:
            title += "  \u2022  " + _("health {n}").format(n=first.left)
        y = widgets.text(surface, title, ctx.font(15, bold=True), pal.text, (x, y)).bottom + px(4)
        for o, n, parts in zip(odds, rows, wrapped):
            for part in parts:
                y = widgets.text(surface, widgets.elide(part, lfont, w - px(28)), lfont, pal.accent, (x, y)).bottom
            y += px(2)
            if barrel:
                continue
            bars = pygame.Rect(x, y, w - px(28), n * px(18))
            distribution_bars(surface, ctx, bars, o.wounds, lambda k: _("{n} wounds").format(n=k) if k != 1 else _("1 wound"),
                              lambda k: _("{n}+ wounds").format(n=k))
            y = bars.bottom + px(12)
        y += px(6)
        for text, deadly in shown_blast:
            y = widgets.text(surface, widgets.elide(text, bfont, w - px(28)), bfont, pal.danger if deadly else pal.text,
                             (x, y)).bottom

    def _barrel_lines(self) -> list[tuple[str, bool]]:
        """What the chosen barrel's explosion does (rules/effects.barrel_chain, read as the rules
        resolve it): how far it reaches, the barrels going off with it, each figure's wounds
        (True: enough to kill it)."""
        from game.ui.doom.preview import barrel_blast

        got = barrel_blast(self.state, self.target)
        if got is None:
            return []
        more = got.barrels - 1
        out = [(_("If it goes off: 1 wound to each figure next to it.") if not more else
                ngettext("If it goes off, {n} more barrel goes off with it: 1 wound to each figure next to one.",
                         "If it goes off, {n} more barrels go off with it: 1 wound to each figure next to one.",
                         more).format(n=more), False)]
        for fig, n, left in got.hurt:
            who = words.figure(self.state, fig)
            if n >= left:
                out.append((ngettext("{figure}: {n} wound, enough to kill", "{figure}: {n} wounds, enough to kill",
                                     n).format(figure=who, n=n), True))
            else:
                out.append((ngettext("{figure}: {n} wound", "{figure}: {n} wounds", n).format(figure=who, n=n), False))
        if not got.hurt:
            out.append((_("Nobody stands next to it."), False))
        return out

    def _attacker(self) -> str | None:
        """Who makes the attacks on offer: the marine whose turn it is, or the acting invader."""
        st = self.state
        if st.proc is not None:  # an interrupt: Guard (its marine decides) or Sentry (about its demon)
            pend = st.proc["pending"]
            if pend["kind"] == "guard":
                return pend["decider"]
            if pend["kind"] == "sentry":
                return (pend.get("about") or {}).get("figure")
            return None
        if st.act is not None:
            return st.act["fig"]
        if st.phase == "marine":
            return st.seats[st.seat]
        return None

    def _draw_map_layer(self, surface):
        """The floor and walls (the shared renderer's buffer), what the viewer may not see
        veiled, then the doors and markers as the rules have them, the lit choices (one layer)."""
        self._frame()  # framed again when the viewer changed (a handoff card clicked away)
        seen = self._seen_cells()
        cam = self.camera
        # Everything under the figures is one layer (kit/layers.py), drawn again only when one
        # of these changes (issue 19: the fog alone was a see-through sheet the size of the view).
        # The choices light squares only for the seat deciding (_draw_highlights).
        mine = self._not_yours() is None
        key = (self.renderer, self.ctx.settings, cam.x, cam.y, cam.zoom, tuple(self.view_rect), self._floor_key(),
               self._lit_part()[0], mine, self.session.is_over(), self._lit_hover()[0], self.aiming,
               self.invader_view())
        self.map_layer.draw(surface, self.view_rect, key, lambda target: self._draw_floor(target, seen))
        return seen

    def _floor_key(self) -> tuple:
        """What of the state the map layer shows (the areas revealed, the doors, the markers and
        which of them a figure stands on): most actions change none of it (a move, a roll), so
        the layer is not painted again for them."""
        st = self.state
        taken = st.figure_cells()
        return (tuple(st.revealed), tuple(st.closed), tuple(st.destroyed),
                tuple((m.kind, m.variant, tuple(m.cell), m.cell in taken) for m in st.markers), len(st.seats))

    def _draw_map(self, surface) -> None:
        """The map layer (floor, fog, doors, markers, lit squares), then the figures and what
        lies over them as the kit's sprites."""
        self._draw_map_layer(surface)
        self.show_sprites(surface, self.sprites())

    def sprites(self) -> list[Sprite]:
        seen = self._seen_cells()
        out = self._item_label_sprites(seen) + self._figure_sprites(seen)
        out += self._door_tag_sprites(seen)  # over the figures and the lit squares' outlines
        mine = self._not_yours() is None
        ch = self.choices
        marks = mine and not self.session.is_over() and bool(ch.targets or ch.doors or ch.figures)
        guides = self.target is None and mine and self.handoff is None
        if marks or self.target is not None or guides:
            # The lit targets over the tokens, the target line, the hover guides: the first two
            # follow the choices (the frame's key), the guides the pointer (a local part); drawn
            # again, clipped, wherever a figure under them moved.
            # What the marks read: the targets, doors and invaders to activate (each outlined
            # round its footprint, where it stands now).
            figures = tuple((f, tuple(self.state.invaders[f].cells)) for f in ch.figures if f in self.state.invaders)
            lit = (tuple(ch.targets), tuple(ch.doors), figures) if marks else None
            out.append(Sprite("over", (self.target, mine, lit), pygame.Rect(self.view_rect),
                              partial(self._paint_over, seen)))
        return out

    def _paint_over(self, seen, surface) -> None:
        self._draw_marks_over(surface)
        if self.target is not None:
            self._draw_target_line(surface)
        else:
            shapes.paint(surface, self._hover_guide(seen))

    # A click sets only what the frame's keys hold (the target, the card or Blast chosen, the
    # camera, the message, the handoff): the frame after it is drawn in part when they allow.
    CLICKS_IN_PART = True

    def frame_key(self) -> tuple:
        """The camera, the target, the Blast aimed, whose view. What the choices light is a part
        on the map layer (`_lit_part`) and the marks over the figures a sprite; the bot step's
        caption is a part, the figures coming in are sprites."""
        cam = self.camera
        return cam.x, cam.y, cam.zoom, self.target, self.aiming, self.invader_view()

    def _lit_part(self) -> tuple[tuple, list[pygame.Rect]]:
        """The squares the person deciding may click, lit on the map layer (_draw_highlights):
        each with its kind and footprint, and the Blast squares of the weapon aimed, with the
        squares' rects: an action changes them there only."""
        if self._not_yours() is not None or self.session.is_over():
            return (), []
        ch = self.choices
        squares = tuple((cell, acts[0].kind, tuple(ch.footprints.get(cell, [cell]))) for cell, acts in ch.squares.items())
        blasts = tuple(ch.blasts.get(self.aiming or "", {}))
        cells = {c for _cell, _kind, foot in squares for c in foot} | {cell for cell, _k, _f in squares} | set(blasts)
        return (squares, blasts), [self._cell_rect(c) for c in sorted(cells)]

    def view_key(self) -> tuple:
        """What of the state the map layer shows beside the frame's key (the choices, whose view)
        and the parts: the areas revealed, the doors, the markers (`_floor_key`). A move, a roll, a
        card or a log line changes none of it: the frame after such an action draws the figures,
        parts and strips that changed. Read once per change of the game (every frame asks it)."""
        if self._floor_memo[0] != self.state_version:
            self._floor_memo = (self.state_version, self._floor_key())
        return self._floor_memo[1]

    def hand_key(self) -> tuple:
        """What the hand strip shows, as the viewer sees it: the invader's cards face up only in
        the invader's view (the marines': how many), the deck's size, which cards are playable
        or chosen (the person deciding's), whose view."""
        st, ch = self.state, self.choices
        faces = self.invader_view() and self.handoff is None
        mine = self._not_yours() is None and self.session.decider == INVADER
        deck = getattr(st.deck, "draw_pile", None)
        return (self.viewer, self.handoff is not None, faces, tuple(st.hand) if faces else len(st.hand),
                None if deck is None else len(deck), tuple(ch.cards) if mine else None,
                self.selected_card if mine else None, tuple(self.hand_rect))

    def side_key(self) -> tuple:
        """What the side panel shows (`_side_marines`, `_side_invader`, the bots' reasons, the
        log), not the state's version: an action that changes none of it (an invader's move the
        marines do not see, a declined card) does not paint it again."""
        memo = self._side_memo
        at = (self.state_version, self.invader_view())
        if memo[0] != at:
            self._side_memo = memo = (at, self._side_shown())
        ai = (self.ai.card, self.ai.name, self.ai.text, tuple(self.ai.lines), self.ai.placeholder)
        return (memo[1], ai, len(self._log), self.log_scroll, self.viewer, self.handoff is not None,
                self.side_open, self.side_tab, tuple(self.seats), tuple(self.side_rect))

    def _side_shown(self) -> tuple:
        """side_key's part read from the game, once per change and view (the marines' numbers,
        the turn, the frags, the invaders the viewer sees, the hand's size, the keys)."""
        st = self.state
        marines = tuple((mid, m.health, m.max_health, m.armour, m.dead, m.cell is None, m.order,
                         tuple(sorted(m.ammo.items())), tuple(m.weapons), m.adrenaline, m.berserk, tuple(m.cards),
                         self.is_bot(mid)) for mid, m in ((mid, st.marines[mid]) for mid in st.seats))
        turn = st.turn if st.phase == "marine" else None
        now = (st.phase, st.seat, turn and (turn.get("action"), turn.get("mp"), turn.get("attacks")))
        seen = self._seen_cells()
        shown = sum(1 for i in st.invaders.values() if set(i.cells) & seen)
        return marines, now, (st.frags, shown, len(st.hand), tuple(st.keys))

    def local_parts(self) -> dict:
        """What the square under the pointer shows: its outline on the map layer, the path to it
        or the sight line stopped short of it (`_hover_guide`), a figure's card beside the
        pointer. A move onto another square draws the old and new rectangles of these only."""
        lit, lit_rects = self._lit_hover()
        guide = self._hover_guide(self._seen_cells())
        card = self._figure_card()
        shown = card and (tuple(card[0]),) + card[1:]
        note = self._step_note_place()
        return {"hover": ((lit, guide, shown), lit_rects + shapes.bound(guide) + ([card[0]] if card else [])),
                "lit": self._lit_part(),
                "step_note": ((tuple(note[0]),) + note[1:] if note else None, [note[0]] if note else [])}

    def over_map(self) -> bool:
        return self.target is not None  # the odds panel: drawn whole

    def _draw_floor(self, surface, seen) -> None:
        surface.fill(self.ctx.palette.table, self.view_rect)
        x, y = self.camera.to_screen(0, 0)
        surface.blit(self.renderer.buffer_at(self.camera), (round(x), round(y)))
        self._draw_fog(surface)
        self._draw_doors(surface, seen)
        self._draw_markers(surface, seen)
        self._draw_highlights(surface)

    def _draw_target_line(self, surface) -> None:
        """From the attacker to the target square the weapon is being chosen for."""
        attacker = self._attacker()
        cells = self.state.figure_cells()
        mine = [c for c, f in cells.items() if f == attacker]
        if not mine:
            return
        a, b = self.screen_of_cell(self._centre_cell(mine)), self.screen_of_cell(self.target)
        pygame.draw.line(surface, (0, 0, 0), a, b, 6)
        pygame.draw.line(surface, self.ctx.palette.los_visible, a, b, 3)
        for p in (a, b):
            pygame.draw.circle(surface, self.ctx.palette.los_visible, p, 5)

    def _mover(self) -> tuple[str, int] | None:
        """The figure whose move squares are lit and the MP it has left (None: no move now)."""
        st = self.state
        if st.proc is not None:
            return None
        if st.act is not None:
            return st.act["fig"], int(st.act.get("mp", 0))
        if st.phase == "marine" and st.turn and st.turn.get("action"):
            return st.seats[st.seat], int(st.turn.get("mp", 0))
        return None

    def _move_path(self, cell) -> list[tuple[tuple[int, int], ...]]:
        """The footprints a move to the lit square `cell` passes, first step first: the path
        the rules will walk (queries.reachable, as turn.apply uses it)."""
        from game.doom.rules import queries as Q

        mover = self._mover()
        if mover is None:
            return []
        key = (len(self.session.actions), mover)
        if self._paths[0] != key:
            self._paths = (key, Q.reachable(self.state, mover[0], mover[1]))
        end = tuple(tuple(c) for c in self.choices.footprints.get(cell, [cell]))
        return self._paths[1].get(end, [])

    def _hover_guide(self, seen) -> tuple:
        """What the square under the pointer guides to, as shapes (kit/shapes.py: the same plan
        draws it and bounds it): a lit move square the path walked and its MP; an enemy the
        attacker cannot shoot the sight line stopped at what blocks it (queries.sight_line, the
        test the rules make). Made once per square, state and camera."""
        cam = self.camera
        mine = self._not_yours() is None and self.handoff is None and self.target is None
        key = (self.state_version, self.hover_cell, self.choices, mine, cam.x, cam.y, cam.zoom, tuple(self.view_rect),
               self.ctx.settings)
        if self._guide[0] != key:
            self._guide = (key, self._make_guide(seen) if mine and self.hover_cell is not None else ())
        return self._guide[1]

    def _cost_label(self, text: str, font, colour, cell, at, seen):
        """The move's cost beside the square it ends on: above it, else below, right or left,
        the first clear of the other tokens and the doors' plates (above, '3 MP' hid door D3's
        plate and a marine's token in Greek at 1280x720)."""
        px = self.ctx.px
        w, h = font.size(text)
        x, y = at
        places = [((x, y - px(14)), "midbottom"), ((x, y + px(14)), "midtop"),
                  ((x + px(14), y), "midleft"), ((x - px(14), y), "midright")]
        taken = [self._cell_rect(c) for c in self._token_squares() if c in seen and c != cell]
        taken += [r for r in self._door_plates(seen).values() if r is not None]
        for pos, anchor in places:
            rect = pygame.Rect(0, 0, w, h)
            setattr(rect, anchor, pos)
            if self.view_rect.contains(rect) and rect.collidelist(taken) < 0:
                return shapes.label(text, font, colour, pos, anchor)
        return shapes.label(text, font, colour, places[0][0], places[0][1])

    def _make_guide(self, seen) -> tuple:
        from game.doom.rules import queries as Q

        cell, st, ctx, px = self.hover_cell, self.state, self.ctx, self.ctx.px
        acts = self.choices.squares.get(cell)
        if acts and acts[0].kind == "move":
            path = self._move_path(cell)
            mover = self._mover()
            if not path or mover is None:
                return ()
            own = [c for c, f in st.figure_cells().items() if f == mover[0]]
            points = [self.screen_of_cell(self._centre_cell(own))] + [self.screen_of_cell(self._centre_cell(list(p)))
                                                                      for p in path]
            white = (250, 250, 250)
            return (shapes.lines((0, 0, 0), points, 6), shapes.lines(white, points, 2),
                    *(shapes.dot(white, p, px(3)) for p in points[1:]),
                    self._cost_label(_("{n} MP").format(n=len(path)), ctx.font(13, bold=True), white, cell, points[-1], seen))
        attacker = self._attacker()
        fig = st.figure_cells().get(cell)
        if attacker is None or fig is None or cell in self.choices.targets or cell not in seen:
            return ()
        enemy = (fig in st.invaders) != (attacker in st.invaders)
        now = st.act if st.act is not None else st.turn if st.phase == "marine" else None
        if not enemy or st.proc is not None and st.proc["pending"]["kind"] not in ("guard", "sentry") \
                or st.proc is None and not (now and now.get("attacks", 0) > 0):
            return ()
        line = Q.sight_line(st, attacker, cell, fig)
        if line is None or line.visible or line.blocker is None:
            return ()
        own = [c for c, f in st.figure_cells().items() if f == attacker]
        a = self.screen_of_cell(self._centre_cell(own))
        b = self.screen_of_cell(cell)
        (x0, y0), (x1, y1) = line.blocker
        z = self.camera.zoom
        bx0, by0 = self.camera.to_screen(float(x0) * self.tw, float(y0) * self.th)
        bx1, by1 = self.camera.to_screen(float(x1) * self.tw, float(y1) * self.th)
        col = ctx.palette.los_blocked
        mid = (round((bx0 + bx1) / 2), round((by0 + by1) / 2))
        return (shapes.line((0, 0, 0), a, b, 4), shapes.line(col, a, b, 2),
                shapes.line((0, 0, 0), (bx0, by0), (bx1, by1), max(5, round(6 * z))),
                shapes.line(col, (bx0, by0), (bx1, by1), max(3, round(4 * z))),
                shapes.dot(col, mid, px(5)),
                # above the target's square, not over its token (a fixed lift from the square's centre
                # covered the token's upper half on a map drawn large)
                shapes.label(_("no line of sight"), ctx.font(13, bold=True), col,
                             (b[0], b[1] - max(px(18), round(self.th * z / 2) + px(2)))))

    def _figure_card(self) -> tuple | None:
        """The card of the figure under the pointer (DESIGN.md: hover a figure): its rect beside
        the pointer, the figure, its title and lines; None when none shows."""
        cell = self.hover_cell
        if cell is None or self.mouse is None or self.handoff is not None or self.session.is_over() \
                or cell not in self._seen_cells():
            return None
        fig = self.state.figure_cells().get(cell)
        if fig is not None:
            title, lines = figure_card_lines(self.state, self.content, fig)
        else:  # a marker the rules placed: what it is and what it does (a green barrel, a hazard)
            got = marker_card_lines(self.state, self.content, cell)
            if got is None:
                return None
            title, lines = got
        ctx, px = self.ctx, self.ctx.px
        font, small = ctx.font(14, bold=True), ctx.font(12)
        if fig is None:  # a marker's one sentence, on a few lines of a card's width
            lines = [part for line in lines for part in widgets.wrap(line, small, min(px(400), self.view_rect.width - px(60)))]
        # A line wider than the view goes on over more lines: at 125% in 1280x720 the Hungarian
        # and Greek rules of a marine's cards (Officer, Medic) were cut with '…'.
        lines = [part for line in lines for part in widgets.wrap(line, small, self.view_rect.width - px(60))]
        # The panel's frame is drawn inside its rect: the text keeps clear of it on every side.
        pad = px(14)
        # (a few pixels more than the texts measure: the frame's bevel is wider than it looks)
        w = max([font.size(title)[0]] + [small.size(line)[0] for line in lines]) + 2 * pad + px(10)
        h = font.get_height() + px(2) + len(lines) * small.get_height() + 2 * px(10) + px(4)
        rect = pygame.Rect(self.mouse[0] + px(18), self.mouse[1] + px(18), w, h)
        rect.clamp_ip(self.view_rect)
        odds = self._preview_at
        panel = odds[2] if self.target is not None and odds is not None \
            and odds[:2] == (self.target, self.state_version) else None
        mx, my = self.mouse
        figure = self._cell_rect(cell)
        figure = figure.inflate(-figure.width // 2, -figure.height // 2)  # the middle of what is hovered stays in sight

        def clear(r: pygame.Rect, of_figure: bool = True) -> bool:
            return not (of_figure and r.colliderect(figure)) and (panel is None or not r.colliderect(panel))

        if not clear(rect):
            # Pushed back over the hovered figure by the view's edge (a marine on the bottom row),
            # or over the odds panel of the chosen target (at 1280x720 it hid the panel's heading,
            # the target and its health): the card goes to a side of the pointer clear of both, or
            # else of the panel.
            sides = [pygame.Rect(left, top, w, h).clamp(self.view_rect) for left, top in (
                (mx + px(18), my - px(18) - h), (mx - px(18) - w, my + px(18)), (mx - px(18) - w, my - px(18) - h))]
            rect = next((r for r in sides if clear(r)), None) \
                or next((r for r in [rect, *sides] if clear(r, of_figure=False)), rect)
        return rect, fig, title, tuple(lines)

    def _draw_figure_card(self, surface) -> None:
        card = self._figure_card()
        if card is None:
            return
        rect, fig, title, lines = card
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        font, small = ctx.font(14, bold=True), ctx.font(12)
        widgets.panel(surface, ctx, rect, alpha=235)
        y = widgets.text(surface, title, font, words.colour(fig) if fig in self.state.marines else pal.text,
                         (rect.left + px(14), rect.top + px(10))).bottom + px(2)
        for line in lines:
            y = widgets.text(surface, line, small, pal.text_dim, (rect.left + px(14), y)).bottom

    def _cell_rect(self, cell) -> pygame.Rect:
        z = self.camera.zoom
        x, y = self.camera.to_screen(cell[0] * self.tw, cell[1] * self.th)
        return pygame.Rect(round(x), round(y), round(self.tw * z) + 1, round(self.th * z) + 1)

    def _draw_fog(self, surface) -> None:
        """Unrevealed areas: for the marines not on the table at all (the cloth, walls and
        all, but the walls of what is revealed); for the invader, who sees them, dimmed."""
        revealed = set(self.state.revealed)
        if self.invader_view():
            hidden = [c for a, cells in self.dmap.areas.items() if a not in revealed for c in cells]
            if not hidden:
                return
            veil = pygame.Surface(self.view_rect.size, pygame.SRCALPHA)
            for c in hidden:
                veil.fill((*FOG, 110), self._cell_rect(c).move(-self.view_rect.left, -self.view_rect.top))
            surface.blit(veil, self.view_rect.topleft)
            return
        veil = pygame.Surface(self.view_rect.size, pygame.SRCALPHA)
        veil.fill((*self.ctx.palette.table, 255))
        margin = max(2, round(10 * self.camera.zoom * self.tw / 64))  # the wall strokes' half width
        for a in revealed:
            for c in self.dmap.areas.get(a, ()):
                r = self._cell_rect(c).move(-self.view_rect.left, -self.view_rect.top).inflate(2 * margin, 2 * margin)
                veil.fill((0, 0, 0, 0), r)
        surface.blit(veil, self.view_rect.topleft)

    def _doors_shown(self, seen) -> list[str]:
        """The doors on the table for the viewer: not destroyed, beside a square it sees."""
        return [name for name, spec in self.dmap.doors.items()
                if name in self.door_objects and name not in self.state.destroyed and spec.flanks & seen]

    def _draw_doors(self, surface, seen) -> None:
        k = self.camera.zoom * self.tw / 64
        closed = set(self.state.closed)
        for name in self._doors_shown(seen):
            door = self.door_objects[name]
            pts = [self.camera.to_screen(float(p[0]), float(p[1])) for p in door.points]
            self.renderer.draw_door(surface, door, pts, k, closed=name in closed)

    def _door_tag_sprites(self, seen) -> list[Sprite]:
        """Each door's name on a small plate, as the log and the buttons call it ('Destroy door
        D3'), one sprite each, where `_door_plates` puts it: clear of every token; a door crowded
        all round shows its plate only under the pointer (`_hovered_door_tag`), over the figures."""
        plates = [(name, plate) for name, plate in self._door_plates(seen).items() if plate is not None]
        hovered = self._hovered_door_tag()
        if hovered is not None:
            plates.append(hovered)
        return [Sprite(("door", name), (self.dmap.door_name(name), tuple(plate)), plate,
                       partial(self._paint_door_tag, name=name, plate=plate)) for name, plate in plates]

    def _door_tag_font(self):
        """The plates' font, by the art's scale; None below 0.3 (no plates: too small to read)."""
        k = self.camera.zoom * self.tw / 64
        return None if k < 0.3 else self.ctx.font(max(9, min(13, round(18 * k))), bold=True)

    def _paint_door_tag(self, surface, name: str, plate: pygame.Rect) -> None:
        font = self._door_tag_font()
        pygame.draw.rect(surface, (18, 18, 20), plate, border_radius=4)
        pygame.draw.rect(surface, (150, 140, 120), plate, 1, border_radius=4)
        widgets.text(surface, self.dmap.door_name(name), font, (235, 228, 210), plate.center, "center")

    # Where a door's plate may stand, in squares from the door's middle (along the door, across
    # it), nearest first: the middle (a grid corner, touching the four squares beside the door),
    # the edge between the two squares on one side, a square beside the door, a door's end, the
    # wall past it, a square a step further from the door.
    PLATE_SPOTS = ((0, 0), (0, -0.5), (0, 0.5), (-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5),
                   (-1, 0), (1, 0), (-1.5, 0), (1.5, 0), (-0.5, -1.5), (0.5, -1.5), (-0.5, 1.5), (0.5, 1.5))

    def _door_plates(self, seen) -> dict[str, pygame.Rect | None]:
        """Each door shown and its plate's rect on screen: the first of PLATE_SPOTS where the plate
        touches no square a token stands on (a figure, a marker, the invader's faint figures to
        come), no item's name under its marker and no other plate; None when every spot is taken
        (the plate shows under the pointer only). At the door's middle it touched the tokens
        beside the door, and the figures drawn over it hid it."""
        cam = self.camera
        memo = (self.state_version, cam.x, cam.y, cam.zoom, tuple(self.view_rect), self.invader_view(), self.ctx.settings)
        if self._plates_memo[0] != memo:
            self._plates_memo = (memo, self._place_door_plates(seen))
        return self._plates_memo[1]

    def _place_door_plates(self, seen) -> dict[str, pygame.Rect | None]:
        font = self._door_tag_font()
        if font is None:
            return {}
        taken = [c for c in self._token_squares() if c in seen]
        blockers = [self._cell_rect(c).inflate(4, 4) for c in taken]  # a token's ring reaches its square's edge
        blockers += self._item_label_rects(seen)
        out: dict[str, pygame.Rect | None] = {}
        placed: list[pygame.Rect] = []
        for name in self._doors_shown(seen):
            w, h = font.size(self.dmap.door_name(name))
            pts = self.door_objects[name].points
            (ax, ay), (bx, by) = (float(pts[0][0]), float(pts[0][1])), (float(pts[-1][0]), float(pts[-1][1]))
            length = max(1e-9, math.hypot(bx - ax, by - ay))
            ux, uy = (bx - ax) / length, (by - ay) / length  # along the door; (-uy, ux) across it
            mx, my = (ax + bx) / 2, (ay + by) / 2
            out[name] = None
            for along, across in self.PLATE_SPOTS:
                x = mx + (along * ux - across * uy) * self.tw
                y = my + (along * uy + across * ux) * self.th
                plate = pygame.Rect(0, 0, w + 6, h + 2)
                sx, sy = self.camera.to_screen(x, y)
                plate.center = (round(sx), round(sy))
                if plate.collidelist(blockers) < 0 and plate.collidelist(placed) < 0:
                    out[name] = plate
                    placed.append(plate)
                    break
        return out

    def _token_squares(self) -> set[tuple[int, int]]:
        """The squares a token stands on: the figures, the markers, and for the invader the
        scenario's figures and props to come, drawn faint in the areas not revealed."""
        out = set(self.state.figure_cells()) | {tuple(m.cell) for m in self.state.markers}
        if self.invader_view():
            revealed = set(self.state.revealed)
            out |= {tuple(p.cell) for p in self.dmap.props if p.area not in revealed}
            out |= {tuple(c) for f in self.dmap.figures if f.area not in revealed
                    and f.min_marines <= len(self.state.seats) for c in f.cells}
        return out

    def _item_labels(self, seen) -> list[tuple[str, str, pygame.Rect]]:
        """Each item's name under its marker (a weapon, an ammo, an item on the floor): (marker,
        name, rect) from half the map's scale, when no figure stands on it; left out when the name,
        wider than its square, would run under the token of a figure beside it (at 1280x720
        'φυσίγγια/σφαίρες' went under Green's token: 'σίγγια/σφαίρες'). The hover card of the
        marker names it still. A name keeps to its room: it slides along the squares of the
        marker's room on its row, and one longer than they are is cut with an ellipsis ('Rocket
        launcher' by a wall ran over it into the corridor); cut to less than two letters, it is
        left out."""
        if self.camera.zoom < 0.5:
            return []
        taken = self.state.figure_cells()
        font = self._label_font()
        out = []
        for m in self.state.markers:
            if m.kind != "equipment" or m.cell not in seen or m.cell in taken:
                continue
            left, right = self._room_row(m.cell)
            text = widgets.elide(self._item_name(m.variant), font, right - left - 4)
            if len(text.rstrip("\u2026")) < 2:
                continue
            r = self._cell_rect(m.cell)
            w, h = font.size(text)
            label = pygame.Rect(r.centerx - w // 2, r.bottom - 2 - h, w, h).inflate(4, 4)  # its shadow
            label.x = max(left, min(label.x, right - label.width))
            beside = [self._cell_rect(c) for c in ((m.cell[0] + dx, m.cell[1]) for dx in (-3, -2, -1, 1, 2, 3))
                      if c in taken and c in seen]  # a long name ('ρουκέτες/χειροβομβίδες') spans squares
            if label.collidelist(beside) < 0:
                out.append((m.id, text, label))
        return out

    def _room_row(self, cell) -> tuple[int, int]:
        """The screen x-range of the squares of `cell`'s room on its row that reach it without a
        wall or a closed door between (where an item's name may lie)."""
        dmap, closed, y = self.dmap, self.state.closed_set, cell[1]
        area = dmap.area_of.get(cell)
        lo = hi = cell[0]
        while dmap.area_of.get((lo - 1, y)) == area and dmap.adjacent((lo, y), (lo - 1, y), closed):
            lo -= 1
        while dmap.area_of.get((hi + 1, y)) == area and dmap.adjacent((hi, y), (hi + 1, y), closed):
            hi += 1
        return self._cell_rect((lo, y)).left, self._cell_rect((hi, y)).right - 1

    def _item_label_rects(self, seen) -> list[pygame.Rect]:
        return [rect for _id, _text, rect in self._item_labels(seen)]

    def _item_label_sprites(self, seen) -> list[Sprite]:
        """The items' names (`_item_labels`) as sprites under the figures: a figure stepping beside
        an item takes its name away, drawn again there only."""
        return [Sprite(("item", mid), (text, tuple(rect)), rect, partial(self._paint_label, text=text, rect=rect))
                for mid, text, rect in self._item_labels(seen)]

    def _paint_label(self, surface, text: str, rect: pygame.Rect) -> None:
        widgets.text(surface, text, self._label_font(), (240, 232, 200), rect.inflate(-4, -4).midbottom, "midbottom",
                     shadow=True)

    def _hovered_door_tag(self) -> tuple[str, pygame.Rect] | None:
        """A crowded door's plate (no spot clear of the tokens) while the pointer is on the door:
        drawn over the figures, at the door's middle."""
        if self.mouse is None or not self.view_rect.collidepoint(self.mouse) or self.handoff is not None:
            return None
        name = self.door_at_screen(self.mouse)
        font = self._door_tag_font()
        if name is None or font is None:
            return None
        seen = self._seen_cells()
        if name not in self._doors_shown(seen):
            return None
        if self._door_plates(seen).get(name) is not None:
            return None
        w, h = font.size(self.dmap.door_name(name))
        plate = pygame.Rect(0, 0, w + 6, h + 2)
        plate.center = self.screen_of_door(name)
        return name, plate

    def _draw_markers(self, surface, seen) -> None:
        """The markers the rules placed (revealed areas); for the invader also the props the
        scenario will place in areas not revealed yet, faint."""
        k = self.camera.zoom * self.tw / 64
        for m in self.state.markers:
            if m.cell in seen:
                self.renderer.draw_marker(surface, _Mark(m.kind, m.variant), self.camera.to_screen(*self._centre([m.cell])), k)
        if self.invader_view():
            revealed = set(self.state.revealed)
            ghost = pygame.Surface(self.view_rect.size, pygame.SRCALPHA)
            for p in self.dmap.props:
                if p.area in revealed:
                    continue
                at = self.camera.to_screen(*self._centre([p.cell]))
                self.renderer.draw_marker(ghost, _Mark(p.kind, p.variant),
                                          (at[0] - self.view_rect.left, at[1] - self.view_rect.top), k)
            for f in self.dmap.figures:
                if f.area in revealed or f.min_marines > len(self.state.seats):
                    continue
                self._token(ghost, f"tokens/{f.monster}.png", list(f.cells), offset=self.view_rect.topleft)
            ghost.set_alpha(120)
            surface.blit(ghost, self.view_rect.topleft)

    def _item_name(self, variant: str) -> str:
        c = self.content
        for table in (c.weapons, c.ammo, c.items):
            if variant in table:
                return words.name(table[variant])
        return variant

    def _label_font(self):
        return self.ctx.assets.font(max(9, min(14, round(13 * self.camera.zoom))), bold=True)

    def _draw_highlights(self, surface) -> None:
        if self._not_yours() is not None or self.session.is_over():
            return
        ch = self.choices
        glow = pygame.Surface(self.view_rect.size, pygame.SRCALPHA)
        off = (-self.view_rect.left, -self.view_rect.top)
        kinds = {"move": (90, 220, 120), "teleport": (80, 210, 230), "vent": (80, 210, 230),
                 "respawn": (120, 230, 140), "place": (200, 110, 240), "knockback": (240, 170, 60),
                 "blow_through": (240, 170, 60)}
        for cell, acts in ch.squares.items():
            col = kinds.get(acts[0].kind, (90, 220, 120))
            cells = ch.footprints.get(cell, [cell])
            for c in cells:
                r = self._cell_rect(c).move(*off).inflate(-2, -2)
                glow.fill((*col, 70 if c == cell else 40), r)
            r = self._cell_rect(cell).move(*off).inflate(-4, -4)
            pygame.draw.rect(glow, (*col, 200), r, 2, border_radius=3)
        lit = self._lit_hover()[0]
        if lit in ch.footprints:
            for c in ch.footprints[lit]:
                pygame.draw.rect(glow, (255, 255, 255, 200), self._cell_rect(c).move(*off).inflate(-4, -4), 2)
        for cell in ch.blasts.get(self.aiming or "", {}):
            r = self._cell_rect(cell).move(*off).inflate(-3, -3)
            glow.fill((250, 150, 40, 60), r)
            pygame.draw.rect(glow, (250, 150, 40, 220), r, 2, border_radius=4)
        if lit in ch.squares:
            pygame.draw.rect(glow, (255, 255, 255, 220), self._cell_rect(lit).move(*off).inflate(-2, -2), 2)
        surface.blit(glow, self.view_rect.topleft)

    def _lit_hover(self) -> tuple[tuple[int, int] | None, list[pygame.Rect]]:
        """The square under the pointer when the map layer outlines it (a lit square, or a
        footprint a move may take), with the squares' rects; else None and no rect."""
        cell, ch = self.hover_cell, self.choices
        if cell is None or self._not_yours() is not None or self.session.is_over() \
                or cell not in ch.footprints and cell not in ch.squares:
            return None, []
        return cell, [self._cell_rect(c) for c in ch.footprints.get(cell, [])] + [self._cell_rect(cell)]

    def _draw_marks_over(self, surface) -> None:
        """Targets, doors and invaders to activate, over the tokens: a figure's token covers its
        squares (a large figure's the whole 2x2), so an outline drawn beneath it did not show."""
        if self._not_yours() is not None or self.session.is_over():
            return
        ch = self.choices
        if not (ch.targets or ch.doors or ch.figures):
            return
        glow = pygame.Surface(self.view_rect.size, pygame.SRCALPHA)
        off = (-self.view_rect.left, -self.view_rect.top)
        for cell in ch.targets:
            r = self._cell_rect(cell).move(*off).inflate(-3, -3)
            selected = cell == self.target
            pygame.draw.rect(glow, (240, 60, 50, 255 if selected else 210), r, 4 if selected else 3, border_radius=4)
        for name in ch.doors:
            x, y = self.screen_of_door(name)
            pygame.draw.circle(glow, (250, 210, 80, 220), (x + off[0], y + off[1]), max(8, round(self.tw * self.camera.zoom * 0.35)), 3)
        for fig in ch.figures:  # one outline round the whole footprint (a demon's 2, a large figure's 4 squares)
            inv = self.state.invaders.get(fig)
            if inv and inv.cells:
                r = self._cell_rect(inv.cells[0]).unionall([self._cell_rect(c) for c in inv.cells[1:]])
                pygame.draw.rect(glow, (250, 210, 80, 220), r.move(*off).inflate(-3, -3), 3, border_radius=4)
        surface.blit(glow, self.view_rect.topleft)

    def _token(self, surface, rel: str, cells, ring=None, offset=(0, 0), alpha: int = 255) -> pygame.Rect:
        """A figure's token over its footprint (a demon's two squares, a large figure's four);
        `alpha` below 255 fades it (a figure coming onto the map)."""
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        z = self.camera.zoom
        x, y = self.camera.to_screen(min(xs) * self.tw, min(ys) * self.th)
        w = (max(xs) - min(xs) + 1) * self.tw * z
        h = (max(ys) - min(ys) + 1) * self.th * z
        area = pygame.Rect(round(x) - offset[0], round(y) - offset[1], round(w), round(h))
        if len(cells) > 1:  # the footprint itself, so a demon's tail square reads as taken
            plate = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.rect(plate, (60, 20, 20, 170 * alpha // 255), plate.get_rect().inflate(-4, -4),
                             border_radius=max(3, round(10 * z)))
            surface.blit(plate, area)
        size = max(10, round(min(w, h) * 0.9))
        image = self.ctx.assets.image(rel, (size, size))
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        rect = image.get_rect(center=area.center)
        if ring is not None:
            pygame.draw.circle(surface, ring, rect.center, size // 2 + max(2, round(4 * z)), max(2, round(4 * z)))
        surface.blit(image, rect)
        return rect

    def _figure_sprites(self, seen) -> list[Sprite]:
        """Each figure the viewer sees as one of the kit's sprites (its token, rings, order badge,
        wound bar; a figure coming in with its portal): where it stands now, sliding or not."""
        st = self.state
        pos = self._drawn_positions()
        active = self.session.decider
        acting = st.act["fig"] if st.act else None
        z = self.camera.zoom
        out = []
        for mid, m in st.marines.items():
            if m.cell is None:
                continue
            cx, cy = pos.get(mid, self._centre([m.cell]))
            cell = (int(cx // self.tw), int(cy // self.th))
            rel = words.MARINE_TOKENS.get(mid, "tokens/marine_p1.png")
            lead = mid == active or (st.phase == "marine" and st.seats[st.seat] == mid)
            # the order's initial in the reader's words (Hungarian Beavatkozás, Greek Φρουρά: not 'G')
            order = st.content.orders.get(m.order) if m.order else None
            badge = (words.name(order) if order else m.order or "")[:1].upper() if m.order and z >= 0.4 else ""
            look = (rel, cell, words.colour(mid), lead, badge, z)
            out.append(Sprite(("figure", mid), look, self._figure_bound([cell]),
                              partial(self._paint_marine, rel, cell, words.colour(mid), lead, badge)))
        coming = {fx.figure: i for i, fx in enumerate(self.spawns)}
        for fid, inv in st.invaders.items():
            if not inv.cells or not (set(inv.cells) & seen):
                continue
            alpha = 255
            fx = None
            if fid in coming:  # waiting for its turn to appear, or appearing now
                if coming[fid] > 0:
                    continue
                fx = self.spawns[0]
                alpha = round(255 * max(0.0, min(1.0, (fx.progress - 0.25) / 0.5)))
            cells = inv.cells
            if fid in pos and len(cells) == 1:
                cx, cy = pos[fid]
                cells = [(int(cx // self.tw), int(cy // self.th))]
            ring = self.ctx.palette.accent if fid == acting else None
            health = self.content.monsters[inv.monster].health
            bar = (health - inv.wounds, health) if inv.wounds and z >= 0.4 else None
            bound = self._figure_bound(cells)
            if fx is not None:
                bound = bound.union(self._portal_bound(fx))
            look = (inv.monster, tuple(cells), ring, alpha, bar, fx and (fx.t, tuple(fx.cells)), z)
            out.append(Sprite(("figure", fid), look, bound,
                              partial(self._paint_invader, f"tokens/{inv.monster}.png", cells, ring, alpha, bar, fx)))
        return out

    def _paint_marine(self, rel, cell, ring, lead, badge, surface) -> None:
        rect = self._token(surface, rel, [cell], ring=ring)
        if lead:
            pygame.draw.circle(surface, self.ctx.palette.accent, rect.center, rect.width // 2 + max(5, round(9 * self.camera.zoom)), 2)
        if badge:
            self._badge(surface, rect, badge, (230, 200, 90))

    def _paint_invader(self, rel, cells, ring, alpha, bar, fx, surface) -> None:
        if fx is not None:
            self._draw_portal(surface, fx)
        rect = self._token(surface, rel, cells, ring=ring, alpha=alpha)
        if bar is not None:
            self._bar(surface, rect, *bar)

    def _figure_bound(self, cells) -> pygame.Rect:
        """Every pixel a token over `cells` may touch: its footprint, its rings, its badge."""
        area = self._cell_rect(cells[0]).unionall([self._cell_rect(c) for c in cells[1:]])
        z = self.camera.zoom
        reach = max(8, area.width // 4, area.height // 4) + max(5, round(9 * z)) + 4
        return area.inflate(2 * reach, 2 * reach)

    def _portal_bound(self, fx: SpawnFx) -> pygame.Rect:
        xs, ys = [c[0] for c in fx.cells], [c[1] for c in fx.cells]
        span = min(max(xs) - min(xs), max(ys) - min(ys)) + 1
        size = max(8, round(self.tw * self.camera.zoom * span))
        x, y = self.camera.to_screen(*self._centre(fx.cells))
        return pygame.Rect(round(x) - size, round(y) - size, 2 * size, 2 * size).inflate(4, 4)

    def _draw_portal(self, surface, fx: SpawnFx) -> None:
        """A figure coming onto the map: a portal opens over its footprint (a glow, rings running
        outward, sparks turning), brightest halfway, as the figure fades in over it."""
        p = fx.progress
        swell = math.sin(math.pi * p)  # 0 -> 1 -> 0
        colour = words.INVADER_COLOUR
        hot = (255, 214, 240)
        xs, ys = [c[0] for c in fx.cells], [c[1] for c in fx.cells]
        span = min(max(xs) - min(xs), max(ys) - min(ys)) + 1  # one portal over the footprint
        size = max(8, round(self.tw * self.camera.zoom * span))
        layer = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
        c = (size, size)
        pygame.draw.circle(layer, (*colour, round(110 * swell)), c, max(2, round(size * (0.25 + 0.35 * swell))))
        pygame.draw.circle(layer, (*hot, round(150 * swell)), c, max(1, round(size * 0.18 * swell)))
        for k in range(3):  # rings running outward, one after the other
            q = (p * 1.6 + k / 3) % 1.0
            r = round(size * (0.2 + 0.75 * q))
            pygame.draw.circle(layer, (*colour, round(230 * (1 - q) * (0.4 + 0.6 * swell))), c, r, max(2, size // 12))
        turn = p * math.pi * 1.5
        for k in range(8):  # sparks on the rim, turning
            a = turn + k * math.pi / 4
            r0, r1 = size * (0.45 + 0.1 * swell), size * (0.6 + 0.25 * swell)
            a0 = (c[0] + math.cos(a) * r0, c[1] + math.sin(a) * r0)
            a1 = (c[0] + math.cos(a) * r1, c[1] + math.sin(a) * r1)
            pygame.draw.line(layer, (*hot, round(220 * swell)), a0, a1, max(1, size // 20))
        x, y = self.camera.to_screen(*self._centre(fx.cells))
        surface.blit(layer, (round(x) - size, round(y) - size))

    def _step_note_place(self) -> tuple | None:
        """The caption of the bot step on screen (`_draw_step_note`): its rect, the bot, its
        lines; None when none shows. One function places it for the drawing and the part, once
        per change of what it reads (every frame asks the part)."""
        cam = self.camera
        at = (self.state_version, self.step_note, self.handoff, self.busy, self.dice is None, tuple(self.view_rect),
              cam.x, cam.y, cam.zoom, self.invader_view(), self.spawns[0].figure if self.spawns else None, self.ctx.settings)
        if self._note_memo[0] != at:
            self._note_memo = (at, self._place_step_note())
        return self._note_memo[1]

    def _place_step_note(self) -> tuple | None:
        note = self.step_note
        if note is None or self.handoff is not None or self.session.is_over():
            return None
        who, why, at = note
        if len(self.session.actions) != at or not (self.busy or self._not_yours() is not None):
            return None
        ctx, px = self.ctx, self.ctx.px
        v = self.view_rect
        font, bold = ctx.font(15), ctx.font(15, bold=True)
        name = self.player_name(who) + ": "
        width = min(v.width - px(48), px(760))
        lines = widgets.wrap(name + why, font, width - px(48))[:3]
        # The panel's frame is drawn inside its rect: the text keeps clear of it on every side.
        h = len(lines) * font.get_linesize() + px(22)
        w = max(font.size(line)[0] for line in lines) + px(48) + bold.size(name)[0] - font.size(name)[0]
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (v.centerx, v.top + px(12))
        # Top or bottom of the map, whichever hides fewer figures (the one acting, the one coming
        # in and the marines first); the dice land at the bottom, so the top wins a tie.
        covers = self._figure_rects()
        below = rect.copy()
        below.midbottom = (v.centerx, v.bottom - px(12))
        if self.dice is None and sum(rect.colliderect(r) * k for r, k in covers) > sum(below.colliderect(r) * k for r, k in covers):
            rect = below
        return rect, who, name, tuple(lines)

    def _draw_step_note(self, surface) -> None:
        """While the bots act: the reason of the step on screen, in a caption at the top of the
        map in the bot's colour (the same words as the AI panel and the log)."""
        place = self._step_note_place()
        if place is None:
            return
        rect, who, name, lines = place
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        font, bold = ctx.font(15), ctx.font(15, bold=True)
        widgets.panel(surface, ctx, rect, alpha=235)
        pygame.draw.rect(surface, self.colour_of(who), (rect.left + px(8), rect.top + px(9), px(4), rect.height - px(18)))
        y = rect.top + px(11)
        for i, line in enumerate(lines):
            x = rect.left + px(22)
            if i == 0 and line.startswith(name.rstrip()):  # the bot's name in its colour
                x = widgets.text(surface, name.rstrip(), bold, self.colour_of(who), (x, y)).right + font.size(" ")[0]
                line = line[len(name.rstrip()):].lstrip()
            widgets.text(surface, line, font, pal.text, (x, y))
            y += font.get_linesize()
        self.panels.append((rect, len(self.buttons)))

    def _figure_rects(self) -> list[tuple[pygame.Rect, int]]:
        """Each figure on the viewer's table with how much hiding it matters: the figure acting
        or coming in 10, a marine 3, another invader 1."""
        st, seen = self.state, self._seen_cells()
        key = {st.act["fig"]} if st.act else set()
        key |= {fx.figure for fx in self.spawns[:1]}
        out = []
        for fig, cells in [(m.id, [m.cell]) for m in st.marines.values() if m.cell is not None] + \
                [(i.id, i.cells) for i in st.invaders.values() if i.cells]:
            if not set(cells) & seen:
                continue
            r = self._cell_rect(cells[0]).unionall([self._cell_rect(c) for c in cells[1:]]) if len(cells) > 1 \
                else self._cell_rect(cells[0])
            out.append((r, 10 if fig in key else 3 if fig in st.marines else 1))
        return out

    def _badge(self, surface, rect: pygame.Rect, text: str, colour) -> None:
        r = max(6, rect.width // 5)
        at = (rect.right - r // 2, rect.top + r // 2)
        pygame.draw.circle(surface, (20, 18, 14), at, r + 1)
        pygame.draw.circle(surface, colour, at, r)
        widgets.text(surface, text, self.ctx.assets.font(max(8, round(r * 1.3)), bold=True), (20, 18, 14), at, "center")

    def _bar(self, surface, rect: pygame.Rect, left: int, total: int) -> None:
        bar = pygame.Rect(rect.left, rect.bottom - max(3, rect.height // 10), rect.width, max(3, rect.height // 10))
        pygame.draw.rect(surface, (20, 18, 14), bar.inflate(2, 2))
        pygame.draw.rect(surface, (200, 40, 40), (bar.left, bar.top, round(bar.width * left / max(1, total)), bar.height))

    def hand_note(self) -> str:
        """The line under the hand's heading: the marines see the backs ('Face down'); the
        invader's person sees the faces and is told the marines may not; at a table of bots only
        (watch mode) the faces are shown to one who watches, whom nothing is hidden from: no line."""
        if not self.invader_view():
            return _("Face down: the marines never see them.")
        if self._humans():
            return _("Hidden from the marines.")
        return ""

    def _draw_hand(self, surface) -> None:
        """The invader's hand: faces for the invader, backs (only how many) for the marines;
        on its left the active marine's turn, or the invader's frags."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        r = self.hand_rect
        pygame.draw.rect(surface, (24, 26, 31), r)
        pygame.draw.line(surface, pal.panel_edge, (r.left, r.top), (r.right - 1, r.top), 2)  # inside its rect: a strip is drawn alone
        st = self.state
        info = pygame.Rect(r.left + px(14), r.top + px(10), px(240), r.height - px(16))
        heading = ngettext("Invader's hand: {n} card", "Invader's hand: {n} cards", len(st.hand)).format(n=len(st.hand))
        # The largest size at which the heading stays left of the cards (Hungarian runs longer).
        hfont = next((f for f in (ctx.font(n, bold=True) for n in (16, 15, 14, 13)) if f.size(heading)[0] <= info.width),
                     ctx.font(13, bold=True))
        y = widgets.text(surface, widgets.elide(heading, hfont, info.width), hfont, words.INVADER_COLOUR,
                         info.topleft).bottom + px(4)
        note = self.hand_note()
        deck = getattr(st.deck, "draw_pile", None)
        if note:
            # As many lines as the column holds above the deck's line (three for the Hungarian
            # 'Képpel lefelé: ...', which two cut with '…' at 1280x720).
            below = ctx.font(13).get_linesize() + px(2) if deck is not None else 0
            y = widgets.text_block(surface, note, ctx.font(13), pal.text_dim,
                                   pygame.Rect(info.left, y, info.width, max(px(36), info.bottom - below - y)), 1.1)
        if deck is not None:
            widgets.text(surface, ngettext("Deck: {n} card", "Deck: {n} cards", len(deck)).format(n=len(deck)), ctx.font(13),
                         pal.text_dim, (info.left, y + px(2)))
        row = pygame.Rect(info.right + px(10), r.top, r.right - info.right - px(20), r.height)
        row, legend = self._legend_room(row, len(st.hand))
        mine = self._not_yours() is None and self.session.decider == INVADER

        def face(card: str) -> tuple[str, str]:
            return words.card_face(self.content, card)

        def state(card: str) -> str:
            if mine and card in self.choices.cards:
                return "selected" if card == self.selected_card else "playable"
            return "dim" if mine and self.choices.cards else "normal"

        hidden = None if (self.invader_view() and self.handoff is None) else "doom_invader"
        self.card_rects, self._hover_card = hand.draw_hand(surface, ctx, row, list(st.hand), face, state, self.mouse, hidden,
                                                           placeholder=self.card_placeholder, layer=self.hand_layer,
                                                           art=self.card_art)
        if legend is not None:
            self._draw_legend(surface, legend)

    def _legend_room(self, row: pygame.Rect, n: int) -> tuple[pygame.Rect, pygame.Rect | None]:
        """The cards' row and the legend's room right of the cards. The legend takes what the
        cards leave (30 px off them, 8 where that is short); where even that leaves it less than
        its narrowest layout needs, the cards' row gives up the rest (the cards lie closer, or
        fanned): at 1280x720 six Hungarian or Greek cards left the legend 136 px, seven 47, and
        it was not drawn at all."""
        px, r = self.ctx.px, self.hand_rect
        top, height, right = r.top + px(12), r.height - px(20), r.right - px(14)
        need = legend_need(self.ctx, height, [_(w) for _s, _c, w in self.LEGEND])
        if need is None:
            return row, None
        cards_right = max((rect.right for rect in hand.lay_out(self.ctx, row, n)), default=row.left)
        for gap in (px(30), px(8)):
            if right - (cards_right + gap) >= need:
                return row, pygame.Rect(cards_right + gap, top, right - cards_right - gap, height)
        row = pygame.Rect(row.left, row.top, max(px(100), right - px(8) - need - row.left), row.height)
        cards_right = max((rect.right for rect in hand.lay_out(self.ctx, row, n)), default=row.left)
        return row, pygame.Rect(cards_right + px(8), top, right - cards_right - px(8), height)

    LEGEND = (("square", (90, 220, 120), N_("move")), ("square", (80, 210, 230), N_("teleport, vent")),
              ("square", (200, 110, 240), N_("place invader")), ("outline", (240, 60, 50), N_("target (odds)")),
              ("outline", (250, 150, 40), N_("Blast square")), ("ring", (250, 210, 80), N_("door, invader to act")))

    def _draw_legend(self, surface, area: pygame.Rect) -> None:
        """What the lit squares mean, in the hand strip's free room, laid out from that room:
        `legend_layout` picks the font and the columns that show every entry whole (at 1280x720
        six card backs left 110 px, one column, and the last entry was cut to 'door, invader…');
        `_legend_room` leaves it the room of one layout at least."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        got = legend_layout(ctx, area, [_(w) for _s, _c, w in self.LEGEND])
        if got is None:
            return
        widgets.text(surface, _("On the map"), ctx.font(12, bold=True), pal.text_dim, area.topleft)
        for (shape, colour, _words), (dx, row, lines) in zip(self.LEGEND, got.spots):
            x, y = area.left + dx, area.top + got.line + row * got.line
            side = min(px(14), got.line - px(3))  # apart from the next row's at the smaller sizes
            chip = pygame.Rect(x, y + px(2), side, side)
            if shape == "square":
                pygame.draw.rect(surface, colour, chip, 2, border_radius=px(3))
                fill = pygame.Surface(chip.size, pygame.SRCALPHA)
                fill.fill((*colour, 90))
                surface.blit(fill, chip)
            elif shape == "outline":
                pygame.draw.rect(surface, colour, chip, 3, border_radius=px(3))
            else:
                pygame.draw.circle(surface, colour, chip.center, chip.width // 2, 2)
            for i, text in enumerate(lines):
                widgets.text(surface, text, got.font, pal.text_dim, (x + px(20), y + i * got.line))

    # ------------------------------------------------------------------ side panel
    def side_labels(self) -> dict[str, str]:
        # The tab's own word (its context): the Hungarian heading 'Tengerészgyalogosok' as a tab
        # took the room of three and set all four tabs at the least size in 1280x720.
        return {"marines": pgettext("side panel tab", "Marines"), "invader": _("Invader"), **super().side_labels()}

    def sections(self) -> dict:
        return {"marines": self._side_marines, "invader": self._side_invader}

    def _side_marines(self, surface, x: int, y: int, w: int) -> int:
        """Each marine: health and armour, ammo, weapons, order, cards; the turn in progress."""
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        c = self.content
        y = widgets.heading(surface, ctx, _("Marines"), x, y)
        for mid in st.seats:
            m = st.marines[mid]
            y = side_rows.player_head(surface, ctx, x, y, w, words.colour(mid), words.player(mid), bot=self.is_bot(mid),
                                      active=st.phase == "marine" and st.seats[st.seat] == mid)
            after = widgets.pips(surface, ctx, x + px(20), y + px(1), max(0, m.health), m.max_health, (220, 60, 50))
            widgets.text(surface, _("armour {n}").format(n=m.armour), ctx.font(12, bold=True), (150, 190, 230),
                         (after + px(8), y + px(6)), "midleft")
            y += px(16)
            small = ctx.font(12)
            if m.dead or m.cell is None:
                status = _("dead: respawns at the start of its turn")
            else:
                status = _("health {h} of {mx}").format(h=m.health, mx=m.max_health)
                if m.order:
                    status += "  " + _("order: {o}").format(o=words.name(c.orders[m.order], capital=False))
            # a no-break space: 'shells/bullets' and its count stay on one line (the 4 stood alone)
            ammo = ", ".join(f"{words.name(c.ammo[a], capital=False)}\u00a0{n}" for a, n in sorted(m.ammo.items()) if n)
            weapons = [words.name(w_, capital=False) for w_ in c.weapons.values() if w_.always] + \
                [words.name(c.weapons[w_], capital=False) for w_ in m.weapons]
            lines = [status, _("weapons: {w}").format(w=", ".join(weapons)), _("ammo: {a}").format(a=ammo or _("none"))]
            extras = []
            if m.adrenaline:
                extras.append(_("adrenaline {n}").format(n=m.adrenaline))
            if m.berserk:
                extras.append(_("berserk"))
            cards = [words.name(c.marine_card(card)) for card in m.cards]
            if cards:
                extras.append(", ".join(cards))
            if extras:
                lines.append(" \u2022 ".join(extras))
            now = ""
            # a marine killed in its own turn has no MP or attacks left: the turn is over (its
            # panel read 'dead: respawns at the start of its turn' over 'Run: 9 MP, 0 attacks left')
            if st.phase == "marine" and st.seats[st.seat] == mid and st.turn and st.turn.get("action") \
                    and m.cell is not None and not st.turn.get("over"):
                t = st.turn
                left = _("{action}: {mp} MP, 1 attack left") if t["attacks"] == 1 else _("{action}: {mp} MP, {n} attacks left")
                now = left.format(action=words.name(c.actions[t["action"]]), mp=t["mp"], n=t["attacks"])
            # Up to four lines each: at 125% in 1280x720 the Greek cards' line took three and the
            # third was cut ('Εμπροσθοφυλακή, Ελεύθερος Σκοπευτής…', Prepared not named).
            for line in lines:
                y = widgets.text_block(surface, line, small, pal.text_dim, pygame.Rect(x + px(20), y, w - px(20), px(68)), 1.0)
            if now:
                y = widgets.text_block(surface, now, ctx.font(12, bold=True), pal.accent, pygame.Rect(x + px(20), y, w - px(20), px(68)), 1.0)
            y += px(6)
        return y + px(2)

    def _side_invader(self, surface, x: int, y: int, w: int) -> int:
        """Frags against the target, the round, the keys, the invaders on the map."""
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        sc = self.content.scenarios[st.scenario]
        y = widgets.heading(surface, ctx, _("Invader"), x, y)
        font = ctx.font(14, bold=True)
        y = widgets.text(surface, _("Frags {n} of {target}").format(n=st.frags, target=sc.frag_target), font,
                         words.INVADER_COLOUR, (x, y)).bottom + px(3)
        widgets.pips(surface, ctx, x, y, st.frags, sc.frag_target, words.INVADER_COLOUR)
        y += px(20)
        seen = self._seen_cells()
        shown = [i for i in st.invaders.values() if set(i.cells) & seen]
        lines = [_("Invaders on the map: {n}").format(n=len(shown)),
                 _("Cards in hand: {n}").format(n=len(st.hand)),
                 _("Keys found: {k}").format(k=", ".join(_(words.DICE.get(k, k)) for k in st.keys) or _("none")),
                 words.goal(sc, self.dmap)]
        for line in lines:
            # As many lines as it wraps to: a fixed three cut Reactor's goal with its meltdown
            # clock in Greek at 1280x720 ('... Τήξη πυρήνα: έν…').
            y = widgets.text_block(surface, line, ctx.font(12), pal.text_dim, pygame.Rect(x, y, w, 10 ** 4), 1.05)
        return y + px(8)


class _Mark:
    """A state marker as the renderer's marker drawing reads one (kind, name, properties)."""

    def __init__(self, kind: str, variant: str) -> None:
        self.kind = kind
        self.name = variant or kind
        self.properties = {"colour": variant, "type": variant}


@lru_cache(maxsize=1)
def marker_texts() -> dict:
    """What each kind of marker does, for its hover card: the rules reference's [marker.<kind>]
    tables (game/doom/rules_reference.toml), the one place these words are written."""
    from game.tutorial.library import rules_for

    return rules_for("doom").markers


def marker_card_lines(state, c, cell) -> tuple[str, list[str]] | None:
    """The hover card of the marker on `cell` (none there, or a kind without a text: None): its
    name and what it does. A player saw a green disc in the corridor and could not tell a barrel
    to shoot from a hazard to walk round."""
    from game.doom.rules.names import COLOUR_WORDS

    texts = marker_texts()
    marker = next((m for m in state.markers if m.cell == cell and m.kind in texts), None)
    if marker is None:
        return None
    name, text = texts[marker.kind].title, texts[marker.kind].text
    colour = _(COLOUR_WORDS[marker.variant]) if marker.variant in COLOUR_WORDS else marker.variant
    if marker.kind == "equipment":
        record = next((t[marker.variant] for t in (c.weapons, c.ammo, c.items) if marker.variant in t), None)
        title = words.name(record) if record is not None else marker.variant
        if marker.count > 1:
            title += f" \u00d7{marker.count}"
    else:
        title = _(name).format(colour=colour, key=colour)
    return title, [_(text)]


def figure_card_lines(state, c, fig: str) -> tuple[str, list[str]]:
    """A figure's hover card: its name, then its numbers as the rules use them. A value the
    rulebook does not give (verified = false in the data) ends in ' *', and a last line says
    what the mark means (as on the Gears cards; Provenance.placeholder decides)."""
    if fig in state.marines:
        m = state.marines[fig]
        title = words.player(fig)
        lines = [_("health {h} of {mx}, armour {a}").format(h=m.health, mx=m.max_health, a=m.armour)]
        if m.order:
            lines.append(_("order: {o}").format(o=words.name(c.orders[m.order], capital=False)))
        for card in m.cards:  # each card's effect, the numbers the rules use
            mark = " *" if c.marine_card(card).provenance.placeholder() else ""
            lines.append(f"{words.name(c.marine_card(card))}: {words.marine_card_text(c, card)}{mark}")
    else:
        inv = state.invaders[fig]
        mon = c.monsters[inv.monster]
        title = words.figure(state, fig)

        def unsure(*names: str) -> str:
            return " *" if mon.provenance.placeholder(*names) else ""

        lines = [_("health {h} of {mx}, armour {a}").format(h=mon.health - inv.wounds, mx=mon.health, a=mon.armour)
                 + unsure("health", "armour"),
                 _("move {m}, dice {d}").format(m=mon.move, d=words.dice(mon.dice)) + unsure("move", "dice"),
                 (_("melee only") if mon.melee else _("ranged attacks")) + unsure("melee")]
    if any(line.endswith(" *") for line in lines):
        lines.append(_("* placeholder: not printed in the rulebooks"))
    return title, lines
