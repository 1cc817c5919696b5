"""Issue 17 item 6: Convoy's 70 cards and 5 cities drawn by our own code (game/ui/convoy/cards.py),
readable at 1280x720 (a card there is about 90 px wide), each with its own emblem."""
from __future__ import annotations

import dataclasses
import importlib.util
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.convoy.content import shared_content  # noqa: E402
from game.convoy.rules.words import card_name  # noqa: E402
from game.engine.provenance import Provenance  # noqa: E402
from game.ui.convoy import cards  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CARD_SIZES = [(90, 126), (150, 210), (250, 350)]
CITY_SIZES = [(120, 84), (180, 130), (360, 250)]


@pytest.fixture(scope="module")
def ctx():
    from game.ui.assets import Assets
    from game.ui.scene import Context
    from game.ui.settings import Settings

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return Context(settings=Settings(), assets=Assets(), maps_dir=ROOT / "maps", settings_file=Path(os.devnull))


@pytest.fixture(scope="module")
def content():
    return shared_content()


def _pixels(surface: pygame.Surface, rect: pygame.Rect | None = None) -> bytes:
    sub = surface.subsurface(rect) if rect else surface
    return pygame.image.tobytes(sub, "RGBA")


def test_every_card_draws_at_three_sizes_and_fills_its_rect(ctx, content):
    assert sum(c.count for c in content.cards.values()) == 70
    for w, h in CARD_SIZES:
        for cid in content.cards:
            surface = pygame.Surface((w + 20, h + 20), pygame.SRCALPHA)
            rect = pygame.Rect(10, 10, w, h)
            cards.draw_card(surface, ctx, rect, content, cid)
            # the face covers its rect (corners aside) and nothing outside it
            assert surface.get_at(rect.center).a == 255, (cid, w)
            assert surface.get_at((5, 5)).a == 0 and surface.get_at((w + 15, h + 15)).a == 0, (cid, w)


@pytest.mark.parametrize("state", cards.STATES)
def test_every_state_draws_and_differs_from_normal(ctx, content, state):
    rect = pygame.Rect(0, 0, 90, 126)
    normal, other = pygame.Surface(rect.size, pygame.SRCALPHA), pygame.Surface(rect.size, pygame.SRCALPHA)
    cards.draw_card(normal, ctx, rect, content, "hunter")
    cards.draw_card(other, ctx, rect, content, "hunter", state=state)
    assert (_pixels(normal) == _pixels(other)) == (state == "normal")


def test_emblems_differ_between_cards(content):
    seen: dict[bytes, str] = {}
    for cid, card in content.cards.items():
        img = cards.emblem(cid, card.side, card.type, 64)
        key = _pixels(img)
        assert key not in seen, f"{cid} has the same emblem as {seen.get(key)}"
        seen[key] = cid
        assert any(img.get_at((x, y)).a > 0 for x in range(0, 64, 2) for y in range(0, 64, 2)), cid
    assert len(seen) == len(content.cards)


def test_card_faces_differ_between_cards_at_table_size(ctx, content):
    faces = set()
    for cid in content.cards:
        s = pygame.Surface((90, 126), pygame.SRCALPHA)
        cards.draw_card(s, ctx, s.get_rect(), content, cid)
        faces.add(_pixels(s))
    assert len(faces) == len(content.cards)


def test_an_unverified_card_carries_the_placeholder_mark(ctx, content):
    card = content.cards["hunter"]
    assert card.provenance.placeholder()  # verified = false in cards.toml
    sure = dataclasses.replace(card, provenance=Provenance(True, "test"))
    verified = dataclasses.replace(content, cards={**content.cards, "hunter": sure})
    for w, h in CARD_SIZES:
        marked, plain = pygame.Surface((w, h), pygame.SRCALPHA), pygame.Surface((w, h), pygame.SRCALPHA)
        cards.draw_card(marked, ctx, marked.get_rect(), content, "hunter")
        cards.draw_card(plain, ctx, plain.get_rect(), verified, "hunter")
        corner = pygame.Rect(w * 3 // 4, h * 7 // 8, w // 4, h // 8)  # the bottom-right corner: the '*'
        assert _pixels(marked, corner) != _pixels(plain, corner), w
        rest = pygame.Rect(0, 0, w, h // 2)
        assert _pixels(marked, rest) == _pixels(plain, rest), w


def test_card_size_and_text(content):
    assert cards.card_size(350) == (250, 350)
    assert cards.card_size(126) == (90, 126)
    assert cards.card_text(content, "hunter") == (content.cards["hunter"].name, content.cards["hunter"].text)


def test_faces_are_cached_per_card_size_and_state(ctx, content):
    rect = pygame.Rect(0, 0, 91, 127)
    s = pygame.Surface(rect.size, pygame.SRCALPHA)
    calls = []
    real = cards._render_card

    def counting(*args):
        calls.append(args[2])
        return real(*args)

    cards._render_card = counting
    try:
        for _ in range(3):
            cards.draw_card(s, ctx, rect, content, "medic")
            cards.draw_card(s, ctx, rect, content, "medic", state="dim")
    finally:
        cards._render_card = real
    assert calls == ["medic", "medic"]


def test_backs_draw(ctx):
    for side in ("moloch", "outpost"):
        s = pygame.Surface((90, 126), pygame.SRCALPHA)
        cards.draw_back(s, ctx, s.get_rect(), side)
        assert s.get_at((45, 63)).a > 200
    assert "cards/back_convoy_moloch.png" not in ctx.assets.missing


@pytest.mark.parametrize("size", CITY_SIZES)
def test_every_city_draws_and_its_sectors_lie_inside_without_overlap(ctx, content, size):
    for city in content.cities:
        for extra in (False, True):
            surface = pygame.Surface((size[0] + 40, size[1] + 40), pygame.SRCALPHA)
            rect = pygame.Rect(20, 20, *size)
            rects = cards.draw_city(surface, ctx, rect, content, city.id, battle_sector=0, sectors_destroyed=(1,),
                                    feature_used=True, extra_sector=extra)
            assert len(rects) == len(city.sectors) + (1 if extra else 0)
            for i, r in enumerate(rects):
                assert r.width > 0 and r.height > 0
                assert rect.contains(r), (city.id, size, i)
                for other in rects[i + 1:]:
                    assert not r.colliderect(other), (city.id, size)
            assert surface.get_at((5, 5)).a == 0


def test_a_destroyed_city_differs_from_its_intact_side(ctx, content):
    for city in content.cities:
        intact, ruined = pygame.Surface((180, 130), pygame.SRCALPHA), pygame.Surface((180, 130), pygame.SRCALPHA)
        a = cards.draw_city(intact, ctx, intact.get_rect(), content, city.id)
        b = cards.draw_city(ruined, ctx, ruined.get_rect(), content, city.id, destroyed=True)
        assert _pixels(intact) != _pixels(ruined)
        assert a == b  # the sectors stay where they were


def test_city_markers_show(ctx, content):
    """The Sector Battle token, a Destroyed Sector overlay, the Extra Sector token and the Used
    marker each change the card where they lie."""
    def draw(**kw):
        s = pygame.Surface((180, 130), pygame.SRCALPHA)
        return s, cards.draw_city(s, ctx, s.get_rect(), content, "iron_gate", **kw)

    plain, rects = draw()
    for kw, where in (({"battle_sector": 1}, rects[1]), ({"sectors_destroyed": (2,)}, rects[2])):
        s, _ = draw(**kw)
        assert _pixels(s, where) != _pixels(plain, where), kw
        assert _pixels(s, rects[0]) == _pixels(plain, rects[0]), kw
    s, with_extra = draw(extra_sector=True)
    assert _pixels(s, with_extra[-1]) != _pixels(plain, with_extra[-1])
    s, _ = draw(feature_used=True)
    assert _pixels(s) != _pixels(plain)


def test_the_contact_sheet_tool_renders(tmp_path):
    spec = importlib.util.spec_from_file_location("convoy_card_sheet", ROOT / "tools" / "convoy_card_sheet.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "sheet.png"
    assert tool.main(["--out", str(out), "--size", "60x84"]) == 0
    assert out.is_file() and out.stat().st_size > 10_000


def test_city_text_lists_results_feature_and_sectors(content):
    name, text = cards.city_text(content, "cleveland_harbour")
    assert name == "3 Cleveland Harbour"
    assert "Ferry Docks" in text and "apply it" in text and "Supplies" in text
    city = next(c for c in content.cities if c.id == "cleveland_harbour")
    assert len(text.splitlines()) == 3 + len(city.sectors)  # two results, the feature, a line a sector


def test_the_battle_panel_words_a_victory_result_as_the_city_card_does(make_app, monkeypatch):
    """Spec 6 (a city's victory results): the battle panel's "If Moloch wins" / "If the Outpost
    wins" lines say each result in the words the city card and its hover view print, not in
    words of their own."""
    from game.convoy.rules import board as B
    from game.ui import widgets
    from game.ui.convoy import cards as C
    from game.ui.convoy.table_scene import ConvoyTable
    from tests.ui.test_convoy_layout import mid_game
    from tests.ui.test_ui_scale import draw

    app = make_app((1920, 1080))
    table = mid_game(app, (1920, 1080))
    assert isinstance(table, ConvoyTable)
    said: list[str] = []
    block = widgets.text_block
    monkeypatch.setattr(widgets, "text_block", lambda surface, text, *a, **kw: said.append(text) or block(surface, text, *a, **kw))
    table.play_layer.forget()  # the state set by hand, the drawing spied on: the play area painted anew
    table.dirty = True
    draw(app)
    city = table.content.cities[B.active_city(table.state)]
    _name, text = C.city_text(table.content, city.id)
    moloch, outpost = (line.split(": ", 1)[1] for line in text.split("\n")[:2])
    assert any(s.startswith(moloch) for s in said) and any(s.startswith(outpost) for s in said)


def test_a_small_faces_name_keeps_clear_of_its_type_symbol(ctx, content):
    """A battle column's faces at 1280x720 (about 38x52) read 'oteur' for Saboteur and 'nger'
    for Ranger: the type symbol at the bottom left reached up into the name band and covered the
    name's start. At every height a face is drawn at, the symbol keeps clear of the band and
    inside the face; and it is where the face draws it."""
    for height in range(40, 360, 2):
        w, h = cards.card_size(height)
        L = cards._layout(w, h)
        icon = cards.type_icon_rect(L, h)
        assert not icon.colliderect(L["name"]), (w, h, icon, L["name"])
        assert pygame.Rect(0, 0, w, h).contains(icon), (w, h, icon)
    w, h = cards.card_size(52)
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    cards.draw_card(surface, ctx, pygame.Rect(0, 0, w, h), content, next(iter(content.cards)))
    icon = cards.type_icon_rect(cards._layout(w, h), h)
    assert surface.get_at(icon.center).a == 255


def _record_text(monkeypatch, owner, name: str) -> list[str]:
    """The texts `owner.name(surface, text, ...)` is called with from now on (it still draws)."""
    seen: list[str] = []
    real = getattr(owner, name)

    def recording(surface, text, *args, **kwargs):
        seen.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(owner, name, recording)
    return seen


def test_a_large_faces_ability_text_is_in_the_players_language(ctx, content, monkeypatch):
    """Played in Greek at 1280x720, the hovered Mine Layer showed its rule in English ('On Outpost
    win: put a -2 Strength token...') under a Greek name band: the face drew the card's text
    without the translation its name had. Every large face now writes the translated text."""
    from game import i18n
    from game.ui import widgets

    written = _record_text(monkeypatch, widgets, "text_block")
    i18n.set_language("el")
    try:
        w, h = cards.card_size(350)
        cards.draw_card(pygame.Surface((w, h), pygame.SRCALPHA), ctx, pygame.Rect(0, 0, w, h), content, "mine_layer")
        greek = i18n._(content.cards["mine_layer"].text)
    finally:
        i18n.set_language("en")
    assert greek != content.cards["mine_layer"].text  # the catalogue has it in Greek
    assert written == [greek]


def test_a_long_first_word_leaves_the_second_line_to_the_rest_of_the_name(ctx, content, monkeypatch):
    """In Hungarian at 1280x720 the hand showed 'Elektromágneses…' for Elektromágneses mező: its
    first word alone is wider than a small face's name band, and the fit gave up and cut the
    rest. A word too wide for the band now takes a line of its own (drawn squeezed, as it was)
    and the name goes on on the next line."""
    from game import i18n

    drawn = _record_text(monkeypatch, cards, "_blit_line")
    monkeypatch.setattr(cards, "_FACES", cards.widgets.Memo(8))
    i18n.set_language("hu")
    try:
        w, h = cards.card_size(88)  # a hand card at 1280x720
        cards.draw_card(pygame.Surface((w, h), pygame.SRCALPHA), ctx, pygame.Rect(0, 0, w, h), content, "electromagnetic_field")
        name = card_name(content.cards["electromagnetic_field"].name)
    finally:
        i18n.set_language("en")
    assert name == "Elektromágneses mező"
    assert drawn == ["Elektromágneses", "mező"]


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("size", [(145, 128), (230, 205)])  # a city card at 1280x720 and 1920x1080
def test_the_feature_used_stamp_is_readable_in_each_language(ctx, content, monkeypatch, language, size):
    """The City Feature Used stamp on a city card squeezed the Greek 'used', 'χρησιμοποιήθηκε',
    into the feature icon's width until it could not be read (and the Hungarian 'használva'):
    the stamp has its own short word (the seed names the token 'δείκτης Χρήσης', the Use
    token), squeezed to no less than 3/4 of its width."""
    from game import i18n

    drawn = []
    real = cards._blit_line
    monkeypatch.setattr(cards, "_blit_line", lambda surface, text, font, colour, centre, width, **k: (
        drawn.append((text, font.size(text)[0], width)), real(surface, text, font, colour, centre, width, **k))[1])
    i18n.set_language(language)
    try:
        s = pygame.Surface(size, pygame.SRCALPHA)
        cards.draw_city(s, ctx, s.get_rect(), content, "ziggy_one", feature_used=True)
        stamp = i18n.capitals(i18n.pgettext("convoy feature token", "used"))
    finally:
        i18n.set_language("en")
    got = [(w, room) for text, w, room in drawn if text == stamp]
    assert got, drawn
    assert all(w * 3 <= room * 4 for w, room in got), (stamp, got)


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("size", [(145, 128), (230, 205), *CITY_SIZES])
def test_the_feature_used_stamp_hides_nothing_on_the_city(ctx, content, monkeypatch, language, size):
    """The City Feature Used stamp lay across the middle of the feature's emblem (the green
    wrench badge at the city's right), hiding it. The emblem stays whole in its slot, smaller,
    with the stamp under it: the stamp's word touches neither the emblem, the city's number
    and name, nor a sector, and stays inside the card."""
    from game import i18n

    icons, words, stamps = [], [], []
    real_glyph, real_blit, real_text = cards._glyph, cards._blit_line, cards.widgets.text

    def glyph(out, centre, size_, paint, *a, **k):
        if paint is cards._feature_icon:
            icons.append(pygame.Rect(0, 0, size_, size_).move(centre[0] - size_ // 2, centre[1] - size_ // 2))
        return real_glyph(out, centre, size_, paint, *a, **k)

    def blit(surface, text, font, colour, centre, width, **k):
        if text == stamp:
            box = pygame.Rect(0, 0, min(font.size(text)[0], width), font.get_ascent())
            box.center = centre
            stamps.append(box)
        return real_blit(surface, text, font, colour, centre, width, **k)

    def text(surface, line, font, colour, pos, anchor="topleft", *a, **k):
        rect = real_text(surface, line, font, colour, pos, anchor, *a, **k)
        words.append((line, rect))
        return rect

    monkeypatch.setattr(cards, "_glyph", glyph)
    monkeypatch.setattr(cards, "_blit_line", blit)
    monkeypatch.setattr(cards.widgets, "text", text)
    monkeypatch.setattr(cards, "_CITIES", cards.widgets.Memo(8))
    i18n.set_language(language)
    try:
        stamp = i18n.capitals(i18n.pgettext("convoy feature token", "used"))
        for city in content.cities:
            icons.clear(), words.clear(), stamps.clear()
            s = pygame.Surface(size, pygame.SRCALPHA)
            sectors = cards.draw_city(s, ctx, s.get_rect(), content, city.id, feature_used=True)
            names = [r for line, r in words if line == str(city.number) or line in i18n._(city.name)]
            assert len(icons) == 1 and len(stamps) == 1, (city.id, icons, stamps)
            icon, tag = icons[0], stamps[0]
            assert s.get_rect().contains(tag) and s.get_rect().contains(icon), (city.id, tag, icon)
            assert not tag.colliderect(icon), (city.id, size, tag, icon)
            assert tag.collidelist(sectors) == -1 and tag.collidelist(names) == -1, (city.id, tag, names)
            assert icon.width * 2 >= max(12, size[1] // 5), (city.id, icon)  # still an emblem to read
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_every_name_shows_whole_on_a_battle_columns_face(ctx, content, monkeypatch, language):
    """On a battle column's faces at 1280x720 (about 40x57) Electromagnetic Field read
    'Electroma…' (Hungarian 'Elektromá…'), and Sabotage the Convoy 'Sabotag…' a little smaller:
    two lines of the name band could not hold them. Such a name takes a third line, its band
    reaching up over the picture; the band, the type symbol and the strength badge stay apart
    and inside the face, and every name at every such size is drawn whole."""
    from game import i18n

    drawn = _record_text(monkeypatch, cards, "_blit_line")
    monkeypatch.setattr(cards, "_FACES", cards.widgets.Memo(8))
    i18n.set_language(language)
    try:
        for height in [*range(54, 64, 2), *range(80, 106, 4)]:  # 1280x720's and 1920x1080's at 100% UI scale
            w, h = cards.card_size(height)
            for card_id, card in content.cards.items():
                drawn.clear()
                cards.draw_card(pygame.Surface((w, h), pygame.SRCALPHA), ctx, pygame.Rect(0, 0, w, h), content, card_id)
                name = card_name(card.name)
                shown = [line for line in drawn if line != "*"]
                assert "\u2026" not in "".join(shown), (height, card_id, shown)
                joined = "".join(line[:-1] if line.endswith("-") else line + " " for line in shown).strip()
                assert joined.replace(" ", "") == name.replace(" ", ""), (height, card_id, shown)
                L = cards.face_layout(ctx, content, card_id, w, h)
                band, icon = L["name"], cards.type_icon_rect(L, h)
                assert not icon.colliderect(band) and not cards.strength_badge_rect(L).colliderect(band), (height, card_id)
                assert pygame.Rect(0, 0, w, h).contains(band) and pygame.Rect(0, 0, w, h).contains(icon)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("height", [340, 420])  # the enlarged card at 1280x720 and 1920x1080
def test_an_enlarged_cards_type_word_ends_before_the_placeholder_tag(ctx, content, monkeypatch, language, height):
    """The enlarged Reactive Armor in Greek read 'ΕΞΟΠΛΙΣΜ' under its 'προσωρινό' tag: the type
    word at the face's bottom ran under the placeholder tag beside it. It ends before the tag,
    a little smaller where it must, on every card."""
    from game import i18n

    words: list[pygame.Rect] = []
    tags: list[pygame.Rect] = []
    real_text, real_rect = cards.widgets.text, pygame.draw.rect
    kinds = {"Robot", "Equipment", "Instant", "Soldier", "Building"}

    def text(surface, t, *args, **kwargs):
        got = real_text(surface, t, *args, **kwargs)
        if t in shown_kinds:
            words.append(got)
        return got

    def rect(surface, colour, r, *args, **kwargs):
        if tuple(colour[:3]) == (40, 34, 22):
            tags.append(pygame.Rect(r))
        return real_rect(surface, colour, r, *args, **kwargs)

    monkeypatch.setattr(cards.widgets, "text", text)
    monkeypatch.setattr(pygame.draw, "rect", rect)
    monkeypatch.setattr(cards, "_FACES", cards.widgets.Memo(8))
    i18n.set_language(language)
    try:
        shown_kinds = {cards.capitals(i18n._(k)) for k in kinds}
        w, h = cards.card_size(height)
        for card_id, card in content.cards.items():
            words.clear()
            tags.clear()
            cards.draw_card(pygame.Surface((w, h), pygame.SRCALPHA), ctx, pygame.Rect(0, 0, w, h), content, card_id)
            assert len(words) == 1, (card_id, words)
            assert card.provenance.placeholder() == bool(tags), card_id
            assert not any(words[0].colliderect(t) for t in tags), (language, card_id, words, tags)
    finally:
        i18n.set_language("en")
