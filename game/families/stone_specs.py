"""The spec a file of a stone family becomes (frogs, knights, pairs): its card from the file's title
and subtitle, its oracle (a table where the rank space is small enough, else plain searches)."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable

from game.catalog.dealers import ClassicStart
from game.catalog.spec import DemoPlan, EditMode, Figures, InputMode, Presentation, PuzzleSpec, Recipe, Shelf
from game.families.base import Family
from game.families.stones import BLACK, WHITE, with_start
from game.files.model import Common
from game.oracles.base import Oracle
from game.oracles.search import SearchOracle
from game.oracles.table import TABLE_LIMIT, TableOracle
from game.rules.puzzle import Puzzle

__all__ = ["card_title", "stone_spec", "token_oracle"]


def card_title(title: str, shelf: Shelf) -> str:
    """A file's card title: its title without the shelf's name ('Frogs, board A' -> 'Board A').
    Derived from the file's text, so the catalogs hold it for each shipped file as they hold the title."""
    short = title.removeprefix(f"{shelf.title}, ")
    return short[:1].upper() + short[1:]


def token_oracle(puzzle: Puzzle, recipe: Recipe | None = None) -> Oracle:
    """A table where the rank space is small enough, else plain searches."""
    if puzzle.ranker is not None and puzzle.ranker.size <= TABLE_LIMIT:
        return TableOracle(puzzle, recipe)
    return SearchOracle(puzzle, recipe)


def stone_spec(family: Family, name: str, defn: Any, build: Callable[[], Puzzle], view: str, noun: str,
               blurb: str, pieces: tuple[str, str]) -> PuzzleSpec:
    """The spec of a stone family's file: its card from the file's title and subtitle (``blurb`` where
    it has none), ``pieces`` the black and the white stone in words (marked)."""
    common: Common = defn.common
    black, white = pieces
    return PuzzleSpec(name, family.shelf, Recipe(name, build, token_oracle), ClassicStart(), InputMode.CURSOR,
                      Presentation(view, card_title(common.title, family.shelf), common.subtitle or blurb,
                                   {BLACK: black, WHITE: white}, noun, common.group, common.variant, common.subtitle),
                      Figures(published=common.published.get("moves"), note=common.source), DemoPlan(),
                      family=family, edit=EditMode.PALETTE, as_file=partial(with_start, defn))
