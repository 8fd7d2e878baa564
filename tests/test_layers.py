"""The import rules of the design: solvers/ stands alone, only game/ui/ touches pygame."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def _python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_solvers_import_neither_pygame_nor_game() -> None:
    for path in _python_files("solvers"):
        assert not _imports(path) & {"pygame", "game"}, path


def test_only_game_ui_imports_pygame() -> None:
    for path in _python_files("game"):
        if "ui" in path.relative_to(ROOT / "game").parts[:1]:
            continue
        assert "pygame" not in _imports(path), path


def test_nothing_loads_pickles_or_evals() -> None:
    for folder in ("solvers", "game", "bench"):
        for path in _python_files(folder):
            text = path.read_text(encoding="utf-8")
            assert "pickle" not in _imports(path), path
            assert "eval(" not in text.replace("literal_eval(", ""), path
            assert "allow_pickle=True" not in text, path
