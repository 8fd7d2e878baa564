"""Share codes: every puzzle of the game, its start and positions met along random walks, round-trip;
a damaged code (one character changed, two neighbours swapped) is refused with one sentence."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from game.catalog import codes, registry as catalog
from game.catalog.spec import PuzzleSpec
from game.cli import main

OWN = sorted(catalog.own_names())


def _every_count(name: str) -> list[PuzzleSpec]:
    spec = catalog.get(name)
    return [catalog.variant(spec, count) for count in spec.counts] or [spec]


def test_the_puzzles_of_the_game_have_numbers_of_their_own() -> None:
    numbers = Counter(codes.puzzle_id(name) for name in [*OWN, *catalog.renamed()])   # former names' codes too
    assert len(OWN) > 40 and max(numbers.values()) == 1


@pytest.mark.parametrize("name", OWN)
def test_every_start_round_trips_under_every_count(name: str) -> None:
    for spec in _every_count(name):
        code = codes.encode(spec, spec.puzzle.start)
        assert len(code) <= 24 and code == code.upper()   # the 5x5 board's 7.8e24 positions take 17 characters
        shared = codes.decode(code)
        assert shared.spec is spec and shared.state == spec.puzzle.start
        assert codes.decode(code.lower().replace("-", " ")).state == spec.puzzle.start   # either case, any spacing


@settings(max_examples=200, deadline=None)
@given(name=st.sampled_from(OWN), count=st.integers(0, 2), steps=st.lists(st.integers(0, 10_000), max_size=60))
def test_positions_along_random_walks_round_trip(name: str, count: int, steps: list[int]) -> None:
    specs = _every_count(name)
    spec = specs[count % len(specs)]
    puzzle, state = spec.puzzle, spec.puzzle.start
    for step in steps:
        successors = [after for _move, after in puzzle.successors(state)]
        if not successors:
            break
        state = successors[step % len(successors)]
    shared = codes.decode(codes.encode(spec, state))
    assert shared.spec is spec and shared.state == state


def test_codes_of_different_positions_differ() -> None:
    spec = catalog.get("eight")
    seen = {codes.encode(spec, after) for _move, after in spec.puzzle.successors(spec.puzzle.start)}
    seen.add(codes.encode(spec, spec.puzzle.start))
    assert len(seen) == 1 + len(spec.puzzle.legal_moves(spec.puzzle.start))


def _damaged(code: str) -> list[str]:
    """Every code one character away from ``code``, and every swap of two different neighbours."""
    chars = code.replace("-", "")
    out = []
    for i, ch in enumerate(chars):
        out += [chars[:i] + other + chars[i + 1:] for other in codes.ALPHABET if other != ch]
        if i + 1 < len(chars) and chars[i + 1] != ch:
            out.append(chars[:i] + chars[i + 1] + ch + chars[i + 2:])
    return out


@pytest.mark.parametrize("name", ["eight", "fifteen", "klotski", "traffic", "frogs-square", "goat", "tait-7"])
def test_any_single_change_or_swap_of_neighbours_is_refused(name: str) -> None:
    spec = catalog.get(name)
    state = spec.puzzle.start
    for _move, after in spec.puzzle.successors(state):
        state = after   # a position other than the start
    for bad in _damaged(codes.encode(spec, state)):
        with pytest.raises(codes.CodeError):
            codes.decode(bad)


@pytest.mark.parametrize("text", ["", "-", "MPR0-", "MPR0-U", "MPR0-AX36R" + "0" * 30, "MPR0-AX3?6R", "héllo-wörld"])
def test_what_is_no_code_at_all_is_refused(text: str) -> None:
    with pytest.raises(codes.CodeError):
        codes.decode(text)


def test_a_code_with_a_valid_check_but_no_such_position_is_refused() -> None:
    """Klotski's ranks are keys of where each kind of piece stands; most keys put a piece on another."""
    spec = catalog.get("klotski")
    good = codes.encode(spec, spec.puzzle.start).replace("-", "")
    body = good[:codes.HEAD] + "0" * (len(good) - codes.HEAD - 1)   # key 0: every kind in the first cells
    check = codes.ALPHABET[codes.check_value([codes.ALPHABET.index(ch) for ch in body])]
    with pytest.raises(codes.CodeError):
        codes.decode(body + check)


def test_a_players_own_puzzle_has_no_code(tmp_path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('format = 1\ntitle = "Mine"\nfamily = "blocks"\nstart = """\nA.\n"""\ngoal = """\n.A\n"""\n',
                    encoding="utf-8")
    spec = catalog.get(str(path))
    with pytest.raises(codes.CodeError, match="share its puzzle file"):
        codes.encode(spec, spec.puzzle.start)


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_line_prints_a_code_and_takes_it_for_a_puzzle(capsys) -> None:
    status, out, _ = run(capsys, "code", "eight", "--from", "1 2 3/4 5 6/7 . 8")
    code = out.strip()
    assert status == 0 and codes.decode(code).state == catalog.puzzle("eight").parse("1 2 3/4 5 6/7 . 8")
    status, out, _ = run(capsys, "solve", code, "--json")
    assert status == 0 and '"length": 1' in out and '"start": "1 2 3/4 5 6/7 . 8"' in out
    status, out, _ = run(capsys, "analyze", code)
    assert status == 0 and "this position needs:                1 move" in out
    status, out, _ = run(capsys, "code", "klotski", "--moves", "line")
    assert status == 0 and codes.decode(out.strip()).spec is catalog.get("klotski@line")


@pytest.mark.parametrize("args", [("solve", "BMPR0-1D4RB"), ("analyze", "BMPR0-1D42R"), ("play", "BMPR0-1D4R20"),
                                  ("code", "BMPR0-1D4R2", "--from", "1 2 3/4 5 6/7 8 ."),
                                  ("code", "tests/files/fixtures/parking.js2")])
def test_a_wrong_or_damaged_code_is_one_sentence_and_status_2(capsys, args: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


def _spellings(code: str) -> list[str]:
    """A code as people type or paste it: without its hyphen, a space for it, in lower case, spaced out."""
    bare = code.replace("-", "")
    return [bare, code.replace("-", " "), code.lower(), f"  {code[:5]} - {code[6:]}\n", bare.lower(),
            " ".join(bare[i:i + 4] for i in range(0, len(bare), 4))]


@pytest.mark.parametrize("name", ["klotski", "eight", "frogs-a", "pegs-triangle-a1", "reve-4"])
def test_a_code_without_its_hyphen_or_with_spaces_is_the_same_code(capsys, name: str) -> None:
    spec = catalog.get(name)
    code = codes.encode(spec, spec.puzzle.start)
    status, expected, _ = run(capsys, "code", code)
    for spelt in _spellings(code):
        assert codes.looks_like_code(spelt), spelt
        assert codes.decode(spelt) == codes.decode(code)
        status, out, err = run(capsys, "code", spelt)
        assert (status, out, err) == (0, expected, ""), spelt
    status, out, err = run(capsys, "solve", code.replace("-", ""), "--json")
    assert status == 0 and f'"puzzle": "{name}"' in out


@pytest.mark.parametrize("typed,says", [
    ("klotsky", "Did you mean klotski?"), ("eigth", "Did you mean eight?"),
    ("frogs-lin", "Did you mean frogs-line"),           # written like a code, but close to a name
    ("HHW22 867R9EPX", "not a share code"), ("hhw22-867r9epx", "not a share code"),
])
def test_a_misspelt_name_is_told_apart_from_a_damaged_code(capsys, typed: str, says: str) -> None:
    status, out, err = run(capsys, "solve", typed)
    assert status == 2 and out == "" and says in err and err.count("\n") == 1


def test_no_name_of_the_game_is_taken_for_a_code_written_whole() -> None:
    """Written whole, a code must carry a check character that holds and name a puzzle of the game."""
    names = [*catalog.names(), "klotsky", "eigth", "century-and-a-hal", "HHW22867R9EPX"]
    assert [name for name in names if "-" not in name and codes.looks_like_code(name)] == []
