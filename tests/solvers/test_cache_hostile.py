"""The array cache against hostile or unlucky cache folders: it never hangs, never reads
more than it must, never raises for a bad or unwritable file, and never trusts a table
that is not the one asked for."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pytest

from solvers import cache
from solvers.tables import load_or_build

TIMEOUT = 30.0
ROOT = Path(__file__).resolve().parents[2]
SMALL_READ = 2**20   # header reads, plus slack for anything the interpreter reads meanwhile
BIG = 3 * 2**30


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh cache folder and fresh per-process cache state (clean-up not yet run, no notices)."""
    where = tmp_path / "cache"
    where.mkdir()
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(where))
    monkeypatch.setattr(cache, "_state", cache._State())
    return where


@pytest.fixture
def bytes_read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Sizes of every read the cache makes (header reads and payload reads)."""
    sizes: list[int] = []
    real_read, real_payload = os.read, cache._read_payload

    def read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        sizes.append(len(data))
        return data

    def payload(opened: Any, size: int) -> Any:
        sizes.append(size - len(opened.rest))
        return real_payload(opened, size)

    monkeypatch.setattr(os, "read", read)
    monkeypatch.setattr(cache, "_read_payload", payload)
    return sizes


CHILD = """
import json, os, sys
from pathlib import Path
import numpy as np
from solvers import cache
from solvers.tables import load_or_build

def rchar():
    lines = Path("/proc/self/io").read_text().splitlines()
    return next(int(line.split()[1]) for line in lines if line.startswith("rchar:"))

STEPS = {
    "load": lambda: cache.load_array("t", 1),
    "load-10": lambda: cache.load_array("t", 1, shape=(10,)),
    "load-u16": lambda: cache.load_array("t", 1, dtype=np.uint16),
    "build": lambda: load_or_build("t", lambda: np.arange(10, dtype=np.uint8), 1, size=10).tolist(),
}
if sys.argv[1] == "skip-clean":  # as if the folder had been cleaned before the entry appeared
    cache._state.cleaned.add(os.path.abspath(cache.cache_dir()))
before = rchar()
values = [STEPS[step]() for step in sys.argv[2:]]
print(json.dumps({"values": values, "read": rchar() - before}))
"""


def _limit_memory() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))


def isolated(folder: Path, mode: str, *steps: str) -> tuple[list[Any], int]:
    """Run cache steps in a child process with a time and memory limit, so that a regression
    (blocking on a FIFO, reading /dev/zero) fails the test instead of hanging or exhausting CI.
    Returns the steps' values and the bytes the child read meanwhile."""
    if not Path("/proc/self/io").exists():
        pytest.skip("needs Linux /proc/self/io")
    env = {**os.environ, "FEWEST_MOVES_CACHE": str(folder), "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1"}
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, mode, *steps], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=TIMEOUT, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the cache blocked: {steps} did not finish within {TIMEOUT} s")
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return out["values"], out["read"]


def header_line(**fields: Any) -> bytes:
    base = {"magic": cache.MAGIC, "format": cache.FORMAT, "version": 1, "name": "t", "dtype": "|u1",
            "shape": [4], "meta": {}, "sha256": "0" * 64}
    base.update(fields)
    return (json.dumps(base) + "\n").encode("ascii")


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def deny_inside(folder: Path, error: OSError) -> Callable[..., Any]:
    """A replacement for os.unlink / os.replace that fails inside the cache folder only."""
    def wrap(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if any(str(a).startswith(str(folder)) for a in [*args[:2], kwargs.get("dir", "")]):
                raise error
            return real(*args, **kwargs)
        return call
    return wrap


# -- 1: absurd headers mean "damaged" --------------------------------------------------

@pytest.mark.parametrize("line", [b"[" * 3000 + b"\n", b"[" * 100_000 + b"\n", b"{\"a\":" * 800 + b"\n"])
def test_deeply_nested_header_is_damaged(folder: Path, line: bytes) -> None:
    path = cache.array_path("t")
    path.write_bytes(line + b"\0" * 4)
    assert cache.load_array("t", 1) is None
    assert not path.exists()


@pytest.mark.parametrize("shape", [[2**62, 2**62], [2**40] * 20, [-1], [1.5], ["4"], [2] * 64])
def test_absurd_shape_is_damaged(folder: Path, shape: list, bytes_read: list[int]) -> None:
    path = cache.array_path("t")
    path.write_bytes(header_line(shape=shape) + b"\0" * 4)
    assert cache.load_array("t", 1) is None
    assert not path.exists()
    assert sum(bytes_read) <= cache._HEADER_LIMIT
    built = load_or_build("t", lambda: np.arange(4, dtype=np.uint8), 1)
    assert (cache.load_array("t", 1) == built).all()


@pytest.mark.parametrize("dtype", ["|O", "O", "<M8[s]", "[('a', '<i4')]", "<u3", "(1000000000,)i8", 7])
def test_odd_dtype_is_damaged(folder: Path, dtype: Any) -> None:
    path = cache.array_path("t")
    path.write_bytes(header_line(dtype=dtype) + b"\0" * 4)
    assert cache.load_array("t", 1) is None
    assert not path.exists()


def test_unsupported_arrays_and_metadata_are_refused_on_save() -> None:
    with pytest.raises(ValueError):
        cache.save_array("t", np.array([object()]), 1)
    for meta in ({"bad key": 1}, {"k": True}, {"k": 1.5}, {"k": "x" * 1000}, {"k": None}):
        with pytest.raises(ValueError):
            cache.save_array("t", np.arange(3), 1, meta=meta)


# -- 2: only regular files, never blocking, bounded reads ------------------------------

@pytest.mark.parametrize("mode", ["skip-clean", "auto"])
def test_fifo_at_table_path_does_not_block(folder: Path, mode: str) -> None:
    path = cache.array_path("t")
    os.mkfifo(path)
    values, _ = isolated(folder, mode, "load", "build")
    assert values == [None, list(range(10))]
    assert path.is_file() and (cache.load_array("t", 1) == np.arange(10)).all()  # the FIFO is gone


def test_fifo_at_table_path_is_removed_at_start(folder: Path) -> None:
    path = cache.array_path("t")
    os.mkfifo(path)
    assert isolated(folder, "auto", "load")[0] == [None]
    assert not os.path.lexists(path)


@pytest.mark.parametrize("mode", ["skip-clean", "auto"])
def test_symlink_to_dev_zero_reads_nothing(folder: Path, mode: str) -> None:
    path = cache.array_path("t")
    path.symlink_to("/dev/zero")
    values, read = isolated(folder, mode, "load")
    assert values == [None] and read < SMALL_READ
    assert os.path.lexists(path) == (mode == "skip-clean")  # the start-of-process clean-up removes it


def sparse(path: Path, size: int, head: bytes = b"") -> None:
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(size)


@pytest.mark.parametrize("link", [False, True])
def test_huge_file_at_table_path_is_not_read(folder: Path, tmp_path: Path, link: bool) -> None:
    path = cache.array_path("t")
    target = tmp_path / "elsewhere.bin" if link else path
    sparse(target, BIG)
    if link:
        path.symlink_to(target)
    values, read = isolated(folder, "auto", "load")
    assert values == [None] and read < SMALL_READ
    assert not os.path.lexists(path)  # damaged: the entry goes (a link, not what it points to)
    assert target.exists() == link


def test_valid_header_with_huge_tail_is_not_read(folder: Path) -> None:
    path = cache.save_array("t", np.arange(4, dtype=np.uint8), 1)
    sparse(path, BIG, path.read_bytes())
    values, read = isolated(folder, "auto", "load")
    assert values == [None] and read < SMALL_READ
    assert not path.exists()


def test_header_promising_a_huge_table_is_not_read_when_another_size_is_asked(folder: Path) -> None:
    line = header_line(shape=[BIG - 200])
    path = cache.array_path("t")
    sparse(path, len(line) + BIG - 200, line)
    values, read = isolated(folder, "auto", "load-10", "load-u16", "build")
    assert values == [None, None, list(range(10))]
    assert read < SMALL_READ
    assert path.stat().st_size < 1000


def test_absurd_header_read_in_process_is_bounded(folder: Path, bytes_read: list[int]) -> None:
    line = header_line(shape=[BIG - 200])
    sparse(cache.array_path("t"), len(line) + BIG - 200, line)
    assert cache.load_array("t", 1, shape=(10,)) is None
    assert sum(bytes_read) <= cache._HEADER_LIMIT


def test_reads_exactly_header_and_payload(folder: Path, bytes_read: list[int]) -> None:
    data = np.arange(100_000, dtype=np.uint16)
    path = cache.save_array("t", data, 1)
    assert (cache.load_array("t", 1) == data).all()
    assert sum(bytes_read) == path.stat().st_size


# -- 3: a read-only cache folder is not an error ---------------------------------------

def test_damaged_file_in_read_only_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = cache.save_array("t", np.arange(10, dtype=np.uint8), 1)
    path.write_bytes(path.read_bytes()[:-3])
    wrap = deny_inside(folder, PermissionError(errno.EACCES, "read-only"))
    monkeypatch.setattr(os, "unlink", wrap(os.unlink))
    monkeypatch.setattr(os, "replace", wrap(os.replace))
    monkeypatch.setattr(tempfile, "mkstemp", wrap(tempfile.mkstemp))
    assert cache.load_array("t", 1) is None
    assert path.exists()  # could not be removed, and that is fine
    built = load_or_build("t", lambda: np.arange(10, dtype=np.uint8), 1, size=10)
    assert (built == np.arange(10)).all()
    cache.discard("t")
    assert len(cache.notices()) == 1 and "cannot be written" in cache.notices()[0]


def test_failed_rename_leaves_no_temp_file_and_no_error(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "replace", deny_inside(folder, OSError(errno.ENOSPC, "full"))(os.replace))
    built = load_or_build("t", lambda: np.arange(10, dtype=np.uint8), 1)
    assert (built == np.arange(10)).all()
    assert list(folder.iterdir()) == []
    assert cache.notices() == [f"The disk holding the cache folder {folder} is full, "
                               "so tables are built again on each run."]


def test_failed_rename_and_unlink_is_still_not_an_error(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wrap = deny_inside(folder, PermissionError(errno.EACCES, "read-only"))
    monkeypatch.setattr(os, "replace", wrap(os.replace))
    monkeypatch.setattr(os, "unlink", wrap(os.unlink))
    assert (load_or_build("t", lambda: np.arange(3, dtype=np.uint8), 1) == np.arange(3)).all()


def test_missing_unwritable_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(blocker / "cache"))
    assert cache.load_array("t", 1) is None
    assert (load_or_build("t", lambda: np.arange(3, dtype=np.uint8), 1) == np.arange(3)).all()
    assert len(cache.notices()) == 1


# -- 4: a table is what its header says it is ------------------------------------------

def test_same_size_table_of_another_puzzle_is_not_used(folder: Path) -> None:
    mine, theirs = {"fingerprint": "aaaa", "moves": 12}, {"fingerprint": "bbbb", "moves": 12}
    cache.save_array("t", np.full(50, 7, dtype=np.uint8), 1, meta=theirs)
    assert cache.load_array("t", 1, meta=mine) is None
    assert cache.load_array("t", 1, meta=theirs) is not None  # kept: it is not damaged
    built = load_or_build("t", lambda: np.arange(50, dtype=np.uint8), 1, size=50, meta=mine)
    assert (built == np.arange(50)).all()
    assert (cache.load_array("t", 1, meta=mine) == built).all()  # replaced by the save
    assert cache.load_array("t", 1, meta=theirs) is None
    assert cache.load_array("t", 1, meta={"fingerprint": "aaaa", "moves": "12"}) is None


def test_checksum_covers_the_header(folder: Path) -> None:
    path = cache.save_array("t", np.arange(50, dtype=np.uint8), 1, meta={"fingerprint": "aaaa"})
    raw = path.read_bytes()
    assert raw.count(b"aaaa") == 1
    path.write_bytes(raw.replace(b"aaaa", b"bbbb"))
    assert cache.load_array("t", 1, meta={"fingerprint": "bbbb"}) is None
    assert not path.exists()


def test_damaged_body_with_intact_header_is_rebuilt(folder: Path) -> None:
    path = cache.save_array("t", np.arange(50, dtype=np.uint8), 1, meta={"m": 1})
    raw = bytearray(path.read_bytes())
    raw[-5] ^= 0xFF
    path.write_bytes(bytes(raw))
    calls = []
    built = load_or_build("t", lambda: calls.append(1) or np.arange(50, dtype=np.uint8), 1, size=50, meta={"m": 1})
    assert calls and (built == np.arange(50)).all()
    assert (cache.load_array("t", 1, meta={"m": 1}) == built).all()


def test_validate_rejects_a_loaded_table(folder: Path) -> None:
    cache.save_array("t", np.zeros(20, dtype=np.uint8), 1)
    seen = []

    def validate(array: np.ndarray) -> bool:
        seen.append(array.copy())
        return bool(array.any())

    built = load_or_build("t", lambda: np.arange(20, dtype=np.uint8), 1, size=20, validate=validate)
    assert len(seen) == 1 and (built == np.arange(20)).all()
    again = load_or_build("t", lambda: pytest.fail("rebuilt a good table"), 1, size=20, validate=validate)
    assert (again == built).all() and len(seen) == 2


def test_old_format_file_is_outdated(folder: Path) -> None:
    path = cache.array_path("t")
    old = {"magic": cache.MAGIC, "version": 1, "name": "t", "dtype": "|u1", "shape": [4], "sha256": "0" * 64}
    path.write_bytes((json.dumps(old, sort_keys=True) + "\n").encode() + b"\0" * 4)
    assert cache.load_array("t", 1) is None and not path.exists()


def test_header_layout(folder: Path) -> None:
    path = cache.save_array("t", np.arange(6, dtype=np.int16).reshape(2, 3), 4, meta={"fingerprint": "ab", "n": 3})
    line, _, payload = path.read_bytes().partition(b"\n")
    header = json.loads(line)
    assert set(header) == {"magic", "format", "version", "name", "dtype", "shape", "meta", "sha256"}
    assert header["format"] == cache.FORMAT and header["version"] == 4 and header["shape"] == [2, 3]
    assert header["meta"] == {"fingerprint": "ab", "n": 3} and len(payload) == 12 and line.isascii()


# -- 5: start-of-process clean-up ------------------------------------------------------

def test_leftover_temp_files_are_cleaned_once(folder: Path) -> None:
    gone = dead_pid()
    dead = folder / f".t.{gone}.abcd1234.tmp"
    live = folder / f".t.{os.getpid()}.efgh5678.tmp"
    stale = folder / f".u.{os.getpid()}.zzzz9999.tmp"
    unknown = folder / ".v.tmp"
    others = [folder / "notes.txt", folder / f"t.{gone}.abcd1234.tmp", folder / f".t.{gone}.abcd1234.tmp.keep"]
    for p in [dead, live, stale, unknown, *others]:
        p.write_bytes(b"\0" * 1000)
    day_ago = time.time() - 2 * 86400
    os.utime(stale, (day_ago, day_ago))
    assert cache.load_array("t", 1) is None
    assert not dead.exists() and not stale.exists()
    assert live.exists() and unknown.exists() and all(p.exists() for p in others)
    later = folder / f".w.{gone}.abcd1234.tmp"
    later.write_bytes(b"x")
    cache.save_array("t", np.arange(3), 1)
    assert later.exists()  # clean-up runs once per process, not on every call
    cache.clean()
    assert not later.exists() and live.exists()


def test_directory_at_table_path_is_removed(folder: Path) -> None:
    path = cache.array_path("t")
    (path / "inner").mkdir(parents=True)
    (path / "inner" / "file").write_text("x")
    keep = folder / "not-a-table"
    keep.mkdir()
    built = load_or_build("t", lambda: np.arange(5, dtype=np.uint8), 1)
    assert path.is_file() and (cache.load_array("t", 1) == built).all()
    assert keep.is_dir()


def test_symlink_to_a_directory_is_unlinked_not_followed(folder: Path, tmp_path: Path) -> None:
    target = tmp_path / "precious"
    target.mkdir()
    (target / "file").write_text("x")
    cache.array_path("t").symlink_to(target)
    cache.clean()
    assert not os.path.lexists(cache.array_path("t")) and (target / "file").exists()


def test_clean_without_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FEWEST_MOVES_CACHE", str(tmp_path / "missing"))
    cache.clean()
    cache.clean()
    assert not (tmp_path / "missing").exists()


def test_writer_pid_is_in_temp_name(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    names = []
    real = tempfile.mkstemp

    def spy(*args: Any, **kwargs: Any) -> Any:
        fd, name = real(*args, **kwargs)
        names.append(Path(name).name)
        return fd, name

    monkeypatch.setattr(tempfile, "mkstemp", spy)
    cache.save_array("t", np.arange(3), 1)
    assert len(names) == 1 and f".{os.getpid()}." in names[0]
    assert cache._TEMP_FILE.match(names[0]) and cache._TEMP_PID.search(names[0])


# -- 6: notices ------------------------------------------------------------------------

def test_unwritable_cache_is_said_once(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "mkstemp", deny_inside(folder, PermissionError(errno.EACCES, "no"))(tempfile.mkstemp))
    for key in ("a", "b", "c"):
        load_or_build(key, lambda: np.arange(3, dtype=np.uint8), 1)
    expected = [f"The cache folder {folder} cannot be written, so tables are built again on each run."]
    assert cache.notices() == expected and cache.notices() == expected
    assert cache.take_notices() == expected
    assert cache.notices() == [] and cache.take_notices() == []
    load_or_build("d", lambda: np.arange(3, dtype=np.uint8), 1)
    assert cache.notices() == []  # already said in this process


def test_save_array_still_raises_for_its_own_callers(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tempfile, "mkstemp", deny_inside(folder, PermissionError(errno.EACCES, "no"))(tempfile.mkstemp))
    with pytest.raises(OSError):
        cache.save_array("t", np.arange(3), 1)
    assert len(cache.notices()) == 1
