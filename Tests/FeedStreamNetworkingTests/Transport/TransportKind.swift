import FeedStreamNetworking
import Foundation
import StreamTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transports every network test runs through.
enum TransportKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case urlSession = "URLSessionTransport"
    #if canImport(AsyncHTTPClient)
        case asyncHTTPClient = "AsyncHTTPClientTransport"
    #endif

    var description: String { rawValue }

    func make() -> any HTTPTransport {
        switch self {
        case .urlSession: URLSessionTransport(configuration: .patientLoopback)
        #if canImport(AsyncHTTPClient)
            case .asyncHTTPClient: AsyncHTTPClientTransport()
        #endif
        }
    }
}

/// A small Atom feed of `count` entries, `urn:1` …
func atomFeed(entries count: Int, padding: Int = 0) -> String {
    let pad = String(repeating: "x", count: padding)
    let entries = (1...max(count, 1)).prefix(count).map {
        "<entry><id>urn:\($0)</id><title>e\($0)</title><summary>\(pad)</summary></entry>"
    }
    return "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>t</title>\(entries.joined())</feed>"
}
