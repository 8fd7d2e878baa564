"""Collection-grid benchmark: a player's Sokoban file of many levels, from the folder to its grid.

    python main.py bench collection [--levels 1000] [--size 1280x800] [--frames 600]

In a child process with a private data folder holding one ``.xsb`` file of that many small levels (rooms of
3 to 6 rows and 5 to 9 columns with one to three boxes), it reads the player's folder as the game does at
start (the levels read and checked, their rules not built), opens the menu and the collection's grid
headless, and reports: how long reading the folder and opening the grid took, how many levels' rules were
built (the grid's pictures are sketches from the levels' rows), how many pictures were drawn and kept,
and whole frames while the wheel scrolls and while End glides from the first level to the last (wall-clock
time, and the process's own CPU time, which other work on a shared machine does not inflate), against a
frame that draws only the background in the same process. It also draws the same hundred pictures two
ways: a sketch from the rows, and the board view's thumbnail from the built rules (what the menu's cards
draw), and gives the ratio. The goal: a worst frame (p99) within 16 ms.
"""
from __future__ import annotations

import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.cli import OneSentenceParser, UsageError, guarded, parse_size

ROOT = Path(__file__).resolve().parent.parent
FRAME_GOAL = 0.016
MAX_LEVELS = 1000   # the most one collection file holds
MAX_FRAMES = 100_000
COMPARED = 100      # levels drawn both ways


def levels_text(n: int, seed: int = 1) -> str:
    """A collection of ``n`` small levels: a room of 3 to 6 rows and 5 to 9 columns, one to three boxes on
    cells apart from the targets, the keeper elsewhere."""
    rnd = random.Random(seed)
    out = []
    for number in range(1, n + 1):
        h, w = rnd.randint(3, 6), rnd.randint(5, 9)
        room = [["-"] * w for _ in range(h)]
        boxes = rnd.randint(1, 3)
        cells = rnd.sample([(r, c) for r in range(h) for c in range(w)], 2 * boxes + 1)
        for r, c in cells[:boxes]:
            room[r][c] = "$"
        for r, c in cells[boxes:2 * boxes]:
            room[r][c] = "."
        room[cells[-1][0]][cells[-1][1]] = "@"
        rows = ["#" * (w + 2), *("#" + "".join(row) + "#" for row in room), "#" * (w + 2)]
        out.append(f"; {number}\n" + "\n".join(rows) + "\n")
    return "\n".join(out)


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench collection", description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=MAX_LEVELS, help=f"levels in the file (at most {MAX_LEVELS:,})")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--frames", type=int, default=600, help="frames of wheel scrolling measured")
    parser.add_argument("--one", action="store_true", help="(the child process: measure, as JSON)")
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    if not 1 <= args.levels <= MAX_LEVELS:
        raise UsageError(f"--levels takes a number from 1 to {MAX_LEVELS:,}")
    if not 1 <= args.frames <= MAX_FRAMES:
        raise UsageError(f"--frames takes a number from 1 to {MAX_FRAMES:,}")
    if args.one:
        print(json.dumps(_measure(args.levels, size, args.frames)))
        return 0
    got = _child(args.levels, args.size, args.frames)
    print(f"a player's file of {args.levels:,} Sokoban levels at {size[0]}x{size[1]}, headless, in a process of its own")
    print(f"  reading the folder          {got['read']:7.2f} s ({got['file'] / 1024:.0f} KB)")
    print(f"  opening the grid            {got['open'] * 1000:7.1f} ms, its first frame with every picture in view")
    print(f"  levels' rules built         {got['built']:7d} (the menu and the grid, before the comparison below)")
    print(f"  pictures drawn, kept        {got['drawn']:7d} {got['kept']:5d}")
    print(f"  frames  p50 {got['p50'] * 1000:.2f} ms  p99 {got['p99'] * 1000:.2f} ms  max {got['max'] * 1000:.2f} ms"
          f"  (a background-only frame: {got['ref'] * 1000:.2f} ms)")
    print(f"  frames' CPU time  p50 {got['cpu50'] * 1000:.2f} ms  p99 {got['cpu99'] * 1000:.2f} ms")
    print(f"  a picture: sketched from its rows {got['sketch'] * 1000:.3f} ms, its rules built and its board "
          f"drawn {got['board'] * 1000:.2f} ms (ratio {got['board'] / got['sketch']:.0f})")
    print(f"p99 {got['p99'] * 1000:.2f} ms {'meets' if got['p99'] <= FRAME_GOAL else 'misses'} the 16 ms goal.")
    return 0


def _child(levels: int, size: str, frames: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "FEWEST_MOVES_DATA": data,
               "FEWEST_MOVES_STATE": str(Path(data) / "state"), "FEWEST_MOVES_CACHE": str(Path(data) / "cache")}
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "bench", "collection", "--one", "--levels",
                               str(levels), "--size", size, "--frames", str(frames)], cwd=ROOT, env=env,
                              capture_output=True, text=True)
    if done.returncode != 0:
        raise UsageError(f"the child measuring {levels:,} levels failed: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _measure(levels: int, size: tuple[int, int], frames: int) -> dict[str, float]:
    """In this process (its data folder private): see the module's docstring."""
    from game.catalog import library
    from game.catalog import registry as catalog
    from game.common.background import Where
    from game.families.sokoban import family
    from game.ui.app import App
    from game.ui.scenes.base import background
    from game.ui.scenes.collection import CollectionScene
    from game.ui.scenes.menu import MenuScene

    built: list[str] = []
    make = family.make_sokoban
    family.make_sokoban = lambda name, defn, count=None: built.append(name) or make(name, defn, count)   # type: ignore
    folder = library.player_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "many-levels.xsb"
    path.write_text(levels_text(levels), encoding="utf-8")
    app = App(size=size, where=Where.INLINE, headless=True, persist_settings=False)
    pg = app.pg
    t0 = time.perf_counter()
    catalog.names()   # the folder read, as the first menu reads it
    read = time.perf_counter() - t0
    menu = MenuScene(app)
    app.push(menu)
    app.tick(0.0)
    ref = [_timed(lambda: (pg.event.get(), app.screen.blit(background(app.theme.palette, app.size), (0, 0)),
                           pg.display.flip())) for _ in range(300)]
    card = next(card for card in menu.flat if card.collection and card.yours)
    t0 = time.perf_counter()
    menu.open(menu.flat.index(card))
    scene = app.scene
    assert isinstance(scene, CollectionScene)
    while scene.pictures.missing(scene.wanted()):
        app.tick(1 / 60)
    opened = time.perf_counter() - t0
    times, kept = [], 0
    CPU.clear()
    for _ in range(frames):   # the wheel, a notch a frame
        pg.event.post(pg.event.Event(pg.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
        times.append(_timed(lambda: app.tick(1 / 60)))
        kept = max(kept, scene.pictures.kept)
    scene.choose(0)
    scene.scroll = scene.scroll_target
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=pg.K_END, mod=0, unicode="", scancode=0))
    times.append(_timed(lambda: app.tick(1 / 60)))
    while scene.animating():
        times.append(_timed(lambda: app.tick(1 / 60)))
        kept = max(kept, scene.pictures.kept)
    grid_built = len(built)
    cpu = list(CPU)
    sketch, board = _pictures(card.specs[:COMPARED], scene.grid.frame.picture.size)
    app.close()
    return {"file": path.stat().st_size, "read": read, "open": opened, "built": grid_built,
            "drawn": scene.pictures.drawn, "kept": kept, "p50": statistics.median(times),
            "p99": _percentile(times, 0.99), "max": max(times), "ref": statistics.median(ref),
            "cpu50": statistics.median(cpu), "cpu99": _percentile(cpu, 0.99),
            "sketch": sketch, "board": board, "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}


def _pictures(specs: list, size: tuple[int, int]) -> tuple[float, float]:
    """Seconds a picture takes drawn from its rows, and from its built rules by the board view."""
    from game.ui.scenes.menu_card import picture
    from game.ui.views import sketch_for
    t0 = time.perf_counter()
    for spec in specs:
        sketch = sketch_for(spec)
        assert sketch is not None
        sketch(spec.presentation.sketch, size)
    sketched = (time.perf_counter() - t0) / len(specs)
    t0 = time.perf_counter()
    for spec in specs:
        picture(spec, size, (128, 128, 128))
    return sketched, (time.perf_counter() - t0) / len(specs)


CPU: list[float] = []   # each timed step's CPU time, beside the wall-clock time it returns


def _timed(step) -> float:
    t0, c0 = time.perf_counter(), time.process_time()
    step()
    CPU.append(time.process_time() - c0)
    return time.perf_counter() - t0


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]
