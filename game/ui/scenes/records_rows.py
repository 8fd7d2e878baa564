"""The records screen's rows, from the records (no drawing here): each shelf's heading with how many of its
puzzles were solved at par, a row per puzzle with its stars and badge, a quieter line under it with the
help its assisted games had, and a row per way its games began where there is more than the start.

Only a puzzle's row shows stars, those of its games from its own start (``stars_from_start``), as its card
on the menu does and as the shelf's "at par" count counts: par is the puzzle's optimum from its start. The
rows of games dealt elsewhere show none: a row "Dealt 12 moves out" gathers different positions, each a
new puzzle with its own optimum, so a star there would not say how the player did at this puzzle (and
"Other positions" had no known optimum to be at par with).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable

from game.catalog import registry as catalog
from game.catalog.spec import PuzzleSpec, counted_name
from game.common.i18n import N_, _
from game.common.phrase import translated
from game.common.words import moves_text
from game.keeping.records import START, Badge, Record, Records, badge_of, help_words, key_label, key_order
from game.keeping.stars import Stars, at_par_words, stars_from_start
from game.midend.sayings import Tone
from game.ui import theme as T

OTHERS = N_("Other puzzles")
NO_STARS = Stars(0, False)


@dataclass(frozen=True)
class Row:
    """One line of the table: a shelf's heading, a puzzle, the help its games had, or one way its games began."""

    kind: str                          # "shelf", "puzzle", "help" or "key"
    label: str
    colour: Tone | T.Colour = Tone.TEXT   # a shelf's own colour, or a tone drawn in the palette in use
    name: str | None = None            # the puzzle to play from this row
    record: Record | None = None
    badge: Badge = Badge.NONE
    in_progress: bool = False
    stars: Stars = NO_STARS            # a puzzle's stars from its start
    note: str = ""                     # a shelf's "7 of 12 at par"


def puzzle_label(spec: PuzzleSpec) -> str:
    """The puzzle's name in the table, in the player's language: its card's title and variant, and the
    way its moves are counted where that is not the puzzle's own."""
    p = spec.presentation
    # Translators: a puzzle in the records: its card's title and the variant chosen on the card ("Frogs · 4 v 3")
    label = (_("{group} · {variant}").format(group=_(p.group), variant=_(p.variant)) if p.group and p.variant
             else translated(p.short_title))
    if spec.name != spec.base:
        # Translators: a puzzle in the records whose moves were counted another way ("Klotski · moves by line")
        return _("{puzzle} · moves by {count}").format(puzzle=label, count=spec.count.word())
    return label


def rows(records: Records, in_progress: Callable[[str], bool] = lambda name: False) -> list[Row]:
    """The table's rows: every shelved puzzle in the menu's order (and each other count or puzzle file
    with records). A name in the records that is no shelved puzzle under any count is shown under "Other
    puzzles" by its name alone: no file is read for it (a long file may name thousands of puzzle files)."""
    out: list[Row] = []
    shelved = set(catalog.names())
    counts = {counted_name(spec.base, count): spec.name for spec in catalog.specs() for count in spec.counts}
    extra: dict[str, list[str]] = {}       # shelved puzzle -> its other counts that have records
    others: list[str] = []
    helps: dict[tuple[object, ...], str] = {}   # the help of many puzzles' games is said in the same words
    for name in sorted(records.puzzles):
        if name in shelved:
            continue
        base = counts.get(name)
        (extra.setdefault(base, []) if base in shelved else others).append(name)
    for shelf, cards in catalog.cards():   # the menu's order: its shelves, its cards, each card's variants
        specs = [spec for card in cards for spec in card]
        out.append(Row("shelf", translated(shelf.title), shelf.colour,
                       note=at_par_words(records, [spec.name for spec in specs])))
        for spec in specs:
            for name in (spec.name, *extra.get(spec.name, ())):
                out += _puzzle_rows(records, name, spec if name == spec.name else _variant(name), in_progress, helps)
    if others:
        out.append(Row("shelf", _(OTHERS), Tone.MUTED))
        for name in others:
            out += _puzzle_rows(records, name, None, in_progress, helps)
    return out


def _variant(name: str) -> PuzzleSpec | None:
    try:
        return catalog.get(name)   # another count of a shelved puzzle: made from its definition, no file read
    except (KeyError, ValueError):
        return None


def file_label(name: str) -> str:
    """A puzzle off the shelves by its file's name (the whole name where it ends in a separator)."""
    return os.path.basename(name.rstrip(os.sep + (os.altsep or ""))) or name


def _puzzle_rows(records: Records, name: str, spec: PuzzleSpec | None, in_progress: Callable[[str], bool],
                 helps: dict[tuple[object, ...], str]) -> list[Row]:
    label = puzzle_label(spec) if spec is not None else file_label(name)
    keys = records.of(name)
    total = records.total(name) if keys else None
    out = [Row("puzzle", label, Tone.TEXT if keys else Tone.MUTED, name if spec is not None else None,
               total, badge_of(total) if total is not None else Badge.NONE, in_progress(name),
               stars_from_start(records, name))]
    helped = ""
    if total is not None:
        said = (total.ladder, total.solver, total.marks)
        helped = helps[said] if said in helps else helps.setdefault(said, help_words(total))
    if helped:
        out.append(Row("help", helped, Tone.MUTED))
    if set(keys) - {START}:
        out += [Row("key", key_label(key), Tone.MUTED, None, keys[key]) for key in sorted(keys, key=key_order)]
    return out


def best_text(record: Record) -> tuple[str, Tone]:
    """The best of the player's own solves against the optimum: 'optimal', '+3', or its moves."""
    if record.best_over == 0:
        # Translators: the records' "Best" column: the best solve took the fewest moves possible
        return _("optimal"), Tone.GOOD
    if record.best_over is not None:
        return f"+{record.best_over}", Tone.TEXT
    if record.best_moves is not None:
        return moves_text(record.best_moves), Tone.TEXT
    return "–", Tone.DIM
