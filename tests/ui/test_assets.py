"""The one asset loader: converted and cached surfaces, a vector stand-in for a missing file."""
from __future__ import annotations

import pygame

from game.ui.assets import Assets


def test_missing_image_draws_a_stand_in_and_is_recorded(make_app, tmp_path):
    make_app()
    assets = Assets(tmp_path)
    token = assets.image("tokens/locust_drone.png", (48, 48))
    assert token.get_size() == (48, 48)
    assert token.get_at((24, 24)).a == 255 and token.get_at((0, 0)).a == 0  # a disc, not a box
    assert "tokens/locust_drone.png" in assets.missing
    assert assets.image("tokens/locust_drone.png", (48, 48)) is token  # cached


def test_real_image_is_converted_once_and_scaled_per_size(make_app, tmp_path):
    make_app()
    (tmp_path / "cards").mkdir()
    src = pygame.Surface((20, 30), pygame.SRCALPHA)
    src.fill((200, 10, 10, 255))
    pygame.image.save(src, str(tmp_path / "cards" / "x.png"))
    assets = Assets(tmp_path)
    small = assets.image("cards/x.png", (10, 15))
    assert small.get_size() == (10, 15) and small.get_at((5, 7))[:3] == (200, 10, 10)
    assert assets.missing == set()


def test_unreadable_image_is_a_problem_not_a_crash(make_app, tmp_path):
    make_app()
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "panel.png").write_bytes(b"not a png")
    assets = Assets(tmp_path)
    panel = assets.panel("ui/panel.png", 200, 100)
    assert panel.get_size() == (200, 100)
    assert any("panel.png" in p for p in assets.problems)


def test_greek_accents_stay_apart_from_their_letters_at_every_size(make_app, tmp_path):
    """In Greek at 125%, the Convoy column heading 'σταθμοί 1/3' (11 units, 14 px) read
    'σταθμο(': DejaVu Sans hinted by FreeType's default TrueType interpreter sets the tonos
    right on the letter at 9 and 14 px, and on an iota it joins the stem. Not the catalogue's
    text (NFC, and an NFD one is composed back to the same glyph). A Greek table takes the
    next size down that keeps the accent apart; English keeps the size asked for."""
    from game import i18n
    from game.ui.assets import fuses_accents

    make_app()
    assets = Assets(tmp_path)
    plain = {(px, bold): assets.font(px, bold) for px in range(8, 31) for bold in (False, True)}
    assert any(fuses_accents(font) for font in plain.values())  # the hinting this works around
    i18n.set_language("el")
    try:
        for (px, bold), font in plain.items():
            greek = assets.font(px, bold)
            assert not fuses_accents(greek), (px, bold)
            assert greek.get_height() <= font.get_height()  # never larger than asked: layouts hold
            if not fuses_accents(font):
                assert greek.get_height() == font.get_height() and greek.size("σταθμοί") == font.size("σταθμοί")
    finally:
        i18n.set_language("en")
    assert assets.font(14) is plain[(14, False)]
