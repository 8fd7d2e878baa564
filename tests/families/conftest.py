from tests.ui.conftest import app  # noqa: F401 - the window, as the play screen's tests have it
