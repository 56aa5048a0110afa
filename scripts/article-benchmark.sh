#!/usr/bin/env bash
# Article extraction side by side: `feedstream extract` (release), trafilatura and readability-lxml (PyPI) on
# Mozilla Readability's test pages in one run — mean 4-gram shingle F1 (scripts/article-f1.py, the tests' scoring),
# MB/s of source HTML — then feedstream's peak RSS on those pages and on hostile pages made here (100 MB of nested
# divs, a million tiny paragraphs, 20 MB of random bytes).
#   scripts/article-benchmark.sh [path/to/release/feedstream]   (needs python3 with trafilatura, readability-lxml)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tool="${1:-$here/../.build/release/feedstream}"
corpus="${FEEDSTREAM_CORPUS:-$here/../../shared/corpus}/readability-test-pages"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 "$here/article-f1.py" --corpus "$corpus" --feedstream "$tool" \
    --extractors feedstream,trafilatura,readability-lxml --runs 3 2>/dev/null

peak() { # $1: label; the rest: the command. Prints the label, wall seconds, peak RSS and the output's start.
    local label="$1"; shift
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > "$work/out" 2>/dev/null || true
    awk -v label="$label" -v out="$(head -c 60 "$work/out" | tr -d '\n')" \
        '{ printf "%-28s %7.2f s  peak RSS %6.1f MiB  %s\n", label, $1, $2 / 1024, out }' "$work/time"
}
pages=()
for folder in "$corpus"/*/; do pages+=("$folder/source.html"); done
peak "readability pages (130)" "$tool" extract --base-url http://fakehost/test/page.html "${pages[@]}"
largest=$(ls -S "${pages[@]}" | head -1 || true)
peak "largest page ($(($(stat -c %s "$largest") / 1024)) KiB)" "$tool" extract "$largest"

python3 - "$work" <<'PY'
import random, sys
work = sys.argv[1]
n = 100_000_000 // 11
with open(f"{work}/nested.html", "w") as f:
    f.write("<html><body>" + "<div>" * n + "<p>deep</p>" + "</div>" * n + "</body></html>")
with open(f"{work}/million.html", "w") as f:
    f.write("<html><body><div>" + "".join(f"<p>w{i % 10}</p>" for i in range(1_000_000)) + "</div></body></html>")
random.seed(44)
open(f"{work}/garbage.bin", "wb").write(random.randbytes(20_000_000))
PY
peak "100 MB nested divs" "$tool" extract "$work/nested.html"
peak "a million paragraphs" "$tool" extract "$work/million.html"
peak "20 MB random bytes" "$tool" extract "$work/garbage.bin"
