"""Feed real pygame events through the app's event queue, then run frames."""
import pygame

FRAME = 1 / 60


def frames(app, n=1, dt=FRAME):
    for _ in range(n):
        app.tick(dt)


def key(app, k, mod=0, settle=20):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(app, settle)


def click(app, pos, settle=20, button=1):
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(app, settle)


def drag(app, start, end, settle=20):
    start, end = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for i in range(1, 6):
        p = (start[0] + (end[0] - start[0]) * i // 5, start[1] + (end[1] - start[1]) * i // 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, settle)


def open_puzzle(app, name, position_text=None):
    from game.catalog import registry as catalog
    puzzle = catalog.puzzle(name)
    state = puzzle.parse(position_text) if position_text else None
    app.nav.open_puzzle(name, state)
    frames(app, 2)
    return app.scene


def centre(scene, cell):
    return scene.view.cell_center(cell)


def three_moves(app):
    """The 8-puzzle opened and three moves played on it (its play screen)."""
    s = open_puzzle(app, "eight")
    for k in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_RIGHT):
        key(app, k)
    assert s.session.moves == 3
    return s
