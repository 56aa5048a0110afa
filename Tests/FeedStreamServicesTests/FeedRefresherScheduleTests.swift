import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

/// An RSS 2.0 channel whose items carry these publication dates, newest first.
func datedFeed(_ dates: [Date]) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Dated</title>"
    text += "<link>http://example.com/</link>"
    for (index, date) in dates.enumerated() {
        text += "<item><guid>d-\(index)</guid><title>Item \(index)</title>"
        text += "<pubDate>\(formatter.string(from: date))</pubDate></item>\n"
    }
    return text + "</channel></rss>\n"
}

@Suite("FeedRefresher: the adaptive schedule and its jitter")
struct FeedRefresherScheduleTests {
    @Test("A weekly blog that just posted waits hours, an hourly feed about an hour, a dead feed the longest")
    func adaptive() async throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let hour: TimeInterval = 3_600
        let feeds: [String: [Date]] = [
            // Ten weekly posts, the last 20 minutes ago: one in the last week.
            "/weekly": (0..<10).map { now.addingTimeInterval(-1_200 - Double($0) * 7 * 86_400) },
            // The last 20 items of an hourly feed: the document covers 19 hours and 5 minutes.
            "/hourly": (0..<20).map { now.addingTimeInterval(-300 - Double($0) * hour) },
            // 200 items, one an hour: the whole week and more is in the document, 168 of them in the week.
            "/hourly-long": (0..<200).map { now.addingTimeInterval(-1_800 - Double($0) * hour) },
            // Four posts a day for a week and more.
            "/busy": (0..<40).map { now.addingTimeInterval(-600 - Double($0) * 6 * hour) },
            // Nothing in a year.
            "/dead": (0..<5).map { now.addingTimeInterval(-365 * 86_400 - Double($0) * 86_400) },
            // One post, just now, and nothing before it: nothing is known of the spacing.
            "/lone": [now.addingTimeInterval(-60)],
        ]
        let host = try LoopbackFeedHost(address: "127.0.0.16") { request in .feed(datedFeed(feeds[request.path]!)) }
        defer { host.stop() }
        var engine = FeedRefresher(client: FeedClient(transport: TransportKind.allCases[0].make()))
        engine.clock = { now }
        let record = await RefreshRecord.collect(
            engine.reports(feeds.keys.sorted().map { Subscription(url: host.url($0)) }, now: now))
        func wait(_ path: String) throws -> TimeInterval {
            #expect(record.outcome(host.url(path)) == .updated(entries: feeds[path]!.count), "\(path)")
            return try #require(record.subscription(host.url(path))?.nextDue).timeIntervalSince(now)
        }
        // The longest interval, a day, jittered below it: at least 19.2 hours.
        let longest = engine.intervals.upperBound
        for path in ["/weekly", "/dead", "/lone"] {
            let waited = try wait(path)
            #expect(waited >= longest * 0.8 && waited <= longest, "\(path): \(waited)")
        }
        let hourly = try wait("/hourly")
        #expect(hourly >= 0.9 * hour && hourly <= 1.1 * 1.0044 * hour, "\(hourly)")
        let long = try wait("/hourly-long")
        #expect(long >= 0.9 * hour && long <= 1.1 * hour, "\(long)")
        let busy = try wait("/busy")
        #expect(busy >= 0.9 * 6 * hour && busy <= 1.1 * 6 * hour, "\(busy)")
        #expect(record.subscription(host.url("/hourly"))?.refreshInterval.map { abs($0 - 3_615.8) < 1 } == true)
    }

    @Test("Jitter is ±10 % of the wait, both ways at either bound, never past them")
    func jitter() {
        let engine = FeedRefresher(intervals: 900...86_400)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func due(_ wait: TimeInterval, _ jitter: Double) -> TimeInterval {
            engine.nextDue(after: wait, schedule: nil, now: now, jitter: jitter).timeIntervalSince(now)
        }
        // Exact but for the last bits of `Date`'s arithmetic.
        func near(_ wait: TimeInterval, _ jitter: Double, _ expected: TimeInterval) -> Bool {
            abs(due(wait, jitter) - expected) < 1e-6
        }
        #expect(near(7_200, -0.1, 6_480))
        #expect(near(7_200, 0.1, 7_920))
        #expect(near(7_200, 0, 7_200))
        // At the longest interval the spread lies below it; at the shortest, above it.
        #expect(near(86_400, -0.1, 86_400 - 17_280))
        #expect(near(86_400, 0.1, 86_400))
        #expect(near(86_400, 0, 86_400 - 8_640))
        #expect(near(900, -0.1, 900))
        #expect(near(900, 0.1, 1_080))
        // Near a bound the spread is moved, not cut: still 20 % wide.
        #expect(near(80_000, 0.1, 86_400))
        #expect(near(80_000, -0.1, 86_400 - 16_000))
        for step in 0...200 {
            let jitter = Double(step - 100) / 1_000
            for wait in [0, 900, 950, 40_000, 86_000, 86_400, 1e9] {
                let value = due(wait, jitter)
                #expect(value >= 900 && value <= 86_400, "\(wait) \(jitter)")
            }
        }
    }
}
