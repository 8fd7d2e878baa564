"""Every mistake of PUZZLE-FILES.md "Bad files" (and every structural one the readers check):
one sentence naming the file and the key or line, never a traceback."""
from __future__ import annotations

import pytest

from game.catalog.reading import parse_toml

from .support import error_of, one_sentence

BLOCKS = '''format = 1
title = "Klotski"
family = "blocks"
moves = "path"
start = """
ABBC
ABBC
DEEF
DGHF
I..J
"""
same = ["ACDF", "GHIJ"]
goal = """
????
????
????
?BB?
?BB?
"""
[published]
path = 81
'''

WALLED = '''format = 1
title = "Cars"
family = "blocks"
start = """
12.
#.#
45.
"""
same = ["12", "45"]
axis = { 1 = "x", 2 = "x" }
goal = """
45.
#.#
12.
"""
'''

FROGS = '''format = 1
title = "Frogs"
family = "frogs"
black = ["right", "down"]
jump = "other"
start = """
BB.
B#W
.WW
"""
goal = """
WW.
W#B
.BB
"""
'''

KNIGHTS = '''format = 1
title = "Knights"
family = "knights"
start = """
W.W
.#.
B.B
"""
goal = """
B.B
.#.
W.W
"""
'''

PAIRS = '''format = 1
title = "Pairs"
family = "pairs"
start = "BWBWBW.."
goal_block = "BBBWWW"
either_order = true
'''

NINETY_ONE = "".join(chr(c) for c in range(0x4E00, 0x4E00 + 91))
MANY = '''format = 1
title = "Crowded"
family = "blocks"
start = """
{rows}
"""
goal = """
{goal}
"""
'''.format(rows="\n".join((NINETY_ONE + "." * 9)[i:i + 10] for i in range(0, 100, 10)),
           goal="\n".join("?" * 10 for _ in range(10)))

# (what is wrong, the file, the key or line the sentence must name, words it must contain)
CASES = [
    ("TOML syntax", BLOCKS.replace('family = "blocks"', 'family = blocks'), "line 3", "not valid TOML"),
    ("TOML cut short", BLOCKS[:40], "", "not valid TOML"),
    ("format missing", BLOCKS.replace("format = 1\n", ""), "key 'format'", "missing"),
    ("format 2", BLOCKS.replace("format = 1", "format = 2"), "key 'format'", "format 1 only"),
    ("format as text", BLOCKS.replace("format = 1", 'format = "1"'), "key 'format'", "format 1 only"),
    ("family missing", BLOCKS.replace('family = "blocks"\n', ""), "key 'family'", "missing"),
    ("unknown family", BLOCKS.replace('"blocks"', '"tetris"'), "key 'family'", "'tetris' is not a puzzle family"),
    ("unknown key", BLOCKS.replace("moves =", "colour = 1\nmoves ="), "key 'colour'", "not a key"),
    ("misspelt key", BLOCKS.replace("same =", "sane ="), "key 'sane'", "did you mean 'same'"),
    ("key of another family", FROGS.replace("jump =", 'same = ["BW"]\njump ='), "key 'same'", "not a key of a frogs"),
    ("title missing", BLOCKS.replace('title = "Klotski"\n', ""), "key 'title'", "missing"),
    ("title empty", BLOCKS.replace('"Klotski"', '"  "'), "key 'title'", "empty"),
    ("title not text", BLOCKS.replace('"Klotski"', "42"), "key 'title'", "text"),
    ("title control character", BLOCKS.replace('"Klotski"', '"Klot\\u001b[31mski"'), "key 'title'", "control"),
    ("subtitle line break", BLOCKS.replace('title = "Klotski"', 'title = "K"\nsubtitle = "a\\nb"'),
     "key 'subtitle'", "control"),
    ("source too long", BLOCKS.replace('title = "Klotski"', f'title = "K"\nsource = "{"x" * 1001}"'),
     "key 'source'", "more than 1000"),
    ("ragged rows", BLOCKS.replace("DEEF\nDGHF", "DEEF\nDGHFF"), "key 'start'", "row 4 has 5 cells, but row 1 has 4"),
    ("empty grid", BLOCKS.replace('"""\nABBC\nABBC\nDEEF\nDGHF\nI..J\n"""', '"""\n\n"""'), "key 'start'", "empty"),
    ("grid not a string", BLOCKS.replace('start = """\nABBC\nABBC\nDEEF\nDGHF\nI..J\n"""', 'start = ["ABBC"]'),
     "key 'start'", "grid"),
    ("start missing", BLOCKS.replace("start =", "start_ ="), "key 'start_'", "not a key"),
    ("blank row inside", BLOCKS.replace("DEEF\nDGHF", "DEEF\n\nDGHF"), "key 'start'", "row 4 is empty"),
    ("space in a row", BLOCKS.replace("DEEF\nDGHF", "DE EF\nDGHF"), "key 'start'", "row 3 contains a space"),
    ("tab in a row", BLOCKS.replace("DEEF\nDGHF", "DEEF\t\nDGHF"), "key 'start'", "row 3 contains"),
    ("'?' in a start", BLOCKS.replace("I..J\n", "I.?J\n"), "key 'start'", "'?'"),
    ("too wide", BLOCKS.replace("I..J", "I..J" + "." * 21), "key 'start'", "more than 24"),
    ("too tall", BLOCKS.replace("I..J\n", "I..J\n" + "....\n" * 20), "key 'start'", "more than 24"),
    ("too wide for frogs", FROGS.replace(".WW", ".WW" + "." * 14), "key 'start'", "more than 16"),
    ("too tall for knights", KNIGHTS.replace("B.B\n", "B.B\n" + "...\n" * 14, 1), "key 'start'", "more than 16"),
    ("too many pieces", MANY, "key 'start'", "91 pieces, more than 90"),
    ("no piece", BLOCKS.replace("ABBC\nABBC\nDEEF\nDGHF\nI..J", "....\n....\n....\n....\n...."),
     "key 'start'", "no piece"),
    ("no empty cell", BLOCKS.replace("I..J", "IKLJ"), "key 'start'", "no empty cell"),
    ("piece split in two", BLOCKS.replace("I..J", "I.AJ"), "key 'start'", "piece 'A' is split in two"),
    ("same of different shapes", BLOCKS.replace('"ACDF"', '"ACDFE"'), "key 'same'", "different shapes"),
    ("same naming no piece", BLOCKS.replace('"GHIJ"', '"GHIJZ"'), "key 'same'", "'Z'"),
    ("same naming a piece twice", BLOCKS.replace('"GHIJ"', '"GHIJA"'), "key 'same'", "more than once"),
    ("same of one piece", BLOCKS.replace('"GHIJ"', '"G"'), "key 'same'", "at least two"),
    ("same not a list", BLOCKS.replace('same = ["ACDF", "GHIJ"]', 'same = "ACDF"'), "key 'same'", "list"),
    ("goal names an absent piece", BLOCKS.replace("?BB?\n?BB?", "?BB?\n?BBZ"), "key 'goal'", "'Z'"),
    ("goal counts pieces differently", BLOCKS.replace("????\n????\n????\n?BB?\n?BB?", "ABBC\nABBC\nDEEF\nD.HF\nIG.J")
     .replace("IG.J", "I..J"), "key 'goal'", "shows 3 of the pieces like 'G', but the start has 4"),
    ("goal shows a piece twice", BLOCKS.replace("????\n????\n????", "G???\n????\n???G"), "key 'goal'", "2 times"),
    ("goal piece of another shape", BLOCKS.replace("?BB?\n?BB?", "?BB?\n?B??"), "key 'goal'", "shape"),
    ("goal with no room left", BLOCKS.replace("????\n????\n????", "....\n....\n..??"), "key 'goal'", "need"),
    ("goal of another size", BLOCKS.replace("?BB?\n?BB?\n", "?BB?\n?BB?\n????\n"), "key 'goal'", "6 rows"),
    ("goal missing", BLOCKS.replace("goal =", "goal_ ="), "key 'goal_'", "not a key"),
    ("walls differ", WALLED.replace("45.\n#.#\n12.", "45.\n#..\n12."), "key 'goal'", "row 2, column 3 is a wall"),
    ("unknown move count", BLOCKS.replace('"path"', '"steps"'), "key 'moves'", "'steps' is not a move count"),
    ("axis names an unknown piece", WALLED.replace("2 = \"x\"", '2 = "x", Z = "x"'), "key 'axis.Z'", "not a piece"),
    ("axis other than x or y", WALLED.replace('2 = "x"', '2 = "z"'), "key 'axis.2'", '"x"'),
    ("axis differs within a group", WALLED.replace(', 2 = "x"', ""), "key 'axis'", "same axis"),
    ("axis not a table", WALLED.replace('axis = { 1 = "x", 2 = "x" }', 'axis = "x"'), "key 'axis'", "table"),
    ("published zero", BLOCKS.replace("path = 81", "path = 0"), "key 'published.path'", "from 1"),
    ("published huge", BLOCKS.replace("path = 81", "path = 1000000000"), "key 'published.path'", "from 1"),
    ("published text", BLOCKS.replace("path = 81", 'path = "81"'), "key 'published.path'", "whole number"),
    ("published boolean", BLOCKS.replace("path = 81", "path = true"), "key 'published.path'", "whole number"),
    ("published by an unknown count", BLOCKS.replace("path = 81", "steps = 81"), "key 'published.steps'", "move count"),
    ("published by a token count for blocks", BLOCKS.replace("path = 81", "moves = 81"), "key 'published.moves'",
     "move count"),
    ("published not a table", BLOCKS.replace("[published]\npath = 81", "published = 81"), "key 'published'", "table"),
    ("frogs: unknown direction", FROGS.replace('"down"]', '"south"]'), "key 'black'", "'south' is not a direction"),
    ("frogs: direction twice", FROGS.replace('"down"]', '"right"]'), "key 'black'", "twice"),
    ("frogs: black never moves", FROGS.replace('["right", "down"]', "[]"), "key 'black'", "no direction"),
    ("frogs: white never moves", FROGS.replace("jump =", "white = []\njump ="), "key 'white'", "no direction"),
    ("frogs: bad jump", FROGS.replace('"other"', '"over"'), "key 'jump'", "'over' is not a jump rule"),
    ("frogs: stone counts differ", FROGS.replace(".BB\n", ".BW\n"), "key 'goal'", "2 black and 4 white"),
    ("frogs: holes differ", FROGS.replace("W#B", "WB#"), "key 'goal'", "hole"),
    ("frogs: no empty cell", FROGS.replace("BB.\nB#W\n.WW", "BBB\nB#W\nWWW").replace("WW.\nW#B\n.BB", "WWW\nW#B\nBBB"),
     "key 'start'", "no empty cell"),
    ("frogs: no stone", FROGS.replace("BB.\nB#W\n.WW", "...\n.#.\n...").replace("WW.\nW#B\n.BB", "...\n.#.\n..."),
     "key 'start'", "no stone"),
    ("frogs: strange character", FROGS.replace("B#W", "B#X"), "key 'start'", "'X'"),
    ("frogs: '?' in a goal", FROGS.replace(".BB\n", ".B?\n"), "key 'goal'", "'?'"),
    ("knights: stone counts differ", KNIGHTS.replace("W.W\n\"\"\"\n", "W..\n\"\"\"\n"), "key 'goal'", "1 white"),
    ("knights: holes differ", KNIGHTS.replace(".#.\nW.W", "...\nW.W"), "key 'goal'", "hole"),
    ("knights: no empty cell", KNIGHTS.replace("W.W\n.#.\nB.B", "WWW\nB#B\nBBW").replace("B.B\n.#.\nW.W", "BBB\nW#W\nWWB"),
     "key 'start'", "no empty cell"),
    ("pairs: goal and goal_block", PAIRS.replace("either_order = true", 'goal = "BBBWWW.."'), "key 'goal_block'",
     "together"),
    ("pairs: no goal at all", PAIRS.replace('goal_block = "BBBWWW"\neither_order = true\n', ""), "key 'goal'", "missing"),
    ("pairs: goal_block not B and W", PAIRS.replace('"BBBWWW"', '"BBB-WWW"'), "key 'goal_block'", "B and W only"),
    ("pairs: goal_block with other stones", PAIRS.replace('"BBBWWW"', '"BBWWWW"'), "key 'goal_block'", "2 black"),
    ("pairs: either_order not a boolean", PAIRS.replace("either_order = true", 'either_order = "yes"'),
     "key 'either_order'", "true or false"),
    ("pairs: either_order with a goal grid", PAIRS.replace('goal_block = "BBBWWW"', 'goal = "BBBWWW.."'),
     "key 'either_order'", "goal_block"),
    ("pairs: goal grid with other stones", PAIRS.replace('goal_block = "BBBWWW"\neither_order = true', 'goal = "BBWWWW.."'),
     "key 'goal'", "2 black"),
    ("pairs: holes are not part of pairs", PAIRS.replace('"BWBWBW.."', '"BWBWBW.#."'), "key 'start'", "'#'"),
    ("pairs: fewer than two empty cells", PAIRS.replace('"BWBWBW.."', '"BWBWBW."'), "key 'start'", "two empty"),
    ("published for tokens by a blocks count", KNIGHTS + "[published]\npath = 16\n", "key 'published.path'", '"moves"'),
]


@pytest.mark.parametrize("text, where, words", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_each_mistake_is_one_sentence_naming_file_and_place(text, where, words):
    message = str(error_of(parse_toml, text, "bad.toml"))
    one_sentence(message, "bad.toml", where)
    assert words in message


def test_the_sentences_read_as_sentences():
    ragged = BLOCKS.replace("ABBC\nDEEF", "ABBCC\nDEEF")
    assert str(error_of(parse_toml, ragged, "klotski.toml")) == \
        "klotski.toml: key 'start', row 2 has 5 cells, but row 1 has 4."
    assert str(error_of(parse_toml, BLOCKS.replace("format = 1", "format = 2"), "klotski.toml")) == \
        "klotski.toml: key 'format' is 2, but this game reads format 1 only."


def test_user_text_in_a_sentence_is_escaped_and_shortened():
    text = BLOCKS.replace("moves =", '"\\u001b[2J' + "x" * 300 + '" = 1\nmoves =')
    message = str(error_of(parse_toml, text, "bad\x1b.toml"))
    assert "\x1b" not in message and len(message) < 200
