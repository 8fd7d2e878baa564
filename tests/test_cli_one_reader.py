"""One reader, one set of checks, whatever the command: a file (or one puzzle of a collection) that
``solve`` refuses, ``convert``, ``analyze`` and ``play`` refuse in the same sentence, and ``convert``
never prints TOML that another command then refuses; ``FILE#N`` numbers a file's puzzles from 1 for
every file, so ``FILE#0`` is one sentence whatever the file holds."""
from __future__ import annotations

import pytest

from game.catalog import library
from game.catalog import registry as catalog
from game.families.base import Importer
from game.families.blocks.model import BlocksDef
from game.files.model import Common
from game.cli import main

COMMANDS = ("convert", "solve", "analyze", "play")

HOSTILE = {
    # the red car among walls: its exit is a wall, and no cell is empty
    "walled.rush": "xxxxxxxxxxxxAAxxxxxxxxxxxxxxxxxxxxxx\n",
    # the red car already at its exit, no empty cell: no piece could ever move
    "parked.rush": "xxxxxxxxxxxxxxxxAAxxxxxxxxxxxxxxxxxx\n",
    # a wall in the red car's way is fine; a lot with every other cell a car is not
    "packed.rush": "BBCCDDEEFFGGAAHHIIJJKKLLMMNNPPQQRRSS\n",
    "full.js2": "xsize: 3\nysize: 1\npiece: 1 (0,0)\nput: 1 (0,0)\nput: 1 (1,0)\nput: 1 (2,0)\nwin: 0 (0,0)\n",
    "full.sliding": "1 x 3\n1 = 1\n111\n111\n",
    "walled.xsb": "#####\n#@$ #\n#####\n",
}


@pytest.fixture(autouse=True)
def _no_window(monkeypatch):
    """``play`` of a puzzle it accepts would open the window: here it only says it would."""
    import game.cli
    monkeypatch.setattr(game.cli, "cmd_play", lambda *args: print("the window would open") or 0)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *args: str) -> str:
    """The one sentence a command says (exit status 2), having printed nothing else."""
    code, out, err = run(capsys, *args)
    assert code == 2, (args, out, err)
    assert out == "", (args, out)
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_puzzle_one_command_refuses_every_command_refuses_in_the_same_sentence(capsys, tmp_path, name):
    path = tmp_path / name
    path.write_text(HOSTILE[name], encoding="utf-8")
    said = {command: refused(capsys, command, str(path)) for command in COMMANDS}
    assert len(set(said.values())) == 1, said
    assert said["convert"].startswith(f"error: {name}: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]   # nothing written beside it


def test_a_bad_lot_of_a_collection_is_refused_the_others_convert(capsys, tmp_path):
    path = tmp_path / "lots.rush"
    path.write_text("ooooooooooooAAoooooooooooooooooooooo\n" + HOSTILE["walled.rush"], encoding="utf-8")
    said = {command: refused(capsys, command, f"{path}#2") for command in COMMANDS}
    assert len(set(said.values())) == 1 and said["convert"].startswith("error: lots.rush: line 2: "), said
    code, out, err = run(capsys, "convert", f"{path}#1")
    assert code == 0 and err == "" and out.startswith("format = 1")


def _lax(text: str, origin: str) -> BlocksDef:
    """A reader of another format that checks less than the TOML reader: its lot's every cell a piece."""
    return BlocksDef(Common("Lax", origin=origin), ("AB",), ("BA",), (), {}, "cell")


def _lax_lots(text: str, origin: str) -> list[BlocksDef]:
    return [_lax(text, origin)] * 2


@pytest.mark.parametrize("many", [None, _lax_lots])
def test_what_another_format_gives_passes_the_toml_readers_checks(capsys, tmp_path, monkeypatch, many):
    from game.families import registry
    blocks = registry.family("blocks")
    lax = Importer((".lax",), _lax, many=many)
    monkeypatch.setattr(blocks, "importers", (*blocks.importers, lax))
    path = tmp_path / "two.lax"
    path.write_text("AB\n", encoding="utf-8")
    name = f"{path}#2" if many else str(path)
    said = {command: refused(capsys, command, name) for command in COMMANDS}
    assert len(set(said.values())) == 1, said
    origin = "two.lax#2" if many else "two.lax"
    assert said["convert"] == f"error: {origin}: key 'start' has no empty cell, so no piece could ever move.\n"


def _imported_files() -> list[str]:
    """Every puzzle the library holds in a format other than TOML, as the command line names it."""
    names = []
    for path in sorted(p for _, folder in library.shipped_folders() for p in folder.iterdir()):
        if path.suffix == ".toml" or not path.is_file():
            continue
        got = library.read_puzzles(path)
        count = len(got.puzzles) if isinstance(got, library.Collection) else 0
        names += [f"{path}#{n}" for n in range(1, count + 1)] if count else [str(path)]
    return names


def test_the_library_has_files_of_other_formats():
    assert len(_imported_files()) >= 40


@pytest.mark.parametrize("name", _imported_files())
def test_what_convert_prints_reads_back_as_the_same_puzzle(capsys, tmp_path, name):
    code, text, err = run(capsys, "convert", name)
    assert code == 0 and err == ""
    converted = tmp_path / "converted.toml"
    converted.write_text(text, encoding="utf-8")
    code, again, err = run(capsys, "convert", str(converted))
    assert (code, err, again) == (0, "", text)
    imported, read = (catalog.get(file) for file in (name, str(converted)))
    assert imported.title == read.title and imported.count == read.count
    first, second = imported.puzzle, read.puzzle
    assert first.format(first.start) == second.format(second.start)
    assert sorted(second.format(s) for _m, s in second.successors(second.start)) == \
        sorted(first.format(s) for _m, s in first.successors(first.start))


@pytest.mark.parametrize("text", [
    "ooooooooooooAAoooooooooooooooooooooo\n",                                     # one lot
    "ooooooooooooAAoooooooooooooooooooooo\n" * 3,                                 # three
    "#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n",                                 # two levels
    'format = 1\ntitle = "x"\nfamily = "frogs"\nstart = "B.W"\ngoal = "W.B"\n',   # a TOML file
])
@pytest.mark.parametrize("command", COMMANDS)
def test_puzzle_zero_of_any_file_is_one_sentence(capsys, tmp_path, text, command):
    path = tmp_path / ("p.rush" if text.startswith("o") else "p.xsb" if text.startswith("#") else "p.toml")
    path.write_text(text, encoding="utf-8")
    err = refused(capsys, command, f"{path}#0")
    assert err == f"error: {path.name}: the puzzles of a file are numbered from 1, so there is no puzzle 0.\n"


@pytest.mark.parametrize("args", [["solve", "HHW22\udcff867R9EPW"], ["solve", "\udcffHHW22 867R9EPW"],
                                  ["code", "\ud800 AAAAAAA"], ["convert", "\udcff.rush#0"], ["analyze", "x/\udcff#0"],
                                  ["solve", "klotski", "--from", "A B B \udcff/A B B C/D E E F/D G H F/I . . J"]])
def test_lone_surrogates_in_the_new_readings_are_one_sentence(capsys, args):
    """Arguments of bytes that are not UTF-8 (lone surrogates, as Python reads them) stay one sentence."""
    err = refused(capsys, *args)
    assert "\\udcff" in err or "\\ud800" in err
    err.encode("utf-8")   # the sentence itself can be written to any terminal
