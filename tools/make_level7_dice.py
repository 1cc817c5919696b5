"""Draws the Level 7 die faces (our art, vector shapes with pillow) into assets/dice/level7_*.png:
one 64 x 64 face per face of game/level7/data/dice.toml, named by the face's symbols
(level7_blank, level7_intelligence, level7_intelligence2, level7_strength, level7_strength2,
level7_intelligence_strength). The table looks a rolled face up by those names
(game/ui/level7/table_scene.py die_face). Rerun after changing the die's faces:

    /work/venv/bin/python tools/make_level7_dice.py
"""
from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = 64
BODY, EDGE = (226, 230, 222), (60, 66, 70)
BRAIN, FIST = (40, 120, 200), (212, 84, 30)


def face_name(symbols) -> str:
    """The file stem of a face: its symbols with their counts."""
    parts = [k + (str(n) if n > 1 else "") for k, n in sorted(symbols)]
    return "level7_" + ("_".join(parts) or "blank")


def _eye(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Intelligence: an eye (our own sign for it)."""
    d.ellipse((cx - r, cy - r * 0.6, cx + r, cy + r * 0.6), fill=(240, 246, 252), outline=BRAIN, width=3)
    d.ellipse((cx - r * 0.38, cy - r * 0.38, cx + r * 0.38, cy + r * 0.38), fill=BRAIN)


def _bolt(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """Strength: a lightning bolt."""
    pts = [(cx + r * 0.25, cy - r), (cx - r * 0.55, cy + r * 0.1), (cx - r * 0.02, cy + r * 0.1),
           (cx - r * 0.25, cy + r), (cx + r * 0.55, cy - r * 0.15), (cx + r * 0.02, cy - r * 0.15)]
    d.polygon(pts, fill=FIST, outline=(120, 40, 10))


def draw_face(symbols) -> Image.Image:
    img = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((2, 2, SIZE - 3, SIZE - 3), radius=11, fill=BODY, outline=EDGE, width=3)
    marks = [k for k, n in sorted(symbols) for _ in range(n)]
    spots = {1: [(32, 32)], 2: [(21, 21), (43, 43)]}.get(len(marks), [])
    r = 15 if len(marks) == 1 else 11
    for (cx, cy), kind in zip(spots, marks):
        (_eye if kind == "intelligence" else _bolt)(d, cx, cy, r)
    return img


def main() -> None:
    from game.level7.content import shared_content

    out = ROOT / "assets" / "dice"
    for die in shared_content().dice.values():
        for face in die.faces:
            draw_face(face.symbols).save(out / f"{face_name(face.symbols)}.png")
            print(out / f"{face_name(face.symbols)}.png")


if __name__ == "__main__":
    main()
