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
from functools import partial
from typing import Any, Callable, ClassVar, Mapping, Sequence

from game.catalog.dealers import ClassicStart, Dealer
from game.catalog.spec import (DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf,
                               same_pieces, variant_name)
from game.common.i18n import N_
from game.common.phrase import Phrase
from game.files.model import Common, FileDef
from game.files.toml_file import TomlFile
from game.oracles.base import Oracle
from game.oracles.table import table_or_search
from game.rules.counts import MOVES, Count
from game.rules.kinds import MoveKind
from game.rules.puzzle import Puzzle

__all__ = ["Drawing", "Family", "FileKeys", "Importer", "card_title"]

Colour = tuple[int, int, int]
# an oracle's factory, (puzzle, recipe) -> oracle: a class, or a module-level function (read through the class,
# so a function is never bound as a method; the arguments left open for a type checker that would bind it)
Answerer = Callable[..., Oracle]


def card_title(title: str, shelf: Shelf) -> str:
    """A file's card title: its title without the shelf's name ('Frogs, board A' -> 'Board A').
    Derived from the file's text, so the catalogs hold it for each shipped file as they hold the title."""
    short = title.removeprefix(f"{shelf.title}, ")
    return short[:1].upper() + short[1:]


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
    """One family. Subclasses fill the class attributes (``files``: its file keys) and :meth:`build`; the
    rest has defaults, and :meth:`spec` makes a file's puzzle from them. A family overrides a hook
    (:meth:`card_blurb`, :meth:`piece_words`, :meth:`presentation`, :meth:`figures`, :meth:`dealer`) only
    where its puzzles say more than the class attributes do."""

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
    # what its files' puzzles are: the view that draws them, how they are answered, played and edited
    view: ClassVar[str] = ""                         # the board view's key ("": the family's own key)
    more_views: ClassVar[tuple[str, ...]] = ()       # other views its own puzzles name (the Goat's)
    oracle: ClassVar[Answerer] = table_or_search     # how its puzzles are answered
    input: ClassVar[InputMode] = InputMode.CURSOR    # how the arrow keys act on its boards
    edit: ClassVar[EditMode] = EditMode.PALETTE      # how the editor changes a position
    # its puzzles' cards and pieces, in English (marked with N_)
    blurb: ClassVar[str] = ""                        # a card's line where a file has no subtitle (nor figure)
    noun: ClassVar[str] = N_("piece")                # a piece without a name of its own
    pieces: ClassVar[Mapping[int, str]] = {}         # code -> its name in words ("black frog")
    card_titles: ClassVar[bool] = True               # a card's title drops the shelf's name ('Board A')
    subtitled: ClassVar[bool] = True                 # a file's subtitle stands by its title (else: its card's line only)
    # its puzzles the game once shipped under another name: former name -> name. A player's saves, games in
    # progress, records and menu memory under the former name are read as the puzzle's (game.catalog.registry)
    renamed: ClassVar[Mapping[str, str]] = {}

    @property
    def views(self) -> tuple[str, ...]:
        """The keys of every board view its puzzles name: its drawing gives these, and no other family may."""
        return (self.view or self.key, *self.more_views)

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
        return self.made(name, defn, count or self.own_count(defn))

    def made(self, name: str, defn: Any, count: Count, **more: Any) -> PuzzleSpec:
        """A file's puzzle under ``count`` as the class attributes and hooks make it, with ``more`` of a spec's
        fields (what is a family's own: Sokoban's notation, the doors of sliding blocks)."""
        recipe = Recipe(variant_name(name, count, self.own_count(defn)), self.build(name, defn, count),
                        type(self).oracle)
        made: dict[str, Any] = {
            "name": recipe.key, "shelf": self.shelf, "recipe": recipe, "dealer": self.dealer(defn), "input": self.input,
            "presentation": self.presentation(defn, count), "figures": self.figures(defn, count), "demo": DemoPlan(),
            "family": self, "base": name, "count": count, "edit": self.edit,
            "recount": partial(self.spec, name, defn) if len(self.counts) > 1 else None,
            "as_file": partial(self._files().with_start, defn, count=count.key)}
        return PuzzleSpec(**(made | more))

    def build(self, name: str, defn: Any, count: Count) -> Callable[[], Puzzle]:
        """How the rules of a file's puzzle are built under ``count``: a module-level function or a partial of
        one over plain data (a worker process builds the same rules from it)."""
        raise NotImplementedError

    def own_count(self, defn: Any) -> Count:
        """The count a file's puzzle is counted by under its own name: the one its ``moves`` key names, where
        the family counts several ways."""
        return self.count(getattr(defn, "moves", "")) or self.default_count

    def dealer(self, defn: Any) -> Dealer:
        """How a new game of a file's puzzle is dealt (by default: from a position the table says)."""
        return ClassicStart()

    def presentation(self, defn: Any, count: Count, **more: Any) -> Presentation:
        """A file's puzzle's card and pieces in words, with ``more`` of a presentation's fields (a family's
        own: the Tower of Hanoi's keys)."""
        common: Common = defn.common
        made: dict[str, Any] = {
            "view": self.views[0], "blurb": self.card_blurb(defn, count), "piece_names": self.piece_words(defn),
            "short_title": card_title(common.title, self.shelf) if self.card_titles else common.title,
            "piece_noun": self.noun, "group": common.group, "variant": common.variant, "grid": self.grid,
            "subtitle": common.subtitle if self.subtitled else ""}
        return Presentation(**(made | more))

    def card_blurb(self, defn: Any, count: Count) -> str:
        """A card's line: the file's subtitle, else its published figure where its count says one, else the
        family's :attr:`blurb`."""
        common: Common = defn.common
        published = common.published.get(count.key)
        said = count.published[0 if published == 1 else 1]
        return common.subtitle or (Phrase(said, moves=published) if published and said else "") or self.blurb

    def piece_words(self, defn: Any) -> Mapping[int, str]:
        """A file's pieces by their codes, in words (by default, the family's :attr:`pieces`)."""
        return self.pieces

    def figures(self, defn: Any, count: Count) -> Figures:
        """A file's published figure under ``count`` and its source."""
        common: Common = defn.common
        return Figures(published=common.published.get(count.key), note=common.source)

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
