"""A map made in the builder played as a Doom scenario (issue 13 item 6; game/doom/custom.py):
its record comes from the map (objective, start zone, frag target), a broken map is listed
with its problem, and a save is refused once the map changed."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.board.builder import Builder
from game.board.tmx_write import save_build
from game.doom.content import shared_content
from game.doom.custom import built_maps
from game.doom.rules.title import DoomTitle
from game.engine.session import SaveError, Session, load_session

from tests.board.test_build_items import library, two_pieces  # noqa: F401  (library: a fixture)


def build(library, objective=True) -> Builder:
    """start_room (start zone, squares 0-3 x 0-3) joined to a corridor (4-9 x 1-2), a door on
    the joint, a zombie in the start room for 2+ marines, the objective in the corridor."""
    b = two_pieces(library)
    b.place_item("door", (4, 2), "ordinary", vertical=True)
    b.place_item("figure", (3, 3), "zombie", min_marines=2)
    b.place_item("prop", (2, 3), "hazard")
    if objective:
        b.place_item("objective", (8, 1))
    return b


@pytest.fixture
def custom(tmp_path, library) -> Path:
    d = tmp_path / "maps" / "custom"
    d.mkdir(parents=True)
    save_build(build(library), d / "outpost.tmx")
    return d


def start(custom: Path, marines: int, seed: int = 5) -> Session:
    return Session.start(DoomTitle(custom_dir=custom), "custom:outpost", seed=seed, options={"marines": marines})


def test_the_scenario_comes_from_the_map(custom):
    (entry,) = built_maps(shared_content(), custom.parent)
    assert entry.id == "custom:outpost" and entry.problem == ""
    sc = entry.scenario
    assert sc.win_area == "corridor_straight:corridor"
    assert sc.frag_target == shared_content().scenarios["knee_deep"].frag_target and entry.frag_default
    # spec 4: the start zone's free squares in reading order (the zombie's square is not free)
    assert sc.marine_starts == ((0, 0), (1, 0), (2, 0))


def test_the_door_is_on_its_edge_and_the_figure_comes_only_with_enough_marines_spec_9_2(custom):
    one = start(custom, 1).state
    assert one.closed == ["D1"]
    assert one.map.doors["D1"].edges == frozenset({((4, 1), (4, 2)), ((4, 2), (4, 3))})
    assert "start_room:start" in one.revealed and one.invaders == {}
    two = start(custom, 2).state
    assert [(i.monster, i.cells) for i in two.invaders.values()] == [("zombie", [(3, 3)])]
    assert any(m.kind == "hazard" and m.cell == (2, 3) for m in two.markers)


def test_a_map_without_an_objective_is_listed_with_its_problem(custom, library):
    save_build(build(library, objective=False), custom / "unfinished.tmx")
    (custom / "broken.tmx").write_text('<?xml version="1.0"?><map version="1.10"><properties>'
                                       '<property name="title" value="doom"/></properties></map>')
    listed = {e.id: e for e in built_maps(shared_content(), custom.parent)}
    assert listed["custom:unfinished"].scenario is None and "no objective" in listed["custom:unfinished"].problem
    assert listed["custom:broken"].scenario is None and listed["custom:broken"].problem
    assert listed["custom:outpost"].scenario is not None
    with pytest.raises(ValueError, match="no objective"):
        Session.start(DoomTitle(custom_dir=custom), "custom:unfinished", seed=1, options={"marines": 1})


def test_a_save_of_a_deleted_built_map_is_refused_saying_it_is_gone(custom, tmp_path):
    """Open a map deletes a map of the user's own: Continue said only 'the saved position is not
    a game of Doom that this Tiletop can read'."""
    s = start(custom, 1, seed=9)
    s.apply(s.legal_actions()[0])
    path = tmp_path / "save.json"
    s.save(path)
    (custom / "outpost.tmx").unlink()
    with pytest.raises(SaveError, match=r"the built map outpost of this game cannot be played: .*outpost.tmx: there is no such file"):
        load_session(path, DoomTitle())


def test_a_save_reloads_and_is_refused_once_the_map_changed(custom, library, tmp_path):
    s = start(custom, 2, seed=9)
    s.apply(s.legal_actions()[0])
    path = tmp_path / "save.json"
    s.save(path)
    again = load_session(path, DoomTitle())  # no folder named: the map's registered file
    assert again.state.to_json() == s.state.to_json()
    b = build(library)
    b.place_item("prop", (9, 2), "barrel")
    save_build(b, custom / "outpost.tmx")
    with pytest.raises(SaveError, match="changed since this game was saved") as refused:
        load_session(path, DoomTitle())
    from game import i18n

    i18n.set_language("hu")  # said in the reader's language, naming the file and the map
    assert str(refused.value) == f"{path}: az outpost épített térkép megváltozott a játék mentése óta (az " \
        "újrajátszása másik táblán futna)"
    i18n.untranslated()


@pytest.mark.parametrize("damage, said", [
    (lambda p: p.unlink(), "there is no such file"),
    (lambda p: (p.unlink(), p.mkdir()), "this is a folder, not a file"),
    (lambda p: p.write_bytes(b"\x00 not a map"), "map: bad XML"),
])
def test_a_save_whose_built_map_is_gone_or_broken_names_the_map(custom, tmp_path, damage, said):
    """The built map of a saved game deleted, replaced by a folder or damaged: the load read 'the
    saved position is not a game of Doom that this Tiletop can read', naming neither the map
    nor what is wrong with it."""
    s = start(custom, 2, seed=9)
    s.apply(s.legal_actions()[0])
    path = tmp_path / "save.json"
    s.save(path)
    damage(custom / "outpost.tmx")
    with pytest.raises(SaveError) as refused:
        load_session(path, DoomTitle())
    message = str(refused.value)
    assert message.startswith(f"{path}: the built map outpost of this game cannot be played: {custom / 'outpost.tmx'}")
    assert said in message


def test_a_save_whose_built_map_cannot_be_read_is_refused_in_words(custom, tmp_path, monkeypatch):
    """An unreadable built map (chmod 000; the tests run as root, so the system's refusal is
    raised here): the PermissionError went up past the load list and Continue."""
    from game.doom import custom as dc

    s = start(custom, 2, seed=9)
    path = tmp_path / "save.json"
    s.save(path)

    def refused(p):
        raise PermissionError(13, "Permission denied", str(p))

    monkeypatch.setattr(dc, "map_digest", refused)
    with pytest.raises(SaveError) as got:
        load_session(path, DoomTitle())
    assert "outpost.tmx: cannot read (no permission to read it)" in str(got.value)


def test_a_built_map_that_cannot_be_read_is_listed_with_its_problem(custom, monkeypatch):
    """A hand-added map of maps/custom that cannot be read (no permission, a folder, not a map
    at all, no title) was left out of the Doom set-up list without a word. It is listed with its
    problem, in the reader's language; another title's map is still not listed. (Tests run as
    root: the refusal is raised.)"""
    from game import i18n
    from game.doom import custom as custom_module

    (custom / "locked.tmx").write_text((custom / "outpost.tmx").read_text())
    (custom / "folder.tmx").mkdir()
    (custom / "junk.tmx").write_bytes(b"\x89PNG not a map")
    (custom / "untitled.tmx").write_text('<?xml version="1.0"?><map version="1.10" orientation="orthogonal" '
                                         'width="2" height="2" tilewidth="64" tileheight="64"/>')
    (custom / "cogs.tmx").write_text((custom / "outpost.tmx").read_text().replace('value="doom"', 'value="gears"'))
    opened = custom_module.open_file

    def refuse(path, *args, **kwargs):
        if Path(path).name == "locked.tmx":
            raise PermissionError(13, "Permission denied", str(path))
        return opened(path, *args, **kwargs)

    monkeypatch.setattr(custom_module, "open_file", refuse)
    try:
        i18n.set_language("hu")
        listed = {e.id: e for e in built_maps(shared_content(), custom.parent)}
        problems = {k: str(e.problem) for k, e in listed.items() if e.scenario is None}
    finally:
        i18n.untranslated()
    assert set(problems) == {"custom:locked", "custom:folder", "custom:junk", "custom:untitled"}, problems
    assert "nincs jogosultság" in problems["custom:locked"] and "Permission" not in problems["custom:locked"]
    assert "mappa" in problems["custom:folder"] and problems["custom:junk"]
    assert "title" in problems["custom:untitled"] and "custom:cogs" not in listed
    assert listed["custom:outpost"].scenario is not None
