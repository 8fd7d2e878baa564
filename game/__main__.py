"""``python -m game``: the same command line as ``main.py`` and ``fewest-moves``."""
import sys

from game.cli import main

if __name__ == "__main__":
    if getattr(sys, "frozen", False):   # a frozen build: its worker processes start here, not in the game
        import multiprocessing
        multiprocessing.freeze_support()
    sys.exit(main())
