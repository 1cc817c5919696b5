"""What changes a Level 7 character's attributes and rolls (spec 6.3, 6.11, 6.12, 6.14): the base
attributes, the Fear band, skills, carried items, and bonuses played from adrenaline cards or
single-use items while they last. Pure functions over content records and small inputs (ids and
numbers); the engine keeps the state and asks.

    value = attribute_value(content, "strength", fear=5, skills=("weightlifter",),
                            items=("stun_baton",), challenge="attack")
    value.total                     # 4 base + 1 Fear 5-6 + 2 Weightlifter + 2 Stun Baton = 9
    [t.source for t in value.terms] # where each die comes from, for the screen

Every skill, item and adrenaline ability says its effects in the vocabulary of content.py
(`Bonus`, `Reroll`, `FearShift`, `IgnoreFear`, `CarryLimit`, `Draw`, `RedrawEvent`,
`GainThreat`, `IgnoreThreat`, `DenyAttackBonus`, `Stun`, `HelpRange`; docs/CONTENT.md "Effects"); what a
card's text says beyond them is its `not_enforced` (docs/LEVEL7.md), and nothing here guesses it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from game.level7.content import (Bonus, CarryLimit, DenyAttackBonus, Draw, Effect, FearShift, GainThreat,
                                  HelpRange, IgnoreFear, IgnoreThreat, Level7Content, RedrawEvent, Reroll, Stun)

# The challenge kinds (spec 6.3-6.9) and the attribute each rolls; an event's challenge names its own.
CHALLENGE_ATTRIBUTE = {
    "attack": "strength", "bull_rush": "strength", "outwit": "intelligence",
    "unlock_strength": "strength", "unlock_intelligence": "intelligence", "control_panel": "intelligence",
}
EVENT_CHALLENGE = "event_challenge"

# How long a played bonus lasts (seed p. 4-5, spec 6.11): Intelligence and Strength until the next
# challenge roll or the end of the turn, Toughness for one enemy attack, Speed to the end of the turn.
LASTS = {"intelligence": "challenge_roll", "strength": "challenge_roll", "toughness": "enemy_attack",
         "speed": "turn_end"}
ENDS = ("challenge_roll", "enemy_attack", "turn_end")


@dataclass(frozen=True)
class Term:
    """One contribution to an attribute: where it comes from and how much. `source` says it in
    English (the tests and the bot read it); the screen words it from the parts
    (names.term_words): `name` is the skill's, item's or card's name (a content msgid), `by` the
    character who played the card (an id, or a name), `band` the Fear band's (low, high); the
    base value has none of them."""
    source: str
    amount: int
    name: str = ""
    by: str = ""
    band: tuple[int, ...] = ()


@dataclass(frozen=True)
class Value:
    """An attribute's current value as the sum of its terms; never below 0 (no negative dice)."""
    attribute: str
    terms: tuple[Term, ...]

    @property
    def total(self) -> int:
        return max(0, sum(t.amount for t in self.terms))


@dataclass(frozen=True)
class PlayedBonus:
    """A bonus in play: an adrenaline card's top half (also a helper's, spec 6.11 "Helping others")
    or a used item's. `by` is the character who played it; `lasts` is one of ENDS."""
    attribute: str
    amount: int
    source: str  # the card's or item's name
    by: str = ""
    lasts: str = ""

    def __post_init__(self):
        if not self.lasts:
            object.__setattr__(self, "lasts", LASTS[self.attribute])


@dataclass(frozen=True)
class RerollOption:
    """One reroll effect usable on a roll: up to `dice` dice (only doubles if faces == "double");
    each once per roll, and once per turn as well if `per` == "turn" (seed p. 7)."""
    source: str  # the skill's or card's id (what the engine records as used)
    name: str
    dice: int
    faces: str = "any"
    per: str = "roll"


def applies(when: str, challenge: str | None, attribute: str) -> bool:
    """Whether an effect's `when` covers this roll: `challenge` is the challenge kind being rolled
    (None outside a challenge: then only "always" applies)."""
    if when == "always":
        return True
    if challenge is None:
        return False
    if when == "challenge":
        return True
    if when in ("strength_challenge", "intelligence_challenge"):
        return when == f"{attribute}_challenge"
    if when == "unlock":
        return challenge in ("unlock_strength", "unlock_intelligence")
    return when == challenge


def _standing(content: Level7Content, skills: Iterable[str], items: Iterable[str]) -> Iterator[tuple[str, Effect]]:
    """(name, effect) of every always-on effect: the skills' and the carried, not single-use, items'."""
    for s in skills:
        skill = content.skills[s]
        yield from ((skill.name, e) for e in skill.effects)
    for i in items:
        item = content.items[i]
        if item.kind != "single_use":
            yield from ((item.name, e) for e in item.effects)


def attribute_value(content: Level7Content, attribute: str, *, fear: int, skills: Iterable[str] = (),
                    items: Iterable[str] = (), played: Iterable[PlayedBonus] = (),
                    challenge: str | None = None) -> Value:
    """The attribute with every modifier (spec 6.3): base, the Fear band (6.12), the skills' and
    carried items' bonuses that apply to `challenge` (None: the plain value, e.g. Speed), and the
    played bonuses for this attribute (a played Intelligence or Strength bonus adds dice only to a
    challenge roll: spec 11 #9). A die pool is `.total` dice."""
    terms = [Term("base", getattr(content.attributes, attribute))]
    band = next((b for b in content.fear_bands if b.low <= fear <= b.high), None)
    if band is None:
        raise ValueError(f"Fear {fear} is off the track ({content.fear_track.min}-{content.fear_track.max})")
    if band.modifiers.get(attribute):
        terms.append(Term(f"Fear {band.low}-{band.high}", band.modifiers[attribute], band=(band.low, band.high)))
    for name, e in _standing(content, skills, items):
        if isinstance(e, Bonus) and e.attribute == attribute and applies(e.when, challenge, attribute):
            terms.append(Term(name, e.amount, name))
    for b in played:
        if b.attribute == attribute and (challenge is not None or attribute not in CHALLENGE_ATTRIBUTE.values()):
            terms.append(Term(f"{b.source} ({b.by})" if b.by else b.source, b.amount, b.source, b.by))
    return Value(attribute, tuple(terms))


def reroll_options(content: Level7Content, challenge: str, attribute: str, *, skills: Iterable[str] = (),
                   abilities: Iterable[str] = (), used_this_turn: Iterable[str] = ()) -> tuple[RerollOption, ...]:
    """The reroll effects a roll of this challenge may use (spec 6.3): the skills' that apply, and the
    abilities of adrenaline cards played for this challenge (`abilities`: card ids). A once-per-turn
    effect already used this turn (`used_this_turn`: sources) is left out."""
    used = set(used_this_turn)
    out = []
    for s in skills:
        out.extend(_rerolls(s, content.skills[s].name, content.skills[s].effects, challenge, attribute, used))
    for a in abilities:
        out.extend(_rerolls(a, content.adrenaline[a].name, content.adrenaline[a].ability, challenge, attribute, used))
    return tuple(out)


def _rerolls(source, name, effects, challenge, attribute, used) -> Iterator[RerollOption]:
    for e in effects:
        if isinstance(e, Reroll) and applies(e.when, challenge, attribute) and not (e.per == "turn" and source in used):
            yield RerollOption(source, name, e.dice, e.faces, e.per)


def ignores_fear(content: Level7Content, cause: str, *, skills: Iterable[str] = (), items: Iterable[str] = ()) -> str:
    """The name of the skill or carried item that spares this character Fear from `cause`
    (darkness, vent, attack), or "" if none does."""
    for name, e in _standing(content, skills, items):
        if isinstance(e, IgnoreFear) and e.cause == cause:
            return name
    return ""


def carry_limit(content: Level7Content, *, skills: Iterable[str] = (), items: Iterable[str] = ()) -> int:
    """Items this character may carry: the rule's (2, one per hand: seed p. 5) unless a skill or item
    allows more."""
    limits = [e.items for _, e in _standing(content, skills, items) if isinstance(e, CarryLimit)]
    return max([content.number("carry_limit"), *limits])


def turn_start_fear_shift(content: Level7Content, skills: Iterable[str] = ()) -> int:
    """Steps the character may move Fear at the start of the turn (Zen Master), 0 if none."""
    return max([0, *(e.steps for _, e in _standing(content, skills, ()) if isinstance(e, FearShift))])


def medical_draws(content: Level7Content, *, skills: Iterable[str] = (), items: Iterable[str] = ()) -> tuple[Draw, ...]:
    """The standing draws on top of the Medical supplies' own card at the start of the turn (Field
    Medic); the turn makes each with challenges.draw_for."""
    return tuple(e for _, e in _standing(content, skills, items) if isinstance(e, Draw) and e.at == "medical_supplies")


def event_redraw(content: Level7Content, section: str, *, skills: Iterable[str] = (), items: Iterable[str] = ()) -> str:
    """The name of the skill or carried item that lets this character discard an event card drawn
    for `section` and draw another (Paranoid), or ""."""
    return next((name for name, e in _standing(content, skills, items)
                 if isinstance(e, RedrawEvent) and e.section == section), "")


def challenge_threat(content: Level7Content, challenge: str, attribute: str, *, skills: Iterable[str] = (),
                     items: Iterable[str] = ()) -> tuple[tuple[str, int], ...]:
    """(name, Threat) each skill or carried item costs when this challenge is made (the Pistol's +1)."""
    return tuple((name, e.amount) for name, e in _standing(content, skills, items)
                 if isinstance(e, GainThreat) and applies(e.when, challenge, attribute))


def ignores_threat(content: Level7Content, cause: str, *, skills: Iterable[str] = (), items: Iterable[str] = ()) -> str:
    """The name of the skill or carried item that spares this character Threat from `cause`
    (crowding, armed), or "" if none does."""
    return next((name for name, e in _standing(content, skills, items)
                 if isinstance(e, IgnoreThreat) and e.cause == cause), "")


def denied_attack_bonus(content: Level7Content, *, skills: Iterable[str] = (), items: Iterable[str] = ()) -> tuple[str, ...]:
    """The enemy kinds whose attack `bonus` dice this character never gives (Unassuming: guards)."""
    return tuple(sorted({e.enemy for _, e in _standing(content, skills, items) if isinstance(e, DenyAttackBonus)}))


def help_range(content: Level7Content, *, skills: Iterable[str] = (), items: Iterable[str] = ()) -> int:
    """This character's cooperation range in door steps (spec 6.11, 11 #26: one connected tile)
    unless a skill or item widens it (the Walkie-Talkie)."""
    return max([1, *(e.distance for _, e in _standing(content, skills, items) if isinstance(e, HelpRange))])


@dataclass(frozen=True)
class ItemUse:
    """What discarding a single-use item gives: bonuses in play, a Fear shift of up to
    `fear_shift`, cards to draw (challenges.draw_for makes each), enemies on your tile to stun."""
    item: str
    bonuses: tuple[PlayedBonus, ...]
    fear_shift: int
    draws: tuple[Draw, ...] = ()
    stuns: tuple[Stun, ...] = ()

    @property
    def adrenaline_cards(self) -> int:
        """Adrenaline cards its draws give you (the hand size still applies)."""
        return sum(e.cards for e in self.draws if e.deck == "adrenaline")


def use_item(content: Level7Content, item: str, by: str = "") -> ItemUse:
    """A single-use item discarded for its effect (spec 8.5); its bonuses last as a played card's do."""
    rec = content.items[item]
    if rec.kind != "single_use":
        raise ValueError(f"{rec.name} is not a single-use item")
    return ItemUse(item, tuple(PlayedBonus(e.attribute, e.amount, rec.name, by) for e in rec.effects if isinstance(e, Bonus)),
                   max([0, *(e.steps for e in rec.effects if isinstance(e, FearShift))]),
                   tuple(e for e in rec.effects if isinstance(e, Draw)),
                   tuple(e for e in rec.effects if isinstance(e, Stun)))


def expire(played: Iterable[PlayedBonus], end: str) -> tuple[PlayedBonus, ...]:
    """The bonuses still in play after `end` (one of ENDS) happens: a challenge roll ends the
    Intelligence and Strength bonuses, an enemy attack the Toughness ones, and the end of the turn
    every bonus (a Toughness bonus is played against an attack, before its dice: spec 11 #12)."""
    if end not in ENDS:
        raise ValueError(f"unknown end {end!r} (known: {', '.join(ENDS)})")
    return tuple(b for b in played if end != "turn_end" and b.lasts != end)


__all__ = ["CHALLENGE_ATTRIBUTE", "ENDS", "EVENT_CHALLENGE", "ItemUse", "LASTS", "PlayedBonus", "RerollOption", "Term",
           "Value", "applies", "attribute_value", "carry_limit", "challenge_threat", "denied_attack_bonus",
           "event_redraw", "expire", "help_range", "ignores_fear", "ignores_threat", "medical_draws", "reroll_options",
           "turn_start_fear_shift", "use_item"]
