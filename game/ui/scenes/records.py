"""The records screen: every puzzle with the player's records against the optimum.

One row per puzzle (each variant of a card, each way of counting moves that was played), under its
shelf's heading: games solved, solved on one's own (no hint, no solver, no move marks), solved in
the fewest moves possible, the best solve against the optimum and the best time, its badge and its
stars (:mod:`game.ui.scenes.records_rows` says which rows have stars, and why), and under a puzzle
solved with help, what help its games had. Each shelf's heading counts its puzzles solved at par.
Games that began elsewhere than the puzzle's start have rows of their own under it, by distance.
The rows come from the journal's records in memory: this screen reads no file. Arrows or the wheel
scroll, Enter or a click plays the puzzle, Esc goes back.

A player's records may hold thousands of puzzles (files played and since removed among them), so the
table is a virtual list (:mod:`game.ui.virtual_list`): each row's height is known from its kind (and,
under a puzzle with help, from its words' lines), and a row is drawn only when it scrolls into view, the
last few kept. The header's totals are added up once for each version of the records, not every frame.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

import pygame

from game.midend.daily import streak_words, today
from game.common import i18n
from game.common.i18n import N_, _, ngettext
from game.midend.panel import clock
from game.keeping.records import Badge, Records
from game.ui import theme as T
from game.ui.badges import IN_PROGRESS, LOOKS, draw_badge, draw_in_progress, draw_stars, pill_size, stars_size
from game.ui.intents import Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.ui.tween import glide_toward
from game.ui.scenes.records_rows import OTHERS, Row, best_text, puzzle_label, rows
from game.ui.virtual_list import VirtualList
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
        self._made_of: tuple[Records, str] | None = None   # the records the rows were made of, and in what language
        self._summed: tuple[object, list[tuple[str, T.Colour]]] | None = None   # the header's lines, and of what
        self.rows: list[Row] = []
        self._playable: list[int] = []
        self.list = VirtualList([], self._picture, 1)
        self.layout(ctx.size)

    # -- layout -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        self._make_rows()
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
        self._room = self._name_room(self.view.w)
        self._badge_w = max(pill_size(th, label, icon)[0] for label, _pill, icon in LOOKS.values())   # the widest
        self._busy_w = pill_size(th, IN_PROGRESS[0], IN_PROGRESS[2])[0]
        self._pill_line = th.size_of("tiny") + th.px(6)   # under a crowded puzzle's label: its pills
        self._label_px = th.size_of("small")
        # no label narrower than this many characters can need measuring: none is wider than these
        self._em = max(th.measure(ch, self._label_px) for ch in "W@—漢")
        self.rebuild()

    def _make_rows(self) -> None:
        """The rows for the records as they are now, made again only where they (or the language) changed."""
        journal = self.ctx.journal
        if self._made_of == (journal.records, i18n.language()):
            return
        self._made_of = journal.records, i18n.language()
        self.rows = rows(journal.records, journal.in_progress)
        self._playable = [i for i, row in enumerate(self.rows) if row.kind == "puzzle" and row.name is not None]

    def rebuild(self) -> None:
        """Where each row lies, from its height; rows are drawn as they come into view."""
        lines: dict[str, int] = {}   # a help row's words -> its lines (many puzzles had the same help)
        heights = [self._height(row, lines) for row in self.rows]
        shortest = min(self._height(Row("key", "")), self._height(Row("shelf", "")))
        self.list = VirtualList(heights, self._picture, keep=2 * (self.view.h // shortest + 2))
        self.clamp_scroll()
        self.invalidate()

    @property
    def row_tops(self) -> list[int]:
        return self.list.tops

    @property
    def heights(self) -> list[int]:
        return self.list.heights

    def _picture(self, i: int) -> pygame.Surface:
        """Row ``i`` drawn on its own, as wide as the table and as tall as the row."""
        surface = pygame.Surface((self.view.w, self.list.heights[i]), pygame.SRCALPHA)
        self.draw_row(surface, self.rows[i], 0)
        return surface

    def _height(self, row: Row, lines: dict[str, int] | None = None) -> int:
        th = self.theme
        if row.kind == "shelf":
            return th.size_of("heading") + th.px(14)
        if row.kind == "help":
            known = lines if lines is not None else {}
            if row.label not in known:
                known[row.label] = len(self._help_lines(row))
            return known[row.label] * self._help_step() + th.px(6)
        if row.kind == "puzzle":
            return self.row_h + (self._pill_line if self._crowded(row) else 0)
        return th.size_of("tiny") + th.px(8)

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

    @property
    def content_h(self) -> int:
        """How tall the table's rows are in all, with a margin under the last."""
        return self.list.height + self.theme.px(8)

    def clamp_scroll(self) -> None:
        most = max(0, self.content_h - self.view.h)
        self.scroll_target = min(max(0.0, self.scroll_target), float(most))

    # -- input ------------------------------------------------------------------------------------
    def playable(self) -> list[int]:
        """The rows a player can choose (a puzzle there is to play), in order."""
        return self._playable

    def handle_intent(self, intent: Intent) -> None:
        if intent in (Intent.BACK, Intent.RESTART):
            self.ctx.nav.back_to_menu()
        elif intent in (Intent.UP, Intent.DOWN, Intent.NEXT, Intent.PREV):
            choices = self.playable()
            if not choices:
                return
            step = 1 if intent in (Intent.DOWN, Intent.NEXT) else -1
            self.selected = choices[self._next(choices, step) % len(choices)]
            self.show(self.selected)
        elif intent is Intent.CONFIRM and self.selected is not None:
            self.play(self.selected)
        self.invalidate()

    def _next(self, choices: list[int], step: int) -> int:
        """Where in ``choices`` a step from the row chosen now lands (before wrapping round)."""
        if self.selected is None:
            return 0 if step > 0 else -1
        if step > 0:
            return bisect_right(choices, self.selected)
        return bisect_left(choices, self.selected) - 1

    def show(self, index: int) -> None:
        """Scroll so that row ``index`` is in view."""
        top, bottom = self.row_tops[index], self.row_tops[index] + self.heights[index]   # its pills too, if under it
        if top - self.scroll_target < 0:
            self.scroll_target = top - self.theme.px(30)
        elif bottom - self.scroll_target > self.view.h:
            self.scroll_target = bottom - self.view.h + self.theme.px(30)
        self.clamp_scroll()

    def play(self, index: int) -> None:
        name = self.rows[index].name
        if name is not None:
            self.ctx.nav.back_to_menu()
            self.ctx.nav.open_puzzle(name)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        i = self.list.at(pos[1] - self.view.y + int(self.scroll))
        return i if i is not None and self.rows[i].kind == "puzzle" and self.rows[i].name is not None else None

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
        if self._made_of is None or self._made_of[0] is not self.ctx.journal.records:   # a file read late, at start-up
            self.layout(self.ctx.size)
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
        mid = y + (self._height(row) if key else self.row_h) // 2   # a puzzle's figures: on its label's line
        indent = th.px(34) if key else th.px(14)
        if row.kind == "puzzle":
            self._draw_name(surface, row, y)
        else:
            label = th.fit(row.label, role, int(w * COLUMNS[0][1]) - indent - th.px(90), pal.colour_of(row.colour))
            surface.blit(label, label.get_rect(midleft=(indent, mid)))
        record = row.record
        if record is None:
            if row.kind == "puzzle":
                text = th.text(_("not solved yet"), "tiny", pal.dim)
                surface.blit(text, text.get_rect(midright=(int(w * COLUMNS[0][1]), mid)))
            return
        best, best_tone = best_text(record)
        values = [(str(record.solved), pal.text), (str(record.own), pal.text if record.own else pal.dim),
                  (str(record.optimal), pal.good if record.optimal else pal.dim), (best, pal.tone(best_tone)),
                  (clock(record.best_time) if record.best_time is not None else "–",
                   pal.text if record.best_time is not None else pal.dim)]
        for (value, colour), (_heading, at) in zip(values, COLUMNS):
            surf = th.text(value, role, colour if not key else T.mix(colour, pal.muted, 0.3))   # quieter, as readable
            surface.blit(surf, surf.get_rect(midright=(int(w * at), mid)))

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
            right = max(self._room[0], th.px(14) + heading.get_width() + th.px(12)
                        + note.get_width())
            surface.blit(note, note.get_rect(bottomright=(right, top + heading.get_height() - th.px(2))))

    def _pills(self, row: Row) -> int:
        """How wide a puzzle's badge and "in progress" are, with the gaps before and between them."""
        th = self.theme
        badge, busy = row.badge is not Badge.NONE, row.in_progress
        return ((th.px(10) if badge or busy else 0) + (self._badge_w + th.px(6) if badge else 0)
                + (self._busy_w if busy else 0))

    def _crowded(self, row: Row) -> bool:
        """A puzzle whose label and pills do not fit on one line (a long name, large text, a narrow window):
        its pills go on a line of their own under the label, so the label is never cut for them."""
        pills = self._pills(row)
        room = self._room[1] - self.theme.px(14) - pills
        if row.kind != "puzzle" or not pills or len(row.label) * self._em <= room:
            return False
        return self.theme.measure(row.label, self._label_px) > room

    def _draw_name(self, surface: pygame.Surface, row: Row, y: int) -> None:
        """A puzzle's label, its badge and "in progress" after it (or under it, where they would not fit),
        and its stars in a column of their own."""
        th, pal = self.theme, self.theme.palette
        indent = th.px(14)
        stars_right, name_end = self._room
        bw = self._badge_w
        crowded = self._crowded(row)
        room = name_end - indent - (0 if crowded else self._pills(row))
        # a puzzle file's name may be as long as its file system allows: the one label meant to be cut
        label = th.fit(row.label, "small", room, pal.colour_of(row.colour), excerpt=row.name is None)
        surface.blit(label, label.get_rect(midleft=(indent, y + self.row_h // 2)))
        x = indent if crowded else indent + label.get_width() + th.px(10)
        pill_h = th.size_of("tiny") + th.px(4)
        pill_y = y + self.row_h - th.px(4) if crowded else y + (self.row_h - pill_h) // 2
        if row.badge is not Badge.NONE:
            drawn = draw_badge(surface, th, row.badge, (x + bw, pill_y))
            x = (drawn.right if drawn is not None else x) + th.px(6)
        if row.in_progress:
            draw_in_progress(surface, th, (x, pill_y))
        draw_stars(surface, th, row.stars, (stars_right, y + (self.row_h + stars_size(th)[1]) // 2))

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
        self.list.draw(surface, view.x, view.y, off, view.h)
        surface.set_clip(clip)
        if self.content_h - off > view.h:   # more below
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
        streak (the header is as tall as these lines need). Added up once for each version of the records."""
        pal, records = self.theme.palette, self.ctx.journal.records
        of = (records, pal, today(), i18n.language())
        if self._summed is None or self._summed[0] != of:
            self._summed = of, [(self.totals(), pal.accent if records.puzzles else pal.dim),
                                     (streak_words(records.days, today()), pal.accent if records.days else pal.dim)]
        return self._summed[1]

    def totals(self) -> str:
        """The records added up, from the rows (a row for each puzzle with records, its total and stars)."""
        self._make_rows()
        if not self.ctx.journal.records.puzzles:
            return _("No puzzle solved yet: your first win will be here.")
        totals = [row.record for row in self.rows if row.kind == "puzzle" and row.record is not None]
        solved = sum(1 for t in totals if t.solved)
        own = sum(1 for t in totals if t.own)
        optimal = sum(1 for t in totals if t.optimal)
        par = sum(1 for row in self.rows if row.kind == "puzzle" and row.stars.count == 3)   # as at_par counts
        # Translators: the records' totals; "at par": solved from the start in the fewest moves, on one's own
        return ngettext("{n:,} puzzle solved · {own:,} on your own · {optimal:,} in the fewest moves possible · "
                        "{par:,} at par",
                        "{n:,} puzzles solved · {own:,} on your own · {optimal:,} in the fewest moves possible · "
                        "{par:,} at par", solved).format(n=solved, own=own, optimal=optimal, par=par)
