"""Input on the board: clicks, drags, arrows, Tab and Enter become moves.

The legal moves of the shown position are indexed by their anchor cell (the cell a move
names as its source); a piece is every cell a move carries, so a click anywhere on a
two-cell block or a pair picks it. Hit testing goes through the board view. What to do with
a move, a refusal or a message is up to the host (the play scene).
"""
from __future__ import annotations

import math

from typing import Protocol

import pygame

from game.common.i18n import N_, _
from game.midend.intent import DIRECTIONS, Intent
from game.rules.puzzle import Move
from game.catalog.spec import InputMode, PuzzleSpec
from game.ui.views import Highlights, move_paths
from game.ui.views.base import BoardView

DRAG_THRESHOLD = 6
Point = tuple[int, int]
Paths = tuple[tuple[int, int], ...]


class BoardHost(Protocol):
    def play(self, move: Move, animate: bool = True, step: bool = False) -> None:
        """Play ``move``; ``step``: a step of the piece's move, joined to its last where the count says so."""

    def refuse(self, cell: int | None, text: str) -> None: ...

    def say(self, text: str) -> None: ...

    def take_over(self) -> None:
        """The player acts on the board: auto-solve stops, a running animation jumps to its end."""


class BoardInput:
    choose_text = N_("Choose where it goes: a highlighted cell.")  # said when a piece with several moves is taken

    def __init__(self, spec: PuzzleSpec, view: BoardView, host: BoardHost, position: bytes) -> None:
        self.spec, self.puzzle, self.view, self.host = spec, spec.puzzle, view, host
        self.position = position
        self.moves_by_anchor: dict[int, list[tuple[Move, Paths]]] = {}
        self.owner: dict[int, list[int]] = {}     # cell -> anchors of the moves that carry it
        self.selected: int | None = None          # anchor cell of the selected piece
        self.cursor = 0
        self.show_cursor = False
        self.press: tuple[int, Point] | None = None
        self.hover: int | None = None             # anchor of the piece a click would take (several-cell pieces)
        self.dragging = False
        self.drag_offset: Point = (0, 0)
        self.show(position)

    # -- moves one after another ------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Moves are still to come from the last input (a walk of several steps, played one by one)."""
        return False

    def update(self, settled: bool) -> None:
        """Once a frame: an input with moves still to come plays the next once the board has ``settled``
        (the last move has landed). The board's own input plays every move at once: nothing to do."""

    # -- the moves of the shown position ---------------------------------------------------------
    def show(self, position: bytes) -> None:
        """A new position is on the board: index its moves; a selection or drag there is void."""
        self.position = position
        self.moves_by_anchor, self.owner = {}, {}
        for move in self.puzzle.legal_moves(position):
            paths = move_paths(self.puzzle, position, move)
            self.moves_by_anchor.setdefault(move.src, []).append((move, paths))
            for s, _to in paths:
                owners = self.owner.setdefault(s, [])
                if move.src not in owners:
                    owners.append(move.src)
        self.selected = None
        self.press, self.dragging, self.drag_offset = None, False, (0, 0)
        self.hover = None

    def cells_of(self, anchor: int) -> frozenset[int]:
        """Every cell of the piece a move from ``anchor`` carries (a pair: both stones)."""
        moves = self.moves_by_anchor.get(anchor)
        return frozenset(s for s, _ in moves[0][1]) if moves else frozenset()

    def _centroid(self, cells: list[int]) -> tuple[float, float]:
        pts = [self.view.cell_center(c) for c in cells]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)

    def anchor_at(self, point: Point) -> int | None:
        """The piece under the point: of several that cover the cell, the one centred nearest."""
        cell = self.view.hit(point)
        if cell is None or cell not in self.owner:
            return None

        def distance(anchor: int) -> float:
            cx, cy = self._centroid([s for s, _ in self.moves_by_anchor[anchor][0][1]])
            return (cx - point[0]) ** 2 + (cy - point[1]) ** 2
        return min(self.owner[cell], key=distance)

    def targets_of(self, anchor: int) -> set[int]:
        return {d for _, paths in self.moves_by_anchor.get(anchor, []) for _, d in paths}

    def move_to(self, anchor: int, point: tuple[float, float]) -> Move | None:
        """The piece's move whose destination is nearest the point (within about a cell)."""
        best, best_d = None, (self.view.pitch * 0.8) ** 2
        for move, paths in self.moves_by_anchor.get(anchor, []):
            cx, cy = self._centroid([d for _, d in paths])
            dist = (cx - point[0]) ** 2 + (cy - point[1]) ** 2
            if dist < best_d:
                best, best_d = move, dist
        return best

    # -- keyboard ----------------------------------------------------------------------------------
    def direction(self, intent: Intent, arrows_move_gap: bool) -> None:
        """Sliding puzzles: the piece next to the gap slides that way. Others: the cursor moves."""
        dr, dc = DIRECTIONS[intent]
        if self.spec.input is InputMode.SLIDE and not self.show_cursor:
            self.host.take_over()
            if arrows_move_gap:
                dr, dc = -dr, -dc
            cells = self.puzzle.board.cells
            for moves in self.moves_by_anchor.values():
                for move, _paths in moves:
                    (r0, c0), (r1, c1) = cells[move.src], cells[move.dst]
                    if (r1 - r0, c1 - c0) == (dr, dc):
                        self.host.play(move)
                        return
            self.host.refuse(None, _("Nothing can slide that way."))
            return
        self.show_cursor = True
        self.cursor = self._step_cursor(self.cursor, dr, dc)

    def _step_cursor(self, cell: int, dr: int, dc: int) -> int:
        return self.puzzle.board.nearest(cell, dr, dc)

    def destinations(self, anchor: int) -> set[int]:
        """Where the cursor stops for a selected piece."""
        return self.targets_of(anchor)

    def cycle(self, step: int) -> None:
        """Tab: the next piece that can move, or the selected piece's next destination."""
        self.show_cursor = True
        items = sorted(self.destinations(self.selected) if self.selected is not None else self.moves_by_anchor)
        if not items:
            self.host.refuse(None, _("No piece can move: undo (U) or restart (R)."))
            return
        if self.cursor in items:
            self.cursor = items[(items.index(self.cursor) + step) % len(items)]
        else:
            self.cursor = items[0] if step > 0 else items[-1]

    def confirm(self) -> None:
        """Enter: move the selected piece to the cursor, or pick the piece under it."""
        self.host.take_over()
        self.show_cursor = True
        cell = self.cursor
        if self.selected is not None and cell in self.targets_of(self.selected):
            move = self.move_to(self.selected, self.view.cell_center(cell))
            if move is None:   # several moves end on this cell: take the first
                move = next(m for m, paths in self.moves_by_anchor[self.selected] if cell in {d for _, d in paths})
            self.host.play(move)
            return
        anchors = sorted(self.owner.get(cell, []), key=lambda a: (a != cell, a))  # the piece starting here first
        if not anchors:
            self.selected = None
            self.host.refuse(cell, _("That cannot move now."))
            return
        if self.selected in anchors and len(anchors) > 1:
            self.activate(anchors[(anchors.index(self.selected) + 1) % len(anchors)])
        else:
            self.activate(anchors[0])

    def activate(self, anchor: int) -> None:
        """A piece with one move makes it; a piece with several is selected."""
        moves = self.moves_by_anchor.get(anchor, [])
        if len(moves) == 1:
            self.host.play(moves[0][0])
        elif moves:
            self.selected = anchor
            if self.show_cursor:
                self.host.say(_(self.choose_text))

    def let_go(self) -> bool:
        """Esc: drop the selection, else the keyboard's cursor frame; False if there was neither (one thing a
        press, before Esc leaves the game)."""
        if self.selected is not None:
            self.selected = None
            return True
        return self.hide_cursor()

    def hide_cursor(self) -> bool:
        """The keyboard's cursor frame goes (the cell it stood on is kept: the keys go on from it); False if
        it was not shown."""
        if not self.show_cursor:
            return False
        self.show_cursor = False
        return True

    def let_go_all(self) -> None:
        """Nothing picked, nothing framed: the game went somewhere the player did not steer there (the solver
        played, the game was won, a move was taken back)."""
        self.selected = None
        self.hide_cursor()

    # -- mouse -------------------------------------------------------------------------------------
    def pressed_on_board(self, pos: Point) -> bool:
        """What every press does first: outside the board it lets go of the piece picked (False); on it, the
        player takes over from the computer and the keys' frame hides (True)."""
        if not self.view.frame_rect().collidepoint(pos):
            self.selected = None
            return False
        self.host.take_over()
        self.show_cursor = False
        return True

    def press_at(self, pos: Point) -> None:
        """Left button down on the board: play on a target, else pick up a piece (click or drag)."""
        if not self.pressed_on_board(pos):
            return
        if self.selected is not None:
            move = self.move_to(self.selected, pos)
            if move is not None and self.view.hit(pos) in self.targets_of(self.selected):
                self.host.play(move)
                return
        anchor = self.anchor_at(pos)
        if anchor is None:
            cell = self.view.hit(pos)
            self.selected = None
            if cell is not None:
                self.host.refuse(cell, self._stuck(cell) if self.position[cell] != 0 else "")
            return
        self.press, self.dragging, self.drag_offset = (anchor, pos), False, (0, 0)

    def _stuck(self, cell: int) -> str:
        """'The peg cannot move now.': the piece on ``cell`` named as the board shows it."""
        piece = self.spec.presentation.shown_piece_name(self.position[cell], self.view.place_of(cell))
        # Translators: {piece} is a piece as the board shows it ("peg", "wolf", "tile 5")
        return _("The {piece} cannot move now.").format(piece=piece)

    def motion(self, pos: Point, rel: Point) -> bool:
        """The mouse moved; True if the board looks different (a drag, the cursor hidden)."""
        if self.press is not None:
            dx, dy = pos[0] - self.press[1][0], pos[1] - self.press[1][1]
            if self.dragging or dx * dx + dy * dy > DRAG_THRESHOLD ** 2:
                self.dragging = True
                self.pull(self.press[0], (dx, dy))
                return True
            return False
        changed = False
        if rel != (0, 0) and self.show_cursor:
            self.show_cursor = False
            changed = True
        hover = self.anchor_at(pos)
        if hover is not None and len(self.cells_of(hover)) < 2:
            hover = None   # one-cell pieces need no preview: the cell under the pointer is the piece
        if hover != self.hover:
            self.hover, changed = hover, True
        return changed

    def pull(self, anchor: int, pulled: Point) -> None:
        """The piece is dragged ``pulled`` pixels from where it was picked up: it follows the pointer
        only along its own moves, each a straight way from where it is to where it would land, and
        shows at the point of those ways nearest the pointer (a tile slides along its row or column
        into the gap, never diagonally over its neighbours)."""
        moves = self.moves_by_anchor.get(anchor, [])
        if not moves:
            self.drag_offset = (0, 0)
            return
        sx, sy = self._centroid([s for s, _ in moves[0][1]])
        best, best_d = (0.0, 0.0), math.hypot(*pulled)
        for _, paths in moves:
            cx, cy = self._centroid([d for _, d in paths])
            vx, vy = cx - sx, cy - sy
            length = vx * vx + vy * vy
            t = 0.0 if length == 0 else max(0.0, min(1.0, (pulled[0] * vx + pulled[1] * vy) / length))
            x, y = vx * t, vy * t
            d = math.hypot(pulled[0] - x, pulled[1] - y)
            if d < best_d:
                best, best_d = (x, y), d
        self.drag_offset = (round(best[0]), round(best[1]))

    def release_at(self, pos: Point) -> None:
        """Left button up: drop a dragged piece, or click the piece pressed."""
        if self.press is None:
            return
        anchor = self.press[0]
        self.press = None
        if anchor not in self.moves_by_anchor:
            self.dragging = False
            return
        if self.dragging:
            self.dragging = False
            self.drop(anchor)
            self.drag_offset = (0, 0)
            return
        if self.selected == anchor:
            self.selected = None
        else:
            self.activate(anchor)

    def dropped_on(self, anchor: int) -> Move | None:
        """The move whose destination is nearest where the dragged piece is let go (within about a cell)."""
        src = self._centroid([s for s, _ in self.moves_by_anchor[anchor][0][1]])
        return self.move_to(anchor, (src[0] + self.drag_offset[0], src[1] + self.drag_offset[1]))

    def drop(self, anchor: int) -> None:
        """A dragged piece is let go: the move whose destination is nearest, else it goes back."""
        move = self.dropped_on(anchor)
        if move is not None:
            self.host.play(move, animate=False)
        else:
            self.host.refuse(anchor, "")

    def handle_mouse(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None

    # -- what the board shows ------------------------------------------------------------------------
    def _cursor_cells(self) -> frozenset[int]:
        """What the cursor covers when pieces span several cells: the piece it would pick, or the
        cells a selected piece would land on there."""
        cell = self.cursor
        if self.selected is not None:
            for _, paths in self.moves_by_anchor.get(self.selected, []):
                landing = frozenset(d for _, d in paths)
                if cell in landing and len(landing) > 1:
                    return landing
            return frozenset()
        cells = self.cells_of(cell)
        return cells if len(cells) > 1 else frozenset()


    def highlight(self, hl: Highlights) -> None:
        """Add the selection, its targets, the cursor and a dragged piece to the highlights."""
        hl.cursor, hl.show_cursor = self.cursor, self.show_cursor
        if self.show_cursor:
            hl.cursor_cells = self._cursor_cells()
        elif self.hover is not None and self.selected is None and self.press is None:
            hl.preview = self.cells_of(self.hover)
        if self.selected is not None:
            hl.selected = frozenset(s for _, paths in self.moves_by_anchor.get(self.selected, []) for s, _ in paths)
            hl.targets = frozenset(self.targets_of(self.selected))
        if self.dragging and self.press is not None:
            hl.drag_cells = frozenset(s for s, _ in self.moves_by_anchor[self.press[0]][0][1])
            hl.drag_offset = self.drag_offset
