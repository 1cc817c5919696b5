"""Names for log lines, labels, refusals and decision options: 'Red', 'Imp 3', 'Shotgun', 'Trap'.
The engine's text uses these, so a player reads names, not ids.

Each name is a `Ref` (game/engine/text.py): the id, named when the text is shown, in the reader's
language, by `lookup` below (registered for the kinds "doom.*"; content names are msgids that
game/i18n_extract.py puts in the catalogues). Nothing is looked up while the rules run; one Ref is
kept per id (every legal action is labelled, thousands of times per game)."""
from __future__ import annotations

from typing import Any, Callable

from game.doom.content import shared_content
from game.doom.rules.state import INVADER, DoomState
from game.engine.text import Kept, M, Mn, Msg, Ref, counted, join, named_in, ref, register_names
from game.i18n import N_

# The marine colours as the log has always named them ("Red", not "Red marine").
MARINE_WORDS = {"red": N_("Red"), "green": N_("Green"), "blue": N_("Blue")}
# The dice and the keys by colour (a face list names the die: "yellow r2 d2"; "the blue key").
COLOUR_WORDS = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}
# Why a card went to the discards as saves made before ff5e3d6 word it (the card's name again:
# "discards Trap (played: Trap)"; now M("played")). A save keeps its log as message ids, so these
# stay in the catalogues for the old saves' lines to read in the reader's language.
OLD_DISCARD_REASONS = (N_("played: {card}"), N_("played: Hellfire"), N_("played: Dodge"), N_("played: Dud"),
                       N_("played: Dark Energies"), N_("played: Trap"))
# Where a figure went, appeared, died or picked something up, as saves made before the log named
# places word it (by coordinates: "Red moves to 2,8."; now "Red moves 3 squares, to the Crew
# lounge."): their logs hold these.
OLD_PLACE_LINES = (N_("{figure} moves to {cells}."), N_("{figure} goes back to {cells}."),
                   N_("{figure} picks up {what} at {cell}."), N_("{figure} appears at {cells}."),
                   N_("{figure} is killed at {cell}."), N_("{figure} respawns at {cell}."),
                   N_("{figure} teleports from {cell} to {to}."),
                   N_("{figure} crawls through the vents from {cell} to {to}."),
                   # Attacks, blasts, barrels and knockbacks before they named their target's place
                   # ("The barrel at 10,8 explodes."; now "The barrel in the Crew lounge explodes.").
                   N_("{figure} attacks {target} at {cell} with the {weapon} ({why}); distance {distance}."),
                   N_("{figure} attacks {target} at {cell} with the {weapon}; distance {distance}."),
                   N_("{figure} attacks {target} at {cell} ({why}); distance {distance}."),
                   N_("{figure} attacks {target} at {cell}; distance {distance}."),
                   N_("the barrel"), N_("The barrel at {cell} explodes."),
                   N_("The blast covers {n} squares around {cell}: {figures} caught in it."),
                   N_("The blast covers {n} squares around {cell}."),
                   N_("{figure} is knocked back from {cell} to {to}."),
                   N_("The attack walks on to {cell}, dropping a {die} die."),
                   N_("The blast's path from {cell} is blocked: nobody is hurt."), N_("The blast lands on {cell}."),
                   N_("{figure}'s target at {cell} is gone."), N_("Attack {cell} with the {weapon}"),
                   N_("{figure} attacks {cell}"))
# A scatter as saves made before it was said in words hold it ("the flipped card shows NE2").
OLD_SCATTER_LINES = (N_("Scatter: the flipped card shows {scatter}."),
                     # and an ammo token spent, before it was counted as "1 shells/bullets ammo"
                     N_("An ammo icon: {figure} spends 1 {ammo} ({n} left)."))
# A move's line before it told a move inside a room from one into another ("Red moves 4 squares,
# to the Crew lounge." for both).
OLD_MOVE_LINE = Mn("{figure} moves {n} square, to {place}.", "{figure} moves {n} squares, to {place}.", 1)
# The bots' reasons by square coordinates, as logs made before the bots named places hold them
# (a bot's reason is a log line, kept in its save as a message id).
OLD_BOT_REASONS = (N_("the square out of sight closest to a marine ({cell})"),
                   N_("knock the marine onto the hazard at {cell}"),
                   N_("knock the marine back to {cell}, away from its objective"),
                   N_("{monster} appears at {at}, out of sight, {d} squares from the marines: it can strike "
                      "{figure} this turn"),
                   N_("{monster} appears at {at}, out of sight, {d} squares from the nearest marine"),
                   N_("interrupt: {weapon} at {cell}, {why}"),
                   N_("respawn at {cell}: toward {goal}, out of the invaders' reach"))
# An area's text as older logs read it: Knee-Deep's West corridor counted "Two of the night
# shift", whose second Zombie comes only with two marines or more.
# And as they began, naming the area the line has just named ("Junction hall is revealed: A
# junction hall. Three doors lead on ..."; now "Junction hall is revealed: Three doors lead on ...").
OLD_AREA_TEXTS = (N_("Two of the night shift are still here. They turn toward you much too slowly."),
                  N_("A junction hall. Three doors lead on; scorch marks run toward the east door."),
                  N_("A cramped crawlway. Something skitters in the ducts. A blue keycard glints at the far end."),
                  N_("The east corridor. A security guard sits slumped against the wall."),
                  N_("The toxin lab. Green sludge has flooded part of the floor. The red keycard lies on a workbench at the back."),
                  N_("The exit hall. The red security door to the evac airlock is right ahead, and something huge stands between you and it."),
                  N_("The evac airlock."),
                  N_("The weapons locker. Someone left the heavy hardware behind."),
                  N_("The service corridor runs east to the reactor hall."),
                  N_("The control room. The shutdown console blinks on the far wall; the operators are still at their desks, after a fashion."),
                  N_("The coolant store. A blue keycard is clipped to a rack at the back."),
                  N_("The reactor hall. Coolant pools on the floor, and the second console is on the far side."))
# The invader's event card labels before the choice was a message apart (7376734): the
# actions of old saves hold them.
# A paused question's options by square coordinates ("Knock it to 11,8"), as the saves and the
# state hashes of older Tiletops hold them (DoomTitle.older_words words a paused question so again).
OLD_QUESTION_LABELS = (N_("Place on {cells}"), N_("Knock it to {cell}"), N_("Attack {cell}"),
                       N_("Walk on to {cell}, dropping a {die} die"))
OLD_PLAY_LABELS = (N_("Play {card}: destroy door {door}"), N_("Play {card}: close door {door}"),
                   N_("Play {card}: close doors {door} and {other}"), N_("Play {card}: {figure} activates twice"),
                   N_("Play {card}: every {monster} +{n} MP"))


def _table(kind: str):
    c = shared_content()
    return {"doom.monster": c.monsters, "doom.weapon": c.weapons, "doom.ammo": c.ammo, "doom.item": c.items,
            "doom.action": c.actions, "doom.order": c.orders}.get(kind)


def _named(name: str, translate: Callable[[str], str]) -> str:
    """A content name, Doom's own translation first: Gears' Advance order card keeps its printed
    name where Doom's Advance action is translated (babel.cfg: Doom's names under "doom")."""
    return named_in("doom", name, translate)


def lookup(kind: str, key: str, translate: Callable[[str], str]) -> str:
    """The name of a Doom thing in the language `translate` gives ("doom.weapon_lower": inside
    a sentence, in lower case)."""
    if kind.endswith("_lower"):
        return lookup(kind[:-len("_lower")], key, translate).lower()
    c = shared_content()
    if kind == "doom.figure":
        if key in MARINE_WORDS:
            return translate(MARINE_WORDS[key])
        if "#" not in key:
            return key.capitalize()
        monster, _, n = key.partition("#")
        name = _named(c.monsters[monster].name, translate) if monster in c.monsters else monster
        return f"{name} {n}"
    if kind == "doom.place":  # a built map's area: its piece's name or its piece's area's label
        return _named(key, translate)
    if kind == "doom.invader_card":
        return _named(c.invader_card(key).name, translate)
    if kind == "doom.marine_card":
        return _named(c.marine_card(key).name, translate)
    if kind in ("doom.die", "doom.key"):
        return translate(COLOUR_WORDS[key]) if key in COLOUR_WORDS else key
    if kind == "doom.equipment":  # a thing the map lays: a weapon, an ammo or an item
        for table in (c.weapons, c.ammo, c.items):
            if key in table:
                return _named(table[key].name, translate)
        return key
    table = _table(kind)
    if table is not None and key in table:
        return _named(table[key].name, translate)
    return key


register_names("doom", lookup)

# The labels listed most (every legal move of every listing, a spawn question's squares), kept
# per what they say (text.Kept): a listing hands out the same message objects instead of wording
# squares and making messages again. `label(key, make, *args)`.
label = Kept()


def sq(c) -> str:
    return f"{c[0]},{c[1]}"


def squares(cells) -> str:
    """'3,4 + 4,4': the squares of a footprint."""
    return " + ".join(sq(c) for c in cells)


def place(state: DoomState, cells) -> Msg:
    """Where squares lie, as a player finds it on the map: "the Crew lounge" (the area's place
    name, the map's `label`), else "area A3" (the id the exploration line names it by);
    "unexplored ground" before it is revealed. A footprint over two areas is named by its first
    square's."""
    area = state.map.area_of.get(min(tuple(c) for c in cells), "")
    if area not in state.revealed:  # its name is learnt when it is revealed (a bot's plan, a step into it)
        return UNEXPLORED
    name = state.map.area_label.get(area, "")
    if name:
        return M("the {place}", place=M(name))
    built = state.map.area_place.get(area)  # a built map's: "the Start room", "the Corridor, straight 2"
    return M("the {place}", place=built) if built is not None else M("area {area}", area=area)


UNEXPLORED = M("unexplored ground")


def target(state: DoomState, cell) -> Ref | Msg:
    """What lies on a square an attack, a blast or a Blow-through walk reaches, as a player finds
    it on the map: the figure ("Imp 3"), "the barrel in the Crew lounge" ("the left barrel in the
    Crew lounge" where its area holds more than one), else "a square in the Crew lounge"."""
    cell = (cell[0], cell[1])
    fig = state.figure_cells().get(cell)
    if fig is not None:
        return who(state, fig)
    where = place(state, [cell])
    if not state.has_marker(cell, "barrel"):
        return M("a square in {place}", place=where)
    return barrel_words(state, cell, where)


def barrel_words(state: DoomState, cell, where: Msg | None = None) -> Msg:
    """"the barrel in the Crew lounge"; where its area holds other barrels, the one meant told
    apart as the map shows it: "the left/right/upper/lower/middle barrel in ...", "barrel 2 from
    the left in ..." (on the axis where the area's barrels spread most, this one's coordinate its
    own)."""
    where = place(state, [cell]) if where is None else where
    area = state.map.area_of.get(cell)
    others = [m.cell for m in state.markers if m.kind == "barrel" and m.cell != cell
              and state.map.area_of.get(m.cell) == area]
    if not others:
        return M("the barrel in {place}", place=where)
    cells = others + [cell]
    spread = [max(c[i] for c in cells) - min(c[i] for c in cells) for i in (0, 1)]
    for axis in sorted((0, 1), key=lambda i: -spread[i]):
        if any(c[axis] == cell[axis] for c in others):
            continue  # in line with another barrel: this axis does not tell them apart
        rank = sum(c[axis] < cell[axis] for c in others)
        return _barrel_at(axis, rank, len(cells), where)
    return M("the barrel in {place}", place=where)


def _barrel_at(axis: int, rank: int, n: int, where: Msg) -> Msg:
    if rank == 0:
        return M("the left barrel in {place}", place=where) if axis == 0 else \
            M("the upper barrel in {place}", place=where)
    if rank == n - 1:
        return M("the right barrel in {place}", place=where) if axis == 0 else \
            M("the lower barrel in {place}", place=where)
    if n == 3:
        return M("the middle barrel in {place}", place=where)
    return M("barrel {n} from the left in {place}", n=rank + 1, place=where) if axis == 0 else \
        M("barrel {n} from the top in {place}", n=rank + 1, place=where)


def who(state: DoomState, fig: str) -> Ref | Msg:
    """'Red' for a marine, 'Zombie 2' for an invader figure, 'the invader' for the player."""
    got = _FIGURES.get(fig)
    if got is None:
        got = _FIGURES[fig] = THE_INVADER if fig == INVADER else Ref("doom.figure", fig)
    return got


THE_INVADER = M("the invader")
_FIGURES: dict[str, Ref | Msg] = {}  # asked for by most labels and log lines: one lookup


def weapon_name(state: DoomState, weapon: str | None) -> Ref | Msg:
    if weapon is None:
        return M("its attack")
    return ref("doom.weapon", weapon)


def card_name(state: DoomState, card: str) -> Ref:
    """An invader card's name ('zombie_pack#2' -> 'Zombie Pack')."""
    return ref("doom.invader_card", card.split("#")[0])


def monster(monster_id: str) -> Ref:
    return ref("doom.monster", monster_id)


def monsters(monster_id: str, n: int) -> Msg:
    """'3 Zombies', '1 Imp': a count of a monster type, worded by the language's plural rules
    (text.counted; the pair is in the catalogues through game/i18n_extract.py)."""
    m = shared_content().monsters[monster_id]
    return counted(n, m.name, m.plural)


def ammo(ammo_id: str) -> Ref:
    return ref("doom.ammo", ammo_id)


def thing(state: DoomState, what: str) -> Ref:
    """A weapon, ammo or item by its id, in lower case ('medikit': a map's equipment marker
    names one of them)."""
    c = state.content
    kind = "doom.weapon" if what in c.weapons else "doom.ammo" if what in c.ammo else "doom.item"
    return ref(kind + "_lower", what)


def dice_words(faces: list[list[Any]]):
    """[[die, face name], ...] -> 'yellow: range 2, 1 damage, ammo; green: miss': each face as a
    player reads the die's symbols, not by the data's code ("r2 d1 +A"); the dice apart with the
    language's separator (a comma parts a face's symbols)."""
    return join(SEPARATOR, [face_words(d, f) for d, f in faces])


def face_words(die: str, face: str) -> Msg:
    """One die's face in words: 'yellow: range 2, 1 damage, ammo', 'green: miss'."""
    got = _FACES.get((die, face))
    if got is None:
        got = _FACES[(die, face)] = _face_msg(die, face)
    return got


def _face_msg(die: str, face: str) -> Msg:
    colour = ref("doom.die", die)
    rec = shared_content().dice.get(die)
    f = next((x for x in rec.faces if x.name == face), None) if rec is not None else None
    if face == "miss" or f is not None and f["miss"]:
        return M("{die}: miss", die=colour)
    if f is None:  # not a face of the box's dice: its name as it is
        return M("{die}: {face}", die=colour, face=face)
    if f["ammo"]:
        return Mn("{die}: range {range}, {n} damage, ammo", "{die}: range {range}, {n} damage, ammo", f["damage"],
                  die=colour, range=f["range"])
    return Mn("{die}: range {range}, {n} damage", "{die}: range {range}, {n} damage", f["damage"], die=colour,
              range=f["range"])


def old_dice_words(faces: list[list[Any]]):
    """A roll as Tiletop worded it before its faces were words ('blue r2 d1, yellow miss'): the
    state hash of a save paused at a reroll question took these (DoomTitle.older_words)."""
    return join(", ", [join(" ", (ref("doom.die", d), MISS if f == "miss" else f)) for d, f in faces])


_FACES: dict[tuple[str, str], Msg] = {}  # every roll words its faces: one message per face
SEPARATOR = M("; ")  # "· " in Greek, where ";" is a question mark
MISS = M("miss")  # a die's miss face (names.dice_words)


def old_option_words(kind: str, o: dict[str, Any]) -> Msg | Ref | str:
    """A paused question's option as Tiletop worded it before its squares had names ("Knock it
    to 11,8"): the state hash of a save paused there took these words (DoomTitle.older_words)."""
    if kind in ("guard", "sentry") and o.get("use"):
        w = o.get("weapon")
        return M("Attack {cell} with the {weapon}", cell=sq(o["target"]), weapon=weapon_name(None, w)) if w \
            else M("Attack {cell}", cell=sq(o["target"]))
    if kind == "place":
        return M("Place on {cells}", cells=squares(tuple(tuple(c) for c in o["cells"])))
    if kind == "knockback" and o.get("to") is not None:
        return M("Knock it to {cell}", cell=sq(o["to"]))
    if kind == "blow_through" and o.get("to") is not None:
        return M("Walk on to {cell}, dropping a {die} die", cell=sq(o["to"]), die=ref("doom.die", o["drop"]))
    return option_words(None, kind, o)  # "Let it pass", "Leave it where it is": no square in them


SQUARE_QUESTIONS = ("place", "knockback", "blow_through")  # questions whose options are squares


def option_labels(state: DoomState, kind: str, options: list[dict[str, Any]], subject: str | None = None) -> list:
    """A question's option labels, the squares named as a player finds them on the map: the
    area's place name, and where another option lies in the same area, where in it, from a
    figure or marker the map shows (`spots`; `subject`: the figure the question is about, a
    knocked-back marine, told from first)."""
    if kind not in SQUARE_QUESTIONS:
        return [option_words(state, kind, o) for o in options]
    first = [tuple(o["cells"][0]) if kind == "place" else tuple(o["to"]) for o in options
             if (o.get("cells") if kind == "place" else o.get("to")) is not None]
    named = spots(state, first, subject)
    return [option_words(state, kind, o, named) for o in options]


def spots(state: DoomState, cells, subject: str | None = None) -> dict[tuple[int, int], Msg]:
    """Each of `cells` (the squares a question offers) named as a player finds it on the map:
    "the Crew lounge" where no other of them lies in that area; else told apart from a thing the
    map shows there: "the Crew lounge, 2 squares left of Green" (the `subject` figure first, else
    the nearest single-square figure, item or barrel in the area), or, with nothing to tell it
    from, by its row and square counted from the area's top left."""
    cells = sorted({(c[0], c[1]) for c in cells})
    area_of = state.map.area_of
    by_area: dict[str, list] = {}
    for c in cells:
        by_area.setdefault(area_of.get(c, ""), []).append(c)
    marks = _landmarks(state, subject)
    out: dict[tuple[int, int], Msg] = {}
    for area, group in by_area.items():
        where = place(state, [group[0]])
        if len(group) == 1 or where is UNEXPLORED:
            for c in group:
                out[c] = where
            continue
        own = [m for m in marks if area_of.get(m[0]) == area]
        for c in group:
            near = [m for m in own if m[0] != c]
            if subject is not None and any(m[2] == 0 for m in near):  # the question's own figure
                near = [m for m in near if m[2] == 0]
            if near:
                cell, name, _rank = min(near, key=lambda m: (m[2], max(abs(m[0][0] - c[0]), abs(m[0][1] - c[1])), m[0]))
                out[c] = M("{place}, {where}", place=where, where=_offset(c[0] - cell[0], c[1] - cell[1], name))
            else:
                box = state.map.areas.get(area, frozenset(group))
                out[c] = M("{place}, row {row} from the top, square {col} from the left", place=where,
                           row=c[1] - min(y for _x, y in box) + 1, col=c[0] - min(x for x, _y in box) + 1)
    return out


def _landmarks(state: DoomState, subject: str | None) -> list[tuple[tuple[int, int], Any, int]]:
    """What a square may be told from, as the map shows it to every seat (revealed areas only):
    single-square figures by name, items by what they are, barrels; rank 0: the `subject`."""
    revealed = state.revealed
    area_of = state.map.area_of
    out: list[tuple[tuple[int, int], Any, int]] = []
    for fig, cells in _figure_squares(state):
        if len(cells) == 1 and area_of.get(cells[0]) in revealed:
            out.append((cells[0], who(state, fig), 0 if fig == subject else 1))
    for m in state.markers:
        if area_of.get(m.cell) not in revealed:
            continue
        if m.kind == "equipment":
            out.append((m.cell, M("the {thing}", thing=thing(state, m.variant)), 2))
        elif m.kind == "barrel":
            out.append((m.cell, BARREL, 2))
    return out


def _figure_squares(state: DoomState):
    for mid, mar in state.marines.items():
        if mar.cell is not None:
            yield mid, [mar.cell]
    for fid, inv in state.invaders.items():
        if inv.cells:
            yield fid, list(inv.cells)


# The eight directions of a scatter diagram, on the map (north up: the compass turned already).
SCATTER_DIRECTIONS = {"N": N_("north"), "NE": N_("north-east"), "E": N_("east"), "SE": N_("south-east"),
                      "S": N_("south"), "SW": N_("south-west"), "W": N_("west"), "NW": N_("north-west")}


def scatter_words(direction: str, n: int) -> Msg:
    """A scatter diagram's arrow in a player's words: "Scatter: the flipped card sends the blast
    2 squares north-east." (`direction`: a key of SCATTER_DIRECTIONS)."""
    return Mn("Scatter: the flipped card sends the blast {n} square {direction}.",
              "Scatter: the flipped card sends the blast {n} squares {direction}.", n,
              direction=M(SCATTER_DIRECTIONS[direction]))


BARREL = M("the barrel")


def _offset(dx: int, dy: int, thing) -> Msg:
    """Where a square lies from a thing on the map, in the screen's directions: "2 squares left
    of Green", "1 square below the barrel", "2 squares left and 1 square up from Imp 3"."""
    if dy == 0:
        return Mn("{n} square left of {thing}", "{n} squares left of {thing}", -dx, thing=thing) if dx < 0 else \
            Mn("{n} square right of {thing}", "{n} squares right of {thing}", dx, thing=thing)
    if dx == 0:
        return Mn("{n} square above {thing}", "{n} squares above {thing}", -dy, thing=thing) if dy < 0 else \
            Mn("{n} square below {thing}", "{n} squares below {thing}", dy, thing=thing)
    across = Mn("{n} square left", "{n} squares left", -dx) if dx < 0 else Mn("{n} square right", "{n} squares right", dx)
    up = Mn("{n} square up", "{n} squares up", -dy) if dy < 0 else Mn("{n} square down", "{n} squares down", dy)
    return M("{across} and {up} from {thing}", across=across, up=up, thing=thing)


def option_words(state: DoomState, kind: str, o: dict[str, Any], named: dict | None = None) -> Msg | Ref | str:
    """An option's label; `named`: the question's squares named together (option_labels), so
    two in one area are told apart; asked alone, a square is named by its place."""
    if kind in ("guard", "sentry"):
        if not o.get("use"):
            return M("Let it pass")
        w = o.get("weapon")
        if w:
            return M("Attack {target} with the {weapon}", target=target(state, o["target"]), weapon=weapon_name(state, w))
        return M("Attack {target}", target=target(state, o["target"]))
    if kind == "aim":
        return M("Make an aimed attack") if o.get("aim") else M("Attack without aiming")
    if kind == "heal":
        return M("Heal 1 health now") if o.get("heal") else M("Do not heal")
    if kind in ("hellfire", "dud", "trap"):
        return M("Play {card}", card=card_name(state, o["card"])) if o.get("card") else M("Do not play it")
    if kind == "dark_energies":
        return M("Play Dark Energies on {figure}", figure=who(state, o["figure"])) if o.get("card") \
            else M("Do not play it")
    if kind == "heal_now":
        return M("Not now") if o.get("target") is None else M("Heal {figure} by 1", figure=who(state, o["target"]))
    if kind == "dodge_card":
        return M("Play {card}", card=card_name(state, o["card"])) if o.get("card") else M("Do not play a Dodge card")
    if kind == "reroll":
        dice = o.get("dice", [])
        if not dice:
            return M("Reroll nothing")
        return Mn("Reroll die {dice}", "Reroll dice {dice}", len(dice), dice=", ".join(str(i + 1) for i in dice))
    if kind == "recycle":
        return M("Lose it") if o.get("figure") is None else \
            M("Take {figure} off the board", figure=who(state, o["figure"]))
    if kind == "trap_spawn":
        return M("Bring in a {monster}", monster=monster(o["monster"]))
    if kind == "place":
        cells = [tuple(c) for c in o["cells"]]
        spot = _spot(state, cells[0], named)
        if len(cells) == 1:
            return M("Place in {spot}", spot=spot)
        # A footprint by the square the table lights brightest, its first (rules/board.footprint)
        if len(cells) > 2:
            return M("Place its top-left square in {spot}", spot=spot)
        return M("Place its left square in {spot}", spot=spot) if cells[1][1] == cells[0][1] else \
            M("Place its upper square in {spot}", spot=spot)
    if kind == "knockback":
        return M("Leave it where it is") if o.get("to") is None else \
            M("Knock it to {spot}", spot=_spot(state, o["to"], named))
    if kind == "blow_through":
        if o.get("to") is None:
            return M("Stop the attack here")
        cell = (o["to"][0], o["to"][1])
        on = target(state, cell) if cell in state.figure_cells() or state.has_marker(cell, "barrel") \
            else M("a square in {place}", place=_spot(state, cell, named))
        return M("Walk on to {target}, dropping a {die} die", target=on, die=ref("doom.die", o["drop"]))
    return M("Choose this")  # every question above has its words; never show a payload


def _spot(state: DoomState, cell, named: dict | None) -> Msg:
    cell = (cell[0], cell[1])
    got = named.get(cell) if named else None
    return got if got is not None else place(state, [cell])
