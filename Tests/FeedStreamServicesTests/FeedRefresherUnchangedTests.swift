import FeedStreamNetworking
import FeedStreamServices
import Foundation
import StreamTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a loopback host serves, changed by the test between runs.
private final class Versions: @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [String: String] = [:]

    subscript(path: String) -> String? {
        get { lock.withLock { bodies[path] } }
        set { lock.withLock { bodies[path] = newValue } }
    }
}

@Suite("FeedRefresher: validators renewed, unchanged bodies skipped, Accept")
struct FeedRefresherUnchangedTests {
    static let transports = TransportKind.allCases

    @Test(
        "Validators sent whenever stored; a 304 renews them and a new ETag on it is kept; Accept asks for feeds",
        arguments: transports)
    func validators(_ kind: TransportKind) async throws {
        let host = try LoopbackFeedHost(address: "127.0.0.17") { request in
            switch request.header("If-None-Match") {
            case "\"v1\"": .init(status: 304, headers: [("ETag", "\"v2\"")])
            case "\"v2\"": .init(status: 304)
            default: .feed(rssFeed(items: 2), headers: [("ETag", "\"v1\"")])
            }
        }
        defer { host.stop() }
        let url = host.url("/feed")
        let start = Date()
        var engine = FeedRefresher(client: FeedClient(transport: kind.make()))
        engine.clock = { start }
        let first = await RefreshRecord.collect(engine.reports([Subscription(url: url)], now: start))
        let stored = try #require(first.subscription(url))
        #expect(stored.etag == "\"v1\"" && stored.validatorsSaved == start)

        // A month on (no lifetime drops them), the 304 brings a new ETag: stored, and the validators renewed.
        let later = start.addingTimeInterval(30 * 86_400)
        engine.clock = { later }
        let second = await RefreshRecord.collect(engine.reports([stored], now: later, all: true))
        #expect(second.outcome(url) == .notModified)
        let renewed = try #require(second.subscription(url))
        #expect(renewed.etag == "\"v2\"")
        #expect(renewed.validatorsSaved == later)
        let third = await RefreshRecord.collect(engine.reports([renewed], now: later, all: true))
        #expect(third.outcome(url) == .notModified)
        #expect(third.subscription(url)?.etag == "\"v2\"", "a 304 without an ETag keeps the stored one")

        // Validators an app stored without a date (or a state file from before) are sent too.
        let undated = Subscription(url: url, etag: "\"v2\"")
        let fourth = await RefreshRecord.collect(engine.reports([undated], now: later))
        #expect(fourth.outcome(url) == .notModified)

        let sent = host.requests.map { $0.header("If-None-Match") }
        #expect(sent == [nil, "\"v1\"", "\"v2\"", "\"v2\""])
        for request in host.requests {
            let accept = try #require(request.header("Accept"))
            #expect(accept.hasPrefix("application/atom+xml, application/rss+xml, application/feed+json"))
            #expect(accept.hasSuffix("*/*;q=0.5"))
        }
    }

    @Test(
        "A byte-identical 200 is notModified with no entry decoded, small or large; a changed one is decoded",
        arguments: transports)
    func unchangedBodies(_ kind: TransportKind) async throws {
        let versions = Versions()
        // Large: past the 256 KiB held back. The tail one changes only in its last item.
        let large = rssFeed(items: 3_000)
        // The same length, so that no Content-Length gives it away: only its digest can.
        let tailChanged = large.replacingOccurrences(of: "Item 3000<", with: "Item 300X<")
        #expect(tailChanged.utf8.count == large.utf8.count && tailChanged != large)
        versions["/small"] = rssFeed(items: 5)
        versions["/gzip"] = rssFeed(items: 50)
        versions["/large"] = large
        versions["/tail"] = large
        versions["/changed"] = rssFeed(items: 5)
        let host = try LoopbackFeedHost(address: "127.0.0.18") { request in
            .feed(versions[request.path] ?? "", compresses: request.path == "/gzip")
        }
        defer { host.stop() }
        let paths = ["/small", "/gzip", "/large", "/tail", "/changed"]
        let urls = paths.map(host.url)
        let engine = FeedRefresher(client: FeedClient(transport: kind.make()))
        let first = await RefreshRecord.collect(engine.reports(urls.map { Subscription(url: $0) }))
        for url in urls { #expect(first.subscription(url)?.bodyDigest != nil, "\(url)") }
        #expect(first.subscription(urls[2])?.bodyDigest?.split(separator: ":").count == 3, "a start digest too")

        versions["/tail"] = tailChanged
        versions["/changed"] = rssFeed(items: 6)
        let stored = urls.compactMap { first.subscription($0) }
        let before = host.requests.count
        let second = await RefreshRecord.collect(engine.reports(stored, all: true))
        for url in urls.prefix(3) {
            #expect(second.outcome(url) == .notModified, "\(url)")
            #expect(second.entries[url] == nil, "no entry decoded: \(url)")
            #expect(second.costs[url]?.statusCode == 200)
            #expect(second.subscription(url)?.bodyDigest == first.subscription(url)?.bodyDigest)
            #expect(second.subscription(url)?.lastRefreshed != nil)
        }
        #expect(second.costs[urls[2]]?.bodyBytes == Int64(large.utf8.count), "read to its end")
        // The tail changed behind an identical start: fetched again, decoded whole.
        #expect(second.outcome(urls[3]) == .updated(entries: 3_000))
        #expect(second.entries[urls[3]]?.last?.title?.value == "Item 300X")
        #expect(host.requests[before...].filter { $0.path == "/tail" }.count == 2)
        #expect(second.subscription(urls[3])?.bodyDigest != first.subscription(urls[3])?.bodyDigest)
        #expect(second.outcome(urls[4]) == .updated(entries: 6))
        #expect(second.entries[urls[4]]?.count == 6)
        #expect(host.requests[before...].filter { $0.path != "/tail" }.count == 4, "one request each")
    }

    @Test("The body check: the same verdict and digest however the body is cut; bounded, exact on length")
    func chunking() throws {
        let small = Data(rssFeed(items: 40).utf8)
        let large = Data(rssFeed(items: 4_000).utf8)
        #expect(small.count < UnchangedBodyCheck.holdLimit && large.count > UnchangedBodyCheck.holdLimit)
        for body in [small, large] {
            var whole = UnchangedBodyCheck(stored: nil)
            #expect(whole.take(body) == [body], "nothing stored: decoded at once")
            #expect(whole.finish().0 == .decoded)
            let digest = whole.digest
            var longer = body
            longer.append(0x20)
            var shorter = body
            shorter.removeLast()
            var edited = body
            edited[edited.count - 20] ^= 0x01
            var random = SystemRandomNumberGenerator()
            for size in [1_000, 1_460, 7_919, 65_536, 300_000] {
                // A long body's start is dropped once it matched: any later difference means a second fetch.
                let differs: UnchangedBodyCheck.Verdict =
                    body.count > UnchangedBodyCheck.holdLimit ? .needsRefetch : .decoded
                for (candidate, expected) in [
                    (body, UnchangedBodyCheck.Verdict.identical), (longer, differs), (shorter, differs),
                    (edited, differs),
                ] {
                    var check = UnchangedBodyCheck(stored: digest)
                    var decoded = Data()
                    var offset = 0
                    while offset < candidate.count, !check.needsRefetch {
                        let step = size == 1_000 ? Int.random(in: 1...2_000, using: &random) : size
                        let end = min(candidate.count, offset + step)
                        for piece in check.take(candidate.subdata(in: offset..<end)) { decoded.append(piece) }
                        offset = end
                    }
                    let (verdict, rest) = check.finish()
                    for piece in rest { decoded.append(piece) }
                    #expect(verdict == expected, "\(body.count) \(candidate.count) \(size)")
                    if verdict == .identical { #expect(check.digest == digest && decoded.isEmpty) }
                    if verdict == .decoded { #expect(decoded == candidate, "every byte decoded, in order") }
                }
            }
        }
        var unreadable = UnchangedBodyCheck(stored: "not a digest")
        #expect(unreadable.take(small) == [small])
        // An announced length other than the stored one: decoded at once, however long.
        var check = UnchangedBodyCheck(stored: digestOf(large), announcedLength: Int64(large.count + 1))
        #expect(check.take(large) == [large])
        var same = UnchangedBodyCheck(stored: digestOf(large), announcedLength: Int64(large.count))
        #expect(same.take(large).isEmpty)
        #expect(same.finish().0 == .identical)
    }

    private func digestOf(_ body: Data) -> String {
        var check = UnchangedBodyCheck(stored: nil)
        _ = check.take(body)
        return check.digest
    }
}
