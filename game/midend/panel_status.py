"""The play panel's message area in each state: dealing, waiting for the table, searching (and the
question when the player moves on during a search), solving or paused, dead end, hint, solved, and
at rest what the count means. Every state says a title, a line or two of detail and at most one row
of buttons, so the area, whose height is reserved, holds any of them."""
from __future__ import annotations

from game.common.i18n import _, ngettext
from game.common.phrase import translated
from game.midend.ladder import Step
from game.midend.intent import Intent
from game.midend.panel_types import BoxKind, BoxLine, ButtonModel, Role, StatusBox, button
from game.midend.sayings import Tone
from game.midend.session import Purpose, Session
from game.oracles.base import OracleStatus, Phase

__all__ = ["progress_words", "status_box"]


def _box(kind: BoxKind, title: str, detail: str, buttons: tuple[ButtonModel, ...] = (), *, spinning: bool = False,
         title_tone: Tone = Tone.TEXT, title_role: Role = Role.BODY) -> StatusBox:
    return StatusBox(kind, (BoxLine(title, title_role, title_tone), BoxLine(detail, Role.TINY, Tone.MUTED)), buttons,
                     spinning)


def _cancel() -> tuple[ButtonModel, ...]:
    return (button("cancel", _("Cancel"), Intent.CANCEL),)


def status_box(s: Session, status: OracleStatus, hidden: bool = False) -> StatusBox:
    """The first state that applies, with the table's build progress in the bar whatever it says. A
    dead end the table knows is said at once, unless the answer is hidden (then only when asked)."""
    box = _activity(s) or _outcome(s, hidden) or _at_rest(s, status, hidden)
    bar, tone = _table_bar(s, status)
    if bar is None:
        return box
    return StatusBox(box.kind, box.lines, box.buttons, box.spinning, bar, tone)


def _table_bar(s: Session, status: OracleStatus) -> tuple[float | None, Tone]:
    if status.phase is not Phase.BUILDING:
        return None, Tone.ACCENT
    return status.fraction, Tone.HINT if s.oracle.exact else Tone.ACCENT


def _activity(s: Session) -> StatusBox | None:
    """Work under way: a deal searched, a question waiting for the table, a search, the solver playing."""
    job, playback = s.job, s.playback
    if job is not None and s.deals.seeking is not None:
        n = s.deals.seeking
        return _box(BoxKind.DEALING,
                    ngettext("Dealing {n:,} move from the goal", "Dealing {n:,} moves from the goal", n).format(n=n),
                    progress_words(job.elapsed, job.text), _cancel(), spinning=True)
    if s.waiting is not None:
        presses = s.hint_presses if s.waiting is Purpose.HINT else 0
        detail = (ngettext("H pressed {n:,} time: that many steps of the hint the moment every position is solved.",
                           "H pressed {n:,} times: that many steps of the hint the moment every position is solved.",
                           presses).format(n=presses) if presses > 1
                  else _("It answers the moment every position is solved; the clock stands meanwhile."))
        return _box(BoxKind.SEARCHING,
                    _("Hint: waiting for the table") if s.waiting is Purpose.HINT else _("Solve: waiting for the table"),
                    detail, _cancel(), spinning=True)
    if job is not None and s.searching_elsewhere:
        return _elsewhere(s)
    if job is not None:
        return _box(BoxKind.SEARCHING, _("Hint: searching") if s.purpose is Purpose.HINT else _("Solve: searching"),
                    progress_words(job.elapsed, job.text), _cancel(), spinning=True)
    if playback is not None:
        left = len(playback.remaining)
        if playback.given and not playback.paused:
            title = ngettext("Watching: {n:,} move left", "Watching: {n:,} moves left", left).format(n=left)
        elif not playback.proven:
            title = ngettext("Shortest found, not proven: {n:,} move left",
                             "Shortest found, not proven: {n:,} moves left", left).format(n=left)
        elif playback.paused:
            title = ngettext("Paused: {n:,} move left", "Paused: {n:,} moves left", left).format(n=left)
        else:
            title = ngettext("Solving: {n:,} move left", "Solving: {n:,} moves left", left).format(n=left)
        if playback.paused:
            detail = _("Space plays on, . one move. Any move of yours takes over.")
        else:
            detail = _("{speed:g} moves a second. Any move of yours takes over.").format(speed=playback.speed)
        return _box(BoxKind.PAUSED if playback.paused else BoxKind.SOLVING, title, detail, _solve_buttons())
    return None


def _elsewhere(s: Session) -> StatusBox:
    """The player moved on while a search from an earlier position ran: it goes on unless stopped, and
    its answer serves the moment the player is back there."""
    job = s.job
    assert job is not None
    if s.keep_asked:
        return _box(BoxKind.ASKING, _("Keep searching?"),
                    _("It searches from where you were: its answer serves when you are back (U)."),
                    # Translators: buttons answering "Keep searching?": go on searching from the position before, or stop
                    (button("keep", _("Keep"), Intent.CONFIRM), button("cancel", _("Stop"), Intent.CANCEL)),
                    spinning=True)
    return _box(BoxKind.SEARCHING, _("Searching where you were"), progress_words(job.elapsed, job.text), _cancel(),
                spinning=True)


def _outcome(s: Session, hidden: bool) -> StatusBox | None:
    """What the game has come to: a dead end, a hint shown, a win."""
    hint = s.hint_info
    if (hint is not None and hint.dead_end) or (hint is None and not hidden and s.exact and s.known_dead_end()):
        return _dead_end_box(s)
    if hint is not None and hint.move is not None:
        left = hint.distance or 0
        to_go = (ngettext("{n:,} move to go from here.", "{n:,} moves to go from here.", left) if hint.proven else
                 ngettext("Shortest found: {n:,} move to go, not proven.",
                          "Shortest found: {n:,} moves to go, not proven.", left)).format(n=left)
        if hint.step < Step.MOVE:   # the ladder's lower steps: the next press tells one step more
            title = _("Hint: move the highlighted piece") if hint.step is Step.PIECE else _("Hint: how far the goal is")
            detail = to_go if hint.step is Step.PIECE else hint.words(s.spec, s.position)
            # Translators: a button: the next step of the hint ladder
            return _box(BoxKind.HINT, title, detail, (button("play-hint", _("More"), Intent.HINT, primary=True),))
        return _box(BoxKind.HINT, _("Hint: the highlighted move"), to_go,
                    # Translators: a button: play the move the hint shows
                    (button("play-hint", _("Play it"), Intent.HINT, primary=True),))
    if s.solved:
        win = s.result()
        helped = win is not None and not win.own
        title = (_("Solved by the solver") if win is not None and win.by_solver
                 else _("Solved with help") if helped else _("Solved!"))
        # Translators: a button: the review of the game just played
        return _box(BoxKind.SOLVED, title, _("N for a new game, R to restart."), (button("review", _("Review"),
                                                                                          Intent.REVIEW),),
                    title_tone=Tone.HINT if helped else Tone.GOOD)
    return None


def _at_rest(s: Session, status: OracleStatus, hidden: bool) -> StatusBox:
    """Nothing under way: how far the tables are, or what the count means and how to find out."""
    exact = s.oracle.exact
    if status.phase is Phase.BUILDING and not exact:
        return _box(BoxKind.IDLE, _("Building tables: {fraction:.0%}").format(fraction=status.fraction),
                    _("First run only. Hints use a simpler heuristic meanwhile."))
    if status.phase is Phase.BUILDING:
        return _box(BoxKind.IDLE, _("Solving every position: {fraction:.0%}").format(fraction=status.fraction),
                    _("Then the count is live and exact."))
    if status.phase is Phase.LOADING and exact:
        return _box(BoxKind.IDLE, _("Loading the table…"), _("Every position of this puzzle, solved once."),
                    spinning=True)
    if status.phase is Phase.FAILED:
        return _box(BoxKind.IDLE, _("No table: answers are searched"),
                    _("H and S search from the board's position; the analysis (A) says why."))
    if hidden and not s.solved:
        return _box(BoxKind.IDLE, _("The answer is hidden"), _("F shows it; H and S still answer when asked."))
    if s.exact:
        return _box(BoxKind.IDLE, _("Live count, exact"), _("Every position is solved: the count follows each move."))
    return _box(BoxKind.IDLE, _("Fewest to goal: ask"), _("H shows an optimal move, S plays an optimal solution."))


def progress_words(seconds: float, progress: str) -> str:
    """A running search's line: its time and what it says it is doing."""
    # Translators: seconds a search has run, and what it reports ("2.5 s, searching… 1,200 nodes")
    return _("{seconds:.1f} s, {progress}").format(seconds=seconds, progress=translated(progress))


def _solve_buttons() -> tuple[ButtonModel, ...]:
    """One row under the solver's playback: a single move, stop, slower and faster (the main Solve
    button pauses and resumes)."""
    # Translators: buttons of the solver's playback: play one move, stop playing
    return (button("step", _("Step"), Intent.STEP), button("stop", _("Stop"), Intent.BACK),
            button("slower", "-", Intent.SLOWER, key="", centred=True),
            button("faster", "+", Intent.FASTER, key="", centred=True))


def _dead_end_box(s: Session) -> StatusBox:
    hint = s.hint_info
    # Translators: a button: back to the last position of this game from which the goal can be reached
    back = (button("winnable", _("Back to winnable"), Intent.WINNABLE, primary=True),)
    buttons: tuple[ButtonModel, ...]
    if hint is not None and hint.last_winnable is not None:
        n = s.cursor - hint.last_winnable
        more, buttons = ngettext("Undo {n:,} move to win again.", "Undo {n:,} moves to win again.", n).format(n=n), back
    elif hint is None:
        more, buttons = _("B goes back to the last winnable position."), back
    else:
        more, buttons = _("Restart (R) to try again."), ()
    # Translators: the title of the message area on a position from which the goal cannot be reached
    return _box(BoxKind.DEAD_END, _("Dead end: no way to the goal"), more, buttons)
