"""The process-wide Gears content for rule modules that title.py itself imports (so they
cannot import it at load time). The rules ask for it hundreds of thousands of times in a
simulation: the lookup of title.shared_content is done once, not on every call."""
from __future__ import annotations

from game.gears.content import GearsContent

_content: GearsContent | None = None


def content() -> GearsContent:
    """title.shared_content(): the content, read once per process and immutable (custom
    missions are added to its MissionTable), so the object itself is kept here."""
    global _content
    if _content is None:
        from game.gears.rules.title import shared_content

        _content = shared_content()
    return _content
