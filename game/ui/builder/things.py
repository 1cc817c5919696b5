"""The Doom builder's second palette: things placed beside the pieces (issue 13 item 6) and how
each is drawn on the table. The model is game/board/build_items.py; this module only names and
draws them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from game.board.build_items import BuildItem
from game.board.builder import item_words
from game.doom.rules.names import lookup
from game.i18n import N_, _, first_capital
from game.ui import widgets

KEY_COLOURS = {"red": (214, 62, 52), "blue": (70, 120, 230), "yellow": (236, 200, 60)}
KEY_NAMES = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow")}
DOOR = (196, 160, 72)
START = (90, 200, 120)
GOAL = (246, 206, 70)
FIGURE = (178, 44, 40)


@dataclass(frozen=True)
class Thing:
    """One palette entry: what it places (kind and value) and its label (a msgid)."""

    key: str
    kind: str  # door, prop, figure, start, objective
    value: str
    label: str
    section: str  # doors, props, figures, zones


def things(content) -> list[Thing]:
    """Every placeable thing: doors (spec 3.2), the props of spec 3 (obstacles, hazards,
    barrels, teleporters, vents, encounters, keys, equipment), the start zone and the objective,
    and one figure per monster of monsters.toml."""
    out = [Thing("door", "door", "ordinary", _("Ordinary door"), "doors")]
    out += [Thing(f"door:{k}", "door", f"security:{k}", _("Security ({key})").format(key=_(KEY_NAMES[k])), "doors")
            for k in KEY_COLOURS]
    out += [Thing("start", "start", "", _("Start zone"), "zones"), Thing("objective", "objective", "", _("Objective"), "zones")]
    props = [("obstacle", _("Obstacle")), ("barrel", _("Barrel")), ("hazard", _("Hazard")), ("vent", _("Vent")),
             ("teleporter:red", _("Teleporter (red)")), ("teleporter:blue", _("Teleporter (blue)")),
             ("encounter:E1", _("Encounter")),
             *[(f"key:{k}", _("Key ({key})").format(key=_(KEY_NAMES[k]))) for k in KEY_COLOURS]]
    out += [Thing(v, "prop", v, label, "props") for v, label in props]
    # Named as the Doom table names them, in the reader's language (the names lookup); an ammo's
    # name is lower case, for its sentences: a label starts with a capital.
    for kind, group in (("doom.ammo", content.ammo), ("doom.item", content.items)):
        out += [Thing(f"equipment:{i}", "prop", f"equipment:{i}", first_capital(lookup(kind, i, _)), "props") for i in group]
    out += [Thing(f"figure:{m}", "figure", m, first_capital(lookup("doom.monster", m, _)), "figures") for m in content.monsters]
    return out


SECTIONS = {"doors": N_("Doors"), "zones": N_("Start and goal"), "props": N_("Props"), "figures": N_("Figures")}


def _prop_look(value: str) -> tuple[tuple[int, int, int], str]:
    kind, _sep, variant = value.partition(":")
    if kind in ("key", "teleporter"):
        return KEY_COLOURS.get(variant, (200, 200, 200)), "K" if kind == "key" else "T"
    return {
        "obstacle": ((120, 124, 132), "O"), "barrel": ((96, 150, 70), "B"), "hazard": ((226, 120, 40), "H"),
        "vent": ((110, 150, 170), "V"), "encounter": ((150, 90, 190), "E"), "equipment": ((235, 235, 235), "+"),
    }.get(kind, ((200, 200, 200), "?"))


def icon(surface: pygame.Surface, ctx, kind: str, value: str, centre: tuple[int, int], r: int,
         min_marines: int = 1, vertical: bool = False, alpha: int = 255, tag: bool = True) -> None:
    """A thing drawn at a screen point (r: half a square on the table, the icon size in the palette)."""
    layer = pygame.Surface((r * 2 + 4, r * 2 + 4), pygame.SRCALPHA)
    c = (r + 2, r + 2)
    font = ctx.font(max(8, min(18, int(r * 0.9))), bold=True)
    if kind == "door":
        colour = KEY_COLOURS.get(value.partition(":")[2], DOOR)
        w = max(4, r // 3)
        a, b = ((c[0], 2), (c[0], r * 2 + 2)) if vertical else ((2, c[1]), (r * 2 + 2, c[1]))
        pygame.draw.line(layer, (20, 20, 24), a, b, w + 4)
        pygame.draw.line(layer, colour, a, b, w)
    elif kind in ("start", "objective"):
        colour = START if kind == "start" else GOAL
        rect = pygame.Rect(0, 0, r * 2 - 2, r * 2 - 2)
        rect.center = c
        pygame.draw.rect(layer, (*colour, 90), rect, border_radius=max(2, r // 4))
        pygame.draw.rect(layer, colour, rect, max(2, r // 8), border_radius=max(2, r // 4))
        widgets.text(layer, "S" if kind == "start" else "X", font, colour, c, "center")
    elif kind == "figure":
        pygame.draw.circle(layer, (12, 12, 14), c, int(r * 0.82) + 2)
        pygame.draw.circle(layer, FIGURE, c, int(r * 0.82))
        widgets.text(layer, value[:2].title(), font, (250, 236, 230), c, "center")
    else:
        colour, letter = _prop_look(value)
        pygame.draw.circle(layer, (12, 12, 14), c, int(r * 0.62) + 2)
        pygame.draw.circle(layer, colour, c, int(r * 0.62))
        widgets.text(layer, letter, font, (18, 18, 20), c, "center")
    if alpha < 255:
        layer.set_alpha(alpha)
    surface.blit(layer, layer.get_rect(center=centre))
    if kind == "figure" and tag:
        tag = f"{min_marines}+"
        small = ctx.font(max(8, min(13, int(r * 0.55))), bold=True)
        tw, th = small.size(tag)
        box = pygame.Rect(0, 0, tw + 6, th + 2)
        box.bottomright = (centre[0] + r, centre[1] + r)
        pygame.draw.rect(surface, (240, 240, 240), box, border_radius=3)
        widgets.text(surface, tag, small, (20, 20, 24), box.center, "center")


def item_screen(scene, item: BuildItem) -> tuple[tuple[int, int], int]:
    """Where an item is drawn: its square's centre (a door: its middle vertex) and half a square."""
    cam = scene.camera
    if item.kind == "door":
        x, y = cam.to_screen(item.cell[0] * 64, item.cell[1] * 64)
        return (round(x), round(y)), max(6, round(64 * cam.zoom))
    x, y = cam.to_screen(item.cell[0] * 64 + 32, item.cell[1] * 64 + 32)
    return (round(x), round(y)), max(5, round(32 * cam.zoom))


def zone_labels(scene) -> list[tuple[str, tuple[int, int, int], pygame.Rect, pygame.Rect]]:
    """The start zone and the objective as the map has them now (the pieces' own start zone
    until one is placed): (name, colour, the area's outline on screen, its name plate). The
    plate sits in the area's top-left corner, else another corner, else above the area, where
    no thing's icon nor marker lies: a start zone dropped on its room's top-left square put its
    'S' chip over the middle of 'Start zone', and the start room's plate covered its token."""
    from game.board.builder import _shift_of

    b = scene.builder
    board = scene.validation().board
    if board is None or not b.state.placements:
        return []
    try:
        sx, sy = _shift_of(b.placed(b.state.placements[0]), board)
    except Exception:  # noqa: BLE001 - a half-made build: nothing to outline
        return []
    font = scene.ctx.font(12, bold=True)
    taken = item_marks(scene) + _marker_marks(scene, board, (sx, sy))
    out = []
    for a in board.areas.values():
        for flag, colour, label in (("start_zone", START, _("Start zone")), ("objective", GOAL, _("Objective"))):
            if not a.properties.get(flag):
                continue
            xs = [float(p[0] - sx) for p in a.polygon]
            ys = [float(p[1] - sy) for p in a.polygon]
            x0, y0 = scene.camera.to_screen(min(xs), min(ys))
            x1, y1 = scene.camera.to_screen(max(xs), max(ys))
            rect = pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).inflate(-4, -4)
            w, h = font.size(label)
            box = pygame.Rect(0, 0, w + 8, h + 2)
            inside = rect.inflate(-8, -8)
            for place in ("topleft", "bottomleft", "topright", "bottomright", "above"):
                if place == "above":
                    box.bottomleft = (rect.left, rect.top - 2)
                else:
                    setattr(box, place, getattr(inside, place))
                if box.collidelist(taken) < 0:
                    break
            else:
                box.topleft = inside.topleft
            taken.append(box)
            out.append((label, colour, rect, box))
    return out


def _marker_marks(scene, board, shift) -> list[pygame.Rect]:
    """Where the map's markers lie on screen (a piece's own props and figures, the start room's
    token): half a square about each point."""
    r = max(5, round(32 * scene.camera.zoom))
    out = []
    for m in board.markers:
        x, y = scene.camera.to_screen(float(m.point[0] - shift[0]), float(m.point[1] - shift[1]))
        out.append(pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r))
    return out


def marker_marks(scene) -> list[pygame.Rect]:
    """The map's markers on screen, as zone_labels keeps clear of them."""
    from game.board.builder import _shift_of

    b = scene.builder
    board = scene.validation().board
    if board is None or not b.state.placements:
        return []
    return _marker_marks(scene, board, _shift_of(b.placed(b.state.placements[0]), board))


def draw_zones(scene, surface: pygame.Surface) -> None:
    """Each zone outlined, with its name on a plate no thing's icon covers."""
    font = scene.ctx.font(12, bold=True)
    for label, colour, rect, box in zone_labels(scene):
        pygame.draw.rect(surface, colour, rect, 3, border_radius=4)
        pygame.draw.rect(surface, colour, box, border_radius=3)
        tag = font.render(label, True, (18, 18, 20))
        surface.blit(tag, tag.get_rect(center=box.center))


DOOR_NUMBER = re.compile(r"[A-Z]{1,2}\d{1,3}")  # how a map numbers its doors: D1, K3


def door_tags(scene) -> list[tuple[str, tuple[float, float], bool]]:
    """Each door the map numbers (D1, D2, ...: a door placed here, or one a piece's own map
    names so) as (its number, its middle on screen, whether it runs north-south): the Doom
    table shows the same number on the door, and its log and buttons say it."""
    b, cam = scene.builder, scene.camera
    out = []
    for item in b.state.items:
        if item.kind == "door" and DOOR_NUMBER.fullmatch(item.name):
            (x, y), _r = item_screen(scene, item)
            out.append((item.name, (x, y), item.vertical))
    for p in b.state.placements:
        try:
            doors = b.placed(p).doors
        except Exception:  # noqa: BLE001 - a piece not in the library: nothing to name
            continue
        for d in doors:
            own = d.name.rpartition(":")[2]
            if DOOR_NUMBER.fullmatch(own):
                (ax, ay), (bx, by) = d.points[0], d.points[-1]
                out.append((own, cam.to_screen(float(ax + bx) / 2, float(ay + by) / 2), ax == bx))
    return out


def draw_door_tags(scene, surface: pygame.Surface, marks: list[pygame.Rect]) -> None:
    """The door numbers on small plates, as the Doom table draws them: at the door's middle, or
    beside the door (across it, one side then the other) where a thing's icon or a problem's dot
    lies there, so no mark covers another."""
    z = scene.camera.zoom
    if z < 0.2:
        return
    font = scene.ctx.font(max(9, min(13, round(18 * z))), bold=True)
    taken = list(marks)
    for name, (x, y), vertical in door_tags(scene):
        w, h = font.size(name)
        plate = pygame.Rect(0, 0, w + 6, h + 2)
        step = (plate.width // 2 + max(4, round(12 * z)), 0) if vertical else (0, plate.height // 2 + max(4, round(12 * z)))
        for k in (0, 1, -1, 2, -2):
            plate.center = (round(x + k * step[0]), round(y + k * step[1]))
            if plate.collidelist(taken) < 0:
                break
        else:
            plate.center = (round(x), round(y))
        taken.append(plate)
        pygame.draw.rect(surface, (18, 18, 20), plate, border_radius=4)
        pygame.draw.rect(surface, (150, 140, 120), plate, 1, border_radius=4)
        widgets.text(surface, name, font, (235, 228, 210), plate.center, "center")


def item_marks(scene) -> list[pygame.Rect]:
    """Where the things other than doors are drawn on screen (their icons' boxes)."""
    out = []
    for item in scene.builder.state.items:
        if item.kind != "door":
            at, r = item_screen(scene, item)
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = at
            out.append(box)
    return out


def draw_items(scene, surface: pygame.Surface) -> None:
    b = scene.builder
    draw_zones(scene, surface)
    for item in b.state.items:
        if scene.drag is not None and scene.drag.kind == "item_move" and scene.drag.name == item.name and scene.drag.moved:
            continue
        at, r = item_screen(scene, item)
        icon(surface, scene.ctx, item.kind, item.value, at, r, item.min_marines, item.vertical)
        if item.name == scene.selected_item:
            pygame.draw.circle(surface, scene.ctx.palette.accent, at, r + 3, 2)
    d = scene.drag
    if d is not None and d.item is not None and (d.moved or d.kind == "item_new") and scene.mouse and scene.view_rect.collidepoint(scene.mouse):
        at, r = item_screen(scene, d.item)
        icon(surface, scene.ctx, d.item.kind, d.item.value, at, r, d.item.min_marines, d.item.vertical, alpha=170)
        if b.item_problem(d.item):  # it would be refused here: a red ring says so before the drop
            pygame.draw.circle(surface, (226, 74, 51), at, max(6, r // 2), 3)


def describe(scene, item: BuildItem) -> tuple[str, str]:
    """The selected item in the panel: its name and what it is, and what the keys do to it."""
    # By what it is, as the palette names it ("Barrel"), not its id in the saved map ("prop_2").
    head = next((t.label for t in scene.things() if t.kind == item.kind and t.value == item.value), None) \
        or str(item_words(item))
    if item.kind == "figure":
        line = _("Present with {n}+ marines (spec 9.2); T changes it.").format(n=item.min_marines)
    elif item.kind == "door":
        line = _("Closed at the start; right click turns it; Delete removes it.")
    else:
        line = _("Drag to move; Delete removes it.")
    return head, line
