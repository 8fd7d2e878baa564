"""The menu: every puzzle, on its shelf, as a card with its picture and whole description; the shelves
in their fixed order (the player's own puzzles last, on a shelf of their own); under them, the foot:
where the player's own puzzle files go and why any of them could not be read.

The title bar stays on top and the focus bar along the bottom (the chosen puzzle's full title and its
goal); the shelves scroll between them. The keys reach every card and the foot: arrows, Tab and
Shift+Tab move the choice (Down from the last row, or Tab after the last card, chooses the foot), and
the view scrolls to keep the choice in sight. L (or the chip on its heading) sorts the chosen card's shelf
easiest first, or puts it back in its own order (:mod:`game.ui.scenes.menu_shelf`). A collection's card (the
game's warehouses, a player's Sokoban file) opens a grid of its levels (:mod:`game.ui.scenes.collection`).
The page itself (the choice among the cards, kept in sight, and the shelves drawn) is
:class:`~game.ui.scenes.menu_page.MenuPage`'s.
"""
from __future__ import annotations

import pygame

from game.catalog import library
from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec, Shelf
from game.common.phrase import translated
from game.catalog.codes import CodeError
from game.common.i18n import _
from game.ui.clipboard import CLIPBOARD
from game.rules.puzzle import PositionError
from game.ui.share import coded_line, no_code_words, paste_code
from game.ui.context import Context
from game.ui.intents import DIRECTIONS, Intent
from game.ui.scenes.base import background
from game.ui.scenes.menu_bars import FocusBar, TitleBar
from game.ui.scenes.menu_card import Card
from game.ui.scenes.menu_daily import DailyOpener
from game.ui.scenes.menu_layout import Shelved, best_grid, lay_out_notes, notes
from game.ui.scenes.menu_page import MenuPage
from game.ui.scenes import menu_shelf as shelf_order
from game.ui.tween import glide_toward
from game.ui.widgets import Button

__all__ = ["MenuScene", "notes"]

QUIT_SECONDS = 3.0    # Esc on the menu: a second Esc within this long quits


class MenuScene(MenuPage):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        shelves = catalog.cards()
        self.shelves: list[Shelf] = [shelf for shelf, _ in shelves]
        self.own_order = {shelf: [Card(specs, ctx.journal.chosen, yours=shelf is catalog.YOURS) for specs in cards]
                          for shelf, cards in shelves}
        self.rated = shelf_order.shipped()
        self.sortable = {shelf for shelf, cards in self.own_order.items()
                         if len(cards) > 1 and any(shelf_order.rating_of(card, self.rated) for card in cards)}
        self.cards: dict[Shelf, list[Card]] = {}
        self.flat: list[Card] = []
        self.chips: dict[Shelf, pygame.Rect] = {}   # each sortable shelf's chip, where its heading has room
        self.arrange()
        self.selected = 0                    # a card, or len(self.flat): the foot
        self.above_foot = 0                  # the card the foot was reached from (Up goes back to it)
        self.show_selection = False
        self.scroll = 0.0
        self.scroll_target = 0.0
        self.hover: tuple[int, int] | None = None
        self.headings: list[tuple[Shelf, pygame.Rect]] = []
        self.press: int | None = None
        self.quitting = 0.0                  # seconds left for a second Esc to quit
        self.note = ""                       # a sentence in the focus bar (a paste that held no code)
        self.daily = DailyOpener()           # today's puzzle, while it is looked for
        self.title_bar = TitleBar()
        self.focus_bar = FocusBar()
        self.lines = (1, 0)
        self._journal_seen = False           # the journal's start-up read taken in (chosen variants, notes)
        self._last_shown: str | None = None  # the last played puzzle this menu has selected
        self.pictures_owed: bool | None = None   # cards in view without their picture yet (None: never drawn)
        self.layout(ctx.size)
        self.follow_journal()

    @property
    def records_button(self) -> Button:
        return self.title_bar.records_button

    @property
    def settings_button(self) -> Button:
        return self.title_bar.settings_button

    @property
    def daily_button(self) -> Button:
        return self.title_bar.daily_button

    # -- layout ----------------------------------------------------------------------------------
    def arrange(self) -> None:
        """Each shelf's cards in the order the menu's memory chose for it (the choice stays on its card)."""
        chosen = self.chosen_card() if self.flat else None
        for shelf, cards in self.own_order.items():
            easiest = shelf in self.sortable and shelf_order.is_easiest_first(self.ctx.journal.chosen, shelf)
            self.cards[shelf] = shelf_order.easiest_first(cards, self.rated) if easiest else list(cards)
        self.flat = [c for shelf in self.shelves for c in self.cards[shelf]]
        if chosen is not None:
            self.selected = self.flat.index(chosen)

    def toggle_order(self, shelf: Shelf) -> None:
        """The player's act: ``shelf`` easiest first, or back in its own order; kept for the next run."""
        if shelf not in self.sortable:
            return
        easiest = not shelf_order.is_easiest_first(self.ctx.journal.chosen, shelf)
        self.ctx.journal.keep_choice(shelf_order.ORDER + shelf.key, shelf_order.EASIEST if easiest else shelf_order.OWN)
        self.arrange()
        self.layout(self.ctx.size)

    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m = th.px(36, 14)
        self.failed = len(catalog.problems())
        self.top = self.title_bar.lay_out(th, w, self.failed)
        self.bar_top = self.focus_bar.lay_out(th, size, [spec for card in self.flat if not card.collection
                                                         for spec in card.specs],
                                              [(card.group, len(card.specs)) for card in self.flat if card.collection])
        said = notes(str(library.player_folder()), catalog.problems(), tuple(self.ctx.journal.problems),
                     heading=catalog.YOURS not in self.shelves)
        foot = lay_out_notes(th, said, 0, w - 2 * m)
        gap = th.px(16, 8)
        foot_h = (foot[-1].y + th.size_of(foot[-1].role) if foot else 0) + gap + th.px(12)
        shelved = [Shelved(translated(shelf.title), self.cards[shelf]) for shelf in self.shelves]
        grid = best_grid(th, shelved, m, w - 2 * m, self.top, self.bar_top - th.px(8), foot_h)
        for card, rect in zip(self.flat, grid.cards):
            card.rect = rect
        self.headings = list(zip(self.shelves, grid.headings))
        titles = {shelf: shelved_.heading for shelf, shelved_ in zip(self.shelves, shelved)}
        self.chips = shelf_order.lay_out_chips(th, self.headings, titles, self.sortable)
        self.thumb_size, self.lines = grid.thumb, grid.lines
        for card in self.flat:
            card.lay_out(th, self.lines)
        self.note_lines = lay_out_notes(th, said, grid.bottom + gap + th.px(12), w - 2 * m)
        last = self.note_lines[-1]
        self.foot_rect = pygame.Rect(m - th.px(10), self.note_lines[0].y - th.px(8), w - 2 * m + th.px(20),
                                     last.y + th.size_of(last.role) + th.px(16) - self.note_lines[0].y)
        self.content_h = self.foot_rect.bottom + gap
        self.invalidate()
        self.fade = pygame.Surface((w, th.px(48)), pygame.SRCALPHA)   # the lower edge's fade, when more is below
        fade_h = self.fade.get_height()
        for i in range(fade_h):
            pygame.draw.line(self.fade, (*th.palette.bg_bottom, int(255 * i / fade_h)), (0, i), (w, i))
        self.clamp_scroll()

    def choose(self, card: Card, index: int) -> None:
        card.choose(index)
        card.lay_out(self.theme, self.lines)
        self.invalidate()

    def chip_at(self, card: Card, pos: tuple[int, int]) -> int | None:
        """The variant a click at ``pos`` (screen) on the card's chooser picks, if it hits one."""
        return card.chip_at(self.theme, pos[0] - card.rect.x, pos[1] + int(self.scroll) - card.rect.y)

    # -- input -----------------------------------------------------------------------------------
    def open(self, index: int) -> None:
        """The card's puzzle, or a collection's grid of levels."""
        if index >= len(self.flat):
            return
        card = self.flat[index]
        if card.collection:
            self.ctx.nav.open_collection(card.specs, card.group, card.group, card.spec.shelf.colour)
        elif self.playable(card):
            self.ctx.nav.open_puzzle(card.name)

    def playable(self, card: Card) -> bool:
        """Whether the card's chosen puzzle can be opened; if its rules cannot be built from its file, the
        focus bar says why instead (its rules are built here, the first time, if its picture has not been)."""
        problem = card.problem()
        if problem is not None:
            self.tell(problem)
        return problem is None

    def help_spec(self) -> PuzzleSpec | None:
        """F1 on the menu: the help of the puzzle chosen (the menu's own where it cannot be opened)."""
        card = self.chosen_card()
        return card.spec if card is not None and card.problem() is None else None

    def handle_intent(self, intent: Intent) -> None:
        self.follow_journal()   # a game just left: its card first, then what the key does
        if intent is Intent.BACK and self.daily.cancel():
            self.tell(_("Today's puzzle was not opened."))
            return
        if self.note and intent is not Intent.PASTE and not self.daily.busy:
            self.note = ""
            self.invalidate()
        if intent is not Intent.BACK and self.quitting:
            self.quitting = 0.0
            self.invalidate()
        card = self.chosen_card()
        if intent in DIRECTIONS or intent in (Intent.NEXT, Intent.PREV):
            self.step(intent)
        elif intent is Intent.CONFIRM:
            self.open(self.selected)
        elif intent is Intent.BACK:
            if self.quitting > 0 or self.ctx.demo_mode:
                self.ctx.nav.menu_back()
            else:   # a slip of the finger never closes the game: a second Esc does, and the note says so
                self.quitting = QUIT_SECONDS
        elif intent is Intent.RESTART:   # R on the menu: there is no game to restart here, so the records
            self.ctx.nav.open_records()
        elif intent is Intent.ANALYSIS and card is not None and self.playable(card):
            self.ctx.nav.open_analysis(card.name)
        elif intent is Intent.EDIT and card is not None and self.playable(card):
            self.ctx.nav.open_editor(card.name)
        elif intent in (Intent.DISTANCE_UP, Intent.DISTANCE_DOWN, Intent.FASTER, Intent.SLOWER):
            if card is not None and card.group:
                self.show_selection = True
                self.choose(card, card.index + (1 if intent in (Intent.DISTANCE_UP, Intent.FASTER) else -1))
        elif intent is Intent.MOTION:
            self.ctx.changes.toggle("reduce_motion")
        elif intent is Intent.PASTE:
            self.paste()
        elif intent is Intent.DEAL_AT:
            self.open_daily()
        elif intent is Intent.SORT and card is not None:
            self.show_selection = True
            self.toggle_order(self.shelf_of(card))
            self.ensure_visible()   # the chosen card, wherever the order put it

    def open_daily(self) -> None:
        """D or the Daily button: today's puzzle, found in the background, opened once found."""
        self.daily.start(self.ctx.service)
        self.follow_daily()

    def follow_daily(self) -> None:
        """Say how the search for today's puzzle goes; open it once found (or say why it cannot be)."""
        got = self.daily.take()
        if isinstance(got, str):
            self.tell(got)
        elif got is not None:
            self.note = ""
            self.ctx.nav.play_daily(got)
        elif self.daily.busy and self.note != self.daily.note():
            self.tell(self.daily.note())

    def paste(self) -> None:
        """Ctrl+V: the game a pasted share code names (with the moves that led to it, where they come on the
        lines after it: played); one sentence in the focus bar for anything else."""
        try:
            coded = coded_line(CLIPBOARD.paste()[0])
            if coded is not None:
                self.ctx.nav.play_game(coded.saved(), coded.message)
                return
            shared, text, _note = paste_code(CLIPBOARD)
        except (CodeError, PositionError) as err:
            self.tell(str(err))
            return
        if shared is None:
            self.tell(no_code_words(text))
            return
        self.ctx.nav.play_position(shared.spec.name, shared.state, _("A new game from the pasted code."))

    def tell(self, note: str) -> None:
        """A sentence in the focus bar until the next key."""
        self.note = note
        self.invalidate()

    def handle_event(self, event) -> None:
        self.follow_journal()
        if event.type == pygame.MOUSEMOTION:
            before = (self.card_at(self.hover) if self.hover else None, self.selected, self.show_selection,
                      self.chip_hit(self.hover) if self.hover else None)
            self.hover = event.pos
            i = self.card_at(event.pos)
            if i is not None:
                self.selected = i
                self.show_selection = False
            if (i, self.selected, self.show_selection, self.chip_hit(event.pos)) != before:
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
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.daily_button.hit(event.pos):
            self.press = None
            self.open_daily()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and (hit := self.chip_hit(event.pos)):
            self.press = None
            self.toggle_order(hit)
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
        return self.scroll != self.scroll_target or self.daily.busy or bool(self.pictures_owed)

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
            self.arrange()   # the shelves' kept orders, by the kept variants: once, as the menu opens
            self.layout(self.ctx.size)
        if journal.last is not None and journal.last != self._last_shown:
            self._last_shown = journal.last
            self.select_name(journal.last)
        for card in self.flat:   # a level chosen on a collection's grid: its card shows it
            if card.follow():
                card.lay_out(self.theme, self.lines)
                self.invalidate()

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
        if self.daily.job is not None:
            self.follow_daily()
        if self.quitting:
            self.quitting = max(0.0, self.quitting - dt)
            if not self.quitting:
                self.invalidate()
        if self.scroll == self.scroll_target:
            return
        self.scroll = glide_toward(self.scroll, self.scroll_target, dt, self.ctx.settings.reduce_motion)
        self.invalidate()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        w, h = surface.get_size()
        surface.blit(background(th.palette, (w, h)), (0, 0))
        surface.set_clip(pygame.Rect(0, self.top, w, self.bar_top - self.top))   # the scrolled part
        self.draw_shelves(surface, int(self.scroll))
        surface.set_clip(None)
        bar = pygame.Rect(0, 0, w, self.top)   # the title bar stays on top of scrolled cards
        surface.blit(background(th.palette, (w, h)), (0, 0), bar)
        if self.scroll > 0:
            pygame.draw.line(surface, th.palette.panel_edge, (0, bar.bottom), (w, bar.bottom), 1)
        self.title_bar.draw(surface, th, self.hover)
        card = self.chosen_card()
        self.focus_bar.draw(surface, th, card.spec if card is not None else None,
                            card.spec.shelf.colour if card is not None else catalog.YOURS.colour, bool(self.quitting),
                            self.note, (card.group, len(card.specs)) if card is not None and card.collection else None)

