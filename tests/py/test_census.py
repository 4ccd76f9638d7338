"""Censuses: examples/census.sh (geng's res/mod shards on GNU parallel)
gives the unsharded answer, through local jobs and through two ssh
"hosts" (an sshd of the test's own on 127.0.0.1), and resumes after a
kill without rerunning finished shards; bench/census_textbook.c and
bench/census_engine.c agree with each other, with a dismantling and a
brute force written here, and with the published counts; bench/
capped_census.c agrees with the extension's catmouse_states and with
gg.catmouse_brute on every position of every graph and hole.

Published values: connected graphs on n = 1..8 nodes, 1, 1, 2, 6, 21,
112, 853, 11117 (OEIS A001349); no connected graph on fewer than 10 nodes
needs 3 cops (Baird, Beveridge, Bonato et al., "On the minimum order of
k-cop-win graphs", 2014), so the 2-cop counts are the rest.

Needs nauty (nauty-geng), GNU parallel, rsync and openssh-server (Debian
packages nauty, parallel, rsync, openssh-server): without them a case
fails, saying which.  GG_FULL=1 adds n = 9.
"""
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time

import gg

ROOT = gg.ROOT
SCRIPT = os.path.join(ROOT, "examples", "census.sh")
BENCH = os.path.join(ROOT, "dist", "bench")
FULL = os.environ.get("GG_FULL") == "1"
CONNECTED = [1, 1, 2, 6, 21, 112, 853, 11117]          # OEIS A001349, n = 1..8
EDGES_PREP = ("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);\n"
              "INSERT INTO edges SELECT g6.rowid, e.src, e.dst FROM g6, graph6_edges(g6.g) e;\n"
              "CREATE INDEX edges_graph ON edges(graph_id, src, dst);")
COPS_QUERY = "SELECT cop_number(rowid), count(*) FROM g6 GROUP BY 1"


def need(prog, package):
    if shutil.which(prog) is None:
        raise AssertionError("this test needs %s (Debian: apt-get install %s)" % (prog, package))


def geng(args):
    need("nauty-geng", "nauty")
    out = subprocess.run(["nauty-geng", "-q"] + args.split(), capture_output=True, text=True, check=True)
    return out.stdout.split()


def unsharded(args, query, prep=""):
    """The query over all of geng's lines in one database, no script."""
    db = gg.connect()
    db.execute("CREATE TABLE g6(g TEXT)")
    db.executemany("INSERT INTO g6 VALUES (?)", [(s,) for s in geng(args)])
    if prep:
        db.executescript(prep)
    return sorted(db.execute(query).fetchall())


def census(tmp, args, query, shards, *opts, prep="", out="out.db", check=True):
    """Run examples/census.sh; (rows of census, census_info, the process)."""
    need("parallel", "parallel")
    cmd = ["bash", SCRIPT, "-o", os.path.join(tmp, out), "-q", query, "-s", str(shards),
           "-e", gg.EXT] + list(opts)
    if prep:
        cmd += ["-p", prep]
    p = subprocess.run(cmd + args.split(), capture_output=True, text=True, timeout=300)
    if check and p.returncode != 0:
        raise AssertionError("census.sh failed (%d):\n%s" % (p.returncode, p.stderr))
    if p.returncode != 0:
        return None, None, p
    db = sqlite3.connect(os.path.join(tmp, out))
    rows = sorted(db.execute("SELECT * FROM census").fetchall())
    info = dict(db.execute("SELECT key, value FROM census_info"))
    db.close()
    return rows, info, p


def test_sharded_equals_unsharded():
    """n = 1..8 connected and n = 7 all graphs, 3 shards on 2 jobs: the
    graph6 lengths and edge counts (graph6_edges, the extension) per class
    are the unsharded ones; the graph counts are A001349's."""
    q = ("SELECT length(g), (SELECT count(*) FROM graph6_edges(g6.g)) AS m, count(*) FROM g6 "
         "GROUP BY 1, 2")
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(1, 9):
            rows, info, _ = census(tmp, "-c %d" % n, q, 3, "-j", "2", out="c%d.db" % n)
            assert rows == unsharded("-c %d" % n, q), n
            assert info["graphs"] == CONNECTED[n - 1] == sum(r[-1] for r in rows), (n, info)
        rows, info, _ = census(tmp, "7", q, 5, "-j", "2", out="all7.db")
        assert rows == unsharded("7", q) and info["graphs"] == 1044, rows


def test_streamed_from_geng():
    """Each shard pipes geng into its sqlite3 (graph6_read('-')): the job
    script imports nothing and writes no file of lines; sparse6 lines
    (geng -s) stream alike; a query that reads g6 twice gets graph6_read's
    message, and runs with --table."""
    q7 = "SELECT cop_number(g, 'graph6'), count(*) FROM g6 GROUP BY 1"
    with tempfile.TemporaryDirectory() as tmp:
        rows, info, _ = census(tmp, "-cs 7", q7.replace("graph6", "sparse6"), 3, "-j", "2")
        assert rows == unsharded("-c 7", q7) == [(1, 403), (2, 450)] and info["graphs"] == 853
        job = open(os.path.join(tmp, "out.db.shards", "census_shard.sh")).read()
        assert "graph6_read('-')" in job and ".import" not in job and "shard_$i.g6" not in job
        twice = "SELECT 'a', count(*) FROM g6 UNION ALL SELECT 'b', count(*) FROM g6"
        _, _, p = census(tmp, "-c 6", twice, 2, out="twice.db", check=False)
        assert p.returncode != 0 and "graph6_read: standard input was read by an earlier scan" \
            in p.stderr, p.stderr
        rows, info, _ = census(tmp, "-c 6", twice, 2, "--table", out="table.db")
        assert rows == [("a", 112), ("b", 112)] and info["graphs"] == 112, rows
        # a generator that does not say how many graphs it wrote: the
        # rows all the same, the count of graphs unknown (NULL)
        quiet = os.path.join(tmp, "quiet-geng")
        with open(quiet, "w") as f:
            f.write('#!/bin/sh\nexec nauty-geng -q "$@"\n')
        os.chmod(quiet, 0o755)
        rows, info, _ = census(tmp, "-c 7", q7, 3, "--geng", quiet, out="quiet.db")
        assert rows == [(1, 403), (2, 450)] and info["graphs"] is None, info


def dismantlable(adj):
    """Cop-win by removing dominated nodes (closed neighbourhoods), sets."""
    alive = set(adj)
    closed = {v: adj[v] | {v} for v in adj}
    while len(alive) > 1:
        for v in alive:
            if any(u != v and closed[v] & alive <= closed[u] & alive for u in alive):
                alive.remove(v)
                break
        else:
            return False
    return True


def adj_of(db, s):
    adj = {v: set() for v in range(ord(s[0]) - 63)}
    for a, b in db.execute("SELECT src, dst FROM graph6_edges(?)", (s,)):
        adj[a].add(b)
        adj[b].add(a)
    return adj


def test_sharded_cop_numbers():
    """Cop numbers through an edge table made in each shard (the --prep
    statements), n = 8 connected in 7 shards: the unsharded answer, and the
    dismantling written here counts the cop-win graphs."""
    with tempfile.TemporaryDirectory() as tmp:
        rows, info, _ = census(tmp, "-c 8", COPS_QUERY, 7, "-j", "2", prep=EDGES_PREP)
    assert rows == unsharded("-c 8", COPS_QUERY, EDGES_PREP), rows
    db = gg.connect()
    cw = sum(dismantlable(adj_of(db, s)) for s in geng("-c 8"))
    assert rows == [(1, cw), (2, 11117 - cw)], (rows, cw)


TOURNAMENTS = [1, 1, 2, 4, 12, 56, 456, 6880]          # OEIS A000568, n = 1..8


def test_tournament_census_with_gentourng():
    """Another generator (--geng nauty-gentourng, digraph6 lines): the
    tournaments on n = 3..7 nodes by oriented cop number, 3 shards (one for
    n <= 5: gentourng ignores res/mod there, every part writes every
    tournament), equal the unsharded query; a tournament is cop-win exactly when it has a
    vertex beating every other one, which leaves any tournament on n - 1
    nodes, so the cop-win count is A000568(n - 1) (docs/reference/census.md);
    the brute force checks n <= 6 in test_digraph6.py."""
    need("nauty-gentourng", "nauty")
    q = "SELECT cop_number(g, 'digraph6'), count(*) FROM g6 GROUP BY 1"
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(3, 8):
            rows, info, _ = census(tmp, "-z %d" % n, q, 3 if n > 5 else 1, "-j", "2", "--geng",
                                   "nauty-gentourng", out="t%d.db" % n)
            lines = subprocess.run(["nauty-gentourng", "-qz", str(n)], capture_output=True,
                                   text=True, check=True).stdout.split()
            db = gg.connect()
            db.execute("CREATE TABLE g6(g TEXT)")
            db.executemany("INSERT INTO g6 VALUES (?)", [(x,) for x in lines])
            assert rows == sorted(db.execute(q).fetchall()), n
            assert info["graphs"] == TOURNAMENTS[n - 1] and info["geng"] == "nauty-gentourng -z %d" % n
            assert rows == [(1, TOURNAMENTS[n - 2]), (2, TOURNAMENTS[n - 1] - TOURNAMENTS[n - 2])], rows
        # the generator is part of the census's identity: no resuming with geng
        _, _, p = census(tmp, "-z 7", q, 3, out="t7.db", check=False)
        assert p.returncode != 0 and "holds shards of another census" in p.stderr, p.stderr


def test_merge_query_and_errors():
    """A --merge query of one's own (a max over the shards); a query that
    fails names the error and the joblog, and exits non-zero; a second
    census in the same work dir is refused."""
    q = "SELECT max((SELECT count(*) FROM graph6_edges(g6.g))) AS most FROM g6"
    with tempfile.TemporaryDirectory() as tmp:
        rows, _, _ = census(tmp, "-c 7", q, 4, "-m", "SELECT max(most) FROM rows")
        assert rows == [(21,)], rows
        _, _, p = census(tmp, "-c 6", "SELECT nope FROM g6", 2, out="bad.db", check=False)
        assert p.returncode != 0 and "no such column: nope" in p.stderr, p.stderr
        assert "some shards failed" in p.stderr and "joblog" in p.stderr, p.stderr
        _, _, p = census(tmp, "-c 6", q, 2, out="bad.db", check=False)
        assert p.returncode != 0 and "holds shards of another census" in p.stderr, p.stderr


def shard_files(work):
    return {f: (os.stat(os.path.join(work, f)).st_ino, os.stat(os.path.join(work, f)).st_mtime_ns)
            for f in os.listdir(work) if f.startswith("shard_") and f.endswith(".db")}


def joblog_shards(work):
    """Shard numbers of the jobs in parallel's job log (exit 0 only)."""
    out = []
    for line in open(os.path.join(work, "joblog")).read().splitlines()[1:]:
        f = line.split("\t")
        if len(f) >= 9 and f[0].isdigit() and f[6] == "0":
            out.append(int(f[8].split()[-1]))
    return out


def test_resume_after_kill():
    """Killed (SIGKILL to the whole run) after some shards finished, then
    run again: the finished shards are the same files (not rerun, not in
    the second run's jobs), the others ran once, and the result is the
    unsharded one."""
    need("parallel", "parallel")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "r.db")
        work = out + ".shards"
        cmd = ["bash", SCRIPT, "-o", out, "-q", COPS_QUERY, "-p", EDGES_PREP, "-s", "24", "-j", "1",
               "-e", gg.EXT, "-c", "8"]
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             start_new_session=True)
        t0 = time.time()
        while time.time() - t0 < 60:
            if os.path.isdir(work) and len(shard_files(work)) >= 3:
                break
            time.sleep(0.005)
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        p.stderr.close()
        done = shard_files(work)
        assert 3 <= len(done) < 24, "killed too late: %d shards had finished" % len(done)
        first = joblog_shards(work)
        rows, info, run2 = census(tmp, "-c 8", COPS_QUERY, 24, "-j", "2", prep=EDGES_PREP, out="r.db")
        assert "%d of 24 shards to run" % (24 - len(done)) in run2.stderr, run2.stderr
        after = shard_files(work)
        assert all(after[f] == done[f] for f in done), "a finished shard was written again"
        second = joblog_shards(work)[len(first):]
        rerun = {int(f[6:-3]) for f in done} & set(second)
        assert not rerun, "finished shards ran again: %s" % sorted(rerun)
        assert sorted(second) == sorted(set(range(24)) - {int(f[6:-3]) for f in done}), second
        assert rows == unsharded("-c 8", COPS_QUERY, EDGES_PREP) and info["graphs"] == 11117


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def die_with_parent():
    """In the child: SIGTERM when the test process ends (Linux prctl
    PR_SET_PDEATHSIG), so a killed test leaves no sshd behind."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


# Under make asan the extension needs the sanitizer's runtime preloaded in
# every process that loads it, the "hosts" too: the test's sshd accepts
# these variables and its logins send them.
SANITIZED = bool(os.environ.get("GG_PRELOAD"))
SANITIZER_ENV = ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")


class Sshd:
    """An sshd of the test's own on 127.0.0.1: its host key, one client
    key, its config, all in a temporary directory (the system's ssh
    configuration is not read or changed)."""

    def __init__(self, tmp):
        need("/usr/sbin/sshd" if os.path.exists("/usr/sbin/sshd") else "sshd", "openssh-server")
        need("ssh-keygen", "openssh-client")
        need("rsync", "rsync")
        self.dir = os.path.join(tmp, "ssh")
        os.makedirs(self.dir)
        for k in ("host_key", "client_key"):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f",
                            os.path.join(self.dir, k)], check=True)
        shutil.copy(os.path.join(self.dir, "client_key.pub"), os.path.join(self.dir, "authorized_keys"))
        if os.geteuid() == 0 and not os.path.isdir("/run/sshd"):
            # sshd run as root insists on its privilege separation directory
            # (Debian's service creates it at boot); an empty directory.
            try:
                os.makedirs("/run/sshd", mode=0o755)
            except OSError as e:
                raise AssertionError("sshd cannot run here: no /run/sshd and cannot make it (%s)" % e)
        self.port = free_port()
        cfg = os.path.join(self.dir, "sshd_config")
        with open(cfg, "w") as f:
            f.write("Port %d\nListenAddress 127.0.0.1\nHostKey %s\nAuthorizedKeysFile %s\n"
                    "PasswordAuthentication no\nKbdInteractiveAuthentication no\nUsePAM no\n"
                    "PermitRootLogin prohibit-password\nStrictModes no\nPidFile none\n"
                    "AcceptEnv %s\n" % (self.port, os.path.join(self.dir, "host_key"),
                                          os.path.join(self.dir, "authorized_keys"),
                                          " ".join(SANITIZER_ENV) if SANITIZED else "none"))
        sshd = shutil.which("sshd") or "/usr/sbin/sshd"
        self.proc = subprocess.Popen([sshd, "-D", "-e", "-f", cfg], stdout=subprocess.DEVNULL,
                                     stderr=open(os.path.join(self.dir, "log"), "w"),
                                     preexec_fn=die_with_parent)
        t0 = time.time()
        while True:
            if self.proc.poll() is not None:
                raise AssertionError("sshd cannot run here (exit %s): %s" % (
                    self.proc.returncode, open(os.path.join(self.dir, "log")).read()))
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.time() - t0 > 10:
                    self.close()
                    raise AssertionError("sshd did not listen on 127.0.0.1:%d within 10 s" % self.port)
                time.sleep(0.05)

    def login(self, tag):
        """An ssh command for parallel's --sshlogin; tag makes two logins
        to the same address two hosts."""
        send = "".join("-o SendEnv=%s " % v for v in SANITIZER_ENV) if SANITIZED else ""
        return ("ssh -F none -p %d -i %s -o IdentitiesOnly=yes -o BatchMode=yes "
                "-o StrictHostKeyChecking=no -o UserKnownHostsFile=%s -o ServerAliveInterval=%d "
                "%s127.0.0.1" % (self.port, os.path.join(self.dir, "client_key"),
                                 os.path.join(self.dir, "known_hosts"), 30 + tag, send))

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


@gg.release
def test_two_ssh_hosts():
    """Two sshlogins to an sshd of the test's own: the job script and the
    extension go over with --basefile (--send-ext), the results come back
    with --return; both hosts run shards; the result is the unsharded one;
    the hosts' work dir is cleaned.  Then --shared (no copies)."""
    with tempfile.TemporaryDirectory() as tmp:
        sshd = Sshd(tmp)
        try:
            p = subprocess.run(sshd.login(0).split() + ["echo", "ok"], capture_output=True,
                               text=True, timeout=30)
            assert p.stdout.strip() == "ok", "ssh to the test's sshd failed: %s" % p.stderr
            remote = os.path.join(tmp, "remote")
            rows, info, _ = census(tmp, "-c 7", COPS_QUERY, 4, "-S", "1/" + sshd.login(1),
                                   "-S", "1/" + sshd.login(2), "--send-ext", "--remote-dir", remote,
                                   prep=EDGES_PREP)
            # --shared: the hosts see the work dir at its path (here they do),
            # the extension at its path too; nothing is copied.
            srows, sinfo, _ = census(tmp, "-c 6", COPS_QUERY, 2, "-S", "1/" + sshd.login(1),
                                     "-S", "1/" + sshd.login(2), "--shared", prep=EDGES_PREP,
                                     out="shared.db")
        finally:
            sshd.close()
        assert rows == unsharded("-c 7", COPS_QUERY, EDGES_PREP) and info["graphs"] == 853, rows
        assert srows == unsharded("-c 6", COPS_QUERY, EDGES_PREP) and sinfo["graphs"] == 112, srows
        hosts = set()
        for line in open(os.path.join(tmp, "out.db.shards", "joblog")).read().splitlines()[1:]:
            f = line.split("\t")
            assert f[6] == "0", line
            hosts.add(f[1].strip())
        assert len(hosts) == 2 and all("127.0.0.1" in h for h in hosts), hosts
        assert not os.path.exists(remote) or not any(
            f.endswith(".db") for _, _, fs in os.walk(remote) for f in fs), os.listdir(remote)


BUILT = set()


def build_programs(*names):
    """Build the bench programs named (once per run of the tests)."""
    os.makedirs(BENCH, exist_ok=True)
    for name in names:
        if name in BUILT:
            continue
        if name == "census_engine":
            gg.engine_prog("bench/census_engine.c", os.path.join(BENCH, name))
        else:
            subprocess.run(["cc", "-O2", "-o", os.path.join(BENCH, name),
                            os.path.join(ROOT, "bench", name + ".c")], check=True)
        BUILT.add(name)


def run_prog(name, lines, *args):
    p = subprocess.run([os.path.join(BENCH, name)] + list(args), input="\n".join(lines) + "\n",
                       capture_output=True, text=True, check=True)
    return p.stdout


def counts(out):
    w = out.split()
    d = dict(zip(w[::2], w[1::2]))
    return int(d["graphs"]), int(d["cop1"]), int(d["cop2"]), int(d["cop3"])


def test_cop_census_programs():
    """census_textbook and census_engine on every connected graph of
    n = 1..8 (9 with GG_FULL): the same counts, A001349's totals, the
    cop-win count of the dismantling written here, no 3-cop graph; on
    n <= 6, every graph (connected or not: a component needs a cop each)
    in its class (1, 2 or more cops) as gg.cops_brute finds it."""
    build_programs("census_textbook", "census_engine")
    db = gg.connect()
    for n in range(1, 10 if FULL else 9):
        lines = geng("-c %d" % n)
        tb, en = counts(run_prog("census_textbook", lines)), counts(run_prog("census_engine", lines))
        assert tb == en, (n, tb, en)
        if n <= 8:
            assert tb[0] == CONNECTED[n - 1], (n, tb)
        cw = sum(dismantlable(adj_of(db, s)) for s in lines)
        assert tb == (len(lines), cw, len(lines) - cw, 0), (n, tb, cw)
    for n in range(1, 7):
        for s in geng("%d" % n):                          # every graph, connected or not
            adj = adj_of(db, s)
            rows = [(a, b) for a in adj for b in adj[a] if a < b] + [(v, v) for v in adj]
            k = next((k for k in (1, 2) if gg.cops_capture_time(gg.cops_brute(rows, k), adj, k) is not None), 3)
            want = (1, 1 if k == 1 else 0, 1 if k == 2 else 0, 1 if k >= 3 else 0)
            assert counts(run_prog("census_textbook", [s])) == want, (s, k)
            assert counts(run_prog("census_engine", [s])) == want, (s, k)


def capped_positions(lines):
    out = run_prog("capped_census", lines, "-v")
    pos, summary = {}, None
    for line in out.splitlines():
        w = line.split()
        if w[0] == "pos":
            g, h, m, c, t, o, k = map(int, w[1:])
            pos[(g, h, m, c, t)] = (o, None if k < 0 else k)
        else:
            summary = dict(zip(w[::2], w[1::2]))
    return pos, summary


def test_capped_census_every_position():
    """capped_census -v on every graph of n = 1..5 (connected or not) and
    every hole: each position equals gg.catmouse_brute (all n nodes) and,
    on the nodes an edge table holds (graph6_edges rows plus the hole),
    the extension's catmouse_states; the summary line is recomputed from
    the positions."""
    build_programs("capped_census")
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
    for n in range(1, 6):
        lines = geng("%d" % n)
        pos, summary = capped_positions(lines)
        for gi, s in enumerate(lines):
            rows = db.execute("SELECT src, dst FROM graph6_edges(?)", (s,)).fetchall()
            db.execute("DELETE FROM edges")
            db.executemany("INSERT INTO edges VALUES (1, ?, ?)", rows)
            for h in range(n):
                brute = gg.catmouse_brute(rows, holes=(h,), extra=range(n))
                for (m, c, t), want in brute.items():
                    got = pos[(gi, h, m, c, ("mouse", "cat").index(t))]
                    assert got == want, (s, h, m, c, t, got, want)
                if not rows:                    # no edge: no edge table for the extension
                    continue
                for m, c, t, o, k in db.execute(
                        "SELECT mouse, cat, turn, outcome, plies FROM catmouse_states(1, 'edges', ?)",
                        ('{"hole": %d, "isolated": [%d]}' % (h, h),)):
                    assert pos[(gi, h, m, c, ("mouse", "cat").index(t))] == (o, k), (s, h, m, c, t)
        starts = [(o, k) for (g, h, m, c, t), (o, k) in pos.items()
                  if t == 0 and len({h, m, c}) == 3]
        assert int(summary["starts"]) == len(starts), (n, summary)
        assert int(summary["draw"]) == sum(o == 0 for o, _ in starts)
        assert int(summary["longest"]) == max([k for o, k in starts if o] or [0])
        assert int(summary["at_least_2n"]) == sum(o != 0 and k >= 2 * n for o, k in starts)


def test_capped_census_finds_the_first_long_win():
    """n = 8 (all 12,346 graphs): the first start with a forced win of at
    least 2n plies that capped_census reports is one: catmouse_states on
    that graph, hole and start gives those plies, and the capped search
    (catmouse_bounded with its 2n cap) answers a draw there."""
    build_programs("capped_census")
    lines = geng("8")
    w = run_prog("capped_census", lines).split()
    d = dict(zip(w[::2], w[1::2]))
    if d["at_least_2n"] == "0":
        return
    s, h, m, c, k = d["first"], int(d["hole"]), int(d["mouse"]), int(d["cat"]), int(d["plies"])
    assert k >= 16
    db = gg.connect()
    db.execute("CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER)")
    db.execute("INSERT INTO edges SELECT 1, src, dst FROM graph6_edges(?)", (s,))
    rules = '{"hole": %d, "mouse": %d, "cat": %d, "isolated": [%d, %d, %d]}' % (h, m, c, h, m, c)
    o, plies = db.execute("SELECT outcome, plies FROM catmouse_states(1, 'edges', ?) "
                          "WHERE mouse = ? AND cat = ? AND turn = 'mouse'", (rules, m, c)).fetchone()
    assert o != 0 and plies == k, (o, plies, k)
    nodes = db.execute("SELECT count(*) FROM (SELECT src FROM edges UNION SELECT dst FROM edges "
                       "UNION VALUES (?), (?), (?))", (h, m, c)).fetchone()[0]
    if nodes == 8:                                      # the cap is 2n of the nodes read
        assert db.execute("SELECT catmouse_bounded(1, NULL, 'edges', ?)", (rules,)).fetchone()[0] == 0
