"""Doom's words on screen: players, scenarios' goals, the invader's cards and the monsters. The
rules already write their log lines and options in plain words (game/doom/rules/names.py);
this names what the table shows around them."""
from __future__ import annotations

from game.engine.text import named_in
from game.i18n import N_, _, fill, pgettext

MARINES = ("red", "green", "blue")  # the marine colours in seat order (content: marines.toml)
INVADER = "invader"

# The Okabe-Ito colours of the player tokens (assets/tokens/tokens.toml) nearest each marine's
# colour, so a marine's token, ring and panel agree and stay apart for colour-blind players (each
# token also has its cue shape); the invader takes the reddish purple.
MARINE_TOKENS = {"red": "tokens/marine_p6.png", "green": "tokens/marine_p3.png", "blue": "tokens/marine_p5.png"}
MARINE_COLOURS = {"red": (213, 94, 0), "green": (0, 158, 115), "blue": (0, 114, 178)}
INVADER_COLOUR = (204, 121, 167)


def player(p: str) -> str:
    if p == INVADER:
        return _("The invader")
    return {"red": _("Red marine"), "green": _("Green marine"), "blue": _("Blue marine")}.get(p, p.capitalize())


def round_name(n: int) -> str:
    """"Round 3" in the table's heading, in Doom's own words: the Hungarian rulebook's round is a
    forduló ("Kezdődik a(z) 3. forduló." in the log), a kör is a player's turn ("Piros köre")."""
    return pgettext("doom", "Round {n}").format(n=n)


def short(p: str) -> str:
    """A marine by its colour alone, where a button has little room ("Green")."""
    return {"red": _("Red"), "green": _("Green"), "blue": _("Blue")}.get(p) or player(p)


def colour(p: str) -> tuple[int, int, int]:
    """A player's colour on the table: the marine's own colour, the invader's purple."""
    return MARINE_COLOURS.get(p, INVADER_COLOUR)


def scenario(sc) -> str:
    """The scenario's name in the player's language (scenarios.toml has `name` and `name_hu`; the
    other languages take the catalogue's word for `name`, which the data's extraction put there;
    a built map's scenario is named by its map, whose name is there under the context "doom")."""
    from game import i18n
    from game.engine.text import named_in

    if i18n.language() == "hu" and sc.name_hu and sc.name_hu != sc.name:  # (a built map's is its English name)
        return sc.name_hu
    return named_in("doom", sc.name, _)


def place(dmap, area: str) -> str:
    """An area as a player reads it: the map's place name for it ("Evac airlock", the area's
    `label`), a built map's area by its piece ("Start room", rules/board.py built_area_places),
    else its id ("A3")."""
    label = dmap.area_label.get(area, "")
    if label:
        return _(label)
    built = getattr(dmap, "area_place", {}).get(area)  # a built map's: its piece's name
    return str(built) if built is not None else area


def goal(sc, dmap, frags: bool = True) -> str:
    """How the scenario is won, from its record (scenarios.toml) and its map (`dmap`: the exit's
    place name; an area without one is 'the exit', never its id such as 'room_b'). A map that
    cannot be read (None) names no places. `frags=False` leaves the invader's frag target out,
    for a place that already shows it (the set-up screen's row tag: 'Invader wins at 6 frags'
    stood there above '... The invader wins at 6 frags.')."""
    if sc.win_area:
        label = dmap.area_label.get(sc.win_area, "") if dmap is not None else ""
        built = dmap.area_place.get(sc.win_area) if dmap is not None and not label else None
        # An exit without a place name (a built map's objective) is laid with the striped exit
        # floor on the table (table_scene.lay_exit_floor): the goal says where to look, and names
        # it by its piece where it has one ("Room, small").
        line = (_("Marines win when one of them reaches the exit: {place}.").format(place=_(label)) if label
                else _("Marines win when one of them reaches the exit: {place} (the area with the striped "
                       "floor).").format(place=str(built)) if built is not None
                else _("Marines win when one of them reaches the exit, the area with the striped floor.")
                if dmap is not None else _("Marines win when one of them reaches the exit."))
    elif sc.win_encounters:
        # Where each encounter lies (its area's place name), not its id ('C1, C2').
        where = {p.variant: p.area for p in dmap.props if p.kind == "encounter"} if dmap is not None else {}
        places = [place(dmap, where[e]) if e in where else e for e in sc.win_encounters]
        line = _("Marines win when they have set off the encounters in: {places}.").format(places=", ".join(places))
    else:
        line = ""
    if frags:
        line += " " + _("The invader wins at {n} frags.").format(n=sc.frag_target)
    if sc.meltdown:
        line += " " + fill(_("Meltdown: a frag at the end of round {first} and every {every} rounds after."),
            first=sc.meltdown[0], every=sc.meltdown[1])
    return line.strip()


def card_face(content, card: str) -> tuple[str, str]:
    """An invader card's name and text ("zombie_pack#2" -> the card record), the name Doom's own
    word (`name`: the hand showed 'Ambush' in Hungarian, Gears' order card's untranslated name)."""
    spec = content.invader_card(card)
    if spec.kind == "spawn":
        from game.doom.rules.names import monsters

        halves = [" + ".join(str(monsters(g.monster, g.count)) for g in half) for half in spec.halves]
        text = _("Spawn: ") + _(" or ").join(halves)
    else:
        text = _(spec.text)
    return name(spec), text


def figure(state, fig: str) -> str:
    """'Red marine', 'Imp 3'."""
    if fig in state.marines:
        return player(fig)
    monster, _sep, n = fig.partition("#")
    m = state.content.monsters.get(monster)
    return f"{name(m) if m else monster} {n}"


def name(record, capital: bool = True) -> str:
    """A content record's name in the player's language: the data's `name_hu` in Hungarian
    (weapons, ammo, items, monsters, actions, orders; lower case there, so capitalised unless
    asked not to), else the catalogue's word for `name` (Greek: the names are msgids of the
    data's extraction, as the rules' log lines name them through names.lookup: Doom's own
    translation first, so that the Advance action is not worded as Gears' Advance order card)."""
    from game import i18n

    hu = getattr(record, "name_hu", "")
    if i18n.language() == "hu" and hu:
        return hu[:1].upper() + hu[1:] if capital else hu
    return named_in("doom", record.name, _)


DICE = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}


def dice(ids) -> str:
    """A pool of Doom dice by colour in the player's words: 'yellow + green'."""
    return " + ".join(_(DICE[d]) if d in DICE else d for d in ids)


def _item(content, what: str) -> str:
    for table in (content.weapons, content.ammo, content.items):
        if what in table:
            return name(table[what], capital=False)
    return what


def button(content, action, state=None) -> str:
    """A prompt button's label in the player's words: the table's own for the choices a player
    meets every turn (declare, orders, give, end, let pass, the questions' plain answers), an
    order named as the marker it places ("Aim order"); else the rules' words for the action."""
    k, pl = action.kind, action.payload or {}
    if k == "order" and pl.get("order") in content.orders:
        return _("{order} order").format(order=name(content.orders[pl["order"]]))
    if k == "declare" and pl.get("action") in content.actions:
        return _("Declare {action}").format(action=name(content.actions[pl["action"]]))
    if k == "give" and state is not None and pl.get("to") in state.marines:
        what = pl.get("what", "")
        if what in content.ammo:  # a prompt button has room for ~35 letters: the colour alone
            return _("Give {who} 1 {ammo} (1 MP)").format(who=short(pl["to"]), ammo=_item(content, what))
        return _("Give {who} the {weapon} (1 MP)").format(who=short(pl["to"]), weapon=_item(content, what))
    if k == "end_activation" and state is not None and state.act is not None:
        return _("End {figure}'s activation").format(figure=figure(state, state.act["fig"]))
    plain = {"end_turn": N_("End the turn"), "end_invader_turn": N_("End the invader's turn"),
             "no_spawn": N_("Play no spawn card"), "pass": N_("Play nothing now"),
             "end_interlude": N_("Let the marine carry on")}
    if k in plain:
        return _(plain[k])
    if k in ("guard", "sentry") and not pl.get("use"):
        return _("Let it pass")
    if k in ("hellfire", "dud", "trap", "dark_energies") and not pl.get("card"):
        return _("Do not play it")
    if k == "dodge_card" and not pl.get("card"):
        return _("Do not play a Dodge card")
    if k == "aim":
        return _("Make an aimed attack") if pl.get("aim") else _("Attack without aiming")
    if k == "heal":
        return _("Heal 1 health now") if pl.get("heal") else _("Do not heal")
    if k == "heal_now" and pl.get("target") is None:
        return _("Not now")
    if k == "knockback" and pl.get("to") is None:
        return _("Leave it where it is")
    if k == "blow_through" and pl.get("to") is None:
        return _("Stop the attack here")
    return action.text


def marine_card_text(content, card: str) -> str:
    """What a marine card does, in the player's words, with the numbers of marine_cards.toml
    (the card texts are not in the seed: these say what the rules engine does with the card)."""
    mc = content.marine_card(card)
    p = mc.params
    if mc.effect == "heal_order":
        return _("May place the Heal order: heals itself or an adjacent marine by 1.")
    if mc.effect == "start_health":
        return _("Starts with {n} more health.").format(n=p["amount"])
    if mc.effect == "start_armour":
        return _("Starts with {n} more armour.").format(n=p["amount"])
    if mc.effect == "start_ammo":
        return _("Starts with extra ammo: {ammo}.").format(
            ammo=", ".join(f"{name(content.ammo[a], capital=False)} {n}" for a, n in sorted(p["ammo"].items())))
    if mc.effect == "move_bonus":
        return _("+{n} movement on {actions}.").format(
            n=p["amount"], actions=_(" and ").join(name(content.actions[a]) for a in p["actions"]))
    if mc.effect == "door_cost":
        return _("Opening or closing a door costs {n} MP.").format(n=p["cost"])
    if mc.effect == "accuracy":
        if p["when"] in content.actions:  # the action by its name in the data, as its button ("Kitárazás")
            return _("+{n} range on {action} turns.").format(n=p["amount"], action=name(content.actions[p["when"]]))
        return _("+{n} range with ranged weapons that do not blast.").format(n=p["amount"])
    if mc.effect == "damage":
        return _("+{n} damage on {action} turns.").format(n=p["amount"], action=name(content.actions[p.get("when", "advance")]))
    if mc.effect == "order_in_advance":
        return _("May place an order on {action} turns too.").format(action=name(content.actions["advance"]))
    if mc.effect == "guard_kept_when_wounded":
        return _("A wound does not end its Guard order.")
    if mc.effect == "killer_instinct":
        return _("Once a turn, after a kill: +{n} MP and one more attack.").format(n=p["move"])
    if mc.effect == "officer":
        return _("Other marines within {d} squares in its sight get +{n} range and damage.").format(
            d=p["within"], n=p["amount"])
    if mc.effect == "special_ops":
        return _("Melee: +{n} damage, and may reroll one die when no other reroll applies.").format(n=p["amount"])
    if mc.effect == "front_guard":
        return _("Once per invader turn, a free attack on an invader stepping next to it.")
    return mc.name


# The rule options of game/doom/rules/setup.py OPTIONS (spec 11: every rule choice a named option,
# the seed's or the spec's reading the default), as the set-up screen shows them:
# option -> (its name, {value: what it means}, why there is a choice), in a player's words: the spec's
# item each option settles is named in OPTIONS (the rules' data), not on the screen.
RULE_OPTIONS = {
    "marine_cards": (N_("Marine cards"), {"all": N_("all of them"), "medic_only": N_("only the Medic")},
                     N_("Marine cards give the marines special abilities; a simpler game deals only the "
                        "Medic's card.")),
    "strict_corners": (N_("Sight past corners"), {False: N_("grazing a corner is fine"), True: N_("a touched corner blocks")},
                       N_("Whether a line of sight that only grazes the corner of a wall is blocked.")),
    "door_reach": (N_("Using a door"), {"adjacent": N_("from next to the door (seed)"),
                                        "flanking": N_("only from its four squares")},
                   N_("Where a figure must stand to use a door: next to any of its squares, as the "
                      "rulebook says, or only on the squares on its two sides.")),
    "demon_sidestep": (N_("Demons' sidestep"), {"diagonal": N_("diagonal only"), "also_perpendicular": N_("also straight sideways")},
                       N_("How a demon that fills two squares may step aside: only diagonally, or "
                          "straight sideways too.")),
    "blow_through_ammo": (N_("Blow-through ammo"), {"each_link": N_("each rolled link"), "first_only": N_("the first roll only")},
                          N_("Which rolls of a blow-through attack spend ammunition: every roll of the "
                             "chain, or only the first.")),
    "adrenaline": (N_("Adrenaline"), {"any_action": N_("+4 MP on any action"), "moving_actions": N_("only on moving actions")},
                   N_("Adrenaline gives a marine 4 extra movement points: on any action, a Fire action "
                      "too, or only on actions that move.")),
    "frags_for_marine_kills": (N_("Frags for friendly fire"), {"always": N_("always a frag"), "invader_only": N_("only the invader's kills")},
                               N_("Whether a marine killed by the marines' own fire, or by a barrel "
                                  "they set off, counts as a frag for the invader.")),
    "trap": (N_("Trap card"), {"activate": N_("up to 2 invaders act"), "spawn": N_("up to 2 invaders appear")},
             N_("The invader's Trap card, played when a marine picks something up: up to 2 invaders act "
                "at once, or up to 2 new invaders appear out of every marine's sight.")),
    "squeeze": (N_("Squeezing diagonally"), {"allowed": N_("allowed"), "forbidden": N_("not between two blockers")},
                N_("Whether a figure may step diagonally between two enemies or obstacles.")),
}


# The automated invader's levels (game/doom/invader_ai.py DIFFICULTIES, spec 11.D).
def difficulty(level: str) -> str:
    """The invader AI's level in words, under its own context: "Veteran" is also a Convoy card's
    name, which keeps its English name where Doom's level is translated."""
    words = {"recruit": pgettext("doom ai level", "Recruit"), "veteran": pgettext("doom ai level", "Veteran"),
             "nightmare": pgettext("doom ai level", "Nightmare")}
    return words.get(level, level)
DIFFICULTY_WHY = {
    "recruit": N_("Recruit: the invader AI often picks one of its good plans at random"
                  " and aims to bring new monsters in farther from the marines."),
    "veteran": N_("Veteran: the invader AI takes its best plan every time."),
    "nightmare": N_("Nightmare: the invader AI also looks one figure ahead and goes harder for kills;"
                    " it thinks longer."),
}
