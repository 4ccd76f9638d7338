# mk/old_sqlite.mk, included by the Makefile: real old SQLites, built from
# the amalgamations that npm packages bundle, to load the release's x86-64
# library in (tests/py/test_old_sqlite.py, a case of make release-check and
# make check; docs/install.md says which versions and why).
#
#   make old-sqlite     dist/old-sqlite/VERSION/sqlrun for every version of
#                       tests/old_sqlite/sqlite.lock (tests/tools/sqlrun.c on
#                       that amalgamation), and dist/old-sqlite/VERSION/sqlite3,
#                       SQLite's own shell, where the package ships shell.c
#
# The sources come from npm's cache through tests/old_sqlite/fetch.sh
# --offline (sh tests/tools/deps.sh check fetches them once) and are
# checked against tests/old_sqlite/sqlite3.sha256 before each compile.
# Everything stays in dist/old-sqlite/, so a second run builds nothing.
# Each SQLite is built with the options its sqlite-autoconf build turns on
# by default that the scripts need: JSON1 (built in from 3.38) and the
# math functions (from 3.35).
OLD_SQLITE_DIR   = dist/old-sqlite
OLD_SQLITE_LOCK  = tests/old_sqlite/sqlite.lock
OLD_SQLITE_SUMS  = tests/old_sqlite/sqlite3.sha256
OLD_SQLITE      := $(shell awk '/^[0-9]/ {print $$1}' $(OLD_SQLITE_LOCK))
OLD_SQLITE_SHELLS := $(shell sed -n 's|^[0-9a-f]*  \([^/]*\)/shell\.c$$|\1|p' $(OLD_SQLITE_SUMS))
OLD_SQLITE_DEFS  = -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_JSON1 -DSQLITE_ENABLE_MATH_FUNCTIONS
.PHONY: old-sqlite
old-sqlite: $(OLD_SQLITE:%=$(OLD_SQLITE_DIR)/%/sqlrun) $(OLD_SQLITE_SHELLS:%=$(OLD_SQLITE_DIR)/%/sqlite3)
# Kept: pattern rules' intermediates would be deleted after the build.
.SECONDARY: $(foreach v,$(OLD_SQLITE),$(addprefix $(OLD_SQLITE_DIR)/$(v)/,pin sqlite3.c sqlite3.o))
.PHONY: old-sqlite-force

# A version's lines of the lock and of the sums, rewritten only when they
# change: a new version pinned builds that one alone.
$(OLD_SQLITE_DIR)/%/pin: old-sqlite-force
	@mkdir -p $(@D)
	@{ grep '^$* ' $(OLD_SQLITE_LOCK); grep '  $*/' $(OLD_SQLITE_SUMS); } > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi

$(OLD_SQLITE_DIR)/%/sqlite3.c: $(OLD_SQLITE_DIR)/%/pin
	@sh tests/old_sqlite/fetch.sh --offline $* && touch $@

$(OLD_SQLITE_DIR)/%/sqlite3.o: $(OLD_SQLITE_DIR)/%/sqlite3.c
	cd $(OLD_SQLITE_DIR) && grep '  $*/' $(CURDIR)/$(OLD_SQLITE_SUMS) | sha256sum --quiet --strict -c -
	$(CC) -O0 -w $(OLD_SQLITE_DEFS) -c -o $@ $<

$(OLD_SQLITE_DIR)/%/sqlrun: tests/tools/sqlrun.c $(OLD_SQLITE_DIR)/%/sqlite3.o
	$(CC) -O1 $(WARN) -I$(@D) -o $@ tests/tools/sqlrun.c $(@D)/sqlite3.o -lpthread -ldl -lm

$(OLD_SQLITE_DIR)/%/sqlite3: $(OLD_SQLITE_DIR)/%/sqlite3.o
	$(CC) -O0 -w -I$(@D) -o $@ $(@D)/shell.c $(@D)/sqlite3.o -lpthread -ldl -lm
