"""Frozen boxes: boxes that can never move again without reaching a dead square, with one off its target
(a *freeze deadlock*), after the push that froze them.

Along one axis (up-down, or left-right) a box is blocked when
* a wall stands on either side of it (it cannot go that way, nor the keeper stand there to push it the
  other way), or
* both cells on that axis are dead squares (either push leaves a box where none can be delivered), or
* a box on either side is itself frozen, the first box counted as a wall while that is tested (the two
  hold each other: neither can move first).

A box blocked along both axes is frozen, and so is every box its proof leaned on. Boxes frozen together
form a group in which no box can move first except onto a dead square, so the group stays as it is; with
a box of the group off target, the goal cannot be reached. This covers the 2x2 squares of walls and
boxes and the boxes frozen against walls and each other along them. Other boxes and the keeper are left
out of the test: another box can only block more, so a position said dead is dead.
"""
from __future__ import annotations

from game.families.sokoban.level import BOX
from game.families.sokoban.rules import SokobanPuzzle

__all__ = ["Freeze"]

Axis = tuple[int | None, int | None]


class Freeze:
    """The freeze test of one level, its dead squares given."""

    def __init__(self, puzzle: SokobanPuzzle, dead: frozenset[int]) -> None:
        near = puzzle.near
        self.axes: tuple[tuple[Axis, Axis], ...] = tuple(((near[c][0], near[c][1]), (near[c][2], near[c][3]))
                                                         for c in range(len(near)))
        self.dead = dead
        self.on_target = puzzle.on_target

    def dead_after(self, state: bytes, box: int) -> bool:
        """Whether the box on ``box`` (just pushed there) is frozen in a group with a box off target."""
        group: list[int] = []
        if not self._frozen(state, box, [box], group):
            return False
        return any(cell not in self.on_target for cell in group)

    def _frozen(self, state: bytes, cell: int, held: list[int], group: list[int]) -> bool:
        """Whether the box on ``cell`` is frozen, the boxes of ``held`` counted as walls; the boxes the proof
        leaned on (``cell`` last) are added to ``group`` when it is."""
        mark = len(group)
        for one, other in self.axes[cell]:
            if one is None or other is None or one in held or other in held:
                continue
            if one in self.dead and other in self.dead:
                continue
            if self._holds(state, one, held, group) or self._holds(state, other, held, group):
                continue
            del group[mark:]
            return False
        group.append(cell)
        return True

    def _holds(self, state: bytes, cell: int, held: list[int], group: list[int]) -> bool:
        """Whether a frozen box stands on ``cell``, the boxes of ``held`` counted as walls."""
        if state[cell] != BOX:
            return False
        held.append(cell)
        try:
            return self._frozen(state, cell, held, group)
        finally:
            held.pop()
