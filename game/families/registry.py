"""The registry of families: every folder under ``game/families`` registers its family with one
line (``register(FAMILY)`` at the foot of its ``family.py``), and :func:`discover` imports them all.
A family defined elsewhere (a test's) registers the same way, and from then on files of that
family read, solve, draw and shelve like any other.

May import: :mod:`game.families.base` only; the families import this, never the other way round
(discovery imports them by name, at run time).
"""
from __future__ import annotations

import importlib
import pkgutil

from game.families.base import Family, Importer

__all__ = ["discover", "families", "family", "family_of", "importers", "register", "unregister"]

_FAMILIES: dict[str, Family] = {}
_discovered = False


def register(family: Family) -> Family:
    """Add ``family`` (replacing one of the same key): one line at the foot of its folder's family.py."""
    _FAMILIES[family.key] = family
    return family


def unregister(key: str) -> None:
    _FAMILIES.pop(key, None)


def discover() -> None:
    """Import every family folder of this package, once: each registers itself. (Through the package's
    own path, so the frozen desktop bundle, whose modules live in an archive, finds them too.)"""
    global _discovered
    if _discovered:
        return
    _discovered = True
    import game.families as package
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.ispkg:
            importlib.import_module(f"game.families.{info.name}.family")


def families() -> list[Family]:
    """Every family, in the order of their shelves."""
    discover()
    return sorted(_FAMILIES.values(), key=lambda f: (f.order, f.key))


def family(key: str) -> Family | None:
    """The family a file's ``family`` key names (None: no such family)."""
    discover()
    return _FAMILIES.get(key)


def family_of(defn: object) -> Family:
    """The family whose files read into ``defn``'s type."""
    for candidate in families():
        if candidate.definition is not None and isinstance(defn, candidate.definition):
            return candidate
    raise LookupError(f"no family reads into {type(defn).__name__}")


def importers() -> list[tuple[Family, Importer]]:
    """Every other file format the families read, with its family."""
    return [(f, importer) for f in families() for importer in f.importers]
