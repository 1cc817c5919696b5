"""A hand card's picture says what the card does (kit/card_art.py): every Gears Order card showed
the frame's bare pattern, the same on every card, so a hand read as seven blank pictures. The
table names each card's motifs from its actions in printed order, and the art window shows them
where it shows, clear of the placeholder tag and of a small card's text."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears.table_scene import GearsTable
from game.ui.kit import hand
from game.ui.kit.card_art import MOTIFS
from tests.ui.test_card_text_fit import _table_with_full_hand


def _table(make_app, size=(1920, 1080)):
    app = make_app(size)
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 1})
    table = GearsTable(app.ctx, session, ["human"], size, Path(app.ctx.settings_file).parent / "t.json", animate=False)
    app.push(table)
    return app, table


def test_each_order_card_pictures_its_actions_in_printed_order(make_app):
    _app, table = _table(make_app)
    assert table.card_art("assault#1") == (("move", "3"), ("attack", ""))  # Move up to 3 areas. Then make 1 attack.
    assert table.card_art("sit_tight#2") == (("draw", "2"), ("hold", ""))  # draws 2 Order cards; skip the Locusts' step
    assert table.card_art("scavenging#1") == (("move", "2"), ("ammo", "1"))
    assert table.card_art("active_reload#1") == (("attack", ""), ("again", ""))
    for order in table.content.orders.values():  # every card has a picture, every motif a mark
        motifs = table.card_art(order.id + "#1")
        assert motifs and all(kind in MOTIFS for kind, _label in motifs), order.id
    # Two cards that do different things look different; two copies of one card alike.
    assert table.card_art("advance#1") != table.card_art("roadie_run#1")
    assert table.card_art("advance#1") == table.card_art("advance#2")


def _face(ctx, motifs, size=(250, 350), placeholder=True, text="Move up to 4 areas.", keep=0.0):
    surface = pygame.Surface((size[0] + 20, size[1] + 40))
    surface.fill((24, 26, 31))
    rect = pygame.Rect(10, 30, *size)
    hand.card_face(surface, ctx, rect, "Advance", text, placeholder=placeholder, motifs=motifs, art_keep=keep)
    return surface, rect


def test_the_picture_is_drawn_in_the_art_window_clear_of_the_placeholder_tag(make_app):
    app, _table_scene = _table(make_app)
    ctx = app.ctx
    bare, rect = _face(ctx, ())
    drawn, _r = _face(ctx, (("move", "4"),))
    art = hand._art_box(rect)
    tag = hand._placeholder_tag(ctx, art, rect.width / 250)[0]
    changed = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if bare.get_at((x, y)) != drawn.get_at((x, y))]
    assert len(changed) > art.width * art.height // 20  # a mark of some size, not a speck
    assert all(art.collidepoint(p) for p in changed)  # in the art window only
    assert not any(tag.inflate(2, 2).collidepoint(p) for p in changed)  # the tag reads as before


def _paper_top(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """The first row of a small card's paper (its colour across the card's middle)."""
    paper = (226, 218, 196)
    return next(y for y in range(rect.top, rect.bottom) if tuple(surface.get_at((rect.centerx, y)))[:3] == paper)


def test_a_small_card_whose_text_covers_the_art_draws_no_picture_over_it(make_app):
    """At 1280x720 a long text takes the art's place (card_face's small paper): the picture
    goes in the strip of art above it, or beside the name, never over the words."""
    app, _table_scene = _table(make_app)
    long = "Choose a Locust within 2 areas and in LOS: move it up to 1 area toward you. " * 2
    bare, rect = _face(app.ctx, (), size=(100, 140), text=long)
    drawn, _rect = _face(app.ctx, (("pull", "1"), ("attack", "")), size=(100, 140), text=long)
    top = _paper_top(bare, rect)
    changed = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
               if bare.get_at((x, y)) != drawn.get_at((x, y))]
    assert changed and all(y < top for _x, y in changed)


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_order_card_keeps_a_picture_on_the_hand_s_cards(make_app, config_dir, size, scale):
    """At 1280x720 most Order cards with a long text showed no picture: the art window gave all
    its room to the text. Every card of a full hand (7 cards, the smallest) keeps a strip of art
    above its text, or (the Greek Ambush) its marks beside the name, in every language, clear
    of the words: the text stays whole (tests/ui/test_card_text_fit.py)."""
    from game import i18n

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f"ui_scale = {scale}\n")
    app, table = _table_with_full_hand(make_app, size)  # 7 cards, the smallest
    width = max(r.width for r in table.card_rects.values())
    card = (width, round(width * hand.CARD_RATIO))
    bare_cards = []
    for lang in ("en", "hu", "el"):
        i18n.set_language(lang)
        for oid, order in sorted(table.content.orders.items()):
            name, text = i18n._(order.name), i18n._(order.text)
            keep = hand.art_keep(app.ctx, card, [(name, text, "", False)])
            motifs = table.card_art(oid + "#1")
            shots = []
            for marks in ((), motifs):
                surface = pygame.Surface((card[0] + 20, card[1] + 40))
                rect = pygame.Rect(10, 30, *card)
                hand.card_face(surface, app.ctx, rect, name, text, art_keep=keep, motifs=marks)
                shots.append(surface)
            changed = [(x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
                       if shots[0].get_at((x, y)) != shots[1].get_at((x, y))]
            if len(changed) < 20:
                bare_cards.append((lang, oid))
                continue
            covered = [x for x in range(rect.left, rect.right) if tuple(shots[0].get_at((x, rect.centery)))[:3]
                       == (226, 218, 196)]
            if covered:  # a small card's paper: the marks above it
                assert all(y < _paper_top(shots[0], rect) for _x, y in changed), (lang, oid)
    assert bare_cards == [], f"{size} {scale}: {card}"


def test_an_or_stands_between_alternatives_and_never_at_an_end(make_app):
    """A Doom spawn card's halves are alternatives ('Demon or Imp-Zombie'): a slash between the
    two groups; an 'or' with nothing on one side draws nothing for it."""
    from game.ui.kit.card_art import OR

    app, _table_scene = _table(make_app)
    with_or, rect = _face(app.ctx, (("attack", ""), (OR, ""), ("move", "2")))
    without, _r = _face(app.ctx, (("attack", ""), ("move", "2")))
    assert pygame.image.tobytes(with_or, "RGB") != pygame.image.tobytes(without, "RGB")
    lone, _r = _face(app.ctx, ((OR, ""), ("attack", ""), (OR, "")))
    alone, _r = _face(app.ctx, (("attack", ""),))
    assert pygame.image.tobytes(lone, "RGB") == pygame.image.tobytes(alone, "RGB")


def test_a_large_card_whose_text_overflows_its_box_keeps_its_art_too(make_app):
    """At 1920x1080 a hand card is large enough for the frame's own text box, but the Greek
    Active Reload's text does not fit there: it took the small card's paper with only the strip
    of art above it, half of the paper empty under the text. It keeps as much art as a small
    card does, its text at the same size."""
    from game import i18n
    from game.ui import widgets

    app, table = _table(make_app)
    ctx = app.ctx
    i18n.set_language("el")
    try:
        order = table.content.orders["active_reload"]
        name, text = i18n._(order.name), i18n._(order.text)
        card = pygame.Rect(0, 0, 196, round(196 * hand.CARD_RATIO))
        k = card.width / 250
        assert round(15 * k) >= ctx.px(12) and hand._small(ctx, card, text)  # large, its text over its box
        keep = hand.art_keep(ctx, card.size, [(name, text, "follow", True)])
        assert keep >= 0.5
        band = hand._name_band(ctx, card, name, "follow", True)[1]
        art = hand._art_box(card)
        largest = max(ctx.px(12), min(ctx.px(15), round(16 * k)))
        sizes = [widgets.fitted_font(ctx, text, hand._small_paper(card, band, art, k, kk)[1], largest,
                                     hand.TEXT_SMALLEST, hyphenate=True).get_height() for kk in (0.0, keep)]
        assert sizes[0] == sizes[1]
    finally:
        i18n.set_language("en")
