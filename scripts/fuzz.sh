#!/usr/bin/env bash
# Builds the libFuzzer harness (Sources/FeedStreamFuzz) with -sanitize=fuzzer,address and runs one target for a
# given time over a seed corpus drawn from ../shared/corpus.
#
#   scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags]
#   TARGET: atom | atom-recover | twitter-search | twitter-stream | jive-inbox | json-items | xml-items | feed |
#           feed-recover | feed-json | sanitizer | sanitizer-paths | discover | opml | page-metadata | article
#
# Findings (crash-*, leak-*, timeout-*) are written to .build-fuzz/findings/TARGET/; replay one with
#   FEEDSTREAM_FUZZ_TARGET=TARGET swift run FeedStreamFuzz FILE
# Extra arguments that name folders are more seed corpora (libFuzzer reads them, and writes nothing there).
# FEEDSTREAM_FUZZ_WORK=DIR puts the working corpus (seeds copied from ../shared/corpus, and what libFuzzer adds) and
# the findings under DIR instead of .build-fuzz, e.g. in /tmp.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:?usage: scripts/fuzz.sh TARGET SECONDS}"
seconds="${2:?usage: scripts/fuzz.sh TARGET SECONDS}"
shift 2

scripts/with-deps.sh true
swift build -c release --product FeedStreamFuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING

corpus="../shared/corpus"
work="${FEEDSTREAM_FUZZ_WORK:-.build-fuzz}/corpus/$target"
findings="${FEEDSTREAM_FUZZ_WORK:-.build-fuzz}/findings/$target"
mkdir -p "$work" "$findings"
seed() { # copy seed files, each under 256 KiB, into the working corpus (libFuzzer adds what it discovers there)
    [ -d "$corpus/$1" ] || { echo "fuzz: seed folder $corpus/$1 is absent" >&2; return; }
    find "$corpus/$1" -type f -size -256k \( -name '*.xml' -o -name '*.json' -o -name '*.ndjson' -o -name '*.txt' \) \
        -exec cp -n {} "$work/" \; 2>/dev/null || true
}
case "$target" in
atom | atom-recover) seed connections; seed feedparser/wellformed/atom10; seed feedparser/illformed ;;
twitter-search) seed twitter/v1-search; seed twitter/v1.1-search; seed json-test-suite/test_parsing ;;
twitter-stream) seed twitter/streaming ;;
jive-inbox) seed jive ;;
json-items) seed json-test-suite; seed jive; seed twitter ;;
xml-items) cp -n Fixtures/samples/fellowship-one/*.xml "$work/"; seed connections ;;
feed-recover) seed feedparser/illformed; seed feedparser/wellformed/rss; seed feedparser/entities ;;
feed) seed feedparser/wellformed/rss; seed feedparser/wellformed/rdf; seed feedparser/wellformed/atom; seed feedparser/entities ;;
feed-json)
    seed json-test-suite/test_parsing
    printf '%s' '{"version":"https://jsonfeed.org/version/1.1","title":"T","home_page_url":"https://x.example/","next_url":"n.json","authors":[{"name":"A","url":"u"}],"items":[{"id":1,"url":"/a","title":"A","content_html":"<p>x</p>","date_published":"2020-01-02T03:04:05Z","tags":["t"],"attachments":[{"url":"a.mp3","mime_type":"audio/mpeg","size_in_bytes":9,"duration_in_seconds":1.5}],"image":"i.png","_x":{"y":[1]}}]}' >"$work/seed-jsonfeed-1.1.json"
    printf '%s' '{"version":"https://jsonfeed.org/version/1","title":"T","author":{"name":"A"},"items":[{"id":"2","content_text":"t","author":{"name":"B"},"summary":"s","banner_image":"b.png","external_url":"e"}]}' >"$work/seed-jsonfeed-1.0.json"
    ;;
sanitizer | sanitizer-paths)
    seed feedparser/wellformed/sanitize; seed feedparser/wellformed/namespace
    # The browser check's vectors, one a file (SVG and MathML among them).
    n=0; while IFS= read -r line; do n=$((n + 1)); printf '%s' "$line" >"$work/seed-vector-$n.html"; done \
        <scripts/sanitizer-browser-check/xss-vectors.txt
    # What the real generators write (Fixtures/generators: Rouge, Pygments, pandoc, KaTeX, WordPress, Code Block
    # Pro), one post's HTML a file.
    python3 - "$work" Fixtures/generators/*.rss Fixtures/generators/*.atom <<'PY'
import sys, xml.etree.ElementTree as tree
work, n = sys.argv[1], 0
for path in sys.argv[2:]:
    for element in tree.parse(path).iter():
        if element.tag.split('}')[-1] in ('description', 'content', 'encoded') and element.text and '<' in element.text:
            n += 1
            open(f'{work}/seed-generator-{n}.html', 'w', encoding='utf-8').write(element.text)
PY
    ;;
discover) printf '<html><head><link rel="alternate" type="application/rss+xml" href="/f"><base href="x/"></head>' \
    >"$work/page.html" ;;
opml)
    printf '%s' '<?xml version="1.0"?><opml version="2.0"><head><title>T &amp; U</title><dateCreated>Mon, 02 Nov 2026 10:00:00 GMT</dateCreated></head><body><outline text="F" title="F"><outline text="A" type="rss" xmlUrl="/a.xml" htmlUrl="h" category="/x,/y"/><outline text="G"><outline TEXT="B" XMLURL="http://b/" description="&lt;d&gt;"/></outline></outline><outline text="P" type="rss" url="p.xml"/></body></opml>' >"$work/seed.opml.xml"
    printf '%s' '<opml version="1.0"><body><outline text="Caf&eacute;" xmlurl="http://c/&#233;"/></body></opml>' >"$work/seed-1.0.opml.xml"
    ;;
page-metadata)
    printf '%s' '<!DOCTYPE html><html><head><meta charset="utf-8"><title> T </title><link rel="icon" sizes="16x16" type="image/png" href="/i.png"><link rel="apple-touch-icon" href="a.png"><link rel="mask-icon" href="m.svg"><meta property="og:image" content="/og.png"><meta name="twitter:image" content="t.png"><link rel="hub" href="https://hub/"><link rel="alternate" type="application/json" href="/f.json"><base href="x/"></head><body><a href="/feed/">f</a><a href="a.rss">r</a></body></html>' >"$work/page.html"
    printf '<html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>Caf\xe9</title></head><body></body></html>' >"$work/latin1.html"
    ;;
article) # Readability's small test pages (under 256 KiB) as seeds
    for folder in ../shared/corpus/readability-test-pages/*/; do
        size=$(stat -c %s "$folder/source.html" 2>/dev/null || echo 999999)
        [ "$size" -lt 262144 ] && cp "$folder/source.html" "$work/seed-$(basename "$folder").html"
    done ;;
*) echo "fuzz: unknown target $target" >&2; exit 2 ;;
esac

# Swift's own crash backtracer would run inside AddressSanitizer's signal handling and make it report itself.
FEEDSTREAM_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=1" SWIFT_BACKTRACE="enable=no" \
    .build-fuzz/release/FeedStreamFuzz "$work" -max_total_time="$seconds" -max_len=262144 -timeout=20 \
    -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 "$@"
