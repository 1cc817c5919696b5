"""The Neuroshima Convoy table on the kit's GameTable (issue 17; spec 10 "Screen layout", "Drag and
drop").

The zones are the named rectangles of the object layer `zones` in maps/convoy/table_layout.tmx
(read with pytmx, edited in Tiled), scaled to the play area below the prompt line and left of the
side panel: the opponent's strip (hand as backs with a count, deck, discard), the opponent's
battle stations above the five city cards, the person's below them (the side of the person at
the table is always at the bottom), the battle panel beside the cities, the hand and the person's
piles at the bottom. Empty stations are outlines; a station lost to a reduction is greyed.

Acting is mostly dragging (spec 10 "Drag and drop"): a unit or Building from the hand into a
city column of your side (the legal cities glow, "+1" where the undefended bonus applies), an
Equipment onto a Robot, an Instant onto its target (or anywhere on the table when it has none),
a hand card onto the ability button of one of your cards to pay for it, a card in play onto
another city to move it, the Sector Battle token onto a sector. Choices inside effects are
clicks on the lit candidates (or the prompt's buttons). Every drop is asked of the rules
(`flow.refusal`); a refused one shows the rules' sentence and the rule behind it.

The battle is shown step by step (the strengths, the winner, each result in the spec's order,
the sector destroyed, spill-over), a click or Space skipping it; a bot's plays carry its reasons
in the AI panel and the log."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.board.model import MapError
from game.board.tmx_gate import check_map, parse_xml
from game.convoy.rules.words import card_name
from game.engine.protocol import Action, Event
from game.engine.session import Session
from game.i18n import _, pgettext
from game.ui import widgets
from game.ui.convoy import cards, words
from game.ui.convoy.entry import PLAYERS, SAVES
from game.ui.kit.ai_panel import AiShown
from game.ui.kit.game_table import BOT_DELAY_MS, DRAG_PX, GameTable
from game.ui.kit.hand import lay_out
from game.ui.kit.layers import Layer
from game.ui.kit.name_fit import fit_name
from game.ui.scene import Context

LAYOUT = Path(__file__).resolve().parents[3] / "maps" / "convoy" / "table_layout.tmx"
ZONES = ("opponent", "far", "cities", "near", "battle", "hand", "piles")
STEP_SHOW_MS = 1300  # one step of a battle's resolution on screen
BATTLE_KINDS = ("strength", "tie", "winner", "trigger", "result", "sector", "killed", "discard", "mill", "token",
                "city", "convoy", "move", "end", "bomb", "destroyed", "returned", "reveal")
GLOW = (250, 196, 70)
BONUS = (120, 230, 140)
SIDE_INDEX = {"moloch": 0, "outpost": 1}
CITY_CARD = "city:"  # the hovered card's key when it is a city card (hovered_card)
_LAYOUT_CACHE: dict[str, tuple[tuple[float, float], dict[str, tuple[float, float, float, float]]]] = {}


def load_layout(path: Path = LAYOUT) -> tuple[tuple[float, float], dict[str, tuple[float, float, float, float]]]:
    """(map size in pixels, zone name -> (x, y, w, h)) from the Tiled map's `zones` object layer.
    A broken file, or a missing layer or zone, is a MapError naming the file and what is wrong: the
    file passes the Tiled gate (game/board/tmx_gate.py) before pytmx reads it."""
    key = str(path)
    if key not in _LAYOUT_CACHE:
        import pytmx

        problems: list[str] = []
        if check_map(parse_xml(path), problems) is None:
            raise MapError(problems)
        tm = pytmx.TiledMap(str(path))
        try:
            layer = tm.get_layer_by_name("zones")
        except ValueError:
            raise MapError(f"{path}: map: no object layer 'zones'") from None
        zones = {o.name: (float(o.x), float(o.y), float(o.width), float(o.height)) for o in layer}
        missing = [z for z in ZONES if z not in zones]
        if missing:
            raise MapError(f"{path}: layer zones: lacks {', '.join(missing)}")
        _LAYOUT_CACHE[key] = ((float(tm.width * tm.tilewidth), float(tm.height * tm.tileheight)), zones)
    return _LAYOUT_CACHE[key]


@dataclass
class Step:
    """One step of a battle's resolution on screen."""

    kind: str
    text: str
    age: int = 0


def mark_word(mark: str, short: bool = False) -> str:
    """The word of a card's mark ("used", "off": ConvoyTable.card_marks), or its short word for
    a small face (the Hungarian 'használva' and the Greek 'χρησιμοποιήθηκε' were cut to 'hasz…'
    and 'χρησ…' on every face of 1280x720 and on Greek ones at 1920x1080); the whole word shows
    over the card under the pointer."""
    if mark == "used":
        return pgettext("convoy small card", "used") if short else _("used")
    return pgettext("convoy small card", "off") if short else _("off")


class ConvoyTable(GameTable):
    key = "convoy"
    saves = SAVES
    SIDES_COMPETE = True  # Moloch against the Outpost (the end panel's heading)
    SIDE_TABS = ("phase", "ai", "log")
    # The least window the table lays out in, in UI units (Scene.ROOM): five cities with both
    # sides' stations, the battle panel, the side panel and the hand. At 125% and 150% in
    # 1280x720 the chrome grew and the cards did not: station faces 30 pixels wide under token
    # badges, the battle panel's words cut ('Zigg…', 'Mol…'); there the table draws at the
    # largest scale that fits (100%), as the menu and the set-up screens do. A window of
    # 1920x1080 keeps 125% and 150%.
    ROOM = (1280, 720)

    def __init__(self, ctx: Context, session: Session, seats: list[str], screen_size: tuple[int, int],
                 save_path: Path | None = None, bot_delay_ms: int = BOT_DELAY_MS, animate: bool = True,
                 levels: list[str] | None = None) -> None:
        from game.convoy.content import shared_content

        self.content = shared_content()
        self.levels = list(levels or ["expert", "expert"])
        self.zones: dict[str, pygame.Rect] = {}
        self.actions: list[Action] = []
        self.press_src: tuple[str, int] | None = None  # what a left press picked up (a drag source)
        self.press_at: tuple[int, int] | None = None
        self.drag_live = False
        self.glow: dict = {}
        self.hand_rects: list[tuple[int, pygame.Rect, pygame.Rect]] = []  # uid, shown part, whole card
        self.slot_rects: dict[int, pygame.Rect] = {}
        self.ability_rects: dict[int, pygame.Rect] = {}
        self.city_rects: dict[int, pygame.Rect] = {}
        self.column_rects: dict[tuple[int, int], pygame.Rect] = {}
        self.sector_rects: dict[tuple[int, int], pygame.Rect] = {}
        self.pile_rects: dict[str, pygame.Rect] = {}
        self.token_rect: pygame.Rect | None = None
        self.token_label_rect: pygame.Rect | None = None  # "drag onto a sector" beside the waiting token
        self.strength_rect: pygame.Rect | None = None
        self.browse: str | None = None  # the discard pile on show ("moloch" / "outpost")
        self.browse_rects: list[tuple[int, pygame.Rect]] = []
        self.steps: list[Step] = []
        self.battle_city = -1
        self._active_before = 0
        self._all_steps: list[Step] = []
        self.intent: dict | None = None  # a dropped card's destination waiting for its payment
        self._strength_seen: tuple[int, int] | None = None  # the pointer when hover() last looked
        self._view_memo: tuple = (None, ())  # (state_version, view_key()) of the last change
        # The play area (the opponent's strip, the cities, the stations and their cards, the
        # battle panel) drawn once per change of what it shows and blitted in between: the
        # card shown large under the pointer is drawn over it (`_draw_play_layer`).
        self.play_layer = Layer()
        super().__init__(ctx, session, seats, screen_size, save_path, bot_delay_ms, animate)

    # ------------------------------------------------------------------ the title's words
    def make_bot(self, i: int):
        """The Convoy AI at the seat's level (game/ui/convoy/ai_seat.py)."""
        from game.ui.convoy.ai_seat import ConvoySeatBot

        level = self.levels[i] if i < len(self.levels) else "expert"
        return ConvoySeatBot(PLAYERS[i], level, self.session.seed * 8 + i)

    def player_name(self, player: str) -> str:
        return words.side_name(player)

    def colour_of(self, player: str) -> tuple[int, int, int]:
        return words.SIDE_COLOURS.get(player, (200, 200, 200))

    def saved_note(self) -> str:
        return _("Saved as {name}. Load it from the Neuroshima Convoy set-up screen (Load a game).")

    def handoff_note(self) -> str:
        return _("Your hand is hidden until you are at the table; the other side's stays face down.")

    def shown_only_to(self, player: str) -> tuple:
        """A side's hand (view.py: the opponent's shows only its size)."""
        return tuple(self.state.hand[PLAYERS.index(player)]) if player in PLAYERS else ()

    def ai_heading(self) -> str:
        return _("The AI's last play")

    def ai_empty(self) -> str:
        return _("No AI play yet.")

    def outcome(self) -> str | None:
        st = self.state
        if st.outcome is None:
            return None
        humans = self._humans()
        if len(humans) == 1:
            return "won" if st.outcome == humans[0] else "lost"
        return "won"

    def end_summary(self) -> str:
        return words.win_by(self.state.win_by)

    def end_stats(self) -> str:
        from game.convoy.rules import board as B

        st = self.state
        fallen = sum(1 for c in range(len(st.flipped)) if B.fallen(st, c))
        return _("{rounds} rounds, {fallen} cities fallen, Moloch deck {deck}, seed {seed}").format(
            rounds=st.round, fallen=fallen, deck=len(st.deck[0]), seed=self.session.seed)

    def toolbar_title(self) -> str:
        from game.convoy.rules import board as B

        st = self.state
        a = B.active_city(st)
        city = _(self.content.cities[a].name) if a >= 0 else "\u2014"
        if st.phase == "mulligan":
            return "Neuroshima Convoy  \u2022  " + words.phase_name("mulligan")
        # Over, the last field says so: 'Phase —' read '—. fázis' in Hungarian.
        phase = words.phase_name("over") if st.phase == "over" else _("Phase {p}").format(p=st.phase)
        return "Neuroshima Convoy  \u2022  " + _("Round {n}").format(n=st.round) + f"  \u2022  {city}  \u2022  " + phase

    def decision_name(self) -> str:
        pend = self._pending()
        return pend["kind"] if pend else self.state.phase

    def bot_reason(self, decider: str, action: Action, why: str, private: bool = False) -> None:
        """The AI's play and its reason: in the log and in the AI panel. The play in the AI's
        own words (ai.deed: "Plays X into Y"), not the action's label: that is the button's
        command to a person ("Play X into Y", an imperative in Greek and Hungarian). A private
        reason (it counts the cards in the AI's hand) is for the AI's own seat: the person
        across the table sees the play and not why."""
        from game.convoy.ai import deed
        from game.engine.text import as_text

        super().bot_reason(decider, action, why, private)
        level = self.levels[PLAYERS.index(decider)] if decider in PLAYERS else ""
        name = _("{side} AI ({level})").format(side=self.player_name(decider), level=words.level_name(level))
        if self.ai.card != decider:
            self.ai = AiShown(decider, name, "")
        self.ai.name, self.ai.text = name, as_text(deed(self.state, action))
        if not private or self.log_reader == decider:
            self.ai.lines.append(why)
        del self.ai.lines[:-6]

    def restore_ai(self) -> None:
        self.ai = AiShown()

    # ------------------------------------------------------------------ state helpers
    def _pending(self) -> dict | None:
        proc = self.state.proc
        return proc.get("pending") if proc else None

    def _mine(self) -> bool:
        return self._not_yours() is None and not self.session.is_over()

    @property
    def log_reader(self) -> str | None:
        """Watch mode (bots only) shows the Outpost's hand at the bottom whoever decides, so the
        watcher reads the log as the Outpost's seat: its draws by name, Moloch's counted only."""
        return self.viewer if self._humans() else self.bottom

    def log_text(self, event: Event) -> str:
        """A drawn card's private line says 'You draw X.' to its seat; a watcher is nobody's
        seat, so in watch mode it names the side ('Outpost draws X.')."""
        if event.kind == "drew" and event.visible_to and not self._humans():
            side = event.visible_to[0]
            uid = event.payload.get("card")
            if side in SIDE_INDEX and isinstance(uid, int) and 0 <= uid < len(self.state.ids):
                return _("{side} draws {card}.").format(side=self.player_name(side), card=self._name(uid))
        return super().log_text(event)

    @property
    def bottom(self) -> str:
        """The side drawn at the bottom: the person's at the table (watch mode: the Outpost)."""
        if self.viewer in PLAYERS and self._humans():
            return self.viewer
        return "outpost"

    @property
    def top(self) -> str:
        return PLAYERS[1 - PLAYERS.index(self.bottom)]

    def _defn(self, uid: int):
        from game.convoy.rules import board as B

        return B.defn(self.state, uid)

    def _name(self, uid: int) -> str:
        """A card's name in the player's language (the data holds the English one)."""
        return card_name(self._defn(uid).name)

    def update_choices(self) -> None:
        from game.convoy.rules import board as B

        self._active_before = B.active_city(self.state)  # the city the next battle is fought in
        self.actions = self.session.legal_actions() if not self.session.is_over() else []
        self.glow = {}
        self.press_src, self.drag_live = None, False

    def _after_change(self, first: bool = False) -> None:
        super()._after_change(first)
        intent, self.intent = self.intent, None
        if intent is not None and not first:
            pend = self._pending()
            if pend is not None and pend["kind"] == "pay":
                self.intent = intent  # still paying
            elif pend is not None and intent in pend["options"] and self._mine():
                self.submit(self._action(pend["kind"], intent) or Action(pend["kind"], intent))

    def _action(self, kind: str, payload: dict) -> Action | None:
        return next((a for a in self.actions if a.kind == kind and a.payload == payload), None)

    def _options(self) -> list[dict]:
        pend = self._pending()
        return list(pend["options"]) if pend and self._mine() else []

    def hint(self) -> str:
        st = self.state
        if self.session.is_over():
            return _("The game is over.")
        pend = self._pending()
        if pend:
            return str(pend["prompt"])
        ph = st.phase
        if ph == "mulligan":
            return _("{side}: keep your starting hand or shuffle it back and draw 4 new cards (once).").format(
                side=self.player_name(self.session.decider or ""))
        return {
            "III": _("Moloch attacks: drag Robots into a city column, Instants onto their target; Pass when done."),
            "IV": _("The Outpost attacks: drag Soldiers and Buildings into a city column, Instants onto their target; "
                    "Pass when done."),
            "V": _("Moloch's Equipment: drag an Equipment card onto one of your Robots; Pass when done."),
            "Va": _("The Outpost's captured Equipment: use its abilities; Pass when done."),
        }.get(ph, words.phase_name(ph))

    def prompt_choices(self):
        pend = self._pending()
        if pend is not None:
            # Cards, sectors and cities light up where they lie (a click there answers); the
            # rest (None, Yes / No, a card in a discard pile) are buttons.
            shown = [a for a in self.actions if not self._on_table(a.payload)]
            said = str(pend["prompt"]) + ("  " + _("(click a lit card, sector or city)") if len(shown) < len(self.actions) else "")
            return said, [(self._option_label(a), a, False) for a in shown]
        out = []
        for a in self.actions:
            if a.kind == "mulligan":
                out.append((a.text, a, not a.payload["redraw"]))
            elif a.kind == "feature":
                out.append((a.text, a, False))
        passing = self._action("pass", {})
        if passing is not None:
            out.append((_("Pass (done)"), passing, True))
        return None, out

    def _on_table(self, option: dict) -> bool:
        """An option the table shows lit where it lies: a card in a city or in the hand on show,
        a sector, a city."""
        st = self.state
        if "sector" in option:
            return True
        if "city" in option:
            return option["city"] >= 0
        uid = option.get("card", -1)
        if not isinstance(uid, int) or uid < 0:
            return False
        return self._city_of(uid) >= 0 or uid in st.hand[SIDE_INDEX[self.bottom]]

    def _option_label(self, action: Action) -> str:
        return action.text or action.kind

    def costly(self, what) -> bool:
        return isinstance(what, Action) and what.kind == "pass"

    def title_command(self, what: str):
        if what.startswith("browse:"):
            side = what.split(":", 1)[1]
            self.browse = None if self.browse == side else side
            self.dirty = True
        elif what == "close":
            self.browse = None
            self.dirty = True
        return None

    def cancel(self) -> bool:
        if self.browse is not None or self.drag_live or self.intent is not None:
            self.browse, self.drag_live, self.press_src, self.intent = None, False, None, None
            return True
        return False

    # ------------------------------------------------------------------ battle steps
    def _take_events(self, events: list[Event], before) -> None:
        super()._take_events(events, before)
        if not self.animate:
            return
        shown = False
        for e in events:
            if e.kind == "strength":
                shown = True
                self.battle_city = self._active_before
                self.steps.append(Step(e.kind, self._words(e.text)))
            elif shown and e.kind == "round":
                shown = False
            elif shown and e.visible_to is None:
                self.steps.append(Step(e.kind, self._words(e.text)))

    @property
    def busy(self) -> bool:
        return super().busy or bool(self.steps)

    def skip_animation(self) -> None:
        super().skip_animation()
        self.steps.clear()

    def undo(self) -> None:
        self.intent = None
        super().undo()
        self.steps.clear()

    def click(self, pos):
        """A click while the battle is shown skips it (before a handoff card is dismissed)."""
        if self.steps:
            self.skip_animation()
            return None
        return super().click(pos)

    def _draw_overlays(self, surface) -> None:
        """The battle is public: its steps show before the handoff card (the hand stays face
        down meanwhile: the hand row reads `handoff`)."""
        if self.steps and self.handoff is not None:
            waiting, self.handoff = self.handoff, None
            try:
                super()._draw_overlays(surface)
            finally:
                self.handoff = waiting
            return
        super()._draw_overlays(surface)

    def update(self, dt_ms: int) -> None:
        self.begin_tick()  # before the steps' clock marks the frame dirty: it may be drawn in part
        if self.steps:
            s = self.steps[0]
            s.age += round(min(dt_ms, 100) / self.pace())
            if s.age >= STEP_SHOW_MS:
                self.steps.pop(0)
            self.dirty = True
        super().update(dt_ms)

    # ------------------------------------------------------------------ layout
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        px = self.ctx.px
        self._size = size
        side = min(px(420), max(px(320), int(size[0] * 0.21)), size[0] // 3) if self.side_open else px(30)
        self.set_rects(size, px(48), side, px(150))
        (mw, mh), zones = load_layout()
        area = pygame.Rect(0, self.prompt_rect.bottom, self.side_rect.left, size[1] - self.prompt_rect.bottom)
        kx, ky = area.width / mw, area.height / mh
        self.zones = {name: pygame.Rect(area.left + round(x * kx), area.top + round(y * ky), round(w * kx), round(h * ky))
                      for name, (x, y, w, h) in zones.items()}
        hand = self.zones["hand"].union(self.zones["piles"])
        self.hand_rect = pygame.Rect(area.left, hand.top, area.width, area.bottom - hand.top)
        self.view_rect = pygame.Rect(area.left, area.top, area.width, self.hand_rect.top - area.top)

    def _columns(self, zone: pygame.Rect) -> list[pygame.Rect]:
        px = self.ctx.px
        gap = px(10)
        w = (zone.width - gap * 6) // 5
        return [pygame.Rect(zone.left + gap + i * (w + gap), zone.top, w, zone.height) for i in range(5)]

    # ------------------------------------------------------------------ input: drag and drop
    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._layout(pygame.display.get_surface().get_size())
            src = self._drag_source(event.pos) if self._can_drag() else None
            if src is not None:
                self._input = True
                self.mouse = event.pos
                self.press_src, self.press_at, self.drag_live = src, event.pos, False
                return None
        elif event.type == pygame.MOUSEMOTION and self.press_src is not None:
            self._input = True
            self.mouse = event.pos
            if not self.drag_live and math.dist(event.pos, self.press_at or event.pos) > DRAG_PX:
                self.drag_live = True
                self.glow = self._glow_for(self.press_src)
                self._hover_card = None
            self.dirty = True
            return None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press_src is not None:
            self._input = True
            src, live = self.press_src, self.drag_live
            self.press_src, self.drag_live, self.glow = None, False, {}
            self.dirty = True
            if live:
                self.drop(src, event.pos)
                return None
            return self.click(event.pos)
        return super().handle(event)

    def _can_drag(self) -> bool:
        return self._mine() and self.handoff is None and not self.busy and self.browse is None

    def _drag_source(self, pos) -> tuple[str, int] | None:
        if any(r.collidepoint(pos) for r, _l, _w in self.buttons):
            return None
        for uid, shown, _whole in self.hand_rects:
            if shown.collidepoint(pos):
                return ("hand", uid)
        pend = self._pending()
        if pend and pend["kind"] == "sector" and self.token_rect is not None and self.token_rect.collidepoint(pos):
            return ("token", -1)
        me = SIDE_INDEX[self.session.decider or "moloch"]
        for uid, rect in self.slot_rects.items():
            if rect.collidepoint(pos) and uid in self.state.slots[self._city_of(uid)][me] and not pend:
                return ("card", uid)
        return None

    def _city_of(self, uid: int) -> int:
        from game.convoy.rules import board as B

        return B.locate(self.state, uid)[0]

    def _glow_for(self, src: tuple[str, int]) -> dict:
        """What lights up while `src` is dragged: each from the legal actions (or the question's
        options), the undefended "+1" from `board.undefended`, an Instant's targets from the
        rules' `effects.step_targets`."""
        from game.convoy.rules import board as B
        from game.convoy.rules import effects as E

        st = self.state
        kind, uid = src
        glow: dict = {"cities": set(), "bonus": set(), "cards": set(), "abilities": set(), "sectors": set(), "strip": False}
        side = SIDE_INDEX[self.session.decider or "moloch"]
        opts = self._options()
        if kind == "token":
            glow["sectors"] = {tuple(o["sector"]) for o in opts if "sector" in o}
            return glow
        if kind == "card":
            if self._action("ability", {"card": uid}) is not None:
                glow["cities"] = set(self._move_targets(uid))
            return glow
        if {"card": uid} in opts:
            glow["strip"] = True
            return glow
        for a in self.actions:
            p = a.payload
            if a.kind == "play" and p["card"] == uid:
                glow["cities"].add(p["city"])
                if B.undefended(st, uid, p["city"], side):
                    glow["bonus"].add(p["city"])
            elif a.kind == "equip" and p["card"] == uid:
                glow["cards"].add(p["robot"])
            elif a.kind == "ability" and B.defn(st, p["card"]).timing == "on_discard":
                glow["abilities"].add(p["card"])
            elif a.kind == "instant" and p["card"] == uid:
                d = B.defn(st, uid)
                targets = []
                for step in d.effect:
                    if step.op in E.TARGETED:
                        targets = [t for t in E.step_targets(st, step, E.Env(side, uid, -1)) if isinstance(t, int)]
                        break
                if targets:
                    glow["cards"].update(targets)
                else:
                    glow["strip"] = True
        return glow

    def _move_targets(self, uid: int) -> list[int]:
        """The cities a card's move ability may take it to (board.destinations)."""
        from game.convoy.rules import board as B

        d = self._defn(uid)
        for step in d.effect:
            if step.op == "move" and step.self:
                return B.destinations(self.state, uid, step.to, self._city_of(uid))
        return []

    def _target_at(self, pos) -> tuple:
        for uid, rect in self.ability_rects.items():
            if rect.collidepoint(pos):
                return ("ability", uid)
        for uid, rect in reversed(list(self.slot_rects.items())):  # an Equipment's tab before its carrier
            if rect.collidepoint(pos):
                return ("card", uid)
        for (c, i), rect in self.sector_rects.items():
            if rect.collidepoint(pos):
                return ("sector", c, i)
        for (c, _s), rect in self.column_rects.items():
            if rect.collidepoint(pos):
                return ("city", c)
        for c, rect in self.city_rects.items():
            if rect.collidepoint(pos):
                return ("city", c)
        if self.view_rect.collidepoint(pos):
            return ("strip",)
        return ("none",)

    def _refused(self, kind: str, payload: dict, rule: str) -> bool:
        """The rules' reason for a refused action, with the rule behind it; False when legal."""
        from game.convoy.rules import flow

        why = flow.refusal(self.state, kind, payload)
        if why is None:
            return False
        self.say(str(why) + "  " + words.rule(rule))
        return True

    def _submit(self, kind: str, payload: dict, rule: str) -> bool:
        if self._refused(kind, payload, rule):
            return False
        action = self._action(kind, payload) or Action(kind, payload)
        return self.submit(action)

    def _answer(self, option: dict) -> bool:
        """Answer the question on screen with `option` when it is one of its options."""
        pend = self._pending()
        if pend is None or option not in pend["options"] or not self._mine():
            return False
        return self.submit(self._action(pend["kind"], option) or Action(pend["kind"], option))

    def drop(self, src: tuple[str, int], pos) -> None:
        """A drag let go over `pos`: the action it means, asked of the rules."""
        kind, uid = src
        target = self._target_at(pos)
        pend = self._pending()
        if kind == "hand" and pend is None and self.hand_rect.collidepoint(pos):
            # Put back: a card lifted and let go over the hand again goes back into it, as a
            # player changes their mind (it was refused in red: 'Drop Juggernaut into a city
            # column of your side.').
            self.message = ""
            self.dirty = True
            return
        if kind == "token":
            if target[0] == "sector" and self._answer({"sector": [target[1], target[2]]}):
                return
            self.say(_("Drop the Sector Battle token on an intact sector of the active city.") + "  " + words.rule("sector"))
            return
        if pend is not None:
            if kind == "hand" and self._answer({"card": uid}):
                return
            if target[0] == "card" and self._answer({"card": target[1]}):
                return
            if target[0] == "city" and self._answer({"city": target[1]}):
                return
            from game.convoy.rules import flow

            self.say(str(flow.refusal(self.state, "pass", {}) or pend["prompt"]) + "  " + words.rule("answer"))
            return
        if kind == "card":
            if target[0] != "city" or target[1] == self._city_of(uid):
                self.say(_("Drop {card} on another city to move it.").format(card=self._name(uid)))
                return
            if self._submit("ability", {"card": uid}, "ability"):
                pend = self._pending()
                if pend is not None and pend["kind"] == "pay":
                    # The move costs a discard: the city waits for the payment (a hand card
                    # clicked), then answers the destination question by itself.
                    self.intent = {"city": target[1]}
                    self.say(_("Discard a card to pay: click one in your hand (or drop it on the table)."), ok=True)
                elif not self._answer({"city": target[1]}) and self._pending() is not None:
                    self.say(_("{card} cannot move there: choose one of the lit cities.").format(card=self._name(uid)))
            return
        d = self._defn(uid)
        if target[0] == "ability":
            if self._submit("ability", {"card": target[1]}, "ability"):
                self._answer({"card": uid})
            return
        if d.type in ("robot", "soldier", "building"):
            city = target[1] if target[0] == "city" else self._city_of(target[1]) if target[0] == "card" else -1
            if city < 0:
                self.say(_("Drop {card} into a city column of your side.").format(card=card_name(d.name)) + "  " + words.rule("play"))
                return
            self._submit("play", {"card": uid, "city": city}, "play")
            return
        if d.type == "equipment":
            if target[0] != "card":
                self.say(_("Drop {card} onto one of your Robots.").format(card=card_name(d.name)) + "  " + words.rule("equip"))
                return
            self._submit("equip", {"card": uid, "robot": target[1]}, "equip")
            return
        if d.type == "instant":
            lit = self._glow_for(("hand", uid))["cards"]
            if lit and target[0] == "card" and target[1] not in lit:
                # A targeted Instant dropped on a card it may not target: refused before it is
                # played (dropped on a Crusher, a Sniper was played and its one legal target,
                # an Overseer in another city, was killed).
                self.say(_("{card} cannot target {target}: drop it on one of the lit cards.").format(
                    card=card_name(d.name), target=self._name(target[1])) + "  " + words.rule("instant"))
                return
            if self._submit("instant", {"card": uid}, "instant"):
                if target[0] == "card":
                    self._answer({"card": target[1]})
                elif target[0] == "city":
                    self._answer({"city": target[1]})
                elif target[0] == "sector":
                    self._answer({"sector": [target[1], target[2]]})
            return
        self.say(_("{card} is not played from the hand.").format(card=card_name(d.name)))

    # ------------------------------------------------------------------ input: clicks
    def click_card(self, card: str):
        """A click on a hand card or a pile (the kit's card rects)."""
        if card.startswith("pile:"):
            return self.title_command("browse:" + card.split(":", 1)[1])
        uid = int(card)
        if self._answer({"card": uid}):
            return None
        if self._mine():
            d = self._defn(uid)
            if not any(a.payload.get("card") == uid for a in self.actions if a.kind in ("play", "instant", "equip")) \
                    and self._hand_refused(uid):
                return None  # a card that cannot be played now: why, in the rules' words
            how = {"robot": _("drag it into a city column"), "soldier": _("drag it into a city column"),
                   "building": _("drag it into a city column"), "equipment": _("drag it onto one of your Robots"),
                   "instant": _("drag it onto its target")}.get(d.type, "")
            self.say(_("{card}: {how}.").format(card=card_name(d.name), how=how), ok=True)
        return None

    def _hand_refused(self, uid: int) -> bool:
        """Why hand card `uid` cannot be played now, said (True), from the rules' one check:
        a unit asked of the active city, Equipment of a Robot on the table, an Instant as it is
        (a dimmed Move clicked read 'Move: drag it onto its target.' in green)."""
        from game.convoy.rules import board as B

        d, st = self._defn(uid), self.state
        if d.type == "instant":
            return self._refused("instant", {"card": uid}, "instant")
        if d.type == "equipment":
            robots = [u for c in range(len(st.flipped)) if not st.flipped[c] for u in st.slots[c][0]
                      if self._defn(u).type == "robot"]
            if not robots and st.phase == "V":
                self.say(_("Drop {card} onto one of your Robots.").format(card=card_name(d.name)) + "  " + words.rule("equip"))
                return True
            return self._refused("equip", {"card": uid, "robot": robots[0] if robots else uid}, "equip")
        return self._refused("play", {"card": uid, "city": B.active_city(st)}, "play")

    def click_view(self, pos):
        if self.browse is not None:
            self.browse = None
            self.dirty = True
            return None
        target = self._target_at(pos)
        if target[0] == "ability":
            self._submit("ability", {"card": target[1]}, "ability")
            return None
        if self._pending() is not None and self._mine():
            if target[0] in ("card", "city"):
                if self._answer({target[0]: target[1]}):
                    return None
            if target[0] == "sector" and (self._answer({"sector": [target[1], target[2]]}) or self._answer({"city": target[1]})):
                return None
            if target[0] != "strip":
                self.say(_("Not an answer to the question: {prompt}").format(prompt=str(self._pending()["prompt"])))
        elif target[0] == "card" and self._mine():
            # A card in play clicked: what it can do now, in the rules' words (it said nothing:
            # 'Juggernaut has no ability you can use.', a Hunter of the other side's not yours).
            uid = target[1]
            if not self._refused("ability", {"card": uid}, "ability"):
                if self._move_targets(uid):
                    self.say(_("Drop {card} on another city to move it.").format(card=self._name(uid)), ok=True)
                else:
                    self.say(_("{card}: use its ability with the \u26a1 button on the card.").format(card=self._name(uid)),
                             ok=True)
        return None

    def card_art(self, card: str) -> tuple:
        """A card's picture: the motifs of what its steps do (convoy/card_art.py), drawn on
        Convoy's own face over its faint emblem (cards.draw_card). `card`: a card id, or a hand
        card's key as the kit names it (its number in the state)."""
        from game.ui.convoy.card_art import card_motifs

        if card.isdigit() and int(card) < len(self.state.ids):
            card = self.state.ids[int(card)]
        return card_motifs(self.content, card)

    def hovered_card(self) -> tuple[str, pygame.Rect] | None:
        """The card shown large under the pointer, with its rect: in a browsed pile, the hand or
        a city (a pile's top card is not: a click browses it)."""
        pos = self.mouse
        hovered: tuple[str, pygame.Rect] | None = None
        if pos is None:
            return None
        if self.browse is not None:
            for uid, rect in self.browse_rects:
                if rect.collidepoint(pos):
                    hovered = (str(uid), rect)
        if hovered is None and self.handoff is None:
            for uid, shown, whole in self.hand_rects:
                if shown.collidepoint(pos):
                    hovered = (str(uid), whole)
            for uid, rect in self.slot_rects.items():
                if rect.collidepoint(pos):
                    hovered = (str(uid), rect)
            if hovered is None:  # a city card, shown large as a hand card is (its sectors' names)
                for c, rect in self.city_rects.items():
                    if rect.collidepoint(pos):
                        hovered = (f"{CITY_CARD}{c}", rect)
        return hovered

    def hover(self, pos) -> None:
        hovered = self.hovered_card()  # the kit set the pointer to pos
        if hovered != self._hover_card:
            self._hover_card = hovered
            self.dirty = True
        if self._over_strength(pos) != self._over_strength(self._strength_seen):
            self.dirty = True  # the strength breakdown comes or goes (a local part)
        self._strength_seen = pos

    def _over_strength(self, pos) -> bool:
        return self.strength_rect is not None and pos is not None and self.strength_rect.collidepoint(pos) and not self.steps

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._layout(surface.get_size())
        # A frame where only the clock moved things (dice rolling) or the pointer moved onto the
        # strength box: those rectangles drawn again, the play area under them clipped to them.
        if type(self).draw is ConvoyTable.draw and self.draw_moving(surface, self._draw_play_layer):
            return
        surface.fill(self.table_colour())
        self.draw_table(surface, self._draw_play, self._draw_over)

    def table_colour(self) -> tuple[int, int, int]:
        return (20, 22, 26)

    def frame_key(self) -> tuple:
        return (self.browse, self.drag_live, self.press_src, self.intent, len(self.steps), self.battle_city)

    def view_key(self) -> tuple:
        """What the play area shows (`_draw_play`: the opponent's strip, the cities, the battle
        stations, the battle panel) as numbers the rules compute, read once per change of the
        game: an action that changes none of it (a card drawn into the person's hand, a phase
        passed, a log line) draws the strips that changed, not the play area."""
        memo = self._view_memo
        if memo[0] != self.state_version:
            self._view_memo = (self.state_version, self._state_shown())
        return self._view_memo[1], repr(self.glow)  # a drag's glow

    def _state_shown(self) -> tuple:
        """view_key's part read from the game (once per change)."""
        from game.convoy.rules import board as B
        from game.convoy.rules.view import deck_size, hand_size

        st = self.state
        decider = self.session.decider
        mine = self._mine()
        top = SIDE_INDEX[self.top]
        cities = []
        for c in range(len(st.slots)):
            sides = []
            for side in (0, 1):
                uids = tuple(st.slots[c][side])
                cards_ = tuple((u, st.ids[u], tuple(st.tokens.get(u, ())), st.equip.get(u), u in st.used,
                                B.is_disabled(st, u)) for u in uids)
                sides.append((cards_, B.stations(st, c, side), B.used_stations(st, c, side),
                              None if st.flipped[c] else B.side_strength(st, c, side)))
            cities.append((st.flipped[c], tuple(st.sector_down[c]), tuple(sides)))
        a = B.active_city(st)
        battle = (a, st.battle_sector, st.feature_used, st.outcome, st.win_by,
                  B.tie_breaker(st, a) if a >= 0 else None, tuple(B.sector_ids(st, a)) if a >= 0 else None)
        abilities = tuple(a_.payload.get("card") for a_ in self.actions if a_.kind == "ability") if mine else ()
        pile = st.discard[top]
        opponent = (top, self.is_bot(PLAYERS[top]), hand_size(st, top), deck_size(st, top), len(pile),
                    st.ids[pile[-1]] if pile else None)
        pend = self._pending()
        # Who decides and what is asked light things only for the person deciding (the Sector
        # Battle token to drag, the ability buttons, the options).
        asked = (decider, abilities, tuple(map(repr, self._options())), pend and (pend["kind"], pend["decider"])) \
            if mine else None
        return tuple(cities), battle, opponent, mine, asked, self.bottom

    def hand_key(self) -> tuple:
        """The hand strip: the person's piles (`_draw_hand`) and the hand row drawn over it
        (`_draw_hand_row`): the cards face up only for the seat they belong to (a hidden hand:
        how many), which of them light, and the glow of a drag (the frame's key)."""
        from game.convoy.rules.view import deck_size

        st = self.state
        side = self.bottom
        s = SIDE_INDEX[side]
        hidden = self.handoff is not None or bool(self._humans() and self.viewer != side)
        mine = self._mine() and self.session.decider == side
        hand = tuple(st.ids[u] for u in st.hand[s]) if not hidden else len(st.hand[s])
        lit = None
        if mine and not hidden:
            lit = (tuple(map(repr, self._options())), tuple(repr(a.payload) for a in self.actions
                                                           if a.kind in ("play", "instant", "equip", "ability")))
        pile = st.discard[s]
        return (side, hidden, hand, tuple(st.hand[s]) if not hidden else None, mine, lit, deck_size(st, s), len(pile),
                st.ids[pile[-1]] if pile else None, repr(self.glow), tuple(self.hand_rect), self.viewer)

    def local_parts(self) -> dict:
        """The strength breakdown beside the strength box while the pointer is on it, and the
        card shown large under the pointer (a hand card, a card in a city or a browsed pile, a
        city card): the pointer onto another card draws the old and the new card's rectangles
        over the play area's layer, not the whole frame (it had drawn every card face and city
        again at each hover change, 2-3 ms)."""
        panel = self._strength_panel()
        return {"strength": (panel and (tuple(panel[0]), panel[1]), [panel[0]] if panel else []),
                "card": self._hover_part()}

    def _hover_part(self) -> tuple:
        """The card shown large under the pointer as a part: (what it shows, its rectangles)."""
        hover = self._hover_card  # as drawn (draw_moving reads it again before the parts)
        if hover is None or self.drag_live or not self._enlarged_shows():
            return None, []
        rect = self._hover_rect(*hover)
        if rect is None:
            return None, []
        return (hover[0], tuple(hover[1]), tuple(rect)), [rect.union(self._shadow_rect(rect))]

    # What drawing the play area lays out (the targets of clicks and drops, the cards the pointer
    # shows large), given back when the play area is blitted from its layer.
    PLAY_RECORDS = ("slot_rects", "ability_rects", "column_rects", "sector_rects", "city_rects", "token_rect",
                    "token_label_rect", "strength_rect", "card_rects")

    def play_key(self) -> tuple:
        """Everything the play area shows: what of the state it shows and a drag's glow
        (`view_key`), the table's own fields it reads (`frame_key`: a dragged card or token, the
        battle on show), who sits at the desk, the settings (the language, the text size, the
        palette), the scale and the fonts' language (a Greek table takes other sizes), the
        view's place and the window's size."""
        from game.i18n import language

        return (self.view_key(), self.frame_key(), self.viewer, self.bottom, self.session.is_over(), self.ctx.settings,
                self.ctx.scale, language(), tuple(self.view_rect), self._size)

    def _draw_play_layer(self, surface) -> None:
        """The play area from its layer while `play_key` stays, else drawn (`_paint_play`); the
        rects it laid out are given back either way."""
        def paint(target) -> dict:
            self._paint_play(target)
            return {name: getattr(self, name) for name in self.PLAY_RECORDS} | {"pile": self.pile_rects.get(self.top)}

        drawn = self.play_layer.drawn
        kept = self.play_layer.draw(surface, self.view_rect, self.play_key(), paint)
        if self.play_layer.drawn == drawn and kept is not None:  # blitted: its rects as drawn
            for name in self.PLAY_RECORDS:
                value = kept[name]
                setattr(self, name, dict(value) if isinstance(value, dict) else value)
            if kept["pile"] is not None:
                self.pile_rects[self.top] = kept["pile"]

    def _draw_play(self, surface) -> None:
        self._draw_play_layer(surface)
        self.show_sprites(surface, [])  # no figures: the play area is the base of frames drawn in part

    def _paint_play(self, surface) -> None:
        pygame.draw.rect(surface, (30, 34, 38), self.view_rect)
        self.slot_rects, self.ability_rects, self.column_rects, self.sector_rects, self.city_rects = {}, {}, {}, {}, {}
        self.token_rect, self.token_label_rect, self.strength_rect = None, None, None
        self.card_rects = {}  # the piles (both sides) and the hand row's cards, drawn after this
        self._draw_opponent(surface)
        self._draw_cities(surface)
        for zone, side in (("far", self.top), ("near", self.bottom)):
            for c, col in enumerate(self._columns(self.zones[zone])):
                self._draw_column(surface, col, c, SIDE_INDEX[side], zone == "far")
        self._draw_battle(surface)

    def _draw_opponent(self, surface) -> None:
        """The opponent's strip: name, hand as card backs with a count, deck and discard."""
        from game.convoy.rules.view import hand_size

        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        r = self.zones["opponent"]
        side = self.top
        s = SIDE_INDEX[side]
        pygame.draw.rect(surface, (26, 28, 33), r)
        name = self.player_name(side) + ("  (" + _("AI") + ")" if self.is_bot(side) else "")
        x = widgets.text(surface, name, ctx.font(17, bold=True), self.colour_of(side), (r.left + px(14), r.centery), "midleft").right
        n = hand_size(st, s)
        ch = r.height - px(10)
        cw, _h = cards.card_size(ch)
        x += px(18)
        step = max(px(10), min(cw // 2, px(22)))
        for i in range(n):
            cards.draw_back(surface, ctx, pygame.Rect(x + i * step, r.top + px(5), cw, ch), side)
        x += (n - 1) * step + cw + px(10) if n else 0
        right = widgets.text(surface, _("1 card in hand") if n == 1 else _("{n} cards in hand").format(n=n), ctx.font(14, bold=True),
                             pal.text, (x, r.centery), "midleft").right
        self._draw_piles(surface, side, pygame.Rect(max(right + px(16), r.right - px(330)), r.top, px(320), r.height), small=True)

    def _draw_piles(self, surface, side: str, r: pygame.Rect, small: bool = False) -> None:
        """A side's deck (with its count; Moloch's in gold: it is the win condition) and its
        discard pile (the top card, a click browses it). `small`: the opponent's strip, the
        counts beside the cards; else the counts on them and the names under them."""
        from game.convoy.rules.view import deck_size

        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        s = SIDE_INDEX[side]
        gold = (255, 220, 120)
        pile = st.discard[s]
        n = deck_size(st, s)
        if small:
            ch = r.height - px(10)
            cw, _h = cards.card_size(ch)
            deck = pygame.Rect(r.left + px(8), r.top + px(5), cw, ch)
            disc = pygame.Rect(deck.right + px(80), deck.top, cw, ch)
        else:
            ch = min(r.height - px(22), px(130), round((r.width - px(30)) / 2 * cards.RATIO))
            cw, _h = cards.card_size(ch)
            deck = pygame.Rect(r.left + px(8), r.top + px(4), cw, ch)
            disc = pygame.Rect(deck.right + px(12), deck.top, cw, ch)
        if n:
            cards.draw_back(surface, ctx, deck, side)
        else:
            pygame.draw.rect(surface, (60, 62, 68), deck, 1, border_radius=px(6))
        if pile:
            # The own pile's count stands on its top card's middle: there the card keeps its emblem
            # alone (the count over the marks read '1 1' for an Annihilator's '−1'); the browsed
            # pile shows each card's marks.
            cards.draw_card(surface, ctx, disc, self.content, st.ids[pile[-1]], state="dim" if small else "normal",
                            motifs=self.card_art(st.ids[pile[-1]]) if small else ())
        else:
            pygame.draw.rect(surface, (60, 62, 68), disc, 1, border_radius=px(6))
        colour = gold if side == "moloch" else pal.text
        if small:
            label = widgets.text(surface, str(n), ctx.font(20, bold=True), colour, (deck.right + px(6), deck.top), "topleft")
            widgets.text(surface, _("deck"), ctx.font(12), pal.text_dim, (deck.right + px(6), label.bottom), "topleft")
            widgets.text(surface, str(len(pile)), ctx.font(15, bold=True), pal.text, (disc.right + px(6), disc.top), "topleft")
            widgets.text(surface, _("discard"), ctx.font(12), pal.text_dim, (disc.right + px(6), disc.top + px(18)), "topleft")
        else:
            for rect, count, name, col in ((deck, n, _("deck"), colour), (disc, len(pile), _("discard"), pal.text)):
                font = ctx.font(22 if col == gold else 17, bold=True)
                badge = pygame.Rect(0, 0, font.size(str(count))[0] + px(12), font.get_linesize() + px(2))
                badge.center = rect.center
                pygame.draw.rect(surface, (16, 16, 20), badge, border_radius=px(6))
                widgets.text(surface, str(count), font, col, badge.center, "center")
                widgets.text(surface, name, ctx.font(12), pal.text_dim, (rect.centerx, rect.bottom + px(2)), "midtop")
        self.pile_rects[side] = disc
        self.card_rects[f"pile:{side}"] = disc

    def _city_look(self, c: int) -> dict:
        """How city `c` lies on the table: cards.draw_city's arguments besides its place."""
        from game.convoy.rules import board as B

        st = self.state
        a = B.active_city(st)
        return dict(destroyed=B.fallen(st, c), sectors_destroyed=tuple(i for i, d in enumerate(st.sector_down[c]) if d),
                    battle_sector=st.battle_sector if c == a and st.battle_sector >= 0 else None,
                    feature_used=st.feature_used and c == a,
                    extra_sector=len(st.sector_down[c]) > len(self.content.cities[c].sectors))

    def _draw_cities(self, surface) -> None:
        from game.convoy.rules import board as B

        ctx, px, st = self.ctx, self.ctx.px, self.state
        a = B.active_city(st)
        opts = self._options()
        lit_sectors = self.glow.get("sectors") or {tuple(o["sector"]) for o in opts if "sector" in o}
        lit_cities = self.glow.get("cities", set()) | {o["city"] for o in opts if "city" in o and o["city"] >= 0}
        for c, col in enumerate(self._columns(self.zones["cities"])):
            city = self.content.cities[c]
            rect = col.inflate(-px(4), -px(8))
            if c == a:
                pygame.draw.rect(surface, GLOW, rect.inflate(px(10), px(10)), px(3), border_radius=px(12))
            look = self._city_look(c)
            battle = look["battle_sector"]
            secs = cards.draw_city(surface, ctx, rect, self.content, city.id, **look)
            self.city_rects[c] = rect
            for i, sr in enumerate(secs):
                self.sector_rects[(c, i)] = sr
                if (c, i) in lit_sectors:
                    pygame.draw.rect(surface, GLOW, sr.inflate(px(4), px(4)), px(3), border_radius=px(5))
                if battle == i:
                    self.token_rect = pygame.Rect(0, 0, px(26), px(26))
                    self.token_rect.center = (sr.centerx, sr.bottom)
            if c in lit_cities:
                pygame.draw.rect(surface, GLOW, rect.inflate(px(4), px(4)), px(3), border_radius=px(10))

    def _token_waits(self) -> bool:
        """Phase II and the person at the table chooses the contested sector: the Sector Battle
        token waits in the Battle panel, to be dragged onto a sector."""
        pend = self._pending()
        return pend is not None and pend["kind"] == "sector" and pend["decider"] == self.session.decider \
            and self._mine()

    def _draw_waiting_token(self, surface, x: int, y: int, w: int, font) -> int:
        """The waiting token at the Battle panel's left with "drag onto a sector" beside it, under
        the strengths: it covers no city card (their sectors and win texts stay readable). While
        it is dragged only the label stays (the token follows the pointer). Returns the y below."""
        px = self.ctx.px
        self.token_rect = pygame.Rect(x, y + px(2), px(34), px(34))
        lines = widgets.wrap(_("drag onto a sector"), font, max(px(40), w - px(44)))[:2]
        line_h = font.get_linesize()
        label = pygame.Rect(self.token_rect.right + px(8), 0, max(font.size(t)[0] for t in lines), line_h * len(lines))
        label.centery = self.token_rect.centery
        for i, t in enumerate(lines):
            widgets.text(surface, t, font, GLOW, (label.left, label.top + i * line_h))
        self.token_label_rect = label
        if not (self.press_src and self.press_src[0] == "token" and self.drag_live):
            self._draw_token(surface, self.token_rect.center)
        return max(self.token_rect.bottom, label.bottom) + px(8)

    def _draw_token(self, surface, centre) -> None:
        px = self.ctx.px
        pygame.draw.circle(surface, (220, 60, 40), centre, px(16))
        pygame.draw.circle(surface, (250, 240, 220), centre, px(16), px(3))
        widgets.text(surface, "\u2694", self.ctx.font(15, bold=True), (250, 240, 220), centre, "center")

    def _grid(self, col: pygame.Rect, n: int, items: tuple[int, ...] = ()) -> tuple[list[pygame.Rect], int, int]:
        """n card faces in a column, as large as fit, in 1 to 3 columns; with how far each
        face's Equipment tab reaches below it and how wide a tab may be (equipment_tab).
        `items`: the Equipment carried there; the faces then spread over the column's width (a
        tab two lines wide instead of three) and make room under their name bands for the
        tallest tab at the least size when they keep 4/5 of their size (and 64 pixels, room for
        the token badges between the printed strength and the name). A battle column at
        1280x720 has no height to spare: its faces keep their size and the tab is a stub under
        the name band (below -1, equipment_stub) (shrunk faces were too small to read, and a
        tab with the name over the face's foot covered the Robot's name and token badges)."""
        px = self.ctx.px
        gap = px(6)

        def pitch(w: int, cols: int) -> int:
            return max(w, min((col.width - gap * (cols + 1)) // cols, w * 8 // 5)) if items else w

        def best(room: bool) -> tuple[int, int, int]:
            top: tuple[int, int, int] = (0, 1, 0)
            for cols in (1, 2, 3):
                rows = math.ceil(max(1, n) / cols)
                row = (col.height - gap * (rows + 1)) // rows
                w = (col.width - gap * (cols + 1)) // cols
                h = min(row, round(w * cards.RATIO))
                tab = self.tab_room(items, pitch(cards.card_size(h)[0], cols) + gap // 2) if room else 0
                while h > 8 and h + max(0, self.tab_below(h, tab)) > row:
                    h -= 1
                if h > top[0]:
                    top = (h, cols, tab)
            return top

        h, cols, tab = best(False)
        if items:
            roomy = best(True)
            # room under the faces when they keep 4/5 of their size and room for token badges
            if roomy[0] * 5 >= h * 4 and roomy[0] >= px(64):
                h, cols, tab = roomy
        w, h = cards.card_size(max(8, h))
        below = self.tab_below(h, tab)
        rows = math.ceil(max(1, n) / cols)
        wide = pitch(w, cols)
        total_w = cols * wide + (cols - 1) * gap
        total_h = rows * (h + max(0, below)) + (rows - 1) * gap
        x0 = col.centerx - total_w // 2 + (wide - w) // 2
        y0 = col.centery - total_h // 2
        faces = [pygame.Rect(x0 + (i % cols) * (wide + gap), y0 + (i // cols) * (h + max(0, below) + gap), w, h)
                 for i in range(n)]
        return faces, below, wide + gap // 2

    def tab_below(self, h: int, tab: int) -> int:
        """How far a `tab` pixels high Equipment tab reaches below a face `h` pixels high: it
        begins under the face's name band and may take the gap to the next row but 2 pixels
        (-1: no tab)."""
        if not tab:
            return -1
        w, h = cards.card_size(h)
        foot = h - cards._layout(w, h)["name"].bottom - 1
        return max(0, tab - foot - self.ctx.px(4))

    def tab_room(self, items: tuple[int, ...], wide: int) -> int:
        """The height the tallest tab naming one of `items` needs `wide` pixels wide at the
        least size (0: no Equipment)."""
        px = self.ctx.px
        tall = 0
        for eq in items:
            lines, font, whole = self.equipment_label(eq, wide - px(4), largest=8)
            if not whole:
                lines, font, whole = self.equipment_label(eq, wide - px(4), 3, largest=8)
            tall = max(tall, len(lines) * font.get_linesize() + px(2))
        return tall

    def equipment_tab(self, face: pygame.Rect, eq: int, below: int, wide: int) -> tuple[pygame.Rect, tuple[str, ...], pygame.font.Font]:
        """The tab naming a Robot's Equipment, `wide` pixels wide, tucked under the face from
        below its name band (it lay over the name band, and on a battle column's small faces at
        1280x720 its three lines over half the card): the room there is the face's foot, the
        `below` pixels the column keeps under it and the gap to the next row but 2; the name in
        the largest size that holds it whole in that room on two lines (a third when two
        cannot); where there is no room under the face, a stub (equipment_stub)."""
        px = self.ctx.px
        band = cards._layout(face.width, face.height)["name"].move(face.topleft)
        if below < 0:
            return self.equipment_stub(face, band, eq)
        tall = face.bottom + below + px(4) - band.bottom - 1
        for largest in range(11, 7, -1):
            lines, font, whole = self.equipment_label(eq, wide - px(4), largest=largest)
            if not whole:
                lines, font, whole = self.equipment_label(eq, wide - px(4), 3, largest=largest)
            if len(lines) * font.get_linesize() + px(2) <= tall:
                break
        high = max(len(lines) * font.get_linesize() + px(2), face.bottom + below - band.bottom - 1)
        return pygame.Rect(face.centerx - wide // 2, band.bottom + 1, wide, high), lines, font

    def equipment_stub(self, face: pygame.Rect, band: pygame.Rect, eq: int) -> tuple[pygame.Rect, tuple[str, ...], pygame.font.Font]:
        """Where the column has no room under its faces (a battle column at 1280x720), the
        Equipment shows as a short tab peeking from under the Robot's foot: a gear and its
        strength, the name on hover (the pointer over the tab shows the Equipment's card). The
        tab with the name lay over the face's lower half, the Robot's name and its token
        badges under it. The tab keeps left of the face's placeholder mark and takes the gap to
        the next row but 2 pixels."""
        px = self.ctx.px
        text = f"\u2699+{self._defn(eq).strength}"
        top, bottom = band.bottom + 1, face.bottom + px(4)
        for size in range(11, 6, -1):
            font = self.ctx.font(size, bold=True)
            if font.get_height() <= bottom - top + 2:
                break
        w = font.size(text)[0] + px(6)
        tab = pygame.Rect(0, top, w, bottom - top)
        tab.centerx = face.centerx
        tab.right = min(tab.right, face.right - max(self.ctx.px(9), face.width // 4))
        tab.left = max(tab.left, face.left + 1)
        return tab, (text,), font

    def _draw_column(self, surface, col: pygame.Rect, c: int, s: int, far: bool) -> None:
        """One side's battle stations in city c: its cards and empty (outlined) stations."""
        from game.convoy.rules import board as B

        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        side = PLAYERS[s]
        tint = (60, 30, 30) if side == "moloch" else (30, 56, 36)
        inner = col.inflate(-px(2), -px(6))
        pygame.draw.rect(surface, tint, inner, border_radius=px(8))
        self.column_rects[(c, s)] = inner
        printed = self.content.cities[c].stations[s]
        now = B.stations(st, c, s)
        uids = list(st.slots[c][s])
        used = B.used_stations(st, c, s)
        free = max(0, now - used)
        lost = max(0, printed - now) if not st.flipped[c] else 0
        head = pygame.Rect(inner.left, inner.top if far else inner.bottom - px(22), inner.width, px(22))
        places, below, wide = self._grid(pygame.Rect(inner.left, inner.top + (px(22) if far else 0), inner.width,
                                                    inner.height - px(22)), len(uids) + free + lost,
                                        tuple(st.equip[u] for u in uids if u in st.equip))
        if c in self.glow.get("cities", ()) and s == SIDE_INDEX.get(self.session.decider or "", -1):
            pygame.draw.rect(surface, GLOW, inner, px(3), border_radius=px(8))
        opts = {o.get("card") for o in self._options()}
        offline = st.flipped[c]
        for i, uid in enumerate(uids):
            rect = places[i]
            lit = uid in self.glow.get("cards", ()) or uid in opts or uid in self.glow.get("abilities", ())
            dragged = self.drag_live and self.press_src == ("card", uid)
            look = "offline" if offline else "dim" if dragged else "selected" if lit else "normal"
            cards.draw_card(surface, ctx, rect, self.content, st.ids[uid], state=look, motifs=self.card_art(st.ids[uid]),
                            clear_left=self.token_column(rect, uid))
            if lit:
                pygame.draw.rect(surface, GLOW, rect.inflate(px(4), px(4)), px(3), border_radius=px(6))
            self.slot_rects[uid] = rect  # before its Equipment's tab: the pointer on the tab finds the Equipment
            self._card_marks(surface, rect, uid, c, s, (below, wide))
        for j in range(free):
            rect = places[len(uids) + j]
            pygame.draw.rect(surface, (150, 110, 100) if side == "moloch" else (110, 160, 120), rect, 1, border_radius=px(6))
        for j in range(lost):
            rect = places[len(uids) + free + j]
            pygame.draw.rect(surface, (60, 60, 64), rect, border_radius=px(6))
            lines, font = self.lost_word(rect.width - px(4), rect.height - px(4))
            step = font.get_linesize()
            for n, line in enumerate(lines):
                widgets.text(surface, line, font, pal.text_dim,
                             (rect.centerx, rect.centery + (2 * n - len(lines) + 1) * step // 2), "center")
        if c in self.glow.get("bonus", ()) and s == SIDE_INDEX.get(self.session.decider or "", -1):
            badge = pygame.Rect(0, 0, px(44), px(28))
            badge.center = (inner.centerx, head.centery)
            pygame.draw.rect(surface, BONUS, badge, border_radius=px(8))
            widgets.text(surface, "+1", ctx.font(16, bold=True), (20, 40, 20), badge.center, "center")
        if offline and uids:
            widgets.text(surface, _("offline"), ctx.font(12, bold=True), (200, 120, 110), (head.left + px(8), head.centery), "midleft")
        if not offline:
            left, right, font = self.column_heading(head.width, B.side_strength(st, c, s), used, now)
            widgets.text(surface, left, ctx.font(12, bold=True), self.colour_of(side), (head.left + px(8), head.centery), "midleft")
            widgets.text(surface, right, font, pal.text_dim, (head.right - px(8), head.centery), "midright")

    def lost_word(self, width: int, height: int | None = None) -> tuple[list[str], pygame.font.Font]:
        """'lost' on a station a card took away, in `width` pixels: one line at 11 down to 8,
        else broken between syllables into the station's `height` ('elvesz-' 'ett'), else cut
        (at 1280x720 the Hungarian 'elveszett' ran out of its station, then showed as 'elvesz…')."""
        word = _("lost")
        sizes = (11, 10, 9, 8)
        for size in sizes:
            font = self.ctx.font(size)
            if font.size(word)[0] <= width:
                return [word], font
        for size in sizes:
            font = self.ctx.font(size)
            lines = widgets.wrap(word, font, width, hyphenate=True)
            if all(font.size(line)[0] <= width for line in lines) and (
                    height is None or len(lines) * font.get_linesize() <= height):
                return lines, font
        return [widgets.elide(word, font, width)], font

    def column_heading(self, width: int, strength: int, used: int, now: int) -> tuple[str, str, pygame.font.Font]:
        """A side's column heading in `width` pixels: its strength and its stations in use, in
        words as far as they fit ('strength 3', then '\u2694 3'; 'stations 1/3' down to a smaller
        size); the bare '1/3' only when even that has no room (at 1280x720 it showed alone, a
        number nobody could name, in columns that had the room for the word)."""
        ctx, px = self.ctx, self.ctx.px
        room = width - px(16) - px(10)
        bold = ctx.font(12, bold=True)
        words, sign = _("strength {n}").format(n=strength), "\u2694 {n}".format(n=strength)
        stations = _("stations {used}/{all}").format(used=used, all=now)
        for left, size in ((words, 11), (sign, 11), (sign, 10), (sign, 9)):
            font = ctx.font(size)
            if bold.size(left)[0] + font.size(stations)[0] <= room:
                return left, stations, font
        return sign, "{used}/{all}".format(used=used, all=now), ctx.font(11)

    def card_marks(self, uid: int) -> list[str]:
        """The marks of a card on the table, as message ids: 'used' (its once-a-round ability
        this round) and 'off' (switched off), 'off' last."""
        from game.convoy.rules import board as B

        st = self.state
        return [m for m, on in (("used", uid in st.used), ("off", B.is_disabled(st, uid))) if on]

    def mark_place(self, rect: pygame.Rect, uid: int, marks: list[str], tokens: list[pygame.Rect],
                   foot: int) -> tuple[pygame.Rect, list[str], pygame.font.Font]:
        """Where the used / switched-off marks of card `uid` on the face `rect` go, their lines
        and font: in the picture, above `foot` (the name band, or the Equipment tab), as large
        as the face's width and the room under the printed strength let them (down to 8; then a
        mark a line, then the last mark alone, elided), at the picture's middle, else the place
        nearest it clear of the corner badges and the token badges (on a face too crowded for
        both, of the corner badges). At the face's middle they lay over the name of a battle
        column's small face at 1280x720, and 'used / off' reached over the next card."""
        px = self.ctx.px
        L = self.face_layout(rect, uid)
        corners = [r.move(rect.topleft) for r in (cards.strength_badge_rect(L), cards.timing_icon_rect(L))]
        width, tall = rect.width - 2 - px(6), foot - corners[0].bottom
        ways: list[list[str]] = []  # the marks' words, then their short words (the words on hover)
        for said in ([mark_word(m) for m in marks], [mark_word(m, short=True) for m in marks]):
            for way in [[" / ".join(said)]] + ([said, [said[-1]]] if len(said) > 1 else []):  # 'off' last: it counts more
                if way not in ways:
                    ways.append(way)
        font, lines = self.ctx.font(8, bold=True), [widgets.elide(ways[-1][-1], self.ctx.font(8, bold=True), width)]
        found = False
        for way in ways:
            for size in range(11, 7, -1):
                f = self.ctx.font(size, bold=True)
                if max(f.size(t)[0] for t in way) <= width and f.get_linesize() * len(way) + 2 <= tall:
                    font, lines, found = f, way, True
                    break
            if found:
                break
        for size in range(11, 7, -1) if not found else ():  # the short word broken between syllables (125%)
            f = self.ctx.font(size, bold=True)
            way = widgets.wrap(ways[-1][-1], f, width, hyphenate=True)
            if max(f.size(t)[0] for t in way) <= width and f.get_linesize() * len(way) + 2 <= tall:
                font, lines = f, way
                break
        box = pygame.Rect(0, 0, min(rect.width - 2, max(font.size(t)[0] for t in lines) + px(6)),
                          font.get_linesize() * len(lines) + 2)
        top, bottom = corners[0].bottom, foot  # the box's top and bottom may reach these
        middle = (top + bottom) // 2 - box.height // 2
        heights = sorted(range(rect.top + 1, bottom - box.height + 1), key=lambda y: abs(y - middle))
        lefts = [rect.centerx - box.width // 2, rect.right - 1 - box.width, rect.left + 1]
        for keep in (corners + tokens, corners):
            for y in heights:
                for x in lefts:
                    box.topleft = (x, y)
                    if box.collidelist(keep) < 0:
                        return box, lines, font
        box.centerx = rect.centerx
        box.top = max(rect.top + 1, min(middle, bottom - box.height))
        return box, lines, font

    def token_places(self, rect: pygame.Rect, n: int, uid: int | None = None) -> tuple[int, list[tuple[int, int]]]:
        """The radius and centres of `n` token badges on the card face `rect`: down its left
        edge from a third of its height and below the printed strength (on a small face a +1 lay
        over half of the '2'), a new column to the right when the next would reach the name band
        (on a battle column's small faces at 1280x720 a second +1 covered the name)."""
        px = self.ctx.px
        r = max(px(8), rect.width // 8)
        step = 2 * r + 2
        L = self.face_layout(rect, uid)
        band = rect.top + L["name"].top
        below_strength = rect.top + cards.strength_badge_rect(L).bottom + r + 1
        top = max(rect.top + rect.height // 3, below_strength)
        if top + r > band:  # too small a face for both: the name band stays clear, the badge overlaps the art
            top = band - r - 1
        per_column = max(1, (band - top - r) // step + 1)
        return r, [(rect.left + r + 1 + (k // per_column) * step, top + (k % per_column) * step) for k in range(n)]

    def token_column(self, rect: pygame.Rect, uid: int) -> int:
        """How far from the face's left its token badges reach (0: none), for the face to draw
        its picture's marks right of them (cards.motif_box)."""
        values = self.token_badges(rect, uid)
        if not values:
            return 0
        r, centres = self.token_places(rect, len(values), uid)
        return max(x + r for x, _y in centres) - rect.left + 1

    def token_badges(self, rect: pygame.Rect, uid: int) -> tuple[int, ...]:
        """The values the badges on card `uid`'s face `rect` show: one a token while their
        columns stay on the face, else the tokens summed by sign (a Robot with eight tokens
        spilled its badges over the next card and into the next city's column at 1280x720; the
        strength breakdown still lists them)."""
        values = tuple(self.state.tokens.get(uid, ()))
        r, centres = self.token_places(rect, len(values), uid)
        if all(x + r <= rect.right for x, _y in centres):
            return values
        ups, downs = sum(v for v in values if v > 0), sum(v for v in values if v < 0)
        return tuple(v for v in (ups, downs) if v)

    def face_layout(self, rect: pygame.Rect, uid: int | None) -> dict:
        """The layout of card `uid`'s face drawn in `rect`, its own name band included (a long
        name's band is taller on a small face); any face's when no card is given."""
        if uid is None:
            return cards._layout(rect.width, rect.height)
        return cards.face_layout(self.ctx, self.content, self.state.ids[uid], rect.width, rect.height)

    def equipment_label(self, eq: int, width: int, lines: int = 2, largest: int = 11) -> tuple[tuple[str, ...], pygame.font.Font, bool]:
        """The lines of the tab under a Robot naming its Equipment, and whether they hold it
        whole: the name in the player's language and its strength, fitted by the kit's one rule
        for card names (name_fit): the font shrinks, then the name takes more lines, the
        strength always whole beside its last word (at 1280x720 'Servo Booster +2' was cut to
        'Ser…', then the Hungarian 'Szervoerősítő' to 'Szervoerő…', and on a battle column's
        small face 'Ugrófúvókák' to 'Ugróf…')."""
        d = self._defn(eq)
        got = fit_name(lambda size: self.ctx.font(size, bold=True), f"{card_name(d.name)}\u00a0+{d.strength}", width, largest, 8,
                       lines)
        return tuple(line.replace("\u00a0", " ") for line in got.lines), self.ctx.font(got.size, bold=True), got.fits

    def _card_marks(self, surface, rect: pygame.Rect, uid: int, c: int, s: int, tab: tuple[int, int] = (0, 0)) -> None:
        """A card in play: its Equipment tucked under it (`tab`: how far the tab may reach below
        the face and how wide it is, from _grid), its token badges, used / switched-off marks
        and, for its controller, the ability button (over the picture, clear of the name)."""
        from game.convoy.rules import board as B

        ctx, px, st = self.ctx, self.ctx.px, self.state
        eq = st.equip.get(uid)
        foot = self.face_layout(rect, uid)["name"].top + rect.top - 1
        if eq is not None:
            tab, lines, font = self.equipment_tab(rect, eq, *tab)
            foot = min(foot, tab.top - 1)
            step = font.get_linesize()
            pygame.draw.rect(surface, (90, 60, 40), tab, border_radius=px(4))
            top = tab.centery - len(lines) * step // 2
            for n, line in enumerate(lines):
                widgets.text(surface, line, font, (250, 230, 200), (tab.centerx, top + n * step + step // 2), "center")
            self.slot_rects[eq] = tab
        values = self.token_badges(rect, uid)
        r, centres = self.token_places(rect, len(values), uid)
        for value, centre in zip(values, centres):
            pygame.draw.circle(surface, (60, 160, 70) if value > 0 else (190, 60, 50), centre, r)
            pygame.draw.circle(surface, (240, 240, 230), centre, r, 1)
            widgets.text(surface, f"{value:+d}", ctx.font(max(9, r * 10 // px(10)), bold=True), (250, 250, 240), centre, "center")
        marks = self.card_marks(uid)
        if marks:
            box, lines, font = self.mark_place(rect, uid, marks, [pygame.Rect(x - r, y - r, 2 * r, 2 * r)
                                                                  for x, y in centres], foot)
            pygame.draw.rect(surface, (30, 30, 34), box, border_radius=px(4))
            step = font.get_linesize()
            for n, line in enumerate(lines):
                widgets.text(surface, line, font, (240, 200, 120), (box.centerx, box.top + 1 + n * step + step // 2), "center")
        if not self._mine() or self.session.decider is None or PLAYERS[s] != self.session.decider:
            return
        for u in (uid, eq):
            if u is None:
                continue
            if B.defn(st, u).timing in ("on_discard", "activated") and self._action("ability", {"card": u}) is not None:
                b = pygame.Rect(0, 0, max(px(16), min(px(24), rect.width * 2 // 5)), max(px(14), min(px(20), rect.height // 4)))
                b.bottomright = (rect.right - px(2), foot)
                lit = u in self.glow.get("abilities", ())
                pygame.draw.rect(surface, GLOW if lit else (60, 60, 90), b, border_radius=px(5))
                pygame.draw.rect(surface, (240, 240, 240), b, 1, border_radius=px(5))
                widgets.text(surface, "\u26a1", ctx.font(13, bold=True), (20, 20, 20) if lit else (250, 240, 160), b.center, "center")
                self.ability_rects[u] = b

    def _breakdown(self, c: int, s: int) -> list[str]:
        """The strength of one side in city c, card by card: printed, tokens, Equipment, ability
        modifiers (board.unit_strength), as the rules count it."""
        from game.convoy.rules import board as B

        st = self.state
        lines = []
        for uid in st.slots[c][s]:
            d = B.defn(st, uid)
            tok = sum(st.tokens.get(uid, ()))
            eq = st.equip.get(uid)
            eqv = B.defn(st, eq).strength if eq is not None else 0
            total = B.unit_strength(st, uid, c, s) if d.unit else d.strength
            mods = total - (max(0, d.strength + tok) + eqv if d.unit else d.strength)
            parts = [_("printed {n}").format(n=d.strength)]
            if tok:
                parts.append(_("tokens {n:+d}").format(n=tok))
            if eq is not None:
                parts.append(_("Equipment {n:+d}").format(n=eqv))
            if mods:
                parts.append(_("abilities {n:+d}").format(n=mods))
            lines.append(f"{card_name(d.name)}: {total}  ({', '.join(parts)})")
        extra = B.side_strength(st, c, s) - sum(B.unit_strength(st, u, c, s) if B.defn(st, u).unit else B.defn(st, u).strength
                                                for u in st.slots[c][s])
        if extra:
            lines.append(_("side modifiers {n:+d}").format(n=extra))
        return lines or [_("no cards")]

    def _draw_battle(self, surface) -> None:
        """The battle panel: live strengths in the active city (hover: the breakdown), the
        contested sector and what a win, a tie or a loss would do."""
        from game.convoy.rules import board as B

        ctx, px, st = self.ctx, self.ctx.px, self.state
        r = self.zones["battle"].inflate(-px(8), -px(4))
        widgets.panel(surface, ctx, r, alpha=245)
        a = B.active_city(st)
        x, w = r.left + px(12), r.width - px(24)
        y = widgets.heading(surface, ctx, _("Battle"), x, r.top + px(10))
        if a < 0:
            return
        city = self.content.cities[a]
        # Whole, on two lines if need be: at 1280x720 the panel is some 130 pixels wide and
        # read 'Cleveland Ha…'.
        fitted = fit_name(lambda size: ctx.font(size, bold=True), _(city.name), w, 17, 11)
        for line in fitted.lines:
            y = widgets.text(surface, line, ctx.font(fitted.size, bold=True), GLOW, (x, y)).bottom
        y += px(6)
        # The smaller fonts where the panel is narrow (a large UI scale in a small window), but
        # not where the larger ones fit whole: at 125% in 1920x1080 the panel is under 220 units
        # wide, so it read at 100%'s pixel sizes over half a panel left empty.
        narrow = w < px(220) and not self._battle_rest(None, r, x, y, w, a, narrow=False)
        self._battle_rest(surface, r, x, y, w, a, narrow)

    def _final_battle(self) -> tuple[int, int] | None:
        """The strengths of the battle that ended the game, as the rules said them ('Battle in
        New York: Moloch 6, Outpost 5.', in the step that ended it); None where the game ended
        otherwise. The cards' live strengths after it differ (the winner's abilities and the
        city's result ran after the count): the panel read 7 against 5 under that line."""
        for batch in reversed(self.session.events):
            if any(e.kind == "end" for e in batch):
                return next(((e.payload["moloch"], e.payload["outpost"]) for e in reversed(batch)
                             if e.kind == "strength"), None)
        return None

    def _battle_rest(self, surface, r: pygame.Rect, x: int, y: int, w: int, a: int, narrow: bool) -> bool:
        """The battle panel below the city's name, from `y`: the strengths, the contested sector
        and the previews. With no surface laid out only; returns whether all of it fit."""
        from game.convoy.rules import board as B

        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        city = self.content.cities[a]
        cut: list[bool] = []  # a block of text that did not fit its room whole

        def block(text: str, font, colour, room: pygame.Rect, gap: float) -> int:
            lines = len(widgets.wrap(text, font, room.width))
            cut.append((lines - 1) * int(font.get_linesize() * gap) + font.get_height() > room.height)
            return widgets.text_block(surface, text, font, colour, room, gap)

        def put(text: str, font, colour, pos, anchor: str = "topleft") -> pygame.Rect:
            if surface is not None:
                return widgets.text(surface, text, font, colour, pos, anchor)
            rect = pygame.Rect((0, 0), font.size(text))  # laid out only
            setattr(rect, anchor, pos)
            return rect

        m, o = B.side_strength(st, a, 0), B.side_strength(st, a, 1)
        if st.outcome is not None:
            m, o = self._final_battle() or (m, o)
        big = ctx.font(40 if w > px(240) else 30 if not narrow else 24, bold=True)
        box = pygame.Rect(x, y, w, big.get_linesize() + px(22))
        if surface is not None:
            pygame.draw.rect(surface, (22, 24, 28), box, border_radius=px(8))
        put(str(m), big, self.colour_of("moloch"), (box.left + w // 4, box.centery - px(6)), "center")
        # 'vs' between the two numbers, clear of both: the Greek 'έναντι' ran into a two-digit
        # strength at 1280x720 ('11έναντι 1'); smaller where the room between them is short.
        between = w // 2 - (big.size(str(m))[0] + big.size(str(o))[0]) // 2 - px(8)
        vs = widgets.line_font(ctx, _("vs"), max(1, between), 15 if not narrow else 11, 8, bold=True)
        word = _("vs") if vs.size(_("vs"))[0] <= between else "\u2013"  # a dash, as the Hungarian says it
        put(word, vs, pal.text_dim, (box.centerx, box.centery - px(6)), "center")
        put(str(o), big, self.colour_of("outpost"), (box.right - w // 4, box.centery - px(6)), "center")
        small = ctx.font(12 if not narrow else 10)
        put(widgets.elide(_("Moloch"), small, w // 2 - px(4)), small, pal.text_dim, (box.left + w // 4, box.bottom - px(4)), "midbottom")
        put(widgets.elide(_("Outpost"), small, w // 2 - px(4)), small, pal.text_dim, (box.right - w // 4, box.bottom - px(4)), "midbottom")
        if surface is not None:
            self.strength_rect = box
        y = box.bottom + px(4)
        if st.outcome is not None:  # the last battle's city: how the game was won instead of previews
            y += px(8)
            for line in widgets.wrap(_("The game is over."), ctx.font(15, bold=True), w):  # Greek: longer than the panel is wide
                y = put(line, ctx.font(15, bold=True), GLOW, (x, y)).bottom
            y += px(6)
            widgets.text_block(surface, words.win_by(st.win_by), ctx.font(13), pal.text, pygame.Rect(x, y, w, r.bottom - y - px(8)), 1.1)
            return True
        hint = ctx.font(11 if not narrow else 9)
        cut.append(hint.size(_("hover for the breakdown"))[0] > w)
        y = put(widgets.elide(_("hover for the breakdown"), hint, w), hint, pal.text_dim, (box.centerx, y), "midtop").bottom + px(8)
        storm = B.tie_breaker(st, a)
        sid = B.sector_ids(st, a)[st.battle_sector] if st.battle_sector >= 0 else None
        sec = self.content.sectors.get(sid) if sid else None
        bold = ctx.font(13 if not narrow else 10, bold=True)
        sector_fits = True
        if sec is not None:
            y = block(_("Contested sector: {name}").format(name=_(sec.name)), bold, pal.text,
                      pygame.Rect(x, y, w, px(40)), 1.0) + px(2)
            # Whole: as tall as it needs, while the previews below keep some room, else smaller
            # (at 1280x720 Fuel Depot's effect stopped at 'on the bottom of the Molo…' in 60 px; in
            # Greek New York's Bomb sector ended in '…' at its third line).
            text = _(sec.text)
            need = len(widgets.wrap(text, small, w)) * int(small.get_linesize() * 1.05)
            room = pygame.Rect(x, y, w, max(px(60), min(need, r.bottom - y - px(160))))
            sector_fits = need <= room.height
            font = small if sector_fits else widgets.block_font(ctx, text, room, 12 if not narrow else 10,
                                                                        least=8, line_gap=1.05)
            y = widgets.text_block(surface, text, font, pal.text_dim, room, 1.05) + px(6)
        elif self._token_waits():  # (laid out only: as tall as the token and its label)
            y = self._draw_waiting_token(surface, x, y, w, bold) if surface is not None else y + px(46)
        else:
            y = widgets.text_block(surface, _("The Sector Battle token is placed in Phase II."), small, pal.text_dim,
                                   pygame.Rect(x, y, w, px(40)), 1.05) + px(6)
        previews = [
            (_("If Moloch wins"), self.colour_of("moloch"), words.victory_result(city.moloch_win)),
            (_("If tied"), (220, 220, 200), _("Moloch wins it ({card})").format(card=self._name(storm)) if storm >= 0
             else _("the on-tie abilities (Moloch's, then the Outpost's)")),
            (_("If the Outpost wins"), self.colour_of("outpost"), words.victory_result(city.outpost_win)),
        ]
        whole = True
        for head, colour, text in previews:
            if y > r.bottom - px(60):
                whole = False
                break
            cut.append(bold.size(head)[0] > w)
            y = put(head, bold, colour, (x, y)).bottom + px(1)
            if sec is not None and head != _("If tied") and sec.text:
                text += _("; ") + _("then the contested sector's effect")
            y = block(text + ".", small, pal.text_dim, pygame.Rect(x, y, w, r.bottom - y - px(30)), 1.05) + px(6)
        last = pygame.Rect(x, max(y, r.bottom - px(40)), w, px(36))
        block(_("Whatever the result, the contested sector is destroyed."), small, pal.text, last, 1.05)
        return whole and y <= r.bottom - px(40) and sector_fits and not any(cut)

    def _draw_over(self, surface) -> None:
        """Over the panels: the strength breakdown, a browsed discard pile, the battle steps and
        the card being dragged."""
        ctx, px = self.ctx, self.ctx.px
        strength = self._strength_panel()
        if strength is not None:
            panel, lines = strength
            font = ctx.font(13)
            widgets.panel(surface, ctx, panel, alpha=250)
            self.panels.append((panel, len(self.buttons)))
            yy = panel.top + px(10)
            for t, colour in lines:
                yy = widgets.text(surface, widgets.elide(t, font, panel.width - px(20)), font, colour, (panel.left + px(10), yy)).bottom
        if self.browse is not None:
            self._draw_browse(surface)
        if self.steps:
            self._draw_steps(surface)
        self._draw_hand_row(surface)
        if self.drag_live and self.press_src is not None and self.mouse is not None:
            kind, uid = self.press_src
            if kind == "token":
                self._draw_token(surface, self.mouse)
            else:
                h = px(150)
                w, h = cards.card_size(h)
                rect = pygame.Rect(0, 0, w, h)
                rect.center = self.mouse
                cards.draw_card(surface, ctx, rect, self.content, self.state.ids[uid], state="selected",
                                motifs=self.card_art(self.state.ids[uid]))

    def _strength_panel(self) -> tuple[pygame.Rect, tuple] | None:
        """The strength breakdown of the city fought over, side by side and card by card (its
        rect beside the strength box, its lines), while the pointer is on the box."""
        if not self._over_strength(self.mouse):
            return None
        from game.convoy.rules import board as B

        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        a = B.active_city(self.state)
        lines = [(_("Moloch"), self.colour_of("moloch"))] + [(t, pal.text) for t in self._breakdown(a, 0)] + \
            [(_("Outpost"), self.colour_of("outpost"))] + [(t, pal.text) for t in self._breakdown(a, 1)]
        font = ctx.font(13)
        w = min(px(520), max(font.size(t)[0] for t, _c in lines) + px(24))
        panel = pygame.Rect(0, 0, w, len(lines) * font.get_linesize() + px(20))
        panel.topright = (self.strength_rect.left - px(8), self.strength_rect.top)
        panel.clamp_ip(self.view_rect)
        return panel, tuple(lines)

    def _draw_browse(self, surface) -> None:
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        side = self.browse or "moloch"
        pile = list(st.discard[SIDE_INDEX[side]])
        v = self.view_rect
        panel = v.inflate(-px(60), -px(60))
        widgets.panel(surface, ctx, panel, alpha=250)
        self.panels.append((panel, len(self.buttons)))
        widgets.heading(surface, ctx, _("{side}'s discard pile ({n} cards, oldest first)").format(side=self.player_name(side), n=len(pile)),
                        panel.left + px(16), panel.top + px(12))
        self._button(surface, pygame.Rect(panel.right - px(110), panel.top + px(8), px(100), px(30)), _("Close"), "close")
        area = pygame.Rect(panel.left + px(16), panel.top + px(48), panel.width - px(32), panel.height - px(60))
        self.browse_rects = []
        if not pile:
            widgets.text(surface, _("Empty."), ctx.font(15), pal.text_dim, area.topleft)
            return
        h = px(150)
        w, h = cards.card_size(h)
        per_row = max(1, (area.width + px(8)) // (w + px(8)))
        while math.ceil(len(pile) / per_row) * (h + px(8)) > area.height and h > px(60):
            h -= px(10)
            w, h = cards.card_size(h)
            per_row = max(1, (area.width + px(8)) // (w + px(8)))
        for i, uid in enumerate(pile):
            rect = pygame.Rect(area.left + (i % per_row) * (w + px(8)), area.top + (i // per_row) * (h + px(8)), w, h)
            cards.draw_card(surface, ctx, rect, self.content, st.ids[uid], motifs=self.card_art(st.ids[uid]))
            self.browse_rects.append((uid, rect))

    def _steps_layout(self) -> tuple[pygame.Rect, list[list[str]], list[str], pygame.font.Font, pygame.font.Font]:
        """The battle's panel while its steps show: its rect, the lines of the steps done and of
        the step now, and their fonts."""
        ctx, px = self.ctx, self.ctx.px
        v = self.view_rect
        width = min(px(640), v.width * 60 // 100)
        font, small = ctx.font(16, bold=True), ctx.font(13)
        # Each step whole, on as many lines as it takes (at 1280x720 a Greek step read 'Εφαρμόζεται
        # το αποτέλεσμα του τομέα Αποθήκη Καυσίμων για τον παίκτη το…'); the oldest give way
        # when the five last would not fit the table.
        done = [widgets.wrap("\u2713 " + s.text, small, width - px(32))
                for s in self._shown_steps() if s is not self.steps[0]][-5:]
        lines = widgets.wrap(self.steps[0].text, font, width - px(40))
        height = lambda: px(70) + sum(map(len, done)) * small.get_linesize() + len(lines) * font.get_linesize()  # noqa: E731
        while done and height() > v.height - px(16):
            done.pop(0)
        h = height()
        panel = pygame.Rect(0, 0, width, h)
        # Beside the city fought over (its sectors stay in sight), on the side with more room.
        city = self.city_rects.get(self.battle_city)
        if city is not None:
            panel.centery = city.centery
            if city.right + px(10) + width <= self.zones["battle"].left:
                panel.left = city.right + px(10)
            else:
                panel.right = city.left - px(10)
        else:
            panel.center = v.center
        panel.clamp_ip(v)
        return panel, done, lines, font, small

    def _draw_steps(self, surface) -> None:
        """The battle's resolution, a step at a time: what has happened so far and the step now."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        panel, done, lines, font, small = self._steps_layout()
        widgets.panel(surface, ctx, panel, alpha=248)
        pygame.draw.rect(surface, (230, 90, 70), panel, 2, border_radius=px(8))
        self.panels.append((panel, len(self.buttons)))
        widgets.text(surface, _("Battle"), ctx.font(14, bold=True), GLOW, (panel.left + px(16), panel.top + px(10)))
        widgets.text(surface, _("{n} more  \u2022  click or Space skips").format(n=len(self.steps) - 1), ctx.font(12),
                     pal.text_dim, (panel.right - px(16), panel.top + px(11)), "topright")
        y = panel.top + px(36)
        for step in done:
            for line in step:
                y = widgets.text(surface, line, small, pal.text_dim, (panel.left + px(16), y)).bottom
        y += px(4)
        for line in lines:
            y = widgets.text(surface, line, font, pal.text, (panel.left + px(16), y)).bottom

    def _shown_steps(self) -> list[Step]:
        """The steps of the battle on show already shown (kept while it lasts)."""
        if not self._all_steps or self._all_steps[-1] is not (self.steps[-1] if self.steps else None):
            self._all_steps = list(self.steps)
        first = self._all_steps.index(self.steps[0]) if self.steps and self.steps[0] in self._all_steps else 0
        return self._all_steps[:first + 1]

    def _draw_hand(self, surface) -> None:
        """The hand strip's ground and the person's piles (the cards are drawn over the panels,
        so a lifted card is never under the side panel's edge)."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        r = self.hand_rect
        pygame.draw.rect(surface, (24, 26, 31), r)
        pygame.draw.line(surface, pal.panel_edge, (r.left, r.top), (r.right - 1, r.top), 2)  # inside its rect: a strip is drawn alone
        self._draw_piles(surface, self.bottom, self.zones["piles"].inflate(0, -px(8)))

    def _draw_hand_row(self, surface) -> None:
        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        row = self.zones["hand"].inflate(-px(8), 0)
        side = self.bottom
        s = SIDE_INDEX[side]
        hand = list(st.hand[s])
        label = _("{side}'s hand ({n})").format(side=self.player_name(side), n=len(hand))
        widgets.text(surface, label, ctx.font(12, bold=True), self.colour_of(side), (row.left, row.top + px(2)))
        laid = lay_out(ctx, row, len(hand))
        self.hand_rects = []
        hidden = self.handoff is not None or (self._humans() and self.viewer != side)
        mine = self._mine() and self.session.decider == side
        opts = {o.get("card") for o in self._options()}
        playable = {a.payload.get("card") for a in self.actions if a.kind in ("play", "instant", "equip")}
        pay = bool(self.glow.get("abilities")) or any(self._defn(a.payload["card"]).timing == "on_discard"
                                                      for a in self.actions if a.kind == "ability")
        for i, (uid, rect) in enumerate(zip(hand, laid)):
            if hidden:
                cards.draw_back(surface, ctx, rect, side)
                continue
            dragged = self.drag_live and self.press_src == ("hand", uid)
            look = "dim" if dragged else "playable" if mine and (uid in playable or uid in opts) else \
                "normal" if not mine or pay else "dim"
            cards.draw_card(surface, ctx, rect, self.content, st.ids[uid], state=look, motifs=self.card_art(st.ids[uid]),
                            shown=laid[i + 1].left - rect.left if i + 1 < len(laid) else None)
            shown = rect.clip(pygame.Rect(rect.left, rect.top, laid[i + 1].left - rect.left, rect.height)) if i + 1 < len(laid) else rect
            self.hand_rects.append((uid, shown, rect))
            self.card_rects[str(uid)] = shown

    def _hover_rect(self, card: str, small: pygame.Rect) -> pygame.Rect | None:
        """Where the card under the pointer (`card` at `small`) is shown large; None when it is
        not (its face on the table is about that large already), nor over the battle's panel while
        its steps show."""
        if card.startswith(CITY_CARD):
            rect = self._hover_city_rect(small) if int(card[len(CITY_CARD):]) in self.city_rects else None
        else:
            px = self.ctx.px
            h = min(px(340), self.view_rect.height - px(20))
            w, h = cards.card_size(h)
            if w <= small.width * 1.15:
                return None
            rect = pygame.Rect(0, 0, w, h)
            if small.top >= self.hand_rect.top:
                rect.midbottom = (small.centerx, small.top - px(6))
            else:
                rect.midleft = (small.right + px(10), small.centery)
                if rect.right > self.view_rect.right:
                    rect.midright = (small.left - px(10), small.centery)
            rect.clamp_ip(pygame.Rect(0, self.view_rect.top, self.side_rect.left, self._size[1] - self.view_rect.top))
        if rect is not None and self.steps and rect.colliderect(self._steps_layout()[0]):
            # The battle on show stays readable: the card the pointer rested on after a drop was
            # drawn over its panel ('...ggy One: Moloch 5, Outpost 6.', Greek, 1280x720).
            return None
        return rect

    def _shadow_rect(self, rect: pygame.Rect) -> pygame.Rect:
        px = self.ctx.px
        return rect.inflate(px(12), px(12)).move(px(4), px(6))

    def _draw_shadow(self, surface, rect: pygame.Rect) -> None:
        shadow = self._shadow_rect(rect)
        sheet = pygame.Surface(shadow.size, pygame.SRCALPHA)
        sheet.fill((0, 0, 0, 120))
        surface.blit(sheet, shadow)

    def _draw_hover_card(self, surface) -> None:
        """The card under the pointer (hand, table or a browsed pile), large enough to read."""
        if self.drag_live:
            return
        card, small = self._hover_card  # type: ignore[misc]
        rect = self._hover_rect(card, small)
        if rect is None:
            return
        if card.startswith(CITY_CARD):
            self._draw_hover_city(surface, int(card[len(CITY_CARD):]), rect)
            return
        uid = int(card)
        ctx, px = self.ctx, self.ctx.px
        self._draw_shadow(surface, rect)
        cards.draw_card(surface, ctx, rect, self.content, self.state.ids[uid], motifs=self.card_art(self.state.ids[uid]))
        marks = self.card_marks(uid)
        if marks:  # a small face shows their short words: here the whole words
            said = " / ".join(mark_word(m) for m in marks)
            font = widgets.line_font(ctx, said, rect.width - px(16), 16, 10, bold=True)
            tag = pygame.Rect(0, 0, min(rect.width - px(8), font.size(said)[0] + px(12)), font.get_linesize() + px(6))
            tag.midtop = (rect.centerx, rect.top + rect.height * 2 // 5)
            pygame.draw.rect(surface, (30, 30, 34), tag, border_radius=px(5))
            pygame.draw.rect(surface, (240, 200, 120), tag, 1, border_radius=px(5))
            widgets.text(surface, widgets.elide(said, font, tag.width - px(6)), font, (240, 200, 120), tag.center, "center")

    def _hover_city_rect(self, small: pygame.Rect) -> pygame.Rect | None:
        """Where the hovered city (at `small`) is shown large: beside it, right or left, over its
        neighbours but never over the city itself, the pointer's target (a drop, a sector);
        None when the table's city is already about that large."""
        px = self.ctx.px
        view = self.view_rect
        h = min(px(330), view.height - px(20))
        w = round(h * small.width / max(1, small.height))
        if w <= small.width * 1.3:
            return None
        rect = pygame.Rect(0, 0, w, h)
        rect.midleft = (small.right + px(10), small.centery)
        if rect.right > view.right:
            rect.midright = (small.left - px(10), small.centery)
        if rect.left < view.left:  # no room on either side: the larger side, the card narrower to fit it
            right, left = view.right - small.right - px(10), small.left - px(10) - view.left
            w = max(right, left)
            rect = pygame.Rect(0, 0, w, round(w * small.height / max(1, small.width)))
            if right >= left:
                rect.midleft = (small.right + px(10), small.centery)
            else:
                rect.midright = (small.left - px(10), small.centery)
        rect.clamp_ip(view)
        return rect

    def _draw_hover_city(self, surface, c: int, rect: pygame.Rect) -> None:
        """The city card under the pointer large enough to read (its sectors' names: on the
        table's city at 1280x720 they do not fit, the chips show their icons), beside it at
        `rect` (`_hover_city_rect`)."""
        self._draw_shadow(surface, rect)
        cards.draw_city(surface, self.ctx, rect, self.content, self.content.cities[c].id, **self._city_look(c))

    # ------------------------------------------------------------------ side panel
    def side_labels(self) -> dict[str, str]:
        return {"phase": _("Round"), **super().side_labels()}

    def sections(self) -> dict:
        return {"phase": self._side_phase}

    def side_key(self) -> tuple:
        """The round's section (`_side_phase`), the AI panel and the log, not the state's version:
        an action that changes none of them (a card moved in a city) does not paint it again."""
        from game.convoy.rules import board as B

        st = self.state
        phase = (st.round, st.phase, B.active_city(st), len(st.deck[0]), len(st.hand[0]), len(st.discard[0]),
                 len(st.hand[1]), len(st.deck[1]))
        ai = (self.ai.card, self.ai.name, self.ai.text, tuple(self.ai.lines), self.ai.placeholder)
        return (phase, ai, len(self._log), self.log_scroll, self.viewer, self.handoff is not None, self.side_open,
                self.side_tab, tuple(self.seats), tuple(self.side_rect))

    def _side_phase(self, surface, x: int, y: int, w: int) -> int:
        """The phase track (I ... VIa), the round and active city, the Moloch deck (the win
        condition) and each side's cards."""
        from game.convoy.rules import board as B

        ctx, pal, px, st = self.ctx, self.ctx.palette, self.ctx.px, self.state
        y = widgets.heading(surface, ctx, _("Round {n}").format(n=max(1, st.round)) if st.round else words.phase_name("mulligan"), x, y)
        n = len(words.PHASES)
        cw = (w - px(4) * (n - 1)) // n
        for i, ph in enumerate(words.PHASES):
            chip = pygame.Rect(x + i * (cw + px(4)), y, cw, px(26))
            on = st.phase == ph
            if surface is not None:  # None: laid out only (section_height)
                pygame.draw.rect(surface, GLOW if on else (44, 48, 56), chip, border_radius=px(5))
            widgets.text(surface, ph, ctx.font(12, bold=True), (20, 20, 20) if on else pal.text_dim, chip.center, "center")
        y += px(30)
        y = widgets.text(surface, widgets.elide(words.phase_name(st.phase), ctx.font(14, bold=True), w), ctx.font(14, bold=True),
                         pal.text, (x, y)).bottom + px(6)
        a = B.active_city(st)
        if a >= 0:
            y = widgets.text(surface, _("Active city: {city}").format(city=_(self.content.cities[a].name)), ctx.font(13), pal.text,
                             (x, y)).bottom + px(4)
        deck = len(st.deck[0])
        row = pygame.Rect(x, y, w, px(34))
        if surface is not None:
            pygame.draw.rect(surface, (60, 36, 30), row, border_radius=px(6))
        widgets.text(surface, _("Moloch deck"), ctx.font(14, bold=True), pal.text, (row.left + px(10), row.centery), "midleft")
        widgets.text(surface, str(deck), ctx.font(22, bold=True), (255, 220, 120), (row.right - px(12), row.centery), "midright")
        y = row.bottom + px(4)
        line = _("Moloch: {h} in hand, {d} discarded  \u2022  Outpost: {h2} in hand, deck {k}").format(
            h=len(st.hand[0]), d=len(st.discard[0]), h2=len(st.hand[1]), k=len(st.deck[1]))
        y = widgets.text_block(surface, line, ctx.font(12), pal.text_dim, pygame.Rect(x, y, w, px(34)), 1.05) + px(8)
        return y

    def shortcuts(self) -> list[tuple[str, str]]:
        return [(_("Drag a hand card"), _("Play it: into a city, onto a Robot, onto its target or an ability button")),
                (_("Drag a card in play"), _("Move it with its ability")),
                (_("Drag the Sector Battle token"), _("Choose the contested sector (Phase II)")),
                (_("Click a discard pile"), _("Browse it"))] + super().shortcuts()
