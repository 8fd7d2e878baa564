"""What the play screen's side panel says: a pure function of the game and its oracle's status.

The panel model is plain data (frozen, comparable, no pygame): the figures, the oracle's
status line, the status box, the buttons with their labels and states, the deal row, the
toggles and the help line. The UI lays it out and draws it, and lays it out again only when
the model (or the window) changes, so the model holds nothing that changes every frame: a
spinner is a flag and the view turns it. Colours are tones that the view maps to its theme.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.common.i18n import N_, _, ngettext
from game.midend.intent import KEY_LABELS, Intent
from game.oracles.base import OracleStatus, Phase
from game.common.phrase import translated
from game.midend.sayings import Tone
from game.midend.session import Purpose, Session
from game.keeping.settings import Settings
from game.catalog.spec import InputMode

Colour = tuple[int, int, int]


class Role(Enum):
    """The size of a piece of text, largest first; the view maps it to its fonts."""

    STAT = "stat"
    HEADING = "heading"
    BODY = "body"
    SMALL = "small"
    TINY = "tiny"


class BoxKind(Enum):
    """What the status box is about: the view tints it accordingly."""

    DEALING = "dealing"
    SEARCHING = "searching"
    SOLVING = "solving"
    PAUSED = "paused"
    DEAD_END = "dead end"
    HINT = "hint"
    SOLVED = "solved"
    ILLEGAL = "illegal"      # the editor: not a position of the puzzle


@dataclass(frozen=True)
class ButtonModel:
    name: str                 # stable identity ("hint", "stop"...): two buttons may send one intent
    label: str
    intent: Intent
    key: str = ""             # the key cap shown when there is room
    enabled: bool = True
    active: bool = False      # toggled on (paused, a setting on)
    primary: bool = False
    centred: bool = False     # a one-glyph label in the middle


def button(name: str, label: str, intent: Intent, *, key: str | None = None, enabled: bool = True,
           active: bool = False, primary: bool = False, centred: bool = False) -> ButtonModel:
    """A button whose key cap defaults to the intent's key."""
    return ButtonModel(name, label, intent, KEY_LABELS.get(intent, "") if key is None else key,
                       enabled, active, primary, centred)


@dataclass(frozen=True)
class Figure:
    label: str
    value: str
    tone: Tone


@dataclass(frozen=True)
class TableStatus:
    """Under the figures: how far the oracle's tables are, or how to find out the distance."""

    text: str
    tone: Tone
    bar: float | None = None          # build progress 0..1, shown as a bar above the text
    bar_tone: Tone = Tone.ACCENT


@dataclass(frozen=True)
class BoxLine:
    text: str
    role: Role
    tone: Tone


@dataclass(frozen=True)
class StatusBox:
    kind: BoxKind
    lines: tuple[BoxLine, ...]
    buttons: tuple[ButtonModel, ...] = ()
    spinning: bool = False            # work under way: the view turns a spinner after the first line


@dataclass(frozen=True)
class DealRow:
    caption: str
    down: ButtonModel
    deal: ButtonModel
    up: ButtonModel

    @property
    def buttons(self) -> tuple[ButtonModel, ...]:
        return self.down, self.deal, self.up


@dataclass(frozen=True)
class PanelModel:
    shelf_title: str
    shelf_colour: Colour
    figures: tuple[Figure, ...]
    table: TableStatus | None
    status: StatusBox | None
    buttons: tuple[ButtonModel, ...]  # the main grid, two to a row
    deal: DealRow
    toggles: tuple[ButtonModel, ...]
    help: str
    legend: bool                      # the move marks' legend shows
    count: ButtonModel | None = None  # how moves are counted, and the switch to the next way

    def all_buttons(self) -> tuple[ButtonModel, ...]:
        box = self.status.buttons if self.status is not None else ()
        count = (self.count,) if self.count is not None else ()
        return (*box, *count, *self.buttons, *self.deal.buttons, *self.toggles)


def panel_model(session: Session, status: OracleStatus, settings: Settings, deal_distance: int) -> PanelModel:
    """The panel for this game, this oracle status, these settings and this chosen deal distance."""
    spec = session.spec
    return PanelModel(
        shelf_title=_(spec.shelf.title).upper(),
        shelf_colour=spec.shelf.colour,
        figures=_figures(session, status, settings.hide_answer),
        table=_table_status(session, status, settings.hide_answer),
        status=_status_box(session, settings.hide_answer),
        buttons=_main_buttons(session),
        deal=_deal_row(session, deal_distance),
        toggles=_toggles(session, settings),
        help=_(HELP[spec.input]),
        legend=marks_shown(settings, session.exact),
        count=_count_button(session),
    )


HELP = {InputMode.SLIDE: N_("Arrows slide · Tab + Enter pick · F1 every key"),
        InputMode.CURSOR: N_("Arrows/Tab move the cursor · Enter picks · F1 every key"),
        InputMode.PIECES: N_("Drag a piece · Tab or arrows pick, arrows move · F1 every key"),
        InputMode.WALK: N_("Click to walk there · arrows step and push · F1 every key")}
# Translators: the distance to the goal while the player hides the answer
HIDDEN = N_("hidden")


def marks_shown(settings: Settings, exact: bool) -> bool:
    """Whether the board marks every move closer / farther / dead end: asked for, a complete table
    to answer, and the answer not hidden."""
    return settings.move_marks and exact and not settings.hide_answer


def sound_label(settings: Settings) -> str:
    """The sound toggle's label: off, or the volume."""
    if settings.muted or settings.volume == 0:
        return _("Sound: off")
    return _("Sound: {volume}%").format(volume=settings.volume)


def clock(seconds: float) -> str:
    """Play time as m:ss, or h:mm:ss from an hour on."""
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def shown_deal_distance(session: Session, wanted: int) -> int:
    """The distance the deal button offers: the one chosen, within what a deal can reach."""
    top = session.deals.limit()
    return max(1, min(wanted, top)) if top else wanted


# -- the parts -------------------------------------------------------------------------------------

def _figures(s: Session, status: OracleStatus, hidden: bool = False) -> tuple[Figure, ...]:
    """Moves, fewest to goal, time: the middle one is live and exact wherever a table exists
    (and says nothing while the player hides the answer)."""
    dist = s.known_distance()
    label = _("Fewest to goal")
    if s.solved:
        # Translators: the distance to the goal of a solved game
        best = Figure(label, _("solved"), Tone.GOOD)
    elif hidden:
        best = Figure(label, _(HIDDEN), Tone.DIM)
    elif dist is not None:
        best = Figure(label, str(dist), Tone.HINT)
    elif s.exact:
        best = Figure(label, _("dead end"), Tone.NOPE)
    elif (status.busy and s.oracle.exact) or s.job is not None or s.waiting is not None:
        best = Figure(label, "…", Tone.MUTED)
    else:
        best = Figure(label, "?", Tone.DIM)
    # Translators: the figure of moves played in this game
    moves = Figure(_("Moves"), str(s.moves), Tone.TEXT)
    # Translators: the figure of time played in this game
    return moves, best, Figure(_("Time"), clock(s.elapsed), Tone.TEXT)


def _table_status(s: Session, status: OracleStatus, hidden: bool = False) -> TableStatus | None:
    exact = s.oracle.exact
    if status.phase is Phase.BUILDING and not exact:
        return TableStatus(_("Building {title} tables {fraction:.0%} (first run only). "
                             "Hints use a simpler heuristic meanwhile.").format(title=s.spec.shown_title(),
                                                                                fraction=status.fraction),
                           Tone.MUTED, status.fraction, Tone.ACCENT)
    if status.phase is Phase.BUILDING:
        return TableStatus(_("Solving every position once: {fraction:.0%}").format(fraction=status.fraction),
                           Tone.MUTED, status.fraction, Tone.HINT)
    if status.phase is Phase.LOADING and exact:
        return TableStatus(_("Loading the table of every position…"), Tone.DIM)
    if status.phase is Phase.FAILED:
        return TableStatus(translated(status.text), Tone.NOPE)
    if hidden and not s.solved:
        return TableStatus(_("The answer is hidden (F shows it); H and S still answer when asked."), Tone.DIM)
    if s.exact and not s.solved:
        return TableStatus(_("Live count, exact: every position is solved.") if s.known_distance() is not None
                           else _("Live count, no move sequence reaches the goal."), Tone.DIM)
    if s.known_distance() is None and not s.solved and s.job is None:
        return TableStatus(_("Press H or S to find out."), Tone.DIM)
    return None


def _status_box(s: Session, hidden: bool = False) -> StatusBox | None:
    """Dealing, searching, solving or paused, dead end, hint, solved: the first that applies. A dead
    end the table knows is said at once, unless the answer is hidden (then only when asked)."""
    job, hint, playback = s.job, s.hint_info, s.playback
    cancel = (button("cancel", _("Cancel"), Intent.CANCEL),)
    if job is not None and s.deals.seeking is not None:
        return StatusBox(BoxKind.DEALING, (
            BoxLine(ngettext("Dealing {n:,} move from the goal", "Dealing {n:,} moves from the goal",
                             s.deals.seeking).format(n=s.deals.seeking), Role.BODY, Tone.TEXT),
            # Translators: seconds a search has run, and what it reports
            BoxLine(_("{seconds:.1f} s, solving a random board: {progress}")
                    .format(seconds=job.elapsed, progress=translated(job.text)), Role.TINY, Tone.MUTED)),
            cancel, spinning=True)
    if s.waiting is not None:
        waiting = _("Hint: waiting for the table") if s.waiting is Purpose.HINT else _("Solve: waiting for the table")
        return StatusBox(BoxKind.SEARCHING, (
            BoxLine(waiting, Role.BODY, Tone.TEXT),
            BoxLine(_("It answers the moment every position is solved."), Role.TINY, Tone.MUTED)), cancel,
            spinning=True)
    if job is not None:
        searching = _("Hint: searching") if s.purpose is Purpose.HINT else _("Solve: searching")
        return StatusBox(BoxKind.SEARCHING, (
            BoxLine(searching, Role.BODY, Tone.TEXT),
            BoxLine(progress_words(job.elapsed, job.text), Role.TINY, Tone.MUTED)), cancel, spinning=True)
    if playback is not None:
        left = len(playback.remaining)
        pace = (_("Paused. Any move of yours takes over.") if playback.paused else
                _("{speed:g} moves a second. Any move of yours takes over.").format(speed=playback.speed))
        return StatusBox(BoxKind.PAUSED if playback.paused else BoxKind.SOLVING, (
            BoxLine(ngettext("Solving: {n:,} move left", "Solving: {n:,} moves left", left).format(n=left),
                    Role.BODY, Tone.TEXT),
            BoxLine(pace, Role.TINY, Tone.MUTED)),
            _solve_buttons(playback.paused))
    if (hint is not None and hint.dead_end) or (hint is None and not hidden and s.exact and s.known_dead_end()):
        return _dead_end_box(s)
    if hint is not None and hint.move is not None:
        left = hint.distance or 0
        return StatusBox(BoxKind.HINT, (
            BoxLine(_("Hint: the highlighted move."), Role.SMALL, Tone.TEXT),
            BoxLine(ngettext("{n:,} move to go. H plays it.", "{n:,} moves to go. H plays it.", left).format(n=left),
                    Role.TINY, Tone.MUTED)))
    if s.solved:
        win = s.result()
        helped = win is not None and not win.own
        title = (_("Solved by the solver") if win is not None and win.by_solver
                 else _("Solved with help") if helped else _("Solved!"))
        return StatusBox(BoxKind.SOLVED, (
            BoxLine(title, Role.HEADING, Tone.HINT if helped else Tone.GOOD),
            BoxLine(_("N for a new game, R to restart."), Role.TINY, Tone.MUTED)),
            # Translators: a button: the review of the game just played
            (button("review", _("Review"), Intent.REVIEW),))
    return None


def progress_words(seconds: float, progress: str) -> str:
    """A running search's line: its time and what it says it is doing."""
    # Translators: seconds a search has run, and what it reports ("2.5 s, searching 40 moves… 1,200 nodes")
    return _("{seconds:.1f} s, {progress}").format(seconds=seconds, progress=translated(progress))


def _solve_buttons(paused: bool) -> tuple[ButtonModel, ...]:
    """Play, step and stop first, then the speed (the view puts up to three in a row)."""
    return (button("pause", _("Resume") if paused else _("Pause"), Intent.PAUSE, active=paused),
            # Translators: buttons of the solver's playback: play one move, stop playing
            button("step", _("Step"), Intent.STEP), button("stop", _("Stop"), Intent.BACK),
            button("slower", _("Slower"), Intent.SLOWER), button("faster", _("Faster"), Intent.FASTER))


def _dead_end_box(s: Session) -> StatusBox:
    hint = s.hint_info
    # Translators: a button: back to the last position of this game from which the goal can be reached
    back = (button("winnable", _("Back to winnable"), Intent.WINNABLE, primary=True),)
    head = BoxLine(_("Dead end: the goal cannot be reached from here."), Role.SMALL, Tone.TEXT)
    buttons: tuple[ButtonModel, ...]
    if hint is not None and hint.last_winnable is not None:
        n = s.cursor - hint.last_winnable
        more, buttons = ngettext("Undo {n:,} move to win again.", "Undo {n:,} moves to win again.", n).format(n=n), back
    elif hint is None:
        more, buttons = _("B goes back to the last winnable position."), back
    else:
        more, buttons = _("Restart (R) to try again."), ()
    return StatusBox(BoxKind.DEAD_END, (head, BoxLine(more, Role.TINY, Tone.MUTED)), buttons)


def _main_buttons(s: Session) -> tuple[ButtonModel, ...]:
    playback = s.playback
    # Translators: buttons: let the solver play the solution, or resume or pause its playback
    solve = _("Solve") if playback is None else (_("Resume") if playback.paused else _("Pause"))
    return (button("hint", _("Hint"), Intent.HINT, enabled=not s.solved, primary=True),
            button("solve", solve, Intent.SOLVE, enabled=not s.solved),
            # Translators: a button: take back one move
            button("undo", _("Undo"), Intent.UNDO, enabled=s.cursor > 0),
            # Translators: a button: play again a move taken back
            button("redo", _("Redo"), Intent.REDO, enabled=s.cursor + 1 < len(s.history)),
            # Translators: a button: back to where this game began
            button("restart", _("Restart"), Intent.RESTART),
            button("new", _(s.spec.dealer.new_label), Intent.NEW),
            button("analysis", _("Analysis"), Intent.ANALYSIS),
            button("edit", _("Edit position"), Intent.EDIT),
            button("help", _("Help"), Intent.HELP),
            button("menu", _("Menu"), Intent.BACK))


def _count_button(s: Session) -> ButtonModel | None:
    """Which way moves are counted, where the player may choose: pressed, the next way."""
    spec = s.spec
    if not spec.counts or not spec.count.button:
        return None
    return button("count", _(spec.count.button), Intent.COUNT)


def _deal_row(s: Session, wanted: int) -> DealRow:
    d = shown_deal_distance(s, wanted)
    top = s.deals.limit()
    ready = s.deals.possible()
    caption = (_("Deal at a distance from the goal (1 to {top})").format(top=top) if top
               else _("Deal at a distance from the goal"))
    return DealRow(caption,
                   button("down", "-", Intent.DISTANCE_DOWN, key="", enabled=ready and d > 1, centred=True),
                   # Translators: a button: deal a new game this many moves from the goal
                   button("deal", ngettext("Deal {n:,} move out", "Deal {n:,} moves out", d).format(n=d),
                          Intent.DEAL_AT, enabled=ready),
                   button("up", "+", Intent.DISTANCE_UP, key="", enabled=ready and (top is None or d < top),
                          centred=True))


def _toggles(s: Session, settings: Settings) -> tuple[ButtonModel, ...]:
    hidden = settings.hide_answer
    # Translators: toggle buttons; the word after the colon is the setting's state
    marks = _("Marks: hidden") if hidden else (_("Marks: on") if settings.move_marks else _("Marks: off"))
    toggles = [button("marks", marks, Intent.MARKS, active=settings.move_marks and not hidden),
               button("answer", _("Answer: hidden") if hidden else _("Answer: shown"), Intent.HIDE_ANSWER,
                      active=hidden),
               button("motion", _("Motion: reduced") if settings.reduce_motion else _("Motion: full"), Intent.MOTION,
                      active=settings.reduce_motion),
               button("sound", sound_label(settings), Intent.MUTE,
                      active=settings.muted or settings.volume == 0)]
    if s.spec.input is InputMode.SLIDE:
        # Translators: a toggle: the arrow keys move the gap, or a tile into the gap
        toggles.append(button("arrows", _("Arrows: gap") if settings.arrows_move_gap else _("Arrows: tile"),
                              Intent.ARROWS))
    return tuple(toggles)
