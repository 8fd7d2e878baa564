"""Installing the game for the user: the desktop entry running the command given, the icons under the app
id's name in the hicolor theme, the metainfo; and uninstalling them, and nothing else."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from game.common.identity import APP_ID
from game.common.resources import assets
from game.desktop import install as desktop
from game.desktop.__main__ import main as desktop_command
from game.desktop.entry import split_exec

ROOT = Path(__file__).resolve().parents[2]


def _value(entry: Path, key: str) -> str:
    return next(line.split("=", 1)[1] for line in entry.read_text(encoding="utf-8").splitlines()
                if line.startswith(f"{key}="))


def test_install_puts_the_entry_icons_and_metainfo_where_the_desktop_looks_and_uninstall_takes_them(tmp_path):
    home = tmp_path / "share"
    command = str(tmp_path / "the game's folder" / "bin" / "fewest-moves")
    neighbour = home / "applications" / "another.desktop"
    neighbour.parent.mkdir(parents=True)
    neighbour.write_text("[Desktop Entry]\n", encoding="utf-8")
    written = desktop.install(home, [command])
    entry = home / "applications" / f"{APP_ID}.desktop"
    assert entry in written and split_exec(_value(entry, "Exec")) == [command]
    assert _value(entry, "Icon") == APP_ID
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        icon = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert icon.read_bytes() == (assets() / "icons" / f"icon-{size}.png").read_bytes()
    assert (home / "icons/hicolor/scalable/apps" / f"{APP_ID}-symbolic.svg").is_file()
    assert (home / "metainfo" / f"{APP_ID}.metainfo.xml").read_bytes() == \
        (ROOT / "assets" / "desktop" / f"{APP_ID}.metainfo.xml").read_bytes()
    assert sorted(written) == sorted(p for p in home.rglob("*") if p.is_file() and p != neighbour)
    assert desktop.install(home, [command]) == written          # again: the same files, written over
    assert sorted(desktop.uninstall(home)) == sorted(written)
    assert [p for p in home.rglob("*") if p.is_file()] == [neighbour]
    assert desktop.uninstall(home) == []


def test_the_data_folder_is_xdg_data_home_when_absolute_else_the_default() -> None:
    assert desktop.data_home({"XDG_DATA_HOME": "/srv/share"}) == Path("/srv/share")
    default = Path.home() / ".local" / "share"
    assert desktop.data_home({"XDG_DATA_HOME": "relative/share"}) == default
    assert desktop.data_home({}) == default


def test_the_entry_runs_the_command_beside_this_python_by_its_absolute_path() -> None:
    beside = Path(sys.executable).parent / "fewest-moves"
    assert beside.is_file(), "the test environment has the game installed"
    assert desktop.command() == str(beside.absolute())


def test_the_command_installs_into_xdg_data_home_and_says_what_it_did(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert desktop_command(["install", "--exec", "/opt/game/fewest-moves"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 11 and all(line.startswith(f"installed {tmp_path}") for line in out)
    assert desktop_command(["uninstall"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 11
    assert desktop_command(["uninstall"]) == 0
    assert capsys.readouterr().out == f"nothing to remove in {tmp_path}\n"


def test_a_data_folder_that_cannot_be_written_is_one_sentence(tmp_path, monkeypatch, capsys) -> None:
    blocked = tmp_path / "share"
    blocked.write_text("a file where the folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    assert desktop_command(["install", "--exec", "/opt/game/fewest-moves"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1 and os.fspath(blocked) in err
