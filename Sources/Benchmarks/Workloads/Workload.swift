import Foundation

/// One benchmark input and the decoders compared on it.
struct Workload {
    /// Short name used in the table and `--json`: `atom-updates`, `twitter-search`, …
    var name: String
    /// The generated fixture it reads.
    var fixture: Fixture
    /// The FeedStream decoder under test: decodes the bytes in chunks, returns the items produced.
    var subject: @Sendable (UnsafeRawBufferPointer, Int) -> Int
    /// The C parser with no-op callbacks on the same bytes and chunk size.
    var ceiling: (UnsafeRawBufferPointer, Int) -> Int
    /// What a user would otherwise write, on the whole document: name and decoder.
    var baselines: [(name: String, decode: (Data) -> Int)]
    /// The `--child` kind that streams standard input through the subject, for the memory measurements.
    var childKind: String?
}

/// A generated input: where it lives and how to make it.
struct Fixture {
    var fileName: String
    var description: String
    var generate: (inout FixtureSink) -> Void
}
