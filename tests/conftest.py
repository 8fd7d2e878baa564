"""Shared test set-up: no display, no sound, and a private cache folder per test run."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Keep tests away from the player's own cache folder (tests may still share one build)."""
    if "FEWEST_MOVES_CACHE" not in os.environ:
        os.environ["FEWEST_MOVES_CACHE"] = str(tmp_path_factory.mktemp("cache"))
