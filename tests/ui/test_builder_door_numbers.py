"""The Doom map builder shows each door's number where the map gives one (D1, D2, ...: a
scenario map's own doors, the doors placed here), as the Doom table does, and in words what it
names in the palette and the problems list (Hungarian, Greek) at 1280x720; a number plate
lies clear of the things' icons and the problems' dots."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.ui.conftest import builder_in, frame_texts

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def in_builder(lang: str, path: Path):
    with builder_in(ROOT / "maps", "doom", lang) as (app, scene):
        scene.load(path)
        scene.fit()
        yield app, scene


def test_a_scenario_maps_doors_carry_their_numbers_in_the_builder(config_dir):
    with in_builder("hu", ROOT / "maps" / "doom" / "p1_knee_deep.tmx") as (app, _scene):
        drawn = {t for t, _r, _s in frame_texts(app, 2)}
        assert {"D1", "D2", "D3", "D4", "D5", "D6"} <= drawn
        # the map's name in the panel as the palette names the piece ('P1 Knee-Deep in t…')
        assert any(t.startswith("P1 Térdig") for t in drawn), drawn


@pytest.mark.parametrize("lang", ["hu", "el"])
def test_placed_doors_numbered_clear_of_the_things_and_pieces_named_in_words(config_dir, lang):
    from game.ui.builder.draw import issue_marks
    from game.ui.builder.things import item_marks

    with in_builder(lang, ROOT / "maps" / "custom" / "red_key_outpost.tmx") as (app, scene):
        texts = frame_texts(app, 2)
        plates = {t: r for t, r, _s in texts if t in ("D1", "D2")}
        assert set(plates) == {"D1", "D2"}
        marks = item_marks(scene) + issue_marks(scene, scene.validation().issues)
        assert all(r.collidelist(marks) < 0 for r in plates.values())
        drawn = " ".join(t for t, _r, _s in texts)
        for raw in ("Room, small", "Corridor, straight", "room_small", "Start room"):
            assert raw not in drawn
