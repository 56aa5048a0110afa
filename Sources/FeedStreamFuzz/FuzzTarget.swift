import ArticleExtraction
import AtomStream
import XMLStream
import Foundation
import JSONStream

/// One fuzz run: decodes the input whole and in a chunking derived from its own bytes, and traps when the
/// contract breaks — a crash, or chunked and whole runs that disagree. libFuzzer reports traps as findings.
enum FuzzTarget: String {
    case atom, atomRecover = "atom-recover", twitterSearch = "twitter-search", twitterStream = "twitter-stream"
    case jiveInbox = "jive-inbox", jsonItems = "json-items", xmlItems = "xml-items", feed
    case feedRecover = "feed-recover", feedJSON = "feed-json"
    case sanitizer, sanitizerPaths = "sanitizer-paths", discover, opml, pageMetadata = "page-metadata"
    case article

    /// The target named by `FEEDSTREAM_FUZZ_TARGET` (libFuzzer passes no arguments to the harness).
    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FEEDSTREAM_FUZZ_TARGET"] ?? "atom"
        guard let target = FuzzTarget(rawValue: name) else { fatalError("unknown FEEDSTREAM_FUZZ_TARGET \(name)") }
        return target
    }()

    func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .atom: check(bytes) { AtomParser() }
        // libxml2's repairs depend on where chunks end (it recovers from a bad byte in a name differently when the
        // name is split), so recover mode promises no crash and positioned faults, not chunk-independent output.
        case .atomRecover: check(bytes, chunkInvariant: false) { AtomParser(options: .init(recover: true)) }
        case .twitterSearch: check(bytes) { TwitterSearchParser() }
        case .twitterStream: check(bytes) { TwitterStreamParser() }
        case .jiveInbox: check(bytes) { JiveInboxParser() }
        case .jsonItems: check(bytes) { JSONItemParser<JSONValue>(path: .root) }
        // The input's length picks the path, so seeds of every shape reach the record decoder.
        case .xmlItems:
            let paths = ["results/person", "householdMemberTypes/householdMemberType", "feed/entry", "person"]
                .compactMap { try? XMLRecordPath($0) }
            check(bytes) { XMLItemParser<XMLRecordValue>(path: paths[bytes.count % paths.count]) }
        case .feed: check(bytes) { FeedParser() }
        // FeedParser on JSON Feed documents (the seeds differ from `feed`'s; the sniffing is the same code).
        case .feedJSON: check(bytes) { FeedParser() }
        // As atom-recover, with FeedParser's own repairs (MarkupRepair) in front of libxml2's.
        case .feedRecover: check(bytes, chunkInvariant: false) { FeedParser(options: .init(recover: true)) }
        case .sanitizer: Self.checkSanitizer(bytes)
        case .sanitizerPaths: Self.checkSanitizerPaths(bytes)
        // libxml2's HTML push parser reads some pages differently by where chunks end. FeedLinkParser keeps tags,
        // comments and declarations whole (HTMLTagBoundary; the cases this target found are FeedLinkParserTests'),
        // but malformed pages still differ: a non-UTF-8 byte inside `<!…>` (libxml2 falls back to Latin-1 where it
        // meets it, and how far it has parsed then depends on the chunks), often with NUL bytes. So by default this
        // target promises no crash, hang or unbounded memory; FEEDSTREAM_FUZZ_CHUNK_INVARIANT=1 checks chunk
        // independence too.
        case .discover:
            let page = "https://example.org/a/"
            check(bytes, chunkInvariant: Self.checksDiscoveryChunking) { FeedLinkParser(baseURL: page) }
        // Strict OPML is libxml2's strict XML, which reads every chunking alike.
        case .opml: check(bytes) { OPMLParser(options: .init(baseURL: "https://example.org/list.opml")) }
        // Head and body, with the metadata: as `discover`, chunk independence only with
        // FEEDSTREAM_FUZZ_CHUNK_INVARIANT=1; always no crash, bounded lists and absolute or untouched URLs.
        case .pageMetadata: Self.checkPageMetadata(bytes)
        // A page's article: the same in every chunking, never a crash (ArticleHostilePagesTests' pages by chance).
        case .article: check(bytes) { ArticleExtractor(options: .init(baseURL: URL(string: "https://example.org/a"))) }
        }
    }

    private static let sanitizerBase = URL(string: "https://example.org/")
    /// One session for every input of a run: each value after the first reuses its libxml2 context.
    nonisolated(unsafe) private static let reusedSession = HTMLSanitizingSession(
        baseURL: sanitizerBase, usesFastPath: false)

    /// The sanitizer's two paths write the same bytes (the Swift fast path, for the values it takes, and libxml2),
    /// and a session that reuses its libxml2 context writes what a fresh one writes.
    private static func checkSanitizerPaths(_ bytes: UnsafeRawBufferPointer) {
        let html = String(decoding: bytes, as: UTF8.self)
        let fresh = HTMLSanitizingSession(baseURL: sanitizerBase, usesFastPath: false).sanitize(html)
        let fast = HTMLSanitizingSession(baseURL: sanitizerBase).sanitize(html)
        precondition(fast == fresh, "the fast path wrote \(fast.debugDescription), libxml2 \(fresh.debugDescription)")
        let reused = reusedSession.sanitize(html)
        precondition(
            reused == fresh, "a reused context wrote \(reused.debugDescription), a fresh one \(fresh.debugDescription)")
    }

    /// The page metadata of a page read whole and in chunks: bounded, and the same when chunk independence is
    /// checked.
    private static func checkPageMetadata(_ bytes: UnsafeRawBufferPointer) {
        var pages: [FeedLinkParser.PageMetadata] = []
        var feeds: [[DiscoveredFeed]] = []
        for chunk in [bytes.count, 1 + bytes.count % 61] {
            let parser = FeedLinkParser(baseURL: "https://example.org/a/", readsBody: true)
            var found: [DiscoveredFeed] = []
            var start = 0
            do {
                while start < bytes.count {
                    let end = min(start + max(chunk, 1), bytes.count)
                    found += try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
                found += try parser.finish()
            } catch {
                preconditionFailure("FeedLinkParser threw on a page: \(error)")
            }
            let page = parser.page
            precondition(found.count <= 1100 && page.icons.count <= 64 && page.hubs.count <= 16, "unbounded lists")
            precondition((page.title?.utf8.count ?? 0) <= 4096 * 3, "unbounded title")
            pages.append(page)
            feeds.append(found)
        }
        if checksDiscoveryChunking {
            precondition(pages[0] == pages[1], "page metadata differs between chunkings")
            precondition(feeds[0] == feeds[1], "feeds differ between chunkings")
        }
    }

    private static let checksDiscoveryChunking =
        ProcessInfo.processInfo.environment["FEEDSTREAM_FUZZ_CHUNK_INVARIANT"] == "1"

    /// The sanitizer never crashes, and what it writes holds no script, no frame, no comment, no event handler and
    /// no URL attribute with a scheme other than http, https or mailto.
    ///
    /// Text in the output is escaped, so every `<` in it begins a tag the sanitizer wrote: the checks read tags only.
    /// (`javascript:` in text is harmless words, as in a feed that quotes an escaped link.)
    private static func checkSanitizer(_ bytes: UnsafeRawBufferPointer) {
        let output = HTMLSanitizer(baseURL: URL(string: "https://example.org/")).sanitize(
            String(decoding: bytes, as: UTF8.self)
        )
        let lowercased = output.lowercased()
        for forbidden in [
            "<script", "<iframe", "<style", "<object", "<embed", "<!--", "<frame", "<form", "<base", "<foreignobject",
        ] {
            precondition(!lowercased.contains(forbidden), "sanitized output holds \(forbidden)")
        }
        for tag in SanitizedTag.all(in: Array(lowercased.utf8)) {
            for (name, value) in tag.attributes {
                precondition(!name.hasPrefix("on"), "an event handler attribute got through: \(name)")
                // An SVG animation may not retarget a link (`<set attributeName="href" to="javascript:…">`).
                precondition(
                    name != "attributename" || !value.contains("href"), "an animation of \(value) got through")
                guard SanitizedTag.urlAttributes.contains(name) else { continue }
                precondition(SanitizedTag.hasAllowedScheme(value), "a URL attribute kept \(name)=\"\(value)\"")
            }
        }
    }

    private func check<Parser: StreamingParser>(
        _ bytes: UnsafeRawBufferPointer, chunkInvariant: Bool = true, _ make: () -> Parser
    ) where Parser.Item: Equatable {
        let whole = Self.decode(make(), bytes, splits: [])
        var seed = UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15
        for byte in bytes.prefix(16) { seed = (seed ^ UInt64(byte)) &* 0x1000_0000_01B3 }
        var splits: [Int] = []
        var offset = 0
        while true {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            offset += 1 + Int((seed >> 33) % 64)
            guard offset < bytes.count else { break }
            splits.append(offset)
        }
        let chunked = Self.decode(make(), bytes, splits: splits)
        if chunkInvariant {
            precondition(whole.items == chunked.items, "items differ between whole and chunked runs")
            precondition((whole.error == nil) == (chunked.error == nil), "only one of the runs failed")
        }
        for error in [whole.error, chunked.error].compactMap({ $0 }) {
            precondition(error.line >= 1 && error.column >= 1, "error without a position: \(error)")
            precondition(error.byteOffset >= 0 && error.byteOffset <= bytes.count, "error offset outside input")
        }
    }

    private static func decode<Parser: StreamingParser>(
        _ parser: Parser, _ bytes: UnsafeRawBufferPointer, splits: [Int]
    ) -> (items: [Parser.Item], error: StreamError?) {
        var items: [Parser.Item] = []
        var start = 0
        do {
            for end in splits + [bytes.count] {
                items += try parser.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
            try parser.finish { items.append($0) }
            return (items, nil)
        } catch let error as StreamError {
            return (items, error)
        } catch {
            preconditionFailure("a parser threw something other than StreamError: \(error)")
        }
    }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func feedStreamFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzTarget.selected.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
