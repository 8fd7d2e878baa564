"""What the session keeps for the player: the clock of a game left by a restart or a deal comes back with
undo; the ladder of hints starts at the piece where the live count already says how far the goal is, and
what it skips is not counted as help."""
from __future__ import annotations

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.settings import Settings
from game.midend.commands import GameCommands
from game.midend.ladder import Step
from game.midend.session import Session


def table_game(name: str = "eight", position: str | None = "8 6 7/2 5 4/3 . 1") -> Session:
    spec = catalog.get(name)
    spec.oracle.prepare()
    return Session(spec, spec.puzzle.parse(position) if position else None, service=Service(Where.INLINE))


def test_undoing_a_restart_brings_back_the_clock_of_the_game_it_ended():
    s = table_game()
    s.play(s.legal_moves()[0])
    s.update(30.0)
    assert s.elapsed == 30.0
    s.restart()
    assert s.elapsed == 0.0 and s.moves == 0
    s.undo()                                     # the game before the restart, at 0:30 (it showed 0:00)
    assert s.elapsed == 30.0 and s.moves == 1
    s.update(2.0)                                # and its clock goes on
    assert s.elapsed == 32.0
    s.redo()                                     # the restarted game again, from 0:00
    assert s.elapsed == 0.0 and s.moves == 0
    s.undo()
    assert s.elapsed == 32.0


def test_undoing_a_new_game_brings_back_the_clock_and_a_new_move_forgets_the_games_undone():
    s = table_game()
    s.play(s.legal_moves()[0])
    s.update(12.0)
    s.new_deal()
    s.play(s.legal_moves()[0])
    s.update(5.0)
    s.undo()
    s.undo()                                     # back across the deal
    assert s.elapsed == 12.0
    s.play(s.legal_moves()[-1])                  # the deal is gone from the redo tail
    s.restart()
    s.undo()
    assert s.elapsed == 12.0


def test_where_the_live_count_shows_the_distance_the_ladder_starts_at_the_piece():
    s = table_game()
    s.request_hint(answer_shown=True)            # the panel reads "Fewest to goal N": no band, no count
    assert s.hint_info is not None and s.hint_info.step is Step.PIECE
    assert s.notes.ladder == (0, 0, 1, 0) and s.notes.hints == 1
    s.request_hint(answer_shown=True)
    assert s.hint_info.step is Step.MOVE and s.notes.ladder == (0, 0, 1, 1)


def test_with_the_answer_hidden_the_ladder_starts_at_the_band():
    s = table_game()
    commands = GameCommands(s.spec, Settings(hide_answer=True), lambda name: True, lambda: None)
    commands.hint(s)
    assert s.hint_info is not None and s.hint_info.step is Step.BAND and s.notes.ladder == (1, 0, 0, 0)
    shown = table_game()
    GameCommands(shown.spec, Settings(), lambda name: True, lambda: None).hint(shown)
    assert shown.hint_info is not None and shown.hint_info.step is Step.PIECE
