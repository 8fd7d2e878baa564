"""Shared by the puzzle-file tests: where the files are, how an error sentence must look, and a
relabelling that makes definitions from different formats comparable."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from game.files.errors import PuzzleFileError
from game.families.blocks.model import BlocksDef
from game.files.model import Common
from game.files.shapes import PIECE_LETTERS, piece_cells

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "assets" / "puzzles"
FAMILY_PUZZLES = sorted(ROOT.glob("game/families/*/puzzles"))   # each family's own puzzle files
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def one_sentence(message: str, origin: str, where: str = "") -> None:
    """The rules every bad-file message follows: one line, names the file and place, ends in '.'."""
    assert "\n" not in message and "\r" not in message, message
    assert message.endswith("."), message
    assert message.startswith(origin), message
    assert where in message, message
    assert len(message) < 400, message


def error_of(call, *args) -> PuzzleFileError:
    try:
        call(*args)
    except PuzzleFileError as exc:
        return exc
    raise AssertionError(f"{call.__name__} accepted a bad file")


def canonical(defn: BlocksDef) -> BlocksDef:
    """The same puzzle with pieces lettered A, B, ... in reading order of the start, each group's
    goal pieces lettered in reading order too, groups sorted, and no origin: formats that
    letter pieces differently compare equal exactly when they describe the same puzzle."""
    start_pieces = piece_cells(defn.start)
    rename = {ch: PIECE_LETTERS[n] for n, ch in enumerate(start_pieces)}
    group_of = {ch: group for group in defn.same for ch in group}
    goal_pieces = piece_cells(defn.goal)
    goal_rename: dict[str, str] = {}
    for group in dict.fromkeys(group_of.get(ch, ch) for ch in start_pieces):
        members = sorted(rename[ch] for ch in group)
        shown = sorted((min(goal_pieces[ch]), ch) for ch in group if ch in goal_pieces)
        goal_rename.update({ch: members[n] for n, (_, ch) in enumerate(shown)})

    def relabel(grid: tuple[str, ...], names: dict[str, str]) -> tuple[str, ...]:
        return tuple("".join(names.get(ch, ch) for ch in row) for row in grid)

    same = tuple(sorted("".join(sorted(rename[ch] for ch in group)) for group in defn.same))
    axis = {rename[ch]: value for ch, value in sorted(defn.axis.items(), key=lambda item: rename[item[0]])}
    common = dataclasses.replace(defn.common, origin="")
    doors = defn.doors and dataclasses.replace(defn.doors, pieces="".join(sorted(rename[ch] for ch in defn.doors.pieces)))
    return BlocksDef(common, relabel(defn.start, rename), relabel(defn.goal, goal_rename), same, axis, defn.moves,
                     doors)


def puzzle_only(defn: BlocksDef) -> BlocksDef:
    """The canonical puzzle without its title and figures, to compare a file with its import."""
    return dataclasses.replace(canonical(defn), common=Common("-"))
