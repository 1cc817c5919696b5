"""A contact sheet of Neuroshima Convoy's card art (game/ui/convoy/cards.py), headless.

    python tools/convoy_card_sheet.py --out /tmp/convoy_cards.png               # 90 px wide cards
    python tools/convoy_card_sheet.py --out /tmp/convoy_big.png --size 250x350

Every card of both decks (each card id once: the Move cards are in it), both backs, each card
in its other states (a few), and the five cities, intact and destroyed, with a battle token, a
destroyed sector, the Extra Sector and the Used marker on some. A review aid, not an asset.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402


def headless_context():
    """A UI Context without a window: what the card drawing needs (assets, palette)."""
    from game.ui.assets import Assets
    from game.ui.scene import Context
    from game.ui.settings import Settings

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return Context(settings=Settings(), assets=Assets(), maps_dir=ROOT / "maps", settings_file=Path(os.devnull))


def render_sheet(size: tuple[int, int], per_row: int = 12) -> pygame.Surface:
    from game.convoy.content import shared_content
    from game.ui.convoy import cards

    ctx = headless_context()
    content = shared_content()
    w, h = size
    gap = max(6, w // 12)
    ids = sorted(content.cards, key=lambda c: (content.cards[c].side, content.cards[c].type, c))
    states = ["playable", "selected", "dim", "offline"]
    tiles = len(ids) + 2 + len(states)
    rows = (tiles + per_row - 1) // per_row
    cw = round(w * 1.9)
    ch = round(cw * 0.68)
    city_rows = 2
    sheet_w = per_row * (w + gap) + gap
    sheet_h = rows * (h + gap) + gap + city_rows * (ch + gap) + gap
    sheet_w = max(sheet_w, 5 * (cw + gap) + gap)
    sheet = pygame.Surface((sheet_w, sheet_h))
    sheet.fill((38, 40, 44))
    for i, cid in enumerate(ids):
        r = pygame.Rect(gap + (i % per_row) * (w + gap), gap + (i // per_row) * (h + gap), w, h)
        cards.draw_card(sheet, ctx, r, content, cid)
    i = len(ids)
    for side in ("moloch", "outpost"):
        r = pygame.Rect(gap + (i % per_row) * (w + gap), gap + (i // per_row) * (h + gap), w, h)
        cards.draw_back(sheet, ctx, r, side)
        i += 1
    for state, cid in zip(states, ("hunter", "medic", "bunker", "juggernaut")):
        r = pygame.Rect(gap + (i % per_row) * (w + gap), gap + (i // per_row) * (h + gap), w, h)
        cards.draw_card(sheet, ctx, r, content, cid, state=state)
        i += 1
    y = gap + rows * (h + gap)
    for j, city in enumerate(content.cities):
        r = pygame.Rect(gap + j * (cw + gap), y, cw, ch)
        cards.draw_city(sheet, ctx, r, content, city.id, battle_sector=j % len(city.sectors),
                        sectors_destroyed=(0,) if j in (1, 4) else (), feature_used=j == 2, extra_sector=j == 3)
        r2 = r.move(0, ch + gap)
        cards.draw_city(sheet, ctx, r2, content, city.id, destroyed=True)
    return sheet


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Render every Convoy card and city into one PNG.")
    ap.add_argument("--out", type=Path, required=True, help="the PNG to write")
    ap.add_argument("--size", default="90x126", help="one card's size, WxH (default 90x126)")
    ap.add_argument("--per-row", type=int, default=12)
    args = ap.parse_args(argv)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"convoy_card_sheet: --size must be WxH, got {args.size!r}", file=sys.stderr)
        return 2
    sheet = render_sheet((w, h), args.per_row)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.out))
    print(f"convoy_card_sheet: wrote {args.out} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
