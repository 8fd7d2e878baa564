"""CPU share of a still play screen: the game's own loop, against a loop that draws every frame.

    python main.py bench idle [--size 1280x800] [--seconds 5] [--puzzle eight]

Runs headless (SDL dummy driver). Both loops are App.loop() on the same open game in the
same run, each stopped by a timed QUIT event: first as the game runs it (it draws only when
something changed and rests in between), then as the reference, with the scene claiming to
animate so every frame is drawn. The share is process CPU time over wall time. The goal: a
still screen costs at most 5 % of one core.
"""
from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

from game.catalog import registry as catalog
from game.cli import OneSentenceParser, UsageError, guarded, parse_size

if TYPE_CHECKING:
    from game.ui.app import App

GOAL = 0.05


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench idle", description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seconds", type=float, default=5.0, help="wall time of each loop")
    parser.add_argument("--puzzle", default="eight")
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    catalog.get(args.puzzle)
    if not 0.5 <= args.seconds <= 600:
        raise UsageError("--seconds must be between 0.5 and 600")

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.common.background import Where
    from game.ui.app import App
    from game.ui.scenes.menu import MenuScene

    app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False)
    app.push(MenuScene(app))
    app.nav.open_puzzle(args.puzzle)
    for _ in range(10):                      # the table loads, the first frame is drawn
        app.tick(1 / 60)
    scene = app.scene
    resting = _measure(app, args.seconds)
    scene.animating = lambda: True           # the reference: every frame drawn, as a loop without rest would
    busy = _measure(app, args.seconds)
    app.close()

    print(f"still play screen ({args.puzzle}, {size[0]}x{size[1]}, dummy video driver), {args.seconds:g} s each:")
    print(f"  resting loop                  {resting[0]:6.1%} of one core, {resting[1]:5d} frames drawn")
    print(f"  reference (draws every frame) {busy[0]:6.1%} of one core, {busy[1]:5d} frames drawn")
    print(f"  ratio {resting[0] / max(busy[0], 1e-9):.3f}; the goal is at most {GOAL:.0%} of one core: "
          f"{'meets' if resting[0] <= GOAL else 'misses'}.")
    return 0


def _measure(app: App, seconds: float) -> tuple[float, int]:
    """(CPU time / wall time, frames drawn) of App.loop() for ``seconds``."""
    pg = app.pg
    app.running = True
    pg.event.clear()
    pg.time.set_timer(pg.QUIT, int(seconds * 1000), loops=1)
    drawn = app.frames_drawn
    cpu, wall = time.process_time(), time.perf_counter()
    app.loop()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return cpu / wall, app.frames_drawn - drawn
