"""The arithmetic of a Level 7 character's cards and tracks (spec 6.11-6.13): playing an adrenaline
card, Fear, Threat, Vitality, a knock-out and the return from the Hospital. Pure functions over
content records and small numbers; each returns the new values and what happened, in words for the
log, for the engine to apply, or a Refusal (game/level7/rules/refusal.py) with the reason.

    play = play_adrenaline(content, "surge_of_strength", "bonus", fear=3, hand=4, own_turn=True)
    play.fear, play.bonus           # 4 (the +1 Fear cost paid first), +2 Strength until the next roll
    gain_threat(threat=2, pool=0, lockdown=False).lockdown_starts     # True (seed p. 4)
    knock_out(content, cause="hand_empty", vitality=4, threat=1, items=("crowbar",), lockdown=False)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from game.engine.text import M, Mn, join
from game.i18n import N_
from game.level7.content import Bonus, Effect, Level7Content
from game.level7.rules import names as N
from game.level7.rules.modifiers import PlayedBonus
from game.level7.rules.refusal import Refusal

USES = ("bonus", "ability", "fear_shift")  # the three ways to play an adrenaline card (seed p. 4)
KNOCKOUT_CAUSES = {  # spec 6.13's triggers, in words for the log
    "hand_empty": N_("out of adrenaline cards"),
    "hybrid_fear": N_("a hybrid's attack drove Fear past the top of the track"),
    "cronos_fear": N_("Dr. Cronos' attack drove Fear past the top of the track"),
    "stuck": N_("started the turn on a tile with no way out"),
    "event": N_("an event"),
}


# ----------------------------------------------------------------------------- adrenaline (6.11)

@dataclass(frozen=True)
class CardPlay:
    """An adrenaline card played (spec 6.11): discard it; Fear is `fear` (the cost paid first, then
    a free shift); `bonus` is the top half in play for `receiver`; `ability` the bottom half's
    effects for the engine to apply (`not_enforced`: what of its text no effect says), its bonuses
    already in play as `ability_bonuses` (Sprint's +2 Speed this turn)."""
    card: str
    use: str
    fear: int
    cost: int
    bonus: PlayedBonus | None
    ability: tuple[Effect, ...]
    not_enforced: str
    receiver: str
    text: str
    ability_bonuses: tuple[PlayedBonus, ...] = ()


def adrenaline_refusal(content: Level7Content, card: str, use: str, *, fear: int, hand: int, own_turn: bool,
                       shift: int = 0, helping: bool = False) -> Refusal | None:
    """Why this card may not be played this way now, or None (seed p. 4-5, spec 6.11):
    never the last card in hand; the Fear cost needs room on the track; a free shift needs room
    too; an own-turn ability only on your own turn; another character receives only a bonus."""
    rec = content.adrenaline[card]
    track = content.fear_track
    if use not in USES:
        raise ValueError(f"unknown use {use!r} (known: {', '.join(USES)})")
    if hand <= 1:
        return Refusal(M("You may not play your last adrenaline card; it leaves your hand only when you must discard it."))
    if helping and use != "bonus":
        return Refusal(M("Another character can receive only a card's attribute bonus."))
    if use == "fear_shift":
        step = content.number("free_fear_shift")
        if shift not in (step, -step):
            return Refusal(Mn("A free Fear shift moves your Fear {n} step up or down.", "A free Fear shift moves your Fear {n} step up or down.", step))
        if not track.min <= fear + shift <= track.max:
            return Refusal(M("Your Fear is already {fear}; it cannot go up.", fear=fear) if shift > 0
                           else M("Your Fear is already {fear}; it cannot go down.", fear=fear))
        return None
    if not track.min <= fear + rec.fear_cost <= track.max:
        return Refusal(M("Paying {card}'s Fear cost ({cost}) needs room on your Fear track; your Fear is {fear}.",
                         card=N.card_name(card), cost=f"{rec.fear_cost:+d}", fear=fear))
    if use == "ability" and rec.timing == "own_turn" and not own_turn:
        return Refusal(M("{card}'s ability can be used only on your own turn.", card=N.card_name(card)))
    return None


def adrenaline_uses(content: Level7Content, card: str, *, fear: int, hand: int, own_turn: bool,
                    helping: bool = False) -> tuple[tuple[str, int], ...]:
    """The legal (use, shift) pairs for this card now, for the engine to offer."""
    step = content.number("free_fear_shift")
    candidates = [("bonus", 0), ("ability", 0), ("fear_shift", step), ("fear_shift", -step)]
    return tuple((u, s) for u, s in candidates
                 if adrenaline_refusal(content, card, u, fear=fear, hand=hand, own_turn=own_turn, shift=s,
                                       helping=helping) is None)


def play_adrenaline(content: Level7Content, card: str, use: str, *, fear: int, hand: int, own_turn: bool,
                    shift: int = 0, player: str = "", receiver: str = "") -> CardPlay | Refusal:
    """Plays a card from `player`'s hand of `hand` cards (spec 6.11): choose the use, discard, pay
    the Fear cost before the effect, apply. A bonus goes to `receiver` when another character is
    helped (the engine checks they are within one connected tile). Bonuses last as
    modifiers.LASTS says; the free shift costs nothing."""
    receiver = receiver or player
    refusal = adrenaline_refusal(content, card, use, fear=fear, hand=hand, own_turn=own_turn, shift=shift,
                                 helping=receiver != player)
    if refusal:
        return refusal
    rec = content.adrenaline[card]
    if use == "fear_shift":
        return CardPlay(card, use, fear + shift, 0, None, (), "", receiver,
                        M("{card} played to move Fear {before} -> {after}.", card=N.card_name(card), before=fear, after=fear + shift))
    paid = fear + rec.fear_cost
    cost = M(" (Fear {before} -> {after})", before=fear, after=paid) if rec.fear_cost else ""
    if use == "bonus":
        (attribute, amount), = rec.bonus.items()
        bonus = PlayedBonus(attribute, amount, rec.name, player)
        words = dict(card=N.card_name(card), amount=f"{amount:+d}", attribute=N.attribute(attribute), cost=cost)
        # The receiver by id or by name (a helper's card names the roller by name): its words
        # in the reader's language either way (a Greek log read "... +2 Ευφυΐα στο Subject 2").
        who = N.ref("level7.character", receiver) if receiver in content.characters else N.character_named(receiver)
        text = (M("{card} played for {amount} {attribute} to {receiver}{cost}.", receiver=who, **words)
                if receiver != player else M("{card} played for {amount} {attribute}{cost}.", **words))
        return CardPlay(card, use, paid, rec.fear_cost, bonus, (), "", receiver, text)
    bonuses = tuple(PlayedBonus(e.attribute, e.amount, rec.name, player) for e in rec.ability if isinstance(e, Bonus))
    return CardPlay(card, use, paid, rec.fear_cost, None, rec.ability, rec.not_enforced, receiver,
                    M("{card} played for its ability{cost}: {text}", card=N.card_name(card), cost=cost, text=M(rec.text)), bonuses)


# ----------------------------------------------------------------------------- Fear (6.12)

@dataclass(frozen=True)
class FearChange:
    """Fear before and after; `knocked_out` when a hybrid's attack drove it past the top;
    `ignored_by`: the skill or item that spared the gain."""
    before: int
    after: int
    knocked_out: bool
    ignored_by: str
    text: str


def change_fear(content: Level7Content, fear: int, delta: int, *, hybrid: bool = False, ignored_by: str = "",
                cause: str = "") -> FearChange:
    """Moves Fear by `delta` on the track (spec 6.12): capped at the top (8) and the bottom; a
    hybrid's attack (`hybrid`) that would pass the top sets it to the top and knocks the character
    out (seed p. 14). `ignored_by` (modifiers.ignores_fear for `cause`) cancels a gain."""
    track = content.fear_track
    if delta > 0 and ignored_by:
        text = (M("{by}: no Fear ({why}).", by=M(ignored_by), why=cause) if cause
                else M("{by}: no Fear.", by=M(ignored_by)))
        return FearChange(fear, fear, False, ignored_by, text)
    after = min(track.max, max(track.min, fear + delta))
    knocked = hybrid and fear + delta > track.max
    text = (M("Fear {before} -> {after} ({why}).", before=fear, after=after, why=cause) if cause
            else M("Fear {before} -> {after}.", before=fear, after=after))
    return FearChange(fear, after, knocked, "", join(" ", (text, M("Knocked out."))) if knocked else text)


def fear_change_possible(content: Level7Content, fear: int, delta: int) -> bool:
    """Whether a Fear change can happen at all (spec 6.12): an event's choice that can only partly
    happen may be chosen; one that cannot happen at all may not."""
    track = content.fear_track
    return delta != 0 and track.min <= fear + (1 if delta > 0 else -1) <= track.max


def fear_shift_options(content: Level7Content, fear: int, steps: int) -> tuple[int, ...]:
    """The Fear values a shift of up to `steps` either way can reach (Deep Breath, Zen Master, an
    Adrenaline Shot), for the player to choose from."""
    track = content.fear_track
    return tuple(v for v in range(max(track.min, fear - steps), min(track.max, fear + steps) + 1) if v != fear)


# ----------------------------------------------------------------------------- Threat (6.12)

@dataclass(frozen=True)
class ThreatChange:
    """Threat tokens on the sheet before and after, the pool after, where the tokens came from or
    went, and whether this gain starts a Lockdown."""
    before: int
    after: int
    pool: int
    from_pool: int
    from_box: int
    to_box: int
    lockdown_starts: bool
    text: str


def gain_threat(*, threat: int, pool: int, lockdown: bool, amount: int = 1, box: int | None = None) -> ThreatChange:
    """Takes `amount` Threat tokens (seed p. 4, 7): from the pool while it has some; when it is empty
    a Lockdown starts (if not already on) and the tokens come from the box, as many as the box
    still holds (`box`: the tokens there, None for no limit; components.toml has 24 in all)."""
    from_pool = min(pool, amount)
    wanted = amount - from_pool
    from_box = wanted if box is None else min(box, wanted)
    starts = wanted > 0 and not lockdown
    after = threat + from_pool + from_box
    parts = [M("Threat {before} -> {after} (from the box).", before=threat, after=after) if from_box
             else M("Threat {before} -> {after}.", before=threat, after=after)]
    if from_box < wanted:
        parts.append(M("No Threat token is left for {n} more.", n=wanted - from_box))
    if starts:
        parts.append(M("The threat pool is empty: Lockdown starts."))
    text = parts[0] if len(parts) == 1 else join(" ", parts)
    return ThreatChange(threat, after, pool - from_pool, from_pool, from_box, 0, starts, text)


def lose_threat(*, threat: int, pool: int, amount: int = 1) -> ThreatChange:
    """Removes up to `amount` Threat tokens to the box, never to the pool; with none, nothing
    happens (seed p. 4)."""
    lost = min(threat, amount)
    text = M("Threat {before} -> {after} (to the box).", before=threat, after=threat - lost) if lost else M("No Threat to lose.")
    return ThreatChange(threat, threat - lost, pool, 0, 0, lost, False, text)


# ----------------------------------------------------------------------------- Vitality (6.12)

def hand_size(content: Level7Content, vitality: int) -> int:
    """Adrenaline cards a character may hold: the Vitality, at most the top of the track (seed p. 4)."""
    return min(vitality, content.number("hand_max"))


@dataclass(frozen=True)
class VitalityChange:
    """Vitality before and after (0 at the skull: killed); the new hand size and how many cards
    must be discarded down to it at once (the player chooses which: spec 11 #29)."""
    before: int
    after: int
    skull: bool
    hand_size: int
    discard: int
    text: str


def lose_vitality(content: Level7Content, vitality: int, amount: int = 1, *, hand: int = 0) -> VitalityChange:
    """Moves the Vitality marker `amount` spaces down the track (characters.toml `track.vitality`);
    past the last space is the skull (spec 6.12)."""
    spaces = content.vitality_track.spaces
    if vitality not in spaces:
        raise ValueError(f"Vitality {vitality} is not a space of the track {spaces}")
    i = spaces.index(vitality) + amount
    if i >= len(spaces):
        return VitalityChange(vitality, 0, True, 0, 0, M("Vitality {before} -> the skull.", before=vitality))
    after = spaces[i]
    size = hand_size(content, after)
    discard = max(0, hand - size)
    text = M("Vitality {before} -> {after}.", before=vitality, after=after)
    if discard:
        text = join(" ", (text, Mn("Discard {n} adrenaline card.", "Discard {n} adrenaline cards.", discard)))
    return VitalityChange(vitality, after, False, size, discard, text)


# ----------------------------------------------------------------------------- knock-out (6.13)

@dataclass(frozen=True)
class KnockOut:
    """A knock-out (spec 6.13): the items put face up on the tile; then the Hospital with -1
    Vitality and -1 Threat (to the box), or killed: at the skull, or at any time in a Lockdown
    (then `vitality` and `threat` are None when nothing was moved: the character is out)."""
    cause: str
    killed: bool
    items_dropped: tuple[str, ...]
    hospital: bool
    vitality: VitalityChange | None
    threat: ThreatChange | None
    text: str


def knock_out(content: Level7Content, *, cause: str, vitality: int, threat: int, items: Iterable[str],
              lockdown: bool, pool: int = 0, hand: int = 0) -> KnockOut:
    """What a knock-out does (seed p. 14): every item goes face up on the current tile; in a
    Lockdown the character is killed; otherwise -1 Vitality (the skull kills) and -1 Threat to the
    box, and the figure goes to the Hospital. Fear is reset when the character returns (`reenter`)."""
    if cause not in KNOCKOUT_CAUSES:
        raise ValueError(f"unknown knock-out cause {cause!r} (known: {', '.join(KNOCKOUT_CAUSES)})")
    dropped = tuple(items)
    why = M(KNOCKOUT_CAUSES[cause])
    if lockdown:
        return KnockOut(cause, True, dropped, False, None, None, M("Knocked out ({why}) during a Lockdown: killed.", why=why))
    vit = lose_vitality(content, vitality, content.number("knockout_vitality"), hand=hand)
    if vit.skull:
        return KnockOut(cause, True, dropped, False, vit, None, M("Knocked out ({why}): Vitality reaches the skull. Killed.", why=why))
    thr = lose_threat(threat=threat, pool=pool, amount=content.number("knockout_threat"))
    return KnockOut(cause, False, dropped, True, vit, thr,
                    M("Knocked out ({why}): to the Hospital. {vitality} {threat}", why=why, vitality=vit.text, threat=thr.text))


@dataclass(frozen=True)
class ReEntry:
    """The turn after a knock-out (spec 6.13): draw `draw` cards up to the new hand size, set Fear,
    and move to one of `destinations` (any vent tile in play; none: stay in the Hospital)."""
    draw: int
    hand_size: int
    fear: int
    destinations: tuple[str, ...]
    text: str

    @property
    def stays(self) -> bool:
        return not self.destinations


def reenter(content: Level7Content, *, vitality: int, hand: int, vent_tiles: Sequence[str]) -> ReEntry:
    """Leaving the Hospital at the start of the turn (seed p. 6, 14). Placement on a vent tile is
    not a move: no vent Fear, no tile triggers (spec 11 #27)."""
    size = hand_size(content, vitality)
    draw = max(0, size - hand)
    fear = content.fear_track.after_knockout
    text = (M("Back from the Hospital: draw {n}, Fear {fear}, move to a vent tile.", n=draw, fear=fear) if vent_tiles
            else M("Back from the Hospital: draw {n}, Fear {fear}, move nowhere: no vent is in play, so you stay "
                   "in the Hospital.", n=draw, fear=fear))
    return ReEntry(draw, size, fear, tuple(vent_tiles), text)


__all__ = ["CardPlay", "FearChange", "KNOCKOUT_CAUSES", "KnockOut", "ReEntry", "ThreatChange", "USES", "VitalityChange",
           "adrenaline_refusal", "adrenaline_uses", "change_fear", "fear_change_possible", "fear_shift_options",
           "gain_threat", "hand_size", "knock_out", "lose_threat", "lose_vitality", "play_adrenaline", "reenter"]
