# Clubtally: `make run` serves the demo, `make test` runs the whole suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
HOST ?= 127.0.0.1

.PHONY: install run test test-fast bench browser-deps vnu vnu-jar messages messages-report clean

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
	HOST=$(HOST) PORT=$(PORT) $(PY) manage.py runserver $(HOST):$(PORT)

# The browser tests drive Debian's Chromium, the PDF tests pdftoppm, the catalog
# test xgettext, the https recipe's test caddy and openssl: install them (as root) when missing.
browser-deps:
	@if [ ! -x /usr/bin/chromium ] || ! command -v pdftoppm >/dev/null || ! command -v xgettext >/dev/null \
	    || ! command -v caddy >/dev/null || ! command -v openssl >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver poppler-utils gettext caddy openssl >/dev/null; \
	  else \
	    echo "The browser, PDF, catalog and https tests need: sudo apt-get install chromium chromium-driver poppler-utils gettext caddy openssl"; exit 1; \
	  fi; \
	fi

# The W3C Nu HTML checker (tests/league/test_html_valid.py): the npm package
# vnu-jar under .vnu/, run with Debian's Java; as root, apt installs Java and
# npm when missing. `make vnu` checks every main page in the four languages.
VNU_VERSION := 26.9.27
VNU_JAR := .vnu/node_modules/vnu-jar/build/dist/vnu.jar

$(VNU_JAR):
	@if ! command -v java >/dev/null || ! command -v npm >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless npm >/dev/null; \
	  else \
	    echo "The HTML checker needs: sudo apt-get install default-jre-headless npm"; exit 1; \
	  fi; \
	fi
	npm install --no-save --no-audit --no-fund --loglevel=error --prefix .vnu vnu-jar@$(VNU_VERSION)
	test -f $@ && touch $@

vnu-jar: $(VNU_JAR)

vnu: install vnu-jar
	$(PY) -m pytest tests/league/test_html_valid.py -q -n 0 -p no:cacheprovider

# One pytest worker per core (pytest-xdist; TEST_WORKERS=0 runs in one process);
# worksteal hands a worker that is done the queued tests of the other.
TEST_WORKERS ?= auto
XDIST = -n $(TEST_WORKERS) --dist worksteal

SUITE = CLUBTALLY_NO_SKIPS=1 $(PY) -m pytest -p no:cacheprovider $(XDIST) --durations=25

test: install browser-deps vnu-jar
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
	rm -rf $(VENV) db.sqlite3 staticfiles .vnu
