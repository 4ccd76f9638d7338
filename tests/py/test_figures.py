"""The figures that several pages quote agree: each is found on every page
that quotes it, by a pattern a page, and every page gives the same value.
A figure measured again is changed on every page at once, or this test
fails naming the page that was left behind.  Also: the rules keys that
docs/reference/cops.md lists are the keys cop_number knows."""
import os
import re

import gg

# figure: {page: pattern whose group 1 is the value}
FIGURES = {
    "the 11-node census, the cop number alone": {
        "README.md": r"1,006,700,565 graphs in (\d+ s)",
        "docs/reference/census.md": r"the cop number\s+alone, as the README quotes it: (\d+ s)",
        "docs/speed_census.md": r"`BENCH_N11=1`\): (\d+ s)",
    },
    "the 11-node census, every column": {
        "docs/reference/census.md": r"streamed from geng:\s+(\d+ min \d+ s) of wall time",
    },
    "2 cops on a 20x20 grid against the textbook solver": {
        "README.md": r"2 cops on a 20x20 grid ([\d.]+x)",
        "docs/reference/cops.md": r"2 cops on a 20x20 grid ([\d.]+x)",
        "docs/speed.md": r"2 cops on a 20x20 grid ([\d.]+x)",
    },
    "the 12-cage's 5 cops, certified": {
        "docs/reference/certificates.md": r"Tutte's 12-cage: (5) cops win",
        "docs/data/certificates/MANIFEST.txt": r"tutte-12-cage-(\d)-win",
    },
}


def read(page):
    return open(os.path.join(gg.ROOT, page), encoding="utf-8").read()


def test_figures_quoted_on_several_pages_agree():
    for name, pages in FIGURES.items():
        values = {}
        for page, pattern in pages.items():
            m = re.findall(pattern, read(page))
            assert m, "%s: %s no longer quotes it (pattern %r)" % (name, page, pattern)
            assert len(set(m)) == 1, "%s: %s quotes it as %s" % (name, page, sorted(set(m)))
            values[page] = m[0]
        assert len(set(values.values())) == 1, "%s: the pages disagree: %s" % (name, values)


def test_cops_page_lists_the_keys_cop_number_knows():
    db = gg.connect()
    e = gg.err(db, "SELECT cop_number('[[1],[0]]', 'json', '{\"nope\": 1}')")
    known = set(re.search(r"known keys: ([\w, ]+)\)", e).group(1).split(", "))
    table = set(re.findall(r"^\| `(\w+)` \|", read("docs/reference/cops.md"), re.M))
    assert known and known <= table, (known - table, e)
    assert "The rules key is `lazy`" not in read("docs/reference/cops.md")


def test_no_page_speaks_of_our_issue_numbers():
    """'issue 27' means nothing to a user: the pages say what changed.
    (LeetCode's own issue threads, named as such, are fine.)"""
    import glob
    pages = ["CHANGELOG.md", "README.md"] + sorted(
        os.path.relpath(p, gg.ROOT) for p in glob.glob(os.path.join(gg.ROOT, "docs", "**", "*.md"),
                                                        recursive=True))
    bad = []
    for page in pages:
        for i, line in enumerate(read(page).split("\n"), 1):
            if re.search(r"\b[Ii]ssues? \d{1,3}\b", line):     # LeetCode's threads: 7385, ...
                bad.append("%s:%d: %s" % (page, i, line.strip()))
    assert not bad, bad
