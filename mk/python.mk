# mk/python.mk, included by mk/release.mk: the Python downloads beside the
# Makefile's `make python-wheel` (the x86-64 wheel of dist/graphgame.so).
#
#   make sdist                 dist/python/graphgame-VERSION.tar.gz: the
#                              package with the C sources, compiled by pip
#                              on the user's machine (mk/sdist.py;
#                              bindings/python/build_library.py)
#   make python-wheel-aarch64  dist/python/graphgame-VERSION-py3-none-
#                              manylinux_2_Y_aarch64.whl, of the cross-built
#                              dist/aarch64/graphgame.so (mk/release.mk)
#   make python-wheels         both wheels
#   make arm64-python          Debian's arm64 python3, unpacked into
#                              dist/arm64-python/sysroot/ for qemu-user (the
#                              release check of the aarch64 wheel;
#                              mk/arm64-python.sh)
#
# Each wheel is tagged manylinux_2_X_<arch> by bindings/python/setup.py,
# with X the highest GLIBC_2.X that its library needs (readelf -V) and
# <arch> its ELF machine.  Offline, with Debian's setuptools and wheel.
SQLITE_INCLUDE ?= /usr/include
.PHONY: sdist python-wheel-aarch64 python-wheels arm64-python

sdist:
	@$(PYTHON) mk/sdist.py dist/python $(SQLITE_INCLUDE)

python-wheel-aarch64: dist/aarch64/graphgame.so
	@mkdir -p dist/python
	GRAPHGAME_SO=$(CURDIR)/dist/aarch64/graphgame.so $(PYTHON) -m pip wheel -q --no-build-isolation --no-deps --no-index -w dist/python bindings/python

# One after the other: both build in bindings/python/build/.
python-wheels:
	@$(MAKE) --no-print-directory python-wheel
	@$(MAKE) --no-print-directory python-wheel-aarch64

arm64-python:
	@PYTHON=$(PYTHON) sh mk/arm64-python.sh
