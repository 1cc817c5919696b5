"""Rules revisions (state.RULES_REVISION): a new game carries the revision it is played by in its
options, and a change to the questions a game asks keeps the old questions for a game of an
older revision, so a save replays with the questions it was played with.

Revision 1: spec 3.3, a Locust taking cover takes the best free spot against the nearest COG;
with two COGs equally near the active player names one. A player was asked to name one when the
answer changed nothing (no free spot in the area, or the same best spots against either)."""
from __future__ import annotations

import pytest

from game.engine.session import Session
from game.gears.rules import procedures as P
from game.gears.rules.movement import best_cover_spots, free_spots
from game.gears.rules.state import RULES_REVISION, LocustState, rules_revision
from game.gears.rules.title import GearsTitle
from tests.gears.conftest import start


@P.RESOLVER.procedure("test_revision_cover")
def _cover(ctx, lid):
    from game.gears.rules import wounds as W

    W.locust_take_cover(ctx, lid)


def _tied(real, rules, same_spots: bool):
    """China Shop, two COGs equally near an area where the Drone takes cover: every spot of it
    taken (by other Drones), or else the best spots against either COG differ."""
    opts = {} if rules is None else {"rules": rules}
    s = start(real, "china_shop", players=2, **opts)
    view = s.view()
    p1, p2 = s.players
    drone = next(x for x in s.locusts.values() if x.enemy == "drone")
    for x in list(s.locusts.values()):
        if x is not drone:
            del s.locusts[x.id]
    drone.area, drone.cover = None, None
    for area in sorted(a for a in view.areas if a in view.move_dist):
        for d in (1, 2, 3):
            ring = sorted(b for b in view.areas if b in view.move_dist and view.mdist(area, b) == d)
            for i, a1 in enumerate(ring):
                for a2 in ring[i + 1:]:
                    s.cogs[p1].area, s.cogs[p2].area = a1, a2
                    s.cogs[p1].cover = s.cogs[p2].cover = None
                    if same_spots:
                        for k, spot in enumerate(free_spots(s, area)):
                            s.locusts[f"drone#{90 + k}"] = LocustState(f"drone#{90 + k}", "drone", area, spot)
                        assert not free_spots(s, area)
                    elif best_cover_spots(s, area, p1) == best_cover_spots(s, area, p2):
                        continue
                    drone.area, drone.cover = area, None
                    return s, drone
    raise AssertionError("no such area")


def _asked(s, drone) -> str | None:
    P.release(s)
    s.proc = None
    P.RESOLVER.start(s, "test_revision_cover", {"lid": drone.id})
    kind = s.proc["pending"]["kind"] if s.proc else None
    P.release(s)
    return kind


def test_a_tie_with_no_free_spot_is_not_asked_from_revision_1(real):
    s, drone = _tied(real, 1, same_spots=True)
    assert _asked(s, drone) is None and drone.cover is None


def test_a_game_of_revision_0_is_asked_as_it_was(real):
    s, drone = _tied(real, None, same_spots=True)
    assert rules_revision(s) == 0
    assert _asked(s, drone) == "cover_against"


def test_a_tie_whose_answer_changes_the_spots_is_asked_in_every_revision(real):
    for rules in (None, 1):
        s, drone = _tied(real, rules, same_spots=False)
        assert _asked(s, drone) == "cover_against"


def test_a_new_game_carries_the_current_revision_and_a_replay_keeps_it():
    title = GearsTitle()
    session = Session.start(title, "emergence", 3, {"players": 2})
    assert session.options["rules"] == RULES_REVISION == rules_revision(session.state)
    again = Session.replay(title, "emergence", 3, session.options, session.actions)
    assert again.state_hash() == session.state_hash()


def test_a_revision_from_the_future_is_refused():
    with pytest.raises(ValueError, match="rules must be a revision"):
        GearsTitle().new_game("emergence", 3, {"players": 2, "rules": RULES_REVISION + 1})


def _card_questions(real, content, rules, card_id: str, enemy: str, apart: int = 0) -> list[str]:
    """The questions one AI card asks with a Locust of `enemy` `apart` areas (by movement) from
    both COGs standing in one area (every question answered with its first option), in English."""
    from game.gears import ai
    from game.gears.rules.procedures import Ctx, NeedDecision
    from tests.gears.built import put

    s = start(real, "emergence", players=2, **({} if rules is None else {"rules": rules}))
    s.locusts.clear()
    area = s.cogs[s.players[0]].area
    s.cogs[s.players[1]].area = area
    view = s.view()
    put(s, content, enemy, next(a for a in sorted(view.areas) if a in view.move_dist and view.mdist(area, a) == apart))
    snap, answers, asked = s.to_json(), [], []
    while True:
        s.restore(snap)
        try:
            ai.resolve_card(Ctx(s, answers), content, content.ai_cards[card_id])
            return asked
        except NeedDecision as need:
            asked.append(str(need.prompt))
            answers.append(need.options[0])


def test_a_condition_whose_branch_never_names_the_cog_does_not_ask_which_from_revision_2(real, content):
    """Theron Guard card 25: 'IF a COG is within 4 range: attack the nearest COG in LOS'. With
    both COGs as near, the player was asked which COG the condition meant, then which one is the
    nearest in line of sight, and the first answer was never used."""
    old = _card_questions(real, content, None, "base:25", "theron_guard")
    new = _card_questions(real, content, 2, "base:25", "theron_guard")
    meant = "the COG the card means"
    assert sum(meant in q for q in old) == 1 and not any(meant in q for q in new)
    assert [q for q in old if meant not in q][:1] == new[:1] and "nearest COG in LOS" in new[0]


def test_a_condition_whose_branch_names_the_cog_still_asks_which(real, content):
    """Wretch card 8: 'IF a COG is within 2 movement: move into his area and attack him': the
    COG the condition found is the one attacked, so a tie is asked in every revision."""
    for rules in (None, 2):
        asked = _card_questions(real, content, rules, "base:8", "wretch")
        assert sum("the COG the card means" in q for q in asked) == 1, asked


def test_a_move_toward_cogs_standing_together_does_not_ask_which_from_revision_3(real, content):
    """Ticker card 28: 'IF a COG is within 1 movement: ... OTHERWISE: move 3 areas toward the
    nearest COG'. Both COGs stood in one area 2 areas away, and the player was asked which of
    them is the nearest: the Ticker's way is the same either way, and nothing after names him."""
    old = _card_questions(real, content, 2, "base:28", "ticker", apart=2)
    new = _card_questions(real, content, 3, "base:28", "ticker", apart=2)
    assert any("nearest cog" in q for q in old), old
    assert not any("nearest cog" in q for q in new), new


def test_a_move_whose_next_instruction_attacks_that_cog_still_asks(real, content):
    """Boomer card 19: 'each Boomer moves 1 area toward the nearest COG and attacks him': the
    COG named is the one attacked, so the tie is asked in every revision."""
    from game.gears.ai import _names_that_cog

    card = content.ai_cards["base:19"]
    assert any(e.verb == "for_each" and e.do[0].value == "nearest_cog" and _names_that_cog(e.do[1:])
               for b in card.branches for e in b.effects)
    for rules in (2, 3):
        asked = _card_questions(real, content, rules, card.id, card.enemy, apart=2)
        assert any("nearest cog" in q for q in asked), (card.id, asked)


# Revision 4: spec 7.6, The Horde (base:2, "each Locust 4 or more movement away from the nearest
# COG moves 3 areas toward him") and Swarm (base:6): the active player orders the figures of a
# "for each". Played at 1280x720: after The Horde with every Locust within 3 areas of a COG,
# the player was asked five times which of them activates next, and none of them moved.

def _horde_questions(title, content, rules: int | None, far: bool):
    """The Horde resolved with every question answered by its first option: the kinds asked and
    the events. Three Locusts 1-2 areas from the COGs, and one 6 away when `far`."""
    from game.gears.ai import resolve_card
    from game.gears.rules.procedures import Ctx, NeedDecision
    from tests.gears.test_ai_cards import put, scene

    s = scene(title, 2)
    if rules is not None:
        s.options["rules"] = rules
    near = [put(s, content, "drone", 1), put(s, content, "drone", 2), put(s, content, "wretch", 2)]
    if far:
        put(s, content, "wretch", 6)
    snap, answers, kinds = s.to_json(), [], []
    while True:
        s.restore(snap)
        ctx = Ctx(s, list(answers))
        try:
            resolve_card(ctx, content, content.ai_cards["base:2"])
            return kinds, ctx.events, near
        except NeedDecision as need:
            kinds.append(need.kind)
            answers.append(need.options[0])


def test_the_order_of_figures_none_of_which_acts_is_not_asked_from_revision_4(title, content):
    kinds, events, near = _horde_questions(title, content, 4, far=False)
    assert "activate_order" not in kinds
    stayed = [e for e in events if e.payload.get("stays")]
    assert sorted(e.payload["figure"] for e in stayed) == sorted(near)  # each still says why it stays
    assert all("stays where it is: the nearest COG is" in str(e.text) for e in stayed)


def test_a_game_of_revision_3_is_asked_the_order_as_it_was(title, content):
    kinds, events, near = _horde_questions(title, content, 3, far=False)
    assert kinds.count("activate_order") == len(near) - 1  # the last one left is not a choice
    assert sorted(e.payload["figure"] for e in events if e.payload.get("stays")) == sorted(near)


def test_the_order_is_still_asked_while_a_figure_left_would_act(title, content):
    """A Locust 6 areas away moves 3: who goes before it can matter (its move may open a Guard,
    whose kill can change the others' nearest COG), so the question stays while it is left."""
    kinds, events, near = _horde_questions(title, content, 4, far=True)
    assert "activate_order" in kinds
    assert sorted(e.payload["figure"] for e in events if e.payload.get("stays")) == sorted(near)


# Revision 5: spec 3.3, a COG may take an empty cover spot in its area at set-up and after a move.
# Played hot-seat (Hive, seed 7, three COGs in the Vault Door's two spots): the third COG's player
# got the hand-off card only to click 'Stay in the open', the one answer there was.

def _cover_questions(rules: int, seed: int = 7, actions: int = 400):
    """A Hive game of three bots: every cover question asked (the decider's area, its free spots)
    and the session."""
    from game import titles
    from game.gears.rules import turn as T

    sim = titles.get("gears").new_simulator()
    session = Session.start(sim.title, "hive", seed, {"players": 3, "rules": rules})
    bots, asked = {}, []
    for _ in range(actions):
        decider = session.decider
        if decider is None:
            break
        f = T.top(session.state) if session.state.proc is None else None
        if f is not None and f["f"] in ("cover", "setup_cover"):
            area = session.state.cogs[decider].area
            asked.append((f["f"], area, len(free_spots(session.state, area))))
        bot = bots.setdefault(decider, sim.bot(sim.bots[0], seed * 8 + len(bots)))
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    return asked, session


def test_a_cover_question_with_no_free_spot_is_not_asked_from_revision_5():
    asked, session = _cover_questions(5)
    assert asked and all(free for _f, _a, free in asked)  # asked only where a spot is free
    events = session.opening + [e for caused in session.events for e in caused]
    first_turn = next(i for i, e in enumerate(events) if e.kind == "turn")
    said = [(i, e) for i, e in enumerate(events) if e.kind == "no_cover" and e.payload.get("area")]
    assert all("stays in the open: no cover spot is free in" in str(e.text) for _i, e in said)
    # Both where it happens: the set-up's third COG in the two-spot start area, and after moves.
    at_setup = [e for i, e in said if i < first_turn]
    assert [e.payload["area"] for e in at_setup] == ["16B:bunker_door"]
    assert len(said) > len(at_setup)
    again = Session.replay(session.title, "hive", 7, session.options, session.actions)
    assert again.state_hash() == session.state_hash()


def test_a_game_of_revision_4_is_asked_to_stay_in_the_open_as_it_was():
    asked, _session = _cover_questions(4)
    assert ("setup_cover", "16B:bunker_door", 0) in asked
    assert any(f == "cover" and free == 0 for f, _a, free in asked)
