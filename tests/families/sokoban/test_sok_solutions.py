"""A .sok file's solutions, read with each level and checked: ``Solution:`` lines, a header with the letters
under it, lines of letters alone (not a ``Snapshot``'s), each kept bounded with its line; a bad one is one
sentence naming the level and the line, and the other levels and solutions still load. The ``check``
command replays each against the rules and the solver's optimum; ``solve --lurd`` and ``--json`` write it;
``play --watch`` says what is wrong before a window opens. The levels are drawn here."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.common import i18n
from game.families.sokoban.xsb import MAX_SOLUTIONS, parse_collection
from game.files.errors import PuzzleFileError
from game.rules.notation import Written

# the keeper, a box, a target in a row: the fewest are rRR (3 moves, 2 pushes)
# the yard: move-optimal 22 moves (6 pushes), push-optimal 4 pushes (24 moves)
COLLECTION = """; small levels of our own, to check
Corridor
#######
#@ $ .#
#######
Solution: rRR
Solution: r
2R

lL

The yard
#######
#  @. #
# $ $ #
### . #
#######
Title: The yard
Solution (moves 24, pushes 4):
lldRurrrddllU
drruulDlluR
Snapshot
ddrUl
Solution: ddrUlulldRRdrruuLDlluR
Solution: rrx

#####
#@$ #
#####
"""


@pytest.fixture
def sok(tmp_path: Path) -> Path:
    path = tmp_path / "ours.sok"
    path.write_text(COLLECTION, encoding="utf-8")
    return path


def test_each_level_keeps_its_solutions_with_their_lines():
    got = parse_collection(COLLECTION, "ours.sok")
    corridor, yard, broken = got
    assert corridor.common.title == "Corridor" and yard.common.title == "The yard"
    assert corridor.solutions == (Written(6, "rRR"), Written(7, "r2R"), Written(10, "lL"))
    assert yard.solutions[:2] == (Written(19, "lldRurrrddllUdrruulDlluR"), Written(24, "ddrUlulldRRdrruuLDlluR"))
    bad = yard.solutions[2]
    assert bad.text == "" and "The yard" in bad.problem and "line 25" in bad.problem and "'x'" in bad.problem
    assert len(yard.solutions) == 3                  # the snapshot's letters are no solution
    assert isinstance(broken, PuzzleFileError)      # a bad level beside them: one sentence, the others load


def test_a_line_of_letters_never_names_the_next_level():
    text = "#####\n#@$.#\n#####\nrR\n#####\n#@$.#\n#####\n"
    first, second = parse_collection(text, "two.sok")
    assert first.solutions == (Written(4, "rR"),) and second.common.title == "Two 2"


def test_solutions_are_bounded():
    text = "#####\n#@$.#\n#####\n" + "".join(f"Solution: {'R' * (n + 1)}\n" for n in range(MAX_SOLUTIONS + 5))
    (level,) = parse_collection(text, "many.sok")
    assert len(level.solutions) == MAX_SOLUTIONS
    huge = "#####\n#@$.#\n#####\nSolution: " + "99999r" * 3 + "\n"
    (level,) = parse_collection(huge, "huge.sok")
    assert "more than 100,000 steps" in level.solutions[0].problem


def test_the_solutions_stay_out_of_what_the_level_is():
    """A level is the same puzzle whatever solutions its file gave (a pasted file text is compared so)."""
    (with_one,) = parse_collection("#####\n#@$.#\n#####\nSolution: R\n", "a.sok")
    (without,) = parse_collection("#####\n#@$.#\n#####\n", "a.sok")
    assert with_one == without and with_one.solutions and not without.solutions


def test_check_replays_every_solution_against_the_optimum(sok, capsys):
    assert main(["check", str(sok)]) == 1            # some are illegal: a failed check
    out, err = capsys.readouterr()
    lines = out.strip().split("\n")
    assert lines[0] == "ours.sok#1 Corridor, line 6: legal and solves the level: 3 moves, 2 pushes; optimal in " \
                       "moves; optimal in pushes."
    assert lines[1] == "ours.sok#1 Corridor, line 7: legal and solves the level: 3 moves, 2 pushes; optimal in " \
                       "moves; optimal in pushes."
    assert lines.pop(2) == "ours.sok#1 Corridor, line 10: not legal: Letter 1 of the moves (l) cannot be played: " \
                           "a wall is in the way."
    assert lines[2] == "ours.sok#2 The yard, line 19: legal and solves the level: 24 moves, 4 pushes; not optimal " \
                       "in moves (the fewest: 22 moves); optimal in pushes."
    assert lines[3] == "ours.sok#2 The yard, line 24: legal and solves the level: 22 moves, 6 pushes; optimal in " \
                       "moves; not optimal in pushes (the fewest: 4 pushes)."
    assert lines[4].startswith("ours.sok#2 The solution of The yard on line 25 cannot be read: 'x'")
    assert lines[5].startswith("error: ours.sok: line 27:")   # the bad level, said; the others checked
    assert len(lines) == 6 and err == ""
    assert main(["check", f"{sok}#2"]) == 1
    assert main(["check", f"{sok}#1"]) == 1


def test_check_of_a_legal_solution_passes_and_one_that_does_not_solve_fails(tmp_path, capsys):
    good = tmp_path / "good.sok"
    good.write_text("#######\n#@ $ .#\n#######\nSolution: rRR\n", encoding="utf-8")
    assert main(["check", str(good)]) == 0
    short = tmp_path / "short.sok"
    short.write_text("#######\n#@ $ .#\n#######\nSolution: rR\n", encoding="utf-8")
    assert main(["check", str(short)]) == 1
    assert "legal, but it does not solve the level (2 moves, 1 push)" in capsys.readouterr().out


def test_check_of_a_file_without_solutions_is_one_sentence(tmp_path, capsys):
    plain = tmp_path / "plain.xsb"
    plain.write_text("#######\n#@ $ .#\n#######\n", encoding="utf-8")
    assert main(["check", str(plain)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: The file ") and "gives no solution to check" in err and err.count("\n") == 1


def test_solve_writes_lurd_in_json_and_alone(sok, capsys):
    for count, text in (("moves", "ddrUlulldRRdrruuLDlluR"), ("pushes", "lldRurrrddllUdrruulDlluR")):
        assert main(["solve", f"{sok}#2", "--moves", count, "--json"]) == 0
        answer = json.loads(capsys.readouterr().out)
        assert answer["lurd"] == text and answer["optimal"]
        assert main(["solve", f"{sok}#2", "--moves", count, "--lurd"]) == 0
        assert capsys.readouterr().out == text + "\n"


def test_lurd_for_another_family_is_one_sentence(capsys):
    assert main(["solve", "eight", "--lurd"]) == 2
    err = capsys.readouterr().err
    assert "is no Sokoban level, so --lurd does not apply" in err and err.count("\n") == 1
    assert main(["solve", "eight", "--json"]) == 0
    assert "lurd" not in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("args", "needle"), [
    (["#3", "--watch"], "line 27"),                        # a bad level: its sentence
    (["#1", "--watch", "--from", "#######/#@ $ .#/#######"], "name the level alone"),
])
def test_watch_refuses_in_one_sentence_before_a_window_opens(sok, capsys, args, needle):
    assert main(["play", f"{sok}{args[0]}", *args[1:]]) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_watch_without_a_playable_solution_says_why(tmp_path, capsys):
    bad = tmp_path / "bad.sok"
    bad.write_text("#######\n#@ $ .#\n#######\nSolution: rr\n", encoding="utf-8")
    assert main(["play", str(bad), "--watch"]) == 2
    assert "The solution on line 4 cannot be played: Letter 2 of the moves (r) steps into a box" in \
        capsys.readouterr().err
    none = tmp_path / "none.xsb"
    none.write_text("#######\n#@ $ .#\n#######\n", encoding="utf-8")
    assert main(["play", str(none), "--watch"]) == 2
    assert "comes with no solution to watch" in capsys.readouterr().err


def test_an_optimum_the_solver_cannot_prove_is_said_so_never_guessed(tmp_path, capsys, monkeypatch):
    """A level the search gives up on within its bounds (stood in for here: every search refuses)."""
    from game.common.phrase import Phrase
    from game.families.sokoban.oracle import SokobanTableOracle
    from game.oracles.base import TooLarge

    def gives_up(self, state, report=None):
        raise TooLarge(Phrase("A search from this position looked at 9 positions without reaching the goal."))
    monkeypatch.setattr(SokobanTableOracle, "solve", gives_up)
    good = tmp_path / "big.sok"
    good.write_text("#######\n#@ $ .#\n#######\nSolution: rRR\n", encoding="utf-8")
    assert main(["check", str(good)]) == 0              # legal and solved: the check passes
    out = capsys.readouterr().out
    assert "optimal in moves not proven (A search from this position looked at 9 positions" in out
    assert "optimal in pushes not proven" in out and out.count("optimal in") == out.count("not proven") == 2


def test_a_shortest_found_but_not_proven_is_no_optimum(tmp_path, capsys, monkeypatch):
    from dataclasses import replace

    from game.families.sokoban.oracle import SokobanTableOracle
    proven = SokobanTableOracle.solve

    def unproven(self, state, report=None):
        return replace(proven(self, state), proven=False, at_least=1, within=3.0)
    monkeypatch.setattr(SokobanTableOracle, "solve", unproven)
    good = tmp_path / "unsure.sok"
    good.write_text("#######\n#@ $ .#\n#######\nSolution: rRRl\n", encoding="utf-8")
    assert main(["check", str(good)]) == 0
    out = capsys.readouterr().out
    assert "4 moves, 2 pushes; optimal in moves not proven (the shortest the solver found, 3 moves, is not proven " \
           "shortest); optimal in pushes not proven (the shortest the solver found, 2 pushes" in out
    i18n.activate("ja")   # no catalog is active on the command line, but its sentences on proof are marked
    assert main(["check", str(good)]) == 0
    out = capsys.readouterr().out
    assert "手数での最短は未証明（ソルバーが見つけた最短の手順（3手）は、最短とは証明されていません）" in out
    assert "押し数での最短は未証明（ソルバーが見つけた最短の手順（押し2回）は、最短とは証明されていません）" in out


@pytest.mark.parametrize(("solution", "said"), [
    ("rR\u202eR", "'\\u202e' (character 3) is not a LURD move"),
    ("9999999r", "repeats a letter more than 100,000 times"),
    ("R" * 120_000, "more than 100,000 steps"),
    ("rR\udcff", "is not a LURD move"),
    ("3", "The number 3 at the end of the moves repeats no letter."),
])
def test_a_hostile_solution_is_one_sentence_and_the_level_still_loads(solution, said):
    text = f"#######\n#@ $ .#\n#######\nSolution: {solution}\n\n#####\n#@$.#\n#####\nSolution: R\n"
    first, second = parse_collection(text, "hostile.sok")
    (bad,) = first.solutions
    assert bad.text == "" and said in bad.problem and "line 4" in bad.problem and bad.problem.isprintable()
    assert second.solutions == (Written(9, "R"),)
