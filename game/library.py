"""Puzzles from files: the built-in library (``assets/puzzles``), the player's own folder, and
any file named on the command line.

A file becomes a spec like any other puzzle; its name is the file's stem (the player's files
never hide a built-in name: theirs get a suffix). Each sliding-block puzzle can be asked for
under another move count as ``name@count`` (``klotski@line``); the variant is made on demand,
so a worker process finds it by the same name. A file that cannot be used is one sentence,
and the rest of the library still loads.

What a card shows is English here and translated where it is shown: a file's own text is a
message of the catalogs (``game.i18n_extract`` takes it from the shipped files, with the card
titles derived from it), the game's words are marked with ``N_``, and a sentence made from data
(a published figure, a frog's directions) is a :class:`~game.phrase.Phrase`.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

from functools import partial
from typing import Callable

from game.dealers import ClassicStart
from game.files.errors import PuzzleFileError
from game.files.model import DIRECTIONS, BlocksDef, FrogsDef, KnightsDef, MoveCount, PairsDef, PuzzleDef
from game.files.reading import read_puzzle_file, scan_folder
from game.i18n import N_, _
from game.oracles.base import Oracle
from game.oracles.component import blocks_oracle
from game.oracles.search import SearchOracle
from game.oracles.table import TABLE_LIMIT, TableOracle
from game.phrase import Phrase
from game.puzzles.base import Puzzle
from game.puzzles.blocks import Kind, layout, make_blocks
from game.puzzles.frogs import BLACK, WHITE, WORDS, frogs_from
from game.puzzles.knights import knights_from
from game.puzzles.pairs import pairs_from
from game.shelves import BLOCKS, FROGS, KNIGHTS, PAIRS
from game.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Shelf
from game.startfile import blocks_file, tokens_file
from game.resources import assets
from game.untrusted import UnreadableFile, shown

LIBRARY = assets() / "puzzles"
_NAME = re.compile(r"[^a-z0-9]+")

# the blurb of a sliding-block file without a subtitle that gives the figure published for the count shown,
# by (count, exactly one move)
PUBLISHED = {
    (MoveCount.CELL, True): N_("Published: {moves:,} move (cell)."),
    (MoveCount.CELL, False): N_("Published: {moves:,} moves (cell)."),
    (MoveCount.LINE, True): N_("Published: {moves:,} move (line)."),
    (MoveCount.LINE, False): N_("Published: {moves:,} moves (line)."),
    (MoveCount.PATH, True): N_("Published: {moves:,} move (path)."),
    (MoveCount.PATH, False): N_("Published: {moves:,} moves (path)."),
}
BLOCKS_BLURB = N_("Sliding blocks.")   # a sliding-block file that says nothing about itself
# per token family: (view, noun for a piece, blurb when the file has no subtitle, its black and white pieces)
TOKENS = {
    FrogsDef: ("frogs", N_("frog"), "", (N_("black frog"), N_("white frog"))),
    KnightsDef: ("knights", N_("knight"), N_("Swap them by knight moves."), (N_("black knight"), N_("white knight"))),
    PairsDef: ("pairs", N_("pair"), N_("Move two stones at once."), (N_("black stone"), N_("white stone"))),
}


def player_folder() -> Path:
    """Where the player's own puzzle files live (FEWEST_MOVES_DATA names another data folder)."""
    override = os.environ.get("FEWEST_MOVES_DATA")
    base = Path(override) if override else Path(platformdirs.user_data_dir("fewest-moves"))
    return base / "puzzles"


def name_for(path: Path) -> str:
    """A puzzle name from a file name: lowercase ASCII words joined by hyphens."""
    return _NAME.sub("-", path.stem.lower()).strip("-") or "puzzle"


def split_count(name: str) -> tuple[str, MoveCount | None]:
    """'klotski@line' -> ('klotski', LINE); a name without a count suffix -> (name, None)."""
    base, at, suffix = name.rpartition("@")
    if at and suffix in {c.value for c in MoveCount}:
        return base, MoveCount(suffix)
    return name, None


def spec_for(name: str, defn: PuzzleDef, count: MoveCount | None = None) -> PuzzleSpec:
    """The spec of a puzzle file's definition (a sliding-block puzzle: under ``count``)."""
    if not isinstance(defn, BlocksDef):
        return tokens_spec(name, defn)
    blocks: BlocksDef = defn
    shelf = BLOCKS
    count = count or blocks.moves
    base = split_count(name)[0]
    common = blocks.common
    published = common.published.get(count.value)
    words = {code: piece_word(kind) for kind in layout(blocks).kinds for code in kind.codes}

    def build() -> Puzzle:
        return make_blocks(name, blocks, count=count, title=common.title)

    def recount(other: MoveCount) -> PuzzleSpec:
        return spec_for(base if other is blocks.moves else f"{base}@{other.value}", blocks, other)

    blurb = common.subtitle or (Phrase(PUBLISHED[count, published == 1], moves=published) if published
                                else common.source)
    return PuzzleSpec(name, shelf, build, blocks_oracle, ClassicStart(), InputMode.PIECES,
                      Presentation("blocks", common.title, blurb or BLOCKS_BLURB, words, N_("piece"),
                                   common.group, common.variant),
                      Figures(published=published, note=common.source), DemoPlan(), count=count, recount=recount,
                      edit=EditMode.PIECES, as_file=partial(blocks_file, blocks, count))


def tokens_spec(name: str, defn: FrogsDef | KnightsDef | PairsDef) -> PuzzleSpec:
    """Frogs, knights and pairs from files: the families of the seed puzzles, on any board."""
    common = defn.common
    view, noun, blurb, (black, white) = TOKENS[type(defn)]
    build: Callable[[], Puzzle]
    if isinstance(defn, FrogsDef):
        shelf, build = FROGS, partial(frogs_from, name, defn)
        blurb = Phrase(N_("Black {black}, white {white}."), black=directions(defn.black), white=directions(defn.white))
    elif isinstance(defn, KnightsDef):
        shelf, build = KNIGHTS, partial(knights_from, name, defn)
    else:
        shelf, build = PAIRS, partial(pairs_from, name, defn)
    return PuzzleSpec(name, shelf, build, token_oracle, ClassicStart(), InputMode.CURSOR,
                      Presentation(view, card_title(common.title, shelf), common.subtitle or blurb,
                                   {BLACK: black, WHITE: white}, noun, common.group, common.variant),
                      Figures(published=common.published.get("moves"), note=common.source), DemoPlan(),
                      edit=EditMode.PALETTE, as_file=partial(tokens_file, defn))


def card_title(title: str, shelf: Shelf) -> str:
    """A token file's card title: its title without the shelf's name ('Frogs, board A' -> 'Board A').
    Derived from the file's text, so the catalogs hold it for each shipped file as they hold the title."""
    short = title.removeprefix(f"{shelf.title}, ")
    return short[:1].upper() + short[1:]


def directions(names: tuple[str, ...]) -> str:
    """A stone's directions as a card says them, 'right/down', each in the words of the rules."""
    listed: str = Phrase(WORDS[DIRECTIONS[names[0]]]) if names else ""
    for name in names[1:]:
        # Translators: directions a frog may move in, on a menu card: "right/down".
        listed = Phrase(N_("{listed}/{direction}"), listed=listed, direction=Phrase(WORDS[DIRECTIONS[name]]))
    return listed


def token_oracle(puzzle: Puzzle) -> Oracle:
    """A table where the rank space is small enough, else plain searches."""
    if puzzle.ranker is not None and puzzle.ranker.size <= TABLE_LIMIT:
        return TableOracle(puzzle)
    return SearchOracle(puzzle)


SHAPE_WORDS = {1: N_("small block"), 4: N_("big block")}


def piece_word(kind: Kind) -> str:
    """A kind of piece in words, for hints: 'big block', 'tall block', 'car', or 'piece B'."""
    rows = 1 + max(r for r, _c in kind.shape)
    cols = 1 + max(c for _r, c in kind.shape)
    if kind.axis is not None and 1 in (rows, cols):
        return N_("car") if len(kind.shape) == 2 else N_("truck")
    if rows * cols == len(kind.shape):   # a rectangle
        if rows == cols:
            return SHAPE_WORDS.get(len(kind.shape)) or Phrase(N_("{rows}x{cols} block"), rows=rows, cols=cols)
        return N_("tall block") if rows > cols else N_("wide block")
    # Translators: a piece of a sliding-block puzzle named by its letter in the puzzle file: "piece B".
    return Phrase(N_("piece {letter}"), letter=kind.chars[0])


class FileProblem(str):
    """The sentence saying why a puzzle file could not be used, in the language of the moment it was
    read; ``path`` lets it be said again in another (:func:`retold`)."""

    path: Path

    def __new__(cls, text: str, path: Path) -> FileProblem:
        self = super().__new__(cls, text)
        self.path = path
        return self


def load_folder(folder: Path, taken: set[str]) -> tuple[list[PuzzleSpec], list[str]]:
    """Specs of every usable file in ``folder`` (named apart from ``taken``), and a sentence per bad file."""
    specs: list[PuzzleSpec] = []
    problems: list[str] = []
    for path, got in scan_folder(folder):
        if isinstance(got, PuzzleFileError):
            problems.append(FileProblem(str(got), path))
            continue
        name = name_for(path)
        while name in taken:
            name += "-2"
        try:
            spec = built_spec(name, got, path.name)   # checked now, not when the player first opens it
        except PuzzleFileError as err:
            problems.append(FileProblem(str(err), path))
            continue
        taken.add(name)
        specs.append(spec)
    return specs, problems


def retold(problem: str) -> str:
    """A bad file's sentence said again in the active language (the file is read again: its sentences
    are made as it is read); a sentence without a file, or a file that now reads, stays as it was."""
    if not isinstance(problem, FileProblem):
        return problem
    for _path, got in scan_folder(problem.path.parent, only=problem.path.name):
        if isinstance(got, PuzzleFileError):
            return FileProblem(str(got), problem.path)
        try:
            built_spec(name_for(problem.path), got, problem.path.name)
        except PuzzleFileError as err:
            return FileProblem(str(err), problem.path)
    return problem


def file_name_for(title: str) -> str:
    """The file a puzzle titled ``title`` is saved as: its words in lowercase ASCII, hyphenated."""
    return (_NAME.sub("-", title.lower()).strip("-")[:60].strip("-") or "my-puzzle") + ".toml"


def shelve_file(path: Path, defn: PuzzleDef) -> PuzzleSpec:
    """Put a file just written to the player's folder (``defn``, as read back) on the running game's
    shelves, under its own name or with a suffix, as when the folder is read at start. PuzzleFileError
    if its rules cannot be built."""
    from game import catalog

    taken = set(catalog.names())
    name = name_for(path)
    while name in taken:
        name += "-2"
    return catalog.register(built_spec(name, defn, path.name))


def from_path(text: str) -> PuzzleSpec | None:
    """A spec for a puzzle file named on the command line (None if ``text`` names no file); its
    name is the absolute path, so a worker process can read the same file."""
    if "/" not in text and os.sep not in text and "." not in text:
        return None
    path = Path(text)
    try:
        if not path.is_file():
            return None
        defn = read_puzzle_file(path)
    except UnreadableFile as err:
        raise PuzzleFileError(shown(path.name, 60), "", str(err).rstrip(".")) from None
    except OSError:
        return None
    return built_spec(str(path.resolve()), defn, path.name)   # a file that cannot be played: one sentence here


def built_spec(name: str, defn: PuzzleDef, origin: str) -> PuzzleSpec:
    """The spec of a file's definition with its rules built now. Whatever building them raises
    becomes one PuzzleFileError naming ``origin``: one file's fault never stops the game."""
    try:
        spec = spec_for(name, defn)
        spec.puzzle
    except PuzzleFileError:
        raise
    except ValueError as err:
        raise PuzzleFileError(shown(origin, 60), "", str(err).rstrip(".")) from None
    except Exception as err:  # noqa: BLE001 - a fault in the rules of one file: said, and the game goes on
        raise PuzzleFileError(shown(origin, 60), "", _("the puzzle could not be built from this file ({error})")
                              .format(error=type(err).__name__)) from None
    return spec
