"""A family's own puzzles live in its folder (``game/families/<name>/puzzles``): the library reads them with
``assets/puzzles``, the index names their files under the family (``family:<name>/...``) and tells them without
reading them, and a folder not as the index says is read from its files."""
from __future__ import annotations

import shutil
import sys
import types

from game.catalog import index, indexed, library
from game.families import registry
from game.families.base import Family

SHIPPED = index.shipped()


def _folders(tmp_path) -> list[tuple[str, object]]:
    shared, own = tmp_path / "library", tmp_path / "blocks" / "puzzles"
    own.mkdir(parents=True)
    shared.mkdir()
    shutil.copy(library.LIBRARY / SHIPPED["klotski"].place, shared)
    shutil.copy(library.LIBRARY / SHIPPED["century"].place, own)
    return [("", shared), ("family:blocks/", own)]


def test_a_familys_puzzles_folder_is_read_and_indexed_with_the_library(tmp_path):
    folders = _folders(tmp_path)
    own = folders[1][1]
    loaded = library.read_folders(folders, set())
    assert sorted(spec.name for spec in loaded.specs) == ["century", "klotski"] and not loaded.problems
    rows = indexed.with_places({name: SHIPPED[name] for name in ("klotski", "century")}, loaded.specs,
                               loaded.places, folders)
    assert rows["klotski"].place == "klotski.toml" and rows["century"].place == "family:blocks/century.toml"
    assert set(library.listings(folders)) == {"klotski.toml", "family:blocks/century.toml"}
    specs = indexed.library_specs(folders, rows, set())
    assert specs is not None
    century = next(spec for spec in specs if spec.name == "century")
    assert century.path == own / "century.toml" and not century.file_read   # told by the index, not read
    assert century.puzzle.title == SHIPPED["century"].words.title and century.file_read
    (own / "extra.toml").write_text("format = 1\n", encoding="utf-8")
    assert indexed.library_specs(folders, rows, set()) is None   # a file the index does not name: read them all


def test_the_same_name_in_a_familys_folder_is_named_apart(tmp_path):
    folders = _folders(tmp_path)
    shutil.copy(library.LIBRARY / SHIPPED["klotski"].place, folders[1][1])
    names = sorted(spec.name for spec in library.read_folders(folders, set()).specs)
    assert names == ["century", "klotski", "klotski-2"]


def test_the_librarys_folders_are_assets_and_each_familys_puzzles_folder(tmp_path, monkeypatch):
    module = types.ModuleType("tilt_family")
    module.__file__ = str(tmp_path / "family.py")
    monkeypatch.setitem(sys.modules, "tilt_family", module)
    tilt = types.new_class("Tilt", (Family,), exec_body=lambda ns: ns.update(__module__="tilt_family", key="tilt"))
    monkeypatch.setattr(registry, "families", lambda: [tilt()])
    assert library.shipped_folders() == [("", library.LIBRARY)]   # no puzzles folder: nothing more
    (tmp_path / "puzzles").mkdir()
    assert library.shipped_folders() == [("", library.LIBRARY), ("family:tilt/", tmp_path / "puzzles")]
    assert library.path_of(library.shipped_folders(), "family:tilt/a.toml") == tmp_path / "puzzles" / "a.toml"
    assert library.path_of(library.shipped_folders(), "klotski.toml") == library.LIBRARY / "klotski.toml"
