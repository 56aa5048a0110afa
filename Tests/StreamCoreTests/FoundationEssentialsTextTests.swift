import Foundation
import Testing

@testable import StreamCore

/// What StreamCore writes in place of the Foundation calls the decoders gave up to load FoundationEssentials only
/// (ARCHITECTURE.md, "The command line: two executables"): the same results as Foundation's.
@Suite("Foundation's text functions, without Foundation")
struct FoundationEssentialsTextTests {
    /// Dates from before 1970 to past 2100, leap days and the last second of a year among them.
    static let dates: [Date] = {
        var dates = [-2_208_988_800.0, -86_400, -1, 0, 951_782_400, 951_868_799, 1_709_164_800, 1_735_689_599,
            4_107_542_400, 1_122_812_969.9]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { dates.append(Double(Int64.random(in: -2_000_000_000...4_200_000_000, using: &generator))) }
        return dates.map { Date(timeIntervalSince1970: $0) }
    }()

    @Test("rfc822String writes what DateFormatter writes for OPML dates")
    func rfc822() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        for date in Self.dates {
            #expect(DateParser.rfc822String(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
        }
    }

    @Test("Trimming matches trimmingCharacters(in: .whitespacesAndNewlines) and (in: .whitespaces)")
    func trimming() {
        let pads = ["", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2003}",
            "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}", " \t\u{A0}\n "]
        let cores = ["", "a", "a b", "\u{A0}x\u{A0}y", "é\u{301}", "日本", "\u{1F600}"]
        for left in pads {
            for core in cores {
                for right in pads {
                    let text = left + core + right
                    #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
                    #expect(text.trimmingSpacesAndTabs() == text.trimmingCharacters(in: .whitespaces))
                    #expect(text[...].trimmingSpacesAndTabs() == text.trimmingCharacters(in: .whitespaces))
                }
            }
        }
    }
}
