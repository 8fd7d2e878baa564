"""Every argument a user can hand the command line, benchmarks included: one sentence on stderr and
exit status 2, bad input shown escaped and shortened, never a traceback, a hang or a huge allocation."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 5000


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_sentence(code: int, err: str) -> None:
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert len(err) < 600 and "\x1b" not in err


@pytest.mark.parametrize("size", ["²x3", "①x300", f"{HUGE}x3", "1x1", "99999x99999", "big", "x", "1280x", "-5x5"])
@pytest.mark.parametrize("command", [["screenshot", "eight", "out.png"], ["bench", "frames"]])
def test_sizes_are_checked_before_anything_runs(capsys, tmp_path, command, size):
    args = [a if a != "out.png" else str(tmp_path / a) for a in command]
    started = time.monotonic()
    code, out, err = run(capsys, *args, "--size", size)
    one_sentence(code, err)
    assert time.monotonic() - started < 5 and not (tmp_path / "out.png").exists()


@pytest.mark.parametrize("args", [
    ["bench", "frames", "--frames", "0"], ["bench", "frames", "--frames", "-3"],
    ["bench", "frames", "--frames", HUGE], ["bench", "frames", "--puzzles", "nope"],
    ["bench", "tables", "--hints", "0"], ["bench", "tables", "--hints", "-5"], ["bench", "tables", "--nope"],
    ["bench", "fifteen", "--limit", "nan"], ["bench", "fifteen", "--limit", "-1"], ["bench", "fifteen", "--x"],
    ["bench", "tiles", "--boards", "9x9"], ["bench", "tiles", "--boards", "2x3"], ["bench", "tiles", "--count", "0"],
    ["bench", "tiles", "--limit", "inf"],
    ["bench", "sokoban", "--hints", "0"], ["bench", "sokoban", "--levels", "klotski"], ["bench", "sokoban", "--x"],
    ["bench", "sokoban", "--search", "--sets", "huge"], ["bench", "sokoban", "--search", "--sets", ","],
    ["bench", "startup", "--runs", "0"], ["bench", "startup", "--runs", HUGE], ["bench", "startup", "--x"],
    ["bench", "blocks", "--level", "no-such-file.toml"], ["bench", "blocks", "--level", "eight"],
    ["bench", "blocks", "--level", "klotski", "--seconds", "nan"], ["bench", "blocks", "--level", "klotski", "--seconds", "0"],
    ["bench"], ["bench", "nothing"],
])
def test_benchmark_arguments_are_one_sentence(capsys, args):
    code, out, err = run(capsys, *args)
    one_sentence(code, err)


def test_a_table_benchmark_of_a_puzzle_without_a_table_fails_before_the_reference(capsys, monkeypatch):
    import bench.tables as tables

    def no(*args, **kwargs):
        raise AssertionError("the reference ran before the puzzle names were checked")

    monkeypatch.setattr(tables, "reference", no)
    code, out, err = run(capsys, "bench", "tables", "--puzzles", "fifteen")
    one_sentence(code, err)
    assert "no complete table" in err


@pytest.mark.parametrize("content", ["a\t١٢\t5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3\n",
                                     f"a\t{HUGE}\t5 10 14 4/6 12 11 1/9 0 15 7/13 2 8 3\n",
                                     "a\t41\t\x1b]0;title\x07\n"])
def test_bad_instance_files_are_one_sentence(capsys, tmp_path, content):
    path = tmp_path / "instances.tsv"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "bench", "fifteen", "--instances", str(path))
    one_sentence(code, err)


@pytest.mark.parametrize("path", ["/dev/zero", "fifo", "missing.tsv", "folder"])
def test_instance_files_that_are_not_files_are_refused_at_once(capsys, tmp_path, path):
    if path == "fifo":
        os.mkfifo(tmp_path / "fifo")
    if path == "folder":
        (tmp_path / "folder").mkdir()
    target = path if path.startswith("/") else str(tmp_path / path)
    started = time.monotonic()
    code, out, err = run(capsys, "bench", "fifteen", "--instances", target)
    one_sentence(code, err)
    assert time.monotonic() - started < 5


def test_bad_input_is_shown_escaped_and_shortened(capsys):
    code, out, err = run(capsys, "solve", "eight", "--from", "\x1b]0;pwned\x07 2 3/4 5 6/7 8 .")
    one_sentence(code, err)
    assert "\\x1b]0;pwned\\x07" in err
    code, out, err = run(capsys, "solve", "eight", "--from", "x" * 1_000_000)
    one_sentence(code, err)
    code, out, err = run(capsys, "solve", "\x1b[2J" + "y" * 100_000)
    one_sentence(code, err)
    code, out, err = run(capsys, "frobnicate\x1b[31m")
    one_sentence(code, err)


def _main_py(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, timeout=120, **kwargs)


def test_an_ascii_terminal_gets_ascii_piece_names():
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    done = _main_py("solve", "goat", capture_output=True, env=env)
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    text = done.stdout.decode("ascii")
    assert "tl  - tr  =" in text and "20 moves, optimal" in text
    done = _main_py("solve", "goat", "--json", capture_output=True, env=env)
    assert done.returncode == 0 and b'"length": 20' in done.stdout
    done = _main_py("analyze", "goat", capture_output=True, env=env)
    assert done.returncode == 0 and b"hardest positions" in done.stdout


def test_a_full_disk_is_one_sentence():
    with open("/dev/full", "w") as full:
        done = _main_py("solve", "goat", stdout=full, stderr=subprocess.PIPE)
    err = done.stderr.decode()
    assert done.returncode == 1 and "Traceback" not in err
    assert err.startswith("error: ") and "could not be written" in err and err.count("\n") == 1


# -- the whole command line, fuzzed (slow set) ------------------------------------------------------

WORDS = ["play", "list", "solve", "analyze", "bench", "screenshot", "demo", "fifteen", "tables", "frames",
         "eight", "goat", "knights", "frogs-line-3", "pairs", "--from", "--json", "--size", "--menu", "--marks",
         "--analysis", "--instances", "--limit", "--hints", "--puzzles", "--frames", "--help"]
GARBAGE = ["", " ", "-", "--", "1 2 3/4 5 6/7 . 8", "B B . W W", "┌ ─ ┐ ▭", "\x00", "\x1b[31m", "ß", "①", "²x3",
           "1x1", "0", "-1", "nan", "inf", "1e309", HUGE, "/dev/zero", "/", ".", "a" * 5000, "8 6 7/2 5 4/3 . 1"]


@pytest.mark.slow
def test_the_command_line_fuzzed(capsys, monkeypatch, tmp_path):
    """Random argument lists: every outcome is a result or one sentence; nothing opens a window or
    runs a full benchmark (those parts are stubbed once the arguments have been checked)."""
    import bench.fifteen
    import bench.tables
    import game.ui.app as app
    import game.ui.entry as entry

    def ran(*args, **kwargs):
        return 0

    for module, name in ((entry, "run"), (entry, "run_demo"), (entry, "render_screenshot"), (bench.fifteen, "run"),
                         (bench.tables, "reference"), (bench.tables, "analyze_cold"), (bench.tables, "measure_puzzle")):
        monkeypatch.setattr(module, name, ran)
    class Window(Exception):
        """A valid frames benchmark got past its checks and asked for a window."""

    def no_window(*args, **kwargs):
        raise Window

    monkeypatch.setattr(app, "App", no_window)
    monkeypatch.chdir(tmp_path)
    rng = random.Random(1234)
    for _ in range(3000):
        args = [rng.choice(WORDS if rng.random() < 0.6 else GARBAGE) for _ in range(rng.randint(0, 5))]
        try:
            code = main(args)
        except SystemExit as stop:   # --help prints usage and exits 0
            assert stop.code in (0, None), args
            capsys.readouterr()
            continue
        except Window:
            assert args[:2] == ["bench", "frames"], args
            capsys.readouterr()
            continue
        out, err = capsys.readouterr()
        assert code in (0, 1, 2), (args, code, err)
        assert "Traceback" not in err and "\x1b" not in err, (args, err)
        if code == 2:
            assert err.startswith("error: ") and err.count("\n") == 1, (args, err)


BAD_FILES = {
    "direction.toml": ('format = 1\ntitle = "x"\nfamily = "frogs"\nblack = ["sideways"]\nstart = "B.W"\n'
                       'goal = "W.B"\n', "'sideways' is not a direction"),
    "no-room.toml": ('format = 1\ntitle = "x"\nfamily = "knights"\nstart = "BW"\ngoal = "WB"\n', "no empty cell"),
    "counts.toml": ('format = 1\ntitle = "x"\nfamily = "frogs"\nstart = "BB.W"\ngoal = "WW.B"\n',
                    "1 black and 2 white stones"),
    "ragged.toml": ('format = 1\ntitle = "x"\nfamily = "blocks"\nstart = """\nAA.\nB\n"""\ngoal = "?"\n', "row 2"),
}


@pytest.mark.parametrize("command", ["solve", "analyze", "play"])
@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_bad_puzzle_file_named_on_the_command_line_is_one_sentence_naming_it(capsys, tmp_path, name, command):
    text, says = BAD_FILES[name]
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, command, str(path))
    one_sentence(code, err)
    assert err.startswith(f"error: {name}: ") and says in err


def test_a_missing_puzzle_file_says_so(capsys, tmp_path):
    code, _, err = run(capsys, "solve", str(tmp_path / "nowhere.toml"))
    one_sentence(code, err)
    assert "no puzzle file at" in err
