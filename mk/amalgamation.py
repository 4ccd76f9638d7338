#!/usr/bin/python3
"""mk/amalgamation.py: graphgame as one C file, the amalgamation (`make
amalgamation`: dist/amalgamation/graphgame.c and graphgame.h).

    python3 mk/amalgamation.py OUTDIR VERSION FILE.c...

The Makefile passes the library's sources (LIB_SRC: every .c of
ext/engine/ but alloc_libc.c, every .c of ext/sqlite/).  graphgame.c is
then, after a banner that says how it was made and how to build it:

  - each .c file whole (its header comment first), with the headers it
    includes from ext/ inlined where it includes them first, each once (a
    later #include of the same header is left as a comment); a header's
    own includes are inlined first, so every header comes before its
    first use;
  - the .c files in dependency order: by folder, a folder after the
    folders whose headers its files include (ext/engine/core first,
    ext/sqlite/registry.c last), by name within a folder;
  - the system headers (#include <...>) left where they are, between
    visibility pragmas: every name of graphgame.c is hidden (GCC and
    Clang, but on Windows), so `gcc -shared -fPIC graphgame.c` exports
    sqlite3_graphgame_init only, as the Makefile's -fvisibility=hidden
    does; <sqlite3ext.h> becomes "sqlite3ext.h", which also finds
    SQLite's amalgamation beside graphgame.c.

One translation unit is not many: what one .c file defines for itself
would be seen by the files after it.  The generator resolves what can be
resolved and fails, naming the files and the names, on what cannot:

  - macros: every macro that a .c file #defines is #undef'd at the end of
    that file, so the next file does not see it; but a default
    (`#ifndef X` / `#define X ...`, as GG_VERSION) stays defined, so that
    a -DX on the command line still wins: two files' defaults of one name
    must then have the same text.  A .c file may not #define or #undef a
    macro that a header defines.
  - names at file scope (static functions and variables, typedefs,
    struct, union and enum tags, enum constants): a name of one .c file
    may not be a name of another .c file, nor one that a header declares.
    (Two `static int n;` would silently become one variable; most other
    clashes would stop the compile.)  Rename such a name in the sources
    with the file's prefix.
  - a header from ext/ included under #if (it would be inlined under that
    condition once, and skipped by the later files) is an error.

Python 3's standard library only.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Folders in the order the dependency sort breaks ties (and cycles): the
# engines' core first, the SQLite layer after the engines.
FOLDER_RANK = ["ext/engine/core", "ext/engine/formats", "ext/engine/wordpar",
               "ext/engine/catmouse", "ext/engine/race", "ext/engine/cops",
               "ext/engine/game_solve", "ext/sqlite/core", "ext/sqlite/sources",
               "ext/sqlite/tables", "ext/sqlite/games", "ext/sqlite"]

# System headers written as "..." in the output (found beside graphgame.c).
QUOTE_SYSTEM = {"sqlite3.h", "sqlite3ext.h"}

KEYWORDS = set("""auto break case char const continue default do double else enum extern
float for goto if inline int long register restrict return short signed sizeof static
struct switch typedef union unsigned void volatile while _Bool _Complex _Imaginary
_Alignas _Alignof _Atomic _Generic _Noreturn _Static_assert _Thread_local __attribute__
__inline __inline__ __restrict __restrict__ __extension__ __declspec __asm__ asm
__thread""".split())
# Words that qualify a declaration without being its name.
SPECIFIERS = KEYWORDS | set("""uint8_t uint16_t uint32_t uint64_t int8_t int16_t int32_t
int64_t size_t uintptr_t intptr_t ptrdiff_t""".split())


class Fail(Exception):
    pass


def rel(path):
    return os.path.relpath(path, ROOT).replace(os.sep, "/")


# --- reading C -------------------------------------------------------------

def strip_code(text, strings=True):
    """text with comments (and strings and character constants, if
    strings) blanked, their newlines kept, so that line numbers still
    match."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j
        elif c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" ")
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " + c + "\n" * text.count("\n", i, j) if strings else text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def logical_lines(stripped):
    """(line number, text) of each logical line: backslash-newlines joined."""
    lines = stripped.split("\n")
    res, i = [], 0
    while i < len(lines):
        start, cur = i + 1, lines[i]
        while cur.endswith("\\") and i + 1 < len(lines):
            i += 1
            cur = cur[:-1] + " " + lines[i]
        res.append((start, cur))
        i += 1
    return res


DIRECTIVE = re.compile(r"^\s*#\s*(\w+)\s*(.*)$")


def directives(text):
    """(line, name, rest) of each preprocessor directive of text, and the
    text with the directives blanked (for the scan of declarations)."""
    found, code = [], []
    for num, line in logical_lines(strip_code(text, strings=False)):
        m = DIRECTIVE.match(line)
        if m:
            found.append((num, m.group(1), m.group(2).strip()))
    for num, line in logical_lines(strip_code(text)):
        code.append("" if DIRECTIVE.match(line) else line)
    return found, "\n".join(code)


TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*|\.\.\.|->|[^\s\w]")


def file_scope_names(code):
    """The names a file declares at file scope: {name: kind}, kind one of
    'static' (a static function or variable), 'extern' (a non-static
    function or variable, declared or defined), 'typedef', 'enum' (an
    enum constant), 'tag' (a struct, union or enum with a body)."""
    toks = TOKEN.findall(code)
    names = {}
    stmt, depth, i = [], 0, 0
    body_fn = False

    def finish(stmt):
        if stmt:
            declared(stmt, names)

    while i < len(toks):
        t = toks[i]
        if depth == 0 and t == ";":
            finish(stmt)
            stmt = []
        elif t == "{":
            if depth == 0 and stmt and stmt[-1] == ")" and "=" not in stmt:
                body_fn = True            # a function's body: skip it
            if not body_fn:
                stmt.append(t)
            depth += 1
        elif t == "}":
            depth -= 1
            if body_fn:
                if depth == 0:
                    stmt.append("{}")
                    finish(stmt)
                    stmt, body_fn = [], False
            else:
                stmt.append(t)
        elif not body_fn:
            stmt.append(t)
        i += 1
    finish(stmt)
    return names


def _groups(toks):
    """toks with (), [] and {} groups nested as lists (the opener first)."""
    out, stack = [], []
    cur = out
    for t in toks:
        if t in "([{":
            g = [t]
            cur.append(g)
            stack.append(cur)
            cur = g
        elif t in ")]}":
            if stack:
                cur = stack.pop()
        else:
            cur.append(t)
    return out


def _ident(t):
    return isinstance(t, str) and re.match(r"[A-Za-z_]\w*$", t) and t not in SPECIFIERS


def declared(stmt, names):
    # Macros used at file scope without a semicolon (SQLITE_EXTENSION_INIT3)
    stmt = [t for t in stmt if not re.match(r"SQLITE_EXTENSION_INIT\d$", t)]
    g = _groups(stmt)
    # Attributes and alignment are not names.
    g = [x for k, x in enumerate(g)
         if not (x in ("__attribute__", "__declspec", "_Alignas") or
                 (isinstance(x, list) and k and g[k - 1] in ("__attribute__", "__declspec", "_Alignas")))]
    if not g or g[0] == "_Static_assert":
        return
    kind = "typedef" if "typedef" in g else "static" if "static" in g else "extern"
    # struct/union/enum bodies: their tags, enum constants, then dropped.
    flat = []
    k = 0
    while k < len(g):
        x = g[k]
        if x in ("struct", "union", "enum"):
            tag = g[k + 1] if k + 1 < len(g) and _ident(g[k + 1]) else None
            body = g[k + 2] if tag else (g[k + 1] if k + 1 < len(g) else None)
            if isinstance(body, list) and body[0] == "{":
                if tag:                   # tags are a namespace of their own
                    names.setdefault(x + " " + tag, "tag")
                if x == "enum":
                    expect = True
                    for y in body[1:]:
                        if expect and _ident(y):
                            names.setdefault(y, "enum")
                        expect = y == ","
                flat.append("<type>")
                k += 3 if tag else 2
                continue
            flat.append("<type>")
            k += 2 if tag else 1
            continue
        flat.append(x)
        k += 1
    if flat[-1:] == ["{}"]:               # a function definition
        flat = flat[:-1]
        decls = [flat]
    else:
        decls, cur = [], []
        for x in flat:
            if x == ",":
                decls.append(cur)
                cur = []
            else:
                cur.append(x)
        decls.append(cur)
    for d in decls:
        if "=" in d:
            d = d[:d.index("=")]
        name = _declarator_name(d)
        if name:
            names.setdefault(name, kind)


def _declarator_name(d):
    # A parenthesised declarator: int (*xFn)(int) -> xFn
    for k, x in enumerate(d):
        if isinstance(x, list) and x[0] == "(" and len(x) > 1 and x[1] == "*":
            inner = [y for y in x[1:] if _ident(y)]
            if inner:
                return inner[0]
    # The identifier before the first ( or [ group, else the last one.
    last = None
    for x in d:
        if isinstance(x, list):
            if last:
                return last
            continue
        if _ident(x):
            last = x
    return last


# --- the files and their includes ------------------------------------------

class Src:
    def __init__(self, path):
        self.path = path
        self.rel = rel(path)
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        if not self.text.endswith("\n"):
            self.text += "\n"
        self.lines = self.text.split("\n")[:-1]
        self.dirs, code = directives(self.text)
        self.names = file_scope_names(code)
        self.guard = self._guard()
        self.includes = []            # (line, "name.h" or <name.h>, depth, quoted)
        self.defines = {}             # macro -> (line, default?, text)
        self.undefs = []
        depth = 0
        prev = None
        for num, name, rest in self.dirs:
            if name in ("if", "ifdef", "ifndef"):
                depth += 1
            elif name == "endif":
                depth -= 1
            elif name == "include":
                m = re.match(r'(["<])([^">]+)[">]', rest)
                if not m:
                    raise Fail("%s:%d: #include %s: not a file name" % (self.rel, num, rest))
                self.includes.append((num, m.group(2), depth - (1 if self.guard else 0),
                                      m.group(1) == '"'))
            elif name == "define":
                m = re.match(r"(\w+)(.*)$", rest)
                macro = m.group(1)
                dflt = prev is not None and (
                    prev[1] == "ifndef" and prev[2] == macro or
                    prev[1] == "if" and re.match(r"!\s*defined\s*\(?\s*%s\s*\)?$" % macro, prev[2]))
                if macro != self.guard:
                    self.defines.setdefault(macro, (num, bool(dflt), m.group(2).strip()))
            elif name == "undef":
                self.undefs.append((num, rest.split()[0]))
            prev = (num, name, rest)
        if depth != 0:
            raise Fail("%s: unbalanced #if/#endif" % self.rel)

    def _guard(self):
        """The include guard of a header (#ifndef X / #define X first, #endif
        last), or None."""
        if not self.path.endswith(".h") or len(self.dirs) < 3:
            return None
        (_, n1, r1), (_, n2, r2), (_, nl, _) = self.dirs[0], self.dirs[1], self.dirs[-1]
        if n1 == "ifndef" and n2 == "define" and r2.split()[0] == r1 and nl == "endif":
            return r1
        return None


def find_header(name, src, folders):
    here = os.path.dirname(src.path)
    for d in [here] + folders:
        p = os.path.join(d, name)
        if os.path.isfile(p):
            return os.path.normpath(p)
    return None


def sort_sources(sources, headers_of):
    """The .c files by folder, each folder after the folders whose headers
    its files include (ties and cycles broken by FOLDER_RANK), by name
    within a folder."""
    folders = sorted({os.path.dirname(s.rel) for s in sources},
                     key=lambda f: (FOLDER_RANK.index(f) if f in FOLDER_RANK else len(FOLDER_RANK), f))
    needs = {f: set() for f in folders}
    for s in sources:
        f = os.path.dirname(s.rel)
        for h in headers_of[s.path]:
            hf = os.path.dirname(rel(h))
            if hf != f and hf in needs:
                needs[f].add(hf)
    order, done = [], set()
    while len(order) < len(folders):
        ready = [f for f in folders if f not in done and needs[f] <= done]
        f = ready[0] if ready else next(f for f in folders if f not in done)   # a cycle: by rank
        order.append(f)
        done.add(f)
    return sorted(sources, key=lambda s: (order.index(os.path.dirname(s.rel)), os.path.basename(s.rel)))


# --- checks -----------------------------------------------------------------

def check(sources, headers):
    """Raise Fail naming every clash that one translation unit would make."""
    errors = []
    header_macros = {}
    header_names = {}
    for h in headers:
        for m in h.defines:
            header_macros.setdefault(m, h.rel)
        for n in h.names:
            header_names.setdefault(n, h.rel)
    local = {}          # name -> [(file, kind)]
    for s in sources:
        for n, kind in s.names.items():
            if kind == "extern":
                continue
            local.setdefault(n, []).append((s.rel, kind))
    for n, where in sorted(local.items()):
        if len(where) > 1:
            errors.append("%s is a file-scope name of %s" % (
                n, " and of ".join("%s (%s)" % w for w in where)))
        if n in header_names:
            errors.append("%s is a file-scope name of %s (%s) and is declared by %s" % (
                n, where[0][0], where[0][1], header_names[n]))
    externs = {}
    for s in sources:
        for n, kind in s.names.items():
            if kind == "extern" and n in local and any(f != s.rel for f, _ in local[n]):
                errors.append("%s is a file-scope name of %s and an external name in %s" % (
                    n, local[n][0][0], s.rel))
    defaults = {}
    for s in sources:
        for m, (num, dflt, body) in s.defines.items():
            if m in header_macros:
                errors.append("%s:%d #defines %s, a macro of %s" % (s.rel, num, m, header_macros[m]))
            if dflt:
                defaults.setdefault(m, []).append((s.rel, body))
        for num, m in s.undefs:
            if m in header_macros:
                errors.append("%s:%d #undefs %s, a macro of %s" % (s.rel, num, m, header_macros[m]))
    for m, where in sorted(defaults.items()):
        if len({b for _, b in where}) > 1:
            errors.append("the default of %s differs: %s" % (
                m, "; ".join("%s: %s" % w for w in where)))
        plain = [s.rel for s in sources if m in s.defines and not s.defines[m][1]]
        if plain:
            errors.append("%s is a default in %s and a plain macro in %s" % (
                m, where[0][0], ", ".join(plain)))
    if errors:
        raise Fail("one translation unit would clash:\n  " + "\n  ".join(errors) +
                   "\n(rename a file-scope name with its file's prefix; mk/amalgamation.py says why)")


# --- writing ----------------------------------------------------------------

BANNER = """\
/*
** graphgame {version}: the amalgamation, the whole library as one C file.
**
** Generated by mk/amalgamation.py (`make amalgamation`) from the {nfiles}
** C files of graphgame's ext/engine/ (the games, plain C) and ext/sqlite/
** (the SQLite layer), each whole with its header comment, and the {nheaders}
** headers they include, each once where it is first included.  Do not
** edit it: edit those files in graphgame's repository and run `make
** amalgamation` again.  MIT license: see LICENSE.  graphgame.h declares
** the entry point and says how to register it.
**
** A loadable extension (sqlite3_graphgame_init is its one exported name):
**
**   gcc -O2 -fPIC -shared graphgame.c -o graphgame.so -lpthread -lm
**
** Inside a program, beside SQLite's amalgamation (sqlite3.c):
**
**   gcc -O2 -DSQLITE_CORE -c graphgame.c
**   gcc -O2 -c sqlite3.c
**   ... then, before the first sqlite3_open():
**   sqlite3_auto_extension((void(*)(void))sqlite3_graphgame_init);
**
** or build SQLite's shell with -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init
** and graphgame.c compiled with -DSQLITE_CORE.
**
** Options: -DGG_VERSION='"x"' (default "{version}"); -DGG_HAVE_NAUTY (with
** nauty's headers on the include path and -ldl: nauty's libnauty.so.2,
** loaded at run time, gives the cops' symmetric solve its automorphism
** groups; off by default, every group is then trivial: the same answers,
** slower on symmetric graphs); -DGG_DEFAULT_MAX_POSITIONS=N.
**
** Sources, in this order:
{listing}
*/
#ifndef GG_VERSION
# define GG_VERSION "{version}"
#endif
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__CYGWIN__)
# define GG_AMALG_HIDE _Pragma("GCC visibility push(hidden)")
# define GG_AMALG_SHOW _Pragma("GCC visibility pop")
#else
# define GG_AMALG_HIDE
# define GG_AMALG_SHOW
#endif
/* A header's static inline functions that a build leaves unused: Clang
** warns of those in a .c file only, as they are here. */
#if defined(__clang__)
# define GG_AMALG_HEADER _Pragma("clang diagnostic push") \
    _Pragma("clang diagnostic ignored \\"-Wunused-function\\"")
# define GG_AMALG_HEADER_END _Pragma("clang diagnostic pop")
#else
# define GG_AMALG_HEADER
# define GG_AMALG_HEADER_END
#endif
GG_AMALG_HIDE
"""

EPILOGUE = """\
/************** The amalgamation's own ***************************************/
/* A function for SQLite's SQLITE_EXTRA_INIT (SQLite's shell or any program
** built with sqlite3.c and -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init):
** sqlite3_initialize() calls it once, and it registers graphgame for every
** connection opened afterwards. */
#ifdef SQLITE_CORE
int sqlite3_graphgame_extra_init(const char *zUnused){
  (void)zUnused;
  return sqlite3_auto_extension((void(*)(void))sqlite3_graphgame_init);
}
#endif
GG_AMALG_SHOW
#undef GG_AMALG_HIDE
#undef GG_AMALG_SHOW
#undef GG_AMALG_HEADER
#undef GG_AMALG_HEADER_END
/************** End of the graphgame amalgamation ****************************/
"""

HEADER = """\
/*
** graphgame.h: the entry point of graphgame {version}'s amalgamation
** (graphgame.c, generated by mk/amalgamation.py; MIT license).
**
** graphgame is a SQLite extension that solves pursuit and race games on
** graphs kept in SQLite tables.  It registers its functions and tables in
** one connection at a time, through sqlite3_graphgame_init.
**
** Compiled into a program with SQLite (graphgame.c with -DSQLITE_CORE,
** beside sqlite3.c), register it once, before the first sqlite3_open(),
** and every connection opened afterwards has it:
**
**   #include "sqlite3.h"
**   #include "graphgame.h"
**   ...
**   sqlite3_auto_extension((void(*)(void))sqlite3_graphgame_init);
**
** or in one connection only: sqlite3_graphgame_init(db, &zErrMsg, 0).
**
** SQLite's shell (shell.c) or any program built from sqlite3.c can do
** the same through SQLite's SQLITE_EXTRA_INIT, with no code of its own:
**
**   gcc -DSQLITE_CORE -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init \\
**       shell.c sqlite3.c graphgame.c -o sqlite3 -lpthread -ldl -lm
**
** Built as a loadable extension instead (gcc -fPIC -shared graphgame.c
** -o graphgame.so), SQLite loads it by name: .load ./graphgame in the
** shell, sqlite3_load_extension(db, "./graphgame", 0, &zErrMsg) in C.
**
** Check: SELECT graphgame_version();   -- {version}
*/
#ifndef GRAPHGAME_H
#define GRAPHGAME_H
#include "sqlite3.h"
#ifdef __cplusplus
extern "C" {{
#endif

/* Registers graphgame's functions and tables in db.  SQLITE_OK, or an
** error code with *pzErrMsg set (free it with sqlite3_free). */
int sqlite3_graphgame_init(sqlite3 *db, char **pzErrMsg,
                           const sqlite3_api_routines *pApi);

/* Only in a graphgame.c compiled with -DSQLITE_CORE: for
** -DSQLITE_EXTRA_INIT=sqlite3_graphgame_extra_init (sqlite3_initialize()
** calls it; it calls sqlite3_auto_extension). */
int sqlite3_graphgame_extra_init(const char *zUnused);

#ifdef __cplusplus
}}
#endif
#endif /* GRAPHGAME_H */
"""


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__.split("\n\n")[1])
    outdir, version = argv[1], argv[2]
    paths = [os.path.normpath(os.path.join(ROOT, p) if not os.path.isabs(p) else p) for p in argv[3:]]
    paths = [p for p in paths if p.endswith(".c")]
    folders = sorted({os.path.dirname(p) for p in paths} |
                     {os.path.join(ROOT, d) for d in FOLDER_RANK if os.path.isdir(os.path.join(ROOT, d))})
    folders = [f for f in folders if os.path.isdir(f)]
    # Headers: every folder of ext/ that holds one.
    for d, _, fs in os.walk(os.path.join(ROOT, "ext")):
        if any(f.endswith(".h") for f in fs) and d not in folders:
            folders.append(d)
    sources = [Src(p) for p in paths]
    hsrc = {}

    def header(path):
        if path not in hsrc:
            hsrc[path] = Src(path)
        return hsrc[path]

    # Each file's headers from ext/, transitively (for the sort and the checks).
    def closure(src, seen):
        for num, name, depth, quoted in src.includes:
            if not quoted:
                continue
            p = find_header(name, src, folders)
            if p is None:
                if name in QUOTE_SYSTEM:
                    continue
                raise Fail('%s:%d: #include "%s": no such header in ext/' % (src.rel, num, name))
            if depth > 0:
                raise Fail('%s:%d: #include "%s" under #if: a header of ext/ is inlined once, '
                           'unconditionally; include it outside the #if' % (src.rel, num, name))
            if p not in seen:
                seen.add(p)
                closure(header(p), seen)
        return seen

    headers_of = {s.path: closure(s, set()) for s in sources}
    sources = sort_sources(sources, headers_of)
    check(sources, list(hsrc.values()))

    out = []
    emitted = set()

    def emit_file(src):
        kind = "header" if src.path.endswith(".h") else "file"
        out.append("/************** Begin %s %s %s*/\n" % (kind, src.rel, "*" * max(1, 52 - len(src.rel))))
        if kind == "header":
            out.append("GG_AMALG_HEADER\n")
        incl = {num: (name, quoted) for num, name, depth, quoted in src.includes}
        # Logical line numbers of the directives map to physical lines 1:1
        # (a continued #include does not occur).
        for k, line in enumerate(src.lines, 1):
            if k in incl:
                name, quoted = incl[k]
                p = find_header(name, src, folders) if quoted else None
                if p is not None:
                    if p in emitted:
                        out.append('/* #include "%s": already above */\n' % name)
                    else:
                        emitted.add(p)
                        emit_file(header(p))
                    continue
                base = name
                if base in QUOTE_SYSTEM:
                    line = re.sub(r'[<"]%s[>"]' % re.escape(base), '"%s"' % base, line)
                out.append("GG_AMALG_SHOW\n%s\nGG_AMALG_HIDE\n" % line)
                continue
            out.append(line + "\n")
        if kind == "file":
            local = sorted(m for m, (_, dflt, _) in src.defines.items() if not dflt)
            if local:
                out.append("/* %s's own macros, for it alone: */\n" % src.rel)
                for m in local:
                    out.append("#undef %s\n" % m)
        if kind == "header":
            out.append("GG_AMALG_HEADER_END\n")
        out.append("/************** End of %s %s*/\n" % (src.rel, "*" * max(1, 57 - len(src.rel))))

    for s in sources:
        emit_file(s)

    listing = []
    for s in sources:
        listing.append("**   %s" % s.rel)
    body = "".join(out)
    banner = BANNER.format(version=version, nfiles=len(sources), nheaders=len(emitted),
                           listing="\n".join(listing))
    os.makedirs(outdir, exist_ok=True)
    tmp = os.path.join(outdir, "graphgame.c.tmp")
    with open(tmp, "w", encoding="utf-8", newline="\n") as f:
        f.write(banner + body + EPILOGUE)
    os.replace(tmp, os.path.join(outdir, "graphgame.c"))
    with open(os.path.join(outdir, "graphgame.h"), "w", encoding="utf-8", newline="\n") as f:
        f.write(HEADER.format(version=version))
    print("%s/graphgame.c: %d files, %d headers, %d lines" % (
        outdir, len(sources), len(emitted), (banner + body + EPILOGUE).count("\n")))


if __name__ == "__main__":
    try:
        main(sys.argv)
    except Fail as e:
        sys.exit("mk/amalgamation.py: %s" % e)
