"""The Level 7 [Escape] table on the kit's GameTable (issue 15).

The play area is the facility as it has been explored: each placed tile drawn from its own Tiled
map's art (maps/level7/tiles, floor, pipes and decor layers), turned as the rules placed it, with
locked-door, darkness, sealed-vent, nest and Accessed tokens, face-up items, the characters in
their seat colours and the enemies with their numbers (a stunned one lies on its side). Tiles no
character has stood on or looks into through a door are drawn dark (sight drives the view only,
spec 3.2: the map itself is public). The side panel has the party (each character's Fear,
Vitality and Threat tracks, skills, items, hand size), the event card being resolved with the
section its icon triggered, and the log; the hand strip the adrenaline hand of the person at the
table (face down behind the handoff), the Threat and lockdown pools, the stacks and decks.

Acting: the tiles the active character can walk to light up and the path shows under the
pointer (rules/queries.py `reachable`); a click walks there one legal move at a time. Open doors
that lead to unexplored space carry an arrow: a click explores. While a drawn tile waits to be
placed every placement the rules offer is drawn as a ghost on the map and as a card under it;
the pointer over one shows it, a click places it. A challenge (a click on an enemy on your tile,
or its button) opens a preview with the dice, where they come from and the exact odds from the
die's faces (queries.py `challenge_preview`), rolled with "Roll". Every other decision the
rules ask is a button on the prompt line, and a tile or a card when it names one. A click the
rules refuse shows their sentence (turn.refusal), never one of ours.

Events and enemies are shown a step at a time (the event card, each spawn and activation with
the rules' reason), each for a moment; a click or Space skips them."""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

import pygame

from game.engine.protocol import Action, Event
from game.engine.session import Session
from game.engine.text import Msg, as_text, number
from game.i18n import _, fill, ngettext, pgettext
from game.ui import widgets
from game.ui.kit import clear_place, hand, shapes, side_rows
from game.ui.kit.dice_tray import DiceRoll, ShownDie, tray_rect
from game.ui.kit.game_table import BOT_DELAY_MS, GameTable, Sprite
from game.ui.kit.layers import outline
from game.ui.level7 import words
from game.ui.level7.entry import SAVES
from game.ui.scene import Context
from game.ui.table.camera import ZOOM_LEVELS, FitCamera

TILE_CARD_PAD = 16  # UI units between the tile card's frame edge and its words

CELL = 320  # map pixels of one standard tile (5 squares of 64, docs/MAPS.md "Level 7")
READ_ZOOM = 1.0  # the tiles' art at its own size: the start view's zoom where the view holds it (_start_view)
SMALL_NAMES_ZOOM = 0.15  # below it the map draws no tile names (_label_sprites)
MARK_KINDS = ("darkness", "sealed", "nests", "posts", "accessed", "swarm")  # the markers in a row on a tile's bottom
ICON_HALF = 30  # map px from a printed icon's or door arrow's middle to the edge of what it shows
ICON_CLEAR = 58  # map px from a tile icon's middle (a square of 64) to a figure's, so neither hides the other
FIGURE_GAP = 56  # map px between two figures' middles on a tile (tokens of 0.085 * CELL radius)
STEP_SHOW_MS = 1100  # one step of an event's resolution on screen
MAPS = Path(__file__).resolve().parents[3] / "maps" / "level7" / "tiles"
ENEMY_COLOURS = {"guard": (70, 96, 150), "clone": (120, 170, 80), "hybrid": (170, 70, 150), "cronos": (200, 60, 60)}
TOKEN_COLOURS = {"darkness": (20, 20, 28), "sealed": (140, 140, 150), "nests": (130, 190, 70), "posts": (90, 120, 190),
                 "accessed": (80, 210, 140), "swarm": (170, 40, 150)}
# Events that are one step of an event's resolution, shown one at a time with their reason.
STEP_KINDS = ("event", "event_text", "spawn", "activation", "enemy_move", "attack", "knocked_out", "killed",
              "escaped", "token", "lockdown", "game_over", "removed")
# The questions asked about the roll on show (the dice rerolled are its dice); under any other
# the tray's roll is an earlier one, unless the roll caused it (`_caused_by`).
ROLL_QUESTIONS = ("reroll",)
# The questions asked before a roll of their own (a defence before an enemy's dice, a help before
# the challenge's): a roll on show is never theirs, even the one that led to them.
BEFORE_A_ROLL = ("defend", "help")
FIGURE_KINDS = ("spawn", "enemy_move", "move", "reenter", "removed", "knocked_out", "killed", "escaped")
CHOICE_TILES = ("spawn_tile", "reenter", "seal_vent", "vent_travel", "remove_darkness", "token_tile", "swarm_tile")


def enemy_order(key: str) -> tuple[str, int]:
    """An enemy figure's key ("guard2") as (kind, number), the order they stand on a tile."""
    kind = key.rstrip("0123456789")
    return kind, int(key[len(kind):] or 0)


def die_face(symbols: dict) -> str:
    """The face image of the Level 7 die (tools/art/dice.py, assets/dice/dice.toml), by its
    symbols: {"intelligence": 2} -> dice/level7_int2.png, {} -> dice/level7_blank.png."""
    short = {"intelligence": "int", "strength": "str"}
    parts = [short.get(k, k) + (str(n) if n > 1 else "") for k, n in sorted(symbols.items()) if n]
    return "dice/level7_" + ("_".join(parts) or "blank") + ".png"


def _roll_words(e: Event) -> tuple[str, str]:
    """A roll's log line split for the dice tray: who rolls (the message's name parameter) above
    the dice, the rest of the sentence under them, in the language in use."""
    text = e.text
    params = e.message.params if isinstance(e.message, Msg) else {}
    who = params.get("who") or params.get("enemy")
    if who is None:
        return _("Roll"), text.rstrip(".")
    title = str(who)
    # The name's own punctuation goes with it: the Greek "Κλώνος 1: ρίχνει 2 ζάρια: ..." left the
    # tray's line under the dice beginning ": ρίχνει".
    rest = text[len(title):].lstrip(" :·,").strip() if text.startswith(title) else text
    return title, rest.rstrip(".")


class MapCamera(FitCamera):
    """The fit camera, fitting below the smallest zoom step too: an explored facility of 40
    tiles must still show whole (the wheel then zooms in by the steps)."""

    def fit(self) -> None:
        super().fit()
        _, _, vw, vh = self.view
        x0, y0, x1, y1 = self.extent()
        exact = min(vw * 0.96 / max(1.0, x1 - x0), vh * 0.96 / max(1.0, y1 - y0), 1.0)
        if exact < ZOOM_LEVELS[0]:
            self.fit_zoom = exact
            self.center_on((x0 + x1) / 2, (y0 + y1) / 2)


@dataclass
class Shown:
    """One step of a resolution on screen: the rules' sentence and the tile it happens on."""

    text: str
    tile: str | None
    kind: str
    tiles: dict[str, str]  # each figure's tile once this step has happened
    payload: dict = field(default_factory=dict)
    dice: DiceRoll | None = None  # a roll waits for its step
    age: int = 0
    # who decided the action the step comes from (the end of whose turn drew the event): its
    # panels keep off that character's tile when the step names none
    actor: str = ""


def figure_points(r: pygame.Rect, icons: list[tuple[float, float]], chars: int, foes: int,
                  scale: float = 1.0) -> list[tuple[float, float]]:
    """Where `chars` characters then `foes` enemies stand on the tile of footprint `r` (map px):
    characters along its top, enemies along its bottom, each at its usual place unless one of
    the tile's `icons` lies there (a character hid the Security icon of Decontamination): then
    the nearest place along the other rows clear of the icons and the figures placed before it;
    when the rows are full (seven or eight figures on T16, three icons in its middle), the nearest
    place anywhere on the tile's first square (a finer grid, no nearer its edges than the rows,
    clear of the door arrows at its sides' middles);
    the usual place when none is. `scale` (1 or more): how much larger than CELL * 0.085 the
    tokens are drawn (a token keeps a least size on screen at a small zoom), the clearances
    with them (at zoom 0.23, 1280x720, Subject 1's disc lay half over the items' badge it was
    ICON_CLEAR from: both drawn larger than the map's measure)."""
    taken: list[tuple[float, float]] = []
    icon_clear, figure_gap = ICON_CLEAR * scale, FIGURE_GAP * scale
    xs = [r.left + CELL * (0.14 + 0.12 * j) for j in range(7)]

    def place(want: tuple[float, float], rows: tuple[float, ...]) -> tuple[float, float]:
        spots = [want] + sorted(((x, r.top + CELL * row) for row in rows for x in xs), key=lambda q: math.dist(q, want))

        def finer():  # made only when the rows are full
            span = [CELL * (0.14 + 0.04 * j) for j in range(19)]  # 0.14 to 0.86 of a square, as the rows
            # A quarter of a square from each side's middle: the door arrows (printed, and the
            # explore arrows drawn on the door) stay clear.
            doors = [(r.left + CELL / 2, r.top), (r.left + CELL, r.top + CELL / 2),
                     (r.left + CELL / 2, r.top + CELL), (r.left, r.top + CELL / 2)]
            grid = [(r.left + x, r.top + y) for x in span for y in span
                    if x <= min(r.width, CELL) - CELL * 0.14 and y <= min(r.height, CELL) - CELL * 0.14
                    and all(math.dist((r.left + x, r.top + y), d) >= CELL / 4 for d in doors)]
            yield from sorted(grid, key=lambda q: math.dist(q, want))

        for q in itertools.chain(spots, finer()):
            if all(math.dist(q, c) >= icon_clear for c in icons) and all(math.dist(q, t) >= figure_gap for t in taken):
                taken.append(q)
                return q
        taken.append(want)
        return want

    out = [place((r.left + CELL * (0.22 + 0.19 * (i % 4)), r.top + CELL * 0.3), (0.3, 0.5, 0.7)) for i in range(chars)]
    return out + [place((r.left + CELL * (0.2 + 0.2 * (i % 4)), r.top + CELL * (0.7 if i < 4 else 0.5)), (0.7, 0.5, 0.3))
                  for i in range(foes)]


def _covers(box: pygame.Rect, token: tuple[float, float, float]) -> bool:
    """A name's band `box` lies over the round token (x, y, radius), or a pixel from it."""
    x, y, r = token
    return math.hypot(max(0.0, abs(x - box.centerx) - box.width / 2), max(0.0, abs(y - box.centery) - box.height / 2)) < r + 1


def spread_out(points: list[tuple[float, float]], centre: tuple[float, float], gap: float) -> list[tuple[float, float]]:
    """`points` as they are when no two lie much closer than `gap` (a sixth of it: two tokens
    may touch); else the same number on a square grid `gap` apart around `centre`, in their
    order row by row: at a small zoom the tokens keep a least size on screen, and four figures
    on one tile were drawn over each other."""
    if all(math.dist(p, q) >= gap * 0.85 for i, p in enumerate(points) for q in points[i + 1:]):
        return points
    cols = math.ceil(math.sqrt(len(points)))
    rows = math.ceil(len(points) / cols)
    return [(centre[0] + (i % cols - (cols - 1) / 2) * gap, centre[1] + (i // cols - (rows - 1) / 2) * gap)
            for i in range(len(points))]


def door_arrow_points(board) -> list[tuple[float, float]]:
    """The middles of the arrows printed inside a tile's doors (tools/make_level7_tiles.py: each
    fills the square of 64 inside its door), in the unturned tile's map px: a figure keeps clear
    of them as of the icons (a clone moved off Morgue B's icon stood on its west door's arrow)."""
    w, h = board.pixel_size()
    out = []
    for door in board.doors:
        (x0, y0), (x1, y1) = door.points[0], door.points[-1]
        mx, my = float(x0 + x1) / 2, float(y0 + y1) / 2
        out.append((mx + 32 * ((mx == 0) - (mx == w)), my + 32 * ((my == 0) - (my == h))))
    return out


def turned_points(points, size: tuple[int, int], turns: int) -> list[tuple[float, float]]:
    """Points of an unturned tile's art (`size` map px) where they lie once the tile is turned
    `turns` quarter turns clockwise (as `pygame.transform.rotate(art, -90 * turns)` turns it)."""
    out = []
    for x, y in points:
        w, h = size
        for _turn in range(turns % 4):
            x, y, w, h = h - y, x, h, w
        out.append((x, y))
    return out


class Level7Table(GameTable):
    key = "level7"
    saves = SAVES
    SIDE_TABS = ("party", "event", "log")
    START_VIEW = True  # the map it opens on shown at READ_ZOOM (_start_view); a lesson frames its map whole

    def __init__(self, ctx: Context, session: Session, seats: list[str], screen_size: tuple[int, int],
                 save_path: Path | None = None, bot_delay_ms: int = BOT_DELAY_MS, animate: bool = True) -> None:
        from game.level7.content import shared_content
        from game.level7.rules.maps import shared_tiles

        self.content = shared_content()
        self.tiles = shared_tiles()
        self.camera = MapCamera((0, 0, 1, 1), (CELL, CELL))
        self._art: dict[str, pygame.Surface] = {}
        self._icons: dict[str, list[tuple[float, float]]] = {}  # a tile's icon and door arrow points, unturned (tile_art)
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self._label_places = widgets.Memo(256)  # _label_place's answers: searched once per tile, zoom and figures
        self._framed = -1  # how many tiles were placed when the camera last framed the map
        self._start_tiles: int | None = None  # how many tiles the start map has (-1: opened on a later map)
        self.reach: dict[str, list[str]] = {}
        self.walk: list[str] = []  # the rest of a walk the player clicked, one move each
        self.selected: Action | None = None  # the challenge whose preview is open
        self.card_kind = ""  # the adrenaline card clicked: its uses on the prompt line
        self.hover_tile: str | None = None
        self.hover_option: int | None = None  # the placement card or ghost under the pointer
        self.hover_door: tuple | None = None  # the explore arrow under the pointer (_lit_door)
        self.option_rects: list[tuple[pygame.Rect, int]] = []
        self.hand_label_rect: pygame.Rect | None = None  # "Subject N's adrenaline cards" over the hand
        self.steps: list[Shown] = []
        self._caused_by: DiceRoll | None = None  # the last roll of the last action (`_date_the_tray`)
        self._reveal_heights: dict[tuple, int] = {}  # _reveal_height's, per card, width, language and scale
        self.seen: set[str] = set()
        self._walk_memo: tuple | None = None  # (log, entries read, the last one, tiles walked onto): _walked_tiles
        self.actions: list[Action] = []
        self._tiles_before: dict[str, str] = {}
        self._step_tiles: dict[str, str] = {}
        super().__init__(ctx, session, seats, screen_size, save_path, bot_delay_ms, animate)

    # ------------------------------------------------------------------ the title's words
    def make_bot(self, i: int):
        """The planning player bot (game/level7/player_bot.py): it says why it acts."""
        from game.level7.player_bot import PlayerBot

        return PlayerBot(self.session.seed * 8 + i)

    def player_name(self, player: str) -> str:
        return words.character(self.state, player)

    def saved_note(self) -> str:
        return _("Saved as {name}. Load it from Level 7's set-up screen (Load a game).")

    def handoff_note(self) -> str:
        return _("Your adrenaline cards are hidden until you are at the table.")

    def shown_only_to(self, player: str) -> tuple:
        """A character's adrenaline hand (view.py: the other hands show only their sizes)."""
        ch = self.state.characters.get(player)
        return tuple(ch.hand) if ch is not None else ()

    def ai_heading(self) -> str:
        return _("Event card")

    def ai_empty(self) -> str:
        return _("No event card drawn yet.")

    def card_face(self, card: str) -> tuple[str, str] | None:
        return words.card(self.content, card)

    def restore_ai(self) -> None:
        """No AI card to read back: Level 7's rules log none and its side panel has no AI
        section (the kit's look for the last one decoded every line of a loaded game, issue 19)."""
        from game.ui.kit.ai_panel import AiShown

        self.ai = AiShown()

    def card_placeholder(self, card: str) -> bool:
        return words.placeholder(self.content, card)

    def card_art(self, card: str) -> tuple:
        """The card's picture: its bonus, then what its abilities do (level7/card_art.py)."""
        from game.ui.level7.card_art import card_motifs

        return card_motifs(self.content, card)

    def outcome(self) -> str | None:
        st = self.state
        if st.outcome is None:
            return None
        return "won" if any(r == "won" for r in st.results.values()) else "lost"

    def _escaped_of(self) -> tuple[int, int]:
        """(escaped, of): the table's people's characters that won (escaped) and how many they
        are; every character's when only bots play."""
        cids = self._humans() or list(self.players)
        return sum(self.state.results.get(c) == "won" for c in cids), len(cids)

    def end_won(self) -> bool | None:
        """Winning is individual (spec 2, "Win conditions"): Victory when every character of the
        table's people escaped, Defeat when none did, and neither when some did and some did not
        (one escaped, one killed: the heading says how many escaped, end_heading)."""
        n, of = self._escaped_of()
        return True if n == of else False if n == 0 else None

    def end_heading(self) -> str | None:
        n, of = self._escaped_of()
        if 0 < n < of:
            return _("Escaped: {n} of {total}").format(n=n, total=of)
        return None

    def end_summary(self) -> str:
        st = self.state
        parts = []
        for cid in self.players:
            ch = st.characters[cid]
            result = {"escaped": _("escaped"), "killed": _("killed")}.get(ch.status) or \
                (_("won") if st.results.get(cid) == "won" else _("lost inside"))
            parts.append(f"{self.player_name(cid)}: {result}")
        # The language's separator: a Greek ';' is a question mark ('Πειραματόζωο 1: δραπέτευσε;').
        return _("; ").join(parts)

    def end_stats(self) -> str:
        st = self.state
        return _("{turns} turns, {tiles} tiles on the map, seed {seed}").format(turns=st.turn_no, tiles=len(st.placed),
                                                                              seed=self.session.seed)

    def toolbar_title(self) -> str:
        st = self.state
        sc = self.content.scenarios[st.scenario]
        lock = "  \u2022  " + _("LOCKDOWN") if st.lockdown else ""
        return f"Level 7  \u2022  {words.scenario(sc)}  \u2022  " + pgettext("level7", "Turn {n}").format(n=st.turn_no) + lock

    def decision_name(self) -> str:
        pend = self._pending()
        return pend["kind"] if pend else "turn"

    # ------------------------------------------------------------------ state helpers
    def _pending(self) -> dict | None:
        proc = self.state.proc
        return proc.get("pending") if proc else None

    def _mine(self) -> bool:
        """The person at the table decides now (not a bot, the game not over, nothing animating)."""
        return self._not_yours() is None and not self.session.is_over()

    def forced_answer(self, actions: list[Action]) -> Action | None:
        """A tile drawn whose ways to lie that join the most doors all lie the same (explore.
        distinct_lies: they differ in art alone) is placed the first way, as the rules place a
        tile with a single way: there is nothing for the explorer to choose (and an undo goes
        back over it, never to a question with one card)."""
        if actions and all(a.kind == "placement" for a in actions):
            from game.level7.rules.explore import distinct_lies

            if len(distinct_lies([a.payload for a in actions])) == 1:
                return actions[0]
        return None

    def may_be_forced(self, action: Action) -> bool:
        return action.kind == "placement"

    def update_choices(self) -> None:
        from game.level7.rules.queries import reachable

        self.actions = self.session.legal_actions() if not self.session.is_over() else []
        if self._pending_kind() == "placement":  # one card per way to lie (ways that differ in art alone: one)
            from game.level7.rules.explore import distinct_lies

            self.actions = [self.actions[i] for i in distinct_lies([a.payload for a in self.actions])]
        self._tiles_before = self.figure_tiles()
        self.reach = reachable(self.state) if self._pending() is None and not self.session.is_over() else {}
        if self.selected is not None and self.selected not in self.actions:
            self.selected = None
        if self.walk and self.walk[0] not in self.reach:
            self.walk = []
        if self.card_kind and not any(a.kind == "adrenaline" and str(a.payload["card"]).startswith(self.card_kind + "#")
                                      for a in self.actions):
            self.card_kind = ""
        self.seen = self._seen_tiles()

    def _seen_tiles(self) -> set[str]:
        """Tiles a character has stood on, and those a character looks into through a door now."""
        from game.level7.rules.maps import view

        st = self.state
        seen = {st.placed[0][0]} if st.placed else set()
        seen |= self._walked_tiles()
        mv = view(st)
        for ch in st.characters.values():
            if ch.tile in mv.tilemap.placed:
                seen.add(ch.tile)
                seen.update(o for o, k, _d in mv.neighbours(st, ch.tile) if k in ("door", "locked"))
        return seen

    def _walked_tiles(self) -> set[str]:
        """The tiles of the log's move and reenter events (a character stood there), read once:
        the entries logged since the last call, or the whole log again after an undo or on
        another session. A saved line not decoded yet that names no placed tile missing from the
        set is passed by without decoding it (saved.may_hold): Continue at 3,000 actions decoded
        every line of the game to find some thirty tiles."""
        from game.engine.saved import may_hold

        log = self.session.log
        n = len(log)
        memo = self._walk_memo
        if memo is not None and memo[0] is log and memo[1] <= n and (memo[1] == 0 or log[memo[1] - 1] is memo[2]):
            walked, start = memo[3], memo[1]
        else:
            walked, start = set(), 0
        missing = [t for t, *_where in self.state.placed if t not in walked]
        needles = {t: f'"tile":"{t}"' for t in missing}
        for i in range(start, n):
            if not needles:
                break  # every placed tile found: later lines add none
            event = log[i].event
            if not any(may_hold(event, needle) for needle in needles.values()):
                continue
            if event.kind in ("move", "reenter"):
                tile = str((event.payload or {}).get("tile") or "")
                if tile:
                    walked.add(tile)
                    needles.pop(tile, None)
        # (A tile placed later is looked for from here on: it cannot be in the lines before it.)
        self._walk_memo = (log, n, log[n - 1] if n else None, walked)
        return walked

    def hint(self) -> str:
        st = self.state
        if self.session.is_over():
            return _("The game is over.")
        pend = self._pending()
        if pend:
            return as_text(pend["prompt"])
        ch = st.characters[st.turn.player]
        moves = _("1 move left") if st.turn.moves_left == 1 else _("{n} moves left").format(n=st.turn.moves_left)
        who = self.player_name(ch.id)
        kinds = {a.kind for a in self.actions}
        if not kinds & {"move", "explore"}:
            # No walk or door left (0 moves left said 'walk to a lit tile, explore by a door arrow'
            # with nothing lit): what is left to do.
            if kinds & {"attack", "bull_rush", "outwit"}:  # an enemy on the tile to click
                return _("{who}, {moves}: click an enemy to challenge it, or end the turn.").format(who=who, moves=moves)
            # Moves left but held by an active enemy, the turn's challenge made: 'Subject 1, 2
            # moves left: end the turn.' said nothing of why the moves could not be walked.
            held = st.turn.moves_left > 0 and any(e.tile == ch.tile and not e.stunned for e in st.enemies)
            if held and not kinds - {"adrenaline", "end_turn"}:
                if "adrenaline" in kinds:
                    return _("{who}: an active enemy holds you on your tile and this turn's challenge is made: play a "
                             "card from your hand, or end the turn.").format(who=who)
                return _("{who}: an active enemy holds you on your tile and this turn's challenge is made: end the "
                         "turn.").format(who=who)
            # 'or choose another button on this line' stood beside End the turn alone: name
            # another button only when the line shows one (prompt_choices), else the hand's cards.
            if kinds - {"move", "explore", "adrenaline", "end_turn"}:
                return _("{who}, {moves}: end the turn, or choose another button on this line.").format(who=who, moves=moves)
            if "adrenaline" in kinds:
                return _("{who}, {moves}: play a card from your hand, or end the turn.").format(who=who, moves=moves)
            return _("{who}, {moves}: end the turn.").format(who=who, moves=moves)
        return _("{who}, {moves}: walk to a lit tile, explore by a door arrow, click an enemy to challenge it.").format(
            who=who, moves=moves)

    CHALLENGES = ("attack", "bull_rush", "outwit", "unlock", "control_panel")  # previewed before the roll

    def prompt_choices(self):
        pend = self._pending()
        if pend is not None:
            if pend["kind"] == "placement":
                # The cards lie where they hide no outline (_placement_panel): not always below.
                return as_text(pend["prompt"]) + "  " + _("(pick a placement: a card, or its outline on the map)"), []
            question = as_text(pend["prompt"])
            source = self._one_reroll_source()
            if source:
                # Six 'Reroll n (Self-Defense Training): p%' buttons stood in a column over the
                # roller's tile: the one source is said once here, the buttons are short.
                question = _("{question}  With {source}:").format(question=question, source=words.card(self.content, source)[0])
            return question, [(self._option_label(a), a, False) for a in self._one_per_copy(self.actions)]
        if self.card_kind:
            uses = [a for a in self.actions if a.kind == "adrenaline" and str(a.payload["card"]).startswith(self.card_kind + "#")]
            return _("Play {card} how?").format(card=words.card(self.content, self.card_kind)[0]), \
                [(self._use_label(a), a, False) for a in uses] + [(_("Cancel"), "cancel", False)]
        if self.selected is not None:
            return None, [(_("Cancel"), "cancel", False)]
        shown = []
        for a in self.actions:
            if a.kind in ("move", "explore", "adrenaline"):
                continue  # on the map (the lit tiles, the door arrows) and in the hand
            if a.kind in self.CHALLENGES:
                shown.append((self._challenge_label(a), ("preview", a), False))
            else:
                shown.append((a.text, a, a.kind == "end_turn"))
        return None, shown

    @staticmethod
    def _one_per_copy(actions: list[Action]) -> list[Action]:
        """A question's options with one discard per card: the rules offer each copy in the hand
        (hold_your_breath#1 and #3), the same choice, which showed as two identical 'Discard Hold
        Your Breath' buttons. The first copy answers for the card (the question itself is kept:
        its options are hashed with a game paused there)."""
        seen: set[str] = set()
        out = []
        for a in actions:
            if a.kind == "discard":
                kind = str(a.payload.get("card", "")).split("#")[0]
                if kind in seen:
                    continue
                seen.add(kind)
            out.append(a)
        return out

    def _use_label(self, action: Action) -> str:
        """One use of the card the prompt names ('Play Surge of Strength how?'): the use alone,
        without the card's name again, so the buttons fit at 1280x720 (the rules' labels, 'Play
        Surge of Strength to move Fear +1', were cut to 'Play Surge of Strength to move F...',
        which the '-1' and '+1' buttons both read as)."""
        from game.level7.rules.names import ability_words

        use = action.payload.get("use")
        if use == "bonus":
            return _("Its bonus")
        if use == "ability":
            return _("Its ability: {ability}").format(ability=as_text(ability_words(str(action.payload["card"]))))
        if use == "fear_shift":
            return _("Move Fear {shift}").format(shift=f"{int(action.payload['shift']):+d}")
        return action.text

    def _challenge_in_play(self) -> Action | None:
        """The challenge action being resolved (a helper is asked before its dice); None while
        an event's challenge is (drawn by an explore, a placement, a move or the turn's end):
        the last challenge action of the game gave an event's Intelligence roll the odds of an
        earlier turn's Attack."""
        from game.level7.rules.challenges import ACTIONS

        for a in reversed(self.session.actions):
            if a.kind in ACTIONS:
                return a
            if a.kind in ("explore", "peek", "placement", "move", "vent", "end_turn"):
                return None
        return None

    def _option_label(self, action: Action) -> str:
        """A pending question's option: a helper's card says the roller's chance with it, an
        event's choice what it does (the section's own effect steps), the rest the rules' words."""
        got = self._reaction_label(action)
        if got:
            return got
        if action.kind == "help":
            from game.level7.rules.queries import help_previews

            challenge = self._challenge_in_play()
            odds = help_previews(self.state, challenge) if challenge is not None else {}
            got = odds.get(action.payload.get("card", ""))
            if got is not None:
                kind = action.payload["card"]
                what = words.card(self.content, kind)[0] if kind else _("No help")
                return _("{what}: {p:.0f}%").format(what=what, p=float(got.chance) * 100)
        if action.kind == "reroll":
            return self._reroll_label(action)
        if action.kind == "fear_shift":
            fear = int(action.payload.get("fear", 0))
            now = self.state.characters[self.session.decider].fear if self.session.decider in self.state.characters else fear
            return _("Keep Fear {n}").format(n=fear) if fear == now else _("Fear {a} \u2192 {b}").format(a=now, b=fear)
        if action.kind == "redraw_event":
            about = (self.state.proc or {}).get("pending", {}).get("about") or {}
            section = self.content.sections.get(str(about.get("section", "")))
            if action.payload.get("redraw"):
                return _("Discard it and draw another event")
            said = words.effect(section.effect) if section is not None else ""
            return _("Resolve it: {effect}").format(effect=said) if said else _("Resolve this event")
        if action.kind == "stun":
            enemy = next((e for e in self.state.enemies if e.key == action.payload.get("enemy")), None)
            if enemy is not None:
                return _("Stun {enemy}").format(enemy=words.enemy(enemy.kind, enemy.number))
        if action.kind == "event_option":
            section = next((str((e.event.payload or {}).get("section", "")) for e in reversed(list(self.session.log))
                            if e.event.kind == "event_text"), "")
            said = words.event_option(self.content, section, int(action.payload.get("option", -1)))
            if said:
                return said
        return action.text

    def _reaction_label(self, action: Action) -> str:
        """The options of the adrenaline abilities' questions (a reaction in anyone's turn, an
        ability's target) in words; "" for the other questions."""
        p, st = action.payload, self.state
        card = words.card(self.content, str(p.get("card", "")))[0] if p.get("card") else ""
        if action.kind == "defend" and p.get("use") == "ability":
            return fill(_("{card}: cancel the attack"), card=card)
        if action.kind == "help" and p.get("use") == "ability":
            return fill(_("{card}: {who} draws a card"), card=card, who=words.character(st, st.turn.player))
        if action.kind == "cancel_fear":
            about = (self._pending() or {}).get("about") or {}
            fear, gain = int(about.get("fear", 0)), int(about.get("gain", 1))
            top = self.content.fear_track.max
            if not card:
                return _("Take the Fear ({a} → {b})").format(a=fear, b=min(top, fear + gain))
            cost = self.content.adrenaline[p["card"]].fear_cost
            return fill(_("{card}: cancel it (Fear {a} → {b})"), card=card, a=fear, b=fear + cost)
        if action.kind == "lend_to":
            return _("{who} draws a card").format(who=words.character(st, p["who"]))
        if action.kind == "unlock_door":
            from game.level7.rules.names import door_side

            return fill(_("The locked door on side {side}"), side=as_text(door_side(p["door"][0])))
        if action.kind == "move_guard":
            e = next((x for x in st.enemies if x.key == p.get("enemy")), None)
            name = words.enemy(e.kind, e.number) if e is not None else str(p.get("enemy"))
            tile = pgettext("level7", self.tiles[p["tile"]].name) if p.get("tile") in self.tiles else str(p.get("tile"))
            return _("{enemy} to {tile}").format(enemy=name, tile=tile)
        return ""

    def _last_roll(self) -> dict | None:
        return next((e.event.payload for e in reversed(list(self.session.log)) if e.event.kind == "roll"), None)

    def _one_reroll_source(self) -> str:
        """The source (skill or card) of every reroll a pending question offers, when they all
        share one; else ""."""
        pend = self._pending()
        if not pend or pend["kind"] != "reroll":
            return ""
        sources = {str(a.payload.get("reroll", "")) for a in self.actions if a.payload.get("reroll")}
        return sources.pop() if len(sources) == 1 else ""

    def _reroll_label(self, action: Action) -> str:
        """A reroll option: which dice, by what, and the exact chance of success after it."""
        from game.level7.rules.queries import pending_reroll_chance, reroll_chance

        roll = self._last_roll()
        source = str(action.payload.get("reroll", ""))
        dice = [int(i) for i in action.payload.get("dice", [])]
        if not roll:
            return action.text
        if not source:
            return _("Keep the roll ({n} icons)").format(n=roll.get("icons", 0))
        # The question's own challenge (an event's too): the last challenge action in the game
        # gave an event's Intelligence reroll the odds of turn 3's Attack ('Reroll 4: 0%').
        p = pending_reroll_chance(self.state, dice)
        if p is None:
            challenge = self._challenge_in_play()
            if challenge is None:
                return action.text
            p = reroll_chance(self.state, challenge, roll["faces"], dice)
        name = words.card(self.content, source)[0]
        which = ", ".join(str(i + 1) for i in dice)
        if self._one_reroll_source():  # the prompt names it
            return _("Reroll {which}: {p:.0f}%").format(which=which, p=float(p or 0) * 100)
        return _("Reroll {which} ({name}): {p:.0f}%").format(which=which, name=name, p=float(p or 0) * 100)

    def _challenge_label(self, action: Action) -> str:
        """A challenge's button: the enemy an Attack is on by its name and number."""
        enemy = next((e for e in self.state.enemies if e.key == action.payload.get("enemy")), None)
        if action.kind == "attack" and enemy is not None:
            return _("Attack {enemy}").format(enemy=words.enemy(enemy.kind, enemy.number))
        return action.text

    def costly(self, what) -> bool:
        return isinstance(what, Action) and what.kind in ("end_turn", "discard", "escape")

    def press(self, what):
        if isinstance(what, tuple) and what and what[0] == "preview" and self.may_prepare(what[1]):
            self.selected = what[1]
            self.dirty = True
        return None

    def title_command(self, what: str):
        if what == "cancel":
            self.cancel()
        elif what == "roll" and self.selected is not None:
            action, self.selected = self.selected, None
            self.submit(action)
        return None

    def cancel(self) -> bool:
        had = self.selected is not None or bool(self.walk) or bool(self.card_kind)
        self.selected, self.walk, self.card_kind = None, [], ""
        return had

    # ------------------------------------------------------------------ events on screen
    def animate_event(self, e: Event, positions) -> None:
        pl = e.payload or {}
        if e.kind == "roll" and pl.get("faces") is not None:
            tumble = tuple(die_face(dict(f.symbols)) for f in self.content.dice["level7"].faces)
            shown = [ShownDie(die_face(dict(f)), tumble, i * 2, i) for i, f in enumerate(pl["faces"])]
            title, rest = _roll_words(e)
            roll = DiceRoll(title, shown, rest)
            self._caused_by = roll  # the last roll of the action: a question it asks comes of it
            if self.steps:  # inside an event's resolution: rolled when its step comes
                self.steps.append(Shown(self._words(e.text), self._step_tiles.get(str(pl.get("enemy") or pl.get("who") or "")),
                                        e.kind, dict(self._step_tiles), dict(pl), dice=roll))
            else:
                self.dice = roll
        if e.kind in FIGURE_KINDS:
            self._follow(e.kind, pl)
        if e.kind in STEP_KINDS:
            tile = pl.get("tile") or self._step_tiles.get(str(pl.get("enemy") or pl.get("who") or ""))
            actor = str(self.session.deciders[-1] or "") if self.session.deciders else ""
            self.steps.append(Shown(self._words(e.text), tile, e.kind, dict(self._step_tiles), dict(pl), actor=actor))
        # Enemies are shown where each step leaves them (the steps' snapshots), not slid to
        # where the whole action left them before the steps begin.
        final = self._positions()
        for key in [k for k in positions if k not in self.players]:
            if key in final:
                positions[key] = final[key]
            else:
                del positions[key]
        positions.update((k, xy) for k, xy in final.items() if k not in self.players)

    def _follow(self, kind: str, pl: dict) -> None:
        """The figures' tiles after this event, for the snapshots of the steps."""
        who = str(pl.get("enemy") or pl.get("who") or "")
        if kind in ("spawn", "enemy_move", "move", "reenter") and pl.get("tile") and who:
            self._step_tiles[who] = str(pl["tile"])
        elif kind in ("removed", "knocked_out", "killed", "escaped"):
            self._step_tiles.pop(who, None)

    def _take_events(self, events, before) -> None:
        self._step_tiles = dict(self._tiles_before)
        self._caused_by = None
        super()._take_events(events, before)
        self._tiles_before = self.figure_tiles()

    @property
    def busy(self) -> bool:
        return super().busy or bool(self.steps)

    def skip_animation(self) -> None:
        super().skip_animation()
        self.steps.clear()

    def undo(self) -> None:
        super().undo()
        self.steps.clear()
        self.walk = []

    def update(self, dt_ms: int) -> None:
        self.begin_tick()  # before the steps' clock marks the frame dirty: it may be drawn in part
        if self.steps and not self.anims and not (self.dice and not self.dice.done):
            s = self.steps[0]
            if s.dice is not None and s.age == 0:  # this step's roll: the tray shows it first
                self.dice, s.dice = s.dice, None
                self.dirty = True
                super().update(dt_ms)
                return
            s.age += round(min(dt_ms, 100) / self.pace())
            if s.age >= STEP_SHOW_MS:
                self.steps.pop(0)
            self.dirty = True
        super().update(dt_ms)
        self._date_the_tray()
        if self.walk and not self.busy and self._mine():
            self._walk_on()

    def _date_the_tray(self) -> None:
        """A roll on show while a question about something else is asked (a clone's attack,
        "Play a card for Toughness?", right after the player's Intelligence roll) is an earlier
        roll: the tray dims and says so, so no one reads those dice as the attack's. A roll the
        question is about (a reroll's) stays as it is, and so does the roll that caused it (the
        last roll of the action that asked it: a discard after an enemy's hit, a Fear shift after
        a failed challenge), which read 'Earlier roll' and faint under its own consequence."""
        kind = self._pending_kind()
        if self.dice is None or self.dice.dim or kind is None or kind in ROLL_QUESTIONS:
            return
        if self.dice is self._caused_by and kind not in BEFORE_A_ROLL:
            return
        self.dice = replace(self.dice, title=_("Earlier roll: {who}").format(who=self.dice.title), dim=True)
        self.dirty = True

    def _walk_on(self) -> None:
        """The next move of a clicked walk, while the rules still allow it (else their reason)."""
        to = self.walk.pop(0)
        action = next((a for a in self.actions if a.kind == "move" and a.payload.get("to") == to), None)
        if action is None:
            from game.level7.rules.turn import refusal

            why = refusal(self.state, "move", {"to": to})
            self.walk = []
            if why:
                self.say(why)
            return
        if not self.submit(action):
            self.walk = []

    def _positions(self) -> dict[str, tuple[float, float]]:
        return self._figure_spots()

    # ------------------------------------------------------------------ geometry
    def _tile_rect(self, name: str) -> pygame.Rect:
        """A placed tile's footprint in map pixels."""
        from game.level7.rules.maps import view

        tile, (x, y) = view(self.state).tilemap.placed[name]
        return pygame.Rect(x * CELL, y * CELL, tile.size[0] * CELL, tile.size[1] * CELL)

    def _extent(self) -> tuple[float, float, float, float]:
        """The explored map with room around it for the next tiles (half a tile, a whole one
        while a placement is offered there)."""
        rects = [self._tile_rect(n) for n in self._placed_names()]
        if self._pending_kind() == "placement":
            rects += [self._ghost_rect(i) for i in range(len(self.actions))]
        m = CELL // 2
        x0 = min(r.left for r in rects) - m
        y0 = min(r.top for r in rects) - m
        x1 = max(r.right for r in rects) + m
        y1 = max(r.bottom for r in rects) + m
        return (x0, y0, x1, y1)

    def _placed_names(self) -> list[str]:
        return [p[0] for p in self.state.placed]

    def _frame(self) -> None:
        """Frame the map again when it grew or a placement is offered (the ghosts in view)."""
        key = len(self.state.placed) * 2 + (self._pending_kind() == "placement")
        if self._framed == key:
            return
        self._framed = key
        ext = self._extent()
        self.camera.content = ext
        self.camera.board_size = (int(ext[2] - ext[0]), int(ext[3] - ext[1]))
        self.camera.fit()
        if self._start_tiles is None:  # (a game continued after a tile was explored opens framed whole)
            explored = any(a.kind == "explore" for a in self.session.actions)
            self._start_tiles = -1 if explored else len(self.state.placed)
        if self.START_VIEW and len(self.state.placed) == self._start_tiles and self._pending_kind() != "placement":
            self._start_view()

    def _start_view(self) -> None:
        """The start map (before the first tile is explored): the characters' tiles at
        READ_ZOOM, no closer than keeps them whole with their door arrows (the kit's
        camera.zoom_to_read, as Gears' tall boards start), on them. The fit with half
        a tile round the map for the next tiles showed the start tile at 0.66 in 1920x1080, 425
        px of a view 664 tall, its tokens and name small; the map is framed whole again from
        the first tile explored."""
        st = self.state
        tiles = {ch.tile for ch in st.characters.values() if ch.tile in self._placed_names()}
        if not tiles:
            return
        rects = [self._tile_rect(t) for t in tiles]
        whole = rects[0].unionall(rects[1:])
        reach = self.ctx.px(22) + 4 + self.ctx.px(6)  # a door's explore arrow beyond its tile (_arrow_bound)
        self.camera.zoom_to_read(READ_ZOOM, (whole.left, whole.top, whole.right, whole.bottom), whole.center, reach)

    def _layout(self, size: tuple[int, int]) -> None:
        if size != self._size:
            px = self.ctx.px
            self._size = size
            side = min(px(440), max(px(330), int(size[0] * 0.24)), size[0] // 3) if self.side_open else px(30)
            # The hand strip holds cards about 100 px wide at 1280x720 (at 130 px high they were 74:
            # 'Duck and…'): their names whole on one or two lines (hand.name_fit). It grows with
            # the window as the other titles' strips do, the cards as large a part of it: held to
            # 190 px, a 1920x1080 window had 117 px cards, a 720p hand's in a window half as large again.
            strip = max(px(170), min(px(340), int(size[1] * 0.23)))
            # A tall window's spare height lets the cards grow until a full hand fills the row
            # (its left column at its widest, px(330): _draw_hand).
            row_w = size[0] - side - px(14) - px(330) - px(14) - px(24)
            strip = hand.strip_height(self.ctx, size[1], px(48) + px(44), strip, row_w,
                                      self.content.number("hand_max"))
            self.set_rects(size, px(48), side, strip)
            self.camera.view = tuple(self.view_rect)  # type: ignore[assignment]
            self._framed = -1
            self._frame()

    def tile_at(self, pos) -> str | None:
        mx, my = self.camera.to_map(*pos)
        for name in reversed(self._placed_names()):
            if self._tile_rect(name).collidepoint(mx, my):
                return name
        return None

    def _screen_rect(self, r: pygame.Rect) -> pygame.Rect:
        x0, y0 = self.camera.to_screen(r.left, r.top)
        x1, y1 = self.camera.to_screen(r.right, r.bottom)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))

    def _door_point(self, name: str, slot) -> tuple[float, float]:
        """The middle of a placed tile's door slot, in map pixels."""
        from game.level7.rules.maps import view

        tile, (x, y) = view(self.state).tilemap.placed[name]
        c, r = tile.slot_cell(slot)
        cx, cy = (x + c) * CELL, (y + r) * CELL
        edge = slot[0]
        return {"N": (cx + CELL / 2, cy), "S": (cx + CELL / 2, cy + CELL), "E": (cx + CELL, cy + CELL / 2),
                "W": (cx, cy + CELL / 2)}[edge]

    def figure_tiles(self) -> dict[str, str]:
        """Each figure on the map and its tile: the characters in play, then the enemies."""
        st = self.state
        out = {c: st.characters[c].tile for c in self.players if st.characters[c].status == "in_play"}
        out.update((e.key, e.tile) for e in st.enemies)
        return out

    def _door_between(self, a: str, b: str) -> tuple[float, float]:
        """The middle of the open door joining tiles a and b (a walk's path goes through it)."""
        from game.level7.rules.maps import view

        for other, kind, door in view(self.state).neighbours(self.state, a):
            if other == b and kind == "door" and door is not None:
                return self._door_point(door[0], door[1])
        ra, rb = self._tile_rect(a), self._tile_rect(b)
        return ((ra.centerx + rb.centerx) / 2, (ra.centery + rb.centery) / 2)

    def _figure_spots(self, tiles: dict[str, str] | None = None) -> dict[str, tuple[float, float]]:
        """Where each figure stands in map pixels (characters along a tile's top, enemies along
        its bottom), for the figures and tiles given (default: as they stand now)."""
        tiles = self.figure_tiles() if tiles is None else tiles
        placed = set(self._placed_names())
        out: dict[str, tuple[float, float]] = {}
        by_tile: dict[str, list[str]] = {}
        for key, tile in tiles.items():
            if tile in placed:
                by_tile.setdefault(tile, []).append(key)
        for name, keys in by_tile.items():
            chars = [k for k in self.players if k in keys]
            foes = sorted((k for k in keys if k not in chars), key=enemy_order)
            marks = self._icon_points(name) + ([self._item_spot(name)] if self.state.floor_items.get(name) else []) + \
                self._token_points(name)
            r = self._tile_rect(name)
            points = figure_points(r, marks, len(chars), len(foes),
                                   max(1.0, self._token_radius() / (CELL * 0.085 * self.camera.zoom)))
            # Tokens are drawn no smaller than _token_radius on screen: apart by that much.
            points = spread_out(points, (r.left + CELL / 2, r.top + CELL / 2), 2 * self._token_radius() / self.camera.zoom)
            out.update(zip(chars + foes, points))
        return out

    def _token_points(self, name: str) -> list[tuple[float, float]]:
        """Where the markers on a placed tile lie in map px (in their row along its bottom, the
        enemies' row too): its figures keep clear of them as of its printed icons."""
        n = sum(self.state.tokens.get(kind, []).count(name) for kind in MARK_KINDS)
        return [self.camera.to_map(*q) for q in self._mark_spots(name, n)] if n else []

    def _mark_radius(self, name: str) -> int:
        return max(3, min(self._token_radius(), self._screen_rect(self._tile_rect(name)).width // 12))

    def _mark_spots(self, name: str, n: int) -> list[tuple[int, int]]:
        """Where a placed tile's `n` markers (darkness, sealed vent, nest...) are drawn, on
        screen: a row along its bottom edge, right to left, each where no printed icon or door
        arrow lies (a third marker covered the south door's arrow); the first places left when
        too few are clear."""
        tr = self._screen_rect(self._tile_rect(name))
        rr = self._mark_radius(name)
        printed = [self.camera.to_screen(*q) for q in self._icon_points(name)]
        room = rr + ICON_HALF * self.camera.zoom
        slots = [(tr.right - round(rr * (1.4 + 2.3 * k)), tr.bottom - round(rr * 1.4))
                 for k in range(max(n, int((tr.width - rr) // (2.3 * rr))))]
        clear = [q for q in slots if all(math.dist(q, c) >= room for c in printed)]
        return (clear + [q for q in slots if q not in clear])[:n]

    def _item_spot(self, name: str) -> tuple[float, float]:
        """Where the face-up items of a placed tile lie (the middle of their badge, map px): the
        first place along its first square's middle row, then its middle column, that no printed
        icon or door arrow is under (at the left edge's middle it covered the west door's
        arrow); the figures keep clear of it as of an icon."""
        r = self._tile_rect(name)
        printed = self._icon_points(name)
        half_w, half_h = CELL * 0.085 * 1.5, CELL * 0.085  # the badge, 3 by 2 token radii

        def clear(q) -> bool:  # the badge's nearest point from each icon's middle
            return all(math.hypot(max(0.0, abs(q[0] - c[0]) - half_w), max(0.0, abs(q[1] - c[1]) - half_h)) >= ICON_HALF
                       for c in printed)

        places = [(r.left + CELL * f, r.top + CELL * 0.5) for f in (0.25, 0.5, 0.75)] + \
                 [(r.left + CELL * 0.5, r.top + CELL * f) for f in (0.35, 0.65)] + \
                 [(r.left + CELL * f, r.top + CELL * g) for g in (0.35, 0.65) for f in (0.25, 0.75)]
        return next((q for q in places if clear(q)), places[0])

    def _icon_points(self, name: str) -> list[tuple[float, float]]:
        """Where a placed tile's printed icons and door arrows lie, in map pixels (its Tiled map's
        icons and doors layers, turned as the tile was placed)."""
        from game.level7.rules.maps import view

        tile, (x, y) = view(self.state).tilemap.placed[name]
        self.tile_art(tile.id)  # reads the icons with the art
        base = self.tiles[tile.id] if tile.id in self.tiles else tile
        size = (base.size[0] * CELL, base.size[1] * CELL)
        return [(x * CELL + px_, y * CELL + py_) for px_, py_ in turned_points(self._icons.get(tile.id, ()), size, tile.turns)]

    # ------------------------------------------------------------------ input
    def hover(self, pos) -> None:
        inside = self.view_rect.collidepoint(pos)
        tile = self.tile_at(pos) if inside else None
        option = next((i for r, i in self.option_rects if r.collidepoint(pos)), None)
        if option is None and inside and self._pending_kind() == "placement":
            option = self._ghost_at(pos)
        door = self._lit_door(pos)
        if (tile, option, door) != (self.hover_tile, self.hover_option, self.hover_door):
            self.hover_tile, self.hover_option, self.hover_door = tile, option, door
            self.dirty = True

    def _pending_kind(self) -> str | None:
        pend = self._pending()
        return pend["kind"] if pend else None

    def click(self, pos):
        if self._pending_kind() == "placement" and self._mine() and not self.busy and self.handoff is None:
            for rect, i in self.option_rects:
                if rect.collidepoint(pos):
                    return self.submit(self.actions[i]) and None
        return super().click(pos)

    def _card_actions(self, card: str) -> list[Action]:
        """The legal actions a hand card answers: a discard of that copy, a play of its kind, a
        help or a defence with it (the rules name one copy of each kind: any copy is the card)."""
        kind = card.split("#")[0]
        return [a for a in self.actions if a.payload.get("card") == card or
                (a.kind in ("adrenaline", "help", "defend", "cancel_fear") and str(a.payload.get("card", "")).split("#")[0] == kind)]

    def click_card(self, card: str):
        why = self._not_yours()
        if why:
            self.say(why)
            return None
        acts = self._card_actions(card)
        if len(acts) == 1:
            self.submit(acts[0])
        elif acts and self._pending():  # a question's options with this card (a bonus, an ability)
            self.say(_("Pick how to play it on the prompt line."))
        elif acts:  # its uses (bonus, ability, a free Fear shift) on the prompt line
            self.card_kind = card.split("#")[0]
            self.dirty = True
        else:
            self.say(self._card_refusal(card))
        return None

    def _card_refusal(self, card: str) -> str:
        """Why a hand card cannot be played now, in the rules' words."""
        from game.level7.rules import challenges

        pend = self._pending()
        if pend:
            return _("Answer first: {q}").format(q=as_text(pend["prompt"]))
        st = self.state
        why = challenges.adrenaline_refusal(st, st.characters[st.turn.player], {"card": card, "use": "bonus", "shift": 0})
        return as_text(why) if why else _("This card has no use the rules allow now.")

    def click_view(self, pos):
        why = self._not_yours()
        if why:
            self.say(why)
            return None
        kind = self._pending_kind()
        if kind == "placement":
            i = self._ghost_at(pos)
            if i is None:
                self.say(_("Pick one of the lit placements: the rules allow only those (the most doors joined)."))
                return None
            same = [j for j in range(len(self.actions)) if self._spot(j) == self._spot(i)]
            if len(same) > 1:
                self.say(_("{n} ways fit on this spot: pick one of the cards below the map.").format(n=len(same)), ok=True)
                return None
            self.submit(self.actions[i])
            return None
        # A door arrow: explore.
        door = self._door_at(pos)
        if door is not None:
            action = next((a for a in self.actions if a.kind == "explore" and list(a.payload["door"]) == list(door)), None)
            if action is not None:
                self.submit(action)
                return None
        tile = self.tile_at(pos)
        if tile is None:
            self.say(_("Nothing is there yet: the facility grows only when someone explores through a door."))
            return None
        if kind is not None:
            for a in self.actions:
                if a.payload.get("tile") == tile:
                    self.submit(a)
                    return None
            self.say(_("Answer first: {q}").format(q=as_text(self._pending()["prompt"])))
            return None
        st = self.state
        ch = st.characters[st.turn.player]
        enemy = self._enemy_at(pos)
        if enemy is not None and tile == ch.tile:
            action = next((a for a in self.actions if a.kind == "attack" and a.payload.get("enemy") == enemy), None)
            if action is not None:
                if self.may_prepare(action):
                    self.selected = action
                    self.dirty = True
                return None
            from game.level7.rules.turn import refusal

            self.say(refusal(st, "attack", {"enemy": enemy}) or _("That enemy cannot be challenged now."))
            return None
        if tile in self.reach:
            self.walk = list(self.reach[tile])
            self._walk_on()
            return None
        if tile == ch.tile:
            # A locked door of your tile facing unexplored space (Blast Door): the click on its
            # token said 'You are here.'; it says why there is no arrow, in the rules' words.
            locked = self._locked_door_at(pos)
            if locked is not None:
                from game.level7.rules.turn import refusal

                self.say(refusal(st, "explore", {"door": list(locked)}) or _("You are here."))
                return None
            self.say(_("You are here."), ok=True)
            return None
        vent = next((a for a in self.actions if a.kind == "vent" and a.payload.get("to") == tile), None)
        if vent is not None:
            self.say(_("Crawling there goes through the vents (+Fear, ends your turn): use its button."), ok=True)
            return None
        from game.level7.rules.queries import walk_refusal

        self.say(walk_refusal(st, tile))
        return None

    def _door_at(self, pos):
        """An explorable door of the active character's tile under the pointer (its arrow)."""
        for a in self.actions:
            if a.kind != "explore":
                continue
            x, y = self.camera.to_screen(*self._door_point(self.state.player.tile, tuple(a.payload["door"])))
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= (self.ctx.px(26)) ** 2:
                return a.payload["door"]
        return None

    def _locked_door_at(self, pos):
        """A door of the active character's tile facing unexplored space, with a locked-door
        token, under the pointer (where its arrow would be)."""
        from game.level7.rules.explore import locked_unexplored

        tile = self.state.player.tile
        for door in locked_unexplored(self.state, tile):
            x, y = self.camera.to_screen(*self._door_point(tile, tuple(door)))
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= (self.ctx.px(26)) ** 2:
                return door
        return None

    def _enemy_at(self, pos) -> str | None:
        r = self._token_radius()
        for key, (mx, my) in self._figure_spots().items():
            if key in self.state.characters:
                continue
            x, y = self.camera.to_screen(mx, my)
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= r * r:
                return key
        return None

    def _spot(self, i: int) -> tuple[int, int]:
        p = self.actions[i].payload
        return (p["x"], p["y"])

    def _ghost_rect(self, i: int) -> pygame.Rect:
        p = self.actions[i].payload
        tile = self.tiles[p["tile"]].rotated(p["turns"])
        return pygame.Rect(p["x"] * CELL, p["y"] * CELL, tile.size[0] * CELL, tile.size[1] * CELL)

    def _ghost_at(self, pos) -> int | None:
        if self._pending_kind() != "placement":
            return None
        mx, my = self.camera.to_map(*pos)
        hits = [i for i in range(len(self.actions)) if self._ghost_rect(i).collidepoint(mx, my)]
        if self.hover_option in hits:
            return self.hover_option
        return hits[0] if hits else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        self._frame()
        # A frame where only the clock moved figures or dice: what moved drawn again, the map
        # under it drawn clipped to it (a subclass that draws over the table: always whole).
        if type(self).draw is Level7Table.draw and self.draw_moving(surface, self._draw_map_under):
            return
        surface.fill(self.table_colour())
        self.draw_table(surface, self._draw_map, self._draw_over_panels)

    def table_colour(self) -> tuple[int, int, int]:
        return (16, 18, 22)

    def frame_key(self) -> tuple:
        cam = self.camera
        return (cam.x, cam.y, cam.zoom, tuple(cam.view), self.selected, tuple(map(str, self.walk)))

    def view_key(self) -> tuple:
        """What the map under the figures and the panels over it show of the game, beside the
        sprites (figures, names, the step's mark) and the parts: the tiles placed and which are
        seen (`_draw_map_under`), the tokens and items on them, who is in the Hospital, a reroll's
        dice panel, the placements offered (their ghosts and cards), and for the person deciding
        what the choices light (tiles in reach, vents, door arrows). A bot's move or roll, a card
        or a log line changes none of it: the frame after it draws what changed in part."""
        st = self.state
        kind = self._pending_kind()
        mine = self._mine()
        tokens = tuple((k, repr(st.tokens.get(k, []))) for k in ("locked", "darkness", "sealed", "nests", "posts",
                                                                 "accessed", "swarm"))
        items = tuple((t, len(cards)) for t, cards in st.floor_items.items() if cards)
        hospital = tuple(c for c in self.players if st.characters[c].status == "hospital")
        reroll = (self.dice is None, repr(self._last_roll())) if kind == "reroll" else None
        choices = (tuple(map(repr, self.actions)), tuple(self.reach), st.player.tile) if mine or kind == "placement" else None
        asked = kind if mine or kind in ("placement", "reroll") else None  # a bot's question shows nothing there
        return (tuple(map(tuple, st.placed)), tuple(sorted(self.seen)), tokens, items, hospital, asked, mine, reroll, choices)

    def local_parts(self) -> dict:
        """What the pointer lights: the tile under it (its brighter shade in reach, the path
        walked there, its card in words), the explore arrow under it, the placement under it
        (its ghost on the map and its card). A move that changes one draws the old and new
        rectangles of that part only."""
        lit = self.hover_tile if self._mine() and self.hover_tile in self._reach_tiles() else None
        path = self._reach_path()
        card = self._tile_card()
        tile = ((lit, path, card and (tuple(card[0]),) + card[1:]),
                ([self._screen_rect(self._tile_rect(lit))] if lit else []) + shapes.bound(path) + ([card[0]] if card else []))
        door = self._lit_door(self.mouse)
        arrow = ([self._arrow_bound(door)] if door is not None else [])
        option = self.hover_option if self._pending_kind() == "placement" else None
        placed = ([self._screen_rect(self._ghost_rect(option)).inflate(4, 4)] + [r for r, i in self.option_rects if i == option]
                  if option is not None and option < len(self.actions) else [])
        return {"tile": tile, "door": (door, arrow), "placement": (option, placed), "step": self._step_part(),
                "reroll": self._reroll_part()}

    def _hovered_reroll(self):
        """The reroll option whose prompt button is under the pointer, or None."""
        return next((w for r, _l, w in self.buttons if isinstance(w, Action) and w.kind == "reroll"
                     and self.mouse is not None and r.collidepoint(self.mouse)), None)

    def _reroll_part(self) -> tuple:
        """The reroll panel's dice ringed for the option under the pointer: with the prompt's
        buttons in its strip (they had stood in a column over the map, and every frame was drawn
        whole), a frame drawn in part left the rings of the button the pointer had left."""
        panel = getattr(self, "_reroll_panel", None)
        if panel is None or self._pending_kind() != "reroll" or self.dice is not None:
            return None, []
        hovered = self._hovered_reroll()
        return (tuple(hovered.payload.get("dice", [])) if hovered is not None else ()), [panel]

    def _token_radius(self) -> int:
        return max(self.ctx.px(9), round(CELL * 0.085 * self.camera.zoom))

    def tile_art(self, tile_id: str) -> pygame.Surface:
        """The tile's own art at zoom 1, unturned (its Tiled layers), read once."""
        art = self._art.get(tile_id)
        if art is None:
            from game.ui.table.board_render import load_floor
            from game.board.tmx import load_board

            path = MAPS / f"{tile_id}.tmx"
            self._icons[tile_id] = []
            try:
                board = load_board(path)
                self._icons[tile_id] = [(float(f.point[0]), float(f.point[1])) for f in board.features
                                        if f.kind == "icon"] + door_arrow_points(board)
                art, _problem = load_floor(path, board)
            except Exception:  # noqa: BLE001 - a broken tile file: its plain outline still shows
                t = self.tiles[tile_id]
                art = pygame.Surface((t.size[0] * CELL, t.size[1] * CELL))
                art.fill((70, 74, 80))
            self._art[tile_id] = art
        return art

    def _scaled_art(self, tile_id: str, turns: int, size: tuple[int, int], dark: bool) -> pygame.Surface:
        key = (f"{tile_id}{'~' if dark else ''}", turns, size[0] * 10000 + size[1])
        got = self._scaled.get(key)
        if got is None:
            art = pygame.transform.rotate(self.tile_art(tile_id), -90 * turns)
            got = pygame.transform.smoothscale(art, size)
            if dark:
                shade = pygame.Surface(size, pygame.SRCALPHA)
                shade.fill((6, 8, 14, 175))
                got.blit(shade, (0, 0))
            if len(self._scaled) > 400:
                self._scaled.clear()
            self._scaled[key] = got
        return got

    def _draw_map(self, surface) -> None:
        """The tiles with their tokens and the lit choices, then the tiles' names, the figures
        and the step's mark as the kit's sprites."""
        self._draw_map_under(surface)
        self.show_sprites(surface, self.sprites())

    def _draw_map_under(self, surface) -> None:
        """Everything under the figures: drawn again in a frame drawn in part, clipped to what
        moved (the clip makes it cheap: each tile's art is one blit)."""
        from game.level7.rules.maps import view

        st = self.state
        px = self.ctx.px
        mv = view(st)
        pygame.draw.rect(surface, (16, 18, 22), self.view_rect)
        for name in self._placed_names():
            tile, _cell = mv.tilemap.placed[name]
            rect = self._screen_rect(self._tile_rect(name))
            if rect.width < 2 or not rect.colliderect(self.view_rect):
                continue
            surface.blit(self._scaled_art(name, tile.turns, rect.size, name not in self.seen), rect)
            outline(surface, (10, 12, 16), rect, max(1, px(2)))  # the same pixels under a clip
        self._draw_tokens(surface)
        self._draw_reach(surface)
        self._draw_doors(surface)
        self._draw_ghosts(surface)

    def sprites(self) -> list[Sprite]:
        figures = self._figure_sprites()
        out = self._label_sprites(figures) + figures  # a figure stands over a name's band
        if self.steps and self.steps[0].tile and self.steps[0].tile in self._placed_names():
            rect = self._screen_rect(self._tile_rect(self.steps[0].tile))
            out.append(Sprite("step", (self.steps[0].tile, tuple(rect)), rect.inflate(4, 4), self._draw_step_mark))
        return out

    def _label_sprites(self, figures: list[Sprite] | None = None) -> list[Sprite]:
        """Each seen tile's name in a small band at its top-left (the rules and the log name tiles);
        `figures`: the figures' sprites of the same frame (a band below an arrow keeps off them),
        worked out here when not given."""
        # Below zoom 0.3 no name was drawn, and at 1280x720 the fit went below it by the sixth
        # tile: the log named Corridor 105 and the map named nothing. Down to SMALL_NAMES_ZOOM a
        # name is drawn where it can be set whole (a name its tile can only hold broken
        # mid-word, 'Observatio' 'n Room', is left to the tile's hover card).
        if self.camera.zoom < SMALL_NAMES_ZOOM:
            return []
        out = []
        px = self.ctx.px
        if self.anims:
            # While a figure slides, the names keep off where the figures will stand: a name
            # searched again for every frame of the slide cost a frame up to 8 ms (and jumped
            # aside as the figure passed); the sliding figure passes over it.
            r = self._token_radius()
            figure_rects = [self._body_at(*self.camera.to_screen(mx, my), r) for mx, my in self._positions().values()]
        else:
            figure_rects = [self._figure_body(sp) for sp in (self._figure_sprites() if figures is None else figures)]
        for name in self._placed_names():
            if name not in self.seen:
                continue
            r = self._screen_rect(self._tile_rect(name))
            # The band (px(3) in from the tile's corner, px(4) either side of the name) ends
            # inside the tile: with px(12) of room taken the widest names ran 2 px past its edge.
            # It keeps clear of the door arrows and icons printed on the tile and of the figures
            # standing there (_label_place: "Security Office" hid its north door's arrow,
            # "Tank Farm" the one lesson 1 points at, "Decontamination" its Security icon).
            text = pgettext("level7", self.tiles[name].name)
            font, lines, at = self._label_place(name, r, text, figure_rects)
            if self.camera.zoom < 0.3:
                # (nor one with no place on its tile or beside it but under a figure: at 1920x1080
                # zoom 0.27, three characters and a clone on one tile)
                band = pygame.Rect(at, self._band_size(font, lines))
                if " ".join(lines).split() != text.split() or any(
                        _covers(band, (f.centerx, f.centery - 1, (f.height - 6) / 2)) for f in map(pygame.Rect, figure_rects)):
                    continue
            box = pygame.Rect(at[0], at[1], max(font.size(t)[0] for t in lines) + px(8),
                              font.get_linesize() * len(lines) + px(2))
            out.append(Sprite(("label", name), (tuple(lines), font.get_height(), tuple(box)), box.inflate(4, 4),
                              partial(self._paint_label, tuple(lines), font, box)))
        return out

    def _label_place(self, name: str, r: pygame.Rect, text: str, figure_rects: list[pygame.Rect]) -> tuple:
        """(font, lines, top-left) of a tile's name band on the tile `r` (screen): the highest
        place inside the tile, leftmost first, that covers none of its printed icons and door
        arrows (the explore arrow drawn on its top door too: `_top_arrow_span`) nor a figure
        standing on it; else the one covering the fewest icons and arrows, then figures. The
        name is tried as it fits the tile's width, on two lines (a name of several words), and
        as it fits left or right of the top door's arrows, at five places across the tile (then,
        only where none is clear, at the smaller sizes: _label_layouts). Only the band's place
        was searched below the arrow before, along the left edge: "Holding Cells" lay over its south arrow with a character and a clone on its
        left side, "Decontamination" over its Security icon, the Storeroom's over its icons."""
        joined = self._joined_arrow_points(name)
        marks = [self.camera.to_screen(*q) for q in self._icon_points(name) if q not in joined]
        if self.state.floor_items.get(name):
            marks.append(self.camera.to_screen(*self._item_spot(name)))
        marks += self._mark_spots(name, sum(self.state.tokens.get(kind, []).count(name) for kind in MARK_KINDS))
        doubled = tuple(self.camera.to_screen(*q) for q in joined)
        figures = tuple(tuple(f) for f in figure_rects if r.colliderect(f))
        key = (name, tuple(r), text, self.ctx.px(100), tuple(marks), doubled, figures, tuple(self._placed_names()))
        return self._label_places.get(key, lambda: self._label_search(name, r, text, marks, figures, doubled))

    def _joined_arrow_points(self, name: str) -> list[tuple[float, float]]:
        """The printed arrows (map px, of _icon_points) of a placed tile's doors that join a door
        of a neighbouring tile: the neighbour's arrow, just across the edge, shows the same way."""
        from game.level7.rules.maps import view

        doors = [self._door_point(name, d[1]) for _other, _kind, d in view(self.state).neighbours(self.state, name)
                 if d is not None]
        return [q for q in self._icon_points(name) if any(math.hypot(q[0] - x, q[1] - y) <= 33 for x, y in doors)]

    def _label_layouts(self, r: pygame.Rect, text: str, arrow: tuple[int, int, int] | None) -> list[tuple]:
        """The ways a name may be set, as (tier, font, lines): tier 0 the name fitted to the
        tile's width, the same on two lines as even as its words allow when it has several, and
        fitted left or right of the top arrows when whole there; tier 1 (only where tier 0 finds no clear place) the
        same at the smaller sizes down to 9, narrower; tier 2 the tier-0 ways set up to the
        tile's edge (_label_search)."""
        px = self.ctx.px
        font, lines = self.tile_label(text, max(10, r.width - px(3) - px(8)))
        out = [(0, font, lines)]
        words_ = text.split()

        def halves(f) -> list[str]:
            k = min(range(1, len(words_)), key=lambda k: max(f.size(" ".join(words_[:k]))[0], f.size(" ".join(words_[k:]))[0]))
            return [" ".join(words_[:k]), " ".join(words_[k:])]

        if len(words_) > 1 and (len(lines) == 1 or "\u2026" not in lines[-1]) and halves(font) != lines:
            # two lines as even as the words allow ('Generator' 'Room A', narrower than the
            # wrapped 'Generator Room' 'A', which lay over an icon on a crowded tile)
            out.append((0, font, halves(font)))
        if arrow is not None:
            for start, end in ((r.left + px(3), arrow[0] - px(2)), (arrow[1] + px(2), r.right - px(3))):
                room = end - start - px(8)
                if room >= px(20):
                    f, ls = self.tile_label(text, room)
                    if " ".join(ls) == " ".join(words_) and max(f.size(t)[0] for t in ls) <= room:
                        out.append((0, f, ls))
        room = r.width - px(3) - px(8)
        for size in (11, 10, 9):
            f = self.ctx.font(size, bold=True)
            if f.get_height() >= font.get_height():
                continue
            if len(lines) == 1 and f.size(text)[0] <= room:
                out.append((1, f, [text]))
            # Two lines as even as the words allow, smaller: also for a name that is on two
            # lines at its size (at zoom 0.3 'Generator' 'Room A' touched Generator Room A's
            # generator icon at every place of its size; at 9 it lies clear at its right).
            if len(words_) > 1 and max(f.size(t)[0] for t in halves(f)) <= room:
                out.append((1, f, halves(f)))
        # Last, the tier-0 ways again up to the tile's very edge (the band stands px(3) in from
        # it otherwise): at zoom 0.3 'Generator' 'Room A', already at the smallest size, touched
        # Generator Room A's generator icon at every place px(3) in; at the edge it lies clear.
        out += [(2, f, ls) for tier, f, ls in out if tier == 0]
        return out

    def _label_search(self, name: str, r: pygame.Rect, text: str, icons: list, figures: tuple,
                      doubled: tuple = ()) -> tuple:
        """_label_place's search; `icons`: the middles on screen of what the band keeps off (the
        printed icons and door arrows, the items' badge, the markers), `figures` the figures'
        rectangles on the tile, `doubled` the middles of the arrows of doors joined to a
        neighbour's door (_joined_arrow_points), kept off after the figures: the arrow across
        the edge still shows that door. At zoom 0.3 a one-square tile with a vent in its middle
        (Specimen Storage, Decontamination) has no place clear of its icons and top arrow, and
        its name lay over the vent: it now lies over the joined door's arrow where that is clear
        of the rest."""
        px = self.ctx.px
        arrow = self._top_arrow_span(name)
        blocked = [] if arrow is None or self._top_joined(name) else \
            [pygame.Rect(arrow[0], r.top, arrow[1] - arrow[0], arrow[2] - r.top)]
        blocked += self._side_arrow_bounds(name)
        reach = ICON_HALF * self.camera.zoom
        # What each icon keeps clear, as a square (pygame's collisions: the search tries a few
        # thousand places when figures stand on the tile, each tested against every icon).
        icon_rects = [pygame.Rect(round(ix - reach), round(iy - reach), round(2 * reach), round(2 * reach)) for ix, iy in icons]
        joined_rects = [pygame.Rect(round(ix - reach), round(iy - reach), round(2 * reach), round(2 * reach))
                        for ix, iy in doubled]
        # Each figure's token (its middle and radius, from its body: _body_at), not its shadow.
        tokens = [(f.centerx, f.centery - 1, (f.height - 6) / 2) for f in map(pygame.Rect, figures)]
        best = None
        for order, (tier, font, lines) in enumerate(self._label_layouts(r, text, arrow)):
            if tier and best[0][:3] == (0, 0, 0):
                break  # a clear place for the name at its size: no need to shrink it
            w, h = max(font.size(t)[0] for t in lines) + px(8), font.get_linesize() * len(lines) + px(2)
            inset = 0 if tier == 2 else px(3)
            left, right = r.left + inset, max(r.left + inset, r.right - inset - w)
            lowest = max(r.top + inset, r.bottom - h - inset)
            xs = sorted({round(left + (right - left) * k / 4) for k in range(5)})
            for y in range(r.top + inset, lowest + 1, max(2, px(3))):
                for x in xs:
                    box = pygame.Rect(x, y, w, h)
                    hit = box.collidelistall(icon_rects)
                    # where every place covers an icon, the one that covers the least of them
                    # (Decontamination at zoom 0.3 lay across the middle of its vent)
                    covered = sum(box.clip(icon_rects[i]).height * box.clip(icon_rects[i]).width for i in hit)
                    # The figures first: a name is drawn under them, and a token over it hid it
                    # (at zoom 0.32 'Observation Room' lay under Subject 2's disc, the places
                    # clear of it covering printed icons); over an icon it still reads.
                    cost = (sum(_covers(box, t) for t in tokens) + 2 * (box.collidelist(blocked) >= 0), len(hit),
                            len(box.collidelistall(joined_rects)), covered, tier, y, x, order)
                    if best is None or cost < best[0]:
                        best = (cost, font, lines, (x, y))
                if best[0][:3] == (0, 0, 0) and best[0][7] == order:
                    break  # this way of setting the name is clear here: lower is worse
        band = pygame.Rect(*best[3], *self._band_size(best[1], best[2]))
        if any(_covers(band, t) for t in tokens) or band.collidelist(blocked) >= 0:
            # Every place on the tile lies under a figure (at zoom 0.32 'Observation Room', a
            # tile 101 px square, lay under Subject 2 with two clones below it): the name goes
            # just outside the tile, above or below it, where no other tile lies; so does one
            # that every place sets under an explore arrow (a small tile at 125%).
            # (not under a south door's arrow either, which reaches below the tile: 'Διάδρομος 102')
            outside = self._label_outside(r, best[1], best[2], blocked)
            if outside is not None:
                return best[1], best[2], outside
        return best[1:]

    def _band_size(self, font, lines) -> tuple[int, int]:
        """A tile name band's size for its `lines` in `font`."""
        return max(font.size(t)[0] for t in lines) + self.ctx.px(8), font.get_linesize() * len(lines) + self.ctx.px(2)

    def _label_outside(self, r: pygame.Rect, font, lines, arrows: list[pygame.Rect] = ()) -> tuple[int, int] | None:
        """The top-left of a tile's name band just above or below the tile `r`, inside the view
        and clear of every placed tile and of the tile's explore `arrows`; None where there is
        no such place."""
        px = self.ctx.px
        w, h = self._band_size(font, lines)
        tiles = [self._screen_rect(self._tile_rect(n)) for n in self._placed_names()] + list(arrows)
        for y in (r.top - h - px(2), r.bottom + px(2)):
            for x in (r.left, r.right - w, r.centerx - w // 2):
                box = pygame.Rect(x, y, w, h)
                if self.view_rect.contains(box) and box.inflate(px(2), px(2)).collidelist(tiles) < 0:
                    return x, y
        return None

    def _top_joined(self, name: str) -> bool:
        """No door on a placed tile's top edge faces open space: no explore arrow is drawn there
        (the printed arrows are icons like the others)."""
        from game.level7.rules.maps import view

        return not any(slot[0] == "N" for _n, slot in view(self.state).open_doors(name))

    def _side_arrow_bounds(self, name: str) -> list[pygame.Rect]:
        """The boxes on screen of the explore arrows that may be drawn on a placed tile's east,
        south and west doors facing open space (_arrow_shape): a name band kept off
        only the top door's, and 'Mintatároló' (Hungarian, 125%) ran under its east door's "?"."""
        from game.level7.rules.maps import view

        return [self._arrow_shape(name, slot) for _n, slot in view(self.state).open_doors(name) if slot[0] != "N"]

    def _arrow_shape(self, tile: str, door: tuple) -> pygame.Rect:
        """The bounding box on screen of the explore arrow _draw_doors draws on `tile`'s `door`
        (its triangle with its 2 px outline; the "?" lies inside it)."""
        x, y = self.camera.to_screen(*self._door_point(tile, door))
        dx, dy = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}[door[0]]
        r = self.ctx.px(22)
        base = (x - dx * r * 0.4, y - dy * r * 0.4)
        points = [(x + dx * r, y + dy * r), (base[0] - dy * r * 0.8, base[1] + dx * r * 0.8),
                  (base[0] + dy * r * 0.8, base[1] - dx * r * 0.8)]
        left, top = min(p[0] for p in points), min(p[1] for p in points)
        right, bottom = max(p[0] for p in points), max(p[1] for p in points)
        return pygame.Rect(math.floor(left) - 2, math.floor(top) - 2, math.ceil(right - left) + 5, math.ceil(bottom - top) + 5)

    def _top_arrow_span(self, name: str) -> tuple[int, int, int] | None:
        """(left, right, bottom) on screen of the door arrows on a placed tile's top edge (the
        printed arrow fills the square of 64 map px inside the door; the explore arrow drawn on
        it lies inside _arrow_bound's square), or None when no door is on that edge."""
        from game.level7.rules.maps import view

        tile, _cell = view(self.state).tilemap.placed[name]
        tops = [self._door_point(name, slot) for slot in tile.doors if slot[0] == "N"]
        if not tops:
            return None
        zoom, r = self.camera.zoom, self.ctx.px(22) + 4  # _arrow_bound: the explore arrow's every pixel
        half = max(32 * zoom, r)
        xs = [self.camera.to_screen(x, y)[0] for x, y in tops]
        edge = min(self.camera.to_screen(x, y)[1] for x, y in tops)
        return math.floor(min(xs) - half), math.ceil(max(xs) + half + 2), math.ceil(edge + max(64 * zoom, r + 2))

    def tile_label(self, text: str, room: int) -> tuple[pygame.font.Font, list[str]]:
        """A tile's name within `room` pixels: on one line at the largest size from 12 down to 9
        that holds it, else on two lines at 9 (a small zoom elided "Monitoring Station" to
        "Monitoring..."); a name that two lines cannot hold ends with an ellipsis."""
        font = widgets.line_font(self.ctx, text, room, 12, 9, bold=True)
        if font.size(text)[0] <= room:
            return font, [text]
        lines = widgets.wrap(text, font, room)
        if len(lines) > 2:
            lines = [lines[0], widgets.elide(" ".join(lines[1:]), font, room)]
        return font, lines

    def _paint_label(self, lines: tuple[str, ...], font, box: pygame.Rect, surface) -> None:
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 12, 16, 190))
        surface.blit(shade, box)
        for i, line in enumerate(lines):
            widgets.text(surface, line, font, (225, 228, 232),
                         (box.left + self.ctx.px(4), box.top + self.ctx.px(1) + i * font.get_linesize()))

    def _draw_tokens(self, surface) -> None:
        """Locked doors (a padlock bar across the door), darkness, sealed vents, nests, posts,
        Accessed markers and face-up items, each where the rules keep it."""
        st = self.state
        px = self.ctx.px
        r = self._token_radius()
        for t, e, i in st.tokens.get("locked", []):
            if t not in self.tiles or t not in self._placed_names():
                continue
            x, y = self.camera.to_screen(*self._door_point(t, (e, i)))
            box = pygame.Rect(0, 0, r * 2, r * 2)
            box.center = (round(x), round(y))
            pygame.draw.rect(surface, (200, 50, 40), box, border_radius=px(4))
            pygame.draw.rect(surface, (250, 230, 200), box, 2, border_radius=px(4))
            pygame.draw.circle(surface, (250, 230, 200), box.center, max(2, r // 3))
        marks: dict[str, list[str]] = {}
        for kind in MARK_KINDS:
            for tile in st.tokens.get(kind, []):
                marks.setdefault(tile, []).append(kind)
        for tile, kinds in marks.items():
            if tile not in self._placed_names():
                continue
            rr = self._mark_radius(tile)
            for at, kind in zip(self._mark_spots(tile, len(kinds)), kinds):
                pygame.draw.circle(surface, TOKEN_COLOURS[kind], at, rr)
                pygame.draw.circle(surface, (230, 230, 230), at, rr, 2)
                letter = {"darkness": "D", "sealed": "S", "nests": "N", "posts": "P", "accessed": "A", "swarm": "W"}[kind]
                widgets.text(surface, letter, self.ctx.font(max(8, min(11, rr)), bold=True), (240, 240, 240), at, "center")
        for tile, cards in st.floor_items.items():
            if tile not in self._placed_names() or not cards:
                continue
            box = pygame.Rect(0, 0, r * 3, r * 2)
            box.center = self.camera.to_screen(*self._item_spot(tile))
            pygame.draw.rect(surface, (236, 226, 190), box, border_radius=px(3))
            pygame.draw.rect(surface, (90, 80, 50), box, 1, border_radius=px(3))
            widgets.text(surface, str(len(cards)), self.ctx.font(11, bold=True), (40, 30, 10), box.center, "center")

    def _draw_reach(self, surface) -> None:
        """The tiles the active character may walk to (outlined), the path to the one under the
        pointer, and the tiles a pending decision names."""
        if not self._mine():
            return
        px = self.ctx.px
        lit = (110, 230, 140)
        kind = self._pending_kind()
        for name in self._reach_tiles():
            if name not in self._placed_names():
                continue
            rect = self._screen_rect(self._tile_rect(name)).inflate(-px(6), -px(6))
            shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            shade.fill((110, 230, 140, 40 if name != self.hover_tile else 80))
            surface.blit(shade, rect)
            pygame.draw.rect(surface, lit, rect, max(2, px(3)), border_radius=px(6))
        if kind is None:  # where the vents lead (a crawl ends the turn: its button takes it)
            for a in self.actions:
                if a.kind == "vent" and a.payload["to"] in self._placed_names():
                    rect = self._screen_rect(self._tile_rect(a.payload["to"])).inflate(-px(14), -px(14))
                    pygame.draw.rect(surface, (90, 190, 240), rect, max(2, px(2)), border_radius=px(10))
        shapes.paint(surface, self._reach_path())

    def _reach_tiles(self) -> set[str]:
        """The tiles outlined: where the active character may walk, or those a pending decision
        names (none while a placement is offered)."""
        kind = self._pending_kind()
        if kind == "placement":
            return set()
        return set(self.reach) if kind is None else {a.payload.get("tile") for a in self.actions if a.payload.get("tile")}

    def _reach_path(self) -> tuple:
        """The walk to the tile under the pointer, door by door, each step numbered (shapes)."""
        path = self.reach.get(self.hover_tile or "", []) if self._mine() and self._pending_kind() is None else []
        if not path:
            return ()
        px = self.ctx.px
        pts = [self._tile_rect(self.state.player.tile).center]
        for a, b in zip([self.state.player.tile] + path, path):
            pts += [self._door_between(a, b), self._tile_rect(b).center]
        screen = [self.camera.to_screen(*p) for p in pts]
        out = [shapes.lines((250, 240, 120), screen, max(3, px(5)))]
        for i, p in enumerate(screen[2::2], 1):
            out += [shapes.dot((250, 240, 120), p, px(11)),
                    shapes.label(str(i), self.ctx.font(12, bold=True), (30, 30, 20), p, "center", shadow=False)]
        return tuple(out)

    def _draw_doors(self, surface) -> None:
        """An arrow on each door of the active character's tile that leads to unexplored space."""
        if not self._mine() or self._pending_kind() is not None:
            return
        px = self.ctx.px
        tile = self.state.player.tile
        hot = self._lit_door(self.mouse)
        for a in self.actions:
            if a.kind != "explore":
                continue
            door = tuple(a.payload["door"])
            x, y = self.camera.to_screen(*self._door_point(tile, door))
            dx, dy = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}[door[0]]  # placed tiles' slots are already turned
            r = px(22)
            colour = (250, 200, 60) if door == hot else (240, 160, 40)
            tip = (x + dx * r, y + dy * r)
            base = (x - dx * r * 0.4, y - dy * r * 0.4)
            left = (base[0] - dy * r * 0.8, base[1] + dx * r * 0.8)
            right = (base[0] + dy * r * 0.8, base[1] - dx * r * 0.8)
            pygame.draw.polygon(surface, colour, [tip, left, right])
            pygame.draw.polygon(surface, (40, 20, 0), [tip, left, right], 2)
            widgets.text(surface, "?", self.ctx.font(13, bold=True), (40, 20, 0), (x, y), "center")

    def _lit_door(self, pos) -> tuple | None:
        """The explore arrow drawn lit: the one under the pointer at `pos`, while the arrows show."""
        if pos is None or not self._mine() or self._pending_kind() is not None:
            return None
        door = self._door_at(pos)
        return tuple(door) if door is not None else None

    def _arrow_bound(self, door: tuple) -> pygame.Rect:
        """Every pixel of a door's arrow (_draw_doors: its tip half a radius beyond the door
        point, its outline 2 px) and its "?"."""
        x, y = self.camera.to_screen(*self._door_point(self.state.player.tile, door))
        r = self.ctx.px(22) + 4
        return pygame.Rect(int(x) - r, int(y) - r, 2 * r + 2, 2 * r + 2)

    def _draw_ghosts(self, surface) -> None:
        """Every placement the rules offer for the drawn tile: a faint ghost each, the one under
        the pointer (on the map or its card) drawn whole."""
        if self._pending_kind() != "placement":
            return
        px = self.ctx.px
        for i, a in enumerate(self.actions):
            rect = self._screen_rect(self._ghost_rect(i))
            if i == self.hover_option:
                art = self._scaled_art(a.payload["tile"], a.payload["turns"], rect.size, False).copy()
                art.set_alpha(225)
                surface.blit(art, rect)
            pygame.draw.rect(surface, (120, 220, 250), rect, max(2, px(3)), border_radius=px(4))

    def _figure_sprites(self) -> list[Sprite]:
        """Each figure in view (a character's disc, an enemy's token, stunned or not, with its
        ring) as one of the kit's sprites, where it stands now, sliding or not."""
        r = self._token_radius()
        spots = self._drawn_positions()
        if self.steps and not self.anims:  # the step on show: the figures as it leaves them
            spots = self._figure_spots(self.steps[0].tiles)
        out = []
        reach = max(round(r * 1.3), r + 5) + 6
        for key, (mx, my) in spots.items():
            x, y = self.camera.to_screen(mx, my)
            if not self.view_rect.collidepoint(x, y):
                continue
            look = self._figure_look(key)
            bound = pygame.Rect(0, 0, 2 * reach, 2 * reach)
            bound.center = (round(x), round(y))
            out.append(Sprite(("figure", key), (look, x, y, r), bound, partial(self._paint_figure, key, x, y)))
        return out

    @staticmethod
    def _figure_body(sprite: Sprite) -> pygame.Rect:
        """What a figure's sprite shows of it on screen: its token (a stunned one lies as wide as
        1.2 radii either side) with the character's shadow, not the room kept for its ring."""
        _look, x, y, r = sprite.key
        return Level7Table._body_at(x, y, r)

    @staticmethod
    def _body_at(x: float, y: float, r: int) -> pygame.Rect:
        """A figure's token and shadow on screen for its middle at (x, y) and token radius r."""
        body = pygame.Rect(0, 0, round(r * 2.4) + 2, 2 * r + 6)
        body.center = (round(x), round(y) + 1)
        return body

    def _figure_look(self, key: str) -> tuple:
        st = self.state
        if key in st.characters:
            return ("character", self.colour_of(key), key == st.turn.player, self.players.index(key))
        e = next((e for e in st.enemies if e.key == key), None)
        return ("enemy", (e.kind, e.number, e.stunned) if e is not None else enemy_order(key),
                self.selected is not None and self.selected.payload.get("enemy") == key,
                self._pending() and any(a.payload.get("enemy") == key for a in self.actions))

    def _paint_figure(self, key: str, x, y, surface) -> None:
        st = self.state
        r = self._token_radius()
        font = self.ctx.font(max(10, min(18, round(r * 0.9))), bold=True)
        if key in st.characters:
            col = self.colour_of(key)
            pygame.draw.circle(surface, (12, 12, 14), (x, y + 2), r + 2)
            pygame.draw.circle(surface, col, (x, y), r)
            pygame.draw.circle(surface, (250, 250, 250) if key == st.turn.player else (20, 20, 20), (x, y), r, 3)
            widgets.text(surface, str(self.players.index(key) + 1), font, (20, 20, 20), (x, y), "center")
            return
        e = next((e for e in st.enemies if e.key == key), None)
        kind, number = (e.kind, e.number) if e is not None else enemy_order(key)
        col = ENEMY_COLOURS.get(kind, (150, 150, 150))
        if e is not None and e.stunned:  # lying down: a flat token on its side
            box = pygame.Rect(0, 0, round(r * 2.4), round(r * 1.2))
            box.center = (x, y)
            pygame.draw.ellipse(surface, (60, 60, 64), box)
            pygame.draw.ellipse(surface, col, box, 3)
            widgets.text(surface, str(number), font, (230, 230, 230), box.center, "center")
            return
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)] if kind == "clone" else None
        if pts:
            pygame.draw.polygon(surface, col, pts)
            pygame.draw.polygon(surface, (240, 240, 240), pts, 2)
        else:
            box = pygame.Rect(0, 0, r * 2, r * 2)
            box.center = (x, y)
            pygame.draw.rect(surface, col, box, border_radius=max(2, r // 3))
            pygame.draw.rect(surface, (240, 240, 240), box, 2, border_radius=max(2, r // 3))
        widgets.text(surface, str(number), font, (250, 250, 250), (x, y), "center")
        if self.selected is not None and self.selected.payload.get("enemy") == key:
            pygame.draw.circle(surface, (250, 80, 60), (x, y), r + 5, 3)
        elif self._pending() and any(a.payload.get("enemy") == key for a in self.actions):
            pygame.draw.circle(surface, (250, 210, 80), (x, y), r + 5, 3)  # the question is about it

    def _draw_step_mark(self, surface) -> None:
        """The tile of the step on show, ringed."""
        if not self.steps or not self.steps[0].tile or self.steps[0].tile not in self._placed_names():
            return
        rect = self._screen_rect(self._tile_rect(self.steps[0].tile)).inflate(-self.ctx.px(2), -self.ctx.px(2))
        pygame.draw.rect(surface, (250, 90, 70), rect, max(3, self.ctx.px(4)), border_radius=self.ctx.px(8))

    def _tile_card_lines(self, tile: str) -> list[str]:
        """The tile card's lines: icons, tokens, face-up items, figures, whether anyone looked in."""
        st = self.state
        t = self.tiles[tile]
        lines = []
        icons = [words.icon_name(i) for i in t.icons]
        if icons:
            lines.append(_("Icons: {icons}").format(icons=", ".join(icons)))
        marks = [_(words.TOKEN_NAMES[k]) for k in words.TOKEN_NAMES if tile in st.tokens.get(k, [])]
        if any(t_ == tile for t_, _e, _i in st.tokens.get("locked", [])):
            marks.append(_("a locked door"))
        if marks:
            lines.append(_("Tokens: {marks}").format(marks=", ".join(marks)))
        items = st.floor_items.get(tile, [])
        if items:
            lines.append(_("Items face up: {items}").format(items=", ".join(words.card(self.content, i)[0] for i in items)))
        who = [self.player_name(c) for c in self.players if st.characters[c].tile == tile and st.characters[c].status == "in_play"]
        who += [words.enemy(e.kind, e.number) + (" (" + _("stunned") + ")" if e.stunned else "") for e in st.enemies if e.tile == tile]
        if who:
            lines.append(", ".join(who))
        if tile not in self.seen:
            lines.append(_("No one has looked in yet."))
        return lines

    def _tile_card(self) -> tuple | None:
        """The card of the tile under the pointer (its rect, name and lines), or None when none shows."""
        tile = self.hover_tile
        if tile is None or self.steps or self._pending_kind() == "placement" or self.selected is not None:
            return None
        ctx, px = self.ctx, self.ctx.px
        name = pgettext("level7", self.tiles[tile].name)  # in the table's words, as its band names it
        lines = tuple(self._tile_card_lines(tile))
        small = ctx.font(12)
        # TILE_CARD_PAD each side and 9 above the name: the panel's bevelled frame takes about
        # half of it (words padded by 10, the name by 5, touched the frame at 1280x720).
        pad = px(TILE_CARD_PAD)
        w = max([ctx.font(14, bold=True).size(name)[0]] + [small.size(l)[0] for l in lines]) + 2 * pad
        w = min(w, px(380))
        h = px(34) + sum(len(widgets.wrap(l, small, w - 2 * pad)) for l in lines) * small.get_linesize() + px(10)
        rect = pygame.Rect(0, 0, w, h)
        rect.bottomleft = (self.view_rect.left + px(12), self.view_rect.bottom - px(12))
        return rect, name, lines

    def _draw_tile_card(self, surface) -> None:
        """The tile under the pointer: its name, icons, tokens, face-up items and figures, in words."""
        card = self._tile_card()
        if card is None:
            return
        rect, name, lines = card
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        small = ctx.font(12)
        widgets.panel(surface, ctx, rect, alpha=235)
        pad = px(TILE_CARD_PAD)
        y = widgets.text(surface, name, ctx.font(14, bold=True), pal.accent, (rect.left + pad, rect.top + px(9))).bottom + px(2)
        for line in lines:
            y = widgets.text_block(surface, line, small, pal.text,
                                   pygame.Rect(rect.left + pad, y, rect.width - 2 * pad, rect.height), 1.0)

    def _draw_reroll(self, surface) -> None:
        """While a reroll is asked: the roll's dice numbered as the options name them, the dice
        of the option under the pointer ringed."""
        self._reroll_panel = None
        if self._pending_kind() != "reroll" or self.dice is not None:
            return
        roll = self._last_roll()
        if not roll or not roll.get("faces"):
            return
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        hovered = self._hovered_reroll()
        chosen = set(hovered.payload.get("dice", [])) if hovered is not None else set()
        d = px(48)
        faces = roll["faces"]
        title = _("{n} icons rolled: which dice to roll again?").format(n=roll.get("icons", 0))
        tfont = ctx.font(13, bold=True)
        panel = pygame.Rect(0, 0, max(len(faces) * (d + px(10)) + px(30), tfont.size(title)[0] + px(30)), d + px(60))
        panel.midbottom = (self.view_rect.centerx, self.view_rect.bottom - px(14))
        widgets.panel(surface, ctx, panel, alpha=240)
        self.panels.append((panel, len(self.buttons)))
        self._reroll_panel = panel
        widgets.text(surface, title, tfont, pal.text, (panel.centerx, panel.top + px(6)), "midtop")
        x = panel.centerx - (len(faces) * (d + px(10)) - px(10)) // 2
        for i, face in enumerate(faces):
            rect = pygame.Rect(x, panel.top + px(28), d, d)
            surface.blit(ctx.assets.image(die_face(dict(face)), (d, d)), rect)
            if i in chosen:
                pygame.draw.rect(surface, pal.accent, rect.inflate(px(6), px(6)), 3, border_radius=px(8))
            widgets.text(surface, str(i + 1), ctx.font(12, bold=True), pal.text_dim, (rect.centerx, rect.bottom + px(2)), "midtop")
            x += d + px(10)

    def _hospital_rect(self) -> pygame.Rect | None:
        """The Hospital's box in the view's bottom right, while a character is in it."""
        if not any(self.state.characters[c].status == "hospital" for c in self.players):
            return None
        px = self.ctx.px
        rect = pygame.Rect(0, 0, px(110), px(110))
        rect.bottomright = (self.view_rect.right - px(12), self.view_rect.bottom - px(12))
        return rect

    def _draw_hospital(self, surface) -> None:
        """The Hospital (off the map, spec 3.4), when a character is in it: their tokens on it."""
        st = self.state
        inside = [c for c in self.players if st.characters[c].status == "hospital"]
        rect = self._hospital_rect()
        if rect is None:
            return
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        surface.blit(self._scaled_art("hospital", 0, rect.size, False), rect)
        pygame.draw.rect(surface, (230, 90, 80), rect, 2, border_radius=px(4))
        widgets.text(surface, _("Hospital"), ctx.font(12, bold=True), pal.text, (rect.centerx, rect.top - px(2)), "midbottom")
        r = px(12)
        for i, cid in enumerate(inside):
            at = (rect.left + px(22) + i * (2 * r + px(4)), rect.centery)
            pygame.draw.circle(surface, self.colour_of(cid), at, r)
            pygame.draw.circle(surface, (20, 20, 20), at, r, 2)
            widgets.text(surface, str(self.players.index(cid) + 1), ctx.font(12, bold=True), (20, 20, 20), at, "center")

    def _draw_over_panels(self, surface) -> None:
        self.option_rects = []  # laid out again by the placement cards (a frame in part too)
        self._draw_hospital(surface)
        self._draw_tile_card(surface)
        self._draw_reroll(surface)
        if self._pending_kind() == "placement":
            self._draw_placements(surface)
        if self.selected is not None and self._mine():
            self._draw_preview(surface)
        if self.steps:
            self._draw_step(surface)

    def _draw_placements(self, surface) -> None:
        """A card per placement the rules offer, the tile drawn as it would lie; the pointer on
        one shows its ghost on the map, a click places it."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        n = len(self.actions)
        most = min(px(120), (self.view_rect.width - px(40)) // max(1, n) - px(12))
        tile = self.actions[0].payload["tile"] if self.actions else ""
        title = ngettext("Place {tile}: {n} way joins the most doors", "Place {tile}: {n} ways join the most doors",
                         n).format(tile=pgettext("level7", self.tiles[tile].name), n=n) if tile in self.tiles else ""
        tfont = ctx.font(13, bold=True)
        # px(16) each side: the frame is some 9 px thick, and at px(12) a Greek or Hungarian title
        # ran to within a pixel of its inner edge.
        # The cards stood over figures on a crowded map (at 125% in 1280x720 they were 222 pixels
        # high in a view of 393, as wide as their title's line): the title wraps over the cards'
        # width, then the cards shrink, until a place clear of every figure is found.
        # A title much wider than the cards (Greek, two cards at 1920x1080) made the panel wide and
        # left the cards in a sea of empty panel: it goes on two balanced lines instead.
        laid, clear = [], []
        for size in sorted({most, most * 4 // 5, most * 13 // 20, max(px(48), most // 2)}, reverse=True):
            row = n * (size + px(12)) + px(20)
            for lines in (self._placement_title_lines(title, tfont, row), widgets.wrap(title, tfont, max(row, px(220)) - px(32))):
                w = max(row, max(tfont.size(line)[0] for line in lines) + px(32))
                extra = (len(lines) - 1) * tfont.get_linesize()
                panel, covers = self._placement_panel(w, size + px(58) + extra)
                laid.append((covers, -size, len(lines), panel, lines, extra))
            clear = [t for t in laid[-2:] if not t[0][0]]
            if clear:  # the largest cards that cover no figure, the title on one line if that covers no more
                break
        _covers, size, _n, panel, lines, extra = min(clear or laid, key=lambda t: t[:3])
        size = -size
        widgets.panel(surface, ctx, panel, alpha=235)
        self.panels.append((panel, len(self.buttons)))
        for k, line in enumerate(lines):  # centred over the cards, which are centred in the panel
            widgets.text(surface, line, tfont, pal.text, (panel.centerx, panel.top + px(8) + k * tfont.get_linesize()), "midtop")
        x = panel.centerx - (n * (size + px(12)) - px(12)) // 2
        for i, a in enumerate(self.actions):
            p = a.payload
            t = self.tiles[p["tile"]].rotated(p["turns"])
            k = size / (max(t.size) * CELL)
            art_size = (max(1, round(t.size[0] * CELL * k)), max(1, round(t.size[1] * CELL * k)))
            rect = pygame.Rect(x, panel.top + px(32) + extra, size, size)
            hot = i == self.hover_option
            pygame.draw.rect(surface, (60, 70, 80) if hot else (36, 40, 46), rect.inflate(px(6), px(6)), border_radius=px(6))
            art = self._scaled_art(p["tile"], p["turns"], art_size, False)
            surface.blit(art, art.get_rect(center=rect.center))
            pygame.draw.rect(surface, (120, 220, 250) if hot else (80, 90, 100), rect.inflate(px(6), px(6)), 2, border_radius=px(6))
            # The number on a dark badge: plain on the art it was lost on a light floor.
            nfont = ctx.font(12, bold=True)
            badge = pygame.Rect(rect.left, rect.top, nfont.size(f"{i + 1}")[0] + px(10), nfont.get_linesize() + px(2))
            pygame.draw.rect(surface, (16, 18, 22), badge, border_bottom_right_radius=px(6), border_top_left_radius=px(4))
            widgets.text(surface, f"{i + 1}", nfont, pal.text, badge.center, "center")
            self.option_rects.append((rect.inflate(px(6), px(6)), i))
            x += size + px(12)

    def _placement_title_lines(self, title: str, font, row: int) -> list[str]:
        """The placement panel's title on one line, or on two balanced lines when one line would
        be much wider than the row of cards (the panel is then sized by its cards, not its title)."""
        px = self.ctx.px
        one = font.size(title)[0] + px(32)
        if one <= max(row, px(220)) * 3 // 2:
            return [title]
        for slack in (24, 64, 120):  # the narrowest of two lines that the words allow
            lines = widgets.wrap(title, font, max(row - px(32), (one - px(32)) // 2 + px(slack)), break_words=False)
            if len(lines) <= 2:
                return lines
        return [title]

    def _placement_panel(self, w: int, h: int) -> tuple[pygame.Rect, tuple[int, int, int]]:
        """Where the placement cards lie: below the map's middle, unless a figure or a ghost lies
        there. The cards stood over characters and enemies (a crowded tile below the view's
        middle, at 1280x720 three figures under them), and a tile placed south of the map was
        half under them, a click on its ghost the panel's. So: the first place along the view's
        bottom or top (its middle, its corners, then slid along it), or down its sides, that
        covers the fewest figures (the Hospital's among them), then the least of the ghosts, then
        the least of the map (the Tank Farm's name lay under the cards with the view's left
        empty); with what it covers (figures, ghosts' area, tiles' area). The places and the
        choice are the kit's (clear_place.py), as the dice tray's."""
        ghosts = [self._screen_rect(self._ghost_rect(i)) for i in range(len(self.actions))]
        tiles = [self._screen_rect(self._tile_rect(name)) for name in self._placed_names()]
        places = clear_place.places(self.view_rect, w, h, self.ctx.px(8))
        return clear_place.least_covering(places, self._figure_rects(),
                                          lambda rect: (clear_place.area(rect, ghosts), clear_place.area(rect, tiles)))

    def _figure_rects(self, tiles: dict[str, str] | None = None) -> list[pygame.Rect]:
        """What the figures in view cover on screen (token, shadow and the ring a lit one wears),
        where the rules keep them (or where `tiles` has them: a step's), and the Hospital's box
        when someone is in it: what a panel laid over the map keeps off. (The rules' places, not
        the sliding ones: a panel placed by them stays put while a figure slides.)"""
        r = self._token_radius()
        ring = max(round(r * 1.3), r + 5) + 3 - r
        out = []
        for mx, my in self._figure_spots(tiles).values():
            x, y = self.camera.to_screen(mx, my)
            if self.view_rect.collidepoint(x, y):
                out.append(self._body_at(x, y, r).inflate(2 * ring, 2 * ring).clip(self.view_rect))
        hospital = self._hospital_rect()
        if hospital is not None:  # with its name over it
            hospital = hospital.inflate(0, self.ctx.px(24)).move(0, -self.ctx.px(12))
        return out + ([hospital] if hospital is not None else [])

    def tray_keep_off(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """The dice tray keeps off the figures (where the step on show leaves them) and the
        step's sentence and event card: low in the view's middle it hid the figures standing
        there (a crowded map at 1280x720, 125%: up to eight tokens)."""
        if not self.steps:
            return self._figure_rects(), []
        panel, _lines, reveal = self._step_place()
        return self._figure_rects(self.steps[0].tiles), [panel] + ([reveal] if reveal is not None else [])

    def tray_place(self) -> tuple[pygame.Rect, bool]:
        """With a step on show, the tray's place laid out with its panels (`_step_layout`) where
        it covers no figure, in its usual form; else the kit's, clear of the figures and the
        step's panels."""
        if self.steps and self.dice is not None:
            tray = self._step_layout()[3]
            if tray is not None and not any(tray.colliderect(f) for f in self._figure_rects(self.steps[0].tiles)):
                return tray, False
        return super().tray_place()

    def _draw_preview(self, surface) -> None:
        """The challenge about to be rolled: the attribute and icons needed, the dice and where
        each comes from, the exact chance from the die's faces, and Roll / Cancel; where
        `_preview_place` puts it, in its full or compact form."""
        from game.level7.rules.queries import bonus_previews, challenge_preview

        prev = challenge_preview(self.state, self.selected)
        if prev is None:
            return
        bonuses = bonus_previews(self.state, self.selected)
        panel, compact = self._preview_place(prev, bonuses)
        # (opaque over the side panel, whose words would show through)
        widgets.panel(surface, self.ctx, panel, alpha=245 if self.view_rect.contains(panel) else 255)
        self.panels.append((panel, len(self.buttons)))
        self._preview_body(surface, prev, bonuses, panel, compact)

    def _preview_height(self, prev, bonuses, width: int, compact: bool) -> int:
        """How tall the preview is at `width` (laid out, not drawn)."""
        return self._preview_body(None, prev, bonuses, pygame.Rect(0, 0, width, 0), compact)

    def _preview_place(self, prev, bonuses) -> tuple[pygame.Rect, bool]:
        """Where the challenge preview goes, and whether in its compact form (the outcomes on one
        line, smaller dice). At the view's top right in full while that keeps off the challenged
        tile (the active character's, where the enemy or door is); else the first place in the
        view clear of that tile, in full, then compact; else over the side panel, compact (its
        Party, Event and Log give way while the roll is chosen). At 125% in 1280x720 the full
        preview was taller than the view (it rose over the prompt) and lay over the tile and
        both figures; nowhere in that view is a place of its size clear of the tile."""
        px, v, m = self.ctx.px, self.view_rect, self.ctx.px(14)
        st = self.state
        tile = st.characters[st.turn.player].tile
        spot = self._screen_rect(self._tile_rect(tile)) if tile in self._placed_names() else pygame.Rect(0, 0, 0, 0)
        figures = self._figure_rects()
        width = min(px(460), v.width - px(40))
        for compact in (False, True):
            h = self._preview_height(prev, bonuses, width, compact)
            usual = pygame.Rect(0, 0, width, h)
            usual.topright = (v.right - m, v.top + m)
            spots = [q for q in clear_place.places(v, width, h, m, usual) if v.contains(q) and not q.colliderect(spot)]
            if spots:
                return clear_place.least_covering(spots, figures)[0], compact
        side = self.side_rect
        if self.side_open and side.width >= px(240):
            w = side.width - 2 * px(8)
            rect = pygame.Rect(side.left + px(8), side.top + px(8), w, self._preview_height(prev, bonuses, w, True))
            for r in sorted((r for r, _l, _w in self.buttons if side.colliderect(r)), key=lambda r: r.top):
                if r.colliderect(rect):  # below the panel's tabs and fold handle, which stay clickable
                    rect.top = r.bottom + px(6)
            if rect.bottom <= side.bottom - px(8):
                return rect, True
        # (a larger scale still: at the view's top right, rising over the prompt rather than
        # running under the window's bottom)
        rect = pygame.Rect(0, 0, width, self._preview_height(prev, bonuses, width, True))
        rect.topright = (v.right - m, v.top + px(2))
        rect.top = max(px(2), rect.top - max(0, rect.bottom - (self._size[1] - px(6))))
        return rect, True

    def _preview_body(self, surface, prev, bonuses, panel: pygame.Rect, compact: bool) -> int:
        """The preview's lines and buttons inside `panel` (with no surface: laid out only, and
        `panel`'s height unread); returns the height the panel needs."""
        from game.level7.rules.names import term_words

        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        x, y = panel.left + px(16), panel.top + px(12)
        inner = panel.width - px(32)
        y = widgets.text_block(surface, self._challenge_label(self.selected), ctx.font(17, bold=True), pal.accent,
                               pygame.Rect(x, y, inner, px(400)), 1.05) + px(4)
        attr = _(prev.attribute.capitalize())
        need = _("{attr} challenge: {n} icons needed").format(attr=attr, n=prev.level)
        y = widgets.text_block(surface, need, ctx.font(14, bold=True), pal.text, pygame.Rect(x, y, inner, px(400)), 1.1) + px(4)
        if prev.threat:  # what the attempt costs whatever the dice say (a guard attacked, the Pistol)
            cost = _("+{n} Threat whatever the result: {why}").format(n=prev.threat, why=as_text(prev.threat_why))
            y = widgets.text_block(surface, cost, ctx.font(13, bold=True), (240, 190, 80), pygame.Rect(x, y, inner, px(400)), 1.1)
        terms = ", ".join(f"{as_text(term_words(t))} {t.amount:+d}" for t in prev.terms if t.amount)
        y = widgets.text_block(surface, _("{n} dice: {terms}").format(n=prev.dice, terms=terms), ctx.font(13), pal.text_dim,
                               pygame.Rect(x, y, inner, px(400)), 1.1) + px(4)
        # The dice that will be rolled, blank faces in a row (as many rows as the width needs).
        d, gap = (px(22), px(3)) if compact else (px(30), px(4))
        per_row = max(1, (inner + gap) // (d + gap))
        shown = min(prev.dice, 12)
        for i in range(shown):
            if surface is not None:
                surface.blit(ctx.assets.image("dice/level7_blank.png", (d, d)),
                             (x + i % per_row * (d + gap), y + i // per_row * (d + gap)))
        y += max(1, -(-shown // per_row)) * (d + gap) - gap + px(8)
        pct = float(prev.chance) * 100
        chance = _("Chance of success: {p:.1f}%  ({f})").format(p=number(pct), f=f"{prev.chance.numerator}/{prev.chance.denominator}")
        y = widgets.text_block(surface, chance, ctx.font(16, bold=True), (120, 230, 140) if pct >= 50 else (240, 180, 80),
                               pygame.Rect(x, y, inner, px(400)), 1.0) + px(4)
        if surface is not None:
            bar = pygame.Rect(x, y, inner, px(10))
            pygame.draw.rect(surface, (50, 54, 60), bar, border_radius=px(4))
            pygame.draw.rect(surface, (120, 230, 140), (bar.left, bar.top, round(bar.width * float(prev.chance)), bar.height),
                             border_radius=px(4))
        y += px(10) + px(6)
        names = {"removed": _("removed"), "stunned": _("stunned"), "failed": _("fails")}
        outcomes = [f"{names.get(result, result)}: {number(float(p) * 100):.1f}%"
                    for result, p in sorted(prev.outcomes.items(), key=lambda kv: kv[0])]
        if compact:  # one line (two where it must)
            if outcomes:  # a bullet held to the outcome after it, where the line breaks
                joined = "  ".join(("\u2022\u00a0" if i else "") + o for i, o in enumerate(outcomes))
                y = widgets.text_block(surface, joined, ctx.font(13), pal.text_dim, pygame.Rect(x, y, inner, px(400)), 1.05)
        else:
            for line in outcomes:
                widgets.text(surface, line, ctx.font(13), pal.text_dim, (x + px(8), y))
                y += px(18)
        if bonuses:
            y = widgets.text_block(surface, _("Play a card first (its Fear cost paid):"), ctx.font(12, bold=True),
                                   pal.text, pygame.Rect(x, y + px(4), inner, px(400)), 1.05) + px(3)
            step = px(28) if compact else px(30)
            for play, got in bonuses:
                if surface is not None:
                    name = words.card(self.content, str(play.payload["card"]))[0]
                    line = _("{card}: {n} dice, {p:.1f}%").format(card=name, n=got.dice, p=number(float(got.chance) * 100))
                    self._button(surface, pygame.Rect(x, y, inner, step - px(4)), line, play, size=12)
                y += step
        near = self._helpers()
        note = _("After Roll, {who} may help with a card before the dice.").format(who=", ".join(near)) if near else \
            _("No one is near enough to help (one connected tile).")
        y = widgets.text_block(surface, note, ctx.font(11), pal.text_dim, pygame.Rect(x, y + px(2), inner, px(400)), 1.05)
        height = y - panel.top + px(8) + px(36) + px(10)
        if surface is not None:
            bw = (panel.width - px(44)) // 2
            self._button(surface, pygame.Rect(x, panel.bottom - px(46), bw, px(36)), _("Roll"), "roll", primary=True)
            self._button(surface, pygame.Rect(x + bw + px(12), panel.bottom - px(46), bw, px(36)), _("Cancel"), "cancel")
        return height

    def _helpers(self) -> list[str]:
        """Who could help the active character's challenge (challenges.helpers, spec 6.11)."""
        from game.level7.rules.challenges import helpers

        st = self.state
        return [self.player_name(o.id) for o in helpers(st, st.characters[st.turn.player]) if o.hand]

    def _step_layout(self) -> tuple[pygame.Rect, list[str], pygame.Rect | None, pygame.Rect | None]:
        """Where the step on show is drawn (`_draw_step`): its panel, its lines, the event card
        revealed under it (None for another kind of step), and the dice tray's place with them
        (None: no dice, or the kit places it). Top left of the view: the prompt's extra buttons
        stand at its right."""
        px = self.ctx.px
        s = self.steps[0]
        font = self.ctx.font(16, bold=True)
        width = min(px(640), self.view_rect.width * 55 // 100)
        room = self.view_rect.height - 2 * px(14)
        most = max(1, (room - px(58)) // font.get_linesize())  # a sentence is cut only where the view is

        def wrapped(w: int) -> list[str]:
            got = widgets.wrap(s.text, font, w - px(32))
            return got if len(got) <= most else got[:most - 1] + [widgets.elide(" ".join(got[most - 1:]), font, w - px(32))]

        lines = wrapped(width)
        panel = pygame.Rect(0, 0, width, len(lines) * font.get_linesize() + px(58))
        panel.topleft = (self.view_rect.left + px(14), self.view_rect.top + px(14))
        reveal = None
        card = str(s.payload.get("card", ""))
        if s.kind == "event" and card in self.content.events:
            # As tall as the card laid out in it: a fixed 250 held the English card, but the
            # Hungarian sections wrap to more lines and the card's last line ('(a forduló végén
            # húzva: nincs rész)') ran out below the panel, where a frame drawn in part (the
            # panel's rect only) left it standing over the map after the step was gone.
            trigger = str(s.payload.get("trigger", ""))
            width = min(px(420), panel.width)
            if panel.height + px(8) + self._reveal_height(card, trigger, width) <= room:
                reveal = pygame.Rect(panel.left, panel.bottom + px(8), width, self._reveal_height(card, trigger, width))
            else:
                # Too tall for the view under the sentence (at 125% in 1280x720 every card, in
                # every language, reached over the hand strip below the view): beside it, as
                # narrow as lets it fit the view's height, the sentence narrower at its left;
                # cut at the view's foot when no width lets it (a larger UI scale).
                full = self.view_rect.width - 2 * px(14) - px(8)
                widths = list(range(width, max(width, full - px(200)) + 1, px(20)))
                width = next((w for w in widths if self._reveal_height(card, trigger, w) <= room), widths[-1])
                panel.width = max(px(160), min(panel.width, full - width))
                lines = wrapped(panel.width)
                panel.height = len(lines) * font.get_linesize() + px(58)
                reveal = pygame.Rect(panel.right + px(8), panel.top, width, min(room, self._reveal_height(card, trigger, width)))
        # The tile the step happens on (else the active character's, where an event's "your
        # tile" is) stays in sight: the panels stand at the top left, unless another corner of
        # the view covers less of that tile (a tile just explored at the map's top left lay
        # under the event card); the bottom ones only while no dice are rolled there.
        # (the action's decider: the turn player now is the next one once an event drawn at the
        # end of a turn is shown, and its panels lay over the drawer's tile and figure)
        tile = s.tile or s.tiles.get(s.actor if s.actor in s.tiles else self.state.turn.player)
        tray = None
        # With no tile (the actor in the Hospital), the figures alone.
        spot = self._screen_rect(self._tile_rect(tile)) if tile in self._placed_names() else pygame.Rect(0, 0, 0, 0)
        m = px(14)
        v = self.view_rect
        # Then the figures as the step leaves them, the sentence narrower if that keeps it off
        # them: at the bottom left the sentence of a clone spawning on the Morgue at the top
        # stood over the other character's token, as wide as the view left no place beside it.
        r = self._token_radius()
        figures = [self._body_at(*self.camera.to_screen(*at), r) for at in self._figure_spots(s.tiles).values()]

        def covered(parts: list[pygame.Rect]) -> tuple[int, int]:
            return (sum(q.clip(spot).width * q.clip(spot).height for q in parts),
                    sum(any(q.colliderect(f) for q in parts) for f in figures))

        # With the dice on show the tray stands under (or over) the step's panels, laid out
        # with them: low in the view's middle it covered the figures there, and placed apart
        # it lay over the sentence where the map left one clear place for both.
        roll = self.dice if self.dice is not None else s.dice
        # (its usual size: a small tray is the kit's, where no place of that size is clear)
        tray_size = tray_rect(self.ctx, v, replace(roll, small=False)).size if roll is not None else None

        def search(panel: pygame.Rect, lines: list[str], reveal: pygame.Rect | None) -> tuple:
            laid = []
            for narrow, w in enumerate([panel.width] + ([panel.width * 3 // 5] if reveal is None else [])):
                got = lines if not narrow else wrapped(w)
                box = pygame.Rect(panel.topleft, (w, len(got) * font.get_linesize() + px(58))) if narrow else panel
                stack = box.unionall([reveal]) if reveal is not None else box
                right, down = v.right - m - stack.right, v.bottom - m - stack.bottom
                corners = [(0, 0), (right, 0), (0, down), (right, down)]
                corners += [(right * k // 4, dy) for _x, dy in corners[::2] for k in (1, 2, 3)]  # between them
                for dx, dy in corners:
                    parts = [q.move(dx, dy) for q in (box, reveal) if q is not None]
                    tray = self._tray_beside(parts, tray_size) if tray_size else None
                    # no tray there, or one over figures: the kit's place for it
                    missing = int(tray_size is not None and (tray is None or any(tray.colliderect(f) for f in figures)))
                    laid.append((missing, covered(parts + ([tray] if tray else [])), narrow, parts, got, tray))
            _missing, _cover, _narrow, parts, got, tray = min(laid, key=lambda t: t[:3])
            return parts[0], got, (parts[1] if reveal is not None else None), tray

        panel, lines, reveal, tray = search(panel, lines, reveal)
        if reveal is not None and any(reveal.colliderect(f) for f in figures):
            trigger = str(s.payload.get("trigger", ""))
            side = self._reveal_clear(card, trigger, [], figures, spot, side_only=True)
            clear = self._reveal_clear(card, trigger, [panel] + ([tray] if tray else []), figures, spot)
            if clear is not None and self.view_rect.contains(clear):
                reveal = clear
                if tray is not None and tray.colliderect(reveal):
                    tray = None  # the kit's place for it, clear of the figures and these panels
            elif side is not None:  # the card over the side panel: the sentence laid out alone
                panel, lines, _none, tray = search(pygame.Rect(panel.topleft, (panel.width, panel.height)), lines, None)
                reveal = side
        return panel, lines, reveal, tray

    def _tray_beside(self, parts: list[pygame.Rect], size: tuple[int, int]) -> pygame.Rect | None:
        """The dice tray's place with a step's panels `parts`: under them at their left, else
        over them, else at their right, inside the view; None where none of these is."""
        v, gap = self.view_rect, self.ctx.px(8)
        stack = parts[0].unionall(parts[1:])
        for at in ((stack.left, stack.bottom + gap), (stack.left, stack.top - gap - size[1]),
                   (stack.right + gap, stack.top), (stack.left - gap - size[0], stack.top),
                   (stack.right - size[0], stack.bottom + gap), (stack.right - size[0], stack.top - gap - size[1])):
            rect = pygame.Rect(at, size)
            if v.contains(rect):
                return rect
        return None

    def _reveal_clear(self, card: str, trigger: str, keep: list[pygame.Rect], figures: list[pygame.Rect],
                      spot: pygame.Rect, side_only: bool = False) -> pygame.Rect | None:
        """The event card revealed where it covers no figure: anywhere in the view off the step's
        sentence (and the dice tray), as wide as that needs; else over the side panel, where the
        Event section shows the same card (beside its sentence at 125% in 1280x720 it lay over
        most of the map, and every figure standing in its height). None where neither is."""
        px, v, m = self.ctx.px, self.view_rect, self.ctx.px(14)
        room = v.height - 2 * m
        for w in range(px(300), v.width - 2 * m + 1, px(40)) if not side_only else ():
            h = self._reveal_height(card, trigger, w)
            if h > room:
                continue
            spots = [q for q in clear_place.places(v, w, h, m) if not any(q.colliderect(k) for k in keep)]
            if spots:
                best, covers = clear_place.least_covering(spots, figures, lambda q: (clear_place.area(q, [spot]),))
                if covers[0] == 0:
                    return best
        side = self.side_rect
        if self.side_open and side.width >= px(240):
            w = side.width - 2 * px(8)
            h = self._reveal_height(card, trigger, w)
            if h <= side.height - 2 * px(8):
                return pygame.Rect(side.left + px(8), side.top + px(8), w, h)
        return None

    def _step_place(self) -> tuple[pygame.Rect, list[str], pygame.Rect | None]:
        """Where the step on show is drawn (`_draw_step`): its panel, its lines, and the event
        card revealed (None for another kind of step)."""
        return self._step_layout()[:3]

    def _reveal_height(self, card: str, trigger: str, width: int) -> int:
        """How tall the event card revealed under a step is at `width` (laid out, not drawn;
        kept per card, width, language and scale: a frame asks for the step's place)."""
        from game.i18n import language

        px = self.ctx.px
        key = (card, trigger, width, language(), px(100))
        got = self._reveal_heights.get(key)
        if got is None:
            got = self._reveal_heights[key] = self._event_card(None, px(12), px(10), width - px(24), card, trigger) + px(10)
        return got

    def _step_part(self) -> tuple:
        """The step on show as a part: what its panels say and their rects (a new step, or the
        count of those to come, draws them again there only)."""
        if not self.steps:
            return None, []
        s = self.steps[0]
        panel, lines, reveal = self._step_place()
        what = (s.kind, tuple(lines), s.tile, len(self.steps), repr(s.payload) if reveal is not None else None,
                tuple(panel), reveal and tuple(reveal))
        return what, [panel.inflate(2, 2)] + ([reveal.inflate(2, 2)] if reveal is not None else [])

    def _draw_step(self, surface) -> None:
        """The step of an event's resolution on show: the rules' sentence (with its reason), the
        steps still to come, and how to skip them."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        s = self.steps[0]
        font = ctx.font(16, bold=True)
        panel, lines, reveal = self._step_place()
        widgets.panel(surface, ctx, panel, alpha=240)
        pygame.draw.rect(surface, (250, 90, 70), panel, 2, border_radius=px(8))
        self.panels.append((panel, len(self.buttons)))
        heading = {"event": _("Event card"), "spawn": _("Spawn"), "activation": _("Enemy activation"),
                   "enemy_move": _("Enemy moves"), "attack": _("Enemy attack"), "event_text": _("Event"),
                   "escaped": _("Escaped!"), "killed": _("Killed"), "knocked_out": _("Knocked out"),
                   "removed": _("Enemy removed"), "lockdown": pgettext("level7", "Lockdown"), "roll": _("Dice")}.get(s.kind, _("What happens"))
        left = widgets.text(surface, heading, ctx.font(13, bold=True), pal.accent, (panel.left + px(16), panel.top + px(8)))
        # The count and how to skip, in what the heading leaves (at 125% in 1280x720 the Greek
        # 'Κάρτα γεγονότος' ran into '1 ακόμη  •  κλικ ή Space...'): cut at its end if need be.
        note = _("{n} more  \u2022  click or Space skips").format(n=len(self.steps) - 1)
        widgets.text(surface, widgets.elide(note, ctx.font(12), panel.right - px(16) - left.right - px(12)), ctx.font(12),
                     pal.text_dim, (panel.right - px(16), panel.top + px(9)), "topright")
        y = panel.top + px(30)
        for line in lines:
            y = widgets.text(surface, line, font, pal.text, (panel.left + px(16), y)).bottom
        card = str(s.payload.get("card", ""))
        if reveal is not None:
            # The card revealed, large, under the sentence: the section its icon triggered lit.
            widgets.panel(surface, ctx, reveal, alpha=245)
            pygame.draw.rect(surface, pal.accent, reveal, 2, border_radius=px(8))
            self.panels.append((reveal, len(self.buttons)))
            clip = surface.get_clip()
            surface.set_clip(reveal.clip(clip) if clip else reveal)  # cut at the view's foot, if it must be
            self._event_card(surface, reveal.left + px(12), reveal.top + px(10), reveal.width - px(24), card,
                             str(s.payload.get("trigger", "")))
            surface.set_clip(clip)

    # ------------------------------------------------------------------ side panel and hand
    def side_labels(self) -> dict[str, str]:
        return {"party": _("Party"), "event": _("Event"), "log": super().side_labels()["log"]}

    def sections(self) -> dict:
        return {"party": self._side_party, "event": self._side_event}

    def _side_party(self, surface, x: int, y: int, w: int) -> int:
        """Each character: status, Fear, Vitality and Threat tracks, skills, items, hand size."""
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        c = self.content
        y = widgets.heading(surface, ctx, _("Party"), x, y)
        small = ctx.font(12)
        # The scenario's goal: shown on the set-up screen only, a player back from a load (or
        # playing Stalled Lift's control panels) had it nowhere on the table.
        goal = words.objective(c.scenarios[st.scenario])
        if goal:
            y = widgets.text_block(surface, _("Goal: {goal}").format(goal=goal), small, pal.accent,
                                   pygame.Rect(x, y, w, px(48)), 1.05) + px(4)
        for cid in self.players:
            ch = st.characters[cid]
            status = {"hospital": _("in the Hospital"), "escaped": _("ESCAPED"), "killed": _("KILLED")}.get(ch.status, "")
            y = side_rows.player_head(surface, ctx, x, y, w, self.colour_of(cid), self.player_name(cid), bot=self.is_bot(cid),
                                      active=cid == st.turn.player and not self.session.is_over(), note=status) + px(1)
            fear = c.fear_track
            after = widgets.text(surface, _("Fear"), small, pal.text_dim, (x + px(20), y)).right + px(6)
            after = widgets.pips(surface, ctx, after, y + px(1), ch.fear, fear.max, (200, 120, 230))
            vitality, threat = _("Vitality {n}").format(n=ch.vitality), _("Threat {n}").format(n=ch.threat)
            if after + small.size(vitality)[0] + small.size(threat)[0] + px(20) > x + w:
                y, after = y + px(17), x + px(10)  # longer words (Hungarian): a line of their own
            after = widgets.text(surface, vitality, small, (230, 100, 90), (after + px(10), y)).right
            widgets.text(surface, threat, small, (240, 190, 80), (after + px(10), y))
            y += px(17)
            tile = pgettext("level7", self.tiles[ch.tile].name) if ch.tile in self.tiles else ""
            where = _("on {tile}").format(tile=tile) if tile else ""
            cards = _("1 adrenaline card") if len(ch.hand) == 1 else _("{cards} adrenaline cards").format(cards=len(ch.hand))
            line = cards + (f", {where}" if where else "")
            # Wrapped, not elided: "4 κάρτες αδρεναλίνης, στο Corridor 101-B" and the turn's
            # line below ("Ebben a fordulóban: 3 mozgás maradt; me…") lost their ends.
            y = widgets.text_block(surface, line, small, pal.text_dim, pygame.Rect(x + px(20), y, w - px(20), px(32)), 1.05) + px(1)
            skills = ", ".join(_(c.skills[s.split("#")[0]].name) for s in ch.skills if s.split("#")[0] in c.skills)
            items = ", ".join(words.card(c, i)[0] for i in ch.items)
            y = widgets.text_block(surface, _("Skills: {s}").format(s=skills or "\u2014"), small, pal.text_dim,
                                   pygame.Rect(x + px(20), y, w - px(20), px(32)), 1.05)
            y = widgets.text_block(surface, _("Items: {s}").format(s=items or "\u2014"), small, pal.text_dim,
                                   pygame.Rect(x + px(20), y, w - px(20), px(32)), 1.05)
            if cid == st.turn.player and not self.session.is_over() and st.turn.step == 2:
                t = st.turn
                done = [name for used, name in ((t.challenge_used, _("challenge")), (t.trade_used, _("trade")),
                                                (t.pickup_used, _("pick-up")), (t.peek_used, _("peek"))) if used]
                line = _("This turn: {moves}").format(moves=_("1 move left") if t.moves_left == 1 else
                                                      _("{n} moves left").format(n=t.moves_left)) + \
                    (_("; ") + _("done: {what}").format(what=", ".join(done)) if done else "")
                y = widgets.text_block(surface, line, small, pal.accent, pygame.Rect(x + px(20), y, w - px(20), px(32)), 1.05)
            y += px(8)
        return y

    def _last_event(self) -> tuple[str, str] | None:
        for entry in reversed(list(self.session.log)):
            if entry.event.kind == "event":
                pl = entry.event.payload or {}
                return str(pl.get("card", "")), str(pl.get("trigger", ""))
        return None

    def _side_event(self, surface, x: int, y: int, w: int) -> int:
        """The event card last drawn (or none yet)."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        y = widgets.heading(surface, ctx, _("Event card"), x, y)
        got = self._last_event()
        if got is None or got[0] not in self.content.events:
            return widgets.text(surface, self.ai_empty(), ctx.font(13), pal.text_dim, (x, y)).bottom + px(8)
        return self._event_card(surface, x, y, w, *got) + px(10)

    def _event_card(self, surface, x: int, y: int, w: int, card_id: str, trigger: str) -> int:
        """An event card: its spawn, its three sections (the triggered one lit) and the
        activation for this many starting players; returns the y below it."""
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        card = self.content.events[card_id]
        small, bold = ctx.font(12), ctx.font(13, bold=True)
        for line in widgets.wrap(words.event_heading(self.content, card_id, trigger), bold, w):
            y = widgets.text(surface, line, bold, pal.text, (x, y)).bottom
        y += px(4)
        for kind in ("security", "fear", "facility"):
            sec = self.content.sections.get(card.section(kind))
            if sec is None:
                continue
            lit = kind == trigger
            # As tall as its name and text: a Greek or Hungarian section often takes a line more
            # than the English, and at 1280x720 a box of three lines cut eight English texts
            # ("They Smell You") and the lit name's "triggered" (40 in Hungarian, 104 in Greek).
            text = _(sec.text)
            head = f"{_(words.SECTION_NAMES[kind])}: {_(sec.name)}" + ("  \u25c0 " + _("triggered") if lit else "")
            heads = widgets.wrap(head, bold, w - px(12))
            lines = widgets.wrap(text, small, w - px(12))
            top = px(5) + len(heads) * bold.get_linesize()
            box = pygame.Rect(x, y, w, top + px(3) + max(2, len(lines)) * small.get_linesize())
            if surface is not None:  # None: laid out only (section_height)
                pygame.draw.rect(surface, (78, 60, 30) if lit else (34, 37, 43), box, border_radius=px(5))
                pygame.draw.rect(surface, pal.accent if lit else (70, 74, 84), box, 2 if lit else 1, border_radius=px(5))
                for n, line in enumerate(heads):
                    widgets.text(surface, line, bold, pal.text if lit else pal.text_dim,
                                 (x + px(6), y + px(3) + n * bold.get_linesize()))
                widgets.text_block(surface, text, small, pal.text if lit else pal.text_dim,
                                   pygame.Rect(x + px(6), y + top, w - px(12), len(lines) * small.get_linesize()), 1.0)
            y += box.height + px(4)
        code = card.box(st.starting_players)
        act = self.content.activations.get(code)
        order = " \u2192 ".join(words.kind_name(k) for k in act.order) if act else code
        y = widgets.text(surface, _("Then activate: {order}").format(order=order), small, pal.text_dim, (x, y + px(2))).bottom
        if not trigger:
            y = widgets.text(surface, _("(drawn at the end of the turn: no section)"), small, pal.text_dim, (x, y)).bottom
        return y

    def _draw_hand(self, surface) -> None:
        """The pools and stacks on the left; the adrenaline hand of the person at the table."""
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        r = self.hand_rect
        pygame.draw.rect(surface, (24, 26, 31), r)
        pygame.draw.line(surface, pal.panel_edge, (r.left, r.top), (r.right - 1, r.top), 2)  # inside its rect: a strip is drawn alone
        small = ctx.font(13)
        from game.level7.rules.names import stack_name

        stacks = "  ".join(f"{as_text(stack_name(name))}: {len(tiles)}" for name, tiles in st.stacks)
        lines = (_("Tile stacks  {s}").format(s=stacks), _("Events {e}, adrenaline {a}, items {i}").format(
            e=len(st.events.draw_pile), a=len(st.adrenaline.draw_pile), i=len(st.items.draw_pile)))
        threat = _("Threat pool: {n}").format(n=st.threat_pool)
        lock = _("Lockdown pool: {n}").format(n=st.lockdown_pool) + ("  " + _("(LOCKDOWN)") if st.lockdown else "") \
            if self.content.scenarios[st.scenario].lockdown_pool else ""
        pools = [t for t in (threat, lock) if t]
        bold = ctx.font(14, bold=True)
        # As wide as its longest line (longer in Hungarian), the hand's row starting after it; a
        # pool's line past px(330) is set smaller ("Δεξαμενή Αποκλεισμού: 12  (ΑΠΟΚΛΕΙΣΜΟΣ)" ran
        # under the hand's label).
        info = pygame.Rect(r.left + px(14), r.top + px(8),
                           min(px(330), max(px(250), *(small.size(t)[0] for t in lines), *(bold.size(t)[0] for t in pools))),
                           r.height - px(14))
        y = info.top
        for text, colour in ((threat, (240, 190, 80)), (lock, (230, 90, 80) if st.lockdown else pal.text)):
            if text:
                font = widgets.line_font(ctx, text, info.width, 14, 10, bold=True)
                y = widgets.text(surface, widgets.elide(text, font, info.width), font, colour, (info.left, y)).bottom + px(2)
        for line in lines:
            font = widgets.line_font(ctx, line, info.width, 13, 10)
            y = widgets.text(surface, widgets.elide(line, font, info.width), font, pal.text_dim, (info.left, y)).bottom + px(2)
        reserve = ", ".join(f"{words.kind_name(k)} {len(v)}" for k, v in st.reserves.items())
        widgets.text_block(surface, _("In reserve: {r}").format(r=reserve), small, pal.text_dim,
                           pygame.Rect(info.left, y, info.width, info.bottom - y), 1.05)
        viewer = self.viewer
        row = pygame.Rect(info.right + px(14), r.top, r.right - info.right - px(24), r.height)
        if viewer is None or viewer not in st.characters:
            self.card_rects, self._hover_card, self.hand_label_rect = {}, None, None
            return
        ch = st.characters[viewer]
        label = _("{who}'s adrenaline cards ({n})").format(who=self.player_name(viewer), n=len(ch.hand))
        self.hand_label_rect = widgets.text(surface, label, ctx.font(12, bold=True), self.colour_of(viewer),
                                            (row.left, r.top + px(1)))
        # The cards lie px(16) below the row's top and a lit card's outline px(2) above them (hand.py):
        # the row moves down (its cards as large, into the px(10) under them) until the outline
        # keeps px(3) clear of the label.
        row = row.move(0, min(px(8), max(0, self.hand_label_rect.bottom + px(3) - px(14) - r.top)))
        mine = self._mine() and viewer == self.session.decider

        def state(card: str) -> str:
            if not mine:
                return "normal"
            if self.card_kind and card.split("#")[0] == self.card_kind:
                return "selected"
            return "playable" if self._card_actions(card) else "normal"

        hidden = "level7_adrenaline" if self.handoff is not None else None
        self.card_rects, self._hover_card = hand.draw_hand(surface, ctx, row, list(ch.hand),
                                                           lambda card: words.card(self.content, card), state, self.mouse,
                                                           hidden, placeholder=self.card_placeholder, art=self.card_art)

    def shortcuts(self) -> list[tuple[str, str]]:
        return [(_("Click a lit tile"), _("Walk there")), (_("Click a door arrow"), pgettext("level7", "Explore")),
                (_("Click an enemy on your tile"), _("Preview an attack")), (_("Wheel, right drag"), _("Zoom, pan"))] + \
            super().shortcuts()
