"""The command-line manners people expect: ``--version`` from the package's metadata (or the checkout's
pyproject.toml), a suggestion for a misspelt puzzle name wherever a command takes one, and the window's
script for launchers, which has nowhere to print on Windows and shows a failure in a message box."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from game.cli import main
from game.common import identity

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
SUGGESTED = "error: There is no puzzle called 'klotsky'. Did you mean klotski?\n"


def test_version_prints_the_package_s_name_and_version(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr() == (f"fewest-moves {VERSION}\n", "")


def test_the_installed_command_says_its_version() -> None:
    command = Path(sys.executable).parent / "fewest-moves"
    done = subprocess.run([str(command), "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"fewest-moves {VERSION}\n", "")


def test_a_checkout_without_the_package_installed_reads_its_version_from_pyproject(monkeypatch) -> None:
    def missing(name: str) -> None:
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(identity.metadata, "metadata", missing)
    identity.about.cache_clear()
    try:
        about = identity.about()
        assert about.version == VERSION
        assert about.urls["Repository"].startswith("https://github.com/")
    finally:
        identity.about.cache_clear()


def test_the_metadata_carries_keywords_classifiers_addresses_and_the_changelog() -> None:
    meta = metadata.metadata("fewest-moves")
    assert "Topic :: Games/Entertainment :: Puzzle Games" in (meta.get_all("Classifier") or ())
    assert "klotski" in (meta.get_all("Keywords") or [""])[0].split(",")
    assert {"Homepage", "Repository", "Issues", "Changelog"} <= set(identity.about().urls)
    assert identity.about().urls["Changelog"].endswith("/CHANGELOG.md")
    entry_points = {ep.name: ep.value for ep in metadata.entry_points(group="gui_scripts")}
    assert entry_points.get("fewest-moves-gui") == "game.ui.launcher:main"


@pytest.mark.parametrize("args", [
    ["solve", "klotsky"],
    ["analyze", "klotsky"],
    ["solve", "klotsky", "--moves", "line"],
    ["screenshot", "klotsky", "never-written.png"],
    ["play", "klotsky"],
    ["play", "klotsky", "--from", "AABC/AABC/DEEF/DGHF/I..J"],
    ["bench", "tables", "--puzzles", "klotsky"],
])
def test_a_misspelt_puzzle_gets_a_suggestion_in_one_sentence_and_exit_status_2(capsys, args) -> None:
    assert main(args) == 2
    assert capsys.readouterr() == ("", SUGGESTED)


def test_the_suggestion_keeps_the_count_and_ignores_case(capsys) -> None:
    assert main(["solve", "Klotsky@lin"]) == 2
    assert capsys.readouterr().err == "error: There is no puzzle called 'Klotsky@lin'. Did you mean klotski@line?\n"


def test_a_name_like_no_puzzle_and_a_missing_file_get_the_sentences_they_had(capsys) -> None:
    assert main(["solve", "nope"]) == 2
    assert capsys.readouterr().err == "error: There is no puzzle called 'nope' (try 'list' to see them all).\n"
    assert main(["solve", "klotsky.toml"]) == 2
    assert capsys.readouterr().err == "error: There is no puzzle file at 'klotsky.toml'.\n"


def test_the_window_s_script_without_a_console_shows_a_failure_in_a_message_box(monkeypatch) -> None:
    import pygame

    from game.ui import launcher
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(pygame.display, "message_box", lambda title, text, kind: shown.append((title, text)))
    monkeypatch.setattr(sys, "argv", ["fewest-moves-gui", "play", "klotsky"])
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    assert launcher.main() == 2
    assert shown == [("Fewest Moves", SUGGESTED.strip())]
