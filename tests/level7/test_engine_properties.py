"""Issue 14: many random legal Level 7 games, every invariant checked after every action: no card
made or lost, no tile on another, the population limits, the tracks, the Threat tokens, and the
game always offers a legal action until it has ended (level7-escape.md 2, 3.5, 6.12, 5.2)."""
from __future__ import annotations

from collections import Counter

import pytest

from game.engine.bots import RandomBot
from game.level7.content import shared_content
from game.level7.rules import enemies as E
from game.level7.rules import foes, setup
from game.level7.rules.maps import shared_tiles, view
from game.level7.rules.state import IN_HOSPITAL, IN_PLAY, KILLED
from game.level7.rules.title import Level7Title

T = Level7Title()


def all_cards():
    c = shared_content()
    adrenaline = Counter(x for k, a in c.adrenaline.items() for x in setup.copies(k, a.copies))
    items = Counter(x for k, i in c.items.items() for x in setup.copies(k, i.copies))
    keys = Counter(x for k, i in c.keys.items() for x in setup.copies(k, i.copies))
    return adrenaline, items, keys, Counter(list(c.events)), Counter(list(c.skills))


def check(state):
    c = shared_content()
    adrenaline, items, keys, events, skills = all_cards()
    held = [x for ch in state.characters.values() for x in ch.items]
    floor = [x for pile in state.floor_items.values() for x in pile]
    assert Counter(state.adrenaline.cards() + [x for ch in state.characters.values() for x in ch.hand]) == adrenaline
    assert Counter(state.items.cards() + [x for x in held + floor if x in items]) == items
    assert Counter(state.keys + state.tokens["spent_keys"] + [x for x in held + floor if x in keys]) == keys
    in_play = [state.flags["event_card"]] if "event_card" in state.flags else []
    assert Counter(state.events.cards() + in_play) == events
    assert Counter(state.skills.cards() + [s for ch in state.characters.values() for s in ch.skills]) == skills

    # tiles: each of the box's map tiles in exactly one place; none lies on another
    sc = c.scenarios[state.scenario]
    where = [p[0] for p in state.placed] + [t for _, tiles in state.stacks for t in tiles] + \
        ([state.set_aside] if state.set_aside else []) + list(sc.removed) + \
        ([state.flags["drawn_tile"]] if "drawn_tile" in state.flags else [])
    assert Counter(t for t in where if t.startswith("T")) == Counter(c.tile_ids())
    cells = view(state).tilemap.occupied()
    assert len(cells) == sum(shared_tiles()[t].size[0] * shared_tiles()[t].size[1] for t, *_ in state.placed)

    # (the population limits are checked where the rules apply them: `limits_watched`)
    assert len({e.key for e in state.enemies}) == len(state.enemies)
    for kind, numbers in state.reserves.items():
        on_map = [e.number for e in state.enemies if e.kind == kind]
        assert sorted(on_map + numbers + state.boxed[kind]) == list(range(1, c.enemies[kind].count + 1))

    # tracks (6.12) and the Threat tokens: the pool only ever empties, the box takes what is lost
    for ch in state.characters.values():
        assert c.fear_track.min <= ch.fear <= c.fear_track.max
        assert ch.threat >= 0
        if ch.status == KILLED:
            assert not ch.hand
        else:
            assert ch.vitality in c.vitality_track.spaces
            if ch.status in (IN_PLAY, IN_HOSPITAL):
                assert len(ch.hand) <= ch.vitality
    total = state.threat_pool + state.threat_box + sum(ch.threat for ch in state.characters.values())
    assert total == c.count("threat_tokens")

    # the game offers a legal action until it has ended
    if state.outcome is None:
        assert T.current_decider(state) is not None and T.legal_actions(state)
    else:
        assert T.current_decider(state) is None and not T.legal_actions(state)


def _limit(state, kind):
    return E.tile_limits(shared_content().scenarios[state.scenario].limits)[kind]


@pytest.fixture
def limits_watched(monkeypatch):
    """Spec 3.5 as spec 11 #18 reads it: a figure is placed only where fewer active figures of
    its kind stand than the limit, and stops only where fewer figures of its kind stand, stunned
    ones too. (A stunned figure that recovers may leave a tile above the limit: nothing forbids
    standing up.) Checked at each placement and each stop."""
    put, apply_activation = foes.put, foes.apply_activation

    def checked_put(state, kind, number, tile, ctx, text, idle=False):
        here = sum(1 for e in state.enemies if e.tile == tile and e.kind == kind and not e.stunned)
        assert here < _limit(state, kind), f"{kind} {number} placed on {tile} beside {here} active"
        return put(state, kind, number, tile, ctx, text, idle)

    def checked_activation(state, sit, act, ctx):
        if act.kind == "move":
            mover = foes.figure(state, act.figure)
            here = sum(1 for e in state.enemies if e.tile == act.stop and e.kind == mover.kind and e is not mover)
            assert here < _limit(state, mover.kind), f"{act.figure} stops on {act.stop} beside {here}"
        return apply_activation(state, sit, act, ctx)

    monkeypatch.setattr(foes, "put", checked_put)
    monkeypatch.setattr(foes, "apply_activation", checked_activation)


@pytest.mark.parametrize("scenario", ["s1", "s2"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_keep_every_invariant(scenario, players, limits_watched):
    for seed in range(6):
        state = T.new_game(scenario, seed, {"players": players})
        bot = RandomBot(seed)
        pool = state.threat_pool
        check(state)
        for _ in range(3000):
            if state.outcome is not None:
                break
            T.apply(state, bot.choose(T.legal_actions(state)))
            check(state)
            assert state.threat_pool <= pool
            pool = state.threat_pool
        assert state.outcome is not None, f"seed {seed}: no end after 3000 actions"


def test_a_saved_game_goes_on_as_the_uninterrupted_one():
    """A state written to JSON and read back, also in the middle of a question (a paused
    resolution goes on by re-execution from its checkpoint, docs/ENGINE.md), plays on to the same
    end state as the game that was never saved."""
    for seed in range(4):
        live = T.new_game("s1", seed, {"players": 3})
        bot = RandomBot(seed)
        paused = 0
        for i in range(400):
            if live.outcome is not None:
                break
            action = bot.choose(T.legal_actions(live))
            if live.proc is not None or i % 7 == 0:
                paused += live.proc is not None
                copy = T.from_json(T.to_json(live))
                assert T.state_hash(copy) == T.state_hash(live)
                T.apply(copy, action)
                T.apply(live, action)
                assert T.state_hash(copy) == T.state_hash(live), f"seed {seed}, action {i}"
            else:
                T.apply(live, action)
        assert paused, "no question was pending in the game"


def test_a_seat_sees_its_own_hand_only_and_no_order_of_the_decks():
    """Hidden information (DESIGN.md): a bot's view holds its own hand, the others' hand sizes,
    the decks' and stacks' sizes, no RNG; drawn adrenaline cards are shown only to the drawer."""
    from game.level7.rules.view import view as seat_view

    state = T.new_game("s1", 3, {"players": 2})
    me, other = state.order
    seen = seat_view(state, me)
    assert seen["characters"][me]["hand"] == state.characters[me].hand
    assert "hand" not in seen["characters"][other] and seen["characters"][other]["hand_size"] == 4
    assert seen["decks"]["events"]["draw"] == len(state.events.draw_pile) and "rng" not in seen
    assert all(isinstance(n, int) for _, n in seen["stacks"])
    assert "hand" not in seat_view(state, None)["characters"][me]
    bot = RandomBot(3)
    for _ in range(200):
        if state.outcome is not None:
            break
        for e in T.apply(state, bot.choose(T.legal_actions(state))):
            if e.kind == "hand":
                assert e.visible_to == (e.payload["who"],) and e.hidden_info
            if e.kind in ("roll", "tile_drawn", "event", "item"):
                assert e.hidden_info


@pytest.fixture
def uniforms_and_swarm_on():
    """Scenario 1 with flags.uniforms and flags.swarm (spec 8.5, 9.4): no shipped scenario sets them."""
    from tests.level7.test_uniforms import flag

    c = shared_content()
    old = c.scenarios
    flag("uniforms")
    flag("swarm")
    yield
    object.__setattr__(c, "scenarios", old)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_games_with_uniforms_and_swarm_keep_every_invariant(players, limits_watched, uniforms_and_swarm_on):
    """Every invariant above, and: the 8 uniform tokens are in the supply, on tiles or carried; the
    18 swarm markers in the supply or on tiles; no character in play on a swarm tile; no guard
    stops on one (errata p. 11)."""
    c = shared_content()
    apply_activation = foes.apply_activation

    def no_guard_on_swarm(state, sit, act, ctx):
        if act.kind == "move" and foes.figure(state, act.figure).kind == "guard":
            assert not set(act.path) & set(state.tokens["swarm"]), f"{act.figure} onto the swarm"
        return apply_activation(state, sit, act, ctx)

    foes.apply_activation = no_guard_on_swarm
    seen = Counter()
    try:
        for seed in range(5):
            state = T.new_game("s1", seed, {"players": players})
            bot = RandomBot(seed)
            for _ in range(3000):
                if state.outcome is not None:
                    break
                T.apply(state, bot.choose(T.legal_actions(state)))
                check(state)
                cards = [x for ch in state.characters.values() for x in ch.items] + \
                    [x for pile in state.floor_items.values() for x in pile]
                uniforms = [x for x in cards if x.split("#")[0] in ("uniform", "bloody_uniform")]
                assert len(uniforms) + state.tokens["supply"]["uniforms"] == c.tokens["uniform"].copies
                assert len(set(x.split("#")[1] for x in uniforms)) == len(uniforms)
                assert len(state.tokens["swarm"]) + state.tokens["supply"]["swarm"] == c.count("swarm_markers")
                assert not [ch for ch in state.characters.values() if ch.status == IN_PLAY and ch.tile in state.tokens["swarm"]]
                seen["uniforms"] += bool(uniforms)
                seen["swarm"] += bool(state.tokens["swarm"])
            assert state.outcome is not None
    finally:
        foes.apply_activation = apply_activation
    assert seen["uniforms"] and seen["swarm"]  # the games did meet both
