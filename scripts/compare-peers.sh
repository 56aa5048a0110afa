#!/usr/bin/env bash
# Times FeedStream against the Python parsers a user would pick instead, in one run, on the same generated files,
# and prints a Markdown table. Optional: neither the tests nor CI run it (it needs PyPI and a release build).
#
#   scripts/compare-peers.sh [MEGABYTES] [RUNS]        defaults: 50 MB per input, best of 3 runs
#
# Inputs come from `Benchmarks --emit KIND BYTES` (the generators the benchmark uses, seed 7): a Connections-style
# Atom feed, a Twitter v1.1 search response and a Jive v3 inbox. FeedStream decodes every item into its model and is
# timed two ways: inside its process from reading the file to the last item (`Benchmarks --time KIND FILE`), as the
# peers are, and as the command a user runs, `feedstream KIND FILE --count` (release build; process start-up, ~20 ms,
# included). Each peer runs inside one Python process: reading the file and parsing it are timed, starting Python
# and importing the module are not. The verdict compares the in-process times. Peers:
#   Atom    feedparser, fastfeedparser, feedparser-rs (each builds its entry dictionaries; feedparser-rs with
#           max_entries raised from its default 10,000, or it would stop early)
#   tweets  orjson (whole document into dicts), ijson (streaming, each tweet as a dict; yajl2_c backend), json
#   Jive    the same three, after the `throw 'allowIllegalResourceCall is false.';` prefix
# The virtual environment lives in .build/peers-venv and the inputs in .build/peers-inputs.
set -euo pipefail
cd "$(dirname "$0")/.."
megabytes="${1:-50}"
runs="${2:-3}"
bytes=$((megabytes * 1000000))

venv=.build/peers-venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    feedparser fastfeedparser feedparser-rs ijson orjson

swift build -c release --product Benchmarks >/dev/null
swift build -c release --product feedstream >/dev/null
bin="$(swift build -c release --show-bin-path)"

inputs=.build/peers-inputs
mkdir -p "$inputs"
for kind in atom twitter jive-inbox; do
    file="$inputs/$kind-${megabytes}mb"
    [ -s "$file" ] || "$bin/Benchmarks" --emit "$kind" "$bytes" >"$file"
done

"$venv/bin/python" - "$bin/feedstream" "$bin/Benchmarks" "$inputs" "$megabytes" "$runs" <<'PYTHON'
import json, os, subprocess, sys, time

feedstream, benchmarks, inputs, megabytes, runs = sys.argv[1:5] + [int(sys.argv[5])]
JIVE_PREFIX = b"throw 'allowIllegalResourceCall is false.';"


def best(work):
    """Best wall-clock time of `runs` runs (the machine is shared) and the item count of the last."""
    times, count = [], None
    for _ in range(runs):
        start = time.perf_counter()
        count = work()
        times.append(time.perf_counter() - start)
    return min(times), count


def read(path, skip=0):
    with open(path, "rb") as handle:
        data = handle.read()
    return data[skip:] if skip else data


def feedstream_count(kind, path):
    def work():
        out = subprocess.run([feedstream, kind, path, "--count"], check=True, capture_output=True, text=True)
        return int(out.stdout.split('"items":')[1].split(",")[0].split("}")[0])
    return work


def feedstream_in_process(kind, path):
    """The decoder timed inside its own process from reading the file to having every item, as the peers are."""
    def work():
        out = subprocess.run([benchmarks, "--time", kind, path], check=True, capture_output=True, text=True)
        figures = json.loads(out.stdout)
        return figures["seconds"], figures["items"]
    return work


def best_reported(work):
    """As `best`, for work that reports its own time."""
    results = [work() for _ in range(runs)]
    return min(seconds for seconds, _ in results), results[-1][1]


def peers_for(kind, path):
    if kind == "atom":
        import feedparser, fastfeedparser, feedparser_rs
        rs_limits = feedparser_rs.ParserLimits(max_entries=1_000_000, max_feed_size_bytes=1 << 31)
        return [
            ("feedparser", lambda: len(feedparser.parse(read(path)).entries)),
            ("fastfeedparser", lambda: len(fastfeedparser.parse(read(path)).entries)),
            # Its default limits stop at 10,000 entries; it sizes buffers from max_entries, so not unlimited.
            ("feedparser-rs", lambda: len(feedparser_rs.parse_with_limits(read(path), limits=rs_limits).entries)),
        ]
    import json, orjson, ijson
    backend = ijson.get_backend("yajl2_c") if "yajl2_c" in ijson.ALL_BACKENDS else ijson
    key, skip = ("statuses", 0) if kind == "twitter" else ("list", len(JIVE_PREFIX))

    def streamed():
        with open(path, "rb") as handle:
            if skip:
                handle.read(skip)
            return sum(1 for _ in backend.items(handle, key + ".item"))

    return [
        ("orjson", lambda: len(orjson.loads(read(path, skip))[key])),
        ("ijson (%s)" % getattr(backend, "backend_name", "default"), streamed),
        ("json (stdlib)", lambda: len(json.loads(read(path, skip))[key])),
    ]


names = {"atom": "Atom (Connections)", "twitter": "Twitter search", "jive-inbox": "Jive inbox"}
print("| input | peer | peer s | FeedStream s, in process | `feedstream --count` s, process | items "
      "| FeedStream speed-up (in process / process) | verdict |")
print("|---|---|---:|---:|---:|---:|---:|---|")
for kind in ("atom", "twitter", "jive-inbox"):
    path = os.path.join(inputs, "%s-%smb" % (kind, megabytes))
    size = os.path.getsize(path) / 1e6
    for name, work in peers_for(kind, path):
        # FeedStream is timed next to each peer, so a burst of load on the shared machine hits both.
        inside, our_count = best_reported(feedstream_in_process(kind, path))
        process, process_count = best(feedstream_count(kind, path))
        theirs, their_count = best(work)
        note = "" if their_count == our_count == process_count else " (peer found %s items)" % their_count
        # The verdict compares like with like: both sides timed inside their process, start-up excluded.
        speedup = theirs / inside
        verdict = "FeedStream leads" if speedup > 1.05 else ("on par" if speedup >= 0.95 else "peer leads")
        print("| %s, %.1f MB | %s | %.3f | %.3f | %.3f | %d | %.2f× / %.2f× | %s%s |"
              % (names[kind], size, name, theirs, inside, process, our_count, speedup, theirs / process, verdict,
                 note))
PYTHON
