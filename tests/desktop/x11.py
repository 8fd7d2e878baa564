"""A real X display for tests of the window as the desktop sees it: Xvfb on a free display number, and
xwininfo and xprop to find the window and read its properties. Tests skip where they are not installed
(``.ci/run`` installs them)."""
from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

TOOLS = ("Xvfb", "xwininfo", "xprop")


def need_tools() -> None:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)} (Debian: xvfb, x11-utils)")


@contextmanager
def display(timeout: float = 10.0) -> Iterator[str]:
    """A fresh X display (":N") for the block, its server stopped afterwards."""
    need_tools()
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        number = b""
        deadline = time.monotonic() + timeout
        while not number.endswith(b"\n"):
            ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                pytest.fail("Xvfb did not start")
            number += chunk
        yield f":{number.decode().strip()}"
    finally:
        os.close(read)
        server.terminate()
        server.wait(timeout)


def find_window(shown: str, title: str, timeout: float) -> str | None:
    """The id of the first window whose title begins with ``title``, waiting up to ``timeout`` seconds for
    it. Read from ``xwininfo``'s tree: xdotool 3.20160805's ``search --name`` misses titles of SDL's type
    (UTF8_STRING) that ``getwindowname`` reads."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        tree = subprocess.run(["xwininfo", "-root", "-tree"], env={**os.environ, "DISPLAY": shown},
                              capture_output=True, text=True).stdout
        for line in tree.splitlines():
            found = re.match(r'\s*(0x[0-9a-f]+) "([^"]*)"', line)
            if found and found.group(2).startswith(title):
                return found.group(1)
        time.sleep(0.25)
    return None


def window_property(shown: str, window: str, name: str, timeout: float = 10.0) -> str:
    """``xprop``'s lines for one property of a window, once it has it (the program may set it a moment
    after the window appears), or what xprop says of it after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        said = subprocess.run(["xprop", "-id", window, name], env={**os.environ, "DISPLAY": shown},
                              capture_output=True, text=True, check=True).stdout
        if "not found" not in said or time.monotonic() > deadline:
            return said
        time.sleep(0.1)


@contextmanager
def running(argv: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``argv`` running for the block in a process group of its own (its output to ``log``), all of which
    is stopped afterwards: the game's worker processes too."""
    with open(log, "wb") as out:
        process = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        yield process
    finally:
        try:
            os.killpg(process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        process.wait(30)
