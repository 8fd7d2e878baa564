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

from game.intent import KEY_LABELS, Intent
from game.oracles.base import OracleStatus, Phase
from game.session import Purpose, Session
from game.settings import Settings
from game.spec import InputMode
from game.words import n_moves

Colour = tuple[int, int, int]


class Tone(Enum):
    """The meaning of a colour; the view picks the colour."""

    TEXT = "text"
    MUTED = "muted"
    DIM = "dim"
    GOOD = "good"
    HINT = "hint"
    NOPE = "nope"
    ACCENT = "accent"


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
        shelf_title=spec.shelf.title.upper(),
        shelf_colour=spec.shelf.colour,
        figures=_figures(session, status, settings.hide_answer),
        table=_table_status(session, status, settings.hide_answer),
        status=_status_box(session, settings.hide_answer),
        buttons=_main_buttons(session),
        deal=_deal_row(session, deal_distance),
        toggles=_toggles(session, settings),
        help=HELP[spec.input],
        legend=marks_shown(settings, session.exact),
        count=_count_button(session),
    )


HELP = {InputMode.SLIDE: "Arrows slide · Tab + Enter pick · F1 every key",
        InputMode.CURSOR: "Arrows/Tab move the cursor · Enter picks · F1 every key",
        InputMode.PIECES: "Drag a piece · Tab or arrows pick, arrows move · F1 every key"}
HIDDEN = "hidden"


def marks_shown(settings: Settings, exact: bool) -> bool:
    """Whether the board marks every move closer / farther / dead end: asked for, a complete table
    to answer, and the answer not hidden."""
    return settings.move_marks and exact and not settings.hide_answer


def sound_label(settings: Settings) -> str:
    return "off" if settings.muted or settings.volume == 0 else f"{settings.volume}%"


def clock(seconds: float) -> str:
    """Play time as m:ss, or h:mm:ss from an hour on."""
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def shown_deal_distance(session: Session, wanted: int) -> int:
    """The distance the deal button offers: the one chosen, within what a deal can reach."""
    top = session.deal_limit()
    return max(1, min(wanted, top)) if top else wanted


# -- the parts -------------------------------------------------------------------------------------

def _figures(s: Session, status: OracleStatus, hidden: bool = False) -> tuple[Figure, ...]:
    """Moves, fewest to goal, time: the middle one is live and exact wherever a table exists
    (and says nothing while the player hides the answer)."""
    dist = s.known_distance()
    if s.solved:
        best = Figure("Fewest to goal", "solved", Tone.GOOD)
    elif hidden:
        best = Figure("Fewest to goal", HIDDEN, Tone.DIM)
    elif dist is not None:
        best = Figure("Fewest to goal", str(dist), Tone.HINT)
    elif s.exact:
        best = Figure("Fewest to goal", "dead end", Tone.NOPE)
    elif (status.busy and s.oracle.exact) or s.job is not None or s.waiting is not None:
        best = Figure("Fewest to goal", "…", Tone.MUTED)
    else:
        best = Figure("Fewest to goal", "?", Tone.DIM)
    return Figure("Moves", str(s.moves), Tone.TEXT), best, Figure("Time", clock(s.elapsed), Tone.TEXT)


def _table_status(s: Session, status: OracleStatus, hidden: bool = False) -> TableStatus | None:
    exact = s.oracle.exact
    if status.phase is Phase.BUILDING and not exact:
        return TableStatus(f"Building {s.puzzle.title} tables {status.fraction:.0%} (first run only). "
                           "Hints use a simpler heuristic meanwhile.", Tone.MUTED, status.fraction, Tone.ACCENT)
    if status.phase is Phase.BUILDING:
        return TableStatus(f"Solving every position once: {status.fraction:.0%}", Tone.MUTED,
                           status.fraction, Tone.HINT)
    if status.phase is Phase.LOADING and exact:
        return TableStatus("Loading the table of every position…", Tone.DIM)
    if status.phase is Phase.FAILED:
        return TableStatus(status.text, Tone.NOPE)
    if hidden and not s.solved:
        return TableStatus("The answer is hidden (F shows it); H and S still answer when asked.", Tone.DIM)
    if s.exact and not s.solved:
        what = ("exact: every position is solved" if s.known_distance() is not None
                else "no move sequence reaches the goal")
        return TableStatus(f"Live count, {what}.", Tone.DIM)
    if s.known_distance() is None and not s.solved and s.job is None:
        return TableStatus("Press H or S to find out.", Tone.DIM)
    return None


def _status_box(s: Session, hidden: bool = False) -> StatusBox | None:
    """Dealing, searching, solving or paused, dead end, hint, solved: the first that applies. A dead
    end the table knows is said at once, unless the answer is hidden (then only when asked)."""
    job, hint, playback = s.job, s.hint_info, s.playback
    cancel = (button("cancel", "Cancel", Intent.CANCEL),)
    if job is not None and s.dealing is not None:
        return StatusBox(BoxKind.DEALING, (
            BoxLine(f"Dealing {n_moves(s.dealing)} from the goal", Role.BODY, Tone.TEXT),
            BoxLine(f"{job.elapsed:.1f} s, solving a random board: {job.text}", Role.TINY, Tone.MUTED)),
            cancel, spinning=True)
    if s.waiting is not None:
        what = "Hint" if s.waiting is Purpose.HINT else "Solve"
        return StatusBox(BoxKind.SEARCHING, (
            BoxLine(f"{what}: waiting for the table", Role.BODY, Tone.TEXT),
            BoxLine("It answers the moment every position is solved.", Role.TINY, Tone.MUTED)), cancel, spinning=True)
    if job is not None:
        what = "Hint" if s.purpose is Purpose.HINT else "Solve"
        return StatusBox(BoxKind.SEARCHING, (
            BoxLine(f"{what}: searching", Role.BODY, Tone.TEXT),
            BoxLine(f"{job.elapsed:.1f} s, {job.text}", Role.TINY, Tone.MUTED)), cancel, spinning=True)
    if playback is not None:
        pace = "Paused" if playback.paused else f"{playback.speed:g} moves a second"
        return StatusBox(BoxKind.PAUSED if playback.paused else BoxKind.SOLVING, (
            BoxLine(f"Solving: {n_moves(len(playback.remaining))} left", Role.BODY, Tone.TEXT),
            BoxLine(f"{pace}. Any move of yours takes over.", Role.TINY, Tone.MUTED)),
            _solve_buttons(playback.paused))
    if (hint is not None and hint.dead_end) or (hint is None and not hidden and s.exact and s.known_dead_end()):
        return _dead_end_box(s)
    if hint is not None and hint.move is not None:
        return StatusBox(BoxKind.HINT, (
            BoxLine("Hint: the highlighted move.", Role.SMALL, Tone.TEXT),
            BoxLine(f"{n_moves(hint.distance or 0)} to go. H plays it.", Role.TINY, Tone.MUTED)))
    if s.solved:
        win = s.result()
        helped = win is not None and not win.own
        title = ("Solved by the solver" if win is not None and win.by_solver
                 else "Solved with help" if helped else "Solved!")
        return StatusBox(BoxKind.SOLVED, (
            BoxLine(title, Role.HEADING, Tone.HINT if helped else Tone.GOOD),
            BoxLine("N for a new game, R to restart.", Role.TINY, Tone.MUTED)),
            (button("review", "Review", Intent.REVIEW),))
    return None


def _solve_buttons(paused: bool) -> tuple[ButtonModel, ...]:
    """Play, step and stop first, then the speed (the view puts up to three in a row)."""
    return (button("pause", "Resume" if paused else "Pause", Intent.PAUSE, active=paused),
            button("step", "Step", Intent.STEP), button("stop", "Stop", Intent.BACK),
            button("slower", "Slower", Intent.SLOWER), button("faster", "Faster", Intent.FASTER))


def _dead_end_box(s: Session) -> StatusBox:
    hint = s.hint_info
    back = (button("winnable", "Back to winnable", Intent.WINNABLE, primary=True),)
    head = BoxLine("Dead end: the goal cannot be reached from here.", Role.SMALL, Tone.TEXT)
    buttons: tuple[ButtonModel, ...]
    if hint is not None and hint.last_winnable is not None:
        more, buttons = f"Undo {n_moves(s.cursor - hint.last_winnable)} to win again.", back
    elif hint is None:
        more, buttons = "B goes back to the last winnable position.", back
    else:
        more, buttons = "Restart (R) to try again.", ()
    return StatusBox(BoxKind.DEAD_END, (head, BoxLine(more, Role.TINY, Tone.MUTED)), buttons)


def _main_buttons(s: Session) -> tuple[ButtonModel, ...]:
    playback = s.playback
    solve = "Solve" if playback is None else ("Resume" if playback.paused else "Pause")
    return (button("hint", "Hint", Intent.HINT, enabled=not s.solved, primary=True),
            button("solve", solve, Intent.SOLVE, enabled=not s.solved),
            button("undo", "Undo", Intent.UNDO, enabled=s.cursor > 0),
            button("redo", "Redo", Intent.REDO, enabled=s.cursor + 1 < len(s.history)),
            button("restart", "Restart", Intent.RESTART),
            button("new", s.spec.dealer.new_label, Intent.NEW),
            button("analysis", "Analysis", Intent.ANALYSIS),
            button("edit", "Edit position", Intent.EDIT),
            button("help", "Help", Intent.HELP),
            button("menu", "Menu", Intent.BACK))


def _count_button(s: Session) -> ButtonModel | None:
    """Which way moves are counted, where the player may choose: pressed, the next way."""
    spec = s.spec
    if not spec.counts or spec.count is None:
        return None
    return button("count", f"Moves counted: {spec.count.value} ›", Intent.COUNT)


def _deal_row(s: Session, wanted: int) -> DealRow:
    d = shown_deal_distance(s, wanted)
    top = s.deal_limit()
    ready = s.can_deal_at_distance()
    caption = "Deal at a distance from the goal" + (f" (1 to {top})" if top else "")
    return DealRow(caption,
                   button("down", "-", Intent.DISTANCE_DOWN, key="", enabled=ready and d > 1, centred=True),
                   button("deal", f"Deal {n_moves(d)} out", Intent.DEAL_AT, enabled=ready),
                   button("up", "+", Intent.DISTANCE_UP, key="", enabled=ready and (top is None or d < top),
                          centred=True))


def _toggles(s: Session, settings: Settings) -> tuple[ButtonModel, ...]:
    hidden = settings.hide_answer
    marks = "hidden" if hidden else ("on" if settings.move_marks else "off")
    toggles = [button("marks", f"Marks: {marks}", Intent.MARKS, active=settings.move_marks and not hidden),
               button("answer", "Answer: " + ("hidden" if hidden else "shown"), Intent.HIDE_ANSWER, active=hidden),
               button("motion", "Motion: " + ("reduced" if settings.reduce_motion else "full"), Intent.MOTION,
                      active=settings.reduce_motion),
               button("sound", f"Sound: {sound_label(settings)}", Intent.MUTE,
                      active=settings.muted or settings.volume == 0)]
    if s.spec.input is InputMode.SLIDE:
        toggles.append(button("arrows", "Arrows: " + ("gap" if settings.arrows_move_gap else "tile"),
                              Intent.ARROWS))
    return tuple(toggles)
