# SPDX-License-Identifier: Apache-2.0
# ciphercores: the two commands a new user needs are `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: demo test slow formal lint clean venv bench-synth bench-sweeps bench-stale bench-routers soc \
	suite-time bench-boards

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

# the `soc` extra (LiteX, Migen, VexRiscv, picolibc sources, meson), for `make soc` only
SOC_STAMP := $(VENV)/.installed-soc
$(SOC_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,soc]'
	touch $(SOC_STAMP)

## demo: encrypt a sample file through an RTL core (Verilator co-simulation) and back
demo: $(STAMP)
	$(BIN)/python -m ciphercores.demo

## test: the default test suite (models, vectors, modes, every core on both simulators)
test: $(STAMP)
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

## suite-time: the default suite as `make test` runs it, timed: prints the ten longest tests
## and the total, and writes every test's time to tests/suite-times.json, the longest-first
## order of the next runs (tests/conftest.py). For a new user's figure, empty the caches first:
## CIPHERCORES_CACHE_DIR and CCACHE_DIR pointing at new directories.
suite-time: $(STAMP)
	$(BIN)/python -m pytest -n 2 --suite-times tests/suite-times.json $(PYTEST_ARGS)

## slow: the long runs (10^6 random blocks per core)
slow: $(STAMP)
	$(BIN)/python -m pytest -m slow $(PYTEST_ARGS)

## formal: every formal proof (SymbiYosys, k-induction and covers) over each target's parameter
## sweep, and every broken variant shown to fail (ciphercores.formal; runs in build/formal/)
formal: $(STAMP)
	$(BIN)/python -m ciphercores.formal

## soc: a LiteX SoC (VexRiscv) with aes_iter and speck_iter on its Wishbone bus through their
## bus wrappers, simulated with Verilator: the firmware runs the FIPS-197, SP 800-38A and SPECK
## vectors through them and a software AES, and prints cycles per block (soc/, docs/soc.md);
## writes the measured table into docs/soc.md and the figures into README.md from that run.
## Also needs Debian's gcc-riscv64-unknown-elf, libevent-dev, libjson-c-dev: checked first.
soc:
	$(PYTHON) soc/ciphercores_soc.py --check
	$(MAKE) --no-print-directory $(SOC_STAMP)
	$(BIN)/python soc/ciphercores_soc.py --write-docs

## lint: Verilator --lint-only -Wall on every RTL file (every registered test set), ruff on Python
lint: $(STAMP)
	$(BIN)/python -m ciphercores.lint
	$(BIN)/ruff check src tests soc

## bench-synth: the full measurement run in the archive's scope (ciphercores.synth.scope): every
## core's test parameter sets on ECP5 speed 8 (placer seeds 1,2,3) and xc7, as sweeps
## (docs/img/CORE-sweep.csv/.json/.png), its defaults at speed 6, then docs/results.md.
## Cached: a second run only redoes what changed. Long (hours); `make bench-stale` redoes only
## the rows the pages show stale.
bench-synth: $(STAMP)
	status=0; for core in $$($(BIN)/python -c "from ciphercores import cores; print(*cores.CORES)"); do \
	  $(BIN)/ciphercores explore $$core --test-sets --target ecp5,xc7 --speed 8 \
	    --parallel 2 --out docs/img || status=1; \
	  $(BIN)/ciphercores synth $$core --target ecp5 --speed 6 || status=1; \
	done; $(BIN)/ciphercores results; exit $$status

## bench-sweeps: the parameter sweeps. The SPECK paper's Table 2 / Figure 6 for speck_pipe:
## STAGES 1..5 and T (full pipeline) for SPECK48/96, 64/128 and 128/128 on ECP5 speed 8 and
## xc7 (area), and the folded SPECK48/96 (STAGES=1) with 0..3 registers inside the round
## (SUBREG), placer seed 1 only (the archive's scope for sweep points; the test sets among them
## have three seeds from bench-synth); aes_pipe (AES-128, the default registers) with LANES 1
## and 2 on ECP5, synthesis only (cells and block RAM against the part: with two lanes
## nextpnr-ecp5's router does not finish in hours, so there is no routed run); then
## docs/results.md. Cached like bench-synth; long (hours on 2 cores).
bench-sweeps: $(STAMP)
	status=0; for set in 24:4:23 32:4:27 64:2:32; do \
	  w=$${set%%:*}; rest=$${set#*:}; m=$${rest%%:*}; t=$${rest#*:}; \
	  $(BIN)/ciphercores explore speck_pipe -P WORD=$$w -P KEY_WORDS=$$m \
	    -P STAGES=1,2,3,4,5,$$t --target ecp5,xc7 --speed 8 --seeds 1 --parallel 2 --out docs/img \
	    --name speck_pipe-$$((2 * w))-$$((w * m)) || status=1; \
	done; \
	$(BIN)/ciphercores explore speck_pipe -P WORD=24 -P KEY_WORDS=4 -P STAGES=1 \
	  -P SUBREG=0,1,2,3 --target ecp5,xc7 --speed 8 --seeds 1 --parallel 2 --out docs/img \
	  --name speck_pipe-48-96-folded-subreg || status=1; \
	$(BIN)/ciphercores explore aes_pipe -P LANES=1,2 --target ecp5 --seeds '' --parallel 2 \
	  --out docs/img --name aes_pipe-lanes || status=1; \
	$(BIN)/ciphercores results; exit $$status

# the `boards` extra (nextpnr for Gowin, Lattice Nexus, GateMate), for `make bench-boards` only
BOARDS_STAMP := $(VENV)/.installed-boards
$(BOARDS_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,boards]'
	touch $(BOARDS_STAMP)

## bench-boards: the by-board table of docs/results.md: every core at its default parameters on
## every board part (iCE40 UP5K and HX8K, Gowin GW1NR-9 and GW2A-18, Lattice LIFCL-40, GateMate
## CCGM1A1, ECP5-85), placer seeds 1,2,3, one run at a time under nice; a core whose synthesis
## cells exceed the part is recorded as not fitting without place-and-route. Cached; long
## (GateMate runs can take an hour each); then docs/results.md.
bench-boards: $(BOARDS_STAMP)
	status=0; nofit=$$($(BIN)/python -c "from ciphercores.errors import DoesNotFit as e; print(e.exit_code)"); \
	for core in $$($(BIN)/python -c "from ciphercores import cores; print(*cores.CORES)"); do \
	  for part in ice40:up5k ice40:hx8k gw1n:9 gw2a:18 nexus:40 gatemate:a1 ecp5:8; do \
	    nice -n 15 $(BIN)/ciphercores synth $$core --target $${part%%:*} --grade $${part#*:} \
	      > /dev/null; rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq $$nofit ] || status=1; \
	  done; \
	done; $(BIN)/ciphercores results; exit $$status

## bench-stale: measure again every row the pages show stale (older RTL or tools), one placer
## seed at a time under nice, in order: the defaults at ECP5 speed 8 (the README's rows), at
## speed 6, the test sets at speed 8, other targets, sweep points (seed 1); resumes from the
## cache, rewrites the pages as each record completes. BUDGET=MINUTES stops it between seeds.
bench-stale: $(STAMP)
	$(BIN)/ciphercores synth --stale $(if $(BUDGET),--budget $(BUDGET))

## bench-routers: nextpnr's router1 against router2 on the pipelined cores (seed 1 of router1
## again for its time, seeds 1, 2, 3 of router2; resumes from the archive), then the pages
bench-routers: $(STAMP)
	$(BIN)/python -m ciphercores.synth.routers
	$(BIN)/ciphercores results

clean:
	rm -rf build sim_build .pytest_cache .ruff_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
