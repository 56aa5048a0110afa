import AtomStream
import Foundation

enum AtomWorkloads {
    static func updatesFeed(entries: Int) -> Fixture {
        Fixture(
            fileName: "atom-updates-\(entries).xml",
            description: "Connections-style Atom updates feed, \(entries) entries",
            generate: { sink in AtomFeedGenerator(entries: entries, seed: 2013).write(to: &sink) })
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, chunkSize: Int) -> Int {
        ChunkedDecode.read(AtomParser(), bytes, chunkSize: chunkSize, touch: FieldDigest.atomEntry)
    }

    static func workload(entries: Int) -> Workload {
        Workload(
            name: "atom-updates",
            fixture: updatesFeed(entries: entries),
            subject: { decode($0, chunkSize: $1) },
            ceiling: { LibXML2Ceiling.parse($0, chunkSize: $1) },
            baselines: [("Foundation XMLParser", { FoundationXMLBaseline.parse($0) })],
            childKind: "atom")
    }
}
