"""Tiletop's procedural art: one module per asset group, all pillow, all seeded."""
from __future__ import annotations

import importlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .core import Output

# group name -> module with a build() -> Output; order is the contact sheet's order too
GROUPS = ("floors", "board", "tokens", "cards", "dice", "ui")


def _build_one(name: str, subset: bool) -> Output:
    module = importlib.import_module(f"{__name__}.{name}")
    return module.build(subset=subset)


def build_groups(names: list[str] | tuple[str, ...] = GROUPS, subset: bool = False, jobs: int = 1) -> Output:
    """Build the named groups. subset=True builds a few representative items per group (with
    matching indexes) so tests stay fast; the floor tileset is always whole. jobs > 1 builds
    groups in worker processes; every group seeds itself, so the result is the same."""
    if jobs > 1 and len(names) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            parts = list(pool.map(_build_one, names, [subset] * len(names)))
    else:
        parts = [_build_one(name, subset) for name in names]
    out = Output()
    for part in parts:  # merged in group order, whatever order the workers finished in
        out.merge(part)
    return out


def write_output(out: Output, root: Path) -> int:
    """Write images as PNG (no metadata, fixed zlib level: byte-identical on rerun) and TOML."""
    root.mkdir(parents=True, exist_ok=True)
    for rel, img in out.images.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        img.save(path, format="PNG", compress_level=6)
    for rel, text in out.texts.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    return len(out.images) + len(out.texts)
