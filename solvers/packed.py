"""Sorted key sets kept small: each row stored as its difference from the row before, seven bits a byte.

A sweep that keeps every layer (to walk a shortest line back from the goal) needs only the last two as
arrays; the layers before are read again only once, when the line is walked back. A row of words (never
negative, sorted) is read as one number, 63 bits a word, the leading word first; neighbours in a layer of
millions share their leading words and differ by a few dozen bits in the rest, so a two-word key (16 bytes)
takes 3 to 7, and an eight-word key of the large boards (64 bytes) about half.
"""
from __future__ import annotations

import numpy as np

from solvers.compiled import available as compiled_available, compiled

__all__ = ["Packed", "pack", "unpacked"]

TOP = (1 << 63) - 1   # the largest word


class Packed:
    """A sorted set of keys, its gaps in seven-bit groups (:func:`pack`)."""

    def __init__(self, data: np.ndarray, rows: int, words: int) -> None:
        self.data, self.rows, self.words = data, rows, words

    def __len__(self) -> int:
        return self.rows

    @property
    def nbytes(self) -> int:
        return self.data.nbytes

    def unpack(self) -> np.ndarray:
        out = np.empty((self.rows, self.words), dtype=np.int64)
        _decode_c(self.data, self.rows, out)
        return out


def pack(keys: np.ndarray) -> "Packed | np.ndarray":
    """``keys`` (sorted, each once) packed (as they are where there are none, or nothing is compiled)."""
    if not len(keys) or not compiled_available():
        return keys
    keys = np.ascontiguousarray(keys, dtype=np.int64)
    data = np.empty(_encode_c(keys, np.empty(0, dtype=np.uint8), False), dtype=np.uint8)
    _encode_c(keys, data, True)
    return Packed(data, len(keys), keys.shape[1])


def unpacked(keys: "Packed | np.ndarray") -> np.ndarray:
    return keys.unpack() if isinstance(keys, Packed) else keys


def _gap(keys: np.ndarray, i: int, gap: np.ndarray) -> None:
    """keys[i] less keys[i - 1] (nothing before the first row), as digits of 63 bits, the leading first."""
    borrow = 0
    for w in range(keys.shape[1] - 1, -1, -1):
        before = keys[i - 1, w] if i > 0 else 0
        if keys[i, w] - borrow >= before:
            gap[w] = keys[i, w] - before - borrow
            borrow = 0
        else:   # borrow one from the word before
            gap[w] = (keys[i, w] - before - borrow) + TOP + 1
            borrow = 1


def _encode(keys: np.ndarray, out: np.ndarray, write: bool) -> int:
    """The bytes of the gaps of ``keys``, each a number of 63 bits a word, seven bits a byte (the low ones
    first, the top bit set in every byte but a gap's last), into ``out`` where ``write``; returns how many."""
    n = 0
    words = keys.shape[1]
    gap = np.zeros(words, dtype=np.int64)
    for i in range(keys.shape[0]):
        _gap(keys, i, gap)
        top = 0   # the leading word of the gap that is not zero
        while top < words - 1 and gap[top] == 0:
            top += 1
        while top < words - 1 or gap[top] >= 128:
            if write:
                out[n] = (gap[words - 1] & 127) | 128
            n += 1
            for w in range(words - 1, top, -1):   # the gap shifted down by seven bits
                gap[w] = (gap[w] >> 7) | ((gap[w - 1] & 127) << 56)
            gap[top] >>= 7
            if gap[top] == 0 and top < words - 1:
                top += 1
        if write:
            out[n] = gap[words - 1]
        n += 1
    return n


def _decode(data: np.ndarray, rows: int, out: np.ndarray) -> None:
    """The keys of :func:`_encode`'s bytes into ``out``."""
    at = 0
    words = out.shape[1]
    gap = np.zeros(words, dtype=np.int64)
    for i in range(rows):
        gap[:] = 0
        group = 0
        while True:
            byte = int(data[at])
            at += 1
            gap[words - 1 - group // 9] |= (byte & 127) << (7 * (group % 9))   # nine groups fill a word's 63 bits
            group += 1
            if byte < 128:
                break
        carry = 0
        for w in range(words - 1, -1, -1):
            before = out[i - 1, w] if i > 0 else 0
            if gap[w] > TOP - before - carry:   # (written so that nothing passes the largest word)
                out[i, w] = gap[w] - (TOP - before - carry) - 1
                carry = 1
            else:
                out[i, w] = before + gap[w] + carry
                carry = 0


_gap = compiled(_gap, inline="always")
_encode_c = compiled(_encode)
_decode_c = compiled(_decode)
