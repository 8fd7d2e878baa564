"""The play screen: the board centre-stage, the side panel with the figures and the buttons.

The scene wires four parts together: the session (the game), the board input (clicks, drags
and keys become moves), the effects (what moves by itself) and the panel (a model built from
the session, laid out and drawn by its view). It tells the loop when it must be drawn again:
``dirty`` after a change, ``animating()`` while something moves with time alone.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

import pygame

from game.midend.editor import read_position
from game.common.synth import NO, WIN
from game.common.i18n import N_, _, ngettext
from game.midend.intent import DIRECTIONS, Intent
from game.midend.panel import ButtonModel, PanelModel, marks_shown, panel_model, shown_deal_distance
from game.keeping.kept import KeptGame, Said, Turn
from game.rules.puzzle import Move, PositionError
from game.keeping.records import win_words
from game.keeping.saves import SavedGame
from game.midend.session import Event, EventKind, Session
from game.catalog import registry as catalog
from game.catalog.spec import InputMode, PuzzleSpec
from game.ui import theme as T
from game.ui.audio import effect_for
from game.ui.clipboard import CLIPBOARD
from game.ui.play.board_screen import BoardScreen
from game.ui.play.board_input import BoardInput
from game.ui.play.effects import Effects
from game.ui.play.footer import Footer
from game.ui.play.panel_layout import PanelLayout
from game.ui.play.panel_mouse import hover, panel_mouse
from game.ui.play.panel_view import PanelView
from game.ui.play.piece_input import PieceInput
from game.ui.context import Context
from game.ui.scenes.base import background
from game.ui.views import Highlights, describe_move, move_paths, view_for
from game.ui.views.base import Mark


# what an intent's handler does first: a running move animation jumps to its end
FINISH_MOVE_FIRST = frozenset({Intent.UNDO, Intent.REDO, Intent.RESTART, Intent.NEW, Intent.CLASSIC, Intent.HINT,
                               Intent.SOLVE, Intent.STEP, Intent.WINNABLE, Intent.ANALYSIS, Intent.DEAL_AT, Intent.COUNT,
                               Intent.EDIT, Intent.PASTE})
# the settings a key toggles, with what the game says when it turns on / off
TOGGLES = {Intent.MOTION: ("reduce_motion", N_("Reduced motion on."), N_("Full motion on.")),
           Intent.ARROWS: ("arrows_move_gap", N_("Arrows now move the gap."), N_("Arrows now move the tile.")),
           Intent.HIDE_ANSWER: ("hide_answer", N_("The answer is hidden: no count, no marks. H and S still answer."),
                                N_("The answer shows again."))}
TONES = {"accent": T.ACCENT, "nope": T.NOPE}   # the colours the kept game's sentences are said in


class PlayScene(BoardScreen):
    def __init__(self, ctx: Context, spec: PuzzleSpec, position: bytes | None = None, session: Session | None = None,
                 message: str | None = None, kept: bool = False, load: SavedGame | None = None) -> None:
        """``kept``: the player's game of this puzzle, resumed from where it was (then ``position`` is a
        new game from there) and kept as it changes, its wins recorded; ``load``: a saved game to play,
        as a new game of the session."""
        super().__init__(ctx)
        self.spec, self.puzzle, self.oracle = spec, spec.puzzle, spec.oracle
        self.game = KeptGame(ctx.journal, session or Session(spec, position, service=ctx.service, rng=ctx.rng),
                             kept=kept, position=position, load=load, message=message)
        self.oracle.start_preparing(ctx.service)   # loaded in a thread, else built in a process; searches meanwhile
        self.view = view_for(spec)
        self.target = self.session.position       # the position the board shows when animations end
        by_piece = spec.input is InputMode.PIECES
        self.board_input = (PieceInput if by_piece else BoardInput)(spec, self.view, self, self.target)
        self.effects = Effects()
        self.footer = Footer(message or "")
        self.panel_view = PanelView()
        chosen = ctx.settings.deal_distances.get(spec.name)   # each puzzle keeps its own deal distance
        self.deal_distance = max(1, chosen if chosen is not None else ctx.settings.deal_distance)
        self.time = 0.0
        self.par: int | None = None               # optimal length from the game's start, once known
        self.mouse: tuple[int, int] | None = None
        self.hover_button: str | None = None
        self.pressed_button: str | None = None
        self._skip_next = False                   # the next position change is not animated (a drop)
        self._marks_key: bytes | None = None
        self._marks: tuple[Mark, ...] = ()
        self.handlers = self._handlers()
        self.panel_model: PanelModel = self._build_panel_model()
        self.layout(ctx.size)
        self._follow(self.game.poll())

    def _handlers(self) -> dict[Intent, Callable[[], None]]:
        cycle = self.board_input.cycle
        return {
            **{d: partial(self.direction, d) for d in DIRECTIONS},
            Intent.NEXT: partial(cycle, 1), Intent.PREV: partial(cycle, -1),
            Intent.CONFIRM: self.board_input.confirm, Intent.BACK: self.back,
            Intent.UNDO: self.undo, Intent.REDO: self.redo, Intent.RESTART: self.restart, Intent.NEW: self.new_game,
            Intent.CLASSIC: self.classic_start,
            Intent.HINT: self.hint, Intent.SOLVE: self.solve, Intent.PAUSE: self.pause, Intent.STEP: self.step,
            Intent.FASTER: partial(self.change_speed, True), Intent.SLOWER: partial(self.change_speed, False),
            Intent.CANCEL: self.cancel, Intent.WINNABLE: self.back_to_winnable,
            Intent.MOTION: partial(self.toggle, Intent.MOTION), Intent.ARROWS: partial(self.toggle, Intent.ARROWS),
            Intent.MARKS: self.toggle_marks, Intent.ANALYSIS: self.open_analysis,
            Intent.REVIEW: self.open_review,
            Intent.DISTANCE_UP: partial(self.change_deal_distance, 1),
            Intent.DISTANCE_DOWN: partial(self.change_deal_distance, -1), Intent.DEAL_AT: self.deal_at,
            Intent.COUNT: self.next_count, Intent.SAVE: self.save_game, Intent.OPEN: self.open_saved,
            Intent.EDIT: self.edit, Intent.COPY: self.copy, Intent.PASTE: self.paste,
            Intent.HIDE_ANSWER: partial(self.toggle, Intent.HIDE_ANSWER),
            Intent.HELP: self.ctx.nav.open_help, Intent.MUTE: self.ctx.sound_keys.toggle,
        }

    # -- layout ---------------------------------------------------------------------------------
    def panel_layout(self) -> PanelLayout:
        return self.panel_view.layout(self.panel_model, self.theme)

    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where the panel's named button is on screen now (None if the panel shows none)."""
        return self.panel_view.rect_of(self.panel_layout(), name)

    def leave(self) -> None:
        self.session.cancel_search()
        self.game.leave()

    # -- the game kept between runs -----------------------------------------------------------------------
    @property
    def session(self) -> Session:
        return self.game.session

    def _follow(self, turns: list[Turn]) -> None:
        """Say what the kept game says; a game it took in wholesale is shown as it is."""
        for turn in turns:
            if not isinstance(turn, Said):
                self._take()
            elif turn.refused:
                self.refuse(None, turn.text)
            else:
                self.say(turn.text, TONES.get(turn.tone))

    def _take(self) -> None:
        """The session is the game on the board from now on, shown as it is (nothing glides)."""
        session = self.session
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
        return panel_model(self.session, self.oracle.status(), self.ctx.settings, self.deal_distance)

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

    def refuse(self, cell: int | None, text: str) -> None:
        """The gentle "no": the cell shakes and, if there is something to say, the footer says it."""
        self.effects.shake(cell)
        self.ctx.sound.play(NO)
        if text:
            self.say(text, T.NOPE)

    def say(self, text: str, colour: tuple[int, int, int] | None = None, about: bytes | None = None) -> None:
        self.footer.say(text, colour, about)
        self.invalidate()

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
        s = self.session
        if self.board_input.let_go():
            return
        if s.playback is not None:
            s.stop_solve()
            self.say(_("Solving stopped."))
        elif s.job is not None or s.waiting is not None:
            s.cancel_search()
            self.say(_("Search cancelled."))
        else:
            self.ctx.nav.back_to_menu()

    def undo(self) -> None:
        if not self.session.undo():
            self.refuse(None, _("Nothing to undo."))

    def redo(self) -> None:
        if not self.session.redo():
            self.refuse(None, _("Nothing to redo."))

    def restart(self) -> None:
        self.session.restart()
        self.say(_("Back to the start (U undoes it)."))

    def new_game(self) -> None:
        chosen = self.spec.name in self.ctx.settings.deal_distances
        said = self.session.deals.new_game(self.shown_deal_distance() if chosen else None)
        self.par = None
        self.say(said)

    def classic_start(self) -> None:
        if not self.spec.dealer.one_start:
            self.refuse(None, _("{title} has no single start: N shuffles, D deals at a distance.")
                        .format(title=_(self.spec.title)))
            return
        self.session.deals.classic_start()
        self.par = None
        self.say(_("The classic start."))

    def hint(self) -> None:
        self.session.request_hint()

    def solve(self) -> None:
        if self.session.solved:
            self.say(_("Already solved: press R to restart or N for a new game."))
        self.session.start_solve()

    def pause(self) -> None:
        s = self.session
        if s.playback is not None:
            s.autosolve.toggle_pause()
        elif s.job is None and not s.solved:
            s.start_solve()

    def step(self) -> None:
        self.session.step()

    def change_speed(self, faster: bool) -> None:
        s = self.session
        if faster:
            s.autosolve.faster()
        else:
            s.autosolve.slower()
        self.say(ngettext("Solve speed: {speed:g} move a second.", "Solve speed: {speed:g} moves a second.",
                          1 if s.autosolve.speed == 1 else 2).format(speed=s.autosolve.speed))

    def cancel(self) -> None:
        if self.session.job is not None or self.session.waiting is not None:
            self.session.cancel_search()
            self.say(_("Search cancelled."))

    def back_to_winnable(self) -> None:
        if not self.session.undo_to_last_winnable():
            self.refuse(None, _("Ask for a hint first (H): it finds the last position that can still win."))

    def toggle(self, intent: Intent) -> None:
        name, on_text, off_text = TOGGLES[intent]
        self.say(_(on_text) if self.ctx.changes.toggle(name) else _(off_text))

    def toggle_marks(self) -> None:
        if self.ctx.settings.hide_answer:
            self.say(_("Move marks are hidden with the answer: F shows them again."))
        elif not self.ctx.changes.toggle("move_marks"):
            self.say(_("Move marks off."))
        elif not self.oracle.exact:
            self.say(_("Move marks need a complete table: {title} has too many positions for one.")
                     .format(title=_(self.puzzle.title)), T.NOPE)
        else:
            self.say(_("Move marks on: every move shows whether it gets closer, farther, or into a dead end."))

    def open_analysis(self) -> None:
        self.ctx.nav.open_analysis(self.puzzle.name)

    def next_count(self) -> None:
        """Count moves the next way: the position on screen, as a new game under that count."""
        spec, counts = self.spec, self.spec.counts
        if spec.recount is None or spec.count not in counts:
            self.refuse(None, _("This puzzle counts its moves one way only."))
            return
        count = counts[(counts.index(spec.count) + 1) % len(counts)]
        name = catalog.variant(spec, count).name
        self.ctx.nav.replace_game(name, self.session.position, _(count.recounted))

    def edit(self) -> None:
        """The position editor, on the position on screen (Esc comes back to this game)."""
        self.take_over()
        self.session.cancel_search()   # the editor answers for its own positions
        self.ctx.nav.open_editor(self.spec.name, self.session.position)

    def copy(self) -> None:
        self.say(CLIPBOARD.copy(self.puzzle.format(self.session.position)))

    def paste(self) -> None:
        """A position from the clipboard's text, as a new game (undo brings this one back)."""
        text, note = CLIPBOARD.paste()
        try:
            position = read_position(self.spec, text)
        except PositionError as err:
            self.refuse(None, str(err))
            return
        self.start_from(position, note or _("A new game from the pasted position (U brings the last one back)."))

    def start_from(self, position: bytes, message: str) -> None:
        """A new game from ``position`` in this session: an entry that undo takes back."""
        self.take_over()
        self.session.new_deal(position, message)
        self.par = None
        self.sync()
        self.refresh_panel()

    # -- deal at a distance ---------------------------------------------------------------------------------
    def shown_deal_distance(self) -> int:
        return shown_deal_distance(self.session, self.deal_distance)

    def change_deal_distance(self, step: int) -> None:
        top = self.session.deals.limit()
        d = max(1, self.deal_distance + step)
        self.deal_distance = d if top is None else min(d, top)
        self.ctx.settings.deal_distances[self.spec.name] = self.deal_distance
        self.ctx.changes.save()

    def deal_at(self) -> None:
        s = self.session
        d = self.shown_deal_distance()
        if not s.deals.possible():
            self.say(_("The table is still loading: try again in a moment."), T.NOPE)
        elif s.deals.at_distance(d):
            self.par = None
            if s.deals.seeking is not None:
                self.say(ngettext("Looking for a position {n:,} move from the goal…",
                                  "Looking for a position {n:,} moves from the goal…", d).format(n=d))
        else:
            self.say(ngettext("There is no position {n:,} move from the goal.",
                              "There is no position {n:,} moves from the goal.", d).format(n=d), T.NOPE)

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
        for note in self.oracle.notices:   # e.g. "the cache folder cannot be written": once per run of the game
            if note not in self.ctx.shown_notices:
                self.ctx.shown_notices.add(note)
                self.say(note, T.NOPE)
        self.sync()
        if self.effects.update(dt, self.view.pitch, self.ctx.size[1]):
            self.invalidate()
        if self.footer.update(dt):
            self.invalidate()
        if self.session.moves == 0 and self.par is None:
            self.par = self.session.known_distance()
        self.game.keep(marks_shown(self.ctx.settings, self.session.exact))
        self.refresh_panel()

    def animating(self) -> bool:
        """Effects, a fading message, a solve playing, a spinner, and (unless motion is reduced)
        pulsing hint or target highlights."""
        playback = self.session.playback
        if self.effects.active or self.footer.fading() or (playback is not None and not playback.paused):
            return True
        status = self.panel_model.status
        if status is not None and status.spinning:
            return True
        if self.ctx.settings.reduce_motion:
            return False
        hint = self.session.hint_info
        return self.board_input.selected is not None or (hint is not None and hint.move is not None)

    def on_event(self, event: Event) -> None:
        if self.ctx.scene is self and event.kind is not EventKind.SOLVED:   # the win's chord: see won()
            effect = effect_for(event, self.puzzle)   # heard on the play screen itself only
            if effect is not None:
                self.ctx.sound.play(effect)
        kind = event.kind
        if kind is EventKind.SOLVED:
            self.won()
        elif kind is EventKind.HINT:
            if event.move is not None and event.before is not None:
                dist = self.session.known_distance()
                text = describe_move(self.spec, event.before, event.move)
                if dist is None:
                    said = _("Hint: {move}. Press H again to play it.").format(move=text)
                else:
                    said = ngettext("Hint: {move} ({n:,} move to go). Press H again to play it.",
                                    "Hint: {move} ({n:,} moves to go). Press H again to play it.", dist
                                    ).format(move=text, n=dist)
                self.say(said, T.HINT, about=event.before)
            else:
                self.say(event.message, T.HINT, about=self.session.position)
        elif kind is EventKind.DEAD_END:
            self.say(event.message, T.NOPE, about=self.session.position)
        elif kind in (EventKind.SEARCH_FAILED, EventKind.ILLEGAL):
            self.say(event.message, T.NOPE)
        elif kind is EventKind.DEAL:
            self.effects.stop_celebration()
            self.par = None
            if event.message:
                self.say(event.message, T.ACCENT)

    def won(self) -> None:
        """A win: recorded once per game (with the help it had), said as it was; only the player's own
        solve is celebrated, never the solver's."""
        s = self.session
        win = s.result()
        if win is None:
            return
        self.game.record(win)
        words = win_words(win, self.spec.count.word() if self.spec.counts else "")
        # Translators: after the sentence that says how the game was won; W opens the review of the game
        self.say(_("{words}  W: review").format(words=words) if win.own else words, T.GOOD if win.own else T.HINT)
        if win.own:   # confetti and the chord once the last piece has landed
            chord = self._chord if self.ctx.scene is self else None
            self.effects.celebrate_after_move(self.view.frame_rect(), self.view.pitch,
                                              self.ctx.settings.reduce_motion, chord)

    def _chord(self) -> None:
        self.ctx.sound.play(WIN)

    def open_review(self) -> None:
        """The review of this game over the board: its moves against the optimum (Enter there replays
        from the first mistake). What moves or searches here stops first."""
        self.take_over()
        self.session.cancel_search()
        self.ctx.nav.open_review()

    # -- drawing --------------------------------------------------------------------------------------------------
    def marks(self) -> tuple[Mark, ...]:
        """Every legal move from the shown position with the table's verdict (empty if off or no table)."""
        if not marks_shown(self.ctx.settings, self.session.exact):
            return ()
        if self.target != self._marks_key:
            verdicts = self.oracle.verdicts(self.target) or []
            self._marks = tuple(Mark(move, verdict, move_paths(self.puzzle, self.target, move))
                                for move, verdict in verdicts)
            self._marks_key = self.target
        return self._marks

    def highlights(self) -> Highlights:
        reduce_motion = self.ctx.settings.reduce_motion
        hl = Highlights(time=self.time, reduce_motion=reduce_motion)
        self.board_input.highlight(hl)
        hint = self.session.hint_info
        if hint is not None and hint.move is not None and self.effects.anim is None:
            try:
                paths = move_paths(self.puzzle, self.target, hint.move)
                hl.hint_from = frozenset(a for a, _ in paths)
                hl.hint_to = frozenset(b for _, b in paths)
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
        surface.blit(background(surface.get_size()), (0, 0))
        self.draw_header(surface)
        self.view.draw(surface, self.target, self.effects.motion(), self.highlights())
        self.footer.draw(surface, th, self.footer_area)
        self.panel_view.draw(surface, th, self.panel_layout(), self.hover_button, self.pressed_button, self.time,
                             reduce_motion)
        self.effects.draw_celebration(surface, th, self.view.frame_rect(), self.solved_words(), reduce_motion)

    def solved_words(self) -> str:
        """What the celebration says under "Solved!": the moves made, and the optimum where known."""
        n, par = self.session.moves, self.par
        if par is None:
            return ngettext("{moves:,} move", "{moves:,} moves", n).format(moves=n)
        # Translators: under "Solved!": the moves made, then the fewest possible from the game's start
        return ngettext("{moves:,} move · optimal {par}", "{moves:,} moves · optimal {par}", n).format(moves=n, par=par)

    def draw_header(self, surface: pygame.Surface) -> None:
        th = self.theme
        x, y = self.header.topleft
        title = th.fit(_(self.puzzle.title), "title", self.header.w)
        surface.blit(title, (x, y))
        y += title.get_height() + th.px(4)
        for line in self.header_lines:
            surface.blit(th.text(line, "small", T.MUTED), (x, y))
            y += th.size_of("small")
