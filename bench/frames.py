"""Frame-time benchmark: p50/p99 of whole frames (events, update, draw, flip) during solve animations.

    python main.py bench frames [--size 1280x800] [--frames 600] [--puzzles eight,goat,...]

Runs headless (SDL dummy driver) so it needs no display. The reference is a frame that only
draws the background and flips, measured in the same process, so the ratio compares across
machines. The goal: p99 at most 16 ms at 1280x800.
"""
from __future__ import annotations

import os
import statistics
import time

from game.catalog import registry as catalog
from game.cli import OneSentenceParser, UsageError, guarded, parse_size

DEFAULT_PUZZLES = ("eight", "goat", "klotski", "frogs-c", "knights", "pairs")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


MAX_FRAMES = 100_000


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench frames", description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--frames", type=int, default=600, help="frames measured per puzzle")
    parser.add_argument("--puzzles", default=",".join(DEFAULT_PUZZLES))
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    if not 1 <= args.frames <= MAX_FRAMES:
        raise UsageError(f"--frames takes a number from 1 to {MAX_FRAMES:,}")
    for name in args.puzzles.split(","):
        catalog.get(name)

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    from game.common.background import Where
    from game.ui.app import App
    from game.ui.scenes.base import background
    from game.ui.scenes.menu import MenuScene

    app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False)   # the player's games stay theirs
    pg = app.pg
    app.push(MenuScene(app))
    dt = 1 / 60

    # reference: background only
    ref = []
    for _ in range(300):
        t0 = time.perf_counter()
        pg.event.get()
        app.screen.blit(background(app.theme.palette, app.size), (0, 0))
        pg.display.flip()
        ref.append(time.perf_counter() - t0)
    ref_p50 = statistics.median(ref)

    print(f"frame times at {size[0]}x{size[1]} during solve animations ({args.frames} frames each)")
    print(f"  reference (background only): p50 {ref_p50 * 1000:.2f} ms, p99 {_percentile(ref, 0.99) * 1000:.2f} ms")
    print(f"  {'puzzle':22s} {'p50 ms':>8s} {'p99 ms':>8s} {'max ms':>8s} {'p50/ref':>8s} {'p99/ref':>8s}")
    everything: list[float] = []
    for name in args.puzzles.split(","):
        app.nav.open_puzzle(name)
        scene = app.scene
        scene.session.new_deal()         # tiles: a random shuffle; the others: their classic start
        scene.session.autosolve.faster()           # 4 moves a second: several animations per second
        scene.session.start_solve()
        times = []
        for _ in range(30):              # warm-up: sprite caches, the search answer
            app.tick(dt)
        while len(times) < args.frames:
            if scene.session.solved:
                scene.session.restart()
                scene.session.start_solve()
            t0 = time.perf_counter()
            app.tick(dt)
            times.append(time.perf_counter() - t0)
        everything += times
        p50, p99 = statistics.median(times), _percentile(times, 0.99)
        print(f"  {name:22s} {p50 * 1000:8.2f} {p99 * 1000:8.2f} {max(times) * 1000:8.2f} "
              f"{p50 / ref_p50:8.1f} {p99 / ref_p50:8.1f}")
        app.nav.back_to_menu()
    p50, p99 = statistics.median(everything), _percentile(everything, 0.99)
    verdict = "meets" if p99 <= 0.016 else "misses"
    print(f"  {'all':22s} {p50 * 1000:8.2f} {p99 * 1000:8.2f} {max(everything) * 1000:8.2f} "
          f"{p50 / ref_p50:8.1f} {p99 / ref_p50:8.1f}")
    print(f"p99 {p99 * 1000:.2f} ms {verdict} the 16 ms goal.")
    app.close()
    return 0
