# Clubtally: `make run` serves the demo, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: install run test test-fast bench browser-deps messages messages-report clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e ".[dev]"
	touch $@

install: $(VENV)/.installed
	$(PY) manage.py translations compile >/dev/null

run: install
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py load_demo --if-empty
	@HOST=$(HOST) PORT=$(PORT) $(PY) -m config.hall
	HOST=$(HOST) $(PY) manage.py runserver $(HOST):$(PORT)

# The browser tests drive Debian's Chromium, the PDF tests pdftoppm, the catalog
# test xgettext: install them (as root) when missing.
browser-deps:
	@if [ ! -x /usr/bin/chromium ] || ! command -v pdftoppm >/dev/null || ! command -v xgettext >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver poppler-utils gettext >/dev/null; \
	  else \
	    echo "The browser, PDF and catalog tests need: sudo apt-get install chromium chromium-driver poppler-utils gettext"; exit 1; \
	  fi; \
	fi

# One pytest worker per core (pytest-xdist; TEST_WORKERS=0 runs in one process);
# worksteal hands a worker that is done the queued tests of the other.
TEST_WORKERS ?= auto
XDIST = -n $(TEST_WORKERS) --dist worksteal

SUITE = CLUBTALLY_NO_SKIPS=1 $(PY) -m pytest -p no:cacheprovider $(XDIST) --durations=25

test: install browser-deps
	$(PY) manage.py makemigrations --check --dry-run >/dev/null
	$(SUITE)

test-fast: install
	$(PY) -m pytest -m "not e2e" -x -q $(XDIST)

bench: install
	$(PY) tests/bench/run_all.py $(ARGS)

messages: install
	$(PY) manage.py makemessages -l zh_Hans -l zh_Hant -l th --ignore=.venv --ignore=tests --ignore=staticfiles --no-obsolete
	$(PY) manage.py translations compile
	-$(PY) manage.py translations report

# The entries still to translate (after a merge's `make messages`); exit 1 if any.
messages-report: install
	$(PY) manage.py translations report

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
