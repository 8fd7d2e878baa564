"""Robots that slide until something stops them: Lunar Lockout (a robot with nothing to stop it
may not move that way) and Ricochet Robots' rule (the edge stops it). One folder: see
:mod:`game.families`."""
