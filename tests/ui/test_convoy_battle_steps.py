"""The battle's steps, shown one at a time beside the city fought over, read whole: the ones
already shown were cut to one line each, and at 1280x720 a Greek step read 'Εφαρμόζεται το
αποτέλεσμα του τομέα Αποθήκη Καυσίμων για τον παίκτη το…'. They wrap now, inside the panel."""
from __future__ import annotations

import pytest

from game import i18n
from game.ui.convoy.table_scene import Step
from tests.ui.conftest import record_text_rects
from tests.ui.test_convoy_layout import mid_game
from tests.ui.test_ui_scale import draw

LONG = ("Εφαρμόζεται το αποτέλεσμα του τομέα Αποθήκη Καυσίμων για τον παίκτη του Moloch· η κάρτα Power Core "
        "πηγαίνει από τη στοίβα ξεσκαρταρισμένων καρτών του Moloch στο κάτω μέρος της τράπουλας του Moloch.")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_battle_steps_read_whole_inside_their_panel(make_app, monkeypatch, size):
    app = make_app(size)
    i18n.set_language("el")
    table = mid_game(app, size)
    table.battle_city = 0
    steps = [Step("step", f"{n}. " + LONG) for n in range(7)]
    table._all_steps = steps
    table.steps = steps[5:]  # five shown already, the sixth now, one to come
    drawn = record_text_rects(monkeypatch)
    draw(app)
    panel = next(p for p, _n in table.panels if any(t == i18n._("Battle") and p.contains(r) for t, r in drawn))
    first = next(i for i, (t, r) in enumerate(drawn) if t == i18n._("Battle") and panel.contains(r))
    inside = [(t, r) for t, r in drawn[first:] if panel.colliderect(r)]  # the panel's own, not the table's under it
    assert all(panel.contains(r) for _t, r in inside), [(t, r) for t, r in inside if not panel.contains(r)]
    assert not [t for t, _r in inside if t.endswith("\u2026")]
    said = " ".join(t for t, _r in inside)
    assert "5. " + LONG in said and "4. " + LONG in said  # the step now and the last one shown, whole


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_card_shown_large_over_the_battle_panel(make_app, size):
    """After a drop the pointer rests on the card dropped: shown large, it covered the battle's
    panel while the steps showed ('...ggy One: Moloch 5, Outpost 6.', Greek, 1280x720). A card
    shown large now keeps off that panel (none is shown where it would cover it); the panel's
    steps read, and the card shows large again once the battle is over."""
    import pygame

    app = make_app(size)
    i18n.set_language("el")
    table = mid_game(app, size)
    table.battle_city = 0
    draw(app)
    st = table.state
    steps = [Step("step", f"{n}. " + LONG) for n in range(3)]
    covered = 0
    for uid, small in list(table.slot_rects.items()) + [(uid, shown) for uid, shown, _w in table.hand_rects]:
        table._all_steps, table.steps = steps, list(steps)
        panel = table._steps_layout()[0]
        table.steps = []
        free = table._hover_rect(str(uid), small)
        table.steps = list(steps)
        if free is None or not free.colliderect(panel):
            continue
        covered += 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=small.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        assert table._hover_card is not None and table._hover_card[0] == str(uid), st.ids[uid]
        assert table._hover_rect(str(uid), small) is None, st.ids[uid]
        assert table.local_parts()["card"] == (None, [])
        table.steps = []
        assert table._hover_rect(str(uid), small) == free
    assert covered, "no card's large face lay over the battle's panel"
