# Two commands are all a new player needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test test-all typecheck venv bench screenshots package-check clean

play: $(STAMP)
	$(PY) main.py

test: typecheck
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

typecheck: $(STAMP)
	$(PY) -m mypy

test-all: typecheck
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m ''

bench: $(STAMP)
	$(PY) main.py bench fifteen

# the README's pictures, drawn by the game itself (headless)
SHOT := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) main.py screenshot
screenshots: $(STAMP)
	$(SHOT) --menu assets/screenshots/menu.png
	$(SHOT) klotski assets/screenshots/klotski.png
	$(SHOT) goat assets/screenshots/goat-goal.png --from "┌ ─ ┐ ▭/│ S ∥ ./└ ─ ┘ W"
	$(SHOT) eight assets/screenshots/eight.png
	$(SHOT) frogs-c assets/screenshots/frogs-c.png
	$(SHOT) guarini assets/screenshots/guarini.png
	$(SHOT) klotski assets/screenshots/analysis-klotski.png --analysis
	$(SHOT) frogs-line-3 assets/screenshots/marks-frogs.png --from "B B . B W W W" --marks
	$(SHOT) fifteen assets/screenshots/fifteen.png
	$(SHOT) frogs-plus assets/screenshots/editor.png --editor --from "B/B/B/./B B B B B W W W W/W/W/W/W"
	$(SHOT) frogs-c assets/screenshots/help-frogs-c.png --rules
	$(SHOT) --load assets/games/eight-detours.txt assets/screenshots/review.png --review

# the wheel, installed into a fresh environment and run from a folder outside the checkout
package-check: $(STAMP)
	set -e; out=$$(mktemp -d); \
	$(PY) -m pip wheel --quiet --no-deps -w "$$out/dist" . ; rm -rf build *.egg-info; \
	$(PYTHON) -m venv "$$out/venv"; "$$out/venv/bin/pip" install --quiet "$$out"/dist/*.whl; \
	cd "$$out"; export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy FEWEST_MOVES_CACHE="$$out/cache"; \
	venv/bin/fewest-moves solve goat --json > goat.json; \
	venv/bin/python -c 'import json, sys; d = json.load(open("goat.json")); sys.exit(d["length"] != 20 or not d["optimal"])'; \
	venv/bin/fewest-moves screenshot klotski klotski.png; \
	venv/bin/python -m game list | grep -q "klotski .*25,955 positions"; \
	PYGAME_HIDE_SUPPORT_PROMPT=1 venv/bin/python -c 'import pygame; assert pygame.image.load("klotski.png").get_size() == (1280, 800)'; \
	echo "package-check: the installed wheel solves goat in 20, lists the library and draws klotski"; \
	rm -rf "$$out"

venv: $(VENV)/bin/python

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(VENV)/bin/python pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build *.egg-info
