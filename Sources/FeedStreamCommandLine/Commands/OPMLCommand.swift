import ArgumentParser
import AtomStream
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `feedstream opml`: the feed outlines of an OPML subscription list, one JSON object each; with `--write`, the
/// same objects read back from JSON lines and written as OPML 2.0.
package struct OPMLCommand: DecodingCommand {
    package static let configuration = CommandConfiguration(
        commandName: "opml",
        abstract: "Read an OPML subscription list: one JSON line per feed outline (--write: JSON lines to OPML).",
        discussion: """
            Each line is {title, text, xmlURL, htmlURL, type, folders}: folders are the titles of the outlines \
            the feed is nested in, outermost first. Outlines that name no feed are not printed; with --all-outlines \
            every outline is, in document order, a folder before what it holds (no xmlURL). With --metadata, \
            a last line {"head": {title, dateCreated, dateModified, ownerName, ownerEmail, ownerID, docs, \
            version}} gives the document's head. With --write, JSON lines of that shape on the input (standard \
            input by default) become an OPML 2.0 document on standard output that reads back to the same outlines.
            """)

    @OptionGroup package var input: InputOptions
    @OptionGroup var recoverOption: RecoverOption
    @OptionGroup(title: "Fetching a URL") package var remote: RemoteOptions
    @Flag(help: "Read JSON lines (one outline each) and write them as an OPML 2.0 document.")
    var write = false
    @Option(help: "With --write: the document's <title>.")
    var title: String?
    @Flag(help: "Print every outline, folders and notes too (they have no xmlURL), in document order.")
    var allOutlines = false
    @Flag(help: "After the outlines, print {\"head\": {title, dateCreated, ownerName, …}} as one more line.")
    package var metadata = false

    package init() {}

    package func validate() throws {
        try validateRemote()
        if title != nil && !write { throw ValidationError("--title applies only with --write") }
        if write && input.remoteURL != nil { throw ValidationError("--write reads JSON lines from a file or `-`") }
        if write && metadata { throw ValidationError("--metadata applies only when reading OPML") }
        if write && allOutlines { throw ValidationError("--all-outlines applies only when reading OPML") }
    }

    /// The parser's options, for a file and for a URL.
    package var options: OPMLParser.Options {
        OPMLParser.Options(recover: recoverOption.recover, allOutlines: allOutlines)
    }

    package var metadataRequested: Bool { metadata }

    /// Prints the outlines that name feeds: the parser also returns empty folders, which a subscription list
    /// printed as feeds leaves out — unless every outline was asked for.
    package func decoding() -> Decoding<OPMLParser> {
        let options = options
        let printsAll = allOutlines
        return Decoding(
            makeParser: { OPMLParser(options: options) }, metadata: { ["head": $0.head] }, warnings: { $0.warnings },
            printItem: { outline, output in
                if printsAll || outline.xmlURL != nil { try output.line(outline) }
            })
    }

    package func runLocally() throws {
        if write { return try writeDocument() }
        try decode(decoding())
    }

    /// Reads JSON lines and writes the OPML document as they arrive: one line in memory at a time.
    private func writeDocument() throws {
        let output = OutputWriter()
        var writer = OPMLWriter(head: OPMLHead(title: title))
        // Every piece the writer returns ends in a line feed, which `line(raw:)` adds back.
        func emit(_ piece: String) { output.line(raw: String(piece.dropLast())) }
        emit(writer.start())
        var lines = JSONLineSplitter()
        do {
            let reader = try InputReader(path: input.input, chunkSize: input.chunkSize)
            try reader.forEachChunk { chunk in
                try lines.take(chunk) { outline in emit(writer.write(outline)) }
                output.flush()
            }
            try lines.finish { outline in emit(writer.write(outline)) }
        } catch {
            throw output.failure(error)
        }
        emit(writer.finish())
        output.flush()
    }
}

/// Cuts JSON lines out of chunks and decodes each as an ``OPMLOutline``; blank lines are skipped.
private struct JSONLineSplitter {
    private var pending: [UInt8] = []
    private var lineNumber = 0
    private let decoder = JSONDecoder()
    /// A line longer than this is refused rather than held.
    private static let maximumLineBytes = 1 << 20

    struct LineError: Error, CustomStringConvertible {
        var description: String
    }

    mutating func take(_ chunk: UnsafeRawBufferPointer, _ body: (OPMLOutline) throws -> Void) throws {
        var start = 0
        for index in 0..<chunk.count where chunk[index] == 0x0A {
            pending.append(contentsOf: chunk[start..<index])
            try decodeLine(body)
            start = index + 1
        }
        pending.append(contentsOf: chunk[start...])
        if pending.count > Self.maximumLineBytes {
            throw LineError(description: "line \(lineNumber + 1): longer than \(Self.maximumLineBytes) bytes")
        }
    }

    mutating func finish(_ body: (OPMLOutline) throws -> Void) throws {
        if !pending.isEmpty { try decodeLine(body) }
    }

    private mutating func decodeLine(_ body: (OPMLOutline) throws -> Void) throws {
        lineNumber += 1
        defer { pending.removeAll(keepingCapacity: true) }
        guard pending.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) }) else { return }
        let outline: OPMLOutline
        do {
            outline = try decoder.decode(OPMLOutline.self, from: Data(pending))
        } catch {
            throw LineError(description: "line \(lineNumber): not an outline object: \(Self.reason(error))")
        }
        try body(outline)
    }

    /// The decoding error in one line of the user's terms.
    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .keyNotFound(_, let context)?,
            .dataCorrupted(let context)?:
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "malformed JSON" : "`\(path)` has the wrong type"
        default:
            return "malformed JSON"
        }
    }
}
