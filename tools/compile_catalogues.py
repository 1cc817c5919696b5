"""Compile game/locale/*/LC_MESSAGES/*.po into .mo files (pure Python, no gettext tools needed).

    python tools/compile_catalogues.py          # rewrite every .mo from its .po
    python tools/compile_catalogues.py --check  # exit 1 if any .mo is stale
    python tools/compile_catalogues.py --extract  # add new msgids to the English .po

--extract collects the literal strings passed to _() / N_() / translate() under game/ (the UI,
the tutorial, the title registry's taglines, a title's lesson adapter), and every player-facing
text of the data files the UI shows through `_()`: the lessons (game/<title>/lessons/*.toml:
lesson title and summary, step texts and "wrong" explanations) and the rules reference (rule
titles and texts). Data texts are read with the game's own loaders, so each msgid is exactly
the string the code translates (stripped, and for rule texts with runs of whitespace joined)
and a `#:` comment names the file and the key.

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
CODE_DIRS = (ROOT / "game",)  # the UI, the tutorial, the title registry, a title's adapter


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


def extract_code_msgids(roots: tuple[Path, ...] = CODE_DIRS) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for root in roots:
        for msgid, where in extract_msgids(root).items():
            found.setdefault(msgid, []).extend(where)
    return found


def _rel(path: str | Path) -> str:
    p = Path(path).resolve()
    return str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(path)


def extract_lesson_texts(folders: list[Path] | None = None) -> dict[str, list[str]]:
    """msgid -> ["game/gears/lessons/01_turn.toml step.welcome.text", ...] for every text a
    lesson shows: its title and summary, each step's text and "wrong" explanation. Read with
    game.tutorial.loader (structure only), so the msgid is the value the overlay translates."""
    _importable()
    from game import titles
    from game.tutorial.loader import load_lessons

    found: dict[str, list[str]] = {}
    defaults = [titles.get(t).lesson_folder for t in titles.keys_with("lessons")]
    for folder in folders if folders is not None else defaults:
        for lesson in load_lessons(folder):
            where = _rel(lesson.path)
            texts = [("lesson.title", lesson.title), ("lesson.summary", lesson.summary)]
            for step in lesson.steps:
                texts += [(f"step.{step.id}.text", step.text), (f"step.{step.id}.wrong", step.wrong)]
            for key, value in texts:
                if value:
                    found.setdefault(value, []).append(f"{where} {key}")
    return found


def extract_rule_texts(paths: list[Path] | None = None) -> dict[str, list[str]]:
    """msgid -> ['game/gears/rules_reference.toml rule."3.5".title', ...]: the title and text of
    every rule, as game.tutorial.rules_ref loads them (the F1 Rules tab and refusals show these)."""
    _importable()
    from game import titles
    from game.tutorial.rules_ref import load_rules_reference

    found: dict[str, list[str]] = {}
    defaults = [titles.get(t).rules_reference_path for t in titles.keys_with("rules_reference")]
    for path in paths if paths is not None else defaults:
        reference = load_rules_reference(path)
        for rule in reference.ordered():
            for key, value in (("title", rule.title), ("text", rule.text)):
                found.setdefault(value, []).append(f'{_rel(path)} rule."{rule.section}".{key}')
    return found


def extract_all() -> dict[str, list[str]]:
    """Every msgid the English catalogue must hold: code strings first, then data texts."""
    found = extract_code_msgids()
    for extra in (extract_lesson_texts(), extract_rule_texts()):
        for msgid, where in extra.items():
            found.setdefault(msgid, []).extend(where)
    return found


def _importable() -> None:
    # The tool runs as a script; the loaders live in the game package beside it.
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def po_quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


PO_WIDTH = 78


def po_string(s: str) -> str:
    """A quoted .po string. A multi-line or long one is written gettext style: an empty first
    line, then one quoted line per source line (keeping its \\n), long lines cut after a space.
    The pieces join back to exactly `s`."""
    if "\n" not in s.rstrip("\n") and len(s) <= PO_WIDTH - 10:
        return po_quote(s)
    pieces: list[str] = []
    for line in s.split("\n"):
        pieces += _cut(line + "\n")
    pieces[-1] = pieces[-1][:-1]  # the last line had no \n of its own
    return '""\n' + "\n".join(po_quote(p) for p in pieces if p)


def _cut(line: str) -> list[str]:
    out: list[str] = []
    while len(line) > PO_WIDTH - 2:
        at = line.rfind(" ", 0, PO_WIDTH - 2)
        if at <= 0:
            break
        out.append(line[:at + 1])
        line = line[at + 1:]
    return out + [line]


def extract_english(po: Path, sources: Path | None = None) -> int:
    """Append msgids found in `sources` (default: code and data, see extract_all) but missing
    from the English catalogue; returns how many."""
    text = po.read_text(encoding="utf-8") if po.exists() else PO_HEADER
    known = parse_po(text, str(po))
    added = 0
    for msgid, where in (extract_msgids(sources) if sources is not None else extract_all()).items():
        if msgid in known:
            continue
        refs = "".join(f"#: {w}\n" for w in where[:3])
        text += f"\n{refs}msgid {po_string(msgid)}\nmsgstr {po_string(msgid)}\n"
        added += 1
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(text, encoding="utf-8")
    return added


def refresh_references(po: Path, found: dict[str, list[str]]) -> int:
    """Rewrites each entry's `#:` lines to where its msgid is found now (code moves between
    modules); entries no longer found keep theirs. Returns how many entries changed."""
    blocks = po.read_text(encoding="utf-8").split("\n\n")
    changed = 0
    for n, block in enumerate(blocks):
        lines = block.split("\n")
        start = next((k for k, line in enumerate(lines) if line.startswith("msgid ")), None)
        if start is None:
            continue
        end = next((k for k, line in enumerate(lines) if line.startswith("msgstr ")), len(lines))
        msgid = _unquote(lines[start][6:]) + "".join(_unquote(line) for line in lines[start + 1:end])
        where = found.get(msgid)
        if not msgid or not where:
            continue
        refs = [f"#: {w}" for w in where[:3]]
        kept = [line for line in lines[:start] if not line.startswith("#: ")]
        new = "\n".join(kept + refs + lines[start:])
        if new != block:
            blocks[n] = new
            changed += 1
    if changed:
        po.write_text("\n\n".join(blocks), encoding="utf-8")
    return changed


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
    parser.add_argument("--extract", action="store_true",
                        help="add new msgids to the English catalogue and bring every catalogue's #: references up to date first")
    args = parser.parse_args(argv)
    if args.extract:
        try:
            added = extract_english(LOCALE_DIR / "en" / "LC_MESSAGES" / "tiletop.po")
        except (PoError, SyntaxError) as exc:
            print(exc, file=sys.stderr)
            return 1
        except Exception as exc:  # noqa: BLE001 - DataError: a broken lesson or rules file, with its key
            print(f"cannot extract: {exc}", file=sys.stderr)
            return 1
        print(f"added {added} new msgid(s) to the English catalogue")
        found = extract_all()
        for po in catalogues():
            moved = refresh_references(po, found)
            if moved:
                print(f"{po.relative_to(ROOT)}: references of {moved} entr{'y' if moved == 1 else 'ies'} brought up to date")
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
