"""Contact sheet: every generated image on one page, grouped by folder, for human review.

The sheet is a review aid, not an asset, so it may label things with pillow's default font.
"""
from __future__ import annotations

from PIL import Image, ImageDraw, ImageFont

from .core import Output

MAX_W = 560          # wide images (tilesets, backgrounds) are scaled down to this
SHEET_W = 1800
PAD = 14
BG = (40, 42, 46)
CHECK = ((58, 60, 64), (50, 52, 56))


def _checker(size: tuple[int, int], cell: int = 8) -> Image.Image:
    img = Image.new("RGB", size, CHECK[0])
    d = ImageDraw.Draw(img)
    for y in range(0, size[1], cell):
        for x in range(0, size[0], cell):
            if (x // cell + y // cell) % 2:
                d.rectangle((x, y, x + cell - 1, y + cell - 1), fill=CHECK[1])
    return img


def contact_sheet(out: Output) -> Image.Image:
    font = ImageFont.load_default(size=12)
    head = ImageFont.load_default(size=20)
    groups: dict[str, list[tuple[str, Image.Image]]] = {}
    for rel, img in out.images.items():
        groups.setdefault(rel.split("/")[0], []).append((rel.split("/", 1)[1], img))

    # lay out row by row, measuring first
    placements: list[tuple[str, Image.Image, int, int]] = []
    titles: list[tuple[str, int]] = []
    y = PAD
    for group, items in groups.items():
        titles.append((group, y))
        y += 30
        x, row_h = PAD, 0
        for name, img in items:
            if img.width > MAX_W:
                img = img.resize((MAX_W, round(img.height * MAX_W / img.width)), Image.LANCZOS)
            cell_w = max(img.width, 132)  # room for the label under small images
            if x + cell_w > SHEET_W - PAD:
                x, y = PAD, y + row_h + 22
                row_h = 0
            placements.append((name, img, x, y))
            x += cell_w + PAD
            row_h = max(row_h, img.height)
        y += row_h + 22 + PAD
    sheet = Image.new("RGB", (SHEET_W, y + PAD), BG)
    d = ImageDraw.Draw(sheet)
    for group, ty in titles:
        d.text((PAD, ty), group, fill=(230, 226, 214), font=head)
    for name, img, x, yy in placements:
        sheet.paste(_checker(img.size), (x, yy))
        rgba = img.convert("RGBA")
        sheet.paste(rgba, (x, yy), rgba)
        label = name.rsplit(".", 1)[0]
        d.text((x, yy + img.height + 3), label[:22], fill=(170, 170, 170), font=font)
    return sheet
