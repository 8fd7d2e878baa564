"""The command line as a user meets it: real output, JSON fields, and exit status 2 with one sentence for bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.catalog import registry as catalog
from game.cli import main

from tests.helpers import assert_optimal_and_legal

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_names_every_puzzle_with_its_rule(capsys) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    for spec in catalog.specs():
        assert spec.name in out and spec.puzzle.move_rule in out
    assert "5,443,200" in out and "181,440" in out


def test_list_can_name_each_puzzle_in_japanese_and_stays_english_otherwise(capsys) -> None:
    _, plain, _ = run(capsys, "list")
    code, out, _ = run(capsys, "list", "--ja")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("    ")}
    assert "8パズル" in lines["eight"] and "おしどりの遊び" in lines["pairs"] and "騎士の交換" in lines["knights"]
    for line in plain.splitlines():   # the English columns are the same, the Japanese name comes last
        if line.startswith("    "):
            assert lines[line.split()[0]].startswith(line.rstrip())
    assert plain == run(capsys, "list")[1] and "パズル" not in plain


def test_solve_json_from_start(capsys) -> None:
    code, out, _ = run(capsys, "solve", "eight", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("puzzle", "start", "length", "moves", "positions", "optimal", "seconds", "nodes"):
        assert key in data
    assert data["length"] == 31 == len(data["moves"]) == len(data["positions"]) - 1
    assert data["optimal"] is True and data["start"] == "8 6 7/2 5 4/3 . 1"
    eight = catalog.puzzle("eight")
    start = eight.parse(data["start"])
    moves, state = [], start
    for text, after in zip(data["moves"], data["positions"][1:]):
        move = eight.parse_move(state, text)
        state = eight.play(state, move)
        assert eight.format(state) == after
        moves.append(move)
    assert_optimal_and_legal(eight, start, moves)


def test_solve_from_a_position_draws_the_steps(capsys) -> None:
    code, out, _ = run(capsys, "solve", "frogs-line-2", "--from", "B B . W W")
    assert code == 0
    assert "8 moves, optimal" in out
    assert out.rstrip().endswith("W W . B B")


def test_solve_goat_json_with_ascii(capsys) -> None:
    code, out, _ = run(capsys, "solve", "goat", "--from", "tl - tr =/| . g S/bl - br W", "--json")
    data = json.loads(out)
    assert code == 0 and data["length"] == 20
    assert data["positions"][-1] == "a h T T/v S d ./b i c W"   # a character per piece, as in a file
    assert catalog.puzzle("goat").parse("┌ ─ ┐ ▭/│ S ∥ ./└ ─ ┘ W") == catalog.puzzle("goat").parse(data["positions"][-1])


def test_analyze_json(capsys) -> None:
    code, out, _ = run(capsys, "analyze", "knights", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["positions"] == 18_480 and data["solvable"] == 18_480 and data["dead_ends"] == 0
    assert data["max_distance"] == 22 and len(data["by_distance"]) == 23
    assert sum(data["by_distance"]) == 18_480
    knights = catalog.puzzle("knights")
    for text in data["hardest"]:
        knights.parse(text)


def test_analyze_plain_frogs_shows_dead_ends(capsys) -> None:
    code, out, _ = run(capsys, "analyze", "frogs-line-3")
    assert code == 0
    assert "dead ends:" in out and "longest optimal solution:           15 moves" in out


BAD = [
    (["solve", "nope"], "no puzzle called 'nope'"),
    (["solve", "eight", "--from", "1 2 3/4 5 6/8 7 ."], "cannot be solved"),
    (["solve", "fifteen", "--from", "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 ."], "cannot be solved"),
    (["solve", "eight", "--from", "1 2/3 4"], "rows"),
    (["solve", "goat", "--from", "┌ ─ ┐ ▭/│ . ∥ S/└ ─ ─ W"], "pieces"),
    (["solve", "frogs-line-3", "--from", "B B W . B W W"], "dead end"),
    (["analyze", "fifteen"], "too many positions"),
    (["analyze"], "required"),
    (["frobnicate"], "invalid choice"),
    (["solve", "eight", "--nope"], "Unrecognized arguments"),
]


@pytest.mark.parametrize("args,needle", BAD)
def test_bad_input_one_sentence_exit_2(capsys, args: list[str], needle: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert needle in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_real_process_exit_status_and_no_traceback() -> None:
    proc = subprocess.run([sys.executable, "main.py", "solve", "eight", "--from", "1 2 3/4 5 6/8 7 ."],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and "Traceback" not in proc.stderr


def test_the_game_running_out_of_memory_is_one_sentence(monkeypatch, capsys):
    import game.cli as cli

    def no_memory(*args, **kwargs):
        raise MemoryError()

    monkeypatch.setattr(cli, "cmd_list", no_memory)
    assert main(["list"]) == 1
    assert capsys.readouterr().err == "error: The game ran out of memory.\n"


def test_a_slow_table_build_is_said_on_a_stderr_that_is_not_a_terminal(capsys, monkeypatch, tmp_path) -> None:
    from game.oracles import table as table_module
    from game.oracles.table import TableOracle
    from tests.helpers import answered_by

    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path))   # nothing cached: the table is built
    monkeypatch.setattr(table_module, "after_delay", lambda progress, delay=0.0: progress)   # every build is slow
    spec = catalog.register(answered_by(catalog.get("frogs-line-4"), "frogs-line-4~said", TableOracle), shelved=False)
    try:
        code, out, err = run(capsys, "solve", spec.name)
    finally:
        catalog.unregister(spec.name)
    assert code == 0 and "24 moves, optimal" in out
    lines = err.splitlines()
    assert lines[0] == "Building the tables of Frogs, line of 4 each side (first time only)..."
    assert "%" in lines[1] and "distance" in lines[1] and lines[-1].startswith("  done in ")
    assert "\r" not in err   # a log or a pipe gets lines, not a bar redrawn in place


def test_progress_is_a_line_every_few_seconds_in_a_log_and_a_bar_on_a_terminal(monkeypatch) -> None:
    import io

    from game.cli import Progress

    now = [0.0]
    log = io.StringIO()
    said = Progress("Building the tables of X (first time only)...", log, clock=lambda: now[0], terminal=False)
    for t, fraction in ((0.5, 0.1), (2.0, 0.2), (4.0, 0.3), (6.0, 0.6), (7.0, 0.9)):
        now[0] = t
        said(fraction, "sweeping")
    now[0] = 8.0
    said.finish()
    assert log.getvalue().splitlines() == ["Building the tables of X (first time only)...", "   10% sweeping (0 s)",
                                           "   60% sweeping (6 s)", "  done in 8.0 s"]
    screen = io.StringIO()
    bar = Progress("Building...", screen, clock=lambda: now[0], terminal=True)
    bar(0.5, "sweeping")
    bar.finish()
    assert screen.getvalue().startswith("Building...\n\r  [" + "#" * 12 + "-" * 12 + "]")
    quiet = io.StringIO()
    done = Progress("Building...", quiet, clock=lambda: now[0], terminal=False)
    done(1.0, "saving the table")   # a build that ends before anything was said says nothing
    done.finish()
    assert quiet.getvalue() == ""
    given_up = io.StringIO()
    tried = Progress("Building...", given_up, clock=lambda: now[0], terminal=False)
    tried(0.0, "exploring")
    now[0] = 18.5
    tried.finish(built=False)   # too large for a table: the answer is searched instead
    assert given_up.getvalue().splitlines()[-1] == "  stopped after 10.5 s without a table: a search answers instead"
    monkeypatch.setenv("COLUMNS", "80")
    searched = io.StringIO()
    search = Progress("Searching...", searched, clock=lambda: now[0], terminal=True)
    search(None, "none shorter than 18; 3,905,618 positions")   # a search has no fraction: words alone, no bar
    search.end()
    assert searched.getvalue() == "Searching...\n\r  " + "none shorter than 18; 3,905,618 positions".ljust(77) + "\n"


# -- the command line's sentences on what is proven go through the catalogs (English where none is active) -----


def test_the_answer_and_its_proof_are_said_in_the_language_of_the_moment(capsys) -> None:
    from game.common import i18n
    code, out, _ = run(capsys, "solve", "tiles-2x3")
    assert code == 0 and out.startswith("Tiles 2x3: 21 moves, optimal. A move slides")
    i18n.activate("ja")
    code, out, _ = run(capsys, "solve", "tiles-2x3")
    assert code == 0 and out.splitlines()[0].startswith("タイル 2×3：21手、最短。 1手で、")


def test_a_line_not_proven_shortest_is_said_so_in_japanese() -> None:
    from game.cli import _proven_words
    from game.common import i18n
    from game.oracles.base import Line
    line = Line((), (b"",), 0, 0.0, "weighted ida*", proven=False, at_least=12, within=1.5)
    assert _proven_words(line) == ("the shortest found, not proven (the shortest needs at least 12 moves; this is at "
                                   "most 1.5 times as long)")
    i18n.activate("ja")
    assert _proven_words(line) == "見つかった最短、ただし未証明（最短でも12手が必要で、この手順はその1.5倍以内の長さ）"


@pytest.mark.parametrize("which, english, japanese", [
    ("time", "; allow more time with --time-limit SECONDS.", "。--time-limit SECONDS で時間を延ばせます。"),
    ("memory", "; allow more memory with --memory-limit MB.", "。--memory-limit MB でメモリを増やせます。"),
])
def test_the_advice_at_a_limit_is_said_in_japanese(which, english, japanese) -> None:
    from game.cli import _at_limit
    from game.common import i18n
    from game.oracles.limits import StoppedAtLimit
    from solvers.limits import LimitReached, Status
    stopped = StoppedAtLimit("Klotski", LimitReached(which, 1.0, Status("search", 9, 5_000, 2.0, 3 << 20), 9))
    assert _at_limit(stopped).startswith(f"The search of Klotski stopped at its {which} limit after 5,000 positions")
    assert _at_limit(stopped).endswith(f"none was found{english}")
    i18n.activate("ja")
    said = _at_limit(stopped)
    assert said.startswith("箱入り娘の探索は5,000局面") and said.endswith(japanese), said
    assert "search" not in said and "allow" not in said
