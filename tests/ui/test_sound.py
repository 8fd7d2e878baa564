"""Sound effects: made by the program (finite, silent at both ends, never clipping, one sound per
kind), put in the mixer's format, played at the player's volume; a game without a sound device,
or with one that fails, is silent and whole."""
from __future__ import annotations

import itertools
import threading

import numpy as np
import pygame
import pytest

from game.catalog import registry as catalog
from game.rules.puzzle import Move
from game.midend.session import Event, EventKind
from game.keeping.settings import VOLUME_STEP
from game.ui.audio import SoundPlayer, effect_for, move_effect, open_mixer
from game.ui.audio.player import MixerOutput, every_effect, gain
from game.common.synth import FADE, NO, PEAK, RATE, SLIDE, WIN, Sound, synthesize, to_format
from game.families import registry
from game.rules.puzzle import Board, Puzzle, Symbols
from solvers.rules import Rule, RuleSet

EFFECTS = {effect.name: effect for effect in every_effect()}

from .helpers import centre, click, frames, key, open_puzzle


# -- the effects ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(EFFECTS))
@pytest.mark.parametrize("rate", [8000, 11025, 16000, 22050, 32000, RATE, 48000, 96000])
def test_every_effect_is_finite_silent_at_both_ends_and_never_clips(name, rate):
    wave = synthesize(EFFECTS[name], rate)
    assert wave.dtype == np.float32 and wave.ndim == 1
    assert 0.03 * rate < len(wave) < 2.0 * rate
    assert np.all(np.isfinite(wave))
    peak = float(np.max(np.abs(wave)))
    assert PEAK * 0.99 <= peak <= PEAK + 1e-6 <= 0.9 + 1e-6
    assert wave[0] == 0.0 and wave[-1] == 0.0
    fade = int(FADE * rate)     # no click: within the fades, under a straight ramp from 0 (to a little over
    ramp = 1.25 * PEAK * np.arange(fade) / (fade - 1) + 1e-6   # the peak: a knock is loudest within its fade)
    assert np.all(np.abs(wave[:fade]) <= ramp) and np.all(np.abs(wave[::-1][:fade]) <= ramp)


def test_the_same_effect_is_the_same_every_time():
    for effect in EFFECTS.values():
        assert np.array_equal(synthesize(effect), synthesize(effect))


def _likeness(a: np.ndarray, b: np.ndarray) -> float:
    """The best normalised cross-correlation of two sounds at any offset (1: the same sound)."""
    a, b = a.astype(np.float64), b.astype(np.float64)
    n = len(a) + len(b)
    c = np.fft.irfft(np.fft.rfft(a, n) * np.conj(np.fft.rfft(b, n)), n)
    return float(np.max(np.abs(c)) / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_each_kind_has_a_sound_of_its_own():
    waves = {name: synthesize(effect) for name, effect in EFFECTS.items()}
    kinds = {kind.label: kind for family in registry.families() for kind in family.kinds}
    assert {kind.sound.name for kind in kinds.values()} | {"no", "win"} == set(EFFECTS)
    assert {"slide", "block", "jump", "hop", "pair"} <= set(kinds)   # and the kinds of every other family
    for a, b in itertools.combinations(waves, 2):
        assert _likeness(waves[a], waves[b]) < 0.8, (a, b)
    assert _likeness(waves["slide"], waves["slide"]) > 0.999


SIZES = {-16: (np.int16, 0, 32767), 16: (np.uint16, 32768, 65535), -8: (np.int8, 0, 127), 8: (np.uint8, 128, 255),
         32: (np.float32, 0.0, 1.0), -32: (np.int32, 0, 2147483647)}


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("channels", [1, 2, 6])
def test_samples_go_into_every_mixer_format(size, channels):
    dtype, silence, top = SIZES[size]
    wave = np.array([0.0, 1.0, -1.0, 0.5, 3.0, -3.0], dtype=np.float32)
    data = to_format(wave, size, channels)
    assert data is not None and data.dtype == dtype and data.flags["C_CONTIGUOUS"]
    assert data.shape == ((6,) if channels == 1 else (6, channels))
    column = data if channels == 1 else data[:, 0]
    if channels > 1:
        assert all(np.array_equal(column, data[:, c]) for c in range(channels))
    assert column[0] == pytest.approx(silence, abs=1)
    assert column[1] == pytest.approx(top, rel=1e-6, abs=1) and column[4] == column[1]   # clipped, not wrapped
    assert column[5] == column[2] and column[2] < silence < column[1]
    assert column[1] - silence == pytest.approx(silence - column[2], abs=1)


def test_an_unknown_format_is_none():
    assert to_format(synthesize(SLIDE), 24, 2) is None and to_format(synthesize(SLIDE), 0, 1) is None


# -- the player ---------------------------------------------------------------------------------------------

class FakeChannel:
    def __init__(self) -> None:
        self.volume: float | None = None

    def set_volume(self, value: float) -> None:
        self.volume = value


class FakeSound:
    def __init__(self, busy: bool = False, fails: bool = False) -> None:
        self.busy, self.fails = busy, fails
        self.channels: list[FakeChannel] = []

    def play(self) -> FakeChannel | None:
        if self.fails:
            raise pygame.error("the audio device went away")
        if self.busy:
            return None
        channel = FakeChannel()
        self.channels.append(channel)
        return channel


class FakeOutput:
    def __init__(self, **kw) -> None:
        self.sounds = {name: FakeSound(**kw) for name in EFFECTS}
        self.closed = False

    def sound(self, effect: Sound) -> FakeSound | None:
        return self.sounds.get(effect.name)

    def close(self) -> None:
        self.closed = True


def test_an_effect_plays_at_its_level_times_the_players_gain():
    out = FakeOutput()
    player = SoundPlayer(60, output=out)
    assert player.ready and player.play(EFFECTS["jump"])
    assert out.sounds["jump"].channels[0].volume == pytest.approx(EFFECTS["jump"].level * 0.36)
    assert not player.play(Sound("nonsense", lambda rate: np.zeros(10)))


def test_muted_or_at_zero_nothing_plays():
    out = FakeOutput()
    assert not SoundPlayer(70, muted=True, output=out).play(SLIDE)
    assert not SoundPlayer(0, output=out).play(SLIDE)
    assert not SoundPlayer(70).play(SLIDE)                     # no output yet
    assert all(not sound.channels for sound in out.sounds.values())


def test_a_busy_mixer_skips_the_effect():
    assert not SoundPlayer(70, output=FakeOutput(busy=True)).play(WIN)


def test_gain_grows_with_the_square_of_the_volume():
    assert gain(0) == 0.0 and gain(100) == 1.0 and gain(50) == pytest.approx(0.25)
    assert gain(-20) == 0.0 and gain(400) == 1.0
    levels = [gain(v) for v in range(0, 101, VOLUME_STEP)]
    assert levels == sorted(levels) and len(set(levels)) == len(levels)


def test_volume_steps_stay_between_0_and_100_and_turning_up_unmutes():
    player = SoundPlayer(75, muted=True)
    assert player.step_volume(True) == 80 and not player.muted
    assert player.step_volume(False) == 70
    for _ in range(20):
        player.step_volume(True)
    assert player.volume == 100
    player.muted = True
    for _ in range(20):
        player.step_volume(False)
    assert player.volume == 0 and player.muted
    assert SoundPlayer(500).volume == 100 and SoundPlayer(-5).volume == 0


def test_toggle_mutes_and_brings_sound_back_at_a_volume_that_is_heard():
    player = SoundPlayer(70)
    assert player.describe() == "Sound 70%"
    assert player.toggle() is False and player.muted and player.describe() == "Sound off"
    assert player.toggle() is True and not player.muted and player.volume == 70
    quiet = SoundPlayer(0)
    assert quiet.describe() == "Sound off"
    assert quiet.toggle() is True and quiet.volume == 50 and quiet.describe() == "Sound 50%"


def test_no_device_leaves_the_game_silent_and_says_so_once_asked():
    player = SoundPlayer(70)
    player.open_in_background(lambda: None)
    assert player.opening is not None
    player.opening.join(5)
    assert player.unavailable and not player.ready and not player.play(SLIDE)
    player.close()


def test_an_opener_that_fails_leaves_the_game_silent(monkeypatch):
    seen: list[BaseException] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: seen.append(args.exc_value))

    def broken():
        raise RuntimeError("no audio here")

    player = SoundPlayer(70)
    player.open_in_background(broken)
    assert player.opening is not None
    player.opening.join(5)
    assert player.unavailable and not player.play(SLIDE) and seen == []


def test_an_output_opened_in_the_background_is_used_and_closed():
    out = FakeOutput()
    gate = threading.Event()

    def slow():
        gate.wait(5)
        return out

    player = SoundPlayer(70)
    player.open_in_background(slow)
    assert not player.play(SLIDE) and not player.unavailable   # not yet: skipped, not queued
    gate.set()
    player.opening.join(5)
    assert player.ready and player.play(SLIDE)
    player.open_in_background(lambda: None)                     # opened once only
    player.close()
    assert out.closed and not player.ready


def test_a_device_that_fails_mid_game_leaves_it_silent_not_broken():
    player = SoundPlayer(70, output=FakeOutput(fails=True))
    assert player.play(EFFECTS["hop"]) is False
    assert not player.ready and player.play(EFFECTS["hop"]) is False


def test_closing_an_output_that_fails_to_close_is_quiet():
    class Stubborn(FakeOutput):
        def close(self) -> None:
            raise pygame.error("busy")

    player = SoundPlayer(70, output=Stubborn())
    player.close()
    assert not player.ready


def test_the_mixer_opens_under_the_dummy_driver_or_is_none():
    output = open_mixer()
    try:
        assert output is None or isinstance(output, MixerOutput)
        if output is not None:
            assert all(output.sound(effect) is not None for effect in EFFECTS.values())
            player = SoundPlayer(70, output=output)
            assert player.play(SLIDE) in (True, False)
    finally:
        if output is not None:
            output.close()


# -- what the game sounds like -----------------------------------------------------------------------------

def a_move_of_kind(name: str, kind: str) -> Move:
    """A legal move of the kind, from the start or a position near it."""
    puzzle = catalog.puzzle(name)
    seen, frontier = {puzzle.start}, [puzzle.start]
    while frontier:
        state = frontier.pop(0)
        for move, after in puzzle.successors(state):
            if puzzle.move_kind(move).label == kind:
                return move
            if after not in seen and len(seen) < 500:
                seen.add(after)
                frontier.append(after)
    raise AssertionError(f"no {kind} in {name}")


@pytest.mark.parametrize("name, kind, effect", [
    ("eight", "slide", "slide"), ("klotski", "block", "block"), ("traffic", "block", "block"),
    ("frogs-line-2", "jump", "jump"), ("frogs-line-2", "slide", "slide"), ("knights", "hop", "hop"),
    ("pairs", "pair", "pair"), ("guarini", "hop", "hop"),
])
def test_a_move_sounds_as_its_kind(name, kind, effect):
    puzzle = catalog.puzzle(name)
    move = a_move_of_kind(name, kind)
    assert move_effect(puzzle, move) is EFFECTS[effect]
    for event_kind in (EventKind.MOVED, EventKind.UNDO, EventKind.REDO):
        assert effect_for(Event(event_kind, move), puzzle) is EFFECTS[effect]


def test_a_move_read_from_text_sounds_as_its_kind():
    puzzle = catalog.puzzle("frogs-line-2")
    jump = puzzle.parse_move(puzzle.parse("B W . B W"), "B a1-c1")
    assert jump.rule == -1 and move_effect(puzzle, jump) is EFFECTS["jump"]


def test_a_move_of_a_kind_nobody_declared_is_refused_when_the_rules_are_built():
    """Never a slide's sound and timing by default: the kinds are declared, or the puzzle is not built."""
    rules = RuleSet([Rule((0, 1), (frozenset({1}), frozenset({0})), (1, 0), 0, 1, "spin")], 2)
    with pytest.raises(ValueError, match="spin"):
        Puzzle("spinner", "Spinner", "A move spins.", Board.rectangle(2, 1), Symbols({0: ".", 1: "S"}), rules,
               bytes([1, 0]), (bytes([0, 1]),), True, kinds=(registry.family("tiles").kinds))


def test_events_map_to_their_effects_and_the_rest_is_silent():
    puzzle = catalog.puzzle("eight")
    assert effect_for(Event(EventKind.ILLEGAL, Move(0, 4)), puzzle) is NO
    assert effect_for(Event(EventKind.SOLVED, Move(7, 8)), puzzle) is WIN
    assert effect_for(Event(EventKind.UNDO, None), puzzle) is None          # an undo back to a dead end's start
    for kind in (EventKind.HINT, EventKind.DEAL, EventKind.RESTART, EventKind.DEAD_END, EventKind.SEARCH_FAILED):
        assert effect_for(Event(kind, None), puzzle) is None


# -- in the window ---------------------------------------------------------------------------------------------

def played(out: FakeOutput) -> list[str]:
    return [name for name, sound in out.sounds.items() for _ in sound.channels]


def test_the_play_screen_sounds_moves_refusals_and_the_players_win(app):
    out = FakeOutput()
    app.sound.output = out
    s = open_puzzle(app, "eight", "1 2 3/4 5 6/. 7 8")
    click(app, centre(s, 0), settle=2)                  # tile 1 cannot move
    assert played(out) == ["no"]
    click(app, centre(s, 7))
    click(app, centre(s, 8), settle=60)                 # solved: the move, then the chord once it lands
    assert sorted(played(out)) == ["no", "slide", "slide", "win"]


def test_v_mutes_and_the_volume_keys_step_and_the_settings_follow(app):
    out = FakeOutput()
    app.sound.output = out
    s = open_puzzle(app, "eight")
    key(app, pygame.K_v)
    assert app.sound.muted and app.settings.muted and "Sound off" in app.note
    key(app, pygame.K_LEFT)
    assert played(out) == []
    key(app, pygame.K_EQUALS, pygame.KMOD_CTRL)         # louder: on again
    assert not app.sound.muted and app.settings.volume == app.sound.volume == 80
    key(app, pygame.K_MINUS, pygame.KMOD_CTRL)
    assert app.settings.volume == 70
    frames(app, 2)
    assert s.session.moves == 1
