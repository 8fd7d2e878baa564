"""Playing Sokoban with the mouse and the arrows: the keeper walks where the player clicks, by the
shortest way free of boxes; a click on the far side of a box (or a drag of it) pushes it there.

A click becomes a *plan*: the moves it takes, in order. Under ``moves`` a walk of five cells is five
moves, played one after another as each lands, so the keeper is seen walking; under ``pushes`` a
walk and the push it leads to are one move. A plan stops at any other input, and at a position it
did not expect (an undo, a hint played meanwhile). Arrows step the keeper, pushing a box in the way.
"""
from __future__ import annotations

from game.common.i18n import N_, _
from game.families.sokoban.counts import PUSHES
from game.families.sokoban.level import BOX, KEEPER
from game.families.sokoban.rules import DIRECTIONS, SokobanPuzzle
from game.midend.intent import DIRECTIONS as ARROWS, Intent
from game.rules.puzzle import Move
from game.catalog.spec import PuzzleSpec
from game.ui.play.board_input import BoardHost, BoardInput, Point
from game.ui.views import Highlights
from game.ui.views.base import BoardView

__all__ = ["WalkInput"]

NO_WAY = N_("The keeper cannot get there: boxes or walls are in the way.")
STUCK = N_("That box cannot be pushed from anywhere the keeper can reach.")
KEYS = N_("Arrows walk the keeper; click a cell to walk there, or beyond a box to push it.")
CHOOSE = N_("Choose where the box goes: a highlighted cell.")


class WalkInput(BoardInput):
    choose_text = CHOOSE

    def __init__(self, spec: PuzzleSpec, view: BoardView, host: BoardHost, position: bytes) -> None:
        puzzle = spec.puzzle
        assert isinstance(puzzle, SokobanPuzzle)
        self.level: SokobanPuzzle = puzzle
        self.plan: list[Move] = []            # moves still to play, one as each lands
        self.expect: bytes | None = None      # the position the last of them was to leave
        super().__init__(spec, view, host, position)

    # -- plans -------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return bool(self.plan)

    def update(self, settled: bool) -> None:
        if self.plan and settled and self.position == self.expect:
            self._next()
        elif self.plan and self.position != self.expect:
            self.plan = []

    def run(self, plan: list[Move]) -> None:
        """Play ``plan`` from the shown position: its first move now, the rest as each lands."""
        self.plan = list(plan)
        self.expect = self.position
        self._next()

    def _next(self) -> None:
        move = self.plan.pop(0)
        after = self.puzzle.play(self.position, move)
        self.expect = after
        self.host.play(move, step=True)

    def show(self, position: bytes) -> None:
        super().show(position)
        if position != self.expect:
            self.plan = []

    # -- what a click means --------------------------------------------------------------------------
    def walk_to(self, cell: int) -> list[Move] | None:
        """The moves of a walk to ``cell`` by the shortest free way (None: no way there)."""
        state = self.position
        came = self.level.walks(state)
        if cell not in came:
            return None
        keeper = state.index(KEEPER)
        if cell == keeper:
            return []
        if self.level.count is PUSHES:
            return [next(m for m, _after in self.level.walk_moves(state, came) if m.dst == cell)]
        way = self.level.way(came, cell)
        moves, at = [], state
        for a, b in zip(way, way[1:]):
            move = next(m for m, nxt in self.puzzle.successors(at) if m.src == a and m.dst == b)
            moves.append(move)
            at = self.puzzle.play(at, move)
        return moves

    def push(self, box: int, to: int, times: int = 1) -> list[Move] | None:
        """The moves of pushing ``box`` toward its neighbour ``to``, ``times`` cells or as far as it goes
        before that: the walk behind it, then the pushes (None: not even one push)."""
        plan, pushed = self._pushing(box, to, times)
        return plan if pushed else None

    def _pushing(self, box: int, to: int, times: int) -> tuple[list[Move], int]:
        near = self.level.near[box]
        behind = near[near.index(to) ^ 1] if to in near else None
        if behind is None:
            return [], 0
        d = near.index(to)
        walk = [] if self.level.count is PUSHES else self.walk_to(behind)   # under pushes a push walks
        if walk is None:
            return [], 0
        plan, at, pushed = list(walk), self._after(walk), 0
        while pushed < times:
            ahead = self.level.near[box][d]
            move = next((m for m, _nxt in self.puzzle.successors(at) if m.src == box and m.dst == ahead), None)
            if move is None or ahead is None:
                break
            plan.append(move)
            at, box, pushed = self.puzzle.play(at, move), ahead, pushed + 1
        return plan, pushed

    def _after(self, plan: list[Move]) -> bytes:
        at = self.position
        for move in plan:
            at = self.puzzle.play(at, move)
        return at

    def pushes_of(self, box: int) -> dict[int, list[Move]]:
        """Where ``box`` can be pushed one cell, with the plan for each."""
        out = {}
        for near in self.level.near[box]:
            if near is not None and self.position[near] != BOX:
                plan = self.push(box, near)
                if plan:
                    out[near] = plan
        return out

    def click(self, cell: int | None) -> None:
        """The keeper goes where the player clicked: a push beyond a box, a walk, or a box picked."""
        if cell is None:
            return
        state = self.position
        keeper = state.index(KEEPER)
        if self.selected is not None:
            plan = self.pushes_of(self.selected).get(cell)
            self.selected = None
            if plan:
                self.run(plan)
                return
        if state[cell] == BOX:
            self.pick(cell, keeper)
        elif cell != keeper:
            self.go(cell, keeper)

    def pick(self, box: int, keeper: int) -> None:
        """A click on a box: pushed away from a keeper beside it; else its one push, or its pushes shown."""
        ways = self.pushes_of(box)
        if keeper in self.level.near[box]:
            ahead = self.level.near[box][self.level.near[box].index(keeper) ^ 1]
            if ahead in ways:
                self.run(ways[ahead])
                return
        if len(ways) == 1:
            self.run(next(iter(ways.values())))
        elif ways:
            self.selected = box
            self.host.say(_(self.choose_text))
        else:
            self.host.refuse(box, _(STUCK))

    def go(self, cell: int, keeper: int) -> None:
        """A click on the floor: a push into it by the keeper just behind a box in line, else a walk there,
        else the one push that can bring a box into it."""
        for d, (dr, dc) in enumerate(DIRECTIONS):
            box = self.level.near[keeper][d]
            if box is not None and self.position[box] == BOX and self.level.near[box][d] == cell:
                self.run(self.push(box, cell) or [])
                return
        walk = self.walk_to(cell)
        if walk:
            self.run(walk)
            return
        pushes = [plan for box in self.level.near[cell] if box is not None and self.position[box] == BOX
                  for to, plan in self.pushes_of(box).items() if to == cell]
        if len(pushes) == 1:
            self.run(pushes[0])
        else:
            self.host.refuse(cell, _(NO_WAY))

    # -- keyboard ----------------------------------------------------------------------------------
    def direction(self, intent: Intent, arrows_move_gap: bool) -> None:
        """A step that way, pushing the box in the way."""
        self.host.take_over()
        self.plan = []
        dr, dc = ARROWS[intent]
        keeper = self.position.index(KEEPER)
        near = self.level.near[keeper][DIRECTIONS.index((dr, dc))]
        if near is None:
            self.host.refuse(keeper, "")
            return
        if self.position[near] == BOX:
            ahead = self.level.near[near][DIRECTIONS.index((dr, dc))]
            plan = self.push(near, ahead) if ahead is not None else None
            if plan and len(plan) == 1:
                self.run(plan)
            else:
                self.host.refuse(near, "")
            return
        self.run(self.walk_to(near) or [])

    def cycle(self, step: int) -> None:
        self.host.say(_(KEYS))

    def confirm(self) -> None:
        self.host.say(_(KEYS))

    # -- mouse -------------------------------------------------------------------------------------
    def press_at(self, pos: Point) -> None:
        if not self.pressed_on_board(pos):
            return
        self.plan = []
        cell = self.view.hit(pos)
        if cell is not None and self.position[cell] == BOX and self.selected is None:
            self.press = (cell, pos)      # a crate: a click, or the start of a drag
            self.dragging, self.drag_offset = False, (0, 0)
            return
        self.press = None
        self.click(cell)

    def pull(self, anchor: int, pulled: Point) -> None:
        """A dragged crate follows the pointer along one line, as far as it could be pushed."""
        dx, dy = pulled
        along_x = abs(dx) >= abs(dy)
        reach = self._reach(anchor, (0, 1 if dx > 0 else -1) if along_x else (1 if dy > 0 else -1, 0))
        limit = reach * self.view.pitch
        if along_x:
            self.drag_offset = (max(-limit, min(limit, dx)), 0)
        else:
            self.drag_offset = (0, max(-limit, min(limit, dy)))

    def _reach(self, box: int, step: tuple[int, int]) -> int:
        """How many cells ``box`` could be pushed that way, one push after another."""
        to = self.level.board.step(box, *step)
        return 0 if to is None else self._pushing(box, to, len(self.level.board))[1]

    def release_at(self, pos: Point) -> None:
        if self.press is None:
            return
        box, _at = self.press
        self.press = None
        if not self.dragging:
            self.click(box)
            return
        self.dragging = False
        dx, dy = self.drag_offset
        self.drag_offset = (0, 0)
        cells = round(max(abs(dx), abs(dy)) / self.view.pitch)
        if cells < 1:
            return
        step = (0, 1 if dx > 0 else -1) if abs(dx) >= abs(dy) else (1 if dy > 0 else -1, 0)
        to = self.level.board.step(box, *step)
        plan = self.push(box, to, times=cells) if to is not None else None
        if plan:
            self.run(plan)
        else:
            self.host.refuse(box, _(STUCK))

    # -- what the board shows ------------------------------------------------------------------------
    def highlight(self, hl: Highlights) -> None:
        if self.selected is not None:
            hl.selected = frozenset({self.selected})
            hl.targets = frozenset(self.pushes_of(self.selected))
        if self.dragging and self.press is not None:
            hl.drag_cells = frozenset({self.press[0]})
            hl.drag_offset = self.drag_offset
