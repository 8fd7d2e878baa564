"""Moves and goals in the board's own words: pieces named as the board shows them (the wolf, the big red
block, the red car), never by the symbol or letter of their text form; every puzzle's goal in one
sentence; and the exit where a sliding-block goal takes its piece to an edge."""
from __future__ import annotations

import pytest

from game.catalog import registry as catalog
from game.families.blocks.words import exits
from game.midend.notation import describe_move, move_words

GOAT_SYMBOLS = set("┌─┐▭│∥└┘")


def test_goat_s_moves_name_its_pieces_not_their_symbols():
    spec = catalog.get("goat")
    puzzle = spec.puzzle
    start = puzzle.start
    words = [move_words(spec, start, move) for move in puzzle.legal_moves(start)]
    assert words and not any(GOAT_SYMBOLS & set(w) for w in words), words
    line = spec.oracle.solve(start)
    said = [move_words(spec, state, move) for state, move in zip(line.states, line.moves)]
    assert not any(GOAT_SYMBOLS & set(w) for w in said)
    assert any(w.startswith("sheep ") for w in said) and any(w.startswith("hay bale ") for w in said)


def test_a_file_puzzle_s_pieces_are_named_by_shape_and_the_goal_s_by_its_lacquer():
    klotski = catalog.get("klotski")
    names = {klotski.presentation.piece_name(code) for code in klotski.puzzle.start if code}
    assert names == {"tall block", "big red block", "wide block", "small block"}
    traffic = catalog.get("traffic")
    x = traffic.puzzle.start[traffic.puzzle.board.at(2, 1)]
    assert traffic.presentation.piece_name(x) == "red car"
    assert {traffic.presentation.piece_name(c) for c in traffic.puzzle.start if c} == {"red car", "car", "truck"}
    puzzle = klotski.puzzle
    for move in puzzle.legal_moves(puzzle.start):
        text = move_words(klotski, puzzle.start, move)
        assert text.split()[0] == "small" and "→" in text, text     # never "G b4-b5"


@pytest.mark.parametrize("name", ["eight", "frogs-c", "guarini", "pairs", "klotski", "goat"])
def test_every_move_s_words_hold_its_cells(name):
    spec = catalog.get(name)
    puzzle = spec.puzzle
    for move in puzzle.legal_moves(puzzle.start):
        text = move_words(spec, puzzle.start, move)
        assert puzzle.board.coord(move.src) in text and puzzle.board.coord(move.dst) in text, text
        assert "{" not in text and "{" not in describe_move(spec, puzzle.start, move)


def test_every_puzzle_states_its_goal_in_one_sentence():
    for spec in catalog.specs():
        sentence = spec.goal_sentence()
        assert sentence.startswith("Goal: ") and sentence.endswith(".") and not sentence.endswith(".."), (spec, sentence)
    assert catalog.get("klotski").goal_sentence() == "Goal: the big red block at the exit at the bottom."
    assert catalog.get("traffic").goal_sentence() == "Goal: the red car at the exit on the right."
    assert catalog.get("pennant").goal_sentence() == "Goal: the big red block on the place tinted in its colour."


def test_an_exit_where_the_goal_takes_one_piece_to_one_edge():
    def sides(name: str) -> list[str]:
        puzzle = catalog.puzzle(name)
        return [side for _kind, _cells, side in exits(puzzle.layout, puzzle.goal_pattern)]
    assert sides("klotski") == sides("century") == sides("huarong-four-generals") == ["bottom"]
    assert sides("traffic") == ["right"]
    assert sides("pennant") == sides("hughes") == sides("moving-day") == sides("century-and-a-half") == []
