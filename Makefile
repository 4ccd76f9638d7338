# graphgame: build, test, demo.  `make help` lists the targets.
CC      ?= gcc
CFLAGS  ?= -O2 -g
WARN     = -Wall -Wextra -Wno-unused-parameter
SQLITE3 ?= sqlite3
PYTHON  ?= /usr/bin/python3
PREFIX  ?= /usr/local
# The version lives in the file VERSION only; the C code gets it as GG_VERSION.
VERSION := $(shell cat VERSION)
VERSION_DEF = -DGG_VERSION='"$(VERSION)"'

EXT_SRC  = $(wildcard ext/*.c)
LIB_SRC  = $(filter-out ext/alloc_libc.c,$(EXT_SRC))
ENGINE   = ext/graph.c ext/retro.c ext/catmouse.c ext/catmouse_ref.c ext/adjjson.c ext/alloc_libc.c ext/graphgen.c ext/capped.c
ENGINE  += ext/explicit.c ext/keymap.c
HDRS     = $(wildcard ext/*.h)
ENGINE  += ext/race.c

.PHONY: all test demo asan clean help svg

all: dist/graphgame.so

dist/graphgame.so: $(LIB_SRC) $(HDRS) VERSION
	@mkdir -p dist
	$(CC) $(CFLAGS) $(WARN) $(VERSION_DEF) -fPIC -shared -pthread -o $@ $(LIB_SRC)

help:
	@echo "make          build dist/graphgame.so"
	@echo "make demo     run examples/*.sql in the sqlite3 CLI"
	@echo "make test     run every test; ends with 'N passed, N failed'"
	@echo "make asan     the test suite under AddressSanitizer + UBSan"
	@echo "make svg      render docs/*.sql (DOT from catmouse_dot) to docs/*.svg (needs graphviz)"
	@echo "make install  copy dist/graphgame.so to \$$(PREFIX)/lib and sql/*.sql to"
	@echo "              \$$(PREFIX)/share/graphgame (PREFIX=$(PREFIX); DESTDIR honoured)"

demo: dist/graphgame.so
	@for f in examples/*.sql; do echo "== $$f"; $(SQLITE3) -header -column :memory: < $$f || exit 1; done

# Pictures: each docs/*.sql prints one DOT graph; Graphviz draws it.
svg: dist/graphgame.so
	@command -v dot >/dev/null 2>&1 || { echo "make svg needs Graphviz: apt-get install -y graphviz"; exit 1; }
	@for f in docs/*.sql; do b=$$(basename $$f .sql); \
	  $(SQLITE3) -batch -noheader -list :memory: < $$f > dist/$$b.dot && \
	  dot -Tsvg dist/$$b.dot > docs/$$b.svg && echo "docs/$$b.svg" || exit 1; done

test: dist/graphgame.so
	$(PYTHON) tests/run.py

# The same suite, with the extension built under ASan + UBSan.  The
# sqlite3 CLI is not instrumented, so the runtime is preloaded.
ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
asan:
	@mkdir -p dist/asan
	$(CC) $(ASAN_FLAGS) $(WARN) $(VERSION_DEF) -fPIC -shared -pthread -o dist/asan/graphgame.so $(LIB_SRC)
	preload="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)"; \
	GG_EXT=dist/asan/graphgame GG_PRELOAD="$$preload" LD_PRELOAD="$$preload" \
	  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(PYTHON) tests/run.py

clean:
	rm -rf dist

# Benchmarks: every bench/bench_*.py, each printing its own table of
# times and ratios against a baseline measured in the same run.
.PHONY: bench
bench: dist/graphgame.so
	@for f in bench/bench_*.py; do [ -f "$$f" ] || continue; echo "== $$f"; $(PYTHON) $$f || exit 1; done

# Install: the extension into $(PREFIX)/lib, the SQL scripts users run into
# $(PREFIX)/share/graphgame.  DESTDIR is prepended for staged installs.
.PHONY: install
install: dist/graphgame.so
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/graphgame
	install -m 755 dist/graphgame.so $(DESTDIR)$(PREFIX)/lib/graphgame.so
	install -m 644 sql/*.sql $(DESTDIR)$(PREFIX)/share/graphgame/
