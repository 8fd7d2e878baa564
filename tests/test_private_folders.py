"""A test run keeps to folders of its own: no table it builds and no kernel numba compiles for it lands in the
player's cache folder."""
import os
from pathlib import Path

import platformdirs

from solvers import cache, compiled


def _inside(path: str | Path, folder: str | Path) -> bool:
    return Path(path).resolve().is_relative_to(Path(folder).resolve())


def test_tables_are_cached_in_the_runs_own_folder() -> None:
    assert not _inside(cache.cache_dir(), platformdirs.user_cache_dir("fewest-moves"))


def test_numba_compiles_into_the_runs_own_cache_folder() -> None:
    """solvers/compiled.py takes numba's folder from the cache folder when it is imported, which for a test
    module is before any test runs: the run's folder must be in place by then."""
    folder = os.environ["NUMBA_CACHE_DIR"]
    assert not _inside(folder, platformdirs.user_cache_dir("fewest-moves"))
    assert _inside(folder, cache.cache_dir())
    if compiled.available():
        import numba
        assert _inside(numba.config.CACHE_DIR, cache.cache_dir())
