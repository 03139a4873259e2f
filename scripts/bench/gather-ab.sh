#!/usr/bin/env bash
# Durable POSTs under each bound of the journal's gather (`--fsync-gather-us`), alternating in one
# run so that every bound sees the same machine: ROUNDS rounds, in each one `events-post.sh wrk
# durable` per bound and connection count; then per bound and count the medians of req/s, p99,
# CPU per request and records per sync.
#
#   scripts/bench/gather-ab.sh [BOUNDS] [CONNECTIONS] [SECONDS]     e.g. "500 100 0" "16 64" 5
#
# ROUNDS (default 3); SERVER as in events-post.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
BOUNDS=${1:-500 100 0}
CONNECTIONS=${2:-16 64}
SECONDS_=${3:-5}
ROUNDS=${ROUNDS:-3}
OUT=$(mktemp /tmp/gather-ab.XXXXXX)
trap 'rm -f "$OUT"' EXIT
for round in $(seq "$ROUNDS"); do
    for c in $CONNECTIONS; do
        for bound in $BOUNDS; do
            line=$(SERVER_FLAGS="--fsync-gather-us $bound" scripts/bench/events-post.sh wrk durable "$c" "$SECONDS_" | tail -n 1)
            echo "round $round, gather $bound us: $line"
            printf '%s\t%s\t%s\n' "$bound" "$c" "$line" >> "$OUT"
        done
    done
done
python3 - "$OUT" <<'PY'
import re, statistics, sys
rows = {}
for line in open(sys.argv[1]):
    bound, c, text = line.rstrip("\n").split("\t")
    num = lambda pattern: float(re.search(pattern, text).group(1))
    rows.setdefault((int(c), int(bound)), []).append((num(r"([\d.]+) req/s"), num(r"p99 ([\d.]+) ms"),
        num(r"([\d.]+) us CPU"), num(r"([\d.]+) records/sync")))
print("conns  gather_us   req/s  p99_ms  cpu_us/req  records/sync   (medians)")
for (c, bound), runs in sorted(rows.items(), key=lambda kv: (kv[0][0], -kv[0][1])):
    med = [statistics.median(col) for col in zip(*runs)]
    print(f"{c:5d}  {bound:9d}  {med[0]:6.0f}  {med[1]:6.2f}  {med[2]:10.1f}  {med[3]:12.1f}   ({len(runs)} runs)")
PY
