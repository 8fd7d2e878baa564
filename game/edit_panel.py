"""What the editor's side panel says: a pure function of the editor, its brush and where it was
opened from, in the play screen's visual language (figures, a status box, buttons with keys).

Plain frozen data, no pygame, comparable: the UI lays it out again only when it changes.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.editor import Editor, ReadingKind
from game.intent import Intent
from game.panel import BoxKind, BoxLine, ButtonModel, Colour, Figure, Role, StatusBox, Tone, button
from game.spec import EditMode

BOXES = {ReadingKind.ILLEGAL: BoxKind.ILLEGAL, ReadingKind.GOAL: BoxKind.SOLVED, ReadingKind.SOLVABLE: BoxKind.HINT,
         ReadingKind.DEAD_END: BoxKind.DEAD_END, ReadingKind.WAITING: BoxKind.SEARCHING,
         ReadingKind.SEARCHING: BoxKind.SEARCHING, ReadingKind.STOPPED: BoxKind.SEARCHING,
         ReadingKind.FAILED: BoxKind.SEARCHING}
HELP = {
    EditMode.PALETTE: "Click a cell to put the brush there (again: empty it) · drag a piece to move it · "
                      "arrows, then B, W, Space; Enter picks up and puts down",
    EditMode.SWAP: "Click two cells to swap them (a tile and the gap moves the gap) or drag one onto another · "
                   "arrows, Enter picks up and puts down",
    EditMode.PIECES: "Drag a piece anywhere it fits, or click it and then where it goes · a piece of the same "
                     "shape trades places · arrows, Enter picks up and puts down",
}


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


def editor_panel(editor: Editor, brush: int | None, back_to: str) -> EditorPanel:
    """The panel for this editor, with ``brush`` chosen; ``back_to`` names where Esc goes."""
    spec = editor.spec
    reading = editor.reading()
    legal = reading.kind is not ReadingKind.ILLEGAL
    save_reason = editor.save_problem()
    unsaveable = spec.as_file is None
    return EditorPanel(
        heading=f"EDIT · {spec.shelf.title.upper()}",
        heading_colour=spec.shelf.colour,
        figure=_figure(reading.kind, reading.distance),
        box=_box(editor),
        counts=_counts(editor),
        palette=tuple(button(f"brush-{code}", editor.puzzle.symbols.label(code).split()[0].capitalize(), Intent.NEXT,
                             key="Space" if code == 0 else editor.puzzle.symbols.name(code), active=code == brush)
                      for code in editor.palette),
        buttons=(
            button("play", "Play from here", Intent.PLAY_HERE, primary=True, enabled=legal),
            button("save", "Save as puzzle", Intent.SAVE, enabled=save_reason is None),
            button("copy", "Copy", Intent.COPY), button("paste", "Paste", Intent.PASTE),
            button("undo", "Undo", Intent.UNDO, enabled=editor.can_undo()),
            button("redo", "Redo", Intent.REDO, enabled=editor.can_redo()),
            button("reset", "Reset to start", Intent.RESTART, enabled=editor.position != editor.puzzle.start),
            *((button("clear", "Clear", Intent.CLEAR, enabled=any(editor.position)),)
              if editor.mode is EditMode.PALETTE else ()),
            button("back", back_to, Intent.BACK),
        ),
        note="Puzzle files cannot describe sliding tiles: Ctrl+C copies the position instead." if unsaveable else "",
        help=HELP[editor.mode],
    )


def _figure(kind: ReadingKind, distance: int | None) -> Figure:
    label = "Fewest to goal"
    if kind is ReadingKind.GOAL:
        return Figure(label, "solved", Tone.GOOD)
    if kind is ReadingKind.SOLVABLE and distance is not None:
        return Figure(label, str(distance), Tone.HINT)
    if kind is ReadingKind.DEAD_END:
        return Figure(label, "dead end", Tone.NOPE)
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
        lines.insert(0, BoxLine("Not a position of this puzzle", Role.TINY, Tone.NOPE))
    if reading.detail:
        lines.append(BoxLine(reading.detail, Role.TINY, Tone.MUTED))
    buttons: tuple[ButtonModel, ...] = ()
    if kind in (ReadingKind.SEARCHING, ReadingKind.WAITING) and editor.searching:
        buttons = (button("cancel", "Cancel", Intent.CANCEL, key="Esc"),)
    elif kind in (ReadingKind.STOPPED, ReadingKind.FAILED):
        buttons = (button("search", "Search", Intent.SOLVE),)
    spinning = kind in (ReadingKind.SEARCHING, ReadingKind.WAITING)
    return StatusBox(BOXES[kind], tuple(lines), buttons, spinning)


def _counts(editor: Editor) -> tuple[str, Tone] | None:
    """'Black frogs 5 of 5 · White frogs 4 of 5' for tokens, in green when every count is right."""
    if editor.mode is not EditMode.PALETTE:
        return None
    want, have = Counter(editor.puzzle.start), Counter(editor.position)
    parts, right = [], True
    for code in editor.palette:
        if code == 0:
            continue
        word = editor.piece_word(code)
        parts.append(f"{word[:1].upper()}{word[1:]}s {have[code]} of {want[code]}")
        right = right and have[code] == want[code]
    return " · ".join(parts), Tone.GOOD if right else Tone.NOPE
