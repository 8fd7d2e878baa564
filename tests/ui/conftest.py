import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402


@pytest.fixture
def app():
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene
    a = App(size=(1280, 800), searcher="sync", headless=True, seed=7)
    a.push(MenuScene(a))
    yield a
    a.close()
