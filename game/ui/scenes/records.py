"""The records screen: every puzzle with the player's records against the optimum.

One row per puzzle (each variant of a card, each way of counting moves that was played), under its
shelf's heading: games solved, solved on one's own (no hint, no solver, no move marks), solved in
the fewest moves possible, the best solve against the optimum and the best time, and its badge.
Games that began elsewhere than the puzzle's start have rows of their own under it, by distance.
The rows come from the journal's records in memory: this screen reads no file. Arrows or the wheel
scroll, Enter or a click plays the puzzle, Esc goes back.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

import pygame

from game.catalog import registry as catalog
from game.common.i18n import N_, _, ngettext
from game.midend.panel import clock
from game.keeping.records import START, Badge, Record, Records, key_label, key_order
from game.catalog.spec import PuzzleSpec
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.badges import draw_badge, draw_in_progress, pill_size
from game.common.words import moves_text
from game.common.phrase import translated
from game.ui.intents import Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.ui.tween import glide_toward
from game.ui.widgets import Button, card

# Translators: the records table's column headings (shown in capitals in English): games solved, solved
# without help, solved in the fewest moves, the best solve against the optimum, the fastest solve
COLUMNS = ((N_("Solved"), 0.50), (N_("On your own"), 0.615), (N_("Optimal"), 0.72), (N_("Best"), 0.835),
           (N_("Best time"), 0.95))
OTHERS = N_("Other puzzles")


@dataclass(frozen=True)
class Row:
    """One line of the table: a shelf's heading, a puzzle, or one way its games began."""

    kind: str                          # "shelf", "puzzle" or "key"
    label: str
    colour: Tone | T.Colour = Tone.TEXT   # a shelf's own colour, or a tone drawn in the palette in use
    name: str | None = None            # the puzzle to play from this row
    record: Record | None = None
    badge: Badge = Badge.NONE
    in_progress: bool = False


def puzzle_label(spec: PuzzleSpec) -> str:
    """The puzzle's name in the table, in the player's language: its card's title and variant, and the
    way its moves are counted where that is not the puzzle's own."""
    p = spec.presentation
    # Translators: a puzzle in the records: its card's title and the variant chosen on the card ("Frogs · 4 v 3")
    label = (_("{group} · {variant}").format(group=_(p.group), variant=_(p.variant)) if p.group and p.variant
             else translated(p.short_title))
    if spec.name != spec.base:
        # Translators: a puzzle in the records whose moves were counted another way ("Klotski · moves by line")
        return _("{puzzle} · moves by {count}").format(puzzle=label, count=spec.count.word())
    return label


def rows(records: Records, in_progress=lambda name: False) -> list[Row]:
    """The table's rows: every shelved puzzle in the menu's order (and each other count or puzzle file
    with records)."""
    out: list[Row] = []
    shelved = set(catalog.names())
    extra: dict[str, list[str]] = {}       # shelved puzzle -> its other counts that have records
    others: list[str] = []
    for name in sorted(records.puzzles):
        if name in shelved:
            continue
        base = catalog.base_of(name)
        (extra.setdefault(base, []) if base in shelved else others).append(name)
    for shelf, cards in catalog.cards():   # the menu's order: its shelves, its cards, each card's variants
        out.append(Row("shelf", translated(shelf.title), shelf.colour))
        for spec in (spec for card in cards for spec in card):
            for name in (spec.name, *extra.get(spec.name, ())):
                out += _puzzle_rows(records, name, spec if name == spec.name else _variant(name), in_progress)
    if others:
        out.append(Row("shelf", _(OTHERS), Tone.MUTED))
        for name in others:
            out += _puzzle_rows(records, name, None, in_progress)
    return out


def _variant(name: str) -> PuzzleSpec | None:
    try:
        return catalog.get(name)   # another count of a shelved puzzle: made from its definition, no file read
    except (KeyError, ValueError):
        return None


def _puzzle_rows(records: Records, name: str, spec: PuzzleSpec | None, in_progress) -> list[Row]:
    label = puzzle_label(spec) if spec is not None else PurePath(name).name
    keys = records.of(name)
    out = [Row("puzzle", label, Tone.TEXT if keys else Tone.MUTED, name if spec is not None else None,
               records.total(name) if keys else None, records.badge(name), in_progress(name))]
    if set(keys) - {START}:
        out += [Row("key", key_label(key), Tone.MUTED, None, keys[key]) for key in sorted(keys, key=key_order)]
    return out


def best_text(record: Record) -> tuple[str, Tone]:
    """The best of the player's own solves against the optimum: 'optimal', '+3', or its moves."""
    if record.best_over == 0:
        # Translators: the records' "Best" column: the best solve took the fewest moves possible
        return _("optimal"), Tone.GOOD
    if record.best_over is not None:
        return f"+{record.best_over}", Tone.TEXT
    if record.best_moves is not None:
        return moves_text(record.best_moves), Tone.TEXT
    return "–", Tone.DIM


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
        self.header_h = th.size_of("title") + th.size_of("small") * 2 + th.px(20)
        self.table = pygame.Rect(m, m + self.header_h + th.px(10), w - 2 * m, h - 2 * m - self.header_h - th.px(10))
        self.row_h = th.size_of("small") + th.px(12)
        self.head_h = th.size_of("tiny") + th.px(16)
        self.rebuild()

    def rebuild(self) -> None:
        """The rows for the records as they are now, and their picture (drawn once, scrolled after)."""
        journal = self.ctx.journal
        self._records = journal.records
        self.rows = rows(journal.records, journal.in_progress)
        th = self.theme
        self.view = self.table.inflate(-2 * th.px(14), -2 * th.px(10))
        self.view.y += self.head_h
        self.view.h -= self.head_h + th.size_of("tiny") + th.px(8)   # a strip below the rows for "more below"
        height = sum(self._height(row) for row in self.rows) + th.px(8)
        self._static = pygame.Surface((self.view.w, max(1, height)), pygame.SRCALPHA)
        y = 0
        self.row_tops: list[int] = []
        for row in self.rows:
            self.row_tops.append(y)
            self.draw_row(self._static, row, y)
            y += self._height(row)
        self.clamp_scroll()
        self.invalidate()

    def _height(self, row: Row) -> int:
        th = self.theme
        if row.kind == "shelf":
            return th.size_of("heading") + th.px(14)
        return self.row_h if row.kind == "puzzle" else th.size_of("tiny") + th.px(8)

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
            if top <= y < top + self._height(self.rows[i]):
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
            top = y + th.px(6)
            pygame.draw.rect(surface, pal.colour_of(row.colour),
                             (0, top + th.px(3), th.px(5), th.size_of("heading") - th.px(4)), border_radius=th.px(2))
            surface.blit(th.text(row.label, "heading", pal.text), (th.px(14), top))
            return
        key = row.kind == "key"
        role = "tiny" if key else "small"
        h = self._height(row)
        indent = th.px(34) if key else th.px(14)
        name_w = int(w * COLUMNS[0][1]) - indent - th.px(90)
        label = th.fit(row.label, role, name_w, pal.colour_of(row.colour))
        surface.blit(label, label.get_rect(midleft=(indent, y + h // 2)))
        if row.kind == "puzzle":
            x = indent + label.get_width() + th.px(10)
            pill_y = y + (h - (th.size_of("tiny") + th.px(4))) // 2
            if row.badge is not Badge.NONE:
                bw = pill_size(th, "With help", "")[0]
                drawn = draw_badge(surface, th, row.badge, (x + bw, pill_y))
                x = (drawn.right if drawn is not None else x) + th.px(6)
            if row.in_progress:
                draw_in_progress(surface, th, (x, pill_y))
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

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        th = self.theme
        w, h = surface.get_size()
        surface.blit(background(self.theme.palette, (w, h)), (0, 0))
        x, y = self.table.x, th.px(28, 12)
        surface.blit(th.text(_("Records"), "title", pal.text), (x, y))
        y += th.size_of("title") + th.px(6)
        room = self.back_button.rect.x - x - th.px(20)
        for line in th.wrap(_("Your best against the optimum, puzzle by puzzle. A game with a hint, the solver or "
                              "move marks counts as solved with help, never as your own."), "small", room)[:2]:
            surface.blit(th.text(line, "small", pal.muted), (x, y))
            y += th.size_of("small")
        summary = th.fit(self.totals(), "small", room, pal.accent if self.ctx.journal.records.puzzles else pal.dim)
        surface.blit(summary, (x, y + th.px(4)))
        card(surface, th, self.table, 16)
        head_y = self.table.y + th.px(10)
        view = self.view
        for label, at in COLUMNS:
            cap = th.text(_(label).upper(), "tiny", pal.dim)
            surface.blit(cap, cap.get_rect(topright=(view.x + int(view.w * at), head_y)))
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
            band = pygame.Rect(view.x, view.y + self.row_tops[i] - off, view.w, self._height(self.rows[i]))
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

    def totals(self) -> str:
        records = self.ctx.journal.records
        names = list(records.puzzles)
        if not names:
            return _("No puzzle solved yet: your first win will be here.")
        solved = sum(1 for n in names if records.total(n).solved)
        own = sum(1 for n in names if records.total(n).own)
        optimal = sum(1 for n in names if records.total(n).optimal)
        return ngettext("{n:,} puzzle solved · {own:,} on your own · {optimal:,} in the fewest moves possible",
                        "{n:,} puzzles solved · {own:,} on your own · {optimal:,} in the fewest moves possible",
                        solved).format(n=solved, own=own, optimal=optimal)
