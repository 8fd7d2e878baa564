"""Sokoban's rules: the keeper steps to a neighbouring floor cell, or pushes the one box in front of
it one cell on into free floor (never two boxes, never a pull). The goal: every box on a target.

A position is one code per floor cell (empty, the keeper, a box); targets and walls are the level's
and never move. Under ``moves`` every step is a move, each a rewrite rule (:mod:`solvers.rules`). Under
``pushes`` a move is one push with the walk to it (the keeper's shortest way there), and a walk alone
is a move too, so the player can walk anywhere; walking is free because such a walk joins the push
that follows it (:meth:`SokobanPuzzle.joins`), and an optimal line never walks alone. A push is named
by its box, ``$ c3-d3``, a step by the keeper, ``@ b3-c3``.

Switching the count keeps the game (:mod:`game.midend.recount`): a push counted by pushes becomes the
keeper's steps along its shortest way and the push (:meth:`SokobanPuzzle.split`); steps counted by
moves join the push that ends them, and steps after the last push stay one walk that the next push
joins, as a walk played under pushes does.
"""
from __future__ import annotations

from collections import deque
from typing import Iterator

from solvers.rules import EMPTY, Rule, RuleSet

from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.families.sokoban.counts import PUSHES, STEPS, count_named
from game.families.sokoban.files import SokobanDef
from game.families.sokoban.kinds import KINDS, PUSH, WALK
from game.families.sokoban.level import BOX, FLOORS, KEEPER, TARGETS, WALL, Level, read_level
from game.rules.counts import Count
from game.rules.kinds import MoveKind
from game.rules.puzzle import Board, Move, PositionError, Puzzle, Symbols, cells_problem, rows_problem

__all__ = ["BOX", "DIRECTIONS", "EMPTY", "GOAL", "KEEPER", "SokobanPuzzle", "make_sokoban"]

DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))      # up, down, left, right
SYMBOLS = Symbols({EMPTY: "-", KEEPER: "@", BOX: "$"}, aliases={"_": EMPTY, ".": EMPTY, "+": KEEPER, "*": BOX},
                  describe={EMPTY: N_("floor"), KEEPER: N_("keeper"), BOX: N_("box")})
GOAL = N_("every box on a target")
# one character per cell of position text: (code, on a target) -> XSB character
CHARACTER = {(EMPTY, False): "-", (EMPTY, True): ".", (KEEPER, False): "@", (KEEPER, True): "+",
             (BOX, False): "$", (BOX, True): "*"}
READ = {"@": KEEPER, "+": KEEPER, "$": BOX, "*": BOX, ".": EMPTY} | {ch: EMPTY for ch in FLOORS}


def walk_rules(board: Board) -> list[Rule]:
    """Pushes first, then steps (each a rule; a push names its box, a step the keeper)."""
    keeper, box, free = frozenset({KEEPER}), frozenset({BOX}), frozenset({EMPTY})
    pushes, steps = [], []
    for a in range(len(board)):
        for dr, dc in DIRECTIONS:
            b = board.step(a, dr, dc)
            if b is None:
                continue
            steps.append(Rule((a, b), (keeper, free), (1, 0), a, b, WALK.label))
            c = board.step(b, dr, dc)
            if c is not None:   # after: a empty (was c's), b the keeper (was a's), c the box (was b's)
                pushes.append(Rule((a, b, c), (keeper, box, free), (2, 0, 1), b, c, PUSH.label))
    return pushes + steps


class SokobanPuzzle(Puzzle):
    """A level under one count: the rules, position text in XSB characters, and the moves of each count."""

    def __init__(self, *, level: Level, count: Count, **fields: object) -> None:
        super().__init__(**fields)  # type: ignore[arg-type]
        self.level = level
        self.count = count
        self.targets = tuple(sorted(self.board.index[rc] for rc in level.targets))
        self.on_target = frozenset(self.targets)
        self.near = tuple(tuple(self.board.step(cell, dr, dc) for dr, dc in DIRECTIONS)
                          for cell in range(len(self.board)))
        self._rule_of: dict[tuple[int, int, str], int] = {(r.src, r.dst, r.kind): i
                                                          for i, r in enumerate(self.rules.rules)}

    # -- goals ---------------------------------------------------------------------------------------

    def is_goal(self, state: bytes) -> bool:
        return all(state[t] == BOX for t in self.targets)

    # -- the keeper's walks --------------------------------------------------------------------------

    def walks(self, state: bytes, origin: int | None = None) -> dict[int, int]:
        """Every cell the keeper (or one standing at ``origin``) can walk to, with the cell it comes from
        on a shortest way (the first cell: -1)."""
        start = state.index(KEEPER) if origin is None else origin
        came = {start: -1}
        todo = deque([start])
        while todo:
            at = todo.popleft()
            for near in self.near[at]:
                if near is not None and near not in came and state[near] != BOX:
                    came[near] = at
                    todo.append(near)
        return came

    @staticmethod
    def way(came: dict[int, int], to: int) -> list[int]:
        """The cells of a shortest walk to ``to`` (``came`` from :meth:`walks`), first cell first."""
        cells = [to]
        while came[cells[-1]] != -1:
            cells.append(came[cells[-1]])
        return cells[::-1]

    def push_moves(self, state: bytes, came: dict[int, int] | None = None) -> Iterator[tuple[Move, bytes, int]]:
        """Every push the keeper can walk to: (move, position after, cells walked before it)."""
        came = self.walks(state) if came is None else came
        keeper = state.index(KEEPER)
        for box, code in enumerate(state):
            if code != BOX:
                continue
            for d, (dr, dc) in enumerate(DIRECTIONS):
                behind, ahead = self.near[box][d ^ 1], self.near[box][d]
                if behind is None or ahead is None or behind not in came or state[ahead] == BOX:
                    continue
                after = bytearray(state)
                after[keeper], after[box], after[ahead] = EMPTY, KEEPER, BOX
                move = Move(box, ahead, self._rule_of[(box, ahead, PUSH.label)])
                yield move, bytes(after), len(self.way(came, behind)) - 1

    def walk_moves(self, state: bytes, came: dict[int, int] | None = None) -> Iterator[tuple[Move, bytes]]:
        """Every walk alone: the keeper to another cell it can reach."""
        came = self.walks(state) if came is None else came
        keeper = state.index(KEEPER)
        for cell, parent in came.items():
            if parent == -1:
                continue
            after = bytearray(state)
            after[keeper], after[cell] = EMPTY, KEEPER
            yield Move(keeper, cell, self._rule_of[(parent, cell, WALK.label)]), bytes(after)

    # -- the solver protocol -------------------------------------------------------------------------

    def steps(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        """Every step of the keeper: to a free neighbour, or into a box that can go one cell on (the rules'
        moves, found from the keeper's four neighbours rather than by trying every rule)."""
        keeper = state.index(KEEPER)
        for d, near in enumerate(self.near[keeper]):
            if near is None:
                continue
            after = bytearray(state)
            if state[near] == EMPTY:
                after[keeper], after[near] = EMPTY, KEEPER
                yield Move(keeper, near, self._rule_of[(keeper, near, WALK.label)]), bytes(after)
                continue
            ahead = self.near[near][d]
            if ahead is not None and state[ahead] == EMPTY:
                after[keeper], after[near], after[ahead] = EMPTY, KEEPER, BOX
                yield Move(near, ahead, self._rule_of[(near, ahead, PUSH.label)]), bytes(after)

    def successors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        if self.count is not PUSHES:
            yield from self.steps(state)
            return
        came = self.walks(state)
        for move, after, _walked in self.push_moves(state, came):
            yield move, after
        yield from self.walk_moves(state, came)

    def predecessors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        if self.count is not PUSHES:
            yield from super().predecessors(state)
            return
        keeper = state.index(KEEPER)
        for move, before in self.walk_moves(state):   # a walk can be walked back
            yield Move(move.dst, keeper, move.rule), before
        for d in range(4):   # a push that left the keeper here: its box one cell on, a free cell behind
            ahead, behind = self.near[keeper][d], self.near[keeper][d ^ 1]
            if ahead is None or behind is None or state[ahead] != BOX or state[behind] != EMPTY:
                continue
            pulled = bytearray(state)
            pulled[ahead], pulled[keeper], pulled[behind] = EMPTY, BOX, KEEPER
            move = Move(keeper, ahead, self._rule_of[(keeper, ahead, PUSH.label)])
            for cell in self.walks(bytes(pulled)):
                back = bytearray(pulled)
                back[behind], back[cell] = EMPTY, KEEPER
                yield move, bytes(back)

    # -- moves ---------------------------------------------------------------------------------------

    def move_for(self, src: int, dst: int, kind: str) -> Move:
        """The move of the rule that takes ``src`` to ``dst`` (a push's box, or a step's keeper), with its
        rule, so its kind is known without the position."""
        return Move(src, dst, self._rule_of[(src, dst, kind)])

    @property
    def moves_are_rules(self) -> bool:
        return self.count is not PUSHES

    def is_push(self, before: bytes, move: Move) -> bool:
        return before[move.src] == BOX

    def move_kind(self, move: Move) -> MoveKind:
        rules = self.rules.rules
        if 0 <= move.rule < len(rules):
            return self.kind_of[rules[move.rule].kind]
        return super().move_kind(move)

    def route(self, state: bytes, move: Move) -> list[int]:
        """The cells the keeper walks through, from where it stands to where the move leaves it."""
        if not self.is_push(state, move):
            return self.way(self.walks(state), move.dst)
        (r0, c0), (r1, c1) = self.board.cells[move.src], self.board.cells[move.dst]
        behind = self.board.at(2 * r0 - r1, 2 * c0 - c1)
        came = self.walks(state)
        if behind is None or behind not in came:
            return [state.index(KEEPER), move.src]
        return self.way(came, behind) + [move.src]

    def carried(self, before: bytes, move: Move) -> tuple[tuple[int, int], ...]:
        """The keeper from where it stands to where it ends; a push's box one cell on."""
        if not self.is_push(before, move):
            return ((move.src, move.dst),)
        return ((before.index(KEEPER), move.src), (move.src, move.dst))

    def joins(self, first: Move, then: Move) -> bool:
        """Under pushes a walk alone is the start of the next move: what follows it joins it."""
        rules = self.rules.rules
        return self.count is PUSHES and 0 <= first.rule < len(rules) and rules[first.rule].kind == WALK.label

    def split(self, before: bytes, move: Move, after: bytes) -> list[tuple[Move, bytes]] | None:
        """Under moves, a move counted by pushes (a push with the walk to it, or a walk alone) becomes
        the keeper's steps along the shortest way it takes, the push the last; ValueError where those
        steps do not lead to ``after``. Under pushes the moves are the successors' own (None)."""
        if self.count is PUSHES:
            return None
        out: list[tuple[Move, bytes]] = []
        at = before
        for cell in self.route(before, move)[1:]:
            step = next(((m, nxt) for m, nxt in self.steps(at) if nxt[cell] == KEEPER), None)
            if step is None:
                break
            out.append(step)
            at = step[1]
        if at != after:
            raise ValueError("the keeper's steps do not make this move")
        return out

    def parse_move(self, state: bytes, text: str) -> Move:
        """The legal move the text names (with its rule, so its kind is known without the position)."""
        named = super().parse_move(state, text)
        return next(m for m in self.legal_moves(state) if m == named)

    # -- position text -------------------------------------------------------------------------------

    def format(self, state: bytes, plain: bool = False) -> str:
        """The level's rows in XSB characters, one per cell separated by spaces, floor ``-``, and ``#``
        wherever the keeper can never stand (walls, and the space round them)."""
        return "/".join(" ".join(self._rows(state)[r]) for r in range(self.level.height))

    def picture(self, state: bytes, plain: bool = False) -> str:
        """The level as XSB draws it, for the terminal."""
        return "\n".join("".join(row).rstrip() for row in self._rows(state, outside=" "))

    def _rows(self, state: bytes, outside: str = WALL) -> list[list[str]]:
        level = self.level
        rows = [[WALL if level.is_wall(r, c) else outside for c in range(level.width)] for r in range(level.height)]
        for cell, (r, c) in enumerate(self.board.cells):
            rows[r][c] = CHARACTER[(state[cell], cell in self.on_target)]
        return rows

    def parse(self, text: str) -> bytes:
        """Position text: rows by '/', a character per cell (spaces between them, or none); floor '-'
        (or '_'), targets as the level has them. A row may leave out the walls beyond its last cell."""
        level = self.level
        rows = [row.split() if " " in row.strip() else list(row.strip()) for row in text.strip().split("/")]
        if len(rows) != level.height:
            raise PositionError(rows_problem(self.title, level.height, len(rows)))
        state = bytearray(len(self.board))
        for r, tokens in enumerate(rows):
            last = max((c for c in range(level.width) if self.board.at(r, c) is not None), default=-1)
            if not last < len(tokens) <= level.width:
                raise PositionError(cells_problem(self.title, r + 1, level.width, len(tokens)))
            for c, token in enumerate(tokens):
                cell = self.board.at(r, c)
                if cell is None:
                    if token != WALL and (level.is_wall(r, c) or token not in FLOORS):
                        raise PositionError(_("row {row}, cell {cell}: the walls of {title} do not move.")
                                            .format(row=r + 1, cell=c + 1, title=self.shown_title()))
                    continue
                if token not in READ:
                    raise PositionError(_("'{token}' in row {row} is not a character of a Sokoban level: use "
                                          "- @ $ and . + * on targets.").format(token=shown(token), row=r + 1))
                if token in TARGETS and cell not in self.on_target:
                    raise PositionError(_("row {row}, cell {cell}: the targets of {title} do not move.")
                                        .format(row=r + 1, cell=c + 1, title=self.shown_title()))
                state[cell] = READ[token]
        self.check(bytes(state))
        return bytes(state)


def make_sokoban(name: str, defn: SokobanDef, count: Count | None = None) -> SokobanPuzzle:
    """The rules of a level under ``count`` (default: its file's own)."""
    level = read_level(list(defn.level))
    rows: list[tuple[int, ...]] = [() for _ in range(level.height)]
    for r, c in level.cells:
        rows[r] += (c,)
    board = Board(tuple(rows))
    start = bytearray(len(board))
    for rc in level.boxes:
        start[board.index[rc]] = BOX
    start[board.index[level.keeper]] = KEEPER
    count = count or count_named(defn.moves)
    return SokobanPuzzle(
        level=level, count=count, name=name, title=defn.common.title, move_rule=count.rule, board=board,
        symbols=SYMBOLS, rules=RuleSet(walk_rules(board), len(board)), start=bytes(start), goal_states=(),
        reversible=False, goal_text=GOAL, kinds=KINDS)

