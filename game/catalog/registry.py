"""The named puzzles: one :class:`~game.catalog.spec.PuzzleSpec` each, on shelves, in the order registered.

The menu, ``list``, the demo playlist and the worker processes all find puzzles here. The
seed puzzles are declared in :mod:`game.catalog.builtin`; anything else (a test, later a puzzle file)
registers its own spec with one call to :func:`register`.
"""
from __future__ import annotations

import re

from game.common.i18n import _
from game.rules.puzzle import Puzzle
from game.catalog.spec import PuzzleSpec, Shelf
from game.common.untrusted import shown

_SPECS: dict[str, PuzzleSpec] = {}
_ON_DEMAND: dict[str, PuzzleSpec] = {}   # another move count, a file named on the command line: off the shelves
_PLAYLIST: list[str] = []
_PROBLEMS: list[str] = []
_loaded = False


class UnknownPuzzle(KeyError):
    def __str__(self) -> str:
        name = str(self.args[0])
        if "/" in name or name.endswith((".toml", ".js2", ".sliding", ".txt")):
            return _("there is no puzzle file at '{path}'.").format(path=shown(name))
        # Translators: 'list' is a command of the game's command line, left in English
        return _("there is no puzzle called '{name}' (try 'list' to see them all).").format(name=shown(name))


def _builtins() -> None:
    """The seed puzzles, the library's files, then the player's own files (once per process)."""
    global _loaded
    if not _loaded:
        _loaded = True
        from game.catalog import builtin   # noqa: F401 - registers the seed puzzles
        from game.catalog import library
        for folder in (library.LIBRARY, library.player_folder()):
            specs, problems = library.load_folder(folder, set(_SPECS))
            for spec in specs:
                _SPECS[spec.name] = spec
            _PROBLEMS.extend(problems)


def register(spec: PuzzleSpec, *, demo: bool = False, shelved: bool = True) -> PuzzleSpec:
    """Add a puzzle (replacing one of the same name); ``demo`` also appends it to the demo playlist.
    An unshelved puzzle is found by name (in any process) but shown in no menu or list."""
    _builtins()
    if not shelved:
        _ON_DEMAND[spec.name] = spec
        return spec
    _SPECS[spec.name] = spec
    if demo:
        _PLAYLIST.append(spec.name)
    return spec


def unregister(name: str) -> None:
    _SPECS.pop(name, None)
    _ON_DEMAND.pop(name, None)
    while name in _PLAYLIST:
        _PLAYLIST.remove(name)


def get(name: str) -> PuzzleSpec:
    """The named puzzle; ``name@count`` for a sliding-block puzzle under another move count, or
    the path of a puzzle file (read and registered under that path)."""
    _builtins()
    spec = _SPECS.get(name) or _ON_DEMAND.get(name)
    if spec is not None:
        return spec
    from game.catalog import library
    base, count = library.split_count(name)
    if count is not None and base != name:
        spec = get(base)
        if spec.recount is None:
            raise UnknownPuzzle(name)
        variant = spec.recount(count)
        return get(variant.name) if variant.name != name and variant.name in _SPECS else _on_demand(variant)
    spec = library.from_path(name)
    if spec is None:
        raise UnknownPuzzle(name)
    return _on_demand(spec)


def _on_demand(spec: PuzzleSpec) -> PuzzleSpec:
    """Keep a spec made on request (found again by name, in any process) without shelving it."""
    return _ON_DEMAND.setdefault(spec.name, spec)


def retell_problems() -> None:
    """The bad files' sentences again, in the language just chosen."""
    from game.catalog import library
    _builtins()
    _PROBLEMS[:] = [library.retold(problem) for problem in _PROBLEMS]


def problems() -> tuple[str, ...]:
    """One sentence per puzzle file that could not be read (the rest loaded)."""
    _builtins()
    return tuple(_PROBLEMS)


def puzzle(name: str) -> Puzzle:
    """The rules of the named puzzle."""
    return get(name).puzzle


def names() -> tuple[str, ...]:
    _builtins()
    return tuple(_SPECS)


def specs() -> list[PuzzleSpec]:
    _builtins()
    return list(_SPECS.values())


def shelves() -> list[tuple[Shelf, list[PuzzleSpec]]]:
    """Every shelf with its puzzles, shelves in the order their first puzzle was registered."""
    out: dict[Shelf, list[PuzzleSpec]] = {}
    for spec in specs():
        out.setdefault(spec.shelf, []).append(spec)
    return list(out.items())


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


def demo_playlist() -> tuple[str, ...]:
    """The puzzles the unattended demo cycles through, in order (a puzzle may come back)."""
    _builtins()
    return tuple(n for n in _PLAYLIST if n in _SPECS)


def set_demo_playlist(names: list[str]) -> None:
    _builtins()
    _PLAYLIST[:] = names
