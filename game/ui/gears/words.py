"""Plain names for the engine's ids: areas, cards, figures, weapons, characters.

The rules speak in ids ("2A:motor_pool", "active_reload#3", "drone#2"); the table shows words.
"""
from __future__ import annotations

import re
from typing import Any

from game.board.model import slug_words
from game.engine.text import as_text
from game.i18n import _, first_capital
from game.gears.content import GearsContent
from game.gears.rules.names import place


def titled(slug: str) -> str:
    return slug.replace("_", " ").strip().capitalize()


def area(name: str | None) -> str:
    """An area in the reader's language and its tile's printed id: '11B:larva_nest' -> 'Larva
    nest (11B)', 'Lárvafészek (11B)' (the name in words is the msgid, game/board/model.py
    slug_words, under the context game.gears.rules.names.PLACE; game/i18n_extract.py extracts
    every tile's areas)."""
    if not name:
        return "-"
    tile, _sep, rest = name.partition(":")
    return f"{place(slug_words(rest))} ({tile})" if rest else titled(tile)


def hole(state, hole_id: str) -> str:
    """An emergence hole as the table names it: the area it lies in ("Kráter (12A)"), never its
    id ("12A:hole_crater", which read "Hole crater (12A)")."""
    h = (getattr(state, "holes", None) or {}).get(hole_id)
    return area(h["area"]) if h and h.get("area") else area(hole_id)


def spot(name: str | None) -> str:
    """A cover spot: its area and number ("Boulevard (2A), cover 1")."""
    if not name:
        return "-"
    tile, _sep, rest = name.partition(":")
    base, _sep, n = rest.rpartition("_cover")
    return _("{area} ({tile}) cover {n}").format(area=place(slug_words(base)), tile=tile, n=n) if base else area(name)


def mission(record: Any) -> str:
    """A mission's name in the player's language, wherever the table names it (set-up list,
    saves, toolbar, stage card, mission cards, end panel): the catalogue gives the Hungarian
    edition's names (base p. 26-29, 'Belly of the Beast (A szörnyeteg gyomrában)') and our
    Greek ones. A custom mission's name is its author's and stays as written."""
    if getattr(record, "expansion", "") == "custom":
        return record.name
    return _(record.name)


def card(content: GearsContent, card_id: str) -> str:
    kind = card_id.split("#")[0]
    o = content.orders.get(kind)
    return o.name if o else titled(kind)


def character(content: GearsContent, cog_id: str) -> str:
    c = content.cogs.get(cog_id)
    return c.name if c else titled(cog_id)


def weapon(content: GearsContent, weapon_id: str) -> str:
    w = content.weapons.get(weapon_id)
    return w.name if w else titled(weapon_id)


def enemy(content: GearsContent, enemy_id: str) -> str:
    e = content.enemies.get(enemy_id)
    return e.name if e else titled(enemy_id)


def locust(state, content: GearsContent, lid: str) -> str:
    x = state.locusts.get(lid)
    name = enemy(content, x.enemy) if x else titled(lid.split("#")[0])
    return f"{name} {lid.split('#')[-1]}" if "#" in lid else name


def player(state, content: GearsContent, p: str) -> str:
    c = state.cogs.get(p)
    return f"{character(content, c.character)} ({p})" if c else p


def payload(state, content: GearsContent, data: dict[str, Any]) -> str:
    """Words for an action payload the engine did not label (e.g. {'figure': 'drone#1'})."""
    parts = []
    for key, value in data.items():
        if value is None:
            parts.append("none")
        elif key in ("figure", "target") and isinstance(value, str) and "#" in value:
            parts.append(locust(state, content, value))
        elif key in ("cog", "player") and isinstance(value, str):
            parts.append(player(state, content, value))
        elif key == "weapon" and isinstance(value, str):
            parts.append(weapon(content, value))
        elif key in ("card", "keep", "guard", "dodge", "discard") and isinstance(value, str):
            parts.append(card(content, value) if "#" in value else titled(value))
        elif key in ("area", "hole") and isinstance(value, str):
            parts.append(area(value))
        elif key == "spot" and isinstance(value, str):
            parts.append(spot(value))
        else:
            parts.append(str(value))
    return ", ".join(parts) or "-"


_ID = re.compile(r"\b(\d+[ABab]):([a-z0-9_]+)\b|\b([a-z][a-z0-9_]*)#(\d+)\b|\b(base|mp1|[a-z0-9]+):(\d+)\b|\b([a-z]+(?:_[a-z0-9]+)+)\b|\b([a-z]+)\b")


def ai_card(content: GearsContent, card_id: str) -> str:
    """An AI card's printed name; cards without one are named by their enemy and number."""
    c = content.ai_cards.get(card_id)
    if c is None:
        return titled(card_id)
    if c.name:
        return _(c.name)
    who = enemy(content, c.enemy) if c.enemy else "Locust"
    return _("{who} AI card {n}").format(who=who, n=c.number)


_PLACEHOLDER_MARK = re.compile(r"\s*\bPLACEHOLDER(?: \w+)?:\s*")


def data_text(text: str) -> str:
    """A card's text from the data files, translated, for a player. The data marks a wording of
    ours (one the rulebooks lack) with 'PLACEHOLDER:' or 'PLACEHOLDER wording:', for the people
    who read the files; on the table that part is marked by the card's ' *' and its legend
    ('not printed in the rulebooks'), so the word itself is left out."""
    out = _PLACEHOLDER_MARK.sub(" ", _(text)).strip().replace("( ", "(")
    # What followed a sentence's end is a sentence of its own ("... for free. Weapon limit ...").
    out = re.sub(r"([.!?] )(\w)", lambda m: m.group(1) + m.group(2).upper(), out)
    return first_capital(out)


def marked_text(text: str, unsure: str) -> str:
    """`data_text(text)` with the card's placeholder mark: `unsure` (' *' when the record marks
    the field unverified, else ''), or ' *' anyway when the text holds a wording of ours."""
    return data_text(text) + (unsure or (" *" if _PLACEHOLDER_MARK.search(text) else ""))


def pretty(text: str, state, content: GearsContent) -> str:
    """A rules sentence with its ids in words: '2A:boulevard' -> 'Boulevard (2A)', a cover spot
    '2A:boulevard_cover2' -> 'Boulevard (2A) cover 2', 'drone#1' ->
    'Drone 1', 'teamwork#4' -> 'Teamwork', 'damon_baird' -> 'Damon Baird', 'base:18' -> its name.
    Unknown words are left as they are (the log must never lose what the rules said). A rules
    message (game/engine/text.py) is worded in the current language first."""
    text = as_text(text)

    def one(m: re.Match) -> str:
        if m.group(1):  # an area, a cover spot in it ("2A:boulevard_cover2"), an emergence hole
            # A label the rules lower-cased after its first letter ("The hammerburst dropped in
            # 9a:gatehouse") holds its tile id in lower case.
            name = f"{m.group(1).upper()}:{m.group(2)}"
            if name in (getattr(state, "holes", None) or {}):
                return hole(state, name)
            return spot(name) if re.search(r"_cover\d+$", m.group(2)) else area(name)
        if m.group(3):
            kind, n = m.group(3), m.group(4)
            if kind in content.orders:
                return content.orders[kind].name
            if kind in content.enemies or m.group(0) in state.locusts:
                return locust(state, content, m.group(0))
            return m.group(0)
        if m.group(5):
            return ai_card(content, m.group(0)) if m.group(0) in content.ai_cards else m.group(0)
        if m.group(8):  # one lowercase word: only a weapon id ("Discard the lancer") is an id
            return weapon(content, m.group(8)) if m.group(8) in content.weapons else m.group(8)
        word = m.group(7)
        if word in content.cogs:
            return character(content, word)
        if word in content.weapons:
            return weapon(content, word)
        if word in content.enemies:
            return enemy(content, word)
        return word

    return _ID.sub(one, text)
