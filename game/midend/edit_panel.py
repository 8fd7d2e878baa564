"""What the editor's side panel says: a pure function of the editor, its brush and where it was
opened from, in the play screen's visual language (figures, a status box, buttons with keys).

Plain frozen data, no pygame, comparable: the UI lays it out again only when it changes.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.midend.editor import Editor, ReadingKind
from game.common.i18n import N_, _, ngettext, pgettext
from game.midend.intent import Intent
from game.midend.panel import BoxKind, BoxLine, ButtonModel, Colour, Figure, Role, StatusBox, button
from game.midend.sayings import Tone
from game.catalog.spec import EditMode

BOXES = {ReadingKind.ILLEGAL: BoxKind.ILLEGAL, ReadingKind.GOAL: BoxKind.SOLVED, ReadingKind.SOLVABLE: BoxKind.HINT,
         ReadingKind.DEAD_END: BoxKind.DEAD_END, ReadingKind.WAITING: BoxKind.SEARCHING,
         ReadingKind.SEARCHING: BoxKind.SEARCHING, ReadingKind.STOPPED: BoxKind.SEARCHING,
         ReadingKind.FAILED: BoxKind.SEARCHING}
HELP = {
    # Translators: {keys} are the keys that choose each piece as the brush, as on the keyboard ("B, W")
    EditMode.PALETTE: N_("Click a cell to put the brush there (again: empty it) · drag a piece to move it · "
                         "a brush's key ({keys}) chooses it; arrows, then Space or Enter paints · Delete empties"),
    EditMode.SWAP: N_("Click two cells to swap them (a tile and the gap moves the gap) or drag one onto another · "
                      "arrows, Enter picks up and puts down"),
    EditMode.PIECES: N_("Drag a piece anywhere it fits, or click it and then where it goes · a piece of the same "
                        "shape trades places · arrows, Enter picks up and puts down"),
}
# Translators: the editor's help in door mode (D): what a click or Enter does to the doors
DOOR_HELP = N_("Door mode: click an empty cell to make it a door (again: remove it) · click a piece to let its kind "
               "through the doors (again: no longer) · arrows, then Enter · D moves pieces again")
# the palette's buttons: the first word of a token's description ("black knight": Black), capitalised
PALETTE_WORDS = {"Black": N_("Black"), "White": N_("White"), "Empty": N_("Empty")}
# how many of each token a position has against the start, by the token's name ("black frog")
TOKENS_PLURAL = {"black frog": N_("Black frogs"), "white frog": N_("White frogs"), "black knight": N_("Black knights"),
                 "white knight": N_("White knights"), "black stone": N_("Black stones"),
                 "white stone": N_("White stones")}


@dataclass(frozen=True)
class EditorPanel:
    heading: str
    heading_colour: Colour
    figure: Figure                       # fewest moves to the goal, as big as the play screen's
    box: StatusBox                       # the reading: legal or not, distance, dead end, searching
    counts: tuple[str, Tone] | None      # tokens: how many of each are on the board
    palette: tuple[ButtonModel, ...]     # what a click or a key puts in a cell (tokens only)
    buttons: tuple[ButtonModel, ...]
    note: str                            # why something is unavailable (saving tiles)
    help: str


def editor_panel(editor: Editor, brush: int | None, back_to: str, door_mode: bool = False) -> EditorPanel:
    """The panel for this editor, with ``brush`` chosen; ``back_to`` names where Esc goes; ``door_mode``: a
    click makes and removes doors instead of moving pieces."""
    spec = editor.spec
    reading = editor.reading()
    legal = reading.kind is not ReadingKind.ILLEGAL
    save_reason = editor.save_problem()
    unsaveable = spec.as_file is None
    return EditorPanel(
        # Translators: the editor's heading, with the shelf of the puzzle being edited ("EDIT · FROGS")
        heading=_("EDIT · {shelf}").format(shelf=_(spec.shelf.title).upper()),
        heading_colour=spec.shelf.colour,
        figure=_figure(reading.kind, reading.distance),
        box=_box(editor),
        counts=(editor.doors_said(), Tone.MUTED) if editor.doors_editable else _counts(editor),
        palette=tuple(button(f"brush-{code}", _palette_label(editor, code), Intent.NEXT,
                             key=editor.puzzle.symbols.name(code), active=code == brush)
                      for code in editor.palette),
        buttons=(
            button("play", _("Play from here"), Intent.PLAY_HERE, primary=True, enabled=legal and not editor.doors_changed),
            button("save", _("Save as puzzle"), Intent.SAVE, enabled=save_reason is None),
            button("copy", _("Copy"), Intent.COPY), button("paste", _("Paste"), Intent.PASTE),
            # Translators: a button: take back the last edit
            button("undo", pgettext("editor", "Undo"), Intent.UNDO, enabled=editor.can_undo()),
            # Translators: a button: make again an edit taken back
            button("redo", pgettext("editor", "Redo"), Intent.REDO, enabled=editor.can_redo()),
            button("reset", _("Reset to start"), Intent.RESTART, enabled=editor.position != editor.puzzle.start),
            # Translators: a button: empty every cell of the board
            *((button("clear", _("Clear"), Intent.CLEAR, enabled=any(editor.position)),)
              if editor.mode is EditMode.PALETTE else ()),
            # Translators: a button: a click on the board makes and removes doors (cells only some pieces enter)
            *((button("doors", _("Doors"), Intent.DEAL_AT, active=door_mode),) if editor.doors_editable else ()),
            button("back", _(back_to), Intent.BACK),
        ),
        note=_("Puzzle files cannot describe sliding tiles: Ctrl+C copies the position instead.") if unsaveable else "",
        help=_(DOOR_HELP) if door_mode else _(HELP[editor.mode]).format(keys=_brush_keys(editor)),
    )


def _palette_label(editor: Editor, code: int) -> str:
    """A palette button's label: the first word of the token's description ("Black", "Empty"), or a
    description of one word in the player's language ("Keeper", 作業員)."""
    symbols = editor.puzzle.symbols
    description = symbols.label(code)
    word = description.split()[0].capitalize()
    if word in PALETTE_WORDS:
        return _(PALETTE_WORDS[word])
    if word.lower() == description:
        shown = symbols.shown_label(code)
        return shown[:1].upper() + shown[1:]
    return word


def _figure(kind: ReadingKind, distance: int | None) -> Figure:
    label = _("Fewest to goal")
    if kind is ReadingKind.GOAL:
        # Translators: the distance to the goal of a solved position
        return Figure(label, _("solved"), Tone.GOOD)
    if kind is ReadingKind.SOLVABLE and distance is not None:
        return Figure(label, str(distance), Tone.HINT)
    if kind is ReadingKind.DEAD_END:
        return Figure(label, _("dead end"), Tone.NOPE)
    if kind in (ReadingKind.SEARCHING, ReadingKind.WAITING):
        return Figure(label, "…", Tone.MUTED)
    return Figure(label, "?" if kind is not ReadingKind.ILLEGAL else "—", Tone.DIM)


def _box(editor: Editor) -> StatusBox:
    reading = editor.reading()
    kind = reading.kind
    first = {ReadingKind.ILLEGAL: Tone.TEXT, ReadingKind.GOAL: Tone.GOOD,
             ReadingKind.FAILED: Tone.NOPE}.get(kind, Tone.TEXT)
    lines = [BoxLine(reading.text, Role.SMALL, first)]
    if kind is ReadingKind.ILLEGAL:
        lines.insert(0, BoxLine(_("Not a position of this puzzle"), Role.TINY, Tone.NOPE))
    if reading.detail:
        lines.append(BoxLine(reading.detail, Role.TINY, Tone.MUTED))
    buttons: tuple[ButtonModel, ...] = ()
    if kind in (ReadingKind.SEARCHING, ReadingKind.WAITING) and editor.searching:
        buttons = (button("cancel", _("Cancel"), Intent.CANCEL, key="Esc"),)
    elif kind in (ReadingKind.STOPPED, ReadingKind.FAILED):
        # Translators: a button: search for the position's distance to the goal
        buttons = (button("search", _("Search"), Intent.SOLVE),)
    spinning = kind in (ReadingKind.SEARCHING, ReadingKind.WAITING)
    return StatusBox(BOXES[kind], tuple(lines), buttons, spinning)


def _brush_keys(editor: Editor) -> str:
    """The keys that choose each piece of the palette as the brush: its symbol."""
    symbols = editor.puzzle.symbols
    return ", ".join(symbols.name(code) for code in editor.palette if code != 0)


def _counts(editor: Editor) -> tuple[str, Tone] | None:
    """'Black frogs 5 of 5 · White frogs 4 of 5' for tokens (a piece that moves take off: 'Pegs 31, 1 to 32'),
    in green when every count is one the puzzle allows (its family says: :meth:`PuzzleSpec.piece_limits`)."""
    if editor.mode is not EditMode.PALETTE:
        return None
    limits, have = editor.spec.piece_limits(), Counter(editor.position)
    parts, right = [], True
    for code in editor.palette:
        if code == 0:
            continue
        low, high = limits.get(code, (0, 0))
        pieces = _plural(editor, code, high)
        if low == high:
            # Translators: how many of a piece the position has, of how many the puzzle has ("Black frogs 5 of 5")
            parts.append(_("{pieces} {have} of {want}").format(pieces=pieces, have=have[code], want=high))
        else:
            # Translators: how many of a piece the position has, and how many it may have ("Pegs 31, 1 to 32")
            parts.append(_("{pieces} {have}, {least} to {most}").format(pieces=pieces, have=have[code], least=low,
                                                                      most=high))
        right = right and low <= have[code] <= high
    return " · ".join(parts), Tone.GOOD if right else Tone.NOPE


def _plural(editor: Editor, code: int, n: int) -> str:
    """A piece's name for ``n`` of them, capitalised: its own plural where it has one ("Boxes"), else the
    language's plural of its name ("Pegs"; Japanese has none: ペグ)."""
    word = editor.piece_word(code)
    plural = editor.spec.presentation.piece_plurals.get(code)
    if word in TOKENS_PLURAL:
        return _(TOKENS_PLURAL[word])
    if plural is not None:
        shown = _(plural) if n != 1 else _(word)
    else:
        # Translators: a piece's name ({piece}: "peg") as the heading of its count; English makes its plural with an "s"
        shown = ngettext("{piece}", "{piece}s", n).format(piece=_(word))
    return shown[:1].upper() + shown[1:]
