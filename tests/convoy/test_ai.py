"""The Convoy AI (issue 16 item 3): it decides on a view (the hidden parts of the state cannot
change its choice), plays whole games on both seats at both levels, answers the rules' questions,
takes the obvious good play, and keeps its random stream in saves."""
from __future__ import annotations

import io
import json

import pytest

from game import simulate as S
from game.convoy.ai import LEVELS, ConvoyAI
from game.convoy.rules.view import view_for
from game.engine.bots import RandomBot
from tests.convoy.helpers import NY, ZIGGY, M, O, T, pending, table, uid


def _states(seed: int, stops: int = 12):
    """Copies of one random game at its decision points (top-level actions and questions)."""
    s = T.new_game("standard", seed, {})
    bot = RandomBot(seed)
    out = []
    step = 0
    while T.current_decider(s) is not None and len(out) < stops:
        if step % 7 == 3:
            out.append(T.from_json(T.to_json(s)))
        T.apply(s, bot.choose(T.legal_actions(s)))
        step += 1
    return out


def _hide_differently(s):
    """The same game to the decider's eyes: the opponent's hand swapped with cards of its deck,
    both decks reordered, the game's random stream moved on."""
    me = 0 if T.current_decider(s) == "moloch" else 1
    other = 1 - me
    hand, deck = s.hand[other], s.deck[other]
    k = min(len(hand), len(deck))
    s.hand[other], s.deck[other] = deck[:k] + hand[k:], hand[:k] + deck[k:]
    s.deck[M].reverse()
    s.deck[O].reverse()
    s.rng.stream("main").below(9)
    return k


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_ai_cannot_read_the_opponents_hand_nor_the_deck_order(level):
    changed = 0
    for seed in (2, 5, 9):
        for s in _states(seed):
            if s.proc is not None:  # a question: rebuilding a paused resolution needs its own state
                continue
            acts = T.legal_actions(s)
            first = ConvoyAI(41, level).decide(s, acts)
            changed += _hide_differently(s) > 0
            again = ConvoyAI(41, level).decide(s, T.legal_actions(s))
            assert (again.action, again.reason) == (first.action, first.reason)
    assert changed >= 10  # the hidden parts really differed


def test_a_question_is_answered_on_the_view_too():
    for seed in (3, 4):
        s = T.new_game("standard", seed, {})
        bot = RandomBot(seed)
        while s.proc is None:
            T.apply(s, bot.choose(T.legal_actions(s)))
        seat = T.current_decider(s)
        acts = T.legal_actions(s)
        on_state = ConvoyAI(7).decide(s, acts)
        on_view = ConvoyAI(7).decide(view_for(s, seat), acts)
        assert on_state == on_view and on_state.action in acts


def test_levels_are_novice_and_expert_and_an_unknown_level_is_refused():
    assert set(LEVELS) == {"novice", "expert"}
    assert ConvoyAI(1).level.name == "expert"
    with pytest.raises(ValueError):
        ConvoyAI(1, "nightmare")


@pytest.mark.parametrize("moloch,outpost", [("novice", "expert"), ("expert", "novice"),
                                            ("expert", "expert"), ("novice", "novice")])
def test_whole_games_on_both_seats_at_both_levels(moloch, outpost):
    out, err = io.StringIO(), io.StringIO()
    S.run("convoy", "standard", 3, 21, None, out=out, err=err, seat_bots={"moloch": moloch, "outpost": outpost})
    rep = json.loads(out.getvalue())
    assert err.getvalue() == ""
    assert rep["errors"] == 0 and rep["unfinished"] == 0 and rep["replay_ok"]
    assert rep["moloch_wins"] + rep["outpost_wins"] == 3
    assert rep["seat_bots"] == {"moloch": moloch, "outpost": outpost}


def test_every_choice_is_legal_and_has_a_reason():
    s = T.new_game("standard", 13, {})
    bots = {"moloch": ConvoyAI(1, "expert"), "outpost": ConvoyAI(2, "novice")}
    n = 0
    while (d := T.current_decider(s)) is not None:
        acts = T.legal_actions(s)
        ch = bots[d].decide(s, acts)
        assert ch.action in acts and ch.reason and "{" not in ch.reason
        T.apply(s, ch.action)
        n += 1
    assert s.outcome in ("moloch", "outpost") and n > 20


def _play_out(s, seat, bot):
    """The bot's decisions while `seat` decides (its phase, its questions); their reasons."""
    reasons = []
    while T.current_decider(s) == seat and len(reasons) < 20:
        ch = bot.decide(s, T.legal_actions(s))
        reasons.append(ch.reason)
        T.apply(s, ch.action)
    return reasons


def test_moloch_wins_the_battle_it_can_win_with_the_card_in_hand():
    """New York is the active city: the Juggernaut (5) beats the Outpost's 4 there."""
    s = table(phase="III", m_hand=["juggernaut", "spiders"], cities={NY: ([], ["heavy_gunner", "militia"])},
              flipped=[0, 1, 2, 3])
    reasons = _play_out(s, "moloch", ConvoyAI(3))
    assert uid(s, "juggernaut") in s.slots[NY][M]
    assert any("Plays Juggernaut into New York" in r and "+5" in r for r in reasons)


def test_the_outpost_takes_the_battle_back_when_its_hand_can():
    s = table(phase="IV", o_hand=["heavy_gunner", "scout"], cities={ZIGGY: (["hunter"], [])})
    reasons = _play_out(s, "outpost", ConvoyAI(3))
    assert uid(s, "heavy_gunner") in s.slots[ZIGGY][O]
    assert any("Plays Heavy Gunner into Ziggy One" in r and "lead of 2 to 0" in r for r in reasons)


def test_the_outpost_snipes_the_robot_that_beats_it():
    s = table(phase="IV", o_hand=["sniper"], cities={ZIGGY: (["stormtrooper"], ["veteran"])})
    ch = ConvoyAI(3).decide(s, T.legal_actions(s))
    assert ch.action.kind == "instant" and ch.action.payload == {"card": uid(s, "sniper")}
    T.apply(s, ch.action)
    assert pending(s) is None or len(pending(s)["options"]) > 0
    # the one target is taken without asking; the Stormtrooper is gone
    assert uid(s, "stormtrooper") in s.discard[M]


def test_it_pays_with_its_cheapest_card_and_kills_the_strongest_soldier():
    s = table(phase="III", m_hand=["juggernaut", "spiders"],
              cities={ZIGGY: (["ripper_robot"], ["heavy_gunner", "scout"])})
    rip = uid(s, "ripper_robot")
    T.apply(s, next(a for a in T.legal_actions(s) if a.kind == "ability" and a.payload == {"card": rip}))
    assert pending(s)["kind"] == "pay"
    ch = ConvoyAI(5).decide(s, T.legal_actions(s))
    assert ch.action.payload == {"card": uid(s, "spiders")} and "worth least" in ch.reason
    T.apply(s, ch.action)
    assert pending(s)["kind"] == "target"
    ch = ConvoyAI(5).decide(s, T.legal_actions(s))
    assert ch.action.payload == {"card": uid(s, "heavy_gunner")} and "worth most" in ch.reason


def test_moloch_keeps_a_robot_in_new_york_in_mind():
    s = table(phase="III", m_hand=["juggernaut"], cities={ZIGGY: (["crusher"], ["scout"])})
    ch = ConvoyAI(3).decide(s, T.legal_actions(s))
    # Ziggy One is already won (4 to 1): the Juggernaut goes where it counts later, not into Ziggy One
    assert ch.action.kind == "pass" or ch.action.payload.get("city") != ZIGGY
    assert ch.action.kind == "pass" or ch.action.payload.get("city") == NY or "race" in ch.reason or "New York" in ch.reason


def test_the_random_stream_is_saved_and_restored():
    s = T.new_game("standard", 8, {})
    bot = ConvoyAI(11, "novice")
    saved = bot.get_state()
    acts = T.legal_actions(s)
    first = [bot.decide(s, acts) for _ in range(5)]
    again = ConvoyAI(0, "novice")
    again.set_state(json.loads(json.dumps(saved)))
    assert [again.decide(s, acts) for _ in range(5)] == first
    with pytest.raises(ValueError):
        again.set_state({"rng": "x"})


@pytest.mark.parametrize("expert_seat", ["moloch", "outpost"])
def test_the_expert_beats_the_novice_from_either_seat(expert_seat):
    """Issue 16: two AI levels that differ in skill, not in the side they favour. Over a fixed
    set of 16 games (seeds 500-515) the expert wins at least 10 from either seat (BALANCE.md
    measured 84% as Moloch and 84% as the Outpost over 100 games each)."""
    novice_seat = "outpost" if expert_seat == "moloch" else "moloch"
    out, err = io.StringIO(), io.StringIO()
    S.run("convoy", "standard", 16, 500, None, out=out, err=err,
          seat_bots={expert_seat: "expert", novice_seat: "novice"})
    rep = json.loads(out.getvalue())
    assert rep["errors"] == 0 and rep["unfinished"] == 0
    expert_wins = rep["moloch_wins"] if expert_seat == "moloch" else rep["outpost_wins"]
    assert expert_wins >= 10, rep


@pytest.mark.parametrize("language, one, more", [("en", "only 1 unit to", "units to"),
                                                 ("hu", "csak 1 harcra", "harcra képes egysége"),
                                                 ("el", "μόνο 1 μονάδα για", "μονάδες για")])
def test_the_mulligan_reason_counts_units_in_the_languages_plural(language, one, more):
    """The AI's mulligan reason said '4 unit(s)': a plural message (ngettext) says '1 unit' and
    '4 units', and Hungarian and Greek word each count as their grammar does."""
    from game import i18n
    from game.convoy.rules import board as B
    from game.engine.text import as_text

    def dealt(units: int):
        """A new game whose first seat's opening hand holds exactly `units` units (robots,
        soldiers, buildings): the hand's cards swapped with cards of the seat's deck."""
        s = T.new_game("standard", 1, {})
        me = B.SIDE_OF[T.current_decider(s)]
        is_unit = lambda u: B.defn(s, u).type in ("robot", "soldier", "building")  # noqa: E731
        pool = s.hand[me] + s.deck[me]
        want = [u for u in pool if is_unit(u)][:units]
        want += [u for u in pool if not is_unit(u)][:len(s.hand[me]) - units]
        s.deck[me] = [u for u in pool if u not in want]
        s.hand[me] = want
        return s, me

    seen = {}
    i18n.set_language(language)
    try:
        for units in (1, 4):
            s, me = dealt(units)
            acts = T.legal_actions(s)
            assert acts[0].kind == "mulligan"
            assert sum(1 for u in s.hand[me] if B.defn(s, u).type in ("robot", "soldier", "building")) == units
            seen[units == 1] = as_text(ConvoyAI(units, "expert").decide(s, acts).reason)
    finally:
        i18n.set_language("en")
    assert len(seen) == 2, seen
    assert one in seen[True] and "(" not in seen[True], seen[True]
    assert more in seen[False] and "(" not in seen[False], seen[False]


@pytest.mark.parametrize("language", ["hu", "el"])
def test_the_reason_of_an_answered_question_reads_in_the_language(language):
    """Played in Greek, the Outpost AI's panel ended a Greek line with 'the enemy card worth most
    where the battles are': the reasons of the rules' questions (pay with, kill which, ...) were
    put into the sentence as English strings. They are messages now, worded in the language."""
    from game import i18n
    from game.engine.text import as_text

    s = table(phase="III", m_hand=["juggernaut", "spiders"],
              cities={ZIGGY: (["ripper_robot"], ["heavy_gunner", "scout"])})
    rip = uid(s, "ripper_robot")
    T.apply(s, next(a for a in T.legal_actions(s) if a.kind == "ability" and a.payload == {"card": rip}))
    i18n.set_language(language)
    try:
        paid = as_text(ConvoyAI(5).decide(s, T.legal_actions(s)).reason)
        T.apply(s, ConvoyAI(5).decide(s, T.legal_actions(s)).action)
        killed = as_text(ConvoyAI(5).decide(s, T.legal_actions(s)).reason)
        english = [i18n.N_("the card in hand worth least"), i18n.N_("the enemy card worth most where the battles are")]
        worded = [i18n._(e) for e in english]
    finally:
        i18n.set_language("en")
    assert worded[0] != english[0] and worded[1] != english[1]
    assert worded[0] in paid and english[0] not in paid, paid
    assert worded[1] in killed and english[1] not in killed, killed


def _msgids(value, strings: list) -> set:
    """Every msgid inside a message (its parameters' too); plain strings among its parameters
    are added to `strings` (a plain string is worded once, in the language of that moment)."""
    from game.engine.text import Joined, Msg

    if isinstance(value, Msg):
        got = {value.msgid} | ({value.plural} if value.plural else set())
        for v in value.params.values():
            got |= _msgids(v, strings)
        return got
    if isinstance(value, Joined):
        return set().union(*(_msgids(p, strings) for p in value.parts))
    if isinstance(value, str):
        strings.append(value)
    return set()


def test_the_ais_reasons_have_their_own_words_not_the_buttons():
    """In Greek the Convoy AI's reasons began with the action's button label, a command to the
    person at the table ('Παίξε ...', 'Play this card'): the AI words what it does itself
    ('Plays ... into ...'). Over whole games on both seats, at both levels (the novice's random
    answers too), no msgid of a reason is a button's (an action's or a question option's label),
    and a reason holds no plain string (every part is worded in the language when read)."""
    labels: set = set()
    reasons: set = set()
    strings: list = []
    for seed, levels in ((13, ("expert", "novice")), (14, ("novice", "expert"))):
        s = T.new_game("standard", seed, {})
        bots = {"moloch": ConvoyAI(seed, levels[0]), "outpost": ConvoyAI(seed + 1, levels[1])}
        while (d := T.current_decider(s)) is not None:
            acts = T.legal_actions(s)
            for a in acts:
                labels |= _msgids(a.label, [])
            ch = bots[d].decide(s, acts)
            reasons |= _msgids(ch.reason, strings)
            T.apply(s, ch.action)
    assert len(labels) > 5 and len(reasons) > 10
    assert not reasons & labels, reasons & labels
    assert not [t for t in strings if not t.lstrip("+-").isdigit()], strings


def test_a_reasons_strengths_add_up_to_its_swing():
    """'Plays Sniper: in New York Outpost goes from 0 to 0 strength against 0 (swing +4)': the
    swing counted the Robot the Sniper killed, the sentence named only the Outpost's strength.
    When the other side's strength changes too, the reason gives it before and after, so the
    numbers add up to the swing in every reason of whole expert games."""
    import re

    from game.convoy.ai import ConvoyAI
    from game.convoy.rules import flow
    from game.convoy.rules.procedures import RESOLVER

    both = 0
    for seed in (1, 2):
        s = flow.new_state(seed)
        bots = {"moloch": ConvoyAI(seed, "expert"), "outpost": ConvoyAI(seed + 100, "expert")}
        for _ in range(600):
            acts = flow.legal_actions(s)
            if s.outcome is not None or not acts:
                break
            choice = bots[flow.decider(s)].decide(s, acts)
            said = choice.reason.english()
            m = re.search(r"goes from (-?\d+) to (-?\d+) strength, the \w+ from (-?\d+) to (-?\d+) \(swing ([+-]\d+)\)", said)
            if m:
                before, after, theirs0, theirs1, swing = map(int, m.groups())
                assert (after - before) - (theirs1 - theirs0) == swing, said
                both += 1
            m = re.search(r"goes from (-?\d+) to (-?\d+) strength against (-?\d+) \(swing ([+-]\d+)\)", said)
            if m:
                before, after, _theirs, swing = map(int, m.groups())
                assert after - before == swing, said
            flow.apply(s, choice.action)
        RESOLVER.release(s)
    assert both
