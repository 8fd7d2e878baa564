"""The screens other than the play screen and the editor: menu, analysis, review, records, settings, demo."""
