"""The analysis screen: a puzzle's whole space of positions, drawn.

A bar chart of positions by distance from the goal (axis labels, value ticks, the start's
bar marked, a tooltip on hover; click a bar to play a position at that distance), the
figures (positions, dead ends, the longest optimal solution), and the hardest positions as
thumbnails drawn by the puzzle's own view, each with "Play this".

The figures come from the puzzle's oracle, prepared and asked in the background; until they
arrive the screen shows progress. A puzzle answered by search has no table: the screen says
why and gives its published figures instead.
"""
from __future__ import annotations

import pygame

from game.oracles import tasks
from game.common.background import Job, JobState, Lane, Task
from game.common.i18n import N_, _, ngettext
from game.oracles.base import OracleStatus, Phase
from game.catalog.spec import PuzzleSpec
from solvers.sweep import Analysis
from game.ui import theme as T
from game.common.words import moves_text
from game.common.phrase import translated
from game.ui.intents import DIRECTIONS, Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.ui.scenes.chart import DistanceChart
from game.ui.views import view_for
from game.ui.widgets import Button, card, draw_progress, spinner, stat_row

MAX_THUMBS = 6


class AnalysisScene(Scene):
    def __init__(self, ctx: Context, spec: PuzzleSpec) -> None:
        super().__init__(ctx)
        self.spec = spec
        self.puzzle = spec.puzzle
        self.oracle = spec.oracle
        self.has_table = self.oracle.exact
        self.job: Job[tuple[Analysis, float]] | None = None
        if self.has_table:
            self.oracle.start_preparing(ctx.service)
            self.ask()
        self.time = 0.0
        self.selected = 0
        self.show_selection = False
        self.hover: tuple[int, int] | None = None
        self.pressed: Button | None = None
        self.message = ""
        self.back_button = Button(N_("Back"), Intent.BACK)
        # Translators: a button: a new game from the puzzle's start position
        self.start_button = Button(N_("Play the start"), Intent.CONFIRM, key="")
        self.play_buttons: list[Button] = []
        self.thumb_rects: list[pygame.Rect] = []
        self.chart = DistanceChart()
        self.chart_result: Analysis | None = None   # the result the chart is laid out for (None: not yet)
        self._thumbs: dict[tuple[bytes, tuple[int, int]], pygame.Surface] = {}
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._view = view_for(spec)
        self.layout(ctx.size)

    # -- data ----------------------------------------------------------------------------------
    def ask(self) -> None:
        """Once the table is ready, count its positions in the background (once)."""
        if self.job is None and self.oracle.status().phase is Phase.READY:
            self.job = self.ctx.service.submit(Task(tasks.analyse, (self.spec.oracle,), "The analysis"), Lane.LIGHT)

    def status(self) -> OracleStatus:
        """The table's preparation, then the counting."""
        if self.job is None:
            return self.oracle.status()
        if self.job.state is JobState.FAILED:
            return OracleStatus(Phase.FAILED, 0.0, self.job.error or _("The analysis failed."))
        return OracleStatus(Phase.LOADING, self.job.fraction or 0.0, _("counting positions…"))

    @property
    def result(self) -> Analysis | None:
        job = self.job
        return job.result[0] if job is not None and job.result is not None else None

    @property
    def seconds(self) -> float | None:
        job = self.job
        return job.result[1] if job is not None and job.result is not None else None

    def hardest(self) -> list[bytes]:
        result = self.result
        return list(result.hardest[:MAX_THUMBS]) if result is not None else []

    def figures(self) -> Analysis:
        """The result, for code that runs only once it is in."""
        result = self.result
        assert result is not None
        return result

    def average(self) -> float:
        counts = self.figures().by_distance
        total = sum(counts)
        return sum(d * c for d, c in enumerate(counts)) / total if total else 0.0

    def mode_distance(self) -> int:
        """The distance most positions need, the goals left out (a goal given as a pattern can
        have hundreds of positions at distance 0, which says nothing about the puzzle)."""
        counts = self.figures().by_distance
        return max(range(1, len(counts)), key=counts.__getitem__) if len(counts) > 1 else 0

    def start_distance(self) -> int | None:
        return self.oracle.distance(self.puzzle.start)

    # -- layout --------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m = th.px(28, 12)
        gap = th.px(18, 8)
        self.header = pygame.Rect(m, m, w - 2 * m, th.size_of("title") + th.size_of("small") + th.px(12))
        bh = max(th.px(36), th.size_of("body") + th.px(14))
        self.back_button.rect = pygame.Rect(w - m - th.px(130), m, th.px(130), bh)
        self.start_button.rect = pygame.Rect(self.back_button.rect.x - gap - th.px(190), m, th.px(190), bh)
        top = self.header.bottom + gap
        thumbs_h = max(th.px(120), int(h * 0.27))
        side_w = max(th.px(250), int(w * 0.26))
        self.chart_card = pygame.Rect(m, top, w - 2 * m - side_w - gap, h - top - m - thumbs_h - gap)
        self.side_card = pygame.Rect(self.chart_card.right + gap, top, side_w, self.chart_card.h)
        self.thumbs_card = pygame.Rect(m, self.chart_card.bottom + gap, w - 2 * m, thumbs_h)
        self._thumbs.clear()
        self._place_thumbs()
        self.layout_chart()
        self.choose_thumb()

    def layout_chart(self) -> None:
        result = self.chart_result = self.result
        self.chart.layout(self.theme, self.chart_card, None if result is None else result.by_distance)

    def _place_thumbs(self) -> None:
        th = self.theme
        card = self.thumbs_card
        pad = th.px(14, 6)
        n = MAX_THUMBS
        gap = th.px(12, 6)
        head = th.size_of("heading") + th.px(8)
        bh = max(th.px(30), th.size_of("small") + th.px(12))
        cw = (card.w - 2 * pad - gap * (n - 1)) // n
        ch = card.h - 2 * pad - head - bh - th.px(6)
        self.thumb_rects = [pygame.Rect(card.x + pad + i * (cw + gap), card.y + pad + head, cw, max(10, ch))
                            for i in range(n)]
        self.play_buttons = []
        for i, r in enumerate(self.thumb_rects):
            # Translators: a button under one of the hardest positions: a new game from it
            b = Button(N_("Play this"), Intent.CONFIRM, key="Enter" if i == self.selected else "")
            b.rect = pygame.Rect(r.x, r.bottom + th.px(6), r.w, bh)
            self.play_buttons.append(b)

    def thumb(self, position: bytes, size: tuple[int, int]) -> pygame.Surface:
        key = (position, size)
        surf = self._thumbs.get(key)
        if surf is None:
            surf = self._thumbs[key] = self._view.thumbnail(position, size)
        return surf

    # -- acting -----------------------------------------------------------------------------------
    def play(self, position: bytes, message: str) -> None:
        self.ctx.nav.play_position(self.spec.name, position, message)

    def play_hardest(self, index: int) -> None:
        hardest = self.hardest()
        if not 0 <= index < len(hardest):
            return
        result = self.figures()
        far = result.max_distance
        self.play(hardest[index], ngettext("One of the {count:,} hardest positions: {n:,} move to go.",
                                           "One of the {count:,} hardest positions: {n:,} moves to go.", far
                                           ).format(count=result.hardest_count, n=far))

    def play_distance(self, d: int) -> None:
        position = self.oracle.position_at(d, self.ctx.rng)
        if position is not None:
            self.play(position, ngettext("A random position {n:,} move from the goal.",
                                         "A random position {n:,} moves from the goal.", d).format(n=d))

    def handle_intent(self, intent: Intent) -> None:
        n = len(self.hardest())
        if intent in (Intent.BACK, Intent.ANALYSIS):
            self.ctx.nav.back_to_menu()
        elif intent in DIRECTIONS or intent in (Intent.NEXT, Intent.PREV):
            if n:
                step = 1 if intent in (Intent.RIGHT, Intent.DOWN, Intent.NEXT) else -1
                self.selected = (self.selected + step) % n if self.show_selection else self.selected
                self.show_selection = True
        elif intent is Intent.CONFIRM:
            if n:
                self.play_hardest(min(self.selected, n - 1))
            else:
                self.play(self.puzzle.start, "")
        elif intent is Intent.MOTION:
            self.ctx.changes.toggle("reduce_motion")

    def buttons(self) -> list[Button]:
        out = [self.back_button, self.start_button]
        out += self.play_buttons[:len(self.hardest())]
        return out

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            for i, r in enumerate(self.thumb_rects[:len(self.hardest())]):
                if r.collidepoint(event.pos) or self.play_buttons[i].rect.collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = next((b for b in self.buttons() if b.hit(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, None
            if pressed is not None and pressed.hit(event.pos):
                if pressed is self.back_button:
                    self.handle_intent(Intent.BACK)
                elif pressed is self.start_button:
                    self.play(self.puzzle.start, "")
                elif pressed in self.play_buttons:
                    self.play_hardest(self.play_buttons.index(pressed))
                return
            for i, r in enumerate(self.thumb_rects[:len(self.hardest())]):
                if r.collidepoint(event.pos):
                    self.play_hardest(i)
                    return
            bar = self.chart.bar_at(event.pos)
            if bar is not None:
                self.play_distance(bar)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.has_table:
            self.ask()
        self.layout_chart()
        self.choose_thumb()

    def choose_thumb(self) -> None:
        """The thumbnail chosen by keys or under the mouse: its button is the primary one, with Enter."""
        for i, r in enumerate(self.thumb_rects[:len(self.hardest())]):
            button = self.play_buttons[i]
            chosen = bool(i == self.selected and (self.show_selection or (self.hover and (
                r.collidepoint(self.hover) or button.rect.collidepoint(self.hover)))))
            button.key = "Enter" if chosen else ""
            button.primary = chosen

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The chart, figures and thumbnails change only with the window size or the result, so they
        are drawn once into a cached layer; each frame adds just hover, selection and buttons."""
        charted = self.has_table and self.chart_result is not None
        if charted or not self.has_table:   # the 15-puzzle's page never changes: cached as well
            key = (surface.get_size(), id(self.chart_result))
            if self._static is None or self._static_key != key:
                self._static = pygame.Surface(surface.get_size())
                self.draw_static(self._static)
                self._static_key = key
            surface.blit(self._static, (0, 0))
            if charted:
                self.chart.draw_hover(surface, self.theme, self.hover)
                self.draw_thumbs(surface, chosen_only=True)
        else:
            self.draw_static(surface)
        for b in self.buttons():
            b.draw(surface, self.theme, self.hover, pressed=self.pressed is b)

    def draw_static(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        th = self.theme
        surface.blit(background(self.theme.palette, surface.get_size()), (0, 0))
        x, y = self.header.topleft
        title = th.fit(_("Analysis: {puzzle}").format(puzzle=translated(self.puzzle.title)), "title",
                       self.start_button.rect.x - x - th.px(20))
        surface.blit(title, (x, y))
        # Translators: {rule} is the puzzle's rule for one move, a sentence of its own
        sub = th.fit(_("Every position solved once. {rule}").format(rule=translated(self.puzzle.move_rule)), "small",
                     self.start_button.rect.x - x - th.px(20), pal.muted)
        surface.blit(sub, (x, y + title.get_height() + th.px(4)))
        for rect in (self.chart_card, self.side_card, self.thumbs_card):
            card(surface, th, rect, 16)
        if not self.has_table:
            self.draw_no_table(surface)
        elif self.chart_result is None:
            self.draw_waiting(surface)
        else:
            self.chart.draw(surface, self.theme, self.chart_card, self.start_distance())
            self.draw_figures(surface)
            self.draw_thumbs(surface, chosen_only=False)

    def draw_waiting(self, surface) -> None:
        pal = self.theme.palette
        th = self.theme
        status = self.status()
        c = self.chart_card
        if status.phase is Phase.FAILED:
            for i, line in enumerate(th.wrap(translated(status.text), "body", c.w - th.px(60))[:4]):
                surface.blit(th.text(line, "body", pal.nope), (c.x + th.px(30), c.centery + i * th.size_of("body")))
            return
        spin = spinner(self.time, self.ctx.settings.reduce_motion)
        # Translators: {spinner} is a turning bar (or an ellipsis) that shows the work is going on
        said = {Phase.BUILDING: _("Solving every position once (first time only) {spinner}"),
                Phase.LOADING: _("Counting positions {spinner}")}.get(status.phase, _("Preparing {spinner}"))
        text = th.text(said.format(spinner=spin), "heading", pal.text)
        surface.blit(text, text.get_rect(center=(c.centerx, c.centery - th.px(30))))
        bar = pygame.Rect(0, 0, int(c.w * 0.6), th.px(12, 6))
        bar.center = (c.centerx, c.centery + th.px(4))
        draw_progress(surface, pal, bar, status.fraction, pal.hint)
        detail = th.fit(translated(status.text or ""), "small", c.w - th.px(40), pal.muted)
        surface.blit(detail, detail.get_rect(center=(c.centerx, bar.bottom + th.px(22))))

    def draw_figures(self, surface) -> None:
        pal = self.theme.palette
        th = self.theme
        result = self.figures()
        c = self.side_card
        pad = th.px(18, 8)
        x, y, w = c.x + pad, c.y + pad, c.w - 2 * pad
        surface.blit(th.text(_("Figures"), "heading", pal.text), (x, y))
        y += th.size_of("heading") + th.px(12)
        start_d = self.start_distance()
        dead = f"{result.dead_ends:,}" if result.reached else "—"   # a table of the winnable part: not counted
        rows = [(_("Positions"), f"{result.positions:,}", pal.text),
                (_("Can reach the goal"), f"{result.solvable:,}", pal.good),
                (_("Dead ends"), dead, pal.nope if result.dead_ends else pal.muted),
                # Translators: a figure: the moves the farthest positions need
                (_("Longest optimal"), moves_text(result.max_distance), pal.accent),
                (_("Hardest positions"), f"{result.hardest_count:,}", pal.text),
                # Translators: a figure: the mean distance from the goal, a decimal ("12.3 moves")
                (_("Average distance"), _("{n:.1f} moves").format(n=self.average()), pal.text),
                # Translators: a figure: the distance from the goal that the most positions have
                (_("Most positions at"), moves_text(self.mode_distance()), pal.text),
                (_("The start needs"), moves_text(start_d) if start_d is not None else "—", pal.hint)]
        if self.spec.figures.published is not None:   # the literature's figure, beside ours
            # Translators: a figure: the solution's length as published in the puzzle's literature
            rows.append((_("Published"), moves_text(self.spec.figures.published), pal.muted))
        row_h = th.size_of("body") + th.px(12)
        for label, value, colour in rows:
            if y + row_h > c.bottom - th.size_of("tiny") * 3:
                break
            for surf, pos in stat_row(th, x, y, w, label, value, colour, "body"):
                surface.blit(surf, pos)
            y += row_h
            pygame.draw.line(surface, pal.panel_edge, (x, y - th.px(5)), (x + w, y - th.px(5)), 1)
        if not result.reached:
            note = _("Positions: those a player can reach from the start that can still reach the goal, each set of "
                     "positions alike but for a turn or a mirror counted once; the dead ends are too many to keep.")
        elif result.dead_ends:
            note = _("Positions: every position a player can reach from the start. Dead ends can never reach "
                     "the goal (moves are one-way).")
        else:
            note = _("Positions: every position a player can reach from the start.")
        if self.seconds is not None:
            # Translators: how long counting every position took, in seconds
            note += " " + _("Counted in {seconds:.2f} s.").format(seconds=self.seconds)
        y += th.px(4)
        for line in th.wrap(note, "tiny", w):
            if y + th.size_of("tiny") > c.bottom - pad:
                break
            surface.blit(th.text(line, "tiny", pal.dim), (x, y))
            y += th.size_of("tiny")

    def draw_thumbs(self, surface, chosen_only: bool) -> None:
        """All thumbnails unselected (the cached layer), or only the chosen one on top of it."""
        pal = self.theme.palette
        th = self.theme
        result = self.figures()
        c = self.thumbs_card
        pad = th.px(14, 6)
        hardest = self.hardest()
        if not chosen_only:
            far, count = result.max_distance, result.hardest_count
            if count > len(hardest):
                # Translators: the heading over the hardest positions' pictures, the first few of all of them
                head = ngettext("Hardest positions: {n:,} move to the goal (first {shown} of {count:,})",
                                "Hardest positions: {n:,} moves to the goal (first {shown} of {count:,})", far
                                ).format(n=far, shown=len(hardest), count=count)
            else:
                head = ngettext("Hardest positions: {n:,} move to the goal", "Hardest positions: {n:,} moves to the "
                                "goal", far).format(n=far)
            surface.blit(th.fit(head, "heading", c.w - 2 * pad), (c.x + pad, c.y + pad))
        for i, r in enumerate(self.thumb_rects):
            button = self.play_buttons[i]
            if i >= len(hardest):
                continue
            chosen = button.primary   # choose_thumb() marks the chosen one's button
            if chosen_only and not chosen:
                continue
            highlight = chosen and chosen_only  # the cached layer always holds the plain card
            pygame.draw.rect(surface, pal.card_hover if highlight else pal.card, r, border_radius=th.px(10))
            if highlight:
                pygame.draw.rect(surface, pal.accent, r, max(2, th.px(2)), border_radius=th.px(10))
            inner = r.inflate(-th.px(10), -th.px(10))
            surface.blit(self.thumb(hardest[i], inner.size), inner.topleft)

    def draw_no_table(self, surface) -> None:
        pal = self.theme.palette
        th = self.theme
        c = self.chart_card
        pad = th.px(24, 10)
        x, y, w = c.x + pad, c.y + pad, c.w - 2 * pad
        surface.blit(th.text(_("Why there is no chart here"), "heading", pal.text), (x, y))
        y += th.size_of("heading") + th.px(14)
        text = translated(self.spec.figures.note) or translated(self.oracle.no_table_reason())
        for line in th.wrap(text, "body", w):
            surface.blit(th.text(line, "body", pal.muted), (x, y))
            y += th.size_of("body") + th.px(3)
        s = self.side_card
        x, y, w = s.x + th.px(18), s.y + th.px(18), s.w - th.px(36)
        surface.blit(th.text(_("Published figures"), "heading", pal.text), (x, y))
        y += th.size_of("heading") + th.px(12)
        for label, value in self.spec.figures.rows:
            lab = th.text(translated(label), "small", pal.muted)
            val = th.text(translated(value), "body", pal.text)
            surface.blit(lab, (x, y))
            surface.blit(val, (x + w - val.get_width(), y))
            y += th.size_of("body") + th.px(12)
        limit = self.spec.dealer.searched_limit
        if limit is not None:
            t = self.thumbs_card
            msg = ngettext("Deal at a distance in the game (D) finds positions up to about {n:,} move out by search.",
                           "Deal at a distance in the game (D) finds positions up to about {n:,} moves out by search.",
                           limit).format(n=limit)
            surface.blit(th.fit(msg, "body", t.w - th.px(40), pal.muted), (t.x + th.px(20), t.y + th.px(20)))
