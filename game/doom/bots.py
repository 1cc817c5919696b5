"""Doom controllers that pick among the legal actions like a person does, and say why.

- `RandomBot` (the engine's, game/engine/bots.py): a uniformly random legal action (tests, property checks);
  an invader's pass on a reaction question with no card to play is taken without a draw.
- `GreedyBot`: a simple player for either side (the spec's automated invader, 11.D, is a larger
  design; this is its first step): the invader spawns close to the marines out of sight, walks
  every figure toward the nearest marine and attacks the weakest one it can; marines open doors,
  explore toward unrevealed areas, keys and the exit, and shoot what they can. Every choice comes
  with a reason in plain words.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Iterable

from game.doom.rules import queries as Q
from game.doom.rules.odds import hit_chance, wound_distribution
from game.doom.rules.names import place, ref, who
from game.doom.rules.state import INVADER, Cell, DoomState
from game.engine.bots import Choice
from game.engine.bots import RandomBot as EngineRandomBot
from game.engine.bots import seat_view as engine_seat_view
from game.engine.protocol import Action
from game.engine.text import M, english

FAR = 10 ** 6


def field_from(state: DoomState, goals: Iterable[Cell], doors_open: bool = True,
               closed: frozenset[str] | None = None) -> dict[Cell, int]:
    """King-move path lengths to the nearest goal square, through figures and (by default) doors;
    `doors_open=False`: not through the closed doors; `closed`: not through these doors."""
    m = state.map
    if closed is None:
        closed = frozenset() if doors_open else state.closed_set
    steps = m.steps(closed)
    dist = {g: 0 for g in goals if g in m.floor}
    frontier = list(dist)
    while frontier:
        nxt = []
        for c in frontier:
            for n in steps.get(c, ()):
                if n not in dist:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return dist


def asked(state: DoomState) -> str:
    """The pending question in English, as the rules word it: a bot reads the dice and the
    attacker's name off it in the same words whatever the player's language."""
    return english(state.proc["pending"]["prompt"])


def named(state: DoomState, fig: str) -> str:
    """A figure's name in the English a question is read in (asked)."""
    return english(who(state, fig))


def rolled_faces(state: DoomState) -> list[tuple[str, str]] | None:
    """The faces a reroll question is about, [(die, face name)]: from its `about` (the roll as
    data; the prompt words them for a player), or for a question saved before it carried them,
    read off its English prompt "(now yellow miss, green r2 d1)". None: no roll to reroll."""
    pend = state.proc["pending"]
    faces = (pend.get("about") or {}).get("faces")
    if faces is not None:
        return [(str(d), str(f)) for d, f in faces]
    prompt = asked(state)
    if "(now " not in prompt:
        return None
    return [(f.split(" ", 1)[0], f.split(" ", 1)[-1]) for f in prompt.rsplit("(now ", 1)[1].rstrip(")").split(", ")]


def _misses(state: DoomState) -> list[bool] | None:
    """Which dice of the roll a reroll question is about show a miss."""
    faces = rolled_faces(state)
    return None if faces is None else [f == "miss" for _d, f in faces]


def _near(dist: dict[Cell, int], cells: Iterable[Cell]) -> int:
    return min((dist.get(c, FAR) for c in cells), default=FAR)


def seat_view(state: DoomState) -> DoomState:
    """The view (rules/view.py) of the seat that decides now: a bot decides on it, not on the
    state (DESIGN.md: AIs get a view). A view passed in is kept as it is."""
    from game.doom.rules.turn import decider
    from game.doom.rules.view import view_for, viewer_of

    return engine_seat_view(state, decider, view_for, viewer_of)


# The invader's answers to a reaction question (rules/state.asks_reaction): Dodge, Dud, Hellfire,
# Dark Energies, Trap, and the Ambush moment's "pass".
REACTION_KINDS = frozenset(("dodge_card", "dud", "hellfire", "dark_energies", "trap", "pass"))


class RandomBot(EngineRandomBot):
    """The engine's RandomBot, which passes at once, without a draw of its stream, when a reaction
    question leaves the invader nothing to play (rules revision 1 asks it whenever its hand holds
    any card): its games are the games it played before that question was added, passes apart."""

    def choose(self, actions: list[Action], state=None) -> Action:
        if len(actions) == 1 and actions[0].kind in REACTION_KINDS:
            return actions[0]
        return super().choose(actions, state)


def group_by_kind(actions: list[Action]) -> dict[str, list[Action]]:
    """The legal actions by kind, in their order (what every Doom bot looks at first)."""
    out: dict[str, list[Action]] = {}
    for a in actions:
        out.setdefault(a.kind, []).append(a)
    return out


class GreedyBot:
    """A simple player for either side; `decide` returns the action and why."""

    def choose(self, actions: list[Action], state: DoomState) -> Action:
        return self.decide(state, actions).action

    def decide(self, state: DoomState, actions: list[Action]) -> Choice:
        if not actions:
            raise ValueError("no legal action to choose from")
        state = seat_view(state)  # what the deciding seat may see, never the state itself
        by_kind = group_by_kind(actions)
        if state.proc is not None:
            return self._answer(state, by_kind, actions)
        from game.doom.rules.turn import decider

        if decider(state) == INVADER:  # the rules' own answer to whose decision it is
            return self._invader(state, by_kind)
        return self._marine(state, by_kind)

    # --- questions inside a resolution ------------------------------------------------------

    def _answer(self, state: DoomState, k: dict[str, list[Action]], actions: list[Action]) -> Choice:
        kind = actions[0].kind
        opts = k[kind]
        if kind in ("sentry", "guard"):
            use = [a for a in opts if a.get("use")]
            if use:
                return Choice(self._weakest_target(state, use), M("interrupt with the best odds"))
            return Choice(opts[0], M("nothing to attack"))
        if kind == "heal_now":
            hurt = [a for a in opts if a.get("target")]
            if hurt:
                best = min(hurt, key=lambda a: state.marines[a.get("target")].health)
                return Choice(best, M("heal the most hurt marine"))
            return Choice(opts[0], M("nobody is hurt"))
        if kind in ("aim", "heal"):
            yes = [a for a in opts if a.get(kind)]
            return Choice(yes[0] if yes else opts[0], M("use the {order} order now", order=ref("doom.order", kind)))
        if kind in ("dodge_card", "trap", "hellfire", "dud", "dark_energies"):
            play = [a for a in opts if a.get("card")]
            if kind == "dark_energies" and play:
                play.sort(key=lambda a: -state.invaders[a.get("figure")].wounds)
            return Choice(play[0] if play else opts[0], M("play the card while it helps"))
        if kind == "reroll":
            misses = _misses(state)
            by_dice = {tuple(a.get("dice")): a for a in opts}
            if misses is None:
                return Choice(opts[0], M("keep the roll"))
            if state.proc["pending"]["decider"] == INVADER or self._dodging(state):
                # the attack is aimed at us: a miss already fails it; else reroll everything
                if any(misses):
                    return Choice(by_dice[()], M("the roll already shows a miss"))
                return Choice(max(opts, key=lambda a: len(a.get("dice"))), M("reroll every die, hoping for a miss"))
            pick = tuple(i for i, m in enumerate(misses) if m)
            if pick in by_dice and pick:
                return Choice(by_dice[pick], M("reroll the dice showing a miss"))
            return Choice(by_dice[()], M("no miss to reroll: keep the roll"))
        if kind == "place":
            dist = field_from(state, [m.cell for m in state.marines.values() if m.cell is not None])
            best = min(opts, key=lambda a: _near(dist, [tuple(c) for c in a.get("cells")]))
            return Choice(best, M("the square out of sight closest to a marine (in {place})",
                                  place=place(state, best.get('cells'))))
        if kind == "recycle":
            dist = field_from(state, [m.cell for m in state.marines.values() if m.cell is not None])
            figs = [a for a in opts if a.get("figure")]
            if not figs:
                return Choice(opts[0], M("no figure to bring back"))
            best = max(figs, key=lambda a: _near(dist, state.invaders[a.get("figure")].cells))
            return Choice(best, M("bring back the figure farthest from the marines"))
        if kind == "knockback":
            onto = [a for a in opts if a.get("to") and state.has_marker(tuple(a.get("to")), "hazard")]
            return Choice(onto[0] if onto else opts[-1], M("knock it onto a hazard") if onto else M("knock it far"))
        if kind == "blow_through":
            figures = state.figure_cells()
            hit = [a for a in opts if a.get("to") and figures.get(tuple(a.get("to"))) in state.invaders]
            return Choice(hit[0] if hit else opts[0], M("walk on to another invader") if hit else M("stop the walk"))
        return Choice(opts[0], M("the first option"))

    def _dodging(self, state: DoomState) -> bool:
        """Whether the player asked to pick rerolls is not the attacker (it dodges the attack): the
        question names whose attack it is ("Which dice of Imp 2's attack are rerolled?")."""
        pending = state.proc["pending"]
        prompt = asked(state)
        if " of " not in prompt or "'s attack" not in prompt:
            return False
        attacker = prompt.split(" of ", 1)[1].split("'s attack", 1)[0]
        return attacker != named(state, pending["decider"])

    def _weakest_target(self, state: DoomState, attacks: list[Action]) -> Action:
        """The attack with the best exact odds (rules/odds.py): a kill first, then expected wounds."""
        figures = state.figure_cells()

        def score(a: Action) -> tuple[Fraction, Fraction]:
            target = tuple(a.get("target"))
            f = figures.get(target)
            attacker = self._attacker(state, a)
            if f is None or attacker is None:
                return (Fraction(0), Fraction(0))
            prof = Q.profile(state, attacker, a.get("weapon"))
            dist = Q.distance(state, attacker, target, prof.abilities.indirect)
            if dist is None:
                return (Fraction(0), Fraction(0))
            if f in state.marines:
                armour, left = state.marines[f].armour, state.marines[f].health
            else:
                inv = state.invaders[f]
                mon = state.content.monsters[inv.monster]
                armour, left = mon.armour, mon.health - inv.wounds
            wd = wound_distribution(prof.dice, dist, armour, prof.accuracy, prof.deadly, prof.melee, state.content)
            kill = sum((p for w, p in wd.items() if w >= left), Fraction(0))
            return (kill, sum((w * p for w, p in wd.items()), Fraction(0)))

        return max(attacks, key=score)

    def _attacker(self, state: DoomState, a: Action) -> str | None:
        """Who would make the attack an option stands for (None: not known from the option)."""
        if a.kind == "guard":
            return state.proc["pending"]["decider"]
        if a.kind != "attack":
            return None  # a Sentry answer: its option does not name the demon
        if state.act is not None:
            return state.act["fig"]
        return state.seats[state.seat]

    # --- the invader ---------------------------------------------------------------------------

    def _invader(self, state: DoomState, k: dict[str, list[Action]]) -> Choice:
        c = state.content
        if "pass" in k:  # an Ambush window
            play = k.get("play", [])
            return Choice(play[0] if play else k["pass"][0], M("ambush the marine") if play else M("no ambush"))
        if "discard" in k:
            def value(a: Action) -> int:
                card = c.invader_card(a.get("card"))
                if card.kind == "event":
                    return 4 if card.effect == "reroll" else 2
                return max(sum(c.monsters[g.monster].health * g.count for g in half) for half in card.halves)
            worst = min(k["discard"], key=value)
            return Choice(worst, M("discard the weakest card"))
        plays = [a for a in k.get("play", []) if c.invader_card(a.get("card")).effect
                 in ("marine_range_minus", "type_speed", "activate_twice", "extra_spawn")]
        if plays:
            return Choice(plays[0], M("a start-of-turn card that costs nothing"))
        if "spawn" in k:
            def strength(a: Action) -> int:
                half = c.invader_card(a.get("card")).halves[a.get("half")]
                return sum(c.monsters[g.monster].health * c.monsters[g.monster].armour * g.count for g in half)
            placeable = [a for a in k["spawn"] if Q.placements(state, c.invader_card(a.get("card"))
                                                                .halves[a.get("half")][0].monster)]
            if placeable:
                best = max(placeable, key=strength)
                return Choice(best, M("the strongest spawn that fits out of sight"))
            return Choice(k["no_spawn"][0], M("nothing would fit out of the marines' sight"))
        if "no_spawn" in k:
            return Choice(k["no_spawn"][0], M("no spawn card"))
        if "activate" in k:
            dist = field_from(state, [m.cell for m in state.marines.values() if m.cell is not None])
            best = min(k["activate"], key=lambda a: _near(dist, state.invaders[a.get("figure")].cells))
            return Choice(best, M("{figure} is the closest to a marine", figure=who(state, best.get('figure'))))
        if "attack" in k:
            return Choice(self._weakest_target(state, k["attack"]), M("the attack with the best odds to kill or wound"))
        if "move" in k and state.act is not None:
            fig = state.act["fig"]
            dist = field_from(state, [m.cell for m in state.marines.values() if m.cell is not None])
            here = _near(dist, state.invaders[fig].cells)
            best = min(k["move"], key=lambda a: _near(dist, [tuple(x) for x in a.get("to")]))
            if _near(dist, [tuple(x) for x in best.get("to")]) < here:
                return Choice(best, M("{figure} closes in on the marines", figure=who(state, fig)))
        for end in ("end_activation", "end_interlude", "end_invader_turn"):
            if end in k:
                return Choice(k[end][0], M("nothing more to gain"))
        return Choice(next(iter(k.values()))[0], M("the first option"))

    # --- a marine --------------------------------------------------------------------------------

    def _goals(self, state: DoomState) -> list[Cell]:
        m = state.map
        sc = state.content.scenarios[state.scenario]
        keys = [mk.cell for mk in state.markers if mk.kind == "key"]
        if keys:
            return keys
        for e in sc.win_encounters:
            cells = [mk.cell for mk in state.markers if mk.kind == "encounter" and mk.variant == e]
            if cells:
                return cells
        if sc.win_area:
            needed = {d.key for d in m.doors.values() if d.security and (d.sides[0] | d.sides[1]) and
                      any(n in m.areas[sc.win_area] for n in d.flanks)}
            if needed <= set(state.keys):
                return list(m.areas[sc.win_area])
        unexplored = [c for c in m.floor if m.area_of.get(c) not in state.revealed]
        return unexplored or list(m.floor)

    def _in_reach(self, state: DoomState, attacker: str, weapon: str | None, target: Cell) -> bool:
        """Whether the attack has any chance to hit (exact odds, rules/odds.py)."""
        prof = Q.profile(state, attacker, weapon)
        dist = Q.distance(state, attacker, target, prof.abilities.indirect)
        return dist is not None and hit_chance(prof.dice, dist, prof.accuracy, prof.melee, state.content) > 0

    def _marine(self, state: DoomState, k: dict[str, list[Action]]) -> Choice:
        mar = state.active_marine()
        if "respawn" in k:
            dist = field_from(state, self._goals(state))
            best = min(k["respawn"], key=lambda a: dist.get(tuple(a.get("cell")), FAR))
            return Choice(best, M("respawn closest to the objective"))
        if "adrenaline" in k:
            return Choice(k["adrenaline"][0], M("more movement is always welcome"))
        if "declare" in k:
            can_shoot = any(self._in_reach(state, mar.id, w, c) for w in Q.marine_weapons(state, mar)
                            for c in Q.attack_targets(state, mar.id, w))
            act = "advance" if can_shoot else "run"
            return Choice(next(a for a in k["declare"] if a.get("action") == act),
                          M("an enemy is in reach: move and shoot") if can_shoot else M("nothing to shoot: run"))
        reach = [a for a in k.get("attack", []) if self._in_reach(state, mar.id, a.get("weapon"), tuple(a.get("target")))]
        if reach:
            return Choice(self._weakest_target(state, reach), M("the shot with the best odds to kill or wound"))
        dist = field_from(state, self._goals(state))
        here = dist.get(mar.cell, FAR)
        for a in k.get("door", []):
            d = state.map.doors[a.get("door")]
            if a.get("door") in state.closed and any(dist.get(f, FAR) < here for f in d.flanks):
                return Choice(a, M("open door {door} toward the objective", door=state.map.door_name(a.get("door"))))
        if "move" in k:
            best = min(k["move"], key=lambda a: dist.get(tuple(a.get("to")), FAR))
            if dist.get(tuple(best.get("to")), FAR) < here:
                return Choice(best, M("head for the objective"))
        return Choice(k["end_turn"][0] if "end_turn" in k else next(iter(k.values()))[0], M("nothing more to do"))
