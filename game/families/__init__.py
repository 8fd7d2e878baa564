"""The families of puzzles, one folder each (``tiles``, ``blocks``, ``frogs``, ``pairs``, ``knights``...): its
rules, its file keys, its counts and kinds of move, its shelf, its shipped puzzles and its drawing,
registered with one line (``registry``, which refuses a family whose names clash with another's). What a
family declares, and the spec a file of it becomes by default: ``base``. Shared by the families of stones:
``stones``.

May import: game.common, game.rules, game.files, game.oracles and game.catalog.spec (never the catalog's
registry: the catalog asks the families). A family's ``view*.py`` modules may import pygame and
game.ui.views; nothing but the window imports them."""
