"""The families of puzzles, one folder each (``tiles``, ``blocks``, ``frogs``, ``pairs``, ``knights``): its
rules, its file keys, its counts and kinds of move, its shelf, its shipped puzzles and its drawing,
registered with one line (``registry``). What a family declares: ``base``. Shared by the families of
stones: ``stones`` and ``stone_specs``.

May import: game.common, game.rules, game.files, game.oracles and game.catalog.spec (never the catalog's
registry: the catalog asks the families). A family's drawing lives in the ``ui`` folder of its own
(``game/families/<name>/ui/view.py``): that folder is the window's floor, may import pygame and game.ui, and
only the window imports it (:mod:`game.ui.views.drawings`), so the path says which floor a file is on."""
