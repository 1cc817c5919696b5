"""Gears controllers that pick among legal actions (DESIGN.md: the AI is a controller).

`RandomBot` picks uniformly (tests, the benchmark). `CogBot` plays a COG sensibly, for solo
partners and simulations: it revives bleeding-out partners, seals emergence holes with
grenades, attacks the target with the best expected wounds (`attack_preview`), heads for the
objective (the open holes, the Locusts, the door or exit), takes cover after moving, and
answers Guard, Dodge and wound-discard questions by simple rules. It only ever picks one of
the `legal_actions` it is given, and says why in one line (`Choice.reason`, shown by the UI).

Both have `decide(state, actions) -> Choice` and `choose(actions, state=None) -> Action`.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from game.engine.protocol import Action
from game.engine.rng import Pcg32, Rng
from game.gears.rules.board_view import INF
from game.gears.rules.state import GearsState


@dataclass(frozen=True)
class Choice:
    action: Action
    reason: str


class RandomBot:
    """Picks a uniformly random legal action from its own seeded stream (tests, simulations)."""

    def __init__(self, seed: int = 0):
        self.rng: Pcg32 = Rng(seed).stream("bot")

    def choose(self, actions: list[Action], state: Any = None) -> Action:
        if not actions:
            raise ValueError("no legal action to choose from")
        return actions[self.rng.below(len(actions))]

    def decide(self, state: Any, actions: list[Action]) -> Choice:
        return Choice(self.choose(actions), "picked at random")


def _content():
    from game.gears.rules.title import shared_content

    return shared_content()


def _expected(dist: dict[int, Fraction]) -> float:
    return float(sum(w * p for w, p in dist.items()))


class CogBot:
    """A sensible COG player. Each legal action gets a score and a reason; the best wins and
    ties go to the bot's seeded stream, so a simulation is reproducible from its seed."""

    def __init__(self, seed: int = 0):
        self.rng: Pcg32 = Rng(seed).stream("cogbot")

    def choose(self, actions: list[Action], state: GearsState | None = None) -> Action:
        if state is None:
            raise ValueError("CogBot needs the game state to choose")
        return self.decide(state, actions).action

    def decide(self, state: GearsState, actions: list[Action]) -> Choice:
        if not actions:
            raise ValueError("no legal action to choose from")
        me = _decider(state)
        ctx = _Look(state, me)
        best: list[tuple[float, Action, str]] = []
        for a in actions:
            score, why = self._score(ctx, a)
            if not best or score > best[0][0]:
                best = [(score, a, why)]
            elif score == best[0][0]:
                best.append((score, a, why))
        _, action, why = best[self.rng.below(len(best))] if len(best) > 1 else best[0]
        return Choice(action, why)

    # ------------------------------------------------------------------ scoring

    def _score(self, ctx: _Look, a: Action) -> tuple[float, str]:
        handler: Callable[[_Look, Action], tuple[float, str]] | None = getattr(self, "_a_" + a.kind, None)
        if handler is not None:
            return handler(ctx, a)
        return 0.0, f"{a.text or a.kind} (no preference)"

    # --- frames of the COG turn

    def _a_cover(self, ctx: _Look, a: Action) -> tuple[float, str]:
        spot = a.payload["spot"]
        bonus = ctx.cover_value(spot)
        return 50 + 5 * bonus, f"Take cover at {spot}: +{bonus:.1f} defence dice on average against the Locusts"

    def _a_no_cover(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return 10, "No free cover spot here: stay in the open"

    def _a_crawl(self, ctx: _Look, a: Action) -> tuple[float, str]:
        d = ctx.dist_to_partner(a.payload["area"])
        now = ctx.dist_to_partner(ctx.cog.area)
        if d < now:
            return 40 - d, f"Crawl to {a.payload['area']}, toward a partner who can revive me"
        return 5 - d, f"Crawl to {a.payload['area']}"

    def _a_no_crawl(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.dist_to_partner(ctx.cog.area) == 0:
            return 45, "Stay with my partner, who can revive me"
        return 20, "Stay where I am"

    def _a_play(self, ctx: _Look, a: Action) -> tuple[float, str]:
        card, how = a.payload["card"], a.payload["as"]
        order = ctx.content.orders[card.split("#")[0]]
        verbs = [b.verb for b in order.actions]
        attack = ctx.best_attack_value(bonus=0)
        want_move = ctx.want_to_move()
        # Order cards are a COG's health (spec 6.13): a second card in one Order Step (an extra
        # Order Step) must buy a lot.
        extra = 65.0 if ctx.state.flags.get("played") else 0.0
        if how == "attack":
            if attack <= 0:
                return 5, f"Play {card} to attack (nothing worth shooting)"
            return 40 + 20 * attack - extra, f"Play {card} to attack: {attack:.2f} expected wounds on the best target"
        if how == "move":
            if want_move:
                return (38 + ctx.keep_value(card, negative=True) - extra,
                        f"Play {card} to move 2 areas toward {ctx.goal_name()}")
            return 8 - extra, f"Play {card} to move"
        score = 30 + ctx.keep_value(card, negative=True)
        if "attack" in verbs and attack > 0:
            score += 15 + 20 * attack
        if "move" in verbs and want_move:
            score += 10
        if "draw" in verbs:
            score += 6
        if "skip_locust_activation" in verbs:
            score += 12
        return score - extra, f"Play {card} for its actions ({', '.join(verbs)})"

    def _a_special(self, ctx: _Look, a: Action) -> tuple[float, str]:
        do = a.payload["do"]
        if do == "revive":
            target = ctx.state.cogs[a.payload["target"]].character
            return 100, f"Revive {target}, who is bleeding out (discarding {a.payload['discard']})"
        if do == "pickup":
            return 45, f"Pick up the dropped weapon ({a.payload['choice']})"
        if do == "equipment":
            bonus = 30 if ctx.objective_kind() == "equipment_activated" else 0
            return 35 + bonus, "Use this tile's equipment"
        return 1, a.text

    def _a_explore(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.objective_kind() in ("all_holes_sealed", "no_locusts_in_play", "enemy_killed") and ctx.state.locusts:
            return 12, "Explore through the door (the objective is on this level)"
        return 75, "Explore through the door: the objective lies ahead"

    def _a_drop_weapon(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return -100, f"Discard the {a.payload['weapon']}"

    def _a_end(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return 0, "Nothing more worth doing: end the Order Step"

    def _a_do(self, ctx: _Look, a: Action) -> tuple[float, str]:
        f = ctx.frame or {}
        card = f.get("card", "")
        order = ctx.content.orders.get(card.split("#")[0]) if card else None
        verb = order.actions[f["i"]].verb if order is not None and f.get("i", 0) < len(order.actions) else ""
        if verb == "move" and not ctx.want_to_move():
            return 10, "Skip the move: already where I want to be"
        return 30, f"Do the card's next action ({verb or a.text})"

    def _a_skip(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if ctx.phase == "card":
            return 20, "Skip this action of the card"
        if ctx.phase == "attack":
            return 1, "Do not attack: nothing worth shooting"
        return 5, "No ammo gained"

    def _a_step(self, ctx: _Look, a: Action) -> tuple[float, str]:
        to = a.payload["area"]
        goal = ctx.goal_areas()
        now = ctx.dist_to(ctx.cog.area, goal)
        then = ctx.dist_to(to, goal)
        if then < now:
            from game.gears.rules.movement import free_spots

            cover = 3 if free_spots(ctx.state, to) else 0  # somewhere to take cover on arrival
            return 40 + cover, f"Move to {to}, toward {ctx.goal_name()}"
        return 5 - then / 100, f"Move to {to}"

    def _a_stop(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if not ctx.want_to_move():
            return 35, f"Stop here: at {ctx.goal_name()}"
        return 15, "End the move"

    def _a_attack(self, ctx: _Look, a: Action) -> tuple[float, str]:
        p = a.payload
        bonus = (ctx.frame or {}).get("bonus", 0)
        e, kill = ctx.attack_value(p["target"], p["weapon"], p["mode"], bonus)
        score = 40 + 25 * e + 30 * kill
        if p["mode"] == "overwhelming":  # spends ammo: only when clearly better
            score -= 12 + (10 if ctx.cog.ammo(p["weapon"]) <= 1 else 0)
        return score, (f"Attack {p['target']} with the {p['weapon']} ({p['mode']}): {e:.2f} expected "
                       f"wounds, {kill:.0%} to kill")

    def _a_chainsaw(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return 62, f"Chainsaw {a.payload['target']}: an Omen kills it outright"

    def _a_grenade(self, ctx: _Look, a: Action) -> tuple[float, str]:
        area = a.payload["area"]
        holes = [h for h, v in ctx.state.holes.items() if v["area"] == area and not v["sealed"]]
        foes = sum(1 for x in ctx.state.locusts.values() if x.area == area)
        cogs_there = sum(1 for c in ctx.state.cogs.values() if c.area == area)
        if holes:
            return 95 + 5 * foes, f"Throw a Bolo Grenade into {area} to seal the emergence hole {holes[0]}"
        if foes >= 2 and not cogs_there:
            return 45 + 8 * foes, f"Throw a Bolo Grenade into {area}: {foes} Locusts there"
        return 2, f"Throw a Bolo Grenade into {area}"

    def _a_follow(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if len(ctx.cog.hand) < 4:
            return 20, f"Follow (discarding {a.payload['card']})"
        return 30, f"Follow the active COG (discarding {a.payload['card']}): stay together"

    def _a_no_follow(self, ctx: _Look, a: Action) -> tuple[float, str]:
        return 25, "Do not follow: keep my cards"

    def _a_ammo(self, ctx: _Look, a: Action) -> tuple[float, str]:
        w = a.payload["weapon"]
        return 50 - ctx.cog.ammo(w), f"Ammo on the {w}, which has the least"

    def _a_cog(self, ctx: _Look, a: Action) -> tuple[float, str]:
        c = ctx.state.cogs[a.payload["player"]]
        return 50 - len(c.hand), f"{c.character} has the fewest cards"

    # --- questions inside a resolution (state.proc)

    def _a_guard(self, ctx: _Look, a: Action) -> tuple[float, str]:
        p = a.payload
        if p.get("guard") is None:
            return 20, "No Guard: keep my cards"
        cost = 20 + 8 * max(0, 4 - len(ctx.cog.hand))  # the Guard card is health
        lid = ctx.pending_figure()
        if p["mode"] == "chainsaw":
            return 55 - cost, f"Guard with the chainsaw against {lid}"
        if lid is None or lid not in ctx.state.locusts:
            return 15, f"Guard with the {p['weapon']}"
        e, kill = ctx.attack_value(lid, p["weapon"], p["mode"], 0)
        return (30 + 20 * e + 25 * kill - cost,
                f"Guard against {lid} with the {p['weapon']}: {e:.2f} expected wounds, {kill:.0%} to kill")

    def _a_dodge(self, ctx: _Look, a: Action) -> tuple[float, str]:
        if a.payload.get("dodge") is None:
            return 20, "No Dodge: keep my cards"
        return (30 if len(ctx.cog.hand) >= 4 else 10), f"Dodge with {a.payload['dodge']}: +2 defence dice"

    def _a_wound_discard(self, ctx: _Look, a: Action) -> tuple[float, str]:
        card = a.payload["card"]
        return -ctx.keep_value(card), f"Discard {card}, the least useful card in hand"

    def _a_target_tie(self, ctx: _Look, a: Action) -> tuple[float, str]:
        c = ctx.state.cogs[a.payload["cog"]]
        return len(c.hand) + (2 if c.cover else 0), f"{c.character} can best take it (cards, cover)"

    _a_you_instead = _a_target_tie

    def _a_locust_path(self, ctx: _Look, a: Action) -> tuple[float, str]:
        area = a.payload["area"]
        d = min((ctx.view.rdist(area, c.area) for c in ctx.placed_cogs()), default=0)
        return d, f"The Locust goes through {area}, away from the COGs where the rules allow"

    def _a_locust_cover(self, ctx: _Look, a: Action) -> tuple[float, str]:
        spot = a.payload["spot"]
        from game.gears.rules.movement import cover_bonus

        worst = max((cover_bonus(ctx.view, (c.area, c.cover), (ctx.view.cover[spot].area, spot))
                     for c in ctx.placed_cogs()), default=0)
        return -worst, f"The Locust takes the cover spot {spot}, the least useful to it"

    def _a_discard_ammo(self, ctx: _Look, a: Action) -> tuple[float, str]:
        w = a.payload["weapon"]
        return ctx.cog.ammo(w), f"Lose the ammo from the {w}, which has the most"

    def _a_keep_weapon(self, ctx: _Look, a: Action) -> tuple[float, str]:
        w = str(a.payload.get("keep", "")).split("#")[0]
        weapon = ctx.content.weapons.get(w)
        dice = (weapon.normal or 0) if weapon is not None else 0
        return dice, f"Keep the {w}: the most attack dice"


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
        self._attack: float | None = None

    def placed_cogs(self) -> list:
        """COGs standing on the map (not yet placed during setup: no area)."""
        return [c for c in self.state.cogs.values() if c.area in self.view.move_dist]

    # --- the objective

    def objective_kind(self) -> str:
        m = self.content.missions[self.state.mission]
        if self.state.stage < len(m.stages):
            return m.stages[self.state.stage].flip_when.keyword
        return ""

    def goal_areas(self) -> list[str]:
        """Where this COG wants to be: bleeding partners first, then the objective of the stage
        card (open holes, the Locusts, the door or exit), then the nearest Locust."""
        if self._goal is not None:
            return self._goal
        s, view = self.state, self.view
        goal: list[str] = []
        bleeding = [c.area for p, c in s.cogs.items() if c.bleeding and p != self.me]
        if bleeding and self.cog.hand:
            goal, self._goal_name = bleeding, "a bleeding-out partner"
        kind = self.objective_kind()
        if not goal and kind == "all_holes_sealed" and self.cog.grenades:
            holes = [v["area"] for v in s.holes.values() if not v["sealed"]]
            # Close enough to throw (range 2, spec 6.8): aim for the hole's neighbourhood.
            goal = [a for a in view.areas for h in holes if view.rdist(a, h) <= 1 and a in view.move_dist]
            self._goal_name = "an open emergence hole"
        if not goal and kind in ("no_locusts_in_play", "enemy_killed", "all_holes_sealed") and s.locusts:
            goal, self._goal_name = sorted({x.area for x in s.locusts.values()}), "the Locusts"
        if not goal and kind == "equipment_activated":
            tile = self.content.missions[s.mission].stages[s.stage].flip_when.params.get("tile")
            area = view.equipment_area.get(tile)
            if area:
                goal, self._goal_name = [area], f"the equipment of tile {tile}"
        if not goal:
            doors = [view.exits[d] for d in s.doors if d in view.exits]
            if doors:
                goal, self._goal_name = doors, "the door"
        if not goal:
            from game.gears.rules.spawning import exit_areas

            exits = exit_areas(s)
            if exits:
                goal, self._goal_name = list(exits), "the map exit"
        if not goal and s.locusts:
            goal, self._goal_name = sorted({x.area for x in s.locusts.values()}), "the Locusts"
        self._goal = goal
        return goal

    def goal_name(self) -> str:
        self.goal_areas()
        return self._goal_name or "the objective"

    def dist_to(self, area: str, goal: list[str]) -> int:
        if not goal:
            return 0
        return min(self.view.mdist(area, g) for g in goal)

    def want_to_move(self) -> bool:
        goal = self.goal_areas()
        d = self.dist_to(self.cog.area, goal)
        return 0 < d < INF

    def dist_to_partner(self, area: str) -> int:
        others = [c.area for p, c in self.state.cogs.items()
                  if p != self.me and not c.bleeding and c.area in self.view.move_dist]
        return min((self.view.mdist(area, o) for o in others), default=INF)

    # --- fighting

    def attack_value(self, target: str, weapon: str, mode: str, bonus: int) -> tuple[float, float]:
        """(expected wounds, chance to kill) of an attack (spec 6.3, attack_preview)."""
        from game.gears.rules import wounds as W
        from game.gears.rules.attack import attack_preview

        try:
            _, dist = attack_preview(self.state, self.content, self.me, target, weapon, mode, bonus)
        except (KeyError, ValueError):
            return 0.0, 0.0
        x = self.state.locusts.get(target)
        if x is None:
            return _expected(dist), 0.0
        health = x.wounded_health if x.wounded_health is not None else W.enemy_stats(
            self.state, self.content, x.enemy).health
        kill = float(sum(p for w, p in dist.items() if w >= health))
        return _expected(dist), kill

    def best_attack_value(self, bonus: int) -> float:
        """Expected wounds of the best legal attack right now (0 when none)."""
        if self._attack is None:
            from game.gears.rules.attack import attack_sight, cog_attack_legality

            best = 0.0
            for lid in sorted(self.state.locusts):
                sight = attack_sight(self.state, self.me, lid)  # once per Locust, not per weapon
                for w, _ in self.cog.weapons:
                    if cog_attack_legality(self.state, self.content, self.me, lid, w, "normal",
                                           sight=sight) is None:
                        best = max(best, self.attack_value(lid, w, "normal", bonus)[0])
            self._attack = best
        return self._attack

    def cover_value(self, spot: str) -> float:
        """Mean cover bonus of the spot against the Locusts that see its area."""
        from game.gears.rules.movement import cover_bonus

        area = self.view.cover[spot].area
        foes = [(x.area, x.cover) for x in self.state.locusts.values() if x.area in self.view.move_dist]
        if not foes:
            return 1.0
        return sum(cover_bonus(self.view, f, (area, spot)) for f in foes) / len(foes)

    def keep_value(self, card: str, negative: bool = False) -> float:
        """How much a card is worth keeping: its bullets, more for Dodge/Guard/Follow icons."""
        order = self.content.orders[card.split("#")[0]]
        v = len(order.actions) + (1.5 if order.icon in ("dodge", "guard") else 0)
        dup = sum(1 for h in self.cog.hand if h.split("#")[0] == card.split("#")[0])
        v -= 0.5 * (dup - 1)
        return -v if negative else v

    def pending_figure(self) -> str | None:
        """The Locust a Guard question is about (its prompt names it first)."""
        if self.state.proc is None:
            return None
        prompt = self.state.proc["pending"].get("prompt", "")
        head = prompt.split(" ", 1)[0]
        return head if head in self.state.locusts else None
