"""The library as the shipped index tells it (game.catalog.indexed): every value a card keeps is what the
puzzle's file makes, a file is read only when its puzzle is drawn or opened, a file broken in place is one
sentence then (and its menu card says so), and a folder not as the index says is read from its files."""
from __future__ import annotations

import shutil
from dataclasses import fields

import pytest

from game.catalog import index, indexed, library
from game.catalog.spec import Figures, Presentation, PuzzleSpec
from game.files.errors import PuzzleFileError
from game.ui.scenes.menu_card import Card
from tests.files.support import one_sentence

SHIPPED = index.shipped()
KLOTSKI = SHIPPED["klotski"]


def test_a_card_keeps_every_field_of_a_presentation_and_of_the_figures():
    assert set(indexed.PRESENTATION) == {field.name for field in fields(Presentation)}
    assert set(indexed.FIGURES) == {field.name for field in fields(Figures)}


def test_every_field_of_a_spec_comes_from_its_card_or_from_its_file():
    plain = {"name", "words"}   # the row's own
    assert {field.name for field in fields(PuzzleSpec)} == {*indexed.FROM_FILE, *indexed.FROM_CARD, *plain}
    assert all(isinstance(vars(indexed.IndexedSpec)[name], indexed._FromFile) for name in indexed.FROM_FILE)


def test_a_spec_from_the_index_gives_what_only_its_file_gives():
    specs = indexed.library_specs(library.shipped_folders(), SHIPPED, set())
    assert specs is not None
    donkey = next(spec for spec in specs if spec.name == "red-donkey")
    assert donkey.redoor is not None and donkey.file_read   # the editor changes its doors
    made = donkey.file_spec()
    for name in indexed.FROM_FILE:
        assert (getattr(donkey, name) is None) == (getattr(made, name) is None), name


def test_the_shipped_index_tells_the_library_as_its_files_are_now():
    specs = indexed.library_specs(library.shipped_folders(), SHIPPED, set())
    assert specs is not None, "the library's files are not those assets/puzzle-words.tsv names: run `make library`"
    assert len(specs) == sum(1 for row in SHIPPED.values() if row.place) > 100
    assert not any(spec.file_read for spec in specs)   # nothing read to tell them


def _folder(tmp_path, *names: str):
    for name in names:
        shutil.copy(library.LIBRARY / SHIPPED[name].place, tmp_path / SHIPPED[name].place)
    return {name: SHIPPED[name] for name in names}


def test_a_spec_from_the_index_reads_its_file_only_when_its_rules_are_asked_for(tmp_path, monkeypatch):
    rows = _folder(tmp_path, "klotski", "century")
    read: list[str] = []
    real = library.read_member
    monkeypatch.setattr(library, "read_member", lambda path, *rest: read.append(path.name) or real(path, *rest))
    specs = indexed.library_specs(tmp_path, rows, set())
    assert specs is not None
    klotski = next(spec for spec in specs if spec.name == "klotski")
    assert klotski.presentation.short_title == "Klotski" and klotski.words == KLOTSKI.words and not read
    assert klotski.puzzle.title == "Klotski" and read == ["klotski.toml"]
    assert klotski.file_read and klotski.counts == klotski.listed_counts


def test_a_folder_not_as_the_index_says_is_read_from_its_files(tmp_path):
    rows = _folder(tmp_path, "klotski", "century")
    assert indexed.library_specs(tmp_path, rows, set()) is not None
    (tmp_path / "century.toml").write_text((tmp_path / "century.toml").read_text() + "\n", encoding="utf-8")
    assert indexed.library_specs(tmp_path, rows, set()) is None          # a size changed
    (tmp_path / "century.toml").unlink()
    assert indexed.library_specs(tmp_path, {"klotski": rows["klotski"]}, set()) is not None
    (tmp_path / "new.toml").write_text("format = 1\n", encoding="utf-8")
    assert indexed.library_specs(tmp_path, {"klotski": rows["klotski"]}, set()) is None   # a file it does not name
    assert indexed.library_specs(tmp_path, {"klotski": rows["klotski"]}, {"klotski"}) is None   # a name taken


def _damaged(tmp_path) -> indexed.IndexedSpec:
    """Klotski's file broken in place, at the size the index gives: only reading it finds out."""
    _folder(tmp_path, "klotski")
    path = tmp_path / "klotski.toml"
    text = path.read_text(encoding="utf-8")
    broken = text.replace("I..J", "I.JJ")
    assert broken != text and len(broken.encode()) == len(text.encode())
    path.write_text(broken, encoding="utf-8")
    specs = indexed.library_specs(tmp_path, {"klotski": KLOTSKI}, set())
    assert specs is not None
    return specs[0]


def test_a_file_broken_in_place_is_one_sentence_each_time_it_is_asked_for(tmp_path):
    spec = _damaged(tmp_path)
    with pytest.raises(PuzzleFileError) as first:
        spec.puzzle
    one_sentence(str(first.value), "klotski.toml")
    with pytest.raises(PuzzleFileError) as again:
        spec.recipe
    assert str(again.value) == str(first.value)


def test_a_file_broken_in_place_is_marked_on_its_menu_card(tmp_path):
    spec = _damaged(tmp_path)
    card = Card([spec], {})
    picture = card.thumb((120, 90), (90, 90, 90))
    assert picture.get_bounding_rect().size == (0, 0)   # an empty picture ...
    assert card.broken["klotski"].startswith("klotski.toml") and card.problem() == card.broken["klotski"]


def test_a_file_changed_in_place_says_its_own_words(tmp_path):
    _folder(tmp_path, "klotski")
    path = tmp_path / "klotski.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('title = "Klotski"', 'title = "Klotsky"'), encoding="utf-8")
    specs = indexed.library_specs(tmp_path, {"klotski": KLOTSKI}, set())
    assert specs is not None and specs[0].presentation.short_title == "Klotski"   # the card's, until it is read
    spec = specs[0]
    assert spec.puzzle.title == "Klotsky"
    assert spec.presentation.short_title == "Klotsky" and spec.words != KLOTSKI.words   # none of the card's left
