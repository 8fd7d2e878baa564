"""The menu: every puzzle, on its shelf, as a card with a drawing of its start position; under
the shelves, where the player's own puzzle files go and why any of them could not be read."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.catalog import registry as catalog
from game.catalog import library
from game.common.i18n import N_, _, ngettext
from game.catalog.spec import PuzzleSpec, Shelf
from game.common.phrase import translated
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.intents import DIRECTIONS, Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.ui.scenes.menu_card import Card
from game.ui.tween import glide_toward
from game.ui.widgets import Button

MAX_PROBLEMS = 12     # sentences shown about files that could not be read; the rest are counted
QUIT_SECONDS = 3.0    # Esc on the menu: a second Esc within this long quits


@dataclass(frozen=True)
class NoteLine:
    """A line of the notes under the shelves, laid out: where it goes and how it looks."""

    text: str
    role: str
    tone: Tone
    y: int
    indent: int = 0


def notes(folder: str, problems: tuple[str, ...],
          kept: tuple[str, ...] = ()) -> list[tuple[str, str, Tone]]:
    """What the notes say: the player's folder, then a sentence per file that could not be read (and
    about their records, if they could not be read)."""
    out = [(sentence, "small", Tone.NOPE) for sentence in kept] + [(_("Your own puzzles"), "heading", Tone.TEXT),
           (_("Put puzzle files (TOML, jim'slide or SLIDING) in {folder} and they join the shelves when the game "
              "starts.").format(folder=folder), "small", Tone.MUTED)]
    if problems:
        many = len(problems)
        out.append((ngettext("{n:,} file could not be read:", "{n:,} files could not be read:", many).format(n=many),
                    "small", Tone.NOPE))
        out += [(sentence, "tiny", Tone.MUTED) for sentence in problems[:MAX_PROBLEMS]]
        if many > MAX_PROBLEMS:
            rest = many - MAX_PROBLEMS
            # Translators: after the list of puzzle files that could not be read, the ones not listed
            out.append((ngettext("... and {n:,} more.", "... and {n:,} more.", rest).format(n=rest), "tiny",
                        Tone.MUTED))
    return out


class MenuScene(Scene):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        shelves = catalog.cards()
        largest = max((len(cards) for _, cards in shelves), default=0)
        # the largest shelf last, so the short ones share rows
        shelves.sort(key=lambda item: len(item[1]) == largest)
        self.shelves = [shelf for shelf, _ in shelves]
        self.cards = {shelf: [Card(specs, ctx.journal.chosen) for specs in cards] for shelf, cards in shelves}
        self.flat = [c for shelf in self.shelves for c in self.cards[shelf]]
        self.selected = 0
        self.show_selection = False
        self.scroll = 0.0
        self.scroll_target = 0.0
        self.hover: tuple[int, int] | None = None
        self.headings: list[tuple[Shelf, pygame.Rect]] = []
        self.press: int | None = None
        self.quitting = 0.0                  # seconds left for a second Esc to quit
        self.records_button = Button(N_("Records"), Intent.RESTART, key="R")
        self.settings_button = Button(N_("Settings"), Intent.SETTINGS)
        self._journal_seen = False           # the journal's start-up read taken in (chosen variants, notes)
        self._last_shown: str | None = None  # the last played puzzle this menu has selected
        self.layout(ctx.size)
        self.follow_journal()

    def layout(self, size: tuple[int, int]) -> None:
        pal = self.theme.palette
        th = self.theme
        w, h = size
        m = th.px(36, 14)
        self.top = th.size_of("display") + th.size_of("body") + th.px(44)
        bw, bh = max(th.px(128), 110), max(th.px(30), th.size_of("small") + th.px(12))
        self.records_button.rect = pygame.Rect(w - m - bw, th.px(12), bw, bh)
        self.settings_button.rect = self.records_button.rect.move(-bw - th.px(10), 0)
        gap = th.px(16, 8)
        grow = th.text_scale   # larger text, wider cards (and fewer to a row)
        roomy = max(2, min(6, (w - 2 * m + gap) // (max(th.px(176 * grow), 150) + gap)))
        tightest = max(roomy, (w - 2 * m + gap) // (max(th.px(118 * grow), 112) + gap))
        for cols in range(roomy, tightest + 1):   # as roomy as lets every card show at once
            card_w, card_h, bottom = self.place_cards(cols, m, gap, w)
            if bottom <= h - th.px(8):
                break
        self.notes_x = m
        self.failed = len(catalog.problems())
        self.note_lines = self.layout_notes(bottom + gap + th.px(12), w - 2 * m)
        last = self.note_lines[-1]
        self.content_h = last.y + th.size_of(last.role) + gap
        self.view_h = h
        self.thumb_size = (card_w - th.px(16), int(card_w * 0.56))
        for card in self.flat:
            card.lay_out(th, self.blurb_lines)
        # the bottom edge's fade, for when more cards are below
        self.invalidate()
        self.fade = pygame.Surface((w, th.px(60)), pygame.SRCALPHA)
        fade_h = self.fade.get_height()
        for i in range(fade_h):
            pygame.draw.line(self.fade, (*pal.bg_bottom, int(255 * i / fade_h)), (0, i), (w, i))
        self.clamp_scroll()

    def place_cards(self, cols: int, m: int, gap: int, w: int) -> tuple[int, int, int]:
        """Shelves and cards in ``cols`` columns (short shelves share a row under their own
        headings): the cards' width and height, and where the last row ends."""
        th = self.theme
        card_w = (w - 2 * m - gap * (cols - 1)) // cols
        chooser_h = th.size_of("small") + th.px(10) if any(c.group for c in self.flat) else 0
        self.blurb_lines = 2 if cols <= 6 else 1   # more columns: shorter cards, so all fit
        card_h = (int(card_w * 0.56) + th.size_of("body") + self.blurb_lines * th.size_of("small") + th.px(28)
                  + chooser_h)
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
        return card_w, card_h, cy + card_h

    def thumb(self, card: Card) -> pygame.Surface:
        return card.thumb(self.thumb_size)

    def choose(self, card: Card, index: int) -> None:
        card.choose(index)
        card.lay_out(self.theme, self.blurb_lines)
        self.invalidate()

    def chip_at(self, card: Card, pos: tuple[int, int]) -> int | None:
        """The variant a click at ``pos`` (screen) on the card's chooser picks, if it hits one."""
        return card.chip_at(self.theme, pos[0] - card.rect.x, pos[1] + int(self.scroll) - card.rect.y)

    def layout_notes(self, y: int, width: int) -> list[NoteLine]:
        """The notes' lines, wrapped to the menu's width, from ``y`` down."""
        th = self.theme
        lines: list[NoteLine] = []
        for text, role, tone in notes(str(library.player_folder()), catalog.problems(),
                                        tuple(self.ctx.journal.problems)):
            if role == "heading" and lines:
                y += th.px(8)
            indent = th.px(14) if role == "tiny" else 0     # the sentences about files, under their line
            for line in th.wrap(text, role, width - indent):
                lines.append(NoteLine(line, role, tone, y, indent))
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
        self.ctx.nav.open_puzzle(self.flat[index].name)

    def help_spec(self) -> PuzzleSpec | None:
        """F1 on the menu: the help of the puzzle chosen."""
        return self.flat[self.selected].spec if self.flat else None

    def handle_intent(self, intent: Intent) -> None:
        self.follow_journal()   # a game just left: its card first, then what the key does
        if intent is not Intent.BACK and self.quitting:
            self.quitting = 0.0
            self.invalidate()
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
            if self.quitting > 0 or self.ctx.demo_mode:
                self.ctx.nav.menu_back()
            else:   # a slip of the finger never closes the game: a second Esc does, and the note says so
                self.quitting = QUIT_SECONDS
        elif intent is Intent.RESTART:   # R on the menu: there is no game to restart here, so the records
            self.ctx.nav.open_records()
        elif intent is Intent.ANALYSIS:
            self.ctx.nav.open_analysis(self.flat[self.selected].name)
        elif intent is Intent.EDIT:
            self.ctx.nav.open_editor(self.flat[self.selected].name)
        elif intent in (Intent.DISTANCE_UP, Intent.DISTANCE_DOWN, Intent.FASTER, Intent.SLOWER):
            card = self.flat[self.selected]
            if card.group:
                self.show_selection = True
                self.choose(card, card.index + (1 if intent in (Intent.DISTANCE_UP, Intent.FASTER) else -1))
        elif intent is Intent.MOTION:
            self.ctx.changes.toggle("reduce_motion")

    def card_at(self, pos) -> int | None:
        if pos[1] < self.top * 0.6:
            return None
        p = (pos[0], pos[1] + int(self.scroll))
        for i, c in enumerate(self.flat):
            if c.rect.collidepoint(p):
                return i
        return None

    def handle_event(self, event) -> None:
        self.follow_journal()
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
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.settings_button.hit(event.pos):
            self.press = None
            self.ctx.nav.open_settings()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.records_button.hit(event.pos):
            self.press = None
            self.ctx.nav.open_records()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self.card_at(event.pos)
            if i is not None and i == self.press:
                chip = self.chip_at(self.flat[i], event.pos)
                if chip is None:
                    self.open(i)
                else:
                    self.choose(self.flat[i], chip)
            self.press = None

    def animating(self) -> bool:
        return self.scroll != self.scroll_target

    def follow_journal(self) -> None:
        """Once the journal has read what it keeps: each group's chosen variant and its notes; and
        whenever a puzzle was played, its card selected (kept between runs)."""
        journal = self.ctx.journal
        if not journal.loaded:
            return
        if not self._journal_seen:
            self._journal_seen = True
            for card in self.flat:
                names = [spec.name for spec in card.specs]
                if card.group and self.ctx.journal.chosen.get(card.group) in names:
                    card.index = names.index(self.ctx.journal.chosen[card.group])
            self.layout(self.ctx.size)
        if journal.last is not None and journal.last != self._last_shown:
            self._last_shown = journal.last
            self.select_name(journal.last)

    def select_name(self, name: str) -> None:
        """Select the card of the puzzle ``name`` (a puzzle under another move count: its card), and
        choose it on a card of variants."""
        base = catalog.base_of(name)
        for i, card in enumerate(self.flat):
            names = [spec.name for spec in card.specs]
            for wanted in (name, base):
                if wanted in names:
                    if card.group:
                        self.choose(card, names.index(wanted))
                    self.selected, self.show_selection = i, True
                    self.ensure_visible()
                    self.scroll = self.scroll_target
                    self.invalidate()
                    return

    def update(self, dt: float) -> None:
        self.follow_journal()
        if self.quitting:
            self.quitting = max(0.0, self.quitting - dt)
            if not self.quitting:
                self.invalidate()
        if self.scroll == self.scroll_target:
            return
        self.scroll = glide_toward(self.scroll, self.scroll_target, dt, self.ctx.settings.reduce_motion)
        self.invalidate()

    # -- drawing ---------------------------------------------------------------------------
    def draw_quit_note(self, surface: pygame.Surface) -> None:
        """The note a first Esc leaves: a second one quits."""
        pal = self.theme.palette
        th = self.theme
        w, h = surface.get_size()
        text = th.text(_("Press Esc again to quit (your games are kept) · any other key stays"), "body", pal.text)
        box = text.get_rect().inflate(th.px(36), th.px(18))
        box.midbottom = (w // 2, h - th.px(24))
        pygame.draw.rect(surface, T.shade(pal.bg_bottom, -0.3), box.move(0, th.px(3)), border_radius=box.h // 2)
        pygame.draw.rect(surface, pal.panel, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, pal.accent, box, max(1, th.px(2)), border_radius=box.h // 2)
        surface.blit(text, text.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        th = self.theme
        w, h = surface.get_size()
        surface.blit(background(self.theme.palette, (w, h)), (0, 0))
        off = int(self.scroll)
        surface.set_clip(pygame.Rect(0, self.top, w, h - self.top))   # the scrolled part: under the title bar
        for shelf, r in self.headings:
            rr = r.move(0, -off)
            if rr.bottom < 0 or rr.top > h:
                continue
            colour = shelf.colour
            pygame.draw.rect(surface, colour, (rr.x, rr.y + th.px(4), th.px(5), th.size_of("heading") - th.px(4)),
                             border_radius=th.px(2))
            surface.blit(th.text(translated(shelf.title), "heading", pal.text), (rr.x + th.px(14), rr.y))
        for i, card in enumerate(self.flat):
            r = card.rect.move(0, -off)
            if r.bottom < 0 or r.top > h:
                continue
            selected = i == self.selected and (self.show_selection or bool(self.hover and r.collidepoint(self.hover)))
            journal = self.ctx.journal
            card.draw(surface, th, r, self.thumb_size, selected, journal.records.badge(card.name),
                      journal.in_progress(card.name))
        for note in self.note_lines:
            y = note.y - off
            if -th.size_of(note.role) < y < h:
                surface.blit(th.text(note.text, note.role, pal.tone(note.tone)), (self.notes_x + note.indent, y))
        if self.content_h - off > h:   # more below: fade out the bottom edge
            surface.blit(self.fade, (0, h - self.fade.get_height()))
        surface.set_clip(None)
        # the title bar stays on top of scrolled cards
        bar = pygame.Rect(0, 0, w, self.top)
        surface.blit(background(self.theme.palette, (w, h)), (0, 0), bar)
        if off > 0:
            pygame.draw.line(surface, pal.panel_edge, (0, bar.bottom), (w, bar.bottom), 1)
        m = th.px(36, 14)
        # Translators: the game's name, the menu's title
        title = th.text(_("Fewest Moves"), "display", pal.text)
        surface.blit(title, (m, th.px(16)))
        sub = th.text(_("Classic move puzzles. Every hint and every solution is provably the shortest."), "body",
                      pal.muted)
        keys = th.text(_("Click a puzzle, or arrows + Enter · [ ] another size · E: edit · A: analysis · "
                         "F1: help · F11 full screen · Esc twice quits"), "tiny", pal.dim)
        keys_y = max(th.px(16) + title.get_height() - keys.get_height() - th.px(6),
                     self.records_button.rect.bottom + th.px(4))   # under the buttons, never through them
        keys_x = w - m - keys.get_width()
        sub_y = th.px(20) + title.get_height()
        if keys_x < m + sub.get_width():   # the two lines share columns: the subtitle goes below the keys
            sub_y = max(sub_y, keys_y + keys.get_height() + th.px(4))
        surface.blit(sub, (m, sub_y))
        surface.blit(keys, (keys_x, keys_y))
        self.records_button.draw(surface, th, self.hover)
        self.settings_button.draw(surface, th, self.hover)
        if self.quitting:
            self.draw_quit_note(surface)
        if self.failed:   # said where the player looks first; the sentences are at the foot of the menu
            many = self.failed
            warn = th.text(ngettext("{n:,} of your puzzle files could not be read: the reasons are at the foot of "
                                    "this page.",
                                    "{n:,} of your puzzle files could not be read: the reasons are at the foot of "
                                    "this page.", many).format(n=many), "tiny", pal.nope)
            surface.blit(warn, (w - m - warn.get_width(), keys_y + keys.get_height() + th.px(4)))
