"""The enemies on the state (spec 7): the engine's side of game/level7/rules/enemies.py.

The enemy rules are pure functions over a `Situation` built here from the state; they return
what happens as data (with a `text` saying why) and the options where the rules leave a choice to
the active player (tied spawn tiles, equally short paths). This module builds the Situation, asks
the active player through the resolution's ctx, rolls with the state's Rng and applies the result:
spawns (7.2, with the Military Zone's tile from explore.py), the activation box, hybrids and
Dr. Cronos (7.3), one activation each (7.4, 7.5), nests and posts (7.6), failed challenges (7.7)
and the events' enemy steps (activate_near, sweep, spawn_point)."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from game.engine.text import M, Mn, Sentence
from game.level7.content import shared_content
from game.level7.rules import names as N
from game.level7.rules import enemies as E
from game.level7.rules import dice_source, explore, sheet, uniforms
from game.level7.rules.maps import view
from game.level7.rules.state import IN_HOSPITAL, IN_PLAY, Character, Enemy, Level7State

SPAWN_SITE = {"guard": "security", "clone": "fear"}  # the card's spawn icon puts the figure here (7.2)
SITE_ICONS = {"security": ("security", "recurring_security"), "fear": ("fear", "recurring_fear")}
FAR = 10 ** 6


@lru_cache(maxsize=None)
def _scenario_numbers(scenario: str) -> tuple[dict[str, int], dict[str, int]]:
    sc = shared_content().scenarios[scenario]
    return E.tile_limits(sc.limits), dict(sc.target_values)


def situation(state: Level7State) -> E.Situation:
    """What the enemy rules read, from the state: characters in turn order (the Hospital's with no
    tile), figures with their helped flag, the scenario's limits and target values, tokens."""
    from game.level7.rules.challenges import attribute, denied_bonus

    helped = state.flags.get("helped", ())
    held = state.flags.get("stun_held", {})
    figures = tuple(E.Figure(e.kind, e.number, e.tile, e.stunned, e.key in helped, held.get(e.key, 0))
                    for e in state.enemies)
    unseen = state.flags.get("unseen", ())
    chars = tuple(E.Character(c.name, c.tile if c.status == IN_PLAY else None, c.fear, c.threat,
                              attribute(state, c, "toughness"), denied_bonus(c), uniforms.disguised_from(c),
                              c.id in unseen)
                  for c in (state.characters[i] for i in state.order) if c.status in (IN_PLAY, IN_HOSPITAL))
    limits, values = _scenario_numbers(state.scenario)
    sit = E.Situation(view(state).tilemap, figures, chars, state.characters[state.turn.player].name, limits, values,
                      frozenset((t, (e, i)) for t, e, i in state.tokens["locked"]), frozenset(state.tokens["sealed"]))
    if "swarm" in state.tokens:  # a scenario's flags.swarm (spec 9.4, rules/swarm.py)
        rules = shared_content().swarm
        sit = replace(sit, swarm=frozenset(state.tokens["swarm"]), swarm_blocks=frozenset(rules.blocks),
                      pass_locked=frozenset(rules.pass_locked))
    return sit


def by_name(state: Level7State, name: str) -> Character:
    return next(c for c in state.characters.values() if c.name == name)


def figure(state: Level7State, fid: str) -> Enemy | None:
    return next((e for e in state.enemies if e.key == fid), None)


def reserve(state: Level7State) -> E.Reserve:
    return E.Reserve({k: tuple(v) for k, v in state.reserves.items()}, dict(state.reserve_max))


def label(state: Level7State, e: Enemy):
    """A figure by name ('Guard 2'), named when shown."""
    return N.figure(e.kind, e.number)


# ---------------------------------------------------------------------------- spawning

def put(state: Level7State, kind: str, number: int, tile: str, ctx, text: str, idle: bool = False) -> None:
    """The figure `number` from its reserve onto `tile`; `idle`: it takes no other action this
    turn (a nest's or post's figure, 7.6)."""
    state.reserves[kind].remove(number)
    e = Enemy(kind, number, tile)
    state.enemies.append(e)
    if idle:
        state.flags.setdefault("helped", []).append(e.key)
    if kind == "hybrid" and "first_hybrid_turn" not in state.flags:
        state.flags["first_hybrid_turn"] = state.turn_no
    ctx.emit("spawn", M("{enemy} appears on {tile}: {why}.", enemy=label(state, e), tile=N.place(state, tile), why=text),
             {"enemy": e.key, "tile": tile})


def place_unreserved(state: Level7State, kind: str, tile: str, ctx, why: str) -> None:
    """A figure a scenario places without a spawn (spec 7.2: no reserve drawn on or counted), as
    Dr. Cronos is (spec 8.2 PLACEHOLDER: only in scenarios that place him, never from a reserve):
    the lowest number of the box's figures of `kind` not on the map, or nothing when all are."""
    rec = shared_content().enemies[kind]
    on_map = {e.number for e in state.enemies if e.kind == kind}
    free = [n for n in range(1, rec.count + 1) if n not in on_map and n not in state.reserves.get(kind, ())]
    if not free:
        ctx.emit("spawn", M("{enemy} is already on the map: nobody more is placed ({why}).", enemy=N.enemy(kind), why=why),
                 {"kind": kind})
        return
    e = Enemy(kind, free[0], tile)
    state.enemies.append(e)
    ctx.emit("spawn", M("{enemy} appears on {tile}: {why} (placed by the scenario, not from a reserve).",
                        enemy=label(state, e), tile=N.place(state, tile), why=why), {"enemy": e.key, "tile": tile})


def carry_out(state: Level7State, plan: E.SpawnPlan, ctx, idle: bool = False) -> str | None:
    """Applies a SpawnPlan: the active player picks among tied tiles; a Military Zone request
    draws and joins its tile (explore.military_tile). The tile used, or None."""
    if plan.request is not None:
        tile = explore.military_tile(state, plan.request.near or "", ctx, state.turn.player)
        if tile is None:
            ctx.emit("spawn", M("{plan}; but no tile can be drawn and joined: nothing spawns.", plan=plan.text))
            return None
        put(state, plan.kind, plan.request.number, tile, ctx, plan.text, idle)
        return tile
    if plan.number is None or not plan.options:
        ctx.emit("spawn", Sentence(plan.text), {"kind": plan.kind})
        return None
    pick = ctx.choose(state.turn.player, "spawn_tile", [{"tile": t, "kind": plan.kind} for t in plan.options],
                      M("Where does the {enemy} appear?", enemy=N.enemy(plan.kind, lower=True)))
    put(state, plan.kind, plan.number, pick["tile"], ctx, plan.why or plan.text, idle)
    return pick["tile"]


def spawn(state: Level7State, kind: str, at: str, ctx) -> None:
    """One spawn of `kind` on the nearest `at` tile with room (7.2): the card's icon (at its
    kind's site), or an event section's "at the nearest vent"."""
    sit = situation(state)
    flags = shared_content().scenarios[state.scenario].flags
    if at == SPAWN_SITE.get(kind):
        plan = E.event_spawn(sit, kind, reserve(state), flags)
    else:
        plan = E.vent_spawn(sit, reserve(state))
    carry_out(state, plan, ctx)


def fear_spawn(state: Level7State, ctx) -> None:
    plan = E.fear_spawn(situation(state), reserve(state))
    if plan is not None:
        carry_out(state, plan, ctx)


def remove(state: Level7State, e: Enemy, ctx) -> None:
    """Back to the reserve, or to the box when the reserve is full (spec 6.4, 7.2)."""
    out = E.remove_figure(reserve(state), e.kind, e.number)
    state.enemies.remove(e)
    if out.to == "reserve":
        state.reserves[e.kind] = list(out.reserve.figures[e.kind])
    else:
        state.boxed[e.kind] = sorted(state.boxed.get(e.kind, []) + [e.number])
    ctx.emit("removed", Sentence(out.text), {"enemy": e.key, "to": out.to})


# ---------------------------------------------------------------------------- activations

def activate(state: Level7State, fid: str, ctx) -> None:
    """One activation of figure `fid` (7.4): the active player picks among equally short ways."""
    if state.outcome is not None:
        return
    sit = situation(state)
    why = E.skip_reason(sit, fid)
    if why:
        ctx.emit("skip", Sentence(why), {"enemy": fid})
        return
    apply_activation(state, sit, choose_option(state, sit, E.activate(sit, fid), ctx), ctx)


def choose_option(state: Level7State, sit: E.Situation, options: tuple[E.Activation, ...], ctx) -> E.Activation:
    """The active player's pick among an enemy's equally short ways (seed p. 14, spec 11 #41)."""
    if len(options) == 1:
        return options[0]
    fid = options[0].figure
    pick = ctx.choose(state.turn.player, "enemy_path",
                      [{"enemy": fid, "tile": o.stop or "", "option": i} for i, o in enumerate(options)],
                      M("Which way does {enemy} go?", enemy=N.foe(sit, fid)))
    return options[pick["option"]]


def apply_activation(state: Level7State, sit: E.Situation, act: E.Activation, ctx) -> None:
    e = figure(state, act.figure)
    ctx.emit("activation", Sentence(act.text), {"enemy": act.figure, "kind": act.kind})
    if act.kind == "recover":
        e.stunned = False
    elif act.kind == "stay_stunned" and e.key in state.flags.get("stun_held", {}):
        hold_stun(state, e.key, -1)
    elif act.kind == "move":
        e.tile = act.stop
        ctx.emit("enemy_move", M("{enemy} moves to {tile}.", enemy=N.foe(sit, e.key), tile=N.place(state, e.tile)),
                 {"enemy": e.key, "tile": e.tile})
    elif act.kind == "unlock":
        unlock(state, act.tokens)
    elif act.kind == "attack":
        attack(state, sit, act.attack, ctx)


def _faces(faces):
    from game.level7.rules.challenges import faces as named

    return named(faces)


def hold_stun(state: Level7State, fid: str, change: int) -> None:
    """The activations figure `fid` stays stunned whoever is on its tile (spec 8.2: Dr. Cronos),
    kept in flags["stun_held"] only while some are left; an activation spent stunned uses one."""
    held = state.flags.setdefault("stun_held", {})
    left = max(0, held.get(fid, 0) + change)
    if left:
        held[fid] = left
    else:
        held.pop(fid, None)
    if not held:
        del state.flags["stun_held"]


def unlock(state: Level7State, tokens) -> None:
    gone = {(t, s[0], s[1]) for t, s in tokens}
    keep = [d for d in state.tokens["locked"] if tuple(d) not in gone]
    state.tokens["supply"]["locked"] += len(state.tokens["locked"]) - len(keep)
    state.tokens["locked"] = keep


def attack(state: Level7State, sit: E.Situation, plan: E.AttackPlan, ctx) -> None:
    helped = state.flags.setdefault("helped", [])
    helped += [h for h in plan.helpers if h not in helped]  # activated for the rest of the turn (7.4)
    toughness = plan.toughness
    if plan.against == "character":
        added = defend(state, by_name(state, plan.target), plan.attacker, ctx)
        if added is None:  # cancelled before the dice (Duck and Cover): no roll, no damage, no +1 Fear
            ctx.emit("attack", M("{enemy}'s attack on {who} is cancelled; it still counts as activated.",
                                 enemy=N.foe(sit, plan.attacker), who=N.character_named(plan.target)),
                     {"enemy": plan.attacker, "cancelled": True})
            return
        toughness += added
    faces = E.roll_attack(plan, shared_content().dice["level7"], dice_source.dice(state))
    ctx.emit("roll", Mn("{enemy} rolls {n} die: {faces}.", "{enemy} rolls {n} dice: {faces}.", plan.dice,
                        enemy=N.foe(sit, plan.attacker), faces=_faces(faces)),
             {"enemy": plan.attacker, "faces": [f.as_dict() for f in faces]}, hidden=True)
    out = E.attack_outcome(sit, plan, faces, toughness=toughness)
    ctx.emit("attack", Sentence(out.text), {"enemy": plan.attacker, "icons": out.icons})
    if plan.against == "enemies":
        for fid in out.removed:
            victim = figure(state, fid)
            if victim is not None:
                remove(state, victim, ctx)
        return
    ch = by_name(state, plan.target)
    who = M("attacked by {enemy}", enemy=N.foe(sit, plan.attacker))
    if out.discards:
        sheet.discard_adrenaline(state, ch, out.discards, ctx, who)
    if out.fear:
        sheet.change_fear(state, ch, out.fear, ctx, who)
    if out.knocked_out:
        sheet.knock_out(state, ch, ctx, "cronos_fear" if sit.figure(plan.attacker).kind == "cronos" else "hybrid_fear")
    if ch.status == IN_PLAY and out.attacked_fear:
        sheet.change_fear(state, ch, out.attacked_fear, ctx, M("attacked"), "attack")
    from game.level7.rules.challenges import end_bonuses

    end_bonuses(state, ch, "enemy_attack")


def defend(state: Level7State, ch: Character, attacker: str, ctx) -> int | None:
    """`attacker`: the attacking figure's id."""
    """Before an enemy's dice are rolled (spec 11 #12, the errata) the attacked character may play
    adrenaline cards for their Toughness bonus, in anyone's turn, or one whose "any time" ability
    cancels the attack (Duck and Cover, spec 8.6); the Toughness they add, None when cancelled."""
    from game.level7.content import CancelAttack
    from game.level7.rules import tracks
    from game.level7.rules.challenges import play_reaction, reaction_cards

    c = shared_content()
    added = 0
    while True:
        cards = sorted({k for k in (x.split("#")[0] for x in ch.hand) if "toughness" in c.adrenaline[k].bonus
                        and not tracks.adrenaline_refusal(c, k, "bonus", fear=ch.fear, hand=len(ch.hand), own_turn=False)})
        cancel = reaction_cards(state, ch, CancelAttack)
        if not cards and not cancel:
            return added
        pick = ctx.choose(ch.id, "defend", [{"card": ""}] + [{"card": k} for k in cards]
                          + [{"card": k, "use": "ability"} for k in cancel],
                          _defend_prompt(state, ch, attacker, bool(cancel)))
        if not pick["card"]:
            return added
        if pick.get("use") == "ability":
            play_reaction(state, ch, pick["card"], ctx)
            return None
        card = next(x for x in ch.hand if x.split("#")[0] == pick["card"])
        out = tracks.play_adrenaline(c, pick["card"], "bonus", fear=ch.fear, hand=len(ch.hand), own_turn=False,
                                     player=ch.name)
        ch.hand.remove(card)
        state.adrenaline.discard([card])
        ch.fear = out.fear
        added += out.bonus.amount
        ctx.emit("adrenaline", M("{who}: {play}", who=N.who(ch), play=out.text), {"who": ch.id, "card": card})


def _defend_prompt(state: Level7State, ch: Character, attacker: str, cancel: bool):
    """The Toughness question; `figure` (the attacker's id, not worded) tells a bot which attack."""
    words = dict(who=N.who(ch), enemy=N.foe(situation(state), attacker), figure=attacker)
    if cancel:
        return M("{who}: {enemy} attacks. Play a card for Toughness, or cancel the attack?", **words)
    return M("{who}: {enemy} attacks. Play a card for Toughness?", **words)


def activate_box(state: Level7State, card, ctx) -> None:
    """Step C (7.3): the box's kinds in order, ascending; hybrids by the die from the turn after
    the first came; Dr. Cronos; then nests and posts of the kinds the box called (7.6)."""
    c = shared_content()
    kinds = E.box_kinds(c, card, state.starting_players)
    for fid in E.box_queue(situation(state), kinds):
        activate(state, fid, ctx)
    if any(e.kind == "hybrid" for e in state.enemies) and E.hybrids_due(state.flags.get("first_hybrid_turn"), state.turn_no):
        face = E.roll_hybrid_die(c, dice_source.dice(state))
        ctx.emit("roll", M("The hybrid die shows {face}.", face=_faces((face,))), {"face": face.as_dict()}, hidden=True)
        for fid in E.hybrid_queue(situation(state), face):
            activate(state, fid, ctx)
    for fid in E.cronos_queue(situation(state)):
        ctx.emit("activation_order", M(E.CRONOS_RULE, name=label(state, figure(state, fid))), {"enemy": fid})
        activate(state, fid, ctx)
    for token in E.spawning_tokens(kinds):
        kind = "clone" if token == "clone nest" else "guard"
        sites = state.tokens["nests" if kind == "clone" else "posts"]
        served: list[str] = []
        while state.outcome is None:
            plan = E.nest_spawn(situation(state), kind, sites, served, reserve(state))
            if plan.number is None or not plan.options:
                if sites:
                    ctx.emit("spawn", Sentence(plan.text), {"kind": kind})
                break
            served.append(carry_out(state, plan, ctx, idle=True))


def activate_near(state: Level7State, ch: Character, kind: str, distance: int, ctx) -> None:
    """Event F7: every active figure of `kind` within `distance` of you (its graph) activates once."""
    if ch.status != IN_PLAY:
        return
    sit = situation(state)
    dist = sit.distances(ch.tile, kind)
    for f in sorted(sit.figures, key=lambda f: f.number):
        if f.kind == kind and f.active and dist.get(f.tile, FAR) <= distance:
            activate(state, f.id, ctx)


def sweep(state: Level7State, ch: Character, kind: str, distance: int, ctx) -> None:
    """Event S9: every active figure of `kind` within `distance` of you (its graph) moves one step
    toward you, in ascending order, by the movement of 7.4 (enemies.move_toward: shortest ways,
    full tiles passed, a locked door opened instead); not an activation, no attack. Your tile at
    its kind's limit is no target (7.4 step 2): then nobody moves."""
    if ch.status != IN_PLAY:
        return
    for fid in [f.id for f in sorted(situation(state).figures, key=lambda f: f.number) if f.kind == kind]:
        sit = situation(state)
        f = sit.figure(fid)
        if not f.active or not 0 < sit.distances(ch.tile, kind).get(f.tile, FAR) <= distance:
            continue
        if not sit.has_room(ch.tile, kind):
            continue
        options = E.move_toward(sit, fid, ch.tile, M("the event draws it toward {who}; not an activation", who=N.who(ch)))
        if options:
            apply_activation(state, sit, choose_option(state, sit, options, ctx), ctx)


def spawn_point(state: Level7State, ch: Character, token: str, at: str, ctx) -> None:
    """Events F8, S10: a nest (post) token on the nearest Fear (Security) tile without one."""
    supply = state.tokens["supply"]
    if supply["nests_posts"] == 0:
        return
    taken = set(state.tokens["nests"]) | set(state.tokens["posts"])
    free = sorted(t for t, (tile, _) in view(state).tilemap.placed.items()
                  if any(tile.has(i) for i in SITE_ICONS[at]) and t not in taken)
    if not free:
        return
    tied = free
    if ch.status == IN_PLAY:
        dist = view(state).distances(state, ch.tile, "character")
        best = min(dist.get(t, FAR) for t in free)
        tied = [t for t in free if dist.get(t, FAR) == best]
    pick = ctx.choose(state.turn.player, "token_tile", [{"tile": t, "token": token} for t in tied],
                      M("Where does the clone nest go?") if token == "nest" else M("Where does the guard post go?"))
    supply["nests_posts"] -= 1
    state.tokens["nests" if token == "nest" else "posts"].append(pick["tile"])
    where = N.place(state, pick["tile"])
    ctx.emit("token", M("A clone nest appears on {tile}.", tile=where) if token == "nest"
             else M("A guard post appears on {tile}.", tile=where), {"token": token, "tile": pick["tile"]})
