"""Write the sample Tiled maps under maps/ (run from the project root: `python tools/make_sample_maps.py`).

The maps are plain TMX 1.10 that Tiled opens and saves unchanged; this script is only a
convenient way to keep their coordinates readable and reviewable. Conventions: docs/MAPS.md.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
TILE = 64

# Tile indices of maps/tilesets/floors.tsx (index = row * 8 + col; gid = index + firstgid).
FLOORS = {
    "concrete_a": 0, "concrete_b": 1, "concrete_c": 2, "cracked": 3, "rubble": 4, "dirt": 5,
    "metal_plate": 6, "grate": 7, "tiles_a": 8, "tiles_b": 9, "carpet": 10, "grass": 11,
    "mud": 12, "sand": 13, "water": 14, "broken_tiles": 15, "tech_a": 16, "tech_b": 17,
    "tech_c": 18, "panel": 19, "grate_dark": 20, "hazard_stripes": 21, "blood": 22, "slime": 23,
    "stone_a": 24, "stone_b": 25, "metal_dark": 26, "lava": 27, "void": 28, "carpet_red": 29,
    "tile_white": 30, "moss": 31,
}
FIRSTGID = 1

TILESET = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="floors" tilewidth="64" tileheight="64" tilecount="32" columns="8">
 <image source="../../assets/tiles/floors.png" width="512" height="256"/>
</tileset>
"""

LAYER_COLOURS = {
    "areas": "#55aaff", "walls": "#000000", "level_lines": "#2255ff", "borders": "#999999",
    "cover": "#00aa00", "emergence": "#aa0000", "equipment": "#ffaa00", "connectors": "#ff00ff",
    "doors": "#aa5500", "edges": "#ff00ff", "props": "#ffaa00", "figures": "#aa0000",
}


@dataclass
class Obj:
    name: str = ""
    shape: str = "point"  # point | polygon | polyline | rectangle
    points: list[tuple[float, float]] = field(default_factory=list)  # absolute
    props: dict[str, object] = field(default_factory=dict)
    type: str = ""


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def _props(props: dict[str, object], indent: str) -> list[str]:
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for k, v in props.items():
        if isinstance(v, bool):
            out.append(f'{indent} <property name="{k}" type="bool" value="{str(v).lower()}"/>')
        elif isinstance(v, int):
            out.append(f'{indent} <property name="{k}" type="int" value="{v}"/>')
        else:
            out.append(f"{indent} <property name=\"{k}\" value={quoteattr(str(v))}/>")
    out.append(f"{indent}</properties>")
    return out


def write_tmx(path: Path, width: int, height: int, props: dict, floor: list[list[int]], layers: list[tuple[str, list[Obj]]],
              tileset: str = "../tilesets/floors.tsx") -> None:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>']
    next_layer = 2 + len(layers)
    n_objects = sum(len(objs) for _, objs in layers)
    lines.append(
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="{next_layer}" nextobjectid="{n_objects + 1}">'
    )
    lines += _props(props, " ")
    lines.append(f' <tileset firstgid="{FIRSTGID}" source="{tileset}"/>')
    lines.append(f' <layer id="1" name="floor" width="{width}" height="{height}">')
    lines.append('  <data encoding="csv">')
    rows = [",".join(str(g) for g in row) for row in floor]
    lines.append(",\n".join(rows))
    lines.append("</data>")
    lines.append(" </layer>")
    oid = 1
    for i, (name, objs) in enumerate(layers):
        colour = LAYER_COLOURS.get(name, "#ffffff")
        lines.append(f' <objectgroup id="{i + 2}" name="{name}" color="{colour}">')
        for o in objs:
            x0, y0 = o.points[0]
            attrs = f'id="{oid}"'
            if o.name:
                attrs += f" name={quoteattr(o.name)}"
            if o.type:
                attrs += f" type={quoteattr(o.type)}"
            if o.shape == "rectangle":
                (xa, ya), (xb, yb) = o.points
                attrs += f' x="{_num(xa)}" y="{_num(ya)}" width="{_num(xb - xa)}" height="{_num(yb - ya)}"'
            else:
                attrs += f' x="{_num(x0)}" y="{_num(y0)}"'
            body = _props(o.props, "   ")
            if o.shape == "point":
                body.append("   <point/>")
            elif o.shape in ("polygon", "polyline"):
                rel = " ".join(f"{_num(x - x0)},{_num(y - y0)}" for x, y in o.points)
                body.append(f'   <{o.shape} points="{rel}"/>')
            if body:
                lines.append(f"  <object {attrs}>")
                lines += body
                lines.append("  </object>")
            else:
                lines.append(f"  <object {attrs}/>")
            oid += 1
        lines.append(" </objectgroup>")
    lines.append("</map>")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def paint(width: int, height: int, regions: list[tuple[list[tuple[float, float]], str]]) -> list[list[int]]:
    """Floor gids: each cell takes the texture of the first region polygon holding its centre."""
    from fractions import Fraction

    from game.board.checks import point_in_polygon

    grid = []
    for r in range(height):
        row = []
        for c in range(width):
            centre = (Fraction(c * TILE + TILE // 2), Fraction(r * TILE + TILE // 2))
            gid = 0
            for poly, texture in regions:
                pts = [(Fraction(x), Fraction(y)) for x, y in poly]
                if point_in_polygon(centre, pts) >= 0:
                    gid = FLOORS[texture] + FIRSTGID
                    break
            row.append(gid)
        grid.append(row)
    return grid


def poly(name: str, pts, **props) -> Obj:
    return Obj(name, "polygon", list(pts), props)


def line(pts, name: str = "", **props) -> Obj:
    return Obj(name, "polyline", list(pts), props)


def pt(name: str, x: float, y: float, type: str = "", **props) -> Obj:
    return Obj(name, "point", [(x, y)], props, type)


# --- maps/gears/sample_1A.tmx -------------------------------------------------------------------


def gears_sample() -> None:
    areas = {
        "west_street": [(0, 0), (256, 0), (288, 224), (224, 320), (224, 512), (0, 512)],
        "plaza": [(256, 0), (544, 0), (512, 224), (288, 224)],
        "ruin": [(288, 224), (512, 224), (544, 352), (448, 512), (224, 512), (224, 320)],
        "ledge": [(544, 0), (768, 0), (768, 256), (576, 256), (512, 224)],
        "east_yard": [(512, 224), (576, 256), (768, 256), (768, 512), (448, 512), (544, 352)],
    }
    textures = {"west_street": "concrete_a", "plaza": "tiles_a", "ruin": "rubble", "ledge": "metal_plate", "east_yard": "dirt"}
    layers = [
        ("areas", [poly(n, p, **({"equipment": True} if n == "plaza" else {})) for n, p in areas.items()]),
        ("walls", [
            line([(256, 0), (272, 112)], "plaza_west_wall"),
            line([(288, 224), (224, 320)], "ruin_north_wall"),
            line([(224, 416), (224, 512)], "ruin_west_wall"),
            line([(512, 224), (544, 352)], "yard_wall"),
            line([(96, 288), (160, 288), (160, 352)], "street_pillar"),
        ]),
        ("level_lines", [
            line([(544, 0), (512, 224)], "ledge_edge_west"),
            line([(576, 256), (768, 256)], "ledge_edge_south"),
        ]),
        ("borders", [
            line([(272, 112), (288, 224)], "street_plaza"),
            line([(224, 320), (224, 416)], "street_ruin"),
            line([(288, 224), (512, 224)], "plaza_ruin"),
            line([(544, 352), (448, 512)], "ruin_yard"),
            line([(512, 224), (576, 256)], "ledge_stairs"),
        ]),
        ("cover", [
            pt("street_crates", 96, 128, area="west_street", arrows="0"),
            pt("plaza_fountain", 400, 176, area="plaza", arrows="90"),
            pt("ruin_wall_n", 352, 272, area="ruin", arrows="270"),
            pt("ruin_rubble", 448, 400, area="ruin", arrows="0,45"),
            pt("ledge_rail", 672, 192, area="ledge", arrows="90,180"),
            pt("yard_truck", 640, 320, area="east_yard", arrows="180,270"),
        ]),
        ("emergence", [
            pt("hole_ledge", 688, 64, area="ledge"),
            pt("hole_yard", 704, 448, area="east_yard"),
        ]),
        ("equipment", [pt("plaza_cache", 320, 64, area="plaza")]),
        ("connectors", [
            line([(0, 192), (0, 320)], "entrance", kind="entrance"),
            line([(768, 320), (768, 448)], "exit", kind="exit"),
        ]),
    ]
    floor = paint(12, 8, [(areas[n], textures[n]) for n in areas])
    props = {
        "title": "gears", "name": "Ruined Plaza", "tile_id": "1A", "size": "small",
        "flavour": "A fountain square split by a collapsed street; a loading ledge overlooks the yard.",
    }
    write_tmx(MAPS / "gears" / "sample_1A.tmx", 12, 8, props, floor, layers)


# --- maps/gears/los_example.tmx (spec gears 3.5 worked example) --------------------------------


def los_example() -> None:
    areas = {
        "cole_area": [(0, 0), (256, 0), (256, 192), (0, 192)],
        "marcus_area": [(0, 192), (256, 192), (256, 512), (0, 512)],
        "gap": [(256, 0), (448, 0), (448, 512), (256, 512)],
        "area2": [(448, 0), (768, 0), (768, 128), (448, 128)],
        "area3": [(448, 128), (768, 128), (768, 256), (448, 256)],
        "area4": [(448, 256), (768, 256), (768, 384), (448, 384)],
        "area5": [(448, 384), (768, 384), (768, 512), (448, 512)],
    }
    textures = {"cole_area": "concrete_a", "marcus_area": "concrete_b", "gap": "cracked",
                "area2": "tiles_a", "area3": "tiles_b", "area4": "carpet", "area5": "sand"}
    layers = [
        ("areas", [poly(n, p) for n, p in areas.items()]),
        # The wall that hides Drone #4 from Marcus's arrow but not from the edge of Cole's area.
        ("walls", [
            line([(400, 272), (400, 416)], "hiding_wall"),
            # Screens the middle of Cole's area from Drone #4, so only its edge sees it.
            line([(320, 144), (320, 192)], "cole_screen"),
        ]),
        ("borders", [
            line([(0, 192), (256, 192)], "cole_marcus"),
            line([(256, 0), (256, 512)], "left_gap"),
            line([(448, 0), (448, 512)], "gap_right"),
            line([(448, 128), (768, 128)], "b23"),
            line([(448, 256), (768, 256)], "b34"),
            line([(448, 384), (768, 384)], "b45"),
        ]),
        ("cover", [
            pt("marcus", 200, 320, area="marcus_area", arrows="0"),
            pt("drone2", 600, 64, area="area2", arrows="0"),      # arrow away from Marcus: partial
            pt("drone3", 560, 200, area="area3", arrows="180"),   # arrow towards Marcus: full
            pt("drone4", 608, 288, area="area4", arrows="180"),   # behind the wall from Marcus
        ]),
        ("emergence", [pt("hole", 704, 448, area="area5")]),
        ("connectors", [
            line([(0, 320), (0, 448)], "entrance", kind="entrance"),
            line([(768, 384), (768, 512)], "exit", kind="exit"),
        ]),
    ]
    floor = paint(12, 8, [(areas[n], textures[n]) for n in areas])
    props = {
        "title": "gears", "name": "LOS worked example", "tile_id": "LOS", "size": "small",
        "flavour": "Marcus in cover, Cole in the open, four Drones (base rulebook p. 21).",
    }
    write_tmx(MAPS / "gears" / "los_example.tmx", 12, 8, props, floor, layers)


# --- maps/doom/sample_room.tmx --------------------------------------------------------------------


def doom_sample() -> None:
    def rect(c0: int, r0: int, c1: int, r1: int):
        """Cells c0..c1 x r0..r1 inclusive as a pixel polygon."""
        return [(c0 * TILE, r0 * TILE), ((c1 + 1) * TILE, r0 * TILE), ((c1 + 1) * TILE, (r1 + 1) * TILE), (c0 * TILE, (r1 + 1) * TILE)]

    def centre(c: int, r: int):
        return (c * TILE + TILE // 2, r * TILE + TILE // 2)

    rooms = {
        "room_a": (rect(1, 1, 6, 6), "tech_a"),
        "corridor": (rect(7, 3, 10, 4), "panel"),
        "room_b": (rect(11, 1, 14, 9), "tech_b"),
    }
    # Each area's place name (`label`: the goal line and the log name the area by it, not by its
    # id) and the text read out when it is revealed.
    words = {
        "room_a": {"start_zone": True, "label": "Control room", "text": "The marines arrive in a humming control room."},
        "corridor": {"label": "Corridor", "text": "A short corridor to a shut door."},
        "room_b": {"label": "Console room", "text": "A long room lit by a second console. Acid has eaten into the floor."},
    }
    area_objs = []
    for name, (p, _) in rooms.items():
        o = Obj(name, "rectangle", [p[0], p[2]])
        o.props = words[name]
        area_objs.append(o)
    layers = [
        ("areas", area_objs),
        ("edges", [
            line([(11 * TILE, 3 * TILE), (11 * TILE, 5 * TILE)], "door_b", kind="door", door_type="ordinary", state="closed"),
            line([(12 * TILE, 10 * TILE), (14 * TILE, 10 * TILE)], "south_connector", kind="connector"),
        ]),
        ("walls", [line([(4 * TILE, 1 * TILE), (4 * TILE, 3 * TILE)], "console_wall")]),
        ("props", [
            pt("crate", *centre(2, 4), kind="obstacle"),
            pt("barrel", *centre(13, 6), kind="barrel"),
            pt("acid", *centre(12, 8), kind="hazard"),
            pt("shotgun", *centre(5, 5), kind="equipment:shotgun", count=1),
        ]),
        ("figures", [pt("imp1", *centre(13, 2), type="imp", min_marines=1)]),
    ]
    floor = paint(16, 12, [(p, tex) for p, tex in rooms.values()])
    props = {"title": "doom", "name": "Sample rooms", "flavour": "Two rooms, a corridor and a closed door."}
    write_tmx(MAPS / "doom" / "sample_room.tmx", 16, 12, props, floor, layers)


def main() -> None:
    (MAPS / "tilesets").mkdir(parents=True, exist_ok=True)
    (MAPS / "tilesets" / "floors.tsx").write_text(TILESET, encoding="utf-8")
    gears_sample()
    los_example()
    doom_sample()
    print("wrote maps/tilesets/floors.tsx, maps/gears/sample_1A.tmx, maps/gears/los_example.tmx, maps/doom/sample_room.tmx")


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(ROOT))
    main()
