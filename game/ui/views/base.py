"""What every board view shares: layout, hit testing, motion of pieces, highlights, the draw pipeline.

``draw`` is a pure function of (position, motion, highlights): it reads them and the view's
sprite caches (which depend only on the cell size) and never changes game state.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game.oracles.base import Verdict
from game.rules.identities import Identities, first_seen, undone
from game.rules.kinds import MoveKind
from game.rules.puzzle import Move, Puzzle
from game.catalog.spec import PuzzleSpec
from game.ui import theme as T
from game.ui.views.ahead import DrawnAhead
from game.ui.tween import arc

SUPERSAMPLE = 3
SHAPE_CACHE = 96      # highlight shapes kept drawn (rings, dots, glows at full opacity) ...
SHAPE_BYTES = 8 << 20    # ... and the most pixels they may take together
LABEL_SIZE = 0.16     # the coordinates' letters and numbers, in cells ...
LABEL_MIN_PX = 14     # ... never smaller than this (the built-in font draws small) ...
LABEL_MAX_PX = 36     # ... nor larger
LABEL_BAND = 1.7      # the strip outside the frame that holds them, in label heights


@dataclass(frozen=True)
class Motion:
    """A move being animated: pieces travel from ``src`` to ``dst`` cells; ``t`` is eased progress.
    ``route``: the anchor cells a piece passes through on its way, where it turns corners."""

    before: bytes
    after: bytes
    paths: tuple[tuple[int, int], ...]
    kind: MoveKind
    t: float
    route: tuple[int, ...] = ()


@dataclass
class Highlights:
    cursor: int | None = None
    selected: frozenset[int] = frozenset()
    targets: frozenset[int] = frozenset()
    hint_from: frozenset[int] = frozenset()
    hint_to: frozenset[int] = frozenset()
    nope: int | None = None          # cell that just said "no"
    nope_t: float = 1.0              # 0..1 progress of the "no" shake
    drag_cells: frozenset[int] = frozenset()
    drag_offset: tuple[int, int] = (0, 0)
    time: float = 0.0                # seconds, for pulsing
    reduce_motion: bool = False
    solved_glow: float = 0.0         # 0..1 celebration strength
    show_cursor: bool = False
    marks: tuple["Mark", ...] = ()   # the move-marks overlay: one per legal move
    cursor_cells: frozenset[int] = frozenset()   # the whole piece (or place) under the cursor
    places: tuple[tuple[int, ...], ...] = ()     # where the selected piece may go: the cells of each place
    preview: frozenset[int] = frozenset()        # the piece a click would take (pairs: both stones)
    ghost: tuple[int, int] | None = None         # (anchor cell, code): where a dragged piece would land
    identities: Identities | None = None         # which identical piece is which on the position drawn once
                                                 # any motion ends (game.rules.identities); None: as first seen


@dataclass(frozen=True)
class Mark:
    """One legal move in the overlay: the piece's cells, where they go, and what the move does."""

    move: Move
    verdict: Verdict
    paths: tuple[tuple[int, int], ...]
    on_target: bool = False         # the piece is selected: mark where the move lands instead


_MARK_SPRITES: dict = {}
_SHAPES: OrderedDict = OrderedDict()


def cached_shape(key, make):
    """A highlight shape drawn once at full opacity (callers blit it with set_alpha), least
    recently used dropped first: at most SHAPE_CACHE of them and SHAPE_BYTES of pixels (a board's glow
    is a board-sized surface, and the demo shows board after board for hours)."""
    got = _SHAPES.get(key)
    if got is None:
        got = _SHAPES[key] = make()
        while len(_SHAPES) > 1 and (len(_SHAPES) > SHAPE_CACHE
                                    or sum(map(shape_bytes, _SHAPES.values())) > SHAPE_BYTES):
            _SHAPES.popitem(last=False)
    else:
        _SHAPES.move_to_end(key)
    return got


def shape_bytes(shape) -> int:
    """The memory of a shape's pixels: one surface, or a few drawn together (a disc and its shadow)."""
    if isinstance(shape, pygame.Surface):
        return shape.get_pitch() * shape.get_height()
    return sum(map(shape_bytes, shape)) if isinstance(shape, (tuple, list)) else 0


def blit_alpha(surface: pygame.Surface, shape: pygame.Surface, pos, alpha: int) -> None:
    shape.set_alpha(alpha)
    surface.blit(shape, pos)


def mark_sprite(verdict: Verdict, radius: int, palette: T.Palette) -> pygame.Surface:
    """The overlay's badge: colour *and* shape tell the verdict apart (readable without colour).

    closer: a green disc with a check; farther: an orange diamond with a plus; same: a grey rounded
    square with a dash; dead end: a red octagon (a stop sign) with an X. The colours are ``palette``'s
    (tests/ui/test_contrast.py tells them apart under simulated colour blindness).
    """
    radius = max(5, int(radius))
    colour = palette.mark_colour(verdict)
    key = (verdict, radius, colour)
    got = _MARK_SPRITES.get(key)
    if got is not None:
        return got
    k = SUPERSAMPLE
    size = 2 * radius + 2
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    R = radius * k
    edge = T.shade(colour, -0.55)
    glyph = palette.mark_ink(colour)
    line = max(2, int(R * 0.2))

    def poly(points):
        pygame.draw.polygon(big, edge, [(c + x * R, c + y * R) for x, y in points])
        inner = [(c + x * R * 0.8, c + y * R * 0.8) for x, y in points]
        pygame.draw.polygon(big, colour, inner)

    if verdict is Verdict.CLOSER:
        pygame.draw.circle(big, edge, (c, c), R)
        pygame.draw.circle(big, colour, (c, c), R * 0.82)
        pts = [(c - R * 0.42, c + R * 0.02), (c - R * 0.1, c + R * 0.34), (c + R * 0.45, c - R * 0.32)]
        pygame.draw.lines(big, glyph, False, pts, line)
        for p in pts:
            pygame.draw.circle(big, glyph, p, line / 2)
    elif verdict is Verdict.FARTHER:
        # a plus in a diamond: "one more move to go"; an arrow would read as a direction on the board
        poly([(0, -1), (1, 0), (0, 1), (-1, 0)])
        d = R * 0.34
        pygame.draw.line(big, glyph, (c - d, c), (c + d, c), line)
        pygame.draw.line(big, glyph, (c, c - d), (c, c + d), line)
    elif verdict is Verdict.DEAD_END:
        poly([(math.cos(math.pi / 8 + i * math.pi / 4), math.sin(math.pi / 8 + i * math.pi / 4)) for i in range(8)])
        d = R * 0.32
        pygame.draw.line(big, glyph, (c - d, c - d), (c + d, c + d), line)
        pygame.draw.line(big, glyph, (c - d, c + d), (c + d, c - d), line)
    else:
        box = pygame.Rect(0, 0, int(R * 1.6), int(R * 1.6))
        box.center = (int(c), int(c))
        pygame.draw.rect(big, edge, box, border_radius=int(R * 0.35))
        pygame.draw.rect(big, colour, box.inflate(-int(R * 0.32), -int(R * 0.32)), border_radius=int(R * 0.28))
        pygame.draw.line(big, glyph, (c - R * 0.38, c), (c + R * 0.38, c), line)
    sprite = pygame.transform.smoothscale(big, (size, size))
    if len(_MARK_SPRITES) > 64:
        _MARK_SPRITES.clear()
    _MARK_SPRITES[key] = sprite
    return sprite


def move_paths(puzzle: Puzzle, before: bytes, move: Move) -> tuple[tuple[int, int], ...]:
    """(from, to) cells of every piece cell the move carries (the puzzle knows its own moves)."""
    return puzzle.carried(before, move)


class BoardView(DrawnAhead):
    """Layout and drawing of one puzzle's board. Subclasses draw the board and the pieces."""

    gap = 0.05            # space between a cell's edge and its piece, in cells
    frame = 0.28          # frame around the cells, in cells
    board_radius = 0.18
    coordinates = True    # column letters along the top, row numbers down the left (not on thumbnails)

    def __init__(self, spec: PuzzleSpec) -> None:
        self.spec = spec
        self.puzzle = spec.puzzle
        self.board = self.puzzle.board
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.pitch = 1
        self.origin = (0, 0)
        self._sprites: dict = {}
        self._board_surface: pygame.Surface | None = None
        self._shadow: pygame.Surface | None = None
        self.theme: T.Theme | None = None   # the window's, once the view is laid out on a screen
        self.who: Identities = ()           # which identical piece is which on the position being drawn (see draw)

    @property
    def palette(self) -> T.Palette:
        """The colours of the marks and highlights: the window's (a thumbnail, drawn without them, has none)."""
        return self.theme.palette if self.theme is not None else T.STANDARD

    # -- layout and hit testing -------------------------------------------------
    def grid_size(self) -> tuple[int, int]:
        return self.board.width, self.board.height

    def layout(self, rect: pygame.Rect, max_pitch: int | None = None) -> None:
        """The largest cells that fit ``rect`` with the frame, centred; with coordinates, smaller
        where the labels above and left of the frame would not fit beside it."""
        cols, rows = self.grid_size()

        def fit(w: int, h: int) -> int:
            pitch = int(min(w / (cols + 2 * self.frame), h / (rows + 2 * self.frame)))
            return max(8, min(pitch, max_pitch) if max_pitch else pitch)

        pitch = fit(rect.w, rect.h)
        if self.coordinates:
            band = self.label_band(pitch)
            fw, fh = (cols + 2 * self.frame) * pitch, (rows + 2 * self.frame) * pitch
            if rect.w - fw < 2 * band or rect.h - fh < 2 * band:
                pitch = fit(rect.w - 2 * band, rect.h - 2 * band)
        w, h = cols * pitch, rows * pitch
        ox = rect.x + (rect.w - w) // 2
        oy = rect.y + (rect.h - h) // 2
        if (pitch, (ox, oy)) != (self.pitch, self.origin) or self._board_surface is None:
            if pitch != self.pitch:
                self._sprites.clear()
                self._shadow = None
            self.pitch, self.origin = pitch, (ox, oy)
            self._board_surface = None
        self.rect = pygame.Rect(ox, oy, w, h)

    # -- coordinates --------------------------------------------------------------
    @staticmethod
    def label_px(pitch: int) -> int:
        return max(LABEL_MIN_PX, min(LABEL_MAX_PX, round(pitch * LABEL_SIZE)))

    @staticmethod
    def glow_reach(pitch: int) -> tuple[int, int]:
        """The win's ring round the board: its gap from the board's edge and its width, in pixels."""
        return pitch // 10, max(2, pitch // 14)

    def label_band(self, pitch: int) -> int:
        """How much room the labels take outside the frame (above it, and left of it): outside the
        win's ring, which never covers them."""
        return round(self.label_px(pitch) * LABEL_BAND) + sum(self.glow_reach(pitch))

    def label_offset(self, pitch: int) -> int:
        """How far out from the frame's edge a label's centre stands: the ring's reach, then half the
        labels' own strip."""
        return sum(self.glow_reach(pitch)) + round(self.label_px(pitch) * LABEL_BAND) // 2

    def labels(self) -> list[tuple[str, tuple[int, int]]]:
        """Each column's letter above the frame and each row's number left of it, with the point
        each is centred on: the names hints use ("b3 to a1": column b, row 3 from the top)."""
        if not self.coordinates:
            return []
        fr = self.frame_rect()
        half = self.label_offset(self.pitch)
        used_cols = sorted({c for _, c in self.board.cells})
        used_rows = sorted({r for r, _ in self.board.cells})
        x0, y0, p = self.origin[0], self.origin[1], self.pitch
        out = [(chr(ord("a") + c), (x0 + c * p + p // 2, fr.top - half)) for c in used_cols]
        out += [(str(r + 1), (fr.left - half, y0 + r * p + p // 2)) for r in used_rows]
        return out

    def label_rects(self) -> list[tuple[str, pygame.Rect]]:
        """Where each label is drawn."""
        return [(text, surf.get_rect(center=at)) for text, at, surf in self._label_surfaces()]

    def _label_surfaces(self) -> list[tuple[str, tuple[int, int], pygame.Surface]]:
        px = self.label_px(self.pitch)
        colour = self.palette.coordinate_colour()
        return [(text, at, _label(px, text, colour)) for text, at in self.labels()]

    def draw_labels(self, surface: pygame.Surface) -> None:
        for _, at, surf in self._label_surfaces():
            surface.blit(surf, surf.get_rect(center=at))

    def goal_words(self) -> str:
        """How the board shows the goal, for puzzles whose rules have no sentence for it."""
        return ""

    def cell_rect(self, cell: int) -> pygame.Rect:
        r, c = self.board.cells[cell]
        return pygame.Rect(self.origin[0] + c * self.pitch, self.origin[1] + r * self.pitch, self.pitch, self.pitch)

    def cell_center(self, cell: int) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def hit(self, point: tuple[int, int]) -> int | None:
        x, y = point
        if self.pitch <= 0:
            return None
        c = math.floor((x - self.origin[0]) / self.pitch)
        r = math.floor((y - self.origin[1]) / self.pitch)
        return self.board.at(r, c)

    # -- sprites -----------------------------------------------------------------
    def sprite(self, code: int, variant=None) -> pygame.Surface | None:
        key = (code, variant)
        if key not in self._sprites:
            self._sprites[key] = self.make_sprite(code, self.pitch, variant)
        return self._sprites[key]

    def make_sprite(self, code: int, pitch: int, variant) -> pygame.Surface | None:  # pragma: no cover
        raise NotImplementedError

    def supersampled(self, w: int, h: int):
        """A transparent canvas SUPERSAMPLE times larger, and a function to bring it down to size."""
        k = SUPERSAMPLE
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)

        def done() -> pygame.Surface:
            return pygame.transform.smoothscale(big, (w, h))
        return big, k, done

    def variant(self, position: bytes, cell: int):
        return None

    def travel_variant(self, cell: int):
        """The variant of a piece drawn away from ``cell``, gliding or dragged: none by default (a look that
        depends on where a piece stands, a tile in place, stays behind); a view that draws identical pieces
        apart gives the piece's identity (``self.who[cell]``)."""
        return None

    def place_of(self, cell: int) -> int | None:
        """Which of its code's pieces the piece drawn on ``cell`` is (its identity), as last drawn."""
        return self.who[cell] if 0 <= cell < len(self.who) else None

    def identify(self, position: bytes, motion: Motion | None, given: Identities | None) -> Identities:
        """Who is who on what is drawn: ``given`` is of the position drawn once the motion ends (else none is
        known: each code's pieces as first seen); a motion's pieces still stand where they left."""
        shown = motion.before if motion else position
        if given is None or len(given) != len(position) or (motion is not None and motion.after != position):
            return first_seen(shown)
        return undone(given, motion.paths) if motion else given

    def shadow_sprite(self) -> pygame.Surface:
        if self._shadow is None:
            p = self.pitch
            w, h = max(4, int(p * 0.7)), max(2, p // 4)
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            for i in range(6):
                inset = i * w // 16
                pygame.draw.ellipse(s, (0, 0, 0, 14 + i * 6), (inset, inset * h // w, w - 2 * inset, h - 2 * (inset * h // w)))
            self._shadow = s
        return self._shadow

    # -- board -------------------------------------------------------------------
    def board_surface(self) -> pygame.Surface:
        if self._board_surface is None:
            self._board_surface = self.make_board()
        return self._board_surface

    def frame_rect(self) -> pygame.Rect:
        f = int(self.frame * self.pitch)
        return self.rect.inflate(2 * f, 2 * f)

    def slab(self, colour, radius: float | None = None) -> tuple[pygame.Surface, pygame.Rect, int]:
        """A rounded slab of ``colour`` with a drop shadow, the size of frame_rect(), on which a
        view draws its board. Returns the surface, the frame rect and the corner radius."""
        fr = self.frame_rect()
        p = self.pitch
        rad = int(p * (self.board_radius if radius is None else radius))
        s = pygame.Surface(fr.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (0, 0, 0, 90), s.get_rect().move(0, p // 16), border_radius=rad)
        pygame.draw.rect(s, colour, s.get_rect(), border_radius=rad)
        return s, fr, rad

    def make_board(self) -> pygame.Surface:  # pragma: no cover
        raise NotImplementedError

    # -- the draw pipeline -------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: bytes, motion: Motion | None, hl: Highlights) -> None:
        fr = self.frame_rect()
        self.draw_labels(surface)
        surface.blit(self.board_surface(), fr.topleft)
        if hl.solved_glow > 0:
            self.draw_glow(surface, hl.solved_glow)
        shown = motion.before if motion else position
        self.who = self.identify(position, motion, hl.identities)
        moving = {s for s, _ in motion.paths} if motion else set()
        hidden = moving | set(hl.drag_cells)
        self.draw_under(surface, hl)
        for cell, code in enumerate(shown):
            if code == 0 or cell in hidden:
                continue
            rect = self.cell_rect(cell)
            if hl.nope == cell and hl.nope_t < 1.0 and not hl.reduce_motion:
                rect = rect.move(int(math.sin(hl.nope_t * math.pi * 6) * (1 - hl.nope_t) * self.pitch * 0.08), 0)
            self.blit_piece(surface, code, rect, self.variant(shown, cell), 1.0)
        self.draw_joins(surface, shown, hidden)
        if motion:
            self.draw_motion(surface, motion)
        if hl.drag_cells:
            self.draw_drag(surface, shown, hl)
        self.draw_over(surface, hl)

    def draw_drag(self, surface, shown: bytes, hl: Highlights) -> None:
        """The dragged piece, lifted, ``hl.drag_offset`` pixels from its place."""
        dx, dy = hl.drag_offset
        for cell in sorted(hl.drag_cells):
            code = shown[cell]
            if code:
                rect = self.cell_rect(cell).move(dx, dy)
                self.blit_shadow(surface, rect, 0.6)
                self.blit_piece(surface, code, rect.move(0, -self.pitch // 14), self.travel_variant(cell), 1.04)

    def blit_piece(self, surface, code, rect: pygame.Rect, variant, scale: float, lift: float = 0.0) -> None:
        spr = self.sprite(code, variant)
        if spr is None:
            return
        base = spr.get_rect(topleft=rect.topleft)
        if abs(scale - 1.0) > 0.01:
            spr = pygame.transform.smoothscale(spr, (max(1, int(base.w * scale)), max(1, int(base.h * scale))))
        at = spr.get_rect(center=base.center)
        surface.blit(spr, (at.x, at.y - int(lift)))

    def blit_shadow(self, surface, rect: pygame.Rect, strength: float) -> None:
        sh = self.shadow_sprite()
        sh.set_alpha(int(255 * max(0.0, min(1.0, strength))))
        surface.blit(sh, (rect.centerx - sh.get_width() // 2, rect.bottom - sh.get_height() - self.pitch // 20))

    def lift(self, kind: MoveKind) -> float:
        """How high a piece rises at the top of its move, in cells (a leap's arc; 0: it glides)."""
        return kind.arc

    def draw_motion(self, surface, motion: Motion) -> None:
        t = motion.t
        h = arc(t) * self.lift(motion.kind) * self.pitch
        for src, dst in motion.paths:
            a, b = self.cell_rect(src), self.cell_rect(dst)
            x = a.x + (b.x - a.x) * t
            y = a.y + (b.y - a.y) * t
            rect = pygame.Rect(round(x), round(y), a.w, a.h)
            if h > 0:
                self.blit_shadow(surface, rect, 0.7 - 0.4 * arc(t))
                self.blit_piece(surface, motion.before[src], rect, self.travel_variant(src), 1.0 + 0.12 * arc(t), h)
            else:
                self.blit_piece(surface, motion.before[src], rect, self.travel_variant(src), 1.0)

    def draw_joins(self, surface, position: bytes, hidden: set[int]) -> None:
        pass

    def draw_glow(self, surface, strength: float) -> None:
        """The win's ring: round the board's own shape (a cross, an L, a board with holes), a little
        outside its frame."""
        ring, at = self.glow_ring()
        blit_alpha(surface, ring, at, int(120 * strength))

    def glow_ring(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """The win's ring drawn opaque, and where its top-left corner goes."""
        board = self.board_surface()
        gap, width = self.glow_reach(self.pitch)
        ring = cached_shape(("glow", id(board), board.get_size(), self.palette.good, gap, width),
                            lambda: _ring_round(board, self.palette.good, gap, width))
        return ring, self.frame_rect().move(-gap - width, -gap - width).topleft

    def crown_rect(self) -> pygame.Rect:
        """The board with its ring and its labels: what a banner over the board keeps clear of."""
        reach = sum(self.glow_reach(self.pitch))
        return self.frame_rect().inflate(2 * reach, 2 * reach).unionall([r for _, r in self.label_rects()] or
                                                                         [self.frame_rect()])

    def _ring(self, surface, cell: int, colour, width_f: float, alpha: int, inset_f: float = 0.03) -> None:
        r = self.cell_rect(cell).inflate(-int(self.pitch * inset_f * 2), -int(self.pitch * inset_f * 2))
        shape = _outline(r.size, colour, max(2, int(self.pitch * width_f)), int(self.pitch * 0.14))
        blit_alpha(surface, shape, r.topleft, alpha)

    def _dot(self, surface, cell: int, colour, alpha: int, size_f: float = 0.22) -> None:
        c = self.cell_center(cell)
        rad = max(3, int(self.pitch * size_f))
        inside, edge = _disc(rad, colour)
        pos = (c[0] - rad, c[1] - rad)
        blit_alpha(surface, inside, pos, alpha)
        blit_alpha(surface, edge, pos, min(255, alpha + 40))

    def _bullseye(self, surface, cell: int, colour, alpha: int, size_f: float) -> None:
        c = self.cell_center(cell)
        rad = max(4, int(self.pitch * size_f))

        def make() -> pygame.Surface:
            s = pygame.Surface((rad * 2, rad * 2), pygame.SRCALPHA)
            edge = (*T.shade(colour, -0.3), 255)
            pygame.draw.circle(s, edge, (rad, rad), rad, max(2, rad // 3))
            pygame.draw.circle(s, (*colour, 255), (rad, rad), rad - max(1, rad // 10), max(1, rad // 4))
            pygame.draw.circle(s, edge, (rad, rad), max(2, rad * 2 // 5))
            pygame.draw.circle(s, (*colour, 255), (rad, rad), max(1, rad * 2 // 5 - max(1, rad // 10)))
            return s
        blit_alpha(surface, cached_shape(("bullseye", rad, colour), make), (c[0] - rad, c[1] - rad), alpha)

    def pulse(self, hl: Highlights) -> float:
        if hl.reduce_motion:
            return 0.75
        return 0.6 + 0.4 * (0.5 + 0.5 * math.sin(hl.time * 5.0))

    def draw_under(self, surface, hl: Highlights) -> None:
        pal = self.palette
        p = self.pulse(hl)
        for cell in hl.targets:
            self._dot(surface, cell, pal.good, int(200 * p))
        for cell in hl.hint_to:   # a ring round a dot: not the targets' plain dot, whatever the colours
            self._bullseye(surface, cell, pal.hint, int(210 * p), 0.26)

    def draw_over(self, surface, hl: Highlights) -> None:
        pal = self.palette
        p = self.pulse(hl)
        for cell in hl.hint_from:
            self._ring(surface, cell, pal.hint, 0.07, int(255 * p))
        for cell in hl.hint_to:
            self._ring(surface, cell, pal.hint, 0.04, int(170 * p))
        for cell in hl.selected:
            self._ring(surface, cell, pal.accent, 0.075, 255)
        if hl.nope is not None and hl.nope_t < 1.0:
            self._ring(surface, hl.nope, pal.nope, 0.06, int(220 * (1 - hl.nope_t)))
        for cell in hl.preview:
            self._ring(surface, cell, pal.text, 0.03, 140, inset_f=-0.01)
        if hl.show_cursor and hl.cursor_cells:
            for cell in hl.cursor_cells:
                self._ring(surface, cell, pal.text, 0.035, 230, inset_f=-0.01)
        elif hl.show_cursor and hl.cursor is not None and hl.cursor < len(self.board):
            self._ring(surface, hl.cursor, pal.text, 0.035, 230, inset_f=-0.01)
        if hl.marks:
            self.draw_marks(surface, hl.marks)

    def mark_center(self, mark: Mark) -> tuple[int, int]:
        """Where a move's badge goes: on the moving piece, on its side facing the way it moves
        (or, for a selected piece, where the move lands)."""
        src = [self.cell_center(a) for a, _ in mark.paths] or [self.cell_center(mark.move.src)]
        dst = [self.cell_center(b) for _, b in mark.paths] or [self.cell_center(mark.move.dst)]
        sx, sy = sum(p[0] for p in src) / len(src), sum(p[1] for p in src) / len(src)
        tx, ty = sum(p[0] for p in dst) / len(dst), sum(p[1] for p in dst) / len(dst)
        if mark.on_target:
            return round(tx), round(ty)
        dx, dy = tx - sx, ty - sy
        n = math.hypot(dx, dy) or 1.0
        reach = self.pitch * 0.33
        if len(src) > 1 and abs(dx) > abs(dy):   # a long piece: from its leading end
            reach += self.pitch * 0.5 * (len(src) - 1) * abs(dx) / n
        return round(sx + dx / n * reach), round(sy + dy / n * reach)

    def draw_marks(self, surface, marks) -> None:
        radius = max(7, int(self.pitch * 0.13))
        placed: list[tuple[int, int]] = []
        for mark in marks:
            spr = mark_sprite(mark.verdict, radius, self.palette)
            x, y = self.mark_center(mark)
            while any((x - a) ** 2 + (y - b) ** 2 < (1.6 * radius) ** 2 for a, b in placed):
                y -= int(2.2 * radius)   # two moves would share a spot: stack them, never hide one
            placed.append((x, y))
            surface.blit(spr, spr.get_rect(center=(x, y)))

    def thumbnail(self, position: bytes, size: tuple[int, int], who: Identities | None = None) -> pygame.Surface:
        """The position drawn still, without highlights, on a transparent surface of ``size``
        (this lays the view out to that size); ``who``: which identical piece is which there."""
        surf = pygame.Surface(size, pygame.SRCALPHA)
        self.coordinates = False
        self.layout(pygame.Rect(0, 0, *size))
        self.draw(surf, position, None, Highlights(reduce_motion=True, identities=who))
        return surf


_LABELS: dict[tuple[int, str, T.Colour], pygame.Surface] = {}
_LABEL_FONTS: dict[int, pygame.font.Font] = {}


def _label(px: int, text: str, colour: T.Colour) -> pygame.Surface:
    """A coordinate's letter or number at ``px``, rendered once."""
    key = (px, text, colour)
    got = _LABELS.get(key)
    if got is None:
        if len(_LABELS) > 256:
            _LABELS.clear()
            _LABEL_FONTS.clear()
        font = _LABEL_FONTS.get(px) or _LABEL_FONTS.setdefault(px, T.latin_font(px, bold=False))
        got = _LABELS[key] = font.render(text, True, colour)
    return got


def _ring_round(board: pygame.Surface, colour, gap: int, width: int) -> pygame.Surface:
    """A band ``width`` pixels wide, ``gap`` pixels outside the opaque part of ``board`` (its drop shadow
    left out), following its outline: the board's silhouette grown by gap + width, less it grown by gap."""
    pad = gap + width
    silhouette = pygame.mask.from_surface(board, 160).to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface((board.get_width() + 2 * pad, board.get_height() + 2 * pad), pygame.SRCALPHA)
    inner = out.copy()
    for grown, reach in ((out, pad), (inner, gap)):
        for step in range(24):
            angle = step * math.pi / 12
            grown.blit(silhouette, (pad + round(reach * math.cos(angle)), pad + round(reach * math.sin(angle))))
        grown.blit(silhouette, (pad, pad))
    out.blit(inner, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    return out


def _outline(size: tuple[int, int], colour, width: int, radius: int) -> pygame.Surface:
    """A rounded rectangle's outline filling ``size``, opaque."""
    def make():
        s = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*colour, 255), s.get_rect(), width, border_radius=radius)
        return s
    return cached_shape(("outline", size, colour, width, radius), make)


def _disc(rad: int, colour) -> tuple[pygame.Surface, pygame.Surface]:
    """A dot: its inside and its darker edge ring as two opaque shapes, so each takes its own alpha."""
    def make():
        width = max(1, rad // 5)
        inside = pygame.Surface((rad * 2, rad * 2), pygame.SRCALPHA)
        pygame.draw.circle(inside, (*colour, 255), (rad, rad), rad)
        pygame.draw.circle(inside, (0, 0, 0, 0), (rad, rad), rad, width)   # the edge's pixels are the edge's alone
        edge = pygame.Surface((rad * 2, rad * 2), pygame.SRCALPHA)
        pygame.draw.circle(edge, (*T.shade(colour, -0.3), 255), (rad, rad), rad, width)
        return inside, edge
    return cached_shape(("disc", rad, colour), make)


def rounded_cells_mask(view: BoardView, size, offset, pad: float, radius: float, colour) -> pygame.Surface:
    """The union of the board's cells grown by ``pad`` cells, rounded at its outer corners only."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    p = view.pitch
    grow = int(2 * pad * p)
    rects = [view.cell_rect(i).move(-offset[0], -offset[1]).inflate(grow, grow) for i in range(len(view.board))]
    for r in rects:
        pygame.draw.rect(s, colour, r, border_radius=int(radius * p))
    for i in range(len(view.board)):
        for dr, dc in ((0, 1), (1, 0)):
            j = view.board.step(i, dr, dc)
            if j is not None:
                a, b = rects[i], rects[j]
                if dc:
                    pygame.draw.rect(s, colour, (a.centerx, a.y, b.centerx - a.centerx, a.h))
                else:
                    pygame.draw.rect(s, colour, (a.x, a.centery, a.w, b.centery - a.centery))
    return s
