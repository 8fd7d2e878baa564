"""Soak benchmark: the unattended demo for hours on a simulated clock, its memory and its frames.

    python main.py bench soak [--hours 8] [--fps 20] [--size 1280x800] [--seed N] [--json]

The window is the real one (headless: SDL's dummy video driver), the demo scene and its drawing are the
game's own, and so are its worker processes: answers and table loads run where the demo runs them. Only
the clock is simulated: each frame advances it by 1/fps of a second and is drawn at once, except while a
background job is under way, when the frame also waits that long in real time (as the window would wait
for the worker), so a search's time limit means what it means at a stand.

Resident memory (``/proc``, Linux only) is read every SAMPLE_EVERY simulated seconds, and at every frame
while a worker is busy: the window's process now, and each process below it now and at its peak. Each
simulated hour reports the window's and the workers' last reading, the hour's highest total (the window
then, and each worker's own peak: an upper bound, so a short peak between two readings is not missed),
the worst frame and the 99th percentile (the wall time of a whole frame: events, update, draw; the very
first frame, which loads the fonts and draws everything once, is said apart), and the puzzles shown. At
the end: the worst frame and what the stage did in it, the puzzles shown by family, any puzzle shown again
within an hour, the smallest goal line drawn, the wall time, and whether memory met the goal: at most GOAL_MB in all, and
flat: every hour's highest total (the window and its workers) within FLAT_MB of the first hour's. Each hour shows
nearly every puzzle the playlist offers (none twice), so its highest total is the same measure taken over the same
puzzles; the window's last reading of an hour depends on the one puzzle then on the stage, and is only reported.
"""
from __future__ import annotations

import json
import os
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from bench import memory
from game.cli import OneSentenceParser, UsageError, guarded, parse_size
from game.ui.scenes.demo import GOAL_SHARE

GOAL_MB = 400          # the demo's memory, its workers included
FLAT_MB = 10           # "flat": each hour's highest total, workers included, within this of the first hour's
HOUR = 3600.0
SAMPLE_EVERY = 10.0    # simulated seconds between two readings of memory while no worker is busy
MAX_HOURS = 48
MB = 1 << 20


class FrameTally:
    """Frame times by the tenth of a millisecond, counted: the soak measures the window's memory for hours, so
    it keeps no list of its own that grows with every frame (a float a frame was 2.3 MB an hour at 20 fps, in
    the very process it measures)."""

    STEP = 1e-4   # seconds

    def __init__(self) -> None:
        self.counts: Counter[int] = Counter()
        self.frames = 0
        self.worst = 0.0

    def add(self, seconds: float) -> None:
        self.counts[round(seconds / self.STEP)] += 1
        self.frames += 1
        self.worst = max(self.worst, seconds)

    def percentile(self, q: float) -> float:
        """The frame time at rank ``q`` of the frames (the nearest rank, to a tenth of a millisecond)."""
        if not self.frames:
            return 0.0
        rank, seen = int(round(q * (self.frames - 1))), 0
        for bucket in sorted(self.counts):
            seen += self.counts[bucket]
            if seen > rank:
                return bucket * self.STEP
        return self.worst


@dataclass
class Hour:
    """One simulated hour of the demo."""

    hour: int
    window_mb: float = 0.0        # the last reading of the hour
    workers_mb: float = 0.0
    workers: int = 0              # processes below the window at that reading
    peak_mb: float = 0.0          # the highest total read during the hour (each worker at its own peak)
    frames: int = 0
    worst_ms: float = 0.0
    p99_ms: float = 0.0
    shown: dict[str, int] = field(default_factory=dict)   # family -> puzzles put on the stage this hour
    wall_s: float = 0.0           # real seconds the hour took

    @property
    def total_mb(self) -> float:
        return self.window_mb + self.workers_mb


@dataclass(frozen=True)
class Shown:
    name: str
    family: str
    at: float                     # simulated seconds since the demo started


class Soak:
    """Runs the demo and gathers the figures (see the module docstring)."""

    def __init__(self, size: tuple[int, int], fps: float, seed: int) -> None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        from game.common.background import Where
        from game.ui.app import App
        self.app = App(size=size, where=Where.PROCESS, demo=True, headless=True, seed=seed, persist_settings=False,
                       sound=False, first_help=False)
        self.dt = 1.0 / fps
        self.clock = 0.0
        self.hours: list[Hour] = []
        self.shown: list[Shown] = []
        self.times = FrameTally()   # every frame but the first
        self.least_goal_px: int | None = None
        self.first_ms = 0.0
        self.worst: tuple[float, str] = (0.0, "")   # the worst frame: its time, and what the stage did in it
        self._playing: object = None

    def run(self, hours: float, progress: bool) -> None:
        from game.ui.scenes.demo import DemoScene
        app = self.app
        app.nav.start_demo()
        total, per_hour = round(hours * HOUR / self.dt), round(HOUR / self.dt)   # frames, counted whole
        next_sample = 0.0
        hour, started, this_hour = Hour(1), time.perf_counter(), FrameTally()
        for frame in range(1, total + 1):
            busy = app.service.pending() > 0
            if busy:
                time.sleep(self.dt)          # a worker is busy: the window waits in real time, as it would
            before = self._stage(app.scene)
            t0 = time.perf_counter()
            app.tick(self.dt)
            took = time.perf_counter() - t0
            if frame == 1:
                self.first_ms = took * 1000   # fonts, the background and the first board drawn: said apart
            else:
                self.times.add(took)
                this_hour.add(took)
                if took > self.worst[0]:
                    self.worst = (took, f"{before} -> {self._stage(app.scene)} at {frame * self.dt:.0f} s")
            if not app.running:              # Ctrl+C or a quit: the figures so far
                self._close(hour, this_hour, started)
                return
            self.clock = frame * self.dt
            scene = app.scene
            if isinstance(scene, DemoScene) and scene.play is not None:
                self._note(scene, hour)
            if busy or self.clock >= next_sample:
                next_sample = self.clock + SAMPLE_EVERY
                self._read(hour)
            if frame % per_hour == 0 or frame == total:
                self._close(hour, this_hour, started)
                if progress:
                    print(f"  hour {hour.hour}: window {hour.window_mb:.0f} MB, workers {hour.workers_mb:.0f} MB "
                          f"({hour.workers}), peak {hour.peak_mb:.0f} MB, worst frame {hour.worst_ms:.0f} ms, "
                          f"{hour.wall_s:.0f} s of wall time", flush=True)
                hour, started, this_hour = Hour(hour.hour + 1), time.perf_counter(), FrameTally()

    @staticmethod
    def _stage(scene: Any) -> str:
        """What the stage shows: the puzzle and the demo's phase."""
        play = getattr(scene, "play", None)
        return f"{play.spec.name} ({scene.phase})" if play is not None else type(scene).__name__

    def _note(self, scene: Any, hour: Hour) -> None:
        """A new puzzle on the stage, and the size its goal is drawn at."""
        if scene.play is not self._playing:
            self._playing = scene.play
            spec = scene.play.spec
            family = spec.family.key if spec.family is not None else "?"
            self.shown.append(Shown(spec.name, family, self.clock))
            hour.shown[family] = hour.shown.get(family, 0) + 1
            px = scene.goal_px
            self.least_goal_px = px if self.least_goal_px is None else min(self.least_goal_px, px)

    def _read(self, hour: Hour) -> None:
        got = memory.sample()
        if got is None:
            return
        hour.window_mb, hour.workers_mb, hour.workers = got.own.now / MB, (got.total - got.own.now) / MB, len(got.workers)
        hour.peak_mb = max(hour.peak_mb, got.bound / MB)

    def _close(self, hour: Hour, times: FrameTally, started: float) -> None:
        self._read(hour)
        hour.frames = times.frames
        hour.worst_ms = times.worst * 1000
        hour.p99_ms = times.percentile(0.99) * 1000
        hour.wall_s = time.perf_counter() - started
        self.hours.append(hour)

    def repeats(self) -> list[tuple[str, float]]:
        """Puzzles shown again within an hour of their last showing: (name, simulated seconds between)."""
        last: dict[str, float] = {}
        out = []
        for shown in self.shown:
            if shown.name in last and shown.at - last[shown.name] < HOUR:
                out.append((shown.name, shown.at - last[shown.name]))
            last[shown.name] = shown.at
        return out

    def close(self) -> None:
        self.app.close()


@guarded
def main(argv: list[str]) -> int:
    parser = OneSentenceParser(prog="main.py bench soak", description=__doc__.splitlines()[0])
    parser.add_argument("--hours", type=float, default=8.0, help="simulated hours (default 8)")
    parser.add_argument("--fps", type=float, default=20.0, help="simulated frames a second, each drawn (default 20)")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    size = parse_size(args.size)
    if not 0 < args.hours <= MAX_HOURS:
        raise UsageError(f"--hours takes a number above 0 and at most {MAX_HOURS}")
    if not 5 <= args.fps <= 120:
        raise UsageError("--fps takes a number from 5 to 120")
    soak = Soak(size, args.fps, args.seed)
    if not args.json:
        print(f"the demo for {args.hours:g} simulated hours at {size[0]}x{size[1]}, {args.fps:g} frames a second "
              f"(seed {args.seed}):", flush=True)
    wall = time.perf_counter()
    try:
        soak.run(args.hours, progress=not args.json)
    finally:
        workers = soak.app.service.processes_started
        soak.close()
    report = figures(soak, args.hours, time.perf_counter() - wall, workers, size)
    print(json.dumps(report, indent=2) if args.json else "\n".join(lines(report)))
    return 0


def figures(soak: Soak, hours: float, wall: float, workers: int, size: tuple[int, int]) -> dict[str, Any]:
    """The run's figures, as ``--json`` gives them."""
    measured = [h for h in soak.hours if h.peak_mb > 0]
    first = measured[0].peak_mb if measured else None
    flat = first is not None and all(abs(h.peak_mb - first) <= FLAT_MB for h in measured)
    peak = max((h.peak_mb for h in measured), default=None)
    times = soak.times
    return {
        "simulated_hours": hours, "wall_seconds": round(wall, 1), "size": f"{size[0]}x{size[1]}",
        "frames": times.frames, "median_frame_ms": round(times.percentile(0.5) * 1000, 2) if times.frames else None,
        "p99_frame_ms": round(times.percentile(0.99) * 1000, 2), "worst_frame_ms": round(times.worst * 1000, 1),
        "hours": [{key: round(value, 1) if isinstance(value, float) else value
                   for key, value in {**asdict(h), "total_mb": h.total_mb}.items()} for h in soak.hours],
        "peak_mb": None if peak is None else round(peak, 1), "flat": flat,
        "meets_goal": peak is not None and peak <= GOAL_MB and flat, "worker_processes_started": workers,
        "shown": len(soak.shown), "shown_by_family": dict(sorted(Counter(s.family for s in soak.shown).items())),
        "repeats_within_an_hour": [{"name": name, "after_s": round(after)} for name, after in soak.repeats()],
        "worst_frame": soak.worst[1], "first_frame_ms": round(soak.first_ms, 1), "least_goal_px": soak.least_goal_px, "goal_floor_px": round(size[1] / GOAL_SHARE),
    }


def lines(report: dict[str, Any]) -> list[str]:
    """The figures for people."""
    out = [f"  {'hour':>4s} {'window MB':>10s} {'workers MB':>11s} {'total MB':>9s} {'peak MB':>8s} "
           f"{'p99 ms':>7s} {'worst ms':>9s} {'shown':>6s} {'wall s':>7s}"]
    for h in report["hours"]:
        out.append(f"  {h['hour']:4d} {h['window_mb']:10.1f} {h['workers_mb']:11.1f} {h['total_mb']:9.1f} "
                   f"{h['peak_mb']:8.1f} {h['p99_ms']:7.1f} {h['worst_ms']:9.1f} {sum(h['shown'].values()):6d} "
                   f"{h['wall_s']:7.0f}")
    repeats = report["repeats_within_an_hour"]
    out += [f"  frames {report['frames']:,}: median {report['median_frame_ms']} ms, p99 {report['p99_frame_ms']} ms, "
            f"worst {report['worst_frame_ms']} ms ({report['worst_frame']}); the first frame {report['first_frame_ms']} ms",
            f"  puzzles shown: {report['shown']} "
            f"({', '.join(f'{k} {v}' for k, v in report['shown_by_family'].items())})",
            f"  shown again within an hour: {len(repeats)}" + (f" (first: {repeats[0]['name']})" if repeats else ""),
            f"  smallest goal line: {report['least_goal_px']} px (the floor: {report['goal_floor_px']} px)",
            f"  worker processes started: {report['worker_processes_started']}",
            f"  wall time {report['wall_seconds']:.0f} s for {report['simulated_hours']:g} simulated hours"]
    if report["peak_mb"] is None:
        return [*out, "no memory figures: this system has no /proc."]
    verdict = "meets" if report["meets_goal"] else "misses"
    return [*out, f"peak {report['peak_mb']:.0f} MB, {'flat' if report['flat'] else 'not flat'}: {verdict} the goal "
                  f"of at most {GOAL_MB} MB, flat within {FLAT_MB} MB."]
