"""The named puzzles: one :class:`~game.spec.PuzzleSpec` each, on shelves, in the order registered.

The menu, ``list``, the demo playlist and the worker processes all find puzzles here. The
seed puzzles are declared in :mod:`game.builtin`; anything else (a test, later a puzzle file)
registers its own spec with one call to :func:`register`.
"""
from __future__ import annotations

from game.puzzles.base import Puzzle
from game.spec import PuzzleSpec, Shelf
from game.untrusted import shown

_SPECS: dict[str, PuzzleSpec] = {}
_PLAYLIST: list[str] = []
_loaded = False


class UnknownPuzzle(KeyError):
    def __str__(self) -> str:
        return f"there is no puzzle called '{shown(str(self.args[0]))}' (try 'list' to see them all)."


def _builtins() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        from game import builtin   # noqa: F401 - registers the seed puzzles


def register(spec: PuzzleSpec, *, demo: bool = False) -> PuzzleSpec:
    """Add a puzzle (replacing one of the same name); ``demo`` also appends it to the demo playlist."""
    _builtins()
    _SPECS[spec.name] = spec
    if demo:
        _PLAYLIST.append(spec.name)
    return spec


def unregister(name: str) -> None:
    _SPECS.pop(name, None)
    while name in _PLAYLIST:
        _PLAYLIST.remove(name)


def get(name: str) -> PuzzleSpec:
    _builtins()
    try:
        return _SPECS[name]
    except KeyError:
        raise UnknownPuzzle(name) from None


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


def demo_playlist() -> tuple[str, ...]:
    """The puzzles the unattended demo cycles through, in order (a puzzle may come back)."""
    _builtins()
    return tuple(n for n in _PLAYLIST if n in _SPECS)


def set_demo_playlist(names: list[str]) -> None:
    _builtins()
    _PLAYLIST[:] = names
