"""Twin states for checking that a seat's screen shows only what that seat may know.

`twin(key, data, seat, rng)` takes a title's state as JSON and changes only what `seat` may not
know, the way a real game could have dealt it: the other players' hands traded with the unseen
cards of their pool (dealt back in the same sizes), the draw piles' order, the unexplored tiles,
which wound marker of a value lies under a Locust, the seed and the dice. What the title's own
`view_for(state, seat)` hides is the measure: the twin's view must be the state's view (the
caller asserts it), so a twin never changes something the seat may see.

A table drawn for `seat` from the state and from its twin must then be the same pixels: if it is
not, the screen shows something of another seat's hand, a deck's order or the unexplored map
(tests/ui/test_hidden_pixels.py, and tools/monkey.py --check-hidden at a hot-seat table).
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

from game.engine.rng import Rng

Twin = Callable[[dict[str, Any], str, random.Random], dict[str, Any]]


def _deal_back(pool: list[Any], hands: list[list[Any]], rng: random.Random) -> list[Any]:
    """Shuffle the pool and deal each hand back as many cards as it held; the rest is returned."""
    rng.shuffle(pool)
    for hand in hands:
        n = len(hand)
        hand[:], pool = pool[:n], pool[n:]
    return pool


def _new_dice(data: dict[str, Any], rng: random.Random) -> None:
    if "seed" in data:
        data["seed"] = rng.randrange(1, 10**9)
    data["rng"] = Rng(rng.randrange(1, 10**9)).to_json()


def _shuffle_draws(decks: list[dict[str, Any]], rng: random.Random) -> None:
    for deck in decks:
        rng.shuffle(deck["draw"])


def gears(data: dict[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
    from game.gears.rules.shared import content

    others = [data["cogs"][p]["hand"] for p in sorted(data["cogs"]) if p != seat]
    pool = data["orders"]["draw"] + [c for hand in others for c in hand]
    data["orders"]["draw"] = _deal_back(pool, others, rng)
    _shuffle_draws([data["ai"], data["weapon_deck"], *data["location_decks"], *data["marker_piles"].values()], rng)
    # A wounded Locust's marker: its value is public, which marker of that value is not.
    piles = content().marker_piles
    for lid in sorted(data["locusts"]):
        x = data["locusts"][lid]
        pile = (x["marker"] or "").split(":")[0]
        if pile not in data["marker_piles"] or x["marker"].endswith(":two_stage"):
            continue
        def value(m: str) -> Any:
            return piles[pile].markers[int(m.split(":")[1])].value
        draw = data["marker_piles"][pile]["draw"]
        same = [i for i, m in enumerate(draw) if value(m) == value(x["marker"])]
        if same:
            i = rng.choice(same)
            draw[i], x["marker"] = x["marker"], draw[i]
    _new_dice(data, rng)
    return data


def doom(data: dict[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
    from game.doom.rules.state import INVADER

    if seat != INVADER and "window" not in data["flags"]:  # the Ambush window names a card of the hand
        data["deck"]["draw"] = _deal_back(data["deck"]["draw"] + data["hand"], [data["hand"]], rng)
    _shuffle_draws([data["deck"], data["marine_deck"]], rng)
    _new_dice(data, rng)
    return data


def level7(data: dict[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
    from game.level7.rules.view import DECKS

    stacks = [stack[1] for stack in data["stacks"]]
    rest = _deal_back([t for tiles in stacks for t in tiles], stacks, rng)
    assert not rest
    pending = (data.get("proc") or {}).get("pending")
    if not (pending and pending["decider"] != seat):  # another seat's question may name its hand
        others = [ch["hand"] for ch in data["characters"] if ch["id"] != seat]
        pool = data["adrenaline"]["draw"] + [c for hand in others for c in hand]
        data["adrenaline"]["draw"] = _deal_back(pool, others, rng)
    _shuffle_draws([data[d] for d in DECKS], rng)
    _new_dice(data, rng)
    return data


def convoy(data: dict[str, Any], seat: str, rng: random.Random) -> dict[str, Any]:
    from game.convoy.rules.board import SIDE_OF

    me = SIDE_OF[seat]
    other = 1 - me
    pending = (data.get("proc") or {}).get("pending")
    if not (pending and pending["decider"] != seat):
        data["deck"][other] = _deal_back(data["deck"][other] + data["hand"][other], [data["hand"][other]], rng)
    rng.shuffle(data["deck"][other])
    rng.shuffle(data["deck"][me])
    _new_dice(data, rng)
    return data


TWINS: dict[str, Twin] = {"gears": gears, "doom": doom, "level7": level7, "convoy": convoy}


def view_for(key: str) -> Callable[[Any, str], Any]:
    """The title's own seat view, which decides what a twin may change."""
    from importlib import import_module

    return import_module(f"game.{key}.rules.view").view_for  # every title's package has one


def twin(key: str, title: Any, state: Any, seat: str, rng: random.Random) -> Any:
    """A state of `title` that `seat` cannot tell from `state` (asserted on the title's view)."""
    import json

    data = json.loads(json.dumps(title.to_json(state)))
    other = title.from_json(TWINS[key](data, seat, rng))
    view = view_for(key)

    def seen(s: Any) -> str:
        return json.dumps(title.to_json(view(s, seat)), sort_keys=True)

    if seen(other) != seen(state):
        raise AssertionError(f"{key}: the twin for {seat} changes what {seat} may see")
    return other


def frames(app: Any, make_table: Callable[..., Any], save: Path, live: Any, state: Any) -> tuple[bytes, bytes, Any]:
    """A fresh table on `state` (the `live` session's game otherwise), drawn at the hand-off card
    and after the next person clicks it away (where there is no card, the one frame twice): both
    frames' pixels and whose hand it then shows.
    `make_table(session, save, bot_delay)` is the title's own (tools/monkey.py `table_parts`)."""
    import pygame

    from game.engine.session import Session

    session = Session(live.title, live.scenario, live.seed, live.options, state=state, opening=live.opening)
    table = make_table(session, save, 0)
    table.animate = False
    app.push(table)
    try:
        app.run(max_frames=2)
        # The card is up where the decider's view shows what another seat may not see (kit:
        # GameTable.needs_handoff); with nothing such (no cards dealt yet, Doom's marines) the
        # desk passes without it, and the one frame is what both people see.
        card = table.needs_handoff(None, live.decider)
        if table.handoff != (live.decider if card else None):
            raise AssertionError(f"two people at the desk: the table should wait for "
                                 f"{live.decider if card else 'nobody'}, it waits for {table.handoff}")
        behind = pygame.image.tobytes(app.screen, "RGB")
        if not card:
            return behind, behind, table.viewer
        at = table.view_rect.center
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {"button": 1}
            pygame.event.post(pygame.event.Event(kind, pos=at, **extra))
        app.run(max_frames=3)
        if table.handoff is not None:
            raise AssertionError("a click on the hand-off card did not take it away")
        return behind, pygame.image.tobytes(app.screen, "RGB"), table.viewer
    finally:
        app.pop()


def _where(a: bytes, b: bytes, size: tuple[int, int], out: Path, name: str) -> str:
    import pygame

    sa, sb = (pygame.image.frombytes(x, size, "RGB") for x in (a, b))
    out.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sa, str(out / f"{name}-state.png"))
    pygame.image.save(sb, str(out / f"{name}-twin.png"))
    w, h = size
    diff = [(x, y) for x in range(0, w, 2) for y in range(0, h, 2) if sa.get_at((x, y)) != sb.get_at((x, y))]
    xs, ys = [x for x, _ in diff], [y for _, y in diff]
    return f"pixels differ within x {min(xs)}-{max(xs)}, y {min(ys)}-{max(ys)} (see {out}/{name}-*.png)"


def leak(app: Any, key: str, make_table: Callable[..., Any], save: Path, live: Any, rng: random.Random,
         out: Path, name: str) -> str | None:
    """Where the deciding seat's screen shows what it may not know (None: nowhere). The table is
    drawn on the live game's state and on a twin (`twin`), behind the hand-off card and after it."""
    seat = live.decider
    same = live.title.from_json(live.title.to_json(live.state))
    other = twin(key, live.title, live.state, seat, rng)
    a_behind, a_shown, viewer = frames(app, make_table, save, live, same)
    b_behind, b_shown, _ = frames(app, make_table, save, live, other)
    if viewer != seat:
        return f"after the hand-off card the table shows {viewer}'s hand, not {seat}'s"
    size = app.screen.get_size()
    if a_behind != b_behind:
        return f"behind the hand-off card for {seat}: " + _where(a_behind, b_behind, size, out, name + "-behind")
    if a_shown != b_shown:
        return f"{seat}'s own screen: " + _where(a_shown, b_shown, size, out, name)
    return None


__all__ = ["TWINS", "frames", "leak", "twin", "view_for"]
