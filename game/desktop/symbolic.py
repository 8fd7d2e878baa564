"""The symbolic icon: the motif's tray, pieces and goal as flat shapes in one colour on a 16 px grid, the
way desktops draw symbolic icons (recoloured to the theme's text colour). Written as SVG by code, from
the same grids the colour icon is drawn from."""
from __future__ import annotations

from game.desktop.motif import Cell, Grids, motif_grids

CANVAS = 16          # px: symbolic icons are drawn for 16 px
FRAME = 1.5          # the tray's rim
FLOOR = 2.0          # where the cells begin, from the canvas's edge
GAP = 0.5            # between a cell's edge and its piece
INK = "#2e3436"      # the colour symbolic icons are drawn in (desktops recolour it)


def _number(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def _rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """A closed path round a rectangle with corners of radius ``r``."""
    n = _number
    return (f"M{n(x + r)},{n(y)}H{n(x + w - r)}A{n(r)},{n(r)} 0 0 1 {n(x + w)},{n(y + r)}V{n(y + h - r)}"
            f"A{n(r)},{n(r)} 0 0 1 {n(x + w - r)},{n(y + h)}H{n(x + r)}A{n(r)},{n(r)} 0 0 1 {n(x)},{n(y + h - r)}"
            f"V{n(y + r)}A{n(r)},{n(r)} 0 0 1 {n(x + r)},{n(y)}Z")


def _circle(cx: float, cy: float, r: float) -> str:
    n = _number
    return f"M{n(cx - r)},{n(cy)}a{n(r)},{n(r)} 0 1 0 {n(2 * r)},0a{n(r)},{n(r)} 0 1 0 {n(-2 * r)},0Z"


def _bounds(cells: frozenset[Cell]) -> tuple[int, int, int, int]:
    """The rectangle (row, column, rows, columns) a piece fills; the motif's pieces are rectangles."""
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    top, left = min(rows), min(cols)
    height, width = max(rows) - top + 1, max(cols) - left + 1
    if height * width != len(cells):
        raise ValueError("the symbolic icon draws rectangular pieces only")
    return top, left, height, width


def symbolic_svg(grids: Grids | None = None) -> str:
    """The symbolic icon as an SVG document."""
    grids = grids or motif_grids()
    pitch = (CANVAS - 2 * FLOOR) / max(grids.width, grids.height)
    paths = [_rounded(0, 0, CANVAS, CANVAS, 3) + _rounded(FRAME, FRAME, CANVAS - 2 * FRAME, CANVAS - 2 * FRAME, 1.5)]
    occupied: set[Cell] = set()
    for letter, cells in grids.pieces.items():
        top, left, height, width = _bounds(cells)
        x, y = FLOOR + left * pitch + GAP, FLOOR + top * pitch + GAP
        w, h = width * pitch - 2 * GAP, height * pitch - 2 * GAP
        shape = _rounded(x, y, w, h, min(1.0, w / 4, h / 4))
        if letter in grids.goal:   # a piece the goal asks for carries the goal's ring: a hole
            shape += _circle(x + w / 2, y + h / 2, min(w, h) / 5)
        paths.append(shape)
        occupied |= cells
    places = frozenset().union(*grids.goal.values())
    for r, c in sorted(places - occupied):   # the goal's place, where the floor shows: a dot
        paths.append(_circle(FLOOR + (c + 0.5) * pitch, FLOOR + (r + 0.5) * pitch, pitch / 4))
    body = "\n".join(f'  <path fill="{INK}" fill-rule="evenodd" d="{d}"/>' for d in paths)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{CANVAS}" height="{CANVAS}" '
            f'viewBox="0 0 {CANVAS} {CANVAS}">\n{body}\n</svg>\n')
