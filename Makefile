# Every target creates .venv and installs what it needs; `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
KT     := $(VENV)/bin/kartentisch
EXTRAS := test,postgres,plot,ray,rl,bench

.PHONY: install run test soak bench lint scenarios clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[$(EXTRAS)]'
	touch $@

install: $(VENV)/.installed

run: install                     ## start the browser table on http://127.0.0.1:8000
	$(KT) serve

test: install                    ## system packages, then the whole test suite (scenarios, browser, PostgreSQL)
	scripts/system-deps.sh
	scripts/with-postgres.sh $(PY) -m pytest -n 2 -q

scenarios: install               ## the shared conformance scenarios and ours
	$(KT) scenario ../shared/scenarios tests/scenarios

soak: install                    ## 100,000 random matches per game with the kernel invariants
	$(KT) soak --matches 100000 --deep-every 0

bench: install                   ## speed figures against RLCard and OpenSpiel (bench/README.md)
	$(PY) bench/run.py --json bench/results.json

lint: install
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
