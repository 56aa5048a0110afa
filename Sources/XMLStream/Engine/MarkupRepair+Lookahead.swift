/// The decisions ``MarkupRepair`` makes by looking ahead of the byte it stands on. Each returns `nil` when the bytes
/// available cannot decide yet and more may come; at the end of input every question has an answer.
extension MarkupRepair {
    /// What a `<` starts.
    package enum Markup: Equatable {
        case notMarkup
        case startTag(isVoid: Bool)
        case endTag
        /// `</br>`: `length` bytes from the `<` to the `>`.
        case voidEndTag(length: Int)
        case comment
        case cdata
        case processingInstruction
        case declaration

        /// HTML's void elements that feeds carry in unescaped HTML (``HTMLVoidElements/repairedInFeeds``).
        package static let voidNames: [[UInt8]] = HTMLVoidElements.repairedInFeeds.map { Array($0.utf8) }
        /// The longest void name, plus one for the byte that ends it.
        package static let nameLookahead = (voidNames.map(\.count).max() ?? 0) + 1

        package static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        package static func isNameStart(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":") || byte >= 0x80
        }

        package static func isNameCharacter(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }

        /// What the `<` at `index` starts.
        package static func classify(_ bytes: UnsafeRawBufferPointer, at index: Int, atEnd: Bool) -> Markup? {
            guard index + 1 < bytes.count else { return atEnd ? .notMarkup : nil }
            let next = bytes[index + 1]
            switch next {
            case UInt8(ascii: "!"):
                for (opener, markup) in [("<!--", Markup.comment), ("<![CDATA[", .cdata)] {
                    let pattern = Array(opener.utf8)
                    let available = min(pattern.count, bytes.count - index)
                    guard bytes[index..<(index + available)].elementsEqual(pattern[..<available]) else { continue }
                    if available == pattern.count { return markup }
                    return atEnd ? .declaration : nil
                }
                return .declaration
            case UInt8(ascii: "?"):
                return .processingInstruction
            case UInt8(ascii: "/"):
                guard let isVoid = voidName(bytes, at: index + 2, atEnd: atEnd) else { return nil }
                guard isVoid else { return .endTag }
                // Only a plain `</br>` or `</br  >` is dropped; anything else stays for libxml2 to judge.
                var cursor = index + 2
                while cursor < bytes.count, isNameCharacter(bytes[cursor]) { cursor += 1 }
                while cursor < bytes.count, cursor - index < 32, isSpace(bytes[cursor]) { cursor += 1 }
                guard cursor < bytes.count else { return atEnd ? .endTag : nil }
                return bytes[cursor] == UInt8(ascii: ">") ? .voidEndTag(length: cursor + 1 - index) : .endTag
            default:
                guard isNameStart(next) else { return .notMarkup }
                guard let isVoid = voidName(bytes, at: index + 1, atEnd: atEnd) else { return nil }
                return .startTag(isVoid: isVoid)
            }
        }

        /// Whether the name at `start` is one of ``voidNames`` in any case, ended by a space, `/` or `>`.
        private static func voidName(_ bytes: UnsafeRawBufferPointer, at start: Int, atEnd: Bool) -> Bool? {
            var length = 0
            while length <= nameLookahead {
                guard start + length < bytes.count else {
                    if !atEnd { return nil }
                    break
                }
                let byte = bytes[start + length]
                if isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
                guard isNameCharacter(byte), length < nameLookahead else { return false }
                length += 1
            }
            guard length > 0 else { return false }
            let name = bytes[start..<(start + length)].map {
                $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0
            }
            return voidNames.contains(name)
        }
    }

    /// Whether the `&` at `index` starts a reference: `&name;`, `&#digits;` or `&#xhex;`.
    package static func isReference(_ bytes: UnsafeRawBufferPointer, at index: Int, atEnd: Bool) -> Bool? {
        // Entity names in use are short; a `;` further away than this ends no reference a feed meant to write.
        let limit = index + 40
        var cursor = index + 1
        func next() -> UInt8?? {
            guard cursor < bytes.count else { return atEnd ? .some(nil) : nil }
            return .some(bytes[cursor])
        }
        guard let first = next() else { return nil }
        guard let first else { return false }
        if first == UInt8(ascii: "#") {
            cursor += 1
            guard let marker = next() else { return nil }
            guard let marker else { return false }
            let isHex = marker == UInt8(ascii: "x") || marker == UInt8(ascii: "X")
            if isHex { cursor += 1 }
            var digits = 0
            while cursor < limit {
                guard let byte = next() else { return nil }
                guard let byte else { return false }
                if byte == UInt8(ascii: ";") { return digits > 0 }
                let isDigit =
                    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (isHex && byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
                guard isDigit else { return false }
                digits += 1
                cursor += 1
            }
            return false
        }
        guard Markup.isNameStart(first) else { return false }
        cursor += 1
        while cursor < limit {
            guard let byte = next() else { return nil }
            guard let byte else { return false }
            if byte == UInt8(ascii: ";") { return true }
            guard Markup.isNameCharacter(byte) else { return false }
            cursor += 1
        }
        return false
    }

    package enum EncodingDecision {
        /// UTF-8: the markup repairs, and invalid bytes read as Windows-1252.
        case utf8
        /// Another encoding that keeps ASCII bytes as ASCII: the markup repairs only.
        case asciiCompatible
        /// UTF-16, UCS-4 or EBCDIC: bytes are not characters here, so nothing is repaired.
        case inactive
    }

    /// The document's encoding as its first bytes show it (mark, signature, XML declaration), else the default.
    package static func encodingDecision(
        _ bytes: UnsafeRawBufferPointer, atEnd: Bool, defaultEncoding: String?
    ) -> EncodingDecision? {
        let start = Array(bytes.prefix(XMLEncodingSniffer.maximumPrefix))
        switch XMLEncodingSniffer.decide(start) {
        case .undecided where !atEnd && start.count < XMLEncodingSniffer.maximumPrefix:
            return nil
        case .documentDeclares:
            if start.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
            guard let name = declaredEncoding(start) else { return .inactive }
            return decision(for: name)
        case .undecided, .useDefault:
            return defaultEncoding.map(decision(for:)) ?? .utf8
        }
    }

    private static func decision(for name: String) -> EncodingDecision {
        let name = name.lowercased()
        if name == "utf-8" || name == "utf8" { return .utf8 }
        if name.contains("16") || name.contains("32") || name.contains("ucs") || name.contains("ebcdic") {
            return .inactive
        }
        return .asciiCompatible
    }

    /// The `encoding` named in an XML declaration at the start of `bytes` (after any blank lines).
    private static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard let opener = bytes.firstIndex(of: UInt8(ascii: "<")), bytes[opener...].starts(with: Array("<?xml".utf8)),
            let close = bytes[opener...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        let declaration = bytes[opener..<close]
        let keyword = Array("encoding".utf8)
        guard
            let at = declaration.indices.first(where: {
                declaration[$0...].starts(with: keyword)
            })
        else { return nil }
        var cursor = at + keyword.count
        while cursor < close, bytes[cursor] != UInt8(ascii: "\""), bytes[cursor] != UInt8(ascii: "'") { cursor += 1 }
        guard cursor < close else { return nil }
        let quote = bytes[cursor]
        guard let end = bytes[(cursor + 1)..<close].firstIndex(of: quote) else { return nil }
        return String(decoding: bytes[(cursor + 1)..<end], as: UTF8.self)
    }

    /// What a byte of 0x80 or above starts in UTF-8.
    package enum UTF8Sequence {
        case valid(Int)
        case incomplete
        case invalid

        package static func length(in bytes: UnsafeRawBufferPointer, at index: Int) -> UTF8Sequence {
            let lead = bytes[index]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return .invalid
            }
            for offset in 1..<length {
                guard index + offset < bytes.count else { return .incomplete }
                let byte = bytes[index + offset]
                let (floor, ceiling) = offset == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= floor && byte <= ceiling else { return .invalid }
            }
            return .valid(length)
        }
    }
}

/// Windows-1252, the encoding that bytes which are not UTF-8 in a feed claiming UTF-8 almost always are.
package enum Windows1252 {
    /// 0x80–0x9F; the five bytes Windows-1252 leaves undefined read as the C1 controls of ISO-8859-1, as Python's
    /// and WHATWG's decoders read them.
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// The character `byte` stands for.
    package static func character(_ byte: UInt8) -> String {
        let value = byte < 0xA0 ? high[Int(byte) - 0x80] : UInt32(byte)
        return String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}")
    }
}
