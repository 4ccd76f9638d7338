"""Python client of the graphgame tests: the standard library's sqlite3.

    python3 query.py EXTENSION DATABASE SQL...

Loads the extension (path without suffix) into a connection to DATABASE,
runs each SQL statement and prints each row as the sqlite3 CLI would in
list mode: values joined by '|', NULL as an empty string.  A failing
statement prints 'Error: message' and the run goes on.
"""
import sqlite3
import sys


def main():
    ext, path, queries = sys.argv[1], sys.argv[2], sys.argv[3:]
    db = sqlite3.connect(path)
    db.enable_load_extension(True)
    db.load_extension(ext)
    db.enable_load_extension(False)
    for sql in queries:
        try:
            rows = db.execute(sql).fetchall()
        except sqlite3.Error as e:
            print("Error: %s" % e)
            continue
        for row in rows:
            print("|".join("" if v is None else str(v) for v in row))


main()
