"""Tutorial overlay on a title's real table (issue "Tutorial mode", part 2; issue 13 for Doom).

`TutorialTable` is mixed into a title's table scene (game/ui/<title>/tutorial_scene.py, named by
the `tutorial_scene` of the title's UI entry module): the table is driven by a LessonRunner, and
every click becomes the same Action the table would apply, but goes through `runner.submit`,
which accepts only what the step teaches. On top it dims everything but the highlighted thing
(an area, a figure, a square, a door, a card, a button, a line of sight, a panel), outlines it
with an arrow, and shows the step's text in a panel with Back / Next; a refusal is shown there
with the rule it comes from. What lies where on the map is the title's (`lesson_rect`,
`los_points`, `draw_lesson_highlight`); cards, buttons and panels are the shared table's.
`LessonList` is the "Learn to play" screen: each title's lessons with their progress.
"""
from __future__ import annotations

import math

import pygame

from game import titles
from game.engine.protocol import Action
from game.i18n import _
from game.tutorial.library import adapter_for, lessons_for, rules_for, with_lessons
from game.tutorial.model import Highlight, Lesson
from game.tutorial.progress import Progress
from game.tutorial.protocol import LessonBroken
from game.tutorial.runner import LessonRunner
from game.ui import widgets
from game.ui.kit.hand import as_drawn
from game.ui.scene import Context, Pop, Push, Scene

ARROW = (255, 214, 90)
DIM_ALPHA = 150


def button_named(what, target: str) -> bool:
    """A lesson's button highlight "kind:choice" names this button's action: "declare:run" (one
    of its payload's values), "reroll:dice=1" (a payload key's value, or one of its items)."""
    kind, sep, choice = str(target).partition(":")
    if not sep or not isinstance(what, Action) or what.kind != kind:
        return False
    key, eq, value = choice.partition("=")
    if not eq:
        return choice in (str(v) for v in what.payload.values())
    got = what.payload.get(key)
    return value in (str(x) for x in (got if isinstance(got, (list, tuple)) else [got]))


class TutorialTable:
    """The lesson overlay, mixed in before a title's GameTable subclass:
    `class GearsTutorialTable(TutorialTable, GearsTable)`."""

    def __init__(self, ctx: Context, runner: LessonRunner, screen_size: tuple[int, int],
                 progress: Progress | None = None, title: str = "") -> None:
        self.runner = runner
        self.progress = progress
        self.game_title = title or getattr(self, "key", "")
        self.rules = rules_for(self.game_title)
        self.feedback = ""
        self.feedback_rule = ""
        self._refusals = 0  # refusals said so far (a click that adds none puts the last away)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_compact = False  # the text box drawn compact (_panel_place)
        self.panel_buttons: list[tuple[pygame.Rect, str]] = []
        self.los_cross: tuple[int, int] | None = None  # where the LOS gauge's cross was drawn (on the wall)
        self._shade: tuple | None = None  # (key, sheet) of the dimming around the highlights
        seats = ["human"] * len(self.saves.players(runner.state))  # the learner plays every seat
        super().__init__(ctx, runner.session, seats, screen_size, save_path=None, animate=False)
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
            # The half-made choice that led here (a card raised with "how will you use it?", a
            # weapon being aimed) is dropped with it: it stayed lit over the next steps' words.
            self.cancel()
            self._refuse(fb.message, fb.rule)
            return False
        self.feedback, self.feedback_rule = "", ""
        self.message = ""
        self._take_events(list(fb.events), before)
        self._after_change()
        self._record()
        return True

    def may_prepare(self, action: Action) -> bool:
        """A click that would open an action's panel (Level 7's attack preview on a lit guard,
        while the step wants the turn ended: the panel hid the End button) says the step's
        reason instead, when the step would refuse that action."""
        refusal = self.runner.refusal(action)
        if refusal is None:
            return super().may_prepare(action)
        self.cancel()
        self._refuse(*refusal)
        return False

    def _refuse(self, message: str, rule: str) -> None:
        self.feedback, self.feedback_rule = message, rule
        self._refusals += 1
        self.dirty = True

    def _after_change(self, first: bool = False) -> None:
        super()._after_change(first)
        self.handoff = None  # one learner plays every seat: no hot-seat screen
        # A step that points at a side section shows it when the panel has room for one at a
        # time (side_tab is read only then): Gears' "The Locust AI card was drawn" lit the
        # column with its Stage tab open, the card out of sight (125% in 1280x720); Doom's "the log
        # says..." lit the whole column over the Marines tab.
        panels = [PANEL_SECTIONS.get(h.target[0], h.target[0]) for h in self.runner.highlights() if h.kind == "panel"]
        shown = next((p for p in panels if p in self.SIDE_TABS), None)
        if shown is not None:
            self.side_tab = shown

    def _record(self) -> None:
        if self.progress is not None:
            self.progress.record(self.game_title, self.runner.lesson.id, self.runner.index, self.runner.done)
            problem = self.progress.save()  # the lesson goes on; said once, at the foot of Learn to play
            if problem is not None:
                self.ctx.notices.append(problem)

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
            self.lesson_rebuilt()
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
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.feedback:
            said = self._refusals
            got = super().handle(event)
            if self._refusals == said:
                # The click was taken (the card the step wants raised): the refusal is past. It
                # stayed in red with its rule, the box at its largest over the map (Gears
                # lesson 8 at 125% in 1280x720), through the step's next clicks.
                self.feedback, self.feedback_rule = "", ""
                self.dirty = True
            return got
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

    def next_lesson(self) -> Lesson | None:
        """The lesson after this one in the title's list (None after the last)."""
        if not hasattr(self, "_next_lesson"):
            order = self.runner.lesson.order
            later = [les for les in lessons_for(self.game_title, self.runner.adapter, problems=[]) if les.order > order]
            self._next_lesson = min(later, key=lambda les: les.order) if later else None
        return self._next_lesson

    def end_words(self) -> str:
        """The end panel's words: what the lesson taught (its line in the list) and where to go
        next. "Well done. Press Next to go back to the lessons." said neither: a lesson whose last
        step was an action (Doom's attack lesson) ended on an order and that line."""
        learned = _("In this lesson: {summary}").format(summary=_(self.runner.lesson.summary))
        later = self.next_lesson()
        if later is None:
            where = _("That was the last lesson of {game}. Press Next to go back to the lessons.").format(
                game=titles.get(self.game_title).name)
        else:
            where = _("Next: lesson {n}, “{title}”. Press Next to go back to the lessons and open it.").format(
                n=later.order, title=_(later.title))
        return f"{learned} {where}"

    def _end_shown(self) -> bool:
        """A lesson that plays to the game's end (escaping, the last battle) ends in its own
        panel ("Lesson complete", Next back to the lessons): the game's end panel, with New game
        and Main menu, would lie dimmed under it and offer what a lesson does not."""
        return False

    def undo(self) -> None:
        self.back_step()

    def lesson_rebuilt(self) -> None:
        """Back rebuilt the game (a new session): drop what the table cached of the old one."""

    # ------------------------------------------------------------------ drawing
    def overlay_key(self) -> tuple:
        """What the lesson lays over the table (its step, the refusal, where its highlights
        are): frames are drawn in part, as at the game's table, while it stays."""
        runner = self.runner
        return (runner.lesson, runner.index, runner.done, self.feedback, self.feedback_rule,
                tuple(tuple(r) for r in self.highlight_rects()), tuple(tuple(r) for r in self.panel_answers()))

    def panel_answers(self) -> list[pygame.Rect]:
        """The buttons of a panel the table opened over the map that give what the step wants
        (Gears' attack panel: the weapon and mode the step names, then Attack!), lit with the
        step's highlights: the panel lay dimmed, the Drone clicked as the step said, and nothing
        in it said which of its six buttons to press (Gears lessons 3, 4 and 7)."""
        step, px = self.runner.step, self.ctx.px
        if step is None or step.kind != "action":
            return []
        wanted = self.runner.wanted()
        # and the prompt line's button for it once the card the step lights is raised ("Guard
        # with Scavenging and the Lancer": the card clicked, the prompt's three ways lay dimmed)
        places = [panel for panel, _first in self.panels] + [self.prompt_rect]
        lit = [r for r in self.highlight_rects() if r.width]
        return [rect.inflate(px(8), px(8)) for rect, _label, what in self.buttons
                if isinstance(getattr(what, "action", what), Action) and getattr(what, "action", what) in wanted
                and any(place.contains(rect) for place in places) and not any(r.contains(rect) for r in lit)]

    def _draw_overlays(self, surface: pygame.Surface) -> None:
        """The table's overlays, then the lesson's: the dimming around its highlights, the
        highlights and its text panel (in a frame drawn in part, within each rectangle drawn);
        the hand card the pointer enlarges last, over them all, so that it can be read (a card's
        highlight and arrow were painted across it)."""
        card, self._hover_card = self._hover_card, None
        try:
            super()._draw_overlays(surface)
        finally:
            self._hover_card = card
        targets = self.highlight_rects()
        answers = self.panel_answers()
        self._dim_around(surface, [r for r in targets + answers if r.width > 0])
        for rect in answers:
            pygame.draw.rect(surface, ARROW, rect, self.ctx.px(4), border_radius=self.ctx.px(8))
        for i, (h, rect) in enumerate(zip(self.runner.highlights(), targets)):
            # An arrow that would cross another highlighted thing is left out (its outline stays).
            others = [t for j, t in enumerate(targets) if j != i and t.width and t.width < self.view_rect.width // 2]
            arrow = not any(self.arrow_zone(rect).colliderect(t) for t in others)
            self._draw_highlight(surface, h, rect, arrow)
        self.draw_over_highlights(surface, targets)
        self._draw_panel(surface, targets + answers)
        if card is not None and self._enlarged_shows():
            self._draw_hover_card(surface)
            if self.message:  # the message line stays above the card, as at the game's table
                self._draw_message(surface)

    def prompt_wanted(self, what) -> bool:
        """A button the step points at is shown when the prompt's options are paged, and so is
        one that gives what the step wants (Level 7 lesson 4's "Move Fear -1" lay on the
        prompt's second page at 125% in 1280x720)."""
        step = self.runner.step
        if step is not None and step.kind == "action" and isinstance(what, Action) and what in self.runner.wanted():
            return True
        for h in self.runner.highlights():
            tgt = h.target[0] if h.target else None
            if h.kind == "button" and tgt is not None and \
                    ((what.kind if isinstance(what, Action) else what) == tgt or button_named(what, tgt)):
                return True
        return False

    def highlight_rects(self) -> list[pygame.Rect]:
        """Screen rectangles of the step's highlights (what the dimming leaves clear)."""
        return [self._rect_of(h) for h in self.runner.highlights()]

    def _rect_of(self, h: Highlight) -> pygame.Rect:
        px = self.ctx.px
        tgt = h.target[0]
        if h.kind == "los" and len(h.target) == 2:
            got = self.los_points(h)
            if got is not None:
                return pygame.Rect(_bounds([got[0], got[1]])).inflate(px(60), px(60))
        if h.kind == "card":
            for card in self.card_rects:
                if card.split("#")[0] == tgt:  # raised with the card when it is selected
                    return as_drawn(self.ctx, self.card_rects, card).inflate(px(8), px(8))
        if h.kind == "button":
            # By kind every button of it (Doom's four declare buttons); "kind:choice" the one
            # the step names: "Declare Run" lit Fire, Advance and Ready too, Level 7's "Reroll
            # die 2" all six rerolls and Keep, the arrow between them.
            rects = [rect for rect, _label, what in self.buttons
                     if (what.kind if isinstance(what, Action) else what) == tgt or button_named(what, tgt)]
            if rects:  # every button of that kind (Doom's four declare buttons)
                return rects[0].unionall(rects[1:]).inflate(px(8), px(8))
        if h.kind == "panel":
            weapons = getattr(self, "weapons_rect", None)  # the title's weapon lines, where it has them
            if tgt == "weapons" and weapons is not None and weapons.width and self.hand_rect.contains(weapons):
                return weapons.copy()
            if tgt in ("hand", "weapons"):
                return self.hand_rect.copy()
            # A section of the side panel by its own rectangle as last drawn (the mission's
            # stage is Gears' Stage section): the whole column lit with an arrow at its middle
            # pointed at no section the step spoke of (Gears lesson 9, the log and the stage).
            section = self.side_sections.get(PANEL_SECTIONS.get(tgt, tgt))
            if section is not None and section.height > 0:
                # The frame (4 units, drawn inside its rectangle) clear of the section's words:
                # on the section's own top it ran through the heading (Level 7's 'ΟΜΑΔΑ').
                return pygame.Rect(section.left + px(2), section.top - px(7), section.width - px(4),
                                   section.height + px(7))
            if tgt in ("turn", "mission"):
                return self.toolbar_rect.copy()
            return self.side_rect.copy()  # ai, log, squad, marines, invader: the side column
        rect = self.lesson_rect(h)
        if rect is not None and h.kind not in ("button", "card") and \
                any(panel.collidepoint(rect.center) for panel, _first in self.panels):
            # Under a panel the table lays over the map (the attack panel opened by clicking
            # the figure lit): its outline ran through the panel's words and the dimming left a
            # hole in it there (Level 7's lesson 7, "Stun the clone: click it, then Roll").
            return pygame.Rect(0, 0, 0, 0)
        return rect if rect is not None else pygame.Rect(0, 0, 0, 0)  # not on screen now (the panel says so)

    def lesson_rect(self, h: Highlight) -> pygame.Rect | None:
        """The title's: where a highlight of the map (area, figure, square, door...) is on screen."""
        return None

    def lesson_make_room(self, box: pygame.Rect) -> None:
        """The title's: where the text box (`box`, placed) still covers what the step points at
        on the map (every place in a small view does: Level 7 at 125% in 1280x720), the map is
        framed again beside the box, from the next frame."""

    def lesson_focus(self) -> list[pygame.Rect]:
        """The title's: what the lesson's text is about on the map though no highlight points at
        it (the active figure's place): the text box keeps off it where it can, after the
        highlights (Level 7's lesson 1 spoke of the tile just explored under the box)."""
        return []

    def los_points(self, h: Highlight) -> tuple[tuple[int, int], tuple[int, int], bool] | None:
        """The title's: the two screen points of a line-of-sight highlight and whether one sees
        the other by its rules (None when one of them is not on the table)."""
        return None

    def draw_lesson_highlight(self, surface: pygame.Surface, h: Highlight, rect: pygame.Rect) -> bool:
        """The title's own outline for a highlight (an area's polygon); False: the shared one."""
        return False

    def draw_over_highlights(self, surface: pygame.Surface, targets: list[pygame.Rect]) -> None:
        """The title's: what its map shows that a highlight's outline (at `targets`) must not
        hide, drawn again over the outlines, under the text box (Doom's door plates)."""

    def _dim_around(self, surface: pygame.Surface, holes: list[pygame.Rect]) -> None:
        # The see-through sheet is made once per size and holes (issue 19: a new one the size
        # of the window every frame), blended within the clip.
        key = (surface.get_size(), tuple(tuple(r) for r in holes), self.ctx.px(10))
        if self._shade is None or self._shade[0] != key:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, DIM_ALPHA))
            for r in holes:
                shade.fill((0, 0, 0, 0), r.inflate(self.ctx.px(10), self.ctx.px(10)))
            self._shade = (key, shade)
        surface.blit(self._shade[1], (0, 0))

    def lesson_keep_clear(self) -> list[pygame.Rect]:
        """The title's: what it draws on the map that a lesson's arrow and, where a place as good
        allows it, its text box should not cover (Level 7's tile names and figures: an arrow at
        a figure ran through 'A-Lift' and 'Tank Farm', the box lay over 'Tank Farm')."""
        return []

    def lesson_figures(self) -> list[pygame.Rect]:
        """The title's: the figures on its map, kept clear like `lesson_keep_clear` but first: a
        lesson's box lies over a crate or an item's name sooner than over a figure (Doom's lesson
        1 laid it over the zombie where a place over a crate and 'Shotgun' was free)."""
        return []

    def _arrow_keeps_off(self, rect: pygame.Rect) -> tuple[list[pygame.Rect], pygame.Rect | None]:
        """What the arrow at `rect` keeps off (the cards of the hand strip and what the title
        keeps clear on its map, but those it points at) and the window it stays in; and the
        table's words: the toolbar, the prompt line with its buttons, the hand's column and the
        side panel's sections, but the one it points into. An arrow at the toolbar came up
        across the prompt's buttons ('Remove Dig In from the game and dr▲a card'), one at the
        side panel lay over its headings."""
        cards = [r for r in self.card_rects.values() if r.colliderect(self.hand_rect) and not r.colliderect(rect)]
        # A name beside what the arrow points at is kept clear too ('Tank Farm' at the corner of
        # Level 7's first figure); only what lies inside the highlight is not.
        cards += [r for r in self.lesson_keep_clear() + self.lesson_figures() if not rect.contains(r)]
        words = [self.toolbar_rect, self.prompt_rect, self.hand_rect]
        hand = self.hand_rect
        if rect.colliderect(hand) and rect.top - hand.top > self.ctx.px(14):
            # a card's arrow from above crossed the strip's heading ("Moloch's hand (6)")
            cards.append(pygame.Rect(hand.left, hand.top, hand.width, rect.top - hand.top))
        prompt = self.prompt_rect
        if rect.colliderect(prompt) and rect.left > prompt.left:  # a button of the prompt: its question
            cards.append(pygame.Rect(prompt.left, prompt.top, rect.left - prompt.left, prompt.height))
        for panel, _first in self.panels:  # panels the table lays over the map (Level 7's placements)
            if not panel.colliderect(rect):
                cards.append(panel)
            elif rect.top - panel.top > self.ctx.px(14):  # its heading above the thing pointed at
                cards.append(pygame.Rect(panel.left, panel.top, panel.width, rect.top - panel.top))
        row = [r for r in self.card_rects.values() if r.colliderect(hand)]
        if row and min(r.left for r in row) > hand.left:
            # the strip's column left of the cards (Level 7's pools and stacks: an arrow from the
            # left at the first card lay over 'Events 40, adrenaline 48, items 24')
            cards.append(pygame.Rect(hand.left, hand.top, min(r.left for r in row) - hand.left, hand.height))
        words += [r for r in self.side_sections.values() if r.height > 0] or [self.side_rect]
        words += [r for r, _label, _what in self.buttons]  # the prompt's column runs below its line
        cards += [r for r in words if r.width and not r.colliderect(rect)]
        return cards, (pygame.Rect((0, 0), self._size) if self._size[0] else None)

    def arrow_zone(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the arrow at highlight `rect` lies (_arrow_place, off the hand's cards)."""
        return _arrow_zone(rect, self.ctx.px, *self._arrow_keeps_off(rect))

    def _draw_highlight(self, surface: pygame.Surface, h: Highlight, rect: pygame.Rect, arrow: bool = True) -> None:
        px = self.ctx.px
        if rect.width == 0:
            return
        if h.kind == "los":
            self._draw_los(surface, h)
            return
        if self.draw_lesson_highlight(surface, h, rect):
            pass
        elif h.kind in ("figure", "cover"):
            pygame.draw.circle(surface, ARROW, rect.center, rect.width // 2, px(4))
        else:
            pygame.draw.rect(surface, ARROW, rect, px(4), border_radius=px(8))
        if arrow:
            _arrow_to(surface, rect, ARROW, px, *self._arrow_keeps_off(rect))

    def _draw_los(self, surface: pygame.Surface, h: Highlight) -> None:
        """The LOS tool: a straight gauge between the two, green if one sees the other, red
        with a cross if the rules say the line is blocked."""
        px = self.ctx.px
        got = self.los_points(h)
        if got is None:
            return
        a, b, sees = got
        colour = (90, 220, 110) if sees else (235, 70, 60)
        pygame.draw.line(surface, (20, 20, 20), a, b, px(9))
        pygame.draw.line(surface, colour, a, b, px(5))
        for p in (a, b):
            pygame.draw.circle(surface, colour, p, px(26), px(4))
        if not sees:
            self.los_cross = self.los_blocker(h, a, b)
            if self.los_cross is not None:  # on the wall that stops the sight, not in open ground
                mx, my = self.los_cross
                s = px(12)
                for dy in (-s, s):
                    pygame.draw.line(surface, (20, 20, 20), (mx - s, my + dy), (mx + s, my - dy), px(9))
                    pygame.draw.line(surface, colour, (mx - s, my + dy), (mx + s, my - dy), px(5))

    def los_blocker(self, h: Highlight, a, b) -> tuple[int, int] | None:
        """Where the LOS tool's cross goes when the sight is blocked: a screen point on the
        blocker the title's rules report (None: no cross)."""
        return None

    def _note_fits(self, w: int) -> bool:
        """"Do it on the table" fits between the Rule button and Back/Next in a box w wide."""
        px = self.ctx.px
        bw = min(px(110), (w - px(60)) // 3)
        return self.ctx.font(13).size(_("Do it on the table to go on."))[0] <= w - 2 * (bw + px(10)) - px(10) - px(124) - px(8)

    def _panel_place(self, height_at, targets: list[pygame.Rect]) -> pygame.Rect:
        """Where the lesson's text box goes: never over what the table shows to act on or to
        read (the attack panel with its mode buttons, the buttons in the map's view, the message
        line with a refusal: issue 21, lesson 3), and where it can, over none of the highlighted
        things either; else where it covers the least of them; then where it covers least of the
        title's `lesson_focus`. When the map's view has no such place (a large UI scale), over
        the side panel below its tabs (it only informs).
        `height_at(w, compact=False)`: the box's height at width w (compact: `panel_compact`)."""
        px, v = self.ctx.px, self.view_rect
        self.panel_compact = False
        w = min(px(520), v.width - px(40))
        # Never taller than the view: a refusal with its rule (Gears lesson 8 at 125% in
        # 1280x720) made a box that rose over the prompt line and its buttons; the rule is cut
        # to the room left (_draw_panel).
        h = min(height_at(w), v.height - px(24))
        keep_clear = [p for p, _first in self.panels] + [r for r, _l, _w in self.buttons if v.colliderect(r)]
        if self.message_rect is not None:
            keep_clear.append(self.message_rect)
        def spots_at(w: int, h: int) -> list[pygame.Rect]:
            spots = [(v.right - w - px(16), v.top + px(12)), (v.left + px(16), v.top + px(12)),
                     (v.right - w - px(16), v.bottom - h - px(12)), (v.left + px(16), v.bottom - h - px(12)),
                     (v.centerx - w // 2, v.bottom - h - px(12)), (v.centerx - w // 2, v.top + px(12))]
            return [pygame.Rect(x, y, w, h) for x, y in spots]

        spots = spots_at(w, h)
        cands = list(spots)
        # A narrower box in the view's corners, taller, for a highlight near the middle that the
        # full width covers wherever it goes (Gears lesson 5's Wretch under the box at 125% in
        # 1280x720): taken only where it covers less of the highlights.
        nw = max(px(380), w * 3 // 4)
        nh = height_at(nw) if nw < w else v.height
        if nh <= v.height - px(24):
            cands += [pygame.Rect(x, y, nw, nh) for x, y in
                      ((v.right - nw - px(16), v.top + px(12)), (v.left + px(16), v.top + px(12)),
                       (v.right - nw - px(16), v.bottom - nh - px(12)), (v.left + px(16), v.bottom - nh - px(12)))]
        in_view = len(cands)
        side = self.side_rect
        if self.side_open and side.width > px(200):
            sw = side.width - px(16)
            sh = min(height_at(sw), side.height - px(52))
            log = self.side_sections.get("log")
            if log is not None and len(self.side_sections) > 1:
                # Over the log's heading and older lines, below the sections above it (the stage
                # and its objective, the squad): the newest lines, at the bottom, stay in sight
                # as far as the box leaves room (the box over the panel's top hid the stage).
                y = max(side.top + px(44), min(log.top + px(4), side.bottom - sh - px(8)))
                cands.append(pygame.Rect(side.left + px(8), y, sw, sh))
            cands.append(pygame.Rect(side.left + px(8), side.top + px(44), sw, sh))

        def covered(cand: pygame.Rect, rects) -> int:
            return sum(cand.clip(r).width * cand.clip(r).height for r in rects if r.width)

        def rank(c: pygame.Rect) -> tuple[int, bool]:
            return covered(c, keep_clear), covered(c, targets) > 0

        # Where every place covers some highlighted thing, the one that covers least of them:
        # Gears lesson 1's box lay wholly over the Drone the step spoke of (125% in 1280x720)
        # where one at the view's foot left all but its feet in sight.
        best = min(cands, key=lambda c: (rank(c), covered(c, targets), cands.index(c)))
        # What the title keeps clear on its map (Level 7's tile names, the figures), then the
        # focus, only choose among places in the map's view as good as the best: never the side
        # panel's instead of one in the view. The names come first: in Greek at 1920x1080 the
        # box kept off most of the active tile by lying over its name ('Tank Farm', lesson 3).
        focus = [r for r in self.lesson_focus() if r.width]
        names = [r for r in self.lesson_keep_clear() if r.width]
        figures = [r for r in self.lesson_figures() if r.width]
        alike = [c for c in cands[:in_view] if rank(c) == rank(best)]
        if (focus or names or figures) and best in alike:
            best = min(alike, key=lambda c: (covered(c, figures), covered(c, targets), covered(c, names),
                                             covered(c, focus), cands.index(c)))
        if best in alike and (covered(best, figures) or covered(best, targets)):
            # Every place in the view hides a figure, or a part of what the step lights, at this
            # width (Doom at 125% in 1280x720: the box 650 px wide over a view 890 wide, the map
            # in its middle; Gears lesson 1 step 9 in Hungarian at 125% in 1280x720: the foot of
            # the Drone under the box's top edge, the titles with no figures to name): a
            # narrower, taller box beside them, or a wider, shorter one above or below them,
            # where one covers none, the nearest the usual width first; then over the side panel;
            # then the same places with the box compact (its text a size smaller, tighter
            # margins). Where only the highlights were covered, a place clear of them is wanted;
            # where figures were, one clear of the figures.
            hidden = figures if covered(best, figures) else targets
            widths = {min(int(w * f), v.width - px(32)) for f in (0.85, 0.7, 0.6, 1.35, 1.7)}
            for r in hidden:  # the room beside each
                widths |= {r.left - v.left - px(20), v.right - r.right - px(20)}
            widths = sorted((x for x in widths if px(280) <= x <= v.width - px(32) and x != w),
                            key=lambda x: (abs(x - w), x))

            def clear_place(sizes: list[int], compact: bool) -> pygame.Rect | None:
                shaped = []
                for sw in sizes:
                    sh = height_at(sw, compact)
                    if sh <= v.height - px(24):
                        shaped += [c for c in spots_at(sw, sh) if v.contains(c)]
                clear = [c for c in shaped if rank(c) <= rank(best) and not covered(c, figures)
                         and not covered(c, hidden)]
                if not clear:
                    return None
                self.panel_compact = compact
                return min(clear, key=lambda c: (covered(c, names), covered(c, focus), abs(c.width - w)))

            got = clear_place(widths, False)
            if got is not None:
                return got
            # Every place in the view hides one (Doom at 125% in 1280x720, the box 650 units
            # wide over a map 890 wide): over the side panel as good, where it has room.
            side_ok = [c for c in cands[in_view:] if rank(c) == rank(best) and c.height >= best.height
                       and not covered(c, hidden)]
            if side_ok:
                return side_ok[0]
            got = clear_place([w] + widths, True)
            if got is not None:
                return got
        return best

    def _draw_panel(self, surface: pygame.Surface, targets: list[pygame.Rect]) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        runner = self.runner
        step = runner.step
        if step is None:
            heading = _("Lesson complete!")
            text = self.end_words()
        else:
            heading = _("Step {n} of {total}").format(n=runner.index + 1, total=len(runner.lesson.steps))
            text = _(step.text)
        step_font = ctx.font(13)

        def look(compact: bool):
            """The body's font, its line height, the title's font and the box's margins (the
            text's top, the height beside the lines, the buttons' height and bottom margin):
            compact, the text a size smaller and the margins tighter (where no place at the
            usual size keeps off every figure)."""
            body = ctx.font(14 if compact else 16)
            return (body, int(body.get_linesize() * (1.1 if compact else 1.2)), ctx.font(17 if compact else 19, bold=True),
                    px(42 if compact else 48), px(92 if compact else 110), px(32 if compact else 36), px(8 if compact else 12))

        def title_lines(w: int, title_font) -> list[str]:
            """The lesson's title beside the step count, on as many lines as it needs there: in
            a box over the side panel "Moving, exploring and placing tiles" ended in '…'."""
            beside = w - px(52) - step_font.size(heading)[0]  # the first line's room, beside the count
            return widgets.wrap(" ".join(_(runner.lesson.title).split()), title_font, w - px(40), first=beside,
                                break_words=False)

        def content(w: int, compact: bool = False) -> tuple[list[str], list[str], int]:
            """The text's lines, the refusal's lines and the box's height at width w."""
            body, line_h, title_font, _top, base, _bh, _low = look(compact)
            lines = widgets.wrap(" ".join(text.split()), body, w - px(40))
            extra: list[str] = []
            if self.feedback:
                extra = widgets.wrap(self.feedback, ctx.font(15, bold=True), w - px(40))
                self._feedback_lines = len(extra)  # every line of the refusal in the warning colour
                rule = self.rules.get(self.feedback_rule) if self.feedback_rule else None
                if rule is not None:
                    extra += widgets.wrap(_("Rule {section}, {title}: {text}").format(
                        section=rule.section, title=_(rule.title), text=_(rule.text)), ctx.font(13), w - px(40))
            note = px(20) if step is not None and step.kind != "read" and not self._note_fits(w) else 0
            more = (len(title_lines(w, title_font)) - 1) * title_font.get_linesize()
            return lines, extra, base + more + line_h * (len(lines) + len(extra)) + (px(12) if extra else 0) + note

        shown = [t for t in targets if t.width]
        shown += [self.arrow_zone(t) for t in shown if t.width < self.view_rect.width // 2]  # and their arrows
        self.panel_rect = rect = self._panel_place(lambda w, compact=False: content(w, compact)[2], shown)
        self.lesson_make_room(rect)
        compact = self.panel_compact
        lines, extra, need = content(rect.width, compact)
        body, line_h, title_font, text_top, _base, bh, low = look(compact)
        said = getattr(self, "_feedback_lines", 0)
        if need > rect.height and extra:
            # A box with less room than its words (over the side panel at 125% in 1280x720, a
            # refusal in Doom's lesson 1): the rule's text runs only as far as the box has room,
            # cut with '…' (the Rule button shows it whole); it ran under the note and buttons.
            over = -(-(need - rect.height) // line_h)  # lines more than the box holds
            keep = max(said, len(extra) - over)
            over -= len(extra) - keep
            extra = extra[:keep]
            if keep > said:
                extra[-1] = widgets.elide(extra[-1] + " \u2026", ctx.font(13), rect.width - px(40))
            if over > 0 and self.feedback and len(lines) > 1:
                # Still more than it holds (a long step over the side panel, Doom's lesson 6): the
                # step's own words give way, cut with '…', and the refusal, which says again what
                # to do, stays whole; it ran under the buttons.
                lines = lines[:max(1, len(lines) - over)]
                lines[-1] = widgets.elide(lines[-1] + " \u2026", body, rect.width - px(40))
        widgets.panel(surface, ctx, rect)
        pygame.draw.rect(surface, ARROW, (rect.left, rect.top, rect.width, px(5)))
        widgets.text(surface, heading, step_font, pal.text_dim, (rect.right - px(20), rect.top + text_top - px(30)), "topright")
        titles = title_lines(rect.width, title_font)
        for i, title in enumerate(titles):
            widgets.text(surface, title, title_font, pal.accent,
                         (rect.left + px(20), rect.top + text_top - px(34) + i * title_font.get_linesize()))
        y = rect.top + text_top + (len(titles) - 1) * title_font.get_linesize()
        for line in lines:
            widgets.text(surface, line, body, pal.text, (rect.left + px(20), y))
            y += line_h
        if extra:
            y += px(8)
            for i, line in enumerate(extra):  # the refusal in red, then the rule it comes from
                said = i < getattr(self, "_feedback_lines", 1)
                colour = pal.danger if said else pal.text_dim
                widgets.text(surface, line, ctx.font(15 if said else 13, bold=said), colour, (rect.left + px(20), y))
                y += line_h
        self.panel_buttons = []
        bw = min(px(110), (rect.width - px(60)) // 3)  # Rule, Back and Next in a row, even in a narrow box
        rule_w = min(px(90), bw)
        by = rect.bottom - bh - low
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
                # a size smaller where the box is narrower still (over Doom's side panel at 125%
                # in 1280x720 the Greek note ran into the box's frame)
                room = rect.width - px(40)
                font = widgets.line_font(ctx, note, room, 13, 10)
                widgets.text(surface, widgets.elide(note, font, room), font, pal.text_dim, (rect.left + px(20), by - px(6)),
                             "bottomleft")
            else:
                widgets.text(surface, note, ctx.font(13), pal.text_dim, (rect.left + px(124), by + bh // 2), "midleft")


# A lesson's panel highlight by the side-panel section that shows it, where the names differ.
PANEL_SECTIONS = {"mission": "stage"}


def _bounds(points) -> tuple[int, int, int, int]:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(1, max(xs) - min(xs)), max(1, max(ys) - min(ys))


def _arrow_places(rect: pygame.Rect, px) -> list[tuple[pygame.Rect, tuple[int, int], tuple[int, int]]]:
    """Where an arrow at `rect` may lie, preferred first: each as (the zone it covers, its tip,
    the way from the tip to its tail). Above, pointing at the top edge (below, at the bottom
    edge, near the window's top), then the other of the two, then beside it on the left and on
    the right."""
    cx, cy = rect.center
    above = (pygame.Rect(cx - px(16), rect.top - px(76), px(32), px(76)), (cx, rect.top - px(8)), (0, -1))
    below = (pygame.Rect(cx - px(16), rect.bottom, px(32), px(76)), (cx, rect.bottom + px(8)), (0, 1))
    left = (pygame.Rect(rect.left - px(76), cy - px(16), px(76), px(32)), (rect.left - px(8), cy), (-1, 0))
    right = (pygame.Rect(rect.right, cy - px(16), px(76), px(32)), (rect.right + px(8), cy), (1, 0))
    return ([below, above] if rect.top < px(140) else [above, below]) + [left, right]


def _arrow_place(rect: pygame.Rect, px, avoid: list[pygame.Rect] = (), bounds: pygame.Rect | None = None):
    """The first of `_arrow_places` inside `bounds` (the window) and off every rectangle of
    `avoid` (the hand's cards: an arrow at a city column above the hand pointed up from the
    card a learner had to read); the preferred one when none is."""
    places = _arrow_places(rect, px)
    for place in places:
        zone = place[0]
        if (bounds is None or bounds.contains(zone)) and not any(zone.colliderect(a) for a in avoid):
            return place
    return None  # no place clear of what it must leave in sight: the outline alone shows it


def _arrow_zone(rect: pygame.Rect, px, avoid: list[pygame.Rect] = (), bounds: pygame.Rect | None = None) -> pygame.Rect:
    """Where _arrow_to draws the arrow of `rect` (the panel keeps clear of it); an empty
    rectangle when it draws none."""
    place = _arrow_place(rect, px, avoid, bounds)
    return place[0] if place is not None else pygame.Rect(0, 0, 0, 0)


def _arrow_to(surface: pygame.Surface, rect: pygame.Rect, colour, px, avoid: list[pygame.Rect] = (),
              bounds: pygame.Rect | None = None) -> None:
    """A fat arrow from outside pointing at the rectangle (_arrow_place says from where), or
    none where every place would cover words or cards it does not point at."""
    place = _arrow_place(rect, px, avoid, bounds)
    if place is None:
        return
    _zone, tip, (dx, dy) = place
    length = px(64)
    tail = (tip[0] + dx * length, tip[1] + dy * length)
    pygame.draw.line(surface, (20, 20, 20), tail, tip, px(11))
    pygame.draw.line(surface, colour, tail, tip, px(6))
    s = px(16)
    back = (tip[0] + dx * s, tip[1] + dy * s)
    head = [tip, (back[0] - dy * s, back[1] - dx * s), (back[0] + dy * s, back[1] + dx * s)]
    pygame.draw.polygon(surface, (20, 20, 20), head, px(3))
    pygame.draw.polygon(surface, colour, head)


class LessonList(Scene):
    """Learn to play: a title's lessons in order, each with its length and a tick when done, or
    when left part-way a ring round its number and "3/10" under its length (the progress file's
    best_step); a tab per title with lessons (game/titles.py), Left / Right or a click to switch."""

    opaque = True

    def __init__(self, ctx: Context, title: str | None = None) -> None:
        super().__init__(ctx)
        self.titles = with_lessons()
        self.progress = Progress.load()
        if self.progress.notice:
            ctx.notices.append(self.progress.notice)
        self.rows: list[tuple[pygame.Rect, Lesson]] = []
        self.tab_rects: list[tuple[pygame.Rect, str]] = []
        self.hovered: str | None = None
        # Back to the menu, as on the other screens the menu opens (Esc does the same).
        self.back: widgets.Button | None = None
        self.back_hovered = False
        self.show(title or self.titles[0])

    def show(self, title: str) -> None:
        """The lessons of `title` (loaded and checked by the title's adapter)."""
        self.game_title = title
        self.adapter = adapter_for(title)
        problems: list[str] = []
        self.lessons: list[Lesson] = lessons_for(title, self.adapter, problems=problems)
        for problem in problems:  # a broken lesson file: said on screen (once), the others offered
            if problem not in self.ctx.notices:
                self.ctx.notices.append(problem)
        self.rows = []  # the old title's rows are not clickable until the new ones are drawn
        self.hovered = None
        self.dirty = True

    @property
    def title(self) -> str:
        return _("Learn to play")

    def open(self, lesson: Lesson):
        try:
            runner = LessonRunner(lesson, self.adapter)
        except LessonBroken as exc:  # a broken lesson file: said on screen, the app goes on
            self.ctx.notices.append(exc.message)  # a message: worded when drawn, in the language then
            self.dirty = True
            return None
        size = pygame.display.get_surface().get_size()
        scene = titles.get(self.game_title).ui_module().tutorial_scene(self.ctx, runner, size, self.progress)
        return Push(scene)

    def handle(self, event: pygame.event.Event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return Pop()
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT) and len(self.titles) > 1:
            i = self.titles.index(self.game_title) + (1 if event.key == pygame.K_RIGHT else -1)
            self.show(self.titles[i % len(self.titles)])
        if event.type == pygame.MOUSEMOTION:
            hit = next((les.id for r, les in self.rows if r.collidepoint(event.pos)), None)
            back = bool(self.back and self.back.rect.collidepoint(event.pos))
            if hit != self.hovered or back != self.back_hovered:
                self.hovered, self.back_hovered, self.dirty = hit, back, True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back and self.back.hit(event.pos):
                return self.back.action
            for r, key in self.tab_rects:
                if r.collidepoint(event.pos):
                    self.show(key)
                    return None
            for r, les in self.rows:
                if r.collidepoint(event.pos):
                    return self.open(les)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, pal, px = self.ctx, self.ctx.palette, self.ctx.px
        surface.fill(pal.table)
        w = min(surface.get_width() - px(60), px(820))
        left = (surface.get_width() - w) // 2
        name = titles.get(self.game_title).name
        heading = _("Learn to play {game}").format(game=name)
        font = ctx.font(15, bold=True)
        tabs_w = sum(font.size(titles.get(k).name)[0] + px(36) for k in self.titles) if len(self.titles) > 1 else 0
        # The tabs sit right of the heading while both fit; else on a row of their own above it.
        dy = px(50) if ctx.font(30, bold=True).size(heading)[0] + px(16) + tabs_w > w else 0
        self.back = widgets.Button(pygame.Rect(px(20), px(20), px(120), px(40)), _("Back"), Pop())
        self.back.draw(surface, ctx, self.back_hovered)
        if self.back.rect.right + px(12) > left:  # a narrow window: the lessons start below it
            # (below the tabs' row too when they have one: it lies beside the button, not under it)
            dy = max(dy, self.back.rect.bottom)
        widgets.text(surface, heading, ctx.font(30, bold=True), pal.accent, (left, px(30) + dy))
        widgets.text(surface, _("Short lessons on the real rules. Each takes a few minutes."), ctx.font(16),
                     pal.text_dim, (left, px(76) + dy))
        self.tab_rects = []
        if len(self.titles) > 1:  # one tab per title with lessons, top right
            x = left + w
            for key in reversed(self.titles):
                label = titles.get(key).name
                r = pygame.Rect(0, px(32) if not dy else px(20), font.size(label)[0] + px(28), px(34))
                r.right = x
                active = key == self.game_title
                pygame.draw.rect(surface, pal.accent if active else (52, 57, 66), r, border_radius=px(6))
                widgets.text(surface, label, font, pal.accent_text if active else pal.text, r.center, "center")
                self.tab_rects.append((r, key))
                x = r.left - px(8)
        self.rows = []
        y = px(120) + dy
        # A notice (a lesson file that could not start, progress read afresh) whole at the foot,
        # the rows above it: one elided line lay over the ninth lesson at 1280x720 and cut a
        # Hungarian notice at 'elölr…'.
        note, note_lines, note_font = None, [], ctx.font(14)
        bottom = surface.get_height() - px(30)
        if ctx.notices:
            words, inner = str(ctx.notices[-1]), w - px(24)
            for size in range(max(10, ctx.px(14)), 9, -1):
                note_font = ctx.assets.font(size)
                if len(widgets.wrap(words, note_font, inner)) <= 3:
                    break
            note_lines = widgets.wrap_most(words, note_font, inner, 3)
            note_h = len(note_lines) * note_font.get_linesize() + px(16)
            note = pygame.Rect(left, surface.get_height() - px(16) - note_h, w, note_h)
            bottom = note.top - px(8) + px(6)  # the last row's own gap is px(6)
        row_h = min(px(62), (bottom - y) // max(1, len(self.lessons)))
        # The summaries whole where they can be: a smaller size, then two lines under titles a
        # size smaller when a row holds them (Greek and Hungarian summaries ended in '…' at
        # 1280x720), else cut. The titles keep one size down the list.
        room, small = w - px(140), ctx.font(12)
        title_font = ctx.font(18, bold=True)
        long = any(small.size(_(les.summary))[0] > room for les in self.lessons)
        two_lines = long and px(2) + ctx.font(16, bold=True).get_linesize() + 2 * small.get_linesize() <= row_h - px(6)
        if two_lines:
            title_font = ctx.font(16, bold=True)
        # Rows too short for a title at 18 and its summary under it (nine Gears lessons at 125% in
        # 1280x720: each summary ran under the next row): the title a size smaller, close to the
        # row's top, until one summary line fits under it.
        compact = not two_lines and px(30) + small.get_linesize() > row_h - px(6)
        if compact:
            title_font = next((f for f in (ctx.font(n, bold=True) for n in (16, 15, 14, 13))
                               if px(2) + f.get_linesize() + small.get_linesize() <= row_h - px(6)),
                              ctx.font(13, bold=True))
        for les in self.lessons:
            r = pygame.Rect(left, y, w, row_h - px(6))
            hovered = self.hovered == les.id
            pygame.draw.rect(surface, (60, 66, 78) if hovered else (40, 44, 52), r, border_radius=px(8))
            done = self.progress.is_done(self.game_title, les.id)
            part = self.progress.part_done(self.game_title, les.id, len(les.steps))
            mark = "\u2713" if done else f"{les.order}"
            widgets.text(surface, mark, ctx.font(20, bold=True), (110, 210, 120) if done else pal.text_dim,
                         (r.left + px(26), r.centery), "center")
            if part is not None:  # left part-way: a ring round its number filled that far
                side = min(px(34), r.height - px(4))  # a short row: the ring keeps inside it
                ring = pygame.Rect(0, 0, side, side)
                ring.center = (r.left + px(26), r.centery)
                pygame.draw.circle(surface, (70, 76, 90), ring.center, ring.width // 2, max(1, px(3)))
                pygame.draw.arc(surface, pal.accent, ring, math.pi / 2 - 2 * math.pi * part / len(les.steps),
                                math.pi / 2, max(1, px(3)))
            text = _(les.summary)
            small = next((ctx.font(n) for n in (13, 12) if ctx.font(n).size(text)[0] <= room), ctx.font(12))
            lines = [text] if small.size(text)[0] <= room else widgets.wrap(text, small, room)
            if len(lines) > 2 or (len(lines) == 2 and not two_lines):
                lines = [widgets.elide(text, small, room)]
            title_top = r.top + (px(2) if two_lines or compact else px(6))
            widgets.text(surface, _(les.title), title_font, pal.text, (r.left + px(54), title_top))
            top = title_top + title_font.get_linesize() if two_lines or compact else r.top + px(30)
            for i, line in enumerate(lines):
                widgets.text(surface, line, small, pal.text_dim, (r.left + px(54), top + i * small.get_linesize()))
            minutes = ctx.font(14)
            if part is None:
                widgets.text(surface, _("{n} min").format(n=les.minutes), minutes, pal.text_dim,
                             (r.right - px(16), r.centery), "midright")
            else:  # and how far, under its length: "3/10", steps done of the lesson's
                steps = ctx.font(12, bold=True)
                high = minutes.get_linesize() + steps.get_linesize()
                top = r.centery - high // 2
                widgets.text(surface, _("{n} min").format(n=les.minutes), minutes, pal.text_dim,
                             (r.right - px(16), top), "topright")
                widgets.text(surface, f"{part}/{len(les.steps)}", steps, pal.accent,
                             (r.right - px(16), top + minutes.get_linesize()), "topright")
            self.rows.append((r, les))
            y += row_h
        if note is not None:  # a lesson that could not start says why here
            pygame.draw.rect(surface, (70, 30, 30), note, border_radius=px(6))
            for i, line in enumerate(note_lines):
                widgets.text(surface, line, note_font, pal.text, (note.left + px(12), note.top + px(8) + i * note_font.get_linesize()))
