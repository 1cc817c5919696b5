"""'Open a map': every Tiled map under maps/, grouped by game folder, to view on the table."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pygame

from game.engine.errors import open_file
from game.i18n import _, fill
from game.ui import widgets
from game.titles import TITLES
from game.ui.scene import Action, Context, OpenMap, Pop, Push, Scene
from game.ui.widgets import Button

FOLDER_TITLES = {g.key: g.name for g in TITLES}


def find_maps(maps_dir: Path) -> list[Path]:
    """Playable maps: .tmx files under maps/, tilesets, hidden folders and screen layouts
    (`*_layout.tmx`: zones of a table, e.g. maps/convoy/table_layout.tmx, not a board) excluded."""
    if not maps_dir.is_dir():
        return []
    return sorted(
        p for p in maps_dir.rglob("*.tmx")
        if not any(part.startswith(".") for part in p.relative_to(maps_dir).parts) and not p.stem.endswith("_layout")
    )


_PROPERTY = re.compile(r'<property\s+name="(name|title)"(?:\s+type="string")?\s+value="([^"]*)"')
_FIRST_CHILD = re.compile(r"<(tileset|layer|objectgroup|group|imagelayer)\b")


def map_heading(path: Path) -> tuple[str, str]:
    """A map's own name and game as its map-level properties give them (`name`, `title`: the
    builder writes both; Tiled keeps them before the first tileset or layer), read from the
    file's head only; else its file name in words and no game. An unreadable file gets its
    file name too: opening it says what is wrong."""
    try:
        with open_file(path) as f:  # never a pipe: the list waited for ever on one
            head = f.read(16384).decode("utf-8", errors="replace")
    except OSError:
        head = ""
    cut = _FIRST_CHILD.search(head)
    found = dict(_PROPERTY.findall(head[:cut.start()] if cut else head))
    name = html.unescape(found.get("name", "")).strip() or path.stem.replace("_", " ")
    return name, html.unescape(found.get("title", ""))


def shown_name(name: str, title: str) -> str:
    """A map's name as the list and the map viewer show it, in the reader's language: the
    shipped maps' names are in the catalogues under their game's context (game/i18n_extract.py
    MAP_NAME_CONTEXTS: a Gears map's as a place, game/gears/rules/names.py place; a Doom map's
    as the builder's piece), a map that names no game plainly; a name not in them (a map of the
    user's own) as its file writes it."""
    from game.engine.text import named_in
    from game.i18n_extract import MAP_NAME_CONTEXTS

    context = MAP_NAME_CONTEXTS.get(title)
    return named_in(context, name, _) if context else _(name)


def missions_of(maps_dir: Path, path: Path) -> list[Path]:
    """The Gears mission files under maps/custom that play the map at `path` (their `map`, a
    path relative to the mission file; docs/BUILDER.md "Custom Gears missions")."""
    import tomllib

    target = Path(path).resolve()
    found = []
    for m in sorted((Path(maps_dir) / "custom").glob("*.mission.toml")):
        try:
            with m.open("rb") as f:
                named = tomllib.load(f).get("map")
        except (OSError, tomllib.TOMLDecodeError):
            continue
        if isinstance(named, str) and (m.parent / named).resolve() == target:
            found.append(m)
    return found


def delete_custom_map(maps_dir: Path, path: Path) -> list[Path]:
    """Delete a map of the user's own (under maps/custom) and the missions that play it; the
    files removed. A shipped map is never deleted (ValueError)."""
    custom = (Path(maps_dir) / "custom").resolve()
    if not Path(path).resolve().is_relative_to(custom):
        raise ValueError(f"{path} is not under {custom}")
    gone = []
    for p in [Path(path), *missions_of(maps_dir, path)]:
        p.unlink(missing_ok=True)
        gone.append(p)
    return gone


class MapList(Scene):
    def __init__(self, ctx: Context, folder: str | None = None) -> None:
        super().__init__(ctx)
        maps = find_maps(ctx.maps_dir)
        if folder:
            maps = [m for m in maps if m.relative_to(ctx.maps_dir).parts[0] == folder]
        self.maps = maps
        self.headings = {m: map_heading(m) for m in maps}  # read once: a row is drawn every frame
        self.selected = 0
        self.scroll = 0  # first visible row
        self.hovered: int | None = None
        self.rows: list[tuple[int, pygame.Rect]] = []
        self.back: Button | None = None
        self.back_hovered = False
        self.deleting: Path | None = None  # asked once: the next Delete deletes it
        self.status = ""
        # The chosen row's own Edit and Delete buttons (the keys E and Delete had been the only
        # way): (rect, "edit" | "delete"), as last drawn; the one under the pointer.
        self.row_buttons: list[tuple[pygame.Rect, str]] = []
        self.row_button_hovered: str | None = None

    def handle(self, event: pygame.event.Event) -> Action | None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key in (pygame.K_DOWN, pygame.K_UP) and self.maps:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(self.maps)
                self._chose()
                self._keep_visible()
                self.dirty = True
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.maps:
                return OpenMap(self.maps[self.selected])
            elif event.key == pygame.K_e and self.maps:
                return self.edit(self.maps[self.selected])
            elif event.key == pygame.K_DELETE and self.maps:
                self.delete(self.maps[self.selected], _("Delete {name}? Press Delete again to delete it for good"))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.maps) - 1, self.scroll - event.y))
            self.dirty = True
        elif event.type == pygame.MOUSEMOTION:
            hovered = self._row_at(event.pos)
            back = bool(self.back and self.back.rect.collidepoint(event.pos))
            on = self._row_button_at(event.pos)
            if on != self.row_button_hovered:
                self.row_button_hovered, self.dirty = on, True
            if hovered != self.hovered or back != self.back_hovered:
                self.hovered, self.back_hovered, self.dirty = hovered, back, True
                if hovered is not None:
                    self.selected = hovered
                    self._chose()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back and self.back.rect.collidepoint(event.pos):
                return Pop()
            on = self._row_button_at(event.pos)
            if on is not None and self.maps:  # the chosen row's own buttons, before the row
                path = self.maps[self.selected]
                if on == "edit":
                    return self.edit(path)
                self.delete(path, _("Delete {name}? Click Delete again to delete it for good"))
                return None
            row = self._row_at(event.pos)
            if row is not None:
                return OpenMap(self.maps[row])
        return None

    def edit(self, path: Path) -> Action:
        """The map in the map builder (issue 21 item 3: a saved map can be reopened there); a
        shipped map is saved from there as a new custom map, never over itself."""
        from game.ui.builder.scene import TITLES as BUILDER_TITLES
        from game.ui.builder.scene import BuilderScene

        folder = path.relative_to(self.ctx.maps_dir).parts[0]
        title = folder if folder in BUILDER_TITLES else BUILDER_TITLES[0]  # custom maps: the file says
        return Push(BuilderScene(self.ctx, pygame.display.get_surface().get_size(), title, path=path))

    def _chose(self) -> None:
        """Another map chosen: a Delete asked for the one before is forgotten."""
        if self.deleting is not None and self.maps[self.selected] != self.deleting:
            self.deleting, self.status = None, ""

    def own(self, path: Path) -> bool:
        """A map of the user's own (saved by the builder under maps/custom): it may be deleted."""
        return path.resolve().is_relative_to((self.ctx.maps_dir / "custom").resolve())

    def delete(self, path: Path, ask: str) -> None:
        """Delete (the key or the chosen row's button) asks first, in the words `ask` (a template
        with {name}: the status line names the map and says how to go on), the next Delete on the
        same map deletes it with its missions; a shipped map is refused with the reason."""
        name = shown_name(*self.headings[path])
        self.dirty = True
        if not self.own(path):
            self.deleting = None
            self.status = fill(_("{name} ships with Tiletop: only your own maps can be deleted"), name=name)
            return
        if self.deleting != path:
            self.deleting = path
            self.status = fill(ask, name=name)
            return
        self.deleting = None
        try:
            delete_custom_map(self.ctx.maps_dir, path)
        except OSError as exc:
            self.status = _("Not deleted: {reason}").format(reason=exc.strerror or str(exc))
            return
        self.status = fill(_("Deleted {name}"), name=name)
        index = self.maps.index(path)
        self.maps.remove(path)
        del self.headings[path]
        self.selected = min(index, len(self.maps) - 1) if self.maps else 0
        self.scroll = min(self.scroll, max(0, len(self.maps) - 1))

    @property
    def title(self) -> str:
        return _("Open a map")

    def _row_button_at(self, pos: tuple[int, int]) -> str | None:
        return next((what for rect, what in self.row_buttons if rect.collidepoint(pos)), None)

    def _row_buttons(self, row: pygame.Rect, path: Path) -> list[tuple[pygame.Rect, str, str]]:
        """The chosen row's Edit and Delete buttons, at its right end: (rect, what, label)."""
        px, font = self.ctx.px, self.ctx.font(14, bold=True)
        out, right = [], row.right - px(10)
        for what, label in (("delete", _("Delete")), ("edit", _("Edit"))):
            r = pygame.Rect(0, 0, font.size(label)[0] + px(24), row.height - px(12))
            r.midright = (right, row.centery)
            out.append((r, what, label))
            right = r.left - px(8)
        return out[::-1]

    def _draw_row_buttons(self, surface: pygame.Surface, buttons, path: Path) -> None:
        """Edit; Delete, greyed for a shipped map (a click says why it is not deleted) and red
        while it asks whether to delete the map for good."""
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        font = ctx.font(14, bold=True)
        for r, what, label in buttons:
            hovered = self.row_button_hovered == what
            asking = what == "delete" and self.deleting == path
            shipped = what == "delete" and not self.own(path)
            fill_colour = pal.danger if asking else (44, 47, 54) if shipped else (78, 84, 98) if hovered else (58, 63, 74)
            pygame.draw.rect(surface, fill_colour, r, border_radius=px(6))
            if hovered:
                pygame.draw.rect(surface, pal.accent, r, width=max(1, px(2)), border_radius=px(6))
            colour = pal.text_dim if shipped else pal.text
            widgets.text(surface, label, font, colour, r.center, "center")
            self.row_buttons.append((r, what))

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for index, rect in self.rows:
            if rect.collidepoint(pos):
                return index
        return None

    def _keep_visible(self) -> None:
        visible = max(1, len(self.rows))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + visible:
            self.scroll = self.selected - visible + 1

    def shortcuts(self) -> list[tuple[str, str]]:
        return [(_("Up, Down"), _("Choose a map")), (_("Enter"), _("Open it on the table")),
                ("E", _("Edit it in the map builder")), (_("Delete"), _("Delete a map of your own")),
                (_("Wheel"), _("Scroll the list"))]

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        w, h = surface.get_size()
        surface.blit(widgets.vertical_gradient((w, h), (40, 44, 52), pal.background), (0, 0))
        rect = pygame.Rect(0, 0, min(w - px(40), px(860)), h - px(80))
        rect.center = (w // 2, h // 2)
        widgets.panel(surface, ctx, rect)
        widgets.text(surface, _("Open a map"), ctx.font(30, bold=True), pal.accent, (rect.left + px(32), rect.top + px(24)))
        widgets.text(surface, _("View any board on the table and try the line-of-sight tool."), ctx.font(15), pal.text_dim,
                     (rect.left + px(32), rect.top + px(70)))
        top = rect.top + px(110)
        row_h = px(54)
        bottom = rect.bottom - px(90)
        self.rows = []
        self.row_buttons = []
        if not self.maps:
            widgets.text(surface, _("No maps found under {folder}").format(folder=str(ctx.maps_dir)), ctx.font(17), pal.text,
                         (rect.left + px(32), top))
        y = top
        for index in range(self.scroll, len(self.maps)):
            if y + row_h > bottom:
                break
            path = self.maps[index]
            row = pygame.Rect(rect.left + px(24), y, rect.width - px(48), row_h - px(6))
            self.rows.append((index, row))
            active = index == self.selected
            pygame.draw.rect(surface, (62, 58, 44) if active else (40, 43, 50), row, border_radius=px(6))
            if active:
                pygame.draw.rect(surface, pal.accent, row, width=2, border_radius=px(6))
            rel = path.relative_to(ctx.maps_dir)
            folder = rel.parts[0] if len(rel.parts) > 1 else ""
            name, title = self.headings[path]
            name = shown_name(name, title)
            # The game it is for (a custom map says which in its `title`), and a map of the user's own as such.
            game = FOLDER_TITLES.get(title or folder, title or folder)
            if folder == "custom":
                where = _("{game} \u00b7 your map").format(game=game) if title else _("your map")
            else:
                where = game
            side = ctx.font(14)
            # The chosen row's Edit and Delete at its right end, its game left of them.
            buttons = self._row_buttons(row, path) if active else []
            end = buttons[0][0].left - px(6) if buttons else row.right
            inner = end - row.left
            where_w = min(side.size(where)[0], inner // 3)
            widgets.text(surface, widgets.elide(name, ctx.font(18, bold=True), inner - where_w - px(48)), ctx.font(18, bold=True),
                         pal.text, (row.left + px(16), row.centery), "midleft")
            widgets.text(surface, widgets.elide(where, side, where_w), side, pal.text_dim, (end - px(16), row.centery), "midright")
            self._draw_row_buttons(surface, buttons, path)
            y += row_h
        small = ctx.font(13)
        if self.status:  # what Delete asked or did, where the count was: the line a reader looks at
            widgets.text(surface, widgets.elide(self.status, small, rect.width - px(64)), small, pal.accent,
                         (rect.left + px(32), bottom + px(6)))
        elif len(self.rows) < len(self.maps):
            more = _("{shown} of {total} maps: scroll for more").format(shown=len(self.rows), total=len(self.maps))
            widgets.text(surface, more, small, pal.text_dim, (rect.left + px(32), bottom + px(6)))
        if self.maps:
            # The keys, two lines beside Back (Delete was a key nobody was told about).
            room = rect.right - px(32) - (rect.left + px(24) + px(200) + px(16))
            step = small.get_linesize()
            for n, hint in enumerate((_("E: edit the chosen map in the builder"), _("Delete: delete a map of your own"))):
                widgets.text(surface, widgets.elide(hint, small, room), small, pal.text_dim,
                             (rect.right - px(32), rect.bottom - px(45) + (n * 2 - 1) * step // 2), "midright")
        bw, bh = px(200), px(46)
        self.back = Button(pygame.Rect(rect.left + px(24), rect.bottom - bh - px(22), bw, bh), _("Back"), Pop())
        self.back.draw(surface, ctx, self.back_hovered)
