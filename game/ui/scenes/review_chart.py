"""The review's chart: moves to the goal after each of the player's moves, beside the optimal line.

Laid out once per review and card size (its labels are kept as placed text, so a test can check
that each stays inside the card); drawn into the screen's cached layer. Only the hovered move is
drawn each frame: a guide line, its point and a tooltip with the move and the position after it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.common.i18n import _, ngettext
from game.midend.review import Kind, Review, Step, Unknown
from game.ui import theme as T
from game.ui.scenes.chart import nice_step, tick_every

KIND_MARKERS = {Kind.FARTHER: "diamond", Kind.SAME: "square", Kind.DEAD_END: "x"}   # as the move marks


def kind_colour(palette: T.Palette, kind: Kind | None) -> T.Colour:
    """How the chart draws a move of ``kind``: in the player's colour, or a mistake in its move mark's
    colour (told apart in any colour vision, and by the point's shape)."""
    colours = {Kind.FARTHER: palette.farther, Kind.SAME: palette.same, Kind.DEAD_END: palette.dead_end,
               Kind.INSIDE: palette.dim}
    return colours.get(kind, palette.accent) if kind is not None else palette.accent


def kind_text_colour(palette: T.Palette, kind: Kind | None) -> T.Colour:
    """A sentence about a move of ``kind``: mistakes in the "no" colour, which reads on every surface."""
    return palette.nope if kind in (Kind.FARTHER, Kind.SAME, Kind.DEAD_END) else palette.text


DOTS_UP_TO = 90      # moves: beyond this only the mistakes get a dot


@dataclass(frozen=True)
class Placed:
    """A text drawn at ``rect``, which must stay inside ``box``."""

    surface: pygame.Surface
    rect: pygame.Rect
    box: pygame.Rect
    step: int | None = None     # the move it names (the side lists): hovering it shows that move
    text: str = ""              # what it says in full, in the text role ``role`` (for tests)
    role: str = ""


def legend_items(palette: T.Palette, review: Review) -> list[tuple[str, tuple[int, int, int], str]]:
    """(label, colour, marker) for what the chart shows."""
    # Translators: the review chart's legend: the player's moves, the solver's, the shortest line, and the
    # marks of the moves that were mistakes
    items = [(_("your game"), palette.accent, "line")]
    if any(review.line.solver):
        items.append((_("the solver's moves"), palette.hint, "ring"))
    if isinstance(review.par, int):
        items.append((_("optimal line (par {par})").format(par=review.par), palette.good, "dash"))
    kinds = {s.kind for s in review.steps}
    for kind, label in ((Kind.FARTHER, _("went farther")), (Kind.SAME, _("came no closer")),
                        (Kind.DEAD_END, _("into a dead end"))):
        if kind in kinds:
            items.append((label, kind_colour(palette, kind), KIND_MARKERS[kind]))
    return items


class CurveChart:
    def __init__(self) -> None:
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.texts: list[Placed] = []
        self.points: list[tuple[int, int] | None] = []
        self.span = 1              # moves along x
        self.top = 1               # distance at the top of y
        self.step = 1              # between two labels of y
        self.dead_y: int | None = None
        self._legend: list[tuple[pygame.Rect, tuple[int, int, int], str]] = []

    # -- layout -------------------------------------------------------------------------------
    def layout(self, th: T.Theme, card: pygame.Rect, review: Review, reserve: int = 0) -> None:
        """Place the plot, its labels and the legend; ``reserve``: width kept free at the top right."""
        pal = th.palette
        pad = th.px(18, 8)
        inner = card.inflate(-2 * pad, -2 * pad)
        self.texts, self._legend = [], []
        top_row = pygame.Rect(inner.x, inner.y, max(10, inner.w - reserve), inner.h)
        head = th.fit(_("Moves to the goal after each of your moves"), "heading", top_row.w)
        self.texts.append(Placed(head, head.get_rect(topleft=inner.topleft), card))
        y = self._layout_legend(th, top_row, review, inner.y + head.get_height() + th.px(8))
        known = [d for d in review.distances if isinstance(d, int)]
        par = review.par if isinstance(review.par, int) else 0
        peak = max([par, *known, 1])
        step = max(1, int(nice_step(peak, 4)))
        self.top = step * math.ceil(peak / step)
        self.span = max(1, len(review.line), par)
        tiny = th.size_of("tiny")
        labels = [str(v) for v in range(0, self.top + 1, step)]
        dead = any(d is None for d in review.distances)
        # Translators: the review chart's mark, on its distance axis, for positions that cannot reach the goal
        dead_label = _("dead end")
        label_w = max(th.measure(t, tiny) for t in labels + ([dead_label] if dead else []))
        left = inner.x + tiny + th.px(8) + label_w + th.px(8)
        top = y + th.px(10) + (tiny + th.px(10) if dead else 0)
        bottom = inner.bottom - 2 * tiny - th.px(12)
        self.plot = plot = pygame.Rect(left, top, max(10, inner.right - left - th.px(6)), max(10, bottom - top))
        while step < self.top and plot.h * step / self.top < tiny + th.px(2):   # a short plot: fewer labels
            step *= 2
        self.step = step
        self.dead_y = plot.y - tiny // 2 - th.px(8) if dead else None
        for v in range(0, self.top + 1, step):
            surf = th.text(str(v), "tiny", pal.muted)
            self.texts.append(Placed(surf, surf.get_rect(midright=(plot.x - th.px(6), self.y_of(v))), card))
        if self.dead_y is not None:
            surf = th.text(dead_label, "tiny", pal.nope)
            self.texts.append(Placed(surf, surf.get_rect(midright=(plot.x - th.px(6), self.dead_y)), card))
        for i in range(0, self.span + 1, tick_every(self.span, 12)):
            surf = th.text(str(i), "tiny", pal.muted)
            self.texts.append(Placed(surf, surf.get_rect(midtop=(self.x_of(i), plot.bottom + th.px(6))), card,
                                     text=str(i), role="tiny"))
        axis = pygame.transform.rotate(th.text(_("moves to the goal"), "tiny", pal.muted), 90)
        if axis.get_height() <= plot.h:
            self.texts.append(Placed(axis, axis.get_rect(midleft=(inner.x, plot.centery)), card))
        title = th.fit(_("your moves · hover the curve to see each move"), "tiny", plot.w, pal.muted)
        self.texts.append(Placed(title, title.get_rect(midtop=(plot.centerx, plot.bottom + th.px(8) + tiny)), card))
        self.points = [self.point(i, d) for i, d in enumerate(review.distances)]

    def _layout_legend(self, th: T.Theme, inner: pygame.Rect, review: Review, y: int) -> int:
        """The legend in rows under the heading; returns the y below it."""
        pal = th.palette
        x, gap, mark = inner.x, th.px(18), th.px(22)
        row_h = th.size_of("tiny") + th.px(4)
        for label, colour, marker in legend_items(pal, review):
            surf = th.text(label, "tiny", pal.muted)
            width = mark + th.px(6) + surf.get_width()
            if x > inner.x and x + width > inner.right:
                x, y = inner.x, y + row_h
            rect = surf.get_rect(midleft=(x + mark + th.px(6), y + row_h // 2))
            self.texts.append(Placed(surf, rect, inner))
            self._legend.append((pygame.Rect(x, y, mark, row_h), colour, marker))
            x += width + gap
        return y + row_h

    def x_of(self, i: float) -> int:
        return self.plot.x + round(self.plot.w * i / self.span)

    def y_of(self, d: float) -> int:
        return self.plot.bottom - round(self.plot.h * d / self.top)

    def point(self, i: int, d: int | None | Unknown) -> tuple[int, int] | None:
        if isinstance(d, Unknown):
            return None
        if d is None:
            return (self.x_of(i), self.dead_y if self.dead_y is not None else self.plot.y)
        return (self.x_of(i), self.y_of(d))

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The move whose point is nearest ``pos`` along x, when ``pos`` is over the plot."""
        area = self.plot.inflate(self.plot.w // max(1, self.span) + 8, 0)
        area.top = min(area.top, self.dead_y - 8) if self.dead_y is not None else area.top
        if not self.points or not area.collidepoint(pos):
            return None
        i = round((pos[0] - self.plot.x) * self.span / max(1, self.plot.w))
        return min(max(0, i), len(self.points) - 1)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, th: T.Theme, review: Review) -> None:
        pal = th.palette
        plot = self.plot
        for v in range(0, self.top + 1, self.step):
            pygame.draw.line(surface, pal.muted if v == 0 else pal.panel_edge, (plot.x, self.y_of(v)),
                             (plot.right, self.y_of(v)), 1)
        if self.dead_y is not None:
            dashed(surface, T.shade(pal.nope, -0.45), (plot.x, self.dead_y), (plot.right, self.dead_y), th.px(6, 3))
        for rect, colour, marker in self._legend:
            self.draw_marker(surface, th, rect, colour, marker)
        if isinstance(review.par, int):
            width = max(2, th.px(3))
            dashed(surface, pal.good, (self.x_of(0), self.y_of(review.par)), (self.x_of(review.par), self.y_of(0)),
                   th.px(10, 4), width)
        self.draw_curve(surface, th, review)

    def draw_marker(self, surface: pygame.Surface, th: T.Theme, rect: pygame.Rect, colour, marker: str) -> None:
        if marker == "line":
            pygame.draw.line(surface, colour, rect.midleft, rect.midright, max(2, th.px(3)))
        elif marker == "dash":
            dashed(surface, colour, rect.midleft, rect.midright, th.px(6, 3), max(2, th.px(3)))
        elif marker == "ring":
            pygame.draw.circle(surface, colour, rect.center, max(3, th.px(5)), max(1, th.px(2)))
        elif marker == "x":
            cross(surface, colour, rect.center, max(3, th.px(5)), max(2, th.px(2)))
        else:
            shape(surface, colour, rect.center, max(3, th.px(5)), marker)

    def draw_curve(self, surface: pygame.Surface, th: T.Theme, review: Review) -> None:
        pal = th.palette
        width = max(2, th.px(3))
        for step in review.steps:
            a, b = self.points[step.number - 1], self.points[step.number]
            if a is not None and b is not None:
                pygame.draw.line(surface, kind_colour(pal, step.kind), a, b, width)
        dots = len(review.steps) <= DOTS_UP_TO
        start = self.points[0] if self.points else None
        if start is not None:
            pygame.draw.circle(surface, pal.accent, start, max(3, th.px(5)))
        for step in review.steps:
            point = self.points[step.number]
            if point is not None and (dots or step.kind not in (Kind.CLOSER, None)):
                self.draw_point(surface, th, step, point)

    def draw_point(self, surface: pygame.Surface, th: T.Theme, step: Step, point: tuple[int, int],
                   hovered: bool = False) -> None:
        pal = th.palette
        mistake = step.kind in (Kind.FARTHER, Kind.SAME, Kind.DEAD_END)
        colour = kind_colour(pal, step.kind)
        r = max(3, th.px(7 if mistake else 4)) + (th.px(2) if hovered else 0)
        if step.kind is Kind.DEAD_END:
            cross(surface, colour, point, r, max(2, th.px(3)))
            return
        if step.solver:   # the solver's moves: hollow, so the player's own stand out
            pygame.draw.circle(surface, pal.panel, point, r + (1 if hovered else 0))
            pygame.draw.circle(surface, pal.hint, point, r, max(1, th.px(2)))
            return
        marker = KIND_MARKERS.get(step.kind, "dot") if step.kind is not None else "dot"
        shape(surface, colour, point, r, marker)
        if mistake or hovered:
            shape(surface, pal.text, point, r, marker, max(1, th.px(2)))

    def draw_hover(self, surface: pygame.Surface, th: T.Theme, review: Review, index: int,
                   thumb: pygame.Surface | None) -> None:
        """The guide line at move ``index``, its point, and a tooltip with the move (and the position)."""
        pal = th.palette
        if not 0 <= index < len(self.points):
            return
        plot = self.plot
        x = self.x_of(index)
        pygame.draw.line(surface, pal.muted, (x, self.dead_y if self.dead_y is not None else plot.y),
                         (x, plot.bottom), 1)
        point = self.points[index]
        if point is not None and index:
            self.draw_point(surface, th, review.steps[index - 1], point, hovered=True)
        elif point is not None:
            pygame.draw.circle(surface, pal.text, point, max(4, th.px(7)), max(1, th.px(2)))
        lines = tooltip_lines(pal, review, index)
        pad = th.px(8)
        surfs = [th.fit(text, "small", max(60, plot.w - 2 * pad), colour) for text, colour in lines]
        w = max(s.get_width() for s in surfs)
        h = sum(s.get_height() for s in surfs)
        if thumb is not None:
            w, h = max(w, thumb.get_width()), h + thumb.get_height() + pad
        box = pygame.Rect(0, 0, w + 2 * pad, h + 2 * pad)
        box.top = plot.y + th.px(4)
        if x + th.px(14) + box.w <= plot.right:   # beside the guide line, so the point stays in sight
            box.left = x + th.px(14)
        else:
            box.right = max(plot.x + box.w, x - th.px(14))
        if point is not None and box.collidepoint(point):
            box.bottom = plot.bottom - th.px(4)
        pygame.draw.rect(surface, pal.card_hover, box, border_radius=th.px(8))
        pygame.draw.rect(surface, pal.panel_edge, box, 1, border_radius=th.px(8))
        y = box.y + pad
        for s in surfs:
            surface.blit(s, (box.x + pad, y))
            y += s.get_height()
        if thumb is not None:
            surface.blit(thumb, thumb.get_rect(midtop=(box.centerx, y + pad)))


def tooltip_lines(palette: T.Palette, review: Review, index: int) -> list[tuple[str, tuple[int, int, int]]]:
    """What the tooltip says of the position after move ``index`` (0: where the game began)."""
    if index == 0:
        par = review.par
        if isinstance(par, Unknown):
            said = _("Where the game began: its distance is still being found")
        elif par is None:
            said = _("Where the game began: a dead end")
        else:
            said = ngettext("Where the game began: {n:,} move to the goal: the par",
                            "Where the game began: {n:,} moves to the goal: the par", par).format(n=par)
        return [(said, palette.text)]
    step = review.steps[index - 1]
    sentence = step.sentence()
    colour = kind_text_colour(palette, step.kind)
    lines = [(sentence[:1].upper() + sentence[1:], colour)]
    if step.solver:
        lines.append((_("played by the solver"), palette.muted))
    return lines


def shape(surface: pygame.Surface, colour, centre: tuple[int, int], r: int, marker: str, width: int = 0) -> None:
    """A point of the chart: a dot, or a mistake's diamond (farther) or square (no closer), as on the
    board; filled, or its outline ``width`` wide."""
    x, y = centre
    if marker == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)], width)
    elif marker == "square":
        side = round(r * 0.85)
        pygame.draw.rect(surface, colour, (x - side, y - side, 2 * side + 1, 2 * side + 1), width)
    else:
        pygame.draw.circle(surface, colour, centre, r, width)


def cross(surface: pygame.Surface, colour, centre: tuple[int, int], r: int, width: int) -> None:
    x, y = centre
    pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), width)
    pygame.draw.line(surface, colour, (x + r, y - r), (x - r, y + r), width)


def dashed(surface: pygame.Surface, colour, a: tuple[int, int], b: tuple[int, int], dash: int,
           width: int = 1) -> None:
    """A dashed straight line from ``a`` to ``b``."""
    length = math.dist(a, b)
    if length < 1:
        return
    n = max(1, int(length // (2 * dash)))
    for k in range(n + 1):
        t0, t1 = (2 * k * dash) / length, min(1.0, (2 * k + 1) * dash / length)
        if t0 >= 1:
            break
        p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surface, colour, p, q, width)
