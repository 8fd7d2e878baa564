"""The editor's input on the board: a cursor for the keys, picking a piece up and putting it
down (Enter, or two clicks), dragging, and painting cells with the brush (tokens). A brush's key
only chooses the brush: a cell changes on a click, Space or Enter, never on the key that names
what it would hold.

In door mode (sliding blocks) a click or Enter changes the doors instead: an empty cell becomes a
door or stops being one, a piece is let through them or no longer.

Every change goes through the editor midend; what it refuses comes back as a sentence for the
scene to show. Hit testing goes through the board view, as on the play screen.
"""
from __future__ import annotations

from game.midend.edit_problems import EMPTY
from game.midend.editor import Editor
from game.common.i18n import _
from game.catalog.spec import EditMode
from game.ui.views import Highlights
from game.ui.views.base import BoardView

DRAG_THRESHOLD = 6
Point = tuple[int, int]


class EditorBoard:
    def __init__(self, editor: Editor, view: BoardView) -> None:
        self.editor, self.view = editor, view
        self.board = editor.puzzle.board
        palette = editor.palette
        self.brush: int | None = palette[0] if palette else None
        self.cursor = 0
        self.show_cursor = False
        self.held: int | None = None            # the cell a piece was picked up by (its grab point)
        self.press: tuple[int, Point] | None = None
        self.dragging = False
        self.drag_offset: Point = (0, 0)
        self.door_mode = False

    # -- the operations, for keys and mouse alike ------------------------------------------------
    def pick(self, cell: int) -> str | None:
        """Pick up what is in ``cell`` (tiles: the gap too, to move it)."""
        if self.editor.position[cell] == EMPTY and self.editor.mode is not EditMode.SWAP:
            return _("There is no piece here to pick up.")
        self.held = cell
        return None

    def put(self, cell: int, to: int) -> str | None:
        """Move what was picked up by ``cell`` so that that point lands on ``to``."""
        editor = self.editor
        if editor.mode is not EditMode.PIECES:
            refused = editor.swap(cell, to)
        else:
            anchor = editor.pieces.anchor(editor.position, cell)
            target = self.shifted(anchor, cell, to) if anchor is not None else None
            refused = _("It does not fit there: it would stick out of the board.") if target is None \
                else editor.relocate(cell, target)
        if refused is None:
            self.held = None
        return refused

    def shifted(self, anchor: int, grab: int, to: int) -> int | None:
        """Where the anchor goes when the piece is carried from ``grab`` to ``to`` (None: off the board)."""
        cells = self.board.cells
        (ra, ca), (rg, cg), (rt, ct) = cells[anchor], cells[grab], cells[to]
        return self.board.at(ra + rt - rg, ca + ct - cg)

    def paint(self, cell: int, code: int) -> str | None:
        return self.editor.place(cell, code)

    def toggle_door_mode(self) -> bool:
        """D: clicks change the doors, or move pieces again; whether door mode is on now."""
        self.door_mode = not self.door_mode and self.editor.doors_editable
        self.held, self.press, self.dragging = None, None, False
        return self.door_mode

    def drop_hold(self) -> bool:
        """Esc: let go of what is picked up; False if nothing was."""
        if self.held is None:
            return False
        self.held = None
        return True

    # -- keys ------------------------------------------------------------------------------------------
    def step(self, dr: int, dc: int) -> None:
        """The cursor moves to the nearest cell that way."""
        self.show_cursor = True
        self.cursor = self.board.nearest(self.cursor, dr, dc)

    def confirm(self) -> str | None:
        """Enter: with a brush, paint the cell under the cursor; otherwise pick up at the cursor, or put
        down what is held there."""
        self.show_cursor = True
        if self.door_mode:
            return self.editor.toggle_door(self.cursor)
        if self.brush is not None and self.editor.mode is EditMode.PALETTE and self.held is None:
            return self.paint_cursor()
        if self.held is None:
            return self.pick(self.cursor)
        if self.held == self.cursor:
            self.held = None
            return None
        return self.put(self.held, self.cursor)

    def paint_cursor(self) -> str | None:
        """Space or Enter: the brush in the cell under the cursor, as a click there would (a cell that
        holds the brush already is emptied)."""
        self.show_cursor = True
        self.held = None
        if self.brush is None:
            return None
        return self.paint(self.cursor, self.brushed(self.cursor))

    def brushed(self, cell: int) -> int:
        """What painting ``cell`` puts there: the brush, or the empty cell where the brush is already."""
        return EMPTY if self.brush is None or self.editor.position[cell] == self.brush else self.brush

    def choose_brush(self, code: int) -> None:
        """A piece's letter (or the empty cell's '.'): what a click, Space or Enter puts from now on."""
        if code in self.editor.palette:
            self.brush = code

    def erase(self) -> str | None:
        """Delete: the cell under the cursor emptied."""
        self.show_cursor = True
        self.held = None
        return self.paint(self.cursor, EMPTY)

    def next_brush(self, step: int) -> None:
        palette = self.editor.palette
        if palette:
            at = palette.index(self.brush) if self.brush in palette else -step
            self.brush = palette[(at + step) % len(palette)]

    # -- mouse ------------------------------------------------------------------------------------------
    def press_at(self, pos: Point) -> str | None:
        cell = self.view.hit(pos)
        if cell is None:
            self.held = None
            return None
        self.show_cursor = False
        self.cursor = cell
        if self.door_mode:
            return self.editor.toggle_door(cell)
        if self.held is not None:      # a second click: put down what the first picked up
            held = self.held
            return None if cell == held and self.drop_hold() else self.put(held, cell)
        self.press, self.dragging, self.drag_offset = (cell, pos), False, (0, 0)
        return None

    def motion(self, pos: Point, rel: Point) -> bool:
        """True if the board looks different now (a drag, or the cursor hidden)."""
        if self.press is not None:
            cell, start = self.press
            dx, dy = pos[0] - start[0], pos[1] - start[1]
            if self.editor.position[cell] != EMPTY and (self.dragging or dx * dx + dy * dy > DRAG_THRESHOLD ** 2):
                self.dragging, self.drag_offset = True, (dx, dy)
                return True
            return False
        if rel != (0, 0) and self.show_cursor:
            self.show_cursor = False
            return True
        return False

    def release_at(self, pos: Point) -> str | None:
        """A drag ends where the grabbed point is; a click paints (tokens) or picks up (the others)."""
        if self.press is None:
            return None
        cell = self.press[0]
        self.press = None
        if self.dragging:
            self.dragging, self.drag_offset = False, (0, 0)
            to = self.view.hit(pos)
            return None if to is None or to == cell else self.put(cell, to)
        if self.editor.mode is EditMode.PALETTE and self.brush is not None:
            return self.paint(cell, self.brushed(cell))
        return self.pick(cell)

    def right_click(self, pos: Point) -> str | None:
        """Let go of what is held; on tokens, empty the cell."""
        self.held, self.press, self.dragging = None, None, False
        cell = self.view.hit(pos)
        if cell is not None and self.editor.mode is EditMode.PALETTE:
            return self.paint(cell, EMPTY)
        return None

    # -- what the board shows ---------------------------------------------------------------------------
    def piece_cells(self, cell: int) -> tuple[int, ...]:
        if self.editor.mode is not EditMode.PIECES:
            return (cell,)
        return self.editor.pieces.piece_at(self.editor.position, cell) or (cell,)

    def highlight(self, hl: Highlights) -> None:
        editor = self.editor
        hl.cursor, hl.show_cursor = self.cursor, self.show_cursor
        if self.held is not None:
            hl.selected = frozenset(self.piece_cells(self.held))
            if editor.mode is EditMode.PIECES:
                self._places(hl, self.held)
        if self.dragging and self.press is not None:
            cell = self.press[0]
            hl.drag_cells = frozenset(self.piece_cells(cell))
            hl.drag_offset = self.drag_offset
            if editor.mode is EditMode.PIECES:
                start = self.press[1]
                self._ghost(hl, cell, (start[0] + self.drag_offset[0], start[1] + self.drag_offset[1]))

    def _places(self, hl: Highlights, held: int) -> None:
        """Dots where the held piece fits; an outline where it would land from the cursor."""
        editor = self.editor
        position = editor.position
        anchor = editor.pieces.anchor(position, held)
        if anchor is None:
            return
        code = position[anchor]
        places = [editor.cells_at(code, to) for to in editor.places(held) if to != anchor]
        hl.places = tuple(p for p in places if p is not None)
        if not hl.places:
            hl.targets = frozenset()
        elif len(hl.places[0]) == 1:     # views of one-cell pieces mark cells
            hl.targets = frozenset(p[0] for p in hl.places)
        if self.show_cursor:
            target = self.shifted(anchor, held, self.cursor)
            cells = editor.cells_at(code, target) if target is not None else None
            if cells is not None:
                hl.cursor_cells = frozenset(cells)

    def _ghost(self, hl: Highlights, cell: int, pointer: Point) -> None:
        """Where a dragged piece would land if let go now (where it fits)."""
        editor = self.editor
        position = editor.position
        anchor = editor.pieces.anchor(position, cell)
        to = self.view.hit(pointer)
        if anchor is None or to is None:
            return
        target = self.shifted(anchor, cell, to)
        if target is not None and target != anchor and not isinstance(editor.relocated(position, cell, target), str):
            hl.ghost = (target, position[anchor])
