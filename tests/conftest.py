"""Shared test set-up: no display, no sound, and private cache, settings, data and state folders per
test run (a test that saves a puzzle or a setting must never touch the player's own); games in
progress and records are private to each test, so no test resumes another's game."""
import os
import shutil
import tempfile
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LANGUAGE"] = "en"   # the window follows the system's language: the tests pin the English text
for _name, _prefix in (("FEWEST_MOVES_DATA", "data"), ("FEWEST_MOVES_CONFIG", "config"),
                       ("FEWEST_MOVES_STATE", "state")):
    os.environ[_name] = tempfile.mkdtemp(prefix=f"fewest-moves-test-{_prefix}-")

# One cache folder for the whole run, never the player's: the first process of the run (the one pytest-xdist
# starts its workers from, with its environment) makes it, so tables that tests only read are built once for
# every worker and numba compiles each kernel once (the cache writes each file whole, and writers may race).
# Set here, before any test imports the game: solvers/compiled.py takes numba's folder from it at import.
# A test that forges, damages or must build a table points FEWEST_MOVES_CACHE at a folder of its own.
_RUN_CACHE = "FEWEST_MOVES_TEST_RUN_CACHE"
_MADE_RUN_CACHE = _RUN_CACHE not in os.environ
if _MADE_RUN_CACHE:
    os.environ[_RUN_CACHE] = tempfile.mkdtemp(prefix="fewest-moves-test-cache-")
os.environ["FEWEST_MOVES_CACHE"] = os.environ[_RUN_CACHE]
os.environ["NUMBA_CACHE_DIR"] = os.path.join(os.environ[_RUN_CACHE], "numba")


def pytest_unconfigure(config: pytest.Config) -> None:
    """The run's cache folder goes with the process that made it, after every worker is done."""
    if _MADE_RUN_CACHE:
        shutil.rmtree(os.environ[_RUN_CACHE], ignore_errors=True)


@pytest.fixture(autouse=True)
def _no_stale_cache_notices() -> None:
    """A cache notice left pending by an earlier test is not this test's to print."""
    from solvers import cache
    cache.take_notices()


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    """A test that switches the window to another language leaves English behind it."""
    yield
    from game.common import i18n
    i18n.deactivate()


@pytest.fixture(autouse=True)
def _nothing_frozen_after() -> Iterator[None]:
    """A test that started the demo froze what the process held (see the demo's ``settle``): it is handed
    back to the collector afterwards, so the apps of later tests are not kept nor skipped."""
    yield
    import gc
    if gc.get_freeze_count():
        gc.unfreeze()


@pytest.fixture(scope="session")
def _private_root(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("private"))


@pytest.fixture(autouse=True)
def _private_games(_private_root: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test its own state and data folders: games in progress, saves, records (the catalog has
    read the run's puzzle folder once, when first asked). Made by one call each, in a folder of their own:
    a numbered folder of pytest's reads every name in its folder to find its number, and two a test
    there made each test's folders cost more than the last (about 10 s a worker over the suite)."""
    monkeypatch.setenv("FEWEST_MOVES_STATE", tempfile.mkdtemp(prefix="state-", dir=_private_root))
    monkeypatch.setenv("FEWEST_MOVES_DATA", tempfile.mkdtemp(prefix="data-", dir=_private_root))


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The player's folder is a temporary one; puzzles saved into it leave the shelves afterwards."""
    from game.catalog import registry as catalog
    from game.catalog import library

    monkeypatch.setenv("FEWEST_MOVES_DATA", str(tmp_path))
    before = set(catalog.names())
    yield library.player_folder()
    for name in set(catalog.names()) - before:
        catalog.unregister(name)
