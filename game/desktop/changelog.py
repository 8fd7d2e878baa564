"""The releases of ``CHANGELOG.md`` (Keep a Changelog): each released version, its date and its notes,
for the metainfo's ``<releases>``. The Unreleased section is no release."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_RELEASE = re.compile(r"## \[(?P<version>[^\]]+)\] - (?P<date>\d{4}-\d{2}-\d{2})\s*$")
_SECTION = re.compile(r"## \[")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


@dataclass
class Release:
    version: str
    date: str
    notes: list[tuple[str, list[str]]] = field(default_factory=list)   # (heading, its items)


def plain(text: str) -> str:
    """Markdown's inline marks taken off: code, emphasis, links (their text stays)."""
    return _LINK.sub(r"\1", text).replace("`", "").replace("**", "")


def releases(markdown: str) -> list[Release]:
    """The released versions, newest first, as the file lists them."""
    found: list[Release] = []
    current: Release | None = None
    for line in markdown.splitlines():
        if _SECTION.match(line):
            head = _RELEASE.match(line)
            current = Release(head["version"], head["date"]) if head else None
            if current is not None:
                found.append(current)
        elif current is None:
            continue
        elif line.startswith("### "):
            current.notes.append((line[4:].strip(), []))
        elif line.startswith("- ") and current.notes:
            current.notes[-1][1].append(plain(line[2:].strip()))
        elif line.startswith("  ") and line.strip() and current.notes and current.notes[-1][1]:
            items = current.notes[-1][1]
            items[-1] += " " + plain(line.strip())
    return found
