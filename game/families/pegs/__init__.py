"""Peg solitaire: a peg jumps over a neighbour into the hole behind, which is taken off the board.
One folder: see :mod:`game.families`."""
