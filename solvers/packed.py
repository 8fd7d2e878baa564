"""Sorted key sets kept small: each row stored as its difference from the row before, seven bits a byte.

A sweep that keeps every layer (to walk a shortest line back from the goal) needs only the last two as
arrays; the layers before are read again only once, when the line is walked back. Rows of one or two words
(never negative, sorted) are read as one number of up to 126 bits (the leading word times 2**63 plus the
other), and the gaps between neighbours of a layer of millions are a few dozen bits, stored in 5 to 7 bytes
instead of 16. Keys of more words are kept as they are.
"""
from __future__ import annotations

import numpy as np

from solvers.compiled import available as compiled_available, compiled

__all__ = ["Packed", "pack", "unpacked"]

TOP = (1 << 63) - 1   # the largest word


class Packed:
    """A sorted set of one- or two-word keys, its gaps in seven-bit groups (:func:`pack`)."""

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
    """``keys`` (sorted, each once) packed, or as they are where they are not one or two words."""
    if keys.shape[1] > 2 or not len(keys) or not compiled_available():
        return keys
    keys = np.ascontiguousarray(keys, dtype=np.int64)
    data = np.empty(_encode_c(keys, np.empty(0, dtype=np.uint8), False), dtype=np.uint8)
    _encode_c(keys, data, True)
    return Packed(data, len(keys), keys.shape[1])


def unpacked(keys: "Packed | np.ndarray") -> np.ndarray:
    return keys.unpack() if isinstance(keys, Packed) else keys


def _encode(keys: np.ndarray, out: np.ndarray, write: bool) -> int:
    """The bytes of the gaps of ``keys``, each a 126-bit number, seven bits a byte (the low ones first, the top
    bit set in every byte but a gap's last), into ``out`` where ``write``; returns how many."""
    n = 0
    two = keys.shape[1] == 2
    prev_hi, prev_lo = 0, 0
    for i in range(keys.shape[0]):
        hi = keys[i, 0] if two else 0
        lo = keys[i, 1] if two else keys[i, 0]
        if lo >= prev_lo:
            gap_lo, gap_hi = lo - prev_lo, hi - prev_hi
        else:   # borrow one from the leading word
            gap_lo, gap_hi = (lo - prev_lo) + TOP + 1, hi - prev_hi - 1
        while gap_hi != 0 or gap_lo >= 128:
            if write:
                out[n] = (gap_lo & 127) | 128
            n += 1
            gap_lo = (gap_lo >> 7) | ((gap_hi & 127) << 56)
            gap_hi >>= 7
        if write:
            out[n] = gap_lo
        n += 1
        prev_hi, prev_lo = hi, lo
    return n


def _decode(data: np.ndarray, rows: int, out: np.ndarray) -> None:
    """The keys of :func:`_encode`'s bytes into ``out``."""
    at = 0
    two = out.shape[1] == 2
    hi, lo = 0, 0
    for i in range(rows):
        gap_lo, gap_hi, group = 0, 0, 0
        while True:
            byte = int(data[at])
            at += 1
            bits = byte & 127
            if group < 9:   # nine groups of seven bits fill the low word's 63
                gap_lo |= bits << (7 * group)
            else:
                gap_hi |= bits << (7 * group - 63)
            group += 1
            if byte < 128:
                break
        if gap_lo > TOP - lo:   # a carry into the leading word
            lo = gap_lo - (TOP - lo) - 1
            hi += gap_hi + 1
        else:
            lo += gap_lo
            hi += gap_hi
        if two:
            out[i, 0] = hi
            out[i, 1] = lo
        else:
            out[i, 0] = lo


_encode_c = compiled(_encode)
_decode_c = compiled(_decode)
