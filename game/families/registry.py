"""The registry of families: every folder under ``game/families`` registers its family with one
line (``register(FAMILY)`` at the foot of its ``family.py``), and :func:`discover` imports them all.
A family defined elsewhere (a test's) registers the same way, and from then on files of that
family read, solve, draw and shelve like any other.

What a family names lives in namespaces shared by every family: its key, its kinds of move's labels,
their sounds' names (the mixer and the tests know a sound by its name), its board views' keys, its
shelf's key and the extensions its importers read (a file goes to the first importer of its extension, so
a second would never be asked). Registering refuses a family whose name in any of them another family
already uses, in one sentence naming both (:class:`FamilyClash`): a family that wants a kind like another's
names it its own way. What the game itself shares (the slide and its sound) any family may use as it is.

May import: :mod:`game.families.base`, and what the game itself names (its kinds, sounds and the
player's shelf); the families import this, never the other way round (discovery imports them by name,
at run time).
"""
from __future__ import annotations

import importlib
import pkgutil
from types import MappingProxyType
from typing import Mapping

from game.catalog.spec import YOURS
from game.common.synth import NO, SLIDE as SLIDE_SOUND, WIN
from game.families.base import Family, Importer
from game.rules.kinds import SLIDE

__all__ = ["FamilyClash", "discover", "families", "family", "family_of", "generation", "importers", "register",
           "renamed", "unregister"]

_FAMILIES: dict[str, Family] = {}
_discovered = False
_generation = 0
_renamed: tuple[int, Mapping[str, str]] = (-1, MappingProxyType({}))   # (generation, former name -> name)

# the namespaces, as a sentence says a family uses a name in each
KEY, KIND, SOUND, VIEW, SHELF, EXTENSION = ("has the key", "labels a kind of move", "names a sound",
                                            "names a board view", "names a shelf", "reads files ending")
# what the game itself names: the kind and sounds any family may use as they are (the same objects), the shelf and
# the extensions none may (its own files, .toml, and .txt, whose format each family's importers tell by its content)
_GAMES: tuple[tuple[str, str, object], ...] = (
    (KIND, SLIDE.label, SLIDE), (SOUND, SLIDE_SOUND.name, SLIDE_SOUND), (SOUND, NO.name, NO), (SOUND, WIN.name, WIN),
    (SHELF, YOURS.key, None), (EXTENSION, ".toml", None), (EXTENSION, ".txt", None))


class FamilyClash(ValueError):
    """A family that uses a name another family (or the game itself) already uses: refused when registered."""


def register(family: Family) -> Family:
    """Add ``family``: one line at the foot of its folder's family.py. The same family again (its module
    imported anew) replaces it; FamilyClash where its key, a kind's label or sound, a view, its shelf or
    an extension its importers read is another family's."""
    global _generation
    discover()
    _check(family)
    _FAMILIES[family.key] = family
    _generation += 1
    return family


def _names(family: Family) -> list[tuple[str, str, object]]:
    """What ``family`` names in each namespace (beyond its key): (namespace, name, the thing so named)."""
    named: list[tuple[str, str, object]] = []
    for kind in family.kinds:
        named += [(KIND, kind.label, kind), (SOUND, kind.sound.name, kind.sound)]
    named += [(VIEW, view, family) for view in family.views]
    named.append((SHELF, family.shelf.key, family.shelf))
    named += [(EXTENSION, extension.lower(), importer) for importer in family.importers
              for extension in importer.extensions]   # read whatever their case (see game.catalog.reading)
    return named


def _check(family: Family) -> None:
    """FamilyClash, in one sentence naming both families and the name, where ``family`` uses a name that another
    registered family (or the game itself) uses, or gives one name to two different things of its own."""
    newcomer = _called(family)
    known = _FAMILIES.get(family.key)
    if known is not None and _origin(known) != _origin(family):
        raise FamilyClash(f"the family {newcomer} cannot be registered: the family {_called(known)} already "
                          f"{KEY} '{family.key}'.")
    taken: dict[tuple[str, str], tuple[Family | None, object]] = {}
    for space, name, shared in _GAMES:
        taken[space, name] = (None, shared)
    for other in _FAMILIES.values():
        if other.key != family.key:
            for space, name, its in _names(other):
                taken.setdefault((space, name), (other, its))
    for space, name, thing in _names(family):
        owner, had = taken.setdefault((space, name), (family, thing))
        if had is thing and owner in (None, family):
            continue   # the game's own kind or sound, shared; or the family's own thing named again
        if owner is family:
            raise FamilyClash(f"the family {newcomer} cannot be registered: it {space} '{name}' twice, for two "
                              f"different things.")
        holder = "the game itself" if owner is None else f"the family {_called(owner)}"
        raise FamilyClash(f"the family {newcomer} cannot be registered: {holder} already {space} '{name}'.")


def _origin(family: Family) -> tuple[str, str]:
    """Where a family's class is defined: the same family registered anew (its module imported again) is
    defined in the same place."""
    return type(family).__module__, type(family).__qualname__


def _called(family: Family) -> str:
    """A family as a sentence names it: its class and its key."""
    return f"{type(family).__name__} ('{family.key}')"


def unregister(key: str) -> None:
    global _generation
    _FAMILIES.pop(key, None)
    _generation += 1


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


def generation() -> int:
    """How many times a family has been registered or let go: a cheap look whether the families changed."""
    discover()
    return _generation


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


def renamed() -> Mapping[str, str]:
    """Every family's puzzles that the game once shipped under another name: former name -> name (asked for
    each card of the menu each frame: made again only when the families change)."""
    global _renamed
    discover()
    if _renamed[0] != _generation:
        _renamed = (_generation, MappingProxyType({old: new for f in families() for old, new in f.renamed.items()}))
    return _renamed[1]


def importers() -> list[tuple[Family, Importer]]:
    """Every other file format the families read, with its family."""
    return [(f, importer) for f in families() for importer in f.importers]
