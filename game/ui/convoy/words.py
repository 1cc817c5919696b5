"""Neuroshima Convoy's words on screen around the rules' own sentences (game/convoy/rules/words.py
writes the log lines, prompts, options and refusals): the sides, the phases, the AI levels, how a
game was won, and the rule behind each kind of refused drop."""
from __future__ import annotations

from game.i18n import N_, _

SIDES = ("moloch", "outpost")
SIDE_COLOURS = {"moloch": (214, 84, 70), "outpost": (96, 186, 110)}
LEVELS = ("novice", "expert")  # the Convoy AI's levels (game/convoy/ai.py)
LEVEL_NAMES = {"novice": N_("novice"), "expert": N_("expert")}
LEVEL_WHY = {"novice": N_("The novice AI plays plainly and makes mistakes: good for a first game."),
             "expert": N_("The expert AI plans its plays and battles: a real opponent.")}

PHASES = ("I", "II", "III", "IV", "V", "Va", "VI", "VIa")
PHASE_NAMES = {
    "mulligan": N_("Starting hands"),
    "I": N_("Draw cards"), "II": N_("Target selection"), "III": N_("Moloch attack"), "IV": N_("Outpost attack"),
    "V": N_("Moloch equipment"), "Va": N_("Outpost equipment"), "VI": N_("Final battle"), "VIa": N_("Convoy moves on"),
    "over": N_("Game over"),
}

WIN_BY = {
    "deck": N_("Moloch won: New York fell with cards still in the Moloch deck."),
    "new_york": N_("Moloch won: New York fell with a Robot standing in it."),
    "deck_and_new_york": N_("Moloch won: New York fell with cards in the Moloch deck and a Robot in the city."),
    "convoy_destroyed": N_("The Outpost won: the Moloch deck ran out and no Robot stands in New York."),
}

# The rule behind each kind of drop, said in a player's words after a refusal. The spec sections
# they restate (shared/rules/convoy.md) stay here, not on screen: a player has the rulebook, not
# the spec, and read '(rule 5, 9 #18)' as a reference to nothing: play 5, 6.13; instant 2, 5;
# equip 5, 9 #18; ability 2, 9 #13; feature 6.10, 9 #5; sector 5; answer 10.
RULES = {
    "play": N_("Rule: a unit or Building enters a city not destroyed with a free battle station of its side, "
               "Robots in Phase III, Soldiers and Buildings in Phase IV."),
    "instant": N_("Rule: an Instant is played in its owner's attack phase and needs something to act on."),
    "equip": N_("Rule: Equipment goes on one of Moloch's Robots without Equipment, in Phase V."),
    "ability": N_("Rule: an ability works in its phase, in a city not destroyed, not switched off, "
                  "once a round where it says so."),
    "feature": N_("Rule: the active city's feature is used once, by the Outpost, in Phase IV."),
    "sector": N_("Rule: in Phase II Moloch puts the Sector Battle token on an intact sector of the active city."),
    "answer": N_("Rule: a question inside an effect is answered before anything else."),
}


def side_name(side: str) -> str:
    return {"moloch": _("Moloch"), "outpost": _("Outpost")}.get(side, side)


def level_name(level: str) -> str:
    return _(LEVEL_NAMES.get(level, level))


def phase_name(phase: str) -> str:
    return _(PHASE_NAMES.get(phase, phase))


def rule(kind: str) -> str:
    return _(RULES[kind]) if kind in RULES else ""


def win_by(key: str) -> str:
    return _(WIN_BY[key]) if key in WIN_BY else ""


def victory_result(steps) -> str:
    """What a city's victory result does (its steps: the data has no words for them), in the
    same words on the city card, its hover view and the battle panel."""
    parts = []
    for st in steps:
        if st.op == "mill":
            parts.append(_("Discard {n} from the Moloch deck").format(n=st.n))
        elif st.op == "reveal_two":
            parts.append(_("Reveal 2 Moloch cards, discard 1"))
        elif st.op == "destroy_sector":
            parts.append(_("Destroy another sector and apply it") if st.apply else _("Destroy another sector"))
        else:
            parts.append(st.op)
    return _("; ").join(parts) or _("nothing")
