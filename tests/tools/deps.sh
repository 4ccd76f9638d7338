#!/bin/sh
# Install what the tests need, when it is missing (Debian packages with
# apt-get, as root or through sudo; better-sqlite3 and puppeteer-core with
# npm).  Two sets, so that a fresh machine's `make test` does not wait for
# the browser and the WebAssembly compiler:
#   sh tests/tools/deps.sh         what `make test` needs (its first step)
#   sh tests/tools/deps.sh check   that and what `make check` and .ci/run
#                                  need (sanitizers, valgrind, libFuzzer,
#                                  emscripten, chromium, the packages' tools,
#                                  the release's cross compilers, qemu-user,
#                                  Wine, Debian's arm64 SQLite, and the old
#                                  SQLites' npm packages: tests/old_sqlite/)
# Without the rights to install it says what is missing and carries on: the
# tests that need it fail, naming it.  GG_NO_DEPS=1 (`make test
# GG_NO_DEPS=1`) installs nothing, neither through apt nor npm: it only
# says what is missing.
set -u
cd "$(dirname "$0")/../.."
tier="${1:-test}"
case "$tier" in test|check) ;; *) echo "usage: sh tests/tools/deps.sh [test|check]"; exit 2;; esac
need=""
# --- make test ---
command -v gcc >/dev/null 2>&1 || need="$need gcc"
[ -f /usr/include/stdio.h ] || need="$need libc6-dev"      # a recommendation of gcc
command -v make >/dev/null 2>&1 || need="$need make"
command -v sqlite3 >/dev/null 2>&1 || need="$need sqlite3"
[ -f /usr/include/sqlite3ext.h ] || need="$need libsqlite3-dev"
[ -x /usr/bin/python3 ] || need="$need python3"
command -v nm >/dev/null 2>&1 || need="$need binutils"      # test_symbols.py
# The real clients of tests/py/test_clients.py.
command -v node >/dev/null 2>&1 || need="$need nodejs"
command -v npm >/dev/null 2>&1 || need="$need npm"
command -v sqlite-utils >/dev/null 2>&1 || need="$need sqlite-utils"
# Cops and robbers: geng for the census tests and README, NetworkX for graph6;
# GNU parallel for the sharded census (examples/census.sh).
command -v nauty-geng >/dev/null 2>&1 || need="$need nauty"
# nauty's library (Apache 2.0), found by pkg-config: the automorphism groups
# of the cops' symmetric solve (ext/engine/cops/cops_aut.c; the build takes
# its headers, the library loads libnauty.so.2 at run time).
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
pkg-config --exists nauty 2>/dev/null || need="$need libnauty2-dev"
/usr/bin/python3 -c 'import networkx' >/dev/null 2>&1 || need="$need python3-networkx"
command -v parallel >/dev/null 2>&1 || need="$need parallel"
# --- make check and .ci/run ---
if [ "$tier" = check ]; then
  command -v valgrind >/dev/null 2>&1 || need="$need valgrind"
  command -v clang >/dev/null 2>&1 || need="$need clang"
  # libFuzzer and the sanitizer runtimes of clang
  if command -v clang >/dev/null 2>&1; then
    probe="$(mktemp -d)"
    echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n){ return 0; }' > "$probe/f.c"
    clang -fsanitize=fuzzer,address,undefined -o "$probe/f" "$probe/f.c" >/dev/null 2>&1 \
      || need="$need libclang-rt-dev"
    rm -rf "$probe"
  else
    need="$need libclang-rt-dev"
  fi
  # The packages (tests/py/test_packages.py): Debian's pip, setuptools, wheel, venv.
  /usr/bin/python3 -m pip --version >/dev/null 2>&1 || need="$need python3-pip"
  /usr/bin/python3 -c 'import setuptools, wheel' >/dev/null 2>&1 || need="$need python3-setuptools python3-wheel"
  /usr/bin/python3 -c 'import ensurepip' >/dev/null 2>&1 || need="$need python3-venv"
  # The WebAssembly build and the playground's browser test (make wasm, test_web.py).
  command -v emcc >/dev/null 2>&1 || need="$need emscripten"
  [ -x /usr/bin/chromium ] || need="$need chromium"
  command -v x86_64-w64-mingw32-gcc-posix >/dev/null 2>&1 || need="$need gcc-mingw-w64-x86-64-posix"
  # The release and its check (make release, tests/py/test_release.py): the
  # aarch64 cross build, run under qemu-user in Debian's arm64 SQLite (from
  # the arm64 architecture, added to dpkg below), the Windows build run
  # under Wine, zip for the Windows archive.
  command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-aarch64-linux-gnu"
  command -v qemu-aarch64 >/dev/null 2>&1 || need="$need qemu-user"
  command -v wine >/dev/null 2>&1 || need="$need wine64 wine"
  command -v zip >/dev/null 2>&1 || need="$need zip"
  command -v file >/dev/null 2>&1 || need="$need file"
  # The sdist compiled as on Alpine (tests/py/test_sdist.py), the musl
  # library and its runner (make musl, tests/py/test_musl.py): musl-gcc.
  command -v musl-gcc >/dev/null 2>&1 || need="$need musl-tools"
  [ -f /usr/lib/aarch64-linux-gnu/libsqlite3.so.0 ] || need="$need libsqlite3-0:arm64"
  # The census over ssh hosts (examples/census.sh -S): a local sshd.
  [ -x /usr/sbin/sshd ] || need="$need openssh-server"
  command -v ssh >/dev/null 2>&1 || need="$need openssh-client"
  command -v rsync >/dev/null 2>&1 || need="$need rsync"     # parallel's --return
fi
# make test's set comes without Debian's recommendations (NetworkX would
# bring a scientific stack of hundreds of megabytes); make check's with them
# (chromium's fonts).
opts="--no-install-recommends"; [ "$tier" = check ] && opts=""
if [ "${GG_NO_DEPS:-0}" = 1 ]; then
  [ -n "$need" ] && echo "tests/tools/deps.sh: GG_NO_DEPS=1, so not installing$need; the tests that need them will fail"
  command -v npm >/dev/null 2>&1 && [ ! -d tests/clients/node_modules/better-sqlite3 ] &&
    echo "tests/tools/deps.sh: GG_NO_DEPS=1, so not installing better-sqlite3 (cd tests/clients && npm ci)"
  [ "$tier" = check ] && command -v npm >/dev/null 2>&1 && ! sh tests/old_sqlite/fetch.sh --offline >/dev/null 2>&1 &&
    echo "tests/tools/deps.sh: GG_NO_DEPS=1, so not fetching the old SQLites (sh tests/old_sqlite/fetch.sh)"
  exit 0
fi
if [ -n "$need" ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  echo "tests/tools/deps.sh: installing$need"
  case "$need" in *:arm64*)
    dpkg --print-foreign-architectures | grep -qx arm64 || $SUDO dpkg --add-architecture arm64 ;;
  esac
  { $SUDO apt-get update -q && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $opts $need; } \
    || echo "tests/tools/deps.sh: could not install$need; the tests that need them will fail"
fi
# better-sqlite3 (pinned in tests/clients/package.json and its lock) into
# tests/clients/node_modules, ignored by git; npm's cache makes it work
# offline once fetched.  It compiles its addon when no prebuilt one fits.
# make test's clients use it; make wasm takes SQLite's amalgamation from it.
# For `make test` a missing install runs in the background (npm's
# download and the addon's compile take a minute or more on a fresh
# clone), while the library and the C tests build and run; the tests that
# need it wait for it (tests/py/ecosystem.py, need_node: the marker
# .npm-pending goes when it is done; its output is in .npm-log).
clients_install() {
  if [ ! -d node_modules/better-sqlite3 ]; then
    npm ci --no-audit --no-fund || echo "tests/tools/deps.sh: npm ci failed"
  fi
  node -e 'require("better-sqlite3")' 2>/dev/null ||
    npm rebuild better-sqlite3 || echo "tests/tools/deps.sh: better-sqlite3 does not load"
}
# The marker holds the install's process id (empty for the moment before
# it is written): a marker whose process is gone (killed) is stale.
pending_alive() {
  [ -f tests/clients/.npm-pending ] || return 1
  pid=$(cat tests/clients/.npm-pending 2>/dev/null)
  [ -z "$pid" ] || kill -0 "$pid" 2>/dev/null
}
if command -v npm >/dev/null 2>&1; then
  while pending_alive; do sleep 1; done          # an earlier run's install
  rm -f tests/clients/.npm-pending
  if [ "$tier" = test ] && [ ! -d tests/clients/node_modules/better-sqlite3 ]; then
    echo "tests/tools/deps.sh: installing better-sqlite3 in the background (tests/clients/.npm-log)"
    : > tests/clients/.npm-pending
    ( cd tests/clients && clients_install > .npm-log 2>&1; rm -f .npm-pending ) </dev/null &
    echo $! > tests/clients/.npm-pending
  else
    (cd tests/clients && clients_install)
  fi
  # puppeteer-core (tests/web, pinned by its lock) drives Debian's chromium;
  # it downloads no browser, and --ignore-scripts keeps it so.
  if [ "$tier" = check ] && [ ! -d tests/web/node_modules/puppeteer-core ]; then
    (cd tests/web && npm ci --no-audit --no-fund --ignore-scripts) || echo "tests/tools/deps.sh: npm ci in tests/web failed"
  fi
  # The real old SQLites of tests/py/test_old_sqlite.py: the npm packages
  # pinned in tests/old_sqlite/sqlite.lock, each tarball alone (npm pack:
  # no dependency, no install script), unpacked into dist/old-sqlite/ once
  # its integrity and its files' SHA-256 are checked.
  if [ "$tier" = check ]; then
    sh tests/old_sqlite/fetch.sh || echo "tests/tools/deps.sh: tests/old_sqlite/fetch.sh failed"
  fi
fi
exit 0
