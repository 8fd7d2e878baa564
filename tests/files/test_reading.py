"""Reading files from disk: the format chosen by extension or content, reads bounded and never
blocking, and a folder scan that lists every bad file's sentence without ever raising."""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from game.files.errors import PuzzleFileError
from game.families.blocks.model import BlocksDef
from game.catalog.reading import FILE_LIMIT, MAX_FILES, read_puzzle_file, scan_folder
from game.common.untrusted import UnreadableFile

from .support import FAMILY_PUZZLES, FIXTURES, LIBRARY, one_sentence


@pytest.mark.parametrize("fixture", ["silly.toml", "silly.js2", "silly.sliding"])
@pytest.mark.parametrize("name", ["puzzle.txt", "puzzle", "PUZZLE.DAT"])
def test_the_format_is_found_by_content_whatever_the_name(tmp_path, fixture, name):
    path = tmp_path / name
    shutil.copy(FIXTURES / fixture, path)
    defn = read_puzzle_file(path)
    assert isinstance(defn, BlocksDef) and defn.common.title == "a silly example" and defn.common.origin == name


def test_extensions_decide_and_a_byte_order_mark_is_harmless(tmp_path):
    path = tmp_path / "Klotski.TOML"
    path.write_text("\ufeff" + (LIBRARY / "klotski.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert read_puzzle_file(path).common.title == "Klotski"
    wrong = tmp_path / "klotski.js2"
    shutil.copy(LIBRARY / "klotski.toml", wrong)
    one_sentence(str(pytest.raises(PuzzleFileError, read_puzzle_file, wrong).value), "klotski.js2", "line ")


def test_an_unknown_format_is_one_sentence(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Remember to buy milk.\n", encoding="utf-8")
    message = str(pytest.raises(PuzzleFileError, read_puzzle_file, path).value)
    one_sentence(message, "notes.txt")
    assert "not a puzzle file" in message


@pytest.mark.parametrize("make", ["huge", "binary", "folder", "missing", "fifo"])
def test_files_that_cannot_be_read_are_one_sentence_without_blocking(tmp_path, monkeypatch, make):
    monkeypatch.chdir(tmp_path)   # the file as the player names it: a long folder's name is shortened in the sentence
    path = Path("bad.toml")
    if make == "huge":
        path.write_bytes(b"#" * (FILE_LIMIT + 1))
    elif make == "binary":
        path.write_bytes(b"format = 1\n\xff\xfe\x00")
    elif make == "folder":
        path.mkdir()
    elif make == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    started = time.monotonic()
    with pytest.raises(UnreadableFile) as caught:
        read_puzzle_file(path)
    assert time.monotonic() - started < 2
    assert "\n" not in str(caught.value) and str(caught.value).endswith(".") and "bad.toml" in str(caught.value)


def test_a_folder_scan_lists_good_and_bad_files_in_order(tmp_path):
    for name in ("klotski.toml", "century.toml"):
        shutil.copy(LIBRARY / name, tmp_path / name)
    shutil.copy(FIXTURES / "parking.js2", tmp_path / "b-parking.js2")
    (tmp_path / "broken.toml").write_text('format = 1\ntitle = "x"\nfamily = "tiles"\n', encoding="utf-8")
    (tmp_path / "latin1.toml").write_bytes(b'title = "caf\xe9"\n')
    (tmp_path / "sub").mkdir()
    shutil.copy(LIBRARY / "pennant.toml", tmp_path / "sub" / "pennant.toml")
    for skipped in (".hidden.toml", "century.toml~", "old.toml.broken"):
        shutil.copy(LIBRARY / "century.toml", tmp_path / skipped)
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.toml")
    found = scan_folder(tmp_path)
    assert [p.name for p, _ in found] == ["b-parking.js2", "broken.toml", "century.toml", "klotski.toml", "latin1.toml"]
    results = dict((p.name, r) for p, r in found)
    assert isinstance(results["klotski.toml"], BlocksDef) and isinstance(results["b-parking.js2"], BlocksDef)
    for name in ("broken.toml", "latin1.toml"):
        assert isinstance(results[name], PuzzleFileError)
        one_sentence(str(results[name]), name)


def test_a_missing_folder_or_a_file_is_an_empty_list(tmp_path):
    assert scan_folder(tmp_path / "nowhere") == []
    assert scan_folder(LIBRARY / "klotski.toml") == []


def test_a_folder_scan_stops_at_the_limit(tmp_path):
    text = (LIBRARY / "hughes.toml").read_text(encoding="utf-8")
    for n in range(MAX_FILES + 3):
        (tmp_path / f"p{n:04}.toml").write_text(text, encoding="utf-8")
    found = scan_folder(tmp_path)
    assert len(found) == MAX_FILES and found[-1][0].name == f"p{MAX_FILES - 1:04}.toml"


def test_the_library_folder_reads_without_a_single_error():
    for folder in (LIBRARY, *FAMILY_PUZZLES):
        found = scan_folder(folder)
        assert found and not [result for _, result in found if isinstance(result, PuzzleFileError)], folder
