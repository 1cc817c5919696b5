"""The swarm (spec 9.4: the publisher's errata for booklet p. 11, "≈ Scenario 5"; seed p. 2: 18
swarm markers), in play when a scenario sets `flags.swarm`; its record is enemies.toml `[swarm]`:

- guards (`blocks`) never move onto a tile with a swarm marker, and (`pass_locked`) pass locked
  doors without removing the locked-door tokens: the enemies' graphs (enemy_view.Situation);
- a character who moves onto a swarm tile, or on whose tile a swarm marker is placed, is killed by
  the swarm and loses (`arrive`, `place`);
- how markers come in is PLACEHOLDER (docs/LEVEL7.md "Swarm"): an event card whose spawn icon is
  `comes_with` (a clone) also brings one to the nearest `at` tile (a vent) without a marker, nearest
  by the clone's graph from the active character as an event spawn is (7.2); the active player
  chooses among tied tiles; none once the 18 are out.

The markers are `state.tokens["swarm"]` (tiles) and `supply["swarm"]`.
"""
from __future__ import annotations

from game.engine.text import M
from game.i18n import N_
from game.level7.content import shared_content
from game.level7.rules import sheet
from game.level7.rules.maps import view
from game.level7.rules.names import enemy, place as place_name, who
from game.level7.rules.state import IN_PLAY, Character, Level7State

SITES = {"vent": N_("vent"), "fear": N_("fear"), "security": N_("security")}  # rules().at in words


def _site():
    return M(SITES[rules().at]) if rules().at in SITES else rules().at


SITE_ICONS = {"vent": ("vent",), "fear": ("fear", "recurring_fear"), "security": ("security", "recurring_security")}
FAR = 10 ** 6


def rules():
    return shared_content().swarm


def in_play(state: Level7State) -> bool:
    return rules() is not None and bool(shared_content().scenarios[state.scenario].flags.get("swarm"))


def tiles(state: Level7State) -> list[str]:
    return state.tokens.get("swarm", [])


def sites(state: Level7State) -> list[str]:
    """The tiles a marker may come to: `at` tiles (vents not sealed) without a marker."""
    mv = view(state)
    if rules().at == "vent":
        found = mv.vent_tiles(state)
    else:
        found = [t for t in mv.tilemap.placed if any(mv.tile(t).has(i) for i in SITE_ICONS[rules().at])]
    return sorted(t for t in found if t not in tiles(state))


def comes_in(state: Level7State, spawn: str, ctx) -> None:
    """An event card's spawn icon `spawn` (step A): the swarm's marker comes with it."""
    if not in_play(state) or spawn != rules().comes_with:
        return
    if state.tokens["supply"].get("swarm", 0) <= 0:
        ctx.emit("swarm", M("No swarm marker is left."), {})
        return
    free = sites(state)
    if not free:
        ctx.emit("swarm", M("The swarm finds no {site} tile without a marker.", site=_site()), {})
        return
    from game.level7.rules.foes import situation

    ch = state.characters[state.turn.player]
    dist = situation(state).distances(ch.tile, "clone") if ch.status == IN_PLAY else {}
    best = min(dist.get(t, FAR) for t in free)
    tied = [t for t in free if dist.get(t, FAR) == best]
    tile = tied[0]
    if len(tied) > 1:
        tile = ctx.choose(ch.id, "swarm_tile", [{"tile": t} for t in tied],
                          M("{who}: the swarm comes out of which {site}?", who=who(ch), site=_site()))["tile"]
    place(state, tile, ctx, M("with the event's {enemy} icon", enemy=enemy(spawn, lower=True)))


def place(state: Level7State, tile: str, ctx, why: str) -> None:
    """A marker on `tile`; every character there is killed (errata p. 11)."""
    state.tokens["supply"]["swarm"] -= 1
    state.tokens.setdefault("swarm", []).append(tile)
    ctx.emit("swarm", M("A swarm marker comes on {tile} ({why}).", tile=place_name(state, tile), why=why), {"token": "swarm", "tile": tile})
    for ch in state.characters.values():
        if ch.status == IN_PLAY and ch.tile == tile:
            sheet.kill(state, ch, ctx, M("the swarm came onto their tile"))


def arrive(state: Level7State, ch: Character, ctx) -> None:
    """`ch` has come onto a tile: a swarm tile kills (errata p. 11)."""
    if ch.status == IN_PLAY and ch.tile in tiles(state) and in_play(state):
        sheet.kill(state, ch, ctx, M("moved onto {tile}, where the swarm is", tile=place_name(state, ch.tile)))


__all__ = ["arrive", "comes_in", "in_play", "place", "sites", "tiles"]
