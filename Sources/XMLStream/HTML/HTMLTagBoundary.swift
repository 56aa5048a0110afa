import StreamCore

/// Holds back an HTML tag that has not ended yet, so that libxml2's HTML push parser never receives a chunk that
/// ends inside one: what a page yields must not depend on where the network cut it.
///
/// libxml2 (2.9.14) parses a start tag as soon as a look-ahead finds a `>` outside quotes, counting every quote,
/// but reads the attributes by its own rules, where a quote opens a value only after `=`. Where the two disagree
/// (`<a" title="x>y" …`), a tag cut by a chunk boundary is read with its value truncated at the cut, and the same
/// page gives other attributes — and other feeds — in another chunking (found by the `discover` fuzz target).
/// Tags are delimited here by the attribute reading (`htmlParseStartTag`): a name, blanks, `=`, a value quoted with
/// `"` or `'` or unquoted up to a blank or `>`, anything else skipped up to a blank, `>` or `/>`. End tags are held
/// too, up to their `>`: cut inside `</script>`, libxml2 2.9.14 drops the rest of the page; and so are comments,
/// up to `-->`, and declarations and processing instructions, up to `>`: cut inside `<!DOCTYPE`, it reads the page
/// as body text (both also found by the fuzz target). Everything up to the start of an unfinished tag goes to
/// libxml2; the tag follows, with what completes it, in one chunk.
///
/// Where libxml2 reads no tags (comments, `script`), this may hold bytes that need not be held: that delays them,
/// never changes what libxml2 is given. At most ``maximumHeld`` bytes are held; past that they go as they are.
/// Not covered: a byte that is not UTF-8 where libxml2 detects the encoding (it falls back to Latin-1 where it meets
/// the byte, and how far it has parsed by then depends on the chunks); the fuzz target still finds such pages.
package struct HTMLTagBoundary: Sendable {
    /// Held bytes (an unfinished tag, from its `<`) above which they are handed over anyway: memory stays bounded
    /// on a page that never closes a tag, at the price of chunk-dependent reading of that tag.
    package static let maximumHeld = 1 << 20

    private enum State: Equatable {
        case text
        /// After `<`: a tag if a letter follows, an end tag if `/` and a letter do.
        case open
        case endTagOpen
        /// An end tag, up to the first `>` (libxml2 skips whatever is between its name and `>`).
        case endTag
        /// After `<!`: a comment if `--` follows, else a declaration (`<!DOCTYPE …>`).
        case bang
        case bangDash
        /// A declaration or processing instruction (`<?…>`), up to `>`.
        case declaration
        /// A comment, with the number of `-` just read: `-->` ends it.
        case comment(dashes: Int)
        case tagName
        case beforeAttribute
        case attributeName
        case afterAttributeName
        case beforeValue
        case quotedValue(UInt8)
        case unquotedValue
        /// Bytes libxml2 skips as a bogus attribute, up to a blank, `>` or `/>`.
        case skipped
        /// After a `/` inside a tag: the tag ends if `>` follows.
        case slash
    }

    private var state = State.text
    /// The unfinished tag, from its `<`.
    private var held: [UInt8] = []

    package init() {}

    /// Bytes given and not yet handed to libxml2.
    package var heldCount: Int { held.count }

    /// Hands `bytes` to `parser`, except an unfinished tag at their end, which waits for the rest; returns the
    /// backlog: libxml2's and the bytes held here.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, to parser: HTMLPushParser) throws(StreamError) -> Int {
        let heldBefore = held.count
        var tagStart: Int? = held.isEmpty ? nil : 0
        for index in bytes.indices {
            advance(bytes[index])
            if state == .open {
                tagStart = heldBefore + index
            } else if state == .text {
                tagStart = nil
            }
        }
        let total = heldBefore + bytes.count
        var cut = tagStart ?? total
        if total - cut > Self.maximumHeld {
            cut = total
            state = .text
        }
        var backlog = 0
        if heldBefore == 0 {
            backlog = try parser.feed(UnsafeRawBufferPointer(rebasing: bytes[..<cut]))
            held.append(contentsOf: bytes[cut...])
        } else {
            // The held tag and what follows it go in one chunk, never split where the tag was cut.
            held.append(contentsOf: bytes)
            if cut > 0 {
                backlog = try Self.feed(held, count: cut, to: parser)
                held.removeFirst(cut)
            }
        }
        return backlog + held.count
    }

    /// Hands over whatever is held: the end of the input, where libxml2 reads an unfinished tag as it is.
    package mutating func flush(to parser: HTMLPushParser) throws(StreamError) {
        defer {
            held = []
            state = .text
        }
        guard !held.isEmpty else { return }
        _ = try Self.feed(held, count: held.count, to: parser)
    }

    private static func feed(_ bytes: [UInt8], count: Int, to parser: HTMLPushParser) throws(StreamError) -> Int {
        // `withUnsafeBytes` rethrows untyped; the parser's StreamError is all its body throws.
        do {
            return try bytes.withUnsafeBytes { try parser.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        } catch {
            throw error as! StreamError
        }
    }

    private mutating func advance(_ byte: UInt8) {
        switch state {
        case .text:
            if byte == UInt8(ascii: "<") { state = .open }
        case .open:
            if Self.isLetter(byte) {
                state = .tagName
            } else if byte == UInt8(ascii: "/") {
                state = .endTagOpen
            } else if byte == UInt8(ascii: "!") {
                state = .bang
            } else if byte == UInt8(ascii: "?") {
                state = .declaration
            } else {
                state = byte == UInt8(ascii: "<") ? .open : .text
            }
        case .bang:
            state = byte == UInt8(ascii: "-") ? .bangDash : byte == UInt8(ascii: ">") ? .text : .declaration
        case .bangDash:
            state = byte == UInt8(ascii: "-") ? .comment(dashes: 0) : byte == UInt8(ascii: ">") ? .text : .declaration
        case .declaration:
            if byte == UInt8(ascii: ">") { state = .text }
        case .comment(let dashes):
            if byte == UInt8(ascii: "-") {
                state = .comment(dashes: dashes + 1)
            } else {
                state = byte == UInt8(ascii: ">") && dashes >= 2 ? .text : .comment(dashes: 0)
            }
        case .endTagOpen:
            if Self.isLetter(byte) {
                state = .endTag
            } else {
                state = byte == UInt8(ascii: "<") ? .open : .text
            }
        case .endTag:
            if byte == UInt8(ascii: ">") { state = .text }
        case .tagName:
            if !Self.isNameByte(byte) { inTag(byte) }
        case .beforeAttribute:
            inTag(byte)
        case .attributeName:
            if Self.isBlank(byte) {
                state = .afterAttributeName
            } else if byte == UInt8(ascii: "=") {
                state = .beforeValue
            } else if !Self.isNameByte(byte) {
                inTag(byte)
            }
        case .afterAttributeName:
            if byte == UInt8(ascii: "=") {
                state = .beforeValue
            } else if !Self.isBlank(byte) {
                inTag(byte)
            }
        case .beforeValue:
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .quotedValue(byte)
            } else if byte == UInt8(ascii: ">") {
                state = .text
            } else if !Self.isBlank(byte) {
                state = .unquotedValue
            }
        case .quotedValue(let quote):
            if byte == quote { state = .beforeAttribute }
        case .unquotedValue:
            if Self.isBlank(byte) {
                state = .beforeAttribute
            } else if byte == UInt8(ascii: ">") {
                state = .text
            }
        case .skipped:
            // Up to a blank, `>` or `/`, which end a bogus attribute as they end any other.
            if Self.isBlank(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { inTag(byte) }
        case .slash:
            // `/>` ends the tag; any other `/` is skipped with what follows it, as a bogus attribute.
            if byte == UInt8(ascii: ">") {
                state = .text
            } else {
                state = .skipped
                advance(byte)
            }
        }
    }

    /// A byte between attributes (or right after the element's name).
    private mutating func inTag(_ byte: UInt8) {
        if Self.isBlank(byte) {
            state = .beforeAttribute
        } else if byte == UInt8(ascii: ">") {
            state = .text
        } else if byte == UInt8(ascii: "/") {
            state = .slash
        } else if Self.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") {
            state = .attributeName
        } else {
            state = .skipped
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// libxml2's `htmlParseHTMLName`: letters, digits, `:`, `-`, `_` and `.`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }

    /// libxml2's `IS_BLANK_CH`: space, tab, line feed, carriage return.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
