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
/// The content of `script` and `style` is raw text to libxml2, up to `</script` or `</style` (any case), and how
/// it reads that text depends on where it was cut: given `</scr` alone it takes it for text, never sees the end
/// tag and reads the rest of the page as script; a `</` that ends nothing, or a `<` (`a<b`), cut at the wrong
/// byte, changes the text events (issue 44). So a `script` or `style` start tag (by name, any case; not one that
/// ends with `/>`, which libxml2 closes at once) is held with its content, up to the `>` of the end tag that closes
/// it, and goes in one chunk with that end tag. Inside that content nothing else is a tag, a comment or a quote.
///
/// Where libxml2 reads no tags (comments), this may hold bytes that need not be held: that delays them, never
/// changes what libxml2 is given. At most ``maximumHeld`` bytes are held; past that they go as they are (inside
/// `script` or `style`, the rest of that content too, as it comes).
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
        /// The content of `script` or `style`, with the number of bytes of `</` and the element's name just read.
        case rawText(RawTextElement, matched: Int)
        /// After `</script` or `</style`, up to `>` (libxml2 skips what comes between). `closes` is `nil` right
        /// after the name, then whether the end tag is the element's own: `</scripts>` is another element's.
        case rawTextEndTag(RawTextElement, closes: Bool?)

        var isRawText: Bool {
            switch self {
            case .rawText, .rawTextEndTag: true
            default: false
            }
        }
    }

    /// The elements whose content libxml2 reads as raw text (`htmlParseScript`): `script` and `style`, no others.
    private enum RawTextElement: Equatable {
        case script
        case style

        /// Lowercase.
        var name: StaticString { self == .script ? "script" : "style" }
    }

    private var state = State.text
    /// The unfinished tag, from its `<` (a `script` or `style` element, from its start tag's `<`).
    private var held: [UInt8] = []
    /// The first 8 bytes of the current start tag's name, lowercase, packed from the lowest byte, and its length:
    /// whether it names `script` or `style`, without an allocation per tag.
    private var tagNamePrefix: UInt64 = 0
    private var tagNameLength = 0

    package init() {}

    /// Bytes given and not yet handed to libxml2.
    package var heldCount: Int { held.count }

    /// Hands `bytes` to `parser`, except an unfinished tag at their end, which waits for the rest; returns the
    /// backlog: libxml2's and the bytes held here.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, to parser: HTMLPushParser) throws(StreamError) -> Int {
        let heldBefore = held.count
        var tagStart: Int? = held.isEmpty ? nil : 0
        var index = 0
        while index < bytes.count {
            // Where only one byte can change the state, the bytes before it are passed over at once (`memchr`).
            if let awaited = awaitedByte {
                guard let found = Self.index(of: awaited, in: bytes, from: index) else {
                    if case .text = state { tagStart = nil }
                    break
                }
                index = found
            }
            advance(bytes[index])
            switch state {
            case .open: tagStart = heldBefore + index
            case .text: tagStart = nil
            default: break
            }
            index += 1
        }
        let total = heldBefore + bytes.count
        var cut = tagStart ?? total
        if total - cut > Self.maximumHeld {
            cut = total
            // Still inside `script` or `style` to libxml2: its content goes on as it comes, never read as tags.
            if !state.isRawText { state = .text }
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

    /// The one byte that can change the state, where there is one: `<` in text and raw text (before any of its
    /// end tag is matched), the closing quote in a quoted value, `-` in a comment.
    private var awaitedByte: UInt8? {
        switch state {
        case .text, .rawText(_, matched: 0): UInt8(ascii: "<")
        case .quotedValue(let quote): quote
        case .comment(dashes: 0): UInt8(ascii: "-")
        default: nil
        }
    }

    private static func index(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    private mutating func advance(_ byte: UInt8) {
        switch state {
        case .text:
            if byte == UInt8(ascii: "<") { state = .open }
        case .open:
            if Self.isLetter(byte) {
                state = .tagName
                tagNamePrefix = 0
                tagNameLength = 0
                addToTagName(byte)
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
            if Self.isNameByte(byte) { addToTagName(byte) } else { inTag(byte) }
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
                endStartTag()
            } else if !Self.isBlank(byte) {
                state = .unquotedValue
            }
        case .quotedValue(let quote):
            if byte == quote { state = .beforeAttribute }
        case .unquotedValue:
            if Self.isBlank(byte) {
                state = .beforeAttribute
            } else if byte == UInt8(ascii: ">") {
                endStartTag()
            }
        case .skipped:
            // Up to a blank, `>` or `/`, which end a bogus attribute as they end any other.
            if Self.isBlank(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { inTag(byte) }
        case .slash:
            // `/>` ends the tag, and libxml2 ends a `script` or `style` so written at once: no raw text follows.
            // Any other `/` is skipped with what follows it, as a bogus attribute.
            if byte == UInt8(ascii: ">") {
                state = .text
            } else {
                state = .skipped
                advance(byte)
            }
        case .rawText(let element, let matched):
            let next = Self.rawTextMatch(element, matched: matched, byte)
            state = next == 2 + element.name.utf8CodeUnitCount
                ? .rawTextEndTag(element, closes: nil) : .rawText(element, matched: next)
        case .rawTextEndTag(let element, let closes):
            if byte == UInt8(ascii: ">") {
                state = closes ?? true ? .text : .rawText(element, matched: 0)
            } else if closes == nil {
                // libxml2 reads the end tag's whole name: a name byte right after `script` makes it another name.
                state = .rawTextEndTag(element, closes: !Self.isNameByte(byte))
            }
        }
    }

    /// The `>` of a start tag: the content of `script` and `style` is raw text, anything else is read as markup.
    private mutating func endStartTag() {
        if let element = rawTextElement {
            state = .rawText(element, matched: 0)
        } else {
            state = .text
        }
    }

    private mutating func addToTagName(_ byte: UInt8) {
        if tagNameLength < 8 { tagNamePrefix |= UInt64(byte | 0x20) << (8 * UInt64(tagNameLength)) }
        tagNameLength += 1
    }

    /// The raw-text element the current start tag names, if any. `| 0x20` lowercases letters and leaves the digits
    /// and `-` `.` `:` `_` of a name unequal to any letter, so the packed name matches only `script` or `style`.
    private var rawTextElement: RawTextElement? {
        if tagNameLength == 6 && tagNamePrefix == Self.packedScript { return .script }
        if tagNameLength == 5 && tagNamePrefix == Self.packedStyle { return .style }
        return nil
    }

    private static let packedScript = pack("script")
    private static let packedStyle = pack("style")

    private static func pack(_ name: StaticString) -> UInt64 {
        (0..<name.utf8CodeUnitCount).reduce(0) { $0 | UInt64(name.utf8Start[$1]) << (8 * UInt64($1)) }
    }

    /// How many bytes of `</` and `element`'s name (any case, as libxml2's `xmlStrncasecmp`) are read once `byte`
    /// follows `matched` of them. A mismatch starts over, at `<` if that is the byte.
    private static func rawTextMatch(_ element: RawTextElement, matched: Int, _ byte: UInt8) -> Int {
        let expected: UInt8
        switch matched {
        case 0: expected = UInt8(ascii: "<")
        case 1: expected = UInt8(ascii: "/")
        default: expected = element.name.utf8Start[matched - 2]
        }
        let matches = matched < 2 ? byte == expected : isLetter(byte) && byte | 0x20 == expected
        if matches { return matched + 1 }
        return byte == UInt8(ascii: "<") ? 1 : 0
    }

    /// A byte between attributes (or right after the element's name).
    private mutating func inTag(_ byte: UInt8) {
        if Self.isBlank(byte) {
            state = .beforeAttribute
        } else if byte == UInt8(ascii: ">") {
            endStartTag()
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
