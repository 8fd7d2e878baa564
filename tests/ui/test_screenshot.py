"""The headless screenshot command, through the command line."""
import pygame

from game.cli import main


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
