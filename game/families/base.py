"""What a family of puzzles declares: one :class:`Family` per folder under ``game/families``.

A family is everything that makes one kind of puzzle (after SGT's ``struct game`` and
python-chess's variant classes): the keys its files may use (read and written back, one
sentence per mistake), the puzzles it builds from them, the ways it counts a move, its kinds of
move, its shelf in the menu, the puzzles it ships as code, other file formats it reads, and its
drawing. The reader, the writer, the library, the menu, the theme audit and the views iterate
the registry (:mod:`game.families.registry`); nothing outside a family's folder names it.

May import: the rules, the files' primitives, the oracles and the catalog's spec; never the
registry of puzzles (the catalog asks the families, not the other way round), never pygame
(a family's drawing lives in the ``ui`` folder of its own, loaded only by the window:
:mod:`game.ui.views.drawings`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence

from game.catalog.spec import PuzzleSpec, Shelf, same_pieces
from game.files.model import Common, FileDef
from game.files.toml_file import TomlFile
from game.rules.counts import MOVES, Count
from game.rules.kinds import MoveKind

__all__ = ["Drawing", "Family", "FileKeys", "Importer"]

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Importer:
    """Another file format a family reads (jim'slide, Knuth's SLIDING, Sokoban's XSB): by extension,
    or by a look at the content of a file whose extension says nothing. A collection format (``many``)
    holds several puzzles in one file: each is a puzzle of its own, and the file's puzzles a shelf (or, for
    a family whose groups are grids of levels, one card: see :attr:`Family.grid`)."""

    extensions: tuple[str, ...]                     # ".js2"
    parse: Callable[[str, str], FileDef]            # (text, file name) -> the puzzle it holds
    sniff: Callable[[Sequence[str]], bool] = lambda lines: False   # the file's non-blank lines: is it one?
    kind: str = ""                                  # the format in words, for the sentence when none fits
    # a collection: (text, file name) -> every puzzle the file holds, in order, each its definition or the
    # one sentence (a PuzzleFileError) saying why that one cannot be used; None: one puzzle a file
    many: Callable[[str, str], Sequence[Any]] | None = None


@dataclass(frozen=True)
class Drawing:
    """A family's drawing, from its view module: the board views by the key a presentation names, the
    colours that carry meaning (black and white pieces...), which must stay apart for every player, and,
    by the same keys, a board input of its own where the play screen's cell by cell input cannot say
    what a move is (a disc taken from anywhere on its peg and dropped anywhere over another); and, by the
    same keys, a sketch: a small picture of a start drawn from its file's rows (``Presentation.sketch``) and a
    size, without building the rules, for a grid of a thousand levels."""

    views: Mapping[str, Callable[[PuzzleSpec], Any]]
    distinct: Callable[[], Sequence[Mapping[str, Colour]]] = field(default=lambda: ())
    inputs: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    sketches: Mapping[str, Callable[[tuple[str, ...], tuple[int, int]], Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class FileKeys:
    """A family's file keys, from the ``files`` module beside its family: read a file's own keys (one
    sentence per mistake), write them back as a person would, and the same puzzle from another start
    (counted by a count spelt as a key, where the family has several)."""

    read: Callable[[TomlFile, Common], Any]
    write: Callable[[Any], list[str]]
    with_start: Callable[..., Any]


class Family:
    """One family. Subclasses fill the class attributes (``files``: its file keys) and ``spec``; the
    rest has defaults."""

    key: ClassVar[str]                         # what a file's ``family`` key says: "frogs"
    shelf: ClassVar[Shelf]                     # where its puzzles stand in the menu
    order: ClassVar[int]                       # where that shelf stands among the others
    definition: ClassVar[type | None] = None   # the type its files read into (None: it has no files)
    counts: ClassVar[tuple[Count, ...]] = (MOVES,)   # the ways it may count a move
    default: ClassVar[Count | None] = None           # its files' count unless they say (None: the first)
    kinds: ClassVar[tuple[MoveKind, ...]] = ()       # its kinds of move
    keys: ClassVar[tuple[str, ...]] = ()             # file keys beyond the common ones
    importers: ClassVar[tuple[Importer, ...]] = ()   # other formats it reads
    files: ClassVar[FileKeys | None] = None          # its file keys (None: it has no files)
    # its groups are collections of levels (a menu card opens a grid of them), and a collection file's levels
    # are one group, named after the file, rather than a card each
    grid: ClassVar[bool] = False

    # -- counts ------------------------------------------------------------------------------------

    @property
    def default_count(self) -> Count:
        return self.default or self.counts[0]

    def count(self, key: str) -> Count | None:
        """The count spelt ``key`` ("path"), None if this family has no such count."""
        return next((c for c in self.counts if c.key == key), None)

    def published_keys(self) -> tuple[str, ...]:
        """What a file's ``[published]`` table may name: a figure per count."""
        return tuple(c.key for c in self.counts)

    # -- files --------------------------------------------------------------------------------------

    def read(self, file: TomlFile, common: Common) -> FileDef:
        """The definition a file of this family gives (its common keys already read into ``common``);
        raise through ``file.fail`` with one sentence naming the key for anything wrong."""
        return self._files().read(file, common)

    def write(self, defn: Any) -> list[str]:
        """The family's lines of TOML for ``defn`` (options, start, goal), as a person would write them."""
        return self._files().write(defn)

    def with_start(self, defn: Any, state: bytes, count: Count | None = None) -> FileDef:
        """``defn`` starting from ``state`` instead (the editor's position as a puzzle of its own)."""
        return self._files().with_start(defn, state, count.key if count is not None else None)

    def _files(self) -> FileKeys:
        if self.files is None:
            raise LookupError(f"the {self.key} family has no files")
        return self.files

    # -- puzzles ------------------------------------------------------------------------------------

    def spec(self, name: str, defn: Any, count: Count | None = None) -> PuzzleSpec:
        """The puzzle a file of this family defines, named ``name``, its moves counted by ``count``
        (default: the file's own). Building the rules waits until they are first asked for."""
        raise NotImplementedError

    def builtins(self) -> Sequence[PuzzleSpec]:
        """Puzzles this family ships as code rather than files, in the order the menu shows them."""
        return ()

    # -- positions ----------------------------------------------------------------------------------

    def piece_limits(self, start: bytes) -> Mapping[int, tuple[int, int]]:
        """The fewest and the most of each piece (by code, the empty cell aside) a position of a puzzle
        starting at ``start`` may hold; a piece not named may not be there. By default the start's pieces,
        exactly: moves that neither take pieces off nor add any. A family whose moves take pieces off says so."""
        return same_pieces(start)

    def __repr__(self) -> str:
        return f"<Family {self.key}>"
