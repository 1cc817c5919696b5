"""Doom's invader cards and Level 7's cards picture what they do (kit/card_art.py), read from
the same records the rules resolve: a spawn card its monsters' own tokens and how many, an
event its effect's mark; a Level 7 card its bonus with its sign, then its abilities."""
from __future__ import annotations

from pathlib import Path

from game.ui.kit.card_art import MOTIFS, OR

ASSETS = Path(__file__).resolve().parents[2] / "assets"


def _drawable(motifs) -> bool:
    return all(kind in MOTIFS or kind == OR or (kind.startswith("image:") and (ASSETS / kind[6:]).is_file())
               for kind, _l in motifs)


def test_doom_invader_cards_picture_their_spawns_and_effects():
    from game.doom.content import shared_content
    from game.ui.doom.card_art import card_motifs

    content = shared_content()
    assert card_motifs(content, "zombie_pack#1") == (("image:tokens/zombie.png", "3"),)
    assert card_motifs(content, "cyberdemon#1") == (("image:tokens/cyberdemon.png", ""),)
    # The halves of a spawn card are alternatives: an 'or' stands between them.
    assert card_motifs(content, "archvile_or_imps#1") == (("image:tokens/archvile.png", ""), (OR, ""),
                                                          ("image:tokens/imp.png", "2"))
    assert card_motifs(content, "dodge#1") == (("die", ""),)  # the marine's dice rerolled
    assert card_motifs(content, "smash#1") == (("broken_door", ""),)
    for card in content.invader_cards:
        motifs = card_motifs(content, card + "#1")
        assert motifs and _drawable(motifs), card
    assert card_motifs(content, "no_such_card#1") == ()


def test_level7_cards_picture_their_bonus_and_abilities():
    from game.level7.content import shared_content
    from game.ui.level7.card_art import card_motifs

    content = shared_content()
    # +2 Strength (the top half), then 'Reroll up to 2 dice in one Strength challenge'.
    assert card_motifs(content, "surge_of_strength#1") == (("strength", "+2"), ("die", "2"))
    # A malus keeps its sign, a minus sign: '+2 Strength, -1 Intelligence'.
    assert card_motifs(content, "weightlifter#1") == (("strength", "+2"), ("intelligence", "\u22121"))
    assert card_motifs(content, "flashlight#1") == (("dark", ""),)  # no Fear from darkness
    assert card_motifs(content, "security_key#1") == (("door", ""),)
    for table in (content.adrenaline, content.items, content.skills, content.keys):
        for card in table:
            motifs = card_motifs(content, card + "#1")
            assert motifs and _drawable(motifs), card


def test_convoy_cards_picture_what_their_steps_do():
    """Every Convoy card names the marks of what its rules steps do (cards.toml's effect and
    passive), through the table's card_art hook, and the kit draws each of them."""
    from game.convoy.content import shared_content
    from game.ui.convoy.card_art import card_motifs

    content = shared_content()
    assert card_motifs(content, "hunter") == (("skull", ""),)  # On entering: kill a Soldier here
    assert card_motifs(content, "sniper") == (("skull", "\u22643"),)  # printed strength 3 or less
    assert card_motifs(content, "gauss_cannon") == (("skull", ""), ("building", ""))
    assert card_motifs(content, "lieutenant") == (("team", ""), ("strength", "+1"))
    assert card_motifs(content, "annihilator") == (("station", "\u22121"),)
    assert card_motifs(content, "recycler") == (("again", "2"),)  # two cards back under the deck
    assert card_motifs(content, "power_core") == (("strength", "+3"),)  # only its bonus
    for card in content.cards:
        motifs = card_motifs(content, card)
        assert motifs and _drawable(motifs), card
    assert card_motifs(content, "no_such_card") == ()


def test_convoy_faces_draw_the_motifs_of_the_hook(monkeypatch):
    """The face's picture is the table hook's motifs: a face drawn with other motifs differs
    in its picture, and one drawn with none shows the emblem alone (as before the hook)."""
    import os

    import pygame

    from game.convoy.content import shared_content
    from game.ui.assets import Assets
    from game.ui.convoy import cards
    from game.ui.scene import Context
    from game.ui.settings import Settings

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    ctx = Context(settings=Settings(), assets=Assets(), maps_dir=ASSETS.parent / "maps", settings_file=Path(os.devnull))
    content = shared_content()
    faces = {}
    for motifs in (None, (("skull", ""),), (("move", ""),), ()):
        s = pygame.Surface((90, 126), pygame.SRCALPHA)
        cards.draw_card(s, ctx, s.get_rect(), content, "hunter", motifs=motifs)
        L = cards.face_layout(ctx, content, "hunter", 90, 126)
        faces[motifs] = pygame.image.tobytes(s.subsurface(cards.motif_box(L, 126)), "RGBA")
    assert faces[None] == faces[(("skull", ""),)]  # the default is the card's own motifs
    assert faces[(("move", ""),)] != faces[(("skull", ""),)]
    assert faces[()] != faces[(("skull", ""),)]


def test_a_fanned_convoy_hand_card_draws_its_marks_in_the_part_that_shows(monkeypatch):
    """A fanned hand's card (`shown`: the width the next card leaves in sight) draws its marks
    in that part, not under the next card."""
    import os

    import pygame

    from game.convoy.content import shared_content
    from game.ui import widgets
    from game.ui.assets import Assets
    from game.ui.convoy import cards
    from game.ui.scene import Context
    from game.ui.settings import Settings

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    ctx = Context(settings=Settings(), assets=Assets(), maps_dir=ASSETS.parent / "maps", settings_file=Path(os.devnull))
    boxes = []
    real = cards.draw_motifs
    monkeypatch.setattr(cards, "draw_motifs", lambda s, box, *a, **k: (boxes.append(pygame.Rect(box)), real(s, box, *a, **k)))
    monkeypatch.setattr(cards, "_FACES", widgets.Memo(8))
    s = pygame.Surface((62, 87), pygame.SRCALPHA)
    cards.draw_card(s, ctx, s.get_rect(), shared_content(), "hunter", shown=36)
    assert boxes and boxes[-1].right <= 36


def test_the_convoy_tables_hook_names_a_card_by_id_or_by_its_hand_key(make_app, config_dir):
    """ConvoyTable.card_art, the kit's hook, answers for a card id and for a hand card's key
    (its number in the state), as the kit asks it."""
    from game.convoy.rules.title import ConvoyTitle
    from game.engine.session import Session
    from game.ui.convoy.card_art import card_motifs
    from game.ui.convoy.table_scene import ConvoyTable

    session = Session.start(ConvoyTitle(), "standard", seed=1, options={})
    app = make_app((1280, 720))
    table = ConvoyTable(app.ctx, session, ["human", "human"], (1280, 720))
    uid = session.state.hand[0][0]
    cid = session.state.ids[uid]
    assert table.card_art(cid) == table.card_art(str(uid)) == card_motifs(table.content, cid) != ()
