# mk/musl.mk, included by the Makefile: the Linux x86-64 library for musl
# libc (Alpine, and other musl systems), with Debian's musl-tools, and its
# runner for the release check (tests/py/test_musl.py, test_release.py).
#
#   make musl   dist/musl/graphgame.so: every source with musl-gcc, with the
#               native build's flags (-Werror, as the aarch64 and Windows
#               builds); nauty's headers when pkg-config finds them, as the
#               glibc build: musl has dlopen, and libnauty.so.2 is looked up
#               at run time (without it every group is trivial)
#
# The runner, $(RC_DIR)/sqlrun-musl: tests/tools/sqlrun.c and SQLite's
# amalgamation (the release check's) built with musl-gcc, linked
# dynamically (a static musl program cannot dlopen), so the kernel runs it
# with musl's loader, /lib/ld-musl-x86_64.so.1 (Debian's musl package).
# The SQLite headers of the library's build are the system's, copied
# beside it: musl-gcc does not look in /usr/include.
MUSL_CC ?= musl-gcc
.PHONY: musl

musl: dist/musl/graphgame.so

dist/musl/include/sqlite3ext.h:
	@mkdir -p dist/musl/include
	cp /usr/include/sqlite3.h /usr/include/sqlite3ext.h dist/musl/include/

dist/musl/graphgame.so: $(LIB_SRC) $(HDRS) VERSION Makefile mk/musl.mk dist/musl/include/sqlite3ext.h
	@command -v $(MUSL_CC) >/dev/null 2>&1 || { echo "the musl build needs $(MUSL_CC): apt-get install -y musl-tools"; exit 1; }
	$(MUSL_CC) $(CFLAGS) $(WARN) -Werror $(LIB_VIS) $(VERSION_DEF) -fPIC -Idist/musl/include $(LIB_INC) $(NAUTY_FLAGS) -shared -pthread -o $@ $(LIB_SRC) $(NAUTY_LIBS)

$(RC_DIR)/sqlrun-musl: tests/tools/sqlrun.c $(RC_DIR)/src/sqlite3.c
	@command -v $(MUSL_CC) >/dev/null 2>&1 || { echo "the musl runner needs $(MUSL_CC): apt-get install -y musl-tools"; exit 1; }
	$(MUSL_CC) -O1 -I$(RC_DIR)/src -o $@ tests/tools/sqlrun.c $(RC_DIR)/src/sqlite3.c -lpthread -ldl -lm
