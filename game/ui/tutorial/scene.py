"""Tutorial overlay on the real Gears table (issue "Tutorial mode", part 2).

`TutorialTable` is the Gears table scene driven by a LessonRunner: every click becomes the same
Action the table would apply, but goes through `runner.submit`, which accepts only what the step
teaches. On top it dims everything but the highlighted thing (an area, a figure, a card, a
button, a line of sight, a panel), outlines it with an arrow, and shows the step's text in a
panel with Back / Next; a refusal is shown there with the rule it comes from. `LessonList` is
the "Learn to play" screen: the lessons with their progress.
"""
from __future__ import annotations

import pygame

from game.engine.protocol import Action
from game.i18n import _
from game.tutorial.library import adapter_for, lessons_for, rules_for
from game.tutorial.model import Highlight, Lesson
from game.tutorial.progress import Progress
from game.tutorial.runner import LessonRunner
from game.ui import widgets
from game.ui.gears.table_scene import GearsTable
from game.ui.scene import Context, Pop, Push, Scene

ARROW = (255, 214, 90)
DIM_ALPHA = 150


class TutorialTable(GearsTable):
    def __init__(self, ctx: Context, runner: LessonRunner, screen_size: tuple[int, int],
                 progress: Progress | None = None, title: str = "gears") -> None:
        self.runner = runner
        self.progress = progress
        self.game_title = title
        self.rules = rules_for(title)
        self.feedback = ""
        self.feedback_rule = ""
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_buttons: list[tuple[pygame.Rect, str]] = []
        self.los_cross: tuple[int, int] | None = None  # where the LOS gauge's cross was drawn (on the wall)
        super().__init__(ctx, runner.session, ["human"] * len(runner.state.players), screen_size,
                         save_path=None, animate=False)
        self.handoff = None

    def rules_context(self) -> tuple[str, str]:
        """For the F1 Rules tab: the rule of the refusal shown, else of the current step."""
        step = self.runner.step
        return self.game_title, self.feedback_rule or (step.rule if step else "")

    # ------------------------------------------------------------------ acting
    def submit(self, action: Action) -> bool:
        """The table's clicks end here: the lesson decides, the table shows what happened."""
        before = self._positions()
        fb = self.runner.submit(action)
        if not fb.accepted:
            self._refuse(fb.message, fb.rule)
            return False
        self.feedback, self.feedback_rule = "", ""
        self.message = ""
        self._take_events(list(fb.events), before)
        self._after_change()
        self._record()
        return True

    def _refuse(self, message: str, rule: str) -> None:
        self.feedback, self.feedback_rule = message, rule
        self.dirty = True

    def _after_change(self, first: bool = False) -> None:
        super()._after_change(first)
        self.handoff = None  # one learner plays every seat: no hot-seat screen

    def _record(self) -> None:
        if self.progress is not None:
            self.progress.record(self.game_title, self.runner.lesson.id, self.runner.index, self.runner.done)
            self.progress.save()

    def next_step(self) -> None:
        if not self.runner.next():
            step = self.runner.step
            if step is not None:
                self._refuse(_("This step waits for you to do what it says on the table."), step.rule)
            return
        self.feedback = ""
        self._after_change()
        self._record()

    def back_step(self) -> None:
        if self.runner.back():
            self.session = self.runner.session
            self.reset_log()
            self.feedback = ""
            self._board_key = None
            self._after_change()

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event):
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, what in self.panel_buttons:
                if rect.collidepoint(event.pos):
                    self._press = None
                    return self._panel_command(what)
            if self.panel_rect.collidepoint(event.pos):
                self._press = None
                return None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
                return self._panel_command("next")
            if event.key in (pygame.K_BACKSPACE, pygame.K_LEFT):
                return self._panel_command("back")
            if event.key == pygame.K_ESCAPE:
                return Pop()
            if event.key == pygame.K_r:
                return self.open_rule()
        return super().handle(event)

    def open_rule(self):
        """The help overlay's Rules tab at this step's (or this refusal's) rule."""
        from game.ui.overlays import HelpOverlay

        return Push(HelpOverlay(self.ctx, _(self.runner.lesson.title), self.shortcuts(), below=self))

    def _panel_command(self, what: str):
        if what == "next":
            if self.runner.done:
                return Pop()
            self.next_step()
        elif what == "back":
            self.back_step()
        elif what == "leave":
            return Pop()
        elif what == "rule":
            return self.open_rule()
        self.dirty = True
        return None

    def undo(self) -> None:
        self.back_step()

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        surface.set_clip(None)
        targets = self.highlight_rects()
        self._dim_around(surface, [r for r in targets if r.width > 0])
        for h, rect in zip(self.runner.highlights(), targets):
            self._draw_highlight(surface, h, rect)
        self._draw_panel(surface, targets)

    def highlight_rects(self) -> list[pygame.Rect]:
        """Screen rectangles of the step's highlights (what the dimming leaves clear)."""
        return [self._rect_of(h) for h in self.runner.highlights()]

    def _rect_of(self, h: Highlight) -> pygame.Rect:
        px = self.ctx.px
        st = self.state
        view = st.view()
        tgt = h.target[0]
        if h.kind in ("area", "hole"):
            area = st.holes[tgt]["area"] if tgt in st.holes else tgt
            if area in view.areas:
                pts = self._poly_screen(area)
                return pygame.Rect(_bounds(pts))
        if h.kind == "cover" and tgt in view.cover:
            x, y = self.screen_of_spot(tgt)
            return pygame.Rect(x - px(22), y - px(22), px(44), px(44))
        if h.kind == "figure" and (tgt in st.cogs or tgt in st.locusts):
            x, y = self.screen_of_figure(tgt)
            return pygame.Rect(x - px(30), y - px(30), px(60), px(60))
        if h.kind == "los" and len(h.target) == 2:
            a, b = (self._point_of(t) for t in h.target)
            if a and b:
                return pygame.Rect(_bounds([a, b])).inflate(px(60), px(60))
        if h.kind == "card":
            for card, rect in self.card_rects.items():
                if card.split("#")[0] == tgt:
                    return rect.inflate(px(8), px(8))
        if h.kind == "button":
            for rect, _label, what in self.buttons:
                kind = what.kind if isinstance(what, Action) else what
                if kind == tgt:
                    return rect.inflate(px(8), px(8))
        if h.kind == "panel":
            if tgt in ("hand", "weapons"):
                return self.hand_rect.copy()
            if tgt in ("turn", "mission"):
                return self.toolbar_rect.copy()
            return self.side_rect.copy()  # ai, log, squad: the side column
        return pygame.Rect(0, 0, 0, 0)  # not on screen now (the panel says so in words)

    def _point_of(self, ref: str) -> tuple[int, int] | None:
        st = self.state
        if ref in st.cogs or ref in st.locusts:
            return self.screen_of_figure(ref)
        if ref in st.view().areas:
            return self.screen_of_area(ref)
        return None

    def _dim_around(self, surface: pygame.Surface, holes: list[pygame.Rect]) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, DIM_ALPHA))
        for r in holes:
            shade.fill((0, 0, 0, 0), r.inflate(self.ctx.px(10), self.ctx.px(10)))
        surface.blit(shade, (0, 0))

    def _draw_highlight(self, surface: pygame.Surface, h: Highlight, rect: pygame.Rect) -> None:
        px = self.ctx.px
        if rect.width == 0:
            return
        if h.kind in ("area", "hole"):
            tgt = h.target[0]
            area = self.state.holes[tgt]["area"] if tgt in self.state.holes else tgt
            pygame.draw.polygon(surface, ARROW, self._poly_screen(area), px(4))
        elif h.kind in ("figure", "cover"):
            pygame.draw.circle(surface, ARROW, rect.center, rect.width // 2, px(4))
        elif h.kind == "los":
            self._draw_los(surface, h)
        else:
            pygame.draw.rect(surface, ARROW, rect, px(4), border_radius=px(8))
        if h.kind != "los":
            _arrow_to(surface, rect, ARROW, px)

    def _draw_los(self, surface: pygame.Surface, h: Highlight) -> None:
        """The LOS tool: a straight gauge between the two figures, green if one sees the other,
        red (with a cross) if a wall blocks every line (spec 3.5)."""
        from game.gears.rules.movement import los

        px = self.ctx.px
        a, b = (self._point_of(t) for t in h.target)
        if a is None or b is None:
            return
        pa = self.runner.adapter.figure_pos(self.state, h.target[0])
        pb = self.runner.adapter.figure_pos(self.state, h.target[1])
        sees = pa is not None and pb is not None and los(self.state.view(), pa, pb)
        colour = (90, 220, 110) if sees else (235, 70, 60)
        pygame.draw.line(surface, (20, 20, 20), a, b, px(9))
        pygame.draw.line(surface, colour, a, b, px(5))
        for p in (a, b):
            pygame.draw.circle(surface, colour, p, px(26), px(4))
        if not sees:
            self.los_cross = self._blocking_point(pa, pb, a, b) if pa is not None and pb is not None else None
            if self.los_cross is not None:  # on the wall that stops the sight, not in open ground
                mx, my = self.los_cross
                s = px(12)
                for dy in (-s, s):
                    pygame.draw.line(surface, (20, 20, 20), (mx - s, my + dy), (mx + s, my - dy), px(9))
                    pygame.draw.line(surface, colour, (mx - s, my + dy), (mx + s, my - dy), px(5))

    def _blocking_point(self, pa, pb, a, b) -> tuple[int, int] | None:
        """Where the cross goes: on the wall segment the board's LOS reports as the blocker
        (game/board/los.py LosResult.blocker, between the two places as the rules see them), at
        the point of it nearest the gauge drawn between the figures."""
        view = self.state.view()
        cover = view.cover
        sight = view.sight
        if pa[1] in cover and pb[1] in cover:
            result = sight.points(cover[pa[1]].point, cover[pb[1]].point)
        elif pa[1] in cover:
            result = sight.point_area(cover[pa[1]].point, pb[0])
        elif pb[1] in cover:
            result = sight.point_area(cover[pb[1]].point, pa[0])
        else:
            result = sight.areas(pa[0], pb[0])
        if result.blocker is None:
            return None
        u = self.camera.to_screen(float(result.blocker.a[0]), float(result.blocker.a[1]))
        v = self.camera.to_screen(float(result.blocker.b[0]), float(result.blocker.b[1]))
        return _nearest_on_segment(u, v, a, b)

    def _note_fits(self, w: int) -> bool:
        """"Do it on the table" fits between the Rule button and Back/Next in a box w wide."""
        px = self.ctx.px
        bw = min(px(110), (w - px(60)) // 3)
        return self.ctx.font(13).size(_("Do it on the table to go on."))[0] <= w - 2 * (bw + px(10)) - px(10) - px(124) - px(8)

    def _panel_place(self, height_at, targets: list[pygame.Rect]) -> pygame.Rect:
        """Where the lesson's text box goes: never over what the table shows to act on or to
        read (the attack panel with its mode buttons, the buttons in the map's view, the message
        line with a refusal: issue 21, lesson 3), and where it can, over none of the highlighted
        things either; else where it covers the least of them. When the map's view has no such
        place (a large UI scale), over the side panel below its tabs (it only informs).
        `height_at(w)`: the box's height at width w."""
        px, v = self.ctx.px, self.view_rect
        w = min(px(520), v.width - px(40))
        h = height_at(w)
        keep_clear = [p for p, _first in self.panels] + [r for r, _l, _w in self.buttons if v.colliderect(r)]
        if self.message_rect is not None:
            keep_clear.append(self.message_rect)
        spots = [(v.right - w - px(16), v.top + px(12)), (v.left + px(16), v.top + px(12)),
                 (v.right - w - px(16), v.bottom - h - px(12)), (v.left + px(16), v.bottom - h - px(12)),
                 (v.centerx - w // 2, v.bottom - h - px(12)), (v.centerx - w // 2, v.top + px(12))]
        cands = [pygame.Rect(x, y, w, h) for x, y in spots]
        side = self.side_rect
        if self.side_open and side.width > px(200):
            sw = side.width - px(16)
            cands.append(pygame.Rect(side.left + px(8), side.top + px(44), sw, min(height_at(sw), side.height - px(52))))

        def covered(cand: pygame.Rect, rects) -> int:
            return sum(cand.clip(r).width * cand.clip(r).height for r in rects if r.width)

        return min(cands, key=lambda c: (covered(c, keep_clear), covered(c, targets) > 0, cands.index(c)))

    def _draw_panel(self, surface: pygame.Surface, targets: list[pygame.Rect]) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        runner = self.runner
        step = runner.step
        body = ctx.font(16)
        if step is None:
            heading = _("Lesson complete!")
            text = _("Well done. Press Next to go back to the lessons.")
        else:
            heading = _("Step {n} of {total}").format(n=runner.index + 1, total=len(runner.lesson.steps))
            text = _(step.text)
        line_h = int(body.get_linesize() * 1.2)

        def content(w: int) -> tuple[list[str], list[str], int]:
            """The text's lines, the refusal's lines and the box's height at width w."""
            lines = widgets.wrap(" ".join(text.split()), body, w - px(40))
            extra: list[str] = []
            if self.feedback:
                extra = widgets.wrap(self.feedback, ctx.font(15, bold=True), w - px(40))
                rule = self.rules.get(self.feedback_rule) if self.feedback_rule else None
                if rule is not None:
                    extra += widgets.wrap(_("Rule {section}, {title}: {text}").format(
                        section=rule.section, title=_(rule.title), text=_(rule.text)), ctx.font(13), w - px(40))
            note = px(20) if step is not None and step.kind != "read" and not self._note_fits(w) else 0
            return lines, extra, px(110) + line_h * (len(lines) + len(extra)) + (px(12) if extra else 0) + note

        self.panel_rect = rect = self._panel_place(lambda w: content(w)[2], targets)
        lines, extra, _h = content(rect.width)
        widgets.panel(surface, ctx, rect)
        pygame.draw.rect(surface, ARROW, (rect.left, rect.top, rect.width, px(5)))
        step_w = widgets.text(surface, heading, ctx.font(13), pal.text_dim, (rect.right - px(20), rect.top + px(18)), "topright").width
        title = widgets.elide(_(runner.lesson.title), ctx.font(19, bold=True), rect.width - px(52) - step_w)
        widgets.text(surface, title, ctx.font(19, bold=True), pal.accent, (rect.left + px(20), rect.top + px(14)))
        y = rect.top + px(48)
        for line in lines:
            widgets.text(surface, line, body, pal.text, (rect.left + px(20), y))
            y += line_h
        if extra:
            y += px(8)
            for i, line in enumerate(extra):
                colour = pal.danger if i == 0 else pal.text_dim
                widgets.text(surface, line, ctx.font(15 if i == 0 else 13, bold=i == 0), colour, (rect.left + px(20), y))
                y += line_h
        self.panel_buttons = []
        bh = px(36)
        bw = min(px(110), (rect.width - px(60)) // 3)  # Rule, Back and Next in a row, even in a narrow box
        rule_w = min(px(90), bw)
        by = rect.bottom - bh - px(12)
        can_next = runner.done or (step is not None and step.kind == "read")
        for i, (label, what, enabled) in enumerate(((_("Back"), "back", runner.index > 0),
                                                    (_("Next"), "next", can_next))):
            r = pygame.Rect(rect.right - (2 - i) * (bw + px(10)) - px(10), by, bw, bh)
            fill = pal.accent if enabled and what == "next" else (52, 57, 66) if enabled else (36, 38, 44)
            pygame.draw.rect(surface, fill, r, border_radius=px(6))
            colour = pal.accent_text if enabled and what == "next" else (pal.text if enabled else pal.text_dim)
            widgets.text(surface, label, ctx.font(15, bold=True), colour, r.center, "center")
            self.panel_buttons.append((r, what))
        if self.rules_context()[1]:
            r = pygame.Rect(rect.left + px(20), by, rule_w, bh)
            pygame.draw.rect(surface, (52, 57, 66), r, border_radius=px(6))
            widgets.text(surface, _("Rule"), ctx.font(15, bold=True), pal.text, r.center, "center")
            self.panel_buttons.append((r, "rule"))
        if step is not None and step.kind != "read":
            note = _("Do it on the table to go on.")
            if not self._note_fits(rect.width):  # a narrow box: the note above the buttons
                widgets.text(surface, note, ctx.font(13), pal.text_dim, (rect.left + px(20), by - px(6)), "bottomleft")
            else:
                widgets.text(surface, note, ctx.font(13), pal.text_dim, (rect.left + px(124), by + bh // 2), "midleft")


def _nearest_on_segment(u, v, a, b) -> tuple[int, int]:
    """The point of segment u-v where the line a-b crosses it, or (when it does not) the point
    of u-v nearest that line."""
    (ux, uy), (vx, vy), (ax, ay), (bx, by) = u, v, a, b
    dx, dy, ex, ey = vx - ux, vy - uy, bx - ax, by - ay
    den = dx * ey - dy * ex
    if den:
        t = ((ax - ux) * ey - (ay - uy) * ex) / den
    else:
        t = 0.5
    t = max(0.0, min(1.0, t))
    return round(ux + t * dx), round(uy + t * dy)


def _bounds(points) -> tuple[int, int, int, int]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))


def _arrow_to(surface: pygame.Surface, rect: pygame.Rect, colour, px) -> None:
    """A fat arrow from outside pointing at the rectangle's top edge (or bottom near the top)."""
    tip = (rect.centerx, rect.top - px(8))
    direction = -1
    if rect.top < px(140):
        tip, direction = (rect.centerx, rect.bottom + px(8)), 1
    length = px(64)
    tail = (tip[0], tip[1] + direction * length)
    pygame.draw.line(surface, (20, 20, 20), tail, tip, px(11))
    pygame.draw.line(surface, colour, tail, tip, px(6))
    s = px(16)
    head = [tip, (tip[0] - s, tip[1] + direction * s), (tip[0] + s, tip[1] + direction * s)]
    pygame.draw.polygon(surface, (20, 20, 20), head, px(3))
    pygame.draw.polygon(surface, colour, head)


class LessonList(Scene):
    """Learn to play: the title's lessons in order, each with its length and a tick when done."""

    opaque = True

    def __init__(self, ctx: Context, title: str = "gears") -> None:
        super().__init__(ctx)
        self.game_title = title
        self.adapter = adapter_for(title)
        self.lessons: list[Lesson] = lessons_for(title, self.adapter)
        self.progress = Progress.load()
        if self.progress.notice:
            ctx.notices.append(self.progress.notice)
        self.rows: list[tuple[pygame.Rect, Lesson]] = []
        self.hovered: str | None = None

    @property
    def title(self) -> str:
        return _("Learn to play")

    def open(self, lesson: Lesson):
        runner = LessonRunner(lesson, self.adapter)
        size = pygame.display.get_surface().get_size()
        return Push(TutorialTable(self.ctx, runner, size, self.progress, self.game_title))

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type == pygame.MOUSEMOTION:
            hit = next((les.id for r, les in self.rows if r.collidepoint(event.pos)), None)
            if hit != self.hovered:
                self.hovered, self.dirty = hit, True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, les in self.rows:
                if r.collidepoint(event.pos):
                    return self.open(les)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        surface.fill(pal.table)
        w = min(surface.get_width() - px(60), px(820))
        left = (surface.get_width() - w) // 2
        widgets.text(surface, _("Learn to play Gears of War"), ctx.font(30, bold=True), pal.accent, (left, px(30)))
        widgets.text(surface, _("Short lessons on the real rules. Each takes a few minutes."), ctx.font(16),
                     pal.text_dim, (left, px(76)))
        self.rows = []
        y = px(120)
        row_h = min(px(62), (surface.get_height() - y - px(30)) // max(1, len(self.lessons)))
        for les in self.lessons:
            r = pygame.Rect(left, y, w, row_h - px(6))
            hovered = self.hovered == les.id
            pygame.draw.rect(surface, (60, 66, 78) if hovered else (40, 44, 52), r, border_radius=px(8))
            done = self.progress.is_done(self.game_title, les.id)
            mark = "\u2713" if done else f"{les.order}"
            widgets.text(surface, mark, ctx.font(20, bold=True), (110, 210, 120) if done else pal.text_dim,
                         (r.left + px(26), r.centery), "center")
            widgets.text(surface, _(les.title), ctx.font(18, bold=True), pal.text, (r.left + px(54), r.top + px(6)))
            widgets.text(surface, _(les.summary), ctx.font(13), pal.text_dim, (r.left + px(54), r.top + px(30)))
            widgets.text(surface, _("{n} min").format(n=les.minutes), ctx.font(14), pal.text_dim,
                         (r.right - px(16), r.centery), "midright")
            self.rows.append((r, les))
            y += row_h
