"""The art pipeline (DESIGN.md, Look and feel: "All art is ours: generated with pillow by scripts in
tools/"): the generator writes every file its TOML indexes name, with the sizes and modes they
state, the floor tileset has the fixed 8x4 layout, and reruns are byte-identical.

Generation runs into temp dirs with --subset (a few representative items per group, plus the
whole floor tileset), so the suite stays within a few seconds; the full set is the same code.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10 fallback; the project targets 3.11+
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools"
sys.path.insert(0, str(TOOLS))

import make_assets  # noqa: E402
from art import GROUPS, floors  # noqa: E402

INDEXES = {"floors": "tiles/floors.toml", "board": "board/board.toml", "tokens": "tokens/tokens.toml",
           "cards": "cards/cards.toml", "dice": "dice/dice.toml", "ui": "ui/ui.toml"}


@pytest.fixture(scope="module")
def quick(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("assets")
    assert make_assets.main(["--out", str(out), "--subset"]) == 0
    return out


def entries(index: dict) -> list[tuple[str, dict]]:
    """(name, entry) for every table that names a file, at any nesting depth."""
    found = []

    def walk(prefix: str, table: dict) -> None:
        if "file" in table:
            found.append((prefix, table))
            return
        for k, v in table.items():
            if isinstance(v, dict):
                walk(f"{prefix}.{k}" if prefix else k, v)
    walk("", index)
    return found


def check_index(root: Path, group: str) -> int:
    index_path = root / INDEXES[group]
    index = tomllib.loads(index_path.read_text(encoding="utf-8"))
    listed = entries(index)
    assert listed, f"{index_path} lists no files"
    for name, e in listed:
        path = index_path.parent / e["file"]
        assert path.is_file(), f"{name}: {path} missing"
        with Image.open(path) as img:
            assert list(img.size) == e["px"], f"{name}: size {img.size} != {e['px']}"
            # overlays, tokens, cards, dice and UI pieces need alpha; only full-bleed images are RGB
            expected = "RGB" if e["file"] in ("menu_bg.png", "floors.png") else "RGBA"
            assert img.mode == expected, f"{name}: mode {img.mode}"
    pngs = {p.relative_to(index_path.parent).as_posix() for p in index_path.parent.rglob("*.png")}
    assert pngs == {e["file"] for _, e in listed}, "every PNG in the folder is indexed and vice versa"
    return len(listed)


@pytest.mark.parametrize("group", GROUPS)
def test_index_lists_every_file_with_size_and_mode(quick, group):
    """Each index names files that exist with the stated px size and RGBA where alpha is needed."""
    assert check_index(quick, group) > 0


def test_floor_tileset_is_512x256_with_fixed_names(quick):
    """Task layout: 8 columns x 4 rows of 64 px, index = row*8+col, names fixed (floors.tsx)."""
    with Image.open(quick / "tiles/floors.png") as img:
        assert img.size == (512, 256)
        assert img.mode == "RGB"
    index = tomllib.loads((quick / "tiles/floors.toml").read_text(encoding="utf-8"))
    assert index["tile_width"] == 64 and index["columns"] == 8 and index["count"] == 32
    names = index["tiles"]
    assert names["0"] == "concrete_a" and names["7"] == "grate" and names["16"] == "tech_a"
    assert names["27"] == "lava" and names["31"] == "moss"
    assert [names[str(i)] for i in range(32)] == floors.NAMES


def test_floor_tiles_are_seamless():
    """Adjacent identical tiles meet without a seam: the step across the wrap edge is no bigger
    than the typical step between neighbouring columns inside the tile."""
    for name in ("concrete_a", "metal_plate", "stone_a", "tech_a"):
        tile = floors.render_tile(name).convert("L")
        px = tile.load()

        def step(x0: int, x1: int) -> float:
            return sum(abs(px[x0, y] - px[x1, y]) for y in range(64)) / 64

        inner = sorted(step(x, x + 1) for x in range(63))
        wrap = step(63, 0)
        assert wrap <= inner[int(len(inner) * 0.9)] + 4, f"{name}: seam {wrap:.1f} vs inner {inner}"


def test_cli_rerun_is_byte_identical(tmp_path):
    """Fixed seeds: two runs of the script write identical bytes (checked through the real CLI)."""
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        subprocess.run([sys.executable, str(TOOLS / "make_assets.py"), "--out", str(out), "--only", "board",
                        "--subset"], check=True, capture_output=True, timeout=60)
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files and files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for rel in files:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), f"{rel} differs between runs"


def test_tokens_footprints_and_cues(quick):
    """Tokens: 96 px per square; 2x1 and 2x2 invaders sized by footprint (rules/doom.md 7.1);
    player tokens carry an Okabe-Ito colour and a cue shape, so colour is never the only cue."""
    index = tomllib.loads((quick / INDEXES["tokens"]).read_text(encoding="utf-8"))
    assert index["demon"]["squares"] == [2, 1] and index["demon"]["px"] == [192, 96]
    assert index["cyberdemon"]["squares"] == [2, 2] and index["cyberdemon"]["px"] == [192, 192]
    assert index["zombie"]["px"] == [96, 96]
    assert index["cog_p1"]["color"] == "#E69F00" and index["cog_p1"]["cue"] == "circle"
    assert index["marine_p2"]["color"] == "#56B4E9" and index["marine_p2"]["cue"] == "triangle"


def test_full_token_roster_has_distinct_cues():
    """Task list: 10 Locust, 12 invaders, 7 COG and 7 marine seats, each seat a different cue."""
    from art import tokens
    specs = tokens.all_specs()
    names = {s.name for s in specs}
    assert {"general_raam", "feral_berserker", "cacodemon", "baron", "archvile"} <= names
    for prefix in ("cog_p", "marine_p"):
        seats = [s for s in specs if s.name.startswith(prefix)]
        assert len(seats) == 7 and len({s.cue for s in seats}) == 7 and len({s.color for s in seats}) == 7


def test_card_rects(quick):
    """Card frames carry the title/art/text rectangles the UI draws into, inside 250x350."""
    index = tomllib.loads((quick / INDEXES["cards"]).read_text(encoding="utf-8"))
    for key in ("title_rect", "art_rect", "text_rect"):
        x0, y0, x1, y1 = index["frames"]["order"][key]
        assert 0 < x0 < x1 <= 250 and 0 < y0 < y1 <= 350
    from art import cards
    assert set(cards.KINDS) == {"order", "ai", "location", "enemy", "item", "generic"}


def test_unknown_group_is_a_clear_error(capsys, tmp_path):
    assert make_assets.main(["--out", str(tmp_path), "--only", "floorz"]) == 2
    err = capsys.readouterr().err
    assert "floorz" in err and "floors" in err


def test_contact_sheet(tmp_path):
    """--sheet lays every built image out on one PNG for review."""
    sheet = tmp_path / "sheet.png"
    assert make_assets.main(["--out", str(tmp_path / "a"), "--only", "board", "--sheet", str(sheet)]) == 0
    with Image.open(sheet) as img:
        assert img.width == 1800 and img.height > 200


def test_groups_cover_all_indexes():
    assert set(GROUPS) == set(INDEXES)


def test_ui_nine_slice_margins(quick):
    """ui.toml: entries keyed by file stem; panel and buttons give 9-slice margins the UI reads."""
    index = tomllib.loads((quick / INDEXES["ui"]).read_text(encoding="utf-8"))
    panel = index["panel"]
    assert panel["margin"] == 24 and panel["slice"] == {"left": 24, "top": 24, "right": 24, "bottom": 24}
    assert 2 * panel["margin"] < min(panel["px"])
    assert index["button_hover"]["margin"] * 2 < index["button_hover"]["px"][1]
