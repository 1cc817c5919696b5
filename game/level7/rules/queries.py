"""Questions the table asks of the rules that the turn itself never needs (issue 15): where the
active character can walk this turn and by which path, and what a challenge action would roll
with its exact odds. Pure: the answers come from the same functions `legal_actions` and `apply`
use (turn.refusal, the challenge module's pools and deciders), so a highlight, a preview and a
refusal can never disagree."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from game.engine.dice import Face
from game.engine.protocol import Action
from game.engine.text import M, Mn, Msg, join, ref
from game.level7.rules import challenge as C
from game.level7.rules import challenges, explore, turn
from game.level7.rules import names as N
from game.level7.rules.maps import view
from game.level7.rules.modifiers import PlayedBonus, Term, challenge_threat
from game.level7.rules.tracks import CardPlay, play_adrenaline
from game.level7.rules.state import Level7State


def walk_stops(state: Level7State, tile: str) -> bool:
    """A walk ends on `tile`: an active enemy holds you there (6.1), its explore effects or its
    recurring event end step 2 (3.3, 3.4), it is dark (leaving gives Fear: a person decides), or
    the swarm is there (9.4: it kills; never walked through, only stepped onto by a click there)."""
    if any(e.tile == tile and not e.stunned for e in state.enemies):
        return True
    if tile in state.tokens.get("swarm", ()):
        return True
    if tile not in state.explored or explore.recurring_trigger(state, tile):
        return True
    return tile in state.tokens["darkness"]


def reachable(state: Level7State) -> dict[str, list[str]]:
    """Tile -> the shortest path of door moves (tiles entered, in order) the active character
    may walk now: the first step is a legal "move" action (turn.refusal), later steps go through
    open doors while moves are left, and a walk goes on only from a tile where it need not stop."""
    if turn.refusal(state, "end_turn", {}) is not None:  # not the active player's step 2
        return {}
    ch = state.characters[state.turn.player]
    paths: dict[str, list[str]] = {}
    frontier: list[list[str]] = []
    for other in sorted({o for o, k, _ in view(state).neighbours(state, ch.tile) if k == "door"}):
        if turn.refusal(state, "move", {"to": other}) is None:
            paths[other] = [other]
            frontier.append([other])
    moves = state.turn.moves_left
    while frontier:
        nxt = []
        for path in frontier:
            here = path[-1]
            if len(path) >= moves or walk_stops(state, here):
                continue
            for other in sorted({o for o, k, _ in view(state).neighbours(state, here) if k == "door"}):
                if other not in paths and other != ch.tile:
                    paths[other] = path + [other]
                    nxt.append(path + [other])
        frontier = nxt
    return paths


def walk_refusal(state: Level7State, tile: str) -> Msg:
    """Why a click on `tile` starts no walk (a tile `reachable` does not list): the rules' refusal
    of a move there when it is next to your tile (a locked door) or when you may not leave at
    all (no movement left, held by an enemy); else how many moves away it is by open doors
    against the moves left, or the tile on the way where a walk stops, or that no way of open
    doors leads there. A tile two doors away read 'No door joins your tile to that one.'"""
    ch = state.characters[state.turn.player]
    why = turn.refusal(state, "move", {"to": tile})
    near = {o for o, _k, _d in view(state).neighbours(state, ch.tile)}
    if why is not None and (tile in near or why.msgid != turn.NO_DOOR):
        return why
    paths = _door_paths(state, ch.tile)
    if tile not in paths:
        return M("No way of open doors leads there from your tile.")
    path, left = paths[tile], state.turn.moves_left
    stop = next((t for t in path[:-1] if walk_stops(state, t)), None)
    if stop is None or len(path) > left:
        return Mn("That tile is {d} moves away; you have {n} move left.",
                  "That tile is {d} moves away; you have {n} moves left.", left, d=len(path))
    return M("A walk there stops on the way, on {tile} (an active enemy, darkness or its event).", tile=N.tile_name(stop))


def _door_paths(state: Level7State, start: str) -> dict[str, list[str]]:
    """Tile -> a shortest path of open-door steps from `start` (tiles entered), however long."""
    paths: dict[str, list[str]] = {start: []}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for other in sorted({o for o, k, _ in view(state).neighbours(state, here) if k == "door"}):
                if other not in paths:
                    paths[other] = paths[here] + [other]
                    nxt.append(other)
        frontier = nxt
    return paths


@dataclass(frozen=True)
class ChallengePreview:
    """What a challenge action rolls (spec 6.3): the attribute, the icons needed, the dice with
    where each comes from, the exact chance of success and, for an Attack, of each result."""
    kind: str
    attribute: str
    level: int
    dice: int
    terms: tuple[Term, ...]
    chance: Fraction
    outcomes: dict[str, Fraction]
    threat: int = 0  # gained on the attempt, whatever the result
    threat_why: Any = ""  # the words for what costs it (attacking a guard, the Pistol...)


def challenge_of(state: Level7State, action: Action) -> C.Challenge | None:
    """The Challenge a legal challenge action makes, as challenges.do builds it."""
    ch = state.characters[state.turn.player]
    here = challenges.foes_here(state, ch.tile)
    p: dict[str, Any] = dict(action.payload)
    got: C.Challenge | C.Refusal | None = None
    if action.kind == "attack":
        target = next((f for f in here if f.figure == p.get("enemy")), None)
        got = C.attack_challenge(challenges.c(), target) if target is not None else None
    elif action.kind == "bull_rush":
        got = C.bull_rush_challenge(challenges.c(), here)
    elif action.kind == "outwit":
        got = C.outwit_challenge(challenges.c(), here, p.get("side", ""))
    elif action.kind == "unlock":
        got = C.unlock_challenges(challenges.c())[0 if p.get("way") == "strength" else 1]
    elif action.kind == "control_panel":
        got = C.control_panel_challenge(challenges.c(), allowed=True, panel=True, accessed=False)
    return got if isinstance(got, C.Challenge) else None


def challenge_odds(state: Level7State, action: Action, extra: tuple[PlayedBonus, ...] = (),
                   fear: int | None = None) -> ChallengePreview | None:
    """What the challenge action would roll for the active character: its dice with the bonuses
    in play for them (challenges.played, as challenges.roll takes them) and `extra` proposed
    ones, at `fear` (default: theirs); legality is the caller's (a helper is asked mid-action)."""
    chal = challenge_of(state, action)
    if chal is None:
        return None
    ch = state.characters[state.turn.player]
    content = challenges.c()
    pool = C.challenge_pool(content, chal, fear=ch.fear if fear is None else fear, skills=ch.skills,
                            items=challenges.carried_items(ch), played=tuple(challenges.played(state, ch)) + extra)
    outcomes: dict[str, Fraction] = {}
    target = next((f for f in challenges.foes_here(state, ch.tile) if f.figure == action.payload.get("enemy")), None)
    if action.kind == "attack" and target is not None:
        outcomes = C.attack_odds(content, pool.total, target)
    # The Threat the attempt costs, as challenges.roll (the carried items' and skills') and the
    # resolution (C.attempt_threat) will gain it: a player saw it only in the log afterwards.
    costs = [(ref("level7.name", name), n) for name, n in challenge_threat(
        content, chal.kind, chal.attribute, skills=ch.skills, items=challenges.carried_items(ch)) if n]
    own = C.attempt_threat(content, chal, target)
    if own:
        costs.insert(0, (M("attacking a guard") if chal.kind == "attack" else N.challenge(chal.kind), own))
    return ChallengePreview(action.kind, chal.attribute, chal.level, pool.total, pool.terms,
                            C.success_chance(content, chal, pool.total), outcomes, sum(n for _w, n in costs),
                            join(", ", [w for w, _n in costs]) if costs else "")


def challenge_preview(state: Level7State, action: Action) -> ChallengePreview | None:
    """The preview of a challenge action the rules accept now (None otherwise)."""
    if action.kind not in challenges.ACTIONS or turn.refusal(state, action.kind, dict(action.payload)) is not None:
        return None
    return challenge_odds(state, action)


def bonus_previews(state: Level7State, action: Action) -> list[tuple[Action, ChallengePreview]]:
    """Each adrenaline card the active player may play now for a bonus to the challenge's
    attribute (an "adrenaline" action legal_actions lists): that action, and the challenge's
    preview once it is played (its bonus in play, its Fear cost paid, tracks.play_adrenaline)."""
    base = challenge_preview(state, action)
    if base is None:
        return []
    ch = state.characters[state.turn.player]
    content = challenges.c()
    out = []
    for play in turn.legal_actions(state):
        if play.kind != "adrenaline" or play.payload.get("use") != "bonus":
            continue
        kind = str(play.payload["card"]).split("#")[0]
        if base.attribute not in content.adrenaline[kind].bonus:
            continue
        got = play_adrenaline(content, kind, "bonus", fear=ch.fear, hand=len(ch.hand), own_turn=True, player=ch.id)
        if isinstance(got, CardPlay) and got.bonus is not None:
            after = challenge_odds(state, action, (got.bonus,), fear=got.fear)
            if after is not None:
                out.append((play, after))
    return out


def help_previews(state: Level7State, action: Action) -> dict[str, ChallengePreview]:
    """While a helper is asked (the pending "help" question of spec 6.11) about the active
    character's challenge `action`: each card option's kind ("" for no help) -> the roller's
    odds with that card's bonus added."""
    pend = (state.proc or {}).get("pending") or {}
    if pend.get("kind") != "help":
        return {}
    content = challenges.c()
    out = {}
    for option in pend["options"]:
        kind = option["card"]
        extra = ()
        if kind:
            (attribute, amount), = content.adrenaline[kind].bonus.items()
            extra = (PlayedBonus(attribute, amount, content.adrenaline[kind].name, pend["decider"]),)
        got = challenge_odds(state, action, extra)
        if got is not None:
            out[kind] = got
    return out


def reroll_chance(state: Level7State, action: Action, faces: list[dict], dice: list[int]) -> Fraction | None:
    """While a reroll is asked about the active character's challenge `action`, rolled as
    `faces` (the roll event's): the exact chance of success if `dice` (indexes) are rolled again
    and the rest kept (challenge.reroll_odds, the resolution's own decider)."""
    chal = challenge_of(state, action)
    return None if chal is None else _reroll_chance(chal, faces, dice)


def pending_reroll_chance(state: Level7State, dice: list[int]) -> Fraction | None:
    """While a reroll is asked (any challenge, an event's too): the exact chance of success if
    `dice` are rolled again and the rest kept (none: the roll as it stands), from the question's
    own data (its `about`: the faces, the challenge's kind, attribute and level)."""
    pend = (state.proc or {}).get("pending") or {}
    about = pend.get("about") or {}
    if pend.get("kind") != "reroll" or "faces" not in about:
        return None
    return _reroll_chance(C.Challenge(about["kind"], about["attribute"], int(about["level"])), about["faces"], dice)


def _reroll_chance(chal: C.Challenge, faces: list[dict], dice: list[int]) -> Fraction:
    content = challenges.c()
    known = {f.symbols: f for f in content.dice[C.DIE].faces}
    rolled = tuple(known.get(tuple(sorted(d.items())), Face.of(d)) for d in faces)
    roll = C.Roll(chal.attribute, rolled, (len(rolled),))
    return C.reroll_odds(content, roll, dice, lambda n: C.succeeds(chal, n)).get(True, Fraction(0))


__all__ = ["reroll_chance", "pending_reroll_chance", "bonus_previews", "challenge_odds", "help_previews", "ChallengePreview", "challenge_of", "challenge_preview", "reachable", "walk_stops"]
