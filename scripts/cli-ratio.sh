#!/usr/bin/env bash
# The cost of printing: `feedstream KIND FILE > /dev/null` against `feedstream KIND --count FILE` on the same
# generated input (BENCHMARKS.md, issue 13's target ≥ 0.6×). Interleaved runs, median wall time of each.
#   scripts/cli-ratio.sh [BYTES] [RUNS]      default 30000000 bytes, 9 runs
set -euo pipefail
cd "$(dirname "$0")/.."
bytes=${1:-30000000}
runs=${2:-9}
swift build -c release --product feedstream >&2
swift build -c release --product Benchmarks >&2
bin=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() {  # wall seconds of one command, output discarded
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f\n", b - a }' 
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| command | input | --count s | NDJSON s | ratio |"
echo "|---|---:|---:|---:|---:|"
for kind in atom twitter jive-inbox; do
    "$bin/Benchmarks" --emit "$kind" "$bytes" > "$work/$kind"
    : > "$work/count.times"
    : > "$work/full.times"
    for _ in $(seq "$runs"); do
        seconds "$bin/feedstream" "$kind" --count "$work/$kind" >> "$work/count.times"
        seconds "$bin/feedstream" "$kind" "$work/$kind" >> "$work/full.times"
    done
    count=$(median < "$work/count.times")
    full=$(median < "$work/full.times")
    size=$(wc -c < "$work/$kind")
    awk -v k="$kind" -v s="$size" -v c="$count" -v f="$full" \
        'BEGIN { printf "| feedstream %s | %.1f MB | %.3f | %.3f | %.2f× |\n", k, s / 1e6, c, f, c / f }' 
done
