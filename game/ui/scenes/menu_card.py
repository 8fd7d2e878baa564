"""A card of the menu: one puzzle, or the variants of one group with a chooser along its foot; its
picture, its title and whole description, the player's badges on it, and a mark on the player's own.

The card says everything in full: the title and the description wrap to the card's width (the menu
makes every card as tall as the longest needs), and the chooser shows every label (an ending they share
said once, after them or on a line above), or the chosen one between arrows. A collection of levels (a
group whose puzzles say their group is a grid: Sokoban's) has no chooser: it opens as a grid of its levels
(:mod:`game.ui.scenes.collection`), and its card says how many there are. The picture is the start; a puzzle played along one row shows its goal under it too,
since two such puzzles can share a start and differ only in where the stones must end.
"""
from __future__ import annotations

import pygame

from game.catalog.spec import PuzzleSpec
from game.common.i18n import N_, _, ngettext
from game.files.errors import PuzzleFileError
from game.common.phrase import translated
from game.keeping.records import Badge
from game.keeping.stars import Stars
from game.ui import theme as T
from game.ui.badges import draw_badge, draw_in_progress, draw_pill, draw_stars
from game.ui.scenes.card_frame import YOURS, CardFrame, card_frame
from game.ui.theme import PILLS, Theme
from game.ui.views import view_for
from game.ui.widgets import card as draw_card

__all__ = ["Card", "CardText", "collection_words", "picture"]

NO_STARS = Stars(0, False)
# Translators: over a menu card's picture, when the puzzle's rules could not be made from its file
BROKEN = N_("Cannot be opened")
PAD = 10          # the card's text inset, in layout units


class CardText:
    """How a card's words are laid out at one card width: the lines of its title and description."""

    def __init__(self, th: Theme, title: str, blurb: str, width: int) -> None:
        body = th.size_of("body")
        wide = th.measure(title, body)
        least = max(int(th.size_of("small") * 0.9), int(body * 0.85))
        if wide <= width:
            self.title_px, self.title = body, [title]
        elif th.measure(title, least) <= width:   # a little smaller rather than on two lines
            self.title_px, self.title = max(least, int(body * width / wide)), [title]
        else:
            self.title_px, self.title = body, th.wrap(title, body, width)
        self.blurb = th.wrap(blurb, "small", width) if blurb.strip() else []

    def height(self, th: Theme, title_lines: int, blurb_lines: int) -> int:
        return title_lines * th.size_of("body") + th.px(3) + blurb_lines * th.size_of("small")


def goal_rows(spec: PuzzleSpec) -> tuple[bytes, ...]:
    """The goals a card draws under a row puzzle's start: its one goal, or two of its goals as unlike
    each other as any (either colour first, anywhere in the row); none for a board of several rows."""
    puzzle = spec.puzzle
    goals = puzzle.goal_states
    if puzzle.board.height != 1 or not goals:
        return ()
    if len(goals) == 1:
        return (goals[0],)
    first = goals[0]
    other = max(goals[1:], key=lambda goal: sum(a != b for a, b in zip(first, goal)))
    return (first, other)


def picture(spec: PuzzleSpec, size: tuple[int, int], chevron: T.Colour) -> pygame.Surface:
    """The card's picture: the start drawn by the puzzle's own view; for a row puzzle, its goal under it,
    after a small arrow."""
    view = view_for(spec)
    goals = goal_rows(spec)
    if not goals:
        return view.thumbnail(spec.puzzle.start, size)
    w, h = size
    out = pygame.Surface(size, pygame.SRCALPHA)
    rows = 1 + len(goals)
    arrow = max(6, h // 10)
    row_h = (h - arrow) // rows
    out.blit(view.thumbnail(spec.puzzle.start, (w, row_h)), (0, 0))
    mid = w // 2
    tip = row_h + arrow - 1
    pygame.draw.polygon(out, chevron, [(mid - arrow, row_h + 1), (mid + arrow, row_h + 1), (mid, tip)])
    for i, goal in enumerate(goals):
        out.blit(view.thumbnail(goal, (w, row_h)), (0, row_h + arrow + i * row_h))
    return out


def collection_words(n: int) -> str:
    """What a collection's card (and the menu's focus bar) says of it."""
    # Translators: a menu card of a collection of levels (a Sokoban file), which opens as a grid of them
    return ngettext("A collection of {n:,} level, shown as a grid.", "A collection of {n:,} levels, shown as a grid.",
                    n).format(n=n)


class Card:
    """One puzzle, or the variants of one group with a chooser along the card's foot, or a collection of
    levels (no chooser: it opens as a grid)."""

    def __init__(self, specs: list[PuzzleSpec], chosen: dict[str, str], yours: bool = False) -> None:
        self.specs = specs
        group = specs[0].presentation.group if len(specs) > 1 else ""
        self.group = group
        self.collection = bool(group) and specs[0].presentation.grid
        self.yours = yours     # a puzzle of the player's own folder: marked as theirs
        self.chosen = chosen   # the game's memory of each group's variant, shared by every menu
        self.positions = {s.name: i for i, s in enumerate(specs)}
        self.index = self.positions.get(chosen.get(group, ""), 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.chips: list[tuple[pygame.Rect, int]] = []   # the chooser: where, and the variant it picks
        self.compact = False                              # the chooser shows "‹ chosen ›" only
        self.common = ""                                  # the labels' shared ending, said once after the chips
        self.caption = False                              # ... or on a line of its own above them
        self.thumbs: dict[str, pygame.Surface] = {}
        self.broken: dict[str, str] = {}                  # a variant whose rules could not be built: why
        self.text: CardText | None = None                 # the chosen variant's words, laid out
        self.lines_shown = (1, 0)                         # title and description lines every card has room for
        self.frame: CardFrame | None = None               # where its parts go at its width

    @property
    def spec(self) -> PuzzleSpec:
        return self.specs[self.index]

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def title(self) -> str:
        return self.group or self.spec.presentation.short_title

    def choose(self, index: int) -> None:
        self.index = index % len(self.specs)
        if self.group:
            self.chosen[self.group] = self.name

    def follow(self) -> bool:
        """A collection's chosen level as the memory now has it (chosen on its grid); True if it changed."""
        if not self.collection:
            return False
        index = self.positions.get(self.chosen.get(self.group, ""))
        if index is None or index == self.index:
            return False
        self.index = index
        return True

    def texts(self, th: Theme, width: int) -> list[CardText]:
        """The words of every variant at a card width (the menu sizes every card to the longest); a
        collection's, once."""
        title = translated(self.title)
        if self.collection:
            return [CardText(th, title, collection_words(len(self.specs)), width - 2 * th.px(PAD))]
        return [CardText(th, title, translated(spec.presentation.blurb), width - 2 * th.px(PAD)) for spec in self.specs]

    def thumb(self, size: tuple[int, int], chevron: T.Colour) -> pygame.Surface:
        """The chosen variant's picture (kept per variant, drawn again for a new size): its rules are built
        here, when its card is first drawn; where they cannot be, an empty picture, and the card says why
        (:meth:`problem`)."""
        got = self.thumbs.get(self.name)
        if got is None or got.get_size() != size:
            try:
                got = picture(self.spec, size, chevron)
            except PuzzleFileError as err:
                self.broken[self.name] = str(err)
                got = pygame.Surface(size, pygame.SRCALPHA)
            self.thumbs[self.name] = got
        return got

    def problem(self) -> str | None:
        """Why the chosen variant cannot be played (its rules could not be built from its file), if so: found
        when its picture is drawn, or now."""
        if self.name not in self.broken:
            try:
                self.spec.puzzle
            except PuzzleFileError as err:
                self.broken[self.name] = str(err)
        return self.broken.get(self.name)

    # -- layout ---------------------------------------------------------------------------------------
    def lines_needed(self, th: Theme, width: int) -> tuple[int, int]:
        """The title and description lines the longest of its variants needs at ``width``."""
        texts = self.texts(th, width)
        return max(len(t.title) for t in texts), max(len(t.blurb) for t in texts)

    def height(self, th: Theme, frame: CardFrame, lines: tuple[int, int]) -> int:
        """How tall the card is with ``lines`` of words under its picture and its chooser, if it has one."""
        words = lines[0] * th.size_of("body") + th.px(3) + lines[1] * th.size_of("small")
        rows = self.chooser_rows(th, frame.width)
        chooser = chip_height(th) + th.px(8) + (caption_height(th) if rows > 1 else 0) if rows else 0
        return frame.words_top + words + th.px(PAD) + chooser

    def lay_out(self, th: Theme, lines: tuple[int, int]) -> None:
        """The chosen variant's words, and the chooser (see :meth:`plan`)."""
        self.lines_shown = lines
        self.frame = card_frame(th, self.rect.w)
        texts = self.texts(th, self.rect.w)
        self.text = texts[self.index if len(texts) > 1 else 0]
        self.chips, self.compact, self.common, self.caption = [], False, "", False
        if not self.group or self.collection:
            return
        shown, common, caption = self.plan(th, self.rect.w)
        pad, gap, height = th.px(4), th.px(3), chip_height(th)
        y = self.rect.h - height - th.px(8)
        x = th.px(PAD)
        if shown:
            for i, label in enumerate(shown):
                width = th.measure(label, th.size_of("small")) + 2 * pad
                self.chips.append((pygame.Rect(x, y, width, height), i))
                x += width + gap
            self.common, self.caption = common, caption
            return
        labels = [translated(s.presentation.variant) for s in self.specs]
        room = self.rect.w - 2 * th.px(PAD)
        arrow = th.measure("‹", th.size_of("small")) + 2 * pad
        middle = min(max(th.measure(label, th.size_of("small")) + 2 * pad for label in labels),
                     room - 2 * (arrow + gap))
        self.compact = True
        self.chips = [(pygame.Rect(x, y, arrow, height), self.index - 1),
                      (pygame.Rect(x + arrow + gap, y, middle, height), self.index),
                      (pygame.Rect(x + arrow + middle + 2 * gap, y, arrow, height), self.index + 1)]

    def plan(self, th: Theme, width: int) -> tuple[list[str], str, bool]:
        """How the chooser fits a card ``width`` wide: every label on one row; else the labels without the
        ending they share, said once after them (or, where that does not fit, on a line of its own above
        them: True); else nothing to show in full (the chosen label between arrows)."""
        room = width - 2 * th.px(PAD)
        labels = [translated(s.presentation.variant) for s in self.specs]
        pad, gap, small = th.px(4), th.px(3), th.size_of("small")

        def row(shown: list[str]) -> int:
            return sum(th.measure(label, small) + 2 * pad for label in shown) + gap * (len(shown) - 1)

        if row(labels) <= room:
            return labels, "", False
        for shown, common in _factored(labels):
            if row(shown) + th.measure(common.strip(), small) + th.px(4) <= room:
                return shown, common, False
            if row(shown) <= room and th.measure(common.strip(), small) <= room:
                return shown, common, True
        return [], "", False

    def chooser_rows(self, th: Theme, width: int) -> int:
        """The rows the chooser takes on a card ``width`` wide (none on a card of one puzzle, or a collection)."""
        if not self.group or self.collection:
            return 0
        return 2 if self.plan(th, width)[2] else 1

    def chooser_top(self, th: Theme) -> int:
        """Where the chooser starts, inside the card (its caption, where it has one)."""
        top = min((chip.y for chip, _ in self.chips), default=self.rect.h)
        return top - caption_height(th) if self.caption else top

    def chip_label(self, n: int, index: int) -> str:
        """What the ``n``-th chip says."""
        label = translated(self.specs[index if not self.compact else self.index].presentation.variant)
        if self.compact:
            return ("‹", label, "›")[n]
        return label[:len(label) - len(self.common)] if self.common else label

    def chip_at(self, th: Theme, x: int, y: int) -> int | None:
        """The variant a click at (``x``, ``y``), inside the card, picks on its chooser, if it hits one."""
        for rect, index in self.chips:
            if rect.inflate(th.px(2), th.px(6)).collidepoint(x, y):
                return index
        return None

    # -- drawing --------------------------------------------------------------------------------------
    def words_top(self, th: Theme) -> int:
        """Where the title starts, inside the card."""
        return (self.frame or card_frame(th, self.rect.w)).words_top

    def draw(self, surface: pygame.Surface, th: Theme, r: pygame.Rect, thumb_size: tuple[int, int], selected: bool,
             badge: Badge, in_progress: bool, stars: Stars = NO_STARS, grade: str = "") -> None:
        """The card at ``r`` (on screen), lifted and edged in its shelf's colour when ``selected``; ``grade``:
        its chosen puzzle's (English, as the ratings name it; empty: none known)."""
        pal = th.palette
        shelf_colour = self.spec.shelf.colour
        r = draw_card(surface, th, r, 14, face=pal.card_hover if selected else pal.card,
                      edge=shelf_colour if selected else pal.panel_edge, edge_width=2.5 if selected else 1,
                      lift=th.px(3) if selected else 0)
        frame = self.frame if self.frame is not None and self.frame.width == r.w else card_frame(th, r.w)
        thumb = self.thumb(frame.picture.size, pal.dim)
        place = frame.picture.move(r.topleft)
        surface.blit(thumb, place.topleft)
        if self.name in self.broken:   # said over the empty picture; the focus bar says why
            mark = th.fit(_(BROKEN), "small", thumb.get_width() - th.px(8), pal.nope)
            surface.blit(mark, mark.get_rect(center=place.center))
        text = self.text
        if text is not None:
            x, y = r.x + th.px(PAD), r.y + frame.words_top
            for line in text.title:
                surface.blit(th.text(line, text.title_px, pal.text), (x, y))
                y += th.size_of("body")
            y += th.px(3)
            for line in text.blurb:
                surface.blit(th.text(line, "small", pal.muted), (x, y))
                y += th.size_of("small")
        self._draw_chooser(surface, th, r, shelf_colour)
        self._draw_badges(surface, th, r.topleft, frame, badge, in_progress, stars, grade)

    def _draw_badges(self, surface: pygame.Surface, th: Theme, at: tuple[int, int], frame: CardFrame, badge: Badge,
                     in_progress: bool, stars: Stars, grade: str = "") -> None:
        """Round the picture, never on it: above it the mark of the player's own puzzle or, on the
        library's, the puzzle's grade (a pill in the grade's colour) at the left and the player's best
        (solved, optimally, with help) at the right; under it a game kept to come back to at the left and
        the stars at the right (see :mod:`card_frame`)."""
        def moved(point: tuple[int, int]) -> tuple[int, int]:
            return point[0] + at[0], point[1] + at[1]
        draw_badge(surface, th, badge, moved(frame.best_at()))
        if self.yours:
            draw_pill(surface, th, YOURS, "yours", "", moved(frame.grade_at()))
        elif grade.lower() in PILLS:
            draw_pill(surface, th, grade, grade.lower(), "", moved(frame.grade_at()))
        if in_progress:
            draw_in_progress(surface, th, moved(frame.in_progress_at()))
        draw_stars(surface, th, stars, moved(frame.stars_at()))

    def _draw_chooser(self, surface: pygame.Surface, th: Theme, r: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """The variant labels: the chosen one filled in the shelf's colour; a shared ending after them."""
        pal = th.palette
        for n, (chip, index) in enumerate(self.chips):
            at = chip.move(r.x, r.y)
            chosen = index == self.index and (not self.compact or n == 1)
            if chosen:
                pygame.draw.rect(surface, colour, at, border_radius=th.px(6))
            else:
                pygame.draw.rect(surface, pal.panel_edge, at, 1, border_radius=th.px(6))
            label = self.chip_label(n, index)
            text = th.fit(label, "small", at.w - th.px(4), pal.ink if chosen else pal.text)
            surface.blit(text, text.get_rect(center=at.center))
        if self.common and self.chips:
            tail = th.text(self.common.strip(), "small", pal.muted)
            if self.caption:
                surface.blit(tail, (r.x + th.px(PAD), r.y + self.chooser_top(th)))
            else:
                last = self.chips[-1][0].move(r.x, r.y)
                surface.blit(tail, tail.get_rect(midleft=(last.right + th.px(4), last.centery)))


def chip_height(th: Theme) -> int:
    return th.size_of("small") + th.px(4)


def caption_height(th: Theme) -> int:
    """The chooser's caption line (the labels' shared ending, above them)."""
    return th.size_of("small") + th.px(2)


def _factored(labels: list[str]) -> list[tuple[list[str], str]]:
    """The labels without the ending they all share after a space ("3 at left", "4 at left": "3", "4"
    and " at left"), when they share one; else nothing."""
    if len(labels) < 2:
        return []
    first = labels[0]
    cut = first.find(" ")
    while cut > 0:
        common = first[cut:]
        if all(label.endswith(common) and len(label) > len(common) for label in labels):
            return [([label[:len(label) - len(common)] for label in labels], common)]
        cut = first.find(" ", cut + 1)
    return []
