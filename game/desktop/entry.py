"""The desktop entry (``<app id>.desktop``, freedesktop.org's Desktop Entry Specification): what
launchers list, with the command that opens the window. ``assets/desktop/`` keeps it with the command on the
``PATH``; ``make install-desktop`` writes it with the absolute path of the checkout's command."""
from __future__ import annotations

from game.common.identity import APP_ID
from game.desktop import words

CATEGORIES = ("Game", "LogicGame")
RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')   # an argument with any of these is quoted in Exec
QUOTED_ESCAPES = set('"`$\\')               # ... and these, inside the quotes, take a backslash


def desktop_entry(argv: list[str]) -> str:
    """The entry whose Exec runs ``argv`` (the command and its arguments)."""
    lines = ["[Desktop Entry]", "Type=Application"]
    lines += _localised("Name", words.NAME)
    lines += _localised("GenericName", words.GENERIC_NAME)
    lines += _localised("Comment", words.SUMMARY)
    lines += [f"Icon={APP_ID}", f"Exec={quote_exec(argv)}", f"TryExec={_escaped(argv[0])}", "Terminal=false",
              f"Categories={';'.join(CATEGORIES)};"]
    lines += _localised("Keywords", words.KEYWORDS)
    lines += ["StartupNotify=true", f"StartupWMClass={APP_ID}"]
    return "\n".join(lines) + "\n"


def _localised(key: str, message: str) -> list[str]:
    """``key=message`` and a ``key[lang]=`` line for each language that translates it."""
    return [f"{key}={_escaped(message)}"] + [f"{key}[{code}]={_escaped(text)}"
                                             for code, text in sorted(words.translations(message).items())]


def _escaped(value: str) -> str:
    """A string value as the specification escapes it."""
    return (value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r"))


def quote_exec(argv: list[str]) -> str:
    """``argv`` as an Exec value: each argument quoted where it must be, ``%`` doubled, then escaped as a
    string value."""
    def one(arg: str) -> str:
        arg = arg.replace("%", "%%")
        if not arg or RESERVED & set(arg):
            return '"' + "".join("\\" + ch if ch in QUOTED_ESCAPES else ch for ch in arg) + '"'
        return arg
    return _escaped(" ".join(one(arg) for arg in argv))


def split_exec(value: str) -> list[str]:
    """The arguments an Exec value stands for, as a launcher reads it (no field codes but ``%%``)."""
    text = _unescaped(value)
    args: list[str] = []
    current: list[str] | None = None    # the argument being read (None: between arguments)
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == " ":
            if current is not None:
                args.append("".join(current))
            current = None
        elif ch == '"':
            current = [] if current is None else current
            i += 1
            while i < len(text) and text[i] != '"':
                if text[i] == "\\" and text[i + 1:i + 2] in QUOTED_ESCAPES and i + 1 < len(text):
                    i += 1
                current.append(text[i])
                i += 1
            if i == len(text):
                raise ValueError("an Exec value with a quote that is not closed")
        else:
            current = [] if current is None else current
            current.append(ch)
        i += 1
    if current is not None:
        args.append("".join(current))
    return [_percent(arg) for arg in args]


def _percent(arg: str) -> str:
    """An argument with its ``%%`` made ``%``; a field code (``%f``, ``%u`` ...) is refused."""
    parts = arg.split("%%")
    if any("%" in part for part in parts):
        raise ValueError("an Exec value with a field code")
    return "%".join(parts)


def _unescaped(value: str) -> str:
    out, i = [], 0
    escapes = {"\\": "\\", "n": "\n", "t": "\t", "r": "\r", "s": " "}
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value) and value[i + 1] in escapes:
            out.append(escapes[value[i + 1]])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)
