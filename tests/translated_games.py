"""Issue 18: a whole game played with a language set, checking that every text the rules give a
player reads in that language. Any title's test uses it:

    hungarian = language("hu")   # a fixture: sets Hungarian for the test, yields catalogue("hu")

    def test_a_game(hungarian):
        played = play(title, scenario, seed, options, choose, hungarian)
        assert played.english == [] and played.counts["refusal"] > 5

`choose(state, actions)` picks the next action (or returns `(action, reason)`: the reason a
bot gives is checked too). Looked at on each step: every legal action's label, a paused
question's prompt, the refusal of an action legal a moment ago and not now, the reason, and
every event's message. `english_words` is the walk over one text; `same` lists the msgids a
language writes exactly as English does (names). `plain(text)`, if given, says which plain string
is English instead of the rule below (a title whose ids or dice codes are single words, or whose
single English words must count too). `Played.state` is the game's last state, for a simulator's
clean-up (Doom's `finish`).

What counts as English: a `Msg` whose msgid has no translation, or whose translation is the
msgid itself while its words outside the placeholders hold a letter; a translation that
does not format with the message's parameters (it would fall back to English without a word);
a `Ref` its title cannot name (the id shown, one with an underscore); a plain string with a
space and a letter (a sentence, not a message at all).
"""
from __future__ import annotations

import functools
import gettext
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

import pytest

from game import i18n
from game.engine.protocol import IllegalAction
from game.engine.session import Session
from game.engine.text import Clause, Joined, Msg, Ref, from_json

LOCALE = Path(__file__).resolve().parents[1] / "game" / "locale"


@functools.lru_cache(maxsize=None)
def catalogue(lang: str) -> dict:
    """The compiled catalogue of `lang`: msgid (or (msgid, 0) for a plural) -> translation."""
    with (LOCALE / lang / "LC_MESSAGES" / "tiletop.mo").open("rb") as f:
        return gettext.GNUTranslations(f)._catalog


def language(lang: str):
    """A fixture that sets `lang` for each of its tests (tests/conftest.py starts every test
    untranslated) and yields `catalogue(lang)`, read once."""
    @pytest.fixture
    def fixture():
        tr = catalogue(lang)
        i18n.set_language(lang)
        yield tr
        i18n.untranslated()
    return fixture


def _untranslated(msg: Msg, tr: dict, same: Iterable[str]) -> str | None:
    key = msg.msgid if msg.plural is None else (msg.msgid, 0)
    got = tr.get(key)
    if not got:
        return msg.msgid
    if got == msg.msgid and msg.msgid not in same:
        words = re.sub(r"\{[^}]*\}", "", msg.msgid)
        return msg.msgid if any(c.isalpha() for c in words) else None
    values = {k: str(v) if isinstance(v, (Msg, Ref, Joined, Clause)) else v for k, v in msg.params.items()}
    if msg.n is not None:
        values.setdefault("n", msg.n)
    try:
        i18n.fill(got, **values)  # as Msg.render fills it: a "{name:az}" article spec too
    except (KeyError, IndexError, ValueError):
        return f"broken translation: {got}"
    return None


def english_words(value: Any, tr: dict, where: str, out: set, same: Iterable[str] = (),
                  plain: Callable[[str], bool] | None = None) -> None:
    """Adds `(where, text)` to `out` for every piece of `value` a reader would get in English;
    `plain(text)` says which plain string is English (default: one with a space and a letter)."""
    cls = value.__class__
    if isinstance(value, Msg):
        bad = _untranslated(value, tr, same)
        if bad:
            out.add((where, bad))
        for p in value.params.values():
            english_words(p, tr, where, out, same, plain)
    elif cls in (Joined, Clause):
        for p in value.parts:
            english_words(p, tr, where, out, same, plain)
        if value.sep.__class__ is not str:
            english_words(value.sep, tr, where, out, same, plain)
    elif cls is Ref:
        if value.name() == value.key and "_" in value.key:
            out.add((where, f"unnamed {value.kind} {value.key}"))
    elif cls is str:
        if plain(value) if plain else " " in value.strip() and any(c.isalpha() for c in value):
            out.add((where, value))
    elif isinstance(value, dict):
        english_words(from_json(value), tr, where, out, same, plain)


@dataclass
class Played:
    english: list  # sorted (where, text) pairs a reader got in English
    actions: int  # actions played
    counts: dict = field(default_factory=dict)  # texts looked at: event, label, prompt, refusal, reason
    state: Any = None  # the game's last state


def play(title, scenario: str, seed: int, options: dict, choose: Callable, tr: dict,
         same: Iterable[str] = (), limit: int = 3000, plain: Callable[[str], bool] | None = None) -> Played:
    """Plays one game to its end (or `limit` actions), checking each text on the way."""
    session = Session.start(title, scenario, seed, options)
    english: set = set()
    counts = {"event": 0, "label": 0, "prompt": 0, "refusal": 0, "reason": 0}
    tried: list = []

    def check(value, where):
        english_words(value, tr, where, english, same, plain)
        counts[where] += 1

    while not session.is_over() and len(session.actions) < limit:
        actions = session.legal_actions()
        for a in actions:
            check(a.label, "label")
        proc = getattr(session.state, "proc", None)
        pending = proc and proc.get("pending")
        if pending:
            check(pending["prompt"], "prompt")
        for old in tried[-4:]:  # legal a moment ago and not now: the rules say why not
            if old not in actions:
                try:
                    title.apply(session.state, old)
                except IllegalAction as exc:
                    check(exc.why, "refusal")
                else:  # pragma: no cover - apply checks legality before any change
                    raise AssertionError(f"{old} was applied though not legal")
        tried += actions[:2]
        chosen = choose(session.state, actions)
        if isinstance(chosen, tuple):
            chosen, reason = chosen
            check(reason, "reason")
        for event in session.apply(chosen):
            check(event.message, "event")
    return Played(sorted(english), len(session.actions), counts, session.state)


def reasons_read_in(language: str, session, decide: Callable[[Any, list], Any], limit: int) -> list[str]:
    """The bots' reasons for a game played from `session` on (up to `limit` actions, `decide`
    the bot's choice for the state and its legal actions), each read in `language` as it is
    given."""
    reasons: list[str] = []
    try:
        i18n.set_language(language)
        while not session.is_over() and len(session.actions) < limit:
            choice = decide(session.state, session.legal_actions())
            if choice.reason:
                reasons.append(str(choice.reason))
            session.apply(choice.action)
    finally:
        i18n.set_language("en")
    return reasons


def assert_fractions_with_a_comma(reasons: list[str]) -> None:
    """Some reasons give a fraction, and every one of them writes it with a comma (Hungarian
    and Greek), none with a point."""
    with_fractions = [r for r in reasons if re.search(r"\d[.,]\d", r)]
    assert with_fractions and not [r for r in with_fractions if re.search(r"\d\.\d", r)], with_fractions[:5]
