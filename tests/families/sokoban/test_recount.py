"""K keeps a Sokoban game: counted by moves, each push counted by pushes becomes the keeper's steps to
the box and the push; counted by pushes, each run of steps joins the push that ends it, and steps after
the last push stay one walk, which the next push joins as a walk played under pushes would be. The
positions, undo and redo stay; a game switched mid-way claims no optimum."""
from __future__ import annotations

import random

import pygame

from game.catalog import registry as catalog
from game.common.background import Service, Where
from game.families.sokoban.kinds import PUSH, WALK
from game.families.sokoban.level import BOX, KEEPER
from game.keeping.kept import load_text, save_text
from game.midend.recount import recounted
from game.midend.session import Session
from game.ui.play.scene import PlayScene
from tests.families.sokoban.levels import PUSHES, STEPS, spec
from tests.families.sokoban.plain import Plain
from tests.ui.helpers import frames, key

INLINE = Service(Where.INLINE)


def session(name: str, count) -> Session:
    s = spec(name, count)
    s.oracle.prepare()
    return Session(s, service=INLINE, rng=random.Random(2))


def kinds(s: Session) -> list[str]:
    rules = s.puzzle.rules.rules
    return [rules[e.move.rule].kind for e in s.history if e.move is not None]


def legal_throughout(s: Session) -> None:
    at = s.history[0].position
    for entry in s.history[1:]:
        assert entry.move is not None and s.puzzle.play(at, entry.move) == entry.position
        at = entry.position


def pushes_in(s: Session) -> int:
    return sum(1 for k in kinds(s) if k == PUSH.label)


def test_pushes_split_into_the_keeper_s_steps_and_join_again():
    s = session("detour", PUSHES)
    line = s.oracle.solve(s.position).moves
    half = len(line) // 2 + 1
    for move in line[:half]:
        s.play(move)
    walked = sum(len(s.puzzle.route(e.position, n.move)) - 1 for e, n in zip(s.history, s.history[1:]))
    steps = recounted(s, spec("detour", STEPS))
    assert steps.position == s.position and steps.moves == walked > s.moves == half
    assert pushes_in(steps) == half and set(e.position for e in s.history) <= set(e.position for e in steps.history)
    legal_throughout(steps)
    steps.undo()
    assert steps.moves == walked - 1 and steps.position.index(KEEPER) != s.position.index(KEEPER)
    steps.redo()
    back = recounted(steps, spec("detour", PUSHES))   # every walk joins its push again: the same game
    assert [e.position for e in back.history] == [e.position for e in s.history] and back.moves == half
    legal_throughout(back)


def test_steps_after_the_last_push_stay_one_walk_that_the_next_push_joins():
    s = session("yard", STEPS)
    board = s.puzzle.board
    for to in ((1, 2), (1, 1), (2, 1)):        # three steps left and down, beside the left box: no push
        s.play(next(m for m, nxt in s.puzzle.steps(s.position) if nxt[board.at(*to)] == KEEPER))
    assert s.moves == 3 and pushes_in(s) == 0
    pushes = recounted(s, spec("yard", PUSHES))
    assert pushes.position == s.position and pushes.moves == 1 and kinds(pushes) == [WALK.label]
    catalog.register(spec("yard"), shelved=False)
    try:                                                        # the open walk is kept with the game
        again = load_text(save_text(pushes), service=INLINE)
        assert again.spec.count is PUSHES and again.position == s.position and again.moves == 1
    finally:
        catalog.unregister("yard")
    push = next(m for m in pushes.legal_moves() if pushes.puzzle.is_push(pushes.position, m))
    pushes.play(push, step=True)                # the next push: it and the walk are one move
    assert pushes.moves == 1 and kinds(pushes) == [PUSH.label]
    assert pushes.timeline.notes[0].recounted


def test_random_games_keep_their_positions_both_ways():
    rng = random.Random(7)
    for name in ("yard", "detour"):
        for _game in range(6):
            s = session(name, STEPS)
            for _ in range(rng.randrange(5, 40)):
                s.play(rng.choice(s.legal_moves()))
            pushes = recounted(s, spec(name, PUSHES))
            pushed = [e.position for e, k in zip(s.history[1:], kinds(s)) if k == PUSH.label]
            walked_on = s.position != (pushed[-1] if pushed else s.history[0].position)   # one walk still open
            assert pushes.position == s.position and pushes_in(pushes) == pushes_in(s)
            assert pushes.moves == pushes_in(s) + walked_on and (kinds(pushes)[-1:] == [WALK.label]) == walked_on
            assert set(e.position for e in pushes.history) <= set(e.position for e in s.history)
            legal_throughout(pushes)
            steps = recounted(pushes, spec(name, STEPS))
            assert steps.position == s.position and pushes_in(steps) == pushes_in(s) and steps.moves <= s.moves
            legal_throughout(steps)


def test_a_game_recounted_mid_way_wins_without_claiming_the_optimum():
    s = session("detour", STEPS)
    plain = Plain(s.puzzle.level.rows)
    line = s.oracle.solve(s.position).moves
    for move in line[:5]:
        s.play(move)
    pushes = recounted(s, spec("detour", PUSHES))
    for move in pushes.oracle.solve(pushes.position).moves:
        pushes.play(move)
    win = pushes.result()
    assert win is not None and pushes.puzzle.is_goal(pushes.position) and win.notes.recounted
    assert not win.optimal and pushes.moves >= plain.best()[0]


def test_k_on_the_play_screen_keeps_the_game(app):
    s = spec("yard", STEPS)
    catalog.register(s, shelved=False)
    try:
        app.nav.open_puzzle(s.name, None)
        frames(app, 2)
        scene = app.scene
        assert isinstance(scene, PlayScene)
        key(app, pygame.K_DOWN)                     # a step down beside the right box, then push it left
        frames(app, 20)
        key(app, pygame.K_LEFT)
        frames(app, 20)
        position = scene.session.position
        assert scene.session.moves == 2 and position[s.puzzle.board.at(2, 1)] == BOX
        key(app, pygame.K_k)
        assert app.scene is scene and scene.spec.count is PUSHES and scene.session.position == position
        assert scene.session.moves == 1 and "walk joined" in scene.footer.text
        key(app, pygame.K_k)
        assert scene.spec.count is STEPS and scene.session.moves == 2 and scene.session.position == position
        key(app, pygame.K_u)
        key(app, pygame.K_u)
        assert scene.session.position == s.puzzle.start
    finally:
        catalog.unregister(s.name)
