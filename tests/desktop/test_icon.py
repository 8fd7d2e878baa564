"""The icon: drawn by the game's own board view at every size desktops use, kept in assets/icons as the game
draws it now, packed into the icon files of Windows and macOS, and drawn flat for the symbolic variant."""
from __future__ import annotations

import io
import struct
import xml.etree.ElementTree as ET

import numpy as np
import pygame
import pytest

from game.common.resources import assets
from game.desktop import icon_files
from game.desktop.containers import ICNS_TYPES, ICO_SIZES
from game.desktop.motif import Grids, motif_grids
from game.desktop.symbolic import INK, symbolic_svg
from game.ui.icon import draw_icons

ICONS = assets() / "icons"
SVG = "{http://www.w3.org/2000/svg}"
SOLID = 250   # alpha: opaque but for the rounding of scaling down


@pytest.fixture(scope="module")
def drawn() -> dict[int, pygame.Surface]:
    return draw_icons()


def _rgba(surface: pygame.Surface) -> np.ndarray:
    return np.dstack([pygame.surfarray.array3d(surface), pygame.surfarray.array_alpha(surface)]).astype(int)


def test_the_icon_is_drawn_at_every_size_an_opaque_board_on_transparency(drawn) -> None:
    assert sorted(drawn) == [16, 24, 32, 48, 64, 128, 256, 512]
    for size, surface in drawn.items():
        assert surface.get_size() == (size, size)
        pixels = _rgba(surface)
        alpha = pixels[..., 3]
        assert alpha[size // 2, size // 2] >= SOLID, size            # the board is solid
        assert (alpha >= SOLID).mean() > 0.6, size                     # ... and fills most of the square
        assert alpha[0, 0] < 255 and alpha[-1, -1] < 255, size        # rounded corners, on transparency
        assert len(np.unique(pixels[alpha >= SOLID][:, :3], axis=0)) > 8, size   # a picture, not a flat square
    for size in (32, 256):   # above the smallest sizes a rim of the square stays clear
        alpha = _rgba(drawn[size])[..., 3]
        rim = size // 16
        assert alpha[:rim].max() == 0 and alpha[:, :rim].max() == 0


def test_the_lacquered_block_is_the_red_of_the_game_s_goal_pieces(drawn) -> None:
    """The motif is the game's own drawing: the goal's block in the first lacquer of the board view."""
    from game.families.blocks.ui.view_wood import LACQUER
    pixels = _rgba(drawn[512])
    block = pixels[100:300, 100:300, :3].reshape(-1, 3)     # inside the 2x2 block, top left of the tray
    red = np.array(LACQUER[0])
    assert np.median(np.abs(block - red).sum(axis=1)) < 40


def test_the_kept_icons_are_what_the_game_draws_now(drawn) -> None:
    for size, surface in drawn.items():
        kept = pygame.image.load(str(ICONS / icon_files.png(size)))
        assert kept.get_size() == (size, size)
        difference = np.abs(_rgba(kept) - _rgba(surface))
        assert difference.max() <= 8, f"assets/icons/{icon_files.png(size)} differs from the drawing: make icons"
    assert (ICONS / icon_files.SYMBOLIC).read_text(encoding="utf-8") == symbolic_svg()


def _png(data: bytes) -> pygame.Surface:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return pygame.image.load(io.BytesIO(data), "icon.png")


def test_the_windows_icon_holds_every_size_up_to_256_as_png() -> None:
    data = (ICONS / icon_files.ICO).read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(ICO_SIZES))
    for i, size in enumerate(ICO_SIZES):
        width, height, _colours, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (width or 256, height or 256, planes, bits) == (size, size, 1, 32)
        assert _png(data[offset:offset + length]).get_size() == (size, size)


def test_the_macos_icon_holds_each_type_at_its_size_as_png() -> None:
    data = (ICONS / icon_files.ICNS).read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    found, at = {}, 8
    while at < len(data):
        code, length = data[at:at + 4].decode("ascii"), struct.unpack_from(">I", data, at + 4)[0]
        found[code] = _png(data[at + 8:at + length]).get_size()
        at += length
    assert found == {code: (size, size) for code, size in ICNS_TYPES}


def test_the_symbolic_icon_is_the_motif_in_one_colour_on_16_px() -> None:
    root = ET.fromstring(symbolic_svg())
    assert root.get("viewBox") == "0 0 16 16" and root.get("width") == "16"
    paths = root.findall(f"{SVG}path")
    grids = motif_grids()
    assert len(paths) == 1 + len(grids.pieces) + 1      # the tray, each piece, the goal's dot in the empty cell
    assert {p.get("fill") for p in paths} == {INK}
    assert not root.findall(f".//{SVG}image") and not root.findall(f".//{SVG}text")


def test_the_symbolic_icon_draws_rectangular_pieces_only() -> None:
    bent = Grids(2, 2, {"L": frozenset({(0, 0), (1, 0), (1, 1)})}, {})
    with pytest.raises(ValueError):
        symbolic_svg(bent)
