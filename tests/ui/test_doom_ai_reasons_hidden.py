"""DESIGN.md, hidden information: each seat sees only what its player may see. Whole Doom games
against the invader AI on the table (the marines' moves by the marine bot, submitted as a person's
clicks would be; the invader the table's bot), in English, Hungarian and Greek: no line a marine's
screen shows (the log, the bots' reasons panel, the caption over the map) names an area not yet
revealed or a card of the invader's hand or deck that it has not played, and none reads the hand.
The AI's reason for Reinforcements said how many of its spawn cards would fit ('play
Reinforcements: 7 spawn cards can be placed this turn') and its reason for playing no spawn card
that none of its spawn cards fits: both are the invader's own now (Choice.private)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game import i18n
from game.doom.content import shared_content
from game.doom.marine_bot import MarineBot
from game.doom.rules.names import lookup
from game.i18n import _
from game.ui.doom.entry import INVADER
from game.ui.doom.setup_scene import DoomSetup, SetupChoice

HAND_WORDS = ("play Reinforcements: {n} spawn card can be placed this turn",
              "no spawn card has a monster that fits out of the marines' sight")


def _hand_lines(reason_of) -> list[str]:
    """The hand-reading reasons' words in the language in use (the plural's fixed part)."""
    plural = reason_of(HAND_WORDS[0], 7)
    return [plural[:plural.index("7")].strip(), reason_of(HAND_WORDS[1], None)]


def play(make_app, tmp_path: Path, lang: str, seed: int, marines: int, actions: int):
    """One game on the table; each line a marine at the desk is shown, with what it may not name
    at that moment. Returns (the leaks, the invader's own hand-reading reasons, the table)."""
    app = make_app((1280, 720))
    i18n.set_language(lang)
    seats = ["human"] * marines + ["bot"]
    setup = DoomSetup(app.ctx, SetupChoice(scenario="knee_deep", seats=seats, seed=seed))
    table = setup.make_table(setup.new_session(), seats, tmp_path / f"{lang}{seed}.json")
    app.push(table)
    app.run(max_frames=1)
    table.animate, table.bot_delay_ms = False, 0
    bots = {p: MarineBot(seed * 8 + i) for i, p in enumerate(table.players) if p != INVADER}
    content = shared_content()
    monster_words = {lookup("doom.monster", m, _) for m in content.monsters}
    leaks: list[str] = []
    seen = 0

    def marine_may_read(who) -> bool:
        return who is None or any(p in who for p in bots)

    def check(line: str) -> None:
        st = table.state
        hidden = [_(label) for a, label in st.map.area_label.items() if label and a not in st.revealed]
        hidden += [_("area {area}").format(area=a) for a in set(st.map.area_of.values()) - set(st.revealed)]
        played = {lookup("doom.invader_card", e.event.payload["card"], _) for e in table.session.log
                  if e.event.visible_to is None and isinstance(e.event.payload, dict) and "card" in e.event.payload
                  and str(e.event.payload["card"]).partition("#")[0] in content.invader_cards}
        unseen = {lookup("doom.invader_card", c, _) for c in list(st.hand) + list(st.deck.draw_pile)}
        hidden += sorted(unseen - played - monster_words)
        hidden += _hand_lines(lambda m, n: _(m) if n is None else i18n.ngettext(m, m.replace("card can", "cards can"), n).format(n=n))
        leaks.extend(f"{line!r} names {w!r}" for w in hidden if w and w in line)

    while not table.session.is_over() and len(table.session.actions) < actions:
        decider = table.session.decider
        if decider in bots and table.handoff is None and not table.busy:
            table.submit(bots[decider].decide(table.session.state, table.session.legal_actions()).action)
        if table.handoff is not None:
            table.seated, table.handoff = table.handoff, None  # the next marine sits down
        table.skip_animation()
        app.run(max_frames=1)
        log = table.log_where(marine_may_read)
        for i in range(seen, len(log)):
            check(log[i])
        seen = len(log)
        if table.viewer != INVADER:
            for line in table.ai.lines:
                check(line)
            if table.step_note is not None:
                check(str(table.step_note[1]))
    own = [line for line in table.log_where(lambda who: who is not None and INVADER in who)
           if any(w in line for w in _hand_lines(lambda m, n: _(m) if n is None else
                                                 i18n.ngettext(m, m.replace("card can", "cards can"), n).format(n=n)))]
    return leaks, own, table


@pytest.mark.parametrize("lang", ["en", "hu", "el"])
def test_no_line_on_the_marines_screen_names_what_they_have_not_seen(make_app, tmp_path, lang):
    """Two marines, seed 3: the invader plays Reinforcements in round 4 with seven spawn cards
    that fit in its hand."""
    leaks, own, table = play(make_app, tmp_path, lang, seed=3, marines=2, actions=160)
    assert table.state.round >= 4 and len(table.session.actions) >= 120
    assert leaks == []
    assert own  # the invader's seat reads its reason: the game came to it


def test_playing_no_spawn_card_keeps_its_reason_to_the_invader(make_app, tmp_path):
    """One marine, seed 21: from round 6 the invader plays no spawn card; why (none of its spawn
    cards fits) reads its hand."""
    leaks, own, _table = play(make_app, tmp_path, "en", seed=21, marines=1, actions=140)
    assert leaks == []
    assert any("no spawn card has" in line for line in own)
