"""What the play screen's side panel says: a pure function of the game and its oracle's status.

The panel model is plain data (frozen, comparable, no pygame): the figures, the message area (what
is happening now: a hint, a search and how far it got, a solve, a dead end, a win, or, at rest, what
the count means), the buttons with their labels and states, the deal row, the compact row of tools,
the way back to the menu and the help line. Which controls there are depends on the puzzle and the
settings only, never on the state of the game: a state change alters text, never layout (the view
lays the panel out from :meth:`PanelModel.frame_key`). The UI lays it out and draws it, and lays
it out again only when the model (or the window) changes, so the model holds nothing that changes
every frame: a spinner is a flag and the view turns it. Colours are tones that the view maps to its
theme. The message area's words for each state are :mod:`game.midend.panel_status`.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.catalog.spec import InputMode
from game.common.i18n import N_, _, ngettext
from game.keeping.settings import Settings
from game.midend.intent import Intent
from game.midend.lines import tally
from game.midend.panel_status import status_box
from game.midend.panel_types import BoxKind, BoxLine, ButtonModel, Colour, Figure, Role, StatusBox, button
from game.midend.sayings import Tone
from game.midend.session import Session
from game.oracles.base import OracleStatus

__all__ = ["BoxKind", "BoxLine", "ButtonModel", "Colour", "DealRow", "Figure", "PanelModel", "Role", "StatusBox",
           "button", "clock", "marks_shown", "panel_model", "shown_deal_distance", "sound_label"]

@dataclass(frozen=True)
class DealRow:
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
    menu: ButtonModel                 # back to the menu, beside the shelf's title
    figures: tuple[Figure, ...]
    count: ButtonModel | None         # how moves are counted, and the switch to the next way (several counts only)
    status: StatusBox                 # the message area, whatever the state
    buttons: tuple[ButtonModel, ...]  # the main grid, two to a row: the actions of every minute
    deal: DealRow
    tools: tuple[ButtonModel, ...]    # the compact row: analysis, editor, help, settings
    help: str
    legend: bool                      # the move marks' legend has its place (the puzzle can show marks)
    marks: bool = False               # ... and the legend is drawn there (marks are on)
    tally: tuple[str, str] | None = None   # under the count: the game in every count side by side, and the
                                           # optimum with its line's other counts (where the notation tells them);
                                           # a panel with room for one line shows them joined by " · "

    def all_buttons(self) -> tuple[ButtonModel, ...]:
        count = (self.count,) if self.count is not None else ()
        return (self.menu, *count, *self.status.buttons, *self.buttons, *self.deal.buttons, *self.tools)

    def frame_key(self) -> tuple[object, ...]:
        """What the panel's geometry depends on: which controls there are (never their labels or states,
        never what the message area says), so every state of one game lays out alike."""
        return (self.count is not None, len(self.buttons), len(self.tools), self.legend, self.help,
                self.tally is not None)


def panel_model(session: Session, status: OracleStatus, settings: Settings, deal_distance: int) -> PanelModel:
    """The panel for this game, this oracle status, these settings and this chosen deal distance."""
    spec = session.spec
    return PanelModel(
        shelf_title=_(spec.shelf.title).upper(),
        shelf_colour=spec.shelf.colour,
        # Translators: a button: back to the menu of puzzles
        menu=button("menu", _("Menu"), Intent.BACK),
        figures=_figures(session, status, settings.hide_answer),
        count=_count_button(session),
        status=status_box(session, status, settings.hide_answer),
        buttons=_main_buttons(session),
        deal=_deal_row(session, deal_distance),
        tools=_tools(),
        help=_(spec.presentation.keys_line or HELP[spec.input]),
        legend=legend_place(session),
        marks=legend_shown(settings, session),
        tally=_tally(session, settings.hide_answer),
    )


HELP = {InputMode.SLIDE: N_("Arrows slide · Tab + Enter pick · F1 every key"),
        InputMode.CURSOR: N_("Arrows/Tab move the cursor · Enter picks · F1 every key"),
        InputMode.PIECES: N_("Drag a piece · Tab or arrows pick, arrows move · F1 every key"),
        InputMode.SEND: N_("Click a piece, then its way · Tab picks, arrows send · F1 every key"),
        InputMode.WALK: N_("Click to walk there · arrows step and push · F1 every key")}
# Translators: the distance to the goal while the player hides the answer
HIDDEN = N_("hidden")


def marks_shown(settings: Settings, exact: bool) -> bool:
    """Whether the board marks every move closer / farther / dead end: asked for, a complete table
    to answer, and the answer not hidden."""
    return settings.move_marks and exact and not settings.hide_answer


def legend_place(session: Session) -> bool:
    """Whether the marks' legend has its place in the panel: the puzzle can show marks, its oracle keeping
    a complete table (ready or not yet, marks on or off, the answer shown or hidden: the place is kept, so
    nothing moves when a table arrives or O or F is pressed)."""
    return session.oracle.exact


def legend_shown(settings: Settings, session: Session) -> bool:
    """Whether the legend is drawn in its place: marks asked for, the answer not hidden."""
    return legend_place(session) and settings.move_marks and not settings.hide_answer


def sound_label(settings: Settings) -> str:
    """The sound setting's state in words: off, or the volume."""
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
    elif (found := s.answers.found(s.position)) is not None:
        # Translators: the distance to the goal where only a line not proven shortest is known: "98–120"
        best = Figure(label, _("{least}–{found}").format(least=found[1], found=found[0]), Tone.MUTED)
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


def _main_buttons(s: Session) -> tuple[ButtonModel, ...]:
    playback = s.playback
    # Translators: buttons: let the solver play the solution, or resume or pause its playback
    solve = _("Solve") if playback is None else (_("Resume") if playback.paused else _("Pause"))
    return (button("hint", _("Hint"), Intent.HINT, enabled=not s.solved, primary=True),
            button("solve", solve, Intent.SOLVE, enabled=not s.solved, active=playback is not None and playback.paused),
            # Translators: a button: take back one move
            button("undo", _("Undo"), Intent.UNDO, enabled=s.cursor > 0),
            # Translators: a button: play again a move taken back
            button("redo", _("Redo"), Intent.REDO, enabled=s.cursor + 1 < len(s.history)),
            # Translators: a button: back to where this game began
            button("restart", _("Restart"), Intent.RESTART),
            button("new", _(s.spec.dealer.new_label), Intent.NEW))


def _tools() -> tuple[ButtonModel, ...]:
    """The compact row: what a player looks for now and then, each a short word and its key."""
    # Translators: compact buttons (short words): the analysis screen, the position editor, the help, the settings
    return (button("analysis", _("Analysis"), Intent.ANALYSIS), button("edit", _("Editor"), Intent.EDIT),
            button("help", _("Help"), Intent.HELP), button("settings", _("Settings"), Intent.SETTINGS))


def _count_button(s: Session) -> ButtonModel | None:
    """Which way moves are counted, where the player may choose: pressed, the next way."""
    spec = s.spec
    if not spec.counts or not spec.count.button:
        return None
    return button("count", _(spec.count.button), Intent.COUNT)


def _tally(s: Session, hidden: bool) -> tuple[str, str] | None:
    """The game so far in every count the puzzle's notation tells ("12 moves · 3 pushes"), and the optimum
    from where it began in the count in use, with its line's other counts ("Optimal: 37 pushes (112
    moves)"): two lines whose place the puzzle keeps whatever the state."""
    notation, counted = s.spec.notation, tally(s)
    if notation is None or counted is None:
        return None
    counts = notation.counts
    so_far = " · ".join(c.amount(n) for c, n in zip(counts, counted.so_far))
    best = counted.optimum
    if hidden:
        return so_far, _("Optimal: hidden")
    if best is None:
        return so_far, _("Optimal: not searched yet")
    chosen = counts.index(s.spec.count) if s.spec.count in counts else 0
    others = ", ".join(c.amount(n) for i, (c, n) in enumerate(zip(counts, best)) if i != chosen)
    # Translators: the fewest moves from where the game began in the count in use, and that line's other counts
    return so_far, _("Optimal: {count} ({others})").format(count=counts[chosen].amount(best[chosen]), others=others)


def _deal_row(s: Session, wanted: int) -> DealRow:
    d = shown_deal_distance(s, wanted)
    top = s.deals.limit()
    ready = s.deals.possible()
    return DealRow(button("down", "-", Intent.DISTANCE_DOWN, key="", enabled=ready and d > 1, centred=True),
                   # Translators: a button: deal a new game this many moves from the goal
                   button("deal", ngettext("Deal {n:,} move out", "Deal {n:,} moves out", d).format(n=d),
                          Intent.DEAL_AT, enabled=ready),
                   button("up", "+", Intent.DISTANCE_UP, key="", enabled=ready and (top is None or d < top),
                          centred=True))
