"""Robots that slide until something stops them: Lunar Lockout (a robot with nothing to stop it
may not move that way) and Ricochet Robots' rule (the edge stops it). One folder: see
:mod:`game.families`.

Helpers a file declares interchangeable (``same``) are one code in the rules, so a position does not
say which stands where and the tables stay small (Lunar Lockout 24: 1,062,600 ranks; five helpers of
their own would make 120 times as many, past the table's limit, and lose the live count, the marks
and the deals). The player tells them apart all the same: each is painted a colour of its own and
named by it (``rules.robot_paints``). Which helper is which is presentation, not rules: numbered in
reading order where a game begins and carried along by each move, read from the game's history
(:mod:`game.rules.identities`), so undo, redo, restart, a solve and the review agree, and positions,
tables and saves are unchanged. Distinct pieces folded by a ranker for the tables would change every
position, save and position text instead, and need the fold at every lookup."""
