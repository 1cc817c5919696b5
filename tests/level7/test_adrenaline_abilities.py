"""Issue 14: the adrenaline abilities that act on the board (spec 8.6's PLACEHOLDER card texts, their
timing "own turn" or "any time" from the seed's p. 5: "some abilities only in your own turn, some
at any time"), played as the rules of 6.11 say (discard, pay the Fear cost first, never the last
card). Each test names the card and the spec sections it checks. Own-turn abilities are step-2
actions refused in plain words when they have no target; the "any time" ones are reactions asked of
their holder at their moment, in anyone's turn, and only when the holder may play one."""
from __future__ import annotations

from game.level7.content import shared_content
from game.level7.rules import foes
from game.level7.rules.maps import view

from tests.level7.engine_helpers import CROSS, VENTS, T, act, at, foe, game, next_event, refusal, settle, texts

C = shared_content()


def ability(s, card: str):
    return act(s, "adrenaline", card=card, use="ability", shift=0)


def options(s) -> list[dict]:
    return [dict(a.payload) for a in T.legal_actions(s)]


def answer(s, **payload):
    return T.apply(s, next(a for a in T.legal_actions(s) if all(a.payload.get(k) == v for k, v in payload.items())))


# ---------------------------------------------------------------------------- Duck and Cover (any time)

def test_8_6_duck_and_cover_cancels_an_attack_in_another_players_turn():
    """8.6 Duck and Cover ("any time, before an enemy's attack dice are rolled: cancel that attack;
    the enemy still counts as activated"), 11 #12: the attacked Subject 2 is asked in Subject 1's
    event step, before the clone's dice; no dice, no discard, no +1 Fear for being attacked."""
    s = game(tiles=CROSS)
    me = at(s, "subject_2", "T36")
    me.hand = ["duck_and_cover#1", "scrounge#1", "scrounge#2"]
    me.fear = 5
    e = foe(s, "clone", "T36")
    next_event(s, "E02")  # box with 2 starting players: clones
    act(s, "end_turn")
    assert T.current_decider(s) == "subject_2" and s.proc["pending"]["kind"] == "defend"
    assert {"card": "duck_and_cover", "use": "ability"} in options(s)
    events = settle(s, answer(s, card="duck_and_cover", use="ability"))
    said = texts(events)
    assert "is cancelled" in said and f"{e.key}" not in [ev.payload.get("enemy") for ev in events if ev.kind == "roll"]
    assert me.fear == 6  # its +1 cost only: no +1 for being attacked
    assert not [ev for ev in events if ev.kind == "discard"]  # (Subject 2's own turn then draws a card)
    assert {"scrounge#1", "scrounge#2"} <= set(me.hand) and "duck_and_cover#1" in s.adrenaline.discard_pile


def test_8_6_duck_and_cover_is_not_a_step_2_action():
    """6.11: an "any time" ability still needs its moment; on your own turn with no attack coming
    the play is refused with the reason."""
    s = game(tiles=CROSS)
    s.characters["subject_1"].hand = ["duck_and_cover#1", "sprint#1"]
    assert "when an enemy attacks you" in refusal(s, "adrenaline", card="duck_and_cover#1", use="ability", shift=0)


# ---------------------------------------------------------------------------- Steel Nerves (any time)

def test_8_6_steel_nerves_cancels_the_fear_of_leaving_the_darkness():
    """8.6 Steel Nerves ("any time: cancel one +1 Fear you are about to gain: attack, darkness or
    vent"; cost 0 since BALANCE.md's Steel Nerves trial, -1 before), 6.12's darkness Fear, 6.11's cost
    paid first: Fear 3 stays 3, the gain cancelled (4 without the card)."""
    s = game(tiles=[("T07", 0, 0, 0), ("T36", 1, 0, 0)])
    me = s.characters["subject_1"]
    me.hand = ["steel_nerves#1", "sprint#1"]
    s.tokens["darkness"].append("T07")
    act(s, "move", to="T36")
    assert s.proc["pending"]["kind"] == "cancel_fear" and s.proc["pending"]["about"]["cause"] == "darkness"
    events = answer(s, card="steel_nerves")
    assert me.fear == 3 + C.adrenaline["steel_nerves"].fear_cost == 3 and me.tile == "T36"
    assert "1 Fear cancelled" in texts(events)
    s2 = game(tiles=[("T07", 0, 0, 0), ("T36", 1, 0, 0)])
    s2.characters["subject_1"].hand = ["steel_nerves#1", "sprint#1"]
    s2.tokens["darkness"].append("T07")
    act(s2, "move", to="T36")
    answer(s2, card="")
    assert s2.characters["subject_1"].fear == 4 and "steel_nerves#1" in s2.characters["subject_1"].hand


def test_8_6_steel_nerves_answers_an_enemy_attack_in_another_players_turn():
    """8.6 Steel Nerves against the +1 Fear of being attacked (6.12), asked of the attacked
    Subject 2 in Subject 1's turn after the dice."""
    s = game(tiles=CROSS)
    me = at(s, "subject_2", "T36")
    me.hand = ["steel_nerves#1", "scrounge#1", "scrounge#2", "scrounge#3"]
    me.fear = 5
    foe(s, "clone", "T36")
    next_event(s, "E02")
    act(s, "end_turn")
    while s.proc is not None and s.proc["pending"]["kind"] != "cancel_fear":
        T.apply(s, T.legal_actions(s)[0])  # the defence (nothing to play but Steel Nerves' bonus), discards
    assert s.proc is not None and T.current_decider(s) == "subject_2"
    assert s.proc["pending"]["about"]["cause"] == "attack"
    before = me.fear
    settle(s, answer(s, card="steel_nerves"))
    assert me.fear == before  # the +1 of the attack cancelled, the card's cost 0


def test_8_6_steel_nerves_is_not_offered_when_it_cannot_be_played():
    """6.11: never the last card: then no question at all. At the track's bottom it is asked (its cost
    is 0, BALANCE.md; a -1 cost's room is test_tracks.py's)."""
    s = game(tiles=[("T07", 0, 0, 0), ("T36", 1, 0, 0)])
    me = s.characters["subject_1"]
    me.hand = ["steel_nerves#1"]
    s.tokens["darkness"].append("T07")
    act(s, "move", to="T36")
    assert s.proc is None and me.fear == 4
    s = game(tiles=[("T07", 0, 0, 0), ("T36", 1, 0, 0)])
    me = s.characters["subject_1"]
    me.hand, me.fear = ["steel_nerves#1", "sprint#1"], C.fear_track.min
    s.tokens["darkness"].append("T07")
    act(s, "move", to="T36")
    assert s.proc["pending"]["kind"] == "cancel_fear"
    settle(s, answer(s, card="steel_nerves"))
    assert me.fear == C.fear_track.min and me.hand == ["sprint#1"]


def test_8_6_steel_nerves_cancels_the_vents_fear():
    """8.6 Steel Nerves with 6.2's vent Fear."""
    s = game(tiles=VENTS)
    me = s.characters["subject_1"]
    me.hand = ["steel_nerves#1", "sprint#1", "sprint#2"]
    next_event(s)
    act(s, "vent", to="T09")
    assert s.proc["pending"]["about"]["cause"] == "vent"
    settle(s, answer(s, card="steel_nerves"))
    assert me.tile == "T09" and me.fear == 3  # the vent's +1 cancelled, the card's cost 0


# ---------------------------------------------------------------------------- Lend a Hand (any time)

def test_8_6_lend_a_hand_on_your_turn_gives_a_near_character_a_card():
    """8.6 Lend a Hand ("one other character on your tile or a connected tile draws 1 adrenaline
    card, hand limit applies"), 6.11's range; refused with nobody in range."""
    s = game(tiles=CROSS)
    me, other = s.characters["subject_1"], at(s, "subject_2", "T42")
    me.hand = ["lend_a_hand#1", "sprint#1"]
    other.hand = ["sprint#2"]
    ability(s, "lend_a_hand#1")
    assert len(other.hand) == 2 and me.hand == ["sprint#1"]
    s = game(tiles=CROSS + [("T38", 1, 1, 0)])
    s.characters["subject_1"].hand = ["lend_a_hand#1", "sprint#1"]
    at(s, "subject_2", "T38")  # two tiles away
    assert "No other character" in refusal(s, "adrenaline", card="lend_a_hand#1", use="ability", shift=0)


def test_8_6_lend_a_hand_is_offered_while_helping_a_challenge_in_another_players_turn():
    """6.11 (helping within one connected tile) with 8.6 Lend a Hand: the helper, asked before the
    roller's dice, may instead give the roller a card; only when the roller's hand has room."""
    s = game(tiles=CROSS)
    helper = at(s, "subject_2", "T36")
    helper.hand = ["lend_a_hand#1", "scrounge#1", "scrounge#2"]
    roller = s.characters["subject_1"]
    roller.hand = ["sprint#1", "sprint#2"]
    e = foe(s, "clone", "T07")
    act(s, "attack", enemy=e.key)
    assert T.current_decider(s) == "subject_2" and s.proc["pending"]["kind"] == "help"
    assert {"card": "lend_a_hand", "use": "ability"} in options(s)
    answer(s, card="lend_a_hand", use="ability")
    assert len(roller.hand) == 3 and "lend_a_hand#1" not in helper.hand
    settle(s)
    full = game(tiles=CROSS)
    at(full, "subject_2", "T36").hand = ["lend_a_hand#1", "sprint#3"]
    full.characters["subject_1"].hand = ["sprint#1", "sprint#2", "scrounge#1", "scrounge#2"]  # Vitality 4: full
    e = foe(full, "clone", "T07")
    act(full, "attack", enemy=e.key)
    assert full.proc is None or {"card": "lend_a_hand", "use": "ability"} not in options(full)


# ---------------------------------------------------------------------------- own-turn abilities

def test_8_6_hold_your_breath_hides_you_from_enemies_on_other_tiles_until_your_next_turn():
    """8.6 Hold Your Breath (own turn: "until the start of your next turn, enemies that are not on
    your tile ignore you when choosing a target"), 7.4's targeting: the clone next door moves toward
    the other character instead; on Subject 1's next turn the effect ends."""
    s = game(tiles=CROSS)
    me, other = s.characters["subject_1"], at(s, "subject_2", "T42")
    me.hand, me.fear = ["hold_your_breath#1", "sprint#1", "sprint#2"], 6
    other.fear = 2
    e = foe(s, "clone", "T36")
    ability(s, "hold_your_breath#1")
    assert me.fear == 8 and s.flags["unseen"] == ["subject_1"]
    sit = foes.situation(s)
    from game.level7.rules import targeting

    assert targeting.move_target(sit, sit.figure(e.key)).target.name == other.name
    next_event(s, "E02")
    settle(s, act(s, "end_turn"))
    assert "subject_1" in s.flags["unseen"]  # through Subject 2's turn
    settle(s, act(s, "end_turn"))
    assert "subject_1" not in s.flags.get("unseen", [])


def test_8_6_hold_your_breath_does_not_hide_you_from_an_enemy_on_your_tile():
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.hand = ["hold_your_breath#1", "sprint#1"]
    e = foe(s, "clone", "T07")
    ability(s, "hold_your_breath#1")
    from game.level7.rules import targeting

    sit = foes.situation(s)
    assert targeting.attack_target(sit, sit.figure(e.key)).target.name == me.name


def test_8_6_slip_away_leaves_a_pinned_tile_without_a_challenge():
    """8.6 Slip Away (own turn: "this turn you may leave your tile even though active enemies are
    on it"), 6.1's pin; refused when nothing holds you."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.hand = ["slip_away#1", "sprint#1"]
    assert "No active enemy holds you" in refusal(s, "adrenaline", card="slip_away#1", use="ability", shift=0)
    foe(s, "guard", "T07")
    assert "stops you leaving" in refusal(s, "move", to="T36")
    ability(s, "slip_away#1")
    act(s, "move", to="T36")
    assert me.tile == "T36" and not s.turn.challenge_used and me.threat == 0


def test_8_6_scrounge_draws_an_item_card():
    """8.6 Scrounge (own turn: "draw 1 item card"); the carry limit of 6.10 applies as for any draw."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.hand = ["scrounge#1", "sprint#1"]
    top = s.items.draw_pile[0]
    events = ability(s, "scrounge#1")
    assert me.items == [top] and me.fear == 4 and "Scrounge" in texts(events)


def test_8_6_brute_force_removes_a_locked_door_token_with_no_challenge_and_no_threat():
    """8.6 Brute Force (own turn: "remove a locked-door token from a door of your tile, no challenge,
    no Threat"), 6.8's tokens; refused with no locked door on your tile."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.hand = ["brute_force#1", "sprint#1"]
    assert "No door of your tile" in refusal(s, "adrenaline", card="brute_force#1", use="ability", shift=0)
    s.tokens["locked"].append(["T07", "E", 0])
    s._graph = None
    supply = s.tokens["supply"]["locked"]
    ability(s, "brute_force#1")
    assert s.tokens["locked"] == [] and s.tokens["supply"]["locked"] == supply + 1
    assert me.threat == 0 and not s.turn.challenge_used
    act(s, "move", to="T36")
    assert me.tile == "T36"


def test_8_6_distraction_moves_a_guard_within_two_one_tile():
    """8.6 Distraction (own turn: "move one active guard within distance 2 of you 1 tile in any legal
    direction"), 3.5's limit (never onto a full tile): the guard holding Subject 1 is lured away and
    the tile can be left; a stunned guard or one farther away cannot be chosen."""
    s = game(tiles=CROSS + [("T38", 1, 1, 0)])
    me = s.characters["subject_1"]
    me.hand = ["distraction#1", "sprint#1", "sprint#2"]
    assert "No active guard within 2 moves" in refusal(s, "adrenaline", card="distraction#1", use="ability", shift=0)
    g = foe(s, "guard", "T07")
    foe(s, "guard", "T38", stunned=True)
    ability(s, "distraction#1")
    moves = options(s)
    assert {m["enemy"] for m in moves} == {g.key}
    assert {m["tile"] for m in moves} == {o for o, k, _ in view(s).neighbours(s, "T07") if k == "door"}
    answer(s, enemy=g.key, tile="T40")
    assert g.tile == "T40" and me.fear == 5
    act(s, "move", to="T36")
    assert me.tile == "T36"


def test_8_6_primal_scream_stuns_a_clone_on_your_tile():
    """8.6 Primal Scream (own turn: "stun one active clone on your tile"), 6.1: the stunned clone no
    longer holds you; refused with no active clone on your tile."""
    s = game(tiles=CROSS)
    me = s.characters["subject_1"]
    me.hand = ["primal_scream#1", "sprint#1"]
    foe(s, "guard", "T07")
    assert "No active clone" in refusal(s, "adrenaline", card="primal_scream#1", use="ability", shift=0)
    s.enemies.clear()
    e = foe(s, "clone", "T07")
    ability(s, "primal_scream#1")
    assert e.stunned and me.fear == 5
    act(s, "move", to="T36")
    assert me.tile == "T36"


# ---------------------------------------------------------------------------- windows only when possible

def test_6_11_a_reaction_is_asked_in_another_players_turn_only_when_it_can_be_played():
    """6.11, 8.6: the same attack on Subject 2 in Subject 1's turn asks Subject 2 about Duck and
    Cover only while they hold it and may play it (not as the last card, with room for the cost);
    with no Toughness card and no such ability there is no question and the dice roll at once."""
    def attacked(hand, fear=5):
        s = game(tiles=CROSS)
        me = at(s, "subject_2", "T36")
        me.hand, me.fear = hand, fear
        foe(s, "clone", "T36")
        next_event(s, "E02")
        act(s, "end_turn")
        return s

    s = attacked(["duck_and_cover#1", "sprint#1"])
    assert s.proc["pending"]["decider"] == "subject_2" and {"card": "duck_and_cover", "use": "ability"} in options(s)
    s = attacked(["sprint#1", "scrounge#1"])
    assert s.proc is None or s.proc["pending"]["kind"] not in ("defend", "cancel_fear")
    s = attacked(["duck_and_cover#1"])  # the last card: never played
    assert s.proc is None or s.proc["pending"]["kind"] != "defend"
    s = attacked(["duck_and_cover#1", "sprint#1"], fear=C.fear_track.max)  # no room for its +1 cost
    assert s.proc is None or s.proc["pending"]["kind"] != "defend"


def test_a_reactions_options_stay_hidden_from_the_other_seats():
    """Hidden information (docs/LEVEL7.md "Engine"): Subject 2's Duck and Cover question names the
    card in its options; Subject 1's view has the question's kind and decider but not the options,
    and no card of Subject 2's hand."""
    from game.level7.rules.view import hand_size, view_for

    s = game(tiles=CROSS)
    me = at(s, "subject_2", "T36")
    me.hand, me.fear = ["duck_and_cover#1", "sprint#1", "scrounge#1"], 5
    foe(s, "clone", "T36")
    next_event(s, "E02")
    act(s, "end_turn")
    assert s.proc["pending"]["decider"] == "subject_2"
    seen = view_for(s, "subject_1")
    assert seen.proc["pending"]["kind"] == "defend" and seen.proc["pending"]["options"] == []
    assert seen.characters["subject_2"].hand == [] and hand_size(seen, "subject_2") == 3
    own = view_for(s, "subject_2")
    assert {"card": "duck_and_cover", "use": "ability"} in own.proc["pending"]["options"]
