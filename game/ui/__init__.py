"""Everything that imports pygame lives under game/ui. Import submodules lazily (the CLI does)."""
import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
