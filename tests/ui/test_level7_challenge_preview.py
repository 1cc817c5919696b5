"""The challenge preview (the dice, the odds, Roll / Cancel) fits where it lies and leaves the
challenged tile in sight, at both sizes, 100% and 125%, in each language."""
from __future__ import annotations

import pytest

from tests.ui.test_level7_play import do_click, start_game


@pytest.mark.parametrize("language", ["en", "hu", "el"])
@pytest.mark.parametrize("size, scale", [((1280, 720), 1.0), ((1280, 720), 1.25), ((1920, 1080), 1.0), ((1920, 1080), 1.25)])
def test_the_challenge_preview_fits_and_leaves_the_tile_visible(make_app, config_dir, size, scale, language):
    """A guard attacked with the Pistol carried and three cards in hand (the Threat line and a
    bonus button: the tallest preview). At 125% in 1280x720 the preview was taller than the view
    (486 px in a view 393 tall, rising over the prompt) and lay over the whole Tank Farm, the
    character and the guard with it. It lies in the view clear of the tile, else compact over
    the side panel; every line and button inside it."""
    from game import i18n
    from game.level7.rules.state import Enemy

    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "settings.toml").write_text(f'ui_scale = {scale}\nlanguage = "{language}"\n')
    app, table = start_game(make_app, size=size)
    assert i18n.language() == language
    st = table.state
    st.enemies.append(Enemy("guard", 1, st.player.tile))
    st.player.items.append("pistol#1")
    st.player.hand = ["surge_of_strength#1", "sprint#1", "quick_thinking#1"]
    table.update_choices()
    app.run(max_frames=1)
    x, y = table.camera.to_screen(*table._figure_spots()["guard1"])
    do_click(app, (round(x), round(y)))
    app._force_redraw = True
    app.run(max_frames=1)
    roll = next(r for r, _l, w in table.buttons if w == "roll")
    panel = next(r for r, _n in table.panels if r.contains(roll))
    tile = table._screen_rect(table._tile_rect(st.player.tile))
    assert table.view_rect.contains(panel) or table.side_rect.contains(panel), (panel, table.view_rect)
    assert not panel.colliderect(tile), (panel, tile)
    ours = [(r, w) for r, _l, w in table.buttons if r.colliderect(panel)]  # (the prompt has its own Cancel)
    assert {"roll", "cancel", "adrenaline"} <= {w if isinstance(w, str) else w.kind for _r, w in ours}
    assert all(panel.contains(r) for r, _w in ours), (panel, ours)
    assert not any(a.colliderect(b) for i, (a, _w) in enumerate(ours) for b, _v in ours[i + 1:])
