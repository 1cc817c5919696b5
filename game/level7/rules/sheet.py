"""The character sheet's tracks and hand on the state (spec 6.11-6.13): Fear, Vitality, Threat
with the threat pool and Lockdown, adrenaline draws and discards, items and the carry limit,
knock-outs, the Hospital and death. Each function takes the resolution's ctx (game/engine/
resolution.py) for its log events and for the choices a player makes (which card to discard,
which item to put down)."""
from __future__ import annotations

from game.level7.content import shared_content
from game.level7.rules.state import ESCAPED, HOSPITAL, IN_HOSPITAL, IN_PLAY, KILLED, Character, Level7State


def content():
    return shared_content()


# ---------------------------------------------------------------------------- Threat and Lockdown

def gain_threat(state: Level7State, ch: Character, n: int, ctx, why: str) -> None:
    """+n Threat: each token from the threat pool; an empty pool starts Lockdown, and from then on
    the tokens come from the box (spec 6.12)."""
    for _ in range(n):
        if state.threat_pool > 0:
            state.threat_pool -= 1
        else:
            if not state.lockdown:
                start_lockdown(state, ctx, f"the threat pool is empty and {ch.name} must gain Threat")
                if ch.out:
                    return
            if state.threat_box == 0:
                ctx.emit("threat", f"No Threat token is left for {ch.name}.", {"who": ch.id})
                return
            state.threat_box -= 1
        ch.threat += 1
        ctx.emit("threat", f"{ch.name} gains 1 Threat ({why}): {ch.threat}.", {"who": ch.id, "threat": ch.threat})


def lose_threat(state: Level7State, ch: Character, n: int, ctx, why: str) -> None:
    """-n Threat; the tokens go to the box, never back to the pool (spec 6.12)."""
    n = min(n, ch.threat)
    if n:
        ch.threat -= n
        state.threat_box += n
        ctx.emit("threat", f"{ch.name} loses {n} Threat ({why}): {ch.threat}.", {"who": ch.id, "threat": ch.threat})


def start_lockdown(state: Level7State, ctx, why: str) -> None:
    """Lockdown (spec 6.12): characters in the Hospital lose; knock-outs become deaths from now."""
    if state.lockdown:
        return
    state.lockdown = True
    state.lockdown_turn = state.turn_no
    ctx.emit("lockdown", f"Lockdown! ({why})", {"why": why})
    for ch in state.characters.values():
        if ch.status == IN_HOSPITAL:
            kill(state, ch, ctx, "in the Hospital when Lockdown starts")
    check_end(state, ctx)


# ---------------------------------------------------------------------------- Fear

def change_fear(state: Level7State, ch: Character, delta: int, ctx, why: str, cause: str = "") -> int:
    """Moves the Fear marker by `delta`, kept on the track (an event may push past the end: the
    marker stops there, spec 6.12); returns the change made. `cause` (darkness, vent, attack): a
    skill or item may spare the gain (modifiers.ignores_fear)."""
    if delta > 0 and cause:
        from game.level7.rules.challenges import spared

        by = spared(ch, cause)
        if by:
            ctx.emit("fear", f"{by}: {ch.name} gains no Fear ({why}).", {"who": ch.id, "spared_by": by})
            return 0
    track = content().fear_track
    new = max(track.min, min(track.max, ch.fear + delta))
    done = new - ch.fear
    if done:
        ch.fear = new
        ctx.emit("fear", f"{ch.name}'s Fear {'rises' if done > 0 else 'falls'} to {new} ({why}).",
                 {"who": ch.id, "fear": new})
    return done


# ---------------------------------------------------------------------------- cards

def hand_size(ch: Character) -> int:
    return ch.vitality


def draw_adrenaline(state: Level7State, ch: Character, n: int, ctx, why: str) -> int:
    """Draws up to `n` adrenaline cards, never past the hand size (= Vitality); an empty deck is
    the discard pile shuffled (spec 11 #30)."""
    n = max(0, min(n, hand_size(ch) - len(ch.hand)))
    cards = state.adrenaline.draw(n, state.rng.stream("decks")) if n else []
    ch.hand += cards
    if cards:
        ctx.emit("draw", f"{ch.name} draws {len(cards)} adrenaline card{'s' if len(cards) > 1 else ''} ({why}).",
                 {"who": ch.id, "n": len(cards)})
        ctx.emit("hand", f"{ch.name} draws {', '.join(_card_name(c) for c in cards)}.", {"who": ch.id, "cards": cards},
                 hidden=True, visible_to=(ch.id,))
    return len(cards)


def _card_name(card: str) -> str:
    return content().adrenaline[card.split("#")[0]].name


def discard_adrenaline(state: Level7State, ch: Character, n: int, ctx, why: str) -> int:
    """The player discards `n` cards of their choice; an empty hand knocks them out (6.13)."""
    done = 0
    for _ in range(n):
        if not ch.hand:
            break
        pick = ctx.choose(ch.id, "discard", [{"card": c} for c in sorted(set(ch.hand))],
                          f"{ch.name}: discard an adrenaline card ({why})")
        ch.hand.remove(pick["card"])
        state.adrenaline.discard([pick["card"]])
        done += 1
        ctx.emit("discard", f"{ch.name} discards {_card_name(pick['card'])} ({why}).", {"who": ch.id, "card": pick["card"]})
    if done and not ch.hand and ch.status == IN_PLAY:
        knock_out(state, ch, ctx, "no adrenaline card is left")
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
                          f"{ch.name} carries too many items: put one down")
        ch.items.remove(pick["card"])
        state.floor_items.setdefault(ch.tile, []).append(pick["card"])
        ctx.emit("put_down", f"{ch.name} puts {item_name(pick['card'])} down on the tile.",
                 {"who": ch.id, "card": pick["card"], "tile": ch.tile})


def item_name(card: str) -> str:
    kind = card.split("#")[0]
    c = content()
    return c.items[kind].name if kind in c.items else c.keys[kind].name if kind in c.keys else kind


def draw_item(state: Level7State, ch: Character, ctx, why: str) -> None:
    """Draws an item card; with none left the draw gives nothing (spec 11 #30)."""
    cards = state.items.draw(1)
    if not cards:
        ctx.emit("item", f"No item card is left for {ch.name} ({why}).", {"who": ch.id})
        return
    ctx.emit("item", f"{ch.name} draws {item_name(cards[0])} ({why}).", {"who": ch.id, "card": cards[0]},
             hidden=True)
    take_item(state, ch, cards[0], ctx)


# ---------------------------------------------------------------------------- knocked out, killed

def next_vitality(v: int) -> int:
    """The Vitality space below `v` (0: the skull)."""
    lower = [s for s in content().vitality_track.spaces if s < v]
    return max(lower) if lower else 0


def drop_items(state: Level7State, ch: Character, ctx) -> None:
    if ch.items and ch.tile and ch.tile != HOSPITAL:
        state.floor_items.setdefault(ch.tile, []).extend(ch.items)
        ctx.emit("drop", f"{ch.name}'s items fall on the tile.", {"who": ch.id, "cards": list(ch.items)})
        ch.items = []


def knock_out(state: Level7State, ch: Character, ctx, why: str) -> None:
    """Knocked out (spec 6.13): items on the tile, to the Hospital, -1 Vitality, -1 Threat; killed
    instead at the skull or during Lockdown. On one's own turn the turn ends at once (11 #36)."""
    if ch.status != IN_PLAY:
        return
    drop_items(state, ch, ctx)
    vit = next_vitality(ch.vitality)
    if vit == 0 or state.lockdown:
        kill(state, ch, ctx, why + (" during Lockdown" if state.lockdown and vit else ""))
        return
    ch.vitality = vit
    ch.tile, ch.status = HOSPITAL, IN_HOSPITAL
    ctx.emit("knocked_out", f"{ch.name} is knocked out ({why}) and taken to the Hospital; Vitality {vit}.",
             {"who": ch.id, "vitality": vit})
    lose_threat(state, ch, content().number("knockout_threat"), ctx, "knocked out")
    while len(ch.hand) > hand_size(ch):  # spec 11 #29: down to the new limit at once
        discard_adrenaline(state, ch, 1, ctx, "hand above the new Vitality")
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
    ctx.emit("killed", f"{ch.name} is killed ({why}).", {"who": ch.id})
    if ch.id == state.turn.player:
        state.flags["turn_over"] = True
    check_end(state, ctx)


def escape(state: Level7State, ch: Character, ctx) -> None:
    state.adrenaline.discard(ch.hand)
    ch.hand = []
    drop_items(state, ch, ctx)
    ch.tile, ch.status = "", ESCAPED
    state.results[ch.id] = "won"
    ctx.emit("escaped", f"{ch.name} escapes from the facility!", {"who": ch.id})
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
    ctx.emit("game_over", f"The game ends: {why}.", {"results": dict(sorted(state.results.items()))})


def check_end(state: Level7State, ctx) -> None:
    if state.outcome is not None:
        return
    left = [state.characters[c] for c in state.remaining()]
    if not left:
        end_game(state, ctx, "no character is left inside")
    elif state.starting_players > 1 and all(c.status == IN_HOSPITAL for c in left):
        end_game(state, ctx, "every character still inside is in the Hospital")
