"""Sliding-block files with more pieces than positions can be keyed by (a 5x5 board of 24 distinct
pieces, 49 and more kinds of piece): shared by the command-line and window tests."""
from __future__ import annotations

from pathlib import Path

# one character per piece: letters, digits, then CJK characters (any code point is a cell)
CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789" + \
    "".join(chr(c) for c in range(0x4E00, 0x4E40))


def grid(cells: str, width: int) -> str:
    return "\n".join(cells[i:i + width] for i in range(0, len(cells), width))


def blocks_file(title: str, start: str, goal: str, width: int, moves: str) -> str:
    return (f'format = 1\ntitle = "{title}"\nfamily = "blocks"\nmoves = "{moves}"\n'
            f'start = """\n{grid(start, width)}\n"""\ngoal = """\n{grid(goal, width)}\n"""\n')


def twenty_four() -> str:
    """24 distinct pieces on 5x5 (the 24-puzzle), the goal two moves from the start."""
    pieces = CHARACTERS[:24]
    return blocks_file("Twenty-four", pieces[:22] + "." + pieces[22:], pieces + ".", 5, "cell")


def forty_nine() -> str:
    """49 kinds of 1x1 piece and 7 empty cells on 8x7, moved by path; the goal two moves away."""
    pieces = CHARACTERS[:49]
    start = pieces[:20] + "." + pieces[20:40] + "......" + pieces[40:]
    goal = pieces[:21] + "." + pieces[21:40] + pieces[40] + "......" + pieces[41:]
    return blocks_file("Forty-nine", start, goal, 8, "path")


def pieces_of_a_kind(count: int) -> str:
    """``count`` kinds of piece, each a 1x2 domino or a 1x1 (keyed fine or not: drawn in any case)."""
    width, rows, row = 10, [], ""
    for i, ch in enumerate(CHARACTERS[:count]):
        piece = ch * 2 if i % 2 else ch
        if len(row) + len(piece) > width:   # a domino never wraps round a row
            rows.append(row.ljust(width, "."))
            row = ""
        row += piece
    cells = "".join(rows) + row.ljust(width, ".") + "." * width
    return blocks_file(f"{count} kinds", cells, "?" * (len(cells) - 1) + ".", width, "line")


FILES = {"twenty-four": twenty_four, "forty-nine": forty_nine, "sixty-two-kinds": lambda: pieces_of_a_kind(62)}


def write(folder: Path, name: str) -> Path:
    path = folder / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(FILES[name](), encoding="utf-8")
    return path
