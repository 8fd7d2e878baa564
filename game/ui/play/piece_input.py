"""Sliding blocks played piece by piece (``InputMode.PIECES``).

Tab or an arrow picks a piece; arrows then move it one cell at a time. Each step is played
as a step, so where the count makes a whole slide one move (``line``, ``path``) the steps
of one piece join into one move, and under ``cell`` each is a move. Enter shows where the
picked piece can go in one move (Tab chooses, Enter plays). A dragged piece follows the
pointer through free space only and lands on the nearest place it can reach in one move.
Highlights are whole pieces and whole places, never single cells.
"""
from __future__ import annotations

from game.common.i18n import N_, _
from game.midend.intent import DIRECTIONS, Intent
from game.rules.puzzle import Move
from game.catalog.spec import PuzzleSpec
from game.ui.play.board_input import BoardHost, BoardInput, Point
from game.ui.play.piece_drag import Track
from game.ui.views import Highlights
from game.ui.views.base import BoardView
from game.rules.pieces import Pieces

PICKED = N_("Arrows move the picked piece · Tab picks another · Enter shows where it can go.")


class PieceInput(BoardInput):
    choose_text = N_("Choose where it goes: Tab, then Enter.")

    def __init__(self, spec: PuzzleSpec, view: BoardView, host: BoardHost, position: bytes) -> None:
        self.pieces = Pieces(spec.puzzle)
        self.picked: int | None = None        # the piece the arrows move (its anchor)
        self.track: Track | None = None       # where the dragged piece may go
        self.landing: Move | None = None      # the move the dragged piece would make if dropped now
        super().__init__(spec, view, host, position)

    def show(self, position: bytes) -> None:
        """A new position: the picked piece stays picked if it is still there (it moved with its step)."""
        super().show(position)
        self.track, self.landing = None, None
        if self.picked is not None and not self.pieces.is_anchor(position[self.picked]):
            self.picked = None

    # -- keyboard ------------------------------------------------------------------------------
    def direction(self, intent: Intent, arrows_move_gap: bool) -> None:
        """The picked piece moves one cell that way; with none picked, an arrow picks one."""
        dr, dc = DIRECTIONS[intent]
        self.host.take_over()
        if self.selected is not None:   # a piece taken (a click, or Enter): the arrow moves it, as a picked one
            self.pick(self.selected)
            self.selected = None
        if self.picked is None or not self.show_cursor:
            self.pick_towards(dr, dc)
            return
        move = self.way(self.picked, dr, dc)
        if move is None:
            self.host.refuse(self.picked, _("That piece cannot move that way: Tab picks another."))
            return
        self.go(move)

    def way(self, anchor: int, dr: int, dc: int) -> Move | None:
        """The piece's move that way: one cell."""
        dst = self.puzzle.board.step(anchor, dr, dc)
        return next((m for m, _ in self.moves_by_anchor.get(anchor, []) if m.dst == dst), None)

    def go(self, move: Move) -> None:
        """The picked piece goes, and stays picked: a step of its move."""
        self.picked = self.cursor = move.dst
        self.host.play(move, step=True)

    def pick_towards(self, dr: int, dc: int) -> None:
        """Pick the piece nearest the cursor that can move that way (else any that can move)."""
        board = self.puzzle.board
        able = [a for a in self.moves_by_anchor if self.way(a, dr, dc) is not None] or list(self.moves_by_anchor)
        if not able:
            self.host.refuse(None, _("No piece can move: undo (U) or restart (R)."))
            return
        r0, c0 = board.cells[min(self.cursor, len(board) - 1)]

        def distance(anchor: int) -> tuple[int, int]:
            r, c = board.cells[anchor]
            return abs(r - r0) + abs(c - c0), anchor
        self.pick(min(able, key=distance))
        self.host.say(_(PICKED))

    def pick(self, anchor: int) -> None:
        self.picked = self.cursor = anchor
        self.show_cursor = True

    def hide_cursor(self) -> bool:
        """The picked piece is let go with the cursor's frame."""
        if not self.show_cursor:
            return False
        self.picked, self.show_cursor = None, False
        return True

    def cycle(self, step: int) -> None:
        """Tab: the next piece that can move (reading order), or the selected piece's next place."""
        if self.selected is not None:
            super().cycle(step)
            return
        pieces = sorted(self.moves_by_anchor)
        if not pieces:
            self.host.refuse(None, _("No piece can move: undo (U) or restart (R)."))
            return
        at = self.picked if self.picked in pieces and self.show_cursor else None
        if at is None and self.cursor in pieces:   # after a move made with Enter: on from the piece that moved
            at = self.cursor
        self.pick(pieces[(pieces.index(at) + step) % len(pieces)] if at is not None else pieces[0 if step > 0 else -1])

    def destinations(self, anchor: int) -> set[int]:
        """The anchor of each place the selected piece can go."""
        return {m.dst for m, _ in self.moves_by_anchor.get(anchor, [])}

    def confirm(self) -> None:
        """Enter: play the selected piece's move to the place under the cursor; else take the
        picked piece (one move: played; several: shown, for Tab and Enter to choose). A move made
        so lets go of the piece: its frame and the "choose" line go, and Tab goes on from it."""
        self.host.take_over()
        self.show_cursor = True
        if self.selected is not None:
            move = next((m for m, _ in self.moves_by_anchor.get(self.selected, []) if m.dst == self.cursor), None)
            if move is not None:
                self.play_and_let_go(move)
        elif self.picked is None:
            self.cycle(1)
        else:
            self.activate(self.picked)

    def play_and_let_go(self, move: Move) -> None:
        """A move made with Enter: the piece is let go (no frame, no "choose" line); Tab goes on from it."""
        self.selected = self.picked = None
        self.show_cursor, self.cursor = False, move.dst
        self.host.say("")
        self.host.play(move)

    # -- mouse ---------------------------------------------------------------------------------------
    def pull(self, anchor: int, pulled: Point) -> None:
        """The piece goes as near the pointer as free space lets it; note where it would land."""
        if self.track is None:
            moves = [m for m, _ in self.moves_by_anchor.get(anchor, [])]
            self.track = Track(self.view, self.puzzle.board, anchor, moves)
        x, y = self.track.start()
        point, self.landing = self.track.follow((x + pulled[0], y + pulled[1]))
        self.drag_offset = self.track.offset(point)

    def drop(self, anchor: int) -> None:
        """Dropped: the whole move to where the ghost showed; dropped at home, nothing."""
        landing, self.landing, self.track = self.landing, None, None
        if landing is not None:
            self.host.play(landing, animate=False)

    # -- what the board shows ---------------------------------------------------------------------------
    def highlight(self, hl: Highlights) -> None:
        hl.cursor, hl.show_cursor = self.cursor, self.show_cursor
        position = self.position
        if self.selected is not None:
            code = position[self.selected]
            hl.selected = frozenset(self.pieces.cells(code, self.selected))
            hl.places = tuple(self.pieces.cells(code, m.dst) for m, _ in self.moves_by_anchor.get(self.selected, []))
            at = self.cursor if self.cursor in self.destinations(self.selected) else self.selected
            hl.cursor_cells = frozenset(self.pieces.cells(code, at))
        elif self.picked is not None:
            hl.cursor_cells = frozenset(self.pieces.cells(position[self.picked], self.picked))
        if self.dragging and self.press is not None:
            anchor = self.press[0]
            hl.drag_cells = frozenset(self.pieces.cells(position[anchor], anchor))
            hl.drag_offset = self.drag_offset
            if self.landing is not None:
                hl.ghost = (self.landing.dst, position[anchor])
