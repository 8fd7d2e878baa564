"""Pegs played by hand: click a peg, then the hole it lands in (or drag it over its neighbour). Only single
jumps are offered; where a peg's chain of jumps is one move, each jump is played as a step of it, so the
peg that moved last jumping again joins its move (and stays picked while it can jump on)."""
from __future__ import annotations

from typing import Any

from game.catalog.spec import PuzzleSpec
from game.rules.puzzle import Move
from game.ui.play.board_input import BoardHost, BoardInput
from game.ui.views.base import BoardView

__all__ = ["PegInput"]


class _Steps:
    """The host, every move played as a step (joined to the last where the count says so)."""

    def __init__(self, host: BoardHost, played: list[int]) -> None:
        self.host = host
        self.played = played

    def play(self, move: Move, animate: bool = True, step: bool = False) -> None:
        self.played[:] = [move.dst]
        self.host.play(move, animate, step=True)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.host, name)


class PegInput(BoardInput):
    def __init__(self, spec: PuzzleSpec, view: BoardView, host: BoardHost, position: bytes) -> None:
        self.played: list[int] = []
        super().__init__(spec, view, _Steps(host, self.played), position)

    def show(self, position: bytes) -> None:
        """The single jumps of the position; the peg that just jumped stays picked where a chain is one
        move and it can jump on."""
        super().show(position)
        for anchor in list(self.moves_by_anchor):
            self.moves_by_anchor[anchor] = [(m, p) for m, p in self.moves_by_anchor[anchor] if not getattr(m, "via", ())]
        jumper = self.played[0] if self.played else None
        self.played.clear()
        if jumper is not None and self.puzzle.moves_are_rules is False and self.moves_by_anchor.get(jumper):
            self.selected = jumper
