"""What a refused undo says is read by whoever sits at the desk."""
from __future__ import annotations

from game.engine.session import Session
from game.level7.player_bot import PlayerBot
from game.level7.rules.title import Level7Title


def test_a_refused_undo_does_not_name_a_card_drawn_into_another_hand():
    """Two people, seed 5: Subject 1 takes Moment of Calm's 'draw 1 adrenaline card' and the
    turn passes to Subject 2, whose greyed Undo said 'Cannot undo 'Option 2': it revealed hidden
    information (Subject 1 draws Surge of Strength.)': Subject 1's new card, read by Subject 2.
    The refusal names only what everyone saw revealed."""
    session = Session.start(Level7Title(), "s1", 5, {"players": 2})
    bots: dict[str, PlayerBot] = {}
    checked = 0
    for _n in range(120):
        if session.is_over():
            break
        bot = bots.setdefault(session.decider, PlayerBot(5 + len(bots)))
        session.apply(bot.decide(session.state, session.legal_actions()).action)
        revealed = session.revealed[-1]
        if revealed is not None and revealed.visible_to and session.decider not in revealed.visible_to:
            checked += 1
            hand = [e for e in session.events[-1] if e.visible_to]
            said = session.undo_refusal()
            assert said and all(str(e.text) not in said for e in hand), said
    assert checked  # the case was met
