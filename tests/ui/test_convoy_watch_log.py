"""Watch mode (bots on both seats): the log read 'You draw …' for whichever bot decided, while
the hand at the bottom is always the Outpost's. The watcher reads the log as the Outpost's seat,
the hand it is shown: the Outpost's draws by side and name ('Outpost draws Sniper.'), Moloch's
counted only ('Moloch draws 2 cards.'), and no 'You draw' anywhere."""
from __future__ import annotations

import pytest

from game import i18n
from game.convoy.rules.title import ConvoyTitle
from game.convoy.rules.words import card_name
from game.engine.session import Session
from game.i18n import _
from game.ui.convoy.table_scene import ConvoyTable
from game.ui.convoy.words import side_name


def watched(app, actions=40):
    session = Session.start(ConvoyTitle(), "standard", seed=5, options={})
    table = ConvoyTable(app.ctx, session, ["bot", "bot"], (1280, 720), bot_delay_ms=0)
    table.animate = False
    app.push(table)
    for _i in range(4000):
        if len(session.actions) >= actions or session.is_over():
            break
        app.step()
    assert len(session.actions) >= actions
    return table


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_watch_log_names_the_side_and_shows_only_the_outposts_cards(make_app, lang):
    app = make_app((1280, 720))
    i18n.set_language(lang)
    table = watched(app)
    lines = list(table.log)
    you_draw = _("You draw {card}.").split("{")[0]
    assert not any(you_draw and line.startswith(you_draw) for line in lines), lines
    names = {card_name(table._defn(u).name) for u in range(len(table.state.ids))}
    outpost = side_name("outpost") + " "
    assert any(line.startswith(outpost) and any(n in line for n in names) for line in lines), lines
    # Moloch drew cards too, and its seat's private lines (its draws) are not read by the watcher.
    moloch_private = [i for i, (_t, who) in enumerate(table._log) if who is not None and "moloch" in who]
    assert moloch_private
    assert table.log_reader == "outpost"
    read = {table._line(i) for i in moloch_private}
    assert not read & set(lines)
