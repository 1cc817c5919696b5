"""The generated list of content records that are not from the seed, kept between two markers of a
Markdown file (docs/CONTENT.md, docs/DOOM.md): a title builds it from its records' provenance, a
command rewrites it, and a test fails while the file is out of date.

    body = unverified_table(content.records())
    changed = update_between(Path("docs/CONTENT.md"), BEGIN, END, body)

Level 7 and Doom use it (game/level7/content.py, game/doom/content.py); Gears keeps its own table,
which has a column for fan sources (game/gears/content.py provenance_markdown).
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from game.engine.provenance import Provenance


def unverified_table(records: Iterable[tuple[str, str, Provenance]]) -> str:
    """A Markdown table of every (file, key, provenance) whose record is not fully from the seed:
    verified is not true, or a field is marked false. Placeholder fields are named."""
    rows = ["| file | record | why not from the seed |", "|---|---|---|"]
    for file, key, prov in records:
        if prov.verified is True and not prov.placeholder():
            continue
        fields = [k for k, v in prov.field_verified.items() if v is not True]
        why = prov.reason or "(no reason given)"
        if fields and len(fields) < len(prov.field_verified):
            why += f" (fields: {', '.join(fields)})"
        rows.append(f"| {file} | `{key}` | {why.replace('|', '/')} |")
    return "\n".join(rows)


def replace_between(text: str, begin: str, end: str, body: str) -> str:
    """`text` with whatever stands between the lines `begin` and `end` replaced by `body`."""
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        raise ValueError(f"the text needs one {begin!r} line followed by one {end!r} line")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{body}\n{end}{tail}"


def update_between(path: Path, begin: str, end: str, body: str) -> bool:
    """Rewrites the part of `path` between the markers; True when the file changed."""
    text = path.read_text(encoding="utf-8")
    new = replace_between(text, begin, end, body)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def command(argv, path: Path, begin: str, end: str, body) -> None:
    """A content module's command line: `--update-doc` rewrites the table in `path`, otherwise
    the table is printed. `body()` builds the table."""
    if "--update-doc" in argv:
        print(f"{path.name} updated" if update_between(path, begin, end, body()) else f"{path.name} is up to date")
    else:
        print(body())
