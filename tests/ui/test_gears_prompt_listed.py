"""The Gears prompt line reads whether a card's next action can be done from the legal actions
the table already holds (turn.frame_prompt's `listed`, choices.classify's `legal`), instead of
asking the rules a second time at each change (an attack card's every target, weapon and mode
worked out again). What it shows must be what the rules' own answer says, for the state as it
stands after each action, after an undo and after a load: a list kept from another state would
say 'cannot be done' of an action that now can, or the other way round."""
from __future__ import annotations

from game.engine.session import Session, load_session
from game.engine.text import as_text
from game.gears import bots
from game.gears.rules import turn as T
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import GearsTable

SIZE = (1280, 720)


def _agrees(table: GearsTable, seen: dict[str, int]) -> None:
    st = table.state
    f = T.top(st)
    if st.proc is not None or f is None or not table.session.decider:
        return
    afresh = T.frame_prompt(st, f)
    assert str(T.frame_prompt(st, f, table.session.legal_actions())) == str(afresh)
    assert table.choices.question == as_text(afresh or ""), (len(table.session.actions), f)
    if f["f"] == "card":
        seen["can" if any(a.kind == "do" for a in table.session.legal_actions()) else "cannot"] += 1


def test_the_prompt_from_the_listed_actions_is_the_rules_answer_after_actions_undo_and_load(make_app, tmp_path):
    app = make_app(SIZE)
    session = Session.start(GearsTitle(), "roadblocks", 3, {"players": 2}, casual=True)
    table = GearsTable(app.ctx, session, ["human", "human"], SIZE, tmp_path / "auto.json", animate=False)
    bot = bots.SquadBot(seed=93)
    seen = {"can": 0, "cannot": 0}
    undone = 0
    while len(session.actions) < 260 and not session.is_over():
        _agrees(table, seen)
        table.submit(bot.decide(session.state, session.legal_actions()).action)
        if len(session.actions) % 10 == 0 and table.undo_refusal() is None:
            table.undo()  # back one decision (or more, to the last person's), then on as the bot decides
            undone += 1
            _agrees(table, seen)
            table.submit(bot.decide(session.state, session.legal_actions()).action)
    assert seen["can"] >= 5 and seen["cannot"] >= 1 and undone >= 5, (seen, undone)
    path = tmp_path / "game.json"
    session.save(path)
    loaded = load_session(path, GearsTitle())
    again = GearsTable(app.ctx, loaded, ["human", "human"], SIZE, tmp_path / "auto2.json", animate=False)
    _agrees(again, seen)
    while len(loaded.actions) < 320 and not loaded.is_over():
        again.submit(bot.decide(loaded.state, loaded.legal_actions()).action)
        _agrees(again, seen)
