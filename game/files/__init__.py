"""Puzzle files as data: the keys every file shares and the checks each key gets (``toml_file``), TOML
values written back (``toml_text``), grids and pieces (``shapes``, ``grids``), and the one error a file
can cause (``errors``). Which family reads the rest of a file is the catalog's business.

May import: game.common."""
