"""What the legal actions mean on screen: which areas, cover spots, figures and cards light up,
and which choices are plain buttons. Pure: reads the state and the legal action list only.

Every UI click ends in one of these Actions, taken from `legal_actions` as is, so the table can
never submit something the rules did not offer.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.protocol import Action
from game.engine.text import as_text
from game.i18n import _, pgettext
from game.gears import ai as gears_ai
from game.gears.content import GearsContent
from game.gears.rules.turn import frame_prompt, top
from game.ui.gears import words

AREA_KINDS = ("step", "crawl")
SPOT_KINDS = ("cover", "locust_cover")
CARD_KINDS = ("play", "special", "follow", "wound_discard", "guard", "dodge")
TARGET_KINDS = ("attack", "chainsaw")


@dataclass
class Choices:
    decider: str | None
    prompt: str
    areas: dict[str, Action] = field(default_factory=dict)  # area -> the move into it
    spots: dict[str, Action] = field(default_factory=dict)  # cover spot -> take it
    targets: dict[str, list[Action]] = field(default_factory=dict)  # locust id -> attacks on it
    grenades: dict[str, Action] = field(default_factory=dict)  # area -> throw there
    area_attacks: dict[str, list[Action]] = field(default_factory=dict)  # area -> area weapon shots (the Mortar)
    cards: dict[str, list[Action]] = field(default_factory=dict)  # hand card -> what it can do
    buttons: list[tuple[str, Action]] = field(default_factory=list)  # (label, action)
    # weapon -> discard it (seed p. 20: at any time). Not a prompt button: the hand's weapon
    # list offers it, and the table asks before it is done (issue 21: no one-click discard).
    drops: dict[str, Action] = field(default_factory=dict)
    # Another copy of a card a button already spends (_same_but_copy): that button answers for
    # it, so it has no button of its own.
    copies: list[Action] = field(default_factory=list)
    # The rules' question as asked, before classify() adds where to click: the line that names
    # a clicked card ('{question} With Ambush:') carries the question, not the click hint.
    question: str = ""

    def all(self) -> list[Action]:
        out = list(self.areas.values()) + list(self.spots.values()) + list(self.grenades.values())
        out += list(self.drops.values())
        for acts in list(self.targets.values()) + list(self.cards.values()) + list(self.area_attacks.values()):
            out += acts
        return out + [a for _, a in self.buttons] + self.copies


def card_of(action: Action) -> str | None:
    pl = action.payload
    for key in ("card", "discard", "guard", "dodge"):
        value = pl.get(key)
        if isinstance(value, str) and "#" in value:
            return value
    return None


def named_figure(state, action: Action) -> str | None:
    """The figure on the map a question's option names (the figure order, a tied Locust, the
    COG a card means): the table lights it while the option's button is hovered."""
    for key in ("figure", "cog"):
        fid = action.payload.get(key)
        if isinstance(fid, str) and (fid in state.locusts or fid in state.cogs):
            return fid
    return None


def named_area(state, action: Action) -> str | None:
    """The map area a question's option names when it names no figure ("Theron Guard in Burial
    cells (3B)": a Locust about to spawn there): the table lights that area while the option's
    button is hovered, so a player finds the place the button reads."""
    if named_figure(state, action) is not None:
        return None
    area = action.payload.get("area")
    return area if isinstance(area, str) and area in state.view().board.areas else None


def label(state, content: GearsContent, action: Action) -> str:
    """The engine's label, with ids turned into words; our own words when it gave none."""
    text = action.text or ""
    if not text or text.startswith("{"):
        return words.payload(state, content, action.payload)
    return text


def option_label(state, content: GearsContent, action: Action) -> str:
    """A short label for one use of a card (the card itself is already shown)."""
    pl, kind = action.payload, action.kind
    if kind == "play":
        uses = {"card": _("Use its actions"), "move": _("Move 2 areas"), "attack": _("Attack")}
        return uses.get(pl.get("as")) or label(state, content, action)
    if kind == "follow":
        return _("Follow")
    if kind == "guard":
        # One option per weapon and mode (ai.guard_options): the button names which, or four
        # buttons all read "Guard" (Blind Fire with a Lancer and a Snub Pistol).
        if pl.get("mode") == "chainsaw":
            text = _("Guard: chainsaw")
        elif pl.get("weapon"):
            text = _("Guard: {weapon}, {mode}").format(weapon=words.weapon(content, pl["weapon"]), mode=_(pl.get("mode") or "normal"))
        else:
            # Gears' own word (the Hungarian rulebook's "Őrködés"; Doom's Guard order is another).
            return pgettext("gears", "Guard")
        return _with_guard_odds(state, content, action, text)
    if kind == "dodge":
        return _("Dodge")
    if kind == "wound_discard":
        return _("Discard")
    text = label(state, content, action)
    return text.split(": ", 1)[1] if ": " in text else text


def _with_guard_odds(state, content: GearsContent, action: Action, text: str) -> str:
    """A Guard option's label with the chance that its attack kills the Locust the question is
    about (ai.guard_kill_chance: the preview of the attack the Guard resolves), as the attack
    panel shows a shot's odds; a player picking between a Lancer and a Gnasher Guard sees which
    is likelier to stop the Locust."""
    lid = ((state.proc or {}).get("pending", {}).get("about") or {}).get("figure")
    kill = gears_ai.guard_kill_chance(state, content, action.payload, lid) if lid else None
    if kill is None:
        return text
    p = round(float(kill) * 100)
    # A chance that rounds to 0 is not none: the dice can still kill.
    return _("{label} ({p}% to kill)").format(label=text, p="<1" if kill and not p else p)


def _same_but_copy(a: Action, b: Action) -> bool:
    """Two actions that differ only in which copy of a card they spend ('active_reload#2',
    'active_reload#5'): one button stands for both. A solo player holding two Active Reloads
    was offered 'Discard Active Reload to move 1 extra area' twice, side by side."""
    if a.kind != b.kind or a.payload.keys() != b.payload.keys():
        return False
    return all(v == b.payload[k] or (k == "card" and str(v).split("#")[0] == str(b.payload[k]).split("#")[0])
               for k, v in a.payload.items())


def classify(state, content: GearsContent, decider: str | None, actions: list[Action], legal: bool = False) -> Choices:
    """`legal`: `actions` is the rules' whole legal list for this state (the table's), which
    the prompt then reads rather than asking the rules again (turn.frame_prompt's `listed`);
    a caller passing a part of it (a test, a lesson's offer) leaves it False."""
    if state.proc is not None:
        prompt = as_text(state.proc["pending"].get("prompt") or "")
        if state.proc["pending"].get("kind") == "target_tie":
            prompt = _tie_for(state, content, prompt)
    else:
        prompt = as_text(frame_prompt(state, top(state), actions if legal else None) or "")
    ch = Choices(decider, prompt, question=prompt)
    for a in actions:
        pl = a.payload
        if a.kind in AREA_KINDS and "area" in pl:
            ch.areas[pl["area"]] = a
        elif a.kind in SPOT_KINDS and "spot" in pl:
            ch.spots[pl["spot"]] = a
        elif a.kind in TARGET_KINDS and "target" in pl:
            ch.targets.setdefault(pl["target"], []).append(a)
        elif a.kind == "drop_weapon" and "weapon" in pl:
            ch.drops[pl["weapon"]] = a
        elif a.kind == "grenade" and "area" in pl:
            ch.grenades[pl["area"]] = a
        elif a.kind == "area_attack" and "area" in pl and "weapon" in pl:
            ch.area_attacks.setdefault(pl["area"], []).append(a)
        elif a.kind in CARD_KINDS and card_of(a) is not None and _in_hand(state, decider, card_of(a)):
            ch.cards.setdefault(card_of(a), []).append(a)
        else:
            label = _button_label(state, content, a)
            if any(seen == label and _same_but_copy(b, a) for seen, b in ch.buttons):
                ch.copies.append(a)
            else:
                ch.buttons.append((label, a))
    _light_twins(state, decider, ch)
    if state.proc is not None and not ch.buttons and bool(ch.spots) != bool(ch.areas):
        # A resolution's question answered on the map (a Locust's cover spot at set-up, a spawn
        # area) says where to click, as the turn's own prompts do.
        where = _("click a lit cover spot") if ch.spots else _("click a lit area")
        ch.prompt = _("{question} ({where})").format(question=prompt, where=where)
    elif state.proc is not None and ch.cards and not (ch.spots or ch.areas or ch.targets):
        # A resolution's question answered with a card (a Guard, a Dodge, a wound's discard):
        # 'Ticker 4 is about to move: Guard?' beside a lone 'No Guard' button did not say
        # that the lit cards in the hand are the other answers.
        ch.prompt = _("{question} ({where})").format(question=prompt, where=_("click a lit card"))
    return ch


def _tie_for(state, content: GearsContent, prompt: str) -> str:
    """A target tie's question (spec 7.4: the active player picks among the tied COGs) with the
    Locust it is asked for: the rules' prompt ("Choose the COG (nearest cog).") does not name
    it, as saves keep it; the rules note it beside the question (ai.asking_locust)."""
    from game.gears.ai import asking_locust

    lid = asking_locust(state)
    if lid is None:
        return prompt
    return _("{locust}: {question}").format(locust=words.locust(state, content, lid), question=prompt)


# Questions where the rules offer one option per card name, two copies being the same choice (a
# wound's discard: wounds.wound_cog; a Dodge: attack.py; a Guard: ai.guard_options). The hand
# lights every copy (of two Sit Tights in hand, the left one stayed dim at 'Guard?').
SAME_BY_NAME = ("wound_discard", "dodge", "guard")


def _light_twins(state, decider: str | None, ch: Choices) -> None:
    """Every copy of a card offered by name answers as the offered copy: the player who clicked
    the other Assault of two saw it dim, with nothing to say why."""
    c = state.cogs.get(decider or "")
    if c is None or not ch.cards:
        return
    by_name: dict[str, list[Action]] = {}
    for card, acts in ch.cards.items():
        if all(a.kind in SAME_BY_NAME for a in acts):
            by_name.setdefault(card.split("#")[0], acts)
    for h in c.hand:
        if h not in ch.cards and h.split("#")[0] in by_name:
            ch.cards[h] = by_name[h.split("#")[0]]


def area_weapons(ch: Choices) -> list[str]:
    """The area weapons (the Mortar) that can fire now, in a stable order."""
    return sorted({a.payload["weapon"] for acts in ch.area_attacks.values() for a in acts})


def _in_hand(state, decider: str | None, card: str) -> bool:
    c = state.cogs.get(decider or "")
    return c is not None and card in c.hand


def _button_label(state, content: GearsContent, a: Action) -> str:
    pl = a.payload
    if a.kind == "guard" and pl.get(a.kind) is None:
        return _("No Guard")
    if a.kind == "dodge" and pl.get(a.kind) is None:
        return _("No Dodge")
    if a.kind == "activate_order" and "figure" in pl:
        return _("Activate {name} first").format(name=words.locust(state, content, pl["figure"]))
    if a.kind == "locust_path" and "area" in pl:
        return _("Through {area}").format(area=words.area(pl["area"]))
    if a.kind == "tie_hole" and "hole" in pl:
        return _("Hole in {area}").format(area=words.hole(state, pl["hole"]))
    if a.kind == "spawn_order" and "enemy" in pl and "area" in pl:
        return spawn_order_label(state, content, pl["enemy"], pl["area"]) or label(state, content, a)
    return label(state, content, a)


def spawn_order_label(state, content: GearsContent, what: str, area: str) -> str | None:
    """A spawn-order option (seed p. 15) named by the figure that will be placed: the rules'
    question names the slot's enemy ("Berserker in Showroom"), but a slot whose figures are all
    in play spawns a stand-in (China Shop: a Drone for the only Berserker) or the next type up
    (spec 7.5), which is what `wounds.spawn` places and what the bots' reasons name. Asked of
    the same rules function, `resolve_spawn_enemy`; None when the question's own words are right.
    The words are the rules' own ("{what} in {area}"), kept short for a button at 1280x720."""
    from game.gears.rules.wounds import resolve_spawn_enemy

    named = state.slots.get(what, what)
    if named not in content.enemies:
        return None
    placed = resolve_spawn_enemy(state, content, what)
    if placed == named:
        return None
    where = words.area(area)
    if placed is None:
        return _("{enemy} in {area}: none can be placed").format(enemy=words.enemy(content, named), area=where)
    return _("{what} in {area}").format(what=words.enemy(content, placed), area=where)
