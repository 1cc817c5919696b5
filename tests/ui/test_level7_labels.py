"""Level 7's tile names stay clear of the figures' tokens. A name is drawn under the figures, so
a name set under a token is hidden: at 1920x1080 (zoom 0.32) 'Observation Room', on a tile 101
px square with Subject 2 along its top and two clones along its bottom, lay under Subject 2's
disc ('O…ervation'), every place on the tile covering a figure or a printed icon, and the icons
were kept clear first. The figures now come first, and where no place on the tile is clear of
them the name goes just outside it, where no tile lies (Level7Table._label_outside). Three
player bots, scenario 1, seed 2, in Hungarian: after each of their first 40 actions, no name in
the view lies over a figure, a marker or an item badge, nor over another name."""
from __future__ import annotations

import math

import pygame

from game import i18n
from game.engine.session import Session
from game.level7.player_bot import PlayerBot
from game.level7.rules.title import Level7Title
from game.ui.level7.table_scene import MARK_KINDS, Level7Table


def _overlaps(box: pygame.Rect, rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rects that cover more than a corner of `box`."""
    return [q for q in rects if box.clip(q).width >= 4 and box.clip(q).height >= 4]


def _under(box: pygame.Rect, x: float, y: float, r: float) -> bool:
    """`box` lies over the round token of middle (x, y) and radius r."""
    return math.hypot(max(0.0, abs(x - box.centerx) - box.width / 2), max(0.0, abs(y - box.centery) - box.height / 2)) < r


def test_no_tile_name_lies_under_a_figure_or_a_token(make_app):
    size = (1920, 1080)
    app = make_app(size)
    i18n.set_language("hu")
    try:
        session = Session.start(Level7Title(), "s1", 2, {"players": 3})
        table = Level7Table(app.ctx, session, ["bot", "bot", "bot"], size, None, animate=False)
        table.bot_delay_ms = 10 ** 9  # the test plays for them
        app.push(table)
        app.run(max_frames=1)
        bots: dict[str, PlayerBot] = {}
        problems = []
        for step in range(40):
            if session.is_over():
                break
            bot = bots.setdefault(session.decider, PlayerBot(2 + len(bots)))
            session.apply(bot.decide(session.state, session.legal_actions()).action)
            table.state_version += 1
            table.anims, table.steps = [], []  # no slide nor step on show: the figures where they stand
            table.update_choices()
            app.run(max_frames=1)
            table.dirty = True
            app.run(max_frames=1)
            st, r = table.state, table._token_radius()
            figures = table._figure_sprites()
            discs = [f.key[1:4] for f in figures]  # each figure's middle and radius
            tokens = []
            for tile in table._placed_names():
                n = sum(st.tokens.get(k, []).count(tile) for k in MARK_KINDS)
                rr = table._mark_radius(tile)
                tokens += [pygame.Rect(x - rr, y - rr, 2 * rr, 2 * rr) for x, y in table._mark_spots(tile, n)]
                if st.floor_items.get(tile):
                    badge = pygame.Rect(0, 0, r * 3, r * 2)
                    badge.center = table.camera.to_screen(*table._item_spot(tile))
                    tokens.append(badge)
            labels = [sp.rect.inflate(-4, -4) for sp in table._label_sprites(figures)]
            for i, box in enumerate(labels):
                if not table.view_rect.contains(box):
                    continue
                others = labels[:i] + labels[i + 1:]
                if any(_under(box, *disc) for disc in discs):
                    problems.append((step, "figure", tuple(box)))
                for what, rects in (("token", tokens), ("name", others)):
                    if _overlaps(box, rects):
                        problems.append((step, what, tuple(box)))
        assert problems == []
    finally:
        i18n.set_language("en")
