#!/bin/bash
# census.sh: a census of every graph that nauty's geng makes, sharded, on GNU parallel.
#
# geng splits its own output with res/mod ("nauty-geng -cq 10 3/64" is the
# 4th of 64 parts), so a census of S shards is S independent jobs.  Each
# job (one sqlite3 process, on this machine or on a host reached by ssh)
# reads its shard's lines (graph6, sparse6 from geng -s, or digraph6 from
# gentourng -z) straight from geng's pipe with graph6_read('-'), as g6(g):
# nothing is written to a file or imported, unless prep statements need a
# table (then g6 is one, filled from the pipe).  It runs your query over
# g6, keeps the rows in a small result database; then the
# rows of all shards are merged into one table.  A shard is written under
# a temporary name and renamed when complete, so a run that is stopped
# (Ctrl-C, a host lost, a reboot) is resumed by running the same command
# again: finished shards are not run again.
#
#   examples/census.sh -o lengths8.db -q "SELECT length(g), count(*) FROM g6 GROUP BY 1" -c 8
#
#   examples/census.sh -o cops10.db -s 64 -j 2 --bar \
#     -q "SELECT cop_number(g, 'graph6'), count(*) FROM g6 GROUP BY 1" -c 10
#
# Any nauty generator that takes res/mod serves (--geng; the shard's count
# of graphs is its ">Z N ... generated" line, or NULL without one): the
# tournaments of gentourng, in digraph6, by oriented cop number:
#
#   examples/census.sh -o tourn8.db -s 4 --geng nauty-gentourng \
#     -q "SELECT cop_number(g, 'digraph6'), count(*) FROM g6 GROUP BY 1" -z 8
#
# and through an edge table (graphgame before the graph6 source):
#
#   examples/census.sh -o cops10e.db -s 64 -j 2 --bar \
#     -p "CREATE TABLE edges(graph_id INTEGER, src INTEGER, dst INTEGER);
#         INSERT INTO edges SELECT g6.rowid, e.src, e.dst FROM g6, graph6_edges(g6.g) e;
#         CREATE INDEX edges_graph ON edges(graph_id, src, dst);" \
#     -q "SELECT cop_number(rowid), count(*) FROM g6 GROUP BY 1" -c 10
#
# The prep statements run in a scratch database of the shard, removed
# after it (an edge table there costs no room in the results); g6's rowid
# numbers the shard's lines from 1.  A query that reads g6 more than once
# (a UNION ALL of several counts, a self-join) needs --table: standard
# input is read once, and graph6_read says so if a query tries twice.
#
# The query's shape: by default the LAST column is a count or a sum and the
# columns before it are what it is grouped by; the merge is then
#   SELECT c1, .., ck, SUM(last) FROM rows GROUP BY c1, .., ck ORDER BY c1, .., ck
# over the rows of every shard (the table `rows`, with the query's columns).
# Any other shape (a max, several sums) needs its own --merge query over
# `rows`, e.g. --merge 'SELECT max("max(x)") FROM rows'.  The result is
# the table `census` of the output database (and is printed); `census_info`
# there records the arguments, the number of graphs and the wall time of
# this run's shards (a resumed run times only the shards it ran).
#
# Hosts: -S/--sshlogin is parallel's --sshlogin ('4/user@host', or a whole
# ssh command: 'ssh -p 2222 -i key host').  Every host needs sqlite3 and
# geng (Debian: apt-get install sqlite3 nauty); the extension either at the
# same path there (--ext) or sent along (--send-ext: parallel --basefile
# copies it with the job script into the host's work dir).  Results come
# back with parallel's --return (rsync); --shared instead says that every
# host sees this directory at the same path (NFS), and nothing is copied.
set -e
here=$(cd "$(dirname "$0")" && pwd)

usage(){
  cat <<'EOF'
usage: census.sh -o OUT.db -q QUERY [options] GENG-ARGS...
  -o, --out DB          the output database (table census); shards go to DB.shards/
  -q, --query SQL       the census query over g6(g TEXT), the shard's graph6 lines
      --query-file F    the same, from a file
  -p, --prep SQL        statements run before the query (g6 is then a table)
      --prep-file F     the same, from a file
      --table           g6 as a table filled from the pipe, not a stream: for a
                        query that reads g6 more than once (a UNION, a join)
  -m, --merge SQL       the merge query over `rows` (default: SUM of the last
                        column, GROUP BY the others)
  -s, --shards S        shards (default 16): geng's res/mod, 0/S .. S-1/S
  -j, --jobs N          jobs at once per host (parallel -j; default one per core)
  -S, --sshlogin LOGIN  a host, as parallel takes it (repeat for more hosts)
      --sshloginfile F  hosts from a file (parallel --sshloginfile)
      --send-ext        copy the extension to every host (parallel --basefile)
      --remote-dir DIR  work dir on the hosts, relative to the login dir or
                        absolute (default .graphgame-census/HOST-PID; removed)
      --shared          the hosts see DB.shards/ at the same path: no copies
  -e, --ext PATH        the extension, as .load takes it (default: dist/graphgame
                        of this repository, else /usr/local/lib/graphgame)
      --geng PROG       the generator (default nauty-geng, else geng): any that
                        takes res/mod and writes a graph a line, e.g.
                        nauty-gentourng (with -z: digraph6 lines; it ignores
                        res/mod for n <= 5, every part writing every
                        tournament: use -s 1 there)
      --sqlite3 PROG    the sqlite3 CLI (default sqlite3)
      --bar, --eta      progress (parallel's)
  GENG-ARGS             its arguments without -q and res/mod: "-c 10", "9 10:12",
                        "-z 8" (gentourng)
Run the same command again to resume; remove DB.shards/ to start over.
parallel's job log is DB.shards/joblog.
EOF
}

die(){ echo "census.sh: $*" >&2; exit 2; }

# One word of sh, quoted, for the job script.
shq(){ printf "'%s'" "$(printf %s "$1" | sed "s/'/'\\\\''/g")"; }

out= query= prep= merge= shards=16 jobs= ext= geng= sqlite=sqlite3
sendext=0 shared=0 remotedir= progress=() astable=0
logins=() gengargs=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o|--out|-q|--query|--query-file|-p|--prep|--prep-file|-m|--merge|-s|--shards|-j|--jobs|\
    -S|--sshlogin|--sshloginfile|--remote-dir|-e|--ext|--geng|--sqlite3)
      [ $# -ge 2 ] || die "option $1 needs a value";;
  esac
  case "$1" in
    -o|--out) out=$2; shift 2;;
    -q|--query) query=$2; shift 2;;
    --query-file) query=$(cat "$2") || die "cannot read $2"; shift 2;;
    -p|--prep) prep=$2; shift 2;;
    --prep-file) prep=$(cat "$2") || die "cannot read $2"; shift 2;;
    -m|--merge) merge=$2; shift 2;;
    -s|--shards) shards=$2; shift 2;;
    -j|--jobs) jobs=$2; shift 2;;
    -S|--sshlogin) logins+=(--sshlogin "$2"); shift 2;;
    --sshloginfile) logins+=(--sshloginfile "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift 2;;
    --send-ext) sendext=1; shift;;
    --table) astable=1; shift;;
    --remote-dir) remotedir=$2; shift 2;;
    --shared) shared=1; shift;;
    -e|--ext) ext=$2; shift 2;;
    --geng) geng=$2; shift 2;;
    --sqlite3) sqlite=$2; shift 2;;
    --bar|--eta) progress+=("$1"); shift;;
    -h|--help) usage; exit 0;;
    --) shift; gengargs+=("$@"); break;;
    *) gengargs+=("$1"); shift;;
  esac
done
[ -n "$out" ] || { usage >&2; die "no output database (-o)"; }
[ -n "$query" ] || { usage >&2; die "no query (-q)"; }
[ ${#gengargs[@]} -gt 0 ] || die "no geng arguments (the number of nodes, e.g. -c 8)"
case "$shards" in ''|*[!0-9]*|0) die "shards must be a positive integer, got '$shards'";; esac
command -v parallel >/dev/null || die "needs GNU parallel (Debian: apt-get install parallel)"
command -v "$sqlite" >/dev/null || die "no sqlite3 CLI '$sqlite'"
if [ -z "$geng" ]; then
  if command -v nauty-geng >/dev/null; then geng=nauty-geng; else geng=geng; fi
fi
if [ -z "$ext" ]; then
  if [ -f "$here/../dist/graphgame.so" ]; then ext=$(cd "$here/.." && pwd)/dist/graphgame
  else ext=/usr/local/lib/graphgame; fi
fi
case "$ext" in /*) ;; *) ext=$(pwd)/$ext;; esac
# The query is wrapped as a subquery: no trailing semicolon.
while :; do
  t=${query%%[[:space:]]}; t=${t%%;}
  [ "$t" = "$query" ] && break; query=$t
done
[ -n "$query" ] || die "the query is empty"

[ -n "$remotedir" ] || remotedir=.graphgame-census/$(hostname)-$$
work=$out.shards
mkdir -p "$work"
work=$(cd "$work" && pwd)
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")

# The census's identity: a resumed run must be the same census.
conf=$(printf 'geng %s\nshards %s\nprep %s\nquery %s\n' "${gengargs[*]}" "$shards" "$prep" "$query")
case "$(basename "$geng")" in geng|nauty-geng) ;; *) conf=$(printf '%s\ngenerator %s\n' "$conf" "$geng");; esac
if [ -f "$work/census.conf" ]; then
  [ "$(cat "$work/census.conf")" = "$conf" ] ||
    die "$work holds shards of another census (other geng arguments, shards or SQL): remove it or choose another -o"
else
  printf '%s\n' "$conf" > "$work/census.conf"
fi

# The job script: one shard, run as `bash census_shard.sh I` in a work dir.
# geng's lines go straight into sqlite3, which reads them with
# graph6_read('-'): no shard file, no import.  g6 is a TEMP view over that
# stream, read once, by the query; with prep statements (which may read
# g6 too) or --table, a table filled from it.  The shard's count of
# graphs is the generator's own: without -q, nauty's generators end with
# ">Z N graphs generated" on standard error.
loadext=$ext
if [ "$sendext" = 1 ]; then
  [ -f "$ext.so" ] || [ -f "$ext" ] || die "no extension at $ext (.so) to send"
  if [ -f "$ext.so" ]; then cp "$ext.so" "$work/graphgame.so"; else cp "$ext" "$work/graphgame.so"; fi
  loadext=./graphgame
fi
if [ -z "$prep" ] && [ "$astable" = 0 ]; then
  readg6="CREATE TEMP VIEW g6(g, rowid) AS SELECT g, line FROM graph6_read('-');"
else
  readg6="CREATE TABLE g6(g TEXT); INSERT INTO g6(rowid, g) SELECT line, g FROM graph6_read('-');"
fi
{
  echo '#!/bin/bash'
  echo '# census_shard.sh: one shard of a census, written by census.sh; bash census_shard.sh I'
  echo 'set -e'
  echo 'i=$1'
  echo "geng=$(shq "$geng") args=$(shq "${gengargs[*]}") shards=$shards"
  echo "ext=$(shq "$loadext") sqlite=$(shq "$sqlite")"
  cat <<'EOF'
out=shard_$i.db
[ -f "$out" ] && exit 0
rm -f "$out.tmp" "shard_$i.work" "shard_$i.sql" "shard_$i.log"
command -v "$geng" >/dev/null || { echo "census_shard: no $geng on $(hostname)" >&2; exit 1; }
{
  printf '.load "%s"\n' "$ext"
  echo "ATTACH 'shard_$i.db.tmp' AS r;"
  echo 'PRAGMA cache_size = -131072;'   # a GROUP BY sorts in 128 MB of memory, then in temp files
  cat <<'GG_CENSUS_PREP'
EOF
  printf '%s\n' "$readg6" "$prep"
  echo 'GG_CENSUS_PREP'
  echo '  echo "CREATE TABLE r.result AS SELECT * FROM ("'
  echo "  cat <<'GG_CENSUS_QUERY'"
  printf '%s\n' "$query"
  echo 'GG_CENSUS_QUERY'
  cat <<'EOF'
  echo ');'
} > "shard_$i.sql"
set +e
$geng $args "$i/$shards" 2> "shard_$i.log" | "$sqlite" -batch -bail "shard_$i.work" ".read shard_$i.sql" > /dev/null
st=("${PIPESTATUS[@]}")
set -e
[ "${st[1]}" = 0 ] || { echo "census_shard: shard $i: sqlite3 failed (exit ${st[1]})" >&2; exit 1; }
# 141 is SIGPIPE: a query that stopped reading before the end
[ "${st[0]}" = 0 ] || [ "${st[0]}" = 141 ] ||
  { echo "census_shard: shard $i: $geng failed (exit ${st[0]}):" >&2; cat "shard_$i.log" >&2; exit 1; }
# the shard's count of graphs: nauty's generators end with ">Z N graphs generated"
graphs=$(sed -n 's/^>Z \([0-9][0-9]*\) .*/\1/p' "shard_$i.log" | head -n 1)
"$sqlite" -batch -bail "$out.tmp" "CREATE TABLE shard(i, shards, graphs); INSERT INTO shard VALUES ($i, $shards, ${graphs:-NULL});"
rm -f "shard_$i.work" "shard_$i.sql" "shard_$i.log"
mv "$out.tmp" "$out"
EOF
} > "$work/census_shard.sh"

# The shards still to run.
todo=()
for ((i = 0; i < shards; i++)); do
  [ -f "$work/shard_$i.db" ] || todo+=("$i")
done
echo "census.sh: ${#todo[@]} of $shards shards to run (work dir $work)" >&2

t0=$(date +%s.%N)
if [ ${#todo[@]} -gt 0 ]; then
  popt=(--joblog +joblog --halt soon,fail=1 "${progress[@]}")
  [ -n "$jobs" ] && popt+=(-j "$jobs")
  if [ ${#logins[@]} -gt 0 ]; then
    popt+=("${logins[@]}")
    if [ "$shared" = 1 ]; then
      popt+=(--wd "$work")
    else
      popt+=(--wd "$remotedir" --basefile census_shard.sh --return 'shard_{}.db' --cleanup)
      [ "$sendext" = 1 ] && popt+=(--basefile graphgame.so)
    fi
  fi
  # A job on this machine (sshlogin ':') runs in the work dir itself, not
  # in the hosts' work dir (parallel's --wd applies to every sshlogin).
  job="[ \"\$PARALLEL_SSHLOGIN\" != : ] || cd $(shq "$work"); bash census_shard.sh {}"
  status=0
  (cd "$work" && printf '%s\n' "${todo[@]}" | parallel "${popt[@]}" "$job") || status=$?
  case "$remotedir" in /*) ;; *) [ ${#logins[@]} -gt 0 ] && (cd && rmdir -p "$remotedir" 2>/dev/null) || true;; esac
  [ "$status" = 0 ] ||
    die "some shards failed (see the messages above and $work/joblog); run the same command again to resume"
fi

missing=()
for ((i = 0; i < shards; i++)); do
  [ -f "$work/shard_$i.db" ] || missing+=("$i")
done
[ ${#missing[@]} -eq 0 ] || die "shards ${missing[*]} have no result (see $work/joblog); run again to resume"

# The merge: every shard's rows into temp.rows (ATTACH, INSERT, DETACH:
# SQLite attaches at most 10 databases at once), then the merge query.
if [ -z "$merge" ]; then
  cols=$("$sqlite" -batch -noheader -list "$work/shard_0.db" \
    "SELECT '\"' || replace(name, '\"', '\"\"') || '\"' FROM pragma_table_info('result') ORDER BY cid")
  mapfile -t cols <<< "$cols"
  last=${cols[${#cols[@]}-1]}
  group=$(IFS=,; echo "${cols[*]:0:${#cols[@]}-1}")
  if [ -n "$group" ]; then
    merge="SELECT $group, SUM($last) AS $last FROM rows GROUP BY $group ORDER BY $group"
  else
    merge="SELECT SUM($last) AS $last FROM rows"
  fi
fi
t1=$(date +%s.%N)
{
  printf '.load "%s"\n' "$ext"
  echo "ATTACH '$work/shard_0.db' AS s;"
  echo "CREATE TEMP TABLE rows AS SELECT * FROM s.result WHERE 0;"
  echo "CREATE TEMP TABLE shards(i, shards, graphs);"
  echo "DETACH s;"
  for ((i = 0; i < shards; i++)); do
    echo "ATTACH '$work/shard_$i.db' AS s;"
    echo "INSERT INTO rows SELECT * FROM s.result; INSERT INTO shards SELECT * FROM s.shard;"
    echo "DETACH s;"
  done
  echo "BEGIN;"
  echo "DROP TABLE IF EXISTS main.census; DROP TABLE IF EXISTS main.census_info;"
  echo "CREATE TABLE main.census AS SELECT * FROM ("
  printf '%s\n' "$merge"
  echo ");"
  echo "CREATE TABLE main.census_info(key TEXT, value);"
  echo "INSERT INTO main.census_info VALUES ('geng', $(printf %s "$geng ${gengargs[*]}" | sed "s/'/''/g; s/.*/'&'/")),"
  echo "  ('shards', $shards), ('graphs', (SELECT sum(graphs) FROM shards)),"
  echo "  ('query', $(printf %s "$query" | sed "s/'/''/g; 1s/^/'/; \$s/\$/'/")),"
  echo "  ('seconds', $(awk "BEGIN{print $t1 - $t0}"));"
  echo "COMMIT;"
  echo "SELECT * FROM main.census;"
} | "$sqlite" -batch -bail "$out"
echo "census.sh: $(basename "$out"): $("$sqlite" -batch "$out" "SELECT value FROM census_info WHERE key = 'graphs'") graphs; this run's shards took $(awk "BEGIN{printf \"%.1f\", $t1 - $t0}") s" >&2
