"""Plain-English names for rule messages and refusals: 'Marcus Fenix', 'Drone 1', 'Lancer
Assault Rifle', 'Blind Fire'. The engine's log and refusal texts use these, so a player reads
names, not ids (the UI may still pretty-print whatever id is left)."""
from __future__ import annotations

from typing import Any

from game.gears.rules.state import GearsState
from game.gears.rules.shared import content as _content

# Names depend only on the content and the ids: labels ask for the same few thousands of times
# per game (every legal action is labelled), so each answer is kept, per content object.
_MEMO: dict[Any, str] = {}
_MEMO_FOR: list[Any] = [None]


def _memo() -> dict[Any, str]:
    content = _content()
    if _MEMO_FOR[0] is not content:
        _MEMO.clear()
        _MEMO_FOR[0] = content
    return _MEMO


def cog(state: GearsState, player: str) -> str:
    """The character's name of a player's COG ('the Stranded' for the mission token)."""
    if player == "stranded":
        return "the Stranded"
    c = state.cogs.get(player)
    if c is None:
        return player
    return character_name(c.character)


def _once(key: Any, make) -> str:
    """The memoised name under key, made by make() the first time."""
    memo = _memo()
    got = memo.get(key)
    if got is None:
        got = memo[key] = make()
    return got


def character_name(character_id: str) -> str:
    """The character card's name, or the id itself (a COG of an unknown character)."""
    def make() -> str:
        ch = _content().cogs.get(character_id)
        return ch.name if ch else character_id
    return _once(("cog", character_id), make)


def locust(state: GearsState, lid: str) -> str:
    """'Drone 1': the Enemy card's name and the figure's number."""
    x = state.locusts.get(lid)
    enemy = x.enemy if x is not None else None
    return _once(("locust", lid, enemy), lambda: _locust(lid, enemy))


def _locust(lid: str, enemy_id: str | None) -> str:
    content = _content()
    model = lid.split("#")[0]
    if enemy_id is not None and enemy_id in content.enemies:
        enemy = content.enemies[enemy_id]
        name = enemy.name
        if model != enemy.figure and model in content.figures:
            # A stand-in figure (a Kantus figure as a Grinder, spec 9.2.5): its number is
            # the Kantus figure's, so the model is named to keep two figures apart.
            name = f"{name} (on a {content.figures[model].name} figure)"
    else:
        name = model.replace("_", " ").title()
    return f"{name} {lid.split('#')[-1]}" if "#" in lid else name


def figure(state: GearsState, who: str) -> str:
    """A COG (player id) or a Locust (figure id)."""
    if who in state.cogs or who == "stranded":
        return cog(state, who)
    return locust(state, who)


def weapon(weapon_id: str) -> str:
    def make() -> str:
        w = _content().weapons.get(weapon_id)
        return w.name if w else weapon_id.replace("_", " ")
    return _once(("weapon", weapon_id), make)


def card(card_id: str) -> str:
    """An Order card's name ('blind_fire#2' -> 'Blind Fire')."""
    def make() -> str:
        o = _content().orders.get(card_id.split("#")[0])
        return o.name if o else card_id
    return _once(("card", card_id), make)


def cards(n: int) -> str:
    return f"{n} Order card" + ("" if n == 1 else "s")


def wounds(n: int) -> str:
    return f"{n} wound" + ("" if n == 1 else "s")


def areas(n: int) -> str:
    return f"{n} area" + ("" if n == 1 else "s")


def character(character_id: str) -> str:
    """A character card's name ('marcus_fenix' -> 'Marcus Fenix')."""
    ch = _content().cogs.get(character_id)
    return ch.name if ch else character_id.replace("_", " ").title()


# ----------------------------------------------------------------------------- action labels

_BULLETS = {
    "move": lambda v: f"move up to {areas(int(v))}",
    "attack": lambda v: "make 1 attack" if v in (1, True) else f"make {v} attacks",
    "draw": lambda v: f"draw {cards(int(v))}",
    "gain_ammo": lambda v: "gain 1 ammo" if v in (1, True) else f"gain {v} ammo",
    "pull_locust": lambda v: "pull a Locust toward you",
    "activate_equipment": lambda v: "use equipment for free",
    "extra_order_step": lambda v: "take another Order Step",
    "skip_locust_activation": lambda v: "skip the Locust Activation Step",
    "teamwork": lambda v: "a teammate plays a card",
}


def bullet(verb: str, value) -> str:
    """One action of an Order card in words ('move up to 4 areas')."""
    f = _BULLETS.get(verb)
    return f(value) if f else verb.replace("_", " ")


def marker(state: GearsState, marker_id: str) -> str:
    """A dropped weapon marker ('the Hammerburst dropped in 9A:gatehouse')."""
    d = next((d for d in state.dropped if d.get("id") == marker_id), None)
    if d is None:
        return "a dropped weapon"
    return f"the {weapon(d['weapon'])} dropped in {d['area']}"


def option(state: GearsState, kind: str, opt: dict) -> str:
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
        return f"The {weapon(opt['weapon'])}"
    if "keep" in opt:
        return f"Keep the {weapon(str(opt['keep']).split('#')[0])}"
    if "marker" in opt:
        return marker(state, opt["marker"]).capitalize()
    if "area" in opt:
        return str(opt["area"])
    if "spot" in opt:
        return f"Cover at {opt['spot']}"
    if "hole" in opt:
        h = state.holes.get(opt["hole"], {})
        return f"The hole in {h.get('area', opt['hole'])}"
    if "door" in opt:
        return f"The door {opt['door']}"
    if "level" in opt:
        return f"Level {opt['level']}"
    return ", ".join(f"{k} {v}" for k, v in opt.items())
