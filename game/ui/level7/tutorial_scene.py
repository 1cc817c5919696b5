"""The Level 7 table under the lesson overlay (game/ui/tutorial/scene.py: TutorialTable): where a
lesson's tiles, figures and door arrows are on screen. Level 7 has no line of sight (tiles are
joined by doors, spec 3.2), so a lesson has no LOS highlight."""
from __future__ import annotations

import pygame

from game.tutorial.model import Highlight
from game.ui.level7.table_scene import Level7Table
from game.ui.tutorial.scene import TutorialTable


class Level7TutorialTable(TutorialTable, Level7Table):
    START_VIEW = False  # each lesson's map framed whole: its text names tiles anywhere on it

    def lesson_rect(self, h: Highlight) -> pygame.Rect | None:
        """`area` a placed tile, `figure` a character or an enemy ("guard1"), `door` a door's
        arrow as "tile:edge:slot" ("tank_farm:N:0"), `button = "placement:2"` the placement card
        turned twice (`"placement"`: every card)."""
        px = self.ctx.px
        tgt = h.target[0]
        if h.kind == "area" and tgt in self._placed_names():
            return self._screen_rect(self._tile_rect(tgt))
        if h.kind == "figure":
            spot = self._figure_spots().get(tgt)
            if spot is None:
                return None
            x, y = self.camera.to_screen(*spot)
            r = self._token_radius() + px(6)
            return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)
        if h.kind == "door":
            tile, _sep, rest = tgt.partition(":")
            edge, _sep, slot = rest.partition(":")
            if tile not in self._placed_names() or not slot.isdigit():
                return None
            x, y = self.camera.to_screen(*self._door_point(tile, (edge, int(slot))))
            size = px(52)
            return pygame.Rect(round(x) - size // 2, round(y) - size // 2, size, size)
        if h.kind == "button" and tgt.partition(":")[0] == "placement":
            turns = tgt.partition(":")[2]
            rects = [r for r, i in self.option_rects
                     if i < len(self.actions) and (not turns or str(self.actions[i].payload.get("turns")) == turns)]
            return rects[0].unionall(rects[1:]) if rects else None
        return None

    def lesson_keep_clear(self) -> list[pygame.Rect]:
        """The tiles' name bands and the figures: an arrow pointing down at a figure near a
        tile's top ran through the tile's name (lessons 3 and 7: 'Tank Farm', 'A-Lift') and
        over the character standing above it."""
        figures = self._figure_sprites()
        doors = []  # the explore arrows with their '?' (an arrow at the Tank Farm lay over one)
        if self._mine() and self._pending_kind() is None:
            doors = [self._arrow_bound(tuple(a.payload["door"])) for a in self.actions if a.kind == "explore"]
        return [sp.rect for sp in self._label_sprites(figures)] + [self._figure_body(sp) for sp in figures] + doors

    def lesson_focus(self) -> list[pygame.Rect]:
        """The active character's tile: the lessons speak of it ("Corridor 101-A has no event
        icon") and the text box hid it, the figure on it too."""
        ch = self.state.characters.get(self.state.turn.player)
        if ch is None or ch.tile not in self._placed_names():
            return []
        return [self._screen_rect(self._tile_rect(ch.tile))]

    def lesson_rebuilt(self) -> None:
        self.selected, self.walk, self.card_kind = None, [], ""
        self._framed = -1
