"""The help: a card over the screen with the puzzle's goal and move rule, one real move of each
kind drawn before and after by the puzzle's own view (the after picture plays the move), and
the keys that matter for this puzzle.

It opens with F1 or ? over the play screen, the editor, the analysis or the menu (for the
puzzle chosen there), and by itself the first time a puzzle opens. Any key or click closes it;
the screen under it waits, its clock stopped. The card is laid out for the window, from
800x600 to 4K: the keys beside the pictures where the card is wide, under them where not, and
the pictures arranged (side by side or stacked) to draw the boards as large as they fit.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.common.i18n import _
from game.midend.intent import Intent
from game.catalog.spec import PuzzleSpec
from game.ui import theme as T
from game.ui.help_content import Example, count_words, examples, goal_words, help_key, keys_for
from game.ui.context import Context, Scene
from game.ui.tween import ease_in_out_cubic, ease_out_cubic
from game.ui.views import Highlights, Motion, view_for
from game.ui.views.base import BoardView
from game.ui.widgets import card as draw_card


__all__ = ["HelpScene", "help_key"]

HOLD_BEFORE = 0.7      # seconds the after picture shows the position before the move
HOLD_AFTER = 1.6
DIM_BELOW = 170        # how dark the screen under the card gets (alpha of black)


@dataclass
class Picture:
    """One example laid out: its caption, the before and after frames, and the arrow between."""

    example: Example
    caption: pygame.Rect
    before: pygame.Rect
    after: pygame.Rect
    arrow: pygame.Rect
    down: bool                    # the arrow points down (after is under before)
    before_view: BoardView
    after_view: BoardView


@dataclass(frozen=True)
class Line:
    text: str
    role: str
    colour: tuple[int, int, int]
    pos: tuple[int, int]


def balanced(heights: list[int], columns: int) -> list[tuple[int, int]]:
    """The rows split, in their order, into at most ``columns`` runs (each a column: its first and past-last
    index) whose tallest is as short as it can be."""
    n = len(heights)
    if n == 0:
        return []
    low, high = max(heights), sum(heights)
    while low < high:   # the least height within which the rows go into the columns, found by halving
        mid = (low + high) // 2
        used, run = 1, 0
        for h in heights:
            if run + h > mid:
                used, run = used + 1, 0
            run += h
        low, high = (mid + 1, high) if used > columns else (low, mid)
    out, start, run = [], 0, 0
    for i, h in enumerate(heights):
        if run + h > low:
            out.append((start, i))
            start, run = i, 0
        run += h
    out.append((start, n))
    return out


class HelpScene(Scene):
    takes_every_key = True   # any key closes it, the sound key too: only F1 and ? mean what they mean elsewhere

    def __init__(self, ctx: Context, spec: PuzzleSpec, below: Scene | None, first: bool = False) -> None:
        super().__init__(ctx)
        self.spec, self.below, self.first = spec, below, first
        self.examples = examples(spec)
        self.keys = keys_for(spec)
        self.time = 0.0
        self.card = pygame.Rect(0, 0, 0, 0)
        self.lines: list[Line] = []
        self.pictures: list[Picture] = []
        self.key_cells: list[tuple[str, list[str], pygame.Rect]] = []
        self.key_cap_w = 0
        self.key_px = self.theme.size_of("small")   # the size of the keys' words
        self._backdrop: pygame.Surface | None = None
        self.layout(ctx.size)

    # -- closing ----------------------------------------------------------------------------------
    def close(self) -> None:
        """Back to the screen under the help."""
        self.ctx.nav.close(self)

    def handle_intent(self, intent: Intent) -> None:
        self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.close()

    def help_spec(self) -> PuzzleSpec | None:
        return self.spec

    # -- time ---------------------------------------------------------------------------------------
    def animating(self) -> bool:
        return bool(self.pictures) and not self.ctx.settings.reduce_motion

    def update(self, dt: float) -> None:
        self.time += dt

    # -- layout -------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        pal = self.theme.palette
        th = self.theme
        w, h = size
        self._backdrop = None
        m = th.px(28, 8)
        pad = th.px(28, 12)
        gap = th.px(14, 6)
        card_w = min(w - 2 * m, th.px(1180))
        inner_w = card_w - 2 * pad
        side_keys = card_w >= th.px(1000) and w >= 1000   # keys in a column beside the pictures
        keys_w = int(inner_w * 0.4) if side_keys else inner_w
        text_w = inner_w - keys_w - pad if side_keys else inner_w
        # the text, top down, from (0, 0) inside the card's padding
        lines: list[Line] = []
        y = 0
        kicker = (_("HOW TO PLAY · shown once for each puzzle") if self.first else _("HOW TO PLAY"))
        lines.append(Line(kicker, "tiny", self.spec.shelf.colour, (0, y)))
        y += th.size_of("tiny") + th.px(4)
        lines.append(Line(self.spec.shown_title(), "title", pal.text, (0, y)))
        y += th.size_of("title") + th.px(10)
        rule = self.spec.puzzle.move_rule
        for text, role, colour in ((goal_words(self.spec, self._board_goal()), "body", pal.text),
                                   (self.spec.puzzle.shown_rule() if rule.strip() else "", "body", pal.text),
                                   (count_words(self.spec), "small", pal.muted)):
            for line in th.wrap(text, role, text_w):
                lines.append(Line(line, role, colour, (0, y)))
                y += th.size_of(role) + th.px(2)
            if text:
                y += th.px(6)
        text_h = y + gap
        foot = (_("Any key or click closes this; F1 or ? opens it again.") if not self.first
                else _("Any key or click closes this. F1 or ? brings it back whenever you want it."))
        foot_h = th.size_of("tiny") + th.px(6)
        keys_h, columns = self._keys_height(keys_w, side_keys)
        room_h = h - 2 * m - 2 * pad - foot_h   # what the card's inside may take
        pictures_h = room_h - text_h - (0 if side_keys else keys_h + gap)
        if side_keys:
            pictures_h = max(pictures_h, 0)
        pictures_h = min(pictures_h, th.px(330))
        body_h = max(text_h + max(pictures_h, 0), keys_h) if side_keys else text_h + max(pictures_h, 0) + gap + keys_h
        card_h = min(h - 2 * m, body_h + foot_h + 2 * pad)
        self.card = pygame.Rect(0, 0, card_w, card_h)
        self.card.center = (w // 2, h // 2)
        ox, oy = self.card.x + pad, self.card.y + pad
        self.lines = [Line(li.text, li.role, li.colour, (li.pos[0] + ox, li.pos[1] + oy)) for li in lines]
        self.lines.append(Line(foot, "tiny", pal.dim, (ox, self.card.bottom - pad // 2 - th.size_of("tiny"))))
        area = pygame.Rect(ox, oy + text_h, text_w, max(0, pictures_h))
        self.pictures = self._place_pictures(area) if pictures_h >= th.px(60, 40) else []
        if side_keys:
            keys = pygame.Rect(ox + text_w + pad, oy + th.size_of("tiny") + th.px(4), keys_w, keys_h)
        else:
            keys = pygame.Rect(ox, area.bottom + gap, keys_w, keys_h)
        self._place_keys(keys, columns)
        self.invalidate()

    def _board_goal(self) -> str:
        view = view_for(self.spec)
        return view.goal_words()

    def _keys_height(self, width: int, side: bool) -> tuple[int, int]:
        """How tall the keys are in the columns that fit ``width``; and how many columns."""
        th = self.theme
        columns = 1 if side else (3 if width >= th.px(1000) else 2)
        heights = [h for _keys, _lines, h in self._key_rows(width, columns)]
        tallest = max((sum(heights[a:b]) for a, b in balanced(heights, columns)), default=0)
        return th.size_of("heading") + th.px(8) + tallest, columns

    def _key_row_h(self) -> int:
        th = self.theme
        return max(th.size_of("small"), th.size_of("tiny") + th.px(8)) + th.px(5)

    def _cap_w(self) -> int:
        th = self.theme
        return max((th.measure(keys, th.size_of("tiny")) for keys, _words in self.keys), default=0) + th.px(12)

    def _key_rows(self, width: int, columns: int) -> list[tuple[str, list[str], int]]:
        """Each key with its words wrapped beside its cap (whole, never cut), and the height of its row: in the
        size, down to four fifths of the small text's, that keeps the keys shortest (the largest of those)."""
        th = self.theme
        col_w = (width - th.px(16) * (columns - 1)) // columns
        room = max(1, col_w - self._cap_w() - th.px(10))
        full = th.size_of("small")
        best: tuple[int, int, list[tuple[str, list[str], int]]] | None = None
        for px in range(full, max(1, full * 4 // 5) - 1, -1):
            line_h = px + th.px(2)
            rows = []
            for keys, words in self.keys:
                lines = th.wrap(words, px, room) or [""]
                rows.append((keys, lines, max(self._key_row_h(), len(lines) * line_h + th.px(5))))
            height = max((sum(h for *_rest, h in rows[a:b]) for a, b in balanced([r[2] for r in rows], columns)),
                         default=0)
            if best is None or height < best[0]:
                best = (height, px, rows)
        assert best is not None
        self.key_px = best[1]
        return best[2]

    def _place_keys(self, rect: pygame.Rect, columns: int) -> None:
        th = self.theme
        self.keys_title = (rect.x, rect.y)
        top = rect.y + th.size_of("heading") + th.px(8)
        col_w = (rect.w - th.px(16) * (columns - 1)) // columns
        self.key_cap_w = self._cap_w()
        self.key_cells = []
        rows = self._key_rows(rect.w, columns)
        for col, (a, b) in enumerate(balanced([h for _keys, _lines, h in rows], columns)):
            y = top
            for keys, lines, height in rows[a:b]:
                self.key_cells.append((keys, lines, pygame.Rect(rect.x + col * (col_w + th.px(16)), y, col_w, height)))
                y += height

    def _place_pictures(self, area: pygame.Rect) -> list[Picture]:
        """The examples in the arrangement that draws their boards largest."""
        th = self.theme
        n = len(self.examples)
        if not n or area.w <= 0 or area.h <= 0:
            return []
        probe = view_for(self.spec)
        cols, rows = probe.grid_size()
        fw, fh = cols + 2 * probe.frame, rows + 2 * probe.frame   # a frame's size in cells
        arrow = th.px(34, 18)
        cap = th.size_of("small") + th.px(6)
        gap = th.px(18, 8)
        best: tuple[float, bool, bool] | None = None
        for side_by_side in (True, False):        # examples next to each other, or one under another
            for down in (False, True):            # after beside before, or under it
                across = n if side_by_side else 1
                stacked = 1 if side_by_side else n
                ex_w = (area.w - gap * (across - 1)) / across
                ex_h = (area.h - gap * (stacked - 1)) / stacked - cap
                frame_w = ex_w if down else (ex_w - arrow) / 2
                frame_h = (ex_h - arrow) / 2 if down else ex_h
                pitch = min(frame_w / fw, frame_h / fh)
                if best is None or pitch > best[0] + 0.5:
                    best = (pitch, side_by_side, down)
        assert best is not None
        pitch, side_by_side, down = best
        pitch = min(pitch, th.px(90))
        frame = (int(fw * pitch), int(fh * pitch))
        ex_w = frame[0] if down else 2 * frame[0] + arrow
        ex_h = cap + (2 * frame[1] + arrow if down else frame[1])
        across = n if side_by_side else 1
        stacked = 1 if side_by_side else n
        total_w = across * ex_w + gap * (across - 1)
        total_h = stacked * ex_h + gap * (stacked - 1)
        x0 = area.x + (area.w - total_w) // 2
        y0 = area.y + max(0, (area.h - total_h) // 2)
        out = []
        for i, example in enumerate(self.examples):
            x = x0 + (i * (ex_w + gap) if side_by_side else 0)
            y = y0 + (0 if side_by_side else i * (ex_h + gap))
            caption = pygame.Rect(x, y, ex_w, cap)
            before = pygame.Rect(x, y + cap, *frame)
            if down:
                arrow_rect = pygame.Rect(x, before.bottom, frame[0], arrow)
                after = pygame.Rect(x, arrow_rect.bottom, *frame)
            else:
                arrow_rect = pygame.Rect(before.right, before.y, arrow, frame[1])
                after = pygame.Rect(arrow_rect.right, before.y, *frame)
            out.append(Picture(example, caption, before, after, arrow_rect, down,
                               self._view(before), self._view(after)))
        return out

    def _view(self, rect: pygame.Rect) -> BoardView:
        view = view_for(self.spec)
        view.coordinates = False
        view.theme = self.theme
        view.layout(rect)
        return view

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        th = self.theme
        surface.blit(self._backdrop_for(surface), (0, 0))
        draw_card(surface, th, self.card, 18, face=pal.panel, edge=pal.panel_edge, edge_width=1.5)
        for line in self.lines:
            surface.blit(th.fit(line.text, line.role, self.card.right - line.pos[0] - th.px(12), line.colour),
                         line.pos)
        for picture in self.pictures:
            self._draw_picture(surface, picture)
        self._draw_keys(surface)

    def _backdrop_for(self, surface: pygame.Surface) -> pygame.Surface:
        """The screen under the help as it was, darkened (drawn once: it waits while the help shows)."""
        pal = self.theme.palette
        size = surface.get_size()
        if self._backdrop is None or self._backdrop.get_size() != size:
            back = pygame.Surface(size)
            if self.below is not None:
                self.below.draw(back)
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((*pal.bg_bottom, DIM_BELOW))
            back.blit(shade, (0, 0))
            self._backdrop = back
        return self._backdrop

    def _phase(self, example: Example) -> tuple[float | None, bool]:
        """Where the after picture is in its loop: the move's progress (None: not moving), and
        whether the move has been made."""
        if self.ctx.settings.reduce_motion:
            return None, True
        glide = example.glide.kind.help_seconds
        t = self.time % (HOLD_BEFORE + glide + HOLD_AFTER)
        if t < HOLD_BEFORE:
            return 0.0, False
        if t < HOLD_BEFORE + glide:
            raw = (t - HOLD_BEFORE) / glide
            ease = ease_in_out_cubic if example.glide.kind.glides else ease_out_cubic
            return ease(raw), False
        return None, True

    def _draw_picture(self, surface: pygame.Surface, picture: Picture) -> None:
        pal = self.theme.palette
        th = self.theme
        example = picture.example
        surface.blit(th.fit(_(example.title), "small", picture.caption.w, pal.muted), picture.caption.topleft)
        moved_from = frozenset(a for a, _to in example.glide.paths)
        moved_to = frozenset(b for _, b in example.glide.paths)
        calm = Highlights(time=self.time, reduce_motion=True)
        before = Highlights(time=self.time, reduce_motion=True, hint_from=moved_from, hint_to=moved_to)
        picture.before_view.draw(surface, example.before, None, before)
        self._draw_arrow(surface, picture.arrow, picture.down)
        t, done = self._phase(example)
        view = picture.after_view
        if done:
            view.draw(surface, example.after, None, Highlights(time=self.time, reduce_motion=True, selected=moved_to))
        else:
            glide = example.glide
            motion = Motion(example.before, example.after, glide.paths, glide.kind, t or 0.0, glide.route)
            view.draw(surface, example.after, motion, calm)

    def _draw_arrow(self, surface: pygame.Surface, rect: pygame.Rect, down: bool) -> None:
        pal = self.theme.palette
        th = self.theme
        c = rect.center
        s = max(4.0, min(rect.w, rect.h, th.px(26)) * 0.42)
        if down:
            points = [(c[0] - s, c[1] - s * 0.35), (c[0] + s, c[1] - s * 0.35), (c[0], c[1] + s * 0.75)]
        else:
            points = [(c[0] - s * 0.35, c[1] - s), (c[0] - s * 0.35, c[1] + s), (c[0] + s * 0.75, c[1])]
        pygame.draw.polygon(surface, pal.muted, points)

    def _draw_keys(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        th = self.theme
        if not self.key_cells:
            return
        surface.blit(th.text(_("Keys"), "heading", pal.text), self.keys_title)
        tiny = th.size_of("tiny")
        line_h = self.key_px + th.px(2)
        for keys, lines, cell in self.key_cells:
            cap = th.text(keys, tiny, pal.text)
            box = pygame.Rect(cell.x, cell.y, self.key_cap_w, cap.get_height() + th.px(6))
            box.centery = cell.y + max(self._key_row_h(), line_h) // 2
            pygame.draw.rect(surface, T.shade(pal.card, -0.15), box, border_radius=max(3, box.h // 4))
            pygame.draw.rect(surface, pal.panel_edge, box, 1, border_radius=max(3, box.h // 4))
            surface.blit(cap, cap.get_rect(center=box.center))
            x = box.right + th.px(10)
            y = box.centery - line_h // 2   # the first line beside the cap, the others under it
            for line in lines:
                text = th.text(line, self.key_px, pal.muted)
                surface.blit(text, (x, y + (line_h - text.get_height()) // 2))
                y += line_h
