"""Puzzle files: the TOML format of PUZZLE-FILES.md and the formats we import (jim'slide, Knuth's SLIDING)."""
