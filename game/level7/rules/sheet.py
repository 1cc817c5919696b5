"""The character sheet's tracks and hand on the state (spec 6.11-6.13): Fear, Vitality, Threat
with the threat pool and Lockdown, adrenaline draws and discards, items and the carry limit,
knock-outs, the Hospital and death. Each function takes the resolution's ctx (game/engine/
resolution.py) for its log events and for the choices a player makes (which card to discard,
which item to put down)."""
from __future__ import annotations

from game.engine import text as T
from game.engine.text import M, Mn, join
from game.level7.content import shared_content
from game.level7.rules import tracks
from game.level7.rules.names import card_name, who
from game.level7.rules.state import ESCAPED, HOSPITAL, IN_HOSPITAL, IN_PLAY, KILLED, Character, Level7State


def content():
    return shared_content()


# ---------------------------------------------------------------------------- Threat and Lockdown

def gain_threat(state: Level7State, ch: Character, n: int, ctx, why: str) -> None:
    """+n Threat (tracks.gain_threat): from the threat pool; an empty pool starts Lockdown, and
    from then on the tokens come from the box (spec 6.12)."""
    got = tracks.gain_threat(threat=ch.threat, pool=state.threat_pool, lockdown=state.lockdown, amount=n,
                             box=state.threat_box)
    state.threat_pool, state.threat_box, ch.threat = got.pool, state.threat_box - got.from_box, got.after
    ctx.emit("threat", M("{who} ({why}): {change}", who=who(ch), why=why, change=got.text), {"who": ch.id, "threat": ch.threat})
    if got.lockdown_starts:
        start_lockdown(state, ctx, M("the threat pool is empty and {who} must gain Threat", who=who(ch)))


def lose_threat(state: Level7State, ch: Character, n: int, ctx, why: str) -> None:
    """-n Threat; the tokens go to the box, never back to the pool (spec 6.12)."""
    got = tracks.lose_threat(threat=ch.threat, pool=state.threat_pool, amount=n)
    if got.to_box:
        ch.threat, state.threat_box = got.after, state.threat_box + got.to_box
        ctx.emit("threat", M("{who} ({why}): {change}", who=who(ch), why=why, change=got.text), {"who": ch.id, "threat": ch.threat})


def start_lockdown(state: Level7State, ctx, why: str) -> None:
    """Lockdown (spec 6.12): characters in the Hospital lose; knock-outs become deaths from now."""
    if state.lockdown:
        return
    state.lockdown = True
    state.lockdown_turn = state.turn_no
    ctx.emit("lockdown", M("Lockdown! ({why})", why=why), {"why": T.to_json(why)})
    for ch in state.characters.values():
        if ch.status == IN_HOSPITAL:
            kill(state, ch, ctx, M("in the Hospital when Lockdown starts"))
    check_end(state, ctx)


# ---------------------------------------------------------------------------- Fear

def change_fear(state: Level7State, ch: Character, delta: int, ctx, why: str, cause: str = "") -> int:
    """Moves the Fear marker by `delta` on the track (tracks.change_fear: an event may push past
    the end, the marker stops there, spec 6.12); returns the change made. `cause` (darkness, vent,
    attack): a skill or item may spare the gain (modifiers.ignores_fear)."""
    from game.level7.rules.challenges import spared

    ignored = spared(ch, cause) if cause and delta > 0 else ""
    if cause and delta > 0 and not ignored and ch.status == IN_PLAY:
        delta = steel_nerves(state, ch, delta, ctx, why, cause)
        if delta <= 0:
            return 0
    got = tracks.change_fear(content(), ch.fear, delta, ignored_by=ignored, cause=why)
    if got.after != got.before or got.ignored_by:
        ch.fear = got.after
        ctx.emit("fear", M("{who}: {change}", who=who(ch), change=got.text), {"who": ch.id, "fear": ch.fear, "spared_by": got.ignored_by})
    return got.after - got.before


def steel_nerves(state: Level7State, ch: Character, delta: int, ctx, why: str, cause: str) -> int:
    """Before `ch` gains `delta` Fear from `cause`, a card whose "any time" ability cancels such a
    gain (Steel Nerves, spec 8.6) may be played, its Fear cost paid first; the gain left. Asked
    only when `ch` holds such a card that may be played now."""
    from game.level7.content import CancelFear
    from game.level7.rules.challenges import play_reaction, reaction_cards

    cards = reaction_cards(state, ch, CancelFear, cause)
    if not cards:
        return delta
    pick = ctx.choose(ch.id, "cancel_fear", [{"card": ""}] + [{"card": k} for k in cards],
                      M("{who}: about to gain {n} Fear ({why}). Cancel it?", who=who(ch), n=delta, why=why),
                      about={"fear": ch.fear, "gain": delta, "cause": cause})
    if not pick["card"]:
        return delta
    out = play_reaction(state, ch, pick["card"], ctx)
    amount = sum(e.amount for e in out.ability if isinstance(e, CancelFear))
    ctx.emit("fear", M("{who}: {n} Fear cancelled ({why}).", who=who(ch), n=min(amount, delta), why=why), {"who": ch.id, "fear": ch.fear})
    return delta - amount


# ---------------------------------------------------------------------------- cards

def hand_size(ch: Character) -> int:
    return tracks.hand_size(content(), ch.vitality)


def draw_adrenaline(state: Level7State, ch: Character, n: int, ctx, why: str) -> int:
    """Draws up to `n` adrenaline cards, never past the hand size (= Vitality); an empty deck is
    the discard pile shuffled (spec 11 #30)."""
    n = max(0, min(n, hand_size(ch) - len(ch.hand)))
    cards = state.adrenaline.draw(n, state.rng.stream("decks")) if n else []
    ch.hand += cards
    if cards:
        ctx.emit("draw", Mn("{who} draws {n} adrenaline card ({why}).", "{who} draws {n} adrenaline cards ({why}).",
                              len(cards), who=who(ch), why=why),
                 {"who": ch.id, "n": len(cards)})
        ctx.emit("hand", M("{who} draws {cards}.", who=who(ch), cards=join(", ", [card_name(c) for c in cards])), {"who": ch.id, "cards": cards},
                 hidden=True, visible_to=(ch.id,))
    return len(cards)


def discard_adrenaline(state: Level7State, ch: Character, n: int, ctx, why: str) -> int:
    """The player discards `n` cards of their choice; an empty hand knocks them out (6.13)."""
    done = 0
    for _ in range(n):
        if not ch.hand:
            break
        pick = ctx.choose(ch.id, "discard", [{"card": c} for c in sorted(set(ch.hand))],
                          M("{who}: discard an adrenaline card ({why})", who=who(ch), why=why))
        ch.hand.remove(pick["card"])
        state.adrenaline.discard([pick["card"]])
        done += 1
        ctx.emit("discard", M("{who} discards {card} ({why}).", who=who(ch), card=card_name(pick["card"]), why=why), {"who": ch.id, "card": pick["card"]})
    if done and not ch.hand and ch.status == IN_PLAY:
        knock_out(state, ch, ctx, "hand_empty")
    return done


def carry_limit(ch: Character) -> int:
    from game.level7.rules.challenges import carried_items
    from game.level7.rules.modifiers import carry_limit as limit

    return limit(content(), skills=ch.skills, items=carried_items(ch))


def take_item(state: Level7State, ch: Character, card: str, ctx) -> None:
    """Adds an item to what `ch` carries; over the carry limit the player puts one face up on the
    tile (spec 6.10: the extras go face up on the tile)."""
    ch.items.append(card)
    if len(ch.items) > carry_limit(ch):
        pick = ctx.choose(ch.id, "put_down", [{"card": c} for c in sorted(set(ch.items))],
                          M("{who} carries too many items: put one down", who=who(ch)))
        ch.items.remove(pick["card"])
        state.floor_items.setdefault(ch.tile, []).append(pick["card"])
        ctx.emit("put_down", M("{who} puts {card} down on the tile.", who=who(ch), card=card_name(pick["card"])),
                 {"who": ch.id, "card": pick["card"], "tile": ch.tile})


def draw_item(state: Level7State, ch: Character, ctx, why: str) -> None:
    """Draws an item card; with none left the draw gives nothing (spec 11 #30)."""
    cards = state.items.draw(1)
    if not cards:
        ctx.emit("no_item", M("No item card is left for {who} ({why}).", who=who(ch), why=why), {"who": ch.id})
        return
    ctx.emit("item", M("{who} draws {card} ({why}).", who=who(ch), card=card_name(cards[0]), why=why), {"who": ch.id, "card": cards[0]},
             hidden=True)
    take_item(state, ch, cards[0], ctx)


# ---------------------------------------------------------------------------- knocked out, killed

def drop_items(state: Level7State, ch: Character, ctx) -> None:
    if ch.items and ch.tile and ch.tile != HOSPITAL:
        state.floor_items.setdefault(ch.tile, []).extend(ch.items)
        ctx.emit("drop", M("{who}'s items fall on the tile.", who=who(ch)), {"who": ch.id, "cards": list(ch.items)})
        ch.items = []


def knock_out(state: Level7State, ch: Character, ctx, cause: str) -> None:
    """Knocked out (spec 6.13, tracks.knock_out; `cause` one of its KNOCKOUT_CAUSES): items on the
    tile, to the Hospital, -1 Vitality, -1 Threat; killed instead at the skull or during Lockdown.
    On one's own turn the turn ends at once (11 #36)."""
    if ch.status != IN_PLAY:
        return
    out = tracks.knock_out(content(), cause=cause, vitality=ch.vitality, threat=ch.threat, items=ch.items,
                           lockdown=state.lockdown, pool=state.threat_pool, hand=len(ch.hand))
    drop_items(state, ch, ctx)
    if out.killed:
        kill(state, ch, ctx, out.text)
        return
    ch.vitality = out.vitality.after
    ch.tile, ch.status = HOSPITAL, IN_HOSPITAL
    ch.threat, state.threat_box = out.threat.after, state.threat_box + out.threat.to_box
    ctx.emit("knocked_out", M("{who}: {change}", who=who(ch), change=out.text), {"who": ch.id, "vitality": ch.vitality})
    for _ in range(out.vitality.discard):  # spec 11 #29: down to the new hand size at once
        discard_adrenaline(state, ch, 1, ctx, M("hand above the new Vitality"))
    if ch.id == state.turn.player:
        state.flags["turn_over"] = True
    check_end(state, ctx)


def kill(state: Level7State, ch: Character, ctx, why: str) -> None:
    if ch.out:
        return
    drop_items(state, ch, ctx)
    state.adrenaline.discard(ch.hand)
    ch.hand = []
    ch.tile, ch.status = "", KILLED
    state.results[ch.id] = "lost"
    ctx.emit("killed", M("{who} is killed ({why}).", who=who(ch), why=why), {"who": ch.id})
    if ch.id == state.turn.player:
        state.flags["turn_over"] = True
    check_end(state, ctx)


def escape(state: Level7State, ch: Character, ctx) -> None:
    state.adrenaline.discard(ch.hand)
    ch.hand = []
    drop_items(state, ch, ctx)
    ch.tile, ch.status = "", ESCAPED
    state.results[ch.id] = "won"
    ctx.emit("escaped", M("{who} escapes from the facility!", who=who(ch)), {"who": ch.id})
    state.flags["turn_over"] = True
    check_end(state, ctx)


def end_game(state: Level7State, ctx, why: str) -> None:
    """Everyone still inside loses (spec 1, 9.1 End)."""
    for ch in state.characters.values():
        if not ch.out:
            state.results[ch.id] = "lost"
            if ch.status == IN_HOSPITAL:
                ch.tile = HOSPITAL
    state.outcome = "won" if any(r == "won" for r in state.results.values()) else "lost"
    ctx.emit("game_over", M("The game ends: {why}.", why=why), {"results": dict(sorted(state.results.items())), "why": T.to_json(why)})


def check_end(state: Level7State, ctx) -> None:
    if state.outcome is not None:
        return
    left = [state.characters[c] for c in state.remaining()]
    if not left:
        end_game(state, ctx, M("no character is left inside"))
    elif state.starting_players > 1 and all(c.status == IN_HOSPITAL for c in left):
        end_game(state, ctx, M("every character still inside is in the Hospital"))
