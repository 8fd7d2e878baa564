"""Settings against hostile or unlucky files: never blocking, never reading much, never
failing to start, and never losing what the player wrote."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.keeping import settings as settings_module
from game.keeping.settings import MAX_BYTES, Settings, load_settings, save_settings

TIMEOUT = 30.0
ROOT = Path(__file__).resolve().parents[2]
BIG = 3 * 2**30

CHILD = """
import json, sys
from dataclasses import asdict
from pathlib import Path
from game.keeping.settings import load_settings

def rchar():
    lines = Path("/proc/self/io").read_text().splitlines()
    return next(int(line.split()[1]) for line in lines if line.startswith("rchar:"))

before = rchar()
loaded = load_settings(Path(sys.argv[1]))
print(json.dumps({"settings": asdict(loaded), "read": rchar() - before}))
"""


def _limit_memory() -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))


def isolated_load(path: Path) -> tuple[Settings, int]:
    """load_settings(path) in a child process with time and memory limits, so a regression
    fails the test instead of hanging or exhausting CI; also the bytes the child read."""
    if not Path("/proc/self/io").exists():
        pytest.skip("needs Linux /proc/self/io")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=TIMEOUT, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"loading the settings did not finish within {TIMEOUT} s")
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return Settings(**out["settings"]), out["read"]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "settings.json"


@pytest.mark.parametrize("text", ["[" * 5000, "[" * 100_000, "{\"a\": " * 5000])
def test_deeply_nested_json_means_defaults_and_is_kept_aside(path: Path, text: str) -> None:
    path.write_text(text)
    assert load_settings(path) == Settings()
    assert not path.exists()
    assert path.with_name("settings.json.broken").read_text() == text


def test_fifo_means_defaults(path: Path) -> None:
    os.mkfifo(path)
    loaded, _ = isolated_load(path)
    assert loaded == Settings()
    assert path.is_fifo()  # not a file of the player's: left alone
    assert save_settings(Settings(move_marks=True), path)
    assert load_settings(path) == Settings(move_marks=True)


def test_dev_zero_means_defaults(path: Path) -> None:
    path.symlink_to("/dev/zero")
    loaded, read = isolated_load(path)
    assert loaded == Settings() and read < 2**20
    assert path.is_symlink()


@pytest.mark.parametrize("head", [b"", b"{\"move_marks\": true}\n"])
def test_huge_file_means_defaults_and_is_not_read(path: Path, head: bytes) -> None:
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(BIG)
    loaded, read = isolated_load(path)
    assert loaded == Settings() and read < 2**20
    assert not path.exists() and path.with_name("settings.json.broken").stat().st_size == BIG


def test_reads_are_bounded_in_process(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.write_bytes(b" " * (10 * MAX_BYTES))
    sizes: list[int] = []
    real = os.read

    def read(fd: int, n: int) -> bytes:
        data = real(fd, n)
        sizes.append(len(data))
        return data

    monkeypatch.setattr(os, "read", read)
    assert load_settings(path) == Settings()
    assert sum(sizes) <= MAX_BYTES + 1


def test_largest_allowed_file_is_read(path: Path) -> None:
    text = json.dumps({"reduce_motion": True})
    path.write_text(text + " " * (MAX_BYTES - len(text)))
    assert load_settings(path) == Settings(reduce_motion=True)


def test_broken_file_is_kept_aside_and_the_next_save_writes_next_to_it(path: Path) -> None:
    path.write_text("{\"reduce_motion\": true,")  # the player's half-edited file
    assert load_settings(path) == Settings()
    broken = path.with_name("settings.json.broken")
    assert broken.read_text() == "{\"reduce_motion\": true,"
    assert save_settings(Settings(deal_distance=9), path)
    assert load_settings(path) == Settings(deal_distance=9)
    assert broken.read_text() == "{\"reduce_motion\": true,"
    path.write_bytes(b"\xff\xfe not text")
    assert load_settings(path) == Settings()
    assert path.with_name("settings.json.broken.1").read_bytes() == b"\xff\xfe not text"
    assert broken.read_text() == "{\"reduce_motion\": true,"  # never overwritten


def test_empty_file_is_just_defaults(path: Path) -> None:
    path.write_bytes(b"")
    assert load_settings(path) == Settings()
    assert not path.with_name("settings.json.broken").exists()


def test_failing_to_keep_aside_is_not_an_error(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path.write_text("[[[")

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(errno.EACCES, "read-only")

    monkeypatch.setattr(os, "rename", refuse)
    assert load_settings(path) == Settings()
    assert path.read_text() == "[[["


def test_directory_at_settings_path(path: Path) -> None:
    path.mkdir()
    assert load_settings(path) == Settings()
    assert save_settings(Settings(), path) is False
    assert path.is_dir()


def test_failed_save_leaves_no_temp_file(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "full")

    monkeypatch.setattr(settings_module.os, "replace", refuse)
    assert save_settings(Settings(), path) is False
    assert list(path.parent.iterdir()) == []
