#!/bin/sh
# mk/release.sh: packs what `make release` has built (mk/release.mk) into
# dist/release/, one file per download, and writes their SHA256SUMS:
#
#   graphgame-VERSION-linux-x86_64.tar.gz    dist/graphgame.so
#   graphgame-VERSION-linux-aarch64.tar.gz   dist/aarch64/graphgame.so
#   graphgame-VERSION-windows-x86_64.zip     dist/mingw/graphgame.dll
#   graphgame-VERSION-wasm.tar.gz            dist/wasm/ (SQLite with graphgame
#                                            compiled in, and its Node shell)
#   graphgame-VERSION-linux-x86_64-musl.tar.gz
#                                            dist/musl/graphgame.so (musl libc:
#                                            Alpine; mk/musl.mk)
#   graphgame-VERSION-amalgamation.tar.gz    dist/amalgamation/graphgame.c and
#                                            graphgame.h (the library as one C
#                                            file; mk/amalgamation.mk)
#   graphgame-VERSION-py3-none-manylinux_2_X_x86_64.whl,
#   graphgame-VERSION-py3-none-manylinux_2_Y_aarch64.whl,
#   graphgame-VERSION.tar.gz (the sdist), graphgame-VERSION.tgz
#                                            the Python wheels (X, Y: the
#                                            glibc each library needs), the
#                                            Python sources and the npm
#                                            tarball, copied as built
#                                            (mk/python.mk)
#
# Each archive holds one folder, graphgame-VERSION-SYSTEM/, with the
# library, LICENSE, README.txt (how to load it) and sql/ (the scripts the
# examples read).  The Linux libraries go in without their debug sections
# (strip --strip-debug: a fifth of the size, and no build paths).  Every
# file of an archive gets the time of the last commit (or
# SOURCE_DATE_EPOCH), owner 0 and a sorted order, so that packing the same
# build again gives the same archives (a library built in another folder
# differs: its build id hashes the debug sections, which hold the folder).
#
#   sh mk/release.sh        (from `make release`; run from anywhere)
set -eu
cd "$(dirname "$0")/.."
version=$(cat VERSION)
out=dist/release
stage=dist/release-stage
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 315532800)}
AARCH64_STRIP=${AARCH64_STRIP:-aarch64-linux-gnu-strip}

die() { echo "mk/release.sh: $*" >&2; exit 1; }
need_file() { [ -f "$1" ] || die "$1 is missing: $2"; }
need_prog() { command -v "$1" >/dev/null 2>&1 || die "needs $1: apt-get install -y $2"; }

need_file dist/graphgame.so "make builds it"
need_file dist/aarch64/graphgame.so "make aarch64 builds it (mk/release.mk)"
need_file dist/mingw/graphgame.dll "make mingw builds it"
need_file dist/wasm/graphgame-sqlite.js "make wasm builds it"
need_file dist/wasm/graphgame-sqlite.wasm "make wasm builds it"
need_file dist/musl/graphgame.so "make musl builds it (mk/musl.mk)"
need_file dist/amalgamation/graphgame.c "make amalgamation builds it (mk/amalgamation.mk)"
need_file dist/amalgamation/graphgame.h "make amalgamation builds it (mk/amalgamation.mk)"
# The newest wheel of each architecture (an older build's tag may differ).
wheel=$(ls -t dist/python/graphgame-"$version"-py3-none-manylinux_*_x86_64.whl 2>/dev/null | head -n 1)
[ -n "$wheel" ] || die "no dist/python/graphgame-$version-py3-none-manylinux_*_x86_64.whl: make python-wheel builds it"
wheel_arm=$(ls -t dist/python/graphgame-"$version"-py3-none-manylinux_*_aarch64.whl 2>/dev/null | head -n 1)
[ -n "$wheel_arm" ] || die "no dist/python/graphgame-$version-py3-none-manylinux_*_aarch64.whl: make python-wheel-aarch64 builds it"
need_file dist/python/graphgame-"$version".tar.gz "make sdist builds it"
need_file dist/node/graphgame-"$version".tgz "make npm-pack builds it"
need_prog zip zip
need_prog strip binutils
need_prog "$AARCH64_STRIP" binutils-aarch64-linux-gnu

rm -rf "$out" "$stage"
mkdir -p "$out" "$stage"

# The end of every archive's README.txt: the checks of the library and of
# the download.
readme_check() {
  cat <<EOF

Check that it works:

  SELECT graphgame_version();                         -- $version
  SELECT catmouse_json('[[1,3],[0],[3],[0,2]]');      -- 1 (the mouse wins)

Check the download against SHA256SUMS, published with it:

  sha256sum -c SHA256SUMS --ignore-missing
EOF
}

# README.txt of an archive: $1 the system, $2 the library's file name.
readme() {
  cat <<EOF
graphgame $version for $1
$(echo "graphgame $version for $1" | sed 's/./=/g')

graphgame is a SQLite loadable extension that solves pursuit and race
games on graphs kept in SQLite tables (cat and mouse, race to z, cops
and robbers, any game given as rows).  MIT license: see LICENSE.

Files: $2 (the extension), LICENSE, README.txt (this file), sql/
(a recommended schema and a JSON importer, for the examples), and
check.py, the checker of graphgame's certificates (Python 3's standard
library only, written apart from the extension):

  python3 check.py FILE.cert          -- verified: ... or rejected: line N: ...

It needs SQLite 3.30.0 or newer with extension loading.  SQLite loads an
extension into one connection at a time: load it right after opening the
database, in every connection.  The path may leave out the file's suffix.

  sqlite3 CLI     .load ./graphgame
                  (from this folder; else the library's full path)
  Python          db.enable_load_extension(True)
                  db.load_extension("./graphgame")
                  db.enable_load_extension(False)
  C               sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, 0);
                  sqlite3_load_extension(db, "./graphgame", 0, &errmsg);
EOF
  readme_check
}

readme_wasm() {
  cat <<EOF
graphgame $version for WebAssembly
$(echo "graphgame $version for WebAssembly" | sed 's/./=/g')

graphgame is a SQLite loadable extension that solves pursuit and race
games on graphs kept in SQLite tables.  MIT license: see LICENSE.  This
is SQLite with graphgame compiled in, built with emscripten, for a
browser, a worker or Node.js; nothing to load.

Files: graphgame-sqlite.js and graphgame-sqlite.wasm (the module: keep
them together), shell.js and script.js (a small sqlite3 shell for Node),
LICENSE, README.txt (this file), sql/ (the scripts the examples read),
check.py (the checker of certificates: python3 check.py FILE.cert).

  node shell.js -header -column < script.sql

In JavaScript:

  const SQL = await require("./graphgame-sqlite.js")();   // a page: GraphgameSQLite()
  const db = new SQL.Database();                          // in memory
  db.query("SELECT catmouse_json(?) AS o", ["[[1,3],[0],[3],[0,2]]"]);
  // { columns: ["o"], rows: [[1]] }

Check the download against SHA256SUMS, published with it:

  sha256sum -c SHA256SUMS --ignore-missing
EOF
}

readme_amalgamation() {
  cat <<EOF
graphgame $version, the amalgamation
$(echo "graphgame $version, the amalgamation" | sed 's/./=/g')

graphgame is a SQLite extension that solves pursuit and race games on
graphs kept in SQLite tables.  MIT license: see LICENSE.  This is its
source as one C file, to build it yourself or to compile it into a
program beside SQLite's amalgamation (C, Go with cgo, Rust, iOS, ...).

Files: graphgame.c (the whole library), graphgame.h (its entry point,
and how to register it), LICENSE, README.txt (this file), sql/ (the
scripts the examples read), check.py (the checker of certificates:
python3 check.py FILE.cert).

A loadable extension (a C11 compiler, POSIX threads):

  gcc -O2 -fPIC -shared graphgame.c -o graphgame.so -lpthread -lm
                                        (macOS: -o graphgame.dylib)
  then .load ./graphgame in the sqlite3 shell

Inside a program, compiled with SQLite's amalgamation (sqlite3.c), with
-DSQLITE_CORE, and registered before the first sqlite3_open():

  gcc -O2 -DSQLITE_CORE -c graphgame.c
  #include "graphgame.h"
  sqlite3_auto_extension((void(*)(void))sqlite3_graphgame_init);

or, with no code, by SQLite itself: build sqlite3.c (or SQLite's shell)
with -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init.

nauty (the cops' symmetric solve) is off unless -DGG_HAVE_NAUTY, with
nauty's headers on the include path and -ldl; without it every group is
trivial: the same answers, slower on symmetric graphs.  It needs SQLite
3.30.0 or newer.
EOF
  readme_check
}

# pack NAME KIND: the folder $stage/NAME as dist/release/NAME.tar.gz or .zip.
pack() {
  mkdir -p "$stage/$1/sql"
  cp LICENSE "$stage/$1/"
  cp bindings/python/graphgame/check.py "$stage/$1/"
  cp sql/*.sql "$stage/$1/sql/"
  find "$stage/$1" -type f -exec chmod go-w {} + -exec touch -d "@$epoch" {} +
  find "$stage/$1" -type d -exec touch -d "@$epoch" {} +
  case "$2" in
  tar) (cd "$stage" && tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$1") \
         | gzip -9n > "$out/$1.tar.gz" ;;
  zip) (cd "$stage" && find "$1" | LC_ALL=C sort | TZ=UTC zip -X -q -9 "../release/$1.zip" -@) ;;
  esac
  echo "$out/$1.$( [ "$2" = tar ] && echo tar.gz || echo zip )"
}

d=graphgame-$version-linux-x86_64
mkdir -p "$stage/$d"
strip --strip-debug -o "$stage/$d/graphgame.so" dist/graphgame.so
readme "Linux x86-64" graphgame.so > "$stage/$d/README.txt"
pack "$d" tar

d=graphgame-$version-linux-aarch64
mkdir -p "$stage/$d"
"$AARCH64_STRIP" --strip-debug -o "$stage/$d/graphgame.so" dist/aarch64/graphgame.so
readme "Linux aarch64 (arm64)" graphgame.so > "$stage/$d/README.txt"
pack "$d" tar

d=graphgame-$version-windows-x86_64
mkdir -p "$stage/$d"
cp dist/mingw/graphgame.dll "$stage/$d/"
readme "Windows x86-64" graphgame.dll | sed 's/$/\r/' > "$stage/$d/README.txt"
pack "$d" zip

d=graphgame-$version-wasm
mkdir -p "$stage/$d"
cp dist/wasm/graphgame-sqlite.js dist/wasm/graphgame-sqlite.wasm wasm/shell.js wasm/script.js "$stage/$d/"
readme_wasm > "$stage/$d/README.txt"
pack "$d" tar

d=graphgame-$version-linux-x86_64-musl
mkdir -p "$stage/$d"
strip --strip-debug -o "$stage/$d/graphgame.so" dist/musl/graphgame.so
readme "Linux x86-64 with musl libc (Alpine, ...)" graphgame.so > "$stage/$d/README.txt"
pack "$d" tar

d=graphgame-$version-amalgamation
mkdir -p "$stage/$d"
cp dist/amalgamation/graphgame.c dist/amalgamation/graphgame.h "$stage/$d/"
readme_amalgamation > "$stage/$d/README.txt"
pack "$d" tar

cp "$wheel" "$wheel_arm" dist/python/graphgame-"$version".tar.gz "$out/"
echo "$out/$(basename "$wheel")"
echo "$out/$(basename "$wheel_arm")"
echo "$out/graphgame-$version.tar.gz"
cp dist/node/graphgame-"$version".tgz "$out/"
echo "$out/graphgame-$version.tgz"

(cd "$out" && sha256sum -- *.tar.gz *.zip *.whl *.tgz > SHA256SUMS)
echo "$out/SHA256SUMS"
rm -rf "$stage"
