"""The midend (after Simon Tatham's): one game in progress without pygame. The session (history, hints,
auto-solve, timer; time only through update(dt)), its answers and searches, dealing, what the panel
and the editor's panel say, the position editor, a game's review, a game's moves in its puzzle's
notation (lines), and the intents input maps to.

May import: game.common, game.rules, game.files, game.oracles, game.catalog and the player's settings
(game.keeping.settings, which knows no puzzle)."""
