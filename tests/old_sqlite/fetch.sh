#!/bin/sh
# tests/old_sqlite/fetch.sh: the real old SQLites' sources, from the npm
# packages that bundle them, into dist/old-sqlite/VERSION/ (sqlite3.c,
# sqlite3.h, sqlite3ext.h, and shell.c where the package ships it):
#
#   sh tests/old_sqlite/fetch.sh [--offline] [VERSION...]
#
# Every version of tests/old_sqlite/sqlite.lock unless some are named.  A
# version whose files are there and match tests/old_sqlite/sqlite3.sha256
# is left as it is (no npm at all).  Else `npm pack PACKAGE@VERSION` takes
# the package's tarball alone (into npm's cache: no dependency is fetched,
# no install script runs), its SHA-512 must be the lock's integrity, the
# amalgamation is unpacked from the member the lock names, and every file
# copied out must match sqlite3.sha256, or nothing is kept.  --offline:
# from npm's cache only (mk/old_sqlite.mk builds so; tests/tools/deps.sh
# check fetches).  Exits non-zero when a version cannot be had.
set -u
cd "$(dirname "$0")/../.."
# (The three can be others, for test_old_sqlite.py's tampered pins.)
lock=${OLD_SQLITE_LOCK:-tests/old_sqlite/sqlite.lock}
sums=${OLD_SQLITE_SUMS:-tests/old_sqlite/sqlite3.sha256}
out=${OLD_SQLITE_DIR:-dist/old-sqlite}
case "$sums" in /*) ;; *) sums=$PWD/$sums ;; esac
offline=""
[ "${1:-}" = --offline ] && { offline=--offline; shift; }

die() { echo "tests/old_sqlite/fetch.sh: $*" >&2; exit 1; }

# The lines of sqlite3.sha256 of version $1.
sums_of() { grep "  $1/" "$sums"; }

# Whether dist/old-sqlite/$1 holds the version's files, as pinned.
have() {
  [ -f "$out/$1/sqlite3.c" ] || return 1
  (cd "$out" && sums_of "$1" | sha256sum --quiet --strict -c -) >/dev/null 2>&1
}

fetch() {   # version, package@version, integrity, member
  v=$1 spec=$2 integrity=$3 member=$4
  if have "$v"; then
    return 0
  fi
  sums_of "$v" >/dev/null || die "$sums has no line for SQLite $v"
  command -v npm >/dev/null 2>&1 || die "SQLite $v needs npm (apt-get install -y npm) to take $spec"
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/gg-old-sqlite.XXXXXX")
  (cd "$tmp" && npm pack $offline --silent --no-audit --no-fund "$spec" > packed.txt 2> npm.log) || {
    cat "$tmp/npm.log" >&2
    rm -rf "$tmp"
    if [ -n "$offline" ]; then
      die "$spec (SQLite $v) is not in npm's cache: sh tests/tools/deps.sh check (or sh tests/old_sqlite/fetch.sh) fetches it"
    fi
    die "npm pack $spec failed"
  }
  tgz="$tmp/$(tail -n 1 "$tmp/packed.txt")"
  got=$(node -e 'const c = require("crypto"), fs = require("fs");
    process.stdout.write("sha512-" + c.createHash("sha512").update(fs.readFileSync(process.argv[1])).digest("base64"));' "$tgz") ||
    { rm -rf "$tmp"; die "node could not hash $tgz"; }
  if [ "$got" != "$integrity" ]; then
    rm -rf "$tmp"
    die "$spec is not the tarball pinned in $lock: $got, pinned $integrity"
  fi
  mkdir "$tmp/pkg" "$tmp/in"
  tar -xzf "$tgz" -C "$tmp/pkg" "$member" || { rm -rf "$tmp"; die "$spec has no $member"; }
  case "$member" in
  *.tar.gz) tar -xzf "$tmp/pkg/$member" -C "$tmp/in" || { rm -rf "$tmp"; die "cannot unpack $member of $spec"; } ;;
  *) mv "$tmp/pkg/$member" "$tmp/in/src" ;;
  esac
  c=$(find "$tmp/in" -maxdepth 2 -name sqlite3.c | head -n 1)
  [ -n "$c" ] || { rm -rf "$tmp"; die "$member of $spec holds no sqlite3.c"; }
  # Checked where they are unpacked; only then moved in beside the builds
  # (dist/old-sqlite/VERSION/ keeps make's files: its pin, the objects).
  mkdir -p "$tmp/keep/$v"
  files=""
  for f in sqlite3.c sqlite3.h sqlite3ext.h shell.c; do
    if sums_of "$v" | grep -q "  $v/$f\$"; then
      cp "$(dirname "$c")/$f" "$tmp/keep/$v/$f" || { rm -rf "$tmp"; die "$spec has no $f beside sqlite3.c"; }
      files="$files $f"
    fi
  done
  if ! (cd "$tmp/keep" && sums_of "$v" | sha256sum --quiet --strict -c -); then
    rm -rf "$tmp"
    die "the files of SQLite $v in $spec do not match $sums"
  fi
  mkdir -p "$out/$v"
  for f in $files; do
    rm -f "$out/$v/$f"
    mv "$tmp/keep/$v/$f" "$out/$v/$f"
    touch "$out/$v/$f"        # of now, not of the package: make compares times
  done
  rm -rf "$tmp"
  echo "tests/old_sqlite/fetch.sh: SQLite $v from $spec into $out/$v"
}

want=" $* "
found=0
while read -r v spec integrity member rest; do
  case "$v" in ''|\#*) continue ;; esac
  [ -z "$rest" ] || die "$lock: a line of more than four fields: $v $spec ..."
  if [ "$want" != "  " ]; then
    case "$want" in *" $v "*) ;; *) continue ;; esac
  fi
  found=$((found + 1))
  fetch "$v" "$spec" "$integrity" "$member" || exit 1
done < "$lock"
[ "$want" = "  " ] || [ "$found" = "$#" ] || die "not every version asked ($*) is in $lock"
exit 0
