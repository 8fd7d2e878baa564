"""The icon files of Windows (.ico) and macOS (.icns), each a container of PNG images, written here
from the PNGs the game draws: pygame writes neither, and both formats hold PNG data as it is."""
from __future__ import annotations

import struct

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)     # Windows reads PNG entries up to 256 px
# macOS's type codes for PNG data: (code, pixels); the @2x codes take the image of twice the size
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
              ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))


def ico(pngs: dict[int, bytes]) -> bytes:
    """An .ico file of ``pngs`` (size in px -> PNG data) for the sizes in ICO_SIZES."""
    sizes = [size for size in ICO_SIZES if size in pngs]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, images = b"", b""
    for size in sizes:
        data = pngs[size]
        side = size if size < 256 else 0       # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(images))
        images += data
    return header + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """An .icns file of ``pngs`` (size in px -> PNG data) under each type code whose size is there."""
    body = b"".join(code.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for code, size in ICNS_TYPES if size in pngs)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body
