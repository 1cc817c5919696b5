"""Babel extractors for the texts that live in data files, not in code (babel.cfg names them).

`pybabel extract` finds the msgids of the code itself (`_`, `N_`, `ngettext`, and the engine's
message constructors `M` / `Mn`, game/engine/text.py). The UI also shows texts that come from
TOML files and are translated at display time: the lessons (title, summary, each step's text and
"wrong" explanation), the rules reference (each rule's title and text) and a title's content
(card, weapon, enemy and character names, card rules texts, mission and stage texts). Each is
read with the game's own loader, so the msgid is exactly the value the code translates
(stripped; rule texts with runs of whitespace joined), and an automatic comment names the key.

Babel calls `extractor(fileobj, keywords, comment_tags, options)` and takes
`(lineno, funcname, message, comments)` tuples. No pygame, no Babel import here: the game can
import this module without the development tools.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, BinaryIO, Iterator

Found = tuple[int, str | None, str, list[str]]


def _path(fileobj: BinaryIO) -> Path:
    return Path(getattr(fileobj, "name", ""))


def _line_of(text: str, value: str) -> int:
    """The first line of the file holding the value's first line (good enough for a #: note)."""
    first = value.strip().split("\n", 1)[0][:40]
    at = text.find(first) if first else -1
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def extract_lessons(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """Every text a lesson shows (game/<title>/lessons/*.toml), as game.tutorial.loader reads it."""
    from game.tutorial.loader import load_lesson

    path = _path(fileobj)
    raw = path.read_text(encoding="utf-8")
    lesson = load_lesson(path)
    texts = [("lesson.title", lesson.title), ("lesson.summary", lesson.summary)]
    for step in lesson.steps:
        texts += [(f"step.{step.id}.text", step.text), (f"step.{step.id}.wrong", step.wrong)]
    for key, value in texts:
        if value:
            yield _line_of(raw, value), None, value, [key]


def extract_rules_reference(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """The title and text of every rule of a rules reference, as game.tutorial.rules_ref loads
    them (the F1 Rules tab and the refusals' rule links show these)."""
    from game.tutorial.rules_ref import load_rules_reference

    path = _path(fileobj)
    raw = path.read_text(encoding="utf-8")
    reference = load_rules_reference(path)
    for rule in reference.ordered():
        for key, value in (("title", rule.title), ("text", rule.text)):
            yield _line_of(raw, value), None, value, [f'rule."{rule.section}".{key}']
    for kind, marker in reference.markers.items():  # the table's hover cards over map markers
        for key, value in (("title", marker.title), ("text", marker.text)):
            if value:
                yield _line_of(raw, value), None, value, [f"marker.{kind}.{key}"]


# Content fields the table shows (translated through game.engine.text's name lookup or `_`):
# names of things, the rules text printed on a card, a mission's and a stage's words.
CONTENT_FIELDS = ("name", "text", "title", "goal", "summary", "description", "flavour")


def extract_content(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """Every shown text of a content TOML file (game/<title>/data/*.toml): each string (or list
    of strings) under a key named in CONTENT_FIELDS, at any depth, with the key path as comment.
    Option `context`: each name also under that msgctxt, for a name another title's content
    writes the same in English but another language translates otherwise (Level 7's Guard is an
    enemy, Gears' Guard an action); the title's name lookup asks the context first. Option
    `counted` (`lower` or `as_written`): each table with a `name` and a `plural` also as the
    counted pair "{n} name" / "{n} plural" (game.engine.text.counted)."""
    import tomllib

    path = _path(fileobj)
    raw = path.read_text(encoding="utf-8")
    doc = tomllib.loads(raw)
    fields = tuple(options.get("fields", "").split()) or CONTENT_FIELDS

    def walk(node: Any, key: str) -> Iterator[Found]:
        if isinstance(node, dict):
            for k, v in node.items():
                sub = f"{key}.{k}" if key else str(k)
                if k in fields and isinstance(v, str) and v.strip():
                    yield _line_of(raw, v), None, v.strip(), [sub]
                elif k in fields and isinstance(v, list) and all(isinstance(x, str) for x in v):
                    for n, x in enumerate(v):
                        if x.strip():
                            yield _line_of(raw, x), None, x.strip(), [f"{sub}[{n}]"]
                else:
                    yield from walk(v, sub)
        elif isinstance(node, list):
            for n, v in enumerate(node):
                yield from walk(v, f"{key}[{n}]")

    context = options.get("context")
    for found in walk(doc, ""):
        yield found
        line, _func, text, comments = found
        if context and comments[0].split(".")[-1] == "name":  # a name another title also uses
            yield line, "pgettext", (context, text), comments
    if options.get("counted"):  # a name counted ('{n} guard' / '{n} guards'), in lower case if asked
        lower = options["counted"] == "lower"
        for key, rec in _named_records(doc, ""):
            singular, plural = rec["name"].strip(), rec["plural"].strip()
            if lower:
                singular, plural = singular.lower(), plural.lower()
            yield from counted(raw, f"{key}.plural", singular, plural)


def _named_records(node: Any, key: str) -> Iterator[tuple[str, dict]]:
    """Every table with a text `name` and a text `plural`, at any depth, with its key path."""
    if isinstance(node, dict):
        if isinstance(node.get("name"), str) and isinstance(node.get("plural"), str):
            yield key, node
        for k, v in node.items():
            yield from _named_records(v, f"{key}.{k}" if key else str(k))


def extract_convoy_content(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """Neuroshima Convoy's shown content (game/convoy/data/*.toml), read with the game's own
    loader (game.convoy.content) so each msgid is exactly the value the names lookup
    (game/convoy/rules/words.py) translates: card names and rules texts, city names, features
    and feature texts, sector names and effect texts; the card names once more under the msgctxt
    "convoy" (game/convoy/rules/words.py `card_name`: Gears writes Grenadier and Dig In too)."""
    from game.convoy.content import load_content

    path = _path(fileobj)
    raw = path.read_text(encoding="utf-8")
    content = load_content(path.parent)
    texts: list[tuple[str, str]] = []
    if path.name == "cards.toml":
        for cid, card in content.cards.items():
            texts += [(f"{cid}.name", card.name), (f"{cid}.text", card.text)]
    elif path.name == "cities.toml":
        for city in content.cities:
            texts += [(f"{city.id}.name", city.name), (f"{city.id}.feature_name", city.feature_name),
                      (f"{city.id}.feature_text", city.feature_text)]
        for sid, sector in content.sectors.items():
            texts += [(f"sector.{sid}.name", sector.name), (f"sector.{sid}.text", sector.text)]
    for key, value in texts:
        if value:
            yield _line_of(raw, value), None, value, [key]
    if path.name == "cards.toml":  # a card's name also under the context its lookup asks first
        for cid, card in content.cards.items():
            yield _line_of(raw, card.name), "pgettext", ("convoy", card.name), [f"{cid}.name"]


def extract_level7_tiles(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """A Level 7 tile's printed name (maps/level7/tiles/*.tmx), read with the game's own loader
    (game.level7.board.load_tile) so the msgid is exactly what the names lookup translates
    (game/level7/rules/names.py, kind "level7.tile"), plainly and under the context "level7"
    (a tile's name may be another title's word: Convoy's Incinerator card)."""
    from game.level7.board import load_tile

    path = _path(fileobj)
    tile = load_tile(path)
    if tile.name:
        line = _line_of(path.read_text(encoding="utf-8"), tile.name)
        yield line, None, tile.name, [f"{tile.id}.name"]
        yield line, "pgettext", ("level7", tile.name), [f"{tile.id}.name"]
    from game.board.tmx import load_board

    flavour = str(load_board(path).properties.get("flavour") or "").strip()
    if flavour:  # the map viewer's sentence under the name ("Open a map")
        yield _line_of(path.read_text(encoding="utf-8"), flavour), None, flavour, [f"{tile.id}.flavour"]


def extract_gears_tiles(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """A Gears tile's name and the names of its areas (maps/gears/tiles/*.tmx), read with the
    game's own map loader (game.board.tmx.load_board): the tile's `name` (the map builder's
    palette), each area as a player reads it (game.board.model.Area.words: 'larva_nest' ->
    'Larva nest'), the msgid the table translates wherever it names an area ("Larva nest (11B)"),
    and its entrance and exits in words ("Exit 2"). Each name under the context
    game.gears.rules.names.PLACE only: another title writes some of the same words and translates
    them otherwise (Convoy's Bunker card, Level 7's Storeroom tile). The tile's `flavour`, the
    sentence the map viewer shows under its name, is a plain msgid."""
    from game.board.model import slug_words
    from game.board.tmx import load_board
    from game.gears.rules.names import PLACE

    path = _path(fileobj)
    raw = path.read_text(encoding="utf-8")
    board = load_board(path)
    tile = str(board.properties.get("tile_id") or path.stem)
    name = str(board.properties.get("name") or "").strip()
    if name:
        yield _line_of(raw, name), "pgettext", (PLACE, name), [f"{tile}.name"]
    flavour = str(board.properties.get("flavour") or "").strip()
    if flavour:  # a sentence of its own (the map viewer shows it under the name): a plain msgid
        yield _line_of(raw, flavour), None, flavour, [f"{tile}.flavour"]
    for area in board.areas.values():
        yield _line_of(raw, f'name="{area.name}"'), "pgettext", (PLACE, area.words), [f"{tile}: area {area.name}"]
    for c in board.connectors:  # a door token is laid on an exit ("9A:exit": "Exit (9A)")
        yield _line_of(raw, f'name="{c.name}"'), "pgettext", (PLACE, slug_words(c.name)), [f"{tile}: {c.name}"]


def extract_doom_pieces(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """A Doom map piece's name (maps/doom/pieces/*.tmx, and a whole map the builder offers as one
    piece: maps/doom/*.tmx), read with the game's own map loader: the map builder's palette and
    panel name a piece by it (game/board/builder.py piece_words), under the context "doom"."""
    from game.board.tmx import load_board

    path = _path(fileobj)
    board = load_board(path)
    name = str(board.properties.get("name") or "").strip()
    if name:
        yield _line_of(path.read_text(encoding="utf-8"), name), "pgettext", ("doom", name), [f"{path.name}: name"]
    flavour = str(board.properties.get("flavour") or "").strip()
    if flavour:  # the map viewer's sentence under the name ("Open a map")
        yield _line_of(path.read_text(encoding="utf-8"), flavour), None, flavour, [f"{path.name}: flavour"]
    for area_name, area in board.areas.items():  # read out when a built map's area is revealed
        text = str(area.properties.get("text") or "").strip().rstrip(": ")
        if text:
            yield _line_of(path.read_text(encoding="utf-8"), text), None, text, [f"{path.name}: area {area_name}"]


# The msgctxt a whole map's name is translated under, by the map's `title` (game/ui/maplist.py
# shown_name asks the same): a Gears map is named like a tile (a place), a Doom map like a piece.
MAP_NAME_CONTEXTS = {"gears": "gears place", "doom": "doom", "level7": "level7"}


def extract_map_words(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """A whole map's own name and description (maps/gears/*.tmx, maps/doom/*.tmx, the shipped
    maps/custom/*.tmx), read with the game's own map loader: the name, which the "Open a map"
    list and the map viewer show, under its title's context (MAP_NAME_CONTEXTS; plain for a map
    that names no game); the `flavour`, the sentence the map viewer shows under it, plain."""
    from game.board.tmx import load_board

    path = _path(fileobj)
    raw = path.read_text(encoding="utf-8")
    board = load_board(path)
    name = str(board.properties.get("name") or "").strip()
    context = MAP_NAME_CONTEXTS.get(str(board.properties.get("title") or ""))
    if name:
        if context:
            yield _line_of(raw, name), "pgettext", (context, name), [f"{path.name}: name"]
        else:
            yield _line_of(raw, name), None, name, [f"{path.name}: name"]
    flavour = str(board.properties.get("flavour") or "").strip()
    if flavour:
        yield _line_of(raw, flavour), None, flavour, [f"{path.name}: flavour"]


def extract_doom_content(fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict) -> Iterator[Found]:
    """Doom's shown content (game/doom/data/*.toml), read with the game's own loader
    (game.doom.content) so each msgid is exactly the value the names lookup
    (game/doom/rules/names.py) or the log translates: the names of monsters, weapons, ammo,
    items, actions, orders and cards, the invader cards' texts, scenario names, encounter texts and
    the area texts of the scenarios' maps (read out when an area is revealed). The data's
    `name_hu` (the seed's Hungarian word) goes along as a comment for the translator. Option
    `context`: each name also under that msgctxt (the names lookup asks it first)."""
    from game.doom.content import load_content

    path = _path(fileobj)
    raw = path.read_text(encoding="utf-8")
    content = load_content(path.parent)
    texts: list[tuple[str, str, str]] = []

    def names(table: Any, prefix: str) -> None:
        for key, rec in table.items():
            texts.append((f"{prefix}.{key}.name", rec.name, getattr(rec, "name_hu", "")))

    counts: list[tuple[str, str, str]] = []  # a monster counted: '{n} Zombie' / '{n} Zombies'
    if path.name == "monsters.toml":
        names(content.monsters, "monster")
        counts += [(f"monster.{key}.plural", m.name, m.plural) for key, m in content.monsters.items()]
    elif path.name == "weapons.toml":
        names(content.ammo, "ammo")
        names(content.weapons, "weapon")
    elif path.name == "equipment.toml":
        names(content.items, "item")
    elif path.name == "marines.toml":
        names(content.marines, "marine")
        names(content.actions, "action")
        names(content.orders, "order")
    elif path.name == "marine_cards.toml":
        names(content.marine_cards, "card")
    elif path.name == "invader_cards.toml":
        for key, card in content.invader_cards.items():
            texts += [(f"card.{key}.name", card.name, ""), (f"card.{key}.text", card.text, "")]
    elif path.name == "scenarios.toml":
        from game.doom.rules.board import load_map

        for key, sc in content.scenarios.items():
            texts.append((f"scenario.{key}.name", sc.name, sc.name_hu))
            texts += [(f"scenario.{key}.encounter.{e}.text", enc.text, "") for e, enc in sc.encounters.items()]
            dmap = load_map(sc.map, content)
            for area, text in dmap.area_text.items():
                texts.append((f"{Path(sc.map).name}: area {area}", text.rstrip(": "), ""))
            texts += [(f"{Path(sc.map).name}: area {area} label", label, "") for area, label in dmap.area_label.items()]
    context = options.get("context")
    for key, value, hu in texts:
        if value:
            comments = [key] + ([f"seed (hu): {hu}"] if hu else [])
            yield _line_of(raw, value), None, value, comments
            if context and key.endswith(".name"):  # a name another title may write the same
                yield _line_of(raw, value), "pgettext", (context, value), comments
    for key, singular, plural in counts:
        yield from counted(raw, key, singular, plural)


def counted(raw: str, key: str, singular: str, plural: str) -> Iterator[Found]:
    """A content name counted (game.engine.text.counted: "{n} Zombie" / "{n} Zombies"), as the
    plural entry each language words with its own plural forms."""
    yield _line_of(raw, plural), "ngettext", ("{n} " + singular, "{n} " + plural), [key]
