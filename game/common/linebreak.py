"""Where a line of text may break, for English (at spaces) and Japanese (between characters).

Japanese puts no spaces between words: a line may break between any two kana or kanji, except
that closing marks and small kana never start a line and opening brackets never end one
(kinsoku shori). Latin words, numbers and placeholders inside Japanese stay whole.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

NO_LINE_START = set("、。，．,.・：；:;？！?!ー〜～…‥」』）］｝〉》〕】'\"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻ゝゞヽヾ%％)]}")
NO_LINE_END = set("「『（［｛〈《〔【([{")


def is_wide(ch: str) -> bool:
    """Characters of scripts written without spaces (kana, kanji, their punctuation and full-width forms)."""
    o = ord(ch)
    return (0x3000 <= o <= 0x30FF or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF
            or 0xFF00 <= o <= 0xFFEF or 0x31F0 <= o <= 0x31FF)


@dataclass(frozen=True)
class Unit:
    """Text that stays on one line; ``spaced`` when a space separated it from the unit before."""

    text: str
    spaced: bool


def units(text: str) -> list[Unit]:
    """``text`` cut where a line may break."""
    out: list[Unit] = []
    for word_index, word in enumerate(text.split()):
        pieces: list[str] = []
        for ch in word:
            if not pieces:
                pieces.append(ch)
            elif _may_break(pieces[-1][-1], ch):
                pieces.append(ch)
            else:
                pieces[-1] += ch
        for i, piece in enumerate(pieces):
            out.append(Unit(piece, spaced=(i == 0 and word_index > 0)))
    return out


def _may_break(before: str, after: str) -> bool:
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    return is_wide(before) or is_wide(after)


def wrap(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Greedy lines of at most ``width`` (measured by ``measure``); a unit wider than a whole line
    gets a line of its own rather than being cut."""
    if " ".join(text.split()) == text and (not text or measure(text) <= width):
        return [text] if text else []   # the whole of it fits: one measure rather than one a word
    lines: list[str] = []
    line = ""
    for unit in units(text):
        trial = f"{line} {unit.text}" if (line and unit.spaced) else line + unit.text
        if not line or measure(trial) <= width:
            line = trial
        else:
            lines.append(line)
            line = unit.text
    if line:
        lines.append(line)
    return lines
