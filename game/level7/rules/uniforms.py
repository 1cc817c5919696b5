"""Uniform tokens (spec 8.5 PLACEHOLDER; seed p. 2: 8 tokens, p. 16: the uniform and bloody uniform
icons), in play when a scenario sets `flags.uniforms`. The rules are items.toml `[token.uniform]`:

- where they come from (PROPOSED, neither the seed nor the spec says): a clean uniform on each
  newly placed tile showing one of `clean_on` (the Security icons: a guards' locker), a bloody one
  on the tile of a `bloody_from` figure (a guard) an Attack removes; while the 8 tokens last;
- a token lies on its tile like a face-up item: the Pick Up action takes it, it takes one hand
  (the carry limit), it is traded, put down and dropped at a knock-out like any item;
- a clean uniform carried: `disguise_from` enemies (guards) read your Threat as 0 when choosing a
  target, and still attack you when you are their only target on their tile;
- picking up a bloody uniform: +`bloody_fear` Fear; it disguises nothing.

A token on a tile or in a hand is a card instance like an item's: `uniform#3` (clean) or
`bloody_uniform#5` (the bloody side up); the number is the token's, 1-8.
"""
from __future__ import annotations

from game.engine.text import M
from game.i18n import N_
from game.level7.content import shared_content
from game.level7.rules import sheet
from game.level7.rules.maps import view
from game.level7.rules.names import enemy, place as place_name
from game.level7.rules.state import Character, Enemy, Level7State

CLEAN, BLOODY = "uniform", "bloody_uniform"
SIDE = {CLEAN: "clean", BLOODY: "bloody"}
LIES = {CLEAN: N_("A uniform lies on {tile} ({why})."), BLOODY: N_("A bloody uniform lies on {tile} ({why}).")}


def rules():
    return shared_content().tokens["uniform"]


def in_play(state: Level7State) -> bool:
    return bool(shared_content().scenarios[state.scenario].flags.get("uniforms"))


def side(card: str) -> str:
    """'clean', 'bloody', or '' for a card that is no uniform."""
    return SIDE.get(card.split("#")[0], "")


def name(card: str) -> str:
    kind = card.split("#")[0]
    return f"{rules().name} (bloody)" if kind == BLOODY else rules().name


def disguised_from(ch: Character) -> tuple[str, ...]:
    """The enemy kinds that read `ch`'s Threat as 0 when choosing a target: a clean uniform's."""
    if any(side(i) == "clean" for i in ch.items) and rules().disguise_from:
        return (rules().disguise_from,)
    return ()


def place(state: Level7State, tile: str, kind: str, ctx, why: str) -> None:
    """A token from the supply on `tile`, `kind` side up; none when all 8 are out."""
    supply = state.tokens["supply"]
    if supply.get("uniforms", 0) <= 0:
        ctx.emit("token", M("No uniform token is left ({why}).", why=why), {"token": "uniform"})
        return
    supply["uniforms"] -= 1
    card = f"{kind}#{rules().copies - supply['uniforms']}"
    state.floor_items.setdefault(tile, []).append(card)
    ctx.emit("token", M(LIES[kind], tile=place_name(state, tile), why=why),
             {"token": kind, "tile": tile, "card": card})


def tile_placed(state: Level7State, tile_id: str, ctx) -> None:
    """A clean uniform on a newly placed tile showing a `clean_on` icon."""
    if in_play(state) and any(view(state).tile(tile_id).has(i) for i in rules().clean_on):
        place(state, tile_id, CLEAN, ctx, M("a Security tile"))


def enemy_removed(state: Level7State, e: Enemy, tile: str, ctx) -> None:
    """A bloody uniform where an Attack removed a `bloody_from` figure."""
    if in_play(state) and e.kind == rules().bloody_from:
        place(state, tile, BLOODY, ctx, M("left by the removed {enemy}", enemy=enemy(e.kind, lower=True)))


def picked_up(state: Level7State, ch: Character, card: str, ctx) -> None:
    """Picking up a bloody uniform costs Fear."""
    if side(card) == "bloody" and rules().bloody_fear:
        sheet.change_fear(state, ch, rules().bloody_fear, ctx, M("picking up a bloody uniform"))


__all__ = ["BLOODY", "CLEAN", "disguised_from", "enemy_removed", "in_play", "name", "picked_up", "place",
           "side", "tile_placed"]
