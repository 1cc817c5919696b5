"""The hovered card of a hand row is drawn in front of its neighbours (kit/hand.draw_front): in a
fanned row the next card covered its right part, under the enlarged card at 1280x720, and at
1920x1080 it stayed half hidden under the next one. A Gears hand of Order cards, enough to fan them
(12 at 1280x720, 20 at 1920x1080), the pointer on its first card: the part of that card below the enlarged one, where
the next card lay, shows its own face, pixel for pixel."""
from __future__ import annotations

import pygame
import pytest

from game.ui.kit import hand
from tests.ui.conftest import move
from tests.ui.test_card_text_fit import _table_with_full_hand


@pytest.mark.parametrize("size, count", [((1280, 720), 12), ((1920, 1080), 20)])
def test_the_hovered_card_is_drawn_in_front_of_the_next_one(make_app, size, count):
    app, table = _table_with_full_hand(make_app, size)
    table.state.cogs[table.viewer].hand = sorted(table.state.orders.draw_pile)[:count]
    table.state_version += 1
    table.dirty = True
    app.run(max_frames=1)
    cards = list(table.card_rects)
    first, second = table.card_rects[cards[0]], table.card_rects[cards[1]]
    whole = pygame.Rect(first.topleft, table.card_rects[cards[-1]].size)
    assert second.left < whole.right, "the row is not fanned: nothing to cover"
    move((first.left + first.width // 3, first.bottom - 10))
    app.run(max_frames=2)
    assert table._hover_card is not None and table._hover_card[0] == cards[0]
    screen = pygame.display.get_surface()
    # The card alone, drawn as the row drew it, on a surface of the screen's size.
    alone = screen.copy()
    face = table.card_rects.faces[cards[0]]
    hand.card_face(alone, app.ctx, whole, **face)
    # Its lower half, below the enlarged card's shadow, where the next card lay, inside the
    # frame's edge (its soft edge shows what lies under the card): the card's own pixels.
    probe = pygame.Rect(second.left + 4, whole.centery + whole.height // 8, whole.right - second.left - 16,
                        whole.height // 4)
    differ = sum(screen.get_at((x, y)) != alone.get_at((x, y))
                 for x in range(probe.left, probe.right, 2) for y in range(probe.top, probe.bottom, 2))
    assert differ == 0
