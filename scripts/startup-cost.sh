#!/usr/bin/env bash
# Start-up cost of the command line, in instructions (callgrind counts: repeatable on a busy machine): `feedstream
# feed` on a 208-byte RSS file — what a script that runs the tool once per feed pays every time — next to the
# yardsticks it cannot beat: a bare Swift executable, one that loads Foundation, one that also loads
# FoundationNetworking (and with it libcurl and its libraries).
#
#   scripts/startup-cost.sh [FEEDSTREAM_BIN]
#
# Without an argument, builds `feedstream` in release first. Prints one row per command (instructions, and the
# dynamic loader's share from LD_DEBUG=statistics), as recorded in BENCHMARKS.md "Start-up", and fails if
# `feedstream` links what a file's decode must not load: Foundation (FoundationEssentials only), FoundationNetworking,
# libcurl (everything that fetches is in `feedstream-network`; ARCHITECTURE.md, "The command line").
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
if [ $# -ge 1 ]; then
    tool="$1"
else
    (cd "$repo" && ./scripts/with-deps.sh swift build -c release --product feedstream >&2)
    tool="$(cd "$repo" && swift build -c release --show-bin-path)/feedstream"
fi
command -v valgrind >/dev/null || { echo "startup-cost: valgrind is required" >&2; exit 1; }
forbidden="$(ldd "$tool" | awk '{ print $1 }' | grep -E '^lib(Foundation|FoundationNetworking|FoundationInternationalization|_FoundationICU|curl[^ ]*)\.so' || true)"
if [ -n "$forbidden" ]; then
    echo "startup-cost: $tool links what a file's decode must not load:" $forbidden >&2
    exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat >"$work/tiny.xml" <<'XML'
<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>one</title><link>http://example.com/1</link><guid>1</guid><pubDate>Mon, 06 Sep 2010 16:45:00 GMT</pubDate></item></channel></rss>
XML
echo 'print("x")' >"$work/bare.swift"
printf 'import Foundation\nprint(Date().timeIntervalSince1970 > 0)\n' >"$work/foundation.swift"
printf 'import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n%s\n' \
    'print(URLRequest(url: URL(string: "http://x")!).url != nil)' >"$work/networking.swift"
for name in bare foundation networking; do swiftc -O "$work/$name.swift" -o "$work/$name" 2>/dev/null; done

# Instructions executed by the whole process, start-up included. Valgrind 3.19 cannot read the debug information
# Swift 6.3 writes, so the binary is measured without it (symbols kept). (It also stops with an internal error in
# any Swift program that starts a concurrency worker thread; `feedstream` decodes a file on the main thread.)
instructions() {
    objcopy --strip-debug "$1" "$work/measured"
    shift
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$work/measured" "$@" >/dev/null \
        2>"$work/valgrind.log" || true
    grep -o 'Collected : [0-9]*' "$work/valgrind.log" | awk '{ print $3 }' | grep . || echo "n/a"
}
# Cycles the dynamic loader spends before main (its own statistics; Linux only).
loader() {
    LD_DEBUG=statistics "$@" 2>&1 >/dev/null | awk '/total startup time in dynamic loader/ { print $(NF - 1) }' | head -1
}

printf '%-44s %14s %16s\n' "command" "instructions" "loader cycles"
row() {
    local label="$1"
    shift
    printf '%-44s %14s %16s\n' "$label" "$(instructions "$@")" "$(loader "$@")"
}
row "bare Swift executable" "$work/bare"
row "+ Foundation" "$work/foundation"
row "+ FoundationNetworking" "$work/networking"
row "feedstream --help" "$tool" --help
row "feedstream feed tiny.xml (208 bytes)" "$tool" feed "$work/tiny.xml"
row "feedstream feed --count tiny.xml" "$tool" feed --count "$work/tiny.xml"
network="$(dirname "$tool")/feedstream-network"
if [ -x "$network" ]; then
    row "feedstream-network --help" "$network" --help
fi
