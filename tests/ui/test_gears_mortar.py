"""The Gears table with the rules added late: the Mortar's area attack (spec 6.6) aimed with its
own control (a button lights the legal target areas, a click fires; a click elsewhere shows the
engine's reason), and executed COGs (Insane, spec 6.16) gone from the map, marked in the squad.
Real mouse events posted into the real loop."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.protocol import Action
from game.engine.session import Session
from game.gears.rules import turn as T
from game.gears.rules.movement import los
from game.gears.rules.state import LocustState
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import GearsTable
from tests.ui.conftest import key
from tests.ui.test_gears_play import button_for, do_click, inside_point


def mortar_table(make_app, tmp_path, size=(1280, 720)):
    """P1 (Cole) holds a loaded Mortar at the attack frame; a Drone stands 2+ areas away."""
    app = make_app(size)
    session = Session.start(GearsTitle(), "emergence", seed=3, options={"players": 1})
    s = session.state
    while s.proc is not None:  # the set-up questions (starting cover...)
        session.apply(session.legal_actions()[0])
    s.locusts.clear()
    s.pending = {"stack": []}
    c = s.cogs["P1"]
    c.weapons = [["mortar", 1]]
    view = s.view()
    target = next(a for a in view.areas if 2 <= view.rdist(c.area, a) < 99 and los(view, (c.area, None), (a, None)))
    s.locusts["drone#1"] = LocustState("drone#1", "drone", target, None)
    T.push(s, {"f": "attack", "player": "P1", "bonus": 0})
    table = GearsTable(app.ctx, session, ["human"], size, tmp_path / "auto.json", animate=False)
    app.push(table)
    app.run(max_frames=1)
    return app, table, target


def test_mortar_button_lights_the_legal_areas_and_a_click_fires_spec_6_6(make_app, tmp_path):
    app, table, target = mortar_table(make_app, tmp_path)
    legal = {a.payload["area"] for a in table.session.legal_actions() if a.kind == "area_attack"}
    assert target in legal and set(table.choices.area_attacks) == legal
    fire = button_for(table, "area:mortar")
    assert fire is not None and any(label == "Fire the Mortar\u2026" for _r, label, _w in table.buttons)
    do_click(app, fire)
    assert table.area_weapon == "mortar"
    # An area the Mortar cannot see: the engine's own reason, and nothing changes.
    view = table.state.view()
    blind = next(a for a in view.areas if a not in legal)
    n = len(table.session.actions)
    do_click(app, inside_point(table, blind))
    assert len(table.session.actions) == n
    assert "line of sight" in table.message and "(rule 3.5, 6.6)" in table.message  # the English catalogue words "spec" so
    assert table.area_weapon == "mortar"  # still aiming
    app._force_redraw = True
    app.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / "mortar.png"))
    table.state.flags["dice_stack"] = {"attack": [1] * 5, "defence": [0] * 10}
    n = len(table.session.actions)
    do_click(app, inside_point(table, target))
    assert table.session.actions[n] == Action("area_attack", {"area": target, "weapon": "mortar", "mode": "overwhelming"})
    assert table.state.cogs["P1"].ammo("mortar") == 0


def test_escape_stops_aiming_the_mortar(make_app, tmp_path):
    app, table, _target = mortar_table(make_app, tmp_path)
    do_click(app, button_for(table, "area:mortar"))
    n = len(table.session.actions)
    key(pygame.K_ESCAPE)
    app.run(max_frames=1)
    assert table.area_weapon is None and len(table.session.actions) == n and app.top is table


def test_executed_cog_is_off_the_map_and_marked_in_the_squad_spec_6_16(make_app, tmp_path):
    app = make_app((1280, 720))
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 2, "insane": True})
    s = session.state
    while s.proc is not None:
        session.apply(session.legal_actions()[0])
    assert s.cogs["P2"].area  # on the map before the execution
    s.cogs["P2"].bleeding, s.cogs["P2"].hand = True, []
    s.flags.setdefault("executed", []).append("P2")  # as attack.execute leaves it
    table = GearsTable(app.ctx, session, ["human", "human"], (1280, 720), tmp_path / "auto.json", animate=False)
    app.push(table)
    table.handoff = None
    app._force_redraw = True
    app.draw(app.screen)
    assert "P2" not in table._positions() and "P2" not in table.token_rects
    assert "P1" in table.token_rects
    assert table.squad_status("P2") == "executed (out of the game)"
    assert table.squad_status("P1") != table.squad_status("P2")
