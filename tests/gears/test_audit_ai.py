"""Referee audit of the Locust AI, spawning and missions against the rulebooks (spec 7, 9).

Each test names the card or rule and the spec section / seed passage it checks. Scenarios use
the sample tile (tests/gears/conftest.py): on the Emergence map a Locust in 12A:east_yard is 2
movement from both 12A:plaza and 12A:west_street, but 1 and 2 range from them, which separates
"nearest by movement" from "nearest by range".
"""
from __future__ import annotations

from game.gears.ai import resolve_card
from game.gears.rules import wounds as W
from game.gears.rules.procedures import Ctx, NeedDecision
from game.gears.rules.spawning import hole_nearest
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh, resolve

BLANK = {"attack": [5] * 40, "defence": [5] * 40}
EAST, PLAZA, WEST = "12A:east_yard", "12A:plaza", "12A:west_street"


def scene(title, players: int = 1, mission: str = "emergence"):
    s = fresh(title, players, mission=mission)
    s.flags["dice_stack"] = {k: list(v) for k, v in BLANK.items()}
    for c in s.cogs.values():
        c.area = s.cogs[s.players[0]].area
        c.cover = None
        c.hand = ["roadie_run#1", "roadie_run#2", "roadie_run#3", "roadie_run#4", "roadie_run#5"]
    return s


def put(s, content, enemy: str, area: str) -> str:
    fid = W.free_figure_id(s, content, enemy)
    s.locusts[fid] = LocustState(fid, enemy, area)
    return fid


def decisions(s, fn) -> list[NeedDecision]:
    """Runs fn(ctx) answering every question with its first option; returns every question."""
    snap = s.to_json()
    answers: list = []
    asked: list[NeedDecision] = []
    while True:
        s.restore(snap)
        ctx = Ctx(s, answers)
        try:
            fn(ctx)
            return asked
        except NeedDecision as need:
            asked.append(need)
            answers.append(need.options[0])


def test_spec_3_6_nearest_cog_ties_by_movement_go_to_the_active_player(title, content):
    """Spec 3.6 / 7.4 / 11 item 12: 'nearest COG' is by movement distance, ties chosen by the
    active player; range distance is only the fallback when no COG can be reached. base:8:
    both COGs are within 2 movement, equally near: the active player picks 'his area'."""
    s = scene(title, 2)
    s.cogs["P1"].area, s.cogs["P2"].area = PLAZA, WEST
    put(s, content, "wretch", EAST)
    asked = decisions(s, lambda ctx: resolve_card(ctx, content, content.ai_cards["base:8"]))
    ties = [n for n in asked if n.kind == "target_tie"]
    assert ties and ties[0].decider == "P1"
    assert {o["cog"] for o in ties[0].options} == {"P1", "P2"}


def test_spec_7_5_nearest_hole_ties_by_movement_go_to_the_active_player(title, content):
    """Spec 7.4 'spawn at the emergence hole nearest you': nearest by movement (proposed), ties
    chosen by the active player; range is no tie-breaker."""
    s = scene(title, 1)
    s.cogs["P1"].area = EAST
    s.holes.clear()
    s.holes["h_plaza"] = {"area": PLAZA, "sealed": False, "token": True}
    s.holes["h_west"] = {"area": WEST, "sealed": False, "token": True}
    asked = decisions(s, lambda ctx: hole_nearest(ctx, EAST))
    assert asked and asked[0].kind == "tie_hole"
    assert {o["hole"] for o in asked[0].options} == {"h_plaza", "h_west"}


def test_mp1_17_guard_ban_covers_only_this_card_not_the_card_drawn_after(title, content):
    """mp1:17 (seed MP1 17/19): 'Guard reactions may not be used while resolving this card.
    Then draw a new AI card.' Spec 9.3.3: the ban covers only this card, not the card drawn
    after it (spec 7.4, base:31 likewise). The next card's Wretch is open to a Guard."""
    from game.gears.rules.movement import los

    s = scene(title, 1)
    for h in s.holes.values():
        h["sealed"] = True  # mp1:17 spawns nothing: only its Guard ban matters here
    c = s.cogs["P1"]
    c.hand = ["blind_fire#1"]
    view = s.view()
    start = next(a for a in sorted(view.areas)
                 if view.mdist(c.area, a) == 2 and los(view, (c.area, None), (a, None)))
    snap = {}

    def step(ctx):
        again = resolve_card(ctx, content, content.ai_cards["mp1:17"])
        assert again  # 'Then draw a new AI card'
        if "wretch#1" not in ctx.state.locusts:
            ctx.state.locusts["wretch#1"] = LocustState("wretch#1", "wretch", start)
        snap["ok"] = True
        resolve_card(ctx, content, content.ai_cards["base:8"])

    asked = decisions(s, step)
    assert snap and any(n.kind == "guard" and n.decider == "P1" for n in asked)


def test_base_20_mp1_9_the_active_player_picks_which_cog_that_moved_or_attacked(title, content):
    """mp1:9 (seed MP1 9/19) 'IF A COG MOVED OR ATTACKED [THIS] TURN: Move 1 area toward the
    COG': spec 9.3.3 'If several COGs qualify, the active player picks "the COG"', not only
    the nearest of them (base:20 reads the same)."""
    for cid, enemy in (("base:20", "berserker"), ("mp1:9", "butcher")):
        s = scene(title, 2)
        view = s.view()
        far = sorted(a for a in view.areas if view.mdist(EAST, a) == 4)[0]
        s.cogs["P1"].area, s.cogs["P2"].area = PLAZA, far
        s.cogs["P1"].moved = True
        s.cogs["P2"].attacked = True
        if enemy == "butcher":
            s.slots["C"] = "butcher"
        put(s, content, enemy, EAST)
        asked = decisions(s, lambda ctx: resolve_card(ctx, content, content.ai_cards[cid]))
        picks = [n for n in asked if n.kind == "target_tie"]
        assert picks and {o["cog"] for o in picks[0].options} == {"P1", "P2"}, cid


def test_mp1_3_base_14_several_cogs_within_1_range_the_active_player_chooses(title, content):
    """mp1:3 (seed MP1 3/19) 'IF A COG FIGURE IS WITHIN 1 RANGE: Attack the COG figure with +1
    attack dice': spec 9.3.3 'with several COGs within range 1, the active player chooses. No
    attack if none is in LOS.' base:14 prints the same instruction. Here P1 shares the
    figure's area and P2 is 1 area away: both may be chosen."""
    for cid, enemy in (("mp1:3", "grenadier"), ("base:14", "drone")):
        s = scene(title, 2)
        view = s.view()
        near = sorted(a for a in view.move_adj[EAST])[0]
        s.cogs["P1"].area, s.cogs["P2"].area = EAST, near
        put(s, content, enemy, EAST)
        asked = decisions(s, lambda ctx: resolve_card(ctx, content, content.ai_cards[cid]))
        picks = [n for n in asked if n.kind == "target_tie"]
        assert picks and {o["cog"] for o in picks[0].options} == {"P1", "P2"}, cid


def test_spec_7_4_you_while_bleeding_is_chosen_once_per_card(title, content):
    """Spec 7.4 / 11 item 29: 'you' is the active COG; if it is bleeding out the active player
    chooses another COG. base:3 names 'you' in its condition, each Locust's move and each
    attack: one choice stands for the whole card, not a fresh question each time."""
    s = scene(title, 3)
    s.cogs["P1"].bleeding = True
    s.cogs["P1"].hand = []
    s.cogs["P2"].area, s.cogs["P3"].area = PLAZA, WEST
    put(s, content, "wretch", EAST)
    put(s, content, "drone", EAST)
    asked = decisions(s, lambda ctx: resolve_card(ctx, content, content.ai_cards["base:3"]))
    assert [n.kind for n in asked].count("you_instead") == 1


def _open_all_holes(s):
    for h in s.holes.values():
        h["sealed"] = False


def test_spec_7_1_a_card_spawning_its_own_type_spawns_the_enemy_using_those_cards(title, content):
    """Spec 7.1: 'An AI card naming a type activates whatever enemy currently uses that type's
    cards'; spec 9.3.3 card 1: 'Grenadier means the enemy using this AI set (in Search for the
    Stranded, the Flame Grenadier)'. So mp1:1's OTHERWISE spawns a Flame Grenadier there, and
    base:11's OTHERWISE ('spawn 2 Wretches') spawns Lambent Wretches in Belly of the Beast."""
    for mission, cid, want in (("search_for_the_stranded", "mp1:1", "flame_grenadier"),
                               ("belly_of_the_beast", "base:11", "lambent_wretch")):
        s = scene(title, 1, mission=mission)
        _open_all_holes(s)
        view = s.view()
        here = s.cogs["P1"].area
        s.holes["h_here"] = {"area": here, "sealed": False, "token": True}
        assert not [x for x in s.locusts.values()]
        decisions(s, lambda ctx: resolve_card(ctx, content, content.ai_cards[cid]))
        spawned = sorted({x.enemy for x in s.locusts.values()})
        assert spawned == [want], (mission, cid, spawned, view.entrance_area)


def test_base_5_firefight_each_boomer_includes_the_grinder_using_boomer_cards(title, content):
    """base:5 Firefight 'Each Drone, Boomer, Kantus and Theron Guard attacks a COG within 3
    range': spec 7.1 'An AI card naming a type activates whatever enemy currently uses that
    type's cards', so a Grinder (Boomer cards) shoots from 3 areas away instead of closing in."""
    from game.gears.rules.movement import los

    s = scene(title, 1)
    view = s.view()
    here = s.cogs["P1"].area
    far = next(a for a in sorted(view.areas) if view.mdist(here, a) == 3 and view.rdist(here, a) <= 3
               and los(view, (a, None), (here, None)))
    g = put(s, content, "grinder", far)
    events = resolve(s, resolve_card, content, content.ai_cards["base:5"])
    assert [e for e in events if e.kind == "attack" and e.payload.get("figure") == g]
    assert s.locusts[g].area == far


def test_ai_deck_reshuffles_when_its_last_card_is_drawn_seed_p11_spec_5_3(title, monkeypatch):
    """Base p. 11 (spec 5.3 "Reshuffle timing"): as soon as the last card of the AI deck is
    drawn, the AI discard pile is shuffled into a new deck; the card just drawn is resolved as
    usual and then starts the new discard pile. (What the card does is not the point here, so
    its resolution is stubbed out.)"""
    from game.gears import ai as AI
    from game.gears.rules.procedures import Ctx

    s = fresh(title, 1)
    cards = list(s.ai.draw_pile)
    last, old_discards = cards[0], cards[1:6]
    s.ai.draw_pile, s.ai.discard_pile = [last], list(old_discards)
    resolved: list[str] = []
    monkeypatch.setattr(AI, "resolve_card", lambda ctx, content, card: resolved.append(card.id) or False)
    AI.locust_step(Ctx(s, []))
    assert resolved == [last]
    assert s.ai.discard_pile == [last]
    assert sorted(s.ai.draw_pile) == sorted(old_discards)


def test_locust_cover_is_judged_against_cogs_tied_by_movement_spec_3_3_3_6(title, monkeypatch):
    """Spec 3.3: a Locust takes the cover best against the nearest COG; spec 3.6: 'nearest' is by
    movement, and a tie is the active player's choice: range distance never breaks it."""
    from game.gears.rules.movement import nearest_cogs

    s = fresh(title, 2)
    p, q = s.players
    s.cogs[p].area, s.cogs[q].area = "near_by_range", "far_by_range"

    class View:
        def mdist(self, a, b):
            return 2

        def rdist(self, a, b):
            return 1 if b == "near_by_range" else 2

    monkeypatch.setattr(s, "view", lambda: View())
    assert nearest_cogs(s, "somewhere") == [p, q]


def test_a_unique_figure_that_cannot_spawn_is_logged_as_such_spec_9_2_6(title):
    """Hive (spec 9.2.6): Skorge is placed by the mission card and never spawned by AI cards.
    When a card's spawn resolves to him, the log says he cannot be spawned, not that his
    figures ran out."""
    from game.gears.rules.spawning import md
    from game.gears.rules.title import shared_content

    s = fresh(title, 1)
    md(s)["unique"] = ["skorge"]
    ctx = Ctx(s, [])
    area = s.cogs[s.players[0]].area
    assert W.spawn(ctx, shared_content(), "skorge", area, "test") is None
    assert [e.text for e in ctx.events] == ["General Skorge cannot be spawned now (test): the mission does not allow it."]
