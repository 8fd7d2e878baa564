"""The library as its index tells it: each puzzle of the game's own files known without reading its file.

Reading the library's files took longer than anything else before the menu's first frame, yet the menu needs
of them only what the shipped index (:mod:`game.catalog.index`) can say: names, shelves, cards (titles, blurbs,
groups and variants, a level's start as text), counts and figures. So each of the library's puzzles is an
:class:`IndexedSpec`: every plain value of its spec from its row's card, and what only the file can give (its
rules, its dealer, its other counts, its notation) made from the file the first time one of them is asked for:
when its card is drawn, or its puzzle is opened, solved or played. A file that cannot be used then is one
sentence, as it would have been when the library was read.

The card is checked like every file the game reads (bounded, every value's type); anything wrong in any card,
or a library folder whose files are not those the index names at the sizes it gives, and the library is read
from its files as before. A file changed in place (same size) is caught when it is read: where it no longer
says what its card says, the file's word wins.
"""
from __future__ import annotations

import threading
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any, Callable, Mapping

from game.catalog import library
from game.catalog.index import MAX_TEXT, Row, decode, encode
from game.catalog.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Shelf
from game.families import registry
from game.families.base import Family
from game.files.errors import PuzzleFileError
from game.rules.counts import Count

__all__ = ["FIGURES", "IndexedSpec", "PRESENTATION", "card_of", "indexed_spec", "library_specs", "with_places"]

MAX_ITEMS = 400    # entries of one mapping or list of a card (a level's rows, a piece's names)

# -- a card's values as JSON, each checked as it is read -------------------------------------------------


def _text(value: object) -> str:
    return decode(value)


def _plain(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise ValueError("a value is not a string")
    return value


def _flag(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError("a value is not true or false")
    return value


def _number(value: object) -> int | None:
    if value is not None and (type(value) is not int or value < 0):
        raise ValueError("a figure is not a number")
    return value


def _items(value: object, kind: type[list] | type[dict]) -> Any:
    if not isinstance(value, (list, dict)) or not isinstance(value, kind) or len(value) > MAX_ITEMS:
        raise ValueError("a value is not a short list or mapping")
    return value


def _code(key: str) -> int:
    if not (key.isascii() and key.isdigit() and len(key) <= 3):
        raise ValueError("a piece's code is not a number")
    return int(key)


def _names(value: object) -> dict[int, str]:
    return {_code(key): _text(text) for key, text in _items(value, dict).items()}


def _roles(value: object) -> dict[int, tuple[str, ...]]:
    return {_code(key): tuple(_text(text) for text in _items(texts, list)) for key, texts in _items(value, dict).items()}


def _lines(value: object) -> tuple[str, ...]:
    return tuple(_plain(line) for line in _items(value, list))


def _pairs(value: object) -> tuple[tuple[str, str], ...]:
    pairs = [_items(pair, list) for pair in _items(value, list)]
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError("a row of figures is not a label and a value")
    return tuple((_text(label), _text(said)) for label, said in pairs)


def _as_text(value: Any) -> object:
    return encode(value)


def _as_names(value: Any) -> object:
    return {str(code): encode(text) for code, text in value.items()}


def _as_roles(value: Any) -> object:
    return {str(code): [encode(text) for text in texts] for code, texts in value.items()}


def _as_pairs(value: Any) -> object:
    return [[encode(label), encode(said)] for label, said in value]


def _same(value: Any) -> object:
    return list(value) if isinstance(value, tuple) else value


Kind = tuple[Callable[[Any], object], Callable[[object], Any]]   # (to JSON, from JSON)
TEXT: Kind = (_as_text, _text)
PLAIN: Kind = (_same, _plain)
# Every field of a presentation and of the figures, and how a card keeps it (a test holds these to the fields).
PRESENTATION: dict[str, Kind] = {
    "view": PLAIN, "short_title": TEXT, "blurb": TEXT, "piece_names": (_as_names, _names), "piece_noun": TEXT,
    "group": TEXT, "variant": TEXT, "subtitle": TEXT, "piece_plurals": (_as_names, _names), "keys_line": TEXT,
    "key_rows": (_as_pairs, _pairs), "piece_roles": (_as_roles, _roles), "grid": (_same, _flag), "sketch": (_same, _lines)}
FIGURES: dict[str, Kind] = {
    "published": (_same, _number), "positions": (_same, _number), "longest": (_same, _number),
    "rows": (_as_pairs, _pairs), "note": TEXT}


def _kept(value: Any, kinds: Mapping[str, Kind]) -> dict[str, object]:
    """A presentation's or figures' fields as JSON, those left at their defaults left out."""
    out = {}
    for field in fields(value):
        got = getattr(value, field.name)
        default = field.default_factory() if field.default_factory is not MISSING else field.default
        if default is MISSING or got != default:
            out[field.name] = kinds[field.name][0](got)
    return out


def _made(kind: type, value: object, kinds: Mapping[str, Kind]) -> Any:
    """A presentation or figures from a card's JSON (ValueError for an unknown field or a wrong value)."""
    got = _items(value, dict)
    if not set(got) <= set(kinds):
        raise ValueError("a card names a field it cannot have")
    return kind(**{name: kinds[name][1](item) for name, item in got.items()})


def card_of(spec: PuzzleSpec, size: int) -> dict[str, object]:
    """What the index keeps of a library puzzle's spec as its file ``size`` bytes long makes it."""
    family = spec.family
    if not isinstance(family, Family):
        raise ValueError(f"{spec.name} has no family")
    card: dict[str, object] = {"bytes": size, "family": family.key, "count": spec.count.key,
                               "counts": [count.key for count in spec.counts], "input": spec.input.value,
                               "edit": spec.edit.value}
    if spec.shelf != family.shelf:
        card["shelf"] = [spec.shelf.key, spec.shelf.title, list(spec.shelf.colour)]
    if spec.demo is not None:
        card["demo"] = True
    card["presentation"] = _kept(spec.presentation, PRESENTATION)
    card["figures"] = _kept(spec.figures, FIGURES)
    return card


# -- the spec ----------------------------------------------------------------------------------------------

_READING = threading.RLock()   # one file read at a time (the window's thread and a background job may both ask)


class _FromFile:
    """An attribute of an :class:`IndexedSpec` that only its file gives: the file is read the first time any
    of them is asked for (after that the value is the instance's own, found before this)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, spec: Any, owner: type | None = None) -> Any:
        if spec is None:
            return self
        spec.read()
        return spec.__dict__[self.name]


# What a spec takes from its file, and what from its card.
FROM_FILE = ("recipe", "dealer", "recount", "as_file", "redoor", "writes", "solutions")
FROM_CARD = ("shelf", "input", "presentation", "figures", "demo", "family", "base", "count", "edit")


class IndexedSpec(PuzzleSpec):
    """One of the library's puzzles as the index tells it (see the module docstring): a whole spec once its
    file is read. Made by :func:`indexed_spec`; a copy (``dataclasses.replace``) is an ordinary whole spec."""

    recipe = _FromFile()
    dealer = _FromFile()
    recount = _FromFile()
    as_file = _FromFile()
    redoor = _FromFile()
    writes = _FromFile()
    solutions = _FromFile()
    file_read = True           # an instance made whole (a copy) has nothing left to read
    path: Path
    number: int
    shelved: bool              # on a shelf of its file's or folder's own (a collection's), not its family's
    listed_counts: tuple[Count, ...]
    failure: PuzzleFileError | None

    @property
    def counts(self) -> tuple[Count, ...]:
        return super().counts if self.file_read else self.listed_counts

    def read(self) -> None:
        """Read the file (once): what only it gives joins the card's values; where the file no longer says
        what the card says, every value is the file's. PuzzleFileError, the same each time, if it cannot be used."""
        with _READING:
            if self.file_read:
                return
            if self.failure is not None:
                raise self.failure
            try:
                found = self.file_spec()
            except PuzzleFileError as err:
                object.__setattr__(self, "failure", err)
                raise
            same = found.counts == self.listed_counts and all(getattr(found, f) == getattr(self, f) for f in FROM_CARD)
            for name in FROM_FILE if same else (*FROM_FILE, *FROM_CARD, "words"):
                object.__setattr__(self, name, getattr(found, name))
            object.__setattr__(self, "file_read", True)

    def file_spec(self) -> PuzzleSpec:
        """The spec its file makes now, as the library's reading makes it (its rules built when asked for)."""
        defn = library.read_member(self.path, self.number, self.presentation.group)
        spec = library.lazy_spec(self.name, defn, library.origin_of(self.path, self.number))
        return library.on_shelf(spec, self.shelf) if self.shelved else spec


def indexed_spec(name: str, row: Row, folder: library.Folders) -> IndexedSpec:
    """The spec of a library puzzle's row (ValueError where its card is not one the index would write)."""
    card = _items(row.card, dict)
    family = next((f for f in registry.families() if f.key == card.get("family")), None)
    if family is None:
        raise ValueError(f"{name}'s card names no family")
    count, counts = _count(family, card.get("count")), tuple(_count(family, key) for key in _items(card["counts"], list))
    shelf = _shelf(card["shelf"]) if "shelf" in card else family.shelf
    demo = card.get("demo", False)
    if not isinstance(demo, bool):
        raise ValueError(f"{name}'s card says neither true nor false of the demo")
    plan = DemoPlan() if demo else None
    path, _mark, number = row.place.partition("#")
    if not (number == "" or number.isascii() and number.isdigit() and 0 < len(number) <= 6):
        raise ValueError(f"{name}'s place names no puzzle of a file")
    spec = object.__new__(IndexedSpec)
    values = {"name": name, "shelf": shelf, "input": InputMode(card.get("input")),
              "presentation": _made(Presentation, card.get("presentation"), PRESENTATION),
              "figures": _made(Figures, card.get("figures"), FIGURES), "demo": plan, "family": family, "base": name,
              "count": count, "edit": EditMode(card.get("edit")), "words": row.words,
              "path": library.path_of(folder, path), "number": int(number) if number else 0, "shelved": "shelf" in card,
              "listed_counts": counts, "failure": None, "file_read": False}
    for key, value in values.items():
        object.__setattr__(spec, key, value)
    return spec


def _count(family: Family, key: object) -> Count:
    count = family.count(key) if isinstance(key, str) else None
    if count is None:
        raise ValueError("a card names a count its family has not")
    return count


def _shelf(value: object) -> Shelf:
    parts = _items(value, list)
    colour = _items(parts[2], list) if len(parts) == 3 else []
    if not (len(colour) == 3 and all(type(c) is int and 0 <= c <= 255 for c in colour)):
        raise ValueError("a card's shelf is not a key, a title and a colour")
    return Shelf(_plain(parts[0]), _plain(parts[1]), (colour[0], colour[1], colour[2]))


def library_specs(folder: library.Folders, rows: Mapping[str, Row], taken: set[str]) -> list[IndexedSpec] | None:
    """The library's puzzles as the index's ``rows`` tell them, named apart from ``taken`` as reading the
    folder (or folders: :func:`library.shipped_folders`) would name them; None where the index cannot say (a card
    it would not write, a name taken, or folders whose files are not those it names at the sizes it gives): then
    the folders are read."""
    filed = {name: row for name, row in rows.items() if row.place}
    sizes: dict[str, int] = {}
    try:
        specs = [indexed_spec(name, row, folder) for name, row in filed.items()]
        for row in filed.values():
            size = _number(_items(row.card, dict).get("bytes"))
            if size is None or sizes.setdefault(row.place.partition("#")[0], size) != size:
                return None
    except (ValueError, KeyError, TypeError):
        return None
    if any(spec.name in taken for spec in specs) or sizes != library.listings(folder):
        return None
    return specs


def with_places(rows: Mapping[str, Row], specs: list[PuzzleSpec], places: Mapping[str, tuple[Path, int]],
                folder: library.Folders) -> dict[str, Row]:
    """``rows`` with the place and card of each of the library's puzzles (``places``: where reading ``folder``,
    or folders, found each)."""
    by_name = {spec.name: spec for spec in specs}
    sizes = library.listings(folder)
    out = {}
    for name, row in rows.items():
        if name not in places:
            out[name] = row
            continue
        path, number = places[name]
        file = library.place_of(folder, path)
        place = f"{file}#{number}" if number else file
        out[name] = Row(row.words, row.positions, place, card_of(by_name[name], sizes[file]))
    return out
