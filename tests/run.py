#!/usr/bin/python3
"""The graphgame test runner: `make test` runs this.

Runs every test case and ends with one line `N passed, N failed`; exits
non-zero on any failure.  A case prints `ok   name` (with `  # note` when
it returns a text: a figure it measured) or `FAIL name: why` on one line,
then its whole message, indented; the `FAIL` lines are repeated just
before the last line.  Cases come from:

  tests/sql/*.sql   SQL run through the sqlite3 CLI and compared with the
                    expected output written in the file (format below);
  tests/test_*.py   Python modules; every function named test_* is a case.
  tests/c/*.c       C harnesses listed in C_HARNESSES, built by the Makefile
                    into dist/ctests/; each prints `ok name` / `FAIL name: why`
                    lines, and each such line is a case (a `# ` line
                    after an ok line is its note).

SQL file format: everything before the first `-- case:` line is setup,
run before each case in a fresh in-memory database with the extension
loaded.  Each case is

    -- case: what it shows
    SELECT ...;
    -- => expected output line
    -- => another line

CLI error lines ("Runtime error near line 3: msg") are compared as
"Error: msg".  Environment: GG_EXT (extension path without suffix,
default dist/graphgame), GG_PRELOAD (LD_PRELOAD for the CLI, used by
`make asan`), SQLITE3 (the CLI, default sqlite3), GG_ONLY (run only cases
whose file or name contains this text, or one of the texts separated by
`|`), GG_TIMES=1 (print the 15 slowest cases at the end; GG_TIMES=N the N
slowest), GG_CTESTS=0 (skip the C harnesses, as `make asan` does: they have
their own sanitizer builds).

GG_SUITE picks the suite (tests/README.md): `test` (the default, `make
test`): every case but the release ones, the long sweeps at a small size;
`all` (`make check`, with GG_FULL=1): every case, the sweeps at full size;
`check`: only the release cases and the sweeps, at full size.  A Python
module with SUITE = "check" is release-only, and so is a function marked
@gg.release; one marked @gg.sweep runs in every suite (gg.FULL, true for
GG_FULL=1 or a suite other than `test`, tells it which size).  The SQL
cases and the C harnesses are `test` cases, but for oom and interrupt,
which run in every suite (brief in `test`).  So `test` and `check`
together run every case of `all`: .ci/run runs them so.
"""
import glob
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXT = os.environ.get("GG_EXT", os.path.join(ROOT, "dist", "graphgame"))
SQLITE3 = os.environ.get("SQLITE3", "sqlite3")
ONLY = os.environ.get("GG_ONLY", "")
ONLY_ANY = [s for s in ONLY.split("|") if s]     # "a|b": cases matching a or b


SUITE = os.environ.get("GG_SUITE", "test")
if SUITE not in ("test", "check", "all"):
    sys.exit("tests/run.py: GG_SUITE is test, check or all, not %r" % SUITE)


def wanted(name):
    return not ONLY_ANY or any(s in name for s in ONLY_ANY)


def in_suite(tier):
    """Whether a case of tier "test", "check" or "both" runs in SUITE."""
    return SUITE == "all" or tier == "both" or tier == SUITE
ERROR_RE = re.compile(r"^(?:Runtime error|Parse error|Error)(?: near line \d+)?: (.*?)(?: \(\d+\))?$")


def cli_env():
    env = dict(os.environ)
    if os.environ.get("GG_PRELOAD"):
        # The CLI is small and exits cleanly: check it for leaks too (the
        # Python process itself runs with detect_leaks=0).
        env["LD_PRELOAD"] = os.environ["GG_PRELOAD"]
        # intercept_tls_get_addr=0: LeakSanitizer's tracer crashes (signal
        # 11, "LeakSanitizer has encountered a fatal error") on some runs
        # once the extension has dynamic TLS (reentry.c's _Thread_local).
        env["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=1:intercept_tls_get_addr=0"
    return env


def run_cli(sql, db=":memory:"):
    """Run sql in the sqlite3 CLI with the extension loaded; stdout+stderr
    lines, with error lines normalised."""
    script = ".load %s\n%s\n" % (EXT, sql)
    p = subprocess.run([SQLITE3, "-batch", db], input=script, capture_output=True,
                       text=True, env=cli_env(), timeout=300)
    out = []
    for line in (p.stdout + p.stderr).splitlines():
        m = ERROR_RE.match(line)
        out.append("Error: " + m.group(1) if m else line)
    return out


def parse_sql_file(path):
    setup, cases, cur = [], [], None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("-- case:"):
            cur = {"name": line[8:].strip(), "sql": [], "expect": []}
            cases.append(cur)
        elif cur is None:
            setup.append(line)
        elif line.startswith("-- =>"):
            cur["expect"].append(line[6:] if len(line) > 5 else "")
        else:
            cur["sql"].append(line)
    return "\n".join(setup), cases


def sql_cases():
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "sql", "*.sql"))):
        setup, cases = parse_sql_file(path)
        for c in cases:
            def run(c=c, setup=setup):
                got = run_cli(setup + "\n" + "\n".join(c["sql"]))
                if got != c["expect"]:
                    raise AssertionError("expected:\n  %s\ngot:\n  %s" % (
                        "\n  ".join(c["expect"]), "\n  ".join(got)))
            yield "%s: %s" % (os.path.basename(path), c["name"]), run, "test"


def py_cases():
    sys.path.insert(0, os.path.join(ROOT, "tests", "py"))
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "py", "test_*.py"))):
        name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(mod)
        except Exception:
            def broken(tb=traceback.format_exc()):
                raise AssertionError("cannot load module:\n" + tb)
            yield name + ".py: load", broken, "both"
            continue
        tier = getattr(mod, "SUITE", "test")       # SUITE = "check": a release module
        for fn in sorted(k for k in dir(mod) if k.startswith("test_")):
            f = getattr(mod, fn)
            yield "%s.py: %s" % (name, fn), f, getattr(f, "gg_suite", tier)


# The C harnesses run by `make test` (dist/ctests/<name>, from tests/c/).
# oom runs in every suite: briefly in `make test` (OOM_BRIEF=1: every
# statement, one mode, one argument set), its quick subset in `make check`
# (`make oom` runs it in full).
C_HARNESSES = ["oom", "interrupt", "compat"] + sorted(
    "replay_" + os.path.basename(p)[5:-2]          # one per fuzz target
    for p in glob.glob(os.path.join(ROOT, "tests", "fuzz", "fuzz_*.c")))


HARNESS_TIMES = []      # (seconds, name) of each C harness run, for GG_TIMES


def run_harness(h, exe, env):
    """Run one C harness; the OOM harness as one shard a core at once
    (OOM_SHARD=i/n: it has no timing to disturb), its outputs joined."""
    n = (os.cpu_count() or 1) if h == "oom" else 1
    if n == 1:
        return subprocess.run([exe, EXT], capture_output=True, text=True, cwd=ROOT,
                              timeout=900, env=env)
    files = [(tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")) for _ in range(n)]
    procs = [subprocess.Popen([exe, EXT], stdout=o, stderr=e, text=True, cwd=ROOT,
                              env=dict(env, OOM_SHARD="%d/%d" % (i, n)))
             for i, (o, e) in enumerate(files)]
    rc = 0
    for q in procs:
        rc = q.wait(timeout=900) or rc
    texts = []
    for f in (o for o, _ in files), (e for _, e in files):
        texts.append("")
        for x in f:
            x.seek(0)
            texts[-1] += x.read()
            x.close()
    return subprocess.CompletedProcess([exe, EXT], rc, texts[0], texts[1])


def gg_deadline():
    """tests/py/gg.py's STOP_DEADLINE: how long a cancelled call may take
    to stop before a test calls it hung."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "py"))
    import gg
    return gg.STOP_DEADLINE


def c_cases():
    """Run each C harness once; one case per ok/FAIL line it prints (a
    FAIL line is `FAIL <harness>: <title>: <why>`, maybe followed by more
    lines of why), and a failing case if it crashes."""
    if os.environ.get("GG_CTESTS") == "0":
        return
    for h in C_HARNESSES:
        tier = "both" if h in ("oom", "interrupt") else "test"   # brief in `test`
        if not in_suite(tier):
            continue
        exe = os.path.join(ROOT, "dist", "ctests", h)
        if not os.path.exists(exe):
            def missing(exe=exe):
                raise AssertionError("not built: %s (run make)" % exe)
            yield "c/%s: build" % h, missing, tier
            continue
        if not wanted("c/" + h):
            continue
        t0 = time.time()
        env = dict(os.environ)
        if h == "oom" and SUITE == "test":
            env["OOM_BRIEF"] = "1"
        if h == "interrupt" and SUITE == "test":
            env["INTR_BRIEF"] = "1"                 # two interrupts a phase, not four
        if h == "interrupt":
            # A deadline that only a hang misses, on a busy machine too;
            # each case's line shows the latencies measured.  The 100 ms
            # promise is bench/bench_interrupt.py's (make bench).
            env.setdefault("INTR_BOUND_MS", str(int(gg_deadline() * 1000)))
        p = run_harness(h, exe, env)
        HARNESS_TIMES.append((time.time() - t0, "c/%s (the whole harness)" % h))
        found, summary = [], False
        for line in p.stdout.splitlines():
            m = re.match(r"^(ok|FAIL) +(.*)$", line)
            if m:
                parts = m.group(2).split(": ", 2)
                if m.group(1) == "FAIL" and len(parts) == 3:
                    found.append([parts[0] + ": " + parts[1], False, [parts[2]]])
                else:
                    found.append([m.group(2), m.group(1) == "ok", []])
            elif re.match(r"^\d+ passed, \d+ failed$", line):
                summary = True
            elif found and (not found[-1][1] or line.startswith("# ")):
                # why a case failed; or, after a passed one, its figures
                # ("# interrupt: solve: ..."), shown on its ok line
                if found[-1][1]:
                    line = line[2:]
                    head = found[-1][0].rsplit(" ", 1)[0] + ": "    # "interrupt: solve: "
                    line = line[len(head):] if line.startswith(head) else line
                found[-1][2].append(line)
        for name, ok, why in found:
            def case(ok=ok, why=why):
                if not ok:
                    raise AssertionError("\n".join(why))
                return "; ".join(why)
            yield "c/" + name, case, tier
        if p.returncode != 0 and (not summary or all(ok for _, ok, _ in found)):
            def crashed(p=p):
                raise AssertionError("exit code %d\n%s" % (p.returncode, p.stderr[-3000:]))
            yield "c/%s: run" % h, crashed, tier


def one_line(e):
    """What went wrong, on one line: the first line of an assertion's
    message (where it failed, for a bare assert), or the exception's type
    and message."""
    if isinstance(e, AssertionError):
        lines = [x.strip() for x in str(e).splitlines() if x.strip()]
        if lines:
            text = lines[0]
        else:
            where = traceback.extract_tb(e.__traceback__)[-1]
            text = "assert failed at %s line %d: %s" % (
                os.path.relpath(where.filename, ROOT), where.lineno, where.line)
    else:
        text = "%s: %s" % (type(e).__name__, " ".join(str(e).split()))
    return text if len(text) <= 300 else text[:297] + "..."


def main(cases=None):
    """Run the cases (name, function, tier): by default every case found."""
    passed = failed = left = 0
    times = []                  # GG_TIMES=1: the slowest cases, at the end
    failures = []               # `FAIL name: why` lines, repeated at the end
    if cases is None:
        cases = list(sql_cases()) + list(py_cases()) + list(c_cases())
    for name, fn, tier in cases:
        if not wanted(name):
            continue
        if not in_suite(tier):
            left += 1           # another suite's case
            continue
        t0 = time.time()
        try:
            note = fn()
        except Exception as e:  # a failed case, whatever the cause
            failed += 1
            # One line with the case's name and what went wrong (repeated
            # in the summary), then the whole message, indented.
            failures.append("FAIL %s: %s" % (name, one_line(e)))
            msg = str(e) if isinstance(e, AssertionError) else traceback.format_exc()
            print("%s\n  %s" % (failures[-1], msg.replace("\n", "\n  ")))
        else:
            passed += 1
            # A case may return a note (a measured figure: an interrupt's
            # latency), printed on its line.
            print("ok   %s%s" % (name, "  # " + note if isinstance(note, str) and note else ""))
        times.append((time.time() - t0, name))
        sys.stdout.flush()
    if os.environ.get("GG_TIMES"):
        n = int(os.environ["GG_TIMES"]) if os.environ["GG_TIMES"].isdigit() else 1
        times += HARNESS_TIMES      # the harnesses ran before their cases
        for t, name in sorted(times, reverse=True)[:n if n > 1 else 15]:
            print("# %6.1f s  %s" % (t, name))
        print("# %6.1f s  in all" % sum(t for t, _ in times))
    if left:
        other = "make check (GG_SUITE=all)" if SUITE == "test" else "make test"
        print("# %d cases are left to %s" % (left, other))
    if failures:
        print("# the failed cases:")
        for line in failures:
            print(line)
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
