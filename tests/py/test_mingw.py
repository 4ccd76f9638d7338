"""The Windows build (`make mingw`: dist/mingw/graphgame.dll, cross-built
with Debian's MinGW-w64): the sources build there without a warning, and
the DLL exports sqlite3_graphgame_init and nothing else (the export macro
of graphgame.c), and needs no DLL but Windows' own."""
import os
import re
import subprocess

import ecosystem as eco
import gg

SUITE = "check"     # make check only (tests/README.md): a cross build of the whole library

DLL = os.path.join(gg.ROOT, "dist", "mingw", "graphgame.dll")


def test_the_windows_dll_exports_only_the_entry_point():
    eco.need_program("x86_64-w64-mingw32-gcc-posix", "gcc-mingw-w64-x86-64-posix")
    p = subprocess.run(["make", "-s", "--no-print-directory", "mingw"], cwd=gg.ROOT,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    out = subprocess.run(["x86_64-w64-mingw32-objdump", "-p", DLL], capture_output=True,
                         text=True, check=True).stdout
    table = out.split("[Ordinal/Name Pointer] Table", 1)[1].split("\n\n", 1)[0]
    names = re.findall(r"\[\s*\d+\]\s+(\S+)", table)
    assert names == ["sqlite3_graphgame_init"], names
    dlls = sorted(set(re.findall(r"DLL Name: (\S+)", out)))
    assert set(d.lower() for d in dlls) <= {"kernel32.dll", "msvcrt.dll"}, dlls
