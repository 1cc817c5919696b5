"""Drawing the builder scene: table, pieces, connectors, live problems, palette and panel."""
from __future__ import annotations

import pygame

from game.board.builder import BuildPlacement, Issue, piece_words
from game.gears.rules.names import place
from game.i18n import _, ngettext
from game.ui import widgets
from game.ui.builder.mission import MissionPanel
from game.ui.kit.name_fit import FittedName, fit_name
from game.ui.table.board_render import dashed_line

ERROR = (226, 74, 51)
WARNING = (240, 180, 40)
SNAP_OK = (90, 200, 120)




def shown_note(note: str) -> str:
    """A builder notice as the panel shows it: a problem line's file by its name alone
    ('broken.tmx: layer walls: ...'), the folders left out (the line names it whole in the log)."""
    head, sep, rest = str(note).partition(": ")
    if sep and ("/" in head or "\\" in head) and "." in head.rsplit("/", 1)[-1]:
        return head.replace("\\", "/").rsplit("/", 1)[-1] + sep + rest
    return str(note)

def draw_scene(scene, surface: pygame.Surface) -> None:
    ctx, pal = scene.ctx, scene.ctx.palette
    view = scene.view_rect
    surface.fill(pal.table, view)
    surface.set_clip(view)
    _draw_table(scene, surface)
    validation = scene.validation()
    overlap = {n for i in validation.issues if i.kind == "overlap" for n in i.pieces}
    for p in scene.builder.state.placements:
        if scene.drag is not None and scene.drag.kind == "move" and scene.drag.moved and scene.drag.name == p.name:
            continue
        _draw_piece(scene, surface, p, 255)
        if p.name in overlap:
            _outline(scene, surface, p, ERROR, 3)
    _draw_connectors(scene, surface)
    if scene.builder.title == "doom":
        from game.ui.builder.things import draw_items

        draw_items(scene, surface)
    _draw_issues(scene, surface, validation.issues)
    if scene.builder.title == "doom":
        from game.ui.builder.things import draw_door_tags, item_marks

        draw_door_tags(scene, surface, item_marks(scene) + issue_marks(scene, validation.issues))
    if scene.selected in scene.builder.state.names():
        _outline(scene, surface, scene.builder.placement(scene.selected), pal.accent, 2)
    if scene.drag is not None and scene.drag.item is None and (scene.drag.moved or scene.drag.kind == "new") and scene.mouse and view.collidepoint(scene.mouse):
        ghost = scene.drag.ghost
        _draw_piece(scene, surface, ghost, 170)
        _outline(scene, surface, ghost, SNAP_OK if _joined(scene, ghost) else pal.accent, 2)
    surface.set_clip(None)
    _draw_toolbar(scene, surface)
    _draw_palette(scene, surface)
    _draw_panel(scene, surface, validation)
    if scene.mission is not None:
        scene._mission_layout().draw(surface, ctx)


def _draw_table(scene, surface: pygame.Surface) -> None:
    """A faint tile grid where pieces may go: snapping puts corners on it."""
    cam = scene.camera
    view = scene.view_rect
    step = 64 * cam.zoom
    if step < 6:
        return
    colour = tuple(min(255, c + 10) for c in scene.ctx.palette.table)
    x0, y0 = cam.to_map(view.left, view.top)
    x1, y1 = cam.to_map(view.right, view.bottom)
    c = int(x0 // 64)
    while c * 64 <= x1:
        sx, _ = cam.to_screen(c * 64, 0)
        pygame.draw.line(surface, colour, (sx, view.top), (sx, view.bottom))
        c += 1
    r = int(y0 // 64)
    while r * 64 <= y1:
        _, sy = cam.to_screen(0, r * 64)
        pygame.draw.line(surface, colour, (view.left, sy), (view.right, sy))
        r += 1


def _draw_piece(scene, surface: pygame.Surface, p: BuildPlacement, alpha: int) -> None:
    info = scene.builder.library.pieces.get(p.piece)
    if info is None:
        return
    img = scene.sprites.image(info, p, scene.camera.zoom_index)
    x, y = scene.camera.to_screen(float(p.x), float(p.y))
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, (round(x), round(y)))


def _screen_rect(scene, p: BuildPlacement) -> pygame.Rect:
    x, y, w, h = scene.builder.rect_of(p)
    sx, sy = scene.camera.to_screen(x, y)
    z = scene.camera.zoom
    return pygame.Rect(round(sx), round(sy), round(w * z), round(h * z))


def _outline(scene, surface: pygame.Surface, p: BuildPlacement, colour, width: int) -> None:
    try:
        rect = _screen_rect(scene, p)
    except Exception:  # noqa: BLE001 - a ghost of a piece not in the library: nothing to outline
        return
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), scene.ctx.px(width), border_radius=scene.ctx.px(4))


def _joined(scene, ghost: BuildPlacement) -> bool:
    """The ghost's connectors meet a free connector: it snapped onto another piece."""
    b = scene.builder
    others = [p for p in b.state.placements if p.name != (scene.drag.name if scene.drag else None)]
    try:
        mine = b.placed(ghost).connectors
    except Exception:  # noqa: BLE001
        return False
    free = b.connectors_free(others)
    return any({c.segment.a, c.segment.b} == {d.segment.a, d.segment.b} for c in mine for d in free)


def _draw_connectors(scene, surface: pygame.Surface) -> None:
    b = scene.builder
    cam = scene.camera
    z = cam.zoom
    doors = b.state.doors
    free = b.connectors_free(b.state.placements)
    names = {c.name for c in free}
    # door tokens on joints too (their exit is not free)
    joints = [c for p in b.state.placements for c in b.placed(p).connectors if c.name in doors and c.name not in names]
    for c in free + joints:
        a = cam.to_screen(float(c.segment.a[0]), float(c.segment.a[1]))
        e = cam.to_screen(float(c.segment.b[0]), float(c.segment.b[1]))
        if c.name in doors:
            pygame.draw.line(surface, (20, 20, 24), a, e, max(5, round(18 * z)))
            pygame.draw.line(surface, (196, 160, 72), a, e, max(3, round(12 * z)))
        elif c.kind == "entrance":
            dashed_line(surface, SNAP_OK, a, e, max(3, round(8 * z)), 10 * z, 6 * z)
        else:
            dashed_line(surface, WARNING, a, e, max(3, round(8 * z)), 10 * z, 6 * z)


def _draw_issues(scene, surface: pygame.Surface, issues: list[Issue]) -> None:
    cam = scene.camera
    font = scene.ctx.font(13, bold=True)
    r = scene.ctx.px(11)
    for n, issue in enumerate(issues, 1):
        colour = ERROR if issue.severity == "error" else WARNING
        if issue.segment is not None:
            a = cam.to_screen(*issue.segment[0])
            e = cam.to_screen(*issue.segment[1])
            pygame.draw.line(surface, colour, a, e, max(3, scene.ctx.px(4)))
        if issue.at is None:
            continue
        x, y = cam.to_screen(*issue.at)
        big = scene.hover_issue == n - 1
        rr = r + (scene.ctx.px(4) if big else 0)
        pygame.draw.circle(surface, (12, 12, 14), (round(x), round(y) + 2), rr + 2)
        pygame.draw.circle(surface, colour, (round(x), round(y)), rr)
        widgets.text(surface, str(n), font, (18, 18, 20), (round(x), round(y)), "center")


def issue_marks(scene, issues: list[Issue]) -> list[pygame.Rect]:
    """The boxes of the problems' numbered dots on screen (_draw_issues draws them)."""
    r = scene.ctx.px(11) + scene.ctx.px(4)
    out = []
    for issue in issues:
        if issue.at is not None:
            x, y = scene.camera.to_screen(*issue.at)
            out.append(pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r + 2))
    return out


def _draw_toolbar(scene, surface: pygame.Surface) -> None:
    ctx, pal, px = scene.ctx, scene.ctx.palette, scene.ctx.px
    rect = scene.toolbar_rect
    pygame.draw.rect(surface, pal.panel, rect)
    pygame.draw.line(surface, pal.panel_edge, (rect.left, rect.bottom - 1), (rect.right, rect.bottom - 1), 2)
    font = scene.toolbar_font
    can = {"undo": bool(scene.builder.undo_stack), "redo": bool(scene.builder.redo_stack),
           "rotate": scene.target() is not None or scene.drag is not None, "flip": scene.target() is not None,
           "delete": scene.target() is not None or scene.selected_item is not None, "face": _has_other_face(scene),
           "save": bool(scene.builder.state.placements)}
    for b in scene.buttons:
        enabled = can.get(b.key, True)
        hot = b.key == scene._hover_button and enabled
        if b.key == "title":
            fill, colour = (36, 40, 48), pal.accent
        elif hot:
            fill, colour = pal.accent, pal.accent_text
        else:
            fill, colour = (52, 57, 66), pal.text if enabled else pal.text_dim
        pygame.draw.rect(surface, fill, b.rect, border_radius=px(6))
        pygame.draw.rect(surface, (92, 98, 110), b.rect, width=1, border_radius=px(6))
        widgets.text(surface, b.label, font, colour, b.rect.center, "center")
    zoom = ctx.font(14).render(f"{round(scene.camera.zoom * 100)}%", True, pal.text_dim)
    left_end = max(b.rect.right for b in scene.buttons if b.key not in ("save", "fit"))
    right_start = min(b.rect.left for b in scene.buttons if b.key in ("save", "fit"))
    if right_start - left_end > zoom.get_width() + px(20):
        surface.blit(zoom, zoom.get_rect(midright=(right_start - px(10), rect.centery)))


def _has_other_face(scene) -> bool:
    t = scene.target()
    if t is None:
        return False
    b = scene.builder
    info = b.piece(b.placement(t))
    return len(b.library.faces_of(info.tile)) > 1


def _draw_palette(scene, surface: pygame.Surface) -> None:
    ctx, pal, px = scene.ctx, scene.ctx.palette, scene.ctx.px
    r = scene.palette_rect
    surface.fill((0, 0, 0), r)  # the panel's rounded edges: no strip of a wider palette left behind
    widgets.panel(surface, ctx, r)
    # The heading names what is listed and counted: on the Things tab it read "Map pieces  31".
    title = _("Things") if scene.palette_tab == "things" else _("Map pieces") if scene.builder.title == "doom" else _("Tiles")
    widgets.text(surface, title, ctx.font(17, bold=True), pal.text, (r.left + px(14), r.top + px(12)), shadow=True)
    n = len(scene.palette_entries) if scene.palette_tab != "things" else sum(1 for t in scene.thing_entries if t.thing)
    count = ctx.font(13).render(str(n), True, pal.text_dim)
    surface.blit(count, count.get_rect(topright=(r.right - px(14), r.top + px(16))))
    top = r.top + px(40)
    if scene.tab_rects:
        font = ctx.font(14, bold=True)
        for tab, label in (("pieces", _("Pieces")), ("things", _("Things"))):
            rect = scene.tab_rects[tab]
            on = scene.palette_tab == tab
            pygame.draw.rect(surface, pal.accent if on else (52, 57, 66), rect, border_radius=px(6))
            pygame.draw.rect(surface, (92, 98, 110), rect, 1, border_radius=px(6))
            widgets.text(surface, label, font, pal.accent_text if on else pal.text, rect.center, "center")
        top = r.top + px(76)
    surface.set_clip(pygame.Rect(r.left, top, r.width, r.bottom - top))
    if scene.palette_tab == "things" and scene.tab_rects:
        _draw_things(scene, surface)
        surface.set_clip(None)
        return
    lib = scene.builder.library
    bold = ctx.font(14, bold=True)
    for entry in scene.palette_entries:
        if entry.rect.bottom < r.top or entry.rect.top > r.bottom:
            continue
        info = lib[entry.key]
        hot = scene.mouse is not None and entry.rect.collidepoint(scene.mouse) and r.collidepoint(scene.mouse)
        pygame.draw.rect(surface, (44, 48, 56) if not hot else (60, 66, 78), entry.rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if hot else (78, 84, 96), entry.rect, 1, border_radius=px(6))
        used = any(p.piece == info.key for p in scene.builder.state.placements)
        colour = pal.accent if used else pal.text
        # A piece by its name, whole on up to two lines (three) under its thumbnail (a Doom piece's key
        # is a file name, "corridor_t"); a Gears tile's printed id ("1A") on the thumbnail's
        # corner. Cut to one line, four Doom pieces read "Corridor…" alike, and beside the id
        # Gears tiles read "Fountai…", "Collaps…" (two tiles are Collapsed) at 1280x720.
        fitted = palette_name(scene, piece_name(info), entry.rect.width - px(12))
        font = ctx.font(fitted.size, bold=True)
        step = font.get_linesize()
        thumb = scene.sprites.thumb(info, (entry.rect.width - px(10), entry.rect.height - px(12) - step * len(fitted.lines)))
        at = thumb.get_rect(midtop=(entry.rect.centerx, entry.rect.top + px(5)))
        surface.blit(thumb, at)
        if info.title != "doom":
            tag = widgets.rendered(bold, info.key, colour).get_rect(topleft=(at.left + px(5), at.top + px(3)))
            pygame.draw.rect(surface, (24, 26, 31), tag.inflate(px(6), px(2)), border_radius=px(4))
            widgets.text(surface, info.key, bold, colour, tag.topleft)
        y = entry.rect.bottom - px(4) - step * len(fitted.lines)
        for line in fitted.lines:
            widgets.text(surface, line, font, colour, (entry.rect.left + px(6), y))
            y += step
    surface.set_clip(None)


def piece_name(info) -> str:
    """A piece's name in the reader's language: a Gears tile's name is one of the Gears places
    (game/gears/rules/names.py place, extracted from the tiles); a Doom piece's is its map's name
    under the context "doom" (game/board/builder.py piece_words; it showed in English in any
    language)."""
    if info.title == "gears":
        return place(info.name or info.key)
    return str(piece_words(info))


def palette_name(scene, name: str, room: int) -> FittedName:
    """A palette entry's name fitted `room` pixels wide on up to two lines, three where two do
    not hold it at the least size (the thumbnail above gives up the room: the Greek 'P1 Ως τα
    γόνατα στους νεκρούς' was cut at 1280x720); the kit's fitting: a smaller size first, then
    whole words, then syllables."""
    return fit_name(lambda n: scene.ctx.font(n, bold=True), name, room, 14, 10, lines=3)


def _draw_things(scene, surface: pygame.Surface) -> None:
    """The Doom things palette: section headings, a row per thing with its icon, and the tag
    new figures are placed with (spec 9.2)."""
    from game.ui.builder.things import SECTIONS, icon

    ctx, pal, px = scene.ctx, scene.ctx.palette, scene.ctx.px
    r = scene.palette_rect
    font, head = ctx.font(12), ctx.font(13, bold=True)
    section = None
    for te in scene.thing_entries:
        t = te.thing
        sec = t.section if t is not None else "figures"
        if sec != section:
            section = sec
            widgets.text(surface, _(SECTIONS[sec]), head, pal.text_dim, (r.left + px(12), te.rect.top - px(20)))
        hot = scene.mouse is not None and te.rect.collidepoint(scene.mouse)
        if te.key == "tag":
            pygame.draw.rect(surface, (70, 56, 30), te.rect, border_radius=px(6))
            pygame.draw.rect(surface, pal.accent, te.rect, 1, border_radius=px(6))
            label = _("New figures: with {n}+ marines (T)").format(n=scene.figure_tag)
            widgets.text(surface, widgets.elide(label, font, te.rect.width - px(12)), font, pal.text, te.rect.center, "center")
            continue
        pygame.draw.rect(surface, (60, 66, 78) if hot else (44, 48, 56), te.rect, border_radius=px(6))
        pygame.draw.rect(surface, pal.accent if hot else (78, 84, 96), te.rect, 1, border_radius=px(6))
        ir = te.rect.height // 2 - px(3)
        icon(surface, ctx, t.kind, t.value, (te.rect.left + px(4) + ir, te.rect.centery), ir, tag=False)
        # A smaller size, then two lines, before an ellipsis: cut, the Hungarian
        # 'Teleporthely (pi…' and 'Teleporthely (k…' could not be told apart.
        fitted = fit_name(ctx.font, t.label, te.rect.width - ir * 2 - px(14), 12, 9,
                          lines=2 if 2 * ctx.font(9).get_linesize() <= te.rect.height else 1)
        f = ctx.font(fitted.size)
        step = min(f.get_linesize(), te.rect.height // len(fitted.lines))
        y = te.rect.centery - step * len(fitted.lines) // 2
        for line in fitted.lines:
            widgets.text(surface, line, f, pal.text, (te.rect.left + ir * 2 + px(10), y + step // 2), "midleft")
            y += step


def problem_counts(validation) -> str:
    """The problems counted in words: those that must be fixed (red) and those to check
    (yellow); empty when there are none."""
    errors = len(validation.errors)
    warnings = len(validation.issues) - errors
    parts = []
    if errors:
        parts.append(_("{n} to fix").format(n=errors))
    if warnings:
        parts.append(_("{n} to check").format(n=warnings))
    return "  \u00b7  ".join(parts)


def _draw_panel(scene, surface: pygame.Surface, validation) -> None:
    ctx, pal, px = scene.ctx, scene.ctx.palette, scene.ctx.px
    r = scene.panel_rect
    surface.fill((0, 0, 0), r)  # as the palette: the panel's rounded edges show no earlier screen (the menu)
    widgets.panel(surface, ctx, r)
    x, w = r.left + px(16), r.width - px(32)
    y = r.top + px(12)
    state = scene.builder.state
    # The default name in the reader's language; a name the user gave as it is. A click on it
    # (or Save while it is the default) types a new one in its place.
    big = ctx.font(19, bold=True)
    scene.name_rect = pygame.Rect(x - px(6), y - px(3), w + px(12), big.get_linesize() + px(6))
    if scene.naming is not None:
        pygame.draw.rect(surface, (22, 24, 28), scene.name_rect, border_radius=px(4))
        pygame.draw.rect(surface, pal.accent, scene.name_rect, 1, border_radius=px(4))
        typed = scene.naming + "|"
        while len(typed) > 1 and big.size(typed)[0] > w:  # the end of a long name, where the typing is
            typed = typed[1:]
        if scene.naming:
            widgets.text(surface, typed, big, pal.text, (x, y))
        else:
            widgets.text(surface, "|", big, pal.text, (x, y))
            hint = ctx.font(13)
            widgets.text(surface, widgets.elide(_("Type the map's name"), hint, w - px(12)), hint, pal.text_dim,
                         (x + px(12), scene.name_rect.centery), "midleft")
    else:
        widgets.text(surface, widgets.elide(scene.map_name(), big, w), big, pal.text, (x, y), shadow=True)
    y += px(28)
    pieces = len(state.placements)
    facts = ngettext("{n} piece", "{n} pieces", pieces).format(n=pieces) + "  \u00b7  " + (_("size {size}").format(size=MissionPanel.size_word(state.meta.size)) if scene.builder.title == "gears" else "")
    widgets.text(surface, facts.strip(" \u00b7"), ctx.font(13), pal.text_dim, (x, y))
    y += px(22)
    pygame.draw.line(surface, pal.panel_edge, (x, y), (x + w, y))
    y += px(8)
    # The heading and the counts in words ("1 to fix · 2 to check"): it read "Problems  (1 / 2)"
    # with the check's time ("3 ms") beside it, numbers a player could not read.
    bold = ctx.font(15, bold=True)
    head = widgets.text(surface, _("Problems"), bold, pal.text, (x, y))
    counts = problem_counts(validation)
    if counts:
        small = ctx.font(12)
        if small.size(counts)[0] <= w - head.width - px(12):
            widgets.text(surface, counts, small, pal.text_dim, (x + w, y + px(2)), "topright")
        else:  # beside a long heading it would run into it: on its own line below
            y += px(20)
            widgets.text(surface, widgets.elide(counts, small, w), small, pal.text_dim, (x, y))
    y += px(24)
    scene.issue_rows = []
    font = ctx.font(13)
    small = ctx.font(12)
    notes = scene.notices + scene.load_problems
    # The last notice wrapped, its file named without its folders: a map that failed to open
    # showed '/work/…/maps/custom/broken.tmx: …' cut after the path, never what was wrong. Up
    # to six lines: a Hungarian object's problem takes five at 1280x720 (cut after four, its
    # line number was lost).
    note_lines = widgets.wrap_most(shown_note(notes[-1]), small, w, 6) if notes else []
    bottom_reserved = px(150) + max(0, len(note_lines) - 1) * small.get_linesize()
    # A status of more than two lines (a save: what it wrote, the problems left, how to play the
    # map) takes its room from the problem list, which says '… and N more'.
    status_lines = min(5, len(widgets.wrap(scene.status, font, w))) if scene.status else 0
    bottom_reserved += max(0, status_lines - 2) * font.get_linesize()
    if not validation.issues:
        # Wrapped, not cut: at 1280x720 the panel's width read "No problems: ready to save and...".
        for line in widgets.wrap_most(_("No problems: ready to save and play"), font, w, 3):
            widgets.text(surface, line, font, SNAP_OK, (x, y))
            y += font.get_linesize()
        y += px(22) - font.get_linesize()
    limit = r.bottom - bottom_reserved  # the rule above the selection and status
    for n, issue in enumerate(validation.issues, 1):
        lines = widgets.wrap_most(str(issue.message), font, w - px(30), 5)
        h = len(lines) * font.get_linesize() + px(8)
        # An issue with more after it leaves room for the '… and N more' line below it: that
        # line was drawn wherever the last issue ended, across the rule and the piece's name.
        room_after = 0 if n == len(validation.issues) else px(4) + font.get_linesize()
        if y + h + room_after > limit:
            more = len(validation.issues) - n + 1
            widgets.text(surface, _("\u2026 and {n} more").format(n=more), font, pal.text_dim, (x, y))
            y += px(20)
            break
        row = pygame.Rect(x - px(6), y - px(2), w + px(12), h)
        if scene.hover_issue == n - 1:
            pygame.draw.rect(surface, (60, 66, 78), row, border_radius=px(4))
        colour = ERROR if issue.severity == "error" else WARNING
        pygame.draw.circle(surface, colour, (x + px(8), y + font.get_linesize() // 2 + px(1)), px(8))
        widgets.text(surface, str(n), ctx.font(11, bold=True), (18, 18, 20), (x + px(8), y + font.get_linesize() // 2 + px(1)), "center")
        for i, line in enumerate(lines):
            widgets.text(surface, line, font, pal.text, (x + px(24), y + i * font.get_linesize()))
        scene.issue_rows.append((row, issue))
        y += h + px(4)
    # selection and status at the bottom
    yb = r.bottom - bottom_reserved + px(6)
    pygame.draw.line(surface, pal.panel_edge, (x, yb), (x + w, yb))
    yb += px(8)
    t = scene.target()
    item = scene.selected_item and next((i for i in scene.builder.state.items if i.name == scene.selected_item), None)
    if item:
        from game.ui.builder.things import describe

        bold = ctx.font(14, bold=True)
        head, line = describe(scene, item)
        widgets.text(surface, widgets.elide(head, bold, w), bold, pal.text, (x, yb))
        yb += px(20)
        for row in widgets.wrap_most(line, font, w, 2):
            widgets.text(surface, row, font, pal.text_dim, (x, yb))
            yb += font.get_linesize()
    elif t is not None:
        p = scene.builder.placement(t)
        info = scene.builder.piece(p)
        bold = ctx.font(14, bold=True)
        # A Gears tile by its id and name ("2A  —  Sentry Post"); a Doom piece by its name first
        # (its placement's name is its file's, "corridor_straight": it cut the name to "Corri…";
        # as "Room, small  ·  room_small_2" it read in English with the file's name in any
        # language: now "Kis terem 2", numbered from the second copy on).
        head = f"{p.name}  \u2014  {piece_name(info)}" if info.title != "doom" else str(piece_words(info, p.name))
        widgets.text(surface, widgets.elide(head, bold, w), bold, pal.text, (x, yb))
        yb += px(20)
        turn = _("turned {deg}\u00b0").format(deg=p.rotation)
        flips = ", ".join(s for s, on in ((_("flipped"), p.flip_h or p.flip_v),) if on)
        # How it lies, in words: its map position in pixels ("x 2304, y 1600") said nothing to a
        # person laying tiles.
        widgets.text(surface, f"{turn}{', ' + flips if flips else ''}", font, pal.text_dim, (x, yb))
        yb += px(20)
    else:
        for line in widgets.wrap_most(_("Drag a piece from the palette onto the table"), font, w, 2):
            widgets.text(surface, line, font, pal.text_dim, (x, yb))
            yb += font.get_linesize()
    # As many lines as there is room for above the notes (at least two): a save says what it
    # wrote, the problems left and what is still to do (Greek at 125% needs four; cut after
    # two, the way to play the map was lost).
    notes_top = r.bottom - px(22) - max(0, len(note_lines) - 1) * small.get_linesize() - (small.get_linesize() if note_lines else 0)
    most = max(2, (notes_top - yb) // font.get_linesize())
    for line in widgets.wrap_most(scene.status, font, w, most) if scene.status else []:
        widgets.text(surface, line, font, pal.accent, (x, yb))
        yb += font.get_linesize()
    for n, line in enumerate(note_lines):
        widgets.text(surface, line, small, WARNING,
                     (x, r.bottom - px(22) - (len(note_lines) - 1 - n) * small.get_linesize()))
