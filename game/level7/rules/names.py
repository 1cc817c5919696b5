"""Words for Level 7 actions and decision options (the log, the table, the bots' reasons), as
messages (game/engine/text.py, issue 18): every name is a `Ref` (a tile, a card, a character, an
enemy, a figure) named when the text is shown, in the reader's language, by `lookup` below
(registered for the kinds "level7.*"). Nothing is worded while the rules run."""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

from game.engine.text import Kept, M, Mn, Msg, Ref, counted, join, named_in, ref, register_names
from game.i18n import N_
from game.level7.content import shared_content
from game.level7.rules.maps import shared_tiles

_BLOODY = N_("{name} (bloody)")
# A placement's words before session 41 ('door(s)'), kept for the questions and log lines of
# older saves, which hold the message by its msgid.
_PLACEMENT_BEFORE = N_("{tile} turned {degrees} degrees, joining {joined} door(s)")
# The icon counts' words before session 46 (one sentence for any count: '1 icons', '1 are
# left'; now plural messages), kept for the log lines and questions of older saves likewise.
_ICONS_BEFORE = (N_("{who} {what}: {faces}: {icons} icons."), N_("{who}: reroll dice? ({icons} icons, {level} needed)"),
                 N_("The rush needs {needed} Strength icons to leave; {available} are left. You stop here."),
                 N_("{n} Intelligence icons: the {side} are not fooled ({level} needed)."),
                 N_("{n} icons: the door stays locked ({level} needed)."),
                 N_("{n} Intelligence icons: access denied ({level} needed)."),
                 N_("{n} {attribute} icons: the challenge fails ({level} needed)."))
# Every Level 7 name is also in the catalogues under this msgctxt (babel.cfg): other titles write
# some of them the same in English (Gears' Guard action and Swarm, Distraction, Reinforcements AI
# cards, Convoy's Incinerator) and word them otherwise.
CONTEXT = "level7"


def _content_name(name: str, translate: Callable[[str], str]) -> str:
    """A content name, Level 7's own translation first."""
    return named_in(CONTEXT, name, translate)


def lookup(kind: str, key: str, translate: Callable[[str], str]) -> str:
    """The name of a Level 7 thing in the language `translate` gives (content names are msgids:
    game/i18n_extract.py puts them in the catalogues)."""
    c = shared_content()
    if kind == "level7.tile":
        t = shared_tiles().get(key)
        return _content_name(t.name, translate) if t else key
    if kind == "level7.card":
        return _card(key, translate)
    if kind == "level7.character":
        ch = c.characters.get(key)
        return _content_name(ch.name, translate) if ch else key
    if kind in ("level7.enemy", "level7.enemy_lower"):
        name = _content_name(c.enemies[key].name, translate)
        return name.lower() if kind == "level7.enemy_lower" else name
    if kind == "level7.figure":
        enemy, _, number = key.partition("|")
        return _figure(enemy, int(number), translate)
    if kind == "level7.source":  # what grants a reroll or a bonus: a skill, an item, an adrenaline card
        for table in (c.skills, c.items, c.adrenaline):
            if key in table:
                return _content_name(table[key].name, translate)
        return key.replace("_", " ")
    if kind == "level7.name":  # a content name (a skill's, item's or card's) as the data writes it
        return _content_name(key, translate)
    if kind == "level7.stack":  # a tile stack's name in the scenario ("A", "B", "last")
        return _content_name(key, translate)
    if kind == "level7.section":
        return _content_name(c.sections[key].name, translate)
    if kind == "level7.section_text":
        return translate(c.sections[key].text)
    return key


def _card(card: str, translate: Callable[[str], str]) -> str:
    kind = card.split("#")[0]
    c = shared_content()
    for table in (c.adrenaline, c.items, c.keys):
        if kind in table:
            return _content_name(table[kind].name, translate)
    if kind in ("uniform", "bloody_uniform"):  # the uniform tokens (rules/uniforms.py)
        name = _content_name(c.tokens["uniform"].name, translate)
        return translate(_BLOODY).format(name=name) if kind == "bloody_uniform" else name
    return kind


def _figure(enemy: str, number: int, translate: Callable[[str], str]) -> str:
    """'Guard 2', 'Hybrid (Intelligence)', 'Dr. Cronos' (enemy_view.enemy_label's words)."""
    rec = shared_content().enemies[enemy]
    if rec.icons:
        return translate("{name} ({icon})").format(name=_content_name(rec.name, translate),
                                                   icon=translate(rec.icons[number - 1].capitalize()))
    name = _content_name(rec.name, translate)
    return f"{name} {number}" if rec.numbered else name


register_names("level7", lookup)

# The separator of a reason's clauses, as a message: in Greek ";" is the question mark, and the
# clauses are joined with the ano teleia (·) there.
SEMICOLON = M("; ")



_TILES: dict[str, Ref] = {}
_CARDS: dict[str, Ref] = {}  # by card instance ("sprint#2"): a label names one per legal action
_FOES: dict[str, Ref] = {}  # by figure id ("guard2")


def tile_name(tile: str) -> Ref:
    """A tile by its id (a placement name is the id of the tile placed there)."""
    got = _TILES.get(tile)
    if got is None:
        got = _TILES[tile] = ref("level7.tile", tile)
    return got


def place(state, placement: str) -> Ref:
    """The tile placed under a placement name (maps.view(state).tile(...).name's words)."""
    from game.level7.rules.maps import view

    return ref("level7.tile", view(state).tile(placement).id)


def stack_name(stack: str) -> Ref:
    """A tile stack by its name in the scenario data ("A", "last"; the seed's "utolsó halom")."""
    return ref("level7.stack", stack)


def card_name(card: str) -> Ref:
    got = _CARDS.get(card)
    if got is None:
        got = _CARDS[card] = ref("level7.card", card.split("#")[0])
    return got


_CHARACTERS: dict[str, Ref] = {}


def character(state, cid: str) -> Ref:
    got = _CHARACTERS.get(cid)
    if got is None:
        got = _CHARACTERS[cid] = ref("level7.character", cid)
    return got


def who(ch) -> Ref:
    """A character (state.Character) by name."""
    got = _CHARACTERS.get(ch.id)
    return got if got is not None else character(None, ch.id)


def enemy(kind: str, lower: bool = False) -> Ref:
    return ref("level7.enemy_lower" if lower else "level7.enemy", kind)


def enemies(kind: str, n: int) -> Msg:
    """'2 guards', '1 hybrid': a count of an enemy type inside a sentence (lower case, as
    enemy(kind, lower=True)), worded by the language's plural rules (text.counted; the pair is
    in the catalogues through game/i18n_extract.py, babel.cfg's `counted = lower`)."""
    e = shared_content().enemies[kind]
    return counted(n, e.name.lower(), e.plural.lower())


def figure(kind: str, number: int) -> Ref:
    return ref("level7.figure", f"{kind}|{number}")


def figure_key(key: str) -> Ref | str:
    """A figure by its state key ('clone2', state.Enemy.key) as its name ('Clone 2')."""
    kind = key.rstrip("0123456789")
    return figure(kind, int(key[len(kind):])) if kind != key and kind in shared_content().enemies else key




ATTRIBUTES = {"strength": N_("Strength"), "intelligence": N_("Intelligence"), "speed": N_("Speed"),
              "toughness": N_("Toughness"), "fear": N_("Fear"), "threat": N_("Threat")}
_ATTRIBUTES_LOWER = {"strength": N_("strength"), "intelligence": N_("intelligence"), "speed": N_("speed"),
                     "toughness": N_("toughness")}
SIDES = {"guards": N_("guards"), "aliens": N_("aliens")}  # challenge.py GUARDS, ALIENS (Outwit)
TRIGGERS = {"security": N_("security"), "fear": N_("fear"), "facility": N_("facility")}  # event sections


CHALLENGES = {"attack": N_("attack"), "bull_rush": N_("bull rush"), "outwit": N_("outwit"),
              "unlock_strength": N_("unlock strength"), "unlock_intelligence": N_("unlock intelligence"),
              "control_panel": N_("control panel"), "event_challenge": N_("event challenge")}  # challenge.py kinds
CAUSES = {"attack": N_("attack"), "darkness": N_("darkness"), "vent": N_("vent")}  # what a Fear gain comes from


def challenge(kind: str) -> Msg | str:
    got = CHALLENGES.get(kind)
    return M(got) if got else kind.replace("_", " ")


def cause(name: str) -> Msg | str:
    got = CAUSES.get(name)
    return M(got) if got else name


def attribute(name: str) -> Msg | str:
    """'Strength' for 'strength' (the attribute's name capitalised, as the log prints it)."""
    got = ATTRIBUTES.get(name)
    return M(got) if got else name.capitalize()


def attribute_lower(name: str) -> Msg | str:
    got = _ATTRIBUTES_LOWER.get(name)
    return M(got) if got else name


def side(name: str) -> Msg | str:
    got = SIDES.get(name)
    return M(got) if got else name


# A door's side as the rules name it, the compass letter of its tile's edge (north up): the
# payload's English letter was put in every language ('Felfedezés a(z) N oldali ajtón át').
DOOR_SIDES = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}


def door_side(letter: str) -> Msg | str:
    got = DOOR_SIDES.get(letter)
    return M(got) if got else letter


def trigger(name: str) -> Msg | str:
    got = TRIGGERS.get(name)
    return M(got) if got else name


def option_words(state, kind: str, o: dict[str, Any]) -> Msg | Ref | str:
    if kind == "placement":
        return Mn("{tile} turned {degrees} degrees, joining {n} door", "{tile} turned {degrees} degrees, joining {n} doors",
                  o["joined"], tile=tile_name(o["tile"]), degrees=o["turns"] * 90)
    if kind == "discard":
        return M("Discard {card}", card=card_name(o["card"]))
    if kind == "put_down":
        return M("Put down {card}", card=card_name(o["card"]))
    if kind in ("spawn_tile", "seal_vent", "vent_travel", "remove_darkness", "token_tile", "reenter", "swarm_tile"):
        return tile_name(o["tile"]) if o.get("tile") else M("Stay")
    if kind == "enemy_path":
        return M("{enemy} toward {tile}", enemy=o["enemy"], tile=tile_name(o["tile"]))
    if kind == "lock_door":
        return M("The door on side {side}", side=door_side(o["door"][0]))
    if kind == "event_option":
        return M("Option {number}", number=o["option"] + 1)
    if kind == "defend":
        if o.get("use") == "ability":
            return M("Play {card} to cancel the attack", card=card_name(o["card"]))
        return M("Play {card} for Toughness", card=card_name(o["card"])) if o["card"] else M("Play nothing")
    if kind == "help":
        if o.get("use") == "ability":
            return M("Play {card}: {who} draws a card", card=card_name(o["card"]),
                     who=character(state, state.turn.player))
        return M("Play {card} for its bonus", card=card_name(o["card"])) if o["card"] else M("Do not help")
    if kind == "cancel_fear":
        return M("Play {card} to cancel the Fear", card=card_name(o["card"])) if o["card"] else M("Take the Fear")
    if kind == "lend_to":
        return M("{who} draws", who=character(state, o["who"]))
    if kind == "unlock_door":
        return M("The locked door on side {side}", side=door_side(o["door"][0]))
    if kind == "relock":
        return M("Lock the door again") if o["relock"] else M("Leave it open")
    if kind == "reroll":
        if not o["reroll"]:
            return M("Keep the roll")
        # The source's id, not its name: a paused question's labels are in the state's hash in
        # English words, and saves made before would no longer load (a known wart, see LEVEL7.md).
        return M("Reroll dice {dice} ({source})", dice=", ".join(str(i + 1) for i in o["dice"]), source=o["reroll"])
    if kind == "fear_shift":
        return M("Fear {fear}", fear=o["fear"])
    if kind == "panel_reward":
        return M("Move a guard 1 tile") if o["reward"] == "move_guard" else M("Take a security key")
    if kind == "move_guard":
        return M("{enemy} to {tile}", enemy=o["enemy"], tile=tile_name(o["tile"]))
    if kind == "redraw_event":
        return M("Discard the event card and draw another") if o["redraw"] else M("Resolve this event card")
    if kind == "stun":
        return M("Stun {enemy}", enemy=o["enemy"])
    if kind == "trade_offer":
        return M("Accept the trade") if o["accept"] else M("Refuse the trade")
    return f"{kind}: {o}"  # a question no branch above words: its data, for a bug report


ABILITY_WORDS = {  # content.py's effect classes -> what playing the ability does, in a few words
    "Reroll": N_("reroll dice in this turn's challenge"), "Bonus": N_("raise {attribute} by {amount}"),
    "FearShift": N_("move your Fear up to {steps} steps"), "CancelAttack": N_("cancel an attack on you"),
    "CancelFear": N_("cancel a Fear gain"), "Unseen": N_("hide from enemies not on your tile"),
    "LeaveTile": N_("leave this tile despite the enemies"), "UnlockDoor": N_("remove a locked-door token"),
    "MoveEnemy": N_("move a {enemy} 1 tile"), "Stun": N_("stun a {enemy} on your tile"),
}


def ability_words(card: str) -> Msg:
    """An adrenaline card's ability in a few words, for an action's label."""
    return _ability_words(card.split("#")[0])


@lru_cache(maxsize=None)
def _ability_words(kind: str) -> Msg:
    rec = shared_content().adrenaline.get(kind)
    if rec is None or not rec.ability:
        return M("use its ability")
    e = rec.ability[0]
    name = type(e).__name__
    if name == "Draw":
        if e.deck == "item":
            return M("let another character draw an item card") if e.who == "other" else M("draw an item card")
        return M("let another character draw an adrenaline card") if e.who == "other" else M("draw an adrenaline card")
    template = ABILITY_WORDS.get(name)
    if template is None:
        return M("use its ability")
    fields = {k: _field(k, v) for k, v in getattr(e, "__dict__", {}).items()}
    return M(template, **{k: v for k, v in fields.items() if "{" + k + "}" in template})


def _field(key: str, value: Any) -> Any:
    if key == "attribute":
        return attribute_lower(str(value))
    if key == "enemy" and str(value) in shared_content().enemies:
        return enemy(str(value), lower=True)
    return str(value).lower()


# An action's label depends only on its kind and parameters (a character's and a card's names are
# Refs, named when shown). legal_actions labels every candidate it keeps, listing after listing,
# and the session keeps the chosen one's label all game: kept per what it says (text.Kept), a
# listing hands out the same messages.
_LABELS = Kept()


def action_words(state, kind: str, p: dict[str, Any]) -> Msg | str:
    """The label of the action `kind` with parameters `p` ('Move to Security Office')."""
    # the keys hold every parameter the words use; a door is a list (unhashable): its side is
    # the only part worded
    if kind in ("move", "vent"):
        key = (kind, p["to"])
    elif kind in ("explore", "peek", "use_key"):
        key = (kind, p["door"][0])
    elif kind == "adrenaline":
        key = (kind, p["card"], p["use"], p.get("shift"))
    elif kind in ("pickup", "use_item"):
        key = (kind, p["card"])
    elif kind == "trade":
        key = (kind, p["with"], p["give"], p["take"])
    elif kind in ("attack", "outwit"):
        key = (kind, p["enemy"] if kind == "attack" else p["side"])
    elif kind == "unlock":
        key = (kind, p["door"][0], p["way"])
    else:
        key = (kind,)
    return _LABELS(key, _action_words, kind, p)


def _action_words(kind: str, p: dict[str, Any]) -> Msg | str:
    if kind == "move":
        return M("Move to {tile}", tile=tile_name(p["to"]))
    if kind == "vent":
        return M("Crawl through the vents to {tile}", tile=tile_name(p["to"]))
    if kind == "explore":
        return M("Explore through the door on side {side}", side=door_side(p["door"][0]))
    if kind == "peek":
        return M("Peek through the door on side {side}", side=door_side(p["door"][0]))
    if kind == "pickup":
        return M("Pick up {card}", card=card_name(p["card"]))
    if kind == "trade":
        give = card_name(p["give"]) if p["give"] else M("nothing")
        take = card_name(p["take"]) if p["take"] else M("nothing")
        return M("Trade with {who}: give {give}, take {take}", who=character(None, p["with"]), give=give, take=take)
    if kind == "escape":
        return M("Escape!")
    if kind == "attack":
        return M("Attack {enemy}", enemy=figure_key(p["enemy"]))
    if kind == "bull_rush":
        return M("Bull Rush out of this tile")
    if kind == "outwit":
        return M("Outwit the {side}", side=side(p["side"]))
    if kind == "unlock":
        return M("Unlock the door on side {side} by {way}", side=door_side(p["door"][0]), way=attribute(p["way"]))
    if kind == "control_panel":
        return M("Use the control panel")
    if kind == "use_item":
        return M("Use {card}", card=card_name(p["card"]))
    if kind == "use_key":
        return M("Open the door on side {side} with a security key", side=door_side(p["door"][0]))
    if kind == "adrenaline":
        card = card_name(p["card"])
        if p["use"] == "bonus":
            return M("Play {card} for its bonus", card=card)
        if p["use"] == "ability":
            return M("Play {card} to {ability}", card=card, ability=ability_words(p["card"]))
        return M("Play {card} to move Fear {shift}", card=card, shift=f"{p['shift']:+d}")
    if kind == "end_turn":
        return M("End the turn (draw the event)")
    return kind


# ---------------------------------------------------------------- the enemies' logic (enemy_view.Situation)

_BY_NAME: dict[str, str] = {}


def character_named(name: str) -> Ref | str:
    """A character by the name the enemies' logic knows it by (Situation.characters, `active`)."""
    if not _BY_NAME:
        _BY_NAME.update({rec.name: cid for cid, rec in shared_content().characters.items()})
    cid = _BY_NAME.get(name)
    return ref("level7.character", cid) if cid else name


def term_words(term) -> Msg | Ref:
    """Where a die of a challenge comes from (modifiers.Term) in the reader's words: 'base',
    'Fear 5-6', 'Weightlifter', 'Brute Force (Subject 2)' (the preview showed the English
    source, with the player's id: 'Brute Force (subject_1)')."""
    if term.band:
        return M("Fear {low}-{high}", low=term.band[0], high=term.band[-1])
    if not term.name:
        return M("base")
    name = ref("level7.name", term.name)
    if not term.by:
        return name
    who = character(None, term.by) if term.by in shared_content().characters else character_named(term.by)
    return M("{source} ({who})", source=name, who=who)


def where(sit, tile: str) -> Ref:
    """A placed tile of the situation's map by name (Situation.where's words)."""
    return ref("level7.tile", sit.map.placed[tile][0].id)


def wheres(sit, tiles) -> Any:
    return join(", ", [where(sit, t) for t in tiles])


def foe(sit, fid: str) -> Ref:
    """A figure of the situation by name (Situation.label's words: 'Guard 2')."""
    got = _FOES.get(fid)
    if got is None:
        f = sit.figure(fid)
        got = _FOES[fid] = figure(f.kind, f.number)
    return got
