/*
** debug.c: graphgame_debug(), the one place a bug report starts from
** (README "Reporting a problem").  Text, a line a fact, "key: value":
** the version, the SQLite it was built against and the one it runs in,
** nauty's library (found, not found, or a build without it), the threads
** a solve may use, the limits in force on this connection, and the
** build's flags (compiler, optimization, the platform, sanitizers,
** SQLITE_CORE for a build into SQLite itself).
**
**   SELECT graphgame_debug();
*/
#include "registry.h"
#include "cops_aut.h"
SQLITE_EXTENSION_INIT3

#ifndef GG_VERSION
# define GG_VERSION "unknown (built without the Makefile)"
#endif

/* The compiler, as its macros say. */
static void debugCompiler(sqlite3_str *p){
#if defined(__clang__)
  sqlite3_str_appendf(p, "clang %d.%d.%d", __clang_major__, __clang_minor__,
                      __clang_patchlevel__);
#elif defined(__GNUC__)
  sqlite3_str_appendf(p, "gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#elif defined(_MSC_VER)
  sqlite3_str_appendf(p, "msvc %d", _MSC_VER);
#else
  sqlite3_str_appendall(p, "unknown");
#endif
}

/* The build's flags that change what runs. */
static void debugFlags(sqlite3_str *p){
  static const char *const azFlag[] = {
#ifdef __OPTIMIZE__
    "optimized",
#else
    "not optimized",
#endif
#ifdef SQLITE_CORE
    "SQLITE_CORE (built into SQLite)",
#else
    "loadable",
#endif
#ifdef __EMSCRIPTEN__
    "emscripten",
#endif
#if defined(__SANITIZE_ADDRESS__)
    "address sanitizer",
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
    "address sanitizer",
# endif
#endif
#ifdef GG_TOY
    "GG_TOY (the tests' library)",
#endif
    0
  };
  int i;
  for(i=0; azFlag[i]; i++) sqlite3_str_appendf(p, "%s%s", i ? ", " : "", azFlag[i]);
}

/* The platform: the operating system, the processor, pointer bits. */
static const char *debugOs(void){
#if defined(__EMSCRIPTEN__)
  return "wasm";
#elif defined(_WIN32)
  return "windows";
#elif defined(__APPLE__)
  return "macos";
#elif defined(__linux__)
  return "linux";
#elif defined(__FreeBSD__)
  return "freebsd";
#else
  return "unknown";
#endif
}

static const char *debugCpu(void){
#if defined(__x86_64__) || defined(_M_X64)
  return "x86_64";
#elif defined(__aarch64__) || defined(_M_ARM64)
  return "aarch64";
#elif defined(__i386__) || defined(_M_IX86)
  return "x86";
#elif defined(__arm__)
  return "arm";
#elif defined(__wasm__)
  return "wasm32";
#else
  return "unknown";
#endif
}

void gg_fn_debug(sqlite3_context *ctx, int argc, sqlite3_value **argv){
  GGConn *pConn = (GGConn*)sqlite3_user_data(ctx);
  sqlite3_str *p = sqlite3_str_new(0);
  int nauty = gg_aut_library(), n;
  (void)argc; (void)argv;
  sqlite3_str_appendf(p, "version: %s\n", GG_VERSION);
  sqlite3_str_appendf(p, "sqlite built against: %s\n", SQLITE_VERSION);
  sqlite3_str_appendf(p, "sqlite running: %s (%s)\n", sqlite3_libversion(),
                      sqlite3_sourceid());
  sqlite3_str_appendf(p, "nauty: %s\n", nauty>0 ? "libnauty.so.2 loaded (symmetric solves on)"
                      : nauty==0 ? "libnauty.so.2 not found (every group trivial: the same"
                                   " answers, no speed-up; apt-get install libnauty2)"
                      : "not in this build (every group trivial)");
  sqlite3_str_appendf(p, "threads: up to 2 a solve of cat and mouse or the race (one if a"
                      " thread cannot start)\n");
  sqlite3_str_appendf(p, "limits: max_positions %lld, max_certificate_rows %lld\n",
                      pConn->mxPositions, pConn->mxCertRows);
  sqlite3_str_appendf(p, "platform: %s %s, %d-bit\n", debugOs(), debugCpu(),
                      (int)(8*sizeof(void*)));
  sqlite3_str_appendall(p, "compiler: ");
  debugCompiler(p);
  sqlite3_str_appendall(p, "\nflags: ");
  debugFlags(p);
  if( (n = sqlite3_str_errcode(p))!=SQLITE_OK ){
    sqlite3_free(sqlite3_str_finish(p));
    gg_result_error(ctx, n, 0);
    return;
  }
  n = sqlite3_str_length(p);
  sqlite3_result_text(ctx, sqlite3_str_finish(p), n, sqlite3_free);
}
