"""Level 7's words on screen around the rules' own sentences (game/level7/rules/names.py writes the
log lines and the options): scenarios, characters, cards, tracks and the event card's sections."""
from __future__ import annotations

from game.engine.text import named_in
from game.i18n import N_, _, first_capital, pgettext

SEAT_NAMES = (N_("Subject 1"), N_("Subject 2"), N_("Subject 3"), N_("Subject 4"))
KIND_NAMES = {"guard": N_("Guard"), "clone": N_("Clone"), "hybrid": N_("Hybrid"), "cronos": N_("Dr. Cronos")}
SECTION_NAMES = {"security": N_("Security"), "fear": N_("Fear"), "facility": N_("Facility")}
ICON_NAMES = {"security": N_("Security event"), "recurring_security": N_("Recurring security event"),
              "fear": N_("Fear event"), "recurring_fear": N_("Recurring fear event"), "facility": N_("Facility event"),
              "lab": N_("Lab"), "control_panel": N_("Control panel"), "lift": N_("Lift"), "generator": N_("Generator"),
              "medical": N_("Medical supplies"), "storage": N_("Storage"), "vent": N_("Vent"),
              "sealed_vent": N_("Sealed vent")}


UNIFORM_NAMES = {"uniform": N_("Uniform"), "bloody_uniform": N_("Bloody uniform")}
TOKEN_NAMES = {"darkness": N_("darkness"), "sealed": N_("a sealed vent"), "nests": N_("a clone nest"),
               "posts": N_("a guard post"), "accessed": N_("Accessed"), "swarm": N_("the swarm")}


def scenario(sc) -> str:
    """'1. A New Level of Fear': the Hungarian name the seed prints in Hungarian, else the
    name in the language in use (a Greek table's title bar read '1. A New Level of Fear')."""
    from game import i18n

    name = sc.name_hu if i18n.language() == "hu" and sc.name_hu else pgettext("level7", sc.name)
    return f"{sc.number}. {name}"


def objective(sc) -> str:
    if sc.objective is None:
        return ""
    return _(sc.objective.text)


def start_line(sc) -> str:
    """What the scenario starts with, from its record."""
    return _("Vitality {v}, Threat pool {t}, lockdown {l}").format(v=sc.vitality, t=sc.threat_pool, l=sc.lockdown_pool)


def seat_name(i: int) -> str:
    return _(SEAT_NAMES[i]) if i < len(SEAT_NAMES) else f"P{i + 1}"


def character(state, cid: str) -> str:
    ch = state.characters.get(cid)
    return _(ch.name) if ch is not None else cid


def kind_name(kind: str) -> str:
    """An enemy kind's name; the guard's in its own context (not the Gears Order's 'Guard')."""
    if kind == "guard":
        return pgettext("level7 enemy", "Guard")
    return _(KIND_NAMES.get(kind, kind))


def icon_name(icon: str) -> str:
    """A tile icon's name; the vent's in Level 7's context: the map builder's "Vent" (a Doom or
    Gears prop) is "Csatorna" in Hungarian, Level 7's the seed's "szellőző"."""
    if icon == "vent":
        return pgettext("level7", "Vent")
    return _(ICON_NAMES.get(icon, icon))


def enemy(kind: str, number: int) -> str:
    return f"{kind_name(kind)} {number}"


def card(content, card_id: str) -> tuple[str, str]:
    """An adrenaline, item or key card's (name, text) from the content."""
    kind = card_id.split("#")[0]
    for table in (content.adrenaline, content.items, content.keys, content.skills):
        rec = table.get(kind)
        if rec is not None:
            # The card's own text is the catalogue's message: translate it before the bonus line
            # is put in front (the joined string is no message), and never translate "" (gettext
            # answers the catalogue's header for it).
            text = getattr(rec, "text", "") or ""
            text = _(text) if text else ""
            bonus = getattr(rec, "bonus", None)
            if bonus:
                text = ", ".join(f"+{v} {_(k.capitalize())}" for k, v in bonus.items()) + \
                    (_(" (Fear {n})").format(n=rec.fear_cost) if getattr(rec, "fear_cost", 0) else "") + "\n" + text
            # Level 7's own translation of the name first, as the log names it (rules/names.py):
            # Gears' Distraction AI card stays English in Hungarian, Level 7's card is translated.
            return named_in("level7", rec.name, _), text
    if kind in UNIFORM_NAMES:  # the uniform tokens (rules/uniforms.py)
        return _(UNIFORM_NAMES[kind]), _(content.tokens["uniform"].text)
    return kind, ""


def event_heading(content, card_id: str, trigger: str) -> str:
    """An event card's top line as a player reads it: its name, then what it spawns. The card
    has no printed title (seed p. 11: a spawn icon, three events, the activation boxes), so it
    is named as the log names it (rules/events.py `_title`): by the title of the section its
    icon triggered; drawn at the end of the turn, with no section, by its spawn alone. Never by
    its data id ('E10'), which stays in the saves."""
    card = content.events[card_id]
    spawn = _("none") if card.spawn == "none" else kind_name(card.spawn)
    spawns = _("spawns: {what}").format(what=spawn)
    sec = content.sections.get(card.section(trigger)) if trigger else None
    if sec is None:
        return first_capital(spawns)
    return f"{named_in('level7', sec.name, _)}  \u2022  {spawns}"


def placeholder(content, card_id: str) -> bool:
    kind = card_id.split("#")[0]
    for table in (content.adrenaline, content.items, content.keys, content.skills):
        rec = table.get(kind)
        if rec is not None:
            return not rec.provenance.verified
    return False


def effect(steps) -> str:
    """An event option's effect steps (events.toml, game/level7/event_effects.py) in words."""
    parts = []
    for s in steps:
        p = s.params
        n = p.get("amount", p.get("count", 1))
        if s.do == "threat":
            parts.append(_("{n:+d} Threat").format(n=n))
        elif s.do == "fear":
            parts.append(_("{n:+d} Fear").format(n=n) + (" " + _("(everyone on your tile)") if p.get("who") == "tile" else ""))
        elif s.do == "discard":
            parts.append(_("discard an adrenaline card") if n == 1 else _("discard {n} adrenaline cards").format(n=n))
        elif s.do == "draw_adrenaline":
            parts.append(_("draw an adrenaline card") if n == 1 else _("draw {n} adrenaline cards").format(n=n))
        elif s.do == "draw_item":
            parts.append(_("draw an item card"))
        elif s.do == "darkness":
            parts.append(_("a darkness token on your tile"))
        elif s.do == "seal_vent":
            parts.append(_("seal the nearest vent"))
        elif s.do == "lock_door":
            parts.append(_("lock a door of your tile"))
        elif s.do == "spawn":
            parts.append(_("a {enemy} spawns").format(enemy=kind_name(p["enemy"]).lower()))
        elif s.do == "challenge":
            parts.append(_("{attr} {n} challenge").format(attr=_(str(p["attribute"]).capitalize()), n=p["level"]))
        elif s.do == "nothing":
            parts.append(_("nothing"))
        else:
            return ""
    return first_capital(", ".join(parts))


def event_option(content, section_code: str, index: int) -> str:
    """The words of option `index` of the section's choice ("" when the section has none)."""
    sec = content.sections.get(section_code)
    step = next((s for s in (sec.effect if sec else ()) if s.do == "choose"), None)
    if step is None or not 0 <= index < len(step.params["options"]):
        return ""
    return effect(step.params["options"][index])
