#!/usr/bin/env bash
# Minimal reproduction, outside this package, of a swift-corelibs-foundation property URLSessionTransport lives with:
# every URLSession's libcurl work is serialized together, so while one session's body is inflated (a 256 MiB gzip
# bomb from a loopback server), another session's `dataTask(with:)` waits for it. Measured on the 2-core test machine
# (Swift 6.3.1): 0.87-1.56 s with the bomb running, at most 0.03 s without. Prints both cases three times.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
port=$((20000 + RANDOM % 20000))
python3 "$here/server.py" "$port" &
server=$!
swiftc -O "$here/repro.swift" -o "$work/repro" 2>/dev/null
sleep 2 # the server compresses the bomb first
for _ in 1 2 3; do
    echo "-- another session, no bomb running"
    "$work/repro" "$port"
    echo "-- another session, a bomb inflating in the first"
    "$work/repro" "$port" bomb
done
