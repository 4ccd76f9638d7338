"""The certificates of the docs' claims, docs/data/certificates/ (written
by `python3 bench/bench_certificates.py --write docs/data/certificates`):
each one verifies with the checker written apart (graphgame.check), and
says what its MANIFEST.txt line says; every graph of the docs' table of
cop numbers and every start of the census page where the 2n-capped
cat-and-mouse search is wrong has one.  In make check the quick ones are
written again and must be the same bytes."""
import gzip
import os
import subprocess
import sys

import gg

DATA = os.path.join(gg.ROOT, "docs", "data", "certificates")
CHECK = os.path.join(gg.ROOT, "bindings", "python", "graphgame", "check.py")


def manifest():
    out = {}
    with open(os.path.join(DATA, "MANIFEST.txt"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                name, rows, size, says = line.rstrip("\n").split("\t")
                out[name] = (int(rows.split()[0]), int(size.split()[0]), says)
    return out


def test_every_certificate_of_the_docs_verifies():
    m = manifest()
    names = sorted(f for f in os.listdir(DATA) if f.endswith((".cert", ".cert.gz")))
    assert names == sorted(m), set(names) ^ set(m)
    p = subprocess.run([sys.executable, CHECK] + [os.path.join(DATA, f) for f in names],
                       capture_output=True, text=True, timeout=600)
    lines = p.stdout.splitlines()
    assert p.returncode == 0, lines
    for name, line in zip(names, lines):
        assert line == m[name][2], (name, line)
    for name in names:
        path = os.path.join(DATA, name)
        data = (gzip.open if name.endswith(".gz") else open)(path, "rb").read()
        assert len(data) == m[name][1], name
    said = "\n".join(lines)
    for claim in ("5 cops win", "the cop number is 3 ", "the cop number is 4 ", "7 cops win"):
        assert claim in said, claim
    # the cop number of the Petersen graph, Robertson's and the nine of c = 3
    assert said.count("verified: the cop number is") == 11, said
    assert sum(n.startswith("capped8-") for n in names) == 22     # census.md: 22 starts
    return "%d certificates" % len(names)


@gg.release
def test_the_quick_certificates_are_written_again_the_same():
    out = os.path.join(gg.ROOT, "dist", "certificates-again")
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        os.remove(os.path.join(out, f))
    env = dict(os.environ, GG_EXT=gg.EXT)
    subprocess.run([sys.executable, os.path.join(gg.ROOT, "bench", "bench_certificates.py"),
                    "--write", out], env=dict(env, BENCH_REPEAT="1"), check=True,
                   capture_output=True, timeout=1200)
    again = sorted(f for f in os.listdir(out) if f.endswith((".cert", ".cert.gz")))
    assert len(again) >= 28
    for f in again:
        a = (gzip.open if f.endswith(".gz") else open)(os.path.join(out, f), "rb").read()
        b = (gzip.open if f.endswith(".gz") else open)(os.path.join(DATA, f), "rb").read()
        assert a == b, f
