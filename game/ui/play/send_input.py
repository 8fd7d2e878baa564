"""Pieces sent a whole way at a time (``InputMode.SEND``): robots that roll until something stops them.

As for sliding blocks, Tab picks a piece that can move (an arrow picks the nearest one that can go
that way), Enter shows where the picked piece can go (Tab chooses, Enter plays and lets go of it, the
next Tab going on from it) and Esc lets go, one thing a press; but an arrow sends the picked piece
that way, its whole move, and it stays picked where it stops. With
the mouse, a click on a piece lights up where it can go and a click on any cell its way sends it
there; a drag pulls it along one of its ways, as on the other boards, and let go half a cell or more
along a way it rolls on to where it stops: a flick sends it, as an arrow does.
"""
from __future__ import annotations

from game.rules.puzzle import Move
from game.ui.play.board_input import BoardInput, Point
from game.ui.play.piece_input import PieceInput
from game.ui.views import Highlights


class SendInput(PieceInput):
    pull = BoardInput.pull      # along the straight ways to where it would stop

    def way(self, anchor: int, dr: int, dc: int) -> Move | None:
        """The piece's move that way, whatever its length."""
        cells = self.puzzle.board.cells
        r0, c0 = cells[anchor]
        for move, _paths in self.moves_by_anchor.get(anchor, []):
            r1, c1 = cells[move.dst]
            if (r1 - r0) * dc == (c1 - c0) * dr and (r1 - r0) * dr + (c1 - c0) * dc > 0:
                return move
        return None

    def go(self, move: Move) -> None:
        """The piece goes its whole way, and stays picked where it stops."""
        self.selected = None
        self.picked = self.cursor = move.dst
        self.host.play(move)

    def activate(self, anchor: int) -> None:
        """A piece clicked or entered: one move sends it, and it is let go as any move made with Enter
        (Tab goes on from it); several are shown, for Tab and Enter to choose."""
        moves = self.moves_by_anchor.get(anchor, [])
        self.picked = self.cursor = anchor
        if len(moves) == 1:
            self.play_and_let_go(moves[0][0])
        else:
            super().activate(anchor)

    # -- mouse ---------------------------------------------------------------------------------------
    def toward(self, anchor: int, cell: int) -> Move | None:
        """The piece's move to ``cell``, or its move the way ``cell`` lies (straight along a row or column)."""
        move = next((m for m, _ in self.moves_by_anchor.get(anchor, []) if m.dst == cell), None)
        if move is not None:
            return move
        (r0, c0), (r1, c1) = self.puzzle.board.cells[anchor], self.puzzle.board.cells[cell]
        if (r0 == r1) == (c0 == c1):
            return None
        return self.way(anchor, (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0))

    def press_at(self, pos: Point) -> None:
        """With a piece taken, a click on a cell it can reach, or on any cell straight from it, sends it."""
        if self.selected is not None and self.view.frame_rect().collidepoint(pos):
            cell = self.view.hit(pos)
            move = self.toward(self.selected, cell) if cell is not None else None
            if move is not None:
                self.host.take_over()
                self.show_cursor = False
                self.go(move)
                return
        super().press_at(pos)

    def drop(self, anchor: int) -> None:
        """Let go half a cell or more along one of its ways, the piece goes that way to its end (rolling
        on unless it was let go there); let go short of that, it goes back."""
        dx, dy = self.drag_offset
        if max(abs(dx), abs(dy)) * 2 >= self.view.pitch:
            step = (0, (dx > 0) - (dx < 0)) if abs(dx) >= abs(dy) else ((dy > 0) - (dy < 0), 0)
            move = self.way(anchor, *step)
            if move is not None:
                self.host.play(move, animate=self.dropped_on(anchor) != move)
                return
        super().drop(anchor)

    def highlight(self, hl: Highlights) -> None:
        """As for blocks, and the cells the taken piece can reach, marked one by one."""
        super().highlight(hl)
        if self.selected is not None:
            hl.targets = frozenset(self.targets_of(self.selected))
