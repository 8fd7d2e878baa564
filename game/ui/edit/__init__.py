"""The position editor's screen: its board input, its panel, the save dialog and the scene."""
