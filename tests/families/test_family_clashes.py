"""Registering a family refuses one whose key, kinds of move, sounds, board views, shelf or importers'
extensions another family (or the game itself) already names, in one sentence naming both; the game's own
families register cleanly."""
from __future__ import annotations

import pkgutil
import re

import pytest

import game.families as package
from game.catalog.spec import YOURS, Shelf
from game.common.synth import Sound, Wave, timeline
from game.files.model import FileDef
from game.families import registry
from game.families.base import Drawing, Family, Importer
from game.families.registry import FamilyClash
from game.families.robots.kinds import ROLL
from game.rules.kinds import SLIDE, MoveKind


def tumble(rate: int) -> Wave:
    return timeline(0.1, rate) * 0.0


def kind(label: str, sound: str) -> MoveKind:
    return MoveKind(label, "A tumble", Sound(sound, tumble, 0.5), 0.2, 0.4)


TUMBLE = kind("tumble", "tumble")


def reader(*extensions: str) -> Importer:
    """An importer of the tilt's own format, by ``extensions`` (it never reads a file here)."""
    def parse(text: str, name: str) -> FileDef:
        raise AssertionError("never read")
    return Importer(extensions, parse, kind="tilt board")


def throwaway(**declared: object) -> Family:
    """A family of no files, named 'tilt' on a shelf of its own unless ``declared`` says otherwise."""
    attributes = {"key": "tilt", "shelf": Shelf("tilt", "Tilt", (10, 20, 30)), "order": 95, "kinds": (TUMBLE,),
                  **declared}
    return type("Tilt", (Family,), attributes)()


@pytest.fixture(autouse=True)
def registry_kept():
    """Every test leaves the registry as it found it (a family it registered is let go)."""
    registry.discover()
    before = dict(registry._FAMILIES)
    yield
    registry._FAMILIES.clear()
    registry._FAMILIES.update(before)


def refused(family: Family) -> str:
    before = registry.families()
    with pytest.raises(FamilyClash) as raised:
        registry.register(family)
    assert registry.families() == before and registry.family(family.key) is not family   # nothing changed
    said = str(raised.value)
    unquoted = re.sub(r"'[^']*'", "", said)   # a name in quotes may hold a dot ('.xsb')
    assert unquoted.count(".") == 1 and said.endswith(".") and "\n" not in said           # one sentence
    return said


def test_a_family_reusing_the_robots_roll_label_is_refused_naming_both():
    said = refused(throwaway(kinds=(kind("roll", "tumble"),)))
    assert said == ("the family Tilt ('tilt') cannot be registered: the family RobotsFamily ('robots') already "
                    "labels a kind of move 'roll'.")


def test_borrowing_another_familys_kind_itself_is_refused_too():
    assert "RobotsFamily ('robots') already labels a kind of move 'roll'" in refused(throwaway(kinds=(ROLL,)))


@pytest.mark.parametrize("declared, owner, clash", [
    ({"kinds": (kind("tumble", "push"),)}, "the family SokobanFamily ('sokoban')", "names a sound 'push'"),
    ({"kinds": (kind("tumble", "win"),)}, "the game itself", "names a sound 'win'"),
    ({"kinds": (kind("slide", "tumble"),)}, "the game itself", "labels a kind of move 'slide'"),
    ({"view": "goat"}, "the family BlocksFamily ('blocks')", "names a board view 'goat'"),
    ({"more_views": ("hanoi",)}, "the family HanoiFamily ('hanoi')", "names a board view 'hanoi'"),
    ({"key": "pegs", "view": "tilt"}, "the family PegsFamily ('pegs')", "has the key 'pegs'"),
    ({"shelf": Shelf("pegs", "Pegs again", (1, 2, 3))}, "the family PegsFamily ('pegs')", "names a shelf 'pegs'"),
    ({"shelf": YOURS}, "the game itself", "names a shelf 'yours'"),
    ({"importers": (reader(".xsb"),)}, "the family SokobanFamily ('sokoban')", "reads files ending '.xsb'"),
    ({"importers": (reader(".tilt", ".JS2"),)}, "the family BlocksFamily ('blocks')", "reads files ending '.js2'"),
    ({"importers": (reader(".toml"),)}, "the game itself", "reads files ending '.toml'"),
])
def test_each_kind_of_clash_is_refused_in_one_sentence_naming_both(declared, owner, clash):
    name = "pegs" if declared.get("key") == "pegs" else "tilt"
    assert refused(throwaway(**declared)) == f"the family Tilt ('{name}') cannot be registered: {owner} already {clash}."


def test_one_name_for_two_different_things_of_its_own_is_refused():
    said = refused(throwaway(kinds=(TUMBLE, kind("tumble", "rattle"))))
    assert said == "the family Tilt ('tilt') cannot be registered: it labels a kind of move 'tumble' twice, for two " \
                   "different things."
    assert "names a sound 'tumble' twice" in refused(throwaway(kinds=(TUMBLE, kind("rattle", "tumble"))))


def test_one_extension_for_two_importers_of_its_own_is_refused():
    said = refused(throwaway(importers=(reader(".tilt"), reader(".tlt", ".tilt"))))
    assert said == "the family Tilt ('tilt') cannot be registered: it reads files ending '.tilt' twice, for two " \
                   "different things."


def test_names_of_its_own_and_the_games_shared_slide_register():
    family = throwaway(kinds=(SLIDE, TUMBLE), more_views=("tilt-small",))
    assert registry.register(family) is family and registry.family("tilt") is family
    again = throwaway(kinds=(SLIDE, TUMBLE))   # the same family anew (a module imported again) replaces it
    assert registry.register(again) is again and registry.family("tilt") is again
    registry.unregister("tilt")
    assert registry.register(throwaway(kinds=(kind("roll-over", "tumble"),))).key == "tilt"   # its own label: welcome
    registry.unregister("tilt")
    assert registry.register(throwaway(importers=(reader(".tilt", ".tlt"),))).key == "tilt"  # its own extensions


def test_the_nine_families_register_cleanly_and_each_folder_registers_one():
    folders = {info.name for info in pkgutil.iter_modules(package.__path__) if info.ispkg}
    families = registry.families()
    assert {family.key for family in families} == folders and len(folders) >= 9
    for family in families:
        assert registry.register(family) is family   # every name of its own: it is checked against the others again
    views = [view for family in families for view in family.views]
    assert len(views) == len(set(views))


def test_a_drawing_that_draws_a_view_its_family_does_not_declare_is_refused(monkeypatch):
    pytest.importorskip("pygame")
    from game.ui import views

    class Tilt(Family):
        key, shelf, order, kinds = "tilt", Shelf("tilt", "Tilt", (10, 20, 30)), 95, (TUMBLE,)

    tilt = registry.register(Tilt())
    found = views.drawing_of

    def drawing_of(family: Family) -> Drawing:   # the tilt's ui/view.py, as a file in its folder would give it
        if family is tilt:
            return Drawing({"tilt": object, "tilted": object})   # "tilted" is declared nowhere
        return found(family)

    monkeypatch.setattr(views, "drawing_of", drawing_of)
    with pytest.raises(ValueError, match=re.escape("the drawing of the family 'tilt' draws ['tilt', 'tilted'] "
                                                   "where the family declares the views ['tilt'].")):
        views._family_views()
