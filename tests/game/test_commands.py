"""The play screen's commands without a window: what each key does to the game in progress and what the
game says back, a refusal marked as one."""
from __future__ import annotations

import random

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.keeping.settings import Settings
from game.midend.commands import GameCommands
from game.midend.intent import Intent
from game.midend.sayings import Said, Tone
from game.midend.session import Session
from game.oracles.base import Build


def game(name: str = "frogs-line-3", settings: Settings | None = None) -> tuple[GameCommands, Session, list[str]]:
    """The commands of ``name`` with a table ready, a session, and the settings flipped and saved."""
    spec = catalog.get(name)
    if spec.oracle.exact:
        assert spec.oracle.prepare(Build.ALWAYS)
    settings = settings or Settings()
    touched: list[str] = []

    def toggle(field: str) -> bool:
        setattr(settings, field, not getattr(settings, field))
        touched.append(field)
        return bool(getattr(settings, field))

    commands = GameCommands(spec, settings, toggle, lambda: touched.append("saved"))
    return commands, Session(spec, service=Service(Where.INLINE), rng=random.Random(4)), touched


def test_undo_and_redo_refuse_when_there_is_nothing_to_take_back():
    c, s, _ = game()
    assert c.undo(s) == [Said("Nothing to undo.", refused=True)]
    assert c.redo(s) == [Said("Nothing to redo.", refused=True)]
    s.play(s.legal_moves()[0])
    assert c.undo(s) == [] and s.moves == 0
    assert c.redo(s) == [] and s.moves == 1


def test_restart_and_the_classic_start_are_new_entries_undo_takes_back():
    c, s, _ = game()
    start = s.position
    s.play(s.legal_moves()[0])
    assert c.restart(s) == [Said("Back to the start (U undoes it).")] and s.position == start
    c.new_game(s)
    assert c.classic_start(s) == [Said("The classic start.")] and s.position == start
    assert s.undo() and s.position != start
    tiles, eight, _ = game("eight")
    assert tiles.classic_start(eight) == [Said("8-puzzle has no single start: N shuffles, D deals at a distance.",
                                               refused=True)]


def test_new_deals_at_the_distance_chosen_for_this_puzzle_only():
    c, s, touched = game()
    assert "Shift+R" in c.new_game(s)[0].text   # no distance chosen: any position the start reaches
    assert c.change_deal_distance(s, -1000) == [] and touched == ["saved"]
    assert c.deal_distance == 1        # never below one move
    c.change_deal_distance(s, 2)
    assert c.deal_distance == 3 and c.settings.deal_distances == {"frogs-line-3": 3}
    c.new_game(s)
    assert s.spec.oracle.distance(s.position) == 3
    top = s.deals.limit()
    assert top is not None
    c.change_deal_distance(s, 1000)
    assert c.deal_distance == top      # never past the farthest position there is
    assert c.deal_at(s) == [] and s.spec.oracle.distance(s.position) == top


def test_solve_speed_and_cancel_say_what_they_did():
    c, s, _ = game()
    assert c.change_speed(s, True) == [Said("Solve speed: 4 moves a second.")]
    c.change_speed(s, False)
    assert c.change_speed(s, False) == [Said("Solve speed: 1 move a second.")]
    assert c.cancel(s) == []           # nothing running: nothing to say
    assert c.solve(s) == [] and s.playback is not None
    assert c.pause(s) == [] and s.playback is not None and s.playback.paused
    assert c.pause(s) == [] and not s.playback.paused   # and on again
    while s.playback is not None:
        s.update(1.0)
    assert s.solved
    assert c.solve(s) == [Said("Already solved: press R to restart or N for a new game.")]


def test_back_to_winnable_needs_a_dead_end_found_first():
    c, s, _ = game()
    assert c.back_to_winnable(s)[0].refused


def test_toggles_flip_the_setting_and_say_which_way():
    c, s, touched = game()
    assert c.toggle(Intent.MOTION) == [Said("Reduced motion on.")]
    assert c.toggle(Intent.MOTION) == [Said("Full motion on.")] and touched == ["reduce_motion"] * 2
    assert c.toggle_marks()[0].text.startswith("Move marks on")
    assert c.toggle_marks() == [Said("Move marks off.")]
    c.settings.hide_answer = True
    assert c.toggle_marks() == [Said("Move marks are hidden with the answer: F shows them again.")]
    far, fifteen, _ = game("fifteen")
    assert far.toggle_marks() == [Said("Move marks need a complete table: 15-puzzle has too many positions for "
                                       "one.", Tone.NOPE)]
