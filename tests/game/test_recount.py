"""Switching the count keeps the game: the same positions and games, undo and redo, its moves recounted
as the new count counts them (a path move split into the fewest cell or line moves of its piece, steps of
one piece joined where the new count takes them as one); a game switched mid-way claims no optimum."""
from __future__ import annotations

import random

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.kept import load_text, save_text
from game.keeping.records import Record, win_words
from game.midend.history import EntryKind, Notes
from game.midend.recount import recount_history, recounted, split_move
from game.midend.session import Session

INLINE = Service(Where.INLINE)


def klotski(count: str = "") -> Session:
    spec = catalog.get(f"klotski@{count}" if count else "klotski")
    spec.oracle.prepare()
    return Session(spec, service=INLINE, rng=random.Random(3))


def positions(s: Session) -> list[bytes]:
    return [e.position for e in s.history]


def moves_of(s: Session) -> list[tuple[int, int]]:
    return [(e.move.src, e.move.dst) for e in s.history if e.move is not None]


def test_a_path_move_becomes_the_fewest_cell_moves_and_joins_again_by_path():
    s = klotski()
    board = s.puzzle.board
    g, c5 = board.at(3, 1), board.at(4, 2)
    corner = next(m for m in s.legal_moves() if (m.src, m.dst) == (g, c5))   # the small block round a corner
    s.play(corner)
    assert s.moves == 1
    cell = recounted(s, catalog.get("klotski@cell"))
    assert cell.position == s.position and cell.moves == 2 and cell.cursor == 2
    assert moves_of(cell) == [(g, board.at(4, 1)), (board.at(4, 1), c5)]
    line = recounted(cell, catalog.get("klotski@line"))
    assert line.moves == 2                       # down, then right: two straight lines
    path = recounted(line, catalog.get("klotski"))
    assert path.moves == 1 and moves_of(path) == [(g, c5)] and path.position == s.position
    assert cell.undo() and cell.position[board.at(4, 1)] != 0 and cell.moves == 1   # undo steps through the cells


def test_steps_of_one_piece_in_one_line_join_by_line_and_the_redo_tail_stays():
    s = klotski("cell")
    board = s.puzzle.board
    i = board.at(4, 0)
    first = next(m for m in s.legal_moves() if (m.src, m.dst) == (i, board.at(4, 1)))
    s.play(first)
    s.play(next(m for m in s.legal_moves() if (m.src, m.dst) == (board.at(4, 1), board.at(4, 2))))
    s.play(next(m for m in s.legal_moves() if m.src == board.at(3, 1)))     # another piece
    s.undo()
    assert s.moves == 2 and len(s.history) == 4
    line = recounted(s, catalog.get("klotski@line"))
    assert line.moves == 1 and line.position == s.position                 # two cells right: one line move
    assert line.redo() and line.moves == 2                                 # the move taken back is still there
    assert positions(line)[-1] == positions(s)[-1]


def test_nothing_joins_across_the_cursor():
    s = klotski("cell")
    board = s.puzzle.board
    i = board.at(4, 0)
    s.play(next(m for m in s.legal_moves() if (m.src, m.dst) == (i, board.at(4, 1))))
    s.play(next(m for m in s.legal_moves() if (m.src, m.dst) == (board.at(4, 1), board.at(4, 2))))
    s.undo()
    entries, cursor, _notes = recount_history(s.history, s.cursor, s.timeline.notes, catalog.puzzle("klotski@line"))
    assert cursor == 1 and len(entries) == 3 and entries[cursor].position == s.position


def test_random_games_keep_every_position_they_passed_through():
    rng = random.Random(11)
    for name, other, finer in (("klotski", "klotski@cell", True), ("klotski@cell", "klotski@line", False),
                               ("traffic", "traffic@cell", True), ("century@line", "century", False)):
        spec = catalog.get(name)
        s = Session(spec, service=INLINE, rng=rng)
        for _ in range(25):
            s.play(rng.choice(s.legal_moves()))
        t = recounted(s, catalog.get(other))
        assert t.position == s.position
        if finer:    # every position passed through is still there, between the cells of each longer move
            assert set(positions(s)) <= set(positions(t)) and t.moves >= s.moves
        else:        # joined steps leave out the positions between them, and nothing else
            assert set(positions(t)) <= set(positions(s)) and t.moves <= s.moves
        at = t.history[0].position
        for entry in t.history[1:]:                  # every move legal under the new count, in turn
            assert t.puzzle.play(at, entry.move) == entry.position
            at = entry.position


def test_a_switched_game_is_marked_and_claims_no_optimum():
    s = klotski()
    line = s.oracle.solve(s.position).moves
    for move in line[:30]:
        s.play(move)
    cell = recounted(s, catalog.get("klotski@cell"))
    assert cell.notes.recounted
    for move in cell.oracle.solve(cell.position).moves:
        cell.play(move)
    win = cell.result()
    assert win is not None and win.own and win.notes.recounted and win.puzzle == "klotski@cell"
    assert not win.optimal
    record = Record().add(win)
    assert record.own == 1 and record.optimal == 0 and record.best_over is None
    assert "recounted" in win_words(win, "cell")
    again = load_text(save_text(cell), service=INLINE)         # the mark is kept with the game
    assert again.notes.recounted and "recounted" in save_text(cell)
    cell.restart()                                               # played again from its start: all of one count
    assert not cell.notes.recounted


def test_a_game_not_yet_begun_is_not_marked():
    s = klotski()
    assert not recounted(s, catalog.get("klotski@line")).notes.recounted
    s.new_deal(s.puzzle.start)
    s.play(s.legal_moves()[0])
    t = recounted(s, catalog.get("klotski@line"))
    anchors = [i for i, e in enumerate(t.history) if e.kind is not EntryKind.MOVE]
    assert t.timeline.notes.get(anchors[0], Notes()) == Notes() and t.notes.recounted


def test_split_move_refuses_what_one_piece_alone_cannot_do():
    s = klotski()
    first = s.legal_moves()[0]
    s.play(first)
    second = next(m for m in s.legal_moves() if m.src != first.dst)      # another piece moves too
    after = s.puzzle.play(s.position, second)
    try:
        split_move(catalog.puzzle("klotski@cell"), s.history[0].position, first, after)
    except ValueError:
        return
    raise AssertionError("two pieces' moves were taken for one piece's")
