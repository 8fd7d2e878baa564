"""The game's icon, drawn by the game: the motif (:mod:`game.desktop.motif`) on the board view that plays
sliding blocks, at each size desktops ask for, and written with its symbolic form and the icon files of
Windows and macOS by ``python main.py icon FOLDER`` (``make icons`` keeps them in ``assets/icons``)."""
from __future__ import annotations

import io
from pathlib import Path

import pygame

from game.desktop import icon_files
from game.desktop.containers import icns, ico
from game.desktop.motif import motif_spec
from game.desktop.symbolic import symbolic_svg
from game.ui.views import view_for

DRAWN_AT_LEAST = 256                          # px: smaller icons are drawn this large, then scaled down
SMALL = 32                                    # below this an icon fills its square; above, a rim stays clear


def draw_icons(sizes: tuple[int, ...] = icon_files.SIZES) -> dict[int, pygame.Surface]:
    """The icon at each size: the motif's start drawn as the game draws a board, on transparency."""
    spec = motif_spec()
    view = view_for(spec)
    out = {}
    for size in sizes:
        scale = max(1, DRAWN_AT_LEAST // size)
        rim = 0 if size < SMALL else size // 16
        side = (size - 2 * rim) * scale
        board = view.thumbnail(spec.puzzle.start, (side, side))
        if scale > 1:
            board = pygame.transform.smoothscale(board, (size - 2 * rim, size - 2 * rim))
        icon = pygame.Surface((size, size), pygame.SRCALPHA)
        icon.blit(board, (rim, rim))
        out[size] = icon
    return out


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def write_icons(folder: str | Path) -> list[Path]:
    """Every icon file into ``folder`` (made if missing): the PNGs, the symbolic SVG, .ico and .icns."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    pngs = {size: png_bytes(surface) for size, surface in draw_icons().items()}
    files = {target / icon_files.png(size): data for size, data in pngs.items()}
    files[target / icon_files.SYMBOLIC] = symbolic_svg().encode("utf-8")
    files[target / icon_files.ICO] = ico(pngs)
    files[target / icon_files.ICNS] = icns(pngs)
    for path, data in files.items():
        path.write_bytes(data)
    return list(files)
