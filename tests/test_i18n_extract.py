"""The shipped puzzle files' text reaches the catalogs: the extraction method of babel.cfg takes
every title, blurb and label the menu shows of them, and what the library derives from a file is
a message too, so a puzzle reads in the player's language."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.common import i18n
from game.catalog import library
from game.files.errors import PuzzleFileError
from game.catalog.reading import parse_toml
from game.i18n_extract import SHOWN_KEYS, extract
from game.common.phrase import Phrase, translated
from game.catalog.spec import PuzzleSpec
from tests.helpers import catalog_of

babel_extract = pytest.importorskip("babel.messages.extract")
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "assets" / "locale" / "babel.cfg"


def mapping() -> tuple[list[tuple[str, str]], dict]:
    with open(CONFIG, encoding="utf-8") as fh:
        return parse_mapping_cfg(fh, str(CONFIG))


@pytest.fixture(scope="module")
def extracted() -> list[tuple[str, int, str | tuple[str, ...], list[str]]]:
    """Every message the mapping file takes from the checkout, (file, line, message, comments): one walk
    for both fixtures below."""
    methods, options = mapping()
    return [(name, line, message, comments) for name, line, message, comments, _context
            in babel_extract.extract_from_dir(str(ROOT), methods, options, comment_tags=("Translators:",))]


@pytest.fixture(scope="module")
def from_files(extracted) -> dict[str, list[tuple[str, int, list[str]]]]:
    """Each message the mapping file takes from the shipped puzzle files: [(file, line, comments)]."""
    found: dict[str, list[tuple[str, int, list[str]]]] = {}
    for name, line, message, comments in extracted:
        if Path(name).parts[:2] == ("assets", "puzzles"):
            found.setdefault(message, []).append((name, line, comments))
    return found


@pytest.fixture(scope="module")
def from_code(extracted) -> set[str]:
    """Every message marked in the game's Python code."""
    return {message if isinstance(message, str) else message[0]
            for name, _line, message, _comments in extracted if Path(name).parts[0] == "game"}


@pytest.fixture(scope="module")
def shipped() -> list[PuzzleSpec]:
    """Every shipped puzzle as the library loads it, under each way its moves can be counted."""
    loaded = library.read_folders(library.shipped_folders(), set())   # assets/puzzles and the families' own
    specs, problems = loaded.specs, loaded.problems
    assert specs and not problems and any(spec.name.startswith("sixteen") for spec in specs)
    return [other for spec in specs for other in ([spec.recount(c) for c in spec.counts] if spec.recount else [spec])]


def is_message(text: str, files: dict, code: set[str]) -> bool:
    """The catalogs can translate ``text``: a message of the files or the code, or a phrase made of them."""
    if isinstance(text, Phrase):
        return text.message in code and all(is_message(v, files, code) for v in text.fields.values()
                                            if isinstance(v, Phrase))
    return text in files or text in code


def test_every_title_and_blurb_of_the_shipped_puzzles_comes_out(from_files, from_code, shipped):
    for spec in shipped:
        shown = spec.presentation
        assert is_message(spec.title, from_files, from_code), spec.name
        assert is_message(shown.short_title, from_files, from_code), spec.name
        assert is_message(shown.blurb, from_files, from_code), (spec.name, shown.blurb)
        assert is_message(spec.shelf.title, from_files, from_code), (spec.name, spec.shelf.title)
        for label in (shown.group, shown.variant, spec.figures.note):
            assert not label or label.isdigit() or is_message(label, from_files, from_code), (spec.name, label)


def test_a_lot_of_the_traffic_pack_reads_in_the_active_language(monkeypatch, shipped):
    lot = next(spec for spec in shipped if spec.name == "traffic-pack-14")
    monkeypatch.setattr(i18n, "_active", catalog_of({
        "{collection} {number}": "{collection}・{number}", "Traffic pack": "交通パック", "Intermediate": "中級"}))
    assert translated(lot.title) == "交通パック・14"
    assert translated(lot.shelf.title) == "交通パック"
    assert (translated(lot.presentation.group), lot.presentation.variant) == ("中級", "14")


def test_every_piece_a_shipped_puzzle_names_is_a_message(from_files, from_code, shipped):
    for spec in shipped:
        shown = spec.presentation
        for word in [shown.piece_noun, *shown.piece_names.values()]:
            assert is_message(word, from_files, from_code), (spec.name, word)


def test_each_text_comes_once_per_file_at_its_key_with_a_comment_naming_it(from_files):
    for message, places in from_files.items():
        assert message.strip(), places
        files = [name for name, _line, _comments in places]
        assert len(files) == len(set(files)), message
        for name, line, comments in places:
            text = (ROOT / name).read_text(encoding="utf-8").splitlines()[line - 1]
            key = text.split("=", 1)[0].strip()
            assert key in SHOWN_KEYS, (name, line)
            assert any(f"key '{key}'" in comment and comment.startswith("Translators:") for comment in comments)


def test_the_method_reads_a_file_object_as_babel_gives_it():
    text = (library.LIBRARY / "frogs-a.toml").read_bytes()
    got = list(extract(io.BytesIO(text), ("_",), ("Translators:",), {}))
    defn = parse_toml(text.decode("utf-8"), "frogs-a.toml")
    assert [message for _line, _function, message, _comments in got][:3] == \
        [defn.common.title, defn.common.source, defn.common.group]
    assert all(function is None for _line, function, _message, _comments in got)


def test_a_shipped_puzzle_reads_in_the_active_language(monkeypatch, shipped):
    frogs_a = next(spec for spec in shipped if spec.name == "frogs-a")
    century = next(spec for spec in shipped if spec.name == "century")
    monkeypatch.setattr(i18n, "_active", catalog_of({
        "Board A (11 cells)": "盤A（11マス）",
        "Black {black}, white {white}.": "黒は{black}、白は{white}。",
        "{listed}/{direction}": "{listed}・{direction}",
        "right": "右", "down": "下", "left": "左", "up": "上",
        "Published: {moves:,} moves (path).": "公表値：{moves:,}手（1駒）。",
    }))
    assert translated(frogs_a.presentation.short_title) == "盤A（11マス）"
    assert translated(frogs_a.presentation.blurb) == "黒は右・下、白は左・上。"
    assert translated(century.presentation.blurb) == "公表値：99手（1駒）。"
    i18n.deactivate()
    assert translated(frogs_a.presentation.blurb) == "Black right/down, white left/up."


def test_a_bad_file_is_said_whole_in_the_active_language(monkeypatch):
    text = (library.LIBRARY / "klotski.toml").read_text(encoding="utf-8").replace("format = 1", "format = 2")
    monkeypatch.setattr(i18n, "_active", catalog_of({
        "{file}: {problem}.": "{file}：{problem}。",
        "key 'format' is {value}, but this game reads format 1 only":
            "キー 'format' が {value} ですが、このゲームが読めるのは形式 1 だけです",
    }))
    with pytest.raises(PuzzleFileError) as err:
        parse_toml(text, "klotski.toml")
    assert str(err.value) == \
        "klotski.toml：キー 'format' が 2 ですが、このゲームが読めるのは形式 1 だけです。"
