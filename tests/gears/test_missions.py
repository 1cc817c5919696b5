"""Spec 9: every mission's setup rules, each stage card's Flip When condition with its back,
win and loss, on the real tile faces (maps/gears/tiles)."""
from __future__ import annotations

import pytest

from game.engine.protocol import Action
from game.gears.rules import missions as M
from game.gears.rules import turn as T
from game.gears.rules import wounds as W
from game.gears.rules.spawning import exit_areas, md
from game.gears.rules.state import LocustState
from tests.gears.conftest import resolve, start


def check(s, content):
    return resolve(s, M.check_stage, content)


def put(s, content, enemy: str, area: str) -> str:
    fid = W.free_figure_id(s, content, enemy)
    s.locusts[fid] = LocustState(fid, enemy, area)
    return fid


def tiles(s) -> list[str]:
    return [p["tile"] for p in s.placements]


# ----------------------------------------------------------------------------- Emergence


def test_emergence_stage_1_flips_when_last_hole_sealed_by_a_bolo_spec_9_2_1(real, content):
    s = start(real, "emergence")
    s.locusts.clear()
    for h in s.holes.values():
        h["sealed"] = True
    check(s, content)
    assert s.stage == 0  # sealed, but not by a Bolo Grenade
    s.flags["last_seal_by"] = "bolo_grenade"
    check(s, content)
    assert s.stage == 1
    assert sorted(x.enemy for x in s.locusts.values()) == ["boomer", "wretch"]  # 1-player back


def test_emergence_stage_2_no_spawning_and_win_when_no_locust_left_spec_9_2_1(real, content):
    s = start(real, "emergence")
    s.stage = 1
    s.locusts.clear()
    ev = resolve(s, lambda ctx: W.spawn(ctx, content, "A", s.cogs["P1"].area, "test"))
    assert not s.locusts and any(e.kind == "no_spawn" for e in ev)
    check(s, content)
    assert s.outcome == "won"


# ----------------------------------------------------------------------------- China Shop


def test_china_shop_setup_places_the_berserker_with_the_cogs_spec_9_2_2(real, content):
    s = start(real, "china_shop")
    (b,) = [x for x in s.locusts.values() if x.enemy == "berserker"]
    assert b.area == s.view().entrance_area and s.locked == [False, True, True]


def test_china_shop_c_spawn_becomes_a_drone_then_a_wretch_spec_9_2_2(real, content):
    s = start(real, "china_shop")
    s.locusts = {k: v for k, v in s.locusts.items() if v.enemy == "berserker"}
    area = s.cogs["P1"].area
    resolve(s, lambda ctx: W.spawn(ctx, content, "C", area, "test"))
    assert sorted(x.enemy for x in s.locusts.values()) == ["berserker", "drone"]
    for _ in range(6):
        put(s, content, "drone", area) if W.free_figure_id(s, content, "drone") else None
    resolve(s, lambda ctx: W.spawn(ctx, content, "C", area, "test"))
    assert any(x.enemy == "wretch" for x in s.locusts.values())


def test_china_shop_stages_follow_the_berserker_through_the_exits_spec_9_2_2(real, content):
    s = start(real, "china_shop", seed=1)  # a seed whose level 3 (17A) fits (spec 11 item 48)
    (bid,) = [k for k, x in s.locusts.items() if x.enemy == "berserker"]
    n1 = len(s.placements)
    s.locusts[bid].area = exit_areas(s)[0]
    check(s, content)
    assert s.stage == 1 and not s.locked[1] and len(s.placements) == n1 + 3
    s.locusts[bid].area = exit_areas(s)[0]
    check(s, content)
    assert s.stage == 2 and tiles(s)[-1] == "17A" and "17A" in s.equipment
    resolve(s, lambda ctx: W.kill_locust(ctx, content, bid, "the Hammer of Dawn"))
    check(s, content)
    assert s.outcome == "won"


def test_berserker_only_hurt_by_the_hammer_of_dawn_while_unwounded_spec_9_2_2(real, content):
    s = start(real, "china_shop")
    (bid,) = [k for k, x in s.locusts.items() if x.enemy == "berserker"]
    resolve(s, lambda ctx: W.damage_locust(ctx, content, bid, 9, "a Lancer", "lancer"))
    assert bid in s.locusts and not s.locusts[bid].wounded
    resolve(s, lambda ctx: W.damage_locust(ctx, content, bid, 1, "the Hammer", "hammer_of_dawn"))
    assert s.locusts[bid].wounded_health == 5


# ----------------------------------------------------------------------------- Belly of the Beast


def test_belly_two_doors_the_first_tile_one_leads_to_level_3_spec_9_2_3(real, content):
    s = start(real, "belly_of_the_beast")
    first = tiles(s)[0]
    doors = {d: md(s)["door_to"][d] for d in s.doors}
    assert sorted(doors.values()) == [1, 2]
    assert [d for d, lv in doors.items() if lv == 2][0].startswith(first + ":")


def test_belly_stage_1_flips_on_13b_equipment_stage_2_on_ai_deck_end_spec_9_2_3(real, content):
    s = start(real, "belly_of_the_beast")
    s.ai.discard([s.ai.draw_pile.pop()])
    md(s)["equipment_used"] = ["13B"]
    check(s, content)
    assert s.stage == 1 and not s.ai.discard_pile
    # Stage 2: two AI cards per step; the last card of the deck being resolved wins.
    s.ai.discard(s.ai.draw_pile[1:])
    s.ai.draw_pile = s.ai.draw_pile[:1]
    s.locusts.clear()
    resolve(s, lambda ctx: __import__("game.gears.ai", fromlist=["x"]).locust_step(ctx))
    assert s.outcome == "won"


# ----------------------------------------------------------------------------- Roadblocks


def test_roadblocks_setup_one_card_tickers_instead_of_spawns_spec_9_2_4(real, content):
    s = start(real, "roadblocks", players=2)
    assert len(s.placements) == 1 and not s.doors
    assert sorted(x.enemy for x in s.locusts.values()) == ["ticker", "ticker"]


def test_roadblocks_entering_the_exit_explores_the_next_card_spec_9_2_4(real, content):
    s = start(real, "roadblocks")
    s.locusts.clear()
    view = s.view()
    goal = exit_areas(s)[0]
    c = s.cogs["P1"]
    c.area = next(a for a in view.areas if view.mdist(a, goal) == 1)
    real.apply(s, Action("play", {"card": c.hand[0], "as": "move"}))
    real.apply(s, Action("step", {"area": goal}))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    assert len(s.placements) == 2 and s.phase == "move"  # the move goes on


def test_roadblocks_stage_1_flip_door_unlock_choice_new_enemies_spec_9_2_4(real, content):
    s = start(real, "roadblocks")
    s.locusts.clear()
    while s.location_decks[0].draw_pile:
        resolve(s, lambda ctx: __import__("game.gears.rules.explore", fromlist=["x"]).build_level(
            ctx, content, 0, [e for e in s.view().free_exits if e.startswith(tiles(s)[-1] + ":")][0], limit=1))
    s.cogs["P1"].area = exit_areas(s)[0]
    check(s, content)
    assert s.stage == 1 and s.slots == {"A": "ticker", "B": "drone", "C": "boomer"}
    assert s.locked[1] is False and s.doors  # the first option unlocks level 2
    assert any(c.startswith("base:1") and c in ("base:12", "base:16") for c in s.ai.draw_pile)


def test_roadblocks_flip_by_a_move_asks_the_active_player_which_level_spec_9_2_4_and_9_1(real, content):
    """The Stage 1 flip happens on a plain move (no resolution running): its back's 'choose
    together to unlock level 2 or 3' must be a decision point for the active player, asked
    through the turn machine (it used to raise NeedDecision out of `apply`)."""
    from game.gears.rules.explore import build_level
    from game.gears.rules.movement import steps_from

    s = start(real, "roadblocks", players=2)
    s.locusts.clear()
    while s.location_decks[0].draw_pile:
        resolve(s, lambda ctx: build_level(
            ctx, content, 0, [e for e in s.view().free_exits if e.startswith(tiles(s)[-1] + ":")][0], limit=1))
    s.active = 1  # P2 is the active player: the question is his
    s.pending = {"stack": []}
    T.push(s, {"f": "order", "player": "P2"})
    view = s.view()
    last = tiles(s)[-1]
    c = s.cogs["P2"]
    c.area = next(a for a in view.areas if view.piece_of_area[a] != last
                  and any(view.piece_of_area[b] == last for b in steps_from(view, a)))
    goal = next(b for b in steps_from(view, c.area) if view.piece_of_area[b] == last)
    real.apply(s, Action("play", {"card": c.hand[0], "as": "move"}))
    real.apply(s, Action("step", {"area": goal}))
    assert s.proc is not None and s.proc["pending"]["kind"] == "choose_unlock"
    assert real.current_decider(s) == "P2"
    assert [a.payload for a in real.legal_actions(s)] == [{"level": 2}, {"level": 3}]
    real.apply(s, Action("choose_unlock", {"level": 3}))
    assert s.proc is None and s.stage == 1
    assert s.locked[2] is False and s.locked[1] is True
    assert s.phase == "move"  # the move goes on after the flip
    assert s.slots == {"A": "ticker", "B": "drone", "C": "boomer"}


def test_roadblocks_stage_2_wins_with_every_cog_at_the_new_exit_spec_9_2_4(real, content):
    s = start(real, "roadblocks", players=2)
    s.stage = 1
    s.locusts.clear()
    md(s)["door_from"] = {"X": 2}
    s.doors = []
    view = s.view()
    ex = next(iter(view.exits))
    md(s)["door_from"] = {ex: 2}
    for c in s.cogs.values():
        c.area = view.exits[ex]
    s.cogs["P2"].bleeding = True
    check(s, content)
    assert s.outcome is None  # a COG bleeding out
    s.cogs["P2"].bleeding = False
    check(s, content)
    assert s.outcome == "won"


# ----------------------------------------------------------------------------- Hive


def test_hive_stage_1_trying_the_last_door_brings_skorge_spec_9_2_6(real, content):
    s = start(real, "hive", seed=1)  # a seed where 17B fits after level 3
    s.locusts.clear()
    for lv in (1, 2):
        door = s.doors[0]
        s.doors.remove(door)
        resolve(s, lambda ctx: __import__("game.gears.rules.explore", fromlist=["x"]).build_level(
            ctx, content, lv, door))
    s.locusts.clear()
    put(s, content, "kantus", s.cogs["P1"].area)
    s.cogs["P1"].area = exit_areas(s)[0]
    assert any(a.kind == "explore" for a in real.legal_actions(s))
    real.apply(s, Action("explore", {}))
    while s.proc is not None:
        real.apply(s, real.legal_actions(s)[0])
    assert s.stage == 1 and tiles(s)[-1] == "17B" and s.slots["B"] == "skorge"
    assert [x.enemy for x in s.locusts.values()] == ["skorge"]
    assert list(s.locusts.values())[0].area == s.view().equipment_area["17B"]


def test_hive_stage_2_skorge_heals_when_idle_and_win_on_his_death_spec_9_2_6(real, content):
    s = start(real, "hive")
    s.stage = 1
    s.locusts.clear()
    sk = put(s, content, "skorge", exit_areas(s)[0])
    s.locusts[sk].wounded_health, s.locusts[sk].marker = 5, "berserker:two_stage"
    ev = resolve(s, lambda ctx: W.spawn(ctx, content, "B", s.cogs["P1"].area, "test"))
    assert len(s.locusts) == 1 or all(x.enemy != "kantus" for x in s.locusts.values())
    s.ai.draw_pile = ["base:2"] + [c for c in s.ai.draw_pile if c != "base:2"]
    s.flags["dice_stack"] = {"attack": [5] * 50, "defence": [5] * 50}
    resolve(s, lambda ctx: __import__("game.gears.ai", fromlist=["x"]).locust_step(ctx))
    assert ev is not None
    resolve(s, lambda ctx: W.kill_locust(ctx, content, sk, "test"))
    check(s, content)
    assert s.outcome == "won"


# ----------------------------------------------------------------------------- Horde Mode


def test_horde_difficulty_sets_the_single_level_spec_9_2_7(real, content):
    s = start(real, "horde_mode", difficulty="casual")
    assert sorted(tiles(s)) == sorted(content.missions["horde_mode"].difficulty["casual"])
    with pytest.raises(ValueError, match="difficulty"):
        real.new_game("horde_mode", 1, {"players": 1, "difficulty": "brutal"})


def test_horde_wave_flip_reopens_holes_new_enemies_spawns_evenly_spec_9_2_7(real, content):
    s = start(real, "horde_mode", players=2)
    s.locusts.clear()
    for h in s.holes.values():
        h["sealed"] = True
    check(s, content)
    assert s.stage == 1 and all(not h["sealed"] for h in s.holes.values())
    assert sorted(x.enemy for x in s.locusts.values()) == ["drone"] + ["wretch"] * 4
    per_hole = {}
    for x in s.locusts.values():
        per_hole[x.area] = per_hole.get(x.area, 0) + 1
    assert max(per_hole.values()) - min(per_hole.values()) <= 1 or len(per_hole) == len(s.holes)
    s.locusts.clear()
    check(s, content)
    assert s.stage == 2 and s.slots == {"A": "lambent_wretch", "B": "boomer"}
    assert not any(content.ai_cards[c].enemy in ("drone",) for c in s.ai.cards() if c in content.ai_cards)


def test_horde_used_ammunition_turns_face_down_until_the_next_wave_spec_9_2_7(real, content):
    s = start(real, "horde_mode", difficulty="casual")
    tile = next(t for t, e in s.equipment.items() if e == "ammunition")
    c = s.cogs["P1"]
    c.area = s.view().equipment_area[tile]
    resolve(s, lambda ctx: T.equipment_proc(ctx, "P1", {"weapon": c.weapons[0][0]}))
    assert tile not in s.equipment and md(s)["face_down"][tile] == "ammunition"
    s.locusts.clear()
    check(s, content)
    assert s.equipment[tile] == "ammunition"


# ----------------------------------------------------------------------------- The Showdown


def test_showdown_setup_scorchers_feral_berserker_at_the_exit_spec_9_3_1(real, content):
    s = start(real, "the_showdown", players=2)
    assert all(["scorcher", 0] in c.weapons for c in s.cogs.values())
    (fb,) = [x for x in s.locusts.values() if x.enemy == "feral_berserker"]
    assert fb.area in exit_areas(s) and s.locked[1]


def test_showdown_feral_berserker_immunity_and_unlock_on_kill_spec_9_3_1(real, content):
    s = start(real, "the_showdown")
    (fid,) = [k for k, x in s.locusts.items() if x.enemy == "feral_berserker"]
    resolve(s, lambda ctx: W.damage_locust(ctx, content, fid, 3, "a Lancer", "lancer"))
    assert not s.locusts[fid].wounded
    resolve(s, lambda ctx: W.damage_locust(ctx, content, fid, 3, "a Scorcher", "scorcher"))
    assert s.locusts[fid].wounded
    resolve(s, lambda ctx: W.damage_locust(ctx, content, fid, 9, "a Lancer", "lancer"))
    assert fid not in s.locusts and s.locked[1] is False and "C" not in s.slots


def test_showdown_c_never_spawns_it_becomes_b_spec_9_3_1(real, content):
    s = start(real, "the_showdown")
    s.locusts.clear()
    resolve(s, lambda ctx: W.spawn(ctx, content, "C", s.cogs["P1"].area, "test"))
    assert [x.enemy for x in s.locusts.values()] == ["palace_guard"]


def test_showdown_stage_1_flip_brings_raam_and_resets_the_ai_deck_spec_9_3_1(real, content):
    s = start(real, "the_showdown")
    s.locusts.clear()
    s.locked[1] = False
    door = s.doors[0]
    s.doors.remove(door)
    resolve(s, lambda ctx: __import__("game.gears.rules.explore", fromlist=["x"]).build_level(ctx, content, 1, door))
    holes = len([h for h, v in s.holes.items() if not v["sealed"]])
    s.locusts.clear()
    check(s, content)
    assert s.stage == 1 and s.slots["C"] == "general_raam"
    cards = set(s.ai.cards())
    assert {"mp1:13", "mp1:14", "mp1:15", "mp1:16"} <= cards and not cards & {"mp1:9", "mp1:10", "mp1:11", "mp1:12"}
    raam = [x for x in s.locusts.values() if x.enemy == "general_raam"]
    assert len(raam) == 1 and md(s)["sides"]["general_raam"] == "A"
    assert sum(1 for x in s.locusts.values() if x.enemy == "grenadier") == min(holes, 6)
    resolve(s, lambda ctx: W.kill_locust(ctx, content, raam[0].id, "test"))
    check(s, content)
    assert s.outcome == "won"


def test_raam_side_a_flips_only_after_bolo_or_torque_bow_side_b_after_any_spec_8_2(real, content):
    from game.gears.rules import attack as A

    s = start(real, "the_showdown")
    s.locusts.clear()
    c = s.cogs["P1"]
    r = put(s, content, "general_raam", c.area)
    c.weapons.append(["torque_bow", 2])
    s.flags["dice_stack"] = {"attack": [5] * 30, "defence": [5] * 30}
    resolve(s, lambda ctx: A.cog_attack(ctx, content, "P1", r, "lancer", "normal"))
    assert md(s).get("sides", {}).get("general_raam", "A") == "A"
    resolve(s, lambda ctx: A.cog_attack(ctx, content, "P1", r, "torque_bow", "overwhelming"))
    assert md(s)["sides"]["general_raam"] == "B"
    resolve(s, lambda ctx: A.cog_attack(ctx, content, "P1", r, "lancer", "normal"))
    assert md(s)["sides"]["general_raam"] == "A"


# ----------------------------------------------------------------------------- Search for the Stranded


def test_stranded_stage_1_ammo_on_kills_collected_then_level_2_spec_9_3_2(real, content):
    s = start(real, "search_for_the_stranded")
    s.locusts.clear()
    c = s.cogs["P1"]
    x = put(s, content, "flame_grenadier", c.area)
    resolve(s, lambda ctx: W.kill_locust(ctx, content, x, "test"))
    assert s.flags["map_ammo"] == {c.area: 1}
    real.apply(s, Action("play", {"card": c.hand[0], "as": "move"}))
    real.apply(s, Action("stop", {}))
    s.ai.draw_pile = ["mp1:18"] + [k for k in s.ai.draw_pile if k != "mp1:18"]
    real.apply(s, Action("end", {}))
    while s.proc is not None and s.outcome is None:
        real.apply(s, real.legal_actions(s)[0])
    assert md(s)["card_ammo"] == 1 and not s.flags["map_ammo"]
    md(s)["card_ammo"] = 2
    check(s, content)
    assert s.stage == 1 and tiles(s)[-1] == "17B" and md(s)["no_ammo_on_kill"]


def test_stranded_stage_2_and_3_rescue_wins_a_wound_loses_spec_9_3_2(real, content):
    from game.gears.rules import attack as A

    s = start(real, "search_for_the_stranded")
    s.stage = 1
    s.locusts.clear()
    s.locked[1] = False
    door = s.doors[0]
    s.doors.remove(door)
    resolve(s, lambda ctx: __import__("game.gears.rules.explore", fromlist=["x"]).build_level(ctx, content, 1, door))
    md(s)["equipment_used"] = ["17B"]
    check(s, content)
    assert s.stage == 2 and md(s)["stranded"] == s.view().equipment_area["17B"]
    assert [x.enemy for x in s.locusts.values()].count("butcher") == 1  # 1 Locust C per player
    lost = s.to_json()
    b = next(iter(s.locusts))
    s.locusts[b].area = md(s)["stranded"]
    s.flags["dice_stack"] = {"attack": [4] * 10, "defence": [5] * 10}
    resolve(s, lambda ctx: A.locust_attack(ctx, content, b, "stranded"))
    assert s.outcome == "lost"
    s.restore(lost)
    md(s)["stranded"] = exit_areas(s)[0]
    check(s, content)
    assert s.outcome == "won"


def test_stranded_counts_as_the_nearest_cog_during_locust_activations_spec_9_3_2(real, content):
    from game.gears.ai import move_target

    s = start(real, "search_for_the_stranded")
    s.locusts.clear()
    view = s.view()
    here = s.cogs["P1"].area
    far = max(view.areas, key=lambda a: view.mdist(here, a) if view.mdist(here, a) < 99 else -1)
    md(s)["stranded"] = far
    lid = put(s, content, "palace_guard", far)
    fctx = {"self": lid}
    goal = resolve(s, lambda ctx: fctx.update(goal=move_target(ctx, content, "nearest_cog", fctx)[0]))
    assert goal is not None and fctx["goal"] == far and fctx["that_cog"] == "stranded"


def test_stranded_stage_3_end_of_turn_discard_to_move_it_spec_9_3_2(real, content):
    s = start(real, "search_for_the_stranded")
    s.stage = 2
    s.locusts.clear()
    md(s)["stranded"] = s.cogs["P1"].area
    resolve(s, T.end_turn)
    assert s.phase == "stranded"
    n = len(s.cogs["P1"].hand)
    real.apply(s, next(a for a in real.legal_actions(s) if a.kind == "pay"))
    step = next(a for a in real.legal_actions(s) if a.kind == "step")
    real.apply(s, step)
    assert md(s)["stranded"] == step.payload["area"] and len(s.cogs["P1"].hand) == n - 1


def test_scattered_is_played_and_still_refused_solo_spec_9_2_5(real, content):
    """Scattered is supported (tests/gears/test_missions_scattered.py); it is for 2+ players."""
    assert M.unsupported(content, "scattered") == []
    with pytest.raises(ValueError, match="2-4 players"):
        real.new_game("scattered", 1, {"players": 1})


# ----------------------------------------------------------------------------- rebuild on overlap


def _explore_all_levels(real, s, content) -> list:
    """Explores every level in turn through its door (first option for every question)."""
    from game.gears.rules.explore import explore_level_from

    events = []
    for level in range(1, len(s.location_decks)):
        door = next(d for d in s.doors if md(s).get("door_to", {}).get(d, s.levels_built) == level)
        events += resolve(s, lambda ctx: explore_level_from(ctx, content, level, door))
    return events


def test_china_shop_seed_5_level_2_rebuilt_until_17a_fits_spec_3_4_and_11_item_48(real, content):
    """Seed 5 drew level 2 as 1A, 15A, 10A, after which the single-card level 3 (17A) overlaps
    15A. Level 3 cannot be reshuffled into another shape, so that layout of level 2 counts as an
    impossible placement: level 2 is rebuilt while it is laid, and 17A then fits."""
    from game.gears.rules.board_view import view_for
    from game.gears.rules.explore import forced_tiles_after

    s = start(real, "china_shop", players=2, seed=5)
    assert forced_tiles_after(s, content, 1) == ["17A"]
    events = _explore_all_levels(real, s, content)
    assert not [e for e in events if e.kind == "error"]
    assert tiles(s)[-1] == "17A" and sorted(tiles(s)[3:6]) == ["10A", "15A", "1A"]
    assert s.levels_built == 3 and s.equipment.get("17A")
    view_for(s.loader, s.placements)  # the whole map composes without overlaps


def test_hive_seed_3_level_3_leaves_room_for_17b_at_the_map_exit_spec_3_4_and_9_2_6(real, content):
    """Hive's Stage 1 back places 17B at the map exit; seed 3 first laid level 3 so that 17B
    overlapped 15B (and the game went on without it)."""
    from game.gears.rules.board_view import view_for
    from game.gears.rules.explore import forced_tiles_after

    s = start(real, "hive", players=2, seed=3)
    assert forced_tiles_after(s, content, 2) == ["17B"]
    assert not [e for e in _explore_all_levels(real, s, content) if e.kind == "error"]
    view_for(s.loader, s.placements + [{"tile": "17B", "exit": s.doors[-1]}])


def test_a_level_that_can_never_fit_is_reported_once_spec_11_item_48(real, content):
    """With no room at all the level is not placed: one error event names the level, the cap
    and the cards, and the game goes on."""
    from game.gears.rules import explore as X

    s = start(real, "china_shop", players=2, seed=5)
    _explore_all_levels(real, s, content)
    s2 = start(real, "china_shop", players=2, seed=5)
    # Level 3 laid again on the finished map: 17A's exit now points into 17A itself.
    s2.placements = list(s.placements)
    s2.location_decks[2].draw_pile[:] = ["17A"]
    before = len(s2.placements)
    events = resolve(s2, lambda ctx: X.build_level(ctx, content, 2, s.doors[-1]))
    errors = [e for e in events if e.kind == "error"]
    assert len(s2.placements) == before and len(errors) == 1
    assert "Level 3" in errors[0].text and str(X.MAX_REBUILDS) in errors[0].text
