#!/usr/bin/env bash
# Proves that the products' public API is only the API: an app package outside this one, depending on FeedStream
# by path, must compile (and run) code written against the documented API, and must NOT be able to name the
# plumbing (`ChunkIntake`, `ByteAccumulator`, … — `package` or SPI declarations).
#
#   scripts/check-public-api.sh            # exit 0 when both hold; prints one line per plumbing name
#
# FEEDSTREAM_API_CHECK_DIR names the throwaway package's folder (default: a fixed folder under /tmp, so that a
# second run reuses its build). FeedStreamServices is left out: it only re-exports the modules checked here, and
# building swift-crypto would triple the time.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${FEEDSTREAM_API_CHECK_DIR:-/tmp/feedstream-public-api-check}"
mkdir -p "$work/Sources/UsesPublicAPI" "$work/Sources/NamesPlumbing"

cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let feedStream: [Target.Dependency] = [
    .product(name: "StreamCore", package: "FeedStream"), .product(name: "XMLStream", package: "FeedStream"),
    .product(name: "AtomStream", package: "FeedStream"), .product(name: "JSONStream", package: "FeedStream"),
    .product(name: "HTMLSanitizing", package: "FeedStream"), .product(name: "FeedDiscovery", package: "FeedStream"),
]
let package = Package(
    name: "FeedStreamAPICheck",
    dependencies: [.package(name: "FeedStream", path: "$repo")],
    targets: [
        .executableTarget(name: "UsesPublicAPI", dependencies: feedStream),
        .executableTarget(name: "NamesPlumbing", dependencies: feedStream),
    ],
    swiftLanguageModes: [.v6]
)
EOF

# What an app writes: every parser through its documented initialiser, items out of parse/finish.
cat > "$work/Sources/UsesPublicAPI/main.swift" <<'EOF'
import AtomStream
import FeedDiscovery
import Foundation
import HTMLSanitizing
import JSONStream
import StreamCore
import XMLStream

struct Person: Decodable, Sendable { var id: Int; var name: String }
struct Employee: Decodable, Sendable { var firstName: String }

let people = try XMLItemParser<Person>(path: "results/person", options: .init(limits: .default))
var names = try people.parse(Array(#"<results><person id="1"><name>Ann</name></person>"#.utf8)).map(\.name)
names += try people.parse(Array("</results>".utf8)).map(\.name)
names += try people.finish().map(\.name)

let employees = try JSONItemParser<Employee>(path: "employees[*]", options: .init(limits: .default))
names += try employees.parseAll(Array(#"{"employees":[{"firstName":"Bo"}]}"#.utf8)).map(\.firstName)

let feed = FeedParser(options: .init(limits: .default))
names += try feed.parseAll(Array("<rss version=\"2.0\"><channel><item><title>Cy</title></item></channel></rss>".utf8))
    .compactMap { $0.title?.value }
let atom = AtomParser(options: .init(limits: .default))
_ = try atom.parseAll(Array(#"<feed xmlns="http://www.w3.org/2005/Atom"/>"#.utf8))
// parse/finish, jsonText and the deprecated init(limits:) come from package protocols' extensions: an app must
// still be able to call them.
let search = TwitterSearchParser(options: .init(limits: .default))
names += try search.parseAll(Array(#"{"statuses":[{"id_str":"7","text":"Di"}]}"#.utf8)).map(\.text)
let stream = TwitterStreamParser(options: .init(limits: .default))
_ = try Array(#"{"id_str":"8","text":"Ed"}"#.utf8 + [10]).withUnsafeBytes { try stream.parse($0) }
_ = try stream.finish()
_ = JiveInboxParser(limits: .default)
func itemCount(_ parser: some StreamingParser, _ bytes: [UInt8]) throws -> Int { try parser.parseAll(bytes).count }
_ = try itemCount(JiveInboxParser(), Array(#"{"list":[]}"#.utf8))
var text = ""
JSONValue.object([JSONMember(key: "a", value: .null)]).write(to: &text)
names.append(text + XMLRecordValue.null.jsonText)
// The modules that were AtomStream's folders: named by their own imports (AtomStream re-exports them too).
names.append(HTMLSanitizer().sanitize(#"<b onclick="x()">Fa</b>"#))
let opml = #"<opml version="2.0"><body><outline text="Gu" xmlUrl="https://g.test/feed"/></body></opml>"#
names += try OPMLParser().parseAll(Array(opml.utf8)).compactMap(\.displayName)

do {
    _ = try XMLItemParser<Person>(path: "results/[person]")
    print("FAIL: an invalid XML path was accepted by init")
} catch let error as StreamError {
    names.append("invalid path: \(error.kind)")
}
print(names.joined(separator: ", "))
EOF

# Plumbing an app must not be able to name: one reference per line, each line must be an error.
plumbing=(
    "_ = ChunkIntake.self"
    "_ = ByteAccumulator.self"
    "_ = CompletedItems<Int>.self"
    "_ = LineCounter.self"
    "_ = StreamLifecycle.self"
    "_ = MemberCodingKey.self"
    "_ = IndexCodingKey.self"
    "_ = JSONCompactText.self"
    "_ = JSONStringLiteral.self"
    "_ = JSONWriter.self"
    "_ = XMLPushParser.self"
    "_ = XMLName.self"
    "_ = XMLStartTag.self"
    "_ = JSONEngine.self"
    "_ = HTMLSanitizingSession.self"
    "_ = HTMLAllowList.self"
    "_ = FeedSniffer.self"
    "_ = URLResolution.self"
    "_ = AtomParser().intakeStatistics"
    "_ = try XMLItemParser<XMLRecordValue>(path: \"a\").intakeStatistics"
    "_ = try JSONItemParser<JSONValue>(path: \"\$\").intakeStatistics"
)
{
    printf 'import AtomStream\nimport FeedDiscovery\nimport HTMLSanitizing\nimport JSONStream\nimport StreamCore\n'
    printf 'import XMLStream\n'
    printf '%s\n' "${plumbing[@]}"
} > "$work/Sources/NamesPlumbing/main.swift"
first_line=7

cd "$work"
echo "== building the public-API user (FeedStream at $repo)"
# A failed build must fail the check, not run the binary an earlier run left behind.
if ! log="$(swift build --product UsesPublicAPI 2>&1)"; then
    grep -E "error" <<<"$log" | head -20
    echo "FAIL: code written against the public API did not compile"
    exit 1
fi
grep -E "warning: .*deprecated|Build complete" <<<"$log" || true
output="$(swift run --skip-build UsesPublicAPI)"
echo "   output: $output"
expected="Ann, Bo, Cy, Di, {\"a\":null}null, <b>Fa</b>, Gu, invalid path: misuse"
if [[ "$output" != "$expected" ]]; then
    echo "FAIL: the public-API user printed \"$output\", expected \"$expected\""
    exit 1
fi

echo "== building the plumbing user: it must fail, with an error on every line"
if log="$(swift build --product NamesPlumbing 2>&1)"; then
    echo "FAIL: code naming the plumbing compiled"
    exit 1
fi
status=0
for index in "${!plumbing[@]}"; do
    line=$((first_line + index))
    if grep -qE "main.swift:$line:[0-9]+: error: " <<<"$log"; then
        reason="$(grep -E "main.swift:$line:[0-9]+: error: " <<<"$log" | head -1 | sed -E 's/.*error: //')"
        echo "   not nameable: ${plumbing[$index]}   ($reason)"
    else
        echo "FAIL: nameable from outside: ${plumbing[$index]}"
        status=1
    fi
done
[[ $status == 0 ]] && echo "OK: the public API compiles and runs; no plumbing name is reachable"
exit $status
