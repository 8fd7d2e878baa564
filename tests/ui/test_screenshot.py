"""The headless screenshot command, through the command line."""
import pygame
import pytest

from game.cli import main
from game.ui.scenes import records as records_module


def test_screenshot_of_a_puzzle_and_the_menu(tmp_path):
    out = tmp_path / "goat.png"
    assert main(["screenshot", "goat", str(out), "--from", "┌ ─ ┐ ▭/│ S ∥ ./└ ─ ┘ W", "--size", "800x600"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (800, 600)
    menu = tmp_path / "menu.png"
    assert main(["screenshot", "--menu", str(menu)]) == 0
    assert pygame.image.load(str(menu)).get_size() == (1280, 800)


def test_bad_input_is_one_sentence_and_exit_2(tmp_path, capsys):
    assert main(["screenshot", "eight", str(tmp_path / "x.png"), "--from", "1 2 3/4 5 6/8 7 ."]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "Traceback" not in err and err.count("\n") == 1
    assert main(["screenshot", "eight", str(tmp_path / "x.png"), "--size", "big"]) == 2
    assert main(["play", "nosuch"]) == 2


def _pixels(path) -> bytes:
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def test_screenshots_of_the_help_card_the_records_and_a_saved_game(tmp_path):
    plain, rules = tmp_path / "plain.png", tmp_path / "rules.png"
    assert main(["screenshot", "goat", str(plain), "--size", "800x600"]) == 0
    assert main(["screenshot", "goat", str(rules), "--size", "800x600", "--rules"]) == 0
    assert _pixels(plain) != _pixels(rules)
    assert main(["screenshot", "--records", str(tmp_path / "records.png")]) == 0
    game = tmp_path / "game.txt"
    game.write_text("# Fewest Moves saved game\npuzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n8 c3-b3\n")
    start, loaded = tmp_path / "start.png", tmp_path / "loaded.png"
    assert main(["screenshot", "eight", str(start), "--from", "1 2 3/4 5 6/7 . 8"]) == 0
    assert main(["screenshot", "--load", str(game), str(loaded)]) == 0
    assert _pixels(start) != _pixels(loaded)


def test_play_and_screenshot_refuse_a_bad_saved_game_in_one_sentence(tmp_path, capsys):
    game = tmp_path / "game.txt"
    game.write_text("# Fewest Moves saved game\npuzzle: eight\nstart: 1 2 3/4 5 6/7 . 8\nmoves:\n1 a1-b3\n")
    for args in (["play", "--load", str(game)], ["screenshot", "--load", str(game), str(tmp_path / "x.png")],
                 ["play", "--load", str(tmp_path / "missing.txt")], ["play", "eight", "--load", str(game)]):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert game.read_text().endswith("1 a1-b3\n")   # the player's file stays as it was


def test_the_review_of_the_shipped_game_renders_and_needs_a_game(tmp_path, capsys):
    from pathlib import Path
    game = Path(__file__).resolve().parents[2] / "assets" / "games" / "eight-detours.txt"
    plain, review = tmp_path / "plain.png", tmp_path / "review.png"
    assert main(["screenshot", "--load", str(game), str(plain)]) == 0
    assert main(["screenshot", "--load", str(game), str(review), "--review"]) == 0
    assert _pixels(plain) != _pixels(review)
    assert main(["screenshot", "eight", str(review), "--review"]) == 2
    assert "--load" in capsys.readouterr().err


@pytest.mark.parametrize("where, said", [("draw", "not enough memory to draw the records screen (records of 1 puzzle)"),
                                         ("save", "not enough memory to save the picture of the records screen")])
def test_running_out_of_memory_says_what_ran_out_not_the_file(tmp_path, monkeypatch, capsys, where, said):
    data = tmp_path / "data"
    data.mkdir()
    (data / "records.json").write_text('{"format": 1, "puzzles": {"eight": {"start": {"solved": 1}}}}')
    monkeypatch.setenv("FEWEST_MOVES_DATA", str(data))
    monkeypatch.setenv("FEWEST_MOVES_STATE", str(tmp_path / "state"))

    def no_memory(*args, **kwargs):
        raise pygame.error("Out of memory") if where == "draw" else MemoryError()

    if where == "draw":
        monkeypatch.setattr(records_module.RecordsScene, "draw", no_memory)
    else:
        monkeypatch.setattr(pygame.image, "save", no_memory)
    assert main(["screenshot", "--records", str(tmp_path / "records.png"), "--size", "640x400"]) == 2
    err = capsys.readouterr().err
    assert said in err and "could not write" not in err.lower() and err.count("\n") == 1


def test_a_picture_that_cannot_be_written_still_says_so(tmp_path, capsys):
    assert main(["screenshot", "--menu", str(tmp_path / "no-folder" / "menu.png"), "--size", "640x400"]) == 2
    assert "could not write" in capsys.readouterr().err.lower()
