"""The play screen's kept game without a window: resumed from its file, written as it changes, its win
recorded once, saved with a question before another game's save is replaced, and opened again."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.journal import Journal
from game.keeping.journal_files import Folders, game_path
from game.keeping.kept import TAKEN, KeptGame, Said, adopt, restored, saved_game
from game.midend.sayings import Tone
from game.keeping.saves import game_text, read_game
from game.midend.intent import Intent
from game.midend.session import EventKind, Session
from tests.game.journal_support import inline, played, run


def fresh(name: str = "eight", position: bytes | None = None) -> Session:
    return Session(catalog.get(name), position, service=Service(Where.INLINE), rng=random.Random(5))


def kept(j: Journal, session: Session | None = None, **how) -> tuple[KeptGame, list]:
    game = KeptGame(j, session or fresh(), kept=True, **how)
    return game, game.poll()


def said(turns: list) -> list[str]:
    return [t.text for t in turns if isinstance(t, Said)]


def write_kept(folders: Folders, session: Session) -> None:
    folders.games.mkdir(parents=True, exist_ok=True)
    game_path(folders.games, session.spec.name).write_text(game_text(saved_game(session)), encoding="utf-8")


def save_of_another_game(j: Journal) -> tuple[Session, Path]:
    """A game in the player's saves folder that the kept game does not hold."""
    other = played("eight", moves=5, seed=9)
    saved = j.saved_path(other.spec)
    saved.parent.mkdir(parents=True)
    saved.write_text(game_text(saved_game(other)), encoding="utf-8")
    return other, saved


def test_a_kept_game_comes_back_whole_and_says_so(folders):
    before = played("eight", moves=4)
    write_kept(folders, before)
    game, turns = kept(inline(folders))
    assert turns[0] is TAKEN and said(turns) == ["Your game as you left it: U takes back its moves, N starts a new "
                                                 "one."]
    assert not game.resuming
    assert game.session.position == before.position and game.session.history == before.history
    assert game.session.undo() and game.session.position == before.history[-2].position


def test_a_position_asked_for_follows_the_kept_game_as_a_new_game(folders):
    before = played("eight", moves=3)
    write_kept(folders, before)
    start = catalog.puzzle("eight").start
    game, turns = kept(inline(folders), fresh(position=start), position=start, message="From the menu.")
    assert said(turns) == ["From the menu."]
    s = game.session
    assert s.position == start and len(s.history) == len(before.history) + 1
    assert s.undo() and s.position == before.position   # the game there was, one undo away


def test_with_nothing_kept_the_game_stays_as_it_was_and_nothing_is_said(folders):
    session = fresh()
    game, turns = kept(inline(folders), session)
    assert turns == [TAKEN] and game.session is session


def test_a_saved_game_to_open_follows_the_kept_game(folders):
    mine, theirs = played("eight", moves=3, seed=1), played("eight", moves=5, seed=2)
    write_kept(folders, mine)
    game, turns = kept(inline(folders), load=saved_game(theirs))
    s = game.session
    assert s.position == theirs.position
    events = s.update(0.0)
    assert [e.message for e in events if e.kind is EventKind.DEAL] == [
        "Opened a saved game of 8-puzzle: undo past its start brings back your game."]
    while s.undo():
        pass
    assert s.position == mine.history[0].position


def test_a_change_is_written_once_and_marks_on_the_board_are_help(folders):
    j = inline(folders)
    game, _ = kept(j)
    s = game.session
    s.play(s.legal_moves()[0])
    game.keep(marks=True)
    assert s.notes.marks
    run(j, 1.0)
    path = game_path(folders.games, "eight")
    assert read_game(path.read_text(encoding="utf-8")).position == s.position
    path.unlink()
    game.keep(marks=True)   # nothing changed since: nothing to write
    run(j, 1.0)
    assert not path.exists() and not j.busy()


def test_leaving_writes_the_game_at_once(folders):
    j = inline(folders)
    game, _ = kept(j)
    s = game.session
    s.play(s.legal_moves()[0])
    game.leave()
    assert read_game(game_path(folders.games, "eight").read_text(encoding="utf-8")).position == s.position


def test_a_win_is_recorded_once(folders):
    j = inline(folders)
    spec = catalog.get("eight")
    goal = spec.puzzle.goals()[0]
    _, before = next(spec.puzzle.predecessors(goal))
    game, _ = kept(j, fresh(position=before))
    s = game.session
    s.play(next(m for m, after in spec.puzzle.successors(before) if after == goal))
    win = s.result()
    assert win is not None
    game.record(win)
    game.record(s.result())   # the same game: already recorded
    assert j.records.puzzles["eight"] and s.notes.recorded
    assert sum(record.solved for record in j.records.puzzles["eight"].values()) == 1


def test_ctrl_s_asks_before_another_games_save_is_replaced_and_esc_keeps_it(folders):
    j = inline(folders)
    other, saved = save_of_another_game(j)
    game, _ = kept(j)
    game.session.play(game.session.legal_moves()[0])
    asked = game.save()
    assert game.asking and asked[0].tone is Tone.ACCENT and "Ctrl+S again or Enter replaces it" in asked[0].text
    answered, turns = game.answer(Intent.BACK)
    assert answered and said(turns) == ["Your saved game is kept as it was; this game was not saved."]
    assert not game.asking and read_game(saved.read_text(encoding="utf-8")).position == other.position
    game.save()
    answered, turns = game.answer(Intent.SAVE)
    assert answered and said(turns)[0].startswith(f"Saved as {saved} (Ctrl+O opens it again); the file it replaced")
    assert read_game(saved.read_text(encoding="utf-8")).position == game.session.position
    assert read_game(saved.with_name("eight.txt.replaced").read_text(encoding="utf-8")).position == other.position


def test_another_key_withdraws_the_question(folders):
    j = inline(folders)
    other, saved = save_of_another_game(j)
    game, _ = kept(j)
    game.save()
    assert game.answer(Intent.UNDO) == (False, [Said("")])   # the message line is cleared, the key does its job
    assert not game.asking and read_game(saved.read_text(encoding="utf-8")).position == other.position


def test_ctrl_o_opens_the_save_after_the_game_so_far(folders):
    j = inline(folders)
    game, _ = kept(j)
    s = game.session
    s.play(s.legal_moves()[0])
    saved_at = s.position
    assert said(game.save()) == [f"Saved as {j.saved_path(s.spec)} (Ctrl+O opens it again)."]
    s.play(s.legal_moves()[0])
    assert game.open_saved() == [TAKEN]
    assert s.position == saved_at
    assert [e.message for e in s.update(0.0) if e.kind is EventKind.DEAL] == [
        "Opened eight.txt: undo past its start brings back the game before."]


def test_ctrl_o_without_a_save_says_where_one_would_be(folders):
    game, _ = kept(inline(folders))
    turns = game.open_saved()
    assert turns == [Said(f"There is no saved game of 8-puzzle in {folders.saves} yet: Ctrl+S saves one.",
                          refused=True)]


def test_a_window_that_keeps_nothing_refuses_to_save_or_open(folders):
    j = Journal(Service(Where.INLINE), enabled=False, folders=folders)
    game, turns = kept(j)
    assert turns == [] and not game.kept
    refusal = [Said("Games are not kept in this window.", refused=True)]
    assert game.save() == refusal and game.open_saved() == refusal
    assert not folders.saves.exists()


def test_a_saved_game_opens_only_in_its_own_puzzle():
    with pytest.raises(ValueError):
        adopt(fresh("eight"), saved_game(played("goat", moves=2)))


def test_a_restored_session_goes_on_where_it_stopped():
    before = played("eight", moves=4)
    before.undo()
    before.elapsed = 12.5
    s = restored(saved_game(before), service=Service(Where.INLINE))
    assert s.history == before.history and s.cursor == before.cursor and s.elapsed == 12.5
    assert s.update(0.0) == [] and s.redo()
