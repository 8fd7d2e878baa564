"""The named puzzles: one :class:`~game.catalog.spec.PuzzleSpec` each, on shelves, in the order
registered.

The menu, ``list``, the demo and the command line find puzzles here. The families' own puzzles
come first (each family's builtins, families in the order of their shelves), then the library's
files, then the player's own; anything else (a test, a file named on the command line) registers
its own spec with one call to :func:`register`. A puzzle counted another way is a spec of its own,
made once by :func:`variant` and found again by its name.

The shelves stand in a fixed order: the families' in the order they declare, any other (a collection
file of the library's, as the Traffic pack; a test's), and last the player's own puzzles on a shelf of
their own (:data:`YOURS`), so a file the player adds
never moves a shelf of the library.

Each puzzle is one :class:`Entry`: its spec and where it comes from (:class:`Origin`: a family's code, the
library, the player's folder, anything else), and whether it stands on a shelf. Whether a puzzle is the game's
own or the player's is its entry's word, so a puzzle registered, replaced or let go later says so at once.

Nothing here builds a puzzle's rules: a spec builds them when they are first asked for (played, solved,
drawn). A family's own puzzle is found without reading a folder; the folders are read when a name is not
among those, or when every puzzle is wanted, and each puzzle's words come from the index
(:mod:`game.catalog.index`), so a menu or a list of all of them builds none.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Iterator, Mapping, Sequence

from solvers.cache import cache_dir

from game.catalog import index, indexed, library
from game.catalog.spec import YOURS, PuzzleSpec, Shelf, Words, counted_name, variant_name
from game.common.i18n import _
from game.common.untrusted import shown
from game.families import registry as families
from game.files.model import FileDef
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

__all__ = ["YOURS", "Entry", "Origin", "UnknownPuzzle", "cards", "entry", "former_names", "get", "is_own",
           "is_players", "names", "own_names", "own_specs", "problems", "puzzle", "register", "release_built",
           "renamed", "retell_problems", "shelf_of", "shelve", "shelves", "specs", "unregister", "variant"]



class Origin(Enum):
    """Where a puzzle of the catalog comes from."""

    FAMILY = "family"     # a family's own, made by its code
    LIBRARY = "library"   # a file of the game's library
    PLAYER = "player"     # a file of the player's folder (read at start, or saved there since)
    OTHER = "other"       # anything else: a test's, another count's spec, a file named on the command line

    @property
    def own(self) -> bool:
        """The game's own: a family's or the library's, never the player's."""
        return self in (Origin.FAMILY, Origin.LIBRARY)


@dataclass(frozen=True, slots=True)
class Entry:
    """One puzzle of the catalog: its spec, where it comes from, and whether it stands on a shelf (a puzzle under
    another count, or a file named on the command line, is found by its name but shown in no menu)."""

    spec: PuzzleSpec
    origin: Origin
    shelved: bool = True


_ENTRIES: dict[str, Entry] = {}   # every puzzle by its name, in the order registered
_PROBLEMS: list[str] = []         # a sentence per file that could not be read
_families_read: set[str] = set()  # the families whose own puzzles are registered: enough for most names asked for
_families_seen = -1               # the families' registry as it was when they were last looked at (its generation)
_loaded = False                   # the library's files and the player's too


SUGGESTED_LENGTH = 60   # a longer name is no misspelling of a puzzle's


class UnknownPuzzle(KeyError):
    def __str__(self) -> str:
        name = str(self.args[0])
        if _is_path(name):
            return _("there is no puzzle file at '{path}'.").format(path=shown(name))
        # Translators: 'list' is a command of the game's command line, left in English
        return _("there is no puzzle called '{name}' (try 'list' to see them all).").format(name=shown(name))

    def suggesting(self) -> str:
        """For a name someone typed: the sentence, or where a puzzle's name is close, the two that name it."""
        name = str(self.args[0])
        near = nearest(name)
        if near is None:
            return str(self)
        # Translators: {near} is the name of a puzzle, as the command line writes it (klotski)
        return _("there is no puzzle called '{name}'. Did you mean {near}?").format(name=shown(name), near=near)


def _is_path(name: str) -> bool:
    files = (".toml", ".txt", *(ext for _f, importer in families.importers() for ext in importer.extensions))
    return "/" in name or name.lower().endswith(files)


def nearest(name: str) -> str | None:
    """The puzzle name (or name with a count, ``klotski@line``) closest to a misspelt ``name``, if one is close."""
    if _is_path(name) or len(name) > SUGGESTED_LENGTH:
        return None
    _builtins()
    shelved = [name for name, entry in _ENTRIES.items() if entry.shelved]
    counted = [counted for _spec, _count, counted in _counted_names(shelved)]
    close = difflib.get_close_matches(name.lower(), [*shelved, *counted], n=1)
    return close[0] if close else None


def _family_puzzles() -> None:
    """The families' own puzzles (each family's once per process, a family registered later's too), each with its
    shipped words: a name among them is found without reading a folder."""
    global _families_seen
    if _families_read and _families_seen == families.generation():
        return
    _families_seen = families.generation()
    for family in families.families():
        if family.key not in _families_read:
            _families_read.add(family.key)
            for spec in family.builtins():
                _ENTRIES[spec.name] = Entry(_worded(spec), Origin.FAMILY)


def _worded(spec: PuzzleSpec) -> PuzzleSpec:
    """A family's own puzzle with its shipped words (as it is where the index has no row)."""
    row = index.shipped().get(spec.name)
    return spec if row is None or spec.words is not None else replace(spec, words=row.words)


class _Shipped:
    """The library's index: the shipped words by name. The library is the game's own, built whole by the
    tests, so a file it does not know is built when first asked for, not when the game starts."""

    trusting = True

    def words(self, file: Path, number: int, name: str) -> Words | None:
        row = index.shipped().get(name)
        return row.words if row is not None else None

    def learn(self, file: Path, number: int, words: Words) -> None:
        pass


def _builtins() -> None:
    """The families' own puzzles, the library's, then the player's own files (once per process). The library's
    puzzles come from the index, no file read (:mod:`game.catalog.indexed`), unless the index cannot say them:
    then the folder is read, and their rules built when first asked for. The player's files are read, and
    each one's rules built where the index has not seen the file as it is now (which checks it, so a file that
    cannot be used is one sentence from the start)."""
    global _loaded
    _family_puzzles()
    if not _loaded:
        _loaded = True
        folders = library.shipped_folders()
        own: Sequence[PuzzleSpec] | None = indexed.library_specs(folders, index.shipped(), _shelved_names())
        if own is None:
            loaded = library.read_folders(folders, _shelved_names(), _Shipped())
            own = loaded.specs
            _PROBLEMS.extend(loaded.problems)
        for spec in own:
            _ENTRIES[spec.name] = Entry(spec, Origin.LIBRARY)
        folder = library.player_folder()
        if library.listing(folder):   # (an empty folder: its index is not even looked at)
            players = index.FolderIndex(cache_dir() / index.PLAYERS_FILE)
            specs, problems = library.load_folder(folder, _shelved_names(), players)
            for spec in specs:
                _ENTRIES[spec.name] = Entry(spec, Origin.PLAYER)
            _PROBLEMS.extend(problems)
            players.save()


def _shelved_names() -> set[str]:
    return {name for name, entry in _ENTRIES.items() if entry.shelved}


def own_from_files() -> tuple[list[PuzzleSpec], dict[str, tuple[Path, int]], list[str]]:
    """The game's own puzzles as the families' code and the library's files make them now (every file read,
    the index unasked), in the shelves' order; where each of the library's was found; and a sentence per file
    that could not be used: what the index is made from, and checked against."""
    builtins = [spec for family in families.families() for spec in family.builtins()]
    loaded = library.read_folders(library.shipped_folders(), {spec.name for spec in builtins}, _Shipped())
    return ([spec for _shelf, shelved in _arranged([*builtins, *loaded.specs], set()) for spec in shelved],
            loaded.places, loaded.problems)


def _counted_names(names: Sequence[str] | None = None) -> Iterator[tuple[PuzzleSpec, Count, str]]:
    """Each puzzle (of ``names``, or every one) under each of its counts, with its name so counted
    (``klotski@line``; the specs themselves made when first asked for)."""
    for name in _ENTRIES if names is None else names:
        spec = _ENTRIES[name].spec
        for count in spec.counts:
            yield spec, count, counted_name(spec.base, count)


def register(spec: PuzzleSpec, *, shelved: bool = True) -> PuzzleSpec:
    """Add a puzzle (replacing one of the same name, whose origin it keeps). An unshelved puzzle is found by name
    but shown in no menu or list, and never takes a shelved puzzle's place."""
    _builtins()
    known = _ENTRIES.get(spec.name)
    if known is not None and known.shelved and not shelved:
        return spec
    _ENTRIES[spec.name] = Entry(spec, known.origin if known is not None else Origin.OTHER, shelved)
    return spec


def unregister(name: str) -> None:
    _ENTRIES.pop(name, None)


def entry(name: str) -> Entry | None:
    """The catalog's entry of the puzzle called ``name`` (None: no such puzzle registered, under that name)."""
    _builtins()
    return _ENTRIES.get(name)


def get(name: str) -> PuzzleSpec:
    """The named puzzle (under another count: the name :func:`variant` gives it), or the path of a
    puzzle file (read and kept under that path). A family's own puzzle is found without reading a folder."""
    _family_puzzles()
    known = _ENTRIES.get(name)
    if known is not None:
        return known.spec
    _builtins()
    known = _ENTRIES.get(name)
    if known is not None:
        return known.spec
    current = families.renamed().get(name)
    if current is not None:   # a puzzle the game once shipped under this name: saves and records still name it so
        return get(current)
    counted = next(((spec, count) for spec, count, counted in _counted_names() if counted == name), None)
    if counted is not None:
        return variant(*counted)
    spec = library.from_path(name)
    if spec is None:
        raise UnknownPuzzle(name)
    return _on_demand(spec)


def renamed() -> Mapping[str, str]:
    """The game's own puzzles once shipped under another name: former name -> name (each family says its own)."""
    return families.renamed()


def former_names(name: str) -> tuple[str, ...]:
    """The names the puzzle called ``name`` once had (a player's files may still say them)."""
    return tuple(old for old, new in families.renamed().items() if new == name)


def release_built() -> None:
    """Let go of every puzzle's built rules and oracle (:meth:`PuzzleSpec.release`): the demo, starting
    again after a visitor, keeps nothing of what the menu and the games built meanwhile."""
    for known in _ENTRIES.values():
        known.spec.release()


def base_of(name: str) -> str:
    """The name of the puzzle ``name`` is a count of (itself where it is no such name)."""
    try:
        return get(name).base
    except (UnknownPuzzle, ValueError):
        return name


def variant(spec: PuzzleSpec, count: Count) -> PuzzleSpec:
    """``spec``'s puzzle with its moves counted by ``count``: one spec per name, kept here."""
    if count is spec.count:
        return spec
    if spec.recount is None or count not in spec.counts:
        raise ValueError(f"{spec.name} has no count {count.key}")
    name = variant_name(spec.base, count, _own(spec))
    known = _ENTRIES.get(name)
    return known.spec if known is not None else _on_demand(spec.recount(count))


def _own(spec: PuzzleSpec) -> Count:
    """The count of ``spec``'s puzzle under its own name."""
    base = _ENTRIES.get(spec.base)
    return base.spec.count if base is not None else spec.count


def _on_demand(spec: PuzzleSpec) -> PuzzleSpec:
    """Keep a spec made on request (found again by name, in any process) without shelving it."""
    return _ENTRIES.setdefault(spec.name, Entry(spec, Origin.OTHER, shelved=False)).spec


def retell_problems() -> None:
    """The bad files' sentences again, in the language just chosen."""
    _builtins()
    _PROBLEMS[:] = [library.retold(problem) for problem in _PROBLEMS]


def problems() -> tuple[str, ...]:
    """One sentence per puzzle file that could not be read (the rest loaded)."""
    _builtins()
    return tuple(_PROBLEMS)


def puzzle(name: str) -> Puzzle:
    """The rules of the named puzzle."""
    return get(name).puzzle


def own_names() -> frozenset[str]:
    """The names of the game's own puzzles (the families' and the library's, never the player's files)."""
    _builtins()
    return frozenset(name for name, known in _ENTRIES.items() if known.origin.own)


def is_own(name: str) -> bool:
    """Whether ``name`` is one of the game's own puzzles (as :func:`own_names` says; a family's own puzzle
    without reading a folder)."""
    _family_puzzles()
    known = _ENTRIES.get(name)
    if known is None or known.origin is not Origin.FAMILY:
        _builtins()
        known = _ENTRIES.get(name)
    return known is not None and known.origin.own


def own_specs() -> list[PuzzleSpec]:
    """The game's own puzzles (the families' and the library's), in the shelves' order, each under its own count."""
    own = own_names()
    return [spec for _shelf, specs in shelves() for spec in specs if spec.name in own]


def names() -> tuple[str, ...]:
    _builtins()
    return tuple(name for name, known in _ENTRIES.items() if known.shelved)


def specs() -> list[PuzzleSpec]:
    _builtins()
    return [known.spec for known in _ENTRIES.values() if known.shelved]


def is_players(spec: PuzzleSpec) -> bool:
    """Whether ``spec``'s puzzle is one of the player's own (read from their folder or saved there),
    counted any way."""
    _builtins()
    known = _ENTRIES.get(spec.base)
    return known is not None and known.origin is Origin.PLAYER


def shelf_of(spec: PuzzleSpec) -> Shelf:
    """The shelf ``spec`` stands on: the player's own shelf for their puzzles, else its family's."""
    return YOURS if is_players(spec) else spec.shelf


def shelves() -> list[tuple[Shelf, list[PuzzleSpec]]]:
    """Every shelf with its puzzles: the families' shelves in their order, then any other (a collection
    file of the library's, a test's), then the player's own. Empty shelves are left out; the others never
    change places."""
    _builtins()
    return _arranged(specs(), {name for name, known in _ENTRIES.items() if known.origin is Origin.PLAYER})


def _arranged(specs: list[PuzzleSpec], players: set[str]) -> list[tuple[Shelf, list[PuzzleSpec]]]:
    """``specs`` on their shelves (``players``: the puzzles on the player's own), as :func:`shelves` says."""
    out: dict[Shelf, list[PuzzleSpec]] = {family.shelf: [] for family in families.families()}
    for spec in specs:
        if spec.base not in players:
            out.setdefault(spec.shelf, []).append(spec)
    out[YOURS] = [spec for spec in specs if spec.base in players]
    return [(shelf, shelved) for shelf, shelved in out.items() if shelved]


def cards() -> list[tuple[Shelf, list[list[PuzzleSpec]]]]:
    """Every shelf with its menu cards: a card is one puzzle, or the variants of one group
    (in their natural order: 2 before 10), at the place of the group's first puzzle."""
    out = []
    for shelf, specs in shelves():
        groups: dict[str, list[PuzzleSpec]] = {}
        shelf_cards: list[list[PuzzleSpec]] = []
        for spec in specs:
            group = spec.presentation.group
            if not group:
                shelf_cards.append([spec])
            elif group in groups:
                groups[group].append(spec)
            else:
                groups[group] = [spec]
                shelf_cards.append(groups[group])
        for members in groups.values():
            members.sort(key=lambda s: _natural(s.presentation.variant))
        out.append((shelf, shelf_cards))
    return out


def _natural(label: str) -> list[tuple[int, int | str]]:
    """A sort key reading runs of digits as numbers: '2' < '10', '4 v 3' < '5 v 6'."""
    return [(0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", label) if part]


def shelve(path: Path, defn: FileDef) -> PuzzleSpec:
    """Put a file just written to the player's folder (``defn``, as read back) on the running game's
    shelves, under its own name or with a suffix, as when the folder is read at start. PuzzleFileError
    if its rules cannot be built."""
    taken = set(names())
    name = library.name_for(path)
    while name in taken:
        name += "-2"
    spec = library.built_spec(name, defn, path.name)
    _ENTRIES[spec.name] = Entry(spec, Origin.PLAYER)
    return spec
