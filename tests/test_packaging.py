"""What the wheel carries: every package of the checkout, the game's own files, and the two
commands (``fewest-moves`` and ``python -m game``). ``make package-check`` installs the real wheel
into a fresh environment; these tests catch a package or a folder of files left out of it. The desktop
bundle is built and run by ``make dist-check`` (in CI), too slow for this suite; here only its recipe is read."""
from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.common.resources import assets

ROOT = Path(__file__).resolve().parent.parent
NOT_SHIPPED = {"screenshots", "flatpak"}   # the README's pictures and the Flatpak's build recipe


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_every_package_of_the_checkout_is_in_the_wheel():
    listed = set(_config()["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for top in ("game", "solvers", "bench")
             for p in (ROOT / top).rglob("__init__.py")}
    assert found <= listed, f"packages the wheel would leave out: {sorted(found - listed)}"


def test_every_folder_of_the_game_s_own_files_travels_with_it():
    setuptools = _config()["tool"]["setuptools"]
    mapped = setuptools["package-dir"]
    used = {p.parent for p in ROOT.joinpath("assets").rglob("*") if p.is_file() and p.relative_to(ROOT / "assets").parts[0] not in NOT_SHIPPED}
    for folder in used:
        name = ".".join(("game", "assets", *folder.relative_to(ROOT / "assets").parts))
        assert mapped.get(name) == folder.relative_to(ROOT).as_posix() and name in setuptools["packages"]
        suffixes = {f"*{p.suffix}" for p in folder.iterdir() if p.is_file()}
        assert suffixes <= set(setuptools["package-data"][name]), f"{folder} holds files the wheel leaves out"
    assert _config()["project"]["scripts"]["fewest-moves"] == "game.cli:main"


def test_every_familys_own_puzzles_travel_with_it():
    """A family's puzzles folder (game/families/<name>/puzzles) is a package of data in the wheel, with every
    kind of file it holds."""
    setuptools = _config()["tool"]["setuptools"]
    folders = sorted({p.parent for p in (ROOT / "game" / "families").glob("*/puzzles/**/*") if p.is_file()})
    assert folders, "no family keeps its puzzles in its own folder"
    for folder in folders:
        name = ".".join(folder.relative_to(ROOT).parts)
        assert name in setuptools["packages"], f"{name} is not in the wheel's packages"
        suffixes = {f"*{p.suffix}" for p in folder.iterdir() if p.is_file()}
        assert suffixes <= set(setuptools["package-data"].get(name, ())), f"{folder} holds files the wheel leaves out"


def test_the_checkout_finds_its_own_files_and_runs_as_a_module():
    assert (assets() / "puzzles" / "klotski.toml").is_file() and (assets() / "fifteen10.tsv").is_file()
    out = subprocess.run([sys.executable, "-m", "game", "list"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True).stdout
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("    ")}
    assert "klotski" in lines and lines["frogs-line-4"].endswith(" 195 positions")   # a sweep run by the command


def _dist_recipe() -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    return subprocess.run(["make", "--no-print-directory", "-n", "dist"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True).stdout


def test_the_desktop_bundle_carries_every_entry_of_the_game_s_own_files_but_the_pictures():
    recipe = _dist_recipe()
    for entry in ROOT.joinpath("assets").iterdir():
        target = f"game/assets/{entry.name}" if entry.is_dir() else "game/assets"
        named = f'/assets/{entry.name}:{target}"' in recipe
        assert named == (entry.name not in NOT_SHIPPED), f"make dist and assets/{entry.name} disagree"


def test_a_frozen_worker_process_starts_as_a_worker_not_as_the_game():
    """The bundle runs main.py: freeze_support must come before the command line, or every background
    search would start another game instead (make dist-check proves it on the real bundle)."""
    lines = [line.strip() for line in ROOT.joinpath("main.py").read_text(encoding="utf-8").splitlines()]
    support = next(i for i, line in enumerate(lines) if line.startswith("multiprocessing.freeze_support()"))
    assert support < lines.index("sys.exit(main())")


def _makes_kernels(path: Path) -> bool:
    """Whether a module makes a numba kernel: calls ``compiled`` (solvers.compiled's) or decorates with it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "compiled":
            return True
        decorators = getattr(node, "decorator_list", [])
        if any(isinstance(d, ast.Name) and d.id == "compiled" for d in decorators):
            return True
    return False


def test_the_desktop_bundle_carries_the_source_of_every_module_with_kernels_beside_it():
    """numba caches a kernel in the game's folder only where it finds the kernel's source file: a module
    with kernels left out of the bundle's sources compiles again at every start (and caches in the home)."""
    made = {p.relative_to(ROOT).as_posix() for top in ("game", "solvers") for p in (ROOT / top).rglob("*.py")
            if p.name != "compiled.py" and _makes_kernels(p)}
    assert {"solvers/keysets.py", "game/families/blocks/kernels.py", "game/families/pegs/kernels.py"} <= made
    carried = dict(re.findall(r'--add-data "' + re.escape(str(ROOT)) + r'/([^"]+\.py):([^"]+)"', _dist_recipe()))
    assert set(carried) == made, f"kernels' sources the bundle leaves out: {sorted(made - set(carried))}"
    assert all(folder == str(Path(module).parent.as_posix()) for module, folder in carried.items()), carried
