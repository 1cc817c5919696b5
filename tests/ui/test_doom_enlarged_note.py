"""The enlarged invader card's placeholder note keeps off the hand strip: at 1280x720 the note
('* placeholder: not printed in the rulebooks ...') was drawn under the enlarged card, which
rises from the hand, so it lay over the hand's cards and the deck line (game/ui/kit/hand.py)."""
from __future__ import annotations

import os

import pygame
import pytest

from game.ui.kit import hand
from tests.ui.conftest import move
from tests.ui.test_doom_spawn_buttons import _invader_at_spawn


def _invader_hovering(app, size):
    _session, table = _invader_at_spawn(app, size)
    card = next(c for c in table.card_rects if table.card_placeholder(c))
    return table, card


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_placeholder_note_is_not_over_the_hand(make_app, size):
    app = make_app(size)
    table, card = _invader_hovering(app, size)
    move(table.card_rects[card].center)
    app.run(max_frames=2)
    if os.environ.get("TILETOP_SHOTS"):
        pygame.image.save(app.screen, os.path.join(os.environ["TILETOP_SHOTS"], f"enlarged-{size[0]}.png"))
    _card, small = hand.hovered(table.card_rects, table.card_rects[card].center)
    small, above, bounds, span = table._enlarged_place(small)
    big = hand._enlarged_rect(app.ctx, small, above, bounds, span, placeholder=True)
    assert big is not None
    font = app.ctx.font(12)
    note = hand._note_box(app.ctx, big, bounds, font.size(hand._placeholder_note())[0], font.get_linesize())
    assert note.bottom <= table.hand_rect.top, (note, table.hand_rect)
    assert not note.colliderect(big)  # and not over the card either


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("which", [0, -1])
def test_the_enlarged_card_leaves_the_heading_and_the_legend_readable(make_app, size, which):
    """Hovering the first hand card, its enlarged face covered 'Invader's hand: 6 cards' (left of
    the cards, in the hand strip); the last one's covered the legend's 'On the map'. The card
    stays over the cards' span."""
    from tests.ui.conftest import frame_texts

    app = make_app(size)
    _session, table = _invader_at_spawn(app, size)
    small = list(table.card_rects.values())[which]
    move(small.center)
    app.run(max_frames=2)
    hover = hand.hovered(table.card_rects, small.center)
    big = hand._enlarged_rect(app.ctx, *table._enlarged_place(hover[1]),
                              placeholder=table.card_placeholder(hover[0]))
    assert big is not None
    texts = [(t, r) for t, r, _s in frame_texts(app)]
    heading = next(r for t, r in texts if t.startswith("Invader's hand"))
    legend = next(r for t, r in texts if t == "On the map")
    assert not big.colliderect(heading) and not big.colliderect(legend), (big, heading, legend)
