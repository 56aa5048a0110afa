@testable import HTMLSanitizing
import StreamTestSupport
import Testing

/// The fast path's two scans for the end of plain text (SSE2 sixteen bytes at a time on x86-64, a word eight
/// bytes at a time elsewhere) against the byte-by-byte rule they both implement.
@Suite struct HTMLSanitizerTextScanTests {
    /// Each byte that ends text or an attribute value, and bytes next to them that do not.
    static let alphabet: [UInt8] = [
        0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x25, 0x26, 0x27, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x61,
        0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xEE, 0xEF, 0xF0, 0xFF,
    ]

    static func isPlain(_ byte: UInt8, inValue: Bool) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&")
            && byte != 0xEF && !(inValue && byte == UInt8(ascii: "\""))
    }

    /// Every start in buffers of every length up to 80 (so each vector, the overlapping last one and the short
    /// tail are met), their bytes mostly plain with a stop at random places: every scan ends where the rule does.
    @Test func everyScanEndsWhereTheRuleSays() {
        var random = SplitMix64(seed: 2026)
        var open = [UInt8](repeating: 0, count: HTMLSanitizingFastPath.maximumDepth)
        var checked = 0
        for length in 0...80 {
            for _ in 0..<40 {
                let bytes: [UInt8] = (0..<length).map { _ in
                    random.next() % 6 == 0
                        ? Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]
                        : UInt8(ascii: "a") + UInt8(random.next() % 26)
                }
                bytes.withUnsafeBufferPointer { buffer in
                    open.withUnsafeMutableBufferPointer { open in
                        let scanner = HTMLSanitizingFastPath.Scanner(bytes: buffer, base: nil, open: open)
                        for start in 0...length {
                            let text = bytes[start...].firstIndex { !Self.isPlain($0, inValue: false) } ?? length
                            let value = bytes[start...].firstIndex { !Self.isPlain($0, inValue: true) } ?? length
                            #expect(scanner.plainTextEnd(from: start) == text, "\(bytes) from \(start)")
                            #expect(scanner.wordPlainTextEnd(from: start) == text, "\(bytes) from \(start)")
                            #expect(scanner.valueTextEnd(from: start) == value, "\(bytes) from \(start)")
                            #expect(scanner.wordValueTextEnd(from: start) == value, "\(bytes) from \(start)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == (0...80).reduce(0) { $0 + 40 * ($1 + 1) })
    }
}
