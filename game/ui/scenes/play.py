"""The play screen: the board centre-stage, a side panel with the figures and the buttons."""
from __future__ import annotations

import math
import random

import pygame

from game.oracles.base import Phase, Verdict
from game.puzzles.base import Move
from game.session import Event, EventKind, Purpose, Session
from game.spec import InputMode, PuzzleSpec
from game.ui import theme as T
from game.ui.intents import DIRECTIONS, Intent
from game.ui.scenes.base import Scene, background
from game.ui.tween import Tween, ease_in_out_cubic, ease_out_cubic
from game.ui.views import Highlights, Motion, describe_move, move_kind, move_paths, view_for
from game.ui.views.base import Mark, mark_sprite
from game.ui.widgets import Button, card, draw_progress, layout_grid, spinner, stat_row

DURATION = {"slide": 0.17, "block": 0.2, "jump": 0.3, "hop": 0.36, "pair": 0.34}
DRAG_THRESHOLD = 6
MAX_PARTICLES = 160
PILL_CACHE = 8          # footer messages kept rendered


class Anim:
    """A move on its way: pieces glide from ``before`` to ``after`` while the tween runs."""

    def __init__(self, before: bytes, after: bytes, paths, kind: str, duration: float) -> None:
        self.before, self.after, self.paths, self.kind = before, after, paths, kind
        self.tween = Tween(duration, ease_in_out_cubic if kind in ("slide", "block") else ease_out_cubic)

    def motion(self) -> Motion:
        return Motion(self.before, self.after, self.paths, self.kind, self.tween.value)


class PlayScene(Scene):
    def __init__(self, app, spec: PuzzleSpec, position: bytes | None = None, session: Session | None = None,
                 message: str | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.puzzle = spec.puzzle
        self.session = session or Session(spec, position, service=app.service, rng=app.rng)
        self.oracle = spec.oracle
        self.oracle.start_preparing(app.service)   # loaded in a thread, else built in a process; searches meanwhile
        self._marks_key: tuple | None = None
        self._marks: tuple[Mark, ...] = ()
        self.view = view_for(spec)
        self.target = self.session.position       # the position the board shows when animations end
        self.anim: Anim | None = None
        self.selected: int | None = None          # anchor cell of the selected piece
        self.cursor = 0
        self.show_cursor = False
        self.press: tuple[int, tuple[int, int]] | None = None
        self.dragging = False
        self.drag_offset = (0, 0)
        self.nope: tuple[int | None, Tween] | None = None
        self.message = message or ""
        self.message_colour = T.MUTED
        self.message_age = 0.0
        self.message_about: bytes | None = None
        self.time = 0.0
        self.celebrate: Tween | None = None
        self.particles: list[list[float]] = []
        self.par: int | None = None               # optimal length from the game's start, once known
        self.pressed_button: Button | None = None
        self.hover: tuple[int, int] | None = None
        self.demo_caption: str | None = None      # set by the demo scene
        self.buttons = {
            "hint": Button("Hint", Intent.HINT, primary=True), "solve": Button("Solve", Intent.SOLVE),
            "undo": Button("Undo", Intent.UNDO), "redo": Button("Redo", Intent.REDO),
            "restart": Button("Restart", Intent.RESTART), "new": Button("New", Intent.NEW),
            "analysis": Button("Analysis", Intent.ANALYSIS), "menu": Button("Menu", Intent.BACK),
        }
        self.deal_buttons = {
            "down": Button("-", Intent.DISTANCE_DOWN, key=""), "deal": Button("Deal", Intent.DEAL_AT),
            "up": Button("+", Intent.DISTANCE_UP, key=""),
        }
        self.deal_buttons["down"].centred = self.deal_buttons["up"].centred = True
        self.solve_buttons = {
            "pause": Button("Pause", Intent.PAUSE), "step": Button("Step", Intent.STEP),
            "slower": Button("Slower", Intent.SLOWER), "faster": Button("Faster", Intent.FASTER),
            "stop": Button("Stop", Intent.BACK, key="Esc"),
        }
        self.cancel_button = Button("Cancel", Intent.CANCEL)
        self.winnable_button = Button("Back to winnable", Intent.WINNABLE, primary=True)
        self.toggles = {"marks": Button("Marks", Intent.MARKS), "motion": Button("Motion", Intent.MOTION),
                        "arrows": Button("Arrows", Intent.ARROWS)}
        self.deal_distance = max(1, app.settings.deal_distance)
        self._pills: dict = {}
        self._panel_ops: list[tuple] = []
        self._index_moves()
        self.layout(app.size)

    # -- layout ---------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        th = self.theme
        w, h = size
        m = th.px(22, 10)
        panel_w = min(int(w * 0.4), max(int(w * 0.27), th.px(270)))
        self.panel = pygame.Rect(w - panel_w - m, m, panel_w, h - 2 * m)
        title_h = th.size_of("title") + th.size_of("small") * 2 + th.px(18)
        foot_h = th.size_of("body") + th.px(22)
        self.header = pygame.Rect(m * 2, m, self.panel.x - 3 * m, title_h)
        self.board_area = pygame.Rect(m, m + title_h, self.panel.x - 2 * m, h - 2 * m - title_h - foot_h)
        self.footer = pygame.Rect(m, self.board_area.bottom, self.board_area.w, foot_h)
        self.view.layout(self.board_area)
        self.view.theme = th
        self.layout_panel()

    def leave(self) -> None:
        self.session.cancel_search()

    # -- moves at the shown position ---------------------------------------------------
    def _index_moves(self) -> None:
        pos = self.target
        self.moves_by_anchor: dict[int, list[tuple[Move, tuple]]] = {}
        self.owner: dict[int, list[int]] = {}
        for move in self.puzzle.legal_moves(pos):
            paths = move_paths(self.puzzle, pos, move)
            self.moves_by_anchor.setdefault(move.src, []).append((move, paths))
            for s, _ in paths:
                owners = self.owner.setdefault(s, [])
                if move.src not in owners:
                    owners.append(move.src)
        if self.selected is not None and self.selected not in self.moves_by_anchor:
            self.selected = None

    def _centroid(self, cells) -> tuple[float, float]:
        pts = [self.view.cell_center(c) for c in cells]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)

    def anchor_at(self, point) -> int | None:
        cell = self.view.hit(point)
        if cell is None or cell not in self.owner:
            return None
        anchors = self.owner[cell]

        def d(a):
            cx, cy = self._centroid([s for s, _ in self.moves_by_anchor[a][0][1]])
            return (cx - point[0]) ** 2 + (cy - point[1]) ** 2
        return min(anchors, key=d)

    def targets_of(self, anchor: int) -> set[int]:
        return {d for _, paths in self.moves_by_anchor.get(anchor, []) for _, d in paths}

    def move_to(self, anchor: int, point) -> Move | None:
        """The selected piece's move whose destination is nearest the point (within about a cell)."""
        best, best_d = None, (self.view.pitch * 0.8) ** 2
        for move, paths in self.moves_by_anchor.get(anchor, []):
            cx, cy = self._centroid([d for _, d in paths])
            dist = (cx - point[0]) ** 2 + (cy - point[1]) ** 2
            if dist < best_d:
                best, best_d = move, dist
        return best

    # -- acting ------------------------------------------------------------------------------
    def finish_anim(self) -> None:
        if self.anim is not None:
            self.anim.tween.finish()
            self.anim = None

    def player_input(self) -> None:
        """Any player input on the board stops auto-solve and jumps animations to their end."""
        self.finish_anim()
        if self.session.playback is not None:
            self.session.stop_solve()
        self.app.note_input()

    def play(self, move: Move, animate: bool = True) -> None:
        self.selected = None
        if not animate:
            self._skip_next = True
        self.session.play(move)
        self.sync()

    def say_no(self, cell: int | None, text: str = "") -> None:
        self.nope = (cell, Tween(0.45))
        if text:
            self.say(text, T.NOPE)

    def say(self, text: str, colour=T.MUTED, about: bytes | None = None) -> None:
        """Show a message; one ``about`` a position (a hint, a dead end) goes when the position changes."""
        self.message, self.message_colour, self.message_age = text, colour, 0.0
        self.message_about = about

    # -- position changes -> animations ------------------------------------------------------
    _skip_next = False

    def sync(self) -> None:
        new = self.session.position
        if new == self.target:
            return
        old = self.target
        self.finish_anim()
        self.target = new
        self._index_moves()
        self.selected = None
        self.press, self.dragging, self.drag_offset = None, False, (0, 0)   # a drag in progress is void now
        skip, self._skip_next = self._skip_next, False
        if skip or self.app.settings.reduce_motion:
            return
        anim = None
        for move in self.puzzle.legal_moves(old):
            if self.puzzle.play(old, move) == new:
                anim = (old, move_paths(self.puzzle, old, move), move_kind(self.puzzle, move))
                break
        else:
            for move in self.puzzle.legal_moves(new):   # an undo: the move from new back to old, reversed
                if self.puzzle.play(new, move) == old:
                    paths = tuple((d, s) for s, d in move_paths(self.puzzle, new, move))
                    anim = (old, paths, move_kind(self.puzzle, move))
                    break
        if anim is None:
            return
        before, paths, kind = anim
        duration = DURATION.get(kind, 0.2)
        pb = self.session.playback
        if pb is not None:
            duration = min(duration * 1.6, 0.85 / max(0.5, pb.speed))
        self.anim = Anim(before, new, paths, kind, duration)

    # -- intents -------------------------------------------------------------------------------
    def handle_intent(self, intent: Intent) -> None:
        s = self.session
        self.app.note_input()
        if intent in DIRECTIONS:
            self.direction(intent)
        elif intent in (Intent.NEXT, Intent.PREV):
            self.cycle(1 if intent is Intent.NEXT else -1)
        elif intent is Intent.CONFIRM:
            self.confirm()
        elif intent is Intent.BACK:
            if self.selected is not None:
                self.selected = None
            elif s.playback is not None:
                s.stop_solve()
                self.say("Solving stopped.")
            elif s.job is not None:
                s.cancel_search()
                self.say("Search cancelled.")
            else:
                self.app.back_to_menu()
        elif intent is Intent.UNDO:
            self.finish_anim()
            if not s.undo():
                self.say_no(None, "Nothing to undo.")
        elif intent is Intent.REDO:
            self.finish_anim()
            if not s.redo():
                self.say_no(None, "Nothing to redo.")
        elif intent is Intent.RESTART:
            self.finish_anim()
            s.restart()
            self.say("Back to the start (U undoes it).")
        elif intent is Intent.NEW:
            self.finish_anim()
            s.new_deal()
            self.par = None
            self.say(self.spec.dealer.new_message)
        elif intent is Intent.HINT:
            self.finish_anim()
            s.request_hint()
        elif intent is Intent.SOLVE:
            self.finish_anim()
            if s.solved:
                self.say("Already solved: press R to restart or N for a new game.")
            s.start_solve()
        elif intent is Intent.PAUSE:
            if s.playback is not None:
                s.toggle_pause()
            elif s.job is None and not s.solved:
                s.start_solve()
        elif intent is Intent.STEP:
            self.finish_anim()
            s.step()
        elif intent is Intent.FASTER:
            s.faster()
            self.say(f"Solve speed: {s.speed:g} moves a second.")
        elif intent is Intent.SLOWER:
            s.slower()
            self.say(f"Solve speed: {s.speed:g} moves a second.")
        elif intent is Intent.CANCEL:
            if s.job is not None:
                s.cancel_search()
                self.say("Search cancelled.")
        elif intent is Intent.WINNABLE:
            self.finish_anim()
            if not s.undo_to_last_winnable():
                self.say_no(None, "Ask for a hint first (H): it finds the last position that can still win.")
        elif intent is Intent.MOTION:
            on = self.app.toggle_setting("reduce_motion")
            self.say("Reduced motion on." if on else "Full motion on.")
        elif intent is Intent.ARROWS:
            on = self.app.toggle_setting("arrows_move_gap")
            self.say("Arrows now move the gap." if on else "Arrows now move the tile.")
        elif intent is Intent.MARKS:
            on = self.app.toggle_setting("move_marks")
            if not on:
                self.say("Move marks off.")
            elif not self.oracle.exact:
                self.say(f"Move marks need a complete table: {self.puzzle.title} has too many positions for one.",
                         T.NOPE)
            else:
                self.say("Move marks on: every move shows whether it gets closer, farther, or into a dead end.")
        elif intent is Intent.ANALYSIS:
            self.finish_anim()
            self.app.open_analysis(self.puzzle.name)
            return
        elif intent in (Intent.DISTANCE_UP, Intent.DISTANCE_DOWN):
            self.set_deal_distance(self.deal_distance + (1 if intent is Intent.DISTANCE_UP else -1))
        elif intent is Intent.DEAL_AT:
            self.finish_anim()
            self.deal_at()
        self.sync()

    # -- deal at a distance ------------------------------------------------------------------------
    def deal_limit(self) -> int | None:
        """The largest distance a deal can ask for (None while the table is not ready)."""
        return self.session.deal_limit()

    def shown_deal_distance(self) -> int:
        top = self.deal_limit()
        return max(1, min(self.deal_distance, top)) if top else self.deal_distance

    def set_deal_distance(self, d: int) -> None:
        top = self.deal_limit()
        d = max(1, d if top is None else min(d, top))
        self.deal_distance = d
        self.app.settings.deal_distance = d
        self.app.save_settings()

    def deal_at(self) -> None:
        s = self.session
        d = self.shown_deal_distance()
        if not s.can_deal_at_distance():
            self.say("The table is still loading: try again in a moment.", T.NOPE)
            return
        if s.deal_at_distance(d):
            self.par = None
            if s.dealing is not None:
                self.say(f"Looking for a position {d} moves from the goal…")
        else:
            self.say(f"There is no position {d} moves from the goal.", T.NOPE)

    # -- move marks --------------------------------------------------------------------------------
    def marks(self) -> tuple[Mark, ...]:
        """Every legal move from the shown position with the table's verdict (empty if off or no table)."""
        if not self.app.settings.move_marks or not self.session.exact:
            return ()
        if self.target != self._marks_key:
            verdicts = self.oracle.verdicts(self.target) or []
            self._marks = tuple(Mark(move, verdict, move_paths(self.puzzle, self.target, move))
                                for move, verdict in verdicts)
            self._marks_key = self.target
        return self._marks

    def direction(self, intent: Intent) -> None:
        dr, dc = DIRECTIONS[intent]
        if self.spec.input is InputMode.SLIDE and not self.show_cursor:
            self.player_input()
            if self.app.settings.arrows_move_gap:
                dr, dc = -dr, -dc
            b = self.puzzle.board
            for anchor, moves in self.moves_by_anchor.items():
                for move, _ in moves:
                    (r0, c0), (r1, c1) = b.cells[move.src], b.cells[move.dst]
                    if (r1 - r0, c1 - c0) == (dr, dc):
                        self.play(move)
                        return
            self.say_no(None, "Nothing can slide that way.")
            return
        self.show_cursor = True
        self.cursor = self._step_cursor(self.cursor, dr, dc)

    def _step_cursor(self, cell: int, dr: int, dc: int) -> int:
        b = self.puzzle.board
        r0, c0 = b.cells[min(cell, len(b) - 1)]
        best, best_score = cell, None
        for i, (r, c) in enumerate(b.cells):
            ahead = (r - r0) * dr + (c - c0) * dc
            if ahead <= 0:
                continue
            side = abs((r - r0) * dc) + abs((c - c0) * dr)
            score = ahead + 2 * side
            if best_score is None or score < best_score:
                best, best_score = i, score
        return best

    def cycle(self, step: int) -> None:
        self.show_cursor = True
        if self.selected is not None:
            items = sorted(self.targets_of(self.selected))
        else:
            items = sorted(self.moves_by_anchor)
        if not items:
            self.say_no(None, "No piece can move: undo (U) or restart (R).")
            return
        if self.cursor in items:
            self.cursor = items[(items.index(self.cursor) + step) % len(items)]
        else:
            self.cursor = items[0] if step > 0 else items[-1]

    def confirm(self) -> None:
        self.player_input()
        self.show_cursor = True
        cell = self.cursor
        if self.selected is not None and cell in self.targets_of(self.selected):
            move = self.move_to(self.selected, self.view.cell_center(cell))
            if move is None:   # several moves end on this cell: take the first
                move = next(m for m, paths in self.moves_by_anchor[self.selected] if cell in {d for _, d in paths})
            self.play(move)
            return
        anchors = sorted(self.owner.get(cell, []), key=lambda a: (a != cell, a))  # the piece starting here first
        if not anchors:
            self.selected = None
            self.say_no(cell, "That cannot move now.")
            return
        if self.selected in anchors and len(anchors) > 1:
            anchor = anchors[(anchors.index(self.selected) + 1) % len(anchors)]
        else:
            anchor = anchors[0]
        self.activate(anchor)

    def activate(self, anchor: int) -> None:
        moves = self.moves_by_anchor.get(anchor, [])
        if len(moves) == 1:
            self.play(moves[0][0])
        elif moves:
            self.selected = anchor
            if self.show_cursor:
                self.say("Choose where it goes: a highlighted cell.")

    # -- mouse ---------------------------------------------------------------------------------
    def all_buttons(self) -> list[Button]:
        return [b for b in (*self.buttons.values(), *self.solve_buttons.values(), self.cancel_button,
                            self.winnable_button, *self.deal_buttons.values(), *self.toggles.values())
                if b.rect.w > 0]

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            if self.press is not None:
                dx, dy = event.pos[0] - self.press[1][0], event.pos[1] - self.press[1][1]
                if self.dragging or dx * dx + dy * dy > DRAG_THRESHOLD ** 2:
                    self.dragging = True
                    self.drag_offset = (dx, dy)
            elif event.rel != (0, 0):
                self.show_cursor = False
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.app.note_input()
            for b in self.all_buttons():
                if b.hit(event.pos):
                    self.pressed_button = b
                    return
            if not self.view.frame_rect().collidepoint(event.pos):
                self.selected = None
                return
            self.player_input()
            self.show_cursor = False
            if self.selected is not None:
                move = self.move_to(self.selected, event.pos)
                cell = self.view.hit(event.pos)
                if move is not None and cell in self.targets_of(self.selected):
                    self.play(move)
                    return
            anchor = self.anchor_at(event.pos)
            if anchor is None:
                cell = self.view.hit(event.pos)
                self.selected = None
                if cell is not None and self.target[cell] != 0:
                    self.say_no(cell, "That piece cannot move now.")
                elif cell is not None:
                    self.say_no(cell, "")
                return
            self.press = (anchor, event.pos)
            self.dragging = False
            self.drag_offset = (0, 0)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed_button is not None:
                b, self.pressed_button = self.pressed_button, None
                if b.hit(event.pos):
                    self.handle_intent(b.intent)
                return
            if self.press is None:
                return
            anchor, start = self.press
            self.press = None
            if anchor not in self.moves_by_anchor:
                self.dragging = False
                return
            if self.dragging:
                self.dragging = False
                src = self._centroid([s for s, _ in self.moves_by_anchor[anchor][0][1]])
                drop = (src[0] + self.drag_offset[0], src[1] + self.drag_offset[1])
                self.drag_offset = (0, 0)
                move = self.move_to(anchor, drop)
                if move is not None:
                    self.play(move, animate=False)
                else:
                    self.say_no(anchor, "")
                return
            if self.selected == anchor:
                self.selected = None
            else:
                self.activate(anchor)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.selected = None

    # -- time -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.message_age += dt
        for event in self.session.update(dt):
            self.on_event(event)
        if self.message_about is not None and self.message_about != self.session.position:
            self.say("")
        self.sync()
        if self.anim is not None:
            self.anim.tween.advance(dt)
            if self.anim.tween.done:
                self.anim = None
        if self.nope is not None:
            self.nope[1].advance(dt)
            if self.nope[1].done:
                self.nope = None
        if self.celebrate is not None:
            self.celebrate.advance(dt)
            if self.celebrate.done:
                self.celebrate = None
        if self.particles:
            g = self.view.pitch * 3.0
            keep = []
            for p in self.particles:
                p[0] += p[2] * dt
                p[1] += p[3] * dt
                p[3] += g * dt
                p[2] *= 0.99
                p[5] += p[6] * dt
                if p[1] < self.app.size[1] + 20:
                    keep.append(p)
            self.particles = keep
        if self.session.moves == 0 and self.par is None:
            self.par = self.session.known_distance()
        self.layout_panel()

    def on_event(self, event: Event) -> None:
        kind = event.kind
        if kind is EventKind.SOLVED:
            n = self.session.moves
            best = self.par
            if best is not None and n == best:
                extra = " That is optimal!"
            elif best is not None:
                extra = f" The fewest possible is {best}."
            else:
                extra = ""
            self.say(f"Solved in {n} moves.{extra}", T.GOOD)
            self.start_celebration()
        elif kind is EventKind.HINT:
            if event.move is not None and event.before is not None:
                dist = self.session.known_distance()
                left = f" ({dist} moves to go)" if dist is not None else ""
                text = describe_move(self.spec, event.before, event.move)
                self.say(f"Hint: {text}{left}. Press H again to play it.", T.HINT, about=event.before)
            else:
                self.say(event.message, T.HINT, about=self.session.position)
        elif kind is EventKind.DEAD_END:
            self.say(event.message, T.NOPE, about=self.session.position)
        elif kind in (EventKind.SEARCH_FAILED, EventKind.ILLEGAL):
            self.say(event.message, T.NOPE)
        elif kind is EventKind.DEAL:
            self.celebrate = None
            self.particles = []
            self.par = None
            if event.message:
                self.say(event.message, T.ACCENT)

    def start_celebration(self) -> None:
        self.celebrate = Tween(2.8)
        if self.app.settings.reduce_motion:
            return
        rng = random.Random()
        fr = self.view.frame_rect()
        colours = [T.ACCENT, T.GOOD, T.HINT, T.NOPE, (240, 240, 250), (190, 140, 240)]
        p = self.view.pitch
        self.particles = [
            [fr.centerx + rng.uniform(-0.3, 0.3) * fr.w, fr.centery, rng.uniform(-1, 1) * p * 4,
             -rng.uniform(2.5, 6) * p, rng.choice(colours), rng.uniform(0, 6.28), rng.uniform(-8, 8),
             rng.uniform(0.06, 0.12) * p]
            for _ in range(MAX_PARTICLES)
        ]

    # -- drawing ---------------------------------------------------------------------------------
    def highlights(self) -> Highlights:
        s = self.session
        hl = Highlights(time=self.time, reduce_motion=self.app.settings.reduce_motion,
                        cursor=self.cursor, show_cursor=self.show_cursor)
        if self.selected is not None:
            hl.selected = frozenset(src for _, paths in self.moves_by_anchor.get(self.selected, []) for src, _ in paths)
            hl.targets = frozenset(self.targets_of(self.selected))
        hint = s.hint_info
        if hint is not None and hint.move is not None and self.anim is None:
            try:
                paths = move_paths(self.puzzle, self.target, hint.move)
                hl.hint_from = frozenset(a for a, _ in paths)
                hl.hint_to = frozenset(b for _, b in paths)
            except (IndexError, ValueError):
                pass
        if self.nope is not None:
            hl.nope, hl.nope_t = self.nope[0], self.nope[1].raw
        if self.dragging and self.press is not None:
            hl.drag_cells = frozenset(src for src, _ in self.moves_by_anchor[self.press[0]][0][1])
            hl.drag_offset = self.drag_offset
        if self.anim is None and not self.dragging:
            marks = self.marks()
            if self.selected is not None:
                marks = tuple(Mark(m.move, m.verdict, m.paths, True) if m.move.src == self.selected else m
                              for m in marks)
            hl.marks = marks
        if self.celebrate is not None:
            t = self.celebrate.raw
            hl.solved_glow = (1 - t) if self.app.settings.reduce_motion else (1 - t) * (0.6 + 0.4 * math.sin(t * 18))
        elif s.solved:
            hl.solved_glow = 0.35
        return hl

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(background(surface.get_size()), (0, 0))
        self.draw_header(surface)
        motion = self.anim.motion() if self.anim is not None else None
        self.view.draw(surface, self.target, motion, self.highlights())
        self.draw_footer(surface)
        self.draw_panel(surface)
        self.draw_celebration(surface)

    def draw_header(self, surface) -> None:
        th = self.theme
        x, y = self.header.topleft
        title = th.fit(self.puzzle.title, "title", self.header.w)
        surface.blit(title, (x, y))
        y += title.get_height() + th.px(4)
        goal = f"Goal: {self.puzzle.goal_text}." if self.puzzle.goal_text else ""
        for line in th.wrap(f"{goal} {self.puzzle.move_rule}".strip(), "small", self.header.w)[:2]:
            surface.blit(th.text(line, "small", T.MUTED), (x, y))
            y += th.size_of("small")

    def draw_footer(self, surface) -> None:
        th = self.theme
        text = self.demo_caption or self.message
        if not text:
            return
        colour = T.TEXT if self.demo_caption else self.message_colour
        alpha = 255 if self.demo_caption or self.message_age < 6 else max(0, int(255 * (1 - (self.message_age - 6) / 1.5)))
        if alpha <= 0:
            return
        pill, text_size = self.message_pill(text, colour, "heading" if self.demo_caption else "body")
        box = pygame.Rect((0, 0), text_size)
        box.center = self.footer.center
        box = box.inflate(th.px(28), th.px(12))
        pill.set_alpha(alpha)
        surface.blit(pill, box.topleft)

    def message_pill(self, text: str, colour, role: str) -> tuple[pygame.Surface, tuple[int, int]]:
        """The footer's message in its rounded pill at full opacity (and the text's size), cached:
        a message stays up for many frames."""
        th = self.theme
        key = (text, colour, role, self.footer.w, th.scale)
        got = self._pills.get(key)
        if got is None:
            surf = th.fit(text, role, self.footer.w - th.px(40), colour)
            box = surf.get_rect().inflate(th.px(28), th.px(12))
            pill = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(pill, (*T.PANEL, 220), pill.get_rect(), border_radius=box.h // 2)
            pygame.draw.rect(pill, (*T.shade(colour, -0.3), 255), pill.get_rect(), max(1, th.px(2)),
                             border_radius=box.h // 2)
            pill.blit(surf, surf.get_rect(center=(box.w // 2, box.h // 2)))
            if len(self._pills) >= PILL_CACHE:
                self._pills.clear()
            got = self._pills[key] = (pill, surf.get_size())
        return got

    def layout_panel(self) -> None:
        """Work out the side panel for the current state: every panel button's place, label and
        state, and what draw_panel() blits where. Runs from layout() and after every update(), so
        clicks hit what the next frame shows, whether or not a frame was drawn."""
        th = self.theme
        s = self.session
        r = self.panel
        ops: list[tuple] = []
        pad = th.px(18, 8)
        x, y, w = r.x + pad, r.y + pad, r.w - 2 * pad
        shelf = self.spec.shelf
        ops.append(("blit", th.fit(shelf.title.upper(), "tiny", w, shelf.colour), (x, y)))
        y += th.size_of("tiny") + th.px(10)
        spin = spinner(self.time, self.app.settings.reduce_motion)

        # figures: the count is live and exact wherever a table exists
        status = self.oracle.status()
        dist = s.known_distance()
        if s.solved:
            best_text, best_col = "solved", T.GOOD
        elif dist is not None:
            best_text, best_col = str(dist), T.HINT
        elif s.exact:
            best_text, best_col = "dead end", T.NOPE
        elif (status.busy and self.oracle.exact) or s.job is not None:
            best_text, best_col = "…", T.MUTED
        else:
            best_text, best_col = "?", T.DIM
        rows = [("Moves", str(s.moves), T.TEXT), ("Fewest to goal", best_text, best_col),
                ("Time", _clock(s.elapsed), T.TEXT)]
        row_h = th.size_of("stat") + th.px(6)
        for label, value, colour in rows:
            row = stat_row(th, x, y, w, label, value, colour, "stat", th.px(2))
            ops += [("blit", surf, pos) for surf, pos in row]
            y += row_h
            ops.append(("line", T.PANEL_EDGE, (x, y), (x + w, y)))
            y += th.px(6)
        y = self.layout_table_status(ops, x, y, w, status, dist)

        # status box: search / solving / dead end
        for b in (*self.solve_buttons.values(), self.cancel_button, self.winnable_button):
            b.rect = pygame.Rect(0, 0, 0, 0)
        bh = max(th.px(36), th.size_of("body") + th.px(14))
        gap = th.px(8, 4)
        hint = s.hint_info
        box_lines: list[tuple[str, str, tuple]] = []
        box_buttons: list[Button] = []
        box_colour = T.CARD
        if s.job is not None and s.dealing is not None:
            box_lines = [(f"Dealing {s.dealing} moves from the goal {spin}", "body", T.TEXT),
                         (f"{s.job.elapsed:4.1f} s  solving a random board: {s.job.text}", "tiny", T.MUTED)]
            box_buttons = [self.cancel_button]
        elif s.job is not None:
            what = "Hint" if s.purpose is Purpose.HINT else "Solve"
            box_lines = [(f"{what}: searching {spin}", "body", T.TEXT),
                         (f"{s.job.elapsed:4.1f} s   {s.job.text}", "tiny", T.MUTED)]
            box_buttons = [self.cancel_button]
        elif s.playback is not None:
            pb = s.playback
            state = "paused" if pb.paused else f"{pb.speed:g} moves/s"
            box_lines = [(f"Solving: {len(pb.remaining)} moves left", "body", T.TEXT),
                         (f"{state}. Any move of yours takes over.", "tiny", T.MUTED)]
            self.solve_buttons["pause"].label = "Resume" if pb.paused else "Pause"
            self.solve_buttons["pause"].active = pb.paused
            box_buttons = list(self.solve_buttons.values())
            box_colour = T.mix(T.CARD, T.HINT, 0.12)
        elif (hint is not None and hint.dead_end) or (hint is None and s.exact and s.known_dead_end()):
            box_lines = [("Dead end: the goal cannot be reached from here.", "small", T.TEXT)]
            if hint is not None and hint.last_winnable is not None:
                box_lines.append((f"Undo {s.cursor - hint.last_winnable} moves to win again.", "tiny", T.MUTED))
                box_buttons = [self.winnable_button]
            elif hint is None:
                box_lines.append(("B goes back to the last winnable position.", "tiny", T.MUTED))
                box_buttons = [self.winnable_button]
            else:
                box_lines.append(("Restart (R) to try again.", "tiny", T.MUTED))
            box_colour = T.mix(T.CARD, T.NOPE, 0.25)
        elif hint is not None and hint.move is not None:
            box_lines = [("Hint: the highlighted move.", "small", T.TEXT),
                         (f"{hint.distance} moves to go. H plays it.", "tiny", T.MUTED)]
            box_colour = T.mix(T.CARD, T.HINT, 0.2)
        elif s.solved:
            box_lines = [("Solved!", "heading", T.GOOD),
                         ("N for a new game, R to restart.", "tiny", T.MUTED)]
            box_colour = T.mix(T.CARD, T.GOOD, 0.18)
        if box_lines:
            wrapped = []
            for text, role, colour in box_lines:
                for line in th.wrap(text, role, w - th.px(20)):
                    wrapped.append((line, role, colour))
            inner_h = sum(th.size_of(role) + th.px(3) for _, role, _ in wrapped)
            n_rows = (len(box_buttons) + 1) // 2 if len(box_buttons) > 1 else len(box_buttons)
            box_h = inner_h + th.px(20) + (n_rows * (bh + gap) if box_buttons else 0)
            box = pygame.Rect(x, y, w, box_h)
            ops.append(("rect", box_colour, box, th.px(12)))
            ty = y + th.px(10)
            for line, role, colour in wrapped:
                ops.append(("blit", th.text(line, role, colour), (x + th.px(10), ty)))
                ty += th.size_of(role) + th.px(3)
            if box_buttons:
                inner = pygame.Rect(x + th.px(10), ty + th.px(4), w - th.px(20), 0)
                layout_grid(box_buttons, inner, 1 if len(box_buttons) == 1 else 2, bh, gap)
            y = box.bottom + th.px(12)

        # the bottom block first (it has a fixed height): deal at distance, settings, help
        sliding = self.spec.input is InputMode.SLIDE
        tg = self.toggles
        st = self.app.settings
        tg["marks"].label = "Marks: " + ("on" if st.move_marks else "off")
        tg["marks"].active = st.move_marks
        tg["motion"].label = "Motion: " + ("reduced" if st.reduce_motion else "full")
        tg["motion"].active = st.reduce_motion
        tg["arrows"].label = "Arrows: " + ("gap" if st.arrows_move_gap else "tile")
        items = [tg["marks"], tg["motion"]] + ([tg["arrows"]] if sliding else [])
        if not sliding:
            tg["arrows"].rect = pygame.Rect(0, 0, 0, 0)
        help_text = ("Arrows slide · Tab + Enter pick · F11 full screen" if sliding
                     else "Arrows/Tab move the cursor · Enter picks · F11 full screen")
        help_lines = th.wrap(help_text, "tiny", w)[:2]
        legend_h = (th.size_of("tiny") + th.px(12)) if st.move_marks and s.exact else 0
        toggle_rows = (len(items) + 1) // 2
        deal_h = th.size_of("tiny") + th.px(6) + bh
        bottom_h = (deal_h + th.px(12) + legend_h + toggle_rows * (bh + gap)
                    + len(help_lines) * th.size_of("tiny") + th.px(6))
        bottom_y = r.bottom - pad - bottom_h

        # main buttons fill what is left between the status box and the bottom block
        b = self.buttons
        b["undo"].enabled = s.cursor > 0
        b["redo"].enabled = s.cursor + 1 < len(s.history)
        b["hint"].enabled = not s.solved
        b["solve"].enabled = not s.solved
        b["solve"].label = "Pause" if s.playback is not None and not s.playback.paused else (
            "Resume" if s.playback is not None else "Solve")
        b["new"].label = self.spec.dealer.new_label
        order = [b["hint"], b["solve"], b["undo"], b["redo"], b["restart"], b["new"], b["analysis"], b["menu"]]
        room = bottom_y - th.px(10) - y
        grid_h = max(th.px(28), min(bh + th.px(12), (room - 3 * gap) // 4))
        layout_grid(order, pygame.Rect(x, y, w, 0), 2, grid_h, gap)

        y = bottom_y
        y = self.layout_deal_row(ops, x, y, w, bh, gap) + th.px(12)
        if legend_h:
            ops.append(("legend", x, y, w))
            y += legend_h
        y = layout_grid(items, pygame.Rect(x, y, w, 0), 2, bh, gap) + gap
        for line in help_lines:
            ops.append(("blit", th.text(line, "tiny", T.DIM), (x, y)))
            y += th.size_of("tiny")
        self._panel_ops = ops

    def draw_panel(self, surface) -> None:
        """The panel as layout_panel() last placed it: reads the plan and the buttons, changes nothing."""
        th = self.theme
        card(surface, th, self.panel, 18)
        for op in self._panel_ops:
            kind = op[0]
            if kind == "blit":
                surface.blit(op[1], op[2])
            elif kind == "line":
                pygame.draw.line(surface, op[1], op[2], op[3], 1)
            elif kind == "rect":
                pygame.draw.rect(surface, op[1], op[2], border_radius=op[3])
            elif kind == "bar":
                draw_progress(surface, op[1], op[2], op[3])
            elif kind == "legend":
                self.draw_legend(surface, op[1], op[2], op[3])
        mouse = self.hover
        for button in self.all_buttons():
            button.draw(surface, th, mouse, pressed=self.pressed_button is button)

    def layout_table_status(self, ops: list, x: int, y: int, w: int, status, dist) -> int:
        """Under the figures: the table's (or the 15-puzzle tables') build progress, or how to find
        out. Adds what to draw to ``ops`` and returns the y below it."""
        th = self.theme
        s = self.session
        line_h = th.size_of("tiny") + th.px(3)
        if status.phase is Phase.BUILDING and not self.oracle.exact:
            bar = pygame.Rect(x, y + th.px(2), w, th.px(8, 5))
            ops.append(("bar", bar, status.fraction, T.ACCENT))
            y = bar.bottom + th.px(6)
            text = (f"Building {self.puzzle.title} tables {status.fraction:.0%} (first run only) — "
                    "hints use a simpler heuristic meanwhile")
            for line in th.wrap(text, "tiny", w)[:3]:
                ops.append(("blit", th.text(line, "tiny", T.MUTED), (x, y)))
                y += line_h
            return y + th.px(8)
        if status.phase is Phase.BUILDING:
            bar = pygame.Rect(x, y + th.px(2), w, th.px(8, 5))
            ops.append(("bar", bar, status.fraction, T.HINT))
            y = bar.bottom + th.px(6)
            ops.append(("blit", th.fit(f"Solving every position once: {status.fraction:.0%}", "tiny", w, T.MUTED),
                        (x, y)))
            return y + line_h + th.px(8)
        note = None
        if status.phase is Phase.LOADING and self.oracle.exact:
            note = th.fit("Loading the table of every position…", "tiny", w, T.DIM)
        elif s.exact and not s.solved:
            what = "exact: every position is solved" if dist is not None else "no move sequence reaches the goal"
            note = th.fit(f"Live count, {what}.", "tiny", w, T.DIM)
        elif dist is None and not s.solved and s.job is None:
            note = th.fit("Press H or S to find out.", "tiny", w, T.DIM)
        elif status.phase is Phase.FAILED:
            note = th.fit(status.text, "tiny", w, T.NOPE)
        if note is not None:
            ops.append(("blit", note, (x, y)))
        return y + th.size_of("tiny") + th.px(12)

    def layout_deal_row(self, ops: list, x: int, y: int, w: int, bh: int, gap: int) -> int:
        th = self.theme
        d = self.shown_deal_distance()
        top = self.deal_limit()
        ready = self.session.can_deal_at_distance()
        caption = "Deal at a distance from the goal"
        if top:
            caption += f" (1 to {top})"
        ops.append(("blit", th.fit(caption, "tiny", w, T.MUTED), (x, y)))
        y += th.size_of("tiny") + th.px(6)
        db = self.deal_buttons
        small = max(bh, th.px(40))
        db["down"].rect = pygame.Rect(x, y, small, bh)
        db["up"].rect = pygame.Rect(x + w - small, y, small, bh)
        db["deal"].rect = pygame.Rect(x + small + gap, y, w - 2 * (small + gap), bh)
        db["deal"].label = f"Deal {d} moves out"
        db["deal"].enabled = ready
        db["down"].enabled = ready and d > 1
        db["up"].enabled = ready and (top is None or d < top)
        return y + bh

    def draw_legend(self, surface, x: int, y: int, w: int) -> None:
        """What the move marks mean: the same badges as on the board, with words."""
        th = self.theme
        radius = max(6, th.size_of("tiny") // 2)
        verdicts = tuple(Verdict)
        cell_w = w // len(verdicts)
        for i, verdict in enumerate(verdicts):
            spr = mark_sprite(verdict, radius)
            cx = x + i * cell_w
            surface.blit(spr, (cx, y))
            surface.blit(th.fit(verdict.value, "tiny", cell_w - spr.get_width() - th.px(6), T.MUTED),
                         (cx + spr.get_width() + th.px(4), y + (spr.get_height() - th.size_of("tiny")) // 2 + 1))

    def draw_celebration(self, surface) -> None:
        for p in self.particles:
            x, y, _, _, colour, angle, _, size = p
            w = size * (0.4 + 0.6 * abs(math.cos(angle)))
            pygame.draw.rect(surface, colour, (x - w / 2, y - size / 4, max(1, w), max(1, size / 2)))
        if self.celebrate is None:
            return
        th = self.theme
        t = self.celebrate.raw
        a = min(1.0, t * 6, (1 - t) * 4)
        if a <= 0:
            return
        fr = self.view.frame_rect()
        title = th.text("Solved!", "display", T.TEXT)
        sub = th.text(f"{self.session.moves} moves" + (f" · optimal {self.par}" if self.par is not None else ""),
                      "heading", T.GOOD)
        box = pygame.Rect(0, 0, max(title.get_width(), sub.get_width()) + th.px(60),
                          title.get_height() + sub.get_height() + th.px(30))
        scale = 1.0 if self.app.settings.reduce_motion else ease_out_cubic(min(1.0, t * 5)) * 0.15 + 0.85
        box.center = (fr.centerx, max(box.h // 2 + th.px(6), fr.top - th.px(4)))
        banner = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(banner, (*T.PANEL, 235), banner.get_rect(), border_radius=th.px(20))
        pygame.draw.rect(banner, (*T.GOOD, 255), banner.get_rect(), max(2, th.px(3)), border_radius=th.px(20))
        banner.blit(title, title.get_rect(midtop=(box.w // 2, th.px(12))))
        banner.blit(sub, sub.get_rect(midtop=(box.w // 2, th.px(16) + title.get_height())))
        if abs(scale - 1) > 0.01:
            banner = pygame.transform.smoothscale(banner, (int(box.w * scale), int(box.h * scale)))
        banner.set_alpha(int(255 * a))
        surface.blit(banner, banner.get_rect(center=box.center))


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
