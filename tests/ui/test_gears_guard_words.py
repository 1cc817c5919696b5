"""The Guard buttons in Hungarian: the question read "Drone 1 készül: támadás. Őrködés?" (the
Hungarian rulebook's word, seed p. 24) and its buttons "Beavatkozás: Lancer Assault Rifle,
Normál", Doom's word for its Guard order (hu, 1920x1080). Every Gears Guard label says Őrködés."""
from __future__ import annotations

import pytest

from game import i18n
from game.engine.protocol import Action
from game.engine.session import Session
from game.gears.rules.title import GearsTitle
from game.ui.gears import choices as C


@pytest.mark.parametrize("payload", [{"guard": "P1", "card": "ambush#1", "weapon": "lancer", "mode": "normal"},
                                     {"guard": "P1", "card": "ambush#1", "weapon": "lancer", "mode": "chainsaw"},
                                     {"guard": "P1", "card": "ambush#1"}])
def test_a_guard_button_says_the_gears_word_in_hungarian(payload):
    session = Session.start(GearsTitle(), "emergence", seed=5, options={"players": 1})
    try:
        i18n.set_language("hu")
        label = C.option_label(session.state, session.title.content, Action("guard", payload, "Guard"))
        assert label.startswith("Őrködés") and "Beavatkozás" not in label, label
        assert "Őrködés" in i18n._("{locust} is about to {about_to}: Guard?")
    finally:
        i18n.set_language("en")
