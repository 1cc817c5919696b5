"""Set-up (spec 4.1, 4.3) for a playable scenario of scenarios.toml; every random draw comes from
the state's Rng (stream "setup" for the first player and the stacks, "decks" for the decks)."""
from __future__ import annotations

from typing import Any, Mapping

from game.board.model import MapError
from game.engine.deck import Deck
from game.engine.rng import Rng
from game.engine.text import M, Msg
from game.level7.content import Level7Content, Scenario, shared_content
from game.level7.rules.state import REVISIONS, IN_PLAY, Character, Level7State, Turn

PLAYERS = (1, 2, 3, 4)
# tokens the engine places, by the component that supplies them
TOKEN_SUPPLY = {"darkness": "darkness_tokens", "sealed": "vent_tokens", "locked": "locked_door_tokens",
                "nests_posts": "post_nest_tokens", "accessed": "accessed_markers"}


def copies(kind: str, n: int) -> list[str]:
    """Card instances of one kind: "sprint#1", "sprint#2", ... (every card has its own id)."""
    return [f"{kind}#{i}" for i in range(1, n + 1)]


def refusal(content: Level7Content, scenario: str, players: int | None) -> Msg | None:
    sc = content.scenarios.get(scenario)
    if sc is None:
        return M("unknown Level 7 scenario {scenario} (known: {known})", scenario=repr(scenario), known=", ".join(content.scenarios))
    if not sc.playable:
        return M("scenario {number} ({name}) is not playable: {why}", number=sc.number, name=M(sc.name), why=M(sc.not_playable))
    if len(sc.start_tiles) != 1:
        return M("scenario {number} starts on {n} tiles; the engine lays out one start tile", number=sc.number, n=len(sc.start_tiles))
    if players is not None and players not in PLAYERS:
        return M("Level 7 is for 1-4 players, not {n}", n=players)
    return None


def _check_tile_maps(content: Level7Content, sc: Scenario) -> None:
    """Every tile the stacks may deal has its map (maps/level7/tiles), or MapError naming the
    folder and the tiles: a map deleted or broken since would otherwise stop the game when its
    tile comes up. A broken file raises load_tiles' own MapError (the file and the problem)."""
    from game.level7.board import MAPS
    from game.level7.rules.maps import shared_tiles

    named, tiles = [*content.tile_ids(), *sc.start_tiles, *([sc.set_aside] if sc.set_aside else [])], shared_tiles()
    missing = sorted({t for t in named if t not in tiles})
    if missing:
        raise MapError(f"{MAPS}: no map for tile {', '.join(missing)}: each Level 7 tile needs its own .tmx file")


def new_state(scenario: str, seed: int, options: Mapping[str, Any], content: Level7Content | None = None) -> Level7State:
    content = content or shared_content()
    players = int(options.get("players", 1))
    why = refusal(content, scenario, players) or REVISIONS.refusal(options)
    if why:
        raise ValueError(str(why))
    sc = content.scenarios[scenario]
    _check_tile_maps(content, sc)
    rng = Rng(seed)
    deal = rng.stream("decks")
    setup = rng.stream("setup")

    # 5.1 (PROPOSED): seat order, starting with a randomly chosen first player
    seats = sorted(content.characters, key=lambda c: content.characters[c].seat)[:players]
    first = setup.below(players)
    order = seats[first:] + seats[:first]

    # 3.3, 4.3: the set-aside tile, then stacks built from the tiles left
    used = set(sc.start_tiles) | set(sc.removed) | ({sc.set_aside} if sc.set_aside else set())
    pool = [t for t in content.tile_ids() if t not in used and not any(t in s.include for s in sc.stacks)]
    setup.shuffle(pool)
    stacks = []
    for st in sc.stacks:
        if st.rest:
            tiles = list(st.include) + pool
            pool = []
        else:
            take = st.size - len(st.include)
            tiles, pool = list(st.include) + pool[:take], pool[take:]
        setup.shuffle(tiles)
        stacks.append([st.name, tiles])

    skills = Deck.new("skills", content.skill_deck(), deal, reshuffle_when_empty=False)
    adrenaline = Deck.new("adrenaline", [c for k in sorted(content.adrenaline, key=lambda k: content.adrenaline[k].number)
                                         for c in copies(k, content.adrenaline[k].copies)], deal)
    events = Deck.new("events", content.event_deck(), deal)
    items = Deck.new("items", [c for k in content.items for c in copies(k, content.items[k].copies)], deal,
                     reshuffle_when_empty=False)
    keys = [c for k in content.keys for c in copies(k, content.keys[k].copies)]

    start_tile = sc.start_tiles[0]
    fear = sc.start_fear or content.fear_track.start
    threat_pool = sc.threat_pool
    chars = {}
    for cid in seats:
        ch = Character(cid, content.characters[cid].name, start_tile, IN_PLAY, fear, sc.vitality, 0)
        ch.skills = skills.draw(content.number("skills_dealt"))
        ch.hand = adrenaline.draw(ch.vitality)  # 4.1 step 7: as many as Vitality allows
        take = min(sc.start_threat, threat_pool)  # 4.1 step 11 (PROPOSED: from the pool)
        ch.threat, threat_pool = take, threat_pool - take
        chars[cid] = ch

    reserves = {kind: list(range(1, n + 1)) for kind, n in sorted(sc.reserves.items())}
    boxed = {kind: list(range(n + 1, content.enemies[kind].count + 1)) for kind, n in sorted(sc.reserves.items())}
    tokens: dict[str, Any] = {"darkness": [], "sealed": [], "locked": [], "nests": [], "posts": [], "accessed": [],
                              "walled": [], "new_doors": [], "spent_keys": [], "supply": {k: content.count(c) for k, c in TOKEN_SUPPLY.items()}}
    state = Level7State(
        scenario=scenario, seed=seed, rng=rng, order=order, characters=chars, starting_players=players,
        placed=[[start_tile, 0, 0, 0]], stacks=stacks, set_aside=sc.set_aside, enemies=[], reserves=reserves,
        reserve_max={k: len(v) for k, v in reserves.items()}, boxed=boxed, adrenaline=adrenaline, events=events,
        items=items, skills=skills, keys=keys, tokens=tokens, floor_items={},
        threat_pool=threat_pool, threat_box=content.count("threat_tokens") - sc.threat_pool,
        lockdown_pool=sc.lockdown_pool, lockdown=False, lockdown_turn=-1, turn=Turn(order[0]), turn_no=0,
        active=0, explored=[start_tile], options=dict(options),
    )
    if sc.flags.get("uniforms"):  # the uniform tokens (spec 8.5, rules/uniforms.py)
        tokens["supply"]["uniforms"] = content.tokens["uniform"].copies
    if sc.flags.get("swarm") and content.swarm is not None:  # the swarm markers (spec 9.4, rules/swarm.py)
        tokens["supply"]["swarm"] = content.count(content.swarm.component)
        tokens["swarm"] = []
    return state
