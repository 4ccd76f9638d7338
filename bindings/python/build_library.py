"""Compiling graphgame's extension from its C sources, for setup.py when
it builds from the sdist (no make, no repository around it).

The sdist holds the sources as the repository does (ext/engine/<concern>/,
ext/sqlite/ and ext/sqlite/<concern>/), VERSION, and include/: the SQLite
headers sqlite3.h and sqlite3ext.h that the release's libraries are built
against, so that no SQLite development package is needed.  The flags are
the Makefile's: every folder of ext/ on the include path, -O2,
-fvisibility=hidden (only sqlite3_graphgame_init is exported), -pthread,
-DGG_VERSION.  nauty's headers are optional, as in the Makefile: found by
pkg-config or in the usual folders (Linux and FreeBSD only: the library
loads libnauty.so.2 at run time), they add -DGG_HAVE_NAUTY; without them
every automorphism group is trivial.  GRAPHGAME_NAUTY=0 leaves them out.

    compiler   $CC (split as a shell would), else the first of gcc, cc,
               clang found (cc first on macOS and the BSDs); $CFLAGS and
               $LDFLAGS are added to the compile and the link
    Linux, the BSDs     graphgame.so      -shared -fPIC -pthread
    macOS               graphgame.dylib   -dynamiclib (a library dlopen()
                        takes, as SQLite's docs build extensions there)
    Windows, Cygwin     graphgame.dll     MinGW-w64's gcc or clang: -shared,
                        -static-libgcc and winpthreads linked statically
                        (the Makefile's `make mingw` flags).  MSVC cannot
                        build it: the sources use GCC's builtins and POSIX
                        threads.

SQLite's load_extension() adds the platform's suffix (.so, .dylib, .dll)
to a path without one: graphgame.loadable_path() is such a path.

    python3 build_library.py [OUT_DIR]   builds OUT_DIR/graphgame.<suffix>
                                         (default: here), for a quick try
"""
import concurrent.futures
import glob
import os
import shlex
import shutil
import subprocess
import sys
import tempfile


def library_name(platform=sys.platform):
    """The extension's file name where SQLite looks for it on platform."""
    if platform in ("win32", "cygwin", "msys"):
        return "graphgame.dll"
    if platform == "darwin":
        return "graphgame.dylib"
    return "graphgame.so"


def _windows(platform):
    return platform in ("win32", "cygwin", "msys")


def sources(root):
    """(the library's .c files, the include folders), as the Makefile finds
    them: ext/engine/*/*.c but alloc_libc.c (the standalone programs'),
    ext/sqlite/*.c and ext/sqlite/*/*.c; every folder that holds a .c or .h."""
    def found(pattern):
        return sorted(glob.glob(os.path.join(root, *pattern.split("/"))))
    engine = [f for f in found("ext/engine/*/*.c") if os.path.basename(f) != "alloc_libc.c"]
    sql = found("ext/sqlite/*.c") + found("ext/sqlite/*/*.c")
    dirs = sorted({os.path.dirname(f) for f in found("ext/engine/*/*.[ch]")})
    dirs += [os.path.join(root, "ext", "sqlite")]
    dirs += sorted({os.path.dirname(f) for f in found("ext/sqlite/*/*.[ch]")})
    if not engine or not sql:
        raise SystemExit("graphgame: no C sources under %s" % os.path.join(root, "ext"))
    return engine + sql, dirs


def compiler(platform=sys.platform, env=None):
    """The compiler's argv: $CC, else the first of the usual names found."""
    env = os.environ if env is None else env
    if env.get("CC", "").strip():
        return shlex.split(env["CC"])
    order = ("cc", "clang", "gcc") if platform == "darwin" or "bsd" in platform \
        else ("gcc", "cc", "clang")
    for name in order:
        if shutil.which(name):
            return [name]
    raise SystemExit("graphgame: no C compiler found (tried %s): install one, or set CC"
                     % ", ".join(order))


def _is_msvc(cc):
    name = os.path.basename(cc[0]).lower()
    return name in ("cl", "cl.exe", "clang-cl", "clang-cl.exe")


def _preprocesses(cc, flags, text):
    """Whether cc preprocesses text (a probe for a header)."""
    with tempfile.TemporaryDirectory(prefix="gg-probe-") as tmp:
        src = os.path.join(tmp, "probe.c")
        with open(src, "w") as f:
            f.write(text)
        try:
            p = subprocess.run(cc + flags + ["-E", src], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=60)
        except OSError:
            return False
        return p.returncode == 0


def nauty_flags(cc, platform=sys.platform, env=None):
    """-DGG_HAVE_NAUTY and nauty's include folders when its headers are
    found (pkg-config first, as the Makefile does), else nothing."""
    env = os.environ if env is None else env
    if env.get("GRAPHGAME_NAUTY", "") == "0":
        return []
    if not (platform.startswith("linux") or "bsd" in platform):
        return []
    tries = []
    if shutil.which("pkg-config"):
        p = subprocess.run(["pkg-config", "--cflags", "nauty"], capture_output=True, text=True)
        if p.returncode == 0 and p.stdout.strip():
            tries.append(shlex.split(p.stdout))
    tries += [[], ["-I/usr/include/nauty"], ["-I/usr/local/include/nauty"], ["-I/usr/local/include"]]
    for inc in tries:
        if _preprocesses(cc, inc, "#include <nauty.h>\n"):
            return ["-DGG_HAVE_NAUTY"] + inc
    return []


def plan(root, temp, out_dir, platform=sys.platform, cc=None, env=None, nauty=None):
    """The commands that build the extension from root's sources: a dict
    with "compile" (a list of (argv, object)), "link" (argv), "output" (the
    library's path) and "nauty" (its flags, empty when not found).  Nothing
    is run but the probe for nauty's headers (skipped when nauty is
    given)."""
    env = os.environ if env is None else env
    cc = cc or compiler(platform, env)
    if _is_msvc(cc):
        raise SystemExit(
            "graphgame: MSVC (%s) cannot build the extension: the sources use GCC's builtins"
            " and POSIX threads.  Build with MinGW-w64 (MSYS2's gcc or clang: CC=gcc), or"
            " take the release's graphgame-VERSION-windows-x86_64.zip." % cc[0])
    version = open(os.path.join(root, "VERSION"), encoding="utf-8").read().strip()
    srcs, dirs = sources(root)
    nauty = nauty_flags(cc, platform, env) if nauty is None else nauty
    windows = _windows(platform)
    includes = ["-I" + os.path.join(root, "include")] + ["-I" + d for d in dirs]
    cflags = ["-O2"] + shlex.split(env.get("CFLAGS", ""))
    cflags += ([] if windows else ["-fPIC", "-fvisibility=hidden"])
    cflags += ["-pthread", '-DGG_VERSION="%s"' % version]
    output = os.path.join(out_dir, library_name(platform))
    steps = []
    for src in srcs:
        rel = os.path.relpath(src, root)
        obj = os.path.join(temp, os.path.splitext(rel)[0] + (".obj" if windows else ".o"))
        steps.append((cc + cflags + includes + nauty + ["-c", src, "-o", obj], obj))
    objs = [obj for _, obj in steps]
    ldflags = shlex.split(env.get("LDFLAGS", ""))
    if platform == "darwin":
        link = cc + ldflags + ["-dynamiclib", "-o", output] + objs
    elif windows:
        link = cc + ldflags + ["-shared", "-o", output] + objs + \
            ["-static-libgcc", "-Wl,-Bstatic", "-lpthread"]
    else:
        link = cc + ldflags + ["-shared", "-pthread", "-o", output] + objs
        if nauty and platform.startswith("linux"):
            link.append("-ldl")        # dlopen is in libc only from glibc 2.34
    return {"compile": steps, "link": link, "output": output, "nauty": nauty}


def _run(argv, what):
    try:
        p = subprocess.run(argv, capture_output=True, text=True)
    except OSError as e:
        raise SystemExit("graphgame: cannot run %s: %s" % (argv[0], e))
    if p.returncode != 0:
        sys.stderr.write("%s\n%s%s" % (" ".join(shlex.quote(a) for a in argv), p.stdout, p.stderr))
        raise SystemExit("graphgame: %s failed (exit %d)" % (what, p.returncode))


def build(root, temp, out_dir, platform=sys.platform, cc=None, env=None, jobs=None, log=print):
    """Compile root's sources (objects in temp) and link the extension into
    out_dir; its path.  jobs compiles run at once (default: the CPUs)."""
    p = plan(root, temp, out_dir, platform, cc, env)
    for _, obj in p["compile"]:
        os.makedirs(os.path.dirname(obj), exist_ok=True)
    os.makedirs(out_dir, exist_ok=True)
    env = os.environ if env is None else env
    log("graphgame: compiling %d files with %s (nauty's headers: %s)" % (
        len(p["compile"]), p["link"][0], "used" if p["nauty"] else
        "left out: GRAPHGAME_NAUTY=0" if env.get("GRAPHGAME_NAUTY") == "0" else "not found"))
    with concurrent.futures.ThreadPoolExecutor(jobs or os.cpu_count() or 2) as pool:
        done = [pool.submit(_run, argv, "compiling " + argv[argv.index("-c") + 1])
                for argv, _ in p["compile"]]
        for f in done:
            f.result()
    _run(p["link"], "linking " + os.path.basename(p["output"]))
    return p["output"]


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else here
    with tempfile.TemporaryDirectory(prefix="gg-build-") as tmp:
        print(build(here, tmp, out))
