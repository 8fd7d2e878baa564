"""Playing Sixteen with the mouse and the keys: a move turns a whole line, so the things to point at are the
arrows in the rim (a click turns that row or column one cell their way) and the tiles (one dragged along
its row or its column turns that line when let go past a third of a cell; the line follows the pointer
meanwhile). The arrows choose a tile; Enter takes it, and the arrows then turn its row (Left, Right) or its
column (Up, Down), the tile held as it travels round, until Enter or Esc lets it go.
"""
from __future__ import annotations

from typing import Protocol, cast

from game.catalog.spec import PuzzleSpec
from game.common.i18n import N_, _
from game.midend.intent import DIRECTIONS, Intent
from game.rules.puzzle import Move
from game.ui.play.board_input import BoardHost, BoardInput, Point
from game.ui.views.base import BoardView, Highlights

__all__ = ["SixteenInput"]

Way = tuple[int, int, int]
TURN_AT = 0.34          # a drag turns its line once it is this far along, in cells


class ArrowView(Protocol):
    def way_at(self, point: Point) -> Way | None: ...

    def line_cells(self, axis: int, line: int) -> list[int]: ...


class SixteenInput(BoardInput):
    choose_text = N_("Turn its row with Left and Right, its column with Up and Down; Enter lets it go.")

    def __init__(self, spec: PuzzleSpec, view: BoardView, host: BoardHost, position: bytes) -> None:
        self.arrows = cast(ArrowView, view)   # the family's own view, which knows its arrows
        self.follow: int | None = None        # where the held tile lands after the move being played
        self.pointed: Way | None = None       # the arrow under the pointer
        super().__init__(spec, view, host, position)

    # -- moves by line -------------------------------------------------------------------------------
    def move_for(self, way: Way) -> Move | None:
        """The move turning that line that way (a line of two: its one turn, whichever arrow)."""
        axis, line, step = way
        board = self.puzzle.board
        found = None
        for move in self.puzzle.legal_moves(self.position):
            (r0, c0), (r1, c1) = board.cells[move.src], board.cells[move.dst]
            turn = (0, r0, c1 - c0) if r0 == r1 else (1, c0, r1 - r0)
            if turn[:2] == (axis, line):
                if turn[2] == step:
                    return move
                found = move
        return found

    def turn(self, way: Way, held: int | None = None, animate: bool = True) -> None:
        move = self.move_for(way)
        if move is None:
            return
        if held is not None:
            axis, _line, step = way
            row, col = self.puzzle.board.cells[held]
            length = self.puzzle.board.width if axis == 0 else self.puzzle.board.height
            if axis == 0:
                col = (col + step) % length
            else:
                row = (row + step) % length
            self.follow = self.puzzle.board.at(row, col)
        self.host.play(move, animate=animate)

    def show(self, position: bytes) -> None:
        """A new position: a held tile stays held where its move took it; anything else is let go."""
        follow, self.follow = self.follow, None
        super().show(position)
        if follow is not None:
            self.selected = self.cursor = follow

    def _way_through(self, cell: int, dr: int, dc: int) -> Way:
        row, col = self.puzzle.board.cells[cell]
        return (0, row, dc) if dc else (1, col, dr)

    # -- mouse ------------------------------------------------------------------------------------------
    def press_at(self, pos: Point) -> None:
        if not self.pressed_on_board(pos):
            return
        way = self.arrows.way_at(pos)
        if way is not None:
            self.turn(way, self.selected if self.selected is not None and self._on(self.selected, way) else None)
            return
        cell = self.view.hit(pos)
        if cell is not None:
            self.press, self.dragging, self.drag_offset = (cell, pos), False, (0, 0)

    def _on(self, cell: int, way: Way) -> bool:
        row, col = self.puzzle.board.cells[cell]
        return (row if way[0] == 0 else col) == way[1]

    def pull(self, anchor: int, pulled: Point) -> None:
        """The pressed tile's line follows the pointer along the way it is pulled most, up to a cell."""
        dx, dy = pulled
        p = self.view.pitch
        if abs(dx) >= abs(dy):
            self.drag_offset = (max(-p, min(p, dx)), 0)
        else:
            self.drag_offset = (0, max(-p, min(p, dy)))

    def drop(self, anchor: int) -> None:
        dx, dy = self.drag_offset
        if max(abs(dx), abs(dy)) < self.view.pitch * TURN_AT:
            self.host.refuse(None, "")
            return
        dr, dc = (0, 1 if dx > 0 else -1) if dx else (1 if dy > 0 else -1, 0)
        self.turn(self._way_through(anchor, dr, dc), animate=False)

    def release_at(self, pos: Point) -> None:
        """A drag turns its line; a click on a tile takes it (or lets the taken one go)."""
        if self.press is None:
            return
        cell, dragged = self.press[0], self.dragging
        self.press, self.dragging = None, False
        if dragged:
            self.drop(cell)
            self.drag_offset = (0, 0)
            return
        self.cursor = cell
        self.selected = None if self.selected == cell else cell

    def motion(self, pos: Point, rel: Point) -> bool:
        if self.press is not None:
            return super().motion(pos, rel)
        changed = False
        if rel != (0, 0) and self.show_cursor:
            self.show_cursor, changed = False, True
        pointed = self.arrows.way_at(pos)
        if pointed != self.pointed:
            self.pointed, changed = pointed, True
        return changed

    # -- keys -------------------------------------------------------------------------------------------
    def direction(self, intent: Intent, arrows_move_gap: bool) -> None:
        """A taken tile: its row or column turns that way, the tile held; else the cursor moves."""
        dr, dc = DIRECTIONS[intent]
        self.show_cursor = True
        if self.selected is not None:
            self.host.take_over()
            self.turn(self._way_through(self.selected, dr, dc), self.selected)
            return
        self.cursor = self._step_cursor(self.cursor, dr, dc)

    def cycle(self, step: int) -> None:
        """Tab: the next tile in reading order (round the end)."""
        self.show_cursor = True
        self.cursor = (self.cursor + step) % len(self.position)

    def confirm(self) -> None:
        """Enter: take the tile under the cursor, or let the taken one go."""
        self.host.take_over()
        self.show_cursor = True
        if self.selected is not None:
            self.selected = None
            return
        self.selected = self.cursor
        self.host.say(_(self.choose_text))

    # -- what the board shows -------------------------------------------------------------------------------
    def highlight(self, hl: Highlights) -> None:
        hl.cursor, hl.show_cursor = self.cursor, self.show_cursor
        if self.selected is not None:
            hl.selected = frozenset({self.selected})
        if self.pointed is not None and self.press is None:
            hl.preview = frozenset(self.arrows.line_cells(self.pointed[0], self.pointed[1]))
        if self.dragging and self.press is not None:
            dx, dy = self.drag_offset
            row, col = self.puzzle.board.cells[self.press[0]]
            hl.drag_cells = frozenset(self.arrows.line_cells(0, row) if dx else self.arrows.line_cells(1, col))
            hl.drag_offset = self.drag_offset
