"""A hand card's name shows whole at 1280x720: every Level 7 adrenaline card and every Gears order
card, in English, Hungarian and Greek, drawn by the shared card face (game/ui/kit/hand.py) at
the size the table's hand row gives it, on one line or two, no word cut and no ellipsis (Level
7's 74 px cards showed "Duck and…", "Primal Scr…", "Quick Thin…")."""
from __future__ import annotations

import re

import pygame
import pytest

from game import i18n
from game.ui import widgets
from game.ui.kit import hand
from tests.ui import test_ui_scale as U

LANGUAGES = ("en", "hu", "el")


def _drawn_name(monkeypatch, ctx, rect: pygame.Rect, name: str, text: str, icon: str, placeholder: bool) -> list[str]:
    """The lines card_face writes in the card's top half (its title band, lengthened or not)."""
    seen: list[str] = []
    draw = widgets.text

    def recording(surface, s, font, colour, pos, anchor="topleft", **kw):
        if rect.top <= pos[1] <= rect.top + rect.height // 2 and s != "*":
            seen.append(s)
        return draw(surface, s, font, colour, pos, anchor, **kw)

    monkeypatch.setattr(widgets, "text", recording)
    try:
        hand.card_face(pygame.Surface((rect.right + 10, rect.bottom + 10)), ctx, rect, name, text,
                       icon=icon, placeholder=placeholder)
    finally:
        monkeypatch.setattr(widgets, "text", draw)
    return seen


def whole(lines: list[str], name: str) -> bool:
    """Whether `lines` read as `name`: every letter in order, none cut with an ellipsis, broken
    only between words, after a dash, or between syllables with a hyphen."""
    def bare(text: str) -> str:
        return re.sub(r"[\s\-\u2013\u2014]", "", text)

    joined = " ".join(lines)
    return bool(lines) and "\u2026" not in joined and bare(joined) == bare(name)


def _check(monkeypatch, table, cards) -> list[str]:
    """Every card of `cards` in each language: (language, name, lines drawn) of those not whole."""
    ctx = table.ctx
    rect = list(table.card_rects.values())[-1]  # the row's last card shows whole, as large as all
    assert rect.width >= 60, rect  # a card of the hand row at 1280x720, not a stand-in
    problems = []
    for language in LANGUAGES:
        i18n.set_language(language)
        for card in cards:
            name, text = table.card_face(card)
            icon = table.card_icon(card) if hasattr(table, "card_icon") else ""
            placeholder = table.card_placeholder(card)
            fit = hand.name_fit(ctx, name, rect.width, bool(icon), placeholder)
            lines = _drawn_name(monkeypatch, ctx, rect, name, text, icon, placeholder)
            if not fit.fits or not whole(lines, name) or list(fit.lines) != lines or len(lines) > hand.NAME_LINES:
                problems.append((language, name, lines))
    i18n.set_language("en")
    return problems


def test_every_level7_adrenaline_name_shows_whole_at_1280x720(make_app, monkeypatch):
    app = make_app(U.SIZE)
    table = U.level7_table(app)
    U.draw(app)
    assert table.card_rects, "no hand drawn"
    assert _check(monkeypatch, table, sorted(table.content.adrenaline)) == []


def test_every_doom_invader_card_name_shows_whole_at_1280x720(make_app, monkeypatch):
    """The invader's 68 px hand cards cut "Hell Knig…", "Zombics…", "Démon v…": each name shows
    whole on up to NAME_LINES lines, in each language."""
    from tests.ui.test_ui_scale import doom_table

    app = make_app(U.SIZE)
    table = doom_table(app, seats=("bot", "human"))  # the invader is the person at the table
    U.draw(app)
    assert table.card_rects, "no hand drawn"
    assert _check(monkeypatch, table, [f"{c}#1" for c in sorted(table.content.invader_cards)]) == []


def test_every_convoy_card_name_shows_whole_on_the_small_faces_at_1280x720(make_app):
    """Convoy draws its own faces (game/ui/convoy/cards.py) and names them by the kit's one rule:
    every card's name whole on the hand's 1280x720 face, in each language."""
    from tests.ui.test_convoy_layout import mid_game

    app = make_app(U.SIZE)
    table = mid_game(app)
    U.draw(app)
    rect = max(table.card_rects.values(), key=lambda r: r.width) if table.card_rects else None
    assert rect is not None and rect.width >= 50, rect
    assert convoy_faces_not_whole(app, table, rect.size) == []


def test_a_battle_columns_small_face_names_a_card_whole_at_1280x720(make_app):
    """On a battle column's faces at 1280x720 (41x57) every name of two words read 'Heavy…',
    'Siege…', 'Assault…': the name band is lower than the least size asked for, and the two
    lines were never tried. A name too wide for one line goes on two in the largest size the
    band holds; only a single word too long even squeezed may still be cut."""
    from tests.ui.test_convoy_layout import mid_game

    app = make_app(U.SIZE)
    table = mid_game(app)
    U.draw(app)
    rect = min((r for r in table.slot_rects.values() if r.height > r.width), key=lambda r: r.width)
    assert rect.width <= 45, rect
    problems = convoy_faces_not_whole(app, table, rect.size)
    # a word alone too wide for the face even squeezed ('Electromagnetic') is all that is cut
    assert all(max(len(w) for w in name.split()) >= 13 for _lang, name, _shown in problems), problems


def test_every_gears_order_name_shows_whole_at_1280x720(make_app, monkeypatch):
    app = make_app(U.SIZE)
    table = U.gears_table_mid_game(app)  # P1, a person, decides: their hand shows
    U.draw(app)
    assert table.card_rects, "no hand drawn"
    assert _check(monkeypatch, table, sorted(table.content.orders)) == []


def test_a_long_name_goes_to_two_lines_and_one_too_long_is_reported(make_app):
    """A word wider than the band at the smallest size is broken between syllables; the fit can
    still fail (a word with none): then it is cut, and said so."""
    ctx = make_app(U.SIZE).ctx
    two = hand.name_fit(ctx, "Visszafojtott lélegzet", 103, placeholder=True)
    assert two.fits and two.lines == ("Visszafojtott", "lélegzet")
    one = hand.name_fit(ctx, "Sprint", 103, placeholder=True)
    assert one.fits and one.lines == ("Sprint",) and one.size >= two.size
    broken = hand.name_fit(ctx, "Αντιπερισπασμός", 74, placeholder=True)  # one word wider than the band
    assert broken.fits and broken.lines[0].endswith("-") and whole(list(broken.lines), "Αντιπερισπασμός")
    assert broken.lines[0] in ("Αντι-", "Αντιπε-", "Αντιπερι-", "Αντιπερισπα-"), broken.lines  # between syllables
    cut = hand.name_fit(ctx, "Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 74, placeholder=True)
    assert not cut.fits and cut.lines[0].endswith("\u2026")


def test_a_compound_name_breaks_between_its_members(make_app):
    """A card name that must break a listed compound (game/locale/compounds.toml) breaks it
    where its members meet ('Szint-' 'különbség'), not at the syllable that balances the lines
    best ('Szintkü-' 'lönbség')."""
    ctx = make_app(U.SIZE).ctx
    i18n.set_language("hu")
    try:
        fit = hand.name_fit(ctx, "Szintkülönbség", 74, placeholder=True)
    finally:
        i18n.set_language("en")
    assert fit.fits and fit.lines == ("Szint-", "különbség"), fit.lines


@pytest.mark.parametrize("width, name", [(103, "Visszafojtott lélegzet"), (196, "Visszafojtott lélegzet sokáig")])
def test_a_two_line_name_lengthens_the_band_and_the_text_box_starts_below_it(make_app, width, name):
    """The second line of a long name lies on the band's own colour, not on the rules text."""
    app = make_app(U.SIZE)
    ctx = app.ctx
    rect = pygame.Rect(10, 10, width, round(width * hand.CARD_RATIO))
    fit = hand.name_fit(ctx, name, width, placeholder=True)
    assert len(fit.lines) == 2
    surface = pygame.Surface((rect.right + 10, rect.bottom + 10))
    hand.card_face(surface, ctx, rect, name, "+1 Intelligence\nUntil the start of your next turn.", placeholder=True)
    k = width / 250
    below_band = (rect.left + round(30 * k), rect.top + round(14 * k) + 2 * ctx.assets.font(fit.size, True).get_linesize())
    r, g, b, _a = surface.get_at(below_band)
    assert b > r, "the band's blue under the second line"


def test_a_level7_hand_card_is_named_as_the_log_names_it(make_app):
    """The hand's card face asks Level 7's own translation first, as the rules' names lookup
    does: Gears' Distraction AI card keeps its English name in Hungarian, Level 7's adrenaline
    card is 'Figyelemelterelés' (the hand said 'Distraction' while the log said the other)."""
    from game.engine.text import Ref

    app = make_app(U.SIZE)
    table = U.level7_table(app)
    for language in LANGUAGES:
        i18n.set_language(language)
        for card in table.content.adrenaline:
            assert table.card_face(f"{card}#1")[0] == str(Ref("level7.card", card)), (language, card)
    i18n.set_language("hu")
    assert table.card_face("distraction#1")[0] == "Figyelemelterelés"
    i18n.set_language("en")


@pytest.mark.parametrize("language, word", [("hu", "Pókmutánsraj"), ("hu", "Zombicsorda"), ("el", "Αποκλεισμός"),
                                            ("en", "Reinforcements"), ("el", "Contamination")])
def test_a_word_too_long_for_the_face_breaks_where_its_language_hyphenates(make_app, language, word):
    """A word wider than the face even at the least size is broken with a hyphen, only where the
    language's hyphenation patterns allow (Pyphen): never inside Hungarian 'cs' ('Zombic-sorda')
    or before a lone vowel. A Greek table keeps some card names in English ('Contamination'):
    those break by the English patterns (the Greek ones have none for Latin letters, and the
    Convoy Equipment tab cut it with '…')."""
    import pyphen

    from game import i18n
    from game.ui.kit.name_fit import fit_name

    app = make_app()
    try:
        i18n.set_language(language)
        font = lambda n: app.ctx.assets.font(n, True)  # noqa: E731
        fitted = fit_name(font, word, font(8).size(word)[0] * 2 // 3, 12, 8, lines=3)
    finally:
        i18n.set_language("en")
    assert fitted.fits and len(fitted.lines) > 1
    assert "".join(line.removesuffix("-") for line in fitted.lines) == word
    greek = any("\u0370" <= ch <= "\u03ff" for ch in word)
    allowed = set(pyphen.Pyphen(lang="el_GR" if greek else {"hu": "hu_HU", "el": "en_US", "en": "en_US"}[language]).positions(word))
    ends = [sum(len(line.removesuffix("-")) for line in fitted.lines[:i + 1]) for i in range(len(fitted.lines) - 1)]
    assert all(line.endswith("-") for line in fitted.lines[:-1]) and set(ends) <= allowed, (fitted.lines, allowed)


def _reads_as(lines: list[str], text: str) -> bool:
    """Whether `lines` read as the start of `text` (all of it unless the last line ends with an
    ellipsis): broken between words, after a dash, or with a hyphen between syllables, never
    by characters ('tengerészgyal' 'ogos')."""
    at = 0
    for n, line in enumerate(lines):
        if line.endswith("\u2026") and n == len(lines) - 1:
            return text.startswith(line[:-1].rstrip(), at)
        if text.startswith(line, at):
            at += len(line)
        elif line.endswith("-") and text.startswith(line[:-1], at) and text[at + len(line) - 1:at + len(line)].isalpha():
            at += len(line) - 1
            continue  # the word goes on on the next line
        else:
            return False
        if at < len(text):
            if text[at] == " ":
                at += 1
            elif text[at - 1] not in "-\u2013\u2014":
                return False  # a line ended inside a word without a hyphen
    return at == len(text)


def test_doom_invader_cards_rules_text_at_1280x720(make_app, monkeypatch):
    """The invader's hand at 1280x720 in Hungarian and Greek: a spawn card whose name takes four
    lines left two for its rules text ('Idézés: 1 pokollovag vagy 1 démon + 1…'), and long words
    of the event cards broke by characters ('tengerészgyal' 'ogos-támadá' 's'). Every spawn card's
    text shows whole; no card breaks a word but between syllables with a hyphen or after a dash
    (a long event text may still end in '…': hovering shows the card whole)."""
    from tests.ui.test_ui_scale import doom_table

    app = make_app(U.SIZE)
    table = doom_table(app, seats=("bot", "human"))
    U.draw(app)
    rect = list(table.card_rects.values())[-1]
    assert rect.width >= 60, rect
    drawn: list[str] = []
    block, rendered = widgets.text_block, widgets.rendered

    def recording(surface, s, font, colour, r, *a, **k):
        def keep(f, line, c):
            drawn.append(line)
            return rendered(f, line, c)
        monkeypatch.setattr(widgets, "rendered", keep)
        try:
            return block(surface, s, font, colour, r, *a, **k)
        finally:
            monkeypatch.setattr(widgets, "rendered", rendered)

    monkeypatch.setattr(widgets, "text_block", recording)
    problems = []
    for language in LANGUAGES:
        i18n.set_language(language)
        for card in sorted(table.content.invader_cards):
            name, text = table.card_face(f"{card}#1")
            drawn.clear()
            hand.card_face(pygame.Surface((rect.right + 10, rect.bottom + 10)), app.ctx, rect, name, text,
                           placeholder=table.card_placeholder(f"{card}#1"))
            spawn = table.content.invader_cards[card].kind == "spawn"
            if not _reads_as(drawn, text) or (spawn and "\u2026" in "".join(drawn)):
                problems.append((language, name, drawn[:]))
    i18n.set_language("en")
    assert problems == []


def convoy_faces_not_whole(app, table, size: tuple[int, int]) -> list[tuple]:
    """Each Convoy card drawn at `size` in every language: (language, name, the lines drawn) of
    those whose name is not shown whole on one to three lines."""
    from game.convoy.rules.words import card_name
    from game.ui.convoy import cards

    problems = []
    for language in LANGUAGES:
        i18n.set_language(language)
        for cid, card in table.content.cards.items():
            shown: list[str] = []
            real = cards._blit_line
            cards._blit_line = lambda surface, text, *a, **k: (shown.append(text), real(surface, text, *a, **k))[1]
            try:
                cards._render_card(app.ctx, table.content, cid, size, "normal")
            finally:
                cards._blit_line = real
            name = card_name(card.name)  # Convoy's own names first ('Gránátos', not Gears' 'Grenadier')
            if not any(whole(shown[i:i + n], name) for n in (1, 2, 3) for i in range(len(shown))):
                problems.append((language, name, shown))
    i18n.set_language("en")
    return problems
