"""The named puzzles: what a puzzle declares (``spec``), how games are dealt (``dealers``), puzzle files
read and written by their families (``reading``), the library and the player's folder (``library``),
the registry of every puzzle with its shelves and counts (``registry``), the index of what each puzzle
says of itself, so that listing them builds no rules (``index``), the demo's playlist, and a position
from the editor saved as a puzzle of the player's own (``saving``).

May import: game.common, game.rules, game.files, game.oracles, and game.families (``spec`` and
``dealers`` sit below the families, the rest above them)."""
