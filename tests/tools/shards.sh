#!/bin/sh
# Run shell commands at once, one a core, for the long targets whose shards
# have no timing to disturb (make oom, make valgrind):
#   sh tests/tools/shards.sh NAME 'command 1' 'command 2' ...
# Each command's output goes to dist/NAME.<i>.log; when all have ended the
# logs are printed in order, then one line "NAME: P passed, F failed"
# summing their "N passed, N failed" lines.  Exits 1 when any command
# failed.
set -u
name="$1"; shift
mkdir -p dist
rm -f dist/"$name".*.log
i=0; pids=""
for cmd in "$@"; do
  sh -c "$cmd" > dist/"$name".$i.log 2>&1 &
  pids="$pids $!"
  i=$((i+1))
done
rc=0
for p in $pids; do wait "$p" || rc=1; done
i=0
for cmd in "$@"; do cat dist/"$name".$i.log; i=$((i+1)); done
cat dist/"$name".*.log | awk -v name="$name" '
  /^[0-9]+ passed, [0-9]+ failed$/ { p += $1; f += $3 }
  END { print name ": " p " passed, " f " failed" }'
exit $rc
