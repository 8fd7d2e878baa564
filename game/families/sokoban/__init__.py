"""Sokoban: a keeper walks a warehouse and pushes boxes onto targets, counted by moves or by pushes;
pushes cannot be undone, so a level has dead ends (deadlocks). One folder: see :mod:`game.families`."""
