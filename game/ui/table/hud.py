"""The table's chrome: toolbar, side panel (map, hovered place, line of sight, legend), hand."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.board.model import Board
from game.i18n import _, capitals
from game.ui import widgets
from game.titles import TITLES
from game.ui.scene import Context
from game.ui.maplist import shown_name
from game.ui.table.los_view import LosShown
from game.ui.table.places import Place

TITLE_NAMES = {g.key: g.name for g in TITLES}


@dataclass
class ToolButton:
    key: str  # "menu", "fit", "zoom_out", "zoom_in", "los"
    rect: pygame.Rect
    label: str
    active: bool = False


def toolbar_buttons(ctx: Context, width: int, height: int, los_active: bool) -> list[ToolButton]:
    px = ctx.px
    font = ctx.font(15, bold=True)
    pad, gap, bh = px(14), px(8), height - px(16)
    y = (height - bh) // 2

    def sized(label: str, minimum: int = 0) -> int:
        return max(minimum, font.size(label)[0] + 2 * pad)

    buttons = [ToolButton("menu", pygame.Rect(px(10), y, sized(_("Menu")), bh), _("Menu"))]
    right = width - px(10)
    los_label = _("Line of sight")
    specs = [("los", los_label + "  (L)", los_active), ("zoom_in", "+", False), ("zoom_out", "\u2212", False), ("fit", _("Fit"), False)]
    for key, label, active in specs:
        w = sized(label, bh if len(label) == 1 else 0)
        right -= w
        buttons.append(ToolButton(key, pygame.Rect(right, y, w, bh), label, active))
        right -= gap if key != "zoom_in" else px(70)  # room for the zoom percentage
    return buttons


def draw_toolbar(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, buttons: list[ToolButton],
                 hovered: str | None, title: str, zoom: float) -> None:
    pal, px = ctx.palette, ctx.px
    pygame.draw.rect(surface, pal.panel, rect)
    pygame.draw.line(surface, pal.panel_edge, (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1), 2)
    font = ctx.font(15, bold=True)
    for b in buttons:
        hot = b.key == hovered
        fill = pal.accent if (b.active or hot) else (52, 57, 66)
        colour = pal.accent_text if (b.active or hot) else pal.text
        pygame.draw.rect(surface, fill, b.rect, border_radius=px(6))
        pygame.draw.rect(surface, (92, 98, 110) if not b.active else pal.accent, b.rect, width=1, border_radius=px(6))
        widgets.text(surface, b.label, font, colour, b.rect.center, "center")
    menu = buttons[0].rect
    widgets.text(surface, title, ctx.font(19, bold=True), pal.text, (menu.right + px(18), rect.centery), "midleft")
    zin = next(b for b in buttons if b.key == "zoom_in").rect
    widgets.text(surface, f"{round(zoom * 100)} %", ctx.font(15), pal.text_dim, (zin.left - px(35), rect.centery), "center")


def draw_side_panel(surface: pygame.Surface, ctx: Context, rect: pygame.Rect, board: Board, map_label: str,
                    hovered: Place | None, los_active: bool, los_from: Place | None, los: LosShown | None,
                    notices: list[str]) -> None:
    pal, px = ctx.palette, ctx.px
    pygame.draw.rect(surface, pal.panel, rect)
    pygame.draw.line(surface, pal.panel_edge, rect.topleft, rect.bottomleft, 2)
    x, y, inner_w = rect.left + px(20), rect.top + px(18), rect.width - px(40)
    body, small = ctx.font(15), ctx.font(13)
    limit = rect.bottom - px(12)
    # At a large UI scale in a small window the panel runs out of room: text wraps into what is
    # left of the panel (never cut mid-sentence) and legend rows that do not fit are left out.
    previous_clip = surface.get_clip()
    surface.set_clip(rect)

    def block(text: str, font: pygame.font.Font, colour, top: int) -> int:
        return widgets.text_block(surface, text, font, colour, pygame.Rect(x, top, inner_w, limit - top), 1.1)

    name = shown_name(str(board.properties.get("name") or map_label), str(board.properties.get("title", "")))
    y = block(name, ctx.font(21, bold=True), pal.text, y)
    title = TITLE_NAMES.get(str(board.properties.get("title", "")), "")
    kind = _("square grid") if board.grid is not None else _("areas")
    facts = " \u00b7 ".join(s for s in (title, kind, f"{board.width}\u00d7{board.height}") if s)
    y = block(facts, small, pal.text_dim, y + px(2)) + px(4)
    flavour = board.properties.get("flavour")
    if flavour:  # the shipped maps' and tiles' are in the catalogues (game/i18n_extract.py); a user's map its own
        y = block(_(str(flavour)), small, pal.text_dim, y)
    y = _section(surface, ctx, _("Under the pointer"), x, y + px(10), inner_w)
    if hovered is None:
        y = widgets.text(surface, _("nothing (off the board)"), body, pal.text_dim, (x, y)).bottom
    else:
        y = widgets.text(surface, shown_label(board, hovered), ctx.font(17, bold=True), pal.hover, (x, y)).bottom
        for line in _place_facts(board, hovered):
            y = widgets.text(surface, line, small, pal.text_dim, (x, y + px(3))).bottom
    y = _section(surface, ctx, _("Line of sight"), x, y + px(16), inner_w)
    if los is not None:
        y = _los_pair(surface, ctx, board, x, y, los.origin, los.target)
        colour = pal.los_visible if los.visible else pal.los_blocked
        chip = pygame.Rect(x, y + px(6), inner_w, px(34))
        pygame.draw.rect(surface, colour, chip, border_radius=px(6))
        widgets.text(surface, los.status, ctx.font(16, bold=True), (12, 12, 14), (chip.left + px(12), chip.centery), "midleft")
        y = chip.bottom + px(4)
        tip = _("Click two more places for another check.") if los_active else _("Press L to check another pair.")
        y = block(tip, small, pal.text_dim, y + px(2))
    elif los_active:
        y = _los_pair(surface, ctx, board, x, y, los_from, None)
        msg = _("Click the place to look from.") if los_from is None else _("Click the place to look at.")
        y = block(msg, body, pal.accent, y + px(4))
    else:
        y = block(_("Press L (or the toolbar button), then click two places."), body, pal.text_dim, y)
    y = _section(surface, ctx, _("Legend"), x, y + px(16), inner_w)
    y = _legend(surface, ctx, board, x, y, limit, inner_w)
    bottom = rect.bottom - px(14)
    for notice in reversed(notices[-2:]):
        lines = widgets.wrap(notice, small, inner_w)
        top = bottom - len(lines) * small.get_linesize()
        if top < y:
            break
        widgets.text_block(surface, notice, small, pal.danger, pygame.Rect(x, top, inner_w, bottom - top + px(4)), 1.0)
        bottom = top - px(6)
    surface.set_clip(previous_clip)


def shown_label(board: Board, place: Place) -> str:
    """A place as the viewer names it to a player. On a Gears map an area reads as the table names
    it, in the reader's language ("Főtér", on a built map "Főtér (1A)"); any other place by its
    label (the id `python -m game los` takes)."""
    area = board.areas.get(place.name) if place.kind == "area" else None
    if area is None or str(board.properties.get("title", "")) != "gears":
        return place.label
    from game.gears.rules.names import place as place_words

    piece = place.name.rpartition(":")[0]
    words = place_words(area.words)
    return f"{words} ({piece})" if piece else words


def _section(surface, ctx: Context, title: str, x: int, y: int, width: int) -> int:
    pal, px = ctx.palette, ctx.px
    r = widgets.text(surface, capitals(title), ctx.font(12, bold=True), pal.accent, (x, y))
    pygame.draw.line(surface, (70, 74, 84), (r.right + px(8), r.centery), (x + width, r.centery), 1)
    return r.bottom + px(8)


def _los_pair(surface, ctx: Context, board: Board, x: int, y: int, origin: Place | None, target: Place | None) -> int:
    pal, px = ctx.palette, ctx.px
    font = ctx.font(15)
    for letter, place, colour in (("A", origin, pal.los_from), ("B", target, pal.los_to)):
        pygame.draw.circle(surface, colour, (x + px(10), y + px(11)), px(10))
        widgets.text(surface, letter, ctx.font(12, bold=True), (12, 12, 14), (x + px(10), y + px(11)), "center")
        widgets.text(surface, shown_label(board, place) if place else "\u2014", font, pal.text if place else pal.text_dim, (x + px(28), y + px(11)), "midleft")
        y += px(26)
    return y


def _place_facts(board: Board, place: Place) -> list[str]:
    facts: list[str] = []
    if place.kind == "cell":
        facts.append(_("square {cell}").format(cell=place.name))
        return facts
    cover = board.cover_in(place.name) if hasattr(board, "cover_in") else ()
    if cover:
        facts.append(_("cover spots: {n}").format(n=len(cover)))
    holes = [m for m in board.markers if m.kind == "emergence" and m.area == place.name]
    if holes:
        facts.append(_("emergence holes: {n}").format(n=len(holes)))
    return facts


def _legend(surface, ctx: Context, board: Board, x: int, y: int, limit: int, width: int) -> int:
    pal, px = ctx.palette, ctx.px
    font = ctx.font(14)
    entries: list[tuple[str, str]] = [("wall", _("wall"))]
    if board.doors:
        entries.append(("door", _("door (closed)")))
    if board.lines_of("level_line"):
        # Blue dashes read as a way through (the entrance and exit dashes are blue too): the
        # legend says it is none (spec 3.2: it blocks movement, not sight).
        entries.append(("level", _("level line: no way through")))
    if board.cover:
        entries.append(("cover", _("cover and its direction")))
    if board.markers_of("emergence"):
        entries.append(("emergence", _("emergence hole")))
    if board.connectors:
        entries.append(("connector", _("entrance or exit")))
    entries += [("visible", _("line of sight: visible")), ("blocked", _("line of sight: blocking wall"))]
    for key, label in entries:
        # A label on as many lines as the panel's width needs (Greek 'οπτική επαφή: τοίχος που
        # εμποδίζει' ran past the window's edge on one line).
        lines = widgets.wrap(label, font, width - px(46))
        row = max(px(24), len(lines) * font.get_linesize() + px(6))
        if y + row > limit:
            break
        sy = y + row // 2
        sx0, sx1 = x, x + px(34)
        if key == "wall":
            art = "board/wall_doom.png" if board.grid is not None else "board/wall.png"
            if not _art_swatch(surface, ctx, art, pygame.Rect(sx0, sy - px(6), sx1 - sx0, px(12))):
                pygame.draw.line(surface, pal.wall_edge, (sx0, sy), (sx1, sy), px(9))
                pygame.draw.line(surface, pal.wall, (sx0 + 1, sy), (sx1 - 1, sy), px(6))
        elif key == "door":
            if pal.name == "cb_safe" or not _art_swatch(surface, ctx, "board/door_closed.png", pygame.Rect(sx0, sy - px(7), sx1 - sx0, px(14))):
                pygame.draw.line(surface, pal.door_closed, (sx0, sy), (sx1, sy), px(8))
        elif key == "level":
            for i in range(3):
                pygame.draw.line(surface, pal.level_line, (sx0 + i * px(13), sy), (sx0 + i * px(13) + px(8), sy), px(4))
        elif key == "cover" and ctx.assets.exists("board/cover_sandbags.png"):
            _art_swatch(surface, ctx, "board/cover_sandbags.png", pygame.Rect(sx0, sy - px(10), px(20), px(20)))
            arrow = pygame.transform.rotate(ctx.assets.image("board/cover_arrow.png", (px(20), px(20))), -90)
            surface.blit(arrow, arrow.get_rect(center=(sx0 + px(26), sy)))
        elif key == "emergence" and ctx.assets.exists("board/hole_open.png"):
            _art_swatch(surface, ctx, "board/hole_open.png", pygame.Rect(sx0 + px(6), sy - px(11), px(22), px(22)))
        elif key == "cover":
            pygame.draw.circle(surface, pal.cover, (sx0 + px(10), sy), px(7))
            pygame.draw.polygon(surface, pal.cover, [(sx0 + px(20), sy - px(5)), (sx0 + px(32), sy), (sx0 + px(20), sy + px(5))])
        elif key == "emergence":
            pygame.draw.ellipse(surface, pal.emergence, pygame.Rect(sx0 + px(3), sy - px(7), px(28), px(14)))
            pygame.draw.ellipse(surface, (8, 6, 6), pygame.Rect(sx0 + px(7), sy - px(4), px(20), px(8)))
        elif key == "connector":
            for i in range(3):
                pygame.draw.line(surface, pal.connector, (sx0 + i * px(13), sy), (sx0 + i * px(13) + px(7), sy), px(4))
        elif key == "visible":
            pygame.draw.line(surface, pal.los_visible, (sx0, sy), (sx1, sy), px(4))
        else:
            pygame.draw.line(surface, pal.los_blocked, (sx0, sy), (sx1, sy), px(8))
        top = sy - len(lines) * font.get_linesize() // 2
        for i, line in enumerate(lines):
            widgets.text(surface, line, font, pal.text, (x + px(46), top + i * font.get_linesize()))
        y += row
    return y


def _art_swatch(surface, ctx: Context, rel: str, box: pygame.Rect) -> bool:
    if not ctx.assets.exists(rel):
        return False
    surface.blit(ctx.assets.image(rel, box.size), box)
    return True


def draw_hand(surface: pygame.Surface, ctx: Context, view: pygame.Rect, cards: list[str]) -> None:
    """The hand as a fan of cards along the bottom of the view, like cards held over the table."""
    if not cards:
        return
    px = ctx.px
    cw, ch = px(112), px(160)
    step = min(cw + px(10), (view.width - px(40) - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
    total = cw + step * (len(cards) - 1)
    x0 = view.centerx - total // 2
    y = view.bottom - ch + px(40)  # partly below the edge, as if held low
    for i, name in enumerate(cards):
        image = ctx.assets.image(f"cards/{name}.png", (cw, ch))
        surface.blit(image, (x0 + i * step, y))
