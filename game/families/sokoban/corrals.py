"""PI-corrals: where a search of the fewest pushes may look at a few pushes of a position instead of all.

A *corral* is a piece of free floor the keeper cannot walk into (a connected piece of the cells it does
not reach), closed in by walls and by boxes: its *boxes* are those next to it. Until one of its boxes
moves, the keeper cannot enter it and no other box can reach it (a box entering it would stand next to
it first, where only walls and its own boxes stand). So a push of one of its boxes, call it the *first
corral push*, must come before anything changes inside it.

The corral is a **PI-corral** when every push that could ever be a first corral push pushes a box into
the corral (**I**) and can be played now, the keeper able to walk to it (**P**). Pushes that cannot
happen before the corral's boxes move are left out of both conditions: the keeper's cell inside the
corral or on one of its boxes, the box's next cell on a wall or one of its boxes; and so are pushes onto
a dead square, which no solution makes.

**Why cutting to those pushes keeps the fewest pushes.** Say the corral is unsolved: one of its boxes
is off target, or a target inside it is empty (a box must then come in, and only its boxes can). Every
solution then makes a first corral push ``q``, after pushes ``a1 … ak`` of other boxes. ``q`` can be
played first instead: it is one of the pushes that can be played now (P), and it puts its box inside the
corral (I), where none of ``a1 … ak`` goes and no walk of the keeper before it went, so each of them can
still be played after it, the keeper walking from ``q``'s cell back to where it stood to push. After
them the boxes stand as after ``q`` in the first solution, and the keeper in the same region (it walked
from there to push ``q``), so the rest follows as before: the same number of pushes. A solution with
the fewest pushes therefore always begins with one of the corral's pushes, and a search that tries only
those from this position still finds the fewest pushes; an unsolved PI-corral with no such push at all
has no solution. The steps walked are not kept (``q`` played first may take more of them), so the
searches that compare steps do not cut this way.
"""
from __future__ import annotations

from game.families.sokoban.level import BOX
from game.families.sokoban.pushes import Pushes, Reach
from game.families.sokoban.rules import SokobanPuzzle
from game.rules.puzzle import Move

__all__ = ["Corrals"]


class Corrals:
    """The PI-corral test of one level, its dead squares given."""

    def __init__(self, puzzle: SokobanPuzzle, pushes: Pushes, dead: frozenset[int]) -> None:
        self.around = pushes.around
        self.sides = pushes.sides
        self.dead = dead
        self.on_target = puzzle.on_target

    def allowed(self, state: bytes, reach: Reach) -> frozenset[Move] | None:
        """The pushes of the position's PI-corral with fewest of them (an empty set: an unsolved PI-corral
        that no push opens, so the position is dead); None where no corral is a PI-corral."""
        steps = reach.steps
        seen: set[int] = set()
        best: frozenset[Move] | None = None
        for cell, code in enumerate(state):
            if code == BOX or steps[cell] >= 0 or cell in seen:
                continue
            inside, boxes = self._corral(state, cell)
            seen |= inside
            found = self._pi_pushes(state, steps, inside, boxes)
            if found is not None and (best is None or len(found) < len(best)):
                best = found
                if not best:
                    break
        return best

    def _corral(self, state: bytes, cell: int) -> tuple[set[int], set[int]]:
        """The free cells of the corral round ``cell`` and the boxes next to them."""
        inside, boxes, todo = {cell}, set(), [cell]
        for at in todo:
            for near in self.around[at]:
                if state[near] == BOX:
                    boxes.add(near)
                elif near not in inside:
                    inside.add(near)
                    todo.append(near)
        return inside, boxes

    def _pi_pushes(self, state: bytes, steps: list[int], inside: set[int], boxes: set[int]) -> frozenset[Move] | None:
        """The corral's pushes if it is an unsolved PI-corral, else None."""
        if all(box in self.on_target for box in boxes) and not any(cell in self.on_target for cell in inside):
            return None
        allowed = []
        for box in boxes:
            for behind, ahead, move in self.sides[box]:
                if behind in inside or behind in boxes or ahead in boxes or ahead in self.dead:
                    continue        # never a first corral push, or never one of a solution
                if ahead not in inside or steps[behind] < 0:
                    return None     # a push out of or along the corral (not I), or one not yet played (not P)
                allowed.append(move)
        return frozenset(allowed)
