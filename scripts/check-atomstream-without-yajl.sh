#!/usr/bin/env bash
# Proves that an app which reads only Atom and RSS builds AtomStream without yajl, which no Apple SDK ships, and
# that an app which only sanitizes HTML (a Mastodon or mail client) builds HTMLSanitizing alone: no feed decoder.
#
# An outside package depends on FeedStream by path with `traits: []` (JSON Feed off) and on the AtomStream product
# alone. It is built with yajl's headers, pkg-config file and libraries out of reach (hidden behind empty bind
# mounts in a private mount namespace, so nothing on the machine changes), then run: it decodes an RSS and an
# Atom document and checks that a JSON document is refused with a clear error. A second app depends on the
# HTMLSanitizing product alone and sanitizes a value. Last, the modules each build plan compiles and links are
# printed; the script fails if CYajl or yajl is among them, or if the sanitizing app links a decoder module
# (AtomStream, FeedDiscovery, JSONStream).
#
#   scripts/check-atomstream-without-yajl.sh        # exit 0 when all of that holds
#
# Needs root (or unprivileged user namespaces) for the mount namespace; without it the check still hides yajl's
# pkg-config file and says that the headers stayed in reach. FEEDSTREAM_NO_YAJL_CHECK_DIR names the throwaway
# package's folder (default under /tmp, reused between runs).
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${FEEDSTREAM_NO_YAJL_CHECK_DIR:-/tmp/feedstream-atom-only-check}"
mkdir -p "$work/Sources/ReadsFeeds" "$work/Sources/SanitizesHTML"

cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "ReadsFeedsWithoutYajl",
    dependencies: [.package(name: "FeedStream", path: "$repo", traits: [])],
    targets: [
        .executableTarget(
            name: "ReadsFeeds", dependencies: [.product(name: "AtomStream", package: "FeedStream")]),
        .executableTarget(
            name: "SanitizesHTML", dependencies: [.product(name: "HTMLSanitizing", package: "FeedStream")]),
    ],
    swiftLanguageModes: [.v6]
)
EOF

cat > "$work/Sources/ReadsFeeds/main.swift" <<'EOF'
import AtomStream

func titles(_ document: String, chunkSize: Int) throws -> (feed: String, entries: [String]) {
    let parser = FeedParser()
    let bytes = Array(document.utf8)
    var entries: [AtomEntry] = []
    var start = 0
    while start < bytes.count {
        let end = min(bytes.count, start + chunkSize)
        entries += try parser.parse(Array(bytes[start..<end]))
        start = end
    }
    entries += try parser.finish()
    return (parser.feed.format + " " + (parser.feed.title?.value ?? ""), entries.compactMap { $0.title?.value })
}

let rss = """
    <?xml version="1.0"?><rss version="2.0"><channel><title>Café</title>
    <item><title>One</title><link>https://example.org/1</link></item><item><title>Two</title></item>
    </channel></rss>
    """
let atom = """
    <feed xmlns="http://www.w3.org/2005/Atom"><title>Log</title><id>urn:x</id>
    <entry><id>urn:1</id><title>Uno</title><updated>2026-11-27T00:00:00Z</updated></entry></feed>
    """
var failures = 0
for chunkSize in [1, 7, 65536] {
    let read = try (titles(rss, chunkSize: chunkSize), titles(atom, chunkSize: chunkSize))
    if read.0.feed != "rss2.0 Café" || read.0.entries != ["One", "Two"] || read.1.feed != "atom1.0 Log"
        || read.1.entries != ["Uno"]
    {
        print("FAIL at chunk size \(chunkSize): \(read)")
        failures += 1
    }
}
do {
    _ = try titles("\n  {\"version\": \"https://jsonfeed.org/version/1.1\", \"items\": []}", chunkSize: 5)
    print("FAIL: a JSON Feed was accepted without the JSONFeed trait")
    failures += 1
} catch let error as StreamError where error.kind == .unexpectedDocument && error.line == 2 && error.column == 3 {
    print("JSON refused: \(error)")
}
if failures > 0 { fatalError("\(failures) checks failed") }
print("RSS and Atom decoded without yajl: rss2.0 Café [One, Two], atom1.0 Log [Uno]")
EOF

cat > "$work/Sources/SanitizesHTML/main.swift" <<'EOF'
import Foundation
import HTMLSanitizing

let status = #"<p onclick="x()">Hi <a href="javascript:alert(1)">you</a> <img src="/a.png"><script>x</script></p>"#
let safe = HTMLSanitizer(baseURL: URL(string: "https://social.example/@ann/1")).sanitize(status)
guard safe == #"<p>Hi <a>you</a> <img src="https://social.example/a.png" /></p>"# else { fatalError("got \(safe)") }
print("HTML sanitized by HTMLSanitizing alone: \(safe)")
EOF

build_and_run() {
    cd "$work"
    swift build --product ReadsFeeds 2>&1 | tail -n 5
    "$(swift build --show-bin-path)/ReadsFeeds"
    swift build --product SanitizesHTML 2>&1 | tail -n 5
    "$(swift build --show-bin-path)/SanitizesHTML"
}

hidden=()
hide_yajl() {
    # Empty stand-ins for every yajl file the toolchain could find: headers, pkg-config file, libraries.
    local empty="$work/.empty"
    mkdir -p "$empty"
    for dir in /usr/include/yajl /usr/local/include/yajl; do
        if [ -d "$dir" ]; then mount --bind "$empty" "$dir"; hidden+=("$dir"); fi
    done
    for file in $(find /usr/lib /usr/local/lib /usr/share/pkgconfig -maxdepth 3 \( -name 'libyajl*' -o -name 'yajl.pc' \) 2>/dev/null); do
        mount --bind /dev/null "$file"
        hidden+=("$file")
    done
}

if [ "${1:-}" = "--inside-namespace" ]; then
    hide_yajl
    echo "hidden: ${hidden[*]:-nothing (yajl is not installed)}"
    if pkg-config --exists yajl 2>/dev/null || [ -s /usr/include/yajl/yajl_parse.h ]; then
        echo "FAIL: yajl is still in reach" >&2
        exit 1
    fi
    build_and_run
    exit 0
fi

if unshare --mount --propagation private true 2>/dev/null; then
    unshare --mount --propagation private "$0" --inside-namespace
elif unshare --user --map-root-user --mount true 2>/dev/null; then
    unshare --user --map-root-user --mount "$0" --inside-namespace
else
    echo "no mount namespace here: yajl's pkg-config file is hidden, its headers stay in reach" >&2
    mkdir -p "$work/.pkgconfig"
    for pc in $(pkg-config --variable pcfiledir libxml-2.0)/libxml-2.0.pc; do cp "$pc" "$work/.pkgconfig/"; done
    PKG_CONFIG_LIBDIR="$work/.pkgconfig" build_and_run
fi

# The graph as built: the modules whose objects were linked into the app, then anything in the app's or
# AtomStream's build commands, or in the binary's libraries, that names yajl.
cd "$work"
bin="$(swift build --show-bin-path)"
echo "modules linked into ReadsFeeds (dependency graph as built):"
sed 's#.*/\([^/]*\)\.build/.*#\1#' "$bin/ReadsFeeds.product/Objects.LinkFileList" | sort -u | sed 's/^/  /'
commands="$(awk '/^  "C\.(AtomStream|ReadsFeeds)-[^"]*":/,/^    description/' .build/debug.yaml)"
[ -n "$commands" ] || { echo "FAIL: no build command for AtomStream found in .build/debug.yaml" >&2; exit 1; }
if grep -q -i 'yajl' "$bin/ReadsFeeds.product/Objects.LinkFileList" || grep -q -i 'yajl' <<<"$commands" \
    || ldd "$bin/ReadsFeeds" | grep -q -i 'yajl'; then
    echo "FAIL: the app's graph names yajl" >&2
    exit 1
fi
echo "modules linked into SanitizesHTML:"
links="$bin/SanitizesHTML.product/Objects.LinkFileList"
sed 's#.*/\([^/]*\)\.build/.*#\1#' "$links" | sort -u | sed 's/^/  /'
if grep -q -i -E '/(AtomStream|FeedDiscovery|JSONStream|CYajl)\.build/' "$links" \
    || ldd "$bin/SanitizesHTML" | grep -q -i 'yajl'; then
    echo "FAIL: the sanitizing app links a decoder module or yajl" >&2
    exit 1
fi
echo "OK: AtomStream without the JSONFeed trait builds, decodes RSS and Atom, and its graph has no CYajl;"
echo "    HTMLSanitizing alone builds and sanitizes, linking no feed decoder"
