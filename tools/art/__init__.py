"""Tiletop's procedural art: one module per asset group, all pillow, all seeded."""
from __future__ import annotations

import importlib
from pathlib import Path

from .core import Output

# group name -> module with a build() -> Output; order is the contact sheet's order too
GROUPS = ("floors", "board", "tokens", "cards", "dice", "ui")


def build_groups(names: list[str] | tuple[str, ...] = GROUPS, subset: bool = False) -> Output:
    """Build the named groups. subset=True builds a few representative items per group (with
    matching indexes) so tests stay fast; the floor tileset is always whole."""
    out = Output()
    for name in names:
        module = importlib.import_module(f"{__name__}.{name}")
        out.merge(module.build(subset=subset))
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
