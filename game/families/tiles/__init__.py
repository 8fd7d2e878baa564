"""Sliding tiles: the 8-puzzle (a table) and the 15-puzzle (pattern databases). One folder: see
:mod:`game.families`."""
