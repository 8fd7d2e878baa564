"""The icon's files, as ``python main.py icon FOLDER`` writes them (``assets/icons``): one PNG for each
size the hicolor theme has for applications, the symbolic SVG, and the .ico and .icns of the bundles."""
from __future__ import annotations

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SYMBOLIC = "icon-symbolic.svg"
ICO = "icon.ico"
ICNS = "icon.icns"


def png(size: int) -> str:
    return f"icon-{size}.png"
