"""Setting up a mission (spec 4): characters, weapons, decks, level 1, COGs, hands."""
from __future__ import annotations

from game.engine import text as T
from game.engine.text import M
from typing import Any, Mapping

from game.engine.deck import Deck
from game.engine.rng import Rng
from game.gears.content import GearsContent
from game.gears.rules import missions
from game.gears.rules import names as N
from game.gears.rules.procedures import procedure
from game.gears.rules.state import REVISIONS, CogState, GearsState
from game.gears.rules.shared import content as _content

OPTIONS = {
    "players": "number of players, 1-4 (default 1)",
    "characters": "list of COG ids, one per seat (default: drawn at random, spec 4 step 1)",
    "insane": "Insane difficulty: random wound discards (spec 6.16)",
    "difficulty": "Horde Mode: casual, normal (default), hardcore or insane (spec 9.2.7)",
    "solo_remove_two_plus": "solo: a 2+ Order card may be removed from the game for a new one "
                            "(spec 6.16, default on with 1 player)",
    "one_dodge_per_step": "a COG may Dodge only once per Locust Activation Step (spec 11 item 58)",
    "rules": "the rules revision the game is played by (state.RULES_REVISION; a new game's own, "
             "a save's from its options, 0 before the revisions began)",
}


def order_card_ids(content: GearsContent) -> list[str]:
    return [f"{o.id}#{i + 1}" for o in content.orders.values() for i in range(o.count)]


def mission_refusal(content: GearsContent, mission_id: str, players: Any = None) -> str | None:
    """Why this mission cannot be played (with that many players, when given), or None. The
    one check behind new_game's refusal, the set-up screen's disabled missions and simulate's
    refused lines, so all three say the same sentence without building a game."""
    if mission_id not in content.missions:
        return f"unknown Gears mission {mission_id!r} (known: {', '.join(sorted(content.missions))})"
    missing = missions.unsupported(content, mission_id)
    if missing:
        return f"mission {mission_id!r} needs rules not modelled yet: {', '.join(missing)}"
    mission = content.missions[mission_id]
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)
                                or not mission.players[0] <= players <= min(4, mission.players[1])):
        return f"{mission.name} is for {mission.players[0]}-{mission.players[1]} players, got {players!r}"
    return None


def new_state(content: GearsContent, mission_id: str, seed: int, options: Mapping[str, Any],
              loader: Any) -> GearsState:
    """The state before level 1 is built (the `setup` procedure does the rest)."""
    if mission_id not in content.missions:
        raise ValueError(mission_refusal(content, mission_id))
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown Gears option {unknown[0]!r} (options: {', '.join(sorted(OPTIONS))})")
    why = REVISIONS.refusal(options)
    if why is not None:
        raise ValueError(why)
    n = options.get("players", 1)
    why = mission_refusal(content, mission_id, n)
    if why is not None:
        raise ValueError(why)
    mission = content.missions[mission_id]
    rng = Rng(seed)
    players = [f"P{i + 1}" for i in range(n)]
    first = rng.stream("setup").below(n)
    chars = options.get("characters")
    if chars is None:
        pool = sorted(content.cogs)
        rng.stream("setup").shuffle(pool)
        chars = pool[:n]
        # Drawn starting with the first player (spec 4 step 1).
        chars = [chars[(i - first) % n] for i in range(n)]
    if len(chars) != n or len(set(chars)) != n or any(c not in content.cogs for c in chars):
        raise ValueError(f"characters must be {n} different COG ids from {', '.join(sorted(content.cogs))}")
    supply = {w.id: w.supply for w in content.weapons.values() if w.deck == "special"}
    cogs = {}
    for p, ch in zip(players, chars):
        cog = content.cogs[ch]
        weapons = []
        for sw in cog.weapons:
            weapons.append([sw.weapon, sw.ammo])
            if sw.weapon in supply:
                supply[sw.weapon] = max(0, supply[sw.weapon] - 1)
        cogs[p] = CogState(p, ch, area="", weapons=weapons, grenades=cog.grenades)
    random_weapons = [f"{w.id}#{i + 1}" for w in content.weapons.values() if w.deck == "random"
                      for i in range(w.supply)]
    piles = {}
    for pid, pile in content.marker_piles.items():
        if pile.markers:
            piles[pid] = Deck.new(f"markers:{pid}", [f"{pid}:{i}" for i in range(len(pile.markers))],
                                  rng.stream("markers"))
    level_tiles = [list(lv.tiles) for lv in mission.levels]
    locked = [lv.locked for lv in mission.levels]
    if mission.difficulty:
        # Horde Mode (spec 9.2.7): one level, chosen by difficulty; no exploring.
        diff = options.get("difficulty", "normal")
        if diff not in mission.difficulty:
            raise ValueError(f"difficulty must be one of {', '.join(mission.difficulty)}, got {diff!r}")
        level_tiles, locked = [list(mission.difficulty[diff])], [False]
    levels = [Deck.new(f"level{i + 1}", tiles, rng.stream("locations"), reshuffle_when_empty=False)
              for i, tiles in enumerate(level_tiles)]
    # Every tile face the mission may lay is read now (spec 3.7: one .tmx per face): a face
    # broken or gone is a MapError naming its file before the game begins. Laying a level takes
    # only a face that does not fit (CompositionError) as an impossible placement (spec 3.4).
    stage_tiles = {st.params["tile"] for stage in mission.stages for st in stage.back if st.keyword == "place_tile"}
    if loader is not None:
        for tile in sorted({t for tiles in level_tiles for t in tiles} | stage_tiles):
            loader(tile)
    state = GearsState(
        mission=mission_id, players=players, options=dict(options), rng=rng,
        orders=Deck.new("orders", order_card_ids(content), rng.stream("orders")),
        ai=Deck.new("ai", content.ai_deck(mission_id), rng.stream("ai")),
        weapon_deck=Deck.new("weapons", random_weapons, rng.stream("weapons")),
        location_decks=levels, locked=locked,
        special_supply=supply, marker_piles=piles, slots=dict(mission.enemies), cogs=cogs,
        first=first, active=first, phase="setup", loader=loader,
    )
    return state



@procedure("setup")
def setup_proc(ctx) -> None:
    """Spec 4 steps 7-9 and the mission's setup rules."""
    content = _content()
    state: GearsState = ctx.state
    missions.build_first_level(ctx, content)
    start = state.view().entrance_area
    for c in state.cogs.values():
        c.area = start
    # What the build followed, then the COGs entering, then the rules that read their start
    # area (China Shop's Berserker is placed there: its line came before this one).
    missions.log_build_notes(ctx, content)
    ctx.emit("setup", M("The COGs enter at {start}.", start=start), {"area": start})
    missions.apply_setup_rules(ctx, content)
    for p in state.players:
        c = state.cogs[p]
        limit = content.cogs[c.character].hand_limit
        c.hand = state.orders.draw(limit, state.rng.stream("orders"))
        ctx.emit("draw", M("{cog} draws {cards}.", cog=N.cog(state, p), cards=N.cards(len(c.hand))), {"player": p, "n": len(c.hand)})
        ctx.emit("hand", M("You draw {list}.", list=T.join(', ', [N.card(h) for h in c.hand])), {"player": p, "cards": list(c.hand)},
                 hidden=True, visible_to=(p,))
    order = [state.players[(state.first + i) % len(state.players)] for i in range(len(state.players))]
    state.pending = {"stack": [{"f": "setup_cover", "order": order}]}
    state.phase = "setup_cover"
