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

from game.rules.kinds import MoveKind
from game.common.i18n import _
from game.rules.puzzle import Move
from game.catalog.reading import listed
from game.catalog.spec import InputMode, PuzzleSpec
from game.catalog.spec import goal_sentence
from game.ui.play.effects import Glide, move_between

EXAMPLES = 2          # moves shown at most (a frog's slide and its jump)
SEARCH_BUDGET = 400   # positions looked at from the start to find one move of each kind



@dataclass(frozen=True)
class Example:
    """One legal move: the position before, the move, the position after, and how it travels."""

    title: str          # in English: translated where it is drawn
    before: bytes
    move: Move
    after: bytes
    glide: Glide


def help_key(spec: PuzzleSpec) -> str:
    """What the settings remember once a puzzle's help has shown itself: the menu card it is on
    (the variants of one card share their rules), counted any way."""
    return spec.presentation.group or spec.base


def goal_words(spec: PuzzleSpec, shown_on_board: str = "") -> str:
    """The goal in a sentence; where the rules give none, what the board shows of it (already in
    the player's language)."""
    goal = spec.puzzle.goal_text
    return goal_sentence(spec.puzzle.shown_goal() if goal.strip() else shown_on_board)


def count_words(spec: PuzzleSpec) -> str:
    """How moves are counted, where the player may choose."""
    if not spec.counts or not spec.count.now:
        return ""
    return _(spec.count.now)


def examples(spec: PuzzleSpec, limit: int = EXAMPLES, budget: int = SEARCH_BUDGET) -> tuple[Example, ...]:
    """A legal move of each kind the puzzle has, each from the position nearest the start where one
    is possible, in the order found (at most ``limit``)."""
    puzzle = spec.puzzle
    kinds = {puzzle.move_kind(Move(r.src, r.dst, i)) for i, r in enumerate(puzzle.rules.rules)}
    limit = min(limit, len(kinds))
    found: dict[MoveKind, Example] = {}
    start = puzzle.start
    seen, queue = {start}, deque([start])
    while queue and len(seen) <= budget and len(found) < limit:
        position = queue.popleft()
        for move, after in puzzle.successors(position):
            kind = puzzle.move_kind(move)
            if kind not in found and len(found) < limit:
                glide = move_between(puzzle, position, after)
                if glide is not None:
                    found[kind] = Example(kind.caption, position, move, after, glide)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return tuple(found.values())


def keys_for(spec: PuzzleSpec) -> list[tuple[str, str]]:
    """(keys, what they do) for this puzzle: the board's own first, then the game's, in the
    player's language (key names such as Enter and Esc stay as printed on the keyboard)."""
    noun = _(spec.presentation.piece_noun)
    mode = spec.input
    rows: list[tuple[str, str]]
    if spec.presentation.key_rows:
        rows = [(_(keys), _(does)) for keys, does in spec.presentation.key_rows]
    elif mode is InputMode.SLIDE:
        # Translators: the left column of the help's keys names a key or a mouse action
        rows = [(_("Click"), _("a {noun} by the gap slides in").format(noun=noun)),
                (_("Arrows"), _("slide toward the gap (G: move the gap)")),
                ("Tab, Enter", _("pick a {noun}, then move it").format(noun=noun))]
    elif mode is InputMode.WALK:
        rows = [(_("Click"), _("a cell: walk there; past a {noun}: push it").format(noun=noun)),
                (_("Drag"), _("a {noun} the way it should go").format(noun=noun)),
                (_("Arrows"), _("step; into a {noun}: push it").format(noun=noun))]
    elif mode is InputMode.CURSOR:
        rows = [(_("Click"), _("a {noun}: its move, or pick a target").format(noun=noun)),
                (_("Arrows, Tab"), _("move the cursor")),
                ("Enter", _("pick, then confirm"))]
    elif mode is InputMode.SEND:
        rows = [(_("Click"), _("a {noun}, then where it goes").format(noun=noun)),
                (_("Drag"), _("a {noun} along its way").format(noun=noun)),
                (_("Tab, arrows"), _("pick a {noun}; arrows send it").format(noun=noun)),
                ("Enter", _("where the picked {noun} can go").format(noun=noun))]
    else:
        rows = [(_("Drag"), _("a piece through free space")),
                (_("Tab, arrows"), _("pick a piece; arrows move it")),
                ("Enter", _("where the picked piece can go"))]
    if spec.counts:
        ways = [count.word() for count in spec.counts]
        # Translators: what K does: {ways} lists the ways of counting a move ("cell, line or path")
        rows.append(("K", _("count by {ways}").format(ways=listed(ways))))
    # Translators: {new} is the panel's button for a new game ("Shuffle"), lower-cased
    new_game = _("restart, {new}").format(new=_(spec.dealer.new_label).lower())
    rows += [("H", _("hint, step by step")),
             ("S", _("solve: the shortest solution")),
             ("U, Shift+U", _("undo, redo")),
             ("Ctrl S / O", _("save this game, open your save")),
             ("R, N", new_game)]
    if spec.dealer.one_start:
        rows[-1] = ("R, N", _("restart, a random position"))
        rows.append(("Shift+R", _("the classic start again")))
    if not spec.puzzle.reversible:
        rows.append(("B", _("back to the last winnable position")))
    rows += [("D, [ ]", _("deal N moves from the goal")),
             ("O", _("marks: closer, farther, dead end")),
             ("F", _("hide the answer (count, marks)")),
             ("V", _("sound on or off")),
             ("Ctrl - / =", _("sound softer, louder")),
             ("M", _("reduce motion")),
             ("E, A, W", _("editor, analysis, review")),
             ("F1, ?", _("this help")),
             # Translators: what Esc does on the play screen: go back (to the menu)
             ("Esc", _("back"))]
    return rows
