#!/bin/sh
# mk/arm64-python.sh (make arm64-python, mk/python.mk): Debian's arm64
# python3, unpacked into dist/arm64-python/sysroot/ to run under qemu-user,
# for the release check of the aarch64 wheel (tests/py/test_release.py).
#
# It is not installed: dpkg cannot hold python3:arm64 beside the machine's
# python3:amd64 (installing it removes python3 and every python3-*
# package).  So the .debs are fetched with `apt-get download` (dpkg's arm64
# architecture must be on: tests/tools/deps.sh check adds it) and unpacked
# with dpkg-deb -x: the interpreter, its standard library with the sqlite3
# module, and the arm64 libraries these load (libc6, libsqlite3-0, zlib,
# expat, OpenSSL, libffi).  Run it as
#
#   qemu-aarch64 -L dist/arm64-python/sysroot dist/arm64-python/sysroot/usr/bin/python3.X
#
# It is the same minor version as this machine's python3 (Debian 12:
# 3.11), whose pure-Python pip can install into its venvs
# (PYTHONPATH=/usr/lib/python3/dist-packages).  Done once: a second run
# finds it and prints its path.
set -eu
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-/usr/bin/python3}
dir=dist/arm64-python
root=$dir/sysroot
minor=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
py=$root/usr/bin/python$minor

if [ -x "$py" ]; then echo "$py"; exit 0; fi

die() { echo "mk/arm64-python.sh: $*" >&2; exit 1; }
command -v apt-get >/dev/null 2>&1 || die "needs Debian's apt-get"
dpkg --print-foreign-architectures | grep -qx arm64 || \
  die "dpkg's arm64 architecture is off: dpkg --add-architecture arm64 && apt-get update (or sh tests/tools/deps.sh check)"

pkgs="python$minor-minimal libpython$minor-minimal libpython$minor-stdlib libc6 libsqlite3-0 zlib1g libexpat1 libssl3 libffi8"
rm -rf "$dir"
mkdir -p "$dir/debs" "$root"
# apt-get download writes into the current folder; _apt cannot write into
# root's, which apt only warns about.
(cd "$dir/debs" && apt-get download -q $(for p in $pkgs; do echo "$p:arm64"; done)) \
  > "$dir/download.log" 2>&1 || { cat "$dir/download.log" >&2; die "apt-get download failed (apt-get update first?)"; }
for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$root"; done
ls "$dir"/debs > "$dir/packages.txt"
[ -x "$py" ] || die "no $py in the unpacked packages"
echo "$py"
