"""Spec 6.1 (Order cards), 6.9 (reactions), 6.10 (special actions), 6.16 (solo), 8.3 (COG
abilities), 3.8 (Junker, Troika): scenarios driven through legal_actions / apply."""
from __future__ import annotations

from game.engine.protocol import Action
from game.gears.ai import _may_guard, guard_options, move_locust
from game.gears.rules import turn as T
from game.gears.rules import names as N
from game.gears.rules.procedures import Ctx, NeedDecision
from game.gears.rules.state import LocustState
from tests.gears.conftest import fresh


def act(title, s, kind, **payload):
    return title.apply(s, Action(kind, payload))


def settle(title, s):
    while s.proc is not None and s.outcome is None:
        title.apply(s, title.legal_actions(s)[0])


def kinds(title, s):
    return {a.kind for a in title.legal_actions(s)}


def test_dom_moves_one_extra_area_once_per_turn_spec_8_3(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.character = "dominic_santiago"
    c.hand = ["advance#1", "roadie_run#1"]
    act(title, s, "play", card="advance#1", **{"as": "move"})
    assert T.top(s)["left"] == 3
    act(title, s, "stop")
    act(title, s, "solo_follow", card="roadie_run#1")
    assert T.top(s)["left"] == 1  # the extra area is once per turn


def test_cole_may_guard_after_another_cog_did_spec_8_3(title, content):
    s = fresh(title, 2)
    s.cogs["P1"].character, s.cogs["P2"].character = "marcus_fenix", "augustus_cole"
    s.flags.update({"guard_used": True, "guards": ["P1"]})
    assert _may_guard(s, content, "P2") and not _may_guard(s, content, "P1")
    s.flags["guards"].append("P2")
    assert not _may_guard(s, content, "P2")


def test_baird_picks_up_without_discarding_spec_6_10_8_3(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.character, c.hand = "damon_baird", []
    s.dropped.append({"id": "drop1", "area": c.area, "weapon": "hammerburst", "enemy": "drone", "marker": "drone:0"})
    free = [a for a in title.legal_actions(s) if a.kind == "special" and a.payload["discard"] is None]
    assert free
    title.apply(s, free[0])
    assert not s.dropped and c.has_weapon("hammerburst")


def test_guard_offers_each_guard_card_name_spec_6_9(title, content):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["blind_fire#1", "blind_fire#2", "sit_tight#1", "advance#1"]
    view = s.view()
    a = next(x for x in view.areas if view.mdist(c.area, x) == 1)
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", a)
    cards = {o["card"] for o in guard_options(s, content, "P1", "wretch#1")}
    assert cards == {"blind_fire#1", "sit_tight#1"}


def test_guard_window_after_entering_an_area_before_cover_spec_6_9(title, content):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["blind_fire#1"]
    view = s.view()
    start = next(x for x in view.areas if view.mdist(c.area, x) == 2)
    goal = next(x for x in view.areas if view.mdist(c.area, x) == 1 and view.cover_in[x]
                and view.mdist(start, x) == 1)
    s.locusts["drone#1"] = LocustState("drone#1", "drone", start)
    prompts = []
    answers: list = []
    snap = s.to_json()
    while True:
        s.restore(snap)
        try:
            move_locust(Ctx(s, answers), content, "drone#1", lambda a: [goal] if a != goal else [], 1, {})
            break
        except NeedDecision as need:
            prompts.append(need.prompt)
            answers.append(need.options[0])
    assert any("take cover" in p for p in prompts) and s.locusts["drone#1"].cover


def test_dodge_against_a_bolo_grenade_spec_6_9(title):
    s = fresh(title, 2)
    p1, p2 = s.cogs["P1"], s.cogs["P2"]
    p2.area = p1.area
    p2.hand = ["advance#1"]
    act(title, s, "play", card=p1.hand[0], **{"as": "attack"})
    act(title, s, "grenade", area=p1.area)
    asked = []
    while s.proc is not None:
        pend = s.proc["pending"]
        asked.append((pend["kind"], pend["decider"]))
        title.apply(s, title.legal_actions(s)[-1] if pend["kind"] == "dodge" else title.legal_actions(s)[0])
    assert ("dodge", "P2") in asked and "advance#1" not in p2.hand


def test_teamwork_lets_another_player_resolve_a_card_now_spec_6_1(title):
    s = fresh(title, 2)
    s.cogs["P1"].hand = ["teamwork#1"]
    s.cogs["P2"].hand = ["advance#1"]
    act(title, s, "play", card="teamwork#1", **{"as": "card"})
    act(title, s, "do")
    act(title, s, "teammate", player="P2")
    assert title.current_decider(s) == "P2"
    act(title, s, "play", card="advance#1", **{"as": "card"})
    act(title, s, "do")
    assert T.top(s)["f"] == "move" and T.top(s)["player"] == "P2" and T.top(s)["left"] == 4


def test_teamwork_sit_tight_skips_the_locust_step_spec_5_3(title):
    s = fresh(title, 2)
    s.cogs["P1"].hand = ["teamwork#1"]
    s.cogs["P2"].hand = ["sit_tight#1"]
    act(title, s, "play", card="teamwork#1", **{"as": "card"})
    act(title, s, "do")
    act(title, s, "teammate", player="P2")
    act(title, s, "play", card="sit_tight#1", **{"as": "card"})
    act(title, s, "skip")
    act(title, s, "do")
    events = act(title, s, "end")
    settle(title, s)
    assert any(e.kind == "skip" for e in events) and not any(e.kind == "ai_card" for e in events)


def test_ambush_pulls_a_locust_then_attacks_it_without_spending_ammo_spec_6_1(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["ambush#1"]
    view = s.view()
    far = next(x for x in view.areas if view.mdist(c.area, x) == 2 and view.rdist(c.area, x) == 2)
    s.locusts["wretch#1"] = LocustState("wretch#1", "wretch", far)
    s.locusts["wretch#2"] = LocustState("wretch#2", "wretch", c.area)
    act(title, s, "play", card="ambush#1", **{"as": "card"})
    act(title, s, "do")
    pull = next(a for a in title.legal_actions(s) if a.kind == "pull" and a.payload["target"] == "wretch#1"
                and a.payload["area"])
    title.apply(s, pull)
    settle(title, s)
    assert view.mdist(c.area, s.locusts["wretch#1"].area) == 1
    act(title, s, "do")
    targets = {a.payload["target"] for a in title.legal_actions(s) if a.kind == "attack"}
    assert targets == {"wretch#1"}
    ammo = c.ammo("lancer")
    s.flags["dice_stack"] = {"attack": [5] * 9, "defence": [5] * 9}
    act(title, s, "attack", target="wretch#1", weapon="lancer", mode="overwhelming")
    settle(title, s)
    assert c.ammo("lancer") == ammo


def test_scavenging_moves_then_gives_one_ammo_spec_6_1(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["scavenging#1"]
    act(title, s, "play", card="scavenging#1", **{"as": "card"})
    act(title, s, "do")
    act(title, s, "stop")
    act(title, s, "do")
    before = c.ammo("lancer")
    act(title, s, "ammo", weapon="lancer")
    assert c.ammo("lancer") == before + 1


def test_active_reload_after_spending_ammo_gives_a_second_order_step_spec_6_1(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["active_reload#1", "advance#1"]
    view = s.view()
    a = next(x for x in view.areas if view.mdist(c.area, x) == 1)
    s.locusts["boomer#1"] = LocustState("boomer#1", "boomer", a)
    s.flags["dice_stack"] = {"attack": [5] * 9, "defence": [5] * 9}
    act(title, s, "play", card="active_reload#1", **{"as": "card"})
    act(title, s, "do")
    act(title, s, "attack", target="boomer#1", weapon="lancer", mode="overwhelming")
    settle(title, s)
    act(title, s, "do")
    assert "play" in kinds(title, s)


def test_explore_card_activates_equipment_for_free_spec_6_1(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    view = s.view()
    tile = next(t for t, e in s.equipment.items() if e == "ammunition")
    area = view.equipment_area[tile]
    c.area = next(x for x in view.areas if view.mdist(x, area) == 1)
    c.hand = ["explore#1"]
    act(title, s, "play", card="explore#1", **{"as": "card"})
    act(title, s, "do")
    act(title, s, "step", area=area)
    act(title, s, "stop")
    act(title, s, "no_cover")
    before = sum(n for _, n in c.weapons)
    act(title, s, "do")
    settle(title, s)
    assert sum(n for _, n in c.weapons) == before + 3 and tile not in s.equipment and not c.hand


def test_sit_tight_draws_two_and_skips_the_locust_step_spec_6_1(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["sit_tight#1"]
    act(title, s, "play", card="sit_tight#1", **{"as": "card"})
    act(title, s, "do")
    assert len(c.hand) == 2
    act(title, s, "do")
    events = act(title, s, "end")
    settle(title, s)
    assert any(e.kind == "skip" for e in events)


def test_solo_removes_a_two_plus_card_for_a_new_one_spec_6_16(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["teamwork#1", "advance#1"]
    act(title, s, "remove_two_plus", card="teamwork#1")
    assert "teamwork#1" in s.orders.removed and len(c.hand) == 2


def test_junker_moves_anywhere_and_stays_spec_3_8(title, content):
    s = fresh(title, 1)
    s.equipment["9A"] = "junker"
    c = s.cogs["P1"]
    c.area = s.view().equipment_area["9A"]
    far = max(s.view().areas, key=lambda a: s.view().mdist(c.area, a))
    opt = next(a for a in title.legal_actions(s) if a.kind == "special" and a.payload.get("area") == far)
    title.apply(s, opt)
    settle(title, s)
    assert c.area == far and s.equipment["9A"] == "junker"


def test_troika_needs_the_turn_to_start_in_its_area_spec_3_8(title, content):
    s = fresh(title, 1)
    s.equipment["9A"] = "troika"
    c = s.cogs["P1"]
    c.area = s.view().equipment_area["9A"]
    s.locusts["drone#1"] = LocustState("drone#1", "drone", c.area)
    assert not T._equipment_choices(s, content, "P1", "9A")
    s.flags["turn_start_area"] = c.area
    assert T._equipment_choices(s, content, "P1", "9A") == [{"target": "drone#1"}]


def test_a_draw_never_goes_above_the_hand_limit_seed_p9(title, content):
    """Seed p. 9: a COG 'never may exceed its hand limit' (usually 6). Sit Tight's draw of 2 on
    a hand of 5 after playing it draws 1; on a full hand it draws none (it used to give 8)."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    limit = content.cogs[c.character].hand_limit
    c.hand = ["sit_tight#1"] + [f"advance#{i}" for i in range(1, limit)]  # a full hand
    act(title, s, "play", card="sit_tight#1", **{"as": "card"})
    assert len(c.hand) == limit - 1
    events = act(title, s, "do")
    assert len(c.hand) == limit
    draw = next(e for e in events if e.kind == "draw")
    assert draw.payload["n"] == 1 and f"hand limit {limit}" in draw.text
    assert T.hand_room(s, content, "P1") == 0


def test_drawn_cards_are_named_only_to_their_holder_spec_12_2(title):
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["sit_tight#1"]
    act(title, s, "play", card="sit_tight#1", **{"as": "card"})
    events = act(title, s, "do")
    private = [e for e in events if e.kind == "hand"]
    assert private and all(e.visible_to == ("P1",) and e.hidden_info for e in private)
    assert all(card.split("#")[0].replace("_", " ") not in e.text.lower()
               for e in events if e.kind == "draw" for card in c.hand)


def test_a_weapon_may_be_discarded_at_any_decision_seed_p20(title):
    """Seed p. 20: 'A játékos bármikor szabadon eldobhatja fegyverét (kivéve a Bolo gránátot)'.
    Offered in the middle of a move (not only between the actions of the Order Step), the move
    then goes on; a weapon not carried is refused with the reason."""
    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["advance#1", "advance#2"]
    act(title, s, "play", card="advance#1", **{"as": "move"})
    assert T.top(s)["f"] == "move"
    drops = {a.payload["weapon"] for a in title.legal_actions(s) if a.kind == "drop_weapon"}
    assert drops == {w for w, _ in c.weapons} and "bolo_grenade" not in drops
    weapon = sorted(drops)[0]
    events = act(title, s, "drop_weapon", weapon=weapon)
    assert any(e.kind == "drop_weapon" for e in events) and not c.has_weapon(weapon)
    assert T.top(s)["f"] == "move"  # the move waits where it was
    from game.engine.protocol import IllegalAction
    import pytest

    with pytest.raises(IllegalAction, match="does not carry"):
        act(title, s, "drop_weapon", weapon=weapon)


def _two_cogs_together(title):
    s = fresh(title, 2)
    p1, p2 = s.players
    s.cogs[p2].area = s.cogs[p1].area
    s.cogs[p1].hand = ["advance#1", "advance#2"]
    s.cogs[p2].hand = ["roadie_run#1", "advance#3", "advance#4"]
    return s, p1, p2


def test_follow_is_decided_when_the_move_is_announced_seed_p24(title):
    """Seed p. 24: 'Miután bejelenti mozgását, a mezőjén lévő másik két COG is úgy dönt, hogy
    követi őt. Mindkettő kijátszik egy-egy Követés ikonos parancs kártyát. Miután az aktív játékos
    figurája befejezi mozgását' ... the followers arrive in its area. The choice comes before
    the first step; the follower arrives only when the move ends, then both may take cover,
    the active COG first."""
    s, p1, p2 = _two_cogs_together(title)
    start = s.cogs[p1].area
    act(title, s, "play", card="advance#1", **{"as": "move"})
    assert T.top(s)["f"] == "follow" and title.current_decider(s) == p2
    events = act(title, s, "follow", card="roadie_run#1")
    assert "roadie_run#1" not in s.cogs[p2].hand and any(e.kind == "follow" for e in events)
    assert T.top(s)["f"] == "move" and title.current_decider(s) == p1
    step = next(a for a in title.legal_actions(s) if a.kind == "step")
    title.apply(s, step)
    assert s.cogs[p2].area == start  # not yet: it arrives when the move ends
    act(title, s, "stop")
    assert s.cogs[p2].area == s.cogs[p1].area != start
    assert T.top(s) == {"f": "cover", "player": p1}
    act(title, s, "no_cover")
    assert T.top(s) == {"f": "cover", "player": p2}


def test_a_follower_who_declined_is_not_asked_again_in_that_move_seed_p24(title):
    """Declining is logged, as following is (hot-seat: the next seat could not tell from the log
    that the question had been answered)."""
    s, p1, p2 = _two_cogs_together(title)
    act(title, s, "play", card="advance#1", **{"as": "move"})
    events = act(title, s, "no_follow")
    assert [(e.kind, e.text) for e in events if e.kind in ("follow", "no_follow")] == \
        [("no_follow", f"{str(N.character(s.cogs[p2].character))} does not follow {str(N.character(s.cogs[p1].character))}.")]
    title.apply(s, next(a for a in title.legal_actions(s) if a.kind == "step"))
    assert T.top(s)["f"] == "move"  # leaving the area it started in asks nobody again
    act(title, s, "stop")
    assert s.cogs[p2].area != s.cogs[p1].area


def test_a_cog_passed_through_decides_as_the_mover_leaves_its_area_seed_p24(title):
    """'Egy COG csak olyan másikat követhet, amely ugyanarról a mezőről indul, vagy áthalad
    mezőjén': a COG whose area the mover passes through is asked as the mover leaves it,
    before the rest of the path."""
    s, p1, p2 = _two_cogs_together(title)
    view = s.view()
    start = s.cogs[p1].area
    first = sorted(view.move_steps[start])[0]
    s.cogs[p2].area = first
    act(title, s, "play", card="advance#1", **{"as": "move"})
    assert T.top(s)["f"] == "move"  # nobody in the starting area
    title.apply(s, next(a for a in title.legal_actions(s) if a.kind == "step" and a.payload["area"] == first))
    assert T.top(s)["f"] == "move"  # entered its area: not passed through yet
    nxt = next(a for a in title.legal_actions(s) if a.kind == "step" and a.payload["area"] != start)
    title.apply(s, nxt)
    assert T.top(s)["f"] == "follow" and T.top(s)["from"] == first


def test_the_follow_question_names_the_mover_and_the_follower_seed_p24(title):
    """Seed p. 24: the Follow question comes in another COG's turn, when its move is announced;
    the prompt line (the rules' frame_prompt) says who moves, from where, and who may follow, as
    the table and the log show it, not a bare 'click a lit card'."""
    s, p1, p2 = _two_cogs_together(title)
    act(title, s, "play", card="advance#1", **{"as": "move"})
    words = str(T.frame_prompt(s, T.top(s)))
    mover = str(N.cog(s, p1))
    follower = str(N.cog(s, p2))
    assert words.startswith(f"{mover} announces a move from {s.cogs[p1].area}: {follower} may follow")
    act(title, s, "no_follow")
    assert T.frame_prompt(s, T.top(s)) is None  # a move explains itself: lit areas and End the move


def test_a_card_frame_asks_to_do_or_skip_its_next_action_spec_5_2(title):
    """Spec 5.2: a card's actions are done or skipped one by one, in printed order."""
    s, p1, _p2 = _two_cogs_together(title)
    act(title, s, "play", card="advance#1", **{"as": "card"})
    assert T.top(s)["f"] == "card"
    assert str(T.frame_prompt(s, T.top(s))) == "Advance: do its next action, or skip it (spec 5.2)."


def _to_next_card_action(title, s):
    """Ends the move a card's first action started (and its cover question), up to the card's
    next action."""
    while T.top(s)["f"] != "card":
        kinds_now = {a.kind for a in title.legal_actions(s)}
        act(title, s, "stop" if "stop" in kinds_now else "no_cover")


def test_a_card_action_that_cannot_be_done_says_why_on_the_prompt_line_spec_5_2(title):
    """Played at 1280x720: Explore's second action (use the area's equipment for free) in an
    area with no equipment offered a lone 'Skip: use equipment for free' under 'Explore: do its
    next action, or skip it', with nothing to say why it could not be done. The prompt line
    gives the reason a click on it would get (refusals.why_illegal)."""
    from game.gears.rules.refusals import why_illegal

    s = fresh(title, 1)
    s.cogs["P1"].hand = ["explore#1", "assault#1"]
    act(title, s, "play", card="explore#1", **{"as": "card"})
    assert str(T.frame_prompt(s, T.top(s))) == "Explore: do its next action, or skip it (spec 5.2)."
    act(title, s, "do")
    _to_next_card_action(title, s)
    assert "do" not in kinds(title, s) and "skip" in kinds(title, s)
    why = str(why_illegal(s, Action("do", {})))
    assert why.startswith("There is no equipment Augustus Cole can use in this area")
    assert str(T.frame_prompt(s, T.top(s))) == (
        f"Explore: its next action (use equipment for free) cannot be done. {why}")


def test_an_attack_with_nothing_to_attack_says_why_it_cannot_be_done_spec_5_2(title):
    s = fresh(title, 1)  # no Locust on the map, and no grenade to throw into an empty area
    s.cogs["P1"].hand = ["assault#1"]
    s.cogs["P1"].grenades = 0
    act(title, s, "play", card="assault#1", **{"as": "card"})
    act(title, s, "do")
    _to_next_card_action(title, s)
    words = str(T.frame_prompt(s, T.top(s)))
    assert words.startswith("Assault: its next action (make 1 attack) cannot be done. "), words
    assert "has no attack to make: no Locust is on the map" in words, words


def test_a_skipped_card_action_is_said_in_the_log_spec_5_2(title):
    """Spec 5.2: each action of an Order card may be done or skipped. Done, the log says what
    happened; skipped, it said nothing ('Skip: move up to 3 areas' on Assault left the last
    line at 'plays Assault for its actions'). The skip is an event naming the COG, the card
    and the action."""
    from game.engine.text import as_text

    s = fresh(title, 1)
    c = s.cogs["P1"]
    c.hand = ["assault#1"]
    act(title, s, "play", card="assault#1", **{"as": "card"})
    events = act(title, s, "skip")
    said = [as_text(e.text) for e in events if e.kind == "skip"]
    assert said == ["Augustus Cole skips Assault's next action: move up to 3 areas."], [as_text(e.text) for e in events]
