#!/usr/bin/env bash
# Where the machine's CPU went while CI's lanes ran (Linux /proc; prints nothing elsewhere).
#
#   .ci/cpu-meter.sh snapshot FILE   writes the machine's CPU counters and the PostgreSQL server's
#                                    processes' CPU seconds to FILE
#   .ci/cpu-meter.sh report BEFORE AFTER LANE_CPU_SECONDS
#                                    prints the cores, the load average, the busy share of the
#                                    machine between the two snapshots, and how much of that the
#                                    lanes (their processes and children: jobs, browsers, servers)
#                                    and the PostgreSQL server (every database's, other users'
#                                    too) used; the rest is other work on the machine.
set -euo pipefail

ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)

snapshot() {
  [ -r /proc/stat ] || return 0
  local postgres=0 pid stat
  # utime stime cutime cstime (fields 14-17; 12-15 after the command's ") ") of every postgres
  # process: the postmaster's cutime holds the backends that ended.
  for pid in $(pgrep -x postgres 2>/dev/null || true); do
    stat=$(cat "/proc/$pid/stat" 2>/dev/null) || continue
    postgres=$((postgres + $(awk '{ print $12 + $13 + $14 + $15 }' <<<"${stat##*) }" 2>/dev/null || echo 0)))
  done
  {
    echo "time $(date +%s.%N)"
    head -1 /proc/stat
    echo "postgres $postgres"
  } >"$1"
}

report() {
  local before=$1 after=$2 lanes=$3
  [ -s "$before" ] && [ -s "$after" ] || return 0
  awk -v ticks="$ticks" -v lanes="$lanes" -v cores="$(nproc)" -v loadavg="$(cut -d' ' -f1-3 /proc/loadavg)" '
    FNR == 1 { t[FILENAME == ARGV[1]] = $2 }
    $1 == "cpu" { busy = 0; for (i = 2; i <= 9; i++) if (i != 5 && i != 6) busy += $i; idle = $5 + $6; b[FILENAME == ARGV[1]] = busy; id[FILENAME == ARGV[1]] = idle }
    $1 == "postgres" { p[FILENAME == ARGV[1]] = $2 }
    END {
      wall = t[0] - t[1]; busy = (b[0] - b[1]) / ticks; idle = (id[0] - id[1]) / ticks; pg = (p[0] - p[1]) / ticks
      if (wall <= 0) exit
      printf "%d cores, load average at the end %s; over the lanes %.0f s: the machine busy %.0f%% (%.0f CPU s)\n", cores, loadavg, wall, 100 * busy / (busy + idle), busy
      printf "  lanes (their processes and children) %.0f CPU s, PostgreSQL server (all databases) %.0f CPU s, other work %.0f CPU s\n", lanes, pg, busy - lanes - pg
    }' "$before" "$after"
}

case "${1:-}" in
  snapshot) snapshot "$2" ;;
  report) report "$2" "$3" "$4" ;;
  *) echo "usage: $0 snapshot FILE | report BEFORE AFTER LANE_CPU_SECONDS" >&2; exit 2 ;;
esac
