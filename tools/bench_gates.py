"""How fast each gate of issue 22 refuses the issue's hostile examples (and the worst files it
still accepts). Prints one line per case: seconds, and the first line of the message.

    python tools/bench_gates.py
"""
from __future__ import annotations

import json
import math
import sys
import tempfile
import time
import zlib
from base64 import b64encode
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.board.model import MapError  # noqa: E402
from game.board.tmx import load_board  # noqa: E402
from game.engine.session import SaveError, load_session  # noqa: E402
from game.engine.tomldata import DataError, parse_toml  # noqa: E402
from game.engine.toy import ToyTitle  # noqa: E402
from game.engine.session import Session  # noqa: E402
from tests.board.conftest import tmx_text  # noqa: E402

AREA = '  <object id="1" name="a" x="0" y="0"><polygon points="0,0 128,0 128,128 0,128"/></object>\n'


def layer(name: str, body: str, lid: int = 2) -> str:
    return f' <objectgroup id="{lid}" name="{name}">\n{body} </objectgroup>\n'


def star(n: int, cx: float, cy: float, r: float) -> str:
    return " ".join(f"{round(cx + (r if i % 2 else r * 0.6) * math.cos(2 * math.pi * i / n), 2)},"
                    f"{round(cy + (r if i % 2 else r * 0.6) * math.sin(2 * math.pi * i / n), 2)}" for i in range(n))


def maps() -> dict[str, str]:
    base = tmx_text(layer("areas", AREA))
    packer = zlib.compressobj(9)
    bomb = b"".join(packer.compress(bytes(1 << 20)) for _ in range(400)) + packer.flush()
    csv = base[base.index('<data encoding="csv">'):base.index("</data>") + 7]
    worst = "".join(f'  <object id="{i + 1}" name="a{i}" x="0" y="0"><polygon points="{star(128, 60 + (i % 20) * 130, 60 + (i // 20) * 130, 60)}"/></object>\n'
                    for i in range(36))
    return {
        "gid outside the tileset": base.replace("1,1,1,1,\n1,1,1,1", "1,1,1,1,\n1,1,99,1"),
        'object id="two"': base.replace('id="1" name="a"', 'id="two" name="a"'),
        'Doom map tilewidth="0"': tmx_text(layer("areas", AREA), title="doom").replace('tilewidth="64"', 'tilewidth="0"', 1),
        "100000x100000 map": base.replace('width="4" height="2" tilewidth', 'width="100000" height="100000" tilewidth'),
        'coordinate "1e999999999"': base.replace('x="0" y="0"><polygon', 'x="1e999999999" y="0"><polygon'),
        'coordinate "1e308"': base.replace('x="0" y="0"><polygon', 'x="1e308" y="0"><polygon'),
        "20,000-vertex polygon": tmx_text(layer("areas", f'  <object id="1" name="a" x="0" y="0"><polygon points="{star(20000, 100, 100, 90)}"/></object>\n')),
        "300,000-character map name": base.replace('name="name" value="t"', f'name="name" value="{"x" * 300_000}"'),
        "400 MB zlib layer": base.replace(csv, f'<data encoding="base64" compression="zlib">{b64encode(bomb).decode()}</data>'),
        "duplicate object ids": tmx_text(layer("areas", AREA + AREA.replace('name="a" x="0"', 'name="b" x="128"'))),
        "two doors with one name": tmx_text(layer("areas", AREA) + layer("doors", '  <object id="5" name="g" x="0" y="0"><polyline points="0,0 0,64"/></object>\n'
                                                                  '  <object id="6" name="g" x="0" y="64"><polyline points="0,0 0,64"/></object>\n', 3)),
        "accepted: 36 polygons of 128 points": tmx_text(layer("areas", worst), width=60, height=30),
        "accepted: 316x316 map": tmx_text(layer("areas", AREA), title="doom", width=316, height=316),
    }


def _big_png() -> bytes:
    """A valid 512x256 PNG padded with ancillary chunks to about 30 MB: the most the image gate
    reads (it walks every chunk and checks its CRC; it never inflates the image data)."""
    png = (ROOT / "assets" / "tiles" / "floors.png").read_bytes()
    body = bytes(1 << 20)
    chunk = len(body).to_bytes(4, "big") + b"zzZz" + body + zlib.crc32(b"zzZz" + body).to_bytes(4, "big")
    return png[:33] + chunk * 30 + png[33:]


def timed(label: str, run) -> None:
    t0 = time.perf_counter()
    try:
        got = run()
        first = got if isinstance(got, str) else "loaded"
    except (MapError, SaveError, DataError) as exc:
        first = str(exc).splitlines()[0]
    dt = time.perf_counter() - t0
    print(f"{dt:7.3f} s  {label:<40} {first[-110:]}")


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for i, (label, text) in enumerate(maps().items()):
            path = folder / f"m{i}.tmx"
            path.write_text(text)
            timed(label, lambda p=path: load_board(p))
        png = (ROOT / "assets" / "tiles" / "floors.png").read_bytes()
        huge = bytearray(png[:33])
        huge[16:24] = (100_000).to_bytes(4, "big") * 2
        base = tmx_text(layer("areas", AREA))
        tsx = (ROOT / "maps" / "tilesets" / "floors.tsx").read_text()
        for label, image in (("tileset image: 100000x100000 header", bytes(huge) + bytes(1 << 20)),
                             ("tileset image: truncated", png[:5000]),
                             ("tileset image: not a PNG", b"GIF89a" + bytes(1 << 20)),
                             ("accepted: the shipped 512x256 image", png),
                             ("accepted: a 30 MB PNG (one chunk walk)", _big_png())):
            (folder / "art.png").write_bytes(image)
            (folder / "t.tsx").write_text(tsx.replace("../../assets/tiles/floors.png", "art.png"))
            path = folder / "img.tmx"
            path.write_text(base.replace(str(ROOT / "maps" / "tilesets" / "floors.tsx"), str(folder / "t.tsx")))
            # An image problem does not stop the load: it is the board's art_problems.
            timed(label, lambda p=path: (load_board(p).art_problems or ("loaded",))[0])
        # Edits of a version-1 save (one JSON object: every key on its own, easy to edit);
        # a journal's lines go through the same gate (game/engine/savegate.py).
        data = Session.start(ToyTitle(), "duel", 7).to_save()
        for label, edit in (
            ("save: seed of 5,000 digits", lambda t: t.replace('"seed": 7', '"seed": ' + "7" * 5000, 1)),
            ("save: options nested 100,000 deep", lambda t: t.replace('"options": {}', '"options": ' + "[" * 100_000 + "]" * 100_000)),
            ("save: scenario of 300 characters", lambda t: t.replace('"scenario": "duel"', '"scenario": "custom:' + "x" * 300 + '"')),
            ("save: truncated", lambda t: t[: len(t) // 2]),
            ("save: bots' state of 3 MB", lambda t: t.replace('"options": {}', '"bots": {"A": {"bot": "RandomBot", "state": ['
                                                              + ",".join(['"' + "x" * 9000 + '"'] * 330) + ']}}, "options": {}')),
        ):
            path = folder / "bad.json"
            path.write_text(edit(json.dumps(data)))
            timed(label, lambda p=path: load_session(p, ToyTitle()))
        timed("toml: 5,000-digit number", lambda: parse_toml("x = " + "7" * 5000, "x.toml"))
        timed("toml: array nested 100,000 deep", lambda: parse_toml("x = " + "[" * 100_000 + "]" * 100_000, "x.toml"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
