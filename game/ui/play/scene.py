"""The play screen: the board centre-stage, the side panel with the figures and the buttons.

The scene wires four parts together: the session (the game), the board input (clicks, drags
and keys become moves), the effects (what moves by itself) and the panel (a model built from
the session, laid out and drawn by its view); what it shows of the game (its events told, the board
and the panel drawn) is :class:`~game.ui.play.shown.ShownGame`'s. It tells the loop when it must be drawn again:
``dirty`` after a change, ``animating()`` while something moves with time alone.
"""
from __future__ import annotations

from functools import partial
from typing import Callable, Sequence

import pygame

from game.common.i18n import _
from game.midend.intent import DIRECTIONS, Intent
from game.midend.panel import ButtonModel, PanelModel, marks_shown, panel_model
from game.keeping.kept import KeptGame, Turn
from game.midend.commands import GameCommands
from game.midend.daily import Daily
from game.midend.sayings import Said, Tone
from game.rules.puzzle import Move, PositionError
from game.keeping.saves import SavedGame
from game.midend.recount import recounted
from game.midend.session import Session
from game.catalog import registry as catalog
from game.catalog.spec import InputMode, PuzzleSpec
from game.ui import theme as T
from game.catalog.codes import CodeError
from game.ui.clipboard import CLIPBOARD
from game.ui.share import copy_game, paste_game
from game.ui.play.board_input import BoardInput
from game.ui.play.effects import Effects
from game.ui.play.footer import Footer
from game.ui.play.panel_mouse import hover, panel_mouse
from game.ui.play.panel_view import PanelView
from game.ui.play.piece_input import PieceInput
from game.ui.play.send_input import SendInput
from game.ui.play.shown import ShownGame
from game.ui.context import Context
from game.ui.views import input_for, view_for
from game.ui.views.base import Mark


# what an intent's handler does first: a running move animation jumps to its end
FINISH_MOVE_FIRST = frozenset({Intent.UNDO, Intent.REDO, Intent.RESTART, Intent.NEW, Intent.CLASSIC, Intent.HINT,
                               Intent.SOLVE, Intent.STEP, Intent.WINNABLE, Intent.ANALYSIS, Intent.DEAL_AT, Intent.COUNT,
                               Intent.EDIT, Intent.PASTE})

# the board's input by how the arrows act (the others: click, drag and a cursor), unless the drawing gives its own
INPUTS: dict[InputMode, type[BoardInput]] = {InputMode.PIECES: PieceInput, InputMode.SEND: SendInput}


class PlayScene(ShownGame):
    def __init__(self, ctx: Context, spec: PuzzleSpec, position: bytes | None = None, session: Session | None = None,
                 message: str | None = None, kept: bool = False, load: SavedGame | None = None,
                 daily: Daily | None = None, watch: str | None = None, prepare: bool = True) -> None:
        """``kept``: the player's game of this puzzle, resumed from where it was (then ``position`` is a
        new game from there) and kept as it changes, its wins recorded; ``load``: a saved game to play,
        as a new game of the session; ``daily``: the day's daily puzzle, at ``position``; ``watch``: a line
        of the puzzle's notation (a file's solution), played back from its start once the game is in;
        ``prepare``: get the oracle's tables ready in this process (the demo leaves them to the worker that
        answers it)."""
        super().__init__(ctx)
        self.game = KeptGame(ctx.journal, session or Session(spec, position, service=ctx.service, rng=ctx.rng),
                             kept=kept, position=position, load=load, message=message, daily=daily, watch=watch)
        self.target = self.session.position       # the position the board shows when animations end
        self._use(spec, prepare)
        self.effects = Effects()
        self.footer = Footer(message or "")
        self.panel_view = PanelView()
        self.time = 0.0
        self.par: int | None = None               # optimal length from the game's start, once known
        self.mouse: tuple[int, int] | None = None
        self.hover_button: str | None = None
        self.pressed_button: str | None = None
        self._skip_next = False                   # the next position change is not animated (a drop)
        self._marks: tuple[Mark, ...] = ()
        self._told_no_table = False
        self.panel_model: PanelModel = self._build_panel_model()
        self.layout(ctx.size)
        self._follow(self.game.poll())

    def _use(self, spec: PuzzleSpec, prepare: bool = True) -> None:
        """Play ``spec``: its rules, oracle, board view, input and commands (once at the start, and again when
        the game goes on under another count)."""
        ctx = self.ctx
        self.spec, self.puzzle, self.oracle = spec, spec.puzzle, spec.oracle
        if prepare:
            self.oracle.start_preparing(ctx.service)   # loaded in a thread, else built in a process; searches meanwhile
        self.view = view_for(spec)
        board_input = input_for(spec) or INPUTS.get(spec.input, BoardInput)
        self.board_input: BoardInput = board_input(spec, self.view, self, self.target)
        self.commands = GameCommands(spec, ctx.settings, ctx.changes.toggle, ctx.changes.save)
        self._marks_key: bytes | None = None
        self.handlers = self._handlers()   # the keys act on these

    def _handlers(self) -> dict[Intent, Callable[[], None]]:
        cycle, c = self.board_input.cycle, self.commands

        def on_game(command: Callable[..., list[Said]], *args: object) -> Callable[[], None]:
            return partial(self._do, command, *args)

        def said(command: Callable[..., list[Said]], *args: object) -> Callable[[], None]:
            return lambda: self._follow(command(*args))

        return {
            **{d: partial(self.direction, d) for d in DIRECTIONS},
            Intent.NEXT: partial(cycle, 1), Intent.PREV: partial(cycle, -1),
            Intent.CONFIRM: self.board_input.confirm, Intent.BACK: self.back,
            Intent.UNDO: on_game(c.undo), Intent.REDO: on_game(c.redo), Intent.RESTART: on_game(c.restart),
            Intent.NEW: on_game(c.new_game), Intent.CLASSIC: on_game(c.classic_start),
            Intent.HINT: on_game(c.hint), Intent.SOLVE: on_game(c.solve), Intent.PAUSE: on_game(c.pause),
            Intent.STEP: on_game(c.step),
            Intent.FASTER: on_game(c.change_speed, True), Intent.SLOWER: on_game(c.change_speed, False),
            Intent.CANCEL: on_game(c.cancel), Intent.WINNABLE: on_game(c.back_to_winnable),
            Intent.MOTION: said(c.toggle, Intent.MOTION), Intent.ARROWS: said(c.toggle, Intent.ARROWS),
            Intent.HIDE_ANSWER: said(c.toggle, Intent.HIDE_ANSWER), Intent.MARKS: said(c.toggle_marks),
            Intent.DISTANCE_UP: on_game(c.change_deal_distance, 1),
            Intent.DISTANCE_DOWN: on_game(c.change_deal_distance, -1), Intent.DEAL_AT: on_game(c.deal_at),
            Intent.ANALYSIS: self.open_analysis, Intent.REVIEW: self.open_review,
            Intent.COUNT: self.next_count, Intent.SAVE: self.save_game, Intent.OPEN: self.open_saved,
            Intent.EDIT: self.edit, Intent.COPY: self.copy, Intent.PASTE: self.paste,
            Intent.HELP: self.ctx.nav.open_help, Intent.MUTE: self.ctx.sound_keys.toggle,
            Intent.SETTINGS: self.ctx.nav.open_settings,
        }

    def _do(self, command: Callable[..., list[Said]], *args: object) -> None:
        """A command on the game in progress (see GameCommands); what it says, said."""
        self._follow(command(self.session, *args))

    # -- layout ---------------------------------------------------------------------------------
    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where the panel's named button is on screen now (None if the panel shows none)."""
        return self.panel_view.rect_of(self.panel_layout(), name)

    def leave(self) -> None:
        self.session.cancel_search()
        self.game.leave()

    # -- the game kept between runs -----------------------------------------------------------------------
    def _follow(self, turns: Sequence[Turn]) -> None:
        """Say what the kept game says; a game it took in wholesale is shown as it is."""
        for turn in turns:
            if not isinstance(turn, Said):
                self._take()
            elif turn.refused:
                self.refuse(None, turn.text)
            else:
                self.say(turn.text, turn.tone)

    def _take(self) -> None:
        """The session is the game on the board from now on, shown as it is (nothing glides); a kept game
        under another count than the one opened brings its count with it."""
        session = self.session
        if session.spec is not self.spec:
            self.target = session.position
            self._use(session.spec)
            self.layout(self.ctx.size)
        self.par = None
        self.effects.finish_move()
        self.target = session.position
        self.board_input.show(session.position)
        for event in session.update(0.0):
            self.on_event(event)
        self.refresh_panel()
        self.invalidate()

    def save_game(self) -> None:
        """Ctrl+S: this game, its whole history, to the player's saves folder (see KeptGame.save)."""
        self._follow(self.game.save())

    def open_saved(self) -> None:
        """Ctrl+O: the saved game of this puzzle from the player's saves folder, as a new game."""
        if self.ctx.journal.enabled:
            self.take_over()
        self._follow(self.game.open_saved())

    # -- the panel model ----------------------------------------------------------------------------
    def _build_panel_model(self) -> PanelModel:
        return panel_model(self.session, self.oracle.status(), self.ctx.settings, self.commands.deal_distance)

    def refresh_panel(self) -> None:
        """Build the panel's model again; a change means a redraw (and a new layout when drawn)."""
        model = self._build_panel_model()
        if model != self.panel_model:
            self.panel_model = model
            self.invalidate()
            self._hover(self.mouse)

    # -- the board host: what board input asks for ------------------------------------------------------
    def play(self, move: Move, animate: bool = True, step: bool = False) -> None:
        if not animate:
            self._skip_next = True
        self.session.play(move, step=step)
        self.sync()

    def take_over(self) -> None:
        """Any player input on the board stops auto-solve and jumps animations to their end."""
        self.effects.finish_move()
        if self.session.playback is not None:
            self.session.stop_solve()
        self.ctx.note_input()

    # -- position changes -> animations ----------------------------------------------------------------
    def sync(self) -> None:
        new = self.session.position
        if new == self.target:
            return
        old, self.target = self.target, new
        self.effects.finish_move()
        self.board_input.show(new)
        self.invalidate()
        skip, self._skip_next = self._skip_next, False
        if skip or self.ctx.settings.reduce_motion:
            return
        playback = self.session.playback
        self.effects.glide(self.puzzle, old, new, playback.speed if playback is not None else None)

    # -- intents ------------------------------------------------------------------------------------------
    def handle_intent(self, intent: Intent) -> None:
        self.ctx.note_input()
        if self.game.resuming and intent is not Intent.BACK:
            return   # the game is still on its way from its file (a few milliseconds)
        self.invalidate()
        if self.game.asking:
            answered, turns = self.game.answer(intent)
            self._follow(turns)
            if answered:
                return
        if intent is Intent.CONFIRM and self.session.keep_searching():   # "keep searching where you were?"
            self.say(_("The search goes on where you were; C stops it."))
            self.refresh_panel()
            return
        if intent in FINISH_MOVE_FIRST:
            self.effects.finish_move()
        handler = self.handlers.get(intent)
        if handler is not None:
            handler()
        self.sync()
        self.refresh_panel()

    def direction(self, intent: Intent) -> None:
        self.board_input.direction(intent, self.ctx.settings.arrows_move_gap)

    def back(self) -> None:
        """Esc lets go of what is picked, open or under way first (a piece, a hint shown, the solver, a
        search), one thing a press; only then does it leave for the menu."""
        s = self.session
        if self.board_input.let_go():
            return
        if s.hint_info is not None:   # a hint shown goes, nothing played (H asks again, answered at once)
            s.hint_info = None
            if self.footer.about is not None:   # and its sentence with it
                self.footer.say("")
        elif s.playback is not None:
            s.stop_solve()
            self.say(_("Solving stopped."))
        elif s.job is not None or s.waiting is not None:
            s.cancel_search()
            self.say(_("Search cancelled."))
        else:
            self.ctx.nav.back_to_menu()

    def open_analysis(self) -> None:
        self.ctx.nav.open_analysis(self.puzzle.name)

    def next_count(self) -> None:
        """Count moves the next way: the same game goes on, its moves recounted (see game.midend.recount)."""
        spec, counts = self.spec, self.spec.counts
        if spec.recount is None or spec.count not in counts:
            self.refuse(None, _("This puzzle counts its moves one way only."))
            return
        count = counts[(counts.index(spec.count) + 1) % len(counts)]
        self.take_over()
        self.game.recount(recounted(self.session, catalog.variant(spec, count)))
        self._take()
        self.say(_(count.recounted), Tone.ACCENT)

    def edit(self) -> None:
        """The position editor, on the position on screen (Esc comes back to this game)."""
        self.take_over()
        self.session.cancel_search()   # the editor answers for its own positions
        self.ctx.nav.open_editor(self.spec.name, self.session.position)

    def copy(self) -> None:
        self.say(copy_game(CLIPBOARD, self.game))

    def paste(self) -> None:
        """What the clipboard holds, as a new game that undo takes back (see game.ui.share.paste_game)."""
        paste_game(self, CLIPBOARD)

    def taken(self) -> None:
        """The session's game was taken in wholesale: shown as it is."""
        self._take()

    def start_from(self, position: bytes, message: str) -> None:
        """A new game from ``position`` in this session: an entry that undo takes back."""
        self.take_over()
        self.session.new_deal(position, message)
        self.par = None
        self.sync()
        self.refresh_panel()

    # -- mouse --------------------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ctx.note_input()
            if self.game.asking:   # a click is no answer: the question is withdrawn
                self._follow(self.game.answer(Intent.CANCEL)[1])
        if self.game.resuming:
            return
        got = panel_mouse(self, event)
        if isinstance(got, ButtonModel):
            self.handle_intent(got.intent)
        elif not got:
            if event.type == pygame.MOUSEMOTION:
                if self.board_input.motion(event.pos, event.rel):
                    self.invalidate()
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.board_input.press_at(event.pos)
            else:
                self.board_input.handle_mouse(event)
        self.sync()

    def _hover(self, pos: tuple[int, int] | None) -> None:
        hover(self, pos)

    # -- time -----------------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self._follow(self.game.poll())
        for event in self.session.update(dt):
            self.on_event(event)
        if self.footer.about is not None and self.footer.about != self.session.position:
            self.say("")
        self._say_why_no_table()
        for note in self.oracle.notices:   # e.g. "the cache folder cannot be written": once per run of the game
            if note not in self.ctx.shown_notices:
                self.ctx.shown_notices.add(note)
                self.say(note, Tone.NOPE)
        self.sync()
        self.board_input.update(self.effects.anim is None)   # an input's next move once the last has landed
        if self.effects.update(dt, self.view.pitch, self.ctx.size[1]):
            self.invalidate()
        if self.footer.update(dt):
            self.invalidate()
        if self.session.moves == 0 and self.par is None:
            self.par = self.session.known_distance()
        self.game.keep(marks_shown(self.ctx.settings, self.session.exact))
        self.refresh_panel()

    def open_review(self) -> None:
        """The review of this game over the board: its moves against the optimum (Enter there replays
        from the first mistake). What moves or searches here stops first."""
        self.take_over()
        self.session.cancel_search()
        self.ctx.nav.open_review()

