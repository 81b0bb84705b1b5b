# Every target creates .venv and installs what it needs; `make run` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
KT     := $(VENV)/bin/kartentisch
EXTRAS := test,postgres,plot,ray,rl,bench
# make test SKIP=browser,postgres: no system packages or server for those parts; their tests are reported skipped.
SKIP   ?=
comma  := ,
# The shared conformance folder beside the clone (optional; src/kartentisch/games/<id>/scenarios/shared/ holds copies).
KARTENTISCH_SHARED ?= ../shared
STARTED := $(shell date +%s)
# make run HOST=0.0.0.0 PORT=8101: where the browser table listens.
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: install compiled run test soak kill-soak bench lint scenarios clean

# Which build a fresh interpreter loads: "compiled", or "pure (<why>)" (kartentisch.build_info).
BUILD_INFO = $(PY) -c 'import kartentisch as k; i = k.build_info(); print(i["build"] + (" (" + i["reason"] + ")" if "reason" in i else ""))'

$(VENV)/.installed: pyproject.toml setup.py
	@echo "install: 1/2 creating the virtual environment $(VENV) with $(PYTHON) (a few seconds)"
	$(PYTHON) -m venv $(VENV)
	@echo "install: 2/2 installing kartentisch and its Python packages [$(EXTRAS)] into $(VENV) with pip:"
	@echo "install:     about 1 GB, about 5 to 7 minutes on a 2-core machine, quiet until done (no system packages); with a C"
	@echo "install:     compiler the kernel, the games' rules and the search are compiled with mypyc (about a minute)"
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[$(EXTRAS)]'
	@touch $@
	@echo "install: done in $$(( $$(date +%s) - $(STARTED) )) s, build: $$($(BUILD_INFO)). make test also installs"
	@echo "install: Debian's chromium and postgresql system-wide if missing (apt-get as root or with sudo);"
	@echo "install: make test SKIP=browser,postgres goes without"

install: $(VENV)/.installed

# A source compiled in the editable install changed since its build: the pure modules run until it is
# compiled again (kartentisch/__init__.py checks), which this does in place. KARTENTISCH_PURE=1 skips it.
compiled: install                ## compile the changed kernel/rules/search sources again (pure until then)
	@if $(PY) -c 'import kartentisch as k, sys; sys.exit("changed since" not in k.build_info().get("reason", ""))'; then \
	  echo "compiled: a compiled source changed; compiling again with mypyc (about a minute)"; \
	  $(PY) setup.py -q build_ext --inplace && echo "compiled: done in $$(( $$(date +%s) - $(STARTED) )) s, build: $$($(BUILD_INFO))"; \
	fi

run: compiled                    ## start the browser table on http://$(HOST):$(PORT) (make run PORT=8101 HOST=0.0.0.0)
	$(KT) serve --host $(HOST) --port $(PORT) $(foreach p,$(wildcard src/kartentisch/games/*/policy.npz),--policy $(p))

test: compiled                   ## lint, system packages, then the whole test suite (scenarios, browser, PostgreSQL)
	$(MAKE) --no-print-directory lint
	scripts/system-deps.sh --skip '$(SKIP)'
	$(if $(filter postgres,$(subst $(comma), ,$(SKIP))),,scripts/with-postgres.sh) $(PY) -m pytest -n 2 -q --skip '$(SKIP)'

scenarios: install               ## ours and the copies of the shared ones, and ../shared/scenarios itself when present
	$(KT) scenario src/kartentisch/games $(wildcard $(KARTENTISCH_SHARED)/scenarios)

soak: install                    ## 100,000 random matches per game with the kernel invariants, 400 with deep checks
	$(KT) soak --matches 100000 --deep-every 0
	KARTENTISCH_DEEP_MATCHES=400 KARTENTISCH_MATCHES=0 $(PY) -m pytest -q -p no:randomly tests/test_properties.py

kill-soak: install               ## serve killed with SIGKILL under load, 100 times on SQLite and on PostgreSQL: no acknowledged action lost
	$(PY) bench/kill_soak.py --cycles 100
	scripts/with-postgres.sh $(PY) bench/kill_soak.py --db postgres --cycles 100

.PHONY: cluster
cluster: install                 ## a local trial of the scaled-out server: PostgreSQL, 3 serve processes, nginx on http://127.0.0.1:8080/
	scripts/system-deps.sh --cluster
	PYTHON=$(abspath $(PY)) scripts/cluster.sh --port 8080 --processes 3

bench: install                   ## speed figures against RLCard and OpenSpiel (bench/README.md)
	$(PY) bench/run.py --json bench/results.json

lint: install                    ## ruff, mypy, mypy --strict for the kernel (as python-chess runs it), commit subjects
	$(VENV)/bin/ruff check src tests bench examples
	$(VENV)/bin/mypy
	$(VENV)/bin/mypy --strict src/kartentisch/kernel
	scripts/check-commits.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
