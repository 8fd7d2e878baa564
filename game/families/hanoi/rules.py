"""The Tower of Hanoi as cells: a column of slots per peg (the floor at the bottom), a disc's code
its size (1 the smallest). A move is a rewrite rule per disc and place: the slot holds the disc and
the one above it is empty, the target slot is empty and stands on the floor or on a larger disc.

Discs on a peg always stand in size order, so the peg of each disc is the whole position: that is
the position text ("1 1 2 3", smallest disc first) and the rank (a digit per disc, base the pegs).
Generating moves from the tops of the pegs is much quicker than matching thousands of rules, so the
puzzle does that; the rules still say what every move is (tests hold the two to each other).
"""
from __future__ import annotations

from typing import Iterator

from solvers.ranking import DigitRanker
from solvers.rules import EMPTY, Rule, RuleSet

from game.common.i18n import N_, _, ngettext
from game.common.phrase import Phrase
from game.common.untrusted import shown
from game.families.hanoi.files import HanoiDef
from game.families.hanoi.kinds import KINDS, LIFT
from game.rules.puzzle import Board, Move, PositionError, Puzzle, Symbols

__all__ = ["DISC_NAMES", "HanoiBoard", "HanoiPuzzle", "make_hanoi"]

# every disc's name, written out so that each is a message of its own
DISC_NAMES = {n: name for n, name in enumerate((
    N_("disc 1"), N_("disc 2"), N_("disc 3"), N_("disc 4"), N_("disc 5"), N_("disc 6"), N_("disc 7"),
    N_("disc 8"), N_("disc 9"), N_("disc 10"), N_("disc 11"), N_("disc 12"), N_("disc 13")), 1)}
MOVE_RULE = N_("A move takes the top disc of one peg onto an empty peg or onto a larger disc.")


class HanoiBoard(Board):
    """A column of slots per peg, the top slot in row 1; a cell is named by its peg ("3"), the way
    moves are written ("2 1-3": disc 2 from peg 1 to peg 3)."""

    def coord(self, cell: int) -> str:
        return str(self.cells[cell][1] + 1)


class HanoiPuzzle(Puzzle):
    """A Puzzle whose moves come from the tops of its pegs (the same moves its rules describe)."""

    def __init__(self, defn: HanoiDef, **fields: object) -> None:
        super().__init__(**fields)   # type: ignore[arg-type]
        self.discs, self.pegs = defn.discs, defn.pegs
        self.columns = tuple(tuple(slot(defn, peg, h) for h in range(defn.discs)) for peg in range(defn.pegs))
        self.rule_of = {(next(iter(r.allowed[0])), r.src, r.dst): i for i, r in enumerate(self.rules.rules)}

    # -- moves -------------------------------------------------------------------------------------
    def stacks(self, state: bytes) -> list[tuple[int, int]]:
        """Per peg: (how many discs it holds, its top disc or discs + 1 when empty)."""
        out = []
        for column in self.columns:
            height = 0
            while height < self.discs and state[column[height]]:
                height += 1
            out.append((height, state[column[height - 1]] if height else self.discs + 1))
        return out

    def successors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        stacks = self.stacks(state)
        for a, (height_a, top_a) in enumerate(stacks):
            if not height_a:
                continue
            src = self.columns[a][height_a - 1]
            for b, (height_b, top_b) in enumerate(stacks):
                if top_b > top_a:
                    dst = self.columns[b][height_b]
                    out = bytearray(state)
                    out[src], out[dst] = EMPTY, top_a
                    yield Move(src, dst, self.rule_of[(top_a, src, dst)]), bytes(out)

    def predecessors(self, state: bytes) -> Iterator[tuple[Move, bytes]]:
        """Every move can be taken back by the move the other way: the predecessors are the successors,
        each named by the move that leads back here."""
        for move, before in self.successors(state):
            yield Move(move.dst, move.src, self.rule_of[(state[move.src], move.dst, move.src)]), before

    def parse_move(self, state: bytes, text: str) -> Move:
        """'2 1-3' or '1-3': the top disc of peg 1 onto peg 3."""
        parts = text.split()
        if not parts or len(parts) > 2 or "-" not in parts[-1]:
            raise PositionError(_("'{text}' is not a move like '2 1-3' (disc, from peg, to peg).")
                                .format(text=shown(text)))
        a, _dash, b = parts[-1].partition("-")
        src_peg, dst_peg = self._peg(a), self._peg(b)
        stacks = self.stacks(state)
        height, top = stacks[src_peg]
        if not height:
            raise PositionError(_("peg {peg} holds no disc.").format(peg=src_peg + 1))
        if len(parts) == 2 and parts[0] != str(top):
            raise PositionError(_("disc {disc} is not on top of peg {peg}.").format(disc=shown(parts[0]),
                                                                                    peg=src_peg + 1))
        landing = min(stacks[dst_peg][0], self.discs - 1)   # a full peg takes nothing: play() says so
        move = Move(self.columns[src_peg][height - 1], self.columns[dst_peg][landing])
        self.play(state, move)
        return move

    def _peg(self, text: str) -> int:
        text = text.strip()
        if not (text.isascii() and text.isdigit() and 1 <= int(text) <= self.pegs):
            raise PositionError(_("'{text}' is not a peg: the pegs are 1 to {pegs}.").format(text=shown(text),
                                                                                             pegs=self.pegs))
        return int(text) - 1

    # -- position text: the peg of each disc, smallest first ----------------------------------------
    def pegs_of(self, state: bytes) -> list[int]:
        """The peg (0-based) of each disc, smallest first."""
        places = [0] * self.discs
        for cell, code in enumerate(state):
            if code:
                places[code - 1] = self.board.cells[cell][1]
        return places

    def format(self, state: bytes, plain: bool = False) -> str:
        return " ".join(str(p + 1) for p in self.pegs_of(state))

    def parse(self, text: str) -> bytes:
        raw = text.strip()
        tokens = raw.split() if " " in raw else list(raw)
        if len(tokens) != self.discs:
            raise PositionError(ngettext(
                "{title} has {discs} disc: give its peg, like '{example}'.",
                "{title} has {discs} discs: give the peg of each, smallest first, like '{example}'.",
                self.discs).format(title=self.shown_title(), discs=self.discs, example=self.format(self.start)))
        pegs = [self._peg(token) for token in tokens]
        assert isinstance(self.ranker, DigitRanker)
        return self.ranker.board(pegs)

    def check(self, state: bytes) -> None:
        super().check(state)
        for peg, column in enumerate(self.columns):
            codes = [state[cell] for cell in column]
            height = next((h for h, code in enumerate(codes) if not code), self.discs)
            if any(codes[height:]):
                raise PositionError(_("on peg {peg} a disc floats above an empty place: discs rest on the floor "
                                      "or on each other.").format(peg=peg + 1))
            for below, above in zip(codes, codes[1:height]):
                if above > below:
                    raise PositionError(_("on peg {peg}, disc {above} lies on the smaller disc {below}.")
                                        .format(peg=peg + 1, above=above, below=below))

    def settle(self, state: bytes) -> bytes:
        """Discs put anywhere on a peg slide down it into size order (the editor's edits)."""
        counts: dict[int, int] = {}
        for code in state:
            counts[code] = counts.get(code, 0) + 1
        if any(counts.get(code, 0) != 1 for code in range(1, self.discs + 1)):
            return state   # a disc missing or twice: the editor says so; there is nothing to stack
        assert isinstance(self.ranker, DigitRanker)
        return self.ranker.board(self.pegs_of(state))

    def picture(self, state: bytes, plain: bool = False) -> str:
        """The pegs side by side, each disc as wide as its size, for the terminal."""
        half = self.discs
        lines = []
        for row in range(self.discs):
            cells = []
            for column in self.columns:
                code = state[column[self.discs - 1 - row]]
                bar = "=" * (code - 1) + str(code % 10) + "=" * (code - 1) if code else "|"
                cells.append(bar.center(2 * half + 1))
            lines.append(" ".join(cells).rstrip())
        lines.append(" ".join(str(peg + 1).center(2 * half + 1, "-") for peg in range(self.pegs)))
        return "\n".join(lines)


def slot(defn: HanoiDef, peg: int, height: int) -> int:
    """The cell of a peg's slot at ``height`` discs above the floor (rows run top to bottom)."""
    return (defn.discs - 1 - height) * defn.pegs + peg


def lift_rules(defn: HanoiDef) -> list[Rule]:
    """Every move as a rule: disc d from the slot at height h of peg a (at most discs - d larger discs
    under it), the slot above empty, onto peg b's slot at height g, empty, on the floor or a larger disc."""
    n, rules = defn.discs, []
    for disc in range(1, n + 1):
        larger = frozenset(range(disc + 1, n + 1))
        for a in range(defn.pegs):
            for h in range(n - disc + 1):
                for b in range(defn.pegs):
                    if b == a:
                        continue
                    for g in range(n - disc + 1):
                        src, dst = slot(defn, a, h), slot(defn, b, g)
                        cells, allowed = [src, dst], [frozenset({disc}), frozenset({EMPTY})]
                        if h + 1 < n:
                            cells.append(slot(defn, a, h + 1))
                            allowed.append(frozenset({EMPTY}))
                        if g > 0:
                            cells.append(slot(defn, b, g - 1))
                            allowed.append(larger)
                        perm = (1, 0) + tuple(range(2, len(cells)))
                        rules.append(Rule(tuple(cells), tuple(allowed), perm, src, dst, LIFT.label))
    return rules


def goal_words(defn: HanoiDef) -> str:
    """The goal in words: a whole tower on one peg, or each disc where the board's outlines show."""
    if len(set(defn.goal)) == 1:
        return Phrase(N_("the whole tower on peg {peg}"), peg=defn.goal[0] + 1)
    return N_("every disc on the peg its outline shows")


def make_hanoi(name: str, defn: HanoiDef) -> HanoiPuzzle:
    board = HanoiBoard.rectangle(defn.pegs, defn.discs)
    places = [[slot(defn, peg, h) for h in range(defn.discs)] for peg in range(defn.pegs)]
    ranker = DigitRanker(places, len(board), range(defn.discs, 0, -1))
    symbols = Symbols({EMPTY: ".", **{d: str(d) for d in range(1, defn.discs + 1)}},
                      describe={EMPTY: N_("empty"), **{d: DISC_NAMES[d] for d in range(1, defn.discs + 1)}})
    return HanoiPuzzle(defn, name=name, title=defn.common.title, move_rule=MOVE_RULE, board=board, symbols=symbols,
                       rules=RuleSet(lift_rules(defn), len(board)), start=ranker.board(defn.start),
                       goal_states=(ranker.board(defn.goal),), reversible=True, ranker=ranker,
                       goal_text=goal_words(defn), kinds=KINDS)
