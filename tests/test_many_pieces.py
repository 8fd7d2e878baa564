"""Sliding-block files whose positions cannot be keyed for a table (24 distinct pieces on 5x5, 49
and more kinds of piece) through the command line: solved by search, their analysis one sentence,
their picture drawn."""
from __future__ import annotations

import json

import pytest

from game.cli import main

from tests.many_pieces import write

OPTIMA = {"twenty-four": 2, "forty-nine": 2}


@pytest.mark.parametrize("name", sorted(OPTIMA))
def test_solved_by_search(capsys, tmp_path, name):
    path = write(tmp_path, name)
    assert main(["solve", str(path), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["length"] == OPTIMA[name] and answer["optimal"]
    assert answer["algorithm"] in ("bfs", "bidirectional-bfs")


@pytest.mark.parametrize("name", sorted(OPTIMA))
def test_the_analysis_is_one_sentence(capsys, tmp_path, name):
    path = write(tmp_path, name)
    assert main(["analyze", str(path)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("error: ") and err.count("\n") == 1 and "too many pieces and cells to key" in err


@pytest.mark.parametrize("name", ["twenty-four", "forty-nine", "sixty-two-kinds"])
def test_drawn_headless(capsys, tmp_path, name):
    path = write(tmp_path, name)
    for extra in ([], ["--marks"], ["--editor"]):
        picture = tmp_path / f"{name}{len(extra)}.png"
        assert main(["screenshot", str(path), str(picture), "--size", "800x600", *extra]) == 0, \
            capsys.readouterr().err
        assert picture.stat().st_size > 1000
