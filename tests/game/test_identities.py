"""Which identical piece is which, read from the game's history: each robot keeps the name it had where the
game began however the moves, undos, redos, restarts and saved games go, and the words use it. The robots
are followed here cell by cell, by the moves themselves, and named by their place at the start."""
from __future__ import annotations

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.kept import load_text, save_text
from game.midend.notation import describe_move, move_words, piece_words
from game.midend.session import Session
from game.rules.identities import NOBODY, along, carry, first_seen, undone
from game.rules.puzzle import Move

# Ricochet board 3: its two helpers trade places, so the position comes back with them the other way round
SWAP = "ricochet-3", (("b1", "b2"), ("c1", "b1"), ("b2", "d2"), ("b1", "b2"), ("d2", "c2"), ("c2", "c1"))


def cells(session: Session) -> dict[str, int]:
    board = session.puzzle.board
    return {board.coord(cell): cell for cell in range(len(board))}


def play(session: Session, src: str, dst: str) -> Move:
    at = cells(session)
    move = next(m for m in session.legal_moves() if (m.src, m.dst) == (at[src], at[dst]))
    assert session.play(move)
    return move


def names_by_cell(session: Session, robots: dict[int, str]) -> dict[int, str]:
    """What the game calls the robot on each cell (by a move of it, as the hint and review say it)."""
    who = session.timeline.identities(session.spec)
    return {cell: piece_words(session.spec, session.position, cell, who) for cell in robots}


def test_first_seen_numbers_each_codes_pieces_in_reading_order():
    assert first_seen(bytes([0, 2, 1, 2, 0, 2, 1])) == (NOBODY, 0, 0, 1, NOBODY, 2, 1)


def test_carried_and_undone_are_inverse_and_move_a_whole_piece_at_once():
    who = (0, 1, NOBODY, NOBODY)
    paths = ((0, 1), (1, 2))   # a two-cell piece slides one cell right
    assert undone((NOBODY, 0, 1, NOBODY), paths) == who
    spec = catalog.get(SWAP[0])
    puzzle = spec.puzzle
    move = puzzle.legal_moves(puzzle.start)[0]
    after = puzzle.play(puzzle.start, move)
    carried = carry(puzzle, first_seen(puzzle.start), puzzle.start, move)
    assert undone(carried, puzzle.carried(puzzle.start, move)) == first_seen(puzzle.start)
    assert along(puzzle, first_seen(puzzle.start), [(puzzle.start, move)]) == [first_seen(puzzle.start), carried]
    assert sorted(x for x in carried if x != NOBODY) == sorted(x for x in first_seen(after) if x != NOBODY)


def test_each_robot_keeps_its_name_through_moves_undo_redo_restart_and_a_saved_game():
    name, line = SWAP
    s = Session(catalog.get(name), service=Service(Where.INLINE))
    robots = {cell: piece_words(s.spec, s.position, cell) for cell, code in enumerate(s.position) if code}
    assert sorted(robots.values()) == ["green robot", "red robot", "yellow robot"]
    seen = [s.position]
    followed = [dict(robots)]
    for src, dst in line:
        move = play(s, src, dst)
        now = dict(followed[-1])
        now[move.dst] = now.pop(move.src)
        followed.append(now)
        seen.append(s.position)
        assert names_by_cell(s, now) == now
    back = seen.index(seen[-1])
    assert back < len(line) and followed[back] != followed[-1]   # the same position, the helpers swapped
    for i in range(len(line) - 1, -1, -1):
        assert s.undo()
        assert names_by_cell(s, followed[i]) == followed[i]
    for i in range(1, len(line) + 1):
        assert s.redo()
        assert names_by_cell(s, followed[i]) == followed[i]
    saved = save_text(s)
    loaded = load_text(saved, service=Service(Where.INLINE))
    assert loaded.position == s.position and names_by_cell(loaded, followed[-1]) == followed[-1]
    s.restart()
    assert names_by_cell(s, followed[0]) == followed[0]


def test_a_move_in_words_names_the_robot_that_stands_there():
    """The swapped helpers: the same cell, the other robot's name; every kind of words agrees."""
    name, line = SWAP
    s = Session(catalog.get(name), service=Service(Where.INLINE))
    seen = [s.position]
    for src, dst in line:
        play(s, src, dst)
        seen.append(s.position)
    for _ in range(len(line) - seen.index(s.position)):   # back to where the position was with them swapped
        s.undo()
    who = s.timeline.identities(s.spec)
    assert s.position == seen[-1] and who != first_seen(s.position)
    for move in s.legal_moves():
        named = piece_words(s.spec, s.position, move.src, who)
        assert describe_move(s.spec, s.position, move, who).startswith(f"send the {named} ")
        assert move_words(s.spec, s.position, move, who).startswith(f"{named} ")
    helper = next(m for m in s.legal_moves() if who[m.src] != first_seen(s.position)[m.src])
    named = piece_words(s.spec, s.position, helper.src, who)
    assert named != piece_words(s.spec, s.position, helper.src)   # reading order alone would say another
    illegal = Move(helper.src, helper.src)
    s.play(illegal)
    said = [e.message for e in s.update(0.0) if e.message]
    assert said == [f"{named} {s.puzzle.board.coord(helper.src)}→{s.puzzle.board.coord(helper.src)} is not a legal "
                    "move here."]


def test_a_family_that_does_not_tell_pieces_apart_is_not_followed():
    s = Session(catalog.get("eight"), service=Service(Where.INLINE))
    s.play(s.legal_moves()[0])
    assert s.timeline.identities(s.spec) is None
