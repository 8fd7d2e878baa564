import sys

from game.cli import main

if __name__ == "__main__":
    if getattr(sys, "frozen", False):   # the bundle: its worker processes start here, not in the game
        import multiprocessing
        multiprocessing.freeze_support()
    sys.exit(main())
