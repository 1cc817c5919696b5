"""Every shipped map opens in Tiled itself (issue: sample maps "open cleanly in Tiled").

Runs Tiled's own command line (`tiled --embed-tilesets --export-map json`) headless on each
.tmx under maps/ and checks what Tiled read: the tileset resolved through its relative path
(a missing .tsx gives an empty tileset), the tileset image exists, and every layer of the file
is there. Skipped only where the `tiled` program is not installed (.ci/run installs it).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").rglob("*.tmx"))
TILED = shutil.which("tiled")

pytestmark = pytest.mark.skipif(TILED is None, reason="Tiled is not installed (apt-get install tiled)")


def export(tmx: Path, out_dir: Path) -> dict:
    out = out_dir / (tmx.stem + ".json")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(out_dir))
    proc = subprocess.run(
        [TILED, "--embed-tilesets", "--export-map", "json", str(tmx), str(out)],
        capture_output=True, text=True, timeout=120, env=env, cwd=out_dir,
    )
    assert proc.returncode == 0, f"Tiled could not open {tmx}: {proc.stdout}{proc.stderr}"
    return json.loads(out.read_text(encoding="utf-8"))


def test_there_are_maps_to_check():
    assert len(MAPS) >= 3


@pytest.mark.parametrize("tmx", MAPS, ids=lambda p: str(p.relative_to(ROOT / "maps")))
def test_tiled_opens_map(tmx: Path, tmp_path: Path):
    data = export(tmx, tmp_path)
    for tileset in data["tilesets"]:
        assert tileset.get("tilecount", 0) > 0, f"{tmx}: Tiled found no tiles in tileset {tileset.get('name')}"
        image = (tmp_path / tileset["image"]).resolve()
        assert image.is_file(), f"{tmx}: tileset image {image} missing"
    file_layers = [el.get("name") for el in ET.parse(tmx).getroot() if el.tag in ("layer", "objectgroup")]
    assert [layer["name"] for layer in data["layers"]] == file_layers


def test_tiled_reports_a_broken_map(tmp_path: Path):
    """The check above can fail: Tiled itself refuses bad XML."""
    bad = ROOT / "tests" / "data" / "bad_xml.tmx"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(tmp_path))
    proc = subprocess.run([TILED, "--export-map", "json", str(bad), str(tmp_path / "x.json")],
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode != 0
