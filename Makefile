# Two commands on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench arena ladder clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/tricktaker serve $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]' || echo "open-spiel unavailable: benchmarking tricktaker alone"
	$(BIN)/tricktaker bench

arena: $(STAMP)
	$(BIN)/tricktaker arena truc --bots rules,random --deals 2000 --seed 1

ladder: $(STAMP)
	$(BIN)/tricktaker ladder truc --levels random,rules --deals 400 --seed 1

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
