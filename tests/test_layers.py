"""The import rules of the design: solvers/ stands alone; pygame is touched only by game/ui/ and by the
drawing of each family (its ``view*.py`` modules), which nothing else imports."""
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


def _draws(path: Path) -> bool:
    """Whether a module of game/ may touch pygame: the window's code, or a family's drawing."""
    parts = path.relative_to(ROOT / "game").parts
    return parts[0] == "ui" or (parts[0] == "families" and path.name.startswith("view"))


def _modules(path: Path) -> set[str]:
    """Every module a file imports, whole dotted names (``from a.b import c`` gives a.b and a.b.c)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_only_the_window_and_the_families_drawings_import_pygame() -> None:
    for path in _python_files("game"):
        if not _draws(path):
            assert "pygame" not in _imports(path), path


def test_a_familys_drawing_is_imported_by_drawing_code_only() -> None:
    """The command line and the midend never pull in pygame through a family's view."""
    for path in _python_files("game"):
        if _draws(path):
            continue
        views = {m for m in _modules(path) if m.startswith("game.families.") and m.rsplit(".", 1)[-1].startswith("view")}
        assert not views, (path, views)


def test_nothing_loads_pickles_or_evals() -> None:
    for folder in ("solvers", "game", "bench"):
        for path in _python_files(folder):
            text = path.read_text(encoding="utf-8")
            assert "pickle" not in _imports(path), path
            assert "eval(" not in text.replace("literal_eval(", ""), path
            assert "allow_pickle=True" not in text, path
