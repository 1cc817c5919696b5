"""Issue 13: each marine's cards are readable at the table. The seed prints no card texts (only the
Medic's rule), so the words say what the rules engine does with the card and its numbers from
marine_cards.toml; a number changed in the data changes the sentence."""
from __future__ import annotations

import dataclasses

from game.doom.content import CARD_EFFECTS, shared_content
from game.ui.doom import words


def test_every_marine_card_has_words_with_its_numbers():
    c = shared_content()
    seen = set()
    for cid, mc in c.marine_cards.items():
        text = words.marine_card_text(c, cid)
        seen.add(mc.effect)
        assert text and text != mc.name, cid
        for name, value in mc.params.items():
            if isinstance(value, int):
                assert str(value) in text, (cid, name, text)
    assert seen == set(CARD_EFFECTS)  # every effect the rules know is dealt by some card


def test_the_sentence_follows_the_data():
    c = shared_content()
    scout = c.marine_cards["scout"]
    changed = dataclasses.replace(scout, params={**scout.params, "amount": 5})
    content = dataclasses.replace(c, marine_cards={**c.marine_cards, "scout": changed})
    assert "+5" in words.marine_card_text(content, "scout")
    assert "+5" not in words.marine_card_text(c, "scout")


def test_every_rule_option_has_words_for_each_value():
    """Spec 11: every rule choice is a named option; the set-up screen shows each with words."""
    from game.doom.rules.setup import OPTIONS

    assert set(words.RULE_OPTIONS) == set(OPTIONS) - {"marines"}
    for name, (title, values, why) in words.RULE_OPTIONS.items():
        assert set(values) == set(OPTIONS[name][1]) and title and why, name


def test_hungarian_buttons_and_names_come_from_the_catalogue_and_the_data():
    """Issue 13 in Hungarian: the prompt buttons a player meets every turn and the names of
    actions, weapons, ammo, monsters and dice are in the player's language (the data's
    `name_hu`, the catalogue's words); in English the same buttons keep the rules' words."""
    from game import i18n
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session

    session = Session.start(DoomTitle(), "knee_deep", seed=7, options={"marines": 2})
    st, c = session.state, session.state.content
    acts = session.legal_actions()
    run = next(a for a in acts if a.kind == "declare" and a.payload["action"] == "run")
    try:
        assert words.button(c, run, st) == "Declare Run" == run.text
        assert words.dice(["yellow", "green"]) == "yellow + green"
        i18n.set_language("hu")
        assert words.button(c, run, st) == "Rohanás"  # marines.toml: name_hu = "rohanás"
        assert words.name(c.weapons["pistol"]) == "Pisztoly" and words.name(c.weapons["pistol"], capital=False) == "pisztoly"
        assert words.dice(["yellow", "green"]) == "sárga + zöld"
        assert words.figure(st, "zombie#1") == "Zombi 1"
        session.apply(run)
        end = next(a for a in session.legal_actions() if a.kind == "end_turn")
        assert words.button(c, end, st) == "A kör vége" == end.text  # the rules word their label in Hungarian too
    finally:
        i18n.set_language("en")


def test_greek_buttons_and_names_come_from_the_catalogue():
    """Issue 18 in Greek: the data has no `name_el`, so the table names actions, weapons and
    monsters through the catalogue (the data's names are its msgids), as the rules' log lines do."""
    from game import i18n
    from game.doom.rules.title import DoomTitle
    from game.engine.session import Session

    session = Session.start(DoomTitle(), "knee_deep", seed=7, options={"marines": 2})
    st, c = session.state, session.state.content
    run = next(a for a in session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run")
    try:
        i18n.set_language("el")
        assert words.button(c, run, st) == "Τρέξιμο (Run)"
        assert words.name(c.weapons["chaingun"]) == "Πολυβόλο"
        assert words.figure(st, "zombie#1") == "Ζόμπι 1"
        assert words.scenario(c.scenarios["sample"]) == "Δοκιμαστικά δωμάτια"
    finally:
        i18n.set_language("en")


def test_the_declare_buttons_name_dooms_actions_not_gears_order_cards():
    """Gears' Advance order card keeps its printed English name in Greek; Doom's Advance action is
    translated under the "doom" context. The table's Declare button read 'Δήλωση: Advance' beside
    'Δήλωση: Πυρ (Fire)': it took the plain (Gears) entry."""
    from game import i18n
    from game.engine.protocol import Action

    c = shared_content()
    try:
        i18n.set_language("el")
        labels = {a: words.button(c, Action("declare", {"action": a})) for a in c.actions}
        assert labels["advance"] == "Προέλαση (Advance)"
        assert labels["fire"] == "Πυρ (Fire)"
    finally:
        i18n.set_language("en")
    assert words.button(c, Action("declare", {"action": "advance"})) == "Declare Advance"


def test_the_goal_line_names_the_exit_by_its_place_name_never_its_id():
    """The practice map's goal read 'Marines win when one of them reaches area room_b.': an area
    id a player cannot find anywhere. The map's area `label` names it; a map without one (a
    built map's 'sample_room_2:room_b') says 'the exit'."""
    import re

    from game import i18n
    from game.doom.rules.board import load_map

    c = shared_content()
    for sid, sc in c.scenarios.items():
        if not sc.win_area:
            continue
        dmap = load_map(sc.map, c)
        assert dmap.area_label[sc.win_area], sid  # every shipped scenario's exit has a place name
        for lang in ("en", "hu", "el"):
            i18n.set_language(lang)
            try:
                line, place = words.goal(sc, dmap), i18n.translate(dmap.area_label[sc.win_area])
            finally:
                i18n.set_language("en")
            assert sc.win_area not in re.findall(r"[\w:]+", line) and place in line, (sid, lang, line)
    sample = c.scenarios["sample"]
    assert "Console room" in words.goal(sample, load_map(sample.map, c))
    import copy

    unnamed = copy.copy(load_map(sample.map, c))
    unnamed.area_label = {}
    # laid with the striped exit floor on the table (table_scene.lay_exit_floor)
    assert words.goal(sample, unnamed).startswith(
        "Marines win when one of them reaches the exit, the area with the striped floor.")


def test_the_goal_line_names_where_the_win_encounters_are():
    """Reactor Shutdown's goal read 'Marines win when they have triggered C1, C2.': encounter ids
    the table shows nowhere. It names the areas they lie in."""
    from game.doom.rules.board import load_map

    c = shared_content()
    sc = c.scenarios["reactor"]
    line = words.goal(sc, load_map(sc.map, c))
    assert "C1" not in line and "C2" not in line, line
    assert "Control room" in line and "Reactor hall" in line, line


def test_the_prompt_joins_its_clauses_with_the_languages_separator(make_app, config_dir):
    """The marine's prompt joined 'click a lit square to move' and 'click a lit door to open or
    close it' with a plain '; ', a question mark in Greek: it takes the catalogue's separator
    ('· '), as Level 7's and Convoy's joins do."""
    from game.engine.protocol import Action
    from game.i18n import set_language
    from game.ui.doom import choices as C
    from tests.ui.test_doom_play import start_game

    app, table = start_game(make_app, seats=("human", "bot"))
    set_language("el")
    try:
        move, door = Action("move", {"to": [1, 1]}), Action("door", {"door": "D1"})
        table.choices = C.Choices(table.session.decider, squares={(1, 1): [move]}, doors={"D1": door})
        said = table.hint()
    finally:
        set_language("en")
    assert ";" not in said and "\u00b7 " in said, said


def test_the_dice_tray_sums_the_drawn_faces_in_words(make_app, config_dir):
    """The tray under the drawn dice read the faces' codes ('sárga r2 d1 +A, zöld r2 d1'); it
    says what they add up to, in the player's language."""
    from game.doom.rules.names import dice_words, who
    from game.engine.protocol import Event
    from game.ui.kit.dice_tray import tray_rect
    from game.engine.text import M
    from game.i18n import set_language
    from tests.ui.test_doom_play import start_game

    app, table = start_game(make_app, seats=("human", "bot"))
    faces = [["yellow", "r2 d1 +A"], ["green", "r2 d1"]]
    roll = Event("roll", M("{figure} rolls {dice}.", figure=who(table.state, "red"), dice=dice_words(faces)),
                 {"faces": faces})
    said = {}
    for language in ("en", "hu", "el"):
        set_language(language)
        try:
            table.animate_event(roll, {})
            said[language] = table.dice.summary
        finally:
            set_language("en")
    assert said == {"en": "range 4, 2 damage, 1 ammo symbol", "hu": "hatótáv 4, 2 sebzés, 1 lőszerikon",
                    "el": "βεληνεκές 4, 2 ζημιές, 1 εικονίδιο πυρομαχικών"}
    miss = Event("roll", M("{figure} rolls {dice}.", figure="Red", dice=dice_words([["yellow", "miss"]])),
                 {"faces": [["yellow", "miss"]]})
    table.animate_event(miss, {})
    assert table.dice.summary == "a miss"
    # An invader spends no ammo: its roll's sum leaves the symbols out.
    imp = Event("roll", M("{figure} rolls {dice}.", figure=who(table.state, "imp#1"), dice=dice_words(faces)),
                {"faces": faces})
    table.animate_event(imp, {})
    assert table.dice.summary == "range 4, 2 damage"
    # The tray holds its words (the Greek sum ran out over the map on both sides).
    set_language("el")
    try:
        table.animate_event(roll, {})
        view = table.view_rect
        rect = tray_rect(table.ctx, view, table.dice)
        assert rect.width >= table.ctx.font(13).size(table.dice.summary)[0] + table.ctx.px(16)
    finally:
        set_language("en")


def test_every_scenario_is_named_in_the_players_language():
    """The Greek set-up screen and table read 'Knee-Deep in the Dead' and 'Reactor Shutdown' in
    English. Hungarian takes the seed's title (Térdig vérben gázolva) and the data's name_hu;
    Greek has its own."""
    from game.i18n import set_language

    said = {}
    try:
        for language in ("hu", "el"):
            set_language(language)
            said[language] = {sid: words.scenario(sc) for sid, sc in shared_content().scenarios.items()}
    finally:
        set_language("en")
    assert said["hu"]["knee_deep"] == "Térdig vérben gázolva" and said["hu"]["reactor"] == "Reaktorleállítás"
    assert said["el"]["knee_deep"] == "Ως τα γόνατα στους νεκρούς"
    assert said["el"]["reactor"] == "Απενεργοποίηση αντιδραστήρα"
    for language, names in said.items():
        for sid, name in names.items():
            assert name != shared_content().scenarios[sid].name, (language, sid)


def test_waiting_for_a_bot_names_it_where_a_name_starts(make_app, config_dir, monkeypatch):
    """The prompt read 'Wait: The invader (a bot) is deciding.' ('Περιμένετε: αποφασίζει Ο
    εισβολέας (bot).'): the invader's name is written for a line's start, so it starts the line."""
    from game.i18n import set_language
    from tests.ui.test_doom_play import start_game

    app, table = start_game(make_app, seats=("human", "bot"))
    monkeypatch.setattr(type(table.session), "decider", property(lambda s: "invader"))
    said = {}
    for language in ("en", "hu", "el"):
        set_language(language)
        try:
            said[language] = str(table._not_yours())
        finally:
            set_language("en")
    assert said == {"en": "The invader (a bot) is deciding: please wait.", "hu": "A betolakodó (bot) dönt, várj.",
                    "el": "Ο εισβολέας (bot) αποφασίζει, περιμένετε."}


def test_the_declare_buttons_fit_the_prompt_bar_in_every_language(make_app, config_dir):
    """At 1280x720 the Greek buttons 'Δήλωση: Τρέξιμο (Run)' ... did not fit the prompt bar: two
    stood under it, over the map, out of their order. The prompt already asks for a declaration,
    so the buttons name the action alone (as the Hungarian ones do), and all four fit the bar."""
    from game.i18n import set_language
    from tests.ui.test_doom_play import start_game

    app, table = start_game(make_app, seats=("human", "bot"))
    for language in ("en", "hu", "el"):
        set_language(language)
        try:
            table.dirty = True
            app.run(max_frames=1)
            declares = [rect for rect, _label, what in table.buttons
                        if getattr(what, "kind", None) == "declare"]
        finally:
            set_language("en")
        assert len(declares) == 4 and all(table.prompt_rect.contains(r) for r in declares), (language, declares)


def test_greek_give_and_order_buttons_read_as_greek():
    """At a Greek table the Ready turn's buttons read 'Δώστε σε Πράσινος 1 φυσίγγια/σφαίρες (1 ΠΚ)'
    ('σε' before a name in the nominative) and 'διαταγή Στόχευση' (a button in lower case): the
    name follows a colon, the button starts with a capital."""
    from game import i18n
    from game.doom.rules.title import DoomTitle
    from game.engine.protocol import Action
    from game.engine.session import Session

    session = Session.start(DoomTitle(), "knee_deep", seed=7, options={"marines": 2})
    st, c = session.state, session.state.content
    try:
        i18n.set_language("el")
        give = words.button(c, Action("give", {"to": "green", "what": "shells"}), st)
        gun = words.button(c, Action("give", {"to": "green", "what": "shotgun"}), st)
        aim = words.button(c, Action("order", {"order": "aim"}), st)
        green = words.short("green")
        for said in (give, gun):
            assert f"σε: {green}" in said and f"σε {green}" not in said, said
        assert aim[0].isupper() and words.name(c.orders["aim"]) in aim, aim
    finally:
        i18n.set_language("en")


def test_marine_card_texts_name_the_actions_as_the_declare_buttons_do():
    """A Hungarian table's buttons declare 'Kitárazás' and 'Megközelítés' (the rulebook's words),
    while the cards said '+2 hatótáv Tüzelés akcióban', '+1 sebzés Előrenyomulás akcióban' and
    'Tough: 1 életerővel többel kezd' (not Hungarian): the cards name the action from the data."""
    from game import i18n
    from game.engine.protocol import Action

    c = shared_content()
    by_effect = {}
    for cid, mc in c.marine_cards.items():
        by_effect.setdefault((mc.effect, mc.params.get("when")), cid)
    try:
        for language in ("en", "hu", "el"):
            i18n.set_language(language)
            for effect, action in ((("accuracy", "fire"), "fire"), (("damage", "advance"), "advance"),
                                   (("order_in_advance", None), "advance")):
                text = words.marine_card_text(c, by_effect[effect])
                button = words.button(c, Action("declare", {"action": action}))
                assert words.name(c.actions[action]) in text and words.name(c.actions[action]) in button, (language, text)
        i18n.set_language("hu")
        assert "ponttal több" in words.marine_card_text(c, by_effect[("start_health", None)])
    finally:
        i18n.set_language("en")


def test_an_invader_card_is_named_with_dooms_own_word():
    """The invader's hand showed its Ambush card as 'Ambush' in Hungarian: the plain msgid is
    shared with Gears' Ambush order card, which keeps its printed English name; Doom's card is
    'Rajtaütés' (its translation under the "doom" context, as the log names it)."""
    from game import i18n
    from game.doom.rules.names import card_name

    c = shared_content()
    i18n.set_language("hu")
    try:
        shown, _text = words.card_face(c, "ambush#1")
        assert shown == "Rajtaütés" == str(card_name(None, "ambush#1"))
    finally:
        i18n.set_language("en")
    assert words.card_face(c, "ambush#1")[0] == "Ambush"


def test_the_headings_round_is_the_logs_round_in_every_language(make_app):
    """Hungarian: the heading read '4. kör' (a kör is a player's turn: 'Piros köre') while the log
    said 'Kezdődik a(z) 4. forduló.', the rulebook's word for a round (spec doom.md 5.1)."""
    from game import i18n
    from game.engine.text import M
    from tests.ui import test_ui_scale as U

    app = make_app(U.SIZE)
    table = U.doom_table(app)
    table.state.round = 4
    try:
        for lang in ("en", "hu", "el"):
            i18n.set_language(lang)
            log = str(M("Round {round} begins.", round=4))
            heading = table.toolbar_title().split("\u2022")[1].strip()
            word = heading.replace("4", "").strip(" .").lower()
            assert word and word in log.lower(), (lang, heading, log)
    finally:
        i18n.set_language("en")
