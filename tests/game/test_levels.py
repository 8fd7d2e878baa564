"""What a collection's grid says of a level: its mark and the player's best under each count from the
records of its start only, and the fewest only where proven (the records' par, or the shipped optimum),
never a figure the file merely states."""
from __future__ import annotations

from dataclasses import replace

from game.catalog import registry as catalog
from game.catalog.spec import Figures
from game.keeping.levels import figures_of
from game.keeping.records import Badge, Records
from game.midend.history import Notes
from game.midend.session import Win


def _win(name: str, moves: int, par: int | None, start: bool = True, help: bool = False) -> Win:
    return Win(name, start, moves, par, 30.0, Notes(hints=1 if help else 0, ladder=(1, 0, 0, 0) if help else
                                                    (0, 0, 0, 0)), False)


def test_each_count_has_its_own_best_and_fewest_and_the_mark_is_the_best_of_them():
    spec = catalog.get("warehouse-22")
    records = Records().add(_win("warehouse-22", 80, 72)).add(_win("warehouse-22@pushes", 22, 22))
    got = figures_of(spec, records, {})
    assert [(f.count.key, f.best, f.fewest, f.optimal) for f in got.figures] == [
        ("moves", 80, 72, False), ("pushes", 22, 22, True)]
    assert got.badge is Badge.OPTIMAL and got.solved


def test_only_games_from_the_start_count_and_the_shipped_optimum_is_the_fewest_where_none_was_recorded():
    spec = catalog.get("warehouse-1")
    dealt = Records().add(_win("warehouse-1", 5, 5, start=False))   # a game dealt elsewhere: not this level's
    got = figures_of(spec, dealt, {"warehouse-1": 18})
    assert not got.solved and [(f.best, f.fewest) for f in got.figures] == [(None, 18), (None, None)]
    helped = figures_of(spec, Records().add(_win("warehouse-1", 30, 18, help=True)), {})
    assert helped.badge is Badge.ASSISTED and [(f.best, f.fewest) for f in helped.figures] == [(None, 18), (None, None)]


def test_a_figure_the_file_states_is_never_the_fewest():
    spec = catalog.get("warehouse-3")
    stated = replace(spec, figures=Figures(published=3))   # a file's [published] figure: not proven here
    got = figures_of(stated, Records(), {})
    assert [f.fewest for f in got.figures] == [None, None]
