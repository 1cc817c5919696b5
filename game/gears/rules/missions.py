"""Mission rules, stage flips, win and loss (spec 9).

Only the rule, condition and step keywords listed here are modelled; `unsupported` names the
others so a mission that needs them is refused at setup rather than played wrongly.
"""
from __future__ import annotations

from game.gears.content import GearsContent
from game.gears.rules import wounds as W
from game.gears.rules.spawning import exit_area
from game.gears.rules.state import GearsState

RULES = {"seal_holes_except_nearest_exit", "equipment_not_discarded", "no_spawning"}
CONDITIONS = {"all_holes_sealed", "no_locusts_in_play"}
STEPS = {"spawn", "move_toward_nearest_cog", "proceed", "win"}
AI_VERBS = {"move_toward", "move_into_area_of", "move_away", "move_to_cover", "attack", "spawn",
            "heal", "discard_ammo", "remove_dropped_weapons", "place_hole", "no_guard",
            "draw_ai_card", "for_each", "when", "strip_cover", "revive_dropped_weapon"}


def unsupported(content: GearsContent, mission_id: str) -> list[str]:
    m = content.missions[mission_id]
    missing = []
    for step in m.setup + m.rules:
        if step.keyword not in RULES:
            missing.append(step.keyword)
    for s in m.stages:
        for step in s.special_rules:
            if step.keyword not in RULES:
                missing.append(step.keyword)
        if s.flip_when.keyword not in CONDITIONS:
            missing.append(s.flip_when.keyword)
        for step in s.back:
            if step.keyword not in STEPS:
                missing.append(step.keyword)
        missing += [step.keyword for step in s.loss]
    from game.gears.ai import card_verbs

    for cid in content.ai_deck(mission_id):
        missing += sorted(card_verbs(content.ai_cards[cid]) - AI_VERBS)
    return sorted(set(missing))


def stage_rules(state: GearsState, content: GearsContent) -> set[str]:
    m = content.missions[state.mission]
    if state.stage >= len(m.stages):
        return set()
    return {r.keyword for r in m.stages[state.stage].special_rules}


def apply_setup_rules(ctx, content: GearsContent) -> None:
    state: GearsState = ctx.state
    m = content.missions[state.mission]
    for step in m.setup:
        if step.keyword == "seal_holes_except_nearest_exit":
            from game.gears.rules.spawning import hole_nearest

            area = exit_area(ctx)
            keep = hole_nearest(ctx, area) if area else None
            for h in sorted(state.holes):
                if h != keep:
                    state.holes[h]["sealed"] = True
            ctx.emit("setup_rule", step.text + f" (open: {keep})", {"open": keep})
    sync_stage_flags(state, content)


def sync_stage_flags(state: GearsState, content: GearsContent) -> None:
    rules = stage_rules(state, content)
    state.flags["no_spawning"] = "no_spawning" in rules


def check_stage(ctx, content: GearsContent) -> None:
    """Spec 9.1 / 11 item 47: after each effect, flip the stage card when its condition holds
    and resolve its back; every COG bleeding out loses first."""
    state: GearsState = ctx.state
    m = content.missions[state.mission]
    W.check_defeat(ctx)
    while state.outcome is None and state.stage < len(m.stages):
        stage = m.stages[state.stage]
        cond = stage.flip_when.keyword
        holds = False
        if cond == "all_holes_sealed":
            holds = bool(state.holes) and all(v["sealed"] for v in state.holes.values())
        elif cond == "no_locusts_in_play":
            holds = not state.locusts
        if not holds:
            return
        ctx.emit("stage", f"Stage {stage.number} is complete: {stage.flip_when.text}", {"stage": stage.number})
        for step in stage.back:
            _back_step(ctx, content, step)
        if stage.wins and state.outcome is None:
            state.outcome = "won"
            ctx.emit("won", "The COGs win the mission!", {})
            return
        state.stage += 1
        sync_stage_flags(state, content)


def _back_step(ctx, content: GearsContent, step) -> None:
    state: GearsState = ctx.state
    p = step.params
    if step.keyword == "spawn":
        area = exit_area(ctx) if p.get("at") == "map_exit" else state.view().entrance_area
        table = p["by_players"][len(state.players) - 1]
        for enemy, n in table.items():
            for _ in range(n):
                if area:
                    W.spawn(ctx, content, enemy, area, "mission card")
    elif step.keyword == "move_toward_nearest_cog":
        from game.gears.ai import move_toward_nearest

        for lid in sorted(state.locusts):
            if lid in state.locusts and state.locusts[lid].enemy == p["enemy"]:
                move_toward_nearest(ctx, content, lid, p["areas"])
