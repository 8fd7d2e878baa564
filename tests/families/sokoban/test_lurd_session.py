"""A Sokoban game in LURD, without a window: written from where it began, read back as a game of its own
after the one there was (undo takes its moves back one by one, then brings back the game before), read
from a position's end (a copied code and its moves), watched as a playback, and counted both ways for
the panel, whose optimum is the plain model's."""
from __future__ import annotations

import random

from game.common.background import Service, Where
from game.keeping.settings import Settings
from game.midend.history import EntryKind
from game.midend.lines import game_line, line_entries, line_to, play_line, tally, watch_line
from game.midend.panel import panel_model
from game.midend.session import Session
from tests.families.sokoban.levels import PUSHES, STEPS, spec
from tests.families.sokoban.plain import Plain

INLINE = Service(Where.INLINE)


def session(name: str, count, prepared: bool = True) -> Session:
    s = spec(name, count)
    if prepared:
        s.oracle.prepare()
    return Session(s, service=INLINE, rng=random.Random(2))


def play_letters(game: Session, text: str) -> None:
    """The player's moves, one by one, as the letters say (through the session, as the board plays them)."""
    for move, _after in game.spec.notation.read(game.position, text):
        assert game.play(move, step=True)


def test_the_game_so_far_is_written_from_where_it_began():
    for count in (STEPS, PUSHES):
        game = session("yard", count)
        assert game_line(game) == ""
        play_letters(game, "lldRu")
        assert game_line(game) == "lldRu"
        game.undo()
        assert game_line(game) == "lldR"    # undo takes back the step after the push
        game.restart()
        assert game_line(game) == ""


def test_a_pasted_line_is_a_game_of_its_own_and_undo_brings_back_the_one_before():
    game = session("yard", STEPS)
    play_letters(game, "rrd")            # the player's own game: three steps
    mine = game.position
    entries = line_entries(game.spec, game.spec.puzzle.start, "ddrUlulldRRdrruuLDlluR")
    play_line(game, entries, "pasted")
    assert game.solved and game.moves == 22 and game.game_start == game.spec.puzzle.start
    assert [e.kind for e in game.history[4:6]] == [EntryKind.DEAL, EntryKind.MOVE]
    for _undo in range(22):
        assert game.undo()
    assert game.position == game.spec.puzzle.start and game.moves == 0
    assert game.undo() and game.position == mine and game.moves == 3   # nothing of the player's is lost


def test_a_line_read_to_a_code_s_position_begins_where_it_must_have():
    game = session("detour", PUSHES)
    play_letters(game, "rDldR")
    end, text = game.position, game_line(game)
    other = session("detour", PUSHES)
    entries = line_to(other.spec, end, text)
    assert entries[0].position == other.spec.puzzle.start and entries[-1].position == end
    play_line(other, entries, "")
    assert other.position == end and game_line(other) == text


def test_watching_plays_the_line_back_and_stops_for_the_player():
    game = session("corridor", STEPS)
    watch_line(game, line_entries(game.spec, game.spec.puzzle.start, "rRR"), "watch")
    playback = game.playback
    assert playback is not None and playback.given and len(playback.remaining) == 3
    for _frame in range(20):
        game.update(0.5)
    assert game.solved and game.playback is None and game.moves == 3


def test_both_counts_of_the_game_and_of_the_optimal_line():
    for count in (STEPS, PUSHES):
        game = session("yard", count)
        plain = Plain(game.spec.puzzle.level.rows)
        counted = tally(game)
        assert counted is not None and counted.so_far == (0, 0)
        best_pushes, best_steps = plain.best()
        if count is PUSHES:
            assert counted.optimum == (best_steps, best_pushes)   # 24 moves, 4 pushes
        else:
            assert counted.optimum is not None and counted.optimum[0] == plain.fewest_moves()
            assert counted.optimum[1] >= best_pushes
        play_letters(game, "rrdL")
        assert tally(game).so_far == (4, 1)


def test_the_panel_says_both_counts_and_the_optimum_in_the_count_in_use():
    game = session("yard", PUSHES)
    model = panel_model(game, game.oracle.status(), Settings(), 10)
    assert model.tally == ("0 moves · 0 pushes", "Optimal: 4 pushes (24 moves)")
    play_letters(game, "rrdL")
    model = panel_model(game, game.oracle.status(), Settings(), 10)
    assert model.tally == ("4 moves · 1 push", "Optimal: 4 pushes (24 moves)")
    hidden = panel_model(game, game.oracle.status(), Settings(hide_answer=True), 10)
    assert hidden.tally == ("4 moves · 1 push", "Optimal: hidden")
    moves = session("yard", STEPS)
    assert panel_model(moves, moves.oracle.status(), Settings(), 10).tally[1] == "Optimal: 22 moves (6 pushes)"


def test_without_a_table_the_optimum_waits_for_a_search_and_is_never_guessed():
    game = session("yard", PUSHES, prepared=False)
    model = panel_model(game, game.oracle.status(), Settings(), 10)
    assert model.tally == ("0 moves · 0 pushes", "Optimal: not searched yet")
    game.start_solve()                  # a search from the start: its proven line is the optimum
    for _frame in range(5):
        game.update(0.0)
    assert panel_model(game, game.oracle.status(), Settings(), 10).tally[1] == "Optimal: 4 pushes (24 moves)"


def test_the_frame_key_is_the_same_whatever_the_game_says():
    game = session("yard", PUSHES)
    keys = {panel_model(game, game.oracle.status(), Settings(), 10).frame_key()}
    play_letters(game, "rrdL")
    keys.add(panel_model(game, game.oracle.status(), Settings(), 10).frame_key())
    game.restart()
    game.start_solve()
    for _frame in range(40):
        game.update(0.5)
    assert game.solved
    keys.add(panel_model(game, game.oracle.status(), Settings(), 10).frame_key())
    assert len(keys) == 1
