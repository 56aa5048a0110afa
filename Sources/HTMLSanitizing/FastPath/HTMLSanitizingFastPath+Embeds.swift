#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
@_spi(StreamPlumbing) import StreamCore
@_spi(XMLEngine) import XMLStream

/// The elements the sanitizer drops that blogs embed in nearly every post: an `iframe` (a video; its content kept)
/// and a `script` with its text (a tweet's or an embed's loader).
extension HTMLSanitizingFastPath.Scanner {
    /// The rest of the start tag of an element the sanitizer does not write, from its attributes: they are
    /// skipped (bare, or quoted values without `<`); the element stays open, its content read on (`iframe`), or
    /// its text is skipped to its end tag (`script`, whose text libxml2 reads raw up to the first `</`: that
    /// must be `</script>`).
    mutating func droppedTag(_ element: Int, dropsContent: Bool) -> Bool {
        while true {
            let blanks = skipBlanks()
            guard index < bytes.count else { return false }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard blanks > 0, name(allowsHyphen: true) != nil, index < bytes.count else { return false }
            guard bytes[index] == UInt8(ascii: "=") else { continue }
            guard index + 1 < bytes.count else { return false }
            let quote = bytes[index + 1]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return false }
            index += 2
            while index < bytes.count, bytes[index] != quote {
                guard isPlainByte(at: index), bytes[index] != UInt8(ascii: "<") else { return false }
                index += 1
            }
            guard index < bytes.count else { return false }
            index += 1
        }
        guard dropsContent else {
            return push(element)
        }
        while index + 1 < bytes.count, bytes[index] != UInt8(ascii: "<") || bytes[index + 1] != UInt8(ascii: "/") {
            guard isPlainByte(at: index) else { return false }
            index += 1
        }
        let end = "</script>".utf8
        guard index + end.count <= bytes.count,
            zip(bytes[index..<index + end.count], end).allSatisfy({ Self.lowercased($0) == $1 })
        else { return false }
        index += end.count
        return true
    }

    /// Whether the byte at `index` is one libxml2 reads as it is inside a tag or raw text: not a control
    /// character but tab and line feed, not the start of U+FFFE or U+FFFF.
    func isPlainByte(at index: Int) -> Bool {
        let byte = bytes[index]
        guard byte >= 0x20 || byte == 0x09 || byte == 0x0A else { return false }
        return byte != 0xEF || !startsNonCharacter(at: index)
    }

    /// Whether the 0xEF at `index` begins U+FFFE or U+FFFF. They are no XML characters: libxml2 decides what
    /// becomes of them, so the fast path gives the value up to it.
    @inline(__always)
    func startsNonCharacter(at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE
    }

    /// `byte` with an ASCII capital letter made small.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
