"""Unattended demo for events: deal, show the optimal length, auto-solve with captions, next puzzle.

Shown as a stage: the puzzle's title and its goal in one sentence, the board as large as the window
allows and a large caption, without the play screen's panel (nobody at a stand reads buttons from
afar). The title, the goal and the caption are one announcement, changed together in one frame. Any key or
click hands the current puzzle to the visitor on the full play screen, as a fresh game if the
demo had just solved it; after a minute without input the app comes back here. Each cycle
builds a fresh session and scene, so nothing grows over hours.
"""
from __future__ import annotations

import pygame

from game.catalog import registry as catalog
from game.common.i18n import _, ngettext
from game.catalog.spec import PuzzleSpec
from game.ui import theme as T
from game.ui.intents import Intent
from game.ui.context import Context, Scene
from game.ui.scenes.base import background
from game.midend.sayings import Tone, celebration_words
from game.ui.play.scene import PlayScene

SEARCH_TIMEOUT = 25.0
SHOW_LENGTH = 2.5
AFTER_SOLVED = 3.5
SOLVE_SPEED_STEPS = 1   # faster() presses: 2 -> 4 moves a second


class DemoScene(Scene):
    def __init__(self, ctx: Context, start: int = 0) -> None:
        super().__init__(ctx)
        self.index = start - 1
        self.play: PlayScene | None = None
        self.announced: PuzzleSpec | None = None   # the puzzle the caption speaks of: its title and goal go with it
        self.next_puzzle()

    # -- the cycle ------------------------------------------------------------------------
    def next_puzzle(self) -> None:
        if self.play is not None:
            self.play.leave()
        spec = self._next_spec()
        self.play = PlayScene(self.ctx, spec)
        self.layout(self.ctx.size)
        self.phase = "search"
        self.clock = 0.0
        self.length: int | None = None
        far = spec.demo.deal_distance if spec.demo is not None else None
        if far is not None:     # searched answers: a random board's optimal line, entered this far out
            self.play.session.deals.at_distance(self.ctx.rng.randint(*far))
            self.play.sync()
        else:
            self.play.session.new_deal()
            self.play.sync()
            self.play.session.request_hint()
        self.caption(_("{puzzle}: looking for the shortest solution…").format(puzzle=spec.shown_title()))

    def _next_spec(self) -> PuzzleSpec:
        """The next puzzle of the playlist whose answers come quickly: one that answers by a search
        waits for its tables (which start getting ready now) and joins a later round."""
        playlist = catalog.demo_playlist()
        for _turn in range(len(playlist)):
            self.index = (self.index + 1) % len(playlist)
            spec = catalog.get(playlist[self.index])
            if spec.oracle.exact or spec.oracle.ready():
                return spec
            spec.oracle.start_preparing(self.ctx.service)
        return catalog.get(playlist[self.index])

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
        s = play.session
        if self.phase == "search":
            d = s.known_distance()
            if d is not None:
                self.length = d
                play.par = d
                s.hint_info = None
                self.phase, self.clock = "show", 0.0
                self.caption(ngettext("{puzzle}: the shortest solution takes {n:,} move.",
                                      "{puzzle}: the shortest solution takes {n:,} moves.", d
                                      ).format(puzzle=play.spec.shown_title(), n=d))
            elif self.clock > SEARCH_TIMEOUT or (s.job is None and s.hint_info is not None and s.hint_info.dead_end):
                self.next_puzzle()
        elif self.phase == "show":
            if self.clock > SHOW_LENGTH:
                for _step in range(SOLVE_SPEED_STEPS):
                    s.autosolve.faster()
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
                    self.next_puzzle()
        elif self.phase == "done":
            if self.clock > AFTER_SOLVED:
                self.next_puzzle()
        if self.play is not None:
            self.play.refresh_panel()   # the phase may have started a search or a solve since play.update()

    def leave(self) -> None:
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
        pill = badge.get_rect().inflate(th.px(28), th.px(12))
        pill.topright = (w - self.margin, self.margin + th.px(8))
        pygame.draw.rect(surface, pal.accent, pill, border_radius=pill.h // 2)
        surface.blit(badge, badge.get_rect(center=pill.center))
        title = th.fit(spec.shown_title(), "display", pill.x - 2 * self.margin)
        surface.blit(title, (self.margin, self.margin))
        x = self.margin + title.get_width() + th.px(24)   # the goal beside the title, on its baseline
        goal = _one_line(th, spec.goal_sentence(), pill.x - self.margin - x, pal.muted)
        surface.blit(goal, (x, self.margin + title.get_height() - goal.get_height() - th.px(8)))
        play.view.draw(surface, play.target, play.effects.motion(), play.highlights())
        y = self.caption_area.y
        for line in th.wrap(play.footer.caption or "", "title", self.caption_area.w)[:2]:
            text = th.text(line, "title", pal.text)
            surface.blit(text, text.get_rect(midtop=(self.caption_area.centerx, y)))
            y += th.size_of("title") + th.px(6)
        play.effects.draw_celebration(surface, th, play.view.crown_rect(),
                                      celebration_words(play.session.moves, play.par), self.ctx.settings.reduce_motion)

    def layout(self, size) -> None:
        """A stage: title on top, a large two-line caption at the foot, the board in between."""
        if self.play is None:
            return
        self.play.layout(size)   # the play screen's own areas, for when a visitor takes over
        th = self.theme
        w, h = size
        self.margin = m = th.px(28, 12)
        caption_h = 2 * (th.size_of("title") + th.px(6))
        self.caption_area = pygame.Rect(m, h - m - caption_h, w - 2 * m, caption_h)
        top = m + th.size_of("display") + th.px(16)
        self.play.view.coordinates = False   # a stage: the board as large as it goes, no cell names
        self.play.view.layout(pygame.Rect(m, top, w - 2 * m, self.caption_area.y - top - th.px(16)))

    # -- a visitor takes over ----------------------------------------------------------------
    def hand_over(self) -> None:
        play = self.play
        if play is None:
            return
        play.session.stop_solve()
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


def _one_line(th: T.Theme, text: str, width: int, colour: T.Colour) -> pygame.Surface:
    """A title-sized line, smaller (down to the small size) where it would not fit; a goal longer still
    is shown as an excerpt (the help and the play screen say it whole)."""
    px, least = th.size_of("title"), th.size_of("small")
    while px > least and th.measure(text, px) > width:
        px -= 1
    return th.fit(text, px, width, colour, excerpt=True)
