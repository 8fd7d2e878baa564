"""Pairs: two stones carried at once (oshidori, Tait's coin pairs). One folder: see :mod:`game.families`."""
