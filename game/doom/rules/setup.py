"""Setting up a scenario (spec doom.md 4): marines by player count, the starting resources of
marines.toml, marine cards dealt face up, the invader's 5 secret cards, the start zone revealed."""
from __future__ import annotations

from typing import Any, Mapping

from game.doom.content import shared_content
from game.doom.rules import effects as E
from game.doom.rules import procedures as P
from game.doom.rules.names import card_name, ref, who
from game.doom.rules.state import INVADER, REVISIONS, DoomState, Marine
from game.doom.rules.turn import start_marine_turn
from game.engine.deck import Deck
from game.engine.protocol import Event
from game.engine.text import M, Mn, join
from game.engine.rng import Rng

# Rule options (spec 11: every rule choice behind a named option, the proposal the default):
# name -> (default, allowed values, what it is).
OPTIONS: dict[str, tuple[Any, tuple[Any, ...], str]] = {
    "marines": (3, (1, 2, 3), "the number of marines"),
    "marine_cards": ("all", ("all", "medic_only"), "spec 11 item 6: marine cards off except the Medic"),
    "strict_corners": (False, (False, True), "spec 11 item 11: a line touching any solid corner is blocked"),
    "door_reach": ("adjacent", ("adjacent", "flanking"), "seed p. 9 (adjacent to the door's squares) or "
                   "the spec's flanking squares only (11 item 10)"),
    "demon_sidestep": ("diagonal", ("diagonal", "also_perpendicular"), "spec 11 item 14"),
    "blow_through_ammo": ("each_link", ("each_link", "first_only"), "spec 11 item 23: which rolls spend ammo"),
    "adrenaline": ("any_action", ("any_action", "moving_actions"), "spec 11 item 26: +4 even on Fire"),
    "frags_for_marine_kills": ("always", ("always", "invader_only"), "spec 11 item 30: a marine killed "
                               "by marines' fire or a barrel they set off gives a frag, or not"),
    "trap": ("activate", ("activate", "spawn"), "spec 11 item 7: Trap activates up to 2 invaders at once, or "
             "(the variant) spawns 2 invaders out of every marine's sight"),
    "squeeze": ("allowed", ("allowed", "forbidden"), "spec 11 item 13: a diagonal step between two "
                "enemies or obstacles on its two sides"),
}


def marine_seats(content, options: Mapping[str, Any]) -> list[str]:
    """The marines in turn order: the option `colours` (the colour each seat plays, chosen on
    the set-up screen: no two alike), else the first `marines` of marines.toml's seat order. A
    marine's colour is its identity in the rules and the log, so the choice is a game option
    and a replay deals the same marines."""
    n = options.get("marines", 3)
    order = [m.id for m in sorted(content.marines.values(), key=lambda m: m.seat)]
    colours = options.get("colours")
    if colours is None:
        return order[:n]
    if not isinstance(colours, list) or len(colours) != n or len(set(colours)) != n or \
            not all(isinstance(c, str) and c in content.marines for c in colours):
        raise ValueError(f"option colours must list {n} different marine colours of {', '.join(order)}, not {colours!r}")
    return list(colours)


def new_state(scenario: str, seed: int, options: Mapping[str, Any]) -> tuple[DoomState, list[Event]]:
    """The scenario set up, and the events of the set-up until the first question."""
    c = shared_content()
    if scenario not in c.scenarios:
        raise ValueError(f"unknown Doom scenario {scenario!r} (known: {', '.join(sorted(c.scenarios))})")
    unknown = sorted(set(options) - set(OPTIONS) - {"colours", "rules"})
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r} for Doom (known: {', '.join(OPTIONS)})")
    why = REVISIONS.refusal(options)  # "rules": the rules revision (state.RULES_REVISION)
    if why is not None:
        raise ValueError(why)
    n = options.get("marines", 3)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(c.marines):
        raise ValueError(f"Doom is played by 1 to {len(c.marines)} marines (and the invader), not {n!r}")
    for name, value in options.items():
        if name in ("colours", "rules"):
            continue
        allowed = OPTIONS[name][1]
        if name not in ("marines", "colours") and (value not in allowed or type(value) is not type(allowed[0])):
            raise ValueError(f"option {name} must be one of {', '.join(map(repr, allowed))}, not {value!r}")
    sc = c.scenarios[scenario]
    rng = Rng(seed)
    seats = marine_seats(c, options)
    setup = c.setups[n]
    marines = {}
    for colour, start in zip(seats, sc.marine_starts):
        marines[colour] = Marine(colour, tuple(start), setup.health, setup.health, setup.armour, setup.armour,
                                 {a: 0 for a in c.ammo} | {"shells": setup.shells})
    state = DoomState(scenario, seed, rng, seats, marines, {}, [],
                      Deck.new("invader", c.invader_deck(), rng.stream("invader_deck")), [],
                      Deck.new("marine", c.marine_deck(), rng.stream("marine_deck")))
    state.options = {k: v for k, v in options.items() if k not in ("marines", "colours")}
    m = state.map  # read the map now: a broken scenario fails here, not mid-game
    for e in sc.win_encounters:
        if not any(p.kind == "encounter" and p.variant == e for p in m.props):
            raise ValueError(f"scenario {scenario}: no encounter marker {e!r} on {sc.map}")
    for colour in seats:
        cell = marines[colour].cell
        if cell not in m.floor:
            raise ValueError(f"scenario {scenario}: the start square {cell} of {colour} is not floor")
    if sc.win_area and sc.win_area not in m.areas:
        raise ValueError(f"scenario {scenario}: no area {sc.win_area!r} on {sc.map}")
    state.closed = sorted(d.name for d in m.doors.values() if d.start_closed)
    return state, P.start(state, "setup", {})


@P.procedure("setup")
def _setup(ctx) -> None:
    state: DoomState = ctx.state
    c = state.content
    n_cards = c.setups[len(state.seats)].cards
    for colour in state.seats:
        mar = state.marines[colour]
        mar.cards = state.marine_deck.draw(n_cards)
        for mc in state.cards_of(colour):
            if mc.effect == "start_health":
                mar.health += mc.params["amount"]
                mar.max_health += mc.params["amount"]
            elif mc.effect == "start_armour":
                mar.armour += mc.params["amount"]
                mar.base_armour += mc.params["amount"]
            elif mc.effect == "start_ammo":
                for a, k in mc.params["ammo"].items():
                    mar.ammo[a] = mar.ammo.get(a, 0) + k
        names = join(", ", [ref("doom.marine_card", x.split("#")[0]) for x in mar.cards])
        E.emit(ctx, "cards", M("{figure} draws its marine cards, face up: {cards}.", figure=who(state, colour),
                               cards=names),
               {"marine": colour, "cards": list(mar.cards)}, hidden=True)
    for _ in range(c.number("invader_start_hand")):
        card = E.draw_invader_card(ctx)
        if card is not None:
            state.hand.append(card)
            E.emit(ctx, "draw", M("The invader draws {card}.",
                                  card=card_name(state, card)), {"card": card}, hidden=True,
                   visible_to=(INVADER,))
    E.emit(ctx, "draw", Mn("The invader draws {n} card.", "The invader draws {n} cards.", len(state.hand)),
           {"count": len(state.hand)}, hidden=True)
    for area in state.map.start_zones:
        E.reveal_area(ctx, area)
    E.reveal(ctx)
    state.seat = 0
    start_marine_turn(ctx)
