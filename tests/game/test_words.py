"""Counts in words: one move, two moves, and no sentence that says "1 moves"."""
import ast
import re
from pathlib import Path

from game.common.words import n_moves

ROOT = Path(__file__).resolve().parents[2]
COUNTED = re.compile(r"\{[^{}:]*\}\s+moves\b")   # a number put straight before "moves" ("2.5 moves" is fine)


def test_singular_for_exactly_one():
    assert n_moves(1) == "1 move" and n_moves(0) == "0 moves" and n_moves(2) == "2 moves"
    assert n_moves(25955) == "25,955 moves"


def _plural_arguments(tree: ast.AST) -> set[int]:
    """The ids of the string nodes given to ngettext as its plural form."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "ngettext":
            if len(node.args) >= 2:
                out |= {id(part) for part in ast.walk(node.args[1])}
    return out


def test_no_count_of_moves_is_written_without_its_plural_rule():
    """A number formatted straight before the word "moves" would say "1 moves" one day: such a text is
    the plural form of an ngettext sentence, which picks the form for the number."""
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        plural = _plural_arguments(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                text = node.value
            elif isinstance(node, ast.JoinedStr):
                text = ast.unparse(node)
            else:
                continue
            if COUNTED.search(text) and id(node) not in plural and "moves a second" not in text:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
