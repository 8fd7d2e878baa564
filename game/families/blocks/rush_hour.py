"""The Rush Hour line format: a 6x6 lot in 36 characters, row by row from the top-left.

``o`` (or ``.``) is an empty cell, ``x`` (lower case) a wall, ``A`` the red car, any other capital a car (two
cells) or a truck (three) lying along a row or a column. The red car lies along a row and leaves
by the right edge: the goal has it in the last two cells of its row. Every car moves only along its
length, any distance in one move (the ``line`` count, as Rush Hour counts). A file holds one lot a
line, each a puzzle of its own (the file's name and its number its title); other fields on a line are
kept where they mean something (a whole number: the lot's published optimum, or in the game's own pack
the optimum its searches found, never called published; a grade word, Beginner
to Expert: the menu card of that grade, whose chooser offers the lot by its number), and lines starting
``#`` or ``;`` are comments. The puzzle is the same as the equivalent TOML file with ``axis`` keys
(``convert`` prints it).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import PurePath
from typing import Sequence

from game.common.i18n import N_, _, ngettext
from game.common.phrase import Phrase
from game.common.resources import assets
from game.common.untrusted import UnreadableFile, read_text, shown
from game.families.blocks.model import Axis, BlocksDef
from game.files.errors import PuzzleFileError, at_line
from game.files.model import Common, name_words
from game.files.shapes import plain_title
from game.files.toml_file import TEXT_LIMITS
from game.oracles.rating import GRADES

SIDE = 6
CELLS = SIDE * SIDE
RED = "A"
KIND = N_("Rush Hour lines (36 characters a lot)")
_BOARD = re.compile(r"[ox.A-Z]{36}")
_COMMENT = ("#", ";")
MAX_LOTS = 1000
TITLE_ROOM = TEXT_LIMITS["title"] - len(f" {MAX_LOTS}")   # a lot's title is a title like any file's
OWN_LIMIT = 256 * 1024   # the game's own collection files are far smaller
GRADE_WORDS = {name.lower(): name for _limit, name in GRADES}   # any case in a file, the rating's word on the card
# Translators: a lot's title: the file's name in words and its number there ("Traffic pack 3")
LOT_TITLE = N_("{collection} {number}")
# Translators: a menu card's line for a lot of the game's own pack: its optimum, which the game found
OWN_OPTIMUM = N_("The fewest moves: {moves:,} (line).")


def sniff(lines: Sequence[str]) -> bool:
    """A file whose every line that is not a comment holds a 36-character lot."""
    lots = [line for line in lines if line.strip() and not line.lstrip().startswith(_COMMENT)]
    return bool(lots) and all(_board_field(line) is not None for line in lots)


def _board_field(line: str) -> str | None:
    return next((field for field in line.split() if _BOARD.fullmatch(field)), None)


def lots(text: str, origin: str, title: str = "") -> list[BlocksDef | PuzzleFileError]:
    """Every lot of a file in order, each its definition or the one sentence saying why it is none,
    titled ``title`` (else the file's name in words) and its number. PuzzleFileError if the file holds
    no lot at all, or too many."""
    collection = Phrase(plain_title(title or name_words(PurePath(origin).stem), origin, TITLE_ROOM))
    own = of_the_game(text, origin)
    out: list[BlocksDef | PuzzleFileError] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith(_COMMENT):
            continue
        if len(out) == MAX_LOTS:
            raise PuzzleFileError(shown(origin, 60), "", ngettext(
                "this file holds more than {limit} lot", "this file holds more than {limit} lots", MAX_LOTS)
                .format(limit=MAX_LOTS))
        out.append(_line(line, lineno, origin, collection, len(out) + 1, own))
    if not out:
        raise PuzzleFileError(origin, "", _("the file holds no lot of 36 characters"))
    return out


def _line(line: str, lineno: int, origin: str, collection: Phrase, number: int,
          own: bool = False) -> BlocksDef | PuzzleFileError:
    """The lot of one line, the file's ``number``-th: on its grade's card where the line names a grade;
    ``own``: a lot of the game's own pack, whose optimum the game found (said so, never as published)."""
    board = _board_field(line)
    if board is None:
        return PuzzleFileError(origin, at_line(lineno), _("this line holds no lot of 36 characters "
                                                         "(o empty, x wall, A the red car, other letters cars)"))
    fields = line.split()
    optimum = next((int(field) for field in fields if field.isdigit() and len(field) < 4), None)
    grade = next((GRADE_WORDS[field.lower()] for field in fields if field.lower() in GRADE_WORDS), "")
    found = Phrase(OWN_OPTIMUM, moves=optimum) if own and optimum else ""   # the game's own figure, not published
    common = Common(Phrase(LOT_TITLE, collection=collection, number=number), subtitle=found, origin=origin,
                    published={"line": optimum} if optimum and not found else {}, group=grade,
                    variant=str(number) if grade else "")
    try:
        return lot(board, common, origin, lineno)
    except PuzzleFileError as err:
        return err


@lru_cache(maxsize=8)
def _library_text(name: str) -> str | None:
    """The text of the game's own collection file of that name (None: there is none)."""
    try:
        return read_text(assets() / "puzzles" / PurePath(name).name, OWN_LIMIT)
    except (UnreadableFile, OSError):
        return None


def of_the_game(text: str, origin: str) -> bool:
    """Whether ``text`` is one of the game's own files, word for word: its lots and their optima found by
    the game's searches (the tests prove each), not published."""
    return bool(origin) and _library_text(origin) == text


def parse_collection(text: str, origin: str, title: str = "") -> list[BlocksDef]:
    """Every lot of a file, as :func:`lots` reads them; PuzzleFileError at the first that is none."""
    out: list[BlocksDef] = []
    for got in lots(text, origin, title):
        if isinstance(got, PuzzleFileError):
            raise got
        out.append(got)
    return out


def parse(text: str, origin: str) -> BlocksDef:
    """The first lot of a file (a file of one lot is a puzzle like any other)."""
    return parse_collection(text, origin)[0]


def lot(board: str, common: Common, origin: str = "", lineno: int = 0) -> BlocksDef:
    """One 36-character lot as a sliding-block definition; PuzzleFileError for a lot that is no lot."""
    where = at_line(lineno) if lineno else ""
    rows = ["".join(_cell(ch) for ch in board[r * SIDE:(r + 1) * SIDE]) for r in range(SIDE)]
    axis: dict[str, Axis] = {}
    for piece in sorted(set(board) - set("ox.")):
        cells = [(i // SIDE, i % SIDE) for i, ch in enumerate(board) if ch == piece]
        along = _axis(cells)
        if along is None:
            raise PuzzleFileError(origin, where, _("car '{car}' is not two or three cells in one straight row "
                                                  "or column").format(car=shown(piece)))
        axis[piece] = along
    if axis.get(RED) is not Axis.X:
        raise PuzzleFileError(origin, where, _("the lot needs the red car 'A', lying along a row"))
    if not any(ch in "o." for ch in board):
        raise PuzzleFileError(origin, where, _("the lot has no empty cell, so no car could ever move"))
    red_row = board.index(RED) // SIDE
    goal = tuple("?" * (SIDE - 2) + RED * 2 if r == red_row else "".join("#" if ch == "#" else "?" for ch in row)
                 for r, row in enumerate(rows))
    return BlocksDef(common, tuple(rows), goal, (), axis, "line")


def _cell(ch: str) -> str:
    return "." if ch in "o." else "#" if ch == "x" else ch


def _axis(cells: list[tuple[int, int]]) -> Axis | None:
    """The axis of a car on ``cells`` (two or three touching cells in a line), or None."""
    rows = {r for r, _c in cells}
    cols = {c for _r, c in cells}
    if len(cells) not in (2, 3):
        return None
    if len(rows) == 1 and max(cols) - min(cols) == len(cells) - 1:
        return Axis.X
    if len(cols) == 1 and max(rows) - min(rows) == len(cells) - 1:
        return Axis.Y
    return None


def line_of(defn: object) -> str:
    """A lot back in the line format (the inverse of :func:`lot`)."""
    if not isinstance(defn, BlocksDef):
        raise TypeError("only a sliding-block definition is a lot")
    return "".join("o" if ch == "." else "x" if ch == "#" else ch for row in defn.start for ch in row)
