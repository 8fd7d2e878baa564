"""What the play screen shows of the game: the session's events told (a sound, a sentence on the message
line, a win recorded and celebrated) and the board and the panel drawn with the highlights of the moment
(a hint, the table's marks, the picked piece). :class:`~game.ui.play.scene.PlayScene` adds the wiring: the
keys, the mouse and the commands on the game."""
from __future__ import annotations

import pygame

from game.common.i18n import _
from game.common.phrase import translated
from game.common.synth import NO, WIN
from game.keeping.kept import KeptGame
from game.keeping.records import win_words
from game.midend.ladder import Step
from game.midend.panel import PanelModel, marks_shown
from game.midend.sayings import Tone, celebration_words, hint_sentence
from game.midend.session import EntryKind, Event, EventKind, Session
from game.oracles.base import Oracle, Phase
from game.ui.audio import effect_for
from game.ui.clipboard import CLIPBOARD
from game.ui.play.board_input import BoardInput
from game.ui.play.board_screen import BoardScreen
from game.ui.play.effects import Effects
from game.ui.play.footer import Footer
from game.ui.play.panel_layout import PanelLayout
from game.ui.scenes.base import background
from game.ui.share import copy_result
from game.ui.views import Highlights, describe_move, move_paths
from game.ui.views.base import Mark

__all__ = ["LET_GO_ON", "ShownGame"]

# what lets go of a picked piece and the keyboard's cursor: the game went where the keys did not take it
LET_GO_ON = frozenset({EventKind.SOLVED, EventKind.UNDO, EventKind.RESTART, EventKind.DEAL})


class ShownGame(BoardScreen):
    """The play screen's telling and drawing of its game (the scene sets these before its first frame)."""

    game: KeptGame
    oracle: Oracle
    board_input: BoardInput
    effects: Effects
    footer: Footer
    panel_model: PanelModel
    hover_button: str | None
    pressed_button: str | None
    target: bytes                  # the position the board shows when animations end
    par: int | None                # optimal length from the game's start, once known
    time: float
    _marks: tuple[Mark, ...]
    _marks_key: bytes | None
    _told_no_table: bool

    # -- the game, told --------------------------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self.game.session

    def refuse(self, cell: int | None, text: str) -> None:
        """The gentle "no": the cell shakes and, if there is something to say, the footer says it."""
        self.effects.shake(cell)
        self.ctx.sound.play(NO)
        if text:
            self.say(text, Tone.NOPE)

    def say(self, text: str, tone: Tone | None = None, about: bytes | None = None) -> None:
        self.footer.say(text, tone, about)
        self.invalidate()

    def on_event(self, event: Event) -> None:
        if self.ctx.scene is self and event.kind is not EventKind.SOLVED:   # the win's chord: see won()
            effect = effect_for(event, self.puzzle)   # heard on the play screen itself only
            if effect is not None:
                self.ctx.sound.play(effect)
        kind = event.kind
        if kind in LET_GO_ON or (kind is EventKind.MOVED and self.session.timeline.current.kind is EntryKind.SOLVE):
            self.board_input.let_go_all()   # the board went where the keys did not take it: no cursor left over
        if kind is EventKind.SOLVED:
            self.won()
        elif kind is EventKind.HINT:
            shown = self.session.hint_info
            if shown is not None and shown.move is not None and shown.step < Step.MOVE:
                self.say(event.message, Tone.HINT, about=event.before)
            elif event.move is not None and event.before is not None:
                said = hint_sentence(describe_move(self.spec, event.before, event.move, shown.who if shown else None),
                                     self.session.known_distance(), self.session.answers.found(event.before))
                self.say(said, Tone.HINT, about=event.before)
            else:
                self.say(event.message, Tone.HINT, about=self.session.position)
        elif kind is EventKind.DEAD_END:
            self.say(event.message, Tone.NOPE, about=self.session.position)
        elif kind in (EventKind.SEARCH_FAILED, EventKind.ILLEGAL):
            self.say(event.message, Tone.NOPE)
        elif kind is EventKind.FOUND:
            self.say(event.message, Tone.HINT)
        elif kind is EventKind.DEAL:
            self.effects.stop_celebration()
            self.par = None
            if event.message:
                self.say(event.message, Tone.ACCENT)

    def won(self) -> None:
        """A win: recorded once per game (with the help it had), said as it was; only the player's own
        solve is celebrated, never the solver's."""
        s = self.session
        win = s.result()
        if win is None:
            return
        win = self.game.record(win)
        words = win_words(win, self.spec.count.word() if self.spec.counts else "")
        if win.daily:   # the line to share, on the clipboard at once
            words = f"{words}  {copy_result(CLIPBOARD, self.game.daily_line())}"
        # Translators: after the sentence that says how the game was won; W opens the review of the game
        self.say(_("{words}  W: review").format(words=words) if win.own else words, Tone.GOOD if win.own else Tone.HINT)
        if win.own:   # confetti and the chord once the last piece has landed
            chord = self._chord if self.ctx.scene is self else None
            self.effects.celebrate_after_move(self.view.frame_rect(), self.view.pitch,
                                              self.ctx.settings.reduce_motion, chord)

    def _chord(self) -> None:
        self.ctx.sound.play(WIN)

    def _say_why_no_table(self) -> None:
        """A table that could not be made (too large for the memory allowed, say): why, once, on the message line
        (the panel says that answers are searched, and the analysis screen keeps the reason)."""
        status = self.oracle.status()
        if status.phase is Phase.FAILED and status.text and not self._told_no_table:
            self._told_no_table = True
            self.say(translated(status.text), Tone.NOPE)

    # -- the board and the panel, drawn ------------------------------------------------------------------
    def panel_layout(self) -> PanelLayout:
        return self.panel_view.layout(self.panel_model, self.theme)

    def animating(self) -> bool:
        """Effects, a fading message, a solve playing, a spinner, and (unless motion is reduced)
        pulsing hint or target highlights."""
        playback = self.session.playback
        if self.effects.active or self.footer.fading() or (playback is not None and not playback.paused):
            return True
        if self.board_input.busy:
            return True
        if self.panel_model.status.spinning:
            return True
        if self.ctx.settings.reduce_motion:
            return False
        hint = self.session.hint_info
        return self.board_input.selected is not None or (hint is not None and hint.move is not None)

    def marks(self) -> tuple[Mark, ...]:
        """Every legal move from the shown position with the table's verdict (empty if off or no table)."""
        if not marks_shown(self.ctx.settings, self.session.exact) or self.puzzle.is_goal(self.target):
            return ()   # a solved board has nothing left to mark
        if self.target != self._marks_key:
            verdicts = self.oracle.verdicts(self.target) or []
            self._marks = tuple(Mark(move, verdict, move_paths(self.puzzle, self.target, move))
                                for move, verdict in verdicts)
            self._marks_key = self.target
        return self._marks

    def highlights(self) -> Highlights:
        reduce_motion = self.ctx.settings.reduce_motion
        hl = Highlights(time=self.time, reduce_motion=reduce_motion)
        if self.session.position == self.target:   # the board's own, once a move in flight lands
            hl.identities = self.session.timeline.identities(self.spec)
        self.board_input.highlight(hl)
        if self.session.playback is not None:   # the solver has the board: no keyboard cursor over its moves
            hl.show_cursor, hl.cursor_cells = False, frozenset()
        hint = self.session.hint_info
        if hint is not None and hint.move is not None and hint.step >= Step.PIECE and self.effects.anim is None:
            try:   # the piece step shows where the move begins; the move step where it goes too
                paths = move_paths(self.puzzle, self.target, hint.move)
                hl.hint_from = frozenset(a for a, _ in paths)
                hl.hint_to = frozenset(b for _, b in paths) if hint.step is Step.MOVE else frozenset()
            except (IndexError, ValueError):
                pass
        if self.effects.nope is not None:
            hl.nope, hl.nope_t = self.effects.nope[0], self.effects.nope[1].raw
        if self.effects.anim is None and not self.board_input.dragging:
            selected = self.board_input.selected
            hl.marks = tuple(Mark(m.move, m.verdict, m.paths, True) if m.move.src == selected else m
                             for m in self.marks())
        hl.solved_glow = self.effects.glow(self.session.solved, reduce_motion)
        return hl

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        reduce_motion = self.ctx.settings.reduce_motion
        surface.blit(background(self.theme.palette, surface.get_size()), (0, 0))
        self.draw_header(surface, self.spec.shown_title())
        self.view.draw(surface, self.target, self.effects.motion(), self.highlights())
        self.footer.draw(surface, th, self.footer_area)
        self.panel_view.draw(surface, th, self.panel_layout(), self.hover_button, self.pressed_button, self.time,
                             reduce_motion)
        self.effects.draw_celebration(surface, th, self.view.crown_rect(),
                                     celebration_words(self.session.moves, self.par), reduce_motion)
