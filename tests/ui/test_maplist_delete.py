"""Open a map deletes a map of the user's own (docs/BUILDER.md "Saved maps"): a player could
build, save, reopen and play a map, but not delete it; nothing said Delete did anything."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.ui.maplist import MapList, delete_custom_map, missions_of, shown_name
from tests.ui.conftest import frame_texts, key


def shown(app) -> list[str]:
    return [t for t, _r, _s in frame_texts(app)]

ROOT = Path(__file__).resolve().parents[2]
CUSTOM = ROOT / "maps" / "custom"


@pytest.fixture
def maps(tmp_path) -> Path:
    """A maps folder: a shipped Gears map, and a map of the user's own with two missions (one
    of another name) and a map of another mission."""
    d = tmp_path / "maps"
    (d / "gears").mkdir(parents=True)
    (d / "custom").mkdir()
    shutil.copy(ROOT / "maps" / "gears" / "sample_1A.tmx", d / "gears" / "sample_1A.tmx")
    for f in ("plaza_to_the_pit.tmx", "plaza_to_the_pit.mission.toml", "hold_the_plaza.mission.toml",
              "red_key_outpost.tmx"):
        shutil.copy(CUSTOM / f, d / "custom" / f)
    return d


def test_deleting_a_map_deletes_the_missions_that_play_it(maps):
    plaza = maps / "custom" / "plaza_to_the_pit.tmx"
    assert [p.name for p in missions_of(maps, plaza)] == ["hold_the_plaza.mission.toml", "plaza_to_the_pit.mission.toml"]
    delete_custom_map(maps, plaza)
    assert sorted(p.name for p in (maps / "custom").iterdir()) == ["red_key_outpost.tmx"]
    with pytest.raises(ValueError):
        delete_custom_map(maps, maps / "gears" / "sample_1A.tmx")
    assert (maps / "gears" / "sample_1A.tmx").is_file()


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_delete_asks_then_deletes_and_refuses_a_shipped_map(make_app, maps, lang):
    from game import i18n

    app = make_app((1280, 720), maps_dir=maps)
    i18n.set_language(lang)
    listing = MapList(app.ctx)
    app.push(listing)
    app.run(max_frames=1)
    plaza = maps / "custom" / "plaza_to_the_pit.tmx"
    listing.selected = listing.maps.index(plaza)
    key(pygame.K_DELETE)
    app.run(max_frames=1)
    assert plaza.is_file() and listing.status  # asked first, in words
    assert listing.status in shown(app)
    key(pygame.K_DELETE)
    app.run(max_frames=1)
    assert not plaza.exists() and plaza not in listing.maps
    assert not (maps / "custom" / "plaza_to_the_pit.mission.toml").exists()
    assert listing.status in shown(app)
    shipped = maps / "gears" / "sample_1A.tmx"
    listing.selected = listing.maps.index(shipped)
    key(pygame.K_DELETE)
    key(pygame.K_DELETE)
    app.run(max_frames=1)
    assert shipped.is_file() and shipped in listing.maps and listing.status in shown(app)
    # The key is shown: in the hint beside Back and in F1's list.
    assert any(_delete_hint() in t for t in shown(app))
    assert any(d == i18n._("Delete a map of your own") for _k, d in listing.shortcuts())


def _delete_hint() -> str:
    from game.i18n import _

    return _("Delete: delete a map of your own")


def test_choosing_another_map_forgets_the_question(make_app, maps):
    app = make_app((1280, 720), maps_dir=maps)
    listing = MapList(app.ctx)
    app.push(listing)
    app.run(max_frames=1)
    plaza = maps / "custom" / "plaza_to_the_pit.tmx"
    listing.selected = listing.maps.index(plaza)
    key(pygame.K_DELETE)
    key(pygame.K_DOWN)
    key(pygame.K_UP)
    key(pygame.K_DELETE)
    app.run(max_frames=1)
    assert plaza.is_file()  # asked again, not deleted


def _row_button(app, listing, index: int, what: str) -> pygame.Rect:
    """The pointer on row `index` (which chooses it), the row's button `what` as drawn."""
    from tests.ui.conftest import move

    listing.scroll = max(0, index - 1)
    listing.dirty = True
    app.run(max_frames=1)
    row = next(r for i, r in listing.rows if i == index)
    move(row.center)
    app.run(max_frames=1)
    assert listing.selected == index
    buttons = [r for r, w in listing.row_buttons if w == what]
    assert len(buttons) == 1 and row.contains(buttons[0])
    return buttons[0]


@pytest.mark.parametrize("lang,size,scale", [("en", (1920, 1080), 1.0), ("hu", (1280, 720), 1.25),
                                             ("el", (1280, 720), 1.25)])
def test_the_chosen_rows_buttons_edit_and_delete_with_the_mouse(make_app, maps, lang, size, scale):
    """Open a map could edit or delete a map only with the keys E and Delete: the chosen row has
    an Edit and a Delete button now. Delete asks first (in words that say to click it again),
    then deletes; a shipped map is refused with the reason, as with the key; Edit opens the
    builder on the map. The labels and the question whole, in every language."""
    from dataclasses import replace

    from game import i18n
    from game.ui.builder.scene import BuilderScene
    from game.ui.scene import ChangeSettings
    from tests.ui.conftest import click, move

    app = make_app(size, maps_dir=maps)
    app.apply(ChangeSettings(replace(app.ctx.settings, language=lang, ui_scale=scale)))
    i18n.set_language(lang)
    listing = MapList(app.ctx)
    app.push(listing)
    app.run(max_frames=1)
    plaza = maps / "custom" / "plaza_to_the_pit.tmx"
    button = _row_button(app, listing, listing.maps.index(plaza), "delete")
    click(button.center)
    app.run(max_frames=1)
    assert plaza.is_file() and listing.deleting == plaza
    drawn = shown(app)
    assert listing.status in drawn and i18n._("Delete") in drawn and i18n._("Edit") in drawn
    assert "Delete again" in listing.status or lang != "en"
    click(button.center)
    app.run(max_frames=1)
    assert not plaza.exists() and plaza not in listing.maps
    assert listing.status in shown(app)
    shipped = maps / "gears" / "sample_1A.tmx"
    button = _row_button(app, listing, listing.maps.index(shipped), "delete")
    click(button.center)
    click(button.center)
    app.run(max_frames=1)
    assert shipped.is_file() and shipped in listing.maps
    assert listing.status == i18n.fill(i18n._("{name} ships with Tiletop: only your own maps can be deleted"),
                                       name=shown_name(*listing.headings[shipped]))
    edit = _row_button(app, listing, listing.maps.index(shipped), "edit")
    move(edit.center)
    click(edit.center)
    app.run(max_frames=1)
    assert isinstance(app.scenes[-1], BuilderScene)
