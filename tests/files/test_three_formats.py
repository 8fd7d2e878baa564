"""One puzzle written in the three formats gives one definition, up to how pieces are lettered."""
from __future__ import annotations

import dataclasses

from game.catalog.reading import read_puzzle_file

from .support import FIXTURES, canonical


def test_toml_jimslide_and_knuth_give_equal_definitions():
    toml, js2, sliding = (read_puzzle_file(FIXTURES / f"silly.{ext}") for ext in ("toml", "js2", "sliding"))
    assert canonical(toml) == canonical(js2) == canonical(sliding)
    assert js2 == dataclasses.replace(sliding, common=dataclasses.replace(sliding.common, origin="silly.js2"))


def test_canonical_relabelling_does_not_hide_real_differences():
    toml = read_puzzle_file(FIXTURES / "silly.toml")
    moved = dataclasses.replace(toml, goal=("...##", "...CD", "..AAA", "..BAB", "..BBB"))
    assert canonical(moved) == canonical(toml)          # C and D are identical: either may be written
    other = dataclasses.replace(toml, goal=("...##", "..CD.", "..AAA", "..BAB", "..BBB"))
    assert canonical(other) != canonical(toml)
    unshared = dataclasses.replace(toml, same=())
    assert canonical(unshared) != canonical(toml)
