"""What a JSON file of the game holds that this version does not know: a newer version's keys, kept
and written back as they were, so that playing an older version now and then never loses them.

Each unknown value is kept as its own compact JSON text (keys sorted, every character escaped that a
file could not hold as it is), not as the objects it parses to: a file's bound on its bytes is then
a bound on what is kept, and the text is written back into the file's next version unchanged. A
value nested deeper than MAX_DEPTH is not a field of any version: the caller refuses the file.
"""
from __future__ import annotations

import json
from typing import Any, Collection, Mapping

from game.common.untrusted import writable

__all__ = ["MAX_DEPTH", "Unknown", "dumps", "kept", "restored"]

MAX_DEPTH = 64        # lists and tables within lists and tables: far more than any field needs
Unknown = tuple[tuple[str, str], ...]   # (key, the value's JSON text), in the order of the keys


def kept(data: Mapping[str, Any], known: Collection[str]) -> Unknown:
    """The keys of ``data`` not in ``known``, each with its value's JSON text; ValueError (no sentence:
    the caller says what the file is) if a value nests deeper than MAX_DEPTH."""
    known = known if isinstance(known, (set, frozenset)) else frozenset(known)
    if data.keys() <= known:   # the common case: a file this version wrote
        return ()
    out = []
    for key in sorted(k for k in data if k not in known):
        if _depth(data[key]) > MAX_DEPTH:
            raise ValueError(key)
        out.append((key, json.dumps(data[key], ensure_ascii=True, sort_keys=True, separators=(",", ":"))))
    return tuple(out)


def restored(unknown: Unknown) -> dict[str, Any]:
    """The unknown keys as values again, to be written with the rest of the file."""
    return {key: json.loads(text) for key, text in unknown}


def dumps(data: Any, indent: int | None = 1) -> str:
    """A file's JSON text: its characters as they are where the file can hold them all, else escaped
    (a kept value may spell a lone surrogate, which no UTF-8 file can hold)."""
    text = json.dumps(data, indent=indent, sort_keys=True, ensure_ascii=False) + "\n"
    return text if writable(text) else json.dumps(data, indent=indent, sort_keys=True, ensure_ascii=True) + "\n"


def _depth(value: Any) -> int:
    """How deep lists and tables nest in ``value`` (0 for a plain value), counted without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            if depth + 1 <= MAX_DEPTH:   # deeper than that is refused: no need to walk further
                stack.extend((inner, depth + 1) for inner in item)
    return deepest
