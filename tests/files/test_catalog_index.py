"""The catalog reads what it needs: a name is found without building other puzzles' rules, the menu and
`list` take each puzzle's words from the index, the player's files are known by their stamps (a file that
changes is built again), and a file whose rules cannot be built is still one sentence, when opened."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.catalog import index, library
from game.catalog.spec import Words
from game.common.phrase import Phrase
from game.families.frogs import family as frogs_family
from game.files.errors import PuzzleFileError

from .support import ROOT, one_sentence

GOOD = 'format = 1\ntitle = "Good"\nfamily = "frogs"\nstart = "B.W"\ngoal = "W.B"\n'
OTHER = 'format = 1\ntitle = "Other"\nfamily = "frogs"\nstart = "BB.W"\ngoal = "W.BB"\n'
BOOM = 'format = 1\ntitle = "Boom"\nfamily = "frogs"\nstart = "BB.WW"\ngoal = "WW.BB"\n'

# A child process counts every puzzle whose rules it builds, then runs the command line.
COUNTING = r"""
import functools, json, sys
from game.catalog import spec as spec_module
built = []
rules = spec_module.PuzzleSpec.puzzle.func
def puzzle(self):
    built.append(self.name)
    return rules(self)
counted = functools.cached_property(puzzle)
counted.__set_name__(spec_module.PuzzleSpec, "puzzle")
spec_module.PuzzleSpec.puzzle = counted
from game.catalog import registry
from game.cli import main
if sys.argv[1:] == ["shelves"]:   # the catalog read as the menu reads it
    print("\n".join(f"{spec.name} {spec.title}" for spec in registry.specs()))
    status = 0
else:
    status = main(sys.argv[1:])
sys.stdout.flush()
print(json.dumps({"status": status, "built": built}))
"""


def _counted(data: Path, *args: str) -> tuple[dict, str]:
    env = {**os.environ, "FEWEST_MOVES_DATA": str(data)}
    done = subprocess.run([sys.executable, "-c", COUNTING, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=180)
    assert done.returncode == 0, done.stderr
    *said, last = done.stdout.splitlines()
    return json.loads(last), "\n".join(said)


def test_solving_or_sharing_eight_builds_the_rules_of_eight_alone(tmp_path):
    for command in (("solve", "eight"), ("code", "eight")):
        got, _said = _counted(tmp_path, *command)
        assert got["status"] == 0 and got["built"] == ["eight"], got


def test_list_builds_no_rules_of_the_games_own_puzzles(tmp_path):
    got, said = _counted(tmp_path, "list")
    assert got["status"] == 0 and got["built"] == [], got
    assert "klotski" in said and "25,955 positions" in said and "A move takes one knight" in said


def test_a_players_file_is_built_the_first_time_it_is_seen_and_then_known_by_its_stamp(tmp_path):
    folder = tmp_path / "puzzles"
    folder.mkdir()
    (folder / "good.toml").write_text(GOOD, encoding="utf-8")
    first, said = _counted(tmp_path, "shelves")
    assert first["built"] == ["good"] and "good Good" in said   # checked, as it always was, and its words kept
    again, said = _counted(tmp_path, "shelves")
    assert again["built"] == [] and "good Good" in said
    (folder / "good.toml").write_text(GOOD.replace('"Good"', '"Changed"'), encoding="utf-8")
    changed, said = _counted(tmp_path, "shelves")
    assert changed["built"] == ["good"] and "good Changed" in said


def _folder(tmp_path: Path, **files: str) -> Path:
    folder = tmp_path / "puzzles"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def counting(monkeypatch):
    """The names of the frog files whose rules are built."""
    built: list[str] = []
    real = frogs_family.frogs_from

    def frogs_from(name, defn):
        built.append(name)
        return real(name, defn)
    monkeypatch.setattr(frogs_family, "frogs_from", frogs_from)
    return built


def _load(folder: Path, where: Path, version: str = "1") -> tuple[list, list]:
    """The folder read with the index at ``where``, as the catalog reads it, and the index written back."""
    known = index.FolderIndex(where, version)
    got = library.load_folder(folder, set(), known)
    known.save()
    return got


def test_the_index_knows_a_file_until_it_changes(tmp_path, counting):
    folder = _folder(tmp_path, good=GOOD, other=OTHER)
    where = tmp_path / "index.json"
    specs, problems = _load(folder, where)
    assert not problems and sorted(counting) == ["good", "other"]
    assert json.loads(where.read_text(encoding="utf-8"))["version"] == "1"
    counting.clear()
    specs, _ = _load(folder, where)
    assert counting == [] and sorted(s.title for s in specs) == ["Good", "Other"]
    good = next(s for s in specs if s.name == "good")
    assert good.move_rule.startswith("A move slides a frog") and good.goal_sentence()
    assert counting == []   # its words came from the index
    (folder / "good.toml").write_text(GOOD.replace('"Good"', '"Better"'), encoding="utf-8")
    specs, _ = _load(folder, where)
    assert counting == ["good"] and sorted(s.title for s in specs) == ["Better", "Other"]
    counting.clear()
    _load(folder, where, "2")   # another version of the game: built again
    assert sorted(counting) == ["good", "other"]


def test_a_file_that_is_gone_leaves_the_index(tmp_path, counting):
    folder = _folder(tmp_path, good=GOOD, other=OTHER)
    where = tmp_path / "index.json"
    _load(folder, where)
    (folder / "other.toml").unlink()
    _load(folder, where)
    assert list(json.loads(where.read_text(encoding="utf-8"))["files"]) == [str(folder / "good.toml")]


@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": 1, "version": "1", "files": {"a": {"stamp": "x"}}}',
                                  '{"format": 1, "version": "1", "files": {"a": {"stamp": [1, 2, 3], "puzzles": '
                                  '{"0": [{"message": 5, "fields": {}}, "", ""]}}}}'])
def test_a_damaged_index_is_no_index(tmp_path, counting, text):
    folder = _folder(tmp_path, good=GOOD)
    where = tmp_path / "index.json"
    where.write_text(text, encoding="utf-8")
    specs, problems = _load(folder, where)
    assert [s.title for s in specs] == ["Good"] and not problems and counting == ["good"]


def test_a_file_the_index_knows_but_whose_rules_now_fail_is_one_sentence_when_opened(tmp_path, monkeypatch):
    folder = _folder(tmp_path, boom=BOOM)
    where = tmp_path / "index.json"
    _load(folder, where)   # it built, and was learnt

    def frogs_from(name, defn):
        raise RuntimeError("the rules fell over")
    monkeypatch.setattr(frogs_family, "frogs_from", frogs_from)
    specs, problems = _load(folder, where)
    assert not problems and [s.title for s in specs] == ["Boom"]   # on the shelf, by the index's words
    with pytest.raises(PuzzleFileError) as caught:
        specs[0].puzzle
    one_sentence(str(caught.value), "boom.toml")


def test_words_go_through_json_and_back_phrases_and_all():
    nested = Phrase("{a} or {b}", a=Phrase("left"), b=Phrase("{n} steps", n=3))
    words = Words("Title", nested, "the goal")
    row = index.Row(words, 12)
    again = index.parse(index.render({"x": row}))["x"]
    assert again == row and isinstance(again.words.move_rule, Phrase)
    assert again.words.move_rule.fields["b"].fields == {"n": 3}


def test_the_shipped_index_reads_whole():
    assert index.shipped() and "eight" in index.shipped() and "klotski" in index.shipped()


HEAD = "name\ttitle\tmove_rule\tgoal\tpositions\tfile\tcard\n"


@pytest.mark.parametrize("text, said", [
    ("", "no columns' names"),
    ("name\ttitle\n", "not the columns' names"),
    ("name\ttitle\tmove_rule\tgoal\tpositions\nx\t\"a\"\t\"b\"\t\"c\"\t\n", "not the columns' names"),
    (HEAD + "x\t\"a\"\t\"b\"\n", "3 columns"),
    (HEAD + "x\t\"a\"\t\"b\"\t{\t1\t\t\n", "not JSON"),
    (HEAD + "x\t\"a\"\t\"b\"\t\"c\"\tmany\t\t\n", "not a number"),
    (HEAD + "x\t\"a\"\t\"b\"\t[1]\t\t\t\n", "neither a string nor a phrase"),
    (HEAD + "x\t\"a\"\t\"b\"\t{\"message\": \"{n}\", \"fields\": {\"m\": 1}}\t\t\t\n", "do not fill"),
    (HEAD + "x\t\"a\"\t\"b\"\t\"c\"\t\tx.toml\t\n", "not JSON"),
    (HEAD + "x\t\"a\"\t\"b\"\t\"c\"\t\tx.toml\t[1]\n", "not a JSON object"),
    (HEAD + "x\t\"a\"\t\"b\"\t\"c\"\t\t\t{}\n", "not a place in the library"),
    (HEAD + "x\t\"a\"\t\"b\"\t\"c\"\t\t../x.toml\t{}\n", "not a place in the library"),
    (HEAD + "x\t\"a\"\t\"b\"\t\"c\"\t\t/x.toml\t{}\n", "not a place in the library"),
])
def test_a_damaged_shipped_index_is_one_sentence(text, said):
    with pytest.raises(ValueError, match=said):
        index.parse(text)
