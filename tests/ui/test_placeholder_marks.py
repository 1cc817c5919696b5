"""Issue 21 item 7: values marked verified = false in the data show a small "placeholder" mark
where they are displayed, so an owner of the box knows why a card differs from theirs. One
function decides (Provenance.placeholder); the order cards, the AI card panel, the weapon lines
and the mission cards ask it."""
from __future__ import annotations

import pygame

from game.engine.protocol import Event
from game.engine.provenance import Provenance
from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears.mission_cards import mission_card_blocks
from game.ui.gears.table_scene import GearsTable
from game.ui.kit import hand


def test_provenance_placeholder_reads_field_by_field():
    p = Provenance(False, "spec", field_verified={"normal": False, "range": True, "icon": "fan"})
    assert p.placeholder("normal") and p.placeholder("range", "normal")
    assert not p.placeholder("range") and not p.placeholder("icon")  # a fan source is a source
    assert p.placeholder("text")  # not listed: the record's own verified = false
    assert p.placeholder()
    seed = Provenance(True, "base p. 17")
    assert not seed.placeholder() and not seed.placeholder("normal")


def test_a_placeholder_card_carries_the_mark(make_app):
    app = make_app((1280, 720))
    rect = pygame.Rect(20, 20, 250, 350)
    plain = pygame.Surface((300, 400))
    marked = pygame.Surface((300, 400))
    for surface, flag in ((plain, False), (marked, True)):
        surface.fill((0, 0, 0))
        hand.card_face(surface, app.ctx, rect, "Advance", "Move up to 4 areas.", placeholder=flag)
    band = pygame.Rect(rect.right - 40, rect.top + 14, 36, 36)  # the title band's right corner
    art = pygame.Rect(rect.left + 120, rect.top + 150, 110, 44)  # the art's lower right: the tag
    for region in (band, art):
        assert any(plain.get_at((x, y)) != marked.get_at((x, y)) for x in range(region.left, region.right)
                   for y in range(region.top, region.bottom)), region


def test_gears_order_cards_weapons_and_ai_cards_are_marked_from_their_data(make_app, tmp_path):
    app = make_app((1280, 720))
    session = Session.start(GearsTitle(), "emergence", seed=3)
    table = GearsTable(app.ctx, session, ["human", "bot"], (1280, 720), tmp_path / "t.json", animate=False)
    content = table.content
    # orders.toml: every order's words are placeholders (spec 6.1); an unknown card is not marked.
    assert all(table.card_placeholder(oid + "#1") for oid in content.orders)
    assert not table.card_placeholder("nothing#1")
    # The AI card base:20's text is a fan transcription with a proposed redraw line (false).
    shown = table.ai_card(Event("ai_card", "", payload={"card": "base:20"}))
    assert shown.placeholder
    seeded = [cid for cid, card in content.ai_cards.items() if not card.provenance.placeholder()]
    if seeded:
        assert not table.ai_card(Event("ai_card", "", payload={"card": seeded[0]})).placeholder
    # The squad panel's weapon line: the Lancer's Normal dice are a placeholder.
    app.push(table)
    app.run(max_frames=2)
    lines = []
    real_text = hand.widgets.text

    def spy(surface, text, *args, **kwargs):
        lines.append(text)
        return real_text(surface, text, *args, **kwargs)

    hand.widgets.text = spy
    try:
        app._force_redraw = True
        app.draw(app.screen)
    finally:
        hand.widgets.text = real_text
    # The weapon's name whole (its first word alone at first), the mark held to it by a no-break space.
    assert any(t.startswith("Lancer") and "\u00a0*" in t for t in lines), [t for t in lines if "ammo" in t]


def test_mission_cards_mark_the_locks_that_the_rulebooks_do_not_give():
    title = GearsTitle()
    mission = title.content.missions["china_shop"]
    blocks = mission_card_blocks(mission, 0)
    locked = [text for _t, lines in blocks for text, _r in lines if text.startswith("Locked")]
    assert locked and all(text.endswith(" *") for text in locked)  # locks = false
    assert blocks[-1][0] == "Placeholders"
    assert not any(text.endswith(" *") for _t, lines in blocks for text, _r in lines if text.startswith("Tiles"))  # levels = "fan"


def test_doom_monster_and_marine_cards_are_marked_from_their_data():
    """Doom: monsters.toml gives health and armour as placeholders (spec appendix A); the hover
    card marks them and says what the mark means; every invader card in the invader's hand is
    marked (appendix C), and a marine's view has no hand faces to mark."""
    from game.doom.rules.title import DoomTitle
    from game.ui.doom.table_scene import figure_card_lines

    title = DoomTitle()
    state = title.new_game("knee_deep", 4, {"marines": 2})
    content = state.content
    from game.doom.rules.state import Invader

    mon = next(m for m in content.monsters.values() if m.provenance.placeholder("health", "armour"))
    state.invaders["x1"] = Invader("x1", mon.id, [sorted(state.map.floor)[0]])
    _title, lines = figure_card_lines(state, content, "x1")
    assert lines[0].endswith(" *") and lines[-1].startswith("* placeholder")
    marine = next(iter(state.marines))
    _t, mlines = figure_card_lines(state, content, marine)
    assert not mlines[0].endswith(" *")  # a marine's health and armour are the state's, not a card's
