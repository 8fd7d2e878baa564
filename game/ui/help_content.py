"""What the help says about one puzzle: its goal and move rule in words, one real move of each
kind it has (to be drawn before and after), and the keys that matter for how it is played.

Everything comes from the spec and the rules: the input mode picks the board keys, a puzzle
with dead ends gets "back to winnable", one whose moves can be counted several ways gets K.
The moves shown are legal moves found near the start (never the optimal line: that would be
a hint nobody asked for).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from game.puzzles.base import Move
from game.spec import InputMode, PuzzleSpec
from game.ui.play.effects import Glide, move_between

EXAMPLES = 2          # moves shown at most (a frog's slide and its jump)
SEARCH_BUDGET = 400   # positions looked at from the start to find one move of each kind

KIND_TITLES = {"slide": "A slide", "block": "A block moves", "jump": "A jump", "hop": "A knight's move",
               "pair": "A pair carried"}


@dataclass(frozen=True)
class Example:
    """One legal move: the position before, the move, the position after, and how it travels."""

    title: str
    before: bytes
    move: Move
    after: bytes
    glide: Glide


def help_key(spec: PuzzleSpec) -> str:
    """What the settings remember once a puzzle's help has shown itself: the menu card it is on
    (the variants of one card share their rules), counted any way."""
    return spec.presentation.group or spec.name.split("@")[0]


def goal_words(spec: PuzzleSpec, shown_on_board: str = "") -> str:
    """The goal in a sentence; where the rules give none, what the board shows of it."""
    goal = (spec.puzzle.goal_text or shown_on_board).strip()
    return f"Goal: {goal}{'' if goal.endswith('.') else '.'}" if goal else ""   # a goal row may end in an empty cell


def count_words(spec: PuzzleSpec) -> str:
    """How moves are counted, where the player may choose."""
    if not spec.counts or spec.count is None:
        return ""
    ways = ", ".join(c.value for c in spec.counts[:-1]) + f" or {spec.counts[-1].value}"
    return f"Moves are counted by {spec.count.value} now; K counts them by {ways}."


def examples(spec: PuzzleSpec, limit: int = EXAMPLES, budget: int = SEARCH_BUDGET) -> tuple[Example, ...]:
    """A legal move of each kind the puzzle has, each from the position nearest the start where one
    is possible, in the order found (at most ``limit``)."""
    puzzle = spec.puzzle
    kinds = {puzzle.move_kind(Move(r.src, r.dst, i)) for i, r in enumerate(puzzle.rules.rules)}
    limit = min(limit, len(kinds))
    found: dict[str, Example] = {}
    start = puzzle.start
    seen, queue = {start}, deque([start])
    while queue and len(seen) <= budget and len(found) < limit:
        position = queue.popleft()
        for move, after in puzzle.successors(position):
            kind = puzzle.move_kind(move)
            if kind not in found and len(found) < limit:
                glide = move_between(puzzle, position, after)
                if glide is not None:
                    found[kind] = Example(KIND_TITLES.get(kind, "A move"), position, move, after, glide)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return tuple(found.values())


def keys_for(spec: PuzzleSpec) -> list[tuple[str, str]]:
    """(keys, what they do) for this puzzle: the board's own first, then the game's."""
    noun = spec.presentation.piece_noun
    mode = spec.input
    rows: list[tuple[str, str]]
    if mode is InputMode.SLIDE:
        rows = [("Click", f"a {noun} by the gap slides in"),
                ("Arrows", "slide toward the gap (G: move the gap)"),
                ("Tab, Enter", f"pick a {noun}, then move it")]
    elif mode is InputMode.CURSOR:
        rows = [("Click", f"a {noun}: its move, or pick a target"),
                ("Arrows, Tab", "move the cursor"),
                ("Enter", "pick, then confirm")]
    else:
        rows = [("Drag", "a piece through free space"),
                ("Tab, arrows", "pick a piece; arrows move it"),
                ("Enter", "where the picked piece can go")]
        if spec.counts:
            rows.append(("K", "count by cell, line or path"))
    rows += [("H", "hint; H again plays it"),
             ("S", "solve: the shortest solution"),
             ("U, Shift+U", "undo, redo"),
             ("Ctrl S / O", "save this game, open your save"),
             ("R, N", f"restart, {spec.dealer.new_label.lower()}")]
    if spec.dealer.one_start:
        rows[-1] = ("R, N", "restart, a random position")
        rows.append(("Shift+R", "the classic start again"))
    if not spec.puzzle.reversible:
        rows.append(("B", "back to the last winnable position"))
    rows += [("D, [ ]", "deal N moves from the goal"),
             ("O", "marks: closer, farther, dead end"),
             ("F", "hide the answer (count, marks)"),
             ("V", "sound on or off"),
             ("Ctrl - / =", "sound softer, louder"),
             ("M", "reduce motion"),
             ("E, A, W", "editor, analysis, review"),
             ("F1, ?", "this help"),
             ("Esc", "back")]
    return rows
