"""A collection's levels as a grid, as Sokoban players know it (YASC, JSoko): each level a small picture,
its number and title, a solved mark, the player's best under each count and the proven fewest where known.

Opened from a collection's card on the menu (the game's own warehouses, a player's ``.xsb`` or ``.sok``
file). The keys: arrows, Tab, Page Up and Page Down, Home and End choose, Enter plays, Esc goes back to
the menu; the mouse: a click plays, the wheel scrolls. A level played and left (Esc on its screen) comes
back here, chosen. The level chosen is kept per collection in the menu's memory (the collection's group
names it, as it names a card's chosen variant); on a first visit the first level not solved is chosen.

A collection may hold a thousand levels: only the tiles in view are laid out and drawn, a picture is drawn
as its tile comes into view (from the level's file rows, building no rules, where its family sketches it)
and a bounded number kept, and the figures are read from the records for the tiles in view only
(:mod:`game.ui.scenes.collection_grid`). A level's rules are built when it is played.
"""
from __future__ import annotations

from typing import Sequence

import pygame

from game.catalog.spec import Colour, PuzzleSpec
from game.common import i18n
from game.common.i18n import N_, _, ngettext
from game.common.phrase import translated
from game.files.errors import PuzzleFileError
from game.keeping.levels import LevelFigures, figures_of
from game.keeping.records import Records
from game.ui.context import Context, Scene
from game.ui.intents import DIRECTIONS, Intent
from game.ui.scenes.base import background
from game.ui.scenes.collection_grid import Faces, Pictures, Tile, draw_tile, face_of, lay_out_grid, title_of
from game.ui.scenes.menu_shelf import shipped
from game.ui.tween import glide_toward
from game.ui.widgets import Button

__all__ = ["CollectionScene", "PICTURE_BUDGET"]

PICTURE_BUDGET = 0.006   # seconds a frame may spend drawing pictures of tiles come into view
KEEP_SCREENS = 3         # pictures kept: this many screenfuls of tiles


class CollectionScene(Scene):
    """The grid of one collection's levels (``specs``, in order), titled ``title``; ``key`` names its chosen
    level in the menu's memory, ``colour`` its shelf's."""

    def __init__(self, ctx: Context, specs: Sequence[PuzzleSpec], title: str, key: str, colour: Colour) -> None:
        super().__init__(ctx)
        self.specs = list(specs)
        self.title, self.key, self.colour = title, key, colour
        self.index = {spec.name: i for i, spec in enumerate(self.specs)}
        self.optima = {name: row.optimum for name, row in shipped().items()}   # the game's own levels, proven
        self.back_button = Button(N_("Back"), Intent.BACK)
        self.selected = 0
        self.moved = False                   # the player chose a level here (the memory no longer decides)
        self.remembered = False              # the menu's memory read: the level it kept, or the first unsolved
        self.last_seen = ctx.journal.last    # the last level played, as the journal said when this opened
        self.scroll = self.scroll_target = 0.0
        self.hover: tuple[int, int] | None = None
        self.press: int | None = None
        self.note = ""
        self._figures: dict[int, LevelFigures] = {}
        self._figures_of: Records | None = None
        self._summary: tuple[tuple[Records, str], str] | None = None
        self.layout(ctx.size)
        self.remember()
        self.scroll = self.scroll_target

    # -- layout -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m = th.px(28, 12)
        bh = max(th.px(36), th.size_of("body") + th.px(14))
        bw = max(th.px(130), th.measure(_("Back"), th.size_of("small")) + th.px(80))
        self.back_button.rect = pygame.Rect(w - m - bw, m, bw, bh)
        self.margin = m
        room = self.back_button.rect.x - m - th.px(20)
        self.keys = th.wrap(_("Arrows, Page Up, Page Down, Home and End choose a level · Enter or a click plays it · "
                              "Esc: back to the menu"), "tiny", w - 2 * m)
        self.room = room
        top = m + th.size_of("title") + th.px(4) + th.size_of("small") + th.px(6) + len(self.keys) * th.size_of("tiny")
        top = max(top, self.back_button.rect.bottom) + th.px(10)
        foot_h = th.size_of("body") + th.size_of("small") + 3 * th.px(8)
        self.foot = pygame.Rect(0, h - foot_h, w, foot_h)
        view = pygame.Rect(m, top, w - 2 * m, max(th.px(60), self.foot.y - top - th.px(4)))
        counts = (self.specs[0].counts or (self.specs[0].count,)) if self.specs else ()
        self.grid = lay_out_grid(th, view, len(self.specs), counts)
        keep = KEEP_SCREENS * self.grid.columns * (self.grid.rows_in_view + 2)
        self.pictures = Pictures(self.specs, self.grid.frame.picture.size, keep, th.palette.dim)
        self.faces = Faces(self.grid.columns * (self.grid.rows_in_view + 2))
        self.ensure_visible()
        self.invalidate()

    def most_scroll(self) -> int:
        return max(0, self.grid.height - self.grid.view.h)

    def clamp_scroll(self) -> None:
        self.scroll_target = min(max(0.0, self.scroll_target), float(self.most_scroll()))

    def ensure_visible(self) -> None:
        """Scroll so that the chosen tile is wholly in view."""
        if not self.specs:
            return
        r, view, gap = self.grid.rect(self.selected), self.grid.view, self.grid.gap
        if r.bottom + gap - self.scroll_target > view.h:
            self.scroll_target = r.bottom + gap - view.h
        if r.y - gap - self.scroll_target < 0:
            self.scroll_target = r.y - gap
        self.clamp_scroll()

    # -- what it says -----------------------------------------------------------------------------
    def figures(self, index: int) -> LevelFigures:
        """Level ``index``'s figures from the records as they are now (read for the tiles drawn, and kept
        until the records change)."""
        records = self.ctx.journal.records
        if self._figures_of is not records:
            self._figures_of, self._figures = records, {}
        got = self._figures.get(index)
        if got is None:
            got = self._figures[index] = figures_of(self.specs[index], records, self.optima)
        return got

    def summary(self) -> str:
        """The header's line: how many levels, how many solved (added up once for each version of the records)."""
        of = (self.ctx.journal.records, i18n.language())
        if self._summary is None or self._summary[0][0] is not of[0] or self._summary[0][1] != of[1]:
            solved = sum(1 for i in range(len(self.specs)) if self.figures(i).solved)
            n = len(self.specs)
            # Translators: under a collection's title: its levels, and how many the player solved
            text = ngettext("{n:,} level · {solved:,} solved", "{n:,} levels · {solved:,} solved", n).format(
                n=n, solved=solved)
            self._summary = (of, text)
        return self._summary[1]

    def help_spec(self) -> PuzzleSpec | None:
        """F1: the help of the level chosen (none where its rules cannot be built)."""
        spec = self.chosen()
        if spec is None:
            return None
        try:
            spec.puzzle
        except PuzzleFileError:
            return None
        return spec

    def chosen(self) -> PuzzleSpec | None:
        return self.specs[self.selected] if self.specs else None

    # -- the menu's memory ------------------------------------------------------------------------
    def remember(self) -> None:
        """Once the journal has read the menu's memory: the level it kept for this collection, or on a first
        visit the first level not solved (unless the player chose one meanwhile)."""
        journal = self.ctx.journal
        if self.remembered or not journal.loaded or not self.specs:
            return
        self.remembered = True
        if self.moved:
            return
        kept = self.index.get(journal.chosen.get(self.key, ""))
        if kept is None:
            kept = next((i for i in range(len(self.specs)) if not self.figures(i).solved), 0)
        self.choose(kept)

    def follow_journal(self) -> None:
        """The level just played (a game left, or begun from here) is the one chosen."""
        self.remember()
        last = self.ctx.journal.last
        if last != self.last_seen:
            self.last_seen = last
            if last in self.index:
                self.choose(self.index[last])

    def keep_choice(self) -> None:
        """The level chosen, into the menu's memory (where it is not there already)."""
        spec = self.chosen()
        if spec is not None and self.remembered and self.ctx.journal.chosen.get(self.key) != spec.name:
            self.ctx.journal.keep_choice(self.key, spec.name)

    def leave(self) -> None:
        self.keep_choice()

    # -- input ------------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        if not self.specs:
            return
        index = min(max(0, index), len(self.specs) - 1)
        if index != self.selected:
            self.note = ""
        self.selected = index
        self.ensure_visible()
        self.invalidate()

    def step(self, intent: Intent) -> None:
        """Move the choice: a tile along (left, right, Tab), a row (up, down: to the last tile from a row
        above the last that has none under it), a screenful (Page Up, Page Down), to the first or the last."""
        n, columns, page = len(self.specs), self.grid.columns, self.grid.columns * self.grid.rows_in_view
        was = self.selected
        dr, dc = DIRECTIONS.get(intent, (0, 0))
        if intent in (Intent.NEXT, Intent.PREV) or dc:
            to = was + (1 if intent is Intent.NEXT or dc > 0 else -1)
        elif dr:
            to = was + dr * columns
            if dr > 0 and to >= n and was // columns < (n - 1) // columns:
                to = n - 1
            if not 0 <= to < n:
                to = was
        elif intent in (Intent.PAGE_UP, Intent.PAGE_DOWN):
            to = was + (page if intent is Intent.PAGE_DOWN else -page)
        else:
            to = 0 if intent is Intent.FIRST else n - 1
        self.moved = True
        self.choose(to)

    def play(self, index: int) -> None:
        """Open level ``index`` (the note says why where its rules cannot be built)."""
        self.choose(index)
        spec = self.specs[index]
        try:
            spec.puzzle
        except PuzzleFileError as err:
            self.pictures.broken[index] = str(err)
            self.note = str(err)
            self.invalidate()
            return
        self.moved = True
        self.ctx.nav.open_puzzle(spec.name)

    def back(self) -> None:
        self.keep_choice()
        self.ctx.nav.close(self)

    def handle_intent(self, intent: Intent) -> None:
        self.follow_journal()
        if not self.specs:
            if intent is Intent.BACK:
                self.back()
            return
        if intent in DIRECTIONS or intent in (Intent.NEXT, Intent.PREV, Intent.PAGE_UP, Intent.PAGE_DOWN,
                                              Intent.FIRST, Intent.LAST):
            self.step(intent)
        elif intent is Intent.CONFIRM:
            self.play(self.selected)
        elif intent is Intent.BACK:
            self.back()
        elif intent is Intent.MOTION:
            self.ctx.changes.toggle("reduce_motion")

    def handle_event(self, event: pygame.event.Event) -> None:
        self.follow_journal()
        scroll = int(self.scroll)
        if event.type == pygame.MOUSEMOTION:
            before = self.grid.at(self.hover, scroll) if self.hover else None
            self.hover = event.pos
            if self.grid.at(event.pos, scroll) != before or self.back_button.rect.collidepoint(event.pos):
                self.invalidate()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_target -= event.y * self.grid.pitch[1] * 0.5
            self.clamp_scroll()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = self.grid.at(event.pos, scroll)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.press = self.press, None
            if self.back_button.hit(event.pos):
                self.back()
                return
            at = self.grid.at(event.pos, scroll)
            if at is not None and at == pressed:
                self.play(at)

    def animating(self) -> bool:
        return self.scroll != self.scroll_target or self.pictures.missing(self.wanted())

    def wanted(self) -> range:
        """The tiles whose pictures are wanted now: those in view where the view is going, and a row either
        side, ready for the wheel."""
        shown, n = self.grid.in_view(int(self.scroll_target)), len(self.specs)
        return range(max(0, shown.start - self.grid.columns), min(n, shown.stop + self.grid.columns))

    def update(self, dt: float) -> None:
        self.follow_journal()
        if self.scroll != self.scroll_target:
            far = self.scroll_target - self.scroll
            if abs(far) > self.grid.view.h:   # a long way (End, a page): glide the last screenful only
                self.scroll = self.scroll_target - self.grid.view.h * (1 if far > 0 else -1)
            self.scroll = glide_toward(self.scroll, self.scroll_target, dt, self.ctx.settings.reduce_motion)
            self.invalidate()
        wanted = self.wanted()   # where the view goes first, then what it passes on the way
        if self.pictures.draw_some([*wanted, *(i for i in self.grid.in_view(int(self.scroll)) if i not in wanted)],
                                   PICTURE_BUDGET):
            self.invalidate()

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        th, pal = self.theme, self.theme.palette
        w, h = surface.get_size()
        surface.blit(background(pal, (w, h)), (0, 0))
        view = self.grid.view
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, view.y, w, view.h))
        self.draw_tiles(surface, int(self.scroll))
        surface.set_clip(clip)
        m = self.margin
        surface.blit(th.fit(translated(self.title), "title", self.room, pal.text, excerpt=True), (m, m))
        y = m + th.size_of("title") + th.px(4)
        pygame.draw.rect(surface, self.colour, (m - th.px(12), m + th.px(6), th.px(5), th.size_of("title") - th.px(8)),
                         border_radius=th.px(2))
        surface.blit(th.fit(self.summary(), "small", self.room, pal.muted), (m, y))
        y += th.size_of("small") + th.px(6)
        for line in self.keys:
            surface.blit(th.text(line, "tiny", pal.dim), (m, y))
            y += th.size_of("tiny")
        if self.scroll > 0:
            pygame.draw.line(surface, pal.panel_edge, (0, view.y - 1), (w, view.y - 1), 1)
        self.back_button.draw(surface, th, self.hover)
        self.draw_foot(surface)

    def draw_tiles(self, surface: pygame.Surface, scroll: int) -> None:
        """The tiles in view: each kept as last drawn where it looks the same (see :class:`Faces`)."""
        grid, th = self.grid, self.theme
        hovered = grid.at(self.hover, scroll) if self.hover else None
        for i in grid.in_view(scroll):
            r = grid.rect(i).move(0, grid.view.y - scroll)
            tile = Tile(i + 1, title_of(self.specs[i]), self.figures(i), i == self.selected, i == hovered,
                        i in self.pictures.broken)
            thumb = self.pictures.get(i)
            if thumb is None or tile.selected or tile.hover:
                draw_tile(surface, th, r, grid.frame, tile, thumb, self.colour)
                continue
            face = self.faces.get(i, tile)
            if face is None:
                face = face_of(th, grid.frame, tile, thumb, self.colour)
                self.faces.keep_face(i, tile, face)
            surface.blit(face, r.topleft)

    def draw_foot(self, surface: pygame.Surface) -> None:
        """Along the foot: the chosen level's number and full title, and its description (or why it cannot
        be opened)."""
        th, pal = self.theme, self.theme.palette
        r = self.foot
        surface.blit(background(pal, surface.get_size()), r, r)
        pygame.draw.line(surface, pal.panel_edge, r.topleft, r.topright, 1)
        spec = self.chosen()
        if spec is None:
            return
        m = self.margin
        pygame.draw.rect(surface, self.colour, (m - th.px(12), r.y + th.px(10), th.px(5), th.size_of("body") - th.px(4)),
                         border_radius=th.px(2))
        # Translators: along the foot of a collection's grid: the chosen level's number and title ("12 · Warehouse 12")
        head = _("{number:,} · {title}").format(number=self.selected + 1, title=title_of(spec))
        surface.blit(th.fit(head, "body", r.w - 2 * m, pal.text, excerpt=True), (m, r.y + th.px(8)))
        line = self.note or translated(spec.presentation.blurb)
        surface.blit(th.fit(line, "small", r.w - 2 * m, pal.nope if self.note else pal.muted, excerpt=True),
                     (m, r.y + th.px(8) + th.size_of("body") + th.px(4)))
