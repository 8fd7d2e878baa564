"""``python -m game.desktop files|install|uninstall``: what ``make desktop-files``, ``make install-desktop``
and ``make uninstall-desktop`` run.

- ``files [FOLDER]``: the desktop entry (its command on the PATH) and the metainfo, into ``assets/desktop/``
- ``install [--exec COMMAND]``: entry, icons and metainfo into ``$XDG_DATA_HOME`` (default ``~/.local/share``),
  the entry running COMMAND (default: the game's command beside this Python, by its absolute path)
- ``uninstall``: those files taken away again
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.common.identity import APP_ID, DISTRIBUTION
from game.common.untrusted import sentence
from game.desktop import install
from game.desktop.entry import desktop_entry
from game.desktop.metainfo import metainfo


def write_files(folder: Path) -> list[Path]:
    """The desktop entry and the metainfo as the repository keeps them."""
    folder.mkdir(parents=True, exist_ok=True)
    written = {folder / f"{APP_ID}.desktop": desktop_entry([DISTRIBUTION]),
               folder / f"{APP_ID}.metainfo.xml": metainfo()}
    for path, text in written.items():
        path.write_text(text, encoding="utf-8")
    return list(written)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.desktop", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    files = sub.add_parser("files", help="write the desktop entry and the metainfo")
    files.add_argument("folder", nargs="?", default=str(install.DATA))
    put = sub.add_parser("install", help="install the desktop entry, icons and metainfo for this user")
    put.add_argument("--exec", dest="program", help="the command the desktop entry runs")
    sub.add_parser("uninstall", help="remove what install put there")
    args = parser.parse_args(argv)
    try:
        if args.command == "files":
            done = write_files(Path(args.folder))
        elif args.command == "install":
            done = install.install(install.data_home(), [args.program or install.command()])
        else:
            done = install.uninstall(install.data_home())
    except (install.InstallError, OSError, ValueError) as err:
        print(f"error: {sentence(str(err))}", file=sys.stderr)
        return 2
    verb = {"files": "wrote", "install": "installed", "uninstall": "removed"}[args.command]
    for path in done:
        print(f"{verb} {path}")
    if args.command == "uninstall" and not done:
        print(f"nothing to remove in {install.data_home()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
