"""Every player-facing sentence of the Convoy rules, as English templates with named placeholders
(issue #18: engine text becomes message ids formatted at display time). Each is marked with `N_`
so the extraction finds it; `say(TEMPLATE, **names)` formats one now. The rules pass ids (a card
uid, a city index, a side index) through `card`, `city`, `side` and `sector`, which look the names
up in the content data, so no name is written in code."""
from __future__ import annotations

from typing import Any, Callable

from game.convoy.content import SIDES, shared_content
from game.engine.text import M, Mn, Msg, Ref, named_in, register_names
from game.i18n import N_

SIDE_NAMES = {"moloch": N_("Moloch"), "outpost": N_("Outpost")}

# ---------------------------------------------------------------- events (the log)
MULLIGAN = N_("{side} shuffles the starting hand back and draws {n} new cards.")
KEEP = N_("{side} keeps the starting hand.")
ROUND = N_("Round {round} begins; the active city is {city}.")
DRAW_EMPTY = N_("{side}'s deck is empty: nothing to draw.")
DREW_CARD = N_("You draw {card}.")
TARGET = N_("Moloch puts the Sector Battle token on the {sector} sector of {city}.")
ENTERS = N_("{card} enters {city}.")
BONUS = N_("{card} enters an undefended future city and gets a +1 Strength token.")
PLAYS_INSTANT = N_("{side} plays {card}.")
EQUIPS = N_("Moloch attaches {card} to {robot}.")
ABILITY = N_("{side} uses the ability of {card}.")
PAYS = N_("{side} discards {card} to pay for it.")
FEATURE = N_("Outpost uses the feature of {city}: {feature}.")
PASSES = N_("{side} passes.")
SKIPS = N_("{side} has nothing to do in Phase {phase}.")
MILL = N_("{card} is discarded from the top of the Moloch deck.")
MILL_EMPTY = N_("The Moloch deck is empty: no card to discard.")
FALLBACK_NONE = N_("The Moloch deck, the active city and the Moloch hand hold no card: nothing is discarded.")
RANDOM_DISCARD = N_("{card} is discarded at random from {side}'s hand.")
REVEAL = N_("Iron Gate: the Outpost reveals {cards} from the top of the Moloch deck.")
SHUFFLED_BACK = N_("{card} is shuffled back into the Moloch deck.")
KILLED = N_("{card} is killed.")
DISCARDED = N_("{card} is discarded.")
EQUIP_LOST = N_("{card} is discarded with its carrier.")
RETURNED = N_("{card} returns to {side}'s hand.")
MOVES = N_("{card} moves from {from_city} to {city}.")
TOKEN = N_("{card} gets a {value:+d} Strength token.")
STRIPPED = N_("{card} loses its Strength tokens.")
DISABLED = N_("The abilities of {card} are switched off until the end of the round.")
EQUIP_DISCARDED = N_("{card} is knocked off {robot} and discarded.")
CAPTURED = N_("The Outpost captures {card} from {robot} and attaches it to {soldier}.")
RECOVERED_HAND = N_("{side} takes {card} from the discard pile into hand.")
RECOVERED_DECK = N_("{card} goes from the Moloch discard pile to the bottom of the Moloch deck.")
EXTRA_SECTOR = N_("The Extra Sector token is placed on {city}: it gains one intact sector.")
EXTRA_SECTOR_GONE = N_("The Extra Sector token is already in play: nothing happens.")
EMP = N_("EMP: the contested sector's star effect will not be applied in this battle.")
SHIFT_TARGET = N_("The Sector Battle token moves to the {sector} sector of {city}.")
OVER_LIMIT = N_("{side} has more cards than battle stations in {city}.")
STRENGTH = N_("Battle in {city}: Moloch {moloch}, Outpost {outpost}.")
WINS = N_("{side} wins the battle.")
TIE = N_("The battle is a tie.")
TIE_STORM = N_("The battle is tied, but {card} turns it into a Moloch win.")
TRIGGER = N_("{card} triggers.")
CITY_RESULT = N_("The {side} victory result of {city} applies.")
SECTOR_EFFECT = N_("The {sector} sector effect applies for {side}.")
SECTOR_SKIPPED_EMP = N_("The EMP Attack cancels the {sector} sector effect.")
SECTOR_DESTROYED = N_("The {sector} sector of {city} is destroyed.")
NO_SECTOR = N_("There is no other sector left to destroy.")
BOMB = N_("The Bomb in {city} goes off.")
NOTHING = N_("{card} finds nothing to act on.")
CONVOY_MOVE = N_("Moloch moves {card} from the destroyed {from_city} into {city}.")
CONVOY_NO_ROOM = N_("{card} finds no free battle station in {city} and is killed.")
CONVOY_STAYS = N_("No Robot moves out of {city}.")
CITY_FALLS = N_("{city} is destroyed; its card is turned over.")
GAME_OVER_MOLOCH = N_("Moloch wins: the convoy reaches New York ({why}).")
GAME_OVER_OUTPOST = N_("Outpost wins: the Moloch deck is empty and no Robot stands in New York.")
WHY_DECK = N_("cards left in the Moloch deck")
WHY_NEW_YORK = N_("a Robot in New York")
WHY_BOTH = N_("cards left in the Moloch deck and a Robot in New York")

# ---------------------------------------------------------------- action labels
ACT_MULLIGAN = N_("Shuffle the hand back and draw {n} new cards")
ACT_KEEP = N_("Keep this hand")
ACT_PLAY = N_("Play {card} into {city}")
ACT_INSTANT = N_("Play {card}")
ACT_EQUIP = N_("Attach {card} to {robot}")
ACT_ABILITY = N_("Use {card}")
ACT_ABILITY_PAY = N_("Use {card} (discard a card)")
ACT_FEATURE = N_("Use {feature} ({city})")
ACT_PASS = N_("Pass")
# What a player did with an action, in the third person, as the AI's reasons begin (the labels
# above are the buttons' commands to a person: in Greek and Hungarian imperatives).
DID_MULLIGAN = N_("Shuffles the hand back")
DID_KEEP = N_("Keeps the hand")
DID_PLAY = N_("Plays {card} into {city}")
DID_INSTANT = N_("Plays {card}")
DID_EQUIP = N_("Attaches {card} to {robot}")
DID_ABILITY = N_("Uses the ability of {card}")
DID_ABILITY_PAY = N_("Uses the ability of {card}, discarding a card")
DID_FEATURE = N_("Uses {feature} in {city}")
DID_PASS = N_("Passes")

# ---------------------------------------------------------------- prompts and options
ASK_SECTOR = N_("Choose the sector of {city} to fight for.")
ASK_TARGET = N_("{card}: choose a card.")
ASK_TARGET_FREE = N_("Choose a card.")
# What the chosen card is for, by the step's op: (with the card whose effect it is, without one)
ASK_KILL = N_("{card}: choose a card to kill.")
ASK_KILL_FREE = N_("Choose a card to kill.")
ASK_TOKEN = N_("{card}: choose a card to get a {value:+d} Strength token.")
ASK_TOKEN_FREE = N_("Choose a card to get a {value:+d} Strength token.")
ASK_STRIP = N_("{card}: choose a card to lose its Strength tokens.")
ASK_STRIP_FREE = N_("Choose a card to lose its Strength tokens.")
ASK_RETURN = N_("{card}: choose a card to return to its owner's hand.")
ASK_RETURN_FREE = N_("Choose a card to return to its owner's hand.")
ASK_MOVE = N_("{card}: choose a card to move.")
ASK_MOVE_FREE = N_("Choose a card to move.")
ASK_DISABLE = N_("{card}: choose a card whose abilities are switched off until the end of the round.")
ASK_DISABLE_FREE = N_("Choose a card whose abilities are switched off until the end of the round.")
ASK_KNOCK_OFF = N_("{card}: choose the Equipment to knock off and discard.")
ASK_KNOCK_OFF_FREE = N_("Choose the Equipment to knock off and discard.")
ASK_DESTINATION = N_("Where does {card} go?")
ASK_PAY = N_("Discard a card from your hand to pay.")
ASK_ORDER = N_("Which ability resolves first?")
ASK_EXCESS = N_("{city} is over the limit: choose a card to discard.")
ASK_IRON_GATE = N_("Iron Gate: choose the card to discard; the other is shuffled back.")
ASK_DESTROY = N_("Choose another sector to destroy.")
ASK_CONVOY = N_("Move one Robot from {city} into {next_city}?")
ASK_DRAW = N_("Draw a card?")
ASK_RECOVER = N_("Choose a card from the discard pile.")
ASK_BOMB_MOLOCH = N_("Bomb: choose an Outpost Soldier to kill.")
ASK_BOMB_OUTPOST = N_("Bomb: choose a Robot to kill.")
ASK_FALLBACK = N_("The Moloch deck is empty: choose a Robot in the active city to kill.")
ASK_CAPTURE_EQUIP = N_("Choose the Equipment to capture.")
ASK_CAPTURE_SOLDIER = N_("Choose the Soldier that takes it.")
OPT_CARD = N_("{card}")
OPT_CARD_IN = N_("{card} in {city}")
OPT_NONE = N_("None")
OPT_CITY = N_("{city}")
OPT_SECTOR = N_("{sector} ({city})")
OPT_YES = N_("Yes")
OPT_NO = N_("No")

# ---------------------------------------------------------------- refusals
NO_GAME = N_("The game is over.")
ANSWER_FIRST = N_("Answer the question first: {prompt}")
UNKNOWN = N_("Unknown action.")
MULLIGAN_ONLY = N_("Before round 1 the only choice is to keep the hand or shuffle it back.")
MULLIGAN_DONE = N_("The starting hand can be changed only once, before round 1.")
NOT_IN_HAND = N_("That card is not in your hand.")
WRONG_PHASE_PLAY = N_("{card} can be played only in Phase {phase}.")
NOT_A_UNIT = N_("{card} is not played into a city.")
CITY_DESTROYED = N_("{city} is destroyed: no card can be played there.")
NO_STATION = N_("{city} has no free {side} battle station.")
NOT_INSTANT = N_("{card} is not an Instant card.")
NOT_EQUIPMENT = N_("{card} is not an Equipment card.")
NOT_A_ROBOT = N_("Equipment goes on one of your Robots in a city that is not destroyed.")
HAS_EQUIPMENT = N_("{robot} already carries Equipment.")
NOT_IN_PLAY = N_("{card} is not one of your cards in a city that is not destroyed.")
NOT_YOURS = N_("That is {side}'s card: you may only use your own.")
SWITCHED_OFF = N_("The abilities of {card} are switched off.")
NO_ABILITY = N_("{card} has no ability you can use.")
WRONG_PHASE_ABILITY = N_("The ability of {card} can be used only in Phase {phase}.")
USED = N_("{card} was already used this round.")
EMPTY_HAND = N_("You have no card to discard.")
NO_TARGET = N_("{card} has nothing to act on now.")
FEATURE_PHASE = N_("City features are used in Phase IV only.")
FEATURE_USED = N_("The feature of {city} was already used.")
FEATURE_NOTHING = N_("The feature of {city} has nothing to act on now.")
TWO_PLAYERS = N_("Neuroshima Convoy is a game for 2 players.")
CANNOT_PASS = N_("There is nothing to pass now.")


def c():
    return shared_content()


def card_name(name: str, translate: Callable[[str], str] | None = None) -> str:
    """A card's name in the language in use: its translation under the msgctxt "convoy" first
    (game/i18n_extract.py), else the plain one. Gears keeps its Locust Grenadier and its Dig In
    order in English in Hungarian; Convoy's cards of those names are the Outpost's 'Gránátos'
    and 'Beásás'."""
    if translate is None:
        from game.i18n import translate
    return named_in("convoy", name, translate)


def lookup(kind: str, key: str, translate: Callable[[str], str]) -> str:
    """The name of a Convoy thing in the language `translate` gives: the content's names are
    msgids (game/i18n_extract.py puts them in the catalogues); a side's name is a template here."""
    content = c()
    if kind == "convoy.card":
        d = content.cards.get(key)
        return card_name(d.name, translate) if d else key
    if kind == "convoy.city":
        return translate(_city_def(key).name)
    if kind == "convoy.feature":
        return translate(_city_def(key).feature_name)
    if kind == "convoy.sector":
        s = content.sectors.get(key)
        return translate(s.name) if s else key
    if kind == "convoy.side":
        return translate(SIDE_NAMES[key])
    # The printed texts (for the table: Ref("convoy.card_text", card id) and so on).
    if kind == "convoy.card_text":
        return translate(content.cards[key].text)
    if kind == "convoy.feature_text":
        return translate(_city_def(key).feature_text)
    if kind == "convoy.sector_text":
        return translate(content.sectors[key].text)
    return key


def _city_def(key: str):
    return next(x for x in c().cities if x.id == key)


register_names("convoy", lookup)

# One Ref per id and kind, made once (every legal action is labelled: a dict lookup costs less
# than a new object), and one message per template without names.
_REFS: dict[tuple[str, str], Ref] = {}
_PLAIN: dict[str, Msg] = {}


def _ref(kind: str, key: str) -> Ref:
    got = _REFS.get((kind, key))
    if got is None:
        got = _REFS[(kind, key)] = Ref(kind, key)
    return got


def say(template: str, **names: Any) -> Msg:
    """The message of a template with its names (ids as Refs), worded when read (issue 18)."""
    if names:
        return M(template, **names)
    got = _PLAIN.get(template)
    if got is None:
        got = _PLAIN[template] = M(template)
    return got


# ---------------------------------------------------------------- plural messages (a number decides the word)
def draws(side_index: int, n: int) -> Msg:
    """'{side} draws {n} card(s).' with the number's own word (Greek: κάρτα / κάρτες)."""
    return Mn("{side} draws {n} card.", "{side} draws {n} cards.", n, side=side(side_index))


def card(state, uid: int) -> Ref:
    return _ref("convoy.card", state.ids[uid])


def card_id(card_id: str) -> Ref:
    return _ref("convoy.card", card_id)


def city(index: int) -> Ref:
    got = _CITIES.get(index)
    if got is None:
        got = _CITIES[index] = _ref("convoy.city", c().cities[index].id)
    return got


_CITIES: dict[int, Ref] = {}


def feature(index: int) -> Ref:
    return _ref("convoy.feature", c().cities[index].id)


def side(index: int) -> Ref:
    return _ref("convoy.side", SIDES[index])


def sector_id(sid: str) -> Ref:
    return _ref("convoy.sector", sid)


def sector(state, city_index: int, sector_index: int) -> Ref:
    from game.convoy.rules.board import sector_ids

    return _ref("convoy.sector", sector_ids(state, city_index)[sector_index])
