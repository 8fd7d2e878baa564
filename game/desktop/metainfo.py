"""The AppStream metainfo (``<app id>.metainfo.xml``): what software centres show of the game. Its name
and summary come in every language of the catalogs, its releases from ``CHANGELOG.md``, its screenshots
from the README's pictures at the project's repository (the ``Repository`` address of the package), so
that a software centre can fetch them."""
from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from game.common.identity import APP_ID, DISTRIBUTION, About, about
from game.common.untrusted import read_bounded
from game.desktop import words
from game.desktop.changelog import releases
from game.desktop.entry import CATEGORIES

ROOT = Path(__file__).resolve().parents[2]
BRANCH = "main"                      # the branch whose files the screenshots' addresses name
LICENCE = "MIT AND OFL-1.1 AND Bitstream-Vera"   # the code; the bundled fonts (assets/fonts/README.md)
DEVELOPER = "io.github.fewestmoves", "The Fewest Moves developers"
PICTURE_LIMIT = 16 * 1024 * 1024

DESCRIPTION = (
    "Fewest Moves is a collection of classic move puzzles with an optimal solver inside: sliding tiles "
    "(the 8- and 15-puzzles), Klotski and its family of sliding blocks, Goat, Rush-Hour-style cars, frogs "
    "that slide and jump, pairs and the knights exchange.",
    "The hint always gives an optimal move, and the auto-solve plays a provably shortest solution from "
    "wherever you are. Every position of the small puzzles is solved once, so the number of moves still "
    "needed is always on screen.",
)
FEATURES = (
    "Mouse or keyboard, undo for every move, and games kept between runs",
    "Every position of a puzzle by its distance from the goal, and a review of each game against the optimum",
    "A position editor that says at once whether a position can be solved, and in how many moves",
    "Puzzles as small text files: write your own, or read jim'slide and SLIDING files",
    "English and Japanese, a high-contrast theme and larger text",
)


@dataclass(frozen=True)
class Screenshot:
    file: str          # under assets/screenshots
    caption: str


SCREENSHOTS = (
    Screenshot("klotski.png", "Klotski: wooden blocks, the goal tinted on the floor"),
    Screenshot("menu.png", "The menu: every puzzle drawn at its start"),
    Screenshot("analysis-klotski.png", "Every position of Klotski by its distance from the goal"),
    Screenshot("editor.png", "The position editor: 47 moves to the goal"),
    Screenshot("review.png", "The review of a game against the optimal line"),
    Screenshot("help-frogs-c.png", "The help card of a frogs board: goal, rule, a slide and a jump"),
    Screenshot("goat-goal.png", "Goat solved: the pen closed round the sheep, the wolf outside"),
    Screenshot("menu-ja.png", "The menu in Japanese"),
)


def raw_address(repository: str, path: str) -> str:
    """Where a file of the repository's main branch can be fetched as it is."""
    prefix = "https://github.com/"
    if not repository.startswith(prefix):
        raise ValueError(f"the screenshots' addresses are made for a repository on GitHub, not {repository}")
    return f"https://raw.githubusercontent.com/{repository[len(prefix):].strip('/')}/{BRANCH}/{path}"


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    head = read_bounded(path, PICTURE_LIMIT)[:24]
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise ValueError(f"{path.name} is not a PNG picture")
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def _text(parent: ET.Element, tag: str, text: str, **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attributes)
    element.text = text
    return element


def _localised(parent: ET.Element, tag: str, message: str) -> None:
    _text(parent, tag, message)
    for code, text in sorted(words.translations(message).items()):
        _text(parent, tag, text, **{"xml:lang": code})


def metainfo(info: About | None = None, root: Path = ROOT) -> str:
    """The metainfo document."""
    info = info or about()
    component = ET.Element("component", type="desktop-application")
    _text(component, "id", APP_ID)
    _text(component, "metadata_license", "CC0-1.0")
    _text(component, "project_license", LICENCE)
    _localised(component, "name", words.NAME)
    _localised(component, "summary", words.SUMMARY)
    developer = ET.SubElement(component, "developer", id=DEVELOPER[0])
    _text(developer, "name", DEVELOPER[1])
    description = ET.SubElement(component, "description")
    for paragraph in DESCRIPTION:
        _text(description, "p", paragraph)
    features = ET.SubElement(description, "ul")
    for feature in FEATURES:
        _text(features, "li", feature)
    _text(component, "launchable", f"{APP_ID}.desktop", type="desktop-id")
    for kind, label in (("homepage", "Homepage"), ("bugtracker", "Issues"), ("vcs-browser", "Repository")):
        if label in info.urls:
            _text(component, "url", info.urls[label], type=kind)
    categories = ET.SubElement(component, "categories")
    for category in CATEGORIES:
        _text(categories, "category", category)
    keywords = ET.SubElement(component, "keywords")
    for word in words.KEYWORDS.strip(";").split(";"):
        _text(keywords, "keyword", word)
    shots = ET.SubElement(component, "screenshots")
    for i, shot in enumerate(SCREENSHOTS):
        width, height = png_size(root / "assets" / "screenshots" / shot.file)
        element = ET.SubElement(shots, "screenshot", type="default") if i == 0 else ET.SubElement(shots, "screenshot")
        _text(element, "caption", shot.caption)
        _text(element, "image", raw_address(info.urls.get("Repository", ""), f"assets/screenshots/{shot.file}"),
              type="source", width=str(width), height=str(height))
    ET.SubElement(component, "content_rating", type="oars-1.1")
    supports = ET.SubElement(component, "supports")
    for control in ("pointing", "keyboard"):
        _text(supports, "control", control)
    provides = ET.SubElement(component, "provides")
    _text(provides, "binary", DISTRIBUTION)
    listed = ET.SubElement(component, "releases")
    for release in releases(read_bounded(root / "CHANGELOG.md", PICTURE_LIMIT).decode("utf-8")):
        element = ET.SubElement(listed, "release", version=release.version, date=release.date)
        notes = ET.SubElement(element, "description")
        for heading, items in release.notes:
            _text(notes, "p", f"{heading}:")
            entries = ET.SubElement(notes, "ul")
            for item in items:
                _text(entries, "li", item)
    ET.indent(component, "  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(component, encoding="unicode") + "\n"
