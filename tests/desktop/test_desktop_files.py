"""The desktop entry and the AppStream metainfo: one app id everywhere, kept as the code writes them now, and
passed by the validators desktops use (where they are installed; CI installs them)."""
from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.common.identity import APP_ID, DISTRIBUTION, about
from game.desktop.changelog import releases
from game.desktop.entry import desktop_entry, quote_exec, split_exec
from game.desktop.install import install
from game.desktop.metainfo import SCREENSHOTS, metainfo, png_size
from game.ui.window_identity import CLASS_VARIABLES

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "assets" / "desktop"
ENTRY, METAINFO = DATA / f"{APP_ID}.desktop", DATA / f"{APP_ID}.metainfo.xml"


def _entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str   # type: ignore[assignment, method-assign]   # keys keep their case
    parser.read_string(text)
    return parser["Desktop Entry"]


def test_the_app_id_is_written_once_in_the_code_and_named_by_every_file() -> None:
    assert re.fullmatch(r"io\.github\.[a-z0-9]+\.[A-Za-z0-9]+", APP_ID)
    defining = [p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py") if APP_ID in p.read_text("utf-8")]
    assert defining == ["game/common/identity.py"]
    entry = _entry(ENTRY.read_text(encoding="utf-8"))
    assert entry["Icon"] == entry["StartupWMClass"] == APP_ID
    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == APP_ID
    assert component.findtext("launchable") == ENTRY.name
    assert all(name.endswith("WMCLASS") for name in CLASS_VARIABLES)


def test_the_kept_entry_and_metainfo_are_what_the_code_writes_now() -> None:
    assert ENTRY.read_text(encoding="utf-8") == desktop_entry([DISTRIBUTION]), "make desktop-files"
    assert METAINFO.read_text(encoding="utf-8") == metainfo(), "make desktop-files"


def test_the_entry_is_a_game_with_the_package_s_command_and_the_japanese_name() -> None:
    entry = _entry(ENTRY.read_text(encoding="utf-8"))
    assert entry["Type"] == "Application" and entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;LogicGame;"
    assert split_exec(entry["Exec"]) == [DISTRIBUTION] and entry["TryExec"] == DISTRIBUTION
    assert entry["Name"] == "Fewest Moves" and entry["Name[ja]"] == "最短手数"
    assert "Klotski" in entry["Keywords"] and "箱入り娘" in entry["Keywords[ja]"]


def test_the_metainfo_describes_the_game_with_the_readme_s_screenshots_and_the_changelog_s_releases() -> None:
    component = ET.parse(METAINFO).getroot()
    assert component.get("type") == "desktop-application"
    assert [c.text for c in component.iter("category")] == ["Game", "LogicGame"]
    assert component.find("content_rating").get("type") == "oars-1.1"
    assert component.find("description").findall("p") and component.find("provides").findtext("binary") == DISTRIBUTION
    repository = about().urls["Repository"]
    owner_repo = repository.removeprefix("https://github.com/")
    images = component.findall("screenshots/screenshot/image")
    assert len(images) == len(SCREENSHOTS) >= 5
    for image, shot in zip(images, SCREENSHOTS):
        local = ROOT / "assets" / "screenshots" / shot.file
        assert image.text == f"https://raw.githubusercontent.com/{owner_repo}/main/assets/screenshots/{shot.file}"
        assert (int(image.get("width")), int(image.get("height"))) == png_size(local)
    assert component.find("screenshots/screenshot").get("type") == "default"
    listed = [(r.get("version"), r.get("date")) for r in component.iter("release")]
    kept = releases((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    assert listed == [(r.version, r.date) for r in kept] and listed
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert version in [v for v, _ in listed], "the package's version has a release in CHANGELOG.md"


def test_the_changelog_lists_released_versions_only_with_their_notes() -> None:
    text = ("# Changelog\n\n## [Unreleased]\n### Added\n- soon\n\n## [1.1.0] - 2027-01-02\n### Fixed\n"
            "- a `bug` in\n  two lines\n### Added\n- [a link](https://example.org/x)\n\n## [1.0.0] - 2026-12-01\n"
            "### Added\n- all\n\n[1.1.0]: https://example.org/compare\n")
    found = releases(text)
    assert [(r.version, r.date) for r in found] == [("1.1.0", "2027-01-02"), ("1.0.0", "2026-12-01")]
    assert found[0].notes == [("Fixed", ["a bug in two lines"]), ("Added", ["a link"])]


ARGUMENTS = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"), max_size=12)


@given(st.lists(ARGUMENTS, min_size=1, max_size=4))
def test_an_exec_line_reads_back_as_the_arguments_it_was_written_from(argv: list[str]) -> None:
    assert split_exec(quote_exec(argv)) == argv


def _validator(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed")
    return path


def test_desktop_file_validate_passes_the_kept_entry_and_an_installed_one(tmp_path: Path) -> None:
    validate = _validator("desktop-file-validate")
    home = tmp_path / "share"
    install(home, [str(tmp_path / "a folder with spaces" / "fewest-moves")])
    for path in (ENTRY, home / "applications" / ENTRY.name):
        done = subprocess.run([validate, str(path)], capture_output=True, text=True)
        assert done.returncode == 0 and not done.stdout.strip(), done.stdout


def test_appstreamcli_passes_the_metainfo() -> None:
    appstreamcli = _validator("appstreamcli")
    done = subprocess.run([appstreamcli, "validate", "--no-net", str(METAINFO)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
