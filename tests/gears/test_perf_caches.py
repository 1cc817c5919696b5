"""The speed-ups of the Gears engine change no answer: integer LOS against game/board/los.py
(spec 3.5), incremental boards against replaying every placement (spec 3.4), resolutions
resumed on a paused thread against re-execution from the checkpoint, and saves taken in the
middle of a resolution (spec 12.3)."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.board import los as L
from game.board.geometry import convex_hull, segment_touches_polygon
from game.board.model import Segment
from game.engine.rng import Rng
from game.engine.session import Session, load_session
from game.gears.rules import board_view as BV
from game.gears.rules import procedures as P
from tests.gears.conftest import LOADER


def _game_view(title, seed=5, players=2):
    s = title.new_game("emergence", seed, {"players": players})
    P.release(s)
    return s, s.view()


def _check_pairs(view, area_pairs, spot_area, spot_pairs):
    walls = view.board.blocking_segments()
    poly = {a: view.board.areas[a].polygon for a in view.areas}
    for a, b in area_pairs:
        assert view.sees((a, None), (b, None)) == L.area_to_area(poly[a], poly[b], walls).visible, (a, b)
    for s, a in spot_area:
        pt = view.cover[s].point
        assert view.sees((view.cover[s].area, s), (a, None)) == L.point_to_area(pt, poly[a], walls).visible or \
            view.cover[s].area == a, (s, a)
    for s, t in spot_pairs:
        p, q = view.cover[s].point, view.cover[t].point
        if view.cover[s].area != view.cover[t].area:
            assert view.sees((view.cover[s].area, s), (view.cover[t].area, t)) == L.point_to_point(p, q, walls).visible


def test_integer_los_matches_board_los_on_a_sample_tile(title):
    """Spec 3.5: every area pair, cover point to area and cover point pair of one tile."""
    BV.clear_caches()
    s, view = _game_view(title)
    first = [a for a in view.areas if view.piece_of_area[a] == view.board.pieces()[0]]
    spots = [c for c in view.cover if view.cover[c].area in first]
    _check_pairs(view, [(a, b) for i, a in enumerate(first) for b in first[i + 1:]],
                 [(c, a) for c in spots for a in first], [(c, d) for i, c in enumerate(spots) for d in spots[i + 1:]])


def test_integer_los_matches_board_los_on_a_composed_map():
    """Spec 3.5 across tiles: a seeded sample of queries on a map of the real tile faces."""
    from game.gears.rules.title import GearsTitle

    BV.clear_caches()
    s, view = _game_view(GearsTitle(), seed=11, players=3)
    rnd = random.Random(4)
    areas, spots = list(view.areas), sorted(view.cover)
    _check_pairs(view, [tuple(rnd.sample(areas, 2)) for _ in range(25)],
                 [(rnd.choice(spots), rnd.choice(areas)) for _ in range(25)],
                 [tuple(rnd.sample(spots, 2)) for _ in range(25)])


def test_cover_clip_polygon_query_matches_board_los(title):
    """Spec 3.3 cover model: the clipped (rational) rear polygon goes through the same test."""
    from game.gears.rules.movement import _clip_behind, _triangles

    s, view = _game_view(title)
    walls = view.board.blocking_segments()
    checked = 0
    for spot in list(view.cover.values())[:6]:
        for a in view.areas[:6]:
            for angle in spot.arrows:
                for tri in _triangles(view.board.areas[a].polygon):
                    rear = _clip_behind(tri, spot, angle)
                    if rear is not None:
                        assert view.point_sees_polygon(spot.point, rear) == \
                            L.point_to_area(spot.point, rear, walls).visible
                        checked += 1
    assert checked > 0


def test_concave_areas_are_cut_into_triangles_before_clipping():
    """Spec 3.3 cover model on a concave area (found by simulating Horde Mode): clipping it
    whole gave a self-touching polygon; its triangles cover it exactly and clip cleanly."""
    from fractions import Fraction as F

    from game.board.geometry import polygon_problems, signed_area2
    from game.board.model import CoverSpot
    from game.gears.rules.movement import _clip_behind, _triangles

    concave = ((F(792), F(104)), (F(900), F(104)), (F(900), F(500)), (F(512), F(500)), (F(512), F(384)),
               (F(648), F(392)), (F(616), F(320)))
    l_shape = ((0, 0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4))
    for poly in (concave, l_shape):
        tris = _triangles(poly)
        assert sum(abs(signed_area2(t)) for t in tris) == abs(signed_area2(poly))
        spot = CoverSpot("s", 1, (F(700), F(300)), "a", (45,))
        for t in tris:
            rear = _clip_behind(t, spot, 45)
            assert rear is None or not polygon_problems(rear)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=7),
       st.tuples(st.integers(-2, 14), st.integers(-2, 14)), st.tuples(st.integers(-2, 14), st.integers(-2, 14)))
def test_hull_wall_filter_agrees_with_geometry(points, a, b):
    """Only walls touching the hull may block (spec 3.5): the integer separating-axis test
    agrees with geometry.segment_touches_polygon (and the segment test when degenerate)."""
    hull = convex_hull(points)
    got = BV._seg_touches_convex((a, b), hull)
    if len(hull) >= 3:
        want = segment_touches_polygon(Segment(a, b), hull)
    else:
        from game.board.geometry import segments_touch

        h = list(hull) + list(hull[:1])
        want = segments_touch(Segment(a, b), Segment(h[0], h[1]))
    assert got == want


def test_incremental_boards_equal_replayed_placements(title):
    """Spec 3.4: the cached board of a placement list is the board build_board replays."""
    BV.clear_caches()
    s, view = _game_view(title, seed=2)
    built = BV.build_board(LOADER, s.placements)
    assert sorted((a.name, a.polygon) for a in view.board.areas.values()) == \
        sorted((a.name, a.polygon) for a in built.areas.values())
    assert sorted(map(tuple, view.board.blocking_segments())) == sorted(map(tuple, built.blocking_segments()))
    assert view.move_adj == built.movement_graph() and view.range_adj == built.range_graph()


def test_state_view_follows_new_placements(title):
    s, view = _game_view(title)
    assert s.view() is view
    s.placements = [dict(p) for p in s.placements[:1]]
    assert s.view() is not view and len(s.view().board.pieces()) == 1


def _trajectory(title, seed, players, live, n=120):
    old = P.RESOLVER.live
    P.RESOLVER.live = live
    try:
        s = title.new_game("emergence", seed, {"players": players})
        pick = Rng(seed).stream("bot")
        hashes = [s.state_hash()]
        for _ in range(n):
            if title.current_decider(s) is None:
                break
            acts = title.legal_actions(s)
            title.apply(s, acts[pick.below(len(acts))])
            hashes.append(s.state_hash())
        P.release(s)
        return hashes
    finally:
        P.RESOLVER.live = old


def test_paused_resolutions_match_re_execution(title):
    """Every state hash after every action is the same whether a resolution resumes on its
    paused thread or is re-run from its checkpoint with the recorded answers."""
    for seed, players in ((3, 1), (8, 3)):
        assert _trajectory(title, seed, players, True) == _trajectory(title, seed, players, False)


def test_save_in_the_middle_of_a_resolution_loads_and_goes_on(title, tmp_path):
    """Spec 12.3: a save taken while a resolution waits for an answer loads (re-execution
    from its checkpoint) and the game continues exactly as the live one."""
    session = Session.start(title, "emergence", 21, {"players": 2})
    pick = Rng(1).stream("bot")
    while not session.is_over() and (session.state.proc is None or len(session.actions) < 5):
        acts = session.legal_actions()
        session.apply(acts[pick.below(len(acts))])
    # The save must be taken mid-resolution: a game over before that would test nothing.
    assert session.state.proc is not None and not session.is_over()
    path = tmp_path / "mid.json"
    session.save(path)
    loaded = load_session(path, title)
    assert loaded.state_hash() == session.state_hash()
    restored = title.from_json(title.to_json(session.state))  # a copy: no paused thread behind it
    went_on = 0
    for _ in range(15):
        if session.is_over():
            break
        acts = session.legal_actions()
        a = acts[pick.below(len(acts))]
        session.apply(a)
        title.apply(restored, a)
        went_on += 1
        assert restored.state_hash() == session.state_hash()
    P.release(session.state)
    assert went_on >= 10


def test_attack_actions_read_los_and_range_once_per_locust_and_agree_spec_3_5_and_6_3(title, content, monkeypatch):
    """The Order Step's legal actions ask each Locust's line of sight and range at most once (not
    once per card, weapon and mode; whether the COG can attack at all stops at the first attack
    found), and list exactly the attacks the unshared legality check allows."""
    from game.engine.protocol import Action
    from game.gears.rules import attack as A
    from game.gears.rules import turn as T
    from game.gears.rules.state import LocustState
    from tests.gears.conftest import fresh

    rng = random.Random(4)
    attacks_seen = 0
    for seed in range(3):
        s = fresh(title, players=2, seed=seed)
        view = s.view()
        c = s.cogs["P1"]
        for i, enemy in enumerate(("drone", "wretch", "boomer")):
            s.locusts[f"x{i}"] = LocustState(f"x{i}", enemy, rng.choice(view.areas))
        assert len(set(c.hand)) >= 2 and c.weapons
        calls = []
        real_sight = A.attack_sight
        monkeypatch.setattr(A, "attack_sight", lambda *a: calls.append(a) or real_sight(*a))
        legal = T.legal_actions(s)
        monkeypatch.setattr(A, "attack_sight", real_sight)
        asked = [a[2] for a in calls]
        assert asked and len(asked) == len(set(asked)) <= len(s.locusts)
        s.pending = {"stack": []}
        T.push(s, {"f": "attack", "player": "P1", "bonus": 0})
        got = {(a.payload["target"], a.payload["weapon"], a.payload["mode"])
               for a in T.legal_actions(s) if a.kind == "attack"}
        want = {(lid, w, mode) for lid in s.locusts for w, _ in c.weapons for mode in ("normal", "overwhelming")
                if A.cog_attack_legality(s, content, "P1", lid, w, mode) is None}
        assert got == want
        attacks_seen += len(want)
        assert any(a.kind == "play" and a.payload["as"] == "attack" for a in legal) == bool(want or any(
            a.kind in ("chainsaw", "grenade") for a in T.legal_actions(s)))
        assert Action("skip", {}) in [Action(a.kind, a.payload) for a in T.legal_actions(s)]
    assert attacks_seen  # the comparison met legal attacks, not only empty lists


def test_a_listed_action_is_trusted_only_until_the_state_changes_spec_5_and_6_5(title):
    """apply() skips listing the legal actions again only for the very objects the last
    legal_actions() call returned; after any apply those objects are checked again, so an
    Order card already played cannot be played a second time from the stale list (spec 5)."""
    from game.engine.protocol import IllegalAction
    from tests.gears.conftest import fresh

    s = fresh(title, players=1, seed=2)
    listed = title.legal_actions(s)
    plays = [a for a in listed if a.kind == "play" and a.payload["as"] == "move"]
    assert len(plays) >= 2
    title.apply(s, plays[0])
    assert s._legal_memo is None
    try:
        title.apply(s, plays[1])  # another card from the stale list: one card per Order Step
    except IllegalAction as refused:
        assert refused.reason
    else:
        raise AssertionError("a second Order card from a stale list was accepted")


def test_an_equal_action_built_by_hand_is_checked_against_a_fresh_list_spec_6_5(title):
    """An equal Action that is not one of the listed objects is checked against a fresh list:
    after the state changes behind the list's back (a scenario edit), a weapon the COG no
    longer carries is refused although the list once held an attack with it."""
    from game.engine.protocol import Action, IllegalAction
    from tests.gears.conftest import fresh

    s = fresh(title, players=1, seed=2)
    c = s.cogs["P1"]
    weapon = c.weapons[0][0]
    listed = title.legal_actions(s)
    drop = next(a for a in listed if a.kind == "drop_weapon" and a.payload["weapon"] == weapon)
    c.weapons = [w for w in c.weapons if w[0] != weapon]  # edited behind the list's back
    try:
        title.apply(s, Action("drop_weapon", {"weapon": weapon}))
    except IllegalAction:
        pass
    else:
        raise AssertionError("an action built by hand was trusted from a stale list")
    assert drop in listed
