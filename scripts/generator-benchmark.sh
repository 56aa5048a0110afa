#!/usr/bin/env bash
# The real generators' feeds through the benchmark (issue 43): made by scripts/make-generator-corpus.sh, then
# measured by instructions (callgrind on `Benchmarks --child KIND 65536`, each count less the same kind's on the
# 1-post feed of the same generator, which takes start-up and the feed's frame away) and by wall time
# (`Benchmarks --generator-corpus`, the three decoders interleaved in one process).
#
#   scripts/generator-benchmark.sh BENCHMARKS_BINARY [POSTS] [WORK_DIR]
#
# BENCHMARKS_BINARY is a release build (`swift build -c release --product Benchmarks`: .build/release/Benchmarks).
# Prints two Markdown tables. Kinds: `libxml2` (libxml2's SAX push parser with no-op callbacks, the raw decode's
# floor), `rss-raw` (FeedParser keeping HTML as written), `rss` (FeedParser as shipped, sanitizing).
set -euo pipefail
benchmarks="${1:?usage: scripts/generator-benchmark.sh BENCHMARKS_BINARY [POSTS] [WORK_DIR]}"
posts="${2:-100}"
work="${3:-$(mktemp -d)}"
here="$(cd "$(dirname "$0")" && pwd)"
command -v valgrind >/dev/null || { echo "generator-benchmark: valgrind is needed" >&2; exit 1; }
"$here/make-generator-corpus.sh" "$work/feeds" "$posts" >/dev/null
"$here/make-generator-corpus.sh" "$work/one" 1 >/dev/null
# Without debug information, as the callgrind figures of BENCHMARKS.md are taken.
cp "$benchmarks" "$work/Benchmarks"
strip --strip-debug "$work/Benchmarks"

instructions() { # KIND FILE → instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/Benchmarks" --child "$1" 65536 <"$2" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

echo "| feed | bytes | libxml2 no-op | raw | sanitized | raw / no-op | sanitized / raw |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for feed in "$work/feeds"/*; do
    name="$(basename "$feed")"
    counts=()
    for kind in libxml2 rss-raw rss; do
        whole="$(instructions "$kind" "$feed")"
        frame="$(instructions "$kind" "$work/one/$name")"
        counts+=("$((whole - frame))")
    done
    python3 - "$name" "$(wc -c <"$feed")" "${counts[@]}" <<'PY'
import sys
name, size, floor, raw, sanitized = sys.argv[1], int(sys.argv[2]), *map(int, sys.argv[3:])
print(f"| {name} | {size:,} | {floor / 1e6:,.2f} M | {raw / 1e6:,.2f} M | {sanitized / 1e6:,.2f} M "
      f"| {raw / floor:.3f}× | {sanitized / raw:.3f}× |")
PY
done
echo
"$work/Benchmarks" --generator-corpus "$work/feeds"
