"""How new games of a puzzle are dealt: the protocol a family's dealer follows, and the classic
start (every new game from the puzzle's own start; "New" then deals a random position of its
component where the puzzle has a table). A family with a real shuffle declares its own dealer
(the tiles': :mod:`game.families.tiles.dealing`).

Dealing at an exact distance from the goal belongs to the oracle when it has a complete
table; otherwise the session solves random deals (:attr:`Dealer.searched_limit`).
"""
from __future__ import annotations

import random
from typing import Protocol

from game.common.i18n import N_
from game.rules.puzzle import Puzzle


class Dealer(Protocol):
    new_label: str                 # the panel's button for a new game (marked: shown through _())
    new_message: str               # what the game says after one (marked: shown through _())
    one_start: bool                # the puzzle has one start: "New" deals a random position of its component
    searched_limit: int | None     # deals at a distance by search go up to this many moves (None: impossible)

    def deal(self, puzzle: Puzzle, rng: random.Random) -> bytes:
        """The start of a new game."""
        ...

    def random_position(self, puzzle: Puzzle, rng: random.Random) -> bytes | None:
        """A uniformly random position to solve, for a deal at a distance by search (None: none)."""
        ...


class ClassicStart:
    """Every new game starts from the puzzle's classic start."""

    # Translators: a button: start a new game
    new_label = N_("New")
    new_message = N_("The classic start.")
    one_start = True
    searched_limit: int | None = None

    def deal(self, puzzle: Puzzle, rng: random.Random) -> bytes:
        return puzzle.start

    def random_position(self, puzzle: Puzzle, rng: random.Random) -> bytes | None:
        return None
