# Two commands are all a new player needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test test-all typecheck venv bench ratings index library screenshots package-check dist dist-check catalogs fonts clean \
	icons desktop-files desktop-check install-desktop uninstall-desktop flatpak-wheels

# gettext catalogs: assets/locale/<lang>.po, compiled to .mo whenever the .po changes
LOCALE := assets/locale
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*.po))

play: $(STAMP) $(CATALOGS)
	$(PY) main.py

# the tests on every core (pytest-xdist): each test file whole on one worker, in its order (module fixtures are built once), each worker its own
# cache folder (tests/conftest.py)
TESTS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n auto --dist loadfile
test: typecheck $(CATALOGS)
	$(TESTS)

typecheck: $(STAMP)
	$(PY) -m mypy

test-all: typecheck $(CATALOGS)
	$(TESTS) -m ''

bench: $(STAMP)
	$(PY) main.py bench fifteen

# every library puzzle's difficulty rating, which the menu shows (assets/ratings.tsv): builds every table, about a
# minute with none cached; run again when a puzzle joins the library (its test says so)
ratings: $(STAMP)
	$(PY) main.py ratings --write

# what each puzzle of the game's own says of itself (title, move rule, goal) and the positions `list` gives it, so
# that the menu and `list` build no rules (assets/puzzle-words.tsv): builds every puzzle, under a minute; run again
# when a puzzle joins the library or its words change, after `make ratings` (its test says so)
index: $(STAMP)
	$(PY) -m game.catalog.reindex --write

# after adding, changing or removing a puzzle of the game's own (a file in assets/puzzles or in a family's puzzles/
# folder, or one its code ships): everything made from the library, in order: its ratings, the index the menu
# reads, and the catalogs (its title, blurb and notes as messages); then translate the new messages of
# assets/locale/ja.po (`make fonts` too, where the puzzle brings characters the bundled fonts lack)
library: $(STAMP)
	$(MAKE) --no-print-directory ratings
	$(MAKE) --no-print-directory index
	$(MAKE) --no-print-directory catalogs

# the README's pictures, drawn by the game itself (headless)
SHOT := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) main.py screenshot
# the menu with a player's folder of its own: two puzzles on their shelf, a file that could not be read, and
# records of games played (assets/screenshots/player/README.md)
MENU_SHOT := FEWEST_MOVES_DATA=assets/screenshots/player $(SHOT)
# a collection's grid, with the records of a few warehouses played (assets/screenshots/collection/README.md)
GRID_SHOT := FEWEST_MOVES_DATA=assets/screenshots/collection $(SHOT)
screenshots: $(STAMP) $(CATALOGS)
	$(MENU_SHOT) --menu assets/screenshots/menu.png
	$(MENU_SHOT) parking assets/screenshots/menu-yours.png --menu
	$(MENU_SHOT) --menu assets/screenshots/menu-wide.png --size 1920x1080
	$(MENU_SHOT) tait-5 assets/screenshots/menu-ja.png --menu --lang ja --text-size 150
	$(MENU_SHOT) --records assets/screenshots/records.png
	$(GRID_SHOT) --collection Warehouses assets/screenshots/collection.png
	$(GRID_SHOT) --collection Warehouses assets/screenshots/collection-ja.png --lang ja --text-size 150 --size 800x600
	$(SHOT) klotski assets/screenshots/klotski.png
	$(SHOT) goat assets/screenshots/goat-goal.png --from "┌ ─ ┐ ▭/│ S ∥ ./└ ─ ┘ W"
	$(SHOT) eight assets/screenshots/eight.png
	$(SHOT) frogs-c assets/screenshots/frogs-c.png
	$(SHOT) guarini assets/screenshots/guarini.png
	$(SHOT) klotski assets/screenshots/analysis-klotski.png --analysis
	$(SHOT) frogs-line-3 assets/screenshots/marks-frogs.png --from "B B . B W W W" --marks
	$(SHOT) eight assets/screenshots/high-contrast.png --marks --theme high-contrast
	$(SHOT) fifteen assets/screenshots/fifteen.png
	$(SHOT) frogs-plus assets/screenshots/editor.png --editor --from "B/B/B/./B B B B B W W W W/W/W/W/W"
	$(SHOT) frogs-c assets/screenshots/help-frogs-c.png --rules
	$(SHOT) lunar-lockout-24 assets/screenshots/lunar-lockout.png
	$(SHOT) ricochet-3 assets/screenshots/ricochet.png
	$(SHOT) --load assets/games/eight-detours.txt assets/screenshots/review.png --review
	$(SHOT) goat assets/screenshots/goat-ja.png --lang ja
	$(SHOT) pairs assets/screenshots/help-pairs-ja.png --rules --lang ja
	$(SHOT) --settings assets/screenshots/settings-ja.png --lang ja --text-size 150
	$(SHOT) warehouse-24 assets/screenshots/warehouse-24.png --marks
	$(SHOT) warehouse-22@pushes assets/screenshots/analysis-warehouse-22.png --analysis
	$(SHOT) warehouse-7 assets/screenshots/help-warehouse-ja.png --rules --lang ja
	$(SHOT) hanoi-scattered assets/screenshots/hanoi.png
	$(SHOT) reve-almost-home assets/screenshots/reve-marks-ja.png --marks --lang ja
	$(SHOT) sixteen-3x3 assets/screenshots/sixteen-marks.png --marks
	$(SHOT) sixteen-3x3 assets/screenshots/help-sixteen-ja.png --rules --lang ja
	$(SHOT) eight assets/screenshots/eight-hint.png --press h h h h
	$(SHOT) tiles-4x5 assets/screenshots/tiles-4x5.png --press h h
	$(SHOT) traffic assets/screenshots/traffic.png
	$(SHOT) klotski assets/screenshots/klotski-count.png --press down down right k
	$(SHOT) klotski assets/screenshots/klotski-ja.png --lang ja --text-size 150 --size 800x600
	$(SHOT) goat assets/screenshots/goat-solving-ja.png --lang ja --text-size 150 --size 1024x600 --press s space
	$(SHOT) frogs-small-backward assets/screenshots/demo.png --demo
	$(SHOT) pegs-english assets/screenshots/pegs-english.png
	$(SHOT) red-donkey assets/screenshots/red-donkey.png --from "A G H C/A . . C/D E E F/D B B F/I B B J/# . . #/# . . #"
	$(SHOT) hughes assets/screenshots/editor-doors.png --editor --press d right down return down return
	$(SHOT) pegs-triangle-a1 assets/screenshots/pegs-triangle.png --marks

# the game on the desktop (freedesktop.org): its icon drawn by the game (assets/icons), its desktop entry and
# AppStream metainfo (assets/desktop/, named by the app id of game/common/identity.py), made again after a change to the
# motif, the catalogs, pyproject.toml or CHANGELOG.md; installed for this user into $$XDG_DATA_HOME (default
# ~/.local/share) with the entry running this checkout's command, and removed again.
icons: $(STAMP)
	SDL_VIDEODRIVER=dummy $(PY) main.py icon assets/icons

desktop-files: $(STAMP) $(CATALOGS)
	$(PY) -m game.desktop files

install-desktop: $(STAMP) $(CATALOGS)
	$(PY) -m game.desktop install

uninstall-desktop:
	$(if $(wildcard $(PY)),$(PY),$(PYTHON)) -m game.desktop uninstall

# the desktop entry (as kept and as installed, with an absolute command) and the metainfo, through the
# validators of desktop-file-utils and appstream where they are installed (CI installs them)
desktop-check: $(STAMP) $(CATALOGS)
	@set -e; out=$$(mktemp -d); \
	XDG_DATA_HOME="$$out" $(PY) -m game.desktop install > /dev/null; \
	if command -v desktop-file-validate > /dev/null; then \
		desktop-file-validate assets/desktop/*.desktop "$$out"/applications/*.desktop; \
		echo "desktop-check: desktop-file-validate passes the desktop entry, as kept and as installed"; \
	else echo "desktop-check: desktop-file-validate is not installed (Debian: desktop-file-utils), skipped"; fi; \
	if command -v appstreamcli > /dev/null; then \
		appstreamcli validate --no-net assets/desktop/*.metainfo.xml; \
	else echo "desktop-check: appstreamcli is not installed (Debian: appstream), skipped"; fi; \
	rm -rf "$$out"

# the Flatpak's Python packages for one architecture (assets/flatpak/requirements.txt, pinned by hash) into
# build/flatpak-wheels, where its manifest takes them from; then flatpak-builder (README: "A Flatpak")
FLATPAK_ARCH ?= $(shell uname -m)
flatpak-wheels: $(STAMP)
	$(PY) -m pip download --quiet --no-deps --only-binary=:all: --require-hashes --dest build/flatpak-wheels \
		--python-version 3.12 --implementation cp --abi cp312 --platform manylinux_2_28_$(FLATPAK_ARCH) \
		--platform manylinux_2_17_$(FLATPAK_ARCH) --platform manylinux2014_$(FLATPAK_ARCH) -r assets/flatpak/requirements.txt

# the wheel, installed into a fresh environment and run from a folder outside the checkout
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
package-check: $(STAMP)
	set -e; out=$$(mktemp -d); \
	$(PY) -m pip wheel --quiet --no-deps -w "$$out/dist" . ; rm -rf build *.egg-info; \
	$(PYTHON) -m venv "$$out/venv"; "$$out/venv/bin/pip" install --quiet "$$out"/dist/*.whl; \
	cd "$$out"; export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy FEWEST_MOVES_CACHE="$$out/cache"; \
	venv/bin/fewest-moves --version | grep -qx "fewest-moves $(VERSION)"; test -x venv/bin/fewest-moves-gui; \
	venv/bin/fewest-moves solve goat --json > goat.json; \
	venv/bin/python -c 'import json, sys; d = json.load(open("goat.json")); sys.exit(d["length"] != 20 or not d["optimal"])'; \
	venv/bin/fewest-moves screenshot klotski klotski.png; \
	venv/bin/python -m game list | grep -q "klotski .*25,955 positions"; \
	venv/bin/fewest-moves list --ja | grep -q "klotski .*箱入り娘"; \
	PYGAME_HIDE_SUPPORT_PROMPT=1 venv/bin/python -c 'import pygame; assert pygame.image.load("klotski.png").get_size() == (1280, 800)'; \
	echo "package-check: the installed wheel says its version ($(VERSION)), solves goat in 20, lists the library (and its" \
		"Japanese names) and draws klotski"; \
	rm -rf "$$out"

# a one-folder desktop bundle that runs without Python: dist/fewest-moves/fewest-moves, the same command line as
# main.py. The game's own files (all of assets/ but the README's pictures) travel inside it as game/assets, where
# game.common.resources finds them; the benchmarks and the families are imported by name (the families found by
# their package), so they are collected by name. The catalogs go
# compiled, so Babel (which compiles a stale one in a checkout) stays out; a family's own puzzles (its puzzles folder)
# travel as the family package's data. On Linux only Python's own libraries lose their debug
# symbols (strip comes with binutils, which the freezer needs there): stripping the wheels' (numpy's, pygame's)
# breaks them.
DIST_STAMP := $(VENV)/.installed-dist
DIST_DATA := $(foreach item,$(filter-out assets/screenshots assets/flatpak,$(wildcard assets/*)),\
	--add-data "$(CURDIR)/$(item):game/$(if $(wildcard $(item)/.),$(item),assets)")
# numba caches compiled code in NUMBA_CACHE_DIR (the game's cache folder) only for functions whose source file it
# finds, so the compiled modules travel as source too, each beside its module; without them a frozen bundle
# caches in ~/.cache/numba. They are found, not listed: every module that makes a kernel (`name = compiled(...)`,
# solvers.compiled), which tests/test_packaging.py holds to the modules' own code.
OPEN := (
KERNEL_SOURCES := $(sort $(shell grep -rlE --include='*.py' '^[A-Za-z_][A-Za-z_0-9]* = compiled[$(OPEN)]' solvers game))
DIST_SOURCES := $(foreach module,$(KERNEL_SOURCES),\
	--add-data "$(CURDIR)/$(module):$(patsubst %/,%,$(dir $(module)))")
# The package's metadata goes too (--version reads it). The executable takes the game's icon where the system
# reads one from the file (Windows: the .ico, macOS: the .icns); on Linux the window sets its own, and the PNGs
# travel with the game's files (game/assets/icons).
DIST_ICON := $(if $(filter Windows_NT,$(OS)),--icon "$(CURDIR)/assets/icons/icon.ico",\
	$(if $(filter Darwin,$(shell uname -s)),--icon "$(CURDIR)/assets/icons/icon.icns"))
dist: $(DIST_STAMP) $(CATALOGS)
	rm -rf dist/fewest-moves
	$(PY) -m PyInstaller --noconfirm --clean --log-level WARN --onedir --console --name fewest-moves \
		--distpath dist --workpath build/pyinstaller --specpath build/pyinstaller $(DIST_ICON) \
		--copy-metadata fewest-moves --collect-submodules bench --collect-submodules game.families --collect-data game.families \
		--exclude-module babel $(DIST_DATA) $(DIST_SOURCES) main.py
	[ "$$(uname)" != Linux ] || strip --strip-debug dist/fewest-moves/_internal/libpython3* \
		dist/fewest-moves/_internal/python3*/lib-dynload/*.so
	@echo "dist: dist/fewest-moves/fewest-moves ($$(du -sh dist/fewest-moves | cut -f1))"

# the bundle, copied to a folder outside the checkout and run there headless: the command line, a picture, the
# game's own files, and the window's worker processes (a fresh window builds the klotski table in one; a frozen
# worker that started the game again instead would build nothing). Python here only reads the results.
dist-check: dist
	set -e; out=$$(mktemp -d); check="$(abspath $(PY))"; cp -R dist/fewest-moves "$$out/"; cd "$$out"; \
	export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 FEWEST_MOVES_CACHE="$$out/cache" \
		FEWEST_MOVES_CONFIG="$$out/config" FEWEST_MOVES_DATA="$$out/data" FEWEST_MOVES_STATE="$$out/state"; \
	fewest-moves/fewest-moves --version | grep -qx "fewest-moves $(VERSION)" || { \
		echo "dist-check: the bundle does not say its version ($(VERSION))"; exit 1; }; \
	fewest-moves/fewest-moves solve goat --json > goat.json; \
	"$$check" -c 'import json, sys; d = json.load(open("goat.json")); sys.exit(d["length"] != 20 or not d["optimal"])'; \
	fewest-moves/fewest-moves screenshot klotski klotski.png; \
	"$$check" -c 'import pygame; assert pygame.image.load("klotski.png").get_size() == (1280, 800)'; \
	fewest-moves/fewest-moves list | grep -q "klotski .*25,955 positions"; \
	(cd "$(CURDIR)/assets" && find . -type f ! -path './screenshots/*' ! -path './flatpak/*' | sort) > wanted.txt; \
	(cd fewest-moves/_internal/game/assets && find . -type f | sort) > bundled.txt; \
	for module in $(KERNEL_SOURCES); do [ -f "fewest-moves/_internal/$$module" ] || { \
		echo "dist-check: the bundle lacks $$module beside its compiled module"; exit 1; }; done; \
	cmp -s wanted.txt bundled.txt || { echo "dist-check: the bundle's game/assets differs from assets/:"; \
		diff wanted.txt bundled.txt; exit 1; }; \
	fewest-moves/fewest-moves list --ja | grep -q "klotski .*25,955 positions  箱入り娘" || { \
		echo "dist-check: the bundle does not read its Japanese catalog"; exit 1; }; \
	fewest-moves/fewest-moves solve fifteen --json --from "5 10 14 4/6 12 11 1/9 . 15 7/13 2 8 3" > fifteen.json; \
	"$$check" -c 'import json, sys; d = json.load(open("fifteen.json")); sys.exit(d["length"] != 41 or "7-7-1" not in d["algorithm"])'; \
	ls cache/numba/*/tiles_search._search-*.nbi > /dev/null 2>&1 || { \
		echo "dist-check: the compiled 15-puzzle search left nothing in the game's numba cache"; exit 1; }; \
	NUMBA_DEBUG_CACHE=1 fewest-moves/fewest-moves solve fifteen --from "1 3 5 6/. 13 14 9/11 4 8 12/10 7 15 2" \
		| grep -q "index loaded from '$$out/cache/numba" || { \
		echo "dist-check: the bundle compiled its 15-puzzle search again instead of loading it"; exit 1; }; \
	FEWEST_MOVES_CACHE="$$out/window-cache" fewest-moves/fewest-moves play klotski > window.log 2>&1 & window=$$!; \
	for i in $$(seq 720); do if ls window-cache/distances-klotski-* > /dev/null 2>&1; then break; fi; sleep 0.25; done; \
	kill $$window 2> /dev/null || true; wait $$window || true; \
	ls window-cache/distances-klotski-* > /dev/null 2>&1 || { echo "dist-check: the window's worker built no table:"; \
		cat window.log; exit 1; }; \
	echo "dist-check: the bundle ($$(du -sh fewest-moves | cut -f1)) says its version, solves goat in 20, lists the library, draws" \
		"klotski, carries assets/, reads its Japanese catalog, builds the 15-puzzle's tables, caches its compiled" \
		"search in the game's folder and loads it from there, and builds a table in a worker process"; \
	cd /; rm -rf "$$out"

$(DIST_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,dist]'
	touch $(DIST_STAMP)

# every message of the game into the template, the template into each language, each language compiled
catalogs: $(STAMP)
	$(VENV)/bin/pybabel -q extract -F $(LOCALE)/babel.cfg -c "Translators:" --project=fewest-moves \
		--sort-output --msgid-bugs-address="" -o $(LOCALE)/fewest_moves.pot .
	for po in $(LOCALE)/*.po; do lang=$$(basename $$po .po); \
		$(VENV)/bin/pybabel -q update -i $(LOCALE)/fewest_moves.pot -o $$po -l $$lang --no-fuzzy-matching \
		--ignore-obsolete; done
	$(MAKE) --no-print-directory $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*.po))

$(LOCALE)/%.mo: $(LOCALE)/%.po $(STAMP)
	$(VENV)/bin/pybabel -q compile -i $< -o $@ -l $*

# the bundled fonts (assets/fonts), cut to the characters the game shows: rerun when a catalog or a puzzle gains
# characters. Cut from Debian's fonts-inter, fonts-noto-cjk-extra and fonts-dejavu-core (see assets/fonts/README.md).
FONTS_STAMP := $(VENV)/.installed-fonts
fonts: $(FONTS_STAMP)
	$(PY) -m game.fontsubset

$(FONTS_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[test,fonts]'
	touch $(FONTS_STAMP)

venv: $(VENV)/bin/python

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(VENV)/bin/python pyproject.toml
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache build dist *.egg-info
