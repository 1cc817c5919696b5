"""Plain words for Level 7 actions and decision options (the log, the table, the bots' reasons)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.level7.content import shared_content
from game.level7.rules.maps import shared_tiles


def tile_name(tile: str) -> str:
    t = shared_tiles().get(tile)
    return t.name if t else tile


def card_name(card: str) -> str:
    kind = card.split("#")[0]
    c = shared_content()
    for table in (c.adrenaline, c.items, c.keys):
        if kind in table:
            return table[kind].name
    if kind in ("uniform", "bloody_uniform"):  # the uniform tokens (rules/uniforms.py)
        return c.tokens["uniform"].name + (" (bloody)" if kind == "bloody_uniform" else "")
    return kind


def option_words(state, kind: str, o: dict[str, Any]) -> str:
    if kind == "placement":
        return f"{tile_name(o['tile'])} turned {o['turns'] * 90} degrees, joining {o['joined']} door(s)"
    if kind in ("discard", "put_down"):
        return f"{'Discard' if kind == 'discard' else 'Put down'} {card_name(o['card'])}"
    if kind in ("spawn_tile", "seal_vent", "vent_travel", "remove_darkness", "token_tile", "reenter", "swarm_tile"):
        return tile_name(o["tile"]) if o.get("tile") else "Stay"
    if kind == "enemy_path":
        return f"{o['enemy']} toward {tile_name(o['tile'])}"
    if kind == "lock_door":
        return f"The door on side {o['door'][0]}"
    if kind == "event_option":
        return f"Option {o['option'] + 1}"
    if kind == "defend":
        if o.get("use") == "ability":
            return f"Play {card_name(o['card'])} to cancel the attack"
        return f"Play {card_name(o['card'])} for Toughness" if o["card"] else "Play nothing"
    if kind == "help":
        if o.get("use") == "ability":
            return f"Play {card_name(o['card'])}: {state.characters[state.turn.player].name} draws a card"
        return f"Play {card_name(o['card'])} for its bonus" if o["card"] else "Do not help"
    if kind == "cancel_fear":
        return f"Play {card_name(o['card'])} to cancel the Fear" if o["card"] else "Take the Fear"
    if kind == "lend_to":
        return f"{state.characters[o['who']].name} draws"
    if kind == "unlock_door":
        return f"The locked door on side {o['door'][0]}"
    if kind == "relock":
        return "Lock the door again" if o["relock"] else "Leave it open"
    if kind == "reroll":
        return f"Reroll dice {', '.join(str(i + 1) for i in o['dice'])} ({o['reroll']})" if o["reroll"] else "Keep the roll"
    if kind == "fear_shift":
        return f"Fear {o['fear']}"
    if kind == "panel_reward":
        return "Move a guard 1 tile" if o["reward"] == "move_guard" else "Take a security key"
    if kind == "move_guard":
        return f"{o['enemy']} to {tile_name(o['tile'])}"
    if kind == "redraw_event":
        return "Discard the event card and draw another" if o["redraw"] else "Resolve this event card"
    if kind == "stun":
        return f"Stun {o['enemy']}"
    if kind == "trade_offer":
        return "Accept the trade" if o["accept"] else "Refuse the trade"
    return f"{kind}: {o}"


ABILITY_WORDS = {  # content.py's effect classes -> what playing the ability does, in a few words
    "Reroll": "reroll dice in this turn's challenge", "Bonus": "raise {attribute} by {amount}",
    "FearShift": "move your Fear up to {steps} steps", "CancelAttack": "cancel an attack on you",
    "CancelFear": "cancel a Fear gain", "Unseen": "hide from enemies not on your tile",
    "LeaveTile": "leave this tile despite the enemies", "UnlockDoor": "remove a locked-door token",
    "MoveEnemy": "move a {enemy} 1 tile", "Stun": "stun a {enemy} on your tile",
}


def ability_words(card: str) -> str:
    """An adrenaline card's ability in a few words, for an action's label."""
    return _ability_words(card.split("#")[0])


@lru_cache(maxsize=None)
def _ability_words(kind: str) -> str:
    rec = shared_content().adrenaline.get(kind)
    if rec is None or not rec.ability:
        return "use its ability"
    e = rec.ability[0]
    name = type(e).__name__
    if name == "Draw":
        what = "an item card" if e.deck == "item" else "an adrenaline card"
        return f"let another character draw {what}" if e.who == "other" else f"draw {what}"
    fields = {k: str(v).lower() for k, v in getattr(e, "__dict__", {}).items()}
    return ABILITY_WORDS.get(name, "use its ability").format(**fields)


def action_words(state, kind: str, p: dict[str, Any]) -> str:
    if kind == "move":
        return f"Move to {tile_name(p['to'])}"
    if kind == "vent":
        return f"Crawl through the vents to {tile_name(p['to'])}"
    if kind == "explore":
        return f"Explore through the door on side {p['door'][0]}"
    if kind == "peek":
        return f"Peek through the door on side {p['door'][0]}"
    if kind == "pickup":
        return f"Pick up {card_name(p['card'])}"
    if kind == "trade":
        give = card_name(p["give"]) if p["give"] else "nothing"
        take = card_name(p["take"]) if p["take"] else "nothing"
        return f"Trade with {state.characters[p['with']].name}: give {give}, take {take}"
    if kind == "escape":
        return "Escape!"
    if kind == "attack":
        return f"Attack {p['enemy']}"
    if kind == "bull_rush":
        return "Bull Rush out of this tile"
    if kind == "outwit":
        return f"Outwit the {p['side']}"
    if kind == "unlock":
        return f"Unlock the door on side {p['door'][0]} by {p['way'].capitalize()}"
    if kind == "control_panel":
        return "Use the control panel"
    if kind == "use_item":
        return f"Use {card_name(p['card'])}"
    if kind == "use_key":
        return f"Open the door on side {p['door'][0]} with a security key"
    if kind == "adrenaline":
        how = {"bonus": "for its bonus", "ability": f"to {ability_words(p['card'])}"}.get(
            p["use"], f"to move Fear {p['shift']:+d}")
        return f"Play {card_name(p['card'])} {how}"
    if kind == "end_turn":
        return "End the turn (draw the event)"
    return kind
