"""A card in play at 1280x720 is 36-41 px wide: its picture's room under the strength and timing
corners was 4 px high, so it showed none of the marks of what the card does (kit/card_art.py),
only the card's faint emblem. There a small face gives its picture to the marks alone (no
emblem, the type symbol's place too): the first of them at least, at SMALL_MARK px or more. The
card shown large under the pointer keeps its emblem and every mark."""
from __future__ import annotations

import pygame

from game.ui import widgets
from game.ui.convoy import cards
from game.ui.kit.card_art import motif_size
from tests.ui.test_convoy_play_layer import _table


def _drawn_marks(monkeypatch, table, app) -> dict:
    """The frame drawn anew (the play area and every face): each face's size -> the box, the
    marks and the least size draw_motifs was given."""
    drawn: dict = {}
    real = cards.draw_motifs

    def spy(surface, box, motifs, font, image=None, **kw):
        drawn.setdefault(surface.get_size(), []).append((pygame.Rect(box), tuple(motifs), kw.get("least", 14), kw.get("tight", False), font))
        return real(surface, box, motifs, font, image, **kw)

    monkeypatch.setattr(cards, "draw_motifs", spy)
    monkeypatch.setattr(cards, "_FACES", widgets.Memo(8))  # every face rendered, not from the cache
    table.play_layer.forget()
    table.dirty = table.full_redraw = True
    app.step()
    return drawn


def test_cards_in_play_at_1280x720_show_their_first_mark_readable(make_app, monkeypatch):
    app, table = _table(make_app, (1280, 720), actions=30)
    st = table.state
    faces = {uid: rect for uid, rect in table.slot_rects.items() if uid not in st.equip.values()}
    assert len(faces) >= 4, "too few cards in play"
    assert min(r.width for r in faces.values()) <= 42  # the small faces this is about
    drawn = _drawn_marks(monkeypatch, table, app)
    checked = 0
    for uid, rect in faces.items():
        motifs = table.card_art(st.ids[uid])
        if not motifs:
            continue
        got = [d for d in drawn.get(rect.size, ()) if d[1] and d[1][0][0] == motifs[0][0]]  # its kind (it may bear the next one's value)
        assert got, (st.ids[uid], rect.size, "no mark drawn")
        sizes = [motif_size(box, marks, font, least=least, tight=tight) for box, marks, least, tight, font in got]
        assert max(s or 0 for s in sizes) >= cards.SMALL_MARK + 1, (st.ids[uid], rect.size, sizes)
        checked += 1
    assert checked >= 4, checked


def test_the_card_shown_large_keeps_its_emblem_and_every_mark(make_app, monkeypatch):
    """The hover card (rules text, every mark over the faint emblem) is as it was."""
    app, table = _table(make_app, (1280, 720), actions=30)
    st = table.state
    uid, small = next((u, r) for u, r in table.slot_rects.items() if len(table.card_art(st.ids[u])) >= 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=small.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    big = table._hover_rect(str(uid), small)
    assert big is not None and big.width >= 150
    L = cards.face_layout(table.ctx, table.content, st.ids[uid], big.width, big.height)
    marks = cards.face_marks(table.ctx, L, big.height, table.card_art(st.ids[uid]))
    assert marks is not None and not marks[2] and marks[1] == table.card_art(st.ids[uid])


def test_a_lieutenant_in_play_shows_its_team_mark_with_the_plus_one(make_app):
    """A Lieutenant's (and Overseer's) picture is its team and '+1' (its other units' strength):
    on a face 36-41 px wide with the marks alone only the team mark fitted, and it showed
    without the '+1'. The mark shown bears the value of the mark it stands for."""
    from game.convoy.content import load_content
    from game.ui.convoy.card_art import card_motifs

    app = make_app((1280, 720))
    content = load_content()
    checked = 0
    for card in ("lieutenant", "overseer"):
        motifs = card_motifs(content, card)
        assert motifs == (("team", ""), ("strength", "+1"))
        for w in range(36, 42):
            h = round(w * cards.CARD_H / cards.CARD_W)
            for clear in (0, w // 3):
                L = cards.face_layout(app.ctx, content, card, w, h)
                box, shown, alone, tight = cards.face_marks(app.ctx, L, h, motifs, clear)
                assert shown[0][0] == "team", (card, w, shown)
                assert "+1" in [label for _k, label in shown], (card, w, clear, shown)
                checked += len(shown) < len(motifs)
    assert checked  # the faces where the strength mark does not fit beside it
