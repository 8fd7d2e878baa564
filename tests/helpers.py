"""Checks shared by the tests: a solution is legal move by move, ends at a goal, and is as short as breadth-first search says;
and a folder where no file can be written, as a read-only one."""
from __future__ import annotations

import errno
import gettext
import io
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.rules.puzzle import Move, Puzzle
from solvers.search import bidirectional_bfs, bfs


def replay(puzzle: Puzzle, start: bytes, moves: list[Move]) -> bytes:
    state = start
    for move in moves:
        assert move in puzzle.legal_moves(state), f"illegal move {move} in {puzzle.format(state)}"
        state = puzzle.play(state, move)
    return state


def assert_optimal_and_legal(puzzle: Puzzle, start: bytes, moves: list[Move]) -> None:
    end = replay(puzzle, start, moves)
    assert puzzle.is_goal(end), f"{puzzle.name}: solution ends at {puzzle.format(end)}, not at a goal"
    # from both ends where the goals can be listed; a goal by pattern (a car at the exit) from the start only
    both = puzzle.reversible and bool(puzzle.goals())
    reference = bidirectional_bfs(puzzle, start) if both else bfs(puzzle, start)
    assert reference is not None
    assert len(moves) == len(reference), f"{puzzle.name}: {len(moves)} moves, breadth-first finds {len(reference)}"


def random_walk(puzzle: Puzzle, start: bytes, steps: int, rng: random.Random) -> bytes:
    """A position ``steps`` random legal moves from ``start`` (fewer if it gets stuck)."""
    state = start
    for _ in range(steps):
        options = [s for _, s in puzzle.successors(state)]
        if not options:
            break
        state = rng.choice(options)
    return state


def catalog_of(translations: dict[str, str], locale: str = "ja") -> gettext.GNUTranslations:
    """A compiled catalog made up for a test (message -> translation), as the game loads a real one."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    catalog = Catalog(locale=locale)
    for message, translation in translations.items():
        catalog.add(message, translation)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


class Unwritable:
    """Every file written into ``folder`` fails as on a read-only file system, until lifted."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
        self.folder, self.on, self.tries = folder.resolve(), True, 0
        real = tempfile.mkstemp

        def mkstemp(*args, dir=None, **kwargs):
            if self.on and dir is not None and Path(dir).resolve().is_relative_to(self.folder):
                self.tries += 1
                raise OSError(errno.EROFS, "Read-only file system")
            return real(*args, dir=dir, **kwargs)

        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)


ROOT = Path(__file__).resolve().parent.parent


def run_measured(folder: Path, *args: str, memory: int = 3 << 30,
                 env: dict[str, str] | None = None) -> tuple[int, str, float, float]:
    """The command line in a fresh process with at most ``memory`` bytes of address space and an empty
    cache in ``folder``: (exit status, stderr, CPU seconds, peak resident MB of that process). The seconds
    are the processor time the process and its children spent (user and system), the work it did: unlike
    the wall clock, a machine busy with other work does not stretch them. The peak is VmHWM, the process's
    own: getrusage's ru_maxrss would count the test process it was forked from."""
    measured = folder / "measured"
    driver = ("import re, resource, sys\n"
              f"resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))\n"
              "from game.cli import main\n"
              "try:\n    code = main(sys.argv[1:])\n"
              "finally:\n"
              "    peak = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)\n"
              "    used = [resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)]\n"
              "    cpu = sum(u.ru_utime + u.ru_stime for u in used)\n"
              f"    open({str(measured)!r}, 'w').write(f'{{peak}} {{cpu}}')\n"
              "sys.exit(code)\n")
    environment = dict(os.environ, FEWEST_MOVES_CACHE=str(folder / "cache"))
    environment.pop("FEWEST_MOVES_TABLE_MEMORY", None)
    environment.update(env or {})
    done = subprocess.run([sys.executable, "-c", driver, *args], cwd=ROOT, env=environment, capture_output=True,
                          text=True, timeout=600)
    peak, cpu = measured.read_text().split()
    return done.returncode, done.stderr, float(cpu), int(peak) / 1024


def answered_by(spec, name: str, oracle, **changes):
    """``spec`` under another name, answered by the oracle factory ``oracle`` (its rules as they are)."""
    from dataclasses import replace

    from game.oracles.base import Recipe

    return replace(spec, name=name, base=name, recipe=Recipe(name, spec.recipe.build, oracle), **changes)


def climb_to_move(session) -> int:  # type: ignore[no-untyped-def]
    """Press Hint until the ladder shows the move itself (a search answers on the next update); the presses."""
    from game.midend.ladder import Step
    presses = 0
    while session.hint_info is None or (session.hint_info.move is not None and session.hint_info.step < Step.MOVE):
        session.request_hint()
        if session.hint_info is None:
            session.update(0.0)
        presses += 1
        assert presses <= len(Step) + 1, "the hint ladder has only four steps"
    return presses


def every_family_count() -> list[tuple[str, str]]:
    """Each family the registry knows under each way it counts a move, as (family key, count key): what a test
    of "every family" goes through, so that a family added to the game is in it."""
    from game.families import registry

    return [(family.key, count.key) for family in registry.families() for count in family.counts]


def cheapest_own(family: str, count: str | None = None) -> str:
    """The name of the game's own puzzle of ``family`` with the fewest positions the shipped index gives (the
    first on its shelf among equals, or where the index says none), under the count spelt ``count`` where given."""
    from game.catalog import index, registry as catalog

    rows = index.shipped()

    def positions(spec) -> float:  # type: ignore[no-untyped-def]
        row = rows.get(spec.name)
        return row.positions if row is not None and row.positions is not None else float("inf")

    own = [spec for spec in catalog.own_specs() if spec.family is not None and spec.family.key == family]
    assert own, f"the family {family} has no puzzle of the game's own"
    spec = min(own, key=positions)
    counted = spec.count_named(count) if count is not None else None
    return catalog.variant(spec, counted).name if counted is not None else spec.name
