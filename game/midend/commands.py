"""What the game's keys do to the game in progress, and what it says back, without drawing: undo and
redo, restart, a new game, the classic start, solve and its speed, the search cancelled, back to the
last winnable position, a deal at a distance, and the settings the play screen turns on and off.

Each command takes the session it acts on and returns the :class:`~game.midend.sayings.Said` sentences
for the message line (a refusal is a gentle "no": the screen shakes and sounds it).
"""
from __future__ import annotations

from typing import Callable

from game.catalog.spec import PuzzleSpec
from game.common.i18n import N_, _, ngettext
from game.keeping.settings import Settings
from game.midend.intent import Intent
from game.midend.panel import shown_deal_distance
from game.midend.sayings import Said, Tone
from game.midend.session import Session

__all__ = ["GameCommands", "TOGGLES"]

# the settings a key toggles, with what the game says when it turns on / off
TOGGLES = {Intent.MOTION: ("reduce_motion", N_("Reduced motion on."), N_("Full motion on.")),
           Intent.ARROWS: ("arrows_move_gap", N_("Arrows now move the gap."), N_("Arrows now move the tile.")),
           Intent.HIDE_ANSWER: ("hide_answer", N_("The answer is hidden: no count, no marks. H and S still answer."),
                                N_("The answer shows again."))}


class GameCommands:
    """The commands of one puzzle's play screen; ``toggle`` flips a setting (and returns it), ``save``
    writes the settings after a change made in place. Each puzzle keeps its own deal distance."""

    def __init__(self, spec: PuzzleSpec, settings: Settings, toggle: Callable[[str], bool],
                 save: Callable[[], None]) -> None:
        self.spec = spec
        self.settings = settings
        self._toggle = toggle
        self._save = save
        chosen = settings.deal_distances.get(spec.name)
        self.deal_distance = max(1, chosen if chosen is not None else settings.deal_distance)

    # -- moves back and forth ---------------------------------------------------------------------
    def undo(self, s: Session) -> list[Said]:
        return [] if s.undo() else [Said(_("Nothing to undo."), refused=True)]

    def redo(self, s: Session) -> list[Said]:
        return [] if s.redo() else [Said(_("Nothing to redo."), refused=True)]

    def restart(self, s: Session) -> list[Said]:
        s.restart()
        return [Said(_("Back to the start (U undoes it)."))]

    def back_to_winnable(self, s: Session) -> list[Said]:
        if s.undo_to_last_winnable():
            return []
        return [Said(_("Ask for a hint first (H): it finds the last position that can still win."), refused=True)]

    # -- new games -----------------------------------------------------------------------------------
    def new_game(self, s: Session) -> list[Said]:
        chosen = self.spec.name in self.settings.deal_distances
        return [Said(s.deals.new_game(self.shown_deal_distance(s) if chosen else None))]

    def classic_start(self, s: Session) -> list[Said]:
        if not self.spec.dealer.one_start:
            return [Said(_("{title} has no single start: N shuffles, D deals at a distance.")
                         .format(title=_(self.spec.title)), refused=True)]
        s.deals.classic_start()
        return [Said(_("The classic start."))]

    def shown_deal_distance(self, s: Session) -> int:
        return shown_deal_distance(s, self.deal_distance)

    def change_deal_distance(self, s: Session, step: int) -> list[Said]:
        top = s.deals.limit()
        d = max(1, self.deal_distance + step)
        self.deal_distance = d if top is None else min(d, top)
        self.settings.deal_distances[self.spec.name] = self.deal_distance
        self._save()
        return []

    def deal_at(self, s: Session) -> list[Said]:
        d = self.shown_deal_distance(s)
        if not s.deals.possible():
            return [Said(_("The table is still loading: try again in a moment."), Tone.NOPE)]
        if not s.deals.at_distance(d):
            return [Said(ngettext("There is no position {n:,} move from the goal.",
                                  "There is no position {n:,} moves from the goal.", d).format(n=d), Tone.NOPE)]
        if s.deals.seeking is not None:
            return [Said(ngettext("Looking for a position {n:,} move from the goal…",
                                  "Looking for a position {n:,} moves from the goal…", d).format(n=d))]
        return []

    # -- the solver ------------------------------------------------------------------------------------
    def hint(self, s: Session) -> list[Said]:
        s.request_hint(answer_shown=not self.settings.hide_answer)   # what the hint is comes as the session's event
        return []

    def step(self, s: Session) -> list[Said]:
        s.step()
        return []

    def solve(self, s: Session) -> list[Said]:
        said = [Said(_("Already solved: press R to restart or N for a new game."))] if s.solved else []
        s.start_solve()
        return said

    def pause(self, s: Session) -> list[Said]:
        if s.playback is not None:
            s.autosolve.toggle_pause()
        elif s.job is None and not s.solved:
            s.start_solve()
        return []

    def change_speed(self, s: Session, faster: bool) -> list[Said]:
        if faster:
            s.autosolve.faster()
        else:
            s.autosolve.slower()
        speed = s.autosolve.speed
        return [Said(ngettext("Solve speed: {speed:g} move a second.", "Solve speed: {speed:g} moves a second.",
                              1 if speed == 1 else 2).format(speed=speed))]

    def cancel(self, s: Session) -> list[Said]:
        if s.job is None and s.waiting is None:
            return []
        s.cancel_search()
        return [Said(_("Search cancelled."))]

    # -- settings ------------------------------------------------------------------------------------------
    def toggle(self, intent: Intent) -> list[Said]:
        name, on_text, off_text = TOGGLES[intent]
        return [Said(_(on_text) if self._toggle(name) else _(off_text))]

    def toggle_marks(self) -> list[Said]:
        """Move marks on or off (they need a complete table)."""
        if self.settings.hide_answer:
            return [Said(_("Move marks are hidden with the answer: F shows them again."))]
        if not self._toggle("move_marks"):
            return [Said(_("Move marks off."))]
        if not self.spec.oracle.exact:
            return [Said(_("Move marks need a complete table: {title} has too many positions for one.")
                         .format(title=_(self.spec.puzzle.title)), Tone.NOPE)]
        return [Said(_("Move marks on: every move shows whether it gets closer, farther, or into a dead end."))]
