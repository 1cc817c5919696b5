"""Plain-English names for rule messages and refusals: 'Marcus Fenix', 'Drone 1', 'Lancer
Assault Rifle', 'Blind Fire'. The engine's log and refusal texts use these, so a player reads
names, not ids (the UI may still pretty-print whatever id is left)."""
from __future__ import annotations

from game.gears.content import GearsContent
from game.gears.rules.state import GearsState


def _content() -> GearsContent:
    from game.gears.rules.title import shared_content

    return shared_content()


def cog(state: GearsState, player: str) -> str:
    """The character's name of a player's COG ('the Stranded' for the mission token)."""
    if player == "stranded":
        return "the Stranded"
    c = state.cogs.get(player)
    if c is None:
        return player
    ch = _content().cogs.get(c.character)
    return ch.name if ch else c.character


def locust(state: GearsState, lid: str) -> str:
    """'Drone 1': the Enemy card's name and the figure's number."""
    x = state.locusts.get(lid)
    content = _content()
    if x is not None and x.enemy in content.enemies:
        name = content.enemies[x.enemy].name
    else:
        name = lid.split("#")[0].replace("_", " ").title()
    return f"{name} {lid.split('#')[-1]}" if "#" in lid else name


def figure(state: GearsState, who: str) -> str:
    """A COG (player id) or a Locust (figure id)."""
    if who in state.cogs or who == "stranded":
        return cog(state, who)
    return locust(state, who)


def weapon(weapon_id: str) -> str:
    w = _content().weapons.get(weapon_id)
    return w.name if w else weapon_id.replace("_", " ")


def card(card_id: str) -> str:
    """An Order card's name ('blind_fire#2' -> 'Blind Fire')."""
    o = _content().orders.get(card_id.split("#")[0])
    return o.name if o else card_id


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
