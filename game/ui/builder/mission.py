"""The builder's mission panel: how a built Gears map is played (game/gears/custom.py).

A card over the table with the map's name and size and the mission: player count, goal
(reach the exit, or hold out for N Locust activations) and the Locust mix (enemies for slots
A, B and C, gears 7.5). Save writes the map (if needed) and NAME.mission.toml beside it, through
custom.save_draft, so the panel can only write what load_mission accepts; its problems are
shown in the card.

The panel keeps only view state and the draft; the scene (scene.py) owns the builder, the map
path and saving. State tests read: `draft`, `controls` (key -> Control), `problems`, `editing`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from game.board.builder import SIZES
from game.gears.custom import GOALS, SLOTS, MissionDraft, enemy_names
from game.i18n import _
from game.ui import widgets

ACCENT_OK = (90, 200, 120)
ERROR = (226, 74, 51)
MAX_NAME = 48
MAX_ACTIVATIONS = 40


@dataclass
class Control:
    key: str
    rect: pygame.Rect
    label: str
    enabled: bool = True
    selected: bool = False


class MissionPanel:
    def __init__(self, draft: MissionDraft, problems: list[str] | None = None) -> None:
        self.draft = draft
        self.problems: list[str] = list(problems or [])
        self.note = ""  # the last save's result
        self.editing = False  # the name field has the keyboard
        self.name_text = draft.name
        self.controls: dict[str, Control] = {}
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover: str | None = None
        self._enemies = enemy_names()

    # -- editing ------------------------------------------------------------------------------
    def enemies(self) -> list[str]:
        return list(self._enemies)

    def enemy_label(self, enemy: str) -> str:
        return self._enemies.get(enemy, enemy)

    def step_enemy(self, slot: str, step: int) -> None:
        ids = self.enemies()
        now = self.draft.locust(slot)
        i = ids.index(now) if now in ids else 0
        self.draft = self.draft.with_locust(slot, ids[(i + step) % len(ids)])

    def press(self, key: str) -> str | None:
        """Apply a control; returns what the scene must do ('save', 'close', 'size<', 'size>',
        'name') or None."""
        d = self.draft
        if key != "name" and self.editing:
            self.commit_name()
        if key == "players-":
            self.draft = replace(d, players=max(1, d.players - 1))
        elif key == "players+":
            self.draft = replace(d, players=min(4, d.players + 1))
        elif key.startswith("goal:"):
            self.draft = replace(d, goal=key[5:])
        elif key == "act-":
            self.draft = replace(d, activations=max(1, d.activations - 1))
        elif key == "act+":
            self.draft = replace(d, activations=min(MAX_ACTIVATIONS, d.activations + 1))
        elif len(key) == 2 and key[0] in SLOTS and key[1] in "<>":
            self.step_enemy(key[0], -1 if key[1] == "<" else 1)
        elif key == "name":
            self.editing = True
            return None
        else:
            return key
        self.note = ""
        return None

    def commit_name(self) -> None:
        self.editing = False
        name = self.name_text.strip() or self.draft.name
        self.name_text = name
        self.draft = replace(self.draft, name=name)

    def type_text(self, text: str) -> None:
        self.name_text = (self.name_text + text)[:MAX_NAME]

    def backspace(self) -> None:
        self.name_text = self.name_text[:-1]

    # -- layout and drawing --------------------------------------------------------------------
    def layout(self, ctx, view: pygame.Rect) -> None:
        px = ctx.px
        w = min(px(560), view.width - px(40))
        h = min(px(600), view.height - px(30))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = view.center
        x0 = self.rect.left + px(22)
        # The labels' column as wide as its longest label in the reader's language (Greek
        # 'Ενεργοποιήσεις Locust' ran into its row's '−' at 170 px), at most 45% of the panel.
        words = {"name": _("Name"), "size": _("Map size"), "players": _("Players"), "goal": _("Goal"),
                 "act": _("Locust activations"), **{slot: _("Locust {slot}").format(slot=slot) for slot in SLOTS}}
        label_w = min(max(px(170), max(ctx.font(15).size(word)[0] for word in words.values()) + px(14)), w * 45 // 100)
        self._label_w = label_w
        cx = x0 + label_w  # controls column
        cw = self.rect.right - px(22) - cx
        bh = px(34)
        y = self.rect.top + px(64)
        # The rows close up (not below a button and a gap) to leave three lines for the save's
        # problems above the buttons: at 125% in 1280x720 the rows reached the buttons, and a
        # refused save ('name the mission', 'a door token on an exit') said nothing at all.
        buttons_top = self.rect.bottom - px(22) - bh - px(4) - px(6)
        reserve = 3 * ctx.font(13).get_linesize() + px(8)
        row = min(px(44), max(bh + px(4), (buttons_top - reserve - y - px(8)) // 8))
        d = self.draft
        c: dict[str, Control] = {}

        def stepper(prefix: str, minus: str, plus: str, value: str, enabled: bool = True) -> None:
            c[prefix + minus] = Control(prefix + minus, pygame.Rect(cx, y, bh, bh), "\u2212" if minus == "-" else "\u25c0", enabled)
            c[prefix + plus] = Control(prefix + plus, pygame.Rect(cx + cw - bh, y, bh, bh), "+" if plus == "+" else "\u25b6", enabled)
            c[prefix + "="] = Control(prefix + "=", pygame.Rect(cx + bh + px(6), y, cw - 2 * bh - px(12), bh), value, enabled)

        self.rows: list[tuple[str, int]] = []
        self.rows.append((words["name"], y))
        c["name"] = Control("name", pygame.Rect(cx, y, cw, bh), self.name_text, True, self.editing)
        y += row
        self.rows.append((words["size"], y))
        self._size_y = y
        y += row
        self.rows.append((words["players"], y))
        stepper("players", "-", "+", str(d.players))
        y += row
        self.rows.append((words["goal"], y))
        half = (cw - px(6)) // 2
        labels = {"reach_exit": _("Reach the exit"), "hold_out": _("Hold out")}
        for i, goal in enumerate(GOALS):
            c["goal:" + goal] = Control("goal:" + goal, pygame.Rect(cx + i * (half + px(6)), y, half, bh), labels[goal], True, d.goal == goal)
        y += row
        self.rows.append((words["act"], y))
        stepper("act", "-", "+", str(d.activations), d.goal == "hold_out")
        y += row + px(8)
        for slot in SLOTS:
            self.rows.append((words[slot], y))
            stepper(slot, "<", ">", self.enemy_label(d.locust(slot)))
            y += row
        self._problems_y = y + px(4)
        # Each button as wide as its word needs (Greek 'Αποθήκευση αποστολής' overflowed 170 px).
        bold = ctx.font(15, bold=True)
        close_w, save_w = (max(px(170), bold.size(word)[0] + px(28)) for word in (_("Close"), _("Save mission")))
        by = self.rect.bottom - px(22) - bh - px(4)
        c["close"] = Control("close", pygame.Rect(self.rect.right - px(22) - close_w, by, close_w, bh + px(4)), _("Close"))
        c["save"] = Control("save", pygame.Rect(c["close"].rect.left - px(12) - save_w, by, save_w, bh + px(4)), _("Save mission"), True, True)
        self._bottom = by - px(6)
        self.controls = c

    @staticmethod
    def size_word(size: str) -> str:
        """A map size's word in the language in use (the map keeps the English key)."""
        return {"small": _("small"), "medium": _("medium"), "large": _("large")}.get(size, size)

    def set_size_controls(self, ctx, size: str) -> None:
        """The map size row edits the builder's map metadata, not the draft (the scene applies it)."""
        px = ctx.px
        cx = self.rect.left + px(22) + self._label_w
        cw = self.rect.right - px(22) - cx
        bh = px(34)
        y = self._size_y
        self.controls["size<"] = Control("size<", pygame.Rect(cx, y, bh, bh), "\u25c0")
        self.controls["size>"] = Control("size>", pygame.Rect(cx + cw - bh, y, bh, bh), "\u25b6")
        label = self.size_word(size)
        self.controls["size="] = Control("size=", pygame.Rect(cx + bh + px(6), y, cw - 2 * bh - px(12), bh), label)

    @staticmethod
    def label_lines(ctx, ctl: Control) -> list[tuple[str, tuple[pygame.font.Font, tuple[int, int]]]]:
        """A button's label: one line at the largest size that fits (15 down to 12), else two
        lines at 12 where they fit the button's height, else one line cut with an ellipsis. At
        125% in 1280x720 the Greek goal 'Φτάστε στην έξοδο' was cut to 'Φτάστε στην έξ…'."""
        px = ctx.px
        room = ctl.rect.width - px(14)
        for n in (15, 14, 13, 12):
            f = ctx.font(n, bold=True)
            if f.size(ctl.label)[0] <= room:
                return [(ctl.label, (f, ctl.rect.center))]
        f = ctx.font(12, bold=True)
        two = widgets.wrap(ctl.label, f, room)
        step = f.get_linesize()
        if len(two) == 2 and 2 * step <= ctl.rect.height:
            cx, cy = ctl.rect.center
            return [(two[0], (f, (cx, cy - step // 2))), (two[1], (f, (cx, cy + step - step // 2)))]
        return [(widgets.elide(ctl.label, f, ctl.rect.width - px(8)), (f, ctl.rect.center))]

    def hit(self, pos: tuple[int, int]) -> str | None:
        for key, ctl in self.controls.items():
            if ctl.enabled and not key.endswith("=") and ctl.rect.collidepoint(pos):
                return key
        return None

    def draw(self, surface: pygame.Surface, ctx) -> None:
        pal, px = ctx.palette, ctx.px
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        widgets.panel(surface, ctx, self.rect)
        pygame.draw.rect(surface, pal.accent, self.rect, max(1, px(2)), border_radius=px(6))
        x0 = self.rect.left + px(22)
        widgets.text(surface, _("Mission"), ctx.font(21, bold=True), pal.text, (x0, self.rect.top + px(16)), shadow=True)
        sub = ctx.font(13).render(_("how this map is played"), True, pal.text_dim)
        surface.blit(sub, sub.get_rect(topright=(self.rect.right - px(22), self.rect.top + px(24))))
        label_font = ctx.font(15)
        for label, y in self.rows:
            widgets.text(surface, label, label_font, pal.text_dim, (x0, y + px(17)), "midleft")
        font = ctx.font(15, bold=True)
        for key, ctl in self.controls.items():
            value = key.endswith("=") or key == "name"
            hot = self.hover == key and ctl.enabled and not key.endswith("=")
            if key == "name":
                fill = (30, 33, 40)
            elif value:
                fill = (36, 40, 48)
            elif ctl.selected or hot:
                fill = pal.accent
            else:
                fill = (52, 57, 66)
            edge = pal.accent if (ctl.selected or hot) else (92, 98, 110)
            pygame.draw.rect(surface, fill, ctl.rect, border_radius=px(6))
            pygame.draw.rect(surface, edge, ctl.rect, 1, border_radius=px(6))
            if not ctl.enabled:
                colour = pal.text_dim
            elif (ctl.selected or hot) and key != "name":
                colour = pal.accent_text
            else:
                colour = pal.text
            if key == "name":
                shown = self.name_text + ("|" if self.editing else "")
                while shown and font.size(shown)[0] > ctl.rect.width - px(16):
                    shown = shown[1:]
                widgets.text(surface, shown, font, colour, (ctl.rect.left + px(8), ctl.rect.centery), "midleft")
            else:  # a smaller size where the word needs it (Greek 'Φτάστε στην έξοδο' met the edges)
                for line, at in self.label_lines(ctx, ctl):
                    widgets.text(surface, line, at[0], colour, at[1], "center")
        # problems of the last save (or of the mission file found beside the map)
        y = self._problems_y
        small = ctx.font(13)
        width = self.rect.width - px(44)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        for p in self.problems:
            lines += [(line, ERROR) for line in widgets.wrap(str(p), small, width)]
        if self.note:
            lines += [(line, ACCENT_OK) for line in widgets.wrap(self.note, small, width)]
        for line, colour in lines:
            if y + small.get_linesize() > self._bottom:
                break
            widgets.text(surface, line, small, colour, (x0, y))
            y += small.get_linesize()
