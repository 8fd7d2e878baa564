"""The ground floor: what every other floor may use and that knows no puzzle. Languages (``i18n``,
``phrase``, ``words``, ``linebreak``), untrusted input and files (``untrusted``), the game's own files
(``resources``), the background service (``background``), a process's own memory (``memory``), the sound primitives (``synth``), and who
the game is to the desktop: its app id, version and addresses (``identity``).

May import: the standard library, numpy and solvers/ (a search's cancellation); nothing else of the game."""
