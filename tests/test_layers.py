"""The import rules of the design: solvers/ stands alone; pygame is touched only by game/ui/ and by the
drawing of each family (its ``view*.py`` modules), which nothing else imports."""
from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@cache
def _tree(path: Path) -> ast.Module:
    """A file's syntax tree, parsed once for every check of this module (about 62,000 lines in all)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(path: Path) -> set[str]:
    tree = _tree(path)
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@cache
def _python_files(folder: str) -> tuple[Path, ...]:
    return tuple(sorted((ROOT / folder).rglob("*.py")))


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
    for node in ast.walk(_tree(path)):
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


@cache
def _game_modules() -> dict[str, Path]:
    """Every module of game/ by its dotted name (walked once: the floors' check asks for each import)."""
    modules = {}
    for path in _python_files("game"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    return modules


def _import_graph() -> dict[str, set[str]]:
    """Which game/ modules each game/ module imports: every import, at the top, inside a function or
    only for type checking (a circle drawn there is still a circle in the design)."""
    modules = _game_modules()
    return {name: {m for m in _modules(path) if m in modules and m != name} for name, path in modules.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            circle = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                circle.append(top)
                if top == node:
                    break
            if len(circle) > 1:
                found.append(sorted(circle))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_module_of_the_game_imports_itself_round_a_circle() -> None:
    assert _circles(_import_graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_class_or_function_of_the_game_grows_into_a_god_object() -> None:
    """The guide: a class of about 400 lines at most, a function of about 80."""
    for path in _python_files("game"):
        for node in ast.walk(_tree(path)):
            size = (node.end_lineno or node.lineno) - node.lineno + 1 if hasattr(node, "lineno") else 0
            if isinstance(node, ast.ClassDef):
                assert size <= 450, f"{path}: class {node.name} has {size} lines"
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert size <= 90, f"{path}: {node.name} has {size} lines"


# What each floor of game/ may import (besides itself, the standard library, numpy and solvers/), as
# each package's docstring says: the house read from the ground up.
FLOORS = {
    "common": (),
    "rules": ("common",),
    "files": ("common",),
    "oracles": ("common", "rules"),
    "families": ("common", "rules", "files", "oracles", "catalog.spec", "catalog.dealers"),
    "catalog": ("common", "rules", "files", "oracles", "families"),
    "midend": ("common", "rules", "files", "oracles", "catalog", "families", "keeping.settings"),
    "keeping": ("common", "rules", "files", "oracles", "catalog", "families", "midend"),
    "desktop": ("common", "catalog"),
}


def test_each_floor_imports_only_the_floors_below_it() -> None:
    for name, path in _game_modules().items():
        parts = name.split(".")
        floor = parts[1] if len(parts) > 2 else None
        if floor not in FLOORS or (floor == "families" and parts[-1].startswith("view")):
            continue
        allowed = tuple("game." + below for below in (floor, *FLOORS[floor]))
        wrong = {m for m in _modules(path) if m.startswith("game.") and m in _game_modules()
                 and not any(m == a or m.startswith(a + ".") for a in allowed)}
        if floor == "keeping" and parts[2] == "settings":
            wrong |= {m for m in _modules(path) if m.startswith("game.") and not m.startswith("game.common")}
        assert not wrong, f"{name} imports {sorted(wrong)}"
