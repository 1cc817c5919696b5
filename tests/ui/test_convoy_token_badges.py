"""A card's Strength token badges stay on its face. A Robot that won battle after battle (Servo
Booster: a +1 token each time) carried eight tokens in a Greek game at 1280x720, and its badges
ran in a row past its face, over the next card and into the next city's column. Too many for the
face, they are summed by sign (the strength breakdown on hover still lists them)."""
from __future__ import annotations

import re

import pytest

from tests.ui.conftest import record_text_rects
from tests.ui.test_convoy_layout import mid_game
from tests.ui.test_ui_scale import draw


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("tokens", [[1] * 8, [1, 1, -1, 1, -2, 1, 1, 1, 1], [1, -2]])
def test_a_cards_token_badges_stay_on_its_face(make_app, monkeypatch, size, tokens):
    app = make_app(size)
    table = mid_game(app, size)
    st = table.state
    uid = next(u for c in range(len(st.slots)) for s in (0, 1) for u in st.slots[c][s] if u not in st.equip)
    st.tokens.clear()  # its badges alone on the table
    st.tokens[uid] = list(tokens)
    drawn = record_text_rects(monkeypatch)
    draw(app)
    face = table.slot_rects[uid]
    badges = [(t, r) for t, r in drawn if re.fullmatch(r"[+-]\d+", t) and r.colliderect(face.inflate(400, 0))
              and abs(r.centery - face.centery) < face.height]
    assert badges, drawn
    assert all(face.contains(r) for _t, r in badges), (face, badges)
    shown = [int(t) for t, _r in badges]
    assert sum(shown) == sum(tokens)  # summed or one a token, the total reads the same


def test_the_picture_marks_keep_clear_of_the_token_badges(make_app, config_dir, monkeypatch):
    """A card in play draws the marks of what it does (kit/card_art.py) right of its token
    badges: at 1920x1080 a Vanguard's +1 badges covered its fist and '+1'."""
    import pygame

    from game.ui import widgets
    from game.ui.convoy import cards
    from tests.ui.test_convoy_drops import table_after

    boxes: dict = {}
    real = cards.draw_motifs

    def spy(surface, box, motifs, font, image=None, **kw):
        boxes[surface.get_size()] = pygame.Rect(box)
        return real(surface, box, motifs, font, image, **kw)

    monkeypatch.setattr(cards, "draw_motifs", spy)
    for size in ((1920, 1080), (1280, 720)):
        app, table = table_after(make_app, 1, 40, size)
        app.run(max_frames=1)
        st = table.state
        checked = 0
        for uid, rect in table.slot_rects.items():
            if not st.tokens.get(uid) or uid in st.equip.values():
                continue
            boxes.clear()
            monkeypatch.setattr(cards, "_FACES", widgets.Memo(8))  # drawn anew, not from the cache
            surface = pygame.Surface(table._size)
            cards.draw_card(surface, table.ctx, rect, table.content, st.ids[uid], motifs=table.card_art(st.ids[uid]),
                            clear_left=table.token_column(rect, uid))
            r, centres = table.token_places(rect, len(table.token_badges(rect, uid)), uid)
            box = boxes.get(rect.size)
            if box is None:
                continue  # a face too small for marks
            box = box.move(rect.topleft)
            for x, y in centres:
                assert not box.colliderect(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), (size, st.ids[uid])
            checked += 1
        assert checked, size


def test_the_own_discard_piles_count_does_not_stand_on_the_marks(make_app, config_dir, monkeypatch):
    """The count on the own discard pile's top card stood over its picture's marks (an
    Annihilator's station '−1' read '1 1'): that face shows its emblem alone; the opponent's
    pile, its count beside it, keeps the marks."""
    import pygame

    from game.ui.convoy import cards
    from tests.ui.test_convoy_drops import table_after

    app, table = table_after(make_app, 1, 40, (1920, 1080))
    drawn = []
    real = cards.draw_card

    def spy(surface, ctx, rect, content, card_id, **kw):
        drawn.append((pygame.Rect(rect), kw.get("motifs")))
        return real(surface, ctx, rect, content, card_id, **kw)

    monkeypatch.setattr(cards, "draw_card", spy)
    table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
    table.dirty = True
    app.run(max_frames=1)
    st = table.state
    for side in ("moloch", "outpost"):
        rect = table.pile_rects.get(side)
        if rect is None or not st.discard[0 if side == "moloch" else 1]:
            continue
        faces = [m for r, m in drawn if r == rect]
        assert faces, side
        assert (faces[-1] == ()) == (side == table.bottom), (side, faces[-1])
