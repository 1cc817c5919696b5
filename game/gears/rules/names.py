"""Names for rule messages and refusals: 'Marcus Fenix', 'Drone 1', 'Lancer Assault Rifle',
'Blind Fire'. The engine's log and refusal texts use these, so a player reads names, not ids.

Each name is a `Ref` (game/engine/text.py): the id, named when the text is shown, in the
reader's language, by `lookup` below (registered for the kinds "gears.*"). A count is a plural
message (`Mn`). Nothing is looked up while the rules run."""
from __future__ import annotations

from typing import Any, Callable

from game.engine.text import M, Mn, Msg, Ref, join, named_in, ref, register_names
from game.gears.rules.state import GearsState
from game.i18n import N_, translate as translate_now
from game.gears.rules.shared import content as _content


def lookup(kind: str, key: str, translate: Callable[[str], str]) -> str:
    """The name of a Gears thing in the language `translate` gives (content names are msgids,
    game/i18n_extract.py puts them in the catalogues)."""
    content = _content()
    if kind == "gears.character":
        ch = content.cogs.get(key)
        return translate(ch.name) if ch else key
    if kind == "gears.locust":
        lid, _, enemy_id = key.partition("|")
        return _locust(lid, enemy_id or None, translate)
    if kind in ("gears.weapon", "gears.weapon_lower"):
        w = content.weapons.get(key.split("#")[0])
        name = translate(w.name) if w else key.replace("_", " ")
        return name.lower() if kind == "gears.weapon_lower" else name
    if kind == "gears.card":
        o = content.orders.get(key.split("#")[0])
        return translate(o.name) if o else key
    if kind == "gears.enemy":
        e = content.enemies.get(key)
        return translate(e.name) if e else key.replace("_", " ").title()
    if kind == "gears.ai_card":
        card = content.ai_cards.get(key)
        name = getattr(card, "name", None) if card is not None else None
        return translate(name) if name else key
    if kind == "gears.place":
        return place(key, translate)
    return key


# The msgctxt of the tiles' names and their areas' names (game/i18n_extract.py extracts them from
# maps/gears/tiles): other titles write some of the same English words and translate them
# otherwise, or not at all (Convoy's Bunker and Crusher cards, Level 7's Storeroom tile).
PLACE = "gears place"


def place(words: str, translate: Callable[[str], str] = translate_now) -> str:
    """A tile's or an area's name ('Ossuary', 'Larva nest': the English words, the msgid) in the
    language `translate` gives (the current one by default)."""
    return named_in(PLACE, words, translate)


register_names("gears", lookup)

_ref = ref  # one Ref per kind and id (game/engine/text.py)


_CARDS: dict[str, Ref] = {}
_CHARACTERS: dict[str, Ref] = {}
_LOCUSTS: dict[tuple, Ref] = {}


def cog(state: GearsState, player: str) -> Ref | Msg | str:
    """The character's name of a player's COG ('the Stranded' for the mission token)."""
    if player == "stranded":
        return M("the Stranded")
    c = state.cogs.get(player)
    if c is None:
        return player
    return character_name(c.character)


def character_name(character_id: str) -> Ref:
    """The character card's name (the id itself for a COG of an unknown character)."""
    got = _CHARACTERS.get(character_id)
    if got is None:
        got = _CHARACTERS[character_id] = Ref("gears.character", character_id)
    return got


def locust(state: GearsState, lid: str) -> Ref:
    """'Drone 1': the Enemy card's name and the figure's number."""
    x = state.locusts.get(lid)
    enemy = x.enemy if x is not None else None
    got = _LOCUSTS.get((lid, enemy))
    if got is None:
        got = _LOCUSTS[(lid, enemy)] = Ref("gears.locust", f"{lid}|{enemy}" if enemy else lid)
    return got


def _locust(lid: str, enemy_id: str | None, translate: Callable[[str], str]) -> str:
    content = _content()
    model = lid.split("#")[0]
    if enemy_id is not None and enemy_id in content.enemies:
        enemy = content.enemies[enemy_id]
        name = translate(enemy.name)
        if model != enemy.figure and model in content.figures:
            # A stand-in figure (a Kantus figure as a Grinder, spec 9.2.5): its number is
            # the Kantus figure's, so the model is named to keep two figures apart.
            name = translate("{name} (on a {figure} figure)").format(
                name=name, figure=translate(content.figures[model].name))
    else:
        name = model.replace("_", " ").title()
    return f"{name} {lid.split('#')[-1]}" if "#" in lid else name


def figure(state: GearsState, who: str) -> Ref | Msg | str:
    """A COG (player id) or a Locust (figure id)."""
    if who in state.cogs or who == "stranded":
        return cog(state, who)
    return locust(state, who)


def weapon(weapon_id: str) -> Ref:
    return _ref("gears.weapon", weapon_id)


def enemy(enemy_id: str) -> Ref:
    """An Enemy card's name ('Drone')."""
    return _ref("gears.enemy", enemy_id)


def card(card_id: str) -> Ref:
    """An Order card's name ('blind_fire#2' -> 'Blind Fire')."""
    got = _CARDS.get(card_id)
    if got is None:
        got = _CARDS[card_id] = Ref("gears.card", card_id)
    return got


def cards(n: int) -> Msg:
    return Mn("{n} Order card", "{n} Order cards", n)


def wounds(n: int) -> Msg:
    return Mn("{n} wound", "{n} wounds", n)


def areas(n: int) -> Msg:
    return Mn("{n} area", "{n} areas", n)


def hits(n: int) -> Msg:
    """An attack die's face, or a count of hits ('2 hits')."""
    return Mn("{n} hit", "{n} hits", n)


def shields(n: int) -> Msg:
    """A defence die's face, or a count of shields ('1 shield')."""
    return Mn("{n} shield", "{n} shields", n)


_MODES = {"normal": N_("normal"), "overwhelming": N_("overwhelming")}


def mode(attack_mode: str) -> Msg | str:
    """An attack mode in words ('normal', 'overwhelming')."""
    words = _MODES.get(attack_mode)
    return M(words) if words else attack_mode


def character(character_id: str) -> Ref:
    """A character card's name ('marcus_fenix' -> 'Marcus Fenix')."""
    return character_name(character_id)


# ----------------------------------------------------------------------------- action labels

_BULLETS = {
    "move": lambda v: M("move up to {areas}", areas=areas(int(v))),
    "attack": lambda v: Mn("make {n} attack", "make {n} attacks", 1 if v in (1, True) else int(v)),
    "draw": lambda v: M("draw {cards}", cards=cards(int(v))),
    "gain_ammo": lambda v: Mn("gain {n} ammo", "gain {n} ammo", 1 if v in (1, True) else int(v)),
    "pull_locust": lambda v: M("pull a Locust toward you"),
    "activate_equipment": lambda v: M("use equipment for free"),
    "extra_order_step": lambda v: M("take another Order Step"),
    "skip_locust_activation": lambda v: M("skip the Locust Activation Step"),
    "teamwork": lambda v: M("a teammate plays a card"),
}


# The answer that leaves an Order card's action undone, in words that cannot read as doing it:
# 'Skip: move up to 4 areas' beside 'Do: move up to 4 areas' read to players as a way to move.
# Saves keep an answer's message id, so the old 'Skip: {action}' stays a message (the words for
# a verb not listed here, and the label of every skip in a save written before).
_SKIPS = {
    "move": lambda v: M("Do not move"),
    "attack": lambda v: M("Do not attack"),
    "draw": lambda v: M("Draw no cards"),
    "gain_ammo": lambda v: M("Gain no ammo"),
    "pull_locust": lambda v: M("Pull no Locust"),
    "activate_equipment": lambda v: M("Use no equipment"),
    "extra_order_step": lambda v: M("Take no other Order Step"),
    "skip_locust_activation": lambda v: M("Let the Locusts activate"),
    "teamwork": lambda v: M("No Teamwork"),
}


def skip_bullet(verb: str, value) -> Msg:
    """The answer that leaves one action of an Order card undone ('Do not move')."""
    f = _SKIPS.get(verb)
    return f(value) if f else M("Skip: {action}", action=bullet(verb, value))


def bullet(verb: str, value) -> Msg | str:
    """One action of an Order card in words ('move up to 4 areas')."""
    f = _BULLETS.get(verb)
    return f(value) if f else verb.replace("_", " ")


def marker(state: GearsState, marker_id: str, capital: bool = False) -> Msg:
    """A dropped weapon marker ('the Hammerburst dropped in 9A:gatehouse'; capital: 'The ...')."""
    d = next((d for d in state.dropped if d.get("id") == marker_id), None)
    if d is None:
        return M("A dropped weapon") if capital else M("a dropped weapon")
    if capital:
        # Worded as the state's pending question has always held it: the whole label after its
        # first letter in lower case ("The hammerburst dropped in 9a:gatehouse").
        return M("The {weapon} dropped in {area}", weapon=Ref("gears.weapon_lower", d["weapon"]),
                 area=d["area"].lower())
    return M("the {weapon} dropped in {area}", weapon=weapon(d["weapon"]), area=d["area"])


def option(state: GearsState, kind: str, opt: dict) -> Msg | Ref | str:
    """A plain label for one option of a question asked without labels of its own: names the
    figure, card, weapon, COG, area or hole the option holds (never an id with a copy number)."""
    if "figure" in opt:
        return figure(state, opt["figure"])
    if "cog" in opt:
        return cog(state, opt["cog"])
    if "player" in opt:
        return cog(state, opt["player"])
    if "card" in opt:
        return card(opt["card"])
    if "weapon" in opt:
        return M("The {weapon}", weapon=weapon(opt["weapon"]))
    if "keep" in opt:
        return M("Keep the {weapon}", weapon=weapon(str(opt["keep"]).split("#")[0]))
    if "marker" in opt:
        return marker(state, opt["marker"], capital=True)
    if "area" in opt:
        return str(opt["area"])
    if "spot" in opt:
        return M("Cover at {spot}", spot=opt["spot"])
    if "hole" in opt:
        h = state.holes.get(opt["hole"], {})
        return M("The hole in {area}", area=h.get("area", opt["hole"]))
    if "door" in opt:
        return M("The door {door}", door=opt["door"])
    if "level" in opt:
        return M("Level {n}", n=opt["level"])
    return ", ".join(f"{k} {v}" for k, v in opt.items())


def moved(who: Any, path: list[str]) -> Msg:
    """A figure's move as one log line, naming where it went: "Marcus Fenix moves from Lawn (9A)
    through Promenade (9A) to Storefront (12A)." (`path`: the areas, the first the one it left;
    the table joins a move's steps, one action each, into this line)."""
    if len(path) <= 2:
        return M("{figure} moves from {start} to {end}.", figure=who, start=path[0], end=path[-1])
    return M("{figure} moves from {start} through {via} to {end}.", figure=who, start=path[0],
             via=join(", ", path[1:-1]), end=path[-1])
