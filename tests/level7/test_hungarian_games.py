"""Issue 18: whole simulated Level 7 games (the player bot in every seat, scenarios 1 and 2, one to
four players) with the language set to Hungarian, and every text the rules and the bot produce for
a player (log lines, action labels, refusals, questions' prompts and option labels, the bot's
reasons) comes out translated: each message's msgid has a Hungarian translation that differs from
the English, apart from proper names (tiles, cards, characters, enemies: Refs) and ids. A game
saved in English reads in Hungarian, and a save written before messages (plain English strings)
still loads and plays on.

The loop and the check are tests/translated_games.py's; the player bot's reason on every step
is checked too."""
from __future__ import annotations

import json
import re

import pytest

from game import i18n
from game.engine.session import Session
from game.engine.text import Msg, Ref, english, from_json
from game.level7.player_bot import PlayerBot
from game.level7.rules.title import Level7Title
from tests.translated_games import english_words, language, play

# Written the same in Hungarian: a card whose name is the same word, a proper name.
SAME_IN_HUNGARIAN = {"Sprint", "Dr. Cronos"}

hungarian = language("hu")


def _english_words(value, hu: dict, where: str, out: set) -> None:
    """Adds to `out` every piece of `value` a Hungarian player would read in English."""
    english_words(value, hu, where, out, SAME_IN_HUNGARIAN)


def _play(scenario: str, seed: int, players: int, tr: dict) -> tuple[list, int, dict]:
    title = Level7Title()
    bots: dict = {}

    def choose(state, actions):
        who = title.current_decider(state)
        bot = bots.get(who) or bots.setdefault(who, PlayerBot(seed * 8 + len(bots)))
        choice = bot.decide(state, actions)
        return choice.action, choice.reason  # the bot's reason, shown to a watcher: every step

    played = play(title, scenario, seed, {"players": players}, choose, tr, SAME_IN_HUNGARIAN)
    return played.english, played.actions, played.counts


@pytest.mark.parametrize("scenario,seed,players", [("s1", 1, 1), ("s1", 2, 2), ("s1", 3, 3), ("s1", 4, 4),
                                                   ("s2", 1, 1), ("s2", 2, 2), ("s2", 3, 4)])
def test_a_whole_level7_game_in_hungarian_reads_hungarian(hungarian, scenario, seed, players):
    """Every event, label, prompt, refusal and bot's reason of a whole game is Hungarian."""
    english, n, counts = _play(scenario, seed, players, hungarian)
    assert n > 30 and counts["event"] > 100 and counts["refusal"] > 5 and counts["prompt"] > 0
    assert counts["reason"] == n
    assert sorted(english) == []
    assert i18n.language() == "hu"


def test_the_check_finds_english():
    """The walk above flags a msgid without a translation, a sentence as a plain string, and
    looks inside a message's parameters; a name and an id pass."""
    out: set = set()
    hu = {"{who} moves to {tile}.": "{who} ide mozog: {tile}."}
    _english_words(Msg("{who} moves to {tile}.", {"who": Ref("level7.character", "subject_1"),
                                                 "tile": Ref("level7.tile", "T01")}), hu, "event", out)
    _english_words("guard2", hu, "label", out)
    assert out == set()
    _english_words(Msg("{who} moves to {tile}.", {"who": Msg("a guard"), "tile": "T01"}), hu, "event", out)
    _english_words("Subject 1 moves.", hu, "event", out)
    assert out == {("event", "a guard"), ("event", "Subject 1 moves.")}


def _paused(seed: int = 5) -> tuple[Level7Title, Session]:
    """A two-player scenario 1 game played by the bots until a question is pending."""
    title = Level7Title()
    session = Session.start(title, "s1", seed, {"players": 2})
    bots = {}
    while not session.is_over() and not session.state.proc:
        who = session.decider
        bot = bots.setdefault(who, PlayerBot(seed + len(bots)))
        session.apply(bot.decide(session.state, session.legal_actions()).action)
    assert session.state.proc, "no question came up"
    return title, session


def test_a_game_saved_in_english_reads_in_hungarian_with_the_same_hash(hungarian):
    """A save keeps ids and parameters (text.py), not sentences: a paused question saved while
    the game runs in English is worded in Hungarian after loading, its hash unchanged (the hash
    words the question in English, DESIGN.md's pinned games)."""
    i18n.set_language("en")
    try:
        title, session = _paused()
        saved = json.dumps(title.to_json(session.state))
        before = title.state_hash(session.state)
        prompt_en = str(session.legal_actions()[0].label), english(session.state.proc["pending"]["prompt"])
    finally:
        i18n.set_language("hu")
    loaded = title.from_json(json.loads(saved))
    assert title.state_hash(loaded) == before
    pend = loaded.proc["pending"]
    assert isinstance(pend["prompt"], dict) and "msg" in pend["prompt"]  # the message's JSON form
    label_hu = str(title.legal_actions(loaded)[0].label)
    prompt_hu = str(from_json(pend["prompt"]))
    assert (label_hu, prompt_hu) != prompt_en and english(pend["prompt"]) == prompt_en[1]
    assert i18n.translate(from_json(pend["prompt"]).msgid) != from_json(pend["prompt"]).msgid


def test_a_save_written_before_messages_still_loads_and_plays_on():
    """A save of main before issue 18 holds the pending question's prompt and labels as plain
    English strings: it loads, its hash is the one the same question had as messages, the bot
    reads it and the game goes on."""
    title, session = _paused(7)
    data = title.to_json(session.state)
    pend = data["proc"]["pending"]
    old = json.loads(json.dumps(dict(data, proc=dict(data["proc"], pending=dict(
        pend, prompt=english(pend["prompt"]), labels=[english(x) for x in pend["labels"]])))))
    assert all(isinstance(x, str) for x in old["proc"]["pending"]["labels"])
    loaded = title.from_json(old)
    assert title.state_hash(loaded) == title.state_hash(session.state)
    actions = title.legal_actions(loaded)
    assert [str(a.label) for a in actions] == old["proc"]["pending"]["labels"]
    choice = PlayerBot(3).decide(loaded, actions)
    events = title.apply(loaded, choice.action)
    assert events and title.current_decider(loaded) is not None or loaded.outcome is not None


def test_names_another_title_shares_read_as_level7s_in_hungarian(hungarian):
    """Gears has a Guard action and a Distraction AI card; Level 7's guard is an enemy (the seed's
    "őr") and Distraction an adrenaline card: the names lookup reads Level 7's own translation
    (the catalogues' msgctxt "level7"), and English stays English."""
    from game.level7.rules.names import card_name, enemy, figure

    assert (str(enemy("guard")), str(figure("guard", 2)), str(card_name("distraction#3"))) == \
        ("Őr", "Őr 2", "Figyelemelterelés")
    assert i18n.translate("Guard") != "Őr"  # what Gears shows for its action stays Gears'
    assert english(Msg("{enemy} moves.", {"enemy": figure("guard", 2)})) == "Guard 2 moves."


def test_an_attack_names_the_figure_not_its_key():
    """An attack's label names the enemy figure as the board shows it ('Attack Clone 2'), not the
    state's key ('clone2'). Built (tests/level7/engine_helpers.py): two clones and a guard on
    Subject 1's tile, so attacks on clones and guards are offered."""
    from tests.level7.engine_helpers import foe, game

    s = game()
    here = s.characters["subject_1"].tile
    figures = [foe(s, "clone", here), foe(s, "clone", here), foe(s, "guard", here)]
    actions = Level7Title().legal_actions(s)
    labels = {english(a.label) for a in actions if a.kind == "attack"}
    assert labels == {f"Attack {e.kind.capitalize()} {e.number}" for e in figures}, labels
    for label in labels:
        assert re.fullmatch(r"Attack [A-Z][a-z]+( [A-Z][a-z]+)* \d+", label), label


def test_the_player_bot_writes_fractions_with_a_comma():
    """The player bot's reasons ('staying costs about 1.5 cards a turn', 'Event costs me 0.7,
    another card's 1.2 on average') kept the English point in Hungarian and Greek: a fraction
    takes the reader's separator (text.decimal)."""
    from tests.translated_games import assert_fractions_with_a_comma, reasons_read_in

    title = Level7Title()
    session = Session.start(title, "s1", 2, {"players": 2})
    bots: dict = {}

    def decide(state, actions):
        who = title.current_decider(state)
        return bots.setdefault(who, PlayerBot(16 + len(bots))).decide(state, actions)

    assert_fractions_with_a_comma(reasons_read_in("hu", session, decide, 300))
