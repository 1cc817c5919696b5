"""The process-wide Gears content for rule modules that title.py itself imports (so they
cannot import it at load time). The rules ask for it hundreds of thousands of times in a
simulation: the lookup of title.shared_content is done once, not on every call."""
from __future__ import annotations

from typing import Callable

from game.gears.content import GearsContent

_shared: Callable[[], GearsContent] | None = None


def content() -> GearsContent:
    """title.shared_content(): the content, read once per process."""
    global _shared
    if _shared is None:
        from game.gears.rules.title import shared_content

        _shared = shared_content
    return _shared()
