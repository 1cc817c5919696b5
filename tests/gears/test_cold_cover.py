"""Spec 3.3 (cover bonus, geometric model) and spec 11 item 13: the integer cover computation
of movement.cover_bonus, and its process-wide translation-free memo, give exactly the answers
of the rational reference (movement.cover_bonus_reference: Fraction clipping through
BoardView.point_sees_polygon) on every cover spot x area of the 34 real tile faces laid as
levels (spec 3.4), and on random triangles."""
from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.board.compose import _shift
from game.board.model import CoverSpot, MapError
from game.gears.rules import board_view as BV
from game.gears.rules import movement as M

FACES = [f"{n}{s}" for n in range(1, 18) for s in "AB"]


def lay_levels(loader, seed: int) -> list[BV.BoardView]:
    """Every face once, in shuffled order, laid as levels: each tile on the first free exit of
    the previous one (explore._layout's rule); an overlap or a tile without exit starts a new
    level with the next face."""
    rng = random.Random(seed)
    faces = FACES[:]
    rng.shuffle(faces)
    views: list[BV.BoardView] = []
    placements: list[dict] = []
    at = None
    view = None
    for tile in faces:
        entry = {"tile": tile, "exit": at}
        try:
            view = BV.view_for(loader, placements + [entry])
        except MapError:
            views.append(BV.view_for(loader, placements))
            placements, entry = [], {"tile": tile, "exit": None}
            view = BV.view_for(loader, [entry])
        placements.append(entry)
        exits = [e for e in view.free_exits if e.split(":")[0] == tile]
        at = exits[0] if exits else None
        if at is None or len(placements) == 5:
            views.append(view)
            placements, at = [], None
    if placements:
        views.append(BV.view_for(loader, placements))
    return views


@pytest.fixture(scope="module")
def loader():
    return BV.FileTileLoader()


@pytest.mark.parametrize("seed", [1, 2])
def test_cover_bonus_matches_reference_on_all_real_faces(loader, seed):
    """Spec 3.3: every (attacker area, cover spot of another area) pair, and an attacker in
    each cover spot of the area, of all 34 faces in two different layouts (so other
    rotations and neighbours): integer path == rational reference."""
    views = lay_levels(loader, seed)
    laid = {a.piece for v in views for a in v.board.areas.values()}
    assert laid == set(FACES)
    M.clear_cover_cache()
    checked = full = 0
    for v in views:
        fresh = BV.BoardView(v.board, v.sections, v.joins)  # no per-view memo on either side
        for spot in v.board.cover:
            defender = (spot.area, spot.name)
            for a in v.areas:
                if a == spot.area:
                    continue
                for attacker in [(a, None)] + [(a, s) for s in v.cover_in[a][:1]]:
                    want = M.cover_bonus_reference(fresh, attacker, defender)
                    assert M.cover_bonus(v, attacker, defender) == want, (attacker, defender)
                    checked += 1
                    full += want == 2
    assert checked > 3000 and 0 < full < checked


def test_cover_memo_is_translation_free(loader):
    """Spec 3.3: the same tiles laid the same way elsewhere (here: the same level as a second
    map section, further right) reuse the process-wide answers, and those are still right."""
    views = lay_levels(loader, 3)
    v = max(views, key=lambda x: len(x.board.cover))
    M.clear_cover_cache()
    pairs = [((a, None), (s.area, s.name)) for s in v.board.cover[:8] for a in v.areas if a != s.area]
    first = [M.cover_bonus(v, att, dfd) for att, dfd in pairs]
    size = len(M._COVER)
    moved = BV.BoardView(_shift(v.board, (F(3 * v.board.tile_width), F(2 * v.board.tile_height))))
    again = [M.cover_bonus(moved, att, dfd) for att, dfd in pairs]
    assert again == first
    assert len(M._COVER) == size  # every answer came from the memo
    assert again == [M.cover_bonus_reference(moved, att, dfd) for att, dfd in pairs]


_coord = st.integers(-6, 6)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_coord, _coord), min_size=3, max_size=3), st.tuples(_coord, _coord),
       st.sampled_from([0, 45, 90, 135, 180, 225, 270, 315]))
def test_integer_clip_equals_fraction_clip(tri, s, angle):
    """Spec 3.3 geometric model: the rear part of a triangle behind an arrow's line, clipped on
    integers with rational cut points, is the Fraction clip exactly (vertex for vertex)."""
    spot = CoverSpot("s", 1, (F(s[0]), F(s[1])), "a", (angle,))
    want = M._clip_behind(tuple((F(x), F(y)) for x, y in tri), spot, angle)
    dx, dy = M._DIRS[angle]
    got = M._iclip_behind(tuple(tri), s, dx, dy)
    if want is None:
        assert got is None
        return
    verts, den = got
    assert den >= 1
    assert tuple((F(x, d), F(y, d)) for x, y, d in verts) == want
