/* sqlrun.c: a small stand-in for the sqlite3 CLI, for the release check
 * (tests/py/test_release.py, mk/release.mk).  The same source is built for
 * x86-64 against Debian's libsqlite3 and against the newest amalgamation,
 * for aarch64 (run under qemu-user), and for Windows with MinGW (run under
 * Wine), so that the outputs of one script through each build of the
 * extension can be compared byte for byte.
 *
 *     sqlrun [-load LIB] [-steps] FILE.sql...
 *
 * Input is read as the CLI reads it: a line starting with "." when no SQL
 * is pending is a dot-command; other lines gather until they end with ";"
 * and sqlite3_complete() says the SQL is complete; lines of only spaces
 * and comments between statements are skipped.  Dot-commands: .load X
 * (loads LIB when -load is given, else X), .read FILE (relative to the
 * current directory), .print ARGS (quoted as the CLI quotes them),
 * .mode list and .headers off (what is printed anyway).
 *
 * Rows print as the CLI's default list mode does: values joined by "|",
 * NULL as an empty string, no header.  A REAL prints as "%!.15g", which is
 * what SQLite printed before 3.52 (since then a REAL's text has 17
 * significant digits, SQLITE_DBCONFIG_FP_DIGITS: 0.15*3 is
 * 0.44999999999999996, was 0.45), so that the output is the same on every
 * SQLite version.
 *
 * -steps executes nothing: it prints the script as JSON lines, one per
 * step ({"load": X}, {"print": TEXT} or {"sql": ONE STATEMENT, "line": N}),
 * .read files inlined, for the Python and Node.js runners of the packages
 * (test_release.py), which run the same statements the same way.
 *
 * An error prints "Error: near line N: message" on stderr and ends the run
 * with status 1, as the CLI's -bail does; status 2 is a usage or file
 * error.  Output is written in binary mode (no "\r\n" on Windows). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sqlite3.h"
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

static sqlite3 *db;
static const char *loadLib;      /* -load LIB: what every .load loads */
static int stepsOnly;            /* -steps */

static void fail(const char *file, int line, const char *msg) {
    fflush(stdout);
    fprintf(stderr, "Error: near line %d: %s (%s)\n", line, msg, file);
    exit(1);
}

static char *readAll(const char *path) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        fprintf(stderr, "sqlrun: cannot open %s\n", path);
        exit(2);
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n + 1 >= cap) buf = realloc(buf, cap *= 2);
        if (!buf) { fprintf(stderr, "sqlrun: out of memory\n"); exit(2); }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        if (!got) break;
        n += got;
    }
    if (f != stdin) fclose(f);
    buf[n] = 0;
    return buf;
}

static void jsonString(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c == '\t') fputs("\\t", stdout);
        else if (c == '\r') fputs("\\r", stdout);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

/* Whether the text holds nothing but spaces and comments. */
static int allWhitespace(const char *z) {
    while (*z) {
        if (*z == ' ' || *z == '\t' || *z == '\n' || *z == '\r' || *z == '\f' || *z == '\v') { z++; continue; }
        if (z[0] == '/' && z[1] == '*') {
            z += 2;
            while (*z && !(z[0] == '*' && z[1] == '/')) z++;
            if (!*z) return 0;
            z += 2;
            continue;
        }
        if (z[0] == '-' && z[1] == '-') {
            while (*z && *z != '\n') z++;
            continue;
        }
        return 0;
    }
    return 1;
}

static void printValue(sqlite3_stmt *st, int i) {
    switch (sqlite3_column_type(st, i)) {
    case SQLITE_NULL:
        break;
    case SQLITE_FLOAT: {
        char buf[64];
        sqlite3_snprintf(sizeof buf, buf, "%!.15g", sqlite3_column_double(st, i));
        fputs(buf, stdout);
        break;
    }
    default: {                    /* as the CLI: the text, up to a NUL */
        const char *t = (const char *)sqlite3_column_text(st, i);
        if (t) fputs(t, stdout);
    }
    }
}

/* One statement, ending with ";" or at the end of the script. */
static void runStatement(const char *sql, const char *file, int line) {
    if (allWhitespace(sql)) return;
    if (stepsOnly) {
        fputs("{\"sql\": ", stdout);
        jsonString(sql);
        printf(", \"line\": %d}\n", line);
        return;
    }
    const char *tail = sql;
    while (*tail) {                /* one statement, but prepare says so */
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db, tail, -1, &st, &tail) != SQLITE_OK) fail(file, line, sqlite3_errmsg(db));
        if (!st) continue;          /* a comment after the last statement */
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
            int n = sqlite3_column_count(st);
            for (int i = 0; i < n; i++) {
                if (i) putchar('|');
                printValue(st, i);
            }
            putchar('\n');
        }
        if (rc != SQLITE_DONE) fail(file, line, sqlite3_errmsg(db));
        sqlite3_finalize(st);
    }
}

/* A chunk of SQL that sqlite3_complete() calls complete, cut into single
 * statements: at each ";" whose prefix is complete (a trigger's body holds
 * ";" that do not end it). */
static void runChunk(char *sql, const char *file, int line) {
    char *start = sql;
    for (char *p = sql; *p; p++) {
        if (*p != ';') continue;
        char keep = p[1];
        p[1] = 0;
        if (sqlite3_complete(start)) {
            int at = line;               /* the line where the statement starts */
            for (const char *q = sql; q < start || (q < p && (*q == ' ' || *q == '\t' || *q == '\n')); q++)
                if (*q == '\n') at++;
            runStatement(start, file, at);
            start = p + 1;
        }
        p[1] = keep;
    }
    runStatement(start, file, line);
}

/* The CLI's backslash escapes of a "double-quoted" argument. */
static void unescape(char *z) {
    char *out = z;
    for (; *z; z++) {
        if (*z != '\\' || !z[1]) { *out++ = *z; continue; }
        char c = *++z;
        switch (c) {
        case 'a': *out++ = '\a'; break;
        case 'b': *out++ = '\b'; break;
        case 't': *out++ = '\t'; break;
        case 'n': *out++ = '\n'; break;
        case 'v': *out++ = '\v'; break;
        case 'f': *out++ = '\f'; break;
        case 'r': *out++ = '\r'; break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
            int v = c - '0';
            for (int k = 0; k < 2 && z[1] >= '0' && z[1] <= '7'; k++) v = v * 8 + (*++z - '0');
            *out++ = (char)v;
            break;
        }
        default: *out++ = c;        /* \\, \", \' and any other character */
        }
    }
    *out = 0;
}

/* A dot-command's arguments, split as the CLI splits them. */
static int splitArgs(char *z, char **argv, int max) {
    int n = 0;
    while (*z && n < max) {
        while (*z == ' ' || *z == '\t' || *z == '\r' || *z == '\n') z++;
        if (!*z) break;
        if (*z == '\'' || *z == '"') {
            char delim = *z++;
            argv[n++] = z;
            while (*z && *z != delim) {
                if (*z == '\\' && delim == '"' && z[1]) z++;
                z++;
            }
            if (*z == delim) *z++ = 0;
            if (delim == '"') unescape(argv[n - 1]);
        } else {
            argv[n++] = z;
            while (*z && *z != ' ' && *z != '\t' && *z != '\r' && *z != '\n') z++;
            if (*z) *z++ = 0;
        }
    }
    return n;
}

static void runFile(const char *path, int depth);

static void dotCommand(char *text, const char *file, int line, int depth) {
    char *argv[64];
    int argc = splitArgs(text + 1, argv, 64);
    const char *cmd = argc ? argv[0] : "";
    if (!strcmp(cmd, "load") && argc >= 2) {
        const char *lib = loadLib ? loadLib : argv[1];
        if (stepsOnly) {
            fputs("{\"load\": ", stdout);
            jsonString(lib);
            fputs("}\n", stdout);
            return;
        }
        char *err = NULL;
        if (sqlite3_load_extension(db, lib, argc >= 3 ? argv[2] : NULL, &err) != SQLITE_OK) {
            char msg[1200];
            snprintf(msg, sizeof msg, "cannot load %s: %s", lib, err ? err : "?");
            fail(file, line, msg);
        }
    } else if (!strcmp(cmd, "read") && argc == 2) {
        if (depth > 20) fail(file, line, ".read nested too deep");
        runFile(argv[1], depth + 1);
    } else if (!strcmp(cmd, "print")) {
        char buf[4096] = "";
        size_t n = 0;
        for (int i = 1; i < argc; i++) {
            n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0, "%s%s", i > 1 ? " " : "", argv[i]);
            if (n >= sizeof buf) fail(file, line, ".print: line too long");
        }
        if (stepsOnly) {
            fputs("{\"print\": ", stdout);
            jsonString(buf);
            fputs("}\n", stdout);
        } else {
            printf("%s\n", buf);
        }
    } else if ((!strcmp(cmd, "mode") && argc == 2 && !strcmp(argv[1], "list"))
               || ((!strcmp(cmd, "headers") || !strcmp(cmd, "header")) && argc == 2 && !strcmp(argv[1], "off"))) {
        /* what sqlrun prints anyway */
    } else {
        char msg[300];
        snprintf(msg, sizeof msg, "sqlrun knows .load, .read, .print, .mode list and .headers off, not .%.200s", cmd);
        fail(file, line, msg);
    }
}

static void runFile(const char *path, int depth) {
    char *text = readAll(path);
    size_t cap = strlen(text) + 2, n = 0;
    char *sql = malloc(cap);            /* the pending SQL, never longer than the file */
    int lineNo = 0, startLine = 0;
    char *p = text;
    if (!sql) { fprintf(stderr, "sqlrun: out of memory\n"); exit(2); }
    sql[0] = 0;
    while (*p) {
        char *end = strchr(p, '\n');
        char *next = end ? end + 1 : p + strlen(p);
        if (end) *end = 0;
        lineNo++;
        size_t len = strlen(p);
        if (len && p[len - 1] == '\r') p[--len] = 0;
        if (n == 0 && p[0] == '.') {
            dotCommand(p, path, lineNo, depth);
        } else if (!(n == 0 && allWhitespace(p))) {
            if (n == 0) startLine = lineNo;
            memcpy(sql + n, p, len);
            n += len;
            sql[n++] = '\n';
            sql[n] = 0;
            size_t k = n;                  /* ends with ";", then complete */
            while (k && (sql[k - 1] == ' ' || sql[k - 1] == '\t' || sql[k - 1] == '\n')) k--;
            if (k && sql[k - 1] == ';' && sqlite3_complete(sql)) {
                runChunk(sql, path, startLine);
                n = 0;
                sql[0] = 0;
            }
        }
        p = next;
    }
    if (n && !allWhitespace(sql)) runChunk(sql, path, startLine);
    free(sql);
    free(text);
}

int main(int argc, char **argv) {
    int i = 1;
#ifdef _WIN32
    _setmode(_fileno(stdout), _O_BINARY);
#endif
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "-load") && i + 1 < argc) loadLib = argv[++i];
        else if (!strcmp(argv[i], "-steps")) stepsOnly = 1;
        else break;
    }
    if (i >= argc || (argv[i][0] == '-' && argv[i][1])) {
        fprintf(stderr, "usage: sqlrun [-load LIB] [-steps] FILE.sql...   (FILE - is stdin)\n");
        return 2;
    }
    if (!stepsOnly) {
        if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
            fprintf(stderr, "sqlrun: cannot open a database: %s\n", sqlite3_errmsg(db));
            return 2;
        }
        sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, (int *)0);
    }
    for (; i < argc; i++) runFile(argv[i], 0);
    fflush(stdout);
    if (db) sqlite3_close(db);
    return 0;
}
