"""Sixteen (Simon Tatham's): rows and columns of numbered tiles that rotate. One folder: see :mod:`game.families`."""
