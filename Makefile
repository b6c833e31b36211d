# Two commands on a fresh machine: `make run` and `make test`.
# `make test`: ruff, deptry (unused or missing dependencies), mypy and the quick tier of the tests (minutes): every rule test,
# a small sample of each property test (hypothesis profile `dev`), no test marked slow.
# `make test-all`, which CI runs: the same checks and the whole suite at full size
# (profile `ci`). Both install everything themselves on a fresh machine, and compile the
# strong computers' numba kernels there once (`tricktaker warm`): their first move after
# an install takes as long as any other.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-all lint typecheck pytest pytest-all bench arena ladder clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/tricktaker warm
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tricktaker serve $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/deptry src tests tests/conformance bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 -m "not slow" --hypothesis-profile=dev

# The browser tests keep each page as it ended in artifacts/screens (CI's artefacts).
pytest-all: $(STAMP)
	TRICKTAKER_SHOTS="$${TRICKTAKER_SHOTS:-$(CURDIR)/artifacts/screens}" \
		$(BIN)/pytest -n 2 --hypothesis-profile=ci

test: lint typecheck pytest

test-all: lint typecheck pytest-all

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]' || echo "open-spiel unavailable: benchmarking tricktaker alone"
	$(BIN)/tricktaker bench

arena: $(STAMP)
	$(BIN)/tricktaker arena truc --bots rules,random --deals 2000 --seed 1

ladder: $(STAMP)
	$(BIN)/tricktaker ladder truc --levels random,rules --deals 400 --seed 1

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
