"""The command line on terminals that cannot show everything, and its argument errors: text a
terminal cannot encode is printed escaped (never a UnicodeEncodeError), and every subcommand's bad
arguments, benchmarks included, are one sentence on stderr with exit status 2."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.cli import main
from game.catalog.reading import read_puzzle_file
from game.catalog.reading import parse_toml

ROOT = Path(__file__).resolve().parent.parent
ASCII_TERMINALS = {"ascii": {"PYTHONIOENCODING": "ascii"},
                   "C locale": {"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}}
NON_ASCII_FROGS = 'format = 1\ntitle = "Frösche, 蛙跳び 🐸"\nfamily = "frogs"\nstart = "BB.WW"\ngoal = "WW.BB"\n'


def _main_py(env: dict[str, str], *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "PYTHONUTF8", "LC_ALL")}
    environment.update({k: v for k, v in env.items() if v})
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=cwd, env=environment,
                          capture_output=True, timeout=120)


def _plain(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 0, done.stderr.decode("ascii", "replace")
    assert b"Traceback" not in done.stderr and b"UnicodeEncodeError" not in done.stderr, done.stderr
    return done.stdout.decode("ascii")   # every byte ASCII, or this raises


@pytest.fixture(scope="module")
def frogs_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("puzzles") / "frösche.toml"
    path.write_text(NON_ASCII_FROGS, encoding="utf-8")
    return path


@pytest.mark.parametrize("terminal", sorted(ASCII_TERMINALS))
def test_solve_and_analyze_of_a_non_ascii_title_print_escaped(terminal, frogs_file):
    env = ASCII_TERMINALS[terminal]
    text = _plain(_main_py(env, "solve", str(frogs_file)))
    assert "Fr\\u00f6sche, \\u86d9\\u8df3\\u3073 \\U0001f438: 8 moves, optimal." in text
    text = _plain(_main_py(env, "analyze", str(frogs_file)))
    assert "Fr\\u00f6sche" in text and "longest optimal solution:           8 moves" in text
    data = _plain(_main_py(env, "solve", str(frogs_file), "--json"))   # JSON escapes by itself, and stays JSON
    assert '"length": 8' in data


@pytest.mark.parametrize("terminal", sorted(ASCII_TERMINALS))
def test_list_with_japanese_names_prints_escaped(terminal, frogs_file):
    env = dict(ASCII_TERMINALS[terminal], FEWEST_MOVES_DATA=str(frogs_file.parent.parent / "data"))
    puzzles = frogs_file.parent.parent / "data" / "puzzles"
    puzzles.mkdir(parents=True, exist_ok=True)
    (puzzles / frogs_file.name).write_text(NON_ASCII_FROGS, encoding="utf-8")
    text = _plain(_main_py(env, "list", "--ja"))
    klotski = next(line for line in text.splitlines() if line.strip().startswith("klotski "))
    assert klotski.rstrip().endswith("\\u7bb1\\u5165\\u308a\\u5a18")   # 箱入り娘
    assert "Fr\\u00f6sche" in text   # the player's own puzzle, listed with the library


@pytest.mark.parametrize("terminal", sorted(ASCII_TERMINALS))
@pytest.mark.parametrize("name", ["klotski.toml", "huarong-five-generals.toml"])
def test_convert_on_an_ascii_terminal_prints_toml_that_reads_back_the_same(terminal, name, tmp_path):
    source = ROOT / "assets" / "puzzles" / name
    text = _plain(_main_py(ASCII_TERMINALS[terminal], "convert", str(source)))
    tomllib.loads(text)   # the escapes are TOML's own: the output is still a puzzle file
    assert parse_toml(text, source.name) == read_puzzle_file(source)


def test_the_error_sentence_of_an_ascii_terminal_is_escaped_too(tmp_path):
    done = _main_py(ASCII_TERMINALS["C locale"], "solve", "eight", "--from", "日 本/語")
    err = done.stderr.decode("ascii")
    assert done.returncode == 2 and err.startswith("error: ") and err.count("\n") == 1


# -- argument errors: one sentence, exit status 2 ---------------------------------------------------

BAD_ARGUMENTS = [
    ["--nope"], ["nothing"], ["play", "--nope"], ["play", "--moves", "diagonal"], ["list", "--x"], ["list", "extra"],
    ["solve"], ["solve", "eight", "--nope"], ["solve", "eight", "--moves"], ["analyze"], ["analyze", "eight", "-x"],
    ["convert"], ["convert", "a", "b"], ["screenshot"], ["screenshot", "eight", "x.png", "--text-size", "7"],
    ["screenshot", "eight", "x.png", "--lang", "fr"], ["screenshot", "eight", "x.png", "--theme", "neon"],
    ["demo", "x"], ["bench"], ["bench", "nothing"],
    ["bench", "idle", "--nope"], ["bench", "idle", "--seconds", "x"], ["bench", "idle", "--seconds", "nan"],
    ["bench", "idle", "--seconds"], ["bench", "idle", "extra"], ["bench", "idle", "--puzzle", "nope"],
    ["bench", "idle", "--size", "big"],
    ["bench", "fifteen", "--nope"], ["bench", "fifteen", "--limit", "x"], ["bench", "tables", "--hints", "x"],
    ["bench", "tables", "--nope"], ["bench", "blocks", "--nope"], ["bench", "blocks", "--hints", "x"],
    ["bench", "frames", "--nope"], ["bench", "frames", "--frames", "x"],
]


@pytest.mark.parametrize("args", BAD_ARGUMENTS, ids=" ".join)
def test_every_subcommand_says_bad_arguments_in_one_sentence(capsys, args):
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 2, (code, err)
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert "usage:" not in err and "Traceback" not in err and not out



def test_a_reader_that_leaves_early_gets_no_traceback(monkeypatch):
    """`list | head -1`, `list | grep -q NAME`: the reader closes the pipe while the command still
    writes; it stops without a word (the bundle once printed a BrokenPipeError's traceback)."""
    reader, writer = os.pipe()
    os.close(reader)   # nobody reads: the first flush meets a broken pipe
    stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(writer, "w"), buffer_size=1 << 20), encoding="utf-8")
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main(["list"]) == 1
