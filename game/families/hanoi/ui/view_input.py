"""Playing the Tower of Hanoi with the mouse and the keys: a peg is the thing to point at.

A click anywhere on a peg takes its top disc (a disc with one move makes it; otherwise its
target pegs light up), a click anywhere on a lit peg sets it down there; a disc dragged follows
the pointer freely and lands on the peg it is let go over. Left and Right choose a peg, Enter or
Up lifts its top disc, Left and Right carry it, Enter or Down sets it down; Tab goes through the
discs that can move, then their targets.
"""
from __future__ import annotations

from typing import Protocol, cast

from game.catalog.spec import PuzzleSpec
from game.common.i18n import N_, _
from game.midend.intent import Intent
from game.rules.puzzle import Move
from game.ui.play.board_input import BoardHost, BoardInput, Point
from game.ui.views.base import BoardView, Highlights

__all__ = ["HanoiInput"]

ONTO_LARGER = N_("A disc goes only onto an empty peg or onto a larger disc.")
BLOCKED = N_("Its top disc cannot move: the top disc of every other peg is smaller.")


class PegView(Protocol):
    def peg_at(self, point: Point) -> int | None: ...


class HanoiInput(BoardInput):
    choose_text = N_("Choose its peg: Left and Right, then Enter.")

    def __init__(self, spec: PuzzleSpec, view: BoardView, host: BoardHost, position: bytes) -> None:
        self.pegs = cast(PegView, view)   # the family's own view, which knows its pegs
        self.let_go_at: Point = (0, 0)    # where the button last came up
        super().__init__(spec, view, host, position)

    # -- pegs ----------------------------------------------------------------------------------------
    def _peg_of(self, cell: int) -> int:
        return self.puzzle.board.cells[cell][1]

    def _column(self, peg: int) -> list[int]:
        """A peg's slots from the floor up."""
        board = self.puzzle.board
        return [board.at(row, peg) for row in range(board.height - 1, -1, -1)]   # type: ignore[misc]

    def top_cell(self, peg: int) -> int | None:
        """The slot of the peg's top disc (None: the peg is empty)."""
        full = [cell for cell in self._column(peg) if self.position[cell]]
        return full[-1] if full else None

    def _rest_cell(self, peg: int) -> int:
        """Where the cursor stands on a peg: its top disc, or its floor when it is empty."""
        top = self.top_cell(peg)
        return top if top is not None else self._column(peg)[0]

    def anchor_at(self, point: Point) -> int | None:
        """The top disc of the peg under the point, when it can move."""
        peg = self.pegs.peg_at(point)
        top = None if peg is None else self.top_cell(peg)
        return top if top in self.moves_by_anchor else None

    def move_onto(self, anchor: int, peg: int | None) -> Move | None:
        """The move of the disc at ``anchor`` onto ``peg`` (None: there is none)."""
        return next((m for m, _ in self.moves_by_anchor.get(anchor, []) if self._peg_of(m.dst) == peg), None)

    def move_to(self, anchor: int, point: tuple[float, float]) -> Move | None:
        return self.move_onto(anchor, self.pegs.peg_at((round(point[0]), round(point[1]))))

    # -- mouse ---------------------------------------------------------------------------------------
    def press_at(self, pos: Point) -> None:
        if not self.pressed_on_board(pos):
            return
        peg = self.pegs.peg_at(pos)
        if peg is None:
            return
        self.cursor = self._rest_cell(peg)
        if self.selected is not None:   # the second click names the peg it goes to
            self._set_down(peg)
            return
        top = self.top_cell(peg)
        if top is None:
            return
        if top not in self.moves_by_anchor:
            self.host.refuse(top, _(BLOCKED))
            return
        self.press, self.dragging, self.drag_offset = (top, pos), False, (0, 0)

    def _set_down(self, peg: int) -> None:
        """The picked disc onto ``peg``: played; back on its own peg, put back; onto a smaller disc, said
        why, and still held."""
        assert self.selected is not None
        if self._peg_of(self.selected) == peg:
            self.selected = None
            return
        move = self.move_onto(self.selected, peg)
        if move is None:
            self.host.refuse(self.cursor, _(ONTO_LARGER))
        else:
            self.host.play(move)

    def pull(self, anchor: int, pulled: Point) -> None:
        """A dragged disc follows the pointer wherever it goes."""
        self.drag_offset = pulled

    def release_at(self, pos: Point) -> None:
        self.let_go_at = pos
        super().release_at(pos)

    def drop(self, anchor: int) -> None:
        """Let go over a peg it may go to (at any height, above the board too): it goes there; anywhere
        else it goes back."""
        frame = self.view.frame_rect()
        peg = self.pegs.peg_at((self.let_go_at[0], frame.centery))
        move = self.move_onto(anchor, peg)
        if move is not None:
            self.host.play(move, animate=False)
        else:
            self.host.refuse(anchor, _(ONTO_LARGER) if peg is not None and peg != self._peg_of(anchor) else "")

    def motion(self, pos: Point, rel: Point) -> bool:
        """As the board's input does, and the top disc of the peg under the pointer shows it would be taken."""
        changed = super().motion(pos, rel)
        if self.press is None:
            hover = self.anchor_at(pos)
            if hover != self.hover:
                self.hover, changed = hover, True
        return changed

    # -- keys ----------------------------------------------------------------------------------------
    def direction(self, intent: Intent, arrows_move_gap: bool) -> None:
        """Left and Right: the next peg (round the ends); Up lifts the top disc, Down sets it down."""
        self.show_cursor = True
        peg = self._peg_of(min(self.cursor, len(self.position) - 1))
        pegs = self.puzzle.board.width
        if intent is Intent.LEFT or intent is Intent.RIGHT:
            peg = (peg + (1 if intent is Intent.RIGHT else -1)) % pegs
            move = self.move_onto(self.selected, peg) if self.selected is not None else None
            self.cursor = move.dst if move is not None else self._rest_cell(peg)
        elif (intent is Intent.UP) == (self.selected is None):
            self.confirm()

    def confirm(self) -> None:
        """Enter: lift the top disc of the peg under the cursor, or set the lifted disc down there."""
        self.host.take_over()
        self.show_cursor = True
        peg = self._peg_of(min(self.cursor, len(self.position) - 1))
        if self.selected is not None:
            self._set_down(peg)
            return
        top = self.top_cell(peg)
        if top is None:
            self.host.refuse(self.cursor, _("That peg holds no disc."))
        elif top not in self.moves_by_anchor:
            self.host.refuse(top, _(BLOCKED))
        else:
            self.cursor = top
            self.selected = top   # lifted, even with one move: the keys carry it where the player says
            self.host.say(_(self.choose_text))

    def highlight(self, hl: Highlights) -> None:
        """As the board's input shows it; a dragged disc's pegs light up too."""
        super().highlight(hl)
        if self.dragging and self.press is not None:
            hl.targets = frozenset(self.targets_of(self.press[0]))
