"""The sound as the player sets it: V turns it on and off, Ctrl+- and Ctrl+= step the volume, the settings
screen sets both. The settings follow the player, the new level is heard, and a note says it."""
from __future__ import annotations

from typing import Callable

from game.common.i18n import _
from game.common.synth import SLIDE, WIN, Sound
from game.keeping.settings import Settings
from game.ui.audio.player import SoundPlayer

__all__ = ["SoundControl"]


class SoundControl:
    """``player`` set by the sound keys and the settings screen; ``save`` writes the settings, ``notify``
    says a word over any screen."""

    def __init__(self, player: SoundPlayer, settings: Settings, save: Callable[[], None],
                 notify: Callable[[str], None]) -> None:
        self.player = player
        self.settings = settings
        self.save = save
        self.notify = notify

    def toggle(self) -> None:
        """V: sound on or off (turned on, the chord says so)."""
        on = self.player.toggle()
        self._changed(WIN if on else None)

    def change_volume(self, up: bool) -> None:
        """Ctrl+= or Ctrl+-: a step louder or quieter."""
        self.player.step_volume(up)
        self._changed(SLIDE)

    def follow_settings(self) -> None:
        """The settings screen changed the volume or the mute: the player follows, and it is heard."""
        self.player.set_level(self.settings.volume, self.settings.muted)
        if not self.settings.muted:
            self.player.play(SLIDE)

    def _changed(self, sample: Sound | None) -> None:
        """Keep the settings in step with the player, let the new level be heard, and say it."""
        player = self.player
        self.settings.volume, self.settings.muted = player.volume, player.muted
        self.save()
        if sample is not None:
            player.play(sample)
        if player.unavailable and not (player.muted or player.volume == 0):
            # Translators: {sound} is how the sound is set ("Sound 70%"); then the keys that change it
            said = _("{sound} (no sound device was found) · V sound on/off · Ctrl+- / Ctrl+= volume")
        else:
            # Translators: {sound} is how the sound is set ("Sound 70%", "Sound off"); then the keys that change it
            said = _("{sound} · V sound on/off · Ctrl+- / Ctrl+= volume")
        self.notify(said.format(sound=player.describe()))
