"""The records screen: every puzzle with the player's records against the optimum.

One row per puzzle (each variant of a card, each way of counting moves that was played), under its
shelf's heading: games solved, solved on one's own (no hint, no solver, no move marks), solved in
the fewest moves possible, the best solve against the optimum and the best time, its badge and its
stars (:mod:`game.ui.scenes.records_rows` says which rows have stars, and why), and under a puzzle
solved with help, what help its games had. Each shelf's heading counts its puzzles solved at par.
Games that began elsewhere than the puzzle's start have rows of their own under it, by distance.
The rows come from the journal's records in memory: this screen reads no file. Arrows or the wheel
scroll, Enter or a click plays the puzzle, Esc goes back.
"""
from __future__ import annotations

import pygame

from game.midend.daily import streak_words, today
from game.common.i18n import N_, _, ngettext
from game.midend.panel import clock
from game.keeping.records import Badge, Records
from game.keeping.stars import at_par
from game.ui import theme as T
from game.ui.badges import IN_PROGRESS, LOOKS, draw_badge, draw_in_progress, draw_stars, pill_size, stars_size
from game.ui.intents import Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.ui.tween import glide_toward
from game.ui.scenes.records_rows import OTHERS, Row, best_text, puzzle_label, rows
from game.ui.widgets import Button, card

__all__ = ["COLUMNS", "OTHERS", "RecordsScene", "Row", "best_text", "puzzle_label", "rows"]


# Translators: the records table's column headings (shown in capitals in English): games solved, solved
# without help, solved in the fewest moves, the best solve against the optimum, the fastest solve
COLUMNS = ((N_("Solved"), 0.50), (N_("On your own"), 0.615), (N_("Optimal"), 0.72), (N_("Best"), 0.835),
           (N_("Best time"), 0.95))


class RecordsScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.back_button = Button(N_("Back"), Intent.BACK)
        self.hover: tuple[int, int] | None = None
        self.scroll = 0.0
        self.scroll_target = 0.0
        self.selected: int | None = None        # index into rows of the puzzle row chosen by keys
        self._static: pygame.Surface | None = None
        self._records: Records | None = None
        self.rows: list[Row] = []
        self.layout(ctx.size)

    # -- layout -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m = th.px(28, 12)
        bh = max(th.px(36), th.size_of("body") + th.px(14))
        self.back_button.rect = pygame.Rect(w - m - th.px(130), m, th.px(130), bh)
        room = self.back_button.rect.x - m - th.px(20)
        self.blurb = th.wrap(_("Your best against the optimum, puzzle by puzzle. A game with a hint, the solver or "
                               "move marks counts as solved with help, never as your own."), "small", room)[:2]
        # the title, the blurb, then the summary's lines (the totals), each line as tall as the text
        self.header_h = (th.size_of("title") + th.px(6) + th.size_of("small") * (len(self.blurb) + len(self.summary()))
                         + th.px(8))
        self.table = pygame.Rect(m, m + self.header_h + th.px(10), w - 2 * m, h - 2 * m - self.header_h - th.px(10))
        self.row_h = th.size_of("small") + th.px(12)
        self.view = self.table.inflate(-2 * th.px(14), -2 * th.px(10))
        # each column's heading, on two lines where one is wider than the room between two columns
        between = int(self.view.w * min(b[1] - a[1] for a, b in zip(COLUMNS, COLUMNS[1:]))) - th.px(10)
        self.captions = [th.wrap(_(label).upper(), "tiny", between)[:2] for label, _at in COLUMNS]
        self.head_h = th.size_of("tiny") * max(len(lines) for lines in self.captions) + th.px(16)
        self.view.y += self.head_h
        self.view.h -= self.head_h + th.size_of("tiny") + th.px(8)   # a strip below the rows for "more below"
        self.rebuild()

    def rebuild(self) -> None:
        """The rows for the records as they are now, and their picture (drawn once, scrolled after)."""
        journal = self.ctx.journal
        self._records = journal.records
        self.rows = rows(journal.records, journal.in_progress)
        th = self.theme
        self.heights = [self._height(row) for row in self.rows]
        self._static = pygame.Surface((self.view.w, max(1, sum(self.heights) + th.px(8))), pygame.SRCALPHA)
        y = 0
        self.row_tops: list[int] = []
        for row, h in zip(self.rows, self.heights):
            self.row_tops.append(y)
            self.draw_row(self._static, row, y)
            y += h
        self.clamp_scroll()
        self.invalidate()

    def _height(self, row: Row) -> int:
        th = self.theme
        if row.kind == "shelf":
            return th.size_of("heading") + th.px(14)
        if row.kind == "help":
            return len(self._help_lines(row)) * self._help_step() + th.px(6)
        return self.row_h if row.kind == "puzzle" else th.size_of("tiny") + th.px(8)

    def _help_lines(self, row: Row) -> list[str]:
        """A help row's words, wrapped under its puzzle's label (across the figures' columns: it has none)."""
        return self.theme.wrap(row.label, "tiny", self.view.w - self.theme.px(14 + 8))

    def _help_step(self) -> int:
        return self.theme.size_of("tiny") + self.theme.px(3)

    def _name_room(self, w: int) -> tuple[int, int]:
        """Where a puzzle row's stars end (right of the label and its pills, left of the first figure's
        column) and where its label and pills must end."""
        th = self.theme
        first = max([th.text(line, "tiny").get_width() for line in self.captions[0]]
                    + [th.text("9,999", "small").get_width()])
        stars_right = int(w * COLUMNS[0][1]) - first - th.px(12)
        return stars_right, stars_right - stars_size(th)[0] - th.px(10)

    def clamp_scroll(self) -> None:
        most = max(0, (self._static.get_height() if self._static else 0) - self.view.h)
        self.scroll_target = min(max(0.0, self.scroll_target), float(most))

    # -- input ------------------------------------------------------------------------------------
    def playable(self) -> list[int]:
        return [i for i, row in enumerate(self.rows) if row.kind == "puzzle" and row.name is not None]

    def handle_intent(self, intent: Intent) -> None:
        if intent in (Intent.BACK, Intent.RESTART):
            self.ctx.nav.back_to_menu()
        elif intent in (Intent.UP, Intent.DOWN, Intent.NEXT, Intent.PREV):
            choices = self.playable()
            if not choices:
                return
            step = 1 if intent in (Intent.DOWN, Intent.NEXT) else -1
            at = choices.index(self.selected) if self.selected in choices else (-1 if step > 0 else 0)
            self.selected = choices[(at + step) % len(choices)]
            self.show(self.selected)
        elif intent is Intent.CONFIRM and self.selected is not None:
            self.play(self.selected)
        self.invalidate()

    def show(self, index: int) -> None:
        """Scroll so that row ``index`` is in view."""
        top = self.row_tops[index]
        if top - self.scroll_target < 0:
            self.scroll_target = top - self.theme.px(30)
        elif top + self.row_h - self.scroll_target > self.view.h:
            self.scroll_target = top + self.row_h - self.view.h + self.theme.px(30)
        self.clamp_scroll()

    def play(self, index: int) -> None:
        name = self.rows[index].name
        if name is not None:
            self.ctx.nav.back_to_menu()
            self.ctx.nav.open_puzzle(name)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        y = pos[1] - self.view.y + int(self.scroll)
        for i, top in enumerate(self.row_tops):
            if top <= y < top + self.heights[i]:
                return i if self.rows[i].kind == "puzzle" and self.rows[i].name is not None else None
        return None

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            if self.row_at(event.pos) != (self.row_at(self.hover) if self.hover else None):
                self.invalidate()
            self.hover = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_target -= event.y * self.theme.px(80)
            self.clamp_scroll()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.back_button.hit(event.pos):
                self.ctx.nav.back_to_menu()
                return
            i = self.row_at(event.pos)
            if i is not None:
                self.play(i)

    def animating(self) -> bool:
        return self.scroll != self.scroll_target

    def update(self, dt: float) -> None:
        if self._records is not self.ctx.journal.records:   # a records file read late, at start-up
            self.rebuild()
        if self.scroll == self.scroll_target:
            return
        self.scroll = glide_toward(self.scroll, self.scroll_target, dt, self.ctx.settings.reduce_motion)
        self.invalidate()

    # -- drawing ----------------------------------------------------------------------------------
    def draw_row(self, surface: pygame.Surface, row: Row, y: int) -> None:
        pal = self.theme.palette
        th = self.theme
        w = surface.get_width()
        if row.kind == "shelf":
            self._draw_shelf(surface, row, y)
            return
        if row.kind == "help":
            for n, line in enumerate(self._help_lines(row)):
                surface.blit(th.text(line, "tiny", pal.muted), (th.px(14 + 8), y + th.px(1) + n * self._help_step()))
            return
        key = row.kind == "key"
        role = "tiny" if key else "small"
        h = self._height(row)
        indent = th.px(34) if key else th.px(14)
        if row.kind == "puzzle":
            self._draw_name(surface, row, y, h)
        else:
            label = th.fit(row.label, role, int(w * COLUMNS[0][1]) - indent - th.px(90), pal.colour_of(row.colour))
            surface.blit(label, label.get_rect(midleft=(indent, y + h // 2)))
        record = row.record
        if record is None:
            if row.kind == "puzzle":
                text = th.text(_("not solved yet"), "tiny", pal.dim)
                surface.blit(text, text.get_rect(midright=(int(w * COLUMNS[0][1]), y + h // 2)))
            return
        best, best_tone = best_text(record)
        values = [(str(record.solved), pal.text), (str(record.own), pal.text if record.own else pal.dim),
                  (str(record.optimal), pal.good if record.optimal else pal.dim), (best, pal.tone(best_tone)),
                  (clock(record.best_time) if record.best_time is not None else "–",
                   pal.text if record.best_time is not None else pal.dim)]
        for (value, colour), (_heading, at) in zip(values, COLUMNS):
            surf = th.text(value, role, colour if not key else T.mix(colour, pal.muted, 0.3))   # quieter, as readable
            surface.blit(surf, surf.get_rect(midright=(int(w * at), y + h // 2)))

    def _draw_shelf(self, surface: pygame.Surface, row: Row, y: int) -> None:
        """A shelf's heading in its colour, and how many of its puzzles were solved at par, over their stars."""
        th, pal = self.theme, self.theme.palette
        top = y + th.px(6)
        pygame.draw.rect(surface, pal.colour_of(row.colour),
                         (0, top + th.px(3), th.px(5), th.size_of("heading") - th.px(4)), border_radius=th.px(2))
        heading = th.text(row.label, "heading", pal.text)
        surface.blit(heading, (th.px(14), top))
        if row.note:
            note = th.text(row.note, "small", pal.muted)
            right = max(self._name_room(surface.get_width())[0], th.px(14) + heading.get_width() + th.px(12)
                        + note.get_width())
            surface.blit(note, note.get_rect(bottomright=(right, top + heading.get_height() - th.px(2))))

    def _draw_name(self, surface: pygame.Surface, row: Row, y: int, h: int) -> None:
        """A puzzle's label, its badge and "in progress" after it, and its stars in a column of their own."""
        th, pal = self.theme, self.theme.palette
        indent = th.px(14)
        stars_right, name_end = self._name_room(surface.get_width())
        bw = max(pill_size(th, label, icon)[0] for label, _pill, icon in LOOKS.values())   # the widest badge
        badge, busy = row.badge is not Badge.NONE, row.in_progress
        pills = ((th.px(10) if badge or busy else 0) + (bw + th.px(6) if badge else 0)
                 + (pill_size(th, IN_PROGRESS[0], IN_PROGRESS[2])[0] if busy else 0))
        label = th.fit(row.label, "small", name_end - indent - pills, pal.colour_of(row.colour))
        surface.blit(label, label.get_rect(midleft=(indent, y + h // 2)))
        x = indent + label.get_width() + th.px(10)
        pill_y = y + (h - (th.size_of("tiny") + th.px(4))) // 2
        if row.badge is not Badge.NONE:
            drawn = draw_badge(surface, th, row.badge, (x + bw, pill_y))
            x = (drawn.right if drawn is not None else x) + th.px(6)
        if busy:
            draw_in_progress(surface, th, (x, pill_y))
        draw_stars(surface, th, row.stars, (stars_right, y + (h + stars_size(th)[1]) // 2))

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        th = self.theme
        w, h = surface.get_size()
        surface.blit(background(self.theme.palette, (w, h)), (0, 0))
        x, y = self.table.x, th.px(28, 12)
        surface.blit(th.text(_("Records"), "title", pal.text), (x, y))
        y += th.size_of("title") + th.px(6)
        room = self.back_button.rect.x - x - th.px(20)
        for line in self.blurb:
            surface.blit(th.text(line, "small", pal.muted), (x, y))
            y += th.size_of("small")
        y += th.px(4)
        for text, colour in self.summary():
            surface.blit(th.fit(text, "small", room, colour), (x, y))
            y += th.size_of("small")
        card(surface, th, self.table, 16)
        head_y = self.table.y + th.px(10)
        view = self.view
        for lines, (_label, at) in zip(self.captions, COLUMNS):
            for n, line in enumerate(lines):
                cap = th.text(line, "tiny", pal.dim)
                surface.blit(cap, cap.get_rect(topright=(view.x + int(view.w * at), head_y + n * th.size_of("tiny"))))
        # Translators: the records table's first column heading (shown in capitals in English)
        cap = th.text(_("Puzzle").upper(), "tiny", pal.dim)
        surface.blit(cap, (view.x + th.px(14), head_y))
        pygame.draw.line(surface, pal.panel_edge, (view.x, view.y - th.px(4)), (view.right, view.y - th.px(4)), 1)
        clip = surface.get_clip()
        surface.set_clip(view)
        off = int(self.scroll)
        hovered = self.row_at(self.hover) if self.hover else None
        for i in {hovered, self.selected} - {None}:
            assert i is not None
            band = pygame.Rect(view.x, view.y + self.row_tops[i] - off, view.w, self.heights[i])
            pygame.draw.rect(surface, pal.card_hover, band, border_radius=th.px(6))
            if i == self.selected:
                pygame.draw.rect(surface, pal.accent, band, max(1, th.px(2)), border_radius=th.px(6))
        if self._static is not None:
            surface.blit(self._static, view.topleft, pygame.Rect(0, off, view.w, view.h))
        surface.set_clip(clip)
        if self._static is not None and self._static.get_height() - off > view.h:   # more below
            more = th.text(_("more below: scroll or use the arrows"), "tiny", pal.muted)
            where = more.get_rect(midbottom=(self.table.centerx, self.table.bottom - th.px(4)))
            pill = where.inflate(th.px(16), th.px(4))   # over the last row's text, never through it
            pygame.draw.rect(surface, pal.card_hover, pill, border_radius=pill.h // 2)
            surface.blit(more, where)
        for line in self.ctx.journal.problems[:1]:
            note = th.fit(line, "tiny", w - 2 * x, pal.nope)
            surface.blit(note, (x, h - note.get_height() - th.px(4)))
        self.back_button.draw(surface, th, self.hover)

    def summary(self) -> list[tuple[str, T.Colour]]:
        """The header's lines under the blurb, each with its colour: the totals and the daily puzzle's
        streak (the header is as tall as these lines need)."""
        pal, records = self.theme.palette, self.ctx.journal.records
        return [(self.totals(), pal.accent if records.puzzles else pal.dim),
                (streak_words(records.days, today()), pal.accent if records.days else pal.dim)]

    def totals(self) -> str:
        records = self.ctx.journal.records
        names = list(records.puzzles)
        if not names:
            return _("No puzzle solved yet: your first win will be here.")
        solved = sum(1 for n in names if records.total(n).solved)
        own = sum(1 for n in names if records.total(n).own)
        optimal = sum(1 for n in names if records.total(n).optimal)
        par = at_par(records, names)[0]
        # Translators: the records' totals; "at par": solved from the start in the fewest moves, on one's own
        return ngettext("{n:,} puzzle solved · {own:,} on your own · {optimal:,} in the fewest moves possible · "
                        "{par:,} at par",
                        "{n:,} puzzles solved · {own:,} on your own · {optimal:,} in the fewest moves possible · "
                        "{par:,} at par", solved).format(n=solved, own=own, optimal=optimal, par=par)
