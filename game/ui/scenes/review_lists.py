"""The review's two lists, as placed text: the mistakes, and the optimal line from the game's start.

Each is a list of paragraphs wrapped into its card; what does not fit is summed up in a last line
("… and 4 more"), so no text ever leaves its card at any window size.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.review import Review, Unknown
from game.ui import theme as T
from game.ui.scenes.review_chart import KIND_COLOURS, Placed
from game.words import n_moves, plural


@dataclass(frozen=True)
class Para:
    text: str
    role: str
    colour: tuple[int, int, int]
    step: int | None = None     # the move it names
    gap: int = 0                # extra space above, in base pixels


def flow(th: T.Theme, paras: list[Para], card: pygame.Rect, more: str = "… and {n} more") -> list[Placed]:
    """``paras`` wrapped into ``card`` top to bottom; the ones that do not fit become one last line."""
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
            surf = th.fit(more.format(n=left), "tiny", inner.w, T.MUTED)
            out.append(Placed(surf, surf.get_rect(topleft=(inner.x, min(y, inner.bottom - surf.get_height()))), card,
                              text=more.format(n=left), role="tiny"))
            break
        y += th.px(para.gap)
        for line in lines:
            surf = th.fit(line, para.role, inner.w, para.colour)
            if y + surf.get_height() > inner.bottom:
                break
            out.append(Placed(surf, surf.get_rect(topleft=(inner.x, y)), card, para.step, line, para.role))
            y += th.size_of(para.role)
    return out


def readable(text: str) -> str:
    """The arrow of the model's sentences, or ASCII where the built-in font has none."""
    return text if T.has_glyph("→") else text.replace("→", "->")


def mistake_paras(review: Review, pictured: bool = False) -> list[Para]:
    """The verdict, then each mistake (``pictured``: the position before the first is drawn beside)."""
    mistakes = review.mistakes
    head = "Mistakes" + (f" ({len(mistakes)})" if mistakes else "")
    perfect = not mistakes and review.known == len(review.distances) and len(review.line) > 0
    paras = [Para(head, "heading", T.TEXT), Para(review.verdict(), "body", T.GOOD if perfect else T.TEXT, gap=4)]
    first = review.first_mistake
    if first is not None and not pictured:
        paras.append(Para(f"Enter replays from before move {first.number}.", "tiny", T.MUTED))
    for step in mistakes:
        text = readable(step.sentence())
        paras.append(Para(text[:1].upper() + text[1:], "small", KIND_COLOURS[step.kind] if step.kind else T.TEXT,
                          step.number, gap=4))
    return paras


def optimal_paras(review: Review, count_word: str = "") -> list[Para]:
    """The par and the optimal line in the puzzle's move text, numbered."""
    par = review.par
    by = f", counted by {count_word}" if count_word else ""
    if isinstance(par, Unknown):
        return [Para("Optimal line", "heading", T.TEXT),
                Para("Being found by search…", "body", T.MUTED, gap=4)]
    if par is None:
        return [Para("Optimal line", "heading", T.TEXT),
                Para("None: no line reaches the goal from where this game began.", "body", T.NOPE, gap=4)]
    paras = [Para(f"Optimal line: the par is {n_moves(par)}{by}", "heading", T.TEXT)]
    moves = len(review.line)
    if review.solved:
        over = moves - par
        who = "The game" if review.assisted else "You"
        said = (f"{who} matched it." if over <= 0 else
                f"{who} took {n_moves(moves)}: {plural(over, 'move')} over the par.")
        paras.append(Para(said, "body", T.GOOD if over <= 0 else T.TEXT, gap=4))
    paras.append(Para("From where the game began:", "tiny", T.MUTED, gap=4))
    if review.optimal is None:
        paras.append(Para("Being found by search…", "small", T.MUTED))
    elif not review.optimal:
        paras.append(Para("None needed: it began at the goal.", "small", T.MUTED))
    return paras


OPTIMAL_TEXT = T.mix(T.GOOD, T.TEXT, 0.45)


def moves_flow(th: T.Theme, paras: list[Para], moves: tuple[str, ...] | None, card: pygame.Rect) -> list[Placed]:
    """:func:`flow`, then the optimal moves numbered, whole moves to a line; what does not fit is
    counted in a last line."""
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
    if len(lines) > fits:
        kept = lines[:max(0, fits - 1)]
        rest = len(moves) - sum(len(line) for line in kept)
        lines = kept + ([[f"… and {n_moves(rest)} more"]] if fits else [])
    for line in lines:
        more = line[0].startswith("…")
        surf = th.fit(sep.join(line), "tiny" if more else "small", inner.w, T.MUTED if more else OPTIMAL_TEXT)
        out.append(Placed(surf, surf.get_rect(topleft=(inner.x, y)), card, text=sep.join(line),
                          role="tiny" if more else "small"))
        y += px
    return out
