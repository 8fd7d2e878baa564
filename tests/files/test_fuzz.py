"""Real puzzle files cut and garbled: every reader returns a definition or raises its one-line
error, never anything else and never slowly; and whatever a reader accepts, the TOML writer and
reader carry over unchanged. The default run is light; ``-m slow`` runs the heavy one."""
from __future__ import annotations

import random
import time

import pytest

from game.families import registry
from game.files.errors import PuzzleFileError
from game.families.blocks.js2 import parse_js2
from game.catalog.reading import read_puzzle_file
from game.families.blocks.sliding import parse_sliding
from game.catalog.reading import parse_toml
from game.catalog.reading import to_toml
from game.common.untrusted import UnreadableFile

from . import test_toml_reader as examples
from .support import FIXTURES, LIBRARY

PARSERS = (parse_toml, parse_js2, parse_sliding)
DEFINITIONS = tuple(family.definition for family in registry.families() if isinstance(family.definition, type))
SAMPLES = [p.read_text(encoding="utf-8") for p in sorted(LIBRARY.glob("*.toml")) + sorted(FIXTURES.iterdir())] + [
    getattr(examples, name) for name in ("FROGS", "PLUS", "KNIGHTS", "PAIRS_BLOCK", "PAIRS_GRID", "BLOCKS")]
ODD = list('"\'[]{}=\n#?.BW(),:01x/\\ \t') + ["\x00", "\x1b", "\r", "\u202e", "\u2028", "\x85", "曹", "\ufeff", "é"]
HUGE = ["9" * 5000, "(" * 4000, "[" * 5000, "{" * 3000, "A" * 40000, "a = " + "[" * 3000, "-" * 9000,
        "put: 1 (" + "9" * 40 + ",0)", "1 = " + "1" * 300, "x" * 600, '"""' + "?" * 300 + '"""', "\n" * 5000,
        "piece: 1" + " (0,0)" * 2000, "hwall: 0 (-999999999, 999999999)", "99999 x 99999"]
SECONDS = 2.0   # far above any honest parse of 256 KiB


def mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        lines = text.split("\n")
        kind = rng.randrange(10)
        at = rng.randint(0, len(text))
        if kind == 0:
            text = text[:at]
        elif kind == 1 and lines:
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif kind == 2 and lines:
            n = rng.randrange(len(lines))
            lines.insert(n, lines[n])
            text = "\n".join(lines)
        elif kind == 3 and len(lines) > 1:
            a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif kind == 4:
            text = text[:at] + rng.choice(ODD) + text[at + rng.randint(0, 1):]
        elif kind == 5:
            text = text[:at] + rng.choice(HUGE) + text[at:]
        elif kind == 6:
            data = bytearray(text.encode("utf-8"))
            if data:
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
            text = data.decode("utf-8", errors="replace")
        elif kind == 7:
            text = text[:at] + chr(rng.randrange(0x20)) + text[at:]
        elif kind == 8 and text:   # the file's own characters elsewhere: deeper than syntax errors
            a, b = rng.randrange(len(text)), rng.randrange(len(text))
            chars = list(text)
            chars[a], chars[b] = chars[b], chars[a]
            text = "".join(chars)
        else:
            digits = [i for i, ch in enumerate(text) if ch.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + str(rng.randrange(10)) + text[i + 1:]
    return text


def check(call, *args) -> object:
    started = time.monotonic()
    try:
        result = call(*args)
    except (PuzzleFileError, UnreadableFile) as exc:
        message = str(exc)
        assert message.endswith(".") and "\n" not in message and "\r" not in message and len(message) < 400, message
        result = exc
    assert time.monotonic() - started < SECONDS, (call.__name__, args[0][:200] if isinstance(args[0], str) else args)
    if isinstance(result, DEFINITIONS):
        assert parse_toml(to_toml(result), result.common.origin) == result
    else:
        assert isinstance(result, (PuzzleFileError, UnreadableFile)), result
    return result


def fuzz(seed: int, rounds: int, tmp_path) -> int:
    rng = random.Random(seed)
    accepted = 0
    for n in range(rounds):
        text = mutate(rng.choice(SAMPLES), rng)
        for parser in PARSERS:
            accepted += isinstance(check(parser, text, "fuzz.txt"), DEFINITIONS)
        if n % 10 == 0:
            path = tmp_path / f"f{n}{rng.choice(['.toml', '.js2', '.sliding', '.txt', ''])}"
            raw = text.encode("utf-8", errors="surrogatepass")
            if raw and rng.random() < 0.3:
                raw = raw[:-1] + bytes([rng.randrange(128, 256)])
            path.write_bytes(raw)
            check(read_puzzle_file, path)
    return accepted


def test_garbled_files_never_break_a_reader(tmp_path):
    accepted = fuzz(seed=20240611, rounds=4000, tmp_path=tmp_path)
    assert accepted > 0   # some mutations (a swapped comment, a dropped remark) stay valid


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8))
def test_garbled_files_never_break_a_reader_heavy(tmp_path, seed):
    fuzz(seed=seed, rounds=20000, tmp_path=tmp_path)
