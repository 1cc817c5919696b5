"""A map in the maps folder that cannot be opened: the builder says which file and what is
wrong, in the reader's language. Its notice was one line cut after the file's path
('/…/maps/custom/broken.tmx: obj…'), and the problem itself was English."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ui.conftest import builder_in, frame_texts

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang,words,end", [("hu", "„b” objektum (azonosító: 2): ez egy töröttvonal az areas rétegen", "(20. sor)"),
                                            ("el", "αντικείμενο b (id 2): είναι τεθλασμένη στο επίπεδο areas", "(γραμμή 20)")])
def test_the_builder_names_a_broken_maps_file_and_problem_whole(config_dir, tmp_path, size, lang, words, end):
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "maps" / "tilesets")  # the map's tileset, beside it as in maps/
    broken = tmp_path / "maps" / "custom" / "broken_plaza.tmx"
    broken.parent.mkdir()
    shutil.copy(ROOT / "tests" / "data" / "open_area.tmx", broken)
    with builder_in(ROOT / "maps", "gears", lang, size) as (app, scene):
        # The rest loads, the broken object left out and named, as in English (a Hungarian or
        # Greek builder could not find the object's id in the translated line: nothing loaded)
        assert scene.load(broken)
        assert len(scene.builder.state.placements) == 1
        texts = frame_texts(app, 2)
    said = " ".join(t for t, _r, _s in texts)
    assert f"broken_plaza.tmx: {words}" in said, said[-600:]
    assert "\u2026" not in " ".join(t for t, _r, _s in texts if "broken_plaza" in t or "(20" in t)
    assert all(r.right <= size[0] for t, r, _s in texts if "broken_plaza" in t)
    # Whole to its end: the Hungarian line took five lines at 1280x720 and was cut after four
    # ('... ilyen objektumokat fogad: sokszög vagy…'), its line number lost
    note = said[said.index("broken_plaza.tmx: "):]
    assert end in note and "\u2026" not in note, note


def test_a_map_opened_in_the_builder_says_it_was_loaded_or_why_not(config_dir, tmp_path):
    """Open a map, E: the builder's status said nothing; 'Loaded x.tmx' (or 'Could not load the
    map') was set by the load and wiped by the scene's set-up after it."""
    from game.ui.builder.scene import BuilderScene

    with builder_in(ROOT / "maps", "gears", "en") as (app, scene):
        good = BuilderScene(app.ctx, app.screen.get_size(), "gears", path=ROOT / "maps" / "custom" / "plaza_to_the_pit.tmx")
        app.scenes = [good]
        texts = [t for t, _r, _s in frame_texts(app)]
        assert good.status == "Loaded plaza_to_the_pit.tmx" and good.status in texts
        bad = tmp_path / "nothing.tmx"
        bad.write_text("<map>")
        worse = BuilderScene(app.ctx, app.screen.get_size(), "gears", path=bad)
        app.scenes = [worse]
        texts = [t for t, _r, _s in frame_texts(app)]
        assert worse.status == "Could not load the map" and worse.status in texts
