"""The manual runs: every example in README.md, CHANGELOG.md and every page
under docs/ (the reference in docs/reference/, docs/speed.md,
docs/reliability.md, ...) is tested here, so the documentation cannot go
stale.  README.md runs as a newcomer reads it (below); each example of the
other pages is a case of its own, named by its page, its position and its
section.  Every
relative link of those pages points to a file that exists (and to an
anchor of it, for a link to a heading), and the README's index links to
every function and table the reference documents.

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

Each example of the other pages runs in a scratch directory that looks
like the repository root (dist/, sql/, tests/, examples/), so
`dist/graphgame` is the build under test and files an example creates
are thrown away.  Other blocks (```text, ```py and ```javascript, blocks
without a language, shell blocks without output) are prose.

README.md is one case, test_readme_in_order_in_a_fresh_clone: its
examples run in order, sharing one folder, as a newcomer pastes them
into a fresh clone.  The folder holds the files a clone has (git
ls-files, as they are in this work tree: a file the README needs that is
not in git fails) and, as dist/graphgame.so, the build under test (what
`make` would have built there).  A ```sql example runs in the sqlite3 CLI
after `.load dist/graphgame` (unless it loads the extension itself), in
a fresh in-memory database until the README has made its examples'
database with `sqlite3 NAME.db < tests/data/readme_fixture.sql`, and in
NAME.db from there on, so each example sees what the ones before it
wrote.  Files an example writes (karate.db, games.db) stay for the next.
"""
import glob
import os
import re
import shutil
import sys
import tempfile

import ecosystem as eco

def pages():
    """The manual's pages, as paths relative to the repository root:
    README.md, CHANGELOG.md, then every docs/**/*.md."""
    docs = glob.glob(os.path.join(eco.ROOT, "docs", "**", "*.md"), recursive=True)
    return ["README.md", "CHANGELOG.md"] + sorted(os.path.relpath(d, eco.ROOT) for d in docs)
RUNNABLE = {"sql", "python", "js", "sh"}
FENCE_RE = re.compile(r"^```([A-Za-z0-9_+-]*)\s*$")


class Example:
    def __init__(self, page, lang, code, output, section, line):
        self.page = page          # README.md, docs/reference/catmouse.md, ...
        self.lang = lang          # sql, python, js, sh, ...
        self.code = code          # the block's text
        self.output = output      # list of expected lines, or None
        self.section = section    # the heading above it
        self.line = line          # 1-based line of the opening fence


def parse(page="README.md"):
    """Every fenced block with a language, with its output block if any, of
    one page (a path relative to the repository root)."""
    lines = open(os.path.join(eco.ROOT, page), encoding="utf-8").read().split("\n")
    out, section, i = [], "", 0

    def block(i):            # lines[i] opens a fence: (body lines, next i)
        j = i + 1
        while j < len(lines) and lines[j].strip() != "```":
            j += 1
        if j == len(lines):
            raise AssertionError("%s line %d: unclosed code block" % (page, i + 1))
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
            out.append(Example(page, m.group(1), "\n".join(body) + "\n", output, section, start))
        elif m:
            _, i = block(i)      # a plain block on its own: prose
        else:
            i += 1
    return out


def slug(text):
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:40] or "top"


def run_example(ex):
    """The example's output lines and whether it failed, alone in a folder
    of the repository's files; SQL in a fresh database holding the
    fixture (run_in below does the running)."""
    tmp = eco.repo_view(tempfile.mkdtemp(prefix="gg-readme-"))
    try:
        if ex.lang == "sql":
            ex = Example(ex.page, ex.lang, ".load dist/graphgame\n"
                         ".read tests/data/readme_fixture.sql\n" + ex.code,
                         ex.output, ex.section, ex.line)
        return run_in(tmp, ex, ":memory:")
    finally:
        shutil.rmtree(tmp)


def check(ex, got_failed=None):
    """Run ex (or take got_failed, its output and whether it failed) and
    compare with its output block."""
    where = '%s line %d, section "%s", ```%s example' % (ex.page, ex.line, ex.section, ex.lang)
    got, failed = got_failed or run_example(ex)
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


def runnable(page="README.md"):
    return [ex for ex in parse(page)
            if ex.lang in RUNNABLE and (ex.lang != "sh" or ex.output is not None)]


def test_readme_has_examples():
    """The parser finds the examples (a broken parser must not pass): the
    README and every reference page have some."""
    exs = [ex for page in pages() for ex in runnable(page)]
    langs = {ex.lang for ex in exs}
    if len(exs) < 8 or not {"sql", "python", "js"} <= langs:
        raise AssertionError("only %d runnable examples found (%s)" % (len(exs), sorted(langs)))
    reference = [p for p in pages() if p.startswith(os.path.join("docs", "reference", ""))]
    if len(reference) < 6:
        raise AssertionError("only %d pages in docs/reference/: %s" % (len(reference), reference))
    empty = [p for p in ["README.md"] + reference if not runnable(p)]
    if empty:
        raise AssertionError("pages without a runnable example: %s" % empty)


def test_every_sql_block_is_an_example():
    """A ```sql block with an output block must have statements in it, and
    no output block may follow a block that is never run."""
    for ex in [ex for page in pages() for ex in parse(page)]:
        if ex.output is not None and ex.lang not in RUNNABLE:
            raise AssertionError("%s line %d: output block after a ```%s block, "
                                 "which the tests do not run" % (ex.page, ex.line, ex.lang))


LINK_RE = re.compile(r"\]\(([^()\s]*)(?:\s+\"[^\"]*\")?\)")   # [text](target "title")
ANCHOR_RE = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
REF_HEADING_RE = re.compile(r"^###\s+`(([A-Za-z_][A-Za-z0-9_]*)\(.*\))`\s*$")


def prose(page):
    """(line number, line) of a page outside its fenced code blocks."""
    inside = False
    for n, line in enumerate(open(os.path.join(eco.ROOT, page), encoding="utf-8"), 1):
        if line.lstrip().startswith("```"):
            inside = not inside
        elif not inside:
            yield n, line.rstrip("\n")


def github_slug(heading):
    """The anchor GitHub gives a heading: its text without markup, lower
    case, without punctuation other than - and _, spaces made dashes."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page):
    """Every anchor of a page: the slugs of its headings (a repeated one
    gets -1, -2, ...) and its <a id="..."> tags."""
    out, seen = set(), {}
    for _, line in prose(page):
        out.update(ANCHOR_RE.findall(line))
        m = HEADING_RE.match(line)
        if m:
            s = github_slug(m.group(2))
            out.add(s if s not in seen else "%s-%d" % (s, seen[s]))
            seen[s] = seen.get(s, 0) + 1
    return out


def links(page):
    """(line number, target) of every relative link of a page."""
    for n, line in prose(page):
        for target in LINK_RE.findall(line):
            if not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target):    # http:, mailto:, ...
                yield n, target


FIXTURE_RE = re.compile(r"^sqlite3 (\S+\.db) < tests/data/readme_fixture\.sql$", re.M)


def clone_files(dest):
    """The files of a fresh clone (git ls-files), copied from this work
    tree into dest, and the build under test as dest/dist/graphgame.so."""
    p = eco.run(["git", "-C", eco.ROOT, "ls-files", "-z"])
    if p.returncode != 0:
        raise AssertionError("git ls-files failed (is this a git clone?): " + p.stderr)
    for rel in p.stdout.split("\0"):
        if not rel:
            continue
        src, dst = os.path.join(eco.ROOT, rel), os.path.join(dest, rel)
        if os.path.isdir(src) or not os.path.lexists(src):
            continue            # a submodule, or a file deleted from the work tree
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst, follow_symlinks=False)
    if os.path.exists(os.path.join(dest, "dist")):
        raise AssertionError("dist/ is in git: a fresh clone would not need make")
    os.makedirs(os.path.join(dest, "dist"))
    shutil.copy2(eco.EXT + ".so", os.path.join(dest, "dist", "graphgame.so"))


def run_in(folder, ex, db):
    """Run ex in folder (the README's state so far): its output lines and
    whether it failed.  SQL runs in db (":memory:" or the examples'
    database)."""
    if ex.lang == "sql":
        load = "" if re.search(r"^\.load ", ex.code, re.M) else ".load dist/graphgame\n"
        p = eco.run([eco.SQLITE3, "-init", os.devnull, "-batch", "-bail", db],
                    input=load + ex.code, cwd=folder, leaks=True)
        return eco.cli_lines(p), p.returncode != 0 or p.stderr != ""
    if ex.lang == "python":
        argv, extra = [sys.executable, "example.py"], {}
    elif ex.lang == "js":
        eco.need_node()
        argv, extra = ["node", "example.js"], {"NODE_PATH": eco.NODE_MODULES}
    else:
        argv, extra = ["sh", "-e", "example.sh"], {}
    path = os.path.join(folder, argv[-1])
    with open(path, "w", encoding="utf-8") as f:
        f.write(ex.code)
    try:
        p = eco.run(argv, cwd=folder, timeout=300, **extra)
    finally:
        os.remove(path)
    return (p.stdout + p.stderr).splitlines(), p.returncode != 0


def test_readme_in_order_in_a_fresh_clone():
    """Every README.md example that runs (every one with an output block,
    and the ```sql ones), in order, in one folder of a fresh clone's
    files: each must print what the README shows."""
    exs = runnable("README.md")
    if not any(FIXTURE_RE.search(ex.code) for ex in exs if ex.lang == "sh"):
        raise AssertionError("README.md never makes its examples' database: no example runs"
                             " `sqlite3 NAME.db < tests/data/readme_fixture.sql`")
    folder = tempfile.mkdtemp(prefix="gg-readme-clone-")
    bad, db = [], ":memory:"
    try:
        clone_files(folder)
        for ex in exs:
            try:
                check(ex, run_in(folder, ex, db))
            except AssertionError as e:
                bad.append(str(e))
            m = FIXTURE_RE.search(ex.code) if ex.lang == "sh" else None
            if m:
                db = m.group(1)
    finally:
        shutil.rmtree(folder)
    if bad:
        raise AssertionError("%d of README.md's %d examples differ from the README, run in"
                             " order in a fresh clone; the first: %s" % (
                                 len(bad), len(exs), "\n\n".join(bad)))
    return "%d examples" % len(exs)


def test_readme_is_a_short_guide():
    """README.md is the user's guide, under about 450 lines; the reference
    is in docs/reference/."""
    n = sum(1 for _ in open(os.path.join(eco.ROOT, "README.md"), encoding="utf-8"))
    if n > 450:
        raise AssertionError("README.md has %d lines; move reference text to docs/reference/" % n)


def test_relative_links_resolve():
    """Every relative link of every page points to a file or directory of
    the repository, and a link with #anchor to a heading or <a id> of a
    Markdown file."""
    bad, count = [], 0
    for page in pages():
        for n, target in links(page):
            count += 1
            path, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if dest.startswith("..") or not os.path.exists(os.path.join(eco.ROOT, dest)):
                bad.append("%s line %d: %s: no such file %s" % (page, n, target, dest))
            elif anchor and dest.endswith(".md") and anchor not in anchors(dest):
                bad.append("%s line %d: %s: no anchor #%s in %s" % (page, n, target, anchor, dest))
    if bad:
        raise AssertionError("broken links:\n  " + "\n  ".join(bad))
    if count < 40:
        raise AssertionError("only %d relative links found: is the link parser broken?" % count)


def test_readme_index_links_every_function():
    """Every function and table that docs/reference/ documents (a heading
    ### `name(args)`) is in the README's index, linked to its page and
    anchor, and the index links nothing else there."""
    documented, indexed = set(), set()
    for page in pages():
        if page.startswith(os.path.join("docs", "reference", "")):
            for _, line in prose(page):
                m = REF_HEADING_RE.match(line)
                if m:
                    documented.add("%s#%s" % (page.replace(os.sep, "/"), m.group(2)))
    for _, target in links("README.md"):
        if target.startswith("docs/reference/") and "#" in target:
            indexed.add(target)
    if len(documented) < 20:
        raise AssertionError("only %d functions found in docs/reference/" % len(documented))
    missing, extra = sorted(documented - indexed), sorted(indexed - documented)
    if missing or extra:
        raise AssertionError("README's index lacks %s; links to no function: %s" % (missing, extra))


def page_name(page):
    """README.md -> "" and docs/reference/catmouse.md -> "catmouse_": the
    part of a test's name that says its page."""
    if page == "README.md":
        return ""
    return slug(os.path.splitext(os.path.basename(page))[0]) + "_"


def _register():
    """One test case per example of the pages but README.md (which runs in
    order, as one case): test_readme_<page>_NN_<section>."""
    names = {}
    for page in pages():
        if page == "README.md":
            continue
        if page_name(page) in names:
            raise AssertionError("pages %s and %s would name their tests alike"
                                 % (names[page_name(page)], page))
        names[page_name(page)] = page
        for n, ex in enumerate(runnable(page), 1):
            name = "test_readme_%s%02d_%s" % (page_name(page), n, slug(ex.section))
            globals()[name] = lambda ex=ex: check(ex)


_register()
