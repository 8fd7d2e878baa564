"""K keeps a peg-solitaire game: counted by jump, each chain of one peg's jumps is split into its jumps;
counted by chain, one peg's jumps in a row join into one move, as they would had the game been played so.
The positions, undo and redo stay; every chain keeps the way its peg went (a loop round the way it was
played, not the other way round); a recounted game claims no optimum; its moves are said hole by hole."""
from __future__ import annotations

import random

import pygame

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.midend.notation import describe_move, move_words
from game.midend.recount import recounted
from game.midend.session import Session
from game.families.pegs.rules import Chain
from game.ui.play.scene import PlayScene
from tests.ui.helpers import key, open_puzzle

INLINE = Service(Where.INLINE)


def session(name: str, position: bytes | None = None) -> Session:
    return Session(catalog.get(name), position, service=INLINE, rng=random.Random(2))


def english_line():
    spec = catalog.get("pegs-english")
    return spec.oracle.solve(spec.puzzle.start)


def played(s: Session) -> list[tuple[int, ...]]:
    """Each move of the game as the holes its peg stood in, start to end."""
    return [tuple(s.puzzle.route(b"", e.move)) for e in s.history if e.move is not None]


def test_the_english_18_splits_into_its_31_jumps_and_joins_again_hole_for_hole():
    line = english_line()
    s = session("pegs-english")
    for move in line.moves:
        s.play(move)
    assert s.solved and s.moves == len(line.moves) == 18
    jumps = recounted(s, catalog.get("pegs-english@jump"))
    assert jumps.moves == 31 and jumps.position == s.position and jumps.puzzle.is_goal(jumps.position)
    chain_positions = [e.position for e in s.history]
    jump_positions = [e.position for e in jumps.history]
    assert [p for p in jump_positions if p in chain_positions] == chain_positions   # every position kept, in order
    for before, after in zip(jumps.history, jumps.history[1:]):                        # each entry one legal jump
        assert after.move is not None and not isinstance(after.move, Chain)
        assert jumps.puzzle.play(before.position, after.move) == after.position
    assert [hole for holes in played(jumps) for hole in holes[1:]] == \
        [hole for holes in played(s) for hole in holes[1:]]                            # the same holes, landed in
    win = jumps.result()
    assert win is not None and win.notes.recounted and not win.optimal                 # no optimum claimed
    chains = recounted(jumps, catalog.get("pegs-english"))
    assert chains.moves == 18 and played(chains) == played(s) and chains.position == s.position
    assert jumps.undo() and jumps.moves == 30 and sum(jumps.position) == 2               # undo takes back one jump


def test_a_loop_is_split_the_way_its_peg_went_round():
    line = english_line()
    puzzle = catalog.puzzle("pegs-english")
    at = next(i for i, m in enumerate(line.moves) if m.dst in m.via)   # a chain back through a hole it passed
    loop = line.moves[at]
    before = line.states[at]
    ways = [m for m, after in puzzle.successors(before) if after == line.states[at + 1]]
    assert len(ways) == 2 and loop in ways                             # round one way or the other: the same end
    for way in ways:
        s = session("pegs-english", before)
        s.play(way)
        jumps = recounted(s, catalog.get("pegs-english@jump"))
        assert jumps.moves == len(way.via) + 1 and played(jumps) == [
            (a, b) for a, b in zip(puzzle.route(b"", way), puzzle.route(b"", way)[1:])]
        assert played(recounted(jumps, catalog.get("pegs-english"))) == [tuple(puzzle.route(b"", way))]


def test_jumps_played_one_at_a_time_join_into_the_chain_played_and_the_redo_tail_stays():
    line = english_line()
    at = next(i for i, m in enumerate(line.moves) if len(m.via) >= 2)
    chain = line.moves[at]
    s = session("pegs-english@jump", line.states[at])
    holes = s.puzzle.route(b"", chain)
    for a, b in zip(holes, holes[1:]):
        s.play(next(m for m in s.legal_moves() if (m.src, m.dst) == (a, b)))
    s.undo()                                                           # the last jump taken back: not joined
    chains = recounted(s, catalog.get("pegs-english"))
    assert chains.moves == 1 and played(chains)[0] == tuple(holes[:-1])
    assert chains.redo() and chains.moves == 2 and chains.position == line.states[at + 1]


def test_a_chain_is_said_hole_by_hole_and_a_slanting_jump_is_a_jump():
    line = english_line()
    spec = catalog.get("pegs-english")
    at = next(i for i, m in enumerate(line.moves) if len(m.via) >= 2)
    chain, before = line.moves[at], line.states[at]
    holes = "→".join(spec.puzzle.board.coord(h) for h in spec.puzzle.route(b"", chain))
    assert move_words(spec, before, chain) == f"peg {holes}"
    assert describe_move(spec, before, chain) == f"jump the peg {holes}"
    triangle = catalog.get("pegs-triangle-a1")
    start = triangle.puzzle.start
    said = {describe_move(triangle, start, m) for m in triangle.puzzle.legal_moves(start)}
    assert said == {"jump the peg from c3 to e1", "jump the peg from g3 to e1"}   # named and said as drawn


def test_k_in_the_window_keeps_the_game_and_counts_it_the_other_way(app) -> None:
    scene = open_puzzle(app, "pegs-triangle-a1")
    assert isinstance(scene, PlayScene)
    line = scene.spec.oracle.solve(scene.spec.puzzle.start)
    first_chain = next(i for i, m in enumerate(line.moves) if m.via)
    for move in line.moves[:first_chain + 1]:
        scene.session.play(move)
    position, moves = scene.session.position, scene.session.moves
    key(app, pygame.K_k)
    assert scene.spec.name == "pegs-triangle-a1@jump" and scene.session.position == position
    assert scene.session.moves == moves + len(line.moves[first_chain].via)
    key(app, pygame.K_k)
    assert scene.spec.name == "pegs-triangle-a1" and scene.session.moves == moves
    assert scene.session.history[-1].move == line.moves[first_chain]
    key(app, pygame.K_u)
    assert scene.session.position == line.states[first_chain]          # undo takes the whole chain back
