"""The import rules of the design: solvers/ stands alone; pygame is touched only on the window's floor, which
a path says: game/ui/, and the ``ui/`` folder of each family (its drawing), which only that floor imports."""
from __future__ import annotations

import ast
import importlib.util
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


def floor_of(module: str) -> str | None:
    """The floor a module of game/ stands on, read from its dotted path: the package under game/ (None for the
    command line's modules beside them), except that a family's ``ui`` folder (game.families.<name>.ui...) is
    the window's floor, ``ui``, above the family's rules."""
    parts = module.split(".")
    if len(parts) > 4 and parts[1] == "families" and parts[3] == "ui":
        return "ui"
    return parts[1] if len(parts) > 2 or (ROOT / "game" / parts[-1]).is_dir() else None


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _draws(path: Path) -> bool:
    """Whether a module of game/ may touch pygame: one on the window's floor."""
    return floor_of(_module_name(path)) == "ui"


def test_the_floor_of_a_module_is_read_from_its_path() -> None:
    assert floor_of("game.families.blocks.ui.view") == "ui"
    assert floor_of("game.families.blocks.ui") == "families"     # the folder's docstring only: no drawing
    assert floor_of("game.families.blocks.rules") == "families"
    assert floor_of("game.families.ui_words") == "families"
    assert floor_of("game.ui.views") == "ui"
    assert floor_of("game.ui") == "ui"
    assert floor_of("game.midend.session") == "midend"
    assert floor_of("game.cli") is None


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


def test_nothing_beside_a_familys_ui_folder_draws() -> None:
    """A family's drawing is in its ui/ folder, so the path says the floor: a module of the family's rules
    that imported pygame or the window would straddle two floors."""
    for path in _python_files("game/families"):
        if not _draws(path):
            ui = {m for m in _modules(path) if floor_of(m) == "ui"}
            assert not ui and "pygame" not in _imports(path), (path, ui)


def test_a_familys_drawing_is_imported_by_drawing_code_only() -> None:
    """The command line and the midend never pull in pygame through a family's drawing (the command line's
    own modules import the window late, inside the commands that open one)."""
    for path in _python_files("game"):
        if _draws(path):
            continue
        beside = floor_of(_module_name(path)) is None   # the command line's: the window itself, late, at most
        drawing = {m for m in _modules(path) if floor_of(m) == "ui" and not (beside and m.startswith("game.ui"))}
        assert not drawing, (path, drawing)


def test_a_familys_drawing_is_found_in_its_ui_folder() -> None:
    """Every family's drawing is where the window looks for it, and stands on the window's floor."""
    from game.families import registry
    from game.ui.views.drawings import drawing_module
    for family in registry.families():
        assert floor_of(drawing_module(family)) == "ui", family
        assert importlib.util.find_spec(drawing_module(family)) is not None, family


def test_nothing_loads_pickles_or_evals() -> None:
    for folder in ("solvers", "game", "bench"):
        for path in _python_files(folder):
            text = path.read_text(encoding="utf-8")
            assert "pickle" not in _imports(path), path
            assert "eval(" not in text.replace("literal_eval(", ""), path
            assert "allow_pickle=True" not in text, path


@cache
def _game_modules(folders: tuple[str, ...] = ("game",)) -> dict[str, Path]:
    """Every module of ``folders`` by its dotted name (walked once: the floors' check asks for each import)."""
    return {_module_name(path): path for folder in folders for path in _python_files(folder)}


def _import_graph(folders: tuple[str, ...] = ("game", "solvers")) -> dict[str, set[str]]:
    """Which of the modules of ``folders`` each of them imports: every import, at the top, inside a function
    or only for type checking (a circle drawn there is still a circle in the design)."""
    modules = _game_modules(folders)
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
    """Neither in game/ nor in solvers/ (nor between them: solvers/ never imports game/)."""
    graph = _import_graph()
    assert any(name.startswith("solvers.") for name in graph) and any(name.startswith("game.") for name in graph)
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_class_or_function_of_the_game_grows_into_a_god_object() -> None:
    """The guide: a class of about 400 lines at most, a function of about 80."""
    for path in _python_files("game"):
        for node in ast.walk(_tree(path)):
            size = (node.end_lineno or node.lineno) - node.lineno + 1 if hasattr(node, "lineno") else 0
            if isinstance(node, ast.ClassDef):
                assert size <= 400, f"{path}: class {node.name} has {size} lines"
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
    # the top floor: the window, with each family's drawing (and the command line's modules beside the floors,
    # which open it late and lend it its fonts' names)
    "ui": ("common", "rules", "files", "oracles", "families", "catalog", "midend", "keeping", "desktop", "cli",
           "fontsubset"),
}


def test_each_floor_imports_only_the_floors_below_it() -> None:
    modules = _game_modules()
    for name, path in modules.items():
        floor = floor_of(name)
        if floor not in FLOORS:
            continue
        allowed = tuple("game." + below for below in (floor, *FLOORS[floor]))
        wrong = {m for m in _modules(path) if m in modules and not any(m == a or m.startswith(a + ".") for a in allowed)}
        # a family's ui folder is on the window's floor, though its path runs through game.families
        wrong |= {m for m in _modules(path) if m in modules and floor_of(m) == "ui" != floor}
        if floor == "keeping" and name.split(".")[2:3] == ["settings"]:
            wrong |= {m for m in _modules(path) if m.startswith("game.") and not m.startswith("game.common")}
        assert not wrong, f"{name} imports {sorted(wrong)}"


def test_the_floors_check_sees_a_family_reaching_up_to_its_drawing(monkeypatch) -> None:
    """A family's rules importing its own drawing pass the prefix rule (both under game.families): the floor
    read from the path catches it."""
    rules = ROOT / "game" / "families" / "tiles" / "rules.py"
    real = _modules
    monkeypatch.setitem(globals(), "_modules",
                        lambda path: real(path) | ({"game.families.tiles.ui.view"} if path == rules else set()))
    try:
        test_each_floor_imports_only_the_floors_below_it()
    except AssertionError as caught:
        assert "game.families.tiles.rules imports ['game.families.tiles.ui.view']" in str(caught)
    else:
        raise AssertionError("the floors check let a family's rules import its drawing")
