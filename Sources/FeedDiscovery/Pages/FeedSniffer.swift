/// Tells from a document's first bytes whether it is a feed, and of which format, without parsing it: how
/// ``FeedFinder`` confirms a candidate before cancelling its transfer.
///
/// Skips a byte-order mark, white space, the XML declaration, comments, processing instructions and a doctype,
/// then reads the first element's name: `rss` (RSS 0.9x/2.0), `feed` (Atom), `RDF` with any prefix (RSS 1.0);
/// a JSON object is a JSON Feed when a jsonfeed.org `version` appears in its first bytes. Anything else — `html`
/// first of all — is not a feed. At most ``maximumBytes`` are looked at.
package struct FeedSniffer: Sendable {
    /// What the first bytes said.
    package enum Verdict: Sendable, Hashable {
        /// A feed, with its media type (`application/rss+xml`, `application/atom+xml`, `application/rdf+xml`,
        /// `application/feed+json`).
        case feed(type: String)
        case notFeed
    }

    /// The bytes looked at, at most: a feed's root element (or JSON Feed's `version`) comes long before.
    package static let maximumBytes = 8192

    private var held: [UInt8] = []

    package init() {}

    /// The bytes taken so far (all of them held until the verdict).
    package var bytes: [UInt8] { held }

    /// Takes bytes; returns the verdict once the bytes decide it (or `atEnd`), else `nil`.
    package mutating func take(_ bytes: UnsafeRawBufferPointer, atEnd: Bool) -> Verdict? {
        held.append(contentsOf: bytes.prefix(max(0, Self.maximumBytes - held.count)))
        if let verdict = Self.verdict(held[...]) { return verdict }
        return atEnd || held.count >= Self.maximumBytes ? .notFeed : nil
    }

    /// The verdict `bytes` give, or `nil` when more are needed.
    static func verdict(_ bytes: ArraySlice<UInt8>) -> Verdict? {
        var index = bytes.startIndex
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while true {
            while index < bytes.endIndex, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                return json(bytes[index...])
            case UInt8(ascii: "<"):
                guard index + 1 < bytes.endIndex else { return nil }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                    let isComment = bytes[(index + 1)...].starts(with: Array("!--".utf8))
                    guard let end = bytes.index(after: isComment ? Array("-->".utf8) : [UInt8(ascii: ">")], from: index)
                    else { return nil }
                    index = end
                    continue
                }
                return root(bytes[(index + 1)...])
            default:
                return .notFeed
            }
        }
    }

    /// The first element's name decides, once it is complete.
    private static func root(_ bytes: ArraySlice<UInt8>) -> Verdict? {
        guard let end = bytes.firstIndex(where: { isSpace($0) || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") })
        else { return nil }
        let name = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
        let local = name.split(separator: ":").last.map(String.init) ?? name
        switch local {
        case "rss": return .feed(type: "application/rss+xml")
        case "feed": return .feed(type: "application/atom+xml")
        case "RDF": return .feed(type: "application/rdf+xml")
        default: return .notFeed
        }
    }

    /// A JSON object is a JSON Feed when its `version` names jsonfeed.org; decided once that member (or the end
    /// of the bytes looked at) is reached.
    private static func json(_ bytes: ArraySlice<UInt8>) -> Verdict? {
        if bytes.index(after: Array("jsonfeed.org/version".utf8), from: bytes.startIndex) != nil {
            return .feed(type: "application/feed+json")
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
