"""The ground floor: what every other floor may use and that knows no puzzle. Languages (``i18n``,
``phrase``, ``words``, ``linebreak``), untrusted input and files (``untrusted``), the game's own files
(``resources``), the background service (``background``) and the sound primitives (``synth``).

May import: the standard library, numpy and solvers/ (a search's cancellation); nothing else of the game."""
