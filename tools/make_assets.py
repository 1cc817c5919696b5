"""Regenerate every file under assets/ from code: `python tools/make_assets.py`.

All art is drawn here with pillow (seeded noise, vector shapes drawn at 4x and downsampled), so
a rerun writes byte-identical PNGs. Options:
  --out DIR        write into DIR instead of assets/ (tests use a temp dir)
  --only G1,G2     build only some groups (floors, board, tokens, cards, dice, ui)
  --sheet OUT.png  also render a contact sheet of everything built, for review
  --subset         a few representative items per group (tests use it to stay fast)
  --jobs N         build groups in N processes (default: up to 2)
  --list           print the group names and exit
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from art import GROUPS, build_groups, write_output  # noqa: E402

ROOT = HERE.parent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate Tiletop's original art into assets/.")
    ap.add_argument("--out", type=Path, default=ROOT / "assets", help="output folder (default: assets/)")
    ap.add_argument("--only", default="", help="comma-separated groups: " + ", ".join(GROUPS))
    ap.add_argument("--sheet", type=Path, default=None, help="write a contact sheet PNG here")
    ap.add_argument("--subset", action="store_true",
                    help="build a few representative items per group only (fast; used by tests)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="worker processes (default: up to 2); output is identical either way")
    ap.add_argument("--list", action="store_true", help="list the groups and exit")
    args = ap.parse_args(argv)
    if args.list:
        print("\n".join(GROUPS))
        return 0
    names = [g.strip() for g in args.only.split(",") if g.strip()] or list(GROUPS)
    unknown = [g for g in names if g not in GROUPS]
    if unknown:
        print(f"make_assets: unknown group(s) {', '.join(unknown)}; known: {', '.join(GROUPS)}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    out = build_groups(names, subset=args.subset, jobs=max(1, args.jobs))
    written = write_output(out, args.out)
    msg = f"make_assets: wrote {written} files to {args.out} in {time.perf_counter() - t0:.1f}s"
    if args.sheet is not None:
        from art.sheet import contact_sheet
        args.sheet.parent.mkdir(parents=True, exist_ok=True)
        contact_sheet(out).save(args.sheet)
        msg += f"; contact sheet {args.sheet}"
    print(msg)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
