"""The unattended demo's playlist: the puzzles it cycles through, in order (one may come back).
Each must be a puzzle whose spec plays in the demo (:attr:`~game.catalog.spec.PuzzleSpec.demo`);
a test checks every name."""
from __future__ import annotations

__all__ = ["PLAYLIST"]

PLAYLIST = ("eight", "goat", "fifteen", "frogs-line-3", "knights", "frogs-a", "pairs", "frogs-small-diagonal",
            "eight", "pairs-open", "frogs-b", "frogs-line-4", "frogs-small-backward", "klotski")
