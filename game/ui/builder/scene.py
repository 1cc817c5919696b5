"""The builder scene: a palette of map pieces, the table they are dragged onto, and the problems.

Every edit goes through game/board/builder.Builder (the same model `python -m game build-map`
uses), so the UI holds only view state: camera, selection, the piece being dragged and the
palette scroll. Zoom and pan use the table's Camera; pieces are drawn with the table's
BoardRenderer (game/ui/builder/sprites.py).

State tests read: `builder.state`, `selected`, `drag` (None when nothing is dragged),
`issue_rows` (rect, Issue), `camera` and `mission` (the mission panel, None while closed;
game/ui/builder/mission.py).
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

import pygame

from game import titles
from game.board.builder import SIZES, Builder, BuildError, BuildItem, BuildPlacement, Issue, MapMeta, PieceLibrary
from game.gears.custom import MissionError, draft_for, mission_path, problems_of, save_draft
from game.i18n import _, fill, ngettext
from game.ui import widgets
from game.ui.builder.mission import MAX_NAME, MissionPanel
from game.ui.builder.sprites import PieceSprites
from game.ui.scene import Action, Context, Pop, Scene
from game.ui.table.camera import Camera

DRAG_THRESHOLD = 4
TABLE_TILES = (96, 64)  # the table's size in tiles: room for the largest missions
TITLES = ("gears", "doom")


@dataclass
class Drag:
    kind: str  # "new" (from the palette) or "move"
    key: str  # piece key
    name: str | None  # placement being moved
    grab: tuple[float, float]  # map offset from the piece's corner to the mouse
    ghost: BuildPlacement  # where it would land (snapped)
    moved: bool = False
    item: BuildItem | None = None  # kinds "item_new" / "item_move": the Doom thing, where it would land


@dataclass
class PaletteEntry:
    key: str
    rect: pygame.Rect


@dataclass
class ThingEntry:
    """A row of the Doom things palette (game/ui/builder/things.py), or the figures' tag button
    (key "tag")."""

    key: str
    rect: pygame.Rect
    thing: object | None = None  # things.Thing


@dataclass
class ToolButton:
    key: str
    rect: pygame.Rect
    label: str
    enabled: bool = True


def file_stem(name: str) -> str:
    """The file name a map's name is saved under: lower case, accents kept (so "Űr" and "Ár"
    stay two files), every run of other characters one underscore, at most 80 characters."""
    text = unicodedata.normalize("NFC", name).lower()
    return re.sub(r"\W+", "_", text).strip("_")[:80].strip("_") or "custom_map"


class BuilderScene(Scene):
    def __init__(self, ctx: Context, screen_size: tuple[int, int], title: str = "gears",
                 path: Path | None = None, library: PieceLibrary | None = None) -> None:
        super().__init__(ctx)
        self.notices: list[str] = []
        self.load_problems: list[str] = []
        self.path: Path | None = None
        self._own: Path | None = None  # the file this scene loaded or saved: replaced without asking
        self._replace: Path | None = None  # an existing file the player was asked about
        self._kept = None  # the build state as last saved or loaded (None: a new, empty table)
        self._leaving = None  # the build state when Menu warned of unsaved work: Menu again leaves
        self.sprites = PieceSprites(ctx)
        self._libraries: dict[str, PieceLibrary] = {}
        if library is not None:
            self._libraries[title] = library
        self.builder = Builder(self._library(title), title)
        self.mission: MissionPanel | None = None  # open mission panel
        self._mission_kept: MissionPanel | None = None  # its draft while closed
        self.naming: str | None = None  # the map's name being typed in the side panel (None: not typing)
        self._save_named = False  # Save asked for the name: Enter saves too
        self.name_rect = pygame.Rect(0, 0, 0, 0)  # the map's name in the side panel (a click renames it)
        self.status = ""
        if path is not None:  # says 'Loaded x.tmx' or 'Could not load the map' (it was wiped after)
            self.load(Path(path))
        self.selected: str | None = None
        self.drag: Drag | None = None
        self.mouse: tuple[int, int] | None = None
        self._press: tuple[int, int] | None = None
        self._panning = False
        self._hover_button: str | None = None
        self.hover_issue: int | None = None
        self.palette_scroll = 0
        self.palette_entries: list[PaletteEntry] = []
        self.palette_tab = "pieces"  # Doom: "pieces" or "things"
        self.thing_entries: list[ThingEntry] = []
        self.tab_rects: dict[str, pygame.Rect] = {}
        self.figure_tag = 1  # Doom: the marine count (spec 9.2) a new figure is placed with
        self.selected_item: str | None = None
        self._things = None
        self.issue_rows: list[tuple[pygame.Rect, Issue]] = []
        self._size = (0, 0)
        self.camera = Camera((0, 0, 1, 1), (TABLE_TILES[0] * 64, TABLE_TILES[1] * 64))
        self._set_footprint()
        self._layout(screen_size)
        self.fit()

    @property
    def title(self) -> str:
        return _("Map builder")

    def things(self):
        """The Doom things palette (placeable doors, props, figures, zones)."""
        if self._things is None:
            from game.doom.content import shared_content
            from game.ui.builder.things import things

            self._things = things(shared_content())
        return self._things

    def _set_footprint(self) -> None:
        """Doom figures take their size from monsters.toml (a 2x2 hell knight, a demon)."""
        if self.builder.title != "doom":
            return
        from game.doom.content import shared_content
        from game.doom.rules.board import footprint

        monsters = shared_content().monsters

        def size(monster: str, cell):
            rec = monsters.get(monster)
            return footprint(rec.footprint, cell) if rec is not None else (cell,)

        self.builder.footprint = size

    def _library(self, title: str) -> PieceLibrary:
        lib = self._libraries.get(title)
        if lib is None:
            lib, problems = PieceLibrary.for_title(title, self.ctx.maps_dir)
            self.notices += problems
            self._libraries[title] = lib
        return lib

    # -- layout -----------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        first = self._size == (0, 0)
        self._size = size
        px = self.ctx.px
        w, h = size
        bar = px(52)
        left = min(px(300), max(px(220), w // 6))
        if self.builder.title == "doom" and self.palette_tab == "things":
            left = min(px(400), max(px(300), w // 4))  # two columns of readable names
        right = min(px(360), max(px(260), w // 5))
        self.toolbar_rect = pygame.Rect(0, 0, w, bar)
        self.palette_rect = pygame.Rect(0, bar, left, h - bar)
        self.panel_rect = pygame.Rect(w - right, bar, right, h - bar)
        self.view_rect = pygame.Rect(left, bar, w - left - right, h - bar)
        centre = None if first else self.camera.to_map(*self.camera_centre())
        self.camera.view = tuple(self.view_rect)  # type: ignore[assignment]
        if centre is not None:
            self.camera.center_on(*centre)
        self._make_buttons()
        self._layout_palette()

    def camera_centre(self) -> tuple[int, int]:
        vx, vy, vw, vh = self.camera.view
        return (vx + vw // 2, vy + vh // 2)

    def _make_buttons(self) -> None:
        px = self.ctx.px
        bar = self.toolbar_rect.height
        bh = bar - px(16)
        y = (bar - bh) // 2
        heads = [("menu", _("Menu")), ("title", titles.get(self.builder.title).name)]  # as the menu names it
        tools = [("undo", _("Undo"), ""), ("redo", _("Redo"), ""), ("rotate", _("Rotate"), " (R)"),
                 ("flip", _("Flip"), " (F)"), ("face", _("Other face"), " (Tab)"),
                 ("door", _("Door"), " (D)"), ("delete", _("Delete"), "")]
        if self.builder.title == "gears":
            tools.append(("mission", _("Mission"), " (M)"))
        else:  # Doom's pieces have one face: the button was there, greyed for good (F1 lists no Tab)
            tools = [t for t in tools if t[0] != "face"]
        ends = [("save", _("Save"), " (Ctrl+S)"), ("fit", _("Fit"), "")]

        pad = px(24)  # a label's margin inside its button

        def width(font, label: str) -> int:
            return max(bh, font.size(label)[0] + pad)

        def need(font, hints: bool) -> int:  # the heads, a gap, the tools, the ends, room for the zoom
            return (px(10) + sum(width(font, a) + px(6) for _k, a in heads) + px(12) + px(90)
                    + sum(width(font, a + (b if hints else "")) + px(6) for _k, a, b in tools + ends))

        # Key hints only when they fit (at 1280 px the labels alone fill the bar); then the labels
        # shrink rather than run into each other: Greek and Hungarian words are long. Below 11
        # units (not below 9 px) and with narrower margins where even that is too wide: Level 7's
        # Greek bar at 125% in 1280x720 laid 'Fit' over 'Delete'.
        room = self.toolbar_rect.width
        sizes = [n for n in (11, 10, 9, 8) if n >= 11 or self.ctx.px(n) >= 9]
        font = None
        for size, pad in [(n, px(24)) for n in (15, 14, 13, 12, 11)] + [(n, px(m)) for n in sizes for m in (16, 10)]:
            font = self.ctx.font(size, bold=True)
            if need(font, False) < room:
                break
        self.toolbar_font = font
        hints = need(font, True) < room
        self.buttons: list[ToolButton] = []
        x = px(10)

        def add(key: str, label: str) -> None:
            nonlocal x
            w = width(font, label)
            self.buttons.append(ToolButton(key, pygame.Rect(x, y, w, bh), label))
            x += w + px(6)

        for key, label in heads:
            add(key, label)
        x += px(12)
        for key, label, hint in tools:
            add(key, label + (hint if hints else ""))
        # right-aligned group
        right = self.toolbar_rect.right - px(10)
        for key, label in ((k, a + (b if hints else "")) for k, a, b in ends):
            w = width(font, label)
            right -= w
            self.buttons.append(ToolButton(key, pygame.Rect(right, y, w, bh), label))
            right -= px(6)

    def _layout_palette(self) -> None:
        px = self.ctx.px
        r = self.palette_rect
        pad = px(10)
        top = r.top + px(44)
        self.tab_rects, self.thing_entries = {}, []
        if self.builder.title == "doom":
            half = (r.width - pad * 3) // 2
            for i, tab in enumerate(("pieces", "things")):
                self.tab_rects[tab] = pygame.Rect(r.left + pad + i * (half + pad), r.top + px(40), half, px(30))
            top = r.top + px(80)
            if self.palette_tab == "things":
                self.palette_entries = []
                self._layout_things(top)
                return
        lib = self.builder.library
        keys = [k for k in lib.keys() if not lib[k].fixed]
        per_row = 2
        cell_w = (r.width - pad * (per_row + 1)) // per_row
        cell_h = int(cell_w * 0.8) + px(22)
        self.palette_entries = []
        for i, key in enumerate(keys):
            row, col = divmod(i, per_row)
            rect = pygame.Rect(r.left + pad + col * (cell_w + pad), top + row * (cell_h + pad) - self.palette_scroll, cell_w, cell_h)
            self.palette_entries.append(PaletteEntry(key, rect))
        self._palette_height = (len(keys) + per_row - 1) // per_row * (cell_h + pad) + px(60)

    def set_palette_tab(self, tab: str) -> None:
        """Doom: the pieces or the things (the palette is wider for the things' names)."""
        self.palette_tab, self.palette_scroll = tab, 0
        size, self._size = self._size, (0, 0)
        self._layout(size)
        self.dirty = self.full_redraw = True  # the columns moved: nothing of the last frame stays

    def _layout_things(self, top: int) -> None:
        """Rows of things by section (doors, start and goal, props, figures with their tag)."""
        px = self.ctx.px
        r = self.palette_rect
        pad = px(10)
        row_h, head_h = px(28), px(22)
        y = top - self.palette_scroll
        section = None
        per_row = 2
        col = 0
        w = (r.width - pad * (per_row + 1)) // per_row
        for t in self.things():
            if t.section != section:
                if col:
                    y += row_h + px(3)
                col = 0
                section = t.section
                y += head_h
                if section == "figures":
                    self.thing_entries.append(ThingEntry("tag", pygame.Rect(r.left + pad, y, r.width - 2 * pad, row_h)))
                    y += row_h + px(6)
            self.thing_entries.append(ThingEntry(t.key, pygame.Rect(r.left + pad + col * (w + pad), y, w, row_h), t))
            col += 1
            if col == per_row:
                col = 0
                y += row_h + px(3)
        if col:
            y += row_h + px(3)
        self._palette_height = y + self.palette_scroll - r.top + px(20)

    def on_settings_changed(self) -> None:
        self.sprites.set_palette()
        size, self._size = self._size, (0, 0)
        self._layout(size)
        self.dirty = True

    # -- camera -----------------------------------------------------------------------------
    def fit(self) -> None:
        """Show every placed piece (or the middle of the table when it is empty)."""
        x0, y0, x1, y1 = self.builder.bounds()
        if not self.builder.state.placements:
            tw, th = TABLE_TILES[0] * 32, TABLE_TILES[1] * 32
            x0, y0, x1, y1 = tw - 768, th - 512, tw + 768, th + 512
        _, _, vw, vh = self.camera.view
        index = 0
        from game.ui.table.camera import ZOOM_LEVELS

        for i, z in enumerate(ZOOM_LEVELS):
            if (x1 - x0) * z <= vw * 0.9 and (y1 - y0) * z <= vh * 0.9:
                index = i
        self.camera.zoom_index = min(index, 5)
        self.camera.center_on((x0 + x1) / 2, (y0 + y1) / 2)
        self.dirty = True

    def center_on(self, at: tuple[float, float]) -> None:
        self.camera.center_on(*at)
        self.dirty = True

    # -- load / save ------------------------------------------------------------------------
    def load(self, path: Path) -> bool:
        from game.board.tmx_write import load_build

        lib = self._library(self.builder.title)
        loaded = load_build(path, None, self.ctx.maps_dir)
        self.load_problems = loaded.problems
        if loaded.builder is None:
            self.status = _("Could not load the map")
            return False
        title = loaded.builder.title
        if title != self.builder.title:
            lib = self._library(title)
        self.builder = loaded.builder
        self._set_footprint()
        self.selected_item = None
        self._libraries[title] = self.builder.library if not loaded.as_pieces else lib
        self.path = path
        self._own = path.resolve()
        self._kept, self._leaving = self.builder.state, None
        self._mission_kept = None  # the next panel reads the mission saved beside this map
        self.status = _("Loaded {name}").format(name=path.name)
        self.dirty = True
        return True

    def save_path(self) -> Path:
        """The map's own file, or maps/custom/NAME.tmx: a shipped map opened here is saved as a
        new custom map, never over itself."""
        if self.path is not None and not self.shipped(self.path):
            return self.path
        return self.ctx.maps_dir / "custom" / f"{file_stem(self.builder.state.meta.name)}.tmx"

    def shipped(self, path: Path) -> bool:
        """A map that ships with Tiletop: under maps/ but not under maps/custom/."""
        maps = self.ctx.maps_dir.resolve()
        where = Path(path).resolve()
        return where.is_relative_to(maps) and not where.is_relative_to(maps / "custom")

    def save(self, path: Path | None = None) -> Path | None:
        """Write the map; None (and `status` says why) when it is not written. Replacing a file
        that is not this map's own asks first: the next Save replaces it."""
        from game.board.tmx_write import save_build

        target = path or self.save_path()
        if self.shipped(target):
            self.status = fill(_("Not saved: {name} ships with Tiletop; maps are saved under maps/custom"),
                name=target.name)
            self.dirty = True
            return None
        if target.exists() and target.resolve() != self._own and self._replace != target:
            self._replace = target
            self.status = _("{name} already exists: press Save again to replace it").format(name=target.name)
            self.dirty = True
            return None
        self._replace = None
        try:
            notes = save_build(self.builder, target)
        except (BuildError, OSError) as exc:
            self.status = _("Not saved: {reason}").format(reason=str(exc))
            self.dirty = True
            return None
        self.path = target
        self._own = target.resolve()
        self._kept, self._leaving = self.builder.state, None
        errors = len(self.builder.validate().errors)
        self.status = _("Saved {name}").format(name=target.name) + (
            "" if not errors else "  " + ngettext("({n} problem to fix)", "({n} problems to fix)", errors).format(n=errors))
        self.notices += notes
        self.dirty = True
        return target

    def save_all(self) -> Path | None:
        """Save (Ctrl+S, the toolbar): the map, and in Gears the mission set in the Mission panel
        (its draft is kept while the panel is closed: saved with the map, not lost on leaving).
        A Gears map is played through its mission file: saved without one, the status line says
        how to give it one (the map saved but was listed nowhere to play it)."""
        if self.builder.title != "gears":
            return self.save()
        if self._mission_kept is not None:
            written = self.save_mission()
            m = self._mission_kept if self.mission is None else self.mission
            if written is None and self.path is not None and m.problems and self.status.startswith(
                    _("Saved {name}").format(name=self.path.name)):
                self.status = fill(_("Saved {name}, but not its mission: press M to see why"), name=self.path.name)
            return written
        target = self.save()
        if target is not None and not mission_path(target).is_file():
            self.status += "  " + _("To play it, give it a mission: M, then Save mission")
        return target

    # -- input ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Action | None:
        self._layout(pygame.display.get_surface().get_size())
        if self.mission is not None:
            return self._mission_event(event)
        if self.naming is not None and self._naming_event(event):
            return None
        if event.type == pygame.MOUSEWHEEL:
            at = self.mouse or self.view_rect.center
            if self.palette_rect.collidepoint(at):
                limit = max(0, self._palette_height - self.palette_rect.height)
                self.palette_scroll = max(0, min(limit, self.palette_scroll - event.y * self.ctx.px(60)))
                self._layout_palette()
                self.dirty = True
            elif self.view_rect.collidepoint(at) and event.y:
                if self.camera.zoom_at(1 if event.y > 0 else -1, *at):
                    self.dirty = True
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            return self._down(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._up(event.pos, event.button)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key, event.mod)
        return None

    def _map_at(self, pos: tuple[int, int]) -> tuple[float, float]:
        return self.camera.to_map(*pos)

    def _down(self, pos: tuple[int, int], button: int) -> Action | None:
        self.mouse = pos
        if button == 1 and self.name_rect.collidepoint(pos):
            self.start_naming()
            return None
        if button == 1:
            for b in self.buttons:
                if b.rect.collidepoint(pos):
                    return self.press(b.key)
            for tab, rect in self.tab_rects.items():
                if rect.collidepoint(pos):
                    self.set_palette_tab(tab)
                    return None
            for entry in self.palette_entries:
                if entry.rect.collidepoint(pos) and self.palette_rect.collidepoint(pos):
                    self._start_new(entry.key, pos)
                    return None
            for te in self.thing_entries:
                if te.rect.collidepoint(pos) and self.palette_rect.collidepoint(pos) and te.rect.top >= self.palette_rect.top + self.ctx.px(76):
                    if te.key == "tag":
                        self.figure_tag = self.figure_tag % 3 + 1
                        self.dirty = True
                    else:
                        self._start_thing(te.thing, pos)
                    return None
            for rect, issue in self.issue_rows:
                if rect.collidepoint(pos):
                    if issue.at is not None:
                        self.center_on(issue.at)
                    if issue.pieces:
                        self.selected = issue.pieces[0]
                    return None
        if not self.view_rect.collidepoint(pos):
            return None
        if self.drag is not None and button == 3:
            self._turn_ghost()
            return None
        item = self._item_under(pos)
        if item is not None:
            self.selected_item, self.selected = item.name, None
            if button == 1:
                self.drag = Drag("item_move", "", item.name, (0.0, 0.0), BuildPlacement("(item)", "", Fraction(0), Fraction(0)), item=item)
                self._press = pos
            elif button == 3 and item.kind == "door":
                self.edit(lambda: self.builder.set_item(replace(item, vertical=not item.vertical)))
            self.dirty = True
            return None
        self.selected_item = None
        name = self.builder.piece_at(*self._map_at(pos))
        if button == 1 and name is not None:
            p = self.builder.placement(name)
            mx, my = self._map_at(pos)
            self.selected = name
            self.drag = Drag("move", p.piece, name, (mx - float(p.x), my - float(p.y)), p)
            self._press = pos
            self.dirty = True
        elif button == 3 and name is not None:
            self.selected = name
            self.edit(lambda: self.builder.rotate(name))
        else:
            if button == 1:
                self.selected = None
            self._press, self._panning = pos, True
            self.dirty = True
        return None

    def _item_under(self, pos: tuple[int, int]) -> BuildItem | None:
        if self.builder.title != "doom" or not self.builder.state.items:
            return None
        mx, my = self._map_at(pos)
        door = self.builder.door_at(mx, my)
        if door is not None:
            return door
        return self.builder.item_at((int(mx // 64), int(my // 64)))

    def _item_ghost(self, template: BuildItem, pos: tuple[int, int]) -> BuildItem:
        """Where a thing dragged to pos would land: a door on the nearest 2-square edge, else
        the square under the pointer."""
        mx, my = self._map_at(pos)
        if template.kind == "door":
            near = self.builder.door_near(mx, my)
            return replace(template, cell=near.cell, vertical=near.vertical)
        return replace(template, cell=(int(mx // 64), int(my // 64)))

    def _start_thing(self, thing, pos: tuple[int, int]) -> None:
        item = BuildItem(thing.kind, "(new)", (0, 0), thing.value, False, self.figure_tag if thing.kind == "figure" else 1)
        self.drag = Drag("item_new", thing.key, None, (0.0, 0.0), BuildPlacement("(item)", "", Fraction(0), Fraction(0)), item=item)
        self._press = pos
        self.selected = None
        self._update_ghost(pos)

    def _start_new(self, key: str, pos: tuple[int, int]) -> None:
        info = self.builder.library[key]
        w, h = info.board.pixel_size()
        ghost = BuildPlacement("(new)", key, Fraction(0), Fraction(0))
        self.drag = Drag("new", key, None, (w / 2, h / 2), ghost)
        self._press = pos
        self._update_ghost(pos)

    def _motion(self, pos: tuple[int, int]) -> None:
        last = self.mouse
        self.mouse = pos
        if self.drag is not None:
            if self._press is not None and math.dist(pos, self._press) > DRAG_THRESHOLD:
                self.drag.moved = True
            if self.drag.moved or self.drag.kind == "new":
                self._update_ghost(pos)
        elif self._panning and last is not None:
            if self.camera.pan(pos[0] - last[0], pos[1] - last[1]):
                self.dirty = True
        hover = next((b.key for b in self.buttons if b.rect.collidepoint(pos)), None)
        issue = next((i for i, (r, _) in enumerate(self.issue_rows) if r.collidepoint(pos)), None)
        if hover != self._hover_button or issue != self.hover_issue:
            self._hover_button, self.hover_issue = hover, issue
            self.dirty = True

    def _update_ghost(self, pos: tuple[int, int]) -> None:
        d = self.drag
        assert d is not None
        if d.item is not None:
            d.item = self._item_ghost(d.item, pos)
            self.dirty = True
            return
        mx, my = self._map_at(pos)
        raw = replace(d.ghost, x=Fraction(mx - d.grab[0]).limit_denominator(8), y=Fraction(my - d.grab[1]).limit_denominator(8))
        others = tuple(p for p in self.builder.state.placements if p.name != d.name)
        try:
            d.ghost = self.builder.snapped(raw, others)
        except BuildError:
            d.ghost = raw
        self.dirty = True

    def _turn_ghost(self) -> None:
        d = self.drag
        assert d is not None
        if d.item is not None:
            return
        d.ghost = replace(d.ghost, rotation=(d.ghost.rotation + 90) % 360)
        if self.mouse is not None:
            self._update_ghost(self.mouse)

    def _up(self, pos: tuple[int, int], button: int) -> None:
        d = self.drag
        self._press, self._panning = None, False
        if d is None or button != 1:
            return
        self.drag = None
        self.dirty = True
        if d.item is not None:
            self._drop_item(d, pos)
            return
        if d.kind == "new":
            if not self.view_rect.collidepoint(pos):
                return
            g = d.ghost
            name = self.edit(lambda: self.builder.add(g.piece, g.x, g.y, g.rotation, g.flip_h, g.flip_v, snap=False))
            if name:
                self.selected = name
        elif d.moved and d.name is not None:
            if not self.view_rect.collidepoint(pos):  # let go over the panels: the move is called
                return                                # off (it went under the side panel), as a thing's is
            ghost = replace(d.ghost, name=d.name)
            if ghost != self.builder.placement(d.name):
                self.edit(lambda: self.builder.set_placement(ghost, snap=False))

    def _drop_item(self, d: Drag, pos: tuple[int, int]) -> None:
        """A thing dropped on the table is placed (or moved); a refused place says why in the
        status line. Dropped off the table, a new thing is not placed."""
        item = d.item
        assert item is not None
        if not self.view_rect.collidepoint(pos):
            return
        if d.kind == "item_new":
            b = self.builder
            name = self.edit(lambda: b.place_item(item.kind, item.cell, item.value, item.vertical, item.min_marines))
            if name:
                self.selected_item = name
                self.status = ""
        elif d.moved and d.name is not None:
            old = self.builder.item(d.name)
            if (old.cell, old.vertical) != (item.cell, item.vertical):
                if self.edit(lambda: self.builder.move_item(d.name, item.cell, item.vertical)) is not None:
                    self.status = ""

    def edit(self, fn):
        """Run one builder edit; a BuildError becomes the status line, never a crash."""
        try:
            result = fn()
        except BuildError as exc:
            self.status = str(exc)
            result = None
        self.dirty = True
        return result

    def target(self) -> str | None:
        """The piece an edit key acts on: the selection, else the piece under the mouse."""
        if self.selected is not None and self.selected in self.builder.state.names():
            return self.selected
        if self.mouse is not None and self.view_rect.collidepoint(self.mouse):
            return self.builder.piece_at(*self._map_at(self.mouse))
        return None

    def press(self, key: str) -> Action | None:
        b = self.builder
        t = self.target()
        if key == "menu":
            return self.leave()
        if key == "title":
            if b.state.placements:
                self.status = _("Clear the table to switch games")
            else:
                other = TITLES[(TITLES.index(b.title) + 1) % len(TITLES)]
                self.builder = Builder(self._library(other), other)
                self._set_footprint()
                self.set_palette_tab("pieces")
                self._make_buttons()
                self._layout_palette()
        elif key == "undo":
            self.edit(b.undo)
        elif key == "redo":
            self.edit(b.redo)
        elif key == "rotate":
            if self.drag is not None:
                self._turn_ghost()
            elif t:
                self.edit(lambda: b.rotate(t))
        elif key in ("flip", "flip_v"):
            if t:
                self.edit(lambda: b.flip(t, "h" if key == "flip" else "v"))
        elif key == "face":
            if t:
                q = self.edit(lambda: b.flip_face(t))
                if q is not None:
                    self.selected = q.name
        elif key == "door":
            if b.title == "doom":
                self.door_near_mouse()
            else:
                self.toggle_door_near()
        elif key == "tag":
            self.cycle_tag()
        elif key == "delete":
            if self.selected_item is not None:
                name, self.selected_item = self.selected_item, None
                self.edit(lambda: b.remove_item(name))
            elif t:
                self.edit(lambda: b.delete(t))
                self.selected = None
        elif key == "save":
            if self.unnamed():
                # Saved under the default name, a second map replaced the first (every Doom map
                # was custom_map.tmx: the Doom builder had no name field).
                self.start_naming(save=True)
                self.status = _("Name the map before saving it: type a name, then press Enter")
            else:
                self.save_all()
        elif key == "mission":
            self.open_mission()
        elif key == "fit":
            self.fit()
        self.dirty = True
        return None

    def door_near_mouse(self) -> None:
        """Doom: an ordinary door on the 2-square edge nearest the mouse (spec 3.2)."""
        if self.mouse is None or not self.view_rect.collidepoint(self.mouse):
            # The toolbar's Door button (the pointer on it, not on an edge): it only said 'Point
            # at an edge…', which a click can never do. It shows the doors to drag instead.
            self.set_palette_tab("things")
            self.status = _("Drag a door from Things onto an edge, or press D with the pointer on the edge")
            return
        near = self.builder.door_near(*self._map_at(self.mouse))
        name = self.edit(lambda: self.builder.place_item("door", near.cell, "ordinary", near.vertical))
        if name:
            self.selected_item = name

    def cycle_tag(self) -> None:
        """The selected figure's marine-count tag (spec 9.2) goes 1+, 2+, 3+; with no figure
        selected, the tag new figures get."""
        b = self.builder
        if self.selected_item is not None and b.item(self.selected_item).kind == "figure":
            it = b.item(self.selected_item)
            self.edit(lambda: b.set_item(replace(it, min_marines=it.min_marines % 3 + 1)))
        else:
            self.figure_tag = self.figure_tag % 3 + 1

    def toggle_door_near(self) -> None:
        """A door token on the exit nearest the mouse (or the selection): an open exit, or a
        joint between two tiles (a door the players explore through, gears 3.4)."""
        b = self.builder
        exits = [c for p in b.state.placements for c in b.placed(p).connectors if c.kind == "exit"]
        if not exits:
            self.status = _("No open exit for a door")
            return
        if self.mouse is not None and self.view_rect.collidepoint(self.mouse):
            mx, my = self._map_at(self.mouse)
        elif self.selected:
            # The Door button with a tile selected: that tile's own exit. Its centre lay as near
            # the exit of the tile before it (the joint at its entrance), which got the token.
            exits = [c for c in exits if c.piece == self.selected] or exits
            x, y, w, h = b.rect_of(b.placement(self.selected))
            mx, my = x + w / 2, y + h / 2
        else:
            mx, my = b.bounds()[2], b.bounds()[3]

        def dist(c) -> float:
            cx, cy = (float(c.segment.a[0] + c.segment.b[0]) / 2, float(c.segment.a[1] + c.segment.b[1]) / 2)
            return math.hypot(cx - mx, cy - my)

        pick = min(exits, key=dist)
        on = self.edit(lambda: b.toggle_door(pick.name))
        if on is not None:  # said, as the token is small on a zoomed-out map
            where = str(b.joint_words(pick))
            self.status = (_("Door token on {exit}") if on else _("Door token taken off {exit}")).format(exit=where)

    def _key(self, key: int, mod: int) -> Action | None:
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if ctrl and key == pygame.K_z:
            return self.press("redo" if shift else "undo")
        if ctrl and key == pygame.K_y:
            return self.press("redo")
        if ctrl and key == pygame.K_s:
            return self.press("save")
        step = self.ctx.px(96)
        pans = {pygame.K_LEFT: (step, 0), pygame.K_RIGHT: (-step, 0), pygame.K_UP: (0, step), pygame.K_DOWN: (0, -step)}
        if key in pans:
            if self.camera.pan(*pans[key]):
                self.dirty = True
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            up = key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            if self.camera.zoom_at(1 if up else -1, *self.view_rect.center):
                self.dirty = True
        elif key == pygame.K_r:
            return self.press("rotate")
        elif key == pygame.K_f:
            return self.press("flip_v" if shift else "flip")
        elif key == pygame.K_TAB:
            return self.press("face")
        elif key == pygame.K_d:
            return self.press("door")
        elif key == pygame.K_t and self.builder.title == "doom":
            return self.press("tag")
        elif key == pygame.K_m and self.builder.title == "gears":
            return self.press("mission")
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            return self.press("delete")
        elif key in (pygame.K_HOME, pygame.K_0):
            self.fit()
        elif key == pygame.K_ESCAPE:
            if self.drag is not None:
                self.drag = None
                self.dirty = True
            elif self.selected is not None or self.selected_item is not None:
                self.selected = self.selected_item = None
                self.dirty = True
            else:
                return self.leave()
        return None

    def unsaved(self) -> bool:
        """Pieces on the table that are not in the file as last saved or loaded."""
        state = self.builder.state
        return bool(state.placements) and state != self._kept

    def leave(self) -> Action | None:
        """Back to the menu; with unsaved work, only when asked twice (issue 21 item 3: nothing
        the player built is thrown away by one click)."""
        if self.unsaved() and self._leaving != self.builder.state:
            self._leaving = self.builder.state  # an edit after the warning warns again
            self.status = _("The map has unsaved changes: press Menu (or Esc) again to leave without saving")
            self.dirty = True
            return None
        return Pop()

    def shortcuts(self) -> list[tuple[str, str]]:
        gears = self.builder.title == "gears"  # Doom's pieces have one face, its doors no token, its maps no Mission panel
        return [
            (_("Drag"), _("Take a piece from the palette, or move a placed one")),
            (_("R, right click"), _("Rotate the piece")),
            ("F, Shift+F", _("Flip left-right, top-bottom")),
            *([("Tab", _("Other face of a double-sided tile")),
               ("D", _("Door token on the nearest exit")),
               ("M", _("Mission: goal, Locusts, players"))] if gears else
              [("D", _("Door on the edge nearest the pointer"))]),
            (_("Delete"), _("Remove the piece")),
            ("Ctrl+Z, Ctrl+Y", _("Undo, redo")),
            ("Ctrl+S", _("Save as a Tiled map")),
            (_("Click the map's name"), _("Rename the map (Enter keeps the name)")),
            (_("Wheel, +, \u2212"), _("Zoom in and out")),
            (_("Drag, arrows"), _("Move the table")),
            ("Home", _("Fit the map to the window")),
        ]

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.builder import draw

        self._layout(surface.get_size())
        draw.draw_scene(self, surface)
        self.full_redraw = False

    def validation(self):
        return self.builder.validate()

    def set_meta(self, meta: MapMeta) -> None:
        self.edit(lambda: self.builder.set_meta(meta))

    def map_name(self) -> str:
        """The map's name as shown: the default one in the reader's language until renamed."""
        name = self.builder.state.meta.name
        if name == MapMeta.name:
            return _(MapMeta.name)
        if self.builder.title == "doom":  # a scenario map opened here: its name as the palette words it
            from game.engine.text import named_in
            from game.i18n import translate

            return named_in("doom", name, translate)
        return name

    # -- the map's name ---------------------------------------------------------------------
    def unnamed(self) -> bool:
        """A new map still called by the default name (in English or as the Mission panel put it
        in the reader's language): saved so, the next such map would ask to replace it."""
        return self.path is None and _is_default_name(self.builder.state.meta.name)

    def start_naming(self, save: bool = False) -> None:
        """The map's name in the side panel takes the keyboard (a click on it, or Save while the
        map has the default name): Enter keeps the name typed, Esc the old one."""
        name = self.builder.state.meta.name
        self.naming = "" if _is_default_name(name) else name
        self._save_named = save
        self.dirty = True

    def commit_name(self) -> None:
        name, save = (self.naming or "").strip(), self._save_named
        self.naming, self._save_named = None, False
        meta = self.builder.state.meta
        if name and name != meta.name:
            self.set_meta(replace(meta, name=name))
            if self._mission_kept is not None:  # the Gears mission panel names the map too
                self._mission_kept.name_text = name
                self._mission_kept.draft = replace(self._mission_kept.draft, name=name)
        if save:
            if self.unnamed():
                self.status = _("Not saved: the map has no name yet")
            else:
                self.save_all()
        self.dirty = True

    def _naming_event(self, event: pygame.event.Event) -> bool:
        """Typing the map's name; True when the event was the name's (no shortcut sees it)."""
        if event.type == pygame.TEXTINPUT:
            self.naming = ((self.naming or "") + event.text)[:MAX_NAME]
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.naming = (self.naming or "")[:-1]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.commit_name()
            elif event.key == pygame.K_ESCAPE:
                self.naming, self._save_named = None, False
                self.status = ""
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if self.name_rect.collidepoint(event.pos):
                return True  # on the name: typing goes on
            self.commit_name()
            return False  # elsewhere: the name is kept and the click goes on to what it is on
        else:
            return False
        self.dirty = True
        return True

    # -- mission panel ----------------------------------------------------------------------
    def open_mission(self) -> None:
        """Open the mission panel (Gears): the draft kept from last time, else the mission saved
        beside the map, else a default one named after the map."""
        panel = self._mission_kept
        if panel is None:
            draft, problems = draft_for(self.path, self.map_name())
            panel = MissionPanel(draft, problems)
        self.mission = panel
        self.drag = None
        self.dirty = True

    def close_mission(self) -> None:
        if self.mission is not None:
            self._commit_mission_name()
            self._mission_kept = self.mission
        self.mission = None
        self.dirty = True

    def _mission_layout(self) -> MissionPanel:
        m = self.mission
        assert m is not None
        m.layout(self.ctx, self.view_rect)
        m.set_size_controls(self.ctx, self.builder.state.meta.size)
        return m

    def _commit_mission_name(self) -> None:
        m = self.mission
        assert m is not None
        if m.editing:
            m.commit_name()
        meta = self.builder.state.meta
        if m.draft.name != meta.name:
            self.set_meta(replace(meta, name=m.draft.name))

    def _mission_event(self, event: pygame.event.Event) -> Action | None:
        m = self._mission_layout()
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hover = m.hit(event.pos)
            if hover != m.hover:
                m.hover = hover
                self.dirty = True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = m.hit(event.pos)
            if key is None and not m.rect.collidepoint(event.pos):
                self.close_mission()
            elif key is not None:
                self._mission_press(key)
        elif event.type == pygame.TEXTINPUT and m.editing:
            m.type_text(event.text)
            self.dirty = True
        elif event.type == pygame.KEYDOWN:
            if m.editing:
                if event.key == pygame.K_BACKSPACE:
                    m.backspace()
                elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                    self._commit_mission_name()
                elif event.key == pygame.K_ESCAPE:
                    m.editing, m.name_text = False, m.draft.name
            elif event.key == pygame.K_ESCAPE or (event.key == pygame.K_m and not event.mod & pygame.KMOD_CTRL):
                self.close_mission()
            elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                self._mission_press("save")
            self.dirty = True
        return None

    def _mission_press(self, key: str) -> None:
        m = self.mission
        assert m is not None
        self.dirty = True
        todo = m.press(key)
        if todo is None:
            return
        if todo == "close":
            self.close_mission()
        elif todo in ("size<", "size>"):
            meta = self.builder.state.meta
            i = SIZES.index(meta.size) if meta.size in SIZES else 0
            self.set_meta(replace(meta, size=SIZES[(i + (1 if todo == "size>" else -1)) % len(SIZES)]))
        elif todo == "save":
            self.save_mission()

    def save_mission(self) -> Path | None:
        """Save the map (so the mission has a board to name), then NAME.mission.toml beside it."""
        m = self.mission or self._mission_kept
        if m is None:
            return None
        if self.mission is not None:
            self._commit_mission_name()
        if self.unnamed():
            m.problems, m.note = [_("Name the mission before saving it: type a name, then press Enter")], ""
            m.editing, m.name_text = True, ""
            return None
        target = self.save()
        if target is None:
            m.problems, m.note = [self.status], ""
            return None
        if m.draft.goal == "reach_exit" and not self.builder.state.doors:
            # Said in the panel's words and with what to do: the file's check read 'goal
            # reach_exit needs a door token on an exit of x.tmx', the goal by its id.
            m.problems, m.note = [fill(_('The goal "{goal}" needs a door token on an exit: close this panel, then press '
                                         'D near an exit (gears 3.4)'), goal=_("Reach the exit"))], ""
            return None
        try:
            written = save_draft(m.draft, target)
        except MissionError as exc:
            # Without the file's whole path before each (the panel is this mission's): it took
            # most of the panel's room, '/home/…/maps/custom/x.mission.toml: goal reach_exit …'.
            mine = problems_of(mission_path(Path(target).resolve()), exc.problems)
            m.problems, m.note = mine or list(exc.problems), ""
            return None
        except OSError as exc:
            m.problems, m.note = [f"{mission_path(target)}: cannot write ({exc.strerror or exc})"], ""
            return None
        m.problems = []
        m.note = _("Saved {name} and {mission}").format(name=target.name, mission=written.name)
        self.status = m.note
        return written


def _is_default_name(name: str) -> bool:
    """A map's name is the builder's default, in English or in the reader's language."""
    return name in (MapMeta.name, _(MapMeta.name))
