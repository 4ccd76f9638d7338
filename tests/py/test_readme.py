"""README.md runs: every example in it is a test case here, named by its
position and its section, so the documentation cannot go stale.

An example is a fenced code block; when a plain ``` block follows it
(blank lines between are allowed), that block is its exact output.

  ```sql      run by the sqlite3 CLI (-batch -bail, default list mode, no
              headers) in a fresh in-memory database, after `.load` of the
              extension and tests/data/readme_fixture.sql (the recommended
              schema; graphs 1 and 2 are LeetCode 913 examples 1 and 2).
              Without an output block it must run silently and without
              error.  Error lines read as in an interactive session
              ("Runtime error: ..."); an error ends the example.
  ```python   run by this Python (Debian's, which can load extensions);
  ```js       run by node, with tests/clients/node_modules on NODE_PATH;
  ```sh       run by sh, only when an output block follows.

Each runs in a scratch directory that looks like the repository root
(dist/, sql/, tests/, examples/), so `dist/graphgame` is the build under
test and files an example creates are thrown away.  Other blocks (```text,
blocks without a language, shell blocks without output) are prose.
"""
import os
import re
import shutil
import sys
import tempfile

import ecosystem as eco

README = os.path.join(eco.ROOT, "README.md")
RUNNABLE = {"sql", "python", "js", "sh"}
FENCE_RE = re.compile(r"^```([A-Za-z0-9_+-]*)\s*$")


class Example:
    def __init__(self, lang, code, output, section, line):
        self.lang = lang          # sql, python, js, sh, ...
        self.code = code          # the block's text
        self.output = output      # list of expected lines, or None
        self.section = section    # the heading above it
        self.line = line          # 1-based line of the opening fence


def parse(path=README):
    """Every fenced block with a language, with its output block if any."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, section, i = [], "", 0

    def block(i):            # lines[i] opens a fence: (body lines, next i)
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        if j == len(lines):
            raise AssertionError("README.md line %d: unclosed code block" % (i + 1))
        return lines[i + 1:j], j + 1

    while i < len(lines):
        line = lines[i]
        m = FENCE_RE.match(line)
        if line.startswith("#"):
            section = line.lstrip("#").strip()
            i += 1
        elif m and m.group(1):
            body, i = block(i)
            start, output, k = i - len(body) - 1, None, i
            while k < len(lines) and lines[k].strip() == "":
                k += 1
            if k < len(lines) and lines[k].strip() == "```":
                output, i = block(k)
            out.append(Example(m.group(1), "\n".join(body) + "\n", output, section, start))
        elif m:
            _, i = block(i)      # a plain block on its own: prose
        else:
            i += 1
    return out


def slug(text):
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:40] or "top"


def run_example(ex):
    """The example's output lines and whether it failed."""
    tmp = eco.repo_view(tempfile.mkdtemp(prefix="gg-readme-"))
    try:
        if ex.lang == "sql":
            script = ".load dist/graphgame\n.read tests/data/readme_fixture.sql\n" + ex.code
            p = eco.run([eco.SQLITE3, "-init", os.devnull, "-batch", "-bail", ":memory:"],
                        input=script, cwd=tmp, leaks=True)
            return eco.cli_lines(p), p.returncode != 0 or p.stderr != ""
        if ex.lang == "python":
            argv, extra = [sys.executable, "example.py"], {}
        elif ex.lang == "js":
            eco.need_node()
            argv, extra = ["node", "example.js"], {"NODE_PATH": eco.NODE_MODULES}
        else:
            argv, extra = ["sh", "-e", "example.sh"], {}
        with open(os.path.join(tmp, argv[-1]), "w", encoding="utf-8") as f:
            f.write(ex.code)
        p = eco.run(argv, cwd=tmp, **extra)
        return (p.stdout + p.stderr).splitlines(), p.returncode != 0
    finally:
        shutil.rmtree(tmp)


def check(ex):
    where = 'README.md line %d, section "%s", ```%s example' % (ex.line, ex.section, ex.lang)
    got, failed = run_example(ex)
    if ex.output is None:
        if failed or got:
            raise AssertionError("%s should run silently and without error; it printed:\n  %s"
                                 % (where, "\n  ".join(got)))
        return
    while got and got[-1] == "":
        got.pop()
    want = list(ex.output)
    while want and want[-1] == "":
        want.pop()
    if got != want:
        raise AssertionError("%s:\n%s\nexpected:\n  %s\ngot:\n  %s" % (
            where, "  " + ex.code.rstrip("\n").replace("\n", "\n  "),
            "\n  ".join(want), "\n  ".join(got)))


def runnable():
    return [ex for ex in parse()
            if ex.lang in RUNNABLE and (ex.lang != "sh" or ex.output is not None)]


def test_readme_has_examples():
    """The parser finds the examples (a broken parser must not pass)."""
    exs = runnable()
    langs = {ex.lang for ex in exs}
    if len(exs) < 8 or not {"sql", "python", "js"} <= langs:
        raise AssertionError("only %d runnable examples found (%s)" % (len(exs), sorted(langs)))


def test_every_sql_block_is_an_example():
    """A ```sql block with an output block must have statements in it, and
    no output block may follow a block that is never run."""
    for ex in parse():
        if ex.output is not None and ex.lang not in RUNNABLE:
            raise AssertionError("README.md line %d: output block after a ```%s block, "
                                 "which the tests do not run" % (ex.line, ex.lang))


def _register():
    """One test case per example: test_readme_NN_<section>."""
    for n, ex in enumerate(runnable(), 1):
        name = "test_readme_%02d_%s" % (n, slug(ex.section))
        globals()[name] = lambda ex=ex: check(ex)


_register()
