import StreamCore

/// A small Atom feed of `count` entries, `urn:<first>` … (`<id>`, `<title>`, and a `<summary>` of `padding` bytes
/// when asked for one), with a `next` link when given one: what the loopback servers of the network tests serve.
public func atomFeed(entries count: Int, first: Int = 1, next: String? = nil, padding: Int = 0) -> String {
    let link = next.map { "<link rel=\"next\" href=\"\($0)\"/>" } ?? ""
    let summary = padding > 0 ? "<summary>\(String(repeating: "x", count: padding))</summary>" : ""
    let entries = (first..<(first + max(count, 0))).map {
        "<entry><id>urn:\($0)</id><title>e\($0)</title>\(summary)</entry>"
    }
    return "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>\(link)\(entries.joined())</feed>"
}

/// The smallest body prefix, in whole server writes of `chunkSize` bytes, after which a fresh parser has returned
/// an item: where a server that proves streaming holds the rest back.
public func firstItemBoundary<Parser: StreamingParser>(
    of body: [UInt8], chunkSize: Int, parser: Parser
) throws -> Int {
    var offset = 0
    while offset < body.count {
        let end = min(offset + chunkSize, body.count)
        if try !parser.parse(body[offset..<end]).isEmpty { return end }
        offset = end
    }
    return body.count
}

/// Every element `sequence` yields, in order, and the error that ended it, if one did.
public func collectUntilError<Elements: AsyncSequence>(
    _ sequence: Elements
) async -> (items: [Elements.Element], error: (any Error)?) {
    var items: [Elements.Element] = []
    do {
        for try await item in sequence { items.append(item) }
        return (items, nil)
    } catch {
        return (items, error)
    }
}

extension LoopbackHTTPServer {
    /// A server for one request that sends a feed of 40 entries and breaks the body off (as `fault`) just before
    /// the 21st entry; `cut` is that offset, `total` the length the response announced.
    public static func faultyAtomFeed(
        _ fault: Route.Fault, chunkSize: Int
    ) throws -> (server: LoopbackHTTPServer, cut: Int, total: Int) {
        let body = Array(atomFeed(entries: 40).utf8)
        let marker = Array("<entry><id>urn:21<".utf8)
        let cut = (0...(body.count - marker.count)).first { body[$0..<($0 + marker.count)].elementsEqual(marker) }!
        var route = Route(
            contentType: "application/atom+xml", body: body, framing: .contentLength, chunkSize: chunkSize,
            pauseMicroseconds: 0)
        route.fault = fault
        route.faultAfter = cut
        let faulty = route
        let server = try LoopbackHTTPServer(maximumRequests: 1, lifetime: 600, holdTimeout: 20) { _ in faulty }
        return (server, cut, body.count)
    }
}
