"""The Guard buttons show their odds: a player deciding whether to spend a Guard card, and with
which weapon, saw "Guard: Lancer Assault Rifle, normal" and nothing of its chance, where a shot
in the Order Step shows "Health 2: 42.0% to kill it". Each Guard button now ends with the
chance that its attack kills the Locust, read from ai.guard_kill_chance: the preview of the
very attack guard_window resolves (seed p. 24: the Guard is an attack before the Locust acts)."""
from __future__ import annotations

from fractions import Fraction

from game.gears import ai
from game.gears.rules import attack as A
from game.gears.rules.title import GearsTitle, shared_content
from game.ui.gears import choices as C
from tests.gears.built import BLANK, ai_on_top, built_session, give_hand, put, stack_dice, turn_of


def _guard_question():
    """P2's turn ends with P1 holding a Guard card beside a Drone; base:5 next (each Drone
    attacks a COG within 3 range): the Drone's attack opens P1's Guard question."""
    def build(state):
        p1 = state.players[0]
        state.locusts.clear()
        put(state, shared_content(), "drone", state.cogs[p1].area)
        give_hand(state, p1, ["ambush", "sit_tight", "sit_tight"])
        give_hand(state, state.players[1], ["teamwork", "teamwork"])
        ai_on_top(state, "base:5")
        stack_dice(state, attack=[BLANK] * 300)
        turn_of(state, 1)

    session = built_session(GearsTitle(), "emergence", 5, 2, build)
    for _ in range(30):
        acts = session.legal_actions()
        guards = [a for a in acts if a.kind == "guard" and a.payload.get("guard")]
        if guards:
            return session, guards
        session.apply(next((a for a in acts if a.kind == "end"), None) or next((a for a in acts if a.kind == "skip"), acts[0]))
    raise AssertionError("no Guard question came")


def test_each_guard_button_shows_the_kill_chance_of_its_own_attack_seed_p24():
    session, guards = _guard_question()
    state, content = session.state, session.title.content
    lid = next(iter(state.locusts))
    seen = {}
    for a in guards:
        p = a.payload
        if p["mode"] == "chainsaw":
            kill = A.chainsaw_preview(state, content, p["guard"], lid).kill
        else:
            kill = A.cog_attack_preview(state, content, p["guard"], lid, p["weapon"], p["mode"]).kill
        assert ai.guard_kill_chance(state, content, p, lid) == kill
        label = C.option_label(state, content, a)
        p_ = round(float(kill) * 100)
        assert label.endswith(f"({'<1' if kill and not p_ else p_}% to kill)"), label
        seen[(p["weapon"], p["mode"])] = kill
    # An Overwhelming attack rolls more dice than a normal one with the same weapon: better odds.
    assert seen[("lancer", "overwhelming")] > seen[("lancer", "normal")] > 0
    assert seen[("chainsaw", "chainsaw")] > 0


def test_no_odds_without_a_guard_or_a_locust():
    session, guards = _guard_question()
    state, content = session.state, session.title.content
    p = guards[0].payload
    assert ai.guard_kill_chance(state, content, p, "no_such_locust") is None
    assert ai.guard_kill_chance(state, content, {"guard": None}, next(iter(state.locusts))) is None
    assert isinstance(ai.guard_kill_chance(state, content, p, next(iter(state.locusts))), Fraction)


def test_a_card_clicked_for_a_guard_keeps_the_question_on_the_line(make_app):
    """Played in Hungarian at 1920x1080: a click on Ambush to Guard replaced "Drone 1 is about
    to move: Guard?" by "Ambush: how will you use it?", and the player choosing between a Lancer
    and a Snub Pistol Guard no longer read which Locust it was against. The line keeps the
    question and names the card."""
    from tests.ui.test_gears_table_items import drive, guard_asked_table

    app, table = guard_asked_table(make_app, ["blind_fire", "ambush", "scavenging", "sit_tight"])
    assert drive(table, lambda t: t.session.decider == "P1" and any(
        a.kind == "guard" and a.payload.get("guard") for a in t.session.legal_actions()))
    # Beside the lone "No Guard" button the line says the lit cards are the other answers.
    hint = table.hint()
    assert hint.endswith("Guard? (click a lit card)"), hint
    question = hint.removesuffix(" (click a lit card)")
    card = next(c for c in table.choices.cards if c.startswith("ambush"))
    table.click_card(card)
    text, buttons = table.prompt_choices()
    assert text == f"{question} With Ambush:"
    assert any(label.startswith("Guard: Lancer Assault Rifle, normal (") for label, _a, _p in buttons)


def test_a_card_clicked_in_the_order_step_asks_how_it_is_used(make_app):
    from tests.ui.test_gears_table_items import built_table

    app, table = built_table(make_app, lambda state: None)
    card = next(iter(table.choices.cards))
    table.click_card(card)
    assert table.prompt_choices()[0].endswith(": how will you use it?")
