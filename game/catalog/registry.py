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

Nothing here builds a puzzle's rules: a spec builds them when they are first asked for (played, solved,
drawn). A family's own puzzle is found without reading a folder; the folders are read when a name is not
among those, or when every puzzle is wanted, and each puzzle's words come from the index
(:mod:`game.catalog.index`), so a menu or a list of all of them builds none.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from solvers.cache import cache_dir

from game.catalog import index, indexed, library
from game.catalog.spec import PuzzleSpec, Shelf, Words, counted_name, variant_name
from game.common.i18n import N_, _
from game.common.untrusted import shown
from game.families import registry as families
from game.files.model import FileDef
from game.rules.counts import Count
from game.rules.puzzle import Puzzle

__all__ = ["YOURS", "UnknownPuzzle", "cards", "get", "is_own", "is_players", "names", "own_names", "own_specs",
           "problems", "puzzle", "register", "release_built", "retell_problems", "shelf_of", "shelve", "shelves",
           "specs", "unregister", "variant"]

# Translators: the menu's shelf of the puzzles the player made or put in their puzzle folder
YOURS = Shelf("yours", N_("Your puzzles"), (120, 176, 240))

_SPECS: dict[str, PuzzleSpec] = {}
_PLAYERS: set[str] = set()   # the puzzles read from (or saved to) the player's own folder
_ON_DEMAND: dict[str, PuzzleSpec] = {}   # another move count, a file named on the command line: off the shelves
_VARIANTS: dict[str, tuple[PuzzleSpec, Count]] = {}   # a name under another count -> its puzzle and that count
_PROBLEMS: list[str] = []
_OWN: set[str] = set()   # the game's own puzzles: the families' and the library's (not the player's)
_FAMILIES_OWN: set[str] = set()   # the families' own puzzles' names
_families_read = False   # the families' own puzzles registered: enough for most names asked for
_loaded = False          # the library's files and the player's too


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
    close = difflib.get_close_matches(name.lower(), [*_SPECS, *_VARIANTS], n=1)
    return close[0] if close else None


def _family_puzzles() -> None:
    """The families' own puzzles (once per process), each with its shipped words: a name among them is
    found without reading a folder."""
    global _families_read
    if not _families_read:
        _families_read = True
        for family in families.families():
            for spec in family.builtins():
                _index(spec)
                _SPECS[spec.name] = _worded(spec)
                _FAMILIES_OWN.add(spec.name)


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
        own: Sequence[PuzzleSpec] | None = indexed.library_specs(folders, index.shipped(), set(_SPECS))
        if own is None:
            loaded = library.read_folders(folders, set(_SPECS), _Shipped())
            own = loaded.specs
            _PROBLEMS.extend(loaded.problems)
        for spec in own:
            _index(spec)
            _SPECS[spec.name] = spec
        _OWN.update(_SPECS)
        folder = library.player_folder()
        if library.listing(folder):   # (an empty folder: its index is not even looked at)
            players = index.FolderIndex(cache_dir() / index.PLAYERS_FILE)
            specs, problems = library.load_folder(folder, set(_SPECS), players)
            for spec in specs:
                _index(spec)
                _SPECS[spec.name] = spec
                _PLAYERS.add(spec.name)
            _PROBLEMS.extend(problems)
            players.save()


def own_from_files() -> tuple[list[PuzzleSpec], dict[str, tuple[Path, int]], list[str]]:
    """The game's own puzzles as the families' code and the library's files make them now (every file read,
    the index unasked), in the shelves' order; where each of the library's was found; and a sentence per file
    that could not be used: what the index is made from, and checked against."""
    builtins = [spec for family in families.families() for spec in family.builtins()]
    loaded = library.read_folders(library.shipped_folders(), {spec.name for spec in builtins}, _Shipped())
    return ([spec for _shelf, shelved in _arranged([*builtins, *loaded.specs], set()) for spec in shelved],
            loaded.places, loaded.problems)


def _index(spec: PuzzleSpec) -> None:
    """Know the names of ``spec``'s puzzle under every count (``klotski@line``; the others made when
    first asked for)."""
    for count in spec.counts:
        _VARIANTS[counted_name(spec.base, count)] = (spec, count)


def register(spec: PuzzleSpec, *, shelved: bool = True) -> PuzzleSpec:
    """Add a puzzle (replacing one of the same name). An unshelved puzzle is found by name but shown
    in no menu or list."""
    _builtins()
    _index(spec)
    if not shelved:
        _ON_DEMAND[spec.name] = spec
        return spec
    _SPECS[spec.name] = spec
    return spec


def unregister(name: str) -> None:
    _SPECS.pop(name, None)
    _PLAYERS.discard(name)
    _ON_DEMAND.pop(name, None)
    for key in [key for key, (spec, _count) in _VARIANTS.items() if spec.name == name]:
        del _VARIANTS[key]


def get(name: str) -> PuzzleSpec:
    """The named puzzle (under another count: the name :func:`variant` gives it), or the path of a
    puzzle file (read and kept under that path). A family's own puzzle is found without reading a folder."""
    _family_puzzles()
    spec = _SPECS.get(name) or _ON_DEMAND.get(name)
    if spec is not None:
        return spec
    _builtins()
    spec = _SPECS.get(name) or _ON_DEMAND.get(name)
    if spec is not None:
        return spec
    if name in _VARIANTS:
        return variant(*_VARIANTS[name])
    spec = library.from_path(name)
    if spec is None:
        raise UnknownPuzzle(name)
    _index(spec)
    return _on_demand(spec)


def release_built() -> None:
    """Let go of every puzzle's built rules and oracle (:meth:`PuzzleSpec.release`): the demo, starting
    again after a visitor, keeps nothing of what the menu and the games built meanwhile."""
    for spec in [*_SPECS.values(), *_ON_DEMAND.values()]:
        spec.release()


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
    known = _SPECS.get(name) or _ON_DEMAND.get(name)
    return known if known is not None else _on_demand(spec.recount(count))


def _own(spec: PuzzleSpec) -> Count:
    """The count of ``spec``'s puzzle under its own name."""
    base = _SPECS.get(spec.base) or _ON_DEMAND.get(spec.base)
    return base.count if base is not None else spec.count


def _on_demand(spec: PuzzleSpec) -> PuzzleSpec:
    """Keep a spec made on request (found again by name, in any process) without shelving it."""
    return _ON_DEMAND.setdefault(spec.name, spec)


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
    return frozenset(_OWN)


def is_own(name: str) -> bool:
    """Whether ``name`` is one of the game's own puzzles (as :func:`own_names` says; a family's own puzzle
    without reading a folder)."""
    _family_puzzles()
    return name in _FAMILIES_OWN or name in own_names()


def own_specs() -> list[PuzzleSpec]:
    """The game's own puzzles (the families' and the library's), in the shelves' order, each under its own count."""
    own = own_names()
    return [spec for _shelf, specs in shelves() for spec in specs if spec.name in own]


def names() -> tuple[str, ...]:
    _builtins()
    return tuple(_SPECS)


def specs() -> list[PuzzleSpec]:
    _builtins()
    return list(_SPECS.values())


def is_players(spec: PuzzleSpec) -> bool:
    """Whether ``spec``'s puzzle is one of the player's own (read from their folder or saved there),
    counted any way."""
    _builtins()
    return spec.base in _PLAYERS


def shelf_of(spec: PuzzleSpec) -> Shelf:
    """The shelf ``spec`` stands on: the player's own shelf for their puzzles, else its family's."""
    return YOURS if is_players(spec) else spec.shelf


def shelves() -> list[tuple[Shelf, list[PuzzleSpec]]]:
    """Every shelf with its puzzles: the families' shelves in their order, then any other (a collection
    file of the library's, a test's), then the player's own. Empty shelves are left out; the others never
    change places."""
    _builtins()
    return _arranged(list(_SPECS.values()), _PLAYERS)


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
    spec = register(library.built_spec(name, defn, path.name))
    _PLAYERS.add(spec.name)
    return spec
