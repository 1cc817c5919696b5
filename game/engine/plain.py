"""Copies of plain JSON-like data (lists, dicts, scalars), for the titles whose state keeps such
data: the resolver's checkpoint copies the state at every action, and copy.deepcopy would spend
most of that time on type dispatch and memo bookkeeping these values never need."""
from __future__ import annotations

from typing import Any


def copy_plain(value: Any) -> Any:
    """A deep copy of lists and dicts of scalars (nothing of the copy shared with `value`)."""
    if isinstance(value, list):
        return [copy_plain(v) if isinstance(v, (list, dict)) else v for v in value]
    if isinstance(value, dict):
        return {k: copy_plain(v) if isinstance(v, (list, dict)) else v for k, v in value.items()}
    return value
