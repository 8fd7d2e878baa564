"""The position editor's screen: the puzzle's own board view centre-stage, the live reading and
the buttons in a side panel like the play screen's, a message line, and the save dialog.

The scene wires the editor midend (the position, its reading, saving) to the board input, the
panel and the clipboard. Keys arrive as intents; a piece's letter arrives as typed text, and
while the save dialog is open, every key is the title field's.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

import pygame

from game.midend.edit_panel import EditorPanel, editor_panel
from game.midend.panel import ButtonModel
from game.midend.editor import Editor, ReadingKind
from game.common.i18n import _, ngettext
from game.midend.intent import DIRECTIONS, Intent
from game.catalog.library import player_folder
from game.catalog.saving import SaveError, first_title
from game.catalog.spec import PuzzleSpec
from game.midend.sayings import Tone
from game.ui import theme as T
from game.ui.clipboard import CLIPBOARD
from game.ui.edit.board import EditorBoard
from game.ui.edit.naming import Answer, Naming
from game.ui.edit.panel import lay_out_editor
from game.ui.play.board_screen import BoardScreen
from game.ui.play.effects import Effects
from game.ui.play.footer import Footer
from game.ui.play.panel_layout import PanelLayout
from game.ui.play.panel_mouse import hover, panel_mouse
from game.ui.play.panel_view import PanelView
from game.ui.context import Context
from game.ui.scenes.base import background
from game.rules.puzzle import Doors
from game.ui.views import Highlights, view_for


class EditorScene(BoardScreen):
    def __init__(self, ctx: Context, spec: PuzzleSpec, position: bytes | None = None, back_to: str = "Menu") -> None:
        super().__init__(ctx)
        self.spec, self.puzzle = spec, spec.puzzle
        self.editor = Editor(spec, position, service=ctx.service)
        self.view = view_for(spec)
        self.board = EditorBoard(self.editor, self.view)
        self.footer = Footer(_("Editing: the answers follow every change. Esc goes back."))
        self.effects = Effects()
        self.panel_view = PanelView()
        self.back_to = back_to
        self.naming: Naming | None = None
        self.time = 0.0
        self.mouse: tuple[int, int] | None = None
        self.hover_button: str | None = None
        self.pressed_button: str | None = None
        self._layout: PanelLayout | None = None
        self._layout_key: tuple | None = None
        self.handlers = self._handlers()
        self.model: EditorPanel = self._model()
        self.layout(ctx.size)

    def _handlers(self) -> dict[Intent, Callable[[], str | None]]:
        board, editor = self.board, self.editor
        return {
            **{intent: partial(board.step, dr, dc) for intent, (dr, dc) in DIRECTIONS.items()},
            Intent.NEXT: partial(board.next_brush, 1), Intent.PREV: partial(board.next_brush, -1),
            Intent.CONFIRM: board.confirm, Intent.BACK: self.back,
            Intent.UNDO: lambda: None if editor.undo() else _("Nothing to undo."),
            Intent.REDO: lambda: None if editor.redo() else _("Nothing to redo."),
            Intent.RESTART: self.reset, Intent.CLEAR: editor.clear, Intent.ERASE: self.erase,
            Intent.COPY: self.copy, Intent.PASTE: self.paste, Intent.PLAY_HERE: self.play_here,
            Intent.SAVE: self.open_save, Intent.CANCEL: self.stop, Intent.SOLVE: self.search,
            Intent.MOTION: self.toggle_motion, Intent.DEAL_AT: self.toggle_doors,
        }

    # -- layout -------------------------------------------------------------------------------------
    def panel_layout(self) -> PanelLayout:
        key = (tuple(self.panel), self.theme.size, self.model)
        if self._layout is None or key != self._layout_key:
            self._layout, self._layout_key = lay_out_editor(self.model, self.panel, self.theme), key
            self.panel_view.scroll = max(0, min(self.panel_view.scroll, self._layout.max_scroll))
        return self._layout

    def button_rect(self, name: str) -> pygame.Rect | None:
        """Where the panel's named button is on screen now (None if it shows none)."""
        return self.panel_view.rect_of(self.panel_layout(), name)

    def _model(self) -> EditorPanel:
        return editor_panel(self.editor, self.board.brush, self.back_to, self.board.door_mode)

    def refresh(self) -> None:
        if self.view.spec is not self.editor.spec:   # other doors: the board drawn with them
            self.view = self.board.view = view_for(self.editor.spec)
            self.puzzle = self.editor.puzzle
            self.layout(self.ctx.size)
        model = self._model()
        if model != self.model:
            self.model = model
            self.invalidate()
            self._hover(self.mouse)

    def leave(self) -> None:
        self.editor.close()

    # -- what the player asks for -------------------------------------------------------------------
    def handle_intent(self, intent: Intent) -> None:
        self.ctx.note_input()
        self.invalidate()
        if self.naming is not None:
            return   # the dialog reads keys itself (see capturing_text)
        handler = self.handlers.get(intent)
        if handler is not None:
            doors = self.editor.doors
            self.answer(handler())
            self._doors_news(doors)
        self.refresh()

    def answer(self, refused: str | None) -> None:
        """A refusal: the cursor's cell shakes and the message line says why."""
        if refused:
            self.effects.shake(self.board.cursor)
            self.say(refused, Tone.NOPE)

    def _doors_news(self, before: Doors) -> None:
        """After an edit that changed the doors (or undid a change): where they are now."""
        if self.editor.doors != before:
            self.say(self.editor.doors_said())

    def say(self, text: str, tone: Tone | None = None) -> None:
        self.footer.say(text, tone)
        self.invalidate()

    def typed(self, text: str) -> bool:
        """A piece's letter (or '.') chooses the brush; Space paints with it under the cursor. Other text
        is not the editor's."""
        if self.naming is not None or not self.editor.palette:
            return False
        if text == " ":
            self.ctx.note_input()
            self.answer(self.board.paint_cursor())
        else:
            code = self.puzzle.symbols.code(text)
            if code is None or code not in self.editor.palette:
                return False
            self.ctx.note_input()
            self.board.choose_brush(code)
        self.invalidate()
        self.refresh()
        return True

    def capturing_text(self) -> bool:
        return self.naming is not None

    def back(self) -> str | None:
        if not (self.board.drop_hold() or self.cancel_search()):
            self.ctx.nav.back_to_menu()
        return None

    def stop(self) -> str | None:
        self.cancel_search()
        return None

    def cancel_search(self) -> bool:
        """Stop the search on this position, and say so; False if none was running."""
        if not self.editor.stop_search():
            return False
        self.say(_("Search cancelled: S searches again."))
        return True

    def search(self) -> str | None:
        if not self.editor.search_again():
            return _("There is nothing to search: what this position is is known.")
        return None

    def reset(self) -> str | None:
        if self.editor.reset():
            self.say(_("Back to the puzzle's start (U undoes it)."))
        return None

    def erase(self) -> str | None:
        if not self.editor.palette:
            return _("The pieces of this puzzle cannot be taken off the board, only moved.")
        return self.board.erase()

    def copy(self) -> str | None:
        self.say(CLIPBOARD.copy(self.editor.text()))
        return None

    def paste(self) -> str | None:
        text, note = CLIPBOARD.paste()
        refused = self.editor.paste(text)
        if refused is None:
            self.board.held = None
            self.say(note or _("Pasted (U undoes it)."))
        return refused

    def play_here(self) -> str | None:
        if self.editor.doors_changed:
            return _("The doors have changed: save it as a puzzle first, then play it from the menu.")
        problem = self.editor.problem()
        if problem is not None:
            # Translators: {problem} is a sentence saying what is wrong with the position
            return _("Only a position of this puzzle can be played. {problem}").format(problem=problem)
        self.ctx.nav.play_from_editor(self.spec.name, self.editor.position, _("A new game from the editor's position."))
        return None

    def open_save(self) -> str | None:
        problem = self.editor.save_problem()
        if problem is not None:
            return problem
        self.editor.suggest_title()
        title = self.editor.suggested_title() or first_title(self.spec)
        self.naming = Naming(title, player_folder(), self._remark())
        return None

    def _remark(self) -> str:
        """What the saved puzzle will be, as far as is known now."""
        reading = self.editor.reading()
        if reading.kind is ReadingKind.SOLVABLE and reading.distance is not None:
            n = reading.distance
            return ngettext("Its shortest solution takes {n:,} move.", "Its shortest solution takes {n:,} moves.",
                            n).format(n=n)
        if reading.kind is ReadingKind.DEAD_END:
            return _("Careful: it is a dead end, so nobody can solve it from this start.")
        return _("Its shortest solution is not known yet.")

    def save(self) -> None:
        """Enter in the dialog: the file is written in the background (see ``take_saved``)."""
        naming = self.naming
        if naming is None or self.editor.saving:
            return
        try:
            self.editor.save(naming.title)
        except SaveError as err:
            naming.error = str(err)
        self.take_saved()

    def take_saved(self) -> None:
        """A save that finished: the dialog closes and the menu shows the puzzle, or the dialog says why not."""
        got = self.editor.take_saved()
        if got is None:
            return
        self.invalidate()
        if isinstance(got, str):
            if self.naming is not None:
                self.naming.error = got
            else:
                self.say(got, Tone.NOPE)
            return
        path, spec = got
        self.naming = None
        self.ctx.nav.refresh_menu(spec.name)
        dead = self.editor.reading().kind is ReadingKind.DEAD_END
        said = (_("Saved as {file}: “{title}” is on the menu now (a dead end: nobody can solve it).") if dead
                else _("Saved as {file}: “{title}” is on the menu now."))
        self.say(said.format(file=path.name, title=spec.title), Tone.GOOD)

    def toggle_doors(self) -> str | None:
        if not self.editor.doors_editable:
            return _("This puzzle has no doors: only sliding blocks have them.")
        if self.board.toggle_door_mode():
            self.say(_("Door mode: a click on an empty cell makes or removes a door, on a piece lets it through or "
                       "not. D moves pieces again."))
        else:
            self.say(_("Pieces move again (D places doors)."))
        return None

    def toggle_motion(self) -> str | None:
        self.say(_("Reduced motion on.") if self.ctx.changes.toggle("reduce_motion") else _("Full motion on."))
        return None

    # -- mouse and the dialog's keys ----------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        naming = self.naming
        if naming is not None:
            self._dialog_event(naming, event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.ctx.note_input()
        doors = self.editor.doors
        got = panel_mouse(self, event)
        if isinstance(got, ButtonModel):
            self.press_button(got.name, got.intent)
        elif not got:
            if event.type == pygame.MOUSEMOTION:
                if self.board.motion(event.pos, event.rel):
                    self.invalidate()
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self.answer(self.board.press_at(event.pos))
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.answer(self.board.release_at(event.pos))
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
                self.answer(self.board.right_click(event.pos))
            self._doors_news(doors)
        self.refresh()

    def press_button(self, name: str, intent: Intent) -> None:
        if name.startswith("brush-"):
            self.board.brush = int(name.removeprefix("brush-"))
            self.refresh()
        else:
            self.handle_intent(intent)

    def _dialog_event(self, naming: Naming, event: pygame.event.Event) -> None:
        answer = None
        if event.type == pygame.KEYDOWN:
            clip = CLIPBOARD.paste()[0] if event.key == pygame.K_v else ""
            answer = naming.key(event, clip)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            answer = naming.click(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if answer is Answer.SAVE:
            self.save()
        elif answer is Answer.CANCEL:
            self.naming = None
        self.invalidate()
        self.refresh()

    def _hover(self, pos: tuple[int, int] | None) -> None:
        hover(self, pos)

    # -- time and drawing ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.editor.update(dt)
        self.take_saved()
        naming = self.naming
        suggested = self.editor.suggested_title()
        if naming is not None and naming.fresh and suggested and suggested != naming.title:
            naming.title = suggested
            self.invalidate()
        if self.footer.update(dt):
            self.invalidate()
        if self.effects.update(dt, self.view.pitch, self.ctx.size[1]):
            self.invalidate()
        self.refresh()

    def animating(self) -> bool:
        if self.effects.active or self.footer.fading() or self.model.box.spinning:
            return True
        return not self.ctx.settings.reduce_motion and self.board.held is not None

    def highlights(self) -> Highlights:
        hl = Highlights(time=self.time, reduce_motion=self.ctx.settings.reduce_motion)
        self.board.highlight(hl)
        if self.effects.nope is not None:
            hl.nope, hl.nope_t = self.effects.nope[0], self.effects.nope[1].raw
        return hl

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        surface.blit(background(self.theme.palette, surface.get_size()), (0, 0))
        # Translators: the position editor's title over the board
        self.draw_header(surface, _("Edit: {title}").format(title=self.puzzle.shown_title()))
        self.view.draw(surface, self.editor.position, None, self.highlights())
        self.footer.draw(surface, th, self.footer_area)
        self.panel_view.draw(surface, th, self.panel_layout(), self.hover_button, self.pressed_button, self.time,
                             self.ctx.settings.reduce_motion)
        if self.naming is not None:
            self.naming.draw(surface, th, self.board_area, self.mouse)
