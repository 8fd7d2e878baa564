"""``python -m game.catalog.reindex [--write]`` (``make index``): the shipped words of the game's own puzzles
(``assets/puzzle-words.tsv``, :mod:`game.catalog.index`), computed from their rules (a few seconds: every
puzzle is built, the small ones swept) and the shipped ratings (the components of the large ones: run
``make ratings`` first when a puzzle joins the library); printed, or written to the file the catalog reads."""
from __future__ import annotations

import sys

from game.catalog import index, ratings, registry as catalog


def main(argv: list[str]) -> int:
    rated = {name: row.positions for name, row in ratings.load().items()}
    rows = index.compute(catalog.own_specs(), rated)
    if "--write" in argv:
        print(f"wrote {index.write(rows)}: {len(rows):,} puzzles", file=sys.stderr)
    else:
        print(index.render(rows), end="")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
