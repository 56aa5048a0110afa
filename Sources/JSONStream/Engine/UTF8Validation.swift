/// Strict UTF-8 validation of decoded strings.
///
/// yajl checks only the shape of multi-byte sequences, so overlong forms (`C0 AF`), encoded surrogates
/// (`ED A0 80`) and code points past U+10FFFF get through, and it encodes a lone `\uDC00` escape as invalid
/// UTF-8 itself (``InputScreen`` rejects that escape first). Strings and member names are checked once the screen
/// has seen a lead byte that may start such a sequence (``StrictUTF8/firstInvalidIndex(_:)``, shared with the
/// article extractor's repair of HTML pages).
enum UTF8Validation {
    /// Lead bytes after which a sequence yajl accepts may still be invalid: C0 C1 (overlong), E0 (overlong unless
    /// A0–BF follows), ED (a surrogate unless 80–9F follows), F0 (overlong unless 90–BF follows), F4 (past U+10FFFF
    /// unless 80–8F follows), F5–F7 (past U+10FFFF). Bit n stands for byte C0 + n.
    private static let suspectLeads: UInt64 = 0b11 | 1 << 0x20 | 1 << 0x2D | 1 << 0x30 | 0xF << 0x34

    /// Whether `byte` (C0–FF) is one of those lead bytes.
    @inline(__always)
    static func isSuspectLead(_ byte: UInt8) -> Bool {
        suspectLeads >> (byte & 0x3F) & 1 != 0
    }

    /// Whether a suspect lead byte followed by `next` may start a sequence that strict UTF-8 forbids.
    static func pairMayBeInvalid(_ lead: UInt8, _ next: UInt8) -> Bool {
        switch lead {
        case 0xE0: next < 0xA0
        case 0xED: next > 0x9F
        case 0xF0: next < 0x90
        case 0xF4: next > 0x8F
        default: true
        }
    }
}
