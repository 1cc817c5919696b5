"""Convoy's words on small cards, and a long hand's names.

- A card whose once-a-round ability was used this round showed 'hasz…' (Hungarian 'használva')
  and 'χρησ…' (Greek 'χρησιμοποιήθηκε') on every table face at 1280x720, and the Greek word cut
  at 1920x1080 too: a small face shows the language's short word ('kész', 'χρήση'; switched off:
  'ki', 'εκτός'), the card under the pointer the whole word.
- A station a card took away read 'elvesz…' at 1280x720: the word is broken between syllables
  onto two lines of the empty station.
- A hand of 13 cards or more is fanned, and the next card covered the right part of each name
  ('Ripper Robo', 'Újrahasznosítc', 'Artillery Strik'): each name is fitted into the part of
  its band left in sight.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from game import i18n
from game.convoy.rules.words import card_name
from tests.ui.conftest import record_text_rects
from tests.ui.test_convoy_layout import mid_game, moloch_first_in_column
from tests.ui.test_ui_scale import draw

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["en", "hu", "el"]


def _table_cards(st):
    return [u for column in st.slots for side in column for u in side if u not in st.equip.values()]


def _mid_game_at(make_app, size, language, scale):
    """A Convoy table in mid-game at `size`, in `language`, at the `scale` text size."""
    app = make_app(size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    i18n.set_language(language)
    table = mid_game(app, size)
    return app, table, table.state


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_used_and_off_marks_read_whole_on_every_face(make_app, monkeypatch, size, language, scale):
    from game.ui.convoy.table_scene import mark_word

    app, table, st = _mid_game_at(make_app, size, language, scale)
    on_table = _table_cards(st)
    st.used[:] = on_table
    st.disabled[:] = on_table[:2]  # two faces carry both marks
    drawn = record_text_rects(monkeypatch)
    table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
    table.dirty = True
    draw(app)
    words = {mark_word(m, short) for m in ("used", "off") for short in (False, True)}
    marks = [(t, r) for t, r in drawn if t in words or any(w in t for w in words if " / " in t)]
    assert len(marks) >= len(on_table), (language, size, [t for t, _r in drawn][:60])
    faces = [table.slot_rects[u] for u in on_table]
    for text, rect in marks:
        assert "\u2026" not in text, (language, size, text)
        assert any(face.contains(rect) for face in faces), (language, size, text, rect)
    # every face shows a mark ('off' last: with both, 'off' shows at least)
    for uid in on_table:
        face = table.slot_rects[uid]
        assert any(face.contains(r) for _t, r in marks), (language, size, uid, face)


@pytest.mark.parametrize("language", ["hu", "el"])
def test_the_card_under_the_pointer_shows_its_marks_whole(make_app, monkeypatch, language):
    app = make_app((1280, 720))
    i18n.set_language(language)
    table = mid_game(app)
    st = table.state
    uid = _table_cards(st)[0]
    st.used[:] = [uid]
    draw(app)
    drawn = record_text_rects(monkeypatch)
    table._hover_card = (str(uid), table.slot_rects[uid])
    table._draw_hover_card(app.screen)
    assert i18n._("used") in [t for t, _r in drawn], drawn


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_lost_stations_word_reads_whole_inside_it(make_app, monkeypatch, size, language, scale):
    from game.convoy.rules import board as B

    app, table, st = _mid_game_at(make_app, size, language, scale)
    a = B.active_city(st)
    moloch_first_in_column(st, a, "annihilator")
    st.slots[a][1][:] = []
    drawn = record_text_rects(monkeypatch)
    table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
    table.dirty = True
    draw(app)
    word = i18n._("lost")
    lines = [(t, r) for t, r in drawn if t and (t == word or (t.rstrip("-") in word and len(t) > 1
                                                         and r.height < 30 and t not in ("-",)))]
    pieces = [t for t, _r in lines]
    assert "".join(p.rstrip("-") for p in pieces[:2]) == word or word in pieces, (language, size, pieces)
    faces = [r for r in table.slot_rects.values() if r.height > r.width]
    width = min(f.width for f in faces)
    assert all(r.width <= width and "\u2026" not in t for t, r in lines), (language, size, lines, width)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_fanned_hand_of_fourteen_shows_every_name_in_sight(make_app, monkeypatch, size, language):
    """Each card's name lines are drawn within the part of its face the next card leaves in
    sight (a line squeezed to its room counts at that room's width)."""
    from game.ui.convoy import cards

    app = make_app(size)
    i18n.set_language(language)
    table = mid_game(app, size)
    st = table.state
    hand = st.hand[0]
    while len(hand) < 14:
        hand.append(st.deck[0].pop())
    monkeypatch.setattr(cards, "_FACES", type(cards._FACES)(320))  # every face drawn afresh
    blits: dict[int, list[tuple[str, int]]] = {}
    real_blit, real_render = cards._blit_line, cards._render_card

    def blit(surface, text, font, colour, centre, width, shadow=True):
        blits.setdefault(id(surface), []).append((text, centre[0] + min(font.size(text)[0], width) // 2))
        return real_blit(surface, text, font, colour, centre, width, shadow)

    faces: dict[str, list[int]] = {}

    def render(ctx, content, card_id, size_, state, *rest):
        out = real_render(ctx, content, card_id, size_, state, *rest)
        faces.setdefault(card_id, []).append(id(out))
        return out

    monkeypatch.setattr(cards, "_blit_line", blit)
    monkeypatch.setattr(cards, "_render_card", render)
    table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
    table.dirty = True
    draw(app)
    assert len(table.hand_rects) == 14 and table.hand_rects[0][1].width < table.hand_rects[0][2].width
    for uid, shown, _rect in table.hand_rects[:-1]:
        name = card_name(table.content.cards[st.ids[uid]].name)
        drawn = [line for face in faces[st.ids[uid]] for line in blits.get(face, [])
                 if line[0].rstrip("-") and line[0].rstrip("-") in name]
        assert drawn, (language, size, name)
        right = max(end for _t, end in drawn)
        assert right <= shown.width, (language, size, name, shown.width, drawn)


@pytest.mark.parametrize("scale", [1.0, 1.25])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_lost_reads_whole_at_the_smallest_face_of_the_table(make_app, size, language, scale):
    """A station is as wide as the faces of its column: a crowded column's are the table's
    smallest, and there 'elveszett' was cut to 'elvesz…' (1280x720)."""
    app = make_app(size)
    app.ctx.settings = replace(app.ctx.settings, ui_scale=scale)
    i18n.set_language(language)
    table = mid_game(app, size)
    draw(app)
    px = app.ctx.px
    face = min((r for r in table.slot_rects.values() if r.height > r.width), key=lambda r: r.width)
    lines, font = table.lost_word(face.width - px(4), face.height - px(4))
    word = i18n._("lost")
    assert "".join(line[:-1] if line.endswith("-") and i < len(lines) - 1 else line
                   for i, line in enumerate(lines)) == word, lines
    assert all(font.size(line)[0] <= face.width - px(4) for line in lines), (lines, face)
    assert len(lines) * font.get_linesize() <= face.height - px(4)
