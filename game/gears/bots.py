"""Gears controllers that pick among legal actions (DESIGN.md: the AI is a controller).

`RandomBot` (the engine's, game/engine/bots.py) picks uniformly (tests, the benchmark). `CogBot` plays a COG sensibly, for solo
partners and simulations: it revives bleeding-out partners, seals emergence holes with
grenades, attacks the target with the best expected wounds (`attack_preview`), heads for the
objective (the open holes, the Locusts, the door or exit), takes cover after moving, and
answers Guard, Dodge and wound-discard questions by simple rules. It only ever picks one of
the `legal_actions` it is given, and says why in one line (`Choice.reason`, shown by the UI).

`SquadBot` (the default level; CogBot is "cautious") adds a plan for the whole team from the
current stage card's objective (`squad_plan`) and weighs the hand as health; see docs/GEARS.md
"Bots". All have `decide(state, actions) -> Choice` and `choose(actions, state=None) -> Action`.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, Callable

from game.engine.bots import Choice, RandomBot, SeededBot, seat_view  # noqa: F401  (RandomBot: this title's random player too)
from game.engine.protocol import Action
from game.engine.text import Capitalised, Joined, M, Mn, Msg, decimal, join
from game.i18n import N_
from game.gears.rules import names as N
from game.gears.rules.board_view import INF
from game.gears.rules.state import GearsState
from game.gears.rules.view import view_for, viewer_of
from game.gears.rules.shared import content as _content


# The bots' reasons with a fraction as logs worded them before the fraction took the reader's
# separator ('2.51' in a Greek log; text.decimal): a save keeps its log as message ids.
OLD_REASONS = (
    N_("Take cover at {spot}: +{bonus:.1f} defence dice on average against the Locusts"),
    N_("no Locust activation ({threat:.1f} expected wounds avoided)"),
    N_("Attack {target} with the {weapon} ({mode}): {e:.2f} expected wounds, {kill:.0%} to kill"),
    N_("Guard against {target} with the {weapon} ({mode}): {kill:.0%} to kill, it threatens {threat:.1f} wounds"),
    N_("No Dodge: expected cost {plain:.2f} cards"),
    N_("Dodge with {card}: expected cost {dodged:.2f} cards against {plain:.2f}"),
    N_("{e:.2f} expected wounds, {kill:.0%} to kill {target} ({weapon})"),
    N_("{why}: {n:.2f} holes sealed on average (only an Omen seals)"),
)


# What a reason adds after its main clause ("{why}; spends 1 of 2 ammo", "{why} (leaves 2
# card(s) in hand)"): the log's short form leaves it out (log_form); the table shows the whole
# reason where there is room for it.
_DETAILS = frozenset((
    "{why}; {reason}",
    "{why} (ammo for the {weapon}, the only weapon that wounds the stage's enemy)",
    "{why} (my weapons are short of ammo)",
    "{why} (kept for the turn I use the equipment that brings out the Stranded)",
    "{why}; out of the reach of {locust}, whose attack hits every figure in its area",
    "{why} (leaves {left} card(s) in hand)",
    "{why}; spends 1 of {n} ammo",
    "{why}; covering {who} in the open",
    "{why}; {n} Locust(s) would spawn there when the stage flips",
    "{why}: exploring has just brought out the next level's Locusts, so the rest of my move seeks safety, not them",
    "{why}; {locust} hits a whole area, and {n} partner(s) stand beside {who}",
))


# A reason's short form where its main clause alone does not fit two lines of the log at
# 1280x720 in Hungarian and Greek (3-6 lines seen): what the bot does and to what, without the
# numbers and the why of the choice, which the AI section shows whole. The params are the long
# form's own.
_SHORT = {
    "Guard against {target} with the {weapon} ({mode}): {kill:.0%} to kill, it threatens {threat} wounds":
        N_("Guard against {target}: {kill:.0%} to kill"),
    "Pull no Locust: the card's attack may still go to any Locust it allows, and none comes nearer": N_("Pull no Locust"),
    "The dropped weapon in {area}, {d} areas from the nearest COG: the farthest of them":
        N_("The dropped weapon in {area}"),
    "Wait at the door for my partners ({d} areas behind): exploring spawns the next level's Locusts":
        N_("Wait at the door for my partners"),
    "Against {who}: the cover it takes then helps it least against the squad (+{worst} defence dice at most)":
        N_("Against {who}: its cover helps it least"),
    "Activate {target} first ({d} areas from the nearest COG)": N_("Activate {target} first"),
    "{who} Guards: {dice:.0f} attack dice, {n} cards in hand": N_("{who} Guards"),
    "Do the card's next action ({action})": N_("Do the card's next action"),  # the action: its own next line
    "Level 2: {cogs}; the sections' strength per COG (hand limit and attack dice) differs by {gap:.1f}, no more than in any other split":
        N_("Level 2: {cogs}"),
    "Unlock level {lv}: its Location cards spawn {threat} attack and health in all at {n} players, the fewer": N_("Unlock level {lv}"),
    "Dodge with {card}: expected cost {dodged} cards against {plain}": N_("Dodge with {card}"),
}


# A reason whose main clause the rules' own next line says ("Take cover at Gatehouse (9A) cover 1"
# before "Augustus Cole takes cover at Gatehouse (9A) cover 1.") is logged by its why alone: the
# log said the action twice and the why not at all where the whole reason did not fit. The
# params are the whole reason's own; the log's whole and short forms both use it (log_whole,
# log_form).
_WHY = {
    "Take cover at {spot}: +{bonus} defence dice on average against the Locusts":
        N_("Cover: +{bonus} defence dice on average"),
    "The Locust takes the cover spot {spot}, the least useful to it": N_("The cover spot least useful to the Locust"),
    "The Locust goes through {area}, away from the COGs where the rules allow":
        N_("Away from the COGs, where the rules allow"),
    "Attack {target} with the {weapon} ({mode}): {e} expected wounds, {kill:.0%} to kill":
        N_("{e} expected wounds, {kill:.0%} to kill"),
    "Ammo on the {weapon}, which has the least": N_("The weapon with the least ammo"),
    "Ammo on the {weapon}: the stage's key enemy takes wounds only from it":
        N_("The stage's key enemy takes wounds only from this weapon"),
    "Lose the ammo from the {weapon}, which has the most": N_("The weapon with the most ammo"),
    "The hole in {area}, {d} areas from the nearest COG: the farthest of the holes the rules allow":
        N_("The farthest hole from the COGs that the rules allow ({d} areas)"),
    "Spawn the Ticker in {area}, {d} areas from the nearest COG: the farthest the rules allow":
        N_("The farthest area from the COGs that the rules allow ({d} areas)"),
    "Spawn it in {area}, {d} areas from the nearest COG: the farthest the rules allow":
        N_("The farthest area from the COGs that the rules allow ({d} areas)"),
    "Place the {name} first: the weakest takes the best cover": N_("The weakest first: it takes the best cover"),
    "Follow {who} (discarding {card}): a full hand, and I want to go on too": N_("A full hand, and I want to go on too"),
    "Follow {who} (discarding {card}): out of danger here": N_("Out of the danger here"),
    "Revive {target}, who is bleeding out (discarding {card})": N_("{target} is bleeding out"),
    "Pick up the dropped {weapon} ({choice}): my weapons are nearly out of ammo": N_("My weapons are nearly out of ammo"),
    "Discard {card}, the least useful card in hand": N_("The least useful card in hand"),
    "No Dodge: expected cost {plain} cards": N_("The hit costs {plain} cards on average"),
    "Throw a Bolo Grenade into {area}, my own area, to seal the hole {hole}": N_("To seal the emergence hole in my own area"),
    "Throw a Bolo Grenade into {area} to seal the emergence hole {hole} (the objective)":
        N_("To seal the emergence hole there (the objective)"),
    "Throw a Bolo Grenade into {area} to seal the emergence hole {hole}": N_("To seal the emergence hole there"),
    "Throw a Bolo Grenade into {area}: {foes} Locusts there": N_("{foes} Locusts there"),
    "Throw a Bolo Grenade into {area}": N_("No better use for the grenade"),
    "Throw a Bolo Grenade into {area} at the {name}: the stage needs it dead": N_("The stage needs the {name} dead"),
}
# A grenade's seal odds follow its main clause as its details do (log_whole keeps them).
_SEAL_ODDS = "{why}: {n} holes sealed on average (only an Omen seals)"


def log_whole(reason: Msg | str) -> Msg | str | None:
    """A reason as the log says it whole: a main clause the rules' next line says is its why
    alone (_WHY), what follows it (_DETAILS) kept; None: the reason adds nothing to that line."""
    if not isinstance(reason, Msg):
        return reason
    if reason.msgid in _DETAILS or reason.msgid == _SEAL_ODDS:
        inner = log_whole(reason.params["why"])
        return None if inner is None else M(reason.msgid, **{**reason.params, "why": inner})
    if reason.msgid in _WHY:
        return M(_WHY[reason.msgid], **reason.params)
    if reason.msgid == "Play {card} for its actions: {parts}":  # "... plays Roadie Run for its actions."
        return Capitalised(reason.params["parts"])
    if reason.msgid == "Play {card} to attack: {why}":  # "... plays Roadie Run to make one attack."
        return Capitalised(log_whole(reason.params["why"]))
    if reason.msgid == "Play {card} to move 2 areas, to {dest} (nearer {goal} or safer)":  # "... plays Teamwork to move 2 areas."
        return M(N_("Toward {dest} (nearer {goal} or safer)"), dest=reason.params["dest"], goal=reason.params["goal"])
    if reason.msgid == "Play {card} to move":  # no more to say than the rules' "... plays Advance to move 2 areas."
        return None
    if reason.msgid == "Move to {to}, on the way to {dest} (nearer {goal} or safer)":  # the rules' line names {to}
        return M(N_("Toward {dest} (nearer {goal} or safer)"), dest=reason.params["dest"], goal=reason.params["goal"])
    return reason


def _kill_odds(why: Any) -> Msg | None:
    """An attack's why in short: its chance to kill ("73% to kill Drone 1"), or the hole its
    grenade is for; None for another."""
    if isinstance(why, Msg) and why.msgid in ("{e} expected wounds, {kill:.0%} to kill {target} ({weapon})",
                                               "{e:.2f} expected wounds, {kill:.0%} to kill {target} ({weapon})"):
        return M(N_("{kill:.0%} to kill {target}"), kill=why.params["kill"], target=why.params["target"])
    if isinstance(why, Msg) and why.msgid == "a grenade to seal the hole in {area}":  # the throw's line names the area
        return M("To seal the emergence hole there")
    return None


def log_form(reason: Msg | str) -> Msg | str:
    """A reason's short form for a log line: its main clause, and a move says where it goes,
    not why that place (the goal's words, "nearer throwing range of the emergence hole in
    Crater (12A) (my job in the squad plan) or safer", took five to eight lines of the log in
    Hungarian and Greek at 1280x720), the card played being the log's next line. A move's
    short form is the same for the card played and every step toward one place, so the table
    says it once."""
    while isinstance(reason, Msg) and (reason.msgid in _DETAILS or reason.msgid == _SEAL_ODDS):
        reason = reason.params["why"]
    if not isinstance(reason, Msg):
        return reason
    if reason.msgid in _WHY:
        return M(_WHY[reason.msgid], **reason.params)
    if reason.msgid in _SHORT:
        return M(_SHORT[reason.msgid], **reason.params)
    if reason.msgid == "Play {card} to attack: {why}":  # "... plays Roadie Run to make one attack."
        return _kill_odds(reason.params["why"]) or Capitalised(log_form(reason.params["why"]))
    if reason.msgid in ("Move to {to}, on the way to {dest} (nearer {goal} or safer)", "Move (toward {dest})"):
        return M("Move toward {dest}", dest=reason.params["dest"])
    if reason.msgid == "Play {card} to move 2 areas, to {dest} (nearer {goal} or safer)":
        return M("Move toward {dest}", dest=reason.params["dest"])  # the card played: the next line
    if reason.msgid == "Play {card} for its actions: {parts}":
        move = next((p for p in reason.params["parts"].parts if isinstance(p, Msg) and p.msgid == "move to {dest}"), None)
        if move is not None:
            return M("Move toward {dest}", dest=move.params["dest"])
        # Each action is a line of its own, after the rules' "... plays Ambush for its actions.":
        # the reason says why, its first use (an attack by its odds).
        first = reason.params["parts"].parts[0] if reason.params["parts"].parts else None
        return _kill_odds(first) or (Capitalised(first) if first is not None
                                     else M("Play {card} for its actions", card=reason.params["card"]))
    if reason.msgid == "Crawl to {area}, toward a partner who can revive me":
        return M("Crawl toward a partner who can revive me")  # the area: the crawl's own next line
    return reason


def _names_hidden_card(action: Action) -> bool:
    """Whether the reason for `action` names a card of the bot's hand that the log keeps from
    the other seats: a wound's discard (the rules tell the card to its holder alone, "You
    discard Teamwork.") and a Dodge's card ("Augustus Cole dodges.", no card named). Played
    at 1920x1080 beside a bot partner, the log read "Marcus Fenix (P2): Discard Advance, the
    least useful card in hand." to the person; the table shows such a reason to its own seat
    only (Choice.private)."""
    return action.kind == "wound_discard" or (action.kind == "dodge" and bool(action.payload.get("dodge")))


def _gid(words: Msg | str) -> str:
    """The English msgid of a goal's words: what the bot's logic compares, whatever language
    the words come out in (a message compared with a string would be worded first)."""
    return words if words.__class__ is str else words.msgid


def _weapons(ids) -> Joined:
    """The weapons' names, joined: a goal names them in the reader's language, never by id."""
    return join(", ", [N.weapon(w) for w in sorted(ids)])


def _no_preference(a: Action) -> tuple[float, str]:
    """The score and reason of an action the bot has no view on (ties among them are drawn at
    random by the bot's seeded generator)."""
    return 0.0, M("{action} (no preference)", action=a.label or a.kind)


def _expected(dist: dict[int, Fraction]) -> float:
    return float(sum(w * p for w, p in dist.items()))


class CogBot(SeededBot):
    """A sensible COG player. Each legal action gets a score and a reason; the best wins and
    ties go to the bot's seeded stream, so a simulation is reproducible from its seed (and a
    game continued from a save, which keeps the stream: SeededBot.get_state)."""

    stream = "cogbot"

    def look(self, state: GearsState, me: str | None) -> _Look:
        """What the bot reads about the state for one decision (SquadBot reads more)."""
        return _Look(state, me)

    def choose(self, actions: list[Action], state: GearsState | None = None) -> Action:
        if state is None:
            raise ValueError("CogBot needs the game state to choose")
        return self.decide(state, actions).action

    def decide(self, state: GearsState, actions: list[Action]) -> Choice:
        if not actions:
            raise ValueError("no legal action to choose from")
        # DESIGN.md: a bot decides on what its seat may see (teammates' cards, deck orders and
        # marker backs are not), never on the state.
        state = seat_view(state, _decider, view_for, viewer_of)
        me = _decider(state)
        ctx = self.look(state, me)
        best: list[tuple[float, Action, str]] = []
        for a in actions:
            score, why = self._score(ctx, a)
            if not best or score > best[0][0]:
                best = [(score, a, why)]
            elif score == best[0][0]:
                best.append((score, a, why))
        _, action, why = best[self.rng.below(len(best))] if len(best) > 1 else best[0]
        self._decided(ctx, action)
        return Choice(action, why, private=_names_hidden_card(action))

    def _decided(self, ctx: _Look, action: Action) -> None:
        """What the bot remembers of its own choice (SquadBot: where it explored)."""

    # ------------------------------------------------------------------ scoring

    def _score(self, ctx: _Look, a: Action) -> tuple[float, str]:
        handler: Callable[[_Look, Action], tuple[float, str]] | None = getattr(self, "_a_" + a.kind, None)
        if handler is not None:
            return handler(ctx, a)
        return _no_preference(a)

    # --- frames of the COG turn

    def _a_cover(self, ctx: _Look, a: Action) -> tuple[float, str]:
        spot = a.payload["spot"]
        bonus = ctx.cover_value(spot)
        return 50 + 5 * bonus, M("Take cover at {spot}: +{bonus} defence dice on average against the Locusts", spot=spot, bonus=decimal(bonus))

    def _a_no_cover(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return 10, M("No free cover spot here: stay in the open")

    def _a_crawl(self, ctx: _Look, a: Action) -> tuple[float, str]:
        d = ctx.dist_to_partner(a.payload["area"])
        now = ctx.dist_to_partner(ctx.cog.area)
        if d < now:
            return 40 - d, M("Crawl to {area}, toward a partner who can revive me", area=a.payload["area"])
        return 5 - d, M("Crawl to {area}", area=a.payload["area"])

    def _a_no_crawl(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.dist_to_partner(ctx.cog.area) == 0:
            return 45, M("Stay with my partner, who can revive me")
        return 20, M("Stay where I am")

    def _a_play(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """The Order Step's card (spec 5.2). Every card is a point of health (6.13), so the
        card whose use buys the most is played, and a card that is worth keeping is not."""
        card, how = a.payload["card"], a.payload["as"]
        name = card.split("#")[0]
        order = ctx.content.orders[name]
        verbs = [b.verb for b in order.actions]
        keep = ctx.keep_value(card)
        if how == "attack":
            attack = ctx.attack_gain()
            if attack <= 0:
                return 5 - keep, M("Play {card} to attack (nothing worth shooting)", card=N.card(card))
            return 40 + attack - keep, M("Play {card} to attack: {why}", card=N.card(card), why=ctx.attack_why())
        if how == "move":
            gain, dest = ctx.move_gain(2)
            if gain > 0:
                return 38 + 12 * min(gain, 6) - keep, M("Play {card} to move 2 areas, to {dest} (nearer {goal} or safer)", card=N.card(card), dest=dest, goal=ctx.goal_name())
            return 8 - keep, M("Play {card} to move", card=N.card(card))
        score, parts = 30.0 - keep / 2, []  # the card's own use is what its keep value stood for
        for b in order.actions:
            v = b.verb
            if v == "move":
                gain, dest = ctx.move_gain(int(b.value) + ctx.extra_move())
                if gain > 0:
                    score += 8 + 12 * min(gain, 6)
                    parts.append(M("move to {dest}", dest=dest))
                if "attack" in verbs and ctx.objective_kind() == "all_holes_sealed" and ctx.cog.grenades \
                        and ctx.hole_throw_reachable(int(b.value) + ctx.extra_move()) and ctx.seal_wait() is None:
                    score += 60
                    parts.append(M("then a grenade at the open hole"))
            elif v == "attack" and "move" not in verbs:
                if b.params.get("mode") == "overwhelming":
                    continue  # Ambush: its pull decides; valued below
                gain = ctx.attack_gain(bonus=int(b.params.get("bonus_dice", 0)))
                if gain > 0:
                    score += 10 + gain
                    parts.append(ctx.attack_why())
            elif v == "draw":
                # A draw is worth the cards that fit under the hand limit (seed p. 9), no more:
                # the card played leaves the hand first, so a full hand has room for 1.
                who = b.params.get("who", "self")
                n = int(b.value)
                if who == "chosen_cog_in_area":
                    k = max((ctx.draw_room(q, card) for q, c in ctx.state.cogs.items()
                             if c.area == ctx.cog.area and not c.bleeding and not c.no_draw), default=0)
                    score += 25 * min(n, k)
                    parts.append(M("a COG here draws {n}", n=min(n, k)))
                elif who == "cogs_in_cover_all_sections":
                    k = sum(min(n, ctx.draw_room(q, card)) for q, c in ctx.state.cogs.items()
                            if c.cover and not c.bleeding and not c.no_draw)
                    score += 18 * k
                    parts.append(M("{k} card(s) for the COGs in cover", k=k))
                elif who == "other_cogs_in_area":
                    k = sum(min(n, ctx.draw_room(q, card)) for q, c in ctx.state.cogs.items()
                            if q != ctx.me and c.area == ctx.cog.area and not c.bleeding and not c.no_draw)
                    score += 18 * k
                    if k:
                        parts.append(M("{k} card(s) for partners here", k=k))
                else:
                    k = min(n, ctx.draw_room(ctx.me, card))
                    score += 18 * k
            elif v == "skip_locust_activation":
                threat = ctx.total_threat()
                score += 15 + 20 * threat
                parts.append(M("no Locust activation ({threat} expected wounds avoided)", threat=decimal(threat)))
            elif v == "pull_locust":
                gain = ctx.attack_gain(mode="overwhelming", free=True)
                if gain > 0:
                    score += 10 + gain
                    parts.append(ctx.attack_why())
            elif v == "gain_ammo":
                if any(ctx.content.weapons[w].uses == "ammo" and n < 2 for w, n in ctx.cog.weapons):
                    score += 8
                    parts.append(M("ammo"))
        if not parts:
            return score, M("Play {card} for its actions", card=N.card(card))
        return score, M("Play {card} for its actions: {parts}", card=N.card(card), parts=join(", ", parts))

    def _a_special(self, ctx: _Look, a: Action) -> tuple[float, str]:
        do = a.payload["do"]
        paid = a.payload.get("discard") is not None
        if do == "revive":
            target = ctx.state.cogs[a.payload["target"]].character
            return 200, M("Revive {target}, who is bleeding out (discarding {card})", target=N.character(target), card=N.card(a.payload["discard"]))
        if do == "pickup":
            if paid and len(ctx.cog.hand) <= 3:
                return -5, M("Pick up the dropped weapon (not worth a card now)")
            return (45 if not paid else 12), M("Pick up the dropped weapon ({choice})", choice=a.payload["choice"])
        if do == "equipment":
            if ctx.objective_kind() == "equipment_activated":
                return 65, M("Use this tile's equipment: the stage's objective")
            eq = ctx.state.equipment.get(ctx.equipment_piece() or "", "")
            if ctx.objective_kind() == "all_holes_sealed" and ctx.cog.grenades == 0 and "grenade" in eq:
                return 60, M("Use this tile's equipment: grenades to seal the hole")
            return (12 if len(ctx.cog.hand) >= 5 else -5), M("Use this tile's equipment")
        return 1, a.label or a.kind

    def _a_remove_two_plus(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Solo (spec 6.16): a 2+ card for a new one costs no health; Teamwork does nothing solo.
        return 15, M("Remove {card} (a 2+ card) and draw a new one", card=N.card(a.payload["card"]))

    def _a_solo_follow(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # A whole card (health) for one area: only to reach a bleeding partner.
        bleeding = [c.area for p, c in ctx.state.cogs.items() if c.bleeding and p != ctx.me]
        if bleeding and ctx.dist_to(ctx.cog.area, bleeding) == 1:
            return 60, M("Discard {card} to move 1 area to a bleeding partner", card=N.card(a.payload["card"]))
        return -20, M("Discard {card} to move 1 extra area (not worth a card)", card=N.card(a.payload["card"]))

    def _a_explore(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.objective_kind() in ("all_holes_sealed", "no_locusts_in_play", "enemy_killed") and ctx.state.locusts:
            return 12, M("Explore through the door (the objective is on this level)")
        return 75, M("Explore through the door: the objective lies ahead")

    def _a_drop_weapon(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return -100, M("Discard the {weapon}", weapon=N.weapon(a.payload["weapon"]))

    def _a_end(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return 0, M("Nothing more worth a card: end the Order Step")

    def _a_do(self, ctx: _Look, a: Action) -> tuple[float, str]:
        f = ctx.frame or {}
        card = f.get("card", "")
        order = ctx.content.orders.get(card.split("#")[0]) if card else None
        bullet = order.actions[f["i"]] if order is not None and f.get("i", 0) < len(order.actions) else None
        verb = bullet.verb if bullet is not None else ""
        if verb == "move":
            gain, dest = ctx.move_gain(int(bullet.value) + ctx.extra_move())
            if gain <= 0:
                return 10, M("Skip the move: already where I want to be")
            return 30, M("Move (toward {dest})", dest=dest)
        if verb == "extra_order_step":
            # A second Order Step costs a second card: only for a likely kill or a big draw.
            best = max((ctx.keep_value(h) for h in ctx.cog.hand), default=0)
            if len(ctx.cog.hand) >= 5 and (ctx.best_kill() >= 0.6 or any(
                    h.split("#")[0] == "sit_tight" for h in ctx.cog.hand)):
                return 30, M("Take the second Order Step: a likely kill or Sit Tight")
            return 10 - best / 100, M("Skip the second Order Step: keep my cards")
        return 30, M("Do the card's next action ({action})", action=a.label or verb)

    def _a_skip(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.phase == "card":
            return 20, M("Skip this action of the card")
        if ctx.phase == "attack":
            return 1, M("Do not attack: nothing worth shooting")
        if ctx.phase == "team_order":
            return 20, M("Play no card: keep my cards")
        if ctx.phase == "pull":
            return 5, M("Pull no Locust: the card's attack may still go to any Locust it allows, and none comes nearer")
        if ctx.phase == "teamwork":
            return 5, M("No Teamwork")
        return 5, M("No ammo gained")

    def _a_pull(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Ambush (spec 6.1): the pulled Locust is the one the card's attack must then go to, and
        # it comes nearer (taking cover again where it stops, if its type does); skipping the
        # pull keeps the choice among every Locust the card allows (rules/turn._card_targets).
        # Was '(no preference)' against the skip's wrong reason ('No ammo gained').
        return 0, M("Pull {locust}: the card's attack could then go only to it, and it would come nearer",
                    locust=N.locust(ctx.state, a.payload["target"]))

    def _a_step(self, ctx: _Look, a: Action) -> tuple[float, str]:
        to = a.payload["area"]
        left = (ctx.frame or {}).get("left", 1)
        gain, dest = ctx.move_gain(left)
        if gain > 0 and ctx.view.mdist(to, dest) == ctx.view.mdist(ctx.cog.area, dest) - 1:
            # Among equal first steps, the one whose own position is better.
            return 40 + ctx.position(to)[0] / 100, M("Move to {to}, on the way to {dest} (nearer {goal} or safer)",
                                                   to=to, dest=dest, goal=ctx.goal_name())
        return 5 - ctx.view.mdist(to, dest) / 100, M("Move to {to}", to=to)

    def _a_stop(self, ctx: _Look, a: Action) -> tuple[float, str]:
        left = (ctx.frame or {}).get("left", 0)
        gain, dest = ctx.move_gain(left)
        if gain <= 0:
            return 35, M("Stop here: the best place within reach")
        return 15, M("End the move")

    def _a_attack(self, ctx: _Look, a: Action) -> tuple[float, str]:
        p = a.payload
        from game.gears.rules.turn import attack_preview_of

        pv = attack_preview_of(ctx.state, a)  # what the attack will roll, card modifiers and all
        if pv is not None:
            e, kill = _expected(pv.dist), float(pv.kill)
        else:
            e, kill = ctx.attack_value(p["target"], p["weapon"], p["mode"], (ctx.frame or {}).get("bonus", 0))
        score = 40 + ctx.kill_worth(p["target"], e, kill)
        spend = (ctx.frame or {}).get("spend", True)
        if p["mode"] == "overwhelming" and spend:
            # Ammo: a weapon with no ammo token cannot attack at all (spec 6.5), so the last
            # token is kept unless it buys a likely kill.
            last = ctx.cog.ammo(p["weapon"]) <= 1 and ctx.content.weapons[p["weapon"]].uses == "ammo"
            score -= 4 + (25 * (1 - kill) if last else 0)
        return score, M("Attack {target} with the {weapon} ({mode}): {e} expected wounds, {kill:.0%} to kill",
                         target=N.locust(ctx.state, p["target"]), weapon=N.weapon(p["weapon"]), mode=N.mode(p["mode"]),
                         e=decimal(e, 2), kill=kill)

    def _a_chainsaw(self, ctx: _Look, a: Action) -> tuple[float, str]:
        e, kill = ctx.chainsaw_value(a.payload["target"])
        return 40 + ctx.kill_worth(a.payload["target"], 0, kill), \
            M("Chainsaw {target}: {kill:.0%} to kill outright (an Omen)", target=N.locust(ctx.state, a.payload["target"]), kill=kill)

    def _a_grenade(self, ctx: _Look, a: Action) -> tuple[float, str]:
        area = a.payload["area"]
        holes = [h for h, v in ctx.state.holes.items() if v["area"] == area and not v["sealed"]]
        foes = sum(1 for x in ctx.state.locusts.values() if x.area == area)
        cogs_there = sum(1 for c in ctx.state.cogs.values() if c.area == area and not c.bleeding)
        seal = ctx.seal_chance(area) if holes else 0.0
        if holes and cogs_there:
            # Every figure in the area rolls defence against it, the thrower too (spec 6.8).
            frail = any(len(c.hand) <= 3 for c in ctx.state.cogs.values() if c.area == area and not c.bleeding)
            if frail:
                return -10, M("Throw a Bolo Grenade into {area} (it would down a COG standing there)", area=area)
            return 200 * seal - 40 * cogs_there, ctx.seal_words(M("Throw a Bolo Grenade into {area}, my own area, to seal the hole {hole}", area=area, hole=holes[0]), seal)
        if holes and ctx.objective_kind() in ("all_holes_sealed", ""):
            return 300 * seal + 5 * foes, \
                ctx.seal_words(M("Throw a Bolo Grenade into {area} to seal the emergence hole {hole} (the objective)", area=area, hole=holes[0]), seal)
        if holes:
            return 95 * seal + 5 * foes - 15 * cogs_there, ctx.seal_words(M("Throw a Bolo Grenade into {area} to seal the emergence hole {hole}", area=area, hole=holes[0]), seal)
        if foes >= 2 and not cogs_there and not (ctx.objective_kind() == "all_holes_sealed" and ctx.cog.grenades <= 1):
            return 45 + 12 * foes, M("Throw a Bolo Grenade into {area}: {foes} Locusts there", area=area, foes=foes)
        return 2, M("Throw a Bolo Grenade into {area}", area=area)

    def _a_follow(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Seed p. 24: Follow is played when the move is announced, before its path is known,
        and costs a card (health): worth it to stay with the partner while my hand is healthy,
        or to get out of an area where I am in danger."""
        mover = (ctx.frame or {}).get("mover")
        who = N.character(ctx.state.cogs[mover].character) if mover in ctx.state.cogs else M("the active COG")
        here = ctx.danger(ctx.cog.area, ctx.cog.cover)
        if len(ctx.cog.hand) >= 5:
            return 30, M("Follow {who} (discarding {card}): stay together", who=who, card=N.card(a.payload["card"]))
        if here >= 1.0 and len(ctx.cog.hand) >= 3:
            return 30, M("Follow {who} (discarding {card}): out of danger here", who=who, card=N.card(a.payload["card"]))
        return 10, M("Follow {who} (discarding {card})", who=who, card=N.card(a.payload["card"]))

    def _a_no_follow(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return 25, M("Do not follow: keep my cards")

    def _a_ammo(self, ctx: _Look, a: Action) -> tuple[float, str]:
        w = a.payload["weapon"]
        return 50 - ctx.cog.ammo(w), M("Ammo on the {weapon}, which has the least", weapon=N.weapon(w))

    def _a_cog(self, ctx: _Look, a: Action) -> tuple[float, str]:
        c = ctx.state.cogs[a.payload["player"]]
        return 50 - len(c.hand), M("{who} has the fewest cards", who=N.character(c.character))

    def _a_teammate(self, ctx: _Look, a: Action) -> tuple[float, str]:
        c = ctx.state.cogs[a.payload["player"]]
        return 10 + len(c.hand), M("Teamwork: {who} ({n} cards) plays a card", who=N.character(c.character), n=len(c.hand))

    # --- questions inside a resolution (state.proc)

    def _a_guard(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Spec 6.9 Guard: one card (health) for an attack before the Locust acts; worth it
        when the attack will likely kill a Locust about to hurt a COG."""
        p = a.payload
        if p.get("guard") is None:
            return 20, M("No Guard: keep my cards")
        hand = len(ctx.cog.hand)
        if hand <= 2:
            return 0, M("Guard (too few cards to spare)")
        lid = ctx.pending_figure()
        if lid is None or lid not in ctx.state.locusts:
            return 5, M("Guard with the {weapon}", weapon=N.weapon(p["weapon"]))
        if p["mode"] == "chainsaw":
            e, kill = ctx.chainsaw_value(lid)
        else:
            e, kill = ctx.attack_value(lid, p["weapon"], p["mode"], 0)
            if p["mode"] == "overwhelming" and ctx.cog.ammo(p["weapon"]) <= 1:
                kill *= 0.8  # the last ammo token
        threat = ctx.locust_threat(lid)
        # A Guard is an attack out of turn for one card, as an Order Step attack is: the kill
        # saves the wounds it threatens now and removes a Locust the squad must face anyway;
        # wounds short of a kill still bring it nearer. The card costs less from a full hand.
        cost = 1.0 if hand <= 3 else 0.7 if hand <= 5 else 0.5
        value = kill * (threat + 1.0 - ctx.blast_on_kill(lid)[0] / 25) + 0.15 * e - cost
        return 20 + 20 * value, M("Guard against {target} with the {weapon} ({mode}): {kill:.0%} to kill, it threatens {threat} wounds",
                                   target=N.locust(ctx.state, lid), weapon=N.weapon(p["weapon"]), mode=N.mode(p["mode"]),
                                   kill=kill, threat=decimal(threat))

    def _a_dodge(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Spec 6.9 Dodge: +2 defence dice for a card; worth it when the saved wounds (and the
        chance of bleeding out) outweigh the card it costs."""
        lid = ctx.pending_figure()
        hand = len(ctx.cog.hand)
        if lid is None or lid not in ctx.state.locusts:
            if a.payload.get("dodge") is None:
                return 20, M("No Dodge: keep my cards")
            return (22 if hand <= 2 else 10), M("Dodge with {card}: +2 defence dice", card=N.card(a.payload["dodge"]))
        plain = ctx.expected_loss(lid, hand, dodge=False)
        dodged = 1 + ctx.expected_loss(lid, hand - 1, dodge=True)
        if a.payload.get("dodge") is None:
            return 20 - 10 * plain, M("No Dodge: expected cost {plain} cards", plain=decimal(plain, 2))
        return 20 - 10 * dodged + 0.1 - ctx.keep_value(a.payload["dodge"]) / 100, \
            M("Dodge with {card}: expected cost {dodged} cards against {plain}", card=N.card(a.payload["dodge"]), dodged=decimal(dodged, 2),
              plain=decimal(plain, 2))

    def _a_wound_discard(self, ctx: _Look, a: Action) -> tuple[float, str]:
        card = a.payload["card"]
        return -ctx.keep_value(card), M("Discard {card}, the least useful card in hand", card=N.card(card))

    def _a_target_tie(self, ctx: _Look, a: Action) -> tuple[float, str]:
        who = a.payload["cog"]
        c = ctx.state.cogs.get(who)
        if c is None:
            # The Stranded figure (Search for the Stranded stage 3) may tie as the nearest target;
            # one wound on it loses the mission (spec 9.3.2), so any COG takes it instead.
            return -100, M("Not the Stranded: one wound on the Stranded loses the mission")
        return len(c.hand) + (2 if c.cover else 0), M("{who} can best take it (cards, cover)", who=N.character(c.character))

    _a_you_instead = _a_target_tie

    def _a_activate_order(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Base p. 10 tip: the farthest Locusts first (the near ones may be shot by a Guard).
        lid = a.payload.get("figure")
        x = ctx.state.locusts.get(lid)
        if x is None:
            return 0, M("Activate {target}", target=N.locust(ctx.state, lid) if lid else lid)
        d = min((ctx.view.mdist(x.area, c.area) for c in ctx.placed_cogs() if not c.bleeding), default=0)
        return min(d, 50), M("Activate {target} first ({d} areas from the nearest COG)", target=N.locust(ctx.state, lid), d=d)

    def _a_locust_path(self, ctx: _Look, a: Action) -> tuple[float, str]:
        area = a.payload["area"]
        d = min((ctx.view.rdist(area, c.area) for c in ctx.placed_cogs()), default=0)
        return d, M("The Locust goes through {area}, away from the COGs where the rules allow", area=area)

    def _a_spawn_order(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Figures spawning at once (seed p. 15): the weakest is placed first, so it takes the
        # best cover spot and the dangerous ones get what is left (or run out of figures).
        from game.gears.rules import wounds as W

        enemy = W.resolve_spawn_enemy(ctx.state, ctx.content, a.payload["enemy"])
        if enemy is None:
            return 0, M("Place {enemy} next (none can be placed)", enemy=a.payload["enemy"])
        stats = W.enemy_stats(ctx.state, ctx.content, enemy)
        return -(stats.attack + stats.health), M("Place the {name} first: the weakest takes the best cover", name=N.enemy(enemy))

    # --- the players' choices for the Locusts: where one is placed, which way it faces

    @staticmethod
    def _far(ctx: _Look, area: str) -> int:
        """Movement from `area` to the nearest standing COG (before the COGs enter at setup:
        to the entrance area where they will stand); an area none can reach counts 50."""
        at = [c.area for c in ctx.placed_cogs() if not c.bleeding] or [c.area for c in ctx.placed_cogs()]
        if not at and ctx.view.entrance_area in ctx.view.move_dist:
            at = [ctx.view.entrance_area]
        return min(min((ctx.view.mdist(area, b) for b in at), default=0), 50)

    def _farthest(self, ctx: _Look, a: Action, area: str | None,
                  why: Callable[[int], str]) -> tuple[float, str]:
        """The players' choice of a place for the Locusts (an area, a hole, an exit, a dropped
        weapon): the farther from the standing COGs the better; `why(d)` words the reason for
        `d` areas. With no handler these were random picks."""
        if area not in ctx.view.move_dist:
            return _no_preference(a)
        d = self._far(ctx, area)
        return d, why(d)

    def _a_ticker_area(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Roadblocks (seed p. 27): each player puts his Ticker in an empty area of the new tile,
        # his own choice. The Ticker cards (28-31) strike a COG within 1-3 movement and move
        # 1-3 areas toward the nearest one; the seed's tip is to shoot Tickers while they are
        # still in another area. At setup a random pick could put a Ticker in the very area the
        # COGs then entered.
        area = a.payload["area"]
        return self._farthest(ctx, a, area, lambda d: M(
            "Spawn the Ticker in {area}, {d} areas from the nearest COG: the farthest the rules allow", area=area, d=d))

    def _a_spawn_area(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # A mission card's 'spawn in an empty area of the tile' (Scattered's Grinders on 17B).
        area = a.payload["area"]
        return self._farthest(ctx, a, area, lambda d: M(
            "Spawn it in {area}, {d} areas from the nearest COG: the farthest the rules allow", area=area, d=d))

    def _a_tie_hole(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Equally near holes (spec 7.4), a mission card's 'which hole of the tile' and Horde
        # Mode's 'as evenly as possible': the active player picks the hole.
        area = (ctx.state.holes.get(a.payload["hole"]) or {}).get("area")
        return self._farthest(ctx, a, area, lambda d: M(
            "The hole in {area}, {d} areas from the nearest COG: the farthest of the holes the rules allow", area=area, d=d))

    def _a_tie_door(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Equally near map exits (Belly of the Beast's two doors), where Locusts spawn 'at the
        # map exit'.
        area = ctx.view.exits.get(a.payload["door"])
        return self._farthest(ctx, a, area, lambda d: M(
            "The exit in {area}, {d} areas from the nearest COG: the farthest of the exits the rules allow", area=area, d=d))

    def _a_marker_tie(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # A dropped weapon the rules take off the map (a Kantus revives a Locust there, card 33;
        # with its wound-marker pile empty it becomes a wound marker, base p. 25): the active
        # player names it; the farthest from the COGs, who may still pick the others up.
        area = next((d.get("area") for d in ctx.state.dropped if d["id"] == a.payload["marker"]), None)
        return self._farthest(ctx, a, area, lambda d: M(
            "The dropped weapon in {area}, {d} areas from the nearest COG: the farthest of them", area=area, d=d))

    def _a_give_weapon(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # A mission's 'the players give <weapon> to one player' (Horde Mode's Hammer of Dawn,
        # the only weapon that wounds an unwounded Berserker): the COG likeliest to live to use
        # it: standing, with room for it among his weapons (base p. 17, 20), with the most
        # cards in hand (his health). Was a random pick.
        c = ctx.state.cogs.get(a.payload["player"])
        if c is None:
            return _no_preference(a)
        room = len(c.weapons) < ctx.content.cogs[c.character].weapon_limit
        score = (0 if c.bleeding else 100) + (50 if room else 0) + len(c.hand)
        if c.bleeding:
            return score, M("{who} is bleeding out: the weapon would wait for a revive", who=N.character(c.character))
        return score, Mn("{who}: standing, {n} card in hand, {room}", "{who}: standing, {n} cards in hand, {room}",
                         len(c.hand), who=N.character(c.character), n=len(c.hand),
                         room=M("room for it among his weapons") if room else M("no room for it among his weapons"))

    def _a_split_cogs(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Scattered (base p. 28): the players agree which COGs start in which section. The two
        # sections fight apart until the squad meets on 17B, so each gets as much of the squad's
        # strength per COG as the other: a COG's strength is his hand limit (his health) and
        # the attack dice of his weapons. Which section takes the larger half at 3 players did not
        # change the wins (BALANCE.md, seventeenth pass). Was a random pick.
        second = list(a.payload["level2"])
        first = [q for q in ctx.state.players if q not in second]

        def strength(q: str) -> int:
            c = ctx.state.cogs[q]
            dice = sum(ctx.content.weapons[w].normal or 0 for w, _ in c.weapons if w in ctx.content.weapons)
            return ctx.content.cogs[c.character].hand_limit + dice

        mean1 = sum(map(strength, first)) / len(first)
        mean2 = sum(map(strength, second)) / len(second)
        gap = abs(mean1 - mean2)
        cogs = join(", ", [N.character(ctx.state.cogs[q].character) for q in second])
        return -gap, M("Level 2: {cogs}; the sections' strength per COG (hand limit and attack dice) "
                       "differs by {gap:.1f}, no more than in any other split", cogs=cogs, gap=gap)

    def _a_locust_tie(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # An AI card's 'a wounded Locust within N' (the Kantus's heal, card 33): the active
        # player names it; the one with the fewest attack dice and health on its face-up side
        # (was a random pick).
        from game.gears.rules.wounds import enemy_stats

        x = ctx.state.locusts.get(a.payload["figure"])
        if x is None:
            return _no_preference(a)
        e = enemy_stats(ctx.state, ctx.content, x.enemy)
        return -(e.attack + e.health), M("{target}: the weakest of them ({n} attack dice and health)",
                                         target=N.locust(ctx.state, x.id), n=e.attack + e.health)

    def _a_cover_against(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Spec 3.3: a Locust takes the cover best against the nearest COG; with two or more
        # equally near, the active player names the one (was a random pick). The one whose
        # best spots help it least against the squad.
        from game.gears.ai import asking_locust
        from game.gears.rules.movement import best_cover_spots, cover_bonus

        lid = asking_locust(ctx.state)
        x = ctx.state.locusts.get(lid) if lid else None
        who = ctx.state.cogs.get(a.payload["cog"])
        if x is None or who is None:
            return _no_preference(a)
        spots = best_cover_spots(ctx.state, x.area, a.payload["cog"])
        worst = min((max((cover_bonus(ctx.view, (c.area, c.cover), (x.area, s)) for c in ctx.placed_cogs()), default=0)
                     for s in spots), default=0)
        return -worst, M("Against {who}: the cover it takes then helps it least against the squad (+{worst} defence dice at most)",
                         who=N.character(who.character), worst=worst)

    def _a_choose_unlock(self, ctx: _Look, a: Action) -> tuple[float, str]:
        # Roadblocks Stage 1's back (spec 9.2.4): the players unlock level 2 or level 3. Each
        # level's Location cards are known (the mission card lists them, not their order); the
        # level whose spawn strips at this player count put the weaker Locusts on the map, by the
        # enemies the same card then sets, on their face-up sides (was a random pick).
        from game.gears.rules.wounds import enemy_stats

        lv = int(a.payload["level"])
        m = ctx.content.missions[ctx.state.mission]
        slots = dict(ctx.state.slots)
        if ctx.state.stage < len(m.stages):
            for step in m.stages[ctx.state.stage].back:
                if step.keyword == "set_enemies":
                    slots.update(step.params.get("enemies", {}))
                    break
        n = len(ctx.state.players)
        threat = 0
        for t in m.levels[lv - 1].tiles:
            loc = ctx.content.locations.get(t)
            for slot in (loc.spawn[n - 1] if loc is not None else ""):
                enemy = slots.get(slot, "")
                if enemy in ctx.content.enemies:
                    e = enemy_stats(ctx.state, ctx.content, enemy)
                    threat += e.attack + e.health
        return -threat, M("Unlock level {lv}: its Location cards spawn {threat} attack and health in all at {n} players, the fewer",
                          lv=lv, threat=threat, n=n)

    def _a_locust_cover(self, ctx: _Look, a: Action) -> tuple[float, str]:
        spot = a.payload["spot"]
        from game.gears.rules.movement import cover_bonus

        worst = max((cover_bonus(ctx.view, (c.area, c.cover), (ctx.view.cover[spot].area, spot))
                     for c in ctx.placed_cogs()), default=0)
        return -worst, M("The Locust takes the cover spot {spot}, the least useful to it", spot=spot)

    def _a_discard_ammo(self, ctx: _Look, a: Action) -> tuple[float, str]:
        w = a.payload["weapon"]
        return ctx.cog.ammo(w), M("Lose the ammo from the {weapon}, which has the most", weapon=N.weapon(w))

    def _a_keep_weapon(self, ctx: _Look, a: Action) -> tuple[float, str]:
        w = str(a.payload.get("keep", "")).split("#")[0]
        weapon = ctx.content.weapons.get(w)
        dice = (weapon.normal or 0) if weapon is not None else 0
        return dice, M("Keep the {weapon}: the most attack dice", weapon=N.weapon(w))


def _decider(state: GearsState) -> str | None:
    if state.proc is not None:
        return state.proc["pending"]["decider"]
    stack = state.pending.get("stack") or []
    if not stack:
        return None
    f = stack[-1]
    if f["f"] == "setup_cover":
        return f["order"][0]
    if f["f"] == "follow":
        return f["candidates"][0]
    return f.get("player")


# Option value of holding a card (score points; spec 6.13: a card is a point of health, and
# some cards do much more than others when played). PLACEHOLDER cards (spec 6.1): the numbers
# only rank the bot's own preferences.
_KEEP = {"sit_tight": 20.0, "assault": 10.0, "ambush": 9.0, "active_reload": 7.0, "blind_fire": 8.0,
         "advance": 6.0, "roadie_run": 6.0, "explore": 6.0, "scavenging": 6.0, "dig_in": 9.0,
         "teamwork": 7.0}
# Wounds a Locust deals per attack die on average: 5/6 hits plus 1/6 Omen (fan dice faces).
_PER_DIE = 1.0
_SHIELD = 4 / 6  # shields per red die


class _Look:
    """What the bot reads about the state for one decision (cached per decision)."""

    def __init__(self, state: GearsState, me: str | None):
        self.state = state
        self.me = me or state.active_player
        self.cog = state.cogs[self.me] if self.me in state.cogs else state.active_cog
        self.content = _content()
        self.view = state.view()
        stack = state.pending.get("stack") or []
        self.frame = stack[-1] if stack and state.proc is None else None
        self.phase = self.frame["f"] if self.frame else "proc"
        self._goal: list[str] | None = None
        self._goal_name = ""
        self._gain: dict[tuple, tuple[float, str]] = {}
        self._why = ""
        self._danger: dict[tuple, float] = {}
        self._moves: dict[int, tuple[float, str]] = {}
        self._pos: dict[str, tuple[float, str | None]] = {}
        self._blast: dict[str, tuple[float, float]] = {}

    def placed_cogs(self) -> list:
        """COGs standing on the map (not yet placed during setup: no area)."""
        return [c for c in self.state.cogs.values() if c.area in self.view.move_dist]

    # --- the objective

    def objective_kind(self) -> str:
        m = self.content.missions[self.state.mission]
        if self.state.stage < len(m.stages):
            return m.stages[self.state.stage].flip_when.keyword
        return ""

    def open_holes(self) -> list[str]:
        return sorted({v["area"] for v in self.state.holes.values() if not v["sealed"]})

    def throw_areas(self) -> list[str]:
        """Areas from which an open hole can be hit by a grenade (range 2, LOS; spec 6.8)."""
        from game.gears.rules.movement import los

        view = self.view
        return [a for a in view.areas if a in view.move_dist for h in self.open_holes()
                if view.rdist(a, h) <= 2 and los(view, (a, None), (h, None))]

    def goal_areas(self) -> list[str]:
        """Where this COG wants to be: bleeding partners first, then the objective of the stage
        card (throwing range of the open holes, the Locusts, the door or exit)."""
        if self._goal is not None:
            return self._goal
        s, view = self.state, self.view
        goal: list[str] = []
        bleeding = [c.area for p, c in s.cogs.items() if c.bleeding and p != self.me]
        if bleeding and self.cog.hand:
            goal, self._goal_name = bleeding, M("a bleeding-out partner")
        kind = self.objective_kind()
        if not goal and kind == "all_holes_sealed" and self.cog.grenades:
            goal = self.throw_areas()
            self._goal_name = M("throwing range of an open emergence hole")
        if not goal and kind == "all_holes_sealed" and not self.cog.grenades:
            area = next((self.view.equipment_area.get(t) for t, eq in sorted(s.equipment.items())
                         if "grenade" in eq), None)
            if area:
                goal, self._goal_name = [area], M("grenades at the equipment")
        if not goal and kind in ("no_locusts_in_play", "enemy_killed", "all_holes_sealed") and s.locusts:
            goal, self._goal_name = sorted({x.area for x in s.locusts.values()}), M("the Locusts")
        if not goal and kind == "equipment_activated":
            tile = self.content.missions[s.mission].stages[s.stage].flip_when.params.get("tile")
            area = view.equipment_area.get(tile)
            if area:
                goal, self._goal_name = [area], M("the equipment of tile {tile}", tile=tile)
        if not goal:
            doors = [view.exits[d] for d in s.doors if d in view.exits]
            if doors:
                goal, self._goal_name = doors, M("the door")
        if not goal:
            from game.gears.rules.spawning import exit_areas

            exits = exit_areas(s)
            if exits:
                goal, self._goal_name = list(exits), M("the map exit")
        if not goal and s.locusts:
            goal, self._goal_name = sorted({x.area for x in s.locusts.values()}), M("the Locusts")
        self._goal = goal
        return goal

    def goal_weight(self) -> float:
        """How much one step nearer the goal is worth against expected wounds: a lot for a
        place the mission needs (the Locusts keep spawning while the COGs wait), little for
        'the Locusts', who come to the COGs anyway."""
        self.goal_areas()
        return 0.5 if _gid(self._goal_name) == "the Locusts" else 3.0

    def goal_name(self) -> Msg | str:
        self.goal_areas()
        return self._goal_name or M("the objective")

    def dist_to(self, area: str, goal: list[str]) -> int:
        if not goal:
            return 0
        return min(self.view.mdist(area, g) for g in goal)

    def want_to_move(self) -> bool:
        return self.move_gain(2)[0] > 0

    def dist_to_partner(self, area: str) -> int:
        others = [c.area for p, c in self.state.cogs.items()
                  if p != self.me and not c.bleeding and c.area in self.view.move_dist]
        return min((self.view.mdist(area, o) for o in others), default=INF)

    def extra_move(self) -> int:
        ab = self.content.cogs[self.cog.character].ability
        if ab.effect == "extra_move" and not self.state.flags.get("extra_move_used") \
                and self.me == self.state.active_player:
            return int(ab.amount or 1)
        return 0

    def equipment_piece(self) -> str | None:
        for piece in sorted(self.state.equipment):
            if self.view.equipment_area.get(piece) == self.cog.area:
                return piece
        return None

    # --- where to stand

    def danger(self, area: str, spot: str | None) -> float:
        """Rough expected wounds per round at (area, spot): each Locust that sees the spot or
        can reach the area soon, its attack dice against my defence and cover (spec 6.3)."""
        key = (area, spot)
        if key in self._danger:
            return self._danger[key]
        total = self.locust_pressure(area, spot, self.content.cogs[self.cog.character].defence, (1.2, 0.9, 0.6))
        if any(h == area for h in self.open_holes()):
            total += 2.0  # spawns land here, and a grenade at the hole would hit me too
        self._danger[key] = total
        return total

    def locust_pressure(self, area: str, spot: str | None, defence: int,
                        weights: tuple[float, float, float], share: float = 1.0) -> float:
        """Rough expected wounds per round on a figure of `defence` at (area, spot) (spec 6.3:
        attack dice against defence dice and cover), from each Locust in the area (weights[0]),
        near enough to close in and attack (within 2 areas, [1]) or seeing it ([2]); each
        Locust's part times `share` (the part of its attacks that falls on this figure). The one
        estimate behind a COG's danger and the Stranded's."""
        from game.gears.rules import wounds as W
        from game.gears.rules.movement import cover_bonus, los

        view = self.view
        total = 0.0
        for x in self.state.locusts.values():
            if x.area not in view.move_dist:
                continue
            atk = W.enemy_stats(self.state, self.content, x.enemy).attack
            if x.area == area:
                red, weight = defence, weights[0]
            elif view.mdist(x.area, area) <= 2:
                red, weight = defence + (1 if spot else 0), weights[1]  # it can close in and attack
            elif los(view, (x.area, x.cover), (area, spot)):
                red, weight = defence + cover_bonus(view, (x.area, x.cover), (area, spot)), weights[2]
            else:
                continue
            total += weight * max(0.2, atk * _PER_DIE - red * _SHIELD) * share
        return total

    def best_spot_danger(self, area: str) -> float:
        from game.gears.rules.movement import free_spots

        spots = [sp for sp in free_spots(self.state, area)] + [None]
        return min(self.danger(area, sp) for sp in spots)

    def position(self, area: str) -> tuple[float, str | None]:
        """Score of ending a move in `area` (and taking its best free cover spot)."""
        if area in self._pos:
            return self._pos[area]
        goal = self.goal_areas()
        dist = self.dist_to(area, goal)
        score = -self.goal_weight() * min(dist, 30) - self.best_spot_danger(area)
        if self.cog.area != area:
            # Partners nearby can revive me (spec 6.10) and share Blind Fire / Dig In draws.
            if self.dist_to_partner(area) == 0:
                score += 0.3
        self._pos[area] = (score, None)
        return self._pos[area]

    def move_gain(self, n: int) -> tuple[float, str]:
        """(how much better the best area within n steps is than staying, that area)."""
        if n in self._moves:
            return self._moves[n]
        here = self.cog.area
        if here not in self.view.move_dist or n <= 0:
            self._moves[n] = (0.0, here)
            return self._moves[n]
        goal = self.goal_areas()
        stay = -self.goal_weight() * min(self.dist_to(here, goal), 30) - self.stay_danger()
        if self.dist_to_partner(here) == 0:
            stay += 0.3
        stay += self.bound_score(here) + self.stay_bonus(here)
        best, dest = stay, here
        left = self.left_this_move()
        for a in self.view.areas:
            if a == here or a not in self.view.move_dist or self.view.mdist(here, a) > n or a in left:
                continue
            sc = self.position(a)[0]
            if sc > best + 1e-9 or (abs(sc - best) <= 1e-9 and a < dest and dest != here):
                best, dest = sc, a
        self._moves[n] = (best - stay, dest)
        return self._moves[n]

    def stay_danger(self) -> float:
        """The danger of ending the move where I stand."""
        return self.danger(self.cog.area, self.cog.cover)

    def bound_score(self, area: str) -> float:
        """What the squad's advance in bounds adds to ending a move in `area` (none here: the
        squad bot's)."""
        return 0.0

    def stay_bonus(self, here: str) -> float:
        """What `position` adds to an area beyond its goal distance and danger, for staying
        where I stand (none here: the squad bot's)."""
        return 0.0

    def seal_chance(self, area: str) -> float:
        """Holes a Bolo Grenade into `area` is counted to seal: one, sure (the cautious level's
        view; the squad bot's `_SquadLook.seal_chance` asks the rules for the real chance)."""
        return 1.0

    def seal_words(self, why: Msg, chance: float) -> Msg:
        """A grenade's reason, with its chance of sealing where the bot weighs one."""
        return why

    def seal_wait(self) -> Msg | None:
        """Why the squad holds back the grenade that would seal the last hole (None: throw it).
        The cautious level never waits."""
        return None

    def left_this_move(self) -> list[str]:
        """Areas my move in progress has already left (none counted by the cautious level)."""
        return []

    def hole_throw_reachable(self, n: int) -> bool:
        areas = set(self.throw_areas())
        return any(self.view.mdist(self.cog.area, a) <= n for a in areas)

    # --- fighting

    def attack_value(self, target: str, weapon: str, mode: str, bonus: int) -> tuple[float, float]:
        """(expected wounds, chance to kill) of an attack (spec 6.3, attack_preview)."""
        from game.gears.rules.attack import attack_preview

        try:
            _, dist = attack_preview(self.state, self.content, self.me, target, weapon, mode, bonus)
        except (KeyError, ValueError):
            return 0.0, 0.0
        x = self.state.locusts.get(target)
        if x is None:
            return _expected(dist), 0.0
        health = self.health(target)
        kill = float(sum(p for w, p in dist.items() if w >= health))
        return _expected(dist), kill

    def health(self, lid: str) -> int:
        from game.gears.rules import wounds as W

        x = self.state.locusts[lid]
        return x.wounded_health if x.wounded_health is not None else W.enemy_stats(
            self.state, self.content, x.enemy).health

    def chainsaw_value(self, lid: str) -> tuple[float, float]:
        """Spec 6.7: 4 dice (more with Marcus), at least one Omen kills: the dice and the die
        the rules roll (attack.chainsaw_dice, no_omen; the table's preview reads them too), in
        floats as every score of the bot."""
        from game.gears.rules.attack import chainsaw_dice, no_omen

        n, _why = chainsaw_dice(self.content, self.cog.character)
        return 0.0, 1 - float(no_omen(self.content)) ** n

    def locust_threat(self, lid: str) -> float:
        """Expected wounds the Locust deals attacking its nearest standing COG."""
        from game.gears.rules.attack import attack_preview
        from game.gears.rules.movement import nearest_cogs

        x = self.state.locusts.get(lid)
        if x is None:
            return 0.0
        near = nearest_cogs(self.state, x.area)
        if not near:
            return 0.0
        try:
            _, dist = attack_preview(self.state, self.content, lid, near[0])
        except (KeyError, ValueError):
            return 1.0
        return _expected(dist)

    def kill_worth(self, lid: str, e: float, kill: float) -> float:
        """Score points of wounding/killing a Locust: kills count most, more for dangerous ones."""
        if lid not in self.state.locusts:
            return 20 * e
        health = self.health(lid)
        threat = self.locust_threat(lid)
        return 15 * min(e, health) / health * 2 + 45 * kill * (1 + threat / 2)

    def blast_on_kill(self, lid: str) -> tuple[float, float]:
        """(score points the blast costs the standing COGs, wounds it deals other Locusts) when
        a COG's attack kills this Locust: a Ticker's chain reaction and a Lambent Wretch's death
        blast wound every figure in its area, and a Ticker it kills explodes in turn
        (wounds.kill reads the same `chain_reaction` / `death_blast` abilities). Traces
        (Roadblocks, seed 201): COGs shot Tickers in their own area and lost 2-3 cards a shot."""
        if lid in self._blast:
            return self._blast[lid]
        from game.gears.rules import wounds as W

        def blast(x) -> int:
            effects = {a.effect: a for a in W.enemy_stats(self.state, self.content, x.enemy).abilities}
            b = effects.get("chain_reaction") or effects.get("death_blast")
            return int(b.amount or 1) if b is not None else 0

        area = self.state.locusts[lid].area
        here = {q: x for q, x in self.state.locusts.items() if x.area == area}
        hp = {q: (x.wounded_health if x.wounded_health is not None
                  else W.enemy_stats(self.state, self.content, x.enemy).health) for q, x in here.items()}
        cogs = [c for c in self.state.cogs.values() if c.area == area and not c.bleeding]
        taken = {id(c): 0 for c in cogs}
        queue, dead, foes = [lid], {lid}, 0
        while queue:
            n = blast(here[queue.pop()])
            for c in cogs:
                taken[id(c)] += n
            for q in sorted(here):
                if q in dead or n == 0:
                    continue
                foes += min(n, hp[q])
                hp[q] -= n
                if hp[q] <= 0:
                    dead.add(q)
                    queue.append(q)
        # A card is a point of health (spec 6.13); a COG left with none bleeds out.
        cost = sum(25.0 * min(taken[id(c)], len(c.hand)) + (80.0 if taken[id(c)] >= len(c.hand) > 0 else 0.0)
                   for c in cogs if taken[id(c)])
        self._blast[lid] = (cost, float(foes))
        return self._blast[lid]

    def expected_loss(self, lid: str, hand: int, dodge: bool) -> float:
        """Expected cards lost to this Locust's attack on me, bleeding out counting 6 (spec 6.13)."""
        from game.gears.rules.attack import locust_attack_plan, wound_distribution

        try:
            dist = wound_distribution(self.content, locust_attack_plan(self.state, self.content, lid, self.me,
                                                                       0, dodge))
        except (KeyError, ValueError):
            return 1.0
        return float(sum(p * (min(w, hand) + (6 if w > hand else 0)) for w, p in dist.items()))

    def attack_gain(self, bonus: int = 0, mode: str | None = None, free: bool = False) -> float:
        """Score points of the best attack possible right now (0 when none): weapons, the
        chainsaw and grenades (a grenade on an open hole is the objective)."""
        key = (bonus, mode, free)
        if key in self._gain:
            self._why = self._gain[key][1]
            return self._gain[key][0]
        from game.gears.rules.attack import attack_sight, chainsaw_legality, cog_attack_legality, grenade_legality

        best, why = 0.0, ""
        for lid in sorted(self.state.locusts):
            sight = attack_sight(self.state, self.me, lid)
            for w, n in self.cog.weapons:
                for m in ((mode,) if mode else ("normal", "overwhelming")):
                    if cog_attack_legality(self.state, self.content, self.me, lid, w, m, not free, sight) is not None:
                        continue
                    e, kill = self.attack_value(lid, w, m, bonus)
                    v = self.kill_worth(lid, e, kill)
                    if m == "overwhelming" and not free and n <= 1:
                        v -= 25 * (1 - kill)
                    if v > best:
                        best, why = v, M("{e} expected wounds, {kill:.0%} to kill {target} ({weapon})", e=decimal(e, 2), kill=kill, target=N.locust(self.state, lid), weapon=N.weapon(w))
            if mode is None and chainsaw_legality(self.state, self.content, self.me, lid) is None:
                v = self.kill_worth(lid, 0, self.chainsaw_value(lid)[1])
                if v > best:
                    best, why = v, M("chainsaw {target}", target=N.locust(self.state, lid))
        if mode is None and self.cog.grenades and self.objective_kind() == "all_holes_sealed" and self.seal_wait() is None:
            for h in self.open_holes():
                if self.view.rdist(self.cog.area, h) <= 2 and \
                        grenade_legality(self.state, self.content, self.me, h) is None and 260.0 * self.seal_chance(h) > best:
                    best, why = 260.0 * self.seal_chance(h), M("a grenade to seal the hole in {area}", area=h)
        self._gain[key] = (best, why)
        self._why = why
        return best

    def attack_why(self) -> str:
        return self._why

    def best_kill(self) -> float:
        from game.gears.rules.attack import attack_sight, cog_attack_legality

        best = 0.0
        for lid in sorted(self.state.locusts):
            sight = attack_sight(self.state, self.me, lid)
            for w, n in self.cog.weapons:
                if cog_attack_legality(self.state, self.content, self.me, lid, w, "normal", True, sight) is None:
                    best = max(best, self.attack_value(lid, w, "normal", 0)[1])
        return best

    def total_threat(self) -> float:
        """Expected wounds to the standing COGs in one Locust Activation Step (rough): an AI
        card activates one type of Locust (spec 7.2), so the mean over the types in play of
        what that type's figures can do now; a figure counts fully only if it can attack this
        step (line of sight to its nearest COG, or close enough to move in), a little otherwise."""
        from game.gears.rules.movement import los, nearest_cogs

        view = self.view
        by_type: dict[str, float] = {}
        for lid, x in self.state.locusts.items():
            near = nearest_cogs(self.state, x.area) if x.area in view.move_dist else []
            if not near:
                continue
            c = self.state.cogs.get(near[0])
            reach = c is not None and (view.mdist(x.area, c.area) <= 2
                                       or los(view, (x.area, x.cover), (c.area, c.cover)))
            by_type[x.enemy] = by_type.get(x.enemy, 0.0) + self.locust_threat(lid) * (1.0 if reach else 0.15)
        if not by_type:
            return 0.0
        return sum(by_type.values()) / len(by_type)

    def cover_value(self, spot: str) -> float:
        """Mean cover bonus of the spot against the Locusts that see its area."""
        from game.gears.rules.movement import cover_bonus

        area = self.view.cover[spot].area
        foes = [(x.area, x.cover) for x in self.state.locusts.values() if x.area in self.view.move_dist]
        if not foes:
            return 1.0
        return sum(cover_bonus(self.view, f, (area, spot)) for f in foes) / len(foes)

    def keep_value(self, card: str, negative: bool = False) -> float:
        """How much a card is worth keeping (score points): its use, and Dodge/Guard icons."""
        name = card.split("#")[0]
        order = self.content.orders[name]
        v = _KEEP.get(name, 2.0 * len(order.actions))
        solo = len(self.state.players) == 1
        if solo and name in ("teamwork",):
            v = 0.0
        if solo and name == "dig_in":
            v = 3.0
        if order.icon == "dodge":
            v += 3
        elif order.icon == "guard":
            v += 2
        dup = sum(1 for h in self.cog.hand if h.split("#")[0] == name)
        v -= 2 * max(0, dup - 1)
        return -v if negative else v

    def draw_room(self, player: str, played: str | None = None) -> int:
        """Cards this COG could still draw (hand limit, seed p. 9), after `played` left my hand."""
        from game.gears.rules.turn import hand_room

        room = hand_room(self.state, self.content, player)
        return room + (1 if played is not None and player == self.me and played in self.cog.hand else 0)

    def pending_figure(self) -> str | None:
        """The Locust a Guard or Dodge question is about (the question's `about`)."""
        if self.state.proc is None:
            return None
        lid = (self.state.proc["pending"].get("about") or {}).get("figure")
        return lid if lid in self.state.locusts else None


# ---------------------------------------------------------------------------- the squad planner


class SquadBot(CogBot):
    """The default COG player: CogBot's scoring of each action, with a squad plan behind its
    'where to go'. Every decision reads the current stage card's objective (rules/missions.py
    flip conditions) and one plan for the whole team (`squad_plan`): which COG seals which
    hole, who fetches the Keycode, who heads for the door, the exit, the equipment, the
    Stranded or the enemy to kill. Every bot computes the same plan from the same state, so
    partners split the work instead of all waiting for each other. Progress is weighed against
    safety: a COG with few cards (its health, spec 6.13) goes back toward a partner and cover,
    and an area next to a Boomer is worse in the open. `CogBot` stays as the "cautious" level."""

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        # My last exploration in a move of mine ([turn, where the move began, tiles placed
        # before it]): the bot remembers what it did, as a player does; the rules keep no
        # record of it (one in the state would change the hash of games saved mid-move, and
        # saves of the last version must load). Saved with the bot (get_state).
        self.explored: list[Any] | None = None

    def look(self, state: GearsState, me: str | None) -> _Look:
        return _SquadLook(state, me, self.explored)

    def _decided(self, ctx: _Look, action: Action) -> None:
        if action.kind == "explore":
            mark = ctx.move_mark()
            if mark is not None:
                self.explored = mark

    def get_state(self) -> dict[str, Any]:
        data = super().get_state()
        if self.explored is not None:
            data["explored"] = list(self.explored)
        return data

    def set_state(self, data: Any) -> None:
        explored = data.get("explored") if isinstance(data, dict) else None
        if explored is not None and not (isinstance(explored, list) and len(explored) == 3
                                         and isinstance(explored[0], int) and isinstance(explored[1], str)
                                         and isinstance(explored[2], int)):
            raise ValueError(f"not a SquadBot exploration: {str(explored)[:60]}")
        super().set_state({k: v for k, v in data.items() if k != "explored"} if isinstance(data, dict) else data)
        self.explored = explored

    def _score(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """A move weighed with the squad's bounds (a step or stop of my move, a card that
        moves me) says my part in them (`_SquadLook.bounds`)."""
        score, why = super()._score(ctx, a)
        moves = (a.kind in ("step", "stop") and ctx.phase == "move") or (a.kind == "play" and (
            a.payload["as"] == "move" or (a.payload["as"] == "card" and any(
                b.verb == "move" for b in ctx.content.orders[a.payload["card"].split("#")[0]].actions))))
        b = ctx.bounds() if moves else None
        return (score, M("{why}; {reason}", why=why, reason=b[1])) if b is not None else (score, why)

    def _a_play(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """CogBot's value of the card, less what the card costs as health (spec 6.13): from a
        hand of 3 or fewer each card spent brings the COG nearer bleeding out, so only a play
        that buys a lot is worth it (Sit Tight, which draws, pays for itself)."""
        score, why = super()._a_play(ctx, a)
        name = a.payload["card"].split("#")[0]
        if a.payload["as"] == "card" and any(b.verb == "gain_ammo" for b in ctx.content.orders[name].actions):
            if ctx.key_weapon_empty():
                score += 60
                why = M("{why} (ammo for the {weapon}, the only weapon that wounds the stage's enemy)", why=why, weapon=N.weapon(ctx.key_weapon_empty()))
            elif ctx.ammo_hunger():
                score += 15 * ctx.ammo_hunger()
                why = M("{why} (my weapons are short of ammo)", why=why)
        reach = self._move_of(ctx, a)
        tile = ctx.stage_tile()
        area = ctx.view.equipment_area.get(tile) if tile else None
        if reach and area is not None and ctx.cog.area != area and ctx.view.mdist(ctx.cog.area, area) <= reach \
                and ctx.can_use_stage_equipment_at(area):
            # Reaching it lets the stage flip this turn (`can_use_stage_equipment_at`): worth more
            # than a likely kill (seed 1009 at 2 players: Ambush at a Grenadier, one area short).
            free = any(b.verb == "activate_equipment" for b in ctx.content.orders[name].actions) and a.payload["as"] == "card"
            return max(score, 150.0 + (10 if free else 0) - ctx.keep_value(a.payload["card"])), \
                M("Play {card} to reach {area} and use its equipment this turn: the stage's objective", card=N.card(a.payload["card"]), area=area)
        if a.payload["as"] == "card" and a.payload["card"] in ctx.skip_cards() and ctx.flip_places_stranded():
            if ctx.on_stage_equipment():
                return max(score, 200), M("Play {card}, then use the equipment: no Locust activates before the Stranded walks out at the end of the turn", card=N.card(a.payload["card"]))
            if ctx.holds_sit_tight():
                return score - 100, M("{why} (kept for the turn I use the equipment that brings out the Stranded)", why=why)
        if reach:
            dest = ctx.move_gain(reach)[1]
            near = ctx.smashers_near(ctx.cog.area)
            if near and not ctx.smashers_near(dest):
                # Shooting beside it outscored leaving (China Shop at 4 players, seed 1022: the
                # squad shot Wretches from the start area, the Berserker's, until its attack on
                # the whole area put three of them down on turn 5).
                score += _OUT_OF_REACH
                why = M("{why}; out of the reach of {locust}, whose attack hits every figure in its area", why=why, locust=N.locust(ctx.state, near[0]))
        left = len(ctx.cog.hand) - 1
        cost = _HEALTH_COST.get(left, 0.0)
        if cost and a.payload["card"].split("#")[0] != "sit_tight":
            return score - cost, M("{why} (leaves {left} card(s) in hand)", why=why, left=left)
        return score, why

    @staticmethod
    def _move_of(ctx: _Look, a: Action) -> int:
        """Areas a 'play' action moves me (0: none): 2 played as a move (spec 5.2), else the
        card's own move, with my character's extra area."""
        if a.payload["as"] == "move":
            return 2
        if a.payload["as"] != "card":
            return 0
        moves = [int(b.value) for b in ctx.content.orders[a.payload["card"].split("#")[0]].actions if b.verb == "move"]
        return moves[0] + ctx.extra_move() if moves else 0

    def _a_attack(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """CogBot's value, less what the ammo token of an Overwhelming attack is worth
        (`ammo_cost`): a likely kill still pays for it. No attack with a weapon whose wounds the
        target shrugs off (wounds.immune_to)."""
        from game.gears.rules.wounds import immune_to

        p = a.payload
        if p["target"] in ctx.state.locusts and immune_to(ctx.state, ctx.content, p["target"], p["weapon"]) is not None:
            return 2, M("Attack {target} with the {weapon}: it takes no wound from that weapon", target=N.locust(ctx.state, p["target"]), weapon=N.weapon(p["weapon"]))
        score, why = super()._a_attack(ctx, a)
        target = ctx.state.locusts.get(p["target"])
        key = target is not None and target.enemy in key_enemies(ctx.state)
        if p["mode"] == "overwhelming" and (ctx.frame or {}).get("spend", True) and not key:
            from game.gears.rules.turn import attack_preview_of

            pv = attack_preview_of(ctx.state, a)
            kill = float(pv.kill) if pv is not None else ctx.attack_value(p["target"], p["weapon"], p["mode"], 0)[1]
            cost = ctx.ammo_cost(p["weapon"]) * (1 - 0.7 * kill)
            if cost:
                return score - cost, M("{why}; spends 1 of {n} ammo", why=why, n=ctx.cog.ammo(p["weapon"]))
        return score, why

    def _a_guard(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """An Overwhelming Guard spends ammo as an Overwhelming attack does (`ammo_cost`). A
        Locust that can reach the Stranded (one wound on him loses the mission, spec 9.3.2)
        is worth a Guard from any hand that has a card to give: its kill may save the game
        (seed 1005 at 2 players: two Butchers walked into his area unguarded)."""
        score, why = super()._a_guard(ctx, a)
        p = a.payload
        lid = ctx.pending_figure()
        st = ctx.stranded_area()
        if p.get("guard") is not None and st is not None and lid in ctx.state.locusts \
                and ctx.view.mdist(ctx.state.locusts[lid].area, st) <= 2 and ctx.cog.hand:
            if p["mode"] == "chainsaw":
                e, kill = ctx.chainsaw_value(lid)
            else:
                e, kill = ctx.attack_value(lid, p["weapon"], p["mode"], 0)
            if kill > 0 or e > 0:
                return max(score, 40 + 60 * kill + 5 * e), \
                    M("Guard against {target} with the {weapon} ({mode}): {kill:.0%} to kill a Locust that can reach the Stranded", target=N.locust(ctx.state, lid), weapon=N.weapon(p["weapon"]), mode=N.mode(p["mode"]), kill=kill)
        if p.get("guard") is not None and p.get("mode") == "overwhelming":
            cost = ctx.ammo_cost(p["weapon"])
            if cost:
                score, why = score - cost, M("{why}; spends 1 of {n} ammo", why=why, n=ctx.cog.ammo(p["weapon"]))
        return self._covering(ctx, a, score, why)

    @staticmethod
    def _covering(ctx: _Look, a: Action, score: float, why: str) -> tuple[float, str]:
        """The holding half of a bound (`_SquadLook.bounds`) Guards for the movers: from cover,
        a Guard against a Locust about to act that can attack a partner standing in the open
        is worth the card at a lower price (seed p. 24: the Guard comes before it moves or
        attacks). A likely kill is still needed: a miss only spends the card."""
        p = a.payload
        lid = ctx.pending_figure()
        x = ctx.state.locusts.get(lid) if lid else None
        if p.get("guard") is None or x is None or not ctx.cog.cover or len(ctx.cog.hand) < 3:
            return score, why
        if p["mode"] == "chainsaw":
            kill = ctx.chainsaw_value(lid)[1]
        else:
            kill = ctx.attack_value(lid, p["weapon"], p["mode"], 0)[1]
        exposed = [c for q, c in sorted(ctx.state.cogs.items()) if q != ctx.me and not c.bleeding and c.cover is None
                   and c.area in ctx.view.move_dist and ctx.can_attack(x, c.area)]
        if kill < _COVER_GUARD_KILL or not exposed:
            return score, why
        return score + _COVER_GUARD, M("{why}; covering {who} in the open", why=why,
                                       who=join(", ", [N.character(c.character) for c in exposed]))

    def _a_drop_weapon(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """A COG may discard a weapon at any time (seed p. 20). Done only to make room when the
        stage's objective is an equipment that hands out a weapon and my weapon slots are full
        (Search for the Stranded, seed 8 at 1 player: a COG with three weapons stood on 17B's
        Weapon equipment for 140 turns, which the rules do not offer him while he has no room);
        the weapon worth least goes (attack dice and ammo)."""
        if ctx.stage_equipment_needs_room():
            w = a.payload["weapon"]
            worth = min(ctx.weapon_worth(x) for x, _ in ctx.cog.weapons)
            if ctx.weapon_worth(w) == worth:
                # Before the card: a card played first may carry me off the equipment.
                return 150, M("Discard the {weapon}, my least useful weapon: room for the equipment the stage needs", weapon=N.weapon(w))
        return super()._a_drop_weapon(ctx, a)

    def _a_guard_who(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Seed p. 24: the active player picks which of the willing COGs Guards. The one with
        the most attack dice, then the most cards to spare, and not a weapon's last ammo token
        (traces: the first willing COG was taken, a 29% Guard over a 76% one)."""
        p = a.payload
        c = ctx.state.cogs[p["guard"]]
        w = ctx.content.weapons.get(p["weapon"])
        if p["mode"] == "chainsaw" or w is None:
            dice = 4.0
        else:
            dice = float((w.overwhelming if p["mode"] == "overwhelming" else w.normal) or 0)
            if p["mode"] == "overwhelming" and w.uses == "ammo" and c.ammo(p["weapon"]) <= 1:
                dice -= 1.5
        return dice + len(c.hand) / 4, M("{who} Guards: {dice:.0f} attack dice, {n} cards in hand", who=N.character(c.character), dice=dice, n=len(c.hand))

    def _a_grenade(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """A Bolo Grenade at an enemy the stage needs dead (The Showdown's Feral Berserker,
        which only Scorchers and Bolos wound while unwounded), with no COG in its area."""
        from game.gears.rules.wounds import immune_to

        score, why = super()._a_grenade(ctx, a)
        area = a.payload["area"]
        wait = ctx.seal_wait()
        if wait is not None and area in ctx.open_holes():
            return 0, M("Hold the Bolo Grenade for {area}: {why}", area=area, why=wait)
        mine = sum(1 for c in ctx.state.cogs.values() if c.area == area and not c.bleeding)
        flip = ctx.flip_spawns_per_hole()
        if flip and not mine and ctx.objective_kind() != "all_holes_sealed" and any(
                v["area"] == area and not v["sealed"] for v in ctx.state.holes.values()):
            # A hole left open when the stage flips spawns Locusts there (The Showdown Stage 1's
            # back: one Locust A per player at every hole; 4 players, seeds 1000-1099: 25 squads
            # reached Stage 2, none won it, with the level's holes open at the flip).
            seal = ctx.seal_chance(area)
            score += _FLIP_SPAWN * flip * seal
            why = M("{why}; {n} Locust(s) would spawn there when the stage flips", why=why, n=flip)
        keys = key_enemies(ctx.state)
        target = next((lid for lid, x in sorted(ctx.state.locusts.items()) if x.area == area and x.enemy in keys
                       and immune_to(ctx.state, ctx.content, lid, "bolo_grenade") is None), None)
        if target and not mine and score < 150:
            return 150, M("Throw a Bolo Grenade into {area} at the {name}: the stage needs it dead", area=area, name=N.enemy(ctx.state.locusts[target].enemy))
        saved = next((e for e in keys if "bolo_grenade" in wounding_weapons(ctx.state, e)), None)
        spare = sum(c.grenades for c in ctx.state.cogs.values() if not c.bleeding) > _BOLOS_KEPT
        if saved and not target and ctx.objective_kind() != "all_holes_sealed" and score > 20 and not spare:
            # The Showdown, seed 1 at 2 players: both Bolos went into holes while the Feral
            # Berserker, whom only Scorchers and Bolos wound unwounded, stood beside the squad.
            # Beyond the squad's first _BOLOS_KEPT they go where they are worth most (at 4
            # players, seed 1000: all eight Bolos unthrown in a game that spawned 11 Grenadiers).
            return 20, M("{why} (kept for the {name}, whom only a few weapons wound)", why=why, name=N.enemy(saved))
        if score <= 2:
            return -5, M("{why}: nothing there worth a grenade", why=why)
        if mine and ctx.objective_kind() != "all_holes_sealed" and score > 0:
            # Every figure in the area defends against the grenade, the thrower too (spec 6.8):
            # about 1.3 cards each. Worth it only for the stage's holes (Scattered, seed 302:
            # a hole sealed in the thrower's own area cost him 3 cards).
            return min(score, 30.0 - 25 * mine), M("{why} (it would wound {mine} COG(s) here)", why=why, mine=mine)
        return score, why

    def _a_special(self, ctx: _Look, a: Action) -> tuple[float, str]:
        score, why = self._special(ctx, a)
        w = a.payload.get("weapon")
        if a.payload["do"] == "equipment" and w in ctx.content.weapons:
            # The equipment's ammo is placed as it is used (spec 6.10): on the weapon _a_ammo prefers.
            pref, reason = self._a_ammo(ctx, Action("ammo", {"weapon": w}))
            return score + pref / 100, M("{why}; {reason}", why=why, reason=reason)
        return score, why

    def _special(self, ctx: _Look, a: Action) -> tuple[float, str]:
        pl = a.payload
        if pl["do"] == "equipment" and _gid(ctx.goal_name()).startswith("ammo for the Scorcher"):
            return 65, M("Use this tile's equipment: ammo for the Scorcher, which can wound the Feral Berserker")
        if pl["do"] == "equipment" and ctx.on_stage_equipment():
            wait = ctx.stranded_flip_wait(paid=pl.get("discard") is not None)
            if wait is not None:
                return -5, wait
            if self._free_equipment_ahead(ctx):
                return 10, M("Do not pay a card for this tile's equipment: the card in play uses it for free")
            return 150, M("Use this tile's equipment: the stage's objective, before the card moves me off it")
        if pl["do"] == "equipment" and "only" in _gid(ctx.goal_name()) and "wounds the" in _gid(ctx.goal_name()):
            return 65, M("Use this tile's equipment: {goal}", goal=ctx.goal_name())
        if pl["do"] == "revive":
            score, why = super()._a_special(ctx, a)
            dice = ctx.locust_dice_in(ctx.cog.area)
            if dice >= 4:
                # A revived COG stands with no card (spec 6.10) until his Healing Step, and
                # Locusts ignore him while he bleeds (6.13): beside a Berserker he would only go
                # down again, and the card is lost (China Shop, seed 201: four revives so).
                return -5, M("{why}: not now, {dice} Locust attack dice in this area would down him again", why=why, dice=dice)
            return score, why
        hunger = ctx.ammo_hunger()
        if pl["do"] == "pickup" and hunger and (pl.get("discard") is None or len(ctx.cog.hand) >= 3):
            d = next((x for x in ctx.state.dropped if x["id"] == pl.get("marker")), None)
            if d is not None and (pl.get("choice") == "ammo" or (pl.get("choice") == "weapon" and hunger >= 2)):
                paid = pl.get("discard") is not None
                # A special action comes before or after the card (spec 6.10): taking the ammo
                # first still leaves the card's move or attack to play.
                score = (130 if not paid else 60 * hunger - ctx.keep_value(pl["discard"]) / 10) \
                    - (0 if pl["choice"] == "ammo" else 5)
                return score, \
                    M("Pick up the dropped {weapon} ({choice}): my weapons are nearly out of ammo", weapon=N.weapon(d["weapon"]), choice=pl["choice"])
        if pl["do"] == "equipment" and hunger >= 2 and ctx.equipment_gives_ammo():
            return 55, M("Use this tile's equipment: ammo, and my weapons have none")
        return super()._a_special(ctx, a)

    def _a_do(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if self._card_verb(ctx) == "activate_equipment" and ctx.on_stage_equipment():
            wait = ctx.stranded_flip_wait(paid=False)
            if wait is not None:
                return 5, wait
            return 150, M("Use this tile's equipment for free: the stage's objective")
        return super()._a_do(ctx, a)

    @staticmethod
    def _card_verb(ctx: _Look, ahead: int = 0) -> str:
        """The verb of the card-in-play's current action (`ahead` actions on), '' if none."""
        f = ctx.frame or {}
        order = ctx.content.orders.get(f.get("card", "").split("#")[0]) if ctx.phase == "card" else None
        i = f.get("i", 0) + ahead
        return order.actions[i].verb if order is not None and i < len(order.actions) else ""

    def _free_equipment_ahead(self, ctx: _Look) -> bool:
        """The card in play still has a free 'use equipment' action before any move (Explore):
        a card paid for the same equipment now is a point of health thrown away (seed 1019 at
        2 players: Teamwork was discarded for 17B's equipment, then Explore's free use skipped)."""
        for k in range(4):
            verb = self._card_verb(ctx, k)
            if verb in ("", "move"):
                return False
            if verb == "activate_equipment":
                return True
        return False

    def _a_equipment_choice(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Which weapon gets the equipment's ammo: one the stage needs (a Scorcher that alone
        wounds the Feral Berserker), else the emptiest."""
        w = a.payload.get("weapon")
        if w is None:
            return 0, a.label or M("Use the equipment")
        return self._a_ammo(ctx, a)

    def _a_ammo(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Ammo goes on a weapon the stage needs (the only one that wounds its key enemy), else
        on the emptiest."""
        from game.gears.rules.spawning import rules_named

        w = a.payload["weapon"]
        only = {x for r in rules_named(ctx.state, "wound_only_by") for x in r.params.get("weapons", ())}
        for e in key_enemies(ctx.state):
            only |= wounding_weapons(ctx.state, e)
        if w in only:
            return 60, M("Ammo on the {weapon}: the stage's key enemy takes wounds only from it", weapon=N.weapon(w))
        return super()._a_ammo(ctx, a)

    def _a_follow(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Follow costs a card (seed p. 24): worth it from a full hand (the next Healing Step
        would waste a draw) when the mover goes my way, or to get out of danger."""
        mover = (ctx.frame or {}).get("mover")
        who = N.character(ctx.state.cogs[mover].character) if mover in ctx.state.cogs else M("the active COG")
        hand = len(ctx.cog.hand)
        if self._all_in_follow(ctx):
            return 300, M("Follow {who} (discarding {card}) into the map exit: with it every COG stands there, the stage's objective", who=who, card=N.card(a.payload["card"]))
        if self._crowded_follow(ctx):
            return 5, M("Follow {who} (discarding {card}): too many of us in one area", who=who, card=N.card(a.payload["card"]))
        if hand >= ctx.content.cogs[ctx.cog.character].hand_limit and ctx.want_to_move():
            return 30, M("Follow {who} (discarding {card}): a full hand, and I want to go on too", who=who, card=N.card(a.payload["card"]))
        if ctx.danger(ctx.cog.area, ctx.cog.cover) >= 1.5 and hand >= 4:
            return 30, M("Follow {who} (discarding {card}): out of danger here", who=who, card=N.card(a.payload["card"]))
        return 10, M("Follow {who} (discarding {card}): not worth a card now", who=who, card=N.card(a.payload["card"]))


    def _a_no_follow(self, ctx: _Look, a: Action) -> tuple[float, str]:
        crowd = self._crowded_follow(ctx)
        if crowd:
            return 25, M("Do not follow: {n} of us already go there, and {k} Locust(s) that hit a whole area are near: spread out",
                         n=crowd[0], k=crowd[1])
        return super()._a_no_follow(ctx, a)

    @staticmethod
    def _all_in_follow(ctx: _Look) -> bool:
        """Whether following now lets the mover's move put every COG at the exit
        (`_SquadLook.all_in_with_me`, seen from a follower): the move can reach an exit area,
        no COG is bleeding out, and every other COG is at the exit, the mover, a committed
        follower, or a later candidate of this question (who answers alike)."""
        stack = ctx.state.pending.get("stack") or []
        ex = ctx.exit_together() if isinstance(ctx, _SquadLook) else []
        if not ex or len(stack) < 2 or stack[-2].get("f") != "move":
            return False
        move, f, s = stack[-2], stack[-1], ctx.state
        mover = s.cogs.get(move.get("player"))
        if mover is None or any(c.bleeding for c in s.cogs.values()) \
                or min(ctx.view.mdist(mover.area, e) for e in ex) > int(move.get("left", 0)):
            return False
        coming = {move["player"], ctx.me, *move.get("followers", ()), *f.get("candidates", ())}
        return all(q in coming or c.area in ex for q, c in s.cogs.items())

    @staticmethod
    def _crowded_follow(ctx: _Look) -> tuple[int, int] | None:
        """(COGs already going, area-hitting Locusts near) when one more follower would crowd
        the mover's area, else None. Every follower ends in the mover's area (seed p. 24): a
        third COG there makes each area hit (a Grenadier's toss, a Ticker's blast) cost two
        partners, and the card is a point of health besides (The Showdown at 4 players, seed
        1000: three partners followed on turns 2 and 3, six cards, and the Grenadiers' tosses
        then hit three at once). The committed followers are public (the move frame)."""
        stack = ctx.state.pending.get("stack") or []
        if len(stack) < 2 or stack[-2].get("f") != "move":
            return None
        going = 1 + len(stack[-2].get("followers", ()))
        hitters = ctx.area_hitters(ctx.cog.area) if going >= 2 else 0
        return (going, hitters) if hitters else None

    # --- Search for the Stranded Stage 1: MP1 AI card 19 (ai.py discard_map_ammo)

    def _a_map_ammo(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """MP1 card 19 (spec 9.3.3): each player discards a map ammo token of his choice, and
        Stage 1 needs 2 per player carried onto the mission card, one per turn by the active COG
        from his own area. The token farthest from every standing COG goes (the last collected
        anyway); of equals, one from a pile (a pile yields one token a turn). Traces (4 players,
        seed 1008): with no preference the bot discarded the token the squad stood on."""
        area = a.payload["area"]
        view = ctx.view
        far = min((view.mdist(area, c.area) for c in ctx.state.cogs.values()
                   if not c.bleeding and c.area in view.move_dist and area in view.move_dist), default=INF)
        pile = ctx.state.flags.get("map_ammo", {}).get(area, 1)
        return min(far, 30) + 0.1 * pile, M("Discard the ammo token in {area}: the farthest from the squad ({d} areas)", area=area, d=min(far, 30))

    # --- Search for the Stranded Stage 3: the end-of-turn escort (rules/turn.py frame "stranded")

    def _a_pay(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Seed MP1 (spec 9.3.2): at the end of his turn a player may discard a card to move the
        Stranded up to 2 areas; the stage is won when he enters the map exit, lost on his first
        wound. Traces (seed 1004 at 2 players): the bot had no answer here and always left him,
        so he stood on 17B until a Flame Grenadier's Combustion hit him. Pay when the exit is
        within reach (the mission is won at once), or when a step on toward it is no more
        exposed than where he stands, from a hand that can spare the card."""
        if ctx.phase != "stranded":
            return 0.0, a.label or a.kind
        card = a.payload["card"]
        keep = ctx.keep_value(card) / 10
        left = int((ctx.frame or {}).get("left", 2))
        here = ctx.stranded_area()
        if here is None:
            return -50, M("Discard {card} to move the Stranded (he is not on the map)", card=N.card(card))
        if ctx.stranded_exit_dist(here) <= left:
            return 500 - keep, M("Discard {card} to walk the Stranded into the map exit: the mission is won", card=N.card(card))
        gain, dest = ctx.stranded_gain(left)
        hand = len(ctx.cog.hand)
        if gain <= 0:
            return -20 - keep, M("Discard {card} to move the Stranded (no safer place nearer the exit)", card=N.card(card))
        if hand <= 2:
            return -20 - keep, M("Discard {card} to move the Stranded to {dest} (not from {hand} card(s))", card=N.card(card), dest=dest, hand=hand)
        return 40 + 5 * gain - keep - _HEALTH_COST.get(hand - 1, 0.0), \
            M("Discard {card} to move the Stranded to {dest}, nearer the exit and no more exposed", card=N.card(card), dest=dest)

    def _a_step(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.phase != "stranded":
            if a.payload["area"] in ctx.left_this_move():
                return 0, M("Not back to {to}: I left it earlier in this move", to=a.payload["area"])
            return self._after_explore(ctx, *super()._a_step(ctx, a))
        to = a.payload["area"]
        if ctx.stranded_exit_dist(to) == 0:
            return 1000, M("Move the Stranded into {to}, the map exit: the mission is won", to=to)
        more = int((ctx.frame or {}).get("left", 1)) - 1  # steps left after this one
        v = max([ctx.stranded_value(to)] + [ctx.stranded_value(b) for b in ctx.view.areas
                                           if b in ctx.view.move_dist and ctx.view.mdist(to, b) <= more])
        return 50 + v, M("Move the Stranded to {to}, toward the exit ({n} areas left)", to=to, n=ctx.stranded_exit_dist(to))

    def _a_target_tie(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Spec 7.4: COGs tied as a Locust's target, the active player picks. The question does
        not name the Locust (its prompt and labels stay as saved games have them); the bot reads
        which one is acting from its view (`_SquadLook.acting_locust`). A Locust whose hit covers
        its target's whole area (a Ticker's explosion and chain reaction, a Grenadier's toss,
        a Berserker's attack on every figure: `hits_whole_area`) is sent at
        the COG with the fewest partners beside him, so one COG takes the blast, not several
        (Roadblocks at 4 players: Ticker explosions were half of all wounds, about 1.4 COGs an
        explosion; BALANCE.md, ninth pass)."""
        score, why = super()._a_target_tie(ctx, a)
        c = ctx.state.cogs.get(a.payload["cog"])
        x = ctx.state.locusts.get(ctx.acting_locust() or "")
        if c is None or x is None or not ctx.hits_whole_area(x):
            return score, why
        beside = sum(1 for q, o in ctx.state.cogs.items() if q != a.payload["cog"] and o.area == c.area and not o.bleeding)
        return score - _TIE_BESIDE * beside, M("{why}; {locust} hits a whole area, and {n} partner(s) stand beside {who}",
                                              why=why, locust=N.locust(ctx.state, x.id), n=beside, who=N.character(c.character))

    def _a_locust_path(self, ctx: _Look, a: Action) -> tuple[float, str]:
        """Among a Locust's shortest steps (the active player's choice, spec 6.2), the map exit
        for the enemy whose entering it flips the stage (China Shop: the Berserker). The moving
        Locust is the one the question is about (`acting_locust`), not the rules' `activating`
        flag, which stays set for the whole Locust step and named the last activated Locust
        when another one moved later in it."""
        area, flip = a.payload["area"], ctx.flip_on_entry()
        if flip is not None and area == flip[1]:
            x = ctx.state.locusts.get(ctx.acting_locust() or "")
            if x is not None and x.enemy == flip[0]:
                return 100, M("The {name} goes through {area}, the map exit: its entering it flips the stage", name=N.enemy(flip[0]), area=area)
        return super()._a_locust_path(ctx, a)

    def _a_explore(self, ctx: _Look, a: Action) -> tuple[float, str]:
        wait = self._wait_to_explore(ctx)
        if wait is not None:
            return -5, wait
        return super()._a_explore(ctx, a)

    @staticmethod
    def _after_explore(ctx: _Look, score: float, why: str) -> tuple[float, str]:
        """A step or stop after this move explored says why it ignores the goal
        (`_SquadLook.goal_weight`)."""
        if ctx.explored_this_move():
            return score, M("{why}: exploring has just brought out the next level's Locusts, so the rest of my move seeks safety, not them", why=why)
        return score, why

    @staticmethod
    def _wait_to_explore(ctx: _Look) -> Msg | None:
        """Why not to explore yet (None: explore). Exploring places the next level's tiles
        and spawns their Locusts at once (spec 6.12); unless the exploring is itself the stage's
        objective, a COG on 2 cards or fewer, or with every standing partner more than 2 areas
        behind, waits at the door for the squad (Roadblocks at 4 players, seed 1000: Marcus,
        on 1 card with his partners 2-5 areas back, opened level 2 alone: three Boomers, six
        Tickers and four Drones came out, and he was down two turns later)."""
        from game.gears.rules.explore import explore_refusal

        kind = ctx.objective_kind()
        if kind in ("level_explored", "explore_attempted") or len(ctx.state.players) < 2 \
                or explore_refusal(ctx.state, ctx.me) is not None:
            return None
        if kind in ("all_holes_sealed", "no_locusts_in_play", "enemy_killed") and ctx.state.locusts:
            return None  # CogBot's own low score: the objective is on this level
        behind = ctx.dist_to_partner(ctx.cog.area)
        if behind >= INF:
            return None  # no standing partner to wait for
        hand = len(ctx.cog.hand)
        if hand <= 2:
            return M("Wait at the door: on {n} card(s) I would meet the next level's Locusts alone", n=hand)
        if behind > 2:
            return M("Wait at the door for my partners ({d} areas behind): exploring spawns the next level's Locusts", d=behind)
        return None

    def _a_stop(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.phase == "move":
            wait = self._wait_to_explore(ctx)
            if wait is not None:
                return 36, wait
            if ctx.can_use_stage_equipment_at(ctx.cog.area):
                # A step on weighs the area only (move_gain), not what standing here allows.
                return 60, M("Stop on {area}: its equipment is the stage's objective, used this turn", area=ctx.cog.area)
        if ctx.phase != "stranded":
            return self._after_explore(ctx, *super()._a_stop(ctx, a))
        if not (ctx.frame or {}).get("paid"):
            return 0, M("Leave the Stranded where he is: keep my cards")
        here = ctx.stranded_area()
        return 50 + ctx.stranded_value(here), M("The Stranded stops here: the next area is more exposed")


# Locust abilities that wound every figure (or every COG) in an area (enemies.toml).
_AREA_HITS = {"wound_others_in_target_area", "hit_all_cogs_in_target_area", "death_blast", "explode",
              "chain_reaction", "wound_cogs_in_own_area_then_flip"}


@functools.lru_cache(maxsize=None)
def _attacks_its_whole_area(enemy: str) -> bool:
    """Whether an AI card that activates `enemy` attacks every figure (or COG) in its own area:
    the Berserker (base cards 21-23) and the Butcher's cards (MP1, also the Feral Berserker's).
    Partners beside each other there all take its dice (China Shop at 4 players, seed 1000: the
    Berserker's three attacks on the whole squad in 1A:plaza cost 20 cards)."""
    def hits(effects) -> bool:
        return any((f.verb == "attack" and str(f.value) in ("each_figure_in_area", "each_cog_in_area"))
                   or hits(f.do) or hits(f.otherwise) for f in effects)

    return any(hits(b.effects) for card in _content().ai_cards_activating(enemy) for b in card.branches) \
        or any(hits(card.finally_) for card in _content().ai_cards_activating(enemy))


# The msgid of the squad plan's goal for a key enemy that walks to the squad on its own (The
# Showdown's Feral Berserker; squad_plan words it).
_COMES_TO_US = "the {name}: its death opens the way on"

# The msgid of the squad plan's goal for a COG at 3+ players that leaves the last holes to their
# throwers (`squad_plan`, Emergence Stage 1): weighed as "the Locusts" (`_SquadLook.goal_weight`).
_ONE_THROWER = "the Locusts: one of us throws at each hole, the others do not crowd beside him"

# `_SquadLook.seal_wait`: the last hole's seal waits at 3+ players while a standing COG this many
# areas (by movement) from it holds this many cards or fewer.
_SEAL_WAIT_AREAS = 2
_SEAL_WAIT_CARDS = 2

# Score points per Locust the stage's flip would spawn at an open hole (`_SquadLook.flip_spawns_per_hole`),
# times the throw's seal chance: a sealed hole there is that many Locusts fewer.
_FLIP_SPAWN = 60.0

# Bolo Grenades the standing squad keeps for a key enemy only they (and a few weapons) wound
# unwounded (The Showdown's Feral Berserker, `SquadBot._a_grenade`): both a 2-player squad
# carries; the rest may seal holes or hit Locusts.
_BOLOS_KEPT = 4

# A card that moves me out of the reach of a sturdy whole-area attacker (`smashers_near`): its
# attack falls on every figure there, about 2.7 wounds on each (4 dice against defence 2) once
# a round at 4 players, and a likely kill scores up to about 150.
_OUT_OF_REACH = 40.0

# A move into the exit that puts every COG there (`_SquadLook.all_in_with_me`): the stage is won.
_ALL_IN = 60.0

# A Locust whose hit covers a whole area picks among tied COGs (`SquadBot._a_target_tie`): each
# partner standing beside a candidate counts as this many cards less in his hand (a shared blast
# costs each of them about a card).
_TIE_BESIDE = 4.0
# Omen effects that hit the target's whole area (`_SquadLook.big_area_hitter`).
_BIG_AREA_OMENS = ("wound_others_in_target_area", "hit_all_cogs_in_target_area")

# Score points a played card costs by the cards it leaves in hand (a card is a point of health).
_HEALTH_COST = {0: 120.0, 1: 50.0, 2: 15.0}

# `goal_weight` of a place the mission needs (the door, the exit, a hole's throwing range), against
# Locusts that come to the squad anyway: bounds head only for such a place.
_PLACE_WEIGHT = 3.0

# Advancing in bounds (`_SquadLook.bounds`), in the units of `position` (one area nearer a place
# the mission needs is 3, an expected wound 1): a mover's next cover, a step past the line or
# back.
_BOUND_NEXT_COVER = 2.5
_BOUND_AHEAD = 2.0
_BOUND_BACK = 2.0
# A Guard from cover for a partner in the open (`SquadBot._covering`): a third of a card's price
# (the Guard's score is 20 per card of value), from a likely kill up.
_COVER_GUARD = 7.0
_COVER_GUARD_KILL = 0.4


def squad_plan(state: GearsState) -> dict[str, tuple[list[str], str]]:
    """One plan for the team this decision: for each standing COG, the areas it heads for and
    why, from the stage card's flip condition (the objective). Deterministic (sorted ids), so
    every seat's bot reads the same plan."""
    content = _content()
    view = state.view()
    m = content.missions[state.mission]
    if state.stage >= len(m.stages):
        return {}
    cond = m.stages[state.stage].flip_when
    k, p = cond.keyword, cond.params
    cogs = {q: c for q, c in sorted(state.cogs.items()) if not c.bleeding and c.area in view.move_dist}
    plan: dict[str, tuple[list[str], str]] = {}

    def everyone(areas: list[str], why: str) -> dict[str, tuple[list[str], str]]:
        areas = [a for a in areas if a in view.move_dist]
        return {q: (areas, why) for q in cogs} if areas else {}

    def foes(enemy: str | None = None) -> list[str]:
        return sorted({x.area for x in state.locusts.values()
                       if x.area in view.move_dist and (enemy is None or x.enemy == enemy)})

    def doors_ahead() -> list[str]:
        """Door areas that lead somewhere now (an explorable door; rules/explore.py)."""
        from game.gears.rules.explore import _explorable

        return sorted({view.exits[d] for d in state.doors if d in view.exits and _explorable(state, d)})

    def unlock_areas() -> list[str]:
        """Areas of unused equipment that unlocks the next level (Belly of the Beast's Keycode)."""
        used = set(md(state).get("equipment_used", []))
        out = []
        for piece, eq in sorted(state.equipment.items()):
            e = content.equipment.get(eq)
            if e is not None and e.effect.get("unlock_next_level") and piece not in used \
                    and view.equipment_area.get(piece):
                out.append(view.equipment_area[piece])
        return out

    def ammo_areas() -> list[str]:
        """Areas of unused equipment that gives ammo."""
        used = set(md(state).get("equipment_used", []))
        return sorted({view.equipment_area[piece] for piece, eq in state.equipment.items()
                       if piece not in used and view.equipment_area.get(piece)
                       and content.equipment.get(eq) is not None and "gain_ammo" in content.equipment[eq].effect})

    from game.gears.rules.spawning import exit_areas, md

    if k == "all_holes_sealed":
        holes = sorted({v["area"] for v in state.holes.values() if not v["sealed"]})
        throwers = [q for q, c in cogs.items() if c.grenades]
        free = set(throwers)
        from game.gears.rules.movement import los

        for h in holes:  # the nearest free grenade carrier takes each hole
            spots = [a for a in view.areas if a in view.move_dist and view.rdist(a, h) <= 2
                     and los(view, (a, None), (h, None))]
            if not spots or not free:
                continue
            q = min(sorted(free), key=lambda q: min(view.mdist(cogs[q].area, a) for a in spots))
            free.discard(q)
            plan[q] = (spots, M("throwing range of the emergence hole in {area} (my job in the squad plan)", area=h))
        grenades = sorted({view.equipment_area[t] for t, eq in state.equipment.items()
                           if "grenade" in eq and view.equipment_area.get(t)})
        for q in cogs:
            if q in plan:
                continue
            if not cogs[q].grenades and grenades:
                plan[q] = (grenades, M("grenades at the equipment"))
            elif plan and len(cogs) >= 3 and foes():
                # Emergence at 4 players (seeds 1000-1029): the partners went with the thrower
                # to the last open hole, the one nearest the map exit, where the stage's flip
                # spawns and toward which its Wretches and Drones walk, and were downed there
                # together (16 of 30 games lost in Stage 2). One thrower goes; the others fight
                # where the Locusts are, as for "the Locusts" (they come to us anyway).
                plan[q] = (foes(), M("the Locusts: one of us throws at each hole, the others do not crowd beside him"))
            elif plan:  # cover the throwers: go where they go
                first = next(iter(plan.values()))
                plan[q] = (first[0], M("with the grenade thrower, to cover him"))
        return plan
    if k == "equipment_activated":
        tile = p.get("tile")
        area = view.equipment_area.get(tile)
        if area:
            return everyone([area], M("the equipment of tile {tile} (the stage's objective)", tile=tile))
        locked = any(state.locked[i] for i in range(len(state.locked)))
        keys = unlock_areas() if locked else []
        doors = doors_ahead()
        if keys:
            # The squad fetches the Keycode together: the door it opens is back on the first
            # tile, so a COG sent ahead would only wait there alone (traces: a split squad is
            # picked off one by one).
            return everyone(keys, M("the Keycode equipment: it unlocks the level we need"))
        if doors:
            return everyone(doors, M("the door: the objective lies ahead"))
        return {}
    if k in ("enemy_in_exit_area", "cog_enters_last_tile", "all_cogs_at_exit", "stranded_at_exit"):
        exits = exit_areas(state)
        if k == "all_cogs_at_exit":
            from game.gears.rules.missions import _exit_area_of_level

            exits = [a for lv in p.get("levels", []) for a in [_exit_area_of_level(state, int(lv))] if a] or exits
        if k == "cog_enters_last_tile":
            last = state.placements[-1]["tile"] if state.placements else None
            tile = [a for a in view.areas if view.piece_of_area.get(a) == last]
            if not state.location_decks[int(p["level"]) - 1].draw_pile and tile:
                exits = tile
            rear = _rear_guard(view, cogs, [a for a in exits if a in view.move_dist])
            if rear is not None:
                return rear
        if k == "stranded_at_exit":
            st = md(state).get("stranded")
            # The Stranded walks to the exit on his own (a card at the end of the turn); the squad
            # clears his way: the Locusts nearest him first, else the exit.
            near = foes()
            if st and near:
                near = sorted(near, key=lambda a: view.mdist(st, a))[:1]
                return everyone(near, M("the Locusts in the Stranded's way"))
        return everyone(exits, M("the map exit (the stage's objective)"))
    if k == "explore_attempted":
        lv = p.get("level")
        doors = sorted({view.exits[d] for d, f in md(state).get("door_from", {}).items()
                        if f == lv and d in state.doors and d in view.exits})
        return everyone(doors or doors_ahead(), M("the door at the end of level {level} (the stage's objective)", level=lv))
    if k == "all_cogs_on_tile":
        tile = p.get("tile")
        areas = [a for a in view.areas if view.piece_of_area.get(a) == tile]
        absent = p.get("absent_enemy")
        if absent and foes(absent):
            # Scattered Stage 3: every COG on 17B *and* no Grinder in play; the Grinders stand
            # on 17B, so the squad goes at them (they are the stage's key enemy) rather than
            # for any area of the tile (seeds 1000-1003 at 2 players: COGs stood on 17B beside
            # Grinders they were not trying to kill).
            return everyone(foes(absent), M("the {name}s: none may be in play", name=N.enemy(absent)))
        if areas:
            return everyone(areas, M("tile {tile} (every COG must stand on it)", tile=tile))
        return everyone(doors_ahead(), M("the door toward the tile every COG must reach"))
    if k == "level_explored":
        doors = doors_ahead()
        if doors:
            return everyone(doors, M("the door: exploring the next level is the objective"))
        from game.gears.rules.spawning import rules_named

        only = {w for r in rules_named(state, "wound_only_by") for w in r.params.get("weapons", ())}
        ammo_eq = ammo_areas()
        for q, c in cogs.items():  # The Showdown: only Scorchers and Bolos wound the Feral Berserker
            if ammo_eq and not c.grenades and any(w in only and n == 0 for w, n in c.weapons):
                plan[q] = (ammo_eq, M("ammo for the Scorcher: only it and Bolo Grenades wound the Feral Berserker"))
        for e in key_enemies(state):  # The Showdown: the Feral Berserker's death unlocks level 2
            if foes(e):
                # It attacks every COG in its own area (Butcher AI cards): the squad stands one
                # area off, in range of a Scorcher (range 1) and a Bolo (range 2), with LOS
                # (The Showdown, seed 1 at 2 players: both COGs stood in its area for four turns).
                from game.gears.rules.movement import los

                near = [a for a in view.areas if a in view.move_dist
                        and any(view.rdist(a, b) == 1 and los(view, (a, None), (b, None)) for b in foes(e))]
                for q in cogs:
                    plan.setdefault(q, (near or foes(e), M("the {name}: its death opens the way on", name=N.enemy(e))))
                return plan
        return everyone(foes(), M("the Locusts guarding the way on"))
    if k == "enemy_killed":
        where = foes(p.get("enemy"))
        name = N.enemy(p["enemy"]) if p.get("enemy") else M("enemy")
        only = wounding_weapons(state, p.get("enemy"))
        if where and only:
            # China Shop Stage 3: only the Hammer of Dawn wounds the unwounded Berserker, and it
            # lies on tile 17A's equipment with no ammo (traces: the squad went at the Berserker
            # bare-handed and was beaten down). Fetch it, load it, then go.
            armed = [q for q, c in cogs.items() if any(w in only and n > 0 for w, n in c.weapons)]
            empty = [q for q, c in cogs.items() if any(w in only for w, _ in c.weapons)]
            # A picked-up weapon's ammo goes on that weapon (turn._pickup): only the same weapon
            # dropped, or ammo equipment, loads it; else Scavenging's card does, wherever I am.
            ammo = ammo_areas() + sorted({d["area"] for d in state.dropped
                                          if d["area"] in view.move_dist and d["weapon"] in only})
            if armed:
                return everyone(where, M("the {name}: we carry what wounds it", name=name))
            if empty and ammo:
                return everyone(ammo, M("ammo for the {weapons}, the only weapon that wounds the {name}", weapons=_weapons(only), name=name))
            if empty:
                return everyone(foes(), M("the Locusts (until the {weapons} has ammo for the {name})", weapons=_weapons(only), name=name))
            gives = sorted({view.equipment_area[piece] for piece, eq in state.equipment.items()
                            if view.equipment_area.get(piece) and content.equipment.get(eq) is not None
                            and content.equipment[eq].effect.get("gain_weapon") in only
                            and piece not in md(state).get("equipment_used", [])})
            if gives:
                return everyone(gives, M("the {weapons} at the equipment: only it wounds the {name}", weapons=_weapons(only), name=name))
        if where:
            return everyone(where, M("the {name} (killing it is the objective)", name=name))
        return everyone(doors_ahead(), M("the door toward the enemy we must kill"))
    if k == "mission_ammo":
        # Search for the Stranded Stage 1: a kill leaves an ammo token in its area, and the
        # active COG carries one token onto the mission card at the end of its Order Step
        # (rules/missions.py after_order_step): each COG takes the nearest token not yet taken.
        tokens = sorted(a for a, n in state.flags.get("map_ammo", {}).items() if n > 0 and a in view.move_dist)
        left = list(tokens)
        for q in sorted(cogs, key=lambda q: min((view.mdist(cogs[q].area, a) for a in tokens), default=INF)):
            if not left:
                break
            a = min(left, key=lambda a: (view.mdist(cogs[q].area, a), a))
            left.remove(a)
            plan[q] = ([a], M("the ammo token in {area}: it goes onto the mission card at the end of my Order Step", area=a))
        for q in cogs:
            if q not in plan and foes():
                plan[q] = (foes(), M("the Locusts (each kill leaves an ammo token)"))
        return plan
    if k == "no_locusts_in_play":
        for e in sorted({x.enemy for x in state.locusts.values()}):
            only = wounding_weapons(state, e)
            if not only or not foes(e):
                continue
            # Horde Mode's last wave: the Berserker, whom only the Hammer of Dawn wounds while
            # unwounded, and the Hammer handed out with no ammo (seed 1001 at 4 players: its
            # carrier stood twenty turns with it empty). Its carrier loads it (ammo equipment,
            # the same weapon dropped; else Scavenging) and goes at the Berserker; the others
            # kill the rest.
            name, weapons = N.enemy(e), _weapons(only)
            ammo = ammo_areas() + sorted({d["area"] for d in state.dropped
                                          if d["area"] in view.move_dist and d["weapon"] in only})
            for q, c in cogs.items():
                if any(w in only and n > 0 for w, n in c.weapons):
                    plan[q] = (foes(e), M("the {name}: I carry the {weapons}, the only weapon that wounds it", name=name, weapons=weapons))
                elif any(w in only for w, _ in c.weapons) and ammo:
                    plan[q] = (ammo, M("ammo for the {weapons}, the only weapon that wounds the {name}", weapons=weapons, name=name))
            rest = sorted({x.area for x in state.locusts.values() if x.enemy != e and x.area in view.move_dist})
            for q in cogs:
                plan.setdefault(q, (rest or foes(e), M("the Locusts (killing them is the objective)")))
            return plan
        return everyone(foes(), M("the Locusts (killing them is the objective)"))
    return {}


def _rear_guard(view, cogs: dict, exits: list[str]) -> dict[str, tuple[list[str], str]] | None:
    """Roadblocks Stage 1 at 3+ COGs (one COG entering the last tile flips it, spec 9.2.4):
    the two COGs nearest the exit lead; the others keep 2 areas behind the foremost, nearer
    the exit than that where they can. Each tile a COG enters spawns a Ticker per player in
    its empty areas, and a Ticker's explosion and the chain reactions it sets off wound every
    figure in the area: four COGs together took each chain four times over (seeds 1000-1011 at
    4 players: 141 Stage-1 wounds from Ticker explosions in 12 games), while the Tickers go for
    the nearest COG. None with fewer than 3 COGs or no area to wait in."""
    if not exits or len(cogs) < 3:
        return None
    d = {q: min(view.mdist(c.area, e) for e in exits) for q, c in cogs.items()}
    lead = sorted(cogs, key=lambda q: (d[q], q))[:2]
    first = min(lead, key=lambda q: (d[q], q))
    back = [a for a in view.areas if a in view.move_dist and view.mdist(a, cogs[first].area) == 2
            and min(view.mdist(a, e) for e in exits) > d[first]]
    if not back:
        return None
    near = min(min(view.mdist(a, e) for e in exits) for a in back)
    back = sorted(a for a in back if min(view.mdist(a, e) for e in exits) == near)
    who = N.character(cogs[first].character)
    return {q: (exits, M("the map exit (the stage's objective; I lead)")) if q in lead else
            (back, M("2 areas behind {who}, who leads to the map exit: the Tickers of each new tile go for the nearest COG", who=who))
            for q in cogs}


def wounding_weapons(state: GearsState, enemy: str | None) -> set[str]:
    """The weapons that alone wound this enemy while it is unwounded (the base Berserker and
    the Hammer of Dawn; The Showdown's Feral Berserker), read from the rules' own test
    (wounds.immune_to); empty when any weapon does or no such figure stands."""
    from game.gears.rules.wounds import immune_to

    content = _content()
    lid = next((q for q, x in sorted(state.locusts.items()) if x.enemy == enemy and not x.wounded), None)
    if lid is None:
        return set()
    ok = {w for w in content.weapons if immune_to(state, content, lid, w) is None}
    return ok if len(ok) < len(content.weapons) else set()


def key_enemies(state: GearsState) -> list[str]:
    """Enemies whose death the current stage needs: the stage's `enemy_killed` target, an
    enemy whose kill unlocks a level (stage rule `on_kill_unlock`), and under
    `no_locusts_in_play` an enemy that only some weapons wound (`wounding_weapons`)."""
    from game.gears.rules.spawning import rules_named

    content = _content()
    m = content.missions[state.mission]
    out = [r.params["enemy"] for r in rules_named(state, "on_kill_unlock") if r.params.get("enemy")]
    if state.stage < len(m.stages):
        cond = m.stages[state.stage].flip_when
        if cond.keyword == "enemy_killed" and cond.params.get("enemy"):
            out.append(cond.params["enemy"])
        if cond.keyword == "all_cogs_on_tile" and cond.params.get("absent_enemy"):
            out.append(cond.params["absent_enemy"])
        if cond.keyword == "no_locusts_in_play":
            # Every Locust must die: one that only some weapons wound (Horde Mode's Berserker)
            # decides where their ammo goes.
            out += [e for e in sorted({x.enemy for x in state.locusts.values()}) if wounding_weapons(state, e)]
    return out


class _SquadLook(_Look):
    """_Look with the squad plan as the goal and a safer sense of danger."""

    def __init__(self, state: GearsState, me: str | None, explored: list[Any] | None = None):
        super().__init__(state, me)
        self.explored = explored  # the bot's memory of its last exploration (SquadBot.explored)
        self._plan: dict[str, tuple[list[str], str]] | None = None
        self._hunger: int | None = None
        self._bounds: tuple | None = None  # () once read and none apply

    def wounded(self) -> bool:
        """Few cards left (a card is a point of health, spec 6.13): time to stay safe."""
        return len(self.cog.hand) <= 2

    def seal_chance(self, area: str) -> float:
        """Expected emergence holes a Bolo Grenade thrown into `area` seals: only its Omens seal
        (spec 6.8), about 52% with 4 dice, read from the rules' own preview of the throw
        (attack.grenade_seal_chances), not a sure seal (the ninth pass's note)."""
        from game.gears.rules.attack import grenade_seal_chances

        return _expected(grenade_seal_chances(self.state, self.content, area))

    def seal_words(self, why: Msg, chance: float) -> Msg:
        return M("{why}: {n} holes sealed on average (only an Omen seals)", why=why, n=decimal(chance, 2))

    def seal_wait(self) -> Msg | None:
        """Why the grenade that would seal the last open hole waits (None: throw it). Sealing
        it flips the stage, and Emergence's back spawns at the map exit and walks the Wretches
        and Drones toward the nearest COG; at 4 players (seeds 1000-1029) the seal was thrown
        with the thrower or a partner by the hole on 0-2 cards, and the flip's Locusts downed
        them (seed 1009, turn 5: Cole on 2 cards played his grenade with Dom on 0 beside him;
        three COGs down that round). At 3+ players it waits while a standing COG within
        `_SEAL_WAIT_AREAS` of the hole holds `_SEAL_WAIT_CARDS` cards or fewer (mine counted
        without the card I would play for it)."""
        if self.objective_kind() != "all_holes_sealed" or len(self.state.players) < 3:
            return None
        holes = self.open_holes()
        m = self.content.missions[self.state.mission]
        if len(holes) != 1 or not any(st.keyword in ("move_toward_nearest_cog", "spawn")
                                      for st in m.stages[self.state.stage].back):
            return None
        for q, c in sorted(self.state.cogs.items()):
            if c.bleeding or c.area not in self.view.move_dist:
                continue
            n = len(c.hand) - (1 if q == self.me and self.phase == "order" else 0)
            if self.view.mdist(c.area, holes[0]) <= _SEAL_WAIT_AREAS and n <= _SEAL_WAIT_CARDS:
                return Mn("the stage flips with this seal and its Locusts walk to the nearest COG: {cog} by the hole would be left with {n} card",
                          "the stage flips with this seal and its Locusts walk to the nearest COG: {cog} by the hole would be left with {n} cards",
                          max(n, 0), cog=N.character(c.character))
        return None

    def left_this_move(self) -> list[str]:
        """Areas my move in progress has left (the move frame's record): a step back into one
        is a wasted area (Search for the Stranded at 4 players, seed 1004: Cole played Roadie
        Run to 8A:coal_heap and stepped straight back to 8A:platform, where stopping now
        counted the cover spot he had not had, and a partner paid a card to follow him)."""
        f = self.frame or {}
        if f.get("f") == "move" and f.get("player") == self.me:
            return list(f.get("left_areas") or [])
        return []

    def goal_areas(self) -> list[str]:
        if self._goal is not None:
            return self._goal
        s = self.state
        bleeding = [c.area for q, c in s.cogs.items() if c.bleeding and q != self.me and c.area in self.view.move_dist
                    and self.locust_dice_in(c.area) < 4]
        if bleeding and self.cog.hand:
            self._goal, self._goal_name = bleeding, M("a bleeding-out partner")
            return self._goal
        if self._plan is None:
            self._plan = squad_plan(s)
        mine = self._plan.get(self.me)
        if mine and mine[0]:
            self._goal, self._goal_name = list(mine[0]), mine[1]
            return self._goal
        return super().goal_areas()

    def attack_value(self, target: str, weapon: str, mode: str, bonus: int) -> tuple[float, float]:
        """Nothing from a weapon the target shrugs off (The Showdown, seed 1: Lancers fired at
        the Feral Berserker, whom only Scorchers and Bolos wound while unwounded)."""
        from game.gears.rules.wounds import immune_to

        if target in self.state.locusts and immune_to(self.state, self.content, target, weapon) is not None:
            return 0.0, 0.0
        return super().attack_value(target, weapon, mode, bonus)

    def locust_dice_in(self, area: str) -> int:
        """Attack dice of the Locusts standing in the area (what a revived COG there faces)."""
        from game.gears.rules import wounds as W

        return sum(W.enemy_stats(self.state, self.content, x.enemy).attack
                   for x in self.state.locusts.values() if x.area == area)

    def ammo_hunger(self) -> int:
        """0: a weapon with attack dice has 2+ ammo tokens; 1: the best have at most 1; 2: none
        but the weapons usable without ammo can attack (spec 6.5: a weapon needs a token to
        attack at all). Traces (Hive, seed 201): Overwhelming attacks and Guards spent every
        token by mid-game, and the squad then shot Skorge with a Snub Pistol."""
        if self._hunger is None:
            w = self.content.weapons
            ammo = [n for q, n in self.cog.weapons if w[q].uses == "ammo" and not w[q].usable_without_ammo]
            self._hunger = 0 if any(n >= 2 for n in ammo) else 1 if any(n >= 1 for n in ammo) else 2 if ammo else 0
        return self._hunger

    def ammo_cost(self, weapon: str) -> float:
        """Score points of spending one ammo token of this weapon: little from a full weapon,
        much for the last (the weapon then cannot attack at all, spec 6.5)."""
        w = self.content.weapons[weapon]
        if w.uses != "ammo":
            return 0.0
        left = self.cog.ammo(weapon) - 1
        if left <= 0:
            return 6.0 if w.usable_without_ammo else 30.0
        return 6.0 if left == 1 else 2.0

    def key_weapon_empty(self) -> str:
        """A weapon I carry with no ammo that alone wounds the stage's key enemy ('' if none)."""
        for e in key_enemies(self.state):
            only = wounding_weapons(self.state, e)
            for w, n in self.cog.weapons:
                if w in only and n == 0 and self.content.weapons[w].uses == "ammo":
                    return w
        return ""

    def stage_tile(self) -> str | None:
        """The tile whose equipment the stage card asks for (`equipment_activated`), or None."""
        if self.objective_kind() != "equipment_activated":
            return None
        return self.content.missions[self.state.mission].stages[self.state.stage].flip_when.params.get("tile")

    def stage_equipment_needs_room(self) -> bool:
        """I stand on the equipment the stage card asks for, or on one that hands out the only
        weapon that wounds the stage's key enemy, it hands out a weapon, and my weapon slots are
        full (turn._equipment_choices offers nothing then)."""
        tile = self.stage_tile()
        piece = self.equipment_piece()
        eq = self.content.equipment.get(self.state.equipment.get(piece or "", ""))
        if eq is None or len(self.cog.weapons) < self.content.cogs[self.cog.character].weapon_limit:
            return False
        if piece == tile and ("gain_weapon" in eq.effect or "draw_random_weapons" in eq.effect):
            return True
        # Or it hands out the only weapon that wounds the stage's key enemy (China Shop Stage 3:
        # the Hammer of Dawn on 17A; seed 1020 at 2 players: both COGs, each carrying three
        # weapons after picking up a dropped Hammerburst, stood on it for 600 turns).
        from game.gears.rules.spawning import md

        gives = eq.effect.get("gain_weapon")
        return bool(gives) and piece not in md(self.state).get("equipment_used", []) \
            and not self.cog.has_weapon(gives) and any(gives in wounding_weapons(self.state, e) for e in key_enemies(self.state))

    def flip_on_entry(self) -> tuple[str, str] | None:
        """(enemy, exit area) when the stage flips as that enemy moves into the level's map
        exit (China Shop, spec 9.2.2), else None."""
        m = self.content.missions[self.state.mission]
        if self.state.stage >= len(m.stages) or m.stages[self.state.stage].flip_when.keyword != "enemy_in_exit_area":
            return None
        from game.gears.rules.missions import _exit_area_of_level

        p = m.stages[self.state.stage].flip_when.params
        area = _exit_area_of_level(self.state, int(p["level"]))
        return (p["enemy"], area) if area else None

    def flip_spawns_per_hole(self) -> int:
        """Locusts the current stage's flip spawns at every open emergence hole (The Showdown
        Stage 1: one Locust A per player), counted by the rules' own spawn table."""
        from game.gears.rules.missions import _spawn_table

        m = self.content.missions[self.state.mission]
        if self.state.stage >= len(m.stages):
            return 0
        return sum(len(_spawn_table(self.state, step.params)) for step in m.stages[self.state.stage].back
                   if step.keyword == "spawn" and step.params.get("at") == "every_hole")

    def flip_places_stranded(self) -> bool:
        """The current stage's flip puts the Stranded on the map (Search for the Stranded Stage
        2: its back places him in 17B's equipment area and spawns Butchers at the exit, spec
        9.3.2), and the Locusts then activate before the end of the turn lets a card walk him on."""
        m = self.content.missions[self.state.mission]
        return self.state.stage < len(m.stages) and any(
            step.keyword == "place_stranded" for step in m.stages[self.state.stage].back)

    def skip_cards(self) -> list[str]:
        """Cards in my hand whose actions skip the Locust Activation Step (Sit Tight)."""
        return sorted(h for h in self.cog.hand
                      if any(b.verb == "skip_locust_activation" for b in self.content.orders[h.split("#")[0]].actions))

    def on_stage_equipment(self) -> bool:
        return self.stage_tile() is not None and self.equipment_piece() == self.stage_tile()

    def can_use_stage_equipment_at(self, area: str) -> bool:
        """Whether, ending my move in `area`, I could still use the stage's equipment this turn:
        I am the active COG, `area` holds the equipment the stage card asks for, and a card is
        left to pay the special action (spec 6.10) once this turn's card is played."""
        tile = self.stage_tile()
        if tile is None or self.me != self.state.active_player or self.view.equipment_area.get(tile) != area:
            return False
        return len(self.cog.hand) - (0 if self.state.flags.get("played") else 1) >= 1

    def stranded_flip_wait(self, paid: bool) -> Msg | None:
        """Why not to use the equipment that puts the Stranded on the map yet (None: use it;
        `paid`: a special action, which costs a card). Placed beside the exit's new Butchers, he
        takes the Locust activation of that same turn before a card can walk him out (traces at
        2 players, seeds 1019, 1021, 1030, 1031, 1040: lost by the flip turn's activation). Sit
        Tight skips that activation (FAQ v1.1), and its draw pays the equipment and the
        Stranded's move: with one in hand the flip waits for it, this turn or, once this turn's
        card is played, the next. With no card left for his move the flip waits for the
        Healing Step (seeds 1024, 1048: flipped on the last card, he stood through two
        activations and was lost)."""
        if not self.flip_places_stranded():
            return None
        if len(self.cog.hand) - (1 if paid else 0) < 1:
            return M("Not yet: no card would be left to walk the Stranded out at the end of the turn")
        if self.state.flags.get("skip_locust") or not self.skip_cards():
            return None
        if not self.state.flags.get("played"):
            return M("Not yet: Sit Tight first, so that no Locust activates before the Stranded can walk out")
        return M("Not yet: next turn, with Sit Tight, so that no Locust activates before the Stranded can walk out")

    def holds_sit_tight(self) -> bool:
        """Whether my last Sit Tight is kept for the flip turn (`stranded_flip_wait`): the
        stage puts the Stranded on the map, I am within 4 areas of its equipment (a move card's
        reach) and not on it yet."""
        tile = self.stage_tile()
        area = self.view.equipment_area.get(tile) if tile else None
        return len(self.skip_cards()) == 1 and self.flip_places_stranded() and area is not None \
            and self.cog.area != area and self.view.mdist(self.cog.area, area) <= 4

    def weapon_worth(self, weapon: str) -> float:
        """Attack dice it rolls now (none without ammo, spec 6.5), a little for its ammo."""
        w = self.content.weapons[weapon]
        n = self.cog.ammo(weapon)
        if w.uses == "ammo" and n == 0 and not w.usable_without_ammo:
            return 0.1 * (w.overwhelming or 0)
        return float(max(w.normal or 0, w.overwhelming or 0)) + 0.5 * n

    def equipment_gives_ammo(self) -> bool:
        piece = self.equipment_piece()
        eq = self.content.equipment.get(self.state.equipment.get(piece or "", ""))
        return eq is not None and "gain_ammo" in eq.effect

    def keep_value(self, card: str, negative: bool = False) -> float:
        """An ammo card (Scavenging) is worth more while the weapons are short of ammo."""
        v = super().keep_value(card)
        if self.ammo_hunger() and any(b.verb == "gain_ammo" for b in self.content.orders[card.split("#")[0]].actions):
            v += 6 * self.ammo_hunger()
        return -v if negative else v

    def kill_worth(self, lid: str, e: float, kill: float) -> float:
        """Less the cards its death blast would cost the COGs in its area, more for the
        Locusts it takes along (`blast_on_kill`)."""
        x = self.state.locusts.get(lid)
        if x is not None and x.wounded:
            pile = self.content.marker_piles.get(self.content.enemies[x.enemy].markers)
            if pile is None or not pile.two_stage or x.wounded_health != pile.two_stage[0]:
                # A wounded Locust takes no wound short of its marker (wounds.damage_locust):
                # only the kill counts (Search for the Stranded, seed 8 at 1 player: twenty
                # shots at a wounded Butcher that could not hurt it).
                e = 0.0
        worth = super().kill_worth(lid, e, kill)
        if lid not in self.state.locusts:
            return worth
        own, foes = self.blast_on_kill(lid)
        if self.state.locusts[lid].enemy in key_enemies(self.state):
            # Its death is the stage's objective: every wound counts, not only a likely kill
            # (The Showdown, seed 1: a loaded Scorcher stood beside the Feral Berserker for five
            # turns while its carrier shot Palace Guards).
            # Unwounded, only some weapons wound it (The Showdown's Feral Berserker: Scorchers
            # and Bolos); its first wound opens it to every weapon, so a wound counts double.
            worth += (40 if wounding_weapons(self.state, self.state.locusts[lid].enemy) else 20) * min(e, self.health(lid))
            # Its kill ends the stage's task, and a heavily wounded one takes no wound short of
            # the kill, so the kill itself must outweigh any other target (The Showdown, seed 1
            # at 2 players: beside the Feral Berserker on its last 3 health, a loaded Lancer shot
            # a Grenadier instead; the Berserker regenerated to 5 and the squad fell).
            worth += 80 * kill
        return worth + kill * (8 * foes - own)

    def move_mark(self) -> list[Any] | None:
        """My move now, as the bot remembers an exploration in it: [turn, the area the move
        began in, tiles placed]; None outside a move of mine."""
        f = self.frame or {}
        if f.get("f") != "move" or f.get("player") != self.me:
            return None
        left = f.get("left_areas") or [self.cog.area]
        return [self.state.turn, left[0], len(self.state.placements)]

    def explored_this_move(self) -> bool:
        """Whether the move I am making explored partway (the move frame's record) and my goal
        is now where Locusts stand: the next level's Locusts have just come out, all at once
        (spec 6.12), and the rest of the move would walk at them alone. Not toward a place
        (Roadblocks' exit: weighing safety only there cost 61 -> 55 wins of 100 at 2 players)."""
        mark, mine = self.move_mark(), self.explored
        if mark is None or mine is None or mark[:2] != mine[:2] or mark[2] <= mine[2]:
            return False  # not in the move in which I explored, or no tile came out of it
        goal = set(self.goal_areas())
        return any(x.area in goal for x in self.state.locusts.values())

    def goal_weight(self) -> float:
        self.goal_areas()
        if _gid(self._goal_name) == "a bleeding-out partner":
            return 4.0
        if self.explored_this_move():
            # The rest of that move goes to safety, not toward them (Scattered at 4 players,
            # seed 1000: Marcus opened 17B on Roadie Run with his partners five areas back, walked
            # on toward its four new Grinders, and they came to him alone).
            return 0.0
        if _gid(self._goal_name) in ("the Locusts", _ONE_THROWER):
            base = 0.5
        elif _gid(self._goal_name).startswith("the Locusts (") or _gid(self._goal_name) == _COMES_TO_US:
            # Killing them is the objective, but they come to the squad anyway: so does The
            # Showdown's Feral Berserker, whose every AI card moves it toward a COG not in its
            # area (seed 5 at 2 players: a COG ran 5 areas after it, alone, into two Palace
            # Guards' sight).
            base = 1.0
        elif _gid(self._goal_name).startswith("the ammo token") and self.me == self.state.active_player:
            # Search for the Stranded Stage 1: the token counts only if my Order Step ends on
            # it (seed 1000 at 2 players: a COG stepped onto the token and back off, safer).
            base = 6.0
        else:
            base = 3.0
        if self.wounded():
            base *= 0.4  # a wounded COG weighs safety above progress
        return base

    def danger(self, area: str, spot: str | None) -> float:
        key = (area, spot)
        if key in self._danger:
            return self._danger[key]
        total = super().danger(area, spot)
        if spot is None:
            # Boomers (big dice, a +1-wound Omen), and the MP1 Grenadiers and Flame
            # Grenadiers (`big_area_hitter`): not in the open beside them.
            for x in self.state.locusts.values():
                if (x.enemy == "boomer" or self.big_area_hitter(x)) and x.area in self.view.move_dist and self.view.mdist(x.area, area) <= 1:
                    total += 1.0
        total += self.crowding(area)
        if self.wounded():
            total *= 1.8
        self._danger[key] = total
        return total

    def big_area_hitter(self, x) -> bool:
        """Whether Locust `x` rolls 4+ attack dice and its Omen hits its target's whole area: a
        Grenadier's GRENADE TOSS wounds each other figure there (`wound_others_in_target_area`),
        a Flame Grenadier's COMBUSTION attacks each COG there
        (`hit_all_cogs_in_target_area`). Beside one, the open counts 1 more expected wound
        (`danger`), as beside a Boomer (counted by name: its attack is a tuned value, 3).
        Only the Boomer was counted until the thirteenth pass (BALANCE.md): The
        Showdown at 4 players lost 334 Stage-1 wounds to Grenadier attacks and 77 to their
        tosses in 30 games, squads standing in the open beside them."""
        from game.gears.rules import wounds as W

        st = W.enemy_stats(self.state, self.content, x.enemy)
        return st.attack >= 4 and any(a.kind == "omen" and a.effect in _BIG_AREA_OMENS for a in st.abilities)

    def crowding(self, area: str) -> float:
        """Spread out (issue 20 item 1): each partner standing in the area shares every area
        hit aimed at it (a Grenadier's Omen, a Lambent Wretch's death blast, a
        Ticker's explosion, Combustion; enemies.toml), so near such Locusts (within 2 areas) a
        shared area costs 0.4 expected wounds per partner and Locust (at most two counted).
        Traces (Horde Mode's third wave): four COGs in one area, every blast and Omen hit all."""
        partners = sum(1 for q, c in self.state.cogs.items() if q != self.me and c.area == area and not c.bleeding)
        if not partners:
            return 0.0
        return 0.4 * partners * min(self.area_hitters(area, 2, False), 2)

    def area_hitters(self, area: str, reach: int = 4, sight: bool = True) -> int:
        """Locusts whose hits cover a whole area (`_AREA_HITS`, or AI cards that attack every
        figure in their area: `_attacks_its_whole_area`) within `reach` areas of `area`
        (or, with `sight`, seeing it). The default reach is one round's: an AI card's move of
        2-3, then an attack at what it sees. Traces (The Showdown at 4 players, seed 1000):
        Grenadiers 3-4 areas off walked in on one AI card and each GRENADE TOSS wounded all
        three partners of the target."""
        from game.gears.rules.movement import los

        view = self.view
        n = 0
        for x in self.state.locusts.values():
            if x.area not in view.move_dist or not self.hits_whole_area(x):
                continue
            if view.mdist(x.area, area) <= reach or (sight and los(view, (x.area, x.cover), (area, None))):
                n += 1
        return n

    def hits_whole_area(self, x) -> bool:
        """Whether Locust `x`'s hits cover its target's whole area (`area_hitters`' test)."""
        from game.gears.rules import wounds as W

        return self.sturdy_area_attacker(x) or any(
            a.effect in _AREA_HITS for a in W.enemy_stats(self.state, self.content, x.enemy).abilities)

    def acting_locust(self) -> str | None:
        """The Locust whose AI instruction asks the pending target tie, or whose way the pending
        path question chooses (`ai.asking_locust`, a fact of the view; the log shows it acting);
        None when the card itself asks (no figure) or it has left play. Not the rules'
        `activating` flag: that stays set for the whole Locust step, so a question asked later
        in the step (an event card, another figure's move) read a stale Locust."""
        from game.gears.ai import asking_locust

        return asking_locust(self.state)

    def sturdy_area_attacker(self, x) -> bool:
        """Whether Locust `x`'s AI cards attack every figure in its area and it is too sturdy
        to shoot down before it strikes (health 5 or more: the Berserker, the Feral Berserker,
        7). Not the Butchers of Search for the Stranded (health 4): counting them in
        `area_hitters` cost the escort (its Stage 2 with seeds 1-5 at 2 players: 3 -> 2)."""
        from game.gears.rules import wounds as W

        return _attacks_its_whole_area(x.enemy) and W.enemy_stats(self.state, self.content, x.enemy).health >= 5

    def smashers_near(self, area: str) -> list[str]:
        """Sturdy whole-area attackers (`sturdy_area_attacker`) that stand in `area` or one
        area from it: their AI cards move them 1 area toward the nearest COG and then attack
        every figure in their own area (base cards 20-22), so nobody there is out of reach.
        Not one whose death is the stage's objective (China Shop Stage 3): the squad goes at it."""
        view, keys = self.view, key_enemies(self.state)
        return sorted(x.id for x in self.state.locusts.values() if x.area in view.move_dist
                      and view.mdist(x.area, area) <= 1 and self.sturdy_area_attacker(x) and x.enemy not in keys)

    def stay_danger(self) -> float:
        """Stopping partway through a move ends it here, and the COG then takes this area's
        best free cover spot (turn._end_move: cover after a move), so its danger is that spot's,
        not the open's. Traces (The Showdown at 4 players, seed 1000): a COG stepped into
        8B:flooded_sump, weighed stopping there as standing in the open, and walked on back to
        the crowded 8B:drift_west, where a cover spot was free."""
        f = self.frame or {}
        if f.get("f") == "move" and f.get("player") == self.me and f.get("steps"):
            return self.best_spot_danger(self.cog.area)
        return super().stay_danger()

    # --- advancing in bounds

    def bounds(self) -> tuple[str, Msg, int] | None:
        """The active COG's part in advancing by bounds: ('hold', why, line) or ('move', why,
        line), `line` being the distance to the goal of the other half's foremost COG; None
        when bounds do not apply. Only the active COG moves while the Locusts act after every
        turn (spec 5), so the squad splits by seat into two halves (odd and even seats): a COG
        ahead of every standing COG of the other half holds in cover, its cards kept for a
        Guard (spec 6.9), while the others move up to the next cover, at most one area past
        that line; then the halves swap. A half never waits for one that waits for it, so the
        squad never stands still. Bounds apply while a Locust can attack the next area toward
        the goal (within 2 areas or in sight, as `danger` counts it), only toward a place the
        mission needs (`_PLACE_WEIGHT`: a door, an exit, a hole's throwing range), and not for
        a wounded COG, one heading for a bleeding partner or one at its goal. Toward a Locust
        that comes to the squad anyway (The Showdown's Feral Berserker) they cost more than
        they gave: Stage 2 in 20-21 of 100 games at 4 players instead of 28 (BALANCE.md,
        sixth pass)."""
        if self._bounds is not None:
            return self._bounds or None
        self._bounds = ()
        s, view = self.state, self.view
        goal = self.goal_areas()
        if self.me != s.active_player or self.wounded() or not goal or self.bound_origin() not in view.move_dist \
                or self.goal_weight() < _PLACE_WEIGHT or _gid(self._goal_name) == "a bleeding-out partner":
            return None
        mine = self.dist_to(self.bound_origin(), goal)
        if mine == 0 or mine >= INF:
            return None
        from game.gears.rules.movement import steps_from

        nxt = [a for a in steps_from(view, self.bound_origin()) if self.dist_to(a, goal) < mine]
        if not any(self.can_attack(x, a) for a in nxt for x in s.locusts.values()):
            return None
        standing = [q for q in s.players if q in s.cogs and not s.cogs[q].bleeding
                    and s.cogs[q].area in view.move_dist]
        partners = [q for q in standing if q != self.me]
        if not partners:
            return None
        half = s.players.index(self.me) % 2
        others = [q for q in partners if s.players.index(q) % 2 != half] or partners
        line = min(self.dist_to(s.cogs[q].area, goal) for q in others)
        who = join(", ", [N.character(s.cogs[q].character) for q in others])
        if mine < line:
            self._bounds = ("hold", M("holding in cover ahead, to Guard while {who} move up", who=who), line)
        else:
            self._bounds = ("move", M("moving up to the next cover while {who} hold", who=who), line)
        return self._bounds

    def bound_origin(self) -> str:
        """Where my move began (the move frame's first area left), else where I stand: a bound
        is weighed from there, so a step does not turn a mover into a holder halfway."""
        f = self.frame or {}
        if f.get("f") == "move" and f.get("player") == self.me and f.get("left_areas"):
            return f["left_areas"][0]
        return self.cog.area

    def can_attack(self, x, area: str) -> bool:
        """Whether Locust `x` can attack `area` next round: within 2 areas or in sight (as
        `danger` counts it, with the rules' own distances and LOS)."""
        from game.gears.rules.movement import los

        view = self.view
        return x.area in view.move_dist and (view.mdist(x.area, area) <= 2 or los(view, (x.area, x.cover), (area, None)))

    def bound_score(self, area: str) -> float:
        """A mover gains for the next cover toward the goal no more than one area past the
        holders' line; a holder loses for going on past its partners; nobody falls back
        (the start area, crowded and watched, is where the Locusts come)."""
        b = self.bounds()
        if b is None:
            return 0.0
        role, _, line = b
        goal = self.goal_areas()
        here, d = self.dist_to(self.bound_origin(), goal), self.dist_to(area, goal)
        if d > here:
            return -_BOUND_BACK * (d - here)
        if role == "hold":
            return -_BOUND_AHEAD * (here - d)
        if d < line - 1:
            return -_BOUND_AHEAD * (line - 1 - d)
        from game.gears.rules.movement import free_spots

        if d < here and free_spots(self.state, area):
            return _BOUND_NEXT_COVER
        return 0.0

    # --- every COG at the exit (Roadblocks Stage 2)

    def stay_bonus(self, here: str) -> float:
        return _ALL_IN if here in self.exit_together() and self.all_in_with_me() else 0.0

    def exit_together(self) -> list[str]:
        """The map exit areas when the stage needs every COG standing there at once
        (`all_cogs_at_exit`), else none."""
        m = self.content.missions[self.state.mission]
        if self.state.stage >= len(m.stages) or m.stages[self.state.stage].flip_when.keyword != "all_cogs_at_exit":
            return []
        from game.gears.rules.missions import _exit_area_of_level

        levels = m.stages[self.state.stage].flip_when.params.get("levels", [])
        return [a for lv in levels for a in [_exit_area_of_level(self.state, int(lv))] if a in self.view.move_dist]

    def can_follow(self, q: str) -> bool:
        """Whether COG q holds a card with the Follow icon (seed p. 24)."""
        return any(self.content.orders[h.split("#")[0]].icon == "follow" for h in self.state.cogs[q].hand)

    def all_in_with_me(self) -> bool:
        """Whether my move into the exit now puts every COG there (no COG may be bleeding out):
        each other is at the exit, a committed follower of my move, or (before my move is
        announced) stands in my area with a Follow card and will follow (`SquadBot._a_follow`
        answers alike)."""
        s, ex = self.state, self.exit_together()
        if self.me != s.active_player or any(c.bleeding for c in s.cogs.values()):
            return False
        f = self.frame or {}
        moving = f.get("f") == "move" and f.get("player") == self.me
        followers = set(f.get("followers", ())) if moving else set()
        for q, c in s.cogs.items():
            if q == self.me or c.area in ex or q in followers:
                continue
            if moving or c.area != self.cog.area or not self.can_follow(q):
                return False
        return True

    # --- the Stranded (Search for the Stranded Stage 3)

    def stranded_area(self) -> str | None:
        from game.gears.rules.spawning import md

        a = md(self.state).get("stranded")
        return a if a in self.view.move_dist else None

    def stranded_exit_dist(self, area: str | None) -> int:
        from game.gears.rules.spawning import exit_areas

        if area is None:
            return INF
        return min((self.view.mdist(area, e) for e in exit_areas(self.state)), default=INF)

    def stranded_danger(self, area: str) -> float:
        """Expected wounds on the Stranded at `area` (defence 2, never in cover, spec 9.3.2):
        the Locusts there, near enough to close in, or seeing him; an open hole spawns there.
        A standing COG in the area takes the Locusts' choice of target (ties: the active
        player picks, and the bot never picks the Stranded), not their area effects."""
        from game.gears.rules.spawning import rules_named

        d = next((int(r.params.get("defence", 2)) for r in rules_named(self.state, "stranded")), 2)
        guarded = any(c.area == area and not c.bleeding for c in self.state.cogs.values())
        total = self.locust_pressure(area, None, d, (1.5, 0.9, 0.5), 0.6 if guarded else 1.0)
        if any(h == area for h in self.open_holes()):
            total += 2.0
        return total

    def stranded_value(self, area: str | None) -> float:
        """Score of the Stranded standing at `area` (nearer the exit, less exposed, never beside
        a Locust): an area from which the next payment reaches the exit is worth most."""
        if area is None:
            return -INF
        dist = self.stranded_exit_dist(area)
        beside = any(x.area == area for x in self.state.locusts.values())  # its next attack may be on him
        return -2.0 * min(dist, 30) - 6.0 * self.stranded_danger(area) - (50.0 if beside else 0.0) \
            + (4.0 if dist <= 2 else 0.0)

    def stranded_gain(self, n: int) -> tuple[float, str]:
        """(how much better the Stranded's best area within n steps is than where he stands, it)."""
        here = self.stranded_area()
        if here is None:
            return 0.0, ""
        stay = self.stranded_value(here)
        best, dest = stay, here
        for a in sorted(self.view.areas):
            if a != here and a in self.view.move_dist and self.view.mdist(here, a) <= n:
                v = self.stranded_value(a)
                if v > best + 1e-9:
                    best, dest = v, a
        return best - stay, dest

    def position(self, area: str) -> tuple[float, str | None]:
        if area in self._pos:
            return self._pos[area]
        score, spot = super().position(area)
        if self.objective_kind() in ("level_explored", "explore_attempted") and area in self.goal_areas() \
                and "door" in _gid(self._goal_name) and self.me == self.state.active_player:
            # Reaching the door lets the move end in exploring (turn.py: the move frame offers
            # it), which is the stage's objective: worth more than the danger of the area (The
            # Showdown, seed 2 at 2 players: with the Feral Berserker dead, a COG stopped one
            # area short of the door, safer, and was worn down there).
            score += 12.0
        if self.can_use_stage_equipment_at(area):
            # The stage flips when its equipment is used, by a special action after the move or
            # the card's own free use (Explore): this turn. Search for the Stranded, seed 1009 at 2
            # players: a COG one area from 17B's equipment with 6 cards played Ambush at a
            # Grenadier instead, and the squad fell beside it.
            score += 20.0
        if self.wounded() and self.cog.area != area and self.dist_to_partner(area) <= 1:
            score += 1.5  # back toward a partner who can revive me
        if area in self.exit_together() and self.all_in_with_me():
            # Every other COG is at the exit already or follows me in: the stage is won.
            score += _ALL_IN
        score += self.bound_score(area)
        self._pos[area] = (score, spot)
        return self._pos[area]
