"""The game on the desktop, without pygame: its icon's motif and symbolic drawing, the icon containers of
Windows and macOS, the desktop entry and AppStream metainfo (``assets/desktop/``), and their installation into the
user's XDG folders. The icon's pixels are drawn by the window's code (:mod:`game.ui.icon`).

May import: common, and catalog (the motif is a puzzle of the game's own file format)."""
