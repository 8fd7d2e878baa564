"""The families of puzzles, one folder each (``tiles``, ``blocks``, ``frogs``, ``pairs``, ``knights``...): its
rules, its file keys, its counts and kinds of move, its shelf, its shipped puzzles and its drawing,
registered with one line (``registry``, which refuses a family whose names clash with another's). What a
family declares, and the spec a file of it becomes by default: ``base``. Shared by the families of stones:
``stones``.

May import: game.common, game.rules, game.files, game.oracles and game.catalog.spec (never the catalog's
registry: the catalog asks the families). A family's drawing lives in the ``ui`` folder of its own
(``game/families/<name>/ui/view.py``): that folder is the window's floor, may import pygame and game.ui, and
only the window imports it (:mod:`game.ui.views.drawings`), so the path says which floor a file is on."""
