"""Each robot has a colour of its own and keeps it, and the words name the colour drawn: Lunar Lockout's
helpers (and the Ricochet boards') are interchangeable in the rules, yet the player follows each one.

The colours are read off the drawing (a pixel of the robot's body), and a colour's word from its hue, as
a person would name it; which robot is which is followed here cell by cell, by the moves themselves."""
from __future__ import annotations

import colorsys

import pygame

from game.catalog import registry as catalog
from game.common import i18n
from game.midend.notation import piece_words
from game.midend.review import review_of
from game.rules.puzzle import Move
from game.ui import theme as T
from game.ui.colour_check import closest_pair
from game.ui.play.scene import PlayScene
from game.ui.views import view_for
from tests.ui.helpers import frames, key, open_puzzle

ROBOTS = [name for name in catalog.names() if catalog.get(name).presentation.view == "robots"]
KANJI = {"red": "赤", "green": "緑", "yellow": "黄", "blue": "青", "purple": "紫", "white": "白"}
LUNAR = "lunar-lockout-10"   # five robots: the red one and four helpers, 7 moves
# Lunar Lockout 10: the blue robot goes down and left, past the yellow one, which comes down to where the
# blue one went first: it now stands third of the helpers in reading order, where the blue one stood at
# the start, and the hint sends it
PASSING = (("e2", "e4"), ("e4", "c4"), ("e1", "e4"))
# Ricochet board 3: its two helpers trade places, so the position comes back with them the other way round
SWAP = "ricochet-3", (("b1", "b2"), ("c1", "b1"), ("b2", "d2"), ("b1", "b2"), ("d2", "c2"), ("c2", "c1"))


def colour_word(rgb: tuple[int, int, int]) -> str:
    """What a person calls a colour: white or grey when nearly unsaturated, else by its hue."""
    hue, lightness, saturation = colorsys.rgb_to_hls(*(c / 255 for c in rgb))
    if saturation < 0.2 or lightness > 0.9:
        return "white" if lightness > 0.8 else "grey"
    degrees = hue * 360
    for word, below in (("red", 15), ("orange", 40), ("yellow", 70), ("green", 175), ("blue", 255),
                        ("purple", 300), ("pink", 345), ("red", 361)):
        if degrees < below:
            return word
    raise AssertionError(rgb)


def body(surface: pygame.Surface, rect: pygame.Rect) -> tuple[int, int, int]:
    """The colour of the robot drawn in ``rect``: its body, left of its chest plate."""
    colour = surface.get_at((rect.x + round(rect.w * 0.22), rect.y + round(rect.h * 0.64)))
    return colour.r, colour.g, colour.b


def nearest(colour: tuple[int, int, int], among) -> tuple[int, int, int]:
    """Of ``among``, the colour closest to ``colour`` (a gliding robot sits between pixels)."""
    return min(among, key=lambda c: sum((a - b) ** 2 for a, b in zip(colour, c)))


def screen(scene: PlayScene) -> pygame.Surface:
    surface = pygame.Surface(scene.ctx.size)
    scene.draw(surface)
    return surface


def robot_cells(position: bytes) -> list[int]:
    return [cell for cell, code in enumerate(position) if code]


def move_at(scene: PlayScene, src: str, dst: str) -> Move:
    cells = {scene.puzzle.board.coord(cell): cell for cell in range(len(scene.puzzle.board))}
    return next(m for m in scene.puzzle.legal_moves(scene.session.position) if (m.src, m.dst) == (cells[src], cells[dst]))


class Followed:
    """The robots of a game, each followed from cell to cell by the moves played (undone: back)."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.at = {cell: i for i, cell in enumerate(robot_cells(scene.session.position))}   # cell -> robot
        self.done: list[tuple[int, int]] = []
        self.undone: list[tuple[int, int]] = []
        self.colours = self.drawn()

    def drawn(self) -> dict[int, tuple[int, int, int]]:
        """Each robot's colour as the screen shows it now."""
        return {self.at[cell]: colour for cell, colour in self.by_cell().items()}

    def by_cell(self) -> dict[int, tuple[int, int, int]]:
        """The colour drawn on each cell that holds a robot."""
        surface, view = screen(self.scene), self.scene.view
        return {cell: body(surface, view.cell_rect(cell)) for cell in robot_cells(self.scene.session.position)}

    def step(self, src: int, dst: int) -> None:
        self.at[dst] = self.at.pop(src)

    def play(self, src: str, dst: str) -> None:
        move = move_at(self.scene, src, dst)
        self.scene.play(move)
        self.land()
        self.step(move.src, move.dst)
        self.done.append((move.src, move.dst))
        self.undone.clear()

    def undo(self) -> None:
        key(self.scene.ctx, pygame.K_u, settle=2)
        self.land()
        src, dst = self.done.pop()
        self.step(dst, src)
        self.undone.append((src, dst))

    def redo(self) -> None:
        key(self.scene.ctx, pygame.K_u, pygame.KMOD_SHIFT, settle=2)
        self.land()
        src, dst = self.undone.pop()
        self.step(src, dst)
        self.done.append((src, dst))

    def land(self) -> None:
        """The move in flight lands (as any input makes it), and the screen shows where it rests."""
        self.scene.effects.finish_move()
        frames(self.scene.ctx, 1)

    def keeps_colours(self) -> None:
        """Each robot is drawn in its own colour still (the nearest of the robots' colours to what is drawn)."""
        drawn = {robot: nearest(colour, self.colours.values()) for robot, colour in self.drawn().items()}
        assert drawn == self.colours


def test_every_start_paints_its_robots_apart_and_names_each_by_the_colour_drawn(app):
    """Standard and high contrast, as the menu card draws the start: every robot a colour of its own, apart
    in every colour vision, and its name (English and Japanese) the colour drawn."""
    theme = T.Theme((800, 600))
    for name in ROBOTS:
        spec = catalog.get(name)
        view, start = view_for(spec), spec.puzzle.start
        for palette in T.PALETTES.values():
            theme.palette = palette
            view.theme = theme
            thumb = view.thumbnail(start, (480, 480))
            colours = {cell: body(thumb, view.cell_rect(cell)) for cell in robot_cells(start)}
            assert len(set(colours.values())) == len(colours), (name, palette.name, colours)
            assert closest_pair({str(cell): c for cell, c in colours.items()})[0] >= 10, (name, palette.name)
        words = {cell: piece_words(spec, start, cell) for cell in colours}
        assert all(words[cell] == f"{colour_word(colours[cell])} robot" for cell in colours), (name, words)
        try:
            i18n.activate("ja")
            japanese = {cell: piece_words(spec, start, cell) for cell in colours}
        finally:
            i18n.deactivate()
        assert len(set(japanese.values())) == len(japanese), japanese
        assert all(japanese[cell].startswith(KANJI[colour_word(colours[cell])]) for cell in colours), japanese
        assert spec.goal_sentence().startswith("Goal: the red robot"), name


def test_each_robot_keeps_its_colour_through_moves_undo_and_redo(app):
    s = open_puzzle(app, LUNAR)
    robots = Followed(s)
    at_start = robots.by_cell()
    assert len(set(robots.colours.values())) == 5
    for src, dst in PASSING:
        robots.play(src, dst)
        robots.keeps_colours()
    robots.undo()
    robots.undo()
    robots.keeps_colours()
    robots.redo()
    robots.keeps_colours()
    robots.redo()
    robots.keeps_colours()
    key(app, pygame.K_r, settle=2)            # a restart: the start as it began
    assert s.session.position == s.puzzle.start and robots.by_cell() == at_start


def test_two_helpers_that_trade_places_trade_colours(app):
    """The position comes back with the two helpers the other way round: the same position, the colours
    swapped; undo to it and redo, and each keeps its own."""
    name, line = SWAP
    s = open_puzzle(app, name)
    robots = Followed(s)
    seen = [s.session.position]
    for src, dst in line:
        robots.play(src, dst)
        robots.keeps_colours()
        seen.append(s.session.position)
    back = seen.index(seen[-1])
    assert back < len(line)
    now = robots.by_cell()
    for _ in range(len(line) - back):
        robots.undo()
        robots.keeps_colours()
    then = robots.by_cell()
    assert s.session.position == seen[-1] and now != then and sorted(now.values()) == sorted(then.values())
    for _ in range(len(line) - back):
        robots.redo()
        robots.keeps_colours()
    assert robots.by_cell() == now


def test_the_hint_names_the_colour_drawn_where_its_move_begins(app):
    s = open_puzzle(app, LUNAR)
    robots = Followed(s)
    for src, dst in PASSING:
        robots.play(src, dst)
    for _ in range(2):   # the piece, the move (the count on screen already says how far)
        key(app, pygame.K_h, settle=1)
        for _ in range(600):
            frames(app, 1)
            if s.session.hint_info is not None:
                break
    hint = s.session.hint_info
    assert hint is not None and hint.move is not None and hint.distance == 4
    src = hint.move.src
    drawn = robots.by_cell()
    assert [cell for cell in drawn if drawn[cell] == drawn[src]] == [src]   # its colour singles it out
    helpers = [cell for cell in robot_cells(s.session.position) if colour_word(robots.colours[robots.at[cell]]) != "red"]
    first = sorted(robots.at[cell] for cell in helpers)
    assert helpers.index(src) != first.index(robots.at[src])   # reading order would name another robot
    word = colour_word(body(screen(s), s.view.cell_rect(src)))
    sentence = s.footer.text
    assert f"the {word} robot" in sentence, sentence
    assert sum(f"{other} robot" in sentence for other in KANJI) == 1, sentence
    assert hint.words(s.spec, s.session.position).startswith(f"{word} robot"), hint.words(s.spec, s.session.position)


def test_the_review_names_each_move_by_the_colour_its_robot_was_drawn(app):
    name, line = SWAP
    s = open_puzzle(app, name)
    robots = Followed(s)
    words = {robots.at[cell]: f"{colour_word(c)} robot" for cell, c in
             ((cell, body(screen(s), s.view.cell_rect(cell))) for cell in robot_cells(s.session.position))}
    assert len(set(words.values())) == len(words)
    moved = []
    for src, dst in line:
        move = move_at(s, src, dst)
        moved.append(words[robots.at[move.src]])
        robots.play(src, dst)
    texts = [step.text for step in review_of(s.session).steps]
    assert [t.rsplit(" ", 1)[0] for t in texts] == moved, texts


def test_a_solve_glides_each_robot_in_its_own_colour(app):
    s = open_puzzle(app, LUNAR)
    robots = Followed(s)
    key(app, pygame.K_s, settle=1)
    seen: list[object] = []
    for _ in range(60 * 20):
        frames(app, 1)
        anim = s.effects.anim
        if anim is not None and all(anim is not a for a in seen) and 0.3 < anim.tween.value < 0.7:
            seen.append(anim)
            motion = anim.motion()
            (src, dst), = motion.paths
            a, b = s.view.cell_rect(src), s.view.cell_rect(dst)
            rect = pygame.Rect(round(a.x + (b.x - a.x) * motion.t), round(a.y + (b.y - a.y) * motion.t), a.w, a.h)
            surface = screen(s)
            assert list(robots.colours.values()).count(robots.colours[robots.at[src]]) == 1
            assert nearest(body(surface, rect), robots.colours.values()) == robots.colours[robots.at[src]]
            for cell, other in robots.at.items():   # the others stand still in theirs
                if cell != src:
                    assert nearest(body(surface, s.view.cell_rect(cell)), robots.colours.values()) == robots.colours[other]
            robots.step(src, dst)
        if s.session.solved and s.effects.anim is None:
            break
    assert s.session.solved and len(seen) == s.session.moves == 7
    robots.keeps_colours()
