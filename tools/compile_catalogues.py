"""Compile game/locale/*/LC_MESSAGES/*.po into .mo files (pure Python, no gettext tools needed).

    python tools/compile_catalogues.py          # rewrite every .mo from its .po
    python tools/compile_catalogues.py --check  # exit 1 if any .mo is stale
    python tools/compile_catalogues.py --extract  # add new msgids from game/ui to the English .po

Only the .po subset we write is supported: comments, msgid, msgstr, and strings continued on
following lines. Entries with an empty msgstr are left out so gettext falls back to the msgid.
"""
from __future__ import annotations

import argparse
import ast
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = ROOT / "game" / "locale"


class PoError(ValueError):
    pass


def parse_po(text: str, source: str = "<po>") -> dict[str, str]:
    """msgid -> msgstr, including the header entry (msgid "")."""
    entries: dict[str, str] = {}
    msgid: str | None = None
    msgstr: str | None = None
    field: str | None = None

    def flush() -> None:
        nonlocal msgid, msgstr
        if msgid is not None:
            if msgstr is None:
                raise PoError(f"{source}: msgid {msgid!r} has no msgstr")
            if msgid in entries:
                raise PoError(f"{source}: duplicate msgid {msgid!r}")
            entries[msgid] = msgstr
        msgid = msgstr = None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if line.startswith("msgid "):
                flush()
                msgid, field = _unquote(line[6:]), "msgid"
            elif line.startswith("msgstr "):
                if msgid is None:
                    raise PoError("msgstr without msgid")
                msgstr, field = _unquote(line[7:]), "msgstr"
            elif line.startswith('"'):
                if field == "msgid" and msgid is not None:
                    msgid += _unquote(line)
                elif field == "msgstr" and msgstr is not None:
                    msgstr += _unquote(line)
                else:
                    raise PoError("continuation line outside an entry")
            else:
                raise PoError(f"unsupported line {line!r}")
        except (PoError, SyntaxError, ValueError) as exc:
            raise PoError(f"{source}:{lineno}: {exc}") from None
    flush()
    return entries


def _unquote(s: str) -> str:
    value = ast.literal_eval(s.strip())
    if not isinstance(value, str):
        raise PoError(f"not a string: {s!r}")
    return value


def mo_bytes(entries: dict[str, str]) -> bytes:
    """GNU .mo format, little-endian, no hash table (gettext does not need one)."""
    items = sorted((k.encode(), v.encode()) for k, v in entries.items() if v or k == "")
    n = len(items)
    header_size = 7 * 4
    ids_offset = header_size
    strs_offset = ids_offset + n * 8
    data_offset = strs_offset + n * 8
    ids_table, strs_table, data = [], [], bytearray()
    for key, _ in items:
        ids_table.append((len(key), data_offset + len(data)))
        data += key + b"\0"
    for _, value in items:
        strs_table.append((len(value), data_offset + len(data)))
        data += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, ids_offset, strs_offset, 0, 0)
    out += b"".join(struct.pack("<2I", *e) for e in ids_table)
    out += b"".join(struct.pack("<2I", *e) for e in strs_table)
    return out + bytes(data)


def extract_msgids(root: Path) -> dict[str, list[str]]:
    """msgid -> ["file:line", ...] for every _("...") / N_("...") / translate("...") call with a
    literal string under `root` (what the catalogues must cover)."""
    found: dict[str, list[str]] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in ("_", "N_", "translate") and isinstance(node.args[0].value, str):
                found.setdefault(node.args[0].value, []).append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def po_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def extract_english(po: Path, sources: Path) -> int:
    """Append msgids found in `sources` but missing from the English catalogue; returns how many."""
    text = po.read_text(encoding="utf-8") if po.exists() else PO_HEADER
    known = parse_po(text, str(po))
    added = 0
    for msgid, where in extract_msgids(sources).items():
        if msgid in known:
            continue
        text += f"\n#: {where[0]}\nmsgid {po_quote(msgid)}\nmsgstr {po_quote(msgid)}\n"
        added += 1
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(text, encoding="utf-8")
    return added


PO_HEADER = """# Tiletop user interface text, English (the source language).
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: en\\n"
"""


def catalogues(locale_dir: Path = LOCALE_DIR) -> list[Path]:
    return sorted(locale_dir.glob("*/LC_MESSAGES/*.po"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report stale .mo files")
    parser.add_argument("--extract", action="store_true", help="add new msgids to the English catalogue first")
    args = parser.parse_args(argv)
    if args.extract:
        added = extract_english(LOCALE_DIR / "en" / "LC_MESSAGES" / "tiletop.po", ROOT / "game" / "ui")
        print(f"added {added} new msgid(s) to the English catalogue")
    stale = 0
    for po in catalogues():
        try:
            compiled = mo_bytes(parse_po(po.read_text(encoding="utf-8"), str(po)))
        except PoError as exc:
            print(exc, file=sys.stderr)
            return 1
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.read_bytes() == compiled:
            continue
        if args.check:
            print(f"{mo} is stale: run tools/compile_catalogues.py", file=sys.stderr)
            stale += 1
        else:
            mo.write_bytes(compiled)
            print(f"wrote {mo.relative_to(ROOT)}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
