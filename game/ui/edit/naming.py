"""The save dialog: a title field over the board, the file it becomes, Save and Cancel.

It is a small text field, so it reads keys as typed text (printable characters, Backspace,
Enter, Esc, Ctrl+V for the clipboard's first line); the title starts as a suggestion that the
first typed character replaces.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

import pygame

from game.common.i18n import _
from game.catalog.library import file_name_for
from game.catalog.saving import TITLE_LIMIT, clean_title
from game.ui import theme as T
from game.ui.intents import typed_text
from game.ui.widgets import ButtonStyle, card, draw_button


class Answer(Enum):
    SAVE = "save"
    CANCEL = "cancel"


@dataclass
class Naming:
    title: str
    folder: Path
    remark: str = ""                  # what the puzzle will be: its shortest solution, or a dead end
    fresh: bool = True               # the suggested title: the first key typed replaces it
    error: str = ""
    save_rect: pygame.Rect = field(default_factory=pygame.Rect)
    cancel_rect: pygame.Rect = field(default_factory=pygame.Rect)
    box: pygame.Rect = field(default_factory=pygame.Rect)

    def file_name(self) -> str:
        return file_name_for(clean_title(self.title) or "my-puzzle")

    # -- keys -------------------------------------------------------------------------------------
    def key(self, event: pygame.event.Event, clipboard_text: str = "") -> Answer | None:
        """A KEYDOWN: Enter saves, Esc cancels, the rest edits the title."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return Answer.SAVE
        if event.key == pygame.K_ESCAPE:
            return Answer.CANCEL
        if event.key == pygame.K_BACKSPACE:
            self.title = "" if self.fresh or event.mod & pygame.KMOD_CTRL else self.title[:-1]
        elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.type(clipboard_text.strip().split("\n")[0])
            return None
        else:
            text = typed_text(event)
            if text is None:
                return None
            self.type(text)
            return None
        self.fresh, self.error = False, ""
        return None

    def type(self, text: str) -> None:
        if self.fresh:
            self.title = ""
        self.title = (self.title + "".join(ch for ch in text if ch.isprintable()))[:TITLE_LIMIT]
        self.fresh, self.error = False, ""

    def click(self, pos: tuple[int, int]) -> Answer | None:
        if self.save_rect.collidepoint(pos):
            return Answer.SAVE
        if self.cancel_rect.collidepoint(pos):
            return Answer.CANCEL
        if self.box.w and not self.box.collidepoint(pos):
            return Answer.CANCEL
        return None

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, theme: T.Theme, over: pygame.Rect, mouse: tuple[int, int] | None) -> None:
        """The dialog, centred on ``over`` (the board), the window dimmed behind it."""
        pal = theme.palette
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((*pal.bg_bottom, 150))
        surface.blit(shade, (0, 0))
        pad = theme.px(22, 10)
        w = min(max(theme.px(420), over.w * 2 // 3), surface.get_width() - 2 * pad)
        inner = w - 2 * pad
        lines = theme.wrap(_("It becomes {file} in {folder}, a puzzle of its own on the menu.")
                           .format(file=self.file_name(), folder=self.folder), "tiny", inner)
        errors = theme.wrap(self.error, "small", inner) if self.error else []
        remarks = theme.wrap(self.remark, "small", inner) if self.remark else []
        field_h = theme.size_of("body") + theme.px(16)
        button_h = max(theme.px(36), theme.size_of("body") + theme.px(14))
        h = (pad + theme.size_of("heading") + theme.px(12) + theme.size_of("small") + theme.px(4) + field_h
             + theme.px(8) + len(lines) * theme.size_of("tiny") + (len(errors) + len(remarks)) * theme.size_of("small")
             + theme.px(14) + button_h + pad)
        box = pygame.Rect(0, 0, w, h)
        box.center = over.center
        box.clamp_ip(surface.get_rect())
        self.box = card(surface, theme, box, 18, face=pal.panel, edge=pal.accent, edge_width=2)
        x, y = box.x + pad, box.y + pad
        surface.blit(theme.text(_("Save as puzzle"), "heading", pal.text), (x, y))
        y += theme.size_of("heading") + theme.px(12)
        # Translators: the label of the field where the player names the puzzle being saved
        surface.blit(theme.text(_("Title"), "small", pal.muted), (x, y))
        y += theme.size_of("small") + theme.px(4)
        field = pygame.Rect(x, y, inner, field_h)
        pygame.draw.rect(surface, T.shade(pal.panel, -0.3), field, border_radius=theme.px(6))
        pygame.draw.rect(surface, pal.accent, field, max(1, theme.px(2)), border_radius=theme.px(6))
        text = theme.fit(self.title, "body", inner - theme.px(24), pal.text)
        at = text.get_rect(midleft=(field.x + theme.px(10), field.centery))
        if self.fresh and self.title:
            pygame.draw.rect(surface, T.mix(pal.panel, pal.hint, 0.45), at.inflate(theme.px(4), theme.px(2)))
        surface.blit(text, at)
        caret = pygame.Rect(at.right + theme.px(2), field.y + theme.px(6), max(2, theme.px(2)), field.h - theme.px(12))
        pygame.draw.rect(surface, pal.text, caret)
        y = field.bottom + theme.px(8)
        for line in lines:
            surface.blit(theme.text(line, "tiny", pal.muted), (x, y))
            y += theme.size_of("tiny")
        for line in remarks:
            surface.blit(theme.text(line, "small", pal.hint), (x, y))
            y += theme.size_of("small")
        for line in errors:
            surface.blit(theme.text(line, "small", pal.nope), (x, y))
            y += theme.size_of("small")
        y += theme.px(14)
        half = (inner - theme.px(10)) // 2
        self.cancel_rect = pygame.Rect(x, y, half, button_h)
        self.save_rect = pygame.Rect(x + inner - half, y, half, button_h)
        # Translators: the save dialog's buttons (Save: write the puzzle file)
        for rect, label, key, primary in ((self.cancel_rect, _("Cancel"), "Esc", False),
                                          (self.save_rect, _("Save"), "Enter", True)):
            style = ButtonStyle(primary=primary)
            draw_button(surface, theme, rect, theme.text(label, "body", style.foreground(theme.palette)), key, style,
                        mouse is not None and rect.collidepoint(mouse), False)
