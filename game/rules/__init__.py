"""The vocabulary of rules every family speaks: a board, a puzzle and its moves (``puzzle``), whole pieces
(``pieces``), kinds of move (``kinds``), ways of counting a move (``counts``), a line of moves as other programs write
it (``notation``) and named directions.

May import: game.common and solvers/ (the search protocol, rules as rewrites, rankers)."""
