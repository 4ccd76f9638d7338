# mk/amalgamation.mk, included by the Makefile: graphgame as one C file,
# and the programs that check it (tests/py/test_amalgamation.py).
#
#   make amalgamation   dist/amalgamation/graphgame.c and graphgame.h,
#                       written by mk/amalgamation.py from LIB_SRC: every
#                       .c of ext/, each header inlined once, in dependency
#                       order (docs/internals.md, "The amalgamation").  It
#                       builds with no flag but -lpthread -lm: nauty is off
#                       unless -DGG_HAVE_NAUTY (nauty's headers and -ldl).
#                       The WebAssembly build (make wasm) compiles it.
#
# The check's builds, into dist/amalgamation-check/, with -Werror:
#   gcc/graphgame.so     gcc -shared -fPIC, on the system's sqlite3ext.h,
#                        without nauty (the amalgamation's default)
#   clang/graphgame.so   clang -shared -fPIC, with nauty (-DGG_HAVE_NAUTY)
#                        when pkg-config finds its headers
#   sqlrun-core          tests/tools/sqlrun.c with SQLite's amalgamation and
#                        graphgame.c compiled in (-DSQLITE_CORE), graphgame
#                        registered by sqlite3_auto_extension
#                        (tests/tools/sqlrun_core.c)
#   sqlrun-extra-init    the same, registered by SQLite itself: sqlite3.c
#                        built with -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init
#   mingw/graphgame.dll  MinGW-w64's gcc -shared, on the system's SQLite
#                        headers (run under Wine by the release check's
#                        sqlrun.exe; not in amalgamation-check-progs)
# SQLite's amalgamation is the release check's (mk/release.mk: better-
# sqlite3's, checked against wasm/sqlite3.sha256).
AMALG_DIR  = dist/amalgamation
AC_DIR     = dist/amalgamation-check
CLANG     ?= clang
AMALG_WARN = $(WARN) -Werror
AC_CORE    = -DSQLITE_CORE -I$(RC_DIR)/src -I$(AMALG_DIR) -Itests/tools
AC_PROGS   = $(AC_DIR)/gcc/graphgame.so $(AC_DIR)/clang/graphgame.so $(AC_DIR)/sqlrun-core \
             $(AC_DIR)/sqlrun-extra-init
.PHONY: amalgamation amalgamation-check-progs

amalgamation: $(AMALG_DIR)/graphgame.c

# graphgame.h is written with graphgame.c.
$(AMALG_DIR)/graphgame.h: $(AMALG_DIR)/graphgame.c
$(AMALG_DIR)/graphgame.c: mk/amalgamation.py $(LIB_SRC) $(HDRS) VERSION
	$(PYTHON) mk/amalgamation.py $(AMALG_DIR) $(VERSION) $(LIB_SRC)

amalgamation-check-progs: $(AC_PROGS)

$(AC_DIR)/gcc/graphgame.so: $(AMALG_DIR)/graphgame.c
	@mkdir -p $(dir $@)
	$(CC) -O2 $(AMALG_WARN) -fPIC -shared -o $@ $< -lpthread -lm

$(AC_DIR)/clang/graphgame.so: $(AMALG_DIR)/graphgame.c
	@mkdir -p $(dir $@)
	@command -v $(CLANG) >/dev/null 2>&1 || { echo "the clang build needs clang: apt-get install -y clang"; exit 1; }
	$(CLANG) -O2 $(AMALG_WARN) $(NAUTY_FLAGS) -fPIC -shared -o $@ $< -lpthread -lm $(NAUTY_LIBS)

# The newer sqlite3.h has sqlite3_module fields that graphgame's tables
# leave out (as make wasm: -Wno-missing-field-initializers).
$(AC_DIR)/graphgame-core.o: $(AMALG_DIR)/graphgame.c $(RC_DIR)/src/sqlite3.c
	@mkdir -p $(dir $@)
	$(CC) -O2 $(AMALG_WARN) -Wno-missing-field-initializers $(AC_CORE) -c -o $@ $<

$(AC_DIR)/sqlite3.o: $(RC_DIR)/src/sqlite3.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -c -o $@ $<

$(AC_DIR)/sqlite3-extra-init.o: $(RC_DIR)/src/sqlite3.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init -c -o $@ $<

$(AC_DIR)/sqlrun-core: tests/tools/sqlrun_core.c tests/tools/sqlrun.c $(AC_DIR)/graphgame-core.o $(AC_DIR)/sqlite3.o
	$(CC) -O1 $(AC_CORE) -o $@ $< $(AC_DIR)/graphgame-core.o $(AC_DIR)/sqlite3.o -lpthread -ldl -lm

$(AC_DIR)/sqlrun-extra-init: tests/tools/sqlrun_core.c tests/tools/sqlrun.c $(AC_DIR)/graphgame-core.o $(AC_DIR)/sqlite3-extra-init.o
	$(CC) -O1 $(AC_CORE) -DSQLRUN_EXTRA_INIT -o $@ $< $(AC_DIR)/graphgame-core.o $(AC_DIR)/sqlite3-extra-init.o -lpthread -ldl -lm

$(AC_DIR)/mingw/graphgame.dll: $(AMALG_DIR)/graphgame.c
	@mkdir -p $(AC_DIR)/mingw/include
	@command -v $(MINGW_CC) >/dev/null 2>&1 || { echo "the Windows build needs $(MINGW_CC): apt-get install -y gcc-mingw-w64-x86-64-posix"; exit 1; }
	cp /usr/include/sqlite3.h /usr/include/sqlite3ext.h $(AC_DIR)/mingw/include/
	$(MINGW_CC) -O2 $(AMALG_WARN) -I$(AC_DIR)/mingw/include -shared -o $@ $< -static-libgcc -Wl,-Bstatic -lpthread
