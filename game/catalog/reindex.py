"""``python -m game.catalog.reindex [--write]`` (``make index``): the shipped index of the game's own puzzles
(``assets/puzzle-words.tsv``, :mod:`game.catalog.index`): their words, computed from their rules (a few
seconds: every puzzle is built, the small ones swept) and the shipped ratings (the components of the large ones:
run ``make ratings`` first when a puzzle joins the library), and each library puzzle's file and card, from its
file; printed, or written to the file the catalog reads. A library file that cannot be used is one sentence
and no index."""
from __future__ import annotations

import sys

from game.catalog import index, indexed, library, ratings, registry as catalog


def main(argv: list[str]) -> int:
    specs, places, problems = catalog.own_from_files()
    if problems:
        print("\n".join(f"error: {problem}" for problem in problems), file=sys.stderr)
        return 2
    rated = {name: row.positions for name, row in ratings.load().items()}
    rows = indexed.with_places(index.compute(specs, rated), specs, places, library.shipped_folders())
    if "--write" in argv:
        print(f"wrote {index.write(rows)}: {len(rows):,} puzzles", file=sys.stderr)
    else:
        print(index.render(rows), end="")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
