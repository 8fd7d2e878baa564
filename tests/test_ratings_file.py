"""The shipped ratings (assets/ratings.tsv): a row for every library puzzle with a table, each row what
rating the start says now, and a damaged file refused in one sentence (the menu then has no ratings)."""
import os
from pathlib import Path

import pytest

from game import cli
from game.catalog import ratings
from game.catalog import registry as catalog
from game.common.untrusted import UnreadableFile

# Measured with no table cached (the tests' own cache): these take 1.4 s (pegs-rectangle) to 17 s (frogs-square)
# to build and rate, the Red Donkey's (1,132,514 positions once the donkey can leave its box) two minutes; every
# other row takes under a second and is checked in the default run.
SHIPPED = ratings.read()
# The Traffic pack's forty lots take 0.3 to 4.4 s each (a table of thousands of lots to build): the default
# run checks three of them (tests/puzzles/test_traffic_pack.py checks every lot's optimum and grade), the
# slow run every one.
PACK_SAMPLE = {"traffic-pack-1", "traffic-pack-20", "traffic-pack-40"}
SLOW = frozenset({"frogs-square", "pegs-english", "knights-4x4", "pegs-rectangle", "red-donkey"}
                 | {name for name in SHIPPED if name.startswith("traffic-pack-")} - PACK_SAMPLE)


def test_every_library_puzzle_with_a_table_has_a_row_and_every_row_a_puzzle():
    wanted = [spec.name for spec in ratings.library_specs()]
    missing = [name for name in wanted if name not in SHIPPED]
    assert not missing, f"no rating for {', '.join(missing)} in assets/ratings.tsv: run `make library`"
    stale = sorted(set(SHIPPED) - set(wanted))
    assert not stale, f"assets/ratings.tsv rates {', '.join(stale)}, no longer in the library: run `make library`"
    assert {"lunar-lockout-01", "lunar-lockout-24", "warehouse-1", "warehouse-24"} <= set(SHIPPED)


def _check(name: str) -> None:
    assert ratings.compute(catalog.get(name)) == SHIPPED[name], (
        f"the rating of {name} changed since assets/ratings.tsv was made: run `make library`")


@pytest.mark.parametrize("name", sorted(set(SHIPPED) - SLOW))
def test_a_row_is_what_rating_the_start_says(name):
    _check(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SLOW))
def test_a_slow_row_is_what_rating_the_start_says(name):
    _check(name)


def test_the_shipped_rows_stand_in_the_shelves_order_and_their_text_is_written_back_the_same():
    text = ratings.path().read_text(encoding="utf-8")
    rows = list(SHIPPED.values())
    assert ratings.render(rows) == text
    order = [spec.name for spec in ratings.library_specs()]
    assert [row.name for row in rows] == [name for name in order if name in SHIPPED]


GOOD = ratings.render([ratings.Rated("eight", 44.2, "Advanced", 31, 181440)])


@pytest.mark.parametrize("text, said", [
    ("", "no columns' names"),
    ("name\trating\n", "not the columns' names"),
    (GOOD + "goat\t35.8\tAdvanced\t20\n", "4 columns"),
    (GOOD + "goat\tthirty\tAdvanced\t20\t5443200\n", "not a number"),
    (GOOD + "goat\t35.8\tHard\t20\t5443200\n", "no grade"),
    (GOOD + "goat\tnan\tAdvanced\t20\t5443200\n", "out of range"),
    (GOOD + "goat\t35.8\tAdvanced\t-1\t5443200\n", "out of range"),
    (GOOD + "eight\t44.2\tAdvanced\t31\t181440\n", "a second time"),
    (GOOD + "\x1b[31m\t1.0\tBeginner\t1\t1\n", "no puzzle name"),
])
def test_a_damaged_file_is_one_sentence_and_no_ratings(tmp_path, text, said):
    path = tmp_path / "ratings.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=said):
        ratings.read(path)
    assert ratings.load(path) == {}


@pytest.mark.parametrize("kind", ["missing", "folder", "fifo", "large", "binary"])
def test_a_file_that_is_not_a_small_regular_text_file_is_refused(tmp_path, kind):
    path = tmp_path / "ratings.tsv"
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "large":
        path.write_text(GOOD + "#" * ratings.MAX_BYTES, encoding="utf-8")
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe" + GOOD.encode())
    with pytest.raises(UnreadableFile):
        ratings.read(path)
    assert ratings.load(path) == {}   # never blocks on the FIFO, never raises


def test_a_good_file_is_read_back(tmp_path):
    path = tmp_path / "ratings.tsv"
    path.write_text(GOOD, encoding="utf-8")
    assert ratings.load(path) == {"eight": ratings.Rated("eight", 44.2, "Advanced", 31, 181440)}


def test_the_command_prints_the_table_and_writes_it_for_whatever_the_library_holds(tmp_path, monkeypatch, capsys):
    """A new puzzle (a pack's lot) gets its row by running the command again: nothing names the puzzles."""
    target = tmp_path / "ratings.tsv"
    monkeypatch.setattr(ratings, "path", lambda: target)
    monkeypatch.setattr(ratings, "library_specs", lambda: [catalog.get("frogs-line-2"), catalog.get("tait-3")])
    assert cli.main(["ratings"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed == ["name\trating\tgrade\toptimum\tpositions", SHIPPED["frogs-line-2"].line(),
                       SHIPPED["tait-3"].line()]
    assert not target.exists()
    assert cli.main(["ratings", "--write"]) == 0
    assert list(ratings.load(target).values()) == [SHIPPED["frogs-line-2"], SHIPPED["tait-3"]]
    assert Path(target).read_text(encoding="utf-8").startswith("# The difficulty rating")
