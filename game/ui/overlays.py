"""Modal overlays drawn over the scene below: the F1 help and the error panel."""
from __future__ import annotations

import pygame

from game.i18n import _
from game.ui import widgets
from game.ui.kit.name_fit import FittedName, fit_name
from game.ui.scene import Action, Context, Pop, Scene
from game.ui.widgets import Button


def global_shortcuts() -> list[tuple[str, str]]:
    return [
        ("F1", _("Show or hide this help")),
        ("Esc", _("Back / close")),
        ("Ctrl+Q", _("Quit Tiletop")),
    ]


class HelpOverlay(Scene):
    """Lists the keyboard shortcuts of the scene below it plus the global ones."""

    opaque = False

    def __init__(self, ctx: Context, title: str, shortcuts: list[tuple[str, str]], below: Scene | None = None) -> None:
        super().__init__(ctx)
        self.title = title
        own = {k for k, _d in shortcuts}
        self.entries = shortcuts + [(k, d) for k, d in global_shortcuts() if k not in own]
        # Every key listed with room for the tabs above the panel (issue 21: at 150% in
        # 1280x720 the last keys were cut off and the tabs ran off the top).
        self.ROOM = (900, 130 + 34 * len(self.entries) + 40 + 2 * 34)
        # The Rules tab: the rules reference of the game below, opened at the rule behind what
        # is on screen when that scene says (`rules_context() -> (game, section)`).
        self.tab = "keys"
        self.rules = None
        self.rule_index = 0
        self.tab_rects: dict[str, pygame.Rect] = {}
        context = getattr(below, "rules_context", None)
        game, section = context() if callable(context) else ("", "")
        try:
            from game.tutorial.library import rules_for

            self.rules = rules_for(game).ordered() if game else None
        except Exception:  # noqa: BLE001 - a broken or missing reference: the Keys tab still works
            self.rules = None
        if self.rules and section:
            self.tab = "rules"
            self.rule_index = next((i for i, r in enumerate(self.rules) if r.section == section), 0)

    def handle(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                return Pop()
            if event.key == pygame.K_TAB and self.rules:
                self.tab = "rules" if self.tab == "keys" else "keys"
                self.dirty = True
            elif self.tab == "rules" and self.rules and event.key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if event.key == pygame.K_DOWN else -1
                self.rule_index = (self.rule_index + step) % len(self.rules)
                self.dirty = True
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            for tab, rect in self.tab_rects.items():
                if rect.collidepoint(event.pos):
                    self.tab, self.dirty = tab, True
                    return None
            for i, rect in enumerate(getattr(self, "rule_rects", [])):
                if rect.collidepoint(event.pos):
                    self.rule_index, self.dirty = i, True
                    return None
            return Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.rules and self.tab == "rules":
            self._draw_rules(surface)
            return
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.dim(surface, 160)
        key_font, desc_font = ctx.font(17, bold=True), ctx.font(17)
        key_w = max(key_font.size(k)[0] for k, _d in self.entries) + px(40)
        desc_w = max(desc_font.size(d)[0] for _k, d in self.entries)
        row = px(34)
        # Wide enough for the heading and the table's name beside it (a long name overlapped it).
        heading_w = ctx.font(26, bold=True).size(_("Keyboard shortcuts"))[0] + ctx.font(15).size(self.title)[0] + px(96)
        w = min(surface.get_width() - px(40), max(key_w + desc_w + px(80), heading_w))
        rect = pygame.Rect(0, 0, w, self._keys_height(surface))
        rect.centerx, rect.top = surface.get_width() // 2, self._panel_top(surface)
        widgets.panel(surface, ctx, rect)
        widgets.text(surface, _("Keyboard shortcuts"), ctx.font(26, bold=True), pal.accent, (rect.left + px(32), rect.top + px(24)))
        title = widgets.elide(self.title, ctx.font(15), max(px(40), w - heading_w + ctx.font(15).size(self.title)[0]))
        widgets.text(surface, title, ctx.font(15), pal.text_dim, (rect.right - px(32), rect.top + px(32)), "topright")
        y = rect.top + px(78)
        for key, desc in self.entries:
            if y + row > rect.bottom - px(30):
                break
            chip = pygame.Rect(rect.left + px(32), y, key_font.size(key)[0] + px(18), row - px(8))
            pygame.draw.rect(surface, (58, 62, 72), chip, border_radius=px(5))
            pygame.draw.rect(surface, (98, 104, 118), chip, width=1, border_radius=px(5))
            widgets.text(surface, key, key_font, pal.text, chip.center, "center")
            widgets.text(surface, desc, desc_font, pal.text, (rect.left + px(32) + key_w, chip.centery), "midleft")
            y += row
        widgets.text(surface, _("Press F1 or Esc to close"), ctx.font(13), pal.text_dim, (rect.centerx, rect.bottom - px(14)), "midbottom")
        self._draw_tabs(surface, rect)

    def _keys_height(self, surface: pygame.Surface) -> int:
        px = self.ctx.px
        tabs = px(34) if self.rules else 0
        return min(surface.get_height() - px(40) - 2 * tabs, px(130) + px(34) * len(self.entries))

    def _rules_height(self, surface: pygame.Surface) -> int:
        px = self.ctx.px
        return min(surface.get_height() - px(80), px(560))

    def _panel_top(self, surface: pygame.Surface) -> int:
        """Where both tabs' panels start: the taller of the two centred below the tabs' row, so
        the tabs stand at one height whichever is open (each panel centred on its own put the
        Keys and Rules tabs 29 px apart at 1280x720). The Keys panel alone is centred."""
        if not self.rules:
            return (surface.get_height() - self._keys_height(surface)) // 2
        tabs = self.ctx.px(34)
        tallest = max(self._keys_height(surface), self._rules_height(surface))
        return (surface.get_height() - tabs - tallest) // 2 + tabs

    def _draw_tabs(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Keys / Rules tab headers on the panel's top edge (Tab switches)."""
        self.tab_rects = {}
        if not self.rules:
            return
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        x = rect.centerx - px(110)
        for tab, label in (("keys", _("Keys")), ("rules", _("Rules"))):
            r = pygame.Rect(x, rect.top - px(34), px(100), px(34))
            active = tab == self.tab
            pygame.draw.rect(surface, pal.accent if active else (52, 57, 66), r, border_top_left_radius=px(6), border_top_right_radius=px(6))
            widgets.text(surface, label, ctx.font(15, bold=True), pal.accent_text if active else pal.text, r.center, "center")
            self.tab_rects[tab] = r
            x += px(110)

    def rule_list(self, w: int) -> tuple[int, list[FittedName]]:
        """The Rules tab's list in a panel `w` wide: its width, as wide as its longest title needs
        (Greek and Hungarian titles run long) within bounds that leave the rule's text its room,
        and each title fitted in it, whole, smaller when longer still."""
        ctx, px = self.ctx, self.ctx.px
        labels = [f"{rule.section}\u2002{_(rule.title)}" for rule in self.rules or ()]
        need = max((ctx.font(14).size(label)[0] for label in labels), default=0) + px(24)
        list_w = max(px(300), min(need, px(420), w // 2 - px(40)))
        return list_w, [fit_name(ctx.font, label, list_w - px(16), 14, 11, lines=1) for label in labels]

    def _draw_rules(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.dim(surface, 160)
        w = min(surface.get_width() - px(40), px(980))
        rect = pygame.Rect(0, 0, w, self._rules_height(surface))
        rect.centerx, rect.top = surface.get_width() // 2, self._panel_top(surface)
        widgets.panel(surface, ctx, rect)
        widgets.text(surface, _("Rules"), ctx.font(26, bold=True), pal.accent, (rect.left + px(32), rect.top + px(24)))
        list_w, labels = self.rule_list(w)
        row = px(26)
        y = rect.top + px(70)
        self.rule_rects = []
        first = max(0, min(self.rule_index - 5, len(self.rules) - (rect.bottom - px(40) - y) // row))
        for i, rule in enumerate(self.rules):
            if i < first:
                self.rule_rects.append(pygame.Rect(0, 0, 0, 0))
                continue
            if y + row > rect.bottom - px(36):
                break
            r = pygame.Rect(rect.left + px(24), y, list_w, row - px(2))
            if i == self.rule_index:
                pygame.draw.rect(surface, (60, 66, 78), r, border_radius=px(4))
            fitted = labels[i]
            widgets.text(surface, fitted.lines[0], ctx.font(fitted.size), pal.text if i == self.rule_index else pal.text_dim,
                         (r.left + px(8), r.centery), "midleft")
            self.rule_rects.append(r)
            y += row
        rule = self.rules[self.rule_index]
        body = pygame.Rect(rect.left + list_w + px(48), rect.top + px(70), rect.width - list_w - px(80), rect.height - px(120))
        widgets.text(surface, f"{rule.section}  {_(rule.title)}", ctx.font(20, bold=True), pal.text, body.topleft)
        widgets.text_block(surface, _(rule.text), ctx.font(16), pal.text, pygame.Rect(body.left, body.top + px(40), body.width, body.height - px(80)))
        if rule.see:
            see = _("See also: {sections}").format(sections=", ".join(rule.see))
            widgets.text(surface, see, ctx.font(13), pal.text_dim, (body.left, body.bottom - px(10)), "bottomleft")
        widgets.text(surface, _("Tab: keys and rules, arrows: another rule, Esc: close"), ctx.font(13), pal.text_dim,
                     (rect.centerx, rect.bottom - px(12)), "midbottom")
        self._draw_tabs(surface, rect)


class ErrorPanel(Scene):
    """A problem the user should read (a map that failed to load): title, message, one button."""

    opaque = False

    def __init__(self, ctx: Context, title: str, message: str) -> None:
        super().__init__(ctx)
        self.title = title
        self.message = message
        self.button: Button | None = None
        self.hovered = False

    def handle(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return Pop()
        if self.button is None:
            return None
        if event.type == pygame.MOUSEMOTION:
            hovered = self.button.rect.collidepoint(event.pos)
            if hovered != self.hovered:
                self.hovered, self.dirty = hovered, True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button.rect.collidepoint(event.pos):
            return Pop()
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        widgets.dim(surface, 170)
        w = min(surface.get_width() - px(40), px(720))
        body_font = ctx.font(17)
        lines = widgets.wrap(self.message, body_font, w - px(64))
        h = px(170) + len(lines) * int(body_font.get_linesize() * 1.25)
        rect = pygame.Rect(0, 0, w, min(h, surface.get_height() - px(40)))
        rect.center = surface.get_rect().center
        widgets.panel(surface, ctx, rect)
        pygame.draw.rect(surface, pal.danger, (rect.left, rect.top, rect.width, px(6)), border_top_left_radius=px(8), border_top_right_radius=px(8))
        # a warning sign drawn as a vector so it needs no art
        cx, cy, s = rect.left + px(46), rect.top + px(46), px(18)
        pygame.draw.polygon(surface, pal.danger, [(cx, cy - s), (cx + s, cy + s), (cx - s, cy + s)])
        widgets.text(surface, "!", ctx.font(20, bold=True), (255, 255, 255), (cx, cy + px(4)), "center")
        widgets.text(surface, self.title, ctx.font(24, bold=True), pal.text, (rect.left + px(80), rect.top + px(30)))
        widgets.text_block(surface, self.message, body_font, pal.text, pygame.Rect(rect.left + px(32), rect.top + px(84), w - px(64), rect.height - px(160)))
        bw, bh = px(220), px(46)
        self.button = Button(pygame.Rect(rect.right - bw - px(28), rect.bottom - bh - px(24), bw, bh), _("Back to menu"), Pop(), primary=True)
        self.button.draw(surface, ctx, self.hovered)
