"""The review of a game: the curve of moves to the goal, the mistakes, the optimal line.

Opened over the play screen after a win (W, or the solved box's button) or on demand during a
game. The model is :mod:`game.midend.review`; distances no table gives come from searches on the
service's search lane (:mod:`game.midend.review_search`), shown as they arrive with their progress, and
stopped with C or when the screen closes. Enter (or the button) closes the review and takes the
game back to the position before its first mistake, as undo would: redo still returns.
"""
from __future__ import annotations

import pygame

from game.common.i18n import N_, _
from game.midend.review import Kind, Review, help_words
from game.midend.review_search import ReviewSearch
from game.midend.sayings import Tone
from game.rules.identities import Identities
from game.ui import theme as T
from game.common.phrase import translated
from game.ui.intents import Intent
from game.ui.context import Context, Scene
from game.ui.play.scene import PlayScene
from game.ui.scenes.base import background
from game.ui.scenes.review_chart import CurveChart, Placed
from game.ui.scenes.review_lists import flow, mistake_paras, more_mistakes, moves_flow, optimal_paras
from game.ui.scenes.review_parts import (draw_search_progress, place_before, progress_area, showing_search,
                                         thumb_size)
from game.ui.views import view_for
from game.ui.widgets import Button, card, spinner


REVEALS = N_("Reviewed before the goal without the live count: this game counts as played with help (like move "
             "marks).")
# what the game says after going back before its first mistake, by what that move did
BACK_BEFORE = {
    Kind.FARTHER: N_("Back before move {number} ({move} went farther): try another way. Shift+U redoes."),
    Kind.SAME: N_("Back before move {number} ({move} came no closer): try another way. Shift+U redoes."),
    Kind.DEAD_END: N_("Back before move {number} ({move} went into a dead end): try another way. Shift+U redoes."),
}
BACK_BEFORE_ANY = N_("Back before move {number} ({move}): try another way. Shift+U redoes.")


class ReviewScene(Scene):
    def __init__(self, ctx: Context, play: PlayScene) -> None:
        super().__init__(ctx)
        self.play = play
        self.spec = play.spec
        self.session = play.session
        self.search = ReviewSearch(self.session)   # moves in the board's own words
        self.view = view_for(self.spec)         # its own: a thumbnail lays the view out to its size
        self.chart = CurveChart()
        self.time = 0.0
        self.hover: tuple[int, int] | None = None
        self.selected: int | None = None        # the move chosen with the arrows
        self.pressed: Button | None = None
        self.replay_button = Button(N_("Replay from your first mistake"), Intent.CONFIRM, primary=True)
        self.close_button = Button(N_("Close"), Intent.BACK)
        # Translators: a button: stop the searches that find the review's missing distances
        self.stop_button = Button(N_("Stop"), Intent.CANCEL)
        self.texts: list[Placed] = []
        self.before_rect: pygame.Rect | None = None
        self._header_rows = 0
        self.before_beside = True
        self.helped_before = self.session.notes   # the help the game had when the review opened
        self.note = self._note_help()
        self._static: pygame.Surface | None = None
        self._thumb: tuple[int, tuple[int, int], pygame.Surface] | None = None
        self.layout(ctx.size)

    @property
    def review(self) -> Review:
        return self.search.review

    def _note_help(self) -> str:
        """A review before the goal tells what the board's live count did not show (hidden, or no
        table): then it is help, as move marks are, and the game notes it at once."""
        s = self.session
        if s.solved or not s.moves or not (self.ctx.settings.hide_answer or not s.exact):
            return ""
        s.note_marks()
        return REVEALS

    # -- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m, gap = th.px(28, 12), th.px(16, 8)
        bh = max(th.px(36), th.size_of("body") + th.px(14))
        self.close_button.rect = pygame.Rect(w - m - th.px(120, 70), m, th.px(120, 70), bh)
        replay_px = th.size_of("small" if bh < th.px(44) else "body")
        replay_w = th.measure(translated(self.replay_button.label), replay_px)
        replay_w = int(replay_w / 0.66) + th.px(12)
        self.replay_button.rect = pygame.Rect(self.close_button.rect.x - gap - replay_w, m, replay_w, bh)
        self.header = pygame.Rect(m, m, self.replay_button.rect.x - gap - m, 0)
        self._header_rows = sum(n for _, n in self.header_lines())
        self.header.h = th.size_of("title") + th.px(6) + th.size_of("small") * self._header_rows
        top = max(self.header.bottom, self.close_button.rect.bottom) + gap
        below = h - top - m
        chart_h = int(below * 0.58)
        self.chart_card = pygame.Rect(m, top, w - 2 * m, chart_h)
        lists_y = top + chart_h + gap
        left_w = int((w - 2 * m - gap) * 0.55)
        self.mistakes_card = pygame.Rect(m, lists_y, left_w, h - m - lists_y)
        self.optimal_card = pygame.Rect(m + left_w + gap, lists_y, w - 2 * m - gap - left_w, h - m - lists_y)
        area = progress_area(th, self.chart_card)
        stop_w = th.px(110, 70)
        self.stop_button.rect = pygame.Rect(area.right - stop_w, area.y, stop_w,
                                            max(th.px(30), th.size_of("small") + th.px(10)))
        self.refresh()

    def header_lines(self) -> list[tuple[tuple[str, tuple[int, int, int]], int]]:
        """The lines under the title (each with how many rows it wraps to in the header's width)."""
        pal = self.theme.palette
        review = self.review
        said = [(review.summary(), pal.muted)]
        helped = help_words(self.helped_before, review.line.solver, review.solved)
        if helped:
            said.append((helped, pal.hint))
        if self.note:
            said.append((_(self.note), pal.hint))
        th = self.theme
        return [((text, colour), min(2, len(th.wrap(text, "small", self.header.w)))) for text, colour in said]

    def refresh(self) -> None:
        """Lay out the texts for the review as it is now (again when a distance arrives)."""
        pal = self.theme.palette
        th = self.theme
        review = self.review
        if sum(n for _, n in self.header_lines()) != self._header_rows:   # the header grew or shrank
            self.layout(self.ctx.size)
            return
        showing = showing_search(self.search)
        self.chart.layout(th, self.chart_card, review, progress_area(th, self.chart_card).w + th.px(12) if showing else 0)
        # Translators: a button: go on finding the review's missing distances after they were stopped
        self.stop_button.label = N_("Search on") if self.search.stopped else N_("Stop")
        count = self.spec.count.word() if self.spec.counts else ""
        texts = list(self.chart.texts)
        self.before_rect, self.before_beside = (place_before(th, self.mistakes_card, self.spec.puzzle.board)
                                                if review.first_mistake is not None else (None, True))
        room, before = self.mistakes_card.copy(), self.before_rect
        caption_w = room.w - 2 * th.px(16, 8)
        if before is not None and self.before_beside:
            room.w = before.x - room.x
            caption_w = self.mistakes_card.right - room.right - th.px(8)
        elif before is not None:
            room.h = before.y - th.size_of("tiny") - th.px(8) - room.y + th.px(16, 8)
        texts += flow(th, mistake_paras(th.palette, review, self.before_rect is not None), room, more_mistakes)
        if self.before_rect is not None:
            first = review.first_mistake
            # Translators: under the picture of the position before the first mistake; Enter goes back there
            said = _("Before move {number} (Enter)").format(number=first.number if first is not None else "")
            caption = th.fit(said, "tiny", caption_w, pal.muted)
            texts.append(Placed(caption, caption.get_rect(midbottom=(self.before_rect.centerx, self.before_rect.y
                                                                     - th.px(4))), self.mistakes_card, text=said,
                                role="tiny"))
        texts += moves_flow(th, optimal_paras(th.palette, review, count), review.optimal, self.optimal_card)
        x, y = self.header.topleft
        heading = _("Review: {puzzle}").format(puzzle=translated(self.spec.title))
        title = th.fit(heading, "title", self.header.w)
        texts.append(Placed(title, title.get_rect(topleft=(x, y)), self.header, text=heading, role="title"))
        y += th.size_of("title") + th.px(6)
        for (text, colour), rows in self.header_lines():
            wrapped = th.wrap(text, "small", self.header.w)
            if len(wrapped) > rows:
                wrapped = wrapped[:rows - 1] + [" ".join(wrapped[rows - 1:])]
            for line in wrapped:
                surf = th.fit(line, "small", self.header.w, colour)
                texts.append(Placed(surf, surf.get_rect(topleft=(x, y)), self.header, text=line, role="small"))
                y += th.size_of("small")
        self.texts = texts
        self.replay_button.enabled = review.rewind_index is not None
        self._static = None
        self.invalidate()

    # -- acting ---------------------------------------------------------------------------------
    def close(self) -> None:
        self.ctx.nav.close(self)
        self.leave()   # its searches stop, on top or not
        self.play.invalidate()

    def leave(self) -> None:
        self.search.cancel()

    def replay(self) -> None:
        """Close, and take the game back to the position before its first mistake (redo returns)."""
        review = self.review
        index, first = review.rewind_index, review.first_mistake
        if index is None or first is None:
            return
        self.close()
        play = self.play
        if play.session.rewind_to(index):
            play.sync()
            play.refresh_panel()
            said = BACK_BEFORE.get(first.kind, BACK_BEFORE_ANY) if first.kind is not None else BACK_BEFORE_ANY
            play.say(_(said).format(number=first.number, move=first.text), Tone.ACCENT)

    def toggle_search(self) -> None:
        """C: stop finding distances (what is known stays), or search on."""
        if self.search.stopped:
            self.search.resume()
        elif self.search.busy:
            self.search.cancel()
        self.refresh()

    def handle_intent(self, intent: Intent) -> None:
        self.invalidate()
        if intent in (Intent.BACK, Intent.REVIEW):
            self.close()
        elif intent is Intent.CONFIRM:
            self.replay()
        elif intent is Intent.CANCEL:
            self.toggle_search()
        elif intent in (Intent.LEFT, Intent.RIGHT, Intent.PREV, Intent.NEXT):
            step = 1 if intent in (Intent.RIGHT, Intent.NEXT) else -1
            last = len(self.review.line)
            self.selected = min(max(0, (self.selected if self.selected is not None else -step) + step), last)
            self.hover = None

    def buttons(self) -> list[Button]:
        """The buttons shown: "Replay from your first mistake" only where there is one (its place is kept)."""
        shown = ([self.replay_button] if self.review.rewind_index is not None else []) + [self.close_button]
        search = self.search
        return shown + ([self.stop_button] if search.busy or search.stopped else [])

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            if self.hovered_index(event.pos) != self.hovered_index(self.hover) or self._over_button(event.pos):
                self.invalidate()
            self.hover, self.selected = event.pos, None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = next((b for b in self.buttons() if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, None
            if pressed is not None and pressed.hit(event.pos):
                self.handle_intent(pressed.intent)

    def _over_button(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in self.buttons())

    def hovered_index(self, pos: tuple[int, int] | None) -> int | None:
        """The position under the mouse: on the curve, or named by a line of the mistakes list."""
        if pos is None:
            return self.selected
        named = next((p.step for p in self.texts if p.step is not None and p.rect.collidepoint(pos)), None)
        return named if named is not None else self.chart.index_at(pos)

    # -- time -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        if self.search.update():
            self.refresh()

    def animating(self) -> bool:
        return self.search.busy

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        if self._static is None or self._static.get_size() != surface.get_size():
            self._static = pygame.Surface(surface.get_size())
            self.draw_static(self._static)
        surface.blit(self._static, (0, 0))
        if showing_search(self.search):
            draw_search_progress(surface, th, self.search, progress_area(th, self.chart_card), self.stop_button,
                                 spinner(self.time, self.ctx.settings.reduce_motion))
        index = self.hovered_index(self.hover)
        if index is not None:
            self.chart.draw_hover(surface, th, self.review, index, self.thumbnail(index))
        for b in self.buttons():
            b.draw(surface, th, self.hover, pressed=self.pressed is b)

    def draw_static(self, surface: pygame.Surface) -> None:
        th = self.theme
        surface.blit(background(self.theme.palette, surface.get_size()), (0, 0))
        for rect in (self.chart_card, self.mistakes_card, self.optimal_card):
            card(surface, th, rect, 16)
        self.chart.draw(surface, th, self.review)
        for placed in self.texts:
            surface.blit(placed.surface, placed.rect)
        index = self.review.rewind_index
        if self.before_rect is not None and index is not None:
            at = index - self.review.line.anchor
            surface.blit(self.view.thumbnail(self.review.line.positions[at], self.before_rect.size, self.who(at)),
                         self.before_rect)

    def thumbnail(self, index: int) -> pygame.Surface | None:
        """The position after move ``index``, small, for the tooltip (cached for the hovered move)."""
        if not 0 <= index < len(self.review.line.positions):
            return None
        size = thumb_size(self.theme, self.spec.puzzle.board, self.chart.plot)
        if size is None:
            return None
        if self._thumb is None or self._thumb[:2] != (index, size):
            self._thumb = (index, size, self.view.thumbnail(self.review.line.positions[index], size, self.who(index)))
        return self._thumb[2]

    def who(self, index: int) -> Identities | None:
        """Which identical piece is which at the game's position ``index`` (as the board showed it)."""
        who = self.review.who
        return who[index] if who is not None and 0 <= index < len(who) else None

