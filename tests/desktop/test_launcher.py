"""``make install-desktop`` from the checkout: a launcher with the game's icon in the user's applications
folder whose command opens the game, in a window whose class is the app id and which carries the icon
(on a real X display), and ``make uninstall-desktop`` taking it all away again."""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.common.identity import APP_ID
from game.desktop.entry import split_exec
from tests.desktop import x11

ROOT = Path(__file__).resolve().parents[2]


def _make(target: str, home: Path) -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    return subprocess.run(["make", "--no-print-directory", target], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "XDG_DATA_HOME": str(home)}, timeout=300, check=True).stdout


def _entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str   # type: ignore[assignment, method-assign]   # keys keep their case
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_installed_launcher_opens_the_game_in_a_window_of_the_app_s_class_with_its_icon(tmp_path: Path) -> None:
    x11.need_tools()
    home = tmp_path / "share"
    _make("install-desktop", home)
    entry = _entry(home / "applications" / f"{APP_ID}.desktop")
    assert entry["Icon"] == APP_ID and (home / "icons/hicolor/256x256/apps" / f"{APP_ID}.png").is_file()
    argv = split_exec(entry["Exec"])
    assert Path(argv[0]).is_absolute() and os.access(argv[0], os.X_OK), argv
    env = {key: value for key, value in os.environ.items() if not key.startswith("SDL_VIDEO")}
    env.update(SDL_AUDIODRIVER="dummy", FEWEST_MOVES_CACHE=str(tmp_path / "cache"))
    with x11.display() as shown:
        env["DISPLAY"] = shown
        log = tmp_path / "game.log"
        with x11.running(argv, env, log) as game:
            window = x11.find_window(shown, "Fewest Moves", timeout=60)
            assert window is not None, f"no window of the game appeared ({game.poll()=}): {log.read_text()}"
            wm_class = x11.window_property(shown, window, "WM_CLASS")
            icon = x11.window_property(shown, window, "_NET_WM_ICON")
    assert wm_class.strip() == f'WM_CLASS(STRING) = "{APP_ID}", "{APP_ID}"'
    assert icon.startswith("_NET_WM_ICON(CARDINAL) =") and "Icon (128 x 128)" in icon, icon[:80]
    removed = [line for line in _make("uninstall-desktop", home).splitlines() if line.startswith("removed ")]
    assert len(removed) == 11 and not [p for p in home.rglob("*") if p.is_file()]
