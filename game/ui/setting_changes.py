"""The player's settings as they change: each change is kept, written off the window's thread, and put in
effect by whoever shows it (told through ``on_change``).

Writes run on the background service's light lane, in order, a copy sent each time, so the last change
is the one on disk. A write that fails is said once (till one succeeds) and tried again after a while:
the settings stay in effect meanwhile, and the latest of them is what is written.
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable

from game.common.background import Job, Lane, Service, Task
from game.common.i18n import _
from game.keeping.journal import RETRY
from game.keeping.settings import Settings, save_settings_task

__all__ = ["SettingChanges"]


class SettingChanges:
    """``settings`` as the player changes them (``persist``: written to the player's settings file)."""

    def __init__(self, settings: Settings, service: Service, persist: bool, on_change: Callable[[str], None],
                 trouble: Callable[[str], None]) -> None:
        self.settings = settings
        self.service = service
        self.persist = persist
        self.on_change = on_change        # a setting's name, once it changed: put it in effect
        self.trouble = trouble            # a sentence to say: the settings could not be written
        self._saving: Job[bool] | None = None     # the latest write, off the UI thread
        self._retry: float | None = None          # seconds till a write that failed is tried again
        self._told = False                        # ... and said, once till one succeeds

    def toggle(self, name: str) -> bool:
        """Flip a boolean setting, save it, and return the new value."""
        value = not getattr(self.settings, name)
        setattr(self.settings, name, value)
        self.save()
        return value

    def change(self, name: str, value: Any) -> None:
        """A setting changed (on the settings screen): kept, saved, and in effect on every screen."""
        setattr(self.settings, name, value)
        self.save()
        self.on_change(name)

    def save(self) -> None:
        """Write the settings as they are now (after a change made in place)."""
        if self.persist:
            task = Task(save_settings_task, (replace(self.settings),), "Saving the settings")
            self._saving = self.service.submit(task, Lane.LIGHT)
            self._retry = None

    def update(self, dt: float) -> None:
        """Once a frame: a write that failed is said once and tried again after a while."""
        job = self._saving
        if job is not None and job.done:
            self._saving = None
            if job.result:
                self._told = False
            else:
                self._retry = RETRY
                if not self._told:
                    self._told = True
                    self.trouble(_("Your settings could not be written; they stay as they are, and the game "
                                   "will try again shortly."))
        if self._retry is not None:
            self._retry -= dt
            if self._retry <= 0:
                self.save()

    def close(self, grace: float) -> None:
        """The window closes: one more try of settings that could not be written, and the last write
        waited for (at most ``grace`` seconds)."""
        if self._retry is not None:
            self.save()
        saving, deadline = self._saving, time.monotonic() + grace
        while saving is not None and not saving.done and time.monotonic() < deadline:
            time.sleep(0.01)
