"""The menu: every puzzle, on its shelf, as a card with a drawing of its start position; under
the shelves, where the player's own puzzle files go and why any of them could not be read."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import catalog, library
from game.spec import PuzzleSpec, Shelf
from game.ui import theme as T
from game.ui.intents import DIRECTIONS, Intent
from game.ui.scenes.base import Scene, background
from game.ui.views import view_for
from game.ui.widgets import card as draw_card

MAX_PROBLEMS = 12     # sentences shown about files that could not be read; the rest are counted


@dataclass(frozen=True)
class NoteLine:
    """A line of the notes under the shelves, laid out: where it goes and how it looks."""

    text: str
    role: str
    colour: tuple[int, int, int]
    y: int
    indent: int = 0


def notes(folder: str, problems: tuple[str, ...]) -> list[tuple[str, str, tuple[int, int, int]]]:
    """What the notes say: the player's folder, then a sentence per file that could not be read."""
    out = [("Your own puzzles", "heading", T.TEXT),
           (f"Put puzzle files (TOML, jim'slide or SLIDING) in {folder} and they join the shelves when the game "
            "starts.", "small", T.MUTED)]
    if problems:
        many = len(problems)
        out.append((f"{many} file{'s' if many > 1 else ''} could not be read:", "small", T.NOPE))
        out += [(sentence, "tiny", T.MUTED) for sentence in problems[:MAX_PROBLEMS]]
        if many > MAX_PROBLEMS:
            out.append((f"... and {many - MAX_PROBLEMS} more.", "tiny", T.MUTED))
    return out


class Card:
    def __init__(self, spec: PuzzleSpec) -> None:
        self.spec = spec
        self.name = spec.name
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.thumb: pygame.Surface | None = None
        self.lines: list[str] = []     # the blurb, wrapped to the card


class MenuScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        shelves = catalog.shelves()
        largest = max((len(specs) for _, specs in shelves), default=0)
        # the largest shelf last, so the short ones share rows
        shelves.sort(key=lambda item: len(item[1]) == largest)
        self.shelves = [shelf for shelf, _ in shelves]
        self.cards = {shelf: [Card(spec) for spec in specs] for shelf, specs in shelves}
        self.flat = [c for shelf in self.shelves for c in self.cards[shelf]]
        self.selected = 0
        self.show_selection = False
        self.scroll = 0.0
        self.scroll_target = 0.0
        self.hover: tuple[int, int] | None = None
        self.headings: list[tuple[Shelf, pygame.Rect]] = []
        self.press: int | None = None
        self.layout(app.size)

    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m = th.px(36, 14)
        self.top = th.size_of("display") + th.size_of("body") + th.px(44)
        gap = th.px(16, 8)
        cols = max(2, min(6, (w - 2 * m + gap) // (max(th.px(176), 150) + gap)))
        card_w = (w - 2 * m - gap * (cols - 1)) // cols
        card_h = int(card_w * 0.56) + th.size_of("body") + 2 * th.size_of("small") + th.px(28)
        head_h = th.size_of("heading") + th.px(12)
        self.headings = []
        col, row_y, cy = 0, self.top, self.top + head_h
        for shelf in self.shelves:
            cards = self.cards[shelf]
            n = len(cards)
            if col and col + n > cols:
                col = 0
                row_y = cy + card_h + gap
            self.headings.append((shelf, pygame.Rect(m + col * (card_w + gap), row_y, card_w * min(n, cols), head_h)))
            cy = row_y + head_h
            wrapped = False
            for card in cards:
                if col == cols:
                    col, wrapped = 0, True
                    cy += card_h + gap
                card.rect = pygame.Rect(m + col * (card_w + gap), cy, card_w, card_h)
                col += 1
            if wrapped:
                col = cols
                row_y = cy - head_h
        self.notes_x = m
        self.failed = len(catalog.problems())
        self.note_lines = self.layout_notes(cy + card_h + gap + th.px(12), w - 2 * m)
        last = self.note_lines[-1]
        self.content_h = last.y + th.size_of(last.role) + gap
        self.view_h = h
        thumb_size = (card_w - th.px(16), int(card_w * 0.56))
        for card in self.flat:
            if card.thumb is None or card.thumb.get_size() != thumb_size:
                card.thumb = view_for(card.spec).thumbnail(card.spec.puzzle.start, thumb_size)
            card.lines = th.wrap(card.spec.presentation.blurb, "small", card_w - th.px(20))[:2]
        # the bottom edge's fade, for when more cards are below
        self.invalidate()
        self.fade = pygame.Surface((w, th.px(60)), pygame.SRCALPHA)
        fade_h = self.fade.get_height()
        for i in range(fade_h):
            pygame.draw.line(self.fade, (*T.BG_BOTTOM, int(255 * i / fade_h)), (0, i), (w, i))
        self.clamp_scroll()

    def layout_notes(self, y: int, width: int) -> list[NoteLine]:
        """The notes' lines, wrapped to the menu's width, from ``y`` down."""
        th = self.theme
        lines: list[NoteLine] = []
        for text, role, colour in notes(str(library.player_folder()), catalog.problems()):
            if role == "heading" and lines:
                y += th.px(8)
            indent = th.px(14) if role == "tiny" else 0     # the sentences about files, under their line
            for line in th.wrap(text, role, width - indent):
                lines.append(NoteLine(line, role, colour, y, indent))
                y += th.size_of(role) + th.px(2)
            y += th.px(4) if role == "heading" else 0
        return lines

    def clamp_scroll(self) -> None:
        most = max(0, self.content_h - self.view_h + self.theme.px(20))
        self.scroll_target = min(max(0.0, self.scroll_target), most)

    def ensure_visible(self) -> None:
        r = self.flat[self.selected].rect
        th = self.theme
        if r.y - self.scroll_target < self.top:
            self.scroll_target = r.y - self.top - th.px(40)
        elif r.bottom - self.scroll_target > self.view_h - th.px(20):
            self.scroll_target = r.bottom - self.view_h + th.px(30)
        self.clamp_scroll()

    # -- input -----------------------------------------------------------------------------
    def open(self, index: int) -> None:
        self.app.open_puzzle(self.flat[index].name)

    def handle_intent(self, intent: Intent) -> None:
        if intent in DIRECTIONS:
            self.show_selection = True
            dr, dc = DIRECTIONS[intent]
            if dc:
                self.selected = (self.selected + dc) % len(self.flat)
            else:
                cur = self.flat[self.selected].rect
                best, score = self.selected, None
                for i, c in enumerate(self.flat):
                    dy = (c.rect.centery - cur.centery) * dr
                    if dy <= 0:
                        continue
                    s = dy + 3 * abs(c.rect.centerx - cur.centerx)
                    if score is None or s < score:
                        best, score = i, s
                self.selected = best
            self.ensure_visible()
        elif intent in (Intent.NEXT, Intent.PREV):
            self.show_selection = True
            self.selected = (self.selected + (1 if intent is Intent.NEXT else -1)) % len(self.flat)
            self.ensure_visible()
        elif intent is Intent.CONFIRM:
            self.open(self.selected)
        elif intent is Intent.BACK:
            self.app.menu_back()
        elif intent is Intent.ANALYSIS:
            self.app.open_analysis(self.flat[self.selected].name)
        elif intent is Intent.MOTION:
            self.app.toggle_setting("reduce_motion")

    def card_at(self, pos) -> int | None:
        if pos[1] < self.top * 0.6:
            return None
        p = (pos[0], pos[1] + int(self.scroll))
        for i, c in enumerate(self.flat):
            if c.rect.collidepoint(p):
                return i
        return None

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            before = (self.card_at(self.hover) if self.hover else None, self.selected, self.show_selection)
            self.hover = event.pos
            i = self.card_at(event.pos)
            if i is not None:
                self.selected = i
                self.show_selection = False
            if (i, self.selected, self.show_selection) != before:
                self.invalidate()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_target -= event.y * self.theme.px(80)
            self.clamp_scroll()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press = self.card_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self.card_at(event.pos)
            if i is not None and i == self.press:
                self.open(i)
            self.press = None

    def animating(self) -> bool:
        return self.scroll != self.scroll_target

    def update(self, dt: float) -> None:
        if self.scroll == self.scroll_target:
            return
        k = 1.0 if self.app.settings.reduce_motion else min(1.0, dt * 14)
        self.scroll += (self.scroll_target - self.scroll) * k
        if abs(self.scroll - self.scroll_target) < 0.5:
            self.scroll = self.scroll_target
        self.invalidate()

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        w, h = surface.get_size()
        surface.blit(background((w, h)), (0, 0))
        off = int(self.scroll)
        for shelf, r in self.headings:
            rr = r.move(0, -off)
            if rr.bottom < 0 or rr.top > h:
                continue
            colour = shelf.colour
            pygame.draw.rect(surface, colour, (rr.x, rr.y + th.px(4), th.px(5), th.size_of("heading") - th.px(4)),
                             border_radius=th.px(2))
            surface.blit(th.text(shelf.title, "heading", T.TEXT), (rr.x + th.px(14), rr.y))
        for i, card in enumerate(self.flat):
            r = card.rect.move(0, -off)
            if r.bottom < 0 or r.top > h:
                continue
            selected = i == self.selected and (self.show_selection or (self.hover and r.collidepoint(self.hover)))
            colour = T.CARD_HOVER if selected else T.CARD
            lift = th.px(3) if selected else 0
            fam_col = card.spec.shelf.colour
            r = draw_card(surface, th, r, 14, face=colour, edge=fam_col if selected else T.PANEL_EDGE,
                          edge_width=2.5 if selected else 1, lift=lift)
            if card.thumb is not None:
                surface.blit(card.thumb, (r.x + th.px(8), r.y + th.px(8)))
            ty = r.y + th.px(12) + (card.thumb.get_height() if card.thumb else 0)
            surface.blit(th.fit(card.spec.presentation.short_title, "body", r.w - th.px(20)), (r.x + th.px(10), ty))
            ty += th.size_of("body") + th.px(3)
            for line in card.lines:
                surface.blit(th.fit(line, "small", r.w - th.px(20), T.MUTED), (r.x + th.px(10), ty))
                ty += th.size_of("small")
        for note in self.note_lines:
            y = note.y - off
            if -th.size_of(note.role) < y < h:
                surface.blit(th.text(note.text, note.role, note.colour), (self.notes_x + note.indent, y))
        if self.content_h - off > h:   # more below: fade out the bottom edge
            surface.blit(self.fade, (0, h - self.fade.get_height()))
        # the title bar stays on top of scrolled cards
        bar = pygame.Rect(0, 0, w, self.top)
        surface.blit(background((w, h)), (0, 0), bar)
        if off > 0:
            pygame.draw.line(surface, T.PANEL_EDGE, (0, bar.bottom), (w, bar.bottom), 1)
        m = th.px(36, 14)
        title = th.text("Fewest Moves", "display", T.TEXT)
        surface.blit(title, (m, th.px(16)))
        sub = th.text("Classic move puzzles. Every hint and every solution is provably the shortest.", "body", T.MUTED)
        surface.blit(sub, (m, th.px(20) + title.get_height()))
        keys = th.text("Click a puzzle, or arrows + Enter · A: analysis of the selected puzzle · F11 full screen · Esc quits", "tiny", T.DIM)
        keys_y = th.px(16) + title.get_height() - keys.get_height() - th.px(6)
        surface.blit(keys, (w - m - keys.get_width(), keys_y))
        if self.failed:   # said where the player looks first; the sentences are at the foot of the menu
            many = self.failed
            warn = th.text(f"{many} of your puzzle file{'s' if many > 1 else ''} could not be read: "
                           "the reasons are at the foot of this page.", "tiny", T.NOPE)
            surface.blit(warn, (w - m - warn.get_width(), keys_y + keys.get_height() + th.px(4)))
