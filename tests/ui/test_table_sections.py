"""The side panel's sections as layers of their own (issue 19; GameTable.section_key,
Layer.draw_down): after an action only the sections whose key changed are laid out and painted
again (a log line added paints the Log section, a wound the Squad section, a new AI card the AI
section, a stage flip the Stage section), the others are blitted from their copies, and the
strips' keys are worked out again only when what they read changes (strip_inputs). Every frame
after an action must have exactly the pixels of the same state drawn whole, from nothing."""
from __future__ import annotations

import pygame
import pytest

from tests.ui.conftest import same_frame
from tests.ui.test_table_moving import FixedClock, _gears_table, _whole

SECTIONS = ("stage", "squad", "ai", "log")


def _built_emergence(state) -> None:
    """Emergence for two, set up so that within the first actions a stage flips, AI cards are
    drawn and COGs are wounded, whatever the bots choose and the enemy data says: every hole is
    sealed, the last by a Bolo Grenade (Stage 1's flip condition, spec 9.2.1: the card flips
    after the first action); two Drones stand with the COGs and base:5 ("Each Drone ... attacks
    a COG within 3 range") is the first AI card; every attack die rolls a hit and every defence
    die a blank (the Locust Activation Step after P1's turn wounds a COG)."""
    from game.gears.rules.title import shared_content
    from tests.gears.built import HIT1, SH0, ai_on_top, put, seal_all_holes_by_bolo, stack_dice

    content = shared_content()
    seal_all_holes_by_bolo(state)
    here = state.cogs[state.players[1]].area
    for _ in range(2):
        put(state, content, "drone", here)
    ai_on_top(state, "base:5")
    stack_dice(state, attack=[HIT1] * 300, defence=[SH0] * 300)


def _bots_play_and_compare(make_app, actions: int, size=(1280, 720), seed: int = 10) -> dict[str, int]:
    """Two bots play the Gears table from a built Emergence (_built_emergence: a stage flip, AI
    cards and a wound come within the first actions, whatever the bots choose and the enemy data
    says); every frame drawn after an action, in part or whole, is compared with the same state
    drawn whole. Returns how many frames after an action showed each kind of change with the
    sections painted for it."""
    app, session, table = _gears_table(make_app, ["bot", "bot"], seed=seed, size=size, clock=False,
                                       bot_delay_ms=0, animate=False, build=_built_emergence)
    app.clock = FixedClock()
    app.step()
    seen = {"in part": 0, "log line alone": 0, "wound": 0, "ai card": 0, "stage flip": 0}
    for _n in range(6 * actions):
        if session.is_over() or len(session.actions) >= actions:
            break
        version, stage, ai_card = table.state_version, session.state.stage, table.ai.card
        hands = {p: len(c.hand) for p, c in session.state.cogs.items()}
        drawn = {name: table.section_layers[name].drawn for name in SECTIONS}
        before = table.frames_in_part
        if not app.step() or table.state_version == version:
            continue
        painted = {name for name in SECTIONS if table.section_layers[name].drawn > drawn[name]}
        events = {e.event.kind for e in session.log.tail(40) if e.step == len(session.actions) - 1}
        got = pygame.image.tobytes(app.screen, "RGB")
        assert same_frame(got, _whole(app, table)), f"a frame after action {len(session.actions)} differs from the whole one"
        if table.frames_in_part > before:
            seen["in part"] += 1
            if painted == {"log"}:
                seen["log line alone"] += 1
        wounded = "wound_card" in events and any(len(c.hand) < hands[p] for p, c in session.state.cogs.items())
        if wounded and "squad" in painted:
            seen["wound"] += 1
        if table.ai.card != ai_card and "ai" in painted:
            seen["ai card"] += 1
        if session.state.stage != stage and "stage" in painted:
            seen["stage flip"] += 1
    return seen


def test_gears_sections_painted_alone_are_the_sections_drawn_whole(make_app):
    """A log line added paints the Log section alone (the Stage, Squad and AI sections blitted
    from their copies); a COG wounded paints the Squad section, a new AI card the AI section, a
    stage flip the Stage section; every frame after an action equals the whole one."""
    seen = _bots_play_and_compare(make_app, actions=45)
    assert seen["in part"] >= 10, seen
    assert seen["log line alone"] >= 3, seen
    assert seen["wound"] >= 1 and seen["ai card"] >= 1 and seen["stage flip"] >= 1, seen


def test_gears_sections_at_1920x1080(make_app):
    seen = _bots_play_and_compare(make_app, actions=45, size=(1920, 1080))
    assert seen["log line alone"] >= 3 and seen["stage flip"] >= 1, seen


@pytest.mark.parametrize("blind", ["squad", "log", "ai", "stage"])
def test_a_section_key_blind_to_what_it_shows_fails_the_comparison(make_app, monkeypatch, blind):
    """The comparison sees a stale section: with one section's key blind (always the same), a
    frame after an action that changes it leaves its old copy on screen."""
    from game.ui.gears.table_scene import GearsTable

    keyed = GearsTable.section_key
    monkeypatch.setattr(GearsTable, "section_key", lambda self, name: () if name == blind else keyed(self, name))
    with pytest.raises(AssertionError, match="differs from the whole one"):
        _bots_play_and_compare(make_app, actions=45)


def test_strip_keys_kept_while_their_inputs_stay_and_blind_inputs_fail(make_app, monkeypatch):
    """The strips' keys are not worked out again while strip_inputs stays (a calm frame asks no
    key); with the inputs blind to the state's version, a frame after an action keeps the old
    keys and leaves stale strips, which the comparison sees."""
    from game.ui.gears.table_scene import GearsTable

    app, session, table = _gears_table(make_app, ["human"], seed=3, animate=False)
    app.step()
    calls = []
    real = GearsTable.prompt_key
    monkeypatch.setattr(GearsTable, "prompt_key", lambda self: calls.append(1) or real(self))
    table.dirty = True
    app.step()
    assert not calls, "a frame with nothing changed worked out the prompt's key again"
    table.dirty = True
    table.grenade_mode = True  # what the Throw button selects: the prompt says where to click
    app.step()
    assert calls, "a selection did not work out the prompt's key again"
    monkeypatch.undo()

    monkeypatch.setattr(GearsTable, "strip_inputs", lambda self: ())
    with pytest.raises(AssertionError, match="differs from the whole one"):
        _bots_play_and_compare(make_app, actions=45)


def test_the_lines_a_seat_may_read_are_the_log_filtered_whole(make_app):
    """The log's lines a seat may read are filtered as lines are added (not the whole game at
    each paint): at every step of a hot-seat game (behind the handoff card and after it) and of
    a bots' game watched (the viewer follows who decides, with no handoff card), and after an
    undo, they are the whole log filtered again."""
    from game.gears import bots

    for seats in (["human", "human"], ["bot", "bot"]):
        app, session, table = _gears_table(make_app, seats, seed=5, animate=False)
        chooser = {p: bots.SquadBot(seed=5 + i) for i, p in enumerate(table.players)}
        private = viewers = 0
        for n in range(40):
            for handoff in ([table.handoff, None] if table.handoff is not None else [None]):
                table.handoff = handoff
                viewer = table.viewer
                if handoff is not None:
                    fresh = table.log_where(lambda who: who is None)
                else:
                    fresh = table.log_where(lambda who: who is None or viewer in who)
                assert list(table.log) == list(fresh), f"{seats}, action {n}"
                private += len(table._log) - len(fresh)
            before = table.viewer
            table.submit(chooser[session.decider].decide(session.state, session.legal_actions()).action)
            viewers += table.viewer != before
            if n == 20 and "human" in seats:
                table.undo()
        assert private and viewers, "no line was kept from a seat, or the seat never changed: nothing was filtered"
