"""The fonts the window draws with, and how they are built: subsets of fonts installed on a Debian-like
system, cut down to the characters the game shows so the package stays small.

Four files go to ``assets/fonts``: Inter in two weights for Latin text, Noto Sans CJK JP for Japanese
(and the Chinese puzzle names), DejaVu Sans for the symbols Inter lacks (Goat's box-drawing pieces).
Each subset also gets a line box of its own (ascent and descent) close to the one the game's layouts
were drawn with, so text keeps its height. Rebuild after a catalog or a puzzle gains characters:
``make fonts`` (``python -m game.fontsubset``; needs the ``fonts`` extra, fontTools).
"""
from __future__ import annotations

import ast
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Source:
    """One bundled font: the file it becomes, the installed font it is cut from, its line box in em."""
    name: str
    path: str
    package: str
    box: tuple[float, float] | None = None   # (ascent, descent); None keeps the font's own
    number: int = 0                          # the font's index inside a collection (.ttc)
    hinting: bool = True                     # off for the Japanese font: a sixth smaller, drawn alike


UI = Source("Inter-Medium.subset.otf", "/usr/share/fonts/opentype/inter/Inter-Medium.otf", "fonts-inter", (0.80, 0.24))
UI_BOLD = Source("Inter-SemiBold.subset.otf", "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", "fonts-inter",
                 (0.80, 0.24))
JAPANESE = Source("NotoSansCJKjp-Medium.subset.otf", "/usr/share/fonts/opentype/noto/NotoSansCJK-Medium.ttc",
                  "fonts-noto-cjk-extra", (0.88, 0.12), hinting=False)
SYMBOLS = Source("DejaVuSans-Bold.subset.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
                 "fonts-dejavu-core")
SOURCES = (UI, UI_BOLD, JAPANESE, SYMBOLS)
LICENCES = {UI: "OFL-Inter.txt", UI_BOLD: "OFL-Inter.txt", JAPANESE: "OFL-NotoSansCJK.txt",
            SYMBOLS: "LICENSE-DejaVu.txt"}

# what every Latin font of the game holds whether used or not: Latin-1, punctuation, arrows, lines and shapes
UI_BLOCKS = ((0x20, 0x7E), (0xA0, 0xFF), (0x2000, 0x206F), (0x2190, 0x21FF), (0x2500, 0x257F), (0x25A0, 0x25FF))
# and the Japanese font: CJK punctuation, both kana, small kana, full-width forms
JAPANESE_BLOCKS = ((0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0x31F0, 0x31FF), (0xFF01, 0xFF60))
CJK_BLOCKS = ((0x2E80, 0x2FDF), (0x3000, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF),
              (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF))


def is_cjk(ch: str) -> bool:
    """Characters of the Chinese-Japanese scripts: drawn by the Japanese font."""
    return any(lo <= ord(ch) <= hi for lo, hi in CJK_BLOCKS)


def drawable(ch: str) -> bool:
    """Characters with a visible shape or a width (not controls, formatting marks or unassigned points)."""
    return unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def blocks(ranges: Iterable[tuple[int, int]]) -> set[str]:
    return {chr(c) for lo, hi in ranges for c in range(lo, hi + 1) if drawable(chr(c))}


# -- the characters the game shows -----------------------------------------------------------------------------
def catalog_texts(locale: Path) -> list[str]:
    """Every translation of the catalogs ``locale/*.po``, none if there are none yet."""
    return [text for po in sorted(locale.glob("*.po")) for text in po_texts(po)]


def po_texts(po: Path) -> list[str]:
    """The translations (``msgstr``, continued lines joined) of one catalog."""
    texts: list[str] = []
    current: list[str] | None = None
    for line in po.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("msgstr"):
            current = [_po_string(line.partition(" ")[2])]
            texts.append("")
        elif line.startswith('"') and current is not None:
            current.append(_po_string(line))
        else:
            current = None
        if current is not None:
            texts[-1] = "".join(current)
    return texts


def _po_string(quoted: str) -> str:
    value = ast.literal_eval(quoted.strip())
    return value if isinstance(value, str) else ""


def puzzle_texts(puzzles: Path) -> list[str]:
    """The whole text of every puzzle file (titles, blurbs, sources, piece names)."""
    return [p.read_text(encoding="utf-8") for p in sorted(puzzles.glob("*.toml"))]


def code_texts(package: Path) -> list[str]:
    """Every string written in the game's code (messages, symbols, language names)."""
    out: list[str] = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.append(node.value)
    return out


def wanted(root: Path = ROOT) -> tuple[set[str], set[str]]:
    """The characters for the Latin fonts (with the symbols) and for the Japanese font."""
    assets = root / "assets"
    puzzles = [text for folder in (assets / "puzzles", *sorted((root / "game" / "families").glob("*/puzzles")))
               for text in puzzle_texts(folder)]   # the library's, and each family's in its own folder
    used = {ch for text in (*catalog_texts(assets / "locale"), *puzzles, *code_texts(root / "game"))
            for ch in text if drawable(ch)}
    cjk = {ch for ch in used if is_cjk(ch)}
    return blocks(UI_BLOCKS) | (used - cjk), blocks(JAPANESE_BLOCKS) | cjk


# -- building -------------------------------------------------------------------------------------------------
def cmap(source: Source) -> set[str]:
    from fontTools.ttLib import TTFont
    return {chr(c) for c in TTFont(source.path, fontNumber=source.number, lazy=True).getBestCmap()}


def plan(root: Path = ROOT) -> tuple[dict[Source, set[str]], set[str]]:
    """Which characters each bundled font holds, and those none of the installed fonts has."""
    latin, japanese = wanted(root)
    have = {source: cmap(source) for source in (UI, JAPANESE, SYMBOLS)}
    ui = latin & have[UI]
    symbols = (latin - ui) & have[SYMBOLS]
    ja = japanese & have[JAPANESE]
    missing = {ch for ch in (latin - ui - symbols) | (japanese - ja) if not ch.isspace()}
    return {UI: ui, UI_BOLD: ui, JAPANESE: ja, SYMBOLS: symbols}, missing


def subset(source: Source, chars: set[str], out: Path) -> None:
    """Cut ``source`` down to ``chars`` (names, hinting and kerning kept) and give it its line box."""
    from fontTools import subset as ft_subset
    from fontTools.ttLib import TTFont

    font = TTFont(source.path, fontNumber=source.number, recalcTimestamp=False)
    options = ft_subset.Options()
    options.name_IDs = ["*"]            # the copyright and licence notices stay in the file
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = source.hinting
    options.drop_tables += ["vhea", "vmtx", "VORG", "FFTM"]   # the game writes across only
    sub = ft_subset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(ch) for ch in chars))
    sub.subset(font)
    if source.box is not None:
        set_line_box(font, *source.box)
    font.save(str(out))


def set_line_box(font: Any, ascent: float, descent: float) -> None:   # a fontTools TTFont (the fonts extra)
    """Ascent and descent in em, the same in every table a renderer may read them from."""
    upm = font["head"].unitsPerEm
    up, down = round(ascent * upm), round(descent * upm)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = up, -down, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = up, -down, 0
    os2.usWinAscent, os2.usWinDescent = up, down


def build(root: Path = ROOT) -> list[tuple[Path, int]]:
    """Every bundled font into ``root/assets/fonts``; the files and their sizes in bytes."""
    absent = [s for s in SOURCES if not Path(s.path).is_file()]
    if absent:
        raise SystemExit("fonts to cut from are missing: " + ", ".join(f"{s.path} (package {s.package})"
                                                                        for s in absent))
    folder = root / "assets" / "fonts"
    folder.mkdir(exist_ok=True)
    chars, missing = plan(root)
    if missing:
        shown = " ".join(f"U+{ord(ch):04X}" for ch in sorted(missing))
        print(f"no installed font draws: {shown}", file=sys.stderr)
    out = []
    for source in SOURCES:
        path = folder / source.name
        subset(source, chars[source], path)
        out.append((path, path.stat().st_size))
    return out


def main() -> None:
    try:
        import fontTools  # noqa: F401
    except ImportError:
        raise SystemExit("building the fonts needs fontTools: pip install -e '.[fonts]'") from None
    total = 0
    for path, size in build():
        total += size
        print(f"{path.relative_to(ROOT)}: {size / 1024:.0f} KB")
    print(f"total: {total / 1024:.0f} KB")


if __name__ == "__main__":
    main()
