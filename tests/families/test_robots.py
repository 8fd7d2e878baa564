"""The robots family: its rules against a plain reading of PUZZLE-FILES.md, the fast sweep's slides
against the rules, the file keys (read, written back, one sentence per mistake), position text, and the
command line's answers in position text."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from game.catalog.reading import parse_toml, to_toml
from game.families.robots.files import RobotsDef, with_start
from game.families.robots.rules import make_robots
from game.files.errors import PuzzleFileError
from game.files.model import Common
from game.rules.puzzle import PositionError
from solvers.rules import RuleSet
from tests.families.plain_robots import PlainRobots
from tests.helpers import assert_optimal_and_legal

ROOT = Path(__file__).resolve().parents[2]
LUNAR = """format = 1
title = "Four robots"
family = "robots"
start = \"\"\"
D....
B....
...A.
C....
.....
\"\"\"
same = ["CD"]
goal = \"\"\"
?????
?????
??A??
?????
?????
\"\"\"
"""


def random_board(rng: random.Random, side: int, walls: int, robots: int, edge: str, same: bool) -> RobotsDef:
    cells = rng.sample(range(side * side), walls + robots + 1)
    wall, at, target = set(cells[:walls]), cells[walls:walls + robots], cells[-1]
    letters = "ABCDEFG"[:robots]
    start = ["#" if i in wall else "." for i in range(side * side)]
    goal = ["#" if i in wall else "?" for i in range(side * side)]
    for ch, cell in zip(letters, at):
        start[cell] = ch
    goal[target] = "A"
    rows = lambda cells: tuple("".join(cells[r * side:(r + 1) * side]) for r in range(side))   # noqa: E731
    return RobotsDef(Common("random"), rows(start), rows(goal), (letters[1:],) if same and robots > 2 else (), edge)


BOARDS = [random_board(random.Random(seed), side, walls, robots, edge, same)
          for seed, (side, walls, robots, edge, same) in enumerate(
              [(5, 0, 5, "fall", True), (5, 2, 4, "fall", False), (6, 5, 4, "stop", True), (4, 3, 3, "stop", False),
               (7, 8, 3, "fall", True), (5, 0, 6, "stop", False)])]


def sample(puzzle, rng: random.Random, count: int) -> np.ndarray:
    """Positions drawn from the whole rank space (all of them where there are fewer)."""
    ranks = rng.sample(range(puzzle.ranker.size), min(count, puzzle.ranker.size))
    return puzzle.ranker.unrank(np.array(ranks, dtype=np.int64))


def plain_position(plain: PlainRobots, puzzle, state: bytes):
    return plain.position(tuple(puzzle.format(state).replace(" ", "").split("/")))


@pytest.mark.parametrize("defn", BOARDS, ids=lambda d: f"{len(d.start)}x{len(d.start)}-{d.edge}")
def test_every_move_is_the_plain_rules_move(defn: RobotsDef) -> None:
    puzzle, plain = make_robots("random", defn), PlainRobots(defn)
    rng = random.Random(1)
    for state in sample(puzzle, rng, 150):
        state = bytes(state)
        ours = sorted(plain_position(plain, puzzle, after) for _, after in puzzle.successors(state))
        theirs = sorted(plain.moves(plain_position(plain, puzzle, state)))
        assert ours == theirs, puzzle.format(state)
        assert puzzle.is_goal(state) == plain.is_goal(plain_position(plain, puzzle, state))
        for move, before in puzzle.predecessors(state):   # the inverse moves are exact
            assert puzzle.play(before, move) == state


@pytest.mark.parametrize("defn", BOARDS, ids=lambda d: f"{len(d.start)}x{len(d.start)}-{d.edge}")
def test_the_sweeps_fast_slides_are_the_rules_children(defn: RobotsDef) -> None:
    puzzle = make_robots("random", defn)
    plain = RuleSet(puzzle.rules.rules, puzzle.rules.ncells)
    boards = sample(puzzle, random.Random(2), 2000)
    for backward in (False, True):
        fast = sorted(bytes(b) for part in puzzle.rules.expand(boards, backward) for b in part)
        generic = sorted(bytes(b) for part in plain.expand(boards, backward) for b in part)
        assert fast == generic and fast


@pytest.mark.parametrize("defn", BOARDS[:4], ids=lambda d: f"{len(d.start)}x{len(d.start)}-{d.edge}")
def test_goals_are_the_pattern_counted_out(defn: RobotsDef) -> None:
    puzzle = make_robots("random", defn)
    goals = puzzle.goals()
    assert len(goals) == len(set(goals)) == puzzle.goal_count()
    assert all(puzzle.is_goal(g) and sorted(g) == sorted(puzzle.start) for g in goals)
    ranks = puzzle.ranker.rank(np.frombuffer(b"".join(goals), dtype=np.uint8).reshape(len(goals), -1))
    every = puzzle.ranker.unrank(np.arange(puzzle.ranker.size))
    matching = np.ones(len(every), dtype=bool)
    for cell, ok in enumerate(puzzle.pattern):   # every position that fits the goal's pattern, counted directly
        if ok is not None:
            matching &= np.isin(every[:, cell], sorted(ok))
    assert int(matching.sum()) == len(set(ranks.tolist())) == len(goals)


def test_a_file_reads_writes_back_and_plays(tmp_path: Path) -> None:
    defn = parse_toml(LUNAR, "four.toml")
    assert isinstance(defn, RobotsDef) and defn.same == ("CD",) and defn.edge == "fall"
    assert parse_toml(to_toml(defn), "four.toml") == defn
    puzzle = make_robots("four", defn)
    assert puzzle.format(puzzle.start) == "D . . . ./B . . . ./. . . A ./C . . . ./. . . . ."
    line = PlainRobots(defn).optimum()
    path = (tmp_path / "four.toml")
    path.write_text(LUNAR, encoding="utf-8")
    from game.catalog import registry as catalog
    spec = catalog.get(str(path))
    answer = spec.oracle.solve(puzzle.start)
    assert len(answer) == line
    assert_optimal_and_legal(spec.puzzle, spec.puzzle.start, list(answer.moves))


def test_identical_robots_read_and_print_by_reading_order() -> None:
    puzzle = make_robots("four", parse_toml(LUNAR, "four.toml"))
    swapped = puzzle.parse("C..../B..../...A./D..../.....")   # C and D named either way: the same robots
    assert swapped == puzzle.parse("D..../B..../...A./C..../.....") == puzzle.start
    assert puzzle.format(swapped) == "D . . . ./B . . . ./. . . A ./C . . . ./. . . . ."
    lower = puzzle.board.at(3, 0)
    texts = {puzzle.move_text(swapped, m) for m in puzzle.legal_moves(swapped) if m.src == lower}
    assert texts and all(text.startswith("C a4-") for text in texts)
    assert all(puzzle.parse_move(swapped, text).src == lower for text in texts)
    with pytest.raises(PositionError):
        puzzle.parse("D..../B..../...A./C..../C....")   # three of the two identical robots
    with pytest.raises(PositionError):
        puzzle.parse("D..../B..../...X./C..../.....")


BAD = [
    ("start = \"\"\"\nA.A\n...\n\"\"\"", "robot 'A' stands on two cells"),
    ("start = \"\"\"\nA.*\n...\n\"\"\"", "a robot is a letter or a digit"),
    ("start = \"\"\"\nA.B\n...\n\"\"\"\nsame = [\"BZ\"]", "names 'Z', which is not a piece"),
    ("start = \"\"\"\nA.B\n...\n\"\"\"\nsame = [\"B\"]", "at least two identical pieces"),
    ("start = \"\"\"\nA.B\n...\n\"\"\"\nedge = \"wrap\"", "is not an edge rule"),
    ("start = \"\"\"\nAB\nCD\n\"\"\"", "no empty cell"),
]


@pytest.mark.parametrize("keys,problem", BAD, ids=[p for _, p in BAD])
def test_a_bad_file_is_one_sentence(keys: str, problem: str) -> None:
    text = f'format = 1\ntitle = "Bad"\nfamily = "robots"\n{keys}\ngoal = """\n?A?\n???\n"""\n'
    with pytest.raises(PuzzleFileError, match=problem):
        parse_toml(text, "bad.toml")


@pytest.mark.parametrize("goal,problem", [("???/???", "names no robot"), ("?Z?/???", "names 'Z', which is not"),
                                          ("AA?/???", "names robot 'A' twice"), ("A../...", "too few cells marked"),
                                          ("#A?/???", "is a wall")])
def test_a_bad_goal_is_one_sentence(goal: str, problem: str) -> None:
    rows = "\n".join(goal.split("/"))
    text = f'format = 1\ntitle = "Bad"\nfamily = "robots"\nstart = """\nA.B\n...\n"""\ngoal = """\n{rows}\n"""\n'
    with pytest.raises(PuzzleFileError, match=problem):
        parse_toml(text, "bad.toml")


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_solve_and_analyze_speak_position_text(tmp_path: Path) -> None:
    path = tmp_path / "four.toml"
    path.write_text(LUNAR, encoding="utf-8")
    solved = run(["solve", str(path), "--json"])
    assert solved.returncode == 0, solved.stderr
    answer = json.loads(solved.stdout)
    puzzle = make_robots("four", parse_toml(LUNAR, "four.toml"))
    assert answer["optimal"] and answer["length"] == PlainRobots(parse_toml(LUNAR, "x")).optimum()
    assert answer["positions"][0] == "D . . . ./B . . . ./. . . A ./C . . . ./. . . . ."
    assert all(puzzle.parse(text) for text in answer["positions"]) and puzzle.is_goal(puzzle.parse(answer["positions"][-1]))
    analysed = run(["analyze", str(path), "--json"])
    assert analysed.returncode == 0, analysed.stderr
    figures = json.loads(analysed.stdout)
    plain = PlainRobots(parse_toml(LUNAR, "x")).figures()
    assert (figures["positions"], figures["dead_ends"], figures["max_distance"]) == plain[:3]
    defn = parse_toml(LUNAR, "four.toml")
    assert len(figures["hardest"]) == figures["hardest_count"] == plain[3]
    for text in figures["hardest"]:                     # position text the plain search starts from
        assert PlainRobots(with_start(defn, puzzle.parse(text))).optimum() == figures["max_distance"]
    unsolved = run(["solve", str(path), "--json", "--moves", "line"])
    assert unsolved.returncode == 2 and unsolved.stderr.count("\n") == 1 and "one way to count" in unsolved.stderr


def test_a_goal_may_write_question_marks_over_the_walls() -> None:
    """'?' stands everywhere but the target's cell (PUZZLE-FILES.md), walls too: the same puzzle as with '#'."""
    start = 'start = """\nA..#\n...#\n"""\nedge = "stop"\n'
    over = parse_toml(f'format = 1\ntitle = "R"\nfamily = "robots"\n{start}goal = """\n??A?\n????\n"""\n', "r.toml")
    walls = parse_toml(f'format = 1\ntitle = "R"\nfamily = "robots"\n{start}goal = """\n??A#\n???#\n"""\n', "r.toml")
    mine, theirs = make_robots("over", over), make_robots("walls", walls)
    assert mine.pattern == theirs.pattern and mine.start == theirs.start
    assert PlainRobots(over).optimum() == PlainRobots(walls).optimum() == 1
    assert parse_toml(to_toml(over), "r.toml") == over


@pytest.mark.parametrize("goal,problem", [("?A?/.??", "is a wall ('#') in the start but not in the goal"),
                                          ("#A?/???", "is a wall ('#') in the goal but not in the start"),
                                          ("?A?/#A#", "names robot 'A' twice"),
                                          ("..A/?.?", "too few cells marked '?'")])
def test_a_goal_over_walls_still_keeps_the_walls_and_counts_only_open_cells(goal: str, problem: str) -> None:
    """A wall is '#' or '?' in the goal, never '.' or a robot; a '?' on a wall is no room for a robot."""
    rows = "\n".join(goal.split("/"))
    text = (f'format = 1\ntitle = "Bad"\nfamily = "robots"\nstart = """\nA.B\n#.#\n"""\n'
            f'goal = """\n{rows}\n"""\n')
    with pytest.raises(PuzzleFileError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        parse_toml(text, "bad.toml")


SIX = LUNAR.replace("Four robots", "Six robots").replace("D....\nB....\n...A.\nC....\n.....", "B...A\n.....\n.....\nC....\nDE..F").replace(
    'same = ["CD"]\n', "")


def test_six_distinct_robots_are_analysed_over_what_their_start_reaches(tmp_path: Path, capsys) -> None:
    """127 million ranks, too many for a table of every position, but the start reaches a few thousand:
    those are swept, and every figure is the plain sweep's."""
    from game.cli import main
    defn = parse_toml(SIX, "six.toml")
    puzzle = make_robots("six", defn)
    assert puzzle.ranker is None or puzzle.ranker.size > 100_000_000
    path = tmp_path / "six.toml"
    path.write_text(SIX, encoding="utf-8")
    assert main(["analyze", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    figures = json.loads(out)
    plain = PlainRobots(defn).figures()
    assert (figures["positions"], figures["dead_ends"], figures["max_distance"], figures["hardest_count"],
            figures["start_distance"]) == plain
    assert 1_000 < figures["positions"] < 5_000 and figures["reached"]


def test_a_component_tables_every_distance_is_the_plain_sweeps() -> None:
    from game.families.robots.oracle import RobotsComponentOracle, robots_oracle
    from game.oracles.base import Build
    defn = parse_toml(SIX, "six.toml")
    puzzle = make_robots("six-robots-distances", defn)
    oracle = robots_oracle(puzzle)
    assert isinstance(oracle, RobotsComponentOracle) and oracle.prepare(Build.ALWAYS)
    plain = PlainRobots(defn)
    seen, dist = plain.distances()
    state, line = puzzle.start, oracle.solve(puzzle.start)
    assert line.proven and len(line) == dist[plain.start]
    assert_optimal_and_legal(puzzle, puzzle.start, list(line.moves))
    rng = random.Random(9)
    for _ in range(300):                               # positions met along random walks from the start
        key = plain_position(plain, puzzle, state)
        assert key in seen
        assert oracle.distance(state) == dist.get(key), puzzle.format(state)
        assert oracle.dead_end(state) == (key not in dist)
        moves = puzzle.legal_moves(state)
        state = puzzle.play(state, rng.choice(moves)) if moves else puzzle.start


def test_a_component_beyond_its_bound_is_one_sentence_and_solve_searches(tmp_path: Path, capsys, monkeypatch) -> None:
    from game.cli import main
    from game.families.robots import oracle
    monkeypatch.setattr(oracle, "SWEEP_BYTES", 1_000 * (25 + oracle.KEY_COST))   # room for 1,000 positions
    path = tmp_path / "six-bounded.toml"
    path.write_text(SIX, encoding="utf-8")
    assert main(["analyze", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("error: Six robots has more than 1,000 positions in reach of its start")
    assert main(["solve", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["length"] == PlainRobots(parse_toml(SIX, "six.toml")).optimum()


@pytest.mark.slow
def test_analyze_of_a_board_whose_start_reaches_millions_stops_within_seconds_and_memory(tmp_path: Path) -> None:
    from tests.helpers import run_measured
    rows = ["." * 16 for _ in range(16)]
    rows[0], rows[15] = "A......B.......C", "D......E.......F"
    goal = ["?" * 16 for _ in range(16)]
    goal[8] = "????????A???????"
    path = tmp_path / "big.toml"
    path.write_text('format = 1\ntitle = "Big"\nfamily = "robots"\nedge = "stop"\nstart = """\n' + "\n".join(rows)
                    + '\n"""\ngoal = """\n' + "\n".join(goal) + '\n"""\n', encoding="utf-8")
    code, err, seconds, peak = run_measured(tmp_path, "analyze", str(path))
    *progress, last = err.splitlines()   # the sweep says how far it got on stderr as it goes, then the sentence
    assert code == 2 and last.startswith("error: Big has more than ") and last.endswith("instead."), err
    assert progress[0] == "Sweeping the positions of Big..." and not any("error" in line for line in progress), err
    assert seconds < 40 and peak < 500, (seconds, peak)


def test_the_goal_names_the_target_robots_colour_as_it_is_drawn():
    """The goal says "the red robot": the robot and its hatch are painted a red (hue within 12 degrees of
    pure red), not the vermillion a player calls orange."""
    import colorsys

    from game.families.robots.rules import TARGET
    hue, _lightness, saturation = colorsys.rgb_to_hls(*(c / 255 for c in TARGET.colour))
    assert TARGET.name == "red robot" and saturation > 0.5 and min(hue, 1 - hue) * 360 <= 12
