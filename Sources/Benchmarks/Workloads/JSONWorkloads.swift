import Foundation
import JSONStream

enum JSONWorkloads {
    static let jivePrefixLength = "throw 'allowIllegalResourceCall is false.';".utf8.count

    static func all(quick: Bool) -> [Workload] {
        let scale = quick ? 10 : 1
        let twitterBytes = 100_000_000 / scale
        let sideBytes = 50_000_000 / scale
        return [
            Workload(
                name: "twitter-search",
                fixture: Fixture(
                    fileName: "twitter-search-\(twitterBytes / 1_000_000)mb.json",
                    description: "Twitter v1.1 search response",
                    generate: { TwitterGenerator(seed: 2014).searchResponse(bytes: twitterBytes, into: &$0) }),
                subject: { ChunkedDecode.read(TwitterSearchParser(), $0, chunkSize: $1, touch: FieldDigest.tweet) },
                ceiling: { YajlCeiling.parse($0, chunkSize: $1) },
                baselines: [
                    ("Foundation JSONDecoder", { FoundationJSONBaselines.decodeSearch($0) }),
                    ("Foundation JSONSerialization", { FoundationJSONBaselines.serialize($0, arrayKey: "statuses") }),
                ],
                childKind: "twitter"),
            Workload(
                name: "twitter-stream",
                fixture: Fixture(
                    fileName: "twitter-stream-\(twitterBytes / 1_000_000)mb.ndjson",
                    description: "Twitter stream, CRLF-delimited with keep-alives",
                    generate: { TwitterGenerator(seed: 2014).stream(bytes: twitterBytes, into: &$0) }),
                subject: { ChunkedDecode.count(TwitterStreamParser(), $0, chunkSize: $1) },
                ceiling: { YajlCeiling.parse($0, chunkSize: $1, multipleValues: true) },
                baselines: [],
                childKind: "twitter-stream"),
            Workload(
                name: "jive-inbox",
                fixture: Fixture(
                    fileName: "jive-inbox-\(sideBytes / 1_000_000)mb.json",
                    description: "Jive REST v3 inbox with the security prefix",
                    generate: { JiveGenerator(seed: 2015).inbox(bytes: sideBytes, into: &$0) }),
                subject: { ChunkedDecode.read(JiveInboxParser(), $0, chunkSize: $1, touch: FieldDigest.jiveEntry) },
                ceiling: { YajlCeiling.parseAfterJivePrefix($0, chunkSize: $1) },
                baselines: [
                    (
                        "Foundation JSONSerialization",
                        {
                            FoundationJSONBaselines.serialize($0, arrayKey: "list", skippingPrefix: jivePrefixLength)
                        }
                    )
                ],
                childKind: "jive-inbox"),
            Workload(
                name: "employees",
                fixture: Fixture(
                    fileName: "employees-nested-\(sideBytes / 1_000_000)mb.json",
                    description: "WebSphere-style {\"employees\":[…]} page of nested records into a user Decodable",
                    generate: { EmployeesGenerator(seed: 2016).page(bytes: sideBytes, into: &$0) }),
                subject: {
                    ChunkedDecode.read(
                        JSONItemParser<EmployeeRecord>(path: Paths.employees), $0, chunkSize: $1, touch: \.fieldDigest)
                },
                ceiling: { YajlCeiling.parse($0, chunkSize: $1) },
                baselines: [
                    ("Foundation JSONDecoder", { FoundationJSONBaselines.decodeEmployees($0) }),
                    ("Foundation JSONSerialization", { FoundationJSONBaselines.serialize($0, arrayKey: "employees") }),
                ],
                childKind: nil),
        ]
    }
}
