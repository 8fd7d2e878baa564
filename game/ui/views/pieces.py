"""Whole pieces on a board: the views and board input find them here (see :mod:`game.pieces`)."""
from game.pieces import Pieces

__all__ = ["Pieces"]
