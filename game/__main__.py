"""``python -m game``: the same command line as ``main.py`` and ``fewest-moves``."""
import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()   # a frozen build's worker processes start here, not in the game
    sys.exit(main())
