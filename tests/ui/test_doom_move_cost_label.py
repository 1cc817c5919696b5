"""The move's cost ('3 MP') beside the square the pointer is on: it stood above the square
whatever lay there, over door D3's plate and over the Green marine's token (Greek, 1280x720).
It goes above, else below, right or left, the first place clear of the other tokens and the
doors' plates."""
from __future__ import annotations

from game.ui.kit import shapes
from tests.ui import test_ui_scale as U


def test_the_move_cost_keeps_off_the_token_above_the_square_at_125_percent(make_app):
    from dataclasses import replace

    from game.ui.scene import ChangeSettings

    app = make_app(U.SIZE)
    app.apply(ChangeSettings(replace(app.ctx.settings, ui_scale=1.25)))
    table = U.doom_table(app, seats=("human", "human"))
    st = table.state
    table.submit(next(a for a in table.session.legal_actions() if a.kind == "declare" and a.payload["action"] == "run"))
    app.run(max_frames=1)
    seen = table._seen_cells()
    # a square the marine may reach with a token right above it (the other marine, a marker)
    tokens = table._token_squares()
    mine = st.marines[st.seats[st.seat]].cell
    cell = next(c for c in table.choices.squares if table.choices.squares[c][0].kind == "move"
                and (c[0], c[1] - 1) in tokens and (c[0], c[1] - 1) != mine)
    table.hover_cell = cell
    plan = table._make_guide(seen)
    (label,) = [s for s in plan if s[0] == "label"]
    rect = shapes.bound((label,))[0].inflate(-2, -2)  # bound() is a few pixels generous
    above = table._cell_rect((cell[0], cell[1] - 1))
    assert not rect.colliderect(above), (rect, above)
    assert table.view_rect.contains(rect)
