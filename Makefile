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

test: $(STAMP)
	$(HEADLESS) $(PY) -m pytest

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
