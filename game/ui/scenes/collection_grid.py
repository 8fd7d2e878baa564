"""The grid of a collection's levels: where each tile lies and which are in view, the pictures (drawn as
their tiles come into view, a bounded number kept), and one tile drawn.

A collection may hold a thousand levels, so nothing here is done for every level: the grid knows where
tile ``i`` lies from its number alone (row ``i // columns``), a frame lays out and draws only the tiles in
view, and a picture is drawn only when its tile first shows: from the level's file rows where its family
offers a sketch (no rules built), else by its board view (its rules built then). Drawing pictures takes
at most a few milliseconds a frame; the tiles still waiting show an empty frame meanwhile.

Every tile has the same size, fixed by the window and the text size: its picture, its number and title with
the solved mark beside them, a line of the player's best and a line of the proven fewest, each count by
name (a Sokoban level's moves and pushes). Each part has its place whether or not it says anything yet,
and the tile is as wide as the longest of those lines can be, so a first solve moves nothing and no figure
is ever cut.
"""
from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.common.phrase import translated
from game.files.errors import PuzzleFileError
from game.keeping.levels import LevelFigures
from game.keeping.records import Badge
from game.rules.counts import Count
from game.ui import theme as T
from game.ui.badges import LOOKS, draw_icon
from game.ui.scenes.menu_card import picture
from game.ui.theme import Theme
from game.ui.views import sketch_for
from game.ui.widgets import card as draw_card

__all__ = ["Faces", "Grid", "Pictures", "Tile", "TileFrame", "best_line", "draw_tile", "face_of", "fewest_line",
           "lay_out_grid", "tile_frame"]

TILE_WIDTH = 176      # the least width of a tile, in layout units
PICTURE_RATIO = 0.62  # the picture's box: this much as tall as it is wide
INSET = 8
WIDEST = 99_999       # the figures a tile makes room for


@dataclass(frozen=True)
class TileFrame:
    """Where a tile's parts go, inside the tile (its top-left at 0, 0)."""

    size: tuple[int, int]
    picture: pygame.Rect
    title_y: int
    mark: pygame.Rect      # the solved mark's place, right of the title
    best_y: int
    fewest_y: int


def tile_frame(th: Theme, width: int) -> TileFrame:
    inset = th.px(INSET)
    inner = width - 2 * inset
    pic = pygame.Rect(inset, inset, inner, int(inner * PICTURE_RATIO))
    title_y = pic.bottom + th.px(6)
    small, tiny = th.size_of("small"), th.size_of("tiny")
    mark = pygame.Rect(width - inset - small, title_y, small, small)
    best_y = title_y + small + th.px(3)
    fewest_y = best_y + tiny + th.px(1)
    return TileFrame((width, fewest_y + tiny + inset), pic, title_y, mark, best_y, fewest_y)


def least_width(th: Theme, counts: Sequence[Count]) -> int:
    """The width a tile needs for its longest line of figures, every count at its widest, in this language."""
    widest = max(th.measure(line, th.size_of("tiny")) for line in
                 (best_line(counts, [WIDEST] * len(counts)), fewest_line(counts, [WIDEST] * len(counts)),
                  _("not solved yet"), _("Solved with help"), _("Fewest: not known")))
    return max(th.px(TILE_WIDTH), widest + 2 * th.px(INSET) + th.px(4))


@dataclass(frozen=True)
class Grid:
    """The tiles of ``count`` levels in ``columns`` columns, in content coordinates (the first row at y = 0,
    shown at ``view``'s top when not scrolled)."""

    view: pygame.Rect      # where the grid shows on screen
    count: int
    columns: int
    frame: TileFrame
    gap: int

    @property
    def pitch(self) -> tuple[int, int]:
        return self.frame.size[0] + self.gap, self.frame.size[1] + self.gap

    @property
    def rows(self) -> int:
        return -(-self.count // self.columns)

    @property
    def height(self) -> int:
        """How tall the tiles are in all, with room under the last row for its shadow."""
        return self.rows * self.pitch[1] + self.gap

    @property
    def rows_in_view(self) -> int:
        """Whole rows the view shows at once (at least one): what Page Up and Page Down step by."""
        return max(1, (self.view.h - self.gap) // self.pitch[1])

    def rect(self, index: int) -> pygame.Rect:
        """Tile ``index``'s place in content coordinates."""
        row, column = divmod(index, self.columns)
        return pygame.Rect(self.view.x + column * self.pitch[0], self.gap + row * self.pitch[1], *self.frame.size)

    def in_view(self, scroll: int) -> range:
        """The tiles any part of which shows with the grid scrolled by ``scroll``."""
        first = max(0, (scroll - self.gap) // self.pitch[1])
        last = (scroll + self.view.h) // self.pitch[1]
        return range(min(self.count, first * self.columns), min(self.count, (last + 1) * self.columns))

    def at(self, pos: tuple[int, int], scroll: int) -> int | None:
        """The tile at ``pos`` on screen (None: a gap, or outside the view)."""
        if not self.view.collidepoint(pos):
            return None
        x, y = pos[0] - self.view.x, pos[1] - self.view.y + scroll - self.gap
        column, row = x // self.pitch[0], y // self.pitch[1]
        index = row * self.columns + column
        if y < 0 or column >= self.columns or index >= self.count:
            return None
        return index if self.rect(index).collidepoint(pos[0], pos[1] - self.view.y + scroll) else None


def lay_out_grid(th: Theme, view: pygame.Rect, count: int, counts: Sequence[Count]) -> Grid:
    """As many columns as tiles of the least width fit ``view``'s width, the tiles widened to fill it."""
    gap = th.px(14)
    least = min(least_width(th, counts), view.w)
    columns = max(1, (view.w + gap) // (least + gap))
    width = (view.w - (columns - 1) * gap) // columns
    return Grid(view, max(0, count), columns, tile_frame(th, width), gap)


class Pictures:
    """Each level's picture at one size: drawn when its tile is in view, the last ``keep`` kept. ``drawn``
    counts the pictures drawn; ``broken`` holds why a level's picture could not be drawn (its rules)."""

    def __init__(self, specs: Sequence[PuzzleSpec], size: tuple[int, int], keep: int,
                 chevron: T.Colour = (128, 128, 128)) -> None:
        self.specs, self.size, self.keep, self.chevron = specs, size, max(1, keep), chevron
        self.drawn = 0
        self.broken: dict[int, str] = {}
        self._kept: OrderedDict[int, pygame.Surface] = OrderedDict()

    def get(self, index: int) -> pygame.Surface | None:
        got = self._kept.get(index)
        if got is not None:
            self._kept.move_to_end(index)
        return got

    def draw_some(self, wanted: Sequence[int], budget: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Draw the pictures of ``wanted`` not drawn yet, in order, for about ``budget`` seconds (one at least);
        True if any was drawn."""
        started, any_drawn = clock(), False
        for index in wanted:
            if index in self._kept:
                self._kept.move_to_end(index)
                continue
            if any_drawn and clock() - started >= budget:
                break
            self._kept[index] = self._draw(index)
            self.drawn += 1
            any_drawn = True
            while len(self._kept) > self.keep:
                self._kept.popitem(last=False)
        return any_drawn

    def missing(self, wanted: Sequence[int]) -> bool:
        return any(index not in self._kept for index in wanted)

    def _draw(self, index: int) -> pygame.Surface:
        spec = self.specs[index]
        sketch = sketch_for(spec)
        if sketch is not None:
            got = sketch(spec.presentation.sketch, self.size)
            if isinstance(got, pygame.Surface):
                return got
        try:
            return picture(spec, self.size, self.chevron)
        except PuzzleFileError as err:
            self.broken[index] = str(err)
            return pygame.Surface(self.size, pygame.SRCALPHA)

    @property
    def kept(self) -> int:
        return len(self._kept)


class Faces:
    """Tiles as last drawn, each kept with what it showed (the last ``keep`` of them): a frame blits a
    screenful of these rather than drawing every tile's card, picture and words again. A tile shown
    otherwise now (chosen, under the pointer, its picture still to come) is drawn afresh instead, and one
    whose figures changed is drawn again."""

    def __init__(self, keep: int) -> None:
        self.keep = max(1, keep)
        self._kept: OrderedDict[int, tuple[Tile, pygame.Surface]] = OrderedDict()

    def get(self, index: int, tile: Tile) -> pygame.Surface | None:
        got = self._kept.get(index)
        if got is None or got[0] != tile:
            return None
        self._kept.move_to_end(index)
        return got[1]

    def keep_face(self, index: int, tile: Tile, face: pygame.Surface) -> None:
        self._kept[index] = (tile, face)
        self._kept.move_to_end(index)
        while len(self._kept) > self.keep:
            self._kept.popitem(last=False)


# -- what a tile says ----------------------------------------------------------------------------------

def _figures(counts: Sequence[Count], values: Sequence[int | None]) -> str:
    # Translators: one count's figure on a level's tile: the count's word and the number ("moves 34")
    parts = [_("{count} {n:,}").format(count=count.word(), n=n) for count, n in zip(counts, values) if n is not None]
    return " · ".join(parts)


def best_line(counts: Sequence[Count], bests: Sequence[int | None]) -> str:
    # Translators: on a level's tile: the player's best solve from its start, under each count ("moves 34 · pushes 12")
    return _("Best: {figures}").format(figures=_figures(counts, bests))


def fewest_line(counts: Sequence[Count], fewest: Sequence[int | None]) -> str:
    # Translators: on a level's tile: the proven fewest from its start, under each count ("moves 30 · pushes 10")
    return _("Fewest: {figures}").format(figures=_figures(counts, fewest))


def said(figures: LevelFigures) -> tuple[str, str]:
    """A tile's two lines of figures: the player's best (or that it is not solved, or only with help), and
    the proven fewest (or that it is not known)."""
    counts = [f.count for f in figures.figures]
    bests = [f.best for f in figures.figures]
    fewest = [f.fewest for f in figures.figures]
    if any(b is not None for b in bests):
        best = best_line(counts, bests)
    else:
        best = _("Solved with help") if figures.badge is Badge.ASSISTED else _("not solved yet")
    known = fewest_line(counts, fewest) if any(f is not None for f in fewest) else _("Fewest: not known")
    return best, known


@dataclass(frozen=True)
class Tile:
    """What one tile shows: its number, its title, its figures, how it is drawn."""

    number: int
    title: str
    figures: LevelFigures
    selected: bool
    hover: bool
    broken: bool = False


def draw_tile(surface: pygame.Surface, th: Theme, r: pygame.Rect, frame: TileFrame, tile: Tile,
              thumb: pygame.Surface | None, colour: T.Colour) -> None:
    """The tile at ``r`` on screen: lifted and edged in the collection's colour when selected."""
    pal = th.palette
    face = draw_card(surface, th, r, 10, face=pal.card_hover if tile.selected or tile.hover else pal.card,
                     edge=colour if tile.selected else pal.panel_edge, edge_width=2.5 if tile.selected else 1,
                     lift=th.px(2) if tile.selected else 0)
    place = frame.picture.move(face.topleft)
    if thumb is not None:
        surface.blit(thumb, place.topleft)
    else:   # still to be drawn: its place, empty
        pygame.draw.rect(surface, T.mix(pal.card, pal.panel_edge, 0.5), place, 1, border_radius=th.px(6))
    if tile.broken:
        # Translators: over a level's picture, when its rules could not be made from its file
        mark = th.fit(_("Cannot be opened"), "tiny", place.w - th.px(8), pal.nope)
        surface.blit(mark, mark.get_rect(center=place.center))
    x, y = face.x + frame.picture.x, face.y + frame.title_y
    number = th.text(f"{tile.number:,}", "small", colour if tile.selected else pal.muted)
    surface.blit(number, (x, y))
    room = frame.mark.x - frame.picture.x - number.get_width() - th.px(10)
    surface.blit(th.fit(tile.title, "small", room, pal.text, excerpt=True), (x + number.get_width() + th.px(6), y))
    draw_mark(surface, th, tile.figures.badge, frame.mark.move(face.topleft))
    best, fewest = said(tile.figures)
    tone = pal.good if tile.figures.badge is Badge.OPTIMAL else pal.text if tile.figures.solved else pal.dim
    surface.blit(th.text(best, "tiny", tone), (x, face.y + frame.best_y))
    surface.blit(th.text(fewest, "tiny", pal.muted if fewest != _("Fewest: not known") else pal.dim),
                 (x, face.y + frame.fewest_y))


CLEAR = (255, 0, 254)   # a kept tile's colour key: the corners round its card (no theme draws this colour)


def face_of(th: Theme, frame: TileFrame, tile: Tile, thumb: pygame.Surface, colour: T.Colour) -> pygame.Surface:
    """A tile drawn on a picture of its own (its shadow under it included), to be kept and blitted. The card
    and its shadow are opaque and their corners are not smoothed, so the picture needs no alpha: what is
    not the card is its colour key, and a screenful of these blits in a fraction of the time."""
    w, h = frame.size
    face = pygame.Surface((w, h + th.px(4) + 1))
    face.fill(CLEAR)
    draw_tile(face, th, pygame.Rect(0, 0, w, h), frame, tile, thumb, colour)
    face.set_colorkey(CLEAR, pygame.RLEACCEL)
    return face


def draw_mark(surface: pygame.Surface, th: Theme, badge: Badge, box: pygame.Rect) -> None:
    """A level's solved mark: a disc in its badge's colour with the badge's icon (a star: in the fewest
    moves; a tick: solved; hollow: only with help); nothing for a level not solved."""
    looks = LOOKS.get(badge)
    if looks is None:
        return
    _label, pill, icon = looks
    fill = th.palette.pill_fill(pill)
    pygame.draw.circle(surface, T.shade(fill, -0.45), (box.centerx, box.centery + max(1, th.px(1))), box.w // 2)
    pygame.draw.circle(surface, fill, box.center, box.w // 2)
    inner = box.inflate(-box.w // 3, -box.h // 3)
    if icon:
        draw_icon(surface, icon, inner, th.palette.ink_on(fill))
    else:
        pygame.draw.circle(surface, th.palette.ink_on(fill), box.center, box.w // 5, max(1, box.w // 10))


def title_of(spec: PuzzleSpec) -> str:
    """A level's title in the active language (a file's own title stays as it is)."""
    return translated(spec.said.title)
