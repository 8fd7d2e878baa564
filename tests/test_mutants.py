"""Every file the game reads, mutated: each puzzle file of the library and the fixtures (TOML,
jim'slide, Knuth's SLIDING) and each saved game, with lines deleted, duplicated or swapped,
characters exchanged or replaced, numbers changed and the text cut short. Reading a mutant gives a
puzzle (or a game) or one sentence, never another exception; a mutant that reads as a puzzle small
enough is solved from its start, and the answer is checked move by move and against a plain
breadth-first search over the puzzle's own moves written here. Deterministic seeds: a hundred
mutants of puzzle files in the default run, thousands under ``-m slow``."""
from __future__ import annotations

import random
import re
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.catalog import library
from game.files.errors import PuzzleFileError
from game.oracles.base import NoSolution, TooLarge
from game.rules.puzzle import PositionError, Puzzle
from game.keeping.saves import read_game
from game.common.untrusted import UnreadableFile

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "assets" / "puzzles").glob("*.toml")) + sorted((ROOT / "tests" / "files" / "fixtures").iterdir())
GAMES = sorted((ROOT / "assets" / "games").glob("*.txt"))
SMALL = 300_000           # positions: a mutant with a table this small (or a component under it) is solved
ONE_SENTENCE = (PuzzleFileError, UnreadableFile, PositionError)


# -- the mutations -----------------------------------------------------------------------------------

def _lines(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    kind = rng.randrange(3)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    if kind == 0:
        del lines[a]
    elif kind == 1:
        lines.insert(a, lines[a])
    else:
        lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def _characters(text: str, rng: random.Random) -> str:
    """Two characters exchanged, or one replaced by another of the file's own: deeper than syntax, so
    many mutants are still puzzles (a piece moved, a frog turned, a wall where a cell was)."""
    chars = list(text)
    a, b = rng.randrange(len(chars)), rng.randrange(len(chars))
    if rng.random() < 0.5:
        chars[a], chars[b] = chars[b], chars[a]
    else:
        chars[a] = rng.choice(chars)
    return "".join(chars)


def _number(text: str, rng: random.Random) -> str:
    numbers = list(re.finditer(r"\d+", text))
    if not numbers:
        return _characters(text, rng)
    found = rng.choice(numbers)
    value = rng.choice([0, 1, 2, int(found.group()) + rng.choice([-1, 1]), rng.randrange(1000), 10**rng.randrange(20)])
    return text[:found.start()] + str(max(0, value)) + text[found.end():]


def _truncate(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


MUTATIONS = (_lines, _characters, _number, _truncate)


def mutant(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 3)):
        if text:
            text = rng.choice(MUTATIONS[:3] if rng.random() < 0.9 else MUTATIONS)(text, rng)
    return text


# -- reading and solving ---------------------------------------------------------------------------------

@dataclass
class Tally:
    puzzles: int = 0
    sentences: int = 0
    solved: int = 0


def read_mutant(path: Path) -> Puzzle | None:
    """The puzzle the game reads from ``path`` (as the command line and the menu do), or None after one
    sentence; anything else fails the test."""
    try:
        spec = library.from_path(str(path))
    except ONE_SENTENCE as exc:
        message = str(exc)
        assert message and "\n" not in message and "\r" not in message and len(message) < 600, message
        return None
    assert spec is not None, path
    return spec.puzzle


def plain_distance(puzzle: Puzzle, start: bytes, cap: int) -> int | None | bool:
    """Breadth-first over ``puzzle.successors`` alone: the fewest moves to a goal, None when there is
    no way, False when more than ``cap`` positions would have to be looked at."""
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        state, depth = queue.popleft()
        if puzzle.is_goal(state):
            return depth
        for _, after in puzzle.successors(state):
            if after not in seen:
                if len(seen) >= cap:
                    return False
                seen.add(after)
                queue.append((after, depth + 1))
    return None


def solve_and_check(path: Path, puzzle: Puzzle, cap: int) -> bool:
    """Solve from the start when the reference search stays under ``cap``; True when it was checked."""
    expected = plain_distance(puzzle, puzzle.start, cap)
    if expected is False:
        return False
    oracle = library.spec_for(str(path), _definition(path)).oracle
    try:
        line = oracle.solve(puzzle.start)
    except NoSolution:
        assert expected is None, f"{path.name}: the game says dead end, breadth-first finds {expected} moves"
        return True
    except TooLarge as exc:   # a search bound of the game: never for a puzzle this small
        raise AssertionError(f"{path.name}: {exc}") from None
    assert expected is not None, f"{path.name}: the game finds {len(line)} moves where there is no way"
    state = puzzle.start
    for move, after in zip(line.moves, line.states[1:]):
        assert move in puzzle.legal_moves(state), f"{path.name}: illegal {move} in {puzzle.format(state)}"
        state = puzzle.play(state, move)
        assert state == after
    assert puzzle.is_goal(state) and len(line) == expected, (path.name, len(line), expected)
    return True


def _definition(path: Path):
    from game.catalog.reading import read_puzzle_file
    return read_puzzle_file(path)


def fuzz_puzzles(seed: int, rounds: int, folder: Path, cap: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for n in range(rounds):
        source = rng.choice(PUZZLES)
        path = folder / f"m{seed}-{n}{source.suffix}"
        path.write_text(mutant(source.read_text(encoding="utf-8"), rng), encoding="utf-8")
        try:
            puzzle = read_mutant(path)
            if puzzle is None:
                tally.sentences += 1
                continue
            tally.puzzles += 1
            tally.solved += solve_and_check(path, puzzle, cap)
        except BaseException:
            print(f"mutant {n} of seed {seed}, from {source.name}:\n{path.read_text(encoding='utf-8')}")
            raise
        finally:
            path.unlink()
    return tally


def fuzz_games(seed: int, rounds: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    for n in range(rounds):
        source = rng.choice(GAMES)
        text = mutant(source.read_text(encoding="utf-8"), rng)
        try:
            game = read_game(text)
        except ONE_SENTENCE as exc:
            message = str(exc)
            assert message and "\n" not in message and len(message) < 600, message
            tally.sentences += 1
            continue
        tally.puzzles += 1
        puzzle = game.spec.puzzle
        state = game.entries[0].position
        for entry in game.entries[1:]:   # every saved move was replayed through the rules
            if entry.move is not None:
                assert entry.move in puzzle.legal_moves(state) and puzzle.play(state, entry.move) == entry.position
            state = entry.position
        assert 0 <= game.cursor < len(game.entries)
    return tally


# -- the tests ---------------------------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def _patient(monkeypatch):
    """These tests are about answers, not time: on a loaded machine a small puzzle's table or search may
    take longer than the game's bounds allow (test_search_bounds checks those)."""
    import game.families.blocks.oracle as component
    import game.oracles.search as searching

    monkeypatch.setattr(searching, "SEARCH_SECONDS", 600.0)
    monkeypatch.setattr(component, "CHEAP_SECONDS", 600.0)


# Found by the mutants (seed 2, mutant 302, from traffic.toml: the car A at row 3 became a one-cell 't'):
# twelve kinds of pieces on 36 cells cannot be keyed, and the game ended in TooManyPositions.
TWELVE_KINDS = """format = 1
title = "Morning Traffic"
family = "blocks"
moves = "line"
start = \"\"\"
BBCGH.
J.CGH.
tXXEH.
..IEAA
..IDDF
.....F
\"\"\"
axis = { B = "x", X = "x", A = "x", D = "x", C = "y", G = "y", H = "y", J = "y", E = "y", I = "y", F = "y" }
goal = \"\"\"
??????
??????
????XX
??????
??????
??????
\"\"\"
"""


def _twelve_kinds(folder: Path) -> tuple[Path, Puzzle]:
    path = folder / "traffic-twelve.toml"
    path.write_text(TWELVE_KINDS, encoding="utf-8")
    puzzle = read_mutant(path)
    assert puzzle is not None
    return path, puzzle


def test_twelve_kinds_are_solved_and_swept_as_the_rules_say(tmp_path):
    """Once too many kinds to key (answered by search only); the compiled engine keys and sweeps them."""
    path, puzzle = _twelve_kinds(tmp_path)
    assert solve_and_check(path, puzzle, SMALL)
    analysis, _ = library.spec_for(str(path), _definition(path)).oracle.analysis()
    assert analysis.positions > SMALL and sum(analysis.by_distance) == analysis.solvable
    assert analysis.positions == analysis.solvable + analysis.dead_ends


@pytest.mark.slow
def test_twelve_kinds_sweep_finds_every_position_breadth_first_finds(tmp_path):
    path, puzzle = _twelve_kinds(tmp_path)
    seen, queue = {puzzle.start}, deque([puzzle.start])
    while queue:
        for _move, after in puzzle.successors(queue.popleft()):
            if after not in seen:
                seen.add(after)
                queue.append(after)
    analysis, _ = library.spec_for(str(path), _definition(path)).oracle.analysis()
    assert analysis.positions == len(seen)


@pytest.mark.slow
def test_every_source_file_reads_as_a_puzzle_and_solves(tmp_path):
    """The unmutated files: the baseline the mutants start from."""
    for source in PUZZLES:
        path = tmp_path / source.name
        path.write_bytes(source.read_bytes())
        puzzle = read_mutant(path)
        assert puzzle is not None, source.name
        solve_and_check(path, puzzle, 20_000)


def test_mutated_puzzle_files(tmp_path):
    tally = fuzz_puzzles(seed=2024, rounds=100, folder=tmp_path, cap=20_000)
    assert tally.puzzles >= 20 and tally.solved >= 10 and tally.sentences >= 50, tally


@pytest.mark.slow
def test_more_mutated_puzzle_files(tmp_path):
    tally = fuzz_puzzles(seed=2024, rounds=300, folder=tmp_path, cap=20_000)
    assert tally.puzzles >= 30 and tally.solved >= 10 and tally.sentences >= 100, tally


def test_mutated_saved_games():
    tally = fuzz_games(seed=7, rounds=1000)
    assert tally.puzzles >= 10 and tally.sentences >= 100, tally


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
def test_mutated_puzzle_files_heavy(tmp_path, seed):
    fuzz_puzzles(seed=seed, rounds=1000, folder=tmp_path, cap=SMALL)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_mutated_saved_games_heavy(seed):
    fuzz_games(seed=100 + seed, rounds=3000)
