"""The knights exchange, on any board. One folder: see :mod:`game.families`."""
