"""Sliding blocks of any shape (Klotski, Goat, Century, Rush-Hour-style cars): three counts, a component
table, jim'slide and SLIDING files. One folder: see :mod:`game.families`."""
