"""Kernels compiled by numba on their first call, for every family's inner loops.

Importing numba maps its compiler (over 100 MB resident), which a command or worker that never runs a
kernel should not carry, so a kernel is a :class:`_Deferred` until it is first called. The first call of
any kernel makes every kernel known so far numba's and puts numba's in place of each deferred one in
every module that holds it, so kernels that call each other find each other compiled.

numba caches compiled code next to the module unless NUMBA_CACHE_DIR says otherwise; a frozen bundle
cannot write there, so the cache goes into the game's own cache folder. numba is a dependency, but
every answer must survive without it: :func:`available` says whether the compiled paths may run.
"""
from __future__ import annotations

import importlib.util
import os
import sys
import threading
from pathlib import Path
from typing import Any, Callable

from solvers import cache

__all__ = ["available", "compiled"]

os.environ.setdefault("NUMBA_CACHE_DIR", str(cache.cache_dir() / "numba"))


class _Deferred:
    """A kernel that numba compiles when it is first called, not when its module is imported."""

    def __init__(self, function: Callable, options: dict[str, object]) -> None:
        self.function, self.options = function, options
        self.dispatcher: Callable | None = None
        _DEFERRED.append(self)

    def __call__(self, *args: Any) -> Any:
        if self.dispatcher is None:
            _make_all()
        assert self.dispatcher is not None
        return self.dispatcher(*args)


_DEFERRED: list[_Deferred] = []
_MAKING = threading.Lock()


def _make_all() -> None:
    import numba

    with _MAKING:
        for kernel in _DEFERRED:
            if kernel.dispatcher is None:
                jit: Any = numba.njit
                kernel.dispatcher = jit(**kernel.options)(_source_backed(kernel.function))
        for module in list(sys.modules.values()):
            held = getattr(module, "__dict__", None)
            if isinstance(held, dict):
                for name, value in list(held.items()):
                    if isinstance(value, _Deferred):
                        held[name] = value.dispatcher


def _deferred_jit(**options: object) -> Callable[[Callable], Callable]:
    return lambda function: _Deferred(function, dict(options))


_jit: Any = _deferred_jit if importlib.util.find_spec("numba") is not None else None


def available() -> bool:
    """Whether numba is installed (the compiled builds and searches need it)."""
    return _jit is not None


def compiled(function: Callable, **options: object) -> Callable:
    """``function`` compiled by numba when first called (cached on disk, releasing the GIL); itself without
    numba."""
    return function if _jit is None else _jit(cache=True, nogil=True, **options)(function)


def _source_backed(function: Callable) -> Callable:
    """In a frozen bundle code objects name their file relative to nothing, so numba finds no
    source and caches in ~/.cache/numba whatever NUMBA_CACHE_DIR says: point them at the
    module's source, which the bundle carries beside it (see the Makefile's dist)."""
    module = sys.modules.get(function.__module__)
    if getattr(sys, "frozen", False) and module is not None and module.__file__:
        source = Path(module.__file__).with_suffix(".py")
        if source.is_file():
            function.__code__ = function.__code__.replace(co_filename=str(source))
    return function
