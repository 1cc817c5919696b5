"""The Gears table: the growing map with figures, the active hand, the stage card, the squad,
the AI card, the log, and acting by clicking.

What every title's table does (acting, autosave, named saves, undo, bots, the animations'
clock, the handoff, the end panel, the toolbar, prompt and message lines) is GameTable's
(game/ui/kit/game_table.py); this adds what only Gears has: the map of areas and cover spots
with its camera, the figures and their labels, the lit choices (choices.py sorts the legal
actions into areas, cover spots, targets, cards and buttons), the attack preview with its exact
wound odds, grenades and area weapons, the COG's hand column and the tabbed side panel (stage,
squad, AI, log). State a test reads: `session`, `choices`, `message`, `selected_card`,
`target`, `handoff`, `busy` (animating or a bot about to act).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from fractions import Fraction
from pathlib import Path
from typing import Any

import pygame

from game.engine.text import Msg, as_text, number
from game.board.geometry import point_in_polygon
from game.board.model import MapError
from game.engine.protocol import Action, Event
from game.engine.session import Session
from game.gears.rules import attack as gears_attack
from game.gears.rules import movement
from game.gears.rules import names as gears_names
from game.gears.rules import turn as gears_turn
from game.i18n import _, fill, language, ngettext
from game.ui import widgets
from game.ui.gears import choices as C
from game.ui.gears import labels, words
from game.ui.gears.entry import SAVES
from game.ui.gears.floor import TILES_DIR, MapPainter, tile_floor
from game.ui.gears.roll import gears_roll
from game.ui.kit import hand
from game.ui.kit.ai_panel import AiShown
from game.ui.kit.dice_tray import distribution_bars
from game.ui.kit.game_table import BOT_DELAY_MS, GameTable, JoinedLine, Sprite, reason_line
from game.ui.kit.layers import Layer
from game.ui.kit.seats import seat_colour
from game.ui.scene import Context, Push
from game.ui.table.camera import FitCamera
from game.ui.table.places import anchor_of_polygon

SPOT_RADIUS = 26  # map px: a click this close to a cover spot picks it
TOKEN = 44  # map px: a figure token's diameter (board squares are 64)
MARK_RADIUS = 24  # map px: half a token drawn on the floor (assets/board/equipment.png, the holes: 48)
BADGE_GAP = 6  # units between a bot seat's name and its badge in the Squad section
NAME_ZOOM = 0.4  # the least zoom at which the figures carry their names (below: too small to read)


def open_points(view, area: str, n: int, avoid: list[tuple[float, float]] = ()) -> list[tuple[float, float]]:
    """`n` points (map px) for figures in the open in `area` of a board view (its `board` and
    `cover`): the area's anchor and rings round it, nearest first, each a token's width from the
    area's cover spots, from the tokens drawn on its floor (equipment, emergence holes: a figure
    on the Gun nest's equipment token hid it) and from the points `avoid` (a dropped weapon),
    from each other and from the area's edge where the area has room; then with only their
    middles inside the area; with a token on the floor, then closer to each other and to the
    cover spots (never on the token); else a ring round the anchor as before."""
    board = view.board
    cx, cy = anchor_of_polygon(board.areas[area].polygon)
    spots = [(float(c.point[0]), float(c.point[1])) for c in view.cover.values() if c.area == area]
    # Inside this area's own polygon (floats): asking the board which area holds a point
    # tries every area, and this runs for each candidate point when figures move.
    poly = [(float(x), float(y)) for x, y in board.areas[area].polygon]
    clear, clear_spot = TOKEN * 1.05, SPOT_RADIUS + TOKEN / 2 + 12  # a lit spot glows wider than its ring
    marks = [(float(m.point[0]), float(m.point[1])) for m in board.markers
             if m.area == area or (m.area is None and point_in_polygon(m.point, board.areas[area].polygon) == 1)]
    marks += list(avoid)
    clear_mark = TOKEN / 2 + MARK_RADIUS + 4
    candidates = [(cx, cy)] + [
        (cx + r * math.cos(a), cy + r * math.sin(a))
        for k in range(1, 5) for r in (TOKEN * 0.6 * k,)
        for a in (2 * math.pi * i / (6 * k) - math.pi / 2 for i in range(6 * k))]

    def roomy(x: float, y: float) -> bool:
        return all(point_in_polygon((x + dx, y + dy), poly) == 1
                   for dx, dy in ((0, 0), (TOKEN / 2, 0), (-TOKEN / 2, 0), (0, TOKEN / 2), (0, -TOKEN / 2)))

    def inside(x: float, y: float) -> bool:
        return point_in_polygon((x, y), poly) == 1

    def pick(points, fits, apart: float, from_spot: float) -> list[tuple[float, float]] | None:
        chosen: list[tuple[float, float]] = []
        for x, y in points:
            if len(chosen) == n:
                break
            if all(math.dist((x, y), q) >= from_spot for q in spots) and \
                    all(math.dist((x, y), q) >= clear_mark for q in marks) and \
                    all(math.dist((x, y), q) >= apart for q in chosen) and fits(x, y):
                chosen.append((x, y))
        return chosen if len(chosen) == n else None

    # A small area with a token on its floor: a figure may reach over the area's edge (its
    # middle inside) before it covers the token.
    for fits in (roomy, inside):
        chosen = pick(candidates, fits, clear, clear_spot)
        if chosen:
            return chosen
    if marks:
        # Still too many for the room clear of the token (four and more in 15B's Reliquary):
        # the figures close up, overlapping each other by a third, then half, and reach over
        # the cover spot's glow, then its ring, before one covers the token; the places from
        # a finer grid over the area, nearest the anchor first.
        xs = [x for x, _y in poly]
        ys = [y for _x, y in poly]
        step = TOKEN / 5
        grid = sorted(((min(xs) + step * i, min(ys) + step * j)
                       for i in range(int((max(xs) - min(xs)) / step) + 1)
                       for j in range(int((max(ys) - min(ys)) / step) + 1)),
                      key=lambda q: math.dist(q, (cx, cy)))
        for apart, from_spot in ((TOKEN * 0.8, clear_spot), (TOKEN * 0.8, SPOT_RADIUS),
                                 (TOKEN * 0.6, SPOT_RADIUS), (TOKEN * 0.6, 0.0), (TOKEN * 0.45, 0.0)):
            chosen = pick(grid, inside, apart, from_spot)
            if chosen:
                return chosen
    if n == 1:
        return [(cx, cy)]
    # Round a circle whose chord between neighbours is a little over a token.
    r = max(TOKEN * 0.62, TOKEN * 1.1 / (2 * math.sin(math.pi / n)))
    return [(cx + r * math.cos(2 * math.pi * i / n - math.pi / 2), cy + r * math.sin(2 * math.pi * i / n - math.pi / 2))
            for i in range(n)]


# Map px round a dropped weapon's middle (dropped_point) that its tag and its name under it take:
# half the width of a long name ('Hammerburst x2' at 11 px), above and below the middle.
DROP_HALF_W, DROP_ABOVE, DROP_BELOW = 40.0, 18.0, 16.0


def dropped_point(view, area: str) -> tuple[float, float]:
    """The middle of a weapon dropped in `area` as drawn (its tag and its name under it), in map
    px: below and right of the area's anchor where that is clear of the area's cover spots (a
    figure in cover stands on its spot) and the tokens on its floor; else the clear place
    nearest it inside the area (the Hive's Burial cells: a Hammerburst lay half under the
    Locust in cover beside the anchor). Figures in the open keep clear of it (open_points)."""
    board = view.board
    cx, cy = anchor_of_polygon(board.areas[area].polygon)
    first = (cx + 26, cy + 34)
    poly = [(float(x), float(y)) for x, y in board.areas[area].polygon]
    # Each thing to keep clear of: its middle and radius (a spot's ring glows wider than a token).
    things = [((float(c.point[0]), float(c.point[1])), SPOT_RADIUS + 4) for c in view.cover.values() if c.area == area]
    things += [((float(m.point[0]), float(m.point[1])), MARK_RADIUS + 4) for m in board.markers
               if m.area == area or (m.area is None and point_in_polygon(m.point, board.areas[area].polygon) == 1)]

    def clear(x: float, y: float) -> bool:
        box = (x - DROP_HALF_W, y - DROP_ABOVE, x + DROP_HALF_W, y + DROP_BELOW)
        if not all(point_in_polygon((px_, py_), poly) == 1 for px_, py_ in ((x, y), (x, box[1]), (x, box[3]))):
            return False
        for (tx, ty), r in things:  # the circle's distance from the box
            dx = max(box[0] - tx, 0.0, tx - box[2])
            dy = max(box[1] - ty, 0.0, ty - box[3])
            if math.hypot(dx, dy) < r:
                return False
        return True

    if clear(*first) or not things:
        return first
    candidates = sorted(((cx + TOKEN * 0.4 * k * math.cos(a), cy + TOKEN * 0.4 * k * math.sin(a))
                         for k in range(1, 7) for a in (2 * math.pi * i / (4 + 4 * k) for i in range(4 + 4 * k))),
                        key=lambda q: math.dist(q, first))
    return next((q for q in candidates if clear(*q)), first)


def _paint_rifle(surface: pygame.Surface, box: pygame.Rect, colour) -> None:
    """A rifle in profile filling `box` (muzzle to the right): the mark on a dropped weapon's
    tag, which showed an empty dark box, like a placeholder."""
    x, y, w, h = box

    def at(fx: float, fy: float) -> tuple[int, int]:
        return round(x + fx * w), round(y + fy * h)

    body = [at(0.0, 0.25), at(0.3, 0.2), at(0.3, 0.3), at(0.72, 0.3), at(0.72, 0.55), at(0.5, 0.55),
            at(0.44, 0.95), at(0.32, 0.95), at(0.34, 0.55), at(0.22, 0.55), at(0.0, 0.75)]
    pygame.draw.polygon(surface, colour, body)
    barrel = pygame.Rect(*at(0.7, 0.33), max(1, round(0.3 * w)), max(1, round(0.16 * h)))
    pygame.draw.rect(surface, colour, barrel)


class GearsTable(GameTable):
    key = "gears"
    saves = SAVES

    def __init__(self, ctx: Context, session: Session, seats: list[str], screen_size: tuple[int, int],
                 save_path: Path | None = None, bot_delay_ms: int = BOT_DELAY_MS, animate: bool = True) -> None:
        self.content = session.title.content
        self.painter = MapPainter(ctx.assets, ctx.palette)
        self.camera = FitCamera((0, 0, 1, 1), (1, 1))
        self._board_key: tuple | None = None
        self.choices = C.Choices(None, "")
        self.selected_card: str | None = None
        self.target: str | None = None
        self.attack_choice: Action | None = None
        self.hover_area: str | None = None
        self.grenade_mode = False
        self.area_weapon: str | None = None  # an area weapon (the Mortar) being aimed: its areas lit
        self.area_pick: str | None = None  # the area chosen when that weapon has several modes there
        self.confirm_drop: str | None = None  # a weapon whose discard waits for "Discard" or "Keep it"
        self.hover_figure: str | None = None  # a figure (or Squad row) under the pointer: its card shows
        self.hover_named: str | None = None  # the figure a hovered prompt button names: lit on the map
        self.hover_named_area: str | None = None  # the area a hovered prompt button names (no figure): lit
        self.figure_card_rect: pygame.Rect | None = None  # that card, as last drawn
        self._framed = False  # the attack view zoomed in on the attacker and target
        self._view_before: tuple | None = None  # the player's view before it (_unframe)
        self._end_view: tuple | None = None  # the map view the end screen framed the board in
        self.token_rects: dict[str, pygame.Rect] = {}
        self.squad_rows: dict[str, pygame.Rect] = {}  # each COG's row in the Squad section, as last drawn
        self.label_rects: dict[str, pygame.Rect] = {}  # figure name labels, as last drawn
        self.map_layer = Layer()  # the floor, the rules' marks and the lit choices (_draw_map)
        self._glow: pygame.Surface | None = None  # the lit choices' see-through sheet (_draw_highlights)
        self.stage_open: bool | None = None  # the stage's special rules opened or folded by a click (stage_unfolded)
        self.reach: dict[str, tuple[str, ...]] = {}  # a move's farther areas and the way there (turn.walks)
        self.walk: list[str] = []  # the steps still to take on a way clicked (_walk_on)
        self._walker: str | None = None  # the COG walking it
        self._move_said: tuple[str, str] | None = None  # (bot, short reason) of the move it last explained (bot_reason)
        super().__init__(ctx, session, seats, screen_size, save_path, bot_delay_ms, animate)

    def make_bot(self, i: int):
        from game.gears import bots

        return bots.SquadBot(seed=self.session.seed * 31 + i)  # the default level (bots.py)

    def step_bot(self, dt: int) -> bool:
        """A walk's next step first (after the last one's slide: the kit steps only then)."""
        if self.walk:
            return self._walk_on()
        return super().step_bot(dt)

    def _walk_on(self) -> bool:
        """The next step of a way clicked, submitted as a click on that area would be: only while
        the same person's move goes on and the step is still lit (a question on the way, a
        Follow or a stage's flip, or another seat to decide, ends the walk there)."""
        area, self.walk = self.walk[0], self.walk[1:]
        act = self.choices.areas.get(area)
        if (act is None or act.kind != "step" or self.handoff is not None or self._not_yours() is not None
                or self.session.decider != self._walker):
            self.walk = []
            return False
        return self.submit(act)

    def undo(self) -> None:
        self.walk = []
        super().undo()

    def decision_name(self) -> str:
        """A reaction or other question of a resolution first, else the turn frame."""
        pending = (self.state.proc or {}).get("pending") or {}
        return str(pending.get("kind") or self.state.phase)

    def _classify(self) -> C.Choices:
        decider = self.session.decider
        if not decider:
            return C.classify(self.state, self.content, decider, [])
        return C.classify(self.state, self.content, decider, self.session.legal_actions(), legal=True)

    # A click on a farther area of a move walks there, a step at a time (turn.walks); a
    # lesson asks for each step by itself, so its table does not.
    walks_far = True

    def update_choices(self) -> None:
        """The lit choices after a change (an action, an undo): a card selected before it has
        served. Played in Hungarian: a click on the first of two Ambush cards to Guard answered
        with the copy the rules offered (choices.py: copies answer by name), the one clicked
        stayed in hand and selected, and the next Order Step opened on 'Ambush: how will you
        use it?' with no card clicked."""
        self.choices = self._classify()
        decider = self.session.decider
        reach = gears_turn.walks(self.state) if self.walks_far and decider and not self.is_bot(decider) else {}
        self.reach = {a: way for a, way in reach.items() if a not in self.choices.areas and way[0] in self.choices.areas}
        self.selected_card = None
        self.target, self.attack_choice = None, None
        self.grenade_mode = False
        self.area_weapon, self.area_pick = None, None
        self.confirm_drop = None
        self.hover_named = None  # its button answered: lit again only by a pointer on a new one
        self.hover_named_area = None
        if self._framed:  # the attack view zoomed in: back to the player's view
            self._unframe()

    # ------------------------------------------------------------------ words and events
    def _words(self, text: str) -> str:
        return words.pretty(text, self.state, self.content)

    def player_name(self, player: str) -> str:
        return words.player(self.state, self.content, player)

    def saved_note(self) -> str:
        return _("Saved as {name}. Load it from the Gears set-up screen.")

    def handoff_note(self) -> str:
        return _("The hand of order cards is hidden until that player is at the table.")

    def shown_only_to(self, player: str) -> tuple:
        """A COG player's hand of Order cards (view.py: what teammates hold is hidden); none is
        dealt during set-up, so the placements there pass the desk without a card."""
        cog = self.state.cogs.get(player)
        return tuple(cog.hand) if cog is not None else ()

    def card_face(self, card: str) -> tuple[str, str] | None:
        order = self.content.orders.get(card.split("#")[0])
        return (_(order.name), _(order.text)) if order else None

    COSTLY = ("drop_weapon", "wound_discard", "skip", "end", "stop")

    def costly(self, what) -> bool:
        """Discarding a weapon or a wound card, letting a reaction or an attack go, ending a move
        early (the unused steps are lost): not for the click that made the button appear."""
        return isinstance(what, Action) and what.kind in self.COSTLY

    def card_icon(self, card: str) -> str:
        order = self.content.orders.get(card.split("#")[0])
        return order.icon if order else ""

    # An order action's verb -> the motif of the card's picture (kit/card_art.py), and whether
    # its number is shown (one attack is the rule; moves, draws, ammo and pulls vary).
    ORDER_MOTIFS = {"move": ("move", True), "attack": ("attack", False), "draw": ("draw", True),
                    "skip_locust_activation": ("hold", False), "gain_ammo": ("ammo", True),
                    "activate_equipment": ("equipment", False), "extra_order_step": ("again", False),
                    "teamwork": ("team", False), "pull_locust": ("pull", True)}

    def card_art(self, card: str) -> tuple:
        """The order card's actions as its picture, in printed order: Assault a move 3 arrow,
        then a crosshair."""
        order = self.content.orders.get(card.split("#")[0])
        motifs = []
        for a in (order.actions if order else ()):
            kind, numbered = self.ORDER_MOTIFS.get(a.verb, ("", False))
            value = a.value if isinstance(a.value, int) and not isinstance(a.value, bool) else 0
            if kind:
                motifs.append((kind, str(value) if numbered or value > 1 else ""))
        return tuple(motifs)

    def card_placeholder(self, card: str) -> bool:
        """An order card whose printed parts (its icon, what it does, its words) the rulebooks
        do not give: most of them (orders.toml, spec 6.1)."""
        order = self.content.orders.get(card.split("#")[0])
        return order is not None and order.provenance.placeholder("icon", "actions", "text")

    def ai_card(self, event: Event) -> AiShown:
        pl = event.payload or {}
        card = self.content.ai_cards.get(pl.get("card", ""))
        return AiShown(pl.get("card", ""), words.ai_card(self.content, pl.get("card", "")), _(card.text) if card else event.text,
                       placeholder=card is not None and card.provenance.placeholder())

    # The questions asked during a Locust AI card's resolution that are not the card's own:
    # reactions to an attack and a wound's discards read the log's newest lines (the attack, the
    # dice), which the open card would cover at 1280x720.
    NOT_THE_CARDS_QUESTIONS = ("guard", "guard_who", "dodge", "wound_discard")

    def ai_card_asks(self) -> bool:
        """A person decides for the Locust AI card being resolved (game/gears/ai.py keeps it in
        flags["ai_in_play"] until it is discarded): which Locust acts next, which of tied
        targets, paths or cover spots, the ammo it discards."""
        decider, st = self.session.decider, self.state
        if not st.flags.get("ai_in_play") or decider is None or self.is_bot(decider):
            return False
        kind = ((st.proc or {}).get("pending") or {}).get("kind")
        return kind not in self.NOT_THE_CARDS_QUESTIONS

    def log_text(self, event: Event) -> str:
        """A drawn Locust AI card is one line naming it: its whole text (five to eleven lines
        in Hungarian and Greek at 1280x720) is in the AI section, and filled the log there, which
        showed two or three entries. What the card did follows it in the log, one line each."""
        if isinstance(event, _Reason):
            rect = self._log_rect
            fits = rect is None or len(widgets.wrap(event.whole, self.ctx.font(13), rect.width)) <= 2
            return event.whole if fits else event.short
        card = (event.payload or {}).get("card", "")
        if event.kind == "ai_card" and card in self.content.ai_cards:
            return _("Locust AI card drawn: {card}.").format(card=words.ai_card(self.content, card))
        if event.kind == "move" and _step_from(event) is not None:
            return self._said(as_text(gears_names.moved(_mover_name(event), [_step_from(event), event.payload["area"]])))
        return super().log_text(event)

    def bot_reason(self, decider: str, action: Action, why: Any, private: bool = False) -> None:
        """A bot's reason in the log: whole where the log has room for it in two lines, else its
        short form (bots.log_form: the main clause; a move says where it goes, not why that
        place), so a reason never takes the five to eight lines it took at 1280x720 in Hungarian
        and Greek. A step toward the place the bot's card or last step went for is not said
        again (nothing else of that bot's said since): the move's areas then join into one line
        (join_lines). A reason whose action the rules' next line says is worded by its why
        (bots.log_whole, log_form: "Cover: +2.0 defence dice on average against the Locusts",
        not "Take cover at Gatehouse (9A) cover 1" before "Augustus Cole takes cover at Gatehouse
        (9A) cover 1."); a card played for its actions with nothing more to say is the rules'
        line alone ("Augustus Cole plays Teamwork for its actions.")."""
        from game.gears.bots import log_form, log_whole

        whole_why = log_whole(why)
        if whole_why is None or (action.kind == "play" and as_text(why) == as_text(action.text)):
            return  # the reason is the action's own words, which the rules' line says
        name = self.player_name(decider)
        brief = log_form(why)
        short = reason_line(name, str(self._words(as_text(brief))))
        if action.kind in ("step", "do") and self._move_said == (decider, short):
            return  # said by the card played or the step before, nothing else of this bot's since
        moving = isinstance(brief, Msg) and brief.msgid in ("Move toward {dest}",)
        self._move_said = (decider, short) if moving else None
        whole = reason_line(name, str(self._words(as_text(whole_why))))
        self._log.append((_Reason(whole, short, action.kind), (decider,) if private else None))

    def join_lines(self, last: Any, event: Event) -> Any | None:
        """A move is one line naming where it went ("Marcus Fenix moves from A through B to C."),
        not a line per area: each step is an action of its own (a COG's move frame, a Locust's
        steps with Guard windows between), joined here while nothing else was logged between
        them (a Follow, a Guard, a bot's new reason). A step of a log saved before the steps
        said where they came from stays a line of its own."""
        start = _step_from(event)
        if start is None:
            return None
        steps = last.events if isinstance(last, JoinedLine) else (last,)
        before = steps[-1]
        if before.__class__ is JoinedLine or before.kind != "move" or _step_from(steps[0]) is None \
                or _mover(before) != _mover(event) or before.payload.get("area") != start:
            return None
        path = [_step_from(steps[0])] + [e.payload["area"] for e in steps] + [event.payload["area"]]
        return JoinedLine(steps + (event,), gears_names.moved(_mover_name(steps[0]), path))

    def animate_event(self, e: Event, positions: dict[str, tuple[float, float]]) -> None:
        """A roll goes to the dice tray; a move or crawl slides the figure area by area."""
        pl = e.payload or {}
        if e.kind == "roll":
            attack = [(int(h), int(o)) for h, o in pl.get("attack", [])]
            # The roll's text starts with who rolls ("augustus_cole: attack dice ..."): in words.
            self.dice = gears_roll(self._words(e.text.split(":")[0]), attack, [int(s) for s in pl.get("defence", [])])
        elif e.kind in ("move", "crawl"):
            key = pl.get("figure") or pl.get("player")
            area = pl.get("area")
            if key and area and area in self.state.view().board.areas:
                start = positions.get(key)
                end = self._area_point(area)
                if start is not None:
                    self._queue(key, start, end)
                positions[key] = end

    def outcome(self) -> str | None:
        return self.state.outcome

    WARM_EACH_CHANGE = True

    def warm_ups(self):
        """Work ahead for the click that lays tiles (issue 19), small jobs run in idle loop
        iterations, planned again after every action: every tile face the mission's levels may
        lay not read yet (its mission card lists them: nothing hidden), by the rules' loader with
        its graphs, and its floor art; then the rules' share of the tiles an exploration from
        each door on the map would lay now (ahead_jobs: each board composed
        as the rules' first layout attempt composes it, then its movement and sight tables and
        the sight from the COGs' areas into the new tiles, in the rules' own caches). The faces
        come first (read once per game: the boards ahead need them too), the boards ahead after.
        Work already in the caches is skipped without a job, so a plan made again after an
        action starts where the last one stopped."""
        loader = self.state.loader
        mission = self.content.missions.get(self.state.mission)
        laid = {p["tile"] for p in self.state.placements}
        for level in getattr(mission, "levels", ()):
            for tile in level.tiles:
                if tile not in laid and (id(loader), tile) not in _WARMED:
                    yield partial(_warm_face, loader, tile)
        yield from ahead_jobs(self.state, self.content)

    def end_summary(self) -> str:
        mission = self.content.missions[self.state.mission]
        return words.mission(mission) + " \u2014 " + (_("the squad completed the mission.") if self.won() else _("the squad was overrun."))

    def end_stats(self) -> str:
        st = self.state
        mission = self.content.missions[st.mission]
        return _("Turns played: {n}   Stage reached: {stage}   Locusts left: {left}").format(
            n=st.turn, stage=min(st.stage + 1, len(mission.stages)), left=len(st.locusts))

    # ------------------------------------------------------------------ layout
    @staticmethod
    def HAND_INFO_W(px) -> int:
        """The hand strip's left column (name, health, weapons), before the cards."""
        return px(180)

    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        px = self.ctx.px
        w, h = size
        self._size = size
        bar = px(48)
        side = min(px(420), max(px(300), int(w * 0.21)), w // 3) if self.side_open else px(30)
        hand_h = max(px(150), min(px(230), int(h * 0.2)))
        # A wide board is limited by the view's width: the height it leaves goes to the hand,
        # whose cards then show their rules text at a readable size...
        bw, bh = self.state.view().board.pixel_size()
        view_h = h - bar - px(44) - hand_h
        zoom = min(1.0, (w - side) * 0.96 / max(1, bw))
        spare = view_h - bh * zoom / 0.96 - px(40)
        if spare > 0:
            hand_h = min(max(hand_h, min(px(300), int(h * 0.34))), hand_h + int(spare))
        # ...but no taller than lets a full hand lie side by side (taller cards would overlap).
        full = max((self.content.cogs[c.character].hand_limit for c in self.state.cogs.values()), default=6)
        room = w - side - self.HAND_INFO_W(px) - px(34)
        card_w = (room - (full - 1) * px(8)) / max(1, full)
        hand_h = max(px(150), min(hand_h, round(card_w * hand.CARD_RATIO) + px(26)))
        # A tall window's spare height lets the cards grow until a full hand fills the row.
        hand_h = hand.strip_height(self.ctx, h, bar + px(44), hand_h, room, full)
        self.set_rects(size, bar, side, hand_h)
        self.camera.view = tuple(self.view_rect)  # type: ignore[assignment]
        self._board_key = None
        self._fit_board()

    def _fit_board(self) -> None:
        key = tuple((p["tile"], p["exit"]) for p in self.state.placements)
        if key == self._board_key:
            return
        if self._board_key is not None and self._size != (0, 0):
            size, self._size = self._size, (0, 0)
            self._layout(size)  # a new level changes the board's shape: rebalance the panels
            return
        self._board_key = key
        board = self.state.view().board
        self.camera.board_size = board.pixel_size()
        self.camera.content = board.content_bounds()
        self._start_view()

    def _start_view(self) -> None:
        """The view a level starts with, and comes back to after the attack view: the whole
        board (camera.fit), unless a tall board fits only below NAME_ZOOM, where the figures
        carry no names (The Showdown at 1280x720 and 150%, Roadblocks' and China Shop's stacked
        levels): then the board at NAME_ZOOM (no wider than the view), on the COGs (the
        entrance before they enter); the rest a drag or the wheel away, the whole board on
        Fit map (Home). A long board (Emergence, Scattered) still fits whole: its width is
        what it needs, and Scattered's COGs start apart."""
        cam = self.camera
        cam.fit()
        if cam.zoom >= NAME_ZOOM:
            return
        _vx, _vy, vw, vh = cam.view
        x0, y0, x1, y1 = cam.extent()
        bw, bh = max(1.0, x1 - x0), max(1.0, y1 - y0)
        if bh / max(1, vh) <= bw / max(1, vw):
            return  # a long board: its width limits the fit
        st = self.state
        points = [point for key, point in self._positions().items() if key in st.cogs]
        if not points and st.view().entrance_area in st.view().board.areas:
            points = [self._area_point(st.view().entrance_area)]
        at = (sum(x for x, _y in points) / len(points), sum(y for _x, y in points) / len(points)) if points else None
        cam.zoom_to_read(NAME_ZOOM, (x0, y0, x0 + bw, y0), at)  # no wider than the view

    # ------------------------------------------------------------------ geometry
    def _area_point(self, area: str) -> tuple[float, float]:
        return anchor_of_polygon(self.state.view().board.areas[area].polygon)

    def _positions(self) -> dict[str, tuple[float, float]]:
        """Where each figure stands in map pixels: on its cover spot, else in its area clear of
        the area's cover spots (a free spot hidden under a token could not be seen or clicked)."""
        st = self.state
        view = st.view()
        gone = set(st.flags.get("executed", ()))  # Insane (spec 6.16): out of the game, off the map
        figures = tuple((p, c.area, c.cover) for p, c in st.cogs.items() if c.area and p not in gone) + \
            tuple((lid, x.area, x.cover) for lid, x in st.locusts.items()) + \
            tuple(("dropped", d.get("area"), None) for d in st.dropped)  # where a figure should not stand
        memo = getattr(self, "_positions_memo", None)
        if memo is not None and memo[0] is view and memo[1] == figures:
            return dict(memo[2])  # a copy: the animations move figures in what they are given
        out: dict[str, tuple[float, float]] = {}
        in_area: dict[str, list[str]] = {}
        dropped = {area for key, area, _c in figures if key == "dropped"}
        for key, area, cover in figures:
            if area not in view.board.areas or key == "dropped":
                continue
            if cover and cover in view.cover:
                spot = view.cover[cover].point
                out[key] = (float(spot[0]), float(spot[1]))
            else:
                in_area.setdefault(area, []).append(key)
        for area, keys in in_area.items():
            avoid = [dropped_point(view, area)] if area in dropped else []
            out.update(zip(keys, open_points(view, area, len(keys), avoid)))
        self._positions_memo = (view, figures, out)
        return dict(out)

    def area_at_screen(self, pos) -> str | None:
        mx, my = self.camera.to_map(*pos)
        return self.state.view().board.area_at((Fraction(mx), Fraction(my)))

    def spot_at_screen(self, pos, spots) -> str | None:
        mx, my = self.camera.to_map(*pos)
        view = self.state.view()
        best, best_d = None, SPOT_RADIUS
        for name in spots:
            p = view.cover[name].point
            d = math.dist((mx, my), (float(p[0]), float(p[1])))
            if d <= best_d:
                best, best_d = name, d
        return best

    def screen_of_area(self, area: str) -> tuple[int, int]:
        x, y = self.camera.to_screen(*self._area_point(area))
        return round(x), round(y)

    def screen_of_spot(self, spot: str) -> tuple[int, int]:
        p = self.state.view().cover[spot].point
        x, y = self.camera.to_screen(float(p[0]), float(p[1]))
        return round(x), round(y)

    def screen_of_figure(self, key: str) -> tuple[int, int]:
        x, y = self.camera.to_screen(*self._positions()[key])
        return round(x), round(y)

    # ------------------------------------------------------------------ input
    def hover(self, pos: tuple[int, int]) -> None:
        inside = self.view_rect.collidepoint(pos)
        area = self.area_at_screen(pos) if inside else None
        figure = self._figure_at(pos) if inside else None
        if not inside and self.side_open:  # a COG's row in the Squad section: its character card
            figure = next((p for p, r in self.squad_rows.items() if r.collidepoint(pos)), None)
        named, named_area = self._named_at(pos)
        if (area, figure, named, named_area) != (self.hover_area, self.hover_figure, self.hover_named,
                                                 self.hover_named_area):
            self.hover_area, self.hover_figure, self.hover_named = area, figure, named
            self.hover_named_area = named_area
            self.dirty = True

    def _named_at(self, pos: tuple[int, int]) -> tuple[str | None, str | None]:
        """The figure, or else the area, named by the prompt button under the pointer (buttons as
        last drawn), when that button is still one of the choices."""
        offered = [a for _l, a in self.choices.buttons]
        for rect, _label, what in self.buttons:
            if rect.collidepoint(pos) and isinstance(what, Action) and what in offered:
                return C.named_figure(self.state, what), C.named_area(self.state, what)
        return None, None

    def cancel(self) -> bool:
        if self.selected_card or self.target or self.grenade_mode or self.area_weapon or self.confirm_drop:
            self.selected_card, self.target, self.attack_choice = None, None, None
            self.grenade_mode, self.area_weapon, self.area_pick = False, None, None
            self.confirm_drop = None
            return True
        return False

    def title_key(self, key: int):
        if key in (pygame.K_HOME, pygame.K_0):
            self.camera.fit()
            self.dirty = True
        elif key == pygame.K_m:
            return self.title_command("mission")
        return None

    def press(self, what):
        if isinstance(what, _Pick):
            self.attack_choice = what.action
            self.dirty = True
        return None

    def title_command(self, what: str):
        if what == "mission":  # the mission's Stage and Level cards, over the table
            from game.ui.gears.mission_cards import MissionCards

            return Push(MissionCards(self.ctx, self.content.missions[self.state.mission], self.state.stage))
        if what == "fit":
            self.camera.fit()
            self.dirty = True
        elif what == "stage_fold":
            self.stage_open = not self.stage_unfolded()
            self.dirty = True
        elif what == "grenade":
            self.grenade_mode = True
            self._new_question()
        elif what.startswith("area:"):
            self.area_weapon, self.area_pick = what[len("area:"):], None
            self.grenade_mode = False
            self._new_question()
        elif what.startswith("drop:"):
            weapon = what[len("drop:"):]
            if weapon in self.choices.drops:
                self.confirm_drop = weapon
                self.selected_card, self.target, self.attack_choice = None, None, None
                self.grenade_mode, self.area_weapon, self.area_pick = False, None, None
            self.dirty = True
        elif what == "cancel":
            if self.target is not None and self._framed:
                self._unframe()
            self.selected_card, self.target, self.attack_choice = None, None, None
            self.grenade_mode, self.area_weapon, self.area_pick = False, None, None
            self.confirm_drop = None
            self.dirty = True
        return None

    def _new_question(self) -> None:
        """A throw or an area attack chosen: the prompt now asks where, and a refusal of the
        click before it no longer applies (it stayed on screen over the new question)."""
        if not self.message_ok:
            self.message = ""
        self.dirty = True

    def click_card(self, card: str):
        why = self._not_yours()
        if why:
            self.say(why)
            return None
        if card not in self.choices.cards:
            self.say(_("{card} cannot be used now.").format(card=words.card(self.content, card)) + " " + self.hint())
            return None
        acts = self.choices.cards[card]
        if len(acts) == 1 and acts[0].kind in ("wound_discard", "follow", "guard", "dodge"):
            self.submit(acts[0])
            return None
        self.selected_card = None if self.selected_card == card else card
        self.dirty = True
        return None

    def click_view(self, pos):
        why = self._not_yours()
        ch = self.choices
        self.walk = []  # a click stops a walk (_walk_on)
        figure = self._figure_at(pos)
        if figure is not None and figure in ch.targets and not why:
            self.target = figure
            self.attack_choice = ch.targets[figure][0]
            self._frame_attack()
            self.dirty = True
            return None
        spot = self.spot_at_screen(pos, ch.spots) if ch.spots else None
        if spot is not None and not why:
            self.submit(ch.spots[spot])
            return None
        area = self.area_at_screen(pos)
        if self.grenade_mode and not why:
            if area in ch.grenades:
                self.submit(ch.grenades[area])
            else:
                self.say(_("A Bolo Grenade cannot reach there: pick a lit area."))
            return None
        if self.area_weapon is not None and not why:
            return self._click_area_attack(area)
        if area is not None and area in ch.areas and not why:
            self.submit(ch.areas[area])
            return None
        if area is not None and area in self.reach and not why:
            way = self.reach[area]
            self._walker = self.session.decider
            if self.submit(ch.areas[way[0]]):
                self.walk = list(way[1:])
            return None
        if why:
            self.say(why)
            return None
        if figure is not None and figure in self.state.locusts and self.state.phase == "attack":
            self.say(self._why_not_target(figure))
            return None
        if area is None:
            self.say(_("That is off the map.") + " " + self.hint())
        else:
            self.say(self._why_not_area(area))
        return None

    def _why_not_area(self, area: str) -> str:
        """Why a click on this area does nothing: the rules' own refusal of moving (or crawling)
        there now, which names what is missing ('Play an Order card to move first', 'it is 3
        areas away'), then what can be done (issue 21: 'Nothing to do in ...' said neither)."""
        from game.gears.rules.refusals import walk_refusal, why_illegal

        kind = "crawl" if self.state.phase == "crawl" else "step"
        far = walk_refusal(self.state, area) if self.walks_far else None
        reason = self._words(far or why_illegal(self.state, Action(kind, {"area": area})))
        hint = self.hint()
        asked = self._words(as_text(self.state.proc["pending"].get("prompt") or "")) if self.state.proc else ""
        name = words.area(area)

        def about(reason: str) -> str:
            # A refusal that names the area already: 'Flowerbeds (16A): Flowerbeds (16A) is not
            # adjacent to Lawn (9A) ...' said the name twice, as did the Greek 'Πόρτα καταφυγίου
            # (16B): Η περιοχή Πόρτα καταφυγίου (16B) δεν είναι ...', whose name is not first.
            return reason if name in reason else _("{area}: {reason}").format(area=name, reason=reason)

        if asked and asked in reason:
            # A pending question's refusal quotes its prompt ('First Damon Baird must answer:
            # ...'), which the hint says too (with where to click): said once, not twice.
            return about(reason.replace(asked, hint, 1))
        return about(reason) + " " + hint

    def _area_shots(self, area: str | None) -> list[Action]:
        """The lit shots of the weapon being aimed into `area` (one per mode the rules allow)."""
        return [a for a in self.choices.area_attacks.get(area or "", []) if a.payload["weapon"] == self.area_weapon]

    def _click_area_attack(self, area: str | None):
        """A click while aiming an area weapon: fire into a lit area (or pick the mode when there
        are several); elsewhere, the rules' own reason (IllegalAction.reason, spec 6.6)."""
        if area is None:
            self.say(_("That is off the map.") + " " + fill(_("Click a lit area to fire the {weapon} there."),
                weapon=self._weapon_name(self.area_weapon or "")))
            return None
        shots = self._area_shots(area)
        if len(shots) == 1:
            self.submit(shots[0])
        elif shots:
            self.area_pick = area
            self.dirty = True
        else:
            modes = [a.payload["mode"] for acts in self.choices.area_attacks.values() for a in acts
                     if a.payload["weapon"] == self.area_weapon]
            # Not offered, so the engine refuses it and says why; nothing changes.
            self.submit(Action("area_attack", {"area": area, "weapon": self.area_weapon, "mode": modes[0] if modes else "overwhelming"}))
        return None

    def _weapon_name(self, weapon: str) -> str:
        w = self.content.weapons.get(weapon)
        return w.name if w is not None else words.weapon(self.content, weapon)

    def _frame_attack(self) -> None:
        """Keep attacker and target in sight to the right of the preview panel."""
        pos = self._positions()
        player = self.session.decider
        if player not in pos or self.target not in pos:
            return
        (ax, ay), (bx, by) = pos[player], pos[self.target]
        bw, bh = self.camera.board_size
        _vx, _vy, vw, vh = self.camera.view
        cam = self.camera
        if not self._framed:
            self._view_before = ((cam.view, cam.board_size), cam.x, cam.y, cam.zoom_index, cam.fit_zoom)
        if bw * self.camera.zoom <= vw and self.camera.zoom < 0.75:
            self.camera.step_in()  # a board that fits is too small to read beside the panel
        self._framed = True
        panel_w = self.ctx.px(450) / self.camera.zoom
        self.camera.center_on((ax + bx) / 2 - panel_w / 2, (ay + by) / 2)

    def _unframe(self) -> None:
        """Back from the attack view to the view the player had before it, their zoom and
        place (it went back to the level's start view: a player zoomed in on a fight lost the
        zoom after every attack). The start view where the window or the board changed since."""
        self._framed = False
        before, self._view_before = self._view_before, None
        cam = self.camera
        if before is not None and before[0] == (cam.view, cam.board_size):
            _key, cam.x, cam.y, cam.zoom_index, cam.fit_zoom = before
            cam.clamp()
        else:
            self._start_view()
        self.dirty = True

    def _figure_at(self, pos) -> str | None:
        best, best_d = None, self.camera.zoom * TOKEN / 2 + 2
        for key, (mx, my) in self._positions().items():
            sx, sy = self.camera.to_screen(mx, my)
            d = math.dist(pos, (sx, sy))
            if d <= best_d:
                best, best_d = key, d
        return best

    def _why_not_target(self, lid: str) -> str:
        player = self.session.decider or ""
        c = self.state.cogs.get(player)
        name = words.locust(self.state, self.content, lid)
        if c is None:
            return _("{name} cannot be attacked now.").format(name=name)
        for w, _n in c.weapons:
            for mode in ("normal", "overwhelming"):
                reason = gears_attack.cog_attack_legality(self.state, self.content, player, lid, w, mode)
                if reason:
                    # The rules' sentence names the Locust where it speaks of it ("Damon Baird
                    # cannot attack Grenadier 1: a wall blocks..."): not named twice then.
                    reason = as_text(reason)
                    return reason if name in reason else _("{name}: {reason}").format(name=name, reason=reason)
        return _("{name} cannot be attacked now.").format(name=name)

    def hint(self) -> str:
        """What the player can do now, in words (also the prompt line)."""
        ch = self.choices
        if ch.prompt:
            return self._words(ch.prompt)
        phase = self.state.phase
        if ch.areas:
            if phase == "crawl":
                return _("Click a lit area to crawl there.")
            frame = gears_turn.top(self.state)
            if frame is not None and frame["f"] == "move":
                n = frame["left"]
                return ngettext("Click a lit area to move there ({n} area left).",
                                "Click a lit area to move there ({n} areas left).", n).format(n=n)
            return _("Click a lit area to move there.")
        if ch.spots:
            cog = self._covering_cog()
            if cog is not None:
                return _("Click a free cover spot for {name}, or stay in the open.").format(
                    name=words.character(self.content, cog.character))
            return _("Click a free cover spot, or stay in the open.")
        if ch.targets:
            return _("Click a lit Locust to see the attack.")
        if ch.cards and phase == "order":
            if any(a.kind == "play" for acts in ch.cards.values() for a in acts):
                return _("Click an order card to play it.")
            # One Order card a turn (seed p. 9: the active player chooses one card of his hand):
            # once it is resolved, a lit card is one more discarded for a special action (revive,
            # pick up, equipment: seed p. 9-10), not a second order. 'Click an order card to play
            # it' was shown after an Assault (el, hot-seat), as if another card could be played.
            c = self.state.cogs.get(ch.decider or "")
            if c is not None:
                return _("{name}'s Order card is resolved: a lit card may be discarded for a special action, or "
                         "choose End the Order Step.").format(name=words.character(self.content, c.character))
        if ch.cards:
            return _("Click a lit card, or a button at the right of this line.")
        cog = self._covering_cog()
        if cog is not None:
            # Taking cover with every spot of the area taken: the one button left is 'Stay in
            # the open', and the generic line did not say why there was nothing to click.
            return _("No cover spot is free in {area} for {name}: choose Stay in the open, at the right of "
                     "this line.").format(area=words.area(cog.area), name=words.character(self.content, cog.character))
        if [a.kind for _label, a in ch.buttons] == ["end"] and self.state.flags.get("played"):
            # The order is played and resolved: the one step left is to end the Order Step (a
            # weapon may still be dropped first, seed p. 20). Said as what comes next.
            c = self.state.cogs.get(ch.decider or "")
            if c is not None:
                return _("{name}'s Order card is resolved: choose End the Order Step, at the right of this "
                         "line, to go on.").format(name=words.character(self.content, c.character))
        # The choices are the prompt line's buttons, from its right end (and under it when they
        # do not fit): issue 21, "above the map" sent players looking elsewhere.
        return _("Choose one of the buttons at the right of this line.")

    def _covering_cog(self):
        """The COG whose cover spot is being chosen (a move's end or the set-up), or None."""
        frame = gears_turn.top(self.state) if self.state.proc is None else None
        if frame is None or frame["f"] not in ("cover", "setup_cover"):
            return None
        return self.state.cogs.get(frame["player"] if frame["f"] == "cover" else frame["order"][0])

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        self._fit_board()
        if self._end_shown():
            self._frame_end(self._end_rect())
        # A frame where only the clock moved figures or dice: the last one with what moved
        # drawn again (a tutorial draws its own marks over the table: always whole there).
        if type(self).draw is GearsTable.draw and self.draw_moving(surface, self._draw_map_layer):
            return
        surface.fill(self.table_colour())
        self.draw_table(surface, self._draw_map, self._draw_over_panels)

    CLICKS_IN_PART = True

    def frame_key(self) -> tuple:
        # What a click selects (a target, a card, a grenade's or weapon's areas, a discard) shows
        # in parts (the lit areas, the attack panel), sprites (rings, the line to the target)
        # and strips (the prompt, the hand): only the camera moves everything.
        cam = self.camera
        return cam.x, cam.y, cam.zoom

    def view_key(self) -> tuple:
        """What the map layer shows of the state beside the lit choices (a part): the tiles
        laid (the renderer) and the rules' marks (_draw_state_marks); the lit choices, the
        COGs' cover and the hovered area are parts. A move, a card or a roll changes none of it."""
        st = self.state
        marks = (tuple((name, tuple(sorted(hole.items()))) for name, hole in st.holes.items()), tuple(st.doors),
                 tuple(tuple(sorted(d.items())) for d in st.dropped),
                 any(c.area for c in st.cogs.values()))  # the entrance's tag, until the COGs enter
        if not st.doors or not any(c.area for c in st.cogs.values()):
            # The map exit's or entrance's tag keeps clear of the figures (_clear_of_figures).
            marks += (tuple(sorted(self._positions().items())),)
        return self.painter.for_state(st), marks

    def hand_key(self) -> tuple:
        viewer = self.viewer
        cog = self.state.cogs.get(viewer) if viewer is not None else None
        mine = self._not_yours() is None and self.session.decider == viewer
        shown = None if cog is None else (cog.character, tuple(cog.hand), tuple(map(tuple, cog.weapons)), cog.grenades,
                                          cog.bleeding)
        return (viewer, shown, mine, tuple(self.choices.drops), tuple(self.choices.cards), self.selected_card,
                self.handoff is not None)

    def local_parts(self) -> dict:
        """The hovered area: its glow and outline (_draw_highlights) lie within its box; the
        hovered figure's card and the attack panel, each within its rect (both follow the
        figures: a figure sliding moves them, and the pointer onto another figure changes the
        card; what each says is in what it shows); the lit choices and the taken cover spots,
        which an action changes where they were and are."""
        card = self._figure_card()
        panel = self._preview_place()
        # The hovered area is outlined unless it is a choice (lit or not: the seat deciding may
        # not be the viewer's), so whether it is one is part of what it shows.
        hover = (self.hover_area, self.hover_area in self.choices.areas)
        named = self.hover_named_area if self._not_yours() is None else None
        # The tag's place is part of what it shows: it keeps off the figures, which move.
        tag = self._area_tag(self.hover_area)[0] if self.hover_area else None
        return {"hover_area": ((hover, tuple(tag) if tag else None),
                               [self._area_box(self.hover_area), tag] if self.hover_area else []),
                "named_area": (named, [self._area_box(named)] if named else []),
                "lit": self._lit_part(),
                "cover": self._cover_part(),
                "figure_card": ((card[0], tuple(card[1]), card[2]), [card[1]]) if card else (None, []),
                "decider_ring": self._ring_part(),
                "attack_panel": ((tuple(panel[0]), self.state_version, self.target, self.attack_choice), [panel[0]])
                if panel else (None, [])}

    def _ring_place(self) -> tuple[str, tuple[int, int], int] | None:
        """The ring round the deciding COG's colour dot in the Squad section (who, centre,
        radius), where the section was last laid out; None when the section does not show."""
        decider = self.session.decider
        row = self.squad_rows.get(decider) if decider is not None else None
        if row is None or not self.side_open or "squad" not in self._side_places()[4]:
            return None
        px = self.ctx.px
        return decider, (row.left + px(6), row.top + px(9)), px(8)

    def _ring_part(self) -> tuple[Any, list[pygame.Rect]]:
        """The decider's ring (`_draw_ring`), a part of its own over the side panel: the Squad
        section's layer is not keyed on who decides, so the decision passing (each hand-off)
        draws the two rings' boxes, not the Squad section and those below it."""
        ring = self._ring_place()
        if ring is None:
            return None, []
        _who, (x, y), r = ring
        box = pygame.Rect(x - r - 2, y - r - 2, 2 * r + 5, 2 * r + 5)
        return (ring, tuple(box)), [box]

    def _draw_ring(self, surface) -> None:
        ring = self._ring_place()
        if ring is not None:
            pygame.draw.circle(surface, self.ctx.palette.text, ring[1], ring[2], 2)

    def _cover_taken(self) -> list[tuple[str, tuple[int, int]]]:
        """The cover spots taken, with their occupier (a dot in their colour on the map)."""
        cover = self.state.view().cover
        return [(p, self.screen_of_spot(c.cover)) for p, c in self.state.cogs.items() if c.cover and c.cover in cover]

    def _cover_part(self) -> tuple[tuple, list[pygame.Rect]]:
        """The taken cover spots' dots (_draw_highlights), each within its box."""
        radius = max(4, round(8 * self.camera.zoom)) + 2
        taken = self._cover_taken()
        return tuple(taken), [pygame.Rect(x - radius, y - radius, 2 * radius + 1, 2 * radius + 1) for _p, (x, y) in taken]

    def _lit_part(self) -> tuple[tuple, list[pygame.Rect]]:
        """The lit choices on the map (_draw_highlights): the areas, spots, grenade areas and
        area weapon's areas lit, each within its box; a choice made changes them there only."""
        ch = self.choices
        if self._not_yours() is not None:
            return (), []
        areas = list(ch.areas) + list(self.reach)
        if self.grenade_mode:
            areas += list(ch.grenades)
        if self.area_weapon is not None:
            areas += [area for area in ch.area_attacks if self._area_shots(area)]
        radius = max(8, round(SPOT_RADIUS * self.camera.zoom)) + 2
        spots = [pygame.Rect(0, 0, 2 * radius + 1, 2 * radius + 1) for _s in ch.spots]
        for rect, spot in zip(spots, ch.spots):
            rect.center = self.screen_of_spot(spot)
        what = (tuple(areas), tuple(ch.spots), self.grenade_mode, self.area_weapon, self.area_pick,
                tuple(self.reach.get(self.hover_area or "", ())))
        return what, [self._area_box(area) for area in areas] + spots

    def _area_box(self, area: str) -> pygame.Rect:
        """The screen box of an area with room for its outline (drawn up to 3 zoomed pixels wide,
        half of it outside the polygon)."""
        xs, ys = zip(*self._poly_screen(area))
        margin = max(2, round(3 * self.camera.zoom)) + 2
        left, top = math.floor(min(xs)) - margin, math.floor(min(ys)) - margin
        return pygame.Rect(left, top, math.ceil(max(xs)) + margin - left + 1, math.ceil(max(ys)) + margin - top + 1)

    def _draw_map(self, surface) -> None:
        """The map, what the rules changed on it and the lit choices (one layer, drawn again only
        when one of them or the camera changes), then the figures over it (sprites)."""
        self._draw_map_layer(surface)
        self.show_sprites(surface, self.sprites())

    def _draw_map_layer(self, surface) -> None:
        renderer = self.painter.for_state(self.state)
        cam = self.camera
        key = (self.view_key(), self.ctx.settings, cam.x, cam.y, cam.zoom, tuple(self.view_rect),
               self._lit_part()[0], self._cover_part()[0], self.hover_area, self.hover_area in self.choices.areas,
               self.hover_named_area if self._not_yours() is None else None,
               self.grenade_mode, self.area_weapon, self.area_pick)
        self.map_layer.draw(surface, self.view_rect, key, lambda target: self._draw_floor(target, renderer))

    def _draw_floor(self, surface, renderer) -> None:
        buffer = self.painter.buffer(renderer, self.camera)
        ox, oy = self.camera.to_screen(0, 0)
        surface.fill(self.ctx.palette.table, self.view_rect)
        surface.blit(buffer, (round(ox), round(oy)))
        self._draw_state_marks(surface)
        self._draw_highlights(surface)

    def _draw_over_panels(self, surface) -> None:
        self._draw_ring(surface)  # over the side panel, where the Squad section drew it before
        self.figure_card_rect = None
        if self.target is not None and self.attack_choice is not None:
            self._draw_preview(surface)
            return
        if self.hover_area and self.handoff is None:  # over the figures, under a figure's card
            self._draw_area_tag(surface, self.hover_area)
        card = self._figure_card()
        if card is not None:
            self._draw_figure_card(surface, card[1], card[2])

    def _figure_card(self) -> tuple[str, pygame.Rect, list] | None:
        """The card of the figure (or Squad row) under the pointer, unless the attack panel or
        the handoff card is up: (figure, rect, wrapped lines)."""
        fig = self.hover_figure
        if (self.target is not None and self.attack_choice is not None) or self.handoff is not None:
            return None
        if fig in self.state.locusts:
            return (fig,) + self._figure_card_layout(fig, locust_card_lines(self.state, self.content, fig))
        if fig in self.state.cogs:
            return (fig,) + self._figure_card_layout(fig, cog_card_lines(self.state, self.content, fig))
        return None

    def _figure_card_layout(self, lid: str, card_lines: list[tuple[str, str]]) -> tuple[pygame.Rect, list]:
        """A Locust's Enemy card (locust_card_lines) beside the figure, or a COG's character card
        (cog_card_lines) beside its token, or left of its Squad row when the pointer is there:
        its rect and its lines wrapped (text, colour, size, bold)."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        style = {"title": (pal.accent, 15, True), "stats": (pal.text, 13, True), "wounded": (pal.danger, 13, True),
                 "traits": (pal.text_dim, 12, False), "ability": (pal.text, 12, False), "legend": (pal.text_dim, 11, False)}
        lines = [(text,) + style[role] for text, role in card_lines]
        width = px(340)
        wrapped = [(part, colour, size, bold) for text, colour, size, bold in lines
                   for part in widgets.wrap(text, ctx.font(size, bold=bold), width - px(24))]
        height = sum(ctx.font(size, bold=bold).get_linesize() for _t, _c, size, bold in wrapped) + px(20)
        rect = pygame.Rect(0, 0, width, height)
        row = self.squad_rows.get(lid)
        if row is not None and self.mouse is not None and row.collidepoint(self.mouse):
            rect.topright = (self.side_rect.left - px(8), row.top)  # beside the hovered Squad row
            rect.clamp_ip(pygame.Rect(0, self.view_rect.top, self.side_rect.left, self._size[1] - self.view_rect.top))
        else:  # beside the figure on the map
            sx, sy = self.screen_of_figure(lid)
            rect.topleft = (sx + px(24), sy - height // 2)
            rect.clamp_ip(self.view_rect)
            if rect.collidepoint(sx, sy):  # pushed back over the figure by the edge: to its left then
                rect.right = sx - px(24)
                rect.clamp_ip(self.view_rect)
        return rect, wrapped

    def _draw_figure_card(self, surface, rect: pygame.Rect, wrapped: list) -> None:
        ctx, px = self.ctx, self.ctx.px
        self.figure_card_rect = rect
        widgets.panel(surface, ctx, rect, alpha=240)
        y = rect.top + px(10)
        for text, colour, size, bold in wrapped:
            font = ctx.font(size, bold=bold)
            widgets.text(surface, text, font, colour, (rect.left + px(12), y))
            y += font.get_linesize()

    def _draw_state_marks(self, surface) -> None:
        """What the rules change on the map: sealed holes, door tokens, dropped weapons."""
        st, view, z, px = self.state, self.state.view(), self.camera.zoom, self.ctx.px
        board = view.board
        markers = {m.name: m for m in board.markers_of("emergence")}
        for name, hole in st.holes.items():
            if hole.get("area") not in board.areas:
                continue
            m = markers.get(name)
            mx, my = (float(m.point[0]), float(m.point[1])) if m else self._area_point(hole["area"])
            x, y = self.camera.to_screen(mx, my)
            size = max(8, round(48 * z))
            rel = "board/hole_sealed.png" if hole.get("sealed") else "board/hole_open.png"
            if hole.get("sealed") or hole.get("token") or m is None:
                image = self.ctx.assets.image(rel, (size, size))
                surface.blit(image, image.get_rect(center=(round(x), round(y))))
        for door in st.doors:
            conn = next((c for c in board.connectors if c.name == door), None)
            if conn is None:
                continue
            a = self.camera.to_screen(float(conn.segment.a[0]), float(conn.segment.a[1]))
            b = self.camera.to_screen(float(conn.segment.b[0]), float(conn.segment.b[1]))
            pygame.draw.line(surface, (20, 16, 10), a, b, max(4, round(16 * z)))
            pygame.draw.line(surface, pal_door(self.ctx), a, b, max(2, round(10 * z)))
        for a, b, tag, text, font in self._map_exit_marks():
            pygame.draw.line(surface, (20, 16, 10), a, b, max(3, round(10 * z)))
            pygame.draw.line(surface, self.ctx.palette.accent, a, b, max(2, round(6 * z)))
            pygame.draw.rect(surface, (24, 26, 30), tag, border_radius=px(4))
            pygame.draw.rect(surface, self.ctx.palette.accent, tag, 1, border_radius=px(4))
            widgets.text(surface, text, font, self.ctx.palette.accent, tag.center, "center")
        for r, name_rect, name in self._dropped_tags():
            pygame.draw.rect(surface, (40, 40, 44), r, border_radius=px(3))
            pygame.draw.rect(surface, (200, 190, 160), r, 1, border_radius=px(3))
            _paint_rifle(surface, r.inflate(-max(2, r.width // 6), -max(2, r.height // 5)), (200, 190, 160))
            label = self.ctx.assets.font(max(8, round(11 * z)), bold=True).render(name, True, (230, 220, 190))
            surface.blit(label, name_rect)

    def _map_exit_marks(self) -> list[tuple[tuple[float, float], tuple[float, float], pygame.Rect, str, Any]]:
        """The map exit where no door token shows it (spawning.map_exit_connectors: the newest
        tile's free exit): its ends on screen and a 'Map exit' tag inside its area. Roadblocks'
        Stage 1 explores when a COG enters it, and reinforcements spawn there, but the map did
        not show where it was. Said on the tag: entering it explores, when it does."""
        from game.gears.rules.spawning import map_exit_connectors

        st = self.state
        view = st.view()
        board, z = view.board, self.camera.zoom
        font = self.ctx.assets.font(max(9, round(13 * z)), bold=True)
        marks: list[tuple[Any, str, str]] = []  # (connector, the area it opens on, its words)
        if not any(c.area for c in st.cogs.values()) and view.entrance is not None:
            # Set-up, before the COGs enter (Roadblocks asks each player where his Ticker
            # goes first): where they will come in. The question names it; the map shows it.
            marks.append((view.entrance, view.entrance_area, _("Map entrance: the COGs enter here")))
        if not st.doors:
            text = _("Map exit: entering it explores") if gears_turn.explores_on_entry(st) else _("Map exit")
            for name in map_exit_connectors(st):
                conn = next((c for c in board.connectors if c.name == name), None)
                if conn is not None:
                    marks.append((conn, view.exits.get(name), text))
        (left, top), (bw, bh) = self.camera.to_screen(0, 0), self.camera.board_size
        board_rect = pygame.Rect(round(left), round(top), round(bw * z), round(bh * z))  # the tag stays on the map
        out = []
        for conn, area, text in marks:
            if area not in board.areas:
                continue
            a = self.camera.to_screen(float(conn.segment.a[0]), float(conn.segment.a[1]))
            b = self.camera.to_screen(float(conn.segment.b[0]), float(conn.segment.b[1]))
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            inside = self.camera.to_screen(*self._area_point(area))
            d = math.dist(mid, inside) or 1.0
            step = min(d * 0.5, self.ctx.px(28))  # from the edge toward the area's middle
            at = (mid[0] + (inside[0] - mid[0]) * step / d, mid[1] + (inside[1] - mid[1]) * step / d)
            w, h = font.size(text)
            tag = pygame.Rect(0, 0, w + self.ctx.px(10), h + self.ctx.px(4))
            tag.center = (round(at[0]), round(at[1]))
            tag = self._clear_of_figures(tag.clamp(board_rect).clamp(self.view_rect), area, mid, inside, a, b,
                                         board_rect, [t for _a, _b, t, _text, _f in out])
            out.append((a, b, tag, text, font))
        return out

    def _figure_boxes(self) -> list[pygame.Rect]:
        """Where the figures' tokens stand on screen once still (their state's places)."""
        size = max(14, round(TOKEN * self.camera.zoom))
        boxes = []
        for key, (mx, my) in self._positions().items():
            if key in self.state.cogs or key in self.state.locusts:
                box = pygame.Rect(0, 0, size, size)
                box.center = tuple(round(v) for v in self.camera.to_screen(mx, my))
                boxes.append(box)
        return boxes

    def _clear_of_figures(self, tag: pygame.Rect, area: str, mid, inside, a, b, board_rect,
                          tags: list[pygame.Rect] = ()) -> pygame.Rect:
        """A map exit's or entrance's tag moved, within its area, off the figures' tokens: a
        Ticker spawned at Roadblocks' exit covered its 'Map exit: entering it explores'. Further
        in from the edge, then to either side along it; where it is anyway (the tokens are drawn
        over it) when no place in the area is clear. Off the `tags` placed before it too: at
        Roadblocks' set-up the Greek exit's tag lay over the entrance's, the tiles side by side."""
        boxes = self._figure_boxes() + list(tags)
        if not any(tag.colliderect(box) for box in boxes):
            return tag
        d = math.dist(mid, inside) or 1.0
        inward = ((inside[0] - mid[0]) / d, (inside[1] - mid[1]) / d)
        e = math.dist(a, b) or 1.0
        along = ((b[0] - a[0]) / e, (b[1] - a[1]) / e)
        step = tag.height + self.ctx.px(6)
        for forward in (0, 1, 2, 3, 4):
            for side in (0, -1, 1, -2, 2, -3, 3):
                if not forward and not side:
                    continue
                moved = tag.move(round(inward[0] * step * forward + along[0] * step * side),
                                 round(inward[1] * step * forward + along[1] * step * side))
                moved = moved.clamp(board_rect).clamp(self.view_rect)
                if self.area_at_screen(moved.center) == area and not any(moved.colliderect(box) for box in boxes):
                    return moved
        return tag

    def _dropped_tags(self) -> list[tuple[pygame.Rect, pygame.Rect, str]]:
        """Each kind of weapon dropped in an area on screen: its tag, the rect of its name under
        it, the name (with how many lie there: a Bolo killing two Grenadiers left two
        Hammerbursts drawn as one, on the same spot). Another weapon in the same area goes
        under the first. The figures' name labels keep clear of them all (a Boomer's name lay
        over a Hammerburst's)."""
        st, view, z = self.state, self.state.view(), self.camera.zoom
        font = self.ctx.assets.font(max(8, round(11 * z)), bold=True)
        piles: dict[tuple[str, str], int] = {}
        for d in st.dropped:
            if d.get("area") in view.board.areas:
                key = (d["area"], d.get("weapon", ""))
                piles[key] = piles.get(key, 0) + 1
        out = []
        below: dict[str, int] = {}  # the y under the last tag of each area
        for (area, weapon), n in piles.items():
            x, y = self.camera.to_screen(*dropped_point(view, area))
            r = pygame.Rect(0, 0, max(10, round(30 * z)), max(8, round(18 * z)))
            r.center = (round(x), round(y - 8 * z))
            if area in below:
                r.top = below[area] + max(1, round(3 * z))
            name = words.weapon(self.content, weapon).split()[0]
            if n > 1:
                name = f"{name} \u00d7{n}"
            name_rect = pygame.Rect((0, 0), font.size(name))
            name_rect.midtop = (r.centerx, r.bottom + 1)
            below[area] = name_rect.bottom
            out.append((r, name_rect, name))
        return out

    def _area_tag(self, area: str) -> tuple[pygame.Rect, str, pygame.font.Font]:
        """The hovered area's name in a tag at the top of the area, inside the view (the map
        names no area, and the log, prompts and buttons do: "Burial cells (3B)"), clear of the
        map's own tags: the map entrance's or exit's, the dropped weapons'. Hovering the area by
        the entrance laid its name over 'Map entrance: the COGs enter here', the words that say
        where the COGs come in; it goes under (or over) such a tag, else to the area's bottom."""
        ctx, px = self.ctx, self.ctx.px
        font = ctx.font(13, bold=True)
        text = words.area(area)
        tw, th = font.size(text)
        rect = pygame.Rect(0, 0, tw + px(12), th + px(4))
        box = self._area_box(area)
        rect.midtop = (box.centerx, box.top + px(6))
        rect = rect.clamp(self.view_rect)
        fixed = [tag for _a, _b, tag, _t, _f in self._map_exit_marks()] + \
            [tag.union(name) for tag, name, _n in self._dropped_tags()]
        # The figures and their names too (as last drawn): hovering Hive's Stairwell (6B) laid
        # 'Lépcsőakna (6B)' over Marcus's token, against his name (hu, 1920x1080, zoomed in).
        fixed += [r for r in list(self.token_rects.values()) + list(self.label_rects.values())
                  if r.colliderect(self.view_rect)]
        if not any(rect.colliderect(tag) for tag in fixed):
            return rect, text, font
        tries = [rect.move(0, tag.bottom + px(4) - rect.top) for tag in fixed] + \
            [rect.move(0, tag.top - px(4) - rect.bottom) for tag in fixed]
        low = rect.copy()
        low.bottom = box.bottom - px(6)
        tries.append(low)
        # Then down the area's box, at its middle and either side (as kit/clear_place.py slides a
        # panel along the view's edges): a crowded area's figures take its top and its bottom.
        room = max(0, box.height - rect.height - px(12))
        for k in range(1, 8):
            for x in (box.centerx, box.left + px(6) + rect.width // 2, box.right - px(6) - rect.width // 2):
                tries.append(rect.copy())
                tries[-1].midtop = (x, box.top + px(6) + room * k // 8)
        for moved in sorted(tries, key=lambda r: abs(r.top - rect.top) + abs(r.centerx - rect.centerx)):
            moved = moved.clamp(self.view_rect)
            if box.collidepoint(moved.center) and not any(moved.colliderect(tag) for tag in fixed):
                return moved, text, font
        return rect, text, font

    def _draw_area_tag(self, surface, area: str) -> None:
        rect, text, font = self._area_tag(area)
        pal, px = self.ctx.palette, self.ctx.px
        pygame.draw.rect(surface, (24, 26, 30), rect, border_radius=px(4))
        pygame.draw.rect(surface, pal.area_outline, rect, 1, border_radius=px(4))
        widgets.text(surface, text, font, pal.text, rect.center, "center")

    def _poly_screen(self, area: str):
        return [self.camera.to_screen(float(x), float(y)) for x, y in self.state.view().board.areas[area].polygon]

    def _draw_highlights(self, surface) -> None:
        ch, pal, z = self.choices, self.ctx.palette, self.camera.zoom
        mine = self._not_yours() is None
        # One see-through sheet the size of the screen, kept: only the part the shapes touched is
        # blended onto the map and cleared again (issue 19: a new full-screen sheet blended every
        # frame). Same coordinates as drawing on a new sheet, so the same pixels.
        if self._glow is None or self._glow.get_size() != surface.get_size():
            self._glow = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        glow = self._glow
        touched: list[pygame.Rect] = []

        def polygon(colour, pts, width=0) -> None:
            touched.append(pygame.draw.polygon(glow, colour, pts, width))

        if mine and self.area_weapon is not None:
            for area in ch.area_attacks:
                if not self._area_shots(area):
                    continue
                pts = self._poly_screen(area)
                hot = area in (self.hover_area, self.area_pick)
                polygon((*pal.danger, 90 if hot else 45), pts)
                polygon((*pal.danger, 230), pts, max(2, round(3 * z)))
        if mine and self.grenade_mode:
            for area in ch.grenades:
                pts = self._poly_screen(area)
                polygon((*pal.danger, 90 if area == self.hover_area else 45), pts)
                polygon((*pal.danger, 230), pts, max(2, round(3 * z)))
        if mine:
            # A move's farther areas, faint; the way to the hovered one, as the steps it takes.
            way = self.reach.get(self.hover_area or "", ())
            for area in self.reach:
                pts = self._poly_screen(area)
                polygon((*pal.lit, 60 if area in way else 14), pts)
                polygon((*pal.lit, 200 if area in way else 90), pts, max(1, round(2 * z)))
            for area in ch.areas:
                pts = self._poly_screen(area)
                hot = area == self.hover_area or area in way[:1]
                polygon((*pal.lit, 90 if hot else 45), pts)
                polygon((*pal.lit, 230), pts, max(2, round(3 * z)))
            for spot in ch.spots:
                x, y = self.screen_of_spot(spot)
                touched.append(pygame.draw.circle(glow, (*pal.accent, 120), (x, y), max(8, round(SPOT_RADIUS * z))))
                touched.append(pygame.draw.circle(glow, (*pal.accent, 255), (x, y), max(8, round(SPOT_RADIUS * z)), max(2, round(3 * z))))
        if self.hover_area and self.hover_area not in ch.areas:
            polygon((*pal.area_outline, 130), self._poly_screen(self.hover_area), max(1, round(2 * z)))
        if mine and self.hover_named_area:  # in the colour of the lit choices, as a named figure's ring
            pts = self._poly_screen(self.hover_named_area)
            polygon((*pal.lit, 70), pts)
            polygon((*pal.lit, 230), pts, max(2, round(3 * z)))
        if touched:
            box = touched[0].unionall(touched[1:]).clip(glow.get_rect())
            surface.blit(glow, box, box)
            glow.fill((0, 0, 0, 0), box)
        # Cover occupancy: a small dot on each taken spot, in the occupier's colour.
        for p, (x, y) in self._cover_taken():
            pygame.draw.circle(surface, seat_colour(self.state.players, p), (x, y), max(4, round(8 * z)), 2)

    def sprites(self) -> list[Sprite]:
        """The figures (token, rings, wound mark), their names and the line to a target, as
        the kit's sprites: a frame in which only a figure slides redraws where it was and is."""
        return self._figure_sprites() + self._label_sprites() + self._target_sprites()

    def _figure_sprites(self) -> list[Sprite]:
        st, z = self.state, self.camera.zoom
        size = max(14, round(TOKEN * z))
        self.token_rects = {}
        out = []
        active = self.session.decider
        mine = self._not_yours() is None
        for key, (mx, my) in self._drawn_positions().items():
            x, y = self.camera.to_screen(mx, my)
            if key in st.cogs:
                i = st.players.index(key)
                rel = f"tokens/cog_p{i + 1}.png"
            elif key in st.locusts:
                enemy = st.locusts[key].enemy
                rel = f"tokens/{enemy}.png" if self.ctx.assets.exists(f"tokens/{enemy}.png") else f"tokens/{self.content.enemies[enemy].figure}.png"
            else:
                continue
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(x), round(y))
            bleeding = key in st.cogs and st.cogs[key].bleeding
            targeted = key in self.choices.targets and mine
            named = key == self.hover_named and mine
            wounded = key in st.locusts and st.locusts[key].wounded
            self.token_rects[key] = rect
            ring = size // 2 + max(3, round(6 * z)) + 2
            bound = pygame.Rect(0, 0, 2 * ring, 2 * ring)
            bound.center = rect.center
            look = (rel, size, bleeding, targeted, named, key == active, wounded, tuple(rect))
            out.append(Sprite(("figure", key), look, bound.inflate(4, 4),
                              partial(self._paint_figure, rel, size, z, bleeding, targeted, named, key == active, wounded, rect)))
        return out

    def _paint_figure(self, rel, size, z, bleeding, targeted, named, active, wounded, rect, surface) -> None:
        pal = self.ctx.palette
        image = self.ctx.assets.image(rel, (size, size))
        if bleeding:
            image = pygame.transform.rotate(image, 90)
        at = image.get_rect(center=rect.center)
        if named:  # in the colour of the lit choices: the button under the pointer chooses it
            pygame.draw.circle(surface, pal.lit, at.center, size // 2 + max(3, round(6 * z)), max(3, round(5 * z)))
        if targeted:
            pygame.draw.circle(surface, pal.danger, at.center, size // 2 + max(3, round(6 * z)), max(2, round(4 * z)))
        if active:
            pygame.draw.circle(surface, pal.accent, at.center, size // 2 + max(2, round(4 * z)), max(2, round(3 * z)))
        surface.blit(image, at)
        if wounded:
            pygame.draw.circle(surface, (200, 30, 30), (at.right - size // 6, at.top + size // 6), max(4, size // 7))

    def _label_sprites(self) -> list[Sprite]:
        """Each figure's name beside its token, clear of the other names and tokens (labels.py)."""
        st, z = self.state, self.camera.zoom
        self.label_rects = {}
        if z < NAME_ZOOM:
            return []  # too small to read: the squad panel names them
        font = self.ctx.assets.font(max(9, round(12 * z)), bold=True)
        texts = {key: words.locust(st, self.content, key) if key in st.locusts
                 else words.character(self.content, st.cogs[key].character).split()[0]
                 for key, token in self.token_rects.items() if token.colliderect(self.view_rect)}  # a token out of
        # view has no name in it: clamped into the view, its name would stand beside nothing
        sizes = {key: font.size(t) for key, t in texts.items()}
        # The map's own texts are in the way too: the dropped weapons' tags and names, the map
        # exit's or entrance's tag ('Theron Guard 3' lay over a dropped 'Torque').
        fixed = [tag.union(name_rect) for tag, name_rect, _name in self._dropped_tags()]
        fixed += [tag for _a, _b, tag, _text, _font in self._map_exit_marks()]
        self.label_rects = labels.place_labels(self.token_rects, sizes, self.view_rect, fixed=fixed)
        shadow = max(1, font.get_height() // 16)
        return [Sprite(("label", key), (texts[key], font, tuple(rect)), rect.inflate(2 * shadow + 4, 2 * shadow + 4),
                       partial(self._paint_label, texts[key], font, rect.topleft))
                for key, rect in self.label_rects.items()]

    @staticmethod
    def _paint_label(text: str, font, at, surface) -> None:
        widgets.text(surface, text, font, (245, 240, 225), at, shadow=True)

    def _target_sprites(self) -> list[Sprite]:
        if self.target is None:
            return []
        ends = self._target_ends()
        if ends is None:
            return []
        a, b = ends
        bound = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]) + 1, abs(a[1] - b[1]) + 1).inflate(16, 16)
        return [Sprite("target", (tuple(a), tuple(b)), bound, partial(self._paint_target_line, a, b))]

    def _target_ends(self):
        """The LOS witness between the attacker and the chosen target, exactly as the rules see
        it: its two ends on screen (None when there is no such pair)."""
        player = self.session.decider
        if player not in self.state.cogs or self.target not in self.state.locusts:
            return None
        view = self.state.view()
        a_area, b_area = self.state.cogs[player].area, self.state.locusts[self.target].area
        if a_area == b_area:
            return self.screen_of_figure(player), self.screen_of_figure(self.target)
        # The line between the two figures themselves when nothing blocks it: it is one of the
        # rules' witnesses (a point of each area). The witness the area search finds may start
        # anywhere in the attacker's area: at 1280x720 it ran from a partner's token in the
        # same area, as if the partner were attacking.
        pos = self._positions()
        ends = [tuple(Fraction(round(c)) for c in pos[k]) for k in (player, self.target) if k in pos]
        if len(ends) == 2 and view.sight.points(ends[0], ends[1]).visible:
            return self.screen_of_figure(player), self.screen_of_figure(self.target)
        if len(ends) == 2:
            # Blocked between the tokens: a witness from one token into the other's area (the
            # rules' sight is area to area, and a token stands in its area). The area search's
            # witness joined two points of floor, a line that stopped short of both figures.
            mine = view.sight.point_area(ends[0], b_area)
            if mine.visible and mine.witness is not None:
                return self.screen_of_figure(player), self.camera.to_screen(float(mine.witness.b[0]), float(mine.witness.b[1]))
            theirs = view.sight.point_area(ends[1], a_area)
            if theirs.visible and theirs.witness is not None:
                return self.camera.to_screen(float(theirs.witness.b[0]), float(theirs.witness.b[1])), self.screen_of_figure(self.target)
        result = view.sight.areas(a_area, b_area)
        if result.witness is None:
            return self.screen_of_figure(player), self.screen_of_figure(self.target)
        w = result.witness
        a = self.camera.to_screen(float(w.a[0]), float(w.a[1]))
        b = self.camera.to_screen(float(w.b[0]), float(w.b[1]))
        return a, b

    def _paint_target_line(self, a, b, surface) -> None:
        pal = self.ctx.palette
        pygame.draw.line(surface, (0, 0, 0), a, b, 6)
        pygame.draw.line(surface, pal.los_visible, a, b, 3)
        for p in (a, b):
            pygame.draw.circle(surface, pal.los_visible, p, 5)

    def toolbar_buttons(self) -> list[tuple[str, str]]:
        return super().toolbar_buttons() + [(_("Fit map"), "fit")]

    def toolbar_title(self) -> str:
        mission = self.content.missions[self.state.mission]
        stage = _("Stage {n} of {total}").format(n=min(self.state.stage + 1, len(mission.stages)), total=len(mission.stages))
        return f"{words.mission(mission)}  \u2022  {stage}  \u2022  " + _("Turn {n}").format(n=self.state.turn)

    def prompt_choices(self) -> tuple[str | None, list[tuple[str, object, bool]]]:
        """A card being used, a grenade or area weapon being aimed (with Cancel), or the lit
        choices' buttons."""
        text: str | None = None
        buttons: list[tuple[str, object, bool]] = []
        if self.confirm_drop is not None and self.confirm_drop in self.choices.drops:
            name = self._weapon_name(self.confirm_drop)
            text = fill(_("Discard the {weapon} for good? It goes back in the box (seed p. 20)."), weapon=name)
            buttons.append((_("Discard the {weapon}").format(weapon=name), self.choices.drops[self.confirm_drop], False))
            buttons.append((_("Keep it"), "cancel", True))
        elif self.selected_card is not None:
            for a in self.choices.cards.get(self.selected_card, []):
                buttons.append((C.option_label(self.state, self.content, a), a, True))
            buttons.append((_("Cancel"), "cancel", False))
            card = words.card(self.content, self.selected_card)
            if self.choices.prompt and self.state.proc is not None:
                # A card for a question asked inside a resolution (a Guard, a Dodge, a wound's
                # discard): the question stays on the line, or the player choosing between
                # "Guard: Lancer" and "Guard: Snub Pistol" no longer read which Locust it was.
                text = _("{question} With {card}:").format(question=self._words(self.choices.question or self.choices.prompt),
                                                             card=card)
            else:
                text = _("{card}: how will you use it?").format(card=card)
        elif self.grenade_mode:
            buttons.append((_("Cancel"), "cancel", False))
            text = _("Click a lit area to throw a Bolo Grenade there.")
        elif self.area_weapon is not None:
            name = self._weapon_name(self.area_weapon)
            if self.area_pick is not None:
                for a in self._area_shots(self.area_pick):
                    buttons.append((_(a.payload["mode"]).capitalize(), a, True))
                text = fill(_("Fire the {weapon} into {area}: which attack?"), weapon=name, area=words.area(self.area_pick))
            else:
                text = fill(_("Click a lit area to fire the {weapon} there."), weapon=name)
            buttons.append((_("Cancel"), "cancel", False))
        else:
            if self.choices.grenades:
                buttons.append((_("Throw a Bolo Grenade…"), "grenade", False))
            for weapon in C.area_weapons(self.choices):
                buttons.append((_("Fire the {weapon}…").format(weapon=self._weapon_name(weapon)), f"area:{weapon}", False))
            # The button that carries the turn on is the lit one; where the card's next action
            # is offered ("Do"), that is it, not the skip beside it.
            doing = any(a.kind == "do" for _l, a in self.choices.buttons)
            for label, a in self.choices.buttons:
                primary = a.kind == "do" or (not doing and a.kind in ("end", "stop", "no_cover", "no_crawl", "skip"))
                buttons.append((self._words(label), a, primary))
            let_pass = self.let_pass_button()
            if let_pass is not None:
                buttons.append(let_pass)
        return text, buttons

    # ------------------------------------------------------------------ Guard without grinding
    def let_pass(self, actions: list[Action]) -> Action | None:
        """"No Guard", when the question now is a Guard against a Locust about to move or attack
        (spec 6.9; asked of every COG who could, at each Locust's move and attack)."""
        return next((a for a in actions if a.kind == "guard" and a.payload.get("guard") is None), None)

    def let_pass_span(self) -> tuple[int, int]:
        """The Locust Activation Step after this player's turn (spec 5.3)."""
        return self.state.turn, self.state.active

    def let_pass_echo(self, event: Event) -> str | None:
        """A Guard declined (ai.guard_window's `no_guard` line): after "let them all pass" the
        log said once that the player lets every Locust pass, not at each Locust's move."""
        return (event.payload or {}).get("player") if event.kind == "no_guard" else None

    def let_pass_words(self) -> tuple[str, str]:
        return (_("Let them all pass this step"),
                _("{who} lets every Locust pass for the rest of this Locust Activation Step (Guard cards kept)."))

    def _draw_hand(self, surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        r = self.hand_rect
        pygame.draw.rect(surface, (24, 26, 31), r)
        pygame.draw.line(surface, pal.panel_edge, (r.left, r.top), (r.right - 1, r.top), 2)  # inside its rect: a strip is drawn alone
        self.card_rects = {}
        viewer = self.viewer
        if viewer is None or viewer not in self.state.cogs:
            widgets.text(surface, _("Bots only: no hand to show."), ctx.font(15), pal.text_dim, r.center, "center")
            return
        c = self.state.cogs[viewer]
        limit = self.content.cogs[c.character].hand_limit
        info = pygame.Rect(r.left + px(14), r.top + px(12), self.HAND_INFO_W(px), r.height - px(20))
        col = seat_colour(self.state.players, viewer)

        def line(text: str, font, colour, y: int) -> int:  # one line of the column, cut to its width
            return widgets.text(surface, widgets.elide(text, font, info.width), font, colour, (info.left, y)).bottom

        y = line(words.character(self.content, c.character), ctx.font(17, bold=True), col, info.top) + px(4)
        y = line(_("Health (hand): {n} of {limit}").format(n=len(c.hand), limit=limit), ctx.font(14, bold=True), pal.text, y) + px(4)
        widgets.pips(surface, ctx, info.left, y, len(c.hand), limit, (220, 60, 50))
        y += px(18)
        if c.bleeding:
            y = line(_("Bleeding out!"), ctx.font(14, bold=True), pal.danger, y) + px(2)
        mine = self._not_yours() is None and self.session.decider == viewer
        lines: list[tuple[str, int, str, pygame.Rect | None, int]] = []  # weapon, ammo, name, its discard, width
        for w, n in c.weapons:
            # A weapon that may be discarded now (seed p. 20) gets a small button at the end of
            # its line; the discard itself is asked again in the prompt line (confirm_drop).
            drop = pygame.Rect(info.right - px(22), 0, px(22), px(17)) if mine and w in self.choices.drops else None
            # ' *': its dice or range are not printed in the rulebooks (the weapon's card says which)
            weapon = self.content.weapons.get(w)
            mark = "\u00a0*" if weapon is not None and weapon.provenance.placeholder("normal", "overwhelming", "range", "abilities") else ""
            lines.append((w, n, mark, drop, info.width - (px(26) if drop else 0)))

        def rows_of(short: bool, largest: int = 13) -> list[list[tuple[str, pygame.font.Font]]]:
            return [weapon_line(ctx, (words.weapon(self.content, w).split()[0] if short else words.weapon(self.content, w)) + mark,
                                n, width, largest) for w, n, mark, _d, width in lines]

        def height(rows) -> int:
            return sum(max(sum(f.get_linesize() for _t, f in r), px(17) if d else 0) + px(2)
                       for r, (_w, _n, _m, d, _wd) in zip(rows, lines))

        # Whole names while the column holds them and the grenades' line; else the names players
        # use ('Lancer', 'Gnasher'), each on a line: two whole names on two lines each pushed
        # 'Bolo Grenades' out of the column at 1280x720.
        rows, size = rows_of(False), 13
        if y + height(rows) + ctx.font(size).get_linesize() > info.bottom:
            rows = rows_of(True)
        while size > 10 and y + height(rows) + ctx.font(size).get_linesize() > info.bottom:
            size -= 1  # three weapons or more: the lines smaller, down to the column's least size
            rows = rows_of(True, size)
        top = y
        for (w, _n, _m, drop, _wd), weapon_rows in zip(lines, rows):
            if drop is not None:
                drop.top = y
                self._button(surface, drop, "\u00d7", f"drop:{w}", size=12)
            below = y
            for row, font in weapon_rows:
                below = widgets.text(surface, row, font, pal.text, (info.left, below)).bottom
            y = max(below, drop.bottom if drop else 0) + px(2)  # two discard buttons never touch
        bottom = line(_("Bolo Grenades: {n}").format(n=c.grenades), ctx.font(size), pal.text, y)
        # The weapons' lines with the grenades (a lesson's "weapons" highlight: it lit the whole
        # strip, its arrow between two Order cards).
        self.weapons_rect = pygame.Rect(info.left - px(6), top - px(4), info.width + px(12), bottom - top + px(8))

        def face(card: str) -> tuple[str, str]:
            order = self.content.orders.get(card.split("#")[0])
            return (_(order.name), _(order.text)) if order else (card, "")

        def state(card: str) -> str:
            if mine and card in self.choices.cards:
                return "selected" if card == self.selected_card else "playable"
            return "dim" if mine and self.choices.cards else "normal"

        row = pygame.Rect(info.right + px(10), r.top, r.right - info.right - px(20), r.height)
        self.card_rects, self._hover_card = hand.draw_hand(surface, ctx, row, c.hand, face, state, self.mouse,
                                                           "gears_order" if self.handoff is not None else None,
                                                           icon=self.card_icon, placeholder=self.card_placeholder,
                                                           layer=self.hand_layer, art=self.card_art)
        if not c.hand:
            widgets.text(surface, _("No cards in hand."), ctx.font(15), pal.text_dim, (info.right + px(20), r.centery), "midleft")

    SIDE_TABS = ("stage", "squad", "ai", "log")
    SIDE_RECORDS = GameTable.SIDE_RECORDS + ("squad_rows",)
    SECTION_RECORDS = {**GameTable.SECTION_RECORDS, "squad": ("squad_rows",)}

    def section_key(self, name: str):
        """What each side-panel section shows: each is a layer of its own (the kit's
        `_draw_side_section`), so a log line added paints the log section and blits the Stage,
        Squad and AI sections; a wound paints the Squad section."""
        st = self.state
        if name == "stage":
            return st.mission, st.stage, sum(1 for h in st.holes.values() if not h.get("sealed")), len(st.holes), \
                self.stage_unfolded()
        if name == "squad":
            # Who decides is not in it: the ring round their dot is a part of its own (_ring_part).
            rows = tuple((p, c.character, len(c.hand), tuple(map(tuple, c.weapons)), c.grenades, self.squad_status(p),
                          self.is_bot(p)) for p, c in ((p, st.cogs[p]) for p in st.players))
            decks = (len(st.orders.draw_pile), len(st.orders.discard_pile), len(st.ai.draw_pile), len(st.ai.discard_pile))
            return rows, decks, len(st.locusts)
        if name == "ai":
            return self.ai_section_key()
        if name == "log":
            return self.log_section_key()
        return None

    def strip_inputs(self) -> tuple:
        """What the strips' and sections' keys read besides the state (its version): the seats,
        who is at the table, the handoff card, what a click selected, whether figures slide or
        dice roll (the prompt's Skip), the side panel's fold, tab and scroll, the AI card's and the
        stage rules' folds, the log's lines and the AI card (both also added to without an
        action: a bot's reason), the rects and the settings."""
        return (self.state_version, tuple(self.seats), self.viewer, self.handoff, self.selected_card, self.target,
                self.attack_choice, self.grenade_mode, self.area_weapon, self.area_pick, self.confirm_drop, self.busy,
                self.side_open, self.side_tab, self.ai_open, self.stage_open, self.log_scroll, self._log_resets, self._log_dropped + len(self._log), self._log_joins,
                id(self.ai), len(self.ai.lines), self.ctx.settings, language(), tuple(self.toolbar_rect),
                tuple(self.prompt_rect), tuple(self.hand_rect), tuple(self.side_rect))

    def side_labels(self) -> dict[str, str]:
        return {"stage": _("Stage"), "squad": _("Squad"), **super().side_labels()}

    def side_measure_key(self) -> tuple:
        return super().side_measure_key() + (self.stage_open,)

    def stage_unfolded(self) -> bool:
        """The Stage section shows the stage's special rules: as the person last set it (the
        section's +/- button), else in a side panel at least AI_OPEN_FROM high. In a shorter one
        (1280x720) they fold to a line that counts them, as the AI card folds: the two with
        their long Hungarian and Greek texts left the log five lines (The Showdown in Greek).
        The mission cards (M) show them too."""
        if self.stage_open is not None:
            return self.stage_open
        return self.side_rect.height >= self.ctx.px(self.AI_OPEN_FROM)

    def sections(self) -> dict:
        return {"stage": self._side_stage, "squad": self._side_squad}

    def ai_heading(self) -> str:
        return _("Locust AI card")

    def ai_empty(self) -> str:
        return _("No Locust AI card has been drawn yet.")

    def _side_stage(self, surface, x: int, y: int, w: int) -> int:
        """The stage card: its objective (what flips it) and its special rules."""
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        mission = self.content.missions[st.mission]
        top = y
        y = widgets.heading(surface, ctx, _("Mission stage"), x, y)
        if st.stage < len(mission.stages):
            rules = mission.stages[st.stage].special_rules
            folded = not self.stage_unfolded()
            if rules and surface is not None and (folded or self.stage_open is not None
                                                  or self.side_rect.height < px(self.AI_OPEN_FROM)):
                # Left of the side panel's fold handle, on the heading's row.
                self._button(surface, pygame.Rect(x + w - px(62), top, px(24), px(18)),
                             "+" if folded else "\u2212", "stage_fold", size=13)
            y = self.stage_card(surface, mission, st.stage, x, y, w, folded=folded)
        open_holes = sum(1 for h in st.holes.values() if not h.get("sealed"))
        line = _("Emergence holes: {open} open, {sealed} sealed").format(open=open_holes, sealed=len(st.holes) - open_holes)
        y = widgets.text_block(surface, line, ctx.font(13), pal.text, pygame.Rect(x, y + px(2), w, px(40)), 1.1) + px(4)
        label = _("All mission cards (M)")
        bw = min(w, ctx.font(12, bold=True).size(label)[0] + px(24))
        if surface is not None:  # None: laid out only (section_height), no button to click
            self._button(surface, pygame.Rect(x, y, bw, px(26)), label, "mission", size=12)
        return y + px(26) + px(8)

    def stage_card(self, surface, mission, index: int, x: int, y: int, w: int, folded: bool = False) -> int:
        """Stage `index` of `mission` in the Stage section from y down, `w` wide: its title, its
        objective and its special rules, each whole (the section grows for a long one: Greek and
        Hungarian rules ended in '…' after three lines, the title after 'Search for the St');
        returns the y below."""
        ctx, pal = self.ctx, self.ctx.palette
        stage = mission.stages[index]
        title = _("Stage {n}").format(n=stage.number) + f" \u2014 {words.mission(mission)}"
        font = widgets.line_font(ctx, title, w, 15, 12, bold=True)
        whole = 10 ** 5  # no text is cut: the height the text needs
        y = widgets.text_block(surface, title, font, pal.text, pygame.Rect(x, y, w, whole), 1.0) + ctx.px(2)
        y = widgets.text_block(surface, _("Objective: ") + _(stage.flip_when.text), ctx.font(13), pal.text,
                               pygame.Rect(x, y, w, whole), 1.1)
        if folded and stage.special_rules:
            n = len(stage.special_rules)
            line = "\u2022 " + ngettext("{n} special rule (+ shows it)", "{n} special rules (+ shows them)", n).format(n=n)
            return widgets.text_block(surface, line, ctx.font(12), pal.text_dim, pygame.Rect(x, y, w, whole), 1.1)
        for rule in stage.special_rules:
            y = widgets.text_block(surface, "\u2022 " + _(rule.text), ctx.font(12), pal.text_dim, pygame.Rect(x, y, w, whole), 1.1)
        return y

    def _side_squad(self, surface, x: int, y: int, w: int) -> int:
        """Each COG's health, kit and place; then the decks and the Locust count."""
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        right = x + w
        y = widgets.heading(surface, ctx, _("Squad"), x, y)
        rows = {}
        for p in st.players:
            c = st.cogs[p]
            top = y
            col = seat_colour(st.players, p)
            if surface is not None:  # None: laid out only (section_height)
                pygame.draw.circle(surface, col, (x + px(6), y + px(9)), px(6))  # the decider's ring: _draw_ring
            limit = self.content.cogs[c.character].hand_limit
            pips_left = right - limit * px(13)
            name, mark, status = self.squad_row_words(p, pips_left - x - px(26))
            nfont = self.squad_name_font(p, pips_left - x - px(26))
            widgets.text(surface, name, nfont, pal.text, (x + px(18), y + (ctx.font(14, bold=True).get_height() - nfont.get_height()) // 2))
            if mark and surface is not None:
                self._bot_badge(surface, mark, x + px(18) + nfont.size(name)[0] + px(BADGE_GAP), y + px(2))
            widgets.pips(surface, ctx, pips_left, y + px(3), len(c.hand), limit, (220, 60, 50))
            y += px(19)
            items = [f"{words.weapon(self.content, wpn).split()[0]} {n}" for wpn, n in c.weapons] + [_("grenades {n}").format(n=c.grenades)]
            # Wrapped between items only (no-break spaces inside one): with a third weapon the
            # line broke as "... Scorcher 0, grenades" over a lone "2" at 1280x720.
            kit = ", ".join(item.replace(" ", "\u00a0") for item in items)
            y = widgets.text_block(surface, kit, ctx.font(12), pal.text_dim, pygame.Rect(x + px(18), y, w - px(18), px(40)), 1.0)
            y = widgets.text_block(surface, status, ctx.font(12), pal.text_dim, pygame.Rect(x + px(18), y, w - px(18), px(40)), 1.0) + px(6)
            rows[p] = pygame.Rect(x, top, w, y - top)
        if surface is not None:
            self.squad_rows = rows
        y += px(2)
        y = widgets.heading(surface, ctx, _("Decks"), x, y)
        # Two items, each kept whole (no-break spaces), wrapped between them only: in Greek at
        # 1280x720 the line broke as "... AI 6 / απορρ." over a lone "12".
        decks = (_("Orders {draw} / discard {discard}").format(draw=len(st.orders.draw_pile), discard=len(st.orders.discard_pile)),
                 _("AI {ai} / discard {ai_discard}").format(ai=len(st.ai.draw_pile), ai_discard=len(st.ai.discard_pile)))
        deck_line = "   ".join(item.replace(" ", "\u00a0") for item in decks)
        y = widgets.text_block(surface, deck_line, ctx.font(13), pal.text, pygame.Rect(x, y, w, px(40)), 1.0) + px(2)
        return widgets.text(surface, _("Locusts on the map: {n}").format(n=len(st.locusts)), ctx.font(13), pal.text, (x, y)).bottom + px(10)

    def squad_row_words(self, player: str, width: int) -> tuple[str, str, str]:
        """A Squad row's name, its bot badge's word ('' for a person's seat) and its status
        line; the name and the badge beside it `width` pixels wide at most, the name cut with an
        ellipsis where both do not fit. The seat kind belongs with the name: it had opened the
        status line, '(bot) 3A:gatehouse', where it read as part of the place."""
        c = self.state.cogs[player]
        name, status = words.character(self.content, c.character), self.squad_status(player)
        nfont = self.squad_name_font(player, width)
        mark = _("bot") if self.is_bot(player) else ""
        return widgets.elide(name, nfont, self._name_room(mark, width)), mark, status

    SQUAD_NAME_SIZES = (14, 13, 12)  # a Squad row's name, a little smaller before it is cut

    def squad_name_font(self, player: str, width: int):
        """The font of a Squad row's name: 14 bold, down to 12 where the name and its bot
        badge do not fit `width` (at 1280x720 a bot's 'Dominic Santiago' beside its six pips
        read 'Dominic Santi…'); the name is cut only at the least size."""
        name = words.character(self.content, self.state.cogs[player].character)
        room = self._name_room(_("bot") if self.is_bot(player) else "", width)
        for size in self.SQUAD_NAME_SIZES:
            font = self.ctx.font(size, bold=True)
            if font.size(name)[0] <= room:
                return font
        return font

    def _name_room(self, mark: str, width: int) -> int:
        return width - (self._badge_width(mark) + self.ctx.px(BADGE_GAP) if mark else 0)

    def _badge_font(self):
        return self.ctx.font(11, bold=True)

    def _badge_width(self, word: str) -> int:
        return self._badge_font().size(word)[0] + self.ctx.px(8)

    def _bot_badge(self, surface, word: str, x: int, y: int) -> pygame.Rect:
        """The small 'bot' badge after a bot seat's name in its Squad row."""
        ctx, pal = self.ctx, self.ctx.palette
        font = self._badge_font()
        rect = pygame.Rect(x, y, self._badge_width(word), font.get_height() + ctx.px(1))
        pygame.draw.rect(surface, pal.text_dim, rect, 1, border_radius=ctx.px(4))
        widgets.text(surface, word, font, pal.text_dim, (x + ctx.px(4), y + ctx.px(1) // 2))
        return rect

    def squad_status(self, player: str) -> str:
        """Where a COG is, in the squad panel; an executed one (Insane, spec 6.16) is out of the
        game; one not placed yet (before the squad enters) says so, not '-'."""
        c = self.state.cogs[player]
        if player in self.state.flags.get("executed", ()):
            return _("executed (out of the game)")
        if c.bleeding:
            return _("bleeding out")
        if c.cover:
            return words.spot(c.cover)
        return words.area(c.area) if c.area else _("not yet on the map")

    def _draw_preview(self, surface) -> None:
        """The attack on the chosen target: weapons, range, cover, dice and the exact wounds."""
        ctx = self._preview_ctx()
        pal, px = ctx.palette, ctx.px
        k = ctx.scale / self.ctx.scale  # the buttons' font size at the panel's scale
        st, player, target = self.state, self.session.decider or "", self.target or ""
        if target not in st.locusts or player not in st.cogs:
            return
        action = self.attack_choice
        view = st.view()
        rect = self._preview_rect(player, target)
        widgets.panel(surface, ctx, rect, alpha=245)
        self.panels.append((rect, len(self.buttons)))
        x, y = rect.left + px(16), rect.top + px(14)
        name = words.locust(st, self.content, target)
        y = widgets.text(surface, _("Attack {name}").format(name=name), ctx.font(18, bold=True), pal.accent, (x, y)).bottom + px(6)
        a_pos, d_pos = movement.cog_pos(st, player), movement.locust_pos(st, target)
        rng = view.rdist(a_pos[0], d_pos[0])
        cover = movement.cover_bonus(view, a_pos, d_pos)
        cover_word = {0: _("none"), 1: _("partial"), 2: _("full")}[min(2, cover)]
        inner = rect.width - px(32)

        def line(text: str, size: int, colour, y: int, bold: bool = False) -> int:
            """One of the panel's lines across its width: a size smaller, down to 3 less, then
            wrapped (Greek at 125% in 1280x720: 'Τραύματα (ακριβώς, από τις έδρες των ζαριών)·
            αναμενόμενα 2,11' and the dice line ran past the panel's right edge)."""
            font = widgets.line_font(ctx, text, inner, size, size - 3, bold)
            if font.size(text)[0] <= inner:
                return widgets.text(surface, text, font, colour, (x, y)).bottom
            return widgets.text_block(surface, text, font, colour, pygame.Rect(x, y, inner, px(60)), 1.0)

        y = line(ngettext("Line of sight: yes   Range: {n} area   Cover: {cover}", "Line of sight: yes   Range: {n} areas   Cover: {cover}", rng).format(n=rng, cover=cover_word), 13, pal.text, y) + px(6)
        # One button per weapon and mode the rules allow against this target.
        places = self._pick_places(ctx, target, x, rect.right - px(10), y)
        for a, label, brect in places:
            self._button(surface, brect, label, _Pick(a), primary=a == action, size=14 * k)
            if a == action:
                pygame.draw.rect(surface, pal.accent, brect, 2, border_radius=px(6))
        y = (places[-1][2].top if places else y) + px(38)
        if action is not None and action.kind == "attack":
            # The rules' own preview of this very action (the card's bonus dice, ammo spent...):
            # the dice shown are the dice the attack rolls (issue 21).
            pv = gears_turn.attack_preview_of(st, action) or gears_attack.cog_attack_preview(
                st, self.content, player, target, action.payload["weapon"], action.payload.get("mode", "normal"))
            plan, dist = pv.plan, pv.dist
            y = line(_("{black} attack dice (black) vs {red} defence dice (red)").format(black=plan.black, red=plan.red), 14, pal.text, y, True) + px(2)
            for reason in plan.reasons[:3]:
                y = widgets.text_block(surface, "\u2022 " + as_text(reason), ctx.font(12), pal.text_dim, pygame.Rect(x, y, rect.width - px(32), px(32)), 1.05)
            if pv.immune is not None:
                kill = _("Health {n}: this weapon cannot wound it now").format(n=pv.health)
            else:
                kill = _("Health {n}: {p:.1f}% to kill it").format(n=pv.health, p=number(float(pv.kill) * 100))
            y = line(kill, 13, pal.accent, y + px(4), True) + px(2)
            expected = sum(k * p for k, p in dist.items())
            y = line(_("Wounds (exact, from the dice faces); expected {e:.2f}").format(e=number(expected)), 13, pal.text, y + px(2), True) + px(4)
            bars = pygame.Rect(x, y, rect.width - px(32), rect.bottom - y - px(52))
            distribution_bars(surface, ctx, bars, dist, lambda k: _("{n} wounds").format(n=k) if k != 1 else _("1 wound"),
                              lambda k: _("{n}+ wounds").format(n=k))
        elif action is not None:
            # The odds of the chainsaw the rules resolve (attack.chainsaw_preview: its dice, and
            # any Omen kills whatever the health), as a shot shows its own.
            pv = gears_attack.chainsaw_preview(st, self.content, player, target)
            # Wrapped: in Greek the line is wider than the panel at 1280x720.
            y = widgets.text_block(surface, ngettext("{n} attack die (black), no defence dice: any omen kills",
                                                     "{n} attack dice (black), no defence dice: any omen kills", pv.dice).format(n=pv.dice),
                                   ctx.font(14, bold=True), pal.text, pygame.Rect(x, y, rect.width - px(32), px(40)), 1.05) + px(2)
            for reason in pv.reasons[:3]:
                y = widgets.text_block(surface, "\u2022 " + as_text(reason), ctx.font(12), pal.text_dim, pygame.Rect(x, y, rect.width - px(32), px(32)), 1.05)
            kill = _("Health {n}: {p:.1f}% to kill it").format(n=pv.health, p=number(float(pv.kill) * 100))
            y = line(kill, 13, pal.accent, y + px(4), True) + px(6)
            bars = pygame.Rect(x, y, rect.width - px(32), rect.bottom - y - px(52))
            distribution_bars(surface, ctx, bars, {0: 1 - pv.kill, 1: pv.kill},
                              lambda k: _("kills it") if k else _("misses"))
        fire = pygame.Rect(rect.right - px(170), rect.bottom - px(44), px(154), px(32))
        cancel = pygame.Rect(fire.left - px(110), fire.top, px(100), px(32))
        self._button(surface, cancel, _("Cancel"), "cancel", size=14 * k)
        if action is not None:
            self._button(surface, fire, _("Attack!"), action, primary=True, size=14 * k)

    def _pick_places(self, ctx: Context, target: str, left: int, right: int, top: int) -> list[tuple[Action, str, pygame.Rect]]:
        """The attack panel's weapon and mode buttons against `target`, in rows from `top`
        between `left` and `right`: each action, its label and its rect."""
        px, font = ctx.px, ctx.font(14, bold=True)
        out: list[tuple[Action, str, pygame.Rect]] = []
        bx, y = left, top
        for a in self.choices.targets.get(target, []):
            label = _("Chainsaw") if a.kind == "chainsaw" else f"{words.weapon(self.content, a.payload['weapon']).split()[0]} ({_(a.payload.get('mode', 'normal'))})"
            bw = font.size(label)[0] + px(22)
            if bx + bw > right and bx > left:
                bx = left
                y += px(34)
            out.append((a, label, pygame.Rect(bx, y, bw, px(28))))
            bx += bw + px(6)
        return out

    def _preview_place(self) -> tuple[pygame.Rect, float] | None:
        """Where the attack panel lies (None: not up) and how far the camera must move left
        for it (_preview_rect)."""
        st, player, target = self.state, self.session.decider or "", self.target or ""
        if self.target is None or self.attack_choice is None or target not in st.locusts or player not in st.cogs:
            return None
        return self._preview_corner(player, target)

    def _preview_rect(self, player: str, target: str) -> pygame.Rect:
        """The attack panel in a top corner of the map, on the side away from both figures; when
        both corners would cover one (a small view), the camera moves the figures out. Below the
        prompt's overflow buttons (a grenade throw), never over them."""
        rect, shift = self._preview_corner(player, target)
        self.camera.x -= shift  # past the usual clamp: a blank edge is fine here
        return rect

    def _preview_corner(self, player: str, target: str) -> tuple[pygame.Rect, float]:
        ctx = self._preview_ctx()
        px = ctx.px
        v = self._preview_room()
        width = min(px(430), v.width - px(24))
        # Three rows of weapon buttons leave the wounds' rows their room; each row more (a
        # third weapon picked up: seven buttons, four rows) makes the panel taller, or the
        # rows of wounds were cut to one (hu, 1920x1080, with a Hammerburst).
        places = self._pick_places(ctx, target, px(16), width - px(10), 0)
        rows = 1 + (places[-1][2].top // px(34) if places else 0)
        # (and a third weapon's attack lists a reason more: four rows of wounds' room besides)
        more = max(0, rows - 3) * px(34) + (px(56) if rows > 3 else 0)
        rect = pygame.Rect(0, 0, width, min(px(360) + more, v.height - px(24)))
        figures = [self.screen_of_figure(k) for k in (player, target)]
        reach = self.camera.zoom * TOKEN / 2 + px(8)

        def covers(r: pygame.Rect) -> float:
            grown = r.inflate(2 * reach, 2 * reach)
            return sum(1 for f in figures if grown.collidepoint(f))

        left = rect.move(v.left + px(12), v.top + px(12))
        right = rect.move(v.right - px(12) - rect.width, v.top + px(12))
        for side in (left, right):
            if not covers(side):
                return side, 0.0
        # Both corners cover a figure: slide the map so the pair sits right of the left panel.
        want = left.right + reach + px(10)
        lowest = min(x for x, _y in figures)
        return left, (want - lowest) / self.camera.zoom if lowest < want else 0.0

    def _preview_ctx(self) -> Context:
        """The attack panel's scale: the UI scale, lowered until the whole panel (dice, the
        chance to kill, every row of the wounds and the buttons) fits the map's view (issue 21:
        at 150% in 1280x720 its rows ran under its own buttons and into the hand)."""
        v = self._preview_room()
        return self.ctx.fitted((v.width, v.height), (454, 384))

    def _preview_room(self) -> pygame.Rect:
        """Where the attack panel may lie: the map's view below the prompt's overflow buttons;
        when that is too short for it (a large UI scale), down over the hand's cards too (not
        the column with the weapons' discard buttons)."""
        px = self.ctx.px
        v = self.view_rect.copy()
        below = [r.bottom for r, _l, _w in self.buttons if r.top >= self.prompt_rect.bottom and v.colliderect(r)]
        if below:
            v.height -= max(below) - v.top
            v.top = max(below)
        if v.height - px(24) < px(360):
            left = max(v.left, self.hand_rect.left + px(14) + self.HAND_INFO_W(px))
            v = pygame.Rect(left, v.top, v.right - left, self.hand_rect.bottom - v.top)
        return v

    def _frame_end(self, panel: pygame.Rect) -> None:
        """Refit the board into the space above the end panel (once)."""
        view = (0, self.prompt_rect.bottom, self.side_rect.left, max(self.ctx.px(80), panel.top - self.prompt_rect.bottom - self.ctx.px(8)))
        if self._end_view == (view, self._size):
            return
        self._end_view = (view, self._size)
        self.camera.view = view  # type: ignore[assignment]
        self.camera.fit()
        # The final position whole, even below the smallest zoom step play uses (Horde Mode's
        # levels stacked five tiles high ran under the prompt line and the panel at 1280x720).
        x0, y0, x1, y1 = self.camera.extent()
        exact = min(view[2] * 0.96 / max(1.0, x1 - x0), view[3] * 0.96 / max(1.0, y1 - y0))
        if exact < self.camera.zoom:
            self.camera.fit_zoom = exact
            self.camera.center_on((x0 + x1) / 2, (y0 + y1) / 2)

    def shortcuts(self) -> list[tuple[str, str]]:
        keys = super().shortcuts()
        return [(_("Left click"), _("Choose a lit area, spot, figure, card or button")),
                (_("Right drag, wheel"), _("Pan and zoom the map"))] + keys[:-1] + [("Home", _("Fit the map")),
                                                                                   ("M", _("The mission's cards"))] + keys[-1:]


_WARMED: set[tuple[int, str]] = set()  # (loader, tile) faces read ahead with their floor art


def _warm_face(loader, tile: str) -> None:
    """A tile face and its floor art read ahead; a face that cannot be read is left for the
    click that lays it to report."""
    _WARMED.add((id(loader), tile))
    try:
        face = loader(tile)
    except (MapError, OSError, ValueError, KeyError):
        return
    tile_floor(TILES_DIR / f"{tile}.tmx", face)  # where compose_floor reads it


# The tables of a board view the rules read after a tile is laid (movement, range, exits, holes,
# cover, sections, sight); each is computed once per view and kept by it (cached_property).
_VIEW_TABLES = ("areas", "move_adj", "range_adj", "exits", "free_exits", "holes", "cover", "cover_in",
                "piece_of_area", "section_of", "equipment_area", "geometry")


def ahead_jobs(state, content):
    """The rules' share of laying the next level, done ahead (issue 19: the click that laid a
    tile composed the board, its graphs and its sight then). For each door on the map whose
    level is still to be explored: the boards the rules' layout (explore._layout, first try)
    composes, one tile a job, from the Location deck's draw pile as it lies, then the tiles
    that must fit at the level's exit, then the last board's tables and the sight between the
    COGs' areas and the new tiles' areas. Everything goes into the rules' own caches (the views
    by placements, the sight memo): nothing of the state is touched, nothing shown. A layout the
    rules would reshuffle (an overlap) stops the jobs there: the click does the rest."""
    from game.gears.rules import explore, movement
    from game.gears.rules.board_view import _VIEWS, _key, view_for

    loader = state.loader
    if loader is None:
        return
    decks = state.location_decks
    levels = []
    for door in state.doors:
        level = explore.door_target(state, door)
        if level is not None and level < len(decks) and decks[level].draw_pile and level not in [l for l, _d in levels]:
            levels.append((level, door))
    for level, door in levels:
        placements = list(state.placements)
        at = door
        view = None
        for tile in list(decks[level].draw_pile):
            got: dict = {}
            step = placements + [{"tile": tile, "exit": at}]
            if _key(loader, step) not in _VIEWS:  # composed already: no job
                yield partial(_compose_ahead, view_for, loader, step, got)
            else:
                _compose_ahead(view_for, loader, step, got)
            view = got.get("view")
            if view is None:
                break
            placements.append({"tile": tile, "exit": at})
            exits = [e for e in view.free_exits if e.split(":")[0] == tile]
            at = exits[0] if exits else None
            if at is None:
                break
        if view is None:
            continue
        if at is not None:
            for tile in explore.forced_tiles_after(state, content, level):
                step = placements + [{"tile": tile, "exit": at}]
                if _key(loader, step) not in _VIEWS:
                    yield partial(_compose_ahead, view_for, loader, step, {})
        for name in _VIEW_TABLES:
            if name not in vars(view):  # a cached_property not computed yet
                yield partial(getattr, view, name)
        new = {p["tile"] for p in placements[len(state.placements):]}
        mine = sorted({c.area for c in state.cogs.values() if c.area in view.areas})
        for area in (a for a in view.areas if view.piece_of_area.get(a) in new):
            for cog_area in mine:
                if ((cog_area, None), (area, None)) not in view._los:  # the rules' own memo (movement.los)
                    yield partial(movement.los, view, (cog_area, None), (area, None))


def _compose_ahead(view_for, loader, placements, got: dict) -> None:
    try:
        got["view"] = view_for(loader, placements)
    except (MapError, OSError, ValueError, KeyError):
        pass


@dataclass(frozen=True)
class _Reason:
    """A bot's reason as a log line, worded whole and short (GearsTable.bot_reason); the log
    shows the one its width has room for when it first reads the line."""

    whole: str
    short: str
    kind: str  # the kind of the action it explains


def _step_from(event: Any) -> str | None:
    """Where a move event's step began (the rules say it since the log joined a move's steps);
    None for any other event, or a step of an older save."""
    if getattr(event, "kind", None) != "move":
        return None
    start = (event.payload or {}).get("from")
    return start if isinstance(start, str) else None


def _mover(event: Event) -> str | None:
    return (event.payload or {}).get("player") or (event.payload or {}).get("figure")


def _mover_name(event: Event) -> Any:
    """The mover's name as the step's own line names it (a COG's or a Locust's, in the
    reader's language when worded)."""
    params = getattr(event.message, "params", {})
    return params.get("cog", params.get("locust", ""))


@dataclass(frozen=True)
class _Pick:
    """A weapon/mode button in the attack preview: chooses without attacking yet."""

    action: Action


def pal_door(ctx: Context):
    return ctx.palette.door_closed


def weapon_line(ctx, name: str, ammo: int, width: int, largest: int = 13) -> list[tuple[str, pygame.font.Font]]:
    """A weapon's line in the hand column ('Snub Pistol *: 2 ammo'), whole in `width`: a smaller
    size first (13 px down to 10), then two lines. At 1280x720 the Greek and Hungarian lines did
    not fit and the name was cut to its first word ('Snub *: 2 πυρομαχικά', 'Lancer *'), or the
    line to an ellipsis at 125%."""
    from game.ui.kit.name_fit import fit_name

    text = f"{name}: " + _("{n} ammo").format(n=ammo)
    fitted = fit_name(lambda size: ctx.font(size), text, width, max(10, largest), 10, lines=2)
    font = ctx.font(fitted.size)
    return [(row, font) for row in fitted.lines]


def cog_card_lines(state, content, player: str) -> list[tuple[str, str]]:
    """The lines of a COG's character card as (text, role), for the hover card (issue 21 item
    7): name and seat, defence and hand limit, starting weapons, grenades, and the ability
    from cogs.toml; values the rulebooks do not give end in ' *' (as on the Locust card)."""
    c = state.cogs[player]
    cog = content.cogs[c.character]

    def unsure(*names: str) -> str:
        return " *" if cog.provenance.placeholder(*names) else ""

    lines = [(f"{cog.name} — {player}", "title"),
             (_("Defence {d}   Hand limit {h}").format(d=cog.defence, h=cog.hand_limit) + unsure("defence", "hand_limit"), "stats")]
    start = ", ".join(_("{weapon} ({n} ammo)").format(weapon=words.weapon(content, s.weapon), n=s.ammo) for s in cog.weapons)
    lines.append((_("Starts with: {weapons}").format(weapons=start) + unsure("weapons", "ammo"), "traits"))
    lines.append((_("Bolo Grenades: {n}").format(n=cog.grenades) + unsure("grenades"), "traits"))
    lines.append(((cog.ability.name or _("Ability")) + ": " + words.marked_text(cog.ability.text, unsure("ability")), "ability"))
    if any(t.endswith(" *") for t, _role in lines):
        lines.append((_("* placeholder: not printed in the rulebooks"), "legend"))
    return lines


def locust_card_lines(state, content, lid: str) -> list[tuple[str, str]]:
    """The lines of a Locust's Enemy card as (text, role), for the hover card (issue 21 item 7):
    the face-up side's defence, health and attack, its health left when wounded, cover and
    chainsaw, its abilities. A value the rulebooks do not give (verified = false in
    enemies.toml) ends in ' *', and a last line says what the mark means, so an owner of the
    box knows why a value may differ from their card."""
    from game.gears.rules import wounds as W

    x = state.locusts[lid]
    enemy = content.enemies[x.enemy]
    stats = W.enemy_stats(state, content, x.enemy)

    def unsure(*names: str) -> str:
        return " *" if enemy.provenance.placeholder(*names) else ""

    lines = [(f"{words.locust(state, content, lid)} \u2014 {enemy.name}", "title"),
             (_("Defence {d}   Health {h}   Attack {a}").format(d=stats.defence, h=stats.health, a=stats.attack)
              + unsure("defence", "health", "attack"), "stats")]
    if x.wounded:
        lines.append((_("Wounded: {n} health left").format(n=W.locust_health(content, x, state)), "wounded"))
    traits = [_("takes cover") if enemy.takes_cover else _("fights in the open"),
              _("cannot be chainsawed") if enemy.chainsaw_immune else _("can be chainsawed")]
    lines.append((", ".join(traits).capitalize() + unsure("takes_cover", "chainsaw_immune"), "traits"))
    for ab in stats.abilities:
        if ab.effect != "none":
            lines.append(((_(ab.name) + ": " if ab.name else "") + words.marked_text(ab.text, unsure("abilities")), "ability"))
    if any(text.endswith(" *") for text, _role in lines):
        lines.append((_("* placeholder: not printed in the rulebooks"), "legend"))
    return lines
