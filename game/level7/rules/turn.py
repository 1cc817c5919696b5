"""A player's turn (spec 5.2): step 1 (draw, the Medical supplies card, the Hospital's re-entry,
the knock-out of a character who cannot leave, a skill's Fear shift), step 2 (move, vents,
explore, peek, pick up, trade, escape, the challenge actions, adrenaline cards, items; every
per-turn limit) and step 3 (the event card: game/level7/rules/events.py),
then the end of the turn (the lockdown token) and the next player's step 1.

Every action runs as a resolution (game/level7/rules/procedures.py) so that any rule inside it
can stop for a decision. `refusal` is the one place that says whether an action is legal and,
if not, why in a player's words; `legal_actions` lists the candidates it accepts."""
from __future__ import annotations

from typing import Any

from game.engine.dice import count
from game.engine.protocol import Action, Event, IllegalAction
from game.level7.content import shared_content
from game.level7.rules import challenges, events, explore, sheet, swarm, tracks, uniforms
from game.level7.rules.maps import view
from game.level7.rules.modifiers import medical_draws, turn_start_fear_shift
from game.engine import text as T
from game.engine.text import M, Msg
from game.level7.rules.names import action_words, card_name, tile_name, who
from game.level7.rules.procedures import RESOLVER, procedure
from game.level7.rules.state import IN_HOSPITAL, IN_PLAY, Character, Level7State, Turn
from game.i18n import N_

# A move to a tile no door of yours joins (queries.walk_refusal tells a tile farther off apart)
NO_DOOR = N_("No door joins your tile to that one.")


def c():
    return shared_content()


# ---------------------------------------------------------------------------- questions

def decider(state: Level7State) -> str | None:
    if state.outcome is not None:
        return None
    if state.proc is not None and state.proc.get("pending"):
        return state.proc["pending"]["decider"]
    return state.turn.player


held = challenges.held  # spec 6.1: an active enemy on your tile keeps you there unless freed this turn


def pinned(state: Level7State, ch: Character) -> bool:
    """Held, and no Bull Rush of this turn carries you on (spec 6.5)."""
    if not held(state, ch):
        return False
    step = challenges.rush_step(state, ch)
    return step is None or not step.left


def can_vent(state: Level7State, ch: Character) -> bool:
    return ch.fear < c().number("vent_forbidden_fear")


def can_leave(state: Level7State, ch: Character) -> bool:
    """Spec 11 #40: any door (locked ones count), an unexplored door with tiles left, or a vent
    link the character may use; enemies pinning you do not count."""
    links = view(state).neighbours(state, ch.tile)
    if any(kind != "vent" for _, kind, _ in links):
        return True
    if explore.can_draw(state) and (explore.explorable_doors(state, ch.tile) or explore.locked_unexplored(state, ch.tile)):
        return True
    return can_vent(state, ch) and any(kind == "vent" for _, kind, _ in links)


def escape_blocked(state: Level7State, ch: Character) -> Msg | None:
    sc = c().scenarios[state.scenario]
    esc = sc.escape
    if esc is None:
        return M("This scenario has no escape.")
    if ch.tile != esc.tile:
        return M("You escape from {tile} only.", tile=tile_name(esc.tile))
    if esc.no_active_enemy and any(e.tile == ch.tile and not e.stunned for e in state.enemies):
        return M("An active enemy on this tile stops you from escaping.")
    if len(state.tokens["accessed"]) < esc.requires_accessed:
        return M("The lift works once {n} control panels are accessed.", n=esc.requires_accessed)
    return None


class Facts:
    """What the legality of step-2 actions reads, worked out once per question: `legal_actions`
    asks `refusal` about every candidate with one Facts, `apply` about one action with its own."""

    def __init__(self, state: Level7State):
        self.state = state
        self.ch = state.characters[state.turn.player]
        self._memo: dict[str, Any] = {}

    def get(self, key: str, make):
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    @property
    def pinned(self) -> bool:
        return self.get("pinned", lambda: pinned(self.state, self.ch))

    @property
    def links(self):
        return self.get("links", lambda: view(self.state).neighbours(self.state, self.ch.tile))

    @property
    def doors(self) -> list:
        return self.get("doors", lambda: explore.explorable_doors(self.state, self.ch.tile))

    @property
    def can_draw(self) -> bool:
        return self.get("can_draw", lambda: explore.can_draw(self.state))


def refusal(state: Level7State, kind: str, p: dict[str, Any], facts: Facts | None = None) -> Msg | None:
    """Why the active player may not take this step-2 action now (None: it is legal)."""
    if state.outcome is not None:
        return M("The game is over.")
    if state.proc is not None:
        return M("A decision is pending: answer it first.")
    t, ch = state.turn, state.characters[state.turn.player]
    if t.step != 2:
        return M("It is not the time to act.")
    if kind == "end_turn":
        return None
    if ch.status != IN_PLAY:
        return M("You are in the Hospital: you can only end the turn.") if ch.status == IN_HOSPITAL else M("You are out.")
    return _action_refusal(state, kind, p, facts or Facts(state))


def _action_refusal(state: Level7State, kind: str, p: dict[str, Any], f: Facts) -> Msg | None:
    """refusal's answer once the game is on, no decision pending, at step 2, the character in
    play and the action not end_turn: what legal_actions asks of every candidate."""
    t, ch = state.turn, f.ch
    if kind == "adrenaline":  # most candidates (every card in hand, each use): asked first
        return challenges.adrenaline_refusal(state, ch, p)
    if kind in ("move", "vent", "explore", "peek"):
        if t.moves_left < (c().number("vent_move_cost") if kind == "vent" else 1):
            return M("You have no movement left this turn.")
        if f.pinned:
            return M("An active enemy on your tile stops you leaving (a challenge could free you).")
        links = f.links
        if kind == "move":
            if not any(o == p.get("to") and k == "door" for o, k, _ in links):
                locked = any(o == p.get("to") and k == "locked" for o, k, _ in links)
                return M("That door is locked.") if locked else M(NO_DOOR)
            return None
        if kind == "vent":
            if not can_vent(state, ch):
                return M("With Fear {fear} you cannot use the vents.", fear=ch.fear)
            if not any(o == p.get("to") and k == "vent" for o, k, _ in links):
                return M("No unbroken duct joins your vent to that one.")
            return None
        door = p.get("door")
        if not isinstance(door, list) or len(door) != 2 or tuple(door) not in f.doors:
            if isinstance(door, list) and len(door) == 2 and tuple(door) in explore.locked_unexplored(state, ch.tile):
                return M("That door is locked.")
            return M("That is not a door of your tile leading to unexplored space.")
        if not f.can_draw:
            return M("No tile is left to explore with.")
        if kind == "peek" and not explore.peek_allowed(state):
            return M("You cannot peek now (once per turn, after stack A is empty, until the tile is found).")
        if kind == "peek" and tuple(door) not in view(state).tile(ch.tile).doors:
            return M("You peek through a door only.")
        return None
    if kind == "pickup":
        if t.pickup_used:
            return M("You have already picked up an item this turn.")
        if p.get("card") not in state.floor_items.get(ch.tile, []):
            return M("That item is not on your tile.")
        return None
    if kind == "trade":
        if t.trade_used:
            return M("You have already traded this turn.")
        other = state.characters.get(p.get("with", ""))
        if other is None or other is ch or other.status != IN_PLAY or other.tile != ch.tile:
            return M("You trade only with another character on your tile.")
        give, take = p.get("give", ""), p.get("take", "")
        if not give and not take:
            return M("A trade moves at least one item.")
        if give and give not in ch.items or take and take not in other.items:
            return M("That item is not carried by the one who would hand it over.")
        return None
    if kind == "escape":
        return escape_blocked(state, ch)
    if kind in challenges.ACTIONS:
        return challenges.refusal(state, ch, kind, p)
    if kind in ("use_item", "use_key"):
        return challenges.item_refusal(state, ch, kind, p)
    return M("Unknown action {kind}.", kind=repr(kind))


def legal_actions(state: Level7State) -> list[Action]:
    if state.outcome is not None:
        return []
    if state.proc is not None:
        pend = state.proc["pending"]
        # a restored state holds the labels' JSON form: the actions carry the messages again
        return [Action(pend["kind"], o, T.from_json(label)) for o, label in zip(pend["options"], pend["labels"])]
    t, ch = state.turn, state.characters[state.turn.player]
    cands: list[tuple[str, dict[str, Any]]] = []
    if ch.status == IN_PLAY:
        for other in sorted({o for o, k, _ in view(state).neighbours(state, ch.tile) if k in ("door", "vent")}):
            for k in ("move", "vent"):
                cands.append((k, {"to": other}))
        for door in explore.explorable_doors(state, ch.tile):
            cands += [("explore", {"door": list(door)}), ("peek", {"door": list(door)})]
        cands += [("pickup", {"card": card}) for card in sorted(set(state.floor_items.get(ch.tile, [])))]
        for other in state.figures_on(ch.tile):
            if other is ch:
                continue
            for give in [""] + sorted(set(ch.items)):
                for take in [""] + sorted(set(other.items)):
                    cands.append(("trade", {"with": other.id, "give": give, "take": take}))
        cands.append(("escape", {}))
        if not t.challenge_used:
            cands += challenges.candidates(state, ch)
        cands += challenges.adrenaline_candidates(state, ch) + challenges.item_candidates(state, ch)
    if t.step != 2:
        return []  # refusal's "not the time to act", for every candidate
    # Every candidate but end_turn (always legal now) was listed for a character in play: the rest
    # of refusal's checks, common to all, passed already.
    facts = Facts(state)
    legal = [Action(k, p, action_words(state, k, p)) for k, p in cands if _action_refusal(state, k, p, facts) is None]
    legal.append(Action("end_turn", {}, action_words(state, "end_turn", {})))
    return legal


def apply(state: Level7State, action: Action) -> list[Event]:
    if state.outcome is not None:
        raise IllegalAction(M("The game is over."))
    if state.proc is not None:
        pend = state.proc["pending"]
        if action.kind != pend["kind"] or action.payload not in pend["options"]:
            raise IllegalAction(M("Answer the question first: {prompt}", prompt=T.from_json(pend["prompt"])))
        return RESOLVER.answer(state, dict(action.payload))
    why = refusal(state, action.kind, dict(action.payload))
    if why is not None:
        raise IllegalAction(why)
    return RESOLVER.start(state, "act", {"kind": action.kind, "payload": dict(action.payload)})


# ---------------------------------------------------------------------------- step 2

def leave(state: Level7State, ch: Character, ctx) -> None:
    if held(state, ch):
        challenges.rush_leave(state, ch, ctx)
    if ch.tile in state.tokens["darkness"]:
        sheet.change_fear(state, ch, c().number("darkness_fear"), ctx, M("leaving the darkness"), "darkness")


def enter(state: Level7State, ch: Character, tile: str, ctx) -> None:
    """Spec 6.1's Threat on entering: a guard's tile with a weapon, the crowding limit."""
    ch.tile = tile
    state.turn.entered.append(tile)
    ctx.emit("move", M("{who} moves to {tile}.", who=who(ch), tile=tile_name(tile)), {"who": ch.id, "tile": tile})
    swarm.arrive(state, ch, ctx)
    if ch.status != IN_PLAY:
        return
    armed = any(c().items[i].kind == "weapon" for i in challenges.carried_items(ch))
    if armed and any(e.tile == tile and e.kind == "guard" and not e.stunned for e in state.enemies):
        _entry_threat(state, ch, "armed", c().number("weapon_guard_threat"), ctx, M("entering a guard's tile armed"))
    crowd = c().scenarios[state.scenario].limits["crowding_limit"]
    if ch.status == IN_PLAY and len(state.figures_on(tile)) > crowd:
        _entry_threat(state, ch, "crowding", c().number("crowding_threat"), ctx, M("crowding"))


def _entry_threat(state: Level7State, ch: Character, cause: str, n: int, ctx, why: str) -> None:
    """Spec 6.1's Threat on entering, unless a skill or item spares it (Unassuming: crowding)."""
    by = challenges.spared_threat(ch, cause)
    if by:
        ctx.emit("threat", M("{who} gains no Threat for {why}: {by}.", who=who(ch), why=why, by=by), {"who": ch.id, "threat": ch.threat, "spared_by": by})
    else:
        sheet.gain_threat(state, ch, n, ctx, why)


def step_onto(state: Level7State, ch: Character, tile: str, ctx, cost: int = 1) -> None:
    """A move through a door onto `tile` (explored or not), with its triggers."""
    state.turn.moves_left -= cost
    leave(state, ch, ctx)
    enter(state, ch, tile, ctx)
    if ch.status != IN_PLAY:
        return
    trigger = explore.explore_effects(state, ch, tile, ctx) or explore.recurring_trigger(state, tile)
    if trigger and ch.status == IN_PLAY:
        state.turn.trigger = trigger
        state.turn.step = 3  # spec 5.2: the rest of step 2 is lost


def do_move(state, ch, p, ctx):
    here = ch.tile
    door = next((d for o, k, d in view(state).neighbours(state, here) if o == p["to"] and k == "door"), None)
    step_onto(state, ch, p["to"], ctx)
    if door is not None and [here, door[1][0], door[1][1]] in state.turn.unlocked and state.tokens["supply"]["locked"]:
        # spec 6.8: after passing an unlocked door you may put the token back
        pick = ctx.choose(ch.id, "relock", [{"relock": False}, {"relock": True}], M("{who}: lock the door behind you?", who=who(ch)))
        if pick["relock"]:
            state.tokens["supply"]["locked"] -= 1
            state.tokens["locked"].append([here, door[1][0], door[1][1]])
            state.turn.unlocked.remove([here, door[1][0], door[1][1]])
            ctx.emit("token", M("{who} locks the door again.", who=who(ch)), {"token": "locked", "tile": here, "door": list(door[1])})


def do_vent(state, ch, p, ctx):
    state.turn.moves_left -= c().number("vent_move_cost")
    leave(state, ch, ctx)
    sheet.change_fear(state, ch, c().number("vent_fear"), ctx, M("crawling through the vents"), "vent")
    enter(state, ch, p["to"], ctx)
    if ch.status == IN_PLAY:
        state.turn.trigger = explore.explore_effects(state, ch, p["to"], ctx) or explore.recurring_trigger(state, p["to"])
    state.turn.step = 3  # spec 6.2: a vent move ends the turn at once (step 3 still happens)


def do_explore(state, ch, p, ctx):
    tile = explore.explore(state, ch, tuple(p["door"]), ctx)
    if tile is not None and state.outcome is None:
        step_onto(state, ch, tile, ctx)


def do_peek(state, ch, p, ctx):
    """Spec 3.3 Peek: one die before leaving; success places the set-aside tile by your tile
    (you need not enter it); otherwise you explore through the door as usual."""
    state.turn.peek_used = True
    faces = events.roll(state, c().number("peek_dice"), ctx, who(ch), M("peeking"))
    if explore.peek_success(state, count(faces, "intelligence")):
        found = []
        tile = explore.shared_tiles()[state.set_aside]
        for door in explore.explorable_doors(state, ch.tile):
            if door in view(state).tile(ch.tile).doors:
                found += explore.placements(state, tile, ch.tile, door)
        if found:
            tile_id, state.set_aside = state.set_aside, ""
            state.flags["drawn_tile"] = tile_id
            spot = explore.choose_placement(state, ch, tile_id, found, ctx)
            explore.place(state, tile_id, spot, ctx, M("found by {who}'s peek", who=who(ch)))
            return
        ctx.emit("peek", M("{tile} cannot be placed by this tile; {who} explores instead.", tile=tile_name(tile.id), who=who(ch)))
    do_explore(state, ch, p, ctx)


def do_pickup(state, ch, p, ctx):
    state.turn.pickup_used = True
    state.floor_items[ch.tile].remove(p["card"])
    if not state.floor_items[ch.tile]:
        del state.floor_items[ch.tile]
    ctx.emit("pickup", M("{who} picks up {card}.", who=who(ch), card=card_name(p["card"])), {"who": ch.id, "card": p["card"]})
    uniforms.picked_up(state, ch, p["card"], ctx)
    sheet.take_item(state, ch, p["card"], ctx)


def do_trade(state, ch, p, ctx):
    other = state.characters[p["with"]]
    state.turn.trade_used = True
    answer = ctx.choose(other.id, "trade_offer", [{"accept": True}, {"accept": False}],
                        M("{who}: {offer}?", who=who(other), offer=action_words(state, "trade", p)))
    if not answer["accept"]:
        ctx.emit("trade", M("{who} refuses the trade.", who=who(other)), {"who": ch.id, "with": other.id})
        return
    if p["give"]:
        ch.items.remove(p["give"])
    if p["take"]:
        other.items.remove(p["take"])
    ctx.emit("trade", M("{who} and {other} trade.", who=who(ch), other=who(other)), dict(p, who=ch.id))
    if p["give"]:
        sheet.take_item(state, other, p["give"], ctx)
    if p["take"]:
        sheet.take_item(state, ch, p["take"], ctx)


def do_escape(state, ch, p, ctx):
    sheet.escape(state, ch, ctx)


def do_end_turn(state, ch, p, ctx):
    state.turn.step = 3


def do_challenge(kind):
    def run(state, ch, p, ctx):
        challenges.do(state, ch, kind, p, ctx)
    return run


DO = {**{k: do_challenge(k) for k in challenges.ACTIONS}, "adrenaline": challenges.play_adrenaline,
      "use_item": challenges.use_item, "use_key": challenges.use_key, "move": do_move, "vent": do_vent,
      "explore": do_explore, "peek": do_peek, "pickup": do_pickup, "trade": do_trade, "escape": do_escape,
      "end_turn": do_end_turn}


@procedure("first_turn")
def first_turn(ctx) -> None:
    """The game's first step 1 (it may ask: a skill's Fear shift)."""
    begin_turn(ctx.state, ctx, first=True)


@procedure("act")
def act(ctx, kind: str, payload: dict[str, Any]) -> None:
    state = ctx.state
    DO[kind](state, state.characters[state.turn.player], payload, ctx)
    proceed(state, ctx)


# ---------------------------------------------------------------------------- the turn's frame

def proceed(state: Level7State, ctx) -> None:
    """After an action: step 3 when due, the end of the turn and the next turns' step 1, until a
    player acts in step 2 or the game is over."""
    while state.outcome is None:
        t = state.turn
        if state.flags.pop("turn_over", False):
            end_turn(state, ctx)
        elif t.step == 3:
            events.resolve_card(state, ctx)
            state.flags.pop("turn_over", None)  # knocked out by the card: it was finished first (11 #36)
            end_turn(state, ctx)
        else:
            return


def end_turn(state: Level7State, ctx) -> None:
    """The end of a turn: the lockdown token (6.12), then the next player's step 1."""
    ch = state.characters[state.turn.player]
    pool = c().scenarios[state.scenario].lockdown_pool
    if pool and state.lockdown and state.lockdown_turn < state.turn_no and not ch.out and state.outcome is None:
        if state.lockdown_pool == 0:
            sheet.end_game(state, ctx, M("{who} cannot remove a lockdown token", who=who(ch)))
            return
        state.lockdown_pool -= 1
        ctx.emit("lockdown_token", M("{who} removes a lockdown token: {n} left.", who=who(ch), n=state.lockdown_pool),
                 {"who": ch.id, "left": state.lockdown_pool})
    begin_turn(state, ctx)


def begin_turn(state: Level7State, ctx, first: bool = False) -> None:
    sheet.check_end(state, ctx)
    if state.outcome is not None:
        return
    why = round_limit_reached(state)
    if why:
        sheet.end_game(state, ctx, why)
        return
    n = len(state.order)
    start = state.active if first else state.active + 1
    for k in range(n):
        i = (start + k) % n
        if not state.characters[state.order[i]].out:
            state.active = i
            break
    ch = state.player
    state.turn_no += 1
    state.turn = Turn(ch.id)
    state.flags["helped"] = []
    if ch.id in state.flags.get("unseen", ()):  # Hold Your Breath lasts until the start of your next turn
        state.flags["unseen"].remove(ch.id)
        ctx.emit("unseen", M("{who} is no longer hidden from the enemies.", who=who(ch)), {"who": ch.id})
    ctx.emit("turn", M("Turn {turn}: {who}.", turn=state.turn_no, who=who(ch)), {"who": ch.id, "turn": state.turn_no})
    step1(state, ch, ctx)


def round_limit_reached(state: Level7State) -> Msg | str:
    """Why the game ends before the next turn because of its scenario's round limit, or ''.
    PROPOSED (docs/LEVEL7.md "Where the engine goes past the seed"): neither the seed nor the spec
    ends a game in which nothing changes any more (spec 1, 9: only deaths, escapes, the Hospital
    and the lockdown pool end one), so after `round_limit` rounds, as many turns each as players
    started, the game ends and everyone still inside loses."""
    rounds = c().scenarios[state.scenario].round_limit
    if state.turn_no < rounds * state.starting_players:
        return ""
    return M("the round limit is reached: {rounds} rounds ({turns} turns) have passed (a limit the "
             "rulebook does not have, set so that every game ends)", rounds=rounds, turns=state.turn_no)


def step1(state: Level7State, ch: Character, ctx) -> None:
    t = state.turn
    if ch.status == IN_HOSPITAL:
        reenter(state, ch, ctx)
    else:
        if len(ch.hand) < sheet.hand_size(ch):
            sheet.draw_adrenaline(state, ch, c().number("cards_drawn_per_turn"), ctx, M("step 1"))
        if view(state).tile(ch.tile).has("medical"):
            sheet.draw_adrenaline(state, ch, c().number("medical_extra_cards"), ctx, M("Medical supplies"))
            for e in medical_draws(c(), skills=ch.skills, items=challenges.carried_items(ch)):
                # Field Medic: more cards there (the hand size still applies)
                challenges.draw_for(state, ch, e, ctx, M("Medical supplies, more by a skill or item"))
        if not can_leave(state, ch):
            sheet.knock_out(state, ch, ctx, "stuck")
            return
    steps = turn_start_fear_shift(c(), ch.skills) if ch.status == IN_PLAY else 0
    values = tracks.fear_shift_options(c(), ch.fear, steps) if steps else ()
    if values:  # a skill's shift at the start of the turn (Zen Master)
        pick = ctx.choose(ch.id, "fear_shift", [{"fear": ch.fear}] + [{"fear": v} for v in values],
                          M("{who}: move your Fear at the start of the turn?", who=who(ch)))
        if pick["fear"] == ch.fear:  # kept: said in the log, as a move is
            ctx.emit("fear_kept", M("{who} keeps Fear {fear} (a skill at the start of the turn).", who=who(ch), fear=ch.fear),
                     {"who": ch.id, "fear": ch.fear})
        else:
            sheet.change_fear(state, ch, pick["fear"] - ch.fear, ctx, M("a skill at the start of the turn"))
    t.step = 2
    t.moves_left = events.attribute(state, ch, "speed")


def reenter(state: Level7State, ch: Character, ctx) -> None:
    """Spec 6.13: draw up to the new hand size, come back at any vent tile (placement, not
    movement), Fear 4; with no vent in play the character stays in the Hospital."""
    back = tracks.reenter(c(), vitality=ch.vitality, hand=len(ch.hand), vent_tiles=view(state).vent_tiles(state))
    sheet.draw_adrenaline(state, ch, back.draw, ctx, M("back from the Hospital"))
    vents = back.destinations
    if not vents:
        ctx.emit("hospital", M("No vent is in play: {who} stays in the Hospital.", who=who(ch)), {"who": ch.id})
        if all(state.characters[o].status == IN_HOSPITAL for o in state.remaining()):
            # PROPOSED (docs/LEVEL7.md): nobody can ever come back, so the game cannot go on; the
            # seed's "all in the Hospital" loss, which solo play ignores, is applied here
            sheet.end_game(state, ctx, M("every character inside is in the Hospital and no vent is in play"))
        return
    pick = ctx.choose(ch.id, "reenter", [{"tile": v} for v in vents], M("{who}: come back at which vent?", who=who(ch)))
    ch.tile, ch.status = pick["tile"], IN_PLAY
    ch.fear = back.fear
    ctx.emit("reenter", M("{who} comes back through the vent of {tile}; Fear {fear}.", who=who(ch), tile=tile_name(ch.tile), fear=ch.fear),
             {"who": ch.id, "tile": ch.tile, "fear": ch.fear})
    swarm.arrive(state, ch, ctx)


__all__ = ["apply", "begin_turn", "decider", "legal_actions", "refusal"]
