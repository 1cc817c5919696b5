"""The start zone's and the objective's name plates on the Doom builder's map: dropped on its
area's top-left square (as a player does), the zone's chip was drawn over the middle of its
name ('Kezd[S]terület' in Hungarian at 75%). The plate goes where no thing's icon lies."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.ui.builder.things import item_marks, marker_marks, zone_labels
from game.ui.table.camera import ZOOM_LEVELS
from tests.ui.conftest import builder_in

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("zoom", [0.33, 0.75, 1.5])
def test_zone_names_are_not_under_a_chip(config_dir, language, zoom):
    with builder_in(ROOT / "maps", "doom", language) as (app, s):
        b = s.builder
        b.add("room_small", 0, 0)
        b.add("corridor_straight", 250, 70)
        room = b.rect_of(b.placement("room_small"))
        corridor = b.rect_of(b.placement("corridor_straight"))
        b.place_item("start", (int(room[0]) // 64, int(room[1]) // 64))  # each on its top-left square
        b.place_item("objective", (int(corridor[0]) // 64, int(corridor[1]) // 64))
        s.camera.zoom_index = ZOOM_LEVELS.index(zoom)
        s.center_on((corridor[0], corridor[1]))
        app.run(max_frames=1)
        labels = zone_labels(s)
        assert [name for name, *_rest in labels] and len(labels) == 2
        marks = item_marks(s) + marker_marks(s)
        for name, _colour, _rect, box in labels:
            assert box.collidelist(marks) < 0, (name, box, marks)
        assert not labels[0][3].colliderect(labels[1][3])


@pytest.mark.parametrize("zoom", [0.33, 0.75, 1.5])
def test_the_start_rooms_plate_leaves_its_token_visible(config_dir, zoom):
    """The start room's own start zone: its plate lay over the room's token in its corner."""
    with builder_in(ROOT / "maps", "doom", "en") as (app, s):
        s.builder.add("start_room", 0, 0)
        s.camera.zoom_index = ZOOM_LEVELS.index(zoom)
        s.center_on((128, 128))
        app.run(max_frames=1)
        (label,) = zone_labels(s)
        assert marker_marks(s) and label[3].collidelist(marker_marks(s)) < 0
