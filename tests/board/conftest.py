"""Shared paths and a tiny TMX writer for board tests (maps built inline, in tmp_path)."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
DATA = ROOT / "tests" / "data"
TILESET = MAPS / "tilesets" / "floors.tsx"


def tmx_text(layers: str, *, title: str = "gears", width: int = 4, height: int = 2, extra_props: str = "") -> str:
    """A map with the given object-layer XML; gears maps get the required map properties."""
    props = f'  <property name="title" value="{title}"/>\n  <property name="name" value="t"/>\n'
    if title == "gears":
        props += '  <property name="tile_id" value="T"/>\n  <property name="size" value="small"/>\n'
    floor = ",\n".join(",".join("1" for _ in range(width)) for _ in range(height))
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{width}" height="{height}" '
        'tilewidth="64" tileheight="64" infinite="0" nextlayerid="20" nextobjectid="100">\n'
        f" <properties>\n{props}{extra_props} </properties>\n"
        f' <tileset firstgid="1" source="{TILESET}"/>\n'
        f' <layer id="1" name="floor" width="{width}" height="{height}">\n  <data encoding="csv">\n{floor}\n</data>\n </layer>\n'
        f"{layers}</map>\n"
    )


@pytest.fixture
def write_map(tmp_path):
    """write_map(layers_xml, name='m.tmx', **kw) -> path of a map written into tmp_path."""

    def write(layers: str, name: str = "m.tmx", **kw) -> Path:
        path = tmp_path / name
        path.write_text(tmx_text(layers, **kw), encoding="utf-8")
        return path

    return write
