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
