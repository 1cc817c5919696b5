# Tiletop: `make play` opens the table, `make test` runs every test headless.
# Both create .venv on first use and install the project into it.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test bench assets catalogues clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game play

# Each run gets its own temporary folder: pytest's shared numbered folders under /tmp keep only
# the last three runs, so two runs on one machine could delete each other's files.
test: $(STAMP)
	@tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/tiletop-test.XXXXXX"); \
	$(HEADLESS) $(PY) -m pytest --basetemp="$$tmp"; rc=$$?; rm -rf "$$tmp"; exit $$rc

bench: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test,bench]'
	$(HEADLESS) $(PY) tools/bench_engine.py
	$(HEADLESS) $(PY) tools/bench_los.py
	$(HEADLESS) $(PY) tools/bench_board.py
	$(HEADLESS) $(PY) tools/bench_gears.py
	$(HEADLESS) $(PY) tools/bench_render.py

assets: $(STAMP)
	$(PY) tools/make_assets.py

# Translations: pybabel extract (code and data texts, babel.cfg), update every .po, compile .mo.
catalogues: $(STAMP)
	$(PY) tools/catalogues.py

clean:
	rm -rf $(VENV) build *.egg-info
