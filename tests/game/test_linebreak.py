"""Line breaking for English and Japanese: nothing is lost, lines keep to the width, and Japanese
breaks between characters but never before a closing mark or after an opening bracket."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.common import linebreak


def width(text: str) -> int:
    return sum(2 if linebreak.is_wide(ch) else 1 for ch in text)


def test_english_breaks_at_spaces_only():
    assert linebreak.wrap("Slide tiles into order, 1 to 8.", 12, len) == ["Slide tiles", "into order,", "1 to 8."]


def test_a_word_wider_than_the_line_gets_a_line_of_its_own():
    assert linebreak.wrap("a extraordinarily b", 5, len) == ["a", "extraordinarily", "b"]


def test_japanese_breaks_between_characters_and_keeps_closing_marks_on_the_line():
    lines = linebreak.wrap("ゴールまであと12手です。「ヒント」を押すと最善手がわかります。", 10, width)
    assert "".join(lines) == "ゴールまであと12手です。「ヒント」を押すと最善手がわかります。"
    assert all(width(line) <= 10 for line in lines)
    assert not any(line[0] in linebreak.NO_LINE_START for line in lines)
    assert not any(line[-1] in linebreak.NO_LINE_END for line in lines)


def test_latin_words_and_numbers_inside_japanese_stay_whole():
    lines = linebreak.wrap("Ctrl+Sで保存、Ctrl+Oで開きます。", 7, width)
    assert any(line.startswith("Ctrl+S") or "Ctrl+S" in line for line in lines)
    assert all("Ctrl+" not in line or "Ctrl+S" in line or "Ctrl+O" in line for line in lines)
    assert "12345" in "".join(linebreak.wrap("あと12345手", 4, width))


JAPANESE = st.text(alphabet=st.sampled_from(list("あいうえおかきくけこ漢字、。「」ーっゃ12 ab")), max_size=60)
UNSPACED = st.text(alphabet=st.sampled_from(list("あいうえおかきくけこ漢字、。「」ーっゃ12ab")), min_size=1, max_size=60)


@given(JAPANESE, st.integers(min_value=2, max_value=30))
def test_nothing_is_lost_and_lines_keep_to_the_width(text, limit):
    lines = linebreak.wrap(text, limit, width)
    assert "".join(lines).replace(" ", "") == "".join(text.split())
    for line in lines:
        assert width(line) <= limit or len(linebreak.units(line)) == 1, (line, limit)


@given(UNSPACED, st.integers(min_value=2, max_value=30))
def test_no_line_starts_with_a_closing_mark_or_ends_with_an_opening_one(text, limit):
    lines = linebreak.wrap(text, limit, width)
    assert not any(line[0] in linebreak.NO_LINE_START for line in lines[1:])
    assert not any(line[-1] in linebreak.NO_LINE_END for line in lines[:-1])
