"""game/level7/rules/queries.py: the walks the table lights (spec 5.2, 6.1, 3.3) and the challenge
previews (spec 6.3-6.4): each answer agrees with what legal_actions and apply then do."""
from __future__ import annotations

from fractions import Fraction

from game.engine.protocol import Action
from game.engine.session import Session
from game.level7.content import shared_content
from game.level7.rules import challenge as C
from game.level7.rules.queries import challenge_preview, reachable
from game.level7.rules.state import Enemy
from game.level7.rules.title import Level7Title


def answered(s: Session) -> Session:
    """Every pending question answered with its first option (a skill's Fear shift at the start
    of a turn, an event's choice...), until the active player acts in step 2."""
    while s.state.proc is not None and not s.is_over():
        s.apply(s.legal_actions()[0])
    return s


def explored_game(seed: int = 1, explores: int = 1) -> Session:
    """Scenario 1, one player, after exploring `explores` times (the first door, the first way
    offered) and answering what the rules asked."""
    s = answered(Session.start(Level7Title(), "s1", seed=seed, options={"players": 1}))
    for _ in range(explores):
        explore = next((a for a in s.legal_actions() if a.kind == "explore"), None)
        if explore is None or s.is_over():
            break
        s.apply(explore)
        answered(s)
    return s


def guarded(seed: int = 1) -> tuple[Session, Action]:
    """explored_game with an active guard put on the active character's tile: its Attack."""
    s = explored_game(seed)
    s.state.enemies.append(Enemy("guard", 1, s.state.player.tile))
    return s, next(a for a in s.legal_actions() if a.kind == "attack")


def test_each_first_step_of_a_walk_is_a_legal_move():
    for seed in range(1, 8):
        s = explored_game(seed, 2)
        reach = reachable(s.state)
        moves = {a.payload["to"] for a in s.legal_actions() if a.kind == "move"}
        assert {p[0] for p in reach.values()} <= moves
        assert moves <= set(reach)  # every legal move is lit
        for tile, path in reach.items():
            assert path[-1] == tile and len(path) <= s.state.turn.moves_left


def test_a_walk_followed_move_by_move_is_legal_all_the_way():
    for seed in range(1, 8):
        s = explored_game(seed, 2)
        for tile, path in sorted(reachable(s.state).items(), key=lambda kv: -len(kv[1]))[:1]:
            for step in path:
                assert Action("move", {"to": step}) in s.legal_actions()
                s.apply(Action("move", {"to": step}))
                if s.state.proc or s.state.turn.step != 2:
                    break


def test_nothing_is_lit_while_a_decision_is_pending():
    s = answered(Session.start(Level7Title(), "s1", seed=1, options={"players": 1}))
    s.apply(next(a for a in s.legal_actions() if a.kind == "explore"))
    assert s.state.proc is not None and reachable(s.state) == {}


def test_an_active_guard_on_the_tile_holds_the_walker():
    """Spec 6.1: an active enemy on your tile keeps you there: nothing is lit."""
    s = explored_game(1)
    st = s.state
    assert st.proc is None and st.turn.step == 2 and reachable(st)
    st.enemies.append(Enemy("guard", 1, st.player.tile))
    assert reachable(st) == {}


def test_the_attack_preview_is_the_challenge_modules_exact_odds():
    s, attack = guarded()
    st = s.state
    prev = challenge_preview(st, attack)
    c = shared_content()
    target = C.Foe("guard1", "guard", True)
    assert prev.attribute == "strength" and prev.level == c.enemies["guard"].toughness
    assert prev.dice == sum(t.amount for t in prev.terms)
    assert prev.outcomes == C.attack_odds(c, prev.dice, target)
    assert prev.chance == C.success_chance(c, C.attack_challenge(c, target), prev.dice)
    assert Fraction(0) < prev.chance < 1


def test_the_preview_rolls_the_dice_the_action_rolls():
    """The roll event of the attack has as many dice as the preview said."""
    s, attack = guarded()
    prev = challenge_preview(s.state, attack)
    rolled = next(e for e in s.apply(attack) if e.kind == "roll")
    assert len(rolled.payload["faces"]) == prev.dice


def test_no_preview_for_a_refused_or_non_challenge_action():
    s = explored_game(1)
    st = s.state
    assert challenge_preview(st, Action("attack", {"enemy": "guard9"})) is None
    assert challenge_preview(st, Action("end_turn", {})) is None


def test_a_proposed_bonus_card_adds_its_dice_and_pays_its_fear():
    """Spec 6.11 (bonus cards add dice, docs/LEVEL7.md readings): each legal bonus play of the
    hand that raises the challenge's attribute, and the odds once it is played; playing it makes
    the preview exactly that."""
    from game.level7.rules.queries import bonus_previews

    s, attack = guarded()
    st = s.state
    st.player.hand = ["surge_of_strength#1", "sprint#1", "quick_thinking#1"]
    base = challenge_preview(st, attack)
    got = {play.payload["card"].split("#")[0]: (play, prev) for play, prev in bonus_previews(st, attack)}
    c = shared_content()
    assert set(got) == {k for k in ("surge_of_strength", "sprint", "quick_thinking") if "strength" in c.adrenaline[k].bonus}
    play, prev = got["surge_of_strength"]
    assert play in s.legal_actions()
    assert prev.dice == base.dice + c.adrenaline["surge_of_strength"].bonus["strength"] and prev.chance > base.chance
    assert prev.chance == C.success_chance(c, C.attack_challenge(c, C.Foe("guard1", "guard", True)), prev.dice)
    s.apply(play)
    assert challenge_preview(s.state, attack) == prev  # the bonus in play: the preview counts it


def test_a_helper_sees_the_rollers_odds_with_each_card():
    """Spec 6.11: asked before the dice, a helper's options each give the roller's exact odds."""
    from game.level7.rules.queries import help_previews

    s = answered(Session.start(Level7Title(), "s1", seed=1, options={"players": 2}))
    st = s.state
    me, other = st.characters[st.turn.player], next(ch for ch in st.characters.values() if ch.id != st.turn.player)
    other.tile = me.tile
    other.hand = ["surge_of_strength#2", "sprint#2"]
    st.enemies.append(Enemy("guard", 1, me.tile))
    attack = next(a for a in s.legal_actions() if a.kind == "attack")
    base = challenge_preview(st, attack)
    s.apply(attack)
    assert st.proc["pending"]["kind"] == "help" and st.proc["pending"]["decider"] == other.id
    odds = help_previews(st, attack)
    assert odds[""] == base
    assert odds["surge_of_strength"].dice == base.dice + 2 and odds["surge_of_strength"].chance > base.chance


def test_a_reroll_option_gives_the_exact_chance_after_it():
    """Spec 6.3 rerolls: keeping the rest, the chosen dice rolled again; counted by hand here
    over the die's six faces for one die."""
    from game.level7.rules.queries import reroll_chance

    s, attack = guarded()
    c = shared_content()
    die = c.dice["level7"]
    faces = [{"strength": 1}, {}, {"intelligence": 1}]  # one Strength icon: a guard needs 3
    level = C.attack_challenge(c, C.Foe("guard1", "guard", True)).level
    for i in range(3):
        kept = sum(f.get("strength", 0) for j, f in enumerate(faces) if j != i)
        hits = sum(1 for f in die.faces if kept + dict(f.symbols).get("strength", 0) >= level)
        assert reroll_chance(s.state, attack, faces, [i]) == Fraction(hits, len(die.faces))


def test_a_walk_never_passes_the_swarm():
    """Spec 9.4 (errata p. 11: moving onto a swarm tile kills): a swarm tile may be the end of a
    walk, a click there, never a tile walked through."""
    from tests.level7.engine_helpers import CROSS, game

    st = game(tiles=CROSS, players=1)
    at_ = st.characters["subject_1"]
    at_.tile = "T36"
    st.turn.moves_left = 3
    assert reachable(st)["T40"] == ["T07", "T40"]
    st.tokens["swarm"] = ["T07"]
    reach = reachable(st)
    assert reach.get("T07") == ["T07"] and "T40" not in reach


def test_the_preview_says_the_threat_the_attempt_costs():
    """Attacking a guard costs +1 Threat whatever the outcome (seed p. 10), and so does each
    attack made carrying the Pistol (spec 8.5 PLACEHOLDER); the preview did not say so, and a
    player saw it only in the log afterwards. It gives the Threat the attack then gains, and
    what costs it; against a clone without the Pistol, none."""
    from game.engine.text import as_text

    s, attack = guarded()
    st = s.state
    st.player.items.append("pistol#1")
    prev = challenge_preview(st, attack)
    assert (prev.threat, as_text(prev.threat_why)) == (2, "attacking a guard, Pistol")
    before = st.player.threat
    s.apply(attack)
    assert st.player.threat - before == prev.threat

    s = explored_game(1)
    s.state.enemies.append(Enemy("clone", 1, s.state.player.tile))
    clone = next(a for a in s.legal_actions() if a.kind == "attack")
    assert challenge_preview(s.state, clone).threat == 0


def test_a_click_on_a_tile_out_of_reach_says_why_in_moves_or_where_the_walk_stops():
    """At 1280x720 a click on a tile two doors away read 'No door joins your tile to that one.':
    the rules' refusal of a one-step move, true but no reason to a player who counts the doors.
    walk_refusal says how many moves away it is against the moves left, or which tile on the
    way ends a walk; a locked door next to you and being held keep the rules' own reasons."""
    from game.engine.text import as_text
    from game.level7.rules.queries import walk_refusal
    from tests.level7.engine_helpers import CROSS, at, foe, game

    s = game(tiles=CROSS, players=1)
    at(s, "subject_1", "T36")  # east of T07; T40 is south of T07: two doors away
    s.turn.moves_left = 1
    assert "T40" not in reachable(s)
    assert as_text(walk_refusal(s, "T40")) == "That tile is 2 moves away; you have 1 move left."
    s.turn.moves_left = 2
    clone = foe(s, "clone", "T07")
    assert "T40" not in reachable(s)
    assert as_text(walk_refusal(s, "T40")) == ("A walk there stops on the way, on Corridor 101-A (an active enemy, "
                                               "darkness or its event).")
    s.turn.moves_left = 1  # too far as well: the distance is the first reason
    assert as_text(walk_refusal(s, "T40")) == "That tile is 2 moves away; you have 1 move left."
    s.turn.moves_left = 2
    s.enemies.remove(clone)
    s.tokens["locked"].append(["T36", "W", 0])
    s._graph = None
    assert as_text(walk_refusal(s, "T07")) == "That door is locked."
    assert as_text(walk_refusal(s, "T40")) == "No way of open doors leads there from your tile."
    s.tokens["locked"].clear()
    s._graph = None
    foe(s, "guard", "T36")
    assert as_text(walk_refusal(s, "T40")).startswith("An active enemy on your tile stops you leaving")
