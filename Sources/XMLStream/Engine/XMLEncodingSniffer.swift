/// Decides whether a caller-supplied default encoding (an HTTP `charset`) applies to a document: only when the
/// document names none itself, through a byte-order mark, a UTF-16/UCS-4 signature or an XML declaration's
/// `encoding`.
///
/// libxml2 cannot be told "use this encoding unless the document says otherwise": once an encoder is installed,
/// it decodes every byte pushed with it — the XML declaration included — and a later `encoding="UTF-8"` does not
/// undo that. So the first bytes are held back here until the document's start has been seen, and the encoder
/// is installed (or not) before libxml2 sees a single byte.
package struct XMLEncodingSniffer {
    package enum Decision: Equatable {
        /// More bytes are needed to tell.
        case undecided
        /// The document names its encoding (or libxml2 detects it from a signature): leave libxml2 alone.
        case documentDeclares
        /// The document names no encoding: use the default.
        case useDefault
    }

    /// An XML declaration is a few dozen bytes; one not closed within this many is not one libxml2 will accept.
    package static let maximumPrefix = 4096

    /// The IANA name of the encoding to use when the document names none.
    package let defaultEncoding: String
    /// The bytes held back so far, from the first byte of the document.
    private(set) var prefix: [UInt8] = []

    package init(defaultEncoding: String) {
        self.defaultEncoding = defaultEncoding
    }

    /// Holds `bytes` and decides if it can; `atEnd` means no more input will come.
    package mutating func take(_ bytes: UnsafeRawBufferPointer, atEnd: Bool) -> Decision {
        prefix.append(contentsOf: bytes)
        let decision = Self.decide(prefix)
        if decision == .undecided && (atEnd || prefix.count > Self.maximumPrefix) { return .useDefault }
        return decision
    }

    package static func decide(_ bytes: [UInt8]) -> Decision {
        let signatures: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE],  // byte-order marks
            [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00],  // UCS-4 "<"
            [0x00, 0x3C, 0x00, 0x3F], [0x3C, 0x00, 0x3F, 0x00],  // UTF-16 "<?" without a mark
            [0x4C, 0x6F, 0xA7, 0x94],  // EBCDIC "<?xm"
        ]
        for signature in signatures {
            if bytes.starts(with: signature) { return .documentDeclares }
            if bytes.count < signature.count && signature.starts(with: bytes) { return .undecided }
        }
        // Servers sometimes send blank lines before the declaration; libxml2 then rejects it, but the document
        // still meant to name its encoding, so look past them.
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return .undecided }
        let opener: [UInt8] = Array("<?xml".utf8)
        let rest = bytes[start...]
        if rest.count <= opener.count {
            return opener.starts(with: rest) ? .undecided : .useDefault
        }
        // `<?xml-stylesheet …?>` is a processing instruction, not a declaration.
        guard rest.starts(with: opener), isSpace(rest[start + opener.count]) else { return .useDefault }
        guard let end = firstRange(of: Array("?>".utf8), in: rest) else { return .undecided }
        let declaration = rest[rest.startIndex..<end]
        return firstRange(of: Array("encoding".utf8), in: declaration) == nil ? .useDefault : .documentDeclares
    }

    /// The start index of the first occurrence of `needle` in `haystack`.
    private static func firstRange(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `name` is UTF-8, which libxml2 reads natively: installing a converter for it only costs time.
    package var defaultIsUTF8: Bool {
        let name = defaultEncoding.lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
