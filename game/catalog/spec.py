"""What a puzzle declares about itself, so that the code above the rules never guesses.

A :class:`PuzzleSpec` is one flat description per puzzle (after Simon Tatham's ``struct game``
and python-chess's variant classes): its rules, how it is answered (its oracle), how new
games are dealt, how arrows act, how it is presented, and its published figures. The menu,
the panel, the demo and the command line read these attributes; none of them tests a family
or a puzzle name. Registering a puzzle is one call to :func:`game.catalog.registry.register`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Callable, Mapping, Protocol

from game.catalog.dealers import Dealer
from game.files.model import FileDef
from game.common.i18n import N_, _
from game.common.phrase import translated
from game.oracles.base import Oracle, Recipe
from game.rules.counts import MOVES, Count
from game.rules.notation import Notation, Written
from game.rules.puzzle import EMPTY, Doors, Puzzle



class Kin(Protocol):
    """What a spec asks of the family that made it (:class:`game.families.base.Family`): its key, the ways
    it counts a move, and how many of each piece a position may hold."""

    @property
    def key(self) -> str: ...

    @property
    def counts(self) -> tuple[Count, ...]: ...

    def piece_limits(self, start: bytes) -> Mapping[int, tuple[int, int]]: ...


def same_pieces(start: bytes) -> dict[int, tuple[int, int]]:
    """Each piece of ``start`` (the empty cell aside), exactly as many as it has, and no other: the positions
    of a puzzle whose moves neither take pieces off nor add any."""
    counts: dict[int, int] = {}
    for code in start:
        if code != EMPTY:
            counts[code] = counts.get(code, 0) + 1
    return {code: (n, n) for code, n in counts.items()}

Colour = tuple[int, int, int]


class EditMode(Enum):
    """What the position editor lets the player do on the board."""

    PALETTE = "palette"   # put any of the puzzle's tokens in any cell (frogs, knights, pairs)
    SWAP = "swap"         # exchange two cells: the pieces are a fixed set of one each (tiles)
    PIECES = "pieces"     # move whole pieces to any place they fit, ignoring the move rules (blocks)


class InputMode(Enum):
    """How the arrow keys act on the board."""

    SLIDE = "slide"     # arrows slide a piece into the neighbouring gap (tiles, Goat)
    CURSOR = "cursor"   # arrows move a cursor between cells; Enter picks and confirms
    PIECES = "pieces"   # Tab or an arrow picks a piece, arrows then move it a cell at a time
    SEND = "send"       # Tab or an arrow picks a piece, arrows then send it that way: its whole move (robots)
    WALK = "walk"       # one walker: arrows step it (pushing what it walks into), a click walks it there


@dataclass(frozen=True)
class Shelf:
    """A group of puzzles in the menu and in ``list``: a title and the colour of its cards."""

    key: str
    title: str                                  # English, marked: shown through _()
    colour: Colour


# Translators: the menu's shelf of the puzzles the player made or put in their puzzle folder
YOURS = Shelf("yours", N_("Your puzzles"), (120, 176, 240))   # the player's own, last: no family may name it


@dataclass(frozen=True, kw_only=True)
class Presentation:
    """How a puzzle looks: which board view draws it, its card in the menu, its pieces in words.

    Its words are English, marked with ``N_`` where they are written (a puzzle file's own title
    and blurb are data): whoever shows them passes them through ``_()`` (or :func:`translated`)."""

    view: str                                   # key of the board view (registered by the UI)
    short_title: str                            # the menu card's title
    blurb: str                                  # one line on the menu card
    piece_names: Mapping[int, str] = field(default_factory=dict)   # code -> words for hints ("tile 5")
    piece_noun: str = N_("piece")               # for codes without a name
    group: str = ""                             # puzzles of one group share a menu card, titled so ...
    variant: str = ""                           # ... each under this label in the card's chooser ("4", "4 v 3")
    subtitle: str = ""                          # a puzzle file's own subtitle ("横刀立马 (Huarong Dao)"), shown by the title
    piece_plurals: Mapping[int, str] = field(default_factory=dict)   # code -> its plural, not made with "s" ("boxes")
    keys_line: str = ""                         # the play screen's line of keys, where its input mode's would
                                                # name keys the puzzle uses otherwise (the Tower of Hanoi's)
    key_rows: tuple[tuple[str, str], ...] = ()  # the help card's board keys (keys, what they do: English,
                                                # marked N_), where its input mode's would say them otherwise
    # code -> a name for each of its identical pieces, by the piece's place where the game began (see
    # game.rules.identities): Lunar Lockout's helpers, "green robot", "yellow robot"; a code without: one name
    piece_roles: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    grid: bool = False                          # its group is a collection of levels: its menu card opens a
                                                # grid of them (small pictures, solved marks, best figures)
    sketch: tuple[str, ...] = ()                # the start as its file draws it: a picture of it made without
                                                # building the rules, where the family's drawing offers one

    @property
    def tells_apart(self) -> bool:
        """Whether it names identical pieces one by one, so the game follows which is which."""
        return bool(self.piece_roles)

    def piece_name(self, code: int, place: int | None = None) -> str:
        """The piece in English words ("tile 5", "black frog"); ``place``: which of its code's pieces it
        is (its identity), for a code whose pieces have names of their own ("green robot")."""
        roles = self.piece_roles.get(code, ())
        if place is not None and 0 <= place < len(roles):
            return roles[place]
        return self.piece_names.get(code, self.piece_noun)

    def shown_piece_name(self, code: int, place: int | None = None) -> str:
        """The piece in the active language, to fill a sentence's placeholder ("5の駒")."""
        return translated(self.piece_name(code, place))


@dataclass(frozen=True)
class Figures:
    """Published figures, shown beside ours and reproduced by search in the tests."""

    published: int | None = None                # the literature's solution from the start (usually optimal, not always)
    positions: int | None = None                # positions reachable from the start
    longest: int | None = None                  # moves needed by the farthest positions
    rows: tuple[tuple[str, str], ...] = ()      # label/value pairs for screens without a table (marked: _() them)
    note: str = ""                              # why a screen shows published figures only (marked: _() it)


@dataclass(frozen=True)
class Words:
    """What a puzzle says of itself, in English (marked messages and phrases, shown through
    :func:`translated`): its title, what a move is, and its goal. The rules say the same once built; the
    catalog's index keeps them, so a menu or a list of every puzzle builds none (see :mod:`game.catalog.index`)."""

    title: str
    move_rule: str
    goal: str


@dataclass(frozen=True)
class DemoPlan:
    """The family's word that this puzzle plays well in the unattended demo: a new game of it is worth
    watching solved (the demo then asks the shipped index whether its answer comes fast: see
    :mod:`game.catalog.demo`)."""


@dataclass(frozen=True, eq=False, kw_only=True)
class PuzzleSpec:
    """One puzzle: everything the rest of the program asks about it. Built lazily, once.

    A puzzle whose family counts moves several ways has one spec per count: ``base`` names the
    puzzle, ``count`` the way this spec counts, and ``name`` the two together (the base alone under
    the file's own count); ``recount`` gives the same puzzle under another count (the catalog keeps
    one spec per name). ``recipe`` is what a worker process needs to make the same oracle."""

    name: str
    shelf: Shelf
    recipe: Recipe
    dealer: Dealer
    input: InputMode
    presentation: Presentation
    figures: Figures = Figures()
    demo: DemoPlan | None = None                                    # None: the unattended demo never plays it
    family: Kin | None = None                                       # the family that made it (a test's may have none)
    base: str = ""                                                  # the puzzle's name under any count
    count: Count = MOVES                                            # how a move is counted here
    recount: Callable[[Count], "PuzzleSpec"] | None = None          # the same puzzle under another count
    edit: EditMode = EditMode.PALETTE                               # how the editor changes a position
    as_file: Callable[[bytes], FileDef] | None = None               # its file definition with another start
    redoor: Callable[[Doors], "PuzzleSpec"] | None = None           # the same puzzle with other doors (None: none)
    words: Words | None = None                                      # known without the rules (None: ask them)
    writes: Callable[[Puzzle], Notation] | None = None              # its family's notation of a line (LURD)
    solutions: tuple[Written, ...] = ()                             # lines its file gives (a .sok's solutions)

    def __post_init__(self) -> None:
        if not self.base:
            object.__setattr__(self, "base", self.name)

    @property
    def counts(self) -> tuple[Count, ...]:
        """The move counts the player may switch between (none where there is one way to count)."""
        if self.recount is None or self.family is None or len(self.family.counts) < 2:
            return ()
        return self.family.counts

    def count_named(self, key: str) -> Count | None:
        """The count spelt ``key`` among those the player may switch between."""
        return next((c for c in self.counts if c.key == key), None)

    def piece_limits(self) -> Mapping[int, tuple[int, int]]:
        """The fewest and the most of each piece (by its code; the empty cell aside) a position of this puzzle
        may hold, as its family says (a piece it does not name may not be there at all): what the editor
        checks a position's pieces against."""
        start = self.puzzle.start
        return self.family.piece_limits(start) if self.family is not None else same_pieces(start)

    @cached_property
    def puzzle(self) -> Puzzle:
        """The rules, built on first use."""
        return self.recipe.build()

    @cached_property
    def notation(self) -> Notation | None:
        """How its family's players write a line of moves (Sokoban's LURD), None where they have no such text."""
        return None if self.writes is None else self.writes(self.puzzle)

    @cached_property
    def oracle(self) -> Oracle:
        """The one oracle of this puzzle in this process (it holds the prepared tables)."""
        return self.recipe.answered_by(self.puzzle, self.recipe)

    def release(self) -> None:
        """Let go of the rules and the oracle built here (the oracle's tables with them): the next use builds
        them again. For the unattended demo, which goes through puzzle after puzzle for hours and keeps none
        it has left; only for a puzzle nothing plays any more (a game still playing keeps its own). The
        notation goes too: Sokoban's LURD holds the rules it reads moves by."""
        for built in ("oracle", "notation", "puzzle"):
            self.__dict__.pop(built, None)

    def built(self) -> bool:
        """Whether the rules have been built (and not let go since)."""
        return "puzzle" in self.__dict__

    @property
    def said(self) -> Words:
        """Its title, move rule and goal: from the catalog's index where it holds them, else from the rules."""
        if self.words is not None:
            return self.words
        puzzle = self.puzzle
        return Words(puzzle.title, puzzle.move_rule, puzzle.goal_text)

    @property
    def title(self) -> str:
        """The puzzle's title in English (the command line's, and a marked message)."""
        return self.said.title

    @property
    def move_rule(self) -> str:
        """What a move is, in English: one sentence, the unit of "optimal"."""
        return self.said.move_rule

    def shown_title(self) -> str:
        """The puzzle's title in the active language (a puzzle file's own title stays as it is)."""
        return translated(self.said.title)

    def goal_sentence(self) -> str:
        """The puzzle's goal in one sentence, in the active language ("Goal: the sheep inside the closed
        pen."): the play screen's, the help's, the menu card's and the demo's."""
        return goal_sentence(translated(self.said.goal))

    def __repr__(self) -> str:
        return f"<PuzzleSpec {self.name}>"


def goal_sentence(goal: str) -> str:
    """"Goal: ..." around the goal's words (already translated), ended once; empty without words."""
    goal = goal.strip()
    if not goal:
        return ""   # a goal row may end in an empty cell
    if goal.endswith((".", "。")):
        return _("Goal: {goal}").format(goal=goal)
    return _("Goal: {goal}.").format(goal=goal)


def counted_name(base: str, count: Count) -> str:
    """A puzzle's name with a count, ``klotski@line``: the one place such a name is made (it is looked
    up whole, never taken apart)."""
    return f"{base}@{count.key}"


def variant_name(base: str, count: Count, own: Count) -> str:
    """The name of a puzzle's spec under a count: its own name under its own count."""
    return base if count is own else counted_name(base, count)
