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

# Sources are found, not listed.  ext/engine/<concern>/: the games, plain
# C with no SQLite; ext/sqlite/ (registry.c) and ext/sqlite/<concern>/: the
# SQLite layer (docs/internals.md draws the tree).  Every folder is on the
# include path, so a file includes "graph.h" wherever it lives, and a new
# folder needs no line here.  Standalone programs link the engine with
# alloc_libc.c, the extension with alloc_sqlite.c.
ENGINE_SRC = $(wildcard ext/engine/*/*.c)
SQL_SRC    = $(wildcard ext/sqlite/*.c ext/sqlite/*/*.c)
LIB_SRC    = $(filter-out %/alloc_libc.c,$(ENGINE_SRC)) $(SQL_SRC)
ENGINE_DIRS = $(sort $(patsubst %/,%,$(dir $(wildcard ext/engine/*/*.[ch]))))
SQL_DIRS   = ext/sqlite $(sort $(patsubst %/,%,$(dir $(wildcard ext/sqlite/*/*.[ch]))))
HDRS       = $(wildcard $(ENGINE_DIRS:%=%/*.h) $(SQL_DIRS:%=%/*.h))
ENGINE_INC = $(addprefix -I,$(ENGINE_DIRS))
LIB_INC    = $(ENGINE_INC) $(addprefix -I,$(SQL_DIRS))
# The reference solvers and what only the tests use (tests/engine/ref/):
# linked into the test programs, never into the library.
REF_SRC    = $(wildcard tests/engine/ref/*.c)
REF_INC    = -Itests/engine/ref
REF_HDRS   = $(wildcard tests/engine/ref/*.h)
# The library exports sqlite3_graphgame_init only (its definition says
# so): SQLite loads extensions with RTLD_GLOBAL, where other names could
# clash with the host's.
LIB_VIS    = -fvisibility=hidden
# The wall: every file of ext/engine/ (each folder) is compiled with
# dist/wall/ first on the include path, whose sqlite3.h and sqlite3ext.h
# stop the build, so an engine file cannot include SQLite by accident
# (tests/py/test_conventions.py checks every engine object's command).
WALL       = dist/wall/sqlite3.h dist/wall/sqlite3ext.h
# nauty (Apache 2.0; Debian's libnauty2-dev, found by pkg-config): the
# automorphism groups of the cops' symmetric solve (ext/engine/cops/cops_aut.c).
# The build takes its headers; the library is loaded at run time
# (libnauty.so.2, dlopen), so the extension loads where nauty is absent.
# Without either every group is trivial (the WebAssembly and Windows builds).
NAUTY_INC  := $(shell pkg-config --cflags nauty 2>/dev/null)
ifneq ($(NAUTY_INC),)
NAUTY_FLAGS = -DGG_HAVE_NAUTY $(NAUTY_INC)
NAUTY_LIBS  = -ldl
endif
ENGINE_OBJ = $(ENGINE_SRC:ext/engine/%.c=dist/obj/engine/%.o)
SQL_OBJ    = $(SQL_SRC:ext/sqlite/%.c=dist/obj/sqlite/%.o)
LIB_OBJ    = $(filter-out %/alloc_libc.o,$(ENGINE_OBJ)) $(SQL_OBJ)

.PHONY: all test check demo asan clean help svg

all: dist/graphgame.so

dist/graphgame.so: $(LIB_OBJ)
	$(CC) $(CFLAGS) -shared -pthread -o $@ $(LIB_OBJ) $(NAUTY_LIBS)

$(WALL):
	@mkdir -p dist/wall
	@echo '#error "ext/engine/ is plain C: no SQLite header there (the SQLite layer is ext/sqlite/)"' > $@

# Each object depends on the headers it includes (-MMD writes them to
# its .d file, read below), so a new declaration rebuilds only the files
# that see it.  ext/engine/core/graph.c is dist/obj/engine/core/graph.o.
dist/obj/engine/%.o: ext/engine/%.c $(WALL) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) $(LIB_VIS) -MMD -MP -fPIC -Idist/wall $(ENGINE_INC) $(NAUTY_FLAGS) -c -o $@ $<

dist/obj/sqlite/%.o: ext/sqlite/%.c VERSION Makefile
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) $(LIB_VIS) -MMD -MP $(VERSION_DEF) -fPIC $(LIB_INC) -c -o $@ $<

-include $(LIB_OBJ:.o=.d)

# Whether nauty's headers were found is part of cops_aut.o's build: a
# stamp named for it, so that an object built before `make test`'s
# deps.sh installed nauty (a fresh machine's `make demo`) is rebuilt.
NAUTY_STAMP = dist/obj/nauty-$(if $(NAUTY_FLAGS),on,off).stamp
$(NAUTY_STAMP):
	@mkdir -p dist/obj && rm -f dist/obj/nauty-*.stamp && touch $@
$(filter %/cops_aut.o,$(ENGINE_OBJ)): $(NAUTY_STAMP)

# A standalone C program on the engines (tests/engine/*.c, bench/*.c):
#   make engine-prog SRC=tests/engine/cm_check.c OUT=dist/engine/cm_check [PROG_FLAGS=...]
# links every engine file with alloc_libc.c and the tests' reference
# solvers (tests/engine/ref/), so no list of engine files is kept anywhere.
# (The tests keep each program they build under dist/progs/ and build it
# again only when a source is newer: tests/py/gg.py engine_prog.)
# The engine files and the references are compiled once per set of
# PROG_FLAGS into dist/progobj/<hash of the flags>/ (-MMD: a header change
# compiles its users again), so the programs of one set of flags share
# them and each program is its own source and a link; gg.engine_prog runs
# it with -j (the objects compile in parallel).  Each object is written
# under a name of its own and renamed, so two makes at once never link a
# half-written one.
PROG_FLAGS ?= -O2
PROG_KEY    = $(shell printf '%s' '$(PROG_FLAGS) $(NAUTY_FLAGS)' | cksum | tr ' ' '-')
PROG_OBJDIR = dist/progobj/$(PROG_KEY)
PROG_OBJ    = $(patsubst %.c,$(PROG_OBJDIR)/%.o,$(ENGINE_SRC) $(REF_SRC))
.PHONY: engine-prog
engine-prog: $(WALL) $(PROG_OBJ)
	@mkdir -p $(dir $(OUT))
	$(CC) $(PROG_FLAGS) $(WARN) -Idist/wall $(ENGINE_INC) $(REF_INC) $(NAUTY_FLAGS) -pthread -o $(OUT) $(SRC) $(PROG_OBJ) $(NAUTY_LIBS)
$(PROG_OBJDIR)/%.o: %.c $(WALL) $(NAUTY_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(PROG_FLAGS) $(WARN) -MMD -MP -MF $(@:.o=.d) -MT $@ -Idist/wall $(ENGINE_INC) $(REF_INC) $(NAUTY_FLAGS) -pthread -c -o $@.$$$$.tmp $< && mv $@.$$$$.tmp $@
ifneq ($(filter engine-prog,$(MAKECMDGOALS)),)
-include $(PROG_OBJ:.o=.d)
endif

help:
	@echo "make          build dist/graphgame.so"
	@echo "make demo     run examples/*.sql in the sqlite3 CLI"
	@echo "make test     the quick suite (tests/README.md); ends with 'N passed, N failed'"
	@echo "              (first installs what it needs through apt; GG_NO_DEPS=1: nothing)"
	@echo "make check    every case at full size, with what only a release needs"
	@echo "              (browser, WebAssembly, packages); ends the same way"
	@echo "make asan     the test suite under AddressSanitizer + UBSan"
	@echo "make oom      every allocation failing in turn, in full (make test: a subset)"
	@echo "make valgrind the SQL and hostile-input cases under valgrind memcheck"
	@echo "make tsan     threads solving at once under ThreadSanitizer"
	@echo "make fuzz     libFuzzer targets, FUZZ_TIME (60) seconds each; fuzz-brief: 5 s"
	@echo "make svg      render docs/*.sql (DOT from catmouse_dot) to docs/*.svg (needs graphviz)"
	@echo "make release  dist/release/: Linux x86-64 (glibc, musl) and aarch64, Windows,"
	@echo "              WebAssembly, the amalgamation, the wheels, the sdist, the npm"
	@echo "              tarball and SHA256SUMS (docs/install.md)"
	@echo "make amalgamation  dist/amalgamation/graphgame.c, .h: the library as one C file"
	@echo "make musl     dist/musl/graphgame.so, built with musl-gcc (Alpine)"
	@echo "make sdist    dist/python/graphgame-VERSION.tar.gz: pip compiles it (mk/python.mk)"
	@echo "make release-check  load every download in a real SQLite (qemu, Wine, venv, npm)"
	@echo "              and compare examples/*.sql byte for byte (in make check), also"
	@echo "              in real SQLites 3.29.0 to 3.52.0 (make old-sqlite builds them)"
	@echo "make toy      the tests' library with the toy game and source (tests/toy/)"
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

# make test: the quick suite (tests/README.md says what it runs).  What it
# runs on is built first, JOBS compiles at once; TEST_BUILD grows below.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
TEST_BUILD = dist/graphgame.so
test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) $(TEST_BUILD)
	$(PYTHON) tests/run.py

# make check: every case, at full size (GG_SUITE=all GG_FULL=1): make
# test's, and what only a release needs (the browser, the WebAssembly
# build, the packages, the engine sweeps at full size).  .ci/run runs
# `make check CHECK_SUITE=check`: only what make test does not run (the
# release cases, the sweeps at full size, the OOM and interrupt harnesses
# in full), since it runs make test after it.
CHECK_SUITE ?= all
check: deps-check
	@$(MAKE) --no-print-directory -j$(JOBS) $(TEST_BUILD)
	GG_SUITE=$(CHECK_SUITE) GG_FULL=1 $(PYTHON) tests/run.py

# What the tests need, installed when missing (tests/tools/deps.sh, through
# apt-get and npm): make test's set, and make check's, which adds
# emscripten, chromium, ...  GG_NO_DEPS=1 installs nothing (deps.sh only
# says what is missing): `make test GG_NO_DEPS=1`.
.PHONY: deps deps-check
deps:
	@GG_NO_DEPS="$(GG_NO_DEPS)" sh tests/tools/deps.sh
deps-check:
	@GG_NO_DEPS="$(GG_NO_DEPS)" sh tests/tools/deps.sh check

# make test's suite, with the extension built under ASan + UBSan.  The
# release cases (the browser, the WebAssembly build, the packages, the
# census on two ssh hosts) run in make check; ASAN_SUITE=all runs them
# under ASan too.  The sqlite3 CLI is not instrumented, so the runtime is
# preloaded.
ASAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
ASAN_SUITE ?= test
asan:
	@mkdir -p dist/asan
	$(CC) $(ASAN_FLAGS) $(WARN) $(VERSION_DEF) $(LIB_INC) $(NAUTY_FLAGS) -fPIC -shared -pthread -o dist/asan/graphgame.so $(LIB_SRC) $(NAUTY_LIBS)
	preload="$$($(CC) -print-file-name=libasan.so) $$($(CC) -print-file-name=libubsan.so)"; \
	GG_SUITE=$(ASAN_SUITE) GG_CTESTS=0 GG_EXT=dist/asan/graphgame GG_PRELOAD="$$preload" LD_PRELOAD="$$preload" \
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

# The harnesses and replays under ASan + UBSan link objects compiled once
# (dist/obj/asan/): the engine, the tests' reference solvers, and the SQLite
# layer with -DSQLITE_CORE (linked with libsqlite3).
ASAN_ENGINE = $(ENGINE_SRC:ext/engine/%.c=dist/obj/asan/engine/%.o) \
              $(REF_SRC:tests/engine/ref/%.c=dist/obj/asan/ref/%.o)
ASAN_LIB    = $(filter-out %/alloc_libc.o,$(ENGINE_SRC:ext/engine/%.c=dist/obj/asan/engine/%.o)) \
              $(SQL_SRC:ext/sqlite/%.c=dist/obj/asan/sqlite/%.o)
dist/obj/asan/engine/%.o: ext/engine/%.c $(HDRS) $(WALL) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) $(WARN) -Idist/wall $(ENGINE_INC) $(NAUTY_FLAGS) -c -o $@ $<
dist/obj/asan/ref/%.o: tests/engine/ref/%.c $(HDRS) $(REF_HDRS) $(WALL) Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) $(WARN) -Idist/wall $(ENGINE_INC) $(REF_INC) -c -o $@ $<
dist/obj/asan/sqlite/%.o: ext/sqlite/%.c $(HDRS) VERSION Makefile
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) $(WARN) $(SAN_LINK) -c -o $@ $<

dist/ctests/oom: tests/c/oom.c $(HARNESS) $(ASAN_LIB)
	@mkdir -p dist/ctests
	$(CC) $(ASAN_FLAGS) $(WARN) $(SAN_LINK) -o $@ tests/c/oom.c $(ASAN_LIB) -lsqlite3 $(NAUTY_LIBS)

dist/ctests/interrupt: tests/c/interrupt.c $(HARNESS)
	@mkdir -p dist/ctests
	$(CC) $(CFLAGS) $(WARN) -o $@ tests/c/interrupt.c -lsqlite3 -lpthread

dist/ctests/compat: tests/c/compat.c $(HARNESS)
	@mkdir -p dist/ctests
	$(CC) $(CFLAGS) $(WARN) -o $@ tests/c/compat.c -lsqlite3 -ldl

TEST_BUILD += $(CTESTS)
# the tests' library and the linker's list of unreached code: one compiler
# each, so built beside the rest (test_toy.py, test_symbols.py)
TEST_BUILD += dist/toy/graphgame.so dist/gc/unreached.txt

# The OOM harness in full (every mode and argument set); make test runs a
# quick subset of it.  Two processes at once, each a shard of the statements
# (OOM_SHARD=i/n), by tests/tools/shards.sh.
.PHONY: oom
oom: dist/ctests/oom
	@sh tests/tools/shards.sh oom \
	  "OOM_FULL=1 OOM_SHARD=0/2 dist/ctests/oom" "OOM_FULL=1 OOM_SHARD=1/2 dist/ctests/oom"

# Fuzzing (clang's libFuzzer): `make fuzz` runs each target FUZZ_TIME
# seconds; `make fuzz-brief` (CI) a few seconds each.  New corpus entries
# go to dist/fuzz/corpus_<target>, crashes to dist/fuzz/crash-*: copy a
# crash to tests/fuzz/regress_<target>/ and it is replayed by `make test`.
FUZZ_CC    ?= clang
FUZZ_FLAGS  = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TIME  ?= 60
# Every tests/fuzz/fuzz_<name>.c is a target.  fuzz_sql drives the whole
# extension through SQLite; the others are engine-only (no SQLite).
FUZZ_TARGETS = $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_ENGINE  = $(ENGINE_SRC) $(REF_SRC)

dist/fuzz/fuzz_sql: tests/fuzz/fuzz_sql.c $(HARNESS) $(LIB_SRC) $(HDRS)
	@mkdir -p dist/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) $(SAN_LINK) $(NAUTY_FLAGS) -o $@ tests/fuzz/fuzz_sql.c $(LIB_SRC) -lsqlite3 $(NAUTY_LIBS)

dist/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_ENGINE) $(HDRS) $(REF_HDRS) $(WALL)
	@mkdir -p dist/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) -Idist/wall $(ENGINE_INC) $(REF_INC) $(NAUTY_FLAGS) -pthread -o $@ $< $(FUZZ_ENGINE) $(NAUTY_LIBS)

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

# Replays of the saved fuzz inputs, built with gcc for `make test`: one
# dist/ctests/replay_<target> per fuzz target (tests/run.py finds them).
dist/ctests/replay_sql: tests/fuzz/replay.c tests/fuzz/fuzz_sql.c $(HARNESS) $(ASAN_LIB)
	@mkdir -p dist/ctests
	$(CC) $(ASAN_FLAGS) -DFZ_TARGET=\"sql\" $(SAN_LINK) -o $@ tests/fuzz/replay.c tests/fuzz/fuzz_sql.c $(ASAN_LIB) -lsqlite3 $(NAUTY_LIBS)

dist/ctests/replay_%: tests/fuzz/replay.c tests/fuzz/fuzz_%.c $(ASAN_ENGINE) $(HDRS) $(REF_HDRS) $(WALL)
	@mkdir -p dist/ctests
	$(CC) $(ASAN_FLAGS) -DFZ_TARGET=\"$*\" -Idist/wall $(ENGINE_INC) $(REF_INC) -pthread -o $@ tests/fuzz/replay.c tests/fuzz/fuzz_$*.c $(ASAN_ENGINE) $(NAUTY_LIBS)

TEST_BUILD += $(FUZZ_TARGETS:%=dist/ctests/replay_%)

# Threads under ThreadSanitizer: tests/c/threads.c, the extension linked in.
.PHONY: tsan
dist/tsan/threads: tests/c/threads.c $(HARNESS) $(LIB_SRC) $(HDRS)
	@mkdir -p dist/tsan
	$(CC) -O1 -g -fsanitize=thread $(WARN) $(SAN_LINK) $(NAUTY_FLAGS) -o $@ tests/c/threads.c $(LIB_SRC) -lsqlite3 -lpthread $(NAUTY_LIBS)
# And the cat-and-mouse engine's two lanes on long games (cm_check.c),
# with short lists and thin plies (dense plies, bands changing lanes each
# ply), the fused turn chosen each ply or none (both applied after the
# passes).
TSAN_CM = -O1 -g -fsanitize=thread -DGG_CM_LIST=40 -DGG_CM_THIN=300 -DGG_CM_CHAIN=0
# And the chains on two threads (catmouse_chain.c): wide plies
# (chWidePly) and thin ones written by worker 1 from logs of 8 words,
# with the tiers lowered (wide tiles, the side table) and the labels'
# order taken from 1 node.
TSAN_CHAINS = -O1 -g -fsanitize=thread -DGG_CM_CHAIN_WIDE=16 -DGG_CM_LABELS_MIN=1 -DCH_LOG=8 \
  -DGG_CM_PLY_BASED=3 -DGG_CM_WIN1=4 -DGG_CM_WIN2=3 -DGG_CM_BASE1_MAX=20 -DGG_CM_BASE2_MAX=40 \
  -DGG_CM_BASE2_GAP=10 -DGG_CM_PLY_BIG=30
tsan: dist/tsan/threads
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 dist/tsan/threads
	$(MAKE) -s engine-prog SRC=tests/engine/cm_check.c OUT=dist/tsan/cm_check PROG_FLAGS="$(TSAN_CM)"
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 dist/tsan/cm_check 31 2 1500 long
	$(MAKE) -s engine-prog SRC=tests/engine/cm_check.c OUT=dist/tsan/cm_check_unfused PROG_FLAGS="$(TSAN_CM) -DGG_CM_FUSED=-1"
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 dist/tsan/cm_check_unfused 31 2 1500 long
	$(MAKE) -s engine-prog SRC=tests/engine/cm_check.c OUT=dist/tsan/cm_check_chains PROG_FLAGS="$(TSAN_CHAINS)"
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 dist/tsan/cm_check_chains 47 6 900 chase

# The SQL test suite under valgrind memcheck: every sqlite3 CLI case
# (tests/sql/*.sql, and the CLI runs of the Python cases) runs in valgrind,
# where any error or definite leak is printed, so the case fails; the
# Python cases of VALGRIND_PY run in valgrind too (errors only: Python
# keeps memory at exit).  The other Python cases, some of which solve big
# games, would take an hour under valgrind; `make asan` runs them all (so
# do the two cases of test_small_path left out here: 200 s in valgrind).
# Two processes at once (tests/tools/shards.sh): the SQL cases, and the
# Python ones.
VALGRIND_PY ?= test_hostile|test_limits|test_errors|test_small_path.py: test_catmouse_every_start|test_small_path.py: test_cop_number|test_small_path.py: test_errors
VALGRIND_RUN = GG_CTESTS=0 GG_VALGRIND_SQLITE3="$(SQLITE3)" \
  SQLITE3="$(CURDIR)/tests/tools/valgrind-sqlite3" PYTHONMALLOC=malloc \
  valgrind -q --error-exitcode=99 --leak-check=no $(PYTHON) tests/run.py
.PHONY: valgrind
valgrind: dist/graphgame.so
	@sh tests/tools/shards.sh valgrind \
	  'GG_ONLY=".sql:" $(VALGRIND_RUN)' 'GG_ONLY="$(VALGRIND_PY)" $(VALGRIND_RUN)'
# Install: the extension into $(PREFIX)/lib, the SQL scripts users run into
# $(PREFIX)/share/graphgame.  DESTDIR is prepended for staged installs.
.PHONY: install
install: dist/graphgame.so
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/share/graphgame
	install -m 755 dist/graphgame.so $(DESTDIR)$(PREFIX)/lib/graphgame.so
	install -m 644 sql/*.sql $(DESTDIR)$(PREFIX)/share/graphgame/

# WebAssembly (README "WebAssembly"): SQLite with graphgame compiled in,
# built by Debian's emscripten into dist/wasm/graphgame-sqlite.{js,wasm}
# (a JavaScript module; wasm/api.js is its Database class) with
# dist/wasm/shell.js, a small sqlite3 CLI for Node.  SQLite's amalgamation
# is better-sqlite3's (pinned by tests/clients/package-lock.json), checked
# against wasm/sqlite3.sha256.  Single-threaded (no -pthread: the solver's
# pthread_create fails and it runs on one thread); memory grows up to
# WASM_MAX_MEMORY; the solve limit is WASM_MAX_POSITIONS.
EMCC              ?= emcc
WASM_SQLITE       ?= tests/clients/node_modules/better-sqlite3/deps/sqlite3
WASM_MAX_MEMORY   ?= 1073741824
WASM_MAX_POSITIONS ?= 30000000
# emcc's JavaScript optimizer needs Debian's node-acorn, which lives in
# /usr/share/nodejs: a Node.js not from Debian does not look there.
EMCC_NODE_PATH ?= /usr/share/nodejs
WASM_CFLAGS  = -O2 -DSQLITE_CORE -DGG_DEFAULT_MAX_POSITIONS=$(WASM_MAX_POSITIONS) $(VERSION_DEF)
SQLITE_WASM_FLAGS = -O2 -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION -DSQLITE_ENABLE_MATH_FUNCTIONS \
  -DSQLITE_DEFAULT_MEMSTATUS=0 -DSQLITE_TEMP_STORE=2
# graphgame is compiled from its amalgamation (mk/amalgamation.mk), one file.
WASM_OBJ = dist/wasm/obj/sqlite3.o dist/wasm/obj/gg_wasm.o dist/wasm/obj/graphgame.o
WASM_EXPORT_LIST = gg_wasm_init sqlite3_open sqlite3_close_v2 sqlite3_prepare_v2 sqlite3_step \
  sqlite3_finalize sqlite3_column_count sqlite3_column_name sqlite3_column_type \
  sqlite3_column_text sqlite3_column_double sqlite3_column_bytes sqlite3_column_blob \
  sqlite3_bind_text sqlite3_bind_double sqlite3_bind_null sqlite3_bind_parameter_count \
  sqlite3_errmsg sqlite3_complete sqlite3_libversion malloc free
WASM_COMMA := ,
WASM_EXPORTS = $(subst $(eval) ,$(WASM_COMMA),$(strip $(WASM_EXPORT_LIST:%=_%)))
.PHONY: wasm
wasm: dist/wasm/graphgame-sqlite.js dist/wasm/shell.js dist/wasm/script.js

dist/wasm/src/sqlite3.c: wasm/sqlite3.sha256 $(wildcard $(WASM_SQLITE)/sqlite3.c)
	@[ -f $(WASM_SQLITE)/sqlite3.c ] || { echo "make wasm needs better-sqlite3's sqlite3.c: sh tests/tools/deps.sh (npm ci in tests/clients)"; exit 1; }
	@command -v $(EMCC) >/dev/null 2>&1 || { echo "make wasm needs emscripten: apt-get install -y emscripten"; exit 1; }
	cd $(WASM_SQLITE) && sha256sum --quiet -c $(CURDIR)/wasm/sqlite3.sha256
	@mkdir -p dist/wasm/src
	cp $(WASM_SQLITE)/sqlite3.c $(WASM_SQLITE)/sqlite3.h $(WASM_SQLITE)/sqlite3ext.h dist/wasm/src/

dist/wasm/obj/sqlite3.o: dist/wasm/src/sqlite3.c
	@mkdir -p dist/wasm/obj
	$(EMCC) $(SQLITE_WASM_FLAGS) -c -o $@ $<

dist/wasm/obj/gg_wasm.o: wasm/gg_wasm.c dist/wasm/src/sqlite3.c
	@mkdir -p dist/wasm/obj
	$(EMCC) $(WASM_CFLAGS) $(WARN) -Wno-missing-field-initializers -Idist/wasm/src -c -o $@ $<

dist/wasm/obj/graphgame.o: dist/amalgamation/graphgame.c dist/wasm/src/sqlite3.c
	@mkdir -p $(dir $@)
	$(EMCC) $(WASM_CFLAGS) $(WARN) -Wno-missing-field-initializers -Idist/wasm/src -c -o $@ $<

dist/wasm/graphgame-sqlite.js: $(WASM_OBJ) wasm/api.js wasm/pre.js
	NODE_PATH=$(EMCC_NODE_PATH) $(EMCC) -O2 -o $@ $(WASM_OBJ) --pre-js wasm/pre.js --post-js wasm/api.js \
	  -sMODULARIZE=1 -sEXPORT_NAME=GraphgameSQLite -sENVIRONMENT=web,worker,node \
	  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16777216 -sMAXIMUM_MEMORY=$(WASM_MAX_MEMORY) \
	  -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) \
	  -sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,stringToUTF8,lengthBytesUTF8,getValue,setValue,HEAPU8

dist/wasm/shell.js dist/wasm/script.js: dist/wasm/%: wasm/%
	@mkdir -p dist/wasm
	cp $< $@

# The playground (README "Playground"): web/ plus the WebAssembly build and
# the examples, as static files in dist/web/; `make web` serves them on
# http://127.0.0.1:$(WEB_PORT)/ (Python's http.server), `make web-build`
# only builds them.
WEB_PORT ?= 8913
.PHONY: web web-build
web-build: wasm
	@mkdir -p dist/web/examples dist/web/sql
	cp web/*.html web/*.css web/*.js dist/web/
	cp dist/wasm/graphgame-sqlite.js dist/wasm/graphgame-sqlite.wasm dist/wasm/script.js dist/web/
	cp examples/*.sql dist/web/examples/
	cp sql/*.sql dist/web/sql/
	cd dist/web/examples && ls *.sql | $(PYTHON) -c 'import json,sys; print(json.dumps(sys.stdin.read().split()))' > index.json
web: web-build
	@echo "playground: http://127.0.0.1:$(WEB_PORT)/  (Ctrl-C stops it)"
	$(PYTHON) -m http.server $(WEB_PORT) --bind 127.0.0.1 --directory dist/web

# The packages (README "Install"): the Python wheel into dist/python/, the
# npm tarball into dist/node/; both carry dist/graphgame.so.  Offline,
# with Debian's pip/setuptools/wheel and npm.
.PHONY: python-wheel npm-pack
python-wheel: dist/graphgame.so
	@mkdir -p dist/python
	$(PYTHON) -m pip wheel -q --no-build-isolation --no-deps --no-index -w dist/python bindings/python
npm-pack: dist/graphgame.so
	@mkdir -p dist/node
	cd bindings/node && npm pack --pack-destination ../../dist/node

# The library linked with each function in a section of its own and the
# sections that nothing reaches from the entry point dropped: the linker's
# list of what it dropped is what no library code reaches
# (tests/py/test_symbols.py fails on any function of it in the shipped .so).
dist/gc/unreached.txt: $(LIB_SRC) $(HDRS) Makefile
	@mkdir -p dist/gc
	$(CC) -O0 $(VERSION_DEF) $(LIB_INC) $(NAUTY_FLAGS) -fPIC -fvisibility=hidden -ffunction-sections -fdata-sections -shared -pthread -Wl,--gc-sections -Wl,--print-gc-sections -o dist/gc/graphgame.so $(LIB_SRC) $(NAUTY_LIBS) 2> $@.tmp
	@mv $@.tmp $@

# The Windows DLL, cross-built with Debian's MinGW-w64 (the posix thread
# model, for pthreads), as a check that the sources and the export macro
# build there (tests/py/test_mingw.py, make check).  The SQLite headers are
# the system's, copied beside it.
MINGW_CC ?= x86_64-w64-mingw32-gcc-posix
.PHONY: mingw
mingw: dist/mingw/graphgame.dll
dist/mingw/graphgame.dll: $(LIB_SRC) $(HDRS) Makefile
	@mkdir -p dist/mingw/include
	cp /usr/include/sqlite3.h /usr/include/sqlite3ext.h dist/mingw/include/
	$(MINGW_CC) -O2 $(WARN) -Werror $(VERSION_DEF) -Idist/mingw/include $(LIB_INC) -shared -o $@ $(LIB_SRC) -static-libgcc -Wl,-Bstatic -lpthread

# The tests' library with a toy game (tests/toy/toy_sql.c, -DGG_TOY):
# docs/internals.md's checklist for adding a game, followed once, and
# checked by tests/py/test_toy.py.  Never the shipped library.
.PHONY: toy
toy: dist/toy/graphgame.so
TOY_SRC = $(wildcard tests/toy/*.c)
dist/toy/graphgame.so: $(LIB_SRC) $(TOY_SRC) $(wildcard tests/toy/*.h) $(HDRS) Makefile
	@mkdir -p dist/toy
	$(CC) -O1 -g $(WARN) -Werror -DGG_TOY $(VERSION_DEF) $(LIB_INC) $(NAUTY_FLAGS) -Itests/toy -fPIC -fvisibility=hidden -shared -pthread -Wl,-z,defs -o $@ $(LIB_SRC) $(TOY_SRC) $(NAUTY_LIBS)

# The release downloads and their check (make release, make release-check).
include mk/release.mk
include mk/old_sqlite.mk
include mk/amalgamation.mk mk/musl.mk
