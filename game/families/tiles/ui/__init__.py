"""The tiles family's drawing: the floor above its rules (pygame and game.ui), loaded only by the window's registry of views
(``game.ui.views``)."""
