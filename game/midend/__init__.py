"""The midend (after Simon Tatham's): one game in progress without pygame. The session (hints and
auto-solve, time only through update(dt)) on a game's record (its history and its clock, game by game:
played, clock), its answers and searches, dealing, what the panel
and the editor's panel say, the position editor, a game's review, a game's moves in its puzzle's
notation (lines), and the intents input maps to.

May import: game.common, game.rules, game.files, game.oracles, game.catalog and the player's settings
(game.keeping.settings, which knows no puzzle)."""
