"""The review's two lists, as placed text: the mistakes, and the optimal line from the game's start.

Each is a list of paragraphs wrapped into its card; what does not fit is summed up in a last line
("… and 4 more"), so no text ever leaves its card at any window size.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.common.i18n import _, ngettext
from game.midend.review import Review, Unknown
from game.ui import theme as T
from game.common.words import moves_text
from game.ui.scenes.review_chart import Placed, kind_text_colour


@dataclass(frozen=True)
class Para:
    text: str
    role: str
    colour: tuple[int, int, int]
    step: int | None = None     # the move it names
    gap: int = 0                # extra space above, in base pixels


def more_items(n: int) -> str:
    """The last line of a list cut short: how many more there are."""
    # Translators: the last line of a list that did not fit: how many items are left out
    return ngettext("… and {n:,} more", "… and {n:,} more", n).format(n=n)


def more_mistakes(n: int) -> str:
    """The last line of the mistakes cut short: how many more, and where to see them."""
    # Translators: the last line of the review's mistakes when they do not all fit; the curve shows each one
    return ngettext("… and {n:,} more: hover the curve", "… and {n:,} more: hover the curve", n).format(n=n)


def flow(th: T.Theme, paras: list[Para], card: pygame.Rect,
         more: Callable[[int], str] = more_items) -> list[Placed]:
    """``paras`` wrapped into ``card`` top to bottom; the ones that do not fit become one last line,
    ``more`` of how many were left out."""
    pal = th.palette
    pad = th.px(16, 8)
    inner = card.inflate(-2 * pad, -2 * pad)
    out: list[Placed] = []
    y = inner.y
    tiny = th.size_of("tiny")
    for k, para in enumerate(paras):
        lines = th.wrap(para.text, para.role, inner.w) or [""]
        height = th.size_of(para.role) * len(lines) + th.px(para.gap)
        rest = len(paras) - k - 1
        room = inner.bottom - (tiny + th.px(4) if rest else 0)
        if y + height > room and k:
            left = sum(p.step is not None for p in paras[k:]) or len(paras) - k
            said = more(left)
            surf = th.fit(said, "tiny", inner.w, pal.muted)
            out.append(Placed(surf, surf.get_rect(topleft=(inner.x, min(y, inner.bottom - surf.get_height()))), card,
                              text=said, role="tiny"))
            break
        y += th.px(para.gap)
        for line in lines:
            surf = th.fit(line, para.role, inner.w, para.colour)
            if y + surf.get_height() > inner.bottom:
                break
            out.append(Placed(surf, surf.get_rect(topleft=(inner.x, y)), card, para.step, line, para.role))
            y += th.size_of(para.role)
    return out


def mistake_paras(palette: T.Palette, review: Review, pictured: bool = False) -> list[Para]:
    """The verdict, then each mistake (``pictured``: the position before the first is drawn beside)."""
    mistakes = review.mistakes
    # Translators: the heading of the review's list of mistakes, with how many there are
    head = _("Mistakes ({n:,})").format(n=len(mistakes)) if mistakes else _("Mistakes")
    perfect = not mistakes and review.known == len(review.distances) and len(review.line) > 0
    paras = [Para(head, "heading", palette.text),
             Para(review.verdict(), "body", palette.good if perfect else palette.text, gap=4)]
    first = review.first_mistake
    if first is not None and not pictured:
        paras.append(Para(_("Enter replays from before move {number}.").format(number=first.number), "tiny",
                          palette.muted))
    for step in mistakes:
        text = step.sentence()
        paras.append(Para(text[:1].upper() + text[1:], "small", kind_text_colour(palette, step.kind),
                          step.number, gap=4))
    return paras


def par_heading(par: int, count_word: str = "") -> str:
    """The optimal line's heading: the par, and the way moves are counted where there are several."""
    if count_word:
        # Translators: {count} is a way of counting sliding-block moves ("cell", "line", "path")
        return ngettext("Optimal line: the par is {n:,} move, counted by {count}",
                        "Optimal line: the par is {n:,} moves, counted by {count}", par).format(n=par, count=count_word)
    return ngettext("Optimal line: the par is {n:,} move", "Optimal line: the par is {n:,} moves", par).format(n=par)


def against_par(moves: int, over: int, assisted: bool) -> str:
    """How the game's moves compare with the par: matched, or how many more it took."""
    if over <= 0:
        return _("The game matched it.") if assisted else _("You matched it.")
    took = moves_text(moves)
    if assisted:
        # Translators: {moves} is a count of moves ("12 moves")
        return ngettext("The game took {moves}: {n:,} move over the par.", "The game took {moves}: {n:,} moves over "
                        "the par.", over).format(moves=took, n=over)
    # Translators: {moves} is a count of moves ("12 moves")
    return ngettext("You took {moves}: {n:,} move over the par.", "You took {moves}: {n:,} moves over the par.",
                    over).format(moves=took, n=over)


def optimal_paras(palette: T.Palette, review: Review, count_word: str = "") -> list[Para]:
    """The par and the optimal line in the puzzle's move text, numbered (``count_word``: the way moves
    are counted, in the player's language, where the puzzle has several)."""
    par = review.par
    if isinstance(par, Unknown):
        return [Para(_("Optimal line"), "heading", palette.text),
                Para(_("Being found by search…"), "body", palette.muted, gap=4)]
    if par is None:
        return [Para(_("Optimal line"), "heading", palette.text),
                Para(_("None: no line reaches the goal from where this game began."), "body", palette.nope, gap=4)]
    paras = [Para(par_heading(par, count_word), "heading", palette.text)]
    moves = len(review.line)
    if review.solved:
        over = moves - par
        paras.append(Para(against_par(moves, over, review.assisted), "body",
                          palette.good if over <= 0 else palette.text, gap=4))
    paras.append(Para(_("From where the game began:"), "tiny", palette.muted, gap=4))
    if review.optimal is None:
        paras.append(Para(_("Being found by search…"), "small", palette.muted))
    elif not review.optimal:
        paras.append(Para(_("None needed: it began at the goal."), "small", palette.muted))
    return paras


def moves_flow(th: T.Theme, paras: list[Para], moves: tuple[str, ...] | None, card: pygame.Rect) -> list[Placed]:
    """:func:`flow`, then the optimal moves numbered, whole moves to a line; what does not fit is
    counted in a last line."""
    pal = th.palette
    out = flow(th, paras, card)
    if not moves:
        return out
    pad = th.px(16, 8)
    inner = card.inflate(-2 * pad, -2 * pad)
    y = out[-1].rect.bottom + th.px(4) if out else inner.y
    px, sep = th.size_of("small"), "   "
    lines: list[list[str]] = []
    for i, text in enumerate(moves, 1):
        unit = f"{i}. {text}"
        if lines and th.measure(sep.join([*lines[-1], unit]), px) <= inner.w:
            lines[-1].append(unit)
        else:
            lines.append([unit])
    fits = max(0, (inner.bottom - y) // px)
    shown = [(sep.join(line), False) for line in lines]
    if len(lines) > fits:
        kept = lines[:max(0, fits - 1)]
        rest = len(moves) - sum(len(line) for line in kept)
        # Translators: the last line of the optimal moves when they do not all fit
        more = ngettext("… and {n:,} move more", "… and {n:,} moves more", rest).format(n=rest)
        shown = [(sep.join(line), False) for line in kept] + ([(more, True)] if fits else [])
    for text, more_line in shown:
        colour = pal.muted if more_line else T.mix(pal.good, pal.text, 0.45)   # the optimal moves
        surf = th.fit(text, "tiny" if more_line else "small", inner.w, colour)
        out.append(Placed(surf, surf.get_rect(topleft=(inner.x, y)), card, text=text,
                          role="tiny" if more_line else "small"))
        y += px
    return out
