"""Level 7's action labels are kept per what they say (names.action_words, text.Kept): a kept
label must word exactly what a label made afresh for that action would."""
from __future__ import annotations

from game.engine.bots import RandomBot
from game.engine.text import english
from game.level7.rules import names
from game.level7.rules.procedures import RESOLVER
from game.level7.rules.title import Level7Title


def test_kept_action_labels_word_what_a_fresh_label_would():
    title = Level7Title()
    checked: set[str] = set()
    for seed, scenario, players in ((0, "s1", 1), (1, "s2", 2), (2, "s1", 3), (3, "s2", 4), (5, "s1", 2)):
        state = title.new_game(scenario, seed, {"players": players})
        bot = RandomBot(seed)
        while title.current_decider(state) is not None:
            legal = title.legal_actions(state)
            if state.proc is None:  # a turn's actions (a question's options are not action_words)
                for a in legal:
                    assert english(a.label) == english(names._action_words(a.kind, a.payload)), a.payload
                    checked.add(a.kind)
            title.apply(state, bot.choose(legal))
        RESOLVER.release(state)
    # the games listed the kinds whose keys pick parameters out (not only the fixed labels)
    assert {"move", "explore", "adrenaline", "end_turn"} <= checked
