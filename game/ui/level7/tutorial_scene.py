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

    MAP_HIGHLIGHTS = ("area", "figure", "door")

    def lesson_make_room(self, box: pygame.Rect) -> None:
        """At 125% in 1280x720 the view is 868 by 393 and a step's box 650 by 334: wherever it
        went it lay over the whole small map, the tile or figure the step names under it (lesson
        2's Holding Cells, lesson 6's knocked-out character). The map is framed whole in the
        largest part of the view the box leaves free (the camera's view narrowed to it, the
        view's frame unchanged); a new step gets the whole view back. Twice a step at most: the
        box may move once the map has."""
        px, v = self.ctx.px, self.view_rect
        key = (self.runner.lesson.id, self.runner.index, tuple(v))
        if getattr(self, "_room_key", None) != key:
            self._room_key, self._room_tries = key, 0
            if tuple(self.camera.view) != tuple(v):  # the step before had the map beside its box
                self.camera.view = tuple(v)  # type: ignore[assignment]
                self.camera.fit()
                self._room_redraw = True
                return
        if self._room_tries >= 2:
            return
        targets = [self.lesson_rect(h) for h in self.runner.highlights() if h.kind in self.MAP_HIGHLIGHTS]
        if not any(t is not None and t.width and box.colliderect(t) for t in targets):
            return
        gap = px(12)
        strips = [pygame.Rect(v.left, v.top, box.left - gap - v.left, v.height),
                  pygame.Rect(box.right + gap, v.top, v.right - box.right - gap, v.height),
                  pygame.Rect(v.left, v.top, v.width, box.top - gap - v.top),
                  pygame.Rect(v.left, box.bottom + gap, v.width, v.bottom - box.bottom - gap)]
        free = max(strips, key=lambda r: min(r.width, r.height * 2) if r.width > 0 and r.height > 0 else 0)
        if free.width < px(140) or free.height < px(120):
            return
        # What the step points at and the tile it speaks of (the active character's), in map
        # pixels, framed in the free part at the zoom that holds them (no closer than 1:1).
        shown = [t for t in targets if t is not None and t.width] + self.lesson_focus()
        whole = shown[0].unionall(shown[1:]).inflate(px(24), px(24))
        cam = self.camera
        (x0, y0), (x1, y1) = cam.to_map(*whole.topleft), cam.to_map(*whole.bottomright)
        zoom = min(free.width * 0.92 / max(1.0, x1 - x0), free.height * 0.92 / max(1.0, y1 - y0), 1.0)
        self._room_tries += 1
        cam.view = tuple(free)  # type: ignore[assignment]
        cam.fit_zoom = zoom
        cam.center_on((x0 + x1) / 2, (y0 + y1) / 2)
        self._room_redraw = True

    def update(self, dt_ms: int) -> None:
        super().update(dt_ms)
        if getattr(self, "_room_redraw", False):  # the map moved while a frame was drawn: the next one shows it
            self._room_redraw = False
            self.dirty = True

    def lesson_rebuilt(self) -> None:
        self.selected, self.walk, self.card_kind = None, [], ""
        self._framed = -1
