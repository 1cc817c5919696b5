"""Writes the log each seat saw of the version-2 journals here, with the code of commit bda8b6d
(run from that tree: `python make_v2_logs.py DIR`, DIR holding make_v2_saves.py's files):
`FILE.log.json` maps each seat ("" for the public lines) to [step, line] pairs. A later Tiletop
may log more (a line it added), so a test reads against these what the file itself recorded."""
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, ".")
from game.engine.session import load_session  # noqa: E402
from game.engine.toy import ToyTitle  # noqa: E402
from game.gears.rules.title import GearsTitle  # noqa: E402

here = Path(sys.argv[1])
for name, title in (("toy-duel.json", ToyTitle()), ("gears-hive-4p.json", GearsTitle())):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        shutil.copy(here / name, path)
        session = load_session(path, title)
        seats = sorted({seat for e in session.log for seat in e.event.visible_to or ()})
        out = {seat or "": [[e.step, e.event.text] for e in session.log.seen_by(seat)] for seat in [None, *seats]}
    (here / (name.removesuffix(".json") + ".log.json")).write_text(json.dumps(out, indent=0, ensure_ascii=False) + "\n")
