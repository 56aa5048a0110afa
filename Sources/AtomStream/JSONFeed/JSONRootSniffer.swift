// Built with the JSONFeed trait only (on by default): without it AtomStream needs no yajl.
#if JSONFeed
/// Tells the JSON syntaxes of feeds apart from their first bytes: a document whose first member is `rss`
/// (`{"rss": {…}}`) is RSS-in-JSON, any other JSON document is read as a JSON Feed (which refuses what is not
/// one). Bytes arrive in chunks of any size, so it is a state machine over single bytes.
struct JSONRootSniffer {
    enum Syntax {
        case jsonFeed, rssInJSON
    }

    private enum State {
        /// Before the document's `{`.
        case leading
        /// After `{`, before the first member's name.
        case afterBrace
        /// Inside the first member's name, this many bytes of `rss` matched.
        case inName(Int)
    }

    private var state = State.leading
    private static let rss: [UInt8] = Array("rss".utf8)

    /// Reads bytes until the syntax is known; `nil` while more are needed.
    mutating func take(_ bytes: UnsafeRawBufferPointer) -> Syntax? {
        for byte in bytes {
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            switch state {
            case .leading:
                // A byte order mark belongs to the document's start too; the engine skips it.
                if isSpace || byte == 0xEF || byte == 0xBB || byte == 0xBF { continue }
                guard byte == UInt8(ascii: "{") else { return .jsonFeed }
                state = .afterBrace
            case .afterBrace:
                if isSpace { continue }
                guard byte == UInt8(ascii: "\"") else { return .jsonFeed }
                state = .inName(0)
            case .inName(let matched):
                if matched == Self.rss.count { return byte == UInt8(ascii: "\"") ? .rssInJSON : .jsonFeed }
                guard byte == Self.rss[matched] else { return .jsonFeed }
                state = .inName(matched + 1)
            }
        }
        return nil
    }

    /// Bytes held before deciding beyond this many are read as a JSON Feed (the white space before a document
    /// is the only unbounded part): memory stays bounded whatever precedes the first member.
    static let maximumHeldBytes = 1 << 16
}
#endif
