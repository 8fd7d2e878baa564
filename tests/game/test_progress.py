"""A long search is honest about its wait: the 15-puzzle's search tells every bound as it begins, its
progress says the bound reached (no answer is shorter) and, once two bounds have finished, about how long
the current one may take, from their growth and the node rate; and what it says is in the player's
language, never the solver's own log words."""
from __future__ import annotations

import random

import pytest

from solvers import fifteen

from game.catalog import registry as catalog
from game.common import i18n
from game.common.phrase import Phrase, translated
from game.families.tiles.pattern import PREPARING, TABLES_READY
from game.oracles.progress import BoundWatch
from tests.helpers import random_walk



def test_the_search_tells_every_bound_as_it_begins():
    puzzle = catalog.puzzle("fifteen")
    state = random_walk(puzzle, puzzle.goal_states[0], 40, random.Random(12))
    heard: list[tuple[int, int]] = []
    path = fifteen.solve15(puzzle, state, heuristic=fifteen.manhattan_heuristic(), compiled=False,
                           bounds=lambda bound, nodes: heard.append((bound, nodes)))
    bounds = [b for b, _ in heard]
    assert bounds == sorted(bounds) and bounds[-1] == len(path.moves)          # up to the answer's length
    assert set(range(bounds[0], bounds[-1] + 1, 2)) <= set(bounds)            # every bound, none skipped
    nodes = [n for _, n in heard]
    assert nodes == sorted(nodes) and nodes[0] == 0


def test_the_estimate_comes_from_the_growth_and_the_node_rate():
    watch = BoundWatch()
    assert watch.words(40, 0, 0.0) == "none shorter than 40, 0.0 M nodes"
    watch.seen(42, 10_000, 0.01)          # bound 40 took 10,000 nodes
    watch.seen(44, 70_000, 0.07)          # bound 42 took 60,000: six times as many
    # bound 44 expected at 360,000 nodes; 70,000 done of them in the bound and 1,000,000 nodes a second so far
    assert watch.estimate(170_000, 0.17) == pytest.approx((360_000 - 100_000) / 1_000_000)
    watch = BoundWatch()
    for bound, nodes, seconds in ((50, 0, 0.0), (52, 5_000, 0.01), (54, 50_000, 0.1), (56, 550_000, 1.1)):
        watch.seen(bound, nodes, seconds)
    # bounds 52 and 54 took 45,000 and 500,000 nodes: 56 may take 5.56 million, of which 450,000 are done, at
    # 500,000 nodes a second: about 10 s more
    said = watch.words(56, 1_000_000, 2.0)
    assert said == "none shorter than 56, 1.0 M nodes; this bound about 10 s more"


def test_the_progress_is_said_in_the_player_s_language():
    watch = BoundWatch()
    for bound, nodes, seconds in ((50, 0, 0.0), (52, 5_000, 0.01), (54, 50_000, 0.1), (56, 550_000, 1.1)):
        watch.seen(bound, nodes, seconds)
    said = watch.words(56, 1_000_000, 2.0)
    try:
        i18n.activate("ja")
        shown = translated(said)
        assert shown != str(said) and "56" in shown and "10" in shown
        assert translated(Phrase(TABLES_READY)) != TABLES_READY and translated(Phrase(PREPARING)) != PREPARING
    finally:
        i18n.deactivate()
