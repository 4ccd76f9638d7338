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

# Sources are found, not listed.  ext/engine/: the games, plain C with no
# SQLite; ext/sqlite/: the SQLite layer.  Standalone programs link the
# engine with alloc_libc.c, the extension with alloc_sqlite.c.
ENGINE_SRC = $(wildcard ext/engine/*.c)
SQL_SRC    = $(wildcard ext/sqlite/*.c)
LIB_SRC    = $(filter-out ext/engine/alloc_libc.c,$(ENGINE_SRC)) $(SQL_SRC)
HDRS       = $(wildcard ext/engine/*.h ext/sqlite/*.h)
ENGINE_INC = -Iext/engine
LIB_INC    = -Iext/engine -Iext/sqlite
# The wall: ext/engine/ is compiled with dist/wall/ first on the include
# path, whose sqlite3.h and sqlite3ext.h stop the build, so an engine file
# cannot include SQLite by accident.
WALL       = dist/wall/sqlite3.h dist/wall/sqlite3ext.h
ENGINE_OBJ = $(ENGINE_SRC:ext/engine/%.c=dist/obj/engine/%.o)
SQL_OBJ    = $(SQL_SRC:ext/sqlite/%.c=dist/obj/sqlite/%.o)
LIB_OBJ    = $(filter-out dist/obj/engine/alloc_libc.o,$(ENGINE_OBJ)) $(SQL_OBJ)

.PHONY: all test demo asan clean help svg

all: dist/graphgame.so

dist/graphgame.so: $(LIB_OBJ)
	$(CC) $(CFLAGS) -shared -pthread -o $@ $(LIB_OBJ)

$(WALL):
	@mkdir -p dist/wall
	@echo '#error "ext/engine/ is plain C: no SQLite header there (the SQLite layer is ext/sqlite/)"' > $@

dist/obj/engine/%.o: ext/engine/%.c $(HDRS) $(WALL)
	@mkdir -p dist/obj/engine
	$(CC) $(CFLAGS) $(WARN) -fPIC -Idist/wall $(ENGINE_INC) -c -o $@ $<

dist/obj/sqlite/%.o: ext/sqlite/%.c $(HDRS) VERSION
	@mkdir -p dist/obj/sqlite
	$(CC) $(CFLAGS) $(WARN) $(VERSION_DEF) -fPIC $(LIB_INC) -c -o $@ $<

# A standalone C program on the engines (tests/engine/*.c, bench/*.c):
#   make engine-prog SRC=tests/engine/cm_check.c OUT=dist/engine/cm_check [PROG_FLAGS=...]
# links every engine file with alloc_libc.c, so no list of engine files is
# kept anywhere.
PROG_FLAGS ?= -O2
.PHONY: engine-prog
engine-prog: $(WALL)
	@mkdir -p $(dir $(OUT))
	$(CC) $(PROG_FLAGS) $(WARN) -Idist/wall $(ENGINE_INC) -pthread -o $(OUT) $(SRC) $(ENGINE_SRC)

help:
	@echo "make          build dist/graphgame.so"
	@echo "make demo     run examples/*.sql in the sqlite3 CLI"
	@echo "make test     run every test; ends with 'N passed, N failed'"
	@echo "make asan     the test suite under AddressSanitizer + UBSan"
	@echo "make oom      every allocation failing in turn, in full (make test: a subset)"
	@echo "make valgrind the SQL and hostile-input cases under valgrind memcheck"
	@echo "make tsan     threads solving at once under ThreadSanitizer"
	@echo "make fuzz     libFuzzer targets, FUZZ_TIME (60) seconds each; fuzz-brief: 5 s"
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

test: deps dist/graphgame.so
	$(PYTHON) tests/run.py

# What the tests need, installed when missing (tests/tools/deps.sh).
.PHONY: deps
deps:
	@sh tests/tools/deps.sh

# The same suite, with the extension built under ASan + UBSan.  The
# sqlite3 CLI is not instrumented, so the runtime is preloaded.
ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
asan:
	@mkdir -p dist/asan
	$(CC) $(ASAN_FLAGS) $(WARN) $(VERSION_DEF) $(LIB_INC) -fPIC -shared -pthread -o dist/asan/graphgame.so $(LIB_SRC)
	preload="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)"; \
	GG_CTESTS=0 GG_EXT=dist/asan/graphgame GG_PRELOAD="$$preload" LD_PRELOAD="$$preload" \
	  ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  $(PYTHON) tests/run.py

clean:
	rm -rf dist

# Benchmarks: every bench/bench_*.py, each printing its own table of
# times and ratios against a baseline measured in the same run.
.PHONY: bench
bench: dist/graphgame.so
	@for f in bench/bench_*.py; do [ -f "$$f" ] || continue; echo "== $$f"; $(PYTHON) $$f || exit 1; done

# Reliability (tests/c, tests/fuzz; README "Reliability").  The C harnesses
# print ok/FAIL lines that tests/run.py counts as cases of `make test`.
CTESTS   = dist/ctests/oom dist/ctests/interrupt dist/ctests/compat
HARNESS  = tests/c/harness.h tests/c/surface.h
SAN_LINK = -DSQLITE_CORE $(LIB_INC) -Itests/c $(VERSION_DEF) -pthread

dist/ctests/oom: tests/c/oom.c $(HARNESS) $(LIB_SRC) $(HDRS)
	@mkdir -p dist/ctests
	$(CC) $(ASAN_FLAGS) $(WARN) $(SAN_LINK) -o $@ tests/c/oom.c $(LIB_SRC) -lsqlite3

dist/ctests/interrupt: tests/c/interrupt.c $(HARNESS)
	@mkdir -p dist/ctests
	$(CC) $(CFLAGS) $(WARN) -o $@ tests/c/interrupt.c -lsqlite3 -lpthread

dist/ctests/compat: tests/c/compat.c $(HARNESS)
	@mkdir -p dist/ctests
	$(CC) $(CFLAGS) $(WARN) -o $@ tests/c/compat.c -lsqlite3 -ldl

test: $(CTESTS)

# The OOM harness in full (every mode and argument set); make test runs a
# quick subset of it.
.PHONY: oom
oom: dist/ctests/oom
	OOM_FULL=1 dist/ctests/oom

# Fuzzing (clang's libFuzzer): `make fuzz` runs each target FUZZ_TIME
# seconds; `make fuzz-brief` (CI) a few seconds each.  New corpus entries
# go to dist/fuzz/corpus_<target>, crashes to dist/fuzz/crash-*: copy a
# crash to tests/fuzz/regress_<target>/ and it is replayed by `make test`.
FUZZ_CC    ?= clang
FUZZ_FLAGS  = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TIME  ?= 60
FUZZ_TARGETS = adjjson sql graph6
FUZZ_ENGINE  = $(ENGINE_SRC)

dist/fuzz/fuzz_adjjson: tests/fuzz/fuzz_adjjson.c $(FUZZ_ENGINE) $(HDRS)
	@mkdir -p dist/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) $(ENGINE_INC) -pthread -o $@ tests/fuzz/fuzz_adjjson.c $(FUZZ_ENGINE)

dist/fuzz/fuzz_graph6: tests/fuzz/fuzz_graph6.c $(FUZZ_ENGINE) $(HDRS)
	@mkdir -p dist/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) $(ENGINE_INC) -pthread -o $@ tests/fuzz/fuzz_graph6.c $(FUZZ_ENGINE)

dist/fuzz/fuzz_sql: tests/fuzz/fuzz_sql.c $(HARNESS) $(LIB_SRC) $(HDRS)
	@mkdir -p dist/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) $(SAN_LINK) -o $@ tests/fuzz/fuzz_sql.c $(LIB_SRC) -lsqlite3

.PHONY: fuzz fuzz-brief
fuzz: $(FUZZ_TARGETS:%=dist/fuzz/fuzz_%)
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p dist/fuzz/corpus_$$t; \
	  regress=""; [ -d tests/fuzz/regress_$$t ] && regress="$$(ls -d tests/fuzz/regress_$$t/* 2>/dev/null)"; \
	  if [ -n "$$regress" ]; then echo "== fuzz_$$t: regressions"; \
	    dist/fuzz/fuzz_$$t $$regress 2>&1 | tail -1 || exit 1; fi; \
	  echo "== fuzz_$$t: $(FUZZ_TIME) s"; \
	  dist/fuzz/fuzz_$$t -max_total_time=$(FUZZ_TIME) -print_final_stats=1 \
	    -artifact_prefix=dist/fuzz/ dist/fuzz/corpus_$$t tests/fuzz/seed_$$t > dist/fuzz/$$t.log 2>&1 \
	    || { tail -40 dist/fuzz/$$t.log; echo "fuzz_$$t FAILED (input in dist/fuzz/)"; exit 1; }; \
	  grep -E "^Done|stat::number_of_executed_units|stat::peak_rss" dist/fuzz/$$t.log; \
	done
fuzz-brief:
	$(MAKE) fuzz FUZZ_TIME=5

# Replays of the saved fuzz inputs, built with gcc for `make test`.
dist/ctests/replay_adjjson: tests/fuzz/replay.c tests/fuzz/fuzz_adjjson.c $(FUZZ_ENGINE) $(HDRS)
	@mkdir -p dist/ctests
	$(CC) $(ASAN_FLAGS) -DFZ_TARGET=\"adjjson\" $(ENGINE_INC) -pthread -o $@ tests/fuzz/replay.c tests/fuzz/fuzz_adjjson.c $(FUZZ_ENGINE)

dist/ctests/replay_graph6: tests/fuzz/replay.c tests/fuzz/fuzz_graph6.c $(FUZZ_ENGINE) $(HDRS)
	@mkdir -p dist/ctests
	$(CC) $(ASAN_FLAGS) -DFZ_TARGET=\"graph6\" $(ENGINE_INC) -pthread -o $@ tests/fuzz/replay.c tests/fuzz/fuzz_graph6.c $(FUZZ_ENGINE)

dist/ctests/replay_sql: tests/fuzz/replay.c tests/fuzz/fuzz_sql.c $(HARNESS) $(LIB_SRC) $(HDRS)
	@mkdir -p dist/ctests
	$(CC) $(ASAN_FLAGS) -DFZ_TARGET=\"sql\" $(SAN_LINK) -o $@ tests/fuzz/replay.c tests/fuzz/fuzz_sql.c $(LIB_SRC) -lsqlite3

test: dist/ctests/replay_adjjson dist/ctests/replay_sql dist/ctests/replay_graph6

# Threads under ThreadSanitizer: tests/c/threads.c, the extension linked in.
.PHONY: tsan
dist/tsan/threads: tests/c/threads.c $(HARNESS) $(LIB_SRC) $(HDRS)
	@mkdir -p dist/tsan
	$(CC) -O1 -g -fsanitize=thread $(WARN) $(SAN_LINK) -o $@ tests/c/threads.c $(LIB_SRC) -lsqlite3 -lpthread
tsan: dist/tsan/threads
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 dist/tsan/threads

# The SQL test suite under valgrind memcheck: every sqlite3 CLI case
# (tests/sql/*.sql, and the CLI runs of the Python cases) runs in valgrind,
# where any error or definite leak is printed, so the case fails; the
# Python cases of VALGRIND_PY run in valgrind too (errors only: Python
# keeps memory at exit).  The other Python cases, some of which solve big
# games, would take an hour under valgrind; `make asan` runs them all.
VALGRIND_PY ?= .sql: |test_hostile|test_limits|test_errors
.PHONY: valgrind
valgrind: dist/graphgame.so
	GG_CTESTS=0 GG_ONLY="$(VALGRIND_PY)" GG_VALGRIND_SQLITE3="$(SQLITE3)" \
	  SQLITE3="$(CURDIR)/tests/tools/valgrind-sqlite3" PYTHONMALLOC=malloc \
	  valgrind -q --error-exitcode=99 --leak-check=no $(PYTHON) tests/run.py
# Install: the extension into $(PREFIX)/lib, the SQL scripts users run into
# $(PREFIX)/share/graphgame.  DESTDIR is prepended for staged installs.
.PHONY: install
install: dist/graphgame.so
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/graphgame
	install -m 755 dist/graphgame.so $(DESTDIR)$(PREFIX)/lib/graphgame.so
	install -m 644 sql/*.sql $(DESTDIR)$(PREFIX)/share/graphgame/
