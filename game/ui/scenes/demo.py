"""Unattended demo for events: deal, show the optimal length, auto-solve with captions, next puzzle.

Shown as a stage: the puzzle's title and its goal, the board as large as the window allows and a large
caption, without the play screen's panel (nobody at a stand reads buttons from afar). The goal keeps a size
readable from three metres (:func:`goal_px`) and wraps onto a second or third line rather than shrink. The
title, the goal and the caption are one announcement, changed together in one frame. Any key or click
hands the current puzzle to the visitor on the full play screen, as a fresh game if the demo had just
solved it; after a minute without input the app comes back here.

The puzzles come from the :class:`~game.catalog.demo.Playlist` the navigator keeps (every family's, no
puzzle twice within an hour). The demo runs for hours, so it keeps nothing per puzzle shown: the answers
come from the search worker, which loads the tables (the window loads none), each puzzle's rules and
oracle are let go when the next one comes, and each cycle builds a fresh session and scene. The next
puzzle is made ready while the current one plays (its rules built and its board drawn off the UI thread:
see :mod:`game.ui.scenes.demo_ahead`), so no frame of a change of puzzle waits on them: every change (after a
solve, a search that timed out, a dead end) waits until it is ready, a little while at most. When a visitor
takes over, the puzzle named next goes back to the playlist unshown.
"""
from __future__ import annotations

import gc
from dataclasses import dataclass

import pygame

from game.catalog import registry as catalog
from game.catalog.demo import Playlist
from game.common.i18n import _, ngettext
from game.common.memory import give_back, hand_back_large_blocks
from game.catalog.spec import PuzzleSpec
from game.ui import theme as T
from game.ui.intents import Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.ui.scenes.demo_ahead import Ahead
from game.ui.views.base import BoardView
from game.midend.sayings import Tone, celebration_words
from game.ui.play.scene import PlayScene

SEARCH_TIMEOUT = 25.0
INTRO = 4.0            # seconds the title and the goal stand before the length is said, at least
SHOW_LENGTH = 4.0      # ... and the length before the solution plays
AFTER_SOLVED = 5.0     # ... and the solved board before the next puzzle
AHEAD_WAIT = 20.0      # ... and at most this much longer while the next puzzle is still being made ready
SOLVE_SECONDS = 20.0   # a line of up to this many moves plays at one move a second, a longer one in about this long
SPEEDS = (1.0, 8.0)    # moves a second: slowest and fastest
GOAL_LINES = 3         # the goal wraps onto at most this many lines
TITLE_LINES = 2


def solve_speed(moves: int) -> float:
    """Moves a second for a line of ``moves``: a short one slowly enough to follow each move, a long one
    faster, so that no solution runs much past SOLVE_SECONDS (a Tower of Hanoi of 255 moves: 32 s)."""
    return min(SPEEDS[1], max(SPEEDS[0], moves / SOLVE_SECONDS))


GOAL_SHARE = 20        # the goal's text is at least a 20th of the screen's height: see goal_px


def goal_px(theme: T.Theme, height: int) -> int:
    """The goal's text size: the title role's, never below a GOAL_SHARE-th of the screen's height.

    Read from three metres, capitals must subtend 16 arcminutes at least (the least ISO 9241-303 allows for
    reading): 14 mm there. Text of ``px`` has an em of 0.66 px (theme.EM_PER_PX) and Inter's capitals are
    0.73 em tall, so its capitals stand 0.48 px. On a 46-inch television (573 mm tall, a common size at a
    stand) 14 mm is 2.4 % of the height: text of a 20th of it (40 px at 800, 54 at 1080, 30 at 600). A
    larger screen reads better; a laptop's needs the visitor nearer. The old goal line shrank to the small
    role (13 px at 800x600, 20 at 1280x800 for a long title): nobody three metres away could read it."""
    return max(theme.size_of("title"), round(height / GOAL_SHARE))


def settle() -> None:
    """Once in the process, before the first puzzle: what the window has built to last (its modules, fonts,
    catalog and theme, tens of thousands of objects) is moved out of the collector's way, so that the full
    collection at each change of puzzle goes through what came since only (1 ms instead of 110 ms measured
    on a loaded machine). Anything frozen that later becomes garbage with cycles stays: one menu's worth. And the
    allocator gives large blocks back as they are freed (see :func:`~game.common.memory.hand_back_large_blocks`):
    the window's resident size follows what it holds rather than the largest surfaces it drew lately."""
    hand_back_large_blocks()
    if not gc.get_freeze_count():
        gc.collect()
        gc.freeze()


class DemoScene(Scene):
    def __init__(self, ctx: Context, playlist: Playlist, first: str | None = None) -> None:
        """``first``: the puzzle to show first (a screenshot's), then the playlist's."""
        super().__init__(ctx)
        self.playlist = playlist
        self.play: PlayScene | None = None
        self.announced: PuzzleSpec | None = None   # the puzzle the caption speaks of: its title and goal go with it
        self.shown = 0                             # puzzles put on the stage so far
        self.title_lines: tuple[str, ...] = ()
        self.goal_lines: tuple[str, ...] = ()
        self.title_px = self.goal_px = 0
        self.ahead: Ahead | None = None            # the next puzzle, being made ready
        settle()
        self.next_puzzle(first)

    # -- the cycle ------------------------------------------------------------------------
    def next_puzzle(self, name: str | None = None) -> None:
        old, self.play = self.play, None
        if old is not None:
            old.leave()
        ahead, self.ahead = self.ahead, None
        if name is not None or ahead is None:
            spec = catalog.get(name if name is not None else self.playlist.next(self.ctx.elapsed).name)
        else:
            spec = ahead.spec
        self.playlist.on_stage(spec.name, self.ctx.elapsed)
        if ahead is not None and ahead.spec is not spec:
            self.playlist.withdraw(ahead.spec.name)   # named, never shown: free again
            ahead.drop(keep=old.spec if old is not None else None)
            ahead = None
        if old is not None and old.spec is not spec:
            old.spec.release()   # its rules and oracle go with the scene: nothing is kept per puzzle shown
        del old
        gc.collect()             # the scene's cycles (its handlers hold it) and its surfaces go now, not hours later:
                                 # a few milliseconds, the window's lasting objects frozen (see settle)
        give_back()
        self.play = PlayScene(self.ctx, spec, prepare=False)   # the worker loads the tables it answers from
        self.shown += 1
        self.layout(self.ctx.size)
        drawn = ahead.drawn() if ahead is not None else None
        if drawn is not None:
            self.play.view.take_drawing(drawn)
        del ahead, drawn
        self.phase = "search"
        self.clock = 0.0
        self.length: int | None = None
        self.play.session.new_deal()
        self.play.sync()
        self.play.session.request_hint()
        self.caption(_("{puzzle}: looking for the shortest solution…").format(puzzle=spec.shown_title()))
        self.ahead = Ahead(self.ctx.service, catalog.get(self.playlist.next(self.ctx.elapsed).name))

    def drop_ahead(self) -> None:
        """The demo ends before the next puzzle (a visitor took over): what was made ready for it goes, and the
        playlist takes back its naming, so the hour it stays away is not counted from a showing that never was."""
        ahead, self.ahead = self.ahead, None
        if ahead is not None:
            self.playlist.withdraw(ahead.spec.name)
            ahead.drop(keep=self.play.spec if self.play is not None else None)

    def place_ahead(self, view: BoardView) -> None:
        """Lay out ``view`` (the next puzzle's) where the stage will show its board."""
        view.coordinates = False
        view.layout(stage(self.theme, view.spec, self.ctx.size).board)
        view.theme = self.theme

    def caption(self, text: str) -> None:
        """What the stage says now, with the title and goal of the puzzle it says it of: all three shown
        from the next frame on, together."""
        play = self.play
        if play is not None and (play.footer.caption, self.announced) != (text, play.spec):
            play.footer.caption = text
            self.announced = play.spec
            self.invalidate()

    def update(self, dt: float) -> None:
        play = self.play
        if play is None:
            return
        self.clock += dt
        play.update(dt)
        if self.ahead is not None:
            self.ahead.step(self.place_ahead)
        s = play.session
        if self.phase == "search":
            d = s.known_distance()
            if d is not None and self.clock >= INTRO:   # the title and the goal read first
                self.length = d
                play.par = d
                s.hint_info = None
                self.phase, self.clock = "show", 0.0
                self.caption(ngettext("{puzzle}: the shortest solution takes {n:,} move.",
                                      "{puzzle}: the shortest solution takes {n:,} moves.", d
                                      ).format(puzzle=play.spec.shown_title(), n=d))
            elif d is None and (self.clock > SEARCH_TIMEOUT or (s.job is None and s.hint_info is not None
                                                                and s.hint_info.dead_end)):
                self.phase, self.clock = "over", 0.0   # no answer to show: on to the next once it is ready
        elif self.phase == "show":
            if self.clock > SHOW_LENGTH:
                s.autosolve.speed = solve_speed(self.length or 0)
                s.start_solve()
                self.phase, self.clock = "solve", 0.0
        elif self.phase == "solve":
            if s.solved:
                self.phase, self.clock = "done", 0.0
                self.caption(ngettext("Solved in {n:,} move, the fewest possible. Press any key to play!",
                                      "Solved in {n:,} moves, the fewest possible. Press any key to play!", s.moves
                                      ).format(n=s.moves))
                # the show's own flourish: a game the solver finished is never celebrated as the player's
                play.effects.celebrate_after_move(play.view.frame_rect(), play.view.pitch, self.ctx.settings.reduce_motion)
            else:
                done = (self.length or 0) - (s.known_distance() or 0)
                # Translators: the demo plays the shortest solution: {done} is how far it has got, {total} its length
                self.caption(_("Optimal solution: move {done} of {total}. Press any key to play!").format(
                    done=done, total=self.length))
                if s.playback is None and s.job is None and self.clock > 2:
                    s.start_solve()
                if self.clock > 120:
                    self.phase, self.clock = "over", 0.0
        elif self.phase in ("done", "over"):   # the next puzzle when it is ready (after the solved board stood)
            stands = AFTER_SOLVED if self.phase == "done" else 0.0
            if self.clock > stands and (self.ahead is None or self.ahead.ready() or self.clock > stands + AHEAD_WAIT):
                self.next_puzzle()
        if self.play is not None:
            self.play.refresh_panel()   # the phase may have started a search or a solve since play.update()

    def leave(self) -> None:
        self.drop_ahead()
        if self.play is not None:
            self.play.leave()

    def draw(self, surface: pygame.Surface) -> None:
        pal = self.theme.palette
        play, spec = self.play, self.announced
        if play is None or spec is None:
            return
        th = self.theme
        w, h = surface.get_size()
        surface.blit(background(self.theme.palette, (w, h)), (0, 0))
        # Translators: the badge of the unattended show at events
        badge = th.text(_("DEMO"), "heading", pal.ink)
        pygame.draw.rect(surface, pal.accent, self.pill, border_radius=self.pill.h // 2)
        surface.blit(badge, badge.get_rect(center=self.pill.center))
        blocks = ((self.title_lines, self.title_px, self.pill.x - 2 * self.margin, pal.text, self.margin),
                  (self.goal_lines, self.goal_px, w - 2 * self.margin, pal.muted, self.goal_top))
        for lines, px, width, colour, y in blocks:
            for line in lines:
                text = th.fit(line, px, width, colour, excerpt=True)
                surface.blit(text, (self.margin, y))
                y += text.get_height()
        play.view.draw(surface, play.target, play.effects.motion(), play.highlights())
        y = self.caption_area.y
        for line in th.wrap(play.footer.caption or "", "title", self.caption_area.w)[:2]:
            text = th.text(line, "title", pal.text)
            surface.blit(text, text.get_rect(midtop=(self.caption_area.centerx, y)))
            y += th.size_of("title") + th.px(6)
        play.effects.draw_celebration(surface, th, play.view.crown_rect(),
                                      celebration_words(play.session.moves, play.par), self.ctx.settings.reduce_motion)

    def layout(self, size) -> None:
        """A stage: the title on top, the goal under it (one to three lines), a large two-line caption at
        the foot, the board in between. The lines are the puzzle's: they stay while it is on the stage."""
        if self.play is None:
            return
        self.play.layout(size)   # the play screen's own areas, for when a visitor takes over
        st = stage(self.theme, self.play.spec, size)
        self.margin, self.pill, self.goal_px, self.goal_top = st.margin, st.pill, st.goal_px, st.goal_top
        self.title_px, self.title_lines, self.goal_lines = st.title_px, st.title_lines, st.goal_lines
        self.heading_bottom, self.caption_area = st.heading_bottom, st.caption_area
        self.play.view.coordinates = False   # a stage: the board as large as it goes, no cell names
        self.play.view.layout(st.board)

    # -- a visitor takes over ----------------------------------------------------------------
    def hand_over(self) -> None:
        play = self.play
        if play is None:
            return
        self.drop_ahead()
        play.session.stop_solve()
        play.oracle.start_preparing(self.ctx.service)   # the visitor's hints and marks come from the table here
        play.footer.caption = None
        play.view.coordinates = True
        play.layout(self.ctx.size)   # back to the play screen's board area, beside its panel
        if play.session.solved:      # nobody wants a solved board: a fresh game instead
            play.session.new_deal()
            play.sync()
            play.say(_("Your turn, on a fresh game! Hint (H) and Solve (S) are always there."), Tone.ACCENT)
        else:
            play.say(_("Your turn! Hint (H) and Solve (S) are always there."), Tone.ACCENT)
        self.play = None
        self.ctx.nav.visitor_takes(play)

    def handle_intent(self, intent: Intent) -> None:
        self.hand_over()   # App.process ends the run on Intent.QUIT itself: it never reaches a scene

    def handle_event(self, event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN):
            self.hand_over()


@dataclass(frozen=True)
class Stage:
    """Where the stage shows one puzzle's title, goal, caption and board."""

    margin: int
    pill: pygame.Rect
    goal_px: int
    title_px: int
    title_lines: tuple[str, ...]
    goal_lines: tuple[str, ...]
    goal_top: int
    heading_bottom: int
    caption_area: pygame.Rect
    board: pygame.Rect


def stage(th: T.Theme, spec: PuzzleSpec, size: tuple[int, int]) -> Stage:
    """The stage of ``spec`` in a window of ``size`` (see DemoScene.layout): the current puzzle's, and the next
    one's, whose board is drawn ahead where it will stand."""
    w, h = size
    m = th.px(28, 12)
    badge = th.text(_("DEMO"), "heading")
    pill = badge.get_rect().inflate(th.px(28), th.px(12))
    pill.topright = (w - m, m + th.px(8))
    least = goal_px(th, h)
    title_px, title_lines = fitted(th, spec.shown_title(), th.size_of("display"), least, pill.x - 2 * m, TITLE_LINES)
    goal_lines = wrapped(th, spec.goal_sentence(), least, w - 2 * m, GOAL_LINES)
    goal_top = m + sum(th.text(line, title_px).get_height() for line in title_lines) + th.px(6)
    heading_bottom = goal_top + sum(th.text(line, least).get_height() for line in goal_lines)
    top = heading_bottom + th.px(16)
    caption_h = 2 * (th.size_of("title") + th.px(6))
    caption_area = pygame.Rect(m, h - m - caption_h, w - 2 * m, caption_h)
    board = pygame.Rect(m, top, w - 2 * m, caption_area.y - top - th.px(16))
    return Stage(m, pill, least, title_px, title_lines, goal_lines, goal_top, heading_bottom, caption_area, board)


def fitted(th: T.Theme, text: str, largest: int, least: int, width: int, most: int) -> tuple[int, tuple[str, ...]]:
    """``text`` at the largest size from ``largest`` down to ``least`` at which it fits ``width`` on one line;
    where even ``least`` is too large, wrapped at ``least`` onto at most ``most`` lines."""
    px = largest
    while px > least and th.measure(text, px) > width:
        px -= 1
    return px, wrapped(th, text, px, width, most)


def wrapped(th: T.Theme, text: str, px: int, width: int, most: int) -> tuple[str, ...]:
    """``text`` at ``px`` broken into lines of ``width``, at most ``most``: the last holds the rest of a text
    longer still, drawn as an excerpt (the help and the play screen say it whole)."""
    lines = th.wrap(text, px, width) if text else []
    if len(lines) > most:
        rest = " ".join(lines[most - 1:]) if " " in text else "".join(lines[most - 1:])
        lines = [*lines[:most - 1], rest]
    return tuple(lines)
