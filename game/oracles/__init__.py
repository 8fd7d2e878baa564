"""Oracles answer "how far is this position, which moves are best, give me a shortest line".

One protocol (:class:`game.oracles.base.Oracle`), three ways to answer: a complete distance
table (:mod:`game.oracles.table`), a pattern-database search for the 15-puzzle
(:mod:`game.families.tiles.pattern`) and a plain optimal search (:mod:`game.oracles.search`). A table also rates a position's
difficulty (:mod:`game.oracles.rating`).
"""
