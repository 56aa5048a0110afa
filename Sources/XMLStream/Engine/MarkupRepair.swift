#if canImport(FoundationEssentials)
    import FoundationEssentials
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif
#else
    import Foundation
#endif
import StreamCore

/// Repairs, before libxml2 sees them, the faults that feed readers meet most in feeds from the wild and that
/// libxml2's own recover mode mends by losing text: a bare `&` (`Tom & Jerry`, `?a=1&b=2`), a `<` that starts no
/// markup (`a < b`), an HTML void element written as in HTML (`<br>`, `<img …>`, which libxml2 would leave open
/// until the end of the document, so that every later end tag closes the wrong element), and Windows-1252 bytes in
/// a document that says it is UTF-8. What comes out reads as feedparser reads such feeds: `&amp;`, `&lt;`, `<br/>`,
/// and the Windows-1252 character.
///
/// Used by ``FeedParser`` in recover mode only; every repair is reported as a warning. The decisions depend only on
/// the bytes (a unit is held back until enough of it has arrived to decide), so every chunking gives the same
/// output. Markup, comments, CDATA sections, processing instructions and the DOCTYPE pass through untouched, apart
/// from the encoding repair. Repairs change lengths; ``restore(_:)`` turns a position libxml2 reports in the
/// repaired bytes into a position in the input.
///
/// A class: libxml2 reports faults while repaired bytes are being handed to it, and positioning them reads the
/// repairs made so far, which an in-place mutation of a struct held by the parser would not allow.
package final class MarkupRepair: XMLInputStage {
    /// One repair: where it was made in the input, and what it did.
    package typealias Repair = XMLInputRepair

    /// Where the scanner stands in the document's grammar.
    private enum State: Equatable {
        case content
        case startTag(isVoid: Bool, quote: UInt8?, lastSignificant: UInt8)
        case endTag
        case comment(matched: Int)
        case cdata(matched: Int)
        case processingInstruction(afterQuestionMark: Bool)
        case declaration(depth: Int, quote: UInt8?)
    }

    /// Read and written for every byte scanned. One parser drives this scanner, one call at a time; libxml2's
    /// callbacks during `send` only read the adjustments, through `restore`. Dynamically checked: exempting it
    /// bought nothing measurable (`--child rss-recover` on 4 MB, callgrind net of start-up: 426.49 M checked,
    /// 426.24 M exempt; BENCHMARKS.md, "What unchecked exclusivity buys").
    private var state = State.content
    /// Whether invalid UTF-8 is read as Windows-1252: `nil` until the document's start shows its encoding.
    private var repairsEncoding: Bool?
    /// Whether the document is in an encoding the byte-level repairs cannot read (UTF-16, UCS-4, EBCDIC): then
    /// nothing is touched.
    private var isInactive = false
    private let defaultEncoding: String?
    /// Input held back until a unit can be decided.
    private var pending: [UInt8] = []

    /// Repairs made since the last ``takeRepairs()``.
    private var repairs: [Repair] = []
    /// Input-side position of the next byte to scan.
    private var inputOffset = 0
    private var line = 1
    private var inputColumn = 1
    /// Output-side counterparts.
    private var outputOffset = 0
    private var outputColumn = 1

    /// The length changes made, in output order, for mapping positions back (the most recent ones; older ones are
    /// folded into `foldedByteDelta`).
    private var adjustments: [Adjustment] = []
    private var foldedByteDelta = 0
    package static let keptAdjustments = 4096

    private struct Adjustment {
        package var outputOffset: Int
        package var line: Int
        package var outputColumn: Int
        package var byteDelta: Int
        package var columnDelta: Int
    }

    package init(defaultEncoding: String?) {
        self.defaultEncoding = defaultEncoding
    }

    /// Bytes held back, not yet handed on.
    package var heldByteCount: Int { pending.count }

    /// Repairs `bytes` and hands the result on through `send`, holding back an undecided end; `atEnd` decides
    /// everything held.
    package func take<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        guard pending.isEmpty else {
            var joined = pending
            joined.append(contentsOf: bytes)
            pending = []
            let outcome = joined.withUnsafeBytes { all in
                Result { () throws(E) in try scan(all, atEnd: atEnd, send) }
            }
            try outcome.get()
            return
        }
        try scan(bytes, atEnd: atEnd, send)
    }

    /// The repairs made since the last call.
    package func takeRepairs() -> [Repair] {
        defer { repairs.removeAll(keepingCapacity: true) }
        return repairs
    }

    /// A position in the repaired bytes as a position in the input.
    package func restore(_ position: StreamPosition) -> StreamPosition {
        var position = position
        var byteDelta = foldedByteDelta
        var columnDelta = 0
        for adjustment in adjustments where adjustment.outputOffset < position.byteOffset {
            byteDelta += adjustment.byteDelta
        }
        for adjustment in adjustments
        where adjustment.line == position.line && adjustment.outputColumn < position.column {
            columnDelta += adjustment.columnDelta
        }
        position.byteOffset -= byteDelta
        position.column = max(position.column - columnDelta, 1)
        return position
    }

    // MARK: - Scanning

    private func scan<E: Error>(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        if repairsEncoding == nil && !isInactive {
            guard let decision = Self.encodingDecision(bytes, atEnd: atEnd, defaultEncoding: defaultEncoding) else {
                pending.append(contentsOf: bytes)
                return
            }
            isInactive = decision == .inactive
            repairsEncoding = decision == .utf8
        }
        if isInactive {
            try send(bytes)
            return
        }
        let repairsEncoding = self.repairsEncoding == true
        var runStart = 0
        var index = 0
        /// Hands on the input from `runStart` up to `index`, then `replacement` for the `consumed` bytes at `index`.
        func replace(_ consumed: Int, with replacement: String, message: String) throws(E) {
            try pass(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]), send)
            // `withUnsafeBytes` rethrows untyped errors; carry the typed one out through a `Result`.
            let outcome = Array(replacement.utf8).withUnsafeBytes { piece in
                Result { () throws(E) in try send(piece) }
            }
            try outcome.get()
            // Markup repairs are ASCII; a Windows-1252 byte becomes one character of two or three bytes.
            let characters = replacement.unicodeScalars.count
            record(consumed: consumed, replacement: replacement.utf8.count, characters: characters, message: message)
            index += consumed
            runStart = index
        }
        scanning: while index < bytes.count {
            // Most of a document is text and tags that need nothing: skip those bytes without going through the
            // state machine, stopping at the bytes it must see.
            switch state {
            case .content:
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte >= 0x80 { break }
                    index += 1
                }
            case .startTag(_, let quote?, _):
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == quote || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte >= 0x80 { break }
                    index += 1
                }
            case .startTag(let isVoid, nil, var lastSignificant):
                while index < bytes.count {
                    let byte = bytes[index]
                    let isQuote = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
                    if isQuote || byte == UInt8(ascii: ">") || byte >= 0x80 { break }
                    if !Markup.isSpace(byte) { lastSignificant = byte }
                    index += 1
                }
                state = .startTag(isVoid: isVoid, quote: nil, lastSignificant: lastSignificant)
            case .endTag:
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ">") || byte >= 0x80 { break }
                    index += 1
                }
            default:
                break
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte >= 0x80 {
                guard repairsEncoding else {
                    index += 1
                    continue
                }
                switch UTF8Sequence.length(in: bytes, at: index) {
                case .valid(let length):
                    index += length
                case .incomplete where !atEnd:
                    break scanning
                case .incomplete, .invalid:
                    try replace(1, with: Windows1252.character(byte), message: Self.encodingMessage(byte))
                }
                continue
            }
            switch state {
            case .content:
                if byte == UInt8(ascii: "&") {
                    guard let isReference = Self.isReference(bytes, at: index, atEnd: atEnd) else { break scanning }
                    if !isReference {
                        try replace(1, with: "&amp;", message: "a bare & read as &amp;")
                        continue
                    }
                } else if byte == UInt8(ascii: "<") {
                    guard let markup = Markup.classify(bytes, at: index, atEnd: atEnd) else { break scanning }
                    switch markup {
                    case .notMarkup:
                        try replace(1, with: "&lt;", message: "a < that starts no markup read as &lt;")
                        continue
                    case .startTag(let isVoid):
                        state = .startTag(isVoid: isVoid, quote: nil, lastSignificant: byte)
                    case .voidEndTag(let length):
                        try replace(length, with: "", message: "the end tag of an HTML void element dropped")
                        continue
                    case .endTag: state = .endTag
                    case .comment:
                        state = .comment(matched: 0)
                        index += 3
                    case .cdata:
                        state = .cdata(matched: 0)
                        index += 8
                    case .processingInstruction: state = .processingInstruction(afterQuestionMark: false)
                    case .declaration: state = .declaration(depth: 0, quote: nil)
                    }
                }
            case .startTag(let isVoid, let quote, let lastSignificant):
                if let quote {
                    if byte == quote {
                        state = .startTag(isVoid: isVoid, quote: nil, lastSignificant: byte)
                    } else if byte == UInt8(ascii: "&") {
                        guard let isReference = Self.isReference(bytes, at: index, atEnd: atEnd) else {
                            break scanning
                        }
                        if !isReference {
                            try replace(1, with: "&amp;", message: "a bare & read as &amp;")
                            continue
                        }
                    } else if byte == UInt8(ascii: "<") {
                        try replace(1, with: "&lt;", message: "a < in an attribute value read as &lt;")
                        continue
                    }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .startTag(isVoid: isVoid, quote: byte, lastSignificant: byte)
                } else if byte == UInt8(ascii: ">") {
                    state = .content
                    if isVoid && lastSignificant != UInt8(ascii: "/") {
                        try replace(1, with: "/>", message: "an HTML void element closed where it opens")
                        continue
                    }
                } else if !Markup.isSpace(byte) {
                    state = .startTag(isVoid: isVoid, quote: nil, lastSignificant: byte)
                }
            case .endTag:
                if byte == UInt8(ascii: ">") { state = .content }
            case .comment(let matched):
                let next = Self.advance(matched, byte, terminator: "-->")
                state = next == 3 ? .content : .comment(matched: next)
            case .cdata(let matched):
                let next = Self.advance(matched, byte, terminator: "]]>")
                state = next == 3 ? .content : .cdata(matched: next)
            case .processingInstruction(let afterQuestionMark):
                state =
                    afterQuestionMark && byte == UInt8(ascii: ">")
                    ? .content : .processingInstruction(afterQuestionMark: byte == UInt8(ascii: "?"))
            case .declaration(let depth, let quote):
                if let quote {
                    if byte == quote { state = .declaration(depth: depth, quote: nil) }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    state = .declaration(depth: depth, quote: byte)
                } else if byte == UInt8(ascii: "[") {
                    state = .declaration(depth: depth + 1, quote: nil)
                } else if byte == UInt8(ascii: "]") {
                    state = .declaration(depth: max(depth - 1, 0), quote: nil)
                } else if byte == UInt8(ascii: ">") && depth == 0 {
                    state = .content
                }
            }
            index += 1
        }
        // The loop stops early only at a unit it cannot decide yet: that unit and what follows wait for more input.
        let end = min(index, bytes.count)
        try pass(UnsafeRawBufferPointer(rebasing: bytes[runStart..<end]), send)
        if end < bytes.count { pending.append(contentsOf: bytes[end...]) }
    }

    /// Hands on input that needs no repair, counting it on both sides.
    private func pass<E: Error>(
        _ bytes: UnsafeRawBufferPointer, _ send: (UnsafeRawBufferPointer) throws(E) -> Void
    ) throws(E) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        // Line breaks found with memchr; characters counted only after the last one, where the column is.
        var tailStart = 0
        while let hit = memchr(base + tailStart, 0x0A, bytes.count - tailStart) {
            line += 1
            tailStart = base.distance(to: UnsafeRawPointer(hit)) + 1
        }
        if tailStart > 0 {
            inputColumn = 1
            outputColumn = 1
        }
        var characters = 0
        for byte in UnsafeRawBufferPointer(rebasing: bytes[tailStart...]) where byte & 0xC0 != 0x80 { characters += 1 }
        inputColumn += characters
        outputColumn += characters
        inputOffset += bytes.count
        outputOffset += bytes.count
        try send(bytes)
    }

    /// Counts a repair: `consumed` input bytes, each one character and none a line break, became `replacement`
    /// bytes of output making `characters` characters.
    private func record(consumed: Int, replacement: Int, characters: Int, message: String) {
        if repairs.count < XMLPushParser.maximumWarnings {
            repairs.append(
                Repair(
                    position: StreamPosition(line: line, column: inputColumn, byteOffset: inputOffset),
                    message: message))
        }
        adjustments.append(
            Adjustment(
                outputOffset: outputOffset, line: line, outputColumn: outputColumn, byteDelta: replacement - consumed,
                columnDelta: characters - consumed))
        if adjustments.count > Self.keptAdjustments {
            let folded = Self.keptAdjustments / 2
            foldedByteDelta += adjustments.prefix(folded).reduce(0) { $0 + $1.byteDelta }
            adjustments.removeFirst(folded)
        }
        inputOffset += consumed
        outputOffset += replacement
        inputColumn += consumed
        outputColumn += characters
    }

    /// Progress through a three-byte terminator after reading `byte`, given `matched` bytes of it matched before.
    private static func advance(_ matched: Int, _ byte: UInt8, terminator: StaticString) -> Int {
        let pattern = UnsafeRawBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount)
        if byte == pattern[matched] { return matched + 1 }
        // `--->` and `]]]>`: a repeat of the first byte keeps what was matched so far.
        if matched == 2 && byte == pattern[1] { return 2 }
        return byte == pattern[0] ? 1 : 0
    }

    private static func encodingMessage(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(hex) is not UTF-8: read as Windows-1252"
    }
}
