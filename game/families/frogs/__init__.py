"""Frogs that slide and jump, on any board in any directions: one-way puzzles with dead ends. One folder:
see :mod:`game.families`."""
