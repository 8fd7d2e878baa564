"""Counts in words: one move, two moves, and no sentence that says "1 moves"."""
import re
from pathlib import Path

from game.words import n_moves, plural

ROOT = Path(__file__).resolve().parents[2]


def test_singular_for_exactly_one():
    assert n_moves(1) == "1 move" and n_moves(0) == "0 moves" and n_moves(2) == "2 moves"
    assert plural(1, "position") == "1 position" and plural(25955, "position") == "25,955 positions"
    assert plural(2, "child", "children") == "2 children"


def test_no_count_of_moves_is_written_without_its_plural_rule():
    """A number formatted straight before the word "moves" would say "1 moves" one day."""
    pattern = re.compile(r"\{[^{}:]*\}\s+moves\b")   # a formatted decimal ("2.5 moves") is fine
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted((ROOT / "game").rglob("*.py"))
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line) and "moves a second" not in line]
    assert found == []
