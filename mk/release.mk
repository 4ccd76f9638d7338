# mk/release.mk, included by the Makefile: the release downloads and their
# check (issue 34, "releases that have been loaded, not only built").
#
#   make release        dist/release/: the Linux x86-64 and aarch64 archives,
#                       the Windows x86-64 zip, the WebAssembly bundle, the
#                       musl archive (mk/musl.mk), the amalgamation
#                       (mk/amalgamation.mk), the
#                       Python wheels (x86-64, aarch64) and sdist
#                       (mk/python.mk), the npm tarball and SHA256SUMS
#                       (mk/release.sh packs them; docs/install.md)
#   make release-check  builds the release, then loads every artifact in a
#                       real SQLite and runs examples/*.sql through it
#                       (tests/py/test_release.py, also a case of make check),
#                       and the x86-64 library in real old SQLites
#                       (tests/py/test_old_sqlite.py, mk/old_sqlite.mk)
#
# The check's runners are one program, tests/tools/sqlrun.c, built five
# ways into dist/release-check/: for x86-64 against Debian's libsqlite3
# (sqlrun) and against the newest amalgamation (sqlrun-amalgamation), for
# aarch64 against Debian's arm64 libsqlite3 (sqlrun-aarch64, run under
# qemu-user), and for Windows with MinGW-w64 and the amalgamation
# (sqlrun.exe, run under Wine); and with musl-gcc (sqlrun-musl, mk/musl.mk).
# The amalgamation is better-sqlite3's
# (pinned by tests/clients/package-lock.json, checked against
# wasm/sqlite3.sha256), as make wasm's is: nothing is downloaded.
# The Python downloads beside the Makefile's python-wheel (the sdist, the
# aarch64 wheel, Debian's arm64 python3 for their check): mk/python.mk.
include mk/python.mk

AARCH64_CC  ?= aarch64-linux-gnu-gcc
RELEASE_SQLITE ?= $(WASM_SQLITE)
RC_DIR       = dist/release-check
RC_RUNNERS   = $(RC_DIR)/sqlrun $(RC_DIR)/sqlrun-amalgamation $(RC_DIR)/sqlrun-aarch64 $(RC_DIR)/sqlrun.exe \
               $(RC_DIR)/sqlrun-musl
.PHONY: release release-check release-runners aarch64

release:
	@$(MAKE) --no-print-directory -j$(JOBS) dist/graphgame.so dist/aarch64/graphgame.so dist/mingw/graphgame.dll wasm \
	  dist/musl/graphgame.so amalgamation
	@$(MAKE) --no-print-directory python-wheels sdist npm-pack
	@sh mk/release.sh

release-check:
	GG_SUITE=check GG_FULL=1 GG_ONLY='test_release.py|test_old_sqlite.py' $(PYTHON) tests/run.py

release-runners: $(RC_RUNNERS)

# The library cross-built for 64-bit ARM Linux with Debian's
# gcc-aarch64-linux-gnu, with the native build's flags (-Werror as the
# Windows build: the sources must build clean there too).  The SQLite
# headers are the system's, copied beside it (the cross compiler does not
# look in /usr/include).
aarch64: dist/aarch64/graphgame.so
dist/aarch64/include/sqlite3ext.h:
	@mkdir -p dist/aarch64/include
	cp /usr/include/sqlite3.h /usr/include/sqlite3ext.h dist/aarch64/include/
dist/aarch64/graphgame.so: $(LIB_SRC) $(HDRS) VERSION Makefile mk/release.mk dist/aarch64/include/sqlite3ext.h
	@command -v $(AARCH64_CC) >/dev/null 2>&1 || { echo "the aarch64 build needs $(AARCH64_CC): apt-get install -y gcc-aarch64-linux-gnu"; exit 1; }
	$(AARCH64_CC) $(CFLAGS) $(WARN) -Werror $(LIB_VIS) $(VERSION_DEF) -fPIC -Idist/aarch64/include $(LIB_INC) -shared -pthread -o $@ $(LIB_SRC)

$(RC_DIR)/sqlrun: tests/tools/sqlrun.c
	@mkdir -p $(RC_DIR)
	$(CC) -O2 $(WARN) -o $@ $< -lsqlite3

# Debian's arm64 libsqlite3 (multiarch: tests/tools/deps.sh check adds it).
$(RC_DIR)/sqlrun-aarch64: tests/tools/sqlrun.c dist/aarch64/include/sqlite3ext.h
	@mkdir -p $(RC_DIR)
	@command -v $(AARCH64_CC) >/dev/null 2>&1 || { echo "the aarch64 runner needs $(AARCH64_CC): apt-get install -y gcc-aarch64-linux-gnu"; exit 1; }
	@[ "$$($(AARCH64_CC) -print-file-name=libsqlite3.so.0)" != libsqlite3.so.0 ] || { echo "the aarch64 runner needs Debian's arm64 SQLite: dpkg --add-architecture arm64 && apt-get update && apt-get install -y libsqlite3-0:arm64 (or sh tests/tools/deps.sh check)"; exit 1; }
	$(AARCH64_CC) -O2 $(WARN) -Idist/aarch64/include -o $@ $< -l:libsqlite3.so.0

$(RC_DIR)/src/sqlite3.c: wasm/sqlite3.sha256 $(wildcard $(RELEASE_SQLITE)/sqlite3.c)
	@[ -f $(RELEASE_SQLITE)/sqlite3.c ] || { echo "the release check needs better-sqlite3's sqlite3.c: sh tests/tools/deps.sh (npm ci in tests/clients)"; exit 1; }
	cd $(RELEASE_SQLITE) && sha256sum --quiet -c $(CURDIR)/wasm/sqlite3.sha256
	@mkdir -p $(RC_DIR)/src
	cp $(RELEASE_SQLITE)/sqlite3.c $(RELEASE_SQLITE)/sqlite3.h $(RELEASE_SQLITE)/sqlite3ext.h $(RC_DIR)/src/

$(RC_DIR)/sqlrun-amalgamation: tests/tools/sqlrun.c $(RC_DIR)/src/sqlite3.c
	$(CC) -O1 -I$(RC_DIR)/src -o $@ tests/tools/sqlrun.c $(RC_DIR)/src/sqlite3.c -lpthread -ldl -lm

$(RC_DIR)/sqlrun.exe: tests/tools/sqlrun.c $(RC_DIR)/src/sqlite3.c
	@command -v $(MINGW_CC) >/dev/null 2>&1 || { echo "the Windows runner needs $(MINGW_CC): apt-get install -y gcc-mingw-w64-x86-64-posix"; exit 1; }
	$(MINGW_CC) -O1 -I$(RC_DIR)/src -o $@ tests/tools/sqlrun.c $(RC_DIR)/src/sqlite3.c -static
