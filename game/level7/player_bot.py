"""PlayerBot: a Level 7 player that plays sensibly, for solo partners and simulation (issue 14).

It decides on the seat's view (game/level7/rules/view.py: its own adrenaline hand and the public
table, never the decks' order nor another hand), picks only among the legal actions, draws ties
from its own seeded stream, and says why in plain words. What it weighs, each time from the rules'
own functions (one function decides):

- where to go: the scenario's objective and escape (scenarios.toml): the lift once it is on the map
  and working, else an unaccessed control panel the objective asks for, else the nearest door to
  unexplored space, peeking when the rules allow it (the peek's odds from explore.peek_success);
  distances from the map's graph (maps.view), tiles with active enemies (they would pin it) and
  recurring-icon tiles (they end the move) counted as longer;
- a challenge when enemies pin it, by the exact odds (challenge.success_chance, attack_odds):
  the one most likely to free it, against what staying costs (the attacks the enemies on its
  tile would make: targeting and enemy_attack.attack_odds);
- Fear and Threat where they pay: an event's choice is priced by who the enemies would chase
  afterwards (targeting.move_target on the Situation), the bands of the Fear track, the threat
  pool running dry, and never the last cards of its hand (the Hospital);
- every question the rules ask (placements, spawn and path ties, discards, trades, help, re-entry,
  rerolls, Toughness cards...);
- adrenaline: before a challenge, the bonus cards `bonus_plan` names (the fewest that turn a likely
  failure into a likely success, never the last card; a helper's card likewise, when it keeps two);
  a Speed card when it brings the lift within this turn's reach; a free Fear shift only when the
  track gains more than a card is worth.

A reroll is chosen by its exact chance of success (queries.pending_reroll_chance, from the faces the
question carries, challenge.reroll_odds), keeping the roll when nothing beats it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Callable, Iterable

from game.engine.bots import Choice, SeededBot
from game.engine.bots import seat_view as engine_seat_view
from game.engine import text as T
from game.engine.text import Clause, M, Mn, Msg, decimal, join
from game.i18n import N_
from game.engine.protocol import Action
from game.level7.content import Draw, LeaveTile, MoveEnemy, Stun, UnlockDoor, Unseen, shared_content
from game.level7.rules import challenge as C
from game.level7.rules import explore
from game.level7.rules.names import SEMICOLON
from game.level7.rules import targeting
from game.level7.rules.challenges import carried_items, foes_here, locked_doors, played
from game.level7.rules.enemy_attack import attack_odds, plan_attack
from game.level7.rules.foes import situation
from game.level7.rules.maps import view as map_view
from game.level7.rules.modifiers import PlayedBonus
from game.level7.rules.names import (attribute as attribute_name, card_name, character, door_side, enemy as enemy_name,
                                     ref, side as side_name, tile_name)
from game.level7.rules.queries import pending_reroll_chance
from game.level7.rules.state import IN_HOSPITAL, IN_PLAY, Character, Level7State
from game.level7.rules.tracks import adrenaline_refusal, hand_size

FAR = 10 ** 6
PIN_COST = 3  # a tile with an active enemy counts as this many moves farther (it holds you)
RECUR_COST = 1  # a recurring-icon tile ends the move before Lockdown
CROWD_COST = 1  # one character too many on a tile gains a Threat
CARD_WORTH = 1.5  # an adrenaline card kept: one step further from the Hospital
LIKELY = Fraction(1, 2)  # "likely": better than even
TRY_ANYWAY = Fraction(1, 4)  # below this a pinned bot with few cards stays rather than fail


_ONE_SIDE = {"guards": M("guard"), "aliens": M("alien")}  # Outwit's side when one figure stands for it


def c():
    return shared_content()


def seat_view(state: Level7State) -> Level7State:
    from game.level7.rules.turn import decider
    from game.level7.rules.view import view_for, viewer_of

    return engine_seat_view(state, decider, view_for, viewer_of)


def pct(p: Fraction | float) -> str:
    return f"{round(float(p) * 100)}%"


def dice(s: Level7State, me: Character, challenge: C.Challenge, extra: Iterable[PlayedBonus] = (),
         fear: int | None = None) -> int:
    """The dice `me` rolls on `challenge`: the pool the resolution rolls (challenge.challenge_pool
    with the bonuses in play, challenges.played), with `extra` bonuses not yet played."""
    return C.challenge_pool(c(), challenge, fear=me.fear if fear is None else fear, skills=me.skills,
                            items=carried_items(me), played=[*played(s, me), *extra]).total


# ---------------------------------------------------------------------------- the goal

@dataclass(frozen=True)
class Goal:
    tiles: frozenset[str]
    words: Msg | Any  # what the tiles are, for the reasons
    explore: bool  # the tiles are where unexplored space begins


def goal(s: Level7State, me: Character) -> Goal:
    """Where the scenario sends the character now: the working lift, an unaccessed panel the
    objective needs, or the frontier of the map."""
    sc = c().scenarios[s.scenario]
    mv = map_view(s)
    placed = set(mv.tilemap.placed)
    esc = sc.escape
    need = esc.requires_accessed if esc else 0
    if esc and esc.tile in placed and len(s.tokens["accessed"]) >= need:
        return Goal(frozenset({esc.tile}), tile_name(esc.tile), False)
    if sc.objective and sc.objective.kind == "access_panels" and len(s.tokens["accessed"]) < need:
        panels = {t for t in placed if mv.tile(t).has("control_panel") and t not in s.tokens["accessed"]}
        if panels:
            return Goal(frozenset(panels), M("an unaccessed control panel"), False)
    frontier = {t for t in placed if explore.explorable_doors(s, t)} if explore.can_draw(s) else set()
    what = M("unexplored space (where {tile} may be)", tile=tile_name(esc.tile)) if esc and esc.tile not in placed \
        else M("unexplored space")
    return Goal(frozenset(frontier), what, True)


def distance_to(s: Level7State, tiles: Iterable[str]) -> dict[str, int]:
    """Moves from every tile to the nearest of `tiles` on the character's graph."""
    mv = map_view(s)
    out: dict[str, int] = {}
    for t in tiles:
        for other, d in mv.distances(s, t, "character").items():
            if d < out.get(other, FAR):
                out[other] = d
    return out


def held_by_enemies(s: Level7State, me: Character) -> bool:
    from game.level7.rules.turn import held

    return held(s, me)


def active_enemies(s: Level7State, tile: str) -> int:
    return sum(1 for e in s.enemies if e.tile == tile and not e.stunned)


def recurring(s: Level7State, tile: str) -> bool:
    return bool(explore.recurring_trigger(s, tile))


def step_cost(s: Level7State, tile: str, goal_tiles: frozenset[str], who: str = "") -> tuple[int, Msg | str]:
    """What entering `tile` costs beyond the move, and why."""
    n = active_enemies(s, tile)
    if n:
        return PIN_COST, Mn("{n} active enemy there would pin me", "{n} active enemies there would pin me", n)
    if recurring(s, tile) and tile not in goal_tiles:
        return RECUR_COST, M("its recurring icon would end my move")
    crowd = c().scenarios[s.scenario].limits["crowding_limit"]
    if len([ch for ch in s.figures_on(tile) if ch.id != who]) >= crowd and tile not in goal_tiles:
        return CROWD_COST, M("crowding it would cost me a Threat")
    return 0, ""


# ---------------------------------------------------------------------------- enemies and tracks

def chasers(sit, name: str) -> list[str]:
    """The active enemies that would go for `name` now: attack it on their tile or move toward it."""
    out = []
    for fig in sit.figures:
        if not fig.active:
            continue
        pick = targeting.attack_target(sit, fig) or targeting.move_target(sit, fig)
        if pick.target is not None and pick.target.name == name:
            out.append(fig.id)
    return out


def with_tracks(sit, name: str, fear: int, threat: int):
    chars = tuple(replace(ch, fear=fear, threat=threat) if ch.name == name else ch for ch in sit.characters)
    return replace(sit, characters=chars)


def expected_harm(s: Level7State, me: Character) -> tuple[Fraction, Fraction]:
    """(cards, Fear) the active enemies on my tile would cost me if each attacking group struck
    once: their attack plans and exact odds (enemy_attack), helpers counted once."""
    sit = situation(s)
    cards, fear = Fraction(0), Fraction(0)
    counted: set[str] = set()
    die = c().dice[C.DIE]
    for fig in sit.on(me.tile, active_only=True):
        if fig.id in counted:
            continue
        pick = targeting.attack_target(sit, fig)
        if pick is None or pick.target is None or pick.target.name != me.name:
            continue
        plan = plan_attack(sit, fig, pick.target)
        counted |= {fig.id, *plan.helpers}
        harm = sum((p * max(0, n - plan.toughness) for n, p in attack_odds(plan, die).items()), Fraction(0))
        if plan.damage == "fear":
            fear += harm
        else:
            cards += harm
    return cards, fear


@dataclass(frozen=True)
class Price:
    cost: float
    words: Msg | Any  # "" when there is nothing to say


def price_steps(s: Level7State, me: Character, steps, depth: int = 0) -> Price:
    """What an event option's steps cost me (lower is better), in words: Threat and Fear by who
    would chase me afterwards and the tracks' bands, cards by how close they bring the Hospital."""
    cost, words = 0.0, []
    fear, threat, hand = me.fear, me.threat, len(me.hand)
    for step in steps:
        do, p = step.do, step.params
        if do in ("threat", "fear"):
            n = p["amount"]
            before = fear if do == "fear" else threat
            if do == "fear":
                fear = min(c().fear_track.max, max(c().fear_track.min, fear + n))
            else:
                threat = max(0, threat + n)
            got = track_cost(s, me, do, before, fear if do == "fear" else threat)
            cost += got.cost
            track = attribute_name(do)
            words.append(M("{n} {track} ({why})", n=f"{n:+d}", track=track, why=got.words) if got.words
                         else M("{n} {track}", n=f"{n:+d}", track=track))
        elif do == "discard":
            n = p["count"]
            cost += CARD_WORTH * n + (10.0 if hand <= n else 0.0)
            hand -= n
            words.append(M("discarding {n} (my last card: the Hospital)", n=n) if hand <= 0
                         else Mn("discarding {k} ({n} card left)", "discarding {k} ({n} cards left)", hand, k=n))
        elif do == "draw_adrenaline":
            got = min(hand_size(c(), me.vitality) - hand, p["count"])
            cost -= 1.2 * got
            hand += got
            words.append(M("drawing {n}", n=got))
        elif do == "challenge" and depth < 2:
            ch = C.event_challenge(p["attribute"], p["level"])
            win = float(C.success_chance(c(), ch, dice(s, me, ch, fear=fear)))
            fail = price_steps(s, me, p["fail"], depth + 1)
            good = price_steps(s, me, p["success"], depth + 1) if p.get("success") else Price(0.0, "")
            cost += (1 - win) * fail.cost + win * good.cost
            words.append(M("a challenge ({chance} to pass)", chance=pct(win)))
    return Price(cost, join(", ", words) if words else M("nothing"))


def track_cost(s: Level7State, me: Character, track: str, before: int, after: int) -> Price:
    """The price of moving my Fear or Threat from `before` to `after`, and why: more enemies
    chasing me, a guard's or clone's bonus die, the threat pool running dry (Lockdown), the bands
    of the Fear track."""
    if before == after:
        return Price(0.0, "")
    sit = situation(s)
    fear = after if track == "fear" else me.fear
    threat = after if track == "threat" else me.threat
    now = len(chasers(sit, me.name)) if me.status == IN_PLAY else 0
    then = len(chasers(with_tracks(sit, me.name, fear, threat), me.name)) if me.status == IN_PLAY else 0
    cost, why = 0.3 * (after - before) + 1.0 * (then - now), []
    if then != now:
        n = abs(then - now)
        why.append(Mn("{n} enemy more would chase me", "{n} enemies more would chase me", n) if then > now
                   else Mn("{n} enemy fewer would chase me", "{n} enemies fewer would chase me", n))
    if track == "threat":
        if before < 3 <= after:
            cost += 0.5
            why.append(M("guards roll +1 die against Threat 3"))
        if after > before and s.threat_pool <= after - before and not s.lockdown:
            cost += 2.0
            why.append(M("the threat pool runs dry: Lockdown"))
    else:
        was, now_band = c().fear_modifiers(before), c().fear_modifiers(after)
        changed = {a: now_band.get(a, 0) - was.get(a, 0) for a in set(was) | set(now_band)}
        said = [M("{n} {track}", n=f"{v:+d}", track=attribute_name(a)) for a, v in sorted(changed.items()) if v]
        if said:
            why.append(join(", ", said))
        for edge, price, what, gone in FEAR_EDGES:
            if before < edge <= after:
                cost += price
                why.append(M("Fear {edge}: {what}", edge=edge, what=M(what)))
            elif after < edge <= before:
                cost -= price
                why.append(M("below Fear {edge}: no more {what}", edge=edge, what=M(gone)))
    if why:
        return Price(cost, join(SEMICOLON, why))
    return Price(cost, M("nobody turns on me") if track == "threat" or now == then else "")


# the Fear track's edges a bot weighs: (Fear, price, what starts there, what stops below it)
FEAR_EDGES = ((5, 0.5, N_("clones roll +1 die"), N_("clones rolling +1 die")),
              (7, 1.5, N_("a clone spawns by me, no vents"), N_("a clone spawns by me")))


# ---------------------------------------------------------------------------- adrenaline

@dataclass(frozen=True)
class BonusPlan:
    cards: tuple[str, ...]  # card instances to play for their bonus, in order
    before: Fraction
    after: Fraction
    text: str


def bonus_plan(s: Level7State, me: Character, challenge: C.Challenge, *, helper: Character | None = None,
               own_turn: bool = True, all_in: bool = False) -> BonusPlan:
    """Which adrenaline cards to play for their bonus on `challenge` made by `me` (from `helper`'s
    hand when another character helps, spec 6.11): the fewest that turn a likely failure into a
    likely success, never the giver's last card and only cards whose Fear cost fits the track
    (tracks.adrenaline_refusal). Empty when the odds are already good or no cards would make them
    so; with `all_in` (the challenge must be made now) every card that helps."""
    giver = helper or me
    before = C.success_chance(c(), challenge, dice(s, me, challenge))
    if before >= LIKELY:
        return BonusPlan((), before, before, M("{chance} already: no card needed", chance=pct(before)))
    useful = []
    for card in sorted(set(giver.hand)):
        kind = card.split("#")[0]
        amount = c().adrenaline[kind].bonus.get(challenge.attribute, 0)
        if amount > 0:
            useful.append((amount, card))
    useful.sort(key=lambda x: (-x[0], x[1]))
    chosen: list[str] = []
    fear, hand, extra, after = giver.fear, len(giver.hand), 0, before
    for amount, card in useful:
        kind = card.split("#")[0]
        if adrenaline_refusal(c(), kind, "bonus", fear=fear, hand=hand, own_turn=own_turn,
                              helping=helper is not None) is not None:
            continue
        chosen.append(card)
        fear += c().adrenaline[kind].fear_cost  # paid first: the roller's Fear band may change with it
        hand -= 1
        extra += amount
        bonus = [PlayedBonus(challenge.attribute, extra, "cards")]
        after = C.success_chance(c(), challenge, dice(s, me, challenge, bonus, fear=None if helper else fear))
        if after >= LIKELY:
            break
    if not chosen or (after < LIKELY and not all_in) or after <= before:
        return BonusPlan((), before, before, M("{chance}, and no card I may play makes it likely", chance=pct(before)))
    names = join(M(" and "), [card_name(k) for k in chosen])
    return BonusPlan(tuple(chosen), before, after, M("play {cards} for {attribute}: {before} -> {after}", cards=names,
                                                     attribute=attribute_name(challenge.attribute), before=pct(before),
                                                     after=pct(after)))


def _asked(prompt: Any, pattern: str, names: tuple[str, ...]) -> tuple | None:
    """The values a question's prompt carries: a message's named parameters (its JSON form in a
    view), or, for a plain English prompt saved before issue 18, the groups of `pattern`."""
    if isinstance(prompt, str):
        got = re.search(pattern, prompt) if pattern else None
        return got.groups() if got else None
    params = T.from_json(prompt).params if isinstance(prompt, dict) else getattr(prompt, "params", {})
    return tuple(params[n] for n in names) if all(n in params for n in names) else None


# ---------------------------------------------------------------------------- the bot

class PlayerBot(SeededBot):
    """Plays one seat of Level 7 sensibly; `decide` returns the action and why."""

    stream = "level7_player"

    def choose(self, actions: list[Action], state: Level7State) -> Action:
        return self.decide(state, actions).action

    def decide(self, state: Level7State, actions: list[Action]) -> Choice:
        if not actions:
            raise ValueError("no legal action to choose from")
        s = seat_view(state)
        if s.proc is not None:
            return self._answer(s, actions)
        return self._act(s, actions)

    def _pick(self, options: list[Any]) -> Any:
        """A tie among equals, from the bot's own stream."""
        return options[self.rng.below(len(options))] if len(options) > 1 else options[0]

    def _best(self, actions: list[Action], score: Callable[[Action], Any]) -> Action:
        scored = [(score(a), a) for a in actions]
        low = min(k for k, _ in scored)
        return self._pick([a for k, a in scored if k == low])

    # --- step 2 -------------------------------------------------------------------------------

    def _act(self, s: Level7State, actions: list[Action]) -> Choice:
        from game.level7.rules.turn import held

        me = s.characters[s.turn.player]
        k: dict[str, list[Action]] = {}
        for a in actions:
            k.setdefault(a.kind, []).append(a)
        if me.status == IN_HOSPITAL:
            return Choice(k["end_turn"][0], M("I am in the Hospital: I end the turn and come back next turn"))
        if "escape" in k:
            gift = self._parting_gift(s, me, k.get("trade", []))
            if gift is not None:
                return gift
            return Choice(k["escape"][0], M("escape: I stand on {tile} and no active enemy stops me", tile=tile_name(me.tile)))
        g = goal(s, me)
        if "control_panel" in k and me.tile in g.tiles and not g.explore:
            got = self._panel(s, me, k)
            if got is not None:
                return got
        for judge in (self._extinguish, self._med_kit):
            got = judge(s, me, k)
            if got is not None:
                return got
        if held(s, me) and (any(x in k for x in ("attack", "bull_rush", "outwit")) or abilities(k, "adrenaline")):
            got = self._break_free(s, me, k, g)
            free = self._free_by_ability(s, me, k, g, got)
            if free is not None:
                return free
            if got is not None:
                return self._bonus_first(s, me, k, *got)
        if "pickup" in k:
            got = self._pickup(s, me, k["pickup"])
            if got is not None:
                return got
        if "unlock" in k or "use_key" in k:
            got = self._unlock(s, me, k, g)
            if got is not None:
                return got
        for judge in (self._fear_shift, self._sprint):
            got = judge(s, me, k, g)
            if got is not None:
                return got
        got = self._move(s, me, k, g)
        if got is not None:
            return got
        for judge in (self._card_for_card, self._hide):  # before ending the turn
            got = judge(s, me, k, g)
            if got is not None:
                return got
        why = M("nothing brings me closer to {goal}", goal=g.words) if g.tiles else M("there is nowhere useful to go")
        if s.turn.moves_left == 0:
            why = M("my moves are spent")
        if "control_panel" in k and me.tile in g.tiles and not g.explore:
            why = M("I wait on the panel for a card that makes it likely (a failure starts Lockdown)")
        if held(s, me):
            why = M("active enemies hold me here and no challenge is worth it")
        return Choice(k["end_turn"][0], M("end the turn: {why}", why=why))

    def _extinguish(self, s: Level7State, me: Character, k: dict[str, list[Action]]) -> Choice | None:
        """An item that stuns enemies on my tile (the Fire Extinguisher), as soon as the rules let me
        use it (they refuse it with none there): stunned, they neither hold me nor attack."""
        from game.level7.rules.modifiers import use_item

        for a in k.get("use_item", []):
            stuns = use_item(c(), a.payload["card"].split("#")[0]).stuns
            if stuns:
                kinds = {x.enemy for x in stuns}
                n = sum(1 for e in s.enemies if e.tile == me.tile and e.kind in kinds and not e.stunned)
                what = join("/", [enemy_name(x, lower=True) for x in sorted(kinds, key=lambda x: c().enemies[x].name.lower())])
                return Choice(a, Mn("use the {card}: it stuns the {n} active {enemy} on my tile, which then neither "
                                    "hold me nor attack", "use the {card}: it stuns the {n} active {enemy}s on my tile, "
                                    "which then neither hold me nor attack", n, card=card_name(a.payload["card"]), enemy=what))
        return None

    def _med_kit(self, s: Level7State, me: Character, k: dict[str, list[Action]]) -> Choice | None:
        """An item that draws adrenaline cards (the Med Kit) once my hand has room for all of them
        (or I am down to my last card: the Hospital is one discard away)."""
        from game.level7.rules.modifiers import use_item

        room = hand_size(c(), me.vitality) - len(me.hand)
        for a in k.get("use_item", []):
            draws = use_item(c(), a.payload["card"].split("#")[0]).adrenaline_cards
            if draws and (room >= draws or (room and len(me.hand) <= 1)):
                return Choice(a, Mn("use the {card}: I draw {n} adrenaline card ({hand} in hand, room for {room})",
                                    "use the {card}: I draw {n} adrenaline cards ({hand} in hand, room for {room})",
                                    min(draws, room), card=card_name(a.payload["card"]), hand=len(me.hand), room=room))
        return None

    def _parting_gift(self, s: Level7State, me: Character, trades: list[Action]) -> Choice | None:
        """About to escape: my items would leave with me, so the best one goes to a character on my
        tile who has a free hand (helping costs me nothing now)."""
        from game.level7.rules.sheet import carry_limit

        gifts = [a for a in trades if a.payload["give"] and not a.payload["take"]
                 and len(s.characters[a.payload["with"]].items) < carry_limit(s.characters[a.payload["with"]])]
        if not gifts:
            return None
        a = self._best(gifts, lambda a: (-item_value(a.payload["give"]), a.payload["give"], a.payload["with"]))
        return Choice(a, M("give {card} to {who} before I escape: it would leave with me", card=card_name(a.payload["give"]),
                           who=character(s, a.payload["with"])))

    def _bonus_first(self, s: Level7State, me: Character, k: dict[str, list[Action]], choice: Choice,
                     challenge: C.Challenge, all_in: bool = False) -> Choice:
        """The challenge `choice` makes, or first the adrenaline bonus `bonus_plan` says to play on it."""
        plan = bonus_plan(s, me, challenge, all_in=all_in)
        if plan.cards:
            kind = plan.cards[0].split("#")[0]
            play = next((a for a in k.get("adrenaline", []) if a.payload["use"] == "bonus"
                         and a.payload["card"].split("#")[0] == kind), None)
            if play is not None:
                # The card played now and the chance it gives alone: the plan's other cards stay
                # in my hand, unseen by the other seats (the reason is in everyone's log).
                first = plan.cards[0]
                fear = me.fear + c().adrenaline[kind].fear_cost
                amount = c().adrenaline[kind].bonus.get(challenge.attribute, 0)
                after = C.success_chance(c(), challenge, dice(s, me, challenge, [PlayedBonus(challenge.attribute, amount, "cards")],
                                                              fear=fear))
                played = M("play {cards} for {attribute}: {before} -> {after}", cards=card_name(first),
                           attribute=attribute_name(challenge.attribute), before=pct(plan.before), after=pct(after))
                return Choice(play, M("{plan}, then: {then}", plan=played, then=choice.reason))
        return choice

    def _panel(self, s: Level7State, me: Character, k: dict[str, list[Action]]) -> Choice | None:
        """The panel the objective needs: with the cards that make it likely; or, when a failure
        would start Lockdown and my hand can still grow, wait a turn for such a card."""
        ch = C.control_panel_challenge(c(), allowed=True, panel=True, accessed=False)
        p = C.success_chance(c(), ch, dice(s, me, ch))
        plan = bonus_plan(s, me, ch)
        fail_locks = not s.lockdown and any(h.when == "panel_access_failed" and h.do == "start_lockdown"
                                            for h in c().scenarios[s.scenario].hooks)
        can_grow = len(me.hand) < hand_size(c(), me.vitality)
        if max(p, plan.after) < LIKELY and fail_locks and can_grow and not held_by_enemies(s, me):
            return None  # the move and end-of-turn choices keep me here (my tile is the goal)
        choice = Choice(k["control_panel"][0], M("use the control panel ({chance}): the objective needs it", chance=pct(p)))
        return self._bonus_first(s, me, k, choice, ch, all_in=True)

    def _fear_shift(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal) -> Choice | None:
        """A card for a free Fear shift only when the track gains more than the card is worth."""
        if len(me.hand) < 3:
            return None
        best = None
        for a in k.get("adrenaline", []):
            if a.payload["use"] != "fear_shift":
                continue
            price = track_cost(s, me, "fear", me.fear, me.fear + a.payload["shift"])
            if -price.cost > CARD_WORTH and (best is None or price.cost < best[0].cost):
                best = (price, a)
        if best is None:
            return None
        price, a = best
        return Choice(a, M("play {card} to move my Fear {before} -> {after}: {why}", card=card_name(a.payload["card"]),
                           before=me.fear, after=me.fear + a.payload["shift"], why=price.words))

    def _sprint(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal) -> Choice | None:
        """Extra Speed from a card when it brings the lift within this turn's reach."""
        if g.explore or not g.tiles:
            return None
        here, left = distance_to(s, g.tiles).get(me.tile, FAR), s.turn.moves_left
        if here <= left or here >= FAR:
            return None
        options = []
        for a in k.get("adrenaline", []) + k.get("use_item", []):
            amount = speed_of(a.payload["card"], a.payload.get("use", "item"))
            if amount and here <= left + amount:
                options.append((amount, a.payload["card"], a))
        if not options:
            return None
        amount, _, a = min(options, key=lambda o: (o[0], o[1]))
        return Choice(a, M("play {card} for +{amount} Speed: {goal} is {here} moves away and I have {left} left",
                           card=card_name(a.payload["card"]), amount=amount, goal=g.words, here=here, left=left))

    def _break_free(self, s: Level7State, me: Character, k: dict[str, list[Action]],
                    g: Goal) -> tuple[Choice, C.Challenge] | None:
        """Pinned: the challenge most likely to let me go on (or, on the lift, to clear it)."""
        here = foes_here(s, me.tile)
        cards, fear = expected_harm(s, me)
        stay = M("staying costs about {n} cards a turn", n=decimal(float(cards))) if cards else \
            M("staying costs about {n} Fear a turn", n=decimal(float(fear))) if fear else M("staying keeps me here")
        on_lift = me.tile in g.tiles and not g.explore
        active = [f for f in here if f.active]
        options: list[tuple[Fraction, int, Action, Msg, Msg]] = []  # odds, Threat, action, why, what (short)
        asked: dict[int, C.Challenge] = {}
        for a in k.get("attack", []):
            target = next(f for f in here if f.figure == a.payload["enemy"])
            if len(active) != 1:
                continue  # stunning one of several frees nothing
            asked[id(a)] = C.attack_challenge(c(), target)
            odds = C.attack_odds(c(), dice(s, me, asked[id(a)]), target)
            p = 1 - odds.get("failed", Fraction(0))
            threat = C.attack_threat(c(), target) + weapon_threat(me, "attack")
            what = M("attack the {enemy}", enemy=enemy_name(target.kind, lower=True))
            why = (M("{what}: {chance} to stun or remove it ({removed} to remove)", what=what, chance=pct(p),
                     removed=pct(odds.get("removed", 0))) if odds.get("removed")
                   else M("{what}: {chance} to stun or remove it", what=what, chance=pct(p)))
            options.append((p, threat, a, why, what))
        if not on_lift:
            for a in k.get("outwit", []):
                ch = asked[id(a)] = C.outwit_challenge(c(), here, a.payload["side"])
                p = C.success_chance(c(), ch, dice(s, me, ch))
                n = sum(1 for f in active if C.side(f.kind) == a.payload["side"])
                what = M("Outwit the {n} {side}", n=n, side=side_name(a.payload["side"]) if n != 1 else _ONE_SIDE[a.payload["side"]])
                options.append((p, 0, a, M("{what}: {chance} to slip away", what=what, chance=pct(p)), what))
            for a in k.get("bull_rush", []):
                ch = asked[id(a)] = C.bull_rush_challenge(c(), here)
                p = C.success_chance(c(), ch, dice(s, me, ch))
                threat = c().number("bull_rush_guard_threat") if any(f.kind == "guard" for f in active) else 0
                what = M("Bull Rush out")
                options.append((p, threat, a, M("{what}: {chance} to barge through", what=what, chance=pct(p)), what))
        if not options:
            return None
        best = max(p - Fraction(threat, 10) for p, threat, _, _, _ in options)
        top = [o for o in options if o[0] - Fraction(o[1], 10) == best]
        p, threat, a, words, _what = top[0] if len(top) == 1 else self._pick(top)
        if max(p, bonus_plan(s, me, asked[id(a)]).after) < TRY_ANYWAY and len(me.hand) <= 2:
            return None  # a failure would bring the enemies on at once, with the Hospital near
        others = [what for q, _, b, w, what in options if b is not a]
        if others:
            return Choice(a, M("{why} (rather than {others}), {stay}", why=words, others=join(", ", others), stay=stay)), asked[id(a)]
        return Choice(a, M("{why}, {stay}", why=words, stay=stay)), asked[id(a)]

    def _free_by_ability(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal,
                         got: tuple[Choice, C.Challenge] | None) -> Choice | None:
        """Pinned with somewhere to go: an ability that surely frees me (Slip Away; Primal Scream or
        Distraction when the one active enemy here is a clone or a guard) rather than a challenge
        below even odds, keeping two cards or more."""
        if s.turn.moves_left == 0 or not g.tiles or me.tile in g.tiles and not g.explore or len(me.hand) < 3:
            return None
        if got is not None and chance_of(s, me, got[1]) >= LIKELY:
            return None
        active = [e for e in s.enemies if e.tile == me.tile and not e.stunned]
        odds = M("the best challenge has {chance}", chance=pct(chance_of(s, me, got[1]))) if got is not None \
            else M("no challenge is worth it")
        for a in abilities(k, "adrenaline"):
            effect = ability_of(a)
            if isinstance(effect, LeaveTile):
                return Choice(a, M("play {card} to leave this tile without a challenge: {odds}", card=card_name(a.payload["card"]), odds=odds))
            if isinstance(effect, (Stun, MoveEnemy)) and len(active) == 1 and active[0].kind == effect.enemy:
                words = dict(card=card_name(a.payload["card"]), enemy=enemy_name(effect.enemy, lower=True), odds=odds)
                if isinstance(effect, Stun):
                    return Choice(a, M("play {card} to stun the only active {enemy} holding me: {odds}", **words))
                return Choice(a, M("play {card} to lure away the only active {enemy} holding me: {odds}", **words))
        return None

    def _card_for_card(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal) -> Choice | None:
        """A card whose ability gives a card: Lend a Hand to a near character about to run out (two
        cards or fewer) while I keep three; Scrounge for an item when my hand is full (the next draw
        would be lost) and I have a free hand for it."""
        from game.level7.rules.sheet import carry_limit
        from game.level7.rules.view import hand_size as held_cards

        for a in abilities(k, "adrenaline"):
            effect = ability_of(a)
            if not isinstance(effect, Draw):
                continue
            if effect.who == "other" and len(me.hand) >= 4:
                from game.level7.rules.challenges import draw_receivers

                low = [o for o in draw_receivers(s, me) if held_cards(s, o.id) <= 2
                       and held_cards(s, o.id) < hand_size(c(), o.vitality)]
                if low:
                    return Choice(a, M("play {card}: {who} holds only {n} card(s) and I hold {mine}", card=card_name(a.payload["card"]),
                                       who=character(s, low[0].id), n=held_cards(s, low[0].id), mine=len(me.hand)))
            if effect.who == "you" and effect.deck == "item" and len(me.hand) >= hand_size(c(), me.vitality) \
                    and len(me.items) < carry_limit(me) and s.items.draw_pile and len(me.hand) >= 3:
                return Choice(a, M("play {card} for an item: my hand is full and I have a free hand", card=card_name(a.payload["card"])))
        return None

    def _hide(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal) -> Choice | None:
        """Before ending the turn: Hold Your Breath when two or more enemies from other tiles would
        come for me and I keep three cards (its Fear cost is paid, but they ignore me till my turn)."""
        if len(me.hand) < 4 or active_enemies(s, me.tile):
            return None
        for a in abilities(k, "adrenaline"):
            if isinstance(ability_of(a), Unseen):
                rec = c().adrenaline[a.payload["card"].split("#")[0]]
                sit = with_tracks(situation(s), me.name, me.fear + rec.fear_cost, me.threat)
                coming = chasers(sit, me.name)
                if len(coming) >= 2:
                    return Choice(a, M("play {card}: {n} enemies would come for me and it hides me from every one not on "
                                       "my tile until my turn", card=card_name(a.payload["card"]), n=len(coming)))
        return None

    def _pickup(self, s: Level7State, me: Character, actions: list[Action]) -> Choice | None:
        from game.level7.rules.sheet import carry_limit

        room = len(me.items) < carry_limit(me)
        best = max(actions, key=lambda a: (item_value(a.payload["card"]), a.payload["card"]))
        if item_value(best.payload["card"]) == 0:
            return None  # a bloody uniform: Fear for nothing
        if not room and item_value(best.payload["card"]) <= min(item_value(i) for i in me.items):
            return None
        words = item_words(best.payload["card"])
        return Choice(best, M("pick up {card}: {why}", card=card_name(best.payload["card"]), why=words))

    def _unlock(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal) -> Choice | None:
        """Open a locked door when the way through it is shorter than any open way to the goal: with
        a security key if I carry one (certain, no Threat), else by the likelier challenge."""
        if not g.tiles:
            return None
        mv = map_view(s)
        sealed = tuple(sorted(s.tokens["sealed"]))
        free = min((mv.tilemap.distances(t, "character", (), sealed).get(me.tile, FAR) for t in g.tiles), default=FAR)
        now = distance_to(s, g.tiles).get(me.tile, FAR)
        if free >= now:
            return None
        gain = M("it is the only way") if now >= FAR else M("{n} move(s) shorter than going round", n=now - free)
        beyond = {tuple(d[1]): o for o, kind, d in mv.neighbours(s, me.tile) if kind == "locked" and d is not None}

        def worth(door: list) -> bool:  # the door is on the shorter way
            other = beyond.get(tuple(door))
            return other is not None and 1 + min(
                (mv.tilemap.distances(x, "character", (), sealed).get(other, FAR) for x in g.tiles), default=FAR) == free

        keys = [a for a in k.get("use_key", []) if worth(a.payload["door"])]
        if keys:
            return Choice(keys[0], M("open the door on side {side} with a security key: {gain} to {goal}, and a key needs "
                                     "no roll", side=door_side(keys[0].payload["door"][0]), gain=gain, goal=g.words))
        force = [a for a in abilities(k, "adrenaline") if isinstance(ability_of(a), UnlockDoor)]
        if force and len(me.hand) >= 3 and any(worth(d) for d in locked_doors(s, me.tile)):
            return Choice(force[0], M("play {card} to force a locked door open: {gain} to {goal}, with no roll, no Threat "
                                      "and my challenge kept", card=card_name(force[0].payload["card"]), gain=gain, goal=g.words))
        ways = []
        for a in k.get("unlock", []):
            if not worth(a.payload["door"]):
                continue
            ch = C.unlock_challenges(c())[0 if a.payload["way"] == "strength" else 1]
            p = C.success_chance(c(), ch, dice(s, me, ch))
            threat = c().number("unlock_strength_threat") if a.payload["way"] == "strength" else 0
            ways.append((p - Fraction(threat, 10), p, a, ch))
        if not ways:
            return None
        score, p, a, ch = max(ways, key=lambda w: (w[0], w[2].payload["way"]))
        choice = Choice(a, M("unlock the door by {way} ({chance}): {gain} to {goal}", way=attribute_name(a.payload["way"]),
                             chance=pct(p), gain=gain, goal=g.words))
        return self._bonus_first(s, me, k, choice, ch)

    def _move(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal) -> Choice | None:
        if not g.tiles:
            return None
        if g.explore and me.tile in g.tiles:
            return self._explore(s, me, k, g)
        dist = distance_to(s, g.tiles)
        here = dist.get(me.tile, FAR)
        left = s.turn.moves_left
        best: list[tuple[int, Action, str]] = []
        for a in k.get("move", []) + k.get("vent", []):
            to = a.payload["to"]
            if to in s.tokens.get("swarm", ()):
                continue  # the swarm kills whoever moves onto its tile (spec 9.4)
            extra, why = step_cost(s, to, g.tiles, me.id)
            d = dist.get(to, FAR)
            if a.kind == "vent":
                # the vent ends the turn and costs Fear: what is left of the move is lost
                end, extra, why = d, extra + 1, why or M("the vents end my turn")
            else:
                end = max(0, d - (left - 1))
            if end < here:  # only steps that leave me nearer at the end of the turn than standing here;
                best.append((end + extra, a, why))  # the costs choose among them, never keep me waiting
        if not best:
            return None
        low = min(b[0] for b in best)
        top = [b for b in best if b[0] == low]
        end, a, why = top[0] if len(top) == 1 else self._pick(top)
        to = a.payload["to"]
        d = dist.get(to, FAR)
        where = M("there") if d == 0 else Mn("{n} move from there", "{n} moves from there", d)
        words = dict(tile=tile_name(to), goal=g.words, where=where, why=why)
        if a.kind == "vent":
            return Choice(a, M("crawl through the vents to {tile}: {goal} is {where} ({why})", **words) if why
                          else M("crawl through the vents to {tile}: {goal} is {where}", **words))
        return Choice(a, M("move to {tile}: {goal} is {where} ({why})", **words) if why
                      else M("move to {tile}: {goal} is {where}", **words))

    def _explore(self, s: Level7State, me: Character, k: dict[str, list[Action]], g: Goal) -> Choice | None:
        doors = k.get("peek", []) or k.get("explore", [])
        if not doors:
            return None
        a = self._pick(doors)
        side = door_side(a.payload["door"][0])
        if a.kind == "peek":
            odds = C.outcome_odds(c(), c().number("peek_dice"), "intelligence", lambda n: explore.peek_success(s, n))
            return Choice(a, M("peek through the door on side {side}: {chance} to find {tile} here, else I explore as usual",
                               side=side, chance=pct(odds.get(True, 0)), tile=tile_name(s.set_aside)))
        return Choice(a, M("explore through the door on side {side}: {goal}, and this door leads there", side=side,
                           goal=g.words))

    # --- questions ----------------------------------------------------------------------------

    def _answer(self, s: Level7State, actions: list[Action]) -> Choice:
        pend = s.proc["pending"]
        me = s.characters[pend["decider"]]
        kind = actions[0].kind
        handler = getattr(self, f"_q_{kind}", None)
        if handler is not None:
            return handler(s, me, actions)
        return Choice(actions[0], M("{option}: no option is better than another for me", option=actions[0].label))

    def _far_from_me(self, s: Level7State, me: Character, actions: list[Action], what: str) -> Choice:
        """A tile for an enemy or a token: the one farthest from the characters, me first."""
        mine = map_view(s).distances(s, me.tile, "character") if me.status == IN_PLAY else {}
        chars = [ch for ch in s.characters.values() if ch.status == IN_PLAY]

        def score(a: Action) -> tuple[int, int]:
            t = a.payload.get("tile", "")
            near = min((map_view(s).distances(s, ch.tile, "character").get(t, FAR) for ch in chars), default=FAR)
            return -mine.get(t, FAR), -near

        a = self._best(actions, score)
        d = mine.get(a.payload.get("tile", ""), FAR)
        words = dict(what=what, tile=tile_name(a.payload.get("tile", "")))
        return Choice(a, M("{what} {tile}: the farthest choice from me", **words) if d < FAR
                      else M("{what} {tile}: out of my way", **words))

    def _q_swarm_tile(self, s, me, actions):
        return self._far_from_me(s, me, actions, M("the swarm comes out at"))

    def _q_spawn_tile(self, s, me, actions):
        return self._far_from_me(s, me, actions, M("the {enemy} comes in at", enemy=enemy_name(actions[0].payload["kind"], lower=True)))

    def _q_token_tile(self, s, me, actions):
        return self._far_from_me(s, me, actions, M("the clone nest goes on") if actions[0].payload["token"] == "nest"
                                 else M("the guard post goes on"))

    def _q_enemy_path(self, s, me, actions):
        return self._far_from_me(s, me, actions, M("{enemy} steps to", enemy=actions[0].payload["enemy"]))

    def _q_move_guard(self, s, me, actions):
        mine = [a for a in actions if (e := next((x for x in s.enemies if x.key == a.payload["enemy"]), None))
                is not None and e.tile == me.tile]
        if mine and len(mine) < len(actions):  # the guard holding me first
            return self._far_from_me(s, me, mine, M("send the guard on my tile to"))
        return self._far_from_me(s, me, actions, M("send the guard to"))

    def _q_unlock_door(self, s, me, actions):
        g = goal(s, me)
        dist = distance_to(s, g.tiles) if g.tiles else {}
        beyond = {tuple(d[1]): o for o, kind, d in map_view(s).neighbours(s, me.tile) if kind == "locked" and d is not None}
        a = self._best(actions, lambda a: (dist.get(beyond.get(tuple(a.payload["door"]), ""), FAR), a.payload["door"]))
        return Choice(a, M("open the door on side {side}: the one nearest to {goal}", side=door_side(a.payload["door"][0]),
                           goal=g.words or M("my goal")))

    def _q_lend_to(self, s, me, actions):
        from game.level7.rules.view import hand_size as held_cards

        a = self._best(actions, lambda a: (held_cards(s, a.payload["who"]), a.payload["who"]))
        return Choice(a, M("{who} draws: they hold the fewest cards ({n})", who=character(s, a.payload["who"]),
                           n=held_cards(s, a.payload["who"])))

    def _q_cancel_fear(self, s, me, actions):
        """Steel Nerves: kept for a Fear gain that would cross into another band of the track (or past
        Fear 5 or 7, where clones roll more or spawn); its -1 cost is paid first."""
        keep = next(a for a in actions if not a.payload["card"])
        about = s.proc["pending"].get("about") or {}
        fear, gain = int(about.get("fear", me.fear)), int(about.get("gain", 1))
        top = c().fear_track.max
        after = min(top, fear + gain)
        crosses = band_of(fear) != band_of(after) or any(fear < edge <= after for edge in (5, 7))
        if not crosses:
            return Choice(keep, M("take the Fear ({before} -> {after}): it stays in the same band, and the card is kept "
                                  "for a gain that crosses one", before=fear, after=after))
        a = next(x for x in actions if x.payload["card"])
        rec = c().adrenaline[a.payload["card"]]
        words = track_cost(s, me, "fear", fear, after).words
        said = dict(card=card_name(a.payload["card"]), before=fear, after=after, why=words, stays=fear + rec.fear_cost)
        return Choice(a, M("play {card}: Fear {before} -> {after} would cross a band ({why}); it stays {stays}", **said) if words
                      else M("play {card}: Fear {before} -> {after} would cross a band; it stays {stays}", **said))

    def _q_seal_vent(self, s, me, actions):
        mine = map_view(s).distances(s, me.tile, "character")
        a = self._best(actions, lambda a: mine.get(a.payload["tile"], FAR))
        return Choice(a, M("seal the vent of {tile}: the nearest to me, where clones would come", tile=tile_name(a.payload["tile"])))

    def _q_remove_darkness(self, s, me, actions):
        a = self._best(actions, lambda a: 0 if a.payload["tile"] == me.tile else 1)
        return Choice(a, M("lift the darkness from {tile}: leaving it would cost me Fear", tile=tile_name(a.payload["tile"])))

    def _q_reenter(self, s, me, actions):
        g = goal(s, me)
        dist = distance_to(s, g.tiles) if g.tiles else {}
        swarm = s.tokens.get("swarm", ())  # the swarm kills whoever comes onto its tile (spec 9.4)
        a = self._best(actions, lambda a: (a.payload["tile"] in swarm, dist.get(a.payload["tile"], FAR)
                                           + step_cost(s, a.payload["tile"], g.tiles)[0]))
        d = dist.get(a.payload["tile"], FAR)
        where = Mn("{n} move from {goal}", "{n} moves from {goal}", d, goal=g.words) if d < FAR else M("no enemy waiting")
        return Choice(a, M("come back at {tile}: {where}", tile=tile_name(a.payload["tile"]), where=where))

    def _q_vent_travel(self, s, me, actions):
        g = goal(s, me)
        dist = distance_to(s, g.tiles) if g.tiles else {}

        def score(a: Action) -> tuple[bool, int, bool]:
            to = a.payload["tile"]
            if not to:
                return False, dist.get(me.tile, FAR), False
            return to in s.tokens.get("swarm", ()), dist.get(to, FAR) + step_cost(s, to, g.tiles)[0], True

        a = self._best(actions, score)
        if not a.payload["tile"]:
            return Choice(a, M("stay: no vent brings me closer to {goal}", goal=g.words))
        return Choice(a, M("crawl to {tile} for free: closer to {goal}", tile=tile_name(a.payload["tile"]), goal=g.words))

    def _q_lock_door(self, s, me, actions):
        g = goal(s, me)
        dist = distance_to(s, g.tiles) if g.tiles else {}
        mv = map_view(s)
        beyond = {tuple(d[1]): o for o, kind, d in mv.neighbours(s, me.tile) if d is not None}

        def score(a: Action) -> tuple[int, int]:
            other = beyond.get(tuple(a.payload["door"]))
            enemies = -active_enemies(s, other) if other else 0
            return -(dist.get(other, FAR) if other else FAR), enemies

        a = self._best(actions, score)
        return Choice(a, M("lock the door on side {side}: it does not lead toward {goal}", side=door_side(a.payload["door"][0]), goal=g.words))

    def _q_placement(self, s, me, actions):
        """The way a new tile lies: the escape tile as near as it goes; any other tile with the most
        of its doors left facing unexplored space (more ways on)."""
        tile_id = actions[0].payload["tile"]
        esc = c().scenarios[s.scenario].escape
        tiles = explore.shared_tiles()

        def open_doors(a: Action) -> int:
            p = a.payload
            from game.level7.board import TileMap

            tm = TileMap()
            for t, x, y, turns in s.placed:
                tm.place(tiles[t], (x, y), turns)
            name = tm.place(tiles[tile_id], (p["x"], p["y"]), p["turns"])
            return sum(1 for n, _ in tm.open_doors() if n == name)

        a = self._best(actions, lambda a: -open_doors(a))
        if esc and tile_id == esc.tile:
            return Choice(a, M("{tile} lies where it joins the map (every way is as near)", tile=tile_name(tile_id)))
        return Choice(a, M("{option}: it leaves the most doors open to explore", option=a.label))

    def _q_reroll(self, s, me, actions):
        """The option with the best exact chance of success (the kept roll's is 1 or 0); on a tie
        the fewest dice, keeping the roll first: a reroll that buys nothing spends its effect."""
        def chance(a: Action) -> Fraction:
            return pending_reroll_chance(s, list(a.payload.get("dice", []))) or Fraction(0)

        odds = {id(a): chance(a) for a in actions}
        a = self._best(actions, lambda x: (-odds[id(x)], len(x.payload.get("dice", [])), x.payload["reroll"]))
        p = pct(odds[id(a)])
        if not a.payload["reroll"]:
            return Choice(a, M("keep the roll: {chance} to succeed, no reroll does better", chance=p))
        return Choice(a, M("reroll dice {dice} with {source}: {chance} to succeed", dice=", ".join(str(i + 1) for i in a.payload["dice"]),
                           source=ref("level7.source", a.payload["reroll"]), chance=p))

    def _q_fear_shift(self, s, me, actions):
        priced = [(track_cost(s, me, "fear", me.fear, a.payload["fear"]), a) for a in actions]
        low = min(p.cost for p, _ in priced)
        price, a = next((p, x) for p, x in priced if p.cost == low)
        if a.payload["fear"] == me.fear:
            return Choice(a, M("keep my Fear at {fear}: no other value pays", fear=me.fear))
        return Choice(a, M("move my Fear {before} -> {after}: {why}", before=me.fear, after=a.payload["fear"],
                           why=price.words or M("it pays")))

    def _q_help(self, s, me, actions):
        """Another character's challenge within reach: a card of mine when its bonus turns their
        likely failure into a likely success and I keep two cards or more (spec 6.11)."""
        helped = s.characters[s.turn.player]
        got = _asked(s.proc["pending"]["prompt"], r"(\w+) (\d+) challenge", ("challenge", "level"))
        none = next(a for a in actions if not a.payload["card"])
        if got is None:
            return Choice(none, M("keep my cards: I cannot tell what the challenge needs"))
        args = s.proc.get("args") or {}
        kind = args.get("kind", "") if args.get("kind") in ("attack", "bull_rush", "outwit", "control_panel") \
            else "event_challenge"
        challenge = C.Challenge(kind, str(got[0]).lower(), int(got[1]))
        if len(me.hand) < 3:
            return Choice(none, M("keep my cards: I hold only {n}", n=len(me.hand)))
        lend = [a for a in actions if a.payload.get("use") == "ability"]
        if lend and len(me.hand) >= 4 and hand_of(s, helped) <= 2:
            return Choice(lend[0], M("play {card}: {who} holds only {n} card(s) and draws one", card=card_name(lend[0].payload["card"]),
                                     who=character(s, helped.id), n=hand_of(s, helped)))
        plan = bonus_plan(s, helped, challenge, helper=me, own_turn=False)
        offered = {a.payload["card"]: a for a in actions if a.payload["card"] and not a.payload.get("use")}
        first = plan.cards[0].split("#")[0] if plan.cards else ""
        if first in offered:
            # One card per helper (challenges.helping): the reason names that card and the chance
            # it gives alone; the plan's other cards stay in my hand, unseen by the other seats.
            amount = c().adrenaline[first].bonus.get(challenge.attribute, 0)
            after = C.success_chance(c(), challenge, dice(s, helped, challenge, [PlayedBonus(challenge.attribute, amount, "cards")]))
            played = M("play {cards} for {attribute}: {before} -> {after}", cards=card_name(plan.cards[0]),
                       attribute=attribute_name(challenge.attribute), before=pct(plan.before), after=pct(after))
            return Choice(offered[first], M("help {who}: {plan}", who=character(s, helped.id), plan=played))
        if plan.cards:  # a card not offered now: its name is my hand's, not the table's
            return Choice(none, M("keep my cards: for {who} {plan}", who=character(s, helped.id),
                                  plan=M("{chance}, and no card I may play makes it likely", chance=pct(plan.before))))
        return Choice(none, M("keep my cards: for {who} {plan}", who=character(s, helped.id), plan=plan.text))

    def _q_defend(self, s, me, actions):
        """A Toughness card before an enemy's dice (spec 6.11): it saves one card only when the
        attack would have hit that hard, and costs one for sure; against a hybrid's Fear it is
        played when it takes away a likely knock-out."""
        keep = next(a for a in actions if not a.payload["card"])
        sit = situation(s)
        prompt = s.proc["pending"]["prompt"]
        if isinstance(prompt, str):  # a question saved before issue 18: its English words name the figure
            named = prompt.split(": ", 1)[-1].split(" attacks.")[0]
            fig = next((f for f in sit.figures if sit.label(f.id) == named), None)
        else:
            got = _asked(prompt, "", ("figure",))
            fig = next((f for f in sit.figures if got and f.id == got[0]), None)
        named = ref("level7.figure", f"{fig.kind}|{fig.number}") if fig is not None else ""
        pick = targeting.attack_target(sit, fig) if fig is not None else None
        if pick is None or pick.target is None:
            return Choice(keep, M("keep my cards: I cannot weigh this attack"))
        plan = plan_attack(sit, fig, pick.target)
        odds = attack_odds(plan, c().dice[C.DIE])
        cancel = [a for a in actions if a.payload.get("use") == "ability"]
        actions = [a for a in actions if not a.payload.get("use")]
        if cancel:
            room = c().fear_track.max - me.fear
            if plan.damage == "fear":
                ko = sum((p for n, p in odds.items() if n - plan.toughness > room), Fraction(0))
                lost = Fraction(0)
            else:
                ko = sum((p for n, p in odds.items() if n - plan.toughness >= len(me.hand)), Fraction(0))
                lost = sum((p * max(0, n - plan.toughness) for n, p in odds.items()), Fraction(0))
            if ko >= Fraction(1, 4) or lost >= Fraction(3, 2):
                why = M("{chance} that it knocks me out", chance=pct(ko)) if ko >= Fraction(1, 4) else \
                    M("it would cost me about {n} cards", n=decimal(float(lost)))
                return Choice(cancel[0], M("play {card} to cancel {enemy}'s attack: {why}", card=card_name(cancel[0].payload["card"]),
                                         enemy=named, why=why))
        if not any(a.payload["card"] for a in actions):
            return Choice(keep, M("keep my cards: {enemy}'s attack is not worth cancelling", enemy=named))
        if len(me.hand) < 3:
            return Choice(keep, M("keep my cards: I hold {n}", n=len(me.hand)))
        if plan.damage == "fear":
            room = c().fear_track.max - me.fear
            now = sum((p for n, p in odds.items() if n - plan.toughness > room), Fraction(0))
            then = sum((p for n, p in odds.items() if n - plan.toughness - 1 > room), Fraction(0))
            if now - then > Fraction(1, 4):
                a = next(x for x in actions if x.payload["card"])
                return Choice(a, M("play {card} for Toughness: a knock-out {before} -> {after}", card=card_name(a.payload["card"]),
                                   before=pct(now), after=pct(then)))
            return Choice(keep, M("keep my cards: Toughness would cut the knock-out risk only {before} -> {after}",
                                  before=pct(now), after=pct(then)))
        saved = sum((p for n, p in odds.items() if n > plan.toughness), Fraction(0))
        return Choice(keep, M("keep my cards: +1 Toughness saves a card only {chance} of the time against {enemy} and "
                              "costs one for sure", chance=pct(saved), enemy=named))

    def _q_relock(self, s, me, actions):
        """Lock the door behind me when an enemy is near the tile I left (clones cannot pass it; a
        guard loses a move opening it)."""
        left = s.turn.unlocked[-1][0] if s.turn.unlocked else ""
        dist = map_view(s).distances(s, left, "character") if left else {}
        near = [e for e in s.enemies if not e.stunned and dist.get(e.tile, FAR) <= 1]
        want = bool(near)
        a = next(x for x in actions if x.payload["relock"] == want)
        if want:
            return Choice(a, Mn("lock the door behind me: {n} active enemy is by {tile}",
                                "lock the door behind me: {n} active enemies are by {tile}", len(near), tile=tile_name(left)))
        return Choice(a, M("leave the door open: no enemy is near it"))

    def _q_discard(self, s, me, actions):
        a = self._best(actions, lambda a: (card_value(a.payload["card"]), a.payload["card"]))
        return Choice(a, M("discard {card}: my least useful card", card=card_name(a.payload["card"])))

    def _q_put_down(self, s, me, actions):
        a = self._best(actions, lambda a: (item_value(a.payload["card"]), a.payload["card"]))
        return Choice(a, M("put down {card}: my least useful item", card=card_name(a.payload["card"])))

    def _q_panel_reward(self, s, me, actions):
        near = [e for e in s.enemies if e.kind == "guard" and not e.stunned
                and map_view(s).distances(s, me.tile, "character").get(e.tile, FAR) <= 1]
        want = "move_guard" if near else "take_key"
        a = next((x for x in actions if x.payload["reward"] == want), actions[0])
        why = M("a guard is on my tile or next to it") if a.payload["reward"] == "move_guard" else M("no guard is near me")
        return Choice(a, M("{option}: {why}", option=a.label, why=why))

    def _q_trade_offer(self, s, me, actions):
        args = s.proc.get("args") or {}
        p = args.get("payload", {}) if args.get("kind") == "trade" else {}
        gain = item_value(p["give"]) if p.get("give") else 0  # the offer's "give" comes to me
        loss = item_value(p["take"]) if p.get("take") else 0
        accept = gain >= loss
        a = next(x for x in actions if x.payload["accept"] == accept)
        return Choice(a, M("accept: I get at least as much as I give") if accept else M("refuse: I would give more than I get"))

    def _q_redraw_event(self, s, me, actions):
        """Keep the event card, or discard it and draw another (Paranoid): by the price of its section
        against the mean price of that section on every other event card (the card list is public)."""
        about = s.proc["pending"].get("about") or {}
        code = about.get("section", "")
        if code not in c().sections:
            return Choice(next(a for a in actions if not a.payload["redraw"]), M("resolve it: I cannot read the card"))
        kind = c().sections[code].kind
        this = redraw_price(s, me, code)
        others = [redraw_price(s, me, e.section(kind)).cost for e in c().events.values() if e.id != about.get("card")]
        mean = sum(others) / len(others) if others else this.cost
        redraw = this.cost > mean
        a = next(x for x in actions if x.payload["redraw"] == redraw)
        said = dict(section=M(c().sections[code].name), cost=decimal(this.cost), why=this.words, mean=decimal(mean))
        if redraw:
            return Choice(a, M("discard it and draw another: {section} costs me {cost} ({why}), another card's {mean} on "
                               "average", **said))
        return Choice(a, M("resolve it: {section} costs me {cost} ({why}), another card's {mean} on average", **said))

    def _q_stun(self, s, me, actions):
        a = self._best(actions, lambda a: a.payload["enemy"])
        return Choice(a, M("stun {enemy}: any of them would hold me the same", enemy=a.payload["enemy"]))

    def _q_event_option(self, s, me, actions):
        options = event_options(s)
        if options is None:
            return Choice(actions[0], M("the first option: I cannot tell them apart"))
        priced = [(price_steps(s, me, options[a.payload["option"]]), a) for a in actions]
        low = min(p.cost for p, _ in priced)
        top = [(p, a) for p, a in priced if p.cost == low]
        price, a = top[0] if len(top) == 1 else self._pick(top)
        others = [p.words for p, b in priced if b is not a]
        if others:
            return Choice(a, M("{why}, rather than {others}", why=price.words, others=join(SEMICOLON, others)))
        return Choice(a, M("{why}", why=price.words))


# ---------------------------------------------------------------------------- small judgements

def event_options(s: Level7State):
    """The option lists of the event choice now asked, from the card in play (face up)."""
    card_id = s.flags.get("event_card")
    if not card_id or not s.turn.trigger:
        return None
    card = c().events[card_id]
    return find_choice(c().sections[card.section(s.turn.trigger)].effect)


def find_choice(steps):
    for step in steps:
        if step.do == "choose":
            return step.params["options"]
        for key in ("fail", "success", "else"):
            got = find_choice(step.params.get(key, ()) or ())
            if got is not None:
                return got
    return None


ENEMY_STEPS = {"spawn": 1.0, "activate_near": 1.0, "sweep": 0.5, "spawn_point": 0.5}  # enemies brought on me


def redraw_price(s: Level7State, me: Character, code: str) -> Price:
    """An event section's price to me (price_steps), with its enemy steps counted as well."""
    steps = c().sections[code].effect
    got = price_steps(s, me, steps)
    extra = sum(ENEMY_STEPS.get(st.do, 0.0) for st in steps)
    return Price(got.cost + extra, M("{why}, enemies come", why=got.words) if extra else got.words)


def weapon_threat(me: Character, challenge: str) -> int:
    """The Threat my skills and carried items cost on this challenge (the Pistol's +1 an attack)."""
    from game.level7.rules.modifiers import CHALLENGE_ATTRIBUTE, challenge_threat

    return sum(n for _, n in challenge_threat(c(), challenge, CHALLENGE_ATTRIBUTE.get(challenge, ""),
                                              skills=me.skills, items=carried_items(me)))


def abilities(k: dict[str, list[Action]], kind: str) -> list[Action]:
    return [a for a in k.get(kind, []) if a.payload.get("use") == "ability"]


def ability_of(a: Action):
    """The first effect of the ability an adrenaline action plays."""
    rec = c().adrenaline[a.payload["card"].split("#")[0]]
    return rec.ability[0] if rec.ability else None


def band_of(fear: int) -> int:
    return next((i for i, b in enumerate(c().fear_bands) if b.low <= fear <= b.high), -1)


def hand_of(s: Level7State, ch: Character) -> int:
    from game.level7.rules.view import hand_size as held_cards

    return held_cards(s, ch.id)


def chance_of(s: Level7State, me: Character, challenge: C.Challenge) -> Fraction:
    """A challenge's chance of success (an Attack's: to stun or remove)."""
    return C.success_chance(c(), challenge, dice(s, me, challenge))


def item_value(card: str) -> int:
    from game.level7.rules.uniforms import side

    kind = card.split("#")[0]
    rec = c().items.get(kind)
    if side(card):  # a clean uniform hides my Threat from the guards; a bloody one only costs Fear
        return 2 if side(card) == "clean" else 0
    if rec is None:
        return 1  # a security key: an item the scenario may ask for
    return 3 if rec.weapon else 2 if rec.kind == "gear" else 1


def item_words(card: str) -> Msg | Clause:
    from game.level7.rules.uniforms import side

    if side(card) == "clean":
        return M("guards read my Threat as 0 when they choose a target")
    rec = c().items.get(card.split("#")[0])
    if rec is None:
        return M("a security key")
    return M("a weapon adds Strength to my attacks") if rec.weapon else Clause(M(rec.text))


def speed_of(card: str, use: str) -> int:
    """The Speed a card played this way gives at once (its top half, or an ability's Speed bonus),
    or a single-use item used (`use` "item": modifiers.use_item's bonuses)."""
    from game.level7.content import Bonus
    from game.level7.rules.modifiers import use_item

    if use == "item":
        return sum(b.amount for b in use_item(c(), card.split("#")[0]).bonuses if b.attribute == "speed")
    rec = c().adrenaline[card.split("#")[0]]
    if use == "bonus":
        return rec.bonus.get("speed", 0)
    if use == "ability":
        return sum(e.amount for e in rec.ability if isinstance(e, Bonus) and e.attribute == "speed")
    return 0


def card_value(card: str) -> int:
    """An adrenaline card's worth to keep: its top-half bonus to a challenge attribute."""
    rec = c().adrenaline[card.split("#")[0]]
    return sum(v for k, v in rec.bonus.items() if k in ("intelligence", "strength"))


__all__ = ["BonusPlan", "Goal", "PlayerBot", "bonus_plan", "goal", "seat_view"]
