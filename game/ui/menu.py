"""The main menu: logo, one card per game, and the shell's buttons (open a map, settings, quit)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import titles
from game.engine.errors import InputError
from game.i18n import _
from game.titles import TitleEntry
from game.ui import widgets
from game.ui.games import ContinueGame, OpenGame, saved_game
from game.ui.builder import OpenBuilder
from game.ui.scene import Action, Context, OpenMapList, OpenSettings, Push, Quit, Scene, ShowError
from game.ui.widgets import Button

BACKGROUND = "ui/menu_bg.png"
LEARN = "learn_to_play"  # the menu button's action: open the Gears lessons
LOGO = "ui/logo.png"


@dataclass
class GameCard:
    game: TitleEntry
    rect: pygame.Rect

    @property
    def enabled(self) -> bool:
        return self.game.playable


class MainMenu(Scene):
    ROOM = (1130, 640)  # four game cards in a row with the buttons under them (issue 21)
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.hovered: str | None = None  # label of the hovered button or game key
        self.focus = 0  # keyboard focus among enabled buttons
        self._layout_key: tuple | None = None
        self.buttons: list[Button] = []
        self.cards: list[GameCard] = []
        self._background: pygame.Surface | None = None

    # -- layout ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        saved = saved_game()
        key = (size, self.ctx.scale, _("Open a map"), saved.key if saved else None)
        if key == self._layout_key:
            return
        self._layout_key = key
        self._background = None
        w, h = size
        px = self.ctx.px
        card_w, card_h, gap = px(250), px(310), px(22)
        per_row = 4 if 4 * card_w + 3 * gap <= w - px(60) else 2
        rows = (len(titles.TITLES) + per_row - 1) // per_row
        grid_w = per_row * card_w + (per_row - 1) * gap
        # Below the logo's tagline with room: at 125% in 1280x720 it ended 2 px above the cards.
        top = max(int(h * 0.29), self._tagline_y(h) + self.ctx.font(20).get_height() + px(14))
        self.cards = []
        for i, game in enumerate(titles.TITLES):
            r, c = divmod(i, per_row)
            x = (w - grid_w) // 2 + c * (card_w + gap)
            y = top + r * (card_h + gap)
            self.cards.append(GameCard(game, pygame.Rect(x, y, card_w, card_h)))
        below = top + rows * card_h + (rows - 1) * gap + px(40)
        bw, bh = px(250), px(52)
        labels = [(_("Open a map"), OpenMapList(), True), (_("Build a map"), OpenBuilder(), False),
                  (_("Settings"), OpenSettings(), False), (_("Quit"), Quit(), False)]
        if saved is not None:  # an unfinished game comes first: one click back to it
            labels.insert(0, (_("Continue"), ContinueGame(saved.key), True))
            bw = min(bw, (w - px(40) - (len(labels) - 1) * gap) // len(labels))  # still one row
        row_w = len(labels) * bw + (len(labels) - 1) * gap
        self.buttons = [
            Button(pygame.Rect((w - row_w) // 2 + i * (bw + gap), min(below, h - bh - px(50)), bw, bh), label, action, primary=primary)
            for i, (label, action, primary) in enumerate(labels)
        ]
        # The tutorial's entry sits apart, top right, so the row above keeps its size at any scale.
        lw = max(px(200), self.ctx.font(17, bold=True).size(_("Learn to play"))[0] + px(40))
        self.buttons.append(Button(pygame.Rect(w - lw - px(24), px(24), lw, px(46)), _("Learn to play"), LEARN, primary=True))

    def _tagline_y(self, h: int) -> int:
        """The top of the tagline under the logo (or the drawn title when there is no logo)."""
        ctx, px = self.ctx, self.ctx.px
        if ctx.assets.exists(LOGO):
            return int(h * 0.05) + px(120) + px(8)
        return int(h * 0.06) + ctx.font(84, bold=True).get_height() + px(6)

    # -- input ----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Action | None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            # Laid out before the input is read: a key pressed before the first frame met no
            # buttons (layout looks for an unfinished game on disk, so not for every event).
            self.layout(pygame.display.get_surface().get_size())
        if event.type == pygame.MOUSEMOTION:
            self._set_hover(self._hit(event.pos))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._hit(event.pos)
            for b in self.buttons:
                if b.label == hit:
                    return self._resolve(b.action)
            for card in self.cards:
                if card.game.key == hit and card.enabled:
                    return self._resolve(OpenGame(card.game.key))
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
                self.focus = (self.focus + 1) % len(self.buttons)
                self._set_hover(self.buttons[self.focus].label)
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.focus = (self.focus - 1) % len(self.buttons)
                self._set_hover(self.buttons[self.focus].label)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self._resolve(self.buttons[self.focus].action)
            elif event.key == pygame.K_b:
                return self._resolve(OpenBuilder())
            elif event.key == pygame.K_l:
                return self._resolve(LEARN)
            elif event.key == pygame.K_o:
                return OpenMapList()
            elif event.key == pygame.K_s:
                return OpenSettings()
            elif event.key == pygame.K_q:
                return Quit()
        return None

    @property
    def title(self) -> str:
        return "Tiletop"

    def _hit(self, pos: tuple[int, int]) -> str | None:
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return b.label
        for card in self.cards:
            if card.rect.collidepoint(pos):
                return card.game.key
        return None

    def _set_hover(self, name: str | None) -> None:
        if name != self.hovered:
            self.hovered = name
            self.dirty = True
            for i, b in enumerate(self.buttons):
                if b.label == name:
                    self.focus = i

    def shortcuts(self) -> list[tuple[str, str]]:
        return [
            ("O", _("Open a map")),
            ("L", _("Learn to play")),
            ("B", _("Build a map")),
            ("S", _("Settings")),
            (_("Arrows, Enter"), _("Move between buttons, press one")),
            ("Q", _("Quit")),
        ]

    def _resolve(self, action):
        """The builder scene is made only when its button is pressed (it loads the pieces)."""
        if isinstance(action, OpenBuilder):
            from game.ui.builder.scene import BuilderScene

            return Push(BuilderScene(self.ctx, pygame.display.get_surface().get_size(), action.title))
        if isinstance(action, (OpenGame, ContinueGame)):
            return _open_game(self.ctx, action)
        if action == LEARN:  # the tutorial's lessons (game/ui/tutorial), loaded when asked for
            from game.ui.tutorial.scene import LessonList

            return Push(LessonList(self.ctx))
        return action

    def on_settings_changed(self) -> None:
        self._layout_key = None
        self.dirty = True

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.layout(surface.get_size())
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        w, h = surface.get_size()
        if self._background is None or self._background.get_size() != (w, h):
            self._background = _cover(ctx, BACKGROUND, (w, h))
        surface.blit(self._background, (0, 0))

        logo_h = px(120)
        if ctx.assets.exists(LOGO):
            logo = ctx.assets.image(LOGO)
            lw = int(logo.get_width() * logo_h / max(1, logo.get_height()))
            logo = ctx.assets.image(LOGO, (lw, logo_h))
            surface.blit(logo, logo.get_rect(midtop=(w // 2, int(h * 0.05))))
        else:
            widgets.text(surface, "TILETOP", ctx.font(84, bold=True), pal.accent, (w // 2, int(h * 0.06)), "midtop", shadow=True)
        tag_y = self._tagline_y(h)
        widgets.text(surface, _("A table for tile-and-card board games"), ctx.font(20), pal.text_dim, (w // 2, tag_y), "midtop", shadow=True)

        if self.cards:
            widgets.text(surface, _("Choose a game"), ctx.font(17, bold=True), pal.text, (self.cards[0].rect.left, self.cards[0].rect.top - px(10)), "bottomleft", shadow=True)
        for card in self.cards:
            self._draw_card(surface, card)
        for b in self.buttons:
            b.draw(surface, ctx, b.label == self.hovered)

        footer = ctx.font(14)
        widgets.text(surface, _("F1: keyboard shortcuts"), footer, pal.text_dim, (px(16), h - px(12)), "bottomleft")
        widgets.text(surface, "Tiletop 0.1", footer, pal.text_dim, (w - px(16), h - px(12)), "bottomright")
        if ctx.notices:
            self._draw_notices(surface, [str(n) for n in ctx.notices[-2:]])

    def _draw_notices(self, surface: pygame.Surface, notices: list[str]) -> None:
        """The last notices (a bad settings file...) in one box below the buttons (over the footer
        when only that leaves room), worded now (a settings notice is made before the language is set) and whole: one line
        each ran past the window's edge with a long path in Hungarian, and at 125% in 1280x720
        the boxes covered the lower half of the buttons."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        w, h = surface.get_size()
        buttons_bottom = max((b.rect.bottom for b in self.buttons if b.action != LEARN), default=h - px(80))
        wanted = px(42) * len(notices)
        if h - px(30) - wanted >= buttons_bottom + px(6):  # above the footer, where there is room
            box = pygame.Rect(px(16), h - px(30) - wanted, w - px(32), wanted)
        else:  # else over the footer (its shortcut hint) rather than over the buttons
            top = buttons_bottom + px(6)
            box = pygame.Rect(px(16), top, w - px(32), h - px(4) - top)
        pygame.draw.rect(surface, (70, 30, 30), box, border_radius=px(6))
        pygame.draw.rect(surface, pal.danger, box, width=2, border_radius=px(6))
        inner = box.inflate(-px(24), -px(6))
        for size in range(max(9, ctx.px(14)), 8, -1):  # the largest size that holds them all
            font = ctx.assets.font(size)
            lines = [line for notice in notices for line in widgets.wrap(notice, font, inner.width)]
            if len(lines) * font.get_linesize() <= inner.height:
                break
        y = inner.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            if y + font.get_height() > box.bottom:
                break
            surface.blit(widgets.rendered(font, line, pal.text), (inner.left, y))
            y += font.get_linesize()

    def _draw_card(self, surface: pygame.Surface, card: GameCard) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        r = card.rect
        hovered = self.hovered == card.game.key
        widgets.panel(surface, ctx, r, alpha=235)
        if hovered:
            pygame.draw.rect(surface, pal.accent if card.enabled else pal.text_dim, r, width=max(2, px(3)), border_radius=px(10))
        emblem_size = px(110)
        if ctx.assets.exists(card.game.emblem):
            emblem = ctx.assets.image(card.game.emblem, (emblem_size, emblem_size))
        else:
            emblem = _initials_emblem(ctx, card.game, emblem_size)
        if not card.enabled:
            emblem = emblem.copy()
            emblem.set_alpha(170)
        surface.blit(emblem, emblem.get_rect(midtop=(r.centerx, r.top + px(22))))
        y = r.top + px(22) + emblem_size + px(16)
        title_font = ctx.font(20, bold=True)
        for line in widgets.wrap(card.game.name, title_font, r.width - px(24)):
            y = widgets.text(surface, line, title_font, pal.text, (r.centerx, y), "midtop").bottom
        y += px(6)
        tag_font = ctx.font(14)
        for line in widgets.wrap(_(card.game.tagline), tag_font, r.width - px(32))[:3]:
            y = widgets.text(surface, line, tag_font, pal.text_dim, (r.centerx, y), "midtop").bottom + px(1)
        badge = _("Play") if card.enabled else _("Coming soon")
        bf = ctx.font(13, bold=True)
        bw = bf.size(badge)[0] + px(20)
        badge_rect = pygame.Rect(0, 0, bw, px(24))
        badge_rect.midbottom = (r.centerx, r.bottom - px(14))
        pygame.draw.rect(surface, pal.accent if card.enabled else (60, 63, 70), badge_rect, border_radius=px(12))
        widgets.text(surface, badge, bf, pal.accent_text if card.enabled else pal.text_dim, badge_rect.center, "center")


def _open_game(ctx: Context, action: OpenGame | ContinueGame) -> Action:
    """The game's set-up screen, or its saved game; a saved game that cannot load says why."""
    ui = titles.get(action.key).ui_module()
    if isinstance(action, OpenGame):
        try:
            return Push(ui.setup_scene(ctx))
        except InputError as exc:  # its content, missions or maps are broken: say which file
            return ShowError(_("Could not open the game"), str(exc))
    try:
        return Push(ui.continue_scene(ctx))
    except (ui.SaveError, InputError) as exc:
        return ShowError(_("Could not continue the game"), str(exc))


EMBLEM_COLOURS = {"gears": (150, 42, 36), "doom": (176, 92, 24), "level7": (40, 110, 150), "convoy": (96, 110, 52)}


def _initials_emblem(ctx: Context, game: TitleEntry, size: int) -> pygame.Surface:
    """A round emblem with the game's initials, for when its emblem art is missing."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    colour = EMBLEM_COLOURS.get(game.key, (90, 90, 100))
    pygame.draw.circle(surface, (14, 14, 16), (c, c), c)
    pygame.draw.circle(surface, colour, (c, c), c - max(3, size // 18))
    pygame.draw.circle(surface, (235, 225, 200), (c, c), c - max(3, size // 18), max(1, size // 40))
    words = [w for w in game.name.replace("[", " ").replace("]", " ").split() if w[:1].isupper()]
    initials = "".join(w[0] for w in words[:2]).upper()
    if game.key == "level7":
        initials = "L7"
    font = ctx.assets.font(int(size * 0.36), bold=True)
    widgets.text(surface, initials, font, (245, 238, 220), (c, c), "center", shadow=True)
    return surface


def _cover(ctx: Context, rel: str, size: tuple[int, int]) -> pygame.Surface:
    """The background image scaled to cover the window (cropped, not stretched)."""
    w, h = size
    pal = ctx.palette
    if not ctx.assets.exists(rel):
        surface = widgets.vertical_gradient(size, (40, 44, 52), pal.background)
        # a faint hex-ish grid so the empty backdrop reads as a table, not a void
        grid = pygame.Surface(size, pygame.SRCALPHA)
        step = ctx.px(48)
        for x in range(0, w, step):
            pygame.draw.line(grid, (255, 255, 255, 10), (x, 0), (x, h))
        for y in range(0, h, step):
            pygame.draw.line(grid, (255, 255, 255, 10), (0, y), (w, y))
        surface.blit(grid, (0, 0))
        return surface
    image = ctx.assets.image(rel)
    iw, ih = image.get_size()
    k = max(w / iw, h / ih)
    scaled = pygame.transform.smoothscale(image, (max(1, int(iw * k) + 1), max(1, int(ih * k) + 1)))
    out = pygame.Surface(size).convert()
    out.blit(scaled, scaled.get_rect(center=(w // 2, h // 2)))
    return out
