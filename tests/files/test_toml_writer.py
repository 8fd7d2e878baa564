"""Writing a definition as TOML and reading it back gives the same definition, for every library
file, every imported fixture and every family; the text is meant for people to edit."""
from __future__ import annotations

import pytest

from game.families.blocks.model import Axis, BlocksDef
from game.families.frogs.files import FrogsDef, Jump
from game.families.pairs.files import PairsDef
from game.files.model import Common
from game.catalog.reading import read_puzzle_file
from game.catalog.reading import parse_toml
from game.catalog.reading import to_toml

from game.catalog import library, registry as catalog
from tests.helpers import cheapest_own, every_family_count

from . import test_toml_reader as examples
from .support import FAMILY_PUZZLES, FIXTURES, LIBRARY

def catalog_spec(defn):
    """The spec a definition read back makes (its rules built when asked for)."""
    return library.built_spec("again", defn, "again.toml")


FILES = (sorted(p for folder in (LIBRARY, *FAMILY_PUZZLES) for p in folder.glob("*.toml"))
         + sorted(p for p in FIXTURES.iterdir() if p.is_file()))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_library_file_and_fixture_survives_a_round_trip(path):
    defn = read_puzzle_file(path)
    text = to_toml(defn)
    assert parse_toml(text, defn.common.origin) == defn
    assert to_toml(parse_toml(text, defn.common.origin)) == text


@pytest.mark.parametrize("name", ["FROGS", "PLUS", "KNIGHTS", "PAIRS_BLOCK", "PAIRS_GRID", "BLOCKS"])
def test_every_example_survives_a_round_trip(name):
    defn = parse_toml(getattr(examples, name), "example.toml")
    assert parse_toml(to_toml(defn), "example.toml") == defn


@pytest.mark.parametrize("family, count", every_family_count())
def test_every_family_survives_a_round_trip_from_another_position(family, count):
    """Each family's puzzle of the game's own, as a file from a position a move away (the editor's "save as
    puzzle"), under each of its counts: written and read back, the same definition and the same text."""
    spec = catalog.get(cheapest_own(family, count))
    assert spec.as_file is not None, spec.name
    _move, after = next(iter(spec.puzzle.successors(spec.puzzle.start)))
    defn = spec.as_file(after)
    text = to_toml(defn)
    again = parse_toml(text, defn.common.origin)
    assert again == defn and to_toml(again) == text
    assert catalog_spec(again).puzzle.start == after


def test_awkward_characters_are_escaped():
    common = Common('Say "hi" \\ 曹操', subtitle="tab-free", source="C:\\puzzles\\x", published={"cell": 3})
    defn = BlocksDef(common, start=('"\\.', '"\\.'), goal=('."\\', '."\\'), axis={'"': Axis.Y, "\\": Axis.Y},
                     moves="cell")
    assert parse_toml(to_toml(defn), "") == defn
    frogs = FrogsDef(Common("F"), ("B.W",), ("W.B",), ("right", "up-right"), ("left",), Jump.NONE)
    assert parse_toml(to_toml(frogs), "") == frogs
    pairs = PairsDef(Common("P"), ("BW..",), None, "BW", False)
    assert parse_toml(to_toml(pairs), "") == pairs


def test_the_text_draws_the_board():
    text = to_toml(read_puzzle_file(LIBRARY / "klotski.toml"))
    assert 'start = """\nABBC\nABBC\nDEEF\nDGHF\nI..J\n"""' in text
    assert 'goal = """\n????\n????\n????\n?BB?\n?BB?\n"""' in text
    assert text.startswith('format = 1\ntitle = "Klotski"\n') and text.endswith("[published]\npath = 81\n")


def test_an_import_prints_as_a_file_a_player_can_keep():
    text = to_toml(read_puzzle_file(FIXTURES / "parking.js2"))
    assert 'axis = { R = "x", A = "x", B = "y", C = "y", D = "y" }' in text
    assert 'title = "Parking lot"' in text and 'family = "blocks"' in text
