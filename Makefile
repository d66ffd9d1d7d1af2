# ciphercores: the two commands a new user needs are `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: demo test slow lint clean venv

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

## demo: encrypt a sample file through an RTL core (Verilator co-simulation) and back
demo: $(STAMP)
	$(BIN)/python -m ciphercores.demo

## test: the default test suite (models, vectors, modes, every core on both simulators)
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

## slow: the long runs (10^6 random blocks per core)
slow: $(STAMP)
	$(BIN)/python -m pytest -m slow $(PYTEST_ARGS)

## lint: Verilator --lint-only -Wall on every RTL file (every registered test set), ruff on Python
lint: $(STAMP)
	$(BIN)/python -m ciphercores.lint
	$(BIN)/ruff check src tests

clean:
	rm -rf build sim_build .pytest_cache .ruff_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
