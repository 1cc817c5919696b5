"""Building Level 7 rule scenarios for the engine's tests: a game on a map laid by hand, figures
where the scenario puts them, the next event card chosen, actions and answers in a line each."""
from __future__ import annotations

from game.engine.protocol import Action
from game.level7.board import TileMap
from game.level7.rules.maps import shared_tiles
from game.level7.rules.state import IN_PLAY, Enemy, Turn
from game.level7.rules.title import Level7Title

T = Level7Title()
QUIET = "E03"  # no spawn icon, box: guards (1-3 players) or clones: nothing acts on a map without enemies


def game(scenario: str = "s1", players: int = 2, seed: int = 1, tiles=None, rules: int | None = None):
    """A new game; `tiles`: [(tile id, x, y, quarter turns), ...] replacing the map (all explored,
    every character on the first), the rest of the box's tiles left in the stacks. Played by the
    newest rules revision, as a new game at the table, or by `rules` (state.RULES_REVISION)."""
    options = {"players": players} if rules is None else {"players": players, "rules": rules}
    state = T.new_game(scenario, seed, T.new_options(options))
    settle(state)
    for ch in state.characters.values():  # no skill changes a scenario unless it gives one
        state.skills.discard(ch.skills)
        ch.skills = []
        # nor the scenario's start Threat (scenario 1's is a tuned placeholder, BALANCE.md): back to the pool
        state.threat_pool += ch.threat
        ch.threat = 0
    # seat order from Subject 1, whoever the seed made first (5.1): scenarios name who acts
    state.order = sorted(state.order)
    state.active = 0
    state.turn = Turn(state.order[0], moves_left=state.turn.moves_left, step=2)
    if tiles is not None:
        lay(state, tiles)
    return state


def lay(state, tiles) -> None:
    check = TileMap()
    for tile_id, x, y, turns in tiles:
        check.place(shared_tiles()[tile_id], (x, y), turns)  # raises on an overlap
    used = {t[0] for t in tiles}
    state.placed = [list(t) for t in tiles]
    state.explored = sorted(used)
    state.stacks = [[name, [t for t in pile if t not in used]] for name, pile in state.stacks]
    state._graph = None
    for ch in state.characters.values():
        if ch.status == IN_PLAY:
            ch.tile = tiles[0][0]


def at(state, who: str, tile: str):
    ch = state.characters[who]
    ch.tile = tile
    return ch


def foe(state, kind: str, tile: str, stunned: bool = False) -> Enemy:
    number = state.reserves[kind].pop(0)
    e = Enemy(kind, number, tile, stunned)
    state.enemies.append(e)
    return e


def next_event(state, card: str = QUIET) -> None:
    state.events.draw_pile.remove(card) if card in state.events.draw_pile else state.events.discard_pile.remove(card)
    state.events.draw_pile.insert(0, card)


def act(state, kind: str, **payload):
    return T.apply(state, Action(kind, payload))


def kinds(state) -> list[str]:
    return [a.kind for a in T.legal_actions(state)]


def refusal(state, kind: str, **payload) -> str:
    from game.engine.protocol import IllegalAction

    try:
        T.apply(state, Action(kind, payload))
    except IllegalAction as exc:
        return exc.reason
    raise AssertionError(f"{kind} {payload} was accepted")


def settle(state, events=None) -> list:
    """Answers every pending question with its first option (what a test does not look at)."""
    events = list(events or [])
    while state.proc is not None:
        events += T.apply(state, T.legal_actions(state)[0])
    return events


def texts(events) -> str:
    return "\n".join(e.text for e in events)


# a cross of corridors: T07 in the middle, T36 east, T40 south, T42 north (all joined by doors)
CROSS = [("T07", 0, 0, 0), ("T36", 1, 0, 0), ("T40", 0, 1, 0), ("T42", 0, -1, 0)]
# vents: T37 (vent) - T35 by a door, T09 (vent, turned) east of T35 by ducts only, no door
VENTS = [("T37", 0, 0, 0), ("T35", 1, 0, 0), ("T09", 2, 0, 2)]
