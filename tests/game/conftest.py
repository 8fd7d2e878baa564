import os
import tempfile

# settings must never reach the player's own config folder
os.environ.setdefault("FEWEST_MOVES_CONFIG", tempfile.mkdtemp(prefix="fewest-moves-config-"))
