"""Command line: play (default), list, solve, analyze, ratings, code, daily, convert, bench, screenshot, icon,
demo; --version.

Every failure a user can cause ends in one sentence on stderr and exit status 2; bad input is
shown escaped and shortened. Output falls back to ASCII piece names on terminals that cannot
show the others, and a failed write (a full disk) is one sentence too.
"""
from __future__ import annotations

import argparse
import codecs
import datetime
import errno
import functools
import importlib
import json
import os
import re
import shutil
import sys
import time
from typing import Callable, NoReturn, Sequence, TextIO

from solvers.limits import DEFAULT_MEMORY_CAP, DEFAULT_SECONDS
from solvers.problem import Cancelled

from game.catalog import codes, index, library, ratings, registry as catalog
from game.catalog.reading import to_toml
from game.cli_check import CheckFailed, check_file
from game.common import i18n
from game.common.i18n import N_, _
from game.common.phrase import translated
from game.files.errors import PuzzleFileError
from game.families import registry
from game.oracles.base import Build, Line, checked
from game.oracles.limits import StoppedAtLimit
from game.oracles.table import TableOracle
from game.rules.puzzle import PositionError, Puzzle
from game.keeping.settings import CHOICES as SETTING_CHOICES
from game.catalog.spec import PuzzleSpec
from game.midend.daily import NoDaily, daily
from game.midend.lines import line_entries
from game.oracles.rating import NotRated, Rating, rate
from game.common.untrusted import UnreadableFile, sentence, shown
from game.common.words import moves_text, n_moves

USAGE_ERROR = 2
BENCHMARKS = {"fifteen": "bench.fifteen", "tiles": "bench.tiles", "tables": "bench.tables", "blocks": "bench.blocks",
              "frames": "bench.frames", "idle": "bench.idle", "robots": "bench.robots", "sokoban": "bench.sokoban",
              "pegs": "bench.pegs", "records": "bench.records", "startup": "bench.startup",
              "collection": "bench.collection", "soak": "bench.soak"}


class UsageError(Exception):
    """Bad command-line input; the message is shown as it is."""


class OneSentenceParser(argparse.ArgumentParser):
    """argparse, with errors as one sentence (raised as UsageError) instead of usage + message."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help').")


class _Version(argparse.Action):
    """--version: the name and version of the installed package, read only when asked for."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the game's version and stop")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from game.common import identity   # the package's metadata, read only when asked for
        print(f"{identity.DISTRIBUTION} {identity.version()}")
        parser.exit()


def _moves_option(parser: argparse.ArgumentParser) -> None:
    keys = dict.fromkeys(c.key for family in registry.families() if len(family.counts) > 1 for c in family.counts)
    parser.add_argument("--moves", choices=list(keys),
                        help="how a move is counted, where the puzzle offers several ways (sliding blocks: one cell, "
                             "one straight line, or any path)")


MAX_SECONDS = 366 * 24 * 3600.0   # a year: anything longer is a mistake, not a limit
MAX_MEGABYTES = 1 << 30           # a petabyte


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of seconds above 0")
    return value


def _megabytes(text: str) -> int:
    if not (text.strip().isascii() and text.strip().isdigit()) or not 0 < int(text) <= MAX_MEGABYTES:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number of megabytes above 0")
    return int(text)


def _limit_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                        help=f"how long a search or sweep may run (default: {DEFAULT_SECONDS:g} s)")
    parser.add_argument("--memory-limit", type=_megabytes, metavar="MB",
                        help="how much memory a search or sweep may fill (default: a quarter of the machine's, "
                             f"at most {DEFAULT_MEMORY_CAP >> 20:,} MB)")


def _use_limits(spec: PuzzleSpec, args: argparse.Namespace) -> None:
    """The player's limits (or a terminal's defaults) on the searches and sweeps this command runs."""
    memory = None if args.memory_limit is None else args.memory_limit << 20
    spec.oracle.limits = spec.oracle.terminal_limits(args.time_limit, memory)


# Translators: the command line at a limit: {stopped} is the sentence saying how far the search got, its full
# stop left off; the options and their SECONDS and MB are typed as they are
_ADVICE = {"time": N_("{stopped}; allow more time with --time-limit SECONDS."),
           "memory": N_("{stopped}; allow more memory with --memory-limit MB.")}


def _at_limit(stopped: StoppedAtLimit) -> str:
    """The sentence at a limit, with how to allow more (in the language of the moment, as every sentence)."""
    said = translated(stopped.args[0] if stopped.args else str(stopped))
    advice = _ADVICE.get(stopped.reached.which)
    return _(advice).format(stopped=said.rstrip(".。")) if advice else said


def resolve(name: str, moves: str | None = None) -> PuzzleSpec:
    """The puzzle named (or the puzzle file), under the move count asked for."""
    spec = catalog.get(name)
    if moves is None:
        return spec
    if not spec.counts:
        raise UsageError(f"{spec.title} has one way to count a move, so --moves does not apply")
    count = spec.count_named(moves)
    if count is None:
        ways = ", ".join(c.key for c in spec.counts)
        raise UsageError(f"{spec.title} counts a move by {ways}, not by {moves}")
    return catalog.variant(spec, count)


def target(name: str, moves: str | None, position: str | None) -> tuple[PuzzleSpec, str | None]:
    """The puzzle and position text a command is given: a puzzle (name or file) with ``--from``, or
    a share code, which names both (a misspelt name is told apart from a damaged code by its shape)."""
    try:
        return resolve(name, moves), position
    except catalog.UnknownPuzzle as unknown:
        if not codes.looks_like_code(name):
            raise
        try:
            shared = codes.decode(name)
        except codes.CodeError:
            if catalog.nearest(name) is not None:   # a misspelt name written like a code: 'frogs-lin'
                raise unknown from None
            raise
    if position is not None:
        raise UsageError("a share code names its own position, so --from does not apply")
    spec = resolve(shared.spec.name, moves) if moves is not None else shared.spec
    return spec, spec.puzzle.format(shared.state)


def build_parser() -> argparse.ArgumentParser:
    parser = OneSentenceParser(prog="main.py", description="Classic move puzzles with an optimal solver.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", parser_class=OneSentenceParser)

    play = sub.add_parser("play", help="open the game window (the default)")
    play.add_argument("puzzle", nargs="?", help="open this puzzle (a name, a puzzle file or a share code) directly")
    play.add_argument("--from", dest="position", help="start from this position text")
    play.add_argument("--load", metavar="FILE", help="open a saved game (a file Ctrl+S wrote, or a start and moves)")
    play.add_argument("--watch", action="store_true",
                      help="play back the solution the level's file gives (a .sok level: FILE#N)")
    _moves_option(play)

    listing = sub.add_parser("list", help="every puzzle, its move rule and its number of positions")
    listing.add_argument("--ja", action="store_true", help="the Japanese name of each puzzle too, in a last column")

    s = sub.add_parser("solve", help="print an optimal solution")
    s.add_argument("puzzle", help="a puzzle name, a puzzle file or a share code")
    s.add_argument("--from", dest="position", help="position text (default: the puzzle's start)")
    shown_as = s.add_mutually_exclusive_group()
    shown_as.add_argument("--json", action="store_true", help="print one JSON object (a Sokoban level's has its LURD)")
    shown_as.add_argument("--lurd", action="store_true",
                          help="print only the solution in LURD, as Sokoban programs write it (l u r d steps, "
                               "L U R D pushes)")
    _moves_option(s)
    _limit_options(s)

    ch = sub.add_parser("check", help="replay the solutions a Sokoban collection (.sok) gives after its levels: "
                                      "legal, solved, their moves and pushes, and optimal in each count or not")
    ch.add_argument("file", help="a .sok file, or one level of it: FILE#N")

    a = sub.add_parser("analyze", help="sweep the whole space of positions")
    a.add_argument("puzzle", help="a puzzle name, a puzzle file or a share code")
    a.add_argument("--json", action="store_true", help="print one JSON object")
    _moves_option(a)
    _limit_options(a)

    rated = sub.add_parser("ratings", help="rate the start of every puzzle of the library with a table (slow: "
                                           "builds every table) and print the table the menu reads")
    rated.add_argument("--write", action="store_true", help=f"write it to assets/{ratings.FILE} too")

    code = sub.add_parser("code", help="print the share code of a position of one of the game's puzzles")
    code.add_argument("puzzle", help="a puzzle name (or a share code)")
    code.add_argument("--from", dest="position", help="position text (default: the puzzle's start)")
    _moves_option(code)

    day = sub.add_parser("daily", help="print the day's puzzle, its position and its optimum (the same for everyone)")
    day.add_argument("--date", help="another day's puzzle: YYYY-MM-DD (default: today)")
    day.add_argument("--json", action="store_true", help="print one JSON object")

    c = sub.add_parser("convert", help="print a puzzle file (TOML, jim'slide, Knuth's SLIDING or Sokoban's XSB; FILE#N: one puzzle of a collection) as TOML")
    c.add_argument("file")

    b = sub.add_parser("bench", help="benchmarks: " + ", ".join(f"'bench {name}'" for name in BENCHMARKS))
    b.add_argument("what", choices=list(BENCHMARKS))
    b.add_argument("args", nargs=argparse.REMAINDER)

    _screenshot_options(sub.add_parser("screenshot", help="render one frame of the game to a PNG, without a display"))

    icon = sub.add_parser("icon", help="draw the game's icon into a folder, without a display: PNGs of 16 to "
                                       "512 px, a symbolic SVG, and .ico and .icns files")
    icon.add_argument("folder")

    sub.add_parser("demo", help="unattended fullscreen demo for events")
    return parser


def _screenshot_options(shot: argparse.ArgumentParser) -> None:
    """What ``screenshot`` draws: a puzzle, or one of the game's screens, at a size, language and theme."""
    shot.add_argument("puzzle", nargs="?")
    shot.add_argument("file")
    shot.add_argument("--from", dest="position")
    shot.add_argument("--size", default="1280x800", help="WIDTHxHEIGHT")
    shot.add_argument("--menu", action="store_true", help="render the menu instead of a puzzle")
    shot.add_argument("--analysis", action="store_true", help="render the puzzle's analysis screen")
    shot.add_argument("--marks", action="store_true", help="show the move marks (closer / farther / dead end)")
    shot.add_argument("--editor", action="store_true", help="render the position editor on the position")
    shot.add_argument("--rules", action="store_true", help="render the puzzle's help card (rules, a move, keys)")
    shot.add_argument("--records", action="store_true", help="render the records screen (your records)")
    shot.add_argument("--load", metavar="GAME", help="render a saved game (a file Ctrl+S wrote)")
    shot.add_argument("--review", action="store_true", help="render the review of the game (with --load)")
    shot.add_argument("--settings", action="store_true", help="render the settings screen")
    shot.add_argument("--collection", metavar="NAME",
                      help="render a collection's grid of levels: its title (Warehouses), or one of its levels, chosen")
    shot.add_argument("--demo", action="store_true",
                      help="render the unattended demo, a few seconds in (showing the puzzle named first)")
    shot.add_argument("--lang", choices=("en", "ja"), default="en", help="the window's language (default: en)")
    shot.add_argument("--text-size", type=int, choices=(100, 125, 150), default=100, help="text size in per cent")
    shot.add_argument("--theme", choices=SETTING_CHOICES["theme"], default="standard",
                      help="the colours (default: standard)")
    shot.add_argument("--press", nargs="+", metavar="KEY", default=(),
                      help="keys pressed on the puzzle's screen (or the editor's) first, a second apart (names as pygame spells them: "
                           "h, s, space, k)")

    _moves_option(shot)


WRITE_ERRORS = (errno.ENOSPC, errno.EIO, errno.EFBIG, errno.EDQUOT)
PLAIN_PROBE = "┌─┐▭│∥└┘…"   # symbols some puzzles print; a terminal that cannot show them gets ASCII


def plain_output() -> bool:
    """True when standard output cannot encode the puzzles' symbols."""
    try:
        PLAIN_PROBE.encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _escape_unencodable(err: UnicodeError) -> tuple[str, int]:
    """What a terminal cannot show, as \\uXXXX escapes: readable, and valid escapes inside TOML's
    strings, so ``convert`` on an ASCII terminal still prints a puzzle file."""
    assert isinstance(err, UnicodeEncodeError)
    chars = err.object[err.start:err.end]
    return "".join(f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}" for c in chars), err.end


ESCAPE_ERRORS = "fewest-moves-escape"
codecs.register_error(ESCAPE_ERRORS, _escape_unencodable)


def escape_unencodable_output() -> None:
    """Standard output and error print what their encoding lacks as escapes (an ASCII terminal,
    LC_ALL=C) rather than end the command in a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors=ESCAPE_ERRORS)


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    escape_unencodable_output()
    try:
        status = _run(args_list)
        sys.stdout.flush()
        return status
    except OSError as err:
        if err.errno not in (*WRITE_ERRORS, errno.EPIPE):
            raise
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # nothing more to write there
        if err.errno == errno.EPIPE:   # the reader has all it wanted (`list | head`): nothing to say
            return 1
        print(f"error: {sentence(f'the output could not be written ({os.strerror(err.errno)})')}", file=sys.stderr)
        return 1


def _run(args_list: list[str]) -> int:
    try:
        args = build_parser().parse_args(args_list)
        command = args.command or "play"
        if command == "list":
            return cmd_list(args.ja)
        if command in ("solve", "analyze"):
            chosen, given = target(args.puzzle, args.moves, getattr(args, "position", None))
            _use_limits(chosen, args)
            try:
                if command == "solve":
                    return cmd_solve(chosen, given, args.json, args.lurd)
                return cmd_analyze(chosen, given, as_json=args.json)
            except StoppedAtLimit as stopped:
                print(f"error: {sentence(_at_limit(stopped))}", file=sys.stderr)
                return USAGE_ERROR
        if command == "ratings":
            return cmd_ratings(args.write)
        if command == "daily":
            return cmd_daily(args.date, args.json)
        if command == "code":
            return cmd_code(*target(args.puzzle, args.moves, args.position))
        if command == "convert":
            return cmd_convert(args.file)
        if command == "check":
            return check_file(args.file)
        if command == "bench":
            return cmd_bench(args.what, args.args)
        if command == "screenshot":
            return cmd_screenshot(args)
        if command == "icon":
            return cmd_icon(args.folder)
        if command == "demo":
            return cmd_demo()
        name = getattr(args, "puzzle", None)
        spec, position = target(name, args.moves, getattr(args, "position", None)) if name else (None, None)
        return cmd_play(spec.name if spec else None, position if spec else getattr(args, "position", None),
                        getattr(args, "load", None), getattr(args, "watch", False))
    except PuzzleFileError as err:   # it starts with the file's name, as it is spelled
        print(f"error: {err}", file=sys.stderr)
        return USAGE_ERROR
    except catalog.UnknownPuzzle as err:   # a name typed: the nearest puzzle's is suggested
        print(f"error: {sentence(err.suggesting())}", file=sys.stderr)
        return USAGE_ERROR
    except (UsageError, PositionError, UnreadableFile, codes.CodeError, NoDaily, CheckFailed) as err:
        print(f"error: {sentence(str(err))}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("interrupted.", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped early, e.g. `| head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:
        if err.errno in WRITE_ERRORS:
            raise   # a failed write to the output: main() says so in one sentence
        print(f"error: {sentence(str(err))}", file=sys.stderr)
        return 1
    except MemoryError:   # said as what it is, not as something gone wrong inside the game
        print(f"error: {sentence('the game ran out of memory')}", file=sys.stderr)
        return 1
    except Exception as err:  # noqa: BLE001 - never a traceback for the player; the sentence names the fault
        print(f"error: {sentence(f'something went wrong inside the game ({type(err).__name__}: {err})')}",
              file=sys.stderr)
        return 1


def _position(puzzle: Puzzle, text: str | None) -> bytes:
    if text is None and not puzzle.start_given:
        raise UsageError(f"{puzzle.title} has no start of its own (every game is dealt): give a position with --from")
    return puzzle.start if text is None else puzzle.parse(text)


def cmd_list(japanese: bool = False) -> int:
    names = _names_in("ja") if japanese else {}
    for shelf, specs in catalog.shelves():
        print(shelf.title)
        rule = None
        for spec in specs:
            if spec.move_rule != rule:
                rule = spec.move_rule
                print(f"  {rule}")
            line = f"    {spec.name:22s} {spec.title:42s} {_position_count(spec):>32s}"
            print(f"{line}  {names[spec.name]}" if names else line.rstrip())
        print()
    return 0


def _names_in(language: str) -> dict[str, str]:
    """Each puzzle's title in ``language``: the window's catalog, borrowed for a moment (the rest of the
    command line's output stays English)."""
    i18n.activate(language)
    try:
        return {spec.name: spec.shown_title() for spec in catalog.specs()}
    finally:
        i18n.deactivate()


def _position_count(spec: PuzzleSpec) -> str:
    """The positions the catalog's index gives one of the game's own puzzles (its published count, what a
    quick sweep from the start reaches, or its component); for the player's, the published count, else what
    a quick forward sweep reaches from the start (building its rules)."""
    row = index.shipped().get(spec.name) if spec.name in catalog.own_names() else None
    count = row.positions if row is not None else spec.figures.positions
    if row is None and count is None:
        from game.oracles.table import TableOracle
        try:
            oracle = spec.oracle
        except PuzzleFileError:   # its rules cannot be built: the line says what the index knows of it
            return ""
        if isinstance(oracle, TableOracle):
            count = oracle.count_reachable(index.QUICK_SWEEP)
    return f"{count:>22,} positions" if count is not None else ""


def cmd_code(spec: PuzzleSpec, position: str | None) -> int:
    print(codes.encode(spec, _position(spec.puzzle, position)))
    return 0


def parse_date(text: str | None) -> datetime.date:
    """'2026-11-25' (or None: today, by this computer's calendar); anything else is a UsageError."""
    if text is None:
        return datetime.date.today()
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
            raise ValueError(text)
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"--date '{shown(text)}' is not a date written YYYY-MM-DD, e.g. 2026-11-25") from None


def cmd_daily(date_text: str | None, as_json: bool) -> int:
    today = daily(parse_date(date_text))
    spec, puzzle = today.spec, today.spec.puzzle
    plain = plain_output()
    if as_json:
        print(json.dumps({"date": today.date.isoformat(), "puzzle": spec.name, "title": spec.title,
                          "position": puzzle.format(today.state, plain), "optimum": today.optimum,
                          "code": today.code, "move_rule": puzzle.move_rule}, ensure_ascii=plain))
        return 0
    print(f"Fewest Moves daily, {today.date.isoformat()}: {spec.title}, {n_moves(today.optimum)} at the fewest. "
          f"{puzzle.move_rule}")
    print(_indent(puzzle.picture(today.state, plain)))
    print(f"\n  position: {puzzle.format(today.state, plain)}")
    print(f"  play it:  python main.py play {today.code}")
    return 0


def cmd_convert(path: str) -> int:
    print(to_toml(library.read_built(path)), end="")
    return 0


def cmd_solve(spec: PuzzleSpec, position: str | None, as_json: bool, as_lurd: bool = False) -> int:
    puzzle = spec.puzzle
    notation = spec.notation
    if as_lurd and notation is None:
        raise UsageError(f"{spec.title} is no Sokoban level, so --lurd does not apply: LURD writes a keeper's steps "
                         "and pushes")
    state = _position(puzzle, position)
    _prepare(spec, Build.FOR_ANSWERS)
    ahead = spec.oracle.foresight(state)
    if ahead is not None:
        print(f"note: {ahead}", file=sys.stderr)
    said = spec.oracle.notices
    searching = Progress(f"Searching {spec.title}...")   # a long search says how far it got, as the window does
    try:
        line = checked(puzzle, state, spec.oracle.solve(state, _BarReport(searching)))   # shown only if it wins
    except Cancelled:  # pragma: no cover - the command line never cancels
        return 1
    finally:
        searching.end()
    _notes(spec, said)   # a table found not to hold while answering was built again: said once
    written = {} if notation is None else {notation.key: notation.write(state, line.moves)}
    if as_lurd:
        if not line.proven:
            print(f"note: {_proven_words(line)}", file=sys.stderr)
        print(written[notation.key] if notation is not None else "")
        return 0
    plain = plain_output()
    moves = [puzzle.move_text(s, m, plain and not as_json) for s, m in zip(line.states, line.moves)]
    if as_json:
        print(json.dumps({
            "puzzle": spec.name,
            "start": puzzle.format(state),
            "length": len(line),
            "moves": moves,
            **written,
            "positions": [puzzle.format(s) for s in line.states],
            "optimal": line.proven,
            **({} if line.proven else {"shortest_found": True, "at_least": line.at_least, "within": line.within}),
            "move_rule": puzzle.move_rule,
            "algorithm": line.algorithm,
            "seconds": round(line.seconds, 4),
            "nodes": line.nodes,
        }, ensure_ascii=plain))
        return 0
    # Translators: the command line's answer: "Klotski: 81 moves, optimal."
    answered = _("{title}: {moves}, {proven}.").format(title=translated(puzzle.title), moves=moves_text(len(line)),
                                                       proven=_proven_words(line))
    print(f"{answered} {translated(puzzle.move_rule)}")
    print(f"({line.algorithm}, {line.nodes:,} nodes, {line.seconds:.2f} s)\n")
    for key, text in written.items():
        print(f"{key.upper()}: {text}\n")
    print("start")
    print(_indent(puzzle.picture(state, plain)))
    for i, (text, after) in enumerate(zip(moves, line.states[1:]), start=1):
        print(f"\n{i}. {text}")
        print(_indent(puzzle.picture(after, plain)))
    return 0


def _proven_words(line: Line) -> str:
    """What is proven of a solution: optimal, or the shortest found and how far from the shortest it may be."""
    if line.proven:
        # Translators: the command line on an answer proven shortest
        return _("optimal")
    # Translators: the command line on an answer found within the limits but not proven shortest; {least} is
    # "12 moves", {within} a ratio such as 1.25
    return _("the shortest found, not proven (the shortest needs at least {least}; this is at most {within} times "
             "as long)").format(least=moves_text(line.at_least), within=f"{line.within:.3g}")


def _prepare(spec: PuzzleSpec, build: Build) -> None:
    """Load (or build, as ``build`` allows) the oracle's tables, saying on stderr what is built and how far it
    is for slow builds, and a note for anything worth knowing (an unwritable cache folder)."""
    oracle = spec.oracle
    if oracle.ready():
        return
    said = Progress(f"Building the tables of {spec.title} (first time only)...")
    said.finish(oracle.prepare(build, _BarReport(said)))
    _notes(spec)


def _notes(spec: PuzzleSpec, said: Sequence[str] = ()) -> None:
    """Whatever preparing the tables found worth saying (an unwritable cache folder), once: what is not
    in ``said`` already."""
    for note in spec.oracle.notices:
        if note not in said:
            print(f"note: {note}", file=sys.stderr)


class _BarReport:
    """A Report for the command line: progress to a callback, never cancelled."""

    def __init__(self, progress: Callable[[float | None, str], None]) -> None:
        self.progress = progress

    def cancelled(self) -> bool:
        return False


def _indent(text: str) -> str:
    return "\n".join("   " + line for line in text.splitlines())


def cmd_analyze(spec: PuzzleSpec, position: str | None = None, *, as_json: bool = False) -> int:
    puzzle = spec.puzzle
    state = None if position is None else puzzle.parse(position)
    said = Progress(f"Sweeping the positions of {spec.title}...")
    report = _BarReport(said)
    for _attempt in range(2):   # a figure stated for a position rests on its entry: one that does not hold
        result, seconds = spec.oracle.analysis(report)   # drops the table, which is built again
        start = spec.oracle.distance(puzzle.start)
        distance = None if state is None else spec.oracle.distance(state)
        if spec.oracle.ready():
            break
    said.finish()
    _notes(spec)
    plain = plain_output()
    hardest = [puzzle.format(s, plain and not as_json) for s in result.hardest]
    rating = _rating(spec, puzzle.start if state is None else state)
    if as_json:
        print(json.dumps({
            "puzzle": spec.name,
            "positions": result.positions,
            "solvable": result.solvable,
            "dead_ends": result.dead_ends,
            "max_distance": result.max_distance,
            "hardest": hardest,
            "hardest_count": result.hardest_count,
            "by_distance": result.by_distance,
            "reached": result.reached,
            "move_rule": puzzle.move_rule,
            "start_distance": start,
            **({} if state is None else {"position": puzzle.format(state, plain), "position_distance": distance}),
            "published": spec.figures.published,
            "rating": None if rating is None else rating.as_dict(),
            "seconds": round(seconds, 3),
        }, ensure_ascii=plain))
        return 0
    print(f"{puzzle.title}: {puzzle.move_rule}")
    if result.reached:
        print(f"  positions reachable from the start: {result.positions:,}")
        print(f"  of those can still reach the goal:  {result.solvable:,}")
        print(f"  dead ends:                          {result.dead_ends:,}")
    else:   # a table of the winnable part alone
        print(f"  reachable positions that can win:   {result.solvable:,} (alike but for a turn or a mirror: once)")
        print("  dead ends:                          not kept (too many)")
    print(f"  longest optimal solution:           {n_moves(result.max_distance)} "
          f"({result.hardest_count:,} position{'s' if result.hardest_count != 1 else ''})")
    published = spec.figures.published
    print(f"  the start needs:                    {'no way to the goal' if start is None else n_moves(start)}"
          + (f" (published: {published})" if published is not None else ""))
    if state is not None:
        print(f"  this position needs:                {'no way to the goal' if distance is None else n_moves(distance)}")
    if rating is not None:
        label = f"difficulty of the {'start' if state is None else 'position'}:"
        print(f"  {label:36s}{rating.rating:.1f} ({rating.grade}): "
              f"{rating.choice_bits:.1f} bits of choice, {rating.branching:.2f} moves a position, "
              f"{rating.optimal_moves:.2f} of them optimal, {rating.dead_end_share:.0%} to dead ends")
    print(f"  swept in {seconds:.2f} s\n")
    print("  moves to goal   positions")
    peak = max(result.by_distance) or 1
    for d, count in enumerate(result.by_distance):
        hashes = "#" * max(1 if count else 0, round(40 * count / peak))
        print(f"  {d:>13}   {count:>9,}  {hashes}")
    shown = hardest[:10]
    print(f"\n  hardest position{'s' if len(shown) != 1 else ''}"
          f"{' (first 10)' if result.hardest_count > len(shown) else ''}:")
    for text in shown:
        print(f"    {text}")
    return 0


def cmd_ratings(write: bool) -> int:
    """Every rating of the library, printed as the file holds them (each puzzle's time on stderr) and,
    with ``write``, written to the file the menu reads."""
    print("\t".join(ratings.COLUMNS), flush=True)
    rows = []
    for row in ratings.rate_all(ratings.library_specs(), lambda said: print(f"  {said}", file=sys.stderr, flush=True)):
        print(row.line(), flush=True)
        rows.append(row)
    if write:
        print(f"wrote {ratings.write(rows)}: {len(rows):,} puzzles rated", file=sys.stderr)
    return 0


def _rating(spec: PuzzleSpec, state: bytes) -> Rating | None:
    """The position's rating where the puzzle has a table and the position can win (else None)."""
    if not isinstance(spec.oracle, TableOracle):
        return None
    try:
        return rate(spec.puzzle, spec.oracle, state)
    except NotRated:
        return None


class Progress:
    """A slow build, said on stderr as it goes (the builders report only after a moment, so a quick one says
    nothing): ``heading`` once, then on a terminal a bar redrawn in place, and in a log or a pipe a line every
    EVERY seconds (how far, what, how long so far) and one when it is done, so a script sees why it waits."""

    EVERY = 5.0

    def __init__(self, heading: str, stream: TextIO | None = None, clock: Callable[[], float] = time.perf_counter,
                 terminal: bool | None = None) -> None:
        self.heading = heading
        self.stream = stream or sys.stderr
        self.terminal = self.stream.isatty() if terminal is None else terminal
        self.clock = clock
        self.started = clock()
        self.told: float | None = None    # when the last line was written (None: nothing yet)
        self.bar = _StderrBar(self.stream)

    def __call__(self, fraction: float | None, message: str) -> None:
        now = self.clock()
        if self.told is None:
            if fraction is not None and fraction >= 1.0:
                return   # done before there was anything to say (a table saved in a moment)
            print(self.heading, file=self.stream, flush=True)
        if self.terminal:
            self.bar(fraction, message)
        elif self.told is None or now - self.told >= self.EVERY:
            done = "..." if fraction is None else f"{min(max(fraction, 0.0), 1.0):.0%}"
            print(f"  {done:>4} {message} ({now - self.started:.0f} s)", file=self.stream, flush=True)
        else:
            return
        self.told = now

    def end(self) -> None:
        """The end of a search: the bar's line ended, nothing more said (its answer or its sentence follows)."""
        if self.terminal:
            self.bar.finish()
        self.told = None

    def finish(self, built: bool = True) -> None:
        """The end of the build: the bar's line ended, or a last line with the whole time (``built``: False
        where it stopped without its table, too large for one, and a search answers instead)."""
        if self.terminal:
            self.bar.finish()
        elif self.told is not None:
            seconds = self.clock() - self.started
            print(f"  done in {seconds:.1f} s" if built else
                  f"  stopped after {seconds:.1f} s without a table: a search answers instead",
                  file=self.stream, flush=True)
        self.told = None


class _StderrBar:
    """Progress as a one-line bar on stderr, ended with a newline only if it drew anything."""

    def __init__(self, stream: TextIO | None = None, width: int = 24) -> None:
        self.stream = stream or sys.stderr
        self.width = width
        self.drawn = False

    def __call__(self, fraction: float | None, message: str) -> None:
        if fraction is None:   # a search: how far it has got, in words alone, as wide as the terminal allows
            room = max(40, shutil.get_terminal_size().columns - 3)
            print(f"\r  {message[:room]:{room}s}", end="", file=self.stream, flush=True)
        else:
            filled = round(self.width * min(max(fraction, 0.0), 1.0))
            bar = "#" * filled + "-" * (self.width - filled)
            print(f"\r  [{bar}] {fraction:6.1%}  {message[:44]:44s}", end="", file=self.stream, flush=True)
        self.drawn = True

    def finish(self) -> None:
        if self.drawn:
            print(file=self.stream)
            self.drawn = False


def guarded(run: Callable[[list[str]], int]) -> Callable[[list[str]], int]:
    """A benchmark's main: bad input is one sentence on stderr and exit status 2, as everywhere."""
    @functools.wraps(run)
    def main(argv: list[str]) -> int:
        try:
            return run(argv)
        except catalog.UnknownPuzzle as err:
            print(f"error: {sentence(err.suggesting())}", file=sys.stderr)
            return USAGE_ERROR
        except (UsageError, PositionError, UnreadableFile, PuzzleFileError) as err:
            print(f"error: {sentence(str(err))}", file=sys.stderr)
            return USAGE_ERROR
    return main


def cmd_bench(what: str, rest: list[str]) -> int:
    module = importlib.import_module(BENCHMARKS[what])  # imported late: benchmarks load heavy parts
    return module.main(rest)


def cmd_play(name: str | None, position: str | None, load: str | None = None, watch: bool = False) -> int:
    if load is not None:
        if name is not None or position is not None or watch:
            raise UsageError("--load opens a saved game, which names its own puzzle and position: give it alone")
        from game.keeping.journal_files import read_saved_file
        saved = read_saved_file(load)   # a bad file is one sentence on stderr, before any window opens
        from game.ui import entry
        return entry.run(None, None, load=saved)
    spec = catalog.get(name) if name else None
    if watch and (spec is None or position is not None):
        raise UsageError("--watch plays back the solution a level's file gives, from the level's start: name the "
                         "level alone, e.g. 'play levels.sok#3 --watch'")
    watched = watched_solution(spec) if watch and spec is not None else None
    if spec is not None and position is not None:
        spec.puzzle.parse(position)  # a bad position is one sentence on stderr, before any window opens
    elif spec is None and position is not None:
        raise UsageError("--from needs a puzzle name too, e.g. 'play eight --from \"1 2 3/4 5 6/7 . 8\"'")
    from game.ui import entry  # imported late: the other commands work without a display
    return entry.run(name, position, watch=watched)


def watched_solution(spec: PuzzleSpec) -> str:
    """The first solution the level's file gives that can be played from its start; UsageError (the first
    problem found, or that it gives none) otherwise."""
    problems = []
    for written in spec.solutions:
        if written.problem:
            problems.append(written.problem)
            continue
        try:
            line_entries(spec, spec.puzzle.start, written.text)
        except PositionError as problem:
            problems.append(f"the solution on line {written.line} cannot be played: {problem}")
            continue
        return written.text
    if problems:
        raise UsageError(problems[0])
    raise UsageError(f"{spec.title} comes with no solution to watch (a .sok file gives them after a level: "
                     "'Solution: ...' or a line of LURD letters)")


MIN_SIZE, MAX_SIZE = (200, 150), (8192, 8192)
_SIZE = re.compile(r"([0-9]{1,5})[x×]([0-9]{1,5})")


def parse_size(text: str) -> tuple[int, int]:
    """'1280x800' -> (1280, 800), within MIN_SIZE..MAX_SIZE; anything else is a UsageError with one sentence."""
    got = _SIZE.fullmatch(text.strip().lower())
    if got is None:
        raise UsageError(f"--size '{shown(text)}' is not WIDTHxHEIGHT, e.g. 1280x800")
    size = int(got.group(1)), int(got.group(2))
    if not all(lo <= v <= hi for v, lo, hi in zip(size, MIN_SIZE, MAX_SIZE)):
        raise UsageError(f"--size {size[0]}x{size[1]} is outside {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return size


def cmd_screenshot(args: argparse.Namespace) -> int:
    width, height = parse_size(args.size)
    saved = None
    if args.load is not None:
        if args.puzzle is not None or args.position is not None:
            raise UsageError("--load renders a saved game, which names its own puzzle and position: give it alone")
        from game.keeping.journal_files import read_saved_file
        saved = read_saved_file(args.load)
    elif args.review:
        raise UsageError("--review draws the review of a saved game: give the game with --load")
    elif args.puzzle is None and not (args.menu or args.records or args.settings or args.demo or args.collection):
        raise UsageError("name a puzzle to render, or pass --menu, --records, --settings, --demo, --collection or --load")
    name = None
    if args.puzzle is not None:
        spec = resolve(args.puzzle, args.moves)
        name = spec.name
        if args.position is not None:
            spec.puzzle.parse(args.position)
    from game.ui import entry
    return entry.render_screenshot(name, args.file, args.position, (width, height), args.menu,
                                 analysis=args.analysis, marks=args.marks, editor=args.editor, rules=args.rules,
                                 records=args.records, load=saved, review=args.review, settings=args.settings,
                                 demo=args.demo, collection=args.collection,
                                 language=args.lang, text_size=args.text_size, theme=args.theme,
                                 press=tuple(args.press))


def cmd_icon(folder: str) -> int:
    from game.ui import icon
    icon.write_icons(folder)
    return 0


def cmd_demo() -> int:
    from game.ui import entry
    return entry.run_demo()

