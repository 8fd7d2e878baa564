"""Sliding blocks of any shape: pieces slide on a rectangular board with walls.

Pieces are polyominoes, never rotated. Each *kind* of piece (a shape, shared by the pieces
declared identical) has one code per cell of its shape, so a position is still one code per
cell and every move is a rewrite rule (:mod:`solvers.rules`): the piece's cells must hold its
codes and the cells it enters must be empty. Kinds of one shape, axis and doors share their
rules (a rule cell then accepts any of their codes): a match is always one whole piece, because
a cell's code says which cell of its shape it is, hence where that piece's anchor lies.

How a move is counted (Knuth's styles): ``cell``, one piece one cell; ``line``, any distance
in one straight line; ``path``, anywhere one piece can reach through empty cells, turning
corners. Cell and line moves are rules; a path move is a chain of one piece's cell moves,
found by following that piece (vectorised for sweeps, a small search for single positions).
With a single empty cell the three counts coincide, and the puzzle uses cell moves.

Doors (a file's ``[doors]`` table) are board cells only some kinds may cover. A kind that may
not enter them simply has no placement covering one (:func:`kind_placements`), so no rule puts
it there, a line slide stops before a door, and a path (a chain of those rules) never passes
one: every count, every solver, the hint and the marks follow, as they all go through the rules.
Where the door information lives, for a move generator of its own:

- ``Kind.barred``: the board cells (indices into ``Board.cells``) pieces of that kind may not
  cover; empty for a kind that may pass, and for every kind of a puzzle without doors;
- ``Layout.doors``: every door cell, with the characters of the pieces that may pass;
- ``BlocksPuzzle.barred_table()``: a ``(256, cells)`` boolean array, True where a cell may not
  hold that code (every code of a barred kind, on each door): a move is legal only if no cell it
  fills gets a code barred there;
- ``BlocksPuzzle.doors``: the same as :class:`~game.rules.puzzle.Doors` (door cells, and the
  anchor codes of the kinds that may pass), as the board view and the editor read it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Mapping, Sequence

import numpy as np

from solvers.components import Kind as KeyKind, PlacementKeys
from solvers.ranking import multiset_ranker
from solvers.rules import EMPTY, Rule, RuleMatrix, RuleSet

from game.families.blocks.counts import CELL, COUNTS, LINE, PATH
from game.families.blocks.model import Axis, BlocksDef
from game.families.blocks.kinds import BLOCK, KINDS, SLIDE
from game.files.shapes import is_connected, piece_cells
from game.common.i18n import _
from game.rules.counts import Count
from game.rules.kinds import MoveKind
from game.rules.puzzle import (Board, Doors, Move, PositionError, Puzzle, Symbols, Validator, cells_problem,
                               not_a_piece, rows_problem)
from game.common.untrusted import shown

WALL = "#"
STEPS = {Axis.X: ((0, -1), (0, 1)), Axis.Y: ((-1, 0), (1, 0)), None: ((-1, 0), (1, 0), (0, -1), (0, 1))}


@dataclass(frozen=True)
class Kind:
    """A kind of piece: its shape (cells relative to its anchor, the first cell in reading
    order), a code and a face (the character shown) per shape cell, and its pieces' characters."""

    chars: str
    shape: tuple[tuple[int, int], ...]
    codes: tuple[int, ...]
    faces: str
    axis: Axis | None = None
    barred: frozenset[int] = frozenset()     # board cells (doors) its pieces may not cover

    @property
    def count(self) -> int:
        return len(self.chars)


@dataclass(frozen=True)
class Layout:
    """The board and kinds of a blocks puzzle, read from its start grid."""

    board: Board
    width: int
    height: int
    kinds: tuple[Kind, ...]
    kind_of: Mapping[str, Kind] = field(repr=False)
    doors: Mapping[int, str] = field(default_factory=dict)   # door cell -> the pieces that may pass


def _shape(cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Cells relative to the anchor (the first in reading order), in reading order."""
    r0, c0 = min(cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def layout(defn: BlocksDef, faces: Mapping[str, str] | None = None) -> Layout:
    """Board and kinds from the start grid: kinds in order of first appearance, codes from 1."""
    grid = defn.start
    height, width = len(grid), len(grid[0])
    board = Board(tuple(tuple(c for c, ch in enumerate(row) if ch != WALL) for row in grid))
    pieces = piece_cells(grid)
    group_of = {ch: group for group in defn.same for ch in group}
    order: list[str] = []
    for ch in pieces:                    # reading order of first cells: dicts keep insertion order
        group = group_of.get(ch, ch)
        if group not in order:
            order.append(group)
    doors = _doors(defn, board)
    kinds, kind_of, code = [], {}, 1
    for group in order:
        members = [ch for ch in group if ch in pieces]
        shape = _shape(pieces[members[0]])
        for ch in members:
            if not is_connected(pieces[ch]):
                raise PositionError(_("piece '{piece}' is split in two.").format(piece=shown(ch)))
            if _shape(pieces[ch]) != shape:
                raise PositionError(_("pieces {pieces} are declared identical but differ in shape.")
                                    .format(pieces=shown(group)))
        face = (faces or {}).get(members[0], members[0] * len(shape))
        if len(face) != len(shape):
            raise PositionError(_("piece '{piece}' needs one face per cell ({cells}).")
                                .format(piece=shown(members[0]), cells=len(shape)))
        passes = defn.doors is not None and members[0] in defn.doors.pieces
        kind = Kind("".join(members), shape, tuple(range(code, code + len(shape))), face,
                    defn.axis.get(members[0]), frozenset() if passes else frozenset(doors))
        code += len(shape)
        kinds.append(kind)
        kind_of.update({ch: kind for ch in members})
    if code > 255:
        raise PositionError(_("the puzzle has too many piece cells to code (at most 254)."))
    return Layout(board, width, height, tuple(kinds), kind_of, doors)


def _doors(defn: BlocksDef, board: Board) -> dict[int, str]:
    """Each door cell of the definition (a cell of the board, as the file is checked) with its pieces."""
    if defn.doors is None:
        return {}
    cells = [board.at(r, c) for r, c in defn.doors.cells]
    if any(cell is None for cell in cells):
        raise PositionError(_("a door of the puzzle lies on a wall."))
    return {cell: defn.doors.pieces for cell in cells if cell is not None}


def placements(board: Board, shape: Sequence[tuple[int, int]],
               barred: frozenset[int] = frozenset()) -> dict[int, tuple[int, ...]]:
    """Anchor cell -> the cells a piece of ``shape`` anchored there covers (where it fits, and covers
    no cell of ``barred``)."""
    out = {}
    for anchor, (r, c) in enumerate(board.cells):
        cells = [board.at(r + dr, c + dc) for dr, dc in shape]
        if all(cell is not None and cell not in barred for cell in cells):
            out[anchor] = tuple(cell for cell in cells if cell is not None)
    return out


def kind_placements(board: Board, kind: Kind) -> dict[int, tuple[int, ...]]:
    """Where a piece of ``kind`` may stand: anchor -> its cells, never on a door it may not enter."""
    return placements(board, kind.shape, kind.barred)


def _slide(old: Sequence[int], new: Sequence[int], swept: Sequence[int], codes: Sequence[frozenset[int]],
           src: int, dst: int, kind: str) -> Rule:
    """The rule moving a piece from ``old`` to ``new`` cells through ``swept`` (all must be empty)."""
    cells = list(old) + [c for c in dict.fromkeys(swept) if c not in old]
    allowed = [codes[j] for j in range(len(old))] + [frozenset({EMPTY})] * (len(cells) - len(old))
    source = dict(zip(new, old))
    vacated = [c for c in old if c not in new]
    entered = [c for c in new if c not in old]
    source.update(zip(vacated, entered))
    where = {c: i for i, c in enumerate(cells)}
    perm = tuple(where[source.get(c, c)] for c in cells)
    return Rule(tuple(cells), tuple(allowed), perm, src, dst, kind)


def block_rules(board: Board, kinds: Sequence[Kind], count: Count) -> list[Rule]:
    """Cell or line moves of every piece; kinds of one shape, axis and doors share their rules. A piece
    goes only where it may stand, so a line slide stops before a door it may not enter."""
    classes: dict[tuple, list[Kind]] = {}
    for kind in kinds:
        classes.setdefault((kind.shape, kind.axis, kind.barred), []).append(kind)
    rules = []
    for (shape, axis, barred), members in classes.items():
        codes = [frozenset(k.codes[i] for k in members) for i in range(len(shape))]
        fits = placements(board, shape, barred)
        label = SLIDE.label if len(shape) == 1 else BLOCK.label
        for a, old in fits.items():
            for dr, dc in STEPS[axis]:
                swept: list[int] = []
                at: int | None = board.step(a, dr, dc)
                while at is not None and at in fits:
                    swept += fits[at]
                    rules.append(_slide(old, fits[at], swept, codes, a, at, label))
                    if count is CELL:
                        break
                    at = board.step(at, dr, dc)
    return rules


class BlocksPuzzle(Puzzle):
    """A sliding-block puzzle: a Puzzle whose goal is a pattern and whose text names pieces."""

    def __init__(self, *, lay: Layout, count: Count, goal_pattern: Sequence[frozenset[int] | None],
                 **fields: object) -> None:
        super().__init__(**fields)  # type: ignore[arg-type]
        self.layout = lay
        self.count = count
        self.goal_pattern = tuple(goal_pattern)
        self.constrained = tuple((c, ok) for c, ok in enumerate(self.goal_pattern) if ok is not None)
        self.anchor_codes = frozenset(k.codes[0] for k in lay.kinds)
        self.doors = Doors(frozenset(lay.doors), frozenset(k.codes[0] for k in lay.kinds if not k.barred)) \
            if lay.doors else Doors()
        self.by_src: dict[int, list[Rule]] = {}
        for rule in self.rules.rules:
            self.by_src.setdefault(rule.src, []).append(rule)
        self.matrix = RuleMatrix(self.rules.rules, len(self.board))

    # -- goals -----------------------------------------------------------------------------------

    def is_goal(self, state: bytes) -> bool:
        return all(state[c] in ok for c, ok in self.constrained)

    def goal_mask(self, boards: np.ndarray) -> np.ndarray:
        mask = np.ones(len(boards), dtype=bool)
        for c, ok in self.constrained:
            lut = np.zeros(256, dtype=bool)
            lut[list(ok)] = True
            mask &= lut[boards[:, c]]
        return mask

    # -- path moves ------------------------------------------------------------------------------

    def successors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        if self.count is not PATH:
            yield from super().successors(state)
            return
        for origin, code in enumerate(state):
            if code in self.anchor_codes:
                for at, after in self._reach(state, origin):
                    yield Move(origin, at), after

    def predecessors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        if self.count is not PATH:
            yield from super().predecessors(state)
            return
        for move, before in self.successors(state):   # a path can be walked back
            yield Move(move.dst, move.src), before

    def _reach(self, state: bytes, origin: int) -> Iterator[tuple[int, bytes]]:
        """Every place the piece anchored at ``origin`` can slide to, with the position after."""
        seen, todo = {origin}, [(origin, state)]
        while todo:
            at, board = todo.pop()
            for rule in self.by_src.get(at, ()):
                if rule.dst not in seen and rule.matches(board):
                    seen.add(rule.dst)
                    after = rule.apply(board)
                    todo.append((rule.dst, after))
                    yield rule.dst, after

    @property
    def piece_kinds(self) -> tuple[Kind, ...]:
        return self.layout.kinds

    @property
    def moves_are_rules(self) -> bool:
        return self.count is not PATH

    def route(self, state: bytes, move: Move) -> list[int]:
        """The anchors a path move passes through, round corners, from its start to its end."""
        if self.count is not PATH:
            return super().route(state, move)
        back = {move.src: move.src}
        todo = [(move.src, state)]
        while todo and move.dst not in back:
            at, board = todo.pop(0)
            for rule in self.by_src.get(at, ()):
                if rule.dst not in back and rule.matches(board):
                    back[rule.dst] = at
                    todo.append((rule.dst, rule.apply(board)))
        if move.dst not in back:
            return [move.src, move.dst]
        steps = [move.dst]
        while steps[-1] != move.src:
            steps.append(back[steps[-1]])
        return steps[::-1]

    def carried(self, before: bytes, move: Move) -> tuple[tuple[int, int], ...]:
        if self.count is not PATH:
            return super().carried(before, move)
        kind = next(k for k in self.layout.kinds if k.codes[0] == before[move.src])
        fits = kind_placements(self.board, kind)
        return tuple(zip(fits[move.src], fits[move.dst]))

    def move_kind(self, move: Move) -> MoveKind:
        return BLOCK if self.count is PATH else super().move_kind(move)

    def joins(self, first: Move, then: Move) -> bool:
        """The same piece again: one path move; in the same direction: one line move."""
        if first.dst != then.src or self.count is CELL:
            return False
        if self.count is PATH:
            return True
        cells = self.board.cells
        (r0, c0), (r1, c1), (r2, c2) = cells[first.src], cells[first.dst], cells[then.dst]
        same_line = (r0 == r1 == r2) or (c0 == c1 == c2)
        return same_line and (r1 - r0) * (r2 - r1) >= 0 and (c1 - c0) * (c2 - c1) >= 0

    def expand(self, boards: np.ndarray) -> np.ndarray:
        """Every successor of every row of ``boards`` (vectorised; duplicates allowed)."""
        return self.successors_of(boards)[1]

    def successors_of(self, boards: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(row of ``boards``, successor) of every move from every row, as :meth:`expand` finds them."""
        rows, rules, children = self.matrix.step(boards)
        if self.count is not PATH:
            return rows, children
        return _path_children(self.matrix, rows, rules, children, len(boards))

    def explore(self, boards: np.ndarray) -> np.ndarray:
        """Successors by the smallest moves (one cell; as a line: the first cell of it): the same
        positions are reachable as with any count, from fewer children."""
        matrix = self.matrix if self.count is not LINE else self._cell_matrix()
        return matrix.step(boards)[2]

    def _cell_matrix(self) -> RuleMatrix:
        if not hasattr(self, "_cells"):
            self._cells = RuleMatrix([r for r in self.rules.rules if self._one_cell(r)], len(self.board))
        return self._cells

    def _one_cell(self, rule: Rule) -> bool:
        (r0, c0), (r1, c1) = self.board.cells[rule.src], self.board.cells[rule.dst]
        return abs(r1 - r0) + abs(c1 - c0) == 1

    def keys(self) -> PlacementKeys:
        """Perfect keys of positions: where each kind of piece stands."""
        kinds = []
        for kind in self.layout.kinds:
            fits = kind_placements(self.board, kind)
            covers = tuple(fits.get(cell) for cell in range(len(self.board)))
            kinds.append(KeyKind(kind.codes[0], kind.count, kind.codes, covers))
        return PlacementKeys(len(self.board), kinds)

    def barred_table(self) -> np.ndarray:
        """A ``(256, cells)`` boolean array: True where a cell may not hold that code (each code of a
        kind that may not pass the doors, on every door)."""
        table = np.zeros((256, len(self.board)), dtype=bool)
        for kind in self.layout.kinds:
            if kind.barred:
                table[np.ix_(list(kind.codes), sorted(kind.barred))] = True
        return table

    # -- position text -----------------------------------------------------------------------------

    def format(self, state: bytes, plain: bool = False) -> str:
        """Rows joined by '/', cells by spaces, walls '#', each piece by a character of its own (its
        character in the puzzle's file), so the text is a puzzle file's grid too: "each distinct
        character is exactly one piece". ``plain``: non-ASCII characters escaped."""
        return self._rows(self._letters(state), plain)

    def picture(self, state: bytes, plain: bool = False) -> str:
        """A drawing for the terminal: the pieces' faces where they tell the cells apart (Goat's fence),
        else their characters."""
        cells = self._letters(state) if not self._faces_name_cells() else [self.token(code, plain) for code in state]
        rows = self._rows(cells, plain).split("/")
        width = max(len(cell) for row in rows for cell in row.split())
        return "\n".join(" ".join(t.rjust(width) for t in row.split()) for row in rows)

    def _rows(self, cells: Sequence[str], plain: bool) -> str:
        rows, i = [], 0
        for r in range(self.layout.height):
            row = []
            for c in range(self.layout.width):
                if self.board.at(r, c) is None:
                    row.append(WALL)
                else:
                    cell = cells[i]
                    row.append(cell.encode("ascii", "backslashreplace").decode("ascii") if plain else cell)
                    i += 1
            rows.append(" ".join(row))
        return "/".join(rows)

    def _faces_name_cells(self) -> bool:
        """Whether each cell's face alone says which cell of which kind it is (older position texts
        were written so, and still read)."""
        return len({k.faces[i] for k in self.layout.kinds for i in range(len(k.shape))}) == \
            sum(len(k.shape) for k in self.layout.kinds) and not any(k.count > 1 and len(k.shape) > 1
                                                                     for k in self.layout.kinds)

    def _letters(self, state: bytes) -> list[str]:
        """A character per cell naming its piece: the kind's characters handed out in reading order."""
        out = ["."] * len(state)
        for kind in self.layout.kinds:
            fits = placements(self.board, kind.shape)   # where it fits, doors or not: the text says what is there
            anchors = [cell for cell, code in enumerate(state) if code == kind.codes[0]]
            for ch, anchor in zip(kind.chars, anchors):
                for cell in fits[anchor]:
                    out[cell] = ch
        return out

    def parse(self, text: str) -> bytes:
        rows = [r.split() if " " in r.strip() else list(r.strip()) for r in text.strip().split("/")]
        lay = self.layout
        if len(rows) != lay.height:
            raise PositionError(rows_problem(self.title, lay.height, len(rows)))
        for r, tokens in enumerate(rows, start=1):
            if len(tokens) != lay.width:
                raise PositionError(cells_problem(self.title, r, lay.width, len(tokens)))
            for c, token in enumerate(tokens):
                if (token == WALL) != (self.board.at(r - 1, c) is None):
                    raise PositionError(_("row {row}, cell {cell}: the walls of {title} do not move.")
                                        .format(row=r, cell=c + 1, title=self.shown_title()))
        tokens = [t for row in rows for t in row if t != WALL]
        by_letters = all(t == "." or t in self.layout.kind_of for t in tokens) or not self._faces_name_cells()
        state = self._by_letters(rows) if by_letters else self._by_faces(tokens)   # faces: older texts, Goat's art
        self.check(state)
        return state

    def _by_faces(self, tokens: Sequence[str]) -> bytes:
        codes = []
        for i, token in enumerate(tokens):
            code = self.symbols.code(token)
            if code is None:
                r = self.board.cells[i][0]
                raise PositionError(not_a_piece(self.title, token, r + 1))
            codes.append(code)
        return bytes(codes)

    def _by_letters(self, rows: Sequence[Sequence[str]]) -> bytes:
        cells = bytearray(len(self.board))
        grid = tuple("".join(t if len(t) == 1 else "?" for t in row) for row in rows)
        for ch, at in piece_cells(grid).items():
            kind = self.layout.kind_of.get(ch)
            if kind is None:
                raise PositionError(not_a_piece(self.title, ch))
            pieces = [[rc] for rc in at] if len(kind.shape) == 1 else [at]
            for piece in pieces:
                if _shape(piece) != kind.shape:
                    raise PositionError(_("piece '{piece}' does not have its shape in this position.")
                                        .format(piece=shown(ch)))
                for (r, c), code in zip(sorted(piece), kind.codes):
                    cell = self.board.at(r, c)
                    assert cell is not None
                    cells[cell] = code
        return bytes(cells)


def _path_children(matrix: RuleMatrix, rows: np.ndarray, rules: np.ndarray, children: np.ndarray,
                   parents: int) -> tuple[np.ndarray, np.ndarray]:
    """Path moves from the first cell moves of every row: chains of one piece's cell moves,
    followed until the piece has nowhere new to go. A chain is (parent row, where the piece
    started, where it is); a chain back to where it started is the parent, not a move. Chains
    are told apart through one flag per possible chain and an owner array (no sorting). Returns
    (parent row, child) of every path move."""
    n = matrix.ncells
    parent, origin, at = rows, matrix.src[rules], matrix.dst[rules]
    seen = np.zeros(parents * n * n, dtype=bool)
    owner = np.zeros(parents * n * n, dtype=np.int32)
    found: list[np.ndarray] = []
    found_from: list[np.ndarray] = []
    while len(children):
        key = (parent * n + origin) * n + at
        number = np.arange(len(key), dtype=np.int32)
        owner[key] = number
        pick = np.flatnonzero((owner[key] == number) & ~seen[key] & (at != origin))
        seen[key] = True
        children, parent, origin, at = children[pick], parent[pick], origin[pick], at[pick]
        found.append(children)
        found_from.append(parent)
        step_rows, step_rules, step_children = matrix.step(children, at)
        children, parent, origin, at = step_children, parent[step_rows], origin[step_rows], matrix.dst[step_rules]
    if not found:
        return np.empty(0, dtype=np.intp), np.empty((0, n), dtype=np.uint8)
    return np.concatenate(found_from), np.concatenate(found)


def make_blocks(name: str, defn: BlocksDef, *, count: Count | None = None,
                faces: Mapping[str, str] | None = None, aliases: Mapping[str, int] | None = None,
                describe: Mapping[int, str] | None = None, move_rule: str = "", goal_text: str = "",
                title: str = "", checks: Sequence[Validator] = ()) -> BlocksPuzzle:
    """The rules of a sliding-block puzzle from its definition, under a move count (default: its own)."""
    lay = layout(defn, faces)
    board = lay.board
    count = count or count_named(defn.moves)
    if sum(1 for row in defn.start for ch in row if ch == ".") == 1:
        effective = CELL   # one empty cell: every count is the cell count
    else:
        effective = count
    names = {EMPTY: "."} | {code: k.faces[i] for k in lay.kinds for i, code in enumerate(k.codes)}
    start = bytearray(len(board))
    for ch, cells in piece_cells(defn.start).items():
        kind = lay.kind_of[ch]
        for (r, c), code in zip(sorted(cells), kind.codes):
            cell = board.at(r, c)
            assert cell is not None
            start[cell] = code
    goal = goal_pattern(defn, lay)
    counts = [0] * (max(names) + 1)
    for code in start:
        counts[code] += 1
    ranker = multiset_ranker(counts)
    goals = (bytes(ok and next(iter(ok)) or 0 for ok in goal),) if all(ok is not None and len(ok) == 1
                                                                       for ok in goal) else ()
    return BlocksPuzzle(
        lay=lay, count=effective, goal_pattern=goal,
        name=name, title=title or defn.common.title, move_rule=move_rule or count.rule, board=board,
        symbols=Symbols(names, aliases=dict(aliases or {}), describe=dict(describe or {})),
        rules=RuleSet(block_rules(board, lay.kinds, LINE if effective is LINE else CELL),
                      len(board)),   # a path move is a chain of cell moves
        start=bytes(start), goal_states=goals, reversible=True, ranker=ranker, goal_text=goal_text,
        checks=(*checks, _whole_pieces(lay)), kinds=KINDS,
    )


def goal_pattern(defn: BlocksDef, lay: Layout) -> list[frozenset[int] | None]:
    """Per cell: the codes allowed there in the goal (None: anything)."""
    pattern: list[frozenset[int] | None] = [None] * len(lay.board)
    for r, row in enumerate(defn.goal):
        for c, ch in enumerate(row):
            cell = lay.board.at(r, c)
            if cell is not None and ch == ".":
                pattern[cell] = frozenset({EMPTY})
    for ch, cells in piece_cells(defn.goal).items():
        kind = lay.kind_of.get(ch)
        if kind is None or _shape(cells) != kind.shape:
            raise PositionError(_("the goal's piece '{piece}' is not a piece of the start with its shape.")
                                .format(piece=shown(ch)))
        for (r, c), code in zip(sorted(cells), kind.codes):
            cell = lay.board.at(r, c)
            if cell is None:
                raise PositionError(_("the goal puts piece '{piece}' on a wall.").format(piece=shown(ch)))
            pattern[cell] = frozenset({code})
    return pattern


def _whole_pieces(lay: Layout) -> Validator:
    """Every piece of a position whole, each anchor code with its shape's codes in place, and none on a
    door it may not enter."""
    kinds = [(k, placements(lay.board, k.shape)) for k in lay.kinds]

    def check(state: bytes) -> None:
        covered = 0
        for kind, fits in kinds:
            for cell, code in enumerate(state):
                if code != kind.codes[0]:
                    continue
                cells = fits.get(cell)
                if cells is None or any(state[x] != want for x, want in zip(cells, kind.codes)):
                    raise PositionError(_("a piece '{piece}' is not whole in this position.")
                                        .format(piece=shown(kind.chars[0])))
                door = next((x for x in cells if x in kind.barred), None)
                if door is not None:
                    raise PositionError(_("piece '{piece}' stands on the door {cell}, which only {pieces} may "
                                          "enter.").format(piece=shown(kind.chars[0]), cell=lay.board.coord(door),
                                                           pieces=_passing(lay)))
                covered += len(cells)
        if covered != sum(1 for code in state if code):
            raise PositionError(_("this position has piece cells that belong to no whole piece."))
    return check


def _passing(lay: Layout) -> str:
    """The pieces that may pass the doors, as position text names them: 'B', or 'A', 'C'."""
    return ", ".join(f"'{shown(ch)}'" for k in lay.kinds if not k.barred for ch in k.chars)


def count_named(key: str) -> Count:
    """The count a file's ``moves`` key names."""
    return next(c for c in COUNTS if c.key == key)
