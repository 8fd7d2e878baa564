"""A family of puzzles that exists only in the tests: tokens round a ring. It is one folder, as every
family of the game is (rules, file keys, spec, kinds of move, drawing), and registers itself when its
family module is imported; nothing outside this folder knows about rings."""
