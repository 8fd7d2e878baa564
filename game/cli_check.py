"""The ``check`` command: the solutions a Sokoban collection (``.sok``) gives after its levels, each replayed
by the rules and set against the solver's answer.

For each solution: whether every letter can be played and the level ends solved, its moves and pushes, and,
counted each way, whether it is optimal: compared with the solver's line where the solver proves one within
its usual bounds; where it cannot (a level too large to search in time), said as not proven, never guessed.
The command line's words are English, for scripts, as every command's (no catalog is active there); its
sentences on what is not proven are marked as the window's are.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.catalog import library
from game.catalog.spec import PuzzleSpec
from game.common.i18n import _
from game.common.phrase import translated
from game.common.untrusted import sentence
from game.files.errors import PuzzleFileError
from game.oracles.base import Build, NoSolution, TooLarge, checked
from game.rules.counts import Count
from game.rules.notation import Notation, Written
from game.rules.puzzle import PositionError

__all__ = ["check_file", "CheckFailed"]


class CheckFailed(Exception):
    """Nothing to check: the file gives no solution (the message is one sentence)."""


@dataclass(frozen=True)
class Fewest:
    """The solver's answer for one count: the fewest moves where proven, else why there is no proof."""

    count: Count
    fewest: int | None
    why_not: str = ""


def check_file(text: str, say: Callable[[str], None] = print) -> int:
    """Check every solution in the file ``text`` names (``FILE#N``: one level's); 0 when every solution
    given is legal and solves its level, 1 otherwise. CheckFailed where the file gives none."""
    checked_any, all_good = False, True
    for name, origin, got in library.read_each(text):
        try:
            if isinstance(got, PuzzleFileError):
                raise got
            spec = library.built_spec(name, got, origin)
        except PuzzleFileError as unusable:   # said, and the other levels still checked
            say(f"error: {unusable}")
            continue
        solutions = spec.solutions
        if not solutions or spec.notation is None:
            continue
        checked_any = True
        answers: dict[str, Fewest] = {}
        for written in solutions:
            verdict, good = _check_one(spec, spec.notation, written, answers)
            all_good = all_good and good
            say(f"{origin} {verdict}" if written.problem else f"{origin} {spec.title}, line {written.line}: {verdict}")
    if not checked_any:
        raise CheckFailed(f"the file {text} gives no solution to check (a .sok file gives them after a level: "
                          "'Solution: ...' or a line of LURD letters)")
    return 0 if all_good else 1


def _check_one(spec: PuzzleSpec, notation: Notation, written: Written, answers: dict[str, Fewest]) -> tuple[str, bool]:
    """What one solution is, in words, and whether it is legal and solves the level."""
    if written.problem:
        return sentence(written.problem), False
    puzzle = spec.puzzle
    try:
        played = notation.read(puzzle.start, written.text)
    except PositionError as problem:
        return f"not legal: {sentence(str(problem))}", False
    end = played[-1][1] if played else puzzle.start
    figures = notation.tally(puzzle.start, [move for move, _after in played])
    said = ", ".join(_amount(count, n) for count, n in zip(notation.counts, figures))
    if not puzzle.is_goal(end):
        return f"legal, but it does not solve the level ({said}).", False
    verdicts = []
    for count, n in zip(notation.counts, figures):
        fewest = answers.get(count.key) or answers.setdefault(count.key, _fewest(spec, count))
        verdicts.append(_optimal_words(fewest, n))
    return f"legal and solves the level: {said}; {'; '.join(verdicts)}.", True


def _amount(count: Count, n: int) -> str:
    """'37 pushes' (the command line's English: the count's key is its plural, 'pushes', 'moves')."""
    plural = count.key
    return f"{n:,} {plural if n != 1 else plural[:-2] if plural.endswith('shes') else plural.rstrip('s')}"


def _fewest(spec: PuzzleSpec, count: Count) -> Fewest:
    """The solver's optimum of the level's start counted by ``count``, within the search's usual bounds."""
    counted = spec if count is spec.count or spec.recount is None else spec.recount(count)
    puzzle, oracle = counted.puzzle, counted.oracle
    oracle.prepare(Build.FOR_ANSWERS)
    try:
        line = checked(puzzle, puzzle.start, oracle.solve(puzzle.start))
    except NoSolution:
        return Fewest(count, None, _("the solver finds no way to the goal"))
    except TooLarge as large:
        return Fewest(count, None, translated(large.args[0] if large.args else str(large)).rstrip(".。"))
    if not line.proven:
        # Translators: the check command, where a limit stopped the proof: {amount} is "37 pushes"
        return Fewest(count, None, _("the shortest the solver found, {amount}, is not proven shortest")
                      .format(amount=count.amount(len(line))))
    return Fewest(count, len(line))


def _optimal_words(fewest: Fewest, n: int) -> str:
    count = fewest.count
    if fewest.fewest is None:
        # Translators: the check command: {count} is the way of counting ("pushes"), {why} why there is no proof
        return _("optimal in {count} not proven ({why})").format(count=count.word(), why=fewest.why_not)
    if n == fewest.fewest:
        return f"optimal in {count.key}"
    if n > fewest.fewest:
        return f"not optimal in {count.key} (the fewest: {_amount(count, fewest.fewest)})"
    return (f"fewer {count.key} than the solver's optimum of {fewest.fewest:,}: the solver is wrong here, "
            "please report this level")
