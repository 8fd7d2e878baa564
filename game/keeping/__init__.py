"""What the game keeps for the player between runs: settings and the settings screen's rows, saved games
as text, kept games (save, open, resume), records against the optimum, the journal that reads and
writes them off the window's thread (under a lock between windows).

May import: game.common, game.rules, game.files, game.oracles, game.catalog and game.midend (``settings``
alone imports nothing above game.common: the midend reads it)."""
