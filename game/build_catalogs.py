"""Compiles the gettext catalogs (``assets/locale/*.po`` to ``.mo``) while the wheel is built, so an
installed game carries them compiled; a checkout gets them from ``make`` (see the Makefile). The
build step uses Babel, which the build environment installs (``[build-system] requires``)."""
from __future__ import annotations

from pathlib import Path

from setuptools.command.build_py import build_py  # type: ignore[import-untyped]


def compile_catalog(po: Path, mo: Path) -> None:
    """One ``.po`` compiled to ``.mo`` (fuzzy entries are left out, as gettext would)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with open(po, "rb") as fh:
        catalog = read_po(fh, locale=po.stem)
    mo.parent.mkdir(parents=True, exist_ok=True)
    with open(mo, "wb") as fh:
        write_mo(fh, catalog)


class BuildWithCatalogs(build_py):
    """setuptools' build_py, then every catalog compiled beside its source in the build folder."""

    def run(self) -> None:
        super().run()
        source = Path(__file__).resolve().parent.parent / "assets" / "locale"
        target = Path(self.build_lib) / "game" / "assets" / "locale"
        for po in sorted(source.glob("*.po")):
            compile_catalog(po, target / f"{po.stem}.mo")
