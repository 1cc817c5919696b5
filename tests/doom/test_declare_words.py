"""The refusal before an action is declared names the four actions as the Declare buttons do:
in Greek it read "(Τρέξιμο, Πυρ, Advance ή Ετοιμότητα)" beside a button "Προέλαση (Advance)"
(seen at 1280x720, a click on the map before declaring)."""
from __future__ import annotations

import pytest

from game import i18n
from game.doom.rules.title import DoomTitle
from game.engine.protocol import IllegalAction
from game.engine.text import as_text
from tests.doom.conftest import act, fresh

TITLE = DoomTitle()


@pytest.mark.parametrize("language", ["en", "hu", "el"])
def test_the_must_declare_refusal_names_the_actions_as_the_buttons_do(language):
    state = fresh()
    with pytest.raises(IllegalAction) as refused:
        act(state, "move", to=[4, 10])
    why = refused.value.why
    declares = [a for a in TITLE.legal_actions(state) if a.kind == "declare"]
    try:
        i18n.set_language(language)
        said = as_text(why).lower()
        for button in declares:
            name = as_text(button.label).split(" (")[0].split(":")[0].lower()
            name = name.removeprefix("declare ").removeprefix("bejelentés: ")
            assert name.split()[-1] in said, (name, said)
    finally:
        i18n.set_language("en")
