"""Playing the effects: a volume, a mute, and a mixer that may never come.

The :class:`SoundPlayer` is what the game calls (``play(kind.sound)``, ``play(WIN)``); it asks its
output for a sound and starts it at the volume the settings give and the sound's own level, or
does nothing: when muted, at volume 0, before the output is ready, or when there is no audio
device at all. Starting a sound never waits: the mixer plays it on its own thread.

The mixer is opened off the window's thread, once, after the window's first frame; every sound the
families declare is synthesized then (one declared later, on its first play). Where that fails (no device, no driver, no mixer in this pygame) the
game is silent and says nothing: a game without sound is still the whole game.
"""
from __future__ import annotations

import contextlib
import os
import sys
import threading
from typing import Any, Callable, Iterator, Protocol

from game.common.i18n import _
from game.keeping.settings import VOLUME_STEP
from game.common.synth import NO, RATE, SLIDE, WIN, Sound as Effect, synthesize, to_format
from game.families import registry

CHANNELS = 16      # effects that may sound at once (a fast solve overlaps a few)


class Channel(Protocol):
    def set_volume(self, value: float) -> None: ...


class Sound(Protocol):
    def play(self) -> Channel | None: ...


class Output(Protocol):
    """Where sounds come from: the mixer's sound for an effect (None: this one cannot be played)."""

    def sound(self, effect: Effect) -> Sound | None: ...


def gain(volume: int) -> float:
    """The loudness of a volume setting (0 to 100): by its square, as ears hear steps evenly."""
    return (max(0, min(100, volume)) / 100.0) ** 2


class SoundPlayer:
    """The effects at the player's volume; silent until an output is attached, and whenever muted."""

    def __init__(self, volume: int = 70, muted: bool = False, output: Output | None = None) -> None:
        self.volume = max(0, min(100, volume))
        self.muted = muted
        self.output = output          # set once by the thread that opens the mixer (a plain assignment)
        self.opening: threading.Thread | None = None

    @property
    def ready(self) -> bool:
        return self.output is not None

    @property
    def unavailable(self) -> bool:
        """The output was looked for and there is none (no device): the game stays silent."""
        opening = self.opening
        return opening is not None and not opening.is_alive() and self.output is None

    def play(self, effect: Effect) -> bool:
        """Start ``effect``; True if a sound was started."""
        output = self.output
        if output is None or self.muted or self.volume <= 0:
            return False
        sound = output.sound(effect)
        if sound is None:
            return False
        try:
            channel = sound.play()
            if channel is None:      # every channel busy: this one is skipped
                return False
            channel.set_volume(effect.level * gain(self.volume))
        except Exception:  # noqa: BLE001 - a device that goes away mid-game leaves the game silent, not broken
            self.output = None
            return False
        return True

    def step_volume(self, up: bool) -> int:
        """A step louder or softer (0 to 100); turning it up unmutes. Returns the new volume."""
        self.volume = max(0, min(100, (self.volume // VOLUME_STEP + (1 if up else -1)) * VOLUME_STEP))
        if up:
            self.muted = False
        return self.volume

    def set_level(self, volume: int, muted: bool) -> None:
        """The level the settings screen chose (0 to 100, and whether muted)."""
        self.volume, self.muted = max(0, min(100, volume)), muted

    def toggle(self) -> bool:
        """Sound off, or back on (at half volume if it had been turned all the way down); True if on."""
        if self.muted or self.volume == 0:
            self.muted = False
            self.volume = self.volume or 50
            return True
        self.muted = True
        return False

    def describe(self) -> str:
        """How the sound is set, in a few words ("Sound 70%", "Sound off")."""
        if self.muted or self.volume == 0:
            return _("Sound off")
        return _("Sound {volume}%").format(volume=self.volume)

    # -- opening the mixer -----------------------------------------------------------------------
    def open_in_background(self, opener: Callable[[], Output | None] | None = None) -> None:
        """Open the output on a thread of its own; until it is ready, effects are skipped."""
        if self.opening is not None:
            return
        make = opener or open_mixer

        def run() -> None:
            try:
                output = make()
            except Exception:  # noqa: BLE001 - no sound to be had: a silent game, never a traceback
                return
            if output is not None:
                self.output = output

        self.opening = threading.Thread(target=run, name="sound", daemon=True)
        self.opening.start()

    def close(self, wait: float = 0.5) -> None:
        """Stop playing and let the mixer go (waiting a little for an opening still under way)."""
        if self.opening is not None:
            self.opening.join(wait)
        output, self.output = self.output, None
        closer = getattr(output, "close", None)
        if closer is not None:
            with contextlib.suppress(Exception):
                closer()


class MixerOutput:
    """pygame's mixer with the effects made for its format (each made once, on first use)."""

    def __init__(self, mixer: Any, make: Callable[[Effect], Any]) -> None:
        self.mixer = mixer
        self.make = make
        self.sounds: dict[Effect, Any] = {}

    def sound(self, effect: Effect) -> Sound | None:
        if effect not in self.sounds:
            self.sounds[effect] = self.make(effect)
        return self.sounds[effect]

    def close(self) -> None:
        self.mixer.stop()
        self.mixer.quit()


def open_mixer() -> MixerOutput | None:
    """pygame's mixer, opened, with every effect ready; None (and nothing said) where there is no
    sound to be had: no device, no driver, or a pygame without its mixer."""
    try:
        import pygame
        import pygame.sndarray
        mixer = pygame.mixer
        with _quiet_stderr():   # audio libraries print their own complaints when no device exists
            mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
        got = mixer.get_init()
        if not got:
            return None
        rate, size, channels = got
        mixer.set_num_channels(CHANNELS)
        if to_format(synthesize(SLIDE, rate), size, channels) is None:   # a format this cannot write
            mixer.quit()
            return None

        def make(effect: Effect) -> Any:
            data = to_format(synthesize(effect, rate), size, channels)
            return pygame.sndarray.make_sound(data) if data is not None else None

        output = MixerOutput(mixer, make)
        for effect in every_effect():
            output.sound(effect)
        return output
    except Exception:  # noqa: BLE001 - any failure to get sound means a silent game, never a broken one
        with contextlib.suppress(Exception):
            import pygame
            pygame.mixer.quit()
        return None


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The process's standard error sent nowhere for a moment (POSIX; elsewhere, as it is). C
    libraries write there directly (ALSA: "cannot find card '0'..."), past Python's sys.stderr."""
    if os.name != "posix":
        yield
        return
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def every_effect() -> list[Effect]:
    """The game's own sounds and every kind of move's, each once."""
    effects = [NO, WIN, SLIDE]
    for family in registry.families():
        effects += [kind.sound for kind in family.kinds if kind.sound not in effects]
    return effects
